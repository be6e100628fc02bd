/*
 * libcatanrules: declared pieces: kinds a game declares beyond
 * settlements, cities and roads (pieces.c).
 * Internal, as catan-private.h (which includes every part in order).
 * SPDX-License-Identifier: MIT
 */
#include "catan-private.h"

#ifndef CATAN_PIECES_H
#define CATAN_PIECES_H

/* ---------------------------------------------------------- pieces */

/* A slot of a piece in its owner's stock (sorts after every place). */
#define PIECE_IN_STOCK 0xFFFFu

/* Owner @owner's slots of kind @k: stock places, ascending. */
static inline uint16_t *
st_piece_slots(catan_state *s, unsigned k, int owner)
{
	const struct game_piece *gp = &s->game->piece_kinds[k];

	return (uint16_t *)(void *)(s->data + s->game->off_pieces + gp->offset) +
	       (size_t)owner * gp->stock;
}
static inline const uint16_t *
st_cpiece_slots(const catan_state *s, unsigned k, int owner)
{
	const struct game_piece *gp = &s->game->piece_kinds[k];

	return (const uint16_t *)(const void *)(s->data + s->game->off_pieces + gp->offset) +
	       (size_t)owner * gp->stock;
}

/* The kind of that name, or -1. */
int catan_game__piece_index(const catan_game *g, const char *name);
/* Lay out the kinds' slots (the owners known): their bytes in the state
 * (0 without any kind). */
size_t catan_game__pieces_layout(catan_game *g);
/* Every piece in its owner's stock (a new state). */
void catan_state__pieces_init(catan_state *s);
/* The number of places of the kind's class on the board. */
unsigned catan_game__piece_places(const catan_game *g, unsigned k);

/* Pieces of kind @k left in @owner's stock. */
unsigned catan_pieces__stock_left(const catan_state *s, unsigned k, int owner);
/* Pieces of kind @k at @loc: @owner's, or everyone's for owner -1. */
unsigned catan_pieces__count_at(const catan_state *s, unsigned k, int owner, unsigned loc);
/* Whether a piece of kind @k may come to @loc as far as the bounds go
 * (a move asks this): a catan_reason (BAD_LOCATION off the board,
 * OCCUPIED at the stack limit, or for a road-like kind on an edge that
 * holds a road or a road-like piece), 0 if it may. */
int catan_pieces__room_at(const catan_state *s, unsigned k, unsigned loc);
/* Whether @owner may put a piece of kind @k from stock on @loc: also
 * NO_PIECES_LEFT for an empty stock (asked first), else as room_at. */
int catan_pieces__check_place(const catan_state *s, unsigned k, int owner, unsigned loc);
/* Put one of @owner's pieces of kind @k from stock on @loc (checked). A
 * road-like piece joins the owner's network (catan_build__join_network():
 * the edge byte, the piece sets, Longest Road). */
void catan_pieces__place(catan_state *s, unsigned k, int owner, unsigned loc);
/* Take one of @owner's pieces of kind @k off @loc back to stock; false
 * (nothing changed) if there is none. A road-like piece leaves the
 * network (catan_build__leave_network()). */
bool catan_pieces__remove(catan_state *s, unsigned k, int owner, unsigned loc);
/* The road-like kind whose piece lies on @edge, or -1 (none there). */
int catan_pieces__network_kind_at(const catan_state *s, unsigned edge);
/* Move one of @owner's pieces of kind @k from @from to @to; false
 * (nothing changed) if there is none at @from. */
bool catan_pieces__move(catan_state *s, unsigned k, int owner, unsigned from, unsigned to);

/* "piece <kind> p<i> stock <n>[ <place>...]" lines for every kind and
 * owner (observations: pieces are public). */
void catan_text__declared_pieces(struct catan_text *w, const catan_state *s);
/* "piece <kind> p<i> <place>..." lines of a snapshot, for owners with
 * pieces on the board. */
void catan_text__declared_pieces_snapshot(struct catan_text *w, const catan_state *s);
/* Read one "piece" line of a snapshot (tokens tok[0..ntok-1]); seen[k]
 * has a bit per owner read; false with the reason in @why. A road-like
 * piece sets its edge byte only (refused on an edge that holds one):
 * the load's refresh derives the sets and lists. */
bool catan_pieces__read(catan_state *s, char *const *tok, int ntok, uint32_t *seen,
			char *why, size_t cap);
/* The stack limits of every kind; false with the reason in @why. */
bool catan_pieces__valid(const catan_state *s, char *why, size_t cap);

#endif
