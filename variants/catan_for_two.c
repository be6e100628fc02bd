/*
 * libcatanrules: CATAN for Two (Traders & Barbarians variant) — two
 * players, two neutral players, two production rolls a turn and trade
 * tokens.
 * SPDX-License-Identifier: MIT
 */
#include <stdio.h>
#include <stdlib.h>

#include "turn.h"
#include "catanrules/traders.h"

/*
 * traders-and-barbarians.txt, Catan for Two; RULINGS.md T5, G1-G5.
 * doc/variants/catan_for_two.md maps every sentence to the code and tests.
 *
 * The two neutral players are owners 2 and 3 (sys/module.h): they own
 * pieces, never act, hold no cards and receive no production. Their free
 * roads and settlements are owed by the turn player after each own road
 * or settlement, in a phase of this module (CATAN_PHASE_NEUTRAL_BUILD).
 *
 * The second production roll is a chance event of the variant's kind
 * (CHANCE_DICE) raised by this module once the first roll is resolved;
 * its outcomes are the dice totals other than the first, which is the
 * distribution of "re-roll until you have a different result". The
 * variant applies the roll (production or the whole 7). With event cards
 * in the game the card deck answers that chance event instead.
 *
 * Trade tokens are a finite supply of 20 (G5): 5 per player, 10 beside
 * the board. Settlements on the desert or the coast earn them, a played
 * Knight can be turned in for them, and once a turn they pay for a
 * Forced Trade or for sending the robber to the desert. A scenario whose
 * "Combining with Other CATAN Products / Catan for Two" paragraph says
 * "Trade tokens are not used." (without_tokens[]) takes them out of the
 * game: none are dealt or earned, the token actions are refused and their
 * counters are not there.
 */

/* "Each player takes 5 trade tokens. Place the remaining 10 trade tokens
 * next to the board." (20 trade tokens in the box) */
#define TOKENS_START 5
#define TOKENS_SUPPLY 10
/* "For each of your settlements built on the desert, take 2 trade tokens."
 * "For each of your settlements built on the coast, take 1 trade token." */
#define TOKENS_DESERT 2
#define TOKENS_COAST 1
/* "discard one of your faceup Knight cards to take 2 trade tokens" */
#define TOKENS_KNIGHT 2
/* "spend 1 trade token" / "spend 2 trade tokens" */
#define COST_BEHIND 1
#define COST_AHEAD 2
/* "Take 2 random cards" / "give the other player 2 cards" */
#define FORCED_TRADE_CARDS 2

#define SEATED 2
#define NEUTRAL_FIRST 2
#define NEUTRAL_COUNT 2

/* The module's chance events (declared in its vtable): a card the Forced
 * Trade takes. */
#define CHANCE_C2_FIRST (CHANCE_VARIANT_BASE + 12)
#define CHANCE_C2_LAST (CHANCE_VARIANT_BASE + 15)
#define CHANCE_FORCED_TRADE CHANCE_C2_FIRST

/* slice.stage: where the turn's two production phases stand */
enum { STAGE_NONE, STAGE_FIRST, STAGE_SECOND };
/* slice.owed: the neutral build the turn player owes */
enum { OWED_NONE, OWED_ROAD, OWED_SETTLEMENT };
/* slice.used: once-a-turn actions taken */
#define USED_SPEND  0x01u   /* Forced Trade or Move Robber */
#define USED_KNIGHT 0x02u   /* a Knight turned in for tokens */

enum { PARAM_NEUTRAL1, PARAM_NEUTRAL2 };

static const catan_param_spec c2_params[] = {
	{ "neutral1", CATAN_PARAM_INT, -1, 4095, -1, NULL,
	  "intersection id of neutral player 2's start settlement; -1: where h0, h3, h4 meet" },
	{ "neutral2", CATAN_PARAM_INT, -1, 4095, -1, NULL,
	  "intersection id of neutral player 3's start settlement; -1: where h14, h15, h18 meet" },
	{ NULL, 0, 0, 0, 0, NULL, NULL },
};

/* The default start intersections (T5): inland on the standard island,
 * diagonally opposite each other, by the hexes meeting there. */
static const uint16_t neutral_hexes[NEUTRAL_COUNT][3] = {
	{ 0, 3, 4 }, { 14, 15, 18 },
};

struct c2_slice {
	uint8_t tokens[SEATED];
	uint8_t supply;
	uint8_t stage;           /* STAGE_* */
	uint8_t first_total;     /* the turn's first roll, 0 before it */
	uint8_t used;            /* USED_* this turn */
	uint8_t owed;            /* OWED_* */
	uint8_t owed_return;     /* phase after the neutral build */
	uint8_t ft_draws;        /* Forced Trade cards still to take */
	uint8_t ft_give;         /* cards to give back, fixed after the draws */
	uint8_t ft_return;       /* phase after the Forced Trade */
	uint8_t knights_removed; /* Knights turned in: out of the game */
	int8_t player;           /* whose turn the per-turn fields are */
	uint8_t no_tokens;       /* the game has no trade tokens (without_tokens[]) */
	uint16_t turn;           /* ... and which turn */
};

static int c2_sample_chance(catan_state *s, catan_action *out, const void *slice);

/* ------------------------------------------------------------- helpers */

/* Whether the event cards draw for the rolls (the game's modules never
 * change once it is built). */
static bool
with_event_cards(const catan_game *g)
{
	return catan_game__module(g, "event_cards") != NULL;
}

static unsigned
ways(unsigned total)
{
	if (total < 2 || total > 12)
		return 0;
	return 6u - (total > 7 ? total - 7 : 7 - total);
}

/* The scenarios played without trade tokens: Fishing on Catan, "Combining
 * with Other CATAN Products / Catan for Two": "Trade tokens are not used."
 * (its fish tokens pay for its own actions instead). */
static const char *const without_tokens[] = { "fishing", NULL };

static bool
tokens_unused(const catan_game *g)
{
	for (size_t i = 0; without_tokens[i]; i++)
		if (catan_game__module(g, without_tokens[i]))
			return true;
	return false;
}

static bool
is_neutral(unsigned p)
{
	return p >= NEUTRAL_FIRST && p < NEUTRAL_FIRST + NEUTRAL_COUNT;
}


/* "on the coast": fewer than three land hexes meet there (T5). */
static bool
on_coast(const struct board *b, unsigned v)
{
	return b->vert[v].nhex < 3;
}

static unsigned
settlement_tokens(const catan_game *g, unsigned v)
{
	const struct board *b = &g->board;
	unsigned n = 0;

	if (v >= b->nvert)
		return 0;
	/* "on the desert": a corner of a desert hex (T5), or of a hex of
	 * the game's desert terrain (with Rivers of Catan: "When you build
	 * a settlement on a swamp, you receive 2 trade tokens"). */
	if (catan_turn__on_desert(g, v))
		n += TOKENS_DESERT;
	if (on_coast(b, v))
		n += TOKENS_COAST;
	return n;
}

/* Tokens from the supply, while it lasts (G5). */
static void
take_tokens(struct c2_slice *cs, int player, unsigned n)
{
	if (player < 0 || player >= SEATED)
		return;
	if (n > cs->supply)
		n = cs->supply;
	cs->supply = (uint8_t)(cs->supply - n);
	cs->tokens[player] = (uint8_t)(cs->tokens[player] + n);
}

/* "If your VP total is less than or equal to the other player's VP total,
 * spend 1 trade token ... If your VP total is more ..., spend 2" (G3:
 * public points). */
static unsigned
spend_cost(const catan_state *s, int player)
{
	int mine = catan_state__victory_points(s, player, false);
	int theirs = catan_state__victory_points(s, 1 - player, false);

	return mine <= theirs ? COST_BEHIND : COST_AHEAD;
}

static bool
any_neutral_settlement(const catan_state *s)
{
	uint16_t one;

	/* catan_build__legal_settlements() lists exactly the intersections
	 * check_settlement(..., false) accepts */
	for (int n = NEUTRAL_FIRST; n < NEUTRAL_FIRST + NEUTRAL_COUNT; n++)
		if (catan_build__legal_settlements(s, n, &one, 1) > 0)
			return true;
	return false;
}

static bool
any_neutral_road(const catan_state *s)
{
	for (int n = NEUTRAL_FIRST; n < NEUTRAL_FIRST + NEUTRAL_COUNT; n++)
		if (catan_build__any_road_possible(s, n))
			return true;
	return false;
}

/* What the owed build allows now: a settlement when one is possible, else
 * a road ("If there are no valid placements for a neutral settlement, then
 * build a neutral road instead"); OWED_NONE when nothing is possible. */
static int
neutral_build_kind(const catan_state *s, int owed)
{
	if (owed == OWED_SETTLEMENT && any_neutral_settlement(s))
		return OWED_SETTLEMENT;
	if ((owed == OWED_SETTLEMENT || owed == OWED_ROAD) && any_neutral_road(s))
		return OWED_ROAD;
	return OWED_NONE;
}

/* ---------------------------------------------------------- game, state */

static int
neutral_vertex(const catan_game *g, const struct game_module *m, int which)
{
	int32_t given = m->params[which];

	if (given >= 0)
		return given;
	return catan_board__vertex_of_hexes(&g->board, neutral_hexes[which], 3);
}

/* The action space's blocks of the module's player actions (space.h). */
static const catan_action_shape c2_shapes[] = {
	{ .type = CATAN_ACT_NEUTRAL_ROAD, .target = CATAN_SPACE_EDGE, .arg = CATAN_SPACE_PLAYER },
	{ .type = CATAN_ACT_NEUTRAL_SETTLEMENT, .target = CATAN_SPACE_VERTEX, .arg = CATAN_SPACE_PLAYER },
	{ .type = CATAN_ACT_KNIGHT_FOR_TOKENS },
	{ .type = CATAN_ACT_FORCED_TRADE, .arg = CATAN_SPACE_PLAYER },
	{ .type = CATAN_ACT_FORCED_TRADE_GIVE, .cards = CATAN_SPACE_GIVE_SET, .max = 2 },
	{ .type = CATAN_ACT_TOKEN_ROBBER },
};

static int
c2_build_game(catan_game *g)
{
	const struct game_module *m = catan_game__module(g, "catan_for_two");
	const struct board *b = &g->board;
	int v[NEUTRAL_COUNT];

	if (!m)
		return CATAN_ERROR;
	if (catan_game__param(g, "setup") != 0) {
		catan__ctx_seterr(g->ctx, "catan_for_two: setup=beginner is not available: the variant uses the Variable Setup, and the beginner positions take the neutral start intersections");
		return CATAN_EINVAL;
	}
	if (g->num_neutral != NEUTRAL_COUNT) {
		catan__ctx_seterr(g->ctx, "catan_for_two: another module adds neutral players");
		return CATAN_EINVAL;
	}
	for (int i = 0; i < NEUTRAL_COUNT; i++) {
		v[i] = neutral_vertex(g, m, i);
		if (v[i] < 0 || (unsigned)v[i] >= b->nvert || v[i] == BOARD_NONE) {
			catan__ctx_seterr(g->ctx, "catan_for_two: neutral%d: no intersection %d on this board (0..%u)",
					  i + 1, v[i], (unsigned)b->nvert - 1u);
			return CATAN_EINVAL;
		}
	}
	if (v[0] == v[1] ||
	    catan_board__edge_of_vertices(b, (uint16_t)v[0], (uint16_t)v[1]) != BOARD_NONE) {
		catan__ctx_seterr(g->ctx, "catan_for_two: the neutral start settlements at v%d and v%d break the distance rule",
				  v[0], v[1]);
		return CATAN_EINVAL;
	}
	/* Forced Trade gives back up to 2 cards of 5 kinds: 15 choices; the
	 * neutral builds list at most every edge or intersection twice. */
	if (g->max_actions < 2u * b->nedge + 2u * b->nvert)
		g->max_actions = (uint16_t)(2u * b->nedge + 2u * b->nvert);
	catan_game__set_sampler(g, "catan_for_two", c2_sample_chance);
	return catan_game_declare_action_shapes(g, c2_shapes, ARRAY_LEN(c2_shapes));
}

static int
c2_init_state(catan_state *s, void *slice)
{
	const catan_game *g = s->game;
	const struct game_module *m = catan_game__module(g, "catan_for_two");
	struct c2_slice *cs = slice;

	memset(cs, 0, sizeof(*cs));
	/* Without trade tokens nobody holds any, and no supply is there to
	 * take any from. */
	cs->no_tokens = tokens_unused(g);
	for (int p = 0; p < SEATED && !cs->no_tokens; p++)
		cs->tokens[p] = TOKENS_START;
	cs->supply = cs->no_tokens ? 0 : TOKENS_SUPPLY;
	cs->player = CATAN_NO_PLAYER;
	cs->turn = st_ccore(s)->turn;
	/* "For each neutral player, place 1 settlement (no road) on one of the
	 * intersections shown here. Then complete setup as usual." Neutral
	 * settlements earn no tokens (T5). */
	for (int i = 0; i < NEUTRAL_COUNT; i++) {
		int v = neutral_vertex(g, m, i);

		if (v < 0 || (unsigned)v >= g->board.nvert)
			return CATAN_ERROR;
		catan_build__place_settlement(s, NEUTRAL_FIRST + i, (unsigned)v);
	}
	return CATAN_OK;
}

/* ----------------------------------------------------------- legality */

static bool
fields_zero(const catan_action *a, bool target, bool arg, bool give)
{
	static const uint8_t zero[CATAN_MAX_CARD_KINDS];

	if (!target && a->target)
		return false;
	if (!arg && a->arg)
		return false;
	if (!give && memcmp(a->give, zero, sizeof(zero)))
		return false;
	return memcmp(a->get, zero, sizeof(zero)) == 0;
}

/* Token actions: "Once during your turn ... before rolling dice or at any
 * time during the Action phase." None where the scenario says "Trade
 * tokens are not used." */
static int
check_token_turn(const catan_state *s, const catan_action *a, const struct c2_slice *cs)
{
	if (cs->no_tokens) {
		catan_state__seterr(s, "Catan for Two: trade tokens are not used in this game (Fishing on Catan)");
		return CATAN_REASON_VARIANT_RULE;
	}
	return catan_turn__check_own_step(s, a->player);
}

static int
check_spend(const catan_state *s, const catan_action *a, const struct c2_slice *cs)
{
	unsigned cost;

	if (cs->used & USED_SPEND) {
		catan_state__seterr(s, "Catan for Two: trade tokens are spent once a turn, and p%d has spent them this turn",
				    a->player);
		return CATAN_REASON_VARIANT_RULE;
	}
	cost = spend_cost(s, a->player);
	if (cs->tokens[a->player] < cost) {
		catan_state__seterr(s, "Catan for Two: p%d holds %u trade token(s), the action costs %u",
				    a->player, (unsigned)cs->tokens[a->player], cost);
		return CATAN_REASON_INSUFFICIENT_RESOURCES;
	}
	return CATAN_REASON_NONE;
}

static int
check_give(const catan_state *s, const catan_action *a, const struct c2_slice *cs)
{
	const struct player_state *ps = st_cplayer(s, a->player);

	for (int k = CATAN_NUM_RESOURCES; k < CATAN_MAX_CARD_KINDS; k++)
		if (a->give[k])
			return CATAN_REASON_BAD_ARGUMENT;
	if (cards_total(a->give) != cs->ft_give) {
		catan_state__seterr(s, "Catan for Two: the Forced Trade gives back %u card(s)",
				    (unsigned)cs->ft_give);
		return CATAN_REASON_BAD_ARGUMENT;
	}
	if (!cards_covers(ps->hand, a->give))
		return CATAN_REASON_INSUFFICIENT_RESOURCES;
	return CATAN_REASON_NONE;
}

static int
check_neutral(const catan_state *s, const catan_action *a, const struct c2_slice *cs)
{
	int kind;

	if (!is_neutral(a->arg))
		return CATAN_REASON_BAD_ARGUMENT;
	kind = neutral_build_kind(s, cs->owed);
	if (a->type == CATAN_ACT_NEUTRAL_SETTLEMENT) {
		if (kind != OWED_SETTLEMENT) {
			catan_state__seterr(s, "Catan for Two: a neutral road is owed, not a settlement");
			return CATAN_REASON_VARIANT_RULE;
		}
		return catan_build__check_settlement(s, a->arg, a->target, false);
	}
	if (kind != OWED_ROAD) {
		catan_state__seterr(s, "Catan for Two: a neutral settlement is possible, so it is owed instead of a road");
		return CATAN_REASON_VARIANT_RULE;
	}
	return catan_build__check_road(s, a->arg, a->target, false);
}

static int
c2_check_action(const catan_state *s, const catan_action *a, const void *slice)
{
	const struct c2_slice *cs = slice;
	const struct core_state *c = st_ccore(s);
	int reason;

	if (a->type < CATAN_ACT_FOR_TWO_FIRST || a->type > CATAN_ACT_FOR_TWO_LAST)
		return CATAN_REASON_NONE;
	if (a->player < 0 || a->player >= SEATED)
		return CATAN_REASON_NOT_YOUR_TURN;
	switch (a->type) {
	case CATAN_ACT_NEUTRAL_ROAD:
	case CATAN_ACT_NEUTRAL_SETTLEMENT:
		if (!fields_zero(a, true, true, false))
			return CATAN_REASON_BAD_ARGUMENT;
		if (c->phase != CATAN_PHASE_NEUTRAL_BUILD)
			return CATAN_REASON_WRONG_PHASE;
		if (a->player != c->current)
			return CATAN_REASON_NOT_YOUR_TURN;
		return check_neutral(s, a, cs);
	case CATAN_ACT_KNIGHT_FOR_TOKENS:
		if (!fields_zero(a, false, false, false))
			return CATAN_REASON_BAD_ARGUMENT;
		reason = check_token_turn(s, a, cs);
		if (reason)
			return reason;
		if (cs->used & USED_KNIGHT) {
			catan_state__seterr(s, "Catan for Two: a Knight is turned in for tokens once a turn");
			return CATAN_REASON_VARIANT_RULE;
		}
		if (st_cplayer(s, a->player)->knights == 0)
			return CATAN_REASON_NO_CARD;
		if (cs->supply == 0) {
			catan_state__seterr(s, "Catan for Two: the supply holds no trade tokens");
			return CATAN_REASON_VARIANT_RULE;
		}
		return CATAN_REASON_NONE;
	case CATAN_ACT_FORCED_TRADE:
		if (!fields_zero(a, false, true, false))
			return CATAN_REASON_BAD_ARGUMENT;
		reason = check_token_turn(s, a, cs);
		if (reason)
			return reason;
		if (a->arg != (unsigned)(1 - a->player))
			return CATAN_REASON_INVALID_VICTIM;
		return check_spend(s, a, cs);
	case CATAN_ACT_TOKEN_ROBBER:
		if (!fields_zero(a, false, false, false))
			return CATAN_REASON_BAD_ARGUMENT;
		reason = check_token_turn(s, a, cs);
		if (reason)
			return reason;
		if (catan_turn__robber_home(s->game) == BOARD_NONE) {
			catan_state__seterr(s, "Catan for Two: the board has no desert to move the robber to");
			return CATAN_REASON_VARIANT_RULE;
		}
		if (!catan_turn__desert_elsewhere(s->game, c->robber_hex))
			return CATAN_REASON_ROBBER_SAME_HEX;
		return check_spend(s, a, cs);
	case CATAN_ACT_FORCED_TRADE_GIVE:
		if (!fields_zero(a, false, false, true))
			return CATAN_REASON_BAD_ARGUMENT;
		if (c->phase != CATAN_PHASE_FORCED_TRADE_GIVE || cs->ft_draws)
			return CATAN_REASON_WRONG_PHASE;
		if (a->player != c->current)
			return CATAN_REASON_NOT_YOUR_TURN;
		return check_give(s, a, cs);
	default:
		/* Chance outcomes are decided by their listing; other numbers
		 * of the range are no actions. */
		return a->type == CATAN_ACT_FORCED_TRADE_CARD ? CATAN_REASON_BAD_OUTCOME :
		       CATAN_REASON_UNKNOWN_ACTION;
	}
}

/* ------------------------------------------------------ move generation */

static void
add(catan_action_list *list, const catan_action *a)
{
	if (list->count < list->cap)
		list->items[list->count++] = *a;
}

static void
add_simple(const catan_state *s, catan_action_list *list, int type, int p,
	   unsigned target, unsigned arg, const struct c2_slice *cs)
{
	catan_action a = CATAN_ACTION_INIT;

	a.type = (uint16_t)type;
	a.player = (int8_t)p;
	a.target = (uint16_t)target;
	a.arg = (uint16_t)arg;
	if (c2_check_action(s, &a, cs) == CATAN_REASON_NONE)
		add(list, &a);
}

/* The neutral players' legal settlements or roads, by the bitset
 * listings; how many places there are. */
static size_t
list_neutral(const catan_state *s, int p, catan_action_list *list, int type)
{
	uint16_t ids[BOARD_MASK_EDGES];
	catan_action a = CATAN_ACTION_INIT;
	size_t total = 0;

	a.player = (int8_t)p;
	a.type = (uint16_t)type;
	for (int n = NEUTRAL_FIRST; n < NEUTRAL_FIRST + NEUTRAL_COUNT; n++) {
		size_t count = type == CATAN_ACT_NEUTRAL_SETTLEMENT ?
			       catan_build__legal_settlements(s, n, ids, ARRAY_LEN(ids)) :
			       catan_build__legal_roads(s, n, ids, ARRAY_LEN(ids));

		a.arg = (uint16_t)n;
		for (size_t i = 0; i < count && i < ARRAY_LEN(ids); i++) {
			a.target = ids[i];
			add(list, &a);
		}
		total += count;
	}
	return total;
}

static void
legal_neutral(const catan_state *s, int p, catan_action_list *list,
	      const struct c2_slice *cs)
{
	const struct board *b = &s->game->board;
	int kind;

	if (b->masks_ok) {
		/* The places come from the bitset listings (the same places
		 * check_settlement/check_road accept, in id order); each is an
		 * action c2_check_action() accepts: the owed kind is the one
		 * neutral_build_kind() finds (a settlement when one is listed,
		 * else a road; no road listed when none is possible), the
		 * player is the one to act. */
		if (cs->owed == OWED_SETTLEMENT &&
		    list_neutral(s, p, list, CATAN_ACT_NEUTRAL_SETTLEMENT) > 0)
			return;
		if (cs->owed == OWED_SETTLEMENT || cs->owed == OWED_ROAD)
			list_neutral(s, p, list, CATAN_ACT_NEUTRAL_ROAD);
		return;
	}
	kind = neutral_build_kind(s, cs->owed);
	for (int n = NEUTRAL_FIRST; n < NEUTRAL_FIRST + NEUTRAL_COUNT; n++) {
		if (kind == OWED_SETTLEMENT) {
			for (unsigned v = 0; v < b->nvert; v++)
				if (catan_build__check_settlement(s, n, v, false) == CATAN_REASON_NONE)
					add_simple(s, list, CATAN_ACT_NEUTRAL_SETTLEMENT, p, v,
						   (unsigned)n, cs);
		} else if (kind == OWED_ROAD) {
			for (unsigned e = 0; e < b->nedge; e++)
				if (catan_build__check_road(s, n, e, false) == CATAN_REASON_NONE)
					add_simple(s, list, CATAN_ACT_NEUTRAL_ROAD, p, e,
						   (unsigned)n, cs);
		}
	}
}

static void
legal_give(const catan_state *s, int p, catan_action_list *list,
	   const struct c2_slice *cs)
{
	const uint8_t *hand = st_cplayer(s, p)->hand;

	for (int i = 0; i < CATAN_NUM_RESOURCES; i++) {
		for (int j = i; j < CATAN_NUM_RESOURCES; j++) {
			catan_action a = CATAN_ACTION_INIT;

			if (cs->ft_give == 1 && j != i)
				continue;
			a.type = CATAN_ACT_FORCED_TRADE_GIVE;
			a.player = (int8_t)p;
			a.give[i]++;
			if (cs->ft_give == 2)
				a.give[j]++;
			if (cs->ft_give == 0 || !cards_covers(hand, a.give))
				continue;
			add(list, &a);
		}
	}
}

/* The token actions of the turn player in phase roll or main: what
 * c2_check_action() accepts there, without building and checking each. */
static void
legal_tokens(const catan_state *s, int p, catan_action_list *list,
	     const struct c2_slice *cs)
{
	catan_action a = CATAN_ACTION_INIT;
	unsigned have = cs->tokens[p];

	if (cs->no_tokens)
		return;
	a.player = (int8_t)p;
	if (!(cs->used & USED_KNIGHT) && st_cplayer(s, p)->knights && cs->supply) {
		a.type = CATAN_ACT_KNIGHT_FOR_TOKENS;
		add(list, &a);
	}
	/* check_spend(): once a turn, and the tokens must cover the cost;
	 * the points decide it only between the two costs. */
	if ((cs->used & USED_SPEND) || have < COST_BEHIND ||
	    (have < COST_AHEAD && spend_cost(s, p) > have))
		return;
	a.type = CATAN_ACT_FORCED_TRADE;
	a.arg = (uint16_t)(1 - p);
	add(list, &a);
	if (catan_turn__robber_home(s->game) != BOARD_NONE &&
	    catan_turn__desert_elsewhere(s->game, st_ccore(s)->robber_hex)) {
		a.type = CATAN_ACT_TOKEN_ROBBER;
		a.arg = 0;
		add(list, &a);
	}
}

static void
c2_legal_actions(const catan_state *s, int player, catan_action_list *list,
		 const void *slice)
{
	const struct c2_slice *cs = slice;
	const struct core_state *c = st_ccore(s);

	if (player != c->current || player < 0 || player >= SEATED)
		return;
	switch (c->phase) {
	case CATAN_PHASE_ROLL:
	case CATAN_PHASE_MAIN:
		legal_tokens(s, player, list, cs);
		break;
	case CATAN_PHASE_NEUTRAL_BUILD:
		legal_neutral(s, player, list, cs);
		break;
	case CATAN_PHASE_FORCED_TRADE_GIVE:
		if (!cs->ft_draws)
			legal_give(s, player, list, cs);
		break;
	default:
		break;
	}
}

/* --------------------------------------------------------------- chance */

static int
c2_chance_outcomes(const catan_state *s, catan_sink *sink, const void *slice)
{
	const struct c2_slice *cs = slice;
	const struct core_state *c = st_ccore(s);
	catan_action a = CATAN_ACTION_INIT;

	a.player = CATAN_PLAYER_CHANCE;
	if (c->chance == CHANCE_DICE && c->phase == CATAN_PHASE_SECOND_PRODUCTION) {
		unsigned den = 36u - ways(cs->first_total);

		/* "Always use the card that was drawn": event cards draw for
		 * the second production too, with no re-draw. */
		if (with_event_cards(s->game))
			return 0;
		a.type = CATAN_ACT_DICE;
		for (unsigned t = 2; t <= 12; t++) {
			if (t == cs->first_total)
				continue;
			a.target = (uint16_t)t;
			sink__outcome(sink, &a, ways(t), den);
		}
		return 1;
	}
	if (c->chance == CHANCE_FORCED_TRADE) {
		int victim = 1 - c->current;
		const struct player_state *v;

		if (c->current < 0 || c->current >= SEATED)
			return 1;
		v = st_cplayer(s, victim);
		a.type = CATAN_ACT_FORCED_TRADE_CARD;
		catan_cards__push_draws(sink, &a, v->hand);
		return 1;
	}
	return 0;
}

/* SAMPLED chance without the list (struct game_module): the second roll's
 * total is the one walking c2_chance_outcomes()' cumulative ways would
 * reach with the same single catan_rng__below(den) draw. A Forced Trade's
 * card is rare: the generic walk lists and draws it. */
static int
c2_sample_chance(catan_state *s, catan_action *out, const void *slice)
{
	const struct c2_slice *cs = slice;
	struct core_state *c = st_core(s);
	catan_action a = CATAN_ACTION_INIT;
	unsigned acc = 0, last = 2;
	uint32_t r;

	if (c->chance == CHANCE_FORCED_TRADE)
		return MODULE_SAMPLE_LIST;
	if (c->chance != CHANCE_DICE || c->phase != CATAN_PHASE_SECOND_PRODUCTION ||
	    with_event_cards(s->game))
		return MODULE_SAMPLE_NONE;
	r = catan_rng__below(&c->rng, 36u - ways(cs->first_total));
	for (unsigned t = 2; t <= 12; t++) {
		if (t == cs->first_total)
			continue;
		acc += ways(t);
		last = t;
		if (r < acc)
			break;
	}
	a.player = CATAN_PLAYER_CHANCE;
	a.type = CATAN_ACT_DICE;
	a.target = (uint16_t)last;
	*out = a;
	return MODULE_SAMPLE_DRAWN;
}

/* ---------------------------------------------------------------- apply */

/* After the draws: give back 2 cards "from your hand as it now is (all
 * you have if fewer)" (T5), or hand the turn back when there is nothing. */
static void
forced_trade_next(catan_state *s, struct c2_slice *cs)
{
	struct core_state *c = st_core(s);
	unsigned have = cards_total(st_cplayer(s, c->current)->hand);

	cs->ft_give = (uint8_t)(have < FORCED_TRADE_CARDS ? have : FORCED_TRADE_CARDS);
	if (cs->ft_give) {
		c->phase = CATAN_PHASE_FORCED_TRADE_GIVE;
		return;
	}
	catan_turn__resume(s, cs->ft_return);
	cs->ft_return = 0;
}

static void
forced_trade_draw(catan_state *s, struct c2_slice *cs)
{
	struct core_state *c = st_core(s);

	if (cs->ft_draws && cards_total(st_cplayer(s, 1 - c->current)->hand)) {
		c->chance = CHANCE_FORCED_TRADE;
		return;
	}
	cs->ft_draws = 0;
	forced_trade_next(s, cs);
}

static void
pay_tokens(catan_state *s, struct c2_slice *cs, int p)
{
	unsigned cost = spend_cost(s, p);

	if (cost > cs->tokens[p])
		cost = cs->tokens[p];
	cs->tokens[p] = (uint8_t)(cs->tokens[p] - cost);
	cs->supply = (uint8_t)(cs->supply + cost);
	cs->used |= USED_SPEND;
}

static void
c2_apply(catan_state *s, const catan_action *a, void *slice)
{
	struct c2_slice *cs = slice;
	struct core_state *c = st_core(s);
	const struct board *b = &s->game->board;
	int p = a->player;

	if (c->current < 0 || c->current >= SEATED)
		return;
	if (p == CATAN_PLAYER_CHANCE) {
		if (a->type != CATAN_ACT_FORCED_TRADE_CARD || c->chance != CHANCE_FORCED_TRADE ||
		    a->arg >= CATAN_MAX_CARD_KINDS)
			return;
		c->chance = CHANCE_NONE;
		if (st_cplayer(s, 1 - c->current)->hand[a->arg])
			catan_cards__transfer(s, 1 - c->current, c->current, a->arg, 1);
		if (cs->ft_draws)
			cs->ft_draws--;
		forced_trade_draw(s, cs);
		return;
	}
	if (p < 0 || p >= SEATED)
		return;
	switch (a->type) {
	case CATAN_ACT_NEUTRAL_ROAD:
	case CATAN_ACT_NEUTRAL_SETTLEMENT:
		if (!is_neutral(a->arg) || c->phase != CATAN_PHASE_NEUTRAL_BUILD)
			return;
		if (a->type == CATAN_ACT_NEUTRAL_ROAD) {
			if (a->target >= b->nedge || st_edge(s)[a->target] ||
			    !st_player(s, a->arg)->roads_left)
				return;
			catan_build__place_road(s, a->arg, a->target);
		} else {
			if (a->target >= b->nvert || st_vert(s)[a->target] ||
			    !st_player(s, a->arg)->settlements_left)
				return;
			catan_build__place_settlement(s, a->arg, a->target);
		}
		catan_turn__resume(s, cs->owed_return);
		cs->owed = OWED_NONE;
		cs->owed_return = 0;
		/* The neutral road may have taken the last place for the Road
		 * Building card's next road. */
		if (c->phase == CATAN_PHASE_ROAD_BUILDING)
			catan_turn__end_road_building_if_done(s, c->current);
		break;
	case CATAN_ACT_KNIGHT_FOR_TOKENS: {
		struct player_state *ps = st_player(s, p);

		if (!ps->knights)
			return;
		/* "It is possible to lose control of the Largest Army tile this
		 * way": the award rule of the base game decides (T5). */
		ps->knights--;
		cs->knights_removed++;
		cs->used |= USED_KNIGHT;
		take_tokens(cs, p, TOKENS_KNIGHT);
		catan_awards__update_largest_army(s);
		break;
	}
	case CATAN_ACT_FORCED_TRADE:
		if (c->phase != CATAN_PHASE_ROLL && c->phase != CATAN_PHASE_MAIN)
			return;
		pay_tokens(s, cs, p);
		cs->ft_draws = FORCED_TRADE_CARDS;
		cs->ft_return = (uint8_t)catan_turn__suspend(s, CATAN_PHASE_FORCED_TRADE_GIVE);
		forced_trade_draw(s, cs);
		break;
	case CATAN_ACT_TOKEN_ROBBER:
		if (catan_turn__robber_home(s->game) == BOARD_NONE)
			return;
		pay_tokens(s, cs, p);
		/* "Move the robber to the desert hex. Do not steal any cards." */
		catan_turn__send_robber_home(s);
		break;
	case CATAN_ACT_FORCED_TRADE_GIVE:
		if (c->phase != CATAN_PHASE_FORCED_TRADE_GIVE || cs->ft_draws)
			return;
		for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++) {
			unsigned n = a->give[k];

			if (n > st_cplayer(s, p)->hand[k])
				n = st_cplayer(s, p)->hand[k];
			if (n)
				catan_cards__transfer(s, p, 1 - p, k, n);
		}
		catan_turn__resume(s, cs->ft_return);
		cs->ft_return = 0;
		cs->ft_give = 0;
		break;
	default:
		break;
	}
}

/* ------------------------------------------------------------- reactions */

static void
new_turn_if_needed(const struct core_state *c, struct c2_slice *cs)
{
	if (cs->turn == c->turn && cs->player == c->current)
		return;
	cs->turn = c->turn;
	cs->player = c->current;
	cs->stage = STAGE_NONE;
	cs->first_total = 0;
	cs->used = 0;
}

/* Whether @type builds a road: the base game's, and Fishing on Catan's
 * "5 fish – Build a road at no cost." (a built road: RULINGS T17, "Catan
 * for Two's neutral road follows"). */
static inline bool
road_built_by(unsigned type)
{
	return type == CATAN_ACT_BUILD_ROAD || type == CATAN_ACT_FISH_ROAD;
}

/* A road or settlement the turn player has just built (set-up aside). */
static int
built_kind(const catan_state *s, const catan_action *a)
{
	const struct core_state *c = st_ccore(s);
	const struct board *b = &s->game->board;

	if (a->player != c->current || a->player < 0 || c->turn == 0)
		return OWED_NONE;
	if (road_built_by(a->type) && a->target < b->nedge &&
	    st_cedge(s)[a->target] == PIECE_BYTE(a->player, EDGE_KIND_ROAD))
		return OWED_ROAD;
	if (a->type == CATAN_ACT_BUILD_SETTLEMENT && a->target < b->nvert &&
	    st_cvert(s)[a->target] == PIECE_BYTE(a->player, CATAN_PIECE_SETTLEMENT))
		return OWED_SETTLEMENT;
	return OWED_NONE;
}

/* After a road or settlement of the variant's: its tokens, and the
 * neutral build it owes. Out of line: the other actions, nearly all, pass
 * through c2_after_apply() without saving registers for it. */
static __attribute__((noinline)) void
after_build(catan_state *s, const catan_action *a, struct c2_slice *cs, bool turn_began)
{
	struct core_state *c = st_core(s);
	const struct board *b = &s->game->board;
	int owed;

	/* "For each of your settlements built on the desert/coast": in the
	 * set-up and later alike; the seated players only. */
	if (a->type == CATAN_ACT_BUILD_SETTLEMENT && a->player >= 0 && a->player < SEATED &&
	    a->target < b->nvert &&
	    st_cvert(s)[a->target] == PIECE_BYTE(a->player, CATAN_PIECE_SETTLEMENT))
		take_tokens(cs, a->player, settlement_tokens(s->game, a->target));
	if (c->phase == CATAN_PHASE_GAME_OVER)
		return;

	/* "Each time you build a road/settlement, you must build 1 ... for
	 * either of the two neutral players at no cost". */
	owed = turn_began ? OWED_NONE : built_kind(s, a);
	if (owed != OWED_NONE && neutral_build_kind(s, owed) != OWED_NONE) {
		cs->owed = (uint8_t)owed;
		cs->owed_return = (uint8_t)catan_turn__suspend(s, CATAN_PHASE_NEUTRAL_BUILD);
	}
}

static void
c2_after_apply(catan_state *s, const catan_action *a, void *slice)
{
	struct c2_slice *cs = slice;
	struct core_state *c = st_core(s);
	/* An action that began a turn ended the set-up (its last road) or
	 * the turn before: nothing of it is owed a neutral build. */
	bool turn_began = cs->turn != c->turn || cs->player != c->current;

	new_turn_if_needed(c, cs);
	/* built_kind() owes only for these */
	if (road_built_by(a->type) || a->type == CATAN_ACT_BUILD_SETTLEMENT)
		after_build(s, a, cs, turn_began);
	if (c->phase == CATAN_PHASE_GAME_OVER)
		return;

	/* "complete two full Production phases, one after the other, before
	 * moving on to the Action phase" */
	if (cs->stage == STAGE_NONE && c->turn > 0 && catan_turn__has_rolled(s)) {
		cs->stage = STAGE_FIRST;
		cs->first_total = c->dice;
	}
	if (cs->stage == STAGE_FIRST && c->phase == CATAN_PHASE_MAIN &&
	    c->chance == CHANCE_NONE) {
		cs->stage = STAGE_SECOND;
		catan_turn__suspend(s, CATAN_PHASE_SECOND_PRODUCTION);
		catan_turn__call_dice(s);
	}
}

/* Edits (edit.h) start a turn before or after the roll and take the game
 * out of this module's phases; the per-turn fields follow them. Every
 * position reached by actions already satisfies these, so a loaded slice
 * passes unchanged. */
static void
c2_refresh(catan_state *s, void *slice)
{
	struct c2_slice *cs = slice;
	const struct core_state *c = st_ccore(s);

	new_turn_if_needed(c, cs);
	cs->no_tokens = tokens_unused(s->game);
	if (cs->no_tokens) {
		memset(cs->tokens, 0, sizeof(cs->tokens));
		cs->supply = 0;
	}
	if (c->phase == CATAN_PHASE_ROLL && cs->stage != STAGE_NONE) {
		cs->stage = STAGE_NONE;
		cs->first_total = 0;
	}
	/* Back in the Action phase after the roll, the two productions are
	 * over, unless another module's chance event of the first one is
	 * still pending (Fishing on Catan's fish draws, a module listed
	 * before this one: the second roll follows them). */
	if (c->phase == CATAN_PHASE_MAIN && catan_turn__has_rolled(s) &&
	    c->chance == CHANCE_NONE && cs->stage != STAGE_SECOND) {
		cs->stage = STAGE_SECOND;
		cs->first_total = c->dice;
	}
	if (c->phase != CATAN_PHASE_NEUTRAL_BUILD && c->phase != CATAN_PHASE_GAME_OVER) {
		cs->owed = OWED_NONE;
		cs->owed_return = 0;
	}
	if (c->phase != CATAN_PHASE_FORCED_TRADE_GIVE && c->phase != CATAN_PHASE_GAME_OVER) {
		cs->ft_draws = 0;
		cs->ft_give = 0;
		cs->ft_return = 0;
	}
}

/* --------------------------------------------------------------- queries */

static int
c2_counter(const catan_state *s, int player, const char *name, int32_t *out,
	   const void *slice)
{
	const struct c2_slice *cs = slice;

	(void)s;
	/* Without trade tokens their counters are not there. */
	if (player >= 0 && player < SEATED && !cs->no_tokens && strcmp(name, "trade_tokens") == 0) {
		*out = cs->tokens[player];
		return CATAN_OK;
	}
	if (player == -1 && !cs->no_tokens && strcmp(name, "trade_token_supply") == 0) {
		*out = cs->supply;
		return CATAN_OK;
	}
	/* Development cards out of the game, so that deck + hands + played
	 * stays what the box holds (doc/variants/catan_for_two.md). */
	if (player == -1 && strcmp(name, "dev_removed_knight") == 0) {
		*out = cs->knights_removed;
		return CATAN_OK;
	}
	if (player == -1 && strcmp(name, "second_roll_excluded") == 0) {
		*out = cs->stage == STAGE_SECOND ? cs->first_total : 0;
		return CATAN_OK;
	}
	return CATAN_ENOTFOUND;
}

static const char *const c2_counters[] = {
	"trade_tokens", "trade_token_supply", "dev_removed_knight", "second_roll_excluded", NULL,
};

static const char *
c2_phase_name(int phase)
{
	switch (phase) {
	case CATAN_PHASE_NEUTRAL_BUILD:
		return "neutral_build";
	case CATAN_PHASE_FORCED_TRADE_GIVE:
		return "forced_trade_give";
	case CATAN_PHASE_SECOND_PRODUCTION:
		return "second_production";
	default:
		return NULL;
	}
}

/* ------------------------------------------------------------- notation */

static const char *
type_word(unsigned type)
{
	switch (type) {
	case CATAN_ACT_NEUTRAL_ROAD: return "neutral_road";
	case CATAN_ACT_NEUTRAL_SETTLEMENT: return "neutral_settlement";
	case CATAN_ACT_KNIGHT_FOR_TOKENS: return "knight_for_tokens";
	case CATAN_ACT_FORCED_TRADE: return "forced_trade";
	case CATAN_ACT_FORCED_TRADE_CARD: return "forced_trade_card";
	case CATAN_ACT_FORCED_TRADE_GIVE: return "forced_trade_give";
	case CATAN_ACT_TOKEN_ROBBER: return "token_robber";
	default: return NULL;
	}
}

static int
c2_format_action(const catan_game *g, const catan_action *a, char *buf,
		 size_t cap, size_t *len_out)
{
	struct catan_text w = { buf, cap, 0, CATAN_OK };
	const char *word = type_word(a->type);
	bool chance = a->type == CATAN_ACT_FORCED_TRADE_CARD;
	int rc = CATAN_OK;

	if (!word || a->flags)
		return CATAN_EINVAL;
	if (chance ? a->player != CATAN_PLAYER_CHANCE :
	    (a->player < 0 || a->player >= g->num_players))
		return CATAN_EINVAL;
	if (chance)
		catan_text__put(&w, "chance %s", word);
	else
		catan_text__put(&w, "p%d %s", a->player, word);
	switch (a->type) {
	case CATAN_ACT_NEUTRAL_ROAD:
	case CATAN_ACT_NEUTRAL_SETTLEMENT:
		/* Any owner is spelt, so that a refusal can name it. */
		if (!fields_zero(a, true, true, false) || a->arg >= catan_game__owners(g))
			return CATAN_EINVAL;
		catan_text__put(&w, " ");
		rc = catan_text__location(&w, g, a->type == CATAN_ACT_NEUTRAL_ROAD ?
					  CATAN_LOC_EDGE : CATAN_LOC_VERTEX, a->target);
		catan_text__put(&w, " p%u", (unsigned)a->arg);
		break;
	case CATAN_ACT_FORCED_TRADE:
		if (!fields_zero(a, false, true, false) || a->arg >= g->num_players)
			return CATAN_EINVAL;
		catan_text__put(&w, " p%u", (unsigned)a->arg);
		break;
	case CATAN_ACT_FORCED_TRADE_CARD:
		if (!fields_zero(a, false, true, false) || a->arg >= g->card_kinds)
			return CATAN_EINVAL;
		catan_text__put(&w, " %s", g->card_names[a->arg]);
		break;
	case CATAN_ACT_FORCED_TRADE_GIVE: {
		const char *sep = " ";

		if (!fields_zero(a, false, false, true) || cards_total(a->give) == 0)
			return CATAN_EINVAL;
		for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++) {
			if (!a->give[k])
				continue;
			if (k >= g->card_kinds)
				return CATAN_EINVAL;
			catan_text__put(&w, "%s%s=%u", sep, g->card_names[k],
					(unsigned)a->give[k]);
			sep = ",";
		}
		break;
	}
	default:
		if (!fields_zero(a, false, false, false))
			return CATAN_EINVAL;
		break;
	}
	return catan_text__finish_action(&w, rc, buf, cap, len_out);
}

static int
c2_parse_action(const catan_game *g, const char *name, const char *args,
		catan_action *out)
{
	char words[3][CATAN_TEXT_WORD];
	int n, kind = 0;
	unsigned id = 0, who = 0;
	uint16_t type = 0;

	for (uint16_t t = CATAN_ACT_FOR_TWO_FIRST; t <= CATAN_ACT_TOKEN_ROBBER; t++)
		if (strcmp(name, type_word(t)) == 0)
			type = t;
	if (!type)
		return CATAN_ENOTFOUND;
	n = catan_text__split_words(args ? args : "", words, 3);
	memset(out, 0, sizeof(*out));
	out->type = type;
	switch (type) {
	case CATAN_ACT_NEUTRAL_ROAD:
	case CATAN_ACT_NEUTRAL_SETTLEMENT:
		if (n != 2 || catan_location_parse(g, words[0], &kind, &id) != CATAN_OK ||
		    kind != (type == CATAN_ACT_NEUTRAL_ROAD ? CATAN_LOC_EDGE : CATAN_LOC_VERTEX) ||
		    catan_text__parse_player_word(words[1], &who) != CATAN_OK)
			return CATAN_EINVAL;
		out->target = (uint16_t)id;
		out->arg = (uint16_t)who;
		return CATAN_OK;
	case CATAN_ACT_FORCED_TRADE:
		if (n != 1 || catan_text__parse_player_word(words[0], &who) != CATAN_OK)
			return CATAN_EINVAL;
		out->arg = (uint16_t)who;
		return CATAN_OK;
	case CATAN_ACT_FORCED_TRADE_CARD:
		if (n != 1 || (kind = catan_text__parse_resource(g, words[0])) < 0)
			return CATAN_EINVAL;
		out->arg = (uint16_t)kind;
		return CATAN_OK;
	case CATAN_ACT_FORCED_TRADE_GIVE:
		if (n != 1 || catan_text__parse_cards(g, words[0], out->give) != CATAN_OK)
			return CATAN_EINVAL;
		return CATAN_OK;
	default:
		return n == 0 ? CATAN_OK : CATAN_EINVAL;
	}
}

static const char *const c2_variants[] = { "base", NULL };

const struct catan_module_ops catan_module_catan_for_two = {
	.version = CATAN_MODULE_OPS_VERSION,
	.name = "catan_for_two",
	.description = "Traders & Barbarians: CATAN for Two — two players, two neutral players, two productions, trade tokens",
	.variants = c2_variants,
	.conflicts = NULL,
	.params = c2_params,
	.state_size = sizeof(struct c2_slice),
	.build_game = c2_build_game,
	.init_state = c2_init_state,
	.check_action = c2_check_action,
	.legal_actions = c2_legal_actions,
	.after_apply = c2_after_apply,
	.refresh = c2_refresh,
	.action_first = CATAN_ACT_FOR_TWO_FIRST,
	.action_last = CATAN_ACT_FOR_TWO_LAST,
	.min_players = 2,
	.max_players = 2,
	.neutral_players = NEUTRAL_COUNT,
	.apply = c2_apply,
	.chance_outcomes = c2_chance_outcomes,
	.phase_name = c2_phase_name,
	.format_action = c2_format_action,
	.parse_action = c2_parse_action,
	.counter = c2_counter,
	.counter_names = c2_counters,
	.phase_first = CATAN_PHASE_FOR_TWO_FIRST,
	.phase_last = CATAN_PHASE_FOR_TWO_LAST,
	.chance_first = CHANCE_C2_FIRST,
	.chance_last = CHANCE_C2_LAST,
};
