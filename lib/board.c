/*
 * libcatanrules: board topology derived from hex and harbor descriptions.
 * SPDX-License-Identifier: MIT
 */

#include "catan-private.h"

/*
 * Ids are uint16_t with BOARD_NONE as the sentinel; six corners and six
 * sides per hex must stay below it.
 */
#define BOARD_MAX_HEXES 10000u

/* Entries of the production table (struct board): one per numbered hex,
 * and at least one so that it is always allocated. */
static size_t
by_number_len(const struct board *b)
{
	return b->number_first[13] ? b->number_first[13] : 1;
}

/* Corner positions on an integer lattice: a hex centre is X = 2q + r,
 * Y = 3r, and its corners n ne se s sw nw lie at these offsets. Equal
 * points are the same intersection, whatever hex they are reached from. */
static const int corner_dx[6] = { 0, 1, 1, 0, -1, -1 };
static const int corner_dy[6] = { -2, -1, 1, 2, 1, -1 };

/* Axial step to the hex across side i (n-ne faces north-east, ...). */
static const int side_dq[6] = { 1, 1, 0, -1, -1, 0 };
static const int side_dr[6] = { -1, 0, 1, 1, 0, -1 };

/* What each catan_terrain produces, indexed by terrain. */
static const int8_t terrain_resource[] = {
	[CATAN_TERRAIN_DESERT] = -1,
	[CATAN_TERRAIN_FOREST] = CATAN_LUMBER,
	[CATAN_TERRAIN_HILLS] = CATAN_BRICK,
	[CATAN_TERRAIN_PASTURE] = CATAN_WOOL,
	[CATAN_TERRAIN_FIELDS] = CATAN_GRAIN,
	[CATAN_TERRAIN_MOUNTAINS] = CATAN_ORE,
};

static void
corner_point(const struct board_hex *h, unsigned corner, int *x, int *y)
{
	*x = 2 * h->q + h->r + corner_dx[corner];
	*y = 3 * h->r + corner_dy[corner];
}

static bool
number_valid(unsigned number)
{
	return number == 0 || (number >= 2 && number <= 12 && number != 7);
}

/* Everything that can be checked before any allocation. */
static int
check_hex_specs(const struct board_hex_spec *hexes, size_t nhex)
{
	for (size_t i = 0; i < nhex; i++) {
		const struct board_hex_spec *h = &hexes[i];

		if (h->terrain >= ARRAY_LEN(terrain_resource) ||
		    !number_valid(h->number))
			return CATAN_EINVAL;
		/* a desert with a token would pay nothing on that number */
		if (h->terrain == CATAN_TERRAIN_DESERT && h->number != 0)
			return CATAN_EINVAL;
		for (size_t j = 0; j < i; j++)
			if (hexes[j].q == h->q && hexes[j].r == h->r)
				return CATAN_EINVAL;
	}
	return CATAN_OK;
}

static void
link_neighbors(struct board_hex *hex, size_t nhex)
{
	for (size_t i = 0; i < nhex; i++) {
		for (unsigned s = 0; s < 6; s++)
			hex[i].nbr[s] = BOARD_NONE;
	}
	for (size_t i = 0; i < nhex; i++) {
		for (size_t j = i + 1; j < nhex; j++) {
			int dq = hex[j].q - hex[i].q;
			int dr = hex[j].r - hex[i].r;

			for (unsigned s = 0; s < 6; s++) {
				if (dq == side_dq[s] && dr == side_dr[s]) {
					hex[i].nbr[s] = (uint16_t)j;
					hex[j].nbr[(s + 3) % 6] = (uint16_t)i;
				}
			}
		}
	}
}

/*
 * Number intersections and edges in order of first appearance (hexes by
 * index, corners and sides in order). A corner is shared only with the
 * hexes across the two sides meeting at it, and a side only with the hex
 * across it, so only those neighbors need to be consulted.
 */
static void
number_elements(struct board_hex *hex, size_t nhex,
		unsigned *nvert_out, unsigned *nedge_out)
{
	unsigned nvert = 0, nedge = 0;

	for (size_t h = 0; h < nhex; h++) {
		struct board_hex *cur = &hex[h];

		for (unsigned c = 0; c < 6; c++) {
			const unsigned sides[2] = { (c + 5) % 6, c };
			uint16_t id = BOARD_NONE;
			int x, y;

			corner_point(cur, c, &x, &y);
			for (unsigned k = 0; k < 2 && id == BOARD_NONE; k++) {
				uint16_t n = cur->nbr[sides[k]];

				if (n == BOARD_NONE || n >= h)
					continue;
				for (unsigned c2 = 0; c2 < 6; c2++) {
					int x2, y2;

					corner_point(&hex[n], c2, &x2, &y2);
					if (x2 == x && y2 == y) {
						id = hex[n].vert[c2];
						break;
					}
				}
			}
			if (id == BOARD_NONE)
				id = (uint16_t)nvert++;
			cur->vert[c] = id;
		}

		for (unsigned s = 0; s < 6; s++) {
			uint16_t n = cur->nbr[s];

			if (n != BOARD_NONE && n < h)
				cur->edge[s] = hex[n].edge[(s + 3) % 6];
			else
				cur->edge[s] = (uint16_t)nedge++;
		}
	}
	*nvert_out = nvert;
	*nedge_out = nedge;
}

static int
vertex_add_hex(struct board_vertex *v, uint16_t hex, unsigned corner)
{
	if (v->nhex >= ARRAY_LEN(v->hex))
		return CATAN_ERROR;
	v->hex[v->nhex] = hex;
	v->hex_corner[v->nhex] = (uint8_t)corner;
	v->nhex++;
	return CATAN_OK;
}

static int
vertex_add_adj(struct board_vertex *v, uint16_t other, uint16_t edge)
{
	if (v->nadj >= ARRAY_LEN(v->adj))
		return CATAN_ERROR;
	v->adj[v->nadj] = other;
	v->edge[v->nadj] = edge;
	v->nadj++;
	return CATAN_OK;
}

static int
fill_elements(struct board *b)
{
	for (unsigned v = 0; v < b->nvert; v++) {
		struct board_vertex *vx = &b->vert[v];

		for (unsigned i = 0; i < 3; i++) {
			vx->hex[i] = BOARD_NONE;
			vx->adj[i] = BOARD_NONE;
			vx->edge[i] = BOARD_NONE;
		}
		vx->harbor = BOARD_NONE;
	}
	for (unsigned e = 0; e < b->nedge; e++) {
		b->edge[e].hex[0] = BOARD_NONE;
		b->edge[e].hex[1] = BOARD_NONE;
	}

	for (unsigned h = 0; h < b->nhex; h++) {
		const struct board_hex *hx = &b->hex[h];

		for (unsigned c = 0; c < 6; c++) {
			if (vertex_add_hex(&b->vert[hx->vert[c]],
					   (uint16_t)h, c) != CATAN_OK)
				return CATAN_ERROR;
		}
		for (unsigned s = 0; s < 6; s++) {
			struct board_edge *e = &b->edge[hx->edge[s]];

			if (e->nhex >= ARRAY_LEN(e->hex))
				return CATAN_ERROR;
			/* the ends as seen from the lowest hex, corner order */
			if (e->nhex == 0) {
				e->vert[0] = hx->vert[s];
				e->vert[1] = hx->vert[(s + 1) % 6];
			}
			e->hex[e->nhex] = (uint16_t)h;
			e->hex_side[e->nhex] = (uint8_t)s;
			e->nhex++;
		}
	}

	for (unsigned e = 0; e < b->nedge; e++) {
		const struct board_edge *ed = &b->edge[e];

		if (vertex_add_adj(&b->vert[ed->vert[0]], ed->vert[1],
				   (uint16_t)e) != CATAN_OK ||
		    vertex_add_adj(&b->vert[ed->vert[1]], ed->vert[0],
				   (uint16_t)e) != CATAN_OK)
			return CATAN_ERROR;
	}
	return CATAN_OK;
}

_Static_assert(4 * ARRAY_LEN(((struct board *)0)->harbor_ratio_bits) == HARBOR_SET_MAX,
	       "a harbor set's ratio bits are four lookups");

static int
fill_harbors(struct board *b, const struct board_harbor_spec *specs)
{
	for (unsigned i = 0; i < b->nharbor; i++) {
		const struct board_harbor_spec *sp = &specs[i];
		struct board_harbor *hb = &b->harbor[i];
		const struct board_hex *hx;

		if (sp->hex >= b->nhex || sp->side >= 6 ||
		    sp->ratio < 1 || sp->ratio > 4 ||
		    (sp->resource >= CATAN_MAX_CARD_KINDS &&
		     sp->resource != CATAN_HARBOR_GENERIC))
			return CATAN_EINVAL;
		hx = &b->hex[sp->hex];
		/* a harbor faces the sea */
		if (hx->nbr[sp->side] != BOARD_NONE)
			return CATAN_EINVAL;

		hb->resource = sp->resource;
		hb->ratio = sp->ratio;
		/* byte k holds bit ratio when the harbor trades kind k */
		hb->ratio_bits = 0;
		for (unsigned k = 0; k < CATAN_MAX_CARD_KINDS; k++)
			if (sp->resource == CATAN_HARBOR_GENERIC || sp->resource == k)
				hb->ratio_bits |= (uint64_t)(1u << sp->ratio) << (8 * k);
		hb->hex = sp->hex;
		hb->side = sp->side;
		hb->edge = hx->edge[sp->side];
		hb->vert[0] = hx->vert[sp->side];
		hb->vert[1] = hx->vert[(sp->side + 1) % 6];
		for (unsigned k = 0; k < 2; k++) {
			struct board_vertex *v = &b->vert[hb->vert[k]];

			/* one intersection serves at most one harbor */
			if (v->harbor != BOARD_NONE)
				return CATAN_EINVAL;
			v->harbor = (uint16_t)i;
		}
	}
	memset(b->harbor_ratio_bits, 0, sizeof(b->harbor_ratio_bits));
	if (b->nharbor <= HARBOR_SET_MAX)
		for (unsigned set = 0; set < 16; set++)
			for (unsigned i = 0; i < 4 * ARRAY_LEN(b->harbor_ratio_bits); i++)
				if (i < b->nharbor && (set >> (i & 3u) & 1u))
					b->harbor_ratio_bits[i >> 2][set] |= b->harbor[i].ratio_bits;
	return CATAN_OK;
}

/* Where each number's hexes start in by_number (numbers are 0 or 2..12,
 * check_hex_specs()). */
static void
count_numbers(struct board *b)
{
	memset(b->number_first, 0, sizeof(b->number_first));
	for (unsigned i = 0; i < b->nhex; i++)
		if (b->hex[i].number != 0)
			b->number_first[b->hex[i].number + 1]++;
	for (unsigned n = 1; n < ARRAY_LEN(b->number_first); n++)
		b->number_first[n] = (uint16_t)(b->number_first[n] + b->number_first[n - 1]);
}

static void
fill_by_number(struct board *b)
{
	uint16_t next[ARRAY_LEN(b->number_first) - 1];

	memcpy(next, b->number_first, sizeof(next));
	for (unsigned i = 0; i < b->nhex; i++)
		if (b->hex[i].number != 0)
			b->by_number[next[b->hex[i].number]++] = (uint16_t)i;
}

static void
board_free_arrays(struct board *b, const catan_ctx *ctx)
{
	if (b->hex)
		catan__free(ctx, b->hex, b->nhex * sizeof(*b->hex));
	if (b->vert)
		catan__free(ctx, b->vert, b->nvert * sizeof(*b->vert));
	if (b->edge)
		catan__free(ctx, b->edge, b->nedge * sizeof(*b->edge));
	if (b->harbor)
		catan__free(ctx, b->harbor, b->nharbor * sizeof(*b->harbor));
	if (b->by_number)
		catan__free(ctx, b->by_number, by_number_len(b) * sizeof(*b->by_number));
	memset(b, 0, sizeof(*b));
	b->desert = BOARD_NONE;
}

/* The bit masks of small boards (struct board). */
static void
fill_masks(struct board *b)
{
	if (b->nvert > BOARD_MASK_VERTS || b->nedge > BOARD_MASK_EDGES ||
	    b->nhex > BOARD_MASK_HEXES)
		return;
	for (unsigned h = 0; h < b->nhex; h++)
		for (unsigned c = 0; c < 6; c++) {
			if (b->hex[h].vert[c] >= b->nvert)
				return;
			b->hex_verts[h] |= 1ull << b->hex[h].vert[c];
		}
	for (unsigned e = 0; e < b->nedge; e++) {
		unsigned v0 = b->edge[e].vert[0], v1 = b->edge[e].vert[1];

		if (v0 >= b->nvert || v1 >= b->nvert)
			return;
		b->edge_ends[e] = (1ull << v0) | (1ull << v1);
	}
	for (unsigned v = 0; v < b->nvert; v++) {
		const struct board_vertex *bv = &b->vert[v];

		for (unsigned i = 0; i < bv->nadj && i < 3; i++) {
			if (bv->adj[i] >= b->nvert || bv->edge[i] >= b->nedge)
				return;
			b->vert_adj[v] |= 1ull << bv->adj[i];
			b->vert_edges[v][bv->edge[i] >> 6] |= 1ull << (bv->edge[i] & 63);
		}
	}
	for (unsigned h = 0; h < b->nharbor; h++)
		for (unsigned i = 0; i < 2; i++) {
			unsigned v = b->harbor[h].vert[i];

			if (v < b->nvert && b->vert[v].harbor == h)
				b->harbor_verts |= 1ull << v;
		}
	b->masks_ok = true;
}

int
catan_board__build(struct board *b, const catan_ctx *ctx,
		   const struct board_hex_spec *hexes, size_t nhex,
		   const struct board_harbor_spec *harbors, size_t nharbor)
{
	struct board nb;
	unsigned nvert, nedge;
	int rc;

	if (!b)
		return CATAN_EINVAL;
	memset(b, 0, sizeof(*b));
	b->desert = BOARD_NONE;
	if (!hexes || nhex == 0 || nhex > BOARD_MAX_HEXES ||
	    (nharbor > 0 && !harbors) || nharbor > 6 * nhex)
		return CATAN_EINVAL;
	rc = check_hex_specs(hexes, nhex);
	if (rc != CATAN_OK)
		return rc;

	memset(&nb, 0, sizeof(nb));
	nb.desert = BOARD_NONE;
	nb.hex = catan__calloc(ctx, nhex * sizeof(*nb.hex));
	if (!nb.hex)
		return CATAN_ENOMEM;
	nb.nhex = (uint16_t)nhex;

	for (size_t i = 0; i < nhex; i++) {
		struct board_hex *h = &nb.hex[i];

		h->q = hexes[i].q;
		h->r = hexes[i].r;
		h->terrain = hexes[i].terrain;
		h->resource = terrain_resource[h->terrain];
		h->number = hexes[i].number;
		if (h->terrain == CATAN_TERRAIN_DESERT &&
		    nb.desert == BOARD_NONE)
			nb.desert = (uint16_t)i;
	}
	count_numbers(&nb);
	nb.by_number = catan__calloc(ctx, by_number_len(&nb) * sizeof(*nb.by_number));
	if (!nb.by_number)
		goto nomem;
	fill_by_number(&nb);
	link_neighbors(nb.hex, nhex);
	number_elements(nb.hex, nhex, &nvert, &nedge);

	nb.vert = catan__calloc(ctx, nvert * sizeof(*nb.vert));
	if (!nb.vert)
		goto nomem;
	nb.nvert = (uint16_t)nvert;
	nb.edge = catan__calloc(ctx, nedge * sizeof(*nb.edge));
	if (!nb.edge)
		goto nomem;
	nb.nedge = (uint16_t)nedge;
	if (nharbor > 0) {
		nb.harbor = catan__calloc(ctx, nharbor * sizeof(*nb.harbor));
		if (!nb.harbor)
			goto nomem;
		nb.nharbor = (uint16_t)nharbor;
	}

	rc = fill_elements(&nb);
	if (rc == CATAN_OK)
		rc = fill_harbors(&nb, harbors);
	if (rc != CATAN_OK) {
		board_free_arrays(&nb, ctx);
		return rc;
	}
	if (!(ctx && ctx->general_paths))
		fill_masks(&nb);
	*b = nb;
	return CATAN_OK;

nomem:
	board_free_arrays(&nb, ctx);
	return CATAN_ENOMEM;
}

void
catan_board__dispose(struct board *b, const catan_ctx *ctx)
{
	if (!b)
		return;
	board_free_arrays(b, ctx);
}

static bool
vertex_touches(const struct board_vertex *v, uint16_t hex)
{
	for (unsigned i = 0; i < v->nhex; i++)
		if (v->hex[i] == hex)
			return true;
	return false;
}

/*
 * Two hexes share two intersections (the ends of their common side), so the
 * answer is the intersection whose land hexes are exactly the given ones:
 * with three hexes the one where they meet, with two a coastal one, as
 * FACTS 1.3-1.4 name them. Ambiguity (possible only on odd custom boards)
 * gives BOARD_NONE rather than a guess.
 */
uint16_t
catan_board__vertex_of_hexes(const struct board *b, const uint16_t *hexes, size_t n)
{
	const struct board_hex *first;
	uint16_t found = BOARD_NONE;

	if (!b || !hexes || n < 2 || n > 3)
		return BOARD_NONE;
	for (size_t i = 0; i < n; i++) {
		if (hexes[i] >= b->nhex)
			return BOARD_NONE;
		for (size_t j = 0; j < i; j++)
			if (hexes[j] == hexes[i])
				return BOARD_NONE;
	}

	first = &b->hex[hexes[0]];
	for (unsigned c = 0; c < 6; c++) {
		const struct board_vertex *v = &b->vert[first->vert[c]];
		bool all = v->nhex == n;

		for (size_t i = 1; i < n && all; i++)
			all = vertex_touches(v, hexes[i]);
		if (!all)
			continue;
		if (found != BOARD_NONE)
			return BOARD_NONE;
		found = first->vert[c];
	}
	return found;
}

uint16_t
catan_board__edge_between(const struct board *b, uint16_t h1, uint16_t h2)
{
	if (!b || h1 >= b->nhex || h2 >= b->nhex || h1 == h2)
		return BOARD_NONE;
	for (unsigned s = 0; s < 6; s++)
		if (b->hex[h1].nbr[s] == h2)
			return b->hex[h1].edge[s];
	return BOARD_NONE;
}

uint16_t
catan_board__edge_of_vertices(const struct board *b, uint16_t v1, uint16_t v2)
{
	const struct board_vertex *v;

	if (!b || v1 >= b->nvert || v2 >= b->nvert)
		return BOARD_NONE;
	v = &b->vert[v1];
	for (unsigned i = 0; i < v->nadj; i++)
		if (v->adj[i] == v2)
			return v->edge[i];
	return BOARD_NONE;
}

/* ------------------------------------------------------------ public API */

CATAN_API int
catan_board_counts_get(const catan_game *g, catan_board_counts *out)
{
	if (!g || !out)
		return CATAN_EINVAL;
	out->hexes = g->board.nhex;
	out->vertices = g->board.nvert;
	out->edges = g->board.nedge;
	out->harbors = g->board.nharbor;
	return CATAN_OK;
}

CATAN_API int
catan_board_hex(const catan_game *g, unsigned hex, catan_hex_info *out)
{
	const struct board_hex *h;

	if (!g || !out || hex >= g->board.nhex)
		return CATAN_EINVAL;
	h = &g->board.hex[hex];
	out->q = h->q;
	out->r = h->r;
	out->terrain = h->terrain;
	out->resource = h->resource;
	out->number = h->number;
	for (unsigned i = 0; i < 6; i++) {
		out->vertices[i] = h->vert[i];
		out->edges[i] = h->edge[i];
		out->neighbors[i] = h->nbr[i];
	}
	return CATAN_OK;
}

CATAN_API int
catan_board_vertex(const catan_game *g, unsigned vertex, catan_vertex_info *out)
{
	const struct board_vertex *v;

	if (!g || !out || vertex >= g->board.nvert)
		return CATAN_EINVAL;
	v = &g->board.vert[vertex];
	for (unsigned i = 0; i < 3; i++) {
		out->hexes[i] = v->hex[i];
		out->vertices[i] = v->adj[i];
		out->edges[i] = v->edge[i];
	}
	out->harbor = v->harbor;
	return CATAN_OK;
}

CATAN_API int
catan_board_edge(const catan_game *g, unsigned edge, catan_edge_info *out)
{
	const struct board_edge *e;

	if (!g || !out || edge >= g->board.nedge)
		return CATAN_EINVAL;
	e = &g->board.edge[edge];
	out->vertices[0] = e->vert[0];
	out->vertices[1] = e->vert[1];
	out->hexes[0] = e->hex[0];
	out->hexes[1] = e->hex[1];
	return CATAN_OK;
}

CATAN_API int
catan_board_harbor(const catan_game *g, unsigned harbor, catan_harbor_info *out)
{
	const struct board_harbor *hb;

	if (!g || !out || harbor >= g->board.nharbor)
		return CATAN_EINVAL;
	hb = &g->board.harbor[harbor];
	out->resource = hb->resource;
	out->ratio = hb->ratio;
	out->vertices[0] = hb->vert[0];
	out->vertices[1] = hb->vert[1];
	out->hex = hb->hex;
	out->edge = hb->edge;
	return CATAN_OK;
}

CATAN_API int
catan_board_layout(const catan_game *g, char *buf, size_t cap, size_t *len_out)
{
	size_t len;

	if (!g || (!buf && cap > 0))
		return CATAN_EINVAL;
	len = catan_island__format(&g->board, buf, cap);
	if (len == 0) {
		if (cap > 0)
			buf[0] = '\0';
		return CATAN_ENOTSUP;
	}
	if (len_out)
		*len_out = len;
	return len < cap ? CATAN_OK : CATAN_EBUFS;
}
