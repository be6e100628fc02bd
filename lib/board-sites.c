/*
 * libcatanrules: marks and sites on a board (bridge sites, "X" markers,
 * fishing grounds, city spaces, chip spaces, start positions, areas, the
 * robber's home...): one table of sites, each covering locations of one
 * kind, and an index from every location to the sites there.
 * SPDX-License-Identifier: MIT
 */

#include <stdio.h>

#include "catan-private.h"

/* Names are words a text can carry (doc/boards.md): letters, digits,
 * '_', '-', '\'' and UTF-8 bytes. */
#define SITE_NAME_MAX 63

static bool
name_ok(const char *name)
{
	size_t n = 0;

	for (const unsigned char *p = (const unsigned char *)name; *p; p++, n++) {
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		      (*p >= '0' && *p <= '9') || *p == '_' || *p == '-' ||
		      *p == '\'' || *p >= 0x80))
			return false;
	}
	return n > 0 && n <= SITE_NAME_MAX;
}

uint16_t
catan_board__ref(const struct board *b, const struct board_ref *ref)
{
	const struct board_hex *h;

	if (ref->hex >= b->nhex)
		return BOARD_NONE;
	h = &b->hex[ref->hex];
	switch (ref->kind) {
	case CATAN_LOC_HEX:
		return ref->part == 0 ? ref->hex : BOARD_NONE;
	case CATAN_LOC_VERTEX:
		if (ref->part < 6)
			return h->vert[ref->part];
		return ref->part == BOARD_PART_CENTER ? h->plaza : BOARD_NONE;
	case CATAN_LOC_EDGE:
		if (ref->part < 6)
			return h->edge[ref->part];
		if (ref->part < BOARD_PART_PATH + 6 && h->plaza != BOARD_NONE) {
			uint16_t corner = h->vert[ref->part - BOARD_PART_PATH];
			const struct board_vertex *pv = &b->vert[h->plaza];

			for (unsigned i = 0; i < pv->nadj; i++)
				if (pv->adj[i] == corner)
					return pv->edge[i];
		}
		return BOARD_NONE;
	default:
		return BOARD_NONE;
	}
}

static unsigned
locations_of(const struct board *b, int kind)
{
	return kind == CATAN_LOC_HEX ? b->nhex : kind == CATAN_LOC_VERTEX ? b->nvert : b->nedge;
}

static int
check_site(const struct board *b, const struct board_site_spec *sp, size_t i,
	   bool *home_seen, char *why, size_t cap)
{
	if (sp->kind == 0 || sp->kind >= CATAN_SITE_KIND_COUNT)
		return snprintf(why, cap, "site %zu: kind %u is no site kind", i,
				(unsigned)sp->kind), CATAN_EINVAL;
	if (sp->nloc == 0 || !sp->locs)
		return snprintf(why, cap, "site %zu: covers no location", i), CATAN_EINVAL;
	if (sp->name && !name_ok(sp->name))
		return snprintf(why, cap, "site %zu: a name of 1 to %d letters, digits, "
				"'_', '-' or '''", i, SITE_NAME_MAX), CATAN_EINVAL;
	for (unsigned k = 0; k < sp->nloc; k++) {
		if (sp->locs[k].kind != sp->locs[0].kind)
			return snprintf(why, cap, "site %zu: locations of two kinds", i),
			       CATAN_EINVAL;
		if (catan_board__ref(b, &sp->locs[k]) == BOARD_NONE)
			return snprintf(why, cap, "site %zu: location %u is not on the board",
					i, k), CATAN_EINVAL;
		for (unsigned j = 0; j < k; j++)
			if (catan_board__ref(b, &sp->locs[j]) == catan_board__ref(b, &sp->locs[k]))
				return snprintf(why, cap, "site %zu: a location twice", i),
				       CATAN_EINVAL;
	}
	if (sp->kind == CATAN_SITE_ROBBER_HOME) {
		if (*home_seen || sp->nloc != 1 || sp->locs[0].kind != CATAN_LOC_HEX)
			return snprintf(why, cap, "site %zu: the robber has one home, a hex", i),
			       CATAN_EINVAL;
		*home_seen = true;
	}
	return CATAN_OK;
}

int
catan_board__fill_sites(struct board *b, const catan_ctx *ctx,
			const struct board_site_spec *specs, size_t nsite,
			char *why, size_t cap)
{
	char scratch[1];
	size_t nloc = 0, names = 0;
	bool home = false;
	uint32_t at[3] = { 0, 0, 0 };

	if (!why || cap == 0) {
		why = scratch;
		cap = sizeof(scratch);
	}
	for (size_t i = 0; i < nsite; i++) {
		int rc = check_site(b, &specs[i], i, &home, why, cap);

		if (rc != CATAN_OK)
			return rc;
		nloc += specs[i].nloc;
		if (specs[i].name)
			names += strlen(specs[i].name) + 1;
	}
	if (nloc >= UINT32_MAX / 2)
		return snprintf(why, cap, "too many site locations"), CATAN_EINVAL;
	/* a board without sites (the standard island) allocates nothing:
	 * the lookups answer none on NULL tables */
	if (nsite == 0)
		return CATAN_OK;

	/* every array, even empty, so that lookups need no test of sizes */
	b->site = catan__calloc(ctx, (nsite ? nsite : 1) * sizeof(*b->site));
	b->site_loc = catan__calloc(ctx, (nloc ? nloc : 1) * sizeof(*b->site_loc));
	b->names = catan__calloc(ctx, names + 1);
	b->names_len = names + 1;
	b->nsite = (uint16_t)nsite;
	b->nsite_loc = (uint32_t)nloc;
	for (int k = 0; k < 3; k++)
		b->site_at_first[k] = catan__calloc(ctx, (locations_of(b, k + 1) + 1u) *
							 sizeof(*b->site_at_first[k]));
	if (!b->site || !b->site_loc || !b->names || !b->site_at_first[0] ||
	    !b->site_at_first[1] || !b->site_at_first[2])
		return CATAN_ENOMEM;

	nloc = 0;
	names = 0;
	for (size_t i = 0; i < nsite; i++) {
		const struct board_site_spec *sp = &specs[i];
		struct board_site *st = &b->site[i];
		int kind = sp->locs[0].kind;

		st->kind = sp->kind;
		st->colour = sp->colour;
		st->loc_kind = (uint8_t)kind;
		st->value = sp->value;
		st->nloc = sp->nloc;
		st->first = (uint32_t)nloc;
		st->name = UINT32_MAX;
		if (sp->name) {
			size_t len = strlen(sp->name);

			memcpy(b->names + names, sp->name, len + 1);
			st->name = (uint32_t)names;
			names += len + 1;
		}
		for (unsigned k = 0; k < sp->nloc; k++) {
			uint16_t id = catan_board__ref(b, &sp->locs[k]);

			b->site_loc[nloc++] = id;
			b->site_at_first[kind - 1][id + 1]++;
			at[kind - 1]++;
		}
	}
	for (int k = 0; k < 3; k++) {
		unsigned n = locations_of(b, k + 1);
		uint32_t *first = b->site_at_first[k], *next;

		for (unsigned i = 1; i <= n; i++)
			first[i] += first[i - 1];
		b->site_at[k] = catan__calloc(ctx, (at[k] ? at[k] : 1) * sizeof(*b->site_at[k]));
		if (!b->site_at[k])
			return CATAN_ENOMEM;
		/* sites in index order at each location: fill with a cursor per
		 * location, kept in the slot of the next location's start */
		next = catan__alloc(ctx, (n + 1u) * sizeof(*next));
		if (!next)
			return CATAN_ENOMEM;
		memcpy(next, first, (n + 1u) * sizeof(*next));
		for (size_t i = 0; i < nsite; i++) {
			const struct board_site *st = &b->site[i];

			if (st->loc_kind != k + 1)
				continue;
			for (unsigned j = 0; j < st->nloc; j++)
				b->site_at[k][next[b->site_loc[st->first + j]]++] = (uint16_t)i;
		}
		catan__free(ctx, next, (n + 1u) * sizeof(*next));
	}
	return CATAN_OK;
}

void
catan_board__free_sites(struct board *b, const catan_ctx *ctx)
{
	for (int k = 0; k < 3; k++) {
		unsigned n = locations_of(b, k + 1);

		if (b->site_at[k])
			catan__free(ctx, b->site_at[k],
				    (b->site_at_first[k] && b->site_at_first[k][n] ?
				     b->site_at_first[k][n] : 1u) * sizeof(*b->site_at[k]));
		if (b->site_at_first[k])
			catan__free(ctx, b->site_at_first[k], (n + 1u) * sizeof(*b->site_at_first[k]));
		b->site_at[k] = NULL;
		b->site_at_first[k] = NULL;
	}
	if (b->site)
		catan__free(ctx, b->site, (b->nsite ? b->nsite : 1u) * sizeof(*b->site));
	if (b->site_loc)
		catan__free(ctx, b->site_loc, (b->nsite_loc ? b->nsite_loc : 1u) *
					      sizeof(*b->site_loc));
	if (b->names)
		catan__free(ctx, b->names, b->names_len);
	b->site = NULL;
	b->site_loc = NULL;
	b->names = NULL;
}

const uint16_t *
catan_board__sites_at(const struct board *b, int kind, unsigned id, unsigned *n)
{
	const uint32_t *first;

	*n = 0;
	if (kind < CATAN_LOC_HEX || kind > CATAN_LOC_EDGE || id >= locations_of(b, kind) ||
	    !b->site_at_first[kind - 1])
		return NULL;
	first = b->site_at_first[kind - 1];
	*n = first[id + 1] - first[id];
	return b->site_at[kind - 1] + first[id];
}

/* ------------------------------------------------------------ public API */

CATAN_API int
catan_board_site(const catan_game *g, unsigned site, catan_site_info *out)
{
	const struct board_site *st;

	if (!g || !out || site >= g->board.nsite)
		return CATAN_EINVAL;
	st = &g->board.site[site];
	out->kind = st->kind;
	out->location_kind = st->loc_kind;
	out->value = st->value;
	out->colour = st->colour;
	out->name = st->name == UINT32_MAX ? NULL : g->board.names + st->name;
	out->nlocations = st->nloc;
	out->locations = g->board.site_loc + st->first;
	return CATAN_OK;
}

CATAN_API int
catan_board_sites_at(const catan_game *g, int kind, unsigned id,
		     unsigned *out, size_t cap, size_t *n_out)
{
	const uint16_t *list;
	unsigned n;

	if (!g || (!out && cap > 0) || kind < CATAN_LOC_HEX || kind > CATAN_LOC_EDGE ||
	    id >= locations_of(&g->board, kind))
		return CATAN_EINVAL;
	list = catan_board__sites_at(&g->board, kind, id, &n);
	if (n_out)
		*n_out = n;
	for (unsigned i = 0; i < n && i < cap; i++)
		out[i] = list[i];
	return n <= cap ? CATAN_OK : CATAN_EBUFS;
}

int
catan_game_forbid_roads_on_sites(catan_game *g, unsigned site_kind)
{
	struct board *b;

	if (!g || g->state_size || site_kind == 0 || site_kind >= CATAN_SITE_KIND_COUNT)
		return CATAN_EINVAL;
	b = &g->board;
	for (unsigned i = 0; i < b->nsite; i++) {
		const struct board_site *st = &b->site[i];

		if (st->kind != site_kind || st->loc_kind != CATAN_LOC_EDGE)
			continue;
		for (unsigned j = 0; j < st->nloc; j++) {
			unsigned e = b->site_loc[st->first + j];

			if (e >= b->nedge)
				continue;
			b->edge[e].flags |= BOARD_EDGE_NO_ROAD;
			if (e < BOARD_MASK_EDGES)
				b->no_road[e >> 6] |= UINT64_C(1) << (e & 63);
		}
	}
	return CATAN_OK;
}

int
catan_game_set_desert_terrain(catan_game *g, unsigned terrain)
{
	if (!g || g->state_size || terrain >= CATAN_TERRAIN_COUNT)
		return CATAN_EINVAL;
	g->desert_terrain = (uint8_t)terrain;
	g->has_desert_terrain = true;
	return CATAN_OK;
}

int
catan_board__site_of_kind(const struct board *b, int kind, unsigned id, unsigned site_kind)
{
	unsigned n;
	const uint16_t *at = catan_board__sites_at(b, kind, id, &n);

	for (unsigned i = 0; i < n; i++)
		if (b->site[at[i]].kind == site_kind)
			return at[i];
	return -1;
}
