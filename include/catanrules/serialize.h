/*
 * libcatanrules: saving and loading positions and games as text.
 * SPDX-License-Identifier: MIT
 */
#ifndef INCLUDE_catanrules_serialize_h__
#define INCLUDE_catanrules_serialize_h__

#include "common.h"
#include "ctx.h"
#include "game.h"
#include "state.h"

/**
 * @file catanrules/serialize.h
 * @brief Versioned line-oriented text: snapshots and action histories.
 * @defgroup serialize Serialization
 *
 * A snapshot holds the canonical game string, the RNG state and every field
 * of the position. A history holds the game string and the actions applied
 * from the initial state: in EXPLICIT chance mode the chance outcomes are
 * among them; in SAMPLED mode only the players' actions are, and replaying
 * them with the same seeded RNG reproduces the outcomes. Both round-trip
 * exactly: equal state, equal hash, same future. doc/serialization.md gives
 * the format. Loading never trusts its input: malformed or inconsistent
 * text returns #CATAN_EPARSE with the line number and reason in the
 * context's message, and nothing is created.
 * @{
 */

CATAN_BEGIN_DECLS

/**
 * Write a snapshot of a state.
 * @param s the state
 * @param[out] buf destination (may be NULL when @p cap is 0)
 * @param cap capacity
 * @param[out] len_out length without the NUL (may be NULL)
 * @retval CATAN_OK on success
 * @retval CATAN_EBUFS if @p cap is too small
 * @retval CATAN_EINVAL bad argument
 */
CATAN_API int catan_state_snapshot(const catan_state *s, char *buf, size_t cap, size_t *len_out);

/**
 * Write a history: the game string and the given actions in notation.
 * @param g the game
 * @param actions the actions applied from the initial state, in order
 * @param n number of actions
 * @param[out] buf destination (may be NULL when @p cap is 0)
 * @param cap capacity
 * @param[out] len_out length without the NUL (may be NULL)
 * @retval CATAN_OK on success
 * @retval CATAN_EBUFS if @p cap is too small
 * @retval CATAN_EINVAL bad argument or an action that cannot be written
 */
CATAN_API int catan_history_write(const catan_game *g, const catan_action *actions, size_t n,
                                  char *buf, size_t cap, size_t *len_out);

/**
 * Load a snapshot or a history (the header line tells which). For a history
 * every action is replayed with catan_state_apply(); an illegal one fails
 * the load with its line number.
 * @param[out] game_out the game (a new reference; release with catan_game_unref())
 * @param[out] state_out the state (free with catan_state_free())
 * @param ctx the context
 * @param text the text (need not be NUL-terminated; never NULL, even
 *             when @p len is 0)
 * @param len its length in bytes
 * @retval CATAN_OK on success
 * @retval CATAN_EPARSE malformed or inconsistent text (message on @p ctx)
 * @retval CATAN_EVERSION unknown format version
 * @retval CATAN_ENOTFOUND unknown variant or module
 * @retval CATAN_ENOTSUP a variant or module that is planned but not implemented
 * @retval CATAN_EINVAL bad argument (a NULL @p text included)
 * @retval CATAN_ENOMEM allocation failed
 */
CATAN_API int catan_load(catan_game **game_out, catan_state **state_out, catan_ctx *ctx,
                         const char *text, size_t len);

CATAN_END_DECLS

/** @} */
#endif
