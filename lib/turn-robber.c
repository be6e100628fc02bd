/*
 * libcatanrules: turn kit — the robber's step: its move, whom to rob, the
 * card drawn from the victim's hand. Whom the robber's mover may rob is
 * rules-robber.c's (with the modules' folds, catan_state__robber_victims()).
 * SPDX-License-Identifier: MIT
 */

#include "turn.h"

bool
catan_turn__send_robber_home(catan_state *s)
{
	unsigned home = catan_turn__robber_home(s->game);

	if (catan_turn__robber_home_off_board(s->game)) {
		st_core(s)->robber_hex = (uint16_t)BOARD_NONE;
		return true;
	}
	if (home == BOARD_NONE)
		return false;
	st_core(s)->robber_hex = (uint16_t)home;
	return true;
}

int
catan_turn__check_robber_move(const catan_state *s, unsigned hex, unsigned from)
{
	/* Off the board (move_robber off) is where "to the desert" sends it
	 * in a game whose robber's home is beside the board, and only a rule
	 * that sends it there lets it go (a module's permit of this reason:
	 * Friendly Robber's fallback, T3 and T17). */
	if (hex == BOARD_NONE && catan_turn__robber_home_off_board(s->game)) {
		catan_state__seterr(s, "the robber leaves the board only where a rule sends it "
				    "\"to the desert\"");
		return CATAN_REASON_VARIANT_RULE;
	}
	if (hex >= s->game->board.nhex)
		return CATAN_REASON_BAD_LOCATION;
	if (hex == from)
		return CATAN_REASON_ROBBER_SAME_HEX;
	return CATAN_REASON_NONE;
}

/* With room for every hex (a buffer of catan_game_max_legal_actions(),
 * the usual case) they are written with no bound test. */
void
catan_turn__push_robber_moves(const catan_state *s, catan_sink *sink, int p, unsigned from)
{
	struct sink_run r = sink__begin(sink);
	unsigned nhex = s->game->board.nhex;

	if (sink__room(&r, nhex)) {
		for (unsigned h = 0; h < nhex; h++)
			sink__write_if(&r, h != from, CATAN_ACT_MOVE_ROBBER, p, h, 0, 0, 0, 0, 0);
	} else {
		for (unsigned h = 0; h < nhex; h++)
			sink__put_if(&r, h != from, CATAN_ACT_MOVE_ROBBER, p, h, 0, 0, 0, 0, 0);
	}
	sink__end(sink, &r);
}

void
catan_turn__move_robber(catan_state *s, int p, uint16_t *robber, unsigned hex,
			unsigned steal_phase)
{
	struct core_state *c = st_core(s);

	if (hex == BOARD_NONE && catan_turn__robber_home_off_board(s->game)) {
		/* off the board: next to no building, so nobody to rob */
		*robber = (uint16_t)BOARD_NONE;
		c->phase = c->return_phase;
		return;
	}
	if (hex >= s->game->board.nhex)
		return;
	*robber = (uint16_t)hex;
	c->phase = catan_state__robber_victims(s, hex, p) ? (uint8_t)steal_phase : c->return_phase;
}

int
catan_turn__check_steal(const catan_state *s, int p, unsigned victim, unsigned hex)
{
	if (victim >= st_ccore(s)->num_players ||
	    !(catan_state__robber_victims(s, hex, p) & (1u << victim)))
		return CATAN_REASON_INVALID_VICTIM;
	return CATAN_REASON_NONE;
}

void
catan_turn__push_steals(const catan_state *s, catan_sink *sink, int p, unsigned hex)
{
	const struct core_state *c = st_ccore(s);
	uint32_t victims = catan_state__robber_victims(s, hex, p);
	struct sink_run r = sink__begin(sink);

	for (int q = 0; q < c->num_players; q++)
		sink__put_if(&r, (victims >> q) & 1u, CATAN_ACT_STEAL, p, 0, (unsigned)q, 0, 0, 0, 0);
	sink__end(sink, &r);
}

void
catan_turn__choose_victim(catan_state *s, unsigned victim)
{
	struct core_state *c = st_core(s);

	if (victim >= c->num_players)
		return;
	c->victim = (int8_t)victim;
	c->chance = CHANCE_STEAL;
}

void
catan_turn__steal_outcomes(const catan_state *s, catan_sink *sink)
{
	const struct core_state *c = st_ccore(s);
	catan_action a = CATAN_ACTION_INIT;

	if (c->victim < 0 || c->victim >= c->num_players)
		return;
	a.player = CATAN_PLAYER_CHANCE;
	a.type = CATAN_ACT_STEAL_CARD;
	catan_cards__push_draws(sink, &a, st_cplayer(s, c->victim)->hand);
}

bool
catan_turn__draw_steal(catan_state *s, catan_action *out)
{
	const struct core_state *c = st_ccore(s);

	if (c->victim < 0 || c->victim >= c->num_players)
		return false;
	return catan_turn__draw_from_pile(s, CATAN_ACT_STEAL_CARD, st_cplayer(s, c->victim)->hand,
					  CATAN_MAX_CARD_KINDS, out);
}

bool
catan_turn__card_stolen(catan_state *s, unsigned kind)
{
	struct core_state *c = st_core(s);

	if (kind >= CATAN_MAX_CARD_KINDS || c->victim < 0 || c->victim >= c->num_players ||
	    c->current < 0)
		return false;
	catan_cards__transfer(s, c->victim, c->current, (int)kind, 1);
	c->victim = CATAN_NO_PLAYER;
	c->phase = c->return_phase;
	return true;
}
