/*
 * libcatanrules: number chips placed and moved in play (chips.c).
 * Internal, as catan-private.h (which includes every part in order).
 * SPDX-License-Identifier: MIT
 */
#include "catan-private.h"

#ifndef CATAN_CHIPS_H
#define CATAN_CHIPS_H

/* The number of the chip on @hex (0: none), in a game that declares
 * number chips (catan_game.number_chips); rules code places, moves and
 * removes chips with catan_state__set_chip() (a valid number on a hex
 * with a chip space: the callers' business, as the rules know it). */
static inline unsigned
catan_state__chip(const catan_state *s, unsigned hex)
{
	return s->data[s->game->off_chips + hex];
}
static inline void
catan_state__set_chip(catan_state *s, unsigned hex, unsigned number)
{
	s->data[s->game->off_chips + hex] = (uint8_t)number;
}
/* 0 (no chip), 2..6 or 8..12. */
bool catan_chips__valid_number(unsigned number);
/* Once every build_game ran: a game that declares chips has a board with
 * chip spaces, else CATAN_EINVAL with the reason in the context. */
int catan_game__check_number_chips(catan_game *g);
/* The hexes whose chip shows @number, at most @cap of them, in order. */
unsigned catan_chips__hexes(const catan_state *s, unsigned number, uint16_t *out, unsigned cap);
/* "chip hI N" lines, one per placed chip (snapshots and observations:
 * the chips lie face up). */
void catan_text__chips(struct catan_text *w, const catan_state *s);
/* Read one "chip" line of a snapshot; false with the reason in @why. */
bool catan_chips__read(catan_state *s, char *const *tok, int ntok, char *why, size_t cap);

#endif
