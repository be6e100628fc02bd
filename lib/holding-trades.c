/*
 * libcatanrules: holdings carried by trades (CATAN_HOLDING_TRADED,
 * CATAN_HOLDING_MARITIME: Rivers of Catan's and Merchants of Europe's
 * gold). Such a holding takes a slot of the actions' give[] and get[]
 * after the card kinds, so an offer, a counter-offer and a maritime trade
 * keep their one shape and their canonical order; what a slot names is
 * the holding's count, not cards in hand.
 * SPDX-License-Identifier: MIT
 */

#include "catan-private.h"

int
catan_game__assign_trade_slots(catan_game *g)
{
	unsigned slot = g->card_kinds;

	g->traded_slots = 0;
	g->maritime_slots = 0;
	memset(g->slot_holding, 0xff, sizeof(g->slot_holding));
	for (unsigned h = 0; h < g->nholdings; h++) {
		struct game_holding *gh = &g->holdings[h];

		gh->slot = 0xff;
		if (!gh->trade)
			continue;
		if (slot >= CATAN_MAX_CARD_KINDS) {
			catan__ctx_seterr(g->ctx, "holding '%s': the game's %u card kinds leave "
					  "no slot of a trade for it", gh->name, g->card_kinds);
			return CATAN_EINVAL;
		}
		gh->slot = (uint8_t)slot;
		g->slot_holding[slot] = (uint8_t)h;
		if (gh->trade & CATAN_HOLDING_TRADED)
			g->traded_slots |= (uint8_t)(1u << slot);
		if (gh->trade & CATAN_HOLDING_MARITIME)
			g->maritime_slots |= (uint8_t)(1u << slot);
		slot++;
	}
	return CATAN_OK;
}

const char *
catan_game__slot_name(const catan_game *g, unsigned slot)
{
	if (slot < g->card_kinds)
		return g->card_names[slot];
	if (slot < CATAN_MAX_CARD_KINDS && g->slot_holding[slot] != 0xff)
		return g->holdings[g->slot_holding[slot]].name;
	return NULL;
}

int
catan_game__slot_of_holding(const catan_game *g, const char *name)
{
	bool group;
	int h = catan_game__holding_index(g, name, &group);

	if (h < 0 || group || g->holdings[h].slot == 0xff)
		return -1;
	return g->holdings[h].slot;
}

bool
catan_holdings__cover(const catan_state *s, int player, const uint8_t v[CATAN_MAX_CARD_KINDS])
{
	const catan_game *g = s->game;
	uint8_t cards[CATAN_MAX_CARD_KINDS];
	unsigned slots = (unsigned)(g->traded_slots | g->maritime_slots);

	memcpy(cards, v, sizeof(cards));
	for (unsigned k = 0; slots; k++, slots >>= 1) {
		if (!(slots & 1u))
			continue;
		if (v[k] > catan_state__holding(s, player, g->slot_holding[k]))
			return false;
		cards[k] = 0;
	}
	return cards_covers(st_cplayer(s, player)->hand, cards);
}

bool
catan_holdings__fit(const catan_state *s, int player, const uint8_t v[CATAN_MAX_CARD_KINDS])
{
	const catan_game *g = s->game;
	unsigned slots = (unsigned)(g->traded_slots | g->maritime_slots);

	for (unsigned k = 0; slots; k++, slots >>= 1) {
		unsigned h = g->slot_holding[k];

		if ((slots & 1u) && v[k] &&
		    catan_state__holding(s, player, h) + v[k] > g->holdings[h].max)
			return false;
	}
	return true;
}

void
catan_holdings__move(catan_state *s, int from, int to, uint8_t v[CATAN_MAX_CARD_KINDS])
{
	const catan_game *g = s->game;
	unsigned slots = (unsigned)(g->traded_slots | g->maritime_slots);

	for (unsigned k = 0; slots; k++, slots >>= 1) {
		unsigned h = g->slot_holding[k];

		if (!(slots & 1u) || !v[k])
			continue;
		catan_state__holding_set(s, from, h, catan_state__holding(s, from, h) - v[k]);
		catan_state__holding_set(s, to, h, catan_state__holding(s, to, h) + v[k]);
		v[k] = 0;
		/* a module may count the holding for points (Wealthiest Catanian) */
		catan_state__points_changed(s, from);
		catan_state__points_changed(s, to);
	}
}

int
catan_holdings__check_from_supply(const catan_state *s, int player, unsigned slot)
{
	const catan_game *g = s->game;
	const struct game_holding *gh;
	unsigned h;

	if (slot >= CATAN_MAX_CARD_KINDS || !(g->maritime_slots & (1u << slot)))
		return CATAN_REASON_BAD_ARGUMENT;
	h = g->slot_holding[slot];
	gh = &g->holdings[h];
	if (gh->has_supply && catan_state__holding(s, CATAN_HOLDING_SUPPLY, h) == 0)
		return CATAN_REASON_BANK_EMPTY;
	if (catan_state__holding(s, player, h) >= gh->max)
		return CATAN_REASON_BAD_TRADE;
	return CATAN_REASON_NONE;
}

void
catan_holdings__trade_with_supply(catan_state *s, int player,
				  const uint8_t give[CATAN_MAX_CARD_KINDS], unsigned slot)
{
	const catan_game *g = s->game;
	unsigned h = g->slot_holding[slot];

	catan_cards__pay(s, player, give);
	if (g->holdings[h].has_supply)
		catan_state__holding_set(s, CATAN_HOLDING_SUPPLY, h,
					 catan_state__holding(s, CATAN_HOLDING_SUPPLY, h) - 1u);
	catan_state__holding_set(s, player, h, catan_state__holding(s, player, h) + 1u);
	catan_state__points_changed(s, player);
}
