/*
 * A test module with a real-time round and a referee: the market round
 * that opens each time the turn passes. Shared by test-rounds.c and the
 * generic harness's run over the test modules (test-harness-modules.c).
 * SPDX-License-Identifier: MIT
 */
#ifndef CATAN_TEST_ROUNDS_MODULE_H
#define CATAN_TEST_ROUNDS_MODULE_H

#include "catanrules/catanrules.h"

/*
 * "rounds_test", stacked on base. When a player ends their turn, a market
 * round opens before the next player rolls, with one ware fewer than
 * there are seated players:
 *   p<i> grab    take a ware (counter "wares" of the player), while any is left
 *   p<i> pass    take nothing
 * Every seated player who has neither grabbed nor passed may act, all at
 * once, and the order of arrival decides who is left without a ware (a
 * real-time phase, as CATAN Connect's rounds: RULINGS C3). The round
 * closes when everyone has grabbed or passed, or when the host's timer
 * runs out:
 *   referee close_market
 * an action of CATAN_PLAYER_REFEREE, legal while the round is open
 * (RULINGS C13). The counter "market_left" (game) is the wares left.
 */
enum {
	TEST_ROUNDS_ACT_GRAB = 0x7F00,
	TEST_ROUNDS_ACT_PASS = 0x7F01,
	TEST_ROUNDS_ACT_CLOSE = 0x7F02,
	TEST_ROUNDS_PHASE_MARKET = 240,
};

extern const struct catan_module_ops catan_test_rounds_module;

/* Add the module to a context's registry (after the ones it has). */
void catan_test_add_rounds_module(catan_ctx *ctx);

#endif
