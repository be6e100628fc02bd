/*
 * Seats end to end: games of up to CATAN_MAX_PLAYERS (32) seated players,
 * as CATAN Connect seats, on islands large enough for them
 * (catan_ctx.board, tests/test-islands.h): the acting mask, the pieces'
 * owners, observations, snapshots and JSON name the players past the
 * sixteenth as they name the first.
 * SPDX-License-Identifier: MIT
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test-common.h"
#include "test-islands.h"

static const struct seats_case {
	int players;
	int radius;
} seats_cases[] = {
	{ 24, 8 },
	{ 32, 8 },
};

/* The set-up places every seat's two settlements (base-game.txt set-up:
 * "each player places 2 settlements and 2 roads"), so each player, the
 * last seat included, acts alone at some step and owns two intersections
 * after it; then play goes on with every bit of the mask its player's. */
START_TEST(seats_every_player_acts_and_owns)
{
	const struct seats_case *c = &seats_cases[_i];
	static struct test_island isl;
	char spec[96];
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g;
	catan_state *s, *loaded = NULL;
	catan_game *lg = NULL;
	uint32_t acted = 0;
	uint64_t rng = 7;
	catan_action a;
	unsigned steps = catan_test_under_valgrind() ? 600 : 4000;
	unsigned owned[CATAN_MAX_PLAYERS] = { 0 };
	catan_board_counts counts;
	catan_observation obs;
	char *text;
	size_t len = 0;

	ck_assert_int_eq(test_island_make(&isl, c->radius, 3), 0);
	ctx->board = &isl.spec;
	ctx->max_players = CATAN_MAX_PLAYERS;
	snprintf(spec, sizeof(spec), "base(players=%d,offer_max=1,seed=5)", c->players);
	g = catan_test_game_new(ctx, spec);
	ck_assert_int_eq(catan_game_num_players(g), c->players);
	s = catan_test_state_new(g);
	for (unsigned i = 0; i < steps; i++) {
		uint32_t acting = catan_state_acting_players(s);

		if (catan_state_is_terminal(s))
			break;
		/* nobody past the seats */
		if (c->players < 32)
			ck_assert_uint_eq(acting >> c->players, 0);
		acted |= acting;
		if (!catan_test_random_action(s, &rng, &a))
			break;
		ck_assert_int_lt(a.player, c->players);
		CATAN_ASSERT_OK(catan_state_apply(s, &a));
	}
	ck_assert_uint_eq(acted, c->players == 32 ? UINT32_MAX :
			  (UINT32_C(1) << c->players) - 1);

	/* every seat's set-up settlements carry its number */
	CATAN_ASSERT_OK(catan_board_counts_get(g, &counts));
	for (unsigned v = 0; v < counts.vertices; v++) {
		int owner = -1;

		if (catan_state_vertex_piece(s, v, &owner) != CATAN_PIECE_NONE) {
			ck_assert_int_ge(owner, 0);
			ck_assert_int_lt(owner, c->players);
			owned[owner]++;
		}
	}
	for (int p = 0; p < c->players; p++)
		ck_assert_uint_ge(owned[p], 2);

	/* the last seat's own view shows its hand; another's view hides it */
	memset(&obs, 0, sizeof(obs));
	obs.version = CATAN_OBSERVATION_VERSION;
	CATAN_ASSERT_OK(catan_state_observe(s, c->players - 1, &obs));
	ck_assert_uint_eq(obs.num_players, (uint32_t)c->players);
	{
		catan_player_info info;

		CATAN_ASSERT_OK(catan_state_player(s, c->players - 1, &info));
		ck_assert_uint_eq(obs.players[c->players - 1].card_total, info.card_total);
		ck_assert(memcmp(obs.players[c->players - 1].cards, info.cards,
				 sizeof(info.cards)) == 0);
	}

	/* a snapshot of the position loads back equal */
	ck_assert_int_eq(catan_state_snapshot(s, NULL, 0, &len), CATAN_EBUFS);
	text = malloc(len + 1);
	ck_assert_ptr_nonnull(text);
	CATAN_ASSERT_OK(catan_state_snapshot(s, text, len + 1, &len));
	CATAN_ASSERT_OK(catan_load(&lg, &loaded, ctx, text, len));
	ck_assert(catan_state_equal(s, loaded));
	ck_assert_uint_eq(catan_state_hash(s), catan_state_hash(loaded));
	free(text);

	/* the JSON names the last seat */
	ck_assert_int_eq(catan_state_to_json(s, CATAN_OBSERVER_ALL, NULL, 0, &len), CATAN_EBUFS);
	text = malloc(len + 1);
	ck_assert_ptr_nonnull(text);
	CATAN_ASSERT_OK(catan_state_to_json(s, CATAN_OBSERVER_ALL, text, len + 1, &len));
	{
		char last[32];

		snprintf(last, sizeof(last), "{\"id\":%d,", c->players - 1);
		ck_assert_msg(strstr(text, last) != NULL, "%s: no %s in the JSON", spec, last);
	}
	free(text);

	catan_state_free(loaded);
	catan_game_unref(lg);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* More seats than the player masks hold are refused, naming the bound. */
START_TEST(seats_past_the_masks_are_refused)
{
	static struct test_island isl;
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = NULL;

	ck_assert_int_eq(test_island_make(&isl, 8, 3), 0);
	ctx->board = &isl.spec;
	ctx->max_players = CATAN_MAX_PLAYERS;
	CATAN_ASSERT_ERR(catan_game_new_from_string(&g, ctx, "base(players=33)"), CATAN_EINVAL);
	ck_assert_str_eq(catan_ctx_errmsg(ctx), "bad value '33' for 'players': expected 3..32");
	catan_ctx_free(ctx);
}
END_TEST

void
catan_test_register(SRunner *sr)
{
	Suite *s = catan_test_suite(sr, "seats");

	CATAN_TEST_ADD_LOOP(s, seats_every_player_acts_and_owns, 0,
			    (int)(sizeof(seats_cases) / sizeof(seats_cases[0])));
	CATAN_TEST_ADD(s, seats_past_the_masks_are_refused);
}
