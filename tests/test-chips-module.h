/*
 * A test module whose number chips are placed and moved in play (Merchants
 * of Europe's chips, catan_game_declare_number_chips()); shared by
 * test-chips.c and the test build of the catanrules tool, which runs
 * tests/conformance/test-modules/chips.ctm on it. Its games need a board
 * with chip spaces: tests/conformance/test-modules/chips-board.txt, whose
 * text CATAN_TEST_CHIPS_BOARD holds too.
 * SPDX-License-Identifier: MIT
 */
#ifndef CATAN_TEST_CHIPS_MODULE_H
#define CATAN_TEST_CHIPS_MODULE_H

#include "catanrules/catanrules.h"

/* "chips_test", stacked on base: the chips lie on the chip spaces; the
 * module places none (edits do). It changes no other rule. */
extern const struct catan_module_ops catan_test_chips_module;

/* The beginner island with chip spaces on h2 and h8 (dotted), whose
 * hexes show no number. */
extern const char catan_test_chips_board[];

/* Add the module to a context's registry (after the built-in ones). */
void catan_test_add_chips_module(catan_ctx *ctx);

#endif
