/*
 * Unit tests: the awards' policy as a fact of the game
 * (catan_game_award(), catan_game_set_award()) and pieces that lengthen
 * roads (CATAN_PIECE_ROAD_WEIGHT), through the public API, on test
 * modules with the numbers of the texts: CATAN Connect's Largest Army at
 * 2 knights (connect.txt: "The Largest Army is obtained with just 2
 * knights played."), Barbarian Attack without it
 * (traders-and-barbarians.txt: "Return 1 forest hex, 1 number 11 disc,
 * the development cards, the Largest Army bonus VP tile, and the robber
 * from CATAN to the box. They are not used in this scenario.") and
 * Merchant Trains' wagons ("A wagon on the same edge as a road counts as
 * an additional road for determining the Longest Route."). Road tests run
 * twice: on the base board's bit masks and on the general paths.
 * SPDX-License-Identifier: MIT
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catan-private.h"
#include "test-common.h"
#include "test-module-kit.h"

static int
connect_awards_build_game(catan_game *g)
{
	int rc = catan_game_set_award(g, CATAN_AWARD_LARGEST_ARMY, 2, 2);

	return rc ? rc : catan_game_set_award(g, CATAN_AWARD_LONGEST_ROAD, 5, 2);
}

static int
no_army_build_game(catan_game *g)
{
	return catan_game_set_award(g, CATAN_AWARD_LARGEST_ARMY, 0, 0);
}

/* Merchant Trains: "22 wagons"; a wagon stands alone on its edge
 * ("Wagons are placed on edges that do not already have a wagon"). */
static int
wagons_build_game(catan_game *g)
{
	static const catan_piece_spec wagon = {
		.name = "wagon", .place = CATAN_LOC_EDGE, .stock = 22, .stack_limit = 1,
		.flags = CATAN_PIECE_ROAD_WEIGHT,
	};

	return catan_game_declare_piece(g, &wagon);
}

/* Refused declarations, each tried in one build_game; the game still
 * builds with the base policy (the module ignores the refusals). */
static int refusals[8];

static int
bad_awards_build_game(catan_game *g)
{
	static const catan_piece_spec on_vertex = {
		.name = "heavy", .place = CATAN_LOC_VERTEX, .stock = 2,
		.flags = CATAN_PIECE_ROAD_WEIGHT,
	};
	static const catan_piece_spec road_like = {
		.name = "long_bridge", .place = CATAN_LOC_EDGE, .stock = 2,
		.flags = CATAN_PIECE_ROAD_WEIGHT | CATAN_PIECE_ROAD_LIKE,
	};
	static const catan_piece_spec unknown = {
		.name = "odd", .place = CATAN_LOC_EDGE, .stock = 2, .flags = 0x80,
	};

	refusals[0] = catan_game_set_award(g, CATAN_AWARDS, 5, 2);
	refusals[1] = catan_game_set_award(g, CATAN_AWARD_LONGEST_ROAD, 256, 2);
	refusals[2] = catan_game_set_award(g, CATAN_AWARD_LONGEST_ROAD, 5, 0);
	refusals[3] = catan_game_set_award(g, CATAN_AWARD_LARGEST_ARMY, 3, 11);
	refusals[4] = catan_game_set_award(NULL, CATAN_AWARD_LARGEST_ARMY, 3, 2);
	refusals[5] = catan_game_declare_piece(g, &on_vertex);
	refusals[6] = catan_game_declare_piece(g, &road_like);
	refusals[7] = catan_game_declare_piece(g, &unknown);
	return CATAN_OK;
}

static const char *const base_only[] = { "base", NULL };

CATAN_TEST_BUILD_MODULE(connect_awards, "connect_awards_test", "Largest Army at 2 knights", base_only);
CATAN_TEST_BUILD_MODULE(no_army, "no_army_test", "no Largest Army", base_only);
CATAN_TEST_BUILD_MODULE(wagons, "wagons_test", "wagons lengthen the roads under them", base_only);
CATAN_TEST_BUILD_MODULE(bad_awards, "bad_awards_test", "refused award and piece declarations", base_only);

static catan_ctx *
awards_ctx(bool general)
{
	catan_ctx *ctx = catan_test_ctx_new();

	ctx->general_paths = general;
	catan_test_add_module(ctx, &connect_awards_module);
	catan_test_add_module(ctx, &no_army_module);
	catan_test_add_module(ctx, &wagons_module);
	catan_test_add_module(ctx, &bad_awards_module);
	return ctx;
}

static void
assert_award(const catan_game *g, unsigned award, unsigned min, unsigned points)
{
	unsigned m = 99, p = 99;

	CATAN_ASSERT_OK(catan_game_award(g, award, &m, &p));
	ck_assert_uint_eq(m, min);
	ck_assert_uint_eq(p, points);
}

/* base-game.txt 05.F: Longest Road at "at least 5 road segments",
 * Largest Army at "at least 3 Knight cards", each worth 2 points. */
START_TEST(test_base_award_policy)
{
	catan_ctx *ctx = awards_ctx(false);
	catan_game *g = catan_test_game_new(ctx, "base(seed=3)");
	unsigned m;

	assert_award(g, CATAN_AWARD_LONGEST_ROAD, 5, 2);
	assert_award(g, CATAN_AWARD_LARGEST_ARMY, 3, 2);
	CATAN_ASSERT_OK(catan_game_award(g, CATAN_AWARD_LARGEST_ARMY, NULL, NULL));
	ck_assert_int_eq(catan_game_award(g, CATAN_AWARDS, &m, NULL), CATAN_EINVAL);
	ck_assert_int_eq(catan_game_award(NULL, CATAN_AWARD_LONGEST_ROAD, &m, NULL),
			 CATAN_EINVAL);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* The army of @knights knights for p0 (edit), then who holds the award. */
static int
army_holder_at(const char *game, unsigned knights, int *vp_gain)
{
	catan_ctx *ctx = awards_ctx(false);
	catan_game *g = catan_test_game_new(ctx, game);
	catan_state *s = catan_test_state_new(g);
	int vp0 = catan_state_victory_points(s, 0, 1), holder;

	CATAN_ASSERT_OK(catan_edit_set_knights_played(s, 0, knights));
	holder = catan_state_largest_army_holder(s);
	*vp_gain = catan_state_victory_points(s, 0, 1) - vp0;
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
	return holder;
}

/* connect.txt: "The Largest Army is obtained with just 2 knights played."
 * and "Largest Army: 2 victory points"; the base game wants 3 (05.F). */
START_TEST(test_connect_largest_army_at_two_knights)
{
	int gain;

	ck_assert_int_eq(army_holder_at("base(players=4,seed=5)+connect_awards_test", 2, &gain), 0);
	ck_assert_int_eq(gain, 2);
	ck_assert_int_eq(army_holder_at("base(players=4,seed=5)+connect_awards_test", 1, &gain),
			 CATAN_NO_PLAYER);
	ck_assert_int_eq(gain, 0);
	ck_assert_int_eq(army_holder_at("base(players=4,seed=5)", 2, &gain), CATAN_NO_PLAYER);
	ck_assert_int_eq(gain, 0);
	ck_assert_int_eq(army_holder_at("base(players=4,seed=5)", 3, &gain), 0);
	ck_assert_int_eq(gain, 2);
}
END_TEST

/* traders-and-barbarians.txt, Barbarian Attack: the Largest Army tile is
 * "not used in this scenario": no army is ever large enough. */
START_TEST(test_no_largest_army_when_the_tile_is_not_used)
{
	catan_ctx *ctx = awards_ctx(false);
	catan_game *g = catan_test_game_new(ctx, "base(players=4,seed=5)+no_army_test");
	int gain;

	assert_award(g, CATAN_AWARD_LARGEST_ARMY, 0, 0);
	assert_award(g, CATAN_AWARD_LONGEST_ROAD, 5, 2);
	catan_game_unref(g);
	catan_ctx_free(ctx);
	ck_assert_int_eq(army_holder_at("base(players=4,seed=5)+no_army_test", 5, &gain),
			 CATAN_NO_PLAYER);
	ck_assert_int_eq(gain, 0);
}
END_TEST

/* Every refused declaration says CATAN_EINVAL and changes nothing: the
 * game builds with the base policy and without the refused kinds. */
START_TEST(test_bad_award_declarations_are_refused)
{
	catan_ctx *ctx = awards_ctx(false);
	catan_game *g = catan_test_game_new(ctx, "base(seed=3)+bad_awards_test");

	for (size_t i = 0; i < ARRAY_LEN(refusals); i++)
		ck_assert_msg(refusals[i] == CATAN_EINVAL, "declaration %zu gave %d", i,
			      refusals[i]);
	assert_award(g, CATAN_AWARD_LONGEST_ROAD, 5, 2);
	assert_award(g, CATAN_AWARD_LARGEST_ARMY, 3, 2);
	ck_assert_int_eq(catan_game_piece_count(g), 0);
	/* after the game is built */
	ck_assert_int_eq(catan_game_set_award(g, CATAN_AWARD_LONGEST_ROAD, 4, 2), CATAN_EINVAL);
	assert_award(g, CATAN_AWARD_LONGEST_ROAD, 5, 2);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* ------------------------------------------------------------- wagons */

/* A simple path of five edges e[0..4] from an inland intersection. */
struct wagon_game {
	catan_ctx *ctx;
	catan_game *g;
	catan_state *s;
	unsigned v[6], e[5];
	unsigned wagon;
};

static bool
grow(struct wagon_game *w, unsigned depth)
{
	const struct board *b = &w->g->board;
	const struct board_vertex *bv = &b->vert[w->v[depth - 1]];

	if (depth == 6)
		return true;
	for (unsigned i = 0; i < bv->nadj && i < BOARD_VERTEX_PATHS; i++) {
		bool seen = false;

		for (unsigned j = 0; j < depth; j++)
			seen |= w->v[j] == bv->adj[i];
		if (seen || bv->adj[i] >= b->nvert)
			continue;
		w->v[depth] = bv->adj[i];
		w->e[depth - 1] = bv->edge[i];
		if (grow(w, depth + 1))
			return true;
	}
	return false;
}

static void
wagon_game_open(struct wagon_game *w, bool general)
{
	w->ctx = awards_ctx(general);
	w->g = catan_test_game_new(w->ctx, "base(players=3,seed=7)+wagons_test");
	w->s = catan_test_state_new(w->g);
	ck_assert(!!w->g->board.masks_ok == !general);
	ck_assert_int_eq(catan_game_piece_find(w->g, "wagon"), 0);
	w->wagon = 0;
	for (w->v[0] = 0; w->v[0] < w->g->board.nvert && w->g->board.vert[w->v[0]].nadj < 3;
	     w->v[0]++)
		;
	ck_assert(grow(w, 1));
	CATAN_ASSERT_OK(catan_edit_set_turn(w->s, 0, CATAN_PHASE_MAIN, 8));
}

static void
wagon_game_close(struct wagon_game *w)
{
	catan_state_free(w->s);
	catan_game_unref(w->g);
	catan_ctx_free(w->ctx);
}

static unsigned
road_length(const catan_state *s, int player)
{
	catan_player_info pi;

	CATAN_ASSERT_OK(catan_state_player(s, player, &pi));
	return pi.longest_road;
}

/*
 * traders-and-barbarians.txt, Merchant Trains: "Example: Blue has 3
 * continuous road segments. Two segments share an edge with a wagon.
 * Therefore, Blue's road has a length of five for the Longest Route." —
 * five is enough for the award (05.F), and a wagon taken off shortens it.
 */
START_TEST(test_wagons_lengthen_the_roads_under_them)
{
	struct wagon_game w;

	wagon_game_open(&w, _i == 1);
	for (int i = 0; i < 3; i++)
		CATAN_ASSERT_OK(catan_edit_place(w.s, 0, CATAN_PIECE_ROAD, w.e[i]));
	ck_assert_uint_eq(road_length(w.s, 0), 3);
	/* wagons count whoever owns them: the second one is p1's */
	CATAN_ASSERT_OK(catan_edit_place_piece(w.s, w.wagon, 0, w.e[0]));
	ck_assert_uint_eq(road_length(w.s, 0), 4);
	CATAN_ASSERT_OK(catan_edit_place_piece(w.s, w.wagon, 1, w.e[2]));
	ck_assert_uint_eq(road_length(w.s, 0), 5);
	ck_assert_int_eq(catan_state_longest_road_holder(w.s), 0);
	ck_assert_uint_eq(road_length(w.s, 1), 0);
	/* off again: 4, and nobody holds the award */
	CATAN_ASSERT_OK(catan_edit_remove_piece(w.s, w.wagon, 1, w.e[2]));
	ck_assert_uint_eq(road_length(w.s, 0), 4);
	ck_assert_int_eq(catan_state_longest_road_holder(w.s), CATAN_NO_PLAYER);
	wagon_game_close(&w);
}
END_TEST

/* A wagon on an edge without a road adds nothing; a road built under it
 * later counts twice, and a road built next to it by the rules (apply)
 * lengthens the trail as a road does. */
START_TEST(test_a_wagon_counts_only_under_a_road)
{
	struct wagon_game w;
	catan_action a;
	char text[64];

	wagon_game_open(&w, _i == 1);
	CATAN_ASSERT_OK(catan_edit_place(w.s, 0, CATAN_PIECE_SETTLEMENT, w.v[0]));
	CATAN_ASSERT_OK(catan_edit_place(w.s, 0, CATAN_PIECE_ROAD, w.e[0]));
	CATAN_ASSERT_OK(catan_edit_place_piece(w.s, w.wagon, 2, w.e[1]));
	ck_assert_uint_eq(road_length(w.s, 0), 1);
	CATAN_ASSERT_OK(catan_edit_set_cards(w.s, 0, CATAN_LUMBER, 1));
	CATAN_ASSERT_OK(catan_edit_set_cards(w.s, 0, CATAN_BRICK, 1));
	snprintf(text, sizeof(text), "p0 build_road ");
	CATAN_ASSERT_OK(catan_location_format(w.g, CATAN_LOC_EDGE, w.e[1], text + strlen(text),
					      sizeof(text) - strlen(text), NULL));
	CATAN_ASSERT_OK(catan_action_parse(w.s, text, &a));
	CATAN_ASSERT_OK(catan_state_apply(w.s, &a));
	ck_assert_uint_eq(road_length(w.s, 0), 3);
	wagon_game_close(&w);
}
END_TEST

/* The lengths are derived data: a snapshot loads to the same state (its
 * road lengths recomputed with the wagons), and the holder it names must
 * be the one the wagons give. */
START_TEST(test_wagon_lengths_survive_a_snapshot)
{
	struct wagon_game w;
	catan_game *g2 = NULL;
	catan_state *s2 = NULL;
	char *text = malloc(64 * 1024);
	size_t len = 0;

	ck_assert_ptr_nonnull(text);
	wagon_game_open(&w, _i == 1);
	for (int i = 0; i < 4; i++)
		CATAN_ASSERT_OK(catan_edit_place(w.s, 0, CATAN_PIECE_ROAD, w.e[i]));
	CATAN_ASSERT_OK(catan_edit_place_piece(w.s, w.wagon, 1, w.e[3]));
	ck_assert_int_eq(catan_state_longest_road_holder(w.s), 0);
	CATAN_ASSERT_OK(catan_state_snapshot(w.s, text, 64 * 1024, &len));
	CATAN_ASSERT_OK(catan_load(&g2, &s2, w.ctx, text, len));
	ck_assert_uint_eq(road_length(s2, 0), 5);
	ck_assert(catan_state_equal(s2, w.s));
	catan_state_free(s2);
	catan_game_unref(g2);
	free(text);
	wagon_game_close(&w);
}
END_TEST

void
catan_test_register(SRunner *sr)
{
	Suite *s = catan_test_suite(sr, "awards");
	TCase *tc = tcase_create("policy");

	tcase_add_test(tc, test_base_award_policy);
	tcase_add_test(tc, test_connect_largest_army_at_two_knights);
	tcase_add_test(tc, test_no_largest_army_when_the_tile_is_not_used);
	tcase_add_test(tc, test_bad_award_declarations_are_refused);
	suite_add_tcase(s, tc);
	tc = tcase_create("wagons");
	tcase_add_loop_test(tc, test_wagons_lengthen_the_roads_under_them, 0, 2);
	tcase_add_loop_test(tc, test_a_wagon_counts_only_under_a_road, 0, 2);
	tcase_add_loop_test(tc, test_wagon_lengths_survive_a_snapshot, 0, 2);
	suite_add_tcase(s, tc);
}
