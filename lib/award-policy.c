/*
 * libcatanrules: the awards' policy (catan_game.award_min, award_points,
 * catan_game_award()): which awards a game has, the least value that can
 * hold each and its points; the holding rule is rules-awards.c's.
 * SPDX-License-Identifier: MIT
 */
#include "catan-private.h"

/* The base game's special victory point cards (base-game.txt 05.F: "at
 * least 5 road segments", "at least 3 Knight cards"; each is worth 2). */
void
catan_game__default_awards(catan_game *g)
{
	g->award_min[CATAN_AWARD_LONGEST_ROAD] = 5;
	g->award_min[CATAN_AWARD_LARGEST_ARMY] = 3;
	g->award_points[CATAN_AWARD_LONGEST_ROAD] = 2;
	g->award_points[CATAN_AWARD_LARGEST_ARMY] = 2;
}

int
catan_game_set_award(catan_game *g, unsigned award, unsigned min, unsigned points)
{
	if (!g)
		return CATAN_EINVAL;
	if (g->state_size) {
		catan__ctx_seterr(g->ctx, "awards are set while the game is built");
		return CATAN_EINVAL;
	}
	if (award >= CATAN_AWARDS) {
		catan__ctx_seterr(g->ctx, "award %u: there are %d awards", award, CATAN_AWARDS);
		return CATAN_EINVAL;
	}
	if (min > 255 || (min && (points < 1 || points > 10))) {
		catan__ctx_seterr(g->ctx, "award %u: the least value is 0..255, the points 1..10",
				  award);
		return CATAN_EINVAL;
	}
	g->award_min[award] = (uint8_t)min;
	g->award_points[award] = (uint8_t)(min ? points : 0);
	return CATAN_OK;
}

int
catan_game_award(const catan_game *g, unsigned award, unsigned *min, unsigned *points)
{
	if (!g || award >= CATAN_AWARDS)
		return CATAN_EINVAL;
	if (min)
		*min = g->award_min[award];
	if (points)
		*points = g->award_points[award];
	return CATAN_OK;
}
