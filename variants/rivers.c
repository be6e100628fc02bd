/*
 * libcatanrules: Rivers of Catan (Traders & Barbarians scenario) — the two
 * rivers and their swamps, bridges, gold, and the wealth tiles.
 * SPDX-License-Identifier: MIT
 */
#include <stdio.h>

#include "turn.h"
#include "catanrules/traders.h"

/*
 * traders-and-barbarians.txt, Rivers of Catan; RULINGS.md G5, T11, T17.
 * doc/variants/rivers.md maps every sentence to the code and tests.
 *
 * The board (rivers_build_board()): the standard frame with the three-hex
 * and the four-hex river at fixed places (a library-defined layout, T7:
 * the text shows them only in a picture), the swamp at the inner end of
 * each; the other twelve hexes random (board=random) or fixed
 * (board=beginner). A host may give any board with swamps and `river` and
 * `bridge` sites instead (catan_ctx_set_board()).
 *
 * Gold is a public holding traded domestically and bought at the bank
 * (CATAN_HOLDING_TRADED | CATAN_HOLDING_MARITIME, lib/holding-trades.c);
 * the core keeps it out of the 7, the robber's steal and Monopoly.
 * Bridges are a declared road-like piece (catanrules/piece.h). The wealth
 * tiles follow from the gold counts; the slice keeps who holds them so
 * that a change of points outside a player's turn is reported (G4).
 */

/* "take the 3 bridges in your color" */
#define BRIDGES_EACH 3
/* "You receive 1 gold each time you build a road or settlement on a
 * river tile. You receive 3 gold each time you build a bridge." */
#define GOLD_ROAD 1
#define GOLD_SETTLEMENT 1
#define GOLD_BRIDGE 3
/* "You may spend 2 gold to take 1 resource card of your choice from the
 * supply up to two times during your turn." */
#define GOLD_PER_CARD 2
#define SPENDS_PER_TURN 2
/* "It is worth 1 VP." / "It is worth -2 VP." */
#define WEALTHIEST_VP 1
#define POOR_VP (-2)
/* G5: coins are unlimited (the box's 40 coins are 100 gold); a player's
 * count stops at this bound, which no game reaches. */
#define GOLD_MAX 9999

enum { H_GOLD = 0 };
enum { PARAM_ROBBER };

static const catan_param_spec rv_params[] = {
	{ "robber", CATAN_PARAM_INT, -1, 4095, -1, NULL,
	  "hex id of the swamp the robber starts on; -1: a given board's robber_home swamp, else the swamp of the lowest id (T11)" },
	{ NULL, 0, 0, 0, 0, NULL, NULL },
};

static const catan_holding_spec gold_spec = {
	"gold", NULL, CATAN_HOLDING_PUBLIC, GOLD_MAX, 0, 0, 0,
	CATAN_HOLDING_TRADED | CATAN_HOLDING_MARITIME
};

static const catan_piece_spec bridge_spec = {
	"bridge", CATAN_LOC_EDGE, BRIDGES_EACH, 0, CATAN_PIECE_ROAD_LIKE
};

struct rivers_slice {
	uint8_t spent;        /* gold spent for cards this turn (0..2) */
	int8_t wealthiest;    /* the Wealthiest Catanian, or -1 */
	uint8_t return_phase; /* CATAN_PHASE_ROBBER_SWAMP: the phase after it, else 0 */
	uint8_t pad;
	uint32_t poor;        /* bit per seated player: a Poor Catanian */
	uint16_t last_robber; /* the robber's hex after the last action */
	uint16_t exclude;     /* CATAN_PHASE_ROBBER_SWAMP: the swamp it may not stay on, else 0xffff */
};
#define NO_HEX 0xffffu

/* ------------------------------------------------------------------ board */

/*
 * The fixed rivers on the standard frame (hex ids of rows 3-4-5-4-3,
 * lib/island.c), drawn in doc/variants/rivers.md:
 *
 *            h0  h1  h2              the four-hex river: h0 (mountains,
 *          h3  h4  h5  h6            its mouth on the west side of h0),
 *        h7  h8  h9  h10 h11         h4 (pasture), h5 (hills), swamp h10;
 *          h12 h13 h14 h15           the three-hex river: h16 (hills, its
 *            h16 h17 h18             mouth on the south-east side of h16),
 *                                    h12 (mountains), swamp h8.
 *
 * The river tiles replace the 7 hexes the text returns to the box ("2
 * hills, 2 pastures, 2 mountains, and 1 desert"): 2 swamps and 5 land
 * hexes (2 hills, 2 mountains, 1 pasture), so the island keeps 17
 * producing hexes for the 17 number discs (18 without the 2).
 * Bridge sites ("any location where the river crosses or meets an
 * edge"): the sides the river crosses between its hexes, and its mouth
 * on the coast; no intersection touches two of them, so a set-up road
 * always has a side to go.
 */
struct river_hex {
	uint8_t hex, terrain;
};
static const struct river_hex river3[] = {
	{ 16, CATAN_TERRAIN_HILLS }, { 12, CATAN_TERRAIN_MOUNTAINS }, { 8, CATAN_TERRAIN_SWAMP },
};
static const struct river_hex river4[] = {
	{ 0, CATAN_TERRAIN_MOUNTAINS }, { 4, CATAN_TERRAIN_PASTURE }, { 5, CATAN_TERRAIN_HILLS },
	{ 10, CATAN_TERRAIN_SWAMP },
};
/* (hex, side): sides 0..5 = n-ne, ne-se, se-s, s-sw, sw-nw, nw-n */
static const uint8_t bridges3[][2] = { { 16, 2 }, { 16, 5 }, { 12, 0 } };
static const uint8_t bridges4[][2] = { { 0, 4 }, { 0, 2 }, { 4, 1 }, { 5, 2 } };

/* The twelve other hexes: "Return 2 hills, 2 pastures, 2 mountains, and 1
 * desert" from the box's 4 forest, 4 pasture, 4 fields, 3 hills, 3
 * mountains and the desert. */
static const uint8_t other_terrains[12] = {
	CATAN_TERRAIN_FOREST, CATAN_TERRAIN_FOREST, CATAN_TERRAIN_FOREST, CATAN_TERRAIN_FOREST,
	CATAN_TERRAIN_FIELDS, CATAN_TERRAIN_FIELDS, CATAN_TERRAIN_FIELDS, CATAN_TERRAIN_FIELDS,
	CATAN_TERRAIN_PASTURE, CATAN_TERRAIN_PASTURE, CATAN_TERRAIN_HILLS, CATAN_TERRAIN_MOUNTAINS,
};
/* "set aside the number 2 disc": the other 17 of the base game's 18. */
static const uint8_t discs[17] = { 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12 };

/* board=beginner: the fixed layout (terrain and number by hex id; the
 * rivers' hexes keep their terrain), no 6 or 8 side by side. */
static const uint8_t fixed_terrain[ISLAND_HEXES] = {
	CATAN_TERRAIN_MOUNTAINS, CATAN_TERRAIN_PASTURE, CATAN_TERRAIN_FOREST,
	CATAN_TERRAIN_FIELDS, CATAN_TERRAIN_PASTURE, CATAN_TERRAIN_HILLS, CATAN_TERRAIN_HILLS,
	CATAN_TERRAIN_FIELDS, CATAN_TERRAIN_SWAMP, CATAN_TERRAIN_FOREST, CATAN_TERRAIN_SWAMP,
	CATAN_TERRAIN_MOUNTAINS,
	CATAN_TERRAIN_MOUNTAINS, CATAN_TERRAIN_FOREST, CATAN_TERRAIN_FIELDS, CATAN_TERRAIN_PASTURE,
	CATAN_TERRAIN_HILLS, CATAN_TERRAIN_FIELDS, CATAN_TERRAIN_FOREST,
};
static const uint8_t fixed_number[ISLAND_HEXES] = {
	10, 6, 3,
	12, 5, 9, 4,
	8, 0, 11, 0, 6,
	10, 3, 8, 5,
	4, 9, 11,
};

static bool
river_position(unsigned h)
{
	for (size_t i = 0; i < ARRAY_LEN(river3); i++)
		if (river3[i].hex == h)
			return true;
	for (size_t i = 0; i < ARRAY_LEN(river4); i++)
		if (river4[i].hex == h)
			return true;
	return false;
}

static int
rivers_build_board(catan_game *g, bool fixed, bool spiral)
{
	struct board_hex_spec hexes[ISLAND_HEXES], scratch[ISLAND_HEXES];
	struct board_harbor_spec harbors[ISLAND_HARBORS];
	struct board_ref refs[ARRAY_LEN(river3) + ARRAY_LEN(river4) + ARRAY_LEN(bridges3) +
			      ARRAY_LEN(bridges4)];
	struct board_site_spec sites[4];
	struct board_spec spec;
	struct board nb;
	char why[160];
	unsigned n = 0;
	int rc;

	memset(hexes, 0, sizeof(hexes));
	memset(&spec, 0, sizeof(spec));
	memset(&nb, 0, sizeof(nb));
	for (unsigned h = 0; h < ISLAND_HEXES; h++) {
		hexes[h].q = catan_island__coords[h][0];
		hexes[h].r = catan_island__coords[h][1];
		hexes[h].yield = BOARD_YIELD_TERRAIN;
	}
	if (fixed) {
		catan_island__beginner(scratch, harbors);
		for (unsigned h = 0; h < ISLAND_HEXES; h++) {
			hexes[h].terrain = fixed_terrain[h];
			hexes[h].number = fixed_number[h];
		}
	} else {
		struct catan_rng rng;
		uint8_t terr[12], num[17];

		catan_rng__seed(&rng, g->seed, 0x726976657273u);
		/* the frame's harbors as the base game deals them */
		catan_island__random(scratch, harbors, &rng, false);
		memcpy(terr, other_terrains, sizeof(terr));
		catan_island__shuffle(terr, 12, &rng);
		for (unsigned h = 0, t = 0; h < ISLAND_HEXES; h++)
			if (!river_position(h))
				hexes[h].terrain = terr[t++];
		for (size_t i = 0; i < ARRAY_LEN(river3); i++)
			hexes[river3[i].hex].terrain = river3[i].terrain;
		for (size_t i = 0; i < ARRAY_LEN(river4); i++)
			hexes[river4[i].hex].terrain = river4[i].terrain;
		/* "place the number discs as normal, starting in a corner, and
		 * skipping over the swamps": numbers=spiral lays the discs A..R
		 * but the 2 along the spiral from a corner drawn from the seed;
		 * numbers=random (B1) at random, no red numbers side by side. */
		if (spiral) {
			uint8_t path[ISLAND_HEXES], tokens[ISLAND_HEXES - 1];
			unsigned k = 0;

			catan_island__spiral(catan_rng__below(&rng, 6), path, tokens);
			for (unsigned i = 0; i < ISLAND_HEXES; i++) {
				struct board_hex_spec *h = &hexes[path[i]];

				while (k < ISLAND_HEXES - 1 && tokens[k] == 2)
					k++;   /* "set aside the number 2 disc" */
				if (h->terrain == CATAN_TERRAIN_SWAMP || k >= ISLAND_HEXES - 1)
					h->number = 0;
				else
					h->number = tokens[k++];
			}
		} else {
			do {
				memcpy(num, discs, sizeof(num));
				catan_island__shuffle(num, 17, &rng);
				for (unsigned h = 0, k = 0; h < ISLAND_HEXES; h++)
					hexes[h].number = hexes[h].terrain == CATAN_TERRAIN_SWAMP ?
							  0 : num[k++];
			} while (!catan_island__reds_apart(hexes, NULL, NULL));
		}
	}
	/* "place the number 2 disc on the same hex as the number 12 disc" */
	for (unsigned h = 0; h < ISLAND_HEXES; h++)
		if (hexes[h].number == 12)
			hexes[h].more[0] = 2;

	sites[0] = (struct board_site_spec){ CATAN_SITE_RIVER, 0, 3, NULL, &refs[n], ARRAY_LEN(river3) };
	for (size_t i = 0; i < ARRAY_LEN(river3); i++)
		refs[n++] = (struct board_ref){ river3[i].hex, CATAN_LOC_HEX, 0 };
	sites[1] = (struct board_site_spec){ CATAN_SITE_RIVER, 0, 4, NULL, &refs[n], ARRAY_LEN(river4) };
	for (size_t i = 0; i < ARRAY_LEN(river4); i++)
		refs[n++] = (struct board_ref){ river4[i].hex, CATAN_LOC_HEX, 0 };
	sites[2] = (struct board_site_spec){ CATAN_SITE_BRIDGE, 0, 3, NULL, &refs[n], ARRAY_LEN(bridges3) };
	for (size_t i = 0; i < ARRAY_LEN(bridges3); i++)
		refs[n++] = (struct board_ref){ bridges3[i][0], CATAN_LOC_EDGE, bridges3[i][1] };
	sites[3] = (struct board_site_spec){ CATAN_SITE_BRIDGE, 0, 4, NULL, &refs[n], ARRAY_LEN(bridges4) };
	for (size_t i = 0; i < ARRAY_LEN(bridges4); i++)
		refs[n++] = (struct board_ref){ bridges4[i][0], CATAN_LOC_EDGE, bridges4[i][1] };

	spec.hexes = hexes;
	spec.nhex = ISLAND_HEXES;
	spec.harbors = harbors;
	spec.nharbor = ISLAND_HARBORS;
	spec.sites = sites;
	spec.nsite = ARRAY_LEN(sites);
	rc = catan_board__build_spec(&nb, g->ctx, &spec, why, sizeof(why));
	if (rc != CATAN_OK) {
		catan__ctx_seterr(g->ctx, "rivers: the board: %s", why);
		return rc;
	}
	catan_board__dispose(&g->board, g->ctx);
	g->board = nb;
	return CATAN_OK;
}

/* Whether @h is a hex of a river (a `river` site covers it). */
static bool
river_hex(const struct board *b, unsigned h)
{
	return catan_board__site_of_kind(b, CATAN_LOC_HEX, h, CATAN_SITE_RIVER) >= 0;
}

/* Whether edge @e is a bridge site. */
static bool
bridge_site(const struct board *b, unsigned e)
{
	return catan_board__site_of_kind(b, CATAN_LOC_EDGE, e, CATAN_SITE_BRIDGE) >= 0;
}

/* T11: "a road on any side of" a river hex. */
static bool
river_edge(const struct board *b, unsigned e)
{
	const struct board_edge *be = &b->edge[e];

	for (unsigned i = 0; i < be->nhex && i < 2; i++)
		if (river_hex(b, be->hex[i]))
			return true;
	return false;
}

/* T11: "a settlement on any corner of a river hex". */
static bool
river_vertex(const struct board *b, unsigned v)
{
	const struct board_vertex *bv = &b->vert[v];

	for (unsigned i = 0; i < bv->nhex && i < 3; i++)
		if (river_hex(b, bv->hex[i]))
			return true;
	return false;
}

static unsigned
count_bridge_sites(const struct board *b)
{
	unsigned n = 0;

	for (unsigned i = 0; i < b->nsite; i++)
		if (b->site[i].kind == CATAN_SITE_BRIDGE)
			n += b->site[i].nloc;
	return n;
}

/* ------------------------------------------------------------ game, state */

/* The action space's blocks of the module's player actions (space.h). */
static const catan_action_shape rivers_shapes[] = {
	{ .type = CATAN_ACT_BUILD_BRIDGE, .target = CATAN_SPACE_EDGE },
	{ .type = CATAN_ACT_SPEND_GOLD, .cards = CATAN_SPACE_GET_ONE, .max = 1 },
	{ .type = CATAN_ACT_ROBBER_SWAMP, .target = CATAN_SPACE_HEX },
};

static int
rivers_build_game(catan_game *g)
{
	const struct game_module *m = catan_game__module(g, "rivers");
	bool given = g->ctx && g->ctx->board;
	int32_t robber;
	unsigned nswamp = 0, first_swamp = BOARD_NONE;
	int rc;

	if (!m)
		return CATAN_ERROR;
	if (catan_game__param(g, "setup") != 0) {
		catan__ctx_seterr(g->ctx, "rivers: setup=beginner is not available: the beginner positions are for the base island, not the rivers' board");
		return CATAN_EINVAL;
	}
	if (!given) {
		if (catan_game__param(g, "board") == 2) {
			catan__ctx_seterr(g->ctx, "rivers: board=given is not available: give a board text with swamps and river and bridge sites (catan_ctx_set_board())");
			return CATAN_EINVAL;
		}
		if (catan_game__param(g, "numbers") != 0 && catan_game__param(g, "board") != 0) {
			catan__ctx_seterr(g->ctx, "rivers: numbers=spiral needs board=random: board=beginner has fixed numbers");
			return CATAN_EINVAL;
		}
		rc = rivers_build_board(g, catan_game__param(g, "board") == 1,
					catan_game__param(g, "numbers") != 0);
		if (rc != CATAN_OK)
			return rc;
	}
	for (unsigned h = 0; h < g->board.nhex; h++)
		if (g->board.hex[h].terrain == CATAN_TERRAIN_SWAMP) {
			if (first_swamp == BOARD_NONE)
				first_swamp = h;
			nswamp++;
		}
	robber = m->params[PARAM_ROBBER];
	/* a host's board may name the swamp (a robber_home site) */
	if (robber < 0 && given && g->board.desert < g->board.nhex &&
	    g->board.hex[g->board.desert].terrain == CATAN_TERRAIN_SWAMP)
		robber = g->board.desert;
	if (robber < 0) {
		if (first_swamp == BOARD_NONE) {
			catan__ctx_seterr(g->ctx, "rivers: the board has no swamp for the robber");
			return CATAN_EINVAL;
		}
		robber = (int32_t)first_swamp;
	}
	if ((unsigned)robber >= g->board.nhex ||
	    g->board.hex[robber].terrain != CATAN_TERRAIN_SWAMP) {
		catan__ctx_seterr(g->ctx, "rivers: robber=%d is not a swamp of this board (%u swamps, the first h%u)",
				  (int)robber, nswamp, first_swamp);
		return CATAN_EINVAL;
	}
	/* "Place the robber on either of the 2 swamps." It starts there, and
	 * "to the desert" sends it there (the robber's home). */
	g->board.desert = (uint16_t)robber;

	/* "Roads may not be built on bridge sites" (set-up, Road Building
	 * and neutral roads too: "The Road Building development card does
	 * not allow you to build bridges"). */
	rc = catan_game_forbid_roads_on_sites(g, CATAN_SITE_BRIDGE);
	/* "Actions that move the robber to the desert move it to a swamp
	 * instead" (T11, T17: for Catan for Two, Friendly Robber and Robber
	 * Flees alike; "on the desert" is on a swamp). */
	if (rc == CATAN_OK)
		rc = catan_game_set_desert_terrain(g, CATAN_TERRAIN_SWAMP);
	if (rc == CATAN_OK)
		rc = catan_game_declare_holding(g, &gold_spec);
	if (rc == CATAN_OK)
		rc = catan_game_declare_piece(g, &bridge_spec);
	if (rc == CATAN_OK) {
		/* "Bridges cost 2 brick and 1 wood" */
		uint8_t cost[CATAN_MAX_CARD_KINDS] = { 0 };

		cost[CATAN_BRICK] = 2;
		cost[CATAN_LUMBER] = 1;
		rc = catan_game_declare_cost(g, "bridge", cost);
	}
	if (rc != CATAN_OK)
		return rc;
	/* a bridge on each site and a card of each kind for gold */
	g->max_actions = (uint16_t)(g->max_actions + count_bridge_sites(&g->board) +
				    CATAN_MAX_CARD_KINDS);
	return catan_game_declare_action_shapes(g, rivers_shapes, ARRAY_LEN(rivers_shapes));
}

/* The wealth tiles from the gold counts: "The player with the most gold
 * ... If there is a tie, the Wealthiest Catanian tile remains next to (or
 * is returned to) the supply." "The player(s) with the least gold" (T11:
 * every player tied at the least, even when all are tied). */
static void
wealth_of(const catan_state *s, int8_t *wealthiest, uint32_t *poor)
{
	int n = st_ccore(s)->num_players;
	unsigned most = 0, least = 0;
	int at_most = 0, holder = -1;
	uint32_t mask = 0;

	for (int p = 0; p < n; p++) {
		unsigned gold = catan_state__holding(s, p, H_GOLD);

		if (p == 0 || gold > most) {
			most = gold;
			at_most = 1;
			holder = p;
		} else if (gold == most) {
			at_most++;
		}
		if (p == 0 || gold < least) {
			least = gold;
			mask = 0;
		}
		if (gold == least)
			mask |= UINT32_C(1) << p;
	}
	*wealthiest = (int8_t)(at_most == 1 ? holder : -1);
	*poor = mask;
}

static int
wealth_points(const struct rivers_slice *rs, int player)
{
	int vp = 0;

	if (rs->wealthiest == player)
		vp += WEALTHIEST_VP;
	if (player < 32 && (rs->poor >> player) & 1u)
		vp += POOR_VP;
	return vp;
}

/* "immediately receives": the tiles move as the gold does, and whoever's
 * points they change is told (G4: the turn player's now, another's at the
 * start of their turn). */
static void
update_wealth(catan_state *s, struct rivers_slice *rs)
{
	struct rivers_slice old = *rs;
	int n = st_ccore(s)->num_players;

	wealth_of(s, &rs->wealthiest, &rs->poor);
	if (rs->wealthiest == old.wealthiest && rs->poor == old.poor)
		return;
	for (int p = 0; p < n; p++)
		if (wealth_points(rs, p) != wealth_points(&old, p))
			catan_state__points_changed(s, p);
}

static int
rivers_init_state(catan_state *s, void *slice)
{
	struct rivers_slice *rs = slice;

	memset(rs, 0, sizeof(*rs));
	rs->exclude = NO_HEX;
	rs->last_robber = st_ccore(s)->robber_hex;
	wealth_of(s, &rs->wealthiest, &rs->poor);
	return CATAN_OK;
}

static void
rivers_refresh(catan_state *s, void *slice)
{
	struct rivers_slice *rs = slice;
	const struct core_state *c = st_ccore(s);

	wealth_of(s, &rs->wealthiest, &rs->poor);
	rs->last_robber = c->robber_hex;
	rs->pad = 0;
	if (rs->spent > SPENDS_PER_TURN)
		rs->spent = SPENDS_PER_TURN;
	/* The swamp choice returns to the turn's roll or main phase (a load
	 * that says otherwise is refused). */
	if (c->phase == CATAN_PHASE_ROBBER_SWAMP) {
		if (rs->return_phase != CATAN_PHASE_ROLL && rs->return_phase != CATAN_PHASE_MAIN)
			rs->return_phase = CATAN_PHASE_MAIN;
		if (rs->exclude != NO_HEX && rs->exclude >= s->game->board.nhex)
			rs->exclude = NO_HEX;
	}
}

static void
add_gold(catan_state *s, int player, unsigned amount)
{
	unsigned gold;

	if (player < 0 || player >= st_ccore(s)->num_players)
		return;   /* neutral pieces earn nothing (T17) */
	gold = catan_state__holding(s, player, H_GOLD) + amount;
	catan_state__holding_set(s, player, H_GOLD, gold > GOLD_MAX ? GOLD_MAX : gold);
}

/* --------------------------------------------------------------- actions */

static bool
own_turn(const catan_state *s, int player)
{
	const struct core_state *c = st_ccore(s);

	return c->current == player && (c->phase == CATAN_PHASE_MAIN || c->phase == CATAN_PHASE_ROLL);
}

static void
bridge_cost(uint8_t cost[CATAN_MAX_CARD_KINDS])
{
	memset(cost, 0, CATAN_MAX_CARD_KINDS);
	cost[CATAN_BRICK] = 2;
	cost[CATAN_LUMBER] = 1;
}

/* The bridge sites in edge id order (legal actions are listed in order),
 * up to BRIDGE_LIST_MAX; BRIDGE_LIST_MAX + 1 when there are more. */
#define BRIDGE_LIST_MAX 64
static unsigned
bridge_sites_sorted(const struct board *b, uint16_t ids[BRIDGE_LIST_MAX])
{
	unsigned n = 0;

	for (unsigned i = 0; i < b->nsite; i++) {
		const struct board_site *st = &b->site[i];

		if (st->kind != CATAN_SITE_BRIDGE)
			continue;
		for (unsigned j = 0; j < st->nloc; j++) {
			uint16_t e = b->site_loc[st->first + j];
			unsigned k = n;

			if (n == BRIDGE_LIST_MAX)
				return BRIDGE_LIST_MAX + 1u;
			while (k > 0 && ids[k - 1] > e)
				k--;
			if (k > 0 && ids[k - 1] == e)
				continue;   /* an edge in two sites */
			k = n;
			while (k > 0 && ids[k - 1] > e) {
				ids[k] = ids[k - 1];
				k--;
			}
			ids[k] = e;
			n++;
		}
	}
	return n;
}

static int
piece_kind(const catan_game *g)
{
	return catan_game__piece_index(g, "bridge");
}

/* The cards and a bridge in stock (the listing's quick test). */
static bool
may_pay_bridge(const catan_state *s, int player)
{
	uint8_t cost[CATAN_MAX_CARD_KINDS];

	bridge_cost(cost);
	return cards_covers(st_cplayer(s, player)->hand, cost) &&
	       catan_pieces__stock_left(s, (unsigned)piece_kind(s->game), player) > 0;
}

static int
check_bridge(const catan_state *s, int player, unsigned e)
{
	uint8_t cost[CATAN_MAX_CARD_KINDS];
	const struct core_state *c = st_ccore(s);
	int reason;

	/* Building is the main phase's (after the roll). */
	if (c->phase != CATAN_PHASE_MAIN || c->current != player)
		return CATAN_REASON_WRONG_PHASE;
	if (e >= s->game->board.nedge)
		return CATAN_REASON_BAD_LOCATION;
	/* "Bridges are placed on empty bridge sites." */
	if (!bridge_site(&s->game->board, e)) {
		catan_state__seterr(s, "Rivers: e%u is no bridge site", e);
		return CATAN_REASON_BAD_LOCATION;
	}
	reason = catan_pieces__check_place(s, (unsigned)piece_kind(s->game), player, e);
	if (reason)
		return reason;
	/* "A new bridge must connect to one of your existing roads or
	 * buildings. You may not build a bridge past an opponent's
	 * settlement or city." */
	if (!catan_build__network_reaches(s, player, e))
		return CATAN_REASON_NOT_CONNECTED;
	bridge_cost(cost);
	if (!cards_covers(st_cplayer(s, player)->hand, cost))
		return CATAN_REASON_INSUFFICIENT_RESOURCES;
	return CATAN_REASON_NONE;
}

static int
single_card(const uint8_t v[CATAN_MAX_CARD_KINDS])
{
	int kind = -1;

	for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++) {
		if (v[k] == 0)
			continue;
		if (v[k] != 1 || kind >= 0)
			return -1;
		kind = k;
	}
	return kind;
}

static int
check_spend(const catan_state *s, const catan_action *a, const struct rivers_slice *rs)
{
	int kind = single_card(a->get);

	if (!own_turn(s, a->player))
		return CATAN_REASON_WRONG_PHASE;
	if (kind < 0 || kind >= CATAN_NUM_RESOURCES || a->target || a->arg)
		return CATAN_REASON_BAD_ARGUMENT;
	if (rs->spent >= SPENDS_PER_TURN) {
		catan_state__seterr(s, "Rivers: gold buys a card at most %d times a turn", SPENDS_PER_TURN);
		return CATAN_REASON_VARIANT_RULE;
	}
	if (catan_state__holding(s, a->player, H_GOLD) < GOLD_PER_CARD)
		return CATAN_REASON_INSUFFICIENT_RESOURCES;
	if (st_ccore(s)->bank[kind] == 0)
		return CATAN_REASON_BANK_EMPTY;
	return CATAN_REASON_NONE;
}

/* "Actions that move the robber to the desert move it to a swamp
 * instead" (T11, T17: a swamp of the mover's choice). */
static bool
swamp_choice(const catan_state *s, const struct rivers_slice *rs, unsigned hex)
{
	return hex != rs->exclude && catan_turn__desert_choice(s->game, hex);
}

static int
rivers_check_action(const catan_state *s, const catan_action *a, const void *slice)
{
	const struct rivers_slice *rs = slice;

	switch (a->type) {
	case CATAN_ACT_BUILD_BRIDGE:
		if (a->flags || a->arg)
			return CATAN_REASON_BAD_ARGUMENT;
		for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++)
			if (a->give[k] || a->get[k])
				return CATAN_REASON_BAD_ARGUMENT;
		return check_bridge(s, a->player, a->target);
	case CATAN_ACT_ROBBER_SWAMP:
		if (a->flags || a->arg)
			return CATAN_REASON_BAD_ARGUMENT;
		for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++)
			if (a->give[k] || a->get[k])
				return CATAN_REASON_BAD_ARGUMENT;
		if (st_ccore(s)->phase != CATAN_PHASE_ROBBER_SWAMP || a->player != st_ccore(s)->current)
			return CATAN_REASON_WRONG_PHASE;
		if (!swamp_choice(s, rs, a->target)) {
			catan_state__seterr(s, "Rivers: \"to the desert\" sends the robber to a swamp other than the one it left");
			return CATAN_REASON_BAD_LOCATION;
		}
		return CATAN_REASON_NONE;
	case CATAN_ACT_SPEND_GOLD:
		if (a->flags)
			return CATAN_REASON_BAD_ARGUMENT;
		for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++)
			if (a->give[k])
				return CATAN_REASON_BAD_ARGUMENT;
		return check_spend(s, a, rs);
	default:
		return CATAN_REASON_NONE;
	}
}

static void
rivers_legal_actions(const catan_state *s, int player, catan_action_list *list, const void *slice)
{
	const struct board *b = &s->game->board;
	const struct rivers_slice *rs = slice;
	const struct core_state *c = st_ccore(s);

	if (c->current != player)
		return;
	if (c->phase == CATAN_PHASE_ROBBER_SWAMP) {
		catan_action a = CATAN_ACTION_INIT;

		a.type = CATAN_ACT_ROBBER_SWAMP;
		a.player = (int8_t)player;
		for (unsigned h = 0; h < b->nhex && list->count < list->cap; h++)
			if (swamp_choice(s, rs, h)) {
				a.target = (uint16_t)h;
				list->items[list->count++] = a;
			}
		return;
	}
	if (c->phase == CATAN_PHASE_MAIN && may_pay_bridge(s, player)) {
		catan_action a = CATAN_ACTION_INIT;
		uint16_t ids[BRIDGE_LIST_MAX];
		unsigned n = bridge_sites_sorted(b, ids);

		a.type = CATAN_ACT_BUILD_BRIDGE;
		a.player = (int8_t)player;
		for (unsigned i = 0; i < n && list->count < list->cap; i++) {
			a.target = ids[i];
			if (check_bridge(s, player, a.target) == CATAN_REASON_NONE)
				list->items[list->count++] = a;
		}
		/* boards of more bridge sites: the edges in id order */
		for (unsigned e = 0; n == BRIDGE_LIST_MAX + 1u && e < b->nedge &&
		     list->count < list->cap; e++) {
			a.target = (uint16_t)e;
			if (bridge_site(b, e) && check_bridge(s, player, e) == CATAN_REASON_NONE)
				list->items[list->count++] = a;
		}
	}
	if (own_turn(s, player) && rs->spent < SPENDS_PER_TURN &&
	    catan_state__holding(s, player, H_GOLD) >= GOLD_PER_CARD) {
		catan_action a = CATAN_ACTION_INIT;

		a.type = CATAN_ACT_SPEND_GOLD;
		a.player = (int8_t)player;
		for (int k = 0; k < CATAN_NUM_RESOURCES && list->count < list->cap; k++) {
			if (c->bank[k] == 0)
				continue;
			memset(a.get, 0, sizeof(a.get));
			a.get[k] = 1;
			list->items[list->count++] = a;
		}
	}
}

static void
rivers_apply(catan_state *s, const catan_action *a, void *slice)
{
	struct rivers_slice *rs = slice;

	if (a->type == CATAN_ACT_BUILD_BRIDGE) {
		uint8_t cost[CATAN_MAX_CARD_KINDS];

		bridge_cost(cost);
		catan_cards__pay(s, a->player, cost);
		catan_pieces__place(s, (unsigned)piece_kind(s->game), a->player, a->target);
		/* "You receive 3 gold each time you build a bridge." */
		add_gold(s, a->player, GOLD_BRIDGE);
		catan_turn__mark_built(s);
	} else if (a->type == CATAN_ACT_SPEND_GOLD) {
		int kind = single_card(a->get);

		catan_state__holding_set(s, a->player, H_GOLD,
					 catan_state__holding(s, a->player, H_GOLD) - GOLD_PER_CARD);
		catan_cards__receive(s, a->player, kind, 1);
		rs->spent++;
	} else if (a->type == CATAN_ACT_ROBBER_SWAMP) {
		struct core_state *c = st_core(s);

		c->robber_hex = a->target;
		c->phase = rs->return_phase;
		rs->return_phase = 0;
		rs->exclude = NO_HEX;
	}
}

/*
 * The robber went "to the desert" (Catan for Two's Move Robber, Event
 * Cards' Robber Flees): the other module put it on the robber's home; the
 * mover (the turn player) now picks the swamp. Catan for Two's robber
 * moves, so it may not stay on the swamp it stood on; Robber Flees may
 * leave it where it is. One choice is made at once; with none the robber
 * stays. A chance event pending after the action (Catan for Two's second
 * roll after a card) leaves it on its home.
 */
static void
start_swamp_choice(catan_state *s, struct rivers_slice *rs, unsigned exclude)
{
	struct core_state *c = st_core(s);
	const catan_game *g = s->game;
	unsigned n = 0, only = NO_HEX;

	if (c->chance != CHANCE_NONE ||
	    (c->phase != CATAN_PHASE_ROLL && c->phase != CATAN_PHASE_MAIN))
		return;
	for (unsigned h = 0; h < g->board.nhex; h++)
		if (h != exclude && catan_turn__desert_choice(g, h)) {
			n++;
			only = h;
		}
	if (n == 0)
		return;
	if (n == 1) {
		c->robber_hex = (uint16_t)only;
		return;
	}
	rs->exclude = (uint16_t)exclude;
	rs->return_phase = c->phase;
	c->phase = CATAN_PHASE_ROBBER_SWAMP;
}

static void
rivers_after_apply(catan_state *s, const catan_action *a, void *slice)
{
	struct rivers_slice *rs = slice;
	const struct board *b = &s->game->board;

	/* A module after this one may have taken the turn elsewhere while
	 * the swamp was to be chosen (Catan for Two's second roll): the
	 * robber stays on its home swamp. */
	if (st_ccore(s)->phase != CATAN_PHASE_ROBBER_SWAMP) {
		rs->return_phase = 0;
		rs->exclude = NO_HEX;
	}
	switch (a->type) {
	case CATAN_ACT_BUILD_ROAD:
		/* "For each road you build on an edge of a river tile, you
		 * receive 1 gold." (set-up and play, Road Building too) */
		if (a->target < b->nedge && river_edge(b, a->target))
			add_gold(s, a->player, GOLD_ROAD);
		break;
	case CATAN_ACT_BUILD_SETTLEMENT:
		/* "For each settlement you build on an intersection of a river
		 * tile, you receive 1 gold." (a city upgrade earns nothing) */
		if (a->target < b->nvert && river_vertex(b, a->target))
			add_gold(s, a->player, GOLD_SETTLEMENT);
		break;
	case CATAN_ACT_END_TURN:
		rs->spent = 0;
		rs->last_robber = st_ccore(s)->robber_hex;
		return;
	case CATAN_ACT_TOKEN_ROBBER:
		start_swamp_choice(s, rs, rs->last_robber);
		rs->last_robber = st_ccore(s)->robber_hex;
		return;
	case CATAN_ACT_EVENT_CARD:
		if (a->arg == CATAN_EVENT_ROBBER_FLEES)
			start_swamp_choice(s, rs, NO_HEX);
		rs->last_robber = st_ccore(s)->robber_hex;
		return;
	case CATAN_ACT_BUILD_BRIDGE:
	case CATAN_ACT_SPEND_GOLD:
	case CATAN_ACT_MARITIME_TRADE:
	case CATAN_ACT_CONFIRM_TRADE:
		break;
	default:
		/* nothing else moves gold */
		rs->last_robber = st_ccore(s)->robber_hex;
		return;
	}
	rs->last_robber = st_ccore(s)->robber_hex;
	/* the actions that move gold: the wealth tiles follow */
	update_wealth(s, rs);
}

static uint32_t
rivers_acting_players(const catan_state *s, uint32_t mask, const void *slice)
{
	const struct core_state *c = st_ccore(s);

	(void)slice;
	if (c->phase == CATAN_PHASE_ROBBER_SWAMP)
		return UINT32_C(1) << c->current;
	return mask;
}

static const char *
rivers_phase_name(int phase)
{
	return phase == CATAN_PHASE_ROBBER_SWAMP ? "robber_swamp" : NULL;
}

static int
rivers_victory_points(const catan_state *s, int player, int include_hidden, int vp,
		      const void *slice)
{
	(void)include_hidden;
	if (player >= st_ccore(s)->num_players)
		return vp;
	/* The tiles lie face up: their points are public. */
	return vp + wealth_points(slice, player);
}

static int
rivers_counter(const catan_state *s, int player, const char *name, int32_t *out,
	       const void *slice)
{
	const struct rivers_slice *rs = slice;

	(void)s;
	if (player == -1 && strcmp(name, "wealthiest") == 0) {
		*out = rs->wealthiest;
		return CATAN_OK;
	}
	if (player == -1 && strcmp(name, "gold_spends") == 0) {
		*out = rs->spent;
		return CATAN_OK;
	}
	if (player >= 0 && player < 32 && strcmp(name, "poor") == 0) {
		*out = (int32_t)((rs->poor >> player) & 1u);
		return CATAN_OK;
	}
	return CATAN_ENOTFOUND;
}

static const char *const rivers_counters[] = { "wealthiest", "gold_spends", "poor", NULL };

/* ---------------------------------------------------------------- notation */

static int
rivers_format_action(const catan_game *g, const catan_action *a, char *buf, size_t cap,
		     size_t *len_out)
{
	struct catan_text w = { buf, cap, 0, CATAN_OK };
	int rc = CATAN_OK;

	if (a->flags || a->player < 0 || a->player >= g->num_players)
		goto bad;
	if (a->type == CATAN_ACT_BUILD_BRIDGE) {
		if (a->arg || a->target >= g->board.nedge || single_card(a->get) != -1 ||
		    single_card(a->give) != -1)
			goto bad;
		for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++)
			if (a->give[k] || a->get[k])
				goto bad;
		catan_text__put(&w, "p%d build_bridge ", a->player);
		rc = catan_text__location(&w, g, CATAN_LOC_EDGE, a->target);
		if (rc != CATAN_OK)
			goto bad;
	} else if (a->type == CATAN_ACT_ROBBER_SWAMP) {
		if (a->arg || a->target >= g->board.nhex)
			goto bad;
		for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++)
			if (a->give[k] || a->get[k])
				goto bad;
		catan_text__put(&w, "p%d robber_swamp ", a->player);
		rc = catan_text__location(&w, g, CATAN_LOC_HEX, a->target);
		if (rc != CATAN_OK)
			goto bad;
	} else if (a->type == CATAN_ACT_SPEND_GOLD) {
		int kind = single_card(a->get);

		if (kind < 0 || kind >= CATAN_NUM_RESOURCES || a->target || a->arg)
			goto bad;
		for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++)
			if (a->give[k])
				goto bad;
		catan_text__put(&w, "p%d spend_gold %s", a->player, g->card_names[kind]);
	} else {
		goto bad;
	}
	return catan_text__finish(&w, len_out);
bad:
	if (cap)
		buf[0] = '\0';
	return rc != CATAN_OK ? rc : CATAN_EINVAL;
}

static int
rivers_parse_action(const catan_game *g, const char *name, const char *args, catan_action *out)
{
	char word[40];
	size_t len;
	int type;

	if (strcmp(name, "build_bridge") == 0)
		type = CATAN_ACT_BUILD_BRIDGE;
	else if (strcmp(name, "spend_gold") == 0)
		type = CATAN_ACT_SPEND_GOLD;
	else if (strcmp(name, "robber_swamp") == 0)
		type = CATAN_ACT_ROBBER_SWAMP;
	else
		return CATAN_ENOTFOUND;
	args = args ? args : "";
	while (*args == ' ')
		args++;
	len = strcspn(args, " ");
	if (len == 0 || len >= sizeof(word))
		return CATAN_EPARSE;
	memcpy(word, args, len);
	word[len] = '\0';
	args += len;
	while (*args == ' ')
		args++;
	if (*args)
		return CATAN_EPARSE;
	memset(out, 0, sizeof(*out));
	out->type = (uint16_t)type;
	if (type == CATAN_ACT_BUILD_BRIDGE || type == CATAN_ACT_ROBBER_SWAMP) {
		int kind;
		unsigned id;
		int rc = catan_location_parse(g, word, &kind, &id);

		if (rc != CATAN_OK)
			return rc;
		if (kind != (type == CATAN_ACT_BUILD_BRIDGE ? CATAN_LOC_EDGE : CATAN_LOC_HEX))
			return CATAN_EPARSE;
		out->target = (uint16_t)id;
	} else {
		int k = catan_text__parse_resource(g, word);

		if (k < 0 || k >= CATAN_NUM_RESOURCES)
			return CATAN_EPARSE;
		out->get[k] = 1;
	}
	return CATAN_OK;
}

static const char *const rivers_variants[] = { "base", NULL };
/* T1: the other scenarios of the box. */
static const char *const rivers_conflicts[] = {
	"fishing", "merchant_trains", "barbarian_attack", "traders_barbarians", NULL
};

const struct catan_module_ops catan_module_rivers = {
	.version = CATAN_MODULE_OPS_VERSION,
	.name = "rivers",
	.description = "Traders & Barbarians: Rivers of Catan, two rivers with swamps, bridges, gold, the Wealthiest and Poor Catanian",
	.variants = rivers_variants,
	.conflicts = rivers_conflicts,
	.params = rv_params,
	.state_size = sizeof(struct rivers_slice),
	.build_game = rivers_build_game,
	.init_state = rivers_init_state,
	.check_action = rivers_check_action,
	.legal_actions = rivers_legal_actions,
	.after_apply = rivers_after_apply,
	.victory_points = rivers_victory_points,
	.refresh = rivers_refresh,
	.action_first = CATAN_ACT_RIVERS_FIRST,
	.action_last = CATAN_ACT_RIVERS_LAST,
	.apply = rivers_apply,
	.format_action = rivers_format_action,
	.parse_action = rivers_parse_action,
	.counter = rivers_counter,
	.counter_names = rivers_counters,
	.acting_players = rivers_acting_players,
	.phase_name = rivers_phase_name,
	.phase_first = CATAN_PHASE_RIVERS_FIRST,
	.phase_last = CATAN_PHASE_RIVERS_LAST,
};
