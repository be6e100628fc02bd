/*
 * catanrules sim: random playouts with a summary of results and speed.
 * SPDX-License-Identifier: MIT
 */

/*
 * Game i (0-based) is GAME with its seed replaced by S+i, so the board
 * (when random) and the sampled chance differ from game to game; the
 * policy, uniform over the legal actions of everyone who may act, is
 * seeded with S+i too. Every run with the same arguments plays the same
 * games.
 */

#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

#define DEFAULT_GAMES 100ul
#define MAX_GAMES 100000000ul
/*
 * Random play of the base game ends after some thousands of actions; the
 * limit turns a game that never ends (a library bug) into an error
 * instead of a hang.
 */
#define ACTION_LIMIT 50000000ul

struct sim {
	catan_action *legal;
	size_t legal_cap;
	catan_chance_outcome *outcomes;
	size_t outcome_cap;
	int checked;
};

struct totals {
	unsigned long games;
	unsigned long wins[CATAN_MAX_PLAYERS];
	unsigned long truncated;
	double actions;
	double turns;
	unsigned long min_actions, max_actions;
};

static void
usage(FILE *f)
{
	fprintf(f,
		"Usage: %s sim GAME [--games N] [--seed S] [--quiet] [--checked]\n"
		"Play N games (default %lu) of GAME (a game string) to the end,\n"
		"every player choosing uniformly among its legal actions, and\n"
		"summarise: wins per seat, games truncated by max_turns, mean\n"
		"actions and turns per game, games/s and actions/s.\n"
		"Game i is played with seed S+i (S defaults to the game's seed)\n"
		"for the board, the chance events and the players' choices.\n"
		"  --quiet    no progress bar (it is only drawn on a terminal)\n"
		"  --checked  validate every action (catan_state_apply) instead of\n"
		"             applying it unchecked, as a search would\n",
		CLI_PROGRAM, DEFAULT_GAMES);
}

static double
now_seconds(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
		return 0.0;
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/*
 * The game string @canonical with seed=@seed. Only the variant's own
 * parameter list (up to the first ')') is searched, so a module
 * parameter with the same name is left alone. NULL if there is no seed.
 */
static char *
with_seed(const char *canonical, uint64_t seed)
{
	const char *close = strchr(canonical, ')');
	const char *p = canonical, *digits, *rest;
	char num[24];
	size_t head, nlen;
	char *out;

	for (;;) {
		p = strstr(p, "seed=");
		if (p == NULL || (close != NULL && p > close))
			return NULL;
		if (p > canonical && (p[-1] == '(' || p[-1] == ','))
			break;
		p++;
	}
	digits = p + 5;
	rest = digits;
	while (*rest >= '0' && *rest <= '9')
		rest++;
	snprintf(num, sizeof(num), "%" PRIu64, seed);
	head = (size_t)(digits - canonical);
	nlen = strlen(num);
	out = malloc(head + nlen + strlen(rest) + 1);
	if (out == NULL)
		return NULL;
	memcpy(out, canonical, head);
	memcpy(out + head, num, nlen);
	strcpy(out + head + nlen, rest);
	return out;
}

/* The canonical string of @g in a buffer the caller frees, or NULL. */
static char *
game_string(const catan_game *g)
{
	size_t len = 0;
	char *buf;
	int rc = catan_game_to_string(g, NULL, 0, &len);

	if ((rc != CATAN_EBUFS && rc != CATAN_OK) || len == 0)
		return NULL;
	buf = malloc(len + 1);
	if (buf == NULL)
		return NULL;
	if (catan_game_to_string(g, buf, len + 1, NULL) != CATAN_OK) {
		free(buf);
		return NULL;
	}
	return buf;
}

/* Append @player's legal actions to sim->legal[*count..]. */
static int
append_legal(struct sim *sim, const catan_state *s, int player,
	     size_t *count)
{
	size_t n = 0;
	/* no buffer yet: ask for the count (NULL + 0 is undefined) */
	int rc = catan_state_legal_actions(s, player, sim->legal ? sim->legal + *count : NULL,
					   sim->legal_cap - *count, &n);

	if (rc == CATAN_EBUFS) {
		size_t cap = *count + n;
		catan_action *grown = realloc(sim->legal,
					      cap * sizeof(*grown));

		if (grown == NULL)
			return CATAN_ENOMEM;
		sim->legal = grown;
		sim->legal_cap = cap;
		rc = catan_state_legal_actions(s, player, sim->legal + *count,
					       sim->legal_cap - *count, &n);
	}
	if (rc == CATAN_OK)
		*count += n;
	return rc;
}

static int
pick_outcome(struct sim *sim, const catan_state *s, uint64_t *rng,
	     catan_action *out)
{
	size_t n = 0;
	uint64_t r, acc = 0;
	int rc = catan_state_chance_outcomes(s, sim->outcomes,
					     sim->outcome_cap, &n);

	if (rc == CATAN_EBUFS) {
		catan_chance_outcome *grown = realloc(sim->outcomes,
						      n * sizeof(*grown));

		if (grown == NULL)
			return CATAN_ENOMEM;
		sim->outcomes = grown;
		sim->outcome_cap = n;
		rc = catan_state_chance_outcomes(s, sim->outcomes,
						 sim->outcome_cap, &n);
	}
	if (rc != CATAN_OK)
		return rc;
	if (n == 0 || sim->outcomes[0].den == 0)
		return CATAN_ERROR;
	r = cli_random_below(rng, sim->outcomes[0].den);
	for (size_t i = 0; i < n; i++) {
		acc += sim->outcomes[i].num;
		if (r < acc) {
			*out = sim->outcomes[i].action;
			return CATAN_OK;
		}
	}
	return CATAN_ERROR;
}

/*
 * One playout of @g. Returns CLI_EXIT_OK and fills the winner (-1 when
 * truncated), actions and turns, or prints why and returns an error.
 */
static int
playout(struct sim *sim, catan_game *g, uint64_t seed, int *winner,
	unsigned long *actions, uint32_t *turns)
{
	int nplayers = catan_game_num_players(g);
	catan_state *s = NULL;
	uint64_t rng = seed;
	unsigned long done = 0;
	char t[160];
	int rc = catan_state_new(&s, g);

	if (rc != CATAN_OK)
		return cli_error("sim: seed %" PRIu64 ": cannot create the state: %s",
				 seed, catan_strerror(rc));
	while (!catan_state_is_terminal(s)) {
		catan_action a;

		if (done >= ACTION_LIMIT) {
			catan_state_free(s);
			return cli_error("sim: seed %" PRIu64 ": no end after %lu actions",
					 seed, done);
		}
		if (catan_state_is_chance_node(s)) {
			rc = pick_outcome(sim, s, &rng, &a);
			if (rc != CATAN_OK) {
				catan_state_free(s);
				return cli_error("sim: seed %" PRIu64 ": bad chance node at action %lu: %s",
						 seed, done,
						 catan_strerror(rc));
			}
		} else {
			uint32_t mask = catan_state_acting_players(s);
			size_t count = 0;

			for (int p = 0; p < nplayers && p < 32; p++) {
				if (!((mask >> p) & 1))
					continue;
				rc = append_legal(sim, s, p, &count);
				if (rc != CATAN_OK) {
					catan_state_free(s);
					return cli_error("sim: seed %" PRIu64 ": legal actions of p%d: %s",
							 seed, p,
							 catan_strerror(rc));
				}
			}
			if (count == 0) {
				const char *phase = catan_state_phase_name(s,
						catan_state_phase(s));

				catan_state_free(s);
				return cli_error("sim: seed %" PRIu64 ": nobody can act after %lu actions (phase %s)",
						 seed, done, phase);
			}
			a = sim->legal[cli_random_below(&rng, count)];
		}
		rc = sim->checked ? catan_state_apply(s, &a) :
				    catan_state_apply_unchecked(s, &a);
		if (rc != CATAN_OK) {
			const char *text = cli_action_text(g, &a, t,
							   sizeof(t));
			int ret = cli_error("sim: seed %" PRIu64 ": '%s' was refused: %s",
					    seed, text,
					    catan_state_errmsg(s));

			catan_state_free(s);
			return ret;
		}
		done++;
	}
	*winner = catan_state_winner(s);
	*actions = done;
	*turns = catan_state_turn_number(s);
	catan_state_free(s);
	return CLI_EXIT_OK;
}

static void
progress(unsigned long done, unsigned long total, double elapsed)
{
	enum { BAR = 30 };
	char bar[BAR + 1];
	size_t fill = total ? (size_t)((double)BAR * (double)done /
				       (double)total) : BAR;
	double rate = elapsed > 0 ? (double)done / elapsed : 0.0;

	for (size_t i = 0; i < BAR; i++)
		bar[i] = i < fill ? '#' : '.';
	bar[BAR] = '\0';
	fprintf(stderr, "\r[%s] %3lu%%  %lu/%lu games  %.0f games/s", bar,
		total ? done * 100 / total : 100, done, total, rate);
	if (rate > 0 && done < total)
		fprintf(stderr, "  %.0f s left  ",
			(double)(total - done) / rate);
	else
		fputs("          ", stderr);
	fflush(stderr);
}

static void
summary(const struct totals *t, int nplayers, double elapsed,
	const char *canonical, uint64_t seed0)
{
	unsigned long won = t->games - t->truncated;

	printf("game: %s\n", canonical);
	printf("games: %lu (seeds %" PRIu64 "..%" PRIu64 "), won %lu, truncated %lu\n",
	       t->games, seed0, seed0 + t->games - 1, won, t->truncated);
	printf("wins per seat:");
	for (int p = 0; p < nplayers; p++)
		printf("  p%d %lu (%.1f%%)", p, t->wins[p],
		       t->games ? 100.0 * (double)t->wins[p] /
				  (double)t->games : 0.0);
	putchar('\n');
	if (t->games) {
		printf("mean per game: %.1f actions (min %lu, max %lu), %.1f turns\n",
		       t->actions / (double)t->games, t->min_actions,
		       t->max_actions, t->turns / (double)t->games);
	}
	printf("time: %.3f s, %.1f games/s, %.0f actions/s\n", elapsed,
	       elapsed > 0 ? (double)t->games / elapsed : 0.0,
	       elapsed > 0 ? t->actions / elapsed : 0.0);
}

int
cmd_sim(int argc, char **argv)
{
	const char *spec = NULL;
	unsigned long games = DEFAULT_GAMES;
	uint64_t seed_arg = 0;
	int have_seed = 0, quiet = 0, show_progress, ret, nplayers;
	struct sim sim;
	struct totals t;
	catan_ctx *ctx = NULL;
	catan_game *first = NULL;
	char *canonical = NULL;
	uint64_t seed0;
	double start, last_draw = 0.0;

	memset(&sim, 0, sizeof(sim));
	memset(&t, 0, sizeof(t));
	for (int i = 1; i < argc; i++) {
		if (cli_is_help(argv[i])) {
			usage(stdout);
			return CLI_EXIT_OK;
		} else if (strcmp(argv[i], "--games") == 0) {
			if (i + 1 >= argc)
				return cli_usage_error("sim: --games needs a number");
			if (cli_parse_ulong(argv[++i], MAX_GAMES,
					    &games) != 0 || games == 0)
				return cli_usage_error("sim: bad game count '%s' (1..%lu)",
						       argv[i], MAX_GAMES);
		} else if (strcmp(argv[i], "--seed") == 0) {
			if (i + 1 >= argc)
				return cli_usage_error("sim: --seed needs a number");
			if (cli_parse_u64(argv[++i], &seed_arg) != 0)
				return cli_usage_error("sim: bad seed '%s'",
						       argv[i]);
			have_seed = 1;
		} else if (strcmp(argv[i], "--quiet") == 0 ||
			   strcmp(argv[i], "-q") == 0) {
			quiet = 1;
		} else if (strcmp(argv[i], "--checked") == 0) {
			sim.checked = 1;
		} else if (argv[i][0] == '-') {
			return cli_usage_error("sim: unknown option '%s' (try --help)",
					       argv[i]);
		} else if (spec == NULL) {
			spec = argv[i];
		} else {
			return cli_usage_error("sim: one game only ('%s' and '%s')",
					       spec, argv[i]);
		}
	}
	if (spec == NULL)
		return cli_usage_error("sim: missing GAME (try --help)");

	ret = cli_new_ctx(&ctx);
	if (ret != CLI_EXIT_OK)
		return ret;
	ret = cli_load_game(ctx, spec, &first);
	if (ret != CLI_EXIT_OK)
		goto out;
	nplayers = catan_game_num_players(first);
	if (nplayers < 1 || nplayers > CATAN_MAX_PLAYERS) {
		ret = cli_error("sim: unexpected player count %d", nplayers);
		goto out;
	}
	canonical = game_string(first);
	if (canonical == NULL) {
		ret = cli_error("sim: cannot format the game string");
		goto out;
	}
	if (have_seed) {
		seed0 = (uint64_t)seed_arg;
	} else {
		const char *text = catan_game_param(first, "seed");
		unsigned long v;

		if (text == NULL || cli_parse_ulong(text, ~0ul, &v) != 0) {
			ret = cli_usage_error("sim: the game has no seed parameter");
			goto out;
		}
		seed0 = (uint64_t)v;
	}

	show_progress = !quiet && isatty(STDERR_FILENO);
	start = now_seconds();
	for (unsigned long i = 0; i < games; i++) {
		uint64_t seed = seed0 + i;
		char *gs = with_seed(canonical, seed);
		catan_game *g = NULL;
		unsigned long actions = 0;
		uint32_t turns = 0;
		int winner = -1;

		if (gs == NULL) {
			ret = cli_error("sim: cannot set the seed in '%s'",
					canonical);
			goto out;
		}
		ret = cli_load_game(ctx, gs, &g);
		free(gs);
		if (ret != CLI_EXIT_OK)
			goto out;
		ret = playout(&sim, g, seed, &winner, &actions, &turns);
		catan_game_unref(g);
		if (ret != CLI_EXIT_OK) {
			if (show_progress)
				fputc('\n', stderr);
			goto out;
		}
		if (winner >= 0 && winner < nplayers)
			t.wins[winner]++;
		else
			t.truncated++;
		t.actions += (double)actions;
		t.turns += (double)turns;
		if (t.games == 0 || actions < t.min_actions)
			t.min_actions = actions;
		if (actions > t.max_actions)
			t.max_actions = actions;
		t.games++;
		if (show_progress) {
			double now = now_seconds();

			if (now - last_draw >= 0.1 || i + 1 == games) {
				progress(i + 1, games, now - start);
				last_draw = now;
			}
		}
	}
	if (show_progress)
		fputs("\r\033[K", stderr);
	summary(&t, nplayers, now_seconds() - start, canonical, seed0);
	if (fflush(stdout) != 0 || ferror(stdout))
		ret = cli_error("sim: cannot write the summary");
	else
		ret = CLI_EXIT_OK;
out:
	free(sim.legal);
	free(sim.outcomes);
	free(canonical);
	catan_game_unref(first);
	catan_ctx_free(ctx);
	return ret;
}
