/*
 * libcatanrules: whom the robber's mover may steal from.
 * SPDX-License-Identifier: MIT
 */

#include "catan-private.h"

uint32_t
catan_robber__victims(const catan_state *s, unsigned hex, int thief)
{
	const struct board *b = &s->game->board;
	const uint8_t *verts = st_cvert(s);
	int nplayers = st_ccore(s)->num_players;
	uint32_t victims = 0;

	if (hex >= b->nhex)
		return 0;
	if (s->game->off_sets) {
		/* The players' building sets: no branch per corner, whose
		 * outcome a playout cannot predict. */
		uint64_t corners = b->hex_verts[hex];

		for (int p = 0; p < nplayers; p++)
			victims |= ((uint32_t)((st_csets(s, p)->buildings & corners) != 0) &
				    (uint32_t)(st_cplayer(s, p)->hand_total > 0)) << p;
		/* Never oneself (B10); only a player with resources (05.B). */
		if (thief >= 0 && thief < nplayers)
			victims &= ~(UINT32_C(1) << thief);
		return victims;
	}
	for (unsigned c = 0; c < 6; c++) {
		unsigned v = b->hex[hex].vert[c];
		int owner;

		if (v >= b->nvert || verts[v] == 0)
			continue;
		owner = PIECE_OWNER(verts[v]);
		/* Never oneself (B10); only a player with resources (05.B). */
		if (owner < 0 || owner >= nplayers || owner == thief)
			continue;
		if (st_cplayer(s, owner)->hand_total > 0)
			victims |= UINT32_C(1) << owner;
	}
	return victims;
}
