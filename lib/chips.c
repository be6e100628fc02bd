/*
 * libcatanrules: number chips placed and moved in play (Merchants of
 * Europe: "If your newly built trading post borders a terrain hex without
 * a number, you must choose one of the face-down number chips ... and
 * place it on that hex's chip space", histories-merchants-of-europe.txt).
 * A game that declares them keeps, for each hex with a chip space
 * (CATAN_SITE_CHIP_SPACE), the number of the chip on it; a hex produces on
 * its printed numbers and on its chip's (rules-production.c). Which chip
 * goes where, and the face-down pool, are the variant's rules.
 * SPDX-License-Identifier: MIT
 */

#include <stdio.h>
#include <stdlib.h>

#include "catan-private.h"

int
catan_game_declare_number_chips(catan_game *g)
{
	if (!g)
		return CATAN_EINVAL;
	if (g->state_size) {
		catan__ctx_seterr(g->ctx, "number chips are declared while the game is built");
		return CATAN_EINVAL;
	}
	g->number_chips = true;
	return CATAN_OK;
}

/* The chip space on @hex: its site index, or -1. */
static int
chip_space(const struct board *b, unsigned hex)
{
	return catan_board__site_of_kind(b, CATAN_LOC_HEX, hex, CATAN_SITE_CHIP_SPACE);
}

int
catan_game__check_number_chips(catan_game *g)
{
	if (!g->number_chips)
		return CATAN_OK;
	for (unsigned h = 0; h < g->board.nhex; h++)
		if (chip_space(&g->board, h) >= 0)
			return CATAN_OK;
	catan__ctx_seterr(g->ctx, "number chips declared on a board without chip spaces");
	return CATAN_EINVAL;
}

bool
catan_chips__valid_number(unsigned number)
{
	return number == 0 || (number >= 2 && number <= 12 && number != 7);
}

/* Why @number may not go on @hex of @g, or NULL. */
static const char *
refusal(const catan_game *g, unsigned hex, unsigned number)
{
	if (!g->number_chips)
		return "the game has no number chips";
	if (hex >= g->board.nhex || chip_space(&g->board, hex) < 0)
		return "the hex has no chip space";
	if (!catan_chips__valid_number(number))
		return "a number chip shows 2 to 6 or 8 to 12";
	return NULL;
}

int
catan_state_hex_chip(const catan_state *s, unsigned hex, int *number)
{
	if (!s || !number)
		return CATAN_EINVAL;
	if (!s->game->number_chips || hex >= s->game->board.nhex ||
	    chip_space(&s->game->board, hex) < 0)
		return CATAN_ENOTFOUND;
	*number = (int)catan_state__chip(s, hex);
	return CATAN_OK;
}

int
catan_edit_set_hex_chip(catan_state *s, unsigned hex, unsigned number)
{
	const char *why;

	if (!s)
		return CATAN_EINVAL;
	why = refusal(s->game, hex, number);
	if (why) {
		catan_state__seterr(s, "edit refused: %s", why);
		return CATAN_EINVAL;
	}
	catan_state__set_chip(s, hex, number);
	catan_state__refresh(s);
	return CATAN_OK;
}

void
catan_text__chips(struct catan_text *w, const catan_state *s)
{
	const catan_game *g = s->game;

	if (!g->number_chips)
		return;
	for (unsigned h = 0; h < g->board.nhex; h++) {
		unsigned n = catan_state__chip(s, h);

		if (!n)
			continue;
		catan_text__put(w, "chip ");
		catan_text__location(w, g, CATAN_LOC_HEX, h);
		catan_text__put(w, " %u\n", n);
	}
}

bool
catan_chips__read(catan_state *s, char *const *tok, int ntok, char *why, size_t cap)
{
	const catan_game *g = s->game;
	const char *no;
	unsigned id, number;
	int kind;
	char *end;

	if (ntok != 3) {
		snprintf(why, cap, "'chip' takes a hex and a number");
		return false;
	}
	if (catan_location_parse(g, tok[1], &kind, &id) != CATAN_OK || kind != CATAN_LOC_HEX) {
		snprintf(why, cap, "chip: '%.40s' is no hex", tok[1]);
		return false;
	}
	number = (unsigned)strtoul(tok[2], &end, 10);
	if (*end || tok[2][0] < '0' || tok[2][0] > '9' || number == 0) {
		snprintf(why, cap, "chip %.40s: bad number '%.40s'", tok[1], tok[2]);
		return false;
	}
	no = refusal(g, id, number);
	if (no) {
		snprintf(why, cap, "chip %.40s: %s", tok[1], no);
		return false;
	}
	if (catan_state__chip(s, id)) {
		snprintf(why, cap, "chip %.40s given twice", tok[1]);
		return false;
	}
	catan_state__set_chip(s, id, number);
	return true;
}

unsigned
catan_chips__hexes(const catan_state *s, unsigned number, uint16_t *out, unsigned cap)
{
	const catan_game *g = s->game;
	unsigned n = 0;

	for (unsigned h = 0; h < g->board.nhex && n < cap; h++)
		if (catan_state__chip(s, h) == number)
			out[n++] = (uint16_t)h;
	return n;
}
