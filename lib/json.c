/*
 * libcatanrules: an observer's view of a position as a JSON object.
 * SPDX-License-Identifier: MIT
 */

#include <inttypes.h>
#include <stdio.h>

#include "catan-private.h"

#define JSON_SCHEMA_VERSION 1

/* The text and whether the next member or element needs a comma first. */
struct json {
	struct catan_text text;
	bool need_comma;
};

static void
string(struct json *j, const char *s)
{
	catan_text__put(&j->text, "\"");
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p == '"' || *p == '\\')
			catan_text__put(&j->text, "\\%c", *p);
		else if (*p < 0x20 || *p == 0x7f)
			catan_text__put(&j->text, "\\u%04x", (unsigned)*p);
		else
			catan_text__put(&j->text, "%c", *p);
	}
	catan_text__put(&j->text, "\"");
}

/* Members and elements: a comma before all but the first. */
static void
sep(struct json *j)
{
	if (j->need_comma)
		catan_text__put(&j->text, ",");
	j->need_comma = true;
}

static void
key(struct json *j, const char *name)
{
	sep(j);
	string(j, name);
	catan_text__put(&j->text, ":");
}

static void
begin(struct json *j, const char *name, char bracket)
{
	if (name)
		key(j, name);
	else
		sep(j);
	catan_text__put(&j->text, "%c", bracket);
	j->need_comma = false;
}

static void
end(struct json *j, char bracket)
{
	catan_text__put(&j->text, "%c", bracket);
	j->need_comma = true;
}

static void
member_int(struct json *j, const char *name, long long v)
{
	key(j, name);
	catan_text__put(&j->text, "%lld", v);
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
	catan_text__put(&j->text, v ? "true" : "false");
}

/* A player index, or null. */
static void
member_player(struct json *j, const char *name, int p)
{
	key(j, name);
	if (p < 0)
		catan_text__put(&j->text, "null");
	else
		catan_text__put(&j->text, "%d", p);
}

static void
location(struct json *j, const catan_game *g, int kind, unsigned id)
{
	char loc[32];

	if (catan_location_format(g, kind, id, loc, sizeof(loc), NULL) != CATAN_OK)
		catan_text__put(&j->text, "null");
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

/* {"lumber":1,...}: every kind the game names, and unnamed kinds that are non-zero. */
static void
member_cards(struct json *j, const char *name, const uint8_t *v, size_t n,
	     const char *const *names)
{
	begin(j, name, '{');
	for (size_t k = 0; k < n; k++) {
		const char *kind = names[k];
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

/* The names of a trade's terms: the card kinds', then the traded
 * holdings' slots (catan_game__slot_name()). */
static void
member_terms(struct json *j, const catan_game *g, const uint8_t give[CATAN_MAX_CARD_KINDS],
	     const uint8_t get[CATAN_MAX_CARD_KINDS])
{
	const char *names[CATAN_MAX_CARD_KINDS];

	for (unsigned k = 0; k < CATAN_MAX_CARD_KINDS; k++)
		names[k] = catan_game__slot_name(g, k);
	member_cards(j, "give", give, CATAN_MAX_CARD_KINDS, names);
	member_cards(j, "get", get, CATAN_MAX_CARD_KINDS, names);
}

static void
member_who(struct json *j, const char *name, int who)
{
	const char *text = catan_text__who(who);

	if (text)
		member_str(j, name, text);
	else
		member_player(j, name, who);
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
	member_int(j, "neutral_players", g->num_neutral);
	member_int(j, "vp_to_win", catan_game_vp_to_win(g));
	member_int(j, "move_number", c->move_number);
	member_int(j, "turn", c->turn);
	member_str(j, "phase", catan_state_phase_name(s, c->phase));
	key(j, "chance");
	if (c->chance == CHANCE_NONE)
		catan_text__put(&j->text, "null");
	else if (c->chance < ARRAY_LEN(catan_text__chances))
		string(j, catan_text__chances[c->chance]);
	else
		catan_text__put(&j->text, "%u", (unsigned)c->chance);
	member_who(j, "current_player", catan_state_current_player(s));
	member_player(j, "turn_player", c->current);
	begin(j, "acting_players", '[');
	for (int p = 0; p < c->num_players; p++) {
		if (acting & (1u << p)) {
			sep(j);
			catan_text__put(&j->text, "%d", p);
		}
	}
	end(j, ']');
	key(j, "dice");
	if (c->dice)
		catan_text__put(&j->text, "%u", (unsigned)c->dice);
	else
		catan_text__put(&j->text, "null");
	member_bool(j, "rolled", c->flags & TURN_ROLLED);
	member_bool(j, "dev_played", c->flags & TURN_DEV_PLAYED);
	member_bool(j, "built", c->flags & TURN_BUILT);
	member_int(j, "road_building_left", c->road_building_left);
	member_player(j, "victim", c->victim);
	member_location(j, "robber", g, CATAN_LOC_HEX, c->robber_hex);
	/* Games whose rules block hexes besides the robber's: which (public). */
	if (g->has_hex_blocked) {
		begin(j, "blocked", '[');
		for (unsigned h = 0; h < g->board.nhex; h++) {
			if (!catan_state__hex_blocked_by_rules(s, h))
				continue;
			sep(j);
			location(j, g, CATAN_LOC_HEX, h);
		}
		end(j, ']');
	}
	key(j, "setup_vertex");
	if (c->setup_vertex == BOARD_NONE)
		catan_text__put(&j->text, "null");
	else
		location(j, g, CATAN_LOC_VERTEX, c->setup_vertex);
	member_cards(j, "bank", c->bank, CATAN_MAX_CARD_KINDS, g->card_names);
	member_int(j, "dev_deck", dev_total(c->dev_deck));
	/* the discard pile, public, in games where it becomes the deck */
	if (g->dev_reshuffle) {
		uint8_t pile[CATAN_MAX_DEV_KINDS];

		catan_dev__discard(s, pile);
		member_cards(j, "dev_discard", pile, CATAN_MAX_DEV_KINDS, g->dev_names);
	}
	if (observer == CATAN_OBSERVER_ALL) {
		char rng[40];

		member_cards(j, "dev_deck_cards", c->dev_deck, CATAN_MAX_DEV_KINDS, g->dev_names);
		snprintf(rng, sizeof(rng), "%016" PRIx64 " %016" PRIx64,
			 c->rng.state, c->rng.inc);
		member_str(j, "rng", rng);
	}
	member_player(j, "longest_road", c->longest_holder);
	member_player(j, "largest_army", c->army_holder);
	/* Award contests (catan_game_set_award_contests()): each group's
	 * members and holders; the two above stay null in such games. */
	if (g->ncontests) {
		begin(j, "contests", '[');
		for (unsigned k = 0; k < g->ncontests; k++) {
			begin(j, NULL, '{');
			begin(j, "members", '[');
			for (int p = 0; p < g->num_players; p++) {
				if (g->contest_of[p] != k)
					continue;
				sep(j);
				catan_text__put(&j->text, "%d", p);
			}
			end(j, ']');
			member_player(j, "longest_road",
				      catan_awards__holder_in(s, CATAN_AWARD_LONGEST_ROAD, k));
			member_player(j, "largest_army",
				      catan_awards__holder_in(s, CATAN_AWARD_LARGEST_ARMY, k));
			end(j, '}');
		}
		end(j, ']');
	}
	member_player(j, "winner", c->winner);
	key(j, "offer");
	if (cards_total(c->offer_give) || cards_total(c->offer_get)) {
		catan_text__put(&j->text, "{");
		j->need_comma = false;
		member_player(j, "from", c->current);
		member_terms(j, g, c->offer_give, c->offer_get);
		end(j, '}');
	} else {
		catan_text__put(&j->text, "null");
	}
}

static void
write_player(struct json *j, const catan_state *s, int observer, int p)
{
	const struct core_state *c = st_ccore(s);
	const struct player_state *ps = st_cplayer(s, p);
	const catan_game *g = s->game;
	bool known = observer == CATAN_OBSERVER_ALL || observer == p;

	begin(j, NULL, '{');
	member_int(j, "id", p);
	member_int(j, "cards", cards_total(ps->hand));
	member_int(j, "dev_cards", dev_total(ps->dev));
	if (p == c->current)
		member_int(j, "dev_bought", dev_total(c->dev_bought));
	/* Open hands (catan_game.open_hands) show everyone's cards, not
	 * their development cards. */
	if (!known && g->open_hands)
		member_cards(j, "hand", ps->hand, CATAN_MAX_CARD_KINDS, g->card_names);
	if (known) {
		member_cards(j, "hand", ps->hand, CATAN_MAX_CARD_KINDS, g->card_names);
		member_cards(j, "dev_hand", ps->dev, CATAN_MAX_DEV_KINDS, g->dev_names);
		if (p == c->current)
			member_cards(j, "dev_bought_cards", c->dev_bought,
				     CATAN_MAX_DEV_KINDS, g->dev_names);
	}
	member_int(j, "knights_played", ps->knights);
	member_int(j, "roads_left", ps->roads_left);
	member_int(j, "settlements_left", ps->settlements_left);
	member_int(j, "cities_left", ps->cities_left);
	member_int(j, "road_length", ps->road_length);
	member_int(j, "public_vp", catan_state__victory_points(s, p, false));
	if (known)
		member_int(j, "total_vp", catan_state__victory_points(s, p, true));
	member_int(j, "discard_owed", ps->discard_owed);
	member_bool(j, "longest_road", catan_awards__holds(s, CATAN_AWARD_LONGEST_ROAD, p));
	member_bool(j, "largest_army", catan_awards__holds(s, CATAN_AWARD_LARGEST_ARMY, p));
	member_str(j, "trade_response",
		   ps->response < ARRAY_LEN(catan_text__responses) ?
		   catan_text__responses[ps->response] : "unknown");
	key(j, "counter_offer");
	if (ps->response == RESPONSE_COUNTER) {
		catan_text__put(&j->text, "{");
		j->need_comma = false;
		member_terms(j, g, ps->counter_give, ps->counter_get);
		end(j, '}');
	} else {
		catan_text__put(&j->text, "null");
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

			/* a road-like piece is in "pieces" */
			if (!byte || (road ? PIECE_KIND(byte) != EDGE_KIND_ROAD :
					     PIECE_KIND(byte) != lists[l].kind))
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

/* "counters": {"trade_token_supply": 10, "trade_tokens": [5, 5]}: a
 * counter of the game is a number, a player counter one per seated player
 * (catan_state__each_counter() lists a player counter's values in seat
 * order, one call each). */
struct json_counters {
	struct json *j;
	const char *open;    /* the player counter whose array is open */
};

static void
json_counter(void *arg, const char *name, int player, int32_t value)
{
	struct json_counters *jc = arg;

	if (jc->open && (player <= 0 || strcmp(jc->open, name) != 0)) {
		end(jc->j, ']');
		jc->open = NULL;
	}
	if (player < 0) {
		member_int(jc->j, name, value);
		return;
	}
	if (!jc->open) {
		begin(jc->j, name, '[');
		jc->open = name;
	}
	sep(jc->j);
	catan_text__put(&jc->j->text, "%" PRId32, value);
}

static void
write_counters(struct json *j, const catan_state *s)
{
	struct json_counters jc = { j, NULL };

	begin(j, "counters", '{');
	catan_state__each_counter(s, json_counter, &jc);
	if (jc.open)
		end(j, ']');
	end(j, '}');
}

/* One holding or group: {"players": [3, null], "supply": 14}, null for
 * what the observer does not see, "supply" only where there is one. */
static void
write_holding(struct json *j, const catan_state *s, int observer, const char *name)
{
	int32_t v;

	begin(j, name, '{');
	begin(j, "players", '[');
	for (int p = 0; p < st_ccore(s)->num_players; p++) {
		sep(j);
		(void)catan_state_observe_holding(s, observer, p, name, &v);
		if (v < 0)
			catan_text__put(&j->text, "null");
		else
			catan_text__put(&j->text, "%" PRId32, v);
	}
	end(j, ']');
	if (catan_state_observe_holding(s, observer, CATAN_HOLDING_SUPPLY, name, &v) ==
	    CATAN_OK) {
		key(j, "supply");
		if (v < 0)
			catan_text__put(&j->text, "null");
		else
			catan_text__put(&j->text, "%" PRId32, v);
	}
	end(j, '}');
}

/* "holdings": each group (its public total) before its members, in the
 * order declared; only in games that declare holdings. */
static void
write_holdings(struct json *j, const catan_state *s, int observer)
{
	const catan_game *g = s->game;

	if (!g->nholdings)
		return;
	begin(j, "holdings", '{');
	for (unsigned h = 0; h < g->nholdings; h++) {
		const struct game_holding *gh = &g->holdings[h];

		if (gh->group && gh->group_first == h)
			write_holding(j, s, observer, gh->group);
		write_holding(j, s, observer, gh->name);
	}
	end(j, '}');
}

/* "pieces": each declared kind (catanrules/piece.h) by name, an entry per
 * owner in seat order (neutral players last): {"stock": 1, "at":
 * ["h9.se-s"]}, a place once for each piece on it. Only in games that
 * declare kinds; pieces are public. */
static void
write_pieces(struct json *j, const catan_state *s)
{
	const catan_game *g = s->game;

	if (!g->npiece_kinds)
		return;
	begin(j, "pieces", '{');
	for (unsigned k = 0; k < g->npiece_kinds; k++) {
		const struct game_piece *gp = &g->piece_kinds[k];

		begin(j, gp->name, '[');
		for (int o = 0; o < catan_game__owners(g); o++) {
			const uint16_t *slot = st_cpiece_slots(s, k, o);

			begin(j, NULL, '{');
			member_int(j, "stock", catan_pieces__stock_left(s, k, o));
			begin(j, "at", '[');
			for (unsigned i = 0; i < gp->stock && slot[i] != PIECE_IN_STOCK; i++) {
				sep(j);
				location(j, g, gp->place, slot[i]);
			}
			end(j, ']');
			end(j, '}');
		}
		end(j, ']');
	}
	end(j, '}');
}

/* "chips": {"h7": 5, ...}, the number chips placed (face up), by hex in
 * order; only in games whose number chips move. */
static void
write_chips(struct json *j, const catan_state *s)
{
	const catan_game *g = s->game;
	char loc[32];

	if (!g->number_chips)
		return;
	begin(j, "chips", '{');
	for (unsigned h = 0; h < g->board.nhex; h++)
		if (catan_state__chip(s, h) &&
		    catan_location_format(g, CATAN_LOC_HEX, h, loc, sizeof(loc), NULL) == CATAN_OK)
			member_int(j, loc, (int)catan_state__chip(s, h));
	end(j, '}');
}

int
catan_state_to_json(const catan_state *s, int observer, char *buf, size_t cap,
		    size_t *len_out)
{
	struct json j = { { buf, cap, 0, CATAN_OK }, false };
	int np;

	if (!s || (!buf && cap))
		return CATAN_EINVAL;
	np = st_ccore(s)->num_players;
	if (observer != CATAN_OBSERVER_PUBLIC && observer != CATAN_OBSERVER_ALL &&
	    (observer < 0 || observer >= np)) {
		catan_state__seterr(s, "no observer %d in a %d-player game", observer, np);
		return CATAN_EINVAL;
	}
	catan_text__put(&j.text, "{");
	write_core(&j, s, observer);
	begin(&j, "players", '[');
	for (int p = 0; p < np; p++)
		write_player(&j, s, observer, p);
	end(&j, ']');
	write_board(&j, s);
	write_counters(&j, s);
	write_holdings(&j, s, observer);
	write_pieces(&j, s);
	write_chips(&j, s);
	catan_text__put(&j.text, "}");
	return catan_text__finish(&j.text, len_out);
}
