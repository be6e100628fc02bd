/*
 * libcatanrules: Fishing on Catan (Traders & Barbarians scenario) — the
 * lake, six fishing grounds, fish tokens and the old boot.
 * SPDX-License-Identifier: MIT
 */
#include <stdio.h>
#include <stdlib.h>

#include "fishing.h"

/*
 * traders-and-barbarians.txt, Fishing on Catan; RULINGS.md T6, T10, T17,
 * G1-G5. doc/variants/fishing.md maps every sentence to the code and tests.
 *
 * Board. The lake replaces the desert: on the random board the desert
 * dealt by the variable set-up is moved into the inner seven hexes (it
 * swaps places with a random inner hex whose number is not red, so that no
 * 6 and 8 come to touch), on the beginner board the desert is the centre
 * already, and a board the host gives keeps its desert where it is. The
 * six fishing grounds are board sites (fishing_ground, value = the number)
 * on the six coastal notches whose three intersections serve no harbor; a
 * host's board text with a lake and fishing_ground sites is taken as it is.
 *
 * Tokens are holdings: fish_1, fish_2, fish_3 in the group "fish" (how many
 * a player holds is public, their values are not) and the public boot,
 * whose holder needs one more point (its target). Each holding's supply is
 * what lies face down; what neither a player nor the supply holds is the
 * face-up pile of spent tokens (public: the counters fish_pile_N). Draws
 * are chance events, one token at a time (CHANCE_FISH_DRAW).
 *
 * The robber starts off the board (catan_game_set_robber_off_board()).
 *
 * With Catan for Two ("Combining with Other CATAN Products / Catan for
 * Two"): each player starts with 5 tokens, fish come only from the
 * productions (both of the turn's), and the player behind pays one fish
 * less. Its trade tokens are that module's: it leaves them out itself
 * (variants/catan_for_two.c, without_tokens[]).
 */

/* "29 fish tokens (11x one fish, 10x two fish, 8x three fish)" */
static const unsigned fish_total[4] = { 1, 11, 10, 8 }; /* [0]: the old boot */
/* "You may never have more than 7 fish tokens (not including the old boot)" */
#define FISH_CAP 7
/* "2 fish ... 3 fish ... 4 fish ... 5 fish ... 7 fish" */
#define COST_ROBBER 2
#define COST_STEAL 3
#define COST_RESOURCE 4
#define COST_ROAD 5
#define COST_DEV 7
/* Catan for Two: "During setup, each player receives 5 fish tokens: 2
 * tokens with one fish, 2 tokens with two fish, and 1 token with three
 * fish." */
static const unsigned for_two_start[4] = { 0, 2, 2, 1 };

/* Holdings, in declaration order. */
enum { H_FISH1, H_FISH2, H_FISH3, H_BOOT };

#define CHANCE_FISH_FIRST (CHANCE_VARIANT_BASE + 16)
#define CHANCE_FISH_LAST (CHANCE_VARIANT_BASE + 19)
#define CHANCE_FISH_DRAW CHANCE_FISH_FIRST
#define CHANCE_FISH_STEAL (CHANCE_FISH_FIRST + 1)


struct fish_slice {
	uint8_t owed[CATAN_MAX_PLAYERS]; /* tokens still to draw this production */
	uint32_t swap_used;   /* players who swapped this turn */
	uint16_t turn;        /* the turn the per-turn fields are of */
	int8_t drawer;        /* who draws now, or -1 */
	uint8_t swapping;     /* the draw is a swap's replacement */
	uint8_t produced;     /* this turn's productions paid in fish (Catan for Two: 2) */
	uint8_t swap_return;  /* phase after the swap's decision */
	int8_t victim;        /* the 3-fish steal's victim, or -1 */
	uint8_t for_two;      /* Catan for Two is in the game */
	uint8_t held_chance;  /* the chance event the draws came before, or 0 */
	uint8_t held_phase;   /* ... and its phase */
};

static const catan_holding_spec fish_specs[4] = {
	{ .name = "fish_1", .group = "fish", .visibility = CATAN_HOLDING_GROUP,
	  .max = FISH_CAP, .has_supply = 1, .supply_total = 11 },
	{ .name = "fish_2", .group = "fish", .visibility = CATAN_HOLDING_GROUP,
	  .max = FISH_CAP, .has_supply = 1, .supply_total = 10 },
	{ .name = "fish_3", .group = "fish", .visibility = CATAN_HOLDING_GROUP,
	  .max = FISH_CAP, .has_supply = 1, .supply_total = 8 },
	/* "The player who has the old boot needs 1 additional VP to win." */
	{ .name = "boot", .visibility = CATAN_HOLDING_PUBLIC, .max = 1,
	  .has_supply = 1, .supply_total = 1, .target = 1 },
};

/* ------------------------------------------------------------- helpers */

static unsigned
held(const catan_state *s, int p, unsigned v)
{
	return catan_state__holding(s, p, H_FISH1 + v - 1);
}

/* A player's fish tokens (the old boot not counted). */
static unsigned
tokens(const catan_state *s, int p)
{
	return held(s, p, 1) + held(s, p, 2) + held(s, p, 3);
}

static unsigned
fish_value(const catan_state *s, int p)
{
	return held(s, p, 1) + 2u * held(s, p, 2) + 3u * held(s, p, 3);
}

static unsigned
supply_of(const catan_state *s, unsigned h)
{
	return catan_state__holding(s, CATAN_HOLDING_SUPPLY, h);
}

/* Face-up spent tokens of @v fish: what neither the supply nor a player
 * holds. */
static unsigned
pile_of(const catan_state *s, unsigned v)
{
	unsigned n = supply_of(s, H_FISH1 + v - 1);

	for (int p = 0; p < st_ccore(s)->num_players; p++)
		n += held(s, p, v);
	return fish_total[v] - n;
}

static unsigned
fish_supply(const catan_state *s)
{
	return supply_of(s, H_FISH1) + supply_of(s, H_FISH2) + supply_of(s, H_FISH3);
}

/* Tokens face down: the fish and, until drawn, the old boot. */
static unsigned
supply_total(const catan_state *s)
{
	return fish_supply(s) + supply_of(s, H_BOOT);
}

static void
add_holding(catan_state *s, int p, unsigned h, int delta)
{
	catan_state__holding_set(s, p, h, (unsigned)((int)catan_state__holding(s, p, h) + delta));
}

static bool
with_module(const catan_game *g, const char *name)
{
	return catan_game__module(g, name) != NULL;
}

/* Whether intersection @v touches a lake (any hex of lake terrain). */
static bool
touches_lake(const struct board *b, unsigned v)
{
	const struct board_vertex *bv = &b->vert[v];

	for (unsigned i = 0; i < bv->nhex && i < 3; i++)
		if (bv->hex[i] < b->nhex && b->hex[bv->hex[i]].terrain == CATAN_TERRAIN_LAKE)
			return true;
	return false;
}

static bool
touches_ground(const struct board *b, unsigned v)
{
	unsigned n = 0;
	const uint16_t *at = catan_board__sites_at(b, CATAN_LOC_VERTEX, v, &n);

	for (unsigned i = 0; i < n; i++)
		if (b->site[at[i]].kind == CATAN_SITE_FISHING_GROUND)
			return true;
	return false;
}

static bool
hex_has_number(const struct board_hex *h, unsigned total)
{
	if (h->number == total)
		return true;
	for (unsigned i = 0; i < BOARD_HEX_NUMBERS - 1; i++)
		if (h->more[i] == total)
			return true;
	return false;
}

/* Fish a building at @v earns on @total: per producing fishing ground or
 * lake it touches, 1 for a settlement, 2 for a city. */
static unsigned
fish_at(const catan_state *s, unsigned v, unsigned total, unsigned units)
{
	const struct board *b = &s->game->board;
	const struct board_vertex *bv = &b->vert[v];
	unsigned n = 0, count = 0;
	const uint16_t *at = catan_board__sites_at(b, CATAN_LOC_VERTEX, v, &n);

	for (unsigned i = 0; i < n; i++)
		if (b->site[at[i]].kind == CATAN_SITE_FISHING_GROUND &&
		    b->site[at[i]].value == total)
			count += units;
	for (unsigned i = 0; i < bv->nhex && i < 3; i++) {
		unsigned h = bv->hex[i];

		if (h < b->nhex && b->hex[h].terrain == CATAN_TERRAIN_LAKE &&
		    hex_has_number(&b->hex[h], total) && !catan_state__hex_blocked(s, h))
			count += units;
	}
	return count;
}

/* ---------------------------------------------------------- game, state */

static int fish_sample_chance(catan_state *s, catan_action *out, const void *slice);

/* The action space's blocks of the module's player actions (space.h): a
 * payment is the counts of the player's tokens of one, two and three
 * fish, at most as many tokens as the cost (a minimal payment, T10). */
#define PAYMENT(cost) .pay_first = PAY_SLOT(1), .pay_slots = 3, .pay_max = (cost)
static const catan_action_shape fish_shapes[] = {
	{ .type = CATAN_ACT_FISH_SWAP, .arg = CATAN_SPACE_VALUE, .values = 4 },
	{ .type = CATAN_ACT_FISH_KEEP },
	{ .type = CATAN_ACT_FISH_ROBBER, PAYMENT(COST_ROBBER) },
	{ .type = CATAN_ACT_FISH_STEAL, .arg = CATAN_SPACE_PLAYER, PAYMENT(COST_STEAL) },
	{ .type = CATAN_ACT_FISH_RESOURCE, .cards = CATAN_SPACE_GET_ONE, .max = 1,
	  PAYMENT(COST_RESOURCE) },
	{ .type = CATAN_ACT_FISH_ROAD, .target = CATAN_SPACE_EDGE, PAYMENT(COST_ROAD) },
	{ .type = CATAN_ACT_FISH_DEV, PAYMENT(COST_DEV) },
	{ .type = CATAN_ACT_GIVE_BOOT, .arg = CATAN_SPACE_PLAYER },
};
#undef PAYMENT

static int
fish_build_game(catan_game *g)
{
	int rc;

	if (catan_game__param(g, "setup") != 0) {
		catan__ctx_seterr(g->ctx, "fishing: setup=beginner is not available: the second settlement's starting fish token is drawn in the set-up");
		return CATAN_EINVAL;
	}
	rc = catan_fishing__make_board(g);
	if (rc != CATAN_OK)
		return rc;
	for (unsigned i = 0; i < ARRAY_LEN(fish_specs); i++) {
		rc = catan_game_declare_holding(g, &fish_specs[i]);
		if (rc != CATAN_OK)
			return rc;
	}
	/* "Place the robber next to the game board." */
	rc = catan_game_set_robber_off_board(g);
	if (rc != CATAN_OK)
		return rc;
	/* every road with each payment of 5 (at most 4 sets), and the rest */
	if (g->max_actions < 5u * g->board.nedge + 256u)
		g->max_actions = (uint16_t)(5u * g->board.nedge + 256u);
	if (g->max_outcomes < 4)
		g->max_outcomes = 4;
	catan_game__set_sampler(g, "fishing", fish_sample_chance);
	return catan_game_declare_action_shapes(g, fish_shapes, ARRAY_LEN(fish_shapes));
}

static int
fish_init_state(catan_state *s, void *slice)
{
	struct fish_slice *fs = slice;

	memset(fs, 0, sizeof(*fs));
	fs->drawer = CATAN_NO_PLAYER;
	fs->victim = CATAN_NO_PLAYER;
	fs->turn = st_ccore(s)->turn;
	fs->for_two = with_module(s->game, "catan_for_two");
	/* Catan for Two: "During setup, each player receives 5 fish tokens
	 * ... Shuffle the remaining fish tokens and place them face down":
	 * the old boot stays among them. */
	for (int p = 0; p < st_ccore(s)->num_players && fs->for_two; p++)
		for (unsigned v = 1; v <= 3; v++) {
			add_holding(s, CATAN_HOLDING_SUPPLY, H_FISH1 + v - 1, -(int)for_two_start[v]);
			add_holding(s, p, H_FISH1 + v - 1, (int)for_two_start[v]);
		}
	return CATAN_OK;
}

/* ---------------------------------------------------------- the draws */

/* The next player after @p in seat order who is still owed, starting the
 * round at the turn player; -1 when nobody is. */
static int
next_owed(const catan_state *s, const struct fish_slice *fs)
{
	const struct core_state *c = st_ccore(s);
	int np = c->num_players, first = c->current < 0 ? 0 : c->current;

	for (int i = 0; i < np; i++) {
		int p = (first + i) % np;

		if (fs->owed[p])
			return p;
	}
	return CATAN_NO_PLAYER;
}

/* "When the supply of fish tokens is empty, shuffle the fish tokens in the
 * discard pile ... to create a new supply" (the old boot never goes back). */
static void
reshuffle(catan_state *s)
{
	for (unsigned v = 1; v <= 3; v++)
		add_holding(s, CATAN_HOLDING_SUPPLY, H_FISH1 + v - 1, (int)pile_of(s, v));
}

/* The drawing is over: the chance event it came before (Catan for Two's
 * second roll, produce_fish()) is pending again, in its phase. */
static void
drawing_done(catan_state *s, struct fish_slice *fs)
{
	struct core_state *c = st_core(s);

	if (fs->held_chance) {
		catan_turn__resume(s, fs->held_phase);
		c->chance = fs->held_chance;
		fs->held_chance = CHANCE_NONE;
		fs->held_phase = 0;
	}
}

/* Raise the next draw, the swap's decision, or end the drawing. */
static void
next_draw(catan_state *s, struct fish_slice *fs)
{
	struct core_state *c = st_core(s);

	for (;;) {
		int p;

		fs->drawer = (int8_t)next_owed(s, fs);
		p = fs->drawer;
		if (p < 0) {
			drawing_done(s, fs);
			return;
		}
		if (tokens(s, p) >= FISH_CAP) {
			/* "Once per turn, if you have 7 fish tokens and would
			 * receive more, you may discard 1 fish token and
			 * replace it from the supply. Then stop drawing." */
			if (!(fs->swap_used & (1u << p))) {
				fs->swap_return = (uint8_t)catan_turn__suspend(s, CATAN_PHASE_FISH_SWAP);
				return;
			}
			fs->owed[p] = 0;
			continue;
		}
		if (fish_supply(s) == 0)
			reshuffle(s);
		if (supply_total(s) == 0) {
			/* supply and pile both empty: drawing stops (T10) */
			memset(fs->owed, 0, sizeof(fs->owed));
			fs->drawer = CATAN_NO_PLAYER;
			drawing_done(s, fs);
			return;
		}
		c->chance = CHANCE_FISH_DRAW;
		return;
	}
}

static void
token_drawn(catan_state *s, struct fish_slice *fs, unsigned v)
{
	int p = fs->drawer;
	unsigned h = v == 0 ? H_BOOT : H_FISH1 + v - 1;

	if (p < 0 || p >= st_ccore(s)->num_players || supply_of(s, h) == 0)
		return;
	add_holding(s, CATAN_HOLDING_SUPPLY, h, -1);
	add_holding(s, p, h, 1);
	/* "If you draw the old boot, reveal it immediately" — it uses up the
	 * draw (T10). */
	if (fs->swapping) {
		fs->swapping = 0;
		fs->owed[p] = 0;
	} else if (fs->owed[p]) {
		fs->owed[p]--;
	}
	next_draw(s, fs);
}

/* Production: "Settlements on a producing fishing ground or lake receive
 * 1 random fish token, and cities receive 2". The seated players only:
 * Catan for Two's neutral settlements receive nothing ("Neutral
 * settlements never receive resources", and as T17's "Neutral pieces earn
 * no gold"). */
static void
produce_fish(catan_state *s, struct fish_slice *fs, unsigned total)
{
	const struct board *b = &s->game->board;
	const uint8_t *verts = st_cvert(s);
	struct core_state *c = st_core(s);
	int np = c->num_players;
	bool any = false;

	if (total == 7 || total < 2 || total > 12)
		return;
	for (unsigned v = 0; v < b->nvert; v++) {
		int owner;
		unsigned kind, n;

		if (!verts[v])
			continue;
		owner = PIECE_OWNER(verts[v]);
		kind = PIECE_KIND(verts[v]);
		if (owner < 0 || owner >= np ||
		    (kind != CATAN_PIECE_SETTLEMENT && kind != CATAN_PIECE_CITY))
			continue;
		n = fish_at(s, v, total, kind == CATAN_PIECE_CITY ? 2 : 1);
		if (n) {
			fs->owed[owner] = (uint8_t)(fs->owed[owner] + n);
			any = true;
		}
	}
	if (!any)
		return;
	/* Catan for Two listed before this module has raised its second roll
	 * already (roll_resolved()): the first production's fish are drawn
	 * first, in the Action phase as when it is listed after this module
	 * (it then waits for the draws), and the roll comes back after them,
	 * so that the order of the two in the game string changes nothing. */
	if (c->phase == CATAN_PHASE_SECOND_PRODUCTION && c->chance != CHANCE_NONE) {
		fs->held_chance = c->chance;
		fs->held_phase = (uint8_t)catan_turn__suspend(s, CATAN_PHASE_MAIN);
		c->chance = CHANCE_NONE;
	}
	next_draw(s, fs);
}

/* Whether Catan for Two's second production roll has been raised (its
 * counter second_roll_excluded, the first total, is 0 before). */
static bool
second_roll_raised(const catan_state *s)
{
	int32_t excluded = 0;

	return catan_state_counter(s, -1, "second_roll_excluded", &excluded) == CATAN_OK &&
	       excluded != 0;
}

/*
 * Whether a production roll of the turn not yet paid in fish has been
 * resolved: "During the Production phase, fishing grounds and the lake
 * produce if their number is rolled", once the roll (a 7 with its robber,
 * an event card with its event) is over. Catan for Two has two: "complete
 * two full Production phases, one after the other". Its second roll
 * follows the first once that is resolved; listed before this module, it
 * has raised it when this module sees the first resolved (phase
 * second_production, the dice pending), listed after it, it raises it
 * after the first production's draws.
 */
static bool
roll_resolved(const catan_state *s, const struct fish_slice *fs)
{
	const struct core_state *c = st_ccore(s);
	bool settled = c->phase == CATAN_PHASE_MAIN && c->chance == CHANCE_NONE;

	if (fs->produced >= (fs->for_two ? 2 : 1) || c->turn == 0 || !catan_turn__has_rolled(s))
		return false;
	if (fs->produced == 0)
		return settled || (fs->for_two && c->phase == CATAN_PHASE_SECOND_PRODUCTION &&
				   c->chance == CHANCE_DICE);
	return settled && second_roll_raised(s);
}

/* ------------------------------------------------------------- payments */

/* Catan for Two: "The player who has fewer VPs needs one fewer fish for
 * each action." Public points (G3), now, against the other seated player;
 * on a tie nobody has fewer. */
static unsigned
fish_off(const catan_state *s, const struct fish_slice *fs, int p)
{
	if (!fs->for_two || p < 0 || p > 1)
		return 0;
	return catan_state__victory_points(s, p, false) <
	       catan_state__victory_points(s, 1 - p, false) ? 1u : 0u;
}

/* What the action @type costs a player who needs @off fish fewer
 * (fish_off()). */
static unsigned
action_cost(int type, unsigned off)
{
	switch (type) {
	case CATAN_ACT_FISH_ROBBER: return COST_ROBBER - off;
	case CATAN_ACT_FISH_STEAL: return COST_STEAL - off;
	case CATAN_ACT_FISH_RESOURCE: return COST_RESOURCE - off;
	case CATAN_ACT_FISH_ROAD: return COST_ROAD - off;
	case CATAN_ACT_FISH_DEV: return COST_DEV - off;
	default: return 0;
	}
}

/* A payment of @n[1..3] tokens: it covers @cost and no token could be
 * left out (T10). */
static bool
minimal_payment(const unsigned n[4], unsigned cost)
{
	unsigned sum = n[1] + 2u * n[2] + 3u * n[3], low = 0;

	for (unsigned v = 1; v <= 3 && !low; v++)
		if (n[v])
			low = v;
	return low && sum >= cost && sum - low < cost;
}

static int
check_payment(const catan_state *s, const catan_action *a, unsigned cost)
{
	unsigned n[4] = { 0, a->give[PAY_SLOT(1)], a->give[PAY_SLOT(2)], a->give[PAY_SLOT(3)] };

	for (unsigned v = 1; v <= 3; v++)
		if (n[v] > held(s, a->player, v)) {
			catan_state__seterr(s, "Fishing: p%d holds %u token(s) of %u fish",
					    a->player, held(s, a->player, v), v);
			return CATAN_REASON_INSUFFICIENT_RESOURCES;
		}
	if (!minimal_payment(n, cost)) {
		catan_state__seterr(s, "Fishing: a payment covers the %u fish and no token of it could be left out",
				    cost);
		return CATAN_REASON_BAD_ARGUMENT;
	}
	return CATAN_REASON_NONE;
}

static void
pay(catan_state *s, const catan_action *a)
{
	/* "discarding fish tokens to a faceup pile": out of hand and supply */
	for (unsigned v = 1; v <= 3; v++) {
		unsigned n = a->give[PAY_SLOT(v)];

		if (n > held(s, a->player, v))
			n = held(s, a->player, v);
		add_holding(s, a->player, H_FISH1 + v - 1, -(int)n);
	}
}

/* ----------------------------------------------------------- legality */


/* "During your turn, you may spend fish tokens": the turn player before
 * the roll or in the action phase, not inside another decision (T10). */
static int
check_own_turn(const catan_state *s, const catan_action *a)
{
	return catan_turn__check_own_step(s, a->player);
}

static int
damaged_roads(const catan_state *s, int p)
{
	int32_t n = 0;

	if (!with_module(s->game, "event_cards") ||
	    catan_state_counter(s, p, "damaged_roads", &n) != CATAN_OK)
		return 0;
	return (int)n;
}

static int
check_effect(const catan_state *s, const catan_action *a)
{
	const struct core_state *c = st_ccore(s);
	static const uint8_t free_cost[CATAN_MAX_CARD_KINDS];
	int p = a->player, k;

	switch (a->type) {
	case CATAN_ACT_FISH_ROBBER:
		/* T17: nothing to do with the robber off the board */
		if (c->robber_hex == BOARD_NONE) {
			catan_state__seterr(s, "Fishing: the robber is off the board already");
			return CATAN_REASON_VARIANT_RULE;
		}
		return CATAN_REASON_NONE;
	case CATAN_ACT_FISH_STEAL:
		/* "Steal a random resource card from another player" */
		if (a->arg >= c->num_players || a->arg == (unsigned)p ||
		    st_cplayer(s, a->arg)->hand_total == 0)
			return CATAN_REASON_INVALID_VICTIM;
		return CATAN_REASON_NONE;
	case CATAN_ACT_FISH_RESOURCE:
		/* "Take a resource card of your choice from the supply" */
		k = catan_cards__single_kind(a->get);
		if (k < 0 || k >= CATAN_NUM_RESOURCES || a->get[k] != 1)
			return CATAN_REASON_BAD_ARGUMENT;
		if (!c->bank[k])
			return CATAN_REASON_BANK_EMPTY;
		return CATAN_REASON_NONE;
	case CATAN_ACT_FISH_ROAD:
		/* "Build a road at no cost" — a built road (T17), so what
		 * forbids building a road forbids it (Earthquake, T4) */
		if (damaged_roads(s, p) > 0) {
			catan_state__seterr(s, "Fishing: p%d builds no road until the damaged roads are repaired",
					    p);
			return CATAN_REASON_VARIANT_RULE;
		}
		return catan_build__check_road(s, p, a->target, false);
	case CATAN_ACT_FISH_DEV:
		/* "Build a development card at no cost" */
		return catan_turn__check_buy_dev(s, p, free_cost);
	default:
		return CATAN_REASON_UNKNOWN_ACTION;
	}
}

static int
fish_check_action(const catan_state *s, const catan_action *a, const void *slice)
{
	const struct fish_slice *fs = slice;
	const struct core_state *c = st_ccore(s);
	int reason;

	if (a->type < CATAN_ACT_FISHING_FIRST || a->type > CATAN_ACT_FISHING_LAST)
		return CATAN_REASON_NONE;
	if (a->player < 0 || a->player >= c->num_players)
		return a->type == CATAN_ACT_FISH_DRAW || a->type == CATAN_ACT_FISH_STEAL_CARD ?
		       CATAN_REASON_BAD_OUTCOME : CATAN_REASON_NOT_YOUR_TURN;
	switch (a->type) {
	case CATAN_ACT_FISH_SWAP:
	case CATAN_ACT_FISH_KEEP:
		if (!fields_clean(a, false, a->type == CATAN_ACT_FISH_SWAP, false, false))
			return CATAN_REASON_BAD_ARGUMENT;
		if (c->phase != CATAN_PHASE_FISH_SWAP)
			return CATAN_REASON_WRONG_PHASE;
		if (a->player != fs->drawer)
			return CATAN_REASON_NOT_YOUR_TURN;
		if (a->type == CATAN_ACT_FISH_SWAP &&
		    (a->arg < 1 || a->arg > 3 || !held(s, a->player, a->arg)))
			return CATAN_REASON_BAD_ARGUMENT;
		return CATAN_REASON_NONE;
	case CATAN_ACT_FISH_ROBBER:
	case CATAN_ACT_FISH_STEAL:
	case CATAN_ACT_FISH_RESOURCE:
	case CATAN_ACT_FISH_ROAD:
	case CATAN_ACT_FISH_DEV:
		if (!fields_clean(a, a->type == CATAN_ACT_FISH_ROAD, a->type == CATAN_ACT_FISH_STEAL,
				  true, a->type == CATAN_ACT_FISH_RESOURCE))
			return CATAN_REASON_BAD_ARGUMENT;
		reason = check_own_turn(s, a);
		if (!reason)
			reason = check_payment(s, a, action_cost(a->type, fish_off(s, fs, a->player)));
		if (!reason)
			reason = check_effect(s, a);
		return reason;
	case CATAN_ACT_GIVE_BOOT:
		if (!fields_clean(a, false, true, false, false))
			return CATAN_REASON_BAD_ARGUMENT;
		reason = check_own_turn(s, a);
		if (reason)
			return reason;
		if (!catan_state__holding(s, a->player, H_BOOT)) {
			catan_state__seterr(s, "Fishing: p%d does not have the old boot", a->player);
			return CATAN_REASON_VARIANT_RULE;
		}
		if (a->arg >= c->num_players || a->arg == (unsigned)a->player)
			return CATAN_REASON_BAD_ARGUMENT;
		/* "any player who has the same or more VPs as you" (G3) */
		if (catan_state__victory_points(s, a->arg, false) <
		    catan_state__victory_points(s, a->player, false)) {
			catan_state__seterr(s, "Fishing: the old boot goes to a player with the same or more points than p%d",
					    a->player);
			return CATAN_REASON_VARIANT_RULE;
		}
		return CATAN_REASON_NONE;
	default:
		return a->type == CATAN_ACT_FISH_DRAW || a->type == CATAN_ACT_FISH_STEAL_CARD ?
		       CATAN_REASON_BAD_OUTCOME : CATAN_REASON_UNKNOWN_ACTION;
	}
}

/* ------------------------------------------------------ move generation */

static void
add(catan_action_list *list, const catan_action *a)
{
	if (list->count < list->cap)
		list->items[list->count++] = *a;
}

/* Every minimal payment of @cost from @p's tokens, each with the
 * template's effect (listed in ascending order of the slots). */
static void
add_payments(const catan_state *s, catan_action_list *list, const catan_action *tmpl,
	     unsigned cost)
{
	unsigned h[4] = { 0, held(s, tmpl->player, 1), held(s, tmpl->player, 2),
			  held(s, tmpl->player, 3) };
	unsigned n[4] = { 0 };

	for (n[1] = 0; n[1] <= h[1] && n[1] <= cost; n[1]++)
		for (n[2] = 0; n[2] <= h[2] && 2 * n[2] <= cost + 1; n[2]++)
			for (n[3] = 0; n[3] <= h[3] && 3 * n[3] <= cost + 2; n[3]++) {
				catan_action a = *tmpl;

				if (!minimal_payment(n, cost))
					continue;
				for (unsigned v = 1; v <= 3; v++)
					a.give[PAY_SLOT(v)] = (uint8_t)n[v];
				add(list, &a);
			}
}

static void
legal_spending(const catan_state *s, const struct fish_slice *fs, int p, catan_action_list *list)
{
	const struct core_state *c = st_ccore(s);
	unsigned value = fish_value(s, p), off = fish_off(s, fs, p);
	/* the five actions' costs for @p now (fewer when behind: fish_off()) */
	enum { K_ROBBER, K_STEAL, K_RESOURCE, K_ROAD, K_DEV };
	const unsigned cost[5] = {
		action_cost(CATAN_ACT_FISH_ROBBER, off), action_cost(CATAN_ACT_FISH_STEAL, off),
		action_cost(CATAN_ACT_FISH_RESOURCE, off), action_cost(CATAN_ACT_FISH_ROAD, off),
		action_cost(CATAN_ACT_FISH_DEV, off),
	};
	catan_action a = CATAN_ACTION_INIT;

	a.player = (int8_t)p;
	if (catan_state__holding(s, p, H_BOOT)) {
		int mine = catan_state__victory_points(s, p, false);

		a.type = CATAN_ACT_GIVE_BOOT;
		for (int q = 0; q < c->num_players; q++)
			if (q != p && catan_state__victory_points(s, q, false) >= mine) {
				a.arg = (uint16_t)q;
				add(list, &a);
			}
		a.arg = 0;
	}
	if (value < cost[K_ROBBER])
		return;
	if (c->robber_hex != BOARD_NONE) {
		a.type = CATAN_ACT_FISH_ROBBER;
		add_payments(s, list, &a, cost[K_ROBBER]);
	}
	if (value >= cost[K_STEAL]) {
		a.type = CATAN_ACT_FISH_STEAL;
		for (int q = 0; q < c->num_players; q++)
			if (q != p && st_cplayer(s, q)->hand_total) {
				a.arg = (uint16_t)q;
				add_payments(s, list, &a, cost[K_STEAL]);
			}
		a.arg = 0;
	}
	if (value >= cost[K_RESOURCE]) {
		a.type = CATAN_ACT_FISH_RESOURCE;
		for (int k = 0; k < CATAN_NUM_RESOURCES; k++)
			if (c->bank[k]) {
				memset(a.get, 0, sizeof(a.get));
				a.get[k] = 1;
				add_payments(s, list, &a, cost[K_RESOURCE]);
			}
		memset(a.get, 0, sizeof(a.get));
	}
	if (value >= cost[K_ROAD] && st_cplayer(s, p)->roads_left && damaged_roads(s, p) == 0) {
		uint16_t ids[BOARD_MASK_EDGES * 8];
		size_t n = catan_build__legal_roads(s, p, ids, ARRAY_LEN(ids));

		a.type = CATAN_ACT_FISH_ROAD;
		for (size_t i = 0; i < n && i < ARRAY_LEN(ids); i++) {
			a.target = ids[i];
			add_payments(s, list, &a, cost[K_ROAD]);
		}
		a.target = 0;
	}
	if (value >= cost[K_DEV]) {
		static const uint8_t free_cost[CATAN_MAX_CARD_KINDS];

		if (catan_turn__check_buy_dev(s, p, free_cost) == CATAN_REASON_NONE) {
			a.type = CATAN_ACT_FISH_DEV;
			add_payments(s, list, &a, cost[K_DEV]);
		}
	}
}

static void
fish_legal_actions(const catan_state *s, int player, catan_action_list *list,
		   const void *slice)
{
	const struct fish_slice *fs = slice;
	const struct core_state *c = st_ccore(s);
	catan_action a = CATAN_ACTION_INIT;

	if (player < 0 || player >= c->num_players)
		return;
	if (c->phase == CATAN_PHASE_FISH_SWAP) {
		if (player != fs->drawer)
			return;
		a.player = (int8_t)player;
		for (unsigned v = 1; v <= 3; v++)
			if (held(s, player, v)) {
				a.type = CATAN_ACT_FISH_SWAP;
				a.arg = (uint16_t)v;
				add(list, &a);
			}
		a.type = CATAN_ACT_FISH_KEEP;
		a.arg = 0;
		add(list, &a);
		return;
	}
	if (player == c->current && (c->phase == CATAN_PHASE_ROLL || c->phase == CATAN_PHASE_MAIN))
		legal_spending(s, fs, player, list);
}

/* --------------------------------------------------------------- chance */

static int
fish_chance_outcomes(const catan_state *s, catan_sink *sink, const void *slice)
{
	const struct fish_slice *fs = slice;
	const struct core_state *c = st_ccore(s);
	catan_action a = CATAN_ACTION_INIT;

	a.player = CATAN_PLAYER_CHANCE;
	if (c->chance == CHANCE_FISH_DRAW) {
		unsigned den = supply_total(s);

		a.type = CATAN_ACT_FISH_DRAW;
		for (unsigned v = 0; v <= 3; v++) {
			unsigned n = supply_of(s, v == 0 ? H_BOOT : H_FISH1 + v - 1);

			a.arg = (uint16_t)v;
			if (n)
				sink__outcome(sink, &a, n, den);
		}
		return 1;
	}
	if (c->chance == CHANCE_FISH_STEAL) {
		if (fs->victim < 0 || fs->victim >= c->num_players)
			return 1;
		a.type = CATAN_ACT_FISH_STEAL_CARD;
		catan_cards__push_draws(sink, &a, st_cplayer(s, fs->victim)->hand);
		return 1;
	}
	return 0;
}

/* SAMPLED: the token is the one walking fish_chance_outcomes() with one
 * catan_rng__below(den) draw reaches; the steal's card is listed. */
static int
fish_sample_chance(catan_state *s, catan_action *out, const void *slice)
{
	struct core_state *c = st_core(s);
	catan_action a = CATAN_ACTION_INIT;
	unsigned acc = 0;
	uint32_t r;

	(void)slice;
	if (c->chance == CHANCE_FISH_STEAL)
		return MODULE_SAMPLE_LIST;
	if (c->chance != CHANCE_FISH_DRAW)
		return MODULE_SAMPLE_NONE;
	r = catan_rng__below(&c->rng, supply_total(s));
	a.player = CATAN_PLAYER_CHANCE;
	a.type = CATAN_ACT_FISH_DRAW;
	for (unsigned v = 0; v <= 3; v++) {
		acc += supply_of(s, v == 0 ? H_BOOT : H_FISH1 + v - 1);
		if (r < acc) {
			a.arg = (uint16_t)v;
			break;
		}
	}
	*out = a;
	return MODULE_SAMPLE_DRAWN;
}

/* ---------------------------------------------------------------- apply */

static void
fish_apply(catan_state *s, const catan_action *a, void *slice)
{
	static const uint8_t free_cost[CATAN_MAX_CARD_KINDS];
	struct fish_slice *fs = slice;
	struct core_state *c = st_core(s);
	int p = a->player, k;

	if (p == CATAN_PLAYER_CHANCE) {
		if (a->type == CATAN_ACT_FISH_DRAW && c->chance == CHANCE_FISH_DRAW && a->arg <= 3) {
			c->chance = CHANCE_NONE;
			token_drawn(s, fs, a->arg);
		} else if (a->type == CATAN_ACT_FISH_STEAL_CARD && c->chance == CHANCE_FISH_STEAL &&
			   a->arg < CATAN_MAX_CARD_KINDS) {
			c->chance = CHANCE_NONE;
			if (fs->victim >= 0 && st_cplayer(s, fs->victim)->hand[a->arg] && c->current >= 0)
				catan_cards__transfer(s, fs->victim, c->current, a->arg, 1);
			fs->victim = CATAN_NO_PLAYER;
		}
		return;
	}
	if (p < 0 || p >= c->num_players)
		return;
	switch (a->type) {
	case CATAN_ACT_FISH_SWAP:
		if (a->arg < 1 || a->arg > 3 || !held(s, p, a->arg))
			return;
		/* discard 1 fish token to the pile, then replace it */
		add_holding(s, p, H_FISH1 + a->arg - 1, -1);
		fs->swap_used |= 1u << p;
		catan_turn__resume(s, fs->swap_return);
		fs->swap_return = 0;
		fs->swapping = 1;
		if (fish_supply(s) == 0)
			reshuffle(s);
		c->chance = CHANCE_FISH_DRAW;
		break;
	case CATAN_ACT_FISH_KEEP:
		fs->owed[p] = 0;
		catan_turn__resume(s, fs->swap_return);
		fs->swap_return = 0;
		next_draw(s, fs);
		break;
	case CATAN_ACT_FISH_ROBBER:
		pay(s, a);
		/* "Remove the robber from the board." */
		c->robber_hex = (uint16_t)BOARD_NONE;
		break;
	case CATAN_ACT_FISH_STEAL:
		pay(s, a);
		fs->victim = (int8_t)a->arg;
		c->chance = CHANCE_FISH_STEAL;
		break;
	case CATAN_ACT_FISH_RESOURCE:
		k = catan_cards__single_kind(a->get);
		if (k < 0 || !c->bank[k])
			return;
		pay(s, a);
		catan_cards__receive(s, p, k, 1);
		break;
	case CATAN_ACT_FISH_ROAD:
		pay(s, a);
		catan_build__place_road(s, p, a->target);
		catan_turn__mark_built(s);
		break;
	case CATAN_ACT_FISH_DEV:
		pay(s, a);
		catan_turn__buy_dev(s, p, free_cost);
		break;
	case CATAN_ACT_GIVE_BOOT:
		if (!catan_state__holding(s, p, H_BOOT) || a->arg >= c->num_players)
			return;
		add_holding(s, p, H_BOOT, -1);
		add_holding(s, a->arg, H_BOOT, 1);
		/* the giver's target falls: the win check counts again */
		catan_state__points_changed(s, p);
		catan_state__points_changed(s, a->arg);
		break;
	default:
		break;
	}
}

/* ------------------------------------------------------------- reactions */

static void
new_turn_if_needed(const struct core_state *c, struct fish_slice *fs)
{
	if (fs->turn == c->turn)
		return;
	fs->turn = c->turn;
	fs->swap_used = 0;
	fs->produced = 0;
}

static void
fish_after_apply(catan_state *s, const catan_action *a, void *slice)
{
	struct fish_slice *fs = slice;
	struct core_state *c = st_core(s);
	const struct board *b = &s->game->board;

	new_turn_if_needed(c, fs);
	if (c->phase == CATAN_PHASE_GAME_OVER)
		return;
	/* "If your second settlement is adjacent to a fishing ground or lake,
	 * you receive a random fish token" (one, even if both: T10). Not with
	 * Catan for Two: "Players only receive fish tokens when fishing
	 * grounds or the lake produce during the Production phase." */
	if (!fs->for_two && a->type == CATAN_ACT_BUILD_SETTLEMENT && c->turn == 0 && a->player >= 0 &&
	    a->player < c->num_players && a->target < b->nvert &&
	    st_cvert(s)[a->target] == PIECE_BYTE(a->player, CATAN_PIECE_SETTLEMENT) &&
	    s->game->pieces[CATAN_PIECE_SETTLEMENT] - st_cplayer(s, a->player)->settlements_left == 2 &&
	    (touches_lake(b, a->target) || touches_ground(b, a->target))) {
		fs->owed[a->player] = 1;
		next_draw(s, fs);
		return;
	}
	/* "During the Production phase, fishing grounds and the lake produce
	 * if their number is rolled": once the roll is resolved (each of
	 * Catan for Two's two). */
	if (roll_resolved(s, fs)) {
		fs->produced++;
		produce_fish(s, fs, c->dice);
	}
}

/* Edits take the game out of this module's decisions: the per-turn fields
 * follow the position. */
static void
fish_refresh(catan_state *s, void *slice)
{
	struct fish_slice *fs = slice;
	const struct core_state *c = st_ccore(s);

	new_turn_if_needed(c, fs);
	fs->for_two = with_module(s->game, "catan_for_two");
	if (c->phase == CATAN_PHASE_GAME_OVER)
		return;
	if (c->phase != CATAN_PHASE_FISH_SWAP && c->chance != CHANCE_FISH_DRAW) {
		memset(fs->owed, 0, sizeof(fs->owed));
		fs->drawer = CATAN_NO_PLAYER;
		fs->swapping = 0;
		fs->held_chance = CHANCE_NONE;
		fs->held_phase = 0;
		if (c->phase != CATAN_PHASE_FISH_SWAP)
			fs->swap_return = 0;
	}
	if (c->chance != CHANCE_FISH_STEAL)
		fs->victim = CATAN_NO_PLAYER;
	/* In the Action phase after the roll with nothing pending, the turn's
	 * productions are paid; while the draws of one go on, as they are
	 * (Catan for Two: the first or the second). Between Catan for Two's
	 * two rolls, the first is paid. */
	if (c->phase == CATAN_PHASE_MAIN && catan_turn__has_rolled(s) &&
	    (c->chance == CHANCE_NONE || !fs->for_two))
		fs->produced = fs->for_two ? 2 : 1;
	if (c->phase == CATAN_PHASE_SECOND_PRODUCTION && fs->for_two)
		fs->produced = 1;
	if (c->phase == CATAN_PHASE_ROLL)
		fs->produced = 0;
}

static uint32_t
fish_acting_players(const catan_state *s, uint32_t mask, const void *slice)
{
	const struct fish_slice *fs = slice;

	if (st_ccore(s)->phase == CATAN_PHASE_FISH_SWAP && st_ccore(s)->chance == CHANCE_NONE)
		return fs->drawer >= 0 ? 1u << fs->drawer : 0;
	return mask;
}

/* --------------------------------------------------------------- queries */

static int
fish_counter(const catan_state *s, int player, const char *name, int32_t *out,
	     const void *slice)
{
	const struct fish_slice *fs = slice;

	if (player == -1 && strncmp(name, "fish_pile_", 10) == 0 &&
	    name[10] >= '1' && name[10] <= '3' && !name[11]) {
		*out = (int32_t)pile_of(s, (unsigned)(name[10] - '0'));
		return CATAN_OK;
	}
	if (player >= 0 && player < st_ccore(s)->num_players && strcmp(name, "fish_owed") == 0) {
		*out = fs->owed[player];
		return CATAN_OK;
	}
	return CATAN_ENOTFOUND;
}

static const char *const fish_counters[] = {
	"fish_pile_1", "fish_pile_2", "fish_pile_3", "fish_owed", NULL,
};

static const char *
fish_phase_name(int phase)
{
	return phase == CATAN_PHASE_FISH_SWAP ? "fish_swap" : NULL;
}

static const char *const fish_variants[] = { "base", NULL };
/* T1: the other scenarios are not combined with this one. */
static const char *const fish_conflicts[] = {
	"rivers", "merchant_trains", "barbarian_attack", "traders_barbarians", NULL,
};

const struct catan_module_ops catan_module_fishing = {
	.version = CATAN_MODULE_OPS_VERSION,
	.name = "fishing",
	.description = "Traders & Barbarians: Fishing on Catan — the lake, fishing grounds, fish tokens and the old boot",
	.variants = fish_variants,
	.conflicts = fish_conflicts,
	.params = NULL,
	.state_size = sizeof(struct fish_slice),
	.build_game = fish_build_game,
	.init_state = fish_init_state,
	.check_action = fish_check_action,
	.legal_actions = fish_legal_actions,
	.after_apply = fish_after_apply,
	.refresh = fish_refresh,
	.action_first = CATAN_ACT_FISHING_FIRST,
	.action_last = CATAN_ACT_FISHING_LAST,
	.apply = fish_apply,
	.chance_outcomes = fish_chance_outcomes,
	.acting_players = fish_acting_players,
	.phase_name = fish_phase_name,
	.format_action = catan_fishing__format_action,
	.parse_action = catan_fishing__parse_action,
	.counter = fish_counter,
	.counter_names = fish_counters,
	.phase_first = CATAN_PHASE_FISHING_FIRST,
	.phase_last = CATAN_PHASE_FISHING_LAST,
	.chance_first = CHANCE_FISH_FIRST,
	.chance_last = CHANCE_FISH_LAST,
	.information = CATAN_INFORMATION_IMPERFECT,
};
