/*
 * libcatanrules: the module stack — each combination rule of
 * sys/module.h's table, once. The folds that run at every step (the
 * listing pipeline, the after_apply middleware, the acting fold, the
 * sampled claim) are inline here for the apply template (state.c); the
 * others are in modules.c. Game building gathers the per-step hooks into
 * arrays (catan_game.hook_*, game.c), so these loops visit only the
 * modules that have one.
 *
 * | hook | rule | where |
 * | --- | --- | --- |
 * | build_game, init_state | in order after the variant's | catan_modules__build_game(), __init_state() |
 * | permit | overrule a variant's refusal | catan_modules__permits() |
 * | check_action | veto, the first reason wins | catan_modules__veto() |
 * | legal_actions | pipeline | catan_modules__listing() |
 * | after_apply | middleware in order | catan_modules__after_apply() |
 * | refresh | in order | catan_modules__refresh() |
 * | victory_points | fold | catan_state__victory_points() |
 * | vp_to_win | fold (added) | catan_modules__vp_target() |
 * | robber_victims | fold over the mask | catan_state__robber_victims() |
 * | acting_players | fold over the mask | catan_modules__acting() |
 * | chance_outcomes | claim | catan_state__chance_outcomes(), catan_modules__sample_claim() |
 * | production | fold over what is owed | catan_modules__production() |
 * | hex_blocked | any (robber, variant, modules) blocks | catan_state__hex_blocked() |
 * | apply, format_action, parse_action | owner of the type | catan_game__action_owner() |
 * | phase_name | first answer after the variant's | catan_modules__phase_name() |
 * | counter | first module that knows the name | catan_modules__counter(), catan_state__each_counter() |
 * SPDX-License-Identifier: MIT
 */
#ifndef CATAN_MODULES_H
#define CATAN_MODULES_H

#include "catan-private.h"

/* Pipeline: each module may remove actions (keeping the order) and append
 * new ones; true when one may have appended (the list then needs sorting).
 * A module that removes some and appends as many or fewer leaves the count
 * no higher (Friendly Robber keeping only the swamps and adding the
 * robber's own): the last action then differs from the one before. */
static inline bool
catan_modules__listing(const catan_state *s, int player, catan_action_list *list)
{
	const catan_game *g = s->game;
	bool appended = false;

	for (unsigned i = 0; i < g->nhook_legal; i++) {
		size_t before = list->count;
		catan_action last = CATAN_ACTION_INIT;

		if (before)
			last = list->items[before - 1];
		g->hook_legal[i].fn(s, player, list, s->data + g->hook_legal[i].slice_offset);
		appended |= list->count > before ||
			    (list->count && memcmp(&last, &list->items[list->count - 1],
						   sizeof(last)) != 0);
	}
	return appended;
}

/* Middleware: each module's reaction to an applied action, in order. */
static inline __attribute__((always_inline)) void
catan_modules__after_apply(catan_state *s, const catan_action *a)
{
	const catan_game *g = s->game;

	for (unsigned i = 0; i < g->nhook_after_apply; i++)
		g->hook_after_apply[i].fn(s, a, s->data + g->hook_after_apply[i].slice_offset);
}

/* Fold over the mask of players who owe a decision. */
static inline uint32_t
catan_modules__acting(const catan_state *s, uint32_t mask)
{
	const catan_game *g = s->game;

	for (unsigned i = 0; i < g->nhook_acting; i++)
		mask = g->hook_acting[i].fn(s, mask, s->data + g->hook_acting[i].slice_offset);
	return mask;
}

/* Claim in SAMPLED mode: the first module whose sampler owns the pending
 * event draws it (MODULE_SAMPLE_DRAWN, *a the outcome) or leaves the
 * draw to the generic walk (MODULE_SAMPLE_LIST); MODULE_SAMPLE_NONE when
 * no module owns it. */
static inline __attribute__((always_inline)) int
catan_modules__sample_claim(catan_state *s, catan_action *a)
{
	const catan_game *g = s->game;

	for (unsigned i = 0; i < g->nmodules; i++) {
		const struct game_module *m = &g->modules[i];
		int r;

		if (!m->ops->chance_outcomes)
			continue;
		r = m->sample_chance(s, a, st_cmodule(s, m));
		if (r != MODULE_SAMPLE_NONE)
			return r;
	}
	return MODULE_SAMPLE_NONE;
}

/* Build and initialise in order after the variant; the first error wins.
 * @call runs one module's build_game (game.c adds its error message). */
int catan_modules__build_game(catan_game *g,
			      int (*call)(catan_game *g, const struct catan_module_ops *m));
int catan_modules__init_state(catan_state *s);
/* Overrule: whether a module makes the variant's refusal of @a for
 * @reason void. */
bool catan_modules__permits(const catan_state *s, const catan_action *a, int reason);
/* Veto: the first module's non-zero reason, or 0; @clear runs before each
 * hook, so a refusal's detail comes from the hook that refuses. */
int catan_modules__veto(const catan_state *s, const catan_action *a,
			void (*clear)(const catan_state *s));
/* In order, after an edit or a load. */
void catan_modules__refresh(catan_state *s);
/* The game's target after the modules' folds (each adds to it). */
int catan_modules__vp_target(const catan_game *g);
/* Fold over what a roll of @total pays each seated player. */
void catan_modules__production(const catan_state *s, unsigned total,
			       unsigned owed[CATAN_MAX_PLAYERS][CATAN_MAX_CARD_KINDS]);
/* The first module's name of @phase, or NULL. */
const char *catan_modules__phase_name(const catan_game *g, int phase);
/* The first module that knows the counter @name: CATAN_OK with *out, or
 * CATAN_ENOTFOUND. */
int catan_modules__counter(const catan_state *s, int player, const char *name, int32_t *out);

#endif
