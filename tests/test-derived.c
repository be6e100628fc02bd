/*
 * libcatanrules tests: what the state keeps for speed equals its
 * definition, along random games of every rule module and combinations.
 *
 * - Derived data (who acts, every owner's piece sets, the harbors each
 *   player builds on, the modules' derived slices) is updated
 *   incrementally by apply; recomputing it from the position
 *   (catan_state__refresh(), what edits and loads do) must change nothing.
 * - SAMPLED chance is drawn directly by the variant's and the modules'
 *   samplers (catan_state__sample_chance()); each draw must be the outcome
 *   the listed walk gives — one catan_rng__below(den) against the
 *   cumulative numerators of catan_state_chance_outcomes() (doc/chance.md)
 *   — and leave the RNG where that draw leaves it.
 * - Boards with bit masks take bitset paths (listings, Longest Road, piece
 *   sets, the robber's victims, the modules' own) and games of up to 8
 *   players pay production a byte per player; larger boards (Connect,
 *   Merchants of Europe) walk the owners' piece lists and more players
 *   are paid one by one; the base game resolves sampled chance by a fused
 *   draw-and-apply step. The same game built on the general paths
 *   (catan_ctx.general_paths: none of these) must list the same actions,
 *   offer the same chance outcomes and reach the same positions, in
 *   EXPLICIT and in SAMPLED games.
 * SPDX-License-Identifier: MIT
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test-common.h"
#include "test-islands.h"
#include "test-boards-v2.h"
#include "catan-private.h"

/* Every module alone and in combinations: the variant's parameters, then
 * the modules (the chance mode and the seed go between them). */
static const char *const games[][2] = {
	{ "base(players=4,offer_max=0", "" },
	{ "base(players=3", "" },
	{ "base(players=4,offer_max=0", "+friendly_robber" },
	{ "base(players=4,offer_max=0", "+harbors" },
	{ "base(players=4,offer_max=0", "+event_cards" },
	{ "base(players=3,offer_max=0", "+harbors+event_cards" },
	{ "base(players=4,offer_max=0", "+friendly_robber+harbors+event_cards" },
	{ "base(players=2,offer_max=0", "+catan_for_two" },
	{ "base(players=2,offer_max=0", "+catan_for_two+event_cards" },
	{ "base(players=2,offer_max=0", "+catan_for_two+friendly_robber+harbors" },
	{ "base(players=4,offer_max=0", "+rivers" },
	{ "base(players=2,offer_max=0", "+catan_for_two+event_cards+rivers" },
	{ "base(players=4,offer_max=0", "+fishing" },
	{ "base(players=3,offer_max=0", "+fishing+friendly_robber+harbors+event_cards" },
};

/* The steps a game plays: under valgrind, where memory is what is
 * checked, the first 1500 (the set-up and most of the game). */
static unsigned
max_steps(void)
{
	static unsigned steps;

	if (!steps)
		steps = catan_test_under_valgrind() ? 1500u : 4000u;
	return steps;
}
#define MAX_STEPS max_steps()

struct play {
	const char *spec;
	catan_state *s, *scratch;
	catan_action *legal;
	catan_chance_outcome *outcomes;
	size_t cap, ocap;
	unsigned step;
	unsigned direct;           /* draws a sampler made */
	unsigned builds;           /* builds held against the rules' check */
};

/* Recomputing everything derived from the position changes no byte. */
static void
check_derived(struct play *p)
{
	CATAN_ASSERT_OK(catan_state_copy(p->scratch, p->s));
	catan_state__refresh(p->scratch);
	ck_assert_msg(catan_state_equal(p->scratch, p->s),
		      "%s, step %u: derived data differs from its recomputation",
		      p->spec, p->step);
}

/*
 * The roads, settlements and cities listed for @player are exactly the
 * places where catan_state_check_action() allows them: the listing turns
 * the check around (from the player's pieces out), so the check, one place
 * at a time, is its oracle on boards of any size.
 */
static void
check_builds_by_rule(struct play *p, int player, size_t n)
{
	static const uint16_t types[3] = {
		CATAN_ACT_BUILD_ROAD, CATAN_ACT_BUILD_SETTLEMENT, CATAN_ACT_BUILD_CITY,
	};
	const struct board *b = &p->s->game->board;
	static uint8_t listed[3][1024];

	ck_assert(b->nedge <= 1024 && b->nvert <= 1024);
	memset(listed, 0, sizeof(listed));
	for (size_t i = 0; i < n; i++)
		for (unsigned t = 0; t < 3; t++)
			if (p->legal[i].type == types[t])
				listed[t][p->legal[i].target] = 1;
	for (unsigned t = 0; t < 3; t++) {
		unsigned places = t == 0 ? b->nedge : b->nvert;

		for (unsigned at = 0; at < places; at++) {
			catan_action a = CATAN_ACTION_INIT;
			bool legal;

			a.type = types[t];
			a.player = (int8_t)player;
			a.target = (uint16_t)at;
			legal = catan_state_check_action(p->s, &a, NULL) == CATAN_OK;
			ck_assert_msg(legal == (listed[t][at] != 0),
				      "%s, step %u: p%d's %s at %u is %s but %s", p->spec, p->step,
				      player, t == 0 ? "road" : t == 1 ? "settlement" : "city", at,
				      legal ? "legal" : "illegal", listed[t][at] ? "listed" : "not listed");
			p->builds += legal;
		}
	}
}

/*
 * Boards without masks keep every owner's pieces as lists; a list marked
 * lost (OWNER_LIST_LOST: pieces past the stock) makes its readers scan the
 * piece bytes, which must give the same actions and road lengths.
 */
static void
check_lost_lists_scan(struct play *p, int player, size_t n)
{
	const catan_game *g = p->s->game;
	static catan_action scanned[4096];
	size_t m = 0;

	if (!g->off_lists)
		return;
	ck_assert(n <= ARRAY_LEN(scanned));
	CATAN_ASSERT_OK(catan_state_copy(p->scratch, p->s));
	for (int q = 0; q < catan_game__owners(g); q++) {
		st_lists(p->scratch, q)[OWNER_ROADS] = OWNER_LIST_LOST;
		st_lists(p->scratch, q)[OWNER_BUILDINGS] = OWNER_LIST_LOST;
	}
	CATAN_ASSERT_OK(catan_state_legal_actions(p->scratch, player, scanned,
						  ARRAY_LEN(scanned), &m));
	ck_assert_msg(m == n && memcmp(scanned, p->legal, n * sizeof(*scanned)) == 0,
		      "%s, step %u: p%d's actions differ when the piece lists are lost",
		      p->spec, p->step, player);
	for (int q = 0; q < catan_game__owners(g); q++)
		ck_assert_uint_eq(catan_road__longest(p->scratch, q), catan_road__longest(p->s, q));
}

/* The listed walk's outcome for the pending event, drawn with @p rng. */
static const catan_action *
walk_outcome(struct play *p, struct catan_rng *rng)
{
	size_t n = 0, i;
	uint32_t r, acc = 0;

	CATAN_ASSERT_OK(catan_state_chance_outcomes(p->s, p->outcomes, p->ocap, &n));
	ck_assert_uint_gt(n, 0);
	r = catan_rng__below(rng, p->outcomes[0].den);
	for (i = 0; i + 1 < n; i++) {
		acc += p->outcomes[i].num;
		if (r < acc)
			break;
	}
	return &p->outcomes[i].action;
}

/* A chance node: the direct draw equals the walk's, RNG included; then the
 * walk's outcome is applied. */
static void
check_draw_and_resolve(struct play *p)
{
	struct catan_rng rng = st_ccore(p->s)->rng;
	const catan_action *want = walk_outcome(p, &rng);
	catan_action got;

	CATAN_ASSERT_OK(catan_state_copy(p->scratch, p->s));
	if (catan_state__sample_chance(p->scratch, &got)) {
		ck_assert_msg(catan_action_compare(&got, want) == 0,
			      "%s, step %u: the direct draw is not the listed walk's outcome",
			      p->spec, p->step);
		ck_assert_msg(memcmp(&st_ccore(p->scratch)->rng, &rng, sizeof(rng)) == 0,
			      "%s, step %u: the direct draw used the RNG differently",
			      p->spec, p->step);
		p->direct++;
	}
	/* The fused step applies that same outcome, and reports it to the
	 * after_apply hooks as that action. */
	if (p->s->game->resolve_sampled) {
		catan_action fused;

		CATAN_ASSERT_OK(catan_state_copy(p->scratch, p->s));
		if (p->s->game->resolve_sampled(p->scratch, &fused))
			ck_assert_msg(catan_action_compare(&fused, want) == 0,
				      "%s, step %u: the fused step's action is not the walk's outcome",
				      p->spec, p->step);
	}
	CATAN_ASSERT_OK(catan_state_apply(p->s, want));
	st_core(p->s)->rng = rng;
}

/* @board: the board the context gives (catan_ctx.board), or NULL for the
 * standard island; so in play_twin() and play_picks(). */
static void
play_one(const char *const game[2], unsigned seed, const struct board_spec *board,
	 unsigned *direct, unsigned *builds)
{
	char spec[160];
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g;
	struct play p = { spec, NULL, NULL, NULL, NULL, 0, 0, 0, 0, 0 };
	uint64_t x = 0x9e3779b97f4a7c15ull ^ seed;
	unsigned build_steps = 0;

	/* EXPLICIT chance: the test draws and compares with the samplers */
	snprintf(spec, sizeof(spec), "%s,chance=explicit,seed=%u)%s", game[0], seed, game[1]);
	ctx->board = board;
	ctx->max_players = board ? CATAN_MAX_PLAYERS : 0;
	g = catan_test_game_new(ctx, spec);
	p.cap = catan_game_max_legal_actions(g);
	p.ocap = catan_game_max_chance_outcomes(g);
	p.legal = malloc(p.cap * sizeof(*p.legal));
	p.outcomes = malloc(p.ocap * sizeof(*p.outcomes));
	ck_assert(p.legal && p.outcomes);
	CATAN_ASSERT_OK(catan_state_new(&p.s, g));
	CATAN_ASSERT_OK(catan_state_clone(&p.scratch, p.s));

	for (p.step = 0; p.step < MAX_STEPS && !catan_state_is_terminal(p.s); p.step++) {
		uint32_t acting;
		size_t n = 0;

		check_derived(&p);
		if (catan_state_is_chance_node(p.s)) {
			check_draw_and_resolve(&p);
			continue;
		}
		acting = catan_state_acting_players(p.s);
		ck_assert_msg(acting != 0, "%s, step %u: nobody acts", spec, p.step);
		CATAN_ASSERT_OK(catan_state_legal_actions(p.s, __builtin_ctz(acting), p.legal,
							  p.cap, &n));
		ck_assert_uint_gt(n, 0);
		/* A place at a time costs a check per place: one in eight of
		 * the steps that list a build (in 32 under valgrind), the first
		 * of them included, and one in 32 of the others (in 128). */
		if (builds) {
			unsigned stride = catan_test_under_valgrind() ? 32 : 8;
			bool lists_build = false;

			for (size_t i = 0; i < n; i++)
				lists_build |= p.legal[i].type == CATAN_ACT_BUILD_ROAD ||
					       p.legal[i].type == CATAN_ACT_BUILD_SETTLEMENT ||
					       p.legal[i].type == CATAN_ACT_BUILD_CITY;
			if (lists_build ? build_steps++ % stride == 0 : p.step % (4 * stride) == 0) {
				check_builds_by_rule(&p, __builtin_ctz(acting), n);
				check_lost_lists_scan(&p, __builtin_ctz(acting), n);
			}
		}
		CATAN_ASSERT_OK(catan_state_apply(p.s, &p.legal[catan_test_rand(&x) % n]));
	}
	check_derived(&p);
	*direct += p.direct;
	if (builds)
		*builds += p.builds;
	catan_state_free(p.scratch);
	catan_state_free(p.s);
	free(p.outcomes);
	free(p.legal);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}

/* One game twice: on the fast paths and on the general ones. */
struct twin {
	const char *spec;
	catan_state *fast, *gen;
	catan_action *legal_fast, *legal_gen;
	catan_chance_outcome *out_fast, *out_gen;
	char *text_fast, *text_gen;
	size_t cap, ocap, tcap;
	unsigned step;
};

#define SNAPSHOT_CAP 65536

static void
check_same_position(struct twin *t)
{
	size_t lf = 0, ls = 0;

	CATAN_ASSERT_OK(catan_state_snapshot(t->fast, t->text_fast, t->tcap, &lf));
	CATAN_ASSERT_OK(catan_state_snapshot(t->gen, t->text_gen, t->tcap, &ls));
	ck_assert_msg(lf == ls && memcmp(t->text_fast, t->text_gen, lf) == 0,
		      "%s, step %u: the positions differ on the general paths", t->spec, t->step);
	ck_assert_uint_eq(catan_state_acting_players(t->fast),
			  catan_state_acting_players(t->gen));
}

/* Every acting player's list, the same with and on the general paths. */
static void
check_same_lists(struct twin *t, uint32_t acting)
{
	for (uint32_t bits = acting; bits; bits &= bits - 1) {
		int q = __builtin_ctz(bits);
		size_t nf = 0, ng = 0;

		CATAN_ASSERT_OK(catan_state_legal_actions(t->fast, q, t->legal_fast, t->cap, &nf));
		CATAN_ASSERT_OK(catan_state_legal_actions(t->gen, q, t->legal_gen, t->cap, &ng));
		ck_assert_msg(nf == ng && memcmp(t->legal_fast, t->legal_gen,
						 nf * sizeof(*t->legal_fast)) == 0,
			      "%s, step %u: player %d's legal actions differ on the general paths",
			      t->spec, t->step, q);
	}
}

/* chance: "explicit" (the test draws, and compares the outcome lists) or
 * "sampled" (apply draws: the fused chance step against the generic one). */
static void
play_twin(const char *const game[2], const char *chance, unsigned seed,
	  const struct board_spec *board)
{
	char spec[160];
	catan_ctx *ctx_fast = catan_test_ctx_new(), *ctx_gen = catan_test_ctx_new();
	catan_game *g_fast, *g_gen;
	struct twin t = { spec, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
			  0, 0, SNAPSHOT_CAP, 0 };
	uint64_t x = 0x2545f4914f6cdd1dull ^ seed;

	snprintf(spec, sizeof(spec), "%s,chance=%s,seed=%u)%s", game[0], chance, seed, game[1]);
	ctx_gen->general_paths = true;
	ctx_fast->board = ctx_gen->board = board;
	ctx_fast->max_players = ctx_gen->max_players = board ? CATAN_MAX_PLAYERS : 0;
	g_fast = catan_test_game_new(ctx_fast, spec);
	g_gen = catan_test_game_new(ctx_gen, spec);
	/* the two paths, not the same one twice: boards too large for masks
	 * have no bit sets on either, and the rest differs */
	ck_assert(g_fast->board.masks_ok == (g_fast->board.nvert <= BOARD_MASK_VERTS) &&
		  (g_fast->off_sets != 0) == g_fast->board.masks_ok &&
		  g_fast->packed_production == (catan_game_num_players(g_fast) <= 8));
	ck_assert(!g_gen->board.masks_ok && g_gen->off_sets == 0 && g_gen->off_lists != 0 &&
		  !g_gen->packed_production && !g_gen->resolve_sampled);
	/* the base game alone resolves sampled events by its fused step */
	if (!strcmp(game[1], ""))
		ck_assert(g_fast->resolve_sampled != NULL);
	t.cap = catan_game_max_legal_actions(g_fast);
	t.ocap = catan_game_max_chance_outcomes(g_fast);
	t.legal_fast = malloc(t.cap * sizeof(*t.legal_fast));
	t.legal_gen = malloc(t.cap * sizeof(*t.legal_gen));
	t.out_fast = malloc(t.ocap * sizeof(*t.out_fast));
	t.out_gen = malloc(t.ocap * sizeof(*t.out_gen));
	t.text_fast = malloc(t.tcap);
	t.text_gen = malloc(t.tcap);
	ck_assert(t.legal_fast && t.legal_gen && t.out_fast && t.out_gen &&
		  t.text_fast && t.text_gen);
	CATAN_ASSERT_OK(catan_state_new(&t.fast, g_fast));
	CATAN_ASSERT_OK(catan_state_new(&t.gen, g_gen));

	for (t.step = 0; t.step < MAX_STEPS && !catan_state_is_terminal(t.fast); t.step++) {
		const catan_action *chosen;
		size_t n = 0, ng = 0;

		check_same_position(&t);
		if (catan_state_is_chance_node(t.fast)) {
			CATAN_ASSERT_OK(catan_state_chance_outcomes(t.fast, t.out_fast, t.ocap, &n));
			CATAN_ASSERT_OK(catan_state_chance_outcomes(t.gen, t.out_gen, t.ocap, &ng));
			ck_assert_msg(n == ng && memcmp(t.out_fast, t.out_gen,
							n * sizeof(*t.out_fast)) == 0,
				      "%s, step %u: the chance outcomes differ on the general paths",
				      spec, t.step);
			ck_assert_uint_gt(n, 0);
			chosen = &t.out_fast[catan_test_rand(&x) % n].action;
		} else {
			uint32_t acting = catan_state_acting_players(t.fast);

			ck_assert_msg(acting != 0, "%s, step %u: nobody acts", spec, t.step);
			check_same_lists(&t, acting);
			CATAN_ASSERT_OK(catan_state_legal_actions(t.fast, __builtin_ctz(acting),
								  t.legal_fast, t.cap, &n));
			ck_assert_uint_gt(n, 0);
			chosen = &t.legal_fast[catan_test_rand(&x) % n];
		}
		CATAN_ASSERT_OK(catan_state_apply(t.fast, chosen));
		CATAN_ASSERT_OK(catan_state_apply(t.gen, chosen));
	}
	check_same_position(&t);
	catan_state_free(t.gen);
	catan_state_free(t.fast);
	free(t.text_gen);
	free(t.text_fast);
	free(t.out_gen);
	free(t.out_fast);
	free(t.legal_gen);
	free(t.legal_fast);
	catan_game_unref(g_gen);
	catan_game_unref(g_fast);
	catan_ctx_free(ctx_gen);
	catan_ctx_free(ctx_fast);
}

/* The least and the greatest r that pick index @i of @n (pick_index()). */
static uint32_t
first_r(size_t i, size_t n)
{
	return (uint32_t)((((uint64_t)i << 32) + n - 1) / n);
}

static uint32_t
last_r(size_t i, size_t n)
{
	return i + 1 == n ? UINT32_MAX : first_r(i + 1, n) - 1u;
}

/*
 * catan_game.pick_legal and play_sampled (catan_state_playout()'s step)
 * against the list: at every step, for every index of the list (a spread
 * of them for long lists), the pick is the listed action at the index its
 * r gives, with the list's length, and play_sampled reaches the position
 * catan_state_apply_unchecked() reaches with that action.
 */
static void
play_picks(const char *const game[2], const char *chance, unsigned seed,
	   const struct board_spec *board, unsigned *picks, unsigned *plays)
{
	char spec[160];
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g;
	catan_state *s, *a, *b;
	catan_action *legal, got;
	size_t cap;
	uint64_t x = 0x5851f42d4c957f2dull ^ seed;

	snprintf(spec, sizeof(spec), "%s,chance=%s,seed=%u)%s", game[0], chance, seed, game[1]);
	ctx->board = board;
	ctx->max_players = board ? CATAN_MAX_PLAYERS : 0;
	g = catan_test_game_new(ctx, spec);
	cap = catan_game_max_legal_actions(g);
	legal = malloc(cap * sizeof(*legal));
	ck_assert(legal != NULL);
	CATAN_ASSERT_OK(catan_state_new(&s, g));
	CATAN_ASSERT_OK(catan_state_clone(&a, s));
	CATAN_ASSERT_OK(catan_state_clone(&b, s));

	for (unsigned step = 0; step < MAX_STEPS && !catan_state_is_terminal(s); step++) {
		uint32_t acting;
		size_t n = 0;
		int q;

		if (catan_state_is_chance_node(s)) {
			CATAN_ASSERT_OK(catan_state_resolve_chance(s));
			continue;
		}
		acting = catan_state_acting_players(s);
		ck_assert_msg(acting != 0, "%s, step %u: nobody acts", spec, step);
		q = __builtin_ctz(acting);
		CATAN_ASSERT_OK(catan_state_legal_actions(s, q, legal, cap, &n));
		ck_assert_uint_gt(n, 0);
		for (size_t i = 0; i < n; i += n <= 64 ? 1 : 1 + catan_test_rand(&x) % (n / 32)) {
			const uint32_t rs[2] = { first_r(i, n), last_r(i, n) };

			for (unsigned k = 0; k < 2; k++) {
				size_t m;

				if (g->pick_legal && (m = g->pick_legal(s, q, rs[k], &got)) != 0) {
					ck_assert_msg(m == n && catan_action_compare(&got, &legal[i]) == 0,
						      "%s, step %u: the pick at %zu of %zu is not the list's",
						      spec, step, i, n);
					(*picks)++;
				}
				if (!g->play_sampled)
					continue;
				CATAN_ASSERT_OK(catan_state_copy(a, s));
				CATAN_ASSERT_OK(catan_state_copy(b, s));
				if (!g->play_sampled(a, q, rs[k]))
					continue;
				CATAN_ASSERT_OK(catan_state_apply_unchecked(b, &legal[i]));
				ck_assert_msg(catan_state_equal(a, b) &&
					      catan_state_hash(a) == catan_state_hash(b) &&
					      catan_state_acting_players(a) ==
					      catan_state_acting_players(b),
					      "%s, step %u: playing %zu of %zu is not applying it",
					      spec, step, i, n);
				(*plays)++;
			}
		}
		CATAN_ASSERT_OK(catan_state_apply(s, &legal[catan_test_rand(&x) % n]));
	}
	catan_state_free(b);
	catan_state_free(a);
	catan_state_free(s);
	free(legal);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}

/* Games under valgrind are slow: one seed each there, three otherwise. */
static unsigned
seeds(void)
{
	return catan_test_under_valgrind() ? 1 : 3;
}

START_TEST(test_derived_data_and_direct_draws)
{
	unsigned direct = 0;

	for (unsigned seed = 1; seed <= seeds(); seed++)
		play_one(games[_i], seed, NULL, &direct, NULL);
	/* The direct paths were exercised, not skipped. */
	ck_assert_msg(direct > 0, "%s...%s: no direct draw", games[_i][0], games[_i][1]);
}
END_TEST

/* Under valgrind, which looks for memory errors and not for
 * differences, each game of games[] plays one of the two twins below and
 * one chance mode of the picks: the even ones EXPLICIT, the odd ones
 * SAMPLED (every game, module and mode still runs there). */
static bool
valgrind_skips(int i, const char *chance)
{
	return catan_test_under_valgrind() &&
	       strcmp(chance, i % 2 ? "sampled" : "explicit") != 0;
}

START_TEST(test_general_paths_equal_fast_paths)
{
	if (valgrind_skips(_i, "explicit"))
		return;
	for (unsigned seed = 1; seed <= seeds(); seed++)
		play_twin(games[_i], "explicit", seed, NULL);
}
END_TEST

/* SAMPLED chance: apply draws the events, by the variant's fused step on
 * the fast paths and by the generic sample-then-apply on the general
 * ones; the positions, RNG and move count included, stay equal. */
START_TEST(test_general_paths_equal_fast_paths_sampled)
{
	if (valgrind_skips(_i, "sampled"))
		return;
	for (unsigned seed = 1; seed <= seeds(); seed++)
		play_twin(games[_i], "sampled", seed, NULL);
}
END_TEST

/* Both chance modes; the base game alone picks and plays, with offers
 * (players=3) and without. Fused plays exist only under SAMPLED chance, so
 * under valgrind the base-only games keep that mode (the others alternate
 * as above). */
START_TEST(test_picks_are_the_listed_actions)
{
	unsigned picks = 0, plays = 0;
	bool base_only = !strcmp(games[_i][1], "");

	for (unsigned seed = 1; seed <= seeds(); seed++) {
		if (base_only || !valgrind_skips(_i, "sampled"))
			play_picks(games[_i], "sampled", seed, NULL, &picks, &plays);
		if (!(base_only && catan_test_under_valgrind()) &&
		    !valgrind_skips(_i, "explicit"))
			play_picks(games[_i], "explicit", seed, NULL, &picks, &plays);
	}
	if (base_only)
		ck_assert_msg(picks > 0 && plays > 0, "%s: %u picks, %u plays",
			      games[_i][0], picks, plays);
}
END_TEST

/*
 * The same on islands of other sizes (catan_ctx.board, tests/test-islands.h):
 * radius 2 has the standard island's shape and the masks; radius 3 (96
 * intersections), 4 (150) and 6 (294) are too large for them, as the boards
 * of Merchants of Europe and Connect will be. (Event Cards takes boards of
 * up to 256 edges: radius 4 has 210.)
 */
#define BASE_4P { "base(players=4,offer_max=0", "" }
#define BASE_3P { "base(players=3", "" }
#define ALL_MODULES { "base(players=4,offer_max=0", "+friendly_robber+harbors+event_cards" }
/* More players than the box seats (catan_ctx.max_players), as Connect will
 * have: 8 keep the packed production, 16 take the wide one. Sixteen play
 * on radius 6: on radius 4 their random games can fill every place from
 * which anyone could still reach 10 points, and never end. */
#define BASE_8P { "base(players=8", "" }
#define BASE_16P { "base(players=16,offer_max=0", "" }
#define ALL_MODULES_8P { "base(players=8,offer_max=0", "+friendly_robber+harbors+event_cards" }
/* Twenty-four, past the sixteen bits of the old masks (tests/test-seats.c
 * holds every seat up to 32), on the largest island. */
#define BASE_24P { "base(players=24,offer_max=0", "" }
static const struct island_case {
	int radius;
	const char *game[2];
} island_cases[] = {
	{ 2, BASE_4P }, { 2, BASE_3P }, { 2, ALL_MODULES },
	{ 3, BASE_4P }, { 3, BASE_3P }, { 3, ALL_MODULES },
	{ 4, ALL_MODULES }, { 6, BASE_3P },
	{ 3, BASE_8P }, { 4, ALL_MODULES_8P }, { 6, BASE_16P }, { 8, BASE_24P },
};

START_TEST(test_islands_derived_paths_and_picks)
{
	const struct island_case *c = &island_cases[_i];
	static struct test_island isl;
	unsigned direct = 0, picks = 0, plays = 0, builds = 0;

	/* Under valgrind the boards of radius 6 and more (a game there costs
	 * as much as all the small ones) are left to the normal and ASan
	 * runs: test-seats plays 24 and 32 seats under valgrind. */
	if (catan_test_under_valgrind() && c->radius >= 6)
		return;
	/* two seeds at most: the larger boards' games cost more */
	for (unsigned seed = 1; seed <= seeds() && seed <= 2; seed++) {
		ck_assert_int_eq(test_island_make(&isl, c->radius, seed), 0);
		play_one(c->game, seed, &isl.spec, &direct, &builds);
		/* valgrind looks for memory errors: one chance mode is
		 * enough, and on radius 4 neither twin nor picks (the small
		 * islands take the same paths) */
		if (!catan_test_under_valgrind() || c->radius < 4)
			play_twin(c->game, "explicit", seed, &isl.spec);
		if (!catan_test_under_valgrind())
			play_twin(c->game, "sampled", seed, &isl.spec);
		if (!catan_test_under_valgrind() || c->radius < 4)
			play_picks(c->game, "sampled", seed, &isl.spec, &picks, &plays);
	}
	ck_assert_msg(direct > 0 && builds > 0, "radius %d, %s...%s: %u direct draws, %u builds",
		      c->radius, c->game[0], c->game[1], direct, builds);
	if (!strcmp(c->game[1], ""))
		ck_assert_msg(picks > 0 && plays > 0, "radius %d, %s: %u picks, %u plays",
			      c->radius, c->game[0], picks, plays);
}
END_TEST

/*
 * Random games of the base rules on the boards of the model v2
 * (tests/test-boards-v2.h), the pieces read through the public API:
 * every building keeps the distance rule along all its paths (four at
 * the plaza's corners), and the games between them place a building at a
 * corner of four paths and a road on a glued side of the ring.
 */
static void
play_watching(const struct board_spec *board, const char *game, unsigned seed,
	      unsigned *at_four, unsigned *on_glue)
{
	char spec[120];
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g;
	catan_state *s;
	catan_action *legal;
	catan_board_counts c;
	size_t cap;
	uint64_t x = 0x51ed270b27f1a3b9ull ^ seed;

	snprintf(spec, sizeof(spec), "%s,seed=%u)", game, seed);
	ctx->board = board;
	g = catan_test_game_new(ctx, spec);
	cap = catan_game_max_legal_actions(g);
	legal = malloc(cap * sizeof(*legal));
	ck_assert(legal != NULL);
	CATAN_ASSERT_OK(catan_board_counts_get(g, &c));
	CATAN_ASSERT_OK(catan_state_new(&s, g));
	for (unsigned step = 0; step < MAX_STEPS && !catan_state_is_terminal(s); step++) {
		uint32_t acting = catan_state_acting_players(s);
		size_t n = 0;

		if (catan_state_is_chance_node(s)) {
			CATAN_ASSERT_OK(catan_state_resolve_chance(s));
			continue;
		}
		CATAN_ASSERT_OK(catan_state_legal_actions(s, __builtin_ctz(acting), legal, cap, &n));
		ck_assert_uint_gt(n, 0);
		CATAN_ASSERT_OK(catan_state_apply(s, &legal[catan_test_rand(&x) % n]));
	}
	for (unsigned v = 0; v < c.vertices; v++) {
		catan_vertex_info vi;
		unsigned paths = 0;

		if (catan_state_vertex_piece(s, v, NULL) == 0)
			continue;
		CATAN_ASSERT_OK(catan_board_vertex(g, v, &vi));
		for (unsigned i = 0; i < CATAN_VERTEX_PATHS; i++) {
			if (vi.vertices[i] == CATAN_NONE)
				continue;
			paths++;
			ck_assert_msg(catan_state_vertex_piece(s, vi.vertices[i], NULL) == 0,
				      "%s: buildings on v%u and v%u side by side", spec, v,
				      (unsigned)vi.vertices[i]);
		}
		*at_four += paths == 4;
	}
	for (unsigned e = 0; e < c.edges; e++)
		if (catan_state_edge_piece(s, e, NULL) != 0 && (g->board.edge[e].flags & BOARD_EDGE_GLUED))
			(*on_glue)++;
	catan_state_free(s);
	free(legal);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}

START_TEST(test_boards_v2_derived_paths_and_picks)
{
	static struct test_lake_board lb;
	static struct test_ring rg;
	const struct board_spec *board;
	unsigned direct = 0, picks = 0, plays = 0, builds = 0, at_four = 0, on_glue = 0;
	const char *const game[2] = { _i % 2 ? "base(players=3" : "base(players=4,offer_max=0", "" };

	test_lake_board_make(&lb);
	test_ring_make(&rg);
	board = _i < 2 ? &lb.spec : &rg.spec;
	for (unsigned seed = 1; seed <= seeds() && seed <= 2; seed++) {
		play_one(game, seed, board, &direct, &builds);
		play_twin(game, "explicit", seed, board);
		if (!catan_test_under_valgrind())
			play_twin(game, "sampled", seed, board);
		play_picks(game, "sampled", seed, board, &picks, &plays);
	}
	ck_assert_msg(direct > 0 && builds > 0 && picks > 0 && plays > 0,
		      "%u direct draws, %u builds, %u picks, %u plays", direct, builds, picks, plays);
	for (unsigned seed = 1; seed <= (catan_test_under_valgrind() ? 4u : 12u); seed++)
		play_watching(board, game[0], seed, &at_four, &on_glue);
	if (_i < 2)
		ck_assert_msg(at_four > 0, "no building at a corner of four paths");
	else
		ck_assert_msg(on_glue > 0, "no road on a glued side");
}
END_TEST

void
catan_test_register(SRunner *sr)
{
	Suite *s = catan_test_suite(sr, "derived");
	TCase *tc = tcase_create("derived");

	tcase_add_loop_test(tc, test_derived_data_and_direct_draws, 0,
			    (int)(sizeof(games) / sizeof(games[0])));
	tcase_add_loop_test(tc, test_general_paths_equal_fast_paths, 0,
			    (int)(sizeof(games) / sizeof(games[0])));
	tcase_add_loop_test(tc, test_general_paths_equal_fast_paths_sampled, 0,
			    (int)(sizeof(games) / sizeof(games[0])));
	tcase_add_loop_test(tc, test_picks_are_the_listed_actions, 0,
			    (int)(sizeof(games) / sizeof(games[0])));
	suite_add_tcase(s, tc);
	tc = tcase_create("islands");
	tcase_add_loop_test(tc, test_islands_derived_paths_and_picks, 0,
			    (int)(sizeof(island_cases) / sizeof(island_cases[0])));
	suite_add_tcase(s, tc);
	tc = tcase_create("boards-v2");
	tcase_add_loop_test(tc, test_boards_v2_derived_paths_and_picks, 0, 4);
	suite_add_tcase(s, tc);
}
