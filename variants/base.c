/*
 * libcatanrules: the CATAN base game for 3-4 players (2020 rules) — turn flow,
 * move generation and legality. Shared mechanics live in lib/rules-*.c.
 * SPDX-License-Identifier: MIT
 */
#include <string.h>

#include "catan-private.h"

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

/* FACTS.md §1.4: the beginner starting pieces, each intersection named by the
 * three hexes meeting there and each road by the two hexes it lies between.
 * The second settlement of each pair pays the starting resources. */
static const struct beginner_pieces {
	uint8_t settlement[2][3];
	uint8_t road[2][2];
} beginner_setup[4] = {
	{ { { 14, 15, 18 }, { 12, 13, 16 } }, { { 14, 15 }, { 13, 16 } } },
	{ { { 10, 11, 15 }, { 3, 4, 8 } }, { { 10, 11 }, { 3, 8 } } },
	{ { { 2, 5, 6 }, { 13, 14, 17 } }, { { 2, 5 }, { 14, 17 } } },
	{ { { 0, 1, 4 }, { 7, 8, 12 } }, { { 1, 4 }, { 8, 12 } } },
};

static int
param(const catan_game *g, int which)
{
	return g->params[which];
}

/* ------------------------------------------------------------ game setup */

static bool base_sample_chance(catan_state *s, catan_action *out);
static bool base_resolve_sampled(catan_state *s, catan_action *out);
static void base_apply_sampled(catan_state *s, const catan_action *a);
static size_t base_pick_legal(const catan_state *s, int p, uint32_t r, catan_action *out);
static bool base_play_sampled(catan_state *s, int p, uint32_t r);

/*
 * A board the context gives (catan_ctx.board): the options that name the
 * standard island's layout do not apply to it, and the robber starts on
 * its desert ("Place the thief in the desert", base-game.txt set-up 3),
 * so it needs one.
 */
static int
build_given_board(catan_game *g, const struct board_spec *given)
{
	char why[128];
	int rc;

	if (param(g, P_BOARD) != BOARD_RANDOM || param(g, P_NUMBERS) != NUMBERS_RANDOM ||
	    param(g, P_SETUP) != SETUP_SNAKE) {
		catan__ctx_seterr(g->ctx, "board=beginner, board=given, numbers=spiral and "
				  "setup=beginner name the standard island: the context gives "
				  "another board");
		return CATAN_EINVAL;
	}
	rc = catan_board__build_spec(&g->board, g->ctx, given, why, sizeof(why));
	if (rc == CATAN_EINVAL)
		catan__ctx_seterr(g->ctx, "the context's board is not a valid board: %s", why);
	else if (rc == CATAN_OK && g->board.desert == BOARD_NONE) {
		catan__ctx_seterr(g->ctx, "the context's board has no desert for the robber to start on");
		rc = CATAN_EINVAL;
	}
	return rc;
}

/* A tiles= or harbors= text that describes a board (not "none"). */
static bool
text_given(const catan_game *g, int which)
{
	return strcmp(catan_game__param_text(g, (size_t)which), no_text[0]) != 0;
}

/*
 * board=given: the host lays the box's tiles and harbors on the standard
 * frame itself, as a group does at the table (base-game.txt 04 "Building
 * a variable island"), and names them in tiles= and harbors=. Their texts
 * are read whenever given, so that a bad one is named even without
 * board=given.
 */
static int
read_board_texts(catan_game *g, struct board_hex_spec hexes[ISLAND_HEXES],
		 struct board_harbor_spec harbors[ISLAND_HARBORS])
{
	static const char *const names[] = { "tiles", "harbors" };
	static const char *const expected[] = {
		"19 tiles in hex order joined by '.', each L, B, W, G or O "
		"(what it yields) and its number, or D",
		"9 harbors in slot order joined by '.', each 3 (3:1) or L, B, W, G or O (2:1)",
	};
	char why[96];

	for (int i = 0; i < 2; i++) {
		int which = i ? P_HARBORS : P_TILES;
		const char *text = catan_game__param_text(g, (size_t)which);
		bool ok;

		if (!text_given(g, which))
			continue;
		ok = i ? catan_island__parse_harbors(text, harbors, why, sizeof(why)) :
			 catan_island__parse_tiles(text, hexes, why, sizeof(why));
		if (!ok) {
			/* the value is in the game string: the message names
			 * what is wrong with it instead */
			catan__ctx_seterr(g->ctx, "bad value for '%s': %s; expected %s",
					  names[i], why, expected[i]);
			return CATAN_EINVAL;
		}
	}
	if (param(g, P_BOARD) != BOARD_GIVEN) {
		if (text_given(g, P_TILES) || text_given(g, P_HARBORS)) {
			catan__ctx_seterr(g->ctx, "tiles= and harbors= describe the board of "
					  "board=given, not of board=%s", board_choices[param(g, P_BOARD)]);
			return CATAN_EINVAL;
		}
		return CATAN_OK;
	}
	if (!text_given(g, P_TILES) || !text_given(g, P_HARBORS)) {
		catan__ctx_seterr(g->ctx, "board=given needs both tiles= and harbors=");
		return CATAN_EINVAL;
	}
	if (param(g, P_NUMBERS) != NUMBERS_RANDOM) {
		catan__ctx_seterr(g->ctx, "numbers=spiral needs board=random: "
				  "tiles= gives the numbers of board=given");
		return CATAN_EINVAL;
	}
	return CATAN_OK;
}

static int
base_build_game(catan_game *g)
{
	struct board_hex_spec hexes[ISLAND_HEXES];
	struct board_harbor_spec harbors[ISLAND_HARBORS];
	const struct board_spec *given = g->ctx ? g->ctx->board : NULL;
	unsigned om;
	int rc;

	rc = read_board_texts(g, hexes, harbors);
	if (rc != CATAN_OK)
		return rc;
	if (given) {
		rc = build_given_board(g, given);
		if (rc != CATAN_OK)
			return rc;
	} else if (param(g, P_BOARD) == BOARD_GIVEN) {
		/* read_board_texts() filled hexes and harbors */
	} else if (param(g, P_BOARD) == BOARD_BEGINNER) {
		if (param(g, P_NUMBERS) != NUMBERS_RANDOM) {
			catan__ctx_seterr(g->ctx, "numbers=spiral needs board=random: "
					  "the beginner board has fixed numbers");
			return CATAN_EINVAL;
		}
		catan_island__beginner(hexes, harbors);
	} else {
		struct catan_rng rng;

		catan_rng__seed(&rng, g->seed, 0x626f617264u);
		catan_island__random(hexes, harbors, &rng, param(g, P_NUMBERS) == NUMBERS_SPIRAL);
	}
	if (!given) {
		rc = catan_board__build(&g->board, g->ctx, hexes, ISLAND_HEXES, harbors,
					ISLAND_HARBORS);
		if (rc != CATAN_OK)
			return rc;
	}
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
place_beginner_pieces(catan_state *s)
{
	const struct board *b = &s->game->board;
	int np = st_ccore(s)->num_players;

	for (int p = 0; p < np; p++) {
		for (int i = 0; i < 2; i++) {
			const struct beginner_pieces *bp = &beginner_setup[p];
			uint16_t hx[3] = { bp->settlement[i][0], bp->settlement[i][1],
					   bp->settlement[i][2] };
			uint16_t v = catan_board__vertex_of_hexes(b, hx, 3);
			uint16_t e = catan_board__edge_between(b, bp->road[i][0], bp->road[i][1]);

			if (v == BOARD_NONE || e == BOARD_NONE)
				return CATAN_ERROR;
			catan_build__place_settlement(s, p, v);
			catan_build__place_road(s, p, e);
			if (i == 1)
				catan_production__setup_income(s, p, v);
		}
	}
	return CATAN_OK;
}

static int
base_init_state(catan_state *s)
{
	const catan_game *g = s->game;
	struct core_state *c = st_core(s);

	memcpy(c->bank, g->bank_start, sizeof(c->bank));
	memcpy(c->dev_deck, g->dev_start, sizeof(c->dev_deck));
	c->robber_hex = g->board.desert;
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
		return place_beginner_pieces(s);
	return CATAN_OK;
}

/* ------------------------------------------------------------ turn flow */

static int
setup_player(const struct core_state *c, unsigned step)
{
	/* base-game.txt 04: clockwise from the first player, then "a second
	 * tour in reverse order". */
	unsigned n = c->num_players;
	unsigned k = step < n ? step : 2 * n - 1 - step;

	return (int)((c->first_player + k) % n);
}

static void
start_turn(catan_state *s, int player)
{
	struct core_state *c = st_core(s);

	c->current = (int8_t)player;
	c->turn++;
	catan_state__turn_starts(s, player);   /* G4 */
	c->phase = CATAN_PHASE_ROLL;
	c->flags &= GAME_VP_REVEALED;
	c->dice = 0;
	memset(c->dev_bought, 0, sizeof(c->dev_bought));
}

static void
clear_offer(catan_state *s)
{
	struct core_state *c = st_core(s);

	memset(c->offer_give, 0, sizeof(c->offer_give));
	memset(c->offer_get, 0, sizeof(c->offer_get));
	for (int p = 0; p < c->num_players; p++) {
		struct player_state *ps = st_player(s, p);

		ps->response = RESPONSE_PENDING;
		memset(ps->counter_give, 0, sizeof(ps->counter_give));
		memset(ps->counter_get, 0, sizeof(ps->counter_get));
	}
}

static bool
strict_trading_over(const catan_state *s)
{
	return s->game->strict_phases && (st_ccore(s)->flags & TURN_BUILT);
}

static bool
only_base_resources(const uint8_t c[CATAN_MAX_CARD_KINDS])
{
	for (int k = CATAN_NUM_RESOURCES; k < CATAN_MAX_CARD_KINDS; k++)
		if (c[k])
			return false;
	return true;
}

static unsigned
deck_left(const struct core_state *c)
{
	return dev_total(c->dev_deck);
}

/* ----------------------------------------------------------- legality */

static int
phase_allows(const struct core_state *c, int type)
{
	switch (c->phase) {
	case CATAN_PHASE_SETUP:
		if (type == CATAN_ACT_BUILD_SETTLEMENT || type == CATAN_ACT_BUILD_ROAD) {
			bool want_road = c->setup_vertex != BOARD_NONE;

			return (type == CATAN_ACT_BUILD_ROAD) == want_road ?
			       CATAN_REASON_NONE : CATAN_REASON_SETUP_ORDER;
		}
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

/* base-game.txt 05.E: at most one action card per turn, never one bought
 * this turn; Victory Point cards are never played (B8/B9). */
static int
dev_playable(const catan_state *s, int p, int kind)
{
	const struct core_state *c = st_ccore(s);
	const struct player_state *ps = st_cplayer(s, p);

	if (ps->dev[kind] == 0)
		return CATAN_REASON_NO_CARD;
	if (c->flags & TURN_DEV_PLAYED)
		return CATAN_REASON_CARD_ALREADY_PLAYED;
	if (ps->dev[kind] <= c->dev_bought[kind])
		return CATAN_REASON_CARD_BOUGHT_THIS_TURN;
	return CATAN_REASON_NONE;
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
check_year_of_plenty(const catan_state *s, const catan_action *a)
{
	const struct core_state *c = st_ccore(s);
	unsigned want, total = cards_total(a->get);

	if (!only_base_resources(a->get))
		return CATAN_REASON_BAD_ARGUMENT;
	/* B7: two cards the bank has; one if the bank holds only one. */
	want = bank_total(c) < 2 ? bank_total(c) : 2;
	if (want == 0 || !cards_covers(c->bank, a->get))
		return CATAN_REASON_BANK_EMPTY;
	if (total != want)
		return CATAN_REASON_BAD_ARGUMENT;
	return CATAN_REASON_NONE;
}

static int
check_maritime(const catan_state *s, const catan_action *a)
{
	const struct core_state *c = st_ccore(s);
	int give = catan_cards__single_kind(a->give), get = catan_cards__single_kind(a->get);
	int reason = catan_trade__check_terms(a->give, a->get);

	if (strict_trading_over(s))
		return CATAN_REASON_TRADING_OVER;
	if (reason != CATAN_REASON_NONE)
		return reason;
	if (!only_base_resources(a->give) || !only_base_resources(a->get))
		return CATAN_REASON_BAD_ARGUMENT;
	/* B6: one card per trade, at 4:1 or a rate a harbor of the player gives. */
	if (give < 0 || get < 0 || a->get[get] != 1 || a->give[give] >= 8)
		return CATAN_REASON_BAD_TRADE_RATIO;
	{
		uint8_t ratios[CATAN_MAX_CARD_KINDS];

		catan_trade__maritime_ratios(s, a->player, ratios);
		if (!(ratios[give] & (1u << a->give[give])))
			return CATAN_REASON_BAD_TRADE_RATIO;
	}
	if (!cards_covers(st_cplayer(s, a->player)->hand, a->give))
		return CATAN_REASON_INSUFFICIENT_RESOURCES;
	if (c->bank[get] == 0)
		return CATAN_REASON_BANK_EMPTY;
	return CATAN_REASON_NONE;
}

static int
check_offer_terms(const catan_state *s, int p, const uint8_t give[CATAN_MAX_CARD_KINDS],
		  const uint8_t get[CATAN_MAX_CARD_KINDS])
{
	int reason = catan_trade__check_terms(give, get);

	if (reason != CATAN_REASON_NONE)
		return reason;
	if (!only_base_resources(give) || !only_base_resources(get))
		return CATAN_REASON_BAD_ARGUMENT;
	if (!cards_covers(st_cplayer(s, p)->hand, give))
		return CATAN_REASON_INSUFFICIENT_RESOURCES;
	return CATAN_REASON_NONE;
}

static int
check_confirm(const catan_state *s, int partner)
{
	const struct core_state *c = st_ccore(s);
	const struct player_state *cur = st_cplayer(s, c->current);
	const struct player_state *ps;

	if (partner >= c->num_players || partner == c->current)
		return CATAN_REASON_NO_OFFER;
	ps = st_cplayer(s, partner);
	/* Counters are checked when confirmed: hands may not allow them. */
	if (ps->response == RESPONSE_ACCEPT) {
		if (!cards_covers(ps->hand, c->offer_get) || !cards_covers(cur->hand, c->offer_give))
			return CATAN_REASON_INSUFFICIENT_RESOURCES;
		return CATAN_REASON_NONE;
	}
	if (ps->response == RESPONSE_COUNTER) {
		if (!cards_covers(ps->hand, ps->counter_give) || !cards_covers(cur->hand, ps->counter_get))
			return CATAN_REASON_INSUFFICIENT_RESOURCES;
		return CATAN_REASON_NONE;
	}
	return CATAN_REASON_NO_OFFER;
}

static int
base_check_action(const catan_state *s, const catan_action *a)
{
	const catan_game *g = s->game;
	const struct core_state *c = st_ccore(s);
	const struct player_state *ps;
	int p = a->player, reason;

	if (a->type < CATAN_ACT_ROLL || a->type > CATAN_ACT_END_TURN)
		return CATAN_REASON_UNKNOWN_ACTION;
	if (!catan_action__fields_clean(a))
		return CATAN_REASON_BAD_ARGUMENT;
	reason = phase_allows(c, a->type);
	if (reason != CATAN_REASON_NONE)
		return reason;
	ps = st_cplayer(s, p);
	/* Only the others answer an offer (base-game.txt 05.C). */
	if (a->type >= CATAN_ACT_ACCEPT_TRADE && a->type <= CATAN_ACT_COUNTER_TRADE &&
	    p == c->current)
		return CATAN_REASON_NOT_YOUR_TURN;

	switch (a->type) {
	case CATAN_ACT_ROLL:
	case CATAN_ACT_END_TURN:
	case CATAN_ACT_CANCEL_TRADE:
		return CATAN_REASON_NONE;
	case CATAN_ACT_DISCARD: {
		unsigned n = cards_total(a->give);

		if (n == 0 || n > ps->discard_owed || !cards_covers(ps->hand, a->give))
			return CATAN_REASON_WRONG_DISCARD;
		return CATAN_REASON_NONE;
	}
	case CATAN_ACT_MOVE_ROBBER:
		if (a->target >= g->board.nhex)
			return CATAN_REASON_BAD_LOCATION;
		if (a->target == c->robber_hex)
			return CATAN_REASON_ROBBER_SAME_HEX;
		return CATAN_REASON_NONE;
	case CATAN_ACT_STEAL:
		if (a->arg >= c->num_players ||
		    !(catan_state__robber_victims(s, c->robber_hex, p) & (1u << a->arg)))
			return CATAN_REASON_INVALID_VICTIM;
		return CATAN_REASON_NONE;
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
		if (deck_left(c) == 0)
			return CATAN_REASON_DECK_EMPTY;
		return check_paid_build(s, p, CATAN_REASON_NONE, catan__cost_dev);
	case CATAN_ACT_PLAY_KNIGHT:
		return dev_playable(s, p, CATAN_DEV_KNIGHT);
	case CATAN_ACT_PLAY_ROAD_BUILDING:
		reason = dev_playable(s, p, CATAN_DEV_ROAD_BUILDING);
		if (reason == CATAN_REASON_NONE && !catan_build__any_road_possible(s, p))
			reason = CATAN_REASON_NO_ROAD_POSSIBLE;   /* B10 */
		return reason;
	case CATAN_ACT_PLAY_YEAR_OF_PLENTY:
		reason = dev_playable(s, p, CATAN_DEV_YEAR_OF_PLENTY);
		return reason ? reason : check_year_of_plenty(s, a);
	case CATAN_ACT_PLAY_MONOPOLY:
		reason = dev_playable(s, p, CATAN_DEV_MONOPOLY);
		if (reason == CATAN_REASON_NONE && a->arg >= CATAN_NUM_RESOURCES)
			reason = CATAN_REASON_BAD_ARGUMENT;
		return reason;
	case CATAN_ACT_MARITIME_TRADE:
		return check_maritime(s, a);
	case CATAN_ACT_OFFER_TRADE:
		if (strict_trading_over(s))
			return CATAN_REASON_TRADING_OVER;
		return check_offer_terms(s, p, a->give, a->get);
	case CATAN_ACT_ACCEPT_TRADE:
		if (ps->response != RESPONSE_PENDING)
			return CATAN_REASON_ALREADY_RESPONDED;
		if (!cards_covers(ps->hand, c->offer_get))
			return CATAN_REASON_INSUFFICIENT_RESOURCES;
		return CATAN_REASON_NONE;
	case CATAN_ACT_DECLINE_TRADE:
		return ps->response == RESPONSE_PENDING ? CATAN_REASON_NONE :
		       CATAN_REASON_ALREADY_RESPONDED;
	case CATAN_ACT_COUNTER_TRADE:
		if (ps->response != RESPONSE_PENDING)
			return CATAN_REASON_ALREADY_RESPONDED;
		return check_offer_terms(s, p, a->give, a->get);
	case CATAN_ACT_CONFIRM_TRADE:
		return check_confirm(s, a->arg);
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

static void
push_year_of_plenty(const catan_state *s, catan_sink *sink, int p)
{
	const struct core_state *c = st_ccore(s);

	if (bank_total(c) < 2) {
		for (int a = CATAN_NUM_RESOURCES - 1; a >= 0; a--)
			if (c->bank[a])
				sink__push_cards(sink, CATAN_ACT_PLAY_YEAR_OF_PLENTY, p, 0, 0,
						 0, 0, a, 1);
		return;
	}
	/* Pairs (a <= b) walked so that the get[] vectors ascend: the pair
	 * with the higher first kind sorts first. */
	for (int a = CATAN_NUM_RESOURCES - 1; a >= 0; a--) {
		for (int b = CATAN_NUM_RESOURCES - 1; b >= a; b--) {
			catan_action t = CATAN_ACTION_INIT;

			t.type = CATAN_ACT_PLAY_YEAR_OF_PLENTY;
			t.player = (int8_t)p;
			t.get[a]++;
			t.get[b]++;
			if (cards_covers(c->bank, t.get))
				sink__push(sink, &t);
		}
	}
}

static __attribute__((noinline)) void
push_held_dev_plays(const catan_state *s, catan_sink *sink, int p)
{
	if (dev_playable(s, p, CATAN_DEV_KNIGHT) == CATAN_REASON_NONE)
		push(sink, CATAN_ACT_PLAY_KNIGHT, p, 0, 0);
	if (dev_playable(s, p, CATAN_DEV_ROAD_BUILDING) == CATAN_REASON_NONE &&
	    catan_build__any_road_possible(s, p))
		push(sink, CATAN_ACT_PLAY_ROAD_BUILDING, p, 0, 0);
	if (dev_playable(s, p, CATAN_DEV_YEAR_OF_PLENTY) == CATAN_REASON_NONE &&
	    bank_total(st_ccore(s)) > 0)
		push_year_of_plenty(s, sink, p);
	if (dev_playable(s, p, CATAN_DEV_MONOPOLY) == CATAN_REASON_NONE)
		for (int k = 0; k < CATAN_NUM_RESOURCES; k++)
			push(sink, CATAN_ACT_PLAY_MONOPOLY, p, 0, (unsigned)k);
}

/* Most of the time there is no action card to play: that test is made
 * inline, the listing only for a player holding one. */
static inline bool
may_play_dev(const catan_state *s, int p)
{
	const struct player_state *ps = st_cplayer(s, p);

	return !(st_ccore(s)->flags & TURN_DEV_PLAYED) &&
	       (ps->dev[CATAN_DEV_KNIGHT] | ps->dev[CATAN_DEV_ROAD_BUILDING] |
		ps->dev[CATAN_DEV_YEAR_OF_PLENTY] | ps->dev[CATAN_DEV_MONOPOLY]);
}

static inline void
push_dev_plays(const catan_state *s, catan_sink *sink, int p)
{
	if (may_play_dev(s, p))
		push_held_dev_plays(s, sink, p);
}

/* Room for every edge or intersection of the largest supported board. */
#define MAX_PLACES 4096

static void
push_roads(const catan_state *s, catan_sink *sink, int p, bool setup)
{
	uint16_t ids[MAX_PLACES];
	uint64_t set[2];
	size_t n;

	if (setup) {
		n = catan_build__legal_setup_roads(s, p, ids, ARRAY_LEN(ids));
	} else if (catan_build__legal_road_set(s, p, set)) {
		sink__push_id_set(sink, CATAN_ACT_BUILD_ROAD, p, set, 2);
		return;
	} else {
		n = catan_build__legal_roads(s, p, ids, ARRAY_LEN(ids));
	}
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
	return cards_word_covers(hand, COST_WORD_DEV) && deck_left(st_ccore(s)) > 0;
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
		push_roads(s, sink, p, false);
	if (may_build_settlement(ps, hand))
		push_settlements(s, sink, p);
	if (may_build_city(ps, hand))
		push_cities(s, sink, p);
	if (may_buy_dev(s, hand))
		push(sink, CATAN_ACT_BUY_DEV, p, 0, 0);
	push_dev_plays(s, sink, p);
	if (!strict_trading_over(s)) {
		catan_trade__push_maritime(s, sink, p);
		/* offer_max=0 lists no offers, as other engines play */
		if (s->game->offer_max)
			catan_trade__push_offers(s, sink, CATAN_ACT_OFFER_TRADE, p,
						 s->game->offer_max, NULL, NULL);
	}
	push(sink, CATAN_ACT_END_TURN, p, 0, 0);
}

/* Every hex but the robber's, in hex order. With room for them all (a
 * buffer of catan_game_max_legal_actions(), the usual case) they are
 * written with no bound test. */
static void
push_robber_moves(const catan_state *s, catan_sink *sink, int p)
{
	struct sink_run r = sink__begin(sink);
	unsigned nhex = s->game->board.nhex, robber = st_ccore(s)->robber_hex;

	if (sink__room(&r, nhex)) {
		for (unsigned h = 0; h < nhex; h++)
			sink__write_if(&r, h != robber, CATAN_ACT_MOVE_ROBBER, p, h, 0, 0, 0, 0, 0);
	} else {
		for (unsigned h = 0; h < nhex; h++)
			sink__put_if(&r, h != robber, CATAN_ACT_MOVE_ROBBER, p, h, 0, 0, 0, 0, 0);
	}
	sink__end(sink, &r);
}

static void
base_legal_actions(const catan_state *s, int p, catan_sink *sink)
{
	const struct core_state *c = st_ccore(s);
	const struct player_state *ps = st_cplayer(s, p);

	switch (c->phase) {
	case CATAN_PHASE_SETUP:
		if (c->setup_vertex == BOARD_NONE) {
			uint16_t ids[MAX_PLACES];
			size_t n = catan_build__legal_setup_settlements(s, p, ids, ARRAY_LEN(ids));

			sink__push_ids(sink, CATAN_ACT_BUILD_SETTLEMENT, p, ids,
				       n < ARRAY_LEN(ids) ? n : ARRAY_LEN(ids));
		} else {
			push_roads(s, sink, p, true);
		}
		break;
	case CATAN_PHASE_ROLL:
		push(sink, CATAN_ACT_ROLL, p, 0, 0);
		push_dev_plays(s, sink, p);
		break;
	case CATAN_PHASE_DISCARD: {
		struct sink_run r = sink__begin(sink);

		/* Listed one card at a time; apply also takes several at once. */
		for (int k = CATAN_NUM_RESOURCES - 1; k >= 0; k--)
			sink__put_if(&r, ps->hand[k] != 0, CATAN_ACT_DISCARD, p, 0, 0, k, 1, 0, 0);
		sink__end(sink, &r);
		break;
	}
	case CATAN_PHASE_ROBBER:
		push_robber_moves(s, sink, p);
		break;
	case CATAN_PHASE_STEAL: {
		uint32_t victims = catan_state__robber_victims(s, c->robber_hex, p);
		struct sink_run r = sink__begin(sink);

		for (int q = 0; q < c->num_players; q++)
			sink__put_if(&r, (victims >> q) & 1u, CATAN_ACT_STEAL, p, 0, (unsigned)q,
				     0, 0, 0, 0);
		sink__end(sink, &r);
		break;
	}
	case CATAN_PHASE_MAIN:
		legal_main(s, p, sink);
		break;
	case CATAN_PHASE_TRADE_RESPONSE:
		if (cards_covers(ps->hand, c->offer_get))
			push(sink, CATAN_ACT_ACCEPT_TRADE, p, 0, 0);
		push(sink, CATAN_ACT_DECLINE_TRADE, p, 0, 0);
		/* The mirror of the offer is an acceptance, not a counter. */
		catan_trade__push_offers(s, sink, CATAN_ACT_COUNTER_TRADE, p, s->game->offer_max,
					 c->offer_get, c->offer_give);
		break;
	case CATAN_PHASE_TRADE_CONFIRM:
		for (int q = 0; q < c->num_players; q++)
			if (q != c->current && check_confirm(s, q) == CATAN_REASON_NONE)
				push(sink, CATAN_ACT_CONFIRM_TRADE, p, 0, (unsigned)q);
		push(sink, CATAN_ACT_CANCEL_TRADE, p, 0, 0);
		break;
	case CATAN_PHASE_ROAD_BUILDING:
		push_roads(s, sink, p, false);
		break;
	default:
		break;
	}
}

static inline __attribute__((always_inline)) uint32_t
acting_players(const catan_state *s)
{
	const struct core_state *c = st_ccore(s);
	uint32_t mask = 0;

	switch (c->phase) {
	case CATAN_PHASE_START:
	case CATAN_PHASE_GAME_OVER:
		return 0;
	case CATAN_PHASE_DISCARD:
		for (int p = 0; p < c->num_players; p++)
			if (st_cplayer(s, p)->discard_owed)
				mask |= 1u << p;
		return mask;
	case CATAN_PHASE_TRADE_RESPONSE:
		for (int p = 0; p < c->num_players; p++)
			if (p != c->current && st_cplayer(s, p)->response == RESPONSE_PENDING)
				mask |= 1u << p;
		return mask;
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

/* ---------------------------------------------------------------- chance */

static void
base_chance_outcomes(const catan_state *s, catan_sink *sink)
{
	const struct core_state *c = st_ccore(s);
	catan_action a = CATAN_ACTION_INIT;
	uint32_t den = 0;

	a.player = CATAN_PLAYER_CHANCE;
	switch (c->chance) {
	case CHANCE_FIRST_PLAYER:
		/* B3: the roll-off is uniform over the players. */
		a.type = CATAN_ACT_FIRST_PLAYER;
		for (int p = 0; p < c->num_players; p++) {
			a.target = (uint16_t)p;
			sink__outcome(sink, &a, 1, c->num_players);
		}
		break;
	case CHANCE_DICE:
		a.type = CATAN_ACT_DICE;
		for (int t = 2; t <= 12; t++) {
			a.target = (uint16_t)t;
			sink__outcome(sink, &a, (uint32_t)(6 - (t > 7 ? t - 7 : 7 - t)), 36);
		}
		break;
	case CHANCE_DRAW_DEV:
		a.type = CATAN_ACT_DRAW_DEV;
		den = deck_left(c);
		for (int k = 0; k < CATAN_MAX_DEV_KINDS; k++) {
			if (!c->dev_deck[k])
				continue;
			a.arg = (uint16_t)k;
			sink__outcome(sink, &a, c->dev_deck[k], den);
		}
		break;
	case CHANCE_STEAL: {
		const struct player_state *v = st_cplayer(s, c->victim);

		a.type = CATAN_ACT_STEAL_CARD;
		catan_cards__push_draws(sink, &a, v->hand);
		break;
	}
	default:
		break;
	}
}

/*
 * SAMPLED chance without the outcome list: one catan_rng__below(den) draw,
 * mapped to the outcome that walking base_chance_outcomes()' cumulative
 * numerators would pick (same den, same order), so traces do not change.
 */
static const uint8_t dice_of_draw[36] = {
	2, 3, 3, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 6, 7, 7, 7,
	7, 7, 7, 8, 8, 8, 8, 8, 9, 9, 9, 9, 10, 10, 10, 11, 11, 12,
};

/* The kind whose cumulative count first exceeds r (the last non-empty
 * kind if none does, as the generic walk). */
static int
kind_of_draw(const uint8_t *counts, int nkinds, uint32_t r)
{
	uint32_t acc = 0;
	int last = -1;

	for (int k = 0; k < nkinds; k++) {
		if (!counts[k])
			continue;
		acc += counts[k];
		last = k;
		if (r < acc)
			break;
	}
	return last;
}

static bool
base_sample_chance(catan_state *s, catan_action *out)
{
	struct core_state *c = st_core(s);
	catan_action a = CATAN_ACTION_INIT;
	uint32_t den;

	a.player = CATAN_PLAYER_CHANCE;
	switch (c->chance) {
	case CHANCE_FIRST_PLAYER:
		if (c->num_players == 0)
			return false;
		a.type = CATAN_ACT_FIRST_PLAYER;
		a.target = (uint16_t)catan_rng__below(&c->rng, c->num_players);
		break;
	case CHANCE_DICE:
		a.type = CATAN_ACT_DICE;
		a.target = dice_of_draw[catan_rng__below_inline(&c->rng, 36)];
		break;
	case CHANCE_DRAW_DEV:
		den = deck_left(c);
		if (den == 0)
			return false;
		a.type = CATAN_ACT_DRAW_DEV;
		a.arg = (uint16_t)kind_of_draw(c->dev_deck, CATAN_MAX_DEV_KINDS,
					       catan_rng__below(&c->rng, den));
		break;
	case CHANCE_STEAL: {
		const struct player_state *v;

		if (c->victim < 0 || c->victim >= c->num_players)
			return false;
		v = st_cplayer(s, c->victim);
		den = cards_total(v->hand);
		if (den == 0)
			return false;
		a.type = CATAN_ACT_STEAL_CARD;
		a.arg = (uint16_t)kind_of_draw(v->hand, CATAN_MAX_CARD_KINDS,
					       catan_rng__below(&c->rng, den));
		break;
	}
	default:
		return false;
	}
	*out = a;
	return true;
}

/* ----------------------------------------------------------------- apply */

static void
apply_dice(catan_state *s, unsigned total)
{
	struct core_state *c = st_core(s);
	bool anyone_owes = false;

	c->dice = (uint8_t)total;
	c->flags |= TURN_ROLLED;
	if (total != 7) {
		catan_production__roll(s, total);
		c->phase = CATAN_PHASE_MAIN;
		return;
	}
	/* base-game.txt 05.B: more than 7 cards -> return half, rounded down. */
	for (int p = 0; p < c->num_players; p++) {
		struct player_state *ps = st_player(s, p);

		ps->discard_owed = ps->hand_total > s->game->hand_limit ?
				   (uint8_t)(ps->hand_total / 2) : 0;
		anyone_owes |= ps->discard_owed > 0;
	}
	c->return_phase = CATAN_PHASE_MAIN;
	c->phase = anyone_owes ? CATAN_PHASE_DISCARD : CATAN_PHASE_ROBBER;
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
		if (param(s->game, P_SETUP) == SETUP_BEGINNER) {
			start_turn(s, a->target);
		} else {
			c->phase = CATAN_PHASE_SETUP;
			c->setup_step = 0;
			c->setup_vertex = BOARD_NONE;
			c->current = (int8_t)a->target;
		}
		break;
	case CATAN_ACT_DICE:
		if (a->target < 2 || a->target > 12)
			return;
		apply_dice(s, a->target);
		break;
	case CATAN_ACT_DRAW_DEV: {
		struct player_state *ps;

		if (a->arg >= CATAN_MAX_DEV_KINDS || c->current < 0)
			return;
		ps = st_player(s, c->current);

		c->dev_deck[a->arg]--;
		ps->dev[a->arg]++;
		s->points_touched = 1;   /* a Victory Point card counts at once */
		c->dev_bought[a->arg]++;
		break;
	}
	case CATAN_ACT_STEAL_CARD:
		if (a->arg >= CATAN_MAX_CARD_KINDS || c->victim < 0 ||
		    c->victim >= c->num_players || c->current < 0)
			return;
		catan_cards__transfer(s, c->victim, c->current, a->arg, 1);
		c->victim = CATAN_NO_PLAYER;
		c->phase = c->return_phase;
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

static void
apply_setup_build(catan_state *s, const catan_action *a)
{
	struct core_state *c = st_core(s);
	int p = a->player;

	if (a->type == CATAN_ACT_BUILD_SETTLEMENT) {
		catan_build__place_settlement(s, p, a->target);
		c->setup_vertex = a->target;
		/* base-game.txt 04.5: only the second settlement pays. */
		if (c->setup_step >= c->num_players)
			catan_production__setup_income(s, p, a->target);
		return;
	}
	catan_build__place_road(s, p, a->target);
	c->setup_vertex = BOARD_NONE;
	c->setup_step++;
	if (c->setup_step == 2 * c->num_players)
		start_turn(s, c->first_player);
	else
		c->current = (int8_t)setup_player(c, c->setup_step);
}

static void
after_trade_response(catan_state *s)
{
	struct core_state *c = st_core(s);
	bool any_yes = false;

	for (int p = 0; p < c->num_players; p++) {
		const struct player_state *ps = st_cplayer(s, p);

		if (p == c->current)
			continue;
		if (ps->response == RESPONSE_PENDING)
			return;
		any_yes |= ps->response == RESPONSE_ACCEPT || ps->response == RESPONSE_COUNTER;
	}
	if (any_yes) {
		c->phase = CATAN_PHASE_TRADE_CONFIRM;
	} else {
		clear_offer(s);
		c->phase = CATAN_PHASE_MAIN;
	}
}

static void
exchange(catan_state *s, int a, const uint8_t a_gives[CATAN_MAX_CARD_KINDS],
	 int b, const uint8_t b_gives[CATAN_MAX_CARD_KINDS])
{
	for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++) {
		if (a_gives[k])
			catan_cards__transfer(s, a, b, k, a_gives[k]);
		if (b_gives[k])
			catan_cards__transfer(s, b, a, k, b_gives[k]);
	}
}

static void
apply_confirm(catan_state *s, int partner)
{
	struct core_state *c = st_core(s);
	struct player_state *ps = st_player(s, partner);

	if (ps->response == RESPONSE_ACCEPT) {
		exchange(s, c->current, c->offer_give, partner, c->offer_get);
	} else {
		uint8_t give[CATAN_MAX_CARD_KINDS], get[CATAN_MAX_CARD_KINDS];

		memcpy(give, ps->counter_give, sizeof(give));
		memcpy(get, ps->counter_get, sizeof(get));
		exchange(s, partner, give, c->current, get);
	}
	clear_offer(s);
	c->phase = CATAN_PHASE_MAIN;
}

static void
end_road_building_if_done(catan_state *s, int p)
{
	struct core_state *c = st_core(s);

	if (c->road_building_left == 0 || !catan_build__any_road_possible(s, p)) {
		c->road_building_left = 0;
		c->phase = c->return_phase;
	}
}

static void
apply_dev_play(catan_state *s, const catan_action *a)
{
	struct core_state *c = st_core(s);
	struct player_state *ps = st_player(s, a->player);

	c->flags |= TURN_DEV_PLAYED;
	switch (a->type) {
	case CATAN_ACT_PLAY_KNIGHT:
		ps->dev[CATAN_DEV_KNIGHT]--;
		ps->knights++;
		catan_awards__update_largest_army(s);
		c->return_phase = c->phase;
		c->phase = CATAN_PHASE_ROBBER;
		break;
	case CATAN_ACT_PLAY_ROAD_BUILDING:
		ps->dev[CATAN_DEV_ROAD_BUILDING]--;
		c->road_building_left = ps->roads_left < 2 ? ps->roads_left : 2;
		c->return_phase = c->phase;
		c->phase = CATAN_PHASE_ROAD_BUILDING;
		break;
	case CATAN_ACT_PLAY_YEAR_OF_PLENTY:
		ps->dev[CATAN_DEV_YEAR_OF_PLENTY]--;
		catan_cards__receive_all(s, a->player, a->get);
		break;
	case CATAN_ACT_PLAY_MONOPOLY:
		ps->dev[CATAN_DEV_MONOPOLY]--;
		for (int q = 0; q < c->num_players; q++) {
			unsigned n = st_player(s, q)->hand[a->arg];

			if (q != a->player && n)
				catan_cards__transfer(s, q, a->player, a->arg, n);
		}
		break;
	default:
		break;
	}
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
		c->chance = CHANCE_DICE;
		break;
	case CATAN_ACT_DISCARD: {
		bool anyone_owes = false;

		catan_cards__pay(s, p, a->give);
		st_player(s, p)->discard_owed = (uint8_t)(st_player(s, p)->discard_owed - cards_total(a->give));
		for (int q = 0; q < c->num_players; q++)
			anyone_owes |= st_player(s, q)->discard_owed > 0;
		if (!anyone_owes)
			c->phase = CATAN_PHASE_ROBBER;
		break;
	}
	case CATAN_ACT_MOVE_ROBBER:
		if (a->target >= b->nhex)
			return;
		c->robber_hex = a->target;
		c->phase = catan_state__robber_victims(s, a->target, p) ?
			   CATAN_PHASE_STEAL : c->return_phase;
		break;
	case CATAN_ACT_STEAL:
		if (a->arg >= c->num_players)
			return;
		c->victim = (int8_t)a->arg;
		c->chance = CHANCE_STEAL;
		break;
	case CATAN_ACT_BUILD_ROAD:
		if (a->target >= b->nedge)
			return;
		if (c->phase == CATAN_PHASE_SETUP) {
			apply_setup_build(s, a);
		} else if (c->phase == CATAN_PHASE_ROAD_BUILDING) {
			catan_build__place_road(s, p, a->target);
			c->road_building_left--;
			end_road_building_if_done(s, p);
		} else {
			catan_cards__pay(s, p, catan__cost_road);
			catan_build__place_road(s, p, a->target);
			c->flags |= TURN_BUILT;
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
			c->flags |= TURN_BUILT;
		}
		break;
	case CATAN_ACT_BUILD_CITY:
		if (a->target >= b->nvert)
			return;
		catan_cards__pay(s, p, catan__cost_city);
		catan_build__place_city(s, p, a->target);
		c->flags |= TURN_BUILT;
		break;
	case CATAN_ACT_BUY_DEV:
		catan_cards__pay(s, p, catan__cost_dev);
		c->flags |= TURN_BUILT;
		c->chance = CHANCE_DRAW_DEV;
		break;
	case CATAN_ACT_PLAY_KNIGHT:
	case CATAN_ACT_PLAY_ROAD_BUILDING:
	case CATAN_ACT_PLAY_YEAR_OF_PLENTY:
		apply_dev_play(s, a);
		break;
	case CATAN_ACT_PLAY_MONOPOLY:
		if (a->arg >= CATAN_MAX_CARD_KINDS)
			return;
		apply_dev_play(s, a);
		break;
	case CATAN_ACT_MARITIME_TRADE:
		catan_cards__trade_with_bank(s, p, a->give, a->get);
		break;
	case CATAN_ACT_OFFER_TRADE:
		clear_offer(s);
		memcpy(c->offer_give, a->give, sizeof(c->offer_give));
		memcpy(c->offer_get, a->get, sizeof(c->offer_get));
		st_player(s, p)->response = RESPONSE_NONE;
		c->phase = CATAN_PHASE_TRADE_RESPONSE;
		break;
	case CATAN_ACT_ACCEPT_TRADE:
		st_player(s, p)->response = RESPONSE_ACCEPT;
		after_trade_response(s);
		break;
	case CATAN_ACT_DECLINE_TRADE:
		st_player(s, p)->response = RESPONSE_DECLINE;
		after_trade_response(s);
		break;
	case CATAN_ACT_COUNTER_TRADE: {
		struct player_state *ps = st_player(s, p);

		ps->response = RESPONSE_COUNTER;
		memcpy(ps->counter_give, a->give, sizeof(ps->counter_give));
		memcpy(ps->counter_get, a->get, sizeof(ps->counter_get));
		after_trade_response(s);
		break;
	}
	case CATAN_ACT_CONFIRM_TRADE:
		if (a->arg >= c->num_players)
			return;
		apply_confirm(s, a->arg);
		break;
	case CATAN_ACT_CANCEL_TRADE:
		clear_offer(s);
		c->phase = CATAN_PHASE_MAIN;
		break;
	case CATAN_ACT_END_TURN:
		if (s->game->max_turns && c->turn >= s->game->max_turns) {
			/* A truncated game: terminal with no winner. */
			c->phase = CATAN_PHASE_GAME_OVER;
			c->winner = CATAN_NO_PLAYER;
			break;
		}
		/* the next player to the left; no division on the hot path */
		start_turn(s, c->current + 1 < c->num_players ? c->current + 1 : 0);
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
		unsigned total = dice_of_draw[catan_rng__below_inline(&c->rng, 36)];
		catan_action a = CATAN_ACTION_INIT;

		a.type = CATAN_ACT_DICE;
		a.player = CATAN_PLAYER_CHANCE;
		a.target = (uint16_t)total;
		*out = a;
		apply_dice(s, total);
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
	if (!strict_trading_over(s)) {
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
