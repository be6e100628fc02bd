/*
 * libcatanrules: board topology of a game (hexes, intersections, edges, harbors).
 * SPDX-License-Identifier: MIT
 */
#ifndef INCLUDE_catanrules_board_h__
#define INCLUDE_catanrules_board_h__

#include "common.h"
#include "game.h"

/**
 * @file catanrules/board.h
 * @brief Board topology queries and location notation.
 * @defgroup board Board
 *
 * The board is part of the immutable game. Hexes are pointy-top and addressed
 * by axial coordinates (q, r). Each hex has six corners, named n, ne, se, s,
 * sw, nw, and six sides between adjacent corners. Intersections (vertices)
 * and edges are numbered 0..n-1; hexes too. On the standard 19-hex island
 * hexes are numbered row by row from the top-left (rows 3-4-5-4-3).
 *
 * Location notation: a hex is `h<i>`; an intersection `h<i>.<corner>`; an
 * edge `h<i>.<corner>-<corner>` between two adjacent corners of that hex.
 * Raw ids `v<i>` and `e<i>` are accepted too. Every equivalent spelling
 * parses; formatting prints the canonical one: the lowest hex index, then
 * the first corner in the order n ne se s sw nw. A hex with a plaza (a
 * commodity hex) names it `h<i>.c` and its interior paths `h<i>.c-<corner>`
 * (`h<i>.<corner>-c` parses too).
 *
 * Boards beyond the standard island (doc/boards.md): hexes of more
 * terrains, a hex producing on several numbers, marks and sites on
 * hexes, edges and intersections (catan_board_site()), trade sites on
 * the coast and inland, plazas with four paths, and boards joined at
 * seams, in a ring too.
 * @{
 */

CATAN_BEGIN_DECLS

/** The "no such element" id in topology structs. */
#define CATAN_NONE 0xFFFFu

/** Terrains. */
typedef enum catan_terrain {
	CATAN_TERRAIN_DESERT    = 0, /**< produces nothing */
	CATAN_TERRAIN_FOREST    = 1, /**< lumber */
	CATAN_TERRAIN_HILLS     = 2, /**< brick */
	CATAN_TERRAIN_PASTURE   = 3, /**< wool */
	CATAN_TERRAIN_FIELDS    = 4, /**< grain */
	CATAN_TERRAIN_MOUNTAINS = 5, /**< ore */
	CATAN_TERRAIN_SEA       = 6, /**< water (frame); not a land hex */
	CATAN_TERRAIN_LAKE      = 7, /**< Fishermen's lake: numbers 2, 3, 11, 12; yields no card */
	CATAN_TERRAIN_SWAMP     = 8, /**< Rivers' swamp: no number, no card */
	CATAN_TERRAIN_WATERING_HOLE = 9, /**< Merchant Trains' watering hole (oasis) */
	CATAN_TERRAIN_CASTLE    = 10, /**< Barbarian Attack's castle hex */
	CATAN_TERRAIN_QUARRY    = 11, /**< T&B commodity hex: the quarry */
	CATAN_TERRAIN_GLASSWORKS = 12, /**< T&B commodity hex: the glassworks */
	CATAN_TERRAIN_COMMODITY_CASTLE = 13, /**< T&B commodity hex: the castle */
	CATAN_TERRAIN_SALT_GARDEN = 14, /**< Merchants of Europe: salt from the sea */
	CATAN_TERRAIN_SALT_MOUNTAIN = 15, /**< Merchants of Europe: salt from mountains */
	CATAN_TERRAIN_MOUNTAIN_FOREST = 16, /**< Merchants of Europe: forest (lumber) */
	CATAN_TERRAIN_MOUNTAIN_PASTURE = 17, /**< Merchants of Europe: pasture (wool) */
	CATAN_TERRAIN_DESERT_POST = 18 /**< Connect: a desert that carries a trading post */
} catan_terrain;

/** Terrains known to this version (one more than the last). */
#define CATAN_TERRAIN_COUNT 19

/**
 * Kinds of mark or site on a board (catan_board_site()). Each covers
 * locations of one kind; `value`, `colour` and `name` mean what the kind
 * says (0 and NULL where it says nothing).
 */
typedef enum catan_site_kind {
	CATAN_SITE_BRIDGE        = 1, /**< edges where a bridge may be built (Rivers) */
	CATAN_SITE_X             = 2, /**< edges marked "X": no road (T&B) */
	CATAN_SITE_RIVER         = 3, /**< hexes, edges or intersections along a river (Rivers) */
	CATAN_SITE_FISHING_GROUND = 4, /**< the coastal intersections a fishing ground touches; value: its number */
	CATAN_SITE_CITY_SPACE    = 5, /**< an intersection; name; value: coastal gold; colour: 1 brown, 2 purple (MoE) */
	CATAN_SITE_CHIP_SPACE    = 6, /**< a hex's chip space; colour; value 1: dotted (MoE) */
	CATAN_SITE_WAREHOUSE     = 7, /**< intersections; colour: the owner's colour + 1 (MoE) */
	CATAN_SITE_START         = 8, /**< start positions; colour: the owner's + 1; value: a #catan_piece (Connect) */
	CATAN_SITE_DOUBLE_ARROW  = 9, /**< edges whose route opens a second one (MoE) */
	CATAN_SITE_AREA          = 10, /**< intersections of an area; value: the area (Connect) */
	CATAN_SITE_TRAIN_START   = 11, /**< an edge where a train starts; value: the side it heads to (Merchant Trains) */
	CATAN_SITE_ROBBER_HOME   = 12  /**< the hex the robber starts on and goes home to */
} catan_site_kind;

/** Site kinds known to this version (one more than the last). */
#define CATAN_SITE_KIND_COUNT 13

/** Corners of a pointy-top hex, clockwise from the top. */
typedef enum catan_corner {
	CATAN_CORNER_N = 0, CATAN_CORNER_NE = 1, CATAN_CORNER_SE = 2,
	CATAN_CORNER_S = 3, CATAN_CORNER_SW = 4, CATAN_CORNER_NW = 5
} catan_corner;

/** Kinds of location. */
typedef enum catan_location_kind {
	CATAN_LOC_HEX    = 1, /**< a hex */
	CATAN_LOC_VERTEX = 2, /**< an intersection */
	CATAN_LOC_EDGE   = 3  /**< an edge (path) */
} catan_location_kind;

/** Harbor resource value for a generic (3:1) harbor. */
#define CATAN_HARBOR_GENERIC 0xFF

/** Sizes of a game's board. */
typedef struct catan_board_counts {
	uint32_t hexes;    /**< land hexes */
	uint32_t vertices; /**< intersections (plazas included) */
	uint32_t edges;    /**< edges (interior paths included) */
	uint32_t harbors;  /**< trade sites: harbors and inland trading posts */
	uint32_t sites;    /**< marks and sites (catan_board_site()) */
	uint32_t plazas;   /**< plazas: the last intersections */
} catan_board_counts;

/** The most numbers a hex produces on. */
#define CATAN_HEX_NUMBERS 4

/** One hex. */
typedef struct catan_hex_info {
	int32_t  q;            /**< axial column */
	int32_t  r;            /**< axial row */
	uint32_t terrain;      /**< a #catan_terrain */
	int32_t  resource;     /**< the card kind it yields (the board's choice), or -1 */
	uint32_t number;       /**< its first number 2..12, or 0 */
	uint16_t vertices[6];  /**< corner ids in #catan_corner order */
	uint16_t edges[6];     /**< side ids: n-ne, ne-se, se-s, s-sw, sw-nw, nw-n */
	uint16_t neighbors[6]; /**< adjacent land hexes across each side (or joined to it), or #CATAN_NONE */
	uint16_t plaza;        /**< the intersection at its centre, or #CATAN_NONE */
	uint16_t nnumbers;     /**< how many numbers it produces on */
	uint8_t  numbers[CATAN_HEX_NUMBERS]; /**< those numbers, ascending, 0 padded */
	uint16_t area;         /**< the area it belongs to (0 unless the board has areas) */
	uint16_t section;      /**< the board of a row it lies on (0 unless joined) */
} catan_hex_info;

/** The most paths at an intersection (a commodity hex's land corner). */
#define CATAN_VERTEX_PATHS 4

/** Flags of catan_vertex_info and catan_edge_info. */
#define CATAN_BOARD_PLAZA    0x01u /**< an intersection at a hex's centre */
#define CATAN_BOARD_INTERIOR 0x01u /**< an edge inside a hex, from its plaza to a corner */
#define CATAN_BOARD_SEAM     0x02u /**< on a seam between joined boards */

/** One intersection. */
typedef struct catan_vertex_info {
	uint16_t hexes[3];    /**< touching land hexes, #CATAN_NONE padded (a plaza: its hex) */
	uint16_t vertices[CATAN_VERTEX_PATHS]; /**< adjacent intersections, #CATAN_NONE padded */
	uint16_t edges[CATAN_VERTEX_PATHS];    /**< edges ending here (edges[i] joins vertices[i]) */
	uint16_t harbor;      /**< trade site index, or #CATAN_NONE */
	uint16_t flags;       /**< #CATAN_BOARD_PLAZA, #CATAN_BOARD_SEAM */
} catan_vertex_info;

/** One edge. */
typedef struct catan_edge_info {
	uint16_t vertices[2]; /**< its two ends (an interior path: the corner, then the plaza) */
	uint16_t hexes[2];    /**< land hexes on either side, #CATAN_NONE padded (an interior path: its hex) */
	uint16_t flags;       /**< #CATAN_BOARD_INTERIOR, #CATAN_BOARD_SEAM */
} catan_edge_info;

/** The most intersections a trade site serves (a trading post on a hex's corners). */
#define CATAN_TRADE_VERTICES 6

/** One trade site: a harbor on the coast or a trading post inland. */
typedef struct catan_harbor_info {
	uint32_t resource;    /**< the #catan_resource of a 2:1 site, or #CATAN_HARBOR_GENERIC */
	uint32_t ratio;       /**< cards given for one: 2 or 3 */
	uint16_t vertices[CATAN_TRADE_VERTICES]; /**< the intersections it serves, #CATAN_NONE padded */
	uint16_t nvertices;   /**< how many: 2 for a harbor, 6 for a trading post */
	uint16_t hex;         /**< the land hex it faces (a post: the hex it stands on) */
	uint16_t edge;        /**< the coastal edge it faces, or #CATAN_NONE inland */
} catan_harbor_info;

/** One mark or site. */
typedef struct catan_site_info {
	uint32_t kind;        /**< a #catan_site_kind */
	uint32_t location_kind; /**< the #catan_location_kind of its locations */
	uint32_t value;       /**< per kind: a number, gold, a direction, a piece */
	uint32_t colour;      /**< per kind: a colour or an owner's colour + 1; 0 none */
	const char *name;     /**< its name, or NULL (valid while the game lives) */
	uint32_t nlocations;  /**< how many locations it covers */
	const uint16_t *locations; /**< their ids (valid while the game lives) */
} catan_site_info;

/**
 * Board sizes.
 * @param g the game
 * @param[out] out the counts
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL if an argument is NULL
 */
CATAN_API int catan_board_counts_get(const catan_game *g, catan_board_counts *out);

/**
 * Describe a hex.
 * @param g the game
 * @param hex the hex id
 * @param[out] out the description
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL if an argument is NULL or @p hex is out of range
 */
CATAN_API int catan_board_hex(const catan_game *g, unsigned hex, catan_hex_info *out);

/**
 * Describe an intersection.
 * @param g the game
 * @param vertex the intersection id
 * @param[out] out the description
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL if an argument is NULL or @p vertex is out of range
 */
CATAN_API int catan_board_vertex(const catan_game *g, unsigned vertex, catan_vertex_info *out);

/**
 * Describe an edge.
 * @param g the game
 * @param edge the edge id
 * @param[out] out the description
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL if an argument is NULL or @p edge is out of range
 */
CATAN_API int catan_board_edge(const catan_game *g, unsigned edge, catan_edge_info *out);

/**
 * Describe a harbor.
 * @param g the game
 * @param harbor the harbor index
 * @param[out] out the description
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL if an argument is NULL or @p harbor is out of range
 */
CATAN_API int catan_board_harbor(const catan_game *g, unsigned harbor, catan_harbor_info *out);

/**
 * The word for a terrain in a board's written form (doc/boards.md) and in
 * the tools' output: "forest", "lake", "salt_garden", ...
 * @param terrain a #catan_terrain
 * @return a static string, or NULL for no such terrain
 */
CATAN_API const char *catan_terrain_name(int terrain);

/**
 * The word for a kind of mark or site in a board's written form and in
 * conformance scripts: "bridge", "x", "chip_space", ...
 * @param kind a #catan_site_kind
 * @return a static string, or NULL for no such kind
 */
CATAN_API const char *catan_site_kind_name(int kind);

/**
 * Describe a mark or site.
 * @param g the game
 * @param site the site index (0 .. catan_board_counts.sites - 1)
 * @param[out] out the description
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL if an argument is NULL or @p site is out of range
 */
CATAN_API int catan_board_site(const catan_game *g, unsigned site, catan_site_info *out);

/**
 * The marks and sites at a location, in index order.
 * @param g the game
 * @param kind a #catan_location_kind
 * @param id the location's id
 * @param[out] out the site indices (may be NULL when @p cap is 0)
 * @param cap room in @p out
 * @param[out] n_out how many sites are there (may be NULL)
 * @retval CATAN_OK on success
 * @retval CATAN_EBUFS if @p cap is too small (*n_out holds the count)
 * @retval CATAN_EINVAL if @p g is NULL, the location does not exist, or
 *         @p out is NULL with @p cap > 0
 */
CATAN_API int catan_board_sites_at(const catan_game *g, int kind, unsigned id,
				   unsigned *out, size_t cap, size_t *n_out);

/**
 * The game's whole board in its written form (doc/boards.md, "A board in
 * writing"): every hex with its coordinates, terrain, numbers, yield,
 * area and section; the trade sites; the plazas; the glue; the marks and
 * sites. catan_ctx_set_board() reads it back: the board it gives writes
 * the same text.
 * @param g the game
 * @param[out] buf destination (may be NULL when @p cap is 0)
 * @param cap size of @p buf in bytes
 * @param[out] len_out length without the NUL (may be NULL)
 * @retval CATAN_OK on success
 * @retval CATAN_EBUFS if @p cap is too small (*len_out holds the length needed)
 * @retval CATAN_EINVAL if @p g is NULL, or @p buf is NULL with @p cap > 0
 */
CATAN_API int catan_board_text(const catan_game *g, char *buf, size_t cap, size_t *len_out);

/**
 * Give the games of "base" built in @p ctx from now on the board this
 * text describes (doc/boards.md, "A board in writing") instead of the
 * standard island; NULL gives the island back. Games already built keep
 * their boards. Not to be called while another thread builds a game in
 * @p ctx.
 * @param ctx the context
 * @param text the board's written form, or NULL
 * @retval CATAN_OK on success
 * @retval CATAN_EPARSE if the text is malformed (catan_ctx_errmsg() names
 *         the line and the word)
 * @retval CATAN_EINVAL if @p ctx is NULL or the text names no board
 *         (catan_ctx_errmsg() names the item); the context keeps its board
 * @retval CATAN_ENOMEM on allocation failure
 */
CATAN_API int catan_ctx_set_board(catan_ctx *ctx, const char *text);

/**
 * The game's island as the parameters that give it to another game of
 * `base`: "board=given,tiles=...,harbors=..." (doc/variants/base.md), so
 * that a random board can be kept or copied without its seed, e.g. into
 * `base(players=3,<layout>)`.
 * @param g the game
 * @param[out] buf destination (may be NULL when @p cap is 0)
 * @param cap size of @p buf in bytes
 * @param[out] len_out length without the NUL (may be NULL)
 * @retval CATAN_OK on success
 * @retval CATAN_EBUFS if @p cap is too small (*len_out holds the length needed)
 * @retval CATAN_ENOTSUP if the board is not the standard 19-hex island with
 *         its nine harbor places
 * @retval CATAN_EINVAL if @p g is NULL, or @p buf is NULL with @p cap > 0
 */
CATAN_API int catan_board_layout(const catan_game *g, char *buf, size_t cap, size_t *len_out);

/**
 * Format a location in canonical notation ("h4", "h9.se", "h4.n-ne").
 * @param g the game
 * @param kind a #catan_location_kind
 * @param id the location's id
 * @param[out] buf destination (may be NULL when @p cap is 0)
 * @param cap size of @p buf
 * @param[out] len_out length without the NUL (may be NULL)
 * @retval CATAN_OK on success
 * @retval CATAN_EBUFS if @p cap is too small
 * @retval CATAN_EINVAL if an argument is invalid
 */
CATAN_API int catan_location_format(const catan_game *g, int kind, unsigned id,
                                    char *buf, size_t cap, size_t *len_out);

/**
 * Parse a location in any equivalent spelling.
 * @param g the game
 * @param text the location text (NUL-terminated, no surrounding spaces)
 * @param[out] kind_out its #catan_location_kind
 * @param[out] id_out its id
 * @retval CATAN_OK on success
 * @retval CATAN_EPARSE if the text is malformed
 * @retval CATAN_ENOTFOUND if it names no location on this board
 * @retval CATAN_EINVAL if an argument is NULL
 */
CATAN_API int catan_location_parse(const catan_game *g, const char *text,
                                   int *kind_out, unsigned *id_out);

CATAN_END_DECLS

/** @} */
#endif
