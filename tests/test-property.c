/*
 * Property suite: seeded random games checked for the engine's invariants.
 * SPDX-License-Identifier: MIT
 */

/*
 * Every game of base(players=P,seed=S,chance=C) for P in {3,4}, both chance
 * modes and CATAN_PROPERTY_GAMES seeds (default 1000; valgrind runs set a
 * few) is played to a winner by a seeded random policy of the test's own:
 * chance outcomes by their probability, a random one of the acting players
 * (so simultaneous phases see every order), a random legal action, and a
 * domestic offer only now and then so that games stay close to real play.
 *
 * On every step of every game: card, development-card and piece
 * conservation, point and award bookkeeping, the acting-player contract
 * (current player, mask, who gets actions), a clone and a copy applying the
 * same actions in lockstep, turn and robber bookkeeping.
 *
 * Checking every listed action (check, apply on a copy, notation round
 * trip, sorted order, exact chance probabilities), random illegal actions
 * refused without a trace, apply_unchecked against apply and multi-actor
 * order independence cost O(legal actions) per step. They run on every
 * step of the first FULL_GAMES seeds of each chunk of CHUNK seeds and on
 * one step in SAMPLE_STEPS after that: 4000 games in all, 1600 of them
 * checked on every step. Order independence also runs on a quarter of the
 * other multi-actor steps.
 *
 * At the end of a game: a winner with enough points, nothing legal any
 * more, returns, a mid-game clone replayed to the same end, and the whole
 * game replayed from the action log (SAMPLED: the RNG lives in the state)
 * to the same final state, also in a game created anew from its string.
 * SAMPLED dice are checked against the two-dice distribution per chunk.
 */

#include <check.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catanrules/catanrules.h"
#include "test-common.h"
#include "test-playout.h"

/* Seeds per Check test (loop index): keeps each test well under a minute. */
#define CHUNK 25
/* Leading seeds of each chunk whose every step is fully checked. */
#define FULL_GAMES 10
/* After those, one step in this many is fully checked. */
#define SAMPLE_STEPS 4
/* Random illegal candidates tried on a fully checked step. */
#define MUTATIONS 6
/* Generous: random games end in a few thousand actions. */
#define STEP_CAP 200000u
/* Percent of policy choices made among non-offer actions only. */
#define NO_OFFER_PERCENT 95

static const int dev_composition[CATAN_NUM_DEV_KINDS] = { 14, 2, 2, 2, 5 };

struct run {
	struct playout pl;
	catan_ctx *ctx;
	int nplayers;
	int mode;
	int vp_to_win;
	struct rng rng;
	catan_board_counts bc;
	catan_state *mid;     /* clone taken mid-game, replayed at the end */
	size_t mid_at;
	unsigned mid_step;
	size_t maxact, maxout;
	catan_action *acts;
	catan_action *other;
	catan_chance_outcome *outs;
	unsigned played[CATAN_NUM_DEV_KINDS]; /* progress cards played */
	catan_action last;    /* the last action applied to s */
	int full;
	/* statistics for the suite's output */
	unsigned long long steps_total, full_steps, mutants_refused,
		mutants_legal, order_checks;
	unsigned long dice[13];  /* SAMPLED rolls of the chunk by total */
};

static size_t
legal(struct run *r, int player, catan_action *buf)
{
	size_t n = 0;
	int rc = catan_state_legal_actions(r->pl.s, player, buf, r->maxact, &n);

	RCHECK(r, rc == CATAN_OK,
	       "legal_actions(p%d) = %d (n %zu, bound %zu)", player, rc, n,
	       r->maxact);
	return n;
}

static size_t
outcomes(struct run *r)
{
	size_t n = 0;
	int rc = catan_state_chance_outcomes(r->pl.s, r->outs, r->maxout, &n);

	RCHECK(r, rc == CATAN_OK, "chance_outcomes = %d (n %zu, bound %zu)",
	       rc, n, r->maxout);
	return n;
}

/* Cards, development cards, pieces and points add up. */
static void
check_conservation(struct run *r)
{
	catan_state *s = r->pl.s;
	uint8_t bank[CATAN_MAX_CARD_KINDS], deck[CATAN_MAX_DEV_KINDS];
	unsigned cards[CATAN_MAX_CARD_KINDS] = { 0 };
	unsigned dev[CATAN_MAX_DEV_KINDS] = { 0 };
	unsigned knights = 0;
	unsigned sett[CATAN_MAX_PLAYERS] = { 0 }, city[CATAN_MAX_PLAYERS] = { 0 };
	unsigned road[CATAN_MAX_PLAYERS] = { 0 };
	int lr = catan_state_longest_road_holder(s);
	int la = catan_state_largest_army_holder(s);
	int terminal = catan_state_is_terminal(s);
	int nlr = 0, nla = 0;

	RCHECK(r, catan_state_bank(s, bank) == CATAN_OK, "bank");
	RCHECK(r, catan_state_dev_deck(s, deck) == CATAN_OK, "dev_deck");

	for (unsigned v = 0; v < r->bc.vertices; v++) {
		int owner;
		int piece = checked_piece(&r->pl, 0, v, r->nplayers, &owner);

		if (piece == CATAN_PIECE_SETTLEMENT)
			sett[owner]++;
		else if (piece == CATAN_PIECE_CITY)
			city[owner]++;
	}
	for (unsigned e = 0; e < r->bc.edges; e++) {
		int owner;

		if (checked_piece(&r->pl, 1, e, r->nplayers, &owner) !=
		    CATAN_PIECE_NONE)
			road[owner]++;
	}

	for (int p = 0; p < r->nplayers; p++) {
		catan_player_info pi;
		unsigned ct = 0, dt = 0, vp;

		RCHECK(r, catan_state_player(s, p, &pi) == CATAN_OK,
		       "player %d", p);
		for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++) {
			cards[k] += pi.cards[k];
			ct += pi.cards[k];
		}
		for (int k = 0; k < CATAN_MAX_DEV_KINDS; k++) {
			dev[k] += pi.dev_cards[k];
			dt += pi.dev_cards[k];
		}
		knights += pi.knights_played;
		RCHECK(r, pi.card_total == ct, "p%d card_total %u, cards sum %u",
		       p, pi.card_total, ct);
		RCHECK(r, pi.dev_total == dt, "p%d dev_total %u, dev sum %u", p,
		       pi.dev_total, dt);
		RCHECK(r, pi.settlements_left + sett[p] == 5,
		       "p%d settlements: %u in stock + %u on board", p,
		       pi.settlements_left, sett[p]);
		RCHECK(r, pi.cities_left + city[p] == 4,
		       "p%d cities: %u in stock + %u on board", p,
		       pi.cities_left, city[p]);
		RCHECK(r, pi.roads_left + road[p] == 15,
		       "p%d roads: %u in stock + %u on board", p, pi.roads_left,
		       road[p]);
		RCHECK(r, (lr == p) == (pi.has_longest_road == 1),
		       "p%d has_longest_road %d, holder %d", p,
		       pi.has_longest_road, lr);
		RCHECK(r, (la == p) == (pi.has_largest_army == 1),
		       "p%d has_largest_army %d, holder %d", p,
		       pi.has_largest_army, la);
		nlr += pi.has_longest_road != 0;
		nla += pi.has_largest_army != 0;
		if (pi.has_longest_road)
			RCHECK(r, pi.longest_road >= 5,
			       "p%d holds Longest Road with %u", p,
			       pi.longest_road);
		if (pi.has_largest_army)
			RCHECK(r, pi.knights_played >= 3,
			       "p%d holds Largest Army with %u knights", p,
			       pi.knights_played);
		vp = sett[p] + 2 * city[p] + 2u * (pi.has_longest_road != 0) +
		     2u * (pi.has_largest_army != 0);
		RCHECK(r, pi.total_vp == (int32_t)(vp + pi.dev_cards[CATAN_DEV_VICTORY_POINT]),
		       "p%d total_vp %d, pieces+awards %u + vp cards %u", p,
		       (int)pi.total_vp, vp, pi.dev_cards[CATAN_DEV_VICTORY_POINT]);
		/* hidden cards are revealed at the end only */
		if (!terminal)
			RCHECK(r, pi.public_vp == (int32_t)vp, "p%d public_vp %d, expected %u",
			       p, (int)pi.public_vp, vp);
		RCHECK(r, pi.public_vp <= pi.total_vp, "p%d public %d > total %d",
		       p, (int)pi.public_vp, (int)pi.total_vp);
		RCHECK(r, catan_state_victory_points(s, p, 1) == (int)pi.total_vp,
		       "p%d victory_points(hidden) %d != %d", p,
		       catan_state_victory_points(s, p, 1), (int)pi.total_vp);
		RCHECK(r, catan_state_victory_points(s, p, 0) == (int)pi.public_vp,
		       "p%d victory_points(public) %d != %d", p,
		       catan_state_victory_points(s, p, 0), (int)pi.public_vp);
		if (catan_state_phase(s) != CATAN_PHASE_DISCARD)
			RCHECK(r, pi.discard_owed == 0,
			       "p%d owes %u cards outside the discard phase", p,
			       pi.discard_owed);
	}
	RCHECK(r, nlr <= 1 && nla <= 1, "%d Longest Road, %d Largest Army holders",
	       nlr, nla);

	for (int k = 0; k < CATAN_NUM_RESOURCES; k++)
		RCHECK(r, bank[k] + cards[k] == 19,
		       "%s: bank %u + hands %u != 19", catan_resource_name(k),
		       bank[k], cards[k]);
	for (int k = CATAN_NUM_RESOURCES; k < CATAN_MAX_CARD_KINDS; k++)
		RCHECK(r, bank[k] == 0 && cards[k] == 0,
		       "card kind %d: bank %u hands %u in the base game", k,
		       bank[k], cards[k]);

	{
		unsigned total = 0;

		for (int k = 0; k < CATAN_MAX_DEV_KINDS; k++) {
			unsigned here = deck[k] + dev[k];

			if (k == CATAN_DEV_KNIGHT)
				here += knights;
			else if (k < CATAN_NUM_DEV_KINDS)
				here += r->played[k];
			total += here;
			RCHECK(r, (int)here == (k < CATAN_NUM_DEV_KINDS ?
						dev_composition[k] : 0),
			       "dev kind %d: deck %u + hands %u + played %u",
			       k, deck[k], dev[k],
			       k == CATAN_DEV_KNIGHT ? knights :
			       k < CATAN_NUM_DEV_KINDS ? r->played[k] : 0);
		}
		RCHECK(r, total == 25, "development cards total %u", total);
	}
}

/* Who acts, and who gets actions, agree. */
static void
check_actors(struct run *r)
{
	catan_state *s = r->pl.s;
	int cp = catan_state_current_player(s);
	uint32_t mask = catan_state_acting_players(s);
	int terminal = catan_state_is_terminal(s);
	int chance = catan_state_is_chance_node(s);
	int phase = catan_state_phase(s);
	uint32_t all = (1u << r->nplayers) - 1;

	RCHECK(r, terminal == 0 || terminal == 1, "is_terminal %d", terminal);
	RCHECK(r, chance == 0 || chance == 1, "is_chance_node %d", chance);
	RCHECK(r, (mask & ~all) == 0, "acting mask 0x%x", mask);

	if (terminal) {
		RCHECK(r, cp == CATAN_PLAYER_TERMINAL, "terminal, current %d", cp);
		RCHECK(r, mask == 0 && !chance, "terminal, mask 0x%x chance %d",
		       mask, chance);
		RCHECK(r, phase == CATAN_PHASE_GAME_OVER, "terminal in phase %d",
		       phase);
	} else if (chance) {
		RCHECK(r, r->mode == CATAN_CHANCE_EXPLICIT,
		       "stopped at a chance node in SAMPLED mode");
		RCHECK(r, cp == CATAN_PLAYER_CHANCE, "chance node, current %d",
		       cp);
		RCHECK(r, mask == 0, "chance node, mask 0x%x", mask);
	} else {
		RCHECK(r, mask != 0, "no actor, current %d, phase %d", cp,
		       phase);
		if (popcount32(mask) == 1) {
			RCHECK(r, cp >= 0 && cp < r->nplayers &&
				  mask == (1u << cp),
			       "current %d, mask 0x%x", cp, mask);
		} else {
			RCHECK(r, cp == CATAN_PLAYER_SIMULTANEOUS,
			       "current %d, mask 0x%x", cp, mask);
			RCHECK(r, phase == CATAN_PHASE_DISCARD ||
				  phase == CATAN_PHASE_TRADE_RESPONSE,
			       "several actors (0x%x) in phase %d", mask, phase);
		}
		RCHECK(r, phase != CATAN_PHASE_GAME_OVER, "game over, not terminal");
		RCHECK(r, catan_state_winner(s) == -1, "winner %d, not terminal",
		       catan_state_winner(s));
	}
	if (!chance) {
		size_t n = 99;

		RCHECK(r, catan_state_chance_outcomes(s, NULL, 0, &n) == CATAN_OK &&
			  n == 0, "%zu chance outcomes at a decision node", n);
	}

	for (int p = 0; p < r->nplayers; p++) {
		size_t n = 0;
		int rc = catan_state_legal_actions(s, p, NULL, 0, &n);

		if (mask & (1u << p)) {
			RCHECK(r, (rc == CATAN_OK || rc == CATAN_EBUFS) && n > 0,
			       "actor p%d has %zu legal actions (rc %d)", p, n, rc);
			RCHECK(r, n <= r->maxact, "p%d: %zu actions > bound %zu",
			       p, n, r->maxact);
		} else {
			RCHECK(r, rc == CATAN_OK && n == 0,
			       "p%d is not acting (mask 0x%x) but has %zu actions (rc %d)",
			       p, mask, n, rc);
		}
	}

	/* the turn player never sits at or above the target unnoticed (B9) */
	if (!terminal && phase != CATAN_PHASE_START) {
		int tp = catan_state_turn_player(s);

		RCHECK(r, tp >= 0 && tp < r->nplayers, "turn player %d", tp);
		RCHECK(r, catan_state_victory_points(s, tp, 1) < r->vp_to_win,
		       "turn player p%d has %d points, game goes on", tp,
		       catan_state_victory_points(s, tp, 1));
	}
}

static void
check_player_list(struct run *r, int player)
{
	size_t n = legal(r, player, r->other);

	for (size_t i = 0; i < n; i++) {
		char t[256];

		RCHECK(r, r->other[i].player == player, "p%d lists %s", player,
		       act_str(&r->pl, &r->other[i], t, sizeof(t)));
		if (i > 0)
			check_sorted(&r->pl, &r->other[i - 1], &r->other[i]);
		check_listed(&r->pl, &r->other[i]);
	}
}

/* Each outcome has the probability the components give it. */
static void
check_chance_probabilities(struct run *r, size_t n)
{
	int type = r->outs[0].action.type;
	uint32_t den = r->outs[0].den;
	unsigned weight[CATAN_MAX_CARD_KINDS > CATAN_MAX_DEV_KINDS ?
			CATAN_MAX_CARD_KINDS : CATAN_MAX_DEV_KINDS] = { 0 };
	unsigned total = 0, kinds = 0;

	switch (type) {
	case CATAN_ACT_FIRST_PLAYER:
		RCHECK(r, n == (size_t)r->nplayers, "%zu roll-off outcomes", n);
		for (size_t i = 0; i < n; i++)
			RCHECK(r, r->outs[i].action.target == i &&
				  (uint64_t)r->outs[i].num * (uint64_t)r->nplayers ==
				  den, "roll-off p%u: %u/%u",
			       r->outs[i].action.target, r->outs[i].num, den);
		return;
	case CATAN_ACT_DICE:
		RCHECK(r, r->last.type == CATAN_ACT_ROLL,
		       "dice without a roll (last type %u)", r->last.type);
		RCHECK(r, n == 11, "%zu dice outcomes", n);
		for (size_t i = 0; i < n; i++) {
			unsigned k = r->outs[i].action.target;
			unsigned ways = 6 - (k > 7 ? k - 7 : 7 - k);

			RCHECK(r, k == i + 2 && (uint64_t)r->outs[i].num * 36 ==
				  (uint64_t)ways * den,
			       "dice %u: %u/%u", k, r->outs[i].num, den);
		}
		return;
	case CATAN_ACT_DRAW_DEV: {
		uint8_t deck[CATAN_MAX_DEV_KINDS];

		RCHECK(r, r->last.type == CATAN_ACT_BUY_DEV,
		       "draw without a purchase (last type %u)", r->last.type);
		RCHECK(r, catan_state_dev_deck(r->pl.s, deck) == CATAN_OK,
		       "deck");
		for (int k = 0; k < CATAN_MAX_DEV_KINDS; k++) {
			weight[k] = deck[k];
			total += deck[k];
			kinds += deck[k] > 0;
		}
		break;
	}
	case CATAN_ACT_STEAL_CARD: {
		catan_player_info v;

		RCHECK(r, r->last.type == CATAN_ACT_STEAL,
		       "steal outcome without a steal (last type %u)",
		       r->last.type);
		RCHECK(r, catan_state_player(r->pl.s, r->last.arg, &v) ==
			  CATAN_OK,
		       "victim p%u", r->last.arg);
		for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++) {
			weight[k] = v.cards[k];
			total += v.cards[k];
			kinds += v.cards[k] > 0;
		}
		break;
	}
	default:
		RCHECK(r, 0, "chance outcome of type %d", type);
		return;
	}
	RCHECK(r, total > 0 && n == kinds, "%zu outcomes for %u kinds", n,
	       kinds);
	for (size_t i = 0; i < n; i++) {
		unsigned k = r->outs[i].action.arg;

		RCHECK(r, k < CATAN_MAX_CARD_KINDS &&
			  (uint64_t)r->outs[i].num * total ==
			  (uint64_t)weight[k] * den,
		       "outcome type %d kind %u: %u/%u, expected %u/%u", type, k,
		       r->outs[i].num, den, k < CATAN_MAX_CARD_KINDS ?
		       weight[k] : 0, total);
	}
}

static void
check_chance_list(struct run *r, size_t n)
{
	uint64_t sum = 0;
	uint32_t den = r->outs[0].den;

	RCHECK(r, n > 0, "chance node without outcomes");
	for (size_t i = 0; i < n; i++) {
		const catan_chance_outcome *o = &r->outs[i];
		char t[256];

		act_str(&r->pl, &o->action, t, sizeof(t));
		RCHECK(r, o->action.player == CATAN_PLAYER_CHANCE,
		       "outcome %s not a chance action", t);
		RCHECK(r, o->num > 0 && o->den == den && den > 0,
		       "outcome %s has %u/%u (den %u)", t, o->num, o->den, den);
		sum += o->num;
		if (i > 0)
			check_sorted(&r->pl, &r->outs[i - 1].action,
				     &o->action);
		check_listed(&r->pl, &o->action);
	}
	RCHECK(r, sum == den, "outcome probabilities sum to %" PRIu64 "/%u", sum,
	       den);
	check_chance_probabilities(r, n);
}

static void
random_action(struct run *r, catan_action *a)
{
	uint8_t *bytes = (uint8_t *)a;

	switch (rng_below(&r->rng, 3)) {
	case 0:
		for (size_t i = 0; i < sizeof(*a); i++)
			bytes[i] = (uint8_t)rng_next(&r->rng);
		break;
	default:
		memset(a, 0, sizeof(*a));
		a->type = (uint16_t)(rng_below(&r->rng, 4) == 0 ?
				     1 + rng_below(&r->rng, 4) :
				     16 + rng_below(&r->rng, 21));
		a->player = (int8_t)((int)rng_below(&r->rng,
						    (uint32_t)r->nplayers + 1) - 1);
		a->target = (uint16_t)rng_below(&r->rng, 80);
		a->arg = (uint16_t)rng_below(&r->rng, 6);
		for (int k = 0; k < CATAN_NUM_RESOURCES; k++) {
			if (rng_below(&r->rng, 3) == 0)
				a->give[k] = (uint8_t)rng_below(&r->rng, 4);
			if (rng_below(&r->rng, 3) == 0)
				a->get[k] = (uint8_t)rng_below(&r->rng, 4);
		}
		break;
	}
}

static void
mutate(struct run *r, catan_action *a)
{
	static const uint16_t types[] = {
		0, 1, 2, 3, 4, 5, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25,
		26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 255, 256, 0xffff
	};
	unsigned times = 1 + rng_below(&r->rng, 3);

	while (times--) {
		unsigned k = rng_below(&r->rng, CATAN_MAX_CARD_KINDS);

		switch (rng_below(&r->rng, 12)) {
		case 0:
			a->player = (int8_t)((int)rng_below(&r->rng,
					     (uint32_t)r->nplayers + 9) - 7);
			break;
		case 1:
			a->type = types[rng_below(&r->rng,
						  sizeof(types) / sizeof(types[0]))];
			break;
		case 2:
			a->target = (uint16_t)rng_below(&r->rng, 80);
			break;
		case 3:
			a->target = (uint16_t)rng_next(&r->rng);
			break;
		case 4:
			a->arg = (uint16_t)rng_below(&r->rng, 20);
			break;
		case 5:
			a->arg = (uint16_t)rng_next(&r->rng);
			break;
		case 6:
			a->give[k] = (uint8_t)rng_below(&r->rng, 5);
			break;
		case 7:
			a->get[k] = (uint8_t)rng_below(&r->rng, 5);
			break;
		case 8:
			if (rng_below(&r->rng, 2))
				a->give[k] = (uint8_t)rng_next(&r->rng);
			else
				a->get[k] = (uint8_t)rng_next(&r->rng);
			break;
		case 9:
			a->flags = (uint8_t)(1 + rng_below(&r->rng, 255));
			break;
		case 10:
			a->give[k] = (uint8_t)(a->give[k] + 1);
			break;
		default:
			random_action(r, a);
			break;
		}
	}
}

/* The suite also wants a reason of none and a message for a refusal. */
static void
check_candidate(struct run *r, const catan_action *a)
{
	char t[256];
	int reason = -1;

	if (check_candidate_core(&r->pl, a, &reason) == CATAN_OK) {
		RCHECK(r, reason == CATAN_REASON_NONE, "legal %s, reason %s",
		       act_str(&r->pl, a, t, sizeof(t)),
		       catan_reason_name(reason));
		r->mutants_legal++;
		return;
	}
	RCHECK(r, catan_state_errmsg(r->pl.s) != NULL &&
		  catan_state_errmsg(r->pl.s)[0] != '\0',
	       "refused %s without a message",
	       act_str(&r->pl, a, t, sizeof(t)));
	r->mutants_refused++;
}

static void
check_mutations(struct run *r, const catan_action *base, size_t nbase)
{
	for (int i = 0; i < MUTATIONS; i++) {
		catan_action a = CATAN_ACTION_INIT;

		if (nbase > 0 && rng_below(&r->rng, 4) != 0) {
			a = base[rng_below(&r->rng, (uint32_t)nbase)];
			mutate(r, &a);
		} else {
			random_action(r, &a);
		}
		check_candidate(r, &a);
	}
}

/*
 * With several actors, one action of each applied in two different orders
 * gives the same state.
 */
static void
check_order_independence(struct run *r, uint32_t mask)
{
	catan_action pick[CATAN_MAX_PLAYERS];
	int who[CATAN_MAX_PLAYERS];
	int m = 0;

	for (int p = 0; p < r->nplayers; p++) {
		size_t n;

		if (!(mask & (1u << p)))
			continue;
		n = legal(r, p, r->other);
		RCHECK(r, n > 0, "actor p%d without actions", p);
		pick[m] = r->other[rng_below(&r->rng, (uint32_t)n)];
		who[m++] = p;
	}
	RCHECK(r, catan_state_copy(r->pl.oa, r->pl.s) == CATAN_OK, "copy");
	RCHECK(r, catan_state_copy(r->pl.ob, r->pl.s) == CATAN_OK, "copy");
	for (int i = 0; i < m; i++) {
		char t[256];
		int rc;

		rc = catan_state_apply(r->pl.oa, &pick[i]);
		RCHECK(r, rc == CATAN_OK, "order p%d first: %s = %d (%s)",
		       who[0], act_str(&r->pl, &pick[i], t, sizeof(t)), rc,
		       catan_state_errmsg(r->pl.oa));
		rc = catan_state_apply(r->pl.ob, &pick[m - 1 - i]);
		RCHECK(r, rc == CATAN_OK, "order p%d first: %s = %d (%s)",
		       who[m - 1],
		       act_str(&r->pl, &pick[m - 1 - i], t, sizeof(t)), rc,
		       catan_state_errmsg(r->pl.ob));
	}
	RCHECK(r, catan_state_equal(r->pl.oa, r->pl.ob) &&
		  catan_state_hash(r->pl.oa) == catan_state_hash(r->pl.ob),
	       "%d actors in phase %d: result depends on the order", m,
	       catan_state_phase(r->pl.s));
	r->order_checks++;
}

static void
apply_all(struct run *r, const catan_action *a)
{
	char t[256];
	uint32_t moves = catan_state_move_number(r->pl.s);
	uint32_t turn = catan_state_turn_number(r->pl.s);
	int tp = catan_state_turn_player(r->pl.s);
	int rc = catan_state_apply(r->pl.s, a);

	RCHECK(r, rc == CATAN_OK, "apply %s = %d",
	       act_str(&r->pl, a, t, sizeof(t)), rc);
	RCHECK(r, catan_state_move_number(r->pl.s) > moves,
	       "apply %s did not count a move", t);
	RCHECK(r, catan_state_turn_number(r->pl.s) >= turn,
	       "turn %u after turn %u", catan_state_turn_number(r->pl.s), turn);
	RCHECK(r, catan_state_robber(r->pl.s) >= 0 &&
		  (uint32_t)catan_state_robber(r->pl.s) < r->bc.hexes,
	       "robber on %d", catan_state_robber(r->pl.s));
	if (a->type == CATAN_ACT_MOVE_ROBBER)
		RCHECK(r, catan_state_robber(r->pl.s) == a->target,
		       "%s left the robber on h%d", t,
		       catan_state_robber(r->pl.s));
	if (a->type == CATAN_ACT_END_TURN) {
		int next = (tp + 1) % r->nplayers;

		if (catan_state_is_terminal(r->pl.s)) {
			RCHECK(r, catan_state_winner(r->pl.s) == next,
			       "%s ended the game, winner %d", t,
			       catan_state_winner(r->pl.s));
		} else {
			RCHECK(r, catan_state_turn_number(r->pl.s) ==
				  turn + 1 &&
				  catan_state_turn_player(r->pl.s) == next &&
				  catan_state_phase(r->pl.s) ==
				  CATAN_PHASE_ROLL,
			       "%s: turn %u of p%d in phase %d", t,
			       catan_state_turn_number(r->pl.s),
			       catan_state_turn_player(r->pl.s),
			       catan_state_phase(r->pl.s));
		}
	}
	if (r->mode == CATAN_CHANCE_SAMPLED && a->type == CATAN_ACT_ROLL) {
		int d = catan_state_dice(r->pl.s);

		RCHECK(r, d >= 2 && d <= 12, "%s rolled %d", t, d);
		r->dice[d]++;
	}
	rc = catan_state_apply(r->pl.clone, a);
	RCHECK(r, rc == CATAN_OK, "apply %s to the clone = %d", t, rc);
	rc = catan_state_apply(r->pl.copy, a);
	RCHECK(r, rc == CATAN_OK, "apply %s to the copy = %d", t, rc);
	if (a->player >= 0 && a->type >= CATAN_ACT_PLAY_ROAD_BUILDING &&
	    a->type <= CATAN_ACT_PLAY_MONOPOLY)
		r->played[a->type - CATAN_ACT_PLAY_KNIGHT]++;
	r->last = *a;
	log_action(&r->pl, a);
}

/* One step: check the state, choose an action, apply it everywhere. */
static void
step(struct run *r)
{
	catan_state *s = r->pl.s;
	catan_action a;
	uint32_t mask;

	check_conservation(r);
	check_actors(r);
	check_lockstep_core(&r->pl);
	r->full = r->full || rng_below(&r->rng, SAMPLE_STEPS) == 0;

	if (catan_state_is_chance_node(s)) {
		size_t n = outcomes(r);
		uint64_t pickv;
		size_t i;

		RCHECK(r, n > 0, "chance node without outcomes");
		pickv = rng_below(&r->rng, r->outs[0].den);
		for (i = 0; i + 1 < n && pickv >= r->outs[i].num; i++)
			pickv -= r->outs[i].num;
		a = r->outs[i].action;
		if (r->full) {
			check_chance_list(r, n);
			for (size_t j = 0; j < n; j++)
				r->acts[j] = r->outs[j].action;
			check_mutations(r, r->acts, n);
		}
	} else {
		size_t n, nplain = 0;
		int actor = -1;
		uint32_t which;

		mask = catan_state_acting_players(s);
		which = rng_below(&r->rng, popcount32(mask));
		for (int p = 0; p < r->nplayers; p++) {
			if ((mask & (1u << p)) && which-- == 0) {
				actor = p;
				break;
			}
		}
		RCHECK(r, actor >= 0, "no actor in 0x%x", mask);
		n = legal(r, actor, r->acts);
		RCHECK(r, n > 0, "actor p%d has no legal action", actor);
		for (size_t i = 0; i < n; i++)
			if (r->acts[i].type != CATAN_ACT_OFFER_TRADE)
				nplain++;
		if (nplain > 0 &&
		    rng_below(&r->rng, 100) < NO_OFFER_PERCENT) {
			size_t k = rng_below(&r->rng, (uint32_t)nplain);

			for (size_t i = 0; i < n; i++) {
				if (r->acts[i].type == CATAN_ACT_OFFER_TRADE)
					continue;
				if (k-- == 0) {
					a = r->acts[i];
					break;
				}
			}
		} else {
			a = r->acts[rng_below(&r->rng, (uint32_t)n)];
		}
		if (r->full) {
			for (int p = 0; p < r->nplayers; p++)
				if (mask & (1u << p))
					check_player_list(r, p);
			check_mutations(r, r->acts, n);
			/* unchecked apply of a listed action equals apply */
			RCHECK(r, catan_state_copy(r->pl.scratch, s) ==
				  CATAN_OK &&
				  catan_state_copy(r->pl.snap, s) == CATAN_OK,
			       "copy");
			RCHECK(r, catan_state_apply_unchecked(r->pl.scratch,
							      &a) == CATAN_OK &&
				  catan_state_apply(r->pl.snap, &a) ==
				  CATAN_OK &&
				  catan_state_equal(r->pl.scratch, r->pl.snap),
			       "apply_unchecked differs from apply");
		}
		if (popcount32(mask) >= 2 &&
		    (r->full || rng_below(&r->rng, 4) == 0))
			check_order_independence(r, mask);
	}
	if (r->full)
		r->full_steps++;

	apply_all(r, &a);
	r->steps_total++;
	r->pl.step++;
	RCHECK(r, r->pl.step < STEP_CAP, "no winner after %u actions",
	       r->pl.step);

	if (r->pl.step == r->mid_step) {
		RCHECK(r, catan_state_clone(&r->mid, s) == CATAN_OK, "clone");
		r->mid_at = r->pl.nlog;
	}
}

static catan_state *
new_state(struct run *r)
{
	catan_state *s = NULL;

	RCHECK(r, catan_state_new(&s, r->pl.g) == CATAN_OK, "state_new");
	return s;
}

/* The end: a winner, nothing left to do, and the game replays exactly. */
static void
finish_game(struct run *r, int check_new_game)
{
	catan_state *s = r->pl.s;
	int w = catan_state_winner(s);
	double ret[CATAN_MAX_PLAYERS];
	catan_state *replay;

	check_conservation(r);
	check_actors(r);
	check_lockstep_core(&r->pl);
	RCHECK(r, w >= 0 && w < r->nplayers, "winner %d", w);
	RCHECK(r, catan_state_victory_points(s, w, 1) >= r->vp_to_win,
	       "winner p%d has %d points", w, catan_state_victory_points(s, w, 1));
	RCHECK(r, catan_state_turn_player(s) == w,
	       "p%d won on p%d's turn", w, catan_state_turn_player(s));
	RCHECK(r, catan_state_returns(s, ret, CATAN_MAX_PLAYERS) == CATAN_OK,
	       "returns");
	for (int p = 0; p < r->nplayers; p++)
		RCHECK(r, ret[p] == (p == w ? 1.0 : 0.0), "return of p%d: %g", p,
		       ret[p]);
	/* after the end nothing is legal, not even the winning move again */
	{
		catan_action end = CATAN_ACTION_INIT;
		int reason = -1;

		end.type = CATAN_ACT_END_TURN;
		end.player = (int8_t)w;
		RCHECK(r, catan_state_check_action(s, &end, &reason) ==
			  CATAN_EILLEGAL && reason == CATAN_REASON_GAME_OVER,
		       "end_turn after the end: reason %s",
		       catan_reason_name(reason));
		RCHECK(r, catan_state_check_action(s, &r->last, &reason) ==
			  CATAN_EILLEGAL, "the last action is legal again");
		for (int i = 0; i < MUTATIONS; i++) {
			catan_action a = r->last;

			mutate(r, &a);
			RCHECK(r, catan_state_check_action(s, &a, NULL) ==
				  CATAN_EILLEGAL, "an action is legal after the end");
			check_candidate(r, &a);
		}
	}

	if (r->mid) {
		for (size_t i = r->mid_at; i < r->pl.nlog; i++)
			RCHECK(r, catan_state_apply(r->mid, &r->pl.log[i]) ==
				  CATAN_OK, "replay on the mid-game clone, action %zu", i);
		RCHECK(r, catan_state_equal(r->mid, s),
		       "clone from step %u replayed differs at the end",
		       r->mid_step);
	}

	/* determinism: the same game and actions give the same final state */
	replay = new_state(r);
	for (size_t i = 0; i < r->pl.nlog; i++)
		RCHECK(r, catan_state_apply(replay, &r->pl.log[i]) == CATAN_OK,
		       "replay action %zu", i);
	RCHECK(r, catan_state_equal(replay, s) &&
		  catan_state_hash(replay) == catan_state_hash(s),
	       "replay differs");
	catan_state_free(replay);

	if (check_new_game) {
		catan_game *g2 = NULL;
		catan_state *s2 = NULL;

		RCHECK(r, catan_game_new_from_string(&g2, r->ctx,
						     r->pl.gamestr) == CATAN_OK,
		       "game_new_from_string");
		RCHECK(r, catan_state_new(&s2, g2) == CATAN_OK, "state_new");
		for (size_t i = 0; i < r->pl.nlog; i++)
			RCHECK(r, catan_state_apply(s2, &r->pl.log[i]) ==
				  CATAN_OK,
			       "replay in a new game, action %zu", i);
		RCHECK(r, catan_state_hash(s2) == catan_state_hash(s),
		       "replay in a new game: other hash");
		catan_state_free(s2);
		catan_game_unref(g2);
	}
}

static void
play(struct run *r, int players, int mode, uint64_t seed, int full,
     int check_new_game)
{
	snprintf(r->pl.gamestr, sizeof(r->pl.gamestr),
		 "base(players=%d,seed=%" PRIu64 ",chance=%s)", players, seed,
		 mode == CATAN_CHANCE_SAMPLED ? "sampled" : "explicit");
	r->pl.s = NULL;
	r->pl.step = 0;
	r->nplayers = players;
	r->mode = mode;
	r->rng.s = seed * UINT64_C(0x2545f4914f6cdd1d) +
		   (uint64_t)(players * 31 + mode);
	memset(r->played, 0, sizeof(r->played));
	r->pl.nlog = 0;
	r->mid = NULL;
	r->mid_step = 20 + rng_below(&r->rng, 400);

	RCHECK(r, catan_game_new_from_string(&r->pl.g, r->ctx, r->pl.gamestr) ==
		  CATAN_OK, "game: %s", catan_ctx_errmsg(r->ctx));
	RCHECK(r, catan_game_num_players(r->pl.g) == players, "players");
	RCHECK(r, catan_game_chance_mode(r->pl.g) == mode, "chance mode");
	RCHECK(r, catan_board_counts_get(r->pl.g, &r->bc) == CATAN_OK,
	       "counts");
	r->vp_to_win = catan_game_vp_to_win(r->pl.g);
	r->maxact = catan_game_max_legal_actions(r->pl.g);
	r->maxout = catan_game_max_chance_outcomes(r->pl.g);
	RCHECK(r, r->maxact > 0 && r->maxout > 0, "bounds %zu %zu", r->maxact,
	       r->maxout);
	r->acts = calloc(r->maxact + r->maxout, sizeof(*r->acts));
	r->other = calloc(r->maxact, sizeof(*r->other));
	r->outs = calloc(r->maxout, sizeof(*r->outs));
	ck_assert(r->acts && r->other && r->outs);

	r->pl.s = new_state(r);
	RCHECK(r, catan_state_clone(&r->pl.clone, r->pl.s) == CATAN_OK,
	       "clone");
	r->pl.copy = new_state(r);
	r->pl.scratch = new_state(r);
	r->pl.snap = new_state(r);
	r->pl.oa = new_state(r);
	r->pl.ob = new_state(r);
	RCHECK(r, catan_state_copy(r->pl.copy, r->pl.s) == CATAN_OK, "copy");

	while (!catan_state_is_terminal(r->pl.s)) {
		r->full = full;
		step(r);
	}
	finish_game(r, check_new_game);

	playout_free_states(&r->pl);
	catan_state_free(r->mid);
	catan_game_unref(r->pl.g);
	r->pl.g = NULL;
	free(r->acts);
	free(r->other);
	free(r->outs);
}

static unsigned
property_games(void)
{
	const char *env = getenv("CATAN_PROPERTY_GAMES");
	long n;

	if (!env || !*env)
		return 1000;
	n = strtol(env, NULL, 10);
	return n > 0 ? (unsigned)n : 1;
}

/*
 * The state's RNG rolls two fair dice. The seeds are fixed, so a result
 * repeats; the bound (10 degrees of freedom, p = 1e-7) still leaves room
 * for the library to draw its numbers differently one day, while a wrong
 * distribution (one die 2..12, a modulo bias, a stuck generator) lands far
 * above it.
 */
static void
check_dice_distribution(const struct run *r, int players, unsigned first,
			unsigned last)
{
	unsigned long n = 0;
	double chi2 = 0;

	for (int k = 2; k <= 12; k++)
		n += r->dice[k];
	if (n < 500)
		return;
	for (int k = 2; k <= 12; k++) {
		double e = (double)n * (6 - abs(k - 7)) / 36.0;
		double d = (double)r->dice[k] - e;

		chi2 += d * d / e;
	}
	ck_assert_msg(chi2 < 52.0,
		      "players=%d seeds %u..%u: %lu sampled rolls, chi-square %.1f",
		      players, first, last - 1, n, chi2);
}

static void
run_chunk(int players, int mode, int chunk)
{
	struct run r;
	unsigned games = property_games();
	unsigned first = (unsigned)chunk * CHUNK;
	unsigned last = first + CHUNK < games ? first + CHUNK : games;

	memset(&r, 0, sizeof(r));
	r.ctx = catan_test_ctx_new();
	for (unsigned seed = first; seed < last; seed++)
		play(&r, players, mode, seed, seed - first < FULL_GAMES,
		     seed == first);
	catan_ctx_free(r.ctx);
	free(r.pl.log);
	if (mode == CATAN_CHANCE_SAMPLED)
		check_dice_distribution(&r, players, first, last);
	if (getenv("CATAN_PROPERTY_VERBOSE"))
		fprintf(stderr,
			"players=%d chance=%d seeds %u..%u: %llu actions, "
			"%llu fully checked, %llu mutants refused, %llu legal, "
			"%llu order checks\n",
			players, mode, first, last - 1, r.steps_total,
			r.full_steps, r.mutants_refused, r.mutants_legal,
			r.order_checks);
}

START_TEST(games_3_sampled)
{
	run_chunk(3, CATAN_CHANCE_SAMPLED, _i);
}
END_TEST

START_TEST(games_4_sampled)
{
	run_chunk(4, CATAN_CHANCE_SAMPLED, _i);
}
END_TEST

START_TEST(games_3_explicit)
{
	run_chunk(3, CATAN_CHANCE_EXPLICIT, _i);
}
END_TEST

START_TEST(games_4_explicit)
{
	run_chunk(4, CATAN_CHANCE_EXPLICIT, _i);
}
END_TEST

void
catan_test_register(SRunner *sr)
{
	Suite *s = catan_test_suite(sr, "property");
	unsigned chunks = (property_games() + CHUNK - 1) / CHUNK;
	struct {
		const char *name;
		const TTest *test;
	} cases[] = {
		{ "games_3_sampled", games_3_sampled },
		{ "games_4_sampled", games_4_sampled },
		{ "games_3_explicit", games_3_explicit },
		{ "games_4_explicit", games_4_explicit },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		TCase *tc = tcase_create(cases[i].name);

		/* a chunk is a few seconds; valgrind runs set fewer games */
		tcase_set_timeout(tc, 600);
		tcase_add_loop_test(tc, cases[i].test, 0, (int)chunks);
		suite_add_tcase(s, tc);
	}
}
