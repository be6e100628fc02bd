/*
 * libcatanrules: the board: topology, terrains and numbers, trade sites, sites, the standard island (board*.c, location.c, island.c).
 * Internal, as catan-private.h (which includes every part in order).
 * SPDX-License-Identifier: MIT
 */
#include "catan-private.h"

#ifndef CATAN_BOARD_H
#define CATAN_BOARD_H

/* ------------------------------------------------------------------ board */

/*
 * The board is immutable game data. Land hexes come first in input order;
 * intersections and edges are numbered in order of first appearance when
 * walking hexes by index and corners n ne se s sw nw (edges: n-ne, ne-se,
 * se-s, s-sw, sw-nw, nw-n), so "h<lowest>.<first corner>" is canonical.
 */
#define BOARD_NONE 0xFFFFu

/* Numbers a hex may carry (the lake's 2, 3, 11, 12), and the parts of
 * a hex that locations name beyond its corners and sides: the plaza at
 * its centre (a vertex part) and the interior path from the plaza to
 * corner c (edge part BOARD_PART_PATH + c). */
#define BOARD_HEX_NUMBERS 4
#define BOARD_PART_CENTER 6
#define BOARD_PART_PATH 6

struct board_hex {
	int8_t q, r;
	uint8_t terrain;     /* catan_terrain */
	int8_t resource;     /* the card kind it yields (its spec's, else the
			      * terrain's), or -1 */
	uint8_t number;      /* 2..12 or 0: the first of its numbers */
	uint8_t more[BOARD_HEX_NUMBERS - 1]; /* the others, 0 padded */
	uint16_t vert[6];    /* by corner */
	uint16_t edge[6];    /* by side, side i joins corner i and i+1 */
	uint16_t nbr[6];     /* land hex across side i (or glued to it), or BOARD_NONE */
	uint16_t plaza;      /* the vertex at its centre, or BOARD_NONE */
	uint8_t area;        /* the area it belongs to (Connect's starting areas) */
	uint8_t section;     /* the board of a row it lies on (joined boards) */
};

/* board_vertex.flags and board_edge.flags */
#define BOARD_VERTEX_PLAZA 0x01u  /* a hex's centre (hex[0], hex_corner[0] = BOARD_PART_CENTER) */
#define BOARD_VERTEX_SEAM  0x02u  /* touches hexes of two sections, or a glued side */
#define BOARD_EDGE_INTERIOR 0x01u /* a path inside hex[0] (hex_side[0] = BOARD_PART_PATH + corner) */
#define BOARD_EDGE_SEAM     0x02u /* between hexes of two sections, or glued */
#define BOARD_EDGE_GLUED    0x04u /* its hexes are joined by the spec's glue, not by position */
#define BOARD_EDGE_NO_ROAD  0x08u /* no road may be built on it (catan_game_forbid_roads_on_sites()) */

/* Intersections have up to four paths: a corner of a commodity hex has
 * its three sides and an interior path to the plaza (T&B). */
#define BOARD_VERTEX_PATHS 4

struct board_vertex {
	uint16_t hex[3];     /* BOARD_NONE padded */
	uint16_t adj[BOARD_VERTEX_PATHS];  /* adjacent vertices, BOARD_NONE padded */
	uint16_t edge[BOARD_VERTEX_PATHS]; /* edge[i] joins this vertex and adj[i] */
	uint16_t harbor;     /* trade site index or BOARD_NONE */
	uint8_t nhex, nadj;
	uint8_t hex_corner[3]; /* corner of hex[i] this vertex is */
	uint8_t flags;       /* BOARD_VERTEX_* */
};

struct board_edge {
	uint16_t vert[2];
	uint16_t hex[2];     /* BOARD_NONE padded */
	uint8_t hex_side[2]; /* side of hex[i] this edge is */
	uint8_t nhex;
	uint8_t flags;       /* BOARD_EDGE_* */
};

/* A trade site: a coastal harbor (hex, side: the side's two ends) or an
 * inland trading post (the corners of a hex, Connect's deserts). */
#define BOARD_TRADE_VERTS 6
struct board_harbor {
	uint8_t resource;    /* catan_resource, or CATAN_HARBOR_GENERIC */
	uint8_t ratio;       /* 2 or 3 */
	uint8_t side;        /* side of hex it faces, or BOARD_SIDE_INLAND */
	uint8_t nvert;       /* 2 for a harbor, 6 for a trading post */
	uint16_t hex;
	uint16_t edge;       /* the coastal edge it faces, or BOARD_NONE inland */
	uint16_t vert[BOARD_TRADE_VERTS];
	uint64_t ratio_bits; /* byte k: bit `ratio` set if kind k trades here */
};

/* What a board builder describes: land hexes by axial coordinate, harbors
 * by (hex, side). The topology is derived from this. Fields after
 * `number` are zero for the standard island, so specs written before
 * them keep their meaning. */
#define BOARD_YIELD_TERRAIN 0     /* hex spec yield: what the terrain yields */
#define BOARD_YIELD_NONE 0xFFu    /* hex spec yield: nothing, numbers allowed */
struct board_hex_spec {
	int8_t q, r;
	uint8_t terrain;
	uint8_t number;
	/* the card kind + 1 it yields, or BOARD_YIELD_TERRAIN, BOARD_YIELD_NONE */
	uint8_t yield;
	uint8_t more[BOARD_HEX_NUMBERS - 1]; /* further numbers, 0 padded */
	uint8_t area, section;
};

/* side of a harbor spec that makes it an inland trading post on the
 * hex's six corners */
#define BOARD_SIDE_INLAND 6
struct board_harbor_spec {
	uint16_t hex;        /* index into the hex spec list */
	uint8_t side;        /* 0..5: n-ne, ne-se, se-s, s-sw, sw-nw, nw-n; or BOARD_SIDE_INLAND */
	uint8_t resource;    /* catan_resource or CATAN_HARBOR_GENERIC */
	uint8_t ratio;
};

/* A location named by a hex of the spec list: the hex (CATAN_LOC_HEX), a
 * corner or the plaza (CATAN_LOC_VERTEX, part 0..5 or BOARD_PART_CENTER),
 * a side or an interior path (CATAN_LOC_EDGE, part 0..5 or
 * BOARD_PART_PATH + corner). */
struct board_ref {
	uint16_t hex;
	uint8_t kind;
	uint8_t part;
};

/* A mark or site (a catan_site_kind) covering locations of one kind. */
struct board_site_spec {
	uint8_t kind;
	uint8_t colour;      /* a colour or owner index, 0: none */
	uint16_t value;      /* its number, gold, direction, flags (per kind) */
	const char *name;    /* NULL or a name (city spaces) */
	const struct board_ref *locs;
	uint16_t nloc;
};

/* A commodity hex's plaza: a vertex at the hex's centre joined by
 * interior paths to the corners in the mask (bit c: corner c). */
struct board_plaza_spec {
	uint16_t hex;
	uint8_t corners;
};

/* Side side_a of hex_a and side side_b of hex_b are one edge (the ring
 * of two boards): corner side_a of hex_a is corner side_b + 1 of hex_b
 * and corner side_a + 1 is corner side_b, as across a side on the plane. */
struct board_glue_spec {
	uint16_t hex_a;
	uint8_t side_a;
	uint16_t hex_b;
	uint8_t side_b;
};

/* A whole board as catan_board__build_spec() takes it. */
struct board_spec {
	const struct board_hex_spec *hexes;
	size_t nhex;
	const struct board_harbor_spec *harbors;
	size_t nharbor;
	const struct board_site_spec *sites;
	size_t nsite;
	const struct board_plaza_spec *plazas;
	size_t nplaza;
	const struct board_glue_spec *glue;
	size_t nglue;
};

/* A built site; its locations are site_loc[first .. first + nloc). */
struct board_site {
	uint8_t kind;
	uint8_t colour;
	uint8_t loc_kind;    /* catan_location_kind */
	uint8_t pad;
	uint16_t value;
	uint16_t nloc;
	uint32_t first;
	uint32_t name;       /* offset into board.names, or UINT32_MAX */
};

struct board {
	uint16_t nhex, nvert, nedge, nharbor;
	struct board_hex *hex;
	struct board_vertex *vert;
	struct board_edge *edge;
	struct board_harbor *harbor;
	uint16_t desert;     /* the robber's home: the hex of a robber-home
			      * site, else the first desert, or BOARD_NONE */
	uint16_t nplaza;     /* plazas: vertices nvert - nplaza .. nvert - 1 */
	uint16_t nsite;
	struct board_site *site;
	uint32_t nsite_loc;
	uint16_t *site_loc;  /* the sites' locations (ids) */
	/* The sites at each location: for kind k (CATAN_LOC_*, 1..3) and id
	 * i, site_at[k - 1][site_at_first[k - 1][i] .. [i + 1]). */
	uint32_t *site_at_first[3];
	uint16_t *site_at[3];
	size_t names_len;
	char *names;         /* the sites' names, NUL-terminated, one after another */
	/* The hexes producing on each number, in id order (production):
	 * by_number[number_first[n]] up to by_number[number_first[n + 1]];
	 * read them with board_number_hexes(). */
	uint16_t number_first[14];
	uint16_t *by_number;
	/* Boards of up to BOARD_MASK_VERTS intersections, BOARD_MASK_EDGES
	 * edges and BOARD_MASK_HEXES hexes (the base island) also have these
	 * bit masks, for the bitset paths of rules-build.c, Longest Road and
	 * the robber; masks_ok says they are filled. */
	bool masks_ok;
	uint64_t vert_adj[64];        /* the neighbouring intersections */
	uint64_t vert_edges[64][2];   /* the edges at each intersection */
	uint64_t edge_ends[128];      /* the two ends of each edge */
	uint64_t hex_verts[32];       /* the corners of each hex */
	uint64_t harbor_verts;        /* intersections that open on a harbor */
	uint64_t no_road[2];          /* the BOARD_EDGE_NO_ROAD edges */
	/* The ratio bits of each set of harbors 4n..4n+3 (bit i: harbor
	 * 4n+i), for boards of up to HARBOR_SET_MAX harbors: a player's
	 * rates are four lookups, with no loop over the harbors held. */
	uint64_t harbor_ratio_bits[4][16];
};
#define BOARD_MASK_VERTS 64
#define BOARD_MASK_EDGES 128
#define BOARD_MASK_HEXES 32

/* Every edge at the intersections of @verts (boards with masks). */
static inline void
board_edges_at(const struct board *b, uint64_t verts, uint64_t out[2])
{
	uint64_t lo = 0, hi = 0;

	for (; verts; verts &= verts - 1) {
		const uint64_t *m = b->vert_edges[__builtin_ctzll(verts)];

		lo |= m[0];
		hi |= m[1];
	}
	out[0] = lo;
	out[1] = hi;
}

/* The hexes producing on @number, in id order; their count in *n (none
 * for a number no token carries). */
static inline const uint16_t *
board_number_hexes(const struct board *b, unsigned number, unsigned *n)
{
	if (number + 1 >= sizeof(b->number_first) / sizeof(b->number_first[0])) {
		*n = 0;
		return b->by_number;
	}
	*n = (unsigned)(b->number_first[number + 1] - b->number_first[number]);
	return b->by_number + b->number_first[number];
}

/* Build topology from specs into b (allocating through ctx). */
int catan_board__build(struct board *b, const catan_ctx *ctx,
		       const struct board_hex_spec *hexes, size_t nhex,
		       const struct board_harbor_spec *harbors, size_t nharbor);
/* The same from a whole spec: sites, plazas and glue too. CATAN_EINVAL
 * with the reason in @why (when not NULL) for a spec that is no board. */
int catan_board__build_spec(struct board *b, const catan_ctx *ctx,
			    const struct board_spec *spec, char *why, size_t cap);
/* The numbers hex @h produces on, in *out (up to BOARD_HEX_NUMBERS); their count. */
unsigned catan_board__hex_numbers(const struct board_hex *h, unsigned out[BOARD_HEX_NUMBERS]);
/* Build @b's sites from @specs (lib/board-sites.c), and free them. */
int catan_board__fill_sites(struct board *b, const catan_ctx *ctx,
			    const struct board_site_spec *specs, size_t nsite,
			    char *why, size_t cap);
void catan_board__free_sites(struct board *b, const catan_ctx *ctx);
/* The location a spec reference names on @b, or BOARD_NONE. */
uint16_t catan_board__ref(const struct board *b, const struct board_ref *ref);
/* A location of @b in canonical notation (lib/location.c); "h65535.nw-se"
 * and "h4294967295" both fit with room to spare. */
#define LOCATION_TEXT_MAX 32
int catan_location__format_board(const struct board *b, int kind, unsigned id,
				 char text[LOCATION_TEXT_MAX]);
/* What a terrain yields (a card kind or -1) and whether it carries
 * numbers without a spec's say (lib/board.c). */
int catan_board__terrain_yield(unsigned terrain);
bool catan_board__terrain_numbered(unsigned terrain);
/* A board in its written form (lib/board-text.c, doc/boards.md): the
 * spec and the arrays it points into, in one allocation's care. */
struct board_text;
int catan_board__parse_text(const catan_ctx *ctx, const char *text, struct board_text **out,
			    char *why, size_t cap);
const struct board_spec *catan_board__text_spec(const struct board_text *t);
void catan_board__text_free(const catan_ctx *ctx, struct board_text *t);
/* @b in its written form into @buf (as catan_text__finish() answers). */
int catan_board__format_text(const struct board *b, char *buf, size_t cap, size_t *len_out);
/* The sites at a location (kind CATAN_LOC_*); their count in *n. */
const uint16_t *catan_board__sites_at(const struct board *b, int kind, unsigned id, unsigned *n);
/* The first site of @site_kind (a catan_site_kind) at a location (kind
 * CATAN_LOC_*): its index, or -1. */
int catan_board__site_of_kind(const struct board *b, int kind, unsigned id, unsigned site_kind);
void catan_board__dispose(struct board *b, const catan_ctx *ctx);
/* The intersection whose land hexes are exactly these 2 or 3, or BOARD_NONE
 * (also when two intersections qualify). */
uint16_t catan_board__vertex_of_hexes(const struct board *b, const uint16_t *hexes, size_t n);
/* The edge between two hexes, or BOARD_NONE (a hex's own side: hex[h].edge[side]). */
uint16_t catan_board__edge_between(const struct board *b, uint16_t h1, uint16_t h2);
/* The edge joining two vertices, or BOARD_NONE. */
uint16_t catan_board__edge_of_vertices(const struct board *b, uint16_t v1, uint16_t v2);

/* The standard 19-hex island (base game and Traders & Barbarians). */
#define ISLAND_HEXES 19
#define ISLAND_HARBORS 9
/* Axial coordinates of the 19 hexes in id order (rows 3-4-5-4-3). */
extern const int8_t catan_island__coords[ISLAND_HEXES][2];
/* The nine standard harbor slots (hex id, side), clockwise from top-left. */
extern const uint8_t catan_island__harbor_slots[ISLAND_HARBORS][2];
/* Fill specs for the beginner board (FACTS 1.2-1.3). */
void catan_island__beginner(struct board_hex_spec hexes[ISLAND_HEXES],
			    struct board_harbor_spec harbors[ISLAND_HARBORS]);
/* Fill hex specs from a tiles text ("O10.W2.L9...": 19 tiles in hex id
 * order, L B W G O for the terrain that yields that resource with its
 * number, D the desert) or harbor specs from a harbors text ("3.G.O...":
 * 9 harbors in slot order, 3 for 3:1 or a resource letter for 2:1). The
 * board must be the box's (base-game.txt 02) with no red numbers side by
 * side (04); false with the reason in @why otherwise. */
bool catan_island__parse_tiles(const char *text, struct board_hex_spec hexes[ISLAND_HEXES],
			       char *why, size_t cap);
bool catan_island__parse_harbors(const char *text,
				 struct board_harbor_spec harbors[ISLAND_HARBORS],
				 char *why, size_t cap);
/* The standard island @b as base's board=given parameters
 * ("board=given,tiles=...,harbors=..."), written into @buf as snprintf()
 * does; its length, or 0 when @b is not the standard frame. */
size_t catan_island__format(const struct board *b, char *buf, size_t cap);
/* Fill specs for a random board from a seeded RNG (B1); spiral numbers if asked. */
struct catan_rng;
/* Fisher-Yates from the end (the order of draws is part of the seed ->
 * board contract), for the island and the boards built on its frame. */
void catan_island__shuffle(uint8_t *items, unsigned n, struct catan_rng *rng);
/* B1 numbers=spiral: the frame's hexes counterclockwise from outer corner
 * @corner (0..5), then the middle ring, then the centre, and the tokens in
 * letter order A..R (FACTS 1.5) to lay along that path. */
void catan_island__spiral(unsigned corner, uint8_t path[ISLAND_HEXES], uint8_t tokens[ISLAND_HEXES - 1]);
/* No two red numbers (6, 8) on hexes of the frame that share a side; else
 * the first such pair in *pa < *pb (when given). */
bool catan_island__reds_apart(const struct board_hex_spec hexes[ISLAND_HEXES], unsigned *pa,
			      unsigned *pb);
void catan_island__random(struct board_hex_spec hexes[ISLAND_HEXES],
			  struct board_harbor_spec harbors[ISLAND_HARBORS],
			  struct catan_rng *rng, bool spiral);
/* The island a game of the base family is played on, as its parameters
 * name it (base's board=, numbers=, setup=, tiles=, harbors=). */
enum island_board { ISLAND_RANDOM, ISLAND_BEGINNER, ISLAND_GIVEN };
struct island_choice {
	uint8_t board;            /* enum island_board */
	bool spiral;              /* numbers=spiral: the A-R spiral of numbers */
	bool fixed_setup;         /* setup=beginner: the fixed starting pieces */
	const char *tiles;        /* tiles= text, NULL when not given */
	const char *harbors;      /* harbors= text, NULL when not given */
	const char *board_name;   /* board='s value, for messages */
};
/* Build g->board as @ch chooses, or the context's board (catan_ctx.board,
 * which needs a desert for the robber and refuses the island's options):
 * CATAN_EINVAL with the context's message for a choice that names no
 * board. */
int catan_island__choose(catan_game *g, const struct island_choice *ch);
/* The beginner set-up's pieces on the standard island (FACTS 1.4), the
 * second settlement of each player paying its hexes; CATAN_ERROR on
 * another board or for more than four players. */
int catan_island__place_beginner(catan_state *s);

#endif
