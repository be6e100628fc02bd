/*
 * libcatanrules: rule tests of the Traders & Barbarians variant CATAN
 * Event Cards (module event_cards).
 * SPDX-License-Identifier: MIT
 *
 * Every rule sentence of traders-and-barbarians.txt, Variants, "CATAN Event
 * Cards" (Changes to Setup, Roll Dice Update, Card List, Combining) and the
 * rulings G1-G3 and T4 of RULINGS.md, with the library's own rulings of
 * doc/variants/event_cards.md, is cited by at least one test below that
 * fails when the rule is missing or wrong. Refusals are checked with
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
 *	p0 h14.se (h14 h15 h18), h12.se (h12 h13 h16); roads h14.ne-se, h13.s-sw
 *	p1 h10.se (h10 h11 h15), h3.se (h3 h4 h8);     roads h10.ne-se, h3.se-s
 *	p2 h2.s (h2 h5 h6),      h13.se (h13 h14 h17); roads h2.s-sw, h14.s-sw
 *	p3 h0.se (h0 h1 h4),     h7.se (h7 h8 h12);    roads h1.s-sw, h8.s-sw
 * and the starting hands
 *	p0 lumber=1,brick=1,ore=1  p1 lumber=1,brick=1,grain=1
 *	p2 grain=2,ore=1           p3 lumber=2,grain=1
 */

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catanrules/traders.h"
#include "test-rules-kit.h"


/* The turn player rolls and the event deck shows @card ("8 beautiful_day"). */
static void
reveal_at(int line, catan_state *s, const char *card)
{
	applyf_at(line, s, "p%d roll", catan_state_turn_player(s));
	applyf_at(line, s, "chance event_card %s", card);
}

#define REVEAL(s_, card_) reveal_at(__LINE__, (s_), (card_))

/* --------------------------------------------------------------- games */



#define EV "+event_cards"

static int32_t
counter(const catan_state *s, int player, const char *name)
{
	int32_t v = -1;

	CATAN_ASSERT_OK(catan_state_counter(s, player, name, &v));
	return v;
}

static unsigned
cards_of(const catan_state *s, int player, int kind)
{
	catan_player_info pi;

	CATAN_ASSERT_OK(catan_state_player(s, player, &pi));
	return pi.cards[kind];
}

static size_t
legal_count(const catan_state *s, int player)
{
	catan_action buf[512];

	return legal_actions(s, player, buf, ARRAY_SIZE(buf));
}

static uint32_t
acting(const catan_state *s)
{
	return catan_state_acting_players(s);
}

static void
expect_outcome_at(int line, const catan_state *s, const char *text,
		  uint32_t num, uint32_t den)
{
	catan_chance_outcome buf[64];
	catan_action a = act_at(line, s, text);
	size_t n = 0;

	CATAN_ASSERT_OK(catan_state_chance_outcomes(s, buf, ARRAY_SIZE(buf), &n));
	for (size_t i = 0; i < n; i++) {
		if (catan_action_compare(&buf[i].action, &a) != 0)
			continue;
		ck_assert_msg((uint64_t)buf[i].num * den == (uint64_t)num * buf[i].den,
			      "line %d: %s has %u/%u, expected %u/%u", line, text,
			      buf[i].num, buf[i].den, num, den);
		return;
	}
	ck_assert_msg(num == 0, "line %d: %s is no outcome", line, text);
}

#define EXPECT_OUTCOME(s_, text_, num_, den_) \
	expect_outcome_at(__LINE__, (s_), (text_), (num_), (den_))

static size_t
outcome_count(const catan_state *s)
{
	catan_chance_outcome buf[64];
	size_t n = 0;

	CATAN_ASSERT_OK(catan_state_chance_outcomes(s, buf, ARRAY_SIZE(buf), &n));
	return n;
}

/* Play the pending decisions with each acting player's first legal action
 * (and chance with its first outcome) until the turn player is in phase
 * main, then end the turn. */
static void
settle_turn(catan_state *s)
{
	for (int guard = 0; guard < 200; guard++) {
		catan_action buf[512];
		size_t n = 0;
		int who = catan_state_current_player(s);

		if (catan_state_is_chance_node(s)) {
			catan_chance_outcome o[64];

			CATAN_ASSERT_OK(catan_state_chance_outcomes(s, o, ARRAY_SIZE(o), &n));
			ck_assert_uint_gt(n, 0);
			CATAN_ASSERT_OK(catan_state_apply(s, &o[0].action));
			continue;
		}
		if (catan_state_phase(s) == CATAN_PHASE_MAIN) {
			APPLYF(s, "p%d end_turn", catan_state_turn_player(s));
			return;
		}
		if (who == CATAN_PLAYER_SIMULTANEOUS)
			who = __builtin_ctz(acting(s));
		ck_assert_int_ge(who, 0);
		CATAN_ASSERT_OK(catan_state_legal_actions(s, who, buf, ARRAY_SIZE(buf), &n));
		ck_assert_uint_gt(n, 0);
		CATAN_ASSERT_OK(catan_state_apply(s, &buf[0]));
	}
	ck_abort_msg("the turn did not settle");
}

/* ============================================================= the deck */

/* RULINGS.md T4: "36 numbered cards matching the two-dice distribution
 * plus New Year" with the listed composition; G1: the reveal is a chance
 * event with exact probabilities. traders-and-barbarians.txt: "Instead of
 * rolling the red and yellow dice, flip over the top card of the event
 * deck." */
START_TEST(test_t4_composition_and_probabilities)
{
	static const struct { const char *card; unsigned n; } deck[] = {
		{ "2 plentiful_year", 1 }, { "3 beautiful_day", 1 },
		{ "3 conflict", 1 }, { "4 beautiful_day", 1 },
		{ "4 robber_flees", 2 }, { "5 beautiful_day", 2 },
		{ "5 trade_advantage", 1 }, { "5 tournament", 1 },
		{ "6 beautiful_day", 2 }, { "6 good_neighbors", 1 },
		{ "6 earthquake", 1 }, { "6 epidemic", 1 },
		{ "7 robber_attacks", 6 }, { "8 beautiful_day", 4 },
		{ "8 epidemic", 1 }, { "9 beautiful_day", 3 },
		{ "9 calm_seas", 1 }, { "10 beautiful_day", 2 },
		{ "10 helpful_neighbor", 1 }, { "11 beautiful_day", 1 },
		{ "11 helpful_neighbor", 1 }, { "12 calm_seas", 1 },
	};
	catan_state *s = beginner_modules(4, "", EV);
	catan_chance_outcome o[64];
	unsigned by_number[13] = { 0 }, total = 0;
	size_t n = 0;

	APPLY(s, "p0 roll");
	ck_assert_int_eq(catan_state_current_player(s), CATAN_PLAYER_CHANCE);
	ck_assert_uint_eq(outcome_count(s), 22);
	for (size_t i = 0; i < ARRAY_SIZE(deck); i++) {
		char text[64];

		snprintf(text, sizeof(text), "chance event_card %s", deck[i].card);
		EXPECT_OUTCOME(s, text, deck[i].n, 36);
	}
	CATAN_ASSERT_OK(catan_state_chance_outcomes(s, o, ARRAY_SIZE(o), &n));
	for (size_t i = 0; i < n; i++) {
		ck_assert_uint_eq(o[i].den, 36);
		ck_assert_int_eq(o[i].action.type, CATAN_ACT_EVENT_CARD);
		by_number[o[i].action.target] += o[i].num;
		total += o[i].num;
		if (i)
			ck_assert_int_lt(catan_action_compare(&o[i - 1].action, &o[i].action), 0);
	}
	ck_assert_uint_eq(total, 36);
	/* "matching the two-dice distribution" */
	for (int t = 2; t <= 12; t++)
		ck_assert_uint_eq(by_number[t], (unsigned)(6 - abs(t - 7)));
	/* "Return the red and yellow dice to the box." */
	REFUSE(s, "chance dice 6", BAD_OUTCOME);
}
END_TEST

/* "Roll Dice Update ... Then "Collect Resources" or "Resolve a 7"
 * according to the number disc shown on the card"; A Beautiful Day:
 * "There is no event effect. Hexes produce as normal." */
START_TEST(test_beautiful_day_produces_by_number)
{
	catan_state *s = beginner_modules(4, "", EV);

	REVEAL(s, "8 beautiful_day");
	EXPECT_PHASE(s, MAIN);
	ck_assert_int_eq(catan_state_dice(s), 8);
	ck_assert_uint_eq(cards_of(s, 0, CATAN_LUMBER), 2);   /* h12 forest 8 */
	ck_assert_uint_eq(cards_of(s, 1, CATAN_ORE), 1);      /* h11 mountains 8 */
}
END_TEST

/* "Set aside ... New Year ... Shuffle the remaining 36 cards. Deal 5 cards
 * ... Place the New Year card ... on top ... Place the remaining cards ...
 * on top": the 31 reveals before New Year are draws without replacement,
 * each uniform over the cards not yet revealed. */
START_TEST(test_setup_draws_without_replacement)
{
	catan_state *s = beginner_modules(4, "", EV);

	ck_assert_int_eq(counter(s, -1, "event_cards_left"), 31);
	ck_assert_int_eq(counter(s, -1, "event_new_years"), 0);
	REVEAL(s, "8 beautiful_day");
	ck_assert_int_eq(counter(s, -1, "event_cards_left"), 30);
	APPLY(s, "p0 end_turn");
	APPLY(s, "p1 roll");
	EXPECT_OUTCOME(s, "chance event_card 8 beautiful_day", 3, 35);
	EXPECT_OUTCOME(s, "chance event_card 7 robber_attacks", 6, 35);
	EXPECT_OUTCOME(s, "chance event_card 2 plentiful_year", 1, 35);
	APPLY(s, "chance event_card 2 plentiful_year");
	settle_turn(s);
	APPLY(s, "p2 roll");
	ck_assert_uint_eq(outcome_count(s), 21);
	EXPECT_OUTCOME(s, "chance event_card 8 beautiful_day", 3, 34);
	/* the only Plentiful Year is gone until New Year */
	REFUSE(s, "chance event_card 2 plentiful_year", BAD_OUTCOME);
}
END_TEST

/* "When you reveal the New Year card, create a new event deck as described
 * in "Changes to Setup" and then reveal the top card, resolving it as
 * normal." After 31 reveals the next roll meets New Year: its outcomes are
 * those of a fresh deck. Earthquake: "Each player damages one of their own
 * roads (if possible)": a player whose roads are all damaged damages
 * nothing (doc/variants/event_cards.md). */
START_TEST(test_new_year_makes_the_deck_anew)
{
	/* the 31 cards above New Year; 12 calm_seas, 2 plentiful_year,
	 * 3 conflict and both helpful_neighbor stay under it */
	static const char *const order[] = {
		"6 earthquake", "3 beautiful_day", "4 beautiful_day",
		"4 robber_flees", "4 robber_flees", "5 beautiful_day",
		"5 beautiful_day", "5 trade_advantage", "5 tournament",
		"6 beautiful_day", "6 beautiful_day", "6 good_neighbors",
		"6 epidemic", "7 robber_attacks", "7 robber_attacks",
		"7 robber_attacks", "7 robber_attacks", "7 robber_attacks",
		"7 robber_attacks", "8 beautiful_day", "8 beautiful_day",
		"8 beautiful_day", "8 beautiful_day", "8 epidemic",
		"9 beautiful_day", "9 beautiful_day", "9 beautiful_day",
		"9 calm_seas", "10 beautiful_day", "10 beautiful_day",
		"11 beautiful_day",
	};
	catan_state *s = beginner_modules(4, "", EV);

	ck_assert_int_eq(ARRAY_SIZE(order), 31);
	/* p3 keeps one road: the first earthquake damages it */
	CATAN_ASSERT_OK(catan_edit_remove(s, CATAN_PIECE_ROAD,
					  loc_at(__LINE__, s, "h8.s-sw", CATAN_LOC_EDGE)));
	for (size_t i = 0; i < ARRAY_SIZE(order); i++) {
		APPLYF(s, "p%d roll", catan_state_turn_player(s));
		APPLYF(s, "chance event_card %s", order[i]);
		settle_turn(s);
		ck_assert_int_eq(counter(s, -1, "event_cards_left"), (int)(30 - i));
	}
	ck_assert_int_eq(counter(s, 3, "damaged_roads"), 1);
	ck_assert_int_eq(counter(s, -1, "event_new_years"), 0);
	APPLYF(s, "p%d roll", catan_state_turn_player(s));
	/* a fresh deck, not the five left under New Year */
	ck_assert_uint_eq(outcome_count(s), 22);
	EXPECT_OUTCOME(s, "chance event_card 7 robber_attacks", 6, 36);
	EXPECT_OUTCOME(s, "chance event_card 6 earthquake", 1, 36);
	EXPECT_OUTCOME(s, "chance event_card 12 calm_seas", 1, 36);
	APPLY(s, "chance event_card 6 earthquake");
	ck_assert_int_eq(counter(s, -1, "event_new_years"), 1);
	ck_assert_int_eq(counter(s, -1, "event_cards_left"), 30);
	EXPECT_PHASE(s, EVENT_DAMAGE);
	/* p3's only road is damaged already */
	ck_assert_uint_eq(acting(s), 0x7);
	settle_turn(s);
	APPLYF(s, "p%d roll", catan_state_turn_player(s));
	EXPECT_OUTCOME(s, "chance event_card 6 earthquake", 0, 35);
	EXPECT_OUTCOME(s, "chance event_card 7 robber_attacks", 6, 35);
}
END_TEST

/* ============================================================= the events */

/* T4: "Robber Attacks — resolve a 7"; T3: Friendly Robber applies to it. */
START_TEST(test_robber_attacks_is_a_seven)
{
	catan_state *s = beginner_modules(3, "", FR EV);

	REVEAL(s, "7 robber_attacks");
	ck_assert_int_eq(catan_state_dice(s), 7);
	EXPECT_PHASE(s, ROBBER);
	EXPECT_ROBBER_MOVES(s, 0, "h0 h1 h7");
	REFUSE(s, "p0 move_robber h5", VARIANT_RULE);
	APPLY(s, "p0 move_robber h7");
	EXPECT_PHASE(s, MAIN);
}
END_TEST

/* T4: "Robber Flees — robber to the desert, then produce". */
START_TEST(test_robber_flees_then_produce)
{
	catan_state *s = beginner_modules(4, "", EV);

	CATAN_ASSERT_OK(catan_edit_set_robber(s, HEX(s, "h14")));
	REVEAL(s, "4 robber_flees");
	ck_assert_int_eq(catan_state_robber(s), 9);
	EXPECT_PHASE(s, MAIN);
	ck_assert_int_eq(catan_state_dice(s), 4);
	/* h14 fields 4 is free again: p0 h14.se and p2 h13.se */
	ck_assert_uint_eq(cards_of(s, 0, CATAN_GRAIN), 1);
	ck_assert_uint_eq(cards_of(s, 2, CATAN_GRAIN), 3);
	ck_assert_uint_eq(cards_of(s, 2, CATAN_WOOL), 1);     /* h5 pasture 4 */
}
END_TEST

/* "Epidemic: Players only receive 1 resource card for each of their
 * cities on a hex that produces this turn." */
START_TEST(test_epidemic_one_card_per_city)
{
	catan_state *s = beginner_modules(4, "", EV);

	CITY(s, 0, "h12.se");
	REVEAL(s, "8 epidemic");
	ck_assert_int_eq(counter(s, -1, "event_epidemic"), 1);
	ck_assert_uint_eq(cards_of(s, 0, CATAN_LUMBER), 2);   /* 1 + 1, not 1 + 2 */
	ck_assert_uint_eq(cards_of(s, 1, CATAN_ORE), 1);      /* a settlement: 1 */
	APPLY(s, "p0 end_turn");
	ck_assert_int_eq(counter(s, -1, "event_epidemic"), 0);
	REVEAL(s, "8 beautiful_day");
	ck_assert_uint_eq(cards_of(s, 0, CATAN_LUMBER), 4);   /* the next turn: 2 */
}
END_TEST

/* T4: "Plentiful Year — every player takes 1 resource of choice"; G2: each
 * choice is an action of that player, in any order. */
START_TEST(test_plentiful_year_everyone_takes)
{
	catan_state *s = beginner_modules(4, "", EV);
	catan_state *t;

	REVEAL(s, "2 plentiful_year");
	EXPECT_PHASE(s, EVENT_TAKE);
	ck_assert_int_eq(catan_state_current_player(s), CATAN_PLAYER_SIMULTANEOUS);
	ck_assert_uint_eq(acting(s), 0xF);
	ck_assert_int_eq(catan_state_dice(s), 0);
	REFUSE(s, "p0 end_turn", WRONG_PHASE);
	REFUSE(s, "p0 give_resource ore p1", WRONG_PHASE);
	CATAN_ASSERT_OK(catan_state_clone(&t, s));
	keep(t);
	APPLY(s, "p2 take_resource ore");
	REFUSE(s, "p2 take_resource grain", NOT_YOUR_TURN);
	ck_assert_uint_eq(cards_of(s, 2, CATAN_ORE), 1);      /* not yet */
	APPLY(s, "p0 take_resource wool");
	APPLY(s, "p1 take_resource wool");
	APPLY(s, "p3 take_resource brick");
	EXPECT_PHASE(s, MAIN);
	ck_assert_int_eq(catan_state_dice(s), 2);
	ck_assert_uint_eq(cards_of(s, 2, CATAN_ORE), 2);
	ck_assert_uint_eq(cards_of(s, 0, CATAN_WOOL), 1);
	ck_assert_uint_eq(cards_of(s, 1, CATAN_WOOL), 1);
	ck_assert_uint_eq(cards_of(s, 3, CATAN_BRICK), 1);
	ck_assert_uint_eq(cards_of(s, 3, CATAN_WOOL), 1);     /* h1 pasture 2 */
	/* the same choices in another order: the same position */
	APPLY(t, "p3 take_resource brick");
	APPLY(t, "p1 take_resource wool");
	APPLY(t, "p0 take_resource wool");
	APPLY(t, "p2 take_resource ore");
	ck_assert(catan_state_equal(s, t));
}
END_TEST

/* doc/variants/event_cards.md: takes are made together and the bank
 * shortage rule of base-game.txt §05.A applies per kind ("If the bank
 * lacks a resource to pay for multiple players, no one receives ... If
 * only one person has to receive it, give it what is left"); a kind the
 * bank lacks is not offered. */
START_TEST(test_plentiful_year_bank_shortage)
{
	catan_state *s = beginner_modules(4, "", EV);
	catan_state *t;
	uint8_t bank[CATAN_MAX_CARD_KINDS];

	HAND(s, 1, "lumber=1,brick=1,grain=1,ore=16");       /* bank: 1 ore */
	HAND(s, 3, "lumber=2,grain=1,brick=17");              /* bank: 0 brick */
	REVEAL(s, "2 plentiful_year");
	REFUSE(s, "p0 take_resource brick", BANK_EMPTY);
	CATAN_ASSERT_OK(catan_state_clone(&t, s));
	keep(t);
	APPLY(s, "p0 take_resource ore");
	APPLY(s, "p2 take_resource ore");
	APPLY(s, "p1 take_resource grain");
	APPLY(s, "p3 take_resource grain");
	CATAN_ASSERT_OK(catan_state_bank(s, bank));
	ck_assert_uint_eq(bank[CATAN_ORE], 1);
	ck_assert_uint_eq(cards_of(s, 0, CATAN_ORE), 1);
	ck_assert_uint_eq(cards_of(s, 2, CATAN_ORE), 1);
	ck_assert_uint_eq(cards_of(s, 1, CATAN_GRAIN), 2);
	/* one taker of the last ore gets it */
	APPLY(t, "p0 take_resource ore");
	APPLY(t, "p2 take_resource grain");
	APPLY(t, "p1 take_resource grain");
	APPLY(t, "p3 take_resource grain");
	ck_assert_uint_eq(cards_of(t, 0, CATAN_ORE), 2);
}
END_TEST

/* "Conflict: If you have the Largest Army tile, steal 1 random resource
 * card from any player." T4: the holder must steal if anyone has cards; G2:
 * the holder acts even when it is not their turn. */
START_TEST(test_conflict_largest_army_steals)
{
	catan_state *s = beginner_modules(4, "", EV);

	CATAN_ASSERT_OK(catan_edit_set_knights_played(s, 2, 3));
	ck_assert_int_eq(catan_state_largest_army_holder(s), 2);
	REVEAL(s, "3 conflict");
	EXPECT_PHASE(s, EVENT_STEAL);
	ck_assert_int_eq(catan_state_current_player(s), 2);
	ck_assert_uint_eq(legal_count(s, 2), 3);
	LEGAL(s, "p2 event_steal p0");
	LEGAL(s, "p2 event_steal p1");
	REFUSE(s, "p2 event_pass", VARIANT_RULE);
	REFUSE(s, "p2 event_steal p2", INVALID_VICTIM);
	REFUSE(s, "p0 event_steal p1", NOT_YOUR_TURN);
	APPLY(s, "p2 event_steal p3");
	EXPECT_OUTCOME(s, "chance event_steal_card lumber", 2, 3);
	EXPECT_OUTCOME(s, "chance event_steal_card grain", 1, 3);
	ck_assert_uint_eq(outcome_count(s), 2);
	APPLY(s, "chance event_steal_card lumber");
	ck_assert_uint_eq(cards_of(s, 3, CATAN_LUMBER), 1);
	ck_assert_uint_eq(cards_of(s, 2, CATAN_LUMBER), 1);
	/* then the 3 produces: h10 forest for p1, h13 mountains for p0, p2 */
	EXPECT_PHASE(s, MAIN);
	ck_assert_int_eq(catan_state_current_player(s), 0);
	ck_assert_int_eq(catan_state_dice(s), 3);
	ck_assert_uint_eq(cards_of(s, 1, CATAN_LUMBER), 2);
	ck_assert_uint_eq(cards_of(s, 0, CATAN_ORE), 2);
	ck_assert_uint_eq(cards_of(s, 2, CATAN_ORE), 2);
}
END_TEST

/* T4 "must, if anyone has cards": with no card to take, nothing happens. */
START_TEST(test_conflict_nobody_to_rob)
{
	catan_state *s = beginner_modules(4, "", EV);

	CATAN_ASSERT_OK(catan_edit_set_knights_played(s, 2, 3));
	HAND(s, 0, "");
	HAND(s, 1, "");
	HAND(s, 3, "");
	REVEAL(s, "3 conflict");
	EXPECT_PHASE(s, MAIN);
	ck_assert_uint_eq(cards_of(s, 2, CATAN_GRAIN), 2);
}
END_TEST

/* "Otherwise, if one player has more Knight cards than all others, that
 * player may steal 1 random resource card from any player." */
START_TEST(test_conflict_most_knights_may_steal)
{
	catan_state *s = beginner_modules(4, "", EV);

	CATAN_ASSERT_OK(catan_edit_set_knights_played(s, 1, 2));
	CATAN_ASSERT_OK(catan_edit_set_knights_played(s, 3, 1));
	ck_assert_int_eq(catan_state_largest_army_holder(s), -1);
	REVEAL(s, "3 conflict");
	EXPECT_PHASE(s, EVENT_STEAL);
	ck_assert_int_eq(catan_state_current_player(s), 1);
	LEGAL(s, "p1 event_steal p2");
	APPLY(s, "p1 event_pass");
	EXPECT_PHASE(s, MAIN);
	ck_assert_int_eq(catan_state_dice(s), 3);
}
END_TEST

/* "if one player has more ... than all others": a tie has no effect. */
START_TEST(test_conflict_tie_no_effect)
{
	catan_state *s = beginner_modules(4, "", EV);

	CATAN_ASSERT_OK(catan_edit_set_knights_played(s, 1, 2));
	CATAN_ASSERT_OK(catan_edit_set_knights_played(s, 3, 2));
	REVEAL(s, "3 conflict");
	EXPECT_PHASE(s, MAIN);
}
END_TEST

/* T4: "Trade Advantage — the Longest Road holder takes 1 random card from
 * a player of their choice"; with no holder nothing happens. */
START_TEST(test_trade_advantage)
{
	catan_state *s = beginner_modules(4, "", EV);
	catan_state *t;

	CATAN_ASSERT_OK(catan_state_clone(&t, s));
	keep(t);
	ROAD(s, 0, "h14.se-s");
	ROAD(s, 0, "h14.n-ne");
	ROAD(s, 0, "h14.nw-n");
	ROAD(s, 0, "h13.n-ne");
	ck_assert_int_eq(catan_state_longest_road_holder(s), 0);
	REVEAL(s, "5 trade_advantage");
	EXPECT_PHASE(s, EVENT_STEAL);
	ck_assert_int_eq(catan_state_current_player(s), 0);
	REFUSE(s, "p0 event_pass", VARIANT_RULE);
	ck_assert_uint_eq(legal_count(s, 0), 3);
	APPLY(s, "p0 event_steal p2");
	EXPECT_OUTCOME(s, "chance event_steal_card grain", 2, 3);
	APPLY(s, "chance event_steal_card ore");
	ck_assert_uint_eq(cards_of(s, 0, CATAN_ORE), 2);
	ck_assert_uint_eq(cards_of(s, 2, CATAN_ORE), 0);
	EXPECT_PHASE(s, MAIN);
	ck_assert_uint_eq(cards_of(s, 0, CATAN_WOOL), 1);     /* h15 pasture 5 */
	ck_assert_uint_eq(cards_of(s, 0, CATAN_BRICK), 2);    /* h16 hills 5 */
	/* no holder */
	REVEAL(t, "5 trade_advantage");
	EXPECT_PHASE(t, MAIN);
}
END_TEST

/* T4: "Tournament — the player(s) with the most played Knights (at least 1)
 * take 1 resource of choice"; "Ties: every tied player gets the benefit". */
START_TEST(test_tournament)
{
	catan_state *s = beginner_modules(4, "", EV);
	catan_state *t;

	CATAN_ASSERT_OK(catan_state_clone(&t, s));
	keep(t);
	CATAN_ASSERT_OK(catan_edit_set_knights_played(s, 1, 1));
	CATAN_ASSERT_OK(catan_edit_set_knights_played(s, 2, 1));
	REVEAL(s, "5 tournament");
	EXPECT_PHASE(s, EVENT_TAKE);
	ck_assert_uint_eq(acting(s), 0x6);
	REFUSE(s, "p0 take_resource ore", NOT_YOUR_TURN);
	APPLY(s, "p2 take_resource lumber");
	APPLY(s, "p1 take_resource ore");
	EXPECT_PHASE(s, MAIN);
	ck_assert_uint_eq(cards_of(s, 1, CATAN_ORE), 1);
	ck_assert_uint_eq(cards_of(s, 2, CATAN_LUMBER), 1);
	/* nobody has played a Knight */
	REVEAL(t, "5 tournament");
	EXPECT_PHASE(t, MAIN);
}
END_TEST

/* "Good Neighbors: Each player gives 1 resource card of their choice to
 * the player on their left. If you have no resource cards, then you do not
 * have to give one." T4: "all gifts are chosen from the hands as they were
 * when the card was revealed"; the left is the next seat (p0 to p1, ...,
 * the last to p0). */
START_TEST(test_good_neighbors)
{
	catan_state *s = beginner_modules(4, "", EV);
	catan_state *t;

	HAND(s, 1, "");
	REVEAL(s, "6 good_neighbors");
	EXPECT_PHASE(s, EVENT_GIVE);
	ck_assert_uint_eq(acting(s), 0xD);     /* p1 has nothing to give */
	REFUSE_SAYING(s, "p0 give_resource ore p2", VARIANT_RULE, "left");
	REFUSE(s, "p0 give_resource wool p1", INSUFFICIENT_RESOURCES);
	REFUSE(s, "p0 take_resource ore", WRONG_PHASE);
	CATAN_ASSERT_OK(catan_state_clone(&t, s));
	keep(t);
	APPLY(s, "p0 give_resource ore p1");
	ck_assert_uint_eq(cards_of(s, 1, CATAN_ORE), 0);     /* together, at the end */
	APPLY(s, "p2 give_resource grain p3");
	APPLY(s, "p3 give_resource lumber p0");
	EXPECT_PHASE(s, MAIN);
	ck_assert_uint_eq(cards_of(s, 0, CATAN_ORE), 0);
	ck_assert_uint_eq(cards_of(s, 0, CATAN_LUMBER), 2);
	ck_assert_uint_eq(cards_of(s, 1, CATAN_ORE), 1);
	ck_assert_uint_eq(cards_of(s, 3, CATAN_GRAIN), 2);
	ck_assert_uint_eq(cards_of(s, 3, CATAN_LUMBER), 1);
	ck_assert_uint_eq(cards_of(s, 1, CATAN_BRICK), 1);   /* then h4 hills 6 */
	APPLY(t, "p3 give_resource lumber p0");
	APPLY(t, "p2 give_resource grain p3");
	APPLY(t, "p0 give_resource ore p1");
	ck_assert(catan_state_equal(s, t));
}
END_TEST

/* "Helpful Neighbor: The player(s) with the most VPs gives 1 resource card
 * of their choice to a player with fewer VPs." G3: public points. */
START_TEST(test_helpful_neighbor)
{
	catan_state *s = beginner_modules(4, "", EV);

	CITY(s, 1, "h3.se");
	CITY(s, 2, "h2.s");
	CATAN_ASSERT_OK(catan_edit_give_dev_card(s, 0, CATAN_DEV_VICTORY_POINT, 1));
	REVEAL(s, "10 helpful_neighbor");
	EXPECT_PHASE(s, EVENT_GIVE);
	ck_assert_uint_eq(acting(s), 0x6);
	REFUSE_SAYING(s, "p1 give_resource lumber p2", VARIANT_RULE, "fewer");
	REFUSE(s, "p1 give_resource lumber p1", VARIANT_RULE);
	LEGAL(s, "p1 give_resource lumber p3");
	APPLY(s, "p1 give_resource lumber p0");   /* 2 public points, 3 in all */
	APPLY(s, "p2 give_resource ore p0");
	EXPECT_PHASE(s, MAIN);
	ck_assert_uint_eq(cards_of(s, 0, CATAN_LUMBER), 2);
	ck_assert_uint_eq(cards_of(s, 0, CATAN_ORE), 2);
	ck_assert_uint_eq(cards_of(s, 3, CATAN_ORE), 1);     /* h0 mountains 10 */
}
END_TEST

/* "If you have no resource cards, then you do not have to give one"; with
 * everyone on the same points nobody has fewer. */
START_TEST(test_helpful_neighbor_nothing_to_give)
{
	catan_state *s = beginner_modules(4, "", EV);

	REVEAL(s, "10 helpful_neighbor");
	EXPECT_PHASE(s, MAIN);
	APPLY(s, "p0 end_turn");
	CITY(s, 1, "h3.se");
	HAND(s, 1, "");
	REVEAL(s, "11 helpful_neighbor");
	EXPECT_PHASE(s, MAIN);
}
END_TEST

/* "Calm Seas: The player(s) with the most buildings built on ports
 * receives 1 resource card of their choice from the supply." T4: nobody on
 * a harbor, no effect. */
START_TEST(test_calm_seas)
{
	catan_state *s = beginner_modules(4, "", EV);

	REVEAL(s, "9 calm_seas");
	EXPECT_PHASE(s, MAIN);
	APPLY(s, "p0 end_turn");
	SETTLEMENT(s, 3, "h0.n");
	SETTLEMENT(s, 2, "h11.se");
	REVEAL(s, "12 calm_seas");
	EXPECT_PHASE(s, EVENT_TAKE);
	ck_assert_uint_eq(acting(s), 0xC);
	APPLY(s, "p3 take_resource ore");
	APPLY(s, "p2 take_resource ore");
	ck_assert_uint_eq(cards_of(s, 3, CATAN_ORE), 1);
	ck_assert_uint_eq(cards_of(s, 2, CATAN_ORE), 2);
	EXPECT_PHASE(s, MAIN);
}
END_TEST

/* Harbors of CATAN with Event Cards ("This variant can be played with
 * CATAN and all other Traders & Barbarians variants"): Calm Seas counts
 * buildings, not the Strongest Ports points of a city. */
START_TEST(test_calm_seas_with_harbors)
{
	catan_state *s = beginner_modules(4, "", HOC EV);

	CITY(s, 3, "h0.n");
	SETTLEMENT(s, 2, "h11.se");
	SETTLEMENT(s, 2, "h16.s");
	REVEAL(s, "9 calm_seas");
	ck_assert_uint_eq(acting(s), 0x4);
	APPLY(s, "p2 take_resource wool");
	EXPECT_PHASE(s, MAIN);
}
END_TEST

/* "Earthquake: Each player damages one of their own roads (if possible)
 * ... You may not build additional roads until you repair all your
 * damaged roads. You may not build a settlement on the intersections next
 * to a damaged road. Damaged roads still count for the Longest Route. It
 * costs 1 brick and 1 wood to repair a road." T4: each player chooses;
 * Road Building included; others' damaged roads do not restrict you. */
START_TEST(test_earthquake_damage_and_repair)
{
	catan_state *s = beginner_modules(4, "", EV);
	catan_state *t;
	catan_player_info pi;

	ROAD(s, 0, "h10.s-sw");
	ROAD(s, 1, "h9.se-s");
	REVEAL(s, "6 earthquake");
	EXPECT_PHASE(s, EVENT_DAMAGE);
	ck_assert_uint_eq(acting(s), 0xF);
	ck_assert_uint_eq(legal_count(s, 0), 3);
	REFUSE(s, "p0 damage_road h2.s-sw", VARIANT_RULE);
	REFUSE(s, "p0 repair_road h14.ne-se", WRONG_PHASE);
	CATAN_ASSERT_OK(catan_state_clone(&t, s));
	keep(t);
	APPLY(s, "p0 damage_road h14.ne-se");
	REFUSE(s, "p0 damage_road h13.s-sw", NOT_YOUR_TURN);
	APPLY(s, "p1 damage_road h9.se-s");
	APPLY(s, "p2 damage_road h2.s-sw");
	APPLY(s, "p3 damage_road h1.s-sw");
	EXPECT_PHASE(s, MAIN);
	ck_assert_int_eq(catan_state_dice(s), 6);
	ck_assert_int_eq(counter(s, 0, "damaged_roads"), 1);
	ck_assert_int_eq(counter(s, 1, "damaged_roads"), 1);
	CATAN_ASSERT_OK(catan_state_player(s, 0, &pi));
	ck_assert_uint_eq(pi.longest_road, 2);     /* still counts */

	HAND(s, 0, "lumber=3,brick=3,wool=2,grain=2");
	CATAN_ASSERT_OK(catan_edit_give_dev_card(s, 0, CATAN_DEV_ROAD_BUILDING, 1));
	REFUSE_SAYING(s, "p0 build_road h9.ne-se", VARIANT_RULE, "repaired");
	REFUSE(s, "p0 play_road_building", VARIANT_RULE);
	/* h9.se touches p1's damaged road, not p0's */
	LEGAL(s, "p0 build_settlement h9.se");
	REFUSE(s, "p0 repair_road h10.s-sw", VARIANT_RULE);   /* intact */
	REFUSE(s, "p0 repair_road h9.se-s", VARIANT_RULE);    /* p1's */
	APPLY(s, "p0 repair_road h14.ne-se");
	ck_assert_int_eq(counter(s, 0, "damaged_roads"), 0);
	ck_assert_uint_eq(cards_of(s, 0, CATAN_LUMBER), 2);
	ck_assert_uint_eq(cards_of(s, 0, CATAN_BRICK), 2);
	LEGAL(s, "p0 build_road h9.ne-se");
	LEGAL(s, "p0 play_road_building");
	REFUSE(s, "p0 repair_road h14.ne-se", VARIANT_RULE);

	/* the other choice: the road at h9.se damaged */
	APPLY(t, "p0 damage_road h10.s-sw");
	APPLY(t, "p1 damage_road h9.se-s");
	APPLY(t, "p2 damage_road h2.s-sw");
	APPLY(t, "p3 damage_road h1.s-sw");
	HAND(t, 0, "lumber=3,brick=3,wool=2,grain=2");
	REFUSE_SAYING(t, "p0 build_settlement h9.se", VARIANT_RULE, "damaged");
	HAND(t, 0, "");
	REFUSE(t, "p0 repair_road h10.s-sw", INSUFFICIENT_RESOURCES);
}
END_TEST

/* ============================================================= notation */

START_TEST(test_notation_round_trip)
{
	static const char *const texts[] = {
		"chance event_card 6 good_neighbors", "chance event_card 2 plentiful_year",
		"chance event_steal_card brick", "p1 take_resource ore",
		"p0 give_resource wool p1", "p2 event_steal p0", "p2 event_pass",
		"p1 damage_road h14.ne-se", "p1 repair_road h14.ne-se",
	};
	static const char *const bad[] = {
		"chance event_card 6 calm_seas", "chance event_card 13 beautiful_day",
		"p1 take_resource", "p1 take_resource ore grain",
		"p0 give_resource wool p7", "p2 event_pass p1",
		"p1 damage_road h4", "chance event_steal_card gold",
	};
	catan_state *s = beginner_modules(4, "", EV);
	catan_action a;

	for (size_t i = 0; i < ARRAY_SIZE(texts); i++)
		(void)act_at(__LINE__, s, texts[i]);
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++)
		ck_assert_msg(catan_action_parse(s, bad[i], &a) != CATAN_OK,
			      "\"%s\" parsed", bad[i]);
}
END_TEST

/* Module counters (catan_state_counter). */
START_TEST(test_counters)
{
	catan_state *s = beginner_modules(4, "", EV);
	int32_t v;

	ck_assert_int_eq(counter(s, -1, "event_cards_left"), 31);
	ck_assert_int_eq(counter(s, -1, "event_new_years"), 0);
	ck_assert_int_eq(counter(s, 2, "damaged_roads"), 0);
	ck_assert_int_eq(catan_state_counter(s, -1, "damaged_roads", &v), CATAN_ENOTFOUND);
	ck_assert_int_eq(catan_state_counter(s, 0, "no_such_counter", &v), CATAN_ENOTFOUND);
}
END_TEST

/* Snapshots keep the deck and the damage (the slice). */
START_TEST(test_snapshot_keeps_the_slice)
{
	catan_state *s = beginner_modules(4, "", EV);
	catan_state *back = NULL;
	catan_game *g = NULL;
	char buf[8192];

	REVEAL(s, "6 earthquake");
	APPLY(s, "p0 damage_road h14.ne-se");
	CATAN_ASSERT_OK(catan_state_snapshot(s, buf, sizeof(buf), NULL));
	CATAN_ASSERT_OK(catan_load(&g, &back, pool.ctx, buf, strlen(buf)));
	keep(back);
	catan_game_unref(g);
	ck_assert_int_eq(counter(back, 0, "damaged_roads"), 1);
	ck_assert_int_eq(counter(back, -1, "event_cards_left"), 30);
	ck_assert_uint_eq(acting(back), 0xE);
}
END_TEST

#define ADD(suite_, fn_) \
	CATAN_TEST_ADD_FIXTURE((suite_), fn_, pool_setup, pool_teardown)

static bool
module_built(void)
{
	catan_ctx *ctx = NULL;
	int seen = 0;

	if (catan_ctx_new(&ctx, NULL) != CATAN_OK)
		return false;
	for (size_t i = 0; i < catan_ctx_module_count(ctx); i++) {
		const char *name = catan_ctx_module_name(ctx, i);

		if (!strcmp(name, "event_cards") || !strcmp(name, "friendly_robber") ||
		    !strcmp(name, "harbors"))
			seen++;
	}
	catan_ctx_free(ctx);
	return seen == 3;
}

void
catan_test_register(SRunner *sr)
{
	Suite *s;

	if (!module_built())
		catan_test_skip_all("the library was built without the event_cards, friendly_robber and harbors modules");
	s = catan_test_suite(sr, "tb-event-cards");
	ADD(s, test_t4_composition_and_probabilities);
	ADD(s, test_beautiful_day_produces_by_number);
	ADD(s, test_setup_draws_without_replacement);
	ADD(s, test_new_year_makes_the_deck_anew);
	ADD(s, test_robber_attacks_is_a_seven);
	ADD(s, test_robber_flees_then_produce);
	ADD(s, test_epidemic_one_card_per_city);
	ADD(s, test_plentiful_year_everyone_takes);
	ADD(s, test_plentiful_year_bank_shortage);
	ADD(s, test_conflict_largest_army_steals);
	ADD(s, test_conflict_nobody_to_rob);
	ADD(s, test_conflict_most_knights_may_steal);
	ADD(s, test_conflict_tie_no_effect);
	ADD(s, test_trade_advantage);
	ADD(s, test_tournament);
	ADD(s, test_good_neighbors);
	ADD(s, test_helpful_neighbor);
	ADD(s, test_helpful_neighbor_nothing_to_give);
	ADD(s, test_calm_seas);
	ADD(s, test_calm_seas_with_harbors);
	ADD(s, test_earthquake_damage_and_repair);
	ADD(s, test_notation_round_trip);
	ADD(s, test_counters);
	ADD(s, test_snapshot_keeps_the_slice);
}
