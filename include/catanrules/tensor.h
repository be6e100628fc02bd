/*
 * libcatanrules: an observation as a fixed vector of numbers, for learning programs.
 * SPDX-License-Identifier: MIT
 */
#ifndef INCLUDE_catanrules_tensor_h__
#define INCLUDE_catanrules_tensor_h__

#include "common.h"
#include "game.h"
#include "state.h"

/**
 * @file catanrules/tensor.h
 * @brief What an observer knows of a state as floats, in a layout fixed per game.
 * @defgroup tensor Observation tensor
 * A policy network reads a vector of the same length at every step. Every
 * game has one layout: a list of fields, each a rows × cols block of
 * floats at its offset, row-major. The layout is built from what the game
 * declares — its board, card and development-card kinds, phases, pieces,
 * holdings, sites and the rule modules' counters — so every variant and
 * module is covered without code of its own, and it depends on the game
 * alone (never on the state), so tensors of one game stack.
 *
 * The observer is a seated player or #CATAN_OBSERVER_PUBLIC (the
 * referee's #CATAN_OBSERVER_ALL is accepted too, for debugging). Rows of
 * players start at the observer: row 0 is the observer, row i the player
 * i seats after them; for the public and the referee, row i is player i.
 * Neutral players (Catan for Two) follow the seated ones where pieces are
 * owned. A value the observer may not know (another player's hand, an
 * unrevealed development card, a hidden holding) is written as -1, so
 * that "unknown" never reads as "none"; two states the observer cannot
 * tell apart (equal catan_state_observation_string()) give equal tensors.
 * doc/rl.md lists the fields of the base game.
 * @{
 */

CATAN_BEGIN_DECLS

/** What the rows or the columns of a field stand for. */
typedef enum catan_tensor_axis {
	CATAN_TENSOR_ONE       = 0,  /**< a single row or column */
	CATAN_TENSOR_HEX       = 1,  /**< land hexes by id */
	CATAN_TENSOR_VERTEX    = 2,  /**< intersections by id */
	CATAN_TENSOR_EDGE      = 3,  /**< edges by id */
	CATAN_TENSOR_PLAYER    = 4,  /**< seated players, from the observer */
	CATAN_TENSOR_OWNER     = 5,  /**< seated players from the observer, then the neutral players */
	CATAN_TENSOR_ACTOR     = 6,  /**< seated players from the observer, then "nobody" (chance, the end, the referee) */
	CATAN_TENSOR_TERRAIN   = 7,  /**< #catan_terrain values, 0 .. #CATAN_TERRAIN_COUNT - 1 */
	CATAN_TENSOR_NUMBER    = 8,  /**< the numbers 2 .. 12 */
	CATAN_TENSOR_DICE      = 9,  /**< no roll, then the totals 2 .. 12 */
	CATAN_TENSOR_CARD_KIND = 10, /**< the game's card kinds (catan_game_card_kind_name()) */
	CATAN_TENSOR_DEV_KIND  = 11, /**< the game's development-card kinds */
	CATAN_TENSOR_PHASE     = 12, /**< the game's phases (catan_game_tensor_phase()) */
	CATAN_TENSOR_HARBOR    = 13, /**< a 2:1 trade of each card kind, then the 3:1 trade */
	CATAN_TENSOR_RESPONSE  = 14  /**< an answer to an offer: none, accepted, declined, countered */
} catan_tensor_axis;

/** How a field's numbers read. */
typedef enum catan_tensor_encoding {
	CATAN_TENSOR_COUNT   = 0, /**< counts or values as they are; -1 where unknown to the observer */
	CATAN_TENSOR_ONE_HOT = 1, /**< each row has at most one 1, the rest 0 */
	CATAN_TENSOR_FLAGS   = 2  /**< each number is 0 or 1 */
} catan_tensor_encoding;

/** The most characters of a field's name, its NUL included. */
#define CATAN_TENSOR_NAME_MAX 48

/** One field of the observation tensor. */
typedef struct catan_tensor_field {
	char     name[CATAN_TENSOR_NAME_MAX]; /**< e.g. "hex.terrain", "player.cards", "holding.gold" */
	size_t   offset;   /**< its first float */
	uint32_t rows;     /**< rows (rows × cols floats, row-major) */
	uint32_t cols;     /**< columns */
	uint32_t row_axis; /**< #catan_tensor_axis of the rows */
	uint32_t col_axis; /**< #catan_tensor_axis of the columns */
	uint32_t encoding; /**< #catan_tensor_encoding */
} catan_tensor_field;

/**
 * The length of the game's observation tensor, in floats.
 * @param g the game
 * @param[out] size_out the length
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL a NULL argument
 */
CATAN_API int catan_game_tensor_size(const catan_game *g, size_t *size_out);

/**
 * A field of the layout, in offset order.
 * @param g the game
 * @param i the field, 0 .. count - 1
 * @param[out] out the field
 * @param[out] count_out how many fields there are (may be NULL)
 * @retval CATAN_OK on success
 * @retval CATAN_ENOTFOUND @p i is not a field (@p count_out is still set)
 * @retval CATAN_EINVAL a NULL @p g or @p out
 */
CATAN_API int catan_game_tensor_field(const catan_game *g, size_t i, catan_tensor_field *out,
                                      size_t *count_out);

/**
 * The field of a name.
 * @param g the game
 * @param name its name
 * @param[out] out the field
 * @retval CATAN_OK on success
 * @retval CATAN_ENOTFOUND the game's layout has no such field
 * @retval CATAN_EINVAL a NULL argument
 */
CATAN_API int catan_game_tensor_find(const catan_game *g, const char *name,
                                     catan_tensor_field *out);

/**
 * The phase of a column of the "phase" field: the core's phases
 * (#CATAN_PHASE_START .. #CATAN_PHASE_GAME_OVER) and then those of the
 * variant and of each module, in the game's order.
 * @param g the game
 * @param col the column
 * @return a #catan_phase or a variant's or module's phase, or
 *         #CATAN_ENOTFOUND past the last column, #CATAN_EINVAL for a NULL game
 */
CATAN_API int catan_game_tensor_phase(const catan_game *g, unsigned col);

/**
 * Write what @p observer knows of @p s into @p out, in the game's layout.
 * Never allocates.
 * @param s the state
 * @param observer a seated player, #CATAN_OBSERVER_PUBLIC or #CATAN_OBSERVER_ALL
 * @param[out] out the tensor
 * @param size its length: catan_game_tensor_size()
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL a NULL argument, a bad observer, or @p size is not the layout's
 *         (nothing written)
 */
CATAN_API int catan_state_tensor(const catan_state *s, int observer, float *out, size_t size);

CATAN_END_DECLS

/** @} */
#endif
