/*
 * libcatanrules tests: snapshots and histories — round trips and hostile text.
 * SPDX-License-Identifier: MIT
 */

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catan-private.h"
#include "test-common.h"

#define TEXT_MAX 65536
#define MAX_HISTORY 6000

/* ------------------------------------------------------------- helpers */

static bool
same_position(const catan_state *a, const catan_state *b)
{
	return a->size == b->size && memcmp(a->data, b->data, a->size) == 0;
}

static char *
snapshot_of(const catan_state *s, size_t *len)
{
	char *buf = malloc(TEXT_MAX);
	size_t n = 0;

	ck_assert_ptr_nonnull(buf);
	CATAN_ASSERT_OK(catan_state_snapshot(s, buf, TEXT_MAX, &n));
	ck_assert_uint_eq(strlen(buf), n);
	if (len)
		*len = n;
	return buf;
}

/* Load, expecting success; the caller frees both. */
static catan_state *
load_ok(catan_ctx *ctx, const char *text, size_t len, catan_game **g_out)
{
	catan_game *g = NULL;
	catan_state *s = NULL;
	int rc = catan_load(&g, &s, ctx, text, len);

	ck_assert_msg(rc == CATAN_OK, "load failed: %s: %s\n%s", catan_strerror(rc),
		      catan_ctx_errmsg(ctx), text);
	*g_out = g;
	return s;
}

static int
load_rc(catan_ctx *ctx, const char *text, size_t len)
{
	catan_game *g = NULL;
	catan_state *s = NULL;
	int rc = catan_load(&g, &s, ctx, text, len);

	if (rc == CATAN_OK) {
		catan_state_free(s);
		catan_game_unref(g);
	} else {
		ck_assert_ptr_null(s);
		ck_assert_ptr_null(g);
	}
	return rc;
}

/* Expect a refusal naming a line. */
static void
assert_refused(catan_ctx *ctx, const char *text, size_t len, int want)
{
	int rc = load_rc(ctx, text, len);

	ck_assert_msg(rc == want, "expected %s, got %s (%s) for\n%.*s",
		      catan_strerror(want), catan_strerror(rc),
		      catan_ctx_errmsg(ctx), (int)len, text);
	ck_assert_msg(strncmp(catan_ctx_errmsg(ctx), "line ", 5) == 0,
		      "message without a line: %s", catan_ctx_errmsg(ctx));
}

static const char *const specs[] = {
	"base(players=4,seed=1)",
	"base(players=3,seed=2)",
	"base(players=4,seed=3,chance=explicit)",
	"base(players=3,seed=4,chance=explicit)",
	"base(players=4,seed=5,board=beginner,setup=beginner,chance=explicit)",
	"base(players=3,seed=6,phases=combined,offer_max=2,vp=6)",
	"base(players=4,seed=7,max_turns=12,chance=explicit)",
	"base(players=4,seed=8,numbers=spiral,offer_max=0)",
};

/* A game played to a given step (or its end), for the hostile-text tests. */
static catan_state *
played_state(catan_game *g, uint64_t seed, int steps)
{
	catan_state *s = catan_test_state_new(g);
	uint64_t rng = seed;
	catan_action a;

	for (int i = 0; i < steps && catan_test_random_action(s, &rng, &a); i++)
		CATAN_ASSERT_OK(catan_state_apply(s, &a));
	return s;
}

/* -------------------------------------------------------- round trips */

static void
check_round_trip(catan_ctx *ctx, const catan_state *s)
{
	catan_game *g2 = NULL;
	size_t len = 0, len2 = 0;
	char *text = snapshot_of(s, &len);
	catan_state *t = load_ok(ctx, text, len, &g2);
	char *again = snapshot_of(t, &len2);

	ck_assert_msg(same_position(s, t), "loaded state differs:\n%s", text);
	ck_assert_uint_eq(catan_state_hash(s), catan_state_hash(t));
	ck_assert_str_eq(text, again);
	ck_assert_int_eq(catan_state_current_player(s), catan_state_current_player(t));
	free(again);
	free(text);
	catan_state_free(t);
	catan_game_unref(g2);
}

/* The loaded copy has the same future: apply the same actions to both. */
static void
check_same_future(catan_ctx *ctx, const catan_state *s, uint64_t seed, int steps)
{
	catan_game *g2 = NULL;
	size_t len = 0;
	char *text = snapshot_of(s, &len);
	catan_state *t = load_ok(ctx, text, len, &g2);
	catan_state *o = NULL;
	uint64_t rng = seed;
	catan_action a;

	CATAN_ASSERT_OK(catan_state_clone(&o, s));
	for (int i = 0; i < steps && catan_test_random_action(o, &rng, &a); i++) {
		CATAN_ASSERT_OK(catan_state_apply(o, &a));
		CATAN_ASSERT_OK(catan_state_apply(t, &a));
		ck_assert(same_position(o, t));
	}
	ck_assert_uint_eq(catan_state_hash(o), catan_state_hash(t));
	free(text);
	catan_state_free(o);
	catan_state_free(t);
	catan_game_unref(g2);
}

START_TEST(test_snapshot_round_trip_games)
{
	catan_ctx *ctx = catan_test_ctx_new();
	const char *spec = specs[_i % ARRAY_LEN(specs)];
	catan_game *g = catan_test_game_new(ctx, spec);
	catan_state *s = catan_test_state_new(g);
	uint64_t rng = catan_test_seed() + (uint64_t)_i * 7919u;
	catan_action a;
	int step = 0;
	/* under valgrind every 7th position, a different residue per game,
	 * so the twelve games still cover every step offset */
	int stride = catan_test_under_valgrind() ? 7 : 1;

	check_round_trip(ctx, s);
	while (step < 3000 && catan_test_random_action(s, &rng, &a)) {
		CATAN_ASSERT_OK(catan_state_apply(s, &a));
		step++;
		if (step % stride == _i % stride || catan_state_is_terminal(s))
			check_round_trip(ctx, s);
		if (step % 97 == 0)
			check_same_future(ctx, s, rng ^ (uint64_t)step, 150);
	}
	check_round_trip(ctx, s);
	check_same_future(ctx, s, rng, 10);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* Histories: every prefix of a game replays to the same position. */
START_TEST(test_history_round_trip_games)
{
	catan_ctx *ctx = catan_test_ctx_new();
	const char *spec = specs[_i % ARRAY_LEN(specs)];
	catan_game *g = catan_test_game_new(ctx, spec);
	catan_state *s = catan_test_state_new(g);
	catan_action *hist = calloc(MAX_HISTORY, sizeof(*hist));
	char *text = malloc(MAX_HISTORY * 64);
	uint64_t rng = catan_test_seed() ^ ((uint64_t)_i << 20);
	bool explicit = catan_game_chance_mode(g) == CATAN_CHANCE_EXPLICIT;
	size_t n = 0;
	catan_action a;

	ck_assert_ptr_nonnull(hist);
	ck_assert_ptr_nonnull(text);
	while (n < MAX_HISTORY && catan_test_random_action(s, &rng, &a)) {
		CATAN_ASSERT_OK(catan_state_apply(s, &a));
		/* SAMPLED: chance is resolved inside apply and never listed */
		ck_assert(explicit || a.player != CATAN_PLAYER_CHANCE);
		hist[n++] = a;
		if (n % 211 == 0 || catan_state_is_terminal(s)) {
			catan_game *g2 = NULL;
			catan_state *t;
			size_t len = 0;

			CATAN_ASSERT_OK(catan_history_write(g, hist, n, text,
							    MAX_HISTORY * 64, &len));
			t = load_ok(ctx, text, len, &g2);
			ck_assert(same_position(s, t));
			ck_assert_uint_eq(catan_state_hash(s), catan_state_hash(t));
			catan_state_free(t);
			catan_game_unref(g2);
		}
	}
	free(text);
	free(hist);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

START_TEST(test_history_format)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, "base(players=3,seed=9,chance=explicit)");
	catan_state *s = catan_test_state_new(g);
	catan_action acts[3];
	char buf[2048], game[512];
	size_t len = 0;

	CATAN_ASSERT_OK(catan_game_to_string(g, game, sizeof(game), NULL));
	CATAN_ASSERT_OK(catan_action_parse(s, "chance first_player p1", &acts[0]));
	CATAN_ASSERT_OK(catan_action_parse(s, "p1 build_settlement h9.se", &acts[1]));
	CATAN_ASSERT_OK(catan_action_parse(s, "p1 build_road h9.ne-se", &acts[2]));
	CATAN_ASSERT_OK(catan_history_write(g, acts, 3, buf, sizeof(buf), &len));
	{
		char want[1024];

		snprintf(want, sizeof(want),
			 "catanrules-history 1\ngame %s\nchance first_player p1\n"
			 "p1 build_settlement h9.se\np1 build_road h9.ne-se\nend\n", game);
		ck_assert_str_eq(buf, want);
		ck_assert_uint_eq(len, strlen(want));
	}
	/* an empty history is the initial state */
	CATAN_ASSERT_OK(catan_history_write(g, NULL, 0, buf, sizeof(buf), &len));
	{
		catan_game *g2 = NULL;
		catan_state *t = load_ok(ctx, buf, len, &g2);

		ck_assert(same_position(s, t));
		catan_state_free(t);
		catan_game_unref(g2);
	}
	/* size query and short buffers */
	CATAN_ASSERT_ERR(catan_history_write(g, acts, 3, NULL, 0, &len), CATAN_EBUFS);
	ck_assert_uint_gt(len, 50);
	CATAN_ASSERT_ERR(catan_history_write(g, acts, 3, buf, 10, &len), CATAN_EBUFS);
	ck_assert_uint_eq(strlen(buf), 9);
	/* an action that cannot be written */
	acts[1].player = 7;
	CATAN_ASSERT_ERR(catan_history_write(g, acts, 3, buf, sizeof(buf), &len), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_history_write(NULL, acts, 3, buf, sizeof(buf), &len), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_history_write(g, NULL, 3, buf, sizeof(buf), &len), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_history_write(g, acts, 3, NULL, 5, &len), CATAN_EINVAL);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

START_TEST(test_history_errors)
{
	static const struct {
		const char *body;  /* after the header and game lines */
		int rc;
		unsigned line;
	} cases[] = {
		{ "chance first_player p1\np1 build_settlement h9.se\nend\n", CATAN_OK, 0 },
		{ "chance first_player p1\np2 build_settlement h9.se\nend\n", CATAN_EPARSE, 4 },
		{ "chance first_player p1\np1 fly_away\nend\n", CATAN_EPARSE, 4 },
		{ "chance first_player p1\np1 build_settlement h99.se\nend\n", CATAN_EPARSE, 4 },
		{ "chance first_player p1\np1  build_settlement h9.se\nend\n", CATAN_EPARSE, 4 },
		{ "chance first_player p1\n\nend\n", CATAN_EPARSE, 4 },
		{ "chance first_player p1\n", CATAN_EPARSE, 3 },
		{ "chance first_player p1\nend", CATAN_EPARSE, 4 },
		{ "chance first_player p1\nend\nend\n", CATAN_EPARSE, 5 },
		{ "chance first_player p1\nend\n\n", CATAN_EPARSE, 5 },
		{ "chance first_player p7\nend\n", CATAN_EPARSE, 3 },
		{ "chance dice 8\nend\n", CATAN_EPARSE, 3 },
	};
	catan_ctx *ctx = catan_test_ctx_new();
	const char *game = "base(players=3,seed=9,chance=explicit)";

	for (size_t i = 0; i < ARRAY_LEN(cases); i++) {
		char text[1024], want[32];
		int rc;

		snprintf(text, sizeof(text), "catanrules-history 1\ngame %s\n%s", game,
			 cases[i].body);
		rc = load_rc(ctx, text, strlen(text));
		ck_assert_msg(rc == cases[i].rc, "case %zu: %s (%s)", i, catan_strerror(rc),
			      catan_ctx_errmsg(ctx));
		if (rc == CATAN_OK)
			continue;
		snprintf(want, sizeof(want), "line %u:", cases[i].line);
		ck_assert_msg(strncmp(catan_ctx_errmsg(ctx), want, strlen(want)) == 0,
			      "case %zu: '%s' does not start with '%s'", i,
			      catan_ctx_errmsg(ctx), want);
	}
	/* SAMPLED histories hold the player actions only */
	{
		const char *t = "catanrules-history 1\ngame base(players=3,seed=9)\n"
				"chance first_player p0\nend\n";

		assert_refused(ctx, t, strlen(t), CATAN_EPARSE);
	}
	{
		const char *t = "catanrules-history 2\ngame base\nend\n";

		assert_refused(ctx, t, strlen(t), CATAN_EVERSION);
	}
	catan_ctx_free(ctx);
}
END_TEST

/* ------------------------------------------------------ hostile text */

/* A position with a bit of everything: buildings, roads, cards. */
static catan_state *
rich_state(catan_game *g)
{
	catan_state *best = NULL;

	for (uint64_t seed = 1; seed < 40; seed++) {
		catan_state *s = played_state(g, catan_test_seed() + seed, 400);
		catan_player_info info;
		bool ok = catan_state_turn_number(s) > 5;

		for (int p = 0; ok && p < catan_game_num_players(g); p++) {
			CATAN_ASSERT_OK(catan_state_player(s, p, &info));
			ok = info.card_total > 0;
		}
		if (ok) {
			catan_state_free(best);
			return s;
		}
		catan_state_free(best);
		best = s;
	}
	return best;
}

START_TEST(test_snapshot_truncated)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, specs[_i]);
	catan_state *s = rich_state(g);
	size_t len = 0;
	char *text = snapshot_of(s, &len);

	for (size_t cut = 0; cut < len; cut++) {
		/* a private copy, so a read past the cut shows under valgrind */
		char *part = malloc(cut ? cut : 1);

		memcpy(part, text, cut);
		assert_refused(ctx, part, cut, CATAN_EPARSE);
		free(part);
	}
	free(text);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* Line i of text: start offset and length (with its newline). */
static bool
line_span(const char *text, size_t i, size_t *start, size_t *n)
{
	const char *p = text;

	for (size_t k = 0; k < i; k++) {
		p = strchr(p, '\n');
		if (!p || !p[1])
			return false;
		p++;
	}
	*start = (size_t)(p - text);
	*n = (size_t)(strchr(p, '\n') - p) + 1;
	return true;
}

START_TEST(test_snapshot_line_deleted_or_doubled)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, specs[_i]);
	catan_state *s = rich_state(g);
	size_t len = 0, start, n;
	char *text = snapshot_of(s, &len);
	char *edit = malloc(2 * len + 1);

	for (size_t i = 0; line_span(text, i, &start, &n); i++) {
		int rc;

		/* deleted */
		memcpy(edit, text, start);
		memcpy(edit + start, text + start + n, len - start - n);
		rc = load_rc(ctx, edit, len - n);
		ck_assert_msg(rc == CATAN_EPARSE, "line %zu deleted: %s", i + 1,
			      catan_strerror(rc));
		/* doubled */
		memcpy(edit, text, start + n);
		memcpy(edit + start + n, text + start, len - start);
		rc = load_rc(ctx, edit, len + n);
		ck_assert_msg(rc == CATAN_EPARSE, "line %zu doubled: %s (%s)", i + 1,
			      catan_strerror(rc), catan_ctx_errmsg(ctx));
	}
	free(edit);
	free(text);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* A few random moves from a loaded state: nothing may break. */
static void
exercise(catan_state *s, uint64_t seed)
{
	char buf[8192];
	uint64_t rng = seed;
	catan_action a;

	int np = catan_game_num_players(catan_state_game(s));

	/* every observer: the players, the spectator and the referee */
	for (int o = -2; o < np; o++) {
		int who = o == -2 ? CATAN_OBSERVER_ALL : o == -1 ? CATAN_OBSERVER_PUBLIC : o;

		CATAN_ASSERT_OK(catan_state_observation_string(s, who, buf, sizeof(buf), NULL));
		CATAN_ASSERT_OK(catan_state_to_json(s, who, buf, sizeof(buf), NULL));
	}
	for (int i = 0; i < 60 && catan_test_random_action(s, &rng, &a); i++)
		CATAN_ASSERT_OK(catan_state_apply(s, &a));
}

START_TEST(test_snapshot_byte_flips)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, specs[_i]);
	catan_state *s = rich_state(g);
	size_t len = 0;
	char *text = snapshot_of(s, &len);
	char *edit = malloc(len);
	uint64_t rng = catan_test_seed() + (uint64_t)_i;
	int accepted = 0;

	for (int trial = 0; trial < 3000; trial++) {
		catan_game *g2 = NULL;
		catan_state *t = NULL;
		size_t at = catan_test_below(&rng, (unsigned)len);
		int rc;

		memcpy(edit, text, len);
		if (trial % 2)
			edit[at] = (char)(edit[at] ^ (1u << catan_test_below(&rng, 8)));
		else
			edit[at] = (char)catan_test_below(&rng, 256);
		rc = catan_load(&g2, &t, ctx, edit, len);
		if (rc != CATAN_OK) {
			ck_assert_msg(rc == CATAN_EPARSE || rc == CATAN_EVERSION ||
				      rc == CATAN_ENOTFOUND, "flip at %zu: %s", at,
				      catan_strerror(rc));
			ck_assert(strncmp(catan_ctx_errmsg(ctx), "line ", 5) == 0);
			continue;
		}
		/* Some flips give another valid position (an RNG digit, a
		 * move number): it must be a sound one. */
		accepted++;
		check_round_trip(ctx, t);
		exercise(t, rng);
		catan_state_free(t);
		catan_game_unref(g2);
	}
	ck_assert_int_lt(accepted, 1500);
	free(edit);
	free(text);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* Replace the line starting with @key (the first one) by @line. */
static char *
with_line(const char *text, const char *key, const char *line)
{
	size_t klen = strlen(key);
	const char *p = text;
	char *out;
	size_t start, n;

	while (strncmp(p, key, klen) != 0 || (p[klen] != ' ' && p[klen] != '\n')) {
		p = strchr(p, '\n');
		ck_assert_msg(p && p[1], "no line '%s'", key);
		p++;
	}
	start = (size_t)(p - text);
	n = (size_t)(strchr(p, '\n') - p);
	out = malloc(strlen(text) + strlen(line) + 2);
	memcpy(out, text, start);
	strcpy(out + start, line);
	strcat(out, text + start + n);
	return out;
}

static const struct bad_line {
	const char *key;
	const char *line;
	int rc;
} bad_lines[] = {
	{ "catanrules-snapshot", "catanrules-snapshot 2", CATAN_EVERSION },
	{ "catanrules-snapshot", "catanrules-snapshot 99999999999999999999", CATAN_EPARSE },
	{ "catanrules-snapshot", "catanrules-snapshot", CATAN_EPARSE },
	{ "catanrules-snapshot", "catanrules-snapshots 1", CATAN_EPARSE },
	{ "game", "game nosuch(players=4)", CATAN_ENOTFOUND },
	{ "game", "game base(players=9)", CATAN_EPARSE },
	{ "game", "game base(players=4", CATAN_EPARSE },
	{ "game", "game", CATAN_EPARSE },
	{ "rng", "rng 1 2", CATAN_EPARSE },
	{ "rng", "rng 00000000000000000 0000000000000001", CATAN_EPARSE },
	{ "rng", "rng 0000000000000000 0000000000000002", CATAN_EPARSE },
	{ "rng", "rng 000000000000000G 0000000000000001", CATAN_EPARSE },
	{ "rng", "rng 0000000000000000 0000000000000001 x", CATAN_EPARSE },
	{ "move_number", "move_number 4294967296", CATAN_EPARSE },
	{ "move_number", "move_number -1", CATAN_EPARSE },
	{ "move_number", "move_number 01", CATAN_EPARSE },
	{ "turn", "turn 65536", CATAN_EPARSE },
	{ "turn", "turn 0", CATAN_EPARSE },
	{ "phase", "phase dancing", CATAN_EPARSE },
	{ "phase", "phase 11", CATAN_EPARSE },
	{ "phase", "phase 64", CATAN_EPARSE },
	{ "phase", "phase unknown", CATAN_EPARSE },
	{ "return_phase", "return_phase 64", CATAN_EPARSE },
	{ "chance", "chance 16", CATAN_EPARSE },
	{ "phase", "phase start", CATAN_EPARSE },
	{ "phase", "phase discard", CATAN_EPARSE },
	{ "chance", "chance maybe", CATAN_EPARSE },
	{ "chance", "chance dice", CATAN_EPARSE },
	{ "chance", "chance 200", CATAN_EPARSE },
	{ "current", "current p4", CATAN_EPARSE },
	{ "current", "current none", CATAN_EPARSE },
	{ "current", "current 1", CATAN_EPARSE },
	{ "first_player", "first_player p-1", CATAN_EPARSE },
	{ "setup_step", "setup_step 9", CATAN_EPARSE },
	{ "setup_vertex", "setup_vertex h9.se", CATAN_EPARSE },
	{ "setup_vertex", "setup_vertex v9", CATAN_EPARSE },
	{ "dice", "dice 1", CATAN_EPARSE },
	{ "dice", "dice 13", CATAN_EPARSE },
	{ "dice", "dice 0", CATAN_EPARSE },
	{ "flags", "flags rolled,rolled", CATAN_EPARSE },
	{ "flags", "flags built,rolled", CATAN_EPARSE },
	{ "flags", "flags rolled,", CATAN_EPARSE },
	{ "flags", "flags rolled,flying", CATAN_EPARSE },
	{ "flags", "flags rolled,vp_revealed", CATAN_EPARSE },
	{ "flags", "flags none", CATAN_EPARSE },
	{ "return_phase", "return_phase discard", CATAN_EPARSE },
	{ "road_building_left", "road_building_left 3", CATAN_EPARSE },
	{ "road_building_left", "road_building_left 1", CATAN_EPARSE },
	{ "victim", "victim p1", CATAN_EPARSE },
	{ "robber", "robber h19", CATAN_EPARSE },
	{ "robber", "robber h09", CATAN_EPARSE },
	{ "robber", "robber v3", CATAN_EPARSE },
	{ "longest_road", "longest_road p0", CATAN_EPARSE },
	{ "largest_army", "largest_army p1", CATAN_EPARSE },
	{ "winner", "winner p0", CATAN_EPARSE },
	{ "bank", "bank 19,19,19,19,19,0,0,0", CATAN_EPARSE },
	{ "bank", "bank 0,0,0,0,0,0,0,0", CATAN_EPARSE },
	{ "bank", "bank 256,0,0,0,0,0,0,0", CATAN_EPARSE },
	{ "bank", "bank 1,2,3", CATAN_EPARSE },
	{ "bank", "bank 1,2,3,4,5,6,7,8,9", CATAN_EPARSE },
	{ "bank", "bank 1,,3,4,5,6,7,8", CATAN_EPARSE },
	{ "dev_deck", "dev_deck 15,2,2,2,5,0,0,0", CATAN_EPARSE },
	{ "dev_deck", "dev_deck 0,0,0,0,0,1,0,0", CATAN_EPARSE },
	{ "dev_bought", "dev_bought 0,0,0,0,9,0,0,0", CATAN_EPARSE },
	{ "offer_give", "offer_give 1,0,0,0,0,0,0,0", CATAN_EPARSE },
	{ "offer_get", "offer_get 0,0,0,0,0,0,0,1", CATAN_EPARSE },
	{ "player 0", "player 0", CATAN_EPARSE },
	{ "player 0", "player 0 hand 19,0,0,0,0,0,0,0 dev 0,0,0,0,0,0,0,0 knights 0 roads 15 settlements 5 cities 4 road_length 0 discard_owed 0 response pending counter_give 0,0,0,0,0,0,0,0 counter_get 0,0,0,0,0,0,0,0", CATAN_EPARSE },
	{ "player 0", "player 9 hand 0,0,0,0,0,0,0,0 dev 0,0,0,0,0,0,0,0 knights 0 roads 15 settlements 5 cities 4 road_length 0 discard_owed 0 response pending counter_give 0,0,0,0,0,0,0,0 counter_get 0,0,0,0,0,0,0,0", CATAN_EPARSE },
	{ "player 0", "player 0 hand 0,0,0,0,0,0,0,0 dev 0,0,0,0,0,0,0,0 knights 0 roads 16 settlements 5 cities 4 road_length 0 discard_owed 0 response pending counter_give 0,0,0,0,0,0,0,0 counter_get 0,0,0,0,0,0,0,0", CATAN_EPARSE },
	{ "player 0", "player 0 hand 0,0,0,0,0,0,0,0 dev 0,0,0,0,0,0,0,0 knights 0 roads 15 settlements 5 cities 4 road_length 0 discard_owed 0 response maybe counter_give 0,0,0,0,0,0,0,0 counter_get 0,0,0,0,0,0,0,0", CATAN_EPARSE },
	{ "player 0", "player 0 dev 0,0,0,0,0,0,0,0 hand 0,0,0,0,0,0,0,0 knights 0 roads 15 settlements 5 cities 4 road_length 0 discard_owed 0 response pending counter_give 0,0,0,0,0,0,0,0 counter_get 0,0,0,0,0,0,0,0", CATAN_EPARSE },
	{ "player 0", "player 0 hand 0,0,0,0,0,0,0,0 dev 0,0,0,0,0,0,0,0 knights 15 roads 15 settlements 5 cities 4 road_length 0 discard_owed 0 response pending counter_give 0,0,0,0,0,0,0,0 counter_get 0,0,0,0,0,0,0,0", CATAN_EPARSE },
	{ "vertex", "vertex h9.se castle p0", CATAN_EPARSE },
	{ "vertex", "vertex h9.se settlement p7", CATAN_EPARSE },
	{ "vertex", "vertex h99.se settlement p0", CATAN_EPARSE },
	{ "vertex", "vertex v20 settlement p0", CATAN_EPARSE },
	{ "road", "road h4.n-ne", CATAN_EPARSE },
	{ "road", "road h4.n-se p0", CATAN_EPARSE },
	{ "road", "road h4.ne-n p0", CATAN_EPARSE },
	{ "end", "end now", CATAN_EPARSE },
	{ "end", "fin", CATAN_EPARSE },
	{ "end", "slice base 00", CATAN_EPARSE },
	{ "end", "turn 3\nend", CATAN_EPARSE },
	{ "end", "end\nend", CATAN_EPARSE },
	{ "end", "end\n", CATAN_EPARSE },
	{ "end", "end\r", CATAN_EPARSE },
	{ "end", "colour blue\nend", CATAN_EPARSE },
	{ "turn", "turn  3", CATAN_EPARSE },
	{ "turn", "turn 3 ", CATAN_EPARSE },
	{ "turn", " turn 3", CATAN_EPARSE },
	{ "turn", "turn\t3", CATAN_EPARSE },
};

/* A fixed, known position so every bad line above is bad for a known reason. */
static catan_state *
fixed_position(catan_game *g)
{
	catan_state *s = catan_test_state_new(g);
	unsigned v;
	int kind;

	/* EXPLICIT game: roll-off, then edit a main-phase turn */
	CATAN_APPLY(s, "chance first_player p0");
	CATAN_ASSERT_OK(catan_edit_set_turn(s, 0, CATAN_PHASE_MAIN, 8));
	CATAN_ASSERT_OK(catan_edit_set_cards(s, 0, CATAN_LUMBER, 2));
	CATAN_ASSERT_OK(catan_edit_set_cards(s, 1, CATAN_ORE, 3));
	CATAN_ASSERT_OK(catan_location_parse(g, "h9.se", &kind, &v));
	CATAN_ASSERT_OK(catan_edit_place(s, 1, CATAN_PIECE_SETTLEMENT, v));
	CATAN_ASSERT_OK(catan_location_parse(g, "h4.n-ne", &kind, &v));
	CATAN_ASSERT_OK(catan_edit_place(s, 2, CATAN_PIECE_ROAD, v));
	CATAN_ASSERT_OK(catan_edit_set_robber(s, 3));
	return s;
}

START_TEST(test_snapshot_bad_values)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, "base(players=4,seed=11,chance=explicit)");
	catan_state *s = fixed_position(g);
	char *text = snapshot_of(s, NULL);
	const struct bad_line *b = &bad_lines[_i];
	char *edit = with_line(text, b->key, b->line);

	/* the unedited text loads */
	ck_assert_int_eq(load_rc(ctx, text, strlen(text)), CATAN_OK);
	assert_refused(ctx, edit, strlen(edit), b->rc);
	free(edit);
	free(text);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

START_TEST(test_snapshot_odd_bytes)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, "base(players=4,seed=11,chance=explicit)");
	catan_state *s = fixed_position(g);
	size_t len = 0;
	char *text = snapshot_of(s, &len);
	char *edit = malloc(len + 1);

	/* a NUL inside, a text that does not end with a newline */
	memcpy(edit, text, len);
	edit[30] = '\0';
	assert_refused(ctx, edit, len, CATAN_EPARSE);
	memcpy(edit, text, len);
	edit[len - 1] = ' ';
	assert_refused(ctx, edit, len, CATAN_EPARSE);
	/* an overlong line */
	{
		size_t big = 20000;
		char *huge = malloc(big);

		memset(huge, 'a', big);
		memcpy(huge, "catanrules-snapshot 1\n", 22);
		huge[big - 1] = '\n';
		assert_refused(ctx, huge, big, CATAN_EPARSE);
		free(huge);
	}
	assert_refused(ctx, "", 0, CATAN_EPARSE);
	assert_refused(ctx, "\n", 1, CATAN_EPARSE);
	/* text is not NUL-terminated: only len bytes are read */
	memcpy(edit, text, len);
	edit[len] = 'x';
	ck_assert_int_eq(load_rc(ctx, edit, len), CATAN_OK);
	free(edit);
	free(text);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* Positions the validation must take: odd but sound edits. */
START_TEST(test_snapshot_edited_positions)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, "base(players=3,seed=12,chance=explicit)");
	catan_state *s = catan_test_state_new(g);
	unsigned v;
	int kind;

	/* before the roll-off */
	check_round_trip(ctx, s);
	CATAN_APPLY(s, "chance first_player p2");
	check_round_trip(ctx, s);
	CATAN_APPLY(s, "p2 build_settlement h9.se");
	check_round_trip(ctx, s);
	CATAN_ASSERT_OK(catan_edit_set_turn(s, 1, CATAN_PHASE_ROLL, 0));
	/* a city straight on an empty intersection, Knights for the army */
	CATAN_ASSERT_OK(catan_location_parse(g, "h0.n", &kind, &v));
	CATAN_ASSERT_OK(catan_edit_place(s, 1, CATAN_PIECE_CITY, v));
	CATAN_ASSERT_OK(catan_edit_set_knights_played(s, 0, 3));
	ck_assert_int_eq(catan_state_largest_army_holder(s), 0);
	CATAN_ASSERT_OK(catan_edit_give_dev_card(s, 1, CATAN_DEV_MONOPOLY, 0));
	CATAN_ASSERT_OK(catan_edit_give_dev_card(s, 1, CATAN_DEV_KNIGHT, 1));
	CATAN_ASSERT_OK(catan_edit_set_cards(s, 2, CATAN_GRAIN, 9));
	check_round_trip(ctx, s);
	/* a pending roll, then the dice */
	CATAN_APPLY(s, "p1 roll");
	check_round_trip(ctx, s);
	CATAN_APPLY(s, "chance dice 7");
	ck_assert_int_eq(catan_state_phase(s), CATAN_PHASE_DISCARD);
	check_round_trip(ctx, s);
	CATAN_APPLY(s, "p2 discard grain=2");
	check_round_trip(ctx, s);
	CATAN_APPLY(s, "p2 discard grain=2");
	ck_assert_int_eq(catan_state_phase(s), CATAN_PHASE_ROBBER);
	check_round_trip(ctx, s);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* ------------------------------------------ edits that stay loadable */

/*
 * serialize.h: snapshots "round-trip exactly: equal state, equal hash, same
 * future"; edit.h: "Each call checks its arguments and leaves the state
 * unchanged on error". So an accepted edit leaves a position whose snapshot
 * loads (and, unless the game is over, in which somebody can act), and a
 * refused one changes nothing. These are the edits the fuzz target
 * fuzz-edit found breaking that.
 */

/* The accepted edit left a sound position: it loads back equal, and
 * somebody can act unless the game is over. */
static void
check_sound(catan_ctx *ctx, const catan_state *s)
{
	check_round_trip(ctx, s);
	if (!catan_state_is_terminal(s) && !catan_state_is_chance_node(s)) {
		uint32_t mask = catan_state_acting_players(s);
		size_t total = 0;

		for (int p = 0; p < catan_game_num_players(catan_state_game(s)); p++) {
			size_t n = 0;

			if (mask & (UINT32_C(1) << p))
				(void)catan_state_legal_actions(s, p, NULL, 0, &n);
			total += n;
		}
		ck_assert_msg(total > 0, "nobody can act after the edit");
	}
}

/* The edit returned rc: EINVAL with a message and the state as @p before. */
static void
check_refused(int rc, const catan_state *s, const catan_state *before)
{
	CATAN_ASSERT_ERR(rc, CATAN_EINVAL);
	ck_assert_str_ne(catan_state_errmsg(s), "");
	ck_assert(catan_state_equal(s, before));
	ck_assert_uint_eq(catan_state_hash(s), catan_state_hash(before));
}

/* edit.h: playable 0 "counts as bought this turn (only meaningful for the
 * player whose turn it is)": the set-up has no turn, so a card given there
 * is held, not bought (a snapshot of the set-up with a bought card is
 * refused: "cards bought with no turn under way"). */
START_TEST(test_edit_dev_card_in_setup_is_held)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, "base(players=3,seed=11)");
	catan_state *s = catan_test_state_new(g);
	int p = catan_state_current_player(s);
	catan_state *before = NULL;
	catan_player_info info;

	ck_assert_int_eq(catan_state_phase(s), CATAN_PHASE_SETUP);
	CATAN_ASSERT_OK(catan_state_clone(&before, s));
	check_refused(catan_edit_give_dev_card(s, p, CATAN_MAX_DEV_KINDS, 0), s, before);
	catan_state_free(before);
	CATAN_ASSERT_OK(catan_edit_give_dev_card(s, p, CATAN_DEV_MONOPOLY, 0));
	CATAN_ASSERT_OK(catan_state_player(s, p, &info));
	ck_assert_uint_eq(info.dev_cards[CATAN_DEV_MONOPOLY], 1);
	check_sound(ctx, s);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* A state of @p g played at random (seed @p seed) until its phase is
 * @p phase; the test fails when the game ends first. */
static catan_state *
played_to_phase(catan_game *g, uint64_t seed, int phase)
{
	catan_state *s = catan_test_state_new(g);
	uint64_t rng = seed;
	catan_action a;

	while (catan_state_phase(s) != phase) {
		ck_assert_msg(catan_test_random_action(s, &rng, &a), "phase %d never came", phase);
		CATAN_ASSERT_OK(catan_state_apply(s, &a));
	}
	return s;
}

/* base-game.txt: "If there are settlements or cities around, he chooses one
 * of their owners with resources and takes a Resource card at random." In
 * phase steal the victims are the robber's neighbours with cards;
 * moving the robber away from all of them leaves nobody able to act (the
 * loader refuses that: "nobody can act in this position"), so the edit is
 * refused and undone, while a hex next to a victim is accepted. */
START_TEST(test_edit_leaving_nobody_to_act_is_refused)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, "base(players=4,seed=12)");
	catan_state *s = played_to_phase(g, 3, CATAN_PHASE_STEAL);
	catan_state *before = NULL;
	catan_board_counts counts;
	unsigned refused = 0, accepted = 0;

	CATAN_ASSERT_OK(catan_board_counts_get(g, &counts));
	CATAN_ASSERT_OK(catan_state_clone(&before, s));
	for (unsigned h = 0; h < counts.hexes; h++) {
		int rc = catan_edit_set_robber(s, h);

		if (rc == CATAN_OK) {
			check_sound(ctx, s);
			accepted++;
			CATAN_ASSERT_OK(catan_state_copy(s, before));
		} else {
			check_refused(rc, s, before);
			ck_assert_ptr_nonnull(strstr(catan_state_errmsg(s), "nobody could act"));
			refused++;
		}
	}
	ck_assert_uint_gt(refused, 0);
	ck_assert_uint_gt(accepted, 0);
	catan_state_free(before);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* base-game.txt: "each one lays for free 1 colony on a free intersection,
 * then 1 road on a side that leaves this colony". While the road is owed,
 * the settlement is the one it must leave (a snapshot names it:
 * setup_vertex). Removing that settlement, or
 * turning it into a city, is refused; another building is not. */
START_TEST(test_edit_setup_settlement_waits_for_its_road)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, "base(players=3,seed=11)");
	catan_state *s = catan_test_state_new(g);
	catan_state *before = NULL;
	int p = catan_state_current_player(s), kind;
	unsigned v, w;

	CATAN_ASSERT_OK(catan_location_parse(g, "h9.se", &kind, &v));
	CATAN_ASSERT_OK(catan_location_parse(g, "h0.n", &kind, &w));
	CATAN_ASSERT_OK(catan_edit_place(s, (p + 1) % 3, CATAN_PIECE_SETTLEMENT, w));
	{
		char text[64];

		snprintf(text, sizeof(text), "p%d build_settlement h9.se", p);
		CATAN_APPLY(s, text);
	}
	CATAN_ASSERT_OK(catan_state_clone(&before, s));
	check_refused(catan_edit_remove(s, CATAN_PIECE_SETTLEMENT, v), s, before);
	check_refused(catan_edit_place(s, p, CATAN_PIECE_CITY, v), s, before);
	CATAN_ASSERT_OK(catan_edit_remove(s, CATAN_PIECE_SETTLEMENT, w));
	check_sound(ctx, s);
	catan_state_free(before);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* base-game.txt: "Each player who has more than 7 Resource cards returns
 * half of it to the bank, rounded down. With 9 cards, we return 4." While
 * two players owe, lowering one's hand below what they owe is refused (the
 * other could still discard, so somebody could act; the loader refuses
 * it: "owes more cards than held"); lowering it to what is owed is not. */
START_TEST(test_edit_hand_below_discard_owed_is_refused)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, "base(players=3,seed=12,chance=explicit)");
	catan_state *s = catan_test_state_new(g);
	catan_state *before = NULL;
	catan_player_info info;

	CATAN_APPLY(s, "chance first_player p2");
	CATAN_ASSERT_OK(catan_edit_set_turn(s, 1, CATAN_PHASE_ROLL, 0));
	CATAN_ASSERT_OK(catan_edit_set_cards(s, 0, CATAN_WOOL, 9));
	CATAN_ASSERT_OK(catan_edit_set_cards(s, 2, CATAN_GRAIN, 9));
	CATAN_APPLY(s, "p1 roll");
	CATAN_APPLY(s, "chance dice 7");
	ck_assert_int_eq(catan_state_phase(s), CATAN_PHASE_DISCARD);
	CATAN_ASSERT_OK(catan_state_clone(&before, s));
	check_refused(catan_edit_set_cards(s, 2, CATAN_GRAIN, 3), s, before);
	ck_assert_ptr_nonnull(strstr(catan_state_errmsg(s), "owe more cards"));
	CATAN_ASSERT_OK(catan_edit_set_cards(s, 2, CATAN_GRAIN, 4));
	CATAN_ASSERT_OK(catan_state_player(s, 2, &info));
	ck_assert_uint_eq(info.card_total, 4);
	check_sound(ctx, s);
	catan_state_free(before);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* base-game.txt: "Reach at least 10 win points during your own round"
 * (here vp=3). After the end, taking one of the winner's buildings away
 * would leave a winner short of points (the loader refuses it: "the
 * winner has fewer points than needed"), so it is refused; another
 * player's building may go. */
START_TEST(test_edit_winner_keeps_their_points)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, "base(players=3,seed=5,vp=3)");
	catan_state *s = played_to_phase(g, 9, CATAN_PHASE_GAME_OVER);
	catan_state *before = NULL;
	catan_board_counts counts;
	int winner = catan_state_winner(s);
	unsigned refused = 0, accepted = 0;

	ck_assert_int_ge(winner, 0);
	CATAN_ASSERT_OK(catan_board_counts_get(g, &counts));
	CATAN_ASSERT_OK(catan_state_clone(&before, s));
	for (unsigned v = 0; v < counts.vertices; v++) {
		int owner = -1;
		int piece = catan_state_vertex_piece(s, v, &owner);
		int rc;

		if (piece == CATAN_PIECE_NONE)
			continue;
		rc = catan_edit_remove(s, piece, v);
		if (rc == CATAN_OK) {
			check_sound(ctx, s);
			CATAN_ASSERT_OK(catan_state_copy(s, before));
			accepted++;
		} else {
			check_refused(rc, s, before);
			ck_assert_int_eq(owner, winner);
			ck_assert_ptr_nonnull(strstr(catan_state_errmsg(s), "fewer points"));
			refused++;
		}
	}
	ck_assert_uint_gt(refused, 0);
	ck_assert_uint_gt(accepted, 0);
	catan_state_free(before);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

START_TEST(test_snapshot_buffers_and_args)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, "base(players=3,seed=13)");
	catan_state *s = played_state(g, 5, 200);
	catan_game *g2 = NULL;
	catan_state *s2 = NULL;
	size_t len = 0, len2 = 0;
	char *text = snapshot_of(s, &len);
	char small[64];

	CATAN_ASSERT_ERR(catan_state_snapshot(s, NULL, 0, &len2), CATAN_EBUFS);
	ck_assert_uint_eq(len2, len);
	CATAN_ASSERT_ERR(catan_state_snapshot(s, small, sizeof(small), &len2), CATAN_EBUFS);
	ck_assert_uint_eq(len2, len);
	ck_assert_uint_eq(strlen(small), sizeof(small) - 1);
	ck_assert(strncmp(small, text, sizeof(small) - 1) == 0);
	{
		char *exact = malloc(len + 1);

		CATAN_ASSERT_OK(catan_state_snapshot(s, exact, len + 1, NULL));
		ck_assert_str_eq(exact, text);
		CATAN_ASSERT_ERR(catan_state_snapshot(s, exact, len, NULL), CATAN_EBUFS);
		free(exact);
	}
	CATAN_ASSERT_ERR(catan_state_snapshot(NULL, small, sizeof(small), NULL), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_snapshot(s, NULL, 5, NULL), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_load(NULL, &s2, ctx, text, len), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_load(&g2, NULL, ctx, text, len), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_load(&g2, &s2, NULL, text, len), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_load(&g2, &s2, ctx, NULL, len), CATAN_EINVAL);
	/* no text with no length is refused before any pointer is formed */
	CATAN_ASSERT_ERR(catan_load(&g2, &s2, ctx, NULL, 0), CATAN_EINVAL);
	ck_assert_str_eq(catan_ctx_errmsg(ctx), "no text (NULL)");
	/* an empty text is a text that ends before its header */
	CATAN_ASSERT_ERR(catan_load(&g2, &s2, ctx, "", 0), CATAN_EPARSE);
	/* the loaded game is a game of its own, usable after the state is gone */
	s2 = load_ok(ctx, text, len, &g2);
	catan_state_free(s2);
	{
		catan_state *fresh = catan_test_state_new(g2);

		catan_state_free(fresh);
	}
	catan_game_unref(g2);
	free(text);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* ------------------------------------------------- allocation failure */

struct failing_alloc {
	size_t count;
	size_t fail_at;
	size_t live;
};

static void *
failing_alloc_fn(void *userdata, void *ptr, size_t old_size, size_t new_size)
{
	struct failing_alloc *fa = userdata;

	(void)old_size;
	if (new_size == 0) {
		if (ptr)
			fa->live--;
		free(ptr);
		return NULL;
	}
	if (++fa->count == fa->fail_at)
		return NULL;
	if (!ptr)
		fa->live++;
	return realloc(ptr, new_size);
}

START_TEST(test_load_alloc_failure)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, "base(players=4,seed=14)");
	catan_state *s = played_state(g, 3, 300);
	size_t len = 0;
	char *text = snapshot_of(s, &len);
	bool succeeded = false;

	for (size_t fail_at = 1; fail_at < 200 && !succeeded; fail_at++) {
		struct failing_alloc fa = { 0, fail_at, 0 };
		catan_ctx_options opts = CATAN_CTX_OPTIONS_INIT;
		catan_ctx *fctx = NULL;
		catan_game *g2 = NULL;
		catan_state *s2 = NULL;
		int rc;

		opts.alloc = failing_alloc_fn;
		opts.alloc_userdata = &fa;
		fa.fail_at = 0;
		CATAN_ASSERT_OK(catan_ctx_new(&fctx, &opts));
		fa.fail_at = fa.count + fail_at;
		rc = catan_load(&g2, &s2, fctx, text, len);
		if (rc == CATAN_OK) {
			ck_assert(same_position(s, s2));
			catan_state_free(s2);
			catan_game_unref(g2);
			succeeded = true;
		} else {
			ck_assert_int_eq(rc, CATAN_ENOMEM);
		}
		catan_ctx_free(fctx);
		ck_assert_uint_eq(fa.live, 0);
	}
	ck_assert(succeeded);
	free(text);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/*
 * A module's slice must match the position (sys/module.h, refresh): a
 * tampered Strongest Ports holder is refused, the true one loads.
 */
START_TEST(test_snapshot_module_slice_checked)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, "base(players=4,seed=3,chance=sampled)+harbors");
	catan_game *lg = NULL;
	catan_state *s = catan_test_state_new(g), *t = NULL;
	char *text, *line;
	size_t len;

	if (!g || !s)
		return;
	text = snapshot_of(s, &len);
	line = strstr(text, "slice harbors ");
	ck_assert_ptr_nonnull(line);
	/* nobody holds the tile at the start: the byte is ff (-1) */
	ck_assert_int_eq(strncmp(line + 14, "ff", 2), 0);
	t = load_ok(ctx, text, len, &lg);
	catan_state_free(t);
	catan_game_unref(lg);
	lg = NULL;
	t = NULL;
	memcpy(line + 14, "02", 2);
	ck_assert_int_eq(catan_load(&lg, &t, ctx, text, len), CATAN_EPARSE);
	ck_assert_ptr_null(t);
	ck_assert_ptr_nonnull(strstr(catan_ctx_errmsg(ctx), "slice"));
	free(text);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

void
catan_test_register(SRunner *sr)
{
	Suite *s = catan_test_suite(sr, "snapshot");

	CATAN_TEST_ADD_LOOP(s, test_snapshot_round_trip_games, 0, 12);
	CATAN_TEST_ADD_LOOP(s, test_snapshot_truncated, 0, 4);
	CATAN_TEST_ADD_LOOP(s, test_snapshot_line_deleted_or_doubled, 0, (int)ARRAY_LEN(specs));
	CATAN_TEST_ADD_LOOP(s, test_snapshot_byte_flips, 0, 4);
	CATAN_TEST_ADD_LOOP(s, test_snapshot_bad_values, 0, (int)ARRAY_LEN(bad_lines));
	CATAN_TEST_ADD(s, test_snapshot_odd_bytes);
	CATAN_TEST_ADD(s, test_snapshot_edited_positions);
	CATAN_TEST_ADD(s, test_edit_dev_card_in_setup_is_held);
	CATAN_TEST_ADD(s, test_edit_leaving_nobody_to_act_is_refused);
	CATAN_TEST_ADD(s, test_edit_setup_settlement_waits_for_its_road);
	CATAN_TEST_ADD(s, test_edit_hand_below_discard_owed_is_refused);
	CATAN_TEST_ADD(s, test_edit_winner_keeps_their_points);
	CATAN_TEST_ADD(s, test_snapshot_buffers_and_args);
	CATAN_TEST_ADD(s, test_load_alloc_failure);

	s = catan_test_suite(sr, "history");
	CATAN_TEST_ADD_LOOP(s, test_history_round_trip_games, 0, 16);
	CATAN_TEST_ADD(s, test_history_format);
	CATAN_TEST_ADD(s, test_history_errors);
	CATAN_TEST_ADD(s, test_snapshot_module_slice_checked);
}
