/*
 * libcatanrules tests: hexagonal islands of any radius, for the rules and
 * the benchmarks on boards of other sizes than the standard island
 * (catan_ctx.board). Radius 2 is the standard island's shape (19 hexes);
 * radius r has 3r(r+1)+1 hexes, 6(r+1)^2 intersections and
 * 9r^2+15r+6 edges.
 *
 * The land is dealt like the box's, repeated: per 19 hexes (or fewer) a
 * desert, 4 forests, 4 pastures, 4 fields, 3 hills and 3 mountains, shuffled, and
 * the 18 tokens on the hexes other than deserts; a harbor on every third
 * hex of the coast, alternately 3:1 and 2:1 of each resource in turn.
 * SPDX-License-Identifier: MIT
 */
#ifndef CATAN_TEST_ISLANDS_H
#define CATAN_TEST_ISLANDS_H

#include <stdint.h>
#include <string.h>

#include "catan-private.h"

#define TEST_ISLAND_MAX_RADIUS 8
#define TEST_ISLAND_MAX_HEXES (3 * TEST_ISLAND_MAX_RADIUS * (TEST_ISLAND_MAX_RADIUS + 1) + 1)
#define TEST_ISLAND_MAX_HARBORS (2 * TEST_ISLAND_MAX_RADIUS)
/* a harbor names its hex in a byte */
_Static_assert(TEST_ISLAND_MAX_HEXES <= 256, "harbor hexes are bytes");

struct test_island {
	struct board_hex_spec hexes[TEST_ISLAND_MAX_HEXES];
	struct board_harbor_spec harbors[TEST_ISLAND_MAX_HARBORS];
	struct board_spec spec;
};

/* The six axial steps, in the order of the sides (lib/board.c), each
 * next to the one before: walking them in turn goes round a ring. */
static const int8_t test_island_dq[6] = { 1, 1, 0, -1, -1, 0 };
static const int8_t test_island_dr[6] = { -1, 0, 1, 1, 0, -1 };

static inline uint64_t
test_island_rand(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

static inline int
test_island_distance(int q, int r)
{
	int s = -q - r;
	int aq = q < 0 ? -q : q, ar = r < 0 ? -r : r, as = s < 0 ? -s : s;

	return aq > ar ? (aq > as ? aq : as) : (ar > as ? ar : as);
}

/* Fills @isl with an island of @radius (1..TEST_ISLAND_MAX_RADIUS) dealt
 * from @seed; 0 on success. */
static inline int
test_island_make(struct test_island *isl, int radius, uint64_t seed)
{
	static const uint8_t box_terrain[19] = {
		CATAN_TERRAIN_DESERT, CATAN_TERRAIN_FOREST, CATAN_TERRAIN_FOREST, CATAN_TERRAIN_FOREST,
		CATAN_TERRAIN_FOREST, CATAN_TERRAIN_PASTURE, CATAN_TERRAIN_PASTURE,
		CATAN_TERRAIN_PASTURE, CATAN_TERRAIN_PASTURE, CATAN_TERRAIN_FIELDS,
		CATAN_TERRAIN_FIELDS, CATAN_TERRAIN_FIELDS, CATAN_TERRAIN_FIELDS,
		CATAN_TERRAIN_HILLS, CATAN_TERRAIN_HILLS, CATAN_TERRAIN_HILLS,
		CATAN_TERRAIN_MOUNTAINS, CATAN_TERRAIN_MOUNTAINS, CATAN_TERRAIN_MOUNTAINS,
	};
	static const uint8_t box_tokens[18] = {
		2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12,
	};
	uint64_t x = seed * 0x9e3779b97f4a7c15ull + 0x2545f4914f6cdd1dull;
	size_t n = 0, tokens = 0, nharbor = 0;

	if (radius < 1 || radius > TEST_ISLAND_MAX_RADIUS)
		return -1;
	/* the fields the island does not set (yields, areas) are zero */
	memset(isl, 0, sizeof(*isl));
	for (int r = -radius; r <= radius; r++)
		for (int q = -radius; q <= radius; q++)
			if (test_island_distance(q, r) <= radius) {
				isl->hexes[n].q = (int8_t)q;
				isl->hexes[n].r = (int8_t)r;
				isl->hexes[n].terrain = box_terrain[n % 19];
				isl->hexes[n].number = 0;
				n++;
			}
	/* shuffle the terrains (Fisher-Yates), then lay the tokens in order */
	for (size_t i = n; i > 1; i--) {
		size_t j = (size_t)(test_island_rand(&x) % i);
		uint8_t t = isl->hexes[i - 1].terrain;

		isl->hexes[i - 1].terrain = isl->hexes[j].terrain;
		isl->hexes[j].terrain = t;
	}
	for (size_t i = 0; i < n; i++)
		if (isl->hexes[i].terrain != CATAN_TERRAIN_DESERT)
			isl->hexes[i].number = box_tokens[(tokens++ + (size_t)(seed % 18)) % 18];
	/* the coast, walked round from (-radius, 0): every third hex gets a
	 * harbor on its first side facing the sea (hexes two apart on the
	 * coast share no corner) */
	{
		int q = -radius, r = 0, k = 0;

		for (int side = 0; side < 6; side++)
			for (int step = 0; step < radius; step++, k++) {
				if (k % 3 == 0) {
					struct board_harbor_spec *h = &isl->harbors[nharbor];
					size_t at = 0;

					while (isl->hexes[at].q != q || isl->hexes[at].r != r)
						at++;
					h->hex = (uint8_t)at;
					h->side = 6;
					for (unsigned s = 0; s < 6 && h->side == 6; s++)
						if (test_island_distance(q + test_island_dq[s],
									 r + test_island_dr[s]) > radius)
							h->side = (uint8_t)s;
					h->resource = nharbor % 2 == 0 ? CATAN_HARBOR_GENERIC
								       : (uint8_t)(nharbor / 2 % 5);
					h->ratio = nharbor % 2 == 0 ? 3 : 2;
					nharbor++;
				}
				q += test_island_dq[side];
				r += test_island_dr[side];
			}
	}
	isl->spec.hexes = isl->hexes;
	isl->spec.nhex = n;
	isl->spec.harbors = isl->harbors;
	isl->spec.nharbor = nharbor;
	return 0;
}

#endif
