/*
 * libcatanrules tests: board topology, standard island, location notation, RNG.
 * SPDX-License-Identifier: MIT
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test-common.h"
#include "test-islands.h"
#include "catan-private.h"

/* ------------------------------------------------------------ fixtures */

/* A counting allocator: leaks show as live blocks, failures on demand. */
struct test_alloc_stats {
	long live;
	long calls;
	long fail_at;	/* fail the allocation numbered so (from 0), or -1 */
};

static struct test_alloc_stats alloc_stats;
static struct catan_ctx test_ctx;
static struct catan_game test_game;

static void *
test_alloc(void *userdata, void *ptr, size_t old_size, size_t new_size)
{
	struct test_alloc_stats *st = userdata;

	(void)old_size;
	if (new_size == 0) {
		if (ptr)
			st->live--;
		free(ptr);
		return NULL;
	}
	if (st->fail_at >= 0 && st->calls++ == st->fail_at)
		return NULL;
	if (!ptr)
		st->live++;
	return realloc(ptr, new_size);
}

static const catan_ctx *
ctx_get(void)
{
	memset(&alloc_stats, 0, sizeof(alloc_stats));
	alloc_stats.fail_at = -1;
	memset(&test_ctx, 0, sizeof(test_ctx));
	test_ctx.alloc = test_alloc;
	test_ctx.alloc_userdata = &alloc_stats;
	return &test_ctx;
}

static void
build_beginner(struct board *b)
{
	struct board_hex_spec hexes[ISLAND_HEXES];
	struct board_harbor_spec harbors[ISLAND_HARBORS];

	catan_island__beginner(hexes, harbors);
	ck_assert_int_eq(catan_board__build(b, ctx_get(), hexes, ISLAND_HEXES,
					    harbors, ISLAND_HARBORS), CATAN_OK);
}

static void
random_specs(uint64_t seed, bool spiral, struct board_hex_spec *hexes,
	     struct board_harbor_spec *harbors)
{
	struct catan_rng rng;

	catan_rng__seed(&rng, seed, 0x626f617264u);
	catan_island__random(hexes, harbors, &rng, spiral);
}

static void
build_random(struct board *b, uint64_t seed, bool spiral)
{
	struct board_hex_spec hexes[ISLAND_HEXES];
	struct board_harbor_spec harbors[ISLAND_HARBORS];

	random_specs(seed, spiral, hexes, harbors);
	ck_assert_int_eq(catan_board__build(b, ctx_get(), hexes, ISLAND_HEXES,
					    harbors, ISLAND_HARBORS), CATAN_OK);
}

static void
dispose(struct board *b)
{
	catan_board__dispose(b, &test_ctx);
	ck_assert_int_eq(alloc_stats.live, 0);
}

/* The public board queries only read g->board. */
static const catan_game *
game_with(const struct board *b)
{
	memset(&test_game, 0, sizeof(test_game));
	test_game.ctx = &test_ctx;
	test_game.board = *b;
	return &test_game;
}

static unsigned
hex_mask(const struct board_vertex *v)
{
	unsigned m = 0;

	for (unsigned i = 0; i < v->nhex; i++)
		m |= 1u << v->hex[i];
	return m;
}

static int
axial_distance(int q, int r)
{
	return (abs(q) + abs(r) + abs(q + r)) / 2;
}

static bool
hexes_adjacent(const struct board *b, unsigned a, unsigned c)
{
	for (unsigned s = 0; s < 6; s++)
		if (b->hex[a].nbr[s] == c)
			return true;
	return false;
}

/* ------------------------------------------------------------------ rng */

/* G1: the RNG is exactly PCG32 (reference output for seed 42, stream 54). */
START_TEST(rng_pcg32_reference_sequence)
{
	static const uint32_t expected[] = {
		0xa15c02b7, 0x7b47f409, 0xba1d3330,
		0x83d2f293, 0xbfa4784b, 0xcbed606e,
	};
	struct catan_rng rng;

	catan_rng__seed(&rng, 42, 54);
	for (size_t i = 0; i < ARRAY_LEN(expected); i++)
		ck_assert_uint_eq(catan_rng__next(&rng), expected[i]);
}
END_TEST

/* G1: the same seed gives the same draws; another stream others. */
START_TEST(rng_deterministic_per_seed_and_stream)
{
	struct catan_rng a, b, c;
	int same_c = 0;

	catan_rng__seed(&a, 12345, 7);
	catan_rng__seed(&b, 12345, 7);
	catan_rng__seed(&c, 12345, 8);
	for (int i = 0; i < 1000; i++) {
		uint32_t x = catan_rng__next(&a);

		ck_assert_uint_eq(x, catan_rng__next(&b));
		same_c += x == catan_rng__next(&c);
	}
	ck_assert_int_lt(same_c, 5);
}
END_TEST

/* G1: catan_rng__below is pcg32_boundedrand: skip outputs below 2^32 mod
 * bound. */
START_TEST(rng_below_rejection_matches_reference)
{
	const uint32_t bound = 0x80000001u;
	const uint32_t threshold = (0u - bound) % bound;
	struct catan_rng rng, raw;

	catan_rng__seed(&rng, 99, 3);
	raw = rng;
	for (int i = 0; i < 200; i++) {
		uint32_t r, got = catan_rng__below(&rng, bound);

		do
			r = catan_rng__next(&raw);
		while (r < threshold);
		ck_assert_uint_eq(got, r % bound);
		ck_assert_uint_lt(got, bound);
	}
	/* bound 1 still consumes one draw, as in the reference */
	ck_assert_uint_eq(catan_rng__below(&rng, 1), 0);
	(void)catan_rng__next(&raw);
	ck_assert_uint_eq(catan_rng__next(&rng), catan_rng__next(&raw));
	/* bound 0 is a caller bug: answered without dividing by zero */
	ck_assert_uint_eq(catan_rng__below(&rng, 0), 0);
}
END_TEST

/* G1 chance events are uniform: a die from catan_rng__below(6). */
START_TEST(rng_below_distribution)
{
	enum { DRAWS = 60000, FACES = 6 };
	unsigned count[FACES] = { 0 };
	struct catan_rng rng;

	catan_rng__seed(&rng, 2024, 1);
	for (int i = 0; i < DRAWS; i++) {
		uint32_t v = catan_rng__below(&rng, FACES);

		ck_assert_uint_lt(v, FACES);
		count[v]++;
	}
	/* expected 10000 each, sd about 91: 600 is more than 6 sd */
	for (int f = 0; f < FACES; f++) {
		ck_assert_uint_gt(count[f], DRAWS / FACES - 600);
		ck_assert_uint_lt(count[f], DRAWS / FACES + 600);
	}
}
END_TEST

/* ----------------------------------------------------------- topology */

/* FACTS 1: the standard island has 19 hexes, 54 intersections, 72 edges,
 * 9 harbors. */
static void
check_counts(const struct board *b)
{
	catan_board_counts counts;

	ck_assert_uint_eq(b->nhex, 19);
	ck_assert_uint_eq(b->nvert, 54);
	ck_assert_uint_eq(b->nedge, 72);
	ck_assert_uint_eq(b->nharbor, 9);
	ck_assert_int_eq(catan_board_counts_get(game_with(b), &counts),
			 CATAN_OK);
	ck_assert_uint_eq(counts.hexes, 19);
	ck_assert_uint_eq(counts.vertices, 54);
	ck_assert_uint_eq(counts.edges, 72);
	ck_assert_uint_eq(counts.harbors, 9);
}

/* The invariants every board must satisfy, whatever its layout. */
static void
check_topology(const struct board *b)
{
	unsigned coastal = 0, next_vert = 0, next_edge = 0;

	for (unsigned v = 0; v < b->nvert; v++) {
		const struct board_vertex *vx = &b->vert[v];

		ck_assert_uint_ge(vx->nadj, 2);
		ck_assert_uint_le(vx->nadj, 3);
		ck_assert_uint_ge(vx->nhex, 1);
		ck_assert_uint_le(vx->nhex, 3);
		for (unsigned i = 0; i < 3; i++) {
			if (i >= vx->nhex)
				ck_assert_uint_eq(vx->hex[i], BOARD_NONE);
			if (i >= vx->nadj) {
				ck_assert_uint_eq(vx->adj[i], BOARD_NONE);
				ck_assert_uint_eq(vx->edge[i], BOARD_NONE);
			}
		}
		for (unsigned i = 0; i < vx->nhex; i++) {
			const struct board_hex *h = &b->hex[vx->hex[i]];

			/* hexes listed lowest first (canonical names) */
			if (i > 0)
				ck_assert_uint_lt(vx->hex[i - 1], vx->hex[i]);
			ck_assert_uint_eq(h->vert[vx->hex_corner[i]], v);
		}
		for (unsigned i = 0; i < vx->nadj; i++) {
			const struct board_edge *e = &b->edge[vx->edge[i]];

			ck_assert(e->vert[0] == v || e->vert[1] == v);
			ck_assert(e->vert[0] == vx->adj[i] ||
				  e->vert[1] == vx->adj[i]);
			ck_assert_uint_eq(catan_board__edge_of_vertices(b,
					(uint16_t)v, vx->adj[i]), vx->edge[i]);
		}
	}

	for (unsigned e = 0; e < b->nedge; e++) {
		const struct board_edge *ed = &b->edge[e];
		const struct board_vertex *a = &b->vert[ed->vert[0]];
		bool found = false;

		ck_assert_uint_ne(ed->vert[0], ed->vert[1]);
		for (unsigned i = 0; i < a->nadj; i++)
			found |= a->adj[i] == ed->vert[1] && a->edge[i] == e;
		ck_assert_msg(found, "edge %u: ends not adjacent", e);
		ck_assert_uint_eq(catan_board__edge_of_vertices(b, ed->vert[1],
								ed->vert[0]), e);
		ck_assert_uint_ge(ed->nhex, 1);
		ck_assert_uint_le(ed->nhex, 2);
		if (ed->nhex == 1) {
			coastal++;
			ck_assert_uint_eq(ed->hex[1], BOARD_NONE);
		} else {
			ck_assert_uint_lt(ed->hex[0], ed->hex[1]);
			ck_assert_uint_eq(catan_board__edge_between(b, ed->hex[0],
								    ed->hex[1]), e);
			ck_assert_uint_eq(catan_board__edge_between(b, ed->hex[1],
								    ed->hex[0]), e);
		}
		for (unsigned i = 0; i < ed->nhex; i++) {
			const struct board_hex *h = &b->hex[ed->hex[i]];
			unsigned s = ed->hex_side[i];

			ck_assert_uint_eq(h->edge[s], e);
			/* side s joins corners s and s+1 */
			ck_assert((h->vert[s] == ed->vert[0] &&
				   h->vert[(s + 1) % 6] == ed->vert[1]) ||
				  (h->vert[s] == ed->vert[1] &&
				   h->vert[(s + 1) % 6] == ed->vert[0]));
		}
	}
	/* 30 coastal paths around the standard frame */
	ck_assert_uint_eq(coastal, 30);

	for (unsigned h = 0; h < b->nhex; h++) {
		const struct board_hex *hx = &b->hex[h];

		for (unsigned c = 0; c < 6; c++) {
			const struct board_vertex *v = &b->vert[hx->vert[c]];
			bool found = false;

			/* ids in order of first appearance */
			if (hx->vert[c] >= next_vert) {
				ck_assert_uint_eq(hx->vert[c], next_vert);
				next_vert++;
			}
			for (unsigned i = 0; i < v->nhex; i++)
				found |= v->hex[i] == h &&
					 v->hex_corner[i] == c;
			ck_assert_msg(found, "h%u corner %u", h, c);
		}
		for (unsigned s = 0; s < 6; s++) {
			const struct board_edge *e = &b->edge[hx->edge[s]];
			bool found = false;
			uint16_t nbr = BOARD_NONE;

			if (hx->edge[s] >= next_edge) {
				ck_assert_uint_eq(hx->edge[s], next_edge);
				next_edge++;
			}
			for (unsigned i = 0; i < e->nhex; i++) {
				if (e->hex[i] == h && e->hex_side[i] == s)
					found = true;
				else
					nbr = e->hex[i];
			}
			ck_assert_msg(found, "h%u side %u", h, s);
			ck_assert_uint_eq(hx->nbr[s], nbr);
			if (nbr != BOARD_NONE)
				ck_assert_uint_eq(b->hex[nbr].nbr[(s + 3) % 6],
						  h);
		}
	}
	ck_assert_uint_eq(next_vert, b->nvert);
	ck_assert_uint_eq(next_edge, b->nedge);

	for (unsigned i = 0; i < b->nharbor; i++) {
		const struct board_harbor *hb = &b->harbor[i];
		const struct board_hex *hx = &b->hex[hb->hex];

		ck_assert_uint_eq(hx->nbr[hb->side], BOARD_NONE);
		ck_assert_uint_eq(hx->edge[hb->side], hb->edge);
		ck_assert_uint_eq(b->edge[hb->edge].nhex, 1);
		ck_assert_uint_eq(b->vert[hb->vert[0]].harbor, i);
		ck_assert_uint_eq(b->vert[hb->vert[1]].harbor, i);
		ck_assert_uint_eq(catan_board__edge_of_vertices(b, hb->vert[0],
								hb->vert[1]),
				  hb->edge);
	}
}

/* Intersections are found from the hexes they touch, in any order (FACTS
 * 1.3-1.4 name them so). */
static void
check_vertex_of_hexes(const struct board *b)
{
	for (unsigned v = 0; v < b->nvert; v++) {
		const struct board_vertex *vx = &b->vert[v];
		uint16_t hs[3];

		if (vx->nhex < 2)
			continue;
		hs[0] = vx->hex[vx->nhex - 1];
		hs[1] = vx->hex[0];
		hs[2] = vx->nhex == 3 ? vx->hex[1] : BOARD_NONE;
		ck_assert_uint_eq(catan_board__vertex_of_hexes(b, hs, vx->nhex), v);
	}
	/* FACTS 1.4: P0's first settlement R4C3/R4C4/R5C3 is h14.se, its
	 * road on edge R4C3-R4C4 is h14.ne-se */
	{
		const uint16_t p0a[3] = { 18, 15, 14 };

		ck_assert_uint_eq(catan_board__vertex_of_hexes(b, p0a, 3),
				  b->hex[14].vert[CATAN_CORNER_SE]);
		ck_assert_uint_eq(catan_board__edge_between(b, 14, 15),
				  b->hex[14].edge[1]);
	}
	/* h0 and h18 share nothing; one hex alone names no intersection */
	{
		const uint16_t far[2] = { 0, 18 };
		const uint16_t one[1] = { 9 };
		const uint16_t dup[2] = { 9, 9 };
		const uint16_t bad[2] = { 9, 19 };

		ck_assert_uint_eq(catan_board__vertex_of_hexes(b, far, 2),
				  BOARD_NONE);
		ck_assert_uint_eq(catan_board__vertex_of_hexes(b, one, 1),
				  BOARD_NONE);
		ck_assert_uint_eq(catan_board__vertex_of_hexes(b, dup, 2),
				  BOARD_NONE);
		ck_assert_uint_eq(catan_board__vertex_of_hexes(b, bad, 2),
				  BOARD_NONE);
	}
	ck_assert_uint_eq(catan_board__edge_between(b, 0, 18), BOARD_NONE);
	ck_assert_uint_eq(catan_board__edge_between(b, 9, 9), BOARD_NONE);
	ck_assert_uint_eq(catan_board__edge_between(b, 9, 19), BOARD_NONE);
	ck_assert_uint_eq(catan_board__edge_of_vertices(b, 0, 0), BOARD_NONE);
	ck_assert_uint_eq(catan_board__edge_of_vertices(b, 0, 54), BOARD_NONE);
}

/* B1 board=beginner: counts and topology invariants. */
START_TEST(board_beginner_counts_and_topology)
{
	struct board b;

	build_beginner(&b);
	check_counts(&b);
	check_topology(&b);
	check_vertex_of_hexes(&b);
	dispose(&b);
}
END_TEST

/* B1 board=random: counts and topology invariants over many seeds. */
START_TEST(board_random_counts_and_topology)
{
	const uint64_t base = catan_test_seed();

	for (uint64_t seed = base; seed < base + 50; seed++) {
		struct board b;

		build_random(&b, seed, seed % 2 == 1);
		check_counts(&b);
		check_topology(&b);
		check_vertex_of_hexes(&b);
		dispose(&b);
	}
}
END_TEST

/* Brief: hex ids row by row (3-4-5-4-3), axial r = -2..2. */
START_TEST(board_island_coordinates)
{
	unsigned i = 0;

	for (int r = -2; r <= 2; r++) {
		int lo = r < 0 ? -2 - r : -2;
		int hi = r > 0 ? 2 - r : 2;

		for (int q = lo; q <= hi; q++, i++) {
			ck_assert_int_eq(catan_island__coords[i][0], q);
			ck_assert_int_eq(catan_island__coords[i][1], r);
		}
	}
	ck_assert_uint_eq(i, ISLAND_HEXES);
}
END_TEST

/* FACTS 1.2: terrain and number of each beginner hex, by hex id (row-major). */
START_TEST(board_beginner_facts_1_2_terrain_numbers)
{
	static const struct {
		uint8_t terrain;
		uint8_t number;
		int8_t resource;
	} expected[ISLAND_HEXES] = {
		{ CATAN_TERRAIN_MOUNTAINS, 10, CATAN_ORE },
		{ CATAN_TERRAIN_PASTURE, 2, CATAN_WOOL },
		{ CATAN_TERRAIN_FOREST, 9, CATAN_LUMBER },
		{ CATAN_TERRAIN_FIELDS, 12, CATAN_GRAIN },
		{ CATAN_TERRAIN_HILLS, 6, CATAN_BRICK },
		{ CATAN_TERRAIN_PASTURE, 4, CATAN_WOOL },
		{ CATAN_TERRAIN_HILLS, 10, CATAN_BRICK },
		{ CATAN_TERRAIN_FIELDS, 9, CATAN_GRAIN },
		{ CATAN_TERRAIN_FOREST, 11, CATAN_LUMBER },
		{ CATAN_TERRAIN_DESERT, 0, -1 },
		{ CATAN_TERRAIN_FOREST, 3, CATAN_LUMBER },
		{ CATAN_TERRAIN_MOUNTAINS, 8, CATAN_ORE },
		{ CATAN_TERRAIN_FOREST, 8, CATAN_LUMBER },
		{ CATAN_TERRAIN_MOUNTAINS, 3, CATAN_ORE },
		{ CATAN_TERRAIN_FIELDS, 4, CATAN_GRAIN },
		{ CATAN_TERRAIN_PASTURE, 5, CATAN_WOOL },
		{ CATAN_TERRAIN_HILLS, 5, CATAN_BRICK },
		{ CATAN_TERRAIN_FIELDS, 6, CATAN_GRAIN },
		{ CATAN_TERRAIN_PASTURE, 11, CATAN_WOOL },
	};
	struct board b;
	const catan_game *g;

	build_beginner(&b);
	g = game_with(&b);
	for (unsigned h = 0; h < ISLAND_HEXES; h++) {
		catan_hex_info info;

		ck_assert_int_eq(catan_board_hex(g, h, &info), CATAN_OK);
		ck_assert_uint_eq(info.terrain, expected[h].terrain);
		ck_assert_uint_eq(info.number, expected[h].number);
		ck_assert_int_eq(info.resource, expected[h].resource);
		ck_assert_int_eq(info.q, catan_island__coords[h][0]);
		ck_assert_int_eq(info.r, catan_island__coords[h][1]);
		for (unsigned i = 0; i < 6; i++) {
			ck_assert_uint_eq(info.vertices[i], b.hex[h].vert[i]);
			ck_assert_uint_eq(info.edges[i], b.hex[h].edge[i]);
			ck_assert_uint_eq(info.neighbors[i], b.hex[h].nbr[i]);
		}
	}
	/* B1: the robber starts on the desert */
	ck_assert_uint_eq(b.desert, 9);
	/* production tables: every number's hexes, in id order */
	for (unsigned n = 0; n <= 13; n++) {
		unsigned count = 0, listed;
		const uint16_t *hexes = board_number_hexes(&b, n, &listed);

		for (unsigned h = 0; h < ISLAND_HEXES && n >= 2; h++) {
			if (expected[h].number != n)
				continue;
			ck_assert_uint_lt(count, listed);
			ck_assert_uint_eq(hexes[count], h);
			count++;
		}
		ck_assert_uint_eq(listed, count);
	}
	dispose(&b);
}
END_TEST

/* FACTS 1.3 and B1 (brick harbor on the west edge of Forest 8): type, hex,
 * edge, and the hexes its two intersections touch. */
START_TEST(board_beginner_facts_1_3_harbors)
{
	static const struct {
		unsigned resource, ratio, hex, side;
		unsigned touch_a, touch_b; /* hex masks, either order */
	} expected[ISLAND_HARBORS] = {
		/* 1: 3:1, R1C1 NW: R1C1 only; R1C1 only */
		{ CATAN_HARBOR_GENERIC, 3, 0, 5, 1u << 0, 1u << 0 },
		/* 2: grain, R1C2 NE: R1C2; R1C2+R1C3 */
		{ CATAN_GRAIN, 2, 1, 0, 1u << 1, (1u << 1) | (1u << 2) },
		/* 3: ore, R2C4 NE: R1C3+R2C4; R2C4 */
		{ CATAN_ORE, 2, 6, 0, (1u << 2) | (1u << 6), 1u << 6 },
		/* 4: 3:1, R3C5 E: R3C5 only */
		{ CATAN_HARBOR_GENERIC, 3, 11, 1, 1u << 11, 1u << 11 },
		/* 5: wool, R4C4 SE: R4C4; R4C4+R5C3 */
		{ CATAN_WOOL, 2, 15, 2, 1u << 15, (1u << 15) | (1u << 18) },
		/* 6: 3:1, R5C2 SE: R5C2; R5C2+R5C3 */
		{ CATAN_HARBOR_GENERIC, 3, 17, 2,
		  1u << 17, (1u << 17) | (1u << 18) },
		/* 7: 3:1, R5C1 SW: R5C1 only */
		{ CATAN_HARBOR_GENERIC, 3, 16, 3, 1u << 16, 1u << 16 },
		/* 8: brick, R4C1 W: R4C1; R3C1+R4C1 */
		{ CATAN_BRICK, 2, 12, 4, 1u << 12, (1u << 7) | (1u << 12) },
		/* 9: lumber, R2C1 W: R2C1; R2C1+R3C1 */
		{ CATAN_LUMBER, 2, 3, 4, 1u << 3, (1u << 3) | (1u << 7) },
	};
	struct board b;
	const catan_game *g;
	unsigned harbor_vertices = 0;

	build_beginner(&b);
	g = game_with(&b);
	for (unsigned i = 0; i < ISLAND_HARBORS; i++) {
		const struct board_harbor *hb = &b.harbor[i];
		unsigned ma = hex_mask(&b.vert[hb->vert[0]]);
		unsigned mb = hex_mask(&b.vert[hb->vert[1]]);
		catan_harbor_info info;

		ck_assert_uint_eq(hb->resource, expected[i].resource);
		ck_assert_uint_eq(hb->ratio, expected[i].ratio);
		ck_assert_uint_eq(hb->hex, expected[i].hex);
		ck_assert_uint_eq(hb->side, expected[i].side);
		unsigned ta = expected[i].touch_a, tb = expected[i].touch_b;

		ck_assert_msg((ma == ta && mb == tb) || (ma == tb && mb == ta),
			      "harbor %u touches %#x and %#x", i + 1, ma, mb);
		ck_assert_uint_eq(catan_island__harbor_slots[i][0], expected[i].hex);
		ck_assert_uint_eq(catan_island__harbor_slots[i][1], expected[i].side);

		ck_assert_int_eq(catan_board_harbor(g, i, &info), CATAN_OK);
		ck_assert_uint_eq(info.resource, expected[i].resource);
		ck_assert_uint_eq(info.ratio, expected[i].ratio);
		ck_assert_uint_eq(info.hex, expected[i].hex);
		ck_assert_uint_eq(info.edge, hb->edge);
		ck_assert_uint_eq(info.vertices[0], hb->vert[0]);
		ck_assert_uint_eq(info.vertices[1], hb->vert[1]);
	}
	for (unsigned v = 0; v < b.nvert; v++)
		harbor_vertices += b.vert[v].harbor != BOARD_NONE;
	ck_assert_uint_eq(harbor_vertices, 2 * ISLAND_HARBORS);
	dispose(&b);
}
END_TEST

/* The public queries mirror the internal board and check their arguments. */
START_TEST(board_public_queries)
{
	struct board b;
	const catan_game *g;
	catan_board_counts counts;
	catan_hex_info hi;
	catan_vertex_info vi;
	catan_edge_info ei;
	catan_harbor_info hbi;

	build_beginner(&b);
	g = game_with(&b);
	for (unsigned v = 0; v < b.nvert; v++) {
		ck_assert_int_eq(catan_board_vertex(g, v, &vi), CATAN_OK);
		for (unsigned i = 0; i < 3; i++) {
			ck_assert_uint_eq(vi.hexes[i], b.vert[v].hex[i]);
			ck_assert_uint_eq(vi.vertices[i], b.vert[v].adj[i]);
			ck_assert_uint_eq(vi.edges[i], b.vert[v].edge[i]);
		}
		ck_assert_uint_eq(vi.harbor, b.vert[v].harbor);
	}
	for (unsigned e = 0; e < b.nedge; e++) {
		ck_assert_int_eq(catan_board_edge(g, e, &ei), CATAN_OK);
		ck_assert_uint_eq(ei.vertices[0], b.edge[e].vert[0]);
		ck_assert_uint_eq(ei.vertices[1], b.edge[e].vert[1]);
		ck_assert_uint_eq(ei.hexes[0], b.edge[e].hex[0]);
		ck_assert_uint_eq(ei.hexes[1], b.edge[e].hex[1]);
	}
	ck_assert_uint_eq(CATAN_NONE, BOARD_NONE);

	ck_assert_int_eq(catan_board_counts_get(NULL, &counts), CATAN_EINVAL);
	ck_assert_int_eq(catan_board_counts_get(g, NULL), CATAN_EINVAL);
	ck_assert_int_eq(catan_board_hex(g, 19, &hi), CATAN_EINVAL);
	ck_assert_int_eq(catan_board_hex(NULL, 0, &hi), CATAN_EINVAL);
	ck_assert_int_eq(catan_board_hex(g, 0, NULL), CATAN_EINVAL);
	ck_assert_int_eq(catan_board_vertex(g, 54, &vi), CATAN_EINVAL);
	ck_assert_int_eq(catan_board_vertex(NULL, 0, &vi), CATAN_EINVAL);
	ck_assert_int_eq(catan_board_vertex(g, 0, NULL), CATAN_EINVAL);
	ck_assert_int_eq(catan_board_edge(g, 72, &ei), CATAN_EINVAL);
	ck_assert_int_eq(catan_board_edge(NULL, 0, &ei), CATAN_EINVAL);
	ck_assert_int_eq(catan_board_edge(g, 0, NULL), CATAN_EINVAL);
	ck_assert_int_eq(catan_board_harbor(g, 9, &hbi), CATAN_EINVAL);
	ck_assert_int_eq(catan_board_harbor(NULL, 0, &hbi), CATAN_EINVAL);
	ck_assert_int_eq(catan_board_harbor(g, 0, NULL), CATAN_EINVAL);
	dispose(&b);
}
END_TEST

/* catan_board__build refuses inconsistent descriptions without allocating. */
START_TEST(board_build_rejects_bad_specs)
{
	struct board_hex_spec hexes[ISLAND_HEXES], bad[ISLAND_HEXES];
	struct board_harbor_spec harbors[ISLAND_HARBORS], hb[ISLAND_HARBORS];
	struct board b;
	const catan_ctx *ctx = ctx_get();

	catan_island__beginner(hexes, harbors);

	/* two hexes on one spot */
	memcpy(bad, hexes, sizeof(bad));
	bad[1].q = bad[0].q;
	bad[1].r = bad[0].r;
	ck_assert_int_eq(catan_board__build(&b, ctx, bad, ISLAND_HEXES, harbors,
					    ISLAND_HARBORS), CATAN_EINVAL);
	/* 7 is no token; the desert takes none; sea is no land hex */
	memcpy(bad, hexes, sizeof(bad));
	bad[0].number = 7;
	ck_assert_int_eq(catan_board__build(&b, ctx, bad, ISLAND_HEXES, harbors,
					    ISLAND_HARBORS), CATAN_EINVAL);
	memcpy(bad, hexes, sizeof(bad));
	bad[9].number = 5;
	ck_assert_int_eq(catan_board__build(&b, ctx, bad, ISLAND_HEXES, harbors,
					    ISLAND_HARBORS), CATAN_EINVAL);
	memcpy(bad, hexes, sizeof(bad));
	bad[0].terrain = CATAN_TERRAIN_SEA;
	ck_assert_int_eq(catan_board__build(&b, ctx, bad, ISLAND_HEXES, harbors,
					    ISLAND_HARBORS), CATAN_EINVAL);
	/* a harbor must face the sea, and not share an intersection */
	memcpy(hb, harbors, sizeof(hb));
	hb[0].side = 2;
	ck_assert_int_eq(catan_board__build(&b, ctx, hexes, ISLAND_HEXES, hb,
					    ISLAND_HARBORS), CATAN_EINVAL);
	memcpy(hb, harbors, sizeof(hb));
	hb[1].hex = 0;
	hb[1].side = 0;	/* next to harbor 0 on side nw-n: shares h0.n */
	ck_assert_int_eq(catan_board__build(&b, ctx, hexes, ISLAND_HEXES, hb,
					    ISLAND_HARBORS), CATAN_EINVAL);
	memcpy(hb, harbors, sizeof(hb));
	hb[2].hex = ISLAND_HEXES;
	ck_assert_int_eq(catan_board__build(&b, ctx, hexes, ISLAND_HEXES, hb,
					    ISLAND_HARBORS), CATAN_EINVAL);
	memcpy(hb, harbors, sizeof(hb));
	hb[2].resource = 9;
	ck_assert_int_eq(catan_board__build(&b, ctx, hexes, ISLAND_HEXES, hb,
					    ISLAND_HARBORS), CATAN_EINVAL);
	ck_assert_int_eq(catan_board__build(&b, ctx, NULL, 0, harbors,
					    ISLAND_HARBORS), CATAN_EINVAL);
	ck_assert_int_eq(catan_board__build(&b, ctx, hexes, ISLAND_HEXES, NULL,
					    ISLAND_HARBORS), CATAN_EINVAL);
	ck_assert_int_eq(alloc_stats.live, 0);
	ck_assert_ptr_null(b.hex);

	/* a board without harbors is fine */
	ck_assert_int_eq(catan_board__build(&b, ctx, hexes, ISLAND_HEXES, NULL, 0),
			 CATAN_OK);
	ck_assert_uint_eq(b.nharbor, 0);
	dispose(&b);
}
END_TEST

/* Joined boards (CATAN Connect) repeat each number more often than the
 * island's two tokens: the production table takes any count, in id order. */
START_TEST(board_number_on_any_count_of_hexes)
{
	struct board_hex_spec hexes[ISLAND_HEXES];
	struct board_harbor_spec harbors[ISLAND_HARBORS];
	struct board b;
	unsigned listed, count = 0;
	const uint16_t *on_six;

	catan_island__beginner(hexes, harbors);
	for (unsigned h = 0; h < ISLAND_HEXES; h++)
		if (hexes[h].terrain != CATAN_TERRAIN_DESERT)
			hexes[h].number = 6;
	ck_assert_int_eq(catan_board__build(&b, ctx_get(), hexes, ISLAND_HEXES,
					    harbors, ISLAND_HARBORS), CATAN_OK);
	on_six = board_number_hexes(&b, 6, &listed);
	ck_assert_uint_eq(listed, ISLAND_HEXES - 1);
	for (unsigned h = 0; h < ISLAND_HEXES; h++)
		if (hexes[h].terrain != CATAN_TERRAIN_DESERT)
			ck_assert_uint_eq(on_six[count++], h);
	for (unsigned n = 0; n <= 13; n++) {
		board_number_hexes(&b, n, &listed);
		if (n != 6)
			ck_assert_uint_eq(listed, 0);
	}
	dispose(&b);
}
END_TEST

/* An allocation failure at any point returns ENOMEM and leaks nothing. */
START_TEST(board_build_enomem_leaks_nothing)
{
	struct board_hex_spec hexes[ISLAND_HEXES];
	struct board_harbor_spec harbors[ISLAND_HARBORS];
	long needed;
	struct board b;
	const catan_ctx *ctx = ctx_get();

	catan_island__beginner(hexes, harbors);
	alloc_stats.fail_at = 1000;
	ck_assert_int_eq(catan_board__build(&b, ctx, hexes, ISLAND_HEXES, harbors,
					    ISLAND_HARBORS), CATAN_OK);
	needed = alloc_stats.calls;
	ck_assert_int_ge(needed, 1);
	dispose(&b);

	for (long k = 0; k < needed; k++) {
		alloc_stats.calls = 0;
		alloc_stats.fail_at = k;
		ck_assert_int_eq(catan_board__build(&b, ctx, hexes, ISLAND_HEXES,
						    harbors, ISLAND_HARBORS),
				 CATAN_ENOMEM);
		ck_assert_int_eq(alloc_stats.live, 0);
		ck_assert_ptr_null(b.hex);
		ck_assert_ptr_null(b.vert);
	}
}
END_TEST

/* ------------------------------------------------------- random island */

/* B1 board=random: terrain and harbor multisets, tokens, desert, red
 * numbers apart, determinism. */
START_TEST(board_random_b1_invariants)
{
	static const unsigned terrain_count[6] = {
		[CATAN_TERRAIN_DESERT] = 1, [CATAN_TERRAIN_FOREST] = 4,
		[CATAN_TERRAIN_HILLS] = 3, [CATAN_TERRAIN_PASTURE] = 4,
		[CATAN_TERRAIN_FIELDS] = 4, [CATAN_TERRAIN_MOUNTAINS] = 3,
	};
	/* FACTS 1.6: 2 and 12 once, 3-6 and 8-11 twice */
	static const unsigned token_count[13] = {
		0, 0, 1, 2, 2, 2, 2, 0, 2, 2, 2, 2, 1,
	};
	unsigned desert_at[ISLAND_HEXES] = { 0 };
	unsigned differ = 0;
	const uint64_t base = catan_test_seed();

	for (uint64_t seed = base; seed < base + 400; seed++) {
		struct board_hex_spec hexes[ISLAND_HEXES], again[ISLAND_HEXES];
		struct board_harbor_spec harbors[ISLAND_HARBORS];
		struct board_harbor_spec harbors2[ISLAND_HARBORS];
		unsigned tc[6] = { 0 }, nc[13] = { 0 };
		unsigned generic = 0, special[CATAN_NUM_RESOURCES] = { 0 };
		struct board b;

		random_specs(seed, false, hexes, harbors);
		random_specs(seed, false, again, harbors2);
		ck_assert_mem_eq(hexes, again, sizeof(hexes));
		ck_assert_mem_eq(harbors, harbors2, sizeof(harbors));
		random_specs(seed + 1000, false, again, harbors2);
		differ += memcmp(hexes, again, sizeof(hexes)) != 0;

		ck_assert_int_eq(catan_board__build(&b, ctx_get(), hexes,
						    ISLAND_HEXES, harbors,
						    ISLAND_HARBORS), CATAN_OK);
		for (unsigned h = 0; h < ISLAND_HEXES; h++) {
			const struct board_hex *hx = &b.hex[h];

			ck_assert_int_eq(hx->q, catan_island__coords[h][0]);
			ck_assert_int_eq(hx->r, catan_island__coords[h][1]);
			ck_assert_uint_lt(hx->terrain, 6);
			tc[hx->terrain]++;
			nc[hx->number]++;
			if (hx->terrain == CATAN_TERRAIN_DESERT) {
				ck_assert_uint_eq(hx->number, 0);
				ck_assert_uint_eq(b.desert, h);
				desert_at[h]++;
			} else {
				ck_assert_uint_ne(hx->number, 0);
			}
			/* B1: no 6 and 8 on neighbouring hexes */
			if (hx->number != 6 && hx->number != 8)
				continue;
			for (unsigned s = 0; s < 6; s++) {
				uint16_t n = hx->nbr[s];

				if (n == BOARD_NONE)
					continue;
				ck_assert_msg(b.hex[n].number != 6 &&
					      b.hex[n].number != 8,
					      "seed %llu: 6/8 on h%u and h%u",
					      (unsigned long long)seed, h, n);
			}
		}
		for (unsigned t = 0; t < 6; t++)
			ck_assert_uint_eq(tc[t], terrain_count[t]);
		for (unsigned n = 1; n <= 12; n++)
			ck_assert_uint_eq(nc[n], token_count[n]);

		/* nine harbor tiles over the nine fixed slots (FACTS 1.3) */
		for (unsigned i = 0; i < ISLAND_HARBORS; i++) {
			const struct board_harbor *hb = &b.harbor[i];

			ck_assert_uint_eq(hb->hex, catan_island__harbor_slots[i][0]);
			ck_assert_uint_eq(hb->side, catan_island__harbor_slots[i][1]);
			if (hb->resource == CATAN_HARBOR_GENERIC) {
				ck_assert_uint_eq(hb->ratio, 3);
				generic++;
			} else {
				ck_assert_uint_lt(hb->resource,
						  CATAN_NUM_RESOURCES);
				ck_assert_uint_eq(hb->ratio, 2);
				special[hb->resource]++;
			}
		}
		ck_assert_uint_eq(generic, 4);
		for (unsigned r = 0; r < CATAN_NUM_RESOURCES; r++)
			ck_assert_uint_eq(special[r], 1);
		dispose(&b);
	}
	ck_assert_uint_gt(differ, 390);
	/* the shuffle reaches every spot: the desert lands everywhere */
	for (unsigned h = 0; h < ISLAND_HEXES; h++)
		ck_assert_uint_gt(desert_at[h], 0);
}
END_TEST

/*
 * FACTS 1.5 / B1 numbers=spiral: the path counterclockwise from the top-left
 * corner h0 (outer ring, then middle ring, then the centre). Other corners:
 * the outer ring rotated by two per corner, the middle ring by one.
 */
static const unsigned spiral_outer[12] = {
	0, 3, 7, 12, 16, 17, 18, 15, 11, 6, 2, 1,
};
static const unsigned spiral_middle[6] = { 4, 8, 13, 14, 10, 5 };
static const uint8_t spiral_letters[18] = {
	5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11,
};

static void
spiral_path(unsigned corner, unsigned path[ISLAND_HEXES])
{
	unsigned n = 0;

	for (unsigned i = 0; i < 12; i++)
		path[n++] = spiral_outer[(2 * corner + i) % 12];
	for (unsigned i = 0; i < 6; i++)
		path[n++] = spiral_middle[(corner + i) % 6];
	path[n] = 9;
}

/* The documented path is a counterclockwise spiral from a frame corner. */
START_TEST(board_spiral_path_geometry)
{
	struct board b;

	build_beginner(&b);
	for (unsigned corner = 0; corner < 6; corner++) {
		unsigned path[ISLAND_HEXES], seen = 0;
		long area = 0;
		int q0, r0;

		spiral_path(corner, path);
		q0 = catan_island__coords[path[0]][0];
		r0 = catan_island__coords[path[0]][1];
		/* a corner of the frame: two of |q|, |r|, |s| equal 2 */
		ck_assert_int_eq(axial_distance(q0, r0), 2);
		ck_assert(q0 == 0 || r0 == 0 || q0 + r0 == 0);
		for (unsigned i = 0; i < ISLAND_HEXES; i++) {
			int q = catan_island__coords[path[i]][0];
			int r = catan_island__coords[path[i]][1];

			seen |= 1u << path[i];
			ck_assert_int_eq(axial_distance(q, r),
					 i < 12 ? 2 : i < 18 ? 1 : 0);
			if (i > 0)
				ck_assert(hexes_adjacent(&b, path[i - 1],
							 path[i]));
		}
		ck_assert_uint_eq(seen, (1u << ISLAND_HEXES) - 1);
		/* the middle ring starts next to where the outer one began */
		ck_assert(hexes_adjacent(&b, path[0], path[12]));
		/* counterclockwise as seen on the table (screen y grows
		 * downwards, so flip it for the signed area) */
		for (unsigned i = 0; i < 12; i++) {
			const int8_t *a = catan_island__coords[path[i]];
			const int8_t *c = catan_island__coords[path[(i + 1) % 12]];
			long xa = 2 * a[0] + a[1], ya = -3 * a[1];
			long xc = 2 * c[0] + c[1], yc = -3 * c[1];

			area += xa * yc - xc * ya;
		}
		ck_assert_int_gt(area, 0);
	}
	dispose(&b);
}
END_TEST

/* B1 numbers=spiral: tokens A..R along the path from some corner, skipping
 * the desert. */
START_TEST(board_spiral_b1_follows_letters)
{
	unsigned corners_used = 0;
	const uint64_t base = catan_test_seed();

	for (uint64_t seed = base; seed < base + 300; seed++) {
		struct board_hex_spec hexes[ISLAND_HEXES], again[ISLAND_HEXES];
		struct board_harbor_spec harbors[ISLAND_HARBORS];
		struct board_harbor_spec harbors2[ISLAND_HARBORS];
		bool matched = false;

		random_specs(seed, true, hexes, harbors);
		random_specs(seed, true, again, harbors2);
		ck_assert_mem_eq(hexes, again, sizeof(hexes));

		for (unsigned corner = 0; corner < 6; corner++) {
			unsigned path[ISLAND_HEXES], t = 0;
			bool ok = true;

			spiral_path(corner, path);
			for (unsigned i = 0; i < ISLAND_HEXES && ok; i++) {
				const struct board_hex_spec *h;

				h = &hexes[path[i]];
				if (h->terrain == CATAN_TERRAIN_DESERT)
					ok = h->number == 0;
				else
					ok = h->number == spiral_letters[t++];
			}
			if (ok) {
				matched = true;
				corners_used |= 1u << corner;
			}
		}
		ck_assert_msg(matched, "seed %llu: not a spiral",
			      (unsigned long long)seed);
	}
	/* the starting corner is drawn: every corner occurs */
	ck_assert_uint_eq(corners_used, 0x3f);
}
END_TEST

/* ----------------------------------------------------------- locations */

/* Corner names in catan_corner order. */
static const char *const corners[6] = { "n", "ne", "se", "s", "sw", "nw" };

static void
assert_parse(const catan_game *g, const char *text, int kind, unsigned id)
{
	int k = 0;
	unsigned i = 0;

	ck_assert_msg(catan_location_parse(g, text, &k, &i) == CATAN_OK,
		      "'%s' does not parse", text);
	ck_assert_msg(k == kind && i == id, "'%s' parses to %d/%u, not %d/%u",
		      text, k, i, kind, id);
}

static void
assert_format(const catan_game *g, int kind, unsigned id, const char *text)
{
	char buf[32];
	size_t len = 0;

	ck_assert_int_eq(catan_location_format(g, kind, id, buf, sizeof(buf),
					       &len), CATAN_OK);
	ck_assert_str_eq(buf, text);
	ck_assert_uint_eq(len, strlen(text));
}

/* board.h notation: format then parse gives back every hex, intersection
 * and edge. */
START_TEST(location_round_trip_all_ids)
{
	static const int kinds[3] = {
		CATAN_LOC_HEX, CATAN_LOC_VERTEX, CATAN_LOC_EDGE,
	};
	struct board b;
	const catan_game *g;

	build_random(&b, 7, false);
	g = game_with(&b);
	for (unsigned k = 0; k < 3; k++) {
		unsigned n = k == 0 ? b.nhex : k == 1 ? b.nvert : b.nedge;

		for (unsigned id = 0; id < n; id++) {
			char buf[32];
			size_t len = 0;

			ck_assert_int_eq(catan_location_format(g, kinds[k], id,
							       buf, sizeof(buf),
							       &len), CATAN_OK);
			ck_assert_uint_eq(len, strlen(buf));
			assert_parse(g, buf, kinds[k], id);
		}
	}
	dispose(&b);
}
END_TEST

/* board.h notation: canonical = lowest hex, corners in n..nw order. */
START_TEST(location_canonical_examples)
{
	struct board b;
	const catan_game *g;

	build_beginner(&b);
	g = game_with(&b);
	assert_format(g, CATAN_LOC_HEX, 4, "h4");
	assert_format(g, CATAN_LOC_VERTEX, 0, "h0.n");
	assert_format(g, CATAN_LOC_EDGE, 0, "h0.n-ne");
	assert_format(g, CATAN_LOC_VERTEX, b.hex[9].vert[CATAN_CORNER_SE],
		      "h9.se");
	/* side nw-n prints as n-nw */
	assert_format(g, CATAN_LOC_EDGE, b.hex[3].edge[5], "h3.n-nw");
	/* h4's n-ne side is h1's s-sw side, and h1 is lower */
	assert_format(g, CATAN_LOC_EDGE, b.hex[4].edge[0], "h1.s-sw");
	/* h9.n is h4.se, h4 is lower */
	assert_format(g, CATAN_LOC_VERTEX, b.hex[9].vert[CATAN_CORNER_N],
		      "h4.se");

	for (unsigned v = 0; v < b.nvert; v++) {
		char want[32];

		snprintf(want, sizeof(want), "h%u.%s",
			 (unsigned)b.vert[v].hex[0],
			 corners[b.vert[v].hex_corner[0]]);
		assert_format(g, CATAN_LOC_VERTEX, v, want);
	}
	for (unsigned e = 0; e < b.nedge; e++) {
		unsigned s = b.edge[e].hex_side[0];
		unsigned c1 = s, c2 = (s + 1) % 6;
		char want[32];

		if (c2 < c1) {
			c1 = c2;
			c2 = s;
		}
		snprintf(want, sizeof(want), "h%u.%s-%s",
			 (unsigned)b.edge[e].hex[0], corners[c1], corners[c2]);
		assert_format(g, CATAN_LOC_EDGE, e, want);
	}
	dispose(&b);
}
END_TEST

/* board.h notation: every equivalent spelling parses to the same id. */
START_TEST(location_every_spelling_parses)
{
	struct board b;
	const catan_game *g;
	char text[48];

	build_beginner(&b);
	g = game_with(&b);
	for (unsigned h = 0; h < b.nhex; h++) {
		snprintf(text, sizeof(text), "h%u", h);
		assert_parse(g, text, CATAN_LOC_HEX, h);
		for (unsigned c = 0; c < 6; c++) {
			unsigned c2 = (c + 1) % 6;

			snprintf(text, sizeof(text), "h%u.%s", h, corners[c]);
			assert_parse(g, text, CATAN_LOC_VERTEX,
				     b.hex[h].vert[c]);
			snprintf(text, sizeof(text), "h%u.%s-%s", h, corners[c],
				 corners[c2]);
			assert_parse(g, text, CATAN_LOC_EDGE, b.hex[h].edge[c]);
			snprintf(text, sizeof(text), "h%u.%s-%s", h,
				 corners[c2], corners[c]);
			assert_parse(g, text, CATAN_LOC_EDGE, b.hex[h].edge[c]);
		}
	}
	/* every (hex, corner) naming one intersection gives that id */
	for (unsigned v = 0; v < b.nvert; v++) {
		for (unsigned i = 0; i < b.vert[v].nhex; i++) {
			snprintf(text, sizeof(text), "h%u.%s",
				 (unsigned)b.vert[v].hex[i],
				 corners[b.vert[v].hex_corner[i]]);
			assert_parse(g, text, CATAN_LOC_VERTEX, v);
		}
		snprintf(text, sizeof(text), "v%u", v);
		assert_parse(g, text, CATAN_LOC_VERTEX, v);
	}
	for (unsigned e = 0; e < b.nedge; e++) {
		snprintf(text, sizeof(text), "e%u", e);
		assert_parse(g, text, CATAN_LOC_EDGE, e);
	}
	assert_parse(g, "h04", CATAN_LOC_HEX, 4);
	dispose(&b);
}
END_TEST

/* board.h notation: malformed text is EPARSE, well-formed text naming
 * nothing ENOTFOUND. */
START_TEST(location_parse_errors)
{
	static const char *const malformed[] = {
		"", "h", "v", "e", "x3", "H3", "h3.", "h3.xx", "h3.N", "h3.NE",
		"h+3", "h-3", "h 3", " h3", "h3 ", "h3x", "h3.n-", "h3.-n",
		"h3.n-s", "h3.n-n", "h3.ne-sw", "h3.n-ne-se", "h3..n", "h3.nne",
		"h3.n.ne", "v1.n", "e1.n-ne", "v+1", "e-1", "v1x", "h3-n",
		"h3.se-", "h3.n ne", "hh3",
	};
	static const char *const missing[] = {
		"h19", "v54", "e72", "h19.n", "h19.n-ne", "h19.ne-n",
		"h4294967295", "h4294967296", "h99999999999999999999999",
		"v99999999999999999999", "e18446744073709551617",
	};
	struct board b;
	const catan_game *g;
	int kind;
	unsigned id;

	build_beginner(&b);
	g = game_with(&b);
	for (size_t i = 0; i < ARRAY_LEN(malformed); i++) {
		int rc = catan_location_parse(g, malformed[i], &kind, &id);

		ck_assert_msg(rc == CATAN_EPARSE, "'%s' gives %d, not EPARSE",
			      malformed[i], rc);
	}
	for (size_t i = 0; i < ARRAY_LEN(missing); i++) {
		int rc = catan_location_parse(g, missing[i], &kind, &id);

		ck_assert_msg(rc == CATAN_ENOTFOUND,
			      "'%s' gives %d, not ENOTFOUND", missing[i], rc);
	}
	ck_assert_int_eq(catan_location_parse(NULL, "h1", &kind, &id),
			 CATAN_EINVAL);
	ck_assert_int_eq(catan_location_parse(g, NULL, &kind, &id),
			 CATAN_EINVAL);
	ck_assert_int_eq(catan_location_parse(g, "h1", NULL, &id),
			 CATAN_EINVAL);
	ck_assert_int_eq(catan_location_parse(g, "h1", &kind, NULL),
			 CATAN_EINVAL);
	dispose(&b);
}
END_TEST

static int
format_rc(const catan_game *g, int kind, unsigned id)
{
	char buf[32];

	return catan_location_format(g, kind, id, buf, sizeof(buf), NULL);
}

/* common.h EBUFS: the length needed is reported; a short buffer is still
 * terminated. */
START_TEST(location_format_buffers)
{
	struct board b;
	const catan_game *g;
	char buf[16];
	size_t len = 0;
	unsigned e;

	build_beginner(&b);
	g = game_with(&b);
	e = b.hex[3].edge[5];	/* "h3.n-nw", 7 characters */
	ck_assert_int_eq(catan_location_format(g, CATAN_LOC_EDGE, e, NULL, 0,
					       &len), CATAN_EBUFS);
	ck_assert_uint_eq(len, 7);
	memset(buf, 'x', sizeof(buf));
	len = 0;
	ck_assert_int_eq(catan_location_format(g, CATAN_LOC_EDGE, e, buf, 7,
					       &len), CATAN_EBUFS);
	ck_assert_uint_eq(len, 7);
	ck_assert_str_eq(buf, "h3.n-n");
	ck_assert_int_eq(buf[7], 'x');
	ck_assert_int_eq(catan_location_format(g, CATAN_LOC_EDGE, e, buf, 1,
					       NULL), CATAN_EBUFS);
	ck_assert_str_eq(buf, "");
	ck_assert_int_eq(catan_location_format(g, CATAN_LOC_EDGE, e, buf, 8,
					       NULL), CATAN_OK);
	ck_assert_str_eq(buf, "h3.n-nw");

	ck_assert_int_eq(format_rc(NULL, CATAN_LOC_HEX, 0), CATAN_EINVAL);
	ck_assert_int_eq(catan_location_format(g, CATAN_LOC_HEX, 0, NULL, 4,
					       NULL), CATAN_EINVAL);
	ck_assert_int_eq(format_rc(g, 0, 0), CATAN_EINVAL);
	ck_assert_int_eq(format_rc(g, 4, 0), CATAN_EINVAL);
	ck_assert_int_eq(format_rc(g, CATAN_LOC_HEX, 19), CATAN_EINVAL);
	ck_assert_int_eq(format_rc(g, CATAN_LOC_VERTEX, 54), CATAN_EINVAL);
	ck_assert_int_eq(format_rc(g, CATAN_LOC_EDGE, 72), CATAN_EINVAL);
	dispose(&b);
}
END_TEST

/* --------------------------------------------------- through real games */

/* B1 through the public API: both boards of the base game have the standard
 * counts, the beginner desert is h9, and every location round-trips. */
START_TEST(board_public_api_base_games)
{
	static const char *const specs[] = {
		"base(board=beginner)",
		"base(board=random,seed=42)",
		"base(board=random,numbers=spiral,seed=7)",
	};
	catan_ctx *ctx = catan_test_ctx_new();

	for (size_t i = 0; i < ARRAY_LEN(specs); i++) {
		catan_game *g = catan_test_game_new(ctx, specs[i]);
		catan_board_counts counts;
		catan_hex_info hi;
		unsigned deserts = 0;

		CATAN_ASSERT_OK(catan_board_counts_get(g, &counts));
		ck_assert_uint_eq(counts.hexes, 19);
		ck_assert_uint_eq(counts.vertices, 54);
		ck_assert_uint_eq(counts.edges, 72);
		ck_assert_uint_eq(counts.harbors, 9);
		for (unsigned h = 0; h < counts.hexes; h++) {
			CATAN_ASSERT_OK(catan_board_hex(g, h, &hi));
			if (hi.terrain == CATAN_TERRAIN_DESERT) {
				deserts++;
				ck_assert_uint_eq(hi.number, 0);
				if (i == 0)
					ck_assert_uint_eq(h, 9);
			}
		}
		ck_assert_uint_eq(deserts, 1);
		for (unsigned v = 0; v < counts.vertices; v++) {
			char buf[32];

			CATAN_ASSERT_OK(catan_location_format(g,
					CATAN_LOC_VERTEX, v, buf, sizeof(buf),
					NULL));
			assert_parse(g, buf, CATAN_LOC_VERTEX, v);
		}
		for (unsigned e = 0; e < counts.edges; e++) {
			char buf[32];

			CATAN_ASSERT_OK(catan_location_format(g,
					CATAN_LOC_EDGE, e, buf, sizeof(buf),
					NULL));
			assert_parse(g, buf, CATAN_LOC_EDGE, e);
		}
		assert_parse(g, "h4.ne-n", CATAN_LOC_EDGE,
			     g->board.hex[1].edge[3]);
		catan_game_unref(g);
	}
	catan_ctx_free(ctx);
}
END_TEST

/*
 * A board the context gives (catan_ctx.board): hexagonal islands of
 * radius 1..8 (tests/test-islands.h) have 3r(r+1)+1 hexes, 6(r+1)^2
 * intersections, 9r^2+15r+6 edges of which 6(2r+1) on the coast, and the
 * masks up to 64 intersections; the robber starts on the desert
 * ("Place the thief in the desert", base-game.txt set-up 3).
 */
START_TEST(board_given_islands_counts)
{
	static struct test_island isl;
	catan_ctx *ctx = catan_test_ctx_new();

	ctx->board = &isl.spec;
	for (unsigned r = 1; r <= TEST_ISLAND_MAX_RADIUS; r++) {
		catan_game *g;
		catan_state *s;
		catan_board_counts counts;
		catan_hex_info robber;
		unsigned coastal = 0;

		ck_assert_int_eq(test_island_make(&isl, (int)r, r), 0);
		/* radius 1 (24 intersections) seats 3 (board_given_more_players) */
		g = catan_test_game_new(ctx, r == 1 ? "base(players=3)" : "base(players=4)");
		CATAN_ASSERT_OK(catan_board_counts_get(g, &counts));
		ck_assert_uint_eq(counts.hexes, 3 * r * (r + 1) + 1);
		ck_assert_uint_eq(counts.vertices, 6 * (r + 1) * (r + 1));
		ck_assert_uint_eq(counts.edges, 9 * r * r + 15 * r + 6);
		ck_assert_uint_eq(counts.harbors, 2 * r);
		for (unsigned e = 0; e < counts.edges; e++)
			coastal += g->board.edge[e].nhex == 1;
		ck_assert_uint_eq(coastal, 6 * (2 * r + 1));
		ck_assert(g->board.masks_ok == (counts.vertices <= BOARD_MASK_VERTS));
		s = catan_test_state_new(g);
		CATAN_ASSERT_OK(catan_board_hex(g, (unsigned)catan_state_robber(s), &robber));
		ck_assert_uint_eq(robber.terrain, CATAN_TERRAIN_DESERT);
		catan_state_free(s);
		catan_game_unref(g);
	}
	catan_ctx_free(ctx);
}
END_TEST

/* A given board replaces the standard island: the options naming the
 * island's layout are refused, and so is a board without a desert for the
 * robber (base-game.txt set-up 3). */
START_TEST(board_given_refusals)
{
	static const char *const island_only[] = {
		"base(board=beginner)", "base(numbers=spiral)", "base(setup=beginner)",
	};
	static struct test_island isl;
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = NULL;

	ck_assert_int_eq(test_island_make(&isl, 3, 1), 0);
	ctx->board = &isl.spec;
	for (size_t i = 0; i < ARRAY_LEN(island_only); i++) {
		ck_assert_int_eq(catan_game_new_from_string(&g, ctx, island_only[i]), CATAN_EINVAL);
		ck_assert_ptr_null(g);
		ck_assert_ptr_nonnull(strstr(catan_ctx_errmsg(ctx), "the context gives another board"));
	}
	for (size_t h = 0; h < isl.spec.nhex; h++)
		if (isl.hexes[h].terrain == CATAN_TERRAIN_DESERT) {
			isl.hexes[h].terrain = CATAN_TERRAIN_FIELDS;
			isl.hexes[h].number = 5;
		}
	ck_assert_int_eq(catan_game_new_from_string(&g, ctx, "base"), CATAN_EINVAL);
	ck_assert_ptr_null(g);
	ck_assert_ptr_nonnull(strstr(catan_ctx_errmsg(ctx), "no desert for the robber"));
	isl.hexes[0].number = 7;
	ck_assert_int_eq(catan_game_new_from_string(&g, ctx, "base"), CATAN_EINVAL);
	ck_assert_ptr_nonnull(strstr(catan_ctx_errmsg(ctx), "not a valid board"));
	catan_ctx_free(ctx);
}
END_TEST

/*
 * catan_board_layout(): the standard island as base's board=given
 * parameters (the beginner board's written from FACTS 1.2-1.3 in
 * test-common.h), with snprintf semantics for short buffers, and
 * CATAN_ENOTSUP for other boards.
 */
START_TEST(board_layout_text)
{
	static const char want[] = "board=given,tiles=" BEGINNER_TILES ",harbors=" BEGINNER_HARBORS;
	static struct test_island isl;
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, "base(board=beginner)");
	catan_game *r, *copy;
	char buf[256], again[256], spec[320];
	size_t len = 0;

	CATAN_ASSERT_OK(catan_board_layout(g, buf, sizeof(buf), &len));
	ck_assert_str_eq(buf, want);
	ck_assert_uint_eq(len, strlen(want));
	len = 0;
	memset(buf, CANARY, sizeof(buf));
	CATAN_ASSERT_ERR(catan_board_layout(g, buf, 10, &len), CATAN_EBUFS);
	ck_assert_uint_eq(len, strlen(want));
	ck_assert_int_eq(strncmp(buf, want, 9), 0);
	ck_assert_int_eq(buf[9], '\0');
	ck_assert_int_eq((unsigned char)buf[10], CANARY);
	CATAN_ASSERT_ERR(catan_board_layout(g, buf, strlen(want), NULL), CATAN_EBUFS);
	len = 0;
	CATAN_ASSERT_ERR(catan_board_layout(g, NULL, 0, &len), CATAN_EBUFS);
	ck_assert_uint_eq(len, strlen(want));
	CATAN_ASSERT_ERR(catan_board_layout(NULL, buf, sizeof(buf), &len), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_board_layout(g, NULL, 4, &len), CATAN_EINVAL);

	/* a random board laid again from its layout is the same board */
	r = catan_test_game_new(ctx, "base(seed=77,players=3)");
	CATAN_ASSERT_OK(catan_board_layout(r, buf, sizeof(buf), NULL));
	snprintf(spec, sizeof(spec), "base(players=3,%s)", buf);
	copy = catan_test_game_new(ctx, spec);
	CATAN_ASSERT_OK(catan_board_layout(copy, again, sizeof(again), NULL));
	ck_assert_str_eq(again, buf);
	for (unsigned h = 0; h < 19; h++) {
		ck_assert_uint_eq(r->board.hex[h].terrain, copy->board.hex[h].terrain);
		ck_assert_uint_eq(r->board.hex[h].number, copy->board.hex[h].number);
	}
	for (unsigned h = 0; h < 9; h++)
		ck_assert_uint_eq(r->board.harbor[h].resource, copy->board.harbor[h].resource);

	/* the standard frame with what the box does not hold (five forests),
	 * as a context may give it: no layout base would accept */
	{
		static struct board_hex_spec hexes[ISLAND_HEXES];
		static struct board_harbor_spec harbors[ISLAND_HARBORS];
		static struct board_spec frame = { .hexes = hexes, .nhex = ISLAND_HEXES,
						  .harbors = harbors, .nharbor = ISLAND_HARBORS };

		catan_island__beginner(hexes, harbors);
		hexes[0].terrain = CATAN_TERRAIN_FOREST;
		ctx->board = &frame;
		catan_game_unref(g);
		g = catan_test_game_new(ctx, "base");
		CATAN_ASSERT_ERR(catan_board_layout(g, buf, sizeof(buf), &len), CATAN_ENOTSUP);
		hexes[0].terrain = CATAN_TERRAIN_MOUNTAINS;
		catan_game_unref(g);
		g = catan_test_game_new(ctx, "base");
		CATAN_ASSERT_OK(catan_board_layout(g, buf, sizeof(buf), &len));
		ck_assert_str_eq(buf, want);
	}
	/* not the standard island */
	ck_assert_int_eq(test_island_make(&isl, 3, 1), 0);
	ctx->board = &isl.spec;
	catan_game_unref(g);
	g = catan_test_game_new(ctx, "base");
	buf[0] = 'x';
	CATAN_ASSERT_ERR(catan_board_layout(g, buf, sizeof(buf), &len), CATAN_ENOTSUP);
	ck_assert_int_eq(buf[0], '\0');
	catan_game_unref(g);
	catan_game_unref(r);
	catan_game_unref(copy);
	catan_ctx_free(ctx);
}
END_TEST

/*
 * More players than the variant seats (catan_ctx.max_players, for the
 * scaling tests): only where no module bounds the players, and only on a
 * board whose set-up has room for every settlement. Two settlements per
 * owner (base-game.txt, "Installing the first colonies" 2 and 4), each
 * taking itself and up to 3 neighbours (3: "Respect the distance"): 16 players need more than 124
 * intersections; radius 2 has 54, radius 3 has 96, radius 4 has 150.
 */
START_TEST(board_given_more_players)
{
	static struct test_island isl;
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = NULL;

	ck_assert_int_eq(test_island_make(&isl, 4, 1), 0);
	ctx->board = &isl.spec;
	/* the variant's bounds without max_players */
	ck_assert_int_eq(catan_game_new_from_string(&g, ctx, "base(players=8)"), CATAN_EINVAL);
	ck_assert_ptr_null(g);
	ck_assert_ptr_nonnull(strstr(catan_ctx_errmsg(ctx), "expected 3..4"));
	ctx->max_players = 16;
	CATAN_ASSERT_OK(catan_game_new_from_string(&g, ctx, "base(players=16)"));
	ck_assert_int_eq(catan_game_num_players(g), 16);
	catan_game_unref(g);
	g = NULL;
	/* a module that bounds the players keeps its bounds */
	ck_assert_int_eq(catan_game_new_from_string(&g, ctx, "base(players=3)+catan_for_two"),
			 CATAN_EINVAL);
	ck_assert_ptr_null(g);
	ck_assert_int_eq(test_island_make(&isl, 3, 1), 0);
	ck_assert_int_eq(catan_game_new_from_string(&g, ctx, "base(players=16)"), CATAN_EINVAL);
	ck_assert_ptr_null(g);
	ck_assert_ptr_nonnull(strstr(catan_ctx_errmsg(ctx),
				     "16 players: the set-up needs a board of more than 124 "
				     "intersections (this one has 96)"));
	/* 8 players: 60 < 96 */
	CATAN_ASSERT_OK(catan_game_new_from_string(&g, ctx, "base(players=8)"));
	catan_game_unref(g);
	g = NULL;
	ck_assert_int_eq(test_island_make(&isl, 2, 1), 0);
	ck_assert_int_eq(catan_game_new_from_string(&g, ctx, "base(players=8)"), CATAN_EINVAL);
	ck_assert_ptr_nonnull(strstr(catan_ctx_errmsg(ctx), "more than 60 intersections (this one has 54)"));
	ck_assert_int_eq(test_island_make(&isl, 1, 1), 0);
	ck_assert_int_eq(catan_game_new_from_string(&g, ctx, "base(players=4)"), CATAN_EINVAL);
	ck_assert_ptr_nonnull(strstr(catan_ctx_errmsg(ctx), "more than 28 intersections (this one has 24)"));
	catan_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- suite */

void
catan_test_register(SRunner *sr)
{
	Suite *s = catan_test_suite(sr, "board");

	CATAN_TEST_ADD(s, rng_pcg32_reference_sequence);
	CATAN_TEST_ADD(s, rng_deterministic_per_seed_and_stream);
	CATAN_TEST_ADD(s, rng_below_rejection_matches_reference);
	CATAN_TEST_ADD(s, rng_below_distribution);
	CATAN_TEST_ADD(s, board_island_coordinates);
	CATAN_TEST_ADD(s, board_beginner_counts_and_topology);
	CATAN_TEST_ADD(s, board_random_counts_and_topology);
	CATAN_TEST_ADD(s, board_beginner_facts_1_2_terrain_numbers);
	CATAN_TEST_ADD(s, board_beginner_facts_1_3_harbors);
	CATAN_TEST_ADD(s, board_public_queries);
	CATAN_TEST_ADD(s, board_build_rejects_bad_specs);
	CATAN_TEST_ADD(s, board_number_on_any_count_of_hexes);
	CATAN_TEST_ADD(s, board_build_enomem_leaks_nothing);
	CATAN_TEST_ADD(s, board_random_b1_invariants);
	CATAN_TEST_ADD(s, board_spiral_path_geometry);
	CATAN_TEST_ADD(s, board_spiral_b1_follows_letters);
	CATAN_TEST_ADD(s, location_round_trip_all_ids);
	CATAN_TEST_ADD(s, location_canonical_examples);
	CATAN_TEST_ADD(s, location_every_spelling_parses);
	CATAN_TEST_ADD(s, location_parse_errors);
	CATAN_TEST_ADD(s, location_format_buffers);
	CATAN_TEST_ADD(s, board_public_api_base_games);
	CATAN_TEST_ADD(s, board_given_islands_counts);
	CATAN_TEST_ADD(s, board_given_refusals);
	CATAN_TEST_ADD(s, board_layout_text);
	CATAN_TEST_ADD(s, board_given_more_players);
}
