/*
 * Unit tests: award contests (catan_game_set_award_contests(),
 * catan_game_contest_count(), catan_game_player_contest(),
 * catan_state_award_holder()), on a test module with CATAN Connect's
 * numbers: four players on two boards, {p0, p1} and {p2, p3}, Longest
 * Road at 5 roads and Largest Army at 2 knights, 2 points each
 * (connect.txt: "The Largest Army is obtained with just 2 knights
 * played.", "The Longest Trade Route is obtained with 5 connected
 * roads.", "Largest Army: 2 victory points", "Longest Trade Route: 2
 * victory points").
 * SPDX-License-Identifier: MIT
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catan-private.h"
#include "test-common.h"
#include "test-module-kit.h"

#define GAME "base(players=4,seed=5)+contests_test"
#define TEXT_CAP (128 * 1024)

/* connect.txt: "The contest for the Longest Trade Route is held
 * separately on each game board, between the two people who have their
 * starting area on that board." */
static const uint8_t boards[4] = { 0, 0, 1, 1 };

static int
contests_build_game(catan_game *g)
{
	int rc = catan_game_set_award(g, CATAN_AWARD_LARGEST_ARMY, 2, 2);

	if (rc == CATAN_OK)
		rc = catan_game_set_award(g, CATAN_AWARD_LONGEST_ROAD, 5, 2);
	return rc ? rc : catan_game_set_award_contests(g, boards, 4);
}

/* Refused declarations, each tried in one build_game; the game still
 * builds without contests (the module ignores the refusals). */
static int refusals[7];

static int
bad_contests_build_game(catan_game *g)
{
	static const uint8_t out_of_range[4] = { 0, 0, CATAN_MAX_CONTESTS, 1 };
	static const uint8_t gap[4] = { 0, 0, 2, 2 };
	static const uint8_t empty_first[4] = { 1, 1, 2, 2 };
	static const uint8_t valid[4] = { 0, 0, 1, 1 };

	refusals[0] = catan_game_set_award_contests(g, out_of_range, 4);
	refusals[1] = catan_game_set_award_contests(g, gap, 4);
	refusals[2] = catan_game_set_award_contests(g, empty_first, 4);
	refusals[3] = catan_game_set_award_contests(g, valid, 3);
	refusals[4] = catan_game_set_award_contests(g, valid, 5);
	refusals[5] = catan_game_set_award_contests(g, NULL, 4);
	refusals[6] = catan_game_set_award_contests(NULL, valid, 4);
	return CATAN_OK;
}

static const char *const base_only[] = { "base", NULL };

CATAN_TEST_BUILD_MODULE(contests, "contests_test", "awards contested per board, Connect's thresholds",
			base_only);
CATAN_TEST_BUILD_MODULE(bad_contests, "bad_contests_test", "refused contest declarations",
			base_only);

static catan_ctx *
contests_ctx(void)
{
	catan_ctx *ctx = catan_test_ctx_new();

	catan_test_add_module(ctx, &contests_module);
	catan_test_add_module(ctx, &bad_contests_module);
	return ctx;
}

struct fixture {
	catan_ctx *ctx;
	catan_game *g;
	catan_state *s;
	uint8_t used[1024];        /* intersections paths have taken */
};

static void
open_game(struct fixture *f, const char *game)
{
	memset(f, 0, sizeof(*f));
	f->ctx = contests_ctx();
	f->g = catan_test_game_new(f->ctx, game);
	f->s = catan_test_state_new(f->g);
	ck_assert_uint_le(f->g->board.nvert, sizeof(f->used));
	CATAN_ASSERT_OK(catan_edit_set_turn(f->s, 0, CATAN_PHASE_MAIN, 8));
}

static void
close_game(struct fixture *f)
{
	catan_state_free(f->s);
	catan_game_unref(f->g);
	catan_ctx_free(f->ctx);
}

static int
holder(const catan_state *s, unsigned award, unsigned contest)
{
	int h = 99;

	CATAN_ASSERT_OK(catan_state_award_holder(s, award, contest, &h));
	return h;
}

static int
longest(const catan_state *s, unsigned contest)
{
	return holder(s, CATAN_AWARD_LONGEST_ROAD, contest);
}

static int
army(const catan_state *s, unsigned contest)
{
	return holder(s, CATAN_AWARD_LARGEST_ARMY, contest);
}

static unsigned
road_length(const catan_state *s, int player)
{
	catan_player_info pi;

	CATAN_ASSERT_OK(catan_state_player(s, player, &pi));
	return pi.longest_road;
}

/* A simple path of @len edges through intersections no other path has
 * taken, nor their neighbours (so that paths never touch). */
struct path {
	unsigned v[16], e[15], len;
};

static bool
free_at(const struct fixture *f, unsigned v)
{
	const struct board_vertex *bv = &f->g->board.vert[v];

	if (f->used[v])
		return false;
	for (unsigned i = 0; i < bv->nadj && i < BOARD_VERTEX_PATHS; i++)
		if (bv->adj[i] < f->g->board.nvert && f->used[bv->adj[i]])
			return false;
	return true;
}

static bool
grow(const struct fixture *f, struct path *p, unsigned depth)
{
	const struct board *b = &f->g->board;
	const struct board_vertex *bv = &b->vert[p->v[depth - 1]];

	if (depth == p->len + 1)
		return true;
	for (unsigned i = 0; i < bv->nadj && i < BOARD_VERTEX_PATHS; i++) {
		unsigned u = bv->adj[i];
		bool seen = false;

		if (u >= b->nvert || !free_at(f, u))
			continue;
		/* a simple path that does not come back next to itself */
		for (unsigned j = 0; j + 1 < depth; j++) {
			const struct board_vertex *bj = &b->vert[p->v[j]];

			seen |= p->v[j] == u;
			for (unsigned k = 0; k < bj->nadj && k < BOARD_VERTEX_PATHS; k++)
				seen |= bj->adj[k] == u;
		}
		if (seen)
			continue;
		p->v[depth] = u;
		p->e[depth - 1] = bv->edge[i];
		if (grow(f, p, depth + 1))
			return true;
	}
	return false;
}

static void
find_path(struct fixture *f, struct path *p, unsigned len)
{
	const struct board *b = &f->g->board;

	ck_assert_uint_lt(len, ARRAY_LEN(p->e));
	p->len = len;
	for (p->v[0] = 0; p->v[0] < b->nvert; p->v[0]++)
		if (free_at(f, p->v[0]) && grow(f, p, 1))
			break;
	ck_assert_msg(p->v[0] < b->nvert, "no free path of %u roads", len);
	for (unsigned i = 0; i <= len; i++)
		f->used[p->v[i]] = 1;
}

/* @player's roads on the first @n edges of @p (edits: the award follows
 * at every road). */
static void
build(struct fixture *f, int player, const struct path *p, unsigned from, unsigned n)
{
	for (unsigned i = from; i < from + n; i++)
		CATAN_ASSERT_OK(catan_edit_place(f->s, player, CATAN_PIECE_ROAD, p->e[i]));
}

static int
vp(const catan_state *s, int player)
{
	return catan_state_victory_points(s, player, 1);
}

/* ------------------------------------------------------------ queries */

/* connect.txt: "The contest for the Longest Trade Route is held
 * separately on each game board, between the two people who have their
 * starting area on that board." and "The contest for the Largest Army is
 * also held separately on each game board": two boards, two contests. A
 * game without contests has one contest of everyone, whose holder is the
 * game's. */
START_TEST(test_contests_declared)
{
	struct fixture f;
	unsigned n = 0, c = 99;
	int h = 0;

	open_game(&f, GAME);
	CATAN_ASSERT_OK(catan_game_contest_count(f.g, &n));
	ck_assert_uint_eq(n, 2);
	for (int p = 0; p < 4; p++) {
		CATAN_ASSERT_OK(catan_game_player_contest(f.g, p, &c));
		ck_assert_uint_eq(c, boards[p]);
	}
	ck_assert_int_eq(catan_game_player_contest(f.g, 4, &c), CATAN_EINVAL);
	ck_assert_int_eq(catan_game_player_contest(f.g, -1, &c), CATAN_EINVAL);
	ck_assert_int_eq(catan_game_player_contest(f.g, 0, NULL), CATAN_EINVAL);
	ck_assert_int_eq(catan_game_contest_count(NULL, &n), CATAN_EINVAL);
	ck_assert_int_eq(catan_state_award_holder(f.s, CATAN_AWARDS, 0, &h), CATAN_EINVAL);
	ck_assert_int_eq(catan_state_award_holder(f.s, CATAN_AWARD_LONGEST_ROAD, 2, &h),
			 CATAN_EINVAL);
	ck_assert_int_eq(catan_state_award_holder(f.s, CATAN_AWARD_LONGEST_ROAD, 0, NULL),
			 CATAN_EINVAL);
	ck_assert_int_eq(catan_state_award_holder(NULL, CATAN_AWARD_LONGEST_ROAD, 0, &h),
			 CATAN_EINVAL);
	ck_assert_int_eq(longest(f.s, 0), CATAN_NO_PLAYER);
	ck_assert_int_eq(army(f.s, 1), CATAN_NO_PLAYER);
	/* the holders, a byte per award and contest, after the base layout */
	ck_assert_uint_eq(catan_state_size(f.s), 480 + ((2 * CATAN_AWARDS + 7) & ~7));
	close_game(&f);

	/* without contests: one, of everyone, holding what the game's does,
	 * and the base layout */
	open_game(&f, "base(players=4,seed=5)");
	ck_assert_uint_eq(catan_state_size(f.s), 480);
	CATAN_ASSERT_OK(catan_game_contest_count(f.g, &n));
	ck_assert_uint_eq(n, 1);
	CATAN_ASSERT_OK(catan_game_player_contest(f.g, 3, &c));
	ck_assert_uint_eq(c, 0);
	ck_assert_int_eq(catan_state_award_holder(f.s, CATAN_AWARD_LONGEST_ROAD, 1, &h),
			 CATAN_EINVAL);
	CATAN_ASSERT_OK(catan_edit_set_knights_played(f.s, 2, 3));
	ck_assert_int_eq(army(f.s, 0), 2);
	ck_assert_int_eq(catan_state_largest_army_holder(f.s), 2);
	close_game(&f);
}
END_TEST

/* Bad declarations say CATAN_EINVAL and change nothing: a contest number
 * of CATAN_MAX_CONTESTS or more (too many contests), a gap in the
 * numbers, a count that is not the game's, no list; and after the game
 * is built. The game builds without contests (one contest of everyone). */
START_TEST(test_bad_contest_declarations_are_refused)
{
	catan_ctx *ctx = contests_ctx();
	catan_game *g = catan_test_game_new(ctx, "base(players=4,seed=3)+bad_contests_test");
	unsigned n = 0;

	for (size_t i = 0; i < ARRAY_LEN(refusals); i++)
		ck_assert_msg(refusals[i] == CATAN_EINVAL, "declaration %zu gave %d", i,
			      refusals[i]);
	CATAN_ASSERT_OK(catan_game_contest_count(g, &n));
	ck_assert_uint_eq(n, 1);
	/* after the game is built */
	ck_assert_int_eq(catan_game_set_award_contests(g, boards, 4), CATAN_EINVAL);
	CATAN_ASSERT_OK(catan_game_contest_count(g, &n));
	ck_assert_uint_eq(n, 1);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* ----------------------------------------------------- Longest Road */

/* connect.txt: "Whoever first has built 5 connected roads receives 2
 * additional victory points for the Longest Trade Route" — on their own
 * board: the contest "is held separately on each game board, between the
 * two people who have their starting area on that board", so p2's longer
 * road on the other board takes nothing from p0; and "As soon as the
 * other person on this game board has a longer trade route, they receive
 * the marker". */
START_TEST(test_longest_road_per_contest)
{
	struct fixture f;
	struct path a, b, c;
	int vp0, vp1, vp2;

	open_game(&f, GAME);
	find_path(&f, &a, 5);
	find_path(&f, &b, 7);
	find_path(&f, &c, 6);
	vp0 = vp(f.s, 0);
	vp1 = vp(f.s, 1);
	vp2 = vp(f.s, 2);
	build(&f, 0, &a, 0, 4);
	ck_assert_int_eq(longest(f.s, 0), CATAN_NO_PLAYER);
	build(&f, 0, &a, 4, 1);
	ck_assert_int_eq(longest(f.s, 0), 0);
	ck_assert_int_eq(vp(f.s, 0), vp0 + 2);
	build(&f, 2, &b, 0, 7);
	ck_assert_uint_eq(road_length(f.s, 2), 7);
	ck_assert_int_eq(longest(f.s, 1), 2);
	ck_assert_int_eq(longest(f.s, 0), 0);
	ck_assert_int_eq(vp(f.s, 0), vp0 + 2);
	ck_assert_int_eq(vp(f.s, 2), vp2 + 2);
	/* no single holder in a game with contests */
	ck_assert_int_eq(catan_state_longest_road_holder(f.s), CATAN_NO_PLAYER);
	/* the other person on p0's board, longer: theirs */
	build(&f, 1, &c, 0, 6);
	ck_assert_int_eq(longest(f.s, 0), 1);
	ck_assert_int_eq(vp(f.s, 0), vp0);
	ck_assert_int_eq(vp(f.s, 1), vp1 + 2);
	ck_assert_int_eq(longest(f.s, 1), 2);
	close_game(&f);
}
END_TEST

/* RULINGS.md C14: "Longest Trade Route follows base 05.F within a
 * board"; base 05.F's holder keeps the card on a tie (another must
 * exceed: RULINGS B8), and connect.txt's "As soon as the other person on
 * this game board has a longer trade route, they receive the marker". */
START_TEST(test_the_holder_keeps_a_tie_in_the_contest)
{
	struct fixture f;
	struct path a, b;

	open_game(&f, GAME);
	find_path(&f, &a, 5);
	find_path(&f, &b, 6);
	build(&f, 0, &a, 0, 5);
	ck_assert_int_eq(longest(f.s, 0), 0);
	build(&f, 1, &b, 0, 5);
	ck_assert_uint_eq(road_length(f.s, 1), 5);
	ck_assert_int_eq(longest(f.s, 0), 0);
	build(&f, 1, &b, 5, 1);
	ck_assert_int_eq(longest(f.s, 0), 1);
	close_game(&f);
}
END_TEST

/* RULINGS.md C14: "a single continuous path, branches do not add, the
 * tile is set aside when a cut leaves nobody at 5 or more" — here a
 * settlement of p2, on the other board's contest, cuts p0's road: p0's
 * contest is left with nobody at 5 (set aside); p2's own contest is not
 * touched. Then a second cut leaves p1 alone at the top of the contest:
 * theirs (05.F). */
START_TEST(test_a_cut_sets_the_award_aside_in_the_contest)
{
	struct fixture f;
	struct path a, b, c;

	open_game(&f, GAME);
	find_path(&f, &a, 5);
	find_path(&f, &b, 4);
	find_path(&f, &c, 6);
	build(&f, 0, &a, 0, 5);
	build(&f, 1, &b, 0, 4);
	build(&f, 3, &c, 0, 6);
	ck_assert_int_eq(longest(f.s, 0), 0);
	ck_assert_int_eq(longest(f.s, 1), 3);
	/* the cut: an opposing settlement in the middle of p0's road */
	CATAN_ASSERT_OK(catan_edit_place(f.s, 2, CATAN_PIECE_SETTLEMENT, a.v[2]));
	ck_assert_uint_eq(road_length(f.s, 0), 3);
	ck_assert_int_eq(longest(f.s, 0), CATAN_NO_PLAYER);
	ck_assert_int_eq(longest(f.s, 1), 3);
	close_game(&f);

	/* a holder cut below the other: the other is alone at the top */
	open_game(&f, GAME);
	find_path(&f, &a, 7);
	find_path(&f, &b, 5);
	build(&f, 0, &a, 0, 7);
	build(&f, 1, &b, 0, 5);
	ck_assert_int_eq(longest(f.s, 0), 0);
	CATAN_ASSERT_OK(catan_edit_place(f.s, 3, CATAN_PIECE_SETTLEMENT, a.v[3]));
	ck_assert_uint_eq(road_length(f.s, 0), 4);
	ck_assert_int_eq(longest(f.s, 0), 1);
	ck_assert_int_eq(longest(f.s, 1), CATAN_NO_PLAYER);
	close_game(&f);
}
END_TEST

/* ------------------------------------------------------ Largest Army */

/* connect.txt: "The contest for the Largest Army is also held separately
 * on each game board, between the two people who have their starting
 * area on that board. Whoever first has played 2 knights receives 2
 * additional victory points for the Largest Army ... As soon as the other
 * person on this game board has played more knights, they receive the
 * marker". */
START_TEST(test_largest_army_per_contest)
{
	struct fixture f;
	int vp0, vp3;

	open_game(&f, GAME);
	vp0 = vp(f.s, 0);
	vp3 = vp(f.s, 3);
	CATAN_ASSERT_OK(catan_edit_set_knights_played(f.s, 0, 1));
	ck_assert_int_eq(army(f.s, 0), CATAN_NO_PLAYER);
	CATAN_ASSERT_OK(catan_edit_set_knights_played(f.s, 0, 2));
	ck_assert_int_eq(army(f.s, 0), 0);
	ck_assert_int_eq(vp(f.s, 0), vp0 + 2);
	CATAN_ASSERT_OK(catan_edit_set_knights_played(f.s, 2, 1));
	ck_assert_int_eq(army(f.s, 1), CATAN_NO_PLAYER);
	CATAN_ASSERT_OK(catan_edit_set_knights_played(f.s, 2, 2));
	ck_assert_int_eq(army(f.s, 1), 2);
	ck_assert_int_eq(army(f.s, 0), 0);
	/* a tie on p0's board: p0 keeps it; more knights take it */
	CATAN_ASSERT_OK(catan_edit_set_knights_played(f.s, 1, 2));
	ck_assert_int_eq(army(f.s, 0), 0);
	CATAN_ASSERT_OK(catan_edit_set_knights_played(f.s, 1, 3));
	ck_assert_int_eq(army(f.s, 0), 1);
	ck_assert_int_eq(vp(f.s, 0), vp0);
	/* p3's five knights beat p2 only, on their own board */
	CATAN_ASSERT_OK(catan_edit_set_knights_played(f.s, 3, 5));
	ck_assert_int_eq(army(f.s, 1), 3);
	ck_assert_int_eq(army(f.s, 0), 1);
	ck_assert_int_eq(vp(f.s, 3), vp3 + 2);
	ck_assert_int_eq(catan_state_largest_army_holder(f.s), CATAN_NO_PLAYER);
	close_game(&f);
}
END_TEST

/* connect.txt, "Overview of Possible Victory Points": "Largest Army: 2
 * victory points", "Longest Trade Route: 2 victory points", and "Should
 * it happen that a person has both the Largest Army and the Longest Trade
 * Route" they count both: every contest's awards score for their
 * holders, in the points, the player's info, the observation and JSON. */
START_TEST(test_scoring_counts_every_contest)
{
	struct fixture f;
	struct path a, b;
	int before[4];
	catan_observation o = { .version = CATAN_OBSERVATION_VERSION };
	char *json = malloc(TEXT_CAP);
	catan_player_info pi;

	ck_assert_ptr_nonnull(json);
	open_game(&f, GAME);
	for (int p = 0; p < 4; p++)
		before[p] = vp(f.s, p);
	find_path(&f, &a, 5);
	find_path(&f, &b, 5);
	build(&f, 0, &a, 0, 5);
	CATAN_ASSERT_OK(catan_edit_set_knights_played(f.s, 0, 2));
	build(&f, 3, &b, 0, 5);
	CATAN_ASSERT_OK(catan_edit_set_knights_played(f.s, 2, 2));
	ck_assert_int_eq(vp(f.s, 0), before[0] + 4);
	ck_assert_int_eq(vp(f.s, 1), before[1]);
	ck_assert_int_eq(vp(f.s, 2), before[2] + 2);
	ck_assert_int_eq(vp(f.s, 3), before[3] + 2);
	ck_assert_int_eq(catan_state_victory_points(f.s, 0, 0), before[0] + 4);
	CATAN_ASSERT_OK(catan_state_player(f.s, 0, &pi));
	ck_assert(pi.has_longest_road && pi.has_largest_army);
	CATAN_ASSERT_OK(catan_state_player(f.s, 3, &pi));
	ck_assert(pi.has_longest_road && !pi.has_largest_army);
	CATAN_ASSERT_OK(catan_state_observe(f.s, CATAN_OBSERVER_PUBLIC, &o));
	ck_assert(o.players[2].has_largest_army && !o.players[2].has_longest_road);
	ck_assert(!o.players[1].has_largest_army && !o.players[1].has_longest_road);
	ck_assert_int_eq(o.longest_road_holder, CATAN_NO_PLAYER);
	CATAN_ASSERT_OK(catan_state_to_json(f.s, CATAN_OBSERVER_PUBLIC, json, TEXT_CAP, NULL));
	ck_assert_msg(strstr(json, "\"contests\":[{\"members\":[0,1],\"longest_road\":0,"
				   "\"largest_army\":0},{\"members\":[2,3],\"longest_road\":3,"
				   "\"largest_army\":2}]"), "%s", json);
	free(json);
	close_game(&f);
}
END_TEST

/* ---------------------------------------------------------- snapshots */

static char *
text_of(const catan_state *s, int observer)
{
	return catan_test_text(s, observer, TEXT_CAP);
}

/* A position with holders in both contests (connect.txt: each board's
 * contest has its own marker). */
static void
two_holders(struct fixture *f)
{
	struct path a;

	open_game(f, GAME);
	find_path(f, &a, 6);
	build(f, 1, &a, 0, 6);
	CATAN_ASSERT_OK(catan_edit_set_knights_played(f->s, 3, 2));
	CATAN_ASSERT_OK(catan_edit_set_knights_played(f->s, 2, 1));
}

/* The contests' holders are position data: a snapshot and the
 * observation name them, and the snapshot loads to the same state. */
START_TEST(test_contests_snapshot_round_trip)
{
	struct fixture f;
	char *text, *obs;

	two_holders(&f);
	text = text_of(f.s, CATAN_TEST_SNAPSHOT);
	ck_assert_msg(strstr(text, "\ncontest 0 longest_road p1 largest_army none\n"), "%s", text);
	ck_assert_msg(strstr(text, "\ncontest 1 longest_road none largest_army p3\n"), "%s", text);
	free(text);
	catan_test_snapshot_round_trip(f.ctx, f.s);
	obs = text_of(f.s, CATAN_OBSERVER_PUBLIC);
	ck_assert_msg(strstr(obs, "\ncontest 1 longest_road none largest_army p3\n"), "%s", obs);
	free(obs);
	close_game(&f);
}
END_TEST

/* Snapshot lines the load refuses: a holder from the other contest
 * (connect.txt: the contest is "between the two people who have their
 * starting area on that board"), a holder below the threshold ("Whoever
 * first has played 2 knights"), one that is not the rule's, a contest the
 * game lacks, one given twice or missing. */
static const struct {
	const char *from, *to, *why;
} bad_contest_lines[] = {
	{ "contest 0 longest_road p1", "contest 0 longest_road p2", "is in contest 1" },
	{ "contest 1 longest_road none largest_army p3",
	  "contest 1 longest_road none largest_army p2", "Largest Army holder does not match" },
	{ "contest 0 longest_road p1", "contest 0 longest_road p0", "Longest Road holder does not match" },
	{ "contest 1 longest_road", "contest 2 longest_road", "no award contest '2'" },
	{ "contest 1 longest_road", "contest 0 longest_road", "given twice" },
	{ "contest 1 longest_road none largest_army p3", "contest 1 longest_road none",
	  "a contest line is" },
	{ "contest 0 longest_road p1 largest_army none", "contest 0 largest_army none longest_road p1",
	  "expected 'longest_road'" },
	{ "contest 0 longest_road p1", "contest 0 longest_road p7", "bad longest_road holder" },
	{ "\ncontest 1 longest_road none largest_army p3", "", "missing 'contest' line" },
	{ "\nlongest_road none\n", "\nlongest_road p1\n", "Longest Road holder does not match" },
};

START_TEST(test_contests_snapshot_refused)
{
	struct fixture f;
	char *text;

	two_holders(&f);
	text = text_of(f.s, CATAN_TEST_SNAPSHOT);
	catan_test_load_refused(f.ctx, text, bad_contest_lines[_i].from, bad_contest_lines[_i].to,
				bad_contest_lines[_i].why);
	free(text);
	close_game(&f);
}
END_TEST

/* A game without contests has no contest lines to read. */
START_TEST(test_no_contest_lines_without_contests)
{
	struct fixture f;
	char *text;

	open_game(&f, "base(players=4,seed=5)");
	text = text_of(f.s, CATAN_TEST_SNAPSHOT);
	ck_assert_ptr_null(strstr(text, "\ncontest "));
	catan_test_load_refused(f.ctx, text, "\nend\n",
				"\ncontest 0 longest_road none largest_army none\nend\n",
				"no award contests");
	free(text);
	close_game(&f);
}
END_TEST

/* --------------------------------------------------------- random play */

/* The award rule within each contest (base 05.F, RULINGS B8, applied
 * "separately on each game board" by connect.txt): a holder is a member
 * at the top with at least the threshold; a member alone at the top with
 * at least the threshold holds it; the points count what is held. */
static void
check_contests(const catan_state *s)
{
	static const unsigned min[CATAN_AWARDS] = { 5, 2 };
	int award_vp[4] = { 0, 0, 0, 0 };

	for (unsigned c = 0; c < 2; c++) {
		for (unsigned a = 0; a < CATAN_AWARDS; a++) {
			unsigned value[4], top = 0, at_top = 0;
			int h = holder(s, a, c), alone = -1;

			for (int p = 0; p < 4; p++) {
				catan_player_info pi;

				CATAN_ASSERT_OK(catan_state_player(s, p, &pi));
				value[p] = a == CATAN_AWARD_LONGEST_ROAD ? pi.longest_road :
									   pi.knights_played;
				if (boards[p] != c)
					continue;
				if (value[p] > top) {
					top = value[p];
					at_top = 0;
				}
				if (value[p] == top) {
					at_top++;
					alone = p;
				}
			}
			if (h >= 0) {
				ck_assert_uint_eq(boards[h], c);
				ck_assert_uint_eq(value[h], top);
				ck_assert_uint_ge(top, min[a]);
				award_vp[h] += 2;
			} else {
				ck_assert(top < min[a] || at_top > 1);
			}
			if (top >= min[a] && at_top == 1)
				ck_assert_int_eq(h, alone);
		}
	}
	for (int p = 0; p < 4; p++) {
		catan_player_info pi;

		CATAN_ASSERT_OK(catan_state_player(s, p, &pi));
		ck_assert_int_eq(pi.has_longest_road,
				 longest(s, boards[p]) == p);
		ck_assert_int_eq(pi.has_largest_army, army(s, boards[p]) == p);
		ck_assert_int_ge(catan_state_victory_points(s, p, 1), award_vp[p]);
	}
	ck_assert_int_eq(catan_state_longest_road_holder(s), CATAN_NO_PLAYER);
	ck_assert_int_eq(catan_state_largest_army_holder(s), CATAN_NO_PLAYER);
}

/* Random games of the two contests: the rule holds after every step, and
 * every so often the snapshot loads back equal and a clone hashes the
 * same. */
START_TEST(test_contests_random_play)
{
	catan_ctx *ctx = contests_ctx();
	catan_game *g;
	catan_state *s;
	uint64_t rng = catan_test_seed() + (uint64_t)_i;
	catan_action played;
	unsigned held = 0;
	char game[64];

	snprintf(game, sizeof(game), "base(players=4,seed=%d)+contests_test", 11 + _i);
	g = catan_test_game_new(ctx, game);
	s = catan_test_state_new(g);
	for (int step = 0; step < 3000 && !catan_state_is_terminal(s); step++) {
		if (step % 50 == 0)
			catan_test_snapshot_round_trip(ctx, s);
		ck_assert(catan_test_random_action(s, &rng, &played));
		CATAN_ASSERT_OK(catan_state_apply(s, &played));
		check_contests(s);
		for (unsigned c = 0; c < 2; c++)
			held += longest(s, c) >= 0 || army(s, c) >= 0;
	}
	ck_assert_uint_gt(held, 0);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

void
catan_test_register(SRunner *sr)
{
	Suite *s = catan_test_suite(sr, "contests");

	CATAN_TEST_ADD(s, test_contests_declared);
	CATAN_TEST_ADD(s, test_bad_contest_declarations_are_refused);
	CATAN_TEST_ADD(s, test_longest_road_per_contest);
	CATAN_TEST_ADD(s, test_the_holder_keeps_a_tie_in_the_contest);
	CATAN_TEST_ADD(s, test_a_cut_sets_the_award_aside_in_the_contest);
	CATAN_TEST_ADD(s, test_largest_army_per_contest);
	CATAN_TEST_ADD(s, test_scoring_counts_every_contest);
	CATAN_TEST_ADD(s, test_contests_snapshot_round_trip);
	CATAN_TEST_ADD_LOOP(s, test_contests_snapshot_refused, 0,
			    (int)ARRAY_LEN(bad_contest_lines));
	CATAN_TEST_ADD(s, test_no_contest_lines_without_contests);
	CATAN_TEST_ADD_LOOP(s, test_contests_random_play, 0, 3);
}
