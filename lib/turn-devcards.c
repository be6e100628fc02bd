/*
 * libcatanrules: turn kit — development cards: buying (the deck's draw, a
 * chance event; the reshuffle of the discard pile where the game has it),
 * when a card may be played (05.E: never the turn it was bought, at most
 * one per turn; Victory Point cards are never played, B8/B9), the four
 * action cards of the base deck (the kinds with their roles), and the
 * play of a module's kind (catan_dev__check_play(), catan_dev__play()).
 * SPDX-License-Identifier: MIT
 */

#include "turn.h"

int
catan_turn__dev_playable(const catan_state *s, int p, int kind)
{
	const struct core_state *c = st_ccore(s);
	const struct player_state *ps = st_cplayer(s, p);

	/* a role no kind of the game has (DEV_SLOT_NONE) */
	if ((unsigned)kind >= CATAN_MAX_DEV_KINDS || ps->dev[kind] == 0)
		return CATAN_REASON_NO_CARD;
	if (c->flags & TURN_DEV_PLAYED)
		return CATAN_REASON_CARD_ALREADY_PLAYED;
	if (ps->dev[kind] <= c->dev_bought[kind])
		return CATAN_REASON_CARD_BOUGHT_THIS_TURN;
	return CATAN_REASON_NONE;
}

int
catan_turn__check_buy_dev(const catan_state *s, int p, const uint8_t cost[CATAN_MAX_CARD_KINDS])
{
	if (!catan_turn__deck_open(s))
		return CATAN_REASON_DECK_EMPTY;
	if (!cards_covers(st_cplayer(s, p)->hand, cost))
		return CATAN_REASON_INSUFFICIENT_RESOURCES;
	return CATAN_REASON_NONE;
}

void
catan_turn__buy_dev(catan_state *s, int p, const uint8_t cost[CATAN_MAX_CARD_KINDS])
{
	struct core_state *c = st_core(s);

	catan_cards__pay(s, p, cost);
	catan_turn__mark_built(s);
	/* "When the stack of development cards is empty, shuffle the discard
	 * pile to create a new stack" (traders-and-barbarians.txt): the
	 * counts are the new deck, the draw below its chance event. */
	if (dev_total(c->dev_deck) == 0 && s->game->dev_reshuffle)
		catan_dev__discard(s, c->dev_deck);
	c->chance = CHANCE_DRAW_DEV;
}

void
catan_turn__dev_draw_outcomes(const catan_state *s, catan_sink *sink)
{
	const struct core_state *c = st_ccore(s);
	catan_action a = CATAN_ACTION_INIT;
	uint32_t den = dev_total(c->dev_deck);

	a.player = CATAN_PLAYER_CHANCE;
	a.type = CATAN_ACT_DRAW_DEV;
	for (int k = 0; k < CATAN_MAX_DEV_KINDS; k++) {
		if (!c->dev_deck[k])
			continue;
		a.arg = (uint16_t)k;
		sink__outcome(sink, &a, c->dev_deck[k], den);
	}
}

bool
catan_turn__draw_dev(catan_state *s, catan_action *out)
{
	return catan_turn__draw_from_pile(s, CATAN_ACT_DRAW_DEV, st_ccore(s)->dev_deck,
					  CATAN_MAX_DEV_KINDS, out);
}

bool
catan_turn__dev_drawn(catan_state *s, unsigned kind)
{
	struct core_state *c = st_core(s);
	struct player_state *ps;

	if (kind >= CATAN_MAX_DEV_KINDS || c->current < 0)
		return false;
	ps = st_player(s, c->current);
	c->dev_deck[kind]--;
	ps->dev[kind]++;
	s->points_touched = 1;   /* a Victory Point card counts at once */
	c->dev_bought[kind]++;
	return true;
}

void
catan_turn__dev_played(catan_state *s, int p, int kind)
{
	/* "After their use, the action cards remain off the Stock. The
	 * Knights played remain visible to count the Army" (base-game.txt
	 * 05.E): a knight stays in front of its player (player_state.knights,
	 * catan_turn__play_knight()), the others are on the discard pile,
	 * which is what is left (catan_dev__discard()). */
	st_core(s)->flags |= TURN_DEV_PLAYED;
	st_player(s, p)->dev[kind]--;
}

void
catan_dev__discard(const catan_state *s, uint8_t out[CATAN_MAX_DEV_KINDS])
{
	const catan_game *g = s->game;
	const struct core_state *c = st_ccore(s);
	unsigned knight = catan_game__dev_slot(g, CATAN_DEV_ROLE_KNIGHT);

	for (unsigned k = 0; k < CATAN_MAX_DEV_KINDS; k++) {
		unsigned held = c->dev_deck[k];

		out[k] = 0;
		if (k >= g->dev_kinds || k == knight ||
		    g->dev_roles[k] == CATAN_DEV_ROLE_VICTORY_POINT)
			continue;
		for (int p = 0; p < c->num_players; p++)
			held += st_cplayer(s, p)->dev[k];
		if (held < g->dev_start[k])
			out[k] = (uint8_t)(g->dev_start[k] - held);
	}
}

int
catan_dev__check_play(const catan_state *s, int p, unsigned kind)
{
	const catan_game *g = s->game;

	if (kind >= g->dev_kinds || g->dev_roles[kind] == CATAN_DEV_ROLE_VICTORY_POINT ||
	    p < 0 || p >= g->num_players)
		return CATAN_REASON_BAD_ARGUMENT;
	if (p != st_ccore(s)->current)
		return CATAN_REASON_NOT_YOUR_TURN;
	return catan_turn__dev_playable(s, p, (int)kind);
}

void
catan_dev__play(catan_state *s, int p, unsigned kind)
{
	catan_turn__dev_played(s, p, (int)kind);
	if (kind == catan_game__dev_slot(s->game, CATAN_DEV_ROLE_KNIGHT)) {
		st_player(s, p)->knights++;
		catan_awards__update_largest_army(s);
	}
}

void
catan_turn__play_knight(catan_state *s, int p, unsigned robber_phase)
{
	catan_turn__dev_played(s, p, TURN_DEV_SLOT(s, KNIGHT));
	st_player(s, p)->knights++;
	catan_awards__update_largest_army(s);
	catan_turn__start_robber(s, robber_phase, st_ccore(s)->phase);
}

void
catan_turn__play_road_building(catan_state *s, int p, unsigned road_building_phase)
{
	struct core_state *c = st_core(s);
	const struct player_state *ps = st_cplayer(s, p);

	catan_turn__dev_played(s, p, TURN_DEV_SLOT(s, ROAD_BUILDING));
	c->road_building_left = ps->roads_left < 2 ? ps->roads_left : 2;
	c->return_phase = c->phase;
	c->phase = (uint8_t)road_building_phase;
}

void
catan_turn__end_road_building_if_done(catan_state *s, int p)
{
	struct core_state *c = st_core(s);

	if (c->road_building_left == 0 || !catan_build__any_road_possible(s, p)) {
		c->road_building_left = 0;
		c->phase = c->return_phase;
	}
}

void
catan_turn__road_built_free(catan_state *s, int p)
{
	st_core(s)->road_building_left--;
	catan_turn__end_road_building_if_done(s, p);
}

int
catan_turn__check_year_of_plenty(const catan_state *s, const uint8_t get[CATAN_MAX_CARD_KINDS],
				 unsigned kinds)
{
	const struct core_state *c = st_ccore(s);
	unsigned want, total = cards_total(get);

	for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++)
		if (get[k] && !(kinds & (1u << k)))
			return CATAN_REASON_BAD_ARGUMENT;
	/* B7: two cards the bank has; one if the bank holds only one. */
	want = bank_total(c) < 2 ? bank_total(c) : 2;
	if (want == 0 || !cards_covers(c->bank, get))
		return CATAN_REASON_BANK_EMPTY;
	if (total != want)
		return CATAN_REASON_BAD_ARGUMENT;
	return CATAN_REASON_NONE;
}

void
catan_turn__play_year_of_plenty(catan_state *s, int p, const uint8_t get[CATAN_MAX_CARD_KINDS])
{
	catan_turn__dev_played(s, p, TURN_DEV_SLOT(s, YEAR_OF_PLENTY));
	catan_cards__receive_all(s, p, get);
}

void
catan_turn__play_monopoly(catan_state *s, int p, unsigned kind)
{
	int n = st_ccore(s)->num_players;

	if (kind >= CATAN_MAX_CARD_KINDS)
		return;
	catan_turn__dev_played(s, p, TURN_DEV_SLOT(s, MONOPOLY));
	for (int q = 0; q < n; q++) {
		unsigned held = st_player(s, q)->hand[kind];

		if (q != p && held)
			catan_cards__transfer(s, q, p, (int)kind, held);
	}
}

/* Year of Plenty's choices from the bank: pairs (a <= b) walked so that
 * the get[] vectors ascend (the pair with the higher first kind sorts
 * first), or single cards when the bank holds fewer than two. */
static void
push_year_of_plenty(const catan_state *s, catan_sink *sink, int p)
{
	const struct core_state *c = st_ccore(s);

	if (bank_total(c) < 2) {
		for (int a = CATAN_NUM_RESOURCES - 1; a >= 0; a--)
			if (c->bank[a])
				sink__push_cards(sink, CATAN_ACT_PLAY_YEAR_OF_PLENTY, p, 0, 0,
						 0, 0, a, 1);
		return;
	}
	for (int a = CATAN_NUM_RESOURCES - 1; a >= 0; a--) {
		for (int b = CATAN_NUM_RESOURCES - 1; b >= a; b--) {
			catan_action t = CATAN_ACTION_INIT;

			t.type = CATAN_ACT_PLAY_YEAR_OF_PLENTY;
			t.player = (int8_t)p;
			t.get[a]++;
			t.get[b]++;
			if (cards_covers(c->bank, t.get))
				sink__push(sink, &t);
		}
	}
}

void
catan_turn__push_dev_plays(const catan_state *s, catan_sink *sink, int p)
{
	if (catan_turn__dev_playable(s, p, TURN_DEV_SLOT(s, KNIGHT)) == CATAN_REASON_NONE)
		sink__push_simple(sink, CATAN_ACT_PLAY_KNIGHT, p, 0, 0);
	if (catan_turn__dev_playable(s, p, TURN_DEV_SLOT(s, ROAD_BUILDING)) == CATAN_REASON_NONE &&
	    catan_build__any_road_possible(s, p))
		sink__push_simple(sink, CATAN_ACT_PLAY_ROAD_BUILDING, p, 0, 0);
	if (catan_turn__dev_playable(s, p, TURN_DEV_SLOT(s, YEAR_OF_PLENTY)) == CATAN_REASON_NONE &&
	    bank_total(st_ccore(s)) > 0)
		push_year_of_plenty(s, sink, p);
	if (catan_turn__dev_playable(s, p, TURN_DEV_SLOT(s, MONOPOLY)) == CATAN_REASON_NONE)
		for (int k = 0; k < CATAN_NUM_RESOURCES; k++)
			sink__push_simple(sink, CATAN_ACT_PLAY_MONOPOLY, p, 0, (unsigned)k);
}
