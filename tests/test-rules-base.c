/*
 * libcatanrules: rule tests of the base game, one or more per rule sentence.
 * SPDX-License-Identifier: MIT
 *
 * Every sentence of base-game.txt that states a rule (sections 02-07 and
 * "Errors to avoid", 08) and every base-game ruling of RULINGS.md (G1-G5,
 * B1-B10) is cited by at least one test below that fails when the rule is
 * missing or wrong. Each permission has its refusal: a refusal is checked
 * with catan_state_check_action() (reason code) and then with
 * catan_state_apply(), which must leave the state unchanged (hash and bytes).
 *
 * Positions are built on the beginner board (board=beginner, FACTS.md 1.2),
 * hex ids row by row:
 *
 *	h0 mountains 10  h1 pasture 2    h2 forest 9
 *	h3 fields 12     h4 hills 6      h5 pasture 4    h6 hills 10
 *	h7 fields 9      h8 forest 11    h9 desert       h10 forest 3  h11 mountains 8
 *	h12 forest 8     h13 mountains 3 h14 fields 4    h15 pasture 5
 *	h16 hills 5      h17 fields 6    h18 pasture 11
 *
 * setup=beginner (FACTS.md 1.4) places, the second settlement paying:
 *	p0 h14.se (road h14.ne-se), h12.se (road h13.s-sw): lumber, brick, ore
 *	p1 h10.se (road h10.ne-se), h3.se (road h3.se-s):   lumber, brick, grain
 *	p2 h2.s (road h2.s-sw),     h13.se (road h14.s-sw): grain 2, ore
 *	p3 h0.se (road h1.s-sw),    h7.se (road h8.s-sw):   lumber 2, grain
 *
 * Chance is explicit: dice, card draws, steals and the roll-off are forced by
 * applying the outcome ("chance dice 8"). Action texts are written in
 * canonical notation and every one is checked to format back to itself.
 *
 * There is one Check suite per section of base-game.txt (base-02-equipment
 * ... base-08-errors, base-rulings) and one tcase per test, so a single rule
 * can be run alone: `build/tests/test-rules-base base-05f-awards
 * test_05f_loop_counts`. G3 (points compared between players are public
 * points) has no use in the base game, where no rule compares points.
 */

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test-rules-kit.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* ---------------------------------------------------------------- cards */

static catan_player_info
info(const catan_state *s, int player)
{
	catan_player_info pi;

	CATAN_ASSERT_OK(catan_state_player(s, player, &pi));
	return pi;
}

/* The player's hand is exactly @text. */
static void
expect_hand_at(int line, const catan_state *s, int player, const char *text)
{
	unsigned want[CATAN_NUM_RESOURCES], total = 0;
	catan_player_info pi = info(s, player);

	parse_cards_at(line, text, want);
	for (int k = 0; k < CATAN_NUM_RESOURCES; k++) {
		ck_assert_msg(pi.cards[k] == want[k],
			      "line %d: p%d holds %u %s, expected %u (\"%s\")",
			      line, player, (unsigned)pi.cards[k],
			      catan_resource_name(k), want[k], text);
		total += want[k];
	}
	ck_assert_msg(pi.card_total == total,
		      "line %d: p%d card_total %u, expected %u", line, player,
		      (unsigned)pi.card_total, total);
}

#define EXPECT_HAND(s_, p_, text_) expect_hand_at(__LINE__, (s_), (p_), (text_))

/* The bank holds exactly @text. */
static void
expect_bank_at(int line, const catan_state *s, const char *text)
{
	unsigned want[CATAN_NUM_RESOURCES];
	uint8_t bank[CATAN_MAX_CARD_KINDS];

	parse_cards_at(line, text, want);
	CATAN_ASSERT_OK(catan_state_bank(s, bank));
	for (int k = 0; k < CATAN_NUM_RESOURCES; k++)
		ck_assert_msg(bank[k] == want[k],
			      "line %d: bank holds %u %s, expected %u", line,
			      (unsigned)bank[k], catan_resource_name(k),
			      want[k]);
}

#define EXPECT_BANK(s_, text_) expect_bank_at(__LINE__, (s_), (text_))

/* The bank changed by exactly @sign * @text since @before. */
static void
expect_bank_change_at(int line, const uint8_t before[CATAN_MAX_CARD_KINDS],
		      const catan_state *s, int sign, const char *text)
{
	unsigned delta[CATAN_NUM_RESOURCES];
	uint8_t bank[CATAN_MAX_CARD_KINDS];

	parse_cards_at(line, text, delta);
	CATAN_ASSERT_OK(catan_state_bank(s, bank));
	for (int k = 0; k < CATAN_NUM_RESOURCES; k++)
		ck_assert_msg((int)bank[k] == (int)before[k] + sign * (int)delta[k],
			      "line %d: bank %s went %u -> %u, expected %+d",
			      line, catan_resource_name(k), (unsigned)before[k],
			      (unsigned)bank[k], sign * (int)delta[k]);
}

#define EXPECT_BANK_GAIN(b_, s_, t_) \
	expect_bank_change_at(__LINE__, (b_), (s_), 1, (t_))
#define EXPECT_BANK_LOSS(b_, s_, t_) \
	expect_bank_change_at(__LINE__, (b_), (s_), -1, (t_))

static unsigned
bank_of(const catan_state *s, int kind)
{
	uint8_t bank[CATAN_MAX_CARD_KINDS];

	CATAN_ASSERT_OK(catan_state_bank(s, bank));
	return bank[kind];
}

static unsigned
deck_of(const catan_state *s, int kind)
{
	uint8_t deck[CATAN_MAX_DEV_KINDS];

	CATAN_ASSERT_OK(catan_state_dev_deck(s, deck));
	return deck[kind];
}

/* Give a development card from the deck. */
static void
dev_at(int line, catan_state *s, int player, int kind, int playable)
{
	ck_assert_msg(catan_edit_give_dev_card(s, player, kind, playable) ==
		      CATAN_OK, "line %d: give dev card: %s", line,
		      catan_state_errmsg(s));
}

#define DEV(s_, p_, kind_) dev_at(__LINE__, (s_), (p_), (kind_), 1)

/* ------------------------------------------------------------- the board */

static unsigned
edge_joining(const catan_state *s, unsigned a, unsigned b)
{
	catan_vertex_info vi;

	CATAN_ASSERT_OK(catan_board_vertex(catan_state_game(s), a, &vi));
	for (int i = 0; i < 3; i++)
		if (vi.vertices[i] == b)
			return vi.edges[i];
	return CATAN_NONE;
}

/* Roads along a path of intersections: "h0.nw h0.n h0.ne h1.n". */
static void
roads_at(int line, catan_state *s, int player, const char *path)
{
	const char *p = path;
	unsigned prev = CATAN_NONE;

	while (*p != '\0') {
		char tok[16];
		size_t len = strcspn(p, " ");
		unsigned v, e;

		ck_assert_msg(len > 0 && len < sizeof(tok), "line %d: bad path",
			      line);
		memcpy(tok, p, len);
		tok[len] = '\0';
		p += len;
		while (*p == ' ')
			p++;
		v = loc_at(line, s, tok, CATAN_LOC_VERTEX);
		if (prev != CATAN_NONE) {
			e = edge_joining(s, prev, v);
			ck_assert_msg(e != CATAN_NONE,
				      "line %d: no edge to %s in \"%s\"", line,
				      tok, path);
			ck_assert_msg(catan_edit_place(s, player,
						       CATAN_PIECE_ROAD, e) ==
				      CATAN_OK, "line %d: road to %s: %s", line,
				      tok, catan_state_errmsg(s));
		}
		prev = v;
	}
}

#define ROADS(s_, p_, path_) roads_at(__LINE__, (s_), (p_), (path_))

static int
building_at(const catan_state *s, unsigned vertex, int *owner)
{
	return catan_state_vertex_piece(s, vertex, owner);
}

/* ---------------------------------------------------------------- games */

static catan_state *
game_with_first(const char *spec, int first)
{
	catan_state *s = new_state(spec);

	ck_assert_int_eq(catan_state_phase(s), CATAN_PHASE_START);
	APPLYF(s, "chance first_player p%d", first);
	return s;
}

/*
 * The beginner board with the beginner pieces; @extra adds game
 * parameters ("phases=combined"). Turn 1 of @first, before the roll.
 */
static catan_state *
beginner_with(int players, int first, const char *extra)
{
	char spec[160];

	snprintf(spec, sizeof(spec),
		 "base(players=%d,board=beginner,setup=beginner,chance=explicit%s%s)",
		 players, extra[0] ? "," : "", extra);
	return game_with_first(spec, first);
}

static catan_state *
beginner(int first)
{
	return beginner_with(4, first, "");
}

/* Everything off the board and out of the hands: the robber stays on h9. */
static void
clear_position(catan_state *s)
{
	catan_board_counts bc;
	int np = catan_game_num_players(catan_state_game(s));

	CATAN_ASSERT_OK(catan_board_counts_get(catan_state_game(s), &bc));
	for (unsigned v = 0; v < bc.vertices; v++)
		if (catan_state_vertex_piece(s, v, NULL) > 0)
			CATAN_ASSERT_OK(catan_edit_remove(s,
					CATAN_PIECE_SETTLEMENT, v));
	for (unsigned e = 0; e < bc.edges; e++)
		if (catan_state_edge_piece(s, e, NULL) > 0)
			CATAN_ASSERT_OK(catan_edit_remove(s, CATAN_PIECE_ROAD, e));
	for (int p = 0; p < np; p++)
		for (int k = 0; k < CATAN_NUM_RESOURCES; k++)
			CATAN_ASSERT_OK(catan_edit_set_cards(s, p, k, 0));
}

/* An empty beginner board, turn 1 of p0 before the roll. */
static catan_state *
empty_board_with(int players, const char *extra)
{
	catan_state *s = beginner_with(players, 0, extra);

	clear_position(s);
	return s;
}

static catan_state *
empty_board(void)
{
	return empty_board_with(4, "");
}

static void
end_turn_at(int line, catan_state *s)
{
	applyf_at(line, s, "p%d end_turn", catan_state_turn_player(s));
}

#define END_TURN(s_) end_turn_at(__LINE__, (s_))

static size_t
chance_outcomes(const catan_state *s, catan_chance_outcome *buf, size_t cap)
{
	size_t n = 0;

	CATAN_ASSERT_OK(catan_state_chance_outcomes(s, buf, cap, &n));
	return n;
}

static size_t
legal_actions(const catan_state *s, int player, catan_action *buf, size_t cap)
{
	size_t n = 0;

	CATAN_ASSERT_OK(catan_state_legal_actions(s, player, buf, cap, &n));
	return n;
}

static int
vp(const catan_state *s, int player)
{
	return catan_state_victory_points(s, player, 0);
}

static int
total_vp(const catan_state *s, int player)
{
	return catan_state_victory_points(s, player, 1);
}

static void
expect_phase_at(int line, const catan_state *s, int phase)
{
	int got = catan_state_phase(s);

	ck_assert_msg(got == phase, "line %d: phase %s, expected %s", line,
		      catan_state_phase_name(s, got),
		      catan_state_phase_name(s, phase));
}

#define EXPECT_PHASE(s_, phase_) \
	expect_phase_at(__LINE__, (s_), CATAN_PHASE_##phase_)

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
START_TEST(test_04_b1_beginner_board)
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
	catan_state *s = beginner(0);
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

/* ==================================================== 05.A Production */

/*
 * G5: "Supplies are finite where the box is finite (resource cards 19 each,
 * pieces per color, development cards)": nothing is created or lost.
 */
static void
check_supplies_at(int line, const catan_state *s)
{
	int np = catan_game_num_players(catan_state_game(s));
	catan_board_counts bc;
	unsigned dev = 0, roads[CATAN_MAX_PLAYERS] = { 0 };

	for (int k = 0; k < CATAN_NUM_RESOURCES; k++) {
		unsigned total = bank_of(s, k);

		for (int p = 0; p < np; p++)
			total += info(s, p).cards[k];
		ck_assert_msg(total == 19, "line %d: %u %s cards in play", line,
			      total, catan_resource_name(k));
	}
	for (int k = 0; k < CATAN_NUM_DEV_KINDS; k++)
		dev += deck_of(s, k);
	for (int p = 0; p < np; p++) {
		catan_player_info pi = info(s, p);

		dev += pi.dev_total + pi.knights_played;
	}
	/* played Road Building, Year of Plenty and Monopoly cards leave the
	 * game (05.E), so at most 25 remain */
	ck_assert_msg(dev <= 25, "line %d: %u development cards", line, dev);
	CATAN_ASSERT_OK(catan_board_counts_get(catan_state_game(s), &bc));
	for (unsigned e = 0; e < bc.edges; e++) {
		int owner = -1;

		if (catan_state_edge_piece(s, e, &owner) == CATAN_PIECE_ROAD)
			roads[owner]++;
	}
	for (int p = 0; p < np; p++)
		ck_assert_msg(roads[p] + info(s, p).roads_left == 15,
			      "line %d: p%d has %u roads out of 15", line, p,
			      roads[p] + info(s, p).roads_left);
}

#define CHECK_SUPPLIES(s_) check_supplies_at(__LINE__, (s_))

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

/* Turn 1 of p0 after the roll on the beginner set-up, hand as given. */
static catan_state *
build_position(const char *hand)
{
	catan_state *s = beginner(0);

	ROLL(s, 12);
	HAND(s, 0, hand);
	return s;
}

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

	HAND(s, 0, "lumber=1,brick=1,wool=1,grain=1");
	APPLY(s, "p0 build_settlement h9.se");
	ck_assert_int_eq(vp(s, 0), 10);
	ck_assert_int_eq(catan_state_is_terminal(s), 1);
	EXPECT_PHASE(s, GAME_OVER);
	ck_assert_int_eq(catan_state_winner(s), 0);
	ck_assert_int_eq(catan_state_current_player(s), CATAN_PLAYER_TERMINAL);
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

	HAND(s, 0, "wool=1,grain=1,ore=1");
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
	TCase *tc;

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
	ADD(s, test_07_no_final_turn_no_sharing);
	ADD(s, test_07_nine_points_do_not_win);
	ADD(s, test_07_counting_points);
	ADD(s, test_07_g4_reward_on_another_turn_waits);
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
