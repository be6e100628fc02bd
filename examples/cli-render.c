/*
 * catanrules render: an SVG picture of a game's board or of a saved position.
 * SPDX-License-Identifier: MIT
 */

/*
 * Everything is placed from the topology API alone: hex centres from the
 * axial coordinates (pointy-top), intersections at the corners of the
 * hexes that list them, edges between their two intersections, harbors
 * off the middle of their coastal edge. A board of another variant draws
 * without any change here. The sea is the ring of hexes around the land.
 *
 * Sizes are in units of R, the distance from a hex's centre to a corner,
 * so the proportions hold whatever R is.
 */

#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define R 50.0			/* hex radius in SVG user units */
#define SQRT3 1.7320508075688772
#define MARGIN 16.0
#define PANEL_WIDTH 300.0
#define FONT "DejaVu Sans, Verdana, Helvetica, Arial, sans-serif"

struct point {
	double x, y;
};

struct axial {
	int q, r;
};

struct terrain_style {
	const char *name;
	const char *fill;
	const char *ink;	/* labels drawn on it */
};

/* Indexed by catan_terrain. */
static const struct terrain_style terrains[] = {
	{ "desert",    "#e4d09b", "#5b4a22" },
	{ "forest",    "#2f6b35", "#e8f2e0" },
	{ "hills",     "#b4532a", "#fbe6d8" },
	{ "pasture",   "#98c95c", "#29401a" },
	{ "fields",    "#e7bd3a", "#4d3a06" },
	{ "mountains", "#8c8f96", "#f1f2f4" },
	{ "sea",       "#3f7fb3", "#ffffff" },
	{ "lake",      "#5fa8d3", "#0d2f45" },
	{ "swamp",     "#5d6b3a", "#eef0d8" },
	{ "watering hole", "#d9b66b", "#3b2a0c" },
	{ "castle",    "#9e9aa6", "#1f1c24" },
	{ "quarry",    "#b7a58c", "#2b2216" },
	{ "glassworks", "#8fc7c1", "#11302c" },
	{ "castle",    "#a58cb7", "#1d1226" },
	{ "salt garden", "#e9eef2", "#33414c" },
	{ "salt mountain", "#c9ced6", "#2b3038" },
	{ "mountain forest", "#4b6b52", "#e8f2e0" },
	{ "mountain pasture", "#a9bd84", "#29401a" },
	{ "desert post", "#e4d09b", "#5b4a22" },
};
#define NUM_TERRAINS (sizeof(terrains) / sizeof(terrains[0]))
/* The legend always shows the box's terrains and the sea, and the others
 * where the board has them. */
#define BOX_TERRAINS 7

/* The terrain producing each resource, for harbor colours. */
static const uint32_t resource_terrain[CATAN_NUM_RESOURCES] = {
	CATAN_TERRAIN_FOREST, CATAN_TERRAIN_HILLS, CATAN_TERRAIN_PASTURE,
	CATAN_TERRAIN_FIELDS, CATAN_TERRAIN_MOUNTAINS,
};

struct player_style {
	const char *name;
	const char *fill;
	const char *ink;	/* text on the fill */
};

static const struct player_style players[] = {
	{ "red",    "#d62e36", "#ffffff" },
	{ "blue",   "#2360c4", "#ffffff" },
	{ "white",  "#f8f8f4", "#222222" },
	{ "orange", "#f08a1c", "#222222" },
	{ "green",  "#2f9e55", "#ffffff" },
	{ "brown",  "#7f5330", "#ffffff" },
	{ "purple", "#7d44a8", "#ffffff" },
	{ "teal",   "#16999a", "#ffffff" },
};
#define NUM_PLAYER_STYLES (sizeof(players) / sizeof(players[0]))

struct render {
	FILE *f;
	const catan_game *g;
	const catan_state *s;
	int observer;
	int labels;
	int panel;
	int nplayers;
	catan_board_counts counts;
	catan_hex_info *hexes;
	struct point *centre;		/* per hex */
	struct point *vertex;		/* per intersection */
	unsigned char *placed;		/* per intersection: position known */
	struct axial *sea;
	size_t nsea;
	double min_x, min_y, max_x, max_y;	/* board extent */
};

static void
usage(FILE *f)
{
	fprintf(f,
		"Usage: %s render (GAME | POSITION | FILE) [-o OUT.svg]\n"
		"                  [--observer p0|public|all] [--labels] [--board-only]\n"
		"Draw a board as SVG: hexes in terrain colours with their number\n"
		"tokens and ids, the sea with its harbors, the robber, and every\n"
		"settlement, city and road in its player's colour (p0 red, p1 blue,\n"
		"p2 white, p3 orange), with a panel of scores on the right.\n"
		"GAME is a game string ('base(seed=1)'): its initial position.\n"
		"POSITION is GAME@seed=S,steps=K: the position after K steps of\n"
		"'%s trace GAME --seed S'. FILE is a snapshot or history\n"
		"(catan_load; '-' is stdin), for instance one written by the\n"
		"'save' command of '%s play'.\n"
		"  -o OUT        write to OUT (default: standard output)\n"
		"  --observer X  what the panel reveals: a player's view (p0, ...),\n"
		"                public (default) or all (hands and hidden points)\n"
		"  --labels      also name every intersection and edge (h9.se,\n"
		"                h4.n-ne), as typed in notation\n"
		"  --board-only  leave out the panel and the caption\n"
		"  --board FILE  play the game on the board FILE describes in writing\n"
		"                (doc/boards.md): plazas, trading posts inland and\n"
		"                sites are drawn too\n",
		CLI_PROGRAM, CLI_PROGRAM, CLI_PROGRAM);
}

/* ------------------------------------------------------------ geometry */

static struct point
hex_centre(int q, int r)
{
	struct point p = { R * SQRT3 * ((double)q + (double)r / 2.0),
			   R * 1.5 * (double)r };

	return p;
}

/* Corner c (n, ne, se, s, sw, nw) of a hex centred on @c, at radius @rad. */
static struct point
corner(struct point c, int k, double rad)
{
	static const double dx[6] = { 0.0, SQRT3 / 2, SQRT3 / 2, 0.0,
				      -SQRT3 / 2, -SQRT3 / 2 };
	static const double dy[6] = { -1.0, -0.5, 0.5, 1.0, 0.5, -0.5 };
	struct point p = { c.x + rad * dx[k], c.y + rad * dy[k] };

	return p;
}

static struct point
lerp(struct point a, struct point b, double t)
{
	struct point p = { a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t };

	return p;
}

/* Axial step across side i (n-ne, ne-se, se-s, s-sw, sw-nw, nw-n). */
static struct axial
across(struct axial a, int side)
{
	static const int dq[6] = { 1, 1, 0, -1, -1, 0 };
	static const int dr[6] = { -1, 0, 1, 1, 0, -1 };
	struct axial b = { a.q + dq[side], a.r + dr[side] };

	return b;
}

static void
extend(struct render *rd, struct point p, double pad)
{
	if (p.x - pad < rd->min_x)
		rd->min_x = p.x - pad;
	if (p.x + pad > rd->max_x)
		rd->max_x = p.x + pad;
	if (p.y - pad < rd->min_y)
		rd->min_y = p.y - pad;
	if (p.y + pad > rd->max_y)
		rd->max_y = p.y + pad;
}

static int
is_land(const struct render *rd, struct axial a)
{
	for (unsigned i = 0; i < rd->counts.hexes; i++)
		if (rd->hexes[i].q == a.q && rd->hexes[i].r == a.r)
			return 1;
	return 0;
}

static int
is_sea(const struct render *rd, struct axial a)
{
	for (size_t i = 0; i < rd->nsea; i++)
		if (rd->sea[i].q == a.q && rd->sea[i].r == a.r)
			return 1;
	return 0;
}

/* Where the harbor's token sits: off the middle of its coastal edge. */
static int
harbor_spot(const struct render *rd, const catan_harbor_info *h,
	    struct point *token, struct point *a, struct point *b)
{
	struct point mid, c;
	double dx, dy;
	/* the centre-to-side distance of a regular hex; no libm needed */
	const double len = R * SQRT3 / 2;

	if (h->edge == CATAN_NONE || h->vertices[0] >= rd->counts.vertices ||
	    h->vertices[1] >= rd->counts.vertices ||
	    !rd->placed[h->vertices[0]] || !rd->placed[h->vertices[1]] ||
	    h->hex >= rd->counts.hexes)
		return -1;
	*a = rd->vertex[h->vertices[0]];
	*b = rd->vertex[h->vertices[1]];
	mid = lerp(*a, *b, 0.5);
	c = rd->centre[h->hex];
	dx = mid.x - c.x;
	dy = mid.y - c.y;
	token->x = mid.x + dx / len * 0.56 * R;
	token->y = mid.y + dy / len * 0.56 * R;
	return 0;
}

/* Read the board; CLI_EXIT_OK or an error already printed. */
static int
layout(struct render *rd)
{
	unsigned nh = rd->counts.hexes, nv = rd->counts.vertices;

	rd->hexes = calloc(nh ? nh : 1, sizeof(*rd->hexes));
	rd->centre = calloc(nh ? nh : 1, sizeof(*rd->centre));
	rd->vertex = calloc(nv ? nv : 1, sizeof(*rd->vertex));
	rd->placed = calloc(nv ? nv : 1, 1);
	rd->sea = calloc((size_t)nh * 6 + 1, sizeof(*rd->sea));
	if (!rd->hexes || !rd->centre || !rd->vertex || !rd->placed || !rd->sea)
		return cli_error("render: out of memory");
	if (nh == 0)
		return cli_error("render: the board has no hexes");
	rd->min_x = rd->min_y = 1e300;
	rd->max_x = rd->max_y = -1e300;
	for (unsigned i = 0; i < nh; i++) {
		catan_hex_info *h = &rd->hexes[i];

		if (catan_board_hex(rd->g, i, h) != CATAN_OK)
			return cli_error("render: cannot describe hex %u", i);
		rd->centre[i] = hex_centre(h->q, h->r);
		for (int k = 0; k < 6; k++) {
			unsigned v = h->vertices[k];

			if (v < nv && !rd->placed[v]) {
				rd->vertex[v] = corner(rd->centre[i], k, R);
				rd->placed[v] = 1;
			}
		}
		/* a plaza sits at its hex's centre */
		if (h->plaza < nv) {
			rd->vertex[h->plaza] = rd->centre[i];
			rd->placed[h->plaza] = 1;
		}
	}
	for (unsigned i = 0; i < nh; i++) {
		struct axial a = { rd->hexes[i].q, rd->hexes[i].r };

		for (int side = 0; side < 6; side++) {
			struct axial b = across(a, side);

			if (!is_land(rd, b) && !is_sea(rd, b))
				rd->sea[rd->nsea++] = b;
		}
	}
	for (unsigned i = 0; i < nh; i++)
		extend(rd, rd->centre[i], R);
	for (size_t i = 0; i < rd->nsea; i++)
		extend(rd, hex_centre(rd->sea[i].q, rd->sea[i].r), R);
	for (unsigned i = 0; i < rd->counts.harbors; i++) {
		catan_harbor_info h;
		struct point t, a, b;

		if (catan_board_harbor(rd->g, i, &h) == CATAN_OK &&
		    harbor_spot(rd, &h, &t, &a, &b) == 0)
			extend(rd, t, 0.32 * R);
	}
	return CLI_EXIT_OK;
}

/* ------------------------------------------------------------ output */

static void
put_escaped(FILE *f, const char *text)
{
	for (; *text; text++) {
		switch (*text) {
		case '&':
			fputs("&amp;", f);
			break;
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		case '"':
			fputs("&quot;", f);
			break;
		default:
			fputc(*text, f);
		}
	}
}

static void
hex_path(FILE *f, struct point c, double rad)
{
	for (int k = 0; k < 6; k++) {
		struct point p = corner(c, k, rad);

		fprintf(f, "%s%.1f,%.1f", k ? " L" : "M", p.x, p.y);
	}
	fputs(" Z", f);
}

static const struct terrain_style *
terrain_style(uint32_t terrain)
{
	return terrain < NUM_TERRAINS ? &terrains[terrain] : &terrains[0];
}

static const struct player_style *
player_style(int player)
{
	return &players[(size_t)player % NUM_PLAYER_STYLES];
}

static void
draw_defs(struct render *rd)
{
	FILE *f = rd->f;

	fprintf(f,
		"<defs>\n"
		"  <radialGradient id=\"shine\" cx=\"0.42\" cy=\"0.36\" r=\"0.7\">\n"
		"    <stop offset=\"0\" stop-color=\"#ffffff\" stop-opacity=\"0.28\"/>\n"
		"    <stop offset=\"0.65\" stop-color=\"#ffffff\" stop-opacity=\"0.04\"/>\n"
		"    <stop offset=\"1\" stop-color=\"#000000\" stop-opacity=\"0.10\"/>\n"
		"  </radialGradient>\n"
		"  <radialGradient id=\"token\" cx=\"0.4\" cy=\"0.35\" r=\"0.75\">\n"
		"    <stop offset=\"0\" stop-color=\"#fffaf0\"/>\n"
		"    <stop offset=\"1\" stop-color=\"#efdcb2\"/>\n"
		"  </radialGradient>\n"
		"  <filter id=\"shadow\" x=\"-30%%\" y=\"-30%%\" width=\"160%%\" height=\"160%%\">\n"
		"    <feGaussianBlur in=\"SourceAlpha\" stdDeviation=\"0.9\"/>\n"
		"    <feOffset dx=\"0.8\" dy=\"1.2\" result=\"blur\"/>\n"
		"    <feComponentTransfer><feFuncA type=\"linear\" slope=\"0.45\"/></feComponentTransfer>\n"
		"    <feMerge><feMergeNode/><feMergeNode in=\"SourceGraphic\"/></feMerge>\n"
		"  </filter>\n"
		"</defs>\n");
}

static void
draw_sea(struct render *rd)
{
	FILE *f = rd->f;

	/* a wide round-joined stroke softens the ring's outer corners */
	fprintf(f, "<g id=\"sea\" fill=\"#3f7fb3\" stroke=\"#3f7fb3\" stroke-width=\"%.1f\" stroke-linejoin=\"round\">\n",
		0.3 * R);
	for (size_t i = 0; i < rd->nsea; i++) {
		fputs("  <path d=\"", f);
		hex_path(f, hex_centre(rd->sea[i].q, rd->sea[i].r), R);
		fputs("\"/>\n", f);
	}
	fputs("</g>\n", f);
	/* A lighter wash around the coast: land hexes slightly enlarged. */
	fputs("<g id=\"shallows\" fill=\"#6fa7d2\">\n", f);
	for (unsigned i = 0; i < rd->counts.hexes; i++) {
		fputs("  <path d=\"", f);
		hex_path(f, rd->centre[i], R * 1.16);
		fputs("\"/>\n", f);
	}
	fputs("</g>\n", f);
}

static void
draw_harbors(struct render *rd)
{
	FILE *f = rd->f;

	fputs("<g id=\"harbors\">\n", f);
	for (unsigned i = 0; i < rd->counts.harbors; i++) {
		catan_harbor_info h;
		struct point t, a, b, pa, pb;
		const char *fill = "#fbf8ef", *ink = "#333333", *what = NULL;

		if (catan_board_harbor(rd->g, i, &h) != CATAN_OK ||
		    harbor_spot(rd, &h, &t, &a, &b) != 0)
			continue;
		if (h.resource != CATAN_HARBOR_GENERIC) {
			what = catan_resource_name((int)h.resource);
			if (h.resource < CATAN_NUM_RESOURCES) {
				uint32_t tt = resource_terrain[h.resource];
				const struct terrain_style *ts =
					terrain_style(tt);

				fill = ts->fill;
				ink = ts->ink;
			}
		}
		pa = lerp(a, t, 0.62);
		pb = lerp(b, t, 0.62);
		fprintf(f, "  <g>\n"
			"    <path d=\"M%.1f,%.1f L%.1f,%.1f M%.1f,%.1f L%.1f,%.1f\" stroke=\"#6e4f2c\" stroke-width=\"%.1f\" stroke-linecap=\"round\"/>\n"
			"    <path d=\"M%.1f,%.1f L%.1f,%.1f M%.1f,%.1f L%.1f,%.1f\" stroke=\"#c9a46c\" stroke-width=\"%.1f\" stroke-linecap=\"round\"/>\n",
			lerp(a, t, 0.12).x, lerp(a, t, 0.12).y, pa.x, pa.y,
			lerp(b, t, 0.12).x, lerp(b, t, 0.12).y, pb.x, pb.y,
			0.11 * R,
			lerp(a, t, 0.12).x, lerp(a, t, 0.12).y, pa.x, pa.y,
			lerp(b, t, 0.12).x, lerp(b, t, 0.12).y, pb.x, pb.y,
			0.06 * R);
		fprintf(f, "    <circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\" stroke=\"#2b3a48\" stroke-width=\"1.5\" filter=\"url(#shadow)\"/>\n",
			t.x, t.y, 0.3 * R, fill);
		if (what) {
			fprintf(f, "    <text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" font-weight=\"bold\" fill=\"%s\" text-anchor=\"middle\">%u:1</text>\n",
				t.x, t.y + 0.02 * R, 0.2 * R, ink,
				(unsigned)h.ratio);
			fprintf(f, "    <text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" fill=\"%s\" text-anchor=\"middle\">",
				t.x, t.y + 0.19 * R, 0.12 * R, ink);
			put_escaped(f, what);
			fputs("</text>\n", f);
		} else {
			fprintf(f, "    <text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" font-weight=\"bold\" fill=\"%s\" text-anchor=\"middle\">%u:1</text>\n",
				t.x, t.y + 0.02 * R, 0.2 * R, ink,
				(unsigned)h.ratio);
			fprintf(f, "    <text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" fill=\"%s\" text-anchor=\"middle\">any</text>\n",
				t.x, t.y + 0.19 * R, 0.12 * R, ink);
		}
		fputs("  </g>\n", f);
	}
	fputs("</g>\n", f);
}

static void
draw_land(struct render *rd)
{
	FILE *f = rd->f;

	fputs("<g id=\"land\">\n", f);
	for (unsigned i = 0; i < rd->counts.hexes; i++) {
		const struct terrain_style *ts =
			terrain_style(rd->hexes[i].terrain);

		fprintf(f, "  <path fill=\"%s\" stroke=\"#f1e4bf\" stroke-width=\"%.1f\" stroke-linejoin=\"round\" d=\"",
			ts->fill, 0.07 * R);
		hex_path(f, rd->centre[i], R * 0.985);
		fputs("\"/>\n  <path fill=\"url(#shine)\" d=\"", f);
		hex_path(f, rd->centre[i], R * 0.95);
		fputs("\"/>\n", f);
	}
	fputs("</g>\n", f);
}

static void
draw_tokens(struct render *rd)
{
	FILE *f = rd->f;

	fputs("<g id=\"tokens\" text-anchor=\"middle\">\n", f);
	for (unsigned i = 0; i < rd->counts.hexes; i++) {
		const catan_hex_info *h = &rd->hexes[i];
		const struct terrain_style *ts = terrain_style(h->terrain);
		struct point c = rd->centre[i];
		unsigned n = h->nnumbers > 1 ? 0 : (unsigned)h->number;

		/*
		 * Id at the top, terrain name at the bottom; with labels the
		 * rim belongs to the intersection and edge names, so both
		 * move in next to the token.
		 */
		fprintf(f, "  <text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" font-weight=\"bold\" fill=\"%s\" fill-opacity=\"0.9\">h%u</text>\n",
			c.x, c.y - (rd->labels ? 0.36 : 0.52) * R,
			(rd->labels ? 0.15 : 0.19) * R, ts->ink, i);
		fprintf(f, "  <text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" fill=\"%s\" fill-opacity=\"0.85\">",
			c.x, c.y + (rd->labels ? 0.43 : 0.66) * R,
			(rd->labels ? 0.11 : 0.13) * R, ts->ink);
		put_escaped(f, ts->name);
		fputs("</text>\n", f);
		if (n >= 2 && n <= 12) {
			int pips = 6 - abs(7 - (int)n);
			const char *ink = n == 6 || n == 8 ? "#c62828" : "#262626";

			fprintf(f, "  <circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"url(#token)\" stroke=\"#7a6440\" stroke-width=\"1.2\" filter=\"url(#shadow)\"/>\n",
				c.x, c.y, 0.3 * R);
			fprintf(f, "  <text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" font-weight=\"bold\" fill=\"%s\">%u</text>\n",
				c.x, c.y + 0.07 * R,
				(n == 6 || n == 8 ? 0.27 : 0.24) * R, ink, n);
			for (int k = 0; k < pips; k++)
				fprintf(f, "  <circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\"/>\n",
					c.x + ((double)k - (pips - 1) / 2.0) *
					0.075 * R, c.y + 0.18 * R, 0.028 * R,
					ink);
		} else if (h->nnumbers > 1) {
			/* several numbers (a lake): all of them on one token */
			char text[24] = "";
			size_t len = 0;

			for (unsigned k = 0; k < h->nnumbers && len < sizeof(text); k++)
				len += (size_t)snprintf(text + len, sizeof(text) - len, "%s%u",
							k ? "/" : "", (unsigned)h->numbers[k]);
			fprintf(f, "  <rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"%.1f\" fill=\"url(#token)\" stroke=\"#7a6440\" stroke-width=\"1.2\"/>\n",
				c.x - 0.42 * R, c.y - 0.16 * R, 0.84 * R, 0.32 * R, 0.14 * R);
			fprintf(f, "  <text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" font-weight=\"bold\" fill=\"#262626\">%s</text>\n",
				c.x, c.y + 0.06 * R, 0.17 * R, text);
		} else if (n != 0) {
			fprintf(f, "  <circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"url(#token)\" stroke=\"#7a6440\" stroke-width=\"1.2\"/>\n",
				c.x, c.y, 0.3 * R);
			fprintf(f, "  <text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" font-weight=\"bold\" fill=\"#262626\">%u</text>\n",
				c.x, c.y + 0.08 * R, 0.24 * R, n);
		}
	}
	fputs("</g>\n", f);
}

/* Plazas and their interior paths (T&B), trading posts inland, and the
 * marks and sites, each a small disc with its kind's letter. */
static int
legend_shows(const struct render *rd, uint32_t t)
{
	if (t < BOX_TERRAINS)
		return 1;
	for (unsigned i = 0; i < rd->counts.hexes; i++)
		if (rd->hexes[i].terrain == t)
			return 1;
	return 0;
}

static unsigned
legend_terrains(const struct render *rd)
{
	unsigned n = 0;

	for (uint32_t t = 0; t < NUM_TERRAINS; t++)
		n += (unsigned)legend_shows(rd, t);
	return n;
}

static void
draw_board_v2(struct render *rd)
{
	static const char letters[] = "?BXRFCHWSDATO";
	FILE *f = rd->f;
	int inland = 0;

	for (unsigned i = 0; i < rd->counts.harbors; i++) {
		catan_harbor_info t;

		inland |= catan_board_harbor(rd->g, i, &t) == CATAN_OK && t.edge == CATAN_NONE;
	}
	/* the standard island's picture stays as it was */
	if (!inland && rd->counts.plazas == 0 && rd->counts.sites == 0)
		return;

	fputs("<g id=\"plazas\" stroke=\"#5b4a22\" stroke-width=\"2\" stroke-dasharray=\"4 3\">\n", f);
	for (unsigned e = 0; e < rd->counts.edges; e++) {
		catan_edge_info info;
		struct point a, b;

		if (catan_board_edge(rd->g, e, &info) != CATAN_OK ||
		    !(info.flags & CATAN_BOARD_INTERIOR))
			continue;
		a = rd->vertex[info.vertices[0]];
		b = rd->vertex[info.vertices[1]];
		fprintf(f, "  <path d=\"M%.1f,%.1f L%.1f,%.1f\"/>\n", a.x, a.y, b.x, b.y);
	}
	for (unsigned h = 0; h < rd->counts.hexes; h++)
		if (rd->hexes[h].plaza != CATAN_NONE)
			fprintf(f, "  <circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"#f4efe0\" stroke-dasharray=\"none\"/>\n",
				rd->centre[h].x, rd->centre[h].y + 0.3 * R, 0.1 * R);
	fputs("</g>\n<g id=\"trading-posts\" text-anchor=\"middle\">\n", f);
	for (unsigned i = 0; i < rd->counts.harbors; i++) {
		catan_harbor_info t;
		struct point c;

		if (catan_board_harbor(rd->g, i, &t) != CATAN_OK || t.edge != CATAN_NONE ||
		    t.hex >= rd->counts.hexes)
			continue;
		c = rd->centre[t.hex];
		fprintf(f, "  <rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#7a4b1e\" stroke=\"#3b240e\"/>\n",
			c.x - 0.25 * R, c.y - 0.18 * R, 0.5 * R, 0.32 * R);
		fprintf(f, "  <text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" fill=\"#ffffff\">%u:1%s%s</text>\n",
			c.x, c.y + 0.05 * R, 0.13 * R, (unsigned)t.ratio,
			t.resource == CATAN_HARBOR_GENERIC ? "" : " ",
			t.resource == CATAN_HARBOR_GENERIC ? "" :
			catan_resource_name((int)t.resource) ? catan_resource_name((int)t.resource) : "?");
	}
	fprintf(f, "</g>\n<g id=\"sites\" text-anchor=\"middle\" font-size=\"%.1f\" font-weight=\"bold\">\n",
		0.12 * R);
	for (unsigned i = 0; i < rd->counts.sites; i++) {
		catan_site_info si;

		if (catan_board_site(rd->g, i, &si) != CATAN_OK)
			continue;
		for (unsigned k = 0; k < si.nlocations; k++) {
			unsigned id = si.locations[k];
			struct point p;

			if (si.location_kind == CATAN_LOC_HEX && id < rd->counts.hexes) {
				p = rd->centre[id];
				p.y -= 0.3 * R;
			} else if (si.location_kind == CATAN_LOC_VERTEX && id < rd->counts.vertices &&
				   rd->placed[id]) {
				p = rd->vertex[id];
			} else if (si.location_kind == CATAN_LOC_EDGE) {
				catan_edge_info info;

				if (catan_board_edge(rd->g, id, &info) != CATAN_OK)
					continue;
				p = lerp(rd->vertex[info.vertices[0]], rd->vertex[info.vertices[1]], 0.5);
			} else {
				continue;
			}
			fprintf(f, "  <circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"#fff8d6\" stroke=\"#6b5310\"/>\n",
				p.x, p.y, 0.09 * R);
			fprintf(f, "  <text x=\"%.1f\" y=\"%.1f\" fill=\"#6b5310\">%c</text>\n",
				p.x, p.y + 0.04 * R,
				si.kind < sizeof(letters) - 1 ? letters[si.kind] : '?');
		}
	}
	fputs("</g>\n", f);
}

static void
draw_robber(struct render *rd)
{
	FILE *f = rd->f;
	int hex = catan_state_robber(rd->s);
	struct point c;
	double u = R / 50.0;

	if (hex < 0 || (unsigned)hex >= rd->counts.hexes)
		return;
	c = rd->centre[hex];
	if (rd->hexes[hex].number)
		c.x += 0.5 * R;
	else
		c.y -= 0.08 * R;
	/* a pawn: head, body and base */
	fprintf(f, "<g id=\"robber\" transform=\"translate(%.1f,%.1f) scale(%.3f)\" fill=\"#3b3b40\" stroke=\"#111111\" stroke-width=\"1.2\" filter=\"url(#shadow)\">\n"
		"  <path d=\"M-7,13 C-8,6 -6,0 -3.5,-3 C-6,-5 -6.5,-9 -4.5,-11.5 C-2.5,-14 2.5,-14 4.5,-11.5 C6.5,-9 6,-5 3.5,-3 C6,0 8,6 7,13 Z\"/>\n"
		"  <rect x=\"-9\" y=\"12\" width=\"18\" height=\"5\" rx=\"2\"/>\n"
		"</g>\n", c.x, c.y + 1.0 * u, u);
}

static void
draw_roads(struct render *rd)
{
	FILE *f = rd->f;

	fputs("<g id=\"roads\" stroke-linecap=\"round\">\n", f);
	for (unsigned e = 0; e < rd->counts.edges; e++) {
		catan_edge_info info;
		struct point a, b;
		int owner = -1;

		if (catan_state_edge_piece(rd->s, e, &owner) !=
		    CATAN_PIECE_ROAD || owner < 0 ||
		    catan_board_edge(rd->g, e, &info) != CATAN_OK ||
		    info.vertices[0] >= rd->counts.vertices ||
		    info.vertices[1] >= rd->counts.vertices ||
		    !rd->placed[info.vertices[0]] ||
		    !rd->placed[info.vertices[1]])
			continue;
		a = lerp(rd->vertex[info.vertices[0]],
			 rd->vertex[info.vertices[1]], 0.16);
		b = lerp(rd->vertex[info.vertices[0]],
			 rd->vertex[info.vertices[1]], 0.84);
		fprintf(f, "  <path d=\"M%.1f,%.1f L%.1f,%.1f\" stroke=\"#1d1d1d\" stroke-width=\"%.1f\"/>\n",
			a.x, a.y, b.x, b.y, 0.17 * R);
		fprintf(f, "  <path d=\"M%.1f,%.1f L%.1f,%.1f\" stroke=\"%s\" stroke-width=\"%.1f\"/>\n",
			a.x, a.y, b.x, b.y, player_style(owner)->fill,
			0.11 * R);
	}
	fputs("</g>\n", f);
}

static void
building(FILE *f, struct point p, int piece, const char *fill, double scale)
{
	/* outlines in units of 1/50 R around the intersection */
	static const char settlement[] =
		"M-7,7 L-7,-2 L0,-9 L7,-2 L7,7 Z";
	static const char city[] =
		"M-12,8 L-12,-4 L-5.5,-11 L1,-4 L1,-1 L12,-1 L12,8 Z";

	fprintf(f, "  <path transform=\"translate(%.1f,%.1f) scale(%.3f)\" d=\"%s\" fill=\"%s\" stroke=\"#1d1d1d\" stroke-width=\"1.6\" stroke-linejoin=\"round\" filter=\"url(#shadow)\"/>\n",
		p.x, p.y, scale, piece == CATAN_PIECE_CITY ? city : settlement,
		fill);
}

static void
draw_buildings(struct render *rd)
{
	FILE *f = rd->f;

	fputs("<g id=\"buildings\">\n", f);
	for (unsigned v = 0; v < rd->counts.vertices; v++) {
		int owner = -1;
		int piece = catan_state_vertex_piece(rd->s, v, &owner);

		if ((piece != CATAN_PIECE_SETTLEMENT &&
		     piece != CATAN_PIECE_CITY) || owner < 0 ||
		    !rd->placed[v])
			continue;
		building(f, rd->vertex[v], piece, player_style(owner)->fill,
			 R / 50.0 * 1.25);
	}
	fputs("</g>\n", f);
}

/* The lowest-numbered land hex among @hexes (canonical naming hex). */
static unsigned
first_hex(const uint16_t *hexes, int n, unsigned nhexes)
{
	unsigned best = CATAN_NONE;

	for (int i = 0; i < n; i++)
		if (hexes[i] < nhexes && hexes[i] < best)
			best = hexes[i];
	return best;
}

/*
 * Every intersection and edge named as in notation, written just inside
 * the hex that gives the canonical name, so each label sits with its hex.
 */
static void
draw_labels(struct render *rd)
{
	FILE *f = rd->f;
	char name[48];

	fprintf(f, "<g id=\"labels\" font-size=\"%.1f\" text-anchor=\"middle\" fill=\"#111111\" stroke=\"#ffffff\" stroke-width=\"2.2\" stroke-opacity=\"0.85\" stroke-linejoin=\"round\" paint-order=\"stroke\">\n",
		0.11 * R);
	for (unsigned v = 0; v < rd->counts.vertices; v++) {
		catan_vertex_info info;
		unsigned h;
		struct point p;

		if (!rd->placed[v] ||
		    catan_board_vertex(rd->g, v, &info) != CATAN_OK)
			continue;
		h = first_hex(info.hexes, 3, rd->counts.hexes);
		if (h == CATAN_NONE)
			continue;
		p = lerp(rd->vertex[v], rd->centre[h], 0.24);
		fprintf(f, "  <text x=\"%.1f\" y=\"%.1f\">", p.x,
			p.y + 0.04 * R);
		put_escaped(f, cli_location_text(rd->g, CATAN_LOC_VERTEX, v,
						 name, sizeof(name)));
		fputs("</text>\n", f);
	}
	fprintf(f, "</g>\n<g id=\"edge-labels\" font-size=\"%.1f\" text-anchor=\"middle\" fill=\"#3a1d6e\" stroke=\"#ffffff\" stroke-width=\"2\" stroke-opacity=\"0.85\" stroke-linejoin=\"round\" paint-order=\"stroke\" font-style=\"italic\">\n",
		0.095 * R);
	for (unsigned e = 0; e < rd->counts.edges; e++) {
		catan_edge_info info;
		unsigned h;
		struct point p;

		if (catan_board_edge(rd->g, e, &info) != CATAN_OK ||
		    info.vertices[0] >= rd->counts.vertices ||
		    info.vertices[1] >= rd->counts.vertices ||
		    !rd->placed[info.vertices[0]] ||
		    !rd->placed[info.vertices[1]])
			continue;
		h = first_hex(info.hexes, 2, rd->counts.hexes);
		if (h == CATAN_NONE)
			continue;
		p = lerp(lerp(rd->vertex[info.vertices[0]],
			      rd->vertex[info.vertices[1]], 0.5),
			 rd->centre[h], 0.2);
		fprintf(f, "  <text x=\"%.1f\" y=\"%.1f\">", p.x,
			p.y + 0.035 * R);
		put_escaped(f, cli_location_text(rd->g, CATAN_LOC_EDGE, e,
						 name, sizeof(name)));
		fputs("</text>\n", f);
	}
	fputs("</g>\n", f);
}

/* ------------------------------------------------------------ panel */

static void
text_line(FILE *f, double x, double y, double size, const char *weight,
	  const char *fill, const char *text)
{
	fprintf(f, "  <text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" font-weight=\"%s\" fill=\"%s\">",
		x, y, size, weight, fill);
	put_escaped(f, text);
	fputs("</text>\n", f);
}

/* "lumber 2 · ore 1" or "none". */
static void
cards_line(const catan_game *g, const uint8_t *v, int dev, char *buf, size_t cap)
{
	int n = dev ? CATAN_MAX_DEV_KINDS : CATAN_MAX_CARD_KINDS;
	size_t len = 0;

	buf[0] = '\0';
	for (int k = 0; k < n && len < cap; k++) {
		const char *name = dev ? catan_game_dev_kind_name(g, k) :
				   catan_game_card_kind_name(g, k);
		int w;

		if (v[k] == 0)
			continue;
		w = snprintf(buf + len, cap - len, "%s%s %u",
			     len ? ", " : "", name ? name : "?", v[k]);
		if (w < 0)
			break;
		len += (size_t)w;
	}
	if (len == 0)
		snprintf(buf, cap, "none");
}

static const char *
observer_text(int observer, char *buf, size_t cap)
{
	if (observer == CATAN_OBSERVER_PUBLIC)
		return "a spectator";
	if (observer == CATAN_OBSERVER_ALL)
		return "the referee";
	snprintf(buf, cap, "p%d", observer);
	return buf;
}

static double
row_height(int known)
{
	return known ? 72.0 : 58.0;
}

/* Height of the panel for this observer, as draw_panel() lays it out. */
/* The rule modules' part of the position, as lines of the panel. */
#define MODULE_LINES 24
#define MODULE_LINE_CHARS 48
struct module_lines {
	char text[MODULE_LINES][MODULE_LINE_CHARS];
	int n;
};

/* Append "@head: @item" to @ml, or " · @item" to its last line while the
 * line has room and names the same @head. */
static void
module_line_add(struct module_lines *ml, const char *head, const char *item, char *last_head,
		size_t head_cap)
{
	char *line = ml->n ? ml->text[ml->n - 1] : NULL;
	size_t len = line ? strlen(line) : 0;

	if (line && !strcmp(last_head, head) && len + strlen(item) + 4 < MODULE_LINE_CHARS) {
		snprintf(line + len, MODULE_LINE_CHARS - len, " \xc2\xb7 %s", item);
		return;
	}
	if (ml->n >= MODULE_LINES)
		return;
	snprintf(ml->text[ml->n++], MODULE_LINE_CHARS, "%s: %s", head, item);
	snprintf(last_head, head_cap, "%s", head);
}

/*
 * The counters, holdings and supplies of the observer's observation text
 * ("counter strongest_ports 2", "holding gold p0 3", "supply fish 20"):
 * what the rule modules add, drawn in the panel.
 */
static void
module_lines_get(struct render *rd, struct module_lines *ml)
{
	char last[MODULE_LINE_CHARS] = "";
	size_t len = 0;
	char *text;

	ml->n = 0;
	if (catan_state_observation_string(rd->s, rd->observer, NULL, 0, &len) != CATAN_EBUFS ||
	    (text = malloc(len + 1)) == NULL)
		return;
	if (catan_state_observation_string(rd->s, rd->observer, text, len + 1, NULL) == CATAN_OK) {
		for (char *line = text, *end; line && *line; line = end ? end + 1 : NULL) {
			char w[3][MODULE_LINE_CHARS] = { "", "", "" }, item[MODULE_LINE_CHARS * 2];
			int n;

			end = strchr(line, '\n');
			if (end)
				*end = '\0';
			n = sscanf(line, "%*s %47s %47s %47s", w[0], w[1], w[2]);
			if (!strncmp(line, "counter ", 8) && n == 3 && w[1][0] == 'p') {
				/* a player's counter: "counter damaged_roads p1 0" */
				snprintf(item, sizeof(item), "%s %s", w[1], w[2]);
				module_line_add(ml, w[0], item, last, sizeof(last));
			} else if (!strncmp(line, "counter ", 8) && n == 2) {
				snprintf(item, sizeof(item), "%s %s", w[0], w[1]);
				module_line_add(ml, "counters", item, last, sizeof(last));
			} else if (!strncmp(line, "holding ", 8) && n == 3) {
				snprintf(item, sizeof(item), "%s %s", w[1], w[2]);
				module_line_add(ml, w[0], item, last, sizeof(last));
			} else if (!strncmp(line, "supply ", 7) && n >= 2) {
				snprintf(item, sizeof(item), "supply %s", w[1]);
				module_line_add(ml, w[0], item, last, sizeof(last));
			}
		}
	}
	free(text);
}

static double
panel_height(struct render *rd)
{
	catan_observation o;
	struct module_lines ml;
	double h = 98 + 22 + 8 + 8 + ((legend_terrains(rd) + 1) / 2) * 22.0 + 6;

	module_lines_get(rd, &ml);
	if (ml.n)
		h += 20 + 14.0 * ml.n + 8;
	memset(&o, 0, sizeof(o));
	o.version = CATAN_OBSERVATION_VERSION;
	if (catan_state_observe(rd->s, rd->observer, &o) != CATAN_OK)
		return h;
	for (int q = 0; q < rd->nplayers && q < CATAN_MAX_PLAYERS; q++)
		h += row_height((o.players[q].flags &
				 (CATAN_VIEW_CARDS_KNOWN |
				  CATAN_VIEW_DEV_KNOWN)) != 0) + 8;
	return h;
}

/* Scores and holdings as the observer knows them, from x0. Returns the
 * height used. */
static double
draw_panel(struct render *rd, double x0, double y0)
{
	FILE *f = rd->f;
	catan_observation o;
	char line[320], who[32], tb[32];
	double y = y0;
	int phase = catan_state_phase(rd->s);

	memset(&o, 0, sizeof(o));
	o.version = CATAN_OBSERVATION_VERSION;
	if (catan_state_observe(rd->s, rd->observer, &o) != CATAN_OK)
		return 0;
	fputs("<g id=\"panel\">\n", f);
	snprintf(line, sizeof(line), "%s \xc2\xb7 %d players",
		 catan_game_variant(rd->g), rd->nplayers);
	text_line(f, x0, y + 18, 20, "bold", "#1f2a33", line);
	y += 40;
	if (catan_state_is_terminal(rd->s)) {
		if (o.winner >= 0)
			snprintf(line, sizeof(line),
				 "Game over after turn %u: p%d wins", o.turn,
				 o.winner);
		else
			snprintf(line, sizeof(line),
				 "Game over after turn %u, no winner", o.turn);
	} else if (o.turn == 0) {
		snprintf(line, sizeof(line), "Set-up, %s to place",
			 cli_player_name(catan_state_current_player(rd->s), tb,
					 sizeof(tb)));
	} else {
		size_t len;

		snprintf(line, sizeof(line), "Turn %u \xc2\xb7 p%d to play",
			 o.turn, o.turn_player);
		len = strlen(line);
		if (o.dice)
			snprintf(line + len, sizeof(line) - len,
				 " \xc2\xb7 rolled %u", o.dice);
	}
	text_line(f, x0, y, 13, "normal", "#1f2a33", line);
	y += 18;
	snprintf(line, sizeof(line), "Phase %s \xc2\xb7 action %u",
		 catan_state_phase_name(rd->s, phase),
		 catan_state_move_number(rd->s));
	text_line(f, x0, y, 11, "normal", "#52606b", line);
	y += 16;
	snprintf(line, sizeof(line), "Seen by %s \xc2\xb7 %d points win",
		 observer_text(rd->observer, who, sizeof(who)),
		 catan_game_vp_to_win(rd->g));
	text_line(f, x0, y, 11, "normal", "#52606b", line);
	y += 24;

	for (int q = 0; q < rd->nplayers && q < CATAN_MAX_PLAYERS; q++) {
		const catan_player_view *v = &o.players[q];
		const struct player_style *ps = player_style(q);
		struct point icon = { x0 + 12, y + 6 };
		int known = (v->flags & (CATAN_VIEW_CARDS_KNOWN |
					 CATAN_VIEW_DEV_KNOWN)) != 0;
		char vp[48], cards[128];

		fprintf(f, "  <rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"6\" fill=\"%s\" stroke=\"%s\" stroke-width=\"%s\"/>\n",
			x0 - 6, y - 12, PANEL_WIDTH - 24, row_height(known),
			q == o.turn_player && !catan_state_is_terminal(rd->s) ?
			"#fff6d8" : "#ffffff",
			q == o.winner ? "#c99a06" : "#d5d9dd",
			q == o.winner ? "2.5" : "1");
		building(f, icon, CATAN_PIECE_SETTLEMENT, ps->fill, 1.3);
		if (v->visible_vp > v->public_vp)
			snprintf(vp, sizeof(vp), "%d (+%d hidden)",
				 (int)v->public_vp,
				 (int)(v->visible_vp - v->public_vp));
		else
			snprintf(vp, sizeof(vp), "%d", (int)v->public_vp);
		snprintf(line, sizeof(line), "p%d %s", q, ps->name);
		text_line(f, x0 + 28, y + 10, 14, "bold", "#1f2a33", line);
		snprintf(line, sizeof(line), "%s VP", vp);
		fprintf(f, "  <text x=\"%.1f\" y=\"%.1f\" font-size=\"14\" font-weight=\"bold\" fill=\"#1f2a33\" text-anchor=\"end\">",
			x0 + PANEL_WIDTH - 38, y + 10);
		put_escaped(f, line);
		fputs("</text>\n", f);
		snprintf(line, sizeof(line),
			 "cards %u \xc2\xb7 dev %u \xc2\xb7 knights %u%s \xc2\xb7 road %u%s",
			 v->card_total, v->dev_total, v->knights_played,
			 v->has_largest_army ? " \xe2\x98\x85" : "",
			 v->longest_road,
			 v->has_longest_road ? " \xe2\x98\x85" : "");
		text_line(f, x0 + 28, y + 27, 11, "normal", "#38444d", line);
		if (known) {
			cards_line(rd->g, v->cards, 0, cards, sizeof(cards));
			snprintf(line, sizeof(line), "hand: %s", cards);
			text_line(f, x0 + 28, y + 41, 10, "normal", "#5f6b74",
				  line);
			cards_line(rd->g, v->dev_cards, 1, cards, sizeof(cards));
			snprintf(line, sizeof(line), "development: %s", cards);
			text_line(f, x0 + 28, y + 55, 10, "normal", "#5f6b74",
				  line);
		} else {
			text_line(f, x0 + 28, y + 41, 10, "normal", "#5f6b74",
				  "hand hidden");
		}
		y += row_height(known) + 8;
	}
	text_line(f, x0, y, 10, "normal", "#52606b",
		  "\xe2\x98\x85 Largest Army / Longest Road (2 VP each)");
	y += 22;
	{
		struct module_lines ml;

		module_lines_get(rd, &ml);
		if (ml.n) {
			y += 8;
			text_line(f, x0, y, 12, "bold", "#1f2a33", "Rule modules");
			y += 20;
			for (int i = 0; i < ml.n; i++, y += 14)
				text_line(f, x0, y, 10, "normal", "#38444d", ml.text[i]);
		}
	}

	y += 8;
	text_line(f, x0, y, 12, "bold", "#1f2a33", "Terrain");
	y += 8;
	for (uint32_t t = 0, shown = 0; t < NUM_TERRAINS; t++) {
		static const int produces[BOX_TERRAINS] = { -1, CATAN_LUMBER, CATAN_BRICK,
							    CATAN_WOOL, CATAN_GRAIN,
							    CATAN_ORE, -1 };
		double cx, cy;
		const char *res;

		if (!legend_shows(rd, t))
			continue;
		cx = x0 + (shown % 2) * 140.0;
		cy = y + (shown / 2) * 22.0;
		shown++;
		res = t < BOX_TERRAINS && produces[t] >= 0 ? catan_resource_name(produces[t]) : NULL;

		fprintf(f, "  <path fill=\"%s\" stroke=\"#8c7a55\" stroke-width=\"0.8\" d=\"",
			terrains[t].fill);
		hex_path(f, (struct point){ cx + 8, cy + 10 }, 9);
		fputs("\"/>\n", f);
		snprintf(line, sizeof(line), "%s%s%s", terrains[t].name,
			 res ? " \xe2\x86\x92 " : "", res ? res : "");
		text_line(f, cx + 22, cy + 14, 11, "normal", "#38444d", line);
	}
	y += ((legend_terrains(rd) + 1) / 2) * 22.0 + 6;
	fputs("</g>\n", f);
	return y - y0;
}

/* ------------------------------------------------------------ driver */

/* The caption's monospace advance at 10 px, and its most lines. */
#define CAPTION_CHAR_WIDTH 6.1
#define CAPTION_LINES 8

/*
 * Where the caption's lines end so that each holds at most @per_line
 * characters: after a ',' or before a '+' (a game string's own joints),
 * anywhere when a part is longer. Returns the lines; the last ends at the
 * caption's end.
 */
static size_t
caption_breaks(const char *caption, size_t per_line, size_t breaks[CAPTION_LINES])
{
	size_t len = strlen(caption), from = 0, n = 0;

	if (per_line < 16)
		per_line = 16;
	while (n + 1 < CAPTION_LINES && len - from > per_line) {
		size_t cut = 0;

		for (size_t i = from + 1; i <= from + per_line; i++)
			if (caption[i - 1] == ',' || caption[i] == '+')
				cut = i;
		if (cut == 0)
			cut = from + per_line;
		breaks[n++] = cut;
		from = cut;
	}
	breaks[n++] = len;
	return n;
}

static int
render(struct render *rd, const char *caption)
{
	FILE *f = rd->f;
	double bw = rd->max_x - rd->min_x, bh = rd->max_y - rd->min_y;
	double width = bw + 2 * MARGIN, height = bh + 2 * MARGIN;
	double panel_h = 0, caption_h = 0, zoom;
	size_t breaks[CAPTION_LINES], nlines = 0;

	if (rd->panel)
		width += PANEL_WIDTH;
	if (rd->panel) {
		nlines = caption_breaks(caption, (size_t)((width - 2 * MARGIN) / CAPTION_CHAR_WIDTH),
					breaks);
		caption_h = 13 + 13.0 * (double)nlines;
	}
	panel_h = panel_height(rd);
	if (rd->panel && panel_h + 2 * MARGIN > height)
		height = panel_h + 2 * MARGIN;
	height += caption_h;

	/* labels are small: show such a picture larger by default */
	zoom = rd->labels ? 1.6 : 1.0;
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" font-family=\"%s\">\n",
		width * zoom, height * zoom, width, height, FONT);
	fputs("<title>", f);
	put_escaped(f, caption);
	fputs("</title>\n", f);
	draw_defs(rd);
	fprintf(f, "<rect width=\"100%%\" height=\"100%%\" fill=\"#f4f1ea\"/>\n");
	fprintf(f, "<g id=\"board\" transform=\"translate(%.1f,%.1f)\">\n",
		MARGIN - rd->min_x,
		MARGIN - rd->min_y +
		(height - caption_h - bh - 2 * MARGIN) / 2);
	draw_sea(rd);
	draw_harbors(rd);
	draw_land(rd);
	draw_tokens(rd);
	draw_board_v2(rd);
	draw_roads(rd);
	draw_robber(rd);
	draw_buildings(rd);
	if (rd->labels)
		draw_labels(rd);
	fputs("</g>\n", f);
	if (rd->panel) {
		draw_panel(rd, bw + 2 * MARGIN + 8, MARGIN + 4);
		fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" fill=\"#6b7780\" font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\">",
			MARGIN, height - 10 - 13.0 * (double)(nlines - 1));
		for (size_t i = 0, from = 0; i < nlines; i++) {
			char part[1024];
			size_t to = breaks[i], n = to - from < sizeof(part) ? to - from : sizeof(part) - 1;

			memcpy(part, caption + from, n);
			part[n] = '\0';
			fprintf(f, "<tspan x=\"%.1f\"%s>", MARGIN, i ? " dy=\"13\"" : "");
			put_escaped(f, part);
			fputs("</tspan>", f);
			from = to;
		}
		fputs("</text>\n", f);
	}
	fputs("</svg>\n", f);
	return ferror(f) ? -1 : 0;
}

/*
 * The position to draw: a snapshot or history file if @arg names one
 * ("-" is stdin), else GAME or GAME@seed=S,steps=K.
 */
static int
load_position(catan_ctx *ctx, const char *arg, catan_game **g_out,
	      catan_state **s_out)
{
	FILE *probe = strcmp(arg, "-") == 0 ? NULL : fopen(arg, "rb");
	char spec[2048];
	const char *at;
	unsigned long steps = 0, done = 0;
	uint64_t seed = 0;
	int ret, rc;

	*g_out = NULL;
	*s_out = NULL;
	if (probe != NULL || strcmp(arg, "-") == 0) {
		char *text = NULL;
		size_t len = 0;

		if (probe)
			fclose(probe);
		ret = cli_read_file(arg, &text, &len);
		if (ret != CLI_EXIT_OK)
			return ret;
		rc = catan_load(g_out, s_out, ctx, text, len);
		free(text);
		if (rc != CATAN_OK)
			return cli_usage_error("render: cannot load '%s': %s",
					       arg, catan_ctx_errmsg(ctx));
		return CLI_EXIT_OK;
	}

	at = strrchr(arg, '@');
	if (strlen(arg) >= sizeof(spec))
		return cli_usage_error("render: game string too long");
	strcpy(spec, arg);
	if (at) {
		spec[at - arg] = '\0';
		if (cli_trace_parse_at(at + 1, &seed, &steps) != 0)
			return cli_usage_error("render: bad position suffix '%s' (expected @seed=S,steps=K)",
					       at);
	}
	if (strchr(spec, '(') == NULL && strchr(spec, '/') != NULL)
		return cli_usage_error("render: cannot open '%s' (neither a file nor a game string)",
				       arg);
	ret = cli_load_game(ctx, spec, g_out);
	if (ret != CLI_EXIT_OK)
		return ret;
	/* fewer steps when the game ends first: draw the end */
	ret = cli_trace_start(*g_out, "render", arg, seed, steps, s_out, &done);
	if (ret != CLI_EXIT_OK) {
		catan_game_unref(*g_out);
		*g_out = NULL;
	}
	return ret;
}

/* "p3", "public" or "all" into an observer id; -1 on error. */
static int
parse_observer(const char *text, int *out)
{
	unsigned long p;

	if (strcmp(text, "public") == 0) {
		*out = CATAN_OBSERVER_PUBLIC;
	} else if (strcmp(text, "all") == 0) {
		*out = CATAN_OBSERVER_ALL;
	} else if (text[0] == 'p' &&
		   cli_parse_ulong(text + 1, CATAN_MAX_PLAYERS - 1, &p) == 0) {
		*out = (int)p;
	} else {
		return -1;
	}
	return 0;
}

int
cmd_render(int argc, char **argv)
{
	struct render rd;
	const char *arg = NULL, *out_path = NULL, *observer_text = "public", *board_path = NULL;
	catan_ctx *ctx = NULL;
	catan_game *g = NULL;
	catan_state *s = NULL;
	char caption[1024];
	int ret;

	memset(&rd, 0, sizeof(rd));
	rd.panel = 1;
	rd.observer = CATAN_OBSERVER_PUBLIC;
	for (int i = 1; i < argc; i++) {
		if (cli_is_help(argv[i])) {
			usage(stdout);
			return CLI_EXIT_OK;
		} else if (strcmp(argv[i], "-o") == 0 ||
			   strcmp(argv[i], "--output") == 0) {
			if (i + 1 >= argc)
				return cli_usage_error("render: %s needs a file name",
						       argv[i]);
			out_path = argv[++i];
		} else if (strcmp(argv[i], "--observer") == 0) {
			if (i + 1 >= argc)
				return cli_usage_error("render: --observer needs p0.., public or all");
			observer_text = argv[++i];
			if (parse_observer(observer_text, &rd.observer) != 0)
				return cli_usage_error("render: bad observer '%s' (p0.., public or all)",
						       observer_text);
		} else if (strcmp(argv[i], "--board") == 0) {
			if (i + 1 >= argc)
				return cli_usage_error("render: --board needs a FILE");
			board_path = argv[++i];
		} else if (strcmp(argv[i], "--labels") == 0) {
			rd.labels = 1;
		} else if (strcmp(argv[i], "--board-only") == 0) {
			rd.panel = 0;
		} else if (argv[i][0] == '-' && argv[i][1] != '\0') {
			return cli_usage_error("render: unknown option '%s' (try --help)",
					       argv[i]);
		} else if (arg == NULL) {
			arg = argv[i];
		} else {
			return cli_usage_error("render: one game or file only ('%s' and '%s')",
					       arg, argv[i]);
		}
	}
	if (arg == NULL)
		return cli_usage_error("render: missing GAME or FILE (try --help)");

	ret = cli_new_ctx(&ctx);
	if (ret != CLI_EXIT_OK)
		return ret;
	if (board_path) {
		ret = cli_set_board_file(ctx, board_path);
		if (ret != CLI_EXIT_OK)
			goto out;
	}
	ret = load_position(ctx, arg, &g, &s);
	if (ret != CLI_EXIT_OK)
		goto out;
	rd.g = g;
	rd.s = s;
	rd.nplayers = catan_game_num_players(g);
	if (rd.nplayers < 1 || rd.nplayers > CATAN_MAX_PLAYERS) {
		ret = cli_error("render: unexpected player count %d",
				rd.nplayers);
		goto out;
	}
	if (rd.observer >= rd.nplayers) {
		ret = cli_usage_error("render: observer '%s' is not a player of this game (p0..p%d)",
				      observer_text, rd.nplayers - 1);
		goto out;
	}
	if (catan_board_counts_get(g, &rd.counts) != CATAN_OK) {
		ret = cli_error("render: cannot read the board");
		goto out;
	}
	ret = layout(&rd);
	if (ret != CLI_EXIT_OK)
		goto out;
	if (catan_game_to_string(g, caption, sizeof(caption), NULL) !=
	    CATAN_OK)
		snprintf(caption, sizeof(caption), "%s", arg);

	if (out_path == NULL || strcmp(out_path, "-") == 0) {
		rd.f = stdout;
	} else {
		rd.f = fopen(out_path, "w");
		if (rd.f == NULL) {
			ret = cli_usage_error("render: cannot open '%s' for writing: %s",
					      out_path, strerror(errno));
			goto out;
		}
	}
	if (render(&rd, caption) != 0)
		ret = cli_error("render: cannot write the picture");
	if (rd.f != stdout) {
		if (fclose(rd.f) != 0 && ret == CLI_EXIT_OK)
			ret = cli_error("render: cannot write '%s'", out_path);
	} else if (fflush(stdout) != 0 && ret == CLI_EXIT_OK) {
		ret = cli_error("render: cannot write the picture");
	}
out:
	free(rd.hexes);
	free(rd.centre);
	free(rd.vertex);
	free(rd.placed);
	free(rd.sea);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
	return ret;
}
