/*
 * libcatanrules: rule tests of the Traders & Barbarians scenario Fishing on
 * Catan (module fishing).
 * SPDX-License-Identifier: MIT
 *
 * Every test cites the sentence of traders-and-barbarians.txt, "Fishing on
 * Catan" (Changes to Setup, Additional Rules, Winning the Game, Combining
 * with Other CATAN Products) or the ruling of RULINGS.md (T6, T10, T17, G3)
 * it checks. Refusals go through REFUSE (check, then apply: the state stays
 * unchanged).
 *
 * Positions are on the beginner board (FACTS.md 1.2) with explicit chance:
 * its desert h9 is the centre, so it becomes the lake (2, 3, 11, 12); the
 * fishing grounds lie at h0.n h0.ne h1.n (4), h0.nw h0.sw h3.nw (5),
 * h6.ne h6.se h11.ne (6), h11.se h11.s h15.se (8), h12.sw h12.s h16.sw (9)
 * and h16.s h16.se h17.s (10). The set-up is skipped with edits.
 *
 * The suite fishing-for-two checks the paragraph "Combining with Other
 * CATAN Products / Catan for Two" of Fishing on Catan on the same board,
 * with the neutral players p2 on h0.s and p3 on h14.se (the module's
 * default intersections there), in both orders of the two modules.
 */

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test-rules-kit.h"
#include "catanrules/traders.h"

#define FISH "base(board=beginner,chance=explicit)+fishing"

static int
holding(const catan_state *s, int player, const char *name)
{
	int32_t v = -1;

	CATAN_ASSERT_OK(catan_state_holding(s, player, name, &v));
	return v;
}

static void
set_fish(catan_state *s, int player, int ones, int twos, int threes)
{
	CATAN_ASSERT_OK(catan_edit_set_holding(s, player, "fish_1", (uint32_t)ones));
	CATAN_ASSERT_OK(catan_edit_set_holding(s, player, "fish_2", (uint32_t)twos));
	CATAN_ASSERT_OK(catan_edit_set_holding(s, player, "fish_3", (uint32_t)threes));
}

static int
game_counter(const catan_state *s, const char *name)
{
	int32_t v = -1;

	CATAN_ASSERT_OK(catan_state_counter(s, -1, name, &v));
	return v;
}

/* What @player needs to win now. */
static int
target_of(const catan_state *s, int player)
{
	int32_t target = 0;

	CATAN_ASSERT_OK(catan_state_vp_to_win(s, player, &target));
	return target;
}

static size_t
count_type(const catan_state *s, int player, int type)
{
	catan_action buf[1024];
	size_t n = 0, k = 0;

	CATAN_ASSERT_OK(catan_state_legal_actions(s, player, buf, ARRAY_SIZE(buf), &n));
	for (size_t i = 0; i < n; i++)
		k += buf[i].type == type;
	return k;
}

static void
outcome_at(int line, const catan_state *s, const char *text, unsigned num, unsigned den)
{
	catan_action a = act_at(line, s, text);
	catan_chance_outcome out[16];
	size_t n = 0;

	CATAN_ASSERT_OK(catan_state_chance_outcomes(s, out, ARRAY_SIZE(out), &n));
	for (size_t i = 0; i < n; i++) {
		if (catan_action_compare(&out[i].action, &a) != 0)
			continue;
		ck_assert_msg((uint64_t)out[i].num * den == (uint64_t)num * out[i].den,
			      "line %d: %s has %u/%u, expected %u/%u", line, text,
			      out[i].num, out[i].den, num, den);
		return;
	}
	ck_assert_msg(num == 0, "line %d: %s is no outcome", line, text);
}

#define OUTCOME(s_, t_, n_, d_) outcome_at(__LINE__, (s_), (t_), (n_), (d_))

static int
game_rc(const char *spec)
{
	catan_game *g = NULL;
	int rc = catan_game_new_from_string(&g, pool.ctx, spec);

	catan_game_unref(g);
	return rc;
}

/* The game @base with @modules, before the roll-off (@roll_off false) or
 * with p0 its winner. */
static catan_state *
game_of(const char *base, const char *modules, bool roll_off)
{
	char spec[200];
	catan_state *s;

	snprintf(spec, sizeof(spec), "%s%s", base, modules);
	s = new_state(spec);
	if (roll_off)
		APPLY(s, "chance first_player p0");
	return s;
}

/* p0 on the lake (h9.s), p1 on the fishing ground 4 (h0.n), p2 a city on
 * the lake (h9.n), p3 inland away from both (h7.s... h13.s); p0's turn
 * before the roll. */
static catan_state *
fishing(const char *modules)
{
	catan_state *s = game_of(FISH, modules, true);

	SETTLEMENT(s, 0, "h9.s");
	ROAD(s, 0, "h9.s-sw");
	SETTLEMENT(s, 1, "h0.n");
	ROAD(s, 1, "h0.n-ne");
	CITY(s, 2, "h9.n");
	ROAD(s, 2, "h9.n-ne");
	SETTLEMENT(s, 3, "h2.s");
	ROAD(s, 3, "h2.se-s");
	ROLL_PHASE(s, 0);
	return s;
}

/* ------------------------------------------------------------- set-up */

/* "Replace the desert hex with the lake hex" and T6: "lake produces on 2,
 * 3, 11, 12"; "six fishing grounds (numbers 4,5,6,8,9,10)". */
START_TEST(lake_and_fishing_grounds)
{
	catan_state *s = fishing("");
	const catan_game *g = catan_state_game(s);
	catan_hex_info h;
	catan_site_info si;
	unsigned seen = 0;

	CATAN_ASSERT_OK(catan_board_hex(g, 9, &h));
	ck_assert_uint_eq(h.terrain, CATAN_TERRAIN_LAKE);
	ck_assert_uint_eq(h.nnumbers, 4);
	ck_assert_uint_eq(h.numbers[0], 2);
	ck_assert_uint_eq(h.numbers[1], 3);
	ck_assert_uint_eq(h.numbers[2], 11);
	ck_assert_uint_eq(h.numbers[3], 12);
	for (unsigned i = 0; catan_board_site(g, i, &si) == CATAN_OK; i++) {
		ck_assert_uint_eq(si.kind, CATAN_SITE_FISHING_GROUND);
		seen |= 1u << si.value;
	}
	ck_assert_uint_eq(seen, (1u << 4) | (1u << 5) | (1u << 6) | (1u << 8) | (1u << 9) | (1u << 10));
}
END_TEST

/* "Place it and six random hexes in the light blue, inner area of the
 * board": on random boards the lake is the centre or touches it. */
START_TEST(random_lake_inner)
{
	for (unsigned seed = 0; seed < 40; seed++) {
		char spec[120];
		catan_game *g = NULL;
		catan_hex_info h, centre;
		int lake = -1;

		snprintf(spec, sizeof(spec), "base(seed=%u)+fishing", seed);
		CATAN_ASSERT_OK(catan_game_new_from_string(&g, pool.ctx, spec));
		for (unsigned i = 0; i < 19; i++) {
			CATAN_ASSERT_OK(catan_board_hex(g, i, &h));
			ck_assert(h.terrain != CATAN_TERRAIN_DESERT);
			if (h.terrain == CATAN_TERRAIN_LAKE)
				lake = (int)i;
		}
		ck_assert_int_ge(lake, 0);
		CATAN_ASSERT_OK(catan_board_hex(g, 9, &centre));
		ck_assert(lake == 9 || centre.neighbors[0] == lake || centre.neighbors[1] == lake ||
			  centre.neighbors[2] == lake || centre.neighbors[3] == lake ||
			  centre.neighbors[4] == lake || centre.neighbors[5] == lake);
		catan_game_unref(g);
	}
}
END_TEST

/* "Place the robber next to the game board. It will enter the game when
 * you "Resolve a 7" or play a Knight card." */
START_TEST(robber_starts_off_board)
{
	catan_state *s = fishing("");

	ck_assert_int_eq(catan_state_robber(s), (int)CATAN_NONE);
	ROLL(s, 7);
	EXPECT_PHASE(s, ROBBER);
	/* every hex, the lake included ("You may place the robber on the lake") */
	ck_assert_uint_eq(count_type(s, 0, CATAN_ACT_MOVE_ROBBER), 19);
	APPLY(s, "p0 move_robber h9");
	ck_assert_int_eq(catan_state_robber(s), 9);
}
END_TEST

/* "If your second settlement is adjacent to a fishing ground or lake, you
 * receive a random fish token" — one, even if both (T10); not the first. */
START_TEST(starting_token)
{
	catan_state *s = new_state(FISH);

	APPLY(s, "chance first_player p0");
	APPLY(s, "p0 build_settlement h9.s");   /* first: no token */
	ck_assert_int_eq(catan_state_is_chance_node(s), 0);
	APPLY(s, "p0 build_road h9.s-sw");
	APPLY(s, "p1 build_settlement h2.s");
	APPLY(s, "p1 build_road h2.se-s");
	APPLY(s, "p2 build_settlement h13.s");
	APPLY(s, "p2 build_road h13.s-sw");
	APPLY(s, "p3 build_settlement h16.s");
	APPLY(s, "p3 build_road h16.s-sw");
	APPLY(s, "p3 build_settlement h3.sw");   /* second, inland: none */
	ck_assert_int_eq(catan_state_is_chance_node(s), 0);
	APPLY(s, "p3 build_road h3.s-sw");
	APPLY(s, "p2 build_settlement h11.s");  /* on the fishing ground 8 */
	ck_assert_int_ne(catan_state_is_chance_node(s), 0);
	OUTCOME(s, "chance fish_draw 1", 11, 30);
	OUTCOME(s, "chance fish_draw boot", 1, 30);
	APPLY(s, "chance fish_draw 3");
	ck_assert_int_eq(holding(s, 2, "fish_3"), 1);
	ck_assert_int_eq(holding(s, 2, "fish"), 1);
	ck_assert_int_eq(catan_state_is_chance_node(s), 0);
}
END_TEST

/* --------------------------------------------------------- production */

/* "Settlements on a producing fishing ground or lake receive 1 random
 * fish token, and cities receive 2 random fish tokens." "Starting with
 * the active player and proceeding clockwise ... one token at a time." */
START_TEST(lake_produces)
{
	catan_state *s = fishing("");

	ROLL(s, 3);
	/* p0 first (the active player), then p2's two */
	ck_assert_int_ne(catan_state_is_chance_node(s), 0);
	APPLY(s, "chance fish_draw 1");
	ck_assert_int_eq(holding(s, 0, "fish"), 1);
	APPLY(s, "chance fish_draw 2");
	ck_assert_int_eq(holding(s, 2, "fish"), 1);
	APPLY(s, "chance fish_draw 2");
	ck_assert_int_eq(holding(s, 2, "fish_2"), 2);
	ck_assert_int_eq(catan_state_is_chance_node(s), 0);
	ck_assert_int_eq(holding(s, 1, "fish"), 0);
	EXPECT_PHASE(s, MAIN);
	/* 26 fish tokens left face down: 10 + 8 + 8 (and the boot) */
	ck_assert_int_eq(holding(s, CATAN_HOLDING_SUPPLY, "fish"), 26);
}
END_TEST

/* "During the Production phase, fishing grounds ... produce if their
 * number is rolled." */
START_TEST(fishing_ground_produces)
{
	catan_state *s = fishing("");

	ROLL(s, 4);
	APPLY(s, "chance fish_draw 1");
	ck_assert_int_eq(holding(s, 1, "fish_1"), 1);
	ck_assert_int_eq(catan_state_is_chance_node(s), 0);
	ROLL_PHASE(s, 0);
	ROLL(s, 5);     /* no building at the 5 ground, nor the lake */
	ck_assert_int_eq(catan_state_is_chance_node(s), 0);
}
END_TEST

/* "It blocks production for all four of the numbers shown there." */
START_TEST(robber_blocks_lake)
{
	catan_state *s = fishing("");

	CATAN_ASSERT_OK(catan_edit_set_robber(s, 9));
	ROLL(s, 12);
	ck_assert_int_eq(catan_state_is_chance_node(s), 0);
	ck_assert_int_eq(holding(s, 0, "fish"), 0);
}
END_TEST

/* "You may never have more than 7 fish tokens ... Once per turn, if you
 * have 7 fish tokens and would receive more, you may discard 1 fish token
 * and replace it from the supply. Then stop drawing tokens." (T10) */
START_TEST(cap_and_swap)
{
	catan_state *s = fishing("");

	set_fish(s, 2, 7, 0, 0);
	ROLL(s, 2);
	APPLY(s, "chance fish_draw 1");   /* p0's */
	EXPECT_PHASE(s, FISH_SWAP);
	REFUSE(s, "p0 fish_keep", NOT_YOUR_TURN);
	REFUSE(s, "p2 fish_swap 2", BAD_ARGUMENT);
	APPLY(s, "p2 fish_swap 1");
	ck_assert_int_eq(holding(s, 2, "fish"), 6);
	ck_assert_int_eq(game_counter(s, "fish_pile_1"), 1);
	APPLY(s, "chance fish_draw 3");
	/* the second token owed is lost */
	ck_assert_int_eq(catan_state_is_chance_node(s), 0);
	ck_assert_int_eq(holding(s, 2, "fish"), 7);
	ck_assert_int_eq(holding(s, 2, "fish_3"), 1);
	EXPECT_PHASE(s, MAIN);
}
END_TEST

/* "Once per turn": a second time in the same turn the tokens are lost. */
START_TEST(swap_once_per_turn)
{
	catan_state *s = fishing("");

	set_fish(s, 2, 7, 0, 0);
	ROLL(s, 2);
	APPLY(s, "chance fish_draw 1");
	APPLY(s, "p2 fish_keep");
	ck_assert_int_eq(catan_state_is_chance_node(s), 0);
	ck_assert_int_eq(holding(s, 2, "fish"), 7);
	EXPECT_PHASE(s, MAIN);
}
END_TEST

/* "If you draw the old boot, reveal it immediately" — it uses up the draw
 * and does not count toward the 7 (T10); "needs 1 additional VP to win". */
START_TEST(old_boot)
{
	catan_state *s = fishing("");

	set_fish(s, 0, 7, 0, 0);
	ROLL(s, 11);
	EXPECT_PHASE(s, FISH_SWAP);
	APPLY(s, "p0 fish_swap 1");
	APPLY(s, "chance fish_draw boot");
	ck_assert_int_eq(holding(s, 0, "boot"), 1);
	ck_assert_int_eq(holding(s, 0, "fish"), 6);
	/* the boot is public */
	{
		int32_t v = -1;

		CATAN_ASSERT_OK(catan_state_observe_holding(s, 1, 0, "boot", &v));
		ck_assert_int_eq(v, 1);
		CATAN_ASSERT_OK(catan_state_observe_holding(s, 1, 0, "fish_1", &v));
		ck_assert_int_eq(v, -1);
		CATAN_ASSERT_OK(catan_state_observe_holding(s, 1, 0, "fish", &v));
		ck_assert_int_eq(v, 6);
	}
	ck_assert_int_eq(target_of(s, 0), 11);
	ck_assert_int_eq(target_of(s, 1), 10);
	/* p2's two draws go on */
	ck_assert_int_ne(catan_state_is_chance_node(s), 0);
}
END_TEST

/* "During your turn, you may give the old boot to any player who has the
 * same or more VPs as you. Hidden Victory Point cards do not count" (G3). */
START_TEST(give_boot)
{
	catan_state *s = fishing("");

	CATAN_ASSERT_OK(catan_edit_set_holding(s, 2, "boot", 1));
	REFUSE(s, "p0 give_boot p1", VARIANT_RULE);   /* p0 has no boot */
	ROLL_PHASE(s, 2);
	/* p2 has 2 points (a city); p0, p1 and p3 have 1 */
	REFUSE_SAYING(s, "p2 give_boot p0", VARIANT_RULE, "same or more points");
	CITY(s, 1, "h0.n");
	CATAN_ASSERT_OK(catan_edit_give_dev_card(s, 0, CATAN_DEV_VICTORY_POINT, 1));
	REFUSE(s, "p2 give_boot p0", VARIANT_RULE);   /* hidden points do not count */
	APPLY(s, "p2 give_boot p1");
	ck_assert_int_eq(holding(s, 1, "boot"), 1);
	ck_assert_int_eq(holding(s, 2, "boot"), 0);
}
END_TEST

/* --------------------------------------------------------- spending */

/* "To pay for an action, spend the indicated number of fish ... If the
 * number of fish on the tokens you discard is more than the cost of the
 * action, you lose the excess fish." A payment no token of which could be
 * left out (T10); "2 fish – Remove the robber from the board" and T17
 * (refused while it is off the board). */
START_TEST(robber_for_two_fish)
{
	catan_state *s = fishing("");

	set_fish(s, 0, 1, 1, 1);
	REFUSE(s, "p0 fish_robber pay=2", VARIANT_RULE);   /* off the board already */
	CATAN_ASSERT_OK(catan_edit_set_robber(s, 4));
	REFUSE(s, "p0 fish_robber pay=1,2", BAD_ARGUMENT); /* the 1 could be left out */
	REFUSE(s, "p0 fish_robber pay=1", BAD_ARGUMENT);   /* too little */
	/* before the roll: "any point of one's own turn" */
	ck_assert_uint_eq(count_type(s, 0, CATAN_ACT_FISH_ROBBER), 2); /* pay=2, pay=3 */
	APPLY(s, "p0 fish_robber pay=3");
	ck_assert_int_eq(catan_state_robber(s), (int)CATAN_NONE);
	ck_assert_int_eq(holding(s, 0, "fish"), 2);
	ck_assert_int_eq(game_counter(s, "fish_pile_3"), 1);
	/* "It returns when a player "Resolves a 7"" */
	ROLL(s, 7);
	EXPECT_PHASE(s, ROBBER);
}
END_TEST

/* "3 fish – Steal a random resource card from another player." No robber
 * moves, so nobody is spared; a steal from a player without cards is
 * refused (T17). */
START_TEST(steal_for_three_fish)
{
	catan_state *s = fishing("");

	MAIN_PHASE(s, 0);
	set_fish(s, 0, 3, 0, 0);
	HAND(s, 1, "ore=1");
	REFUSE(s, "p0 fish_steal p3 pay=1,1,1", INVALID_VICTIM);
	REFUSE(s, "p0 fish_steal p0 pay=1,1,1", INVALID_VICTIM);
	APPLY(s, "p0 fish_steal p1 pay=1,1,1");
	OUTCOME(s, "chance fish_steal_card ore", 1, 1);
	APPLY(s, "chance fish_steal_card ore");
	ck_assert_int_eq(holding(s, 0, "fish"), 0);
	{
		catan_player_info pi;

		CATAN_ASSERT_OK(catan_state_player(s, 0, &pi));
		ck_assert_uint_eq(pi.cards[CATAN_ORE], 1);
	}
}
END_TEST

/* "4 fish – Take a resource card of your choice from the supply." */
START_TEST(resource_for_four_fish)
{
	catan_state *s = fishing("");
	catan_player_info pi;

	MAIN_PHASE(s, 0);
	set_fish(s, 0, 0, 2, 1);
	REFUSE(s, "p0 fish_resource grain pay=2,2,3", BAD_ARGUMENT);
	APPLY(s, "p0 fish_resource grain pay=2,3");    /* one fish lost */
	CATAN_ASSERT_OK(catan_state_player(s, 0, &pi));
	ck_assert_uint_eq(pi.cards[CATAN_GRAIN], 1);
	ck_assert_int_eq(holding(s, 0, "fish_2"), 1);
	REFUSE(s, "p0 fish_resource grain pay=2", BAD_ARGUMENT);
}
END_TEST

/* "5 fish – Build a road at no cost." — a built road (T17). */
START_TEST(road_for_five_fish)
{
	catan_state *s = fishing("");
	catan_player_info pi;
	int owner = -1;

	MAIN_PHASE(s, 0);
	set_fish(s, 0, 0, 1, 1);
	REFUSE(s, "p0 fish_road h15.s-sw pay=2,3", NOT_CONNECTED);
	APPLY(s, "p0 fish_road h8.ne-se pay=2,3");
	catan_state_edge_piece(s, EDGE(s, "h8.ne-se"), &owner);
	ck_assert_int_eq(owner, 0);
	CATAN_ASSERT_OK(catan_state_player(s, 0, &pi));
	ck_assert_uint_eq(pi.card_total, 0);
	ck_assert_int_eq(holding(s, 0, "fish"), 0);
}
END_TEST

/* "7 fish – Build a development card at no cost." */
START_TEST(dev_for_seven_fish)
{
	catan_state *s = fishing("");

	MAIN_PHASE(s, 0);
	set_fish(s, 0, 1, 0, 2);
	APPLY(s, "p0 fish_dev pay=1,3,3");
	ck_assert_int_ne(catan_state_is_chance_node(s), 0);
	APPLY(s, "chance draw_dev knight");
	ck_assert_int_eq(holding(s, 0, "fish"), 0);
}
END_TEST

/* "Pay for each action completely before taking a new action. You may not
 * combine fish tokens to pay for multiple actions." and T10: not inside
 * another player's decision. */
START_TEST(not_in_other_decisions)
{
	catan_state *s = fishing("");

	set_fish(s, 1, 0, 0, 2);
	REFUSE(s, "p1 fish_resource ore pay=3,3", NOT_YOUR_TURN);
	set_fish(s, 0, 0, 0, 2);
	HAND(s, 0, "ore=8");
	ROLL(s, 7);
	EXPECT_PHASE(s, DISCARD);
	REFUSE(s, "p0 fish_resource ore pay=3,3", WRONG_PHASE);
}
END_TEST

/* "Fish tokens are not resource cards. They do not count toward your hand
 * size when you "Resolve a 7." They may not be stolen by the robber." */
START_TEST(fish_are_not_cards)
{
	catan_state *s = fishing("");
	catan_player_info pi;

	set_fish(s, 1, 3, 2, 2);
	HAND(s, 1, "ore=7");
	ROLL(s, 7);
	/* p1 holds 7 cards and 7 tokens: no discard owed */
	EXPECT_PHASE(s, ROBBER);
	HAND(s, 1, "");
	APPLY(s, "p0 move_robber h0");
	/* p1 on h0 has only tokens: nobody to rob */
	EXPECT_PHASE(s, MAIN);
	CATAN_ASSERT_OK(catan_state_player(s, 1, &pi));
	ck_assert_int_eq(holding(s, 1, "fish"), 7);
}
END_TEST

/* "Similarly, you may not trade fish tokens" — no offer carries them. */
START_TEST(fish_not_traded)
{
	catan_state *s = fishing("");
	catan_holding_info hi;
	const catan_game *g = catan_state_game(s);

	for (int i = 0; i < catan_game_holding_count(g); i++) {
		CATAN_ASSERT_OK(catan_game_holding(g, (unsigned)i, &hi));
		ck_assert_uint_eq(hi.trade, 0);
	}
}
END_TEST

/* "When the supply of fish tokens is empty, shuffle the fish tokens in the
 * discard pile and place them face down next to the game board to create
 * a new supply." The old boot never goes back (T10). (Supply and pile both
 * empty cannot happen with 4 players: 29 tokens, at most 28 held.) */
START_TEST(reshuffle)
{
	catan_state *s = fishing("");

	set_fish(s, 1, 2, 0, 0);
	CATAN_ASSERT_OK(catan_edit_set_holding(s, 3, "boot", 1));
	CATAN_ASSERT_OK(catan_edit_set_holding(s, CATAN_HOLDING_SUPPLY, "fish_1", 0));
	CATAN_ASSERT_OK(catan_edit_set_holding(s, CATAN_HOLDING_SUPPLY, "fish_2", 0));
	CATAN_ASSERT_OK(catan_edit_set_holding(s, CATAN_HOLDING_SUPPLY, "fish_3", 0));
	ck_assert_int_eq(game_counter(s, "fish_pile_1"), 9);
	ck_assert_int_eq(game_counter(s, "fish_pile_2"), 10);
	ck_assert_int_eq(game_counter(s, "fish_pile_3"), 8);
	ROLL(s, 3);
	/* the pile became the supply; p1's tokens and p3's boot stay out */
	ck_assert_int_eq(holding(s, CATAN_HOLDING_SUPPLY, "fish"), 27);
	ck_assert_int_eq(game_counter(s, "fish_pile_1"), 0);
	OUTCOME(s, "chance fish_draw 1", 9, 27);
	OUTCOME(s, "chance fish_draw boot", 0, 1);
	APPLY(s, "chance fish_draw 2");
	ck_assert_int_eq(holding(s, 0, "fish_2"), 1);
}
END_TEST

/* ------------------------------------------------------ combinations */

/* T17: "Harbors of CATAN adds 1 to whatever the scenario needs to win
 * (... Fishing ... 11)"; the other scenarios are refused (T1); Catan for
 * Two is allowed (its paragraph: the suite fishing-for-two), in either
 * order. */
START_TEST(combinations)
{
	catan_state *s = fishing("+harbors");

	ck_assert_int_eq(target_of(s, 0), 11);
	ck_assert_int_eq(game_rc("base(players=2)+catan_for_two+fishing"), CATAN_OK);
	ck_assert_int_eq(game_rc("base+fishing+catan_for_two"), CATAN_OK);
	ck_assert_int_ne(game_rc("base(players=2,setup=beginner)+catan_for_two+fishing"), CATAN_OK);
	ck_assert_int_ne(game_rc("base+fishing+rivers"), CATAN_OK);
	ck_assert_int_eq(game_rc("base+fishing+friendly_robber+event_cards"), CATAN_OK);
	ck_assert_int_ne(game_rc("base(setup=beginner)+fishing"), CATAN_OK);
}
END_TEST

/* Event Cards' Robber Flees: "to the desert" is off the board (T17). */
START_TEST(robber_flees_off_board)
{
	catan_state *s = fishing("+event_cards");

	CATAN_ASSERT_OK(catan_edit_set_robber(s, 4));
	APPLY(s, "p0 roll");
	APPLY(s, "chance event_card 4 robber_flees");
	ck_assert_int_eq(catan_state_robber(s), (int)CATAN_NONE);
}
END_TEST

/* ------------------------------------------------------ Catan for Two */

#define FOR_TWO "base(players=2,board=beginner,chance=explicit)"

/* The two orders of the modules in the game string: the game is the same. */
static const char *const for_two_orders[] = {
	"+catan_for_two+fishing", "+fishing+catan_for_two",
};

static bool
has_counter(const catan_state *s, int player, const char *name)
{
	int32_t v = 0;

	return catan_state_counter(s, player, name, &v) == CATAN_OK;
}

/* Catan for Two with Fishing (@modules: both and any others): p0 on the
 * lake (h9.s, 1 point), p1 on the fishing ground 8 (h11.s) and at h2.s
 * (2 points); p0's turn before the roll. */
static catan_state *
for_two(const char *modules)
{
	static const struct { int player; const char *settlement, *road; } pieces[] = {
		{ 0, "h9.s", "h9.s-sw" }, { 1, "h11.s", "h11.s-sw" }, { 1, "h2.s", "h2.se-s" },
	};
	catan_state *s = game_of(FOR_TWO, modules, true);

	for (size_t i = 0; i < ARRAY_SIZE(pieces); i++) {
		SETTLEMENT(s, pieces[i].player, pieces[i].settlement);
		ROAD(s, pieces[i].player, pieces[i].road);
	}
	ROLL_PHASE(s, 0);
	return s;
}

/* "During setup, each player receives 5 fish tokens: 2 tokens with one
 * fish, 2 tokens with two fish, and 1 token with three fish. Shuffle the
 * remaining fish tokens and place them face down next to the game board."
 * 29 tokens (11, 10, 8) less twice 2, 2, 1; the old boot stays among the
 * remaining ones. */
START_TEST(for_two_starting_tokens)
{
	catan_state *s = game_of(FOR_TWO, for_two_orders[_i], false);
	int32_t v = -1;

	for (int p = 0; p < 2; p++) {
		ck_assert_int_eq(holding(s, p, "fish_1"), 2);
		ck_assert_int_eq(holding(s, p, "fish_2"), 2);
		ck_assert_int_eq(holding(s, p, "fish_3"), 1);
		ck_assert_int_eq(holding(s, p, "boot"), 0);
	}
	ck_assert_int_eq(holding(s, CATAN_HOLDING_SUPPLY, "fish_1"), 7);
	ck_assert_int_eq(holding(s, CATAN_HOLDING_SUPPLY, "fish_2"), 6);
	ck_assert_int_eq(holding(s, CATAN_HOLDING_SUPPLY, "fish_3"), 6);
	ck_assert_int_eq(holding(s, CATAN_HOLDING_SUPPLY, "boot"), 1);
	/* dealt, not spent: the face-up pile is empty */
	ck_assert_int_eq(game_counter(s, "fish_pile_1"), 0);
	ck_assert_int_eq(game_counter(s, "fish_pile_3"), 0);
	/* "keep your fish tokens secret": the other sees 5 tokens only */
	CATAN_ASSERT_OK(catan_state_observe_holding(s, 1, 0, "fish", &v));
	ck_assert_int_eq(v, 5);
	CATAN_ASSERT_OK(catan_state_observe_holding(s, 1, 0, "fish_3", &v));
	ck_assert_int_eq(v, -1);
	/* the first draw is from the 20 face down (19 fish and the boot) */
	s = for_two(for_two_orders[_i]);
	APPLY(s, "p0 roll");
	APPLY(s, "chance dice 12");
	OUTCOME(s, "chance fish_draw 1", 7, 20);
	OUTCOME(s, "chance fish_draw 2", 6, 20);
	OUTCOME(s, "chance fish_draw 3", 6, 20);
	OUTCOME(s, "chance fish_draw boot", 1, 20);
}
END_TEST

/* "Players only receive fish tokens when fishing grounds or the lake
 * produce during the Production phase." No token for a second settlement
 * by the lake or on a fishing ground. */
START_TEST(for_two_no_starting_token)
{
	catan_state *s = game_of(FOR_TWO, for_two_orders[_i], true);

	APPLY(s, "p0 build_settlement h6.se");   /* fishing ground 6 */
	APPLY(s, "p0 build_road h6.se-s");
	APPLY(s, "p1 build_settlement h2.s");
	APPLY(s, "p1 build_road h2.se-s");
	APPLY(s, "p1 build_settlement h11.s");   /* fishing ground 8 */
	ck_assert_int_eq(catan_state_is_chance_node(s), 0);
	APPLY(s, "p1 build_road h11.s-sw");
	APPLY(s, "p0 build_settlement h9.s");    /* by the lake */
	ck_assert_int_eq(catan_state_is_chance_node(s), 0);
	APPLY(s, "p0 build_road h9.s-sw");
	EXPECT_PHASE(s, ROLL);
	/* "Trade tokens are not used.": none for the coast (h6.se, h11.s) */
	ck_assert(!has_counter(s, 0, "trade_tokens"));
	ck_assert(!has_counter(s, 1, "trade_tokens"));
	ck_assert_int_eq(holding(s, 0, "fish"), 5);
	ck_assert_int_eq(holding(s, 1, "fish"), 5);
	ck_assert_int_eq(holding(s, CATAN_HOLDING_SUPPLY, "fish"), 19);
}
END_TEST

/* "Trade tokens are not used." None dealt ("Each player takes 5 trade
 * tokens"), none taken for settlements on the coast (the set-up above
 * and later), no Knight turned in for them, no Forced Trade and no Move
 * Robber; their counters are not there. Catan for Two alone still has
 * them. */
START_TEST(for_two_no_trade_tokens)
{
	catan_state *s = for_two(for_two_orders[_i]), *plain;

	ck_assert(!has_counter(s, 0, "trade_tokens"));
	ck_assert(!has_counter(s, 1, "trade_tokens"));
	ck_assert(!has_counter(s, -1, "trade_token_supply"));
	/* before the roll, "Once during your turn ... before rolling dice" */
	CATAN_ASSERT_OK(catan_edit_set_knights_played(s, 0, 1));
	CATAN_ASSERT_OK(catan_edit_set_robber(s, 4));
	HAND(s, 1, "ore=2");
	REFUSE_SAYING(s, "p0 knight_for_tokens", VARIANT_RULE, "not used");
	REFUSE_SAYING(s, "p0 forced_trade p1", VARIANT_RULE, "not used");
	REFUSE_SAYING(s, "p0 token_robber", VARIANT_RULE, "not used");
	ck_assert_uint_eq(count_type(s, 0, CATAN_ACT_KNIGHT_FOR_TOKENS), 0);
	ck_assert_uint_eq(count_type(s, 0, CATAN_ACT_FORCED_TRADE), 0);
	ck_assert_uint_eq(count_type(s, 0, CATAN_ACT_TOKEN_ROBBER), 0);
	/* and in the Action phase */
	MAIN_PHASE(s, 0);
	REFUSE(s, "p0 knight_for_tokens", VARIANT_RULE);
	REFUSE(s, "p0 token_robber", VARIANT_RULE);
	ck_assert_uint_eq(count_type(s, 0, CATAN_ACT_FORCED_TRADE), 0);

	plain = new_state(FOR_TWO "+catan_for_two");
	ck_assert(has_counter(plain, 0, "trade_tokens"));
	APPLY(plain, "chance first_player p0");
	ROLL_PHASE(plain, 0);
	CATAN_ASSERT_OK(catan_edit_set_knights_played(plain, 0, 1));
	LEGAL(plain, "p0 knight_for_tokens");
}
END_TEST

/* Catan for Two: "complete two full Production phases, one after the
 * other"; Fishing: "Players only receive fish tokens when fishing grounds
 * or the lake produce during the Production phase." Fish are drawn for
 * each roll, those of the first before the second roll, in either order
 * of the modules. */
START_TEST(for_two_fish_both_productions)
{
	catan_state *s = for_two(for_two_orders[_i]);

	APPLY(s, "p0 roll");
	APPLY(s, "chance dice 3");              /* the lake: p0 */
	EXPECT_PHASE(s, MAIN);
	ck_assert_int_eq(catan_state_current_player(s), CATAN_PLAYER_CHANCE);
	OUTCOME(s, "chance dice 8", 0, 1);      /* no second roll yet */
	APPLY(s, "chance fish_draw 1");
	ck_assert_int_eq(holding(s, 0, "fish_1"), 3);
	EXPECT_PHASE(s, SECOND_PRODUCTION);
	OUTCOME(s, "chance dice 3", 0, 1);
	OUTCOME(s, "chance dice 8", 5, 34);
	APPLY(s, "chance dice 8");              /* fishing ground 8: p1 */
	OUTCOME(s, "chance fish_draw 1", 6, 19);
	APPLY(s, "chance fish_draw 3");
	ck_assert_int_eq(catan_state_is_chance_node(s), 0);
	EXPECT_PHASE(s, MAIN);
	ck_assert_int_eq(holding(s, 0, "fish"), 6);
	ck_assert_int_eq(holding(s, 1, "fish"), 6);
	ck_assert_int_eq(holding(s, 1, "fish_3"), 2);
}
END_TEST

/* "Once per turn, if you have 7 fish tokens and would receive more, you
 * may discard 1 fish token and replace it from the supply. Then stop
 * drawing tokens." The swap stays with Catan for Two, once per turn over
 * its two productions (T10: a declined swap is not used up). The lake on
 * both rolls, p0 at 7. */
START_TEST(for_two_swap_once_per_turn)
{
	catan_state *s = for_two(for_two_orders[_i]);

	set_fish(s, 0, 7, 0, 0);
	APPLY(s, "p0 roll");
	APPLY(s, "chance dice 2");
	EXPECT_PHASE(s, FISH_SWAP);
	APPLY(s, "p0 fish_keep");
	EXPECT_PHASE(s, SECOND_PRODUCTION);
	APPLY(s, "chance dice 12");
	EXPECT_PHASE(s, FISH_SWAP);
	APPLY(s, "p0 fish_swap 1");
	APPLY(s, "chance fish_draw 3");
	EXPECT_PHASE(s, MAIN);
	ck_assert_int_eq(holding(s, 0, "fish"), 7);
	ck_assert_int_eq(holding(s, 0, "fish_3"), 1);
	ck_assert_int_eq(game_counter(s, "fish_pile_1"), 1);
	APPLY(s, "p0 end_turn");
	APPLY(s, "p1 roll");
	APPLY(s, "chance dice 4");
	APPLY(s, "chance dice 5");
	APPLY(s, "p1 end_turn");
	/* p0's next turn: swapped on the first roll, the second's token is
	 * lost */
	APPLY(s, "p0 roll");
	APPLY(s, "chance dice 3");
	EXPECT_PHASE(s, FISH_SWAP);
	APPLY(s, "p0 fish_swap 1");
	APPLY(s, "chance fish_draw 2");
	EXPECT_PHASE(s, SECOND_PRODUCTION);
	APPLY(s, "chance dice 11");
	ck_assert_int_eq(catan_state_is_chance_node(s), 0);
	EXPECT_PHASE(s, MAIN);
	ck_assert_int_eq(holding(s, 0, "fish"), 7);
	ck_assert_int_eq(holding(s, 0, "fish_2"), 1);
}
END_TEST

/* "The player who has fewer VPs needs one fewer fish for each action."
 * p0 (1 point) is behind p1 (2): 1, 2, 3, 4 and 6 fish. A payment is
 * still one from which no token could be left out (T10), of the reduced
 * cost. */
START_TEST(for_two_behind_pays_one_fewer)
{
	catan_state *s = for_two(for_two_orders[_i]);

	CATAN_ASSERT_OK(catan_edit_set_robber(s, 4));
	set_fish(s, 0, 1, 1, 1);
	/* "2 fish – Remove the robber from the board.": one token of 1 */
	REFUSE(s, "p0 fish_robber pay=1,2", BAD_ARGUMENT);
	ck_assert_uint_eq(count_type(s, 0, CATAN_ACT_FISH_ROBBER), 3); /* pay=1, 2, 3 */
	LEGAL(s, "p0 fish_robber pay=2");
	APPLY(s, "p0 fish_robber pay=1");
	ck_assert_int_eq(catan_state_robber(s), (int)CATAN_NONE);
	ck_assert_int_eq(game_counter(s, "fish_pile_1"), 1);
	/* "3 fish – Steal a random resource card": 2 */
	HAND(s, 1, "ore=1");
	REFUSE(s, "p0 fish_steal p1 pay=2,3", BAD_ARGUMENT);
	APPLY(s, "p0 fish_steal p1 pay=2");
	APPLY(s, "chance fish_steal_card ore");
	MAIN_PHASE(s, 0);
	/* "4 fish – Take a resource card of your choice": 3 */
	set_fish(s, 0, 1, 1, 1);
	REFUSE(s, "p0 fish_resource grain pay=1,3", BAD_ARGUMENT);
	LEGAL(s, "p0 fish_resource grain pay=1,2");
	APPLY(s, "p0 fish_resource grain pay=3");
	/* "5 fish – Build a road at no cost.": 4 */
	set_fish(s, 0, 1, 0, 2);
	REFUSE(s, "p0 fish_road h8.ne-se pay=1,3,3", BAD_ARGUMENT);
	LEGAL(s, "p0 fish_road h8.ne-se pay=3,3");
	ck_assert_uint_gt(count_type(s, 0, CATAN_ACT_FISH_ROAD), 0);
	/* "7 fish – Build a development card at no cost.": 6 */
	APPLY(s, "p0 fish_dev pay=3,3");
	APPLY(s, "chance draw_dev knight");
	ck_assert_int_eq(holding(s, 0, "fish"), 1);
}
END_TEST

/* "The player who has fewer VPs" — not the player ahead, and on a tie
 * nobody; public points (G3: hidden Victory Point cards do not count);
 * the points at the moment of paying. */
START_TEST(for_two_ahead_or_tied_pays_in_full)
{
	catan_state *s = for_two(for_two_orders[_i]);

	CATAN_ASSERT_OK(catan_edit_set_robber(s, 4));
	/* p1, ahead, pays 2 for the robber */
	ROLL_PHASE(s, 1);
	set_fish(s, 1, 1, 1, 0);
	REFUSE(s, "p1 fish_robber pay=1", BAD_ARGUMENT);
	ck_assert_uint_eq(count_type(s, 1, CATAN_ACT_FISH_ROBBER), 1); /* pay=2 */
	/* p0 behind, with a hidden Victory Point card: still behind */
	ROLL_PHASE(s, 0);
	set_fish(s, 0, 1, 0, 0);
	CATAN_ASSERT_OK(catan_edit_give_dev_card(s, 0, CATAN_DEV_VICTORY_POINT, 1));
	ck_assert_int_eq(total_vp(s, 0), 2);
	LEGAL(s, "p0 fish_robber pay=1");
	/* a tie at 2 public points: the full 2 fish */
	SETTLEMENT(s, 0, "h6.se");
	REFUSE(s, "p0 fish_robber pay=1", BAD_ARGUMENT);
	ck_assert_uint_eq(count_type(s, 0, CATAN_ACT_FISH_ROBBER), 0);
	/* p1 falls behind when p0 goes ahead: 1 fish for p1 then */
	CITY(s, 0, "h6.se");
	ROLL_PHASE(s, 1);
	LEGAL(s, "p1 fish_robber pay=1");
	/* and back to a tie: 2 again */
	CITY(s, 1, "h2.s");
	REFUSE(s, "p1 fish_robber pay=1", BAD_ARGUMENT);
}
END_TEST

/* The reduction follows the points at the moment of paying: p0 behind
 * builds a settlement (a tie at 2), then pays the full cost. */
START_TEST(for_two_cost_follows_points)
{
	catan_state *s = for_two(for_two_orders[_i]);

	MAIN_PHASE(s, 0);
	set_fish(s, 0, 1, 2, 0);
	LEGAL(s, "p0 fish_resource ore pay=1,2");       /* 3 fish */
	HAND(s, 0, "lumber=1,brick=1,wool=1,grain=1");
	ROAD(s, 0, "h9.se-s");
	ROAD(s, 0, "h9.ne-se");
	APPLY(s, "p0 build_settlement h5.s");   /* h9.ne */
	EXPECT_PHASE(s, NEUTRAL_BUILD);
	APPLY(s, "p0 neutral_road h0.s-sw p2");
	EXPECT_PHASE(s, MAIN);
	ck_assert_int_eq(vp(s, 0), vp(s, 1));
	REFUSE_SAYING(s, "p0 fish_resource ore pay=1,2", BAD_ARGUMENT, "4 fish");
	APPLY(s, "p0 fish_resource ore pay=2,2");
	ck_assert_int_eq(holding(s, 0, "fish"), 1);
}
END_TEST

/* Neutral settlements earn no fish (the ruling-like note of
 * doc/variants/fishing.md, as RULINGS T17 "Neutral pieces earn no gold"
 * and Catan for Two's "Neutral settlements never receive resources"): a
 * neutral settlement and city by the lake, p0 alone draws. */
START_TEST(for_two_neutrals_get_no_fish)
{
	catan_state *s = for_two(for_two_orders[_i]);
	int32_t v = -1;

	SETTLEMENT(s, 2, "h9.n");
	CITY(s, 3, "h9.se");
	ck_assert_int_ne(catan_state_holding(s, 2, "fish", &v), CATAN_OK);
	APPLY(s, "p0 roll");
	APPLY(s, "chance dice 11");
	/* one token owed, p0's (the neutral players have no fish at all) */
	CATAN_ASSERT_OK(catan_state_counter(s, 0, "fish_owed", &v));
	ck_assert_int_eq(v, 1);
	ck_assert_int_ne(catan_state_counter(s, 2, "fish_owed", &v), CATAN_OK);
	APPLY(s, "chance fish_draw 1");
	EXPECT_PHASE(s, SECOND_PRODUCTION);
	ck_assert_int_eq(holding(s, CATAN_HOLDING_SUPPLY, "fish"), 18);
}
END_TEST

/* T17: "a fish road is a built road (Catan for Two's neutral road
 * follows)": "Each time you build a road, you must build 1 road for
 * either of the two neutral players at no cost". 4 fish for p0 behind. */
START_TEST(for_two_fish_road_owes_neutral_road)
{
	catan_state *s = for_two(for_two_orders[_i]);
	int owner = -1;

	set_fish(s, 0, 1, 0, 1);
	APPLY(s, "p0 fish_road h8.ne-se pay=1,3");
	EXPECT_PHASE(s, NEUTRAL_BUILD);
	REFUSE(s, "p0 roll", WRONG_PHASE);
	APPLY(s, "p0 neutral_road h0.s-sw p2");
	catan_state_edge_piece(s, EDGE(s, "h0.s-sw"), &owner);
	ck_assert_int_eq(owner, 2);
	/* before the roll: the turn goes on there */
	EXPECT_PHASE(s, ROLL);
}
END_TEST

/* CATAN Event Cards with both: "During the Production phase, draw event
 * cards instead of rolling the dice." Each card's production pays fish,
 * the first's before the second card. */
START_TEST(for_two_event_cards)
{
	catan_state *s = for_two(_i ? "+event_cards+fishing+catan_for_two" :
				 "+event_cards+catan_for_two+fishing");

	APPLY(s, "p0 roll");
	APPLY(s, "chance event_card 3 beautiful_day");
	APPLY(s, "chance fish_draw 2");
	EXPECT_PHASE(s, SECOND_PRODUCTION);
	ck_assert_int_ne(catan_state_is_chance_node(s), 0);
	APPLY(s, "chance event_card 11 beautiful_day");
	APPLY(s, "chance fish_draw 3");
	EXPECT_PHASE(s, MAIN);
	ck_assert_int_eq(holding(s, 0, "fish"), 7);
}
END_TEST

/* Harbors of CATAN: "increase the number of VPs needed to win by 1 VP"
 * (T17: Fishing 11), and the old boot one more; the Friendly Robber
 * spares the players at 2 points or fewer on the first roll's 7. */
START_TEST(for_two_harbors_and_friendly_robber)
{
	catan_state *s = for_two("+friendly_robber+harbors+catan_for_two+fishing");

	ck_assert_int_eq(target_of(s, 0), 11);
	CATAN_ASSERT_OK(catan_edit_set_holding(s, 0, "boot", 1));
	ck_assert_int_eq(target_of(s, 0), 12);
	/* "You may not move the robber to a hex with the building of a
	 * player who only has 2 VPs": p0 (1 point) on the lake is spared;
	 * "to the desert" is not needed, so the robber stays on the board */
	APPLY(s, "p0 roll");
	APPLY(s, "chance dice 7");
	EXPECT_PHASE(s, ROBBER);
	REFUSE(s, "p0 move_robber h9", VARIANT_RULE);
	REFUSE(s, "p0 move_robber off", VARIANT_RULE);
	APPLY(s, "p0 move_robber h16");
	EXPECT_PHASE(s, SECOND_PRODUCTION);
}
END_TEST

/* A snapshot taken between the first production's draws and the second
 * roll loads as it was (the modules' slices follow the position), in both
 * orders. */
START_TEST(for_two_snapshot_mid_production)
{
	catan_state *s = for_two(for_two_orders[_i]), *t = NULL;
	catan_game *tg = NULL;
	char buf[16384], again[16384];
	size_t len = 0, len2 = 0;

	APPLY(s, "p0 roll");
	APPLY(s, "chance dice 3");
	CATAN_ASSERT_OK(catan_state_snapshot(s, buf, sizeof(buf), &len));
	CATAN_ASSERT_OK(catan_load(&tg, &t, pool.ctx, buf, len));
	keep(t);
	catan_game_unref(tg);
	CATAN_ASSERT_OK(catan_state_snapshot(t, again, sizeof(again), &len2));
	ck_assert_str_eq(buf, again);
	APPLY(t, "chance fish_draw 1");
	EXPECT_PHASE(t, SECOND_PRODUCTION);
	CATAN_ASSERT_OK(catan_state_snapshot(t, buf, sizeof(buf), &len));
	CATAN_ASSERT_OK(catan_load(&tg, &s, pool.ctx, buf, len));
	keep(s);
	catan_game_unref(tg);
	APPLY(s, "chance dice 11");
	APPLY(s, "chance fish_draw 1");
	EXPECT_PHASE(s, MAIN);
	ck_assert_int_eq(holding(s, 0, "fish_1"), 4);
}
END_TEST

#define ADD_LOOP(suite_, fn_, lo_, hi_) \
	do { \
		TCase *tc_ = tcase_create(#fn_); \
		tcase_add_checked_fixture(tc_, pool_setup, pool_teardown); \
		tcase_add_loop_test(tc_, fn_, (lo_), (hi_)); \
		suite_add_tcase((suite_), tc_); \
	} while (0)

/* Snapshots keep the robber off the board and the tokens. */
START_TEST(snapshot_round_trip)
{
	catan_state *s = fishing(""), *t = NULL;
	catan_game *tg = NULL;
	char buf[16384];
	size_t len = 0;

	set_fish(s, 0, 1, 2, 3);
	CATAN_ASSERT_OK(catan_state_snapshot(s, buf, sizeof(buf), &len));
	ck_assert_ptr_nonnull(strstr(buf, "robber none"));
	CATAN_ASSERT_OK(catan_load(&tg, &t, pool.ctx, buf, len));
	keep(t);
	catan_game_unref(tg);
	ck_assert_int_eq(catan_state_robber(t), (int)CATAN_NONE);
	ck_assert_int_eq(holding(t, 0, "fish_3"), 3);
}
END_TEST

#define ADD(suite_, fn_) \
	CATAN_TEST_ADD_FIXTURE((suite_), fn_, pool_setup, pool_teardown)

static bool
module_built(void)
{
	catan_ctx *ctx = NULL;
	bool seen = false;

	if (catan_ctx_new(&ctx, NULL) != CATAN_OK)
		return false;
	for (size_t i = 0; i < catan_ctx_module_count(ctx); i++)
		seen |= strcmp(catan_ctx_module_name(ctx, i), "fishing") == 0;
	catan_ctx_free(ctx);
	return seen;
}

void
catan_test_register(SRunner *sr)
{
	Suite *s;

	if (!module_built())
		catan_test_skip_all("the library was built without the fishing module");
	s = catan_test_suite(sr, "fishing");
	ADD(s, lake_and_fishing_grounds);
	ADD(s, random_lake_inner);
	ADD(s, robber_starts_off_board);
	ADD(s, starting_token);
	ADD(s, lake_produces);
	ADD(s, fishing_ground_produces);
	ADD(s, robber_blocks_lake);
	ADD(s, cap_and_swap);
	ADD(s, swap_once_per_turn);
	ADD(s, old_boot);
	ADD(s, give_boot);
	ADD(s, robber_for_two_fish);
	ADD(s, steal_for_three_fish);
	ADD(s, resource_for_four_fish);
	ADD(s, road_for_five_fish);
	ADD(s, dev_for_seven_fish);
	ADD(s, not_in_other_decisions);
	ADD(s, fish_are_not_cards);
	ADD(s, fish_not_traded);
	ADD(s, reshuffle);
	ADD(s, combinations);
	ADD(s, robber_flees_off_board);
	ADD(s, snapshot_round_trip);
	s = catan_test_suite(sr, "fishing-for-two");
	ADD_LOOP(s, for_two_starting_tokens, 0, 2);
	ADD_LOOP(s, for_two_no_starting_token, 0, 2);
	ADD_LOOP(s, for_two_no_trade_tokens, 0, 2);
	ADD_LOOP(s, for_two_fish_both_productions, 0, 2);
	ADD_LOOP(s, for_two_swap_once_per_turn, 0, 2);
	ADD_LOOP(s, for_two_behind_pays_one_fewer, 0, 2);
	ADD_LOOP(s, for_two_ahead_or_tied_pays_in_full, 0, 2);
	ADD_LOOP(s, for_two_cost_follows_points, 0, 2);
	ADD_LOOP(s, for_two_neutrals_get_no_fish, 0, 2);
	ADD_LOOP(s, for_two_fish_road_owes_neutral_road, 0, 2);
	ADD_LOOP(s, for_two_event_cards, 0, 2);
	ADD(s, for_two_harbors_and_friendly_robber);
	ADD_LOOP(s, for_two_snapshot_mid_production, 0, 2);
}
