/*
 * libcatanrules: where roads, settlements and cities may go, and placing them.
 * SPDX-License-Identifier: MIT
 */

#include "catan-private.h"

/* Roads connect through road-like pieces too (CATAN_PIECE_ROAD_LIKE:
 * "A bridge is part of its owner's network", RULINGS T17). */
static bool
is_road_of(uint8_t edge_byte, int player)
{
	return edge_in_network_of(edge_byte, player);
}

/* Does one of the player's roads end at the vertex (other than @skip)? */
static bool
has_road_at(const catan_state *s, int player, unsigned vertex, unsigned skip)
{
	const struct board_vertex *bv = &s->game->board.vert[vertex];
	const uint8_t *edges = st_cedge(s);

	for (unsigned i = 0; i < bv->nadj && i < BOARD_VERTEX_PATHS; i++) {
		unsigned e = bv->edge[i];

		if (e == BOARD_NONE || e == skip || e >= s->game->board.nedge)
			continue;
		if (is_road_of(edges[e], player))
			return true;
	}
	return false;
}

static bool
has_free_edge_at(const catan_state *s, unsigned vertex)
{
	const struct board_vertex *bv = &s->game->board.vert[vertex];
	const uint8_t *edges = st_cedge(s);

	for (unsigned i = 0; i < bv->nadj && i < BOARD_VERTEX_PATHS; i++) {
		unsigned e = bv->edge[i];

		if (e != BOARD_NONE && e < s->game->board.nedge &&
		    edges[e] == 0 && !(s->game->board.edge[e].flags & BOARD_EDGE_NO_ROAD))
			return true;
	}
	return false;
}

/*
 * A road connects at an end that holds the player's own building, or at an
 * end free of other players' buildings where another of the player's roads
 * ends: "You cannot extend a road through a colony or other city" (05.D).
 * Road-like pieces connect the same way ("A new bridge must connect to one
 * of your existing roads or buildings. You may not build a bridge past an
 * opponent's settlement or city.", traders-and-barbarians.txt, Rivers of
 * Catan), so their rules ask this too.
 */
bool
catan_build__network_reaches(const catan_state *s, int player, unsigned edge)
{
	const struct board_edge *be;
	const uint8_t *verts = st_cvert(s);

	if (player < 0 || player >= catan_game__owners(s->game) ||
	    edge >= s->game->board.nedge)
		return false;
	be = &s->game->board.edge[edge];
	for (unsigned j = 0; j < 2; j++) {
		unsigned v = be->vert[j];

		if (v >= s->game->board.nvert)
			continue;
		if (verts[v] != 0) {
			if (PIECE_OWNER(verts[v]) == player)
				return true;
			continue;
		}
		if (has_road_at(s, player, v, edge))
			return true;
	}
	return false;
}

int
catan_build__check_road(const catan_state *s, int player, unsigned edge, bool setup)
{
	const struct board *b = &s->game->board;
	const struct core_state *core = st_ccore(s);
	const struct board_edge *be;

	if (player < 0 || player >= catan_game__owners(s->game))
		return CATAN_REASON_BAD_ARGUMENT;
	if (edge >= b->nedge)
		return CATAN_REASON_BAD_LOCATION;
	if (st_cedge(s)[edge] != 0)
		return CATAN_REASON_OCCUPIED;
	if (st_cplayer(s, player)->roads_left == 0)
		return CATAN_REASON_NO_PIECES_LEFT;
	be = &b->edge[edge];
	if (be->flags & BOARD_EDGE_NO_ROAD) {
		catan_state__seterr(s, "no road may be built on e%u (a site of the board forbids it)",
				    edge);
		return CATAN_REASON_VARIANT_RULE;
	}
	if (setup) {
		/* The set-up road leaves the settlement just placed (04). */
		if (be->vert[0] != core->setup_vertex &&
		    be->vert[1] != core->setup_vertex)
			return CATAN_REASON_SETUP_ORDER;
		return CATAN_REASON_NONE;
	}
	if (!catan_build__network_reaches(s, player, edge))
		return CATAN_REASON_NOT_CONNECTED;
	return CATAN_REASON_NONE;
}

bool
catan_build__distance_ok(const catan_state *s, unsigned vertex)
{
	const struct board *b = &s->game->board;
	const uint8_t *verts = st_cvert(s);
	const struct board_vertex *bv;

	if (vertex >= b->nvert)
		return false;
	/* The distance rule binds one's own buildings too (04.3). */
	bv = &b->vert[vertex];
	for (unsigned i = 0; i < bv->nadj && i < BOARD_VERTEX_PATHS; i++) {
		unsigned a = bv->adj[i];

		if (a < b->nvert && verts[a] != 0)
			return false;
	}
	return true;
}

int
catan_build__check_settlement(const catan_state *s, int player, unsigned vertex,
			      bool setup)
{
	const struct board *b = &s->game->board;

	if (player < 0 || player >= catan_game__owners(s->game))
		return CATAN_REASON_BAD_ARGUMENT;
	if (vertex >= b->nvert)
		return CATAN_REASON_BAD_LOCATION;
	if (st_cvert(s)[vertex] != 0)
		return CATAN_REASON_OCCUPIED;
	if (st_cplayer(s, player)->settlements_left == 0)
		return CATAN_REASON_NO_PIECES_LEFT;
	if (!catan_build__distance_ok(s, vertex))
		return CATAN_REASON_DISTANCE_RULE;
	if (setup) {
		/* The set-up road must fit next to it (04.2). */
		if (!has_free_edge_at(s, vertex))
			return CATAN_REASON_OCCUPIED;
		return CATAN_REASON_NONE;
	}
	if (!has_road_at(s, player, vertex, BOARD_NONE))
		return CATAN_REASON_NOT_CONNECTED;
	return CATAN_REASON_NONE;
}

int
catan_build__check_city(const catan_state *s, int player, unsigned vertex)
{
	uint8_t byte;

	if (player < 0 || player >= catan_game__owners(s->game))
		return CATAN_REASON_BAD_ARGUMENT;
	if (vertex >= s->game->board.nvert)
		return CATAN_REASON_BAD_LOCATION;
	byte = st_cvert(s)[vertex];
	if (byte == 0 || PIECE_OWNER(byte) != player ||
	    PIECE_KIND(byte) != CATAN_PIECE_SETTLEMENT)
		return CATAN_REASON_NOT_OWN_SETTLEMENT;
	if (st_cplayer(s, player)->cities_left == 0)
		return CATAN_REASON_NO_PIECES_LEFT;
	return CATAN_REASON_NONE;
}

/* Boards up to this many edges or intersections take the bitset path. */
#define SCAN_WORDS 64

static void
mark_free_edges_at(const catan_state *s, unsigned vertex, uint64_t *mask)
{
	const struct board_vertex *bv = &s->game->board.vert[vertex];
	const uint8_t *edges = st_cedge(s);

	for (unsigned i = 0; i < bv->nadj && i < BOARD_VERTEX_PATHS; i++) {
		unsigned e = bv->edge[i];

		if (edges[e] == 0 && !(s->game->board.edge[e].flags & BOARD_EDGE_NO_ROAD))
			mask[e >> 6] |= 1ull << (e & 63);
	}
}

static size_t
emit_bits(const uint64_t *mask, size_t words, uint16_t *out, size_t cap)
{
	size_t n = 0;

	for (size_t w = 0; w < words; w++) {
		uint64_t bits = mask[w];

		while (bits) {
			if (n < cap)
				out[n] = (uint16_t)(w * 64 + (unsigned)__builtin_ctzll(bits));
			n++;
			bits &= bits - 1;
		}
	}
	return n;
}

/*
 * Boards up to 128 edges and 64 intersections (the base island: 72 and 54;
 * struct board has their masks) take a faster path: the piece bytes are
 * read as bitsets (catan_bytes__sets()) and the places come from set bits.
 */

/* Both ends of every edge in the set, as an intersection set. */
static uint64_t
ends_of(const struct board *b, const uint64_t edges[2])
{
	uint64_t v = 0;

	for (unsigned w = 0; w < 2; w++)
		for (uint64_t bits = edges[w]; bits; bits &= bits - 1)
			v |= b->edge_ends[w * 64 + (unsigned)__builtin_ctzll(bits)];
	return v;
}

static bool
fast_board(const struct board *b)
{
	return b->masks_ok;
}

/* An owner's list (OWNER_ROADS or OWNER_BUILDINGS) in the block @l, and
 * its room. */
static inline uint16_t *
list_ids(const catan_game *g, uint16_t *l, unsigned which)
{
	return l + 2 + (which == OWNER_BUILDINGS ? g->list_roads : 0);
}

static inline unsigned
list_room(const catan_game *g, unsigned which)
{
	return which == OWNER_BUILDINGS ? g->list_buildings : g->list_roads;
}

/* The owners' piece lists from the piece bytes (boards without masks):
 * in id order, so each list comes out ascending. */
static void
refresh_lists(catan_state *s)
{
	const catan_game *g = s->game;
	int owners = catan_game__owners(g);

	for (int p = 0; p < owners; p++)
		memset(st_lists(s, p), 0, g->list_stride);
	for (unsigned which = OWNER_ROADS; which <= OWNER_BUILDINGS; which++) {
		const uint8_t *bytes = which == OWNER_ROADS ? st_cedge(s) : st_cvert(s);
		unsigned places = which == OWNER_ROADS ? g->board.nedge : g->board.nvert;

		for (unsigned id = 0; id < places; id++) {
			uint16_t *l;

			if (bytes[id] == 0 || (unsigned)PIECE_OWNER(bytes[id]) >= (unsigned)owners)
				continue;
			l = st_lists(s, PIECE_OWNER(bytes[id]));
			if (l[which] == OWNER_LIST_LOST)
				continue;
			if (l[which] >= list_room(g, which))
				l[which] = OWNER_LIST_LOST;
			else
				list_ids(g, l, which)[l[which]++] = (uint16_t)id;
		}
	}
}

/* @id joins the owner's list, in its place in ascending order. */
static void
list_insert(catan_state *s, int p, unsigned which, unsigned id)
{
	uint16_t *l = st_lists(s, p), *ids = list_ids(s->game, l, which);
	unsigned n = l[which];

	if (n == OWNER_LIST_LOST)
		return;
	if (n >= list_room(s->game, which)) {
		l[which] = OWNER_LIST_LOST;
		return;
	}
	while (n > 0 && ids[n - 1] > id) {
		ids[n] = ids[n - 1];
		n--;
	}
	ids[n] = (uint16_t)id;
	l[which]++;
}

/* @id leaves the owner's list (if it is there). */
static void
list_remove(catan_state *s, int p, unsigned which, unsigned id)
{
	uint16_t *l = st_lists(s, p), *ids = list_ids(s->game, l, which);
	unsigned n = l[which], i = 0;

	if (n == OWNER_LIST_LOST)
		return;
	while (i < n && ids[i] != id)
		i++;
	if (i == n)
		return;
	for (; i + 1 < n; i++)
		ids[i] = ids[i + 1];
	ids[n - 1] = 0;
	l[which]--;
}

void
catan_build__refresh_sets(catan_state *s)
{
	const struct board *b = &s->game->board;

	if (s->game->off_lists)
		refresh_lists(s);
	if (!s->game->off_sets)
		return;
	for (int p = 0; p < catan_game__owners(s->game); p++) {
		struct owner_sets *os = st_sets(s, p);

		os->roads[0] = os->roads[1] = 0;
		os->buildings = 0;
		/* roads and road-like pieces alike: the owner's network */
		catan_bytes__sets(st_cedge(s), b->nedge, PIECE_OWNER_MASK, (uint8_t)(p + 1),
				  os->roads, NULL);
		catan_bytes__sets(st_cvert(s), b->nvert, PIECE_OWNER_MASK, (uint8_t)(p + 1),
				  &os->buildings, NULL);
	}
}

void
catan_build__sets(const catan_state *s, int player, uint64_t own_roads[2],
		  uint64_t any_roads[2], uint64_t *own_buildings, uint64_t *any_buildings)
{
	int owners = catan_game__owners(s->game);
	uint64_t r0 = 0, r1 = 0, v = 0;

	for (int p = 0; p < owners; p++) {
		const struct owner_sets *os = st_csets(s, p);

		r0 |= os->roads[0];
		r1 |= os->roads[1];
		v |= os->buildings;
	}
	if (own_roads) {
		own_roads[0] = st_csets(s, player)->roads[0];
		own_roads[1] = st_csets(s, player)->roads[1];
	}
	if (any_roads) {
		any_roads[0] = r0;
		any_roads[1] = r1;
	}
	if (own_buildings)
		*own_buildings = st_csets(s, player)->buildings;
	if (any_buildings)
		*any_buildings = v;
}

/* legal_roads() on a small board: see below. */
static void
fast_legal_roads(const catan_state *s, int player, uint64_t out[2])
{
	const struct board *b = &s->game->board;
	uint64_t own_roads[2], any_road[2], own_v, any_v, from;

	catan_build__sets(s, player, own_roads, any_road, &own_v, &any_v);
	from = own_v | (ends_of(b, own_roads) & ~any_v);
	board_edges_at(b, from, out);
	out[0] &= ~(any_road[0] | b->no_road[0]);
	out[1] &= ~(any_road[1] | b->no_road[1]);
}

/* legal_settlements() on a small board. */
static uint64_t
fast_legal_settlements(const catan_state *s, int player)
{
	const struct board *b = &s->game->board;
	uint64_t own_roads[2], any_v, ends, out = 0;

	catan_build__sets(s, player, own_roads, NULL, NULL, &any_v);
	ends = ends_of(b, own_roads) & ~any_v;
	/* The distance rule binds one's own buildings too (04.3). */
	for (uint64_t bits = ends; bits; bits &= bits - 1) {
		unsigned v = (unsigned)__builtin_ctzll(bits);

		if (!(b->vert_adj[v] & any_v))
			out |= 1ull << v;
	}
	return out;
}

/* The ends of the player's roads as a set of intersections (@ends: room
 * for the board's). */
static void
road_ends(const catan_state *s, int player, uint64_t *ends)
{
	const struct board *b = &s->game->board;
	struct owned_pieces roads;
	unsigned e;

	memset(ends, 0, (((size_t)b->nvert + 63) / 64) * sizeof(*ends));
	owned_pieces_init(&roads, s, player, OWNER_ROADS);
	while (owned_pieces_next(&roads, &e))
		for (unsigned j = 0; j < 2; j++)
			ends[b->edge[e].vert[j] >> 6] |= 1ull << (b->edge[e].vert[j] & 63);
}

/*
 * Every free edge at an intersection the player can build from: one of
 * their buildings, or an end of one of their roads not taken by another
 * player's building. This is catan_build__network_reaches() turned around, so the list
 * comes out in id order without testing every edge of the board.
 */
size_t
catan_build__legal_roads(const catan_state *s, int player, uint16_t *out, size_t cap)
{
	const struct board *b = &s->game->board;
	const uint8_t *verts = st_cvert(s);
	struct owned_pieces buildings;
	uint64_t mask[SCAN_WORDS], ends[SCAN_WORDS];
	size_t words = ((size_t)b->nedge + 63) / 64;
	unsigned v;

	if (player < 0 || player >= catan_game__owners(s->game) ||
	    st_cplayer(s, player)->roads_left == 0)
		return 0;
	if (fast_board(b)) {
		fast_legal_roads(s, player, mask);
		return emit_bits(mask, words, out, cap);
	}
	if (words > SCAN_WORDS || b->nvert > SCAN_WORDS * 64) {
		size_t n = 0;

		for (unsigned e = 0; e < b->nedge; e++) {
			if (catan_build__check_road(s, player, e, false) != CATAN_REASON_NONE)
				continue;
			if (n < cap)
				out[n] = (uint16_t)e;
			n++;
		}
		return n;
	}
	memset(mask, 0, words * sizeof(mask[0]));
	road_ends(s, player, ends);
	for (size_t w = 0; w < ((size_t)b->nvert + 63) / 64; w++)
		for (uint64_t bits = ends[w]; bits; bits &= bits - 1) {
			v = (unsigned)(w * 64 + (unsigned)__builtin_ctzll(bits));
			if (verts[v] == 0 || PIECE_OWNER(verts[v]) == player)
				mark_free_edges_at(s, v, mask);
		}
	owned_pieces_init(&buildings, s, player, OWNER_BUILDINGS);
	while (owned_pieces_next(&buildings, &v))
		mark_free_edges_at(s, v, mask);
	return emit_bits(mask, words, out, cap);
}

/* Free intersections at the ends of the player's roads that keep the
 * distance rule, in id order. */
size_t
catan_build__legal_settlements(const catan_state *s, int player, uint16_t *out, size_t cap)
{
	const struct board *b = &s->game->board;
	const uint8_t *verts = st_cvert(s);
	uint64_t mask[SCAN_WORDS];
	size_t words = ((size_t)b->nvert + 63) / 64;

	if (player < 0 || player >= catan_game__owners(s->game) ||
	    st_cplayer(s, player)->settlements_left == 0)
		return 0;
	if (fast_board(b)) {
		mask[0] = fast_legal_settlements(s, player);
		return emit_bits(mask, 1, out, cap);
	}
	if (words > SCAN_WORDS) {
		size_t n = 0;

		for (unsigned v = 0; v < b->nvert; v++) {
			if (catan_build__check_settlement(s, player, v, false) != CATAN_REASON_NONE)
				continue;
			if (n < cap)
				out[n] = (uint16_t)v;
			n++;
		}
		return n;
	}
	road_ends(s, player, mask);
	for (size_t w = 0; w < words; w++)
		for (uint64_t bits = mask[w]; bits; bits &= bits - 1) {
			unsigned v = (unsigned)(w * 64 + (unsigned)__builtin_ctzll(bits));

			if (verts[v] != 0 || !catan_build__distance_ok(s, v))
				mask[w] &= ~(bits & -bits);
		}
	return emit_bits(mask, words, out, cap);
}

/* The player's settlements, where a city may go, in id order. */
size_t
catan_build__legal_cities(const catan_state *s, int player, uint16_t *out, size_t cap)
{
	const uint8_t *verts = st_cvert(s);
	struct owned_pieces buildings;
	size_t n = 0;
	unsigned v;

	if (player < 0 || player >= catan_game__owners(s->game) ||
	    st_cplayer(s, player)->cities_left == 0)
		return 0;
	owned_pieces_init(&buildings, s, player, OWNER_BUILDINGS);
	while (owned_pieces_next(&buildings, &v)) {
		if (verts[v] != PIECE_BYTE(player, CATAN_PIECE_SETTLEMENT))
			continue;
		if (n < cap)
			out[n] = (uint16_t)v;
		n++;
	}
	return n;
}

/* Set-up settlements (check_settlement(..., true)) in id order. */
size_t
catan_build__legal_setup_settlements(const catan_state *s, int player,
				     uint16_t *out, size_t cap)
{
	const struct board *b = &s->game->board;
	uint64_t any_v = 0, blocked, all;
	size_t n = 0;

	if (player < 0 || player >= st_ccore(s)->num_players ||
	    st_cplayer(s, player)->settlements_left == 0)
		return 0;
	if (!fast_board(b)) {
		const uint8_t *verts = st_cvert(s);

		/* check_settlement(..., true) at every intersection, the player
		 * and the stock checked once above */
		for (unsigned v = 0; v < b->nvert; v++) {
			if (verts[v] != 0 || !catan_build__distance_ok(s, v) || !has_free_edge_at(s, v))
				continue;
			if (n < cap)
				out[n] = (uint16_t)v;
			n++;
		}
		return n;
	}
	/* Free intersections not next to a building (distance rule). */
	catan_build__sets(s, player, NULL, NULL, NULL, &any_v);
	blocked = any_v;
	for (uint64_t bits = any_v; bits; bits &= bits - 1)
		blocked |= b->vert_adj[__builtin_ctzll(bits)];
	all = b->nvert == 64 ? ~0ull : (1ull << b->nvert) - 1;
	for (uint64_t bits = all & ~blocked; bits; bits &= bits - 1) {
		unsigned v = (unsigned)__builtin_ctzll(bits);

		/* The set-up road must fit next to it (04.2). */
		if (!has_free_edge_at(s, v))
			continue;
		if (n < cap)
			out[n] = (uint16_t)v;
		n++;
	}
	return n;
}

/* Set-up roads (check_road(..., true)): the free edges at the settlement
 * just placed, in id order. */
size_t
catan_build__legal_setup_roads(const catan_state *s, int player, uint16_t *out, size_t cap)
{
	const struct board *b = &s->game->board;
	const uint8_t *edges = st_cedge(s);
	unsigned v = st_ccore(s)->setup_vertex, ids[BOARD_VERTEX_PATHS], n = 0;
	const struct board_vertex *bv;

	if (player < 0 || player >= st_ccore(s)->num_players ||
	    st_cplayer(s, player)->roads_left == 0 || v >= b->nvert)
		return 0;
	bv = &b->vert[v];
	for (unsigned i = 0; i < bv->nadj && i < BOARD_VERTEX_PATHS; i++) {
		unsigned e = bv->edge[i], j = n;

		if (e >= b->nedge || edges[e] != 0 || (b->edge[e].flags & BOARD_EDGE_NO_ROAD))
			continue;
		while (j > 0 && ids[j - 1] > e) {
			ids[j] = ids[j - 1];
			j--;
		}
		ids[j] = e;
		n++;
	}
	for (unsigned i = 0; i < n && i < cap; i++)
		out[i] = (uint16_t)ids[i];
	return n;
}

bool
catan_build__legal_road_set(const catan_state *s, int player, uint64_t out[2])
{
	if (!fast_board(&s->game->board))
		return false;
	out[0] = out[1] = 0;
	if (player >= 0 && player < catan_game__owners(s->game) &&
	    st_cplayer(s, player)->roads_left != 0)
		fast_legal_roads(s, player, out);
	return true;
}

bool
catan_build__legal_settlement_set(const catan_state *s, int player, uint64_t *out)
{
	if (!fast_board(&s->game->board))
		return false;
	*out = 0;
	if (player >= 0 && player < catan_game__owners(s->game) &&
	    st_cplayer(s, player)->settlements_left != 0)
		*out = fast_legal_settlements(s, player);
	return true;
}

bool
catan_build__any_road_possible(const catan_state *s, int player)
{
	uint16_t one;

	if (fast_board(&s->game->board) && player >= 0 &&
	    player < catan_game__owners(s->game)) {
		uint64_t m[2];

		if (st_cplayer(s, player)->roads_left == 0)
			return false;
		fast_legal_roads(s, player, m);
		return (m[0] | m[1]) != 0;
	}

	return catan_build__legal_roads(s, player, &one, 1) > 0;
}

/* Players with two or more roads at the vertex: only their roads can pass
 * through it, so only they can lose length to a building there. */
static uint32_t
through_owners_at(const catan_state *s, unsigned vertex)
{
	const struct board_vertex *bv = &s->game->board.vert[vertex];
	const uint8_t *edges = st_cedge(s);
	uint32_t owners = 0, twice = 0;

	for (unsigned i = 0; i < bv->nadj && i < BOARD_VERTEX_PATHS; i++) {
		unsigned e = bv->edge[i];

		if (e < s->game->board.nedge && edges[e] != 0) {
			uint32_t bit = 1u << PIECE_OWNER(edges[e]);

			twice |= owners & bit;
			owners |= bit;
		}
	}
	return twice;
}

void
catan_build__join_network(catan_state *s, int player, unsigned edge, int kind)
{
	if (player < 0 || player >= catan_game__owners(s->game) ||
	    edge >= s->game->board.nedge)
		return;
	st_edge(s)[edge] = PIECE_BYTE(player, kind);
	if (s->game->off_sets)
		st_sets(s, player)->roads[edge >> 6] |= 1ull << (edge & 63);
	else if (s->game->off_lists)
		list_insert(s, player, OWNER_ROADS, edge);
	/* Only the builder's network holding this edge changed. */
	catan_awards__road_added(s, player, edge);
}

void
catan_build__leave_network(catan_state *s, unsigned edge)
{
	int owner;

	if (edge >= s->game->board.nedge || !st_edge(s)[edge])
		return;
	owner = PIECE_OWNER(st_edge(s)[edge]);
	st_edge(s)[edge] = 0;
	if (owner < 0 || owner >= catan_game__owners(s->game))
		return;
	if (s->game->off_sets)
		st_sets(s, owner)->roads[edge >> 6] &= ~(1ull << (edge & 63));
	else if (s->game->off_lists)
		list_remove(s, owner, OWNER_ROADS, edge);
	/* Taking an edge away shortens only its owner's trails, and may
	 * split their network: the owner's length is walked again. */
	catan_awards__refresh_longest_road(s, UINT32_C(1) << (owner & 31));
}

void
catan_build__place_road(catan_state *s, int player, unsigned edge)
{
	if (player < 0 || player >= catan_game__owners(s->game) ||
	    edge >= s->game->board.nedge)
		return;
	if (st_player(s, player)->roads_left > 0)
		st_player(s, player)->roads_left--;
	catan_build__join_network(s, player, edge, EDGE_KIND_ROAD);
}

void
catan_build__place_settlement(catan_state *s, int player, unsigned vertex)
{
	struct player_state *ps;

	if (player < 0 || player >= catan_game__owners(s->game) ||
	    vertex >= s->game->board.nvert)
		return;
	ps = st_player(s, player);
	s->built = 1;
	catan_state__points_changed(s, player);
	st_vert(s)[vertex] = PIECE_BYTE(player, CATAN_PIECE_SETTLEMENT);
	if (s->game->off_sets)
		st_sets(s, player)->buildings |= 1ull << vertex;
	else if (s->game->off_lists)
		list_insert(s, player, OWNER_BUILDINGS, vertex);
	if (ps->settlements_left > 0)
		ps->settlements_left--;
	/* Only a settlement on a free intersection is placed in play; a
	 * harbor there now serves the player (05.C, B6). */
	if (s->game->board.vert[vertex].harbor < HARBOR_SET_MAX)
		ps->harbors |= (uint16_t)(1u << s->game->board.vert[vertex].harbor);
	/* A settlement on an opponent's road breaks it (05.F): only other
	 * players whose roads pass through here can lose length (one's own
	 * building never breaks one's road). */
	catan_awards__refresh_longest_road(s, through_owners_at(s, vertex) &
					   ~(1u << player));
}

void
catan_build__place_city(catan_state *s, int player, unsigned vertex)
{
	struct player_state *ps;
	uint8_t old;

	if (player < 0 || player >= catan_game__owners(s->game) ||
	    vertex >= s->game->board.nvert)
		return;
	ps = st_player(s, player);
	old = st_vert(s)[vertex];
	s->built = 1;
	catan_state__points_changed(s, player);
	st_vert(s)[vertex] = PIECE_BYTE(player, CATAN_PIECE_CITY);
	if (s->game->off_sets) {
		if (old != 0 && PIECE_OWNER(old) >= 0 &&
		    PIECE_OWNER(old) < catan_game__owners(s->game))
			st_sets(s, PIECE_OWNER(old))->buildings &= ~(1ull << vertex);
		st_sets(s, player)->buildings |= 1ull << vertex;
	} else if (s->game->off_lists && (old == 0 || PIECE_OWNER(old) != player)) {
		if (old != 0 && (unsigned)PIECE_OWNER(old) < (unsigned)catan_game__owners(s->game))
			list_remove(s, PIECE_OWNER(old), OWNER_BUILDINGS, vertex);
		list_insert(s, player, OWNER_BUILDINGS, vertex);
	}
	if (ps->cities_left > 0)
		ps->cities_left--;
	/* "put the little house back in your reserve" (05.D) */
	if (old != 0 && PIECE_OWNER(old) == player &&
	    PIECE_KIND(old) == CATAN_PIECE_SETTLEMENT) {
		ps->settlements_left++;
		return;
	}
	/* Not an upgrade (never in legal play): the vertex changed hands. */
	catan_trade__refresh_harbors(s);
	catan_awards__update_longest_road(s);
}
