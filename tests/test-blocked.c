/*
 * Unit tests: hexes blocked for production besides the robber's (the
 * hex_blocked hooks of sys/module.h and sys/variant.h,
 * catan_state_hex_blocked()) through the public API, on the test module
 * conquest_test (test-blocked-module.h). traders-and-barbarians.txt,
 * Barbarian Attack: "If there are 3 barbarians on a hex, turn that hex's
 * number disc face down to show it is conquered. The hex no longer
 * produces". base-game.txt §05.A: "The land occupied by the thief
 * produces nothing, even if its number goes out."
 * SPDX-License-Identifier: MIT
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catan-private.h"
#include "test-common.h"
#include "test-blocked-module.h"

#define TEXT_CAP (64 * 1024)

static catan_ctx *
blocked_ctx(void)
{
	catan_ctx *ctx = catan_test_ctx_new();

	catan_test_add_blocked_module(ctx);
	return ctx;
}

/* The beginner board's position of tests/conformance/base/02-production.cts:
 * p0 at h12.se (h12 lumber 8), p1 at h10.se (h11 ore 8). */
static catan_state *
beginner_state(catan_ctx *ctx, const char *modules, catan_game **g_out)
{
	char spec[160];
	catan_state *s;

	snprintf(spec, sizeof(spec),
		 "base(players=3,board=beginner,setup=beginner,chance=explicit)%s", modules);
	*g_out = catan_test_game_new(ctx, spec);
	s = catan_test_state_new(*g_out);
	CATAN_APPLY(s, "chance first_player p0");
	for (int p = 0; p < 3; p++)
		for (int k = 0; k < CATAN_NUM_RESOURCES; k++)
			CATAN_ASSERT_OK(catan_edit_set_cards(s, p, k, 0));
	return s;
}

static unsigned
hex_id(const catan_game *g, const char *text)
{
	int kind = 0;
	unsigned id = 0;

	CATAN_ASSERT_OK(catan_location_parse(g, text, &kind, &id));
	ck_assert_int_eq(kind, CATAN_LOC_HEX);
	return id;
}

static unsigned
cards_of(const catan_state *s, int p, int kind)
{
	catan_player_info info;

	CATAN_ASSERT_OK(catan_state_player(s, p, &info));
	return info.cards[kind];
}

/* p0 ends a turn; p1 rolls @total. */
static void
roll(catan_state *s, int total)
{
	char text[32];

	CATAN_ASSERT_OK(catan_edit_set_turn(s, 0, CATAN_PHASE_MAIN, 5));
	CATAN_APPLY(s, "p0 end_turn");
	CATAN_APPLY(s, "p1 roll");
	snprintf(text, sizeof(text), "chance dice %d", total);
	CATAN_APPLY(s, text);
}

/* §05.A: the robber's hex is blocked, the others are not; nothing else
 * blocks in the base game, whose observations keep their lines. */
START_TEST(test_base_blocks_only_the_robbers_hex)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = NULL;
	catan_state *s = beginner_state(ctx, "", &g);
	unsigned robber = (unsigned)catan_state_robber(s);
	char *text = malloc(TEXT_CAP);

	for (unsigned h = 0; h < g->board.nhex; h++)
		ck_assert_int_eq(catan_state_hex_blocked(s, h), h == robber);
	ck_assert_int_eq(catan_state_hex_blocked(s, g->board.nhex), CATAN_EINVAL);
	ck_assert_int_eq(catan_state_hex_blocked(NULL, 0), CATAN_EINVAL);
	CATAN_ASSERT_OK(catan_edit_set_robber(s, hex_id(g, "h12")));
	ck_assert_int_eq(catan_state_hex_blocked(s, hex_id(g, "h12")), 1);
	ck_assert_int_eq(catan_state_hex_blocked(s, robber), robber == hex_id(g, "h12"));
	CATAN_ASSERT_OK(catan_state_observation_string(s, CATAN_OBSERVER_ALL, text, TEXT_CAP, NULL));
	ck_assert_ptr_null(strstr(text, "\nblocked"));
	CATAN_ASSERT_OK(catan_state_to_json(s, CATAN_OBSERVER_ALL, text, TEXT_CAP, NULL));
	ck_assert_ptr_null(strstr(text, "\"blocked\""));
	free(text);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* "The hex no longer produces": a conquered hex pays nothing on its
 * number while another hex of the number pays; freed, it pays again. */
START_TEST(test_conquered_hex_produces_nothing)
{
	catan_ctx *ctx = blocked_ctx();
	catan_game *g = NULL;
	catan_state *s = beginner_state(ctx, "+conquest_test", &g);
	unsigned h12 = hex_id(g, "h12"), h11 = hex_id(g, "h11");

	CATAN_ASSERT_OK(catan_edit_set_turn(s, 0, CATAN_PHASE_MAIN, 4));
	CATAN_ASSERT_OK(catan_edit_set_cards(s, 0, CATAN_ORE, 1));
	CATAN_APPLY(s, "p0 conquer h12");
	ck_assert_int_eq(cards_of(s, 0, CATAN_ORE), 0);
	ck_assert_int_eq(catan_state_hex_blocked(s, h12), 1);
	ck_assert_int_eq(catan_state_hex_blocked(s, h11), 0);
	roll(s, 8);
	ck_assert_int_eq(cards_of(s, 0, CATAN_LUMBER), 0);
	ck_assert_int_eq(cards_of(s, 1, CATAN_ORE), 1);
	/* freed: "The hex may now produce" */
	CATAN_ASSERT_OK(catan_edit_set_turn(s, 0, CATAN_PHASE_MAIN, 5));
	CATAN_ASSERT_OK(catan_edit_set_cards(s, 0, CATAN_ORE, 1));
	CATAN_APPLY(s, "p0 liberate h12");
	ck_assert_int_eq(catan_state_hex_blocked(s, h12), 0);
	roll(s, 8);
	ck_assert_int_eq(cards_of(s, 0, CATAN_LUMBER), 1);
	ck_assert_int_eq(cards_of(s, 1, CATAN_ORE), 2);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* The robber and a conquest block together: both hexes of the 8 pay
 * nothing, and moving the robber off one leaves the other blocked. */
START_TEST(test_robber_and_conquest_block_together)
{
	catan_ctx *ctx = blocked_ctx();
	catan_game *g = NULL;
	catan_state *s = beginner_state(ctx, "+conquest_test", &g);
	unsigned h12 = hex_id(g, "h12"), h11 = hex_id(g, "h11");

	CATAN_ASSERT_OK(catan_edit_set_turn(s, 0, CATAN_PHASE_MAIN, 4));
	CATAN_ASSERT_OK(catan_edit_set_cards(s, 0, CATAN_ORE, 1));
	CATAN_APPLY(s, "p0 conquer h12");
	CATAN_ASSERT_OK(catan_edit_set_robber(s, h11));
	ck_assert_int_eq(catan_state_hex_blocked(s, h11), 1);
	ck_assert_int_eq(catan_state_hex_blocked(s, h12), 1);
	roll(s, 8);
	ck_assert_int_eq(cards_of(s, 0, CATAN_LUMBER), 0);
	ck_assert_int_eq(cards_of(s, 1, CATAN_ORE), 0);
	CATAN_ASSERT_OK(catan_edit_set_robber(s, hex_id(g, "h9")));
	ck_assert_int_eq(catan_state_hex_blocked(s, h11), 0);
	ck_assert_int_eq(catan_state_hex_blocked(s, h12), 1);
	roll(s, 8);
	ck_assert_int_eq(cards_of(s, 0, CATAN_LUMBER), 0);
	ck_assert_int_eq(cards_of(s, 1, CATAN_ORE), 1);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* Conquests are public: every observer's view and the JSON list them; a
 * snapshot keeps them (the module's slice). */
START_TEST(test_blocked_hexes_are_shown_and_stored)
{
	catan_ctx *ctx = blocked_ctx();
	catan_game *g = NULL, *g2 = NULL;
	catan_state *s = beginner_state(ctx, "+conquest_test", &g), *t = NULL;
	char *text = malloc(TEXT_CAP);
	size_t len = 0;

	CATAN_ASSERT_OK(catan_state_observation_string(s, 1, text, TEXT_CAP, NULL));
	ck_assert_ptr_nonnull(strstr(text, "\nblocked none\n"));
	CATAN_ASSERT_OK(catan_edit_set_turn(s, 0, CATAN_PHASE_MAIN, 4));
	CATAN_ASSERT_OK(catan_edit_set_cards(s, 0, CATAN_ORE, 2));
	CATAN_APPLY(s, "p0 conquer h12");
	CATAN_APPLY(s, "p0 end_turn");
	CATAN_ASSERT_OK(catan_edit_set_turn(s, 0, CATAN_PHASE_MAIN, 5));
	CATAN_APPLY(s, "p0 conquer h5");
	static const int observers[] = { CATAN_OBSERVER_ALL, CATAN_OBSERVER_PUBLIC, 0, 1, 2 };

	for (size_t i = 0; i < ARRAY_LEN(observers); i++) {
		int o = observers[i];

		CATAN_ASSERT_OK(catan_state_observation_string(s, o, text, TEXT_CAP, NULL));
		ck_assert_msg(strstr(text, "\nblocked h5 h12\n") || strstr(text, "\nblocked h12 h5\n"),
			      "observer %d: %s", o, text);
	}
	CATAN_ASSERT_OK(catan_state_to_json(s, 2, text, TEXT_CAP, NULL));
	ck_assert_msg(strstr(text, "\"blocked\":[\"h5\",\"h12\"]") ||
		      strstr(text, "\"blocked\":[\"h12\",\"h5\"]"), "%s", text);
	CATAN_ASSERT_OK(catan_state_snapshot(s, text, TEXT_CAP, &len));
	CATAN_ASSERT_OK(catan_load(&g2, &t, ctx, text, len));
	ck_assert(catan_state_equal(s, t));
	ck_assert_int_eq(catan_state_hex_blocked(t, hex_id(g, "h12")), 1);
	ck_assert_int_eq(catan_state_hex_blocked(t, hex_id(g, "h5")), 1);
	catan_state_free(t);
	catan_game_unref(g2);
	free(text);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* Refusals change nothing: a hex without a number, one conquered twice,
 * a player without ore, another player's turn. */
START_TEST(test_conquest_refusals_change_nothing)
{
	catan_ctx *ctx = blocked_ctx();
	catan_game *g = NULL;
	catan_state *s = beginner_state(ctx, "+conquest_test", &g);

	CATAN_ASSERT_OK(catan_edit_set_turn(s, 0, CATAN_PHASE_MAIN, 4));
	CATAN_REFUSE(s, "p0 conquer h12", CATAN_REASON_INSUFFICIENT_RESOURCES);
	CATAN_ASSERT_OK(catan_edit_set_cards(s, 0, CATAN_ORE, 3));
	CATAN_REFUSE(s, "p0 conquer h9", CATAN_REASON_BAD_LOCATION);
	CATAN_REFUSE(s, "p1 conquer h12", CATAN_REASON_NOT_YOUR_TURN);
	CATAN_REFUSE(s, "p0 liberate h12", CATAN_REASON_OCCUPIED);
	CATAN_APPLY(s, "p0 conquer h12");
	CATAN_REFUSE(s, "p0 conquer h12", CATAN_REASON_OCCUPIED);
	CATAN_REFUSE(s, "p0 conquer h5", CATAN_REASON_VARIANT_RULE);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* Random games: production never pays from a blocked hex. After each
 * roll, a player's cards of a kind grow by at most what the unblocked
 * hexes of the number owe (the independent count below). */
START_TEST(test_random_games_never_pay_blocked_hexes)
{
	catan_ctx *ctx = blocked_ctx();
	catan_game *g = catan_test_game_new(ctx, "base(players=4,chance=explicit)+conquest_test");
	catan_state *s = catan_test_state_new(g);
	const struct board *b = &g->board;
	uint64_t rng = catan_test_seed() * 11u + (uint64_t)_i;
	unsigned rolls = 0, blocked_rolls = 0;
	catan_action a;

	for (int step = 0; step < 6000 && catan_test_random_action(s, &rng, &a); step++) {
		unsigned owed[CATAN_MAX_PLAYERS][CATAN_MAX_CARD_KINDS] = { { 0 } };
		uint8_t before[CATAN_MAX_PLAYERS][CATAN_MAX_CARD_KINDS];
		bool dice = a.player == CATAN_PLAYER_CHANCE && a.type == CATAN_ACT_DICE &&
			    a.target != 7;
		bool any_blocked = false;

		if (dice) {
			for (unsigned h = 0; h < b->nhex; h++) {
				const struct board_hex *bh = &b->hex[h];

				if (bh->number != a.target || bh->resource < 0)
					continue;
				if (catan_state_hex_blocked(s, h)) {
					any_blocked = true;
					continue;
				}
				for (int c = 0; c < 6; c++) {
					uint8_t v = st_cvert(s)[bh->vert[c]];

					if (v && PIECE_OWNER(v) < 4)
						owed[PIECE_OWNER(v)][bh->resource] +=
							PIECE_KIND(v) == CATAN_PIECE_CITY ? 2 : 1;
				}
			}
			for (int p = 0; p < 4; p++)
				memcpy(before[p], st_cplayer(s, p)->hand, CATAN_MAX_CARD_KINDS);
		}
		CATAN_ASSERT_OK(catan_state_apply(s, &a));
		if (!dice)
			continue;
		rolls++;
		blocked_rolls += any_blocked;
		for (int p = 0; p < 4; p++)
			for (int k = 0; k < CATAN_NUM_RESOURCES; k++)
				ck_assert_msg(st_cplayer(s, p)->hand[k] - before[p][k] <= (int)owed[p][k],
					      "p%d got %d of kind %d on a %u, unblocked hexes owe %u", p,
					      st_cplayer(s, p)->hand[k] - before[p][k], k,
					      (unsigned)a.target, owed[p][k]);
	}
	ck_assert_uint_gt(rolls, 0);
	ck_assert_uint_gt(blocked_rolls, 0);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

void
catan_test_register(SRunner *sr)
{
	Suite *s = catan_test_suite(sr, "blocked hexes");

	CATAN_TEST_ADD(s, test_base_blocks_only_the_robbers_hex);
	CATAN_TEST_ADD(s, test_conquered_hex_produces_nothing);
	CATAN_TEST_ADD(s, test_robber_and_conquest_block_together);
	CATAN_TEST_ADD(s, test_blocked_hexes_are_shown_and_stored);
	CATAN_TEST_ADD(s, test_conquest_refusals_change_nothing);
	CATAN_TEST_ADD_LOOP(s, test_random_games_never_pay_blocked_hexes, 0, 3);
}
