/*
 * libcatanrules: states, the mutable positions of a game.
 * SPDX-License-Identifier: MIT
 */
#ifndef INCLUDE_catanrules_state_h__
#define INCLUDE_catanrules_state_h__

#include "common.h"
#include "game.h"
#include "action.h"

/**
 * @file catanrules/state.h
 * @brief States: whose move, legal actions, check and apply, chance, scores.
 * @defgroup state States
 *
 * A state is one position of one game. Its data is a flat, pointer-free
 * block: catan_state_copy() is a memcpy and catan_state_hash() reads it
 * directly. The RNG used in #CATAN_CHANCE_SAMPLED mode lives in the state,
 * so clones have the same future.
 *
 * Who acts: catan_state_current_player() returns a player, or
 * #CATAN_PLAYER_CHANCE at a chance node (EXPLICIT mode only),
 * #CATAN_PLAYER_SIMULTANEOUS when several players owe a decision (discards
 * on a 7, replies to a trade offer; see catan_state_acting_players()), or
 * #CATAN_PLAYER_TERMINAL. Where several players act, the phase says
 * whether the order their actions arrive in matters
 * (catan_state_simultaneity()): in the phases the rules make simultaneous
 * (discards, replies to an offer) it does not; in a real-time round (CATAN
 * Connect) it does, and each action is checked against the state at the
 * moment it is applied (RULINGS C3). A game may also give the host's end of
 * a round, its timer, actions of its own: those of #CATAN_PLAYER_REFEREE
 * (catan_game_info.referee, RULINGS C13).
 *
 * A state may be used by one thread at a time.
 * @{
 */

CATAN_BEGIN_DECLS

/** Opaque state handle. */
typedef struct catan_state catan_state;

/** Phases of a turn. Variants number theirs from #CATAN_PHASE_VARIANT_BASE. */
typedef enum catan_phase {
	CATAN_PHASE_START          = 0,  /**< before the first-player roll-off */
	CATAN_PHASE_SETUP          = 1,  /**< placing the starting settlements and roads */
	CATAN_PHASE_ROLL           = 2,  /**< the current player's turn, before the roll */
	CATAN_PHASE_DISCARD        = 3,  /**< players over the hand limit discard half */
	CATAN_PHASE_ROBBER         = 4,  /**< the current player moves the robber */
	CATAN_PHASE_STEAL          = 5,  /**< the current player picks a victim */
	CATAN_PHASE_MAIN           = 6,  /**< trade and build */
	CATAN_PHASE_TRADE_RESPONSE = 7,  /**< the other players answer an offer */
	CATAN_PHASE_TRADE_CONFIRM  = 8,  /**< the current player picks a partner or cancels */
	CATAN_PHASE_ROAD_BUILDING  = 9,  /**< placing the roads of a Road Building card */
	CATAN_PHASE_GAME_OVER      = 10, /**< the game has ended */
	CATAN_PHASE_VARIANT_BASE   = 64  /**< first variant-defined phase */
} catan_phase;

/** A chance outcome with its exact probability num/den. */
typedef struct catan_chance_outcome {
	catan_action action; /**< the outcome, player #CATAN_PLAYER_CHANCE */
	uint32_t     num;    /**< numerator */
	uint32_t     den;    /**< denominator (the same for every outcome of a node) */
} catan_chance_outcome;

/** A player's holdings and counters, as the referee sees them. */
typedef struct catan_player_info {
	uint8_t  cards[CATAN_MAX_CARD_KINDS];    /**< resource cards per kind */
	uint8_t  dev_cards[CATAN_MAX_DEV_KINDS]; /**< development cards in hand per kind (incl. bought this turn) */
	uint32_t card_total;                     /**< resource cards in hand */
	uint32_t dev_total;                      /**< development cards in hand */
	uint32_t knights_played;                 /**< Knights played (face up) */
	uint32_t roads_left;                     /**< roads in stock */
	uint32_t settlements_left;               /**< settlements in stock */
	uint32_t cities_left;                    /**< cities in stock */
	uint32_t longest_road;                   /**< length of the longest continuous road */
	int32_t  public_vp;                      /**< points everyone can see (may be negative) */
	int32_t  total_vp;                       /**< points including hidden Victory Point cards (may be negative) */
	uint32_t discard_owed;                   /**< cards still to discard (DISCARD phase) */
	int32_t  has_longest_road;               /**< 1 if this player holds Longest Road */
	int32_t  has_largest_army;               /**< 1 if this player holds Largest Army */
} catan_player_info;

/** Piece kinds at an intersection or on an edge. */
typedef enum catan_piece {
	CATAN_PIECE_NONE       = 0, /**< empty */
	CATAN_PIECE_SETTLEMENT = 1, /**< settlement */
	CATAN_PIECE_CITY       = 2, /**< city */
	CATAN_PIECE_ROAD       = 3  /**< road */
} catan_piece;

/**
 * Create the initial state of a game. Takes a reference on @p g.
 * In SAMPLED mode the opening chance events (the first-player roll-off) are
 * already resolved.
 * @param[out] out the new state; free it with catan_state_free()
 * @param g the game
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL if an argument is NULL
 * @retval CATAN_ENOMEM allocation failed
 */
CATAN_API int catan_state_new(catan_state **out, catan_game *g);

/**
 * Free a state and drop its game reference.
 * @param s the state, or NULL (no effect)
 */
CATAN_API void catan_state_free(catan_state *s);

/**
 * Allocate a copy of a state.
 * @param[out] out the copy
 * @param s the state
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL if an argument is NULL
 * @retval CATAN_ENOMEM allocation failed
 */
CATAN_API int catan_state_clone(catan_state **out, const catan_state *s);

/**
 * Copy one state into another of the same game (the same game object, or
 * one with the same canonical string), without allocating.
 * @param dst destination
 * @param src source
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL if an argument is NULL or the games differ
 */
CATAN_API int catan_state_copy(catan_state *dst, const catan_state *src);

/**
 * The state's game.
 * @param s the state
 * @return a borrowed pointer, valid while @p s lives
 */
CATAN_API catan_game *catan_state_game(const catan_state *s);

/**
 * Size of the state's flat data block in bytes (what a copy moves).
 * @param s the state
 * @return the size
 */
CATAN_API size_t catan_state_size(const catan_state *s);

/**
 * The message of the last failing call on this state.
 * @param s the state
 * @return a string owned by @p s; "" if none
 */
CATAN_API const char *catan_state_errmsg(const catan_state *s);

/**
 * Who acts now.
 * @param s the state
 * @return a player 0..n-1, #CATAN_PLAYER_CHANCE, #CATAN_PLAYER_SIMULTANEOUS,
 *         #CATAN_PLAYER_TERMINAL, or #CATAN_PLAYER_REFEREE when no player
 *         may act but the referee may (its actions: catan_state_legal_actions())
 */
CATAN_API int catan_state_current_player(const catan_state *s);

/**
 * The player whose turn it is (also during other players' discards and trade replies).
 * @param s the state
 * @return a player, or #CATAN_PLAYER_INVALID before the first turn order is known
 */
CATAN_API int catan_state_turn_player(const catan_state *s);

/**
 * Everyone who owes a decision now.
 * @param s the state
 * @return a bit mask, bit p set when player p may act; 0 at chance and terminal nodes
 */
CATAN_API uint32_t catan_state_acting_players(const catan_state *s);

/**
 * Whether the order of the present actors' actions matters.
 * @param s the state
 * @return 0 when at most one player (and no referee) may act now;
 *         #CATAN_SIMULTANEOUS_ORDER_FREE when several owe a decision and the
 *         result does not depend on the order their actions arrive in;
 *         #CATAN_SIMULTANEOUS_REAL_TIME when several may act (the referee
 *         counted) and the order of arrival decides, as at a real table.
 *         #CATAN_EINVAL if @p s is NULL.
 */
CATAN_API int catan_state_simultaneity(const catan_state *s);

/**
 * @param s the state
 * @return 1 if the game is over (won, or truncated by max_turns), else 0
 */
CATAN_API int catan_state_is_terminal(const catan_state *s);

/**
 * @param s the state
 * @return 1 if a chance event must be resolved, else 0
 */
CATAN_API int catan_state_is_chance_node(const catan_state *s);

/**
 * @param s the state
 * @return the #catan_phase
 */
CATAN_API int catan_state_phase(const catan_state *s);

/**
 * Name of a phase as used in notation ("main", "discard", ...).
 * @param s the state (its variant names variant phases)
 * @param phase a phase number
 * @return a static string; "unknown" if the phase has no name
 */
CATAN_API const char *catan_state_phase_name(const catan_state *s, int phase);

/**
 * Number of actions applied so far (chance outcomes included).
 * @param s the state
 * @return the count
 */
CATAN_API uint32_t catan_state_move_number(const catan_state *s);

/**
 * Number of the current turn, 1 for the first turn after set-up, 0 during set-up.
 * @param s the state
 * @return the turn number
 */
CATAN_API uint32_t catan_state_turn_number(const catan_state *s);

/**
 * A 64-bit hash of the whole position, hidden information and RNG included.
 * Equal positions hash equal; a version of the library computes the same
 * hash on every processor (a vector path where there is one, a scalar one
 * elsewhere), but other versions may compute other hashes.
 * @param s the state
 * @return the hash
 */
CATAN_API uint64_t catan_state_hash(const catan_state *s);

/**
 * @param a a state
 * @param b another state
 * @return 1 if both are of the same game (equal canonical strings) and equal
 *         in every byte, else 0
 */
CATAN_API int catan_state_equal(const catan_state *a, const catan_state *b);

/**
 * The legal actions of one player, in canonical order.
 * Entries of @p buf past the count are scratch: the call may write them.
 * Pass @p buf NULL and @p cap 0 to learn the count. Players who may not act
 * get an empty list. For chance nodes use catan_state_chance_outcomes().
 * Domestic trade offers are listed up to the game's `offer_max` size;
 * catan_state_apply() accepts any legal offer.
 * The referee's actions (the host's end of a round) are listed for
 * #CATAN_PLAYER_REFEREE; a game without any lists none.
 * @param s the state
 * @param player 0..n-1, or #CATAN_PLAYER_REFEREE
 * @param[out] buf destination, or NULL
 * @param cap capacity of @p buf in actions
 * @param[out] n_out the number of legal actions (also on #CATAN_EBUFS)
 * @retval CATAN_OK on success
 * @retval CATAN_EBUFS if @p cap is smaller than the count
 * @retval CATAN_EINVAL bad argument
 * Never allocates.
 */
CATAN_API int catan_state_legal_actions(const catan_state *s, int player,
                                        catan_action *buf, size_t cap, size_t *n_out);

/**
 * Decide whether an action is legal now, without changing anything.
 * @param s the state
 * @param a the action (player #CATAN_PLAYER_CHANCE for a chance outcome)
 * @param[out] reason_out the #catan_reason (may be NULL)
 * @retval CATAN_OK if legal
 * @retval CATAN_EILLEGAL if not (message on the state)
 * @retval CATAN_EINVAL if an argument is NULL
 */
CATAN_API int catan_state_check_action(const catan_state *s, const catan_action *a,
                                       int *reason_out);

/**
 * Validate and apply an action. On any error the state is unchanged, byte
 * for byte. In SAMPLED mode the chance events the action causes are resolved
 * with the state's RNG before returning.
 * @param s the state
 * @param a the action
 * @retval CATAN_OK on success
 * @retval CATAN_EILLEGAL if the action is not legal (see catan_state_errmsg() and catan_state_last_reason())
 * @retval CATAN_EINVAL if an argument is NULL
 */
CATAN_API int catan_state_apply(catan_state *s, const catan_action *a);

/**
 * Apply an action known to be legal (from catan_state_legal_actions() of
 * this very state), skipping validation: the search hot path. An illegal
 * action gives an unspecified but memory-safe result.
 * @param s the state
 * @param a the action
 * @retval CATAN_OK always for legal actions
 * @retval CATAN_EINVAL if an argument is NULL
 */
CATAN_API int catan_state_apply_unchecked(catan_state *s, const catan_action *a);

/**
 * Play random actions from this state to the end of the game: the rollout
 * of a search, without a call per step. At each step one actor takes one
 * of its legal actions, in the order of catan_state_legal_actions(),
 * chosen uniformly by the caller's generator; chance events are resolved
 * with the state's RNG, as in SAMPLED mode, whatever the game's chance
 * mode (a pending one first). The actor is the lowest-numbered acting
 * player, except where the order of arrival decides
 * (catan_state_simultaneity() is #CATAN_SIMULTANEOUS_REAL_TIME): there it
 * is drawn uniformly from the k candidates, the acting players in seat
 * order and then the referee if it may act. A step is exactly this host
 * loop, so a host can replay or check a playout:
 *
 * @code
 * uint64_t z = (*rng += 0x9e3779b97f4a7c15);           // SplitMix64
 * z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
 * z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
 * z ^= z >> 31;
 * // real time only: actor = candidate[((z & 0xffffffff) * k) >> 32]
 * catan_state_apply_unchecked(s, &buf[((z >> 32) * n) >> 32]);  // n legal actions
 * @endcode
 *
 * It stops when nobody acts (the game is over) or after @p max_steps
 * actions, and may be called again to go on.
 * @param s the state
 * @param[in,out] rng the policy's generator, advanced once per step
 * @param[out] buf scratch for the legal actions
 * @param cap capacity of @p buf: at least catan_game_max_legal_actions()
 * @param max_steps at most this many actions (UINT64_MAX: to the end)
 * @param[out] steps_out the number of actions applied (may be NULL)
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL if @p s, @p rng or @p buf is NULL or @p cap is too
 *         small; nothing is played
 * @retval CATAN_ERROR if an acting player has no legal action (a broken
 *         variant); the state is the position reached
 * Never allocates.
 */
CATAN_API int catan_state_playout(catan_state *s, uint64_t *rng, catan_action *buf,
                                  size_t cap, uint64_t max_steps, uint64_t *steps_out);

/**
 * The reason recorded by the last refused check or apply on this state.
 * @param s the state
 * @return a #catan_reason
 */
CATAN_API int catan_state_last_reason(const catan_state *s);

/**
 * The outcomes of the pending chance event with exact probabilities.
 * @param s the state
 * @param[out] buf destination, or NULL
 * @param cap capacity of @p buf
 * @param[out] n_out number of outcomes (0 if not a chance node)
 * @retval CATAN_OK on success
 * @retval CATAN_EBUFS if @p cap is too small
 * @retval CATAN_EINVAL bad argument
 */
CATAN_API int catan_state_chance_outcomes(const catan_state *s, catan_chance_outcome *buf,
                                          size_t cap, size_t *n_out);

/**
 * Resolve the pending chance event (and any that follow it) with the
 * state's RNG, as SAMPLED mode does.
 * @param s the state
 * @retval CATAN_OK on success (also when no chance event is pending)
 * @retval CATAN_EINVAL if @p s is NULL
 */
CATAN_API int catan_state_resolve_chance(catan_state *s);

/**
 * Victory points of a player. The error shares the return value with the
 * points, so in a game whose points may be negative (Rivers of Catan's
 * Poor Catanian: 1 point - 2 = -1) use catan_state_points(), which
 * reports them apart.
 * @param s the state
 * @param player 0..n-1
 * @param include_hidden 1 to count hidden Victory Point cards, 0 for public points
 * @return the points, or #CATAN_EINVAL for a bad player
 */
CATAN_API int catan_state_victory_points(const catan_state *s, int player, int include_hidden);

/**
 * Victory points of a player, which may be negative, with the error apart.
 * @param s the state
 * @param player a seated or neutral player (catan_game_neutral_players())
 * @param include_hidden 1 to count hidden Victory Point cards, 0 for public points
 * @param[out] out the points
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL bad argument or player
 */
CATAN_API int catan_state_points(const catan_state *s, int player, int include_hidden,
				 int32_t *out);

/**
 * The points a player needs to win: the game's target
 * (catan_game_vp_to_win()) plus what the player's holdings add to it
 * (Fishing's old boot: one more for its holder).
 * @param s the state
 * @param player a seated player
 * @param[out] out the target
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL bad argument or player
 */
CATAN_API int catan_state_vp_to_win(const catan_state *s, int player, int32_t *out);

/**
 * The winner.
 * @param s the state
 * @return the winning player, or -1 if the game is not won (ongoing or truncated)
 */
CATAN_API int catan_state_winner(const catan_state *s);

/**
 * Returns for learning programs: 1 for the winner, 0 otherwise, 0 for all before the end.
 * @param s the state
 * @param[out] out array of at least @p n doubles
 * @param n capacity of @p out (>= number of players)
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL bad argument
 */
CATAN_API int catan_state_returns(const catan_state *s, double *out, size_t n);

/**
 * A player's holdings and counters (referee view: hidden cards included).
 * @param s the state
 * @param player 0..n-1
 * @param[out] out the information
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL bad argument
 */
CATAN_API int catan_state_player(const catan_state *s, int player, catan_player_info *out);

/**
 * The bank's resource cards.
 * @param s the state
 * @param[out] out array of #CATAN_MAX_CARD_KINDS counts
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL bad argument
 */
CATAN_API int catan_state_bank(const catan_state *s, uint8_t out[CATAN_MAX_CARD_KINDS]);

/**
 * Development cards left in the deck per kind (referee view).
 * @param s the state
 * @param[out] out array of #CATAN_MAX_DEV_KINDS counts
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL bad argument
 */
CATAN_API int catan_state_dev_deck(const catan_state *s, uint8_t out[CATAN_MAX_DEV_KINDS]);

/**
 * The development-card discard pile per kind (public): the played cards
 * of kinds that neither stay in front of their player (the KNIGHT role's,
 * counted in catan_player_info.knights_played) nor are ever played
 * (VICTORY_POINT): of each other kind, the cards of the game
 * (catan_dev_kind_info.count) neither in the deck nor in a hand. In a
 * game that reshuffles (catan_game_dev_reshuffles()) the pile becomes
 * the new deck when a card is bought from an empty one; elsewhere its
 * cards are out of the game ("After their use, the action cards remain
 * off the Stock", base-game.txt 05.E).
 * @param s the state
 * @param[out] out array of #CATAN_MAX_DEV_KINDS counts
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL bad argument
 */
CATAN_API int catan_state_dev_discard(const catan_state *s, uint8_t out[CATAN_MAX_DEV_KINDS]);

/**
 * The hex the robber stands on.
 * @param s the state
 * @return the hex id, #CATAN_NONE while it is off the board (Fishing on
 *         Catan: it starts beside the board and leaves it for 2 fish), or
 *         #CATAN_EINVAL
 */
CATAN_API int catan_state_robber(const catan_state *s);

/**
 * Whether a hex produces nothing on a production roll now: the robber
 * stands on it, or a rule of the game blocks it (Barbarian Attack's
 * conquered hexes, a second robber). A hex is blocked or not whatever
 * its numbers: the desert under the robber is blocked, and a hex without
 * a number, which never produces, is not blocked unless the robber or a
 * rule stands on it (a chip placed there later would produce).
 * @param s the state
 * @param hex the hex id
 * @return 1 blocked, 0 not, or #CATAN_EINVAL for a bad state or hex
 */
CATAN_API int catan_state_hex_blocked(const catan_state *s, unsigned hex);

/**
 * The number chip on a hex's chip space, in a game whose number chips are
 * placed and moved in play (Merchants of Europe). A hex produces on its
 * printed numbers (catan_hex_info) and on its chip's number.
 * @param s the state
 * @param hex the hex id
 * @param[out] number the chip's number (2..6, 8..12), or 0 for none yet
 * @retval CATAN_OK on success
 * @retval CATAN_ENOTFOUND the game has no number chips, or the hex has no
 *         chip space (#CATAN_SITE_CHIP_SPACE)
 * @retval CATAN_EINVAL bad argument
 */
CATAN_API int catan_state_hex_chip(const catan_state *s, unsigned hex, int *number);

/**
 * The last dice total rolled this turn.
 * @param s the state
 * @return 2..12, or 0 if not rolled yet this turn
 */
CATAN_API int catan_state_dice(const catan_state *s);

/**
 * What stands at an intersection.
 * @param s the state
 * @param vertex the intersection id
 * @param[out] owner_out the owner, or -1 (may be NULL)
 * @return a #catan_piece, or #CATAN_EINVAL
 */
CATAN_API int catan_state_vertex_piece(const catan_state *s, unsigned vertex, int *owner_out);

/**
 * What lies on an edge: a road or nothing. A declared road-like piece
 * (#CATAN_PIECE_ROAD_LIKE, a bridge) is not a road: its edge says
 * #CATAN_PIECE_NONE with owner -1 here, and catan_state_pieces_at()
 * finds it.
 * @param s the state
 * @param edge the edge id
 * @param[out] owner_out the road's owner, or -1 (may be NULL)
 * @return #CATAN_PIECE_ROAD or #CATAN_PIECE_NONE, or #CATAN_EINVAL
 */
CATAN_API int catan_state_edge_piece(const catan_state *s, unsigned edge, int *owner_out);

/**
 * The best rate at which a player trades cards of one kind with the bank
 * now: the game's rate (catan_game_maritime_rate()) or a harbor's where
 * the player has a settlement or city.
 * @param s the state
 * @param player a seated player
 * @param kind a card kind, 0 .. catan_game_card_kind_count() - 1
 * @return the cards given for one (2..4), or #CATAN_EINVAL
 */
CATAN_API int catan_state_maritime_rate(const catan_state *s, int player, int kind);

/**
 * Holder of Longest Road. In a game with award contests
 * (catan_game_contest_count() above 1) there is no single holder: -1; ask
 * catan_state_award_holder().
 * @param s the state
 * @return the player, or -1
 */
CATAN_API int catan_state_longest_road_holder(const catan_state *s);

/**
 * Holder of Largest Army; -1 in a game with award contests, as for
 * catan_state_longest_road_holder().
 * @param s the state
 * @return the player, or -1
 */
CATAN_API int catan_state_largest_army_holder(const catan_state *s);

/**
 * Holder of an award in a contest (catan_game_contest_count()): in a game
 * without contests, contest 0 is everyone's and its holder is
 * catan_state_longest_road_holder()'s or catan_state_largest_army_holder()'s.
 * @param s the state
 * @param award a #catan_award
 * @param contest 0 .. catan_game_contest_count() - 1
 * @param[out] holder the holding player, or -1 (nobody holds it)
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL a NULL argument, an unknown award or contest
 */
CATAN_API int catan_state_award_holder(const catan_state *s, unsigned award, unsigned contest,
				       int *holder);

/**
 * Read a counter that a rule module keeps: trade tokens, gold, fish,
 * cards left in a deck. Each module's page in doc/variants/ lists its
 * counter names. The game's holdings (catanrules/holding.h) are counters
 * too, read as catan_state_holding() reads them (player -1: the supply).
 * @param s the state
 * @param player a seated player, or -1 for a counter of the whole game
 * @param name the counter's name, e.g. "trade_tokens"
 * @param out receives the value
 * @return CATAN_OK, CATAN_ENOTFOUND (no module of this game keeps it) or CATAN_EINVAL
 */
CATAN_API int catan_state_counter(const catan_state *s, int player, const char *name,
				  int32_t *out);

/**
 * Format an action in notation.
 * @param g the game
 * @param a the action
 * @param[out] buf destination (may be NULL when @p cap is 0)
 * @param cap capacity
 * @param[out] len_out length without the NUL (may be NULL)
 * @retval CATAN_OK on success
 * @retval CATAN_EBUFS if @p cap is too small
 * @retval CATAN_EINVAL bad argument or an action with fields out of range
 */
CATAN_API int catan_action_format(const catan_game *g, const catan_action *a,
                                  char *buf, size_t cap, size_t *len_out);

/**
 * Parse an action in notation; parse(format(a)) == a. Parsing checks the
 * spelling only; legality is catan_state_check_action()'s business.
 * @param s a state of the game (a failure message is recorded on it)
 * @param text the text
 * @param[out] out the action
 * @retval CATAN_OK on success
 * @retval CATAN_EPARSE malformed text (catan_state_errmsg() says where)
 * @retval CATAN_ENOTFOUND unknown action name or location
 * @retval CATAN_EINVAL bad argument
 */
CATAN_API int catan_action_parse(const catan_state *s, const char *text, catan_action *out);

CATAN_END_DECLS

/** @} */
#endif
