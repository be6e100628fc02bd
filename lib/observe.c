/*
 * libcatanrules: what one observer may know of a position (struct and text).
 * SPDX-License-Identifier: MIT
 */

#include <inttypes.h>
#include <stdio.h>

#include "catan-private.h"

#define OBSERVATION_TEXT_VERSION 1

static const char *const chance_names[] = {
	[CHANCE_NONE] = "none",
	[CHANCE_FIRST_PLAYER] = "first_player",
	[CHANCE_DICE] = "dice",
	[CHANCE_DRAW_DEV] = "draw_dev",
	[CHANCE_STEAL] = "steal",
};

static const char *const response_names[] = {
	[RESPONSE_PENDING] = "pending",
	[RESPONSE_ACCEPT] = "accept",
	[RESPONSE_DECLINE] = "decline",
	[RESPONSE_COUNTER] = "counter",
	[RESPONSE_NONE] = "offerer",
};

static const struct {
	uint8_t bit;
	const char *name;
} flag_names[] = {
	{ TURN_ROLLED, "rolled" },
	{ TURN_DEV_PLAYED, "dev_played" },
	{ TURN_BUILT, "built" },
	{ GAME_VP_REVEALED, "vp_revealed" },
};

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

static unsigned
dev_total(const uint8_t dev[CATAN_MAX_DEV_KINDS])
{
	unsigned t = 0;

	for (int k = 0; k < CATAN_MAX_DEV_KINDS; k++)
		t += dev[k];
	return t;
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
		state__seterr(s, "no observer %d in a %d-player game", observer,
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

		if (sees_hand(observer, p)) {
			memcpy(v->cards, ps->hand, sizeof(v->cards));
			memcpy(v->dev_cards, ps->dev, sizeof(v->dev_cards));
			v->flags = CATAN_VIEW_CARDS_KNOWN | CATAN_VIEW_DEV_KNOWN;
		}
		v->card_total = cards_total(ps->hand);
		v->dev_total = dev_total(ps->dev);
		v->knights_played = ps->knights;
		v->roads_left = ps->roads_left;
		v->settlements_left = ps->settlements_left;
		v->cities_left = ps->cities_left;
		v->longest_road = ps->road_length;
		v->public_vp = (uint32_t)state__victory_points(s, p, false);
		/* Of another player the observer counts the public points only. */
		v->visible_vp = state__victory_points(s, p, sees_hand(observer, p));
		v->discard_owed = ps->discard_owed;
		v->has_longest_road = c->longest_holder == p;
		v->has_largest_army = c->army_holder == p;
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

struct out {
	char *buf;
	size_t cap;
	size_t len;
	int rc;
};

static void
put(struct out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void
put(struct out *o, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(o->len < o->cap ? o->buf + o->len : NULL,
		      o->len < o->cap ? o->cap - o->len : 0, fmt, ap);
	va_end(ap);
	if (n < 0) {
		o->rc = CATAN_ERROR;
		return;
	}
	o->len += (size_t)n;
}

static void
put_vec(struct out *o, const uint8_t *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		put(o, "%s%u", i ? "," : "", (unsigned)v[i]);
}

static void
put_player(struct out *o, int p)
{
	if (p < 0)
		put(o, "none");
	else
		put(o, "p%d", p);
}

static void
put_location(struct out *o, const catan_game *g, int kind, unsigned id)
{
	char loc[32];

	if (catan_location_format(g, kind, id, loc, sizeof(loc), NULL) != CATAN_OK)
		put(o, "?%u", id);
	else
		put(o, "%s", loc);
}

static void
put_who(struct out *o, int who)
{
	switch (who) {
	case CATAN_PLAYER_CHANCE:
		put(o, "chance");
		break;
	case CATAN_PLAYER_SIMULTANEOUS:
		put(o, "simultaneous");
		break;
	case CATAN_PLAYER_TERMINAL:
		put(o, "terminal");
		break;
	case CATAN_PLAYER_INVALID:
		put(o, "none");
		break;
	case CATAN_OBSERVER_PUBLIC:
		put(o, "public");
		break;
	case CATAN_OBSERVER_ALL:
		put(o, "all");
		break;
	default:
		put(o, "p%d", who);
		break;
	}
}

static void
put_core(struct out *o, const catan_state *s, int observer)
{
	const catan_game *g = s->game;
	const struct core_state *c = st_ccore(s);
	uint32_t acting = catan_state_acting_players(s);
	bool any = false;

	put(o, "observation %d ", OBSERVATION_TEXT_VERSION);
	put_who(o, observer);
	put(o, "\ngame %s\nmove_number %" PRIu32 "\nturn %u\nphase %s\n",
	    g->canonical, c->move_number, (unsigned)c->turn,
	    catan_state_phase_name(s, c->phase));
	if (c->chance < ARRAY_LEN(chance_names))
		put(o, "chance %s\n", chance_names[c->chance]);
	else
		put(o, "chance %u\n", (unsigned)c->chance);
	put(o, "current ");
	put_who(o, catan_state_current_player(s));
	put(o, "\nacting ");
	for (int p = 0; p < c->num_players; p++) {
		if (!(acting & (1u << p)))
			continue;
		put(o, "%sp%d", any ? "," : "", p);
		any = true;
	}
	if (!any)
		put(o, "none");
	put(o, "\nturn_player ");
	put_player(o, c->current);
	put(o, "\nfirst_player ");
	put_player(o, c->first_player);
	put(o, "\nsetup_step %u\nsetup_vertex ", (unsigned)c->setup_step);
	if (c->setup_vertex == BOARD_NONE)
		put(o, "none");
	else
		put_location(o, g, CATAN_LOC_VERTEX, c->setup_vertex);
	put(o, "\ndice %u\nflags ", (unsigned)c->dice);
	any = false;
	for (size_t i = 0; i < ARRAY_LEN(flag_names); i++) {
		if (!(c->flags & flag_names[i].bit))
			continue;
		put(o, "%s%s", any ? "," : "", flag_names[i].name);
		any = true;
	}
	if (!any)
		put(o, "none");
	put(o, "\nreturn_phase %s\nroad_building_left %u\nvictim ",
	    catan_state_phase_name(s, c->return_phase),
	    (unsigned)c->road_building_left);
	put_player(o, c->victim);
	put(o, "\nrobber ");
	put_location(o, g, CATAN_LOC_HEX, c->robber_hex);
	put(o, "\nlongest_road ");
	put_player(o, c->longest_holder);
	put(o, "\nlargest_army ");
	put_player(o, c->army_holder);
	put(o, "\nwinner ");
	put_player(o, c->winner);
	put(o, "\nbank ");
	put_vec(o, c->bank, CATAN_MAX_CARD_KINDS);
	put(o, "\ndev_deck %u", dev_total(c->dev_deck));
	if (observer == CATAN_OBSERVER_ALL) {
		put(o, " ");
		put_vec(o, c->dev_deck, CATAN_MAX_DEV_KINDS);
	}
	put(o, "\noffer_give ");
	put_vec(o, c->offer_give, CATAN_MAX_CARD_KINDS);
	put(o, "\noffer_get ");
	put_vec(o, c->offer_get, CATAN_MAX_CARD_KINDS);
	put(o, "\n");
	if (observer == CATAN_OBSERVER_ALL)
		put(o, "rng %016" PRIx64 " %016" PRIx64 "\n", c->rng.state, c->rng.inc);
}

static void
put_players(struct out *o, const catan_state *s, int observer)
{
	const struct core_state *c = st_ccore(s);

	for (int p = 0; p < c->num_players; p++) {
		const struct player_state *ps = st_cplayer(s, p);
		bool known = sees_hand(observer, p);

		put(o, "player %d cards %u dev %u", p, cards_total(ps->hand),
		    dev_total(ps->dev));
		/* Everyone sees how many cards the turn player bought. */
		if (p == c->current)
			put(o, " bought %u", dev_total(c->dev_bought));
		put(o, " knights %u roads %u settlements %u cities %u road_length %u vp %d",
		    (unsigned)ps->knights, (unsigned)ps->roads_left,
		    (unsigned)ps->settlements_left, (unsigned)ps->cities_left,
		    (unsigned)ps->road_length, state__victory_points(s, p, false));
		if (known)
			put(o, " total_vp %d", state__victory_points(s, p, true));
		put(o, " discard_owed %u response %s counter_give ",
		    (unsigned)ps->discard_owed,
		    ps->response < ARRAY_LEN(response_names) ?
		    response_names[ps->response] : "unknown");
		put_vec(o, ps->counter_give, CATAN_MAX_CARD_KINDS);
		put(o, " counter_get ");
		put_vec(o, ps->counter_get, CATAN_MAX_CARD_KINDS);
		if (known) {
			put(o, " hand ");
			put_vec(o, ps->hand, CATAN_MAX_CARD_KINDS);
			put(o, " dev_cards ");
			put_vec(o, ps->dev, CATAN_MAX_DEV_KINDS);
			if (p == c->current) {
				put(o, " dev_bought ");
				put_vec(o, c->dev_bought, CATAN_MAX_DEV_KINDS);
			}
		}
		put(o, "\n");
	}
}

static void
put_board(struct out *o, const catan_state *s)
{
	const catan_game *g = s->game;
	const struct board *b = &g->board;

	for (unsigned v = 0; v < b->nvert; v++) {
		uint8_t byte = st_cvert(s)[v];

		if (!byte)
			continue;
		put(o, "vertex ");
		put_location(o, g, CATAN_LOC_VERTEX, v);
		put(o, " %s p%d\n",
		    PIECE_KIND(byte) == CATAN_PIECE_CITY ? "city" : "settlement",
		    PIECE_OWNER(byte));
	}
	for (unsigned e = 0; e < b->nedge; e++) {
		uint8_t byte = st_cedge(s)[e];

		if (!byte)
			continue;
		put(o, "road ");
		put_location(o, g, CATAN_LOC_EDGE, e);
		put(o, " p%d\n", PIECE_OWNER(byte));
	}
}

/* Variant and module slices are opaque here: only the referee sees them. */
static void
put_slices(struct out *o, const catan_state *s)
{
	const catan_game *g = s->game;

	if (g->variant_size) {
		put(o, "slice %s ", g->variant->name);
		for (uint32_t i = 0; i < g->variant_size; i++)
			put(o, "%02x", s->data[g->off_variant + i]);
		put(o, "\n");
	}
	for (unsigned m = 0; m < g->nmodules; m++) {
		const struct game_module *gm = &g->modules[m];

		if (!gm->ops->state_size)
			continue;
		put(o, "slice %s ", gm->ops->name);
		for (size_t i = 0; i < gm->ops->state_size; i++)
			put(o, "%02x", s->data[gm->slice_offset + i]);
		put(o, "\n");
	}
}

int
catan_state_observation_string(const catan_state *s, int observer,
			       char *buf, size_t cap, size_t *len_out)
{
	struct out o = { buf, cap, 0, CATAN_OK };

	if (!s || (!buf && cap))
		return CATAN_EINVAL;
	if (!valid_observer(s, observer)) {
		state__seterr(s, "no observer %d in a %d-player game", observer,
			      st_ccore(s)->num_players);
		return CATAN_EINVAL;
	}
	put_core(&o, s, observer);
	put_players(&o, s, observer);
	put_board(&o, s);
	if (observer == CATAN_OBSERVER_ALL)
		put_slices(&o, s);
	put(&o, "end\n");
	if (len_out)
		*len_out = o.len;
	if (o.rc != CATAN_OK)
		return o.rc;
	return o.len >= cap ? CATAN_EBUFS : CATAN_OK;
}
