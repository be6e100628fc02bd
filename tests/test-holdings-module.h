/*
 * A test module declaring holdings of every visibility, a points
 * adjustment that goes below zero and a per-player win target; shared by
 * test-holdings.c and the test build of the catanrules tool, which runs
 * the conformance scripts of tests/conformance/test-modules on it.
 * SPDX-License-Identifier: MIT
 */
#ifndef CATAN_TEST_HOLDINGS_MODULE_H
#define CATAN_TEST_HOLDINGS_MODULE_H

#include "catanrules/catanrules.h"

/*
 * "holdings_test", stacked on base:
 *   gold    public, at most 50 a player, a supply of 40; domestic
 *           trades carry it and maritime trades buy it (Rivers of Catan)
 *   secret  the owner's only, at most 9, no supply
 *   fish_1, fish_2, fish_3  group "fish" (the count public, the values
 *           the owner's), at most 10 each, supplies of 11, 10 and 8
 *   boot    public, at most 1, one more point to win for its holder
 *   poor    public, at most 1: two points less for its holder
 *   tiles   the owner's only, at most 5, a supply of 12 (hidden too)
 * It changes no rule of base: the holdings move by edits, and gold by
 * trades too.
 */
extern const struct catan_module_ops catan_test_holdings_module;

/* Add the module to a context's registry (after the built-in ones). */
void catan_test_add_holdings_module(catan_ctx *ctx);

#endif
