/*
 * libcatanrules: declared pieces (catanrules/piece.h): declaration,
 * queries, the rules' helpers that keep the bounds, what observers see,
 * the snapshot lines and the edits.
 * SPDX-License-Identifier: MIT
 */
#include <stdio.h>
#include <stdlib.h>

#include "catan-private.h"

/* ---------------------------------------------------------- declaring */

int
catan_game__piece_index(const catan_game *g, const char *name)
{
	for (unsigned k = 0; k < g->npiece_kinds; k++)
		if (strcmp(g->piece_kinds[k].name, name) == 0)
			return (int)k;
	return -1;
}

static int
refuse_spec(catan_game *g, const char *what, const char *name)
{
	catan__ctx_seterr(g->ctx, "piece '%.32s': %s", name ? name : "(null)", what);
	return CATAN_EINVAL;
}

int
catan_game_declare_piece(catan_game *g, const catan_piece_spec *spec)
{
	struct game_piece *gp;

	if (!g || !spec)
		return CATAN_EINVAL;
	/* The layout is computed once every build_game ran. */
	if (g->state_size)
		return refuse_spec(g, "pieces are declared while the game is built", spec->name);
	if (!catan__valid_declared_name(spec->name))
		return refuse_spec(g, "the name must be 1-32 of [a-z0-9_]", spec->name);
	if (spec->place < CATAN_LOC_HEX || spec->place > CATAN_LOC_EDGE)
		return refuse_spec(g, "a piece stands on hexes, intersections or edges",
				   spec->name);
	if (spec->stock == 0 || spec->stock > CATAN_MAX_PIECE_STOCK)
		return refuse_spec(g, "the stock must be 1..32", spec->name);
	if (spec->flags & ~(CATAN_PIECE_MOVES | CATAN_PIECE_ROAD_LIKE | CATAN_PIECE_ROAD_WEIGHT))
		return refuse_spec(g, "unknown flags", spec->name);
	if ((spec->flags & CATAN_PIECE_ROAD_WEIGHT) && spec->place != CATAN_LOC_EDGE)
		return refuse_spec(g, "a piece that lengthens roads stands on edges", spec->name);
	if ((spec->flags & CATAN_PIECE_ROAD_WEIGHT) && (spec->flags & CATAN_PIECE_ROAD_LIKE))
		return refuse_spec(g, "a road-like piece does not lengthen roads", spec->name);
	/* A road-like piece is an edge of its owner's network, alone on it,
	 * and stays where it was built. */
	if ((spec->flags & CATAN_PIECE_ROAD_LIKE) && spec->place != CATAN_LOC_EDGE)
		return refuse_spec(g, "a road-like piece stands on edges", spec->name);
	if ((spec->flags & CATAN_PIECE_ROAD_LIKE) && (spec->flags & CATAN_PIECE_MOVES))
		return refuse_spec(g, "a road-like piece does not move", spec->name);
	if ((spec->flags & CATAN_PIECE_ROAD_LIKE) && spec->stack_limit > 1)
		return refuse_spec(g, "a road-like piece stands alone on its edge (stack limit 1)",
				   spec->name);
	if (g->npiece_kinds >= CATAN_MAX_PIECE_KINDS)
		return refuse_spec(g, "too many kinds of pieces in one game", spec->name);
	if (catan_game__piece_index(g, spec->name) >= 0)
		return refuse_spec(g, "the name is taken", spec->name);
	if (spec->flags & CATAN_PIECE_ROAD_WEIGHT)
		g->road_weight_kinds |= 1u << g->npiece_kinds;
	gp = &g->piece_kinds[g->npiece_kinds++];
	gp->name = spec->name;
	gp->place = (uint8_t)spec->place;
	gp->flags = (uint8_t)spec->flags;
	gp->stock = spec->stock;
	gp->stack_limit = (spec->flags & CATAN_PIECE_ROAD_LIKE) ? 1 : spec->stack_limit;
	/* Offsets wait for the owner count: catan_game__pieces_size(). */
	gp->offset = 0;
	return CATAN_OK;
}

size_t
catan_game__pieces_layout(catan_game *g)
{
	size_t off = 0;

	for (unsigned k = 0; k < g->npiece_kinds; k++) {
		g->piece_kinds[k].offset = (uint32_t)off;
		off += (size_t)g->piece_kinds[k].stock * (size_t)catan_game__owners(g) *
		       sizeof(uint16_t);
	}
	return off;
}

void
catan_state__pieces_init(catan_state *s)
{
	const catan_game *g = s->game;

	for (unsigned k = 0; k < g->npiece_kinds; k++)
		for (int o = 0; o < catan_game__owners(g); o++)
			for (unsigned i = 0; i < g->piece_kinds[k].stock; i++)
				st_piece_slots(s, k, o)[i] = PIECE_IN_STOCK;
}

unsigned
catan_game__piece_places(const catan_game *g, unsigned k)
{
	switch (g->piece_kinds[k].place) {
	case CATAN_LOC_HEX:
		return g->board.nhex;
	case CATAN_LOC_VERTEX:
		return g->board.nvert;
	default:
		return g->board.nedge;
	}
}

/* ------------------------------------------------------ rules' helpers */

unsigned
catan_pieces__stock_left(const catan_state *s, unsigned k, int owner)
{
	const uint16_t *slot = st_cpiece_slots(s, k, owner);
	unsigned n = s->game->piece_kinds[k].stock, left = 0;

	/* In-stock slots sort last. */
	while (left < n && slot[n - 1 - left] == PIECE_IN_STOCK)
		left++;
	return left;
}

unsigned
catan_pieces__count_at(const catan_state *s, unsigned k, int owner, unsigned loc)
{
	const catan_game *g = s->game;
	unsigned n = 0;
	int lo = owner < 0 ? 0 : owner, hi = owner < 0 ? catan_game__owners(g) : owner + 1;

	for (int o = lo; o < hi; o++) {
		const uint16_t *slot = st_cpiece_slots(s, k, o);

		for (unsigned i = 0; i < g->piece_kinds[k].stock && slot[i] <= loc; i++)
			n += slot[i] == loc;
	}
	return n;
}

int
catan_pieces__room_at(const catan_state *s, unsigned k, unsigned loc)
{
	const struct game_piece *gp = &s->game->piece_kinds[k];

	if (loc >= catan_game__piece_places(s->game, k))
		return CATAN_REASON_BAD_LOCATION;
	/* A road-like piece shares its edge with no road and no piece of
	 * any road-like kind (its byte says). */
	if ((gp->flags & CATAN_PIECE_ROAD_LIKE) && st_cedge(s)[loc] != 0)
		return CATAN_REASON_OCCUPIED;
	if (gp->stack_limit && catan_pieces__count_at(s, k, -1, loc) >= gp->stack_limit)
		return CATAN_REASON_OCCUPIED;
	return CATAN_REASON_NONE;
}

int
catan_pieces__check_place(const catan_state *s, unsigned k, int owner, unsigned loc)
{
	if (catan_pieces__stock_left(s, k, owner) == 0)
		return CATAN_REASON_NO_PIECES_LEFT;
	return catan_pieces__room_at(s, k, loc);
}

static bool
road_like(const catan_state *s, unsigned k)
{
	return (s->game->piece_kinds[k].flags & CATAN_PIECE_ROAD_LIKE) != 0;
}

/* A piece that lengthens roads came to or left @edge: its network's
 * owner's length and Longest Road change with it (on an edge without a
 * road, nothing does). */
static void
weight_changed(catan_state *s, unsigned edge)
{
	uint8_t b = edge < s->game->board.nedge ? st_cedge(s)[edge] : 0;

	if (b != 0)
		catan_awards__refresh_longest_road(s, PIECE_OWNER(b) < 32 ?
						      1u << PIECE_OWNER(b) : ~0u);
}

/* One of @owner's pieces of kind @k from stock to @loc in the slots alone;
 * false if the stock is empty. */
static bool
slot_insert(catan_state *s, unsigned k, int owner, unsigned loc)
{
	uint16_t *slot = st_piece_slots(s, k, owner);
	unsigned i = s->game->piece_kinds[k].stock - 1;

	if (slot[i] != PIECE_IN_STOCK)
		return false;
	/* Insertion into the sorted slots: the last one is free. */
	for (; i > 0 && slot[i - 1] > loc; i--)
		slot[i] = slot[i - 1];
	slot[i] = (uint16_t)loc;
	return true;
}

void
catan_pieces__place(catan_state *s, unsigned k, int owner, unsigned loc)
{
	/* A road-like piece never covers what its edge holds (the callers
	 * checked; the byte is its only record besides the slot). */
	if (road_like(s, k) && (loc >= s->game->board.nedge || st_cedge(s)[loc] != 0))
		return;
	if (!slot_insert(s, k, owner, loc))
		return;
	if (road_like(s, k))
		catan_build__join_network(s, owner, loc, EDGE_KIND_NETWORK);
	else if ((s->game->road_weight_kinds >> k) & 1u)
		weight_changed(s, loc);
}

bool
catan_pieces__remove(catan_state *s, unsigned k, int owner, unsigned loc)
{
	uint16_t *slot = st_piece_slots(s, k, owner);
	unsigned n = s->game->piece_kinds[k].stock, i = 0;

	if (loc == PIECE_IN_STOCK)
		return false;
	while (i < n && slot[i] != loc)
		i++;
	if (i == n)
		return false;
	for (; i + 1 < n; i++)
		slot[i] = slot[i + 1];
	slot[n - 1] = PIECE_IN_STOCK;
	if (road_like(s, k))
		catan_build__leave_network(s, loc);
	else if ((s->game->road_weight_kinds >> k) & 1u)
		weight_changed(s, loc);
	return true;
}

int
catan_pieces__network_kind_at(const catan_state *s, unsigned edge)
{
	const catan_game *g = s->game;
	uint8_t b;

	if (edge >= g->board.nedge || !(b = st_cedge(s)[edge]) ||
	    PIECE_KIND(b) != EDGE_KIND_NETWORK)
		return -1;
	for (unsigned k = 0; k < g->npiece_kinds; k++)
		if (road_like(s, k) && catan_pieces__count_at(s, k, PIECE_OWNER(b), edge))
			return (int)k;
	return -1;
}

bool
catan_pieces__move(catan_state *s, unsigned k, int owner, unsigned from, unsigned to)
{
	if (!catan_pieces__remove(s, k, owner, from))
		return false;
	catan_pieces__place(s, k, owner, to);
	return true;
}

/* ------------------------------------------------------------ queries */

int
catan_game_piece_count(const catan_game *g)
{
	return g ? g->npiece_kinds : CATAN_EINVAL;
}

int
catan_game_piece(const catan_game *g, unsigned kind, catan_piece_info *out)
{
	const struct game_piece *gp;

	if (!g || !out || kind >= g->npiece_kinds)
		return CATAN_EINVAL;
	gp = &g->piece_kinds[kind];
	out->name = gp->name;
	out->place = gp->place;
	out->stock = gp->stock;
	out->stack_limit = gp->stack_limit;
	out->flags = gp->flags;
	return CATAN_OK;
}

int
catan_game_piece_find(const catan_game *g, const char *name)
{
	int k;

	if (!g || !name)
		return CATAN_EINVAL;
	k = catan_game__piece_index(g, name);
	return k < 0 ? CATAN_ENOTFOUND : k;
}

/* A kind and owner of the state's game (owner -1 too if @all). */
static bool
valid_kind_owner(const catan_state *s, unsigned kind, int owner, bool all)
{
	if (kind >= s->game->npiece_kinds ||
	    owner < (all ? -1 : 0) || owner >= catan_game__owners(s->game)) {
		catan_state__seterr(s, "no piece kind %u or owner %d in this game", kind, owner);
		return false;
	}
	return true;
}

int
catan_state_piece_stock(const catan_state *s, unsigned kind, int owner, uint32_t *out)
{
	if (!s || !out || !valid_kind_owner(s, kind, owner, false))
		return CATAN_EINVAL;
	*out = catan_pieces__stock_left(s, kind, owner);
	return CATAN_OK;
}

int
catan_state_pieces_at(const catan_state *s, unsigned kind, int owner, unsigned location,
		      uint32_t *out)
{
	if (!s || !out || !valid_kind_owner(s, kind, owner, true))
		return CATAN_EINVAL;
	if (location >= catan_game__piece_places(s->game, kind)) {
		catan_state__seterr(s, "no place %u for a '%s'", location,
				    s->game->piece_kinds[kind].name);
		return CATAN_EINVAL;
	}
	*out = catan_pieces__count_at(s, kind, owner, location);
	return CATAN_OK;
}

int
catan_state_piece_locations(const catan_state *s, unsigned kind, int owner, uint16_t *buf,
			    size_t cap, size_t *n_out)
{
	const uint16_t *slot;
	size_t n;

	if (!s || (!buf && cap) || !valid_kind_owner(s, kind, owner, false))
		return CATAN_EINVAL;
	slot = st_cpiece_slots(s, kind, owner);
	n = s->game->piece_kinds[kind].stock - catan_pieces__stock_left(s, kind, owner);
	if (n_out)
		*n_out = n;
	if (n > cap)
		return CATAN_EBUFS;
	for (size_t i = 0; i < n; i++)
		buf[i] = slot[i];
	return CATAN_OK;
}

/* --------------------------------------------------------------- text */

/* " <place>" for each of the owner's pieces on the board. */
static void
put_places(struct catan_text *w, const catan_state *s, unsigned k, int owner)
{
	const uint16_t *slot = st_cpiece_slots(s, k, owner);
	const struct game_piece *gp = &s->game->piece_kinds[k];

	for (unsigned i = 0; i < gp->stock && slot[i] != PIECE_IN_STOCK; i++) {
		catan_text__put(w, " ");
		(void)catan_text__location(w, s->game, gp->place, slot[i]);
	}
}

void
catan_text__declared_pieces(struct catan_text *w, const catan_state *s)
{
	const catan_game *g = s->game;

	for (unsigned k = 0; k < g->npiece_kinds; k++)
		for (int o = 0; o < catan_game__owners(g); o++) {
			catan_text__put(w, "piece %s p%d stock %u", g->piece_kinds[k].name, o,
					catan_pieces__stock_left(s, k, o));
			put_places(w, s, k, o);
			catan_text__put(w, "\n");
		}
}

void
catan_text__declared_pieces_snapshot(struct catan_text *w, const catan_state *s)
{
	const catan_game *g = s->game;

	for (unsigned k = 0; k < g->npiece_kinds; k++)
		for (int o = 0; o < catan_game__owners(g); o++) {
			if (catan_pieces__stock_left(s, k, o) == g->piece_kinds[k].stock)
				continue;
			catan_text__put(w, "piece %s p%d", g->piece_kinds[k].name, o);
			put_places(w, s, k, o);
			catan_text__put(w, "\n");
		}
}

static bool
parse_owner(const catan_game *g, const char *t, int *out)
{
	char *end;
	long v;

	if (t[0] != 'p' || t[1] < '0' || t[1] > '9' || (t[1] == '0' && t[2]))
		return false;
	v = strtol(t + 1, &end, 10);
	if (*end || v >= catan_game__owners(g))
		return false;
	*out = (int)v;
	return true;
}

bool
catan_pieces__read(catan_state *s, char *const *tok, int ntok, uint32_t *seen, char *why,
		   size_t cap)
{
	const catan_game *g = s->game;
	const struct game_piece *gp;
	int k, owner;

	if (ntok < 2 || (k = catan_game__piece_index(g, tok[1])) < 0) {
		snprintf(why, cap, "this game has no piece '%.40s'", ntok < 2 ? "" : tok[1]);
		return false;
	}
	gp = &g->piece_kinds[k];
	if (ntok < 4 || !parse_owner(g, tok[2], &owner)) {
		snprintf(why, cap, "piece '%s' needs an owner p0..p%d and its places", gp->name,
			 catan_game__owners(g) - 1);
		return false;
	}
	if (seen[k] & (UINT32_C(1) << owner)) {
		snprintf(why, cap, "piece '%s' of p%d given twice", gp->name, owner);
		return false;
	}
	if (ntok - 3 > gp->stock) {
		snprintf(why, cap, "p%d has %d '%s' on the board; the stock is %u", owner,
			 ntok - 3, gp->name, (unsigned)gp->stock);
		return false;
	}
	for (int i = 3; i < ntok; i++) {
		unsigned id;
		int kind;

		if (catan_location_parse(g, tok[i], &kind, &id) != CATAN_OK ||
		    kind != gp->place) {
			snprintf(why, cap, "piece '%s': '%.40s' is not a place for it", gp->name,
				 tok[i]);
			return false;
		}
		/* A road-like piece is its edge's byte (the piece sets and
		 * awards follow from the bytes once the load is read). */
		if (road_like(s, (unsigned)k)) {
			if (st_cedge(s)[id] != 0) {
				snprintf(why, cap, "piece '%s' on %.40s: the edge already holds a road or piece",
					 gp->name, tok[i]);
				return false;
			}
			st_edge(s)[id] = PIECE_BYTE(owner, EDGE_KIND_NETWORK);
		}
		(void)slot_insert(s, (unsigned)k, owner, id);
	}
	seen[k] |= UINT32_C(1) << owner;
	return true;
}

bool
catan_pieces__valid(const catan_state *s, char *why, size_t cap)
{
	const catan_game *g = s->game;

	for (unsigned k = 0; k < g->npiece_kinds; k++) {
		const struct game_piece *gp = &g->piece_kinds[k];

		if (!gp->stack_limit)
			continue;
		for (int o = 0; o < catan_game__owners(g); o++) {
			const uint16_t *slot = st_cpiece_slots(s, k, o);

			for (unsigned i = 0; i < gp->stock && slot[i] != PIECE_IN_STOCK; i++) {
				unsigned n = catan_pieces__count_at(s, k, -1, slot[i]);

				if (n > gp->stack_limit) {
					char loc[32] = "?";

					(void)catan_location_format(g, gp->place, slot[i], loc,
								    sizeof(loc), NULL);
					snprintf(why, cap, "%u '%s' on %s; at most %u", n,
						 gp->name, loc, (unsigned)gp->stack_limit);
					return false;
				}
			}
		}
	}
	return true;
}

/* -------------------------------------------------------------- edits */

static int
place_piece(catan_state *s, unsigned kind, int owner, unsigned location)
{
	int reason;

	if (!s)
		return CATAN_EINVAL;
	if (!valid_kind_owner(s, kind, owner, false)) {
		catan_state__seterr(s, "edit refused: no piece kind %u or owner %d", kind, owner);
		return CATAN_EINVAL;
	}
	reason = catan_pieces__check_place(s, kind, owner, location);
	if (reason) {
		catan_state__seterr(s, "edit refused: p%d cannot put a '%s' on %u: %s", owner,
				    s->game->piece_kinds[kind].name, location,
				    catan_reason_name(reason));
		return CATAN_EINVAL;
	}
	catan_pieces__place(s, kind, owner, location);
	return CATAN_OK;
}

static int
remove_piece(catan_state *s, unsigned kind, int owner, unsigned location)
{
	if (!s)
		return CATAN_EINVAL;
	if (!valid_kind_owner(s, kind, owner, false)) {
		catan_state__seterr(s, "edit refused: no piece kind %u or owner %d", kind, owner);
		return CATAN_EINVAL;
	}
	if (!catan_pieces__remove(s, kind, owner, location)) {
		catan_state__seterr(s, "edit refused: p%d has no '%s' on %u", owner,
				    s->game->piece_kinds[kind].name, location);
		return CATAN_EINVAL;
	}
	return CATAN_OK;
}

int
catan_edit_place_piece(catan_state *s, unsigned kind, int owner, unsigned location)
{
	CATAN_EDIT(s, place_piece(s, kind, owner, location));
}

int
catan_edit_remove_piece(catan_state *s, unsigned kind, int owner, unsigned location)
{
	CATAN_EDIT(s, remove_piece(s, kind, owner, location));
}
