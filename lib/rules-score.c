/*
 * libcatanrules: the base game's victory points.
 * SPDX-License-Identifier: MIT
 */

#include "catan-private.h"

/* Points of buildings and awards (07). */
#define VP_SETTLEMENT 1
#define VP_CITY 2
#define VP_AWARD 2

/* Buildings on the board are what left the stock: counting stock keeps
 * scoring O(1) on the hot path (a city returns its settlement to stock). */
static int
building_points(const catan_state *s, int player)
{
	const struct player_state *ps = st_cplayer(s, player);
	const catan_game *g = s->game;

	return VP_SETTLEMENT * (g->pieces[CATAN_PIECE_SETTLEMENT] - ps->settlements_left) +
	       VP_CITY * (g->pieces[CATAN_PIECE_CITY] - ps->cities_left);
}

int
catan_score__base_vp(const catan_state *s, int player, bool include_hidden)
{
	const struct core_state *core = st_ccore(s);
	int vp;

	if (player < 0 || player >= catan_game__owners(s->game))
		return 0;
	vp = building_points(s, player);
	if (core->longest_holder == player)
		vp += VP_AWARD;
	if (core->army_holder == player)
		vp += VP_AWARD;
	/* Victory Point cards stay hidden until they win (05.E, B8). */
	if (include_hidden ||
	    (core->winner == player && (core->flags & GAME_VP_REVEALED)))
		vp += st_cplayer(s, player)->dev[CATAN_DEV_VICTORY_POINT];
	return vp;
}
