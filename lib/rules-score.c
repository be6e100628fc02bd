/*
 * libcatanrules: the base game's victory points.
 * SPDX-License-Identifier: MIT
 */

#include "catan-private.h"

/* Points of buildings and awards (07). */
#define VP_SETTLEMENT 1
#define VP_CITY 2
#define VP_AWARD 2

static int
building_points(const catan_state *s, int player)
{
	const uint8_t *verts = st_cvert(s);
	unsigned nvert = s->game->board.nvert;
	int vp = 0;

	for (unsigned v = 0; v < nvert; v++) {
		uint8_t byte = verts[v];

		if (byte == 0 || PIECE_OWNER(byte) != player)
			continue;
		if (PIECE_KIND(byte) == CATAN_PIECE_SETTLEMENT)
			vp += VP_SETTLEMENT;
		else if (PIECE_KIND(byte) == CATAN_PIECE_CITY)
			vp += VP_CITY;
	}
	return vp;
}

int
score__base_vp(const catan_state *s, int player, bool include_hidden)
{
	const struct core_state *core = st_ccore(s);
	int vp;

	if (player < 0 || player >= core->num_players)
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
