/*
 * catan_game_info_get(): the declared facts of a game (players, chance,
 * information, simultaneous phases, bounds, rewards), each held against
 * what playing the game shows, through the public API only.
 * SPDX-License-Identifier: MIT
 */
#include <stdio.h>
#include <string.h>

#include "test-common.h"

static const struct info_case {
	const char *game;
	uint32_t min_players, max_players, num_players, num_neutral;
	int32_t vp_to_win;
} cases[] = {
	{ "base(players=4,offer_max=1)", 3, 4, 4, 0, 10 },
	{ "base(players=3,chance=explicit,max_turns=60)", 3, 4, 3, 0, 10 },
	/* Harbors: "you need 11 victory points to win" */
	{ "base(players=4,offer_max=1)+harbors+friendly_robber", 3, 4, 4, 0, 11 },
	{ "base(players=4,offer_max=1,chance=explicit)+event_cards", 3, 4, 4, 0, 10 },
	/* Catan for Two: two seated players and two neutral ones */
	{ "base(players=2,offer_max=1)+catan_for_two", 2, 2, 2, 2, 10 },
	/* Rivers of Catan: "If you have 10 or more VPs"; with Harbors 11 (T17) */
	{ "base(players=4,offer_max=1)+rivers", 3, 4, 4, 0, 10 },
	{ "base(players=3,offer_max=1)+rivers+harbors", 3, 4, 3, 0, 11 },
};

static void
game_info(const catan_game *g, catan_game_info *info)
{
	memset(info, 0, sizeof(*info));
	info->version = CATAN_GAME_INFO_VERSION;
	CATAN_ASSERT_OK(catan_game_info_get(g, info));
}

/* The facts that are plain data of the game agree with the game's own
 * queries and with the case's expectations from the rulebooks. */
START_TEST(info_declared_facts)
{
	const struct info_case *c = &cases[_i];
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, c->game);
	catan_state *s = catan_test_state_new(g);
	catan_game_info info;

	game_info(g, &info);
	ck_assert_uint_eq(info.min_players, c->min_players);
	ck_assert_uint_eq(info.max_players, c->max_players);
	ck_assert_uint_eq(info.num_players, c->num_players);
	ck_assert_uint_eq(info.num_players, (uint32_t)catan_game_num_players(g));
	ck_assert_uint_eq(info.num_neutral, c->num_neutral);
	ck_assert_uint_eq(info.num_neutral, (uint32_t)catan_game_neutral_players(g));
	ck_assert_uint_eq(info.chance_mode, (uint32_t)catan_game_chance_mode(g));
	ck_assert_uint_eq(info.chance_mode, strstr(c->game, "explicit") ?
			  CATAN_CHANCE_EXPLICIT : CATAN_CHANCE_SAMPLED);
	/* hands and development cards are hidden (base-game.txt) */
	ck_assert_uint_eq(info.information, CATAN_INFORMATION_IMPERFECT);
	ck_assert_uint_eq(info.simultaneous, CATAN_SIMULTANEOUS_ORDER_FREE);
	ck_assert_uint_eq(info.max_legal_actions, catan_game_max_legal_actions(g));
	ck_assert_uint_eq(info.max_chance_outcomes, catan_game_max_chance_outcomes(g));
	ck_assert_uint_eq(info.max_turns, strstr(c->game, "max_turns=60") ? 60 : 0);
	ck_assert_uint_eq(info.max_moves, 0);
	ck_assert_uint_eq(info.reward, CATAN_REWARD_WIN_AT_END);
	ck_assert_int_eq(info.min_return, 0);
	ck_assert_int_eq(info.max_return, 1);
	ck_assert_int_eq(info.vp_to_win, c->vp_to_win);
	ck_assert_int_eq(info.vp_to_win, catan_game_vp_to_win(g));
	ck_assert_uint_gt(info.state_size, 0);
	ck_assert_uint_le(info.state_size, catan_state_size(s));
	/* base-game.txt keeps hands hidden */
	ck_assert_uint_eq(info.open_hands, 0);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

static unsigned
bits(uint32_t x)
{
	unsigned n = 0;

	for (; x; x &= x - 1)
		n++;
	return n;
}

/* What the facts promise holds in played games: no list longer than the
 * bound, no chance node with more outcomes, several players owing a
 * decision at once (the declared simultaneous phases), a player's view
 * that differs from another's (imperfect information), returns within
 * their range and paid to the winner only, no game past max_turns. */
START_TEST(info_facts_hold_in_play)
{
	const struct info_case *c = &cases[_i];
	unsigned games = catan_test_under_valgrind() ? 1 : 6;
	bool several_acting = false, views_differ = false;

	for (unsigned seed = 1; seed <= games; seed++) {
		catan_ctx *ctx = catan_test_ctx_new();
		catan_game *g;
		catan_state *s;
		catan_game_info info;
		uint64_t rng = seed;
		catan_action a;
		size_t n;
		double ret[CATAN_MAX_PLAYERS];
		unsigned steps = 0;

		g = catan_test_game_new(ctx, c->game);
		s = catan_test_state_new(g);
		game_info(g, &info);
		for (;;) {
			if (catan_state_is_chance_node(s)) {
				/* a size query: EBUFS with the count */
				ck_assert_int_eq(catan_state_chance_outcomes(s, NULL, 0, &n), CATAN_EBUFS);
				ck_assert_uint_le(n, info.max_chance_outcomes);
			} else if (!catan_state_is_terminal(s)) {
				uint32_t acting = catan_state_acting_players(s);

				several_acting |= bits(acting) > 1;
				for (int p = 0; p < (int)info.num_players; p++) {
					if (!(acting & (UINT32_C(1) << p)))
						continue;
					int rc = catan_state_legal_actions(s, p, NULL, 0, &n);

					ck_assert(rc == CATAN_OK || rc == CATAN_EBUFS);
					ck_assert_uint_le(n, info.max_legal_actions);
				}
			}
			if (!views_differ && steps % 16 == 0) {
				static char v0[32768], v1[32768];
				size_t l0 = 0, l1 = 0;

				if (catan_state_observation_string(s, 0, v0, sizeof(v0), &l0) == CATAN_OK &&
				    catan_state_observation_string(s, 1, v1, sizeof(v1), &l1) == CATAN_OK)
					views_differ = strcmp(v0, v1) != 0;
			}
			if (!catan_test_random_action(s, &rng, &a))
				break;
			CATAN_ASSERT_OK(catan_state_apply(s, &a));
			steps++;
		}
		ck_assert(catan_state_is_terminal(s));
		if (info.max_turns)
			ck_assert_uint_le(catan_state_turn_number(s), info.max_turns);
		CATAN_ASSERT_OK(catan_state_returns(s, ret, CATAN_MAX_PLAYERS));
		for (int p = 0; p < (int)info.num_players; p++) {
			ck_assert(ret[p] >= info.min_return && ret[p] <= info.max_return);
			ck_assert(ret[p] == (catan_state_winner(s) == p ? 1.0 : 0.0));
		}
		catan_state_free(s);
		catan_game_unref(g);
		catan_ctx_free(ctx);
	}
	/* every case lists offers (offer_max=1): with three players or more
	 * the others reply at once (with two, only the discards of a 7 can
	 * be owed together, which one game need not reach) */
	if (cases[_i].num_players >= 3)
		ck_assert(several_acting);
	ck_assert(views_differ);
}
END_TEST

START_TEST(info_bad_arguments)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, "base");
	catan_game_info info;

	memset(&info, 0, sizeof(info));
	info.version = CATAN_GAME_INFO_VERSION;
	CATAN_ASSERT_ERR(catan_game_info_get(NULL, &info), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_game_info_get(g, NULL), CATAN_EINVAL);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

void
catan_test_register(SRunner *sr)
{
	Suite *s = catan_test_suite(sr, "info");

	CATAN_TEST_ADD_LOOP(s, info_declared_facts, 0, (int)(sizeof(cases) / sizeof(cases[0])));
	CATAN_TEST_ADD_LOOP(s, info_facts_hold_in_play, 0, (int)(sizeof(cases) / sizeof(cases[0])));
	CATAN_TEST_ADD(s, info_bad_arguments);
}
