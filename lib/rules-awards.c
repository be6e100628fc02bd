/*
 * libcatanrules: longest continuous road, Longest Road and Largest Army.
 * SPDX-License-Identifier: MIT
 */

#include "catan-private.h"

/* Boards up to this many edges walk with a bitset of used roads; larger
 * ones are not supported by the base rules (a variant with huge boards
 * brings its own walk). */
#define WALK_WORDS 64
/* Most roads of one player a walk considers (the base game has 15). */
#define WALK_ROADS 512
struct road_walk {
	const catan_state *s;
	const struct board *b;
	const uint8_t *edges;
	const uint8_t *verts;
	int player;
	bool weighted;            /* the game has pieces that lengthen roads */
	uint64_t used[WALK_WORDS];
	uint64_t seen[WALK_WORDS];   /* roads any walk has used */
};

/* Road-like pieces are walked as roads: "Bridges count as roads for
 * purposes of the Longest Route bonus VP tile" (traders-and-barbarians.txt,
 * Rivers of Catan). */
static bool
is_road_of(uint8_t byte, int player)
{
	return edge_in_network_of(byte, player);
}

/* What walking edge @e adds: one, and one for each piece on it of a
 * kind that lengthens roads (CATAN_PIECE_ROAD_WEIGHT). */
static unsigned
edge_length(const struct road_walk *w, unsigned e)
{
	unsigned len = 1;

	if (w->weighted) {
		uint32_t kinds = w->s->game->road_weight_kinds;

		for (unsigned k = 0; kinds; k++, kinds >>= 1)
			if (kinds & 1u)
				len += catan_pieces__count_at(w->s, k, -1, e);
	}
	return len;
}

static bool
blocked_for(const struct road_walk *w, unsigned v)
{
	return w->verts[v] != 0 && PIECE_OWNER(w->verts[v]) != w->player;
}

/*
 * Longest trail from vertex v having walked len roads: each road at most
 * once, vertices may repeat, so loops count (05.F). A trail may arrive at
 * another player's building but not pass it: "An opposing colony crosses
 * the route" (05.F).
 */
static unsigned
walk_from(struct road_walk *w, unsigned v, unsigned len)
{
	const struct board_vertex *bv = &w->b->vert[v];
	unsigned best = len;

	if (len > 0 && blocked_for(w, v))
		return best;
	for (unsigned i = 0; i < bv->nadj && i < BOARD_VERTEX_PATHS; i++) {
		unsigned e = bv->edge[i], found;
		uint64_t bit = 1ull << (e & 63);

		if (!is_road_of(w->edges[e], w->player) || (w->used[e >> 6] & bit))
			continue;
		w->used[e >> 6] |= bit;
		w->seen[e >> 6] |= bit;
		found = walk_from(w, bv->adj[i], len + edge_length(w, e));
		w->used[e >> 6] &= ~bit;
		if (found > best)
			best = found;
	}
	return best;
}

static unsigned
road_degree(const struct road_walk *w, unsigned v)
{
	const struct board_vertex *bv = &w->b->vert[v];
	unsigned d = 0;

	for (unsigned i = 0; i < bv->nadj && i < BOARD_VERTEX_PATHS; i++)
		d += is_road_of(w->edges[bv->edge[i]], w->player);
	return d;
}

/*
 * A longest trail can be taken to start where the road network does not
 * simply pass through: at an intersection with 1 or 3 of the player's
 * roads, or at another player's building. Were it to start at a plain
 * pass-through, its unused road there would extend it, unless the trail is
 * closed; a closed trail can start at any of its intersections, and in a
 * network with such a special intersection some closed longest trail
 * touches one. Networks without one (plain rings) start anywhere: every
 * road no walk has reached is tried once.
 */
static void
walk_init(struct road_walk *w, const catan_state *s, int player)
{
	const struct board *b = &s->game->board;
	size_t words = (b->nedge + 63u) / 64u;

	w->s = s;
	w->b = b;
	w->edges = st_cedge(s);
	w->verts = st_cvert(s);
	w->player = player;
	w->weighted = s->game->road_weight_kinds != 0;
	memset(w->used, 0, words * sizeof(w->used[0]));
	memset(w->seen, 0, words * sizeof(w->seen[0]));
}

/* The longest trail over the listed roads, which must be whole networks
 * (every road of the player reachable from one of them through
 * intersections the player may pass is listed too). */
static unsigned
longest_of(struct road_walk *w, const uint16_t *roads, unsigned nroads)
{
	const struct board *b = w->b;
	uint64_t started[WALK_WORDS];
	unsigned best = 0;

	memset(started, 0, ((b->nvert + 63u) / 64u) * sizeof(started[0]));
	for (int pass = 0; pass < 2; pass++) {
		for (unsigned r = 0; r < nroads; r++) {
			unsigned e = roads[r];

			if (pass == 1 && (w->seen[e >> 6] & (1ull << (e & 63))))
				continue;
			for (unsigned j = 0; j < 2; j++) {
				unsigned v = b->edge[e].vert[j], found;

				if (pass == 0 && road_degree(w, v) == 2 && !blocked_for(w, v))
					continue;
				if (started[v >> 6] & (1ull << (v & 63)))
					continue;
				started[v >> 6] |= 1ull << (v & 63);
				found = walk_from(w, v, 0);
				if (found > best)
					best = found;
				if (pass == 1)
					break;
			}
		}
	}
	return best;
}

static bool
walk_supported(const catan_state *s, int player)
{
	const struct board *b = &s->game->board;

	return player >= 0 && player < catan_game__owners(s->game) &&
	       b->nedge <= WALK_WORDS * 64 && b->nvert <= WALK_WORDS * 64;
}

/*
 * The same walks on boards with masks (struct board): the player's roads,
 * the roads used so far and the intersections the player may not pass
 * (other players' buildings) are bitsets.
 */
struct mask_walk {
	const struct board *b;
	uint64_t roads[2];      /* the player's roads (of the network walked) */
	uint64_t blocked;       /* intersections with another player's building */
	uint64_t seen[2];       /* roads any walk has used */
};

static unsigned
mask_walk_from(struct mask_walk *w, unsigned v, uint64_t used0, uint64_t used1,
	       unsigned len)
{
	const uint64_t *at = w->b->vert_edges[v];
	uint64_t next0, next1;
	unsigned best = len;

	if (len > 0 && (w->blocked & (1ull << v)))
		return best;
	next0 = at[0] & w->roads[0] & ~used0;
	next1 = at[1] & w->roads[1] & ~used1;
	w->seen[0] |= next0;
	w->seen[1] |= next1;
	for (; next0; next0 &= next0 - 1) {
		unsigned e = (unsigned)__builtin_ctzll(next0);
		unsigned u = (unsigned)__builtin_ctzll(w->b->edge_ends[e] & ~(1ull << v));
		unsigned found = mask_walk_from(w, u, used0 | (1ull << e), used1, len + 1);

		if (found > best)
			best = found;
	}
	for (; next1; next1 &= next1 - 1) {
		unsigned e = 64 + (unsigned)__builtin_ctzll(next1);
		unsigned u = (unsigned)__builtin_ctzll(w->b->edge_ends[e] & ~(1ull << v));
		unsigned found = mask_walk_from(w, u, used0, used1 | (1ull << (e - 64)), len + 1);

		if (found > best)
			best = found;
	}
	return best;
}

/* The player's roads at v: at most three, so clearing bits is quicker
 * than counting them. */
static unsigned
mask_degree(const struct mask_walk *w, unsigned v)
{
	const uint64_t *at = w->b->vert_edges[v];
	uint64_t x0 = at[0] & w->roads[0], x1 = at[1] & w->roads[1];
	unsigned d = 0;

	for (; x0; x0 &= x0 - 1)
		d++;
	for (; x1; x1 &= x1 - 1)
		d++;
	return d;
}

/* longest_of() with masks, over the roads in w->roads. */
static unsigned
mask_longest(struct mask_walk *w)
{
	const struct board *b = w->b;
	uint64_t started = 0;
	unsigned best = 0;

	w->seen[0] = w->seen[1] = 0;
	for (int pass = 0; pass < 2; pass++) {
		for (unsigned word = 0; word < 2; word++) {
			uint64_t todo = w->roads[word];

			if (pass == 1)
				todo &= ~w->seen[word];
			for (; todo; todo &= todo - 1) {
				unsigned e = word * 64 + (unsigned)__builtin_ctzll(todo);

				if (pass == 1 && (w->seen[word] & (1ull << (e & 63))))
					continue;
				for (unsigned j = 0; j < 2; j++) {
					unsigned v = b->edge[e].vert[j], found;

					if (pass == 0 && mask_degree(w, v) == 2 &&
					    !(w->blocked & (1ull << v)))
						continue;
					if (started & (1ull << v))
						continue;
					started |= 1ull << v;
					found = mask_walk_from(w, v, 0, 0, 0);
					if (found > best)
						best = found;
					if (pass == 1)
						break;
				}
			}
		}
	}
	return best;
}

static void
mask_walk_init(struct mask_walk *w, const catan_state *s, int player)
{
	const struct owner_sets *own = st_csets(s, player);
	uint64_t any_v = 0;

	/* Only the buildings of the others: their roads never join a walk. */
	for (int p = 0; p < catan_game__owners(s->game); p++)
		any_v |= st_csets(s, p)->buildings;
	w->b = &s->game->board;
	w->roads[0] = own->roads[0];
	w->roads[1] = own->roads[1];
	w->blocked = any_v & ~own->buildings;
	w->seen[0] = w->seen[1] = 0;
}

/*
 * How far trails reach from @from without the roads in @used, when the
 * roads reached form a tree where the player may pass: every trail from
 * @from is then a simple path, and the longest ends on the deepest level of
 * a breadth-first walk. @seen holds the intersections reached so far, from
 * either end of the new road. Reaching one again where the player may pass
 * means a cycle: -1, and the caller walks every trail instead. Another
 * player's building ends trails: it is reached, never passed.
 */
static int
mask_tree_reach(const struct mask_walk *w, unsigned from, const uint64_t used[2],
		uint64_t *seen)
{
	const struct board *b = w->b;
	uint64_t frontier = 1ull << from, used0 = used[0], used1 = used[1];
	int depth = 0;

	for (;;) {
		uint64_t next[2], next0, next1, reached = 0;

		board_edges_at(b, frontier & ~w->blocked, next);
		next0 = next[0] & w->roads[0] & ~used0;
		next1 = next[1] & w->roads[1] & ~used1;
		if (!(next0 | next1))
			return depth;
		used0 |= next0;
		used1 |= next1;
		for (unsigned word = 0; word < 2; word++) {
			for (uint64_t e = word ? next1 : next0; e; e &= e - 1) {
				uint64_t ends = b->edge_ends[word * 64 + (unsigned)__builtin_ctzll(e)];
				uint64_t far = ends & ~frontier;

				/* a road between two intersections of this
				 * level, or a second way into one */
				if (!far || (far & (*seen | reached) & ~w->blocked))
					return -1;
				reached |= far;
			}
		}
		*seen |= reached;
		frontier = reached;
		depth++;
	}
}

/* longest_through() with masks. */
static unsigned
mask_longest_through(const catan_state *s, int player, unsigned edge, unsigned floor)
{
	const struct board *b = &s->game->board;
	struct mask_walk w;
	uint64_t net[2] = { 0, 0 }, reached = 0, grow;
	unsigned nroads;

	mask_walk_init(&w, s, player);
	if (!(w.roads[edge >> 6] & (1ull << (edge & 63))))
		return 0;
	/* Where the roads on both sides of the new one form trees that do
	 * not meet, the longest trail through it is the road plus the
	 * farthest reach from each end. */
	{
		const uint64_t used[2] = { edge < 64 ? 1ull << edge : 0,
					   edge < 64 ? 0 : 1ull << (edge - 64) };
		uint64_t seen = b->edge_ends[edge];
		int a = mask_tree_reach(&w, b->edge[edge].vert[0], used, &seen);
		int z = a < 0 ? -1 : mask_tree_reach(&w, b->edge[edge].vert[1], used, &seen);

		if (z >= 0)
			return 1u + (unsigned)a + (unsigned)z;
	}
	/* The road sticks out: every trail using it ends at its tip. */
	for (unsigned j = 0; j < 2; j++) {
		unsigned tip = b->edge[edge].vert[j], from = b->edge[edge].vert[1 - j];
		const uint64_t *at = b->vert_edges[tip];

		/* the road itself is the player's only one there */
		if ((at[0] & w.roads[0]) == (edge < 64 ? 1ull << edge : 0) &&
		    (at[1] & w.roads[1]) == (edge < 64 ? 0 : 1ull << (edge - 64)))
			return mask_walk_from(&w, from, edge < 64 ? 1ull << edge : 0,
					      edge < 64 ? 0 : 1ull << (edge - 64), 1);
	}
	/* The network holding the road: grown through intersections the
	 * player may pass. */
	net[edge >> 6] = 1ull << (edge & 63);
	grow = b->edge_ends[edge];
	while (grow) {
		unsigned v = (unsigned)__builtin_ctzll(grow);

		grow &= grow - 1;
		reached |= 1ull << v;
		if (w.blocked & (1ull << v))
			continue;
		for (unsigned word = 0; word < 2; word++) {
			uint64_t add = b->vert_edges[v][word] & w.roads[word] & ~net[word];

			net[word] |= add;
			for (; add; add &= add - 1)
				grow |= b->edge_ends[word * 64 + (unsigned)__builtin_ctzll(add)];
		}
		grow &= ~reached;
	}
	nroads = bit_count(net[0]) + bit_count(net[1]);
	if (nroads <= floor)
		return 0;
	w.roads[0] = net[0];
	w.roads[1] = net[1];
	return mask_longest(&w);
}

unsigned
catan_road__longest(const catan_state *s, int player)
{
	struct road_walk w;
	struct owned_pieces it;
	uint16_t roads[WALK_ROADS];
	unsigned nroads = 0, e;

	if (!walk_supported(s, player))
		return 0;
	/* The masks walk unit edges. */
	if (s->game->board.masks_ok && !s->game->road_weight_kinds) {
		struct mask_walk mw;

		mask_walk_init(&mw, s, player);
		return mask_longest(&mw);
	}
	walk_init(&w, s, player);
	owned_pieces_init(&it, s, player, OWNER_ROADS);
	if (it.list && it.end <= ARRAY_LEN(roads))
		return longest_of(&w, it.list, it.end);
	/* The player's roads, listed once for both passes. */
	while (nroads < ARRAY_LEN(roads) && owned_pieces_next(&it, &e))
		roads[nroads++] = (uint16_t)e;
	return longest_of(&w, roads, nroads);
}

/*
 * The longest trail of the player's network that holds @edge: its roads
 * are those reached from @edge through intersections the player may pass
 * (no other player's building), and every trail using @edge stays in it.
 */
static unsigned
longest_through(const catan_state *s, int player, unsigned edge, unsigned floor)
{
	struct road_walk w;
	const struct board *b = &s->game->board;
	uint64_t in[WALK_WORDS];
	uint16_t roads[WALK_ROADS];
	unsigned nroads = 0;

	if (!walk_supported(s, player) || edge >= b->nedge ||
	    !is_road_of(st_cedge(s)[edge], player))
		return 0;
	if (b->masks_ok)
		return mask_longest_through(s, player, edge, floor);
	walk_init(&w, s, player);
	/* Usually the road sticks out: one end has no other road of the
	 * player, so every trail using it ends there and is the road plus a
	 * trail from its other end (which stops there if it is blocked). */
	for (unsigned j = 0; j < 2; j++) {
		unsigned tip = b->edge[edge].vert[j], from = b->edge[edge].vert[1 - j];

		if (road_degree(&w, tip) == 1) {
			w.used[edge >> 6] |= 1ull << (edge & 63);
			return walk_from(&w, from, 1);
		}
	}
	memset(in, 0, ((b->nedge + 63u) / 64u) * sizeof(in[0]));
	in[edge >> 6] |= 1ull << (edge & 63);
	roads[nroads++] = (uint16_t)edge;
	/* Breadth first; roads[] is the queue. */
	for (unsigned r = 0; r < nroads; r++) {
		unsigned e = roads[r];

		for (unsigned j = 0; j < 2; j++) {
			unsigned v = b->edge[e].vert[j];
			const struct board_vertex *bv = &b->vert[v];

			if (blocked_for(&w, v))
				continue;
			for (unsigned i = 0; i < bv->nadj && i < BOARD_VERTEX_PATHS; i++) {
				unsigned f = bv->edge[i];
				uint64_t bit = 1ull << (f & 63);

				if ((in[f >> 6] & bit) || !is_road_of(w.edges[f], player) ||
				    nroads >= ARRAY_LEN(roads))
					continue;
				in[f >> 6] |= bit;
				roads[nroads++] = (uint16_t)f;
			}
		}
	}
	if (nroads <= floor)
		return 0;
	return longest_of(&w, roads, nroads);
}

/* The award in @slot goes to @holder; a new holder's points changed. */
static inline void
award_to(catan_state *s, int8_t *slot, int holder)
{
	if (*slot != holder) {
		*slot = (int8_t)holder;
		catan_state__points_changed(s, holder);
	}
}

/*
 * The award rule shared by both awards (05.F, B8): the holder keeps it while
 * tied at the top with at least the threshold; otherwise it goes to the one
 * player alone at the top with at least the threshold; otherwise it is set
 * aside. While nothing breaks, this is "another must exceed the holder".
 */
int
catan_awards__holder(const unsigned *value, int nplayers, int holder, unsigned min)
{
	unsigned top = 0;
	int at_top = 0, leader = CATAN_NO_PLAYER;

	for (int p = 0; p < nplayers; p++)
		if (value[p] > top)
			top = value[p];
	if (top < min)
		return CATAN_NO_PLAYER;
	if (holder >= 0 && holder < nplayers && value[holder] == top)
		return holder;
	for (int p = 0; p < nplayers; p++) {
		if (value[p] == top) {
			at_top++;
			leader = p;
		}
	}
	return at_top == 1 ? leader : CATAN_NO_PLAYER;
}

/* The holder under the game's policy (catan_game.award_min): none when
 * the award is not in the game. */
static int
policy_holder(const catan_state *s, unsigned award, const unsigned *value, int nplayers,
	      int holder)
{
	unsigned min = s->game->award_min[award];

	return min ? catan_awards__holder(value, nplayers, holder, min) : CATAN_NO_PLAYER;
}

/*
 * With award contests (catan_game_set_award_contests()) each contest
 * decides its own holder by the same rule among its members only
 * (connect.txt: "The contest for the Longest Trade Route is held
 * separately on each game board, between the two people who have their
 * starting area on that board").
 */
static void
decide_in_contests(catan_state *s, unsigned award, const unsigned *value, int n)
{
	const catan_game *g = s->game;

	for (unsigned c = 0; c < g->ncontests; c++) {
		int8_t *slot = &st_contest(s, c)[award];
		unsigned member_value[CATAN_MAX_PLAYERS];
		int member[CATAN_MAX_PLAYERS], m = 0, held = CATAN_NO_PLAYER, top;

		for (uint32_t bits = g->contest_members[c]; bits; bits &= bits - 1) {
			int p = __builtin_ctz(bits);

			if (p >= n)
				break;
			if (p == *slot)
				held = m;
			member[m] = p;
			member_value[m++] = value[p];
		}
		top = policy_holder(s, award, member_value, m, held);
		award_to(s, slot, top < 0 ? CATAN_NO_PLAYER : member[top]);
	}
}

/* Who holds @award after @value (per owner, @n of them) changed. */
static inline void
decide(catan_state *s, unsigned award, const unsigned *value, int n)
{
	struct core_state *core = st_core(s);
	int8_t *slot = award == CATAN_AWARD_LONGEST_ROAD ? &core->longest_holder :
							   &core->army_holder;

	if (s->game->ncontests) {
		decide_in_contests(s, award, value, n);
		return;
	}
	award_to(s, slot, policy_holder(s, award, value, n, *slot));
}

void
catan_awards__refresh_longest_road(catan_state *s, uint32_t players)
{
	unsigned length[CATAN_MAX_PLAYERS];
	int n = catan_game__owners(s->game);   /* neutral players hold it too */

	if (n > CATAN_MAX_PLAYERS)
		n = CATAN_MAX_PLAYERS;
	for (int p = 0; p < n; p++) {
		struct player_state *ps = st_player(s, p);

		if (players & (1u << p)) {
			unsigned len = catan_road__longest(s, p);

			ps->road_length = (uint8_t)(len > 255 ? 255 : len);
		}
		length[p] = ps->road_length;
	}
	decide(s, CATAN_AWARD_LONGEST_ROAD, length, n);
}

/*
 * After the player built a road on @edge: a new road only adds trails, and
 * those it adds use it, so the new length is the larger of the old one and
 * the longest trail of the network now holding @edge. That network cannot
 * beat the old length with no more roads than it: then nothing is walked.
 */
void
catan_awards__road_added(catan_state *s, int player, unsigned edge)
{
	unsigned length[CATAN_MAX_PLAYERS];
	int n = catan_game__owners(s->game);
	struct player_state *ps;
	unsigned len;

	if (n > CATAN_MAX_PLAYERS)
		n = CATAN_MAX_PLAYERS;
	if (player < 0 || player >= n) {
		catan_awards__update_longest_road(s);
		return;
	}
	/* Pieces that lengthen roads leave the shortcuts below (a network
	 * no longer than its road count) unsound: walk it all. */
	if (s->game->road_weight_kinds) {
		catan_awards__refresh_longest_road(s, player < 32 ? 1u << player : ~0u);
		return;
	}
	ps = st_player(s, player);
	len = longest_through(s, player, edge, ps->road_length);
	if (len > ps->road_length)
		ps->road_length = (uint8_t)(len > 255 ? 255 : len);
	for (int p = 0; p < n; p++)
		length[p] = st_cplayer(s, p)->road_length;
	decide(s, CATAN_AWARD_LONGEST_ROAD, length, n);
}

void
catan_awards__update_longest_road(catan_state *s)
{
	catan_awards__refresh_longest_road(s, ~0u);
}

void
catan_awards__update_largest_army(catan_state *s)
{
	unsigned knights[CATAN_MAX_PLAYERS];
	int n = st_ccore(s)->num_players;

	if (n > CATAN_MAX_PLAYERS)
		n = CATAN_MAX_PLAYERS;
	for (int p = 0; p < n; p++)
		knights[p] = st_cplayer(s, p)->knights;
	decide(s, CATAN_AWARD_LARGEST_ARMY, knights, n);
}
