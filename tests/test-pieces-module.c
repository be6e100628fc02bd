/*
 * The pieces test module (test-pieces-module.h). Its caravans follow
 * histories-merchants-of-europe.txt, "Move Caravans and Deposit Goods
 * Tiles": "You move your caravans from trade route to trade route. You may
 * never move a caravan onto or across an unopened route." and "Next to
 * each trade route, at most 2 caravans belonging to any players may stand
 * ... Your caravan's move may therefore not end on a trade route already
 * occupied by 2 caravans." A road stands for an opened trade route, a
 * building for a trading post; the salt a move costs is left out (one
 * move a turn instead). Its bridges follow traders-and-barbarians.txt,
 * Rivers of Catan: "A new bridge must connect to one of your existing
 * roads or buildings. You may not build a bridge past an opponent's
 * settlement or city." and "Bridges count as roads for purposes of the
 * Longest Route bonus VP tile"; every empty edge stands for a bridge site
 * (the board has no rivers).
 * SPDX-License-Identifier: MIT
 */
#include <stdlib.h>

#include "catan-private.h"
#include "test-pieces-module.h"
#include "test-module-kit.h"

enum { K_CARAVAN = 0, K_MERCHANT = 1, K_BRIDGE = 2 };

static const catan_piece_spec kinds[] = {
	{ "caravan", CATAN_LOC_EDGE, 2, 2, CATAN_PIECE_MOVES },
	{ "merchant", CATAN_LOC_VERTEX, 2, 0, CATAN_PIECE_MOVES },
	/* "also take the 3 bridges in your color" */
	{ "bridge", CATAN_LOC_EDGE, 3, 0, CATAN_PIECE_ROAD_LIKE },
};

struct pt_slice {
	uint8_t moved; /* a caravan moved this turn */
};

static int
pt_build_game(catan_game *g)
{
	for (size_t i = 0; i < ARRAY_LEN(kinds); i++) {
		int rc = catan_game_declare_piece(g, &kinds[i]);

		if (rc != CATAN_OK)
			return rc;
	}
	/* Room for a caravan and a bridge on every edge and every move. */
	g->max_actions = (uint16_t)(g->max_actions + 2u * g->board.nedge +
				    2u * BOARD_VERTEX_PATHS * 2u);
	return CATAN_OK;
}

/* A road (a bridge is no trade route). */
static bool
road_of(const catan_state *s, unsigned e, int owner)
{
	int o = edge_road_owner(st_cedge(s)[e]);

	return o >= 0 && (owner < 0 || o == owner);
}

/* "the trade route next to which you place your caravan must border one
 * of your trading posts, and it must be your own trade route" (198). */
static bool
caravan_site(const catan_state *s, unsigned e, int player)
{
	const struct board_edge *be = &s->game->board.edge[e];

	if (!road_of(s, e, player))
		return false;
	for (int i = 0; i < 2; i++) {
		uint8_t b = st_cvert(s)[be->vert[i]];

		if (b && PIECE_OWNER(b) == player)
			return true;
	}
	return false;
}

static bool
edges_meet(const catan_game *g, unsigned a, unsigned b)
{
	const struct board_edge *ea = &g->board.edge[a], *eb = &g->board.edge[b];

	return a != b && (ea->vert[0] == eb->vert[0] || ea->vert[0] == eb->vert[1] ||
			  ea->vert[1] == eb->vert[0] || ea->vert[1] == eb->vert[1]);
}

static bool
player_turn(const catan_state *s, int player)
{
	const struct core_state *c = st_ccore(s);

	return c->phase == CATAN_PHASE_MAIN && player == c->current;
}

/* "Bridges cost 2 brick and 1 wood" (Rivers of Catan). */
static void
bridge_cost(uint8_t cost[CATAN_MAX_CARD_KINDS])
{
	memset(cost, 0, CATAN_MAX_CARD_KINDS);
	cost[CATAN_BRICK] = 2;
	cost[CATAN_LUMBER] = 1;
}

/* A bridge of @player on @e, the turn and the action's form checked. */
static int
check_bridge(const catan_state *s, int player, unsigned e)
{
	uint8_t cost[CATAN_MAX_CARD_KINDS];
	int reason;

	/* "Bridges are placed on empty bridge sites": any empty edge here;
	 * the stock first, as for the core's pieces. */
	reason = catan_pieces__check_place(s, K_BRIDGE, player, e);
	if (reason)
		return reason;
	/* "A new bridge must connect to one of your existing roads or
	 * buildings. You may not build a bridge past an opponent's
	 * settlement or city." */
	if (!catan_build__network_reaches(s, player, e))
		return CATAN_REASON_NOT_CONNECTED;
	bridge_cost(cost);
	if (!cards_covers(st_cplayer(s, player)->hand, cost))
		return CATAN_REASON_INSUFFICIENT_RESOURCES;
	return CATAN_REASON_NONE;
}

static int
pt_check_action(const catan_state *s, const catan_action *a, const void *slice)
{
	const struct pt_slice *sl = slice;
	unsigned nedge = s->game->board.nedge;

	if (a->type < CATAN_TEST_ACT_SET_UP_CARAVAN || a->type > CATAN_TEST_ACT_BUILD_BRIDGE)
		return CATAN_REASON_NONE;
	if (!player_turn(s, a->player))
		return CATAN_REASON_WRONG_PHASE;
	if (a->flags || a->target >= nedge ||
	    (a->type == CATAN_TEST_ACT_MOVE_CARAVAN ? a->arg >= nedge : a->arg != 0))
		return CATAN_REASON_BAD_LOCATION;
	for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++)
		if (a->give[k] || a->get[k])
			return CATAN_REASON_BAD_ARGUMENT;
	if (a->type == CATAN_TEST_ACT_BUILD_BRIDGE)
		return check_bridge(s, a->player, a->target);
	if (a->type == CATAN_TEST_ACT_SET_UP_CARAVAN) {
		if (!caravan_site(s, a->target, a->player))
			return CATAN_REASON_NOT_CONNECTED;
		return catan_pieces__check_place(s, K_CARAVAN, a->player, a->target);
	}
	if (sl->moved)
		return CATAN_REASON_VARIANT_RULE;
	if (catan_pieces__count_at(s, K_CARAVAN, a->player, a->arg) == 0)
		return CATAN_REASON_BAD_LOCATION;
	/* "You may never move a caravan onto ... an unopened route." */
	if (!edges_meet(s->game, a->arg, a->target) || !road_of(s, a->target, -1))
		return CATAN_REASON_NOT_CONNECTED;
	/* "may not end on a trade route already occupied by 2 caravans" */
	return catan_pieces__room_at(s, K_CARAVAN, a->target);
}

static void
pt_legal_actions(const catan_state *s, int player, catan_action_list *list, const void *slice)
{
	const struct pt_slice *sl = slice;
	unsigned nedge = s->game->board.nedge;
	catan_action a = CATAN_ACTION_INIT;
	uint16_t from[2];
	size_t nfrom = 0;

	if (!player_turn(s, player))
		return;
	a.player = (int8_t)player;
	a.type = CATAN_TEST_ACT_BUILD_BRIDGE;
	for (unsigned e = 0; e < nedge && list->count < list->cap; e++) {
		a.target = (uint16_t)e;
		if (check_bridge(s, player, e) == CATAN_REASON_NONE)
			list->items[list->count++] = a;
	}
	a.type = CATAN_TEST_ACT_SET_UP_CARAVAN;
	for (unsigned e = 0; e < nedge && list->count < list->cap; e++) {
		a.target = (uint16_t)e;
		if (caravan_site(s, e, player) &&
		    catan_pieces__check_place(s, K_CARAVAN, player, e) == CATAN_REASON_NONE)
			list->items[list->count++] = a;
	}
	if (sl->moved ||
	    catan_state_piece_locations(s, K_CARAVAN, player, from, ARRAY_LEN(from), &nfrom))
		return;
	a.type = CATAN_TEST_ACT_MOVE_CARAVAN;
	for (unsigned e = 0; e < nedge; e++)
		for (size_t i = 0; i < nfrom && list->count < list->cap; i++) {
			if (i && from[i] == from[i - 1])
				continue;
			a.target = (uint16_t)e;
			a.arg = from[i];
			if (pt_check_action(s, &a, slice) == CATAN_REASON_NONE)
				list->items[list->count++] = a;
		}
}

static void
pt_apply(catan_state *s, const catan_action *a, void *slice)
{
	struct pt_slice *sl = slice;

	if (a->type == CATAN_TEST_ACT_BUILD_BRIDGE) {
		uint8_t cost[CATAN_MAX_CARD_KINDS];

		bridge_cost(cost);
		catan_cards__pay(s, a->player, cost);
		catan_pieces__place(s, K_BRIDGE, a->player, a->target);
	} else if (a->type == CATAN_TEST_ACT_SET_UP_CARAVAN) {
		catan_pieces__place(s, K_CARAVAN, a->player, a->target);
	} else if (catan_pieces__move(s, K_CARAVAN, a->player, a->arg, a->target)) {
		sl->moved = 1;
	}
}

static void
pt_after_apply(catan_state *s, const catan_action *a, void *slice)
{
	struct pt_slice *sl = slice;

	(void)s;
	if (a->type == CATAN_ACT_END_TURN)
		sl->moved = 0;
}

/* The actions' names, by type from CATAN_TEST_ACT_SET_UP_CARAVAN. */
static const char *const action_names[] = { "set_up_caravan", "move_caravan", "build_bridge" };

static int
pt_format_action(const catan_game *g, const catan_action *a, char *buf, size_t cap,
		 size_t *len_out)
{
	struct catan_text w = { buf, cap, 0, CATAN_OK };
	bool move = a->type == CATAN_TEST_ACT_MOVE_CARAVAN;
	int rc = CATAN_OK;

	if (a->type < CATAN_TEST_ACT_SET_UP_CARAVAN || a->type > CATAN_TEST_ACT_BUILD_BRIDGE ||
	    a->flags || a->player < 0 || a->player >= g->num_players || a->target >= g->board.nedge ||
	    (move ? a->arg >= g->board.nedge : a->arg != 0))
		return CATAN_EINVAL;
	for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++)
		if (a->give[k] || a->get[k])
			return CATAN_EINVAL;
	catan_text__put(&w, "p%d %s ", a->player, action_names[a->type - CATAN_TEST_ACT_SET_UP_CARAVAN]);
	if (move) {
		rc = catan_text__location(&w, g, CATAN_LOC_EDGE, a->arg);
		catan_text__put(&w, " ");
	}
	if (rc == CATAN_OK)
		rc = catan_text__location(&w, g, CATAN_LOC_EDGE, a->target);
	if (rc != CATAN_OK)
		return rc;
	return catan_text__finish(&w, len_out);
}

/* The next word of @args (at most 39 characters) into @word; the rest. */
static const char *
next_word(const char *args, char word[40])
{
	size_t len;

	while (*args == ' ')
		args++;
	len = strcspn(args, " ");
	if (len >= 40)
		len = 0;
	memcpy(word, args, len);
	word[len] = '\0';
	return args + len;
}

static int
pt_parse_action(const catan_game *g, const char *name, const char *args, catan_action *out)
{
	bool move = strcmp(name, "move_caravan") == 0;
	char w[2][40];
	unsigned id[2];
	int kind, n = move ? 2 : 1, type = -1;

	for (size_t t = 0; t < ARRAY_LEN(action_names); t++)
		if (strcmp(name, action_names[t]) == 0)
			type = CATAN_TEST_ACT_SET_UP_CARAVAN + (int)t;
	if (type < 0)
		return CATAN_ENOTFOUND;
	args = args ? args : "";
	for (int i = 0; i < n; i++) {
		args = next_word(args, w[i]);
		if (catan_location_parse(g, w[i], &kind, &id[i]) != CATAN_OK ||
		    kind != CATAN_LOC_EDGE)
			return CATAN_EINVAL;
	}
	while (*args == ' ')
		args++;
	if (*args)
		return CATAN_EINVAL;
	memset(out, 0, sizeof(*out));
	out->type = (uint16_t)type;
	out->target = (uint16_t)id[n - 1];
	out->arg = (uint16_t)(move ? id[0] : 0);
	return CATAN_OK;
}

static const char *const pt_variants[] = { "base", NULL };

const struct catan_module_ops catan_test_pieces_module = {
	.version = CATAN_MODULE_OPS_VERSION,
	.name = "pieces_test",
	.description = "declared pieces: caravans that move and stack two to an edge, merchants, bridges",
	.variants = pt_variants,
	.state_size = sizeof(struct pt_slice),
	.build_game = pt_build_game,
	.check_action = pt_check_action,
	.legal_actions = pt_legal_actions,
	.after_apply = pt_after_apply,
	.action_first = CATAN_TEST_ACT_SET_UP_CARAVAN,
	.action_last = CATAN_TEST_ACT_BUILD_BRIDGE,
	.apply = pt_apply,
	.format_action = pt_format_action,
	.parse_action = pt_parse_action,
};

void
catan_test_add_pieces_module(catan_ctx *ctx)
{
	catan_test_add_module(ctx, &catan_test_pieces_module);
}
