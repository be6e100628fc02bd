/*
 * Board model v2 through the public API (doc/boards.md): terrains beyond
 * the five lands, several numbers per hex, marks and sites, trade sites
 * inland, a plaza with four paths and its notation, two boards joined in
 * a ring, and the builder's refusals with their reasons.
 * SPDX-License-Identifier: MIT
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test-common.h"
#include "test-boards-v2.h"
#include "test-islands.h"

static catan_game *
game_on(catan_ctx *ctx, const struct board_spec *spec, const char *text)
{
	ctx->board = spec;
	return catan_test_game_new(ctx, text);
}

static unsigned
paths_at(const catan_game *g, unsigned v)
{
	catan_vertex_info vi;
	unsigned n = 0;

	CATAN_ASSERT_OK(catan_board_vertex(g, v, &vi));
	for (unsigned i = 0; i < CATAN_VERTEX_PATHS; i++)
		n += vi.vertices[i] != CATAN_NONE;
	return n;
}

START_TEST(test_lake_board_hexes_and_numbers)
{
	static struct test_lake_board lb;
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g;
	catan_board_counts c;
	catan_hex_info h;
	const struct board *b;
	const uint16_t *list;
	unsigned n;

	test_lake_board_make(&lb);
	g = game_on(ctx, &lb.spec, "base(players=4,seed=1)");
	CATAN_ASSERT_OK(catan_board_counts_get(g, &c));
	/* the island's 54 and 72, the plaza and its four paths */
	ck_assert_uint_eq(c.hexes, 19);
	ck_assert_uint_eq(c.vertices, 55);
	ck_assert_uint_eq(c.edges, 76);
	ck_assert_uint_eq(c.harbors, 10);
	ck_assert_uint_eq(c.sites, 8);
	ck_assert_uint_eq(c.plazas, 1);

	CATAN_ASSERT_OK(catan_board_hex(g, LAKE_HEX, &h));
	ck_assert_uint_eq(h.terrain, CATAN_TERRAIN_LAKE);
	ck_assert_int_eq(h.resource, -1);
	ck_assert_uint_eq(h.nnumbers, 4);
	ck_assert(h.numbers[0] == 2 && h.numbers[1] == 3 && h.numbers[2] == 11 &&
		  h.numbers[3] == 12);
	CATAN_ASSERT_OK(catan_board_hex(g, RIVERS_HEX, &h));
	ck_assert_int_eq(h.resource, CATAN_GRAIN);
	ck_assert(h.nnumbers == 2 && h.numbers[0] == 2 && h.numbers[1] == 12 && h.number == 12);
	CATAN_ASSERT_OK(catan_board_hex(g, POST_HEX, &h));
	ck_assert(h.terrain == CATAN_TERRAIN_DESERT_POST && h.nnumbers == 0 && h.resource == -1);
	CATAN_ASSERT_OK(catan_board_hex(g, QUARRY_HEX, &h));
	ck_assert(h.terrain == CATAN_TERRAIN_QUARRY && h.plaza == 54);

	/* production lists a hex under each of its numbers: the beginner's
	 * 2 is hex 1, its 3s hexes 10 and 13, its 11s hexes 8 and 18 */
	b = &g->board;
	list = board_number_hexes(b, 2, &n);
	ck_assert(n == 3 && list[0] == 1 && list[1] == RIVERS_HEX && list[2] == LAKE_HEX);
	list = board_number_hexes(b, 12, &n);
	ck_assert(n == 2 && list[0] == RIVERS_HEX && list[1] == LAKE_HEX);
	list = board_number_hexes(b, 3, &n);
	ck_assert(n == 3 && list[0] == LAKE_HEX && list[1] == 10 && list[2] == 13);
	list = board_number_hexes(b, 11, &n);
	ck_assert(n == 3 && list[0] == 8 && list[1] == LAKE_HEX && list[2] == 18);
	/* base's tiles= and harbors= cannot say this board */
	ck_assert_int_eq(catan_board_layout(g, NULL, 0, NULL), CATAN_ENOTSUP);
	lb.hexes[LAKE_HEX].terrain = CATAN_TERRAIN_DESERT;
	lb.hexes[LAKE_HEX].number = 0;
	memset(lb.hexes[LAKE_HEX].more, 0, sizeof(lb.hexes[LAKE_HEX].more));
	/* the beginner's tiles again (mountains 10, pasture 4) */
	lb.hexes[POST_HEX].terrain = CATAN_TERRAIN_PASTURE;
	lb.hexes[POST_HEX].number = 4;
	lb.hexes[QUARRY_HEX].terrain = CATAN_TERRAIN_MOUNTAINS;
	lb.hexes[QUARRY_HEX].number = 10;
	lb.spec.nsite = 0;
	lb.spec.nplaza = 0;
	lb.spec.nharbor = ISLAND_HARBORS;
	{
		catan_game *g2 = game_on(ctx, &lb.spec, "base(players=4,seed=1)");

		/* the Rivers hex's second number alone is enough */
		ck_assert_int_eq(catan_board_layout(g2, NULL, 0, NULL), CATAN_ENOTSUP);
		catan_game_unref(g2);
		lb.hexes[RIVERS_HEX].more[0] = 0;
		g2 = game_on(ctx, &lb.spec, "base(players=4,seed=1)");
		ck_assert_int_eq(catan_board_layout(g2, NULL, 0, NULL), CATAN_EBUFS);
		catan_game_unref(g2);
	}
	/* the robber starts at its home, the lake */
	{
		catan_state *s;

		CATAN_ASSERT_OK(catan_state_new(&s, g));
		ck_assert_int_eq(catan_state_robber(s), LAKE_HEX);
		catan_state_free(s);
	}
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* A 2 pays the Rivers hex's grain, a 12 too; the lake pays no card. */
START_TEST(test_lake_board_production_on_several_numbers)
{
	static struct test_lake_board lb;
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g;
	catan_state *s;
	catan_hex_info h, lake;
	catan_player_info pi;

	test_lake_board_make(&lb);
	g = game_on(ctx, &lb.spec, "base(players=4,seed=1)");
	CATAN_ASSERT_OK(catan_state_new(&s, g));
	CATAN_ASSERT_OK(catan_board_hex(g, RIVERS_HEX, &h));
	CATAN_ASSERT_OK(catan_board_hex(g, LAKE_HEX, &lake));
	CATAN_ASSERT_OK(catan_edit_place(s, 0, CATAN_PIECE_SETTLEMENT, h.vertices[CATAN_CORNER_N]));
	CATAN_ASSERT_OK(catan_edit_place(s, 1, CATAN_PIECE_SETTLEMENT, lake.vertices[CATAN_CORNER_N]));
	CATAN_ASSERT_OK(catan_edit_set_robber(s, 16));
	catan_production__roll(s, 2);
	catan_production__roll(s, 12);
	CATAN_ASSERT_OK(catan_state_player(s, 0, &pi));
	ck_assert_uint_eq(pi.cards[CATAN_GRAIN], 2);
	ck_assert_uint_eq(pi.card_total, 2);
	CATAN_ASSERT_OK(catan_state_player(s, 1, &pi));
	/* hex 9's north corner touches hexes 4 (6) and 5 (the post): nothing on 2 or 12 */
	ck_assert_uint_eq(pi.card_total, 0);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

START_TEST(test_plaza_has_four_paths_and_notation)
{
	static struct test_lake_board lb;
	static const unsigned corners[4] = {
		CATAN_CORNER_NE, CATAN_CORNER_SE, CATAN_CORNER_S, CATAN_CORNER_SW
	};
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g;
	catan_hex_info h;
	catan_vertex_info pv;
	catan_edge_info ei;
	catan_board_counts c;
	char text[32];
	int kind;
	unsigned id, interior = 0, four = 0;

	test_lake_board_make(&lb);
	g = game_on(ctx, &lb.spec, "base(players=4,seed=1)");
	CATAN_ASSERT_OK(catan_board_hex(g, QUARRY_HEX, &h));
	CATAN_ASSERT_OK(catan_board_vertex(g, h.plaza, &pv));
	ck_assert_uint_eq(pv.flags, CATAN_BOARD_PLAZA);
	ck_assert(pv.hexes[0] == QUARRY_HEX && pv.hexes[1] == CATAN_NONE);
	ck_assert_uint_eq(paths_at(g, h.plaza), 4);
	/* the paths go to ne, se, s and sw, not to the frame side nw-n;
	 * each of those corners had three paths and now has four */
	for (unsigned i = 0; i < 4; i++) {
		ck_assert_uint_eq(pv.vertices[i], h.vertices[corners[i]]);
		ck_assert_uint_eq(paths_at(g, h.vertices[corners[i]]), 4);
		CATAN_ASSERT_OK(catan_board_edge(g, pv.edges[i], &ei));
		ck_assert(ei.flags == CATAN_BOARD_INTERIOR && ei.vertices[0] == pv.vertices[i] &&
			  ei.vertices[1] == h.plaza && ei.hexes[0] == QUARRY_HEX);
	}
	ck_assert_uint_eq(paths_at(g, h.vertices[CATAN_CORNER_N]), 2);
	ck_assert_uint_eq(paths_at(g, h.vertices[CATAN_CORNER_NW]), 2);

	CATAN_ASSERT_OK(catan_location_format(g, CATAN_LOC_VERTEX, h.plaza, text, sizeof(text), NULL));
	ck_assert_str_eq(text, "h0.c");
	CATAN_ASSERT_OK(catan_location_format(g, CATAN_LOC_EDGE, pv.edges[2], text, sizeof(text), NULL));
	ck_assert_str_eq(text, "h0.c-s");
	CATAN_ASSERT_OK(catan_location_parse(g, "h0.s-c", &kind, &id));
	ck_assert(kind == CATAN_LOC_EDGE && id == pv.edges[2]);
	CATAN_ASSERT_OK(catan_location_parse(g, "h0.c", &kind, &id));
	ck_assert(kind == CATAN_LOC_VERTEX && id == h.plaza);
	ck_assert_int_eq(catan_location_parse(g, "h1.c", &kind, &id), CATAN_ENOTFOUND);
	ck_assert_int_eq(catan_location_parse(g, "h0.c-n", &kind, &id), CATAN_ENOTFOUND);
	ck_assert_int_eq(catan_location_parse(g, "h0.c-c", &kind, &id), CATAN_EPARSE);

	/* parse(format(x)) == x for every intersection and edge */
	CATAN_ASSERT_OK(catan_board_counts_get(g, &c));
	for (unsigned k = CATAN_LOC_VERTEX; k <= CATAN_LOC_EDGE; k++)
		for (unsigned i = 0; i < (k == CATAN_LOC_VERTEX ? c.vertices : c.edges); i++) {
			CATAN_ASSERT_OK(catan_location_format(g, (int)k, i, text, sizeof(text), NULL));
			CATAN_ASSERT_OK(catan_location_parse(g, text, &kind, &id));
			ck_assert_msg(kind == (int)k && id == i, "%s", text);
			if (k == CATAN_LOC_EDGE) {
				CATAN_ASSERT_OK(catan_board_edge(g, i, &ei));
				interior += (ei.flags & CATAN_BOARD_INTERIOR) != 0;
			} else {
				four += paths_at(g, i) == 4;
			}
		}
	ck_assert_uint_eq(interior, 4);
	ck_assert_uint_eq(four, 5);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

START_TEST(test_inland_trading_post)
{
	static struct test_lake_board lb;
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g;
	catan_state *s;
	catan_harbor_info t;
	catan_hex_info h;
	catan_vertex_info vi;
	uint8_t ratios[CATAN_MAX_CARD_KINDS];

	test_lake_board_make(&lb);
	g = game_on(ctx, &lb.spec, "base(players=4,seed=1)");
	CATAN_ASSERT_OK(catan_board_harbor(g, ISLAND_HARBORS, &t));
	CATAN_ASSERT_OK(catan_board_hex(g, POST_HEX, &h));
	ck_assert(t.ratio == 2 && t.resource == CATAN_WOOL && t.nvertices == 6 &&
		  t.hex == POST_HEX && t.edge == CATAN_NONE);
	for (unsigned c = 0; c < 6; c++) {
		ck_assert_uint_eq(t.vertices[c], h.vertices[c]);
		CATAN_ASSERT_OK(catan_board_vertex(g, h.vertices[c], &vi));
		ck_assert_uint_eq(vi.harbor, ISLAND_HARBORS);
	}
	CATAN_ASSERT_OK(catan_board_harbor(g, 0, &t));
	ck_assert(t.nvertices == 2 && t.vertices[2] == CATAN_NONE && t.edge != CATAN_NONE);

	/* a settlement on the post's far corner trades wool 2:1, through the
	 * set of the player's sites and through the scan alike */
	CATAN_ASSERT_OK(catan_state_new(&s, g));
	/* ratios: bit r set for each rate r:1 open to the player */
	catan_trade__maritime_ratios(s, 2, ratios);
	ck_assert_int_eq(__builtin_ctz(ratios[CATAN_WOOL]), 4);
	CATAN_ASSERT_OK(catan_edit_place(s, 2, CATAN_PIECE_SETTLEMENT, h.vertices[CATAN_CORNER_SW]));
	catan_trade__maritime_ratios(s, 2, ratios);
	ck_assert_int_eq(__builtin_ctz(ratios[CATAN_WOOL]), 2);
	ck_assert_int_eq(__builtin_ctz(ratios[CATAN_ORE]), 4);
	ck_assert_uint_eq(catan_trade__maritime_ratio_bits_scan(s, 2),
			  catan_trade__maritime_ratio_bits(s, 2));
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

START_TEST(test_marks_and_sites)
{
	static struct test_lake_board lb;
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g;
	catan_site_info si;
	catan_hex_info h2, h0;
	unsigned at[4];
	size_t n;
	int kind;
	unsigned id;

	test_lake_board_make(&lb);
	g = game_on(ctx, &lb.spec, "base(players=4,seed=1)");
	CATAN_ASSERT_OK(catan_board_hex(g, 2, &h2));
	CATAN_ASSERT_OK(catan_board_hex(g, QUARRY_HEX, &h0));

	CATAN_ASSERT_OK(catan_board_site(g, 2, &si));
	ck_assert(si.kind == CATAN_SITE_FISHING_GROUND && si.value == 4 &&
		  si.location_kind == CATAN_LOC_VERTEX && si.nlocations == 2 && si.name == NULL);
	ck_assert(si.locations[0] == h2.vertices[CATAN_CORNER_N] &&
		  si.locations[1] == h2.vertices[CATAN_CORNER_NE]);
	CATAN_ASSERT_OK(catan_board_site(g, 3, &si));
	ck_assert(si.kind == CATAN_SITE_CITY_SPACE && si.value == 2 && si.colour == 2);
	ck_assert_str_eq(si.name, "Venezia");

	/* per location: the fishing ground and the city space share h2.ne */
	CATAN_ASSERT_OK(catan_board_sites_at(g, CATAN_LOC_VERTEX, h2.vertices[CATAN_CORNER_NE],
					     at, 4, &n));
	ck_assert(n == 2 && at[0] == 2 && at[1] == 3);
	ck_assert_int_eq(catan_board_sites_at(g, CATAN_LOC_VERTEX, h2.vertices[CATAN_CORNER_NE],
					      at, 1, &n), CATAN_EBUFS);
	ck_assert_uint_eq(n, 2);
	CATAN_ASSERT_OK(catan_board_sites_at(g, CATAN_LOC_VERTEX, h2.vertices[CATAN_CORNER_N],
					     at, 4, &n));
	ck_assert(n == 1 && at[0] == 2);
	CATAN_ASSERT_OK(catan_board_sites_at(g, CATAN_LOC_HEX, 7, at, 4, &n));
	ck_assert(n == 1 && at[0] == 4);
	CATAN_ASSERT_OK(catan_board_site(g, 4, &si));
	ck_assert(si.kind == CATAN_SITE_CHIP_SPACE && si.colour == 3 && si.value == 1);
	CATAN_ASSERT_OK(catan_board_sites_at(g, CATAN_LOC_EDGE, h0.edges[1], at, 4, &n));
	ck_assert(n == 1 && at[0] == 1);
	/* the bridge site on the interior path h0.c-s, the start on the plaza */
	CATAN_ASSERT_OK(catan_location_parse(g, "h0.c-s", &kind, &id));
	CATAN_ASSERT_OK(catan_board_sites_at(g, CATAN_LOC_EDGE, id, at, 4, &n));
	ck_assert(n == 1 && at[0] == 6);
	CATAN_ASSERT_OK(catan_board_sites_at(g, CATAN_LOC_VERTEX, h0.plaza, at, 4, &n));
	ck_assert(n == 1 && at[0] == 7);
	CATAN_ASSERT_OK(catan_board_site(g, 7, &si));
	ck_assert(si.kind == CATAN_SITE_START && si.colour == 1 && si.value == CATAN_PIECE_SETTLEMENT);
	CATAN_ASSERT_OK(catan_board_sites_at(g, CATAN_LOC_HEX, 1, NULL, 0, &n));
	ck_assert_uint_eq(n, 0);
	ck_assert_int_eq(catan_board_sites_at(g, CATAN_LOC_HEX, 19, NULL, 0, &n), CATAN_EINVAL);
	ck_assert_int_eq(catan_board_site(g, 8, &si), CATAN_EINVAL);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/*
 * Two boards of 3 x 3 hexes in a row, glued east to west. By hand: a
 * parallelogram of a x b hexes has 2ab + 2a + 2b intersections and
 * 3ab + 2a + 2b - 1 edges (a = b = 1: 6 and 6). Glued, the 2b - 1 edges
 * of the west boundary (b west sides, b - 1 south-west ones) become those
 * of the east, a path of 2b - 1 edges whose 2b ends are one too: with
 * a = 6 and b = 3, 48 intersections and 66 edges (76 - 5, 54 - 6). Seams:
 * the 2b - 1 = 5 sides between the boards and the 5 glued ones.
 */
START_TEST(test_ring_of_two_boards)
{
	static struct test_ring rg;
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g;
	catan_board_counts c;
	catan_hex_info h;
	catan_edge_info ei;
	catan_vertex_info vi;
	unsigned seams = 0, seam_verts = 0, three = 0;

	test_ring_make(&rg);
	g = game_on(ctx, &rg.spec, "base(players=4,seed=1)");
	CATAN_ASSERT_OK(catan_board_counts_get(g, &c));
	ck_assert_uint_eq(c.hexes, 18);
	ck_assert_uint_eq(c.vertices, 48);
	ck_assert_uint_eq(c.edges, 66);
	for (unsigned e = 0; e < c.edges; e++) {
		CATAN_ASSERT_OK(catan_board_edge(g, e, &ei));
		seams += (ei.flags & CATAN_BOARD_SEAM) != 0;
	}
	ck_assert_uint_eq(seams, 10);
	/* every seam is a path of 5 edges, 6 intersections: 12 */
	for (unsigned v = 0; v < c.vertices; v++) {
		CATAN_ASSERT_OK(catan_board_vertex(g, v, &vi));
		seam_verts += (vi.flags & CATAN_BOARD_SEAM) != 0;
		three += vi.hexes[2] != CATAN_NONE;
	}
	ck_assert_uint_eq(seam_verts, 12);
	/* the middle row's 6 hexes have all 6 corners inside: 2 per hex of
	 * the 2 * 6 intersections between rows 0-1 and 1-2 are where three
	 * hexes meet: 2 * (2 * 6) = 24 */
	ck_assert_uint_eq(three, 24);
	/* the east hex of row 1 neighbours the west hexes of rows 1 and 0 */
	CATAN_ASSERT_OK(catan_board_hex(g, test_ring_hex(5, 1), &h));
	ck_assert_uint_eq(h.neighbors[1], test_ring_hex(0, 1));
	ck_assert_uint_eq(h.neighbors[0], test_ring_hex(0, 0));
	ck_assert_uint_eq(h.section, 1);
	ck_assert_uint_eq(h.area, 1);
	CATAN_ASSERT_OK(catan_board_hex(g, test_ring_hex(0, 0), &h));
	ck_assert(h.neighbors[3] == test_ring_hex(5, 1) && h.neighbors[4] == test_ring_hex(5, 0));
	ck_assert_uint_eq(h.section, 0);
	/* the robber starts on the first desert, the west board's */
	{
		catan_state *s;

		CATAN_ASSERT_OK(catan_state_new(&s, g));
		ck_assert_int_eq(catan_state_robber(s), test_ring_hex(1, 1));
		catan_state_free(s);
	}
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

static void
expect_refused(const struct board_spec *spec, const char *words)
{
	struct board b;
	char why[128];

	ck_assert_int_eq(catan_board__build_spec(&b, NULL, spec, why, sizeof(why)), CATAN_EINVAL);
	ck_assert_msg(strstr(why, words) != NULL, "'%s' lacks '%s'", why, words);
}

START_TEST(test_bad_specs_are_refused_with_reasons)
{
	static struct test_lake_board lb;
	static struct test_ring rg;
	struct board_plaza_spec plaza;
	struct board_ref ref;
	struct board_site_spec site;
	struct board_glue_spec glue;
	struct board b;

	test_lake_board_make(&lb);
	CATAN_ASSERT_OK(catan_board__build_spec(&b, NULL, &lb.spec, NULL, 0));
	catan_board__dispose(&b, NULL);

	lb.hexes[LAKE_HEX].more[1] = 3;
	expect_refused(&lb.spec, "hex 9: number 3 twice");
	lb.hexes[LAKE_HEX].more[1] = 0;
	expect_refused(&lb.spec, "hex 9: a number after an empty one");
	lb.hexes[LAKE_HEX].more[1] = 11;
	lb.hexes[POST_HEX].number = 5;
	expect_refused(&lb.spec, "hex 5: terrain 18 carries no number");
	/* a desert carries numbers where the spec says it yields (nothing) */
	lb.hexes[POST_HEX].yield = BOARD_YIELD_NONE;
	CATAN_ASSERT_OK(catan_board__build_spec(&b, NULL, &lb.spec, NULL, 0));
	ck_assert_uint_eq(b.hex[POST_HEX].number, 5);
	catan_board__dispose(&b, NULL);
	lb.hexes[POST_HEX].yield = 1 + CATAN_ORE;
	CATAN_ASSERT_OK(catan_board__build_spec(&b, NULL, &lb.spec, NULL, 0));
	ck_assert_int_eq(b.hex[POST_HEX].resource, CATAN_ORE);
	catan_board__dispose(&b, NULL);
	lb.hexes[POST_HEX].yield = 0;
	lb.hexes[POST_HEX].number = 0;
	lb.hexes[1].terrain = CATAN_TERRAIN_SEA;
	expect_refused(&lb.spec, "hex 1: terrain 6 is no land terrain");
	lb.hexes[1].terrain = CATAN_TERRAIN_PASTURE;

	plaza = lb.plaza;
	lb.plaza.corners = 0x1f;
	expect_refused(&lb.spec, "plaza 0: joins too many corners");
	/* a second plaza on hex 1 joined to its nw corner, the quarry's ne:
	 * five paths there */
	{
		struct board_plaza_spec two[2] = { plaza, { 1, 0x27 } };

		lb.spec.plazas = two;
		lb.spec.nplaza = 2;
		expect_refused(&lb.spec, "plaza 1: corner 5 of hex 1 would have more than 4 paths");
		lb.spec.plazas = &lb.plaza;
		lb.spec.nplaza = 1;
	}
	lb.plaza = plaza;

	ref = (struct board_ref){ 1, CATAN_LOC_VERTEX, BOARD_PART_CENTER };
	site = (struct board_site_spec){ CATAN_SITE_START, 0, 0, NULL, &ref, 1 };
	lb.sites[1] = site;
	expect_refused(&lb.spec, "site 1: location 0 is not on the board");
	ref.part = 0;
	site.name = "two words";
	lb.sites[1] = site;
	expect_refused(&lb.spec, "site 1: a name");
	site.name = NULL;
	site.kind = CATAN_SITE_ROBBER_HOME;
	lb.sites[1] = site;
	expect_refused(&lb.spec, "the robber has one home");
	site.kind = 0;
	lb.sites[1] = site;
	expect_refused(&lb.spec, "kind 0 is no site kind");
	test_lake_board_make(&lb);
	lb.harbors[ISLAND_HARBORS].hex = 1;
	lb.harbors[ISLAND_HARBORS].side = 3;
	expect_refused(&lb.spec, "is not on the coast");
	lb.harbors[ISLAND_HARBORS].side = BOARD_SIDE_INLAND;
	expect_refused(&lb.spec, "share an intersection");

	test_ring_make(&rg);
	glue = rg.glue[0];
	rg.glue[0].side_a = 3;
	expect_refused(&rg.spec, "glue 0: a side that is not on the coast");
	rg.glue[0] = glue;
	rg.glue[1] = glue;
	expect_refused(&rg.spec, "glue 1: a side that is not on the coast (or glued twice)");
	rg.glue[1] = (struct board_glue_spec){ 0, 4, 0, 3 };
	expect_refused(&rg.spec, "glue 1: a hex glued to itself");
}
END_TEST

/* A board's text builds the board again, which writes the same text. */
static void
round_trip(const struct board_spec *spec)
{
	catan_ctx *ctx = catan_test_ctx_new(), *ctx2 = catan_test_ctx_new();
	catan_game *g, *g2;
	char *t1, *t2;
	size_t n1, n2;
	catan_board_counts c1, c2;

	g = game_on(ctx, spec, "base(players=4,seed=1)");
	ck_assert_int_eq(catan_board_text(g, NULL, 0, &n1), CATAN_EBUFS);
	t1 = malloc(n1 + 1);
	ck_assert(t1 != NULL);
	CATAN_ASSERT_OK(catan_board_text(g, t1, n1 + 1, &n2));
	ck_assert_uint_eq(n1, n2);
	CATAN_ASSERT_OK(catan_ctx_set_board(ctx2, t1));
	g2 = catan_test_game_new(ctx2, "base(players=4,seed=1)");
	ck_assert_int_eq(catan_board_text(g2, NULL, 0, &n2), CATAN_EBUFS);
	t2 = malloc(n2 + 1);
	ck_assert(t2 != NULL);
	CATAN_ASSERT_OK(catan_board_text(g2, t2, n2 + 1, NULL));
	ck_assert_str_eq(t1, t2);
	CATAN_ASSERT_OK(catan_board_counts_get(g, &c1));
	CATAN_ASSERT_OK(catan_board_counts_get(g2, &c2));
	ck_assert(memcmp(&c1, &c2, sizeof(c1)) == 0);
	/* the same topology, element by element */
	for (unsigned v = 0; v < c1.vertices; v++)
		ck_assert(memcmp(&g->board.vert[v], &g2->board.vert[v], sizeof(g->board.vert[v])) == 0);
	for (unsigned e = 0; e < c1.edges; e++)
		ck_assert(memcmp(&g->board.edge[e], &g2->board.edge[e], sizeof(g->board.edge[e])) == 0);
	free(t2);
	free(t1);
	catan_game_unref(g2);
	catan_game_unref(g);
	catan_ctx_free(ctx2);
	catan_ctx_free(ctx);
}

START_TEST(test_board_text_round_trip)
{
	static struct test_lake_board lb;
	static struct test_ring rg;
	static struct test_island isl;

	test_lake_board_make(&lb);
	round_trip(&lb.spec);
	test_ring_make(&rg);
	round_trip(&rg.spec);
	ck_assert_int_eq(test_island_make(&isl, 3, 7), 0);
	round_trip(&isl.spec);
}
END_TEST

START_TEST(test_board_text_errors_name_the_item)
{
	static const struct {
		const char *text;
		int rc;
		const char *words;
	} bad[] = {
		{ "", CATAN_EPARSE, "starts with 'board v2'" },
		{ "board v3\nhex 0 0 forest 6", CATAN_EPARSE, "line 1: the text starts" },
		{ "board v2\n", CATAN_EPARSE, "a board has hexes" },
		{ "board v2\nhex 0 0 jungle 6", CATAN_EPARSE, "line 2: no terrain 'jungle'" },
		{ "board v2\nhex 0 x forest", CATAN_EPARSE, "line 2: a hex needs its row" },
		{ "board v2\nhex 0 0 forest 6 8 9 10 11", CATAN_EPARSE, "more than 4 numbers at '11'" },
		{ "board v2\nhex 0 0 forest yield=gold", CATAN_EPARSE, "no card kind 'gold'" },
		{ "board v2\nhex 0 0 forest 7", CATAN_EINVAL, "hex 0: 7 is no number" },
		{ "board v2\nhex 0 0 forest 6\nhex 0 0 hills 5", CATAN_EINVAL,
		  "hexes 0 and 1 are both at (0, 0)" },
		{ "board v2\nhex 0 0 forest 6\ntrade h0 n-se 3 any", CATAN_EPARSE, "no side 'n-se'" },
		{ "board v2\nhex 0 0 forest 6\ntrade h3 n-ne 3 any", CATAN_EINVAL, "trade site 0" },
		{ "board v2\nhex 0 0 forest 6\nplaza h0 n n", CATAN_EPARSE, "a corner twice: 'n'" },
		{ "board v2\nhex 0 0 forest 6\nglue h0 n-ne h0 s-sw", CATAN_EINVAL,
		  "glue 0: a hex glued to itself" },
		{ "board v2\nhex 0 0 forest 6\nsite city_space name=Roma", CATAN_EPARSE,
		  "a site covers locations" },
		{ "board v2\nhex 0 0 forest 6\nsite harbor h0", CATAN_EPARSE, "no site kind 'harbor'" },
		{ "board v2\nhex 0 0 forest 6\nsite x h0.c-n", CATAN_EINVAL,
		  "site 0: location 0 is not on the board" },
		{ "board v2\nhex 0 0 forest 6\nroad h0", CATAN_EPARSE, "line 3: no such line 'road'" },
		{ "board v2\nhex 0 0 forest 6\tx", CATAN_EPARSE, "control character" },
	};
	static struct test_ring rg;
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g;
	catan_board_counts c;

	/* a good board first: a bad text leaves it in place */
	test_ring_make(&rg);
	g = game_on(ctx, &rg.spec, "base(players=4,seed=1)");
	{
		char text[4096];

		CATAN_ASSERT_OK(catan_board_text(g, text, sizeof(text), NULL));
		catan_game_unref(g);
		CATAN_ASSERT_OK(catan_ctx_set_board(ctx, text));
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		ck_assert_msg(catan_ctx_set_board(ctx, bad[i].text) == bad[i].rc, "%s", bad[i].text);
		ck_assert_msg(strstr(catan_ctx_errmsg(ctx), bad[i].words) != NULL, "'%s' lacks '%s'",
			      catan_ctx_errmsg(ctx), bad[i].words);
	}
	g = catan_test_game_new(ctx, "base(players=4,seed=1)");
	CATAN_ASSERT_OK(catan_board_counts_get(g, &c));
	ck_assert_uint_eq(c.vertices, 48);
	catan_game_unref(g);
	/* NULL gives the island back */
	CATAN_ASSERT_OK(catan_ctx_set_board(ctx, NULL));
	g = catan_test_game_new(ctx, "base(players=4,seed=1)");
	CATAN_ASSERT_OK(catan_board_counts_get(g, &c));
	ck_assert_uint_eq(c.vertices, 54);
	catan_game_unref(g);
	ck_assert_int_eq(catan_ctx_set_board(NULL, NULL), CATAN_EINVAL);
	catan_ctx_free(ctx);
}
END_TEST

/* The words of the written form (doc/boards.md: "Terrains: `desert forest
 * hills ... desert_post`", "Site kinds: `bridge x river ... robber_home`"),
 * one per kind, in the enums' order; nothing for what is not a kind. */
START_TEST(test_terrain_and_site_kind_names)
{
	static const char *const terrains[CATAN_TERRAIN_COUNT] = {
		"desert", "forest", "hills", "pasture", "fields", "mountains", "sea", "lake",
		"swamp", "watering_hole", "castle", "quarry", "glassworks", "commodity_castle",
		"salt_garden", "salt_mountain", "mountain_forest", "mountain_pasture",
		"desert_post",
	};
	static const char *const sites[CATAN_SITE_KIND_COUNT] = {
		NULL, "bridge", "x", "river", "fishing_ground", "city_space", "chip_space",
		"warehouse", "start", "double_arrow", "area", "train_start", "robber_home",
	};

	for (int t = 0; t < CATAN_TERRAIN_COUNT; t++)
		ck_assert_str_eq(catan_terrain_name(t), terrains[t]);
	for (int k = 1; k < CATAN_SITE_KIND_COUNT; k++)
		ck_assert_str_eq(catan_site_kind_name(k), sites[k]);
	ck_assert_ptr_null(catan_terrain_name(-1));
	ck_assert_ptr_null(catan_terrain_name(CATAN_TERRAIN_COUNT));
	ck_assert_ptr_null(catan_site_kind_name(0));
	ck_assert_ptr_null(catan_site_kind_name(CATAN_SITE_KIND_COUNT));
}
END_TEST

void
catan_test_register(SRunner *sr)
{
	Suite *s = catan_test_suite(sr, "board-v2");
	TCase *tc = tcase_create("board-v2");

	tcase_add_test(tc, test_lake_board_hexes_and_numbers);
	tcase_add_test(tc, test_lake_board_production_on_several_numbers);
	tcase_add_test(tc, test_plaza_has_four_paths_and_notation);
	tcase_add_test(tc, test_inland_trading_post);
	tcase_add_test(tc, test_marks_and_sites);
	tcase_add_test(tc, test_ring_of_two_boards);
	tcase_add_test(tc, test_bad_specs_are_refused_with_reasons);
	tcase_add_test(tc, test_board_text_round_trip);
	tcase_add_test(tc, test_board_text_errors_name_the_item);
	tcase_add_test(tc, test_terrain_and_site_kind_names);
	suite_add_tcase(s, tc);
}
