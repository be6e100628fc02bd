/*
 * Unit tests: a game's development-card kinds as data
 * (catan_game_declare_dev_kind(), catan_game_dev_kind_*(), the roles, the
 * discard pile and its reshuffle) through the public API, on a test
 * module "devkinds_test" that replaces the base deck with 6 knights, 2
 * alchemists (played by the module's own action) and 3 victory points and
 * reshuffles the discard pile, as Barbarian Attack's and Merchants of
 * Europe's decks do (traders-and-barbarians.txt: "When the stack of
 * development cards is empty, shuffle the discard pile to create a new
 * stack"; histories-merchants-of-europe.txt: "When all development cards
 * have been used, the discard pile is shuffled and becomes the new
 * development card stack").
 * SPDX-License-Identifier: MIT
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catan-private.h"
#include "test-common.h"
#include "test-devkinds-module.h"
#include "test-module-kit.h"

enum {
	ACT_ALCHEMIST = TEST_DEVKINDS_ACT_ALCHEMIST,
	SLOT_KNIGHT = TEST_DEVKINDS_SLOT_KNIGHT,
	SLOT_ALCHEMIST = TEST_DEVKINDS_SLOT_ALCHEMIST,
	SLOT_VP = TEST_DEVKINDS_SLOT_VP,
};

/* The test module is test-devkinds-module.c's. */
static catan_ctx *
dk_ctx(void)
{
	catan_ctx *ctx = catan_test_ctx_new();

	catan_test_add_devkinds_module(ctx);
	return ctx;
}

#define DK_GAME "base(players=3,board=beginner,setup=beginner,chance=explicit,seed=3)+devkinds_test"

/* A game past the set-up: p0's main phase, hands empty. */
static catan_state *
dk_state(catan_game *g)
{
	catan_state *s = catan_test_state_new(g);

	CATAN_APPLY(s, "chance first_player p0");
	for (int p = 0; p < 3; p++)
		for (int k = 0; k < CATAN_NUM_RESOURCES; k++)
			CATAN_ASSERT_OK(catan_edit_set_cards(s, p, k, 0));
	CATAN_ASSERT_OK(catan_edit_set_turn(s, 0, CATAN_PHASE_MAIN, 2));
	return s;
}

static void
give_buy_cost(catan_state *s, int p)
{
	CATAN_ASSERT_OK(catan_edit_set_cards(s, p, CATAN_WOOL, 1));
	CATAN_ASSERT_OK(catan_edit_set_cards(s, p, CATAN_GRAIN, 1));
	CATAN_ASSERT_OK(catan_edit_set_cards(s, p, CATAN_ORE, 1));
}

/* ------------------------------------------------------------- tests */

START_TEST(test_base_game_declares_its_five_kinds)
{
	/* FACTS.md 6: "25 cards: 14 Knight, 5 Victory Point, 2 Road
	 * Building, 2 Year of Plenty, 2 Monopoly"; the notation's names. */
	static const struct {
		const char *name;
		unsigned count, role;
	} want[] = {
		{ "knight", 14, CATAN_DEV_ROLE_KNIGHT },
		{ "road_building", 2, CATAN_DEV_ROLE_ROAD_BUILDING },
		{ "year_of_plenty", 2, CATAN_DEV_ROLE_YEAR_OF_PLENTY },
		{ "monopoly", 2, CATAN_DEV_ROLE_MONOPOLY },
		{ "victory_point", 5, CATAN_DEV_ROLE_VICTORY_POINT },
	};
	catan_ctx *ctx = dk_ctx();
	catan_game *g = catan_test_game_new(ctx, "base(seed=1)");
	catan_dev_kind_info info;

	ck_assert_int_eq(catan_game_dev_kind_count(g), 5);
	for (int k = 0; k < 5; k++) {
		CATAN_ASSERT_OK(catan_game_dev_kind(g, k, &info));
		ck_assert_str_eq(info.name, want[k].name);
		ck_assert_uint_eq(info.count, want[k].count);
		ck_assert_uint_eq(info.role, want[k].role);
		ck_assert_str_eq(catan_game_dev_kind_name(g, k), catan_dev_card_name(k));
		ck_assert_int_eq(catan_game_dev_kind_index(g, want[k].name), k);
		ck_assert_int_eq(catan_game_dev_kind_role(g, k), (int)want[k].role);
		ck_assert_int_eq(catan_game_dev_role_kind(g, (int)want[k].role), k);
	}
	ck_assert_int_eq(catan_game_dev_reshuffles(g), 0);
	ck_assert_ptr_null(catan_game_dev_kind_name(g, 5));
	ck_assert_ptr_null(catan_game_dev_kind_name(NULL, 0));
	CATAN_ASSERT_ERR(catan_game_dev_kind(g, 5, &info), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_game_dev_kind(g, 0, NULL), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_game_dev_kind_count(NULL), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_game_dev_kind_index(g, "alchemist"), CATAN_ENOTFOUND);
	CATAN_ASSERT_ERR(catan_game_dev_kind_index(g, NULL), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_game_dev_kind_role(g, -1), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_game_dev_role_kind(g, CATAN_DEV_ROLE_NONE), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_game_dev_role_kind(g, CATAN_DEV_NUM_ROLES), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_game_dev_reshuffles(NULL), CATAN_EINVAL);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

START_TEST(test_replacement_deck)
{
	catan_ctx *ctx = dk_ctx();
	catan_game *g = catan_test_game_new(ctx, DK_GAME);
	catan_state *s = catan_test_state_new(g);
	uint8_t deck[CATAN_MAX_DEV_KINDS];
	catan_action a;
	char text[64];

	ck_assert_int_eq(catan_game_dev_kind_count(g), 3);
	ck_assert_str_eq(catan_game_dev_kind_name(g, SLOT_ALCHEMIST), "alchemist");
	ck_assert_int_eq(catan_game_dev_kind_role(g, SLOT_ALCHEMIST), CATAN_DEV_ROLE_NONE);
	ck_assert_int_eq(catan_game_dev_role_kind(g, CATAN_DEV_ROLE_VICTORY_POINT), SLOT_VP);
	CATAN_ASSERT_ERR(catan_game_dev_role_kind(g, CATAN_DEV_ROLE_MONOPOLY), CATAN_ENOTFOUND);
	ck_assert_int_eq(catan_game_dev_reshuffles(g), 1);
	CATAN_ASSERT_OK(catan_state_dev_deck(s, deck));
	ck_assert_uint_eq(deck[SLOT_KNIGHT], 6);
	ck_assert_uint_eq(deck[SLOT_ALCHEMIST], 2);
	ck_assert_uint_eq(deck[SLOT_VP], 3);
	ck_assert_uint_eq(deck[3] + deck[4], 0);
	/* The notation uses the game's names: no monopoly in this deck. */
	CATAN_ASSERT_OK(catan_action_parse(s, "chance draw_dev alchemist", &a));
	ck_assert_uint_eq(a.arg, SLOT_ALCHEMIST);
	CATAN_ASSERT_OK(catan_action_format(g, &a, text, sizeof(text), NULL));
	ck_assert_str_eq(text, "chance draw_dev alchemist");
	ck_assert_int_ne(catan_action_parse(s, "chance draw_dev monopoly", &a), CATAN_OK);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

START_TEST(test_module_card_obeys_base_timing)
{
	/* base-game.txt 05.E: "You can play at most one Action Development
	 * card per turn, only during your turn ... A card purchased this
	 * round waits for a later turn". */
	catan_ctx *ctx = dk_ctx();
	catan_game *g = catan_test_game_new(ctx, DK_GAME);
	catan_state *s = dk_state(g);
	uint8_t pile[CATAN_MAX_DEV_KINDS];
	catan_player_info pi;

	CATAN_REFUSE(s, "p0 play_alchemist", CATAN_REASON_NO_CARD);
	give_buy_cost(s, 0);
	CATAN_APPLY(s, "p0 buy_dev");
	CATAN_APPLY(s, "chance draw_dev alchemist");
	CATAN_REFUSE(s, "p0 play_alchemist", CATAN_REASON_CARD_BOUGHT_THIS_TURN);
	CATAN_ASSERT_OK(catan_edit_give_dev_card(s, 1, SLOT_ALCHEMIST, 1));
	CATAN_REFUSE(s, "p1 play_alchemist", CATAN_REASON_NOT_YOUR_TURN);
	CATAN_ASSERT_OK(catan_edit_set_turn(s, 0, CATAN_PHASE_MAIN, 2));
	CATAN_APPLY(s, "p0 play_alchemist");
	CATAN_ASSERT_OK(catan_state_player(s, 0, &pi));
	ck_assert_uint_eq(pi.dev_cards[SLOT_ALCHEMIST], 0);
	ck_assert_uint_eq(pi.cards[CATAN_GRAIN], 1);
	/* "After their use, the action cards remain off the Stock": on the
	 * discard pile. */
	CATAN_ASSERT_OK(catan_state_dev_discard(s, pile));
	ck_assert_uint_eq(pile[SLOT_ALCHEMIST], 1);
	ck_assert_uint_eq(pile[SLOT_KNIGHT] + pile[SLOT_VP], 0);
	/* one card a turn */
	CATAN_ASSERT_OK(catan_edit_give_dev_card(s, 0, SLOT_KNIGHT, 1));
	CATAN_REFUSE(s, "p0 play_knight", CATAN_REASON_CARD_ALREADY_PLAYED);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

START_TEST(test_empty_deck_reshuffles_the_discard_pile)
{
	/* traders-and-barbarians.txt: "When the stack of development cards
	 * is empty, shuffle the discard pile to create a new stack." */
	catan_ctx *ctx = dk_ctx();
	catan_game *g = catan_test_game_new(ctx, DK_GAME);
	catan_state *s = dk_state(g);
	uint8_t deck[CATAN_MAX_DEV_KINDS], pile[CATAN_MAX_DEV_KINDS];
	catan_chance_outcome out[8];
	size_t n = 0;

	/* the whole deck in hands: 6 knights, 2 alchemists, 3 points */
	for (int i = 0; i < 6; i++)
		CATAN_ASSERT_OK(catan_edit_give_dev_card(s, 1, SLOT_KNIGHT, 1));
	for (int i = 0; i < 3; i++)
		CATAN_ASSERT_OK(catan_edit_give_dev_card(s, 2, SLOT_VP, 1));
	CATAN_ASSERT_OK(catan_edit_give_dev_card(s, 0, SLOT_ALCHEMIST, 1));
	CATAN_ASSERT_OK(catan_edit_give_dev_card(s, 0, SLOT_ALCHEMIST, 1));
	CATAN_ASSERT_OK(catan_state_dev_deck(s, deck));
	ck_assert_uint_eq(dev_total(deck), 0);
	/* nothing discarded yet: an empty deck and an empty pile */
	give_buy_cost(s, 0);
	CATAN_REFUSE(s, "p0 buy_dev", CATAN_REASON_DECK_EMPTY);
	CATAN_APPLY(s, "p0 play_alchemist");
	CATAN_ASSERT_OK(catan_state_dev_discard(s, pile));
	ck_assert_uint_eq(pile[SLOT_ALCHEMIST], 1);
	/* the pile becomes the deck, drawn as a chance event */
	CATAN_APPLY(s, "p0 buy_dev");
	CATAN_ASSERT_OK(catan_state_dev_deck(s, deck));
	ck_assert_uint_eq(deck[SLOT_ALCHEMIST], 1);
	ck_assert_uint_eq(dev_total(deck), 1);
	CATAN_ASSERT_OK(catan_state_dev_discard(s, pile));
	ck_assert_uint_eq(dev_total(pile), 0);
	CATAN_ASSERT_OK(catan_state_chance_outcomes(s, out, 8, &n));
	ck_assert_uint_eq(n, 1);
	ck_assert_uint_eq(out[0].action.arg, SLOT_ALCHEMIST);
	CATAN_APPLY(s, "chance draw_dev alchemist");
	CATAN_ASSERT_OK(catan_state_dev_deck(s, deck));
	ck_assert_uint_eq(dev_total(deck), 0);
	/* played knights stay face up: never on the pile */
	CATAN_ASSERT_OK(catan_edit_set_turn(s, 1, CATAN_PHASE_MAIN, 2));
	CATAN_APPLY(s, "p1 play_knight");
	CATAN_ASSERT_OK(catan_state_dev_discard(s, pile));
	ck_assert_uint_eq(dev_total(pile), 0);
	CATAN_ASSERT_OK(catan_edit_set_turn(s, 1, CATAN_PHASE_MAIN, 2));
	give_buy_cost(s, 1);
	CATAN_REFUSE(s, "p1 buy_dev", CATAN_REASON_DECK_EMPTY);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

START_TEST(test_declared_roles_count)
{
	/* base-game.txt 05.E: "Winning point: keeps this card hidden. It is
	 * worth 1 point"; "The Knights played remain visible to count the
	 * Army" (Largest Army: at least 3, base-game.txt 06). */
	catan_ctx *ctx = dk_ctx();
	catan_game *g = catan_test_game_new(ctx, DK_GAME);
	catan_state *s = dk_state(g);
	int hidden = catan_state_victory_points(s, 2, 1);
	int open = catan_state_victory_points(s, 2, 0);

	CATAN_ASSERT_OK(catan_edit_give_dev_card(s, 2, SLOT_VP, 1));
	CATAN_ASSERT_OK(catan_edit_give_dev_card(s, 2, SLOT_VP, 1));
	CATAN_ASSERT_OK(catan_edit_give_dev_card(s, 2, SLOT_ALCHEMIST, 1));
	ck_assert_int_eq(catan_state_victory_points(s, 2, 1), hidden + 2);
	ck_assert_int_eq(catan_state_victory_points(s, 2, 0), open);
	/* a VICTORY_POINT card is never played, not even by a module */
	ck_assert_int_eq(catan_dev__check_play(s, 2, SLOT_VP), CATAN_REASON_BAD_ARGUMENT);

	ck_assert_int_eq(catan_state_largest_army_holder(s), -1);
	CATAN_ASSERT_OK(catan_edit_set_knights_played(s, 0, 2));
	CATAN_ASSERT_OK(catan_edit_give_dev_card(s, 0, SLOT_KNIGHT, 1));
	CATAN_APPLY(s, "p0 play_knight");
	ck_assert_int_eq(catan_state_largest_army_holder(s), 0);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* Every bad declaration refused with a message, the game unchanged. */
START_TEST(test_declare_dev_kind_refusals)
{
	catan_ctx *ctx = dk_ctx();
	catan_game *g = catan_test_game_new(ctx, "base(seed=1)");
	uint32_t size = g->state_size;
	unsigned char before[sizeof(*g)];

	/* A built game's deck is fixed. */
	CATAN_ASSERT_ERR(catan_game_declare_dev_kind(g, 5, "alchemist", 2, 0), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_game_clear_dev_kinds(g), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_game_set_dev_reshuffle(g, 1), CATAN_EINVAL);
	ck_assert_int_eq(catan_game_dev_kind_count(g), 5);
	/* The other checks, on the game as it is while built. */
	g->state_size = 0;
	memcpy(before, g, sizeof(before));
	CATAN_ASSERT_ERR(catan_game_declare_dev_kind(g, 6, "alchemist", 2, 0), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_game_declare_dev_kind(g, CATAN_MAX_DEV_KINDS, "alchemist", 2, 0),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_game_declare_dev_kind(g, 5, "Alchemist", 2, 0), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_game_declare_dev_kind(g, 5, "", 2, 0), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_game_declare_dev_kind(g, 5, NULL, 2, 0), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_game_declare_dev_kind(g, 5, "monopoly", 2, 0), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_game_declare_dev_kind(g, 5, "alchemist", 256, 0), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_game_declare_dev_kind(g, 5, "alchemist", 2, CATAN_DEV_NUM_ROLES),
			 CATAN_EINVAL);
	/* one kind per role: a second VICTORY_POINT kind, a second knight */
	CATAN_ASSERT_ERR(catan_game_declare_dev_kind(g, 5, "university", 1,
						     CATAN_DEV_ROLE_VICTORY_POINT), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_game_declare_dev_kind(g, 1, "road_building", 2,
						     CATAN_DEV_ROLE_KNIGHT), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_game_set_dev_reshuffle(g, 2), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_game_declare_dev_kind(NULL, 5, "alchemist", 2, 0), CATAN_EINVAL);
	ck_assert_str_ne(catan_ctx_errmsg(ctx), "");
	ck_assert_int_eq(memcmp(before, g, sizeof(before)), 0);
	/* A kind out of the game keeps its name with count 0. */
	CATAN_ASSERT_OK(catan_game_declare_dev_kind(g, 3, "monopoly", 0, CATAN_DEV_ROLE_MONOPOLY));
	ck_assert_uint_eq(g->dev_start[3], 0);
	ck_assert_int_eq(catan_game_dev_kind_index(g, "monopoly"), 3);
	g->state_size = size;
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* Random games of the replacement deck, reshuffles included: every card
 * of each kind is in the deck, a hand, face up (knights) or on the
 * discard pile, and every game ends. */
START_TEST(test_random_play_conserves_the_deck)
{
	static const unsigned start[3] = { 6, 2, 3 };
	catan_ctx *ctx = dk_ctx();
	uint64_t rng = catan_test_seed() ^ (uint64_t)_i;
	char spec[160];
	unsigned reshuffles = 0;

	for (int game = 0; game < 4; game++) {
		catan_game *g;
		catan_state *s;
		catan_action a;
		int steps = 0;

		snprintf(spec, sizeof(spec), "base(players=3,chance=explicit,seed=%d)+devkinds_test",
			 10 * _i + game + 1);
		g = catan_test_game_new(ctx, spec);
		s = catan_test_state_new(g);
		while (steps++ < 20000 && catan_test_random_action(s, &rng, &a)) {
			uint8_t deck[CATAN_MAX_DEV_KINDS], pile[CATAN_MAX_DEV_KINDS];
			unsigned total[3] = { 0 };

			CATAN_ASSERT_OK(catan_state_dev_deck(s, deck));
			reshuffles += a.type == CATAN_ACT_BUY_DEV && dev_total(deck) == 0;
			ck_assert_msg(catan_state_apply(s, &a) == CATAN_OK, "%s step %d: %s", spec,
				      steps, catan_state_errmsg(s));
			CATAN_ASSERT_OK(catan_state_dev_deck(s, deck));
			CATAN_ASSERT_OK(catan_state_dev_discard(s, pile));
			for (int k = 0; k < 3; k++)
				total[k] = deck[k] + pile[k];
			for (int p = 0; p < 3; p++) {
				catan_player_info pi;

				CATAN_ASSERT_OK(catan_state_player(s, p, &pi));
				for (int k = 0; k < 3; k++)
					total[k] += pi.dev_cards[k];
				total[SLOT_KNIGHT] += pi.knights_played;
			}
			for (int k = 0; k < 3; k++)
				ck_assert_msg(total[k] == start[k], "%s step %d kind %d: %u of %u",
					      spec, steps, k, total[k], start[k]);
		}
		ck_assert_msg(catan_state_is_terminal(s) == 1, "%s: not over after %d steps (%s)",
			      spec, steps, catan_state_errmsg(s));
		catan_state_free(s);
		catan_game_unref(g);
	}
	/* the default seed's games buy from an empty deck 14, 1 and 37 times;
	 * another CATAN_TEST_SEED may play games without a reshuffle */
	if (!getenv("CATAN_TEST_SEED"))
		ck_assert_msg(reshuffles > 0, "no purchase from an empty deck");
	catan_ctx_free(ctx);
}
END_TEST

void
catan_test_register(SRunner *sr)
{
	Suite *s = catan_test_suite(sr, "devkinds");

	CATAN_TEST_ADD(s, test_base_game_declares_its_five_kinds);
	CATAN_TEST_ADD(s, test_replacement_deck);
	CATAN_TEST_ADD(s, test_module_card_obeys_base_timing);
	CATAN_TEST_ADD(s, test_empty_deck_reshuffles_the_discard_pile);
	CATAN_TEST_ADD(s, test_declared_roles_count);
	CATAN_TEST_ADD(s, test_declare_dev_kind_refusals);
	CATAN_TEST_ADD_LOOP(s, test_random_play_conserves_the_deck, 0, 3);
}
