/*
 * A test module whose rule blocks hexes for production besides the
 * robber's: conquests, as Barbarian Attack's conquered hexes ("the hex is
 * conquered ... it produces nothing"). Shared by test-blocked.c and the
 * generic harness's run over the test modules.
 * SPDX-License-Identifier: MIT
 */
#ifndef CATAN_TEST_BLOCKED_MODULE_H
#define CATAN_TEST_BLOCKED_MODULE_H

#include "catanrules/catanrules.h"

/*
 * "conquest_test", stacked on base. In the main phase the current player
 * may pay 1 ore to the bank to
 *   p<i> conquer h<n>    conquer a hex with a number that is not conquered
 *   p<i> liberate h<n>   free a conquered hex
 * once a turn, at most two hexes conquered at a time (variant_rule). A conquered hex produces nothing on a roll
 * (the hex_blocked hook) until it is freed; the counter "conquered"
 * (game) is how many are.
 */
enum {
	TEST_BLOCKED_ACT_CONQUER = 0x7E00,
	TEST_BLOCKED_ACT_LIBERATE = 0x7E01,
};

extern const struct catan_module_ops catan_test_blocked_module;

/* Add the module to a context's registry (after the ones it has). */
void catan_test_add_blocked_module(catan_ctx *ctx);

#endif
