/*
 * libcatanrules: turn kit — the set-up: who places in which order (snake
 * or clockwise rounds), and each step's settlement and its road.
 * SPDX-License-Identifier: MIT
 */

#include "turn.h"

/* Room for every edge or intersection of the largest supported board. */
#define MAX_PLACES 4096

void
catan_turn__begin_setup(catan_state *s, int first, unsigned setup_phase)
{
	struct core_state *c = st_core(s);

	c->phase = (uint8_t)setup_phase;
	c->setup_step = 0;
	c->setup_vertex = BOARD_NONE;
	c->current = (int8_t)first;
}

int
catan_turn__setup_player(const struct core_state *c, unsigned step, const struct turn_setup *rules)
{
	/* base-game.txt 04: clockwise from the first player, then "a second
	 * tour in reverse order" (snake), or clockwise again. */
	unsigned n = c->num_players;
	unsigned round = n ? step / n : 0, k = n ? step % n : 0;

	if (rules->order == TURN_SETUP_SNAKE && (round & 1u))
		k = n - 1 - k;
	return n ? (int)((c->first_player + k) % n) : 0;
}

int
catan_turn__setup_expects(const struct core_state *c, int type)
{
	bool want_road = c->setup_vertex != BOARD_NONE;

	return (type == CATAN_ACT_BUILD_ROAD) == want_road ? CATAN_REASON_NONE :
	       CATAN_REASON_SETUP_ORDER;
}

void
catan_turn__push_setup(const catan_state *s, catan_sink *sink, int p)
{
	uint16_t ids[MAX_PLACES];
	size_t n;
	int type;

	if (st_ccore(s)->setup_vertex == BOARD_NONE) {
		n = catan_build__legal_setup_settlements(s, p, ids, ARRAY_LEN(ids));
		type = CATAN_ACT_BUILD_SETTLEMENT;
	} else {
		n = catan_build__legal_setup_roads(s, p, ids, ARRAY_LEN(ids));
		type = CATAN_ACT_BUILD_ROAD;
	}
	sink__push_ids(sink, type, p, ids, n < ARRAY_LEN(ids) ? n : ARRAY_LEN(ids));
}

bool
catan_turn__setup_place(catan_state *s, int p, int type, unsigned target,
			const struct turn_setup *rules)
{
	struct core_state *c = st_core(s);

	if (type == CATAN_ACT_BUILD_SETTLEMENT) {
		catan_build__place_settlement(s, p, target);
		c->setup_vertex = (uint16_t)target;
		/* base-game.txt 04.5: only the second settlement pays. */
		if (c->setup_step >= (unsigned)rules->paying_round * c->num_players)
			catan_production__setup_income(s, p, target);
		return false;
	}
	catan_build__place_road(s, p, target);
	c->setup_vertex = BOARD_NONE;
	c->setup_step++;
	if (c->setup_step >= (unsigned)rules->rounds * c->num_players)
		return true;
	c->current = (int8_t)catan_turn__setup_player(c, c->setup_step, rules);
	return false;
}
