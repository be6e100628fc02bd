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
/* A group's total for a player (or the supply), the group named by its
 * first member's index. */
unsigned catan_holdings__group_total(const catan_state *s, int player, unsigned first);
/* Whether some member of the group has a supply. */
bool catan_holdings__group_has_supply(const catan_game *g, unsigned first);
/* Whether @observer sees a value of visibility @vis held by @player (the
 * supply: only public ones). */
bool catan_holdings__sees(int observer, int player, unsigned vis);
/* The bytes of the holdings in the state (0 without any). */
size_t catan_game__holdings_size(const catan_game *g);
/* The supplies at their declared totals (a new state). */
void catan_state__holdings_init(catan_state *s);
/* Points a player needs to win: the game's target plus their holdings'. */
int catan_state__vp_target(const catan_state *s, int player);
/* Traded holdings (holding-trades.c). Give each traded holding its slot of
 * give[] and get[] after the card kinds, once every build_game ran;
 * CATAN_EINVAL with the reason in the context when the slots run out. */
int catan_game__assign_trade_slots(catan_game *g);
/* The name written for @slot in card lists: a card kind's or a traded
 * holding's; NULL for neither. */
const char *catan_game__slot_name(const catan_game *g, unsigned slot);
/* The slot of the traded holding @name, or -1. */
int catan_game__slot_of_holding(const catan_game *g, const char *name);
/* Whether @player has what @v lists: the cards in hand and, in the slots
 * of traded holdings, the holdings' counts. */
bool catan_holdings__cover(const catan_state *s, int player, const uint8_t v[CATAN_MAX_CARD_KINDS]);
static inline bool
catan_state__has(const catan_state *s, int player, const uint8_t v[CATAN_MAX_CARD_KINDS])
{
	if (!(s->game->traded_slots | s->game->maritime_slots))
		return cards_covers(st_cplayer(s, player)->hand, v);
	return catan_holdings__cover(s, player, v);
}
/* Whether @player may receive the traded holdings @v lists (each count
 * at most the holding's max). */
bool catan_holdings__fit(const catan_state *s, int player, const uint8_t v[CATAN_MAX_CARD_KINDS]);
/* Move the traded holdings @v lists from @from to @to and clear their
 * slots in @v (what is left are cards). */
void catan_holdings__move(catan_state *s, int from, int to, uint8_t v[CATAN_MAX_CARD_KINDS]);
/* Whether a maritime trade may give @player one unit of the holding in
 * @slot: a catan_reason (the supply empty, the player at the max). */
int catan_holdings__check_from_supply(const catan_state *s, int player, unsigned slot);
/* The maritime trade of @give (cards, to the bank) for one unit of the
 * holding in @slot from its supply. */
void catan_holdings__trade_with_supply(catan_state *s, int player,
				       const uint8_t give[CATAN_MAX_CARD_KINDS], unsigned slot);
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
