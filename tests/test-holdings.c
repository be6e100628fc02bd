/*
 * Unit tests: holdings (catanrules/holding.h), signed points and the
 * per-player win target, on the holdings test module
 * (test-holdings-module.h) through the public API.
 * SPDX-License-Identifier: MIT
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catan-private.h"
#include "test-common.h"
#include "test-holdings-module.h"

#define GAME "base(seed=7)+holdings_test"
#define TEXT_CAP (64 * 1024)

static catan_ctx *
holdings_ctx(void)
{
	catan_ctx *ctx = catan_test_ctx_new();

	catan_test_add_holdings_module(ctx);
	return ctx;
}

struct fixture {
	catan_ctx *ctx;
	catan_game *g;
	catan_state *s;
};

static void
open_game(struct fixture *f, const char *spec)
{
	f->ctx = holdings_ctx();
	f->g = catan_test_game_new(f->ctx, spec);
	f->s = catan_test_state_new(f->g);
}

static void
close_game(struct fixture *f)
{
	catan_state_free(f->s);
	catan_game_unref(f->g);
	catan_ctx_free(f->ctx);
}

static int32_t
holding(const catan_state *s, int player, const char *name)
{
	int32_t v = -99;

	CATAN_ASSERT_OK(catan_state_holding(s, player, name, &v));
	return v;
}

static int32_t
seen(const catan_state *s, int observer, int player, const char *name)
{
	int32_t v = -99;

	CATAN_ASSERT_OK(catan_state_observe_holding(s, observer, player, name, &v));
	return v;
}

static char *
observation(const catan_state *s, int observer)
{
	char *buf = malloc(TEXT_CAP);

	ck_assert_ptr_nonnull(buf);
	CATAN_ASSERT_OK(catan_state_observation_string(s, observer, buf, TEXT_CAP, NULL));
	return buf;
}

static char *
snapshot(const catan_state *s)
{
	char *buf = malloc(TEXT_CAP);

	ck_assert_ptr_nonnull(buf);
	CATAN_ASSERT_OK(catan_state_snapshot(s, buf, TEXT_CAP, NULL));
	return buf;
}

/* Tokens of every kind in p0's and p1's hands, gold and secrets. */
static void
deal_some(catan_state *s)
{
	CATAN_ASSERT_OK(catan_edit_set_holding(s, 0, "gold", 3));
	CATAN_ASSERT_OK(catan_edit_set_holding(s, 1, "secret", 4));
	CATAN_ASSERT_OK(catan_edit_set_holding(s, 2, "secret", 2));
	CATAN_ASSERT_OK(catan_edit_set_holding(s, 0, "fish_1", 1));
	CATAN_ASSERT_OK(catan_edit_set_holding(s, 1, "fish_1", 2));
	CATAN_ASSERT_OK(catan_edit_set_holding(s, 1, "fish_3", 1));
	CATAN_ASSERT_OK(catan_edit_set_holding(s, 2, "fish_2", 2));
	CATAN_ASSERT_OK(catan_edit_set_holding(s, 0, "tiles", 1));
	CATAN_ASSERT_OK(catan_edit_set_holding(s, 1, "tiles", 3));
}

/* ------------------------------------------------------- declaration */

START_TEST(test_holdings_declared)
{
	static const char *const names[] = {
		"gold", "secret", "fish_1", "fish_2", "fish_3", "boot", "poor", "tiles",
	};
	struct fixture f;
	catan_holding_info info;
	catan_game *base;
	catan_state *bs;

	open_game(&f, GAME);
	ck_assert_int_eq(catan_game_holding_count(f.g), (int)ARRAY_LEN(names));
	for (unsigned i = 0; i < ARRAY_LEN(names); i++) {
		CATAN_ASSERT_OK(catan_game_holding(f.g, i, &info));
		ck_assert_str_eq(info.name, names[i]);
	}
	CATAN_ASSERT_OK(catan_game_holding(f.g, 1, &info));
	ck_assert_int_eq(info.visibility, CATAN_HOLDING_OWNER);
	ck_assert_int_eq(info.supply, -1);
	ck_assert_ptr_null(info.group);
	CATAN_ASSERT_OK(catan_game_holding(f.g, 3, &info));
	ck_assert_int_eq(info.visibility, CATAN_HOLDING_GROUP);
	ck_assert_str_eq(info.group, "fish");
	ck_assert_int_eq(info.supply, 10);
	ck_assert_int_eq(info.max, 10);
	CATAN_ASSERT_OK(catan_game_holding(f.g, 5, &info));
	ck_assert_int_eq(info.target, 1);
	CATAN_ASSERT_OK(catan_game_holding(f.g, 7, &info));
	ck_assert_int_eq(info.visibility, CATAN_HOLDING_OWNER);
	ck_assert_int_eq(info.supply, 12);
	CATAN_ASSERT_ERR(catan_game_holding(f.g, 8, &info), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_game_holding(NULL, 0, &info), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_game_holding(f.g, 0, NULL), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_game_holding_count(NULL), CATAN_EINVAL);
	/* A built game takes no more. */
	{
		static const catan_holding_spec late = { "late", NULL, CATAN_HOLDING_PUBLIC,
							 5, 0, 0, 0, 0 };

		CATAN_ASSERT_ERR(catan_game_declare_holding(f.g, &late), CATAN_EINVAL);
		ck_assert_int_eq(catan_game_holding_count(f.g), (int)ARRAY_LEN(names));
	}

	/* The base game keeps its layout: no holdings, 480 bytes at four. */
	base = catan_test_game_new(f.ctx, "base(seed=7)");
	bs = catan_test_state_new(base);
	ck_assert_int_eq(catan_game_holding_count(base), 0);
	ck_assert_uint_eq(catan_state_size(bs), 480);
	/* eight holdings of four players and the supply, 8-aligned */
	ck_assert_uint_eq(catan_state_size(f.s), 480 + ((8 * 5 * 2 + 7) & ~7));
	{
		int32_t v;

		CATAN_ASSERT_ERR(catan_state_holding(bs, 0, "gold", &v), CATAN_ENOTFOUND);
	}
	catan_state_free(bs);
	catan_game_unref(base);
	close_game(&f);
}
END_TEST

/* A module whose build_game tries bad declarations: each is refused. */
static int refusals[16];
static size_t nrefusals;

static int
bad_build(catan_game *g)
{
	static const catan_holding_spec bad[] = {
		{ "", NULL, CATAN_HOLDING_PUBLIC, 5, 0, 0, 0, 0 },          /* no name */
		{ "Gold", NULL, CATAN_HOLDING_PUBLIC, 5, 0, 0, 0, 0 },      /* upper case */
		{ "gold", NULL, 3, 5, 0, 0, 0, 0 },                         /* visibility */
		{ "gold", "g", CATAN_HOLDING_PUBLIC, 5, 0, 0, 0, 0 },       /* group, not grouped */
		{ "gold", NULL, CATAN_HOLDING_GROUP, 5, 0, 0, 0, 0 },       /* grouped, no group */
		{ "gold", NULL, CATAN_HOLDING_PUBLIC, 0, 0, 0, 0, 0 },      /* max 0 */
		{ "gold", NULL, CATAN_HOLDING_PUBLIC, 5, 0, 0, 3, 0 },      /* total, no supply */
		{ "gold", "gold", CATAN_HOLDING_GROUP, 5, 0, 0, 0, 0 },     /* group = name */
	};
	static const catan_holding_spec ok = { "coins", NULL, CATAN_HOLDING_PUBLIC, 5, 0, 0, 0, 0 };
	static const catan_holding_spec taken = { "coins", NULL, CATAN_HOLDING_OWNER, 5, 0, 0, 0, 0 };
	static const catan_holding_spec as_group = { "x", "coins", CATAN_HOLDING_GROUP, 5, 0, 0, 0, 0 };

	nrefusals = 0;
	for (size_t i = 0; i < ARRAY_LEN(bad); i++)
		refusals[nrefusals++] = catan_game_declare_holding(g, &bad[i]);
	refusals[nrefusals++] = catan_game_declare_holding(g, NULL);
	refusals[nrefusals++] = catan_game_declare_holding(g, &ok) == CATAN_OK ? CATAN_EINVAL : 0;
	refusals[nrefusals++] = catan_game_declare_holding(g, &taken);
	refusals[nrefusals++] = catan_game_declare_holding(g, &as_group);
	return CATAN_OK;
}

static const char *const any_base[] = { "base", NULL };
static const struct catan_module_ops bad_module = {
	.version = CATAN_MODULE_OPS_VERSION,
	.name = "holdings_bad",
	.description = "declares bad holdings",
	.variants = any_base,
	.build_game = bad_build,
};

START_TEST(test_holdings_declarations_refused)
{
	static const struct catan_module_ops *const table[] = { &bad_module, NULL };
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g;

	ctx->modules = table;
	ctx->nmodules = 1;
	g = catan_test_game_new(ctx, "base+holdings_bad");
	ck_assert_uint_eq(nrefusals, 12);
	for (size_t i = 0; i < nrefusals; i++)
		ck_assert_msg(refusals[i] == CATAN_EINVAL, "declaration %zu: %d", i, refusals[i]);
	/* Only the good one was kept. */
	ck_assert_int_eq(catan_game_holding_count(g), 1);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------- reading, editing */

START_TEST(test_holdings_edit)
{
	struct fixture f;
	catan_state *before;
	int32_t v;

	open_game(&f, GAME);
	ck_assert_int_eq(holding(f.s, 0, "gold"), 0);
	ck_assert_int_eq(holding(f.s, CATAN_HOLDING_SUPPLY, "gold"), 40);
	ck_assert_int_eq(holding(f.s, CATAN_HOLDING_SUPPLY, "fish"), 29);
	CATAN_ASSERT_OK(catan_edit_set_holding(f.s, 0, "gold", 3));
	ck_assert_int_eq(holding(f.s, 0, "gold"), 3);
	ck_assert_int_eq(holding(f.s, CATAN_HOLDING_SUPPLY, "gold"), 37);
	CATAN_ASSERT_OK(catan_edit_set_holding(f.s, 0, "gold", 1));
	ck_assert_int_eq(holding(f.s, CATAN_HOLDING_SUPPLY, "gold"), 39);
	/* Holdings are counters too. */
	CATAN_ASSERT_OK(catan_state_counter(f.s, 0, "gold", &v));
	ck_assert_int_eq(v, 1);
	CATAN_ASSERT_OK(catan_state_counter(f.s, -1, "gold", &v));
	ck_assert_int_eq(v, 39);

	/* Refusals leave the state as it was, with a reason. */
	CATAN_ASSERT_OK(catan_state_clone(&before, f.s));
	/* Holdings are position data: hashed and compared. */
	CATAN_ASSERT_OK(catan_edit_set_holding(before, 2, "fish_2", 1));
	ck_assert(!catan_state_equal(before, f.s));
	ck_assert_uint_ne(catan_state_hash(before), catan_state_hash(f.s));
	CATAN_ASSERT_OK(catan_edit_set_holding(before, 2, "fish_2", 0));
	ck_assert_uint_eq(catan_state_hash(before), catan_state_hash(f.s));
	CATAN_ASSERT_ERR(catan_edit_set_holding(f.s, 0, "gold", 51), CATAN_EINVAL);
	ck_assert_ptr_nonnull(strstr(catan_state_errmsg(f.s), "at most 50"));
	CATAN_ASSERT_ERR(catan_edit_set_holding(f.s, 1, "secret", 10), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_set_holding(f.s, 1, "fish_3", 9), CATAN_EINVAL);
	ck_assert_ptr_nonnull(strstr(catan_state_errmsg(f.s), "supply holds 8"));
	CATAN_ASSERT_ERR(catan_edit_set_holding(f.s, 1, "fish", 1), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_set_holding(f.s, 1, "nothing", 1), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_set_holding(f.s, 4, "gold", 1), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_set_holding(f.s, -2, "gold", 1), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_set_holding(f.s, CATAN_HOLDING_SUPPLY, "secret", 1),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_set_holding(f.s, CATAN_HOLDING_SUPPLY, "gold", 40),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_set_holding(f.s, 0, NULL, 1), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_set_holding(NULL, 0, "gold", 1), CATAN_EINVAL);
	ck_assert(catan_state_equal(before, f.s));
	/* The supply may shrink (tokens out of play), not grow past the total. */
	CATAN_ASSERT_OK(catan_edit_set_holding(f.s, CATAN_HOLDING_SUPPLY, "gold", 20));
	ck_assert_int_eq(holding(f.s, CATAN_HOLDING_SUPPLY, "gold"), 20);
	CATAN_ASSERT_OK(catan_edit_set_holding(f.s, CATAN_HOLDING_SUPPLY, "gold", 39));

	CATAN_ASSERT_ERR(catan_state_holding(f.s, 0, "nothing", &v), CATAN_ENOTFOUND);
	CATAN_ASSERT_ERR(catan_state_holding(f.s, CATAN_HOLDING_SUPPLY, "secret", &v),
			 CATAN_ENOTFOUND);
	CATAN_ASSERT_ERR(catan_state_holding(f.s, 4, "gold", &v), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_holding(f.s, 0, NULL, &v), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_holding(f.s, 0, "gold", NULL), CATAN_EINVAL);
	catan_state_free(before);
	close_game(&f);
}
END_TEST

/* --------------------------------------------------------- observing */

START_TEST(test_holdings_observe)
{
	struct fixture f;
	char *p0, *p1, *pub, *all, json[TEXT_CAP];

	open_game(&f, GAME);
	deal_some(f.s);
	/* Public: everyone. Owner: the holder only. Group: the total. */
	ck_assert_int_eq(seen(f.s, 1, 0, "gold"), 3);
	ck_assert_int_eq(seen(f.s, CATAN_OBSERVER_PUBLIC, CATAN_HOLDING_SUPPLY, "gold"), 37);
	ck_assert_int_eq(seen(f.s, 0, 1, "secret"), -1);
	ck_assert_int_eq(seen(f.s, CATAN_OBSERVER_PUBLIC, 1, "secret"), -1);
	ck_assert_int_eq(seen(f.s, 1, 1, "secret"), 4);
	ck_assert_int_eq(seen(f.s, CATAN_OBSERVER_ALL, 1, "secret"), 4);
	ck_assert_int_eq(seen(f.s, 0, 1, "fish"), 3);
	ck_assert_int_eq(seen(f.s, 0, 1, "fish_1"), -1);
	ck_assert_int_eq(seen(f.s, 1, 1, "fish_1"), 2);
	ck_assert_int_eq(seen(f.s, 0, CATAN_HOLDING_SUPPLY, "fish"), 29 - 6);
	ck_assert_int_eq(seen(f.s, 0, CATAN_HOLDING_SUPPLY, "fish_1"), -1);
	ck_assert_int_eq(seen(f.s, CATAN_OBSERVER_ALL, CATAN_HOLDING_SUPPLY, "fish_1"), 8);
	/* The supply of a holding of the owner is the referee's only. */
	ck_assert_int_eq(seen(f.s, 1, CATAN_HOLDING_SUPPLY, "tiles"), -1);
	ck_assert_int_eq(seen(f.s, CATAN_OBSERVER_ALL, CATAN_HOLDING_SUPPLY, "tiles"), 8);
	{
		int32_t v;

		CATAN_ASSERT_ERR(catan_state_observe_holding(f.s, 4, 0, "gold", &v), CATAN_EINVAL);
		CATAN_ASSERT_ERR(catan_state_observe_holding(f.s, 0, 0, "none", &v),
				 CATAN_ENOTFOUND);
	}

	p0 = observation(f.s, 0);
	p1 = observation(f.s, 1);
	pub = observation(f.s, CATAN_OBSERVER_PUBLIC);
	all = observation(f.s, CATAN_OBSERVER_ALL);
	ck_assert_ptr_nonnull(strstr(pub, "holding gold p0 3\n"));
	ck_assert_ptr_nonnull(strstr(pub, "supply gold 37\n"));
	ck_assert_ptr_nonnull(strstr(pub, "holding fish p1 3\n"));
	ck_assert_ptr_nonnull(strstr(pub, "supply fish 23\n"));
	ck_assert_ptr_null(strstr(pub, "holding secret"));
	ck_assert_ptr_null(strstr(pub, "holding fish_1"));
	ck_assert_ptr_null(strstr(pub, "supply fish_1"));
	ck_assert_ptr_nonnull(strstr(p1, "holding secret p1 4\n"));
	ck_assert_ptr_null(strstr(p1, "holding secret p2"));
	ck_assert_ptr_nonnull(strstr(p1, "holding fish_1 p1 2\n"));
	ck_assert_ptr_null(strstr(p1, "holding fish_1 p0"));
	ck_assert_ptr_null(strstr(p0, "holding secret p1"));
	ck_assert_ptr_nonnull(strstr(all, "holding secret p2 2\n"));
	ck_assert_ptr_nonnull(strstr(all, "supply fish_1 8\n"));
	ck_assert_ptr_null(strstr(p1, "supply tiles"));
	ck_assert_ptr_nonnull(strstr(p1, "holding tiles p1 3\n"));
	ck_assert_ptr_nonnull(strstr(all, "supply tiles 8\n"));

	CATAN_ASSERT_OK(catan_state_to_json(f.s, 0, json, sizeof(json), NULL));
	ck_assert_ptr_nonnull(strstr(json, "\"holdings\":"));
	ck_assert_ptr_nonnull(strstr(json, "\"secret\":{\"players\":[0,null,null,null]}"));
	ck_assert_ptr_nonnull(strstr(json, "\"fish\":{\"players\":[1,3,2,0],\"supply\":23}"));
	ck_assert_ptr_nonnull(strstr(json, "\"fish_1\":{\"players\":[1,null,null,null],\"supply\":null}"));
	CATAN_ASSERT_OK(catan_state_to_json(f.s, CATAN_OBSERVER_ALL, json, sizeof(json), NULL));
	ck_assert_ptr_nonnull(strstr(json, "\"secret\":{\"players\":[0,4,2,0]}"));
	free(p0);
	free(p1);
	free(pub);
	free(all);
	close_game(&f);
}
END_TEST

/* A player's observation does not change when only another player's
 * hidden split does. */
START_TEST(test_holdings_hidden_split_unseen)
{
	struct fixture f;
	catan_state *t;
	char *a, *b;

	open_game(&f, GAME);
	deal_some(f.s);
	CATAN_ASSERT_OK(catan_state_clone(&t, f.s));
	/* p1 swaps a 1-fish for a 2-fish, and a secret changes. */
	CATAN_ASSERT_OK(catan_edit_set_holding(t, 1, "fish_1", 1));
	CATAN_ASSERT_OK(catan_edit_set_holding(t, 1, "fish_2", 1));
	CATAN_ASSERT_OK(catan_edit_set_holding(t, 1, "secret", 7));
	a = observation(f.s, 0);
	b = observation(t, 0);
	ck_assert_str_eq(a, b);
	free(a);
	free(b);
	a = observation(f.s, 1);
	b = observation(t, 1);
	ck_assert_str_ne(a, b);
	free(a);
	free(b);
	catan_state_free(t);
	close_game(&f);
}
END_TEST

/* ---------------------------------------------------------- snapshots */

START_TEST(test_holdings_snapshot_round_trip)
{
	struct fixture f;
	catan_game *g2;
	catan_state *s2;
	char *text, *again;

	open_game(&f, GAME);
	deal_some(f.s);
	text = snapshot(f.s);
	ck_assert_ptr_nonnull(strstr(text, "holding gold 3 0 0 0 supply 37\n"));
	ck_assert_ptr_nonnull(strstr(text, "holding secret 0 4 2 0\n"));
	CATAN_ASSERT_OK(catan_load(&g2, &s2, f.ctx, text, strlen(text)));
	ck_assert(catan_state_equal(f.s, s2));
	ck_assert_uint_eq(catan_state_hash(f.s), catan_state_hash(s2));
	again = snapshot(s2);
	ck_assert_str_eq(text, again);
	free(again);
	catan_state_free(s2);
	catan_game_unref(g2);
	free(text);
	close_game(&f);
}
END_TEST

static const struct {
	const char *from, *to, *why;
} bad_holding_lines[] = {
	{ "holding gold 3 0 0 0 supply 37", "holding gold 51 0 0 0 supply 0", "count must be 0..50" },
	{ "holding gold 3 0 0 0 supply 37", "holding gold 3 0 0 0 supply 38", "the game has 40" },
	{ "holding gold 3 0 0 0 supply 37", "holding gold 3 0 0 0", "needs 4 counts" },
	{ "holding gold 3 0 0 0 supply 37", "holding gold 3 0 0 supply 37", "needs 4 counts" },
	{ "holding gold 3 0 0 0 supply 37", "holding gold 3 0 0 x supply 37", "count must be" },
	{ "holding gold 3 0 0 0 supply 37", "holding gold 3 0 0 0 stock 37", "'supply N'" },
	{ "holding gold 3 0 0 0 supply 37\n", "", "missing 'holding'" },
	{ "holding secret 0 4 2 0", "holding secret 0 4 2 0\nholding secret 0 4 2 0", "twice" },
	{ "holding secret 0 4 2 0", "holding fish 0 4 2 0", "no holding 'fish'" },
	{ "holding secret 0 4 2 0", "holding secret 0 10 2 0", "p1's count must be 0..9" },
};

START_TEST(test_holdings_snapshot_refused)
{
	struct fixture f;
	char *text, *bad, *at;
	catan_game *g2 = NULL;
	catan_state *s2 = NULL;
	int i = _i;

	open_game(&f, GAME);
	deal_some(f.s);
	text = snapshot(f.s);
	at = strstr(text, bad_holding_lines[i].from);
	ck_assert_ptr_nonnull(at);
	bad = malloc(strlen(text) + 128);
	ck_assert_ptr_nonnull(bad);
	memcpy(bad, text, (size_t)(at - text));
	strcpy(bad + (at - text), bad_holding_lines[i].to);
	strcat(bad, at + strlen(bad_holding_lines[i].from));
	CATAN_ASSERT_ERR(catan_load(&g2, &s2, f.ctx, bad, strlen(bad)), CATAN_EPARSE);
	ck_assert_ptr_null(s2);
	ck_assert_msg(strstr(catan_ctx_errmsg(f.ctx), bad_holding_lines[i].why) != NULL,
		      "message '%s' lacks '%s'", catan_ctx_errmsg(f.ctx),
		      bad_holding_lines[i].why);
	free(bad);
	free(text);
	close_game(&f);
}
END_TEST

/* ----------------------------------------------------------- resample */

START_TEST(test_holdings_resample)
{
	struct fixture f;
	char *want;
	bool split_changed = false, secret_changed = false, tiles_changed = false;

	open_game(&f, GAME);
	deal_some(f.s);
	want = observation(f.s, 0);
	for (uint64_t seed = 1; seed <= 40; seed++) {
		catan_state *t;
		char *got, why[160];

		CATAN_ASSERT_OK(catan_state_resample(&t, f.s, 0, seed));
		got = observation(t, 0);
		ck_assert_str_eq(want, got);
		free(got);
		ck_assert(catan_holdings__valid(t, why, sizeof(why)));
		/* What p0 sees is kept: their own split, the public counts. */
		ck_assert_int_eq(holding(t, 0, "fish_1"), 1);
		ck_assert_int_eq(holding(t, 1, "fish"), 3);
		ck_assert_int_eq(holding(t, 2, "fish"), 2);
		ck_assert_int_eq(holding(t, 0, "gold"), 3);
		ck_assert_int_eq(holding(t, CATAN_HOLDING_SUPPLY, "fish"), 23);
		/* The others' secrets stay within the others (no supply). */
		ck_assert_int_eq(holding(t, 1, "secret") + holding(t, 2, "secret") +
				 holding(t, 3, "secret"), 6);
		if (holding(t, 1, "fish_1") != 2 || holding(t, 1, "fish_3") != 1)
			split_changed = true;
		if (holding(t, 1, "secret") != 4)
			secret_changed = true;
		/* The others' tiles and the (hidden) supply share what p0 lacks. */
		ck_assert_int_eq(holding(t, 0, "tiles"), 1);
		ck_assert_int_eq(holding(t, 1, "tiles") + holding(t, 2, "tiles") +
				 holding(t, 3, "tiles") +
				 holding(t, CATAN_HOLDING_SUPPLY, "tiles"), 11);
		if (holding(t, 1, "tiles") != 3 || holding(t, CATAN_HOLDING_SUPPLY, "tiles") != 8)
			tiles_changed = true;
		catan_state_free(t);
	}
	ck_assert(split_changed);
	ck_assert(secret_changed);
	ck_assert(tiles_changed);
	free(want);
	close_game(&f);
}
END_TEST

/* -------------------------------------------- signed points, targets */

START_TEST(test_points_negative)
{
	struct fixture f;
	catan_player_info pi;
	catan_observation o = { .version = CATAN_OBSERVATION_VERSION };
	int32_t v = 0;
	char *text, json[TEXT_CAP];

	open_game(&f, GAME);
	CATAN_ASSERT_OK(catan_edit_place(f.s, 0, CATAN_PIECE_SETTLEMENT, 0));
	CATAN_ASSERT_OK(catan_edit_set_holding(f.s, 0, "poor", 1));
	CATAN_ASSERT_OK(catan_edit_set_holding(f.s, 1, "poor", 1));
	CATAN_ASSERT_OK(catan_state_points(f.s, 0, 0, &v));
	ck_assert_int_eq(v, -1);
	CATAN_ASSERT_OK(catan_state_points(f.s, 1, 1, &v));
	ck_assert_int_eq(v, -2);
	CATAN_ASSERT_OK(catan_state_points(f.s, 2, 1, &v));
	ck_assert_int_eq(v, 0);
	CATAN_ASSERT_ERR(catan_state_points(f.s, 4, 0, &v), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_points(f.s, -1, 0, &v), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_points(f.s, 0, 0, NULL), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_points(NULL, 0, 0, &v), CATAN_EINVAL);
	CATAN_ASSERT_OK(catan_state_player(f.s, 1, &pi));
	ck_assert_int_eq(pi.public_vp, -2);
	ck_assert_int_eq(pi.total_vp, -2);
	CATAN_ASSERT_OK(catan_state_observe(f.s, 0, &o));
	ck_assert_int_eq(o.players[0].public_vp, -1);
	ck_assert_int_eq(o.players[1].public_vp, -2);
	ck_assert_int_eq(o.players[1].visible_vp, -2);
	text = observation(f.s, 0);
	ck_assert_ptr_nonnull(strstr(text, " vp -2 "));
	free(text);
	CATAN_ASSERT_OK(catan_state_to_json(f.s, 2, json, sizeof(json), NULL));
	ck_assert_ptr_nonnull(strstr(json, "\"public_vp\":-2"));
	close_game(&f);
}
END_TEST

/* Four cities and two settlements of p0 (the stock has four cities). */
static void
place_ten_points(catan_state *s)
{
	for (unsigned v = 0; v < 6; v++)
		CATAN_ASSERT_OK(catan_edit_place(s, 0, v < 4 ? CATAN_PIECE_CITY :
						 CATAN_PIECE_SETTLEMENT, 10 * v));
}

/* p0 with ten points in their turn: they win after the roll, unless they
 * hold the boot (eleven needed). */
static int
winner_after_roll(int boot_holder)
{
	struct fixture f;
	int32_t target;
	int winner;

	open_game(&f, GAME);
	CATAN_ASSERT_OK(catan_edit_set_turn(f.s, 0, CATAN_PHASE_ROLL, 0));
	place_ten_points(f.s);
	if (boot_holder >= 0)
		CATAN_ASSERT_OK(catan_edit_set_holding(f.s, boot_holder, "boot", 1));
	CATAN_ASSERT_OK(catan_state_vp_to_win(f.s, 0, &target));
	ck_assert_int_eq(target, boot_holder == 0 ? 11 : 10);
	CATAN_ASSERT_OK(catan_state_vp_to_win(f.s, 1, &target));
	ck_assert_int_eq(target, boot_holder == 1 ? 11 : 10);
	ck_assert_int_eq(catan_game_vp_to_win(f.g), 10);
	CATAN_ASSERT_ERR(catan_state_vp_to_win(f.s, 4, &target), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_vp_to_win(f.s, 0, NULL), CATAN_EINVAL);
	CATAN_APPLY(f.s, "p0 roll");
	winner = catan_state_winner(f.s);
	close_game(&f);
	return winner;
}

START_TEST(test_win_target_per_player)
{
	ck_assert_int_eq(winner_after_roll(-1), 0);
	ck_assert_int_eq(winner_after_roll(1), 0);
	ck_assert_int_eq(winner_after_roll(0), -1);
}
END_TEST

/* A snapshot whose winner lacks their own target is refused. */
START_TEST(test_win_target_in_snapshot)
{
	struct fixture f;
	catan_game *g2 = NULL;
	catan_state *s2 = NULL;
	char *text, *at;

	open_game(&f, GAME);
	CATAN_ASSERT_OK(catan_edit_set_turn(f.s, 0, CATAN_PHASE_ROLL, 0));
	place_ten_points(f.s);
	CATAN_APPLY(f.s, "p0 roll");
	ck_assert_int_eq(catan_state_winner(f.s), 0);
	text = snapshot(f.s);
	at = strstr(text, "holding boot 0 0 0 0");
	ck_assert_ptr_nonnull(at);
	at[13] = '1';
	CATAN_ASSERT_ERR(catan_load(&g2, &s2, f.ctx, text, strlen(text)), CATAN_EPARSE);
	ck_assert_ptr_nonnull(strstr(catan_ctx_errmsg(f.ctx), "fewer points than needed"));
	free(text);
	close_game(&f);
}
END_TEST

/* -------------------------------------------------- random play, OOM */

/* Holdings ride along a random game: every position's snapshot loads back
 * equal and the resample keeps player 1's view. */
START_TEST(test_holdings_random_play)
{
	struct fixture f;
	uint64_t rng = catan_test_seed() + (uint64_t)_i;
	catan_action played;

	open_game(&f, GAME);
	deal_some(f.s);
	for (int step = 0; step < 300 && !catan_state_is_terminal(f.s); step++) {
		if (step % 25 == 0) {
			catan_game *g2;
			catan_state *s2, *t;
			char *text = snapshot(f.s), *a, *b;

			CATAN_ASSERT_OK(catan_load(&g2, &s2, f.ctx, text, strlen(text)));
			ck_assert(catan_state_equal(f.s, s2));
			catan_state_free(s2);
			catan_game_unref(g2);
			free(text);
			CATAN_ASSERT_OK(catan_state_resample(&t, f.s, 1, rng));
			a = observation(f.s, 1);
			b = observation(t, 1);
			ck_assert_str_eq(a, b);
			free(a);
			free(b);
			catan_state_free(t);
		}
		ck_assert(catan_test_random_action(f.s, &rng, &played));
		CATAN_ASSERT_OK(catan_state_apply(f.s, &played));
	}
	/* the game moved on: the checks above saw 300 positions */
	ck_assert(catan_state_is_terminal(f.s) || catan_state_move_number(f.s) >= 300);
	close_game(&f);
}
END_TEST

struct failing {
	unsigned long calls, fail_at;
	size_t live;
};

static void *
failing_alloc(void *userdata, void *ptr, size_t old_size, size_t new_size)
{
	struct failing *c = userdata;

	if (new_size == 0) {
		if (ptr)
			c->live -= old_size;
		free(ptr);
		return NULL;
	}
	if (c->fail_at && ++c->calls == c->fail_at)
		return NULL;
	ptr = realloc(ptr, new_size);
	if (ptr)
		c->live += new_size - old_size;
	return ptr;
}

START_TEST(test_holdings_alloc_failure)
{
	struct failing c = { 0, 0, 0 };
	catan_ctx_options opts = CATAN_CTX_OPTIONS_INIT;
	catan_ctx *ctx = NULL;
	char *text = NULL;
	bool done = false;

	opts.alloc = failing_alloc;
	opts.alloc_userdata = &c;
	CATAN_ASSERT_OK(catan_ctx_new(&ctx, &opts));
	catan_test_add_holdings_module(ctx);
	for (unsigned long k = 1; !done && k < 1000; k++) {
		catan_game *g = NULL, *g2 = NULL;
		catan_state *s = NULL, *t = NULL, *s2 = NULL;
		size_t live = c.live;
		int rc;

		c.calls = 0;
		c.fail_at = k;
		rc = catan_game_new_from_string(&g, ctx, GAME);
		if (rc == CATAN_OK)
			rc = catan_state_new(&s, g);
		if (rc == CATAN_OK && !text) {
			c.fail_at = 0;
			deal_some(s);
			text = snapshot(s);
			c.fail_at = k;
		}
		if (rc == CATAN_OK)
			rc = catan_state_resample(&t, s, 0, 5);
		if (rc == CATAN_OK)
			rc = catan_load(&g2, &s2, ctx, text, strlen(text));
		if (rc == CATAN_OK)
			done = true;
		else
			ck_assert_int_eq(rc, CATAN_ENOMEM);
		c.fail_at = 0;
		catan_state_free(s2);
		catan_game_unref(g2);
		catan_state_free(t);
		catan_state_free(s);
		catan_game_unref(g);
		ck_assert_uint_eq(c.live, live);
	}
	ck_assert(done);
	free(text);
	catan_ctx_free(ctx);
}
END_TEST

void
catan_test_register(SRunner *sr)
{
	Suite *s = catan_test_suite(sr, "holdings");

	CATAN_TEST_ADD(s, test_holdings_declared);
	CATAN_TEST_ADD(s, test_holdings_declarations_refused);
	CATAN_TEST_ADD(s, test_holdings_edit);
	CATAN_TEST_ADD(s, test_holdings_observe);
	CATAN_TEST_ADD(s, test_holdings_hidden_split_unseen);
	CATAN_TEST_ADD(s, test_holdings_snapshot_round_trip);
	CATAN_TEST_ADD_LOOP(s, test_holdings_snapshot_refused, 0,
			    (int)ARRAY_LEN(bad_holding_lines));
	CATAN_TEST_ADD(s, test_holdings_resample);
	CATAN_TEST_ADD(s, test_points_negative);
	CATAN_TEST_ADD(s, test_win_target_per_player);
	CATAN_TEST_ADD(s, test_win_target_in_snapshot);
	CATAN_TEST_ADD_LOOP(s, test_holdings_random_play, 0, 3);
	CATAN_TEST_ADD(s, test_holdings_alloc_failure);
}
