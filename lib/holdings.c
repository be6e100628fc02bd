/*
 * libcatanrules: holdings — per-player named counters a game declares
 * (catanrules/holding.h): declaration, queries, what observers see, the
 * snapshot lines, edits and the redeal of what an observer cannot see.
 * SPDX-License-Identifier: MIT
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "catan-private.h"

#define HOLDING_NAME_MAX 32

/* Deals contradicting what the observer sees are redrawn this many times
 * before the true counts are kept (as resample.c does for the cards). */
#define REDEAL_ATTEMPTS 1000

/* ---------------------------------------------------------- declaring */

bool
catan__valid_declared_name(const char *name)
{
	size_t n = 0;

	if (!name || !*name)
		return false;
	for (; name[n]; n++) {
		char ch = name[n];

		if (n >= HOLDING_NAME_MAX)
			return false;
		if (!((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '_'))
			return false;
	}
	return true;
}

int
catan_game__holding_index(const catan_game *g, const char *name, bool *is_group)
{
	for (unsigned h = 0; h < g->nholdings; h++) {
		const struct game_holding *gh = &g->holdings[h];

		if (strcmp(gh->name, name) == 0) {
			*is_group = false;
			return (int)h;
		}
		if (gh->group && gh->group_first == h && strcmp(gh->group, name) == 0) {
			*is_group = true;
			return (int)h;
		}
	}
	return -1;
}

static int
refuse_spec(catan_game *g, const char *what, const char *name)
{
	catan__ctx_seterr(g->ctx, "holding '%.32s': %s", name ? name : "(null)", what);
	return CATAN_EINVAL;
}

int
catan_game_declare_holding(catan_game *g, const catan_holding_spec *spec)
{
	struct game_holding *gh;
	bool group;
	int at;

	if (!g || !spec)
		return CATAN_EINVAL;
	/* The layout is computed once every build_game ran. */
	if (g->state_size)
		return refuse_spec(g, "holdings are declared while the game is built", spec->name);
	if (!catan__valid_declared_name(spec->name))
		return refuse_spec(g, "the name must be 1-32 of [a-z0-9_]", spec->name);
	if (spec->visibility > CATAN_HOLDING_GROUP)
		return refuse_spec(g, "unknown visibility", spec->name);
	if ((spec->visibility == CATAN_HOLDING_GROUP) != (spec->group != NULL))
		return refuse_spec(g, "a group name goes with visibility group, and only with it",
				   spec->name);
	if (spec->group && (!catan__valid_declared_name(spec->group) || strcmp(spec->group, spec->name) == 0))
		return refuse_spec(g, "the group name must be 1-32 of [a-z0-9_], not the holding's",
				   spec->name);
	if (spec->max == 0 || spec->has_supply > 1)
		return refuse_spec(g, "max must be at least 1 and has_supply 0 or 1", spec->name);
	if (!spec->has_supply && spec->supply_total)
		return refuse_spec(g, "a supply total without a supply", spec->name);
	if (spec->trade & ~(unsigned)(CATAN_HOLDING_TRADED | CATAN_HOLDING_MARITIME))
		return refuse_spec(g, "unknown trade bits", spec->name);
	/* Trades are made in the open, and a redeal (resample) must never
	 * take from a player what an open offer of theirs gives. */
	if (spec->trade && spec->visibility != CATAN_HOLDING_PUBLIC)
		return refuse_spec(g, "a traded holding is public", spec->name);
	if (g->nholdings >= CATAN_MAX_HOLDINGS)
		return refuse_spec(g, "too many holdings in one game", spec->name);
	if (catan_game__holding_index(g, spec->name, &group) >= 0)
		return refuse_spec(g, "the name is taken", spec->name);
	at = spec->group ? catan_game__holding_index(g, spec->group, &group) : -1;
	if (at >= 0 && !group)
		return refuse_spec(g, "the group name is a holding's", spec->name);
	gh = &g->holdings[g->nholdings];
	gh->name = spec->name;
	gh->group = spec->group;
	gh->visibility = (uint8_t)spec->visibility;
	gh->has_supply = spec->has_supply;
	gh->target = spec->target;
	gh->group_first = (uint8_t)(at >= 0 ? at : g->nholdings);
	gh->max = spec->max;
	gh->supply_total = spec->supply_total;
	gh->trade = spec->trade;
	gh->slot = 0xff;
	if (spec->target)
		g->holding_targets = true;
	g->nholdings++;
	return CATAN_OK;
}

size_t
catan_game__holdings_size(const catan_game *g)
{
	return (size_t)g->nholdings * (g->num_players + 1u) * sizeof(uint16_t);
}

void
catan_state__holdings_init(catan_state *s)
{
	const catan_game *g = s->game;

	for (unsigned h = 0; h < g->nholdings; h++)
		catan_state__holding_set(s, CATAN_HOLDING_SUPPLY, h,
					 g->holdings[h].has_supply ? g->holdings[h].supply_total : 0);
}

int
catan_state__vp_target(const catan_state *s, int player)
{
	const catan_game *g = s->game;
	int target = g->vp_target;

	if (!g->holding_targets || player < 0 || player >= g->num_players)
		return target;
	for (unsigned h = 0; h < g->nholdings; h++)
		target += g->holdings[h].target * (int)catan_state__holding(s, player, h);
	return target;
}

/* ------------------------------------------------------------ queries */

int
catan_game_holding_count(const catan_game *g)
{
	return g ? g->nholdings : CATAN_EINVAL;
}

int
catan_game_holding(const catan_game *g, unsigned index, catan_holding_info *out)
{
	const struct game_holding *gh;

	if (!g || !out || index >= g->nholdings)
		return CATAN_EINVAL;
	gh = &g->holdings[index];
	out->name = gh->name;
	out->group = gh->group;
	out->visibility = gh->visibility;
	out->max = gh->max;
	out->supply = gh->has_supply ? gh->supply_total : -1;
	out->target = gh->target;
	out->trade = gh->trade;
	out->slot = gh->slot == 0xff ? -1 : gh->slot;
	return CATAN_OK;
}

/* A group's total for a player, or of the supplies of its members. */
unsigned
catan_holdings__group_total(const catan_state *s, int player, unsigned first)
{
	const catan_game *g = s->game;
	unsigned t = 0;

	for (unsigned h = first; h < g->nholdings; h++)
		if (g->holdings[h].group && g->holdings[h].group_first == first)
			t += catan_state__holding(s, player, h);
	return t;
}

bool
catan_holdings__group_has_supply(const catan_game *g, unsigned first)
{
	for (unsigned h = first; h < g->nholdings; h++)
		if (g->holdings[h].group_first == first && g->holdings[h].group &&
		    g->holdings[h].has_supply)
			return true;
	return false;
}

/* Look a name up for @player (a seated player or the supply): the value as
 * the referee sees it and who may see it (visibility of the thing read:
 * a group's total is public). */
static int
lookup(const catan_state *s, int player, const char *name, unsigned *value,
       unsigned *visibility)
{
	const catan_game *g = s->game;
	const struct game_holding *gh;
	bool group;
	int h;

	if (player < CATAN_HOLDING_SUPPLY || player >= g->num_players)
		return CATAN_EINVAL;
	h = catan_game__holding_index(g, name, &group);
	if (h < 0) {
		catan_state__seterr(s, "no holding '%.40s' in this game", name);
		return CATAN_ENOTFOUND;
	}
	gh = &g->holdings[h];
	if (group) {
		if (player < 0 && !catan_holdings__group_has_supply(g, (unsigned)h))
			goto no_supply;
		*value = catan_holdings__group_total(s, player, (unsigned)h);
		*visibility = CATAN_HOLDING_PUBLIC;
		return CATAN_OK;
	}
	if (player < 0 && !gh->has_supply)
		goto no_supply;
	*value = catan_state__holding(s, player, (unsigned)h);
	*visibility = gh->visibility;
	return CATAN_OK;
no_supply:
	catan_state__seterr(s, "'%.40s' has no supply", name);
	return CATAN_ENOTFOUND;
}

int
catan_state_holding(const catan_state *s, int player, const char *name, int32_t *out)
{
	unsigned v, vis;
	int rc;

	if (!s || !name || !out)
		return CATAN_EINVAL;
	rc = lookup(s, player, name, &v, &vis);
	if (rc == CATAN_OK)
		*out = (int32_t)v;
	return rc;
}

/* Whether @observer sees a value of visibility @vis held by @player (the
 * supply: only public ones). */
bool
catan_holdings__sees(int observer, int player, unsigned vis)
{
	if (observer == CATAN_OBSERVER_ALL || vis == CATAN_HOLDING_PUBLIC)
		return true;
	return player >= 0 && observer == player;
}

int
catan_state_observe_holding(const catan_state *s, int observer, int player,
			    const char *name, int32_t *out)
{
	unsigned v, vis;
	int rc;

	if (!s || !name || !out)
		return CATAN_EINVAL;
	if (observer != CATAN_OBSERVER_ALL && observer != CATAN_OBSERVER_PUBLIC &&
	    (observer < 0 || observer >= st_ccore(s)->num_players)) {
		catan_state__seterr(s, "no observer %d in a %d-player game", observer,
				    st_ccore(s)->num_players);
		return CATAN_EINVAL;
	}
	rc = lookup(s, player, name, &v, &vis);
	if (rc == CATAN_OK)
		*out = catan_holdings__sees(observer, player, vis) ? (int32_t)v : -1;
	return rc;
}

/* --------------------------------------------------------------- text */

void
catan_text__holdings(struct catan_text *w, const catan_state *s, int observer)
{
	const catan_game *g = s->game;
	int np = g->num_players;

	for (unsigned h = 0; h < g->nholdings; h++) {
		const struct game_holding *gh = &g->holdings[h];

		if (gh->group && gh->group_first == h) {
			for (int p = 0; p < np; p++)
				catan_text__put(w, "holding %s p%d %u\n", gh->group, p,
						catan_holdings__group_total(s, p, h));
			if (catan_holdings__group_has_supply(g, h))
				catan_text__put(w, "supply %s %u\n", gh->group,
						catan_holdings__group_total(s, CATAN_HOLDING_SUPPLY, h));
		}
		for (int p = 0; p < np; p++)
			if (catan_holdings__sees(observer, p, gh->visibility))
				catan_text__put(w, "holding %s p%d %u\n", gh->name, p,
						catan_state__holding(s, p, h));
		if (gh->has_supply && catan_holdings__sees(observer, CATAN_HOLDING_SUPPLY, gh->visibility))
			catan_text__put(w, "supply %s %u\n", gh->name,
					catan_state__holding(s, CATAN_HOLDING_SUPPLY, h));
	}
}

void
catan_text__holdings_snapshot(struct catan_text *w, const catan_state *s)
{
	const catan_game *g = s->game;

	for (unsigned h = 0; h < g->nholdings; h++) {
		catan_text__put(w, "holding %s", g->holdings[h].name);
		for (int p = 0; p < g->num_players; p++)
			catan_text__put(w, " %u", catan_state__holding(s, p, h));
		if (g->holdings[h].has_supply)
			catan_text__put(w, " supply %u",
					catan_state__holding(s, CATAN_HOLDING_SUPPLY, h));
		catan_text__put(w, "\n");
	}
}

static bool
parse_count(const char *t, unsigned *out)
{
	unsigned long v;
	char *end;

	if (*t < '0' || *t > '9' || (t[0] == '0' && t[1]))
		return false;
	v = strtoul(t, &end, 10);
	if (*end || v > UINT16_MAX)
		return false;
	*out = (unsigned)v;
	return true;
}

bool
catan_holdings__read(catan_state *s, char *const *tok, int ntok, uint32_t *seen,
		     char *why, size_t cap)
{
	const catan_game *g = s->game;
	const struct game_holding *gh;
	int np = g->num_players, want;
	unsigned v;
	bool group;
	int h;

	if (ntok < 2 || (h = catan_game__holding_index(g, tok[1], &group)) < 0 || group) {
		snprintf(why, cap, "this game has no holding '%.40s'", ntok < 2 ? "" : tok[1]);
		return false;
	}
	gh = &g->holdings[h];
	want = 2 + np + (gh->has_supply ? 2 : 0);
	if (ntok != want) {
		snprintf(why, cap, "holding '%s' needs %d counts%s", gh->name, np,
			 gh->has_supply ? " and 'supply N'" : "");
		return false;
	}
	if (*seen & (UINT32_C(1) << h)) {
		snprintf(why, cap, "holding '%s' given twice", gh->name);
		return false;
	}
	for (int p = 0; p < np; p++) {
		if (!parse_count(tok[2 + p], &v) || v > gh->max) {
			snprintf(why, cap, "holding '%s': p%d's count must be 0..%u", gh->name, p,
				 (unsigned)gh->max);
			return false;
		}
		catan_state__holding_set(s, p, (unsigned)h, v);
	}
	if (gh->has_supply) {
		if (strcmp(tok[2 + np], "supply") != 0 || !parse_count(tok[3 + np], &v)) {
			snprintf(why, cap, "holding '%s' needs 'supply N' after the counts", gh->name);
			return false;
		}
		catan_state__holding_set(s, CATAN_HOLDING_SUPPLY, (unsigned)h, v);
	}
	*seen |= UINT32_C(1) << h;
	return true;
}

bool
catan_holdings__valid(const catan_state *s, char *why, size_t cap)
{
	const catan_game *g = s->game;

	for (unsigned h = 0; h < g->nholdings; h++) {
		const struct game_holding *gh = &g->holdings[h];
		unsigned total = 0;

		for (int p = 0; p < g->num_players; p++) {
			unsigned v = catan_state__holding(s, p, h);

			if (v > gh->max) {
				snprintf(why, cap, "p%d holds %u '%s', at most %u", p, v, gh->name,
					 (unsigned)gh->max);
				return false;
			}
			total += v;
		}
		if (!gh->has_supply)
			continue;
		total += catan_state__holding(s, CATAN_HOLDING_SUPPLY, h);
		if (total > gh->supply_total) {
			snprintf(why, cap, "%u '%s' in hands and supply; the game has %u", total,
				 gh->name, (unsigned)gh->supply_total);
			return false;
		}
	}
	return true;
}

/* -------------------------------------------------------------- edits */

static int
set_holding(catan_state *s, int player, const char *name, unsigned count)
{
	const struct game_holding *gh;
	unsigned have, supply;
	bool group;
	int h;

	if (!s)
		return CATAN_EINVAL;
	if (!name || player < CATAN_HOLDING_SUPPLY || player >= st_ccore(s)->num_players) {
		catan_state__seterr(s, "edit refused: bad player or holding name");
		return CATAN_EINVAL;
	}
	h = catan_game__holding_index(s->game, name, &group);
	if (h < 0 || group) {
		catan_state__seterr(s, "edit refused: no holding '%.40s' in this game", name);
		return CATAN_EINVAL;
	}
	gh = &s->game->holdings[h];
	have = catan_state__holding(s, player, (unsigned)h);
	supply = catan_state__holding(s, CATAN_HOLDING_SUPPLY, (unsigned)h);
	if (player == CATAN_HOLDING_SUPPLY) {
		unsigned held = 0;

		if (!gh->has_supply) {
			catan_state__seterr(s, "edit refused: '%s' has no supply", gh->name);
			return CATAN_EINVAL;
		}
		for (int p = 0; p < st_ccore(s)->num_players; p++)
			held += catan_state__holding(s, p, (unsigned)h);
		if (count > gh->supply_total || held + count > gh->supply_total) {
			catan_state__seterr(s, "edit refused: the supply of '%s' and the %u held "
					    "would pass the game's %u", gh->name, held,
					    (unsigned)gh->supply_total);
			return CATAN_EINVAL;
		}
		catan_state__holding_set(s, player, (unsigned)h, count);
	} else {
		if (count > gh->max) {
			catan_state__seterr(s, "edit refused: a player holds at most %u '%s'",
					    (unsigned)gh->max, gh->name);
			return CATAN_EINVAL;
		}
		/* What a player gains comes out of the supply, what they lose
		 * goes back to it. */
		if (gh->has_supply && count > have && count - have > supply) {
			catan_state__seterr(s, "edit refused: the supply holds %u '%s'", supply,
					    gh->name);
			return CATAN_EINVAL;
		}
		if (gh->has_supply)
			catan_state__holding_set(s, CATAN_HOLDING_SUPPLY, (unsigned)h,
						 supply + have - count);
		catan_state__holding_set(s, player, (unsigned)h, count);
	}
	return CATAN_OK;
}

int
catan_edit_set_holding(catan_state *s, int player, const char *name, unsigned count)
{
	CATAN_EDIT(s, set_holding(s, player, name, count));
}

/* ------------------------------------------------------------- redeal */

/* Deal @units one at a time to the hidden players with room (and to the
 * supply when @to_supply), uniformly among those with room. */
static void
redeal_owner(catan_state *t, const bool *hidden, unsigned h, struct catan_rng *rng)
{
	const catan_game *g = t->game;
	const struct game_holding *gh = &g->holdings[h];
	int np = g->num_players, who[CATAN_MAX_PLAYERS + 1];
	unsigned units = 0;

	for (int p = 0; p < np; p++)
		if (hidden[p]) {
			units += catan_state__holding(t, p, h);
			catan_state__holding_set(t, p, h, 0);
		}
	if (gh->has_supply) {
		units += catan_state__holding(t, CATAN_HOLDING_SUPPLY, h);
		catan_state__holding_set(t, CATAN_HOLDING_SUPPLY, h, 0);
	}
	for (; units; units--) {
		unsigned n = 0;

		for (int p = 0; p < np; p++)
			if (hidden[p] && catan_state__holding(t, p, h) < gh->max)
				who[n++] = p;
		if (gh->has_supply)
			who[n++] = CATAN_HOLDING_SUPPLY;
		if (n == 0)
			return; /* cannot happen: the units came from these */
		n = (unsigned)who[catan_rng__below(rng, n)];
		catan_state__holding_set(t, (int)n, h, catan_state__holding(t, (int)n, h) + 1);
	}
}

/* A group: each hidden player keeps their public total, drawn from the
 * pool of the hidden players' tokens and the supplies; what is left goes
 * back to the supplies. False when a draw passes a member's max or leaves
 * tokens of a member without a supply. */
static bool
redeal_group(catan_state *t, const catan_state *s, const bool *hidden, unsigned first,
	     struct catan_rng *rng)
{
	const catan_game *g = t->game;
	unsigned pool[CATAN_MAX_HOLDINGS] = { 0 }, total = 0;
	int np = g->num_players;

	for (unsigned h = first; h < g->nholdings; h++) {
		if (!g->holdings[h].group || g->holdings[h].group_first != first)
			continue;
		for (int p = 0; p < np; p++)
			if (hidden[p]) {
				pool[h] += catan_state__holding(s, p, h);
				catan_state__holding_set(t, p, h, 0);
			}
		if (g->holdings[h].has_supply)
			pool[h] += catan_state__holding(s, CATAN_HOLDING_SUPPLY, h);
		total += pool[h];
	}
	for (int p = 0; p < np; p++) {
		if (!hidden[p])
			continue;
		for (unsigned n = catan_holdings__group_total(s, p, first); n; n--) {
			unsigned r = catan_rng__below(rng, total), h = first;

			for (; h < g->nholdings; h++) {
				if (!g->holdings[h].group || g->holdings[h].group_first != first)
					continue;
				if (r < pool[h])
					break;
				r -= pool[h];
			}
			if (h >= g->nholdings)
				return false;
			pool[h]--;
			total--;
			if (catan_state__holding(t, p, h) >= g->holdings[h].max)
				return false;
			catan_state__holding_set(t, p, h, catan_state__holding(t, p, h) + 1);
		}
	}
	for (unsigned h = first; h < g->nholdings; h++) {
		if (!g->holdings[h].group || g->holdings[h].group_first != first)
			continue;
		if (g->holdings[h].has_supply)
			catan_state__holding_set(t, CATAN_HOLDING_SUPPLY, h, pool[h]);
		else if (pool[h])
			return false;
	}
	return true;
}

/* The public points may count holdings: a deal must keep them. */
static bool
points_kept(const catan_state *t, const catan_state *s, const bool *hidden)
{
	for (int p = 0; p < s->game->num_players; p++)
		if (hidden[p] && catan_state__victory_points(t, p, false) !=
				 catan_state__victory_points(s, p, false))
			return false;
	return true;
}

void
catan_holdings__redeal(catan_state *t, const catan_state *s, const bool *hidden,
		       struct catan_rng *rng)
{
	const catan_game *g = s->game;
	size_t bytes = catan_game__holdings_size(g);

	if (!g->nholdings)
		return;
	for (int attempt = 0; attempt < REDEAL_ATTEMPTS; attempt++) {
		bool ok = true;

		memcpy(st_holdings(t), st_choldings(s), bytes);
		for (unsigned h = 0; ok && h < g->nholdings; h++) {
			const struct game_holding *gh = &g->holdings[h];

			if (gh->visibility == CATAN_HOLDING_OWNER)
				redeal_owner(t, hidden, h, rng);
			else if (gh->group && gh->group_first == h)
				ok = redeal_group(t, s, hidden, h, rng);
		}
		if (ok && points_kept(t, s, hidden))
			return;
	}
	memcpy(st_holdings(t), st_choldings(s), bytes);
}
