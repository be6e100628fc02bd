/*
 * libcatanrules: holdings — per-player named counters a game declares.
 * SPDX-License-Identifier: MIT
 */
#ifndef INCLUDE_catanrules_holding_h__
#define INCLUDE_catanrules_holding_h__

#include "common.h"
#include "game.h"
#include "state.h"

/**
 * @file catanrules/holding.h
 * @brief Holdings: gold, fish tokens by value, prisoners, goods tiles.
 * @defgroup holding Holdings
 *
 * A game may declare holdings (its variant or a module does so while the
 * game is built, catan_game_declare_holding() in catanrules/sys/variant.h):
 * per-player named counts, each with a visibility.
 *
 * | visibility | who sees a player's count |
 * | --- | --- |
 * | #CATAN_HOLDING_PUBLIC | everyone |
 * | #CATAN_HOLDING_OWNER | the holder only |
 * | #CATAN_HOLDING_GROUP | the holder; everyone else sees only the total of the holding's group |
 *
 * A group is a set of holdings of visibility #CATAN_HOLDING_GROUP under one
 * group name (Fishing's tokens "fish_1", "fish_2", "fish_3" in the group
 * "fish": how many tokens a player has is public, their values are not).
 *
 * A holding may have a finite supply (the tokens not yet drawn): what a
 * player gains comes out of it and what they return goes back, so the
 * players' counts and the supply never add up to more than the declared
 * total (the rest is out of play: spent, discarded). The supply of a
 * public holding is public; of a group, its total is public; of a holding
 * of the owner, nobody but the referee sees it.
 *
 * Holdings are shown in observation strings ("holding" and "supply"
 * lines), in JSON (doc/json.md), in snapshots, and are redealt by
 * catan_state_resample() among what the observer cannot see. A game
 * without holdings has none of this in its state.
 * @{
 */

CATAN_BEGIN_DECLS

/** Who sees a holding (catan_holding_info.visibility). */
typedef enum catan_holding_visibility {
	CATAN_HOLDING_PUBLIC = 0, /**< every player sees every player's count */
	CATAN_HOLDING_OWNER  = 1, /**< only the holder sees their count */
	CATAN_HOLDING_GROUP  = 2  /**< the group's total is public, this member's count the holder's only */
} catan_holding_visibility;

/**
 * Which trades carry a holding (catan_holding_info.trade): Rivers of
 * Catan's and Merchants of Europe's gold. A traded holding takes a slot of
 * the actions' give[] and get[] after the game's card kinds
 * (catan_holding_info.slot), is written like a card kind in card lists
 * (`p0 offer_trade give gold=2 get ore=1`) and is public.
 */
typedef enum catan_holding_trade {
	/** Domestic trades may carry it: offers, counter-offers and their
	 *  confirmation move it between the two players ("You may use coins
	 *  in trades with other players", traders-and-barbarians.txt). */
	CATAN_HOLDING_TRADED   = 1u << 0,
	/** A maritime trade may take one unit of it from the supply for the
	 *  cards of one kind at the player's rate ("You may also trade
	 *  resource cards with the supply for gold at the general 4:1 rate",
	 *  ibid.; "3 identical resource cards ... 1 gold",
	 *  histories-merchants-of-europe.txt). */
	CATAN_HOLDING_MARITIME = 1u << 1
} catan_holding_trade;

/** The supply's index in catan_state_holding() and catan_state_observe_holding(). */
#define CATAN_HOLDING_SUPPLY (-1)

/** A declared holding, as catan_game_holding() describes it. */
typedef struct catan_holding_info {
	const char *name;       /**< the holding's name ([a-z0-9_]+) */
	const char *group;      /**< the group's name (#CATAN_HOLDING_GROUP), else NULL */
	uint32_t    visibility; /**< a #catan_holding_visibility */
	uint32_t    max;        /**< the most one player may hold */
	int32_t     supply;     /**< the declared total of a finite supply, or -1 for none */
	int32_t     target;     /**< points each unit held adds to the holder's win target */
	uint32_t    trade;      /**< #catan_holding_trade bits, 0 for a holding no trade carries */
	int32_t     slot;       /**< a traded holding's index in catan_action.give and .get, else -1 */
} catan_holding_info;

/**
 * How many holdings a game declares.
 * @param g the game
 * @return the count (0 for most games), or #CATAN_EINVAL
 */
CATAN_API int catan_game_holding_count(const catan_game *g);

/**
 * Describe a declared holding.
 * @param g the game
 * @param index 0 .. catan_game_holding_count() - 1
 * @param[out] out the description (its strings live as long as the game)
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL bad argument or index
 */
CATAN_API int catan_game_holding(const catan_game *g, unsigned index, catan_holding_info *out);

/**
 * A player's count of a holding, as the referee sees it.
 * @param s the state
 * @param player a seated player, or #CATAN_HOLDING_SUPPLY for the supply
 * @param name the holding's name, or a group's name for the group's total
 * @param[out] out the count
 * @retval CATAN_OK on success
 * @retval CATAN_ENOTFOUND the game declares no such holding or group, or
 *         the supply of a holding that has none was asked for
 * @retval CATAN_EINVAL bad argument
 */
CATAN_API int catan_state_holding(const catan_state *s, int player, const char *name,
				  int32_t *out);

/**
 * A player's count of a holding, as an observer sees it: -1 when the
 * observer may not see it (another player's holding of visibility
 * #CATAN_HOLDING_OWNER or #CATAN_HOLDING_GROUP; a group's total is
 * public).
 * @param s the state
 * @param observer a player, #CATAN_OBSERVER_PUBLIC or #CATAN_OBSERVER_ALL
 * @param player a seated player, or #CATAN_HOLDING_SUPPLY for the supply
 * @param name the holding's name, or a group's name
 * @param[out] out the count, or -1
 * @retval CATAN_OK on success
 * @retval CATAN_ENOTFOUND no such holding or group (or supply)
 * @retval CATAN_EINVAL bad argument or observer
 */
CATAN_API int catan_state_observe_holding(const catan_state *s, int observer, int player,
					  const char *name, int32_t *out);

CATAN_END_DECLS

/** @} */
#endif
