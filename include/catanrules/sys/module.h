/*
 * libcatanrules: the rule-module extension interface.
 * SPDX-License-Identifier: MIT
 */
#ifndef INCLUDE_catanrules_sys_module_h__
#define INCLUDE_catanrules_sys_module_h__

#include "variant.h"

/**
 * @file catanrules/sys/module.h
 * @brief Rule modules stacked on a variant (built-in modules only; see sys/variant.h).
 * @defgroup sys_module Module interface
 *
 * A module changes some rules of a variant: `base+friendly_robber+event_cards`.
 * Its hooks are all optional and combine by fixed rules, in the order the
 * modules are named in the game string (frozen at game creation):
 *
 * | hook | combination |
 * | --- | --- |
 * | build_game | in order, after the variant's |
 * | init_state | in order, after the variant's |
 * | permit | overrule: asked only when the variant refuses an action; the first module that permits makes the variant's refusal void |
 * | check_action | veto: runs after the variant's check (and permits); the first non-zero reason wins |
 * | legal_actions | pipeline: each module may remove actions (keeping the order of the others) and append new ones, which the library sorts into place |
 * | after_apply | in order, after the variant's apply |
 * | refresh | in order, when the position changed outside an action (an edit, a load); it must leave a slice that matches the position unchanged, so a loaded slice it would change is refused |
 * | victory_points | fold: each adjusts the total |
 * | vp_to_win | fold: each adjusts the target (add to it, so the order does not matter) |
 * | robber_victims | fold over the bit mask of players the robber's mover may steal from |
 * | acting_players | fold over the bit mask of players who owe a decision |
 * | chance_outcomes | claim: the first module that lists outcomes for the pending chance event owns it; else the variant's |
 * | production | fold over what a roll pays each player, before the bank-shortage rule |
 * | apply, format_action, parse_action | owner: only for the module's own action types |
 * | phase_name | first non-NULL answer, after the variant's |
 * | counter | first module that knows the name |
 *
 * lib/modules.h implements each of these rules once (its table names the
 * function of each).
 *
 * Numbers are declared: the action types (@c action_first to
 * @c action_last), phases (@c phase_first to @c phase_last) and pending
 * chance events (@c chance_first to @c chance_last) a module owns, like
 * the variant's own (struct catan_variant_ops), are ranges that the
 * library checks when the context is created (every built-in variant and
 * module against every other) and when a game names the module (against
 * the variant and the modules before it): a range that is malformed, lies
 * in the core's numbers or overlaps another is refused with a message
 * naming both owners. A module sets only phases and chance events of its
 * own ranges or of the variant's turn flow.
 *
 * Action types from @c action_first to @c action_last belong to the
 * module: the variant never sees them; the module's check_action decides
 * their legality (after the library checked that the player may act now,
 * or that a chance outcome is listed), its apply applies them, and its
 * format_action and parse_action spell them. Built-in modules number their
 * types and phases in catanrules/traders.h.
 *
 * A module that takes the game out of the variant's turn flow sets the
 * core phase to one of its own phases (numbered from
 * #CATAN_PHASE_VARIANT_BASE) and answers acting_players for it; it hands
 * the turn back by restoring a variant phase. To replace a chance event of
 * the variant (event cards instead of dice), its chance_outcomes claims the
 * variant's pending event and lists outcomes of its own types; its apply
 * may call the variant's apply with the variant's outcome (the dice total)
 * to run the variant's consequences.
 *
 * Neutral players (@c neutral_players): piece owners numbered after the
 * seated players, who never act, hold no cards and receive no production;
 * their pieces count for the distance rule, blocking and Longest Road.
 *
 * Legality of a player action is therefore decided in this order: the
 * variant's check; if it refuses with reason R, each module's permit is
 * asked about R and the first one that returns non-zero overrules it (else
 * R is the answer); then every module's check_action, the first non-zero
 * reason winning. A variant reports the first check that fails, so a
 * module permits only a reason the variant tests last for that action
 * type (in `base`: robber_same_hex for move_robber), or unknown_action for
 * an action type the module defines itself and checks in check_action;
 * otherwise a later check of the variant would go unasked.
 *
 * robber_victims adjusts, in one place, whom the robber's mover may steal
 * from wherever the variant decides it: whether a steal follows a robber
 * move, which steals are legal and which are listed. A module may clear
 * bits; it may set only players who hold resource cards (the steal draws
 * one of them).
 *
 * Each module owns a flat slice of the state (state_size bytes), so copies
 * stay a memcpy. Per-player counts that observers must see by visibility
 * (gold, fish tokens by value, prisoners) are better declared as holdings
 * in build_game (catan_game_declare_holding(), sys/variant.h): the library
 * then shows, stores, edits and redeals them, and a holding's target
 * moves its holder's win target (Fishing's old boot) without touching the
 * points that vp_to_win and victory_points fold.
 * @{
 */

CATAN_BEGIN_DECLS

/** Current version of struct catan_module_ops. */
#define CATAN_MODULE_OPS_VERSION 6

/** An editable list of actions handed to the legal_actions hook. */
typedef struct catan_action_list {
	catan_action *items; /**< the actions */
	size_t        count; /**< how many are valid */
	size_t        cap;   /**< room in @c items */
} catan_action_list;

/** The module vtable. */
struct catan_module_ops {
	unsigned int            version;     /**< #CATAN_MODULE_OPS_VERSION */
	const char             *name;        /**< registry key, written after '+' */
	const char             *description; /**< one line */
	const char *const      *variants;    /**< NULL-terminated variants it stacks on */
	const char *const      *conflicts;   /**< NULL-terminated modules it cannot join */
	const catan_param_spec *params;      /**< parameters, terminated by a NULL name (may be NULL) */
	size_t                  state_size;  /**< bytes of its flat state slice */

	/** Adjust the game after the variant built it. */
	int (*build_game)(catan_game *g);
	/** Initialise the module's slice. */
	int (*init_state)(catan_state *s, void *slice);
	/** Veto, asked after the variant's check: return a #catan_reason, or 0
	 *  to let the action through. (A built-in module may record why with
	 *  catan_state__seterr(); the refusal's message then says so.) */
	int (*check_action)(const catan_state *s, const catan_action *a, const void *slice);
	/** Edit the player's legal actions in place (keep them legal and
	 *  unique): remove actions by moving the later ones down in order,
	 *  and append new ones at the end. */
	void (*legal_actions)(const catan_state *s, int player, catan_action_list *list, const void *slice);
	/** React after an action was applied. */
	void (*after_apply)(catan_state *s, const catan_action *a, void *slice);
	/** Adjust a player's points. The win check (G4) counts points only
	 *  after something they count may have changed: a building placed,
	 *  an award changing hands, a development card drawn, an edit or
	 *  load, and at the start of a turn whose player's points changed
	 *  outside their turn (the state's points_touched and points_waiting
	 *  flags, lib/catan-private.h). A module whose points change on
	 *  anything else calls catan_state__points_changed() for the player. */
	int (*victory_points)(const catan_state *s, int player, int include_hidden, int vp, const void *slice);
	/** Adjust the points needed to win. */
	int (*vp_to_win)(const catan_game *g, int vp);

	/* Since version 2. */

	/** Overrule the variant's refusal of @p a for @p reason (a
	 *  #catan_reason): return non-zero to make it legal as far as the
	 *  variant is concerned (the vetoes still run). */
	int (*permit)(const catan_state *s, const catan_action *a, int reason, const void *slice);
	/** Adjust @p victims, the bit mask of players @p thief may steal from
	 *  with the robber on @p hex; return the new mask. */
	uint32_t (*robber_victims)(const catan_state *s, unsigned hex, int thief, uint32_t victims,
				   const void *slice);
	/** Recompute what the module derives from the position after it
	 *  changed outside an action (the edits of edit.h). */
	void (*refresh)(catan_state *s, void *slice);

	/* Since version 3. */

	uint16_t action_first;    /**< first action type the module owns (0: none) */
	uint16_t action_last;     /**< last action type it owns */
	uint8_t  min_players;     /**< fewest seated players (0: the variant's) */
	uint8_t  max_players;     /**< most seated players (0: the variant's) */
	uint8_t  neutral_players; /**< piece owners that never act, after the seated players */

	/** Apply an action (or chance outcome) of the module's own types. */
	void (*apply)(catan_state *s, const catan_action *a, void *slice);
	/** If the module owns the pending chance event, push its outcomes and
	 *  return non-zero; return 0 to leave it to the next module or the
	 *  variant. */
	int (*chance_outcomes)(const catan_state *s, catan_sink *sink, const void *slice);
	/** Adjust @p mask, the players who owe a decision now. */
	uint32_t (*acting_players)(const catan_state *s, uint32_t mask, const void *slice);
	/** Adjust @p owed (owed[player][card kind], seated players) of a
	 *  production roll of @p total before the bank-shortage rule applies. */
	void (*production)(const catan_state *s, unsigned total,
			   unsigned owed[][CATAN_MAX_CARD_KINDS], const void *slice);
	/** Name of a module phase, or NULL. */
	const char *(*phase_name)(int phase);
	/** Format an action of the module's types (as catan_action_format()). */
	int (*format_action)(const catan_game *g, const catan_action *a,
			     char *buf, size_t cap, size_t *len_out);
	/** Parse an action word of the module's; CATAN_ENOTFOUND if unknown. */
	int (*parse_action)(const catan_game *g, const char *name, const char *args,
			    catan_action *out);
	/** A named counter of the module (catan_state_counter()): store it in
	 *  @p out and return CATAN_OK, or return CATAN_ENOTFOUND. @p player is
	 *  -1 for a counter of the game rather than of a player. */
	int (*counter)(const catan_state *s, int player, const char *name, int32_t *out,
		       const void *slice);
	/** NULL-terminated names of the module's counters (may be NULL).
	 *  Counters are public information: observations of every player
	 *  and the JSON export list them. */
	const char *const *counter_names;

	/* Since version 4. */

	uint8_t phase_first;  /**< first phase the module sets (0: none), from #CATAN_PHASE_VARIANT_BASE */
	uint8_t phase_last;   /**< last phase it sets */
	uint8_t chance_first; /**< first pending chance event it raises (0: none), from 16 */
	uint8_t chance_last;  /**< last pending chance event it raises */
	/** #CATAN_INFORMATION_IMPERFECT if the module hides something the
	 *  variant would show (the game's information is the worse of all). */
	uint8_t information;
	/** #catan_simultaneous bits of the multi-actor phases it adds
	 *  (OR-ed with the variant's). */
	uint8_t simultaneous;

	/* Since version 5: rounds. */

	/** The phases of the module's own range (0-terminated; NULL: none)
	 *  where several players may act and the order of arrival decides
	 *  (a real-time round): catan_state_simultaneity() says so there,
	 *  the harness checks each arrival against the state of its moment
	 *  instead of order independence, and playouts draw the actor. The
	 *  module's @c simultaneous then has #CATAN_SIMULTANEOUS_REAL_TIME. */
	const uint8_t *real_time_phases;
	/** Push the actions the referee (#CATAN_PLAYER_REFEREE: the host's
	 *  end of a round, its timer) may take now; the module's apply gets
	 *  them, of its own types. The library lists every owner's together,
	 *  in canonical order, and lets through only a listed one. */
	void (*referee_actions)(const catan_state *s, catan_sink *sink, const void *slice);

	/* Since version 6. */

	/** Whether @p hex produces nothing on a roll now for a reason of the
	 *  module's (a conquered hex, a second robber): non-zero blocks it.
	 *  The robber's hex is blocked already; a hex is blocked when the
	 *  robber, the variant or any module blocks it (one place:
	 *  catan_production__hex_blocked()). Set-up income is not production. */
	int (*hex_blocked)(const catan_state *s, unsigned hex, const void *slice);
};

CATAN_END_DECLS

/** @} */
#endif
