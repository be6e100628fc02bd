/*
 * libcatanrules: base-game rules: development cards, awards, victory.
 * SPDX-License-Identifier: MIT
 *
 * The base game's rule tests, one or more per rule sentence, are split in
 * three programs: test-rules-base-setup.c (sections 02-04),
 * test-rules-base-turn.c (05.A-05.D) and test-rules-base-scoring.c (05.E-08
 * and the general rulings). Together, every sentence of base-game.txt that
 * states a rule (sections 02-07 and "Errors to avoid", 08) and every
 * base-game ruling of RULINGS.md (G1-G5, B1-B10) is cited by at least one
 * test that fails when the rule is missing or wrong. This one has
 * sections 05.E (development cards), 05.F (Longest Road and Largest
 * Army), 06 (example of a game), 07 (victory), 08 (errors to avoid) and the
 * general rulings G1 and G2.
 *
 * Each permission has its refusal: a refusal is checked with
 * catan_state_check_action() (reason code) and then with
 * catan_state_apply(), which must leave the state unchanged (hash and bytes).
 *
 * Positions are built on the beginner board with the beginner pieces, drawn
 * in test-rules-kit.h above the base game's helpers (TEST_RULES_BASE).
 *
 * Chance is explicit: dice, card draws, steals and the roll-off are forced by
 * applying the outcome ("chance dice 8"). Action texts are written in
 * canonical notation and every one is checked to format back to itself.
 *
 * There is one Check suite per section of base-game.txt (and base-rulings)
 * and one tcase per test, so a single rule can be run alone:
 * `build/tests/test-rules-base-scoring base-05f-awards test_05f_loop_counts`.
 * G3 (points compared between players are public points) has no use in the
 * base game, where no rule compares points.
 */

#define TEST_RULES_BASE
#include "test-rules-kit.h"

/* ==================================================== 05.E Development */

/*
 * base-game.txt 05.E: "When you buy a card, take the top of the pile and
 * keep it secret."
 * G1: the draw is a chance event with the deck's composition as odds.
 */
START_TEST(test_05e_buy_draws_from_the_deck)
{
	static const unsigned count[5] = { 14, 2, 2, 2, 5 };
	catan_state *s = build_position("wool=2,grain=2,ore=2");
	catan_chance_outcome out[16];
	size_t n;

	APPLY(s, "p0 buy_dev");
	ck_assert_int_eq(catan_state_current_player(s), CATAN_PLAYER_CHANCE);
	REFUSE(s, "p0 end_turn", NOT_YOUR_TURN);
	n = chance_outcomes(s, out, ARRAY_SIZE(out));
	ck_assert_uint_eq(n, 5);
	for (size_t i = 0; i < n; i++) {
		ck_assert_int_eq(out[i].action.type, CATAN_ACT_DRAW_DEV);
		ck_assert_uint_eq(out[i].action.arg, i);
		ck_assert_uint_eq((uint64_t)out[i].num * 25,
				  (uint64_t)count[i] * out[i].den);
	}
	APPLY(s, "chance draw_dev monopoly");
	ck_assert_uint_eq(info(s, 0).dev_cards[CATAN_DEV_MONOPOLY], 1);
	ck_assert_uint_eq(deck_of(s, CATAN_DEV_MONOPOLY), 1);
	APPLY(s, "p0 buy_dev");
	n = chance_outcomes(s, out, ARRAY_SIZE(out));
	ck_assert_uint_eq(n, 5);
	ck_assert_uint_eq((uint64_t)out[3].num * 24, out[3].den);
	APPLY(s, "chance draw_dev monopoly");
	/* the deck has no Monopoly left: it cannot be drawn again */
	APPLY(s, "p0 end_turn");
	ROLL(s, 12);
	HAND(s, 1, "wool=1,grain=1,ore=1");
	APPLY(s, "p1 buy_dev");
	REFUSE(s, "chance draw_dev monopoly", BAD_OUTCOME);
	ck_assert_uint_eq(chance_outcomes(s, out, ARRAY_SIZE(out)), 4);
}
END_TEST

/* G5: the development deck is finite. */
START_TEST(test_05e_g5_deck_runs_out)
{
	catan_state *s = build_position("wool=1,grain=1,ore=1");
	static const unsigned count[5] = { 14, 2, 2, 2, 5 };

	for (int k = 0; k < 5; k++)
		for (unsigned i = 0; i < count[k]; i++)
			dev_at(__LINE__, s, 3, k, 1);
	REFUSE(s, "p0 buy_dev", DECK_EMPTY);
}
END_TEST

/*
 * base-game.txt 05.E: "A card purchased this round waits for a later turn"
 * base-game.txt 08: "Play immediately a purchased action: it must wait for a
 * later turn."
 */
START_TEST(test_05e_bought_card_waits_a_turn)
{
	catan_state *s = build_position("wool=1,grain=1,ore=1");

	APPLY(s, "p0 buy_dev");
	APPLY(s, "chance draw_dev knight");
	REFUSE(s, "p0 play_knight", CARD_BOUGHT_THIS_TURN);
	/* the other action cards bought this turn wait as well */
	dev_at(__LINE__, s, 0, CATAN_DEV_ROAD_BUILDING, 0);
	dev_at(__LINE__, s, 0, CATAN_DEV_YEAR_OF_PLENTY, 0);
	dev_at(__LINE__, s, 0, CATAN_DEV_MONOPOLY, 0);
	REFUSE(s, "p0 play_road_building", CARD_BOUGHT_THIS_TURN);
	REFUSE(s, "p0 play_year_of_plenty grain=1,ore=1", CARD_BOUGHT_THIS_TURN);
	REFUSE(s, "p0 play_monopoly ore", CARD_BOUGHT_THIS_TURN);
	END_TURN(s);
	for (int p = 1; p < 4; p++) {
		ROLL(s, 12);
		END_TURN(s);
	}
	/* a later turn: playable, even before the roll */
	LEGAL(s, "p0 play_road_building");
	LEGAL(s, "p0 play_year_of_plenty grain=1,ore=1");
	LEGAL(s, "p0 play_monopoly ore");
	APPLY(s, "p0 play_knight");
	EXPECT_PHASE(s, ROBBER);
}
END_TEST

/* 05.E: only the card bought this turn waits; an older one of the same
 * kind may be played. */
START_TEST(test_05e_older_card_of_same_kind_playable)
{
	catan_state *s = build_position("wool=1,grain=1,ore=1");

	DEV(s, 0, CATAN_DEV_KNIGHT);
	APPLY(s, "p0 buy_dev");
	APPLY(s, "chance draw_dev knight");
	APPLY(s, "p0 play_knight");
	APPLY(s, "p0 move_robber h18");
	ck_assert_uint_eq(info(s, 0).dev_cards[CATAN_DEV_KNIGHT], 1);
	ck_assert_uint_eq(info(s, 0).knights_played, 1);
}
END_TEST

/*
 * base-game.txt 05.E: "You can play at most one Action Development card per
 * turn, only during your turn, including before launching the dice."
 * B4: "A development card may be played at any point of the own turn, one
 * per turn (Victory Point cards excepted)."
 */
START_TEST(test_05e_one_card_per_turn)
{
	catan_state *s = beginner(0);

	DEV(s, 0, CATAN_DEV_KNIGHT);
	DEV(s, 0, CATAN_DEV_KNIGHT);
	DEV(s, 0, CATAN_DEV_ROAD_BUILDING);
	DEV(s, 0, CATAN_DEV_YEAR_OF_PLENTY);
	DEV(s, 0, CATAN_DEV_MONOPOLY);
	DEV(s, 1, CATAN_DEV_KNIGHT);
	REFUSE(s, "p1 play_knight", NOT_YOUR_TURN);
	APPLY(s, "p0 play_knight");
	APPLY(s, "p0 move_robber h18");
	EXPECT_PHASE(s, ROLL);
	REFUSE(s, "p0 play_knight", CARD_ALREADY_PLAYED);
	ROLL(s, 12);
	REFUSE(s, "p1 play_knight", NOT_YOUR_TURN);
	REFUSE(s, "p0 play_knight", CARD_ALREADY_PLAYED);
	REFUSE(s, "p0 play_road_building", CARD_ALREADY_PLAYED);
	REFUSE(s, "p0 play_year_of_plenty grain=1,ore=1", CARD_ALREADY_PLAYED);
	REFUSE(s, "p0 play_monopoly ore", CARD_ALREADY_PLAYED);
	/* the next turns give new chances */
	END_TURN(s);
	APPLY(s, "p1 play_knight");
	APPLY(s, "p1 move_robber h9");
	ROLL(s, 12);
	END_TURN(s);
	ROLL(s, 12);
	END_TURN(s);
	ROLL(s, 12);
	END_TURN(s);
	ROLL(s, 12);
	APPLY(s, "p0 play_monopoly ore");
}
END_TEST

/* base-game.txt 05.E: "You can play at most one Action Development card per
 * turn" (no card in hand: nothing to play). */
START_TEST(test_05e_need_the_card)
{
	catan_state *s = build_position("lumber=4");

	REFUSE(s, "p0 play_knight", NO_CARD);
	REFUSE(s, "p0 play_road_building", NO_CARD);
	REFUSE(s, "p0 play_year_of_plenty grain=1,ore=1", NO_CARD);
	REFUSE(s, "p0 play_monopoly ore", NO_CARD);
}
END_TEST

/*
 * base-game.txt 05.E: "Knight: Moves the thief and steals a resource as
 * above." ... "including before launching the dice."
 * base-game.txt 05.E: "Keep the Knight played visible in front of you."
 * base-game.txt 05.E: "After their use, the action cards remain off the
 * Stock. The Knights played remain visible to count the Army."
 */
START_TEST(test_05e_knight_before_the_roll)
{
	catan_state *s = beginner(0);
	unsigned deck;

	DEV(s, 0, CATAN_DEV_KNIGHT);
	deck = deck_of(s, CATAN_DEV_KNIGHT);
	APPLY(s, "p0 play_knight");
	EXPECT_PHASE(s, ROBBER);
	REFUSE(s, "p0 move_robber h9", ROBBER_SAME_HEX);
	/* forest h10 borders p1's h10.se */
	APPLY(s, "p0 move_robber h10");
	EXPECT_PHASE(s, STEAL);
	REFUSE(s, "p0 steal p2", INVALID_VICTIM);
	APPLY(s, "p0 steal p1");
	APPLY(s, "chance steal_card grain");
	EXPECT_HAND(s, 0, "lumber=1,brick=1,grain=1,ore=1");
	EXPECT_HAND(s, 1, "lumber=1,brick=1");
	/* back before the roll */
	EXPECT_PHASE(s, ROLL);
	ck_assert_int_eq(catan_state_dice(s), 0);
	ck_assert_uint_eq(info(s, 0).knights_played, 1);
	ck_assert_uint_eq(info(s, 0).dev_total, 0);
	ck_assert_uint_eq(deck_of(s, CATAN_DEV_KNIGHT), deck);
	ROLL(s, 10);
	/* the robber on forest h10: a 3 gives p1 no lumber now */
	END_TURN(s);
	ROLL(s, 3);
	EXPECT_HAND(s, 1, "lumber=1,brick=1");
}
END_TEST

/*
 * base-game.txt 05.E: "There is no waste of half of the hands, because you
 * did not throw a 7."
 * base-game.txt 08: "Defaulting on a Knight: this only happens on the result
 * 7 of the dice."
 */
START_TEST(test_05e_knight_makes_no_one_discard)
{
	catan_state *s = beginner(0);

	HAND(s, 1, "lumber=5,wool=5");
	HAND(s, 0, "ore=9");
	DEV(s, 0, CATAN_DEV_KNIGHT);
	APPLY(s, "p0 play_knight");
	EXPECT_PHASE(s, ROBBER);
	ck_assert_uint_eq(info(s, 0).discard_owed, 0);
	ck_assert_uint_eq(info(s, 1).discard_owed, 0);
	APPLY(s, "p0 move_robber h18");
	EXPECT_HAND(s, 1, "lumber=5,wool=5");
	EXPECT_HAND(s, 0, "ore=9");
}
END_TEST

/*
 * base-game.txt 05.E: "Road construction: places up to 2 roads free of
 * charge, within the limits of your stock and authorized placements. The
 * second can extend the first one."
 * base-game.txt 05.E: "The other effects are finished after their
 * resolution."
 */
START_TEST(test_05e_road_building_two_free_roads)
{
	catan_state *s = build_position("lumber=1,brick=1");
	unsigned deck = deck_of(s, CATAN_DEV_ROAD_BUILDING) - 1;

	DEV(s, 0, CATAN_DEV_ROAD_BUILDING);
	APPLY(s, "p0 play_road_building");
	EXPECT_PHASE(s, ROAD_BUILDING);
	REFUSE(s, "p0 end_turn", WRONG_PHASE);
	REFUSE(s, "p0 build_road h0.n-ne", NOT_CONNECTED);
	/* not yet connected: it extends the road still to be placed */
	REFUSE(s, "p0 build_road h9.ne-se", NOT_CONNECTED);
	APPLY(s, "p0 build_road h10.s-sw");
	EXPECT_PHASE(s, ROAD_BUILDING);
	APPLY(s, "p0 build_road h9.ne-se");
	EXPECT_PHASE(s, MAIN);
	EXPECT_HAND(s, 0, "lumber=1,brick=1");
	ck_assert_uint_eq(info(s, 0).roads_left, 11);
	ck_assert_uint_eq(info(s, 0).dev_total, 0);
	ck_assert_uint_eq(deck_of(s, CATAN_DEV_ROAD_BUILDING), deck);
	CHECK_SUPPLIES(s);
	/* 05.E: "The other effects are finished after their resolution.":
	 * a third road is paid for */
	APPLY(s, "p0 build_road h9.se-s");
	EXPECT_HAND(s, 0, "");
	REFUSE(s, "p0 build_road h5.s-sw", INSUFFICIENT_RESOURCES);
}
END_TEST

/*
 * B7: "Road Building places up to two roads (one if only one can be placed
 * or one piece is left); it may be played before the roll."
 * B10: "Road Building can be played only if at least one road can be
 * placed."
 */
START_TEST(test_05e_b7_road_building_limits)
{
	catan_state *s = beginner(0), *none, *empty;
	unsigned keep_free = EDGE(s, "h10.s-sw");
	catan_board_counts bc;

	DEV(s, 0, CATAN_DEV_ROAD_BUILDING);
	none = clone_state(s);
	/* before the roll, back to the roll after */
	APPLY(none, "p0 play_road_building");
	APPLY(none, "p0 build_road h10.s-sw");
	APPLY(none, "p0 build_road h9.ne-se");
	EXPECT_PHASE(none, ROLL);
	ROLL(none, 12);

	/* one road left in stock: one road */
	CATAN_ASSERT_OK(catan_board_counts_get(catan_state_game(s), &bc));
	for (unsigned e = 0; e < bc.edges && info(s, 0).roads_left > 1; e++)
		if (e != keep_free && catan_state_edge_piece(s, e, NULL) == 0)
			CATAN_ASSERT_OK(catan_edit_place(s, 0, CATAN_PIECE_ROAD, e));
	ck_assert_uint_eq(info(s, 0).roads_left, 1);
	empty = clone_state(s);
	APPLY(s, "p0 play_road_building");
	APPLY(s, "p0 build_road h10.s-sw");
	EXPECT_PHASE(s, ROLL);
	ck_assert_uint_eq(info(s, 0).roads_left, 0);

	/* no road left in stock: the card cannot be played */
	CATAN_ASSERT_OK(catan_edit_place(empty, 0, CATAN_PIECE_ROAD, keep_free));
	REFUSE(empty, "p0 play_road_building", NO_ROAD_POSSIBLE);

	/* nothing on the board to connect to */
	none = empty_board();
	DEV(none, 0, CATAN_DEV_ROAD_BUILDING);
	REFUSE(none, "p0 play_road_building", NO_ROAD_POSSIBLE);
}
END_TEST

/* B4: "roads placed by Road Building do not count as building" (brief):
 * trading goes on after a Road Building card under phases=strict. */
START_TEST(test_05e_road_building_is_no_build)
{
	catan_state *s = build_position("wool=4");

	DEV(s, 0, CATAN_DEV_ROAD_BUILDING);
	APPLY(s, "p0 play_road_building");
	APPLY(s, "p0 build_road h10.s-sw");
	APPLY(s, "p0 build_road h9.ne-se");
	APPLY(s, "p0 maritime_trade give wool=4 get ore=1");
	LEGAL(s, "p0 offer_trade give ore=1 get lumber=1");
}
END_TEST

/*
 * base-game.txt 05.E: "Discovery: Take 2 resources available at the bank,
 * identical or different."
 */
START_TEST(test_05e_year_of_plenty)
{
	catan_state *s = build_position(""), *t;
	uint8_t bank[CATAN_MAX_CARD_KINDS];
	unsigned deck;

	DEV(s, 0, CATAN_DEV_YEAR_OF_PLENTY);
	deck = deck_of(s, CATAN_DEV_YEAR_OF_PLENTY);
	t = clone_state(s);
	CATAN_ASSERT_OK(catan_state_bank(s, bank));
	APPLY(s, "p0 play_year_of_plenty grain=1,ore=1");
	EXPECT_HAND(s, 0, "grain=1,ore=1");
	EXPECT_BANK_LOSS(bank, s, "grain=1,ore=1");
	ck_assert_uint_eq(info(s, 0).dev_total, 0);
	ck_assert_uint_eq(deck_of(s, CATAN_DEV_YEAR_OF_PLENTY), deck);
	APPLY(t, "p0 play_year_of_plenty ore=2");
	EXPECT_HAND(t, 0, "ore=2");
	/* two cards, not one or three */
	DEV(t, 0, CATAN_DEV_YEAR_OF_PLENTY);
	END_TURN(t);
	for (int p = 1; p < 4; p++) {
		ROLL(t, 12);
		END_TURN(t);
	}
	REFUSE(t, "p0 play_year_of_plenty grain=1", BAD_ARGUMENT);
	REFUSE(t, "p0 play_year_of_plenty grain=3", BAD_ARGUMENT);
}
END_TEST

/* B7: "Year of Plenty (Discovery/Invention) takes two cards the bank has." */
START_TEST(test_05e_b7_year_of_plenty_from_the_bank)
{
	catan_state *s = build_position("");

	DEV(s, 0, CATAN_DEV_YEAR_OF_PLENTY);
	HAND(s, 2, "ore=19");
	REFUSE(s, "p0 play_year_of_plenty grain=1,ore=1", BANK_EMPTY);
	LEGAL(s, "p0 play_year_of_plenty grain=2");
	HAND(s, 2, "ore=18");
	REFUSE(s, "p0 play_year_of_plenty ore=2", BANK_EMPTY);
	APPLY(s, "p0 play_year_of_plenty grain=1,ore=1");
	EXPECT_HAND(s, 0, "grain=1,ore=1");
	ck_assert_uint_eq(bank_of(s, CATAN_ORE), 0);
}
END_TEST

/*
 * B7 with doc/variants/base.md: when the bank holds a single card, Year of
 * Plenty takes that one card; with an empty bank it cannot be played.
 */
START_TEST(test_05e_b7_year_of_plenty_one_card_left)
{
	catan_state *s = build_position("");
	uint8_t bank[CATAN_MAX_CARD_KINDS];

	DEV(s, 0, CATAN_DEV_YEAR_OF_PLENTY);
	/* move all but one ore from the bank to p3 */
	CATAN_ASSERT_OK(catan_state_bank(s, bank));
	for (int k = 0; k < CATAN_NUM_RESOURCES; k++) {
		catan_player_info pi;
		unsigned keep = k == CATAN_ORE ? 1 : 0;

		CATAN_ASSERT_OK(catan_state_player(s, 3, &pi));
		CATAN_ASSERT_OK(catan_edit_set_cards(s, 3, k, pi.cards[k] + bank[k] - keep));
	}
	REFUSE(s, "p0 play_year_of_plenty ore=2", BANK_EMPTY);
	REFUSE(s, "p0 play_year_of_plenty grain=1", BANK_EMPTY);
	LEGAL(s, "p0 play_year_of_plenty ore=1");
	{
		catan_state *t = clone_state(s);
		catan_player_info pi;

		CATAN_ASSERT_OK(catan_state_player(t, 3, &pi));
		CATAN_ASSERT_OK(catan_edit_set_cards(t, 3, CATAN_ORE, pi.cards[CATAN_ORE] + 1));
		REFUSE(t, "p0 play_year_of_plenty ore=1", BANK_EMPTY);
	}
	APPLY(s, "p0 play_year_of_plenty ore=1");
	EXPECT_HAND(s, 0, "ore=1");
	ck_assert_uint_eq(bank_of(s, CATAN_ORE), 0);
}
END_TEST

/*
 * base-game.txt 05.E: "Monopole: announces a type of resource. Everyone
 * else gives you all their cards of this type. The bank does not give
 * anything."
 * B7: "Monopoly takes every card of one type from all other players."
 */
START_TEST(test_05e_monopoly)
{
	catan_state *s = build_position("ore=1");
	unsigned bank_ore, deck;

	HAND(s, 1, "grain=1,ore=3");
	HAND(s, 2, "wool=2,ore=1");
	HAND(s, 3, "lumber=2");
	DEV(s, 0, CATAN_DEV_MONOPOLY);
	deck = deck_of(s, CATAN_DEV_MONOPOLY);
	bank_ore = bank_of(s, CATAN_ORE);
	APPLY(s, "p0 play_monopoly ore");
	EXPECT_HAND(s, 0, "ore=5");
	EXPECT_HAND(s, 1, "grain=1");
	EXPECT_HAND(s, 2, "wool=2");
	EXPECT_HAND(s, 3, "lumber=2");
	ck_assert_uint_eq(bank_of(s, CATAN_ORE), bank_ore);
	ck_assert_uint_eq(info(s, 0).dev_total, 0);
	ck_assert_uint_eq(deck_of(s, CATAN_DEV_MONOPOLY), deck);
}
END_TEST

/*
 * base-game.txt 05.E: "Winning point: keeps this card hidden. It is worth
 * 1 point."
 * B8: "Victory Point cards stay hidden until their owner wins with them,
 * even bought this turn."
 */
START_TEST(test_05e_victory_point_card_hidden)
{
	catan_state *s = build_position("wool=1,grain=1,ore=1");
	catan_action buf[256];
	size_t n;

	DEV(s, 0, CATAN_DEV_VICTORY_POINT);
	APPLY(s, "p0 buy_dev");
	APPLY(s, "chance draw_dev victory_point");
	ck_assert_int_eq(vp(s, 0), 2);
	ck_assert_int_eq(total_vp(s, 0), 4);
	ck_assert_uint_eq(info(s, 0).public_vp, 2);
	ck_assert_uint_eq(info(s, 0).total_vp, 4);
	/* never played as an action */
	n = legal_actions(s, 0, buf, ARRAY_SIZE(buf));
	for (size_t i = 0; i < n; i++)
		ck_assert(buf[i].type < CATAN_ACT_PLAY_KNIGHT ||
			  buf[i].type > CATAN_ACT_PLAY_MONOPOLY);
}
END_TEST

/* ==================================================== 05.F Awards */

/* Roads along the coast of the empty beginner board. */
#define TOP_7      "h0.nw h0.n h0.ne h1.n h1.ne h2.n h2.ne h2.se"
#define TOP_5      "h0.nw h0.n h0.ne h1.n h1.ne h2.n"
#define BOTTOM_5   "h16.se h16.s h16.sw h12.s h12.sw h7.s"
#define BOTTOM_4   "h16.se h16.s h16.sw h12.s h12.sw"
#define RIGHT_5    "h6.ne h6.se h11.ne h11.se h11.s h15.se"
#define RIGHT_4    "h6.ne h6.se h11.ne h11.se h11.s"

/*
 * @breaker builds a settlement on h1.ne in its own turn, cutting TOP_7 into
 * 4 + 3 roads: it comes from its settlement on h2.s over h1.se.
 */
static void
cut_top_road_at(int line, catan_state *s, int breaker)
{
	SETTLEMENT(s, breaker, "h2.s");
	ROADS(s, breaker, "h2.s h1.se h1.ne");
	turn_at(line, s, breaker, CATAN_PHASE_MAIN);
	hand_at(line, s, breaker, "lumber=1,brick=1,wool=1,grain=1");
	applyf_at(line, s, "p%d build_settlement h1.ne", breaker);
}

#define CUT_TOP_ROAD(s_, b_) cut_top_road_at(__LINE__, (s_), (b_))

/*
 * base-game.txt 05.F: "The longest route is worth 2 points. The first
 * network that contains a continuous route of at least 5 routes gets it."
 */
START_TEST(test_05f_longest_road_needs_five)
{
	catan_state *s = empty_board();

	ROADS(s, 0, "h0.nw h0.n h0.ne h1.n h1.ne");
	ck_assert_uint_eq(info(s, 0).longest_road, 4);
	ck_assert_int_eq(catan_state_longest_road_holder(s), -1);
	MAIN_PHASE(s, 0);
	HAND(s, 0, "lumber=1,brick=1");
	APPLY(s, "p0 build_road h1.ne-se");
	ck_assert_uint_eq(info(s, 0).longest_road, 5);
	ck_assert_int_eq(catan_state_longest_road_holder(s), 0);
	ck_assert_int_eq(info(s, 0).has_longest_road, 1);
	ck_assert_int_eq(vp(s, 0), 2);
}
END_TEST

/* Classic bug: opponents' buildings at both ends of a road do not shorten
 * it; they only stop it from going further. */
START_TEST(test_05f_road_capped_at_both_ends)
{
	catan_state *s = empty_board();

	ROADS(s, 0, "h0.n h0.ne h1.n h1.ne h2.n h2.ne");
	SETTLEMENT(s, 1, "h0.n");
	SETTLEMENT(s, 2, "h2.ne");
	ck_assert_uint_eq(info(s, 0).longest_road, 5);
	ck_assert_int_eq(catan_state_longest_road_holder(s), 0);
}
END_TEST

/* base-game.txt 05.F: "A loop can count." */
START_TEST(test_05f_loop_counts)
{
	catan_state *s = empty_board();

	ROADS(s, 0, "h4.n h4.ne h4.se h4.s h4.sw h4.nw h4.n");
	ck_assert_uint_eq(info(s, 0).longest_road, 6);
	ck_assert_int_eq(catan_state_longest_road_holder(s), 0);
	/* a tail off the loop: around the loop and out */
	ROADS(s, 0, "h4.n h0.ne h0.n");
	ck_assert_uint_eq(info(s, 0).longest_road, 8);
}
END_TEST

/*
 * base-game.txt 05.F: "Counts a single route without using the same route
 * twice: does not add up all branches."
 */
START_TEST(test_05f_branches_do_not_add_up)
{
	catan_state *s = empty_board();

	/* three arms from h0.se: 3, 3 and 2 roads */
	ROADS(s, 0, "h0.nw h0.n h0.ne h0.se");
	ROADS(s, 0, "h0.se h1.s h4.se h5.s");
	ROADS(s, 0, "h0.se h0.s h0.sw");
	ck_assert_uint_eq(info(s, 0).roads_left, 7);
	ck_assert_uint_eq(info(s, 0).longest_road, 6);
}
END_TEST

/*
 * base-game.txt 05.F: "An opposing colony crosses the route."
 * base-game.txt 05.F: "if there are none, put it aside" (nobody else has 5)
 */
START_TEST(test_05f_opponent_settlement_cuts_road)
{
	catan_state *s = empty_board(), *own;

	ROADS(s, 0, TOP_7);
	ck_assert_uint_eq(info(s, 0).longest_road, 7);
	ck_assert_int_eq(catan_state_longest_road_holder(s), 0);
	own = clone_state(s);
	CUT_TOP_ROAD(s, 2);
	ck_assert_uint_eq(info(s, 0).longest_road, 4);
	ck_assert_int_eq(catan_state_longest_road_holder(s), -1);
	ck_assert_int_eq(vp(s, 0), 0);
	/* one's own settlement does not cut one's road */
	SETTLEMENT(own, 0, "h1.ne");
	ck_assert_uint_eq(info(own, 0).longest_road, 7);
}
END_TEST

/* base-game.txt 05.F: "It is necessary to exceed the length of the holder
 * to take the reward." */
START_TEST(test_05f_exceed_the_holder)
{
	catan_state *s = empty_board();

	ROADS(s, 0, TOP_5);
	ROADS(s, 1, BOTTOM_4);
	ck_assert_int_eq(catan_state_longest_road_holder(s), 0);
	MAIN_PHASE(s, 1);
	HAND(s, 1, "lumber=2,brick=2");
	APPLY(s, "p1 build_road h12.sw-nw");
	ck_assert_uint_eq(info(s, 1).longest_road, 5);
	ck_assert_int_eq(catan_state_longest_road_holder(s), 0);
	ck_assert_int_eq(vp(s, 1), 0);
	APPLY(s, "p1 build_road h7.s-sw");
	ck_assert_int_eq(catan_state_longest_road_holder(s), 1);
	ck_assert_int_eq(vp(s, 1), 2);
	ck_assert_int_eq(vp(s, 0), 0);
}
END_TEST

/* base-game.txt 05.F: "In case of a cut, he keeps it if he remains tied at
 * the top with at least 5 routes." */
START_TEST(test_05f_cut_holder_keeps_when_tied)
{
	catan_state *s = empty_board();

	ROADS(s, 0, TOP_7);
	ROADS(s, 1, BOTTOM_5);
	ck_assert_int_eq(catan_state_longest_road_holder(s), 0);
	/* p2 cuts TOP_7 at h0.ne into 2 + 5 */
	SETTLEMENT(s, 2, "h0.s");
	ROADS(s, 2, "h0.s h0.se h0.ne");
	MAIN_PHASE(s, 2);
	HAND(s, 2, "lumber=1,brick=1,wool=1,grain=1");
	APPLY(s, "p2 build_settlement h0.ne");
	ck_assert_uint_eq(info(s, 0).longest_road, 5);
	ck_assert_uint_eq(info(s, 1).longest_road, 5);
	ck_assert_int_eq(catan_state_longest_road_holder(s), 0);
}
END_TEST

/* base-game.txt 05.F: "Otherwise, she goes to the player alone in mind with
 * at least 5 routes" */
START_TEST(test_05f_cut_goes_to_lone_leader)
{
	catan_state *s = empty_board();

	ROADS(s, 0, TOP_7);
	ROADS(s, 1, BOTTOM_5);
	ROADS(s, 3, RIGHT_4);
	CUT_TOP_ROAD(s, 2);
	ck_assert_uint_eq(info(s, 0).longest_road, 4);
	ck_assert_int_eq(catan_state_longest_road_holder(s), 1);
	ck_assert_int_eq(vp(s, 1), 2);
	ck_assert_int_eq(vp(s, 0), 0);
}
END_TEST

/*
 * base-game.txt 05.F: "if there are none, put it aside until a player
 * fulfils the conditions alone." (two players tie at the top)
 */
START_TEST(test_05f_cut_tie_sets_award_aside)
{
	catan_state *s = empty_board();

	ROADS(s, 0, TOP_7);
	ROADS(s, 1, BOTTOM_5);
	ROADS(s, 3, RIGHT_5);
	CUT_TOP_ROAD(s, 2);
	ck_assert_int_eq(catan_state_longest_road_holder(s), -1);
	for (int p = 0; p < 4; p++)
		ck_assert_int_eq(info(s, p).has_longest_road, 0);
	ck_assert_int_eq(vp(s, 1), 0);
	ck_assert_int_eq(vp(s, 3), 0);
	/* p1 later takes it alone */
	MAIN_PHASE(s, 1);
	HAND(s, 1, "lumber=1,brick=1");
	APPLY(s, "p1 build_road h7.s-sw");
	ck_assert_int_eq(catan_state_longest_road_holder(s), 1);
	ck_assert_int_eq(vp(s, 1), 2);
}
END_TEST

/* base-game.txt 05.F: "put it aside until a player fulfils the conditions
 * alone" (nobody has 5 after the cut) */
START_TEST(test_05f_cut_below_five_sets_award_aside)
{
	catan_state *s = empty_board();

	ROADS(s, 0, TOP_7);
	ROADS(s, 1, BOTTOM_4);
	CUT_TOP_ROAD(s, 2);
	ck_assert_int_eq(catan_state_longest_road_holder(s), -1);
	MAIN_PHASE(s, 1);
	HAND(s, 1, "lumber=1,brick=1");
	APPLY(s, "p1 build_road h12.sw-nw");
	ck_assert_int_eq(catan_state_longest_road_holder(s), 1);
}
END_TEST

/*
 * base-game.txt 05.F: "The most powerful Army is also worth 2 points. The
 * first person to play 3 Knights gets it."
 */
START_TEST(test_05f_largest_army_three_knights)
{
	catan_state *s = beginner(0);

	CATAN_ASSERT_OK(catan_edit_set_knights_played(s, 0, 2));
	ck_assert_int_eq(catan_state_largest_army_holder(s), -1);
	ck_assert_int_eq(vp(s, 0), 2);
	DEV(s, 0, CATAN_DEV_KNIGHT);
	APPLY(s, "p0 play_knight");
	ck_assert_int_eq(catan_state_largest_army_holder(s), 0);
	ck_assert_int_eq(info(s, 0).has_largest_army, 1);
	ck_assert_int_eq(vp(s, 0), 4);
}
END_TEST

/* base-game.txt 05.F: "Another must have played strictly more Knights to
 * take it." */
START_TEST(test_05f_largest_army_strictly_more)
{
	catan_state *s = beginner(0);

	CATAN_ASSERT_OK(catan_edit_set_knights_played(s, 0, 3));
	CATAN_ASSERT_OK(catan_edit_set_knights_played(s, 1, 2));
	ck_assert_int_eq(catan_state_largest_army_holder(s), 0);
	ROLL(s, 12);
	END_TURN(s);
	DEV(s, 1, CATAN_DEV_KNIGHT);
	APPLY(s, "p1 play_knight");
	/* fields h3 borders only p1's own h3.se: no steal */
	APPLY(s, "p1 move_robber h3");
	ck_assert_uint_eq(info(s, 1).knights_played, 3);
	ck_assert_int_eq(catan_state_largest_army_holder(s), 0);
	ROLL(s, 12);
	for (int p = 2; p < 5; p++) {
		END_TURN(s);
		ROLL(s, 12);
	}
	END_TURN(s);
	DEV(s, 1, CATAN_DEV_KNIGHT);
	APPLY(s, "p1 play_knight");
	ck_assert_uint_eq(info(s, 1).knights_played, 4);
	ck_assert_int_eq(catan_state_largest_army_holder(s), 1);
	ck_assert_int_eq(vp(s, 1), 4);
	ck_assert_int_eq(vp(s, 0), 2);
}
END_TEST

/* base-game.txt 05.F: "The cards still hidden do not count." */
START_TEST(test_05f_hidden_knights_do_not_count)
{
	catan_state *s = beginner(0);

	for (int i = 0; i < 5; i++)
		DEV(s, 2, CATAN_DEV_KNIGHT);
	ck_assert_int_eq(catan_state_largest_army_holder(s), -1);
	ck_assert_uint_eq(info(s, 2).knights_played, 0);
	CATAN_ASSERT_OK(catan_edit_set_knights_played(s, 1, 3));
	ck_assert_int_eq(catan_state_largest_army_holder(s), 1);
	ck_assert_int_eq(vp(s, 2), 2);
}
END_TEST

/* ==================================================== 06 Example */

/*
 * base-game.txt 06, reproduced on the beginner board: "Alice plays with Bob
 * and Chloe." Alice is p0, Bob p1, Chloe p2; the forest 8 is h12.
 */
START_TEST(test_06_example_of_a_game)
{
	catan_state *s = empty_board_with(3, "");
	catan_action buf[8];
	catan_chance_outcome out[8];

	/* "She owns a colony against a forest bearing 8. Bob has a city
	 * against that same forest." */
	SETTLEMENT(s, 0, "h12.se");
	ROADS(s, 0, "h12.se h13.s h16.se");
	CITY(s, 1, "h7.se");
	SETTLEMENT(s, 2, "h0.se");
	HAND(s, 0, "lumber=1,brick=1,wool=1,ore=1");
	HAND(s, 1, "grain=1");

	/* "Chloe throws 8: Alice takes 1 wood and Bob 2 wood, even if it's
	 * Chloe's turn." */
	ROLL_PHASE(s, 2);
	ROLL(s, 8);
	EXPECT_HAND(s, 0, "lumber=2,brick=1,wool=1,ore=1");
	EXPECT_HAND(s, 1, "lumber=2,grain=1");
	EXPECT_HAND(s, 2, "");
	END_TURN(s);

	/* "In Alice's turn, her throw adds nothing to her hand. She has 2
	 * woods, 1 clay, 1 wool and 1 ore." */
	ck_assert_int_eq(catan_state_turn_player(s), 0);
	ROLL(s, 12);
	EXPECT_HAND(s, 0, "lumber=2,brick=1,wool=1,ore=1");
	/* "She wants to build a colony, but she lacks wheat." */
	REFUSE(s, "p0 build_settlement h16.se", INSUFFICIENT_RESOURCES);
	/* "Bob accepts 1 of her wood for 1 wheat." */
	APPLY(s, "p0 offer_trade give lumber=1 get grain=1");
	APPLY(s, "p1 accept_trade");
	APPLY(s, "p2 decline_trade");
	APPLY(s, "p0 confirm_trade p1");
	/* "Alice now owns wood, clay, wool and wheat" */
	EXPECT_HAND(s, 0, "lumber=1,brick=1,wool=1,grain=1,ore=1");
	EXPECT_HAND(s, 1, "lumber=3");
	/* "she pays them to the bank. She lays her colony at the end of one
	 * of her roads ... She gains 1 point ... Her ore remains in her
	 * hand. She finishes her turn." */
	APPLY(s, "p0 build_settlement h16.se");
	EXPECT_HAND(s, 0, "ore=1");
	ck_assert_int_eq(vp(s, 0), 2);
	END_TURN(s);

	/* "A little later, Bob throws 7. Alice has 9 resources and renders
	 * 4 of his choice; Chloe has 7 and does not return anything." */
	HAND(s, 0, "lumber=2,brick=2,wool=2,grain=2,ore=1");
	HAND(s, 2, "brick=3,wool=4");
	ROLL(s, 7);
	EXPECT_PHASE(s, DISCARD);
	ck_assert_uint_eq(info(s, 0).discard_owed, 4);
	ck_assert_uint_eq(info(s, 2).discard_owed, 0);
	ck_assert_int_eq(catan_state_current_player(s), 0);
	REFUSE(s, "p2 discard wool=1", NOT_YOUR_TURN);
	APPLY(s, "p0 discard lumber=2,wool=2");
	EXPECT_HAND(s, 2, "brick=3,wool=4");

	/* "Bob then moves the thief to the forest 8. He chooses Alice as a
	 * victim and takes him 1 resource at random." */
	APPLY(s, "p1 move_robber h12");
	ck_assert_uint_eq(legal_actions(s, 1, buf, ARRAY_SIZE(buf)), 1);
	ck_assert_uint_eq(buf[0].arg, 0);
	APPLY(s, "p1 steal p0");
	ck_assert_uint_eq(chance_outcomes(s, out, ARRAY_SIZE(out)), 3);
	APPLY(s, "chance steal_card brick");
	EXPECT_HAND(s, 0, "brick=1,grain=2,ore=1");
	EXPECT_HAND(s, 1, "lumber=3,brick=1");
	END_TURN(s);

	/* "As long as the thief stays there, the 8 will no longer give the
	 * wood of this forest, for Alice as for Bob." */
	ROLL(s, 8);
	EXPECT_HAND(s, 0, "brick=1,grain=2,ore=1");
	EXPECT_HAND(s, 1, "lumber=3,brick=1");
	END_TURN(s);
	/* "will be able to produce on the land that touches this new corner":
	 * fields h17 (6) next to h16.se */
	ROLL(s, 6);
	EXPECT_HAND(s, 0, "brick=1,grain=3,ore=1");
}
END_TEST

/* ==================================================== 07 Victory */

/* p0 on the beginner set-up with 9 points in buildings, after the roll. */
static catan_state *
nine_points(void)
{
	catan_state *s = beginner(0);

	ROLL(s, 12);
	CITY(s, 0, "h14.se");
	CITY(s, 0, "h12.se");
	CITY(s, 0, "h0.n");
	CITY(s, 0, "h2.n");
	SETTLEMENT(s, 0, "h7.sw");
	ROAD(s, 0, "h10.s-sw");
	ck_assert_int_eq(vp(s, 0), 9);
	return s;
}

/*
 * base-game.txt 07: "The game ends immediately during your turn if you have
 * at least 10 points."
 * B9: "The win is automatic ... the game ends and the cards are revealed;
 * no action is needed."
 * G4: "A win is checked after every action of the player whose turn it is"
 */
START_TEST(test_07_win_at_ten_immediately)
{
	catan_state *s = nine_points();

	/* a first action checks the edited position; the settlement is the
	 * next change of points */
	HAND(s, 0, "lumber=1,brick=1,wool=5,grain=1");
	APPLY(s, "p0 maritime_trade give wool=4 get ore=1");
	ck_assert_int_eq(catan_state_is_terminal(s), 0);
	APPLY(s, "p0 build_settlement h9.se");
	ck_assert_int_eq(vp(s, 0), 10);
	ck_assert_int_eq(catan_state_is_terminal(s), 1);
	EXPECT_PHASE(s, GAME_OVER);
	ck_assert_int_eq(catan_state_winner(s), 0);
	ck_assert_int_eq(catan_state_current_player(s), CATAN_PLAYER_TERMINAL);
}
END_TEST

/*
 * G4: "A win is checked after every action of the player whose turn it is":
 * a position edited to ten points (edits play no action) ends at the turn
 * player's next action, whatever it is, in the edited state and in a copy of
 * it made over a state that has not been edited since its last action.
 */
START_TEST(test_07_g4_edited_position_wins_at_next_action)
{
	catan_state *s = nine_points();
	catan_state *t;

	HAND(s, 0, "wool=8");
	APPLY(s, "p0 maritime_trade give wool=4 get ore=1");
	ck_assert_int_eq(catan_state_is_terminal(s), 0);
	t = clone_state(s);

	DEV(s, 0, CATAN_DEV_VICTORY_POINT);
	ck_assert_int_eq(catan_state_is_terminal(s), 0);
	CATAN_ASSERT_OK(catan_state_copy(t, s));
	APPLY(s, "p0 maritime_trade give wool=4 get ore=1");
	ck_assert_int_eq(catan_state_is_terminal(s), 1);
	ck_assert_int_eq(catan_state_winner(s), 0);
	APPLY(t, "p0 maritime_trade give wool=4 get ore=1");
	ck_assert_int_eq(catan_state_is_terminal(t), 1);
	ck_assert_int_eq(catan_state_winner(t), 0);
}
END_TEST

/*
 * base-game.txt 07: "The game ends immediately during your turn if you have
 * at least 10 points."
 * G4: "A win is checked after every action of the player whose turn it is":
 * the city that brings the tenth point wins at once; the trade before it
 * changed no points and ended nothing.
 */
START_TEST(test_07_g4_win_by_city)
{
	catan_state *s = nine_points();

	/* a city back to the stock: 8 points, and a Victory Point card: 9 */
	CATAN_ASSERT_OK(catan_edit_remove(s, CATAN_PIECE_CITY, VERTEX(s, "h2.n")));
	SETTLEMENT(s, 0, "h2.n");
	DEV(s, 0, CATAN_DEV_VICTORY_POINT);
	ck_assert_int_eq(total_vp(s, 0), 9);
	HAND(s, 0, "wool=4,grain=2,ore=2");
	APPLY(s, "p0 maritime_trade give wool=4 get ore=1");
	ck_assert_int_eq(catan_state_is_terminal(s), 0);
	APPLY(s, "p0 build_city h7.sw");
	ck_assert_int_eq(total_vp(s, 0), 10);
	ck_assert_int_eq(catan_state_is_terminal(s), 1);
	ck_assert_int_eq(catan_state_winner(s), 0);
}
END_TEST

/*
 * G4: "A win is checked after every action of the player whose turn it is":
 * a position whose turn player has not won cannot hide a win. p0, on turn
 * with 9 points, holds one development card unseen by p1 (a Knight); every
 * other card p1 cannot see is a Victory Point. Resampled for p1, p0's card
 * is never one of them: the deal that would have ended the game already is
 * not a position of this game.
 */
START_TEST(test_07_g4_resample_deals_no_pending_win)
{
	catan_state *s = nine_points();
	static const int others[] = {
		CATAN_DEV_KNIGHT, CATAN_DEV_ROAD_BUILDING, CATAN_DEV_YEAR_OF_PLENTY,
		CATAN_DEV_MONOPOLY,
	};

	CATAN_ASSERT_OK(catan_edit_give_dev_card(s, 0, CATAN_DEV_KNIGHT, 1));
	/* p1 sees every other card that is not a Victory Point */
	for (size_t i = 0; i < ARRAY_SIZE(others); i++)
		while (catan_edit_give_dev_card(s, 1, others[i], 1) == CATAN_OK)
			;
	ck_assert_int_eq(total_vp(s, 0), 9);
	for (uint64_t seed = 1; seed <= 30; seed++) {
		catan_state *t = NULL;
		catan_player_info pi;

		CATAN_ASSERT_OK(catan_state_resample(&t, s, 1, seed));
		CATAN_ASSERT_OK(catan_state_player(t, 0, &pi));
		ck_assert_int_eq(total_vp(t, 0), 9);
		ck_assert_uint_eq(pi.dev_cards[CATAN_DEV_KNIGHT], 1);
		ck_assert_int_eq(catan_state_is_terminal(t), 0);
		catan_state_free(t);
	}
}
END_TEST

/* One round of play from p0's main phase back to it: every player's turn
 * begins after the last edit. */
static void
play_a_round(catan_state *s)
{
	for (int i = 0; i < 4; i++) {
		END_TURN(s);
		ROLL(s, 12);
	}
	ck_assert_int_eq(catan_state_turn_player(s), 0);
}

/* p1 with eight points: four cities. */
static void
p1_eight_points(catan_state *s)
{
	CITY(s, 1, "h18.s");
	CITY(s, 1, "h14.s");
	CITY(s, 1, "h4.s");
	CITY(s, 1, "h3.sw");
	ck_assert_int_eq(total_vp(s, 1), 8);
}

/*
 * base-game.txt 07: "If you reach 10 during another's turn thanks to a
 * reward, wait for your own turn"; "You can win from the beginning of your
 * turn, without obligation to throw the dice."
 * G4: "A win is checked after every action of the player whose turn it is,
 * and at the start of that player's turn": p1, with eight points through a
 * round of play, is edited to ten (two Victory Point cards) in p0's turn;
 * that does not end p0's turn, and p1 wins as its own turn begins; so does
 * a copy of the edited position made over a state of before the edit.
 */
START_TEST(test_07_g4_edited_points_wait_for_their_turn)
{
	catan_state *s = empty_board();
	catan_state *t;

	p1_eight_points(s);
	MAIN_PHASE(s, 0);
	play_a_round(s);
	t = clone_state(s);
	DEV(s, 1, CATAN_DEV_VICTORY_POINT);
	DEV(s, 1, CATAN_DEV_VICTORY_POINT);
	HAND(s, 0, "wool=4");
	ck_assert_int_eq(total_vp(s, 1), 10);
	CATAN_ASSERT_OK(catan_state_copy(t, s));
	APPLY(s, "p0 maritime_trade give wool=4 get ore=1");
	ck_assert_int_eq(catan_state_is_terminal(s), 0);
	END_TURN(s);
	ck_assert_int_eq(catan_state_winner(s), 1);
	ck_assert_int_eq(catan_state_dice(s), 0);
	APPLY(t, "p0 maritime_trade give wool=4 get ore=1");
	ck_assert_int_eq(catan_state_is_terminal(t), 0);
	END_TURN(t);
	ck_assert_int_eq(catan_state_winner(t), 1);
}
END_TEST

/*
 * G4: "... and at the start of that player's turn", in a resampled world:
 * p1 (eight points) holds two cards p0 cannot see, and every other card
 * but the Victory Points is p0's. Resampled for p0, p1's cards are two of
 * {2 Knights, 5 Victory Points}; where both are Victory Points, p1 has ten
 * points and wins as its turn begins (the last edit came before a round
 * of play, so only the resample can have given them).
 */
START_TEST(test_07_g4_resampled_points_wait_for_their_turn)
{
	static const int others[] = {
		CATAN_DEV_KNIGHT, CATAN_DEV_ROAD_BUILDING, CATAN_DEV_YEAR_OF_PLENTY,
		CATAN_DEV_MONOPOLY,
	};
	catan_state *s = empty_board();
	unsigned wins = 0;

	p1_eight_points(s);
	DEV(s, 1, CATAN_DEV_KNIGHT);
	DEV(s, 1, CATAN_DEV_KNIGHT);
	for (size_t i = 0; i < ARRAY_SIZE(others); i++)
		while (catan_edit_give_dev_card(s, 0, others[i], 1) == CATAN_OK)
			;
	MAIN_PHASE(s, 0);
	play_a_round(s);
	for (uint64_t seed = 1; seed <= 30; seed++) {
		catan_state *t = NULL;
		int ten;

		CATAN_ASSERT_OK(catan_state_resample(&t, s, 0, seed));
		ten = total_vp(t, 1) >= 10;
		applyf_at(__LINE__, t, "p0 end_turn");
		ck_assert_int_eq(catan_state_winner(t), ten ? 1 : -1);
		wins += (unsigned)ten;
		catan_state_free(t);
	}
	ck_assert_uint_gt(wins, 0);
}
END_TEST

/* base-game.txt 07: "There is no final turn for the others and no victory
 * sharing." */
START_TEST(test_07_no_final_turn_no_sharing)
{
	catan_state *s = nine_points();
	catan_action buf[64];
	double ret[4];

	HAND(s, 0, "lumber=1,brick=1,wool=1,grain=1");
	HAND(s, 1, "lumber=1,brick=1");
	APPLY(s, "p0 build_settlement h9.se");
	for (int p = 0; p < 4; p++)
		ck_assert_uint_eq(legal_actions(s, p, buf, ARRAY_SIZE(buf)), 0);
	ck_assert_uint_eq(catan_state_acting_players(s), 0);
	REFUSE(s, "p0 end_turn", GAME_OVER);
	REFUSE(s, "p1 roll", GAME_OVER);
	REFUSE(s, "p1 build_road h10.se-s", GAME_OVER);
	CATAN_ASSERT_OK(catan_state_returns(s, ret, 4));
	ck_assert(ret[0] == 1.0 && ret[1] == 0.0 && ret[2] == 0.0 &&
		  ret[3] == 0.0);
}
END_TEST

/* base-game.txt 03: "Reach at least 10 win points": 9 is not enough. */
START_TEST(test_07_nine_points_do_not_win)
{
	catan_state *s = nine_points();

	/* 8 on the board, the ninth built in p0's own turn */
	CATAN_ASSERT_OK(catan_edit_remove(s, CATAN_PIECE_SETTLEMENT,
					  VERTEX(s, "h7.sw")));
	HAND(s, 0, "lumber=1,brick=1,wool=1,grain=1");
	APPLY(s, "p0 build_settlement h9.se");
	ck_assert_int_eq(vp(s, 0), 9);
	ck_assert_int_eq(catan_state_is_terminal(s), 0);
	EXPECT_PHASE(s, MAIN);
	END_TURN(s);
	ck_assert_int_eq(catan_state_is_terminal(s), 0);
	ck_assert_int_eq(catan_state_winner(s), -1);
	EXPECT_PHASE(s, ROLL);
	ck_assert_int_eq(catan_state_current_player(s), 1);
}
END_TEST

/*
 * base-game.txt 07: "Count 1 per colony, 2 per city, 2 per reward held and
 * 1 per card Winning point. A road alone and a Knight alone are worth no
 * points."
 * base-game.txt 03: "Your colonies and cities earn points. Rewards and some
 * cards can complete your total."
 */
START_TEST(test_07_counting_points)
{
	catan_state *s = empty_board();

	SETTLEMENT(s, 0, "h18.s");
	SETTLEMENT(s, 0, "h16.s");
	CITY(s, 0, "h11.se");
	ROADS(s, 0, TOP_5);
	CATAN_ASSERT_OK(catan_edit_set_knights_played(s, 0, 3));
	DEV(s, 0, CATAN_DEV_VICTORY_POINT);
	ck_assert_int_eq(vp(s, 0), 1 + 1 + 2 + 2 + 2);
	ck_assert_int_eq(total_vp(s, 0), 9);
	ck_assert_uint_eq(info(s, 0).public_vp, 8);
	ck_assert_uint_eq(info(s, 0).total_vp, 9);
	ck_assert_int_eq(info(s, 0).has_longest_road, 1);
	ck_assert_int_eq(info(s, 0).has_largest_army, 1);

	ROADS(s, 1, BOTTOM_4);
	CATAN_ASSERT_OK(catan_edit_set_knights_played(s, 1, 2));
	ck_assert_int_eq(total_vp(s, 1), 0);
}
END_TEST

/* p3 has 8 points in cities, and 5 roads on the right coast; p0 holds
 * Longest Road with TOP_7. */
static catan_state *
reward_on_another_turn(void)
{
	catan_state *s = empty_board();

	ROADS(s, 0, TOP_7);
	ROADS(s, 3, RIGHT_5);
	CITY(s, 3, "h18.s");
	CITY(s, 3, "h14.s");
	CITY(s, 3, "h4.s");
	CITY(s, 3, "h3.sw");
	ck_assert_int_eq(catan_state_longest_road_holder(s), 0);
	ck_assert_int_eq(vp(s, 3), 8);
	return s;
}

/*
 * base-game.txt 07: "If you reach 10 during another's turn thanks to a
 * reward, wait for your own turn"
 * base-game.txt 07: "You can win from the beginning of your turn, without
 * obligation to throw the dice."
 * G4: "A win is checked after every action of the player whose turn it is,
 * and at the start of that player's turn."
 */
START_TEST(test_07_g4_reward_on_another_turn_waits)
{
	catan_state *s = reward_on_another_turn();

	/* p2 cuts p0's road during p2's turn: Longest Road passes to p3 */
	CUT_TOP_ROAD(s, 2);
	ck_assert_int_eq(catan_state_longest_road_holder(s), 3);
	ck_assert_int_eq(vp(s, 3), 10);
	ck_assert_int_eq(catan_state_is_terminal(s), 0);
	ck_assert_int_eq(catan_state_winner(s), -1);
	EXPECT_PHASE(s, MAIN);
	ck_assert_int_eq(catan_state_current_player(s), 2);
	/* p3 wins as its turn begins, before any roll */
	END_TURN(s);
	ck_assert_int_eq(catan_state_is_terminal(s), 1);
	ck_assert_int_eq(catan_state_winner(s), 3);
	ck_assert_int_eq(catan_state_turn_player(s), 3);
	ck_assert_int_eq(catan_state_dice(s), 0);
}
END_TEST

/*
 * The same reward when every turn has begun since the last edit, so that
 * only the award itself, in p2's turn, can mark p3's points for a check:
 * p3 still wins as its own turn begins (base-game.txt 07: "If you reach 10
 * during another's turn thanks to a reward, wait for your own turn"; G4:
 * "... and at the start of that player's turn").
 */
START_TEST(test_07_g4_reward_in_play_waits)
{
	catan_state *s = reward_on_another_turn();

	SETTLEMENT(s, 2, "h2.s");
	ROADS(s, 2, "h2.s h1.se h1.ne");
	HAND(s, 2, "lumber=1,brick=1,wool=1,grain=1");
	MAIN_PHASE(s, 0);
	play_a_round(s);
	for (int i = 0; i < 2; i++) {
		END_TURN(s);
		ROLL(s, 12);
	}
	ck_assert_int_eq(catan_state_turn_player(s), 2);
	APPLY(s, "p2 build_settlement h1.ne");
	ck_assert_int_eq(catan_state_longest_road_holder(s), 3);
	ck_assert_int_eq(vp(s, 3), 10);
	ck_assert_int_eq(catan_state_is_terminal(s), 0);
	END_TURN(s);
	ck_assert_int_eq(catan_state_winner(s), 3);
	ck_assert_int_eq(catan_state_dice(s), 0);
}
END_TEST

/*
 * base-game.txt 07: "The game ends immediately during your turn if you have
 * at least 10 points."
 * base-game.txt 05.F: "The longest route is worth 2 points."
 * G4: "A win is checked after every action of the player whose turn it is":
 * the fifth road of p1, with 8 points in cities, takes Longest Road and wins
 * at once; the trade before it changed no points and ended nothing.
 */
START_TEST(test_07_g4_win_by_taking_longest_road)
{
	catan_state *s = empty_board();

	ROADS(s, 1, BOTTOM_4);
	CITY(s, 1, "h18.s");
	CITY(s, 1, "h14.s");
	CITY(s, 1, "h4.s");
	CITY(s, 1, "h3.sw");
	MAIN_PHASE(s, 1);
	HAND(s, 1, "lumber=1,brick=1,wool=4");
	APPLY(s, "p1 maritime_trade give wool=4 get grain=1");
	ck_assert_int_eq(catan_state_is_terminal(s), 0);
	ck_assert_int_eq(vp(s, 1), 8);
	APPLY(s, "p1 build_road h12.sw-nw");
	ck_assert_int_eq(catan_state_longest_road_holder(s), 1);
	ck_assert_int_eq(catan_state_is_terminal(s), 1);
	ck_assert_int_eq(catan_state_winner(s), 1);
}
END_TEST

/* base-game.txt 07: "you still have to have at least 10 at that time." */
START_TEST(test_07_must_still_have_ten)
{
	catan_state *s = reward_on_another_turn();

	ROADS(s, 2, BOTTOM_4);
	CUT_TOP_ROAD(s, 1);
	ck_assert_int_eq(catan_state_longest_road_holder(s), 3);
	ck_assert_int_eq(vp(s, 3), 10);
	END_TURN(s);
	/* p2's turn: p2 first ties p3 (p3 keeps), then passes it */
	ck_assert_int_eq(catan_state_is_terminal(s), 0);
	ROLL(s, 3);
	HAND(s, 2, "lumber=2,brick=2");
	APPLY(s, "p2 build_road h12.sw-nw");
	ck_assert_int_eq(catan_state_longest_road_holder(s), 3);
	APPLY(s, "p2 build_road h7.s-sw");
	ck_assert_int_eq(catan_state_longest_road_holder(s), 2);
	ck_assert_int_eq(vp(s, 3), 8);
	END_TURN(s);
	ck_assert_int_eq(catan_state_is_terminal(s), 0);
	ck_assert_int_eq(catan_state_winner(s), -1);
	EXPECT_PHASE(s, ROLL);
	ck_assert_int_eq(catan_state_current_player(s), 3);
}
END_TEST

/*
 * base-game.txt 05.E: "A card purchased this round waits for a later turn,
 * except the revealed Victory Points to win."
 * base-game.txt 05.E: "Reveal your cards of this type only when they allow
 * you to reach the victory during your turn; you can reveal several of them,
 * even bought this round."
 * B8: "Victory Point cards stay hidden until their owner wins with them,
 * even bought this turn."
 */
START_TEST(test_07_win_with_victory_point_bought_this_turn)
{
	catan_state *s = nine_points();

	/* a first action checks the edited position (G4); the draw is the
	 * next change of points */
	HAND(s, 0, "wool=5,grain=1");
	APPLY(s, "p0 maritime_trade give wool=4 get ore=1");
	ck_assert_int_eq(catan_state_is_terminal(s), 0);
	APPLY(s, "p0 buy_dev");
	ck_assert_int_eq(catan_state_is_terminal(s), 0);
	APPLY(s, "chance draw_dev victory_point");
	ck_assert_int_eq(catan_state_is_terminal(s), 1);
	ck_assert_int_eq(catan_state_winner(s), 0);
	/* revealed: the points are public now */
	ck_assert_int_eq(vp(s, 0), 10);
}
END_TEST

/*
 * base-game.txt 07: "Revealing several Victory Points to conclude does not
 * consume several action cards."
 * B9: "as soon as the current player's points, hidden Victory Point cards
 * included, reach the target during their own turn, the game ends"
 */
START_TEST(test_07_several_victory_points_after_a_knight)
{
	catan_state *s = beginner(0);

	CITY(s, 0, "h14.se");
	CITY(s, 0, "h12.se");
	CITY(s, 0, "h0.n");
	SETTLEMENT(s, 0, "h2.n");
	DEV(s, 0, CATAN_DEV_VICTORY_POINT);
	DEV(s, 0, CATAN_DEV_VICTORY_POINT);
	DEV(s, 0, CATAN_DEV_KNIGHT);
	ck_assert_int_eq(vp(s, 0), 7);
	ck_assert_int_eq(total_vp(s, 0), 9);
	/* the one action card of the turn */
	APPLY(s, "p0 play_knight");
	APPLY(s, "p0 move_robber h18");
	ROLL(s, 12);
	HAND(s, 0, "wool=1,grain=1,ore=1");
	APPLY(s, "p0 buy_dev");
	APPLY(s, "chance draw_dev victory_point");
	ck_assert_int_eq(catan_state_winner(s), 0);
	ck_assert_int_eq(vp(s, 0), 10);
}
END_TEST

/* B9: hidden Victory Point cards count toward the win at once. */
START_TEST(test_07_b9_hidden_points_win)
{
	catan_state *s = nine_points();
	catan_state *t;

	/* 8 points on the board and a hidden card */
	CATAN_ASSERT_OK(catan_edit_remove(s, CATAN_PIECE_SETTLEMENT,
					  VERTEX(s, "h7.sw")));
	DEV(s, 0, CATAN_DEV_VICTORY_POINT);
	ck_assert_int_eq(vp(s, 0), 8);
	ck_assert_int_eq(total_vp(s, 0), 9);
	t = clone_state(s);
	END_TURN(t);
	ck_assert_int_eq(catan_state_is_terminal(t), 0);

	HAND(s, 0, "lumber=1,brick=1,wool=1,grain=1");
	APPLY(s, "p0 build_settlement h9.se");
	ck_assert_int_eq(catan_state_winner(s), 0);
	ck_assert_int_eq(vp(s, 0), 10);
}
END_TEST

/* ==================================================== 08 Errors to avoid */

/*
 * The six bullets of 08 are pinned where their rule is tested:
 *	"Receive only in its turn"          test_05a_everyone_receives
 *	"Set up one colony next to another" test_04_setup_distance_rule,
 *	                                    test_05d_settlement_connected_and_spaced
 *	"Count 3 points for a city"         test_05d_city_costs_and_replaces
 *	"Defaulting on a Knight"            test_05e_knight_makes_no_one_discard
 *	"Play immediately a purchased action" test_05e_bought_card_waits_a_turn
 *	"Spending resources without checking the place"
 *	                                    test_05d_pay_for_each_build,
 *	                                    test_08_illegal_build_pays_nothing
 */

/*
 * base-game.txt 08: "Spending resources without checking the place: pays
 * only for a legal construction." Every refused build leaves the hand, the
 * bank and the board as they were.
 */
START_TEST(test_08_illegal_build_pays_nothing)
{
	catan_state *s = build_position("lumber=4,brick=4,wool=4,grain=4,ore=4");
	uint8_t bank[CATAN_MAX_CARD_KINDS];

	CATAN_ASSERT_OK(catan_state_bank(s, bank));
	REFUSE(s, "p0 build_road h14.ne-se", OCCUPIED);
	REFUSE(s, "p0 build_road h0.n-ne", NOT_CONNECTED);
	REFUSE(s, "p0 build_settlement h10.s", DISTANCE_RULE);
	REFUSE(s, "p0 build_settlement h18.s", NOT_CONNECTED);
	REFUSE(s, "p0 build_city h10.se", NOT_OWN_SETTLEMENT);
	EXPECT_HAND(s, 0, "lumber=4,brick=4,wool=4,grain=4,ore=4");
	EXPECT_BANK_GAIN(bank, s, "");
	APPLY(s, "p0 build_city h12.se");
	EXPECT_HAND(s, 0, "lumber=4,brick=4,wool=4,grain=2,ore=1");
}
END_TEST

/* ==================================================== General rulings */

/*
 * G1: "In the default mode the game's own seeded RNG resolves it ... The
 * same seed and the same actions give the same game, bit for bit".
 */
START_TEST(test_g1_same_seed_same_game)
{
	catan_game *g = catan_test_game_new(pool.ctx, "base(players=4,seed=77)");
	catan_state *a = keep(catan_test_state_new(g));
	catan_state *b = keep(catan_test_state_new(g));
	catan_state *other = new_state("base(players=4,seed=77)");
	catan_action buf[512];

	ck_assert(catan_state_equal(a, b));
	for (int step = 0; step < 400 && !catan_state_is_terminal(a); step++) {
		uint32_t mask = catan_state_acting_players(a);
		const catan_action *pick;
		int p = 0;
		size_t n;

		ck_assert_uint_ne(mask, 0);
		while (!(mask & (1u << p)))
			p++;
		n = legal_actions(a, p, buf, ARRAY_SIZE(buf));
		ck_assert_uint_gt(n, 0);
		pick = &buf[(size_t)step * 7919u % n];
		CATAN_ASSERT_OK(catan_state_apply(a, pick));
		CATAN_ASSERT_OK(catan_state_apply(b, pick));
		CATAN_ASSERT_OK(catan_state_apply(other, pick));
		ck_assert_uint_eq(catan_state_hash(a), catan_state_hash(b));
		/* a second game from the same string is the same game */
		ck_assert_uint_eq(catan_state_hash(a), catan_state_hash(other));
	}
	ck_assert(catan_state_equal(a, b));
	catan_game_unref(g);
}
END_TEST

/*
 * G2: "'A player's choice' is always an action of that player, even when it
 * is not that player's turn (discards on a 7, trade replies)". The engine
 * says who may act now.
 */
START_TEST(test_g2_choices_off_turn)
{
	catan_state *s = beginner(0);
	catan_action buf[16];

	HAND(s, 2, "wool=9");
	ROLL(s, 7);
	ck_assert_int_eq(catan_state_current_player(s), 2);
	ck_assert_uint_eq(catan_state_acting_players(s), 1u << 2);
	ck_assert_uint_eq(legal_actions(s, 0, buf, ARRAY_SIZE(buf)), 0);
	ck_assert_uint_eq(legal_actions(s, 2, buf, ARRAY_SIZE(buf)), 1);
	ck_assert_int_eq(buf[0].type, CATAN_ACT_DISCARD);
	APPLY(s, "p2 discard wool=4");
	ck_assert_int_eq(catan_state_current_player(s), 0);
}
END_TEST

/* ------------------------------------------------------------ register */

/* One suite per section of base-game.txt, one tcase per test. */
#define ADD(suite_, fn_) \
	CATAN_TEST_ADD_FIXTURE((suite_), fn_, pool_setup, pool_teardown)

void
catan_test_register(SRunner *sr)
{
	Suite *s;

	s = catan_test_suite(sr, "base-05e-development");
	ADD(s, test_05e_buy_draws_from_the_deck);
	ADD(s, test_05e_g5_deck_runs_out);
	ADD(s, test_05e_bought_card_waits_a_turn);
	ADD(s, test_05e_older_card_of_same_kind_playable);
	ADD(s, test_05e_one_card_per_turn);
	ADD(s, test_05e_need_the_card);
	ADD(s, test_05e_knight_before_the_roll);
	ADD(s, test_05e_knight_makes_no_one_discard);
	ADD(s, test_05e_road_building_two_free_roads);
	ADD(s, test_05e_b7_road_building_limits);
	ADD(s, test_05e_road_building_is_no_build);
	ADD(s, test_05e_year_of_plenty);
	ADD(s, test_05e_b7_year_of_plenty_from_the_bank);
	ADD(s, test_05e_b7_year_of_plenty_one_card_left);
	ADD(s, test_05e_monopoly);
	ADD(s, test_05e_victory_point_card_hidden);

	s = catan_test_suite(sr, "base-05f-awards");
	ADD(s, test_05f_longest_road_needs_five);
	ADD(s, test_05f_road_capped_at_both_ends);
	ADD(s, test_05f_loop_counts);
	ADD(s, test_05f_branches_do_not_add_up);
	ADD(s, test_05f_opponent_settlement_cuts_road);
	ADD(s, test_05f_exceed_the_holder);
	ADD(s, test_05f_cut_holder_keeps_when_tied);
	ADD(s, test_05f_cut_goes_to_lone_leader);
	ADD(s, test_05f_cut_tie_sets_award_aside);
	ADD(s, test_05f_cut_below_five_sets_award_aside);
	ADD(s, test_05f_largest_army_three_knights);
	ADD(s, test_05f_largest_army_strictly_more);
	ADD(s, test_05f_hidden_knights_do_not_count);

	s = catan_test_suite(sr, "base-06-example");
	ADD(s, test_06_example_of_a_game);

	s = catan_test_suite(sr, "base-07-victory");
	ADD(s, test_07_win_at_ten_immediately);
	ADD(s, test_07_g4_edited_position_wins_at_next_action);
	ADD(s, test_07_g4_win_by_city);
	ADD(s, test_07_g4_resample_deals_no_pending_win);
	ADD(s, test_07_g4_edited_points_wait_for_their_turn);
	ADD(s, test_07_g4_reward_in_play_waits);
	ADD(s, test_07_g4_resampled_points_wait_for_their_turn);
	ADD(s, test_07_no_final_turn_no_sharing);
	ADD(s, test_07_nine_points_do_not_win);
	ADD(s, test_07_counting_points);
	ADD(s, test_07_g4_reward_on_another_turn_waits);
	ADD(s, test_07_g4_win_by_taking_longest_road);
	ADD(s, test_07_must_still_have_ten);
	ADD(s, test_07_win_with_victory_point_bought_this_turn);
	ADD(s, test_07_several_victory_points_after_a_knight);
	ADD(s, test_07_b9_hidden_points_win);

	s = catan_test_suite(sr, "base-08-errors");
	ADD(s, test_08_illegal_build_pays_nothing);

	s = catan_test_suite(sr, "base-rulings");
	ADD(s, test_g1_same_seed_same_game);
	ADD(s, test_g2_choices_off_turn);
}
