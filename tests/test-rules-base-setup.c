/*
 * libcatanrules: base-game rules: equipment, purpose and preparing.
 * SPDX-License-Identifier: MIT
 *
 * The base game's rule tests, one or more per rule sentence, are split in
 * three programs: test-rules-base-setup.c (sections 02-04),
 * test-rules-base-turn.c (05.A-05.D) and test-rules-base-scoring.c (05.E-08
 * and the general rulings). Together, every sentence of base-game.txt that
 * states a rule (sections 02-07 and "Errors to avoid", 08) and every
 * base-game ruling of RULINGS.md (G1-G5, B1-B10) is cited by at least one
 * test that fails when the rule is missing or wrong. This one has
 * sections 02 (equipment), 03 (purpose) and 04 (preparing: the
 * board and the set-up).
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
 * `build/tests/test-rules-base-setup base-03-04-preparing test_04_snake_order`.
 */

#include <stdio.h>

#define TEST_RULES_BASE
#include "test-rules-kit.h"

/* ==================================================== 02 Equipment */

/* Boards checked for component counts: the beginner board and random ones. */
static catan_game *
board_game(int i)
{
	char spec[96];

	if (i == 0)
		return catan_test_game_new(pool.ctx, "base(board=beginner)");
	snprintf(spec, sizeof(spec), "base(board=random,seed=%d)", i * 7919);
	return catan_test_game_new(pool.ctx, spec);
}

#define BOARDS_CHECKED 24

/*
 * base-game.txt 02: "19 tiles of land: 4 forests, 4 pastures, 4 fields,
 * 3 hills, 3 mountains and 1 desert."
 * base-game.txt 02: "The desert produces no resources."
 */
START_TEST(test_02_nineteen_terrain_tiles)
{
	static const unsigned want[7] = {
		[CATAN_TERRAIN_DESERT] = 1, [CATAN_TERRAIN_FOREST] = 4,
		[CATAN_TERRAIN_HILLS] = 3, [CATAN_TERRAIN_PASTURE] = 4,
		[CATAN_TERRAIN_FIELDS] = 4, [CATAN_TERRAIN_MOUNTAINS] = 3,
	};

	for (int i = 0; i < BOARDS_CHECKED; i++) {
		catan_game *g = board_game(i);
		catan_board_counts bc;
		unsigned count[7] = { 0 };

		CATAN_ASSERT_OK(catan_board_counts_get(g, &bc));
		ck_assert_uint_eq(bc.hexes, 19);
		ck_assert_uint_eq(bc.vertices, 54);
		ck_assert_uint_eq(bc.edges, 72);
		for (unsigned h = 0; h < bc.hexes; h++) {
			catan_hex_info hi;

			CATAN_ASSERT_OK(catan_board_hex(g, h, &hi));
			ck_assert_uint_lt(hi.terrain, 6);
			count[hi.terrain]++;
			if (hi.terrain == CATAN_TERRAIN_DESERT) {
				ck_assert_int_eq(hi.resource, -1);
				ck_assert_uint_eq(hi.number, 0);
			}
		}
		for (int t = 0; t < 6; t++)
			ck_assert_msg(count[t] == want[t],
				      "board %d: %u hexes of terrain %d, expected %u",
				      i, count[t], t, want[t]);
		catan_game_unref(g);
	}
}
END_TEST

/*
 * base-game.txt 02: "6 maritime frame elements, 9 port markers and 18
 * numbered tokens." (FACTS 1.6: 2 and 12 once, 3-6 and 8-11 twice; FACTS
 * 1.3: four 3:1 harbors and one 2:1 harbor per resource.)
 */
START_TEST(test_02_nine_ports_eighteen_tokens)
{
	for (int i = 0; i < BOARDS_CHECKED; i++) {
		catan_game *g = board_game(i);
		catan_board_counts bc;
		unsigned tokens[13] = { 0 }, generic = 0, special[5] = { 0 };

		CATAN_ASSERT_OK(catan_board_counts_get(g, &bc));
		for (unsigned h = 0; h < bc.hexes; h++) {
			catan_hex_info hi;

			CATAN_ASSERT_OK(catan_board_hex(g, h, &hi));
			ck_assert_uint_le(hi.number, 12);
			tokens[hi.number]++;
		}
		ck_assert_uint_eq(tokens[0], 1); /* the desert */
		ck_assert_uint_eq(tokens[7], 0);
		for (int n = 2; n <= 12; n++)
			if (n != 7)
				ck_assert_msg(tokens[n] ==
					      (n == 2 || n == 12 ? 1u : 2u),
					      "board %d: %u tokens %d", i,
					      tokens[n], n);
		ck_assert_uint_eq(bc.harbors, 9);
		for (unsigned h = 0; h < bc.harbors; h++) {
			catan_harbor_info hi;

			CATAN_ASSERT_OK(catan_board_harbor(g, h, &hi));
			if (hi.resource == CATAN_HARBOR_GENERIC) {
				ck_assert_uint_eq(hi.ratio, 3);
				generic++;
			} else {
				ck_assert_uint_lt(hi.resource, 5);
				ck_assert_uint_eq(hi.ratio, 2);
				special[hi.resource]++;
			}
		}
		ck_assert_uint_eq(generic, 4);
		for (int k = 0; k < 5; k++)
			ck_assert_uint_eq(special[k], 1);
		catan_game_unref(g);
	}
}
END_TEST

/*
 * base-game.txt 02: "95 Resource cards: 19 of each type."
 * base-game.txt 04: "Sort the resources into five common piles: it's the
 * bank."
 */
START_TEST(test_02_bank_of_95_cards)
{
	catan_state *s = game_with_first(
		"base(players=4,board=beginner,chance=explicit)", 0);

	EXPECT_BANK(s, "lumber=19,brick=19,wool=19,grain=19,ore=19");
	for (int p = 0; p < 4; p++)
		EXPECT_HAND(s, p, "");
}
END_TEST

/*
 * base-game.txt 02: "25 cards Development: 14 Knights, 2 Road
 * construction, 2 Discovery, 2 Monopole and 5 Victory point." (FACTS 6)
 * base-game.txt 04: "Mix Development cards and put them up in the dark."
 */
START_TEST(test_02_twenty_five_development_cards)
{
	catan_state *s = game_with_first(
		"base(players=4,board=beginner,chance=explicit)", 0);

	ck_assert_uint_eq(deck_of(s, CATAN_DEV_KNIGHT), 14);
	ck_assert_uint_eq(deck_of(s, CATAN_DEV_ROAD_BUILDING), 2);
	ck_assert_uint_eq(deck_of(s, CATAN_DEV_YEAR_OF_PLENTY), 2);
	ck_assert_uint_eq(deck_of(s, CATAN_DEV_MONOPOLY), 2);
	ck_assert_uint_eq(deck_of(s, CATAN_DEV_VICTORY_POINT), 5);
	for (int p = 0; p < 4; p++)
		ck_assert_uint_eq(info(s, p).dev_total, 0);
}
END_TEST

/*
 * base-game.txt 02: "Each of the 4 colors has 15 roads, 5 settlements and
 * 4 cities, for a total of 60 roads, 20 settlements and 16 cities."
 * base-game.txt 04.5: "Each one takes a full color and its cost sheet."
 */
START_TEST(test_02_pieces_per_color)
{
	for (int players = 3; players <= 4; players++) {
		char spec[80];
		catan_state *s;

		snprintf(spec, sizeof(spec),
			 "base(players=%d,board=beginner,chance=explicit)",
			 players);
		s = game_with_first(spec, 0);
		ck_assert_int_eq(catan_game_num_players(catan_state_game(s)),
				 players);
		for (int p = 0; p < players; p++) {
			catan_player_info pi = info(s, p);

			ck_assert_uint_eq(pi.roads_left, 15);
			ck_assert_uint_eq(pi.settlements_left, 5);
			ck_assert_uint_eq(pi.cities_left, 4);
		}
	}
}
END_TEST

/*
 * base-game.txt 02: "2 dice with six faces"; 05.A: "throw the two dice and
 * add them together." G1: the roll is a chance event with listed outcomes
 * and exact probabilities: 11 totals, k/36, summing to 1.
 */
START_TEST(test_02_two_six_sided_dice)
{
	catan_state *s = beginner(0);
	catan_chance_outcome out[16];
	size_t n;
	uint64_t sum_num = 0;

	APPLY(s, "p0 roll");
	ck_assert_int_eq(catan_state_is_chance_node(s), 1);
	ck_assert_int_eq(catan_state_current_player(s), CATAN_PLAYER_CHANCE);
	n = chance_outcomes(s, out, ARRAY_SIZE(out));
	ck_assert_uint_eq(n, 11);
	for (size_t i = 0; i < n; i++) {
		unsigned total = out[i].action.target;
		unsigned ways = 6 - (total > 7 ? total - 7 : 7 - total);

		ck_assert_int_eq(out[i].action.type, CATAN_ACT_DICE);
		ck_assert_int_eq(out[i].action.player, CATAN_PLAYER_CHANCE);
		ck_assert_uint_eq(total, i + 2);
		ck_assert_uint_eq(out[i].den, out[0].den);
		ck_assert_msg((uint64_t)out[i].num * 36 ==
			      (uint64_t)ways * out[i].den,
			      "total %u: %u/%u, expected %u/36", total,
			      out[i].num, out[i].den, ways);
		sum_num += out[i].num;
	}
	ck_assert_uint_eq(sum_num, out[0].den);
	/* a total the dice cannot show */
	{
		catan_action a = ACT(s, "chance dice 8");

		a.target = 13;
		REFUSE_ACTION(s, &a, BAD_OUTCOME);
		a.target = 1;
		REFUSE_ACTION(s, &a, BAD_OUTCOME);
	}
	/* nobody acts before the dice are resolved */
	REFUSE(s, "p0 end_turn", NOT_YOUR_TURN);
	APPLY(s, "chance dice 8");
	ck_assert_int_eq(catan_state_dice(s), 8);
}
END_TEST

/*
 * base-game.txt 02: "Five different resources: wood, clay, wool, wheat and
 * ore." The notation names them lumber, brick, wool, grain, ore and takes
 * the other names as aliases.
 */
START_TEST(test_02_five_resources)
{
	static const char *const names[5] = {
		"lumber", "brick", "wool", "grain", "ore",
	};
	catan_state *s = empty_board();
	catan_action a = CATAN_ACTION_INIT, b;

	for (int k = 0; k < 5; k++)
		ck_assert_str_eq(catan_resource_name(k), names[k]);
	CATAN_ASSERT_OK(catan_action_parse(s,
			"p0 maritime_trade give wood=4 get wheat=1", &a));
	b = ACT(s, "p0 maritime_trade give lumber=4 get grain=1");
	ck_assert_int_eq(catan_action_compare(&a, &b), 0);
	CATAN_ASSERT_OK(catan_action_parse(s,
			"p0 offer_trade give clay=1 get sheep=1", &a));
	b = ACT(s, "p0 offer_trade give brick=1 get wool=1");
	ck_assert_int_eq(catan_action_compare(&a, &b), 0);
}
END_TEST

/* ==================================================== 03 Purpose */

/*
 * base-game.txt 03: "You start with two colonies, so already 2 points."
 * base-game.txt 03: "Reach at least 10 win points during your own round."
 */
START_TEST(test_03_start_with_two_points)
{
	catan_state *s = beginner(1);

	ck_assert_int_eq(catan_game_vp_to_win(catan_state_game(s)), 10);
	for (int p = 0; p < 4; p++) {
		ck_assert_int_eq(vp(s, p), 2);
		ck_assert_int_eq(total_vp(s, p), 2);
		ck_assert_uint_eq(info(s, p).settlements_left, 3);
		ck_assert_uint_eq(info(s, p).roads_left, 13);
	}
}
END_TEST

/* ==================================================== 04 Preparing */

/*
 * base-game.txt 04.1: "Mix the 19 terrains and place them inside in rows of
 * 3, 4, 5, 4 and 3 tiles." Hex ids run row by row (FACTS 1.1).
 */
START_TEST(test_04_rows_of_3_4_5_4_3)
{
	for (int i = 0; i < 4; i++) {
		catan_game *g = board_game(i);
		unsigned id = 0;

		for (int r = -2; r <= 2; r++) {
			int lo = r < 0 ? -2 - r : -2, hi = r > 0 ? 2 - r : 2;

			for (int q = lo; q <= hi; q++, id++) {
				catan_hex_info hi_;

				CATAN_ASSERT_OK(catan_board_hex(g, id, &hi_));
				ck_assert_int_eq(hi_.q, q);
				ck_assert_int_eq(hi_.r, r);
			}
		}
		ck_assert_uint_eq(id, 19);
		catan_game_unref(g);
	}
}
END_TEST

/*
 * base-game.txt 04.2: "A harbour must open on its two coastal
 * intersections."
 */
START_TEST(test_04_harbor_opens_on_two_coastal_intersections)
{
	for (int i = 0; i < BOARDS_CHECKED; i++) {
		catan_game *g = board_game(i);
		catan_board_counts bc;

		CATAN_ASSERT_OK(catan_board_counts_get(g, &bc));
		for (unsigned h = 0; h < bc.harbors; h++) {
			catan_harbor_info hi;
			catan_edge_info ei;

			CATAN_ASSERT_OK(catan_board_harbor(g, h, &hi));
			CATAN_ASSERT_OK(catan_board_edge(g, hi.edge, &ei));
			/* a coastal edge: land on one side only */
			ck_assert_uint_eq(ei.hexes[0], hi.hex);
			ck_assert_uint_eq(ei.hexes[1], CATAN_NONE);
			ck_assert((ei.vertices[0] == hi.vertices[0] &&
				   ei.vertices[1] == hi.vertices[1]) ||
				  (ei.vertices[0] == hi.vertices[1] &&
				   ei.vertices[1] == hi.vertices[0]));
			for (int j = 0; j < 2; j++) {
				catan_vertex_info vi;

				CATAN_ASSERT_OK(catan_board_vertex(g,
						hi.vertices[j], &vi));
				ck_assert_uint_eq(vi.harbor, h);
				/* coastal: fewer than three land hexes */
				ck_assert_uint_eq(vi.hexes[2], CATAN_NONE);
			}
		}
		catan_game_unref(g);
	}
}
END_TEST

/*
 * base-game.txt 04.2: "Keep the harbours in the frame or cover their nine
 * locations with the mixed markers." (04.1: "Assemble the maritime frame by
 * matching its markers.") B1: board=random "shuffles ... the nine harbors
 * over the standard frame": the places stay, the kinds move.
 */
START_TEST(test_04_harbors_on_the_nine_frame_places)
{
	catan_game *beginner_game = board_game(0);
	unsigned slots[9];
	int shuffled = 0;

	for (unsigned h = 0; h < 9; h++) {
		catan_harbor_info hi;

		CATAN_ASSERT_OK(catan_board_harbor(beginner_game, h, &hi));
		slots[h] = hi.edge;
	}
	for (int i = 1; i < BOARDS_CHECKED; i++) {
		catan_game *g = board_game(i);

		for (unsigned h = 0; h < 9; h++) {
			catan_harbor_info hi, bi;
			int found = 0;

			CATAN_ASSERT_OK(catan_board_harbor(g, h, &hi));
			for (unsigned j = 0; j < 9; j++)
				found += hi.edge == slots[j];
			ck_assert_msg(found == 1, "seed board %d: harbor on e%u "
				      "is not a frame place", i, hi.edge);
			CATAN_ASSERT_OK(catan_board_harbor(beginner_game, h, &bi));
			shuffled |= hi.edge == bi.edge &&
				    hi.resource != bi.resource;
		}
		catan_game_unref(g);
	}
	/* the markers are mixed on random boards */
	ck_assert(shuffled);
	catan_game_unref(beginner_game);
}
END_TEST

static int
is_red(unsigned number)
{
	return number == 6 || number == 8;
}

/*
 * base-game.txt 04.3: "Place at random the 18 numbers, one on each plot
 * except the desert. Two red numbers, 6 or 8, must never be on tiles nearby
 * by one side" (B1: swap until no 6 and 8 are adjacent).
 * base-game.txt 04.3: "Place the thief in the desert." (B1)
 */
START_TEST(test_04_red_numbers_never_adjacent)
{
	for (int i = 0; i < 60; i++) {
		char spec[96];
		catan_state *s;
		catan_game *g;
		int desert = -1;

		snprintf(spec, sizeof(spec),
			 "base(board=random,numbers=%s,seed=%d)",
			 i % 3 == 2 ? "spiral" : "random", 1000 + i);
		s = new_state(spec);
		g = catan_state_game(s);
		for (unsigned h = 0; h < 19; h++) {
			catan_hex_info hi;

			CATAN_ASSERT_OK(catan_board_hex(g, h, &hi));
			if (hi.terrain == CATAN_TERRAIN_DESERT) {
				desert = (int)h;
				continue;
			}
			ck_assert(hi.number >= 2 && hi.number <= 12 &&
				  hi.number != 7);
			if (i % 3 == 2 || !is_red(hi.number))
				continue;
			for (int d = 0; d < 6; d++) {
				catan_hex_info nb;

				if (hi.neighbors[d] == CATAN_NONE)
					continue;
				CATAN_ASSERT_OK(catan_board_hex(g,
						hi.neighbors[d], &nb));
				ck_assert_msg(!is_red(nb.number),
					      "%s: red %u on h%u next to %u on h%u",
					      spec, hi.number, h, nb.number,
					      (unsigned)hi.neighbors[d]);
			}
		}
		ck_assert_int_ge(desert, 0);
		ck_assert_int_eq(catan_state_robber(s), desert);
		/* one state per seed is enough; free as we go */
		catan_state_free(pool.states[--pool.n]);
	}
}
END_TEST

/*
 * B1: "numbers=spiral places them in the A-R order counterclockwise from a
 * random corner, skipping the desert" (FACTS 1.5).
 */
START_TEST(test_04_b1_spiral_numbers)
{
	static const unsigned az[18] = {
		5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11,
	};
	/* counterclockwise rings as seen on the table; outer corners at
	 * even positions */
	static const unsigned outer[12] = {
		0, 3, 7, 12, 16, 17, 18, 15, 11, 6, 2, 1,
	};
	static const unsigned middle[6] = { 4, 8, 13, 14, 10, 5 };

	for (int i = 0; i < 20; i++) {
		char spec[80];
		catan_game *g;
		unsigned number[19];
		int found = 0;

		snprintf(spec, sizeof(spec),
			 "base(board=random,numbers=spiral,seed=%d)", 31 * i + 5);
		g = catan_test_game_new(pool.ctx, spec);
		for (unsigned h = 0; h < 19; h++) {
			catan_hex_info hi;

			CATAN_ASSERT_OK(catan_board_hex(g, h, &hi));
			number[h] = hi.number;
		}
		for (int corner = 0; corner < 12 && !found; corner += 2) {
			for (int off = 0; off < 6 && !found; off++) {
				unsigned order[19], k = 0, n = 0;
				int ok = 1;

				for (int j = 0; j < 12; j++)
					order[k++] = outer[(corner + j) % 12];
				for (int j = 0; j < 6; j++)
					order[k++] = middle[(off + j) % 6];
				order[k++] = 9;
				for (unsigned j = 0; j < 19 && ok; j++) {
					if (number[order[j]] == 0)
						continue;
					ok = number[order[j]] == az[n++];
				}
				found = ok && n == 18;
			}
		}
		ck_assert_msg(found, "%s: numbers do not follow the A-R spiral",
			      spec);
		catan_game_unref(g);
	}
}
END_TEST

/*
 * B1: "board=beginner is the fixed starting board in FACTS.md 1.2-1.3
 * (2:1 brick harbor on the west edge of the Forest-8 hex)". "Robber starts
 * on the desert."
 */
static void
check_beginner_board(catan_state *s)
{
	static const struct { unsigned terrain, number; } want[19] = {
		{ CATAN_TERRAIN_MOUNTAINS, 10 }, { CATAN_TERRAIN_PASTURE, 2 },
		{ CATAN_TERRAIN_FOREST, 9 }, { CATAN_TERRAIN_FIELDS, 12 },
		{ CATAN_TERRAIN_HILLS, 6 }, { CATAN_TERRAIN_PASTURE, 4 },
		{ CATAN_TERRAIN_HILLS, 10 }, { CATAN_TERRAIN_FIELDS, 9 },
		{ CATAN_TERRAIN_FOREST, 11 }, { CATAN_TERRAIN_DESERT, 0 },
		{ CATAN_TERRAIN_FOREST, 3 }, { CATAN_TERRAIN_MOUNTAINS, 8 },
		{ CATAN_TERRAIN_FOREST, 8 }, { CATAN_TERRAIN_MOUNTAINS, 3 },
		{ CATAN_TERRAIN_FIELDS, 4 }, { CATAN_TERRAIN_PASTURE, 5 },
		{ CATAN_TERRAIN_HILLS, 5 }, { CATAN_TERRAIN_FIELDS, 6 },
		{ CATAN_TERRAIN_PASTURE, 11 },
	};
	/* FACTS 1.3 clockwise from the top-left: hex, side faced, kind */
	static const struct { const char *edge; unsigned resource; } harbor[9] = {
		{ "h0.n-nw", CATAN_HARBOR_GENERIC }, { "h1.n-ne", CATAN_GRAIN },
		{ "h6.n-ne", CATAN_ORE }, { "h11.ne-se", CATAN_HARBOR_GENERIC },
		{ "h15.se-s", CATAN_WOOL }, { "h17.se-s", CATAN_HARBOR_GENERIC },
		{ "h16.s-sw", CATAN_HARBOR_GENERIC }, { "h12.sw-nw", CATAN_BRICK },
		{ "h3.sw-nw", CATAN_LUMBER },
	};
	catan_game *g = catan_state_game(s);

	for (unsigned h = 0; h < 19; h++) {
		catan_hex_info hi;

		CATAN_ASSERT_OK(catan_board_hex(g, h, &hi));
		ck_assert_uint_eq(hi.terrain, want[h].terrain);
		ck_assert_uint_eq(hi.number, want[h].number);
	}
	ck_assert_int_eq(catan_state_robber(s), 9);
	for (int i = 0; i < 9; i++) {
		unsigned e = EDGE(s, harbor[i].edge);
		int hits = 0;

		for (unsigned h = 0; h < 9; h++) {
			catan_harbor_info hi;

			CATAN_ASSERT_OK(catan_board_harbor(g, h, &hi));
			if (hi.edge != e)
				continue;
			hits++;
			ck_assert_msg(hi.resource == harbor[i].resource,
				      "harbor on %s: resource %u", harbor[i].edge,
				      hi.resource);
		}
		ck_assert_msg(hits == 1, "no harbor on %s", harbor[i].edge);
	}
}

START_TEST(test_04_b1_beginner_board)
{
	check_beginner_board(beginner(0));
	/* The same board laid by the host (board=given) from the facts
	 * written as texts (test-common.h) must be this board too. */
	check_beginner_board(new_state("base(board=given,tiles=" BEGINNER_TILES
				       ",harbors=" BEGINNER_HARBORS ")"));
}
END_TEST

/* ------------------------------------------- board=given (the host's layout) */

/* A game's standard island written as board=given texts, by this test's
 * own reading of doc/variants/base.md: L B W G O for forest, hills,
 * pasture, fields, mountains with the number, D the desert; a harbor 3 or
 * the letter of its 2:1 resource. */
static void
layout_texts(catan_game *g, char *tiles, size_t tcap, char *harbors, size_t hcap)
{
	static const char *const by_terrain[] = {
		[CATAN_TERRAIN_DESERT] = "D", [CATAN_TERRAIN_FOREST] = "L",
		[CATAN_TERRAIN_HILLS] = "B", [CATAN_TERRAIN_PASTURE] = "W",
		[CATAN_TERRAIN_FIELDS] = "G", [CATAN_TERRAIN_MOUNTAINS] = "O",
	};
	static const char *const by_resource[] = {
		[CATAN_LUMBER] = "L", [CATAN_BRICK] = "B", [CATAN_WOOL] = "W",
		[CATAN_GRAIN] = "G", [CATAN_ORE] = "O",
	};
	size_t tl = 0, hl = 0;

	for (unsigned h = 0; h < 19; h++) {
		catan_hex_info hi;

		CATAN_ASSERT_OK(catan_board_hex(g, h, &hi));
		ck_assert_uint_lt(hi.terrain, 6);
		tl += (size_t)snprintf(tiles + tl, tcap - tl, "%s%s", h ? "." : "",
				       by_terrain[hi.terrain]);
		if (hi.number)
			tl += (size_t)snprintf(tiles + tl, tcap - tl, "%u", hi.number);
		ck_assert_uint_lt(tl, tcap);
	}
	for (unsigned i = 0; i < 9; i++) {
		catan_harbor_info hi;

		CATAN_ASSERT_OK(catan_board_harbor(g, i, &hi));
		hl += (size_t)snprintf(harbors + hl, hcap - hl, "%s%s", i ? "." : "",
				       hi.resource == CATAN_HARBOR_GENERIC ? "3" :
				       by_resource[hi.resource]);
		ck_assert_uint_lt(hl, hcap);
	}
}

/*
 * base-game.txt 04 "Building a variable island" 1-3: the players lay the
 * 19 terrains in rows of 3, 4, 5, 4 and 3, the harbors on the nine places
 * of the frame and the numbers, and "Place the thief in the desert".
 * board=given is that island as the host laid it: every hex, harbor and
 * intersection is the one the texts name, and the robber starts on the
 * desert. Random boards written out as texts are laid again exactly.
 */
START_TEST(test_04_given_board_is_laid_as_written)
{
	for (int i = 0; i < 24; i++) {
		char spec[96], given[256], tiles[128], harbors[48], canon[512];
		catan_game *r, *g;
		catan_state *s;

		snprintf(spec, sizeof(spec), "base(seed=%d,numbers=%s)", 4001 + 17 * i,
			 i % 4 == 3 ? "spiral" : "random");
		r = catan_test_game_new(pool.ctx, spec);
		layout_texts(r, tiles, sizeof(tiles), harbors, sizeof(harbors));
		/* catan_board_layout() writes what this test reads off the board */
		snprintf(given, sizeof(given), "board=given,tiles=%s,harbors=%s", tiles, harbors);
		CATAN_ASSERT_OK(catan_board_layout(r, canon, sizeof(canon), NULL));
		ck_assert_str_eq(canon, given);
		snprintf(given, sizeof(given), "base(board=given,tiles=%s,harbors=%s,seed=%d)",
			 tiles, harbors, 9 + i);
		/* spiral boards too: the A-R order keeps red numbers apart */
		ck_assert_msg(catan_game_new_from_string(&g, pool.ctx, given) == CATAN_OK,
			      "%s: %s", given, catan_ctx_errmsg(pool.ctx));
		for (unsigned h = 0; h < 19; h++) {
			catan_hex_info a, b;

			CATAN_ASSERT_OK(catan_board_hex(r, h, &a));
			CATAN_ASSERT_OK(catan_board_hex(g, h, &b));
			ck_assert_int_eq(a.q, b.q);
			ck_assert_int_eq(a.r, b.r);
			ck_assert_uint_eq(a.terrain, b.terrain);
			ck_assert_uint_eq(a.number, b.number);
		}
		for (unsigned h = 0; h < 9; h++) {
			catan_harbor_info a, b;

			CATAN_ASSERT_OK(catan_board_harbor(r, h, &a));
			CATAN_ASSERT_OK(catan_board_harbor(g, h, &b));
			ck_assert_uint_eq(a.resource, b.resource);
			ck_assert_uint_eq(a.ratio, b.ratio);
			ck_assert_uint_eq(a.edge, b.edge);
			ck_assert_uint_eq(a.vertices[0], b.vertices[0]);
			ck_assert_uint_eq(a.vertices[1], b.vertices[1]);
		}
		for (unsigned v = 0; v < 54; v++) {
			catan_vertex_info a, b;

			CATAN_ASSERT_OK(catan_board_vertex(r, v, &a));
			CATAN_ASSERT_OK(catan_board_vertex(g, v, &b));
			ck_assert_uint_eq(a.harbor, b.harbor);
		}
		/* the texts are kept as written, and name the same game again */
		ck_assert_str_eq(catan_game_param(g, "tiles"), tiles);
		ck_assert_str_eq(catan_game_param(g, "harbors"), harbors);
		ck_assert_str_eq(catan_game_param(g, "board"), "given");
		CATAN_ASSERT_OK(catan_game_to_string(g, canon, sizeof(canon), NULL));
		ck_assert_ptr_nonnull(strstr(canon, tiles));
		s = new_state(canon);
		for (unsigned h = 0; h < 19; h++) {
			catan_hex_info hi;

			CATAN_ASSERT_OK(catan_board_hex(g, h, &hi));
			if (hi.terrain == CATAN_TERRAIN_DESERT)
				ck_assert_int_eq(catan_state_robber(s), (int)h);
		}
		catan_game_unref(g);
		catan_game_unref(r);
	}
}
END_TEST

/* The game string is refused with EINVAL, naming @needle. */
static void
refuse_board(const char *spec, const char *needle)
{
	catan_game *g = (catan_game *)&g;
	int rc = catan_game_new_from_string(&g, pool.ctx, spec);

	ck_assert_msg(rc == CATAN_EINVAL, "%s: %d %s", spec, rc, catan_ctx_errmsg(pool.ctx));
	ck_assert_ptr_eq(g, (catan_game *)&g);
	ck_assert_msg(strstr(catan_ctx_errmsg(pool.ctx), needle) != NULL,
		      "%s: \"%s\" does not name \"%s\"", spec, catan_ctx_errmsg(pool.ctx),
		      needle);
}

#define GIVEN(tiles_, harbors_) "base(board=given,tiles=" tiles_ ",harbors=" harbors_ ")"

/*
 * base-game.txt 02: "19 tiles of land: 4 forests, 4 pastures, 4 fields,
 * 3 hills, 3 mountains and 1 desert", "9 port markers and 18 numbered
 * tokens"; 04.3 "one on each plot except the desert. Two red numbers, 6
 * or 8, must never be on tiles nearby by one side". A host's island is
 * laid from the box by these rules, or refused with a message.
 */
START_TEST(test_02_04_given_board_is_the_box)
{
	/* the beginner board with one change each */
	refuse_board(GIVEN("O10.W2.L9.G12.B6.W4.B10.G9.L11.D.L3.O8.L8.O3.G4.W5.B5.G6.G11",
			   BEGINNER_HARBORS), "not the box's terrains");
	refuse_board(GIVEN("O10.W2.L9.G12.B6.W4.B10.G9.L11.D.L3.O8.L8.O3.G4.W5.B5.G6.D",
			   BEGINNER_HARBORS), "not the box's terrains");
	refuse_board(GIVEN("O10.W2.L9.G12.B6.W4.B10.G9.L11.D.L3.O8.L8.O3.G4.W5.B5.G6.W12",
			   BEGINNER_HARBORS), "not the box's 18 numbers");
	refuse_board(GIVEN("O10.W2.L9.G12.B6.W4.B10.G9.L11.D.L3.O8.L8.O3.G4.W5.B5.G6.W7",
			   BEGINNER_HARBORS), "tile h18 'W7' is not a tile");
	refuse_board(GIVEN("O10.W2.L9.G12.B6.W4.B10.G9.L11.D.L3.O8.L8.O3.G4.W5.B5.G6.W13",
			   BEGINNER_HARBORS), "not a tile");
	refuse_board(GIVEN("O10.W2.L9.G12.B6.W4.B10.G9.L11.D.L3.O8.L8.O3.G4.W5.B5.G6.W11",
			   "3.G.O.3.W.3.3.B.3"), "not the box's harbors");
	refuse_board(GIVEN("O10.W2.L9.G12.B6.W4.B10.G9.L11.D.L3.O8.L8.O3.G4.W5.B5.G6.W11",
			   "3.G.O.W.W.3.3.B.L"), "not the box's harbors");
	/* the 6 of h17 swapped with the 3 of h13, or with the 5 of h16:
	 * either way next to the 8 of h12 */
	refuse_board(GIVEN("O10.W2.L9.G12.B6.W4.B10.G9.L11.D.L3.O8.L8.O6.G4.W5.B5.G3.W11",
			   BEGINNER_HARBORS), "red numbers side by side on h12 and h13");
	refuse_board(GIVEN("O10.W2.L9.G12.B6.W4.B10.G9.L11.D.L3.O8.L8.O3.G4.W5.B6.G5.W11",
			   BEGINNER_HARBORS), "red numbers side by side on h12 and h16");
	/* the 6 of h17 swapped with the 4 of h14 instead: apart, and laid */
	ck_assert_ptr_nonnull(new_state(GIVEN("O10.W2.L9.G12.B6.W4.B10.G9.L11.D.L3.O8.L8.O3.G6."
					      "W5.B5.G4.W11", BEGINNER_HARBORS)));
}
END_TEST

/*
 * One spelling per board, so that equal games have equal strings: 19
 * tiles and 9 harbors, upper-case letters, numbers without leading zeros,
 * one '.' between items. tiles= and harbors= go with board=given only,
 * both of them; numbers=spiral would place numbers the texts give.
 */
START_TEST(test_04_given_board_texts)
{
	static const struct { const char *spec, *needle; } bad[] = {
		{ GIVEN("o10.W2.L9.G12.B6.W4.B10.G9.L11.D.L3.O8.L8.O3.G4.W5.B5.G6.W11",
			BEGINNER_HARBORS), "tile h0 'o10' is not a tile" },
		{ GIVEN("O010.W2.L9.G12.B6.W4.B10.G9.L11.D.L3.O8.L8.O3.G4.W5.B5.G6.W11",
			BEGINNER_HARBORS), "tile h0 'O010' is not a tile" },
		{ GIVEN("O10.W2.L9.G12.B6.W4.B10.G9.L11.D.L3.O8.L8.O3.G4.W5.B5.G6",
			BEGINNER_HARBORS), "18 of the 19 tiles" },
		{ GIVEN("D", BEGINNER_HARBORS), "1 of the 19 tiles" },
		{ GIVEN("OOOOOOOOOOOOOOO.W2.L9.G12.B6.W4.B10.G9.L11.D.L3.O8.L8.O3.G4.W5.B5.G6.W11",
			BEGINNER_HARBORS), "tile h0 'OOOOOOOO...' is not a tile" },
		{ GIVEN("O10.W2.L9.G12.B6.W4.B10.G9.L11.D.L3.O8.L8.O3.G4.W5.B5.G6.W11.D",
			BEGINNER_HARBORS), "more than 19 tiles" },
		{ GIVEN("O10.W2.L9.G12.B6.W4.B10.G9.L11.D.L3.O8.L8.O3.G4.W5.B5.G6.W11.",
			BEGINNER_HARBORS), "item 20 is empty" },
		{ GIVEN("O10..W2.L9.G12.B6.W4.B10.G9.L11.D.L3.O8.L8.O3.G4.W5.B5.G6.W11",
			BEGINNER_HARBORS), "item 2 is empty" },
		{ GIVEN(".O10.W2.L9.G12.B6.W4.B10.G9.L11.D.L3.O8.L8.O3.G4.W5.B5.G6.W11",
			BEGINNER_HARBORS), "item 1 is empty" },
		{ GIVEN(BEGINNER_TILES, "3.G.O.3.W.3.3.B.L."), "item 10 is empty" },
		{ GIVEN("O10.W2.L9.G12.B6.W4.B10.G9.L11.D0.L3.O8.L8.O3.G4.W5.B5.G6.W11",
			BEGINNER_HARBORS), "tile h9 'D0' is not a tile" },
		{ GIVEN(BEGINNER_TILES, "3.G.O.3.W.3.3.B"), "8 of the 9 harbors" },
		{ GIVEN(BEGINNER_TILES, "3.G.O.3.W.3.3.B.L.3"), "more than 9 harbors" },
		{ GIVEN(BEGINNER_TILES, "3.g.O.3.W.3.3.B.L"), "harbor 1 'g' is not a harbor" },
		{ GIVEN(BEGINNER_TILES, "3.G2.O.3.W.3.3.B.L"), "harbor 1 'G2' is not a harbor" },
		{ GIVEN(BEGINNER_TILES, "2.G.O.3.W.3.3.B.L"), "harbor 0 '2' is not a harbor" },
		{ "base(board=given)", "board=given needs both tiles= and harbors=" },
		{ "base(board=given,tiles=" BEGINNER_TILES ")",
		  "board=given needs both tiles= and harbors=" },
		{ "base(board=given,harbors=" BEGINNER_HARBORS ")",
		  "board=given needs both tiles= and harbors=" },
		{ "base(tiles=" BEGINNER_TILES ",harbors=" BEGINNER_HARBORS ")",
		  "not of board=random" },
		{ "base(board=beginner,harbors=" BEGINNER_HARBORS ")", "not of board=beginner" },
		{ "base(board=given,numbers=spiral,tiles=" BEGINNER_TILES ",harbors="
		  BEGINNER_HARBORS ")", "numbers=spiral needs board=random" },
		{ "base(tiles=zz_not_a_value)", "bad value for 'tiles': tile h0 'zz_not_a...' "
		  "is not a tile; expected 19 tiles in hex order" },
		{ "base(board=given,tiles=" BEGINNER_TILES ".L9.G12.B6.W4.B10.G9.L11.L3.O8.L8.O3.G4,harbors="
		  BEGINNER_HARBORS ")", "expected at most 96 characters" },
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		refuse_board(bad[i].spec, bad[i].needle);
	/* the beginner pieces (B2) go to the same places on any island */
	ck_assert_ptr_nonnull(new_state("base(board=given,setup=beginner,players=3,tiles="
					BEGINNER_TILES ",harbors=" BEGINNER_HARBORS ")"));
}
END_TEST

/*
 * base-game.txt 04: "Local scheme: buildings are on the corners and roads
 * on the sides."
 * base-game.txt 04.2: "An intersection is a corner where the land meets; a
 * road is placed along one side."
 * base-game.txt 05 (figure): "a road follows one side and a building
 * occupies a summit."
 */
START_TEST(test_04_buildings_on_corners_roads_on_sides)
{
	catan_state *s = beginner(0);
	catan_action a = CATAN_ACTION_INIT;

	ck_assert_int_ne(catan_action_parse(s, "p0 build_road h9.se", &a),
			 CATAN_OK);
	ck_assert_int_ne(catan_action_parse(s, "p0 build_settlement h4.n-ne", &a),
			 CATAN_OK);
	ck_assert_int_ne(catan_action_parse(s, "p0 build_city h4", &a),
			 CATAN_OK);
	ROLL(s, 12);
	HAND(s, 0, "lumber=1,brick=1,wool=1,grain=1");
	a = ACT(s, "p0 build_road h10.s-sw");
	a.target = 72;
	REFUSE_ACTION(s, &a, BAD_LOCATION);
	a = ACT(s, "p0 build_settlement h9.se");
	a.target = 54;
	REFUSE_ACTION(s, &a, BAD_LOCATION);
	/* raw ids name the same places */
	CATAN_ASSERT_OK(catan_action_parse(s, "p0 build_road h14.n-ne", &a));
	{
		catan_action raw = CATAN_ACTION_INIT;
		char text[32];

		snprintf(text, sizeof(text), "p0 build_road e%u",
			 EDGE(s, "h10.s-sw"));
		CATAN_ASSERT_OK(catan_action_parse(s, text, &raw));
		ck_assert_int_eq(catan_action_compare(&a, &raw), 0);
	}
}
END_TEST

/*
 * base-game.txt 04.4: "Leave the two rewards aside."
 * base-game.txt 02: "... 1 thief, 4 cost cards and 2 reward cards: The
 * longest route and the most powerful army."
 */
START_TEST(test_04_rewards_start_aside)
{
	catan_state *s = beginner(0);

	ck_assert_int_eq(catan_state_longest_road_holder(s), -1);
	ck_assert_int_eq(catan_state_largest_army_holder(s), -1);
	for (int p = 0; p < 4; p++) {
		ck_assert_int_eq(info(s, p).has_longest_road, 0);
		ck_assert_int_eq(info(s, p).has_largest_army, 0);
	}
}
END_TEST

/*
 * base-game.txt 04.5: "At 3, place the fourth color."
 * base-game.txt 01: "So don't add a fifth player with this one rule."
 */
START_TEST(test_04_three_or_four_players)
{
	catan_game *g = NULL;

	g = catan_test_game_new(pool.ctx, "base(players=3)");
	ck_assert_int_eq(catan_game_num_players(g), 3);
	catan_game_unref(g);
	g = NULL;
	ck_assert_int_ne(catan_game_new_from_string(&g, pool.ctx,
						    "base(players=5)"), CATAN_OK);
	ck_assert_ptr_null(g);
	ck_assert_int_ne(catan_game_new_from_string(&g, pool.ctx,
						    "base(players=2)"), CATAN_OK);
	ck_assert_ptr_null(g);
}
END_TEST

/*
 * base-game.txt 04 (first colonies) 1: "Each throws the two dice. The
 * largest total begins; restart between people equally if necessary."
 * B3: "The starting player is the winner of a dice roll-off: a chance
 * event, uniform over the players."
 */
START_TEST(test_04_b3_rolloff_uniform)
{
	for (int players = 3; players <= 4; players++) {
		char spec[80];
		catan_chance_outcome out[16];
		catan_state *s;
		size_t n;

		snprintf(spec, sizeof(spec),
			 "base(players=%d,board=beginner,chance=explicit)",
			 players);
		s = new_state(spec);
		EXPECT_PHASE(s, START);
		ck_assert_int_eq(catan_state_current_player(s),
				 CATAN_PLAYER_CHANCE);
		n = chance_outcomes(s, out, ARRAY_SIZE(out));
		ck_assert_uint_eq(n, (size_t)players);
		for (size_t i = 0; i < n; i++) {
			ck_assert_int_eq(out[i].action.type,
					 CATAN_ACT_FIRST_PLAYER);
			ck_assert_uint_eq(out[i].action.target, i);
			ck_assert_uint_eq((uint64_t)out[i].num * (uint64_t)players,
					  out[i].den);
		}
		REFUSE(s, "p0 build_settlement h0.n", NOT_YOUR_TURN);
		APPLYF(s, "chance first_player p%d", players - 1);
		EXPECT_PHASE(s, SETUP);
		ck_assert_int_eq(catan_state_current_player(s), players - 1);
	}
	/* sampled mode resolves the roll-off at once */
	{
		catan_state *s = new_state("base(players=4,seed=3)");

		ck_assert_int_eq(catan_state_is_chance_node(s), 0);
		EXPECT_PHASE(s, SETUP);
	}
}
END_TEST

/* The snake set-up of the test below: settlement, road, payment. */
static const struct {
	int player;
	const char *settlement, *road, *income;
} snake[8] = {
	{ 2, "h0.se", "h0.ne-se", "" },
	{ 3, "h2.s", "h2.se-s", "" },
	{ 0, "h7.se", "h7.se-s", "" },
	{ 1, "h10.se", "h10.ne-se", "" },
	/* second round, reversed; each second settlement pays */
	{ 1, "h12.se", "h12.se-s", "lumber=1,brick=1,ore=1" },
	{ 0, "h14.se", "h14.se-s", "wool=2,grain=1" },
	{ 3, "h4.se", "h5.s-sw", "brick=1,wool=1" },
	{ 2, "h3.se", "h3.se-s", "lumber=1,brick=1,grain=1" },
};

static catan_state *
snake_game(void)
{
	return game_with_first("base(players=4,board=beginner,chance=explicit)",
			       2);
}

/*
 * base-game.txt 04.2: "In a clockwise direction, each one lays for free
 * 1 colony on a free intersection, then 1 road on a side that leaves this
 * colony."
 * base-game.txt 04.4: "Take a second tour in reverse order, so the last one
 * poses his second colony and his second road immediately; the first one
 * poses last."
 * base-game.txt 04.5: "The player designated in stage 6 then starts the
 * game; the game resumes in the clockwise direction."
 */
START_TEST(test_04_snake_order)
{
	catan_state *s = snake_game();

	for (int i = 0; i < 8; i++) {
		char text[64];

		EXPECT_PHASE(s, SETUP);
		ck_assert_uint_eq(catan_state_turn_number(s), 0);
		ck_assert_int_eq(catan_state_current_player(s), snake[i].player);
		/* nobody else may place now */
		snprintf(text, sizeof(text), "p%d build_settlement h18.s",
			 (snake[i].player + 1) % 4);
		REFUSE(s, text, NOT_YOUR_TURN);
		APPLYF(s, "p%d build_settlement %s", snake[i].player,
		       snake[i].settlement);
		ck_assert_int_eq(catan_state_current_player(s), snake[i].player);
		APPLYF(s, "p%d build_road %s", snake[i].player, snake[i].road);
	}
	/* the first player of the roll-off starts turn 1 */
	EXPECT_PHASE(s, ROLL);
	ck_assert_uint_eq(catan_state_turn_number(s), 1);
	ck_assert_int_eq(catan_state_current_player(s), 2);
	ROLL(s, 12);
	END_TURN(s);
	ck_assert_int_eq(catan_state_current_player(s), 3);
}
END_TEST

/*
 * base-game.txt 04.2: "each one lays for free 1 colony ... then 1 road"
 * base-game.txt 04.5: "After its second colony, each takes a resource per
 * productive field that touches it. Don't give anything for the first."
 * base-game.txt 02: "The desert produces no resources." (p3's second
 * settlement h4.se touches hills, pasture and the desert: 2 cards.)
 */
START_TEST(test_04_setup_free_and_second_settlement_pays)
{
	catan_state *s = snake_game();

	for (int i = 0; i < 8; i++) {
		int p = snake[i].player;
		catan_player_info before = info(s, p);

		APPLYF(s, "p%d build_settlement %s", p, snake[i].settlement);
		APPLYF(s, "p%d build_road %s", p, snake[i].road);
		EXPECT_HAND(s, p, snake[i].income);
		ck_assert_uint_eq(info(s, p).settlements_left,
				  before.settlements_left - 1);
		ck_assert_uint_eq(info(s, p).roads_left, before.roads_left - 1);
		if (i == 3)
			EXPECT_BANK(s, "lumber=19,brick=19,wool=19,grain=19,ore=19");
	}
	EXPECT_BANK(s, "lumber=17,brick=16,wool=16,grain=17,ore=18");
	for (int p = 0; p < 4; p++) {
		ck_assert_int_eq(vp(s, p), 2);
		ck_assert_uint_eq(info(s, p).roads_left, 13);
	}
}
END_TEST

/*
 * base-game.txt 04.2: "then 1 road on a side that leaves this colony"
 * (the reason is setup_order: the set-up expects another piece or place).
 */
START_TEST(test_04_setup_road_leaves_the_new_settlement)
{
	catan_state *s = snake_game();

	REFUSE(s, "p2 build_road h0.ne-se", SETUP_ORDER);
	APPLY(s, "p2 build_settlement h0.se");
	REFUSE(s, "p2 build_settlement h2.s", SETUP_ORDER);
	REFUSE(s, "p2 build_road h2.se-s", SETUP_ORDER);
	REFUSE(s, "p2 build_road h0.n-ne", SETUP_ORDER);
	REFUSE(s, "p2 build_city h0.se", WRONG_PHASE);
	REFUSE(s, "p2 roll", WRONG_PHASE);
	REFUSE(s, "p2 end_turn", WRONG_PHASE);
	APPLY(s, "p2 build_road h0.se-s");
	/* in the second round, the road leaves the second settlement */
	for (int i = 1; i < 7; i++) {
		APPLYF(s, "p%d build_settlement %s", snake[i].player,
		       snake[i].settlement);
		APPLYF(s, "p%d build_road %s", snake[i].player, snake[i].road);
	}
	APPLY(s, "p2 build_settlement h3.se");
	/* next to p2's first settlement, not the one just placed */
	REFUSE(s, "p2 build_road h0.ne-se", SETUP_ORDER);
	APPLY(s, "p2 build_road h3.se-s");
}
END_TEST

/*
 * base-game.txt 04.3: "Respect the distance now: no colony or city should be
 * on a corner directly next to another, even in its own color."
 * base-game.txt 08: "Set up one colony next to another: keep a free corner
 * between the buildings."
 */
START_TEST(test_04_setup_distance_rule)
{
	catan_state *s = snake_game();

	APPLY(s, "p2 build_settlement h0.se");
	APPLY(s, "p2 build_road h0.ne-se");
	REFUSE(s, "p3 build_settlement h0.se", OCCUPIED);
	REFUSE(s, "p3 build_settlement h0.ne", DISTANCE_RULE);
	REFUSE(s, "p3 build_settlement h0.s", DISTANCE_RULE);
	REFUSE(s, "p3 build_settlement h1.s", DISTANCE_RULE);
	for (int i = 1; i < 7; i++) {
		APPLYF(s, "p%d build_settlement %s", snake[i].player,
		       snake[i].settlement);
		APPLYF(s, "p%d build_road %s", snake[i].player, snake[i].road);
	}
	/* p2's own first settlement forbids its neighbours too */
	REFUSE(s, "p2 build_settlement h0.s", DISTANCE_RULE);
	REFUSE(s, "p2 build_settlement h0.ne", DISTANCE_RULE);
	/* two corners away is fine */
	LEGAL(s, "p2 build_settlement h0.sw");
}
END_TEST

/*
 * base-game.txt 04.4: "The second colony does not need to be connected to
 * the first one."
 * base-game.txt 05.D: "The first two colonies are the only ones exempted
 * from connection to the network."
 */
START_TEST(test_04_second_settlement_need_not_connect)
{
	catan_state *s = snake_game();

	for (int i = 0; i < 7; i++) {
		APPLYF(s, "p%d build_settlement %s", snake[i].player,
		       snake[i].settlement);
		APPLYF(s, "p%d build_road %s", snake[i].player, snake[i].road);
	}
	/* p2's first settlement is h0.se; h18.s is across the island */
	APPLY(s, "p2 build_settlement h18.s");
	APPLY(s, "p2 build_road h18.se-s");
	/* in the game, a third settlement must touch a road */
	ROLL(s, 12);
	HAND(s, 2, "lumber=1,brick=1,wool=1,grain=1");
	REFUSE(s, "p2 build_settlement h16.s", NOT_CONNECTED);
}
END_TEST

/*
 * B2: "setup=beginner uses the fixed starting pieces of FACTS.md 1.4
 * (players 0-3 in that table; a 3-player game drops player 3) and pays
 * starting resources for the marked settlements."
 */
START_TEST(test_04_b2_beginner_pieces)
{
	static const struct {
		const char *settlement[2], *road[2], *income;
	} want[4] = {
		{ { "h14.se", "h12.se" }, { "h14.ne-se", "h13.s-sw" },
		  "lumber=1,brick=1,ore=1" },
		{ { "h10.se", "h3.se" }, { "h10.ne-se", "h3.se-s" },
		  "lumber=1,brick=1,grain=1" },
		{ { "h2.s", "h13.se" }, { "h2.s-sw", "h14.s-sw" },
		  "grain=2,ore=1" },
		{ { "h0.se", "h7.se" }, { "h1.s-sw", "h8.s-sw" },
		  "lumber=2,grain=1" },
	};

	for (int players = 3; players <= 4; players++) {
		catan_state *s = beginner_with(players, 0, "");
		catan_board_counts bc;
		unsigned buildings = 0, roads = 0;

		for (int p = 0; p < players; p++) {
			for (int i = 0; i < 2; i++) {
				int owner = -1;

				ck_assert_int_eq(building_at(s,
						 VERTEX(s, want[p].settlement[i]),
						 &owner), CATAN_PIECE_SETTLEMENT);
				ck_assert_int_eq(owner, p);
				ck_assert_int_eq(catan_state_edge_piece(s,
						 EDGE(s, want[p].road[i]), &owner),
						 CATAN_PIECE_ROAD);
				ck_assert_int_eq(owner, p);
			}
			EXPECT_HAND(s, p, want[p].income);
		}
		CATAN_ASSERT_OK(catan_board_counts_get(catan_state_game(s), &bc));
		for (unsigned v = 0; v < bc.vertices; v++)
			buildings += building_at(s, v, NULL) != CATAN_PIECE_NONE;
		for (unsigned e = 0; e < bc.edges; e++)
			roads += catan_state_edge_piece(s, e, NULL) !=
				 CATAN_PIECE_NONE;
		ck_assert_uint_eq(buildings, 2u * (unsigned)players);
		ck_assert_uint_eq(roads, 2u * (unsigned)players);
		ck_assert_uint_eq(catan_state_turn_number(s), 1);
		EXPECT_PHASE(s, ROLL);
	}
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

	s = catan_test_suite(sr, "base-02-equipment");
	ADD(s, test_02_nineteen_terrain_tiles);
	ADD(s, test_02_nine_ports_eighteen_tokens);
	ADD(s, test_02_bank_of_95_cards);
	ADD(s, test_02_twenty_five_development_cards);
	ADD(s, test_02_pieces_per_color);
	ADD(s, test_02_two_six_sided_dice);
	ADD(s, test_02_five_resources);

	s = catan_test_suite(sr, "base-03-04-preparing");
	ADD(s, test_03_start_with_two_points);
	ADD(s, test_04_rows_of_3_4_5_4_3);
	ADD(s, test_04_harbor_opens_on_two_coastal_intersections);
	ADD(s, test_04_harbors_on_the_nine_frame_places);
	ADD(s, test_04_red_numbers_never_adjacent);
	ADD(s, test_04_b1_spiral_numbers);
	ADD(s, test_04_b1_beginner_board);
	ADD(s, test_04_given_board_is_laid_as_written);
	ADD(s, test_02_04_given_board_is_the_box);
	ADD(s, test_04_given_board_texts);
	ADD(s, test_04_buildings_on_corners_roads_on_sides);
	ADD(s, test_04_rewards_start_aside);
	ADD(s, test_04_three_or_four_players);
	ADD(s, test_04_b3_rolloff_uniform);
	ADD(s, test_04_snake_order);
	ADD(s, test_04_setup_free_and_second_settlement_pays);
	ADD(s, test_04_setup_road_leaves_the_new_settlement);
	ADD(s, test_04_setup_distance_rule);
	ADD(s, test_04_second_settlement_need_not_connect);
	ADD(s, test_04_b2_beginner_pieces);
}
