/*
 * libcatanrules tests: move generation, apply, chance and copies never
 * allocate (issue "Performance": zero heap allocations per step).
 * SPDX-License-Identifier: MIT
 */
#include <stdlib.h>

#include "test-common.h"

struct counting_alloc {
	unsigned long calls;
};

static void *
counting_realloc(void *userdata, void *ptr, size_t old_size, size_t new_size)
{
	struct counting_alloc *ca = userdata;

	(void)old_size;
	if (new_size == 0) {
		free(ptr);
		return NULL;
	}
	ca->calls++;
	return realloc(ptr, new_size);
}

/*
 * Whole games through every hot-path entry point — legal actions of every
 * actor, check, apply (checked and unchecked), chance outcomes, resolving
 * chance, copy, hash, equal — with a counting allocator installed through
 * the context: not one allocation after the states exist.
 */
static void
play_without_allocating(const char *spec, int games)
{
	struct counting_alloc ca = { 0 };
	catan_ctx_options opts;
	catan_ctx *ctx = NULL;
	catan_game *g = NULL;
	catan_action *legal;
	catan_chance_outcome outcomes[64];
	size_t cap;
	uint64_t rng = 0x2545f4914f6cdd1dull;

	CATAN_ASSERT_OK(catan_ctx_options_init(&opts, CATAN_CTX_OPTIONS_VERSION));
	opts.alloc = counting_realloc;
	opts.alloc_userdata = &ca;
	CATAN_ASSERT_OK(catan_ctx_new(&ctx, &opts));
	CATAN_ASSERT_OK(catan_game_new_from_string(&g, ctx, spec));
	cap = catan_game_max_legal_actions(g);
	legal = malloc(cap * sizeof(*legal));
	ck_assert_ptr_nonnull(legal);

	for (int i = 0; i < games; i++) {
		catan_state *s = NULL, *copy = NULL;
		unsigned long before;
		unsigned steps = 0;

		CATAN_ASSERT_OK(catan_state_new(&s, g));
		CATAN_ASSERT_OK(catan_state_new(&copy, g));
		before = ca.calls;
		while (!catan_state_is_terminal(s) && steps < 100000) {
			size_t n = 0;

			if (catan_state_is_chance_node(s)) {
				CATAN_ASSERT_OK(catan_state_chance_outcomes(s, outcomes, 64, &n));
				ck_assert_uint_gt(n, 0);
				if (catan_test_rand(&rng) & 1) {
					CATAN_ASSERT_OK(catan_state_apply(s, &outcomes[catan_test_rand(&rng) % n].action));
				} else {
					CATAN_ASSERT_OK(catan_state_resolve_chance(s));
				}
			} else {
				uint32_t acting = catan_state_acting_players(s);
				int p = __builtin_ctz(acting);

				for (int q = 0; q < catan_game_num_players(g); q++)
					CATAN_ASSERT_OK(catan_state_legal_actions(s, q, legal, cap, &n));
				CATAN_ASSERT_OK(catan_state_legal_actions(s, p, legal, cap, &n));
				ck_assert_uint_gt(n, 0);
				{
					catan_action a = legal[catan_test_rand(&rng) % n];
					int reason = 0;

					CATAN_ASSERT_OK(catan_state_check_action(s, &a, &reason));
					CATAN_ASSERT_OK(catan_state_copy(copy, s));
					CATAN_ASSERT_OK(catan_state_apply_unchecked(copy, &a));
					CATAN_ASSERT_OK(catan_state_apply(s, &a));
					/* a refused action must not allocate either */
					a.flags = 1;
					ck_assert_int_eq(catan_state_apply(s, &a), CATAN_EILLEGAL);
				}
			}
			(void)catan_state_hash(s);
			(void)catan_state_equal(s, copy);
			steps++;
		}
		ck_assert_msg(catan_state_is_terminal(s), "game %d did not end", i);
		ck_assert_msg(ca.calls == before, "%s: %lu allocations during game %d",
			      spec, ca.calls - before, i);
		catan_state_free(copy);
		catan_state_free(s);
	}
	free(legal);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}

START_TEST(test_no_allocation_sampled)
{
	play_without_allocating("base(players=4,seed=3)", 2);
	play_without_allocating("base(players=3,seed=4,offer_max=2)", 1);
}
END_TEST

START_TEST(test_no_allocation_explicit)
{
	play_without_allocating("base(players=4,seed=5,chance=explicit,offer_max=0)", 3);
	play_without_allocating("base(players=3,seed=6,chance=explicit,board=beginner,setup=beginner)", 2);
}
END_TEST

/* state.h, catan_state_playout(): "Never allocates": whole games played by
 * the library, rule modules and host-resolved chance included. */
START_TEST(test_no_allocation_playout)
{
	static const char *const specs[] = {
		"base(players=4,seed=7)",
		"base(players=4,seed=8,offer_max=0)+friendly_robber+harbors+event_cards",
		"base(players=2,seed=9,chance=explicit,offer_max=0)+catan_for_two+event_cards",
		"base(players=4,seed=10,offer_max=0)+friendly_robber+event_cards+rivers",
		"base(players=2,seed=11,chance=explicit,offer_max=0)+catan_for_two+rivers",
		"base(players=4,seed=10,chance=explicit,offer_max=0)+fishing+event_cards",
	};
	struct counting_alloc ca = { 0 };
	catan_ctx_options opts;
	catan_ctx *ctx = NULL;
	catan_game *g = NULL;
	catan_state *s = NULL;
	catan_action *buf;
	uint64_t rng = 3, n = 0;
	unsigned long before;

	CATAN_ASSERT_OK(catan_ctx_options_init(&opts, CATAN_CTX_OPTIONS_VERSION));
	opts.alloc = counting_realloc;
	opts.alloc_userdata = &ca;
	CATAN_ASSERT_OK(catan_ctx_new(&ctx, &opts));
	CATAN_ASSERT_OK(catan_game_new_from_string(&g, ctx, specs[_i]));
	buf = malloc(catan_game_max_legal_actions(g) * sizeof(*buf));
	ck_assert_ptr_nonnull(buf);
	CATAN_ASSERT_OK(catan_state_new(&s, g));
	before = ca.calls;
	CATAN_ASSERT_OK(catan_state_playout(s, &rng, buf, catan_game_max_legal_actions(g),
					    UINT64_MAX, &n));
	ck_assert_uint_gt(n, 0);
	ck_assert(catan_state_is_terminal(s));
	ck_assert_msg(ca.calls == before, "%s: %lu allocations", specs[_i], ca.calls - before);
	catan_state_free(s);
	free(buf);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* tensor.h, catan_state_tensor(): "Never allocates." */
START_TEST(test_no_allocation_tensor)
{
	struct counting_alloc ca = { 0 };
	catan_ctx_options opts;
	catan_ctx *ctx = NULL;
	catan_game *g = NULL;
	catan_state *s = NULL;
	size_t size;
	float *out;
	uint64_t rng = 9;
	unsigned long before;

	CATAN_ASSERT_OK(catan_ctx_options_init(&opts, CATAN_CTX_OPTIONS_VERSION));
	opts.alloc = counting_realloc;
	opts.alloc_userdata = &ca;
	CATAN_ASSERT_OK(catan_ctx_new(&ctx, &opts));
	if (catan_game_new_from_string(&g, ctx, "base(players=4,seed=3)+rivers+harbors") != CATAN_OK) {
		catan_ctx_free(ctx);
		return;
	}
	CATAN_ASSERT_OK(catan_game_tensor_size(g, &size));
	out = malloc(size * sizeof(*out));
	CATAN_ASSERT_OK(catan_state_new(&s, g));
	before = ca.calls;
	for (unsigned n = 0; n < 400 && !catan_state_is_terminal(s); n++) {
		catan_action a;

		CATAN_ASSERT_OK(catan_state_tensor(s, (int)(n % 4), out, size));
		if (catan_test_random_action(s, &rng, &a))
			CATAN_ASSERT_OK(catan_state_apply(s, &a));
	}
	ck_assert_msg(ca.calls == before, "%lu allocations", ca.calls - before);
	catan_state_free(s);
	free(out);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

void
catan_test_register(SRunner *sr)
{
	Suite *s = catan_test_suite(sr, "alloc");

	CATAN_TEST_ADD(s, test_no_allocation_sampled);
	CATAN_TEST_ADD(s, test_no_allocation_explicit);
	CATAN_TEST_ADD_LOOP(s, test_no_allocation_playout, 0, 3);
	CATAN_TEST_ADD(s, test_no_allocation_tensor);
}
