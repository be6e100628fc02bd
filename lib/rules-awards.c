/*
 * libcatanrules: longest continuous road, Longest Road and Largest Army.
 * SPDX-License-Identifier: MIT
 */

#include "catan-private.h"

/* The most roads of one player the search looks at (the base game has 15). */
#define ROAD_GRAPH_MAX 256
/* Thresholds of the two awards (05.F). */
#define LONGEST_ROAD_MIN 5
#define LARGEST_ARMY_MIN 3

/*
 * One player's roads as a small graph: road i has two ends; at each end up
 * to two other roads of the player meet it. An end is blocked when another
 * player's building stands there: a trail may end there but not pass.
 */
struct road_graph {
	unsigned n;
	uint16_t end[ROAD_GRAPH_MAX][2];        /* vertex ids */
	int16_t next[ROAD_GRAPH_MAX][2][2];     /* roads at each end, or -1 */
	bool blocked[ROAD_GRAPH_MAX][2];
	bool used[ROAD_GRAPH_MAX];
};

static void
graph_link(struct road_graph *g, unsigned i, unsigned j, unsigned other)
{
	for (unsigned k = 0; k < 2; k++) {
		if (g->next[i][j][k] < 0) {
			g->next[i][j][k] = (int16_t)other;
			return;
		}
	}
}

static void
graph_build(struct road_graph *g, const catan_state *s, int player)
{
	const struct board *b = &s->game->board;
	const uint8_t *edges = st_cedge(s);
	const uint8_t *verts = st_cvert(s);

	g->n = 0;
	for (unsigned e = 0; e < b->nedge && g->n < ROAD_GRAPH_MAX; e++) {
		uint8_t byte = edges[e];
		unsigned i = g->n;

		if (byte == 0 || PIECE_OWNER(byte) != player ||
		    PIECE_KIND(byte) != EDGE_KIND_ROAD)
			continue;
		for (unsigned j = 0; j < 2; j++) {
			uint16_t v = b->edge[e].vert[j];

			g->end[i][j] = v;
			g->next[i][j][0] = g->next[i][j][1] = -1;
			g->blocked[i][j] = v < b->nvert && verts[v] != 0 &&
					   PIECE_OWNER(verts[v]) != player;
		}
		g->used[i] = false;
		g->n++;
	}

	for (unsigned i = 0; i < g->n; i++) {
		for (unsigned r = i + 1; r < g->n; r++) {
			for (unsigned j = 0; j < 2; j++) {
				for (unsigned k = 0; k < 2; k++) {
					if (g->end[i][j] != g->end[r][k])
						continue;
					graph_link(g, i, j, r);
					graph_link(g, r, k, i);
				}
			}
		}
	}
}

/*
 * Length of the longest trail that has just walked road i, entering at end
 * @in, counting roads already walked in @len. Each road is used at most
 * once; vertices may repeat, so loops count (05.F).
 */
static unsigned
graph_walk(struct road_graph *g, unsigned i, unsigned in, unsigned len)
{
	unsigned out = 1 - in;
	unsigned best = len;
	uint16_t v = g->end[i][out];

	/* "An opposing colony crosses the route" (05.F). */
	if (g->blocked[i][out])
		return best;

	for (unsigned k = 0; k < 2; k++) {
		int r = g->next[i][out][k];
		unsigned r_in, found;

		if (r < 0 || g->used[r])
			continue;
		r_in = g->end[r][0] == v ? 0 : 1;
		g->used[r] = true;
		found = graph_walk(g, (unsigned)r, r_in, len + 1);
		g->used[r] = false;
		if (found > best)
			best = found;
	}
	return best;
}

unsigned
road__longest(const catan_state *s, int player)
{
	struct road_graph g;
	unsigned best = 0;

	if (player < 0 || player >= st_ccore(s)->num_players)
		return 0;
	graph_build(&g, s, player);

	/* Every trail starts on some road, walked in one of two directions. */
	for (unsigned i = 0; i < g.n; i++) {
		for (unsigned in = 0; in < 2; in++) {
			unsigned found;

			g.used[i] = true;
			found = graph_walk(&g, i, in, 1);
			g.used[i] = false;
			if (found > best)
				best = found;
		}
	}
	return best;
}

/*
 * The award rule shared by both awards (05.F, B8): the holder keeps it while
 * tied at the top with at least the threshold; otherwise it goes to the one
 * player alone at the top with at least the threshold; otherwise it is set
 * aside. While nothing breaks, this is "another must exceed the holder".
 */
static int
award_holder(const unsigned *value, int nplayers, int holder, unsigned min)
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

void
awards__refresh_longest_road(catan_state *s, uint32_t players)
{
	struct core_state *core = st_core(s);
	unsigned length[CATAN_MAX_PLAYERS];
	int n = core->num_players;

	if (n > CATAN_MAX_PLAYERS)
		n = CATAN_MAX_PLAYERS;
	for (int p = 0; p < n; p++) {
		struct player_state *ps = st_player(s, p);

		if (players & (1u << p)) {
			unsigned len = road__longest(s, p);

			ps->road_length = (uint8_t)(len > 255 ? 255 : len);
		}
		length[p] = ps->road_length;
	}
	core->longest_holder = (int8_t)award_holder(length, n,
						    core->longest_holder,
						    LONGEST_ROAD_MIN);
}

void
awards__update_longest_road(catan_state *s)
{
	awards__refresh_longest_road(s, ~0u);
}

void
awards__update_largest_army(catan_state *s)
{
	struct core_state *core = st_core(s);
	unsigned knights[CATAN_MAX_PLAYERS];
	int n = core->num_players;

	if (n > CATAN_MAX_PLAYERS)
		n = CATAN_MAX_PLAYERS;
	for (int p = 0; p < n; p++)
		knights[p] = st_cplayer(s, p)->knights;
	core->army_holder = (int8_t)award_holder(knights, n, core->army_holder,
						 LARGEST_ARMY_MIN);
}
