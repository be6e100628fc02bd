/*
 * libcatanrules tests: what the state keeps for speed equals its
 * definition, along random games of every rule module and combinations.
 *
 * - Derived data (who acts, every owner's piece sets, the harbors each
 *   player builds on, the modules' derived slices) is updated
 *   incrementally by apply; recomputing it from the position
 *   (catan_state__refresh(), what edits and loads do) must change nothing.
 * - SAMPLED chance is drawn directly by the variant's and the modules'
 *   samplers (catan_state__sample_chance()); each draw must be the outcome
 *   the listed walk gives — one catan_rng__below(den) against the
 *   cumulative numerators of catan_state_chance_outcomes() (doc/chance.md)
 *   — and leave the RNG where that draw leaves it.
 * SPDX-License-Identifier: MIT
 */
#include <stdio.h>
#include <stdlib.h>

#include "test-common.h"
#include "catan-private.h"

/* Every module alone and in combinations (EXPLICIT chance: the test
 * draws): the variant's parameters, then the modules (the seed goes
 * between them). */
static const char *const games[][2] = {
	{ "base(players=4,chance=explicit,offer_max=0", "" },
	{ "base(players=3,chance=explicit", "" },
	{ "base(players=4,chance=explicit,offer_max=0", "+friendly_robber" },
	{ "base(players=4,chance=explicit,offer_max=0", "+harbors" },
	{ "base(players=4,chance=explicit,offer_max=0", "+event_cards" },
	{ "base(players=3,chance=explicit,offer_max=0", "+harbors+event_cards" },
	{ "base(players=4,chance=explicit,offer_max=0", "+friendly_robber+harbors+event_cards" },
	{ "base(players=2,chance=explicit,offer_max=0", "+catan_for_two" },
	{ "base(players=2,chance=explicit,offer_max=0", "+catan_for_two+event_cards" },
	{ "base(players=2,chance=explicit,offer_max=0", "+catan_for_two+friendly_robber+harbors" },
};

#define MAX_STEPS 4000

struct play {
	const char *spec;
	catan_state *s, *scratch;
	catan_action *legal;
	catan_chance_outcome *outcomes;
	size_t cap, ocap;
	unsigned step;
	unsigned direct;           /* draws a sampler made */
};

static uint64_t
next_random(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

/* Recomputing everything derived from the position changes no byte. */
static void
check_derived(struct play *p)
{
	CATAN_ASSERT_OK(catan_state_copy(p->scratch, p->s));
	catan_state__refresh(p->scratch);
	ck_assert_msg(catan_state_equal(p->scratch, p->s),
		      "%s, step %u: derived data differs from its recomputation",
		      p->spec, p->step);
}

/* The listed walk's outcome for the pending event, drawn with @p rng. */
static const catan_action *
walk_outcome(struct play *p, struct catan_rng *rng)
{
	size_t n = 0, i;
	uint32_t r, acc = 0;

	CATAN_ASSERT_OK(catan_state_chance_outcomes(p->s, p->outcomes, p->ocap, &n));
	ck_assert_uint_gt(n, 0);
	r = catan_rng__below(rng, p->outcomes[0].den);
	for (i = 0; i + 1 < n; i++) {
		acc += p->outcomes[i].num;
		if (r < acc)
			break;
	}
	return &p->outcomes[i].action;
}

/* A chance node: the direct draw equals the walk's, RNG included; then the
 * walk's outcome is applied. */
static void
check_draw_and_resolve(struct play *p)
{
	struct catan_rng rng = st_ccore(p->s)->rng;
	const catan_action *want = walk_outcome(p, &rng);
	catan_action got;

	CATAN_ASSERT_OK(catan_state_copy(p->scratch, p->s));
	if (catan_state__sample_chance(p->scratch, &got)) {
		ck_assert_msg(catan_action_compare(&got, want) == 0,
			      "%s, step %u: the direct draw is not the listed walk's outcome",
			      p->spec, p->step);
		ck_assert_msg(memcmp(&st_ccore(p->scratch)->rng, &rng, sizeof(rng)) == 0,
			      "%s, step %u: the direct draw used the RNG differently",
			      p->spec, p->step);
		p->direct++;
	}
	CATAN_ASSERT_OK(catan_state_apply(p->s, want));
	st_core(p->s)->rng = rng;
}

static void
play_one(const char *const game[2], unsigned seed, unsigned *direct)
{
	char spec[160];
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g;
	struct play p = { spec, NULL, NULL, NULL, NULL, 0, 0, 0, 0 };
	uint64_t x = 0x9e3779b97f4a7c15ull ^ seed;

	snprintf(spec, sizeof(spec), "%s,seed=%u)%s", game[0], seed, game[1]);
	g = catan_test_game_new(ctx, spec);
	p.cap = catan_game_max_legal_actions(g);
	p.ocap = catan_game_max_chance_outcomes(g);
	p.legal = malloc(p.cap * sizeof(*p.legal));
	p.outcomes = malloc(p.ocap * sizeof(*p.outcomes));
	ck_assert(p.legal && p.outcomes);
	CATAN_ASSERT_OK(catan_state_new(&p.s, g));
	CATAN_ASSERT_OK(catan_state_clone(&p.scratch, p.s));

	for (p.step = 0; p.step < MAX_STEPS && !catan_state_is_terminal(p.s); p.step++) {
		uint32_t acting;
		size_t n = 0;

		check_derived(&p);
		if (catan_state_is_chance_node(p.s)) {
			check_draw_and_resolve(&p);
			continue;
		}
		acting = catan_state_acting_players(p.s);
		ck_assert_msg(acting != 0, "%s, step %u: nobody acts", spec, p.step);
		CATAN_ASSERT_OK(catan_state_legal_actions(p.s, __builtin_ctz(acting), p.legal,
							  p.cap, &n));
		ck_assert_uint_gt(n, 0);
		CATAN_ASSERT_OK(catan_state_apply(p.s, &p.legal[next_random(&x) % n]));
	}
	check_derived(&p);
	*direct += p.direct;
	catan_state_free(p.scratch);
	catan_state_free(p.s);
	free(p.outcomes);
	free(p.legal);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}

/* Games under valgrind are slow: one seed each there, three otherwise. */
static unsigned
seeds(void)
{
	return catan_test_under_valgrind() ? 1 : 3;
}

START_TEST(test_derived_data_and_direct_draws)
{
	unsigned direct = 0;

	for (unsigned seed = 1; seed <= seeds(); seed++)
		play_one(games[_i], seed, &direct);
	/* The direct paths were exercised, not skipped. */
	ck_assert_msg(direct > 0, "%s...%s: no direct draw", games[_i][0], games[_i][1]);
}
END_TEST

void
catan_test_register(SRunner *sr)
{
	Suite *s = catan_test_suite(sr, "derived");
	TCase *tc = tcase_create("derived");

	tcase_add_loop_test(tc, test_derived_data_and_direct_draws, 0,
			    (int)(sizeof(games) / sizeof(games[0])));
	suite_add_tcase(s, tc);
}
