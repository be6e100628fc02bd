/*
 * libcatanrules tests: the shared rule mechanics of lib/rules-*.c.
 * SPDX-License-Identifier: MIT
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test-common.h"
#include "catan-private.h"

/*
 * Every test starts from the beginner game with the board cleared: no
 * pieces, empty hands, robber on the desert (h9). Pieces are then placed
 * with the mechanics under test or the edit API.
 */
#define GAME "base(board=beginner,setup=beginner,chance=explicit)"

/* First hex of each row of the island (rows 3-4-5-4-3). */
#define ROW0 0
#define ROW2 7
#define ROW4 16

#define DESERT 9

static catan_ctx *ctx;
static catan_game *game;
static catan_state *st;

static void
clear_position(catan_state *s)
{
	const struct board *b = &s->game->board;
	int np = st_ccore(s)->num_players;

	for (unsigned e = 0; e < b->nedge; e++)
		if (st_cedge(s)[e])
			CATAN_ASSERT_OK(catan_edit_remove(s,
							  CATAN_PIECE_ROAD, e));
	for (unsigned v = 0; v < b->nvert; v++)
		if (st_cvert(s)[v])
			CATAN_ASSERT_OK(catan_edit_remove(s,
					CATAN_PIECE_SETTLEMENT, v));
	for (int p = 0; p < np; p++)
		for (int k = 0; k < CATAN_NUM_RESOURCES; k++)
			CATAN_ASSERT_OK(catan_edit_set_cards(s, p, k, 0));
	CATAN_ASSERT_OK(catan_edit_set_robber(s, DESERT));
	ck_assert_int_eq(st_ccore(s)->longest_holder, -1);
	ck_assert_int_eq(st_ccore(s)->army_holder, -1);
}

static void
setup(void)
{
	ctx = catan_test_ctx_new();
	game = catan_test_game_new(ctx, GAME);
	st = catan_test_state_new(game);
	ck_assert_int_eq(catan_game_num_players(game), 4);
	clear_position(st);
}

static void
teardown(void)
{
	catan_state_free(st);
	catan_game_unref(game);
	catan_ctx_free(ctx);
}

/* hand_total is the sum of the hand, and no card is created or lost. */
static void
check_cards_conserved(const catan_state *s)
{
	int np = st_ccore(s)->num_players;

	for (int k = 0; k < CATAN_NUM_RESOURCES; k++) {
		unsigned sum = st_ccore(s)->bank[k];

		for (int p = 0; p < np; p++)
			sum += st_cplayer(s, p)->hand[k];
		ck_assert_uint_eq(sum, s->game->bank_start[k]);
	}
	for (int p = 0; p < np; p++)
		ck_assert_uint_eq(st_cplayer(s, p)->hand_total,
				  cards_total(st_cplayer(s, p)->hand));
}

static unsigned
vtx(unsigned hex, int corner)
{
	catan_hex_info info;

	CATAN_ASSERT_OK(catan_board_hex(game, hex, &info));
	return info.vertices[corner];
}

static unsigned
side(unsigned hex, int i)
{
	catan_hex_info info;

	CATAN_ASSERT_OK(catan_board_hex(game, hex, &info));
	return info.edges[i];
}

static unsigned
edge_of(unsigned v1, unsigned v2)
{
	catan_vertex_info info;

	CATAN_ASSERT_OK(catan_board_vertex(game, v1, &info));
	for (int i = 0; i < 3; i++)
		if (info.vertices[i] == v2)
			return info.edges[i];
	ck_abort_msg("v%u and v%u are not adjacent", v1, v2);
	return CATAN_NONE;
}

/*
 * The zigzag along the top of a row: nw of its first hex, then n and ne
 * of each hex. The tops of different rows share no intersection.
 */
static unsigned
line_vertex(unsigned first_hex, unsigned i)
{
	if (i == 0)
		return vtx(first_hex, CATAN_CORNER_NW);
	if (i % 2)
		return vtx(first_hex + (i - 1) / 2, CATAN_CORNER_N);
	return vtx(first_hex + (i - 2) / 2, CATAN_CORNER_NE);
}

static unsigned
line_edge(unsigned first_hex, unsigned i)
{
	return edge_of(line_vertex(first_hex, i),
		       line_vertex(first_hex, i + 1));
}

/* Roads from line vertex @from to @from + @n. */
static void
road_line(int player, unsigned first_hex, unsigned from, unsigned n)
{
	for (unsigned i = from; i < from + n; i++)
		catan_build__place_road(st, player, line_edge(first_hex, i));
}

static int
longest_holder(void)
{
	return catan_state_longest_road_holder(st);
}

/* ---------------------------------------------------------------- cards */

START_TEST(test_costs)
{
	ck_assert_uint_eq(cards_total(catan__cost_road), 2);
	ck_assert_uint_eq(catan__cost_road[CATAN_LUMBER], 1);
	ck_assert_uint_eq(catan__cost_road[CATAN_BRICK], 1);
	ck_assert_uint_eq(cards_total(catan__cost_settlement), 4);
	ck_assert_uint_eq(catan__cost_settlement[CATAN_ORE], 0);
	ck_assert_uint_eq(cards_total(catan__cost_city), 5);
	ck_assert_uint_eq(catan__cost_city[CATAN_ORE], 3);
	ck_assert_uint_eq(catan__cost_city[CATAN_GRAIN], 2);
	ck_assert_uint_eq(cards_total(catan__cost_dev), 3);
	ck_assert_uint_eq(catan__cost_dev[CATAN_LUMBER], 0);
	ck_assert_uint_eq(catan__cost_dev[CATAN_BRICK], 0);
	/* the word forms the listings test hands against */
	ck_assert_uint_eq(COST_WORD_ROAD, cards_word(catan__cost_road));
	ck_assert_uint_eq(COST_WORD_SETTLEMENT, cards_word(catan__cost_settlement));
	ck_assert_uint_eq(COST_WORD_CITY, cards_word(catan__cost_city));
	ck_assert_uint_eq(COST_WORD_DEV, cards_word(catan__cost_dev));
}
END_TEST

START_TEST(test_cards_move)
{
	catan_cards__receive(st, 0, CATAN_LUMBER, 3);
	catan_cards__receive(st, 0, CATAN_BRICK, 2);
	ck_assert_uint_eq(st_cplayer(st, 0)->hand_total, 5);
	ck_assert_uint_eq(st_ccore(st)->bank[CATAN_LUMBER], 16);
	check_cards_conserved(st);

	catan_cards__pay(st, 0, catan__cost_road);
	ck_assert_uint_eq(st_cplayer(st, 0)->hand[CATAN_LUMBER], 2);
	ck_assert_uint_eq(st_cplayer(st, 0)->hand[CATAN_BRICK], 1);
	ck_assert_uint_eq(st_cplayer(st, 0)->hand_total, 3);
	check_cards_conserved(st);

	catan_cards__transfer(st, 0, 2, CATAN_LUMBER, 2);
	ck_assert_uint_eq(st_cplayer(st, 0)->hand_total, 1);
	ck_assert_uint_eq(st_cplayer(st, 2)->hand[CATAN_LUMBER], 2);
	ck_assert_uint_eq(st_cplayer(st, 2)->hand_total, 2);
	check_cards_conserved(st);

	/* The bank never goes below zero. */
	catan_cards__receive(st, 1, CATAN_ORE, 25);
	ck_assert_uint_eq(st_cplayer(st, 1)->hand[CATAN_ORE], 19);
	ck_assert_uint_eq(st_ccore(st)->bank[CATAN_ORE], 0);
	check_cards_conserved(st);
}
END_TEST

/* A card vector from the bank: as one word when the bank covers it, kind
 * by kind, each clamped to the bank, when it does not. */
START_TEST(test_cards_receive_all)
{
	const uint8_t two[CATAN_MAX_CARD_KINDS] = { [CATAN_WOOL] = 1, [CATAN_GRAIN] = 1 };
	const uint8_t ore_and_wool[CATAN_MAX_CARD_KINDS] = { [CATAN_ORE] = 2, [CATAN_WOOL] = 1 };

	catan_cards__receive_all(st, 0, two);
	ck_assert_uint_eq(st_cplayer(st, 0)->hand[CATAN_WOOL], 1);
	ck_assert_uint_eq(st_cplayer(st, 0)->hand[CATAN_GRAIN], 1);
	ck_assert_uint_eq(st_cplayer(st, 0)->hand_total, 2);
	ck_assert_uint_eq(st_ccore(st)->bank[CATAN_WOOL], 18);
	check_cards_conserved(st);

	/* one ore left in the bank: it gives that one and the wool */
	catan_cards__receive(st, 1, CATAN_ORE, 18);
	catan_cards__receive_all(st, 2, ore_and_wool);
	ck_assert_uint_eq(st_cplayer(st, 2)->hand[CATAN_ORE], 1);
	ck_assert_uint_eq(st_cplayer(st, 2)->hand[CATAN_WOOL], 1);
	ck_assert_uint_eq(st_cplayer(st, 2)->hand_total, 2);
	ck_assert_uint_eq(st_ccore(st)->bank[CATAN_ORE], 0);
	check_cards_conserved(st);

	/* no such player: nothing moves */
	catan_cards__receive_all(st, 9, two);
	ck_assert_uint_eq(st_ccore(st)->bank[CATAN_WOOL], 17);
	check_cards_conserved(st);
}
END_TEST

/* A trade with the bank is the payment then the receipt, whichever way it
 * goes: as words in the usual case, clamped where the bank lacks the kind
 * received or the hand the kind given (an action applied unchecked). */
START_TEST(test_cards_trade_with_bank)
{
	const uint8_t four_lumber[CATAN_MAX_CARD_KINDS] = { [CATAN_LUMBER] = 4 };
	const uint8_t one_ore[CATAN_MAX_CARD_KINDS] = { [CATAN_ORE] = 1 };

	catan_cards__receive(st, 0, CATAN_LUMBER, 9);
	catan_cards__trade_with_bank(st, 0, four_lumber, one_ore);
	ck_assert_uint_eq(st_cplayer(st, 0)->hand[CATAN_LUMBER], 5);
	ck_assert_uint_eq(st_cplayer(st, 0)->hand[CATAN_ORE], 1);
	ck_assert_uint_eq(st_cplayer(st, 0)->hand_total, 6);
	ck_assert_uint_eq(st_ccore(st)->bank[CATAN_LUMBER], 14);
	ck_assert_uint_eq(st_ccore(st)->bank[CATAN_ORE], 18);
	check_cards_conserved(st);

	/* the bank out of ore: the lumber is paid, no ore comes */
	catan_cards__receive(st, 1, CATAN_ORE, 18);
	catan_cards__trade_with_bank(st, 0, four_lumber, one_ore);
	ck_assert_uint_eq(st_cplayer(st, 0)->hand[CATAN_LUMBER], 1);
	ck_assert_uint_eq(st_cplayer(st, 0)->hand[CATAN_ORE], 1);
	ck_assert_uint_eq(st_cplayer(st, 0)->hand_total, 2);
	ck_assert_uint_eq(st_ccore(st)->bank[CATAN_ORE], 0);
	check_cards_conserved(st);

	/* one lumber held: it alone is paid; the bank, refilled, gives the ore */
	catan_cards__pay(st, 1, one_ore);
	catan_cards__trade_with_bank(st, 0, four_lumber, one_ore);
	ck_assert_uint_eq(st_cplayer(st, 0)->hand[CATAN_LUMBER], 0);
	ck_assert_uint_eq(st_cplayer(st, 0)->hand[CATAN_ORE], 2);
	ck_assert_uint_eq(st_cplayer(st, 0)->hand_total, 2);
	check_cards_conserved(st);

	/* no such player: nothing moves */
	catan_cards__trade_with_bank(st, 9, four_lumber, one_ore);
	ck_assert_uint_eq(st_ccore(st)->bank[CATAN_LUMBER], 19);
	check_cards_conserved(st);
}
END_TEST

/* ------------------------------------------------------------- building */

START_TEST(test_check_road)
{
	const struct board *b = &st->game->board;
	unsigned v = line_vertex(ROW2, 2);

	ck_assert_int_eq(catan_build__check_road(st, 0, b->nedge, false),
			 CATAN_REASON_BAD_LOCATION);
	/* Nothing of the player's nearby. */
	ck_assert_int_eq(catan_build__check_road(st, 0, line_edge(ROW2, 0), false),
			 CATAN_REASON_NOT_CONNECTED);

	catan_build__place_settlement(st, 0, v);
	ck_assert_int_eq(catan_build__check_road(st, 0, line_edge(ROW2, 1), false),
			 CATAN_REASON_NONE);
	ck_assert_int_eq(catan_build__check_road(st, 1, line_edge(ROW2, 1), false),
			 CATAN_REASON_NOT_CONNECTED);
	catan_build__place_road(st, 0, line_edge(ROW2, 2));
	ck_assert_int_eq(catan_build__check_road(st, 0, line_edge(ROW2, 2), false),
			 CATAN_REASON_OCCUPIED);
	/* Extends the road at its far end. */
	ck_assert_int_eq(catan_build__check_road(st, 0, line_edge(ROW2, 3), false),
			 CATAN_REASON_NONE);

	/* "You cannot extend a road through a colony or other city" (05.D). */
	catan_build__place_settlement(st, 1, line_vertex(ROW2, 3));
	ck_assert_int_eq(catan_build__check_road(st, 0, line_edge(ROW2, 3), false),
			 CATAN_REASON_NOT_CONNECTED);
	ck_assert_int_eq(catan_build__check_road(st, 1, line_edge(ROW2, 3), false),
			 CATAN_REASON_NONE);

	st_player(st, 0)->roads_left = 0;
	ck_assert_int_eq(catan_build__check_road(st, 0, line_edge(ROW2, 1), false),
			 CATAN_REASON_NO_PIECES_LEFT);
	ck_assert(!catan_build__any_road_possible(st, 0));
	st_player(st, 0)->roads_left = 5;
	ck_assert(catan_build__any_road_possible(st, 0));
	ck_assert(!catan_build__any_road_possible(st, 2));
}
END_TEST

START_TEST(test_check_road_setup)
{
	unsigned v = line_vertex(ROW2, 2);

	catan_build__place_settlement(st, 0, v);
	st_core(st)->setup_vertex = (uint16_t)v;
	ck_assert_int_eq(catan_build__check_road(st, 0, line_edge(ROW2, 1), true),
			 CATAN_REASON_NONE);
	ck_assert_int_eq(catan_build__check_road(st, 0, line_edge(ROW2, 2), true),
			 CATAN_REASON_NONE);
	ck_assert_int_eq(catan_build__check_road(st, 0, line_edge(ROW2, 3), true),
			 CATAN_REASON_SETUP_ORDER);
}
END_TEST

START_TEST(test_check_settlement)
{
	const struct board *b = &st->game->board;
	unsigned v = line_vertex(ROW2, 4);

	ck_assert_int_eq(catan_build__check_settlement(st, 0, b->nvert, false),
			 CATAN_REASON_BAD_LOCATION);
	ck_assert_int_eq(catan_build__check_settlement(st, 0, v, false),
			 CATAN_REASON_NOT_CONNECTED);
	ck_assert_int_eq(catan_build__check_settlement(st, 0, v, true),
			 CATAN_REASON_NONE);

	catan_build__place_road(st, 0, line_edge(ROW2, 3));
	ck_assert_int_eq(catan_build__check_settlement(st, 0, v, false),
			 CATAN_REASON_NONE);
	ck_assert_int_eq(catan_build__check_settlement(st, 1, v, false),
			 CATAN_REASON_NOT_CONNECTED);

	/* The distance rule binds one's own buildings too (04.3). */
	catan_build__place_settlement(st, 0, line_vertex(ROW2, 3));
	ck_assert_int_eq(catan_build__check_settlement(st, 0, v, false),
			 CATAN_REASON_DISTANCE_RULE);
	ck_assert_int_eq(catan_build__check_settlement(st, 0, line_vertex(ROW2, 3),
						       false),
			 CATAN_REASON_OCCUPIED);
	ck_assert(!catan_build__distance_ok(st, v));
	ck_assert(catan_build__distance_ok(st, line_vertex(ROW2, 5)));

	st_player(st, 2)->settlements_left = 0;
	ck_assert_int_eq(catan_build__check_settlement(st, 2, line_vertex(ROW2, 8),
						       true),
			 CATAN_REASON_NO_PIECES_LEFT);
}
END_TEST

START_TEST(test_check_settlement_setup_needs_free_edge)
{
	unsigned v = vtx(DESERT, CATAN_CORNER_N);
	catan_vertex_info info;

	CATAN_ASSERT_OK(catan_board_vertex(game, v, &info));
	for (int i = 0; i < 3; i++)
		catan_build__place_road(st, 1, info.edges[i]);
	ck_assert_int_eq(catan_build__check_settlement(st, 0, v, true),
			 CATAN_REASON_OCCUPIED);
}
END_TEST

START_TEST(test_city)
{
	unsigned v = line_vertex(ROW2, 4);
	const struct player_state *ps = st_cplayer(st, 0);

	ck_assert_int_eq(catan_build__check_city(st, 0, st->game->board.nvert),
			 CATAN_REASON_BAD_LOCATION);
	ck_assert_int_eq(catan_build__check_city(st, 0, v),
			 CATAN_REASON_NOT_OWN_SETTLEMENT);
	catan_build__place_settlement(st, 1, v);
	ck_assert_int_eq(catan_build__check_city(st, 0, v),
			 CATAN_REASON_NOT_OWN_SETTLEMENT);
	catan_build__place_settlement(st, 0, line_vertex(ROW2, 6));
	ck_assert_uint_eq(ps->settlements_left, 4);
	ck_assert_int_eq(catan_build__check_city(st, 0, line_vertex(ROW2, 6)),
			 CATAN_REASON_NONE);

	catan_build__place_city(st, 0, line_vertex(ROW2, 6));
	ck_assert_uint_eq(ps->settlements_left, 5);
	ck_assert_uint_eq(ps->cities_left, 3);
	ck_assert_int_eq(catan_state_vertex_piece(st, line_vertex(ROW2, 6),
						  NULL),
			 CATAN_PIECE_CITY);
	ck_assert_int_eq(catan_build__check_city(st, 0, line_vertex(ROW2, 6)),
			 CATAN_REASON_NOT_OWN_SETTLEMENT);

	st_player(st, 1)->cities_left = 0;
	ck_assert_int_eq(catan_build__check_city(st, 1, v),
			 CATAN_REASON_NO_PIECES_LEFT);
}
END_TEST

/* --------------------------------------------------------- longest road */

START_TEST(test_road_loop)
{
	unsigned top = vtx(DESERT, CATAN_CORNER_N);
	unsigned up1 = vtx(DESERT - 5, CATAN_CORNER_NE);	/* h4.ne */
	unsigned up2 = vtx(DESERT - 5, CATAN_CORNER_N);

	/* "A loop can count" (05.F). */
	for (int i = 0; i < 6; i++)
		catan_build__place_road(st, 0, side(DESERT, i));
	ck_assert_uint_eq(catan_road__longest(st, 0), 6);
	ck_assert_uint_eq(st_cplayer(st, 0)->road_length, 6);
	ck_assert_int_eq(longest_holder(), 0);

	/* A tail leaving the loop: the trail walks the tail and the loop. */
	catan_build__place_road(st, 0, edge_of(top, up1));
	catan_build__place_road(st, 0, edge_of(up1, up2));
	ck_assert_uint_eq(catan_road__longest(st, 0), 8);

	/* An opponent on the loop opposite the tail: the loop now runs from
	 * that settlement round to it again (6), longer than the tail plus
	 * half the loop (5). */
	catan_build__place_settlement(st, 1, vtx(DESERT, CATAN_CORNER_S));
	ck_assert_uint_eq(catan_road__longest(st, 0), 6);
	ck_assert_uint_eq(st_cplayer(st, 0)->road_length, 6);
}
END_TEST

START_TEST(test_road_branch)
{
	unsigned center = vtx(DESERT, CATAN_CORNER_N);

	/* Three arms of 3, 2 and 1 roads meet at one intersection. */
	catan_build__place_road(st, 0, side(DESERT, 0));
	catan_build__place_road(st, 0, side(DESERT, 1));
	catan_build__place_road(st, 0, side(DESERT, 2));
	catan_build__place_road(st, 0, side(DESERT, 5));
	catan_build__place_road(st, 0, side(DESERT, 4));
	catan_build__place_road(st, 0, edge_of(center,
					  vtx(DESERT - 5, CATAN_CORNER_NE)));

	/* "does not add up all branches" (05.F): 3 + 2, not 6. */
	ck_assert_uint_eq(catan_road__longest(st, 0), 5);
	ck_assert_int_eq(longest_holder(), 0);
}
END_TEST

START_TEST(test_road_broken_in_middle)
{
	road_line(0, ROW2, 0, 6);
	ck_assert_uint_eq(catan_road__longest(st, 0), 6);

	/* "An opposing colony crosses the route" (05.F): 2 | 4. */
	catan_build__place_settlement(st, 1, line_vertex(ROW2, 2));
	ck_assert_uint_eq(catan_road__longest(st, 0), 4);
	ck_assert_uint_eq(st_cplayer(st, 0)->road_length, 4);
}
END_TEST

START_TEST(test_road_ends_at_opponent)
{
	road_line(0, ROW2, 0, 6);

	/* Buildings at either end do not cut anything. */
	catan_build__place_settlement(st, 1, line_vertex(ROW2, 0));
	catan_build__place_settlement(st, 2, line_vertex(ROW2, 6));
	ck_assert_uint_eq(catan_road__longest(st, 0), 6);

	/* Nor does the player's own building in the middle. */
	catan_build__place_settlement(st, 0, line_vertex(ROW2, 3));
	catan_build__place_city(st, 0, line_vertex(ROW2, 3));
	ck_assert_uint_eq(catan_road__longest(st, 0), 6);

	/* The other roads do not count for the opponents. */
	ck_assert_uint_eq(catan_road__longest(st, 1), 0);
	ck_assert_uint_eq(catan_road__longest(st, 2), 0);
}
END_TEST

/*
 * "An opposing colony crosses the route" (05.F), for a road built next to
 * it: the length kept as roads are added (catan_awards__road_added()) does
 * not pass the building either. ROW2's top line, p1 at vertex 3: roads
 * 0-3 (ending at the building) and 4-6, then the road 3-4 joins them
 * only through the building.
 */
START_TEST(test_road_added_next_to_opponent)
{
	catan_build__place_settlement(st, 1, line_vertex(ROW2, 3));
	road_line(0, ROW2, 0, 3);
	ck_assert_uint_eq(st_cplayer(st, 0)->road_length, 3);
	road_line(0, ROW2, 4, 2);
	ck_assert_uint_eq(st_cplayer(st, 0)->road_length, 3);
	road_line(0, ROW2, 3, 1);
	ck_assert_uint_eq(st_cplayer(st, 0)->road_length, 3);
	ck_assert_uint_eq(catan_road__longest(st, 0), 3);

	/* One more road beyond the far end: 3-4-5-6-7 is 4 long. */
	road_line(0, ROW2, 6, 1);
	ck_assert_uint_eq(st_cplayer(st, 0)->road_length, 4);
	ck_assert_uint_eq(catan_road__longest(st, 0), 4);
}
END_TEST

START_TEST(test_longest_exceed_to_take)
{
	road_line(0, ROW2, 0, 4);
	ck_assert_int_eq(longest_holder(), -1);
	catan_build__place_road(st, 0, line_edge(ROW2, 4));
	ck_assert_int_eq(longest_holder(), 0);

	/* Tying the holder is not enough. */
	road_line(1, ROW0, 0, 5);
	ck_assert_int_eq(longest_holder(), 0);
	catan_build__place_road(st, 1, line_edge(ROW0, 5));
	ck_assert_int_eq(longest_holder(), 1);
}
END_TEST

START_TEST(test_longest_holder_keeps_tie)
{
	road_line(0, ROW2, 0, 7);
	road_line(1, ROW0, 0, 5);
	ck_assert_int_eq(longest_holder(), 0);

	/* Cut to 2 | 5: "he keeps it if he remains tied at the top with at
	 * least 5" (05.F). */
	catan_build__place_settlement(st, 2, line_vertex(ROW2, 2));
	ck_assert_uint_eq(st_cplayer(st, 0)->road_length, 5);
	ck_assert_int_eq(longest_holder(), 0);
}
END_TEST

START_TEST(test_longest_goes_to_lone_leader)
{
	road_line(0, ROW2, 0, 7);
	road_line(1, ROW0, 0, 6);
	ck_assert_int_eq(longest_holder(), 0);

	catan_build__place_settlement(st, 2, line_vertex(ROW2, 3));
	ck_assert_uint_eq(st_cplayer(st, 0)->road_length, 4);
	ck_assert_int_eq(longest_holder(), 1);
}
END_TEST

START_TEST(test_longest_set_aside_on_tie)
{
	road_line(0, ROW2, 0, 7);
	road_line(1, ROW0, 0, 5);
	road_line(2, ROW4, 0, 5);
	ck_assert_int_eq(longest_holder(), 0);

	/* Two others tie at the top: nobody holds it. */
	catan_build__place_settlement(st, 3, line_vertex(ROW2, 3));
	ck_assert_int_eq(longest_holder(), -1);
	ck_assert_int_eq(catan_score__base_vp(st, 0, true), 0);

	/* "until a player fulfils the conditions alone" */
	catan_build__place_road(st, 1, line_edge(ROW0, 5));
	ck_assert_int_eq(longest_holder(), 1);
}
END_TEST

START_TEST(test_longest_set_aside_below_five)
{
	road_line(0, ROW2, 0, 5);
	road_line(1, ROW0, 0, 4);
	ck_assert_int_eq(longest_holder(), 0);

	catan_build__place_settlement(st, 2, line_vertex(ROW2, 2));
	ck_assert_int_eq(longest_holder(), -1);

	/* Reaching 5 again alone takes it back. */
	catan_build__place_road(st, 1, line_edge(ROW0, 4));
	ck_assert_int_eq(longest_holder(), 1);
}
END_TEST

/* -------------------------------------------------------- largest army */

START_TEST(test_largest_army)
{
	st_player(st, 0)->knights = 2;
	catan_awards__update_largest_army(st);
	ck_assert_int_eq(st_ccore(st)->army_holder, -1);

	st_player(st, 0)->knights = 3;
	catan_awards__update_largest_army(st);
	ck_assert_int_eq(st_ccore(st)->army_holder, 0);

	/* "Another must have played strictly more Knights" (05.F). */
	st_player(st, 1)->knights = 3;
	catan_awards__update_largest_army(st);
	ck_assert_int_eq(st_ccore(st)->army_holder, 0);
	st_player(st, 1)->knights = 4;
	catan_awards__update_largest_army(st);
	ck_assert_int_eq(st_ccore(st)->army_holder, 1);
}
END_TEST

/* ----------------------------------------------------------- production */

/* On the beginner board 10 is rolled by h0 (mountains) and h6 (hills). */
#define ORE_HEX 0
#define BRICK_HEX 6

static void
check_ten_hexes(void)
{
	catan_hex_info info;

	CATAN_ASSERT_OK(catan_board_hex(game, ORE_HEX, &info));
	ck_assert_uint_eq(info.number, 10);
	ck_assert_int_eq(info.resource, CATAN_ORE);
	CATAN_ASSERT_OK(catan_board_hex(game, BRICK_HEX, &info));
	ck_assert_uint_eq(info.number, 10);
	ck_assert_int_eq(info.resource, CATAN_BRICK);
}

/* Leave only @n ore in the bank (player 3 holds the rest). */
static void
bank_ore(unsigned n)
{
	unsigned held = 0;

	for (int p = 0; p < 3; p++)
		held += st_cplayer(st, p)->hand[CATAN_ORE];
	CATAN_ASSERT_OK(catan_edit_set_cards(st, 3, CATAN_ORE, 0));
	CATAN_ASSERT_OK(catan_edit_set_cards(st, 3, CATAN_ORE,
					     19 - held - n));
	ck_assert_uint_eq(st_ccore(st)->bank[CATAN_ORE], n);
}

START_TEST(test_production_city_doubles)
{
	check_ten_hexes();
	catan_build__place_settlement(st, 0, vtx(ORE_HEX, CATAN_CORNER_N));
	catan_build__place_settlement(st, 1, vtx(ORE_HEX, CATAN_CORNER_S));
	catan_build__place_city(st, 1, vtx(ORE_HEX, CATAN_CORNER_S));
	catan_build__place_settlement(st, 2, vtx(BRICK_HEX, CATAN_CORNER_N));

	catan_production__roll(st, 10);
	ck_assert_uint_eq(st_cplayer(st, 0)->hand[CATAN_ORE], 1);
	ck_assert_uint_eq(st_cplayer(st, 1)->hand[CATAN_ORE], 2);
	ck_assert_uint_eq(st_cplayer(st, 2)->hand[CATAN_BRICK], 1);
	ck_assert_uint_eq(st_ccore(st)->bank[CATAN_ORE], 16);
	check_cards_conserved(st);

	/* Another number pays nobody here. */
	catan_production__roll(st, 9);
	ck_assert_uint_eq(st_cplayer(st, 1)->hand_total, 2);
	check_cards_conserved(st);
}
END_TEST

START_TEST(test_production_shortage_two_recipients)
{
	catan_build__place_settlement(st, 0, vtx(ORE_HEX, CATAN_CORNER_N));
	catan_build__place_city(st, 1, vtx(ORE_HEX, CATAN_CORNER_S));
	catan_build__place_settlement(st, 2, vtx(BRICK_HEX, CATAN_CORNER_N));

	/* 3 ore owed to two players, 2 in the bank: "no one receives this
	 * type of production"; "Other types are distributed normally". */
	bank_ore(2);
	catan_production__roll(st, 10);
	ck_assert_uint_eq(st_cplayer(st, 0)->hand[CATAN_ORE], 0);
	ck_assert_uint_eq(st_cplayer(st, 1)->hand[CATAN_ORE], 0);
	ck_assert_uint_eq(st_ccore(st)->bank[CATAN_ORE], 2);
	ck_assert_uint_eq(st_cplayer(st, 2)->hand[CATAN_BRICK], 1);
	check_cards_conserved(st);

	/* Exactly enough pays everyone. */
	bank_ore(3);
	catan_production__roll(st, 10);
	ck_assert_uint_eq(st_cplayer(st, 0)->hand[CATAN_ORE], 1);
	ck_assert_uint_eq(st_cplayer(st, 1)->hand[CATAN_ORE], 2);
	ck_assert_uint_eq(st_ccore(st)->bank[CATAN_ORE], 0);
	check_cards_conserved(st);
}
END_TEST

START_TEST(test_production_shortage_one_recipient)
{
	catan_build__place_city(st, 1, vtx(ORE_HEX, CATAN_CORNER_S));
	catan_build__place_settlement(st, 2, vtx(BRICK_HEX, CATAN_CORNER_N));

	/* "If only one person has to receive it, give it what is left". */
	bank_ore(1);
	catan_production__roll(st, 10);
	ck_assert_uint_eq(st_cplayer(st, 1)->hand[CATAN_ORE], 1);
	ck_assert_uint_eq(st_ccore(st)->bank[CATAN_ORE], 0);
	ck_assert_uint_eq(st_cplayer(st, 2)->hand[CATAN_BRICK], 1);
	check_cards_conserved(st);
}
END_TEST

/* A corner of @hex that no hex of @other has. */
static unsigned
corner_away(catan_game *g, unsigned hex, unsigned other)
{
	catan_hex_info a, b;

	CATAN_ASSERT_OK(catan_board_hex(g, hex, &a));
	CATAN_ASSERT_OK(catan_board_hex(g, other, &b));
	for (int i = 0; i < 6; i++) {
		bool shared = false;

		for (int j = 0; j < 6; j++)
			shared |= a.vertices[i] == b.vertices[j];
		if (!shared)
			return a.vertices[i];
	}
	ck_abort_msg("h%u has no corner away from h%u", hex, other);
	return CATAN_NONE;
}

/* Leave @bank cards of @kind in the bank (player 2 holds the rest), roll
 * @number: players 0 and 1 hold @each afterwards. */
static void
roll_with_bank(catan_state *s, int kind, unsigned bank, unsigned number, unsigned each)
{
	CATAN_ASSERT_OK(catan_edit_set_cards(s, 2, kind, s->game->bank_start[kind] - bank));
	catan_production__roll(s, number);
	ck_assert_uint_eq(st_cplayer(s, 0)->hand[kind], each);
	ck_assert_uint_eq(st_cplayer(s, 1)->hand[kind], each);
	ck_assert_uint_eq(st_ccore(s)->bank[kind], bank - 2 * each);
}

/*
 * 05.A: "If the bank lacks a resource to pay for multiple players, no one
 * receives this type of production." Two hexes of one number and one kind
 * owe together: 1 card each to two players with 1 in the bank pays
 * neither, even though either hex alone could be paid. Random boards
 * (the beginner board has no such pair) are searched for one.
 */
START_TEST(test_production_shortage_counts_every_hex_of_the_kind)
{
	catan_ctx *c = catan_test_ctx_new();
	bool found = false;

	for (unsigned seed = 1; seed < 200 && !found; seed++) {
		char spec[96];
		catan_game *g;
		catan_hex_info hi[19];
		unsigned nhex;

		snprintf(spec, sizeof(spec), "base(players=4,seed=%u,chance=explicit)", seed);
		g = catan_test_game_new(c, spec);
		nhex = g->board.nhex;
		ck_assert_uint_le(nhex, ARRAY_LEN(hi));
		for (unsigned h = 0; h < nhex; h++)
			CATAN_ASSERT_OK(catan_board_hex(g, h, &hi[h]));
		for (unsigned h0 = 0; h0 < nhex && !found; h0++) {
			for (unsigned h1 = h0 + 1; h1 < nhex && !found; h1++) {
				catan_state *s;
				int kind = hi[h0].resource;

				if (kind < 0 || hi[h1].resource != kind || !hi[h0].number ||
				    hi[h1].number != hi[h0].number)
					continue;
				found = true;
				s = catan_test_state_new(g);
				catan_build__place_settlement(s, 0, corner_away(g, h0, h1));
				catan_build__place_settlement(s, 1, corner_away(g, h1, h0));
				roll_with_bank(s, kind, 1, hi[h0].number, 0);
				/* With 2 in the bank both are paid. */
				roll_with_bank(s, kind, 2, hi[h0].number, 1);
				catan_state_free(s);
			}
		}
		catan_game_unref(g);
	}
	ck_assert_msg(found, "no board with two hexes of one number and kind");
	catan_ctx_free(c);
}
END_TEST

START_TEST(test_production_robber_blocks)
{
	catan_build__place_settlement(st, 0, vtx(ORE_HEX, CATAN_CORNER_N));
	catan_build__place_settlement(st, 2, vtx(BRICK_HEX, CATAN_CORNER_N));

	CATAN_ASSERT_OK(catan_edit_set_robber(st, ORE_HEX));
	catan_production__roll(st, 10);
	ck_assert_uint_eq(st_cplayer(st, 0)->hand_total, 0);
	ck_assert_uint_eq(st_cplayer(st, 2)->hand[CATAN_BRICK], 1);

	CATAN_ASSERT_OK(catan_edit_set_robber(st, BRICK_HEX));
	catan_production__roll(st, 10);
	ck_assert_uint_eq(st_cplayer(st, 0)->hand[CATAN_ORE], 1);
	ck_assert_uint_eq(st_cplayer(st, 2)->hand[CATAN_BRICK], 1);
	check_cards_conserved(st);
}
END_TEST

START_TEST(test_setup_income)
{
	/* h9.n touches the desert, h4 (hills) and h5 (pasture). */
	catan_production__setup_income(st, 0, vtx(DESERT, CATAN_CORNER_N));
	ck_assert_uint_eq(st_cplayer(st, 0)->hand_total, 2);
	ck_assert_uint_eq(st_cplayer(st, 0)->hand[CATAN_BRICK], 1);
	ck_assert_uint_eq(st_cplayer(st, 0)->hand[CATAN_WOOL], 1);
	check_cards_conserved(st);
}
END_TEST

/* ---------------------------------------------------------------- robber */

START_TEST(test_robber_victims)
{
	catan_build__place_settlement(st, 0, vtx(ORE_HEX, CATAN_CORNER_N));
	catan_build__place_settlement(st, 1, vtx(ORE_HEX, CATAN_CORNER_SE));
	catan_build__place_city(st, 2, vtx(ORE_HEX, CATAN_CORNER_SW));

	/* Nobody holds cards yet. */
	ck_assert_uint_eq(catan_robber__victims(st, ORE_HEX, 0), 0);

	CATAN_ASSERT_OK(catan_edit_set_cards(st, 0, CATAN_WOOL, 2));
	CATAN_ASSERT_OK(catan_edit_set_cards(st, 1, CATAN_ORE, 1));
	CATAN_ASSERT_OK(catan_edit_set_cards(st, 3, CATAN_ORE, 4));
	/* Never oneself (B10); player 3 has no building there. */
	ck_assert_uint_eq(catan_robber__victims(st, ORE_HEX, 0), 1u << 1);
	ck_assert_uint_eq(catan_robber__victims(st, ORE_HEX, 1), 1u << 0);
	ck_assert_uint_eq(catan_robber__victims(st, ORE_HEX, 3),
			  (1u << 0) | (1u << 1));
	ck_assert_uint_eq(catan_robber__victims(st, BRICK_HEX, 3), 0);
	ck_assert_uint_eq(catan_robber__victims(st, st->game->board.nhex, 3), 0);
}
END_TEST

/* ----------------------------------------------------------------- trade */

START_TEST(test_maritime_rates)
{
	catan_board_counts counts;
	catan_harbor_info generic = { 0 }, special = { 0 };
	bool have_generic = false, have_special = false;

	CATAN_ASSERT_OK(catan_board_counts_get(game, &counts));
	for (unsigned i = 0; i < counts.harbors; i++) {
		catan_harbor_info h;

		CATAN_ASSERT_OK(catan_board_harbor(game, i, &h));
		if (h.resource == CATAN_HARBOR_GENERIC && !have_generic) {
			generic = h;
			have_generic = true;
		} else if (h.resource != CATAN_HARBOR_GENERIC &&
			   !have_special) {
			special = h;
			have_special = true;
		}
	}
	ck_assert(have_generic && have_special);
	ck_assert_uint_eq(generic.ratio, 3);
	ck_assert_uint_eq(special.ratio, 2);

	for (int k = 0; k < CATAN_NUM_RESOURCES; k++)
		ck_assert_uint_eq(catan_trade__maritime_rate(st, 0, k), 4);

	/* "Owning a road near the port is not enough" (05.C). */
	catan_build__place_road(st, 0, generic.edge);
	catan_build__place_road(st, 1, special.edge);
	for (int k = 0; k < CATAN_NUM_RESOURCES; k++) {
		ck_assert_uint_eq(catan_trade__maritime_rate(st, 0, k), 4);
		ck_assert_uint_eq(catan_trade__maritime_rate(st, 1, k), 4);
	}

	catan_build__place_settlement(st, 0, generic.vertices[0]);
	catan_build__place_settlement(st, 1, special.vertices[1]);
	for (int k = 0; k < CATAN_NUM_RESOURCES; k++) {
		unsigned want = (unsigned)k == special.resource ? 2 : 4;

		ck_assert_uint_eq(catan_trade__maritime_rate(st, 0, k), 3);
		ck_assert_uint_eq(catan_trade__maritime_rate(st, 1, k), want);
		ck_assert_uint_eq(catan_trade__maritime_rate(st, 2, k), 4);
	}

	/* A city serves as well. */
	catan_build__place_city(st, 1, special.vertices[1]);
	ck_assert_uint_eq(catan_trade__maritime_rate(st, 1, (int)special.resource),
			  2);
}
END_TEST

START_TEST(test_trade_terms)
{
	uint8_t none[CATAN_MAX_CARD_KINDS] = { 0 };
	uint8_t lumber[CATAN_MAX_CARD_KINDS] = { [CATAN_LUMBER] = 1 };
	uint8_t ore[CATAN_MAX_CARD_KINDS] = { [CATAN_ORE] = 1 };
	uint8_t mixed[CATAN_MAX_CARD_KINDS] = { [CATAN_LUMBER] = 1,
						[CATAN_WOOL] = 2 };

	ck_assert_int_eq(catan_trade__check_terms(lumber, ore), CATAN_REASON_NONE);
	ck_assert_int_eq(catan_trade__check_terms(mixed, ore), CATAN_REASON_NONE);
	/* No gifts (05.C, B5). */
	ck_assert_int_eq(catan_trade__check_terms(none, ore), CATAN_REASON_BAD_TRADE);
	ck_assert_int_eq(catan_trade__check_terms(lumber, none),
			 CATAN_REASON_BAD_TRADE);
	/* No type for the same type (B10). */
	ck_assert_int_eq(catan_trade__check_terms(mixed, lumber),
			 CATAN_REASON_BAD_TRADE);
	ck_assert_int_eq(catan_trade__check_terms(lumber, lumber),
			 CATAN_REASON_BAD_TRADE);
}
END_TEST

/* ----------------------------------------------------------------- score */

START_TEST(test_score)
{
	catan_build__place_settlement(st, 0, vtx(ORE_HEX, CATAN_CORNER_N));
	catan_build__place_settlement(st, 0, vtx(BRICK_HEX, CATAN_CORNER_N));
	catan_build__place_city(st, 0, vtx(BRICK_HEX, CATAN_CORNER_N));
	ck_assert_int_eq(catan_score__base_vp(st, 0, false), 3);

	road_line(0, ROW2, 0, 5);
	ck_assert_int_eq(catan_score__base_vp(st, 0, false), 5);
	st_player(st, 0)->knights = 3;
	catan_awards__update_largest_army(st);
	ck_assert_int_eq(catan_score__base_vp(st, 0, false), 7);

	/* Victory Point cards stay hidden until they win (B8). */
	CATAN_ASSERT_OK(catan_edit_give_dev_card(st, 0,
						 CATAN_DEV_VICTORY_POINT, 1));
	ck_assert_int_eq(catan_score__base_vp(st, 0, false), 7);
	ck_assert_int_eq(catan_score__base_vp(st, 0, true), 8);
	st_core(st)->winner = 0;
	st_core(st)->flags |= GAME_VP_REVEALED;
	ck_assert_int_eq(catan_score__base_vp(st, 0, false), 8);
	ck_assert_int_eq(catan_score__base_vp(st, 1, false), 0);
}
END_TEST

/* ------------------------------------------ incremental state, fast paths */

/* The places a listing gives, against testing every place in turn. */
static void
check_listings(const catan_state *s)
{
	const struct board *b = &s->game->board;
	uint16_t got[512], want[512];

	for (int p = 0; p < st_ccore(s)->num_players; p++) {
		size_t n, m;

		n = catan_build__legal_roads(s, p, got, ARRAY_LEN(got));
		m = 0;
		for (unsigned e = 0; e < b->nedge; e++)
			if (catan_build__check_road(s, p, e, false) == CATAN_REASON_NONE)
				want[m++] = (uint16_t)e;
		ck_assert_uint_eq(n, m);
		ck_assert(memcmp(got, want, n * sizeof(got[0])) == 0);
		ck_assert_int_eq(catan_build__any_road_possible(s, p), m > 0);

		n = catan_build__legal_setup_roads(s, p, got, ARRAY_LEN(got));
		m = 0;
		for (unsigned e = 0; e < b->nedge; e++)
			if (catan_build__check_road(s, p, e, true) == CATAN_REASON_NONE)
				want[m++] = (uint16_t)e;
		ck_assert_uint_eq(n, m);
		ck_assert(memcmp(got, want, n * sizeof(got[0])) == 0);

		for (int setup = 0; setup < 2; setup++) {
			n = setup ? catan_build__legal_setup_settlements(s, p, got, ARRAY_LEN(got)) :
			    catan_build__legal_settlements(s, p, got, ARRAY_LEN(got));
			m = 0;
			for (unsigned v = 0; v < b->nvert; v++)
				if (catan_build__check_settlement(s, p, v, setup) == CATAN_REASON_NONE)
					want[m++] = (uint16_t)v;
			ck_assert_uint_eq(n, m);
			ck_assert(memcmp(got, want, n * sizeof(got[0])) == 0);
		}
	}
}

/*
 * Random games: after every step the road lengths and the Longest Road
 * holder kept up incrementally equal a full recomputation, and the
 * bitset listings of roads and settlements equal the place-by-place
 * checks.
 */
START_TEST(test_incremental_matches_full)
{
	static const char *const specs[][2] = {
		{ "base(players=4,offer_max=0,seed=", ")" },
		{ "base(players=3,offer_max=0,board=beginner,setup=beginner,seed=", ")" },
		{ "base(players=4,offer_max=0,seed=", ")+friendly_robber+harbors" },
	};
	catan_ctx *c = catan_test_ctx_new();
	uint64_t rng = 12345;

	for (unsigned g = 0; g < 12; g++) {
		char spec[128];
		catan_game *gm;
		catan_state *s, *full;
		catan_action *buf;
		size_t cap;

		snprintf(spec, sizeof(spec), "%s%u%s", specs[g % ARRAY_LEN(specs)][0], g + 1,
			 specs[g % ARRAY_LEN(specs)][1]);
		gm = catan_test_game_new(c, spec);
		s = catan_test_state_new(gm);
		full = catan_test_state_new(gm);
		cap = catan_game_max_legal_actions(gm);
		buf = malloc(cap * sizeof(*buf));
		ck_assert_ptr_nonnull(buf);
		for (unsigned step = 0; !catan_state_is_terminal(s) && step < 3000; step++) {
			uint32_t acting = catan_state_acting_players(s);
			size_t n = 0;

			ck_assert_uint_ne(acting, 0);
			CATAN_ASSERT_OK(catan_state_legal_actions(s, __builtin_ctz(acting),
								  buf, cap, &n));
			ck_assert_uint_gt(n, 0);
			CATAN_ASSERT_OK(catan_state_apply_unchecked(s, &buf[catan_test_rand(&rng) % n]));
			CATAN_ASSERT_OK(catan_state_copy(full, s));
			catan_awards__update_longest_road(full);
			ck_assert(catan_state_equal(full, s));
			check_listings(s);
		}
		free(buf);
		catan_state_free(full);
		catan_state_free(s);
		catan_game_unref(gm);
	}
	catan_ctx_free(c);
}
END_TEST

/* Every test but the pure ones runs on the cleared beginner position. */
#define ADD(suite_, fn_) CATAN_TEST_ADD_FIXTURE(suite_, fn_, setup, teardown)

void
catan_test_register(SRunner *sr)
{
	Suite *s = catan_test_suite(sr, "mechanics");

	CATAN_TEST_ADD(s, test_costs);
	ADD(s, test_cards_move);
	ADD(s, test_cards_receive_all);
	ADD(s, test_cards_trade_with_bank);
	ADD(s, test_check_road);
	ADD(s, test_check_road_setup);
	ADD(s, test_check_settlement);
	ADD(s, test_check_settlement_setup_needs_free_edge);
	ADD(s, test_city);
	ADD(s, test_road_loop);
	ADD(s, test_road_branch);
	ADD(s, test_road_broken_in_middle);
	ADD(s, test_road_ends_at_opponent);
	ADD(s, test_road_added_next_to_opponent);
	ADD(s, test_longest_exceed_to_take);
	ADD(s, test_longest_holder_keeps_tie);
	ADD(s, test_longest_goes_to_lone_leader);
	ADD(s, test_longest_set_aside_on_tie);
	ADD(s, test_longest_set_aside_below_five);
	ADD(s, test_largest_army);
	ADD(s, test_production_city_doubles);
	ADD(s, test_production_shortage_two_recipients);
	ADD(s, test_production_shortage_one_recipient);
	ADD(s, test_production_robber_blocks);
	CATAN_TEST_ADD(s, test_production_shortage_counts_every_hex_of_the_kind);
	ADD(s, test_setup_income);
	ADD(s, test_robber_victims);
	ADD(s, test_maritime_rates);
	CATAN_TEST_ADD(s, test_trade_terms);
	ADD(s, test_score);
	CATAN_TEST_ADD(s, test_incremental_matches_full);
}
