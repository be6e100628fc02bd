/*
 * libcatanrules: holdings: per-player named counts a game declares (holdings.c).
 * Internal, as catan-private.h (which includes every part in order).
 * SPDX-License-Identifier: MIT
 */
#include "catan-private.h"

#ifndef CATAN_HOLDINGS_H
#define CATAN_HOLDINGS_H

/* ------------------------------------------------------------ holdings */

/* A seated player's count of holding @h (index in declaration order), or,
 * for player CATAN_HOLDING_SUPPLY, the supply's (lib/holdings.c). */
static inline uint16_t *
st_holdings(catan_state *s)
{ return (uint16_t *)(void *)(s->data + s->game->off_holdings); }
static inline const uint16_t *
st_choldings(const catan_state *s)
{ return (const uint16_t *)(const void *)(s->data + s->game->off_holdings); }
static inline unsigned
catan_state__holding(const catan_state *s, int player, unsigned h)
{
	const catan_game *g = s->game;
	unsigned row = player < 0 ? g->num_players : (unsigned)player;

	return st_choldings(s)[row * g->nholdings + h];
}
static inline void
catan_state__holding_set(catan_state *s, int player, unsigned h, unsigned value)
{
	const catan_game *g = s->game;
	unsigned row = player < 0 ? g->num_players : (unsigned)player;

	st_holdings(s)[row * g->nholdings + h] = (uint16_t)value;
}
/* A name a game may declare (a holding, a group, a kind of piece or
 * of card):
 * 1-32 of [a-z0-9_]. */
bool catan__valid_declared_name(const char *name);
/* The holding or group of that name: its index (a group: its first
 * member's) and whether it names a group; -1 if none. */
int catan_game__holding_index(const catan_game *g, const char *name, bool *is_group);
/* The bytes of the holdings in the state (0 without any). */
size_t catan_game__holdings_size(const catan_game *g);
/* The supplies at their declared totals (a new state). */
void catan_state__holdings_init(catan_state *s);
/* Points a player needs to win: the game's target plus their holdings'. */
int catan_state__vp_target(const catan_state *s, int player);
/* "holding <name> p<i> <n>" lines of what @observer sees (group totals as
 * "holding <group> p<i> <n>"), and "supply <name> <n>" lines. */
void catan_text__holdings(struct catan_text *w, const catan_state *s, int observer);
/* "holding <name> <n0> ... <n(np-1)>[ supply <n>]" lines of a snapshot. */
void catan_text__holdings_snapshot(struct catan_text *w, const catan_state *s);
/* Read one "holding" line of a snapshot (tokens tok[0..ntok-1]); @seen
 * marks the holdings read; false with the reason in @why. */
bool catan_holdings__read(catan_state *s, char *const *tok, int ntok, uint32_t *seen,
			  char *why, size_t cap);
/* Bounds of every holding (each count at most its max, players plus
 * supply at most the total); false with the reason in @why. */
bool catan_holdings__valid(const catan_state *s, char *why, size_t cap);
/* Redeal what @observer cannot see of the holdings of @t (a copy of
 * @s): hidden[p] marks the players redealt. */
void catan_holdings__redeal(catan_state *t, const catan_state *s, const bool *hidden,
			    struct catan_rng *rng);

#endif
