/*
 * libcatanrules: rule tests of the Traders & Barbarians scenario Rivers of
 * Catan (module rivers).
 * SPDX-License-Identifier: MIT
 *
 * Every rule sentence of traders-and-barbarians.txt, "Rivers of Catan"
 * (with its "Combining with Other CATAN Products" paragraph) and the
 * rulings G5, T11, T17 of RULINGS.md is cited by a test below that fails
 * when the rule is missing or wrong. Refusals are checked with
 * catan_state_check_action() and catan_state_apply(), which must leave the
 * state unchanged (the kit's REFUSE).
 *
 * Positions are built on the library's fixed layout (board=beginner,
 * doc/variants/rivers.md):
 *
 *	h0 mountains 10  h1 pasture 6    h2 forest 3
 *	h3 fields 12+2   h4 pasture 5    h5 hills 9      h6 hills 4
 *	h7 fields 8      h8 SWAMP        h9 forest 11    h10 SWAMP     h11 mountains 6
 *	h12 mountains 10 h13 forest 3    h14 fields 8    h15 pasture 5
 *	h16 hills 4      h17 fields 9    h18 forest 11
 *
 * the three-hex river h16 h12 h8 and the four-hex river h0 h4 h5 h10;
 * bridge sites h16.se-s h12.se-s h8.s-sw (three-hex) and h0.sw-nw h0.se-s
 * h4.ne-se h5.se-s (four-hex).
 */

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test-rules-kit.h"
#include "catanrules/traders.h"

#define FIXED "base(players=3,board=beginner,chance=explicit)+rivers"

static int32_t
gold(const catan_state *s, int p)
{
	int32_t v = -1;

	CATAN_ASSERT_OK(catan_state_holding(s, p, "gold", &v));
	return v;
}

static void
set_gold(catan_state *s, int p, unsigned n)
{
	ck_assert_msg(catan_edit_set_holding(s, p, "gold", n) == CATAN_OK, "%s",
		      catan_state_errmsg(s));
}

static int32_t
counter(const catan_state *s, int p, const char *name)
{
	int32_t v = -99;

	CATAN_ASSERT_OK(catan_state_counter(s, p, name, &v));
	return v;
}

/* The set-up of tests/conformance/rivers/01-rivers.cts: p0 on the
 * three-hex river (h12.se, road h13.s-sw: 2 gold), p1 and p2 away from
 * the rivers; p0's turn before the first roll. */
static catan_state *
set_up(const char *spec)
{
	catan_state *s = new_state(spec);

	APPLY(s, "chance first_player p0");
	APPLY(s, "p0 build_settlement h12.se");
	APPLY(s, "p0 build_road h13.s-sw");
	APPLY(s, "p1 build_settlement h14.se");
	APPLY(s, "p1 build_road h15.s-sw");
	APPLY(s, "p2 build_settlement h2.n");
	APPLY(s, "p2 build_road h2.n-ne");
	APPLY(s, "p2 build_settlement h11.se");
	APPLY(s, "p2 build_road h11.se-s");
	APPLY(s, "p1 build_settlement h2.se");
	APPLY(s, "p1 build_road h6.n-ne");
	APPLY(s, "p0 build_settlement h3.sw");
	APPLY(s, "p0 build_road h3.s-sw");
	EXPECT_PHASE(s, ROLL);
	return s;
}

/* ================================================================ board */

/*
 * "Return 2 hills, 2 pastures, 2 mountains, and 1 desert from CATAN to the
 * box." "Place the 2 river tiles as shown here. Randomly place the
 * remaining hexes" "set aside the number 2 disc. Then place the number
 * discs as normal ... skipping over the swamps. Finally, place the number
 * 2 disc on the same hex as the number 12 disc." On the fixed layout and
 * on random boards alike: 2 swamps without numbers, 17 hexes with one
 * number each but the 12's, which has the 2 too.
 */
START_TEST(test_board_composition)
{
	for (int seed = 0; seed < 18; seed++) {
		char spec[128];
		const catan_game *g;
		catan_state *s;
		unsigned terrains[CATAN_TERRAIN_COUNT] = { 0 }, numbered = 0, twelve = 0;

		/* the fixed layout, random numbers, the spiral ("starting in
		 * a corner") */
		if (seed == 0)
			snprintf(spec, sizeof(spec), "%s", FIXED);
		else
			snprintf(spec, sizeof(spec), "base(seed=%d%s)+rivers", seed,
				 seed >= 12 ? ",numbers=spiral" : "");
		s = new_state(spec);
		g = catan_state_game(s);
		for (unsigned h = 0; h < 19; h++) {
			catan_hex_info hi;

			CATAN_ASSERT_OK(catan_board_hex(g, h, &hi));
			terrains[hi.terrain]++;
			if (hi.terrain == CATAN_TERRAIN_SWAMP) {
				ck_assert_uint_eq(hi.nnumbers, 0);
				continue;
			}
			numbered++;
			if (hi.numbers[hi.nnumbers - 1] == 12) {
				twelve++;
				ck_assert_uint_eq(hi.nnumbers, 2);
				ck_assert_uint_eq(hi.numbers[0], 2);
			} else {
				ck_assert_uint_eq(hi.nnumbers, 1);
				ck_assert_uint_ne(hi.numbers[0], 2);
			}
		}
		ck_assert_uint_eq(numbered, 17);
		ck_assert_uint_eq(twelve, 1);
		ck_assert_uint_eq(terrains[CATAN_TERRAIN_SWAMP], 2);
		ck_assert_uint_eq(terrains[CATAN_TERRAIN_DESERT], 0);
		ck_assert_uint_eq(terrains[CATAN_TERRAIN_FOREST], 4);
		ck_assert_uint_eq(terrains[CATAN_TERRAIN_FIELDS], 4);
		ck_assert_uint_eq(terrains[CATAN_TERRAIN_PASTURE], 3);
		ck_assert_uint_eq(terrains[CATAN_TERRAIN_HILLS], 3);
		ck_assert_uint_eq(terrains[CATAN_TERRAIN_MOUNTAINS], 3);
		/* "Place the 2 river tiles as shown here": fixed places */
		{
			catan_hex_info hi;

			CATAN_ASSERT_OK(catan_board_hex(g, 8, &hi));
			ck_assert_uint_eq(hi.terrain, CATAN_TERRAIN_SWAMP);
			CATAN_ASSERT_OK(catan_board_hex(g, 10, &hi));
			ck_assert_uint_eq(hi.terrain, CATAN_TERRAIN_SWAMP);
		}
	}
}
END_TEST

/* "That hex will produce whenever a 2 or a 12 is rolled." (h3 fields 12+2) */
START_TEST(test_two_and_twelve_hex_produces_on_both)
{
	catan_state *s = set_up(FIXED);

	SETTLEMENT(s, 1, "h3.nw");
	HAND(s, 1, "");
	ROLL(s, 2);
	EXPECT_PHASE(s, MAIN);
	ck_assert_int_eq(catan_state_holding(s, 1, "gold", &(int32_t){ 0 }), CATAN_OK);
	{
		catan_player_info pi;

		CATAN_ASSERT_OK(catan_state_player(s, 1, &pi));
		ck_assert_uint_eq(pi.cards[CATAN_GRAIN], 1);
	}
	APPLY(s, "p0 end_turn");
	HAND(s, 1, "");
	APPLY(s, "p1 roll");
	APPLY(s, "chance dice 12");
	{
		catan_player_info pi;

		CATAN_ASSERT_OK(catan_state_player(s, 1, &pi));
		ck_assert_uint_eq(pi.cards[CATAN_GRAIN], 1);
	}
}
END_TEST

/* "Place the robber on either of the 2 swamps." T11: a parameter, by
 * default the swamp of the lower id; refused on a hex that is no swamp. */
START_TEST(test_robber_starts_on_a_swamp)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = NULL;
	catan_state *s = new_state(FIXED);

	ck_assert_int_eq(catan_state_robber(s), 8);
	s = new_state("base(players=3,board=beginner)+rivers(robber=10)");
	ck_assert_int_eq(catan_state_robber(s), 10);
	ck_assert_int_eq(catan_game_new_from_string(&g, ctx, "base(board=beginner)+rivers(robber=9)"),
			 CATAN_EINVAL);
	ck_assert_ptr_null(g);
	ck_assert_ptr_nonnull(strstr(catan_ctx_errmsg(ctx), "not a swamp"));
	/* the fixed layout has fixed numbers */
	ck_assert_int_eq(catan_game_new_from_string(&g, ctx, "base(board=beginner,numbers=spiral)+rivers"),
			 CATAN_EINVAL);
	catan_ctx_free(ctx);
}
END_TEST

/* ================================================================ set-up */

/*
 * Set-up: "Roads may not be built on bridge sites" "For each settlement
 * you build on an intersection of a river tile, you receive 1 gold."
 * "For each road you build on an edge of a river tile, you receive 1
 * gold." T11: any corner or side of a river hex, the swamp included.
 */
START_TEST(test_setup_gold_and_bridge_sites)
{
	catan_state *s = new_state(FIXED);

	APPLY(s, "chance first_player p0");
	APPLY(s, "p0 build_settlement h12.se");
	ck_assert_int_eq(gold(s, 0), 1);
	REFUSE(s, "p0 build_road h12.se-s", VARIANT_RULE);
	APPLY(s, "p0 build_road h13.s-sw");
	ck_assert_int_eq(gold(s, 0), 2);
	/* a corner of the swamp h8 is a river intersection */
	APPLY(s, "p1 build_settlement h8.se");
	ck_assert_int_eq(gold(s, 1), 1);
	APPLY(s, "p1 build_road h8.se-s");
	ck_assert_int_eq(gold(s, 1), 2);
	/* away from the rivers: nothing */
	APPLY(s, "p2 build_settlement h2.n");
	APPLY(s, "p2 build_road h2.n-ne");
	ck_assert_int_eq(gold(s, 2), 0);
}
END_TEST

/* ================================================================ bridges */

/*
 * "Bridges are placed on empty bridge sites. A new bridge must connect to
 * one of your existing roads or buildings." "Bridges cost 2 brick and 1
 * wood" "Bridges are worth 0 VP." "You receive 3 gold each time you build
 * a bridge." "also take the 3 bridges in your color"
 */
START_TEST(test_bridge_cost_place_gold)
{
	catan_state *s = set_up(FIXED);
	catan_cost_info ci;
	uint32_t stock = 0;
	int before, i = catan_game_cost_index(catan_state_game(s), "bridge");

	ck_assert_int_ge(i, 0);
	CATAN_ASSERT_OK(catan_game_cost(catan_state_game(s), i, &ci));
	ck_assert_uint_eq(ci.cards[CATAN_BRICK], 2);
	ck_assert_uint_eq(ci.cards[CATAN_LUMBER], 1);
	ck_assert_uint_eq(ci.cards[CATAN_WOOL] + ci.cards[CATAN_GRAIN] + ci.cards[CATAN_ORE], 0);
	ROLL(s, 4);
	HAND(s, 0, "brick=1,lumber=1");
	/* h12.se-s touches p0's h12.se settlement */
	REFUSE(s, "p0 build_bridge h12.se-s", INSUFFICIENT_RESOURCES);
	HAND(s, 0, "brick=2,lumber=1");
	REFUSE(s, "p0 build_bridge h0.se-s", NOT_CONNECTED);
	REFUSE(s, "p0 build_bridge h9.s-sw", BAD_LOCATION);
	before = vp(s, 0);
	APPLY(s, "p0 build_bridge h12.se-s");
	ck_assert_int_eq(gold(s, 0), 2 + 3);
	ck_assert_int_eq(vp(s, 0), before);
	{
		catan_player_info pi;

		CATAN_ASSERT_OK(catan_state_player(s, 0, &pi));
		ck_assert_uint_eq(pi.card_total, 0);
	}
	HAND(s, 0, "brick=2,lumber=1");
	REFUSE(s, "p0 build_bridge h12.se-s", OCCUPIED);
	/* the stock: 3 bridges */
	CATAN_ASSERT_OK(catan_state_piece_stock(s, 0, 0, &stock));
	ck_assert_uint_eq(stock, 2);
}
END_TEST

/* "You may not build a bridge past an opponent's settlement or city." */
START_TEST(test_bridge_not_past_opponent)
{
	catan_state *s = set_up(FIXED);

	ROLL(s, 4);
	/* p0's road ends at h16.se (h16 h17), where p1 now builds */
	ROAD(s, 0, "h16.ne-se");
	SETTLEMENT(s, 1, "h16.se");
	HAND(s, 0, "brick=2,lumber=1");
	REFUSE(s, "p0 build_bridge h16.se-s", NOT_CONNECTED);
	REMOVE(s, "h16.se");
	APPLY(s, "p0 build_bridge h16.se-s");
}
END_TEST

/* T17: "A bridge is part of its owner's network (roads and settlements may
 * extend from it)." "Bridges count as roads for purposes of the Longest
 * Route bonus VP tile." */
START_TEST(test_bridge_in_network_and_longest_road)
{
	catan_state *s = set_up(FIXED);
	catan_player_info pi;

	ROLL(s, 4);
	HAND(s, 0, "brick=4,lumber=3,wool=1,grain=1");
	APPLY(s, "p0 build_road h16.ne-se");
	APPLY(s, "p0 build_bridge h16.se-s");
	/* "Example: Blue builds the pieces outlined in black and receives 5
	 * gold." a road along the river, the bridge, a settlement beyond */
	APPLY(s, "p0 build_settlement h16.s");
	ck_assert_int_eq(gold(s, 0), 2 + 5);
	CATAN_ASSERT_OK(catan_state_player(s, 0, &pi));
	/* h12.se - h13.s - h16.se - h16.s: road, road, bridge */
	ck_assert_uint_eq(pi.longest_road, 3);
}
END_TEST

/* "The Road Building development card does not allow you to build
 * bridges." and "Roads may not be built on bridge sites": the card's
 * roads keep off them. */
START_TEST(test_road_building_no_bridge)
{
	catan_state *s = set_up(FIXED);

	ROLL(s, 4);
	CATAN_ASSERT_OK(catan_edit_give_dev_card(s, 0, CATAN_DEV_ROAD_BUILDING, 1));
	APPLY(s, "p0 play_road_building");
	EXPECT_PHASE(s, ROAD_BUILDING);
	REFUSE(s, "p0 build_road h12.se-s", VARIANT_RULE);
	REFUSE(s, "p0 build_bridge h12.se-s", WRONG_PHASE);
	APPLY(s, "p0 build_road h16.ne-se");
	ck_assert_int_eq(gold(s, 0), 3);
}
END_TEST

/* T11: "a city upgrade earns nothing". */
START_TEST(test_city_upgrade_earns_nothing)
{
	catan_state *s = set_up(FIXED);

	ROLL(s, 4);
	HAND(s, 0, "grain=2,ore=3");
	APPLY(s, "p0 build_city h12.se");
	ck_assert_int_eq(gold(s, 0), 2);
}
END_TEST

/* ================================================================ coins */

/* "You may spend 2 gold to take 1 resource card of your choice from the
 * supply up to two times during your turn." */
START_TEST(test_spend_gold_twice_a_turn)
{
	catan_state *s = set_up(FIXED);
	catan_player_info pi;

	set_gold(s, 0, 7);
	HAND(s, 0, "");
	APPLY(s, "p0 spend_gold ore");
	ROLL(s, 4);
	APPLY(s, "p0 spend_gold wool");
	ck_assert_int_eq(gold(s, 0), 3);
	REFUSE_SAYING(s, "p0 spend_gold grain", VARIANT_RULE, "at most 2");
	CATAN_ASSERT_OK(catan_state_player(s, 0, &pi));
	ck_assert_uint_eq(pi.cards[CATAN_ORE], 1);
	ck_assert_uint_eq(pi.cards[CATAN_WOOL], 1);
	APPLY(s, "p0 end_turn");
	/* not in another player's turn */
	set_gold(s, 0, 4);
	REFUSE(s, "p0 spend_gold grain", NOT_YOUR_TURN);
	set_gold(s, 1, 1);
	ROLL(s, 4);
	REFUSE(s, "p1 spend_gold grain", INSUFFICIENT_RESOURCES);
}
END_TEST

/* "You may also trade resource cards with the supply for gold at the
 * general 4:1 rate" "You may use coins in trades with other players."
 * G5: coins are unlimited (no supply). */
START_TEST(test_gold_trades)
{
	catan_state *s = set_up(FIXED);

	ROLL(s, 4);
	HAND(s, 0, "grain=4");
	APPLY(s, "p0 maritime_trade give grain=4 get gold=1");
	ck_assert_int_eq(gold(s, 0), 3);
	HAND(s, 1, "ore=1");
	APPLY(s, "p0 offer_trade give gold=2 get ore=1");
	APPLY(s, "p1 accept_trade");
	APPLY(s, "p2 decline_trade");
	APPLY(s, "p0 confirm_trade p1");
	ck_assert_int_eq(gold(s, 0), 1);
	ck_assert_int_eq(gold(s, 1), 2);
	/* "The player with the most gold immediately receives the
	 * Wealthiest Catanian bonus VP tile": p1 now, in p0's turn */
	ck_assert_int_eq(counter(s, -1, "wealthiest"), 1);
}
END_TEST

/* "Coins do not count toward your hand size, nor may they be stolen when
 * a player "Resolves a 7." You may not use the Monopoly development card
 * to take coins from other players." */
START_TEST(test_coins_are_no_cards)
{
	catan_state *s = set_up(FIXED);

	set_gold(s, 1, 20);
	HAND(s, 1, "wool=7");
	HAND(s, 0, "");
	ROLL(s, 7);
	/* 7 cards: no discard although p1 holds 20 gold */
	EXPECT_PHASE(s, ROBBER);
	ck_assert_int_eq(gold(s, 1), 20);
	/* the steal and Monopoly: the core's traded-holding rules
	 * (tests/test-gold-trades.c), with this module's gold below */
	APPLY(s, "p0 move_robber h15");
	APPLY(s, "p0 steal p1");
	APPLY(s, "chance steal_card wool");
	ck_assert_int_eq(gold(s, 1), 20);
	CATAN_ASSERT_OK(catan_edit_give_dev_card(s, 0, CATAN_DEV_MONOPOLY, 1));
	APPLY(s, "p0 play_monopoly wool");
	ck_assert_int_eq(gold(s, 1), 20);
	ck_assert_int_eq(gold(s, 0), 2);
}
END_TEST

/* ================================================================ wealth */

/*
 * "The player with the most gold immediately receives the Wealthiest
 * Catanian bonus VP tile. It is worth 1 VP. If there is a tie, the
 * Wealthiest Catanian tile remains next to (or is returned to) the
 * supply." "The player(s) with the least gold immediately receives a Poor
 * Catanian tile. It is worth -2 VP. As soon as you do not have the least
 * gold, return the tile to the supply." T11: every player tied at the
 * least is Poor, even when all are tied; points are signed.
 */
START_TEST(test_wealth_tiles)
{
	catan_state *s = new_state(FIXED);

	/* all tied at 0: all Poor, nobody Wealthiest */
	ck_assert_int_eq(counter(s, -1, "wealthiest"), -1);
	for (int p = 0; p < 3; p++) {
		ck_assert_int_eq(counter(s, p, "poor"), 1);
		ck_assert_int_eq(vp(s, p), -2);
	}
	s = set_up(FIXED);
	/* p0 2 gold, p1 and p2 none */
	ck_assert_int_eq(counter(s, -1, "wealthiest"), 0);
	ck_assert_int_eq(vp(s, 0), 2 + 1);
	ck_assert_int_eq(vp(s, 1), 2 - 2);
	ck_assert_int_eq(vp(s, 2), 2 - 2);
	/* a tie at the top: the tile goes back */
	set_gold(s, 1, 2);
	ck_assert_int_eq(counter(s, -1, "wealthiest"), -1);
	ck_assert_int_eq(vp(s, 0), 2);
	ck_assert_int_eq(vp(s, 2), 0);
	/* all tied again, above 0: all Poor */
	set_gold(s, 2, 2);
	for (int p = 0; p < 3; p++)
		ck_assert_int_eq(vp(s, p), 0);
	/* signed points: a Poor player with 1 point */
	REMOVE(s, "h2.n");
	ck_assert_int_eq(vp(s, 2), -1);
}
END_TEST

/* "If you have 10 or more VPs at any point during your turn, the game ends
 * and you are the winner!" Harbors of CATAN adds 1 (T17: 11). */
START_TEST(test_win_targets)
{
	catan_state *s = new_state(FIXED);
	int32_t t = 0;

	CATAN_ASSERT_OK(catan_state_vp_to_win(s, 0, &t));
	ck_assert_int_eq(t, 10);
	s = new_state("base(players=3,board=beginner)+rivers+harbors");
	CATAN_ASSERT_OK(catan_state_vp_to_win(s, 0, &t));
	ck_assert_int_eq(t, 11);
}
END_TEST

/* ================================================================ combining */

/* T1: the other scenarios are refused by name; the T&B variants combine. */
START_TEST(test_combinations)
{
	static const char *const ok[] = {
		"base+rivers+friendly_robber", "base+rivers+harbors", "base+rivers+event_cards",
		"base(players=2)+catan_for_two+rivers",
	};
	catan_ctx *ctx = catan_test_ctx_new();

	for (size_t i = 0; i < ARRAY_SIZE(ok); i++) {
		catan_game *g = NULL;

		ck_assert_msg(catan_game_new_from_string(&g, ctx, ok[i]) == CATAN_OK, "%s: %s", ok[i],
			      catan_ctx_errmsg(ctx));
		catan_game_unref(g);
	}
	catan_ctx_free(ctx);
}
END_TEST

/* Catan for Two: "When you build a settlement on a swamp, you receive 2
 * trade tokens in addition to the 1 gold for building on a river hex."
 * (and 1 for the coast, the base rule: h8.sw is not coastal). */
START_TEST(test_c4t_swamp_settlement_tokens)
{
	catan_state *s = new_state("base(players=2,board=beginner,chance=explicit)+catan_for_two+rivers");

	APPLY(s, "chance first_player p0");
	ck_assert_int_eq(counter(s, 0, "trade_tokens"), 5);
	APPLY(s, "p0 build_settlement h8.se");
	ck_assert_int_eq(counter(s, 0, "trade_tokens"), 7);
	ck_assert_int_eq(gold(s, 0), 1);
}
END_TEST

/* Catan for Two: "Actions that move the robber to the desert move it to a
 * swamp instead." T11/T17: a swamp of the mover's choice; the robber moves,
 * so from one swamp it goes to the other. */
START_TEST(test_c4t_token_robber_to_a_swamp)
{
	catan_state *s = new_state("base(players=2,board=beginner,chance=explicit)+catan_for_two+rivers");

	APPLY(s, "chance first_player p0");
	APPLY(s, "p0 build_settlement h12.se");
	APPLY(s, "p0 build_road h13.s-sw");
	APPLY(s, "p1 build_settlement h2.n");
	APPLY(s, "p1 build_road h2.n-ne");
	APPLY(s, "p1 build_settlement h11.se");
	APPLY(s, "p1 build_road h11.se-s");
	APPLY(s, "p0 build_settlement h3.sw");
	APPLY(s, "p0 build_road h3.s-sw");
	EXPECT_PHASE(s, ROLL);
	/* from the swamp h8 only the other swamp is left: no choice */
	APPLY(s, "p0 token_robber");
	ck_assert_int_eq(catan_state_robber(s), 10);
	APPLY(s, "p0 roll");
	APPLY(s, "chance dice 4");
	APPLY(s, "chance dice 5");
	APPLY(s, "p0 end_turn");
	CATAN_ASSERT_OK(catan_edit_set_robber(s, 9));
	/* from a land hex: the mover picks either swamp */
	APPLY(s, "p1 token_robber");
	ck_assert_str_eq(catan_state_phase_name(s, catan_state_phase(s)), "robber_swamp");
	REFUSE(s, "p1 robber_swamp h9", BAD_LOCATION);
	REFUSE(s, "p0 robber_swamp h8", NOT_YOUR_TURN);
	APPLY(s, "p1 robber_swamp h10");
	ck_assert_int_eq(catan_state_robber(s), 10);
	EXPECT_PHASE(s, ROLL);
}
END_TEST

/* Friendly Robber: "If there is no valid hex, move the robber to the
 * desert." With Rivers (T11, T17): to a swamp of the mover's choice. Every
 * player is Poor (all at 0 gold), so at 3 settlements or fewer everyone
 * has 2 points or fewer and every hex with a building is spared. */
START_TEST(test_fr_fallback_any_swamp)
{
	catan_state *s = set_up("base(players=3,board=beginner,chance=explicit)+friendly_robber+rivers");
	static const char *const where[3][3] = {
		{ "h0.s", "h1.s", "h2.s" }, { "h7.se", "h9.s", "h10.se" }, { "h13.s", "h14.se", NULL },
	};

	clear_position(s);
	for (int p = 0; p < 3; p++) {
		set_gold(s, p, 0);
		HAND(s, p, "");
		for (int i = 0; i < 3; i++)
			if (where[p][i])
				SETTLEMENT(s, p, where[p][i]);
	}
	for (int p = 0; p < 3; p++)
		ck_assert_int_le(vp(s, p), 2);
	ROLL_PHASE(s, 0);
	ROLL(s, 7);
	EXPECT_PHASE(s, ROBBER);
	EXPECT_ROBBER_MOVES(s, 0, "h8 h10");
	REFUSE(s, "p0 move_robber h9", VARIANT_RULE);
	APPLY(s, "p0 move_robber h10");
	EXPECT_PHASE(s, MAIN);
}
END_TEST

/* Event Cards' Robber Flees ("robber to the desert, then produce", T4):
 * with Rivers a swamp of the turn player's choice (T17), here after the
 * production (swamps produce nothing either way). */
START_TEST(test_robber_flees_to_a_swamp)
{
	catan_state *s = set_up("base(players=3,board=beginner,chance=explicit)+event_cards+rivers");

	CATAN_ASSERT_OK(catan_edit_set_robber(s, 14));
	APPLY(s, "p0 roll");
	APPLY(s, "chance event_card 4 robber_flees");
	ck_assert_str_eq(catan_state_phase_name(s, catan_state_phase(s)), "robber_swamp");
	ck_assert_int_eq(catan_state_robber(s), 8);
	REFUSE(s, "p1 robber_swamp h10", NOT_YOUR_TURN);
	REFUSE(s, "p0 build_road h16.ne-se", WRONG_PHASE);
	LEGAL(s, "p0 robber_swamp h8");
	APPLY(s, "p0 robber_swamp h10");
	ck_assert_int_eq(catan_state_robber(s), 10);
	EXPECT_PHASE(s, MAIN);
}
END_TEST

#define ADD(suite_, fn_) \
	CATAN_TEST_ADD_FIXTURE((suite_), fn_, pool_setup, pool_teardown)

/* Whether the library was built with rivers and every module the
 * combinations name (-Dmodules; CI builds each module alone too). */
static bool
modules_built(void)
{
	static const char *const need[] = {
		"rivers", "friendly_robber", "harbors", "event_cards", "catan_for_two",
	};
	catan_ctx *ctx = NULL;
	size_t seen = 0;

	if (catan_ctx_new(&ctx, NULL) != CATAN_OK)
		return false;
	for (size_t i = 0; i < catan_ctx_module_count(ctx); i++)
		for (size_t k = 0; k < ARRAY_SIZE(need); k++)
			if (strcmp(catan_ctx_module_name(ctx, i), need[k]) == 0)
				seen++;
	catan_ctx_free(ctx);
	return seen == ARRAY_SIZE(need);
}

void
catan_test_register(SRunner *sr)
{
	Suite *s;

	if (!modules_built())
		catan_test_skip_all("the library was built without rivers and the Traders & Barbarians variants");
	s = catan_test_suite(sr, "rivers");

	ADD(s, test_board_composition);
	ADD(s, test_two_and_twelve_hex_produces_on_both);
	ADD(s, test_robber_starts_on_a_swamp);
	ADD(s, test_setup_gold_and_bridge_sites);
	ADD(s, test_bridge_cost_place_gold);
	ADD(s, test_bridge_not_past_opponent);
	ADD(s, test_bridge_in_network_and_longest_road);
	ADD(s, test_road_building_no_bridge);
	ADD(s, test_city_upgrade_earns_nothing);
	ADD(s, test_spend_gold_twice_a_turn);
	ADD(s, test_gold_trades);
	ADD(s, test_coins_are_no_cards);
	ADD(s, test_wealth_tiles);
	ADD(s, test_win_targets);
	ADD(s, test_combinations);
	ADD(s, test_c4t_swamp_settlement_tokens);
	ADD(s, test_c4t_token_robber_to_a_swamp);
	ADD(s, test_fr_fallback_any_swamp);
	ADD(s, test_robber_flees_to_a_swamp);
}
