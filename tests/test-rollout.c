/*
 * libcatanrules tests: catan_state_playout(), the library's rollout. Its
 * games are the ones of the host loop its documentation gives (state.h),
 * in every variant and module combination and in both chance modes; it
 * stops where asked and goes on where it stopped; bad arguments play
 * nothing. That it never allocates is in test-alloc.c.
 * SPDX-License-Identifier: MIT
 */
#include <stdlib.h>
#include <string.h>

#include "test-common.h"

/* Every rule module alone and in the combinations with golden traces, as
 * `catanrules bench` plays them, and the same games with every action
 * listed and with host-resolved chance. */
static const char *const games[] = {
	"base(players=4,seed=11,offer_max=0)",
	"base(players=4,seed=12)",
	"base(players=3,seed=13,offer_max=0)",
	"base(players=4,seed=14,offer_max=0)+friendly_robber",
	"base(players=4,seed=15,offer_max=0)+harbors",
	"base(players=4,seed=16,offer_max=0)+event_cards",
	"base(players=2,seed=17,offer_max=0)+catan_for_two",
	"base(players=4,seed=18,offer_max=0)+friendly_robber+harbors+event_cards",
	"base(players=2,seed=19,offer_max=0)+catan_for_two+event_cards",
	"base(players=4,seed=20,chance=explicit)",
	"base(players=3,seed=21,chance=explicit,offer_max=0)+event_cards",
	"base(players=2,seed=22,chance=explicit,offer_max=0)+catan_for_two",
	"base(players=4,seed=23,offer_max=0)+fishing",
	"base(players=3,seed=24,chance=explicit,offer_max=0)+fishing+event_cards",
};

/* The policy as state.h documents it, written out again. */
static size_t
documented_choice(uint64_t *rng, size_t n)
{
	uint64_t z = (*rng += UINT64_C(0x9e3779b97f4a7c15));

	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	z ^= z >> 31;
	return (size_t)(((z >> 32) * (uint64_t)n) >> 32);
}

/* The host loop of state.h: the lowest-numbered acting player, a uniform
 * choice among its legal actions, chance resolved with the state's RNG.
 * Returns the number of actions applied. */
static uint64_t
host_playout(catan_state *s, uint64_t *rng, catan_action *buf, size_t cap)
{
	uint64_t steps = 0;

	for (;;) {
		uint32_t acting;
		size_t n = 0;

		if (catan_state_is_chance_node(s))
			CATAN_ASSERT_OK(catan_state_resolve_chance(s));
		acting = catan_state_acting_players(s);
		if (acting == 0)
			return steps;
		CATAN_ASSERT_OK(catan_state_legal_actions(s, __builtin_ctz(acting), buf, cap, &n));
		ck_assert_uint_gt(n, 0);
		CATAN_ASSERT_OK(catan_state_apply_unchecked(s, &buf[documented_choice(rng, n)]));
		steps++;
		ck_assert_uint_lt(steps, 1000000);
	}
}

struct pair {
	catan_ctx *ctx;
	catan_game *g;
	catan_state *lib, *host;
	catan_action *buf;
	size_t cap;
};

static void
pair_open(struct pair *p, const char *spec)
{
	p->ctx = catan_test_ctx_new();
	CATAN_ASSERT_OK(catan_game_new_from_string(&p->g, p->ctx, spec));
	p->cap = catan_game_max_legal_actions(p->g);
	p->buf = malloc(p->cap * sizeof(*p->buf));
	ck_assert_ptr_nonnull(p->buf);
	p->lib = catan_test_state_new(p->g);
	p->host = catan_test_state_new(p->g);
}

static void
pair_close(struct pair *p)
{
	catan_state_free(p->lib);
	catan_state_free(p->host);
	free(p->buf);
	catan_game_unref(p->g);
	catan_ctx_free(p->ctx);
}

/*
 * state.h, catan_state_playout(): "A step is exactly this host loop":
 * whole games from the start, two policy seeds per game, give the same
 * number of steps and equal final states, which are over.
 */
START_TEST(test_playout_is_the_documented_loop)
{
	struct pair p;

	pair_open(&p, games[_i]);
	for (uint64_t seed = 1; seed <= 2; seed++) {
		uint64_t rng_lib = seed * 7919, rng_host = seed * 7919, steps = 0;

		CATAN_ASSERT_OK(catan_state_copy(p.lib, p.host));
		CATAN_ASSERT_OK(catan_state_playout(p.lib, &rng_lib, p.buf, p.cap, UINT64_MAX,
						    &steps));
		ck_assert_uint_eq(steps, host_playout(p.host, &rng_host, p.buf, p.cap));
		ck_assert_uint_gt(steps, 0);
		ck_assert_msg(catan_state_equal(p.lib, p.host), "%s: the games differ", games[_i]);
		ck_assert_uint_eq(catan_state_hash(p.lib), catan_state_hash(p.host));
		ck_assert_uint_eq(rng_lib, rng_host);
		ck_assert(catan_state_is_terminal(p.lib));
		/* the next game starts from a new state */
		catan_state_free(p.host);
		p.host = catan_test_state_new(p.g);
	}
	pair_close(&p);
}
END_TEST

/*
 * state.h: "It stops when nobody acts ... or after max_steps actions, and
 * may be called again to go on": a game played in slices of 1..37 steps
 * is the game played in one call.
 */
START_TEST(test_playout_goes_on_where_it_stopped)
{
	struct pair p;
	uint64_t rng_whole = 42, rng_sliced = 42, whole = 0, total = 0;
	uint64_t slice = 1;

	pair_open(&p, games[_i]);
	CATAN_ASSERT_OK(catan_state_playout(p.lib, &rng_whole, p.buf, p.cap, UINT64_MAX, &whole));
	for (;;) {
		uint64_t n = 99;

		CATAN_ASSERT_OK(catan_state_playout(p.host, &rng_sliced, p.buf, p.cap, slice, &n));
		ck_assert_uint_le(n, slice);
		total += n;
		if (n < slice)
			break;
		slice = slice % 37 + 1;
	}
	ck_assert_uint_eq(total, whole);
	ck_assert(catan_state_equal(p.lib, p.host));
	/* over: nothing more to play */
	{
		uint64_t n = 99;

		CATAN_ASSERT_OK(catan_state_playout(p.host, &rng_sliced, p.buf, p.cap, 5, &n));
		ck_assert_uint_eq(n, 0);
		ck_assert(catan_state_equal(p.lib, p.host));
	}
	pair_close(&p);
}
END_TEST

/*
 * state.h: "max_steps: at most this many actions": none with 0, even at
 * a chance node of an EXPLICIT game (its event waits for a step).
 */
START_TEST(test_playout_zero_steps_changes_nothing)
{
	struct pair p;
	uint64_t rng = 5, n = 99;

	pair_open(&p, "base(players=4,seed=23,chance=explicit)");
	/* the start is a chance node: the first player's roll-off */
	ck_assert(catan_state_is_chance_node(p.lib));
	CATAN_ASSERT_OK(catan_state_copy(p.host, p.lib));
	CATAN_ASSERT_OK(catan_state_playout(p.lib, &rng, p.buf, p.cap, 0, &n));
	ck_assert_uint_eq(n, 0);
	ck_assert_uint_eq(rng, 5);
	ck_assert(catan_state_equal(p.lib, p.host));
	ck_assert(catan_state_is_chance_node(p.lib));
	/* one step resolves the event and applies one action */
	CATAN_ASSERT_OK(catan_state_playout(p.lib, &rng, p.buf, p.cap, 1, &n));
	ck_assert_uint_eq(n, 1);
	ck_assert_uint_eq(catan_state_move_number(p.lib), catan_state_move_number(p.host) + 2);
	pair_close(&p);
}
END_TEST

/*
 * state.h: "CATAN_EINVAL if s, rng or buf is NULL or cap is too small;
 * nothing is played": the state, the generator and steps_out say so.
 */
START_TEST(test_playout_bad_arguments_play_nothing)
{
	struct pair p;
	uint64_t rng = 77, n = 99;

	pair_open(&p, "base(players=4,seed=24)");
	CATAN_ASSERT_OK(catan_state_copy(p.host, p.lib));
	ck_assert_int_eq(catan_state_playout(NULL, &rng, p.buf, p.cap, 10, &n), CATAN_EINVAL);
	ck_assert_uint_eq(n, 0);
	n = 99;
	ck_assert_int_eq(catan_state_playout(p.lib, NULL, p.buf, p.cap, 10, &n), CATAN_EINVAL);
	ck_assert_uint_eq(n, 0);
	ck_assert_int_eq(catan_state_playout(p.lib, &rng, NULL, p.cap, 10, NULL), CATAN_EINVAL);
	/* one action short of catan_game_max_legal_actions() */
	ck_assert_int_eq(catan_state_playout(p.lib, &rng, p.buf, p.cap - 1, 10, &n),
			 CATAN_EINVAL);
	ck_assert_ptr_nonnull(strstr(catan_state_errmsg(p.lib), "room"));
	ck_assert_uint_eq(n, 0);
	ck_assert_uint_eq(rng, 77);
	ck_assert(catan_state_equal(p.lib, p.host));
	/* steps_out may be NULL */
	CATAN_ASSERT_OK(catan_state_playout(p.lib, &rng, p.buf, p.cap, 3, NULL));
	ck_assert_uint_eq(catan_state_move_number(p.lib) > catan_state_move_number(p.host), 1);
	pair_close(&p);
}
END_TEST

void
catan_test_register(SRunner *sr)
{
	Suite *s = catan_test_suite(sr, "rollout");
	const int ngames = (int)(sizeof(games) / sizeof(games[0]));

	CATAN_TEST_ADD_LOOP(s, test_playout_is_the_documented_loop, 0, ngames);
	CATAN_TEST_ADD_LOOP(s, test_playout_goes_on_where_it_stopped, 0, ngames);
	CATAN_TEST_ADD(s, test_playout_zero_steps_changes_nothing);
	CATAN_TEST_ADD(s, test_playout_bad_arguments_play_nothing);
}
