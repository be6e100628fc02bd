/*
 * Seats and rounds: real-time rounds, where the order of arrival decides,
 * and the referee actor, the host's end of a round (issue: core v2, seats
 * and rounds), on the rounds test module (test-rounds-module.h).
 * RULINGS C3: "Simultaneous play: any player may act whenever the phase
 * allows it; actions apply in the order the host passes them; legality is
 * checked against the state at that moment." RULINGS C13: "A round ends
 * when every person has passed ... or when the host applies the round's
 * end (the timer): an action of the referee, always legal in an open
 * round."
 * SPDX-License-Identifier: MIT
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catan-private.h"
#include "test-common.h"
#include "test-rounds-module.h"

struct fixture {
	catan_ctx *ctx;
	catan_game *g;
	catan_state *s;
};

static void
open_game(struct fixture *f, const char *spec)
{
	f->ctx = catan_test_ctx_new();
	catan_test_add_rounds_module(f->ctx);
	f->g = catan_test_game_new(f->ctx, spec);
	f->s = catan_test_state_new(f->g);
}

static void
close_game(struct fixture *f)
{
	catan_state_free(f->s);
	catan_game_unref(f->g);
	catan_ctx_free(f->ctx);
}

/* Random play up to the turn player's main phase, then the end of their
 * turn: the market round opens. */
static void
open_market(struct fixture *f)
{
	uint64_t rng = 11;
	catan_action a;
	char text[32];

	for (int i = 0; i < 2000 && catan_state_phase(f->s) != CATAN_PHASE_MAIN; i++) {
		ck_assert(catan_test_random_action(f->s, &rng, &a));
		CATAN_ASSERT_OK(catan_state_apply(f->s, &a));
	}
	ck_assert_int_eq(catan_state_phase(f->s), CATAN_PHASE_MAIN);
	snprintf(text, sizeof(text), "p%d end_turn", catan_state_turn_player(f->s));
	CATAN_APPLY(f->s, text);
	ck_assert_int_eq(catan_state_phase(f->s), TEST_ROUNDS_PHASE_MARKET);
}

/* The size query, as for a player's list: CATAN_EBUFS with the count. */
static size_t
referee_actions(const catan_state *s)
{
	size_t n = 0;
	int rc = catan_state_legal_actions(s, CATAN_PLAYER_REFEREE, NULL, 0, &n);

	ck_assert(rc == (n ? CATAN_EBUFS : CATAN_OK));
	return n;
}

static int32_t
counter(const catan_state *s, int player, const char *name)
{
	int32_t v = -1;

	CATAN_ASSERT_OK(catan_state_counter(s, player, name, &v));
	return v;
}

/* ------------------------------------------------------------ declared */

START_TEST(test_rounds_declared_in_game_info)
{
	struct fixture f;
	catan_game_info info = { .version = CATAN_GAME_INFO_VERSION };
	catan_game *plain;

	open_game(&f, "base(players=3)+rounds_test");
	CATAN_ASSERT_OK(catan_game_info_get(f.g, &info));
	ck_assert_uint_eq(info.referee, 1);
	ck_assert(info.simultaneous & CATAN_SIMULTANEOUS_REAL_TIME);
	/* base's discards and trade replies stay order-free */
	ck_assert(info.simultaneous & CATAN_SIMULTANEOUS_ORDER_FREE);
	plain = catan_test_game_new(f.ctx, "base(players=3)");
	CATAN_ASSERT_OK(catan_game_info_get(plain, &info));
	ck_assert_uint_eq(info.referee, 0);
	ck_assert(!(info.simultaneous & CATAN_SIMULTANEOUS_REAL_TIME));
	catan_game_unref(plain);
	close_game(&f);
}
END_TEST

/* C3 "any player may act whenever the phase allows it": in the round
 * every seated player acts at once, and the moment says the order of
 * arrival decides. */
START_TEST(test_rounds_everyone_acts_in_real_time)
{
	struct fixture f;
	catan_action buf[8];
	size_t n = 0;

	open_game(&f, "base(players=4,seed=3)+rounds_test");
	ck_assert_int_eq(catan_state_simultaneity(f.s), 0);
	open_market(&f);
	ck_assert_uint_eq(catan_state_acting_players(f.s), 0xFu);
	ck_assert_int_eq(catan_state_current_player(f.s), CATAN_PLAYER_SIMULTANEOUS);
	ck_assert_int_eq(catan_state_simultaneity(f.s), CATAN_SIMULTANEOUS_REAL_TIME);
	ck_assert_int_eq(counter(f.s, -1, "market_left"), 3);
	for (int p = 0; p < 4; p++) {
		CATAN_ASSERT_OK(catan_state_legal_actions(f.s, p, buf, 8, &n));
		ck_assert_uint_eq(n, 2);
		ck_assert_uint_eq(buf[0].type, TEST_ROUNDS_ACT_GRAB);
		ck_assert_uint_eq(buf[1].type, TEST_ROUNDS_ACT_PASS);
	}
	ck_assert_int_eq(catan_state_simultaneity(NULL), CATAN_EINVAL);
	close_game(&f);
}
END_TEST

/* C3 "actions apply in the order the host passes them; legality is
 * checked against the state at that moment": of three players and two
 * wares, whoever asks last finds the market empty, in either order. */
START_TEST(test_rounds_order_of_arrival_decides)
{
	struct fixture f;
	catan_state *other;

	open_game(&f, "base(players=3,seed=5)+rounds_test");
	open_market(&f);
	CATAN_ASSERT_OK(catan_state_clone(&other, f.s));

	CATAN_APPLY(f.s, "p0 grab");
	CATAN_APPLY(f.s, "p1 grab");
	CATAN_REFUSE(f.s, "p2 grab", CATAN_REASON_BANK_EMPTY);
	ck_assert_int_eq(counter(f.s, 2, "wares"), 0);
	ck_assert_int_eq(counter(f.s, 0, "wares"), 1);

	CATAN_APPLY(other, "p2 grab");
	CATAN_APPLY(other, "p1 grab");
	CATAN_REFUSE(other, "p0 grab", CATAN_REASON_BANK_EMPTY);
	ck_assert_int_eq(counter(other, 2, "wares"), 1);
	ck_assert_int_eq(counter(other, 0, "wares"), 0);
	ck_assert(!catan_state_equal(f.s, other));

	/* the one left may still pass, and then the round is over (C13
	 * "when every person has passed") */
	CATAN_APPLY(f.s, "p2 pass");
	ck_assert_int_eq(catan_state_phase(f.s), CATAN_PHASE_ROLL);
	ck_assert_int_eq(catan_state_current_player(f.s), catan_state_turn_player(f.s));
	ck_assert_int_eq(catan_state_simultaneity(f.s), 0);
	catan_state_free(other);
	close_game(&f);
}
END_TEST

/* C13 "or when the host applies the round's end (the timer): an action
 * of the referee, always legal in an open round." */
START_TEST(test_rounds_referee_ends_the_round)
{
	struct fixture f;
	catan_action buf[4], a;
	char text[64];
	size_t n = 9;

	open_game(&f, "base(players=3,seed=7)+rounds_test");
	CATAN_ASSERT_OK(catan_state_legal_actions(f.s, CATAN_PLAYER_REFEREE, buf, 4, &n));
	ck_assert_uint_eq(n, 0);
	open_market(&f);
	CATAN_APPLY(f.s, "p1 grab");
	ck_assert_uint_eq(referee_actions(f.s), 1);
	CATAN_ASSERT_OK(catan_state_legal_actions(f.s, CATAN_PLAYER_REFEREE, buf, 4, &n));
	ck_assert_uint_eq(n, 1);
	ck_assert_int_eq(buf[0].player, CATAN_PLAYER_REFEREE);
	CATAN_ASSERT_OK(catan_action_format(f.g, &buf[0], text, sizeof(text), NULL));
	ck_assert_str_eq(text, "referee close_market");
	CATAN_ASSERT_OK(catan_action_parse(f.s, text, &a));
	ck_assert_int_eq(catan_action_compare(&a, &buf[0]), 0);

	/* the referee's end is a move like any other */
	CATAN_APPLY(f.s, "referee close_market");
	ck_assert_int_eq(catan_state_phase(f.s), CATAN_PHASE_ROLL);
	ck_assert_int_eq(counter(f.s, 1, "wares"), 1);
	ck_assert_uint_eq(catan_state_acting_players(f.s),
			  UINT32_C(1) << catan_state_turn_player(f.s));
	CATAN_ASSERT_OK(catan_state_legal_actions(f.s, CATAN_PLAYER_REFEREE, buf, 4, &n));
	ck_assert_uint_eq(n, 0);
	/* no open round: nothing for the referee, and the state stays */
	CATAN_REFUSE(f.s, "referee close_market", CATAN_REASON_NOT_YOUR_TURN);
	close_game(&f);
}
END_TEST

/* The referee takes only its listed actions: a player's action in its
 * name is refused by check and by apply_unchecked, with the state
 * unchanged; in a game without a referee it has nothing at all. */
START_TEST(test_rounds_referee_refused_elsewhere)
{
	struct fixture f;
	catan_action a = CATAN_ACTION_INIT;
	catan_state *before;
	int reason = -1;

	open_game(&f, "base(players=3,seed=9)+rounds_test");
	open_market(&f);
	CATAN_ASSERT_OK(catan_state_clone(&before, f.s));
	a.type = CATAN_ACT_ROLL;
	a.player = CATAN_PLAYER_REFEREE;
	CATAN_ASSERT_ERR(catan_state_check_action(f.s, &a, &reason), CATAN_EILLEGAL);
	ck_assert_int_eq(reason, CATAN_REASON_NOT_YOUR_TURN);
	CATAN_ASSERT_ERR(catan_state_apply_unchecked(f.s, &a), CATAN_EINVAL);
	a.type = TEST_ROUNDS_ACT_GRAB;
	CATAN_ASSERT_ERR(catan_state_apply_unchecked(f.s, &a), CATAN_EINVAL);
	ck_assert(catan_state_equal(f.s, before));
	ck_assert_uint_eq(catan_state_hash(f.s), catan_state_hash(before));
	/* a player may not end the round */
	a.type = TEST_ROUNDS_ACT_CLOSE;
	a.player = 0;
	CATAN_ASSERT_ERR(catan_state_apply(f.s, &a), CATAN_EILLEGAL);
	ck_assert(catan_state_equal(f.s, before));
	catan_state_free(before);
	close_game(&f);
}
END_TEST

/* A round survives a snapshot: who acts, the wares and the referee's
 * action come back. */
START_TEST(test_rounds_snapshot_round_trip)
{
	struct fixture f;
	catan_game *g2;
	catan_state *s2;
	char *text = malloc(1 << 16);

	open_game(&f, "base(players=3,seed=13)+rounds_test");
	open_market(&f);
	CATAN_APPLY(f.s, "p2 grab");
	CATAN_ASSERT_OK(catan_state_snapshot(f.s, text, 1 << 16, NULL));
	CATAN_ASSERT_OK(catan_load(&g2, &s2, f.ctx, text, strlen(text)));
	ck_assert(catan_state_equal(f.s, s2));
	ck_assert_uint_eq(catan_state_acting_players(s2), 0x3u);
	ck_assert_int_eq(catan_state_simultaneity(s2), CATAN_SIMULTANEOUS_REAL_TIME);
	ck_assert_uint_eq(referee_actions(s2), 1);
	catan_state_free(s2);
	catan_game_unref(g2);
	free(text);
	close_game(&f);
}
END_TEST

/* ------------------------------------------------------------- playout */

static uint64_t
splitmix(uint64_t *x)
{
	uint64_t z = (*x += UINT64_C(0x9e3779b97f4a7c15));

	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

/*
 * The playout's policy is the host loop state.h documents: in a real-time
 * round the actor is drawn from the acting players and the referee, else
 * it is the lowest acting player. Written out here from the documentation
 * and held against catan_state_playout() step for step.
 */
START_TEST(test_rounds_playout_is_the_documented_loop)
{
	struct fixture f;
	catan_state *mine;
	size_t cap;
	catan_action *buf;
	uint64_t lib_rng = 99, my_rng = 99, steps = 0;
	unsigned referee_ends = 0;

	open_game(&f, "base(players=4,seed=21,max_turns=400)+rounds_test");
	cap = catan_game_max_legal_actions(f.g);
	buf = calloc(cap, sizeof(*buf));
	CATAN_ASSERT_OK(catan_state_clone(&mine, f.s));
	for (unsigned i = 0; i < 3000 && !catan_state_is_terminal(mine); i++) {
		uint32_t acting = catan_state_acting_players(mine);
		uint64_t z = splitmix(&my_rng);
		int actor = acting ? __builtin_ctz(acting) : CATAN_PLAYER_REFEREE;
		size_t n = 0, nref = referee_actions(mine);

		if (catan_state_simultaneity(mine) == CATAN_SIMULTANEOUS_REAL_TIME) {
			unsigned k = (unsigned)__builtin_popcount(acting) + (nref > 0);
			unsigned pick = (unsigned)(((z & 0xFFFFFFFFu) * k) >> 32);

			actor = CATAN_PLAYER_REFEREE;
			for (int p = 0; p < 32; p++)
				if ((acting >> p & 1) && pick-- == 0) {
					actor = p;
					break;
				}
		}
		CATAN_ASSERT_OK(catan_state_legal_actions(mine, actor, buf, cap, &n));
		ck_assert_uint_gt(n, 0);
		referee_ends += actor == CATAN_PLAYER_REFEREE;
		CATAN_ASSERT_OK(catan_state_apply_unchecked(mine, &buf[((z >> 32) * n) >> 32]));
		CATAN_ASSERT_OK(catan_state_playout(f.s, &lib_rng, buf, cap, 1, &steps));
		ck_assert_uint_eq(steps, 1);
		ck_assert_msg(catan_state_equal(f.s, mine), "step %u differs", i);
	}
	ck_assert_uint_eq(lib_rng, my_rng);
	ck_assert_uint_gt(referee_ends, 0);
	catan_state_free(mine);
	free(buf);
	close_game(&f);
}
END_TEST

/* Registration checks the declaration: a real-time phase outside the
 * module's own range, or without the real-time kind, is refused. */
static const uint8_t foreign_phase[] = { CATAN_PHASE_MAIN, 0 };
static const char *const on_base[] = { "base", NULL };
static const struct catan_module_ops foreign_real_time = {
	.version = CATAN_MODULE_OPS_VERSION,
	.name = "foreign_real_time",
	.description = "declares base's main phase real-time",
	.variants = on_base,
	.simultaneous = CATAN_SIMULTANEOUS_REAL_TIME,
	.real_time_phases = foreign_phase,
};
static const uint8_t own_phase[] = { 250, 0 };
static const struct catan_module_ops undeclared_kind = {
	.version = CATAN_MODULE_OPS_VERSION,
	.name = "undeclared_kind",
	.description = "a real-time phase without CATAN_SIMULTANEOUS_REAL_TIME",
	.variants = on_base,
	.phase_first = 250,
	.phase_last = 250,
	.real_time_phases = own_phase,
};

START_TEST(test_rounds_declaration_checked)
{
	static const struct catan_module_ops *tables[2][2] = {
		{ &foreign_real_time, NULL }, { &undeclared_kind, NULL },
	};
	static const char *const why[2] = { "not a phase of its own", "without CATAN_SIMULTANEOUS_REAL_TIME" };
	catan_ctx *ctx = catan_test_ctx_new();
	char spec[64];
	catan_game *g = NULL;

	for (int i = 0; i < 2; i++) {
		ctx->modules = tables[i];
		ctx->nmodules = 1;
		snprintf(spec, sizeof(spec), "base+%s", tables[i][0]->name);
		ck_assert_int_ne(catan_game_new_from_string(&g, ctx, spec), CATAN_OK);
		ck_assert_ptr_null(g);
		ck_assert_msg(strstr(catan_ctx_errmsg(ctx), why[i]) != NULL, "%s", catan_ctx_errmsg(ctx));
	}
	catan_ctx_free(ctx);
}
END_TEST

void
catan_test_register(SRunner *sr)
{
	Suite *s = catan_test_suite(sr, "rounds");

	CATAN_TEST_ADD(s, test_rounds_declared_in_game_info);
	CATAN_TEST_ADD(s, test_rounds_everyone_acts_in_real_time);
	CATAN_TEST_ADD(s, test_rounds_order_of_arrival_decides);
	CATAN_TEST_ADD(s, test_rounds_referee_ends_the_round);
	CATAN_TEST_ADD(s, test_rounds_referee_refused_elsewhere);
	CATAN_TEST_ADD(s, test_rounds_snapshot_round_trip);
	CATAN_TEST_ADD(s, test_rounds_playout_is_the_documented_loop);
	CATAN_TEST_ADD(s, test_rounds_declaration_checked);
}
