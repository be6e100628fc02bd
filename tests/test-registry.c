/*
 * The numbers each variant and module owns (lib/registry.c, sys/module.h):
 * the built-in registry's declared ranges are apart, malformed or
 * overlapping ranges are refused with both owners named (at registration
 * and when a game combines the parts), and every phase and chance event a
 * played game reaches lies in the core's numbers or in a declared range of
 * a part of that game.
 * SPDX-License-Identifier: MIT
 */
#include <stdio.h>
#include <string.h>

#include "test-common.h"
#include "catan-private.h"

extern const struct catan_variant_ops *const catan__builtin_variants[];
extern const struct catan_module_ops *const catan__builtin_modules[];

static size_t
table_len(const void *const *t)
{
	size_t n = 0;

	while (t[n])
		n++;
	return n;
}

START_TEST(registry_builtin_numbers_apart)
{
	char why[CATAN_ERRMSG_SIZE] = "";
	catan_ctx *ctx = NULL;

	CATAN_ASSERT_OK(catan_registry__check(catan__builtin_variants,
					      table_len((const void *const *)catan__builtin_variants),
					      catan__builtin_modules,
					      table_len((const void *const *)catan__builtin_modules),
					      why, sizeof(why)));
	ck_assert_str_eq(why, "");
	CATAN_ASSERT_OK(catan_ctx_new(&ctx, NULL));
	catan_ctx_free(ctx);
}
END_TEST

/* Modules that declare numbers, rightly and wrongly. */
static const char *const on_base[] = { "base", NULL };

#define NUMBERS_MODULE(name_, a0_, a1_, p0_, p1_, c0_, c1_) \
	static const struct catan_module_ops name_ = { \
		.version = CATAN_MODULE_OPS_VERSION, .name = #name_, \
		.variants = on_base, \
		.action_first = a0_, .action_last = a1_, \
		.phase_first = p0_, .phase_last = p1_, \
		.chance_first = c0_, .chance_last = c1_, \
	}
NUMBERS_MODULE(numbers_none, 0, 0, 0, 0, 0, 0);
NUMBERS_MODULE(numbers_fine, 0x800, 0x81f, 200, 203, 200, 201);
NUMBERS_MODULE(numbers_actions_clash, 0x81f, 0x820, 0, 0, 0, 0);
NUMBERS_MODULE(numbers_phases_clash, 0, 0, 203, 203, 0, 0);
NUMBERS_MODULE(numbers_chance_clash, 0, 0, 0, 0, 190, 200);
NUMBERS_MODULE(numbers_core_action, 35, 40, 0, 0, 0, 0);
NUMBERS_MODULE(numbers_core_phase, 0, 0, 10, 70, 0, 0);
NUMBERS_MODULE(numbers_core_chance, 0, 0, 0, 0, 4, 20);
NUMBERS_MODULE(numbers_backwards, 0x900, 0x8ff, 0, 0, 0, 0);
NUMBERS_MODULE(numbers_no_first, 0, 0, 0, 80, 0, 0);

/* A module whose numbers coincide with a built-in module's, for games. */
NUMBERS_MODULE(event_twin, CATAN_ACT_EVENT_LAST, CATAN_ACT_EVENT_LAST, 0, 0, 0, 0);
NUMBERS_MODULE(phase_twin, 0, 0, CATAN_PHASE_FOR_TWO_LAST, CATAN_PHASE_FOR_TWO_LAST, 0, 0);

static const struct {
	const struct catan_module_ops *m;
	const char *why;          /* NULL: accepted beside numbers_fine */
} numbers_cases[] = {
	{ &numbers_none, NULL },
	{ &numbers_actions_clash,
	  "module 'numbers_fine' and module 'numbers_actions_clash' both declare action types 2048..2079 and 2079..2080" },
	{ &numbers_phases_clash,
	  "module 'numbers_fine' and module 'numbers_phases_clash' both declare phases 200..203 and 203..203" },
	{ &numbers_chance_clash,
	  "module 'numbers_fine' and module 'numbers_chance_clash' both declare chance events 200..201 and 190..200" },
	{ &numbers_core_action,
	  "module 'numbers_core_action' declares action types 35..40: a range from 256 to 65535 is needed" },
	{ &numbers_core_phase,
	  "module 'numbers_core_phase' declares phases 10..70: a range from 64 to 255 is needed" },
	{ &numbers_core_chance,
	  "module 'numbers_core_chance' declares chance events 4..20: a range from 16 to 255 is needed" },
	{ &numbers_backwards,
	  "module 'numbers_backwards' declares action types 2304..2303: a range from 256 to 65535 is needed" },
	{ &numbers_no_first,
	  "module 'numbers_no_first' declares phases 0..80: a range from 64 to 255 is needed" },
};

/* sys/module.h: "a range that is malformed, lies in the core's numbers or
 * overlaps another is refused with a message naming both owners". */
START_TEST(registry_refuses_bad_ranges)
{
	const struct catan_module_ops *table[3] = { &numbers_fine, numbers_cases[_i].m, NULL };
	char why[CATAN_ERRMSG_SIZE] = "";
	int rc;

	rc = catan_registry__check(catan__builtin_variants,
				   table_len((const void *const *)catan__builtin_variants),
				   table, 2, why, sizeof(why));
	if (!numbers_cases[_i].why) {
		CATAN_ASSERT_OK(rc);
		return;
	}
	CATAN_ASSERT_ERR(rc, CATAN_EINVAL);
	ck_assert_str_eq(why, numbers_cases[_i].why);
}
END_TEST

/* A variant's own numbers meet every module's. */
START_TEST(registry_variant_numbers_meet_modules)
{
	static const struct catan_variant_ops owner = {
		.version = CATAN_VARIANT_OPS_VERSION, .name = "owner",
		.phase_first = 64, .phase_last = 200,
	};
	static const struct catan_variant_ops twin = {
		.version = CATAN_VARIANT_OPS_VERSION, .name = "twin",
		.phase_first = 64, .phase_last = 200,
	};
	const struct catan_variant_ops *variants[] = { &owner, &twin, NULL };
	const struct catan_module_ops *modules[] = { &numbers_fine, NULL };
	char why[CATAN_ERRMSG_SIZE] = "";

	/* two variants never meet in a game: they may share numbers */
	CATAN_ASSERT_OK(catan_registry__check(variants, 2, modules, 0, why, sizeof(why)));
	CATAN_ASSERT_ERR(catan_registry__check(variants, 2, modules, 1, why, sizeof(why)),
			 CATAN_EINVAL);
	ck_assert_str_eq(why, "variant 'owner' and module 'numbers_fine' both declare phases 64..200 and 200..203");
}
END_TEST

/* A game naming two modules whose numbers clash is refused at creation,
 * naming both, and the context's message says so. */
START_TEST(registry_game_refuses_clashing_modules)
{
	static const struct {
		const char *spec, *why;
	} games[] = {
		{ "base(players=4)+event_cards+event_twin",
		  "module 'event_cards' and module 'event_twin' both declare action types 288..319 and 319..319" },
		{ "base(players=2)+catan_for_two+phase_twin",
		  "module 'catan_for_two' and module 'phase_twin' both declare phases 104..111 and 111..111" },
	};
	const struct catan_module_ops *modules[8];
	size_t n = 0;
	catan_ctx *ctx = NULL;

	CATAN_ASSERT_OK(catan_ctx_new(&ctx, NULL));
	for (size_t i = 0; i < ctx->nmodules && n < 5; i++)
		modules[n++] = ctx->modules[i];
	modules[n++] = &event_twin;
	modules[n++] = &phase_twin;
	modules[n] = NULL;
	/* the test's registry holds the clashes; only games can meet them */
	ctx->modules = modules;
	ctx->nmodules = n;
	for (size_t i = 0; i < sizeof(games) / sizeof(games[0]); i++) {
		catan_game *g = (catan_game *)0x1;

		CATAN_ASSERT_ERR(catan_game_new_from_string(&g, ctx, games[i].spec), CATAN_EINVAL);
		ck_assert_str_eq(catan_ctx_errmsg(ctx), games[i].why);
	}
	/* each alone joins */
	{
		catan_game *g = NULL;

		CATAN_ASSERT_OK(catan_game_new_from_string(&g, ctx, "base(players=4)+event_twin"));
		catan_game_unref(g);
	}
	catan_ctx_free(ctx);
}
END_TEST

static bool
in_range(unsigned x, unsigned first, unsigned last)
{
	return first && x >= first && x <= last;
}

/* Whether @phase / @chance is the core's or lies in a declared range of a
 * part of the game. */
static bool
declared_phase(const catan_game *g, unsigned phase)
{
	if (phase < CATAN_PHASE_VARIANT_BASE ||
	    in_range(phase, g->variant->phase_first, g->variant->phase_last))
		return true;
	for (unsigned i = 0; i < g->nmodules; i++)
		if (in_range(phase, g->modules[i].ops->phase_first, g->modules[i].ops->phase_last))
			return true;
	return false;
}

static bool
declared_chance(const catan_game *g, unsigned chance)
{
	if (chance < CHANCE_VARIANT_BASE ||
	    in_range(chance, g->variant->chance_first, g->variant->chance_last))
		return true;
	for (unsigned i = 0; i < g->nmodules; i++)
		if (in_range(chance, g->modules[i].ops->chance_first, g->modules[i].ops->chance_last))
			return true;
	return false;
}

/* The game strings, cut where the seed goes. */
static const struct {
	const char *head, *tail;
} played_games[] = {
	{ "base(players=4,chance=explicit", "+event_cards" },
	{ "base(players=3", "+friendly_robber+harbors+event_cards" },
	{ "base(players=2,chance=explicit", "+catan_for_two+event_cards" },
	{ "base(players=2", "+catan_for_two" },
};

/* sys/module.h: "A module sets only phases and chance events of its own
 * ranges or of the variant's turn flow." Played to the end, every module
 * phase and chance event of the built-ins is one they declared; and every
 * module phase the game reaches is among them (so a declaration that
 * missed one would fail here). */
START_TEST(registry_played_numbers_are_declared)
{
	unsigned seeds = catan_test_under_valgrind() ? 2 : 12;
	bool module_phase = false, module_chance = false;

	for (unsigned seed = 1; seed <= seeds; seed++) {
		char spec[128];
		catan_ctx *ctx = NULL;
		catan_game *g = NULL;
		catan_state *s = NULL;
		uint64_t rng = seed;
		catan_action a;

		snprintf(spec, sizeof(spec), "%s,seed=%u)%s", played_games[_i].head, seed,
			 played_games[_i].tail);
		CATAN_ASSERT_OK(catan_ctx_new(&ctx, NULL));
		CATAN_ASSERT_OK(catan_game_new_from_string(&g, ctx, spec));
		CATAN_ASSERT_OK(catan_state_new(&s, g));
		for (;;) {
			const struct core_state *c = st_ccore(s);

			if (!declared_phase(g, c->phase))
				ck_abort_msg("%s: phase %u is nobody's", spec, (unsigned)c->phase);
			if (!declared_chance(g, c->chance))
				ck_abort_msg("%s: chance event %u is nobody's", spec, (unsigned)c->chance);
			module_phase |= c->phase >= CATAN_PHASE_VARIANT_BASE;
			module_chance |= c->chance >= CHANCE_VARIANT_BASE;
			if (!catan_test_random_action(s, &rng, &a))
				break;
			CATAN_ASSERT_OK(catan_state_apply(s, &a));
		}
		catan_state_free(s);
		catan_game_unref(g);
		catan_ctx_free(ctx);
	}
	/* the games reach their modules' numbers at all (else this case
	 * would check nothing) */
	ck_assert(module_phase);
	/* (a module's chance event is seen pending in EXPLICIT mode only) */
	if (strstr(played_games[_i].head, "explicit") && !catan_test_under_valgrind())
		ck_assert(module_chance);
}
END_TEST

void
catan_test_register(SRunner *sr)
{
	Suite *s = catan_test_suite(sr, "registry");

	CATAN_TEST_ADD(s, registry_builtin_numbers_apart);
	CATAN_TEST_ADD_LOOP(s, registry_refuses_bad_ranges, 0,
			    (int)(sizeof(numbers_cases) / sizeof(numbers_cases[0])));
	CATAN_TEST_ADD(s, registry_variant_numbers_meet_modules);
	CATAN_TEST_ADD(s, registry_game_refuses_clashing_modules);
	CATAN_TEST_ADD_LOOP(s, registry_played_numbers_are_declared, 0,
			    (int)(sizeof(played_games) / sizeof(played_games[0])));
}
