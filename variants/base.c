/*
 * libcatanrules: the CATAN base game for 3-4 players (2020 rules) — its phase
 * machine, legality, move generation and win check. The turn's mechanics
 * are the turn kit's (lib/turn-*.c), the shared rules lib/rules-*.c.
 * SPDX-License-Identifier: MIT
 */
#include <string.h>

#include "base.h"

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

/* base-game.txt 04: clockwise from the first player, then "a second tour
 * in reverse order"; only the second settlement pays (04.5). */
static const struct turn_setup base_setup = {
	.order = TURN_SETUP_SNAKE,
	.rounds = 2,
	.paying_round = 1,
};

/* ------------------------------------------------------------ game setup */

/* A tiles= or harbors= text that describes a board (not "none"). */
static bool
text_given(const catan_game *g, int which)
{
	return strcmp(catan_game__param_text(g, (size_t)which), no_text[0]) != 0;
}

/* The base deck, "25 cards: 14 Knight, 5 Victory Point, 2 Road Building,
 * 2 Year of Plenty, 2 Monopoly" (FACTS.md 6), in the slots of enum
 * catan_dev_card with the roles the base game's actions play. */
static int
declare_dev_kinds(catan_game *g)
{
	static const struct {
		unsigned slot, count, role;
	} deck[] = {
		{ CATAN_DEV_KNIGHT, 14, CATAN_DEV_ROLE_KNIGHT },
		{ CATAN_DEV_ROAD_BUILDING, 2, CATAN_DEV_ROLE_ROAD_BUILDING },
		{ CATAN_DEV_YEAR_OF_PLENTY, 2, CATAN_DEV_ROLE_YEAR_OF_PLENTY },
		{ CATAN_DEV_MONOPOLY, 2, CATAN_DEV_ROLE_MONOPOLY },
		{ CATAN_DEV_VICTORY_POINT, 5, CATAN_DEV_ROLE_VICTORY_POINT },
	};
	int rc;

	for (size_t i = 0; i < ARRAY_LEN(deck); i++) {
		rc = catan_game_declare_dev_kind(g, deck[i].slot, catan_dev_card_name((int)deck[i].slot),
						 deck[i].count, deck[i].role);
		if (rc)
			return rc;
	}
	return CATAN_OK;
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
	rc = declare_dev_kinds(g);
	if (rc)
		return rc;
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
	g->sample_chance = catan_base__sample_chance;
	g->resolve_sampled = catan_base__resolve_sampled;
	g->apply_sampled = catan_base__apply_sampled;
	g->pick_legal = catan_base__pick_legal;
	g->play_sampled = catan_base__play_sampled;
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
		return catan_turn__dev_playable(s, p, TURN_DEV_SLOT(s, KNIGHT));
	case CATAN_ACT_PLAY_ROAD_BUILDING:
		reason = catan_turn__dev_playable(s, p, TURN_DEV_SLOT(s, ROAD_BUILDING));
		if (reason == CATAN_REASON_NONE && !catan_build__any_road_possible(s, p))
			reason = CATAN_REASON_NO_ROAD_POSSIBLE;   /* B10 */
		return reason;
	case CATAN_ACT_PLAY_YEAR_OF_PLENTY:
		reason = catan_turn__dev_playable(s, p, TURN_DEV_SLOT(s, YEAR_OF_PLENTY));
		return reason ? reason : catan_turn__check_year_of_plenty(s, a->get, TURN_BASE_RESOURCES);
	case CATAN_ACT_PLAY_MONOPOLY:
		reason = catan_turn__dev_playable(s, p, TURN_DEV_SLOT(s, MONOPOLY));
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

void
catan_base__apply_chance(catan_state *s, const catan_action *a)
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
void
catan_base__setup_build(catan_state *s, const catan_action *a)
{
	if (catan_turn__setup_place(s, a->player, a->type, a->target, &base_setup))
		catan_turn__start(s, st_ccore(s)->first_player, CATAN_PHASE_ROLL);
}

static void
base_apply(catan_state *s, const catan_action *a)
{
	apply_action_as(s, a, a->type);
}

static void
base_finish_action(catan_state *s)
{
	finish_action(s);
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
	/* Hands and development cards are hidden; discards and replies to
	 * an offer are owed by several players at once, in any order. */
	.information = CATAN_INFORMATION_IMPERFECT,
	.simultaneous = CATAN_SIMULTANEOUS_ORDER_FREE,
};
