/*
 * libcatanrules: the module stack's folds that do not run at every step
 * (the per-step ones are inline in modules.h, where the table of every
 * hook's combination rule is).
 * SPDX-License-Identifier: MIT
 */

#include "modules.h"

int
catan_modules__build_game(catan_game *g,
			  int (*call)(catan_game *g, const struct catan_module_ops *m))
{
	for (size_t i = 0; i < g->nmodules; i++) {
		const struct catan_module_ops *m = g->modules[i].ops;
		int rc;

		if (!m->build_game)
			continue;
		rc = call(g, m);
		if (rc)
			return rc;
	}
	return CATAN_OK;
}

int
catan_modules__init_state(catan_state *s)
{
	const catan_game *g = s->game;
	int rc = CATAN_OK;

	for (unsigned i = 0; rc == CATAN_OK && i < g->nmodules; i++) {
		const struct game_module *m = &g->modules[i];

		if (m->ops->init_state)
			rc = m->ops->init_state(s, s->data + m->slice_offset);
	}
	return rc;
}

bool
catan_modules__permits(const catan_state *s, const catan_action *a, int reason)
{
	const catan_game *g = s->game;

	for (unsigned i = 0; i < g->nmodules; i++) {
		const struct game_module *m = &g->modules[i];

		if (m->ops->permit &&
		    m->ops->permit(s, a, reason, s->data + m->slice_offset))
			return true;
	}
	return false;
}

int
catan_modules__veto(const catan_state *s, const catan_action *a,
		    void (*clear)(const catan_state *s))
{
	const catan_game *g = s->game;

	for (unsigned i = 0; i < g->nmodules; i++) {
		const struct game_module *m = &g->modules[i];
		int reason;

		if (!m->ops->check_action)
			continue;
		clear(s);
		reason = m->ops->check_action(s, a, s->data + m->slice_offset);
		if (reason != CATAN_REASON_NONE)
			return reason;
	}
	return CATAN_REASON_NONE;
}

void
catan_modules__refresh(catan_state *s)
{
	const catan_game *g = s->game;

	for (unsigned i = 0; i < g->nmodules; i++) {
		const struct game_module *m = &g->modules[i];

		if (m->ops->refresh)
			m->ops->refresh(s, s->data + m->slice_offset);
	}
}

int
catan_modules__vp_target(const catan_game *g)
{
	int target = g->vp_to_win;

	/* The hooks see only the immutable game: the target is fixed. */
	for (size_t i = 0; i < g->nmodules; i++)
		if (g->modules[i].ops->vp_to_win)
			target = g->modules[i].ops->vp_to_win(g, target);
	return target;
}

void
catan_modules__production(const catan_state *s, unsigned total,
			  unsigned owed[CATAN_MAX_PLAYERS][CATAN_MAX_CARD_KINDS])
{
	for (unsigned i = 0; i < s->game->nmodules; i++) {
		const struct game_module *m = &s->game->modules[i];

		if (m->ops->production)
			m->ops->production(s, total, owed, st_cmodule(s, m));
	}
}

const char *
catan_modules__phase_name(const catan_game *g, int phase)
{
	for (unsigned i = 0; i < g->nmodules; i++) {
		const char *name = g->modules[i].ops->phase_name ?
				   g->modules[i].ops->phase_name(phase) : NULL;

		if (name)
			return name;
	}
	return NULL;
}

int
catan_modules__counter(const catan_state *s, int player, const char *name, int32_t *out)
{
	const catan_game *g = s->game;

	for (unsigned i = 0; i < g->nmodules; i++) {
		const struct game_module *m = &g->modules[i];

		if (m->ops->counter &&
		    m->ops->counter(s, player, name, out, st_cmodule(s, m)) == CATAN_OK)
			return CATAN_OK;
	}
	return CATAN_ENOTFOUND;
}

/* ---------------------------- folds the internals reach by the state name */

uint32_t
catan_state__robber_victims(const catan_state *s, unsigned hex, int thief)
{
	const catan_game *g = s->game;
	uint32_t victims = catan_robber__victims(s, hex, thief);

	for (unsigned i = 0; i < g->nmodules; i++) {
		const struct game_module *m = &g->modules[i];

		if (m->ops->robber_victims)
			victims = m->ops->robber_victims(s, hex, thief, victims,
							 s->data + m->slice_offset);
	}
	return victims;
}

bool
catan_state__hex_blocked_by_rules(const catan_state *s, unsigned hex)
{
	const catan_game *g = s->game;

	if (g->variant->hex_blocked && g->variant->hex_blocked(s, hex))
		return true;
	for (unsigned i = 0; i < g->nmodules; i++) {
		const struct game_module *m = &g->modules[i];

		if (m->ops->hex_blocked && m->ops->hex_blocked(s, hex, s->data + m->slice_offset))
			return true;
	}
	return false;
}

int
catan_state__victory_points(const catan_state *s, int player, bool include_hidden)
{
	const catan_game *g = s->game;
	int vp = g->variant->victory_points(s, player, include_hidden);

	for (unsigned i = 0; i < g->nmodules; i++) {
		const struct game_module *m = &g->modules[i];

		if (m->ops->victory_points)
			vp = m->ops->victory_points(s, player, include_hidden, vp,
						    s->data + m->slice_offset);
	}
	return vp;
}

void
catan_state__chance_outcomes(const catan_state *s, catan_sink *sink)
{
	const catan_game *g = s->game;

	for (unsigned i = 0; i < g->nmodules; i++) {
		const struct game_module *m = &g->modules[i];

		if (m->ops->chance_outcomes &&
		    m->ops->chance_outcomes(s, sink, st_cmodule(s, m)))
			return;
	}
	g->variant->chance_outcomes(s, sink);
}

void
catan_state__apply_as_variant(catan_state *s, const catan_action *a,
			      const struct catan_module_ops *caller)
{
	const catan_game *g = s->game;

	g->variant->apply(s, a);
	for (unsigned i = 0; i < g->nmodules; i++) {
		const struct game_module *m = &g->modules[i];

		if (m->ops != caller && m->ops->after_apply)
			m->ops->after_apply(s, a, st_module(s, m));
	}
}

void
catan_state__each_counter(const catan_state *s,
			  void (*fn)(void *arg, const char *name, int player, int32_t value),
			  void *arg)
{
	const catan_game *g = s->game;

	for (unsigned i = 0; i < g->nmodules; i++) {
		const struct game_module *m = &g->modules[i];
		const char *const *names = m->ops->counter_names;

		if (!m->ops->counter || !names)
			continue;
		for (size_t k = 0; names[k]; k++) {
			int32_t v;

			if (m->ops->counter(s, -1, names[k], &v, st_cmodule(s, m)) == CATAN_OK) {
				fn(arg, names[k], -1, v);
				continue;
			}
			for (int p = 0; p < st_ccore(s)->num_players; p++)
				if (m->ops->counter(s, p, names[k], &v, st_cmodule(s, m)) == CATAN_OK)
					fn(arg, names[k], p, v);
		}
	}
}
