/*
 * libcatanrules: Harbors of CATAN (Traders & Barbarians variant) — the
 * Strongest Ports bonus tile and the 11-point game.
 * SPDX-License-Identifier: MIT
 */
#include "catan-private.h"

/*
 * traders-and-barbarians.txt, Harbors of CATAN: "The first player to have
 * 3 VPs in buildings on ports receives the Strongest Ports tile. If another
 * player has more VPs in buildings on ports, they immediately receive this
 * tile. The Strongest Ports tile is worth 2 VPs." "If you have 11 or more
 * VPs at any point during your turn, the game ends immediately and you are
 * the winner!" Combining: "increase the number of VPs needed to win by
 * 1 VP".
 *
 * RULINGS.md T2: port points are 1 per settlement and 2 per city on a
 * harbor intersection; first to 3 takes the tile; another player must have
 * strictly more to take it. The win target is the variant's plus one.
 *
 * The holder lives in the module's slice and is recomputed after every
 * action that built something (and after edits), before the variant's win
 * check. Its points so change only where the win check looks anyway (a
 * building placed, an edit: sys/module.h).
 */

/* "The first player to have 3 VPs in buildings on ports" */
#define PORT_POINTS_MIN 3
/* "The Strongest Ports tile is worth 2 VPs." */
#define STRONGEST_PORTS_VP 2
/* "increase the number of VPs needed to win by 1 VP" */
#define EXTRA_VP_TO_WIN 1

struct harbors_slice {
	int8_t holder;        /* the Strongest Ports holder, or -1 */
};

/* A building's points on a harbor intersection (T2). */
static unsigned
piece_points(uint8_t piece)
{
	return PIECE_KIND(piece) == CATAN_PIECE_CITY ? 2u : 1u;
}

/* Every player's points in buildings on harbor intersections. */
static void
port_points(const catan_state *s, unsigned points[CATAN_MAX_PLAYERS])
{
	const struct board *b = &s->game->board;
	const uint8_t *verts = st_cvert(s);

	memset(points, 0, CATAN_MAX_PLAYERS * sizeof(points[0]));
	if (b->masks_ok) {
		/* the same intersections (board.c), only the built ones */
		uint64_t built;

		catan_bytes__sets(verts, b->nvert, 0, 0, NULL, &built);
		for (uint64_t m = built & b->harbor_verts; m; m &= m - 1) {
			unsigned v = (unsigned)__builtin_ctzll(m);
			int owner = PIECE_OWNER(verts[v]);

			if (owner >= 0 && owner < CATAN_MAX_PLAYERS)
				points[owner] += piece_points(verts[v]);
		}
		return;
	}
	for (unsigned h = 0; h < b->nharbor; h++) {
		for (unsigned i = 0; i < b->harbor[h].nvert; i++) {
			unsigned v = b->harbor[h].vert[i];
			int owner;

			/* An intersection counts once, for the harbor it
			 * opens on. */
			if (v >= b->nvert || b->vert[v].harbor != h ||
			    verts[v] == 0)
				continue;
			owner = PIECE_OWNER(verts[v]);
			if (owner >= 0 && owner < CATAN_MAX_PLAYERS)
				points[owner] += piece_points(verts[v]);
		}
	}
}

/*
 * The Harbormaster follows the holder rule of the base game's awards
 * (catan_awards__holder(), base-game.txt §05.F, B8), which the text's two
 * sentences are an instance of: the holder keeps the tile while tied at
 * the top with at least the minimum; otherwise it goes to the one player
 * alone at the top with at least the minimum; otherwise it is set aside.
 * While points only grow this is "first to 3, then strictly more to take
 * it"; it also decides the cases the text does not (a building lost to a
 * later module or an edit).
 */
static void
update_holder(catan_state *s, struct harbors_slice *hs)
{
	unsigned points[CATAN_MAX_PLAYERS];
	int n = st_ccore(s)->num_players;

	if (n > CATAN_MAX_PLAYERS)
		n = CATAN_MAX_PLAYERS;
	port_points(s, points);
	hs->holder = (int8_t)catan_awards__holder(points, n, hs->holder, PORT_POINTS_MIN);
}

static int
harbors_init_state(catan_state *s, void *slice)
{
	struct harbors_slice *hs = slice;

	hs->holder = CATAN_NO_PLAYER;
	update_holder(s, hs);
	return CATAN_OK;
}

static void
harbors_after_apply(catan_state *s, const catan_action *a, void *slice)
{
	(void)a;
	/* The holder follows from the buildings and the holder alone, and
	 * recomputing it from the same buildings gives the same holder: only
	 * an action that built anything (catan_state.built) can change it. */
	if (s->built)
		update_holder(s, slice);
}

static void
harbors_refresh(catan_state *s, void *slice)
{
	update_holder(s, slice);
}

static int
harbors_victory_points(const catan_state *s, int player, int include_hidden,
		       int vp, const void *slice)
{
	const struct harbors_slice *hs = slice;

	(void)s;
	(void)include_hidden;
	/* The tile lies face up: its points are public. */
	return hs->holder == player ? vp + STRONGEST_PORTS_VP : vp;
}

static int
harbors_vp_to_win(const catan_game *g, int vp)
{
	(void)g;
	return vp + EXTRA_VP_TO_WIN;
}

/* The holder is public: the tile lies beside the board. */
static int
harbors_counter(const catan_state *s, int player, const char *name, int32_t *out,
		const void *slice)
{
	const struct harbors_slice *hs = slice;

	(void)s;
	if (player != -1 || strcmp(name, "strongest_ports") != 0)
		return CATAN_ENOTFOUND;
	*out = hs->holder;
	return CATAN_OK;
}

static const char *const harbors_counters[] = { "strongest_ports", NULL };

static const char *const harbors_variants[] = { "base", NULL };

const struct catan_module_ops catan_module_harbors = {
	.version = CATAN_MODULE_OPS_VERSION,
	.name = "harbors",
	.description = "Traders & Barbarians: Harbors of CATAN, the Strongest Ports tile (2 points), play to 11",
	.variants = harbors_variants,
	.conflicts = NULL,
	.params = NULL,
	.state_size = sizeof(struct harbors_slice),
	.init_state = harbors_init_state,
	.after_apply = harbors_after_apply,
	.victory_points = harbors_victory_points,
	.vp_to_win = harbors_vp_to_win,
	.refresh = harbors_refresh,
	.counter = harbors_counter,
	.counter_names = harbors_counters,
};
