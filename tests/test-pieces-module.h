/*
 * A test module declaring pieces beyond settlement, city and road: a
 * moving edge piece with a stack limit (Merchants of Europe's caravans),
 * an intersection piece placed by edits only and a road-like edge piece
 * (Rivers of Catan's bridges); shared by
 * test-pieces.c, the harness over the test modules and the test build of
 * the catanrules tool (the conformance scripts of
 * tests/conformance/test-modules).
 * SPDX-License-Identifier: MIT
 */
#ifndef CATAN_TEST_PIECES_MODULE_H
#define CATAN_TEST_PIECES_MODULE_H

#include "catanrules/catanrules.h"

/*
 * "pieces_test", stacked on base:
 *   caravan   on edges, 2 per owner, at most 2 per edge of any owners,
 *             moves. In the main phase the current player may
 *               set_up_caravan <edge>      on an own road at one of their
 *                                          buildings, from their stock;
 *               move_caravan <from> <to>   one of their caravans to an
 *                                          edge next to it (sharing an
 *                                          intersection) that has a road
 *                                          of anyone's, at most once a turn.
 *   merchant  on intersections, 2 per owner, no stack limit, moves; no
 *             action: edits only.
 *   bridge    on edges, 3 per owner, road-like (CATAN_PIECE_ROAD_LIKE:
 *             part of its owner's road network, Longest Road included).
 *             In the main phase the current player may
 *               build_bridge <edge>        on an empty edge their network
 *                                          reaches (an own building or
 *                                          road or bridge at an end not
 *                                          taken by an opponent's
 *                                          building), for 2 brick and
 *                                          1 lumber.
 * Only bridges cost cards; nothing scores but through Longest Road.
 */
extern const struct catan_module_ops catan_test_pieces_module;

/* The module's action types. */
enum {
	CATAN_TEST_ACT_SET_UP_CARAVAN = 0x1f0,
	CATAN_TEST_ACT_MOVE_CARAVAN   = 0x1f1,
	CATAN_TEST_ACT_BUILD_BRIDGE   = 0x1f2
};

/* Add the module to a context's registry (after the modules there). */
void catan_test_add_pieces_module(catan_ctx *ctx);

#endif
