/*
 * libcatanrules: award contests (catan_game.ncontests): groups of players
 * that contest each award separately, each with its own holder (CATAN
 * Connect's per-board Longest Trade Route and Largest Army); their
 * declaration, queries and snapshot lines. Who holds an award in a contest
 * is rules-awards.c's.
 * SPDX-License-Identifier: MIT
 */
#include <stdio.h>
#include <stdlib.h>

#include "catan-private.h"

int
catan_game_set_award_contests(catan_game *g, const uint8_t *contest_of_player,
			      unsigned nplayers)
{
	uint32_t members[CATAN_MAX_CONTESTS] = { 0 };
	unsigned n = 0;

	if (!g)
		return CATAN_EINVAL;
	if (g->state_size) {
		catan__ctx_seterr(g->ctx, "award contests are declared while the game is built");
		return CATAN_EINVAL;
	}
	if (!contest_of_player && nplayers == 0) {
		g->ncontests = 0;
		memset(g->contest_of, 0, sizeof(g->contest_of));
		memset(g->contest_members, 0, sizeof(g->contest_members));
		return CATAN_OK;
	}
	if (!contest_of_player || nplayers != (unsigned)g->num_players) {
		catan__ctx_seterr(g->ctx, "award contests for %u players in a %d-player game",
				  contest_of_player ? nplayers : 0u, g->num_players);
		return CATAN_EINVAL;
	}
	for (unsigned p = 0; p < nplayers; p++) {
		unsigned c = contest_of_player[p];

		if (c >= CATAN_MAX_CONTESTS) {
			catan__ctx_seterr(g->ctx, "p%u: contest %u; a game has at most %d contests",
					  p, c, CATAN_MAX_CONTESTS);
			return CATAN_EINVAL;
		}
		members[c] |= UINT32_C(1) << p;
		if (c + 1 > n)
			n = c + 1;
	}
	for (unsigned c = 0; c < n; c++) {
		if (!members[c]) {
			catan__ctx_seterr(g->ctx, "award contest %u has no members (contests are numbered from 0 without gaps)",
					  c);
			return CATAN_EINVAL;
		}
	}
	g->ncontests = (uint8_t)n;
	memset(g->contest_of, 0, sizeof(g->contest_of));
	for (unsigned p = 0; p < nplayers; p++)
		g->contest_of[p] = contest_of_player[p];
	memcpy(g->contest_members, members, sizeof(members));
	return CATAN_OK;
}

int
catan_game_contest_count(const catan_game *g, unsigned *count)
{
	if (!g || !count)
		return CATAN_EINVAL;
	*count = g->ncontests ? g->ncontests : 1u;
	return CATAN_OK;
}

int
catan_game_player_contest(const catan_game *g, int player, unsigned *contest)
{
	if (!g || !contest)
		return CATAN_EINVAL;
	if (player < 0 || player >= (g->ncontests ? g->num_players : catan_game__owners(g))) {
		catan__ctx_seterr(g->ctx, "player %d is in no award contest", player);
		return CATAN_EINVAL;
	}
	*contest = g->ncontests ? g->contest_of[player] : 0u;
	return CATAN_OK;
}

int
catan_state_award_holder(const catan_state *s, unsigned award, unsigned contest, int *holder)
{
	unsigned n;

	if (!s || !holder)
		return CATAN_EINVAL;
	n = s->game->ncontests ? s->game->ncontests : 1u;
	if (award >= CATAN_AWARDS || contest >= n) {
		catan_state__seterr(s, "award %u in contest %u: the game has %d awards and %u contest%s",
				    award, contest, CATAN_AWARDS, n, n == 1 ? "" : "s");
		return CATAN_EINVAL;
	}
	*holder = catan_awards__holder_in(s, award, contest);
	return CATAN_OK;
}

void
catan_state__contests_init(catan_state *s)
{
	for (unsigned c = 0; c < s->game->ncontests; c++)
		for (unsigned a = 0; a < CATAN_AWARDS; a++)
			st_contest(s, c)[a] = CATAN_NO_PLAYER;
}

/* The keys of a contest line, in catan_award order. */
static const char *const award_keys[CATAN_AWARDS] = {
	[CATAN_AWARD_LONGEST_ROAD] = "longest_road",
	[CATAN_AWARD_LARGEST_ARMY] = "largest_army",
};

void
catan_text__contests(struct catan_text *w, const catan_state *s)
{
	for (unsigned c = 0; c < s->game->ncontests; c++) {
		catan_text__put(w, "\ncontest %u", c);
		for (unsigned a = 0; a < CATAN_AWARDS; a++) {
			catan_text__put(w, " %s ", award_keys[a]);
			catan_text__player(w, st_ccontest(s, c)[a]);
		}
	}
}

/* "none" or "p<i>" for a seated player; false otherwise. */
static bool
parse_holder(const char *t, int nplayers, int8_t *out)
{
	unsigned long v;
	char *end;

	if (strcmp(t, "none") == 0) {
		*out = CATAN_NO_PLAYER;
		return true;
	}
	if (t[0] != 'p' || t[1] < '0' || t[1] > '9')
		return false;
	v = strtoul(t + 1, &end, 10);
	if (*end || v >= (unsigned long)nplayers || (t[1] == '0' && t[2]))
		return false;
	*out = (int8_t)v;
	return true;
}

bool
catan_contests__read(catan_state *s, char *const *tok, int ntok, uint32_t *seen, char *why,
		     size_t cap)
{
	const catan_game *g = s->game;
	int8_t held[CATAN_AWARDS];
	unsigned long c;
	char *end;

	if (!g->ncontests) {
		snprintf(why, cap, "this game has no award contests");
		return false;
	}
	if (ntok != 2 + 2 * CATAN_AWARDS) {
		snprintf(why, cap, "a contest line is 'contest <i> longest_road <holder> largest_army <holder>'");
		return false;
	}
	c = strtoul(tok[1], &end, 10);
	if (tok[1][0] < '0' || tok[1][0] > '9' || *end || c >= g->ncontests) {
		snprintf(why, cap, "no award contest '%.40s' (the game has %u)", tok[1],
			 (unsigned)g->ncontests);
		return false;
	}
	if (*seen & (UINT32_C(1) << c)) {
		snprintf(why, cap, "contest %lu given twice", c);
		return false;
	}
	for (unsigned a = 0; a < CATAN_AWARDS; a++) {
		const char *key = tok[2 + 2 * a], *value = tok[3 + 2 * a];

		if (strcmp(key, award_keys[a]) != 0) {
			snprintf(why, cap, "expected '%s' in a contest line, found '%.40s'",
				 award_keys[a], key);
			return false;
		}
		if (!parse_holder(value, g->num_players, &held[a])) {
			snprintf(why, cap, "contest %lu: bad %s holder '%.40s'", c, key, value);
			return false;
		}
		/* A holder is one of the contest's members. */
		if (held[a] >= 0 && !(g->contest_members[c] & (UINT32_C(1) << held[a]))) {
			snprintf(why, cap, "contest %lu: %s holder p%d is in contest %u",
				 c, key, held[a], (unsigned)g->contest_of[held[a]]);
			return false;
		}
	}
	*seen |= UINT32_C(1) << c;
	memcpy(st_contest(s, (unsigned)c), held, sizeof(held));
	return true;
}
