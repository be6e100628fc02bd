/*
 * libcatanrules: pieces a game declares beyond settlements, cities and roads.
 * SPDX-License-Identifier: MIT
 */
#ifndef INCLUDE_catanrules_piece_h__
#define INCLUDE_catanrules_piece_h__

#include "common.h"
#include "game.h"
#include "state.h"

/**
 * @file catanrules/piece.h
 * @brief Declared pieces: wagons, caravans, knights, merchants, trading posts.
 * @defgroup piece Declared pieces
 *
 * A game may declare kinds of pieces of its own (its variant or a module
 * does so while the game is built, catan_game_declare_piece() in
 * catanrules/sys/variant.h): each kind stands on one class of place
 * (hexes, intersections or edges, a #catan_location_kind), every piece
 * owner (seated and neutral players) has a stock of them, and a stack
 * limit may say how many pieces of the kind, all owners together, may
 * share one place ("at most 2 caravans per route"). Pieces of a kind are
 * alike: a position says only how many of each owner stand where.
 *
 * Declared pieces are public: they are shown in observation strings
 * ("piece" lines), in JSON (doc/json.md), in snapshots, and edited with
 * catan_edit_place_piece() and catan_edit_remove_piece(). A game that
 * declares none has none of this in its state. Kinds are numbered in the
 * order declared.
 * @{
 */

CATAN_BEGIN_DECLS

/** The kind moves from place to place (catan_piece_info.flags). */
#define CATAN_PIECE_MOVES 0x1u

/**
 * The kind is part of its owner's road network (catan_piece_info.flags):
 * an edge piece such as Rivers of Catan's bridge. Roads and settlements
 * connect through it, it counts for the owner's longest continuous road
 * (and so for Longest Road), and another player's building at one of its
 * ends breaks the network there as it breaks a road. It is not a road: it
 * has its own stock, is not counted in catan_player_info.roads_left,
 * catan_state_edge_piece() says #CATAN_PIECE_NONE for its edge, and the
 * "road" lines of observations and snapshots and the JSON "roads" list
 * leave it out (its "piece" lines and entry show it). It stands alone: no
 * road and no other piece of the kind shares its edge, so its stack limit
 * is 1. Declarations refuse it on hexes or intersections, together with
 * #CATAN_PIECE_MOVES, and with a stack limit other than 0 or 1.
 */
#define CATAN_PIECE_ROAD_LIKE 0x2u

/**
 * Each piece of the kind on an edge that is part of a network lengthens
 * that edge by one for the network owner's longest continuous road (and
 * so for Longest Road) — Merchant Trains' wagons: "a wagon on a road's
 * edge counts as an extra road" (catan_piece_info.flags). Pieces of every
 * owner count, on anyone's road; on an edge without a road they add
 * nothing. Declarations refuse it on hexes or intersections and together
 * with #CATAN_PIECE_ROAD_LIKE.
 */
#define CATAN_PIECE_ROAD_WEIGHT 0x4u

/** A declared kind of piece, as catan_game_piece() describes it. */
typedef struct catan_piece_info {
	const char *name;        /**< the kind's name ([a-z0-9_]+) */
	uint32_t    place;       /**< where it stands: a #catan_location_kind */
	uint32_t    stock;       /**< pieces of the kind each owner has */
	uint32_t    stack_limit; /**< most pieces of the kind on one place, all owners; 0: no limit */
	uint32_t    flags;       /**< #CATAN_PIECE_MOVES, #CATAN_PIECE_ROAD_LIKE, #CATAN_PIECE_ROAD_WEIGHT */
} catan_piece_info;

/**
 * How many kinds of pieces a game declares.
 * @param g the game
 * @return the count (0 for most games), or #CATAN_EINVAL
 */
CATAN_API int catan_game_piece_count(const catan_game *g);

/**
 * Describe a declared kind of piece.
 * @param g the game
 * @param kind 0 .. catan_game_piece_count() - 1
 * @param[out] out the description (its name lives as long as the game)
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL bad argument or kind
 */
CATAN_API int catan_game_piece(const catan_game *g, unsigned kind, catan_piece_info *out);

/**
 * The kind of piece of that name.
 * @param g the game
 * @param name the kind's name
 * @return the kind (0 or more), #CATAN_ENOTFOUND if the game declares
 *         none of that name, or #CATAN_EINVAL
 */
CATAN_API int catan_game_piece_find(const catan_game *g, const char *name);

/**
 * How many pieces of a kind an owner has left in stock.
 * @param s the state
 * @param kind a declared kind
 * @param owner a seated or neutral player
 * @param[out] out the pieces in stock
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL bad argument, kind or owner
 */
CATAN_API int catan_state_piece_stock(const catan_state *s, unsigned kind, int owner,
				      uint32_t *out);

/**
 * How many pieces of a kind stand on one place.
 * @param s the state
 * @param kind a declared kind
 * @param owner a seated or neutral player, or -1 for all owners together
 * @param location a place of the kind's class (catan_piece_info.place)
 * @param[out] out the pieces there
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL bad argument, kind, owner or location
 */
CATAN_API int catan_state_pieces_at(const catan_state *s, unsigned kind, int owner,
				    unsigned location, uint32_t *out);

/**
 * Where an owner's pieces of a kind stand: their places in ascending
 * order, a place once for each piece on it.
 * @param s the state
 * @param kind a declared kind
 * @param owner a seated or neutral player
 * @param[out] buf the places (ids of the kind's class); may be NULL if @p cap is 0
 * @param cap room in @p buf
 * @param[out] n_out the pieces on the board (may be NULL)
 * @retval CATAN_OK on success
 * @retval CATAN_EBUFS @p buf is too small (@p n_out says how many)
 * @retval CATAN_EINVAL bad argument, kind or owner
 */
CATAN_API int catan_state_piece_locations(const catan_state *s, unsigned kind, int owner,
					  uint16_t *buf, size_t cap, size_t *n_out);

CATAN_END_DECLS

/** @} */
#endif
