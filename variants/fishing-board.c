/*
 * libcatanrules: Fishing on Catan — the board: the lake replaces the
 * desert (in the inner area on the random board) and six fishing grounds
 * lie on the coast (doc/variants/fishing.md).
 * SPDX-License-Identifier: MIT
 */
#include "fishing.h"

/* "Use the remaining numbers 4, 5, 6, 8, 9, 10" (FACTS 3.2) */
static const uint8_t ground_numbers[6] = { 4, 5, 6, 8, 9, 10 };
/* "produces on 2, 3, 11, 12" (T6) */
static const uint8_t lake_numbers[4] = { 2, 3, 11, 12 };

/* ---------------------------------------------------------- the board */

static bool
surrounded(const struct board *b, unsigned h)
{
	for (unsigned i = 0; i < 6; i++)
		if (b->hex[h].nbr[i] == BOARD_NONE)
			return false;
	return true;
}

/* The inner area: the centre (the land hex whose neighbours are land hexes
 * surrounded by land) and its six neighbours. */
static unsigned
inner_hexes(const struct board *b, uint16_t out[7])
{
	for (unsigned h = 0; h < b->nhex; h++) {
		bool centre = surrounded(b, h);

		for (unsigned i = 0; i < 6 && centre; i++)
			centre = surrounded(b, b->hex[h].nbr[i]);
		if (centre) {
			out[0] = (uint16_t)h;
			for (unsigned i = 0; i < 6; i++)
				out[1 + i] = b->hex[h].nbr[i];
			return 7;
		}
	}
	return 0;
}

static bool
is_red(unsigned n)
{
	return n == 6 || n == 8;
}

static bool
edge_has_harbor(const struct board *b, unsigned e)
{
	for (unsigned i = 0; i < b->nharbor; i++)
		if (b->harbor[i].edge == e)
			return true;
	return false;
}

/* The coastal notches whose fishing ground serves no harbor: an
 * intersection of two land hexes on the coast, and the far ends of its
 * two coastal edges; neither edge has a harbor (its ends may serve one). */
static unsigned
ground_places(const struct board *b, uint16_t verts[][3], unsigned max)
{
	unsigned n = 0;

	for (unsigned v = 0; v < b->nvert && n < max; v++) {
		const struct board_vertex *bv = &b->vert[v];
		uint16_t ends[2];
		unsigned ne = 0;

		bool harbor = false;

		if (bv->nhex != 2)
			continue;
		for (unsigned i = 0; i < bv->nadj && i < BOARD_VERTEX_PATHS; i++) {
			const struct board_edge *e = &b->edge[bv->edge[i]];

			if (e->nhex == 1 && ne < 2) {
				ends[ne++] = bv->adj[i];
				harbor |= edge_has_harbor(b, bv->edge[i]);
			}
		}
		if (ne != 2 || harbor)
			continue;
		verts[n][0] = ends[0];
		verts[n][1] = (uint16_t)v;
		verts[n][2] = ends[1];
		n++;
	}
	return n;
}

static bool
board_has_lake(const struct board *b)
{
	for (unsigned h = 0; h < b->nhex; h++)
		if (b->hex[h].terrain == CATAN_TERRAIN_LAKE)
			return true;
	return false;
}

static bool
board_has_grounds(const struct board *b)
{
	for (unsigned i = 0; i < b->nsite; i++)
		if (b->site[i].kind == CATAN_SITE_FISHING_GROUND)
			return true;
	return false;
}

/* Rebuild the board the variant dealt: the desert a lake on 2, 3, 11, 12
 * (in the inner area on the random board), six fishing grounds. */
int
catan_fishing__make_board(catan_game *g)
{
	struct board *b = &g->board;
	struct board_hex_spec hexes[64];
	struct board_harbor_spec harbors[32];
	struct board_site_spec sites[6];
	struct board_ref refs[6][3];
	uint16_t places[12][3], inner[7];
	uint8_t values[6];
	struct board_spec spec = { 0 };
	struct catan_rng rng;
	unsigned desert = BOARD_NONE, nplace;
	char why[160] = "";
	int rc;

	if (board_has_lake(b)) {
		if (!board_has_grounds(b)) {
			catan__ctx_seterr(g->ctx, "fishing: the board has a lake but no fishing_ground sites");
			return CATAN_EINVAL;
		}
		return CATAN_OK;
	}
	if (b->nhex > ARRAY_LEN(hexes) || b->nharbor > ARRAY_LEN(harbors) || b->nsite || b->nplaza) {
		catan__ctx_seterr(g->ctx, "fishing: give a board with a lake and fishing_ground sites (this one is not the standard island)");
		return CATAN_EINVAL;
	}
	for (unsigned h = 0; h < b->nhex; h++) {
		const struct board_hex *bh = &b->hex[h];

		hexes[h] = (struct board_hex_spec){ .q = bh->q, .r = bh->r, .terrain = bh->terrain,
						   .number = bh->number, .area = bh->area,
						   .section = bh->section };
		memcpy(hexes[h].more, bh->more, sizeof(hexes[h].more));
		if (bh->terrain == CATAN_TERRAIN_DESERT && desert == BOARD_NONE)
			desert = h;
	}
	if (desert == BOARD_NONE) {
		catan__ctx_seterr(g->ctx, "fishing: the board has neither a lake nor a desert to replace");
		return CATAN_EINVAL;
	}
	catan_rng__seed(&rng, g->seed, 0x6669736875u);
	/* "Place it and six random hexes in the light blue, inner area": on
	 * the random board a desert dealt outside it trades places with a
	 * random inner hex (not a 6 or 8: no red numbers come to touch). */
	if (catan_game__param(g, "board") == 0 && !(g->ctx && g->ctx->board) &&
	    inner_hexes(b, inner) == 7) {
		bool inside = false;
		uint16_t pick[7];
		unsigned npick = 0;

		for (unsigned i = 0; i < 7; i++)
			inside |= inner[i] == desert;
		for (unsigned i = 0; i < 7 && !inside; i++)
			if (!is_red(b->hex[inner[i]].number))
				pick[npick++] = inner[i];
		if (!inside && npick) {
			unsigned x = pick[catan_rng__below(&rng, npick)];
			struct board_hex_spec t = hexes[x];

			hexes[x].terrain = hexes[desert].terrain;
			hexes[x].number = hexes[desert].number;
			memcpy(hexes[x].more, hexes[desert].more, sizeof(t.more));
			hexes[desert].terrain = t.terrain;
			hexes[desert].number = t.number;
			memcpy(hexes[desert].more, t.more, sizeof(t.more));
			desert = x;
		}
	}
	/* "Replace the desert hex with the lake hex" (2, 3, 11, 12: T6) */
	hexes[desert].terrain = CATAN_TERRAIN_LAKE;
	hexes[desert].number = lake_numbers[0];
	memcpy(hexes[desert].more, lake_numbers + 1, 3);
	for (unsigned i = 0; i < b->nharbor; i++) {
		const struct board_harbor *bh = &b->harbor[i];

		harbors[i] = (struct board_harbor_spec){ .hex = bh->hex, .side = bh->side,
							.resource = bh->resource, .ratio = bh->ratio };
	}
	nplace = ground_places(b, places, ARRAY_LEN(places));
	if (nplace != 6) {
		catan__ctx_seterr(g->ctx, "fishing: the board has %u coastal places for fishing grounds, not 6; give a board with fishing_ground sites",
				  nplace);
		return CATAN_EINVAL;
	}
	/* "Place a random fishing ground tile on each frame piece": random
	 * numbers on the random board, 4, 5, 6, 8, 9, 10 in intersection
	 * order on the others. */
	memcpy(values, ground_numbers, sizeof(values));
	if (catan_game__param(g, "board") == 0 && !(g->ctx && g->ctx->board))
		for (unsigned i = 5; i > 0; i--) {
			unsigned j = catan_rng__below(&rng, i + 1);
			uint8_t t = values[i];

			values[i] = values[j];
			values[j] = t;
		}
	for (unsigned i = 0; i < 6; i++) {
		for (unsigned k = 0; k < 3; k++) {
			const struct board_vertex *bv = &b->vert[places[i][k]];

			refs[i][k] = (struct board_ref){ bv->hex[0], CATAN_LOC_VERTEX, bv->hex_corner[0] };
		}
		sites[i] = (struct board_site_spec){ .kind = CATAN_SITE_FISHING_GROUND,
						     .value = values[i], .locs = refs[i], .nloc = 3 };
	}
	spec.hexes = hexes;
	spec.nhex = b->nhex;
	spec.harbors = harbors;
	spec.nharbor = b->nharbor;
	spec.sites = sites;
	spec.nsite = 6;
	{
		struct board nb;

		memset(&nb, 0, sizeof(nb));
		rc = catan_board__build_spec(&nb, g->ctx, &spec, why, sizeof(why));
		if (rc != CATAN_OK) {
			catan__ctx_seterr(g->ctx, "fishing: %s", why);
			return rc;
		}
		catan_board__dispose(b, g->ctx);
		*b = nb;
	}
	return CATAN_OK;
}

