/*
 * libcatanrules: production on a roll (bank-shortage rule) and set-up income.
 * SPDX-License-Identifier: MIT
 */

#include "catan-private.h"
#include "modules.h"

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

/* Games up to this many seated players keep what a kind owes in one word,
 * a byte per player, for numbers on up to PACKED_HEXES hexes (6 corners
 * of 2 cards each: 252 at most, so a byte holds it). */
#define PACKED_PLAYERS 8
#define PACKED_HEXES 21

void
catan_production__build_table(catan_game *g)
{
	for (unsigned byte = 0; byte < ARRAY_LEN(g->yield_word); byte++) {
		int owner = PIECE_OWNER(byte);
		uint64_t yield = byte ? building_yield((uint8_t)byte) : 0;

		/* Neutral players receive no production (sys/module.h). */
		g->yield_word[byte] = owner >= 0 && owner < (int)g->num_players &&
				      owner < PACKED_PLAYERS ? yield << (8 * owner) : 0;
	}
	g->packed_production = g->num_players <= PACKED_PLAYERS &&
			       !(g->ctx && g->ctx->general_paths);
}

/* Give a player n cards of a kind from the bank (catan_cards__receive()
 * for a valid player and kind: never more than the bank holds). */
static void
receive(catan_state *s, int player, int kind, unsigned n)
{
	struct core_state *core = st_core(s);
	struct player_state *ps = st_player(s, player);

	if (n > core->bank[kind])
		n = core->bank[kind];
	core->bank[kind] = (uint8_t)(core->bank[kind] - n);
	ps->hand[kind] = (uint8_t)(ps->hand[kind] + n);
	ps->hand_total = (uint8_t)(ps->hand_total + n);
}

/*
 * Pay one kind, owed[p] in byte p. "If the bank lacks a resource to pay for
 * multiple players, no one receives this type of production. If only one
 * person has to receive it, give it what is left" (05.A).
 */
static void
pay_kind(catan_state *s, int kind, uint64_t owed)
{
	struct core_state *c = st_core(s);
	unsigned total = (unsigned)((owed * 0x0101010101010101ull) >> 56);

	if (owed == 0)
		return;
	if (total > c->bank[kind]) {
		const uint64_t lo7 = 0x7f7f7f7f7f7f7f7full;
		/* high bit of each nonzero byte */
		uint64_t nz = (((owed & lo7) + lo7) | owed) & ~lo7;
		int p = __builtin_ctzll(nz) >> 3;

		/* A lone recipient gets what the bank has left. */
		if (!(nz & (nz - 1)))
			receive(s, p, kind, (unsigned)(owed >> (8 * p)) & 0xffu);
		return;
	}
	/* Every seated player, owed or not (zero): a loop of fixed length
	 * has no exit to mispredict, where a loop over the recipients
	 * would. */
	c->bank[kind] = (uint8_t)(c->bank[kind] - total);
	for (int p = 0; p < c->num_players; p++) {
		struct player_state *ps = st_player(s, p);
		unsigned n = (unsigned)(owed >> (8 * p)) & 0xffu;

		ps->hand[kind] = (uint8_t)(ps->hand[kind] + n);
		ps->hand_total = (uint8_t)(ps->hand_total + n);
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
 * Pay one kind (any number of players). "If the bank lacks a resource to pay for
 * multiple players, no one receives this type of production. If only one
 * person has to receive it, give it what is left" (05.A).
 */
static void
pay_kind_wide(catan_state *s, int kind,
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

/* The modules adjust what is owed (sys/module.h), then the kinds are paid. */
static void
fold_and_pay(catan_state *s, unsigned total,
	     unsigned owed[CATAN_MAX_PLAYERS][CATAN_MAX_CARD_KINDS], int nplayers)
{
	catan_modules__production(s, total, owed);
	/* A hook may owe any kind: pay those someone is owed (the OR over
	 * the rows is a few vector operations). */
	unsigned any[CATAN_MAX_CARD_KINDS] = { 0 };

	for (int p = 0; p < nplayers; p++)
		for (int kind = 0; kind < CATAN_MAX_CARD_KINDS; kind++)
			any[kind] |= owed[p][kind];
	for (int kind = 0; kind < CATAN_MAX_CARD_KINDS; kind++)
		if (any[kind])
			pay_kind_wide(s, kind, owed, nplayers);
}

/* What producing @hex owes, added to @owed; the kind it produces into
 * @kinds. The robber's hex produces nothing (05.A), nor a blocked one. */
static void
owe_hex(const catan_state *s, unsigned hex,
	unsigned owed[CATAN_MAX_PLAYERS][CATAN_MAX_CARD_KINDS], int nplayers, unsigned *kinds)
{
	const struct board *b = &s->game->board;

	if (hex >= b->nhex || catan_state__hex_blocked(s, hex))
		return;
	hex_owed(s, hex, owed, nplayers);
	if (b->hex[hex].resource >= 0 && b->hex[hex].resource < CATAN_MAX_CARD_KINDS)
		*kinds |= 1u << b->hex[hex].resource;
}

/* Whether @total is one of the hex's printed numbers (produced once,
 * whatever chip lies on it too). */
static bool
printed(const struct board_hex *h, unsigned total)
{
	unsigned nums[BOARD_HEX_NUMBERS], n = catan_board__hex_numbers(h, nums);

	for (unsigned i = 0; i < n; i++)
		if (nums[i] == total)
			return true;
	return false;
}

/* Production for games of more than PACKED_PLAYERS seated players, and
 * for games whose number chips move (a hex's chip produces as a printed
 * number does). */
static void
roll_wide(catan_state *s, unsigned total)
{
	const struct board *b = &s->game->board;
	unsigned owed[CATAN_MAX_PLAYERS][CATAN_MAX_CARD_KINDS];
	int nplayers = st_ccore(s)->num_players;
	unsigned nhex, kinds = 0;
	const uint16_t *hexes = board_number_hexes(b, total, &nhex);

	if (nplayers > CATAN_MAX_PLAYERS)
		nplayers = CATAN_MAX_PLAYERS;
	memset(owed, 0, (size_t)nplayers * sizeof(owed[0]));

	for (unsigned i = 0; i < nhex; i++)
		owe_hex(s, hexes[i], owed, nplayers, &kinds);
	if (s->game->number_chips)
		for (unsigned hex = 0; hex < b->nhex; hex++)
			if (catan_state__chip(s, hex) == total && !printed(&b->hex[hex], total))
				owe_hex(s, hex, owed, nplayers, &kinds);
	if (s->game->module_production) {
		fold_and_pay(s, total, owed, nplayers);
		return;
	}
	/* Only the kinds some hex produced can be owed. */
	for (int kind = 0; kinds; kind++, kinds >>= 1)
		if (kinds & 1u)
			pay_kind_wide(s, kind, owed, nplayers);
}

/* What one hex owes, a byte per player: one table word per corner (which
 * corners hold buildings is random, so no branches). The board builder
 * lists only its own hexes by number, and their corners are its own
 * intersections. */
static inline uint64_t
hex_owed_word(const catan_game *g, const uint8_t *verts, const struct board_hex *bh)
{
	return g->yield_word[verts[bh->vert[0]]] + g->yield_word[verts[bh->vert[1]]] +
	       g->yield_word[verts[bh->vert[2]]] + g->yield_word[verts[bh->vert[3]]] +
	       g->yield_word[verts[bh->vert[4]]] + g->yield_word[verts[bh->vert[5]]];
}

void
catan_production__roll(catan_state *s, unsigned total)
{
	const catan_game *g = s->game;
	const struct board *b = &g->board;
	/* what each kind owes, a byte per player; kinds: those owed */
	uint64_t owed[CATAN_MAX_CARD_KINDS] = { 0 };
	unsigned kinds = 0, nhex;
	const uint8_t *verts = st_cvert(s);
	int nplayers = st_ccore(s)->num_players;
	const uint16_t *hexes = board_number_hexes(b, total, &nhex);

	if (nplayers > PACKED_PLAYERS || nhex > PACKED_HEXES || !g->packed_production ||
	    g->number_chips) {
		roll_wide(s, total);
		return;
	}
	if (nhex <= 2 && !g->module_production) {
		/* The island's numbers: one or two hexes, each paid on its own
		 * unless both are of one kind. The robber's hex produces
		 * nothing (05.A). */
		unsigned k0 = nhex > 0 && !catan_state__hex_blocked(s, hexes[0]) ?
			      (unsigned)b->hex[hexes[0]].resource : ~0u;
		unsigned k1 = nhex > 1 && !catan_state__hex_blocked(s, hexes[1]) ?
			      (unsigned)b->hex[hexes[1]].resource : ~0u;
		uint64_t w0 = k0 < CATAN_MAX_CARD_KINDS ? hex_owed_word(g, verts, &b->hex[hexes[0]]) : 0;
		uint64_t w1 = k1 < CATAN_MAX_CARD_KINDS ? hex_owed_word(g, verts, &b->hex[hexes[1]]) : 0;

		if (k0 == k1) {
			w0 += w1;
			k1 = ~0u;
		}
		if (k0 < CATAN_MAX_CARD_KINDS)
			pay_kind(s, (int)k0, w0);
		if (k1 < CATAN_MAX_CARD_KINDS)
			pay_kind(s, (int)k1, w1);
		return;
	}
	for (unsigned i = 0; i < nhex; i++) {
		const struct board_hex *bh = &b->hex[hexes[i]];
		unsigned kind = (unsigned)bh->resource;

		/* The robber's hex produces nothing (05.A), nor a blocked one. */
		if (kind >= CATAN_MAX_CARD_KINDS || catan_state__hex_blocked(s, hexes[i]))
			continue;
		owed[kind] += hex_owed_word(g, verts, bh);
		kinds |= 1u << kind;
	}
	if (g->module_production) {
		unsigned wide[CATAN_MAX_PLAYERS][CATAN_MAX_CARD_KINDS];

		memset(wide, 0, (size_t)nplayers * sizeof(wide[0]));
		for (unsigned k = 0; k < CATAN_MAX_CARD_KINDS; k++)
			for (int p = 0; p < nplayers; p++)
				wide[p][k] += (unsigned)(owed[k] >> (8 * p)) & 0xffu;
		fold_and_pay(s, total, wide, nplayers);
		return;
	}
	/* Kinds are independent (one bank pile, one hand count each). */
	for (; kinds; kinds &= kinds - 1)
		pay_kind(s, __builtin_ctz(kinds), owed[__builtin_ctz(kinds)]);
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
