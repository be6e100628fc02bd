/*
 * libcatanrules: the numbers each variant and module owns.
 * SPDX-License-Identifier: MIT
 *
 * Action types, phases and pending chance events are plain integers that
 * every part of a game shares (the core's, the variant's, each module's).
 * Each owner declares its ranges in its vtable; this file checks that the
 * ranges are well formed, stay out of the core's numbers and do not
 * overlap, once for the registry (catan_ctx_new()) and again for the
 * parts a game combines, so that two owners can never read one number as
 * two things.
 */

#include <stdio.h>
#include <string.h>

#include "catan-private.h"

enum number_kind { NUMBER_ACTION, NUMBER_PHASE, NUMBER_CHANCE, NUMBER_KINDS };

static const char *const number_kind_names[NUMBER_KINDS] = {
	"action types", "phases", "chance events",
};

/* The lowest number an owner may declare of each kind, and the highest
 * its field can hold: below the first are the core's own. */
static const unsigned number_floor[NUMBER_KINDS] = {
	CATAN_ACT_VARIANT_BASE, CATAN_PHASE_VARIANT_BASE, CHANCE_VARIANT_BASE,
};
static const unsigned number_ceiling[NUMBER_KINDS] = { 0xFFFFu, 0xFFu, 0xFFu };

struct owner_ranges {
	const char *what;      /* "variant" or "module" */
	const char *name;
	unsigned first[NUMBER_KINDS], last[NUMBER_KINDS];
	const uint8_t *real_time;  /* its real-time phases, 0-terminated */
	unsigned simultaneous;     /* its catan_simultaneous bits */
};

static void
variant_ranges(const struct catan_variant_ops *v, struct owner_ranges *r)
{
	r->what = "variant";
	r->name = v->name;
	r->first[NUMBER_ACTION] = v->action_first;
	r->last[NUMBER_ACTION] = v->action_last;
	r->first[NUMBER_PHASE] = v->phase_first;
	r->last[NUMBER_PHASE] = v->phase_last;
	r->first[NUMBER_CHANCE] = v->chance_first;
	r->last[NUMBER_CHANCE] = v->chance_last;
	r->real_time = v->real_time_phases;
	r->simultaneous = v->simultaneous;
}

static void
module_ranges(const struct catan_module_ops *m, struct owner_ranges *r)
{
	r->what = "module";
	r->name = m->name;
	r->first[NUMBER_ACTION] = m->action_first;
	r->last[NUMBER_ACTION] = m->action_last;
	r->first[NUMBER_PHASE] = m->phase_first;
	r->last[NUMBER_PHASE] = m->phase_last;
	r->first[NUMBER_CHANCE] = m->chance_first;
	r->last[NUMBER_CHANCE] = m->chance_last;
	r->real_time = m->real_time_phases;
	r->simultaneous = m->simultaneous;
}

/* A real-time phase is one of the owner's own (the variant's turn flow
 * uses the core's phases too), and the owner declares real-time rounds
 * among its kinds of simultaneous phases (catan_game_info). */
static int
check_real_time(const struct owner_ranges *r, bool variant, char *why, size_t cap)
{
	for (const uint8_t *p = r->real_time; p && *p; p++) {
		bool own = *p >= r->first[NUMBER_PHASE] && *p <= r->last[NUMBER_PHASE] &&
			   r->first[NUMBER_PHASE];

		if (!own && !(variant && *p < CATAN_PHASE_VARIANT_BASE)) {
			snprintf(why, cap, "%s '%s' declares phase %u real-time: not a phase of its own",
				 r->what, r->name, *p);
			return CATAN_EINVAL;
		}
		if (!(r->simultaneous & CATAN_SIMULTANEOUS_REAL_TIME)) {
			snprintf(why, cap, "%s '%s' declares real-time phases without CATAN_SIMULTANEOUS_REAL_TIME",
				 r->what, r->name);
			return CATAN_EINVAL;
		}
	}
	return CATAN_OK;
}

/* A first of 0 declares none of that kind (the last must then be 0 too). */
static int
check_own(const struct owner_ranges *r, char *why, size_t cap)
{
	for (int k = 0; k < NUMBER_KINDS; k++) {
		unsigned first = r->first[k], last = r->last[k];

		if (first == 0 && last == 0)
			continue;
		if (first == 0 || first > last || first < number_floor[k] ||
		    last > number_ceiling[k]) {
			snprintf(why, cap, "%s '%s' declares %s %u..%u: a range from %u to %u is needed",
				 r->what, r->name, number_kind_names[k], first, last,
				 number_floor[k], number_ceiling[k]);
			return CATAN_EINVAL;
		}
	}
	return check_real_time(r, !strcmp(r->what, "variant"), why, cap);
}

static int
check_apart(const struct owner_ranges *a, const struct owner_ranges *b, char *why, size_t cap)
{
	for (int k = 0; k < NUMBER_KINDS; k++) {
		if (!a->first[k] || !b->first[k])
			continue;
		if (a->first[k] <= b->last[k] && b->first[k] <= a->last[k]) {
			snprintf(why, cap, "%s '%s' and %s '%s' both declare %s %u..%u and %u..%u",
				 a->what, a->name, b->what, b->name, number_kind_names[k],
				 a->first[k], a->last[k], b->first[k], b->last[k]);
			return CATAN_EINVAL;
		}
	}
	return CATAN_OK;
}

int
catan_registry__check(const struct catan_variant_ops *const *variants, size_t nvariants,
		      const struct catan_module_ops *const *modules, size_t nmodules,
		      char *why, size_t cap)
{
	struct owner_ranges a, b;
	int rc;

	/* Variants never meet each other in a game, so their numbers may
	 * coincide; each meets every module. */
	for (size_t i = 0; i < nvariants; i++) {
		variant_ranges(variants[i], &a);
		rc = check_own(&a, why, cap);
		if (rc)
			return rc;
	}
	for (size_t i = 0; i < nmodules; i++) {
		module_ranges(modules[i], &a);
		rc = check_own(&a, why, cap);
		if (rc)
			return rc;
		for (size_t j = 0; j < nvariants; j++) {
			variant_ranges(variants[j], &b);
			rc = check_apart(&b, &a, why, cap);
			if (rc)
				return rc;
		}
		for (size_t j = 0; j < i; j++) {
			module_ranges(modules[j], &b);
			rc = check_apart(&b, &a, why, cap);
			if (rc)
				return rc;
		}
	}
	return CATAN_OK;
}

int
catan_registry__check_joining(const catan_game *g, const struct catan_module_ops *m,
			      char *why, size_t cap)
{
	struct owner_ranges a, b;
	int rc;

	module_ranges(m, &a);
	rc = check_own(&a, why, cap);
	if (rc)
		return rc;
	variant_ranges(g->variant, &b);
	rc = check_own(&b, why, cap);
	if (!rc)
		rc = check_apart(&b, &a, why, cap);
	for (size_t i = 0; !rc && i < g->nmodules; i++) {
		module_ranges(g->modules[i].ops, &b);
		rc = check_apart(&b, &a, why, cap);
	}
	return rc;
}
