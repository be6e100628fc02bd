/*
 * libcatanrules: action types, phases and names of the Traders & Barbarians
 * rule modules.
 * SPDX-License-Identifier: MIT
 */
#ifndef INCLUDE_catanrules_traders_h__
#define INCLUDE_catanrules_traders_h__

#include "action.h"
#include "state.h"

/**
 * @file catanrules/traders.h
 * @brief Traders & Barbarians modules: their action types and phases.
 * @defgroup traders Traders & Barbarians
 *
 * The modules `event_cards`, `catan_for_two`, `rivers` (Rivers of Catan:
 * its bridge and its gold spending) and `fishing` (Fishing on Catan) add
 * actions and phases of their own to `base`. Their numbers are fixed here so that hosts and
 * language bindings can switch on them; notation, reasons and the rest of
 * the API treat them like the base game's (catan_action_format(),
 * catan_state_phase_name(), ...). Each module's page in doc/variants/
 * describes every action's fields.
 * @{
 */

CATAN_BEGIN_DECLS

/** The event cards of the `event_cards` module (RULINGS T4, 2025 names). */
typedef enum catan_event {
	CATAN_EVENT_BEAUTIFUL_DAY    = 0,  /**< no event effect */
	CATAN_EVENT_PLENTIFUL_YEAR   = 1,  /**< every player takes 1 resource of choice */
	CATAN_EVENT_CONFLICT         = 2,  /**< Largest Army (or most Knights) steals */
	CATAN_EVENT_ROBBER_FLEES     = 3,  /**< the robber returns to the desert */
	CATAN_EVENT_TRADE_ADVANTAGE  = 4,  /**< Longest Road takes a random card */
	CATAN_EVENT_TOURNAMENT       = 5,  /**< most Knights played take a resource */
	CATAN_EVENT_GOOD_NEIGHBORS   = 6,  /**< each gives a card to the left */
	CATAN_EVENT_EARTHQUAKE       = 7,  /**< each damages one own road */
	CATAN_EVENT_EPIDEMIC         = 8,  /**< cities produce 1 this turn */
	CATAN_EVENT_ROBBER_ATTACKS   = 9,  /**< resolve a 7 */
	CATAN_EVENT_CALM_SEAS        = 10, /**< most buildings on harbors take a resource */
	CATAN_EVENT_HELPFUL_NEIGHBOR = 11, /**< most points gives a card to one with fewer */
	CATAN_EVENT_NEW_YEAR         = 12, /**< the deck is made anew */
	CATAN_EVENT_COUNT            = 13  /**< number of events */
} catan_event;

/** Action types of the `event_cards` module (0x120..0x13f). */
enum catan_event_action {
	/** Chance: the event card revealed; target = its number (2..12), arg = #catan_event. */
	CATAN_ACT_EVENT_CARD       = 0x120,
	/** Chance: the card an event's steal takes; arg = #catan_resource. */
	CATAN_ACT_EVENT_STEAL_CARD = 0x121,
	/** Take 1 resource of choice from the bank: get[] = that card. */
	CATAN_ACT_TAKE_RESOURCE    = 0x122,
	/** Give 1 resource card: give[] = that card, arg = the receiving player. */
	CATAN_ACT_GIVE_RESOURCE    = 0x123,
	/** Steal 1 random resource card from arg = the victim. */
	CATAN_ACT_EVENT_STEAL      = 0x124,
	/** Decline an event's optional choice. */
	CATAN_ACT_EVENT_PASS       = 0x125,
	/** Earthquake: damage one's own road at target = edge. */
	CATAN_ACT_DAMAGE_ROAD      = 0x126,
	/** Repair one's damaged road at target = edge (1 brick, 1 lumber). */
	CATAN_ACT_REPAIR_ROAD      = 0x127,
	CATAN_ACT_EVENT_FIRST      = 0x120, /**< first type of the module */
	CATAN_ACT_EVENT_LAST       = 0x13f  /**< last type of the module */
};

/** Action types of the `catan_for_two` module (0x140..0x15f). */
enum catan_for_two_action {
	/** Build a free neutral road: target = edge, arg = the neutral player. */
	CATAN_ACT_NEUTRAL_ROAD        = 0x140,
	/** Build a free neutral settlement: target = intersection, arg = the neutral player. */
	CATAN_ACT_NEUTRAL_SETTLEMENT  = 0x141,
	/** Discard one played Knight for 2 trade tokens. */
	CATAN_ACT_KNIGHT_FOR_TOKENS   = 0x142,
	/** Spend trade tokens on a Forced Trade with arg = the other player. */
	CATAN_ACT_FORCED_TRADE        = 0x143,
	/** Chance: a card the Forced Trade takes; arg = #catan_resource. */
	CATAN_ACT_FORCED_TRADE_CARD   = 0x144,
	/** The cards given back in a Forced Trade: give[]. */
	CATAN_ACT_FORCED_TRADE_GIVE   = 0x145,
	/** Spend trade tokens to move the robber to the desert. */
	CATAN_ACT_TOKEN_ROBBER        = 0x146,
	CATAN_ACT_FOR_TWO_FIRST       = 0x140, /**< first type of the module */
	CATAN_ACT_FOR_TWO_LAST        = 0x15f  /**< last type of the module */
};

/** Action types of the `rivers` module (0x180..0x19f). */
enum catan_rivers_action {
	/** Build a bridge on target = an empty bridge-site edge (2 brick, 1 lumber). */
	CATAN_ACT_BUILD_BRIDGE        = 0x180,
	/** Spend 2 gold for 1 resource card from the bank: get[] = that card. */
	CATAN_ACT_SPEND_GOLD          = 0x181,
	/** "To the desert": the mover puts the robber on target = a swamp of their choice. */
	CATAN_ACT_ROBBER_SWAMP        = 0x182,
	CATAN_ACT_RIVERS_FIRST        = 0x180, /**< first type of the module */
	CATAN_ACT_RIVERS_LAST         = 0x19f  /**< last type of the module */
};

/** Phases of the `rivers` module. */
enum catan_rivers_phase {
	CATAN_PHASE_ROBBER_SWAMP      = 120, /**< the turn player picks the swamp "to the desert" sends the robber to */
	CATAN_PHASE_RIVERS_FIRST      = 120, /**< first phase of `rivers` */
	CATAN_PHASE_RIVERS_LAST       = 127  /**< last phase of `rivers` */
};

/** Phases of the Traders & Barbarians modules. */
enum catan_traders_phase {
	CATAN_PHASE_EVENT_TAKE        = 96,  /**< players take a resource of choice */
	CATAN_PHASE_EVENT_GIVE        = 97,  /**< players give a resource card */
	CATAN_PHASE_EVENT_STEAL       = 98,  /**< a player picks whom an event's steal hits */
	CATAN_PHASE_EVENT_DAMAGE      = 99,  /**< players pick the road an earthquake damages */
	CATAN_PHASE_NEUTRAL_BUILD     = 104, /**< the turn player builds for a neutral player */
	CATAN_PHASE_FORCED_TRADE_GIVE = 105, /**< the turn player gives back two cards */
	CATAN_PHASE_SECOND_PRODUCTION = 106, /**< Catan for Two's second production roll */
	CATAN_PHASE_EVENT_FIRST       = 96,  /**< first phase of `event_cards` */
	CATAN_PHASE_EVENT_LAST        = 103, /**< last phase of `event_cards` */
	CATAN_PHASE_FOR_TWO_FIRST     = 104, /**< first phase of `catan_for_two` */
	CATAN_PHASE_FOR_TWO_LAST      = 111  /**< last phase of `catan_for_two` */
};

/** Action types of the `fishing` module (0x160..0x17f). A payment (the
 *  spending actions) is give[5], give[6], give[7] = the player's fish
 *  tokens of one, two and three fish spent: a set covering the cost from
 *  which no token could be left out (RULINGS T10). */
enum catan_fishing_action {
	/** Chance: the fish token drawn; arg = its fish (1..3), 0 the old boot. */
	CATAN_ACT_FISH_DRAW       = 0x160,
	/** Keep 7 tokens: discard one of arg fish (1..3) and draw a replacement. */
	CATAN_ACT_FISH_SWAP       = 0x161,
	/** Decline the swap: the tokens still owed are lost. */
	CATAN_ACT_FISH_KEEP       = 0x162,
	/** 2 fish: take the robber off the board. */
	CATAN_ACT_FISH_ROBBER     = 0x163,
	/** 3 fish: steal a random resource card from arg = the victim. */
	CATAN_ACT_FISH_STEAL      = 0x164,
	/** Chance: the card the 3-fish steal takes; arg = #catan_resource. */
	CATAN_ACT_FISH_STEAL_CARD = 0x165,
	/** 4 fish: take get[] = one resource card of choice from the bank. */
	CATAN_ACT_FISH_RESOURCE   = 0x166,
	/** 5 fish: build a road at target = edge at no cost. */
	CATAN_ACT_FISH_ROAD       = 0x167,
	/** 7 fish: take a development card at no cost. */
	CATAN_ACT_FISH_DEV        = 0x168,
	/** Give the old boot to arg = a player with the same or more public points. */
	CATAN_ACT_GIVE_BOOT       = 0x169,
	CATAN_ACT_FISHING_FIRST   = 0x160, /**< first type of the module */
	CATAN_ACT_FISHING_LAST    = 0x17f  /**< last type of the module */
};

/** Phases of the `fishing` module (112..119). */
enum catan_fishing_phase {
	/** A player at 7 fish tokens who is owed more decides on the swap. */
	CATAN_PHASE_FISH_SWAP     = 112,
	CATAN_PHASE_FISHING_FIRST = 112, /**< first phase of `fishing` */
	CATAN_PHASE_FISHING_LAST  = 119  /**< last phase of `fishing` */
};

CATAN_END_DECLS

/** @} */
#endif
