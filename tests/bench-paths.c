/*
 * bench-paths: the cost of a step on the fast paths and on the general
 * ones (catan_ctx.general_paths), which boards too large for bit masks and
 * games of more than 8 players take. Built with the tests, never run as
 * one (machines are noisy); doc/performance.md gives the command.
 *
 *   bench-paths [GAME...] [--games N] [--radius R]
 *
 * Both runs play the same games (uniform random playouts with the same
 * policy seed): the steps per game must agree, and the program fails if
 * they do not. A third run gives the library's own rollout
 * (catan_state_playout()) on the fast paths, over games of its policy
 * (their steps per game in the last column, to divide instruction counts
 * by).
 *
 * Each run goes in a process of its own (play_alone()).
 *
 * --radius R plays the games on a hexagonal island of radius R
 * (tests/test-islands.h; the standard island has radius 2) given by the
 * context (catan_ctx.board): how the costs grow with the board. There
 * the context seats up to 16 players (catan_ctx.max_players), so
 * players=8 and players=16 show how they grow with the players.
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "catan-private.h"
#include "test-islands.h"

static const char *const default_games[] = {
	"base(players=4,seed=1,offer_max=0)",
	"base(players=3,seed=1,offer_max=0)",
	"base(players=4,seed=1,offer_max=0)+friendly_robber+harbors+event_cards",
	"base(players=2,seed=1,offer_max=0)+catan_for_two+event_cards",
};

struct run {
	double ns;
	unsigned long long steps;
	size_t bytes;   /* the state */
};

static double
now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

/* xorshift64: the policy's draws, the same sequence for both runs */
static uint64_t
policy_next(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

static const struct board_spec *given_board;

/* general: the general paths; rollout: catan_state_playout() */
static int
play(const char *spec, unsigned games, bool general, bool rollout, struct run *out)
{
	catan_ctx *ctx = NULL;
	catan_game *g = NULL;
	catan_action *legal = NULL;
	uint64_t x = 0x9e3779b97f4a7c15ull;
	size_t cap;
	double t0;
	int rc = 1;

	memset(out, 0, sizeof(*out));
	if (catan_ctx_new(&ctx, NULL) != CATAN_OK)
		return 1;
	ctx->general_paths = general;
	ctx->board = given_board;
	if (given_board)
		ctx->max_players = CATAN_MAX_PLAYERS;
	if (catan_game_new_from_string(&g, ctx, spec) != CATAN_OK) {
		fprintf(stderr, "bench-paths: %s: %s\n", spec, catan_ctx_errmsg(ctx));
		goto out;
	}
	cap = catan_game_max_legal_actions(g);
	legal = malloc(cap * sizeof(*legal));
	if (!legal)
		goto out;
	t0 = now_ns();
	for (unsigned i = 0; i < games; i++) {
		catan_state *s;
		uint32_t acting;
		size_t n;

		if (catan_state_new(&s, g) != CATAN_OK)
			goto out;
		out->bytes = catan_state_size(s);
		if (rollout) {
			uint64_t steps = 0;

			if (catan_state_playout(s, &x, legal, cap, UINT64_MAX, &steps) != CATAN_OK) {
				fprintf(stderr, "bench-paths: %s: the rollout failed: %s\n", spec,
					catan_ctx_errmsg(ctx));
				catan_state_free(s);
				goto out;
			}
			out->steps += steps;
			catan_state_free(s);
			continue;
		}
		while ((acting = catan_state_acting_players(s)) != 0) {
			if (catan_state_legal_actions(s, __builtin_ctz(acting), legal, cap, &n) !=
			    CATAN_OK || n == 0) {
				fprintf(stderr, "bench-paths: %s: no legal action for an acting player\n",
					spec);
				catan_state_free(s);
				goto out;
			}
			catan_state_apply_unchecked(s, &legal[(policy_next(&x) >> 32) * n >> 32]);
			out->steps++;
		}
		catan_state_free(s);
	}
	out->ns = now_ns() - t0;
	rc = 0;
out:
	free(legal);
	catan_game_unref(g);
	catan_ctx_free(ctx);
	return rc;
}

/*
 * Each run in a process of its own: runs in one process changed the
 * later ones' figures by up to half (where the heap put their states),
 * so none inherits another's heap.
 */
static int
play_alone(const char *spec, unsigned games, bool general, bool rollout, struct run *out)
{
	int fd[2], status = 0, rc = 1;
	pid_t pid;

	if (pipe(fd) != 0)
		return 1;
	pid = fork();
	if (pid < 0) {
		close(fd[0]);
		close(fd[1]);
		return 1;
	}
	if (pid == 0) {
		close(fd[0]);
		rc = play(spec, games, general, rollout, out);
		if (write(fd[1], &rc, sizeof(rc)) != (ssize_t)sizeof(rc) ||
		    write(fd[1], out, sizeof(*out)) != (ssize_t)sizeof(*out))
			_exit(1);
		_exit(0);
	}
	close(fd[1]);
	if (read(fd[0], &rc, sizeof(rc)) != (ssize_t)sizeof(rc) ||
	    read(fd[0], out, sizeof(*out)) != (ssize_t)sizeof(*out))
		rc = 1;
	close(fd[0]);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
		rc = 1;
	return rc;
}

int
main(int argc, char **argv)
{
	const char *specs[64];
	size_t nspecs = 0;
	unsigned games = 1000;
	static struct test_island island;

	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--games") == 0 && i + 1 < argc)
			games = (unsigned)strtoul(argv[++i], NULL, 10);
		else if (strcmp(argv[i], "--radius") == 0 && i + 1 < argc) {
			if (test_island_make(&island, atoi(argv[++i]), 1) != 0)
				return fprintf(stderr, "bench-paths: --radius 1..%d\n",
					       TEST_ISLAND_MAX_RADIUS), 2;
			given_board = &island.spec;
		} else if (argv[i][0] == '-' || nspecs == sizeof(specs) / sizeof(specs[0]))
			return fprintf(stderr, "usage: bench-paths [GAME...] [--games N] [--radius R]\n"), 2;
		else
			specs[nspecs++] = argv[i];
	}
	if (nspecs == 0)
		for (; nspecs < sizeof(default_games) / sizeof(default_games[0]); nspecs++)
			specs[nspecs] = default_games[nspecs];
	if (games == 0)
		games = 1;

	printf("%-72s %8s %8s %8s %6s %9s %7s %9s\n", "game", "steps/g", "fast ns", "gen ns", "ratio",
	       "rollout", "bytes", "r.steps/g");
	for (size_t i = 0; i < nspecs; i++) {
		struct run fast, general, rollout;

		if (play_alone(specs[i], games, false, false, &fast) ||
		    play_alone(specs[i], games, true, false, &general) ||
		    play_alone(specs[i], games, false, true, &rollout))
			return 1;
		if (fast.steps != general.steps || fast.steps == 0) {
			fprintf(stderr, "bench-paths: %s: the runs played different games\n", specs[i]);
			return 1;
		}
		printf("%-72.72s %8.1f %8.1f %8.1f %6.2f %9.1f %7zu %9.1f\n", specs[i],
		       (double)fast.steps / games, fast.ns / (double)fast.steps,
		       general.ns / (double)general.steps, general.ns / fast.ns,
		       rollout.ns / (double)rollout.steps, fast.bytes,
		       (double)rollout.steps / games);
	}
	return 0;
}
