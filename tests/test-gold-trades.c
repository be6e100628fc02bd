/*
 * Unit tests: holdings carried by trades (CATAN_HOLDING_TRADED,
 * CATAN_HOLDING_MARITIME) through the public API, on a test module with
 * Rivers of Catan's gold (traders-and-barbarians.txt: "You may use coins in
 * trades with other players." and "You may also trade resource cards with
 * the supply for gold at the general 4:1 rate (3:1 or 2:1 if you have a
 * building at a port).") and Merchants of Europe's
 * (histories-merchants-of-europe.txt: "On your turn, you may trade
 * resources and gold with your fellow players." and "You may return 3
 * identical resource cards to the supply and take 1 resource card of a
 * different type, or 1 gold, in exchange.").
 * SPDX-License-Identifier: MIT
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catan-private.h"
#include "test-common.h"
#include "test-module-kit.h"

#define GOLD_SUPPLY 40
#define GOLD_MAX 50

/* "40 coins" (traders-and-barbarians.txt, Rivers of Catan's components). */
static int
gold_build_game(catan_game *g)
{
	static const catan_holding_spec gold = {
		.name = "gold", .visibility = CATAN_HOLDING_PUBLIC, .max = GOLD_MAX,
		.has_supply = 1, .supply_total = GOLD_SUPPLY,
		.trade = CATAN_HOLDING_TRADED | CATAN_HOLDING_MARITIME,
	};
	static const catan_holding_spec tokens = {
		.name = "tokens", .visibility = CATAN_HOLDING_PUBLIC, .max = 9,
	};

	int rc = catan_game_declare_holding(g, &tokens);

	return rc ? rc : catan_game_declare_holding(g, &gold);
}

/* Merchants of Europe: 3:1 at the bank, gold for 3 identical cards. */
static int
moe_gold_build_game(catan_game *g)
{
	int rc = gold_build_game(g);

	return rc ? rc : catan_game_set_maritime_rate(g, 3);
}

/* Refused declarations, each tried in one build_game. */
static int refusals[3];

static int
bad_trade_build_game(catan_game *g)
{
	static const catan_holding_spec hidden = {
		.name = "hidden_gold", .visibility = CATAN_HOLDING_OWNER, .max = 9,
		.trade = CATAN_HOLDING_TRADED,
	};
	static const catan_holding_spec odd = {
		.name = "odd", .visibility = CATAN_HOLDING_PUBLIC, .max = 9, .trade = 4,
	};
	static const catan_holding_spec grouped = {
		.name = "fish_1", .group = "fish", .visibility = CATAN_HOLDING_GROUP, .max = 9,
		.trade = CATAN_HOLDING_TRADED,
	};

	refusals[0] = catan_game_declare_holding(g, &hidden);
	refusals[1] = catan_game_declare_holding(g, &odd);
	refusals[2] = catan_game_declare_holding(g, &grouped);
	return CATAN_OK;
}

/* Four traded holdings after five card kinds: the eight slots of a trade
 * hold only three. */
static int
too_many_build_game(catan_game *g)
{
	static const char *const names[4] = { "t0", "t1", "t2", "t3" };

	for (int i = 0; i < 4; i++) {
		catan_holding_spec h = {
			.name = names[i], .visibility = CATAN_HOLDING_PUBLIC, .max = 9,
			.trade = CATAN_HOLDING_TRADED,
		};
		int rc = catan_game_declare_holding(g, &h);

		if (rc)
			return rc;
	}
	return CATAN_OK;
}

static const char *const base_only[] = { "base", NULL };

CATAN_TEST_BUILD_MODULE(gold, "gold_trade_test", "gold carried by domestic and maritime trades",
			base_only);
CATAN_TEST_BUILD_MODULE(moe_gold, "moe_gold_test", "gold at the bank for 3 identical cards",
			base_only);
CATAN_TEST_BUILD_MODULE(bad_trade, "bad_trade_test", "refused traded holdings", base_only);
CATAN_TEST_BUILD_MODULE(too_many, "too_many_traded_test", "more traded holdings than slots",
			base_only);

static catan_ctx *
gold_ctx(void)
{
	catan_ctx *ctx = catan_test_ctx_new();

	catan_test_add_module(ctx, &gold_module);
	catan_test_add_module(ctx, &moe_gold_module);
	catan_test_add_module(ctx, &bad_trade_module);
	catan_test_add_module(ctx, &too_many_module);
	return ctx;
}

static int32_t
gold_of(const catan_state *s, int player)
{
	int32_t n = -1;

	CATAN_ASSERT_OK(catan_state_holding(s, player, "gold", &n));
	return n;
}

/* A game in its main phase, p0 to act; @spec's players=3. */
static catan_state *
main_phase(catan_game *g)
{
	catan_state *s = catan_test_state_new(g);

	CATAN_APPLY(s, "chance first_player p0");
	CATAN_ASSERT_OK(catan_edit_set_turn(s, 0, CATAN_PHASE_MAIN, 5));
	return s;
}

static bool
listed(const catan_state *s, int player, const char *text)
{
	catan_action want, acts[2048];
	size_t n = 0;

	CATAN_ASSERT_OK(catan_action_parse(s, text, &want));
	CATAN_ASSERT_OK(catan_state_legal_actions(s, player, acts, ARRAY_LEN(acts), &n));
	for (size_t i = 0; i < n; i++)
		if (catan_action_compare(&acts[i], &want) == 0)
			return true;
	return false;
}

/* The holding tells hosts which trades carry it and its slot of give[]
 * and get[]: after the five card kinds. */
START_TEST(test_traded_holding_is_described)
{
	catan_ctx *ctx = gold_ctx();
	catan_game *g = catan_test_game_new(ctx, "base(players=3)+gold_trade_test");
	catan_holding_info info;

	CATAN_ASSERT_OK(catan_game_holding(g, 1, &info));
	ck_assert_str_eq(info.name, "gold");
	ck_assert_uint_eq(info.trade, CATAN_HOLDING_TRADED | CATAN_HOLDING_MARITIME);
	ck_assert_int_eq(info.slot, 5);
	CATAN_ASSERT_OK(catan_game_holding(g, 0, &info));
	ck_assert_str_eq(info.name, "tokens");
	ck_assert_uint_eq(info.trade, 0);
	ck_assert_int_eq(info.slot, -1);
	/* the card kinds stay five: gold is no card */
	ck_assert_int_eq(catan_game_card_kind_count(g), 5);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* Bad declarations are refused and leave the game as it was: a traded
 * holding is public, its trade bits known; four traded holdings after
 * five card kinds leave no slot for the fourth. */
START_TEST(test_bad_traded_holdings_are_refused)
{
	catan_ctx *ctx = gold_ctx();
	catan_game *g = catan_test_game_new(ctx, "base(players=3)+bad_trade_test");
	catan_game *big = NULL;

	for (size_t i = 0; i < ARRAY_LEN(refusals); i++)
		ck_assert_msg(refusals[i] == CATAN_EINVAL, "refusal %zu: %d", i, refusals[i]);
	ck_assert_int_eq(catan_game_holding_count(g), 0);
	ck_assert_int_eq(catan_game_new_from_string(&big, ctx, "base(players=3)+too_many_traded_test"),
			 CATAN_EINVAL);
	ck_assert_ptr_null(big);
	ck_assert_ptr_nonnull(strstr(catan_ctx_errmsg(ctx), "no slot"));
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* "You may also trade resource cards with the supply for gold at the
 * general 4:1 rate" (traders-and-barbarians.txt): listed, applied from
 * the supply, refused at another rate, from an empty supply and past
 * the holding's max, each refusal leaving the state unchanged. */
START_TEST(test_maritime_trade_for_gold)
{
	catan_ctx *ctx = gold_ctx();
	catan_game *g = catan_test_game_new(ctx, "base(players=3,seed=3,chance=explicit)+gold_trade_test");
	catan_state *s = main_phase(g);
	catan_player_info before, after;

	CATAN_ASSERT_OK(catan_edit_set_cards(s, 0, CATAN_LUMBER, 9));
	ck_assert(listed(s, 0, "p0 maritime_trade give lumber=4 get gold=1"));
	ck_assert(!listed(s, 0, "p0 maritime_trade give lumber=3 get gold=1"));
	CATAN_REFUSE(s, "p0 maritime_trade give lumber=3 get gold=1", CATAN_REASON_BAD_TRADE_RATIO);
	CATAN_REFUSE(s, "p0 maritime_trade give lumber=4 get gold=2", CATAN_REASON_BAD_TRADE_RATIO);
	/* gold is not given to the supply for cards by a maritime trade */
	CATAN_ASSERT_OK(catan_edit_set_holding(s, 0, "gold", 4));
	CATAN_REFUSE(s, "p0 maritime_trade give gold=4 get ore=1", CATAN_REASON_BAD_ARGUMENT);
	CATAN_ASSERT_OK(catan_state_player(s, 0, &before));
	CATAN_APPLY(s, "p0 maritime_trade give lumber=4 get gold=1");
	CATAN_ASSERT_OK(catan_state_player(s, 0, &after));
	ck_assert_int_eq(before.cards[CATAN_LUMBER] - after.cards[CATAN_LUMBER], 4);
	ck_assert_int_eq(before.card_total - after.card_total, 4);
	ck_assert_int_eq(gold_of(s, 0), 5);
	ck_assert_int_eq(gold_of(s, CATAN_HOLDING_SUPPLY), GOLD_SUPPLY - 5);
	/* an empty supply sells nothing */
	CATAN_ASSERT_OK(catan_edit_set_holding(s, 1, "gold", GOLD_SUPPLY - 5));
	ck_assert_int_eq(gold_of(s, CATAN_HOLDING_SUPPLY), 0);
	ck_assert(!listed(s, 0, "p0 maritime_trade give lumber=4 get gold=1"));
	CATAN_REFUSE(s, "p0 maritime_trade give lumber=4 get gold=1", CATAN_REASON_BANK_EMPTY);
	/* cards for a card still trade */
	CATAN_APPLY(s, "p0 maritime_trade give lumber=4 get ore=1");
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* "... for gold at the general 4:1 rate (3:1 or 2:1 if you have a building
 * at a port)" (traders-and-barbarians.txt): on the beginner island, a
 * settlement at h1's 2:1 grain harbor buys gold with 2 grain, one at h0's
 * 3:1 harbor with 3 ore; other kinds stay at the player's best rate. */
START_TEST(test_maritime_gold_at_a_harbor_rate)
{
	catan_ctx *ctx = gold_ctx();
	catan_game *g = catan_test_game_new(ctx, "base(players=3,board=beginner,chance=explicit)+gold_trade_test");
	catan_state *s = main_phase(g);
	int kind;
	unsigned v;

	CATAN_ASSERT_OK(catan_edit_set_cards(s, 0, CATAN_GRAIN, 2));
	CATAN_ASSERT_OK(catan_edit_set_cards(s, 0, CATAN_ORE, 3));
	CATAN_REFUSE(s, "p0 maritime_trade give grain=2 get gold=1", CATAN_REASON_BAD_TRADE_RATIO);
	CATAN_ASSERT_OK(catan_location_parse(g, "h1.n", &kind, &v));
	CATAN_ASSERT_OK(catan_edit_place(s, 0, CATAN_PIECE_SETTLEMENT, v));
	ck_assert(listed(s, 0, "p0 maritime_trade give grain=2 get gold=1"));
	CATAN_REFUSE(s, "p0 maritime_trade give ore=3 get gold=1", CATAN_REASON_BAD_TRADE_RATIO);
	CATAN_APPLY(s, "p0 maritime_trade give grain=2 get gold=1");
	CATAN_ASSERT_OK(catan_location_parse(g, "h0.nw", &kind, &v));
	CATAN_ASSERT_OK(catan_edit_place(s, 0, CATAN_PIECE_SETTLEMENT, v));
	CATAN_APPLY(s, "p0 maritime_trade give ore=3 get gold=1");
	ck_assert_int_eq(gold_of(s, 0), 2);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* "You may return 3 identical resource cards to the supply and take 1
 * resource card of a different type, or 1 gold, in exchange."
 * (histories-merchants-of-europe.txt): the game's 3:1 rate buys gold. */
START_TEST(test_maritime_gold_at_the_declared_rate)
{
	catan_ctx *ctx = gold_ctx();
	catan_game *g = catan_test_game_new(ctx, "base(players=3,seed=3,chance=explicit)+moe_gold_test");
	catan_state *s = main_phase(g);

	CATAN_ASSERT_OK(catan_edit_set_cards(s, 0, CATAN_ORE, 3));
	ck_assert(listed(s, 0, "p0 maritime_trade give ore=3 get gold=1"));
	CATAN_REFUSE(s, "p0 maritime_trade give ore=4 get gold=1", CATAN_REASON_BAD_TRADE_RATIO);
	CATAN_APPLY(s, "p0 maritime_trade give ore=3 get gold=1");
	ck_assert_int_eq(gold_of(s, 0), 1);
	ck_assert_int_eq(gold_of(s, CATAN_HOLDING_SUPPLY), GOLD_SUPPLY - 1);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* "You may use coins in trades with other players."
 * (traders-and-barbarians.txt): an offer of gold for ore is listed,
 * accepted and confirmed; the gold and the ore change hands. */
START_TEST(test_gold_in_a_domestic_trade)
{
	catan_ctx *ctx = gold_ctx();
	catan_game *g = catan_test_game_new(ctx, "base(players=3,seed=3,chance=explicit,offer_max=2)+gold_trade_test");
	catan_state *s = main_phase(g);
	catan_player_info p0, p1;

	CATAN_ASSERT_OK(catan_edit_set_holding(s, 0, "gold", 3));
	CATAN_ASSERT_OK(catan_edit_set_cards(s, 1, CATAN_ORE, 1));
	ck_assert(listed(s, 0, "p0 offer_trade give gold=2 get ore=1"));
	ck_assert(!listed(s, 0, "p0 offer_trade give gold=2 get gold=1"));
	CATAN_APPLY(s, "p0 offer_trade give gold=2 get ore=1");
	ck_assert(listed(s, 1, "p1 accept_trade"));
	ck_assert(!listed(s, 2, "p2 accept_trade"));
	CATAN_REFUSE(s, "p2 accept_trade", CATAN_REASON_INSUFFICIENT_RESOURCES);
	CATAN_APPLY(s, "p1 accept_trade");
	CATAN_APPLY(s, "p2 decline_trade");
	CATAN_APPLY(s, "p0 confirm_trade p1");
	ck_assert_int_eq(gold_of(s, 0), 1);
	ck_assert_int_eq(gold_of(s, 1), 2);
	ck_assert_int_eq(gold_of(s, CATAN_HOLDING_SUPPLY), GOLD_SUPPLY - 3);
	CATAN_ASSERT_OK(catan_state_player(s, 0, &p0));
	CATAN_ASSERT_OK(catan_state_player(s, 1, &p1));
	ck_assert_int_eq(p0.cards[CATAN_ORE], 1);
	ck_assert_int_eq(p1.cards[CATAN_ORE], 0);
	/* gold is no card: the hand counts only cards */
	ck_assert_int_eq(p1.card_total, 0);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* A counter-offer may ask for gold, and its confirmation moves it; gold
 * on both sides, gold for nothing (a gift: base-game.txt 05.C, B5) and
 * more gold than one holds are refused, leaving the state unchanged. */
START_TEST(test_gold_in_counter_offers_and_refusals)
{
	catan_ctx *ctx = gold_ctx();
	catan_game *g = catan_test_game_new(ctx, "base(players=3,seed=3,chance=explicit,offer_max=2)+gold_trade_test");
	catan_state *s = main_phase(g);

	CATAN_ASSERT_OK(catan_edit_set_holding(s, 0, "gold", 2));
	CATAN_ASSERT_OK(catan_edit_set_holding(s, 2, "gold", 1));
	CATAN_ASSERT_OK(catan_edit_set_cards(s, 0, CATAN_WOOL, 2));
	CATAN_ASSERT_OK(catan_edit_set_cards(s, 1, CATAN_GRAIN, 2));
	CATAN_REFUSE(s, "p0 offer_trade give gold=1 get gold=1", CATAN_REASON_BAD_TRADE);
	CATAN_REFUSE(s, "p0 offer_trade give gold=1 get nothing", CATAN_REASON_BAD_TRADE);
	CATAN_REFUSE(s, "p0 offer_trade give gold=3 get grain=1", CATAN_REASON_INSUFFICIENT_RESOURCES);
	CATAN_APPLY(s, "p0 offer_trade give wool=1 get grain=1");
	/* p1 gives 2 grain and asks for 1 wool and 1 gold */
	CATAN_APPLY(s, "p1 counter_trade give grain=2 get wool=1,gold=1");
	/* p2 offers its gold for more wool than p0 holds: a counter is
	 * checked when confirmed */
	CATAN_APPLY(s, "p2 counter_trade give gold=1 get wool=3");
	CATAN_REFUSE(s, "p0 confirm_trade p2", CATAN_REASON_INSUFFICIENT_RESOURCES);
	CATAN_APPLY(s, "p0 confirm_trade p1");
	ck_assert_int_eq(gold_of(s, 0), 1);
	ck_assert_int_eq(gold_of(s, 1), 1);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* Gold is written like a card kind in card lists and reads back as the
 * same action; outside trades it is refused by the rules, not the parser
 * (coins "do not count toward your hand size", traders-and-barbarians.txt:
 * a discard of gold is no discard). */
START_TEST(test_gold_notation_and_other_actions)
{
	catan_ctx *ctx = gold_ctx();
	catan_game *g = catan_test_game_new(ctx, "base(players=3,seed=3,chance=explicit,offer_max=2)+gold_trade_test");
	catan_state *s = main_phase(g);
	catan_action a, back;
	char text[160];

	CATAN_ASSERT_OK(catan_action_parse(s, "p0 offer_trade give gold=2,ore=1 get wool=1", &a));
	ck_assert_uint_eq(a.give[5], 2);
	ck_assert_uint_eq(a.give[CATAN_ORE], 1);
	CATAN_ASSERT_OK(catan_action_format(g, &a, text, sizeof(text), NULL));
	ck_assert_str_eq(text, "p0 offer_trade give ore=1,gold=2 get wool=1");
	CATAN_ASSERT_OK(catan_action_parse(s, text, &back));
	ck_assert_int_eq(catan_action_compare(&a, &back), 0);
	/* the other holding is no term of a trade */
	ck_assert_int_eq(catan_action_parse(s, "p0 offer_trade give tokens=1 get wool=1", &a),
			 CATAN_ENOTFOUND);
	/* Year of Plenty takes resource cards from the bank, not gold */
	CATAN_ASSERT_OK(catan_edit_give_dev_card(s, 0, CATAN_DEV_YEAR_OF_PLENTY, 1));
	CATAN_REFUSE(s, "p0 play_year_of_plenty gold=1,ore=1", CATAN_REASON_BAD_ARGUMENT);
	CATAN_APPLY(s, "p0 play_year_of_plenty grain=1,ore=1");
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* "Coins do not count toward your hand size, nor may they be stolen when a
 * player \"Resolves a 7.\" You may not use the Monopoly development card to
 * take coins from other players." (traders-and-barbarians.txt, Rivers of
 * Catan): a 7 counts cards only and a discard of gold is refused;
 * Monopoly names card kinds only. */
START_TEST(test_gold_is_no_card_for_the_seven_and_monopoly)
{
	catan_ctx *ctx = gold_ctx();
	catan_game *g = catan_test_game_new(ctx, "base(players=3,seed=3,chance=explicit)+gold_trade_test");
	catan_state *s = main_phase(g);
	catan_player_info p1;
	catan_action a;

	CATAN_ASSERT_OK(catan_edit_set_cards(s, 1, CATAN_ORE, 8));
	CATAN_ASSERT_OK(catan_edit_set_holding(s, 1, "gold", 9));
	CATAN_ASSERT_OK(catan_edit_set_turn(s, 0, CATAN_PHASE_ROLL, 0));
	CATAN_APPLY(s, "p0 roll");
	CATAN_APPLY(s, "chance dice 7");
	CATAN_ASSERT_OK(catan_state_player(s, 1, &p1));
	/* half of the 8 cards; the 9 gold do not count */
	ck_assert_uint_eq(p1.discard_owed, 4);
	CATAN_REFUSE(s, "p1 discard gold=4", CATAN_REASON_WRONG_DISCARD);
	CATAN_APPLY(s, "p1 discard ore=4");
	ck_assert_int_eq(gold_of(s, 1), 9);
	/* p2, with gold and no card, is no victim of the robber: with only
	 * p2 next to h2 there is nobody to steal from, and the turn goes on
	 * without a steal */
	CATAN_ASSERT_OK(catan_edit_set_holding(s, 2, "gold", 5));
	{
		int kind;
		unsigned v;

		CATAN_ASSERT_OK(catan_location_parse(g, "h2.n", &kind, &v));
		CATAN_ASSERT_OK(catan_edit_place(s, 2, CATAN_PIECE_SETTLEMENT, v));
	}
	CATAN_APPLY(s, "p0 move_robber h2");
	ck_assert_str_eq(catan_state_phase_name(s, catan_state_phase(s)), "main");
	CATAN_REFUSE(s, "p0 steal p2", CATAN_REASON_WRONG_PHASE);
	ck_assert_int_eq(gold_of(s, 2), 5);
	/* Monopoly takes a card kind: gold is none */
	ck_assert_int_eq(catan_action_parse(s, "p0 play_monopoly gold", &a), CATAN_ENOTFOUND);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* An open offer of gold is in the snapshot and JSON, and a snapshot
 * loads back to the same state; resampling keeps p0's gold (public). */
START_TEST(test_open_gold_offer_round_trips)
{
	catan_ctx *ctx = gold_ctx();
	catan_game *g = catan_test_game_new(ctx, "base(players=3,seed=3,chance=explicit,offer_max=2)+gold_trade_test");
	catan_state *s = main_phase(g), *t = NULL, *r = NULL;
	catan_game *g2 = NULL;
	static char snap[16384], again[16384], json[16384];

	CATAN_ASSERT_OK(catan_edit_set_holding(s, 0, "gold", 2));
	CATAN_APPLY(s, "p0 offer_trade give gold=2 get ore=1");
	CATAN_ASSERT_OK(catan_state_snapshot(s, snap, sizeof(snap), NULL));
	ck_assert_ptr_nonnull(strstr(snap, "offer_give 0,0,0,0,0,2,0,0"));
	CATAN_ASSERT_OK(catan_load(&g2, &t, ctx, snap, strlen(snap)));
	CATAN_ASSERT_OK(catan_state_snapshot(t, again, sizeof(again), NULL));
	ck_assert_str_eq(snap, again);
	CATAN_ASSERT_OK(catan_state_to_json(s, CATAN_OBSERVER_ALL, json, sizeof(json), NULL));
	ck_assert_ptr_nonnull(strstr(json, "\"gold\":2"));
	/* p1 resamples: p0's public gold and its open offer stay */
	CATAN_ASSERT_OK(catan_state_resample(&r, s, 1, 7));
	ck_assert_int_eq(gold_of(r, 0), 2);
	catan_state_free(r);
	catan_state_free(t);
	catan_game_unref(g2);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* Random games that buy and trade gold: the players' gold and the supply
 * keep the 40 coins, every player's gold stays within its max, and every
 * game ends. */
START_TEST(test_random_play_conserves_gold)
{
	catan_ctx *ctx = gold_ctx();
	uint64_t rng = catan_test_seed() ^ (uint64_t)_i;
	unsigned bought = 0, traded = 0;
	char spec[160];

	for (int game = 0; game < 3; game++) {
		catan_game *g;
		catan_state *s;
		catan_action a;
		int steps = 0;

		snprintf(spec, sizeof(spec),
			 "base(players=3,chance=explicit,offer_max=2,seed=%d)+gold_trade_test",
			 10 * _i + game + 1);
		g = catan_test_game_new(ctx, spec);
		s = catan_test_state_new(g);
		while (steps++ < 200000 && catan_test_random_action(s, &rng, &a)) {
			int32_t total;

			int32_t before[3];

			for (int p = 0; p < 3; p++)
				before[p] = gold_of(s, p);
			bought += a.type == CATAN_ACT_MARITIME_TRADE && a.get[5];
			ck_assert_msg(catan_state_apply(s, &a) == CATAN_OK, "%s step %d: %s", spec,
				      steps, catan_state_errmsg(s));
			total = gold_of(s, CATAN_HOLDING_SUPPLY);
			for (int p = 0; p < 3; p++) {
				ck_assert_int_le(gold_of(s, p), GOLD_MAX);
				total += gold_of(s, p);
				traded += a.type == CATAN_ACT_CONFIRM_TRADE && gold_of(s, p) > before[p];
			}
			ck_assert_msg(total == GOLD_SUPPLY, "%s step %d: %d coins", spec, steps,
				      (int)total);
		}
		ck_assert_msg(catan_state_is_terminal(s) == 1, "%s: not over after %d steps", spec,
			      steps);
		catan_state_free(s);
		catan_game_unref(g);
	}
	/* the default seed's games buy gold 17 and 86 times and pass it in
	 * 240 and 2078 confirmed trades */
	ck_assert_msg(bought > 0 && traded > 0, "gold bought %u times, traded %u times", bought,
		      traded);
	catan_ctx_free(ctx);
}
END_TEST

void
catan_test_register(SRunner *sr)
{
	Suite *s = catan_test_suite(sr, "gold-trades");

	CATAN_TEST_ADD(s, test_traded_holding_is_described);
	CATAN_TEST_ADD(s, test_bad_traded_holdings_are_refused);
	CATAN_TEST_ADD(s, test_maritime_trade_for_gold);
	CATAN_TEST_ADD(s, test_maritime_gold_at_a_harbor_rate);
	CATAN_TEST_ADD(s, test_maritime_gold_at_the_declared_rate);
	CATAN_TEST_ADD(s, test_gold_in_a_domestic_trade);
	CATAN_TEST_ADD(s, test_gold_in_counter_offers_and_refusals);
	CATAN_TEST_ADD(s, test_gold_notation_and_other_actions);
	CATAN_TEST_ADD(s, test_gold_is_no_card_for_the_seven_and_monopoly);
	CATAN_TEST_ADD(s, test_open_gold_offer_round_trips);
	CATAN_TEST_ADD_LOOP(s, test_random_play_conserves_gold, 0, 2);
}
