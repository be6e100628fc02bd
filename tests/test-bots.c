/*
 * libcatanrules: the baseline bots of examples/ (bots.h) over the public API.
 * SPDX-License-Identifier: MIT
 *
 * A bot must choose a legal action, from what its player may know only,
 * the same way every time for the same seed; and the names it answers to
 * are checked.
 */

#include <stdlib.h>
#include <string.h>

#include "bots.h"
#include "test-common.h"

static const char *const games[] = {
	"base(players=4,seed=11,offer_max=0)",
	"base(players=3,seed=12,chance=explicit)",
	"base(players=4,seed=13)+friendly_robber+harbors+event_cards",
	"base(players=2,seed=14)+catan_for_two",
};
static const char *const kinds[] = { "random", "greedy", "mcts:24" };

/* Steps between the positions a test puts to the bots. */
#define STRIDE 37u

static catan_game *
new_game(catan_ctx **ctx, const char *spec)
{
	catan_game *g = NULL;

	ck_assert_int_eq(catan_ctx_new(ctx, NULL), CATAN_OK);
	if (catan_game_new_from_string(&g, *ctx, spec) != CATAN_OK) {
		/* a module left out of this build (-Dmodules=...) */
		catan_ctx_free(*ctx);
		*ctx = NULL;
		return NULL;
	}
	return g;
}

/* One random step of @s (chance by its probabilities). */
static void
random_step(catan_state *s, catan_action *buf, size_t cap, catan_chance_outcome *out,
	    size_t ocap, uint64_t *rng)
{
	catan_action a;
	size_t n = 0;

	if (catan_state_is_chance_node(s)) {
		ck_assert_int_eq(bot_sample_outcome(s, out, ocap, rng, &a), CATAN_OK);
	} else {
		int p = bot_actor(s);

		ck_assert_int_ge(p, 0);
		ck_assert_int_eq(catan_state_legal_actions(s, p, buf, cap, &n), CATAN_OK);
		ck_assert_uint_gt(n, 0);
		a = buf[bot_random_below(rng, n)];
	}
	ck_assert_int_eq(catan_state_apply(s, &a), CATAN_OK);
}

/*
 * Every bot's pick is one of the legal actions it was given; and it is the
 * same when what the player cannot see is dealt differently (the others'
 * hands, the deck, the RNG: catan_state_resample() from the player's seat
 * keeps exactly what the player knows), since a bot that read hidden
 * information could tell the two apart.
 */
START_TEST(test_bots_pick_legal_actions_from_what_they_see)
{
	for (size_t gi = 0; gi < sizeof(games) / sizeof(games[0]); gi++) {
		catan_ctx *ctx = NULL;
		catan_game *g = new_game(&ctx, games[gi]);
		size_t cap, ocap, checked = 0;
		catan_action *buf;
		catan_chance_outcome *out;
		catan_state *s = NULL;
		uint64_t rng = 5 + gi;

		if (g == NULL)
			continue;
		cap = catan_game_max_legal_actions(g);
		ocap = catan_game_max_chance_outcomes(g);
		buf = malloc(cap * sizeof(*buf));
		out = malloc(ocap * sizeof(*out));
		ck_assert_ptr_nonnull(buf);
		ck_assert_ptr_nonnull(out);
		ck_assert_int_eq(catan_state_new(&s, g), CATAN_OK);
		/* under valgrind, where memory is what is checked, fewer */
		size_t positions = catan_test_under_valgrind() ? 2 : 6;

		for (unsigned step = 0; !catan_state_is_terminal(s) && checked < positions; step++) {
			size_t n = 0;
			int p;

			if (step % STRIDE != STRIDE - 1 || catan_state_is_chance_node(s)) {
				random_step(s, buf, cap, out, ocap, &rng);
				continue;
			}
			p = bot_actor(s);
			ck_assert_int_eq(catan_state_legal_actions(s, p, buf, cap, &n), CATAN_OK);
			if (n < 2) {
				random_step(s, buf, cap, out, ocap, &rng);
				continue;
			}
			for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
				catan_state *other = NULL;
				bot *b1 = NULL, *b2 = NULL;
				size_t pick1 = n, pick2 = n;
				char why[128];

				ck_assert_int_eq(bot_new(&b1, kinds[k], g, p, 77, why, sizeof(why)), 0);
				ck_assert_int_eq(bot_new(&b2, kinds[k], g, p, 77, why, sizeof(why)), 0);
				ck_assert_int_eq(catan_state_resample(&other, s, p, 1000 + step), CATAN_OK);
				ck_assert_int_eq(bot_choose(b1, s, buf, n, &pick1), CATAN_OK);
				ck_assert_int_eq(bot_choose(b2, other, buf, n, &pick2), CATAN_OK);
				ck_assert_uint_lt(pick1, n);
				ck_assert_msg(pick1 == pick2,
					      "%s: %s of p%d picks %zu, and %zu with the hidden "
					      "information dealt anew (step %u)",
					      games[gi], kinds[k], p, pick1, pick2, step);
				ck_assert_int_eq(catan_state_check_action(s, &buf[pick1], NULL), CATAN_OK);
				catan_state_free(other);
				bot_free(b1);
				bot_free(b2);
			}
			checked++;
			random_step(s, buf, cap, out, ocap, &rng);
		}
		ck_assert_uint_gt(checked, 0);
		catan_state_free(s);
		free(buf);
		free(out);
		catan_game_unref(g);
		catan_ctx_free(ctx);
	}
}
END_TEST

/* A game played by bots alone ends, every action legal (apply checks). */
START_TEST(test_bots_play_a_game_to_the_end)
{
	catan_ctx *ctx = NULL;
	catan_game *g = new_game(&ctx, "base(players=4,seed=21,offer_max=0)");
	const char *seats[] = { "mcts:16", "greedy", "random", "greedy" };
	bot *bots[4] = { NULL };
	catan_chance_outcome *out;
	catan_action *buf;
	catan_state *s = NULL;
	size_t cap, ocap;
	uint64_t rng = 3;
	char why[128];

	ck_assert_ptr_nonnull(g);
	cap = catan_game_max_legal_actions(g);
	ocap = catan_game_max_chance_outcomes(g);
	buf = malloc(cap * sizeof(*buf));
	out = malloc(ocap * sizeof(*out));
	ck_assert_int_eq(catan_state_new(&s, g), CATAN_OK);
	for (int p = 0; p < 4; p++)
		ck_assert_int_eq(bot_new(&bots[p], seats[p], g, p, 9, why, sizeof(why)), 0);
	for (unsigned step = 0; !catan_state_is_terminal(s); step++) {
		catan_action a;
		size_t n = 0, pick = 0;

		ck_assert_uint_lt(step, 20000);
		if (catan_state_is_chance_node(s)) {
			ck_assert_int_eq(bot_sample_outcome(s, out, ocap, &rng, &a), CATAN_OK);
		} else {
			int p = bot_actor(s);

			ck_assert_int_eq(catan_state_legal_actions(s, p, buf, cap, &n), CATAN_OK);
			ck_assert_int_eq(bot_choose(bots[p], s, buf, n, &pick), CATAN_OK);
			a = buf[pick];
		}
		ck_assert_int_eq(catan_state_apply(s, &a), CATAN_OK);
	}
	ck_assert_int_ge(catan_state_winner(s), 0);
	for (int p = 0; p < 4; p++)
		bot_free(bots[p]);
	catan_state_free(s);
	free(buf);
	free(out);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* The names: the three bots, mcts with its iterations; anything else is
 * refused with a reason and no bot. */
START_TEST(test_bot_names)
{
	static const char *const good[] = { "random", "greedy", "mcts", "mcts:1", "mcts:1000000" };
	static const char *const bad[] = { "", "Random", "greedy:3", "mcts:", "mcts:0",
					   "mcts:1000001", "mcts:x", "mcts:5x", "alphazero",
					   "random ", "a-very-long-bot-name-beyond-the-limit" };
	catan_ctx *ctx = NULL;
	catan_game *g = new_game(&ctx, "base(players=3,seed=1)");
	char why[128];

	ck_assert_ptr_nonnull(g);
	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		bot *b = NULL;

		ck_assert_int_eq(bot_new(&b, good[i], g, 0, 1, why, sizeof(why)), 0);
		ck_assert_str_eq(bot_name(b), good[i]);
		bot_free(b);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		bot *b = (bot *)1;

		why[0] = '\0';
		ck_assert_int_eq(bot_new(&b, bad[i], g, 0, 1, why, sizeof(why)), -1);
		ck_assert_ptr_null(b);
		ck_assert_msg(why[0] != '\0', "no reason for '%s'", bad[i]);
	}
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

void
catan_test_register(SRunner *sr)
{
	Suite *s = catan_test_suite(sr, "bots");

	CATAN_TEST_ADD(s, test_bots_pick_legal_actions_from_what_they_see);
	CATAN_TEST_ADD(s, test_bots_play_a_game_to_the_end);
	CATAN_TEST_ADD(s, test_bot_names);
}
