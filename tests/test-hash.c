/*
 * catan_state_hash(): the vector stripes compute the scalar function
 * (lib/hash.c), every bit of the position changes the hash, the derived
 * piece sets and lists do not, and the positions of whole games hash
 * apart.
 * SPDX-License-Identifier: MIT
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test-common.h"
#include "test-islands.h"
#include "catan-private.h"

/* Games whose hashed words lie in one part (the island with piece sets,
 * no slices) or two (sets, then the modules' slices), with piece lists
 * (the islands past the masks) and with many players. */
static const struct hash_case {
	const char *game;
	int radius;           /* 0: the standard island */
} cases[] = {
	{ "base(players=4,offer_max=0,seed=%u)", 0 },
	{ "base(players=3,seed=%u)", 0 },
	{ "base(players=4,offer_max=0,seed=%u)+friendly_robber+harbors+event_cards", 0 },
	{ "base(players=2,offer_max=0,seed=%u)+catan_for_two+event_cards", 0 },
	{ "base(players=4,offer_max=0,seed=%u)+friendly_robber+rivers", 0 },
	{ "base(players=4,offer_max=0,seed=%u)", 3 },
	{ "base(players=4,offer_max=0,seed=%u)+event_cards", 4 },
	{ "base(players=16,offer_max=0,seed=%u)", 6 },
};

static int
compare_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* The bytes catan_state_hash() reads: all but the piece sets or lists. */
static bool
hashed_byte(const catan_state *s, size_t i)
{
	const catan_game *g = s->game;
	size_t derived = g->off_sets ? g->off_sets : g->off_lists;

	return !derived || i < derived || i >= g->off_variant;
}

/* Flip every bit of the block in turn: a hashed bit changes the hash, a
 * bit of the piece sets or lists leaves it. (Check's assertions write to
 * a pipe each: the loops test, and fail with the first culprit.) */
static void
check_every_bit(catan_state *s, const char *spec)
{
	uint64_t h = catan_state_hash(s);
	unsigned char *d = s->data;

	for (size_t i = 0; i < s->size; i++)
		for (unsigned b = 0; b < 8; b++) {
			uint64_t flipped, scalar;

			d[i] ^= (unsigned char)(1u << b);
			flipped = catan_state_hash(s);
			scalar = catan_hash__scalar(s);
			d[i] ^= (unsigned char)(1u << b);
			if (flipped != scalar)
				ck_abort_msg("%s: byte %zu bit %u: vector and scalar stripes differ",
					     spec, i, b);
			if (hashed_byte(s, i) && flipped == h)
				ck_abort_msg("%s: byte %zu bit %u leaves the hash", spec, i, b);
			if (!hashed_byte(s, i) && flipped != h)
				ck_abort_msg("%s: derived byte %zu bit %u changes the hash", spec, i, b);
		}
	ck_assert(catan_state_hash(s) == h);
}

START_TEST(hash_vector_scalar_bits_and_games)
{
	const struct hash_case *c = &cases[_i];
	static struct test_island isl;
	unsigned seeds = catan_test_under_valgrind() ? 1 : 2;

	for (unsigned seed = 1; seed <= seeds; seed++) {
		char spec[160];
		catan_ctx *ctx = catan_test_ctx_new();
		catan_game *g;
		catan_state *s;
		catan_action a;
		uint64_t x = 0x9e3779b97f4a7c15ull ^ seed, *seen;
		size_t n = 0, cap = 1024, mid;

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
		snprintf(spec, sizeof(spec), c->game, seed);
#pragma GCC diagnostic pop
		if (c->radius) {
			ck_assert_int_eq(test_island_make(&isl, c->radius, seed), 0);
			ctx->board = &isl.spec;
			ctx->max_players = CATAN_MAX_PLAYERS;
		}
		g = catan_test_game_new(ctx, spec);
		s = catan_test_state_new(g);
		seen = malloc(cap * sizeof(*seen));
		ck_assert_ptr_nonnull(seen);
		/* the start, and one position in the middle of the game: every bit */
		check_every_bit(s, spec);
		mid = 200 + seed;
		for (;;) {
			uint64_t h = catan_state_hash(s);

			if (h != catan_hash__scalar(s))
				ck_abort_msg("%s, step %zu: vector and scalar stripes differ", spec, n);
			if (n == cap) {
				uint64_t *more = realloc(seen, 2 * cap * sizeof(*seen));

				ck_assert_ptr_nonnull(more);
				seen = more;
				cap *= 2;
			}
			seen[n++] = h;
			if (n == mid)
				check_every_bit(s, spec);
			if (!catan_test_random_action(s, &x, &a))
				break;
			CATAN_ASSERT_OK(catan_state_apply(s, &a));
		}
		ck_assert(catan_state_is_terminal(s));
		/* every step moves the position on (the move number at least):
		 * the game's positions all differ, and so must their hashes */
		ck_assert_uint_gt(n, mid);
		qsort(seen, n, sizeof(*seen), compare_u64);
		for (size_t i = 1; i < n; i++)
			if (seen[i] == seen[i - 1])
				ck_abort_msg("%s: two of %zu positions hash alike", spec, n);
		free(seen);
		catan_state_free(s);
		catan_game_unref(g);
		catan_ctx_free(ctx);
	}
}
END_TEST

void
catan_test_register(SRunner *sr)
{
	Suite *s = catan_test_suite(sr, "hash");

	CATAN_TEST_ADD_LOOP(s, hash_vector_scalar_bits_and_games, 0,
			    (int)(sizeof(cases) / sizeof(cases[0])));
}
