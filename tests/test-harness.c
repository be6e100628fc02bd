/*
 * Conformance suite: the generic invariants over every registered variant.
 * SPDX-License-Identifier: MIT
 */

/*
 * Everything here goes through the public API only, and nothing knows a
 * rule of any variant: the cases are read from the context's registry.
 * For every variant, every subset of the registered modules that the
 * game-string parser accepts on it, every player count the parser accepts
 * and both chance modes, CATAN_HARNESS_GAMES seeded random games (default
 * 20 per combination, fewer when there are many combinations) are played
 * to the end; max_turns is only a safety net, every game must end with a
 * winner. Under valgrind each combination of at most one module, and the
 * one of them all, plays one game, with a player count and chance mode
 * that rotate between combinations, and the costly checks below run every
 * fourth step (check_stride()).
 *
 * At every state (check_state() and step()):
 * - conservation: bank + hands per card kind, deck + hands + discard pile
 *   + the KNIGHT kind's face-up cards (+ the cards a module took out of
 *   the game, counter "dev_removed_<name>") per development-card kind of
 *   the game (catan_game_dev_kind_count(), named as the game names them),
 *   board + stock per player and piece kind stay what they were in the
 *   initial state; the discard pile (catan_state_dev_discard()) holds
 *   the base action cards played since the last reshuffle, none of the
 *   KNIGHT or VICTORY_POINT kinds, only grows between reshuffles, and a
 *   reshuffle (a card bought from an empty deck in a game that declares
 *   it) makes it the new deck; of each declared kind of piece
 *   (catanrules/piece.h), every owner's pieces on the board and in stock
 *   make the declared stock, and no place holds more than the kind's
 *   stack limit;
 * - who acts: current player, acting mask, terminal and chance flags agree;
 *   acting players have legal actions, the others none; returns are 0;
 * - clone and copy, kept in lockstep, stay equal (bytes and hash);
 * - observations of every player, PUBLIC and ALL succeed; a view differs
 *   from the referee's only in the hidden fields; resampling for p keeps
 *   p's and the public observation strings, who acts and p's legal
 *   actions; bad observers give CATAN_EINVAL;
 * - every acting player's list is strictly sorted by catan_action_compare;
 *   every listed action passes check and apply, and its notation parses
 *   back to the same bytes (so strings of distinct actions differ);
 * - chance outcomes are sorted, each num/den in (0, 1], sum num == den;
 * - mutated and random actions are either legal, or refused by check and
 *   then by apply with the state, hash and move number unchanged;
 * - with two or more actors in an order-free moment, one action each
 *   applied in seat order and in reverse order give equal states; in a
 *   real-time round (catan_state_simultaneity()), each of one action per
 *   actor, applied in seat order, is legal at its moment or refused with
 *   the state unchanged (RULINGS C3);
 * - the referee's actions (CATAN_PLAYER_REFEREE), in games that declare
 *   them only, are checked as a player's list is and taken now and then.
 * test-harness-modules runs all of this over the test modules of tests/.
 * When the number of actions applied is below 10 or a power of two
 * (OpenSpiel's RandomSimTest rule) and at the end: snapshot and history
 * round trips, JSON views, every player's resample, bad observers.
 * At the end: a winner with enough points and returns 1 for the winner.
 *
 * Failures name the game string, the step (actions applied by the harness)
 * and the action, so that they can be replayed.
 */

#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <catanrules/catanrules.h>

#include "test-common.h"
#include "test-playout.h"

/*
 * Built a second time as test-harness-modules with HARNESS_TEST_MODULES:
 * the same checks over the test modules of tests/ (holdings, rounds and a
 * referee, declared pieces, hexes blocked by conquest, a replacement
 * development deck), each alone and all together on the variants they
 * accept. The context is the
 * only thing that differs; the checks still go through the public API.
 */
#ifdef HARNESS_TEST_MODULES
#include "catan-private.h"
#include "test-holdings-module.h"
#include "test-rounds-module.h"
#include "test-pieces-module.h"
#include "test-blocked-module.h"
#include "test-devkinds-module.h"

static catan_ctx *
harness_modules(catan_ctx *ctx)
{
	if (ctx) {
		ctx->nmodules = 0;
		catan_test_add_holdings_module(ctx);
		catan_test_add_rounds_module(ctx);
		catan_test_add_pieces_module(ctx);
		catan_test_add_blocked_module(ctx);
		catan_test_add_devkinds_module(ctx);
	}
	return ctx;
}
#else
static catan_ctx *
harness_modules(catan_ctx *ctx)
{
	return ctx;
}
#endif

/* Safety net only: every game is expected to end with a winner before. */
#define SAFETY_MAX_TURNS 3000
/* Random illegal candidates tried at every decision node. */
#define MUTATIONS 6
/* Combinations above which the default number of games shrinks. */
#define DEFAULT_GAMES 20
#define DEFAULT_GAME_BUDGET 200
#define MAX_CASES 1024

/* One combination: a variant with modules, a player count, a chance mode. */
struct hcase {
	char name[320];    /* the Check test case name */
	char variant[64];
	char params[160];  /* "" or ",k=v,..." after the core parameters */
	char modules[256]; /* "" or "+m1+m2" */
	int players;
	int mode;
};

/*
 * The case table is filled once by catan_test_register() before any test
 * runs (and before Check forks), then only read.
 */
static struct hcase cases[MAX_CASES];
static int ncases;
static int games_per_case;

struct buf {
	char *p;
	size_t cap;
};

/* Room for the referee's actions (ends of a round: a few). */
#define REFEREE_CAP 16

struct run {
	struct playout pl;
	catan_ctx *ctx;
	int nplayers;
	int nowners;       /* seated and neutral players */
	int mode;
	struct rng rng;
	catan_board_counts bc;
	size_t maxact, maxout;
	catan_action *acts, *other, *outacts;
	catan_chance_outcome *outs;
	/* conservation: totals taken from the initial state */
	unsigned cards0[CATAN_MAX_CARD_KINDS];
	unsigned dev0[CATAN_MAX_DEV_KINDS];
	unsigned pieces0[CATAN_MAX_PLAYERS][3];
	/* the game's development-card kinds, its KNIGHT kind (-1: none) */
	int dev_kinds, knight_kind;
	/* base action cards played since the last reshuffle, per kind, from
	 * the applied play_* actions */
	unsigned played[CATAN_MAX_DEV_KINDS];
	/* the discard pile at the last check_conservation() */
	unsigned pile[CATAN_MAX_DEV_KINDS];
	/* text buffers, grown on demand */
	struct buf t1, t2, t3;
	/* observation strings of s: players, then PUBLIC, then ALL */
	struct buf views[CATAN_MAX_PLAYERS + 2];
	/* how often a resample changed someone else's hidden cards */
	unsigned resamples, resample_changed;
	unsigned order_checks, mutants_refused;
	/* discard piles reshuffled into the deck */
	unsigned reshuffles;
	/* the game has referee actions (catan_game_info.referee): their
	 * list at this step */
	bool referee;
	catan_action referee_acts[REFEREE_CAP];
	unsigned referee_steps;
	/* every how many steps the costly checks run (check_stride()) */
	unsigned stride;
};

static int
is_pow2(uint64_t x)
{
	return x != 0 && (x & (x - 1)) == 0;
}

typedef int (*text_fn)(const catan_state *s, int observer, char *buf,
		       size_t cap, size_t *len_out);

/*
 * Fill @b with the text of @fn for @observer, growing it as told by the
 * size query. Returns the call's final code.
 */
static int
get_text(struct buf *b, text_fn fn, const catan_state *s, int observer,
	 size_t *len_out)
{
	size_t len = 0;
	int rc = fn(s, observer, b->p, b->cap, &len);

	if (rc == CATAN_EBUFS || (rc == CATAN_OK && b->p == NULL)) {
		char *n = realloc(b->p, len + 1);

		ck_assert_ptr_nonnull(n);
		b->p = n;
		b->cap = len + 1;
		rc = fn(s, observer, b->p, b->cap, &len);
	}
	if (len_out)
		*len_out = len;
	return rc;
}

static int
snapshot_fn(const catan_state *s, int observer, char *buf, size_t cap,
	    size_t *len_out)
{
	(void)observer;
	return catan_state_snapshot(s, buf, cap, len_out);
}

static size_t
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

/* ------------------------------------------------------- conservation */

struct census {
	unsigned cards[CATAN_MAX_CARD_KINDS];       /* bank + hands */
	unsigned dev[CATAN_MAX_DEV_KINDS];          /* deck + hands + pile + face up */
	unsigned pile[CATAN_MAX_DEV_KINDS];         /* catan_state_dev_discard() */
	unsigned pieces[CATAN_MAX_PLAYERS][3];      /* settlements/cities/roads */
};

static void
take_census(struct run *r, struct census *c)
{
	const catan_state *s = r->pl.s;
	uint8_t bank[CATAN_MAX_CARD_KINDS], deck[CATAN_MAX_DEV_KINDS];
	uint8_t pile[CATAN_MAX_DEV_KINDS];

	memset(c, 0, sizeof(*c));
	RCHECK(r, catan_state_bank(s, bank) == CATAN_OK, "bank");
	RCHECK(r, catan_state_dev_deck(s, deck) == CATAN_OK, "dev_deck");
	RCHECK(r, catan_state_dev_discard(s, pile) == CATAN_OK, "dev_discard");
	for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++)
		c->cards[k] = bank[k];
	for (int k = 0; k < CATAN_MAX_DEV_KINDS; k++) {
		char name[48];
		int32_t removed = 0;

		c->dev[k] = deck[k] + pile[k];
		c->pile[k] = pile[k];
		if (k >= r->dev_kinds) {
			RCHECK(r, deck[k] == 0 && pile[k] == 0,
			       "dev slot %d beyond the game's %d kinds: deck %u, pile %u",
			       k, r->dev_kinds, deck[k], pile[k]);
			continue;
		}
		/* A module may take cards out of the game ("dev_removed_<name>",
		 * a counter of the game, by the game's name of the kind). */
		snprintf(name, sizeof(name), "dev_removed_%s",
			 catan_game_dev_kind_name(r->pl.g, k));
		if (catan_state_counter(s, -1, name, &removed) == CATAN_OK)
			c->dev[k] += (unsigned)removed;
	}

	for (unsigned v = 0; v < r->bc.vertices; v++) {
		int owner;
		int piece = checked_piece(&r->pl, 0, v, r->nowners, &owner);

		if (piece != CATAN_PIECE_NONE)
			c->pieces[owner][piece == CATAN_PIECE_SETTLEMENT ?
					 0 : 1]++;
	}
	for (unsigned e = 0; e < r->bc.edges; e++) {
		int owner;

		if (checked_piece(&r->pl, 1, e, r->nowners, &owner) !=
		    CATAN_PIECE_NONE)
			c->pieces[owner][2]++;
	}
	for (int p = 0; p < r->nowners; p++) {
		catan_player_info pi;
		unsigned ct = 0, dt = 0;

		RCHECK(r, catan_state_player(s, p, &pi) == CATAN_OK,
		       "player %d", p);
		for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++) {
			c->cards[k] += pi.cards[k];
			ct += pi.cards[k];
		}
		for (int k = 0; k < CATAN_MAX_DEV_KINDS; k++) {
			c->dev[k] += pi.dev_cards[k];
			dt += pi.dev_cards[k];
		}
		if (r->knight_kind >= 0)
			c->dev[r->knight_kind] += pi.knights_played;
		else
			RCHECK(r, pi.knights_played == 0,
			       "p%d has %u knights played in a game without a KNIGHT kind",
			       p, pi.knights_played);
		RCHECK(r, pi.card_total == ct, "p%d card_total %u, cards sum %u",
		       p, pi.card_total, ct);
		RCHECK(r, pi.dev_total == dt, "p%d dev_total %u, dev sum %u", p,
		       pi.dev_total, dt);
		c->pieces[p][0] += pi.settlements_left;
		c->pieces[p][1] += pi.cities_left;
		c->pieces[p][2] += pi.roads_left;
		RCHECK(r, catan_state_victory_points(s, p, 1) ==
			  (int)pi.total_vp &&
			  catan_state_victory_points(s, p, 0) ==
			  (int)pi.public_vp && pi.public_vp <= pi.total_vp,
		       "p%d points: public %d total %d, victory_points %d %d",
		       p, (int)pi.public_vp, (int)pi.total_vp,
		       catan_state_victory_points(s, p, 0),
		       catan_state_victory_points(s, p, 1));
	}
}

/*
 * Cards move between the bank and the hands only; a player's pieces are on
 * the board or in stock; a development card is in the deck, in a hand,
 * face up (the KNIGHT kind) or on the discard pile. The pile is derived by
 * the library from the others, so it is also checked against what the
 * harness saw: the base action cards played since the last reshuffle
 * (counted from the applied play_* actions), nothing of the KNIGHT and
 * VICTORY_POINT kinds, and no kind's pile shrinking between reshuffles
 * (a module's kind, played by actions the harness does not know).
 */
static void
check_conservation(struct run *r)
{
	struct census c;
	static const char *const piece_names[3] = {
		"settlements", "cities", "roads"
	};

	take_census(r, &c);
	for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++)
		RCHECK(r, c.cards[k] == r->cards0[k],
		       "card kind %d: bank + hands = %u, initially %u", k,
		       c.cards[k], r->cards0[k]);
	for (int k = 0; k < r->dev_kinds; k++) {
		const char *name = catan_game_dev_kind_name(r->pl.g, k);
		int role = catan_game_dev_kind_role(r->pl.g, k);

		RCHECK(r, c.dev[k] == r->dev0[k],
		       "dev kind %d (%s): deck + hands + pile + face up = %u, initially %u",
		       k, name, c.dev[k], r->dev0[k]);
		if (role == CATAN_DEV_ROLE_KNIGHT || role == CATAN_DEV_ROLE_VICTORY_POINT)
			RCHECK(r, c.pile[k] == 0, "dev kind %d (%s, role %d): %u on the pile",
			       k, name, role, c.pile[k]);
		else if (role != CATAN_DEV_ROLE_NONE)
			RCHECK(r, c.pile[k] == r->played[k],
			       "dev kind %d (%s): %u on the pile, %u played since the last reshuffle",
			       k, name, c.pile[k], r->played[k]);
		RCHECK(r, c.pile[k] >= r->pile[k],
		       "dev kind %d (%s): the pile shrank from %u to %u without a reshuffle",
		       k, name, r->pile[k], c.pile[k]);
	}
	memcpy(r->pile, c.pile, sizeof(r->pile));
	for (int p = 0; p < r->nowners; p++)
		for (int i = 0; i < 3; i++)
			RCHECK(r, c.pieces[p][i] == r->pieces0[p][i],
			       "p%d %s: board + stock = %u, initially %u", p,
			       piece_names[i], c.pieces[p][i],
			       r->pieces0[p][i]);
}

/* Declared pieces (catanrules/piece.h): on the board or in stock, never
 * more on one place than the kind's stack limit. */
static void
check_declared_pieces(struct run *r)
{
	const catan_state *s = r->pl.s;
	int kinds = catan_game_piece_count(r->pl.g);

	for (int k = 0; k < kinds; k++) {
		catan_piece_info info;

		RCHECK(r, catan_game_piece(r->pl.g, (unsigned)k, &info) == CATAN_OK, "piece %d", k);
		for (int p = 0; p < r->nowners; p++) {
			uint16_t where[64];
			size_t n = 0;
			uint32_t left = 0, here = 0;

			RCHECK(r, catan_state_piece_stock(s, (unsigned)k, p, &left) == CATAN_OK &&
				  catan_state_piece_locations(s, (unsigned)k, p, where,
							      64, &n) == CATAN_OK,
			       "pieces '%s' of p%d", info.name, p);
			RCHECK(r, left + n == info.stock, "p%d '%s': board %zu + stock %u, declared %u",
			       p, info.name, n, left, info.stock);
			for (size_t i = 0; i < n; i++) {
				RCHECK(r, catan_state_pieces_at(s, (unsigned)k, -1, where[i],
								&here) == CATAN_OK,
				       "pieces at %u", where[i]);
				RCHECK(r, !info.stack_limit || here <= info.stack_limit,
				       "%u '%s' on place %u, at most %u", here, info.name,
				       where[i], info.stack_limit);
			}
		}
	}
}

/* ------------------------------------------------------------- actors */

/* How many actions the referee (the host's end of a round) has now: none
 * in a game that does not declare it (catan_game_info.referee). */
static size_t
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
static void
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

static void
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
static size_t
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

static size_t
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

static void
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

/* ------------------------------------------------------- observations */

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

/* The first line where two texts differ, for failure messages. */
static void
first_difference(const char *a, const char *b, char *out, size_t cap)
{
	unsigned line = 1;
	const char *la = a, *lb = b;
	int na, nb;

	while (*a && *a == *b) {
		if (*a == '\n') {
			line++;
			la = a + 1;
			lb = b + 1;
		}
		a++;
		b++;
	}
	na = (int)strcspn(la, "\n");
	nb = (int)strcspn(lb, "\n");
	snprintf(out, cap, "line %u: \"%.*s\" became \"%.*s\"", line,
		 na > 300 ? 300 : na, la, nb > 300 ? 300 : nb, lb);
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
static void
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

/* ------------------------------------------------------ serialization */

/*
 * A loaded state is the same position: equal hash and equal snapshot text
 * (a snapshot holds every field and the RNG). catan_state_equal() between
 * states of two game objects is the business of load_equal below.
 */
static void
check_loaded(struct run *r, const char *what, const char *text, size_t len)
{
	catan_game *g2 = NULL;
	catan_state *s2 = NULL;
	struct buf again = { NULL, 0 };
	char str[512];
	int rc;

	rc = catan_load(&g2, &s2, r->ctx, text, len);
	RCHECK(r, rc == CATAN_OK, "%s does not load: %d: %s\n%s", what, rc,
	       catan_ctx_errmsg(r->ctx), text);
	RCHECK(r, catan_game_to_string(g2, str, sizeof(str), NULL) ==
		  CATAN_OK && strcmp(str, r->pl.gamestr) == 0,
	       "%s loads as game %s", what, str);
	RCHECK(r, catan_state_hash(s2) == catan_state_hash(r->pl.s),
	       "%s round trip: hash %016" PRIx64 ", expected %016" PRIx64,
	       what, catan_state_hash(s2), catan_state_hash(r->pl.s));
	RCHECK(r, get_text(&r->t3, snapshot_fn, r->pl.s, 0, NULL) == CATAN_OK &&
		  get_text(&again, snapshot_fn, s2, 0, NULL) == CATAN_OK,
	       "snapshot");
	if (strcmp(r->t3.p, again.p) != 0) {
		char diff[768];

		first_difference(r->t3.p, again.p, diff, sizeof(diff));
		RCHECK(r, 0, "%s round trip: the snapshots differ: %s", what,
		       diff);
	}
	free(again.p);
	catan_state_free(s2);
	catan_game_unref(g2);
}

static void
check_snapshot(struct run *r)
{
	size_t len = 0;
	int rc = get_text(&r->t3, snapshot_fn, r->pl.s, 0, &len);

	RCHECK(r, rc == CATAN_OK && strlen(r->t3.p) == len,
	       "snapshot = %d", rc);
	check_loaded(r, "snapshot", r->t3.p, len);
}

static void
check_history(struct run *r)
{
	size_t len = 0;
	int rc = catan_history_write(r->pl.g, r->pl.log, r->pl.nlog, NULL, 0,
				     &len);
	char *text;

	RCHECK(r, rc == CATAN_EBUFS || rc == CATAN_OK,
	       "history_write size query = %d", rc);
	text = malloc(len + 1);
	ck_assert_ptr_nonnull(text);
	rc = catan_history_write(r->pl.g, r->pl.log, r->pl.nlog, text, len + 1,
				 &len);
	RCHECK(r, rc == CATAN_OK, "history_write = %d", rc);
	check_loaded(r, "history", text, len);
	free(text);
}

/* ------------------------------------------------------------ a game */

static void
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
static void
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

static void
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

/*
 * Every state: conservation, actors, clone/copy, observations, and the
 * round trips at history length < 10 or a power of two.
 */
static void
check_state(struct run *r, int deep)
{
	check_conservation(r);
	check_declared_pieces(r);
	check_actors(r);
	check_lockstep(r);
	check_observations(r, deep);
	if (deep) {
		check_snapshot(r);
		check_history(r);
	}
}

/* The development-card role a play_* action of the core plays, or 0. */
static int
played_role(const catan_action *a)
{
	if (a->player < 0)
		return CATAN_DEV_ROLE_NONE;
	switch (a->type) {
	case CATAN_ACT_PLAY_KNIGHT:
		return CATAN_DEV_ROLE_KNIGHT;
	case CATAN_ACT_PLAY_ROAD_BUILDING:
		return CATAN_DEV_ROLE_ROAD_BUILDING;
	case CATAN_ACT_PLAY_YEAR_OF_PLENTY:
		return CATAN_DEV_ROLE_YEAR_OF_PLENTY;
	case CATAN_ACT_PLAY_MONOPOLY:
		return CATAN_DEV_ROLE_MONOPOLY;
	default:
		return CATAN_DEV_ROLE_NONE;
	}
}

/* Whether @a buys a card from an empty deck in a game that reshuffles its
 * discard pile then (catan_game_dev_reshuffles()). */
static bool
buys_from_empty_deck(struct run *r, const catan_action *a)
{
	uint8_t deck[CATAN_MAX_DEV_KINDS];
	unsigned total = 0;

	if (a->player < 0 || a->type != CATAN_ACT_BUY_DEV ||
	    catan_game_dev_reshuffles(r->pl.g) != 1)
		return false;
	RCHECK(r, catan_state_dev_deck(r->pl.s, deck) == CATAN_OK, "dev_deck");
	for (int k = 0; k < CATAN_MAX_DEV_KINDS; k++)
		total += deck[k];
	return total == 0;
}

/*
 * traders-and-barbarians.txt: "When the stack of development cards is
 * empty, shuffle the discard pile to create a new stack": after the buy,
 * the deck is the pile (less the card drawn, where the draw is sampled
 * at once) and the pile is empty.
 */
static void
check_reshuffle(struct run *r, const char *what)
{
	uint8_t deck[CATAN_MAX_DEV_KINDS], pile[CATAN_MAX_DEV_KINDS];
	unsigned before = 0, after = 0;

	RCHECK(r, catan_state_dev_deck(r->pl.s, deck) == CATAN_OK &&
		  catan_state_dev_discard(r->pl.s, pile) == CATAN_OK, "dev_deck");
	for (int k = 0; k < CATAN_MAX_DEV_KINDS; k++) {
		RCHECK(r, pile[k] == 0 && deck[k] <= r->pile[k],
		       "%s from an empty deck: kind %d has %u in the deck, %u on the pile, "
		       "%u on the pile before", what, k, deck[k], pile[k], r->pile[k]);
		before += r->pile[k];
		after += deck[k];
	}
	RCHECK(r, before > 0 && before - after <= 1,
	       "%s from an empty deck: a pile of %u became a deck of %u", what, before,
	       after);
	memset(r->pile, 0, sizeof(r->pile));
	memset(r->played, 0, sizeof(r->played));
	r->reshuffles++;
}

static void
apply_all(struct run *r, const catan_action *a)
{
	char t[TEXT_CAP];
	uint32_t moves = catan_state_move_number(r->pl.s);
	bool reshuffle = buys_from_empty_deck(r, a);
	int rc = catan_state_apply(r->pl.s, a);
	int role = played_role(a);

	act_str(&r->pl, a, t, sizeof(t));
	RCHECK(r, rc == CATAN_OK, "apply %s = %d", t, rc);
	RCHECK(r, catan_state_move_number(r->pl.s) > moves,
	       "apply %s did not count a move", t);
	RCHECK(r, catan_state_apply(r->pl.clone, a) == CATAN_OK,
	       "apply %s to the clone", t);
	RCHECK(r, catan_state_apply_unchecked(r->pl.copy, a) == CATAN_OK,
	       "apply_unchecked %s to the copy", t);
	if (reshuffle)
		check_reshuffle(r, t);
	if (role != CATAN_DEV_ROLE_NONE && role != CATAN_DEV_ROLE_KNIGHT) {
		int kind = catan_game_dev_role_kind(r->pl.g, role);

		RCHECK(r, kind >= 0 && kind < r->dev_kinds, "%s: the game has no kind of role %d",
		       t, role);
		r->played[kind]++;
	}
	log_action(&r->pl, a);
}

/*
 * The playout policy: a random acting player, then half the time a
 * uniform legal action, half the time a uniform action type first (so
 * that rare types such as building come up and games end sooner).
 */
static catan_action
choose_action(struct run *r, const catan_action *acts, size_t n)
{
	uint16_t types[64];
	size_t ntypes = 0, pick, k;

	if (rng_below(&r->rng, 2))
		return acts[rng_below(&r->rng, (uint32_t)n)];
	for (size_t i = 0; i < n && ntypes < 64; i++)
		if (ntypes == 0 || types[ntypes - 1] != acts[i].type)
			types[ntypes++] = acts[i].type;
	pick = rng_below(&r->rng, (uint32_t)ntypes);
	for (k = 0; k < n && acts[k].type != types[pick]; k++)
		;
	{
		size_t end = k;

		while (end < n && acts[end].type == types[pick])
			end++;
		return acts[k + rng_below(&r->rng, (uint32_t)(end - k))];
	}
}

/* The referee's list now, checked as a player's is (sorted, each legal,
 * its notation read back); its length. */
static size_t
referee_list(struct run *r, bool full)
{
	size_t n = 0;
	int rc;

	if (!r->referee)
		return referee_count(r, r->pl.s);
	rc = catan_state_legal_actions(r->pl.s, CATAN_PLAYER_REFEREE, r->referee_acts,
				       REFEREE_CAP, &n);
	RCHECK(r, rc == CATAN_OK, "legal_actions(referee) = %d (n %zu)", rc, n);
	if (full)
		check_player_list(r, CATAN_PLAYER_REFEREE, r->referee_acts, n);
	r->referee_steps += n > 0;
	return n;
}

/*
 * Every how many steps a game runs the costly checks (observations and
 * resampling, every listed action applied, mutants, order independence):
 * every step, but under valgrind every fourth, where a game's memory is
 * what is checked and the same code runs on every kind of state anyway;
 * CATAN_HARNESS_STRIDE=n sets it. The cheap checks (conservation, actors,
 * clone and copy in lockstep) and the first ten and every power-of-two
 * steps' deep ones run always.
 */
static unsigned
check_stride(void)
{
	const char *env = getenv("CATAN_HARNESS_STRIDE");
	long n;

	if (env && *env) {
		n = strtol(env, NULL, 10);
		return n > 0 ? (unsigned)n : 1;
	}
	return catan_test_under_valgrind() ? 4 : 1;
}

/* The checks of check_state() that cost little, for the steps between
 * the strides. */
static void
check_state_cheap(struct run *r)
{
	check_conservation(r);
	check_declared_pieces(r);
	check_actors(r);
	check_lockstep(r);
}

static void
step(struct run *r)
{
	catan_action a;
	bool deep = r->pl.nlog < 10 || is_pow2(r->pl.nlog);
	bool full = deep || r->pl.step % r->stride == 0;

	if (full)
		check_state(r, deep);
	else
		check_state_cheap(r);
	if (catan_state_is_chance_node(r->pl.s)) {
		size_t n = full ? check_chance_list(r) : chance_list(r);
		uint64_t v = rng_below(&r->rng, r->outs[0].den);
		size_t i;

		for (i = 0; i + 1 < n && v >= r->outs[i].num; i++)
			v -= r->outs[i].num;
		a = r->outs[i].action;
		if (full)
			check_mutations(r, r->outacts, n);
	} else {
		uint32_t mask = catan_state_acting_players(r->pl.s);
		uint32_t which = mask ? rng_below(&r->rng, popcount32(mask)) : 0;
		size_t n = 0, nref;
		int actor = -1;
		bool referee;

		for (int p = 0; p < r->nplayers; p++) {
			size_t np;

			if (!(mask & (1u << p)))
				continue;
			np = legal(r, r->pl.s, p, r->other);
			if (full)
				check_player_list(r, p, r->other, np);
			if (which-- == 0) {
				actor = p;
				memcpy(r->acts, r->other,
				       np * sizeof(*r->acts));
				n = np;
			}
		}
		nref = referee_list(r, full);
		referee = nref > 0;
		RCHECK(r, (actor >= 0 && n > 0) || (mask == 0 && referee),
		       "no actor in mask 0x%x", mask);
		if (mask == 0) {
			memcpy(r->acts, r->referee_acts, nref * sizeof(*r->acts));
			n = nref;
			referee = false;
		}
		if (referee && rng_below(&r->rng, (uint32_t)popcount32(mask) + 1) == 0) {
			/* The host ends the round now and then, as a timer
			 * would (RULINGS C13). */
			memcpy(r->acts, r->referee_acts, nref * sizeof(*r->acts));
			n = nref;
		}
		a = choose_action(r, r->acts, n);
		if (!full)
			;
		else if (check_mutations(r, r->acts, n),
			 catan_state_simultaneity(r->pl.s) == CATAN_SIMULTANEOUS_REAL_TIME)
			check_arrivals(r, mask);
		else if (popcount32(mask) >= 2)
			check_order_independence(r, mask);
	}
	apply_all(r, &a);
	r->pl.step++;
}

/* The end: nothing is legal any more, returns say who won. */
static void
finish_game(struct run *r)
{
	int w = catan_state_winner(r->pl.s);
	double ret[CATAN_MAX_PLAYERS];

	check_state(r, 1);
	check_mutations(r, r->pl.log + r->pl.nlog - 1, 1);
	RCHECK(r, w >= 0 && w < r->nplayers,
	       "no winner after %u actions (turn %u): max_turns=%d is only a safety net",
	       r->pl.step, catan_state_turn_number(r->pl.s), SAFETY_MAX_TURNS);
	RCHECK(r, catan_state_victory_points(r->pl.s, w, 1) >=
		  catan_game_vp_to_win(r->pl.g),
	       "winner p%d has %d points of %d", w,
	       catan_state_victory_points(r->pl.s, w, 1),
	       catan_game_vp_to_win(r->pl.g));
	RCHECK(r, catan_state_returns(r->pl.s, ret, CATAN_MAX_PLAYERS) ==
		  CATAN_OK, "returns");
	for (int p = 0; p < r->nplayers; p++)
		RCHECK(r, ret[p] == (p == w ? 1.0 : 0.0),
		       "return of p%d is %g, winner p%d", p, ret[p], w);
	RCHECK(r, r->resamples == 0 || r->resample_changed > 0,
	       "%u resamples never changed another player's hidden cards",
	       r->resamples);
}

static void
play(struct run *r, const struct hcase *c, uint64_t seed)
{
	struct census c0;

	snprintf(r->pl.gamestr, sizeof(r->pl.gamestr),
		 "%s(players=%d,seed=%" PRIu64 ",chance=%s,max_turns=%d%s)%s",
		 c->variant, c->players, seed,
		 c->mode == CATAN_CHANCE_SAMPLED ? "sampled" : "explicit",
		 SAFETY_MAX_TURNS, c->params, c->modules);
	r->nplayers = c->players;
	r->mode = c->mode;
	r->rng.s = seed * UINT64_C(0x2545f4914f6cdd1d) ^
		   (uint64_t)(c->players * 131 + c->mode);
	r->pl.step = 0;
	r->pl.nlog = 0;
	r->stride = check_stride();
	memset(r->played, 0, sizeof(r->played));
	memset(r->pile, 0, sizeof(r->pile));

	RCHECK(r, catan_game_new_from_string(&r->pl.g, r->ctx, r->pl.gamestr) ==
		  CATAN_OK, "game: %s", catan_ctx_errmsg(r->ctx));
	/* from here on the canonical string names the game in messages */
	RCHECK(r, catan_game_to_string(r->pl.g, r->pl.gamestr,
				       sizeof(r->pl.gamestr), NULL) == CATAN_OK,
	       "game_to_string");
	RCHECK(r, catan_game_num_players(r->pl.g) == c->players &&
		  catan_game_chance_mode(r->pl.g) == c->mode,
	       "players %d, mode %d", catan_game_num_players(r->pl.g),
	       catan_game_chance_mode(r->pl.g));
	r->nowners = r->nplayers + catan_game_neutral_players(r->pl.g);
	RCHECK(r, r->nowners >= r->nplayers && r->nowners <= CATAN_MAX_PLAYERS,
	       "neutral players %d", catan_game_neutral_players(r->pl.g));
	RCHECK(r, catan_board_counts_get(r->pl.g, &r->bc) == CATAN_OK,
	       "counts");
	r->maxact = catan_game_max_legal_actions(r->pl.g);
	r->maxout = catan_game_max_chance_outcomes(r->pl.g);
	RCHECK(r, r->maxact > 0 && r->maxout > 0, "bounds %zu %zu", r->maxact,
	       r->maxout);
	{
		catan_game_info info = { .version = CATAN_GAME_INFO_VERSION };

		RCHECK(r, catan_game_info_get(r->pl.g, &info) == CATAN_OK, "info");
		r->referee = info.referee != 0;
		/* A referee's actions join a player's in one buffer. */
		if (r->referee && r->maxact < REFEREE_CAP)
			r->maxact = REFEREE_CAP;
	}
	r->acts = calloc(r->maxact, sizeof(*r->acts));
	r->other = calloc(r->maxact, sizeof(*r->other));
	r->outacts = calloc(r->maxout, sizeof(*r->outacts));
	r->outs = calloc(r->maxout, sizeof(*r->outs));
	ck_assert(r->acts && r->other && r->outacts && r->outs);

	RCHECK(r, catan_state_new(&r->pl.s, r->pl.g) == CATAN_OK, "state_new");
	RCHECK(r, catan_state_clone(&r->pl.clone, r->pl.s) == CATAN_OK,
	       "clone");
	RCHECK(r, catan_state_new(&r->pl.copy, r->pl.g) == CATAN_OK &&
		  catan_state_copy(r->pl.copy, r->pl.s) == CATAN_OK, "copy");
	RCHECK(r, catan_state_new(&r->pl.scratch, r->pl.g) == CATAN_OK &&
		  catan_state_new(&r->pl.snap, r->pl.g) == CATAN_OK &&
		  catan_state_new(&r->pl.oa, r->pl.g) == CATAN_OK &&
		  catan_state_new(&r->pl.ob, r->pl.g) == CATAN_OK, "state_new");

	r->dev_kinds = catan_game_dev_kind_count(r->pl.g);
	RCHECK(r, r->dev_kinds >= 0 && r->dev_kinds <= CATAN_MAX_DEV_KINDS,
	       "dev_kind_count %d", r->dev_kinds);
	r->knight_kind = catan_game_dev_role_kind(r->pl.g, CATAN_DEV_ROLE_KNIGHT);
	RCHECK(r, r->knight_kind >= 0 || r->knight_kind == CATAN_ENOTFOUND,
	       "dev_role_kind(KNIGHT) %d", r->knight_kind);
	take_census(r, &c0);
	for (int k = 0; k < CATAN_MAX_DEV_KINDS; k++)
		RCHECK(r, c0.pile[k] == 0, "dev kind %d: %u on the pile at the start", k,
		       c0.pile[k]);
	memcpy(r->cards0, c0.cards, sizeof(r->cards0));
	memcpy(r->dev0, c0.dev, sizeof(r->dev0));
	memcpy(r->pieces0, c0.pieces, sizeof(r->pieces0));

	while (!catan_state_is_terminal(r->pl.s))
		step(r);
	finish_game(r);

	playout_free_states(&r->pl);
	catan_game_unref(r->pl.g);
	r->pl.g = NULL;
	free(r->acts);
	free(r->other);
	free(r->outacts);
	free(r->outs);
}

START_TEST(playouts)
{
	const struct hcase *c = &cases[_i / games_per_case];
	uint64_t seed = (uint64_t)(_i % games_per_case) + 1;
	struct run r;

	memset(&r, 0, sizeof(r));
	r.ctx = harness_modules(catan_test_ctx_new());
	play(&r, c, seed);
	if (getenv("CATAN_HARNESS_VERBOSE"))
		fprintf(stderr, "%s: %u actions, %u order checks, "
			"%u mutants refused, %u/%u resamples changed hidden cards, "
			"%u reshuffles\n",
			r.pl.gamestr, r.pl.step, r.order_checks,
			r.mutants_refused,
			r.resample_changed, r.resamples, r.reshuffles);
	catan_ctx_free(r.ctx);
	free(r.pl.log);
	free(r.t1.p);
	free(r.t2.p);
	free(r.t3.p);
	for (int i = 0; i < CATAN_MAX_PLAYERS + 2; i++)
		free(r.views[i].p);
}
END_TEST

/* Every variant loads by its name alone; canonical strings round-trip. */
START_TEST(variants_load)
{
	catan_ctx *ctx = catan_test_ctx_new();
	size_t nv = catan_ctx_variant_count(ctx);

	ck_assert_uint_gt(nv, 0);
	for (size_t i = 0; i < nv; i++) {
		const char *name = catan_ctx_variant_name(ctx, i);
		catan_game *g, *g2;
		char s1[512], s2[512];
		const char *desc = NULL;
		int lo = 0, hi = 0;

		ck_assert_ptr_nonnull(name);
		CATAN_ASSERT_OK(catan_ctx_variant_info(ctx, name, &desc, &lo,
						       &hi));
		ck_assert_msg(desc != NULL && lo >= 1 && lo <= hi &&
			      hi <= CATAN_MAX_PLAYERS,
			      "%s: players %d..%d", name, lo, hi);
		g = catan_test_game_new(ctx, name);
		CATAN_ASSERT_OK(catan_game_to_string(g, s1, sizeof(s1), NULL));
		ck_assert_str_eq(catan_game_variant(g), name);
		ck_assert_msg(catan_game_num_players(g) >= lo &&
			      catan_game_num_players(g) <= hi,
			      "%s: default players %d", name,
			      catan_game_num_players(g));
		g2 = catan_test_game_new(ctx, s1);
		CATAN_ASSERT_OK(catan_game_to_string(g2, s2, sizeof(s2), NULL));
		ck_assert_str_eq(s1, s2);
		catan_game_unref(g2);
		catan_game_unref(g);
	}
	ck_assert_ptr_null(catan_ctx_variant_name(ctx, nv));
	ck_assert_ptr_null(catan_ctx_module_name(ctx,
						 catan_ctx_module_count(ctx)));
	catan_ctx_free(ctx);
}
END_TEST

/*
 * game.h: "two games are the same game exactly when their strings are
 * equal", and catan_state_equal() compares states "of the same game": a
 * state loaded from a snapshot or a history, or created from a second
 * game object with the same string, equals the original.
 */
START_TEST(load_equal)
{
	catan_ctx *ctx = catan_test_ctx_new();
	size_t nv = catan_ctx_variant_count(ctx);

	for (size_t i = 0; i < nv; i++) {
		const char *name = catan_ctx_variant_name(ctx, i);
		catan_game *g = catan_test_game_new(ctx, name);
		catan_game *g2 = NULL, *g3;
		catan_state *s = catan_test_state_new(g), *s2 = NULL, *s3;
		size_t max = catan_game_max_legal_actions(g);
		catan_action *acts = calloc(max ? max : 1, sizeof(*acts));
		char str[512], *snap;
		size_t len = 0;
		struct rng rng = { 7 };

		ck_assert_ptr_nonnull(acts);
		/* a few random actions (SAMPLED by default: no chance nodes) */
		for (int k = 0; k < 25 && !catan_state_is_terminal(s); k++) {
			uint32_t mask = catan_state_acting_players(s);
			size_t n = 0;
			int p = 0;

			if (catan_state_is_chance_node(s)) {
				CATAN_ASSERT_OK(catan_state_resolve_chance(s));
				continue;
			}
			while (p < 31 && !(mask & (1u << p)))
				p++;
			CATAN_ASSERT_OK(catan_state_legal_actions(s, p, acts,
								  max, &n));
			ck_assert_uint_gt(n, 0);
			CATAN_ASSERT_OK(catan_state_apply(s,
				&acts[rng_below(&rng, (uint32_t)n)]));
		}
		CATAN_ASSERT_ERR(catan_state_snapshot(s, NULL, 0, &len),
				 CATAN_EBUFS);
		snap = malloc(len + 1);
		ck_assert_ptr_nonnull(snap);
		CATAN_ASSERT_OK(catan_state_snapshot(s, snap, len + 1, &len));
		CATAN_ASSERT_OK(catan_load(&g2, &s2, ctx, snap, len));
		ck_assert_uint_eq(catan_state_hash(s2), catan_state_hash(s));
		ck_assert_msg(catan_state_equal(s2, s) &&
			      catan_state_equal(s, s2),
			      "%s: a state loaded from its snapshot is not catan_state_equal() to the original (its game is another object with the same string)",
			      name);

		CATAN_ASSERT_OK(catan_game_to_string(g, str, sizeof(str),
						     NULL));
		g3 = catan_test_game_new(ctx, str);
		s3 = catan_test_state_new(g3);
		catan_state_free(s);
		s = catan_test_state_new(g);
		ck_assert_msg(catan_state_equal(s, s3),
			      "%s: initial states of two games made from the same string are not catan_state_equal()",
			      name);
		free(snap);
		free(acts);
		catan_state_free(s);
		catan_state_free(s2);
		catan_state_free(s3);
		catan_game_unref(g);
		catan_game_unref(g2);
		catan_game_unref(g3);
	}
	catan_ctx_free(ctx);
}
END_TEST

/*
 * Every registered variant has a golden playthrough in the source tree
 * (CATAN_GOLDEN_DIR, set by meson): a file <variant>*.trace whose first
 * line names a game of that variant.
 */
START_TEST(golden_traces_exist)
{
	const char *dir = getenv("CATAN_GOLDEN_DIR");
	catan_ctx *ctx = catan_test_ctx_new();
	size_t nv = catan_ctx_variant_count(ctx);

	ck_assert_msg(dir != NULL && *dir != '\0',
		      "CATAN_GOLDEN_DIR is not set (run through meson test)");
	for (size_t i = 0; i < nv; i++) {
		const char *name = catan_ctx_variant_name(ctx, i);
		size_t nlen = strlen(name);
		struct dirent *de;
		DIR *d = opendir(dir);
		int found = 0;

		ck_assert_msg(d != NULL, "cannot open %s", dir);
		while ((de = readdir(d)) != NULL && !found) {
			size_t len = strlen(de->d_name);
			char path[4096], line[1024];
			FILE *f;

			if (len < 7 || strcmp(de->d_name + len - 6, ".trace") ||
			    strncmp(de->d_name, name, nlen) != 0)
				continue;
			snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
			f = fopen(path, "r");
			if (f == NULL)
				continue;
			if (fgets(line, sizeof(line), f) != NULL &&
			    strncmp(line, "game: ", 6) == 0 &&
			    strncmp(line + 6, name, nlen) == 0 &&
			    (line[6 + nlen] == '(' || line[6 + nlen] == '+'))
				found = 1;
			fclose(f);
		}
		closedir(d);
		ck_assert_msg(found, "variant %s has no golden trace %s/%s*.trace",
			      name, dir, name);
	}
	catan_ctx_free(ctx);
}
END_TEST

/*
 * Under valgrind one game per module combination: its player count and
 * chance mode rotate with the combination's number, so that every count
 * and mode is still played by some combination. @i is a case index.
 */
static bool
valgrind_keeps(int i)
{
	int first = i, combo = 0;

	while (first > 0 && !strcmp(cases[first - 1].variant, cases[i].variant) &&
	       !strcmp(cases[first - 1].modules, cases[i].modules))
		first--;
	for (int j = 1; j <= first; j++)
		if (strcmp(cases[j - 1].variant, cases[j].variant) ||
		    strcmp(cases[j - 1].modules, cases[j].modules))
			combo++;
	{
		int n = 0;

		while (first + n < ncases &&
		       !strcmp(cases[first + n].variant, cases[i].variant) &&
		       !strcmp(cases[first + n].modules, cases[i].modules))
			n++;
		return i - first == combo % n;
	}
}

/* Under valgrind, each module alone and all of them together: every
 * module still plays under memory checking, and with the others; the
 * pairs play in the normal run. */
static bool
valgrind_combination(const char *modules)
{
	unsigned n = 0, all = 0;
	catan_ctx *ctx = NULL;

	for (const char *m = modules; *m; m++)
		n += *m == '+';
	if (n <= 1)
		return true;
	if (catan_ctx_new(&ctx, NULL) == CATAN_OK) {
		harness_modules(ctx);
		all = (unsigned)catan_ctx_module_count(ctx);
		catan_ctx_free(ctx);
	}
	return n == all;
}

static unsigned
harness_games(unsigned combos)
{
	const char *env = getenv("CATAN_HARNESS_GAMES");
	long n;

	/* under `meson test --setup valgrind`, whatever the environment
	 * says: see valgrind_keeps() */
	if (catan_test_under_valgrind())
		return 1;
	if (env && *env) {
		n = strtol(env, NULL, 10);
		return n > 0 ? (unsigned)n : 1;
	}
	/* many module combinations share a budget instead */
	if (combos * DEFAULT_GAMES > DEFAULT_GAME_BUDGET)
		return DEFAULT_GAME_BUDGET / combos > 2 ?
		       DEFAULT_GAME_BUDGET / combos : 2;
	return DEFAULT_GAMES;
}

static struct hcase *
add_case(const char *variant, const char *modules, int players, int mode)
{
	struct hcase *c;

	if (ncases >= MAX_CASES)
		return NULL;
	c = &cases[ncases++];
	snprintf(c->variant, sizeof(c->variant), "%s", variant);
	c->params[0] = '\0';
	snprintf(c->modules, sizeof(c->modules), "%s", modules);
	c->players = players;
	c->mode = mode;
	snprintf(c->name, sizeof(c->name), "%s%s_p%d_%s", variant, modules,
		 players, mode == CATAN_CHANCE_SAMPLED ? "sampled" : "explicit");
	return c;
}

/* A combination on a board the host lays (base's board=given): the same
 * checks as on the variant's own boards, in both chance modes. */
static void
add_given_board_cases(const char *modules)
{
	static const char given[] =
		",board=given,tiles=G6.O5.W11.W9.O10.G5.G3.L8.B11.L2.W4.B6.G9.O10.D.L3."
		"L4.W12.B8,harbors=W.3.G.L.O.B.3.3.3";

	for (int mode = 0; mode < 2; mode++) {
		struct hcase *c = add_case("base", modules, 4, mode);

		if (!c)
			return;
		snprintf(c->params, sizeof(c->params), "%s", given);
		snprintf(c->name, sizeof(c->name), "base_given%s_p4_%s", modules,
			 mode == CATAN_CHANCE_SAMPLED ? "sampled" : "explicit");
	}
}

/*
 * The combinations: each variant with each subset of the registered
 * modules that its game-string parser accepts (module order as
 * registered), each player count, each chance mode.
 */
static void
build_cases(void)
{
	catan_ctx *ctx = NULL;
	size_t nv, nm;
#ifdef HARNESS_TEST_MODULES
	/* The variants alone are test-harness's cases. */
	const uint32_t first_set = 1;
#else
	const uint32_t first_set = 0;
#endif

	/* Outside a test: refusals of combinations are no failures. */
	if (catan_ctx_new(&ctx, NULL) != CATAN_OK)
		return;
	harness_modules(ctx);
	nv = catan_ctx_variant_count(ctx);
	nm = catan_ctx_module_count(ctx);
	if (nm > 16)
		nm = 16; /* 65536 subsets is beyond any time budget */
	for (size_t v = 0; v < nv; v++) {
		const char *name = catan_ctx_variant_name(ctx, v);
		int lo = 0, hi = 0;

		if (catan_ctx_variant_info(ctx, name, NULL, &lo, &hi) !=
		    CATAN_OK)
			continue;
		for (uint32_t set = first_set; set < (1u << nm); set++) {
			char mods[256] = "", spec[512];
			catan_game *g = NULL;
			size_t used = 0;

			for (size_t m = 0; m < nm; m++) {
				if (!(set & (1u << m)))
					continue;
				used += (size_t)snprintf(mods + used,
					sizeof(mods) - used, "+%s",
					catan_ctx_module_name(ctx, m));
				if (used >= sizeof(mods))
					break;
			}
			if (used >= sizeof(mods))
				continue;
			/* Of the test modules, each alone and all together:
			 * the others add no combination of interest. */
			if (first_set && __builtin_popcount(set) != 1 &&
			    set != (1u << nm) - 1)
				continue;
			/* A module may change the player range (Catan for
			 * Two): every count the parser accepts is a case. */
			(void)lo;
			(void)hi;
			for (int p = 1; p <= CATAN_MAX_PLAYERS; p++) {
				snprintf(spec, sizeof(spec), "%s(players=%d)%s",
					 name, p, mods);
				if (catan_game_new_from_string(&g, ctx, spec) !=
				    CATAN_OK)
					continue;
				catan_game_unref(g);
				add_case(name, mods, p, CATAN_CHANCE_SAMPLED);
				add_case(name, mods, p, CATAN_CHANCE_EXPLICIT);
			}
		}
		if (strcmp(name, "base") == 0 && !first_set) {
			add_given_board_cases("");
			add_given_board_cases("+friendly_robber+harbors+event_cards");
		}
	}
	catan_ctx_free(ctx);
}

/*
 * CATAN_HARNESS_SHARD=i/n (set by meson) runs the i-th of n slices of the
 * games of every combination, so that the shards share the cores; the
 * other tests run in shard 0.
 */
static void
read_shard(int *index, int *count)
{
	const char *env = getenv("CATAN_HARNESS_SHARD");
	int i, n;

	*index = 0;
	*count = 1;
	if (env && sscanf(env, "%d/%d", &i, &n) == 2 && n > 0 && i >= 0 &&
	    i < n) {
		*index = i;
		*count = n;
	}
}

void
catan_test_register(SRunner *sr)
{
	Suite *s = catan_test_suite(sr, "conformance");
	int shard, shards;

	build_cases();
	if (ncases == 0)
		catan_test_skip_all("no variant could be loaded");
	games_per_case = (int)harness_games((unsigned)ncases / 2);
	read_shard(&shard, &shards);

#ifdef HARNESS_TEST_MODULES
	if (0) {
#else
	if (shard == 0) {
#endif
		CATAN_TEST_ADD(s, variants_load);
		CATAN_TEST_ADD(s, load_equal);
		CATAN_TEST_ADD(s, golden_traces_exist);
	}
	for (int i = 0, kept = 0; i < ncases; i++) {
		const struct hcase *c = &cases[i];
		TCase *tc;

		int lo = games_per_case * shard / shards;
		int hi = games_per_case * (shard + 1) / shards;

		if (catan_test_under_valgrind() &&
		    (!valgrind_keeps(i) || !valgrind_combination(c->modules)))
			continue;
		/* Fewer games than shards (one under valgrind): whole cases
		 * go round the shards so that each gets its share. */
		if (games_per_case < shards) {
			lo = kept % shards == shard ? 0 : games_per_case;
			hi = games_per_case;
		}
		kept++;
		if (lo == hi)
			continue;
		/* Check keeps the name pointer: the table lives on */
		tc = tcase_create(c->name);
		tcase_add_loop_test(tc, playouts, i * games_per_case + lo,
				    i * games_per_case + hi);
		suite_add_tcase(s, tc);
	}
}
