/*
 * libcatanrules: the CATAN base game for 3-4 players (2020 rules) — its phase
 * machine, legality, move generation and win check. The turn's mechanics
 * are the turn kit's (lib/turn-*.c), the shared rules lib/rules-*.c.
 * SPDX-License-Identifier: MIT
 */
#include <string.h>

#include "turn.h"

/* ------------------------------------------------------------ parameters */

enum { P_BOARD, P_NUMBERS, P_SETUP, P_PHASES, P_VP, P_OFFER_MAX, P_TILES, P_HARBORS };
enum { BOARD_RANDOM, BOARD_BEGINNER, BOARD_GIVEN };
enum { NUMBERS_RANDOM, NUMBERS_SPIRAL };
enum { SETUP_SNAKE, SETUP_BEGINNER };
enum { PHASES_STRICT, PHASES_COMBINED };

static const char *const board_choices[] = { "random", "beginner", "given", NULL };
/* The value of tiles= and harbors= that describes no board. */
static const char *const no_text[] = { "none", NULL };
static const char *const numbers_choices[] = { "random", "spiral", NULL };
static const char *const setup_choices[] = { "snake", "beginner", NULL };
static const char *const phases_choices[] = { "strict", "combined", NULL };

static const catan_param_spec base_params[] = {
	{ "board", CATAN_PARAM_ENUM, 0, 0, BOARD_RANDOM, board_choices,
	  "beginner: the fixed starting board; random: shuffled terrain, harbors, numbers (B1); "
	  "given: the one tiles= and harbors= describe" },
	{ "numbers", CATAN_PARAM_ENUM, 0, 0, NUMBERS_RANDOM, numbers_choices,
	  "random numbers with no adjacent 6/8, or the A-R spiral (random boards only)" },
	{ "setup", CATAN_PARAM_ENUM, 0, 0, SETUP_SNAKE, setup_choices,
	  "snake: players place in snake order; beginner: fixed starting pieces (B2)" },
	{ "phases", CATAN_PARAM_ENUM, 0, 0, PHASES_STRICT, phases_choices,
	  "strict: trading ends with the first build; combined: trade and build in any order (B4)" },
	{ "vp", CATAN_PARAM_INT, 3, 20, 10, NULL, "victory points needed to win" },
	{ "offer_max", CATAN_PARAM_INT, 0, 3, 1, NULL,
	  "largest count per side of domestic offers listed by move generation (B5)" },
	{ "tiles", CATAN_PARAM_TEXT, 0, 96, 0, no_text,
	  "board=given: the 19 tiles in hex order, e.g. O10.W2.L9...; L B W G O yield that resource, D is the desert" },
	{ "harbors", CATAN_PARAM_TEXT, 0, 32, 0, no_text,
	  "board=given: the 9 harbors in slot order, e.g. 3.G.O...; 3 is 3:1, a resource letter 2:1" },
	{ NULL, 0, 0, 0, 0, NULL, NULL },
};

static int
param(const catan_game *g, int which)
{
	return g->params[which];
}

/* Base's phases, as the turn kit enters them. */
static const struct turn_phases base_phases = {
	.roll = CATAN_PHASE_ROLL,
	.main = CATAN_PHASE_MAIN,
	.discard = CATAN_PHASE_DISCARD,
	.robber = CATAN_PHASE_ROBBER,
	.steal = CATAN_PHASE_STEAL,
	.trade_response = CATAN_PHASE_TRADE_RESPONSE,
	.trade_confirm = CATAN_PHASE_TRADE_CONFIRM,
	.road_building = CATAN_PHASE_ROAD_BUILDING,
};

/* base-game.txt 04: clockwise from the first player, then "a second tour
 * in reverse order"; only the second settlement pays (04.5). */
static const struct turn_setup base_setup = {
	.order = TURN_SETUP_SNAKE,
	.rounds = 2,
	.paying_round = 1,
};

/* ------------------------------------------------------------ game setup */

static bool base_sample_chance(catan_state *s, catan_action *out);
static bool base_resolve_sampled(catan_state *s, catan_action *out);
static void base_apply_sampled(catan_state *s, const catan_action *a);
static size_t base_pick_legal(const catan_state *s, int p, uint32_t r, catan_action *out);
static bool base_play_sampled(catan_state *s, int p, uint32_t r);

/* A tiles= or harbors= text that describes a board (not "none"). */
static bool
text_given(const catan_game *g, int which)
{
	return strcmp(catan_game__param_text(g, (size_t)which), no_text[0]) != 0;
}

static int
base_build_game(catan_game *g)
{
	struct island_choice island = {
		.board = param(g, P_BOARD) == BOARD_GIVEN ? ISLAND_GIVEN :
			 param(g, P_BOARD) == BOARD_BEGINNER ? ISLAND_BEGINNER : ISLAND_RANDOM,
		.spiral = param(g, P_NUMBERS) == NUMBERS_SPIRAL,
		.fixed_setup = param(g, P_SETUP) == SETUP_BEGINNER,
		.tiles = text_given(g, P_TILES) ? catan_game__param_text(g, P_TILES) : NULL,
		.harbors = text_given(g, P_HARBORS) ? catan_game__param_text(g, P_HARBORS) : NULL,
		.board_name = board_choices[param(g, P_BOARD)],
	};
	unsigned om;
	int rc;

	rc = catan_island__choose(g, &island);
	if (rc != CATAN_OK)
		return rc;
	/* The set-up places two settlements per owner ("Installing the
	 * first colonies" 2 and 4), and a settlement with its neighbours
	 * takes at most 4 intersections (3, the distance rule): more than
	 * 4(2n - 1) leaves a place for the last one whatever came before.
	 * The island seats 4 (28 < 54); larger games need given boards. */
	if (4u * (2u * catan_game__owners(g) - 1u) >= g->board.nvert) {
		catan__ctx_seterr(g->ctx, "%u players: the set-up needs a board of more "
				  "than %u intersections (this one has %u)",
				  (unsigned)catan_game__owners(g),
				  4u * (2u * catan_game__owners(g) - 1u), (unsigned)g->board.nvert);
		return CATAN_EINVAL;
	}

	g->vp_to_win = (uint8_t)param(g, P_VP);
	g->hand_limit = 7;
	g->offer_max = (uint8_t)param(g, P_OFFER_MAX);
	g->strict_phases = param(g, P_PHASES) == PHASES_STRICT;
	for (int k = 0; k < CATAN_NUM_RESOURCES; k++)
		g->bank_start[k] = 19;
	g->dev_start[CATAN_DEV_KNIGHT] = 14;
	g->dev_start[CATAN_DEV_ROAD_BUILDING] = 2;
	g->dev_start[CATAN_DEV_YEAR_OF_PLENTY] = 2;
	g->dev_start[CATAN_DEV_MONOPOLY] = 2;
	g->dev_start[CATAN_DEV_VICTORY_POINT] = 5;
	g->pieces[CATAN_PIECE_SETTLEMENT] = 5;
	g->pieces[CATAN_PIECE_CITY] = 4;
	g->pieces[CATAN_PIECE_ROAD] = 15;
	/* Worst case is the main phase: every edge, intersection and city,
	 * dev plays (15 Year of Plenty picks, 5 Monopolies), 60 maritime
	 * trades, 20 offer shapes per offer_max^2, and the rest. */
	om = g->offer_max;
	g->max_actions = (uint16_t)(g->board.nedge + 2u * g->board.nvert + 64u + 20u * om * om);
	g->max_outcomes = 11;
	if (g->num_players > g->max_outcomes)
		g->max_outcomes = g->num_players;
	g->variant_size = 0;
	g->sample_chance = base_sample_chance;
	g->resolve_sampled = base_resolve_sampled;
	g->apply_sampled = base_apply_sampled;
	g->pick_legal = base_pick_legal;
	g->play_sampled = base_play_sampled;
	return CATAN_OK;
}

static int
base_init_state(catan_state *s)
{
	const catan_game *g = s->game;
	struct core_state *c = st_core(s);

	memcpy(c->bank, g->bank_start, sizeof(c->bank));
	memcpy(c->dev_deck, g->dev_start, sizeof(c->dev_deck));
	c->robber_hex = (uint16_t)catan_turn__robber_home(g);
	for (int p = 0; p < catan_game__owners(g); p++) {
		struct player_state *ps = st_player(s, p);

		ps->settlements_left = g->pieces[CATAN_PIECE_SETTLEMENT];
		ps->cities_left = g->pieces[CATAN_PIECE_CITY];
		ps->roads_left = g->pieces[CATAN_PIECE_ROAD];
	}
	/* B3: the first player is decided by a roll-off, a chance event. */
	c->phase = CATAN_PHASE_START;
	c->chance = CHANCE_FIRST_PLAYER;
	if (param(g, P_SETUP) == SETUP_BEGINNER)
		return catan_island__place_beginner(s);
	return CATAN_OK;
}

/* ----------------------------------------------------------- legality */

static int
phase_allows(const struct core_state *c, int type)
{
	switch (c->phase) {
	case CATAN_PHASE_SETUP:
		if (type == CATAN_ACT_BUILD_SETTLEMENT || type == CATAN_ACT_BUILD_ROAD)
			return catan_turn__setup_expects(c, type);
		break;
	case CATAN_PHASE_ROLL:
		if (type == CATAN_ACT_ROLL ||
		    (type >= CATAN_ACT_PLAY_KNIGHT && type <= CATAN_ACT_PLAY_MONOPOLY))
			return CATAN_REASON_NONE;
		break;
	case CATAN_PHASE_DISCARD:
		if (type == CATAN_ACT_DISCARD)
			return CATAN_REASON_NONE;
		break;
	case CATAN_PHASE_ROBBER:
		if (type == CATAN_ACT_MOVE_ROBBER)
			return CATAN_REASON_NONE;
		break;
	case CATAN_PHASE_STEAL:
		if (type == CATAN_ACT_STEAL)
			return CATAN_REASON_NONE;
		break;
	case CATAN_PHASE_MAIN:
		if ((type >= CATAN_ACT_BUILD_ROAD && type <= CATAN_ACT_OFFER_TRADE) ||
		    type == CATAN_ACT_END_TURN)
			return CATAN_REASON_NONE;
		break;
	case CATAN_PHASE_TRADE_RESPONSE:
		if (type >= CATAN_ACT_ACCEPT_TRADE && type <= CATAN_ACT_COUNTER_TRADE)
			return CATAN_REASON_NONE;
		break;
	case CATAN_PHASE_TRADE_CONFIRM:
		if (type == CATAN_ACT_CONFIRM_TRADE || type == CATAN_ACT_CANCEL_TRADE)
			return CATAN_REASON_NONE;
		break;
	case CATAN_PHASE_ROAD_BUILDING:
		if (type == CATAN_ACT_BUILD_ROAD)
			return CATAN_REASON_NONE;
		break;
	default:
		break;
	}
	return CATAN_REASON_WRONG_PHASE;
}

static int
check_paid_build(const catan_state *s, int p, int placement_reason,
		 const uint8_t cost[CATAN_MAX_CARD_KINDS])
{
	if (placement_reason != CATAN_REASON_NONE)
		return placement_reason;
	if (!cards_covers(st_cplayer(s, p)->hand, cost))
		return CATAN_REASON_INSUFFICIENT_RESOURCES;
	return CATAN_REASON_NONE;
}

static int
base_check_action(const catan_state *s, const catan_action *a)
{
	const struct core_state *c = st_ccore(s);
	int p = a->player, reason;

	if (a->type < CATAN_ACT_ROLL || a->type > CATAN_ACT_END_TURN)
		return CATAN_REASON_UNKNOWN_ACTION;
	if (!catan_action__fields_clean(a))
		return CATAN_REASON_BAD_ARGUMENT;
	reason = phase_allows(c, a->type);
	if (reason != CATAN_REASON_NONE)
		return reason;

	switch (a->type) {
	case CATAN_ACT_ROLL:
	case CATAN_ACT_END_TURN:
	case CATAN_ACT_CANCEL_TRADE:
		return CATAN_REASON_NONE;
	case CATAN_ACT_DISCARD:
		return catan_turn__check_discard(s, p, a->give);
	case CATAN_ACT_MOVE_ROBBER:
		return catan_turn__check_robber_move(s, a->target, c->robber_hex);
	case CATAN_ACT_STEAL:
		return catan_turn__check_steal(s, p, a->arg, c->robber_hex);
	case CATAN_ACT_BUILD_ROAD:
		if (c->phase == CATAN_PHASE_MAIN)
			return check_paid_build(s, p,
						catan_build__check_road(s, p, a->target, false),
						catan__cost_road);
		return catan_build__check_road(s, p, a->target, c->phase == CATAN_PHASE_SETUP);
	case CATAN_ACT_BUILD_SETTLEMENT:
		if (c->phase == CATAN_PHASE_SETUP)
			return catan_build__check_settlement(s, p, a->target, true);
		return check_paid_build(s, p, catan_build__check_settlement(s, p, a->target, false),
					catan__cost_settlement);
	case CATAN_ACT_BUILD_CITY:
		return check_paid_build(s, p,
					catan_build__check_city(s, p, a->target),
					catan__cost_city);
	case CATAN_ACT_BUY_DEV:
		return catan_turn__check_buy_dev(s, p, catan__cost_dev);
	case CATAN_ACT_PLAY_KNIGHT:
		return catan_turn__dev_playable(s, p, CATAN_DEV_KNIGHT);
	case CATAN_ACT_PLAY_ROAD_BUILDING:
		reason = catan_turn__dev_playable(s, p, CATAN_DEV_ROAD_BUILDING);
		if (reason == CATAN_REASON_NONE && !catan_build__any_road_possible(s, p))
			reason = CATAN_REASON_NO_ROAD_POSSIBLE;   /* B10 */
		return reason;
	case CATAN_ACT_PLAY_YEAR_OF_PLENTY:
		reason = catan_turn__dev_playable(s, p, CATAN_DEV_YEAR_OF_PLENTY);
		return reason ? reason : catan_turn__check_year_of_plenty(s, a->get, TURN_BASE_RESOURCES);
	case CATAN_ACT_PLAY_MONOPOLY:
		reason = catan_turn__dev_playable(s, p, CATAN_DEV_MONOPOLY);
		if (reason == CATAN_REASON_NONE && a->arg >= CATAN_NUM_RESOURCES)
			reason = CATAN_REASON_BAD_ARGUMENT;
		return reason;
	case CATAN_ACT_MARITIME_TRADE:
		return catan_turn__check_maritime(s, a, TURN_BASE_RESOURCES);
	case CATAN_ACT_OFFER_TRADE:
		if (catan_turn__trading_over(s))
			return CATAN_REASON_TRADING_OVER;
		return catan_turn__check_offer(s, p, a->give, a->get, TURN_BASE_RESOURCES);
	case CATAN_ACT_ACCEPT_TRADE:
	case CATAN_ACT_DECLINE_TRADE:
	case CATAN_ACT_COUNTER_TRADE:
		return catan_turn__check_answer(s, a, TURN_BASE_RESOURCES);
	case CATAN_ACT_CONFIRM_TRADE:
		return catan_turn__check_confirm(s, a->arg);
	default:
		return CATAN_REASON_UNKNOWN_ACTION;
	}
}

/* ------------------------------------------------------ move generation */

static void
push(catan_sink *sink, int type, int player, unsigned target, unsigned arg)
{
	sink__push_simple(sink, type, player, target, arg);
}

/* Most of the time there is no action card to play: that test is made
 * inline, the listing only for a player holding one. */
static inline bool
may_play_dev(const catan_state *s, int p)
{
	return catan_turn__may_play_dev(s, p, TURN_ACTION_CARDS);
}

static inline void
push_dev_plays(const catan_state *s, catan_sink *sink, int p)
{
	if (may_play_dev(s, p))
		catan_turn__push_dev_plays(s, sink, p);
}

/* Room for every edge or intersection of the largest supported board. */
#define MAX_PLACES 4096

static void
push_roads(const catan_state *s, catan_sink *sink, int p)
{
	uint16_t ids[MAX_PLACES];
	uint64_t set[2];
	size_t n;

	if (catan_build__legal_road_set(s, p, set)) {
		sink__push_id_set(sink, CATAN_ACT_BUILD_ROAD, p, set, 2);
		return;
	}
	n = catan_build__legal_roads(s, p, ids, ARRAY_LEN(ids));
	sink__push_ids(sink, CATAN_ACT_BUILD_ROAD, p, ids, n < ARRAY_LEN(ids) ? n : ARRAY_LEN(ids));
}

static void
push_settlements(const catan_state *s, catan_sink *sink, int p)
{
	uint16_t ids[MAX_PLACES];
	uint64_t set;
	size_t n;

	if (catan_build__legal_settlement_set(s, p, &set)) {
		sink__push_id_set(sink, CATAN_ACT_BUILD_SETTLEMENT, p, &set, 1);
		return;
	}
	n = catan_build__legal_settlements(s, p, ids, ARRAY_LEN(ids));
	sink__push_ids(sink, CATAN_ACT_BUILD_SETTLEMENT, p, ids,
		       n < ARRAY_LEN(ids) ? n : ARRAY_LEN(ids));
}

/* The sections of a main-phase listing besides the end of the turn, in
 * list order: legal_main() lists them, pick_main() picks from them. @hand:
 * the player's cards_word(), whose counts stay below 128 (cards are
 * conserved, see catan_trade__maritime_pairs()). */
static inline bool
may_build_road(const struct player_state *ps, uint64_t hand)
{
	return ps->roads_left && cards_word_covers(hand, COST_WORD_ROAD);
}

static inline bool
may_build_settlement(const struct player_state *ps, uint64_t hand)
{
	return ps->settlements_left && cards_word_covers(hand, COST_WORD_SETTLEMENT);
}

static inline bool
may_build_city(const struct player_state *ps, uint64_t hand)
{
	return ps->cities_left && cards_word_covers(hand, COST_WORD_CITY);
}

static inline bool
may_buy_dev(const catan_state *s, uint64_t hand)
{
	return cards_word_covers(hand, COST_WORD_DEV) && dev_total(st_ccore(s)->dev_deck) > 0;
}

/* The player's settlements, which a city may replace, as a set of
 * intersections (boards with the piece sets: only the player's buildings
 * are looked at). */
static inline uint64_t
own_settlement_set(const catan_state *s, int p)
{
	const uint8_t *verts = st_cvert(s);
	uint8_t own = PIECE_BYTE(p, CATAN_PIECE_SETTLEMENT);
	uint64_t set = 0;

	for (uint64_t bits = st_csets(s, p)->buildings; bits; bits &= bits - 1)
		if (verts[__builtin_ctzll(bits)] == own)
			set |= bits & -bits;
	return set;
}

static void
push_cities(const catan_state *s, catan_sink *sink, int p)
{
	uint16_t ids[MAX_PLACES];
	uint64_t set;
	size_t n;

	if (s->game->off_sets) {
		set = own_settlement_set(s, p);
		sink__push_id_set(sink, CATAN_ACT_BUILD_CITY, p, &set, 1);
		return;
	}
	n = catan_build__legal_cities(s, p, ids, ARRAY_LEN(ids));
	sink__push_ids(sink, CATAN_ACT_BUILD_CITY, p, ids, n < ARRAY_LEN(ids) ? n : ARRAY_LEN(ids));
}

static void
legal_main(const catan_state *s, int p, catan_sink *sink)
{
	const struct player_state *ps = st_cplayer(s, p);
	uint64_t hand = cards_word(ps->hand);

	if (may_build_road(ps, hand))
		push_roads(s, sink, p);
	if (may_build_settlement(ps, hand))
		push_settlements(s, sink, p);
	if (may_build_city(ps, hand))
		push_cities(s, sink, p);
	if (may_buy_dev(s, hand))
		push(sink, CATAN_ACT_BUY_DEV, p, 0, 0);
	push_dev_plays(s, sink, p);
	if (!catan_turn__trading_over(s)) {
		catan_trade__push_maritime(s, sink, p);
		/* offer_max=0 lists no offers, as other engines play */
		if (s->game->offer_max)
			catan_trade__push_offers(s, sink, CATAN_ACT_OFFER_TRADE, p,
						 s->game->offer_max, NULL, NULL);
	}
	push(sink, CATAN_ACT_END_TURN, p, 0, 0);
}

static void
base_legal_actions(const catan_state *s, int p, catan_sink *sink)
{
	const struct core_state *c = st_ccore(s);

	switch (c->phase) {
	case CATAN_PHASE_SETUP:
		catan_turn__push_setup(s, sink, p);
		break;
	case CATAN_PHASE_ROLL:
		push(sink, CATAN_ACT_ROLL, p, 0, 0);
		push_dev_plays(s, sink, p);
		break;
	case CATAN_PHASE_DISCARD:
		catan_turn__push_discards(s, sink, p);
		break;
	case CATAN_PHASE_ROBBER:
		catan_turn__push_robber_moves(s, sink, p, c->robber_hex);
		break;
	case CATAN_PHASE_STEAL:
		catan_turn__push_steals(s, sink, p, c->robber_hex);
		break;
	case CATAN_PHASE_MAIN:
		legal_main(s, p, sink);
		break;
	case CATAN_PHASE_TRADE_RESPONSE:
		catan_turn__push_answers(s, sink, p, s->game->offer_max);
		break;
	case CATAN_PHASE_TRADE_CONFIRM:
		catan_turn__push_confirms(s, sink, p);
		break;
	case CATAN_PHASE_ROAD_BUILDING:
		push_roads(s, sink, p);
		break;
	default:
		break;
	}
}

static inline __attribute__((always_inline)) uint32_t
acting_players(const catan_state *s)
{
	const struct core_state *c = st_ccore(s);

	switch (c->phase) {
	case CATAN_PHASE_START:
	case CATAN_PHASE_GAME_OVER:
		return 0;
	case CATAN_PHASE_DISCARD:
		return catan_turn__discarders(s);
	case CATAN_PHASE_TRADE_RESPONSE:
		return catan_turn__responders(s);
	default:
		return c->current >= 0 ? 1u << c->current : 0;
	}
}

/* The vtable's entries call the bodies that base_apply_sampled() inlines. */
static uint32_t
base_acting_players(const catan_state *s)
{
	return acting_players(s);
}

static void
base_chance_outcomes(const catan_state *s, catan_sink *sink)
{
	switch (st_ccore(s)->chance) {
	case CHANCE_FIRST_PLAYER:
		catan_turn__roll_off_outcomes(s, sink);
		break;
	case CHANCE_DICE:
		catan_turn__dice_outcomes(sink);
		break;
	case CHANCE_DRAW_DEV:
		catan_turn__dev_draw_outcomes(s, sink);
		break;
	case CHANCE_STEAL:
		catan_turn__steal_outcomes(s, sink);
		break;
	default:
		break;
	}
}

/* SAMPLED chance without the outcome list: the kit's draws, each the
 * outcome that walking base_chance_outcomes() would pick with the same
 * single catan_rng__below(den), so traces do not change. */
static bool
base_sample_chance(catan_state *s, catan_action *out)
{
	switch (st_ccore(s)->chance) {
	case CHANCE_FIRST_PLAYER:
		return catan_turn__draw_roll_off(s, out);
	case CHANCE_DICE: {
		catan_action a = CATAN_ACTION_INIT;

		a.player = CATAN_PLAYER_CHANCE;
		a.type = CATAN_ACT_DICE;
		a.target = (uint16_t)catan_turn__draw_dice(s);
		*out = a;
		return true;
	}
	case CHANCE_DRAW_DEV:
		return catan_turn__draw_dev(s, out);
	case CHANCE_STEAL:
		return catan_turn__draw_steal(s, out);
	default:
		return false;
	}
}

static void
apply_chance(catan_state *s, const catan_action *a)
{
	struct core_state *c = st_core(s);

	switch (a->type) {
	case CATAN_ACT_FIRST_PLAYER:
		if (a->target >= c->num_players)
			return;
		c->first_player = (int8_t)a->target;
		if (param(s->game, P_SETUP) == SETUP_BEGINNER)
			catan_turn__start(s, a->target, CATAN_PHASE_ROLL);
		else
			catan_turn__begin_setup(s, a->target, CATAN_PHASE_SETUP);
		break;
	case CATAN_ACT_DICE:
		if (a->target < 2 || a->target > 12)
			return;
		catan_turn__dice_rolled(s, a->target, s->game->hand_limit, &base_phases);
		break;
	case CATAN_ACT_DRAW_DEV:
		if (!catan_turn__dev_drawn(s, a->arg))
			return;
		break;
	case CATAN_ACT_STEAL_CARD:
		if (!catan_turn__card_stolen(s, a->arg))
			return;
		break;
	default:
		/* A player's action type in chance's name resolves nothing
		 * but ends the chance event; anything else is ignored. */
		if (a->type < CATAN_ACT_FIRST_PLAYER || a->type > CATAN_ACT_END_TURN)
			return;
		break;
	}
	c->chance = CHANCE_NONE;
}

/* A set-up piece placed; its last road starts the first turn. */
static void
apply_setup_build(catan_state *s, const catan_action *a)
{
	if (catan_turn__setup_place(s, a->player, a->type, a->target, &base_setup))
		catan_turn__start(s, st_ccore(s)->first_player, CATAN_PHASE_ROLL);
}

/* The variant's apply of @a, whose type is @type: a constant where the
 * caller knows it (pick_core()), and the switch folds away. Each case
 * checks the indexes its action carries against their tables, so
 * apply_unchecked is memory-safe on any input (state.h) with one dispatch
 * per action; legality is not checked here. */
static inline __attribute__((always_inline)) void
apply_action_as(catan_state *s, const catan_action *a, int type)
{
	struct core_state *c = st_core(s);
	const struct board *b = &s->game->board;
	int p = a->player;

	if (p == CATAN_PLAYER_CHANCE) {
		apply_chance(s, a);
		return;
	}
	if (c->current < 0)
		return;
	switch (type) {
	case CATAN_ACT_ROLL:
		catan_turn__call_dice(s);
		break;
	case CATAN_ACT_DISCARD:
		catan_turn__discard(s, p, a->give, CATAN_PHASE_ROBBER);
		break;
	case CATAN_ACT_MOVE_ROBBER:
		catan_turn__move_robber(s, p, &c->robber_hex, a->target, CATAN_PHASE_STEAL);
		break;
	case CATAN_ACT_STEAL:
		catan_turn__choose_victim(s, a->arg);
		break;
	case CATAN_ACT_BUILD_ROAD:
		if (a->target >= b->nedge)
			return;
		if (c->phase == CATAN_PHASE_SETUP) {
			apply_setup_build(s, a);
		} else if (c->phase == CATAN_PHASE_ROAD_BUILDING) {
			catan_build__place_road(s, p, a->target);
			catan_turn__road_built_free(s, p);
		} else {
			catan_cards__pay(s, p, catan__cost_road);
			catan_build__place_road(s, p, a->target);
			catan_turn__mark_built(s);
		}
		break;
	case CATAN_ACT_BUILD_SETTLEMENT:
		if (a->target >= b->nvert)
			return;
		if (c->phase == CATAN_PHASE_SETUP) {
			apply_setup_build(s, a);
		} else {
			catan_cards__pay(s, p, catan__cost_settlement);
			catan_build__place_settlement(s, p, a->target);
			catan_turn__mark_built(s);
		}
		break;
	case CATAN_ACT_BUILD_CITY:
		if (a->target >= b->nvert)
			return;
		catan_cards__pay(s, p, catan__cost_city);
		catan_build__place_city(s, p, a->target);
		catan_turn__mark_built(s);
		break;
	case CATAN_ACT_BUY_DEV:
		catan_turn__buy_dev(s, p, catan__cost_dev);
		break;
	case CATAN_ACT_PLAY_KNIGHT:
		catan_turn__play_knight(s, p, CATAN_PHASE_ROBBER);
		break;
	case CATAN_ACT_PLAY_ROAD_BUILDING:
		catan_turn__play_road_building(s, p, CATAN_PHASE_ROAD_BUILDING);
		break;
	case CATAN_ACT_PLAY_YEAR_OF_PLENTY:
		catan_turn__play_year_of_plenty(s, p, a->get);
		break;
	case CATAN_ACT_PLAY_MONOPOLY:
		catan_turn__play_monopoly(s, p, a->arg);
		break;
	case CATAN_ACT_MARITIME_TRADE:
		catan_cards__trade_with_bank(s, p, a->give, a->get);
		break;
	case CATAN_ACT_OFFER_TRADE:
		catan_turn__open_offer(s, p, a->give, a->get, CATAN_PHASE_TRADE_RESPONSE);
		break;
	case CATAN_ACT_ACCEPT_TRADE:
	case CATAN_ACT_DECLINE_TRADE:
	case CATAN_ACT_COUNTER_TRADE:
		catan_turn__answer(s, a, &base_phases);
		break;
	case CATAN_ACT_CONFIRM_TRADE:
		catan_turn__confirm(s, a->arg, CATAN_PHASE_MAIN);
		break;
	case CATAN_ACT_CANCEL_TRADE:
		catan_turn__cancel_offer(s, CATAN_PHASE_MAIN);
		break;
	case CATAN_ACT_END_TURN:
		if (s->game->max_turns && c->turn >= s->game->max_turns) {
			/* A truncated game: terminal with no winner. */
			c->phase = CATAN_PHASE_GAME_OVER;
			c->winner = CATAN_NO_PLAYER;
			break;
		}
		catan_turn__start(s, catan_turn__next_seat(c), CATAN_PHASE_ROLL);
		break;
	default:
		break;
	}
}

static void
base_apply(catan_state *s, const catan_action *a)
{
	apply_action_as(s, a, a->type);
}

/* G4/B9: the turn player wins as soon as their points, hidden Victory Point
 * cards included, reach the target during their own turn: checked after
 * every action that can change them (a building, an award, a drawn card;
 * the modules' points follow the same events, sys/module.h), after an edit
 * or load, and at the start of a turn whose player's points changed
 * outside it (catan_state__turn_starts()). */
static inline __attribute__((always_inline)) void
finish_action(catan_state *s)
{
	struct core_state *c = st_core(s);

	if (!s->points_touched)
		return;
	if (c->phase == CATAN_PHASE_GAME_OVER || c->turn == 0 || c->current < 0)
		return;
	if (c->chance != CHANCE_NONE)
		return;
	if (!s->game->module_points) {
		/* No module adjusts points or the target: the base count
		 * (catan_state__victory_points() and catan_game_vp_to_win()
		 * fold no hook then). */
		if (catan_score__base_vp(s, c->current, true) < s->game->vp_to_win)
			return;
	} else if (catan_state__victory_points(s, c->current, true) < s->game->vp_target) {
		return;
	}
	c->phase = CATAN_PHASE_GAME_OVER;
	c->winner = c->current;
	c->flags |= GAME_VP_REVEALED;
}

static void
base_finish_action(catan_state *s)
{
	finish_action(s);
}

/* catan_game.resolve_sampled: base_apply's chance case for a drawn event,
 * with the dice, the commonest event, paid straight from the draw instead
 * of through a second dispatch on the action's type. */
static bool
base_resolve_sampled(catan_state *s, catan_action *out)
{
	struct core_state *c = st_core(s);

	if (c->chance == CHANCE_DICE) {
		unsigned total = catan_turn__draw_dice(s);
		catan_action a = CATAN_ACTION_INIT;

		a.type = CATAN_ACT_DICE;
		a.player = CATAN_PLAYER_CHANCE;
		a.target = (uint16_t)total;
		*out = a;
		catan_turn__dice_rolled(s, total, s->game->hand_limit, &base_phases);
		c->chance = CHANCE_NONE;
		return true;
	}
	if (!base_sample_chance(s, out))
		return false;
	apply_chance(s, out);
	return true;
}

/* base_apply_sampled()'s sequence after the variant's apply: the win
 * check, the move count, the chance events the action causes drawn and
 * paid, who acts next. */
static inline __attribute__((always_inline)) void
close_sampled(catan_state *s)
{
	struct core_state *c = st_core(s);
	catan_action drawn;

	finish_action(s);
	catan_state__close_action(s);
	while (c->chance != CHANCE_NONE && c->phase != CATAN_PHASE_GAME_OVER) {
		s->built = 0;
		if (!base_resolve_sampled(s, &drawn)) {
			/* Nothing the sampler can draw: the generic walk over
			 * the outcomes decides, as it would have. */
			catan_state_resolve_chance(s);
			return;
		}
		finish_action(s);
		catan_state__close_action(s);
	}
	c->acting = (uint16_t)(c->phase == CATAN_PHASE_GAME_OVER || c->chance != CHANCE_NONE ?
			       0 : acting_players(s) & catan_state__seated(s));
}

/* catan_game.apply_sampled for an action of @type (see apply_action_as()). */
static inline __attribute__((always_inline)) void
apply_sampled_as(catan_state *s, const catan_action *a, int type)
{
	s->built = 0;
	apply_action_as(s, a, type);
	close_sampled(s);
}

/* catan_game.apply_sampled: state.c's apply sequence for the base rules in
 * a SAMPLED game (alone, or with modules that leave actions, chance,
 * after-apply and who acts to it: game.c), with the apply, the win check,
 * the dice and who acts next inlined: rolls and turn ends, the commonest
 * steps, pay no indirect call. */
static void
base_apply_sampled(catan_state *s, const catan_action *a)
{
	apply_sampled_as(s, a, a->type);
}

/* ------------------------------------------------------------- picking */

/*
 * The playout's step without the list (catan_game.pick_legal and
 * play_sampled): the sections of base_legal_actions() counted as sets, and
 * the one action at the index r picks among them written. In play mode
 * the action is applied where it is picked, as base_apply_sampled() would:
 * each section applies its own type, with no second dispatch on it.
 */

/* The picked action: written to @out and, in play mode, applied. */
static inline __attribute__((always_inline)) void
picked(catan_state *s, catan_action *out, bool play, int type, int p, unsigned target,
       unsigned arg, int give_kind, unsigned give_n, int get_kind, unsigned get_n)
{
	sink__write(out, type, p, target, arg, give_kind, give_n, get_kind, get_n);
	if (play)
		apply_sampled_as(s, out, type);
}

/* One of the edges of @roads (sink__push_id_set()'s order). */
static inline unsigned
nth_road(const uint64_t roads[2], unsigned nroads0, size_t i)
{
	return i < nroads0 ? nth_low_bit(roads[0], i) : 64 + nth_low_bit(roads[1], i - nroads0);
}

/*
 * The main phase (legal_main()'s sections in order). A player who may
 * play a development card, or a board or state without the bit sets, is
 * left to the listing: 0.
 */
static inline __attribute__((always_inline)) size_t
pick_main_core(catan_state *s, int p, uint32_t r, catan_action *out, bool play)
{
	const struct player_state *ps = st_cplayer(s, p);
	uint64_t hand = cards_word(ps->hand);
	uint64_t roads[2] = { 0, 0 }, settlements = 0, cities = 0, pairs = 0;
	unsigned bank = 0, om = 0, nroads0 = 0;
	size_t nroads = 0, nsettlements = 0, ncities = 0, ndev, nmaritime = 0, noffers = 0, n, i;

	if (!s->game->off_sets || may_play_dev(s, p))
		return 0;
	/* Counted without loops over the sets (their exits would be
	 * mispredicted), only where a section is open. */
	if (may_build_road(ps, hand)) {
		if (!catan_build__legal_road_set(s, p, roads))
			return 0;
		nroads0 = bit_count(roads[0]);
		nroads = nroads0 + bit_count(roads[1]);
	}
	if (may_build_settlement(ps, hand)) {
		if (!catan_build__legal_settlement_set(s, p, &settlements))
			return 0;
		nsettlements = bit_count(settlements);
	}
	if (may_build_city(ps, hand)) {
		cities = own_settlement_set(s, p);
		ncities = bit_count(cities);
	}
	ndev = may_buy_dev(s, hand);
	if (!catan_turn__trading_over(s)) {
		pairs = catan_trade__maritime_pairs(s, p, &bank);
		nmaritime = catan_trade__maritime_count(pairs, bank);
		om = s->game->offer_max;
		noffers = catan_trade__offer_count(ps->hand, om);
	}
	n = nroads + nsettlements + ncities + ndev + nmaritime + noffers + 1;
	i = playout_index(r, n);

	if (i < nroads) {
		picked(s, out, play, CATAN_ACT_BUILD_ROAD, p, nth_road(roads, nroads0, i),
		       0, 0, 0, 0, 0);
		return n;
	}
	i -= nroads;
	if (i < nsettlements) {
		picked(s, out, play, CATAN_ACT_BUILD_SETTLEMENT, p, nth_low_bit(settlements, i),
		       0, 0, 0, 0, 0);
		return n;
	}
	i -= nsettlements;
	if (i < ncities) {
		picked(s, out, play, CATAN_ACT_BUILD_CITY, p, nth_low_bit(cities, i),
		       0, 0, 0, 0, 0);
		return n;
	}
	i -= ncities;
	if (i < ndev) {
		picked(s, out, play, CATAN_ACT_BUY_DEV, p, 0, 0, 0, 0, 0, 0);
		return n;
	}
	i -= ndev;
	if (i < nmaritime) {
		int give, get;
		unsigned rate = catan_trade__maritime_nth(pairs, bank, i, &give, &get);

		picked(s, out, play, CATAN_ACT_MARITIME_TRADE, p, 0, 0, give, rate, get, 1);
		return n;
	}
	i -= nmaritime;
	if (i < noffers) {
		unsigned give_n, get_n;
		int give, get;

		catan_trade__offer_nth(ps->hand, om, i, &give, &give_n, &get, &get_n);
		picked(s, out, play, CATAN_ACT_OFFER_TRADE, p, 0, 0, give, give_n, get, get_n);
		return n;
	}
	picked(s, out, play, CATAN_ACT_END_TURN, p, 0, 0, 0, 0, 0, 0);
	return n;
}

/*
 * The action of base_legal_actions() at the index @r picks, in the phases
 * of most steps; 0 (the listing decides) in set-up, trading and any phase
 * the sets do not cover. Its main-phase part is out of line: the other
 * phases' steps are short.
 */
static inline __attribute__((always_inline)) size_t
pick_core(catan_state *s, int p, uint32_t r, catan_action *out, bool play,
	  size_t (*main_phase)(catan_state *, int, uint32_t, catan_action *))
{
	const struct core_state *c = st_ccore(s);
	size_t n, i;

	switch (c->phase) {
	case CATAN_PHASE_ROLL:
		if (may_play_dev(s, p))
			return 0;
		picked(s, out, play, CATAN_ACT_ROLL, p, 0, 0, 0, 0, 0, 0);
		return 1;
	case CATAN_PHASE_DISCARD: {
		const unsigned kinds = (1u << CATAN_NUM_RESOURCES) - 1u;
		unsigned held = (unsigned)~catan_bytes__zero(
			catan_bytes__load(st_cplayer(s, p)->hand, CATAN_MAX_CARD_KINDS)) & kinds;

		n = kind_set_count(held);
		if (n == 0)
			return 0;
		picked(s, out, play, CATAN_ACT_DISCARD, p, 0, 0,
		       nth_high_bit(held, playout_index(r, n)), 1, 0, 0);
		return n;
	}
	case CATAN_PHASE_ROBBER: {
		unsigned nhex = s->game->board.nhex, robber = c->robber_hex;

		n = nhex - (robber < nhex);
		if (n == 0)
			return 0;
		i = playout_index(r, n);
		picked(s, out, play, CATAN_ACT_MOVE_ROBBER, p,
		       (unsigned)i + (robber < nhex && i >= robber), 0, 0, 0, 0, 0);
		return n;
	}
	case CATAN_PHASE_STEAL: {
		uint32_t victims = catan_state__robber_victims(s, c->robber_hex, p);

		if (c->num_players < 32)
			victims &= (UINT32_C(1) << c->num_players) - 1u;
		n = bit_count(victims);
		if (n == 0)
			return 0;
		picked(s, out, play, CATAN_ACT_STEAL, p, 0, nth_low_bit(victims, playout_index(r, n)),
		       0, 0, 0, 0);
		return n;
	}
	case CATAN_PHASE_MAIN:
		return main_phase(s, p, r, out);
	case CATAN_PHASE_ROAD_BUILDING: {
		uint64_t roads[2];
		unsigned n0;

		if (!catan_build__legal_road_set(s, p, roads))
			return 0;
		n0 = bit_count(roads[0]);
		n = n0 + bit_count(roads[1]);
		if (n == 0)
			return 0;
		picked(s, out, play, CATAN_ACT_BUILD_ROAD, p, nth_road(roads, n0, playout_index(r, n)),
		       0, 0, 0, 0, 0);
		return n;
	}
	default:
		return 0;
	}
}

/* pick_main_core() in its two modes, out of line for pick_core(). */
static __attribute__((noinline)) size_t
pick_main(catan_state *s, int p, uint32_t r, catan_action *out)
{
	return pick_main_core(s, p, r, out, false);
}

static __attribute__((noinline)) size_t
play_main(catan_state *s, int p, uint32_t r, catan_action *out)
{
	return pick_main_core(s, p, r, out, true);
}

/* catan_game.pick_legal. pick_core() without play writes nothing to the
 * state: the listing's const state is cast for the code it shares with
 * play_sampled only. */
static size_t
base_pick_legal(const catan_state *s, int p, uint32_t r, catan_action *out)
{
	return pick_core((catan_state *)s, p, r, out, false, pick_main);
}

/* catan_game.play_sampled: pick_legal's action applied as
 * base_apply_sampled() would, in one call. */
static bool
base_play_sampled(catan_state *s, int p, uint32_t r)
{
	catan_action a;

	return pick_core(s, p, r, &a, true, play_main) != 0;
}

static int
base_victory_points(const catan_state *s, int player, int include_hidden)
{
	return catan_score__base_vp(s, player, include_hidden != 0);
}

const struct catan_variant_ops catan_variant_base = {
	.version = CATAN_VARIANT_OPS_VERSION,
	.name = "base",
	.description = "CATAN base game, 3-4 players (2020 rules)",
	.min_players = 3,
	.max_players = 4,
	.default_players = 4,
	.params = base_params,
	.build_game = base_build_game,
	.init_state = base_init_state,
	.legal_actions = base_legal_actions,
	.check_action = base_check_action,
	.apply = base_apply,
	.chance_outcomes = base_chance_outcomes,
	.acting_players = base_acting_players,
	.victory_points = base_victory_points,
	.phase_name = NULL,
	.finish_action = base_finish_action,
	.format_action = NULL,
	.parse_action = NULL,
};
