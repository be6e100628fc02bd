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
 * the first corner in the order n ne se s sw nw.
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
	CATAN_TERRAIN_SEA       = 6  /**< water (frame); not a land hex */
} catan_terrain;

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
	uint32_t vertices; /**< intersections */
	uint32_t edges;    /**< edges */
	uint32_t harbors;  /**< harbors */
} catan_board_counts;

/** One hex. */
typedef struct catan_hex_info {
	int32_t  q;            /**< axial column */
	int32_t  r;            /**< axial row */
	uint32_t terrain;      /**< a #catan_terrain */
	int32_t  resource;     /**< the #catan_resource it produces, or -1 */
	uint32_t number;       /**< number token 2..12, or 0 */
	uint16_t vertices[6];  /**< corner ids in #catan_corner order */
	uint16_t edges[6];     /**< side ids: n-ne, ne-se, se-s, s-sw, sw-nw, nw-n */
	uint16_t neighbors[6]; /**< adjacent land hexes across each side, or #CATAN_NONE */
} catan_hex_info;

/** One intersection. */
typedef struct catan_vertex_info {
	uint16_t hexes[3];    /**< touching land hexes, #CATAN_NONE padded */
	uint16_t vertices[3]; /**< adjacent intersections, #CATAN_NONE padded */
	uint16_t edges[3];    /**< edges ending here (edges[i] joins vertices[i]) */
	uint16_t harbor;      /**< harbor index, or #CATAN_NONE */
} catan_vertex_info;

/** One edge. */
typedef struct catan_edge_info {
	uint16_t vertices[2]; /**< its two ends */
	uint16_t hexes[2];    /**< land hexes on either side, #CATAN_NONE padded */
} catan_edge_info;

/** One harbor. */
typedef struct catan_harbor_info {
	uint32_t resource;    /**< the #catan_resource of a 2:1 harbor, or #CATAN_HARBOR_GENERIC */
	uint32_t ratio;       /**< cards given for one: 2 or 3 */
	uint16_t vertices[2]; /**< the two intersections it serves */
	uint16_t hex;         /**< the land hex it faces */
	uint16_t edge;        /**< the coastal edge it faces */
} catan_harbor_info;

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
