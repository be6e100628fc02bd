/*
 * libcatanrules: actions, their notation and the reasons for refusing them.
 * SPDX-License-Identifier: MIT
 */
#ifndef INCLUDE_catanrules_action_h__
#define INCLUDE_catanrules_action_h__

#include "common.h"

/**
 * @file catanrules/action.h
 * @brief The action POD, action types, refusal reasons, notation.
 * @defgroup action Actions
 *
 * An action is a small fixed-size struct with no pointers. Chance outcomes
 * are actions too (player #CATAN_PLAYER_CHANCE). Legal actions come in a
 * canonical order: by type, then player, target, arg, give[], get[]
 * (catan_action_compare()).
 *
 * Notation (catan_action_format() / catan_action_parse()):
 * `p1 build_road h4.n-ne`, `p0 build_settlement h9.se`, `p2 discard ore=2,wool=1`,
 * `p0 maritime_trade give lumber=4 get ore=1`, `chance dice 8`.
 * doc/notation.md lists every form.
 * @{
 */

CATAN_BEGIN_DECLS

/** Action types. Variants and modules number theirs from #CATAN_ACT_VARIANT_BASE. */
typedef enum catan_action_type {
	CATAN_ACT_NONE                 = 0,  /**< never legal */
	/* chance outcomes (player = CATAN_PLAYER_CHANCE) */
	CATAN_ACT_FIRST_PLAYER         = 1,  /**< roll-off winner: target = player */
	CATAN_ACT_DICE                 = 2,  /**< dice total: target = 2..12 */
	CATAN_ACT_DRAW_DEV             = 3,  /**< development card drawn: arg = #catan_dev_card */
	CATAN_ACT_STEAL_CARD           = 4,  /**< card taken by a steal: arg = #catan_resource */
	/* player decisions */
	CATAN_ACT_ROLL                 = 16, /**< roll the dice */
	CATAN_ACT_DISCARD              = 17, /**< give[] = cards discarded on a 7 */
	CATAN_ACT_MOVE_ROBBER          = 18, /**< target = hex */
	CATAN_ACT_STEAL                = 19, /**< arg = victim player */
	CATAN_ACT_BUILD_ROAD           = 20, /**< target = edge */
	CATAN_ACT_BUILD_SETTLEMENT     = 21, /**< target = intersection */
	CATAN_ACT_BUILD_CITY           = 22, /**< target = intersection with own settlement */
	CATAN_ACT_BUY_DEV              = 23, /**< buy a development card */
	CATAN_ACT_PLAY_KNIGHT          = 24, /**< play a Knight */
	CATAN_ACT_PLAY_ROAD_BUILDING   = 25, /**< play Road Building */
	CATAN_ACT_PLAY_YEAR_OF_PLENTY  = 26, /**< get[] = the cards taken (2, or 1 if the bank has only 1) */
	CATAN_ACT_PLAY_MONOPOLY        = 27, /**< arg = resource */
	CATAN_ACT_MARITIME_TRADE       = 28, /**< give[] to the bank, get[] = 1 card */
	CATAN_ACT_OFFER_TRADE          = 29, /**< current player offers give[] for get[] */
	CATAN_ACT_ACCEPT_TRADE         = 30, /**< a responder accepts the offer */
	CATAN_ACT_DECLINE_TRADE        = 31, /**< a responder declines */
	CATAN_ACT_COUNTER_TRADE        = 32, /**< a responder proposes give[] (theirs) for get[] */
	CATAN_ACT_CONFIRM_TRADE        = 33, /**< current player trades with arg = partner */
	CATAN_ACT_CANCEL_TRADE         = 34, /**< current player withdraws the offer */
	CATAN_ACT_END_TURN             = 35, /**< pass the turn */
	CATAN_ACT_VARIANT_BASE         = 256 /**< first variant/module-defined type */
} catan_action_type;

/** An action: 24 bytes, no pointers, fixed-width fields. */
typedef struct catan_action {
	uint16_t type;                        /**< a #catan_action_type */
	int8_t   player;                      /**< acting player, or #CATAN_PLAYER_CHANCE */
	uint8_t  flags;                       /**< reserved, must be 0 */
	uint16_t target;                      /**< hex / intersection / edge id, dice total, player (per type) */
	uint16_t arg;                         /**< resource, victim, partner, card kind (per type) */
	uint8_t  give[CATAN_MAX_CARD_KINDS];  /**< cards given (discard, trade, ...) */
	uint8_t  get[CATAN_MAX_CARD_KINDS];   /**< cards received (trade, Year of Plenty) */
} catan_action;

/** Static initialiser for an empty action. */
#define CATAN_ACTION_INIT { 0, 0, 0, 0, 0, { 0 }, { 0 } }

/** Why an action was refused (machine-readable; see catan_reason_name()). */
typedef enum catan_reason {
	CATAN_REASON_NONE = 0,              /**< legal */
	CATAN_REASON_GAME_OVER,             /**< the game has ended */
	CATAN_REASON_WRONG_PHASE,           /**< not allowed in this phase */
	CATAN_REASON_NOT_YOUR_TURN,         /**< this player may not act now */
	CATAN_REASON_UNKNOWN_ACTION,        /**< no such action type in this game */
	CATAN_REASON_BAD_LOCATION,          /**< no such hex, intersection or edge */
	CATAN_REASON_BAD_ARGUMENT,          /**< malformed fields (reserved bits, counts) */
	CATAN_REASON_INSUFFICIENT_RESOURCES,/**< the player lacks the cards */
	CATAN_REASON_NO_PIECES_LEFT,        /**< no piece of that kind in stock */
	CATAN_REASON_OCCUPIED,              /**< the location is taken */
	CATAN_REASON_DISTANCE_RULE,         /**< a building stands on an adjacent intersection */
	CATAN_REASON_NOT_CONNECTED,         /**< not connected to the player's network */
	CATAN_REASON_NOT_OWN_SETTLEMENT,    /**< a city must replace one's own settlement */
	CATAN_REASON_SETUP_ORDER,           /**< set-up expects another piece or place */
	CATAN_REASON_BANK_EMPTY,            /**< the bank cannot supply the card */
	CATAN_REASON_DECK_EMPTY,            /**< no development cards left */
	CATAN_REASON_NO_CARD,               /**< the player holds no such development card */
	CATAN_REASON_CARD_BOUGHT_THIS_TURN, /**< development cards wait until a later turn */
	CATAN_REASON_CARD_ALREADY_PLAYED,   /**< one development card per turn */
	CATAN_REASON_NO_ROAD_POSSIBLE,      /**< Road Building with no road to place */
	CATAN_REASON_ROBBER_SAME_HEX,       /**< the robber must move to another hex */
	CATAN_REASON_INVALID_VICTIM,        /**< not an adjacent opponent with cards */
	CATAN_REASON_WRONG_DISCARD,         /**< more cards than owed, or cards not held */
	CATAN_REASON_BAD_TRADE,             /**< gift, same type on both sides, or empty side */
	CATAN_REASON_BAD_TRADE_RATIO,       /**< not the player's maritime rate */
	CATAN_REASON_TRADING_OVER,          /**< trading ended with the first build (phases=strict) */
	CATAN_REASON_NO_OFFER,              /**< no trade offer is open / partner did not agree */
	CATAN_REASON_ALREADY_RESPONDED,     /**< this player has answered the offer */
	CATAN_REASON_BAD_OUTCOME,           /**< not an outcome of the pending chance event */
	CATAN_REASON_VARIANT_RULE,          /**< a variant or module rule forbids it */
	CATAN_REASON_COUNT                  /**< number of reasons */
} catan_reason;

/**
 * Name of a reason as used in conformance scripts ("distance_rule", ...).
 * @param reason a #catan_reason
 * @return a static string; "unknown" for values out of range
 */
CATAN_API const char *catan_reason_name(int reason);

/**
 * Name of an action type as used in notation ("build_road", ...).
 * @param type a #catan_action_type of the base set
 * @return a static string, or NULL if the type has no base name
 */
CATAN_API const char *catan_action_type_name(int type);

/**
 * Total order of actions: type, player, target, arg, give[], get[].
 * NULL sorts before every action.
 * @param a an action (may be NULL)
 * @param b another action (may be NULL)
 * @return negative, 0 or positive as @p a sorts before, equal to, after @p b
 */
CATAN_API int catan_action_compare(const catan_action *a, const catan_action *b);

CATAN_END_DECLS

/** @} */
#endif
