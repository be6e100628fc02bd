/*
 * A test module that replaces the base deck: 6 knights, 2 alchemists
 * (played by the module's own action) and 3 victory points, the discard
 * pile reshuffled into an empty deck, as Barbarian Attack's and Merchants
 * of Europe's decks do (traders-and-barbarians.txt: "When the stack of
 * development cards is empty, shuffle the discard pile to create a new
 * stack"). Shared by test-devkinds.c, the generic harness's run over the
 * test modules and the test build of the tool (catanrules-test).
 * SPDX-License-Identifier: MIT
 */
#ifndef CATAN_TEST_DEVKINDS_MODULE_H
#define CATAN_TEST_DEVKINDS_MODULE_H

#include "catanrules/catanrules.h"

/*
 * "devkinds_test", stacked on base. The deck's kinds, in slots
 *   0 knight (6, the KNIGHT role), 1 alchemist (2, no role: the module's),
 *   2 victory_point (3, the VICTORY_POINT role);
 * the base variant's road_building, year_of_plenty and monopoly are not
 * in the game. In the main phase the current player may play an
 * alchemist bought before this turn, under the base timing (one card a
 * turn):
 *   p<i> play_alchemist    a grain from the bank, if it has one
 * The played alchemist goes to the discard pile, which becomes the deck
 * when a card is bought from an empty one.
 */
enum {
	TEST_DEVKINDS_ACT_ALCHEMIST = 0x1e0,
};

enum {
	TEST_DEVKINDS_SLOT_KNIGHT = 0,
	TEST_DEVKINDS_SLOT_ALCHEMIST = 1,
	TEST_DEVKINDS_SLOT_VP = 2,
};

extern const struct catan_module_ops catan_test_devkinds_module;

/* Add the module to a context's registry (after the ones it has). */
void catan_test_add_devkinds_module(catan_ctx *ctx);

#endif
