/*
 * libcatanrules: what one observer may know of a position.
 * SPDX-License-Identifier: MIT
 */
#ifndef INCLUDE_catanrules_observe_h__
#define INCLUDE_catanrules_observe_h__

#include "common.h"
#include "state.h"

/**
 * @file catanrules/observe.h
 * @brief Observations per observer, text and JSON views, resampling.
 * @defgroup observe Observations
 *
 * An observer is a player (0..n-1), #CATAN_OBSERVER_PUBLIC (a spectator) or
 * #CATAN_OBSERVER_ALL (the referee). A player sees their own hand and
 * development cards; of the others only counts (cards in hand, development
 * cards in hand), the pieces on the board and everything played face up.
 * No view but the referee's contains another player's hand composition, an
 * unrevealed development card, the deck order or composition, or the RNG.
 * @{
 */

CATAN_BEGIN_DECLS

/** Flags in #catan_player_view. */
enum catan_view_flags {
	CATAN_VIEW_CARDS_KNOWN = 1, /**< cards[] holds the exact hand */
	CATAN_VIEW_DEV_KNOWN   = 2  /**< dev_cards[] holds the exact development cards */
};

/** One player as an observer sees them. */
typedef struct catan_player_view {
	uint8_t  cards[CATAN_MAX_CARD_KINDS];    /**< exact hand if known, else zeros */
	uint8_t  dev_cards[CATAN_MAX_DEV_KINDS]; /**< exact development cards if known, else zeros */
	uint32_t flags;                          /**< #catan_view_flags */
	uint32_t card_total;                     /**< resource cards in hand (public) */
	uint32_t dev_total;                      /**< development cards in hand (public) */
	uint32_t knights_played;                 /**< Knights face up */
	uint32_t roads_left;                     /**< roads in stock */
	uint32_t settlements_left;               /**< settlements in stock */
	uint32_t cities_left;                    /**< cities in stock */
	uint32_t longest_road;                   /**< longest continuous road */
	int32_t  public_vp;                      /**< public points (may be negative) */
	int32_t  visible_vp;                     /**< points the observer can count (own hidden cards for self), public_vp if the others' are unknown */
	uint32_t discard_owed;                   /**< cards still to discard */
	int32_t  has_longest_road;               /**< 1 if holder */
	int32_t  has_largest_army;               /**< 1 if holder */
	int32_t  trade_response;                 /**< 0 none/pending, 1 accepted, 2 declined, 3 countered */
	uint8_t  counter_give[CATAN_MAX_CARD_KINDS]; /**< counter offer (public) */
	uint8_t  counter_get[CATAN_MAX_CARD_KINDS];  /**< counter offer (public) */
} catan_player_view;

/** Everything an observer knows of a state, board occupancy and the
 *  game's holdings excepted (catan_state_observe_holding() reads those). */
typedef struct catan_observation {
	unsigned int      version;        /**< set to #CATAN_OBSERVATION_VERSION by the caller */
	int32_t           observer;       /**< who is observing */
	int32_t           current_player; /**< as catan_state_current_player() */
	int32_t           turn_player;    /**< whose turn it is, or -1 */
	uint32_t          phase;          /**< a #catan_phase */
	uint32_t          turn;           /**< turn number */
	uint32_t          num_players;    /**< players */
	uint32_t          dice;           /**< last roll this turn, 0 if none */
	uint32_t          robber_hex;     /**< robber position */
	int32_t           winner;         /**< winner or -1 */
	int32_t           longest_road_holder; /**< or -1 */
	int32_t           largest_army_holder; /**< or -1 */
	uint32_t          acting_players; /**< bit mask */
	uint8_t           bank[CATAN_MAX_CARD_KINDS]; /**< the bank (public) */
	uint32_t          dev_deck_total; /**< development cards left (public) */
	uint8_t           offer_give[CATAN_MAX_CARD_KINDS]; /**< open offer: the turn player gives */
	uint8_t           offer_get[CATAN_MAX_CARD_KINDS];  /**< open offer: the turn player gets */
	catan_player_view players[CATAN_MAX_PLAYERS];      /**< per player */
} catan_observation;

/** Current version of #catan_observation. */
#define CATAN_OBSERVATION_VERSION 1

/**
 * Fill an observation. Board occupancy is read with
 * catan_state_vertex_piece() and catan_state_edge_piece() (always public).
 * @param s the state
 * @param observer a player, #CATAN_OBSERVER_PUBLIC or #CATAN_OBSERVER_ALL
 * @param[in,out] out the caller sets out->version first
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL bad observer or argument
 * @retval CATAN_EVERSION unknown out->version
 */
CATAN_API int catan_state_observe(const catan_state *s, int observer, catan_observation *out);

/**
 * A line-oriented text of everything the observer knows (board included,
 * the rule modules' counters as "counter" lines, which every observer
 * sees, and the game's holdings as "holding NAME pI N" and "supply NAME N"
 * lines for what the observer may see, catanrules/holding.h; and the
 * declared pieces as "piece KIND pI stock N PLACES" lines, which every
 * observer sees, catanrules/piece.h); equal for
 * two states exactly when the observer cannot tell them apart.
 * @param s the state
 * @param observer a player, #CATAN_OBSERVER_PUBLIC or #CATAN_OBSERVER_ALL
 * @param[out] buf destination (may be NULL when @p cap is 0)
 * @param cap capacity
 * @param[out] len_out length without the NUL (may be NULL)
 * @retval CATAN_OK on success
 * @retval CATAN_EBUFS if @p cap is too small
 * @retval CATAN_EINVAL bad argument
 */
CATAN_API int catan_state_observation_string(const catan_state *s, int observer,
                                             char *buf, size_t cap, size_t *len_out);

/**
 * The observer's view as a JSON object (schema in doc/json.md).
 * @param s the state
 * @param observer a player, #CATAN_OBSERVER_PUBLIC or #CATAN_OBSERVER_ALL
 * @param[out] buf destination (may be NULL when @p cap is 0)
 * @param cap capacity
 * @param[out] len_out length without the NUL (may be NULL)
 * @retval CATAN_OK on success
 * @retval CATAN_EBUFS if @p cap is too small
 * @retval CATAN_EINVAL bad argument
 */
CATAN_API int catan_state_to_json(const catan_state *s, int observer,
                                  char *buf, size_t cap, size_t *len_out);

/**
 * A full state consistent with what @p player knows: the other players'
 * hands and development cards and the deck are redealt at random (with
 * @p seed) keeping every public count, and the RNG is reseeded. The
 * player's observation string of the result equals that of @p s.
 * @param[out] out the new state; free with catan_state_free()
 * @param s the state
 * @param player the observer whose knowledge is kept
 * @param seed seed for the redeal
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL bad argument
 * @retval CATAN_ENOMEM allocation failed
 */
CATAN_API int catan_state_resample(catan_state **out, const catan_state *s, int player,
                                   uint64_t seed);

CATAN_END_DECLS

/** @} */
#endif
