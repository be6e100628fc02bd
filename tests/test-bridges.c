/*
 * Unit tests: road-like declared pieces (CATAN_PIECE_ROAD_LIKE,
 * catanrules/piece.h), the bridges of the pieces test module
 * (test-pieces-module.h), after traders-and-barbarians.txt, Rivers of
 * Catan, "Bridges": "Bridges are placed on empty bridge sites. A new
 * bridge must connect to one of your existing roads or buildings. You may
 * not build a bridge past an opponent's settlement or city." and "Bridges
 * count as roads for purposes of the Longest Route bonus VP tile"; and
 * RULINGS.md T11 ("Bridges are not roads for Earthquake and cannot be
 * damaged") and T17 ("A bridge is part of its owner's network (roads and
 * settlements may extend from it)"). Most tests run twice: on the base
 * board's piece sets and on the general paths' piece lists.
 * SPDX-License-Identifier: MIT
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catan-private.h"
#include "test-common.h"
#include "test-pieces-module.h"

#define GAME "base(players=3,seed=7)+pieces_test"
#define TEXT_CAP (64 * 1024)

enum { CARAVAN = 0, MERCHANT = 1, BRIDGE = 2 };

/*
 * A simple path of six intersections v[0..5] joined by the edges
 * e[0..4] (e[i] from v[i] to v[i+1]), and an edge x off v[5] not on the
 * path.
 */
struct fixture {
	catan_ctx *ctx;
	catan_game *g;
	catan_state *s;
	unsigned v[6], e[5], x;
	char vn[6][32], en[5][32], xn[32];
};

static bool
on_path(const struct fixture *f, unsigned depth, unsigned v)
{
	for (unsigned i = 0; i < depth; i++)
		if (f->v[i] == v)
			return true;
	return false;
}

/* Depth-first: the path grows from v[depth - 1] to six intersections,
 * the inner ones inland (a third edge, for an opponent's road). */
static bool
grow_path(struct fixture *f, unsigned depth)
{
	const struct board *b = &f->g->board;
	const struct board_vertex *bv = &b->vert[f->v[depth - 1]];

	if (depth == 6)
		return true;
	for (unsigned i = 0; i < bv->nadj && i < BOARD_VERTEX_PATHS; i++) {
		if (bv->adj[i] >= b->nvert || on_path(f, depth, bv->adj[i]) ||
		    (depth < 5 && b->vert[bv->adj[i]].nadj < 3))
			continue;
		f->v[depth] = bv->adj[i];
		f->e[depth - 1] = bv->edge[i];
		if (grow_path(f, depth + 1))
			return true;
	}
	return false;
}

static void
open_game_on(struct fixture *f, bool general)
{
	const struct board *b;
	const struct board_vertex *last;

	f->ctx = catan_test_ctx_new();
	f->ctx->general_paths = general;
	catan_test_add_pieces_module(f->ctx);
	f->g = catan_test_game_new(f->ctx, GAME);
	f->s = catan_test_state_new(f->g);
	ck_assert(!!f->g->board.masks_ok == !general);
	b = &f->g->board;
	/* an inland start, so that the path has room */
	for (f->v[0] = 0; f->v[0] < b->nvert && b->vert[f->v[0]].nadj < 3; f->v[0]++)
		;
	ck_assert_uint_lt(f->v[0], b->nvert);
	ck_assert(grow_path(f, 1));
	last = &b->vert[f->v[5]];
	f->x = BOARD_NONE;
	for (unsigned i = 0; i < last->nadj; i++)
		if (last->edge[i] != f->e[4] && !on_path(f, 6, last->adj[i]))
			f->x = last->edge[i];
	ck_assert_uint_ne(f->x, BOARD_NONE);
	for (int i = 0; i < 6; i++)
		CATAN_ASSERT_OK(catan_location_format(f->g, CATAN_LOC_VERTEX, f->v[i], f->vn[i],
						      sizeof(f->vn[i]), NULL));
	for (int i = 0; i < 5; i++)
		CATAN_ASSERT_OK(catan_location_format(f->g, CATAN_LOC_EDGE, f->e[i], f->en[i],
						      sizeof(f->en[i]), NULL));
	CATAN_ASSERT_OK(catan_location_format(f->g, CATAN_LOC_EDGE, f->x, f->xn, sizeof(f->xn),
					      NULL));
	CATAN_ASSERT_OK(catan_edit_set_turn(f->s, 0, CATAN_PHASE_MAIN, 8));
}

/* On the piece sets; the looped tests' _i 1 takes the lists. */
static void
open_game(struct fixture *f)
{
	open_game_on(f, false);
}

static void
close_game(struct fixture *f)
{
	catan_state_free(f->s);
	catan_game_unref(f->g);
	catan_ctx_free(f->ctx);
}

/* Cards for one bridge (the test module's 2 brick and 1 lumber). */
static void
fund_bridge(struct fixture *f, int player)
{
	CATAN_ASSERT_OK(catan_edit_set_cards(f->s, player, CATAN_BRICK, 2));
	CATAN_ASSERT_OK(catan_edit_set_cards(f->s, player, CATAN_LUMBER, 1));
}

/* "<head> <where>" applied, refused or listed. */
/* Cards for a road and a settlement. */
static void
fund_settlement(struct fixture *f, int player)
{
	static const int kinds[] = { CATAN_LUMBER, CATAN_BRICK, CATAN_WOOL, CATAN_GRAIN };

	for (size_t i = 0; i < ARRAY_LEN(kinds); i++)
		CATAN_ASSERT_OK(catan_edit_set_cards(f->s, player, kinds[i],
						     i < 2 ? 2 : 1));
}

static void
actf(struct fixture *f, const char *head, const char *where)
{
	char text[128];

	snprintf(text, sizeof(text), "%s %s", head, where);
	CATAN_APPLY(f->s, text);
}

static void
refusef(struct fixture *f, const char *head, const char *where, int reason)
{
	char text[128];

	snprintf(text, sizeof(text), "%s %s", head, where);
	CATAN_REFUSE(f->s, text, reason);
}

static bool
listed(const catan_state *s, int player, const char *head, const char *where)
{
	catan_action want, list[1024];
	char text[128];
	size_t n = 0;

	snprintf(text, sizeof(text), "%s %s", head, where);
	CATAN_ASSERT_OK(catan_action_parse(s, text, &want));
	CATAN_ASSERT_OK(catan_state_legal_actions(s, player, list, ARRAY_LEN(list), &n));
	for (size_t i = 0; i < n; i++)
		if (catan_action_compare(&list[i], &want) == 0)
			return true;
	return false;
}

static catan_player_info
info_of(const catan_state *s, int player)
{
	catan_player_info pi;

	CATAN_ASSERT_OK(catan_state_player(s, player, &pi));
	return pi;
}

#define road_length(s_, p_) (info_of((s_), (p_)).longest_road)
#define roads_left(s_, p_) (info_of((s_), (p_)).roads_left)

static uint32_t
bridges_left(const catan_state *s, int player)
{
	uint32_t n = 99;

	CATAN_ASSERT_OK(catan_state_piece_stock(s, BRIDGE, player, &n));
	return n;
}

static uint32_t
bridges_at(const catan_state *s, int owner, unsigned e)
{
	uint32_t n = 99;

	CATAN_ASSERT_OK(catan_state_pieces_at(s, BRIDGE, owner, e, &n));
	return n;
}

/* What the engine derives from the bytes (piece sets or lists, road
 * lengths, Longest Road) is what it kept step by step. */
static void
check_derived(const catan_state *s)
{
	catan_state *t;

	CATAN_ASSERT_OK(catan_state_clone(&t, s));
	catan_build__refresh_sets(t);
	catan_awards__update_longest_road(t);
	ck_assert_msg(catan_state_equal(s, t), "derived data differ from a refresh");
	catan_state_free(t);
}

/* p0's chain: roads on e[0], e[1], e[3], e[4] (edits), nothing on e[2]. */
static void
roads_around_gap(struct fixture *f)
{
	for (int i = 0; i < 5; i++)
		if (i != 2)
			CATAN_ASSERT_OK(catan_edit_place(f->s, 0, CATAN_PIECE_ROAD, f->e[i]));
}

static char *
text_of(const catan_state *s, int observer)
{
	char *buf = malloc(TEXT_CAP);

	ck_assert_ptr_nonnull(buf);
	if (observer == -99)
		CATAN_ASSERT_OK(catan_state_snapshot(s, buf, TEXT_CAP, NULL));
	else if (observer == -98)
		CATAN_ASSERT_OK(catan_state_to_json(s, CATAN_OBSERVER_PUBLIC, buf, TEXT_CAP, NULL));
	else
		CATAN_ASSERT_OK(catan_state_observation_string(s, observer, buf, TEXT_CAP,
							       NULL));
	return buf;
}

/* ------------------------------------------------------- declaration */

START_TEST(test_bridge_declared)
{
	struct fixture f;
	catan_piece_info info;

	open_game(&f);
	CATAN_ASSERT_OK(catan_game_piece(f.g, BRIDGE, &info));
	ck_assert_str_eq(info.name, "bridge");
	ck_assert_uint_eq(info.place, CATAN_LOC_EDGE);
	/* "also take the 3 bridges in your color" */
	ck_assert_uint_eq(info.stock, 3);
	ck_assert_uint_eq(info.flags, CATAN_PIECE_ROAD_LIKE);
	/* declared with no limit: a road-like piece stands alone */
	ck_assert_uint_eq(info.stack_limit, 1);
	ck_assert_uint_eq(bridges_left(f.s, 2), 3);
	close_game(&f);
	/* the piece lists have room for the network: roads and bridges */
	open_game_on(&f, true);
	ck_assert_uint_eq(f.g->list_roads, 15 + 3);
	close_game(&f);
}
END_TEST

static const struct {
	catan_piece_spec spec;
	const char *why;
} bad_road_like[] = {
	{ { "bridge", CATAN_LOC_VERTEX, 3, 0, CATAN_PIECE_ROAD_LIKE }, "stands on edges" },
	{ { "bridge", CATAN_LOC_HEX, 3, 0, CATAN_PIECE_ROAD_LIKE }, "stands on edges" },
	{ { "bridge", CATAN_LOC_EDGE, 3, 0, CATAN_PIECE_ROAD_LIKE | CATAN_PIECE_MOVES },
	  "does not move" },
	{ { "bridge", CATAN_LOC_EDGE, 3, 2, CATAN_PIECE_ROAD_LIKE }, "stack limit 1" },
	{ { "bridge", CATAN_LOC_EDGE, 3, 0, CATAN_PIECE_ROAD_LIKE | 0x80u }, "unknown flags" },
};
static int bad_index;

static int
bad_build(catan_game *g)
{
	return catan_game_declare_piece(g, &bad_road_like[bad_index].spec);
}

static const struct {
	catan_piece_spec spec;
} good_road_like[] = {
	{ { "bridge", CATAN_LOC_EDGE, 3, 1, CATAN_PIECE_ROAD_LIKE } },
};

static int
good_build(catan_game *g)
{
	return catan_game_declare_piece(g, &good_road_like[0].spec);
}

/* A module table with one more module (the registry is static). */
static catan_ctx *
ctx_with(const struct catan_module_ops *ops)
{
	static const struct catan_module_ops *table[64];
	catan_ctx *ctx = catan_test_ctx_new();
	size_t n = 0;

	for (; n < ctx->nmodules; n++)
		table[n] = ctx->modules[n];
	table[n++] = ops;
	table[n] = NULL;
	ctx->modules = table;
	ctx->nmodules = n;
	return ctx;
}

START_TEST(test_bridge_declarations_refused)
{
	static const char *const variants[] = { "base", NULL };
	static struct catan_module_ops bad = {
		.version = CATAN_MODULE_OPS_VERSION, .name = "bad_bridges",
		.description = "refused road-like declarations", .variants = variants,
		.build_game = bad_build,
	};
	catan_ctx *ctx = ctx_with(&bad);
	catan_game *g = NULL;

	bad_index = _i;
	CATAN_ASSERT_ERR(catan_game_new_from_string(&g, ctx, "base+bad_bridges"), CATAN_EINVAL);
	ck_assert_ptr_null(g);
	ck_assert_msg(strstr(catan_ctx_errmsg(ctx), bad_road_like[_i].why) != NULL,
		      "message '%s' lacks '%s'", catan_ctx_errmsg(ctx), bad_road_like[_i].why);
	catan_ctx_free(ctx);
}
END_TEST

START_TEST(test_bridge_stack_limit_one_accepted)
{
	static const char *const variants[] = { "base", NULL };
	static struct catan_module_ops good = {
		.version = CATAN_MODULE_OPS_VERSION, .name = "good_bridges",
		.description = "a road-like kind with its limit spelt out", .variants = variants,
		.build_game = good_build,
	};
	catan_ctx *ctx = ctx_with(&good);
	catan_game *g = catan_test_game_new(ctx, "base+good_bridges");
	catan_piece_info info;

	CATAN_ASSERT_OK(catan_game_piece(g, 0, &info));
	ck_assert_uint_eq(info.stack_limit, 1);
	ck_assert_uint_eq(info.flags, CATAN_PIECE_ROAD_LIKE);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* ------------------------------------------------- the road network */

/* traders-and-barbarians.txt, Rivers of Catan: "Bridges count as roads for
 * purposes of the Longest Route bonus VP tile": road, road, bridge, road,
 * road is a route of 5, and takes Longest Road. The bridge comes from its
 * own stock, not from the roads. */
START_TEST(test_bridge_longest_road)
{
	struct fixture f;
	catan_player_info pi;

	open_game_on(&f, _i);
	roads_around_gap(&f);
	ck_assert_uint_eq(road_length(f.s, 0), 2);
	ck_assert_int_eq(catan_state_longest_road_holder(f.s), -1);
	ck_assert_uint_eq(roads_left(f.s, 0), 11);
	fund_bridge(&f, 0);
	actf(&f, "p0 build_bridge", f.en[2]);
	ck_assert_uint_eq(road_length(f.s, 0), 5);
	ck_assert_int_eq(catan_state_longest_road_holder(f.s), 0);
	ck_assert_int_eq(catan_state_victory_points(f.s, 0, 0), 2);
	ck_assert_uint_eq(roads_left(f.s, 0), 11);
	ck_assert_uint_eq(bridges_left(f.s, 0), 2);
	ck_assert_uint_eq(bridges_at(f.s, 0, f.e[2]), 1);
	/* paid: 2 brick and 1 lumber back to the bank */
	CATAN_ASSERT_OK(catan_state_player(f.s, 0, &pi));
	ck_assert_uint_eq(pi.cards[CATAN_BRICK], 0);
	ck_assert_uint_eq(pi.cards[CATAN_LUMBER], 0);
	ck_assert_uint_eq(pi.card_total, 0);
	check_derived(f.s);
	close_game(&f);
}
END_TEST

/* "A new bridge must connect to one of your existing roads or buildings."
 * and "Bridges are placed on empty bridge sites": not apart from the
 * network, not on a road, not on another bridge; a building alone will
 * do. */
START_TEST(test_bridge_must_connect)
{
	struct fixture f;

	open_game_on(&f, _i);
	fund_bridge(&f, 0);
	refusef(&f, "p0 build_bridge", f.en[2], CATAN_REASON_NOT_CONNECTED);
	ck_assert(!listed(f.s, 0, "p0 build_bridge", f.en[2]));
	/* from a settlement alone */
	CATAN_ASSERT_OK(catan_edit_place(f.s, 0, CATAN_PIECE_SETTLEMENT, f.v[2]));
	ck_assert(listed(f.s, 0, "p0 build_bridge", f.en[2]));
	ck_assert(listed(f.s, 0, "p0 build_bridge", f.en[1]));
	actf(&f, "p0 build_bridge", f.en[2]);
	/* from the bridge: a bridge is part of the network (T17) */
	fund_bridge(&f, 0);
	ck_assert(listed(f.s, 0, "p0 build_bridge", f.en[3]));
	/* not on an edge that holds a road or a bridge */
	refusef(&f, "p0 build_bridge", f.en[2], CATAN_REASON_OCCUPIED);
	CATAN_ASSERT_OK(catan_edit_place(f.s, 0, CATAN_PIECE_ROAD, f.e[1]));
	refusef(&f, "p0 build_bridge", f.en[1], CATAN_REASON_OCCUPIED);
	ck_assert(!listed(f.s, 0, "p0 build_bridge", f.en[1]));
	/* nor on another player's, nor by an edit */
	CATAN_ASSERT_ERR(catan_edit_place_piece(f.s, BRIDGE, 1, f.e[2]), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_place_piece(f.s, BRIDGE, 1, f.e[1]), CATAN_EINVAL);
	/* the cost */
	CATAN_ASSERT_OK(catan_edit_set_cards(f.s, 0, CATAN_BRICK, 1));
	refusef(&f, "p0 build_bridge", f.en[3], CATAN_REASON_INSUFFICIENT_RESOURCES);
	/* 3 to a player */
	CATAN_ASSERT_OK(catan_edit_place_piece(f.s, BRIDGE, 0, f.e[3]));
	CATAN_ASSERT_OK(catan_edit_place_piece(f.s, BRIDGE, 0, f.e[4]));
	ck_assert_uint_eq(bridges_left(f.s, 0), 0);
	fund_bridge(&f, 0);
	refusef(&f, "p0 build_bridge", f.xn, CATAN_REASON_NO_PIECES_LEFT);
	/* only in one's own main phase */
	fund_bridge(&f, 1);
	CATAN_ASSERT_OK(catan_edit_place(f.s, 1, CATAN_PIECE_SETTLEMENT, f.v[0]));
	refusef(&f, "p1 build_bridge", f.en[0], CATAN_REASON_NOT_YOUR_TURN);
	check_derived(f.s);
	close_game(&f);
}
END_TEST

/* "You may not build a bridge past an opponent's settlement or city." */
START_TEST(test_bridge_not_past_opponent)
{
	struct fixture f;

	open_game_on(&f, _i);
	CATAN_ASSERT_OK(catan_edit_place(f.s, 0, CATAN_PIECE_ROAD, f.e[1]));
	CATAN_ASSERT_OK(catan_edit_place(f.s, 1, CATAN_PIECE_SETTLEMENT, f.v[2]));
	fund_bridge(&f, 0);
	refusef(&f, "p0 build_bridge", f.en[2], CATAN_REASON_NOT_CONNECTED);
	ck_assert(!listed(f.s, 0, "p0 build_bridge", f.en[2]));
	/* the road's other end is open */
	ck_assert(listed(f.s, 0, "p0 build_bridge", f.en[0]));
	ck_assert(catan_build__network_reaches(f.s, 0, f.e[0]));
	ck_assert(!catan_build__network_reaches(f.s, 0, f.e[2]));
	/* the opponent's own building is theirs to build from */
	ck_assert(catan_build__network_reaches(f.s, 1, f.e[2]));
	ck_assert(!catan_build__network_reaches(f.s, 0, f.g->board.nedge));
	ck_assert(!catan_build__network_reaches(f.s, 7, f.e[0]));
	close_game(&f);
}
END_TEST

/* RULINGS T17: "A bridge is part of its owner's network (roads and
 * settlements may extend from it)": a settlement at a bridge's end is
 * connected, and so is a road leaving it. */
START_TEST(test_bridge_extends_network)
{
	struct fixture f;

	open_game_on(&f, _i);
	CATAN_ASSERT_OK(catan_edit_place(f.s, 0, CATAN_PIECE_SETTLEMENT, f.v[0]));
	CATAN_ASSERT_OK(catan_edit_place(f.s, 0, CATAN_PIECE_ROAD, f.e[0]));
	fund_settlement(&f, 0);
	/* before the bridge, v[2] and e[2] are out of reach */
	refusef(&f, "p0 build_settlement", f.vn[2], CATAN_REASON_NOT_CONNECTED);
	refusef(&f, "p0 build_road", f.en[2], CATAN_REASON_NOT_CONNECTED);
	fund_bridge(&f, 0);
	actf(&f, "p0 build_bridge", f.en[1]);
	fund_settlement(&f, 0);
	ck_assert(listed(f.s, 0, "p0 build_settlement", f.vn[2]));
	ck_assert(listed(f.s, 0, "p0 build_road", f.en[2]));
	/* a road cannot go where the bridge is */
	refusef(&f, "p0 build_road", f.en[1], CATAN_REASON_OCCUPIED);
	ck_assert(!listed(f.s, 0, "p0 build_road", f.en[1]));
	actf(&f, "p0 build_road", f.en[2]);
	check_derived(f.s);
	actf(&f, "p0 build_settlement", f.vn[2]);
	ck_assert_uint_eq(road_length(f.s, 0), 3);
	check_derived(f.s);
	close_game(&f);
}
END_TEST

/* A bridge breaks as a road does: "An opposing colony crosses the route"
 * (base-game.txt 05.F), a bridge counting as a road (Rivers of Catan). */
START_TEST(test_bridge_cut_at_its_end)
{
	struct fixture f;

	open_game_on(&f, _i);
	roads_around_gap(&f);
	CATAN_ASSERT_OK(catan_edit_place_piece(f.s, BRIDGE, 0, f.e[2]));
	ck_assert_uint_eq(road_length(f.s, 0), 5);
	/* an opponent's settlement at v[3], the bridge's end: 3 and 2 */
	CATAN_ASSERT_OK(catan_edit_place(f.s, 1, CATAN_PIECE_SETTLEMENT, f.v[3]));
	ck_assert_uint_eq(road_length(f.s, 0), 3);
	ck_assert_int_eq(catan_state_longest_road_holder(f.s), -1);
	check_derived(f.s);
	close_game(&f);
}
END_TEST

/* The same cut by a settlement built in play. */
START_TEST(test_bridge_cut_in_play)
{
	struct fixture f;
	const struct board_vertex *bv;
	unsigned side = BOARD_NONE;

	open_game_on(&f, _i);
	roads_around_gap(&f);
	CATAN_ASSERT_OK(catan_edit_place_piece(f.s, BRIDGE, 0, f.e[2]));
	ck_assert_int_eq(catan_state_longest_road_holder(f.s), 0);
	/* p1's road to v[3] along its third edge */
	bv = &f.g->board.vert[f.v[3]];
	for (unsigned i = 0; i < bv->nadj; i++)
		if (bv->edge[i] != f.e[2] && bv->edge[i] != f.e[3])
			side = bv->edge[i];
	ck_assert_uint_ne(side, BOARD_NONE);
	CATAN_ASSERT_OK(catan_edit_place(f.s, 1, CATAN_PIECE_ROAD, side));
	CATAN_ASSERT_OK(catan_edit_set_turn(f.s, 1, CATAN_PHASE_MAIN, 8));
	fund_settlement(&f, 1);
	actf(&f, "p1 build_settlement", f.vn[3]);
	ck_assert_uint_eq(road_length(f.s, 0), 3);
	ck_assert_int_eq(catan_state_longest_road_holder(f.s), -1);
	check_derived(f.s);
	close_game(&f);
}
END_TEST

/* Taking the bridge away takes it out of the route: the award is lost when
 * the route drops under 5 (base-game.txt 05.F: at least 5 roads). */
START_TEST(test_bridge_removed)
{
	struct fixture f;
	catan_state *before;

	open_game_on(&f, _i);
	roads_around_gap(&f);
	CATAN_ASSERT_OK(catan_state_clone(&before, f.s));
	CATAN_ASSERT_OK(catan_edit_place_piece(f.s, BRIDGE, 0, f.e[2]));
	ck_assert_int_eq(catan_state_longest_road_holder(f.s), 0);
	CATAN_ASSERT_OK(catan_edit_remove_piece(f.s, BRIDGE, 0, f.e[2]));
	ck_assert_uint_eq(road_length(f.s, 0), 2);
	ck_assert_int_eq(catan_state_longest_road_holder(f.s), -1);
	ck_assert_uint_eq(bridges_left(f.s, 0), 3);
	ck_assert_int_eq(catan_state_edge_piece(f.s, f.e[2], NULL), CATAN_PIECE_NONE);
	check_derived(f.s);
	ck_assert(catan_state_equal(before, f.s));
	/* the edge is free again, for a road too */
	CATAN_ASSERT_OK(catan_edit_place(f.s, 0, CATAN_PIECE_ROAD, f.e[2]));
	ck_assert_uint_eq(road_length(f.s, 0), 5);
	/* a bridge at the tip: removing it leaves the award with 5 roads */
	CATAN_ASSERT_OK(catan_edit_place_piece(f.s, BRIDGE, 0, f.x));
	ck_assert_uint_eq(road_length(f.s, 0), 6);
	CATAN_ASSERT_OK(catan_edit_remove_piece(f.s, BRIDGE, 0, f.x));
	ck_assert_uint_eq(road_length(f.s, 0), 5);
	ck_assert_int_eq(catan_state_longest_road_holder(f.s), 0);
	check_derived(f.s);
	catan_state_free(before);
	close_game(&f);
}
END_TEST

/* ------------------------------------------------ not a road, though */

/* A bridge is no road: its own stock, and road queries and road lines
 * leave it out, while the piece queries and "piece" lines show it. */
START_TEST(test_bridge_not_a_road)
{
	struct fixture f;
	char line[160];
	char *text;
	int owner = 7;

	open_game_on(&f, _i);
	CATAN_ASSERT_OK(catan_edit_place(f.s, 0, CATAN_PIECE_ROAD, f.e[1]));
	fund_bridge(&f, 0);
	actf(&f, "p0 build_bridge", f.en[2]);
	ck_assert_uint_eq(roads_left(f.s, 0), 14);
	ck_assert_int_eq(catan_state_edge_piece(f.s, f.e[2], &owner), CATAN_PIECE_NONE);
	ck_assert_int_eq(owner, -1);
	ck_assert_int_eq(catan_state_edge_piece(f.s, f.e[1], &owner), CATAN_PIECE_ROAD);
	ck_assert_int_eq(owner, 0);
	ck_assert_uint_eq(bridges_at(f.s, -1, f.e[2]), 1);
	ck_assert_uint_eq(bridges_at(f.s, 1, f.e[2]), 0);
	{
		uint16_t where[3];
		size_t n = 0;

		CATAN_ASSERT_OK(catan_state_piece_locations(f.s, BRIDGE, 0, where, 3, &n));
		ck_assert_uint_eq(n, 1);
		ck_assert_uint_eq(where[0], f.e[2]);
	}
	for (int i = 0; i < 3; i++) {
		static const int observers[] = { CATAN_OBSERVER_ALL, CATAN_OBSERVER_PUBLIC, 1 };

		text = text_of(f.s, observers[i]);
		snprintf(line, sizeof(line), "\nroad %s p0\n", f.en[1]);
		ck_assert_msg(strstr(text, line), "no '%s' in\n%s", line, text);
		snprintf(line, sizeof(line), "\nroad %s ", f.en[2]);
		ck_assert_msg(!strstr(text, line), "'%s' in\n%s", line, text);
		snprintf(line, sizeof(line), "\npiece bridge p0 stock 2 %s\n", f.en[2]);
		ck_assert_msg(strstr(text, line), "no '%s' in\n%s", line, text);
		free(text);
	}
	text = text_of(f.s, -98);
	snprintf(line, sizeof(line), "\"roads\":[{\"at\":\"%s\",\"id\":%u,\"owner\":0}]",
		 f.en[1], f.e[1]);
	ck_assert_msg(strstr(text, line), "no '%s' in\n%s", line, text);
	snprintf(line, sizeof(line), "\"bridge\":[{\"stock\":2,\"at\":[\"%s\"]},", f.en[2]);
	ck_assert_msg(strstr(text, line), "no '%s' in\n%s", line, text);
	free(text);
	text = text_of(f.s, -99);
	snprintf(line, sizeof(line), "\nroad %s ", f.en[2]);
	ck_assert_msg(!strstr(text, line), "'%s' in\n%s", line, text);
	snprintf(line, sizeof(line), "\npiece bridge p0 %s\n", f.en[2]);
	ck_assert_msg(strstr(text, line), "no '%s' in\n%s", line, text);
	free(text);
	close_game(&f);
}
END_TEST

/* The road edits leave a bridge alone: catan_edit_remove() of a road
 * refuses, naming the kind, and changes nothing; a road cannot be put on
 * it. */
START_TEST(test_bridge_road_edits_refused)
{
	struct fixture f;
	catan_state *before;

	open_game_on(&f, _i);
	roads_around_gap(&f);
	CATAN_ASSERT_OK(catan_edit_place_piece(f.s, BRIDGE, 0, f.e[2]));
	CATAN_ASSERT_OK(catan_state_clone(&before, f.s));
	CATAN_ASSERT_ERR(catan_edit_remove(f.s, CATAN_PIECE_ROAD, f.e[2]), CATAN_EINVAL);
	ck_assert_msg(strstr(catan_state_errmsg(f.s), "a 'bridge' stands there") &&
		      strstr(catan_state_errmsg(f.s), "catan_edit_remove_piece"),
		      "message '%s'", catan_state_errmsg(f.s));
	ck_assert(catan_state_equal(before, f.s));
	CATAN_ASSERT_ERR(catan_edit_place(f.s, 1, CATAN_PIECE_ROAD, f.e[2]), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_place(f.s, 0, CATAN_PIECE_ROAD, f.e[2]), CATAN_EINVAL);
	/* the bridge is p0's: p1 has none there to remove */
	CATAN_ASSERT_ERR(catan_edit_remove_piece(f.s, BRIDGE, 1, f.e[2]), CATAN_EINVAL);
	/* no caravan on a bridge: it is no trade route */
	CATAN_ASSERT_OK(catan_edit_place(f.s, 0, CATAN_PIECE_SETTLEMENT, f.v[2]));
	refusef(&f, "p0 set_up_caravan", f.en[2], CATAN_REASON_NOT_CONNECTED);
	CATAN_ASSERT_OK(catan_edit_remove(f.s, CATAN_PIECE_SETTLEMENT, f.v[2]));
	ck_assert(catan_state_equal(before, f.s));
	catan_state_free(before);
	close_game(&f);
}
END_TEST

/* ----------------------------------------------------------- snapshots */

START_TEST(test_bridge_snapshot_round_trip)
{
	struct fixture f;
	catan_game *g2;
	catan_state *s2;
	char *text, *again, line[160];

	open_game_on(&f, _i);
	roads_around_gap(&f);
	CATAN_ASSERT_OK(catan_edit_place_piece(f.s, BRIDGE, 0, f.e[2]));
	CATAN_ASSERT_OK(catan_edit_place_piece(f.s, BRIDGE, 0, f.x));
	CATAN_ASSERT_OK(catan_edit_place_piece(f.s, BRIDGE, 2, f.g->board.vert[f.v[0]].edge[0] ==
								    f.e[0] ?
								    f.g->board.vert[f.v[0]].edge[1] :
								    f.g->board.vert[f.v[0]].edge[0]));
	ck_assert_uint_eq(road_length(f.s, 0), 6);
	text = text_of(f.s, -99);
	snprintf(line, sizeof(line), "\npiece bridge p0 %s %s\n",
		 f.e[2] < f.x ? f.en[2] : f.xn, f.e[2] < f.x ? f.xn : f.en[2]);
	ck_assert_msg(strstr(text, line), "no '%s' in\n%s", line, text);
	ck_assert(strstr(text, "\npiece bridge p2 "));
	ck_assert_msg(catan_load(&g2, &s2, f.ctx, text, strlen(text)) == CATAN_OK, "%s",
		      catan_ctx_errmsg(f.ctx));
	ck_assert(catan_state_equal(f.s, s2));
	ck_assert_uint_eq(catan_state_hash(f.s), catan_state_hash(s2));
	ck_assert_uint_eq(road_length(s2, 0), 6);
	ck_assert_int_eq(catan_state_longest_road_holder(s2), 0);
	again = text_of(s2, -99);
	ck_assert_str_eq(text, again);
	/* the loaded bridge is in the network: removing it cuts the route */
	CATAN_ASSERT_OK(catan_edit_remove_piece(s2, BRIDGE, 0, f.e[2]));
	ck_assert_uint_eq(road_length(s2, 0), 3);
	check_derived(s2);
	free(again);
	free(text);
	catan_state_free(s2);
	catan_game_unref(g2);
	close_game(&f);
}
END_TEST

/* The road length a snapshot gives is checked with the bridge in the
 * route: a bridge line taken out leaves road_length 5 wrong. */
START_TEST(test_bridge_snapshot_length_checked)
{
	struct fixture f;
	catan_game *g2 = NULL;
	catan_state *s2 = NULL;
	char *text, *at, *eol, line[160];

	open_game(&f);
	roads_around_gap(&f);
	CATAN_ASSERT_OK(catan_edit_place_piece(f.s, BRIDGE, 0, f.e[2]));
	text = text_of(f.s, -99);
	snprintf(line, sizeof(line), "\npiece bridge p0 %s\n", f.en[2]);
	at = strstr(text, line);
	ck_assert_ptr_nonnull(at);
	eol = at + strlen(line) - 1;
	memmove(at, eol, strlen(eol) + 1);
	CATAN_ASSERT_ERR(catan_load(&g2, &s2, f.ctx, text, strlen(text)), CATAN_EPARSE);
	ck_assert_msg(strstr(catan_ctx_errmsg(f.ctx), "road_length 5, but the longest road is 2"),
		      "message '%s'", catan_ctx_errmsg(f.ctx));
	free(text);
	close_game(&f);
}
END_TEST

/* ------------------------------------------------------- Event Cards */

/* RULINGS T11: "Bridges are not roads for Earthquake and cannot be
 * damaged": a player chooses among their roads only, and a player with a
 * bridge but no road owes no choice. */
START_TEST(test_bridge_earthquake)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g;
	catan_state *s;
	catan_action list[256];
	size_t n = 0;
	unsigned bridge_e = BOARD_NONE, lone_e = BOARD_NONE;
	int owner;

	catan_test_add_pieces_module(ctx);
	g = catan_test_game_new(ctx, "base(players=4,board=beginner,setup=beginner,"
				     "chance=explicit)+event_cards+pieces_test");
	s = catan_test_state_new(g);
	CATAN_APPLY(s, "chance first_player p0");
	/* p0's bridge on a free edge next to their road h14.ne-se; p3's
	 * roads taken away for a bridge of theirs */
	{
		unsigned road = 0, v;
		int kind;

		CATAN_ASSERT_OK(catan_location_parse(g, "h14.ne-se", &kind, &road));
		v = g->board.edge[road].vert[0];
		for (unsigned i = 0; i < g->board.vert[v].nadj; i++) {
			unsigned e = g->board.vert[v].edge[i];

			if (catan_state_edge_piece(s, e, &owner) == CATAN_PIECE_NONE)
				bridge_e = e;
		}
		ck_assert_uint_ne(bridge_e, BOARD_NONE);
		CATAN_ASSERT_OK(catan_edit_place_piece(s, BRIDGE, 0, bridge_e));
		CATAN_ASSERT_OK(catan_location_parse(g, "h1.s-sw", &kind, &road));
		CATAN_ASSERT_OK(catan_edit_remove(s, CATAN_PIECE_ROAD, road));
		lone_e = road;
		CATAN_ASSERT_OK(catan_location_parse(g, "h8.s-sw", &kind, &road));
		CATAN_ASSERT_OK(catan_edit_remove(s, CATAN_PIECE_ROAD, road));
		CATAN_ASSERT_OK(catan_edit_place_piece(s, BRIDGE, 3, lone_e));
	}
	CATAN_APPLY(s, "p0 roll");
	CATAN_APPLY(s, "chance event_card 6 earthquake");
	ck_assert_str_eq(catan_state_phase_name(s, catan_state_phase(s)), "event_damage");
	/* p3 has a bridge and no road: not asked */
	ck_assert_uint_eq(catan_state_acting_players(s), 0x7);
	/* p0 chooses among their two roads, not the bridge */
	CATAN_ASSERT_OK(catan_state_legal_actions(s, 0, list, ARRAY_LEN(list), &n));
	ck_assert_uint_eq(n, 2);
	for (size_t i = 0; i < n; i++)
		ck_assert_uint_ne(list[i].target, bridge_e);
	{
		char text[64], name[32];
		int reason = -1;

		CATAN_ASSERT_OK(catan_location_format(g, CATAN_LOC_EDGE, bridge_e, name,
						      sizeof(name), NULL));
		snprintf(text, sizeof(text), "p0 damage_road %s", name);
		CATAN_ASSERT_ERR(catan_test_refuse(s, text, &reason), CATAN_EILLEGAL);
		ck_assert_int_eq(reason, CATAN_REASON_VARIANT_RULE);
	}
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* --------------------------------------------------------- random play */

/* Bridges ride along random games (the harness plays them too): the
 * derived data match a refresh, and snapshots load back equal. Games are
 * played until some bridges were built. */
START_TEST(test_bridge_random_play)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g;
	uint64_t rng = catan_test_seed() + 101u * (uint64_t)_i;
	catan_action played;
	unsigned built = 0;

	ctx->general_paths = _i & 1;
	catan_test_add_pieces_module(ctx);
	g = catan_test_game_new(ctx, GAME);
	for (int game = 0; game < 10 && built < 3; game++) {
		catan_state *s = catan_test_state_new(g);

		for (int step = 0; step < 3000 && !catan_state_is_terminal(s); step++) {
			bool bridge;

			ck_assert(catan_test_random_action(s, &rng, &played));
			CATAN_ASSERT_OK(catan_state_apply(s, &played));
			bridge = played.type == CATAN_TEST_ACT_BUILD_BRIDGE;
			built += bridge;
			if (bridge || step % 40 == 0)
				check_derived(s);
			if (bridge || step % 100 == 0) {
				catan_game *g2;
				catan_state *s2;
				char *text = text_of(s, -99);

				CATAN_ASSERT_OK(catan_load(&g2, &s2, ctx, text, strlen(text)));
				ck_assert(catan_state_equal(s, s2));
				catan_state_free(s2);
				catan_game_unref(g2);
				free(text);
			}
		}
		catan_state_free(s);
	}
	ck_assert_uint_ge(built, 3);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

void
catan_test_register(SRunner *sr)
{
	Suite *s = catan_test_suite(sr, "bridges");

	CATAN_TEST_ADD(s, test_bridge_declared);
	CATAN_TEST_ADD_LOOP(s, test_bridge_declarations_refused, 0,
			    (int)ARRAY_LEN(bad_road_like));
	CATAN_TEST_ADD(s, test_bridge_stack_limit_one_accepted);
	CATAN_TEST_ADD_LOOP(s, test_bridge_longest_road, 0, 2);
	CATAN_TEST_ADD_LOOP(s, test_bridge_must_connect, 0, 2);
	CATAN_TEST_ADD_LOOP(s, test_bridge_not_past_opponent, 0, 2);
	CATAN_TEST_ADD_LOOP(s, test_bridge_extends_network, 0, 2);
	CATAN_TEST_ADD_LOOP(s, test_bridge_cut_at_its_end, 0, 2);
	CATAN_TEST_ADD_LOOP(s, test_bridge_cut_in_play, 0, 2);
	CATAN_TEST_ADD_LOOP(s, test_bridge_removed, 0, 2);
	CATAN_TEST_ADD_LOOP(s, test_bridge_not_a_road, 0, 2);
	CATAN_TEST_ADD_LOOP(s, test_bridge_road_edits_refused, 0, 2);
	CATAN_TEST_ADD_LOOP(s, test_bridge_snapshot_round_trip, 0, 2);
	CATAN_TEST_ADD(s, test_bridge_snapshot_length_checked);
	CATAN_TEST_ADD(s, test_bridge_earthquake);
	CATAN_TEST_ADD_LOOP(s, test_bridge_random_play, 0, 4);
}
