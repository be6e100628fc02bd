/*
 * libcatanrules: rule tests of the Traders & Barbarians variants The
 * Friendly Robber and Harbors of CATAN (modules friendly_robber, harbors).
 * SPDX-License-Identifier: MIT
 *
 * Every rule sentence of the two sections of traders-and-barbarians.txt
 * ("Variants": "The Friendly Robber", "Harbors of CATAN", each with its
 * "Combining with Other CATAN Products" paragraph) and the rulings G3,
 * T1-T3 of RULINGS.md are cited by at least one test below that fails when
 * the rule is missing or wrong. Refusals are checked with
 * catan_state_check_action() (reason code) and then with
 * catan_state_apply(), which must leave the state unchanged.
 *
 * Positions are built on the beginner board (FACTS.md 1.2), hex ids row by
 * row, the desert h9 in the middle:
 *
 *	h0 mountains 10  h1 pasture 2    h2 forest 9
 *	h3 fields 12     h4 hills 6      h5 pasture 4    h6 hills 10
 *	h7 fields 9      h8 forest 11    h9 desert       h10 forest 3  h11 mountains 8
 *	h12 forest 8     h13 mountains 3 h14 fields 4    h15 pasture 5
 *	h16 hills 5      h17 fields 6    h18 pasture 11
 *
 * setup=beginner places (FACTS.md 1.4), two points each:
 *	p0 h14.se (h14 h15 h18), h12.se (h12 h13 h16)
 *	p1 h10.se (h10 h11 h15), h3.se (h3 h4 h8)
 *	p2 h2.s (h2 h5 h6),      h13.se (h13 h14 h17)
 *	p3 h0.se (h0 h1 h4),     h7.se (h7 h8 h12)
 * so with four players every hex but the desert has a building, and with
 * three (p0-p2) only h0, h1, h7 and the desert have none.
 *
 * Harbor intersections of the beginner board (two per harbor):
 *	h0.n h0.nw (3:1)   h1.n h1.ne (grain)   h2.se h6.ne (ore)
 *	h11.ne h11.se (3:1) h15.se h15.s (wool) h17.se h17.s (3:1)
 *	h16.s h16.sw (3:1)  h7.s h12.sw (brick) h3.sw h3.nw (lumber)
 *
 * The modules' own state (the Strongest Ports holder) is not public API
 * yet; the tests read it through the points it gives.
 */

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test-rules-kit.h"


/* --------------------------------------------------------------- games */


static unsigned
pi_cards(const catan_state *s, int player)
{
	catan_player_info pi;

	CATAN_ASSERT_OK(catan_state_player(s, player, &pi));
	return pi.card_total;
}

/* The steals the turn player may choose, as a bit mask of victims. */
static uint32_t
steal_choices(const catan_state *s)
{
	catan_action buf[8];
	size_t n = legal_actions(s, catan_state_turn_player(s), buf,
				 ARRAY_SIZE(buf));
	uint32_t mask = 0;

	for (size_t i = 0; i < n; i++) {
		ck_assert_int_eq(buf[i].type, CATAN_ACT_STEAL);
		mask |= 1u << buf[i].arg;
	}
	return mask;
}

/* ====================================================== Friendly Robber */

/*
 * traders-and-barbarians.txt, The Friendly Robber: "You may not move the
 * robber to a hex with the building of a player who only has 2 VPs."
 * Three players of the beginner set-up have 2 points each: only h0, h1 and
 * h7 (and the desert under the robber) have no building.
 */
START_TEST(test_fr_two_point_player_protected)
{
	catan_state *s = beginner_modules(3, "", FR);

	ROLL(s, 7);
	EXPECT_PHASE(s, ROBBER);
	EXPECT_ROBBER_MOVES(s, 0, "h0 h1 h7");
	/* pasture h5 has only p2's h2.s */
	REFUSE_SAYING(s, "p0 move_robber h5", VARIANT_RULE, "p2");
	REFUSE_SAYING(s, "p0 move_robber h5", VARIANT_RULE, "Friendly Robber");
	/* forest h10 has only p1's h10.se */
	REFUSE_SAYING(s, "p0 move_robber h10", VARIANT_RULE, "p1");
	/* the variant's own rules still come first */
	REFUSE(s, "p0 move_robber h9", ROBBER_SAME_HEX);
	REFUSE(s, "p1 move_robber h0", NOT_YOUR_TURN);
	APPLY(s, "p0 move_robber h7");
	ck_assert_int_eq(catan_state_robber(s), 7);
	EXPECT_PHASE(s, MAIN);
}
END_TEST

/* The same position without the module: the robber may go anywhere else
 * (base-game.txt §05.B), so the refusals above are the module's. */
START_TEST(test_fr_base_game_unrestricted)
{
	catan_state *s = beginner_modules(3, "", "");
	catan_action buf[64];

	ROLL(s, 7);
	ck_assert_uint_eq(legal_actions(s, 0, buf, ARRAY_SIZE(buf)), 18);
	LEGAL(s, "p0 move_robber h5");
}
END_TEST

/* RULINGS.md T3: "Protected: every player with 2 or fewer public points,
 * the mover included." p0 may not block its own h12 or h18 either. */
START_TEST(test_fr_t3_mover_protected)
{
	catan_state *s = beginner_modules(3, "", FR);

	ROLL(s, 7);
	/* forest h12 and pasture h18 have only p0's buildings */
	REFUSE_SAYING(s, "p0 move_robber h12", VARIANT_RULE, "p0");
	REFUSE_SAYING(s, "p0 move_robber h18", VARIANT_RULE, "p0");
	/* with a third point the mover is fair game for its own robber */
	CITY(s, 0, "h12.se");
	LEGAL(s, "p0 move_robber h12");
	LEGAL(s, "p0 move_robber h18");
	/* h16 still has nothing but p0's h12.se, now a city */
	LEGAL(s, "p0 move_robber h16");
}
END_TEST

/* "a player who only has 2 VPs": a player with 3 points is not protected;
 * T3: "2 or fewer", so a player with 1 point is. */
START_TEST(test_fr_three_points_not_protected)
{
	catan_state *s = beginner_modules(3, "", FR);
	catan_state *t = beginner_modules(3, "", FR);

	/* p2's settlement on h2.s becomes a city: 3 points */
	CITY(s, 2, "h2.s");
	ck_assert_int_eq(vp(s, 2), 3);
	ROLL(s, 7);
	/* h2, h5, h6 (p2's city) and h17 (p2's h13.se) open up; h13 and h14
	 * keep p0's buildings */
	EXPECT_ROBBER_MOVES(s, 0, "h0 h1 h2 h5 h6 h7 h17");
	APPLY(s, "p0 move_robber h5");
	EXPECT_PHASE(s, STEAL);
	ck_assert_uint_eq(steal_choices(s), 1u << 2);

	/* one point: still protected */
	REMOVE(t, "h13.se");
	ck_assert_int_eq(vp(t, 2), 1);
	ROLL(t, 7);
	REFUSE(t, "p0 move_robber h5", VARIANT_RULE);
	EXPECT_ROBBER_MOVES(t, 0, "h0 h1 h7 h17");
}
END_TEST

/* RULINGS.md G3: "Victory points compared between players (Friendly
 * Robber, ...) are public points: hidden Victory Point cards do not
 * count". */
START_TEST(test_fr_g3_hidden_points_do_not_count)
{
	catan_state *s = beginner_modules(3, "", FR);

	CATAN_ASSERT_OK(catan_edit_give_dev_card(s, 2, CATAN_DEV_VICTORY_POINT, 1));
	ck_assert_int_eq(vp(s, 2), 2);
	ck_assert_int_eq(total_vp(s, 2), 3);
	ROLL(s, 7);
	REFUSE(s, "p0 move_robber h5", VARIANT_RULE);
	EXPECT_ROBBER_MOVES(s, 0, "h0 h1 h7");
}
END_TEST

/* G3: public points include the face-up awards: Largest Army lifts p2 to
 * 4 public points. */
START_TEST(test_fr_g3_awards_are_public_points)
{
	catan_state *s = beginner_modules(3, "", FR);

	CATAN_ASSERT_OK(catan_edit_set_knights_played(s, 2, 3));
	ck_assert_int_eq(catan_state_largest_army_holder(s), 2);
	ck_assert_int_eq(vp(s, 2), 4);
	ROLL(s, 7);
	LEGAL(s, "p0 move_robber h5");
	LEGAL(s, "p0 move_robber h6");
}
END_TEST

/* RULINGS.md T3: "Friendly Robber applies to every robber move (7,
 * Knight, ...)". */
START_TEST(test_fr_t3_knight_obeys_too)
{
	catan_state *s = beginner_modules(3, "", FR);

	CATAN_ASSERT_OK(catan_edit_give_dev_card(s, 0, CATAN_DEV_KNIGHT, 1));
	APPLY(s, "p0 play_knight");
	EXPECT_PHASE(s, ROBBER);
	EXPECT_ROBBER_MOVES(s, 0, "h0 h1 h7");
	REFUSE(s, "p0 move_robber h5", VARIANT_RULE);
	APPLY(s, "p0 move_robber h1");
	/* back to the roll the Knight was played before */
	EXPECT_PHASE(s, ROLL);
}
END_TEST

/*
 * "If there is no valid hex, move the robber to the desert." T3: "if no
 * other hex is valid it goes to the desert, or stays there if it is
 * already on it". Four players of the beginner set-up, 2 points each,
 * leave no hex but the desert, where the robber stands.
 */
START_TEST(test_fr_t3_no_valid_hex_stays_on_desert)
{
	catan_state *s = beginner_modules(4, "", FR);

	ROLL(s, 7);
	EXPECT_ROBBER_MOVES(s, 0, "h9");
	REFUSE_SAYING(s, "p0 move_robber h5", VARIANT_RULE, "desert h9");
	REFUSE(s, "p0 move_robber h0", VARIANT_RULE);
	LEGAL(s, "p0 move_robber h9");
	APPLY(s, "p0 move_robber h9");
	ck_assert_int_eq(catan_state_robber(s), 9);
	/* nobody builds around the desert: nothing to steal */
	EXPECT_PHASE(s, MAIN);
}
END_TEST

/* Without the module the robber must leave the desert (base-game.txt
 * §05.B, "to another field"): the stay above is the module's permit. */
START_TEST(test_fr_base_refuses_the_stay)
{
	catan_state *s = beginner_modules(4, "", "");

	ROLL(s, 7);
	REFUSE(s, "p0 move_robber h9", ROBBER_SAME_HEX);
}
END_TEST

/*
 * "If there is no valid hex, move the robber to the desert." With the
 * robber on h0, seven buildings of four 2-point (or 1-point) players cover
 * every other hex, the desert included: it goes to the desert all the
 * same. "In this case, steal 1 random card from a player with an adjacent
 * building as long as they have more than 2 VPs": p1, beside the desert
 * with 2 points and cards, is not robbed.
 */
START_TEST(test_fr_no_valid_hex_goes_to_desert)
{
	catan_state *s = beginner_modules(4, "", FR);

	clear_position(s);
	SETTLEMENT(s, 0, "h0.ne");
	SETTLEMENT(s, 0, "h2.se");
	SETTLEMENT(s, 1, "h3.s");
	SETTLEMENT(s, 1, "h4.se");      /* h4, h5 and the desert */
	SETTLEMENT(s, 2, "h10.se");
	SETTLEMENT(s, 2, "h12.se");
	SETTLEMENT(s, 3, "h14.s");
	HAND(s, 1, "wool=2");
	CATAN_ASSERT_OK(catan_edit_set_robber(s, HEX(s, "h0")));
	ROLL_PHASE(s, 0);
	ROLL(s, 7);
	EXPECT_ROBBER_MOVES(s, 0, "h9");
	REFUSE(s, "p0 move_robber h0", ROBBER_SAME_HEX);
	REFUSE_SAYING(s, "p0 move_robber h18", VARIANT_RULE, "desert");
	APPLY(s, "p0 move_robber h9");
	ck_assert_int_eq(catan_state_robber(s), 9);
	/* p1 borders the desert with cards but only 2 points: no steal */
	EXPECT_PHASE(s, MAIN);
	ck_assert_uint_eq(pi_cards(s, 1), 2);
}
END_TEST

/*
 * "In this case, steal 1 random card from a player with an adjacent
 * building as long as they have more than 2 VPs." Three 2-point players
 * (the mover p0 among them) cover all 18 hexes around the desert; p1 has
 * 3 points and a settlement beside the desert, p2's settlement is not
 * beside it.
 */
START_TEST(test_fr_fallback_steals_from_more_than_two)
{
	catan_state *s = beginner_modules(4, "", FR);

	clear_position(s);
	SETTLEMENT(s, 0, "h0.se");
	SETTLEMENT(s, 0, "h2.s");
	SETTLEMENT(s, 2, "h3.s");
	SETTLEMENT(s, 2, "h10.se");
	SETTLEMENT(s, 3, "h12.se");
	SETTLEMENT(s, 3, "h14.s");
	SETTLEMENT(s, 1, "h8.se");      /* h8, h13 and the desert */
	CITY(s, 1, "h17.s");
	ck_assert_int_eq(vp(s, 1), 3);
	HAND(s, 1, "ore=1,wool=1");
	HAND(s, 0, "grain=1");
	ROLL_PHASE(s, 0);
	ROLL(s, 7);
	EXPECT_ROBBER_MOVES(s, 0, "h9");
	APPLY(s, "p0 move_robber h9");
	EXPECT_PHASE(s, STEAL);
	ck_assert_uint_eq(steal_choices(s), 1u << 1);
	REFUSE(s, "p0 steal p2", INVALID_VICTIM);
	APPLY(s, "p0 steal p1");
	APPLY(s, "chance steal_card ore");
	EXPECT_PHASE(s, MAIN);
	ck_assert_int_eq(catan_state_robber(s), 9);
	ck_assert_uint_eq(pi_cards(s, 1), 1);
	ck_assert_uint_eq(pi_cards(s, 0), 2);
}
END_TEST

/* On a valid hex the steal is the base game's (§05.B): no protected player
 * builds there, so every owner with cards may be robbed. */
START_TEST(test_fr_steal_after_a_valid_hex)
{
	catan_state *s = beginner_modules(3, "", FR);

	/* p1 at 3 points: h11 (only p1's h10.se, now a city) opens */
	CITY(s, 1, "h10.se");
	ROLL(s, 7);
	APPLY(s, "p0 move_robber h11");
	EXPECT_PHASE(s, STEAL);
	ck_assert_uint_eq(steal_choices(s), 1u << 1);
	REFUSE(s, "p0 steal p2", INVALID_VICTIM);
	REFUSE(s, "p0 steal p0", INVALID_VICTIM);
	APPLY(s, "p0 steal p1");
}
END_TEST

/* "Combining with Other CATAN Products: This variant can be played with
 * CATAN, all other Traders & Barbarians variants ..." — with Harbors of
 * CATAN the Strongest Ports tile's points are public points too. */
START_TEST(test_fr_with_harbors)
{
	catan_state *s = beginner_modules(3, "", FR HOC);

	ck_assert_int_eq(catan_game_vp_to_win(catan_state_game(s)), 11);
	ROLL(s, 7);
	EXPECT_ROBBER_MOVES(s, 0, "h0 h1 h7");
	REFUSE(s, "p0 move_robber h5", VARIANT_RULE);
}
END_TEST

/* ==================================================== Harbors of CATAN */

/* An empty beginner board with the module, p0's main phase. */
static catan_state *
harbor_board(int players, const char *extra, const char *modules)
{
	catan_state *s = beginner_modules(players, extra, modules);

	clear_position(s);
	MAIN_PHASE(s, 0);
	return s;
}

/*
 * Harbors of CATAN: "The first player to have 3 VPs in buildings on ports
 * receives the Strongest Ports tile." "The Strongest Ports tile is worth 2
 * VPs." T2: "points on ports = 1 per settlement, 2 per city on a harbor
 * intersection; first to 3 takes the tile".
 */
START_TEST(test_hoc_first_to_three_takes_the_tile)
{
	catan_state *s = harbor_board(3, "", HOC);
	catan_player_info pi;

	SETTLEMENT(s, 0, "h0.n");
	ROAD(s, 0, "h0.n-ne");
	ROAD(s, 0, "h1.n-nw");
	HAND(s, 0, "lumber=1,brick=1,wool=1,grain=3,ore=3");
	/* two settlements on ports: 2 port points, no tile */
	APPLY(s, "p0 build_settlement h1.n");
	ck_assert_int_eq(vp(s, 0), 2);
	/* a city counts 2: 1 + 2 = 3 */
	APPLY(s, "p0 build_city h1.n");
	ck_assert_int_eq(vp(s, 0), 1 + 2 + 2);
	ck_assert_int_eq(total_vp(s, 0), 5);
	/* the tile lies face up: public points (G3) */
	CATAN_ASSERT_OK(catan_state_player(s, 0, &pi));
	ck_assert_uint_eq(pi.public_vp, 5);
}
END_TEST

/* T2: only buildings on harbor intersections count; a building next to a
 * harbor's hex but not on its intersections, or a road, does not. */
START_TEST(test_hoc_t2_only_harbor_intersections)
{
	catan_state *s = harbor_board(3, "", HOC);

	SETTLEMENT(s, 0, "h0.ne");     /* on h0, not on its harbor */
	SETTLEMENT(s, 0, "h6.ne");     /* ore harbor */
	ROAD(s, 0, "h0.n-ne");         /* to the 3:1 harbor's h0.n */
	HAND(s, 0, "ore=6,grain=4");
	APPLY(s, "p0 build_city h0.ne");
	APPLY(s, "p0 build_city h6.ne");
	/* port points: 2 (the city on h6.ne); buildings 4 */
	ck_assert_int_eq(vp(s, 0), 4);
}
END_TEST

/* "If another player has more VPs in buildings on ports, they immediately
 * receive this tile." T2: "another player must have strictly more to take
 * it" — a tie leaves it where it is. */
START_TEST(test_hoc_strictly_more_takes_the_tile)
{
	catan_state *s = harbor_board(3, "", HOC);

	SETTLEMENT(s, 0, "h0.n");
	SETTLEMENT(s, 0, "h1.ne");
	HAND(s, 0, "ore=3,grain=2");
	APPLY(s, "p0 build_city h1.ne");
	ck_assert_int_eq(vp(s, 0), 5);

	MAIN_PHASE(s, 1);
	SETTLEMENT(s, 1, "h2.se");
	SETTLEMENT(s, 1, "h11.ne");
	HAND(s, 1, "ore=6,grain=4");
	/* 3 against 3: p0 keeps it */
	APPLY(s, "p1 build_city h2.se");
	ck_assert_int_eq(vp(s, 0), 5);
	ck_assert_int_eq(vp(s, 1), 3);
	/* 4 against 3: at once to p1, in p1's turn */
	APPLY(s, "p1 build_city h11.ne");
	ck_assert_int_eq(vp(s, 1), 4 + 2);
	ck_assert_int_eq(vp(s, 0), 3);
	ck_assert_int_eq(catan_state_turn_player(s), 1);
}
END_TEST

/*
 * Harbors of CATAN: "If you have 11 or more VPs at any point during your
 * turn, the game ends immediately and you are the winner!" p0 holds 10
 * points: the base game would end, this one goes on; an eleventh point (a
 * hidden Victory Point card counts for the win, base-game.txt §07) ends it.
 */
START_TEST(test_hoc_win_at_eleven_not_ten)
{
	const char *const mods[2] = { "", HOC };

	for (int i = 0; i < 2; i++) {
		catan_state *s = harbor_board(3, "", mods[i]);

		CITY(s, 0, "h4.se");
		CITY(s, 0, "h8.se");
		CITY(s, 0, "h10.s");
		CITY(s, 0, "h13.s");
		SETTLEMENT(s, 0, "h5.se");
		SETTLEMENT(s, 0, "h12.s");
		ck_assert_int_eq(total_vp(s, 0), 10);
		HAND(s, 0, "lumber=8");
		APPLY(s, "p0 maritime_trade give lumber=4 get ore=1");
		if (i == 0) {
			ck_assert(catan_state_is_terminal(s));
			ck_assert_int_eq(catan_state_winner(s), 0);
			continue;
		}
		ck_assert(!catan_state_is_terminal(s));
		ck_assert_int_eq(catan_game_vp_to_win(catan_state_game(s)), 11);
		CATAN_ASSERT_OK(catan_edit_give_dev_card(s, 0,
				CATAN_DEV_VICTORY_POINT, 1));
		APPLY(s, "p0 maritime_trade give lumber=4 get ore=1");
		ck_assert(catan_state_is_terminal(s));
		ck_assert_int_eq(catan_state_winner(s), 0);
	}
}
END_TEST

/* The tile's 2 points count toward the 11: the build that takes it wins
 * (G4: checked after every action; the trade before it changed no points
 * and ended nothing). */
START_TEST(test_hoc_tile_wins)
{
	catan_state *s = harbor_board(3, "", HOC);

	CITY(s, 0, "h4.se");
	CITY(s, 0, "h8.se");
	CITY(s, 0, "h10.s");
	SETTLEMENT(s, 0, "h0.n");
	SETTLEMENT(s, 0, "h1.ne");
	ck_assert_int_eq(vp(s, 0), 8);
	HAND(s, 0, "ore=2,grain=2,lumber=4");
	APPLY(s, "p0 maritime_trade give lumber=4 get ore=1");
	ck_assert(!catan_state_is_terminal(s));
	APPLY(s, "p0 build_city h1.ne");
	ck_assert_int_eq(vp(s, 0), 9 + 2);
	ck_assert(catan_state_is_terminal(s));
	ck_assert_int_eq(catan_state_winner(s), 0);
}
END_TEST

/* "Combining with Other CATAN Products: ... increase the number of VPs
 * needed to win by 1 VP." T2: the variant's target plus one, whatever it
 * is. */
START_TEST(test_hoc_target_is_one_more)
{
	catan_game *g = catan_test_game_new(pool.ctx, "base" HOC);

	ck_assert_int_eq(catan_game_vp_to_win(g), 11);
	catan_game_unref(g);
	g = catan_test_game_new(pool.ctx, "base(vp=12)" HOC);
	ck_assert_int_eq(catan_game_vp_to_win(g), 13);
	catan_game_unref(g);
	g = catan_test_game_new(pool.ctx, "base" FR);
	ck_assert_int_eq(catan_game_vp_to_win(g), 10);
	catan_game_unref(g);
}
END_TEST

/*
 * The text only ever adds port points. When some are lost (an edit here;
 * later modules may remove buildings) the library follows the base game's
 * award rule for Longest Road (base-game.txt §05.F, B8): the holder keeps
 * the tile while tied at the top with at least 3; otherwise it goes to the
 * one player alone at the top with at least 3; otherwise it is set aside.
 */
START_TEST(test_hoc_lost_points_follow_longest_road)
{
	catan_state *s = harbor_board(3, "", HOC);

	/* p1 takes the tile with 4; p0 and p2 reach 3 */
	SETTLEMENT(s, 1, "h2.se");
	SETTLEMENT(s, 1, "h11.ne");
	SETTLEMENT(s, 0, "h0.n");
	SETTLEMENT(s, 0, "h1.ne");
	SETTLEMENT(s, 2, "h15.se");
	SETTLEMENT(s, 2, "h17.s");
	HAND(s, 0, "ore=3,grain=2");
	HAND(s, 2, "ore=3,grain=2");
	MAIN_PHASE(s, 1);
	HAND(s, 1, "ore=6,grain=4");
	APPLY(s, "p1 build_city h2.se");
	APPLY(s, "p1 build_city h11.ne");
	ck_assert_int_eq(vp(s, 1), 4 + 2);
	MAIN_PHASE(s, 0);
	APPLY(s, "p0 build_city h1.ne");
	MAIN_PHASE(s, 2);
	APPLY(s, "p2 build_city h17.s");
	ck_assert_int_eq(vp(s, 0), 3);
	ck_assert_int_eq(vp(s, 2), 3);
	ck_assert_int_eq(vp(s, 1), 6);

	/* p1 down to 2 (its city on h11.ne gone): p0 and p2 tie at 3, the
	 * tile is set aside */
	REMOVE(s, "h11.ne");
	APPLY(s, "p2 end_turn");
	ck_assert_int_eq(vp(s, 1), 2);
	ck_assert_int_eq(vp(s, 0), 3);
	ck_assert_int_eq(vp(s, 2), 3);

	/* p2 down to 1: p0 alone at the top with 3 takes it */
	REMOVE(s, "h17.s");
	APPLY(s, "p0 roll");
	APPLY(s, "chance dice 2");
	ck_assert_int_eq(vp(s, 0), 3 + 2);

	/* p0 down to 2 with nobody at 3: set aside */
	REMOVE(s, "h0.n");
	APPLY(s, "p0 end_turn");
	ck_assert_int_eq(vp(s, 0), 2);
	for (int p = 0; p < 3; p++)
		ck_assert_int_le(vp(s, p), 2);
}
END_TEST

/* The holder keeps the tile while tied at the top after a loss. */
START_TEST(test_hoc_lost_points_holder_keeps_tie)
{
	catan_state *s = harbor_board(3, "", HOC);

	SETTLEMENT(s, 0, "h0.n");
	SETTLEMENT(s, 0, "h1.ne");
	SETTLEMENT(s, 0, "h6.ne");
	HAND(s, 0, "ore=3,grain=2");
	APPLY(s, "p0 build_city h1.ne");    /* 4 port points: the tile */
	ck_assert_int_eq(vp(s, 0), 4 + 2);
	MAIN_PHASE(s, 1);
	SETTLEMENT(s, 1, "h11.ne");
	SETTLEMENT(s, 1, "h15.se");
	HAND(s, 1, "ore=3,grain=2");
	APPLY(s, "p1 build_city h11.ne");   /* 3 against 4 */
	ck_assert_int_eq(vp(s, 1), 3);
	REMOVE(s, "h6.ne");                 /* p0 down to 3: a tie */
	APPLY(s, "p1 end_turn");
	ck_assert_int_eq(vp(s, 0), 3 + 2);
	ck_assert_int_eq(vp(s, 1), 3);
}
END_TEST

/* ================================================ game strings, T1 */

/*
 * RULINGS.md T1: "Modules combine as the 'Combining with Other CATAN
 * Products' sections allow". The Friendly Robber: "can be played with
 * CATAN, all other Traders & Barbarians variants and scenarios ..."; Harbors
 * of CATAN likewise. Both stack on base, in either order, and the game
 * string canonicalises (every default spelled out, the modules in the
 * order given) and parses back to itself.
 */
START_TEST(test_t1_game_strings)
{
	static const char *const specs[][2] = {
		{ "base+friendly_robber", "+friendly_robber" },
		{ "base+harbors", "+harbors" },
		{ "base+friendly_robber+harbors", "+friendly_robber+harbors" },
		{ "base+harbors+friendly_robber", "+harbors+friendly_robber" },
		{ "base(players=3,board=beginner)+harbors", "+harbors" },
	};
	const char *head = "base(players=4,seed=0,chance=sampled,max_turns=0,board=random,numbers=random,setup=snake,phases=strict,vp=10,offer_max=1,tiles=none,harbors=none)";

	for (size_t i = 0; i < ARRAY_SIZE(specs); i++) {
		catan_game *g = catan_test_game_new(pool.ctx, specs[i][0]);
		catan_game *again;
		char buf[512], buf2[512], want[512];

		CATAN_ASSERT_OK(catan_game_to_string(g, buf, sizeof(buf), NULL));
		if (i + 1 < ARRAY_SIZE(specs)) {
			snprintf(want, sizeof(want), "%s%s", head, specs[i][1]);
			ck_assert_str_eq(buf, want);
		} else {
			ck_assert_ptr_nonnull(strstr(buf, "players=3"));
			ck_assert_ptr_nonnull(strstr(buf, ")+harbors"));
		}
		again = catan_test_game_new(pool.ctx, buf);
		CATAN_ASSERT_OK(catan_game_to_string(again, buf2, sizeof(buf2),
						     NULL));
		ck_assert_str_eq(buf, buf2);
		catan_game_unref(again);
		catan_game_unref(g);
	}
}
END_TEST

static void
refused_game_at(int line, const char *spec, int err, const char *words)
{
	catan_game *g = NULL;
	int rc = catan_game_new_from_string(&g, pool.ctx, spec);

	ck_assert_msg(rc == err, "line %d: \"%s\": %s, expected %s", line,
		      spec, catan_strerror(rc), catan_strerror(err));
	ck_assert_ptr_null(g);
	ck_assert_msg(strstr(catan_ctx_errmsg(pool.ctx), words) != NULL,
		      "line %d: \"%s\": message \"%s\" does not say \"%s\"",
		      line, spec, catan_ctx_errmsg(pool.ctx), words);
}

#define REFUSED_GAME(spec_, err_, words_) \
	refused_game_at(__LINE__, (spec_), CATAN_##err_, (words_))

/* T1: "any other combination (and Cities & Knights or Seafarers, which are
 * out of scope) is refused with a clear error naming the conflict." */
START_TEST(test_t1_refused_combinations)
{
	REFUSED_GAME("base+cities_and_knights", ENOTFOUND,
		     "'cities_and_knights' (Cities & Knights) is out of scope for libcatanrules");
	REFUSED_GAME("base+harbors+cities_and_knights", ENOTFOUND,
		     "Cities & Knights");
	REFUSED_GAME("base+friendly_robber+seafarers", ENOTFOUND,
		     "'seafarers' (Seafarers) is out of scope");
	REFUSED_GAME("seafarers(players=4)", ENOTFOUND, "out of scope");
	REFUSED_GAME("base+no_such_module", ENOTFOUND,
		     "unknown module 'no_such_module'");
	REFUSED_GAME("base+harbors+harbors", EINVAL,
		     "duplicate module 'harbors'");
	REFUSED_GAME("base+friendly_robber+friendly_robber", EINVAL,
		     "duplicate module 'friendly_robber'");
	REFUSED_GAME("base+harbors(vp=12)", ENOTFOUND, "harbors");
}
END_TEST

/* Both modules are registered, with a description. */
START_TEST(test_t1_registered)
{
	size_t n = catan_ctx_module_count(pool.ctx);
	int seen = 0;

	for (size_t i = 0; i < n; i++) {
		const char *name = catan_ctx_module_name(pool.ctx, i);

		if (strcmp(name, "friendly_robber") == 0)
			seen |= 1;
		if (strcmp(name, "harbors") == 0)
			seen |= 2;
	}
	ck_assert_int_eq(seen, 3);
}
END_TEST

/*
 * The two modules touch different rules, so their order does not matter:
 * the same seed and the same choices give the same game in both orders
 * (legal actions, points, robber and winner at every step).
 */
START_TEST(test_t1_order_does_not_matter)
{
	char spec[2][160];
	catan_state *s[2];
	uint64_t rng = catan_test_seed() + (uint64_t)_i;
	int steps = 0;

	snprintf(spec[0], sizeof(spec[0]),
		 "base(players=%d,seed=%d)+friendly_robber+harbors", 3 + _i % 2,
		 100 + _i);
	snprintf(spec[1], sizeof(spec[1]),
		 "base(players=%d,seed=%d)+harbors+friendly_robber", 3 + _i % 2,
		 100 + _i);
	s[0] = new_state(spec[0]);
	s[1] = new_state(spec[1]);
	while (!catan_state_is_terminal(s[0]) && steps++ < 20000) {
		catan_action a[2][256];
		size_t n[2], pick;
		int actor = catan_state_current_player(s[0]);
		uint32_t mask = catan_state_acting_players(s[0]);

		ck_assert_uint_eq(mask, catan_state_acting_players(s[1]));
		if (actor == CATAN_PLAYER_SIMULTANEOUS)
			actor = __builtin_ctz(mask);
		ck_assert_int_ge(actor, 0);
		for (int k = 0; k < 2; k++)
			n[k] = legal_actions(s[k], actor, a[k], ARRAY_SIZE(a[k]));
		ck_assert_uint_eq(n[0], n[1]);
		ck_assert_uint_gt(n[0], 0);
		ck_assert_mem_eq(a[0], a[1], n[0] * sizeof(a[0][0]));
		pick = (size_t)(catan_test_rand(&rng) % n[0]);
		CATAN_ASSERT_OK(catan_state_apply(s[0], &a[0][pick]));
		CATAN_ASSERT_OK(catan_state_apply(s[1], &a[1][pick]));
		for (int p = 0; p < catan_game_num_players(catan_state_game(s[0])); p++)
			ck_assert_int_eq(total_vp(s[0], p), total_vp(s[1], p));
		ck_assert_int_eq(catan_state_robber(s[0]), catan_state_robber(s[1]));
	}
	ck_assert(catan_state_is_terminal(s[0]));
	ck_assert(catan_state_is_terminal(s[1]));
	ck_assert_int_eq(catan_state_winner(s[0]), catan_state_winner(s[1]));
	ck_assert_int_ge(total_vp(s[0], catan_state_winner(s[0])), 11);
}
END_TEST

/* ------------------------------------------------------------ register */

#define ADD(suite_, fn_) \
	CATAN_TEST_ADD_FIXTURE((suite_), fn_, pool_setup, pool_teardown)

/* Whether the library was built with both modules (-Dmodules). */
static bool
modules_built(void)
{
	catan_ctx *ctx = NULL;
	int seen = 0;

	if (catan_ctx_new(&ctx, NULL) != CATAN_OK)
		return false;
	for (size_t i = 0; i < catan_ctx_module_count(ctx); i++) {
		const char *name = catan_ctx_module_name(ctx, i);

		if (strcmp(name, "friendly_robber") == 0)
			seen |= 1;
		if (strcmp(name, "harbors") == 0)
			seen |= 2;
	}
	catan_ctx_free(ctx);
	return seen == 3;
}

void
catan_test_register(SRunner *sr)
{
	Suite *s;
	TCase *tc;

	if (!modules_built())
		catan_test_skip_all("the library was built without the friendly_robber and harbors modules");
	s = catan_test_suite(sr, "tb-friendly-robber");
	ADD(s, test_fr_two_point_player_protected);
	ADD(s, test_fr_base_game_unrestricted);
	ADD(s, test_fr_t3_mover_protected);
	ADD(s, test_fr_three_points_not_protected);
	ADD(s, test_fr_g3_hidden_points_do_not_count);
	ADD(s, test_fr_g3_awards_are_public_points);
	ADD(s, test_fr_t3_knight_obeys_too);
	ADD(s, test_fr_t3_no_valid_hex_stays_on_desert);
	ADD(s, test_fr_base_refuses_the_stay);
	ADD(s, test_fr_no_valid_hex_goes_to_desert);
	ADD(s, test_fr_fallback_steals_from_more_than_two);
	ADD(s, test_fr_steal_after_a_valid_hex);
	ADD(s, test_fr_with_harbors);

	s = catan_test_suite(sr, "tb-harbors");
	ADD(s, test_hoc_first_to_three_takes_the_tile);
	ADD(s, test_hoc_t2_only_harbor_intersections);
	ADD(s, test_hoc_strictly_more_takes_the_tile);
	ADD(s, test_hoc_win_at_eleven_not_ten);
	ADD(s, test_hoc_tile_wins);
	ADD(s, test_hoc_target_is_one_more);
	ADD(s, test_hoc_lost_points_follow_longest_road);
	ADD(s, test_hoc_lost_points_holder_keeps_tie);

	s = catan_test_suite(sr, "tb-combining");
	ADD(s, test_t1_game_strings);
	ADD(s, test_t1_refused_combinations);
	ADD(s, test_t1_registered);
	tc = tcase_create("test_t1_order_does_not_matter");
	tcase_add_checked_fixture(tc, pool_setup, pool_teardown);
	tcase_add_loop_test(tc, test_t1_order_does_not_matter, 0, 4);
	suite_add_tcase(s, tc);
}
