/*
 * Conformance suite: who acts, action lists, mutants, the order of actors.
 * SPDX-License-Identifier: MIT
 */

#include <inttypes.h>
#include <string.h>

#include "test-harness.h"

size_t
legal(struct run *r, const catan_state *s, int player, catan_action *buf)
{
	size_t n = 0, nq = 0;
	int rc = catan_state_legal_actions(s, player, buf, r->maxact, &n);

	RCHECK(r, rc == CATAN_OK,
	       "legal_actions(p%d) = %d (n %zu, bound %zu)", player, rc, n,
	       r->maxact);
	rc = catan_state_legal_actions(s, player, NULL, 0, &nq);
	RCHECK(r, (rc == CATAN_OK || rc == CATAN_EBUFS) && nq == n,
	       "legal_actions(p%d) size query: %d, %zu (list has %zu)",
	       player, rc, nq, n);
	return n;
}

/* ------------------------------------------------------------- actors */

/* How many actions the referee (the host's end of a round) has now: none
 * in a game that does not declare it (catan_game_info.referee). */
size_t
referee_count(struct run *r, const catan_state *s)
{
	size_t n = 0;
	int rc = catan_state_legal_actions(s, CATAN_PLAYER_REFEREE, NULL, 0, &n);

	RCHECK(r, rc == CATAN_OK || rc == CATAN_EBUFS,
	       "legal_actions(referee) size query: %d", rc);
	RCHECK(r, r->referee || n == 0,
	       "%zu referee actions in a game without a referee", n);
	return n;
}

/* Who acts, and who gets actions, agree. */
void
check_actors(struct run *r)
{
	const catan_state *s = r->pl.s;
	int cp = catan_state_current_player(s);
	uint32_t mask = catan_state_acting_players(s);
	int terminal = catan_state_is_terminal(s);
	int chance = catan_state_is_chance_node(s);
	uint32_t all = r->nplayers >= 32 ? ~0u : (1u << r->nplayers) - 1;
	size_t nout = 99;
	double ret[CATAN_MAX_PLAYERS];

	RCHECK(r, terminal == 0 || terminal == 1, "is_terminal %d", terminal);
	RCHECK(r, chance == 0 || chance == 1, "is_chance_node %d", chance);
	RCHECK(r, (mask & ~all) == 0, "acting mask 0x%x", mask);

	if (terminal) {
		RCHECK(r, cp == CATAN_PLAYER_TERMINAL, "terminal, current %d",
		       cp);
		RCHECK(r, mask == 0 && !chance,
		       "terminal, mask 0x%x chance %d", mask, chance);
	} else if (chance) {
		RCHECK(r, r->mode == CATAN_CHANCE_EXPLICIT,
		       "stopped at a chance node in SAMPLED mode");
		RCHECK(r, cp == CATAN_PLAYER_CHANCE, "chance node, current %d",
		       cp);
		RCHECK(r, mask == 0, "chance node, acting mask 0x%x", mask);
	} else if (mask == 0) {
		/* Only the host's end of the round is left (RULINGS C13). */
		RCHECK(r, cp == CATAN_PLAYER_REFEREE && referee_count(r, s) > 0,
		       "decision node without actors, current %d", cp);
	} else {
		if (popcount32(mask) == 1)
			RCHECK(r, cp >= 0 && cp < r->nplayers &&
				  mask == (1u << cp),
			       "current %d, acting mask 0x%x", cp, mask);
		else
			RCHECK(r, cp == CATAN_PLAYER_SIMULTANEOUS,
			       "current %d, acting mask 0x%x", cp, mask);
		RCHECK(r, catan_state_winner(s) == -1,
		       "winner %d before the end", catan_state_winner(s));
	}

	{
		int rc = catan_state_chance_outcomes(s, NULL, 0, &nout);

		if (chance)
			RCHECK(r, (rc == CATAN_EBUFS || rc == CATAN_OK) &&
				  nout > 0,
			       "chance outcome count query: %d, %zu", rc,
			       nout);
		else
			RCHECK(r, rc == CATAN_OK && nout == 0,
			       "%zu chance outcomes at a non-chance node (%d)",
			       nout, rc);
	}

	for (int p = 0; p < r->nplayers; p++) {
		size_t n = 0;
		int rc = catan_state_legal_actions(s, p, NULL, 0, &n);

		if (mask & (1u << p)) {
			RCHECK(r, (rc == CATAN_OK || rc == CATAN_EBUFS) &&
				  n > 0,
			       "acting p%d has %zu legal actions (rc %d)", p, n,
			       rc);
			RCHECK(r, n <= r->maxact,
			       "p%d: %zu legal actions > bound %zu", p, n,
			       r->maxact);
		} else {
			RCHECK(r, rc == CATAN_OK && n == 0,
			       "p%d does not act (mask 0x%x) but has %zu actions (rc %d)",
			       p, mask, n, rc);
		}
	}

	RCHECK(r, catan_state_returns(s, ret, CATAN_MAX_PLAYERS) == CATAN_OK,
	       "returns");
	if (!terminal)
		for (int p = 0; p < r->nplayers; p++)
			RCHECK(r, ret[p] == 0.0, "return of p%d is %g before the end",
			       p, ret[p]);
}

/* ------------------------------------------------------------ actions */

void
check_player_list(struct run *r, int player, catan_action *buf, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char t[TEXT_CAP];

		RCHECK(r, buf[i].player == player, "p%d lists %s", player,
		       act_str(&r->pl, &buf[i], t, sizeof(t)));
		if (i > 0)
			check_sorted(&r->pl, &buf[i - 1], &buf[i]);
		check_listed(&r->pl, &buf[i]);
	}
}

/* The chance outcomes now, unchecked (between the strides); their count. */
size_t
chance_list(struct run *r)
{
	size_t n = 0;
	int rc = catan_state_chance_outcomes(r->pl.s, r->outs, r->maxout, &n);

	RCHECK(r, rc == CATAN_OK && n > 0 && n <= r->maxout,
	       "chance_outcomes = %d, %zu outcomes (bound %zu)", rc, n,
	       r->maxout);
	for (size_t i = 0; i < n; i++)
		r->outacts[i] = r->outs[i].action;
	return n;
}

size_t
check_chance_list(struct run *r)
{
	size_t n = 0;
	uint64_t sum = 0;
	uint32_t den;
	int rc = catan_state_chance_outcomes(r->pl.s, r->outs, r->maxout, &n);

	RCHECK(r, rc == CATAN_OK && n > 0 && n <= r->maxout,
	       "chance_outcomes = %d, %zu outcomes (bound %zu)", rc, n,
	       r->maxout);
	den = r->outs[0].den;
	for (size_t i = 0; i < n; i++) {
		const catan_chance_outcome *o = &r->outs[i];
		char t[TEXT_CAP];

		act_str(&r->pl, &o->action, t, sizeof(t));
		RCHECK(r, o->action.player == CATAN_PLAYER_CHANCE,
		       "outcome %s is not a chance action", t);
		RCHECK(r, o->den > 0 && o->num > 0 && o->num <= o->den &&
			  o->den == den,
		       "outcome %s has probability %u/%u (first den %u)", t,
		       o->num, o->den, den);
		sum += o->num;
		if (i > 0)
			check_sorted(&r->pl, &r->outs[i - 1].action,
				     &o->action);
		check_listed(&r->pl, &o->action);
		r->outacts[i] = o->action;
	}
	RCHECK(r, sum == den, "outcome probabilities sum to %" PRIu64 "/%u",
	       sum, den);
	return n;
}

static void
random_action(struct run *r, catan_action *a)
{
	uint8_t *bytes = (uint8_t *)a;

	if (rng_below(&r->rng, 3) == 0) {
		for (size_t i = 0; i < sizeof(*a); i++)
			bytes[i] = (uint8_t)rng_next(&r->rng);
		return;
	}
	memset(a, 0, sizeof(*a));
	a->type = (uint16_t)(rng_below(&r->rng, 4) == 0 ?
			     rng_below(&r->rng, 16) :
			     rng_below(&r->rng, 8) == 0 ?
			     CATAN_ACT_VARIANT_BASE + rng_below(&r->rng, 32) :
			     16 + rng_below(&r->rng, 24));
	a->player = (int8_t)((int)rng_below(&r->rng,
					    (uint32_t)r->nplayers + 1) - 1);
	a->target = (uint16_t)rng_below(&r->rng, 2 * r->bc.edges + 2);
	a->arg = (uint16_t)rng_below(&r->rng, 8);
	for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++) {
		if (rng_below(&r->rng, 3) == 0)
			a->give[k] = (uint8_t)rng_below(&r->rng, 5);
		if (rng_below(&r->rng, 3) == 0)
			a->get[k] = (uint8_t)rng_below(&r->rng, 5);
	}
}

/* Change one to three fields of a (usually listed) action. */
static void
mutate(struct run *r, catan_action *a)
{
	unsigned times = 1 + rng_below(&r->rng, 3);

	while (times--) {
		unsigned k = rng_below(&r->rng, CATAN_MAX_CARD_KINDS);

		switch (rng_below(&r->rng, 13)) {
		case 0: /* another player, a special id or garbage */
			a->player = (int8_t)((int)rng_below(&r->rng,
					     (uint32_t)r->nplayers + 9) - 7);
			break;
		case 1: /* a neighbouring type */
			a->type = (uint16_t)(a->type +
					     rng_below(&r->rng, 5) - 2);
			break;
		case 2: /* any type */
			a->type = (uint16_t)rng_next(&r->rng);
			break;
		case 3:
			a->target = (uint16_t)(a->target + 1 +
					       rng_below(&r->rng, 4));
			break;
		case 4:
			a->target = (uint16_t)rng_next(&r->rng);
			break;
		case 5:
			a->arg = (uint16_t)(a->arg + 1 + rng_below(&r->rng, 3));
			break;
		case 6:
			a->arg = (uint16_t)rng_next(&r->rng);
			break;
		case 7: /* one card more or less */
			if (rng_below(&r->rng, 2))
				a->give[k] = (uint8_t)(a->give[k] + 1);
			else
				a->give[k] = (uint8_t)(a->give[k] - 1);
			break;
		case 8:
			if (rng_below(&r->rng, 2))
				a->get[k] = (uint8_t)(a->get[k] + 1);
			else
				a->get[k] = (uint8_t)(a->get[k] - 1);
			break;
		case 9: /* a card moved to another kind */
			{
				unsigned j = rng_below(&r->rng,
						       CATAN_MAX_CARD_KINDS);
				uint8_t t = a->give[k];

				a->give[k] = a->give[j];
				a->give[j] = t;
			}
			break;
		case 10:
			a->flags = (uint8_t)(1 + rng_below(&r->rng, 255));
			break;
		case 11: /* one random byte */
			((uint8_t *)a)[rng_below(&r->rng, sizeof(*a))] =
				(uint8_t)rng_next(&r->rng);
			break;
		default:
			random_action(r, a);
			break;
		}
	}
}

/*
 * A candidate is either legal (then apply takes it too) or refused by
 * check, and then refused by apply without any trace on the state.
 */
static void
check_candidate(struct run *r, const catan_action *a)
{
	int reason;

	if (check_candidate_core(&r->pl, a, &reason) != CATAN_OK)
		r->mutants_refused++;
}

void
check_mutations(struct run *r, const catan_action *base, size_t nbase)
{
	for (int i = 0; i < MUTATIONS; i++) {
		catan_action a = CATAN_ACTION_INIT;

		if (nbase > 0 && rng_below(&r->rng, 5) != 0) {
			a = base[rng_below(&r->rng, (uint32_t)nbase)];
			mutate(r, &a);
		} else {
			random_action(r, &a);
		}
		check_candidate(r, &a);
	}
}

/* ----------------------------------------------------- several actors */

void
check_order_independence(struct run *r, uint32_t mask)
{
	catan_action pick[CATAN_MAX_PLAYERS];
	int m = 0;

	for (int p = 0; p < r->nplayers; p++) {
		size_t n;

		if (!(mask & (1u << p)))
			continue;
		n = legal(r, r->pl.s, p, r->other);
		RCHECK(r, n > 0, "acting p%d without actions", p);
		pick[m++] = r->other[rng_below(&r->rng, (uint32_t)n)];
	}
	RCHECK(r, catan_state_copy(r->pl.oa, r->pl.s) == CATAN_OK &&
		  catan_state_copy(r->pl.ob, r->pl.s) == CATAN_OK, "copy");
	for (int i = 0; i < m; i++) {
		char t[TEXT_CAP];
		int rc;

		rc = catan_state_apply(r->pl.oa, &pick[i]);
		RCHECK(r, rc == CATAN_OK,
		       "players in seat order: %s after %d others = %d (%s)",
		       act_str(&r->pl, &pick[i], t, sizeof(t)), i, rc,
		       catan_state_errmsg(r->pl.oa));
		rc = catan_state_apply(r->pl.ob, &pick[m - 1 - i]);
		RCHECK(r, rc == CATAN_OK,
		       "players in reverse order: %s after %d others = %d (%s)",
		       act_str(&r->pl, &pick[m - 1 - i], t, sizeof(t)), i, rc,
		       catan_state_errmsg(r->pl.ob));
	}
	RCHECK(r, catan_state_equal(r->pl.oa, r->pl.ob) &&
		  catan_state_hash(r->pl.oa) == catan_state_hash(r->pl.ob),
	       "%d actors (mask 0x%x): the result depends on the order", m,
	       mask);
	r->order_checks++;
}

/*
 * Where the order of arrival decides (a real-time round, RULINGS C3), each
 * of one action per actor, applied in seat order, is checked against the
 * state at that moment: legal and applied, or refused with the state
 * unchanged.
 */
void
check_arrivals(struct run *r, uint32_t mask)
{
	RCHECK(r, catan_state_copy(r->pl.oa, r->pl.s) == CATAN_OK, "copy");
	for (int p = 0; p < r->nplayers; p++) {
		char t[TEXT_CAP];
		catan_action pick;
		uint64_t h;
		size_t n;
		int rc;

		if (!(mask & (1u << p)))
			continue;
		n = legal(r, r->pl.s, p, r->other);
		RCHECK(r, n > 0, "acting p%d without actions", p);
		pick = r->other[rng_below(&r->rng, (uint32_t)n)];
		h = catan_state_hash(r->pl.oa);
		rc = catan_state_apply(r->pl.oa, &pick);
		RCHECK(r, rc == CATAN_OK || (rc == CATAN_EILLEGAL &&
					     catan_state_hash(r->pl.oa) == h),
		       "arrival of p%d's %s after the others: %d (%s)", p,
		       act_str(&r->pl, &pick, t, sizeof(t)), rc,
		       catan_state_errmsg(r->pl.oa));
	}
	r->order_checks++;
}

void
check_lockstep(struct run *r)
{
	uint64_t h = catan_state_hash(r->pl.s);
	catan_state *c = NULL;

	check_lockstep_core(&r->pl);
	RCHECK(r, catan_state_clone(&c, r->pl.s) == CATAN_OK &&
		  catan_state_equal(c, r->pl.s) && catan_state_hash(c) == h,
	       "a fresh clone differs");
	catan_state_free(c);
}
