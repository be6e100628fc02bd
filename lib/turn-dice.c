/*
 * libcatanrules: turn kit — chance of the turn: the first-player roll-off,
 * two dice listed and drawn, the 7 with its discards.
 * SPDX-License-Identifier: MIT
 */

#include "turn.h"

/*
 * SAMPLED chance without the outcome list: one catan_rng__below(36) draw
 * mapped to the total that walking catan_turn__dice_outcomes()' cumulative
 * numerators would pick (same denominator, same order), so traces do not
 * depend on which path drew.
 */
const uint8_t catan_turn__dice_of_draw[36] = {
	2, 3, 3, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 6, 7, 7, 7,
	7, 7, 7, 8, 8, 8, 8, 8, 9, 9, 9, 9, 10, 10, 10, 11, 11, 12,
};

void
catan_turn__dice_outcomes(catan_sink *sink)
{
	catan_action a = CATAN_ACTION_INIT;

	a.player = CATAN_PLAYER_CHANCE;
	a.type = CATAN_ACT_DICE;
	for (int t = 2; t <= 12; t++) {
		a.target = (uint16_t)t;
		sink__outcome(sink, &a, (uint32_t)(6 - (t > 7 ? t - 7 : 7 - t)), 36);
	}
}

void
catan_turn__roll_off_outcomes(const catan_state *s, catan_sink *sink)
{
	const struct core_state *c = st_ccore(s);
	catan_action a = CATAN_ACTION_INIT;

	/* B3: the roll-off is uniform over the players. */
	a.player = CATAN_PLAYER_CHANCE;
	a.type = CATAN_ACT_FIRST_PLAYER;
	for (int p = 0; p < c->num_players; p++) {
		a.target = (uint16_t)p;
		sink__outcome(sink, &a, 1, c->num_players);
	}
}

bool
catan_turn__draw_roll_off(catan_state *s, catan_action *out)
{
	struct core_state *c = st_core(s);
	catan_action a = CATAN_ACTION_INIT;

	if (c->num_players == 0)
		return false;
	a.player = CATAN_PLAYER_CHANCE;
	a.type = CATAN_ACT_FIRST_PLAYER;
	a.target = (uint16_t)catan_rng__below(&c->rng, c->num_players);
	*out = a;
	return true;
}

/* The kind whose cumulative count first exceeds r (the last non-empty
 * kind if none does, as the generic walk). */
static int
kind_of_draw(const uint8_t *counts, int nkinds, uint32_t r)
{
	uint32_t acc = 0;
	int last = -1;

	for (int k = 0; k < nkinds; k++) {
		if (!counts[k])
			continue;
		acc += counts[k];
		last = k;
		if (r < acc)
			break;
	}
	return last;
}

bool
catan_turn__draw_from_pile(catan_state *s, int type, const uint8_t *counts, int nkinds,
			   catan_action *out)
{
	catan_action a = CATAN_ACTION_INIT;
	uint32_t den = 0;

	for (int k = 0; k < nkinds; k++)
		den += counts[k];
	if (den == 0)
		return false;
	a.player = CATAN_PLAYER_CHANCE;
	a.type = (uint16_t)type;
	a.arg = (uint16_t)kind_of_draw(counts, nkinds, catan_rng__below(&st_core(s)->rng, den));
	*out = a;
	return true;
}

void
catan_turn__seven(catan_state *s, unsigned hand_limit, const struct turn_phases *ph)
{
	struct core_state *c = st_core(s);
	bool anyone_owes = false;

	/* base-game.txt 05.B: more than 7 cards -> return half, rounded down. */
	for (int p = 0; p < c->num_players; p++) {
		struct player_state *ps = st_player(s, p);

		ps->discard_owed = ps->hand_total > hand_limit ? (uint8_t)(ps->hand_total / 2) : 0;
		anyone_owes |= ps->discard_owed > 0;
	}
	c->return_phase = ph->main;
	c->phase = anyone_owes ? ph->discard : ph->robber;
}

int
catan_turn__check_discard(const catan_state *s, int p, const uint8_t give[CATAN_MAX_CARD_KINDS])
{
	const struct player_state *ps = st_cplayer(s, p);
	unsigned n = cards_total(give);

	if (n == 0 || n > ps->discard_owed || !cards_covers(ps->hand, give))
		return CATAN_REASON_WRONG_DISCARD;
	return CATAN_REASON_NONE;
}

void
catan_turn__push_discards(const catan_state *s, catan_sink *sink, int p)
{
	const struct player_state *ps = st_cplayer(s, p);
	struct sink_run r = sink__begin(sink);

	for (int k = CATAN_NUM_RESOURCES - 1; k >= 0; k--)
		sink__put_if(&r, ps->hand[k] != 0, CATAN_ACT_DISCARD, p, 0, 0, k, 1, 0, 0);
	sink__end(sink, &r);
}

void
catan_turn__discard(catan_state *s, int p, const uint8_t give[CATAN_MAX_CARD_KINDS],
		    unsigned robber_phase)
{
	struct core_state *c = st_core(s);
	struct player_state *ps = st_player(s, p);
	bool anyone_owes = false;

	catan_cards__pay(s, p, give);
	ps->discard_owed = (uint8_t)(ps->discard_owed - cards_total(give));
	for (int q = 0; q < c->num_players; q++)
		anyone_owes |= st_player(s, q)->discard_owed > 0;
	if (!anyone_owes)
		c->phase = (uint8_t)robber_phase;
}
