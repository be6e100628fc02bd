/*
 * libcatanrules: common definitions shared by every public header.
 * SPDX-License-Identifier: MIT
 */
#ifndef INCLUDE_catanrules_common_h__
#define INCLUDE_catanrules_common_h__

#include <stddef.h>
#include <stdint.h>

/**
 * @file catanrules/common.h
 * @brief Visibility macros, error codes, player ids, card kinds and limits.
 * @defgroup common Common definitions
 * @{
 */

/** @cond INTERNAL */
#if defined(_WIN32) && defined(CATAN_BUILDING_DLL)
#  define CATAN_API __declspec(dllexport)
#elif defined(_WIN32) && !defined(CATAN_STATIC)
#  define CATAN_API __declspec(dllimport)
#elif defined(__GNUC__) && __GNUC__ >= 4
#  define CATAN_API __attribute__((visibility("default")))
#else
#  define CATAN_API
#endif

#ifdef __cplusplus
#  define CATAN_BEGIN_DECLS extern "C" {
#  define CATAN_END_DECLS }
#else
#  define CATAN_BEGIN_DECLS
#  define CATAN_END_DECLS
#endif
/** @endcond */

CATAN_BEGIN_DECLS

/**
 * Return codes. Every fallible function returns #CATAN_OK (0) or one of
 * these negative values; the handle passed in then carries a message
 * (catan_ctx_errmsg(), catan_game_errmsg(), catan_state_errmsg()).
 */
typedef enum catan_error {
	CATAN_OK        =  0,   /**< success */
	CATAN_ERROR     = -1,   /**< generic failure */
	CATAN_EINVAL    = -2,   /**< bad argument: NULL, out-of-range id, wrong game */
	CATAN_ENOMEM    = -3,   /**< the allocator hook returned NULL */
	CATAN_EBUFS     = -4,   /**< caller buffer too small; the count/length out-parameter holds the size needed */
	CATAN_EILLEGAL  = -5,   /**< the action is not legal now; the state is unchanged; see #catan_reason */
	CATAN_ENOTFOUND = -6,   /**< unknown variant, module, option or name */
	CATAN_EVERSION  = -7,   /**< unsupported struct version or format version */
	CATAN_EPARSE    = -8,   /**< malformed text: game string, action, location */
	CATAN_ENOTSUP   = -9,   /**< the operation is not offered by this variant or mode */
	CATAN_EUSER     = -100  /**< reserved for host callbacks; propagated untouched */
} catan_error;

/**
 * Special player ids (the same numbers as OpenSpiel's).
 * Real players are numbered 0 .. num_players-1 in seating (clockwise) order.
 */
enum catan_player_id {
	CATAN_PLAYER_CHANCE       = -1, /**< a chance event must be resolved */
	CATAN_PLAYER_SIMULTANEOUS = -2, /**< several players owe a decision; see catan_state_acting_players() */
	CATAN_PLAYER_INVALID      = -3, /**< no player */
	CATAN_PLAYER_TERMINAL     = -4, /**< the game is over */
	CATAN_OBSERVER_PUBLIC     = -5, /**< spectator view */
	CATAN_OBSERVER_ALL        = -6, /**< referee view: everything */
	/** The host's end of a round (the timer running out, CATAN Connect's
	 *  referee, RULINGS C13): actions of this player are listed and applied
	 *  like a player's, in games that declare them (catan_game_info.referee). */
	CATAN_PLAYER_REFEREE      = -7
};

/** The most piece owners (seated and neutral players) a game has: a bit
 *  each in the 32-bit player masks (catan_state_acting_players()).
 *  CATAN Connect seats 4 to 16 persons and more. */
#define CATAN_MAX_PLAYERS 32
/** Number of card-kind slots in hands, the bank and actions. */
#define CATAN_MAX_CARD_KINDS 8
/** Number of development-card kind slots. */
#define CATAN_MAX_DEV_KINDS 8

/** Card kinds. Slots 5..7 are used by variants (salt, commodities). */
typedef enum catan_resource {
	CATAN_LUMBER = 0, /**< from forest; also "wood" */
	CATAN_BRICK  = 1, /**< from hills; also "clay" */
	CATAN_WOOL   = 2, /**< from pasture; also "sheep" */
	CATAN_GRAIN  = 3, /**< from fields; also "wheat" */
	CATAN_ORE    = 4, /**< from mountains */
	CATAN_NUM_RESOURCES = 5 /**< number of base resources */
} catan_resource;

/** Development-card kinds of the base game. */
typedef enum catan_dev_card {
	CATAN_DEV_KNIGHT         = 0, /**< move the robber and steal */
	CATAN_DEV_ROAD_BUILDING  = 1, /**< place up to two free roads */
	CATAN_DEV_YEAR_OF_PLENTY = 2, /**< take two resources from the bank (Discovery, Invention) */
	CATAN_DEV_MONOPOLY       = 3, /**< take every card of one type from the others */
	CATAN_DEV_VICTORY_POINT  = 4, /**< one hidden victory point */
	CATAN_NUM_DEV_KINDS      = 5  /**< number of base development-card kinds */
} catan_dev_card;

/**
 * Describe a return code.
 * @param code a #catan_error value
 * @return a static, NUL-terminated English string; never NULL
 */
CATAN_API const char *catan_strerror(int code);

/**
 * Name of a card kind as used in notation ("lumber", "brick", ...).
 * @param kind a #catan_resource value (0 .. CATAN_MAX_CARD_KINDS-1)
 * @return a static string, or NULL for a kind with no name
 */
CATAN_API const char *catan_resource_name(int kind);

/**
 * Name of a development-card kind as used in notation ("knight", ...).
 * @param kind a #catan_dev_card value
 * @return a static string, or NULL for a kind with no name
 */
CATAN_API const char *catan_dev_card_name(int kind);

CATAN_END_DECLS

/** @} */
#endif
