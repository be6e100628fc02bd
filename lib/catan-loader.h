/*
 * libcatanrules: the snapshot loader's state, shared by the reading
 * (serialize.c) and the checks of a loaded position (snapshot-check.c).
 * Internal.
 * SPDX-License-Identifier: MIT
 */
#ifndef CATAN_LOADER_H
#define CATAN_LOADER_H

#include "catan-private.h"

/* Longer lines than this are malformed: the longest real line (a player)
 * is a few hundred bytes, a module slice at most a few kilobytes. */
#define LINE_MAX_LEN 8192
#define MAX_TOKENS 40

enum key {
	K_RNG, K_MOVE_NUMBER, K_TURN, K_PHASE, K_CHANCE, K_CURRENT,
	K_FIRST_PLAYER, K_SETUP_STEP, K_SETUP_VERTEX, K_DICE, K_FLAGS,
	K_RETURN_PHASE, K_ROAD_BUILDING_LEFT, K_VICTIM, K_ROBBER,
	K_LONGEST_ROAD, K_LARGEST_ARMY, K_WINNER, K_BANK, K_DEV_DECK,
	K_DEV_BOUGHT, K_OFFER_GIVE, K_OFFER_GET, K_COUNT
};

struct loader {
	catan_ctx *ctx;
	const char *text;
	size_t len;
	size_t pos;
	unsigned line_no;
	char line[LINE_MAX_LEN];
	char *tok[MAX_TOKENS];
	int ntok;
	/* where each key and player was given, for messages */
	unsigned key_line[K_COUNT];
	unsigned player_line[CATAN_MAX_PLAYERS];
	unsigned contest_line[CATAN_MAX_CONTESTS];
	unsigned end_line;
	catan_game *g;
	catan_state *s;
};

/* Fail the load at @line with @rc and the formatted reason (the
 * context's message names the line). */
int catan_load__fail_at(struct loader *ld, unsigned line, int rc, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
#define fail(ld, ...) catan_load__fail_at((ld), (ld)->line_no, CATAN_EPARSE, __VA_ARGS__)

/* The invariants of a loaded position (snapshot-check.c): the first
 * broken one fails the load. */
int catan_load__validate(struct loader *ld);

#endif
