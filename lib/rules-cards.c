/*
 * libcatanrules: resource cards moving between hands and the bank; costs.
 * SPDX-License-Identifier: MIT
 */

#include "catan-private.h"

/* Building costs (base game 05.D and 10). */
const uint8_t catan__cost_road[CATAN_MAX_CARD_KINDS] = {
	[CATAN_LUMBER] = 1, [CATAN_BRICK] = 1,
};
const uint8_t catan__cost_settlement[CATAN_MAX_CARD_KINDS] = {
	[CATAN_LUMBER] = 1, [CATAN_BRICK] = 1,
	[CATAN_WOOL] = 1, [CATAN_GRAIN] = 1,
};
const uint8_t catan__cost_city[CATAN_MAX_CARD_KINDS] = {
	[CATAN_GRAIN] = 2, [CATAN_ORE] = 3,
};
const uint8_t catan__cost_dev[CATAN_MAX_CARD_KINDS] = {
	[CATAN_WOOL] = 1, [CATAN_GRAIN] = 1, [CATAN_ORE] = 1,
};

static bool
valid_player(const catan_state *s, int player)
{
	return player >= 0 && player < st_ccore(s)->num_players;
}

static bool
valid_kind(int kind)
{
	return kind >= 0 && kind < CATAN_MAX_CARD_KINDS;
}

/*
 * Every move below is clamped to what the giver holds, so even an action
 * applied unchecked keeps the hands, the bank and hand_total consistent.
 */
static unsigned
take_from_hand(struct player_state *ps, int kind, unsigned n)
{
	if (n > ps->hand[kind])
		n = ps->hand[kind];
	ps->hand[kind] = (uint8_t)(ps->hand[kind] - n);
	ps->hand_total = (uint8_t)(ps->hand_total - n);
	return n;
}

static void
add_to_hand(struct player_state *ps, int kind, unsigned n)
{
	ps->hand[kind] = (uint8_t)(ps->hand[kind] + n);
	ps->hand_total = (uint8_t)(ps->hand_total + n);
}

/*
 * The usual case of a card vector moving between a hand and the bank, as
 * words: @from covers @cards and no count reaches 128, so no byte borrows
 * or carries. False, having moved nothing, otherwise.
 */
static bool
move_words(uint8_t from[CATAN_MAX_CARD_KINDS], uint8_t to[CATAN_MAX_CARD_KINDS],
	   const uint8_t cards[CATAN_MAX_CARD_KINDS])
{
	uint64_t f = cards_word(from), t = cards_word(to), want = cards_word(cards);

	if (((f | t | want) & BYTES_HIGH) || !cards_word_covers(f, want))
		return false;
	f -= want;
	t += want;
	memcpy(from, &f, 8);
	memcpy(to, &t, 8);
	return true;
}

void
catan_cards__pay(catan_state *s, int player, const uint8_t cost[CATAN_MAX_CARD_KINDS])
{
	struct core_state *core = st_core(s);
	struct player_state *ps;

	if (!valid_player(s, player))
		return;
	ps = st_player(s, player);
	if (move_words(ps->hand, core->bank, cost)) {
		ps->hand_total = (uint8_t)(ps->hand_total - cards_total(cost));
		return;
	}
	for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++) {
		unsigned n = take_from_hand(ps, k, cost[k]);

		core->bank[k] = (uint8_t)(core->bank[k] + n);
	}
}

void
catan_cards__receive(catan_state *s, int player, int kind, unsigned n)
{
	struct core_state *core = st_core(s);

	if (!valid_player(s, player) || !valid_kind(kind))
		return;
	if (n > core->bank[kind])
		n = core->bank[kind];
	core->bank[kind] = (uint8_t)(core->bank[kind] - n);
	add_to_hand(st_player(s, player), kind, n);
}

void
catan_cards__receive_all(catan_state *s, int player, const uint8_t cards[CATAN_MAX_CARD_KINDS])
{
	struct player_state *ps;

	if (!valid_player(s, player))
		return;
	ps = st_player(s, player);
	if (move_words(st_core(s)->bank, ps->hand, cards)) {
		ps->hand_total = (uint8_t)(ps->hand_total + cards_total(cards));
		return;
	}
	for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++)
		catan_cards__receive(s, player, k, cards[k]);
}

void
catan_cards__transfer(catan_state *s, int from, int to, int kind, unsigned n)
{
	if (!valid_player(s, from) || !valid_player(s, to) ||
	    !valid_kind(kind) || from == to)
		return;
	n = take_from_hand(st_player(s, from), kind, n);
	add_to_hand(st_player(s, to), kind, n);
}

void
catan_cards__push_draws(struct catan_sink *sink, const catan_action *tmpl,
			const uint8_t hand[CATAN_MAX_CARD_KINDS])
{
	catan_action a = *tmpl;
	unsigned den = cards_total(hand);

	for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++) {
		if (!hand[k])
			continue;
		a.arg = (uint16_t)k;
		sink__outcome(sink, &a, hand[k], den);
	}
}

int
catan_cards__single_kind(const uint8_t c[CATAN_MAX_CARD_KINDS])
{
	int kind = -1;

	for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++) {
		if (!c[k])
			continue;
		if (kind >= 0)
			return -1;
		kind = k;
	}
	return kind;
}
