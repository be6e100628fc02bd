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
 *
 * This file plays the games and registers the tests; the cases and the
 * checks live in the other test-harness-*.c files, listed in
 * test-harness.h.
 */

#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test-harness.h"

static int
is_pow2(uint64_t x)
{
	return x != 0 && (x & (x - 1)) == 0;
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
	/* Check names a passed test by its last checkpoint: this file, as
	 * for the other tests, not the one of the last check of the game. */
	mark_point();
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

		if (harness_reduced() &&
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
