/*
 * libcatanrules: a fixed integer action space per game, for learning programs.
 * SPDX-License-Identifier: MIT
 */
#ifndef INCLUDE_catanrules_space_h__
#define INCLUDE_catanrules_space_h__

#include "common.h"
#include "action.h"
#include "game.h"
#include "state.h"

/**
 * @file catanrules/space.h
 * @brief Actions as integers 0..N-1, fixed per game, and the legal ones as a mask.
 * @defgroup space Action space
 *
 * Learning programs (policy networks, OpenSpiel, Gymnasium, PettingZoo)
 * choose among a fixed set of integers. Every game has one: each player
 * action type the game may list owns a block of ids, laid out in the
 * order of the types, and an action's id is a function of its fields
 * alone (its player aside: the id is the same whoever acts). The shape of
 * each type says what its block covers:
 *
 * | type | block |
 * | --- | --- |
 * | roll, buy_dev, play_knight, play_road_building, accept_trade, decline_trade, cancel_trade, end_turn | 1 |
 * | build_road | an edge |
 * | build_settlement, build_city | an intersection |
 * | move_robber | a hex |
 * | steal, confirm_trade | a player |
 * | discard | one card of a kind (the library lists discards card by card) |
 * | play_year_of_plenty | 1 or 2 cards of the kinds |
 * | play_monopoly | a kind |
 * | maritime_trade | the kind given, how many (2 up to the game's rate: every rate up to the player's worst is listed), the kind received |
 * | offer_trade, counter_trade | the cards given and received, 1..offer_max each |
 *
 * In a game whose robber may leave the board (Fishing on Catan),
 * move_robber's block has one more id: `move_robber off`. A module's
 * type may also carry a payment besides its cards (Fishing's fish
 * tokens: the counts of each token value, doc/space.md).
 *
 * and every rule module declares the shapes of its own types the same way
 * (sys/variant.h). An action the library lists always has an id, and two
 * actions listed for the same player at the same moment never share one;
 * an action that is legal but never listed (a discard of several cards at
 * once, typed by a human) may have none. A game one of whose modules
 * declares no shapes has no action space: the functions below return
 * #CATAN_ENOTSUP and say which module.
 * @{
 */

CATAN_BEGIN_DECLS

/** What a field of an action ranges over in its type's block. */
typedef enum catan_space_field {
	CATAN_SPACE_NONE      = 0, /**< the field is 0 */
	CATAN_SPACE_HEX       = 1, /**< a hex id */
	CATAN_SPACE_VERTEX    = 2, /**< an intersection id */
	CATAN_SPACE_EDGE      = 3, /**< an edge id */
	CATAN_SPACE_PLAYER    = 4, /**< a seated or neutral player */
	CATAN_SPACE_CARD_KIND = 5, /**< a card kind */
	CATAN_SPACE_DEV_KIND  = 6, /**< a development-card kind */
	CATAN_SPACE_VALUE     = 7, /**< a small number 0..N-1 the type declares (Fishing's token value) */
	CATAN_SPACE_HEX_OR_OFF = 8 /**< a hex id, or #CATAN_NONE (the last index): off the board */
} catan_space_field;

/** What the cards of an action (give[], get[]) range over in its block. */
typedef enum catan_space_cards {
	CATAN_SPACE_NO_CARDS = 0, /**< none given or received */
	CATAN_SPACE_GIVE_ONE = 1, /**< one card given, of a card kind */
	CATAN_SPACE_GET_ONE  = 2, /**< one card received, of a card kind */
	CATAN_SPACE_GIVE_SET = 3, /**< 1..max cards given, of the card kinds */
	CATAN_SPACE_GET_SET  = 4, /**< 1..max cards received, of the card kinds */
	CATAN_SPACE_TRADE    = 5, /**< 1..max given and 1..max received, of the kinds and traded holdings */
	CATAN_SPACE_MARITIME = 6  /**< 2 up to the game's rate of one kind given, one card (or holding) received */
} catan_space_cards;

/** One action type's block of ids. */
typedef struct catan_space_block {
	int      type;   /**< the action type (#catan_action_type or a module's) */
	size_t   first;  /**< its first id */
	size_t   size;   /**< how many ids (0: none in this game, e.g. offers with offer_max=0) */
	int      target; /**< #catan_space_field of the target */
	int      arg;    /**< #catan_space_field of arg */
	int      cards;  /**< #catan_space_cards */
	unsigned max;    /**< most cards per side (the SET and TRADE shapes) */
} catan_space_block;

/**
 * The size of the game's action space: its ids are 0..size-1.
 * @param g the game
 * @param[out] size_out the number of ids
 * @retval CATAN_OK on success
 * @retval CATAN_ENOTSUP a module of the game declares no action shapes
 *         (catan_ctx_errmsg() of the game's context says which)
 * @retval CATAN_EINVAL a NULL argument
 */
CATAN_API int catan_game_action_space(const catan_game *g, size_t *size_out);

/**
 * The blocks of the action space, one per action type, in id order.
 * @param g the game
 * @param i the block, 0..count-1
 * @param[out] out the block
 * @param[out] count_out how many blocks there are (may be NULL)
 * @retval CATAN_OK on success
 * @retval CATAN_ENOTFOUND @p i is not a block (@p count_out is still set)
 * @retval CATAN_ENOTSUP the game has no action space
 * @retval CATAN_EINVAL a NULL @p g or @p out
 */
CATAN_API int catan_game_action_block(const catan_game *g, size_t i, catan_space_block *out,
                                      size_t *count_out);

/**
 * The id of an action (its player aside).
 * @param g the game
 * @param a the action
 * @param[out] id_out its id
 * @retval CATAN_OK on success
 * @retval CATAN_ENOTFOUND the action has no id: a chance outcome, a type
 *         the game does not list, or fields outside its type's shape
 * @retval CATAN_ENOTSUP the game has no action space
 * @retval CATAN_EINVAL a NULL argument
 */
CATAN_API int catan_game_action_id(const catan_game *g, const catan_action *a, size_t *id_out);

/**
 * The action of an id for @p player in @p s. The action need not be
 * legal: catan_state_check_action() says whether it is.
 * @param s the state
 * @param player the acting player
 * @param id the id
 * @param[out] out the action
 * @retval CATAN_OK on success
 * @retval CATAN_ENOTFOUND @p id is not below the space's size
 * @retval CATAN_ENOTSUP the game has no action space
 * @retval CATAN_EINVAL a NULL argument or a bad player
 */
CATAN_API int catan_state_action_of_id(const catan_state *s, int player, size_t id,
                                       catan_action *out);

/**
 * The legal actions of @p player as a mask over the action space:
 * mask[id] is 1 for each id of a listed legal action, 0 for the others.
 * @p scratch holds the listing (catan_game_max_legal_actions() actions),
 * so the call never allocates.
 * @param s the state
 * @param player the player (no legal action when they may not act)
 * @param[out] mask the mask, @p size bytes
 * @param size the space's size (catan_game_action_space())
 * @param scratch room for the legal actions
 * @param scratch_cap its capacity in actions
 * @param[out] n_out how many ids are set (may be NULL)
 * @retval CATAN_OK on success
 * @retval CATAN_EBUFS @p scratch is smaller than the listing; nothing written
 * @retval CATAN_ENOTSUP the game has no action space
 * @retval CATAN_EINVAL a NULL argument, a bad player, or @p size is not the space's
 */
CATAN_API int catan_state_action_mask(const catan_state *s, int player, uint8_t *mask,
                                      size_t size, catan_action *scratch, size_t scratch_cap,
                                      size_t *n_out);

/** An id of catan_states_step() that applies nothing (the masks only). */
#define CATAN_STEP_NO_ACTION ((size_t)-1)

/**
 * Step @p n states of one game by action id in one call: the fast path of
 * a vectorised environment. For each state i: a pending chance event is
 * resolved first (with the state's RNG); then, unless @p ids is NULL or
 * ids[i] is #CATAN_STEP_NO_ACTION, the action of ids[i] for the state's
 * actor is checked and applied, and the chance events it causes are
 * resolved with the state's RNG; then the next actor's legal actions are
 * written as a mask at masks + i × @p space. The actor is the
 * lowest-numbered acting player, as in catan_state_playout(): where
 * several players owe a decision (discards, answers to an offer) they act
 * one after another in seat order. A state whose action is refused keeps
 * its position (rc_out[i] says why, catan_state_errmsg() of the state in
 * words) and its mask is left as it was; the others go on. Never
 * allocates.
 * @param states the states, all of one game
 * @param n how many
 * @param ids an id per state, or NULL (no action: the masks only)
 * @param[out] masks n × @p space bytes, or NULL
 * @param space the action space's size (catan_game_action_space())
 * @param scratch room for the legal actions (catan_game_max_legal_actions())
 * @param scratch_cap its capacity in actions
 * @param[out] players_out the next actor of each state, or
 *             #CATAN_PLAYER_TERMINAL at the end (may be NULL)
 * @param[out] rc_out the result of each state: CATAN_OK, CATAN_EILLEGAL
 *             (a refused action, also at the end of the game),
 *             CATAN_ENOTFOUND (an id not below the space's size),
 *             CATAN_EBUFS (@p scratch too small)
 * @retval CATAN_OK on success (each state's result in @p rc_out)
 * @retval CATAN_ENOTSUP the game has no action space (with @p masks)
 * @retval CATAN_EINVAL a NULL argument, states of different games, or
 *         @p space is not the space's size; nothing is stepped
 */
CATAN_API int catan_states_step(catan_state *const *states, size_t n, const size_t *ids,
                                uint8_t *masks, size_t space, catan_action *scratch,
                                size_t scratch_cap, int *players_out, int *rc_out);

CATAN_END_DECLS

/** @} */
#endif
