/*
 * libcatanrules: editing positions (for tests, tutorials and puzzles).
 * SPDX-License-Identifier: MIT
 */
#ifndef INCLUDE_catanrules_edit_h__
#define INCLUDE_catanrules_edit_h__

#include "common.h"
#include "state.h"
#include "holding.h"
#include "piece.h"

/**
 * @file catanrules/edit.h
 * @brief Position editing that keeps every supply conserved.
 * @defgroup edit Position editing
 *
 * These calls set up a position directly, so a rule case takes a few lines
 * instead of a played game. Cards move between the bank (or deck) and hands,
 * pieces between stock and board: totals stay conserved. Awards (Longest
 * Road, Largest Army) are recomputed after each edit. Each call checks its
 * arguments and leaves the state unchanged on error. An edit that would
 * leave a position catan_load() refuses is undone and refused with
 * #CATAN_EINVAL too: nobody able to act (the game not over, no chance
 * event with outcomes, no acting player with a legal action), a winner
 * short of points, a discard owed beyond a hand, the victim of a pending
 * steal without cards, Road Building with more free roads than the stock.
 * So every accepted edit leaves a position whose snapshot loads
 * (catanrules/serialize.h). To undo, an edit keeps a
 * copy of the state, so any of them may also return #CATAN_ENOMEM.
 * @{
 */

CATAN_BEGIN_DECLS

/**
 * Set how many cards of one kind a player holds, moving the difference
 * from or to the bank.
 * @param s the state
 * @param player 0..n-1
 * @param kind a #catan_resource
 * @param count the new count
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL bad argument, or the bank lacks the cards
 */
CATAN_API int catan_edit_set_cards(catan_state *s, int player, int kind, unsigned count);

/**
 * Move one development card of a kind from the deck to a player's hand.
 * @param s the state
 * @param player 0..n-1
 * @param kind a #catan_dev_card
 * @param playable 1: playable this turn; 0: counts as bought this turn
 *        (only meaningful for the player whose turn it is, once the
 *        set-up is over: a card given during the set-up is held, not bought)
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL bad argument, or the deck has no such card
 */
CATAN_API int catan_edit_give_dev_card(catan_state *s, int player, int kind, int playable);

/**
 * Set the number of Knights a player has played (moved from deck to table).
 * @param s the state
 * @param player 0..n-1
 * @param count the new count
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL bad argument, or the deck lacks the Knights
 */
CATAN_API int catan_edit_set_knights_played(catan_state *s, int player, unsigned count);

/**
 * Place a piece from the player's stock, ignoring placement rules except
 * that the location must be free (a city replaces the player's settlement).
 * Neutral players own pieces too (catan_game_neutral_players()).
 * @param s the state
 * @param player 0..n-1, or a neutral player n..n+neutral-1
 * @param piece a #catan_piece
 * @param location intersection id for settlements and cities, edge id for roads
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL bad argument, occupied location or empty stock
 */
CATAN_API int catan_edit_place(catan_state *s, int player, int piece, unsigned location);

/**
 * Remove the piece at a location back to its owner's stock.
 * @param s the state
 * @param piece #CATAN_PIECE_ROAD for an edge, otherwise an intersection
 * @param location the id
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL bad argument or nothing there
 */
CATAN_API int catan_edit_remove(catan_state *s, int piece, unsigned location);

/**
 * Put the robber on a hex, or off the board (#CATAN_NONE) in a game
 * whose robber may stand there (Fishing on Catan).
 * @param s the state
 * @param hex the hex id, or #CATAN_NONE
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL bad argument
 */
CATAN_API int catan_edit_set_robber(catan_state *s, unsigned hex);

/**
 * Put a number chip on a hex's chip space, or take it off, in a game
 * whose number chips are placed and moved in play (catan_state_hex_chip()).
 * @param s the state
 * @param hex the hex id: a hex with a chip space
 * @param number 2..6 or 8..12, or 0 to leave the chip space empty
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL the game has no number chips, the hex no chip
 *         space, or a bad number (the state unchanged, the reason in
 *         catan_state_errmsg())
 */
CATAN_API int catan_edit_set_hex_chip(catan_state *s, unsigned hex, unsigned number);

/**
 * Start a turn of a player in a phase: #CATAN_PHASE_ROLL or
 * #CATAN_PHASE_MAIN (after the roll, with @p dice as the roll). Any pending
 * offer, discard or chance event is cleared; no development card has been
 * played and none bought this turn.
 * @param s the state
 * @param player 0..n-1
 * @param phase #CATAN_PHASE_ROLL or #CATAN_PHASE_MAIN
 * @param dice the roll for #CATAN_PHASE_MAIN (2..12, not 7), ignored for ROLL
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL bad argument
 */
CATAN_API int catan_edit_set_turn(catan_state *s, int player, int phase, int dice);

/**
 * Set a player's count of a holding (catanrules/holding.h), or its supply.
 * A holding with a supply takes what the player gains from it and gets
 * back what they lose.
 * @param s the state
 * @param player a seated player, or #CATAN_HOLDING_SUPPLY for the supply
 * @param name the holding's name
 * @param count the new count
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL bad argument, no such holding, a count above the
 *         holding's max, a supply that lacks the units, or a supply whose
 *         count with what the players hold would pass the declared total
 *         (the reason in catan_state_errmsg())
 */
CATAN_API int catan_edit_set_holding(catan_state *s, int player, const char *name,
				     unsigned count);

/**
 * Put one of an owner's pieces of a declared kind (catanrules/piece.h)
 * from their stock on a place of the kind's class. No rule of the game is
 * asked, only the piece's bounds: the stock and the stack limit.
 * @param s the state
 * @param kind a declared kind
 * @param owner a seated or neutral player
 * @param location a place of the kind's class
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL bad argument, kind, owner or location, an empty
 *         stock, or a place at the kind's stack limit (the reason in
 *         catan_state_errmsg(); the state unchanged)
 */
CATAN_API int catan_edit_place_piece(catan_state *s, unsigned kind, int owner,
				     unsigned location);

/**
 * Take one of an owner's pieces of a declared kind off a place, back to
 * their stock.
 * @param s the state
 * @param kind a declared kind
 * @param owner a seated or neutral player
 * @param location a place where the owner has a piece of the kind
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL bad argument, or no such piece there (the state
 *         unchanged)
 */
CATAN_API int catan_edit_remove_piece(catan_state *s, unsigned kind, int owner,
				      unsigned location);

CATAN_END_DECLS

/** @} */
#endif
