/*
 * Conformance suite: the modules the harness plays.
 * SPDX-License-Identifier: MIT
 */

#include "test-harness.h"

/*
 * Built a second time as test-harness-modules with HARNESS_TEST_MODULES:
 * the same checks over the test modules of tests/ (holdings, rounds and a
 * referee, declared pieces, hexes blocked by conquest, a replacement
 * development deck), each alone and all together on the variants they
 * accept. The context is the
 * only thing that differs; the checks still go through the public API.
 */
#ifdef HARNESS_TEST_MODULES
#include "catan-private.h"
#include "test-holdings-module.h"
#include "test-rounds-module.h"
#include "test-pieces-module.h"
#include "test-blocked-module.h"
#include "test-devkinds-module.h"

catan_ctx *
harness_modules(catan_ctx *ctx)
{
	if (ctx) {
		ctx->nmodules = 0;
		catan_test_add_holdings_module(ctx);
		catan_test_add_rounds_module(ctx);
		catan_test_add_pieces_module(ctx);
		catan_test_add_blocked_module(ctx);
		catan_test_add_devkinds_module(ctx);
	}
	return ctx;
}
#else
catan_ctx *
harness_modules(catan_ctx *ctx)
{
	return ctx;
}
#endif
