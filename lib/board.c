/*
 * libcatanrules: board topology derived from hex and harbor descriptions.
 * SPDX-License-Identifier: MIT
 */

#include <stdio.h>

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

/* What each catan_terrain yields unless its spec says otherwise, and
 * whether it may carry numbers without a spec's say: the five lands and
 * MoE's mountain variants of two of them yield their card; the lake
 * (Fishermen: fish on 2, 3, 11, 12) and MoE's salt (a card kind each
 * game names, L11) take numbers but yield no card of their own; the
 * rest are numberless (a desert's token would pay nothing, 02). */
static const struct terrain_kind {
	int8_t yield;
	bool numbers;
} terrain_kinds[CATAN_TERRAIN_COUNT] = {
	[CATAN_TERRAIN_DESERT] = { -1, false },
	[CATAN_TERRAIN_FOREST] = { CATAN_LUMBER, true },
	[CATAN_TERRAIN_HILLS] = { CATAN_BRICK, true },
	[CATAN_TERRAIN_PASTURE] = { CATAN_WOOL, true },
	[CATAN_TERRAIN_FIELDS] = { CATAN_GRAIN, true },
	[CATAN_TERRAIN_MOUNTAINS] = { CATAN_ORE, true },
	[CATAN_TERRAIN_SEA] = { -1, false },
	[CATAN_TERRAIN_LAKE] = { -1, true },
	[CATAN_TERRAIN_SWAMP] = { -1, false },
	[CATAN_TERRAIN_WATERING_HOLE] = { -1, false },
	[CATAN_TERRAIN_CASTLE] = { -1, false },
	[CATAN_TERRAIN_QUARRY] = { -1, false },
	[CATAN_TERRAIN_GLASSWORKS] = { -1, false },
	[CATAN_TERRAIN_COMMODITY_CASTLE] = { -1, false },
	[CATAN_TERRAIN_SALT_GARDEN] = { -1, true },
	[CATAN_TERRAIN_SALT_MOUNTAIN] = { -1, true },
	[CATAN_TERRAIN_MOUNTAIN_FOREST] = { CATAN_LUMBER, true },
	[CATAN_TERRAIN_MOUNTAIN_PASTURE] = { CATAN_WOOL, true },
	[CATAN_TERRAIN_DESERT_POST] = { -1, false },
};

int
catan_board__terrain_yield(unsigned terrain)
{
	return terrain < ARRAY_LEN(terrain_kinds) ? terrain_kinds[terrain].yield : -1;
}

bool
catan_board__terrain_numbered(unsigned terrain)
{
	return terrain < ARRAY_LEN(terrain_kinds) && terrain_kinds[terrain].numbers;
}

/* Axial step to the hex across side i (n-ne faces north-east, ...). */
static const int side_dq[6] = { 1, 1, 0, -1, -1, 0 };
static const int side_dr[6] = { -1, 0, 1, 1, 0, -1 };

static bool
number_valid(unsigned number)
{
	return number == 0 || (number >= 2 && number <= 12 && number != 7);
}

static int
refuse(char *why, size_t cap, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int
refuse(char *why, size_t cap, const char *fmt, ...)
{
	va_list ap;

	if (why && cap > 0) {
		va_start(ap, fmt);
		vsnprintf(why, cap, fmt, ap);
		va_end(ap);
	}
	return CATAN_EINVAL;
}

unsigned
catan_board__hex_numbers(const struct board_hex *h, unsigned out[BOARD_HEX_NUMBERS])
{
	unsigned n = 0;

	if (h->number)
		out[n++] = h->number;
	for (unsigned i = 0; i < ARRAY_LEN(h->more) && h->more[i]; i++)
		out[n++] = h->more[i];
	return n;
}

/* Everything about one hex spec that can be checked before any allocation. */
static int
check_hex_spec(const struct board_hex_spec *hexes, size_t i, char *why, size_t cap)
{
	const struct board_hex_spec *h = &hexes[i];
	unsigned nums[BOARD_HEX_NUMBERS], n = 0;
	bool numbers_ok;

	if (h->terrain >= ARRAY_LEN(terrain_kinds) || h->terrain == CATAN_TERRAIN_SEA)
		return refuse(why, cap, "hex %zu: terrain %u is no land terrain", i,
			      (unsigned)h->terrain);
	if (h->yield != BOARD_YIELD_TERRAIN && h->yield != BOARD_YIELD_NONE &&
	    h->yield > CATAN_MAX_CARD_KINDS)
		return refuse(why, cap, "hex %zu: yield %u is no card kind", i,
			      (unsigned)h->yield - 1u);
	nums[n++] = h->number;
	for (unsigned k = 0; k < ARRAY_LEN(h->more); k++)
		nums[n++] = h->more[k];
	for (unsigned k = 0; k < n; k++) {
		if (!number_valid(nums[k]))
			return refuse(why, cap, "hex %zu: %u is no number", i, nums[k]);
		/* numbers are packed from the first, each at most once */
		if (k > 0 && nums[k] != 0 && nums[k - 1] == 0)
			return refuse(why, cap, "hex %zu: a number after an empty one", i);
		for (unsigned j = 0; j < k; j++)
			if (nums[k] != 0 && nums[j] == nums[k])
				return refuse(why, cap, "hex %zu: number %u twice", i, nums[k]);
	}
	/* a desert with a token would pay nothing on that number: only
	 * where the spec says the hex yields something or nothing */
	numbers_ok = terrain_kinds[h->terrain].numbers || h->yield != BOARD_YIELD_TERRAIN;
	if (h->number != 0 && !numbers_ok)
		return refuse(why, cap, "hex %zu: terrain %u carries no number", i,
			      (unsigned)h->terrain);
	for (size_t j = 0; j < i; j++)
		if (hexes[j].q == h->q && hexes[j].r == h->r)
			return refuse(why, cap, "hexes %zu and %zu are both at (%d, %d)",
				      j, i, h->q, h->r);
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

/* Glue pairs join two coastal sides (the ring of two boards, Connect). */
static int
link_glue(struct board_hex *hex, size_t nhex, const struct board_glue_spec *glue,
	  size_t nglue, char *why, size_t cap)
{
	for (size_t i = 0; i < nglue; i++) {
		const struct board_glue_spec *g = &glue[i];

		if (g->hex_a >= nhex || g->hex_b >= nhex || g->side_a >= 6 || g->side_b >= 6)
			return refuse(why, cap, "glue %zu: no such hex or side", i);
		if (g->hex_a == g->hex_b)
			return refuse(why, cap, "glue %zu: a hex glued to itself", i);
		if (hex[g->hex_a].nbr[g->side_a] != BOARD_NONE ||
		    hex[g->hex_b].nbr[g->side_b] != BOARD_NONE)
			return refuse(why, cap, "glue %zu: a side that is not on the coast "
				      "(or glued twice)", i);
		hex[g->hex_a].nbr[g->side_a] = g->hex_b;
		hex[g->hex_b].nbr[g->side_b] = g->hex_a;
	}
	return CATAN_OK;
}

/* Union-find over the corner slots (6 per hex) or the side slots. */
static uint32_t
uf_find(uint32_t *parent, uint32_t x)
{
	while (parent[x] != x) {
		parent[x] = parent[parent[x]];
		x = parent[x];
	}
	return x;
}

static void
uf_union(uint32_t *parent, uint32_t a, uint32_t b)
{
	a = uf_find(parent, a);
	b = uf_find(parent, b);
	/* the lower slot is the root: it is met first when numbering */
	if (a < b)
		parent[b] = a;
	else if (b < a)
		parent[a] = b;
}

/*
 * Number intersections and edges in order of first appearance (hexes by
 * index, corners and sides in order). Across a side s of hex h the
 * neighbour's facing side t is one edge, and h's corners s and s + 1 are
 * its corners t + 1 and t (on the plane t = s + 3; glue names t). Corner
 * slots joined that way are one intersection, and on the plane exactly
 * the corners at one point, as hexes that share a corner share a side.
 * @work holds 18 slots per hex.
 */
static int
number_elements(struct board_hex *hex, size_t nhex, const struct board_glue_spec *glue,
		size_t nglue, uint32_t *work, unsigned *nvert_out, unsigned *nedge_out,
		char *why, size_t cap)
{
	uint32_t *cparent = work, *sparent = work + 6 * nhex, *facing = work + 12 * nhex;
	unsigned nvert = 0, nedge = 0;

	for (uint32_t i = 0; i < 6 * nhex; i++) {
		cparent[i] = sparent[i] = i;
		facing[i] = (i % 6 + 3) % 6;
	}
	for (size_t i = 0; i < nglue; i++) {
		facing[6u * glue[i].hex_a + glue[i].side_a] = glue[i].side_b;
		facing[6u * glue[i].hex_b + glue[i].side_b] = glue[i].side_a;
	}
	for (unsigned h = 0; h < nhex; h++)
		for (unsigned s = 0; s < 6; s++) {
			unsigned n = hex[h].nbr[s], t = facing[6 * h + s];

			if (n == BOARD_NONE || n < h)
				continue;
			uf_union(sparent, 6 * h + s, 6 * n + t);
			uf_union(cparent, 6 * h + s, 6 * n + (t + 1) % 6);
			uf_union(cparent, 6 * h + (s + 1) % 6, 6 * n + t);
		}
	/* a slot's id is its root's: the root is the lowest slot, numbered first */
	for (unsigned h = 0; h < nhex; h++) {
		for (unsigned c = 0; c < 6; c++) {
			uint32_t root = uf_find(cparent, 6 * h + c);

			hex[h].vert[c] = root == 6 * h + c ? (uint16_t)nvert++
							   : hex[root / 6].vert[root % 6];
			for (unsigned d = 0; d < c; d++)
				if (hex[h].vert[d] == hex[h].vert[c])
					return refuse(why, cap, "hex %u: the glue makes two of "
						      "its corners one", h);
		}
		for (unsigned s = 0; s < 6; s++) {
			uint32_t root = uf_find(sparent, 6 * h + s);

			hex[h].edge[s] = root == 6 * h + s ? (uint16_t)nedge++
							   : hex[root / 6].edge[root % 6];
		}
		if (nvert >= BOARD_NONE || nedge >= BOARD_NONE)
			return refuse(why, cap, "too many intersections or edges");
	}
	*nvert_out = nvert;
	*nedge_out = nedge;
	return CATAN_OK;
}

static int
vertex_add_hex(struct board_vertex *v, uint16_t hex, unsigned corner)
{
	if (v->nhex >= ARRAY_LEN(v->hex))
		return CATAN_EINVAL;
	v->hex[v->nhex] = hex;
	v->hex_corner[v->nhex] = (uint8_t)corner;
	v->nhex++;
	return CATAN_OK;
}

static int
vertex_add_adj(struct board_vertex *v, uint16_t other, uint16_t edge)
{
	if (v->nadj >= ARRAY_LEN(v->adj))
		return CATAN_EINVAL;
	v->adj[v->nadj] = other;
	v->edge[v->nadj] = edge;
	v->nadj++;
	return CATAN_OK;
}

static int
fill_elements(struct board *b, unsigned nside, char *why, size_t cap)
{
	for (unsigned v = 0; v < b->nvert; v++) {
		struct board_vertex *vx = &b->vert[v];

		for (unsigned i = 0; i < ARRAY_LEN(vx->hex); i++)
			vx->hex[i] = BOARD_NONE;
		for (unsigned i = 0; i < ARRAY_LEN(vx->adj); i++) {
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
				return refuse(why, cap, "hex %u: more than three hexes "
					      "meet at its corner %u", h, c);
		}
		for (unsigned s = 0; s < 6; s++) {
			struct board_edge *e = &b->edge[hx->edge[s]];

			if (e->nhex >= ARRAY_LEN(e->hex))
				return refuse(why, cap, "hex %u: side %u is a side of "
					      "three hexes", h, s);
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

	for (unsigned e = 0; e < nside; e++) {
		const struct board_edge *ed = &b->edge[e];

		if (vertex_add_adj(&b->vert[ed->vert[0]], ed->vert[1],
				   (uint16_t)e) != CATAN_OK ||
		    vertex_add_adj(&b->vert[ed->vert[1]], ed->vert[0],
				   (uint16_t)e) != CATAN_OK)
			return refuse(why, cap, "edge %u: more than %u paths at an end", e,
				      (unsigned)BOARD_VERTEX_PATHS);
	}
	return CATAN_OK;
}

/* Plaza i is vertex ncorner + i; its interior paths follow the sides,
 * plaza by plaza, corner by corner (T&B: four, away from the frame). */
static int
fill_plazas(struct board *b, const struct board_plaza_spec *plazas, size_t nplaza,
	    unsigned ncorner, unsigned nside, char *why, size_t cap)
{
	unsigned e = nside;

	for (size_t i = 0; i < nplaza; i++) {
		const struct board_plaza_spec *p = &plazas[i];
		uint16_t pv = (uint16_t)(ncorner + i);
		struct board_vertex *v = &b->vert[pv];
		struct board_hex *hx = &b->hex[p->hex];

		v->hex[0] = p->hex;
		v->hex_corner[0] = BOARD_PART_CENTER;
		v->nhex = 1;
		v->flags |= BOARD_VERTEX_PLAZA;
		hx->plaza = pv;
		for (unsigned c = 0; c < 6; c++) {
			struct board_edge *ed;

			if (!(p->corners >> c & 1u))
				continue;
			ed = &b->edge[e];
			ed->vert[0] = hx->vert[c];
			ed->vert[1] = pv;
			ed->hex[0] = p->hex;
			ed->hex_side[0] = (uint8_t)(BOARD_PART_PATH + c);
			ed->nhex = 1;
			ed->flags |= BOARD_EDGE_INTERIOR;
			if (vertex_add_adj(&b->vert[hx->vert[c]], pv, (uint16_t)e) != CATAN_OK)
				return refuse(why, cap, "plaza %zu: corner %u of hex %u would "
					      "have more than %u paths", i, c, (unsigned)p->hex,
					      (unsigned)BOARD_VERTEX_PATHS);
			if (vertex_add_adj(v, hx->vert[c], (uint16_t)e) != CATAN_OK)
				return refuse(why, cap, "plaza %zu: more than %u interior paths",
					      i, (unsigned)BOARD_VERTEX_PATHS);
			e++;
		}
	}
	return CATAN_OK;
}

static int
check_plazas(const struct board_plaza_spec *plazas, size_t nplaza, size_t nhex,
	     size_t *npaths, char *why, size_t cap)
{
	*npaths = 0;
	for (size_t i = 0; i < nplaza; i++) {
		const struct board_plaza_spec *p = &plazas[i];
		unsigned n = (unsigned)__builtin_popcount(p->corners);

		if (p->hex >= nhex)
			return refuse(why, cap, "plaza %zu: no hex %u", i, (unsigned)p->hex);
		if (p->corners == 0 || p->corners >= 64 || n > BOARD_VERTEX_PATHS)
			return refuse(why, cap, "plaza %zu: joins %s corners", i,
				      p->corners >= 64 ? "no such" : n == 0 ? "no" : "too many");
		for (size_t j = 0; j < i; j++)
			if (plazas[j].hex == p->hex)
				return refuse(why, cap, "plazas %zu and %zu on one hex", j, i);
		*npaths += n;
	}
	return CATAN_OK;
}

_Static_assert(BOARD_TRADE_VERTS == CATAN_TRADE_VERTICES &&
	       BOARD_VERTEX_PATHS == CATAN_VERTEX_PATHS &&
	       BOARD_HEX_NUMBERS == CATAN_HEX_NUMBERS,
	       "the board's limits are the public structs'");
_Static_assert(4 * ARRAY_LEN(((struct board *)0)->harbor_ratio_bits) == HARBOR_SET_MAX,
	       "a harbor set's ratio bits are four lookups");

static int
fill_harbors(struct board *b, const struct board_harbor_spec *specs, char *why, size_t cap)
{
	for (unsigned i = 0; i < b->nharbor; i++) {
		const struct board_harbor_spec *sp = &specs[i];
		struct board_harbor *hb = &b->harbor[i];
		const struct board_hex *hx;

		if (sp->hex >= b->nhex || sp->side > BOARD_SIDE_INLAND ||
		    sp->ratio < 1 || sp->ratio > 4 ||
		    (sp->resource >= CATAN_MAX_CARD_KINDS &&
		     sp->resource != CATAN_HARBOR_GENERIC))
			return refuse(why, cap, "trade site %u: no such hex, side, rate or "
				      "card kind", i);
		hx = &b->hex[sp->hex];
		/* a harbor faces the sea */
		if (sp->side < 6 && hx->nbr[sp->side] != BOARD_NONE)
			return refuse(why, cap, "harbor %u: side %u of hex %u is not on "
				      "the coast", i, (unsigned)sp->side, (unsigned)sp->hex);

		hb->resource = sp->resource;
		hb->ratio = sp->ratio;
		/* byte k holds bit ratio when the harbor trades kind k */
		hb->ratio_bits = 0;
		for (unsigned k = 0; k < CATAN_MAX_CARD_KINDS; k++)
			if (sp->resource == CATAN_HARBOR_GENERIC || sp->resource == k)
				hb->ratio_bits |= (uint64_t)(1u << sp->ratio) << (8 * k);
		hb->hex = sp->hex;
		hb->side = sp->side;
		for (unsigned k = 0; k < ARRAY_LEN(hb->vert); k++)
			hb->vert[k] = BOARD_NONE;
		if (sp->side < 6) {
			/* a harbor serves the two ends of its side */
			hb->edge = hx->edge[sp->side];
			hb->vert[0] = hx->vert[sp->side];
			hb->vert[1] = hx->vert[(sp->side + 1) % 6];
			hb->nvert = 2;
		} else {
			/* a trading post serves the corners of its hex
			 * (Connect: "trading posts in the deserts") */
			hb->edge = BOARD_NONE;
			for (unsigned c = 0; c < 6; c++)
				hb->vert[c] = hx->vert[c];
			hb->nvert = 6;
		}
		for (unsigned k = 0; k < hb->nvert; k++) {
			struct board_vertex *v = &b->vert[hb->vert[k]];

			/* one intersection serves at most one trade site */
			if (v->harbor != BOARD_NONE)
				return refuse(why, cap, "trade sites %u and %u share an "
					      "intersection", (unsigned)v->harbor, i);
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

/* Where each number's hexes start in by_number: a hex is listed under
 * each of its numbers (numbers are 0 or 2..12, check_hex_spec()). */
static void
count_numbers(struct board *b)
{
	memset(b->number_first, 0, sizeof(b->number_first));
	for (unsigned i = 0; i < b->nhex; i++) {
		unsigned nums[BOARD_HEX_NUMBERS];
		unsigned n = catan_board__hex_numbers(&b->hex[i], nums);

		for (unsigned k = 0; k < n; k++)
			b->number_first[nums[k] + 1]++;
	}
	for (unsigned n = 1; n < ARRAY_LEN(b->number_first); n++)
		b->number_first[n] = (uint16_t)(b->number_first[n] + b->number_first[n - 1]);
}

static void
fill_by_number(struct board *b)
{
	uint16_t next[ARRAY_LEN(b->number_first) - 1];

	memcpy(next, b->number_first, sizeof(next));
	for (unsigned i = 0; i < b->nhex; i++) {
		unsigned nums[BOARD_HEX_NUMBERS];
		unsigned n = catan_board__hex_numbers(&b->hex[i], nums);

		for (unsigned k = 0; k < n; k++)
			b->by_number[next[nums[k]]++] = (uint16_t)i;
	}
}

/* Seams: edges between hexes of two sections or joined by glue, and
 * their ends. */
static void
mark_seams(struct board *b, const struct board_glue_spec *glue, size_t nglue)
{
	for (size_t i = 0; i < nglue; i++)
		b->edge[b->hex[glue[i].hex_a].edge[glue[i].side_a]].flags |=
			BOARD_EDGE_GLUED | BOARD_EDGE_SEAM;
	for (unsigned e = 0; e < b->nedge; e++) {
		struct board_edge *ed = &b->edge[e];

		if (ed->nhex == 2 && b->hex[ed->hex[0]].section != b->hex[ed->hex[1]].section)
			ed->flags |= BOARD_EDGE_SEAM;
		if (ed->flags & BOARD_EDGE_SEAM) {
			b->vert[ed->vert[0]].flags |= BOARD_VERTEX_SEAM;
			b->vert[ed->vert[1]].flags |= BOARD_VERTEX_SEAM;
		}
	}
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
	catan_board__free_sites(b, ctx);
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

		for (unsigned i = 0; i < bv->nadj && i < ARRAY_LEN(bv->adj); i++) {
			if (bv->adj[i] >= b->nvert || bv->edge[i] >= b->nedge)
				return;
			b->vert_adj[v] |= 1ull << bv->adj[i];
			b->vert_edges[v][bv->edge[i] >> 6] |= 1ull << (bv->edge[i] & 63);
		}
	}
	for (unsigned h = 0; h < b->nharbor; h++)
		for (unsigned i = 0; i < b->harbor[h].nvert; i++) {
			unsigned v = b->harbor[h].vert[i];

			if (v < b->nvert && b->vert[v].harbor == h)
				b->harbor_verts |= 1ull << v;
		}
	b->masks_ok = true;
}

static int
check_spec(const struct board_spec *spec, size_t *npaths, char *why, size_t cap)
{
	int rc;

	if (!spec->hexes || spec->nhex == 0 || spec->nhex > BOARD_MAX_HEXES)
		return refuse(why, cap, "%zu hexes (1 to %u)", spec->nhex, BOARD_MAX_HEXES);
	if ((spec->nharbor > 0 && !spec->harbors) || spec->nharbor > 6 * spec->nhex ||
	    (spec->nsite > 0 && !spec->sites) || spec->nsite >= BOARD_NONE ||
	    (spec->nplaza > 0 && !spec->plazas) || spec->nplaza > spec->nhex ||
	    (spec->nglue > 0 && !spec->glue) || spec->nglue > 6 * spec->nhex)
		return refuse(why, cap, "a list that is missing or too long");
	for (size_t i = 0; i < spec->nhex; i++) {
		rc = check_hex_spec(spec->hexes, i, why, cap);
		if (rc != CATAN_OK)
			return rc;
	}
	return check_plazas(spec->plazas, spec->nplaza, spec->nhex, npaths, why, cap);
}

/* The robber's home: a robber-home site's hex, else the first desert
 * (a desert with a trading post is one). */
static void
find_robber_home(struct board *b)
{
	b->desert = BOARD_NONE;
	for (unsigned i = 0; i < b->nsite; i++)
		if (b->site[i].kind == CATAN_SITE_ROBBER_HOME) {
			b->desert = b->site_loc[b->site[i].first];
			return;
		}
	for (unsigned i = 0; i < b->nhex; i++)
		if (b->hex[i].terrain == CATAN_TERRAIN_DESERT ||
		    b->hex[i].terrain == CATAN_TERRAIN_DESERT_POST) {
			b->desert = (uint16_t)i;
			return;
		}
}

int
catan_board__build_spec(struct board *b, const catan_ctx *ctx,
			const struct board_spec *spec, char *why, size_t cap)
{
	struct board nb;
	unsigned ncorner = 0, nside = 0;
	size_t npaths = 0, nhex;
	uint32_t *work;
	int rc;

	if (why && cap > 0)
		why[0] = '\0';
	if (!b)
		return CATAN_EINVAL;
	memset(b, 0, sizeof(*b));
	b->desert = BOARD_NONE;
	if (!spec)
		return CATAN_EINVAL;
	rc = check_spec(spec, &npaths, why, cap);
	if (rc != CATAN_OK)
		return rc;
	nhex = spec->nhex;

	memset(&nb, 0, sizeof(nb));
	nb.desert = BOARD_NONE;
	nb.hex = catan__calloc(ctx, nhex * sizeof(*nb.hex));
	if (!nb.hex)
		return CATAN_ENOMEM;
	nb.nhex = (uint16_t)nhex;

	for (size_t i = 0; i < nhex; i++) {
		const struct board_hex_spec *hs = &spec->hexes[i];
		struct board_hex *h = &nb.hex[i];

		h->q = hs->q;
		h->r = hs->r;
		h->terrain = hs->terrain;
		h->resource = hs->yield == BOARD_YIELD_TERRAIN ? terrain_kinds[h->terrain].yield :
			      hs->yield == BOARD_YIELD_NONE ? -1 : (int8_t)(hs->yield - 1);
		h->number = hs->number;
		memcpy(h->more, hs->more, sizeof(h->more));
		h->plaza = BOARD_NONE;
		h->area = hs->area;
		h->section = hs->section;
	}
	count_numbers(&nb);
	nb.by_number = catan__calloc(ctx, by_number_len(&nb) * sizeof(*nb.by_number));
	if (!nb.by_number)
		goto nomem;
	fill_by_number(&nb);
	link_neighbors(nb.hex, nhex);
	rc = link_glue(nb.hex, nhex, spec->glue, spec->nglue, why, cap);
	if (rc != CATAN_OK)
		goto fail;
	work = catan__alloc(ctx, 18 * nhex * sizeof(*work));
	if (!work)
		goto nomem;
	rc = number_elements(nb.hex, nhex, spec->glue, spec->nglue, work, &ncorner, &nside,
			     why, cap);
	catan__free(ctx, work, 18 * nhex * sizeof(*work));
	if (rc != CATAN_OK)
		goto fail;
	if (ncorner + spec->nplaza >= BOARD_NONE || nside + npaths >= BOARD_NONE) {
		rc = refuse(why, cap, "too many intersections or edges");
		goto fail;
	}

	nb.vert = catan__calloc(ctx, (ncorner + spec->nplaza) * sizeof(*nb.vert));
	if (!nb.vert)
		goto nomem;
	nb.nvert = (uint16_t)(ncorner + spec->nplaza);
	nb.nplaza = (uint16_t)spec->nplaza;
	nb.edge = catan__calloc(ctx, (nside + npaths) * sizeof(*nb.edge));
	if (!nb.edge)
		goto nomem;
	nb.nedge = (uint16_t)(nside + npaths);
	if (spec->nharbor > 0) {
		nb.harbor = catan__calloc(ctx, spec->nharbor * sizeof(*nb.harbor));
		if (!nb.harbor)
			goto nomem;
		nb.nharbor = (uint16_t)spec->nharbor;
	}

	rc = fill_elements(&nb, nside, why, cap);
	if (rc == CATAN_OK)
		rc = fill_plazas(&nb, spec->plazas, spec->nplaza, ncorner, nside, why, cap);
	if (rc == CATAN_OK)
		rc = fill_harbors(&nb, spec->harbors, why, cap);
	if (rc == CATAN_OK)
		rc = catan_board__fill_sites(&nb, ctx, spec->sites, spec->nsite, why, cap);
	if (rc != CATAN_OK)
		goto fail;
	mark_seams(&nb, spec->glue, spec->nglue);
	find_robber_home(&nb);
	if (!(ctx && ctx->general_paths))
		fill_masks(&nb);
	*b = nb;
	return CATAN_OK;

nomem:
	rc = CATAN_ENOMEM;
fail:
	board_free_arrays(&nb, ctx);
	return rc;
}

int
catan_board__build(struct board *b, const catan_ctx *ctx,
		   const struct board_hex_spec *hexes, size_t nhex,
		   const struct board_harbor_spec *harbors, size_t nharbor)
{
	struct board_spec spec = { hexes, nhex, harbors, nharbor, NULL, 0, NULL, 0, NULL, 0 };

	return catan_board__build_spec(b, ctx, &spec, NULL, 0);
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
	out->sites = g->board.nsite;
	out->plazas = g->board.nplaza;
	return CATAN_OK;
}

CATAN_API int
catan_board_hex(const catan_game *g, unsigned hex, catan_hex_info *out)
{
	const struct board_hex *h;
	unsigned nums[BOARD_HEX_NUMBERS], n;

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
	out->plaza = h->plaza;
	n = catan_board__hex_numbers(h, nums);
	/* ascending, whatever order the spec gave */
	for (unsigned i = 1; i < n; i++)
		for (unsigned j = i; j > 0 && nums[j - 1] > nums[j]; j--) {
			unsigned t = nums[j];

			nums[j] = nums[j - 1];
			nums[j - 1] = t;
		}
	memset(out->numbers, 0, sizeof(out->numbers));
	for (unsigned i = 0; i < n; i++)
		out->numbers[i] = (uint8_t)nums[i];
	out->nnumbers = (uint16_t)n;
	out->area = h->area;
	out->section = h->section;
	return CATAN_OK;
}

CATAN_API int
catan_board_vertex(const catan_game *g, unsigned vertex, catan_vertex_info *out)
{
	const struct board_vertex *v;

	if (!g || !out || vertex >= g->board.nvert)
		return CATAN_EINVAL;
	v = &g->board.vert[vertex];
	for (unsigned i = 0; i < 3; i++)
		out->hexes[i] = v->hex[i];
	for (unsigned i = 0; i < CATAN_VERTEX_PATHS; i++) {
		out->vertices[i] = v->adj[i];
		out->edges[i] = v->edge[i];
	}
	out->harbor = v->harbor;
	out->flags = (uint16_t)((v->flags & BOARD_VERTEX_PLAZA ? CATAN_BOARD_PLAZA : 0u) |
				(v->flags & BOARD_VERTEX_SEAM ? CATAN_BOARD_SEAM : 0u));
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
	out->flags = (uint16_t)((e->flags & BOARD_EDGE_INTERIOR ? CATAN_BOARD_INTERIOR : 0u) |
				(e->flags & BOARD_EDGE_SEAM ? CATAN_BOARD_SEAM : 0u));
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
	for (unsigned i = 0; i < CATAN_TRADE_VERTICES; i++)
		out->vertices[i] = hb->vert[i];
	out->nvertices = hb->nvert;
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
