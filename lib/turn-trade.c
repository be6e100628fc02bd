/*
 * libcatanrules: turn kit — trading in the turn: the domestic negotiation
 * (offer, accept, decline, counter, confirm or cancel: B5) and the
 * maritime trade's check. Rates, terms and the listings of trades are
 * rules-trade.c's; a maritime trade is applied by
 * catan_cards__trade_with_bank().
 * SPDX-License-Identifier: MIT
 */

#include "turn.h"

/* Cards of @kinds only (a bit per kind). */
static bool
only_kinds(const uint8_t c[CATAN_MAX_CARD_KINDS], unsigned kinds)
{
	for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++)
		if (c[k] && !(kinds & (1u << k)))
			return false;
	return true;
}

int
catan_turn__check_maritime(const catan_state *s, const catan_action *a, unsigned kinds)
{
	const struct core_state *c = st_ccore(s);
	int give = catan_cards__single_kind(a->give), get = catan_cards__single_kind(a->get);
	int reason = catan_trade__check_terms(a->give, a->get);
	uint8_t ratios[CATAN_MAX_CARD_KINDS];

	if (catan_turn__trading_over(s))
		return CATAN_REASON_TRADING_OVER;
	if (reason != CATAN_REASON_NONE)
		return reason;
	/* Cards for a card, or for a unit of a holding the supply sells
	 * (CATAN_HOLDING_MARITIME: Rivers' and Merchants of Europe's gold). */
	if (!only_kinds(a->give, kinds) ||
	    !only_kinds(a->get, kinds | s->game->maritime_slots))
		return CATAN_REASON_BAD_ARGUMENT;
	/* B6: one card per trade, at 4:1 or a rate a harbor of the player gives. */
	if (give < 0 || get < 0 || a->get[get] != 1 || a->give[give] >= 8)
		return CATAN_REASON_BAD_TRADE_RATIO;
	catan_trade__maritime_ratios(s, a->player, ratios);
	if (!(ratios[give] & (1u << a->give[give])))
		return CATAN_REASON_BAD_TRADE_RATIO;
	if (!cards_covers(st_cplayer(s, a->player)->hand, a->give))
		return CATAN_REASON_INSUFFICIENT_RESOURCES;
	if (s->game->maritime_slots & (1u << get))
		return catan_holdings__check_from_supply(s, a->player, (unsigned)get);
	if (c->bank[get] == 0)
		return CATAN_REASON_BANK_EMPTY;
	return CATAN_REASON_NONE;
}

int
catan_turn__check_offer(const catan_state *s, int p, const uint8_t give[CATAN_MAX_CARD_KINDS],
			const uint8_t get[CATAN_MAX_CARD_KINDS], unsigned kinds)
{
	int reason = catan_trade__check_terms(give, get);

	if (reason != CATAN_REASON_NONE)
		return reason;
	/* Traded holdings go with cards ("You may use coins in trades with
	 * other players", traders-and-barbarians.txt, Rivers of Catan). */
	kinds |= s->game->traded_slots;
	if (!only_kinds(give, kinds) || !only_kinds(get, kinds))
		return CATAN_REASON_BAD_ARGUMENT;
	if (!catan_state__has(s, p, give))
		return CATAN_REASON_INSUFFICIENT_RESOURCES;
	return CATAN_REASON_NONE;
}

void
catan_turn__clear_offer(catan_state *s)
{
	struct core_state *c = st_core(s);

	memset(c->offer_give, 0, sizeof(c->offer_give));
	memset(c->offer_get, 0, sizeof(c->offer_get));
	for (int p = 0; p < c->num_players; p++) {
		struct player_state *ps = st_player(s, p);

		ps->response = RESPONSE_PENDING;
		memset(ps->counter_give, 0, sizeof(ps->counter_give));
		memset(ps->counter_get, 0, sizeof(ps->counter_get));
	}
}

void
catan_turn__open_offer(catan_state *s, int p, const uint8_t give[CATAN_MAX_CARD_KINDS],
		       const uint8_t get[CATAN_MAX_CARD_KINDS], unsigned response_phase)
{
	struct core_state *c = st_core(s);

	catan_turn__clear_offer(s);
	memcpy(c->offer_give, give, sizeof(c->offer_give));
	memcpy(c->offer_get, get, sizeof(c->offer_get));
	st_player(s, p)->response = RESPONSE_NONE;
	c->phase = (uint8_t)response_phase;
}

int
catan_turn__check_answer(const catan_state *s, const catan_action *a, unsigned kinds)
{
	const struct core_state *c = st_ccore(s);
	const struct player_state *ps;
	int p = a->player;

	/* Only the others answer an offer (base-game.txt 05.C). */
	if (p == c->current)
		return CATAN_REASON_NOT_YOUR_TURN;
	ps = st_cplayer(s, p);
	if (ps->response != RESPONSE_PENDING)
		return CATAN_REASON_ALREADY_RESPONDED;
	switch (a->type) {
	case CATAN_ACT_ACCEPT_TRADE:
		if (!catan_state__has(s, p, c->offer_get))
			return CATAN_REASON_INSUFFICIENT_RESOURCES;
		return CATAN_REASON_NONE;
	case CATAN_ACT_DECLINE_TRADE:
		return CATAN_REASON_NONE;
	case CATAN_ACT_COUNTER_TRADE:
		return catan_turn__check_offer(s, p, a->give, a->get, kinds);
	default:
		return CATAN_REASON_UNKNOWN_ACTION;
	}
}

void
catan_turn__push_answers(const catan_state *s, catan_sink *sink, int p, unsigned om)
{
	const struct core_state *c = st_ccore(s);

	if (catan_state__has(s, p, c->offer_get))
		sink__push_simple(sink, CATAN_ACT_ACCEPT_TRADE, p, 0, 0);
	sink__push_simple(sink, CATAN_ACT_DECLINE_TRADE, p, 0, 0);
	/* The mirror of the offer is an acceptance, not a counter. */
	catan_trade__push_offers(s, sink, CATAN_ACT_COUNTER_TRADE, p, om, c->offer_get,
				 c->offer_give);
}

/* Once everyone has answered: the offerer confirms, or nobody said yes. */
static void
after_answer(catan_state *s, const struct turn_phases *ph)
{
	struct core_state *c = st_core(s);
	bool any_yes = false;

	for (int p = 0; p < c->num_players; p++) {
		const struct player_state *ps = st_cplayer(s, p);

		if (p == c->current)
			continue;
		if (ps->response == RESPONSE_PENDING)
			return;
		any_yes |= ps->response == RESPONSE_ACCEPT || ps->response == RESPONSE_COUNTER;
	}
	if (any_yes) {
		c->phase = ph->trade_confirm;
	} else {
		catan_turn__clear_offer(s);
		c->phase = ph->main;
	}
}

void
catan_turn__answer(catan_state *s, const catan_action *a, const struct turn_phases *ph)
{
	struct player_state *ps = st_player(s, a->player);

	switch (a->type) {
	case CATAN_ACT_ACCEPT_TRADE:
		ps->response = RESPONSE_ACCEPT;
		break;
	case CATAN_ACT_DECLINE_TRADE:
		ps->response = RESPONSE_DECLINE;
		break;
	case CATAN_ACT_COUNTER_TRADE:
		ps->response = RESPONSE_COUNTER;
		memcpy(ps->counter_give, a->give, sizeof(ps->counter_give));
		memcpy(ps->counter_get, a->get, sizeof(ps->counter_get));
		break;
	default:
		return;
	}
	after_answer(s, ph);
}

int
catan_turn__check_confirm(const catan_state *s, unsigned partner)
{
	const struct core_state *c = st_ccore(s);
	const struct player_state *ps;
	const uint8_t *cur_gives, *partner_gives;
	int cur = c->current, q = (int)partner;

	if (partner >= c->num_players || q == cur)
		return CATAN_REASON_NO_OFFER;
	ps = st_cplayer(s, q);
	if (ps->response == RESPONSE_ACCEPT) {
		cur_gives = c->offer_give;
		partner_gives = c->offer_get;
	} else if (ps->response == RESPONSE_COUNTER) {
		cur_gives = ps->counter_get;
		partner_gives = ps->counter_give;
	} else {
		return CATAN_REASON_NO_OFFER;
	}
	/* Counters are checked when confirmed: hands may not allow them. */
	if (!catan_state__has(s, q, partner_gives) || !catan_state__has(s, cur, cur_gives))
		return CATAN_REASON_INSUFFICIENT_RESOURCES;
	/* a holding's count stays within its max */
	if (s->game->traded_slots &&
	    (!catan_holdings__fit(s, q, cur_gives) || !catan_holdings__fit(s, cur, partner_gives)))
		return CATAN_REASON_BAD_TRADE;
	return CATAN_REASON_NONE;
}

void
catan_turn__push_confirms(const catan_state *s, catan_sink *sink, int p)
{
	const struct core_state *c = st_ccore(s);

	for (int q = 0; q < c->num_players; q++)
		if (q != c->current && catan_turn__check_confirm(s, (unsigned)q) == CATAN_REASON_NONE)
			sink__push_simple(sink, CATAN_ACT_CONFIRM_TRADE, p, 0, (unsigned)q);
	sink__push_simple(sink, CATAN_ACT_CANCEL_TRADE, p, 0, 0);
}

/* Both sides' cards at once: @a gives @a_gives to @b, who gives @b_gives;
 * traded holdings first, then what is left are cards. */
static void
exchange(catan_state *s, int a, uint8_t a_gives[CATAN_MAX_CARD_KINDS],
	 int b, uint8_t b_gives[CATAN_MAX_CARD_KINDS])
{
	if (s->game->traded_slots) {
		catan_holdings__move(s, a, b, a_gives);
		catan_holdings__move(s, b, a, b_gives);
	}
	for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++) {
		if (a_gives[k])
			catan_cards__transfer(s, a, b, k, a_gives[k]);
		if (b_gives[k])
			catan_cards__transfer(s, b, a, k, b_gives[k]);
	}
}

void
catan_turn__confirm(catan_state *s, unsigned partner, unsigned resume)
{
	struct core_state *c = st_core(s);
	struct player_state *ps;

	if (partner >= c->num_players)
		return;
	ps = st_player(s, (int)partner);
	if (ps->response == RESPONSE_ACCEPT) {
		uint8_t give[CATAN_MAX_CARD_KINDS], get[CATAN_MAX_CARD_KINDS];

		memcpy(give, c->offer_give, sizeof(give));
		memcpy(get, c->offer_get, sizeof(get));
		exchange(s, c->current, give, (int)partner, get);
	} else {
		uint8_t give[CATAN_MAX_CARD_KINDS], get[CATAN_MAX_CARD_KINDS];

		memcpy(give, ps->counter_give, sizeof(give));
		memcpy(get, ps->counter_get, sizeof(get));
		exchange(s, (int)partner, give, c->current, get);
	}
	catan_turn__clear_offer(s);
	c->phase = (uint8_t)resume;
}

void
catan_turn__cancel_offer(catan_state *s, unsigned resume)
{
	catan_turn__clear_offer(s);
	st_core(s)->phase = (uint8_t)resume;
}
