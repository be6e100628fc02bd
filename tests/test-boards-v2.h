/*
 * libcatanrules tests: boards of the board model v2 (doc/boards.md), for
 * the topology tests (test-board-v2.c) and the base rules played on them
 * (test-derived.c, catan_ctx.board):
 *
 * - the "lake board": the beginner island with the centre desert a lake
 *   on 2, 3, 11 and 12 (the robber's home), hex 3 (fields, 12) producing
 *   on 2 as well (Rivers), hex 5 a desert with an inland trading post
 *   (2:1 wool, Connect), hex 0 a quarry whose plaza joins its corners
 *   ne, se, s and sw (the frame side nw-n has no path, T&B), and marks;
 * - the "ring": two boards of 3 x 3 hexes side by side (sections 0 and
 *   1, a desert each), the east column glued to the west one, so that
 *   the row runs in a circle (Connect with four persons).
 * SPDX-License-Identifier: MIT
 */
#ifndef CATAN_TEST_BOARDS_V2_H
#define CATAN_TEST_BOARDS_V2_H

#include <string.h>

#include "catan-private.h"

#define LAKE_HEX 9
#define RIVERS_HEX 3
#define POST_HEX 5
#define QUARRY_HEX 0

struct test_lake_board {
	struct board_hex_spec hexes[ISLAND_HEXES];
	struct board_harbor_spec harbors[ISLAND_HARBORS + 1];
	struct board_ref refs[16];
	struct board_site_spec sites[8];
	struct board_plaza_spec plaza;
	struct board_spec spec;
};

static inline void
test_lake_board_make(struct test_lake_board *lb)
{
	struct board_ref *r = lb->refs;
	struct board_site_spec *s = lb->sites;

	memset(lb, 0, sizeof(*lb));
	catan_island__beginner(lb->hexes, lb->harbors);
	lb->hexes[LAKE_HEX].terrain = CATAN_TERRAIN_LAKE;
	lb->hexes[LAKE_HEX].number = 2;
	lb->hexes[LAKE_HEX].more[0] = 3;
	lb->hexes[LAKE_HEX].more[1] = 11;
	lb->hexes[LAKE_HEX].more[2] = 12;
	lb->hexes[RIVERS_HEX].more[0] = 2;
	lb->hexes[POST_HEX].terrain = CATAN_TERRAIN_DESERT_POST;
	lb->hexes[POST_HEX].number = 0;
	lb->hexes[QUARRY_HEX].terrain = CATAN_TERRAIN_QUARRY;
	lb->hexes[QUARRY_HEX].number = 0;
	lb->harbors[ISLAND_HARBORS] = (struct board_harbor_spec){
		POST_HEX, BOARD_SIDE_INLAND, CATAN_WOOL, 2
	};
	lb->plaza = (struct board_plaza_spec){ QUARRY_HEX, 0x1e }; /* ne se s sw */

	/* the robber's home: the lake */
	r[0] = (struct board_ref){ LAKE_HEX, CATAN_LOC_HEX, 0 };
	s[0] = (struct board_site_spec){ CATAN_SITE_ROBBER_HOME, 0, 0, NULL, &r[0], 1 };
	/* an "X" on the quarry's side toward hex 1 */
	r[1] = (struct board_ref){ QUARRY_HEX, CATAN_LOC_EDGE, 1 };
	s[1] = (struct board_site_spec){ CATAN_SITE_X, 0, 0, NULL, &r[1], 1 };
	/* a fishing ground on 4 touching hex 2's corners n and ne */
	r[2] = (struct board_ref){ 2, CATAN_LOC_VERTEX, CATAN_CORNER_N };
	r[3] = (struct board_ref){ 2, CATAN_LOC_VERTEX, CATAN_CORNER_NE };
	s[2] = (struct board_site_spec){ CATAN_SITE_FISHING_GROUND, 0, 4, NULL, &r[2], 2 };
	/* a city space with 2 coastal gold, purple */
	r[4] = (struct board_ref){ 2, CATAN_LOC_VERTEX, CATAN_CORNER_NE };
	s[3] = (struct board_site_spec){ CATAN_SITE_CITY_SPACE, 2, 2, "Venezia", &r[4], 1 };
	/* a dotted chip space of colour 3 on hex 7 */
	r[5] = (struct board_ref){ 7, CATAN_LOC_HEX, 0 };
	s[4] = (struct board_site_spec){ CATAN_SITE_CHIP_SPACE, 3, 1, NULL, &r[5], 1 };
	/* a river along two sides and an interior path's bridge site */
	r[6] = (struct board_ref){ 8, CATAN_LOC_EDGE, 0 };
	r[7] = (struct board_ref){ 8, CATAN_LOC_EDGE, 1 };
	s[5] = (struct board_site_spec){ CATAN_SITE_RIVER, 0, 0, NULL, &r[6], 2 };
	r[8] = (struct board_ref){ QUARRY_HEX, CATAN_LOC_EDGE, BOARD_PART_PATH + CATAN_CORNER_S };
	s[6] = (struct board_site_spec){ CATAN_SITE_BRIDGE, 0, 0, NULL, &r[8], 1 };
	/* a start position at the plaza, owner colour 1 */
	r[9] = (struct board_ref){ QUARRY_HEX, CATAN_LOC_VERTEX, BOARD_PART_CENTER };
	s[7] = (struct board_site_spec){ CATAN_SITE_START, 1, CATAN_PIECE_SETTLEMENT, NULL, &r[9], 1 };

	lb->spec = (struct board_spec){
		.hexes = lb->hexes, .nhex = ISLAND_HEXES,
		.harbors = lb->harbors, .nharbor = ISLAND_HARBORS + 1,
		.sites = lb->sites, .nsite = 8,
		.plazas = &lb->plaza, .nplaza = 1,
	};
}

#define RING_W 3 /* columns per board */
#define RING_H 3 /* rows */
#define RING_HEXES (2 * RING_W * RING_H)
/* glued pairs: each row's east side to the west one, and for rows r >= 1
 * the east hex's north-east side to the west hex of row r - 1 */
#define RING_GLUE (2 * RING_H - 1)

struct test_ring {
	struct board_hex_spec hexes[RING_HEXES];
	struct board_glue_spec glue[RING_GLUE];
	struct board_spec spec;
};

/* Hex (q, r) of the row, q in 0 .. 2 RING_W - 1: index r * 2 RING_W + q. */
static inline unsigned
test_ring_hex(int q, int r)
{
	return (unsigned)(r * 2 * RING_W + q);
}

static inline void
test_ring_make(struct test_ring *rg)
{
	/* per board a desert and 8 lands with 8 numbers of the box */
	static const uint8_t terrain[RING_W * RING_H] = {
		CATAN_TERRAIN_FOREST, CATAN_TERRAIN_HILLS, CATAN_TERRAIN_PASTURE,
		CATAN_TERRAIN_FIELDS, CATAN_TERRAIN_DESERT, CATAN_TERRAIN_MOUNTAINS,
		CATAN_TERRAIN_PASTURE, CATAN_TERRAIN_FIELDS, CATAN_TERRAIN_FOREST,
	};
	static const uint8_t number[2][RING_W * RING_H] = {
		{ 6, 3, 9, 5, 0, 10, 4, 11, 8 },
		{ 9, 8, 4, 2, 0, 12, 10, 5, 6 },
	};
	unsigned g = 0;

	memset(rg, 0, sizeof(*rg));
	for (int r = 0; r < RING_H; r++)
		for (int q = 0; q < 2 * RING_W; q++) {
			struct board_hex_spec *h = &rg->hexes[test_ring_hex(q, r)];
			int board = q / RING_W, k = r * RING_W + q % RING_W;

			h->q = (int8_t)q;
			h->r = (int8_t)r;
			h->terrain = terrain[k];
			h->number = number[board][k];
			h->section = (uint8_t)board;
			h->area = (uint8_t)board;
		}
	for (int r = 0; r < RING_H; r++) {
		rg->glue[g++] = (struct board_glue_spec){
			(uint16_t)test_ring_hex(2 * RING_W - 1, r), 1,
			(uint16_t)test_ring_hex(0, r), 4
		};
		if (r > 0)
			rg->glue[g++] = (struct board_glue_spec){
				(uint16_t)test_ring_hex(2 * RING_W - 1, r), 0,
				(uint16_t)test_ring_hex(0, r - 1), 3
			};
	}
	rg->spec = (struct board_spec){
		.hexes = rg->hexes, .nhex = RING_HEXES,
		.glue = rg->glue, .nglue = g,
	};
}

#endif
