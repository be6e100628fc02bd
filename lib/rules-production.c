/*
 * libcatanrules: production on a roll (bank-shortage rule) and set-up income.
 * SPDX-License-Identifier: MIT
 */

#include "catan-private.h"

/* Cards a building earns from one producing hex (05.A). */
static unsigned
building_yield(uint8_t byte)
{
	if (byte == 0)
		return 0;
	switch (PIECE_KIND(byte)) {
	case CATAN_PIECE_SETTLEMENT:
		return 1;
	case CATAN_PIECE_CITY:
		return 2;
	default:
		return 0;
	}
}

/* Add what one hex owes to each player. */
static void
hex_owed(const catan_state *s, unsigned hex,
	 unsigned owed[CATAN_MAX_PLAYERS][CATAN_MAX_CARD_KINDS], int nplayers)
{
	const struct board *b = &s->game->board;
	const struct board_hex *bh = &b->hex[hex];
	const uint8_t *verts = st_cvert(s);
	int kind = bh->resource;

	if (kind < 0 || kind >= CATAN_MAX_CARD_KINDS)
		return;
	for (unsigned c = 0; c < 6; c++) {
		unsigned v = bh->vert[c];
		int owner;

		if (v >= b->nvert || verts[v] == 0)
			continue;
		owner = PIECE_OWNER(verts[v]);
		if (owner < 0 || owner >= nplayers)
			continue;
		owed[owner][kind] += building_yield(verts[v]);
	}
}

/*
 * Pay one kind. "If the bank lacks a resource to pay for multiple players,
 * no one receives this type of production. If only one person has to
 * receive it, give it what is left" (05.A).
 */
static void
pay_kind(catan_state *s, int kind,
	 const unsigned owed[CATAN_MAX_PLAYERS][CATAN_MAX_CARD_KINDS],
	 int nplayers)
{
	unsigned total = 0;
	int recipients = 0;

	for (int p = 0; p < nplayers; p++) {
		if (owed[p][kind] > 0) {
			total += owed[p][kind];
			recipients++;
		}
	}
	if (total == 0)
		return;
	if (total > st_ccore(s)->bank[kind] && recipients > 1)
		return;
	/* catan_cards__receive gives a lone recipient what the bank has
	 * left. */
	for (int p = 0; p < nplayers; p++)
		if (owed[p][kind] > 0)
			catan_cards__receive(s, p, kind, owed[p][kind]);
}

void
catan_production__roll(catan_state *s, unsigned total)
{
	const struct board *b = &s->game->board;
	unsigned owed[CATAN_MAX_PLAYERS][CATAN_MAX_CARD_KINDS];
	int nplayers = st_ccore(s)->num_players;
	unsigned robber = st_ccore(s)->robber_hex;
	unsigned nhex, kinds = 0;

	if (total >= ARRAY_LEN(b->num_hexes))
		return;
	if (nplayers > CATAN_MAX_PLAYERS)
		nplayers = CATAN_MAX_PLAYERS;
	nhex = b->num_hexes[total];
	if (nhex > ARRAY_LEN(b->hexes_by_number[0]))
		nhex = ARRAY_LEN(b->hexes_by_number[0]);
	memset(owed, 0, (size_t)nplayers * sizeof(owed[0]));

	for (unsigned i = 0; i < nhex; i++) {
		unsigned hex = b->hexes_by_number[total][i];

		/* The robber's hex produces nothing (05.A). */
		if (hex >= b->nhex || hex == robber)
			continue;
		hex_owed(s, hex, owed, nplayers);
		if (b->hex[hex].resource >= 0 && b->hex[hex].resource < CATAN_MAX_CARD_KINDS)
			kinds |= 1u << b->hex[hex].resource;
	}
	for (unsigned i = 0; i < s->game->nmodules; i++) {
		const struct game_module *m = &s->game->modules[i];

		if (m->ops->production) {
			m->ops->production(s, total, owed, st_cmodule(s, m));
			kinds = (1u << CATAN_MAX_CARD_KINDS) - 1u;
		}
	}
	/* Only the kinds some hex produced can be owed. */
	for (int kind = 0; kinds; kind++, kinds >>= 1)
		if (kinds & 1u)
			pay_kind(s, kind, owed, nplayers);
}

void
catan_production__setup_income(catan_state *s, int player, unsigned vertex)
{
	const struct board *b = &s->game->board;
	const struct board_vertex *bv;

	if (vertex >= b->nvert)
		return;
	/* One card per producing hex touching the second settlement (04.5). */
	bv = &b->vert[vertex];
	for (unsigned i = 0; i < bv->nhex && i < 3; i++) {
		unsigned hex = bv->hex[i];

		if (hex >= b->nhex || b->hex[hex].resource < 0)
			continue;
		catan_cards__receive(s, player, b->hex[hex].resource, 1);
	}
}
