/*
 * libcatanrules: an observer's view of a position as a JSON object.
 * SPDX-License-Identifier: MIT
 */

#include <inttypes.h>
#include <stdio.h>

#include "catan-private.h"

#define JSON_SCHEMA_VERSION 1

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

struct json {
	char *buf;
	size_t cap;
	size_t len;
	int rc;
	bool need_comma;
};

static void
raw(struct json *j, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void
raw(struct json *j, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(j->len < j->cap ? j->buf + j->len : NULL,
		      j->len < j->cap ? j->cap - j->len : 0, fmt, ap);
	va_end(ap);
	if (n < 0) {
		j->rc = CATAN_ERROR;
		return;
	}
	j->len += (size_t)n;
}

static void
string(struct json *j, const char *s)
{
	raw(j, "\"");
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p == '"' || *p == '\\')
			raw(j, "\\%c", *p);
		else if (*p < 0x20 || *p == 0x7f)
			raw(j, "\\u%04x", (unsigned)*p);
		else
			raw(j, "%c", *p);
	}
	raw(j, "\"");
}

/* Members and elements: a comma before all but the first. */
static void
sep(struct json *j)
{
	if (j->need_comma)
		raw(j, ",");
	j->need_comma = true;
}

static void
key(struct json *j, const char *name)
{
	sep(j);
	string(j, name);
	raw(j, ":");
}

static void
begin(struct json *j, const char *name, char bracket)
{
	if (name)
		key(j, name);
	else
		sep(j);
	raw(j, "%c", bracket);
	j->need_comma = false;
}

static void
end(struct json *j, char bracket)
{
	raw(j, "%c", bracket);
	j->need_comma = true;
}

static void
member_int(struct json *j, const char *name, long long v)
{
	key(j, name);
	raw(j, "%lld", v);
}

static void
member_str(struct json *j, const char *name, const char *v)
{
	key(j, name);
	string(j, v);
}

static void
member_bool(struct json *j, const char *name, bool v)
{
	key(j, name);
	raw(j, v ? "true" : "false");
}

/* A player index, or null. */
static void
member_player(struct json *j, const char *name, int p)
{
	key(j, name);
	if (p < 0)
		raw(j, "null");
	else
		raw(j, "%d", p);
}

static void
location(struct json *j, const catan_game *g, int kind, unsigned id)
{
	char loc[32];

	if (catan_location_format(g, kind, id, loc, sizeof(loc), NULL) != CATAN_OK)
		raw(j, "null");
	else
		string(j, loc);
}

static void
member_location(struct json *j, const char *name, const catan_game *g, int kind,
		unsigned id)
{
	key(j, name);
	location(j, g, kind, id);
}

/* {"lumber":1,...}: every named kind, and unnamed kinds that are non-zero. */
static void
member_cards(struct json *j, const char *name, const uint8_t *v, size_t n,
	     const char *(*namer)(int))
{
	begin(j, name, '{');
	for (size_t k = 0; k < n; k++) {
		const char *kind = namer((int)k);
		char other[32];

		if (!kind) {
			if (!v[k])
				continue;
			snprintf(other, sizeof(other), "kind%zu", k);
			kind = other;
		}
		member_int(j, kind, v[k]);
	}
	end(j, '}');
}

static unsigned
dev_total(const uint8_t dev[CATAN_MAX_DEV_KINDS])
{
	unsigned t = 0;

	for (int k = 0; k < CATAN_MAX_DEV_KINDS; k++)
		t += dev[k];
	return t;
}

static void
member_who(struct json *j, const char *name, int who)
{
	switch (who) {
	case CATAN_PLAYER_CHANCE:
		member_str(j, name, "chance");
		break;
	case CATAN_PLAYER_SIMULTANEOUS:
		member_str(j, name, "simultaneous");
		break;
	case CATAN_PLAYER_TERMINAL:
		member_str(j, name, "terminal");
		break;
	case CATAN_OBSERVER_PUBLIC:
		member_str(j, name, "public");
		break;
	case CATAN_OBSERVER_ALL:
		member_str(j, name, "all");
		break;
	default:
		member_player(j, name, who);
		break;
	}
}

static void
write_core(struct json *j, const catan_state *s, int observer)
{
	const catan_game *g = s->game;
	const struct core_state *c = st_ccore(s);
	uint32_t acting = catan_state_acting_players(s);

	member_int(j, "version", JSON_SCHEMA_VERSION);
	member_str(j, "game", g->canonical);
	member_str(j, "variant", g->variant->name);
	member_who(j, "observer", observer);
	member_int(j, "num_players", c->num_players);
	member_int(j, "vp_to_win", catan_game_vp_to_win(g));
	member_int(j, "move_number", c->move_number);
	member_int(j, "turn", c->turn);
	member_str(j, "phase", catan_state_phase_name(s, c->phase));
	key(j, "chance");
	if (c->chance == CHANCE_NONE)
		raw(j, "null");
	else if (c->chance < ARRAY_LEN(chance_names))
		string(j, chance_names[c->chance]);
	else
		raw(j, "%u", (unsigned)c->chance);
	member_who(j, "current_player", catan_state_current_player(s));
	member_player(j, "turn_player", c->current);
	begin(j, "acting_players", '[');
	for (int p = 0; p < c->num_players; p++) {
		if (acting & (1u << p)) {
			sep(j);
			raw(j, "%d", p);
		}
	}
	end(j, ']');
	key(j, "dice");
	if (c->dice)
		raw(j, "%u", (unsigned)c->dice);
	else
		raw(j, "null");
	member_bool(j, "rolled", c->flags & TURN_ROLLED);
	member_bool(j, "dev_played", c->flags & TURN_DEV_PLAYED);
	member_bool(j, "built", c->flags & TURN_BUILT);
	member_int(j, "road_building_left", c->road_building_left);
	member_player(j, "victim", c->victim);
	member_location(j, "robber", g, CATAN_LOC_HEX, c->robber_hex);
	key(j, "setup_vertex");
	if (c->setup_vertex == BOARD_NONE)
		raw(j, "null");
	else
		location(j, g, CATAN_LOC_VERTEX, c->setup_vertex);
	member_cards(j, "bank", c->bank, CATAN_MAX_CARD_KINDS, catan_resource_name);
	member_int(j, "dev_deck", dev_total(c->dev_deck));
	if (observer == CATAN_OBSERVER_ALL) {
		char rng[40];

		member_cards(j, "dev_deck_cards", c->dev_deck, CATAN_MAX_DEV_KINDS,
			     catan_dev_card_name);
		snprintf(rng, sizeof(rng), "%016" PRIx64 " %016" PRIx64,
			 c->rng.state, c->rng.inc);
		member_str(j, "rng", rng);
	}
	member_player(j, "longest_road", c->longest_holder);
	member_player(j, "largest_army", c->army_holder);
	member_player(j, "winner", c->winner);
	key(j, "offer");
	if (cards_total(c->offer_give) || cards_total(c->offer_get)) {
		raw(j, "{");
		j->need_comma = false;
		member_player(j, "from", c->current);
		member_cards(j, "give", c->offer_give, CATAN_MAX_CARD_KINDS,
			     catan_resource_name);
		member_cards(j, "get", c->offer_get, CATAN_MAX_CARD_KINDS,
			     catan_resource_name);
		end(j, '}');
	} else {
		raw(j, "null");
	}
}

static void
write_player(struct json *j, const catan_state *s, int observer, int p)
{
	const struct core_state *c = st_ccore(s);
	const struct player_state *ps = st_cplayer(s, p);
	bool known = observer == CATAN_OBSERVER_ALL || observer == p;

	begin(j, NULL, '{');
	member_int(j, "id", p);
	member_int(j, "cards", cards_total(ps->hand));
	member_int(j, "dev_cards", dev_total(ps->dev));
	if (p == c->current)
		member_int(j, "dev_bought", dev_total(c->dev_bought));
	if (known) {
		member_cards(j, "hand", ps->hand, CATAN_MAX_CARD_KINDS,
			     catan_resource_name);
		member_cards(j, "dev_hand", ps->dev, CATAN_MAX_DEV_KINDS,
			     catan_dev_card_name);
		if (p == c->current)
			member_cards(j, "dev_bought_cards", c->dev_bought,
				     CATAN_MAX_DEV_KINDS, catan_dev_card_name);
	}
	member_int(j, "knights_played", ps->knights);
	member_int(j, "roads_left", ps->roads_left);
	member_int(j, "settlements_left", ps->settlements_left);
	member_int(j, "cities_left", ps->cities_left);
	member_int(j, "road_length", ps->road_length);
	member_int(j, "public_vp", state__victory_points(s, p, false));
	if (known)
		member_int(j, "total_vp", state__victory_points(s, p, true));
	member_int(j, "discard_owed", ps->discard_owed);
	member_bool(j, "longest_road", c->longest_holder == p);
	member_bool(j, "largest_army", c->army_holder == p);
	member_str(j, "trade_response", ps->response < ARRAY_LEN(response_names) ?
		   response_names[ps->response] : "unknown");
	key(j, "counter_offer");
	if (ps->response == RESPONSE_COUNTER) {
		raw(j, "{");
		j->need_comma = false;
		member_cards(j, "give", ps->counter_give, CATAN_MAX_CARD_KINDS,
			     catan_resource_name);
		member_cards(j, "get", ps->counter_get, CATAN_MAX_CARD_KINDS,
			     catan_resource_name);
		end(j, '}');
	} else {
		raw(j, "null");
	}
	end(j, '}');
}

static void
write_board(struct json *j, const catan_state *s)
{
	const catan_game *g = s->game;
	const struct board *b = &g->board;
	static const struct {
		const char *name;
		int kind;
	} lists[] = {
		{ "settlements", CATAN_PIECE_SETTLEMENT },
		{ "cities", CATAN_PIECE_CITY },
		{ "roads", CATAN_PIECE_ROAD },
	};

	for (size_t l = 0; l < ARRAY_LEN(lists); l++) {
		bool road = lists[l].kind == CATAN_PIECE_ROAD;
		unsigned n = road ? b->nedge : b->nvert;

		begin(j, lists[l].name, '[');
		for (unsigned id = 0; id < n; id++) {
			uint8_t byte = road ? st_cedge(s)[id] : st_cvert(s)[id];

			if (!byte || (!road && PIECE_KIND(byte) != lists[l].kind))
				continue;
			begin(j, NULL, '{');
			member_location(j, "at", g, road ? CATAN_LOC_EDGE : CATAN_LOC_VERTEX, id);
			member_int(j, "id", id);
			member_int(j, "owner", PIECE_OWNER(byte));
			end(j, '}');
		}
		end(j, ']');
	}
}

int
catan_state_to_json(const catan_state *s, int observer, char *buf, size_t cap,
		    size_t *len_out)
{
	struct json j = { buf, cap, 0, CATAN_OK, false };
	int np;

	if (!s || (!buf && cap))
		return CATAN_EINVAL;
	np = st_ccore(s)->num_players;
	if (observer != CATAN_OBSERVER_PUBLIC && observer != CATAN_OBSERVER_ALL &&
	    (observer < 0 || observer >= np)) {
		state__seterr(s, "no observer %d in a %d-player game", observer, np);
		return CATAN_EINVAL;
	}
	raw(&j, "{");
	write_core(&j, s, observer);
	begin(&j, "players", '[');
	for (int p = 0; p < np; p++)
		write_player(&j, s, observer, p);
	end(&j, ']');
	write_board(&j, s);
	raw(&j, "}");
	if (len_out)
		*len_out = j.len;
	if (j.rc != CATAN_OK)
		return j.rc;
	return j.len >= cap ? CATAN_EBUFS : CATAN_OK;
}
