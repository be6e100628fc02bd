/*
 * catanrules bench: random playouts and per-call costs of the public API.
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__unix__) || defined(__APPLE__)
#include <sys/wait.h>
#include <unistd.h>
#define BENCH_FORK 1
#endif

#include "cli.h"

#define SAMPLE_STATES 512
#define MICRO_ROUNDS 200

struct counting_alloc {
	uint64_t calls;
};

static void *
counting_realloc(void *userdata, void *ptr, size_t old_size, size_t new_size)
{
	struct counting_alloc *ca = userdata;

	(void)old_size;
	if (new_size == 0) {
		free(ptr);
		return NULL;
	}
	ca->calls++;
	return realloc(ptr, new_size);
}

static double
now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

struct bench {
	catan_game *game;
	catan_action *legal;
	size_t cap;
	uint64_t rng;
	/* results */
	uint64_t games, steps, truncated, step_allocs;
	double playout_ns;
	double rollout_ns;      /* the same games by catan_state_playout() */
	catan_state *sample[SAMPLE_STATES];
	catan_action chosen[SAMPLE_STATES];
	size_t nsample;
};

/* A uniform index below n (n < 2^32): the high half of a 64-bit draw
 * scaled by n (Lemire), which needs no division. */
static size_t
below(uint64_t *rng, size_t n)
{
	return (size_t)(((cli_random_next(rng) >> 32) * (uint64_t)n) >> 32);
}

/* One step: the acting player's legal actions, a uniform choice, apply.
 * 1 after a step, 0 at the end of the game (nobody acts: in SAMPLED mode
 * only a finished game has no acting player), -1 on an error. */
static int
step(struct bench *b, catan_state *s)
{
	uint32_t acting = catan_state_acting_players(s);
	size_t n = 0;

	if (acting == 0)
		return catan_state_is_terminal(s) ? 0 : -1;
	if (catan_state_legal_actions(s, __builtin_ctz(acting), b->legal, b->cap, &n) != CATAN_OK ||
	    n == 0)
		return -1;
	return catan_state_apply_unchecked(s, &b->legal[below(&b->rng, n)]) == CATAN_OK ? 1 : -1;
}

static int
playouts(struct bench *b, catan_ctx *ctx, struct counting_alloc *ca, unsigned games,
	 uint64_t seed)
{
	/* a state kept for the per-call measurements every this many steps */
	const unsigned every = 97;
	unsigned until_sample = every;

	b->rng = seed;
	for (unsigned i = 0; i < games; i++) {
		catan_state *s;
		uint64_t before;
		double t0;

		if (catan_state_new(&s, b->game) != CATAN_OK)
			return cli_error("cannot create a state: %s", catan_ctx_errmsg(ctx));
		before = ca->calls;
		t0 = now_ns();
		for (;;) {
			int r = step(b, s);

			if (r == 0)
				break;
			if (r < 0) {
				catan_state_free(s);
				return cli_error("no legal action in a non-terminal state");
			}
			b->steps++;
			if (--until_sample == 0 && b->nsample < SAMPLE_STATES) {
				/* kept for the per-call measurements; cloning
				 * allocates, so it is not counted below */
				double t1 = now_ns();
				uint64_t c0 = ca->calls;

				if (catan_state_clone(&b->sample[b->nsample], s) == CATAN_OK)
					b->nsample++;
				before += ca->calls - c0;
				t0 += now_ns() - t1;
			}
			if (until_sample == 0)
				until_sample = every;
		}
		b->playout_ns += now_ns() - t0;
		b->step_allocs += ca->calls - before;
		if (catan_state_winner(s) < 0)
			b->truncated++;
		b->games++;
		catan_state_free(s);
	}
	return CLI_EXIT_OK;
}

/* The same games again, each by one catan_state_playout() call: the policy
 * is the one of step(), so the games and their steps must be the same. */
static int
rollouts(struct bench *b, catan_ctx *ctx, unsigned games, uint64_t seed)
{
	uint64_t rng = seed, steps = 0;

	for (unsigned i = 0; i < games; i++) {
		catan_state *s;
		uint64_t n = 0;
		double t0;
		int rc;

		if (catan_state_new(&s, b->game) != CATAN_OK)
			return cli_error("cannot create a state: %s", catan_ctx_errmsg(ctx));
		t0 = now_ns();
		rc = catan_state_playout(s, &rng, b->legal, b->cap, UINT64_MAX, &n);
		b->rollout_ns += now_ns() - t0;
		catan_state_free(s);
		if (rc != CATAN_OK)
			return cli_error("catan_state_playout failed: %s", catan_strerror(rc));
		steps += n;
	}
	if (steps != b->steps)
		return cli_error("catan_state_playout played %" PRIu64 " steps, the loop %" PRIu64,
				 steps, b->steps);
	return CLI_EXIT_OK;
}

struct micro {
	double legal_ns, apply_ns, copy_ns, hash_ns;
	uint64_t sink;
};

static void
micro_costs(struct bench *b, struct micro *m)
{
	catan_state *scratch = NULL;
	uint64_t calls = 0;
	double t0;
	size_t n;

	memset(m, 0, sizeof(*m));
	if (b->nsample == 0 || catan_state_clone(&scratch, b->sample[0]) != CATAN_OK)
		return;

	t0 = now_ns();
	for (int r = 0; r < MICRO_ROUNDS; r++)
		for (size_t i = 0; i < b->nsample; i++, calls++)
			catan_state_copy(scratch, b->sample[i]);
	m->copy_ns = (now_ns() - t0) / (double)calls;

	calls = 0;
	t0 = now_ns();
	for (int r = 0; r < MICRO_ROUNDS; r++)
		for (size_t i = 0; i < b->nsample; i++, calls++)
			m->sink += catan_state_hash(b->sample[i]);
	m->hash_ns = (now_ns() - t0) / (double)calls;

	calls = 0;
	t0 = now_ns();
	for (int r = 0; r < MICRO_ROUNDS; r++) {
		for (size_t i = 0; i < b->nsample; i++, calls++) {
			uint32_t acting = catan_state_acting_players(b->sample[i]);
			int p = acting ? __builtin_ctz(acting) : 0;

			catan_state_legal_actions(b->sample[i], p, b->legal, b->cap, &n);
			m->sink += n;
		}
	}
	m->legal_ns = (now_ns() - t0) / (double)calls;

	/* apply = (copy + apply) - copy, with one legal action per sample
	 * chosen before the clock starts */
	for (size_t i = 0; i < b->nsample; i++) {
		uint32_t acting = catan_state_acting_players(b->sample[i]);
		int p = acting ? __builtin_ctz(acting) : 0;

		b->chosen[i].type = CATAN_ACT_NONE;
		if (catan_state_legal_actions(b->sample[i], p, b->legal, b->cap, &n) == CATAN_OK && n)
			b->chosen[i] = b->legal[below(&b->rng, n)];
	}
	calls = 0;
	t0 = now_ns();
	for (int r = 0; r < MICRO_ROUNDS; r++) {
		for (size_t i = 0; i < b->nsample; i++, calls++) {
			catan_state_copy(scratch, b->sample[i]);
			if (b->chosen[i].type != CATAN_ACT_NONE)
				catan_state_apply_unchecked(scratch, &b->chosen[i]);
		}
	}
	m->apply_ns = (now_ns() - t0) / (double)calls - m->copy_ns;
	if (m->apply_ns < 0)
		m->apply_ns = 0;
	catan_state_free(scratch);
}

static void
print_row(const char *label, const struct bench *b, const struct micro *m, size_t state_bytes)
{
	double ns_step = b->steps ? b->playout_ns / (double)b->steps : 0;

	printf("%-70s %8.0f %8.1f %8.1f %10.1f %8.1f %8.1f %7.1f %7.1f %6zu %7.3f\n",
	       label,
	       b->playout_ns > 0 ? (double)b->games * 1e9 / b->playout_ns : 0,
	       b->games ? (double)b->steps / (double)b->games : 0,
	       ns_step, b->steps ? b->rollout_ns / (double)b->steps : 0,
	       m->legal_ns, m->apply_ns, m->copy_ns, m->hash_ns, state_bytes,
	       b->steps ? (double)b->step_allocs / (double)b->steps : 0);
}

static int
run_one(const char *spec, unsigned games, uint64_t seed, bool playout_only)
{
	struct counting_alloc ca = { 0 };
	catan_ctx_options opts;
	catan_ctx *ctx = NULL;
	struct bench b;
	struct micro m;
	catan_state *probe = NULL;
	char label[96];
	size_t state_bytes = 0;
	int rc;

	memset(&b, 0, sizeof(b));
	catan_ctx_options_init(&opts, CATAN_CTX_OPTIONS_VERSION);
	opts.alloc = counting_realloc;
	opts.alloc_userdata = &ca;
	if (catan_ctx_new(&ctx, &opts) != CATAN_OK)
		return cli_error("cannot create a context");
	rc = cli_load_game(ctx, spec, &b.game);
	if (rc != CLI_EXIT_OK) {
		catan_ctx_free(ctx);
		return rc;
	}
	b.cap = catan_game_max_legal_actions(b.game);
	b.legal = malloc(b.cap * sizeof(*b.legal));
	if (!b.legal || catan_state_new(&probe, b.game) != CATAN_OK) {
		rc = cli_error("out of memory");
		goto out;
	}
	state_bytes = catan_state_size(probe);
	catan_state_free(probe);

	rc = playouts(&b, ctx, &ca, games, seed);
	if (rc == CLI_EXIT_OK && !playout_only)
		rc = rollouts(&b, ctx, games, seed);
	if (rc == CLI_EXIT_OK) {
		if (playout_only)
			memset(&m, 0, sizeof(m));
		else
			micro_costs(&b, &m);
		snprintf(label, sizeof(label), "%.70s", spec);
		print_row(label, &b, &m, state_bytes);
		if (b.truncated)
			printf("  (%" PRIu64 " of %" PRIu64 " games ended by max_turns)\n",
			       b.truncated, b.games);
	}
out:
	for (size_t i = 0; i < b.nsample; i++)
		catan_state_free(b.sample[i]);
	free(b.legal);
	catan_game_unref(b.game);
	catan_ctx_free(ctx);
	return rc;
}

/*
 * Each game in a process of its own where the system has fork(): run in
 * one process, a row's copy and apply costs moved by up to a third with
 * where the heap had put the earlier rows' states (doc/performance.md).
 */
static int
run_alone(const char *spec, unsigned games, uint64_t seed, bool playout_only)
{
#ifdef BENCH_FORK
	pid_t pid;
	int status = 0;

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		int rc = run_one(spec, games, seed, playout_only);

		fflush(stdout);
		fflush(stderr);
		_exit(rc);
	}
	if (pid > 0) {
		if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
			return cli_error("bench: the run of '%s' did not finish", spec);
		return WEXITSTATUS(status);
	}
#endif
	return run_one(spec, games, seed, playout_only);
}

static void
usage(FILE *f)
{
	fprintf(f,
		"usage: " CLI_PROGRAM " bench [GAME...] [--games N] [--seed S]\n"
		"\n"
		"Random playouts (uniform over the acting player's legal actions,\n"
		"SAMPLED chance, apply_unchecked) of each GAME from the start to the\n"
		"end, then per-call costs on states sampled from those games.\n"
		"Without GAME: base with 4 players, once with every legal action and\n"
		"once with offer_max=0 (no domestic trade offers listed, as other\n"
		"engines play), base with 3 players, then the rule modules on base\n"
		"(offer_max=0): each alone and in combination.\n"
		"\n"
		"Columns: games/s, steps/game, ns/step (legal actions + choice +\n"
		"apply, whole games), ns/rollout (the same games, each played by one\n"
		"catan_state_playout() call: ns per step), ns per legal-actions call,\n"
		"ns per apply, ns per copy, ns per hash, state bytes, allocations per\n"
		"step. Each GAME runs in a process of its own.\n"
		"\n"
		"  --games N   games per GAME (default 200)\n"
		"  --seed S    seed of the policy (default 1); games use their own seed\n"
		"  --playout-only  skip the rollouts and the per-call measurements\n"
		"              (for profiling the playout loop, e.g. under callgrind)\n");
}

int
cmd_bench(int argc, char **argv)
{
	static const char *const defaults[] = {
		"base(players=4,seed=1)",
		"base(players=4,seed=1,offer_max=0)",
		"base(players=3,seed=1,offer_max=0)",
		"base(players=4,seed=1,offer_max=0)+friendly_robber",
		"base(players=4,seed=1,offer_max=0)+harbors",
		"base(players=4,seed=1,offer_max=0)+event_cards",
		"base(players=2,seed=1,offer_max=0)+catan_for_two",
		"base(players=4,seed=1,offer_max=0)+friendly_robber+harbors+event_cards",
		"base(players=2,seed=1,offer_max=0)+catan_for_two+event_cards",
		"base(players=4,seed=1,offer_max=0)+rivers",
		"base(players=4,seed=1,offer_max=0)+fishing",
	};
	const char *specs[32];
	size_t nspecs = 0;
	unsigned long games = 200;
	uint64_t seed = 1;
	bool playout_only = false;
	int rc = CLI_EXIT_OK;

	for (int i = 1; i < argc; i++) {
		if (cli_is_help(argv[i])) {
			usage(stdout);
			return CLI_EXIT_OK;
		} else if (!strcmp(argv[i], "--games") && i + 1 < argc) {
			if (cli_parse_ulong(argv[++i], 100000000ul, &games) || games == 0)
				return cli_usage_error("bench: bad --games '%s'", argv[i]);
		} else if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
			if (cli_parse_u64(argv[++i], &seed))
				return cli_usage_error("bench: bad --seed '%s'", argv[i]);
		} else if (!strcmp(argv[i], "--playout-only")) {
			playout_only = true;
		} else if (argv[i][0] == '-') {
			return cli_usage_error("bench: unknown option '%s' (see --help)", argv[i]);
		} else if (nspecs < sizeof(specs) / sizeof(specs[0])) {
			specs[nspecs++] = argv[i];
		} else {
			return cli_usage_error("bench: too many games");
		}
	}
	if (nspecs == 0)
		for (size_t i = 0; i < sizeof(defaults) / sizeof(defaults[0]); i++)
			specs[nspecs++] = defaults[i];

	if (!CLI_RELEASE_BUILD)
		fprintf(stderr, "bench: warning: this is not a release build (buildtype %s, or "
			"assertions on): its figures are not the library's; measure in one made "
			"with 'meson setup build-rel --buildtype=release'\n", CLI_BUILD_TYPE);
	printf("%-70s %8s %8s %8s %10s %8s %8s %7s %7s %6s %7s\n", "game", "games/s", "steps/g",
	       "ns/step", "ns/rollout", "ns/legal", "ns/apply", "ns/copy", "ns/hash", "bytes", "allocs");
	for (size_t i = 0; i < nspecs && rc == CLI_EXIT_OK; i++)
		rc = run_alone(specs[i], (unsigned)games, seed, playout_only);
	return rc;
}
