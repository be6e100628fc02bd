/*
 * libcatanrules: rule tests of the Traders & Barbarians variant CATAN for
 * Two (module catan_for_two).
 * SPDX-License-Identifier: MIT
 *
 * Every rule sentence of traders-and-barbarians.txt, "Catan for Two"
 * (Changes to Setup, Additional Rules, Combining with Other CATAN
 * Products) and the rulings G3, G5 and T5 of RULINGS.md are cited by at
 * least one test below that fails when the rule is missing or wrong.
 * Refusals are checked with catan_state_check_action() (reason code) and
 * then with catan_state_apply(), which must leave the state unchanged.
 *
 * Positions are built on the beginner board (FACTS.md 1.2) with the snake
 * set-up (setup=beginner is refused by the module) and explicit chance:
 *
 *	h0 mountains 10  h1 pasture 2    h2 forest 9
 *	h3 fields 12     h4 hills 6      h5 pasture 4    h6 hills 10
 *	h7 fields 9      h8 forest 11    h9 desert       h10 forest 3  h11 mountains 8
 *	h12 forest 8     h13 mountains 3 h14 fields 4    h15 pasture 5
 *	h16 hills 5      h17 fields 6    h18 pasture 11
 *
 * The neutral players p2 and p3 start on h0.s (h0 h3 h4) and h14.se
 * (h14 h15 h18); their first roads can go to h0.se-s, h0.s-sw, h3.ne-se
 * and h14.ne-se, h14.se-s, h15.s-sw. Most tests skip the set-up with
 * edits: p0 has a settlement on h2.s (h2 h5 h6) with a road h2.se-s, p1 a
 * settlement on h13.se (h13 h14 h17) with a road h13.se-s.
 */

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test-rules-kit.h"


/* --------------------------------------------------------------- games */

#define C2 "base(players=2,board=beginner,chance=explicit)+catan_for_two"

static int
tokens(const catan_state *s, int player)
{
	int32_t v = -1;

	CATAN_ASSERT_OK(catan_state_counter(s, player,
					    player < 0 ? "trade_token_supply" : "trade_tokens",
					    &v));
	return v;
}

static int
game_counter(const catan_state *s, const char *name)
{
	int32_t v = -1;

	CATAN_ASSERT_OK(catan_state_counter(s, -1, name, &v));
	return v;
}

/* The roll-off went to p0; the set-up is skipped with edits. */
static catan_state *
two(const char *modules)
{
	char spec[200];
	catan_state *s;

	snprintf(spec, sizeof(spec), "%s%s", C2, modules);
	s = new_state(spec);
	APPLY(s, "chance first_player p0");
	SETTLEMENT(s, 0, "h2.s");
	ROAD(s, 0, "h2.se-s");
	SETTLEMENT(s, 1, "h13.se");
	ROAD(s, 1, "h13.se-s");
	return s;
}

static int
owner_at(const catan_state *s, const char *where, int kind)
{
	int owner = -7;
	unsigned id = 0;
	int loc = 0;

	CATAN_ASSERT_OK(catan_location_parse(catan_state_game(s), where, &loc, &id));
	ck_assert_int_eq(loc, kind);
	if (kind == CATAN_LOC_EDGE)
		catan_state_edge_piece(s, id, &owner);
	else
		catan_state_vertex_piece(s, id, &owner);
	return owner;
}

static unsigned
hand_of(const catan_state *s, int player, int kind)
{
	catan_player_info pi;

	CATAN_ASSERT_OK(catan_state_player(s, player, &pi));
	return kind < 0 ? pi.card_total : pi.cards[kind];
}

/* The probability of a chance outcome in notation, as num/den; 0/1 if it
 * is no outcome. */
static void
outcome_at(int line, const catan_state *s, const char *text, unsigned num,
	   unsigned den)
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

static size_t
outcome_count(const catan_state *s)
{
	size_t n = 0;
	int rc = catan_state_chance_outcomes(s, NULL, 0, &n);

	ck_assert(rc == CATAN_OK || rc == CATAN_EBUFS);
	return n;
}

static size_t
count_type(const catan_state *s, int player, int type)
{
	catan_action buf[512];
	size_t n = 0, k = 0;

	CATAN_ASSERT_OK(catan_state_legal_actions(s, player, buf, ARRAY_SIZE(buf), &n));
	for (size_t i = 0; i < n; i++)
		k += buf[i].type == type;
	return k;
}

static size_t
count_all(const catan_state *s, int player)
{
	size_t n = 0;
	int rc = catan_state_legal_actions(s, player, NULL, 0, &n);

	ck_assert(rc == CATAN_OK || rc == CATAN_EBUFS);
	return n;
}

static int
game_rc(const char *spec)
{
	catan_game *g = NULL;
	int rc = catan_game_new_from_string(&g, pool.ctx, spec);

	catan_game_unref(g);
	return rc;
}

/* Both productions of a turn: the roll, then the second roll. */
static void
roll2_at(int line, catan_state *s, int first, int second)
{
	applyf_at(line, s, "p%d roll", catan_state_turn_player(s));
	applyf_at(line, s, "chance dice %d", first);
	expect_phase_at(line, s, CATAN_PHASE_SECOND_PRODUCTION);
	applyf_at(line, s, "chance dice %d", second);
}

#define ROLL2(s_, a_, b_) roll2_at(__LINE__, (s_), (a_), (b_))

/* two("") with both hands set and p0's turn in @phase: most tests of the
 * dice and of the tokens start so. */
static catan_state *
two_hands(int phase, const char *hand0, const char *hand1)
{
	catan_state *s = two("");

	HAND(s, 0, hand0);
	HAND(s, 1, hand1);
	turn_at(__LINE__, s, 0, phase);
	return s;
}

/*
 * p0 builds a settlement on h2.ne (on the coast) at the end of a new road
 * h2.ne-se, in its Action phase. With @p2_roads, roads of p2 from h0.s
 * lead to h0.nw, a place for a neutral settlement.
 */
static catan_state *
two_settlement_built(bool p2_roads)
{
	catan_state *s = two("");

	ROAD(s, 0, "h2.ne-se");
	if (p2_roads) {
		ROAD(s, 2, "h0.s-sw");
		ROAD(s, 2, "h0.sw-nw");
	}
	MAIN_PHASE(s, 0);
	HAND(s, 0, "lumber=1,brick=1,wool=1,grain=1");
	APPLY(s, "p0 build_settlement h2.ne");
	return s;
}

/* p0 plays Road Building and builds the card's first road, h2.ne-se: a
 * neutral road is owed before the second. */
static void
card_first_road(catan_state *s)
{
	MAIN_PHASE(s, 0);
	HAND(s, 0, "");
	CATAN_ASSERT_OK(catan_edit_give_dev_card(s, 0, CATAN_DEV_ROAD_BUILDING, 1));
	APPLY(s, "p0 play_road_building");
	APPLY(s, "p0 build_road h2.ne-se");
	EXPECT_PHASE(s, NEUTRAL_BUILD);
}

/* ---------------------------------------------------------- players */

/* "Catan for Two": two players, and "the remaining two sets of pieces ...
 * serve as game components for the two imaginary neutral players". */
START_TEST(test_c2_two_players_two_neutrals)
{
	catan_game *g = catan_test_game_new(pool.ctx, "base+catan_for_two");

	ck_assert_int_eq(catan_game_num_players(g), 2);
	ck_assert_int_eq(catan_game_neutral_players(g), 2);
	catan_game_unref(g);
	ck_assert_int_eq(game_rc("base(players=2)+catan_for_two"), CATAN_OK);
	ck_assert_int_eq(game_rc("base(players=3)+catan_for_two"), CATAN_EINVAL);
	ck_assert_int_eq(game_rc("base(players=4)+catan_for_two"), CATAN_EINVAL);
	ck_assert_int_eq(game_rc("base(players=1)+catan_for_two"), CATAN_EINVAL);
	/* the base game alone stays 3-4 */
	ck_assert_int_eq(game_rc("base(players=2)"), CATAN_EINVAL);
}
END_TEST

/* "For each neutral player, place 1 settlement (no road) on one of the
 * intersections shown here. Then complete setup as usual." (T5: the
 * inland intersections of h0 h3 h4 and of h14 h15 h18.) */
START_TEST(test_c2_neutral_start_settlements)
{
	catan_state *s = new_state(C2);
	catan_player_info pi;

	ck_assert_int_eq(owner_at(s, "h0.s", CATAN_LOC_VERTEX), 2);
	ck_assert_int_eq(owner_at(s, "h14.se", CATAN_LOC_VERTEX), 3);
	for (int p = 2; p <= 3; p++) {
		CATAN_ASSERT_OK(catan_state_player(s, p, &pi));
		ck_assert_uint_eq(pi.settlements_left, 4);
		ck_assert_uint_eq(pi.roads_left, 15);
		ck_assert_uint_eq(pi.card_total, 0);
	}
	APPLY(s, "chance first_player p0");
	/* the distance rule holds against them in the set-up */
	REFUSE(s, "p0 build_settlement h0.se", DISTANCE_RULE);
	REFUSE(s, "p0 build_settlement h14.s", DISTANCE_RULE);
	/* neutral players never act */
	ck_assert_uint_eq(catan_state_acting_players(s), 1u);
}
END_TEST

/* T5: "overridable by parameter"; the two must be intersections of the
 * board that keep the distance rule between them. */
START_TEST(test_c2_t5_neutral_parameters)
{
	catan_state *s = new_state(C2 "(neutral1=20,neutral2=40)");

	ck_assert_int_eq(owner_at(s, "h5.se", CATAN_LOC_VERTEX), 2);
	ck_assert_int_eq(owner_at(s, "h12.sw", CATAN_LOC_VERTEX), 3);
	ck_assert_int_eq(owner_at(s, "h0.s", CATAN_LOC_VERTEX), -1);
	s = new_state(C2 "(neutral2=10)");
	ck_assert_int_eq(owner_at(s, "h0.s", CATAN_LOC_VERTEX), 2);
	ck_assert_int_eq(owner_at(s, "h2.n", CATAN_LOC_VERTEX), 3);
	ck_assert_int_eq(game_rc(C2 "(neutral1=54)"), CATAN_EINVAL);
	ck_assert_int_eq(game_rc(C2 "(neutral1=43)"), CATAN_EINVAL);   /* the same */
	ck_assert_int_eq(game_rc(C2 "(neutral1=44)"), CATAN_EINVAL);   /* next to h14.se */
	ck_assert_int_eq(game_rc(C2 "(neutral1=-2)"), CATAN_EINVAL);
	/* "Create the board using the Variable Setup": no beginner set-up */
	ck_assert_int_eq(game_rc("base(players=2,setup=beginner)+catan_for_two"), CATAN_EINVAL);
	/* any board: the beginner board is allowed (doc/variants) */
	ck_assert_int_eq(game_rc("base(players=2,board=random)+catan_for_two"), CATAN_OK);
}
END_TEST

/* ------------------------------------------------------------ tokens */

/* "Each player takes 5 trade tokens. Place the remaining 10 trade tokens
 * next to the board." "For each of your settlements built on the desert,
 * take 2 trade tokens. For each of your settlements built on the coast,
 * take 1 trade token." (T5: adjacent to the desert hex / to the sea.) */
START_TEST(test_c2_setup_tokens)
{
	catan_state *s = new_state(C2);

	ck_assert_int_eq(tokens(s, 0), 5);
	ck_assert_int_eq(tokens(s, 1), 5);
	ck_assert_int_eq(tokens(s, -1), 10);
	APPLY(s, "chance first_player p0");
	APPLY(s, "p0 build_settlement h9.s");       /* a corner of the desert */
	ck_assert_int_eq(tokens(s, 0), 7);
	ck_assert_int_eq(tokens(s, -1), 8);
	APPLY(s, "p0 build_road h9.se-s");
	APPLY(s, "p1 build_settlement h0.n");       /* on the coast */
	ck_assert_int_eq(tokens(s, 1), 6);
	APPLY(s, "p1 build_road h0.n-ne");
	APPLY(s, "p1 build_settlement h1.se");      /* inland, no desert */
	ck_assert_int_eq(tokens(s, 1), 6);
	APPLY(s, "p1 build_road h1.se-s");
	APPLY(s, "p0 build_settlement h6.se");      /* on the coast */
	ck_assert_int_eq(tokens(s, 0), 8);
	ck_assert_int_eq(tokens(s, -1), 6);
	/* set-up roads owe no neutral road */
	APPLY(s, "p0 build_road h6.se-s");
	EXPECT_PHASE(s, ROLL);
	ck_assert_int_eq(tokens(s, 0) + tokens(s, 1) + tokens(s, -1), 20);
}
END_TEST

/* "When you build a settlement on the coast, take 1 trade token" — in
 * the Action phase too; neutral settlements earn none (T5). */
START_TEST(test_c2_settlement_tokens_later)
{
	catan_state *s = two_settlement_built(true);

	ck_assert_int_eq(tokens(s, 0), 6);
	ck_assert_int_eq(tokens(s, -1), 9);
	APPLY(s, "p0 neutral_settlement h0.nw p2");  /* coastal, but neutral */
	ck_assert_int_eq(tokens(s, -1), 9);
	ck_assert_int_eq(tokens(s, 0) + tokens(s, 1) + tokens(s, -1), 20);
}
END_TEST

/* T5 (on the desert = adjacent to the desert hex, on the coast = adjacent
 * to the sea): a settlement that is both earns both, 3 tokens. A random
 * board with the desert on the frame gives such an intersection. */
START_TEST(test_c2_t5_desert_and_coast_add_up)
{
	for (unsigned seed = 1; seed < 200; seed++) {
		char spec[160], where[32];
		catan_game *g;
		catan_state *s;
		catan_board_counts bc;
		unsigned pick = UINT32_MAX;

		snprintf(spec, sizeof(spec),
			 "base(players=2,seed=%u,chance=explicit)+catan_for_two", seed);
		g = catan_test_game_new(pool.ctx, spec);
		s = catan_test_state_new(g);
		CATAN_ASSERT_OK(catan_board_counts_get(g, &bc));
		for (unsigned v = 0; v < bc.vertices && pick == UINT32_MAX; v++) {
			catan_vertex_info vi;
			bool desert = false, near = false;
			unsigned nhex = 0;

			CATAN_ASSERT_OK(catan_board_vertex(g, v, &vi));
			for (int i = 0; i < 3; i++) {
				catan_hex_info hi;

				if (vi.hexes[i] == CATAN_NONE)
					continue;
				nhex++;
				CATAN_ASSERT_OK(catan_board_hex(g, vi.hexes[i], &hi));
				desert |= hi.terrain == CATAN_TERRAIN_DESERT;
			}
			if (catan_state_vertex_piece(s, v, NULL) != CATAN_PIECE_NONE)
				continue;
			for (int i = 0; i < 3; i++)
				if (vi.vertices[i] != CATAN_NONE &&
				    catan_state_vertex_piece(s, vi.vertices[i], NULL) != CATAN_PIECE_NONE)
					near = true;
			if (desert && nhex < 3 && !near)
				pick = v;
		}
		if (pick == UINT32_MAX) {
			catan_state_free(s);
			catan_game_unref(g);
			continue;
		}
		keep(s);
		catan_game_unref(g);
		CATAN_ASSERT_OK(catan_location_format(catan_state_game(s), CATAN_LOC_VERTEX,
						      pick, where, sizeof(where), NULL));
		APPLY(s, "chance first_player p0");
		APPLYF(s, "p0 build_settlement %s", where);
		ck_assert_int_eq(tokens(s, 0), 5 + 2 + 1);
		ck_assert_int_eq(tokens(s, -1), 10 - 3);
		return;
	}
	ck_abort_msg("no random board with the desert on the coast in 200 seeds");
}
END_TEST

/* G5: the 20 trade tokens are finite; tokens are taken "from the supply"
 * while it lasts, and with none left a Knight is not turned in. */
START_TEST(test_c2_g5_token_supply_runs_out)
{
	catan_state *s = two("");

	CATAN_ASSERT_OK(catan_edit_set_knights_played(s, 0, 5));
	CATAN_ASSERT_OK(catan_edit_set_knights_played(s, 1, 5));
	ck_assert_int_eq(catan_state_largest_army_holder(s), 0);
	CATAN_ASSERT_OK(catan_edit_set_robber(s, 0));
	ROLL_PHASE(s, 0);
	APPLY(s, "p0 token_robber");               /* ahead: 2 back to the supply */
	ck_assert_int_eq(tokens(s, -1), 12);
	ROLL_PHASE(s, 1);
	CATAN_ASSERT_OK(catan_edit_set_robber(s, 0));
	APPLY(s, "p1 token_robber");               /* behind: 1 */
	ck_assert_int_eq(tokens(s, -1), 13);
	for (int i = 0; i < 6; i++) {
		ROLL_PHASE(s, i % 2);
		APPLYF(s, "p%d knight_for_tokens", i % 2);
	}
	ck_assert_int_eq(tokens(s, -1), 1);
	ROLL_PHASE(s, 0);
	APPLY(s, "p0 knight_for_tokens");           /* only 1 left to take */
	ck_assert_int_eq(tokens(s, -1), 0);
	ck_assert_int_eq(tokens(s, 0) + tokens(s, 1), 20);
	ROLL_PHASE(s, 1);
	REFUSE_SAYING(s, "p1 knight_for_tokens", VARIANT_RULE, "supply");
	/* a coastal settlement earns nothing from an empty supply */
	ROAD(s, 1, "h13.s-sw");
	HAND(s, 1, "lumber=1,brick=1,wool=1,grain=1");
	MAIN_PHASE(s, 1);
	ck_assert_int_eq(count_type(s, 1, CATAN_ACT_KNIGHT_FOR_TOKENS), 0);
}
END_TEST

/* ------------------------------------------------------- production */

/* "complete two full Production phases, one after the other, before
 * moving on to the Action phase. The only restriction is that the second
 * Production phase dice roll may not be the same as the first Production
 * phase roll. If it is, re-roll until you have a different result." The
 * re-roll gives the dice distribution without the first total. */
START_TEST(test_c2_two_productions_exact_probabilities)
{
	catan_state *s = two_hands(CATAN_PHASE_ROLL, "", "");

	APPLY(s, "p0 roll");
	APPLY(s, "chance dice 9");                  /* h2 forest 9: p0 lumber */
	ck_assert_uint_eq(hand_of(s, 0, CATAN_LUMBER), 1);
	EXPECT_PHASE(s, SECOND_PRODUCTION);
	ck_assert_int_eq(catan_state_current_player(s), CATAN_PLAYER_CHANCE);
	ck_assert_uint_eq(outcome_count(s), 10);
	OUTCOME(s, "chance dice 9", 0, 1);
	OUTCOME(s, "chance dice 7", 6, 32);
	OUTCOME(s, "chance dice 4", 3, 32);
	OUTCOME(s, "chance dice 2", 1, 32);
	OUTCOME(s, "chance dice 10", 3, 32);
	REFUSE(s, "chance dice 9", BAD_OUTCOME);
	ck_assert_int_eq(game_counter(s, "second_roll_excluded"), 9);
	APPLY(s, "chance dice 4");                  /* h5 pasture 4: p0 wool */
	ck_assert_uint_eq(hand_of(s, 0, CATAN_WOOL), 1);
	ck_assert_uint_eq(hand_of(s, 0, -1), 2);
	EXPECT_PHASE(s, MAIN);
	ck_assert_int_eq(catan_state_dice(s), 4);
	/* once a turn: the next action does not roll again */
	APPLY(s, "p0 end_turn");
	EXPECT_PHASE(s, ROLL);
	APPLY(s, "p1 roll");
	APPLY(s, "chance dice 6");
	OUTCOME(s, "chance dice 6", 0, 1);
	OUTCOME(s, "chance dice 8", 5, 31);
	OUTCOME(s, "chance dice 7", 6, 31);
}
END_TEST

/* "two full Production phases": a 7 first is resolved whole (discards,
 * robber, steal) before the second roll, which is then never a 7. */
START_TEST(test_c2_second_roll_after_a_seven)
{
	catan_state *s = two_hands(CATAN_PHASE_ROLL, "ore=8", "");

	APPLY(s, "p0 roll");
	APPLY(s, "chance dice 7");
	EXPECT_PHASE(s, DISCARD);
	APPLY(s, "p0 discard ore=4");
	EXPECT_PHASE(s, ROBBER);
	APPLY(s, "p0 move_robber h7");
	EXPECT_PHASE(s, SECOND_PRODUCTION);
	ck_assert_uint_eq(outcome_count(s), 10);
	OUTCOME(s, "chance dice 7", 0, 1);
	OUTCOME(s, "chance dice 6", 5, 30);
	OUTCOME(s, "chance dice 8", 5, 30);
	APPLY(s, "chance dice 8");
	EXPECT_PHASE(s, MAIN);
}
END_TEST

/* The second roll may be the 7: its discards, robber and steal follow,
 * and then the Action phase (no third roll). */
START_TEST(test_c2_second_roll_seven_resolves)
{
	catan_state *s = two_hands(CATAN_PHASE_ROLL, "", "grain=1");

	ROLL2(s, 5, 7);
	EXPECT_PHASE(s, ROBBER);
	APPLY(s, "p0 move_robber h13");
	APPLY(s, "p0 steal p1");
	APPLY(s, "chance steal_card grain");
	EXPECT_PHASE(s, MAIN);
	ck_assert_uint_eq(hand_of(s, 0, CATAN_GRAIN), 1);
}
END_TEST

/* "Neutral settlements never receive resources." */
START_TEST(test_c2_neutrals_receive_nothing)
{
	catan_state *s = two_hands(CATAN_PHASE_ROLL, "", "");

	ROLL2(s, 10, 12);                            /* h0 10, h3 12: p2's hexes */
	ck_assert_uint_eq(hand_of(s, 2, -1), 0);
	ck_assert_uint_eq(hand_of(s, 0, CATAN_BRICK), 1);  /* h6 hills 10 */
}
END_TEST

/* -------------------------------------------------------- neutral builds */

/* "Each time you build a road, you must build 1 road for either of the two
 * neutral players at no cost, following normal placement rules." */
START_TEST(test_c2_neutral_road_owed)
{
	catan_state *s = two("");

	MAIN_PHASE(s, 0);
	HAND(s, 0, "lumber=2,brick=2");
	APPLY(s, "p0 build_road h2.ne-se");
	EXPECT_PHASE(s, NEUTRAL_BUILD);
	ck_assert_uint_eq(catan_state_acting_players(s), 1u);
	/* p2 from h0.s, p3 from h14.se: three roads each, nothing else */
	ck_assert_uint_eq(count_type(s, 0, CATAN_ACT_NEUTRAL_ROAD), 6);
	ck_assert_uint_eq(count_all(s, 0), 6);
	LEGAL(s, "p0 neutral_road h3.ne-se p2");
	LEGAL(s, "p0 neutral_road h15.s-sw p3");
	REFUSE(s, "p0 end_turn", WRONG_PHASE);
	REFUSE(s, "p0 build_road h2.n-ne", WRONG_PHASE);
	REFUSE(s, "p0 neutral_road h9.se-s p2", NOT_CONNECTED);
	REFUSE(s, "p0 neutral_road h2.n-ne p1", BAD_ARGUMENT);
	REFUSE(s, "p0 neutral_road h2.se-s p2", OCCUPIED);
	REFUSE(s, "p1 neutral_road h0.se-s p2", NOT_YOUR_TURN);
	REFUSE(s, "p0 neutral_settlement h0.nw p2", VARIANT_RULE);
	APPLY(s, "p0 neutral_road h0.s-sw p2");
	ck_assert_int_eq(owner_at(s, "h0.s-sw", CATAN_LOC_EDGE), 2);
	EXPECT_PHASE(s, MAIN);
	/* "Each time": the next road owes another */
	APPLY(s, "p0 build_road h2.n-ne");
	EXPECT_PHASE(s, NEUTRAL_BUILD);
	APPLY(s, "p0 neutral_road h14.se-s p3");
	EXPECT_PHASE(s, MAIN);
	ck_assert_uint_eq(hand_of(s, 0, -1), 0);   /* neutral roads are free */
}
END_TEST

/* "Each time you build a settlement, you must build 1 settlement for
 * either of the two neutral players at no cost, following normal
 * placement rules." */
START_TEST(test_c2_neutral_settlement_owed)
{
	catan_state *s = two_settlement_built(true);

	EXPECT_PHASE(s, NEUTRAL_BUILD);
	ck_assert_uint_eq(count_all(s, 0), 1);
	REFUSE_SAYING(s, "p0 neutral_road h0.se-s p2", VARIANT_RULE, "settlement");
	REFUSE(s, "p0 neutral_settlement h0.sw p2", DISTANCE_RULE);
	REFUSE(s, "p0 neutral_settlement h0.nw p3", NOT_CONNECTED);
	APPLY(s, "p0 neutral_settlement h0.nw p2");
	ck_assert_int_eq(owner_at(s, "h0.nw", CATAN_LOC_VERTEX), 2);
	EXPECT_PHASE(s, MAIN);
}
END_TEST

/* "If there are no valid placements for a neutral settlement, then build
 * a neutral road instead." */
START_TEST(test_c2_neutral_settlement_falls_back_to_road)
{
	catan_state *s = two_settlement_built(false);

	EXPECT_PHASE(s, NEUTRAL_BUILD);
	ck_assert_uint_eq(count_type(s, 0, CATAN_ACT_NEUTRAL_SETTLEMENT), 0);
	ck_assert_uint_eq(count_type(s, 0, CATAN_ACT_NEUTRAL_ROAD), 6);
	REFUSE_SAYING(s, "p0 neutral_settlement h0.sw p2", VARIANT_RULE, "road");
	APPLY(s, "p0 neutral_road h0.se-s p2");
	EXPECT_PHASE(s, MAIN);
}
END_TEST

/* Nothing possible for either neutral player: nothing is built (the text
 * asks only what placement rules allow; doc/variants). */
START_TEST(test_c2_neutral_nothing_possible)
{
	catan_state *s = two("");
	static const char *const blocked[] = {
		"h0.se-s", "h0.s-sw", "h3.ne-se", "h14.ne-se", "h14.se-s", "h15.s-sw",
	};

	for (size_t i = 0; i < ARRAY_SIZE(blocked); i++)
		ROAD(s, 1, blocked[i]);
	MAIN_PHASE(s, 0);
	HAND(s, 0, "lumber=1,brick=1");
	APPLY(s, "p0 build_road h2.ne-se");
	EXPECT_PHASE(s, MAIN);
}
END_TEST

/* "Each time you build a road": the roads of a Road Building card are
 * roads you build (doc/variants); the card's second road follows the
 * first neutral road. */
START_TEST(test_c2_road_building_card_owes_neutral_roads)
{
	catan_state *s = two("");

	card_first_road(s);
	APPLY(s, "p0 neutral_road h0.s-sw p2");
	EXPECT_PHASE(s, ROAD_BUILDING);
	APPLY(s, "p0 build_road h2.n-ne");
	EXPECT_PHASE(s, NEUTRAL_BUILD);
	APPLY(s, "p0 neutral_road h0.sw-nw p2");
	EXPECT_PHASE(s, MAIN);
}
END_TEST

/* The neutral road can take the last place the card's second road had:
 * the card then ends (B10: Road Building places what can be placed). */
START_TEST(test_c2_road_building_ends_when_blocked)
{
	catan_state *s = two("");

	/* p0's network: h2.s with h2.se-s; p1 blocks every way on but
	 * h2.ne-se and then h2.n-ne, and p3 has a settlement on h2.n */
	ROAD(s, 1, "h2.s-sw");
	ROAD(s, 1, "h5.ne-se");
	ROAD(s, 1, "h6.n-ne");
	SETTLEMENT(s, 3, "h2.n");
	card_first_road(s);
	/* p0 could go on with h2.n-ne only; p3 takes it from h2.n */
	LEGAL(s, "p0 neutral_road h2.n-ne p3");
	APPLY(s, "p0 neutral_road h2.n-ne p3");
	EXPECT_PHASE(s, MAIN);
}
END_TEST

/* "It is possible for a neutral player to receive the Longest Route tile." */
START_TEST(test_c2_neutral_longest_road)
{
	catan_state *s = two("");

	ROAD(s, 2, "h0.s-sw");
	ROAD(s, 2, "h0.sw-nw");
	ROAD(s, 2, "h0.n-nw");
	ROAD(s, 2, "h0.n-ne");
	ck_assert_int_eq(catan_state_longest_road_holder(s), -1);
	MAIN_PHASE(s, 0);
	HAND(s, 0, "lumber=1,brick=1");
	APPLY(s, "p0 build_road h2.ne-se");
	APPLY(s, "p0 neutral_road h0.ne-se p2");
	ck_assert_int_eq(catan_state_longest_road_holder(s), 2);
	ck_assert_int_eq(catan_state_victory_points(s, 2, 0), 1 + 2);
	/* a neutral player never wins: nobody acts for it */
	ck_assert_int_eq(catan_state_winner(s), -1);
}
END_TEST

/* ----------------------------------------------------- knight tokens */

/* "Once during your turn, you may discard one of your faceup Knight cards
 * to take 2 trade tokens. It is possible to lose control of the Largest
 * Army tile this way." (T5: set aside when nobody has strictly the most
 * with at least 3.) */
START_TEST(test_c2_knight_for_tokens)
{
	catan_state *s = two("");

	CATAN_ASSERT_OK(catan_edit_set_knights_played(s, 0, 3));
	ck_assert_int_eq(catan_state_largest_army_holder(s), 0);
	MAIN_PHASE(s, 0);
	ck_assert_uint_eq(count_type(s, 0, CATAN_ACT_KNIGHT_FOR_TOKENS), 1);
	APPLY(s, "p0 knight_for_tokens");
	ck_assert_int_eq(tokens(s, 0), 7);
	ck_assert_int_eq(tokens(s, -1), 8);
	ck_assert_int_eq(catan_state_largest_army_holder(s), -1);
	ck_assert_int_eq(game_counter(s, "dev_removed_knight"), 1);
	{
		catan_player_info pi;

		CATAN_ASSERT_OK(catan_state_player(s, 0, &pi));
		ck_assert_uint_eq(pi.knights_played, 2);
	}
	/* "Once during your turn" */
	REFUSE_SAYING(s, "p0 knight_for_tokens", VARIANT_RULE, "once a turn");
	ck_assert_uint_eq(count_type(s, 0, CATAN_ACT_KNIGHT_FOR_TOKENS), 0);
	/* the next turn of p0 again */
	APPLY(s, "p0 end_turn");
	REFUSE(s, "p0 knight_for_tokens", NOT_YOUR_TURN);
	REFUSE(s, "p1 knight_for_tokens", NO_CARD);
	APPLY(s, "p1 roll");
	APPLY(s, "chance dice 5");
	APPLY(s, "chance dice 6");
	APPLY(s, "p1 end_turn");
	APPLY(s, "p0 knight_for_tokens");           /* before the roll, too */
	ck_assert_int_eq(tokens(s, 0), 9);
}
END_TEST

/* T5: Largest Army goes to the player with strictly the most played
 * Knights (at least 3) when the holder falls behind. */
START_TEST(test_c2_t5_knight_loses_largest_army)
{
	catan_state *s = two("");

	CATAN_ASSERT_OK(catan_edit_set_knights_played(s, 0, 3));
	CATAN_ASSERT_OK(catan_edit_set_knights_played(s, 1, 3));
	ck_assert_int_eq(catan_state_largest_army_holder(s), 0);
	ck_assert_int_eq(vp(s, 0), 1 + 2);
	MAIN_PHASE(s, 0);
	APPLY(s, "p0 knight_for_tokens");
	ck_assert_int_eq(catan_state_largest_army_holder(s), 1);
	ck_assert_int_eq(vp(s, 0), 1);
	ck_assert_int_eq(vp(s, 1), 1 + 2);
}
END_TEST

/* T5 (doc/variants): a holder still tied at the top after the discard
 * keeps the tile, as in the base game nobody takes it without strictly
 * more Knights. */
START_TEST(test_c2_t5_knight_tie_keeps_largest_army)
{
	catan_state *s = two("");

	CATAN_ASSERT_OK(catan_edit_set_knights_played(s, 0, 4));
	CATAN_ASSERT_OK(catan_edit_set_knights_played(s, 1, 3));
	MAIN_PHASE(s, 0);
	APPLY(s, "p0 knight_for_tokens");
	ck_assert_int_eq(catan_state_largest_army_holder(s), 0);
}
END_TEST

/* "discard one of your faceup Knight cards": only played Knights, only
 * in one's own turn, not in the middle of a robber move. */
START_TEST(test_c2_knight_for_tokens_refusals)
{
	catan_state *s = two("");

	MAIN_PHASE(s, 0);
	CATAN_ASSERT_OK(catan_edit_give_dev_card(s, 0, CATAN_DEV_KNIGHT, 1));
	REFUSE(s, "p0 knight_for_tokens", NO_CARD);  /* a Knight in hand is no faceup Knight */
	APPLY(s, "p0 play_knight");
	EXPECT_PHASE(s, ROBBER);
	REFUSE(s, "p0 knight_for_tokens", WRONG_PHASE);
	APPLY(s, "p0 move_robber h7");
	APPLY(s, "p0 knight_for_tokens");
	ck_assert_int_eq(tokens(s, 0), 7);
}
END_TEST

/* ------------------------------------------------------ spend tokens */

/* "Forced Trade: Take 2 random cards from the other player's hand; in
 * exchange, give the other player 2 cards of your choice from your own
 * hand." (T5: from your hand as it now is.) */
START_TEST(test_c2_forced_trade_two_cards)
{
	catan_state *s = two_hands(CATAN_PHASE_MAIN, "lumber=2,ore=1",
				   "brick=2,wool=1");

	ck_assert_uint_eq(count_type(s, 0, CATAN_ACT_FORCED_TRADE), 1);
	REFUSE(s, "p0 forced_trade p0", INVALID_VICTIM);
	APPLY(s, "p0 forced_trade p1");
	ck_assert_int_eq(tokens(s, 0), 4);          /* equal points: 1 token */
	ck_assert_int_eq(tokens(s, -1), 11);        /* back to the supply */
	ck_assert_int_eq(catan_state_current_player(s), CATAN_PLAYER_CHANCE);
	OUTCOME(s, "chance forced_trade_card brick", 2, 3);
	OUTCOME(s, "chance forced_trade_card wool", 1, 3);
	APPLY(s, "chance forced_trade_card brick");
	OUTCOME(s, "chance forced_trade_card brick", 1, 2);
	OUTCOME(s, "chance forced_trade_card wool", 1, 2);
	APPLY(s, "chance forced_trade_card wool");
	EXPECT_PHASE(s, FORCED_TRADE_GIVE);
	ck_assert_uint_eq(hand_of(s, 0, -1), 5);
	ck_assert_uint_eq(hand_of(s, 1, -1), 1);
	REFUSE(s, "p0 forced_trade_give lumber=1", BAD_ARGUMENT);
	REFUSE(s, "p0 forced_trade_give lumber=2,ore=1", BAD_ARGUMENT);
	REFUSE(s, "p0 forced_trade_give grain=2", INSUFFICIENT_RESOURCES);
	REFUSE(s, "p0 end_turn", WRONG_PHASE);
	/* every pair of cards p0 holds: 6 of two kinds, 2 lumber */
	ck_assert_uint_eq(count_type(s, 0, CATAN_ACT_FORCED_TRADE_GIVE), 6 + 1);
	APPLY(s, "p0 forced_trade_give lumber=1,brick=1");
	EXPECT_PHASE(s, MAIN);
	ck_assert_uint_eq(hand_of(s, 0, -1), 3);
	ck_assert_uint_eq(hand_of(s, 1, CATAN_BRICK), 2);
	ck_assert_uint_eq(hand_of(s, 1, CATAN_LUMBER), 1);
}
END_TEST

/* "If the other player only has 1 card, take it and still give 2 cards in
 * return." */
START_TEST(test_c2_forced_trade_one_card)
{
	catan_state *s = two_hands(CATAN_PHASE_MAIN, "ore=3", "grain=1");

	APPLY(s, "p0 forced_trade p1");
	ck_assert_uint_eq(outcome_count(s), 1);
	OUTCOME(s, "chance forced_trade_card grain", 1, 1);
	APPLY(s, "chance forced_trade_card grain");
	EXPECT_PHASE(s, FORCED_TRADE_GIVE);
	APPLY(s, "p0 forced_trade_give ore=2");
	ck_assert_uint_eq(hand_of(s, 1, CATAN_ORE), 2);
	ck_assert_uint_eq(hand_of(s, 0, -1), 2);
}
END_TEST

/* T5: "(all you have if fewer)"; with nothing to take and nothing to
 * give the trade ends at once, the tokens spent. */
START_TEST(test_c2_t5_forced_trade_short_hands)
{
	catan_state *s = two_hands(CATAN_PHASE_MAIN, "", "ore=1");

	APPLY(s, "p0 forced_trade p1");
	APPLY(s, "chance forced_trade_card ore");
	EXPECT_PHASE(s, FORCED_TRADE_GIVE);
	REFUSE(s, "p0 forced_trade_give ore=2", BAD_ARGUMENT);
	ck_assert_uint_eq(count_all(s, 0), 1);
	APPLY(s, "p0 forced_trade_give ore=1");
	EXPECT_PHASE(s, MAIN);

	s = two_hands(CATAN_PHASE_MAIN, "wool=1", "");
	APPLY(s, "p0 forced_trade p1");           /* nothing to take */
	EXPECT_PHASE(s, FORCED_TRADE_GIVE);
	APPLY(s, "p0 forced_trade_give wool=1");
	ck_assert_uint_eq(hand_of(s, 1, CATAN_WOOL), 1);

	s = two_hands(CATAN_PHASE_MAIN, "", "");
	APPLY(s, "p0 forced_trade p1");
	EXPECT_PHASE(s, MAIN);
	ck_assert_int_eq(tokens(s, 0), 4);
}
END_TEST

/* "Move Robber: Move the robber to the desert hex. Do not steal any
 * cards." (doc/variants: refused when it stands there already.) */
START_TEST(test_c2_token_robber)
{
	catan_state *s = two("");

	MAIN_PHASE(s, 0);
	REFUSE(s, "p0 token_robber", ROBBER_SAME_HEX);
	CATAN_ASSERT_OK(catan_edit_set_robber(s, 14));
	SETTLEMENT(s, 1, "h9.se");                  /* p1 next to the desert */
	HAND(s, 1, "ore=2");
	ck_assert_uint_eq(count_type(s, 0, CATAN_ACT_TOKEN_ROBBER), 1);
	APPLY(s, "p0 token_robber");
	ck_assert_int_eq(catan_state_robber(s), 9);
	EXPECT_PHASE(s, MAIN);
	ck_assert_uint_eq(hand_of(s, 1, -1), 2);
	ck_assert_int_eq(tokens(s, 0), 5 - 1);      /* p0 1 point, p1 2 */
}
END_TEST

/* "If your VP total is less than or equal to the other player's VP total,
 * spend 1 trade token ... If your VP total is more than the other
 * player's total, spend 2 trade tokens. Return spent tokens to the
 * supply. (VPs on hidden Victory Point cards do not count in this
 * calculation)." (G3) */
START_TEST(test_c2_g3_cost_by_public_points)
{
	catan_state *s = two("");

	SETTLEMENT(s, 0, "h6.se");                  /* p0 2 points, p1 1 */
	CATAN_ASSERT_OK(catan_edit_give_dev_card(s, 1, CATAN_DEV_VICTORY_POINT, 1));
	CATAN_ASSERT_OK(catan_edit_give_dev_card(s, 1, CATAN_DEV_VICTORY_POINT, 1));
	ck_assert_int_eq(catan_state_victory_points(s, 1, 1), 3);
	CATAN_ASSERT_OK(catan_edit_set_robber(s, 0));
	ROLL_PHASE(s, 0);
	APPLY(s, "p0 token_robber");
	ck_assert_int_eq(tokens(s, 0), 3);
	ck_assert_int_eq(tokens(s, -1), 12);
	ROLL_PHASE(s, 1);                            /* p1 behind: 1 token */
	CATAN_ASSERT_OK(catan_edit_set_robber(s, 0));
	APPLY(s, "p1 token_robber");
	ck_assert_int_eq(tokens(s, 1), 4);
	ROLL_PHASE(s, 0);
	CATAN_ASSERT_OK(catan_edit_set_robber(s, 0));
	APPLY(s, "p0 token_robber");
	ck_assert_int_eq(tokens(s, 0), 1);
	ROLL_PHASE(s, 1);
	ROLL_PHASE(s, 0);
	CATAN_ASSERT_OK(catan_edit_set_robber(s, 0));
	REFUSE_SAYING(s, "p0 token_robber", INSUFFICIENT_RESOURCES, "costs 2");
	REFUSE(s, "p0 forced_trade p1", INSUFFICIENT_RESOURCES);
	ck_assert_uint_eq(count_type(s, 0, CATAN_ACT_TOKEN_ROBBER) +
			  count_type(s, 0, CATAN_ACT_FORCED_TRADE), 0);
	/* equal points cost 1 again */
	SETTLEMENT(s, 1, "h16.s");
	LEGAL(s, "p0 token_robber");
}
END_TEST

/* "Once during your turn, you may spend trade tokens to take one of these
 * actions. You may spend trade tokens before rolling dice or at any time
 * during the Action phase." */
START_TEST(test_c2_spend_once_per_turn)
{
	catan_state *s = two_hands(CATAN_PHASE_ROLL, "", "");

	CATAN_ASSERT_OK(catan_edit_set_robber(s, 0));
	ck_assert_uint_eq(count_type(s, 0, CATAN_ACT_FORCED_TRADE), 1);
	APPLY(s, "p0 forced_trade p1");             /* before the roll */
	EXPECT_PHASE(s, ROLL);
	REFUSE_SAYING(s, "p0 token_robber", VARIANT_RULE, "once a turn");
	ROLL2(s, 5, 6);
	REFUSE(s, "p0 forced_trade p1", VARIANT_RULE);
	ck_assert_uint_eq(count_type(s, 0, CATAN_ACT_TOKEN_ROBBER), 0);
	APPLY(s, "p0 end_turn");
	/* only in one's own turn */
	REFUSE(s, "p0 token_robber", NOT_YOUR_TURN);
	ROLL2(s, 5, 6);
	APPLY(s, "p1 token_robber");                /* in the Action phase */
	APPLY(s, "p1 end_turn");
	CATAN_ASSERT_OK(catan_edit_set_robber(s, 0));
	LEGAL(s, "p0 token_robber");                /* a new turn */
}
END_TEST

/* The give-back of a Forced Trade before the roll returns to the roll. */
START_TEST(test_c2_forced_trade_before_roll_returns)
{
	catan_state *s = two_hands(CATAN_PHASE_ROLL, "ore=2", "wool=1");

	APPLY(s, "p0 forced_trade p1");
	APPLY(s, "chance forced_trade_card wool");
	APPLY(s, "p0 forced_trade_give wool=1,ore=1");
	EXPECT_PHASE(s, ROLL);
	ROLL2(s, 3, 11);
	EXPECT_PHASE(s, MAIN);
}
END_TEST

/* ---------------------------------------------------------- combining */

/* "This variant can be played with CATAN and all Traders & Barbarians
 * variants": Harbors of CATAN — the neutral players are no players who
 * could win, so they never take the Strongest Ports tile. */
START_TEST(test_c2_with_harbors)
{
	catan_state *s = two("+harbors");

	SETTLEMENT(s, 3, "h7.s");
	SETTLEMENT(s, 3, "h16.s");
	SETTLEMENT(s, 3, "h17.se");
	ck_assert_int_eq(vp(s, 3), 4);
	ck_assert_int_eq(catan_game_vp_to_win(catan_state_game(s)), 11);
	MAIN_PHASE(s, 0);
	HAND(s, 0, "lumber=1,brick=1");
	APPLY(s, "p0 build_road h2.ne-se");
	APPLY(s, "p0 neutral_road h0.s-sw p2");
	ck_assert_int_eq(vp(s, 3), 4);
}
END_TEST

/* The Friendly Robber with the token robber: the desert is its own
 * fallback, and no card is stolen either way. */
START_TEST(test_c2_with_friendly_robber)
{
	catan_state *s = two("+friendly_robber");

	CATAN_ASSERT_OK(catan_edit_set_robber(s, 0));
	SETTLEMENT(s, 1, "h9.se");
	HAND(s, 1, "ore=1");
	MAIN_PHASE(s, 0);
	APPLY(s, "p0 token_robber");
	ck_assert_int_eq(catan_state_robber(s), 9);
	EXPECT_PHASE(s, MAIN);
	ROLL_PHASE(s, 1);
	ROLL2(s, 8, 5);
	EXPECT_PHASE(s, MAIN);
}
END_TEST

/* Notation of the module's actions round-trips; the phases are named. */
START_TEST(test_c2_notation_and_phase_names)
{
	catan_state *s = two("");
	static const char *const texts[] = {
		"p0 neutral_road h0.s-sw p2",
		"p1 neutral_settlement h0.nw p3",
		"p0 knight_for_tokens",
		"p1 forced_trade p0",
		"chance forced_trade_card ore",
		"p0 forced_trade_give lumber=1,ore=1",
		"p0 token_robber",
	};

	for (size_t i = 0; i < ARRAY_SIZE(texts); i++)
		(void)act_at(__LINE__, s, texts[i]);
	ck_assert_str_eq(catan_state_phase_name(s, CATAN_PHASE_NEUTRAL_BUILD), "neutral_build");
	ck_assert_str_eq(catan_state_phase_name(s, CATAN_PHASE_FORCED_TRADE_GIVE),
			 "forced_trade_give");
	ck_assert_str_eq(catan_state_phase_name(s, CATAN_PHASE_SECOND_PRODUCTION),
			 "second_production");
}
END_TEST

/* A snapshot taken in the middle of a neutral build or a Forced Trade
 * loads back to the same position. */
START_TEST(test_c2_snapshot_mid_phase)
{
	catan_state *s = two_hands(CATAN_PHASE_MAIN, "lumber=1,brick=1",
				   "ore=2");
	char buf[8192];
	size_t len = 0;
	catan_game *g = NULL;
	catan_state *t = NULL;

	APPLY(s, "p0 forced_trade p1");
	APPLY(s, "chance forced_trade_card ore");
	CATAN_ASSERT_OK(catan_state_snapshot(s, buf, sizeof(buf), &len));
	CATAN_ASSERT_OK(catan_load(&g, &t, pool.ctx, buf, len));
	ck_assert(catan_state_equal(s, t));
	catan_state_free(t);
	catan_game_unref(g);
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
		seen |= strcmp(catan_ctx_module_name(ctx, i), "catan_for_two") == 0;
	catan_ctx_free(ctx);
	return seen;
}

void
catan_test_register(SRunner *sr)
{
	Suite *s;

	if (!module_built())
		catan_test_skip_all("the library was built without the catan_for_two module");
	s = catan_test_suite(sr, "c2-setup");
	ADD(s, test_c2_two_players_two_neutrals);
	ADD(s, test_c2_neutral_start_settlements);
	ADD(s, test_c2_t5_neutral_parameters);
	ADD(s, test_c2_setup_tokens);
	ADD(s, test_c2_settlement_tokens_later);
	ADD(s, test_c2_t5_desert_and_coast_add_up);
	ADD(s, test_c2_g5_token_supply_runs_out);

	s = catan_test_suite(sr, "c2-production");
	ADD(s, test_c2_two_productions_exact_probabilities);
	ADD(s, test_c2_second_roll_after_a_seven);
	ADD(s, test_c2_second_roll_seven_resolves);
	ADD(s, test_c2_neutrals_receive_nothing);

	s = catan_test_suite(sr, "c2-neutral-builds");
	ADD(s, test_c2_neutral_road_owed);
	ADD(s, test_c2_neutral_settlement_owed);
	ADD(s, test_c2_neutral_settlement_falls_back_to_road);
	ADD(s, test_c2_neutral_nothing_possible);
	ADD(s, test_c2_road_building_card_owes_neutral_roads);
	ADD(s, test_c2_road_building_ends_when_blocked);
	ADD(s, test_c2_neutral_longest_road);

	s = catan_test_suite(sr, "c2-tokens");
	ADD(s, test_c2_knight_for_tokens);
	ADD(s, test_c2_t5_knight_loses_largest_army);
	ADD(s, test_c2_t5_knight_tie_keeps_largest_army);
	ADD(s, test_c2_knight_for_tokens_refusals);
	ADD(s, test_c2_forced_trade_two_cards);
	ADD(s, test_c2_forced_trade_one_card);
	ADD(s, test_c2_t5_forced_trade_short_hands);
	ADD(s, test_c2_token_robber);
	ADD(s, test_c2_g3_cost_by_public_points);
	ADD(s, test_c2_spend_once_per_turn);
	ADD(s, test_c2_forced_trade_before_roll_returns);

	s = catan_test_suite(sr, "c2-combining");
	ADD(s, test_c2_with_harbors);
	ADD(s, test_c2_with_friendly_robber);
	ADD(s, test_c2_notation_and_phase_names);
	ADD(s, test_c2_snapshot_mid_phase);
}
