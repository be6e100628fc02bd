/*
 * libcatanrules: the written form of a whole board (doc/boards.md,
 * "A board in writing"): hexes with coordinates, terrain, numbers,
 * yields, areas and sections; trade sites; plazas; glue; marks and
 * sites. Parsed into a board_spec (catan_ctx_set_board()) and formatted
 * from a game's board (catan_board_text()); format(parse(t)) is t for a
 * text in the form format writes.
 * SPDX-License-Identifier: MIT
 */

#include <stdio.h>
#include <stdlib.h>

#include "catan-private.h"

#define BOARD_TEXT_HEADER "board v2"
#define WORD_MAX 64

static const char *const terrain_names[CATAN_TERRAIN_COUNT] = {
	"desert", "forest", "hills", "pasture", "fields", "mountains", "sea",
	"lake", "swamp", "watering_hole", "castle", "quarry", "glassworks",
	"commodity_castle", "salt_garden", "salt_mountain", "mountain_forest",
	"mountain_pasture", "desert_post",
};

static const char *const kind_names[CATAN_MAX_CARD_KINDS] = {
	"lumber", "brick", "wool", "grain", "ore", "kind5", "kind6", "kind7",
};

static const char *const site_names[CATAN_SITE_KIND_COUNT] = {
	NULL, "bridge", "x", "river", "fishing_ground", "city_space", "chip_space",
	"warehouse", "start", "double_arrow", "area", "train_start", "robber_home",
};

const char *
catan_terrain_name(int terrain)
{
	return terrain >= 0 && terrain < CATAN_TERRAIN_COUNT ? terrain_names[terrain] : NULL;
}

const char *
catan_site_kind_name(int kind)
{
	return kind > 0 && kind < CATAN_SITE_KIND_COUNT ? site_names[kind] : NULL;
}

static const char *const corner_words[7] = { "n", "ne", "se", "s", "sw", "nw", "c" };

struct board_text {
	size_t size;            /* of this block */
	struct board_spec spec;
	/* the arrays follow in the same block */
};

const struct board_spec *
catan_board__text_spec(const struct board_text *t)
{
	return &t->spec;
}

void
catan_board__text_free(const catan_ctx *ctx, struct board_text *t)
{
	if (t)
		catan__free(ctx, t, t->size);
}

/* ------------------------------------------------------------- parsing */

struct counts {
	size_t hex, trade, plaza, glue, site, loc, names;
};

struct parser {
	const char *line;       /* the current line */
	size_t len;
	size_t pos;
	unsigned lineno;
	char *why;
	size_t cap;
	/* NULL while counting */
	struct board_text *out;
	struct counts n;        /* filled so far */
	struct board_hex_spec *hexes;
	struct board_harbor_spec *trades;
	struct board_plaza_spec *plazas;
	struct board_glue_spec *glue;
	struct board_site_spec *sites;
	struct board_ref *refs;
	char *names;
};

static int
bad(struct parser *p, const char *what, const char *word)
{
	snprintf(p->why, p->cap, "line %u: %s '%.20s%s'", p->lineno, what, word,
		 strlen(word) > 20 ? "..." : "");
	return CATAN_EPARSE;
}

/* The next word of the line (words are split by single spaces), or "". */
static bool
next_word(struct parser *p, char word[WORD_MAX])
{
	size_t n = 0;

	if (p->pos >= p->len)
		return word[0] = '\0', false;
	while (p->pos < p->len && p->line[p->pos] != ' ') {
		if (n + 1 < WORD_MAX)
			word[n] = p->line[p->pos];
		n++;
		p->pos++;
	}
	if (p->pos < p->len)
		p->pos++;
	/* a word too long for any name is cut, and named as cut */
	if (n >= WORD_MAX) {
		n = WORD_MAX - 1;
		word[n - 1] = '~';
	}
	word[n] = '\0';
	return true;
}

static int
index_of(const char *const *names, size_t n, const char *word)
{
	for (size_t i = 0; i < n; i++)
		if (names[i] && strcmp(names[i], word) == 0)
			return (int)i;
	return -1;
}

/* A decimal in [lo, hi], with a sign when lo < 0. */
static bool
integer(const char *w, long lo, long hi, long *out)
{
	char *end;
	long v;

	if (!*w || (*w != '-' && (*w < '0' || *w > '9')) || (*w == '-' && lo >= 0))
		return false;
	v = strtol(w, &end, 10);
	if (*end || v < lo || v > hi)
		return false;
	*out = v;
	return true;
}

/* "h<i>", with the rest after it in *rest. */
static bool
hex_word(const char *w, uint16_t *hex, const char **rest)
{
	long v = 0;
	size_t n = 1;

	if (w[0] != 'h' || w[1] < '0' || w[1] > '9')
		return false;
	while (w[n] >= '0' && w[n] <= '9') {
		v = v * 10 + (w[n] - '0');
		if (v >= (long)BOARD_NONE)
			return false;
		n++;
	}
	*hex = (uint16_t)v;
	*rest = w + n;
	return true;
}

/* The side "a-b" (adjacent corners) or -1. */
static int
side_word(const char *w)
{
	char a[4], b[4];
	const char *dash = strchr(w, '-');
	int c1, c2;

	if (!dash || dash - w > 3 || strlen(dash + 1) > 3)
		return -1;
	memcpy(a, w, (size_t)(dash - w));
	a[dash - w] = '\0';
	strcpy(b, dash + 1);
	c1 = index_of(corner_words, 6, a);
	c2 = index_of(corner_words, 6, b);
	if (c1 < 0 || c2 < 0)
		return -1;
	if ((c1 + 1) % 6 == c2)
		return c1;
	if ((c2 + 1) % 6 == c1)
		return c2;
	return -1;
}

/* A location as a board_ref: h<i>, h<i>.<corner>, h<i>.c, h<i>.<side>,
 * h<i>.c-<corner> (doc/notation.md). */
static bool
ref_word(const char *w, struct board_ref *ref)
{
	const char *rest;
	int c, s;

	if (!hex_word(w, &ref->hex, &rest))
		return false;
	if (*rest == '\0') {
		ref->kind = CATAN_LOC_HEX;
		ref->part = 0;
		return true;
	}
	if (*rest++ != '.')
		return false;
	c = index_of(corner_words, 7, rest);
	if (c >= 0) {
		ref->kind = CATAN_LOC_VERTEX;
		ref->part = (uint8_t)c;
		return true;
	}
	ref->kind = CATAN_LOC_EDGE;
	if (strncmp(rest, "c-", 2) == 0 && (c = index_of(corner_words, 6, rest + 2)) >= 0) {
		ref->part = (uint8_t)(BOARD_PART_PATH + c);
		return true;
	}
	s = side_word(rest);
	if (s < 0)
		return false;
	ref->part = (uint8_t)s;
	return true;
}

/* "key=value" with a known key: the value in *val. */
static bool
keyed(const char *w, const char *key, const char **val)
{
	size_t n = strlen(key);

	if (strncmp(w, key, n) != 0 || w[n] != '=')
		return false;
	*val = w + n + 1;
	return true;
}

static int
parse_hex(struct parser *p)
{
	char w[WORD_MAX];
	struct board_hex_spec h;
	const char *v;
	unsigned nnum = 0;
	long x, y;
	int t;

	memset(&h, 0, sizeof(h));
	if (!next_word(p, w) || !integer(w, -128, 127, &x))
		return bad(p, "a hex needs its column q (-128..127), not", w);
	if (!next_word(p, w) || !integer(w, -128, 127, &y))
		return bad(p, "a hex needs its row r (-128..127), not", w);
	if (!next_word(p, w) || (t = index_of(terrain_names, CATAN_TERRAIN_COUNT, w)) < 0)
		return bad(p, "no terrain", w);
	h.q = (int8_t)x;
	h.r = (int8_t)y;
	h.terrain = (uint8_t)t;
	while (next_word(p, w)) {
		if (integer(w, 0, 99, &x)) {
			if (nnum == BOARD_HEX_NUMBERS)
				return bad(p, "more than 4 numbers at", w);
			if (nnum == 0)
				h.number = (uint8_t)x;
			else
				h.more[nnum - 1] = (uint8_t)x;
			nnum++;
		} else if (keyed(w, "yield", &v)) {
			int k = index_of(kind_names, CATAN_MAX_CARD_KINDS, v);

			if (strcmp(v, "none") == 0)
				h.yield = BOARD_YIELD_NONE;
			else if (k >= 0)
				h.yield = (uint8_t)(k + 1);
			else
				return bad(p, "no card kind", v);
		} else if (keyed(w, "area", &v) && integer(v, 0, 255, &x)) {
			h.area = (uint8_t)x;
		} else if (keyed(w, "section", &v) && integer(v, 0, 255, &x)) {
			h.section = (uint8_t)x;
		} else {
			return bad(p, "a hex has no", w);
		}
	}
	if (p->out)
		p->hexes[p->n.hex] = h;
	p->n.hex++;
	return CATAN_OK;
}

static int
parse_trade(struct parser *p)
{
	char w[WORD_MAX];
	struct board_harbor_spec t;
	const char *rest;
	long x;
	int k, s;

	memset(&t, 0, sizeof(t));
	if (!next_word(p, w) || !hex_word(w, &t.hex, &rest) || *rest)
		return bad(p, "a trade site needs its hex h<i>, not", w);
	if (!next_word(p, w))
		return bad(p, "a trade site needs a side or 'inland', not", w);
	s = strcmp(w, "inland") == 0 ? BOARD_SIDE_INLAND : side_word(w);
	if (s < 0)
		return bad(p, "no side", w);
	t.side = (uint8_t)s;
	if (!next_word(p, w) || !integer(w, 1, 4, &x))
		return bad(p, "a trade site needs its rate 1..4, not", w);
	t.ratio = (uint8_t)x;
	if (!next_word(p, w))
		return bad(p, "a trade site needs a card kind or 'any', not", w);
	k = index_of(kind_names, CATAN_MAX_CARD_KINDS, w);
	if (k < 0 && strcmp(w, "any") != 0)
		return bad(p, "no card kind", w);
	t.resource = k < 0 ? CATAN_HARBOR_GENERIC : (uint8_t)k;
	if (next_word(p, w))
		return bad(p, "a trade site has nothing after its kind:", w);
	if (p->out)
		p->trades[p->n.trade] = t;
	p->n.trade++;
	return CATAN_OK;
}

static int
parse_plaza(struct parser *p)
{
	char w[WORD_MAX];
	struct board_plaza_spec z = { 0, 0 };
	const char *rest;
	int c;

	if (!next_word(p, w) || !hex_word(w, &z.hex, &rest) || *rest)
		return bad(p, "a plaza needs its hex h<i>, not", w);
	while (next_word(p, w)) {
		c = index_of(corner_words, 6, w);
		if (c < 0 || (z.corners >> c & 1u))
			return bad(p, c < 0 ? "no corner" : "a corner twice:", w);
		z.corners |= (uint8_t)(1u << c);
	}
	if (p->out)
		p->plazas[p->n.plaza] = z;
	p->n.plaza++;
	return CATAN_OK;
}

static int
parse_glue(struct parser *p)
{
	char w[WORD_MAX];
	struct board_glue_spec gl;
	const char *rest;
	int s;

	memset(&gl, 0, sizeof(gl));
	for (int i = 0; i < 2; i++) {
		uint16_t hex;

		if (!next_word(p, w) || !hex_word(w, &hex, &rest) || *rest)
			return bad(p, "glue needs a hex h<i>, not", w);
		if (!next_word(p, w) || (s = side_word(w)) < 0)
			return bad(p, "glue needs a side, not", w);
		if (i == 0) {
			gl.hex_a = hex;
			gl.side_a = (uint8_t)s;
		} else {
			gl.hex_b = hex;
			gl.side_b = (uint8_t)s;
		}
	}
	if (next_word(p, w))
		return bad(p, "glue has nothing after its second side:", w);
	if (p->out)
		p->glue[p->n.glue] = gl;
	p->n.glue++;
	return CATAN_OK;
}

static int
parse_site(struct parser *p)
{
	char w[WORD_MAX];
	struct board_site_spec st;
	const char *v;
	long x;
	int k;

	memset(&st, 0, sizeof(st));
	if (!next_word(p, w) || (k = index_of(site_names, CATAN_SITE_KIND_COUNT, w)) < 0)
		return bad(p, "no site kind", w);
	st.kind = (uint8_t)k;
	if (p->out)
		st.locs = p->refs + p->n.loc;
	while (next_word(p, w)) {
		struct board_ref ref;

		if (keyed(w, "value", &v) && integer(v, 0, 65535, &x)) {
			st.value = (uint16_t)x;
		} else if (keyed(w, "colour", &v) && integer(v, 0, 255, &x)) {
			st.colour = (uint8_t)x;
		} else if (keyed(w, "name", &v) && *v) {
			size_t len = strlen(v);

			if (p->out) {
				memcpy(p->names + p->n.names, v, len + 1);
				st.name = p->names + p->n.names;
			}
			p->n.names += len + 1;
		} else if (ref_word(w, &ref)) {
			if (st.nloc == UINT16_MAX)
				return bad(p, "too many locations at", w);
			if (p->out)
				p->refs[p->n.loc] = ref;
			p->n.loc++;
			st.nloc++;
		} else {
			return bad(p, "a site has no", w);
		}
	}
	if (st.nloc == 0)
		return bad(p, "a site covers locations: none given after", site_names[k]);
	if (p->out)
		p->sites[p->n.site] = st;
	p->n.site++;
	return CATAN_OK;
}

static int
parse_lines(struct parser *p, const char *text)
{
	char w[WORD_MAX];
	bool header = false;

	memset(&p->n, 0, sizeof(p->n));
	p->lineno = 0;
	for (const char *s = text; *s; ) {
		const char *end = strchr(s, '\n');
		size_t len = end ? (size_t)(end - s) : strlen(s);
		int rc = CATAN_OK;

		p->line = s;
		p->len = len;
		p->pos = 0;
		p->lineno++;
		s += len + (end ? 1 : 0);
		for (size_t i = 0; i < len; i++)
			if ((unsigned char)p->line[i] < 0x20)
				return bad(p, "a control character in", "the line");
		if (!header) {
			if (len != strlen(BOARD_TEXT_HEADER) ||
			    strncmp(p->line, BOARD_TEXT_HEADER, len) != 0)
				return bad(p, "the text starts with '" BOARD_TEXT_HEADER "', not",
					   len ? "another line" : "an empty line");
			header = true;
			continue;
		}
		if (len == 0 || p->line[0] == '#')
			continue;
		next_word(p, w);
		if (strcmp(w, "hex") == 0)
			rc = parse_hex(p);
		else if (strcmp(w, "trade") == 0)
			rc = parse_trade(p);
		else if (strcmp(w, "plaza") == 0)
			rc = parse_plaza(p);
		else if (strcmp(w, "glue") == 0)
			rc = parse_glue(p);
		else if (strcmp(w, "site") == 0)
			rc = parse_site(p);
		else
			rc = bad(p, "no such line", w);
		if (rc != CATAN_OK)
			return rc;
	}
	if (!header)
		return bad(p, "the text starts with '" BOARD_TEXT_HEADER "', not", "nothing");
	if (p->n.hex == 0)
		return bad(p, "a board has hexes: no 'hex' line after", BOARD_TEXT_HEADER);
	return CATAN_OK;
}

static size_t
align8(size_t n)
{
	return (n + 7u) & ~(size_t)7u;
}

int
catan_board__parse_text(const catan_ctx *ctx, const char *text, struct board_text **out,
			char *why, size_t cap)
{
	char scratch[1];
	struct parser p;
	struct counts n;
	size_t size, at;
	struct board_text *t;
	char *base;
	int rc;

	if (!why || cap == 0) {
		why = scratch;
		cap = sizeof(scratch);
	}
	*out = NULL;
	memset(&p, 0, sizeof(p));
	p.why = why;
	p.cap = cap;
	rc = parse_lines(&p, text);
	if (rc != CATAN_OK)
		return rc;
	n = p.n;
	size = align8(sizeof(*t)) + align8(n.hex * sizeof(*p.hexes)) +
	       align8(n.trade * sizeof(*p.trades)) + align8(n.plaza * sizeof(*p.plazas)) +
	       align8(n.glue * sizeof(*p.glue)) + align8(n.site * sizeof(*p.sites)) +
	       align8(n.loc * sizeof(*p.refs)) + align8(n.names + 1);
	t = catan__calloc(ctx, size);
	if (!t)
		return CATAN_ENOMEM;
	t->size = size;
	base = (char *)t;
	at = align8(sizeof(*t));
#define TAKE(field, count) \
	(p.field = (void *)(base + at), at += align8((count) * sizeof(*p.field)))
	TAKE(hexes, n.hex);
	TAKE(trades, n.trade);
	TAKE(plazas, n.plaza);
	TAKE(glue, n.glue);
	TAKE(sites, n.site);
	TAKE(refs, n.loc);
#undef TAKE
	p.names = base + at;
	p.out = t;
	rc = parse_lines(&p, text);
	if (rc != CATAN_OK) {
		catan_board__text_free(ctx, t);
		return rc;
	}
	t->spec = (struct board_spec){
		p.hexes, n.hex, p.trades, n.trade, p.sites, n.site,
		p.plazas, n.plaza, p.glue, n.glue,
	};
	*out = t;
	return CATAN_OK;
}

/* ---------------------------------------------------------- formatting */

static void
put_hex(struct catan_text *o, const struct board_hex *h)
{
	unsigned nums[BOARD_HEX_NUMBERS], n = catan_board__hex_numbers(h, nums);
	int dflt = catan_board__terrain_yield(h->terrain);

	catan_text__put(o, "hex %d %d %s", h->q, h->r, terrain_names[h->terrain]);
	for (unsigned i = 0; i < n; i++)
		catan_text__put(o, " %u", nums[i]);
	/* the yield where it is not the terrain's, or where numbers need
	 * the spec's say */
	if (h->resource != dflt || (n > 0 && !catan_board__terrain_numbered(h->terrain)))
		catan_text__put(o, " yield=%s", h->resource < 0 ? "none" : kind_names[h->resource]);
	if (h->area)
		catan_text__put(o, " area=%u", (unsigned)h->area);
	if (h->section)
		catan_text__put(o, " section=%u", (unsigned)h->section);
	catan_text__put(o, "\n");
}

static const char *
side_text(unsigned side, char buf[8])
{
	snprintf(buf, 8, "%s-%s", corner_words[side], corner_words[(side + 1) % 6]);
	return buf;
}

int
catan_board__format_text(const struct board *b, char *buf, size_t cap, size_t *len_out)
{
	struct catan_text o = { buf, cap, 0, CATAN_OK };
	char s1[8], s2[8], loc[LOCATION_TEXT_MAX];

	if (cap > 0)
		buf[0] = '\0';
	catan_text__put(&o, BOARD_TEXT_HEADER "\n");
	for (unsigned i = 0; i < b->nhex; i++)
		put_hex(&o, &b->hex[i]);
	for (unsigned i = 0; i < b->nharbor; i++) {
		const struct board_harbor *t = &b->harbor[i];

		catan_text__put(&o, "trade h%u %s %u %s\n", (unsigned)t->hex,
		    t->side < 6 ? side_text(t->side, s1) : "inland", (unsigned)t->ratio,
		    t->resource == CATAN_HARBOR_GENERIC ? "any" :
		    t->resource < CATAN_MAX_CARD_KINDS ? kind_names[t->resource] : "?");
	}
	for (unsigned i = 0; i < b->nplaza; i++) {
		const struct board_vertex *pv = &b->vert[b->nvert - b->nplaza + i];
		const struct board_hex *h = &b->hex[pv->hex[0]];

		catan_text__put(&o, "plaza h%u", (unsigned)pv->hex[0]);
		for (unsigned c = 0; c < 6; c++)
			for (unsigned k = 0; k < pv->nadj; k++)
				if (pv->adj[k] == h->vert[c])
					catan_text__put(&o, " %s", corner_words[c]);
		catan_text__put(&o, "\n");
	}
	for (unsigned e = 0; e < b->nedge; e++) {
		const struct board_edge *ed = &b->edge[e];

		if (ed->flags & BOARD_EDGE_GLUED)
			catan_text__put(&o, "glue h%u %s h%u %s\n", (unsigned)ed->hex[0],
			    side_text(ed->hex_side[0], s1), (unsigned)ed->hex[1],
			    side_text(ed->hex_side[1], s2));
	}
	for (unsigned i = 0; i < b->nsite; i++) {
		const struct board_site *st = &b->site[i];

		catan_text__put(&o, "site %s", site_names[st->kind]);
		if (st->value)
			catan_text__put(&o, " value=%u", (unsigned)st->value);
		if (st->colour)
			catan_text__put(&o, " colour=%u", (unsigned)st->colour);
		if (st->name != UINT32_MAX)
			catan_text__put(&o, " name=%s", b->names + st->name);
		for (unsigned k = 0; k < st->nloc; k++)
			if (catan_location__format_board(b, st->loc_kind, b->site_loc[st->first + k],
							 loc) == CATAN_OK)
				catan_text__put(&o, " %s", loc);
		catan_text__put(&o, "\n");
	}
	return catan_text__finish(&o, len_out);
}

/* ------------------------------------------------------------ public API */

CATAN_API int
catan_board_text(const catan_game *g, char *buf, size_t cap, size_t *len_out)
{
	if (!g || (!buf && cap > 0))
		return CATAN_EINVAL;
	return catan_board__format_text(&g->board, buf, cap, len_out);
}

CATAN_API int
catan_ctx_set_board(catan_ctx *ctx, const char *text)
{
	struct board_text *t = NULL;
	struct board b;
	char why[160];
	int rc;

	if (!ctx)
		return CATAN_EINVAL;
	if (text) {
		rc = catan_board__parse_text(ctx, text, &t, why, sizeof(why));
		if (rc == CATAN_OK) {
			/* a board that builds, or none: the reason now, not at
			 * the first game */
			rc = catan_board__build_spec(&b, ctx, catan_board__text_spec(t), why,
						     sizeof(why));
			if (rc == CATAN_OK)
				catan_board__dispose(&b, ctx);
		}
		if (rc != CATAN_OK) {
			catan_board__text_free(ctx, t);
			catan__ctx_seterr(ctx, "board text: %s", rc == CATAN_ENOMEM ?
					  "out of memory" : why);
			return rc == CATAN_EPARSE ? CATAN_EPARSE : rc;
		}
	}
	if (ctx->board_text)
		catan_board__text_free(ctx, ctx->board_text);
	ctx->board_text = t;
	ctx->board = t ? catan_board__text_spec(t) : NULL;
	return CATAN_OK;
}
