/*
 * libcatanrules tests: the turn kit of lib/turn-*.c with the rules other
 * variants pass (other set-up orders, hand limits, phase numbers, card
 * kinds, robbers kept outside the core); the base game's use of it is
 * pinned by the rule suites.
 * SPDX-License-Identifier: MIT
 */

#include <string.h>

#include "test-common.h"
#include "turn.h"

#define GAME "base(board=beginner,setup=beginner,chance=explicit)"
#define DESERT 9

/* Phase numbers of a variant of the family, none of them base's. */
static const struct turn_phases other_phases = {
	.roll = CATAN_PHASE_VARIANT_BASE + 1,
	.main = CATAN_PHASE_VARIANT_BASE + 2,
	.discard = CATAN_PHASE_VARIANT_BASE + 3,
	.robber = CATAN_PHASE_VARIANT_BASE + 4,
	.steal = CATAN_PHASE_VARIANT_BASE + 5,
	.trade_response = CATAN_PHASE_VARIANT_BASE + 6,
	.trade_confirm = CATAN_PHASE_VARIANT_BASE + 7,
	.road_building = CATAN_PHASE_VARIANT_BASE + 8,
};

static catan_ctx *ctx;
static catan_game *game;
static catan_state *st;

static void
setup(void)
{
	ctx = catan_test_ctx_new();
	game = catan_test_game_new(ctx, GAME);
	st = catan_test_state_new(game);
	ck_assert_int_eq(catan_game_num_players(game), 4);
}

static void
teardown(void)
{
	catan_state_free(st);
	catan_game_unref(game);
	catan_ctx_free(ctx);
}

static void
set_hand(catan_state *s, int p, int kind, unsigned n)
{
	struct player_state *ps = st_player(s, p);

	ps->hand_total = (uint8_t)(ps->hand_total - ps->hand[kind] + n);
	ps->hand[kind] = (uint8_t)n;
}

START_TEST(test_setup_orders)
{
	static const int snake3[12] = { 1, 2, 3, 0, 0, 3, 2, 1, 1, 2, 3, 0 };
	static const int clockwise2[8] = { 1, 2, 3, 0, 1, 2, 3, 0 };
	const struct turn_setup snake = { TURN_SETUP_SNAKE, 3, 1 };
	const struct turn_setup clockwise = { TURN_SETUP_CLOCKWISE, 2, 1 };
	struct core_state *c = st_core(st);

	c->first_player = 1;
	for (unsigned i = 0; i < 12; i++)
		ck_assert_int_eq(catan_turn__setup_player(c, i, &snake), snake3[i]);
	for (unsigned i = 0; i < 8; i++)
		ck_assert_int_eq(catan_turn__setup_player(c, i, &clockwise), clockwise2[i]);
}
END_TEST

/* A clockwise set-up of one round ends after each player's first road,
 * and that first settlement pays when round 0 pays. */
START_TEST(test_setup_one_paying_round)
{
	const struct turn_setup rules = { TURN_SETUP_CLOCKWISE, 1, 0 };
	catan_game *g2 = catan_test_game_new(ctx, "base(board=beginner,chance=explicit)");
	struct core_state *c;
	bool done = false;

	/* a game with the set-up to play: an empty board */
	catan_state_free(st);
	st = catan_test_state_new(g2);
	catan_game_unref(g2);
	c = st_core(st);
	c->first_player = 2;
	catan_turn__begin_setup(st, 2, CATAN_PHASE_SETUP);
	for (int step = 0; step < 4 && !done; step++) {
		int p = c->current;
		catan_sink sink = { NULL, NULL, 0, 0 };
		catan_action a[256];
		unsigned before = st_cplayer(st, p)->hand_total;

		ck_assert_int_eq(p, (2 + step) % 4);
		sink.actions = a;
		sink.cap = 256;
		catan_turn__push_setup(st, &sink, p);
		ck_assert_uint_gt(sink.count, 0);
		ck_assert_int_eq(a[0].type, CATAN_ACT_BUILD_SETTLEMENT);
		ck_assert(!catan_turn__setup_place(st, p, a[0].type, a[0].target, &rules));
		ck_assert_uint_gt(st_cplayer(st, p)->hand_total, before);
		sink.count = 0;
		catan_turn__push_setup(st, &sink, p);
		ck_assert_uint_gt(sink.count, 0);
		ck_assert_int_eq(a[0].type, CATAN_ACT_BUILD_ROAD);
		done = catan_turn__setup_place(st, p, a[0].type, a[0].target, &rules);
		ck_assert(done == (step == 3));
	}
	ck_assert(done);
}
END_TEST

/* The 7 with another hand limit and another variant's phases. */
START_TEST(test_seven_hand_limit_and_phases)
{
	struct core_state *c = st_core(st);

	for (int p = 0; p < 4; p++)
		for (int k = 0; k < CATAN_NUM_RESOURCES; k++)
			set_hand(st, p, k, 0);
	set_hand(st, 0, CATAN_ORE, 8);
	set_hand(st, 1, CATAN_ORE, 10);
	catan_turn__seven(st, 9, &other_phases);
	ck_assert_int_eq(st_cplayer(st, 0)->discard_owed, 0);
	ck_assert_int_eq(st_cplayer(st, 1)->discard_owed, 5);
	ck_assert_uint_eq(catan_turn__discarders(st), 1u << 1);
	ck_assert_int_eq(c->phase, other_phases.discard);
	ck_assert_int_eq(c->return_phase, other_phases.main);
	catan_turn__discard(st, 1, (const uint8_t[CATAN_MAX_CARD_KINDS]){ [CATAN_ORE] = 5 },
			    other_phases.robber);
	ck_assert_int_eq(c->phase, other_phases.robber);
	ck_assert_int_eq(st_cplayer(st, 1)->hand_total, 5);

	/* nobody above the limit: the robber at once */
	catan_turn__seven(st, 9, &other_phases);
	ck_assert_int_eq(c->phase, other_phases.robber);
	ck_assert_uint_eq(catan_turn__discarders(st), 0);
}
END_TEST

/* A robber kept outside the core (one of several): moving it leaves the
 * core's robber where it was; the step resumes where it was entered. */
START_TEST(test_robber_outside_the_core)
{
	struct core_state *c = st_core(st);
	uint16_t other = DESERT;
	unsigned hex = 0;

	ck_assert_int_eq(c->robber_hex, DESERT);
	catan_turn__start_robber(st, other_phases.robber, other_phases.main);
	ck_assert_int_eq(catan_turn__check_robber_move(st, DESERT, other),
			 CATAN_REASON_ROBBER_SAME_HEX);
	ck_assert_int_eq(catan_turn__check_robber_move(st, 200, other), CATAN_REASON_BAD_LOCATION);
	/* a hex where nobody can be robbed by player 0 */
	while (hex < st->game->board.nhex && catan_state__robber_victims(st, hex, 0))
		hex++;
	ck_assert_uint_lt(hex, st->game->board.nhex);
	ck_assert_int_eq(catan_turn__check_robber_move(st, hex, other),
			 hex == DESERT ? CATAN_REASON_ROBBER_SAME_HEX : CATAN_REASON_NONE);
	catan_turn__move_robber(st, 0, &other, hex, other_phases.steal);
	ck_assert_uint_eq(other, hex);
	ck_assert_int_eq(c->robber_hex, DESERT);
	ck_assert_int_eq(c->phase, other_phases.main);

	/* and home again */
	c->robber_hex = 0;
	ck_assert(catan_turn__send_robber_home(st));
	ck_assert_int_eq(c->robber_hex, catan_turn__robber_home(st->game));
	ck_assert_int_eq(c->robber_hex, DESERT);
}
END_TEST

/* Trades carry the kinds the variant names: a sixth kind (gold, salt)
 * only where it is named. */
START_TEST(test_trade_kinds)
{
	const uint8_t give[CATAN_MAX_CARD_KINDS] = { [5] = 1 };
	const uint8_t get[CATAN_MAX_CARD_KINDS] = { [CATAN_ORE] = 1 };

	set_hand(st, 0, 5, 2);
	ck_assert_int_eq(catan_turn__check_offer(st, 0, give, get, TURN_BASE_RESOURCES),
			 CATAN_REASON_BAD_ARGUMENT);
	ck_assert_int_eq(catan_turn__check_offer(st, 0, give, get, TURN_BASE_RESOURCES | 1u << 5),
			 CATAN_REASON_NONE);
	set_hand(st, 0, 5, 0);
	ck_assert_int_eq(catan_turn__check_offer(st, 0, give, get, TURN_BASE_RESOURCES | 1u << 5),
			 CATAN_REASON_INSUFFICIENT_RESOURCES);
}
END_TEST

/* The negotiation in another variant's phases: nobody says yes, and the
 * turn resumes in that variant's main phase. */
START_TEST(test_negotiation_phases)
{
	struct core_state *c = st_core(st);
	const uint8_t give[CATAN_MAX_CARD_KINDS] = { [CATAN_ORE] = 1 };
	const uint8_t get[CATAN_MAX_CARD_KINDS] = { [CATAN_WOOL] = 1 };
	catan_action a = CATAN_ACTION_INIT;

	c->current = 0;
	catan_turn__open_offer(st, 0, give, get, other_phases.trade_response);
	ck_assert_int_eq(c->phase, other_phases.trade_response);
	ck_assert_uint_eq(catan_turn__responders(st), 0xeu);
	a.type = CATAN_ACT_DECLINE_TRADE;
	a.player = 0;
	ck_assert_int_eq(catan_turn__check_answer(st, &a, TURN_BASE_RESOURCES),
			 CATAN_REASON_NOT_YOUR_TURN);
	for (int p = 1; p < 4; p++) {
		a.player = (int8_t)p;
		ck_assert_int_eq(catan_turn__check_answer(st, &a, TURN_BASE_RESOURCES),
				 CATAN_REASON_NONE);
		catan_turn__answer(st, &a, &other_phases);
		ck_assert_int_eq(catan_turn__check_answer(st, &a, TURN_BASE_RESOURCES),
				 p < 3 ? CATAN_REASON_ALREADY_RESPONDED : CATAN_REASON_NONE);
	}
	ck_assert_int_eq(c->phase, other_phases.main);
	ck_assert_int_eq(c->offer_give[CATAN_ORE], 0);
}
END_TEST

START_TEST(test_suspend_resume)
{
	struct core_state *c = st_core(st);
	unsigned left;

	c->phase = CATAN_PHASE_MAIN;
	left = catan_turn__suspend(st, CATAN_PHASE_VARIANT_BASE + 9);
	ck_assert_uint_eq(left, CATAN_PHASE_MAIN);
	ck_assert_int_eq(c->phase, CATAN_PHASE_VARIANT_BASE + 9);
	catan_turn__resume(st, left);
	ck_assert_int_eq(c->phase, CATAN_PHASE_MAIN);
}
END_TEST

#define ADD(suite_, fn_) CATAN_TEST_ADD_FIXTURE(suite_, fn_, setup, teardown)

void
catan_test_register(SRunner *sr)
{
	Suite *s = catan_test_suite(sr, "turn");

	ADD(s, test_setup_orders);
	ADD(s, test_setup_one_paying_round);
	ADD(s, test_seven_hand_limit_and_phases);
	ADD(s, test_robber_outside_the_core);
	ADD(s, test_trade_kinds);
	ADD(s, test_negotiation_phases);
	ADD(s, test_suspend_resume);
}
