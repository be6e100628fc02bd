/*
 * Unit tests: number chips placed and moved in play
 * (catan_game_declare_number_chips(), catan_state_hex_chip(),
 * catan_edit_set_hex_chip()) through the public API, on the test module
 * chips_test and its board (tests/test-chips-module.h): Merchants of
 * Europe's "Some terrain hexes on the board show a round chip space in the
 * middle without a number", "you must choose one of the face-down number
 * chips (on the sea area) and place it on that hex's chip space" and "you
 * must move an already-placed number chip instead. Take any number chip
 * of the matching color from another terrain hex and place it on the
 * empty chip space" (histories-merchants-of-europe.txt).
 * SPDX-License-Identifier: MIT
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catan-private.h"
#include "test-common.h"
#include "test-chips-module.h"

#define CHIP_HEX 2      /* forest, a chip space, no printed number */
#define DOTTED_HEX 8    /* forest, the dotted chip space */
#define PRINTED_HEX 4   /* hills 6: no chip space */

static catan_ctx *
chips_ctx(void)
{
	catan_ctx *ctx = catan_test_ctx_new();

	catan_test_add_chips_module(ctx);
	CATAN_ASSERT_OK(catan_ctx_set_board(ctx, catan_test_chips_board));
	return ctx;
}

static unsigned
vertex(const catan_game *g, const char *name)
{
	int kind;
	unsigned id;

	CATAN_ASSERT_OK(catan_location_parse(g, name, &kind, &id));
	ck_assert_int_eq(kind, CATAN_LOC_VERTEX);
	return id;
}

static int
chip(const catan_state *s, unsigned hex)
{
	int n = -1;

	CATAN_ASSERT_OK(catan_state_hex_chip(s, hex, &n));
	return n;
}

static unsigned
lumber(const catan_state *s, int player)
{
	catan_player_info pi;

	CATAN_ASSERT_OK(catan_state_player(s, player, &pi));
	return pi.cards[CATAN_LUMBER];
}

/* p1 with a settlement on h2's north corner (h2 alone) and h8's north
 * corner, p0 to roll. */
static catan_state *
settled(catan_game *g)
{
	catan_state *s = catan_test_state_new(g);

	CATAN_APPLY(s, "chance first_player p0");
	CATAN_ASSERT_OK(catan_edit_place(s, 1, CATAN_PIECE_SETTLEMENT, vertex(g, "h2.n")));
	CATAN_ASSERT_OK(catan_edit_place(s, 1, CATAN_PIECE_SETTLEMENT, vertex(g, "h8.nw")));
	CATAN_ASSERT_OK(catan_edit_set_turn(s, 0, CATAN_PHASE_ROLL, 0));
	return s;
}

static void
roll(catan_state *s, int total)
{
	char text[32];

	CATAN_APPLY(s, "p0 roll");
	snprintf(text, sizeof(text), "chance dice %d", total);
	CATAN_APPLY(s, text);
	CATAN_ASSERT_OK(catan_edit_set_turn(s, 0, CATAN_PHASE_ROLL, 0));
}

/* A new state has its chip spaces empty ("Place the remaining ten number
 * chips face down on an open sea area"); hexes without a chip space, and
 * games without number chips, have no chip to ask for. */
START_TEST(test_chip_spaces_start_empty)
{
	catan_ctx *ctx = chips_ctx();
	catan_game *g = catan_test_game_new(ctx, "base(players=3,chance=explicit)+chips_test");
	catan_game *plain = catan_test_game_new(ctx, "base(players=3,chance=explicit)");
	catan_state *s = catan_test_state_new(g), *t = catan_test_state_new(plain);
	int n = -1;

	ck_assert_int_eq(chip(s, CHIP_HEX), 0);
	ck_assert_int_eq(chip(s, DOTTED_HEX), 0);
	ck_assert_int_eq(catan_state_hex_chip(s, PRINTED_HEX, &n), CATAN_ENOTFOUND);
	ck_assert_int_eq(catan_state_hex_chip(s, 999, &n), CATAN_ENOTFOUND);
	ck_assert_int_eq(catan_state_hex_chip(t, CHIP_HEX, &n), CATAN_ENOTFOUND);
	ck_assert_int_eq(catan_state_hex_chip(NULL, CHIP_HEX, &n), CATAN_EINVAL);
	ck_assert_int_eq(catan_state_hex_chip(s, CHIP_HEX, NULL), CATAN_EINVAL);
	ck_assert_int_eq(n, -1);
	/* the state of a game without chips keeps no chip bytes */
	ck_assert_uint_gt(catan_state_size(s), catan_state_size(t));
	catan_state_free(t);
	catan_state_free(s);
	catan_game_unref(plain);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* A hex without a number produces nothing; with a chip it produces on the
 * chip's number; a moved chip produces where it lies now. */
START_TEST(test_chips_produce_where_they_lie)
{
	catan_ctx *ctx = chips_ctx();
	catan_game *g = catan_test_game_new(ctx, "base(players=3,chance=explicit)+chips_test");
	catan_state *s = settled(g);

	roll(s, 9);
	ck_assert_uint_eq(lumber(s, 1), 0);
	CATAN_ASSERT_OK(catan_edit_set_hex_chip(s, CHIP_HEX, 9));
	ck_assert_int_eq(chip(s, CHIP_HEX), 9);
	roll(s, 9);
	ck_assert_uint_eq(lumber(s, 1), 1);
	roll(s, 11);
	ck_assert_uint_eq(lumber(s, 1), 1);
	/* "Take any number chip of the matching color from another terrain
	 * hex and place it on the empty chip space" */
	CATAN_ASSERT_OK(catan_edit_set_hex_chip(s, CHIP_HEX, 0));
	CATAN_ASSERT_OK(catan_edit_set_hex_chip(s, DOTTED_HEX, 9));
	roll(s, 9);
	ck_assert_uint_eq(lumber(s, 1), 2);
	ck_assert_int_eq(chip(s, CHIP_HEX), 0);
	/* two chips of one number both produce */
	CATAN_ASSERT_OK(catan_edit_set_hex_chip(s, CHIP_HEX, 9));
	roll(s, 9);
	ck_assert_uint_eq(lumber(s, 1), 4);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* "The robber's hex produces nothing" (base-game.txt 05.A) holds for a
 * chip's hex too. */
START_TEST(test_robber_blocks_a_chip)
{
	catan_ctx *ctx = chips_ctx();
	catan_game *g = catan_test_game_new(ctx, "base(players=3,chance=explicit)+chips_test");
	catan_state *s = settled(g);

	CATAN_ASSERT_OK(catan_edit_set_hex_chip(s, CHIP_HEX, 5));
	CATAN_ASSERT_OK(catan_edit_set_robber(s, CHIP_HEX));
	roll(s, 5);
	ck_assert_uint_eq(lumber(s, 1), 0);
	CATAN_ASSERT_OK(catan_edit_set_robber(s, PRINTED_HEX));
	roll(s, 5);
	ck_assert_uint_eq(lumber(s, 1), 1);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* Bad edits are refused with a reason and change nothing: a 7 (no chip
 * shows it), 1 and 13, a hex without a chip space, a game without chips. */
START_TEST(test_bad_chip_edits_are_refused)
{
	static const unsigned bad[] = { 7, 1, 13, 255 };
	catan_ctx *ctx = chips_ctx();
	catan_game *g = catan_test_game_new(ctx, "base(players=3,chance=explicit)+chips_test");
	catan_game *plain = catan_test_game_new(ctx, "base(players=3,chance=explicit)");
	catan_state *s = catan_test_state_new(g), *t = catan_test_state_new(plain), *before = NULL;

	CATAN_ASSERT_OK(catan_edit_set_hex_chip(s, CHIP_HEX, 4));
	CATAN_ASSERT_OK(catan_state_clone(&before, s));
	for (size_t i = 0; i < ARRAY_LEN(bad); i++) {
		ck_assert_int_eq(catan_edit_set_hex_chip(s, DOTTED_HEX, bad[i]), CATAN_EINVAL);
		ck_assert_ptr_nonnull(strstr(catan_state_errmsg(s), "2 to 6 or 8 to 12"));
	}
	ck_assert_int_eq(catan_edit_set_hex_chip(s, PRINTED_HEX, 5), CATAN_EINVAL);
	ck_assert_ptr_nonnull(strstr(catan_state_errmsg(s), "no chip space"));
	ck_assert_int_eq(catan_edit_set_hex_chip(s, 999, 5), CATAN_EINVAL);
	ck_assert(catan_state_equal(s, before));
	ck_assert_int_eq(catan_edit_set_hex_chip(t, CHIP_HEX, 5), CATAN_EINVAL);
	ck_assert_ptr_nonnull(strstr(catan_state_errmsg(t), "no number chips"));
	ck_assert_int_eq(catan_edit_set_hex_chip(NULL, CHIP_HEX, 5), CATAN_EINVAL);
	catan_state_free(before);
	catan_state_free(t);
	catan_state_free(s);
	catan_game_unref(plain);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* Chips declared on a board without chip spaces: the game is refused. */
START_TEST(test_chips_need_chip_spaces)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = NULL;

	catan_test_add_chips_module(ctx);
	ck_assert_int_eq(catan_game_new_from_string(&g, ctx, "base(players=3)+chips_test"),
			 CATAN_EINVAL);
	ck_assert_ptr_null(g);
	ck_assert_ptr_nonnull(strstr(catan_ctx_errmsg(ctx), "without chip spaces"));
	catan_ctx_free(ctx);
}
END_TEST

/* The chips lie face up: in snapshots (which load back to the same
 * state), observation strings and JSON; a load refuses a chip off a chip
 * space, a 7 and a chip given twice. */
START_TEST(test_chips_in_snapshots_observations_and_json)
{
	static char snap[16384], again[16384], text[16384], bad[16400];
	static const char *const wrong[] = { "chip h4 5\n", "chip h8 7\n", "chip h2 4\n",
					     "chip h8 x\n", "chip h8\n" };
	catan_ctx *ctx = chips_ctx();
	catan_game *g = catan_test_game_new(ctx, "base(players=3,chance=explicit)+chips_test");
	catan_state *s = catan_test_state_new(g), *t = NULL;
	catan_game *g2 = NULL;
	char *end;

	CATAN_ASSERT_OK(catan_edit_set_hex_chip(s, CHIP_HEX, 4));
	CATAN_ASSERT_OK(catan_edit_set_hex_chip(s, DOTTED_HEX, 10));
	CATAN_ASSERT_OK(catan_state_snapshot(s, snap, sizeof(snap), NULL));
	ck_assert_ptr_nonnull(strstr(snap, "\nchip h2 4\nchip h8 10\nend\n"));
	CATAN_ASSERT_OK(catan_load(&g2, &t, ctx, snap, strlen(snap)));
	ck_assert_int_eq(chip(t, CHIP_HEX), 4);
	ck_assert_int_eq(chip(t, DOTTED_HEX), 10);
	CATAN_ASSERT_OK(catan_state_snapshot(t, again, sizeof(again), NULL));
	ck_assert_str_eq(snap, again);
	catan_state_free(t);
	catan_game_unref(g2);
	/* each wrong line before 'end' is refused */
	end = strstr(snap, "chip h2 4\n");
	ck_assert_ptr_nonnull(end);
	for (size_t i = 0; i < ARRAY_LEN(wrong); i++) {
		snprintf(bad, sizeof(bad), "%.*s%s%s", (int)(end - snap), snap, wrong[i], end);
		t = NULL;
		g2 = NULL;
		ck_assert_int_ne(catan_load(&g2, &t, ctx, bad, strlen(bad)), CATAN_OK);
		ck_assert_ptr_null(t);
		ck_assert_ptr_null(g2);
	}
	CATAN_ASSERT_OK(catan_state_observation_string(s, 1, text, sizeof(text), NULL));
	ck_assert_ptr_nonnull(strstr(text, "chip h2 4\n"));
	CATAN_ASSERT_OK(catan_state_to_json(s, CATAN_OBSERVER_PUBLIC, text, sizeof(text), NULL));
	ck_assert_ptr_nonnull(strstr(text, "\"chips\":{\"h2\":4,\"h8\":10}"));
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* Random games with chips on both chip spaces, moved now and then as the
 * rules would: every game ends, every snapshot loads back equal. */
START_TEST(test_random_play_with_moving_chips)
{
	catan_ctx *ctx = chips_ctx();
	uint64_t rng = catan_test_seed() ^ (uint64_t)_i;
	char spec[128];

	for (int game = 0; game < 2; game++) {
		catan_game *g;
		catan_state *s;
		catan_action a;
		int steps = 0;

		snprintf(spec, sizeof(spec), "base(players=3,chance=explicit,seed=%d)+chips_test",
			 10 * _i + game + 1);
		g = catan_test_game_new(ctx, spec);
		s = catan_test_state_new(g);
		CATAN_ASSERT_OK(catan_edit_set_hex_chip(s, CHIP_HEX, 6));
		CATAN_ASSERT_OK(catan_edit_set_hex_chip(s, DOTTED_HEX, 8));
		while (steps++ < 50000 && catan_test_random_action(s, &rng, &a)) {
			ck_assert_msg(catan_state_apply(s, &a) == CATAN_OK, "%s step %d: %s", spec,
				      steps, catan_state_errmsg(s));
			if (steps % 97 == 0) {
				unsigned n = 2 + catan_test_below(&rng, 10);

				CATAN_ASSERT_OK(catan_edit_set_hex_chip(s, steps % 2 ? CHIP_HEX :
									DOTTED_HEX,
									n == 7 ? 0 : n));
			}
			if (steps % 53 == 0)
				catan_test_snapshot_round_trip(ctx, s);
		}
		ck_assert_msg(catan_state_is_terminal(s) == 1, "%s: not over after %d steps", spec,
			      steps);
		catan_state_free(s);
		catan_game_unref(g);
	}
	catan_ctx_free(ctx);
}
END_TEST

void
catan_test_register(SRunner *sr)
{
	Suite *s = catan_test_suite(sr, "chips");

	CATAN_TEST_ADD(s, test_chip_spaces_start_empty);
	CATAN_TEST_ADD(s, test_chips_produce_where_they_lie);
	CATAN_TEST_ADD(s, test_robber_blocks_a_chip);
	CATAN_TEST_ADD(s, test_bad_chip_edits_are_refused);
	CATAN_TEST_ADD(s, test_chips_need_chip_spaces);
	CATAN_TEST_ADD(s, test_chips_in_snapshots_observations_and_json);
	CATAN_TEST_ADD_LOOP(s, test_random_play_with_moving_chips, 0, 2);
}
