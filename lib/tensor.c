/*
 * libcatanrules: the observation tensor: what an observer knows as floats (catanrules/tensor.h).
 * SPDX-License-Identifier: MIT
 */

#include <stdio.h>
#include <string.h>

#include "catan-private.h"

/*
 * One walk over the layout serves every call: the size, a field by index
 * or by name, and the filling of a tensor. The layout is a function of
 * the game alone, and a walk that fills writes the fields in the order
 * and at the offsets of a walk that only measures, so the two cannot
 * disagree. Names are composed only when a field is looked up.
 *
 * What the tensor holds comes from the same sources as the observation
 * string (observe.c) with the same rules of who sees what: the core's
 * observation struct, the holdings' visibility, the public pieces, sites
 * and counters.
 */

struct walk {
	const catan_game *g;
	const catan_state *s;      /* the state of a tensor filled */
	int observer;
	float *out;                /* the tensor or template filled, or NULL: measure only */
	size_t off;                /* the next field's offset */
	size_t index;              /* fields walked */
	catan_tensor_field *table; /* the fields described (the game's, once), or NULL */
	/* the game's dimensions */
	unsigned np, owners, kinds, devs, hexes, vertices, edges;
	unsigned first_seat;       /* the seat of row 0 */
	bool template_fill;        /* filling the game's template: the static fields */
};

/* Start a field: its floats while filling (a static field's while the
 * template is filled, the others' while a tensor is), else NULL; and
 * its description when the walk keeps the game's table. */
static float *
field_(struct walk *w, bool is_static, const char *prefix, const char *suffix,
       const char *suffix2, unsigned rows, unsigned row_axis, unsigned cols, unsigned col_axis,
       unsigned encoding)
{
	size_t at = w->off;

	w->off += (size_t)rows * cols;
	w->index++;
	if (w->table) {
		catan_tensor_field *f = &w->table[w->index - 1];

		snprintf(f->name, sizeof(f->name), "%s%s%s%s%s", prefix, suffix ? "." : "",
			 suffix ? suffix : "", suffix2 ? "." : "", suffix2 ? suffix2 : "");
		f->offset = at;
		f->rows = rows;
		f->cols = cols;
		f->row_axis = row_axis;
		f->col_axis = col_axis;
		f->encoding = encoding;
	}
	if (w->out)
		return w->template_fill == is_static ? w->out + at : NULL;
	return NULL;
}

/* A field of what the state says. */
#define field(w, ...) field_((w), false, __VA_ARGS__)
/* A field of what the game alone fixes (its board), written once into
 * the game's template, which every tensor starts from. */
#define static_field(w, ...) field_((w), true, __VA_ARGS__)

/* The row of seated player @p, counted from the observer. */
static unsigned
row_of(const struct walk *w, int p)
{
	unsigned r = (unsigned)p + w->np - w->first_seat;

	return r >= w->np ? r - w->np : r;
}

/* The column of an owner: seated players from the observer, then the
 * neutral ones. */
static unsigned
owner_col(const struct walk *w, int p)
{
	return (unsigned)p < w->np ? row_of(w, p) : (unsigned)p;
}

/* The column of an actor: a seated player, else "nobody" (the last). */
static unsigned
actor_col(const struct walk *w, int p)
{
	return p >= 0 && (unsigned)p < w->np ? row_of(w, p) : w->np;
}

/* ------------------------------------------------------------- phases */

/* The game's phases in tensor order: the core's, then the variant's and
 * each module's range. Returns how many; stores the column of @phase (or
 * -1) in @col_out when it is not NULL, and the phase of column @want in
 * @phase_out. */
static unsigned
phase_columns(const catan_game *g, int phase, int *col_out, unsigned want, int *phase_out)
{
	unsigned n = 0;
	int first[1 + CATAN_MAX_MODULES], last[1 + CATAN_MAX_MODULES];
	unsigned nranges = 0;

	if (col_out)
		*col_out = -1;
	if (phase_out)
		*phase_out = CATAN_ENOTFOUND;
	first[nranges] = CATAN_PHASE_START;
	last[nranges++] = CATAN_PHASE_GAME_OVER;
	if (g->variant->phase_first) {
		first[nranges] = g->variant->phase_first;
		last[nranges++] = g->variant->phase_last;
	}
	for (unsigned m = 0; m < g->nmodules; m++) {
		if (!g->modules[m].ops->phase_first)
			continue;
		first[nranges] = g->modules[m].ops->phase_first;
		last[nranges++] = g->modules[m].ops->phase_last;
	}
	for (unsigned r = 0; r < nranges; r++) {
		for (int ph = first[r]; ph <= last[r]; ph++, n++) {
			if (col_out && ph == phase)
				*col_out = (int)n;
			if (phase_out && n == want)
				*phase_out = ph;
		}
	}
	return n;
}

/* ------------------------------------------------------------- fields */

static void
walk_global(struct walk *w, const catan_observation *o)
{
	const catan_game *g = w->g;
	unsigned nphases = phase_columns(g, -1, NULL, 0, NULL);
	float *f;

	if ((f = field(w, "phase", NULL, NULL, 1, CATAN_TENSOR_ONE, nphases, CATAN_TENSOR_PHASE,
		       CATAN_TENSOR_ONE_HOT))) {
		int col;

		phase_columns(g, (int)o->phase, &col, 0, NULL);
		if (col >= 0)
			f[col] = 1;
	}
	if ((f = field(w, "current_player", NULL, NULL, 1, CATAN_TENSOR_ONE, w->np + 1,
		       CATAN_TENSOR_ACTOR, CATAN_TENSOR_ONE_HOT)))
		f[actor_col(w, o->current_player)] = 1;
	if ((f = field(w, "acting", NULL, NULL, 1, CATAN_TENSOR_ONE, w->np, CATAN_TENSOR_PLAYER,
		       CATAN_TENSOR_FLAGS)))
		for (unsigned p = 0; p < w->np; p++)
			f[row_of(w, (int)p)] = (o->acting_players >> p) & 1u;
	if ((f = field(w, "turn_player", NULL, NULL, 1, CATAN_TENSOR_ONE, w->np + 1,
		       CATAN_TENSOR_ACTOR, CATAN_TENSOR_ONE_HOT)))
		f[actor_col(w, o->turn_player)] = 1;
	if ((f = field(w, "winner", NULL, NULL, 1, CATAN_TENSOR_ONE, w->np + 1, CATAN_TENSOR_ACTOR,
		       CATAN_TENSOR_ONE_HOT)))
		f[actor_col(w, o->winner)] = 1;
	if ((f = field(w, "dice", NULL, NULL, 1, CATAN_TENSOR_ONE, 12, CATAN_TENSOR_DICE,
		       CATAN_TENSOR_ONE_HOT)))
		f[o->dice >= 2 && o->dice <= 12 ? o->dice - 1 : 0] = 1;
	if ((f = field(w, "turn", NULL, NULL, 1, CATAN_TENSOR_ONE, 1, CATAN_TENSOR_ONE,
		       CATAN_TENSOR_COUNT)))
		f[0] = (float)o->turn;
	if ((f = field(w, "bank", NULL, NULL, 1, CATAN_TENSOR_ONE, w->kinds, CATAN_TENSOR_CARD_KIND,
		       CATAN_TENSOR_COUNT)))
		for (unsigned k = 0; k < w->kinds; k++)
			f[k] = o->bank[k];
	if ((f = field(w, "dev_deck", NULL, NULL, 1, CATAN_TENSOR_ONE, 1, CATAN_TENSOR_ONE,
		       CATAN_TENSOR_COUNT)))
		f[0] = (float)o->dev_deck_total;
	if ((f = field(w, "offer_give", NULL, NULL, 1, CATAN_TENSOR_ONE, w->kinds,
		       CATAN_TENSOR_CARD_KIND, CATAN_TENSOR_COUNT)))
		for (unsigned k = 0; k < w->kinds; k++)
			f[k] = o->offer_give[k];
	if ((f = field(w, "offer_get", NULL, NULL, 1, CATAN_TENSOR_ONE, w->kinds,
		       CATAN_TENSOR_CARD_KIND, CATAN_TENSOR_COUNT)))
		for (unsigned k = 0; k < w->kinds; k++)
			f[k] = o->offer_get[k];
	if ((f = field(w, "robber_off", NULL, NULL, 1, CATAN_TENSOR_ONE, 1, CATAN_TENSOR_ONE,
		       CATAN_TENSOR_FLAGS)))
		f[0] = o->robber_hex >= w->hexes;
}

static void
walk_hexes(struct walk *w, const catan_observation *o)
{
	const catan_game *g = w->g;
	float *f;

	if ((f = static_field(w, "hex.terrain", NULL, NULL, w->hexes, CATAN_TENSOR_HEX,
		       CATAN_TERRAIN_COUNT, CATAN_TENSOR_TERRAIN, CATAN_TENSOR_ONE_HOT))) {
		for (unsigned h = 0; h < w->hexes; h++) {
			catan_hex_info info;

			if (catan_board_hex(g, h, &info) == CATAN_OK &&
			    info.terrain < CATAN_TERRAIN_COUNT)
				f[h * CATAN_TERRAIN_COUNT + info.terrain] = 1;
		}
	}
	/* static unless number chips move in play (Merchants of Europe) */
	if ((f = field_(w, !g->number_chips, "hex.numbers", NULL, NULL, w->hexes,
			CATAN_TENSOR_HEX, 11, CATAN_TENSOR_NUMBER, CATAN_TENSOR_FLAGS))) {
		for (unsigned h = 0; h < w->hexes; h++) {
			catan_hex_info info;
			int chip;

			catan_board_hex(g, h, &info);
			for (unsigned i = 0; i < info.nnumbers && i < CATAN_HEX_NUMBERS; i++)
				if (info.numbers[i] >= 2 && info.numbers[i] <= 12)
					f[h * 11 + info.numbers[i] - 2u] = 1;
			if (g->number_chips && catan_state_hex_chip(w->s, h, &chip) == CATAN_OK &&
			    chip >= 2 && chip <= 12)
				f[h * 11 + (unsigned)chip - 2u] = 1;
		}
	}
	if ((f = field(w, "hex.robber", NULL, NULL, w->hexes, CATAN_TENSOR_HEX, 1, CATAN_TENSOR_ONE,
		       CATAN_TENSOR_FLAGS)) && o->robber_hex < w->hexes)
		f[o->robber_hex] = 1;
	if ((f = field(w, "hex.blocked", NULL, NULL, w->hexes, CATAN_TENSOR_HEX, 1,
		       CATAN_TENSOR_ONE, CATAN_TENSOR_FLAGS)))
		for (unsigned h = 0; h < w->hexes; h++)
			f[h] = catan_state_hex_blocked(w->s, h) == 1;
}

static void
walk_places(struct walk *w)
{
	const catan_game *g = w->g;
	unsigned hcols = w->kinds + 1;
	float *f;

	if ((f = static_field(w, "vertex.harbor", NULL, NULL, w->vertices, CATAN_TENSOR_VERTEX, hcols,
		       CATAN_TENSOR_HARBOR, CATAN_TENSOR_FLAGS))) {
		catan_board_counts bc;

		catan_board_counts_get(g, &bc);
		for (unsigned t = 0; t < bc.harbors; t++) {
			catan_harbor_info hi;
			unsigned col;

			catan_board_harbor(g, t, &hi);
			col = hi.resource < w->kinds ? hi.resource : w->kinds;
			for (unsigned i = 0; i < hi.nvertices && i < CATAN_TRADE_VERTICES; i++)
				if (hi.vertices[i] < w->vertices)
					f[hi.vertices[i] * hcols + col] = 1;
		}
	}
	float *settlement = field(w, "vertex.settlement", NULL, NULL, w->vertices,
				  CATAN_TENSOR_VERTEX, w->owners, CATAN_TENSOR_OWNER,
				  CATAN_TENSOR_ONE_HOT);
	float *city = field(w, "vertex.city", NULL, NULL, w->vertices, CATAN_TENSOR_VERTEX,
			    w->owners, CATAN_TENSOR_OWNER, CATAN_TENSOR_ONE_HOT);

	if (settlement) {
		const uint8_t *vert = st_cvert(w->s);

		for (unsigned v = 0; v < w->vertices; v++) {
			int owner = vert[v] ? PIECE_OWNER(vert[v]) : -1, piece = PIECE_KIND(vert[v]);

			if (owner < 0 || (unsigned)owner >= w->owners)
				continue;
			if (piece == CATAN_PIECE_SETTLEMENT)
				settlement[v * w->owners + owner_col(w, owner)] = 1;
			else if (piece == CATAN_PIECE_CITY)
				city[v * w->owners + owner_col(w, owner)] = 1;
		}
	}
	if ((f = field(w, "edge.road", NULL, NULL, w->edges, CATAN_TENSOR_EDGE, w->owners,
		       CATAN_TENSOR_OWNER, CATAN_TENSOR_ONE_HOT))) {
		const uint8_t *edge = st_cedge(w->s);

		for (unsigned e = 0; e < w->edges; e++) {
			int owner = edge_road_owner(edge[e]);

			if (owner >= 0 && (unsigned)owner < w->owners)
				f[e * w->owners + owner_col(w, owner)] = 1;
		}
	}
}

static const char *const loc_names[4] = { NULL, "hex", "vertex", "edge" };
static const unsigned loc_axes[4] = { 0, CATAN_TENSOR_HEX, CATAN_TENSOR_VERTEX, CATAN_TENSOR_EDGE };

static unsigned
loc_count(const struct walk *w, unsigned loc)
{
	return loc == CATAN_LOC_HEX ? w->hexes : loc == CATAN_LOC_VERTEX ? w->vertices : w->edges;
}

/* The board's marks and sites: a field per kind and class of location
 * present, each location holding its site's value (1 for a site without
 * one; the greatest where several cover it). */
static void
walk_sites(struct walk *w)
{
	const catan_game *g = w->g;
	bool present[CATAN_SITE_KIND_COUNT][4] = { { false } };
	catan_board_counts bc;

	catan_board_counts_get(g, &bc);
	for (unsigned i = 0; i < bc.sites; i++) {
		catan_site_info si;

		if (catan_board_site(g, i, &si) == CATAN_OK && si.kind < CATAN_SITE_KIND_COUNT &&
		    si.location_kind >= CATAN_LOC_HEX && si.location_kind <= CATAN_LOC_EDGE)
			present[si.kind][si.location_kind] = true;
	}
	for (unsigned k = 0; k < CATAN_SITE_KIND_COUNT; k++) {
		for (unsigned loc = CATAN_LOC_HEX; loc <= CATAN_LOC_EDGE; loc++) {
			float *f;

			if (!present[k][loc])
				continue;
			f = static_field(w, "site", catan_site_kind_name((int)k), loc_names[loc],
				  loc_count(w, loc), loc_axes[loc], 1, CATAN_TENSOR_ONE,
				  CATAN_TENSOR_COUNT);
			if (!f)
				continue;
			for (unsigned i = 0; i < bc.sites; i++) {
				catan_site_info si;

				if (catan_board_site(g, i, &si) != CATAN_OK || si.kind != k ||
				    si.location_kind != loc)
					continue;
				float value = si.value ? (float)si.value : 1.0f;

				for (unsigned j = 0; j < si.nlocations; j++)
					if (si.locations[j] < loc_count(w, loc) &&
					    f[si.locations[j]] < value)
						f[si.locations[j]] = value;
			}
		}
	}
}

/* Declared pieces: where each owner's stand, and their stocks. */
static void
walk_pieces(struct walk *w)
{
	const catan_game *g = w->g;

	for (unsigned k = 0; k < g->npiece_kinds; k++) {
		const struct game_piece *gp = &g->piece_kinds[k];
		unsigned loc = gp->place <= CATAN_LOC_EDGE ? gp->place : CATAN_LOC_EDGE;
		unsigned places = loc_count(w, loc);
		float *f = field(w, "piece", gp->name, NULL, places, loc_axes[loc], w->owners,
				 CATAN_TENSOR_OWNER, CATAN_TENSOR_COUNT);

		if (f) {
			for (unsigned o = 0; o < w->owners; o++) {
				const uint16_t *slot = st_cpiece_slots(w->s, k, (int)o);

				for (unsigned i = 0; i < gp->stock; i++)
					if (slot[i] < places)
						f[slot[i] * w->owners + owner_col(w, (int)o)] += 1;
			}
		}
		if ((f = field(w, "piece_stock", gp->name, NULL, w->owners, CATAN_TENSOR_OWNER, 1,
			       CATAN_TENSOR_ONE, CATAN_TENSOR_COUNT)))
			for (unsigned o = 0; o < w->owners; o++)
				f[owner_col(w, (int)o)] =
					(float)catan_pieces__stock_left(w->s, k, (int)o);
	}
}

/* A column of a count per seated player. */
#define PLAYER_COUNT(w, name) \
	field(w, name, NULL, NULL, (w)->np, CATAN_TENSOR_PLAYER, 1, CATAN_TENSOR_ONE, \
	      CATAN_TENSOR_COUNT)

static void
walk_players(struct walk *w, const catan_observation *o)
{
	float *f;

#define PER_PLAYER(name, expr)                                        \
	if ((f = PLAYER_COUNT(w, name)))                              \
		for (unsigned p = 0; p < w->np; p++) {                \
			const catan_player_view *v = &o->players[p]; \
			f[row_of(w, (int)p)] = (float)(expr);         \
		}

	if ((f = field(w, "player.cards", NULL, NULL, w->np, CATAN_TENSOR_PLAYER, w->kinds,
		       CATAN_TENSOR_CARD_KIND, CATAN_TENSOR_COUNT)))
		for (unsigned p = 0; p < w->np; p++) {
			const catan_player_view *v = &o->players[p];
			bool known = v->flags & CATAN_VIEW_CARDS_KNOWN;

			for (unsigned k = 0; k < w->kinds; k++)
				f[row_of(w, (int)p) * w->kinds + k] = known ? v->cards[k] : -1.0f;
		}
	PER_PLAYER("player.card_total", v->card_total)
	if ((f = field(w, "player.dev_cards", NULL, NULL, w->np, CATAN_TENSOR_PLAYER, w->devs,
		       CATAN_TENSOR_DEV_KIND, CATAN_TENSOR_COUNT)))
		for (unsigned p = 0; p < w->np; p++) {
			const catan_player_view *v = &o->players[p];
			bool known = v->flags & CATAN_VIEW_DEV_KNOWN;

			for (unsigned k = 0; k < w->devs; k++)
				f[row_of(w, (int)p) * w->devs + k] = known ? v->dev_cards[k] : -1.0f;
		}
	PER_PLAYER("player.dev_total", v->dev_total)
	PER_PLAYER("player.knights_played", v->knights_played)
	PER_PLAYER("player.roads_left", v->roads_left)
	PER_PLAYER("player.settlements_left", v->settlements_left)
	PER_PLAYER("player.cities_left", v->cities_left)
	PER_PLAYER("player.longest_road", v->longest_road)
	PER_PLAYER("player.public_vp", v->public_vp)
	/* All of a player's points only where their development cards are seen. */
	PER_PLAYER("player.vp", (v->flags & CATAN_VIEW_DEV_KNOWN) ? v->visible_vp : -1)
	if ((f = PLAYER_COUNT(w, "player.vp_to_win")))
		for (unsigned p = 0; p < w->np; p++)
			f[row_of(w, (int)p)] = (float)catan_state__vp_target(w->s, (int)p);
	PER_PLAYER("player.discard_owed", v->discard_owed)
	PER_PLAYER("player.longest_road_award", v->has_longest_road)
	PER_PLAYER("player.largest_army_award", v->has_largest_army)
	if ((f = field(w, "player.trade_response", NULL, NULL, w->np, CATAN_TENSOR_PLAYER, 4,
		       CATAN_TENSOR_RESPONSE, CATAN_TENSOR_ONE_HOT)))
		for (unsigned p = 0; p < w->np; p++) {
			int32_t r = o->players[p].trade_response;

			f[row_of(w, (int)p) * 4 + (r >= 0 && r <= 3 ? (unsigned)r : 0)] = 1;
		}
	if ((f = field(w, "player.counter_give", NULL, NULL, w->np, CATAN_TENSOR_PLAYER,
		       w->kinds, CATAN_TENSOR_CARD_KIND, CATAN_TENSOR_COUNT)))
		for (unsigned p = 0; p < w->np; p++)
			for (unsigned k = 0; k < w->kinds; k++)
				f[row_of(w, (int)p) * w->kinds + k] = o->players[p].counter_give[k];
	if ((f = field(w, "player.counter_get", NULL, NULL, w->np, CATAN_TENSOR_PLAYER,
		       w->kinds, CATAN_TENSOR_CARD_KIND, CATAN_TENSOR_COUNT)))
		for (unsigned p = 0; p < w->np; p++)
			for (unsigned k = 0; k < w->kinds; k++)
				f[row_of(w, (int)p) * w->kinds + k] = o->players[p].counter_get[k];
	if ((f = field(w, "player.maritime_rate", NULL, NULL, w->np, CATAN_TENSOR_PLAYER,
		       w->kinds, CATAN_TENSOR_CARD_KIND, CATAN_TENSOR_COUNT)))
		for (unsigned p = 0; p < w->np; p++) {
			uint8_t rate[CATAN_MAX_CARD_KINDS];

			catan_trade__maritime_rates(w->s, (int)p, rate);
			for (unsigned k = 0; k < w->kinds; k++)
				f[row_of(w, (int)p) * w->kinds + k] = rate[k];
		}
#undef PER_PLAYER
}

/* Holdings, as catan_state_observe_holding() shows them: each player's
 * count where the observer sees it (else -1), the supply's, and each
 * group's totals, which are public. */
static void
walk_holdings(struct walk *w)
{
	const catan_game *g = w->g;
	float *f;

	for (unsigned h = 0; h < g->nholdings; h++) {
		const struct game_holding *gh = &g->holdings[h];

		if ((f = field(w, "holding", gh->name, NULL, w->np, CATAN_TENSOR_PLAYER, 1,
			       CATAN_TENSOR_ONE, CATAN_TENSOR_COUNT)))
			for (unsigned p = 0; p < w->np; p++)
				f[row_of(w, (int)p)] =
					catan_holdings__sees(w->observer, (int)p, gh->visibility)
						? (float)catan_state__holding(w->s, (int)p, h)
						: -1.0f;
		if (gh->has_supply &&
		    (f = field(w, "supply", gh->name, NULL, 1, CATAN_TENSOR_ONE, 1, CATAN_TENSOR_ONE,
			       CATAN_TENSOR_COUNT)))
			f[0] = catan_holdings__sees(w->observer, CATAN_HOLDING_SUPPLY, gh->visibility)
				       ? (float)catan_state__holding(w->s, CATAN_HOLDING_SUPPLY, h)
				       : -1.0f;
		if (!gh->group || gh->group_first != h)
			continue;
		if ((f = field(w, "holding", gh->group, NULL, w->np, CATAN_TENSOR_PLAYER, 1,
			       CATAN_TENSOR_ONE, CATAN_TENSOR_COUNT)))
			for (unsigned p = 0; p < w->np; p++)
				f[row_of(w, (int)p)] =
					(float)catan_holdings__group_total(w->s, (int)p, h);
		if (catan_holdings__group_has_supply(g, h) &&
		    (f = field(w, "supply", gh->group, NULL, 1, CATAN_TENSOR_ONE, 1,
			       CATAN_TENSOR_ONE, CATAN_TENSOR_COUNT)))
			f[0] = (float)catan_holdings__group_total(w->s, CATAN_HOLDING_SUPPLY, h);
	}
}

/* The modules' counters: public, of the game or of each player (which,
 * the game learnt when it was built: catan_tensor__probe()). */
static void
walk_counters(struct walk *w)
{
	const catan_game *g = w->g;
	unsigned flat = 0;

	for (unsigned m = 0; m < g->nmodules; m++) {
		const struct game_module *gm = &g->modules[m];
		const char *const *names = gm->ops->counter_names;

		if (!gm->ops->counter || !names)
			continue;
		for (size_t k = 0; names[k]; k++, flat++) {
			bool of_game = flat < 64 && (g->tensor_game_counters >> flat) & 1u;
			float *f;
			int32_t v;

			if (of_game) {
				if ((f = field(w, "counter", names[k], NULL, 1, CATAN_TENSOR_ONE, 1,
					       CATAN_TENSOR_ONE, CATAN_TENSOR_COUNT)) &&
				    gm->ops->counter(w->s, -1, names[k], &v, st_cmodule(w->s, gm)) ==
					    CATAN_OK)
					f[0] = (float)v;
				continue;
			}
			if ((f = field(w, "counter", names[k], NULL, w->np, CATAN_TENSOR_PLAYER, 1,
				       CATAN_TENSOR_ONE, CATAN_TENSOR_COUNT)))
				for (unsigned p = 0; p < w->np; p++)
					if (gm->ops->counter(w->s, (int)p, names[k], &v,
							     st_cmodule(w->s, gm)) == CATAN_OK)
						f[row_of(w, (int)p)] = (float)v;
		}
	}
}

static void
walk_all(struct walk *w)
{
	const catan_game *g = w->g;
	catan_board_counts bc;
	catan_observation obs = { .version = CATAN_OBSERVATION_VERSION };

	catan_board_counts_get(g, &bc);
	w->np = g->num_players;
	w->owners = (unsigned)catan_game__owners(g);
	w->kinds = (unsigned)g->card_kinds;
	w->devs = (unsigned)g->dev_kinds;
	w->hexes = bc.hexes;
	w->vertices = bc.vertices;
	w->edges = bc.edges;
	w->first_seat = w->observer >= 0 ? (unsigned)w->observer : 0;
	if (w->s)
		catan_state_observe(w->s, w->observer, &obs);
	walk_global(w, &obs);
	walk_hexes(w, &obs);
	walk_places(w);
	walk_sites(w);
	walk_pieces(w);
	walk_players(w, &obs);
	walk_holdings(w);
	walk_counters(w);
}

/* --------------------------------------------------------------- API */

int
catan_tensor__probe(catan_game *g)
{
	catan_state *s = NULL;
	unsigned flat = 0;
	bool counters = false;
	int rc;

	/* Which counters are the game's: asked of a new state, in the games
	 * whose modules keep any. */
	g->tensor_game_counters = 0;
	for (unsigned m = 0; m < g->nmodules; m++)
		counters |= g->modules[m].ops->counter && g->modules[m].ops->counter_names;
	if (counters) {
		rc = catan_state_new(&s, g);
		if (rc != CATAN_OK)
			return rc;
	}
	for (unsigned m = 0; counters && m < g->nmodules; m++) {
		const struct game_module *gm = &g->modules[m];
		const char *const *names = gm->ops->counter_names;

		if (!gm->ops->counter || !names)
			continue;
		for (size_t k = 0; names[k]; k++, flat++) {
			int32_t v;

			if (flat < 64 &&
			    gm->ops->counter(s, -1, names[k], &v, st_cmodule(s, gm)) == CATAN_OK)
				g->tensor_game_counters |= (uint64_t)1 << flat;
		}
	}
	catan_state_free(s);

	struct walk w = { .g = g, .observer = CATAN_OBSERVER_PUBLIC };

	walk_all(&w);
	g->tensor_size = w.off;
	g->ntensor_fields = w.index;
	g->tensor_template = catan__calloc(g->ctx, g->tensor_size * sizeof(float));
	g->tensor_fields = catan__calloc(g->ctx, g->ntensor_fields * sizeof(catan_tensor_field));
	if (!g->tensor_template || !g->tensor_fields) {
		catan__ctx_seterr(g->ctx, "out of memory");
		return CATAN_ENOMEM;
	}
	/* the static fields need the game alone */
	struct walk fill = { .g = g, .observer = CATAN_OBSERVER_PUBLIC, .out = g->tensor_template,
			     .template_fill = true, .table = g->tensor_fields };

	walk_all(&fill);
	return CATAN_OK;
}

void
catan_tensor__dispose(catan_game *g)
{
	if (g->tensor_template)
		catan__free(g->ctx, g->tensor_template, g->tensor_size * sizeof(float));
	if (g->tensor_fields)
		catan__free(g->ctx, g->tensor_fields,
			    g->ntensor_fields * sizeof(catan_tensor_field));
	g->tensor_template = NULL;
	g->tensor_fields = NULL;
}

int
catan_game_tensor_size(const catan_game *g, size_t *size_out)
{
	if (!g || !size_out)
		return CATAN_EINVAL;
	*size_out = g->tensor_size;
	return CATAN_OK;
}

int
catan_game_tensor_field(const catan_game *g, size_t i, catan_tensor_field *out,
			size_t *count_out)
{
	if (!g || !out)
		return CATAN_EINVAL;
	if (count_out)
		*count_out = g->ntensor_fields;
	if (i >= g->ntensor_fields)
		return CATAN_ENOTFOUND;
	*out = g->tensor_fields[i];
	return CATAN_OK;
}

int
catan_game_tensor_find(const catan_game *g, const char *name, catan_tensor_field *out)
{
	if (!g || !name || !out)
		return CATAN_EINVAL;
	for (size_t i = 0; i < g->ntensor_fields; i++) {
		if (strcmp(g->tensor_fields[i].name, name) == 0) {
			*out = g->tensor_fields[i];
			return CATAN_OK;
		}
	}
	catan__ctx_seterr(g->ctx, "the observation tensor of %s has no field \"%s\"",
			  g->canonical, name);
	return CATAN_ENOTFOUND;
}

int
catan_game_tensor_phase(const catan_game *g, unsigned col)
{
	int phase;

	if (!g)
		return CATAN_EINVAL;
	phase_columns(g, -1, NULL, col, &phase);
	return phase;
}

int
catan_state_tensor(const catan_state *s, int observer, float *out, size_t size)
{
	size_t want;

	if (!s || !out)
		return CATAN_EINVAL;
	if (observer != CATAN_OBSERVER_PUBLIC && observer != CATAN_OBSERVER_ALL &&
	    (observer < 0 || observer >= st_ccore(s)->num_players)) {
		catan_state__seterr(s, "no observer %d in a %d-player game", observer,
				    st_ccore(s)->num_players);
		return CATAN_EINVAL;
	}
	want = s->game->tensor_size;
	if (size != want) {
		catan_state__seterr(s, "the observation tensor has %zu floats, not %zu", want, size);
		return CATAN_EINVAL;
	}
	struct walk w = { .g = s->game, .s = s, .observer = observer, .out = out };

	memcpy(out, s->game->tensor_template, size * sizeof(*out));
	walk_all(&w);
	return CATAN_OK;
}
