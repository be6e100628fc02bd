/*
 * Unit tests: allocation failures injected into every allocating call.
 * SPDX-License-Identifier: MIT
 */

/*
 * A counting allocator, installed through catan_ctx_options, fails the
 * k-th allocation of one call, for k = 1, 2, ... until the call succeeds
 * without meeting the failure (Lua's ltests.c does the same with its
 * Memcontrol). Every failing run must return CATAN_ENOMEM, leave the
 * output pointers as they were, and give back every byte it took: the
 * live byte and block counts return to their values before the call. The
 * allocator also checks that each free names the size that was allocated,
 * as the hook's contract says.
 *
 * Covered: context, game (every registered variant, with and without each
 * module and all of them, from strings and from options), state, clone,
 * loading a snapshot and a history, resampling.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test-common.h"

/* Far above what any call allocates; a loop this long is a bug. */
#define MAX_ALLOCATIONS 10000
#define TEXT_CAP (256 * 1024)

struct counting {
	size_t live_bytes;
	size_t live_blocks;
	unsigned long calls;     /* allocations since armed */
	unsigned long fail_at;   /* 0: never fail */
	int failed;              /* the failure was injected */
	unsigned long bad_sizes; /* frees or reallocs naming a wrong size */
};

/* Each block carries its size in front (aligned for any type). */
union header {
	size_t size;
	max_align_t align;
};

static void *
counting_alloc(void *userdata, void *ptr, size_t old_size, size_t new_size)
{
	struct counting *c = userdata;
	union header *h = ptr ? (union header *)ptr - 1 : NULL;
	union header *n;

	if (h && h->size != old_size)
		c->bad_sizes++;
	if (new_size == 0) {
		if (h) {
			c->live_bytes -= h->size;
			c->live_blocks--;
			free(h);
		}
		return NULL;
	}
	c->calls++;
	if (c->fail_at && c->calls == c->fail_at) {
		c->failed = 1;
		return NULL;
	}
	n = realloc(h, sizeof(*n) + new_size);
	if (!n)
		return NULL;
	if (h) {
		c->live_bytes -= n->size;
	} else {
		c->live_blocks++;
	}
	n->size = new_size;
	c->live_bytes += new_size;
	return n + 1;
}

static void
log_fails_test(void *userdata, int level, const char *message)
{
	(void)userdata;
	if (level <= CATAN_LOG_ERROR)
		ck_abort_msg("library error log: %s", message);
}

static catan_ctx *
counting_ctx(struct counting *c)
{
	catan_ctx_options opts = CATAN_CTX_OPTIONS_INIT;
	catan_ctx *ctx = NULL;

	memset(c, 0, sizeof(*c));
	opts.alloc = counting_alloc;
	opts.alloc_userdata = c;
	opts.log = log_fails_test;
	CATAN_ASSERT_OK(catan_ctx_new(&ctx, &opts));
	return ctx;
}

static void
arm(struct counting *c, unsigned long k)
{
	c->calls = 0;
	c->fail_at = k;
	c->failed = 0;
}

static void
disarm(struct counting *c)
{
	c->fail_at = 0;
}

/*
 * One call under test: fills up to two outputs (a game and a state, or
 * NULL) and returns its code. release() frees what a successful call made.
 */
struct call {
	const char *what;
	int (*run)(const struct call *call, void **out1, void **out2);
	void (*release)(void *out1, void *out2);
	catan_ctx *ctx;
	catan_game *game;
	catan_state *state;
	const char *text;
	size_t len;
};

/* What the outputs hold before the call: anything but NULL and real. */
static char untouched_marker;
#define UNTOUCHED ((void *)&untouched_marker)

static void
run_until_success(struct counting *c, const struct call *call)
{
	unsigned long k;

	for (k = 1; k < MAX_ALLOCATIONS; k++) {
		size_t bytes = c->live_bytes, blocks = c->live_blocks;
		void *out1 = UNTOUCHED, *out2 = UNTOUCHED;
		int rc;

		arm(c, k);
		rc = call->run(call, &out1, &out2);
		disarm(c);
		ck_assert_msg(c->bad_sizes == 0,
			      "%s, allocation %lu failing: a free named the wrong size",
			      call->what, k);
		if (!c->failed) {
			/* every allocation succeeded: the call works */
			ck_assert_msg(rc == CATAN_OK, "%s: %s without a failure: %s",
				      call->what, catan_strerror(rc),
				      catan_ctx_errmsg(call->ctx));
			call->release(out1, out2);
			if (getenv("CATAN_OOM_VERBOSE"))
				fprintf(stderr, "%s: %lu allocations, each failed once\n",
					call->what, k - 1);
			ck_assert_msg(c->live_bytes == bytes && c->live_blocks == blocks,
				      "%s: %ld bytes in %ld blocks left after freeing",
				      call->what, (long)(c->live_bytes - bytes),
				      (long)(c->live_blocks - blocks));
			return;
		}
		ck_assert_msg(rc == CATAN_ENOMEM,
			      "%s, allocation %lu of %lu failing: %d (%s): %s",
			      call->what, k, c->calls, rc, catan_strerror(rc),
			      call->ctx ? catan_ctx_errmsg(call->ctx) : "");
		ck_assert_msg((out1 == UNTOUCHED || out1 == NULL) &&
			      (out2 == UNTOUCHED || out2 == NULL),
			      "%s, allocation %lu failing: an output was set",
			      call->what, k);
		ck_assert_msg(c->live_bytes == bytes && c->live_blocks == blocks,
			      "%s, allocation %lu failing: %ld bytes in %ld blocks leaked",
			      call->what, k, (long)(c->live_bytes - bytes),
			      (long)(c->live_blocks - blocks));
	}
	ck_abort_msg("%s: still failing after %d allocations", call->what,
		     MAX_ALLOCATIONS);
}

/* ------------------------------------------------------------ the calls */

static void
release_game(void *g, void *unused)
{
	(void)unused;
	catan_game_unref(g);
}

static void
release_state(void *s, void *unused)
{
	(void)unused;
	catan_state_free(s);
}

static void
release_loaded(void *g, void *s)
{
	catan_state_free(s);
	catan_game_unref(g);
}

static int
run_game_string(const struct call *call, void **g, void **unused)
{
	(void)unused;
	return catan_game_new_from_string((catan_game **)g, call->ctx, call->text);
}

static int
run_game_options(const struct call *call, void **g, void **unused)
{
	catan_game_options opts = CATAN_GAME_OPTIONS_INIT;

	(void)unused;
	opts.num_players = 3;
	opts.seed = 5;
	opts.chance_mode = CATAN_CHANCE_EXPLICIT;
	opts.params = call->text;
	return catan_game_new((catan_game **)g, call->ctx,
			      catan_game_variant(call->game), &opts);
}

static int
run_state_new(const struct call *call, void **s, void **unused)
{
	(void)unused;
	return catan_state_new((catan_state **)s, call->game);
}

static int
run_clone(const struct call *call, void **s, void **unused)
{
	(void)unused;
	return catan_state_clone((catan_state **)s, call->state);
}

static int
run_load(const struct call *call, void **g, void **s)
{
	return catan_load((catan_game **)g, (catan_state **)s, call->ctx,
			  call->text, call->len);
}

static int
run_resample(const struct call *call, void **s, void **unused)
{
	(void)unused;
	return catan_state_resample((catan_state **)s, call->state, 1, 77);
}

/* --------------------------------------------------------------- games */

/* Every game string worth trying: each variant alone, with each module,
 * with all of them; kept only if it parses with memory to spare. */
static size_t
game_strings(catan_ctx *ctx, char specs[][256], size_t cap)
{
	size_t n = 0;

	for (size_t v = 0; v < catan_ctx_variant_count(ctx); v++) {
		const char *name = catan_ctx_variant_name(ctx, v);
		size_t nm = catan_ctx_module_count(ctx);

		for (size_t m = 0; m <= nm + 1 && n + 2 <= cap; m++) {
			char mods[200] = "";
			catan_game *g = NULL;

			if (m > 0 && m <= nm) {
				snprintf(mods, sizeof(mods), "+%s",
					 catan_ctx_module_name(ctx, m - 1));
			} else if (m == nm + 1) {
				if (nm < 2)
					continue;
				for (size_t i = 0; i < nm; i++) {
					size_t used = strlen(mods);

					snprintf(mods + used, sizeof(mods) - used,
						 "+%s", catan_ctx_module_name(ctx, i));
				}
			}
			snprintf(specs[n], 256, "%s%s", name, mods);
			if (catan_game_new_from_string(&g, ctx, specs[n]) != CATAN_OK)
				continue;
			catan_game_unref(g);
			n++;
			/* a few parameters too, on the variant alone */
			if (m == 0) {
				snprintf(specs[n], 256,
					 "%s(seed=9,chance=explicit,max_turns=40)", name);
				if (catan_game_new_from_string(&g, ctx, specs[n]) == CATAN_OK) {
					catan_game_unref(g);
					n++;
				}
			}
		}
	}
	return n;
}

/* Every block the allocator gave is back, each freed with its own size. */
static void
assert_all_freed(const struct counting *c)
{
	ck_assert_uint_eq(c->live_bytes, 0);
	ck_assert_uint_eq(c->live_blocks, 0);
	ck_assert_uint_eq(c->bad_sizes, 0);
}

START_TEST(test_oom_ctx)
{
	struct counting c;
	catan_ctx_options opts = CATAN_CTX_OPTIONS_INIT;
	catan_ctx *ctx = UNTOUCHED;

	memset(&c, 0, sizeof(c));
	opts.alloc = counting_alloc;
	opts.alloc_userdata = &c;
	arm(&c, 1);
	CATAN_ASSERT_ERR(catan_ctx_new(&ctx, &opts), CATAN_ENOMEM);
	disarm(&c);
	ck_assert(ctx == UNTOUCHED || ctx == NULL);
	ck_assert_uint_eq(c.live_bytes, 0);
	ctx = NULL;
	CATAN_ASSERT_OK(catan_ctx_new(&ctx, &opts));
	ck_assert_uint_eq(c.live_blocks, 1);
	catan_ctx_free(ctx);
	assert_all_freed(&c);
}
END_TEST

/*
 * ctx.h: catan_ctx_free() with games still alive, the order a garbage
 * collector may pick (interpreter exit): the games and their states work
 * on, and the context's block goes with the last of them.
 */
START_TEST(test_ctx_freed_before_its_games)
{
	struct counting c;
	catan_ctx *ctx = counting_ctx(&c);
	catan_game *g = NULL;
	catan_state *s = NULL, *t = NULL;
	catan_action legal[256];
	size_t n = 0, blocks;
	char text[256];

	CATAN_ASSERT_OK(catan_game_new_from_string(&g, ctx, "base(players=3,seed=4)"));
	CATAN_ASSERT_OK(catan_state_new(&s, g));
	blocks = c.live_blocks;
	catan_ctx_free(ctx);
	ck_assert_uint_eq(c.live_blocks, blocks);

	/* the game still lists, applies and makes states */
	ck_assert_uint_ne(catan_state_acting_players(s), 0);
	CATAN_ASSERT_OK(catan_state_legal_actions(s, __builtin_ctz(catan_state_acting_players(s)),
						  legal, 256, &n));
	ck_assert_uint_gt(n, 0);
	CATAN_ASSERT_OK(catan_state_apply(s, &legal[0]));
	CATAN_ASSERT_OK(catan_state_clone(&t, s));
	CATAN_ASSERT_OK(catan_game_to_string(g, text, sizeof(text), NULL));
	ck_assert_msg(strncmp(text, "base(players=3,seed=4,", 22) == 0, "game string '%s'", text);
	catan_game_unref(g);
	catan_state_free(s);
	ck_assert_uint_gt(c.live_blocks, 0);
	/* the last holder releases the game, and the game the context */
	catan_state_free(t);
	assert_all_freed(&c);
}
END_TEST

START_TEST(test_oom_game)
{
	struct counting c;
	catan_ctx *ctx = counting_ctx(&c);
	char specs[64][256];
	size_t n = game_strings(ctx, specs, 64);

	ck_assert_uint_gt(n, 0);
	for (size_t i = 0; i < n; i++) {
		struct call call = { specs[i], run_game_string, release_game,
				     ctx, NULL, NULL, specs[i], 0 };

		run_until_success(&c, &call);
	}
	catan_ctx_free(ctx);
	ck_assert_uint_eq(c.live_bytes, 0);
}
END_TEST

/* The options path, and a malformed string: either error, never a leak. */
START_TEST(test_oom_game_options)
{
	struct counting c;
	catan_ctx *ctx = counting_ctx(&c);
	catan_game *base = NULL;

	for (size_t v = 0; v < catan_ctx_variant_count(ctx); v++) {
		char spec[128];
		struct call call = { "catan_game_new", run_game_options,
				     release_game, ctx, NULL, NULL, NULL, 0 };

		snprintf(spec, sizeof(spec), "%s", catan_ctx_variant_name(ctx, v));
		CATAN_ASSERT_OK(catan_game_new_from_string(&base, ctx, spec));
		call.game = base;
		run_until_success(&c, &call);
		catan_game_unref(base);
	}

	/* a refused string: the parse error or ENOMEM, nothing kept */
	for (unsigned long k = 1; k < 50; k++) {
		size_t bytes = c.live_bytes;
		catan_game *g = NULL;
		int rc;

		arm(&c, k);
		rc = catan_game_new_from_string(&g, ctx, "base(players=3,colour=red)");
		disarm(&c);
		ck_assert_msg(rc == CATAN_ENOTFOUND || (c.failed && rc == CATAN_ENOMEM),
			      "allocation %lu failing: %s", k, catan_strerror(rc));
		ck_assert_ptr_null(g);
		ck_assert_uint_eq(c.live_bytes, bytes);
		if (!c.failed)
			break;
	}
	catan_ctx_free(ctx);
	ck_assert_uint_eq(c.live_bytes, 0);
}
END_TEST

/* Seeded random play through the public API. */
static void
play(catan_state *s, unsigned steps, uint64_t seed)
{
	const catan_game *g = catan_state_game(s);
	size_t cap = catan_game_max_legal_actions(g);
	catan_action *acts = calloc(cap ? cap : 1, sizeof(*acts));

	ck_assert_ptr_nonnull(acts);
	for (unsigned i = 0; i < steps && !catan_state_is_terminal(s); i++) {
		int p = catan_state_current_player(s);
		uint32_t mask = catan_state_acting_players(s);
		size_t n = 0;

		seed = seed * 6364136223846793005ull + 1442695040888963407ull;
		if (catan_state_is_chance_node(s)) {
			CATAN_ASSERT_OK(catan_state_resolve_chance(s));
			continue;
		}
		if (p == CATAN_PLAYER_SIMULTANEOUS)
			p = __builtin_ctz(mask);
		CATAN_ASSERT_OK(catan_state_legal_actions(s, p, acts, cap, &n));
		ck_assert_uint_gt(n, 0);
		CATAN_ASSERT_OK(catan_state_apply(s, &acts[(seed >> 33) % n]));
	}
	free(acts);
}

START_TEST(test_oom_state)
{
	struct counting c;
	catan_ctx *ctx = counting_ctx(&c);
	char specs[64][256];
	size_t n = game_strings(ctx, specs, 64);

	for (size_t i = 0; i < n; i++) {
		catan_game *g = catan_test_game_new(ctx, specs[i]);
		catan_state *s = catan_test_state_new(g);
		struct call make = { "catan_state_new", run_state_new,
				     release_state, ctx, g, NULL, NULL, 0 };
		struct call clone = { "catan_state_clone", run_clone,
				      release_state, ctx, g, s, NULL, 0 };
		struct call resample = { "catan_state_resample", run_resample,
					 release_state, ctx, g, s, NULL, 0 };

		run_until_success(&c, &make);
		play(s, 60, i);
		run_until_success(&c, &clone);
		run_until_success(&c, &resample);
		catan_state_free(s);
		catan_game_unref(g);
	}
	catan_ctx_free(ctx);
	ck_assert_uint_eq(c.live_bytes, 0);
}
END_TEST

/* A history of the first actions of a game (chance outcomes included in
 * EXPLICIT mode), and a snapshot of where they lead. */
static void
record(catan_state *s, catan_action *acts, size_t cap, size_t *n)
{
	const catan_game *g = catan_state_game(s);
	size_t lcap = catan_game_max_legal_actions(g);
	size_t ocap = catan_game_max_chance_outcomes(g);
	catan_action *buf = calloc(lcap ? lcap : 1, sizeof(*buf));
	catan_chance_outcome *outs = calloc(ocap ? ocap : 1, sizeof(*outs));

	ck_assert(buf && outs);
	for (*n = 0; *n < cap && !catan_state_is_terminal(s); (*n)++) {
		size_t k = 0;
		int p;

		if (catan_state_is_chance_node(s)) {
			CATAN_ASSERT_OK(catan_state_chance_outcomes(s, outs, ocap, &k));
			acts[*n] = outs[(*n * 7) % k].action;
		} else {
			p = catan_state_current_player(s);
			if (p == CATAN_PLAYER_SIMULTANEOUS)
				p = __builtin_ctz(catan_state_acting_players(s));
			CATAN_ASSERT_OK(catan_state_legal_actions(s, p, buf, lcap, &k));
			acts[*n] = buf[(*n * 5) % k];
		}
		CATAN_ASSERT_OK(catan_state_apply(s, &acts[*n]));
	}
	free(buf);
	free(outs);
}

START_TEST(test_oom_load)
{
	struct counting c;
	catan_ctx *ctx = counting_ctx(&c);
	char specs[64][256];
	size_t n = game_strings(ctx, specs, 64);
	char *text = malloc(TEXT_CAP);

	ck_assert_ptr_nonnull(text);
	for (size_t i = 0; i < n; i++) {
		catan_game *g = catan_test_game_new(ctx, specs[i]);
		catan_state *s = catan_test_state_new(g);
		catan_action acts[60];
		size_t len = 0, nacts = 0;
		struct call history = { "catan_load (history)", run_load,
					release_loaded, ctx, NULL, NULL, text, 0 };
		struct call snapshot = { "catan_load (snapshot)", run_load,
					 release_loaded, ctx, NULL, NULL, text, 0 };

		record(s, acts, 60, &nacts);
		CATAN_ASSERT_OK(catan_history_write(g, acts, nacts, text,
						    TEXT_CAP, &len));
		history.len = len;
		run_until_success(&c, &history);

		CATAN_ASSERT_OK(catan_state_snapshot(s, text, TEXT_CAP, &len));
		snapshot.len = len;
		run_until_success(&c, &snapshot);
		catan_state_free(s);
		catan_game_unref(g);
	}
	free(text);
	catan_ctx_free(ctx);
	ck_assert_uint_eq(c.live_bytes, 0);
}
END_TEST

void
catan_test_register(SRunner *sr)
{
	Suite *s = catan_test_suite(sr, "oom");

	CATAN_TEST_ADD(s, test_oom_ctx);
	CATAN_TEST_ADD(s, test_ctx_freed_before_its_games);
	CATAN_TEST_ADD(s, test_oom_game);
	CATAN_TEST_ADD(s, test_oom_game_options);
	CATAN_TEST_ADD(s, test_oom_state);
	CATAN_TEST_ADD(s, test_oom_load);
}
