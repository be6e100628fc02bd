/*
 * libcatanrules: what one observer may know of a position (struct and text).
 * SPDX-License-Identifier: MIT
 */

#include <inttypes.h>

#include "catan-private.h"

#define OBSERVATION_TEXT_VERSION 1

static bool
valid_observer(const catan_state *s, int observer)
{
	return observer == CATAN_OBSERVER_PUBLIC || observer == CATAN_OBSERVER_ALL ||
	       (observer >= 0 && observer < st_ccore(s)->num_players);
}

/* Does the observer see player p's hand and development cards? */
static bool
sees_hand(int observer, int p)
{
	return observer == CATAN_OBSERVER_ALL || observer == p;
}

/* Does the observer see player p's resource cards (their own, or every
 * hand in a game with open hands)? */
static bool
sees_cards(const catan_state *s, int observer, int p)
{
	return sees_hand(observer, p) || s->game->open_hands;
}

/* ------------------------------------------------------------ struct */

int
catan_state_observe(const catan_state *s, int observer, catan_observation *out)
{
	const struct core_state *c;
	unsigned version;

	if (!s || !out)
		return CATAN_EINVAL;
	if (out->version != CATAN_OBSERVATION_VERSION)
		return CATAN_EVERSION;
	if (!valid_observer(s, observer)) {
		catan_state__seterr(s, "no observer %d in a %d-player game", observer,
				    st_ccore(s)->num_players);
		return CATAN_EINVAL;
	}
	c = st_ccore(s);
	version = out->version;
	memset(out, 0, sizeof(*out));
	out->version = version;
	out->observer = observer;
	out->current_player = catan_state_current_player(s);
	out->turn_player = c->current >= 0 ? c->current : -1;
	out->phase = c->phase;
	out->turn = c->turn;
	out->num_players = c->num_players;
	out->dice = c->dice;
	out->robber_hex = c->robber_hex;
	out->winner = c->winner;
	out->longest_road_holder = c->longest_holder;
	out->largest_army_holder = c->army_holder;
	out->acting_players = catan_state_acting_players(s);
	memcpy(out->bank, c->bank, sizeof(out->bank));
	out->dev_deck_total = dev_total(c->dev_deck);
	memcpy(out->offer_give, c->offer_give, sizeof(out->offer_give));
	memcpy(out->offer_get, c->offer_get, sizeof(out->offer_get));

	for (int p = 0; p < c->num_players && p < CATAN_MAX_PLAYERS; p++) {
		const struct player_state *ps = st_cplayer(s, p);
		catan_player_view *v = &out->players[p];

		if (sees_cards(s, observer, p)) {
			memcpy(v->cards, ps->hand, sizeof(v->cards));
			v->flags |= CATAN_VIEW_CARDS_KNOWN;
		}
		if (sees_hand(observer, p)) {
			memcpy(v->dev_cards, ps->dev, sizeof(v->dev_cards));
			v->flags |= CATAN_VIEW_DEV_KNOWN;
		}
		v->card_total = cards_total(ps->hand);
		v->dev_total = dev_total(ps->dev);
		v->knights_played = ps->knights;
		v->roads_left = ps->roads_left;
		v->settlements_left = ps->settlements_left;
		v->cities_left = ps->cities_left;
		v->longest_road = ps->road_length;
		v->public_vp = catan_state__victory_points(s, p, false);
		/* Of another player the observer counts the public points only. */
		v->visible_vp = catan_state__victory_points(s, p, sees_hand(observer, p));
		v->discard_owed = ps->discard_owed;
		v->has_longest_road = catan_awards__holds(s, CATAN_AWARD_LONGEST_ROAD, p);
		v->has_largest_army = catan_awards__holds(s, CATAN_AWARD_LARGEST_ARMY, p);
		switch (ps->response) {
		case RESPONSE_ACCEPT:
		case RESPONSE_DECLINE:
		case RESPONSE_COUNTER:
			v->trade_response = ps->response;
			break;
		default:
			v->trade_response = 0;
			break;
		}
		memcpy(v->counter_give, ps->counter_give, sizeof(v->counter_give));
		memcpy(v->counter_get, ps->counter_get, sizeof(v->counter_get));
	}
	return CATAN_OK;
}

/* -------------------------------------------------------------- text */

/* An observation is for reading: a location without a name shows its id. */
static void
put_location(struct catan_text *o, const catan_game *g, int kind, unsigned id)
{
	if (catan_text__location(o, g, kind, id) != CATAN_OK)
		catan_text__put(o, "?%u", id);
}

/* Observer and current player: a player, or what stands in for one. */
static void
put_who(struct catan_text *o, int who)
{
	const char *name = catan_text__who(who);

	if (name)
		catan_text__put(o, "%s", name);
	else
		catan_text__player(o, who);
}

static void
put_core(struct catan_text *o, const catan_state *s, int observer)
{
	const catan_game *g = s->game;
	const struct core_state *c = st_ccore(s);
	uint32_t acting = catan_state_acting_players(s);
	bool any = false;

	catan_text__put(o, "observation %d ", OBSERVATION_TEXT_VERSION);
	put_who(o, observer);
	catan_text__put(o, "\ngame %s\nmove_number %" PRIu32 "\nturn %u\nphase %s\n",
			g->canonical, c->move_number, (unsigned)c->turn,
			catan_state_phase_name(s, c->phase));
	if (c->chance < ARRAY_LEN(catan_text__chances))
		catan_text__put(o, "chance %s\n", catan_text__chances[c->chance]);
	else
		catan_text__put(o, "chance %u\n", (unsigned)c->chance);
	catan_text__put(o, "current ");
	put_who(o, catan_state_current_player(s));
	catan_text__put(o, "\nacting ");
	for (int p = 0; p < c->num_players; p++) {
		if (!(acting & (1u << p)))
			continue;
		catan_text__put(o, "%sp%d", any ? "," : "", p);
		any = true;
	}
	if (!any)
		catan_text__put(o, "none");
	catan_text__put(o, "\nturn_player ");
	catan_text__player(o, c->current);
	catan_text__put(o, "\nfirst_player ");
	catan_text__player(o, c->first_player);
	catan_text__put(o, "\nsetup_step %u\nsetup_vertex ", (unsigned)c->setup_step);
	if (c->setup_vertex == BOARD_NONE)
		catan_text__put(o, "none");
	else
		put_location(o, g, CATAN_LOC_VERTEX, c->setup_vertex);
	catan_text__put(o, "\ndice %u\nflags ", (unsigned)c->dice);
	any = false;
	for (size_t i = 0; i < ARRAY_LEN(catan_text__flags); i++) {
		if (!(c->flags & catan_text__flags[i].bit))
			continue;
		catan_text__put(o, "%s%s", any ? "," : "",
				catan_text__flags[i].name);
		any = true;
	}
	if (!any)
		catan_text__put(o, "none");
	catan_text__put(o, "\nreturn_phase %s\nroad_building_left %u\nvictim ",
			catan_state_phase_name(s, c->return_phase),
			(unsigned)c->road_building_left);
	catan_text__player(o, c->victim);
	catan_text__put(o, "\nrobber ");
	if (c->robber_hex == BOARD_NONE)
		catan_text__put(o, "none");
	else
		put_location(o, g, CATAN_LOC_HEX, c->robber_hex);
	/* Games whose rules block hexes besides the robber's: which (public). */
	if (g->has_hex_blocked) {
		bool blocked = false;

		catan_text__put(o, "\nblocked");
		for (unsigned h = 0; h < g->board.nhex; h++) {
			if (!catan_state__hex_blocked_by_rules(s, h))
				continue;
			catan_text__put(o, " ");
			put_location(o, g, CATAN_LOC_HEX, h);
			blocked = true;
		}
		if (!blocked)
			catan_text__put(o, " none");
	}
	catan_text__standings(o, s);
	catan_text__put(o, "\ndev_deck %u", dev_total(c->dev_deck));
	if (observer == CATAN_OBSERVER_ALL) {
		catan_text__put(o, " ");
		catan_text__vec(o, c->dev_deck, CATAN_MAX_DEV_KINDS);
	}
	/* the discard pile, public, in games where it becomes the deck */
	if (s->game->dev_reshuffle) {
		uint8_t pile[CATAN_MAX_DEV_KINDS];

		catan_dev__discard(s, pile);
		catan_text__put(o, " discard ");
		catan_text__vec(o, pile, CATAN_MAX_DEV_KINDS);
	}
	catan_text__offer(o, c);
	if (observer == CATAN_OBSERVER_ALL)
		catan_text__put(o, "rng %016" PRIx64 " %016" PRIx64 "\n",
				c->rng.state, c->rng.inc);
}

static void
put_players(struct catan_text *o, const catan_state *s, int observer)
{
	const struct core_state *c = st_ccore(s);

	for (int p = 0; p < c->num_players; p++) {
		const struct player_state *ps = st_cplayer(s, p);
		bool known = sees_hand(observer, p);

		catan_text__put(o, "player %d cards %u dev %u", p, cards_total(ps->hand),
				dev_total(ps->dev));
		/* Everyone sees how many cards the turn player bought. */
		if (p == c->current)
			catan_text__put(o, " bought %u", dev_total(c->dev_bought));
		catan_text__put(o, " knights %u roads %u settlements %u cities %u road_length %u vp %d",
				(unsigned)ps->knights, (unsigned)ps->roads_left,
				(unsigned)ps->settlements_left, (unsigned)ps->cities_left,
				(unsigned)ps->road_length,
				catan_state__victory_points(s, p, false));
		if (known)
			catan_text__put(o, " total_vp %d",
					catan_state__victory_points(s, p, true));
		catan_text__put(o, " discard_owed %u response %s counter_give ",
				(unsigned)ps->discard_owed,
				ps->response < ARRAY_LEN(catan_text__responses) ?
				catan_text__responses[ps->response] : "unknown");
		catan_text__vec(o, ps->counter_give, CATAN_MAX_CARD_KINDS);
		catan_text__put(o, " counter_get ");
		catan_text__vec(o, ps->counter_get, CATAN_MAX_CARD_KINDS);
		if (!known && sees_cards(s, observer, p)) {
			catan_text__put(o, " hand ");
			catan_text__vec(o, ps->hand, CATAN_MAX_CARD_KINDS);
		}
		if (known) {
			catan_text__put(o, " hand ");
			catan_text__vec(o, ps->hand, CATAN_MAX_CARD_KINDS);
			catan_text__put(o, " dev_cards ");
			catan_text__vec(o, ps->dev, CATAN_MAX_DEV_KINDS);
			if (p == c->current) {
				catan_text__put(o, " dev_bought ");
				catan_text__vec(o, c->dev_bought, CATAN_MAX_DEV_KINDS);
			}
		}
		catan_text__put(o, "\n");
	}
}

static void
put_board(struct catan_text *o, const catan_state *s)
{
	const catan_game *g = s->game;
	const struct board *b = &g->board;

	for (unsigned v = 0; v < b->nvert; v++) {
		uint8_t byte = st_cvert(s)[v];

		if (!byte)
			continue;
		catan_text__put(o, "vertex ");
		put_location(o, g, CATAN_LOC_VERTEX, v);
		catan_text__put(o, " %s p%d\n",
				PIECE_KIND(byte) == CATAN_PIECE_CITY ? "city" : "settlement",
				PIECE_OWNER(byte));
	}
	/* Roads only: a road-like piece is shown by its "piece" line. */
	for (unsigned e = 0; e < b->nedge; e++) {
		int owner = edge_road_owner(st_cedge(s)[e]);

		if (owner < 0)
			continue;
		catan_text__put(o, "road ");
		put_location(o, g, CATAN_LOC_EDGE, e);
		catan_text__put(o, " p%d\n", owner);
	}
}

int
catan_state_observation_string(const catan_state *s, int observer,
			       char *buf, size_t cap, size_t *len_out)
{
	struct catan_text o = { buf, cap, 0, CATAN_OK };

	if (!s || (!buf && cap))
		return CATAN_EINVAL;
	if (!valid_observer(s, observer)) {
		catan_state__seterr(s, "no observer %d in a %d-player game", observer,
				    st_ccore(s)->num_players);
		return CATAN_EINVAL;
	}
	put_core(&o, s, observer);
	put_players(&o, s, observer);
	put_board(&o, s);
	catan_text__counters(&o, s);
	catan_text__holdings(&o, s, observer);
	catan_text__declared_pieces(&o, s);
	catan_text__chips(&o, s);
	/* Variant and module slices are opaque here: only the referee sees
	 * them. */
	if (observer == CATAN_OBSERVER_ALL)
		catan_text__slices(&o, s);
	catan_text__put(&o, "end\n");
	return catan_text__finish(&o, len_out);
}
