/*
 * libcatanrules: base-game rules: the turn (production, trade, building).
 * SPDX-License-Identifier: MIT
 *
 * The base game's rule tests, one or more per rule sentence, are split in
 * three programs: test-rules-base-setup.c (sections 02-04),
 * test-rules-base-turn.c (05.A-05.D) and test-rules-base-scoring.c (05.E-08
 * and the general rulings). Together, every sentence of base-game.txt that
 * states a rule (sections 02-07 and "Errors to avoid", 08) and every
 * base-game ruling of RULINGS.md (G1-G5, B1-B10) is cited by at least one
 * test that fails when the rule is missing or wrong. This one has
 * sections 05.A-05.D (production, a seven and the robber, domestic and
 * maritime trade, building).
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
 * There is one Check suite per section of base-game.txt and one tcase per
 * test, so a single rule can be run alone:
 * `build/tests/test-rules-base-turn base-05c-trade test_05c_no_gifts`.
 */

#define TEST_RULES_BASE
#include "test-rules-kit.h"

/* ==================================================== 05.A Production */

/* What each player of the beginner set-up gains on each total. */
static const char *const produced[13][4] = {
	[2] = { "", "", "", "wool=1" },
	[3] = { "ore=1", "lumber=1", "ore=1", "" },
	[4] = { "grain=1", "", "wool=1,grain=1", "" },
	[5] = { "brick=1,wool=1", "wool=1", "", "" },
	[6] = { "", "brick=1", "grain=1", "brick=1" },
	[7] = { "", "", "", "" },
	[8] = { "lumber=1", "ore=1", "", "lumber=1" },
	[9] = { "", "", "lumber=1", "grain=1" },
	[10] = { "", "", "brick=1", "ore=1" },
	[11] = { "wool=1", "lumber=1", "", "lumber=1" },
	[12] = { "", "grain=1", "", "" },
};

/* The player's hand grew by exactly @gain since @before. */
static void
expect_gain_at(int line, const catan_player_info *before, const catan_state *s,
	       int player, const char *gain)
{
	unsigned want[CATAN_NUM_RESOURCES];
	catan_player_info now = info(s, player);

	parse_cards_at(line, gain, want);
	for (int k = 0; k < CATAN_NUM_RESOURCES; k++)
		ck_assert_msg(now.cards[k] == before->cards[k] + want[k],
			      "line %d: p%d %s went %u -> %u, expected +%u",
			      line, player, catan_resource_name(k),
			      (unsigned)before->cards[k], (unsigned)now.cards[k],
			      want[k]);
}

#define EXPECT_GAIN(b_, s_, p_, g_) expect_gain_at(__LINE__, (b_), (s_), (p_), (g_))

/*
 * base-game.txt 05.A: "Except on a 7, the fields carrying this number
 * produce. For each colony that touches a particular land, its owner
 * receives 1 map of this land"
 * base-game.txt 05.A: "The forest gives wood; the hills, clay; the
 * pastures, wool; the fields, wheat; the mountains, ore. The desert gives
 * nothing."
 * base-game.txt 05.A: "honestly announce how many you have": card_total
 * always equals the hand (checked by EXPECT_GAIN/EXPECT_HAND).
 * base-game.txt 05.B: "There is no production." (on a 7)
 */
START_TEST(test_05a_production_each_total)
{
	int total = _i;
	catan_state *s = beginner(0);
	catan_player_info before[4];
	uint8_t bank_before[CATAN_MAX_CARD_KINDS];

	CATAN_ASSERT_OK(catan_state_bank(s, bank_before));
	for (int p = 0; p < 4; p++)
		before[p] = info(s, p);
	ROLL(s, total);
	for (int p = 0; p < 4; p++) {
		catan_player_info pi = info(s, p);
		unsigned sum = 0;

		EXPECT_GAIN(&before[p], s, p, produced[total][p]);
		for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++)
			sum += pi.cards[k];
		ck_assert_uint_eq(pi.card_total, sum);
	}
	if (total == 7) {
		uint8_t bank_after[CATAN_MAX_CARD_KINDS];

		CATAN_ASSERT_OK(catan_state_bank(s, bank_after));
		ck_assert_mem_eq(bank_before, bank_after, sizeof(bank_after));
		EXPECT_PHASE(s, ROBBER);
	} else {
		EXPECT_PHASE(s, MAIN);
	}
	CHECK_SUPPLIES(s);
}
END_TEST

/*
 * base-game.txt 05.A: "This applies to all players, even those whose turn
 * it is not."
 * base-game.txt 08: "Receive only in its turn: each production concerns all
 * neighbouring owners."
 */
START_TEST(test_05a_everyone_receives)
{
	catan_state *s = beginner(0);

	ROLL_PHASE(s, 2);
	ROLL(s, 8);
	EXPECT_HAND(s, 0, "lumber=2,brick=1,ore=1");
	EXPECT_HAND(s, 1, "lumber=1,brick=1,grain=1,ore=1");
	EXPECT_HAND(s, 2, "grain=2,ore=1");
	EXPECT_HAND(s, 3, "lumber=3,grain=1");
}
END_TEST

/*
 * base-game.txt 05.A: "a city receives 2."
 * base-game.txt 05.D: "[a city] doubles local production."
 */
START_TEST(test_05a_city_receives_two)
{
	catan_state *s = beginner(0);

	CITY(s, 0, "h12.se");
	ROLL(s, 8);
	EXPECT_HAND(s, 0, "lumber=3,brick=1,ore=1");
	EXPECT_HAND(s, 3, "lumber=3,grain=1");
}
END_TEST

/*
 * base-game.txt 05.A: "The land occupied by the thief produces nothing,
 * even if its number goes out."
 * base-game.txt 05.B: "The thief only blocks the production of the land
 * where he is"
 */
START_TEST(test_05a_robber_blocks_production)
{
	catan_state *s = beginner(0);

	CATAN_ASSERT_OK(catan_edit_set_robber(s, HEX(s, "h12")));
	ROLL(s, 8);
	/* forest h12 is blocked; mountains h11 (also 8) still produces */
	EXPECT_HAND(s, 0, "lumber=1,brick=1,ore=1");
	EXPECT_HAND(s, 3, "lumber=2,grain=1");
	EXPECT_HAND(s, 1, "lumber=1,brick=1,grain=1,ore=1");
}
END_TEST

/*
 * base-game.txt 05.A: "The desert gives nothing."
 * base-game.txt 02: "The desert produces no resources."
 */
START_TEST(test_05a_desert_gives_nothing)
{
	catan_state *s = empty_board();

	/* h4.se touches hills 6, pasture 4 and the desert */
	SETTLEMENT(s, 0, "h4.se");
	CATAN_ASSERT_OK(catan_edit_set_robber(s, HEX(s, "h0")));
	for (int total = 2; total <= 12; total++) {
		if (total == 7)
			continue;
		ROLL(s, total);
		END_TURN(s);
	}
	EXPECT_HAND(s, 0, "brick=1,wool=1");
}
END_TEST

/*
 * base-game.txt 05.A: "If only one person has to receive it, give it what
 * is left, even if it does not cover everything."
 */
START_TEST(test_05a_bank_short_one_recipient)
{
	catan_state *s = empty_board();

	CITY(s, 0, "h12.se");
	HAND(s, 2, "lumber=18");
	ROLL(s, 8);
	EXPECT_HAND(s, 0, "lumber=1");
	ck_assert_uint_eq(bank_of(s, CATAN_LUMBER), 0);
}
END_TEST

/*
 * base-game.txt 05.A: "If the bank lacks a resource to pay for multiple
 * players, no one receives this type of production."
 * base-game.txt 05.A: "Other types are distributed normally."
 */
START_TEST(test_05a_bank_short_two_recipients)
{
	catan_state *s = empty_board();
	catan_state *enough;

	SETTLEMENT(s, 0, "h12.se");	/* forest 8 */
	SETTLEMENT(s, 3, "h7.se");	/* forest 8 */
	SETTLEMENT(s, 1, "h11.se");	/* mountains 8 */
	enough = clone_state(s);

	HAND(s, 2, "lumber=18");
	ROLL(s, 8);
	EXPECT_HAND(s, 0, "");
	EXPECT_HAND(s, 3, "");
	EXPECT_HAND(s, 1, "ore=1");
	ck_assert_uint_eq(bank_of(s, CATAN_LUMBER), 1);

	/* exactly enough for both: both are paid */
	HAND(enough, 2, "lumber=17");
	ROLL(enough, 8);
	EXPECT_HAND(enough, 0, "lumber=1");
	EXPECT_HAND(enough, 3, "lumber=1");
	ck_assert_uint_eq(bank_of(enough, CATAN_LUMBER), 0);
}
END_TEST

/* G5: resource cards, pieces and development cards are conserved. */
START_TEST(test_g5_supplies_conserved)
{
	catan_state *s = beginner(0);

	CHECK_SUPPLIES(s);
	for (int round = 0; round < 3; round++) {
		for (int total = 2; total <= 12; total++) {
			if (total == 7)
				continue;
			ROLL(s, total);
			CHECK_SUPPLIES(s);
			END_TURN(s);
		}
	}
}
END_TEST

/* ==================================================== 05.B A seven */

/*
 * base-game.txt 05.B: "Each player who has more than 7 Resource cards
 * returns half of it to the bank, rounded down. With 9 cards, we return 4."
 * base-game.txt 05.B: "At exactly 7 cards, we do not defeat anything."
 * base-game.txt 05.B: "Solve all this before the trade."
 * G2: a discard is an action of that player, even off their turn.
 */
START_TEST(test_05b_discard_half_rounded_down)
{
	catan_state *s = beginner(0);

	HAND(s, 0, "ore=11");
	HAND(s, 1, "lumber=2,brick=2,wool=2,grain=2");
	HAND(s, 2, "grain=4,ore=5");
	HAND(s, 3, "lumber=7");
	ROLL(s, 7);
	EXPECT_PHASE(s, DISCARD);
	ck_assert_uint_eq(info(s, 0).discard_owed, 5);
	ck_assert_uint_eq(info(s, 1).discard_owed, 4);
	ck_assert_uint_eq(info(s, 2).discard_owed, 4);
	ck_assert_uint_eq(info(s, 3).discard_owed, 0);
	ck_assert_uint_eq(catan_state_acting_players(s), 0x7);
	ck_assert_int_eq(catan_state_current_player(s),
			 CATAN_PLAYER_SIMULTANEOUS);
	ck_assert_int_eq(catan_state_turn_player(s), 0);

	/* exactly 7: nothing to return */
	REFUSE(s, "p3 discard lumber=1", NOT_YOUR_TURN);
	/* more than owed, or cards not held */
	REFUSE(s, "p1 discard lumber=2,brick=2,wool=1", WRONG_DISCARD);
	REFUSE(s, "p1 discard ore=1", WRONG_DISCARD);
	REFUSE(s, "p0 discard ore=6", WRONG_DISCARD);
	/* the robber, trade and building wait for the discards */
	REFUSE(s, "p0 move_robber h4", WRONG_PHASE);
	REFUSE(s, "p0 offer_trade give ore=1 get wool=1", WRONG_PHASE);
	REFUSE(s, "p0 maritime_trade give ore=4 get wool=1", WRONG_PHASE);
	REFUSE(s, "p0 end_turn", WRONG_PHASE);

	APPLY(s, "p0 discard ore=5");
	APPLY(s, "p1 discard lumber=2,brick=2");
	/* one player left to discard: that player acts alone */
	ck_assert_int_eq(catan_state_current_player(s), 2);
	REFUSE(s, "p0 move_robber h4", NOT_YOUR_TURN);
	APPLY(s, "p2 discard grain=4");
	EXPECT_PHASE(s, ROBBER);
	ck_assert_int_eq(catan_state_current_player(s), 0);
	EXPECT_HAND(s, 0, "ore=6");
	EXPECT_HAND(s, 1, "wool=2,grain=2");
	EXPECT_HAND(s, 2, "ore=5");
	EXPECT_HAND(s, 3, "lumber=7");
	CHECK_SUPPLIES(s);
}
END_TEST

/* base-game.txt 05.B: "Development cards do not count." */
START_TEST(test_05b_development_cards_do_not_count)
{
	catan_state *s = beginner(0);

	HAND(s, 1, "lumber=3,brick=4");
	DEV(s, 1, CATAN_DEV_KNIGHT);
	DEV(s, 1, CATAN_DEV_VICTORY_POINT);
	DEV(s, 1, CATAN_DEV_MONOPOLY);
	ROLL(s, 7);
	EXPECT_PHASE(s, ROBBER);
	ck_assert_uint_eq(info(s, 1).discard_owed, 0);
	EXPECT_HAND(s, 1, "lumber=3,brick=4");
}
END_TEST

/*
 * RULINGS B4: "on 7: discards (all affected players, any order)"; state.h:
 * the result of a multi-actor phase does not depend on the order.
 */
START_TEST(test_05b_discards_in_any_order)
{
	catan_state *a = beginner(0), *b, *c;

	HAND(a, 1, "lumber=2,brick=2,wool=2,grain=2");
	HAND(a, 2, "grain=4,ore=5");
	ROLL(a, 7);
	b = clone_state(a);
	c = clone_state(a);

	APPLY(a, "p1 discard lumber=2,brick=2");
	APPLY(a, "p2 discard grain=3,ore=1");

	APPLY(b, "p2 discard grain=3,ore=1");
	APPLY(b, "p1 discard lumber=2,brick=2");

	/* several cards at once or one by one */
	APPLY(c, "p2 discard grain=1");
	APPLY(c, "p1 discard brick=1");
	APPLY(c, "p2 discard ore=1");
	APPLY(c, "p1 discard lumber=2");
	APPLY(c, "p2 discard grain=2");
	APPLY(c, "p1 discard brick=1");

	EXPECT_PHASE(a, ROBBER);
	ck_assert_uint_eq(catan_state_hash(a), catan_state_hash(b));
	ck_assert(catan_state_equal(a, b));
	/* c took more actions (its move count differs) but ends alike */
	EXPECT_PHASE(c, ROBBER);
	for (int p = 0; p < 4; p++) {
		catan_player_info x = info(a, p), y = info(c, p);

		ck_assert_mem_eq(x.cards, y.cards, sizeof(x.cards));
		ck_assert_uint_eq(y.discard_owed, 0);
	}
	EXPECT_HAND(c, 1, "wool=2,grain=2");
	EXPECT_HAND(c, 2, "grain=1,ore=4");
	ck_assert_int_eq(catan_state_current_player(c), 0);
}
END_TEST

/*
 * base-game.txt 05.B: "Then the player who launched moves the thief to
 * another field"
 */
START_TEST(test_05b_robber_must_move)
{
	catan_state *s = beginner(0);
	catan_action buf[64];
	size_t n;

	ROLL(s, 7);
	EXPECT_PHASE(s, ROBBER);
	REFUSE(s, "p0 move_robber h9", ROBBER_SAME_HEX);
	REFUSE(s, "p1 move_robber h4", NOT_YOUR_TURN);
	REFUSE(s, "p0 end_turn", WRONG_PHASE);
	n = legal_actions(s, 0, buf, ARRAY_SIZE(buf));
	ck_assert_uint_eq(n, 18);
	for (size_t i = 0; i < n; i++) {
		ck_assert_int_eq(buf[i].type, CATAN_ACT_MOVE_ROBBER);
		ck_assert_uint_ne(buf[i].target, 9);
	}
}
END_TEST

/* base-game.txt 05.B: "moves the thief to another field, including possibly
 * the desert." */
START_TEST(test_05b_robber_to_the_desert)
{
	catan_state *s = beginner(0);

	CATAN_ASSERT_OK(catan_edit_set_robber(s, HEX(s, "h12")));
	ROLL(s, 7);
	APPLY(s, "p0 move_robber h9");
	ck_assert_int_eq(catan_state_robber(s), 9);
	/* nobody borders the desert: no steal */
	EXPECT_PHASE(s, MAIN);
}
END_TEST

/*
 * base-game.txt 05.B: "If there are settlements or cities around, he
 * chooses one of their owners with resources and takes a Resource card at
 * random. He only steals a total card."
 * B10: "The robber's mover never steals from themself."
 */
START_TEST(test_05b_steal_one_random_card)
{
	catan_state *s = beginner(0);
	catan_action buf[8];
	catan_chance_outcome out[8];
	size_t n;

	/* "settlements or cities around": p3's building is a city */
	CITY(s, 3, "h0.se");
	ROLL(s, 7);
	/* hills h4 touches p1 (h3.se) and p3 (h0.se) */
	APPLY(s, "p0 move_robber h4");
	EXPECT_PHASE(s, STEAL);
	n = legal_actions(s, 0, buf, ARRAY_SIZE(buf));
	ck_assert_uint_eq(n, 2);
	ck_assert_int_eq(buf[0].type, CATAN_ACT_STEAL);
	ck_assert_uint_eq(buf[0].arg, 1);
	ck_assert_uint_eq(buf[1].arg, 3);
	REFUSE(s, "p0 steal p0", INVALID_VICTIM);
	REFUSE(s, "p0 steal p2", INVALID_VICTIM);
	REFUSE(s, "p0 offer_trade give ore=1 get wool=1", WRONG_PHASE);

	APPLY(s, "p0 steal p3");
	/* p3 holds lumber 2, grain 1: the card is drawn at random */
	n = chance_outcomes(s, out, ARRAY_SIZE(out));
	ck_assert_uint_eq(n, 2);
	ck_assert_int_eq(out[0].action.type, CATAN_ACT_STEAL_CARD);
	ck_assert_uint_eq(out[0].action.arg, CATAN_LUMBER);
	ck_assert_uint_eq((uint64_t)out[0].num * 3, 2 * (uint64_t)out[0].den);
	ck_assert_uint_eq(out[1].action.arg, CATAN_GRAIN);
	ck_assert_uint_eq((uint64_t)out[1].num * 3, out[1].den);
	REFUSE(s, "chance steal_card ore", BAD_OUTCOME);
	APPLY(s, "chance steal_card grain");
	EXPECT_PHASE(s, MAIN);
	EXPECT_HAND(s, 0, "lumber=1,brick=1,grain=1,ore=1");
	EXPECT_HAND(s, 3, "lumber=2");
	EXPECT_HAND(s, 1, "lumber=1,brick=1,grain=1");
}
END_TEST

/* base-game.txt 05.B: "Without a victim with resources, he takes nothing." */
START_TEST(test_05b_no_victim_without_cards)
{
	catan_state *s = beginner(0), *t;
	catan_action buf[8];

	HAND(s, 1, "");
	ROLL(s, 7);
	t = clone_state(s);

	/* h4: p1 has no card, p3 has */
	APPLY(s, "p0 move_robber h4");
	EXPECT_PHASE(s, STEAL);
	REFUSE(s, "p0 steal p1", INVALID_VICTIM);
	ck_assert_uint_eq(legal_actions(s, 0, buf, ARRAY_SIZE(buf)), 1);
	ck_assert_uint_eq(buf[0].arg, 3);

	/* h10: only p1 borders it, with no card: no steal at all */
	APPLY(t, "p0 move_robber h10");
	EXPECT_PHASE(t, MAIN);
	EXPECT_HAND(t, 0, "lumber=1,brick=1,ore=1");
}
END_TEST

/* B10: a hex bordered only by the mover's buildings gives no steal. */
START_TEST(test_05b_b10_never_steal_from_self)
{
	catan_state *s = beginner(0);

	ROLL(s, 7);
	/* pasture h18 borders only p0's h14.se */
	APPLY(s, "p0 move_robber h18");
	EXPECT_PHASE(s, MAIN);
	EXPECT_HAND(s, 0, "lumber=1,brick=1,ore=1");
}
END_TEST

/*
 * base-game.txt 05.B: "The thief only blocks the production of the land
 * where he is; he does not destroy any building."
 */
START_TEST(test_05b_robber_destroys_nothing)
{
	catan_state *s = beginner(0);
	int owner = -1;

	ROLL(s, 7);
	APPLY(s, "p0 move_robber h12");
	APPLY(s, "p0 steal p3");
	APPLY(s, "chance steal_card lumber");
	ck_assert_int_eq(building_at(s, VERTEX(s, "h12.se"), &owner),
			 CATAN_PIECE_SETTLEMENT);
	ck_assert_int_eq(owner, 0);
	ck_assert_int_eq(building_at(s, VERTEX(s, "h7.se"), &owner),
			 CATAN_PIECE_SETTLEMENT);
	ck_assert_int_eq(owner, 3);
	ck_assert_int_eq(vp(s, 0), 2);
	ck_assert_int_eq(vp(s, 3), 2);
	END_TURN(s);
	ROLL(s, 8);
	/* forest h12 is blocked for both; mountains h11 produces */
	EXPECT_HAND(s, 0, "lumber=2,brick=1,ore=1");
	EXPECT_HAND(s, 3, "lumber=1,grain=1");
	EXPECT_HAND(s, 1, "lumber=1,brick=1,grain=1,ore=1");
}
END_TEST

/* ==================================================== 05.C Trade */

/* Turn 1 of p0 after the roll, with hands for trading. */
static catan_state *
trade_position(void)
{
	catan_state *s = beginner(0);

	ROLL(s, 12);
	HAND(s, 0, "lumber=2,brick=1");
	HAND(s, 1, "grain=1,ore=2");
	HAND(s, 2, "grain=2");
	HAND(s, 3, "wool=1");
	return s;
}

/*
 * base-game.txt 05.C: "After production or on the 7th you can negotiate
 * with others: 'I propose a wood against a clay.'"
 * base-game.txt 05.C: "All exchanges between players must involve you
 * during your turn"
 * B5: "Offer -> each other player accepts, declines or counters -> the
 * current player confirms one partner or cancels."
 */
START_TEST(test_05c_offer_accept_confirm)
{
	catan_state *s = trade_position();
	uint8_t bank_before[CATAN_MAX_CARD_KINDS], bank_after[CATAN_MAX_CARD_KINDS];

	CATAN_ASSERT_OK(catan_state_bank(s, bank_before));
	APPLY(s, "p0 offer_trade give lumber=1 get ore=1");
	EXPECT_PHASE(s, TRADE_RESPONSE);
	ck_assert_uint_eq(catan_state_acting_players(s), 0xe);
	ck_assert_int_eq(catan_state_current_player(s),
			 CATAN_PLAYER_SIMULTANEOUS);
	ck_assert_int_eq(catan_state_turn_player(s), 0);
	APPLY(s, "p1 accept_trade");
	APPLY(s, "p2 decline_trade");
	APPLY(s, "p3 decline_trade");
	EXPECT_PHASE(s, TRADE_CONFIRM);
	ck_assert_int_eq(catan_state_current_player(s), 0);
	/* only a player who agreed can be the partner */
	REFUSE(s, "p0 confirm_trade p2", NO_OFFER);
	APPLY(s, "p0 confirm_trade p1");
	EXPECT_PHASE(s, MAIN);
	EXPECT_HAND(s, 0, "lumber=1,brick=1,ore=1");
	EXPECT_HAND(s, 1, "lumber=1,grain=1,ore=1");
	EXPECT_HAND(s, 2, "grain=2");
	EXPECT_HAND(s, 3, "wool=1");
	CATAN_ASSERT_OK(catan_state_bank(s, bank_after));
	ck_assert_mem_eq(bank_before, bank_after, sizeof(bank_after));
}
END_TEST

/* base-game.txt 05.C: "After production or on the 7th you can negotiate"
 * (not before the roll; B4: trade comes after the roll). */
START_TEST(test_05c_no_trade_before_the_roll)
{
	catan_state *s = beginner(0);

	HAND(s, 0, "lumber=4");
	REFUSE(s, "p0 offer_trade give lumber=1 get ore=1", WRONG_PHASE);
	REFUSE(s, "p0 maritime_trade give lumber=4 get ore=1", WRONG_PHASE);
	ROLL(s, 12);
	LEGAL(s, "p0 offer_trade give lumber=1 get ore=1");
	LEGAL(s, "p0 maritime_trade give lumber=4 get ore=1");
}
END_TEST

/* base-game.txt 05.C: "After production or on the 7th you can negotiate" */
START_TEST(test_05c_trade_after_a_seven)
{
	catan_state *s = beginner(0);

	ROLL(s, 7);
	APPLY(s, "p0 move_robber h4");
	APPLY(s, "p0 steal p3");
	APPLY(s, "chance steal_card lumber");
	EXPECT_PHASE(s, MAIN);
	APPLY(s, "p0 offer_trade give lumber=1 get grain=1");
	APPLY(s, "p1 accept_trade");
	APPLY(s, "p2 decline_trade");
	APPLY(s, "p3 decline_trade");
	APPLY(s, "p0 confirm_trade p1");
	EXPECT_HAND(s, 0, "lumber=1,brick=1,grain=1,ore=1");
}
END_TEST

/* base-game.txt 05.C: "Everyone can refuse." */
START_TEST(test_05c_everyone_can_refuse)
{
	catan_state *s = trade_position();

	APPLY(s, "p0 offer_trade give lumber=1 get ore=1");
	APPLY(s, "p1 decline_trade");
	APPLY(s, "p3 decline_trade");
	APPLY(s, "p2 decline_trade");
	EXPECT_PHASE(s, MAIN);
	REFUSE(s, "p0 confirm_trade p1", WRONG_PHASE);
	EXPECT_HAND(s, 0, "lumber=2,brick=1");
	EXPECT_HAND(s, 1, "grain=1,ore=2");
	/* the current player may also withdraw an accepted offer */
	APPLY(s, "p0 offer_trade give lumber=1 get ore=1");
	APPLY(s, "p1 accept_trade");
	APPLY(s, "p2 decline_trade");
	APPLY(s, "p3 decline_trade");
	APPLY(s, "p0 cancel_trade");
	EXPECT_PHASE(s, MAIN);
	EXPECT_HAND(s, 0, "lumber=2,brick=1");
	EXPECT_HAND(s, 1, "grain=1,ore=2");
}
END_TEST

/* B5: "each other player accepts, declines or counters" */
START_TEST(test_05c_counter_offer)
{
	catan_state *s = trade_position();

	APPLY(s, "p0 offer_trade give lumber=1 get ore=1");
	/* a counter is given from the responder's side */
	REFUSE(s, "p3 counter_trade give ore=1 get lumber=1",
	       INSUFFICIENT_RESOURCES);
	APPLY(s, "p3 counter_trade give wool=1 get lumber=1");
	APPLY(s, "p1 decline_trade");
	APPLY(s, "p2 decline_trade");
	EXPECT_PHASE(s, TRADE_CONFIRM);
	REFUSE(s, "p0 confirm_trade p1", NO_OFFER);
	APPLY(s, "p0 confirm_trade p3");
	EXPECT_HAND(s, 0, "lumber=1,brick=1,wool=1");
	EXPECT_HAND(s, 3, "lumber=1");
	EXPECT_HAND(s, 1, "grain=1,ore=2");
}
END_TEST

/*
 * doc/variants/base.md (a decision where the text is silent): a counter
 * offer is an answer; whether the offerer can pay it is checked when it is
 * confirmed, so the offerer's hand is not revealed by the answer.
 */
START_TEST(test_05c_counter_checked_at_confirmation)
{
	catan_state *s = trade_position();

	APPLY(s, "p0 offer_trade give lumber=1 get ore=1");
	/* p0 holds no grain, yet the counter is a legal answer */
	APPLY(s, "p3 counter_trade give wool=1 get grain=1");
	APPLY(s, "p1 decline_trade");
	APPLY(s, "p2 decline_trade");
	EXPECT_PHASE(s, TRADE_CONFIRM);
	REFUSE(s, "p0 confirm_trade p3", INSUFFICIENT_RESOURCES);
	APPLY(s, "p0 cancel_trade");
	EXPECT_PHASE(s, MAIN);
	EXPECT_HAND(s, 0, "lumber=2,brick=1");
	EXPECT_HAND(s, 3, "wool=1");
}
END_TEST

/*
 * base-game.txt 05.C: "All exchanges between players must involve you
 * during your turn: the others do not trade between them at that time."
 */
START_TEST(test_05c_only_the_current_player_trades)
{
	catan_state *s = trade_position();

	REFUSE(s, "p1 offer_trade give ore=1 get grain=1", NOT_YOUR_TURN);
	APPLY(s, "p0 offer_trade give lumber=1 get ore=1");
	REFUSE(s, "p1 offer_trade give ore=1 get grain=1", WRONG_PHASE);
	REFUSE(s, "p0 accept_trade", NOT_YOUR_TURN);
	REFUSE(s, "p0 build_road h10.s-sw", NOT_YOUR_TURN);
	APPLY(s, "p1 accept_trade");
	APPLY(s, "p2 counter_trade give grain=1 get lumber=1");
	APPLY(s, "p3 decline_trade");
	REFUSE(s, "p2 confirm_trade p1", NOT_YOUR_TURN);
	REFUSE(s, "p1 confirm_trade p2", NOT_YOUR_TURN);
	APPLY(s, "p0 confirm_trade p2");
	EXPECT_HAND(s, 0, "lumber=1,brick=1,grain=1");
	EXPECT_HAND(s, 2, "lumber=1,grain=1");
	EXPECT_HAND(s, 1, "grain=1,ore=2");
}
END_TEST

/*
 * base-game.txt 05.C: "We exchange resources for different types of
 * resources."
 * B10: "Maritime and domestic trades never exchange a type for the same
 * type."
 */
START_TEST(test_05c_different_types_only)
{
	catan_state *s = trade_position();

	REFUSE(s, "p0 offer_trade give lumber=1 get lumber=1", BAD_TRADE);
	REFUSE(s, "p0 offer_trade give lumber=1,brick=1 get brick=1", BAD_TRADE);
	APPLY(s, "p0 offer_trade give lumber=1 get ore=1");
	REFUSE(s, "p1 counter_trade give ore=1 get ore=1", BAD_TRADE);
	REFUSE(s, "p1 counter_trade give grain=1,ore=1 get grain=1", BAD_TRADE);
}
END_TEST

/*
 * base-game.txt 05.C: "We don't give free cards and we don't sell
 * buildings or Development cards."
 * base-game.txt 05.E: "You can't trade it." (a development card)
 * B5: "both sides give at least one card"
 */
START_TEST(test_05c_no_gifts)
{
	catan_state *s = trade_position();
	catan_action gift = ACT(s, "p0 offer_trade give lumber=1 get ore=1");
	catan_action ask = gift;
	catan_action devcard = gift;

	gift.get[CATAN_ORE] = 0;
	REFUSE_ACTION(s, &gift, BAD_TRADE);
	ask.give[CATAN_LUMBER] = 0;
	REFUSE_ACTION(s, &ask, BAD_TRADE);
	/* card slots beyond the five resources are no tradeable goods */
	devcard.give[CATAN_NUM_RESOURCES] = 1;
	devcard.give[CATAN_LUMBER] = 0;
	REFUSE_ACTION(s, &devcard, BAD_ARGUMENT);

	DEV(s, 0, CATAN_DEV_KNIGHT);
	APPLY(s, "p0 offer_trade give lumber=1 get ore=1");
	{
		catan_action counter =
			ACT(s, "p1 counter_trade give ore=1 get lumber=1");

		counter.get[CATAN_LUMBER] = 0;
		REFUSE_ACTION(s, &counter, BAD_TRADE);
	}
	APPLY(s, "p1 accept_trade");
	APPLY(s, "p2 decline_trade");
	APPLY(s, "p3 decline_trade");
	APPLY(s, "p0 confirm_trade p1");
	/* only the resources changed hands */
	ck_assert_uint_eq(info(s, 0).dev_cards[CATAN_DEV_KNIGHT], 1);
	ck_assert_uint_eq(info(s, 1).dev_total, 0);
}
END_TEST

/* B5: an offer and an acceptance need the cards they promise. */
START_TEST(test_05c_trade_needs_the_cards)
{
	catan_state *s = trade_position();

	REFUSE(s, "p0 offer_trade give wool=1 get ore=1", INSUFFICIENT_RESOURCES);
	REFUSE(s, "p0 offer_trade give lumber=3 get ore=1", INSUFFICIENT_RESOURCES);
	APPLY(s, "p0 offer_trade give lumber=1 get ore=1");
	REFUSE(s, "p2 accept_trade", INSUFFICIENT_RESOURCES);
	REFUSE(s, "p3 accept_trade", INSUFFICIENT_RESOURCES);
	APPLY(s, "p1 accept_trade");
}
END_TEST

/*
 * B5 / state.h: responders answer in any order with the same result; each
 * answers once.
 */
START_TEST(test_05c_responders_in_any_order)
{
	catan_state *a = trade_position(), *b;

	APPLY(a, "p0 offer_trade give lumber=1 get ore=1");
	b = clone_state(a);
	APPLY(a, "p1 accept_trade");
	REFUSE(a, "p1 decline_trade", ALREADY_RESPONDED);
	REFUSE(a, "p1 accept_trade", ALREADY_RESPONDED);
	APPLY(a, "p2 decline_trade");
	REFUSE(a, "p2 counter_trade give grain=1 get lumber=1", ALREADY_RESPONDED);
	APPLY(a, "p3 counter_trade give wool=1 get brick=1");

	APPLY(b, "p3 counter_trade give wool=1 get brick=1");
	APPLY(b, "p2 decline_trade");
	APPLY(b, "p1 accept_trade");

	EXPECT_PHASE(a, TRADE_CONFIRM);
	ck_assert_uint_eq(catan_state_hash(a), catan_state_hash(b));
	ck_assert(catan_state_equal(a, b));
}
END_TEST

/*
 * base-game.txt 05.C: "A promise for later does not require a future
 * exchange." A confirmed trade leaves nothing open: no offer stands and the
 * partner owes nothing more.
 */
START_TEST(test_05c_no_promise_binds)
{
	catan_state *s = trade_position();

	APPLY(s, "p0 offer_trade give lumber=1 get ore=1");
	APPLY(s, "p1 accept_trade");
	APPLY(s, "p2 decline_trade");
	APPLY(s, "p3 decline_trade");
	APPLY(s, "p0 confirm_trade p1");
	REFUSE(s, "p0 confirm_trade p1", WRONG_PHASE);
	APPLY(s, "p0 offer_trade give lumber=1 get ore=1");
	APPLY(s, "p1 decline_trade");
	APPLY(s, "p2 decline_trade");
	APPLY(s, "p3 decline_trade");
	EXPECT_PHASE(s, MAIN);
	EXPECT_HAND(s, 1, "lumber=1,grain=1,ore=1");
}
END_TEST

/*
 * B5: "Move generation lists offers up to a configurable size (default:
 * 1 card for 1 card); is_legal and apply accept any legal offer."
 */
START_TEST(test_05c_b5_offer_sizes)
{
	catan_state *s = trade_position();
	catan_state *none = beginner_with(4, 0, "offer_max=0");
	catan_action buf[512];
	size_t n, offers = 0;

	n = legal_actions(s, 0, buf, ARRAY_SIZE(buf));
	for (size_t i = 0; i < n; i++) {
		unsigned give = 0, get = 0;

		if (buf[i].type != CATAN_ACT_OFFER_TRADE)
			continue;
		offers++;
		for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++) {
			give += buf[i].give[k];
			get += buf[i].get[k];
		}
		ck_assert_uint_eq(give, 1);
		ck_assert_uint_eq(get, 1);
	}
	/* lumber or brick for any of the four other kinds */
	ck_assert_uint_eq(offers, 8);
	APPLY(s, "p0 offer_trade give lumber=2 get ore=1");

	ROLL(none, 12);
	n = legal_actions(none, 0, buf, ARRAY_SIZE(buf));
	for (size_t i = 0; i < n; i++)
		ck_assert_int_ne(buf[i].type, CATAN_ACT_OFFER_TRADE);
	LEGAL(none, "p0 offer_trade give lumber=1 get grain=1");
}
END_TEST

/* Maritime trades start on an empty board in p0's main phase. */
static catan_state *
maritime_position(void)
{
	catan_state *s = empty_board();

	MAIN_PHASE(s, 0);
	return s;
}

/*
 * base-game.txt 05.C: "You can also exchange with the bank: 4 identical
 * cards for 1 resource of your choice."
 */
START_TEST(test_05c_maritime_four_to_one)
{
	catan_state *s = maritime_position();

	HAND(s, 0, "lumber=5,brick=2");
	REFUSE(s, "p0 maritime_trade give lumber=3 get ore=1", BAD_TRADE_RATIO);
	REFUSE(s, "p0 maritime_trade give lumber=5 get ore=1", BAD_TRADE_RATIO);
	REFUSE(s, "p0 maritime_trade give lumber=4 get ore=2", BAD_TRADE_RATIO);
	REFUSE(s, "p0 maritime_trade give lumber=2,brick=2 get ore=1",
	       BAD_TRADE_RATIO);
	REFUSE(s, "p0 maritime_trade give brick=4 get ore=1",
	       INSUFFICIENT_RESOURCES);
	REFUSE(s, "p1 maritime_trade give lumber=4 get ore=1", NOT_YOUR_TURN);
	APPLY(s, "p0 maritime_trade give lumber=4 get ore=1");
	EXPECT_HAND(s, 0, "lumber=1,brick=2,ore=1");
	EXPECT_BANK(s, "lumber=18,brick=17,wool=19,grain=19,ore=18");
}
END_TEST

/*
 * base-game.txt 05.C: "If you have a colony or city on a port, its rate
 * applies: 3 identical cards against 1 port 3:1"
 */
START_TEST(test_05c_maritime_generic_harbor)
{
	catan_state *s = maritime_position();

	/* the 3:1 harbor on the north-west side of h0 serves h0.n, h0.nw */
	SETTLEMENT(s, 0, "h0.n");
	HAND(s, 0, "lumber=3,wool=6");
	REFUSE(s, "p0 maritime_trade give lumber=2 get ore=1", BAD_TRADE_RATIO);
	/* B6: "4:1 always", also beside a 3:1 harbor */
	HAND(s, 0, "lumber=4,wool=6");
	LEGAL(s, "p0 maritime_trade give lumber=4 get ore=1");
	HAND(s, 0, "lumber=3,wool=6");
	APPLY(s, "p0 maritime_trade give lumber=3 get ore=1");
	CITY(s, 0, "h0.n");
	APPLY(s, "p0 maritime_trade give wool=3 get grain=1");
	EXPECT_HAND(s, 0, "wool=3,grain=1,ore=1");
}
END_TEST

/*
 * base-game.txt 05.C: "2 cards of type drawn against 1 to a specialized
 * port 2:1."
 */
START_TEST(test_05c_maritime_special_harbor)
{
	catan_state *s = maritime_position(), *t;

	t = clone_state(s);
	/* the 2:1 brick harbor on the west side of h12 (B1) */
	SETTLEMENT(s, 0, "h12.sw");
	HAND(s, 0, "lumber=3,brick=4");
	REFUSE(s, "p0 maritime_trade give lumber=2 get ore=1", BAD_TRADE_RATIO);
	REFUSE(s, "p0 maritime_trade give lumber=3 get ore=1", BAD_TRADE_RATIO);
	REFUSE(s, "p0 maritime_trade give brick=3 get ore=1", BAD_TRADE_RATIO);
	/* B6: "4:1 always" — a harbor adds a rate and takes none away */
	LEGAL(s, "p0 maritime_trade give brick=4 get ore=1");
	LEGAL(s, "p0 maritime_trade give brick=4 get grain=1");
	APPLY(s, "p0 maritime_trade give brick=2 get ore=1");
	EXPECT_HAND(s, 0, "lumber=3,brick=2,ore=1");

	/* its other intersection, h7.s (= h12.nw), serves as well */
	SETTLEMENT(t, 0, "h7.s");
	HAND(t, 0, "brick=2");
	APPLY(t, "p0 maritime_trade give brick=2 get wool=1");
	EXPECT_HAND(t, 0, "wool=1");
}
END_TEST

/* base-game.txt 05.C: "Owning a road near the port is not enough." */
START_TEST(test_05c_maritime_road_near_harbor_not_enough)
{
	catan_state *s = maritime_position();

	ROADS(s, 0, "h0.sw h0.nw h0.n h0.ne");
	SETTLEMENT(s, 0, "h0.se");
	/* someone else's settlement on the harbor does not help p0 */
	SETTLEMENT(s, 1, "h12.sw");
	HAND(s, 0, "lumber=3,brick=2");
	REFUSE(s, "p0 maritime_trade give lumber=3 get ore=1", BAD_TRADE_RATIO);
	REFUSE(s, "p0 maritime_trade give brick=2 get ore=1", BAD_TRADE_RATIO);
}
END_TEST

/* B10: "Maritime ... trades never exchange a type for the same type." */
START_TEST(test_05c_maritime_not_same_type)
{
	catan_state *s = maritime_position();

	HAND(s, 0, "ore=4");
	REFUSE(s, "p0 maritime_trade give ore=4 get ore=1", BAD_TRADE);
}
END_TEST

/* B6: "The bank must hold the card asked for." */
START_TEST(test_05c_maritime_bank_must_hold_the_card)
{
	catan_state *s = maritime_position();
	catan_action buf[128];
	size_t n;

	HAND(s, 0, "lumber=4");
	HAND(s, 2, "ore=19");
	REFUSE(s, "p0 maritime_trade give lumber=4 get ore=1", BANK_EMPTY);
	n = legal_actions(s, 0, buf, ARRAY_SIZE(buf));
	for (size_t i = 0; i < n; i++)
		if (buf[i].type == CATAN_ACT_MARITIME_TRADE)
			ck_assert_uint_eq(buf[i].get[CATAN_ORE], 0);
	APPLY(s, "p0 maritime_trade give lumber=4 get grain=1");
}
END_TEST

/* B6: "Several trades in one turn are separate actions." */
START_TEST(test_05c_maritime_several_trades)
{
	catan_state *s = maritime_position();

	SETTLEMENT(s, 0, "h12.sw");
	HAND(s, 0, "lumber=8,brick=2");
	APPLY(s, "p0 maritime_trade give lumber=4 get ore=1");
	APPLY(s, "p0 maritime_trade give lumber=4 get ore=1");
	APPLY(s, "p0 maritime_trade give brick=2 get grain=1");
	EXPECT_HAND(s, 0, "grain=1,ore=2");
	EXPECT_BANK(s, "lumber=19,brick=19,wool=19,grain=18,ore=17");
}
END_TEST

/* ==================================================== 05.D Building */

/*
 * base-game.txt 05.D: "In the sequence of discovery held here, finish your
 * exchanges before building."
 * B4: "By default (phases=strict) trading ends with the first build or
 * purchase ...; phases=combined allows mixing."
 */
START_TEST(test_05d_finish_trading_before_building)
{
	catan_state *s = build_position("lumber=1,brick=1,wool=6,grain=1,ore=1");
	catan_state *bought = clone_state(s);
	catan_state *mixed = beginner_with(4, 0, "phases=combined");

	LEGAL(s, "p0 offer_trade give wool=1 get ore=1");
	APPLY(s, "p0 build_road h10.s-sw");
	REFUSE(s, "p0 offer_trade give wool=1 get ore=1", TRADING_OVER);
	REFUSE(s, "p0 maritime_trade give wool=4 get ore=1", TRADING_OVER);
	/* B4: "A development card may be played at any point of the own
	 * turn": building does not end that */
	DEV(s, 0, CATAN_DEV_MONOPOLY);
	LEGAL(s, "p0 play_monopoly ore");

	APPLY(bought, "p0 buy_dev");
	APPLY(bought, "chance draw_dev knight");
	REFUSE(bought, "p0 offer_trade give wool=1 get ore=1", TRADING_OVER);
	REFUSE(bought, "p0 maritime_trade give wool=4 get ore=1", TRADING_OVER);

	ROLL(mixed, 12);
	HAND(mixed, 0, "lumber=1,brick=1,wool=6,grain=1,ore=1");
	APPLY(mixed, "p0 build_road h10.s-sw");
	APPLY(mixed, "p0 maritime_trade give wool=4 get ore=1");
	APPLY(mixed, "p0 offer_trade give wool=1 get lumber=1");
	APPLY(mixed, "p1 accept_trade");
	APPLY(mixed, "p2 decline_trade");
	APPLY(mixed, "p3 decline_trade");
	APPLY(mixed, "p0 confirm_trade p1");
	EXPECT_HAND(mixed, 0, "lumber=1,wool=1,grain=1,ore=2");
}
END_TEST

/*
 * base-game.txt 05.D: "Road 1 wood + 1 clay"; "The cards spent return to
 * the bank."
 */
START_TEST(test_05d_road_costs_lumber_and_brick)
{
	catan_state *s = build_position("lumber=1,brick=1,ore=1");
	unsigned lumber = bank_of(s, CATAN_LUMBER), brick = bank_of(s, CATAN_BRICK);
	int owner = -1;

	APPLY(s, "p0 build_road h10.s-sw");
	EXPECT_HAND(s, 0, "ore=1");
	ck_assert_uint_eq(bank_of(s, CATAN_LUMBER), lumber + 1);
	ck_assert_uint_eq(bank_of(s, CATAN_BRICK), brick + 1);
	ck_assert_uint_eq(info(s, 0).roads_left, 12);
	ck_assert_int_eq(catan_state_edge_piece(s, EDGE(s, "h10.s-sw"), &owner),
			 CATAN_PIECE_ROAD);
	ck_assert_int_eq(owner, 0);
	/* a road alone is worth nothing */
	ck_assert_int_eq(vp(s, 0), 2);
	CHECK_SUPPLIES(s);
}
END_TEST

/*
 * base-game.txt 05.D: "Colony 1 wood + 1 clay + 1 wool + 1 wheat 1 [point]"
 * base-game.txt 06: "She gains 1 point"
 */
START_TEST(test_05d_settlement_costs_four_cards)
{
	catan_state *s = build_position("lumber=1,brick=1,wool=1,grain=1,ore=1");
	uint8_t bank[CATAN_MAX_CARD_KINDS];

	ROAD(s, 0, "h10.s-sw");
	CATAN_ASSERT_OK(catan_state_bank(s, bank));
	APPLY(s, "p0 build_settlement h9.se");
	EXPECT_HAND(s, 0, "ore=1");
	ck_assert_int_eq(vp(s, 0), 3);
	ck_assert_uint_eq(info(s, 0).settlements_left, 2);
	EXPECT_BANK_GAIN(bank, s, "lumber=1,brick=1,wool=1,grain=1");
	CHECK_SUPPLIES(s);
}
END_TEST

/*
 * base-game.txt 05.D: "City 3 ores + 2 wheats A total of 2"
 * base-game.txt 05 (figure): "The city represents two points in total and
 * replaces a colony; it is not a second colony set next to it."
 * base-game.txt 05.D: "A city replaces one of your settlements: put the
 * little house back in your reserve. It is worth 2 points in total, not 3"
 * base-game.txt 08: "Count 3 points for a city replacing a colony: it is
 * worth 2 in total."
 */
START_TEST(test_05d_city_costs_and_replaces)
{
	catan_state *s = build_position("wool=1,grain=2,ore=3");
	uint8_t bank[CATAN_MAX_CARD_KINDS];
	int owner = -1;

	CATAN_ASSERT_OK(catan_state_bank(s, bank));
	APPLY(s, "p0 build_city h14.se");
	EXPECT_BANK_GAIN(bank, s, "grain=2,ore=3");
	EXPECT_HAND(s, 0, "wool=1");
	ck_assert_int_eq(building_at(s, VERTEX(s, "h14.se"), &owner),
			 CATAN_PIECE_CITY);
	ck_assert_int_eq(owner, 0);
	ck_assert_int_eq(vp(s, 0), 3);
	ck_assert_uint_eq(info(s, 0).settlements_left, 4);
	ck_assert_uint_eq(info(s, 0).cities_left, 3);
	CHECK_SUPPLIES(s);
}
END_TEST

/* base-game.txt 05.D: "Development 1 ore + 1 wool + 1 wheat" */
START_TEST(test_05d_development_card_costs_three)
{
	catan_state *s = build_position("lumber=1,wool=1,grain=1,ore=1");
	uint8_t bank[CATAN_MAX_CARD_KINDS];

	CATAN_ASSERT_OK(catan_state_bank(s, bank));
	APPLY(s, "p0 buy_dev");
	EXPECT_HAND(s, 0, "lumber=1");
	EXPECT_BANK_GAIN(bank, s, "wool=1,grain=1,ore=1");
	APPLY(s, "chance draw_dev knight");
	ck_assert_uint_eq(info(s, 0).dev_total, 1);
}
END_TEST

/*
 * base-game.txt 05.D: "You can build several times if you can pay"
 * base-game.txt 08: "Spending resources without checking the place: pays
 * only for a legal construction."
 */
START_TEST(test_05d_pay_for_each_build)
{
	catan_state *s = build_position("lumber=3,brick=2");

	APPLY(s, "p0 build_road h10.s-sw");
	APPLY(s, "p0 build_road h9.ne-se");
	REFUSE(s, "p0 build_road h9.se-s", INSUFFICIENT_RESOURCES);
	EXPECT_HAND(s, 0, "lumber=1");
	HAND(s, 0, "lumber=1,brick=1,grain=2,ore=2");
	REFUSE(s, "p0 build_settlement h9.se", INSUFFICIENT_RESOURCES);
	REFUSE(s, "p0 build_city h14.se", INSUFFICIENT_RESOURCES);
	HAND(s, 0, "wool=1,grain=1");
	REFUSE(s, "p0 buy_dev", INSUFFICIENT_RESOURCES);
	/* with the cards, an illegal place costs nothing either */
	HAND(s, 0, "lumber=5,brick=5,wool=5,grain=5,ore=5");
	REFUSE(s, "p0 build_road h0.n-ne", NOT_CONNECTED);
	REFUSE(s, "p0 build_settlement h0.n", NOT_CONNECTED);
	REFUSE(s, "p0 build_city h0.n", NOT_OWN_SETTLEMENT);
	EXPECT_HAND(s, 0, "lumber=5,brick=5,wool=5,grain=5,ore=5");
}
END_TEST

/*
 * base-game.txt 05.D: "A road must extend your network or leave one of
 * your buildings."
 */
START_TEST(test_05d_road_extends_network)
{
	catan_state *s = build_position("lumber=3,brick=3");

	REFUSE(s, "p0 build_road h0.n-ne", NOT_CONNECTED);
	REFUSE(s, "p0 build_road h9.ne-se", NOT_CONNECTED);
	/* from the end of a road */
	APPLY(s, "p0 build_road h10.s-sw");
	/* from a building */
	APPLY(s, "p0 build_road h12.se-s");
	/* from a lone building without any road */
	SETTLEMENT(s, 0, "h16.s");
	APPLY(s, "p0 build_road h16.s-sw");
}
END_TEST

/* base-game.txt 05.D: "One side only receives a road." */
START_TEST(test_05d_one_road_per_side)
{
	catan_state *s = build_position("lumber=1,brick=1");

	REFUSE(s, "p0 build_road h14.ne-se", OCCUPIED);
	REFUSE(s, "p0 build_road h10.ne-se", OCCUPIED);
}
END_TEST

/* base-game.txt 05.D: "You cannot extend a road through a colony or other
 * city." */
START_TEST(test_05d_no_road_through_other_buildings)
{
	catan_state *s = empty_board();

	ROADS(s, 0, "h0.nw h0.n h0.ne");
	SETTLEMENT(s, 1, "h0.ne");
	MAIN_PHASE(s, 0);
	HAND(s, 0, "lumber=2,brick=2");
	REFUSE(s, "p0 build_road h0.ne-se", NOT_CONNECTED);
	REFUSE(s, "p0 build_road h1.n-nw", NOT_CONNECTED);
	CITY(s, 1, "h0.ne");
	REFUSE(s, "p0 build_road h0.ne-se", NOT_CONNECTED);
	/* the other end of the road is free */
	APPLY(s, "p0 build_road h0.sw-nw");
	/* the blocked road still counts up to the building */
	ck_assert_uint_eq(info(s, 0).longest_road, 3);
}
END_TEST

/*
 * base-game.txt 05.D: "A new colony must touch one of your roads and respect
 * the distance: the immediately adjacent corners must remain without a
 * building."
 */
START_TEST(test_05d_settlement_connected_and_spaced)
{
	catan_state *s = build_position("lumber=1,brick=1,wool=1,grain=1");

	REFUSE(s, "p0 build_settlement h0.n", NOT_CONNECTED);
	REFUSE(s, "p0 build_settlement h9.se", NOT_CONNECTED);
	REFUSE(s, "p0 build_settlement h10.se", OCCUPIED);
	ROADS(s, 0, "h12.se h12.s");
	/* next to the player's own h12.se */
	REFUSE(s, "p0 build_settlement h12.s", DISTANCE_RULE);
	ROADS(s, 0, "h10.s h9.se h9.s");
	/* next to p2's h13.se */
	REFUSE(s, "p0 build_settlement h9.s", DISTANCE_RULE);
	/* next to p0's h14.se and p1's h10.se */
	REFUSE(s, "p0 build_settlement h10.s", DISTANCE_RULE);
	APPLY(s, "p0 build_settlement h9.se");
}
END_TEST

/* base-game.txt 05.D: "No city directly on an empty corner." */
START_TEST(test_05d_city_only_on_own_settlement)
{
	catan_state *s = build_position("grain=4,ore=6");

	ROAD(s, 0, "h10.s-sw");
	REFUSE(s, "p0 build_city h9.se", NOT_OWN_SETTLEMENT);
	REFUSE(s, "p0 build_city h10.se", NOT_OWN_SETTLEMENT);
	APPLY(s, "p0 build_city h14.se");
	REFUSE(s, "p0 build_city h14.se", NOT_OWN_SETTLEMENT);
	APPLY(s, "p0 build_city h12.se");
	ck_assert_int_eq(vp(s, 0), 4);
}
END_TEST

/* base-game.txt 05.D: "Stocks of coins are limited; no sixth colony is
 * made." */
START_TEST(test_05d_no_sixth_settlement)
{
	catan_state *s = build_position("lumber=2,brick=2,wool=2,grain=2");

	SETTLEMENT(s, 0, "h0.n");
	SETTLEMENT(s, 0, "h2.n");
	SETTLEMENT(s, 0, "h7.sw");
	ck_assert_uint_eq(info(s, 0).settlements_left, 0);
	ROAD(s, 0, "h10.s-sw");
	REFUSE(s, "p0 build_settlement h9.se", NO_PIECES_LEFT);
	/* a city frees a settlement */
	HAND(s, 0, "lumber=1,brick=1,wool=1,grain=3,ore=3");
	APPLY(s, "p0 build_city h0.n");
	APPLY(s, "p0 build_settlement h9.se");
	ck_assert_int_eq(vp(s, 0), 7);
}
END_TEST

/* base-game.txt 02: "15 roads" per color; 05.D: "if there are still the
 * necessary coins in your reserve" */
START_TEST(test_05d_fifteen_roads)
{
	catan_state *s = build_position("lumber=1,brick=1");
	unsigned keep_free = EDGE(s, "h10.s-sw");
	catan_board_counts bc;

	CATAN_ASSERT_OK(catan_board_counts_get(catan_state_game(s), &bc));
	for (unsigned e = 0; e < bc.edges && info(s, 0).roads_left > 0; e++)
		if (e != keep_free && catan_state_edge_piece(s, e, NULL) == 0)
			CATAN_ASSERT_OK(catan_edit_place(s, 0, CATAN_PIECE_ROAD, e));
	ck_assert_uint_eq(info(s, 0).roads_left, 0);
	REFUSE(s, "p0 build_road h10.s-sw", NO_PIECES_LEFT);
}
END_TEST

/* base-game.txt 02: "4 cities" per color */
START_TEST(test_05d_four_cities)
{
	catan_state *s = build_position("grain=2,ore=3");

	CITY(s, 0, "h14.se");
	CITY(s, 0, "h12.se");
	CITY(s, 0, "h0.n");
	CITY(s, 0, "h2.n");
	SETTLEMENT(s, 0, "h7.sw");
	ck_assert_uint_eq(info(s, 0).cities_left, 0);
	ck_assert_uint_eq(info(s, 0).settlements_left, 4);
	REFUSE(s, "p0 build_city h7.sw", NO_PIECES_LEFT);
}
END_TEST

/* B4: "roll; ... then trade; then build" on one's own turn. */
START_TEST(test_05d_build_on_own_turn_after_roll)
{
	catan_state *s = beginner(0);

	HAND(s, 0, "lumber=1,brick=1,wool=1,grain=1,ore=1");
	HAND(s, 1, "lumber=1,brick=1");
	REFUSE(s, "p0 build_road h10.s-sw", WRONG_PHASE);
	REFUSE(s, "p0 buy_dev", WRONG_PHASE);
	REFUSE(s, "p0 end_turn", WRONG_PHASE);
	ROLL(s, 12);
	REFUSE(s, "p1 build_road h10.se-s", NOT_YOUR_TURN);
	APPLY(s, "p0 build_road h10.s-sw");
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
	TCase *tc;

	s = catan_test_suite(sr, "base-05a-production");
	tc = tcase_create("test_05a_production_each_total");
	tcase_add_checked_fixture(tc, pool_setup, pool_teardown);
	tcase_add_loop_test(tc, test_05a_production_each_total, 2, 13);
	suite_add_tcase(s, tc);
	ADD(s, test_05a_everyone_receives);
	ADD(s, test_05a_city_receives_two);
	ADD(s, test_05a_robber_blocks_production);
	ADD(s, test_05a_desert_gives_nothing);
	ADD(s, test_05a_bank_short_one_recipient);
	ADD(s, test_05a_bank_short_two_recipients);
	ADD(s, test_g5_supplies_conserved);

	s = catan_test_suite(sr, "base-05b-seven");
	ADD(s, test_05b_discard_half_rounded_down);
	ADD(s, test_05b_development_cards_do_not_count);
	ADD(s, test_05b_discards_in_any_order);
	ADD(s, test_05b_robber_must_move);
	ADD(s, test_05b_robber_to_the_desert);
	ADD(s, test_05b_steal_one_random_card);
	ADD(s, test_05b_no_victim_without_cards);
	ADD(s, test_05b_b10_never_steal_from_self);
	ADD(s, test_05b_robber_destroys_nothing);

	s = catan_test_suite(sr, "base-05c-trade");
	ADD(s, test_05c_offer_accept_confirm);
	ADD(s, test_05c_no_trade_before_the_roll);
	ADD(s, test_05c_trade_after_a_seven);
	ADD(s, test_05c_everyone_can_refuse);
	ADD(s, test_05c_counter_offer);
	ADD(s, test_05c_only_the_current_player_trades);
	ADD(s, test_05c_different_types_only);
	ADD(s, test_05c_no_gifts);
	ADD(s, test_05c_trade_needs_the_cards);
	ADD(s, test_05c_responders_in_any_order);
	ADD(s, test_05c_counter_checked_at_confirmation);
	ADD(s, test_05c_no_promise_binds);
	ADD(s, test_05c_b5_offer_sizes);
	ADD(s, test_05c_maritime_four_to_one);
	ADD(s, test_05c_maritime_generic_harbor);
	ADD(s, test_05c_maritime_special_harbor);
	ADD(s, test_05c_maritime_road_near_harbor_not_enough);
	ADD(s, test_05c_maritime_not_same_type);
	ADD(s, test_05c_maritime_bank_must_hold_the_card);
	ADD(s, test_05c_maritime_several_trades);

	s = catan_test_suite(sr, "base-05d-building");
	ADD(s, test_05d_finish_trading_before_building);
	ADD(s, test_05d_road_costs_lumber_and_brick);
	ADD(s, test_05d_settlement_costs_four_cards);
	ADD(s, test_05d_city_costs_and_replaces);
	ADD(s, test_05d_development_card_costs_three);
	ADD(s, test_05d_pay_for_each_build);
	ADD(s, test_05d_road_extends_network);
	ADD(s, test_05d_one_road_per_side);
	ADD(s, test_05d_no_road_through_other_buildings);
	ADD(s, test_05d_settlement_connected_and_spaced);
	ADD(s, test_05d_city_only_on_own_settlement);
	ADD(s, test_05d_no_sixth_settlement);
	ADD(s, test_05d_fifteen_roads);
	ADD(s, test_05d_four_cities);
	ADD(s, test_05d_build_on_own_turn_after_roll);
}
