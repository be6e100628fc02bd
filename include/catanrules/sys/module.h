/*
 * libcatanrules: the rule-module extension interface.
 * SPDX-License-Identifier: MIT
 */
#ifndef INCLUDE_catanrules_sys_module_h__
#define INCLUDE_catanrules_sys_module_h__

#include "variant.h"

/**
 * @file catanrules/sys/module.h
 * @brief Rule modules stacked on a variant (stable within a minor release only).
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
 * | check_action | veto: the first non-zero reason wins; runs before the variant's check |
 * | legal_actions | pipeline: each module may add and remove; the list is re-sorted |
 * | after_apply | in order, after the variant's apply |
 * | victory_points | fold: each adjusts the total |
 * | vp_to_win | fold: each adjusts the target |
 *
 * Each module owns a flat slice of the state (state_size bytes), so copies
 * stay a memcpy.
 * @{
 */

CATAN_BEGIN_DECLS

/** Current version of struct catan_module_ops. */
#define CATAN_MODULE_OPS_VERSION 1

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
	/** Veto: return a #catan_reason, or 0 to let the action through. */
	int (*check_action)(const catan_state *s, const catan_action *a, const void *slice);
	/** Edit the player's legal actions in place (keep them legal and unique). */
	void (*legal_actions)(const catan_state *s, int player, catan_action_list *list, const void *slice);
	/** React after an action was applied. */
	void (*after_apply)(catan_state *s, const catan_action *a, void *slice);
	/** Adjust a player's points. */
	int (*victory_points)(const catan_state *s, int player, int include_hidden, int vp, const void *slice);
	/** Adjust the points needed to win. */
	int (*vp_to_win)(const catan_game *g, int vp);
};

CATAN_END_DECLS

/** @} */
#endif
