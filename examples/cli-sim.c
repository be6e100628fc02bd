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

#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bots.h"
#include "cli.h"

#define DEFAULT_GAMES 100ul
#define MAX_GAMES 100000000ul
/*
 * Random play of the base game ends after some thousands of actions; the
 * limit turns a game that never ends (a library bug) into an error
 * instead of a hang.
 */
#define ACTION_LIMIT 50000000ul
#define MAX_JOBS 256ul

struct sim {
	catan_action *legal;
	size_t legal_cap;
	catan_chance_outcome *outcomes;
	size_t outcome_cap;
	int checked;
	/* --bots: one per seat (NULL: uniform over everyone's actions) */
	const char *bot_specs[CATAN_MAX_PLAYERS];
	int nbots;
	/* --histories: the actions of the game, for --out */
	int histories;
	catan_action *played;
	size_t played_cap;
};

/* What one game gives the summary and --out. */
struct result {
	uint64_t seed;
	int winner;
	unsigned long actions;
	uint32_t turns;
	int32_t points[CATAN_MAX_PLAYERS]; /* public points at the end */
};

struct totals {
	unsigned long games;
	unsigned long wins[CATAN_MAX_PLAYERS];
	double points[CATAN_MAX_PLAYERS];
	unsigned long truncated;
	double actions;
	double turns;
	unsigned long min_actions, max_actions;
};

static void
usage(FILE *f)
{
	fprintf(f,
		"Usage: %s sim GAME [--games N] [--seed S] [--bots LIST] [--jobs N]\n"
		"           [--out FILE [--histories]] [--quiet] [--checked]\n"
		"Play N games (default %lu) of GAME (a game string) to the end,\n"
		"every player choosing uniformly among its legal actions (or as\n"
		"its bot chooses), and summarise: wins and mean points per seat,\n"
		"games truncated by max_turns, mean actions and turns per game,\n"
		"games/s and actions/s.\n"
		"Game i is played with seed S+i (S defaults to the game's seed)\n"
		"for the board, the chance events and the players' choices.\n"
		"  --bots LIST  a bot per seat, comma-separated (one name: every\n"
		"               seat), e.g. mcts,greedy,random,random:\n"
		"%s"
		"  --jobs N     play the games in N processes (the results are\n"
		"               the same as with one)\n"
		"  --out FILE   one JSON line per game: game string, seed, winner,\n"
		"               points, actions, turns, bots ('-': stdout)\n"
		"  --histories  with --out: every game's actions too\n"
		"  --quiet      no progress bar (it is only drawn on a terminal)\n"
		"  --checked    validate every action (catan_state_apply) instead of\n"
		"               applying it unchecked, as a search would\n",
		CLI_PROGRAM, DEFAULT_GAMES, bot_help);
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

/* Remember @a as the game's next action (--histories). */
static int
record(struct sim *sim, unsigned long done, const catan_action *a)
{
	if (!sim->histories)
		return CATAN_OK;
	if (done >= sim->played_cap) {
		size_t cap = sim->played_cap ? 2 * sim->played_cap : 1024;
		catan_action *grown = realloc(sim->played, cap * sizeof(*grown));

		if (grown == NULL)
			return CATAN_ENOMEM;
		sim->played = grown;
		sim->played_cap = cap;
	}
	sim->played[done] = *a;
	return CATAN_OK;
}

/* The seats' bots for the game of @seed (none without --bots). */
static int
new_bots(const struct sim *sim, const catan_game *g, uint64_t seed, bot **bots)
{
	int nplayers = catan_game_num_players(g);
	char why[160];

	for (int p = 0; p < nplayers; p++)
		bots[p] = NULL;
	for (int p = 0; p < nplayers && p < sim->nbots; p++) {
		int rc = bot_new(&bots[p], sim->bot_specs[p], g, p, seed, why, sizeof(why));

		if (rc != 0) {
			for (int q = 0; q < p; q++)
				bot_free(bots[q]);
			return rc == -2 ? cli_error("sim: out of memory") :
					  cli_usage_error("sim: %s", why);
		}
	}
	return CLI_EXIT_OK;
}

/*
 * The next action of @s: with bots, the lowest acting player's bot
 * chooses among that player's actions (the others' wait: the library
 * makes the order of a multi-actor phase irrelevant); without, a uniform
 * choice among everyone's.
 */
static int
next_action(struct sim *sim, catan_state *s, bot **bots, uint64_t *rng, catan_action *a,
	    uint64_t seed, unsigned long done)
{
	int nplayers = catan_game_num_players(catan_state_game(s));
	uint32_t mask = catan_state_acting_players(s);
	size_t count = 0;
	int rc;

	for (int p = 0; p < nplayers && p < 32; p++) {
		if (!((mask >> p) & 1))
			continue;
		rc = append_legal(sim, s, p, &count);
		if (rc != CATAN_OK)
			return cli_error("sim: seed %" PRIu64 ": legal actions of p%d: %s",
					 seed, p, catan_strerror(rc));
		if (sim->nbots) {
			size_t pick = 0;

			if (count == 0)
				break;
			rc = bot_choose(bots[p], s, sim->legal, count, &pick);
			if (rc != CATAN_OK)
				return cli_error("sim: seed %" PRIu64 ": bot %s of p%d failed: %s",
						 seed, bot_name(bots[p]), p, catan_strerror(rc));
			*a = sim->legal[pick];
			return CLI_EXIT_OK;
		}
	}
	if (count == 0)
		return cli_error("sim: seed %" PRIu64 ": nobody can act after %lu actions (phase %s)",
				 seed, done, catan_state_phase_name(s, catan_state_phase(s)));
	*a = sim->legal[cli_random_below(rng, count)];
	return CLI_EXIT_OK;
}

/*
 * One playout of @g. Returns CLI_EXIT_OK and fills @res (winner -1 when
 * truncated), or prints why and returns an error.
 */
static int
playout(struct sim *sim, catan_game *g, uint64_t seed, struct result *res)
{
	int nplayers = catan_game_num_players(g);
	bot *bots[CATAN_MAX_PLAYERS];
	catan_state *s = NULL;
	uint64_t rng = seed;
	unsigned long done = 0;
	char t[160];
	int ret = CLI_EXIT_OK;
	int rc = catan_state_new(&s, g);

	if (rc != CATAN_OK)
		return cli_error("sim: seed %" PRIu64 ": cannot create the state: %s",
				 seed, catan_strerror(rc));
	ret = new_bots(sim, g, seed, bots);
	if (ret != CLI_EXIT_OK) {
		catan_state_free(s);
		return ret;
	}
	while (!catan_state_is_terminal(s)) {
		catan_action a;

		if (done >= ACTION_LIMIT) {
			ret = cli_error("sim: seed %" PRIu64 ": no end after %lu actions",
					seed, done);
			break;
		}
		if (catan_state_is_chance_node(s)) {
			rc = pick_outcome(sim, s, &rng, &a);
			if (rc != CATAN_OK) {
				ret = cli_error("sim: seed %" PRIu64 ": bad chance node at action %lu: %s",
						seed, done, catan_strerror(rc));
				break;
			}
		} else {
			ret = next_action(sim, s, bots, &rng, &a, seed, done);
			if (ret != CLI_EXIT_OK)
				break;
		}
		rc = sim->checked ? catan_state_apply(s, &a) :
				    catan_state_apply_unchecked(s, &a);
		if (rc != CATAN_OK) {
			const char *text = cli_action_text(g, &a, t, sizeof(t));

			ret = cli_error("sim: seed %" PRIu64 ": '%s' was refused: %s",
					seed, text, catan_state_errmsg(s));
			break;
		}
		if (record(sim, done, &a) != CATAN_OK) {
			ret = cli_error("sim: out of memory");
			break;
		}
		done++;
	}
	if (ret == CLI_EXIT_OK) {
		res->seed = seed;
		res->winner = catan_state_winner(s);
		res->actions = done;
		res->turns = catan_state_turn_number(s);
		for (int p = 0; p < nplayers; p++)
			res->points[p] = catan_state_victory_points(s, p, 0);
	}
	for (int p = 0; p < nplayers; p++)
		bot_free(bots[p]);
	catan_state_free(s);
	return ret;
}

/* @text as a JSON string. */
static void
json_string(FILE *f, const char *text)
{
	fputc('"', f);
	for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
		if (*c == '"' || *c == '\\')
			fprintf(f, "\\%c", *c);
		else if (*c < 0x20)
			fprintf(f, "\\u%04x", *c);
		else
			fputc(*c, f);
	}
	fputc('"', f);
}

/* One --out line for the game @res of @g. */
static int
write_record(FILE *f, const struct sim *sim, const catan_game *g, const char *gs,
	     const struct result *res)
{
	int nplayers = catan_game_num_players(g);
	char t[160];

	fputs("{\"game\": ", f);
	json_string(f, gs);
	fprintf(f, ", \"seed\": %" PRIu64 ", \"winner\": %d, \"points\": [", res->seed,
		res->winner);
	for (int p = 0; p < nplayers; p++)
		fprintf(f, "%s%" PRId32, p ? ", " : "", res->points[p]);
	fprintf(f, "], \"actions\": %lu, \"turns\": %" PRIu32 ", \"bots\": [", res->actions,
		res->turns);
	for (int p = 0; p < nplayers; p++) {
		fputs(p ? ", " : "", f);
		json_string(f, sim->nbots ? sim->bot_specs[p] : "random");
	}
	fputc(']', f);
	if (sim->histories) {
		fputs(", \"history\": [", f);
		for (unsigned long i = 0; i < res->actions; i++) {
			fputs(i ? ", " : "", f);
			json_string(f, cli_action_text(g, &sim->played[i], t, sizeof(t)));
		}
		fputc(']', f);
	}
	fputs("}\n", f);
	return ferror(f) ? -1 : 0;
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
summary(const struct totals *t, const struct sim *sim, int nplayers, double elapsed,
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
	if (sim->nbots) {
		printf("bots per seat:");
		for (int p = 0; p < nplayers; p++)
			printf("  p%d %s", p, sim->bot_specs[p]);
		putchar('\n');
	}
	if (t->games) {
		printf("mean points per seat:");
		for (int p = 0; p < nplayers; p++)
			printf("  p%d %.2f", p, t->points[p] / (double)t->games);
		putchar('\n');
		printf("mean per game: %.1f actions (min %lu, max %lu), %.1f turns\n",
		       t->actions / (double)t->games, t->min_actions,
		       t->max_actions, t->turns / (double)t->games);
	}
	printf("time: %.3f s, %.1f games/s, %.0f actions/s\n", elapsed,
	       elapsed > 0 ? (double)t->games / elapsed : 0.0,
	       elapsed > 0 ? t->actions / elapsed : 0.0);
}

static void
add_result(struct totals *t, int nplayers, const struct result *r)
{
	if (r->winner >= 0 && r->winner < nplayers)
		t->wins[r->winner]++;
	else
		t->truncated++;
	for (int p = 0; p < nplayers; p++)
		t->points[p] += r->points[p];
	t->actions += (double)r->actions;
	t->turns += (double)r->turns;
	if (t->games == 0 || r->actions < t->min_actions)
		t->min_actions = r->actions;
	if (r->actions > t->max_actions)
		t->max_actions = r->actions;
	t->games++;
}

/*
 * Game @i: GAME with seed @seed0 + i, played to the end; its --out line
 * (when @line is not NULL) in a buffer the caller frees.
 */
static int
play_game(struct sim *sim, catan_ctx *ctx, const char *canonical, uint64_t seed,
	  struct result *res, char **line, size_t *line_len)
{
	char *gs = with_seed(canonical, seed);
	catan_game *g = NULL;
	int ret;

	if (gs == NULL)
		return cli_error("sim: cannot set the seed in '%s'", canonical);
	ret = cli_load_game(ctx, gs, &g);
	if (ret == CLI_EXIT_OK)
		ret = playout(sim, g, seed, res);
	if (ret == CLI_EXIT_OK && line) {
		FILE *f = open_memstream(line, line_len);

		if (f == NULL || write_record(f, sim, g, gs, res) != 0) {
			ret = cli_error("sim: out of memory");
			if (f)
				fclose(f);
			free(*line);
			*line = NULL;
		} else if (fclose(f) != 0) {
			ret = cli_error("sim: out of memory");
		}
	}
	catan_game_unref(g);
	free(gs);
	return ret;
}

/* Write or read all of @n bytes (0), or fail (-1). */
static int
write_all(int fd, const void *buf, size_t n)
{
	const char *p = buf;

	while (n) {
		ssize_t w = write(fd, p, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

static int
read_all(int fd, void *buf, size_t n)
{
	char *p = buf;

	while (n) {
		ssize_t r = read(fd, p, n);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		p += r;
		n -= (size_t)r;
	}
	return 0;
}

/* A worker of --jobs: games w, w + jobs, ... into @fd, each a result, the
 * length of its --out line and the line. */
static int
worker(struct sim *sim, catan_ctx *ctx, const char *canonical, uint64_t seed0,
       unsigned long games, unsigned long w, unsigned long jobs, int want_line, int fd)
{
	for (unsigned long i = w; i < games; i += jobs) {
		struct result res;
		char *line = NULL;
		size_t len = 0;
		uint64_t n;
		int ret;

		memset(&res, 0, sizeof(res));
		ret = play_game(sim, ctx, canonical, seed0 + i, &res,
				want_line ? &line : NULL, &len);
		if (ret != CLI_EXIT_OK)
			return ret;
		n = len;
		if (write_all(fd, &res, sizeof(res)) || write_all(fd, &n, sizeof(n)) ||
		    write_all(fd, line ? line : "", len)) {
			free(line);
			return CLI_EXIT_FAILURE;
		}
		free(line);
	}
	return CLI_EXIT_OK;
}

/* Where the games' results come from: this process or --jobs workers. */
struct source {
	struct sim *sim;
	catan_ctx *ctx;
	const char *canonical;
	uint64_t seed0;
	unsigned long games, jobs;
	int want_line;
	int fds[MAX_JOBS];
	pid_t pids[MAX_JOBS];
	unsigned long started;
};

static int
start_workers(struct source *src)
{
	for (unsigned long w = 0; w < src->jobs; w++) {
		int p[2];
		pid_t pid;

		if (pipe(p) != 0)
			return cli_error("sim: pipe: %s", strerror(errno));
		fflush(NULL);
		pid = fork();
		if (pid < 0) {
			close(p[0]);
			close(p[1]);
			return cli_error("sim: fork: %s", strerror(errno));
		}
		if (pid == 0) {
			int ret;

			close(p[0]);
			for (unsigned long v = 0; v < w; v++)
				close(src->fds[v]);
			ret = worker(src->sim, src->ctx, src->canonical, src->seed0, src->games,
				     w, src->jobs, src->want_line, p[1]);
			close(p[1]);
			_exit(ret);
		}
		close(p[1]);
		src->fds[w] = p[0];
		src->pids[w] = pid;
		src->started++;
	}
	return CLI_EXIT_OK;
}

/* Stop the workers (all of them on a failure) and collect their status. */
static int
stop_workers(struct source *src, int failed)
{
	int ret = CLI_EXIT_OK;

	for (unsigned long w = 0; w < src->started; w++) {
		int status = 0;

		close(src->fds[w]);
		if (failed)
			kill(src->pids[w], SIGTERM);
		if (waitpid(src->pids[w], &status, 0) == src->pids[w] && !failed &&
		    (!WIFEXITED(status) || WEXITSTATUS(status) != 0))
			ret = CLI_EXIT_FAILURE;
	}
	src->started = 0;
	return ret;
}

/* The result of game @i, in game order whatever the number of jobs. */
static int
next_result(struct source *src, unsigned long i, struct result *res, char **line, size_t *len)
{
	uint64_t n = 0;
	int fd;

	*line = NULL;
	*len = 0;
	if (src->jobs <= 1)
		return play_game(src->sim, src->ctx, src->canonical, src->seed0 + i, res,
				 src->want_line ? line : NULL, len);
	fd = src->fds[i % src->jobs];
	if (read_all(fd, res, sizeof(*res)) || read_all(fd, &n, sizeof(n)))
		return cli_error("sim: the worker of game %lu stopped", i);
	if (n) {
		*line = malloc((size_t)n);
		if (*line == NULL)
			return cli_error("sim: out of memory");
		if (read_all(fd, *line, (size_t)n)) {
			free(*line);
			*line = NULL;
			return cli_error("sim: the worker of game %lu stopped", i);
		}
		*len = (size_t)n;
	}
	return CLI_EXIT_OK;
}

/* --bots LIST into sim->bot_specs: one per seat, or one for all. */
static int
parse_bots(struct sim *sim, char *list, int nplayers, const catan_game *g)
{
	char *save = NULL, *tok;
	int n = 0;

	for (tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (n >= CATAN_MAX_PLAYERS)
			return cli_usage_error("sim: more bots than seats");
		sim->bot_specs[n++] = tok;
	}
	if (n == 1)
		while (n < nplayers) {
			sim->bot_specs[n] = sim->bot_specs[0];
			n++;
		}
	if (n != nplayers)
		return cli_usage_error("sim: %d bots for %d seats (one per seat, or one for all)",
				       n, nplayers);
	for (int p = 0; p < n; p++) {
		bot *b = NULL;
		char why[160];
		int rc = bot_new(&b, sim->bot_specs[p], g, p, 0, why, sizeof(why));

		bot_free(b);
		if (rc == -2)
			return cli_error("sim: out of memory");
		if (rc != 0)
			return cli_usage_error("sim: %s", why);
	}
	sim->nbots = n;
	return CLI_EXIT_OK;
}

int
cmd_sim(int argc, char **argv)
{
	const char *spec = NULL, *out_path = NULL;
	char *bots_arg = NULL;
	unsigned long games = DEFAULT_GAMES, jobs = 1;
	uint64_t seed_arg = 0;
	int have_seed = 0, quiet = 0, show_progress, ret, nplayers;
	struct sim sim;
	struct totals t;
	struct source src;
	catan_ctx *ctx = NULL;
	catan_game *first = NULL;
	char *canonical = NULL;
	FILE *out = NULL;
	uint64_t seed0;
	double start, last_draw = 0.0;

	memset(&sim, 0, sizeof(sim));
	memset(&t, 0, sizeof(t));
	memset(&src, 0, sizeof(src));
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
		} else if (strcmp(argv[i], "--bots") == 0) {
			if (i + 1 >= argc)
				return cli_usage_error("sim: --bots needs a list");
			bots_arg = argv[++i];
		} else if (strcmp(argv[i], "--jobs") == 0) {
			if (i + 1 >= argc)
				return cli_usage_error("sim: --jobs needs a number");
			if (cli_parse_ulong(argv[++i], MAX_JOBS, &jobs) != 0 || jobs == 0)
				return cli_usage_error("sim: bad job count '%s' (1..%lu)",
						       argv[i], MAX_JOBS);
		} else if (strcmp(argv[i], "--out") == 0) {
			if (i + 1 >= argc)
				return cli_usage_error("sim: --out needs a file");
			out_path = argv[++i];
		} else if (strcmp(argv[i], "--histories") == 0) {
			sim.histories = 1;
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
	if (sim.histories && out_path == NULL)
		return cli_usage_error("sim: --histories needs --out");

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
	if (bots_arg) {
		ret = parse_bots(&sim, bots_arg, nplayers, first);
		if (ret != CLI_EXIT_OK)
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

		if (text == NULL || cli_parse_u64(text, &seed0) != 0) {
			ret = cli_usage_error("sim: the game has no seed parameter");
			goto out;
		}
	}
	if (out_path) {
		out = strcmp(out_path, "-") ? fopen(out_path, "w") : stdout;
		if (out == NULL) {
			ret = cli_usage_error("sim: cannot write '%s': %s", out_path,
					      strerror(errno));
			goto out;
		}
	}

	src.sim = &sim;
	src.ctx = ctx;
	src.canonical = canonical;
	src.seed0 = seed0;
	src.games = games;
	src.jobs = jobs < games ? jobs : games;
	src.want_line = out != NULL;
	if (src.jobs > 1) {
		ret = start_workers(&src);
		if (ret != CLI_EXIT_OK)
			goto out;
	}
	show_progress = !quiet && isatty(STDERR_FILENO);
	start = now_seconds();
	for (unsigned long i = 0; i < games; i++) {
		struct result res;
		char *line = NULL;
		size_t len = 0;

		memset(&res, 0, sizeof(res));
		ret = next_result(&src, i, &res, &line, &len);
		if (ret != CLI_EXIT_OK) {
			if (show_progress)
				fputc('\n', stderr);
			goto out;
		}
		add_result(&t, nplayers, &res);
		if (out && len && fwrite(line, 1, len, out) != len) {
			free(line);
			ret = cli_error("sim: cannot write '%s'", out_path);
			goto out;
		}
		free(line);
		if (show_progress) {
			double now = now_seconds();

			if (now - last_draw >= 0.1 || i + 1 == games) {
				progress(i + 1, games, now - start);
				last_draw = now;
			}
		}
	}
	ret = stop_workers(&src, 0);
	if (ret != CLI_EXIT_OK) {
		ret = cli_error("sim: a worker failed");
		goto out;
	}
	if (show_progress)
		fputs("\r\033[K", stderr);
	if (out && out != stdout && fclose(out) != 0) {
		out = NULL;
		ret = cli_error("sim: cannot write '%s'", out_path);
		goto out;
	}
	if (out != stdout)
		out = NULL;
	summary(&t, &sim, nplayers, now_seconds() - start, canonical, seed0);
	if (fflush(stdout) != 0 || ferror(stdout))
		ret = cli_error("sim: cannot write the summary");
	else
		ret = CLI_EXIT_OK;
out:
	if (src.started)
		stop_workers(&src, 1);
	if (out && out != stdout)
		fclose(out);
	free(sim.legal);
	free(sim.outcomes);
	free(sim.played);
	free(canonical);
	catan_game_unref(first);
	catan_ctx_free(ctx);
	return ret;
}
