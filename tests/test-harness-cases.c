/*
 * Conformance suite: the cases, the number of games and the shards.
 * SPDX-License-Identifier: MIT
 */

#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test-harness.h"

struct hcase cases[MAX_CASES];
int ncases;
int games_per_case;

unsigned
harness_games(unsigned combos)
{
	const char *env = getenv("CATAN_HARNESS_GAMES");
	long n;

	/* in the reduced run (under `meson test --setup valgrind` or in the
	 * quick suite), whatever the environment says: see valgrind_keeps() */
	if (harness_reduced())
		return 1;
	if (env && *env) {
		n = strtol(env, NULL, 10);
		return n > 0 ? (unsigned)n : 1;
	}
	/* many module combinations share a budget instead */
	if (combos * DEFAULT_GAMES > DEFAULT_GAME_BUDGET)
		return DEFAULT_GAME_BUDGET / combos > 2 ?
		       DEFAULT_GAME_BUDGET / combos : 2;
	return DEFAULT_GAMES;
}

static struct hcase *
add_case(const char *variant, const char *modules, int players, int mode)
{
	struct hcase *c;

	if (ncases >= MAX_CASES)
		return NULL;
	c = &cases[ncases++];
	snprintf(c->variant, sizeof(c->variant), "%s", variant);
	c->params[0] = '\0';
	snprintf(c->modules, sizeof(c->modules), "%s", modules);
	c->players = players;
	c->mode = mode;
	snprintf(c->name, sizeof(c->name), "%s%s_p%d_%s", variant, modules,
		 players, mode == CATAN_CHANCE_SAMPLED ? "sampled" : "explicit");
	return c;
}

/* A combination on a board the host lays (base's board=given): the same
 * checks as on the variant's own boards, in both chance modes. */
static void
add_given_board_cases(const char *modules)
{
	static const char given[] =
		",board=given,tiles=G6.O5.W11.W9.O10.G5.G3.L8.B11.L2.W4.B6.G9.O10.D.L3."
		"L4.W12.B8,harbors=W.3.G.L.O.B.3.3.3";

	for (int mode = 0; mode < 2; mode++) {
		struct hcase *c = add_case("base", modules, 4, mode);

		if (!c)
			return;
		snprintf(c->params, sizeof(c->params), "%s", given);
		snprintf(c->name, sizeof(c->name), "base_given%s_p4_%s", modules,
			 mode == CATAN_CHANCE_SAMPLED ? "sampled" : "explicit");
	}
}

/*
 * The combinations: each variant with each subset of the registered
 * modules that its game-string parser accepts (module order as
 * registered), each player count, each chance mode.
 */
void
build_cases(void)
{
	catan_ctx *ctx = NULL;
	size_t nv, nm;
#ifdef HARNESS_TEST_MODULES
	/* The variants alone are test-harness's cases. */
	const uint32_t first_set = 1;
#else
	const uint32_t first_set = 0;
#endif

	/* Outside a test: refusals of combinations are no failures. */
	if (catan_ctx_new(&ctx, NULL) != CATAN_OK)
		return;
	harness_modules(ctx);
	nv = catan_ctx_variant_count(ctx);
	nm = catan_ctx_module_count(ctx);
	if (nm > 16)
		nm = 16; /* 65536 subsets is beyond any time budget */
	for (size_t v = 0; v < nv; v++) {
		const char *name = catan_ctx_variant_name(ctx, v);
		int lo = 0, hi = 0;

		if (catan_ctx_variant_info(ctx, name, NULL, &lo, &hi) !=
		    CATAN_OK)
			continue;
		for (uint32_t set = first_set; set < (1u << nm); set++) {
			char mods[256] = "", spec[512];
			catan_game *g = NULL;
			size_t used = 0;

			for (size_t m = 0; m < nm; m++) {
				if (!(set & (1u << m)))
					continue;
				used += (size_t)snprintf(mods + used,
					sizeof(mods) - used, "+%s",
					catan_ctx_module_name(ctx, m));
				if (used >= sizeof(mods))
					break;
			}
			if (used >= sizeof(mods))
				continue;
			/* Of the test modules, each alone and all together:
			 * the others add no combination of interest. */
			if (first_set && __builtin_popcount(set) != 1 &&
			    set != (1u << nm) - 1)
				continue;
			/* A module may change the player range (Catan for
			 * Two): every count the parser accepts is a case. */
			(void)lo;
			(void)hi;
			for (int p = 1; p <= CATAN_MAX_PLAYERS; p++) {
				snprintf(spec, sizeof(spec), "%s(players=%d)%s",
					 name, p, mods);
				if (catan_game_new_from_string(&g, ctx, spec) !=
				    CATAN_OK)
					continue;
				catan_game_unref(g);
				add_case(name, mods, p, CATAN_CHANCE_SAMPLED);
				add_case(name, mods, p, CATAN_CHANCE_EXPLICIT);
			}
		}
		if (strcmp(name, "base") == 0 && !first_set) {
			add_given_board_cases("");
			add_given_board_cases("+friendly_robber+harbors+event_cards");
		}
	}
	catan_ctx_free(ctx);
}

/*
 * CATAN_HARNESS_SHARD=i/n (set by meson) runs the i-th of n slices of the
 * games of every combination, so that the shards share the cores; the
 * other tests run in shard 0.
 */
void
read_shard(int *index, int *count)
{
	const char *env = getenv("CATAN_HARNESS_SHARD");
	int i, n;

	*index = 0;
	*count = 1;
	if (env && sscanf(env, "%d/%d", &i, &n) == 2 && n > 0 && i >= 0 &&
	    i < n) {
		*index = i;
		*count = n;
	}
}
