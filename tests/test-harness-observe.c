/*
 * Conformance suite: observations and resampling.
 * SPDX-License-Identifier: MIT
 */

#include <string.h>

#include "test-harness.h"

/* The fields of a player view that everyone sees. */
static int
view_public_equal(const catan_player_view *a, const catan_player_view *b)
{
	return a->card_total == b->card_total &&
	       a->dev_total == b->dev_total &&
	       a->knights_played == b->knights_played &&
	       a->roads_left == b->roads_left &&
	       a->settlements_left == b->settlements_left &&
	       a->cities_left == b->cities_left &&
	       a->longest_road == b->longest_road &&
	       a->public_vp == b->public_vp &&
	       a->discard_owed == b->discard_owed &&
	       a->has_longest_road == b->has_longest_road &&
	       a->has_largest_army == b->has_largest_army &&
	       a->trade_response == b->trade_response &&
	       memcmp(a->counter_give, b->counter_give,
		      sizeof(a->counter_give)) == 0 &&
	       memcmp(a->counter_get, b->counter_get,
		      sizeof(a->counter_get)) == 0;
}

static int
view_full_equal(const catan_player_view *a, const catan_player_view *b)
{
	return view_public_equal(a, b) && a->flags == b->flags &&
	       a->visible_vp == b->visible_vp &&
	       memcmp(a->cards, b->cards, sizeof(a->cards)) == 0 &&
	       memcmp(a->dev_cards, b->dev_cards, sizeof(a->dev_cards)) == 0;
}

static int
all_zero(const uint8_t *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (v[i])
			return 0;
	return 1;
}

/*
 * @o (observer p or PUBLIC) differs from the referee's @all only in what
 * is hidden from it: the other players' card and development-card lists
 * (zero unless flagged as known, and then exact) and counted points.
 */
static void
check_view_vs_all(struct run *r, const catan_observation *o,
		  const catan_observation *all)
{
	int obs = o->observer;

	RCHECK(r, o->current_player == all->current_player &&
		  o->turn_player == all->turn_player &&
		  o->phase == all->phase && o->turn == all->turn &&
		  o->num_players == all->num_players &&
		  o->dice == all->dice && o->robber_hex == all->robber_hex &&
		  o->winner == all->winner &&
		  o->longest_road_holder == all->longest_road_holder &&
		  o->largest_army_holder == all->largest_army_holder &&
		  o->acting_players == all->acting_players &&
		  memcmp(o->bank, all->bank, sizeof(o->bank)) == 0 &&
		  o->dev_deck_total == all->dev_deck_total &&
		  memcmp(o->offer_give, all->offer_give,
			 sizeof(o->offer_give)) == 0 &&
		  memcmp(o->offer_get, all->offer_get,
			 sizeof(o->offer_get)) == 0,
	       "observer %d: a public field differs from the referee's view",
	       obs);
	for (int q = 0; q < r->nplayers; q++) {
		const catan_player_view *v = &o->players[q];
		const catan_player_view *w = &all->players[q];

		if (q == obs) {
			RCHECK(r, view_full_equal(v, w),
			       "p%d's view of itself differs from the referee's",
			       q);
			RCHECK(r, (v->flags & CATAN_VIEW_CARDS_KNOWN) &&
				  (v->flags & CATAN_VIEW_DEV_KNOWN),
			       "p%d does not know its own hand (flags %u)", q,
			       v->flags);
			continue;
		}
		RCHECK(r, view_public_equal(v, w),
		       "observer %d: public fields of p%d differ from the referee's",
		       obs, q);
		if (v->flags & CATAN_VIEW_CARDS_KNOWN)
			RCHECK(r, memcmp(v->cards, w->cards,
					 sizeof(v->cards)) == 0,
			       "observer %d: p%d's cards flagged known but wrong",
			       obs, q);
		else
			RCHECK(r, all_zero(v->cards, sizeof(v->cards)),
			       "observer %d sees p%d's hidden cards", obs, q);
		if (v->flags & CATAN_VIEW_DEV_KNOWN)
			RCHECK(r, memcmp(v->dev_cards, w->dev_cards,
					 sizeof(v->dev_cards)) == 0,
			       "observer %d: p%d's dev cards flagged known but wrong",
			       obs, q);
		else
			RCHECK(r, all_zero(v->dev_cards, sizeof(v->dev_cards)),
			       "observer %d sees p%d's hidden dev cards", obs,
			       q);
		RCHECK(r, v->visible_vp == -1 ||
			  (v->visible_vp >= (int32_t)v->public_vp &&
			   v->visible_vp <= w->visible_vp),
		       "observer %d counts %d points for p%d (public %u, total %d)",
		       obs, v->visible_vp, q, v->public_vp, w->visible_vp);
	}
}

/* The referee's view agrees with the state's own queries. */
static void
check_all_view(struct run *r, const catan_observation *all)
{
	const catan_state *s = r->pl.s;
	uint8_t bank[CATAN_MAX_CARD_KINDS];

	int tp = catan_state_turn_player(s);

	RCHECK(r, all->current_player == catan_state_current_player(s),
	       "observed current player %d, state says %d",
	       all->current_player, catan_state_current_player(s));
	RCHECK(r, all->turn_player == (tp >= 0 ? tp : -1),
	       "observed turn player %d, state says %d", all->turn_player, tp);
	RCHECK(r, all->phase == (uint32_t)catan_state_phase(s) &&
		  all->turn == catan_state_turn_number(s) &&
		  all->num_players == (uint32_t)r->nplayers,
	       "observed phase %u turn %u players %u", all->phase, all->turn,
	       all->num_players);
	RCHECK(r, all->dice == (uint32_t)catan_state_dice(s) &&
		  all->robber_hex == (uint32_t)catan_state_robber(s),
	       "observed dice %u robber %u, state says %d %d", all->dice,
	       all->robber_hex, catan_state_dice(s), catan_state_robber(s));
	RCHECK(r, all->winner == catan_state_winner(s) &&
		  all->longest_road_holder ==
		  catan_state_longest_road_holder(s) &&
		  all->largest_army_holder ==
		  catan_state_largest_army_holder(s),
	       "observed winner %d, holders %d %d", all->winner,
	       all->longest_road_holder, all->largest_army_holder);
	RCHECK(r, all->acting_players == catan_state_acting_players(s),
	       "observed acting 0x%x, state says 0x%x", all->acting_players,
	       catan_state_acting_players(s));
	RCHECK(r, catan_state_bank(s, bank) == CATAN_OK &&
		  memcmp(bank, all->bank, sizeof(bank)) == 0,
	       "the referee's bank differs");
	for (int q = 0; q < r->nplayers; q++) {
		const catan_player_view *v = &all->players[q];
		catan_player_info pi;

		RCHECK(r, catan_state_player(s, q, &pi) == CATAN_OK, "player");
		RCHECK(r, memcmp(v->cards, pi.cards, sizeof(pi.cards)) == 0 &&
			  memcmp(v->dev_cards, pi.dev_cards,
				 sizeof(pi.dev_cards)) == 0 &&
			  v->card_total == pi.card_total &&
			  v->dev_total == pi.dev_total &&
			  v->knights_played == pi.knights_played &&
			  v->roads_left == pi.roads_left &&
			  v->settlements_left == pi.settlements_left &&
			  v->cities_left == pi.cities_left &&
			  v->longest_road == pi.longest_road &&
			  v->public_vp == pi.public_vp &&
			  v->discard_owed == pi.discard_owed &&
			  v->has_longest_road == pi.has_longest_road &&
			  v->has_largest_army == pi.has_largest_army,
		       "the referee's view of p%d differs from catan_state_player",
		       q);
	}
}

static void
observe(struct run *r, const catan_state *s, int observer,
	catan_observation *o)
{
	int rc;

	memset(o, 0x5a, sizeof(*o));
	o->version = CATAN_OBSERVATION_VERSION;
	rc = catan_state_observe(s, observer, o);
	RCHECK(r, rc == CATAN_OK, "observe(%d) = %d", observer, rc);
	RCHECK(r, o->observer == observer, "observe(%d) says observer %d",
	       observer, o->observer);
}

/*
 * The observation string of @observer into views[@slot]; at the
 * expensive check points the JSON view too.
 */
static void
check_texts(struct run *r, int observer, int slot, int json)
{
	struct buf *b = &r->views[slot];
	size_t len = 0;
	int rc;

	rc = get_text(b, catan_state_observation_string, r->pl.s, observer,
		      &len);
	RCHECK(r, rc == CATAN_OK && len > 0 && strlen(b->p) == len,
	       "observation_string(%d) = %d, length %zu", observer, rc, len);
	if (!json)
		return;
	rc = get_text(&r->t1, catan_state_to_json, r->pl.s, observer, &len);
	RCHECK(r, rc == CATAN_OK && len >= 2 && strlen(r->t1.p) == len &&
		  r->t1.p[0] == '{' && r->t1.p[len - 1] == '}',
	       "to_json(%d) = %d, length %zu", observer, rc, len);
}

/*
 * Resampling for p varies what p cannot see and keeps everything p knows:
 * p's observation string, the public one, who acts, and p's legal
 * actions. Over a game it must also really change another player's hidden
 * cards now and then (counted here, checked at the end).
 */
static void
check_resample(struct run *r, int p, const catan_observation *all)
{
	catan_state *rs = NULL;
	catan_observation ra;
	char diff[768];
	size_t n1, n2;
	int rc;

	rc = catan_state_resample(&rs, r->pl.s, p, rng_next(&r->rng));
	RCHECK(r, rc == CATAN_OK && rs != NULL, "resample for p%d = %d", p, rc);
	RCHECK(r, get_text(&r->t2, catan_state_observation_string, rs, p,
			   NULL) == CATAN_OK, "observation string");
	if (strcmp(r->views[p].p, r->t2.p) != 0) {
		first_difference(r->views[p].p, r->t2.p, diff, sizeof(diff));
		RCHECK(r, 0, "p%d's observation changes when the state is resampled for p%d: %s",
		       p, p, diff);
	}
	RCHECK(r, get_text(&r->t2, catan_state_observation_string, rs,
			   CATAN_OBSERVER_PUBLIC, NULL) == CATAN_OK,
	       "observation string");
	if (strcmp(r->views[r->nplayers].p, r->t2.p) != 0) {
		first_difference(r->views[r->nplayers].p, r->t2.p, diff,
				 sizeof(diff));
		RCHECK(r, 0, "the public observation changes when the state is resampled for p%d: %s",
		       p, diff);
	}
	RCHECK(r, catan_state_current_player(rs) ==
		  catan_state_current_player(r->pl.s) &&
		  catan_state_acting_players(rs) ==
		  catan_state_acting_players(r->pl.s) &&
		  catan_state_is_terminal(rs) ==
		  catan_state_is_terminal(r->pl.s),
	       "resampling for p%d changes who acts", p);
	n1 = legal(r, r->pl.s, p, r->other);
	n2 = legal(r, rs, p, r->acts);
	RCHECK(r, n1 == n2 &&
		  memcmp(r->other, r->acts, n1 * sizeof(*r->acts)) == 0,
	       "resampling for p%d changes p%d's legal actions (%zu, %zu)",
	       p, p, n1, n2);

	observe(r, rs, CATAN_OBSERVER_ALL, &ra);
	r->resamples++;
	for (int q = 0; q < r->nplayers; q++) {
		if (q == p)
			continue;
		if (memcmp(ra.players[q].cards, all->players[q].cards,
			   sizeof(ra.players[q].cards)) != 0 ||
		    memcmp(ra.players[q].dev_cards, all->players[q].dev_cards,
			   sizeof(ra.players[q].dev_cards)) != 0) {
			r->resample_changed++;
			break;
		}
	}
	catan_state_free(rs);
}

/*
 * Every observer's view at every state; the resample check for one
 * random player per state (every player at the expensive check points),
 * which covers every player many times over a game at a fraction of the
 * cost.
 */
void
check_observations(struct run *r, int deep)
{
	catan_observation all, o;
	int bad[] = { -7, CATAN_PLAYER_CHANCE, CATAN_PLAYER_TERMINAL,
		      r->nplayers, CATAN_MAX_PLAYERS };
	int n = r->nplayers;
	int one = (int)rng_below(&r->rng, (uint32_t)n);

	observe(r, r->pl.s, CATAN_OBSERVER_ALL, &all);
	check_all_view(r, &all);
	check_texts(r, CATAN_OBSERVER_ALL, n + 1, deep);
	observe(r, r->pl.s, CATAN_OBSERVER_PUBLIC, &o);
	check_view_vs_all(r, &o, &all);
	for (int q = 0; q < n; q++)
		RCHECK(r, o.players[q].flags == 0,
		       "the public view knows p%d's cards (flags %u)", q,
		       o.players[q].flags);
	check_texts(r, CATAN_OBSERVER_PUBLIC, n, deep);
	for (int p = 0; p < n; p++) {
		observe(r, r->pl.s, p, &o);
		check_view_vs_all(r, &o, &all);
		check_texts(r, p, p, deep);
	}
	for (int p = 0; p < n; p++)
		if (deep || p == one)
			check_resample(r, p, &all);
	if (!deep)
		return;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		catan_state *rs = NULL;
		size_t len = 0;

		o.version = CATAN_OBSERVATION_VERSION;
		RCHECK(r, catan_state_observe(r->pl.s, bad[i], &o) ==
			  CATAN_EINVAL,
		       "observe(%d) accepted", bad[i]);
		RCHECK(r, catan_state_observation_string(r->pl.s, bad[i], NULL,
							 0, &len) == CATAN_EINVAL,
		       "observation_string(%d) accepted", bad[i]);
		RCHECK(r, catan_state_to_json(r->pl.s, bad[i], NULL, 0, &len) ==
			  CATAN_EINVAL, "to_json(%d) accepted", bad[i]);
		RCHECK(r, catan_state_resample(&rs, r->pl.s, bad[i], 1) ==
			  CATAN_EINVAL && rs == NULL,
		       "resample(%d) accepted", bad[i]);
	}
}
