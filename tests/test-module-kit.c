/*
 * Adding the test modules of tests/ to a context's registry
 * (test-module-kit.h).
 * SPDX-License-Identifier: MIT
 */
#include "catan-private.h"
#include "test-module-kit.h"

void
catan_test_add_module(catan_ctx *ctx, const struct catan_module_ops *ops)
{
	static const struct catan_module_ops *table[64];
	size_t n = 0;

	/* The context's table may be this one already: copying it onto
	 * itself keeps it. */
	for (; n < ctx->nmodules && n + 2 < ARRAY_LEN(table); n++)
		table[n] = ctx->modules[n];
	table[n++] = ops;
	table[n] = NULL;
	ctx->modules = table;
	ctx->nmodules = n;
}
