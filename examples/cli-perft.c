/*
 * catanrules perft: count the action sequences of each length from a position.
 * SPDX-License-Identifier: MIT
 */

/*
 * perft (from chess engines) walks the whole game tree to a fixed depth
 * and counts the nodes at each depth. A ply is one action: a player's
 * decision or a chance outcome. At a decision node every legal action of
 * the acting player is a child; at a simultaneous node (discards on a 7,
 * replies to a trade offer) the children are the legal actions of each
 * acting player in turn order (the turn player first, then clockwise), so
 * the same replies given in two orders are two paths. At a chance node
 * every outcome is a child (counted once, whatever its probability);
 * this needs chance=explicit. A terminal node has no children: it counts
 * at its own depth only.
 *
 * Positions: a game string, optionally followed by @seed=S,steps=K for
 * the state reached after K steps of the policy of `catanrules trace
 * GAME --seed S` (the state printed as "step K" in that trace), or a
 * golden trace and a step (--from-trace FILE --at K: its apply lines are
 * replayed). The file format of --check is in doc/golden.md.
 */

#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define MAX_DEPTH 32

struct perft {
	const catan_game *g;
	int depth;
	int nplayers;
	int checked;               /* catan_state_apply instead of _unchecked */
	catan_state *st[MAX_DEPTH + 1];
	catan_action *acts[MAX_DEPTH];
	catan_chance_outcome *outs[MAX_DEPTH];
	size_t maxact, maxout;
	uint64_t count[MAX_DEPTH + 1];
	catan_action path[MAX_DEPTH];
	int failed;
};

static void
report_path(struct perft *p, int d, const char *what, int rc)
{
	char t[512];

	fprintf(stderr, "%s: perft: %s (%s) after:", CLI_PROGRAM, what,
		catan_strerror(rc));
	for (int i = 0; i < d; i++)
		fprintf(stderr, "%s%s", i ? ", " : " ",
			cli_action_text(p->g, &p->path[i], t, sizeof(t)));
	if (d == 0)
		fputs(" (the root)", stderr);
	fputc('\n', stderr);
	p->failed = 1;
}

static void walk(struct perft *p, int d);

static void
child(struct perft *p, int d, const catan_action *a)
{
	int rc;

	if (p->failed)
		return;
	rc = catan_state_copy(p->st[d + 1], p->st[d]);
	p->path[d] = *a;
	if (rc == CATAN_OK)
		rc = p->checked ? catan_state_apply(p->st[d + 1], a) :
		     catan_state_apply_unchecked(p->st[d + 1], a);
	if (rc != CATAN_OK) {
		report_path(p, d + 1, "a listed action does not apply", rc);
		return;
	}
	walk(p, d + 1);
}

/* Count the node st[d] and, below the depth limit, its subtree. */
static void
walk(struct perft *p, int d)
{
	catan_state *s = p->st[d];
	int rc;

	p->count[d]++;
	if (d == p->depth || catan_state_is_terminal(s))
		return;
	if (catan_state_is_chance_node(s)) {
		size_t n = 0;

		rc = catan_state_chance_outcomes(s, p->outs[d], p->maxout, &n);
		if (rc != CATAN_OK || n == 0) {
			report_path(p, d, "no chance outcomes", rc);
			return;
		}
		for (size_t i = 0; i < n && !p->failed; i++)
			child(p, d, &p->outs[d][i].action);
	} else {
		uint32_t mask = catan_state_acting_players(s);
		int tp = catan_state_turn_player(s);

		if (tp < 0 || tp >= p->nplayers)
			tp = 0;
		for (int i = 0; i < p->nplayers && !p->failed; i++) {
			int pl = (tp + i) % p->nplayers;
			size_t n = 0;

			if (!(mask & (1u << pl)))
				continue;
			rc = catan_state_legal_actions(s, pl, p->acts[d],
						       p->maxact, &n);
			if (rc != CATAN_OK) {
				report_path(p, d, "legal actions", rc);
				return;
			}
			for (size_t j = 0; j < n && !p->failed; j++)
				child(p, d, &p->acts[d][j]);
		}
	}
}

static void
perft_free(struct perft *p)
{
	for (int d = 0; d <= MAX_DEPTH; d++)
		catan_state_free(p->st[d]);
	for (int d = 0; d < MAX_DEPTH; d++) {
		free(p->acts[d]);
		free(p->outs[d]);
	}
}

/*
 * Count from @root to @depth: counts[d] for d = 0..depth. Returns
 * CLI_EXIT_OK or prints why not.
 */
static int
perft_run(const catan_state *root, int depth, int checked,
	  uint64_t counts[MAX_DEPTH + 1])
{
	struct perft p;
	int ret = CLI_EXIT_OK;

	memset(&p, 0, sizeof(p));
	p.g = catan_state_game(root);
	p.depth = depth;
	p.checked = checked;
	p.nplayers = catan_game_num_players(p.g);
	p.maxact = catan_game_max_legal_actions(p.g);
	p.maxout = catan_game_max_chance_outcomes(p.g);
	for (int d = 0; d <= depth; d++) {
		if (catan_state_clone(&p.st[d], root) != CATAN_OK) {
			ret = cli_error("perft: out of memory");
			goto out;
		}
	}
	for (int d = 0; d < depth; d++) {
		p.acts[d] = calloc(p.maxact ? p.maxact : 1,
				   sizeof(catan_action));
		p.outs[d] = calloc(p.maxout ? p.maxout : 1,
				   sizeof(catan_chance_outcome));
		if (p.acts[d] == NULL || p.outs[d] == NULL) {
			ret = cli_error("perft: out of memory");
			goto out;
		}
	}
	walk(&p, 0);
	if (p.failed)
		ret = CLI_EXIT_FAILURE;
	memcpy(counts, p.count, sizeof(p.count));
out:
	perft_free(&p);
	return ret;
}

/* ---------------------------------------------------------- positions */

static int
require_explicit(const catan_game *g, const char *what)
{
	if (catan_game_chance_mode(g) != CATAN_CHANCE_EXPLICIT)
		return cli_usage_error("perft: %s uses chance=sampled; perft enumerates every chance outcome and needs chance=explicit in the game string",
				       what);
	return CLI_EXIT_OK;
}

/*
 * The state named by POSITION (`GAME` or `GAME@seed=S,steps=K`). On
 * success *g_out and *s_out are the caller's.
 */
static int
load_position(catan_ctx *ctx, const char *pos, catan_game **g_out,
	      catan_state **s_out)
{
	char spec[2048];
	const char *at = strrchr(pos, '@');
	unsigned long steps = 0, done = 0;
	uint64_t seed = 0;
	int ret;

	*g_out = NULL;
	*s_out = NULL;
	if (strlen(pos) >= sizeof(spec))
		return cli_usage_error("perft: position too long");
	strcpy(spec, pos);
	if (at) {
		spec[at - pos] = '\0';
		if (cli_trace_parse_at(at + 1, &seed, &steps) != 0)
			return cli_usage_error("perft: bad position suffix '%s' (expected @seed=S,steps=K)",
					       at);
	}
	ret = cli_load_game(ctx, spec, g_out);
	if (ret != CLI_EXIT_OK)
		return ret;
	ret = require_explicit(*g_out, spec);
	if (ret == CLI_EXIT_OK)
		ret = cli_trace_start(*g_out, "perft", pos, seed, steps, s_out,
				      &done);
	if (ret != CLI_EXIT_OK)
		goto fail;
	if (done != steps) {
		ret = cli_usage_error("perft: %s: the game ends after %lu steps",
				      pos, done);
		goto fail;
	}
	return CLI_EXIT_OK;
fail:
	catan_state_free(*s_out);
	catan_game_unref(*g_out);
	*s_out = NULL;
	*g_out = NULL;
	return ret;
}

/* The position before the apply line number @at (0-based) of a trace. */
static int
load_trace(catan_ctx *ctx, const char *path, unsigned long at,
	   catan_game **g_out, catan_state **s_out)
{
	char *text = NULL, *line, *save = NULL;
	unsigned long applied = 0, lineno = 0;
	int ret;

	*g_out = NULL;
	*s_out = NULL;
	ret = cli_read_file(path, &text, NULL);
	if (ret != CLI_EXIT_OK)
		return ret;
	for (line = strtok_r(text, "\n", &save); line && applied < at;
	     line = strtok_r(NULL, "\n", &save)) {
		catan_action a;
		int rc;

		lineno++;
		if (*g_out == NULL) {
			if (strncmp(line, "game: ", 6) != 0)
				continue;
			ret = cli_load_game(ctx, line + 6, g_out);
			if (ret == CLI_EXIT_OK)
				ret = require_explicit(*g_out, path);
			if (ret == CLI_EXIT_OK &&
			    catan_state_new(s_out, *g_out) != CATAN_OK)
				ret = cli_error("perft: cannot create the state");
			if (ret != CLI_EXIT_OK)
				goto fail;
			continue;
		}
		if (strncmp(line, "apply: ", 7) != 0)
			continue;
		rc = catan_action_parse(*s_out, line + 7, &a);
		if (rc == CATAN_OK)
			rc = catan_state_apply(*s_out, &a);
		if (rc != CATAN_OK) {
			ret = cli_error("perft: %s:%lu: '%s': %s: %s", path,
					lineno, line + 7, catan_strerror(rc),
					catan_state_errmsg(*s_out));
			goto fail;
		}
		applied++;
	}
	if (*g_out == NULL) {
		ret = cli_usage_error("perft: %s has no 'game:' line", path);
		goto fail;
	}
	if (applied < at) {
		ret = cli_usage_error("perft: %s has only %lu steps", path,
				      applied);
		goto fail;
	}
	free(text);
	return CLI_EXIT_OK;
fail:
	free(text);
	catan_state_free(*s_out);
	catan_game_unref(*g_out);
	*s_out = NULL;
	*g_out = NULL;
	return ret;
}

/* ---------------------------------------------------------- --check */

static char *
trim(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
		*--e = '\0';
	return s;
}

/*
 * Every line `POSITION ;D1 n ;D2 n ...` of @path: recount and compare.
 * '#' starts a comment line.
 */
static int
check_file(catan_ctx *ctx, const char *path, int checked)
{
	char *text = NULL, *line, *save = NULL;
	unsigned long lineno = 0;
	int ret, failures = 0, positions = 0;

	ret = cli_read_file(path, &text, NULL);
	if (ret != CLI_EXIT_OK)
		return ret;
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		uint64_t want[MAX_DEPTH + 1], got[MAX_DEPTH + 1];
		int have[MAX_DEPTH + 1] = { 0 };
		char *semi = strchr(line, ';'), *pos, *tok, *tsave = NULL;
		catan_game *g = NULL;
		catan_state *s = NULL;
		int maxd = 0, bad = 0;

		lineno++;
		pos = trim(line);
		if (*pos == '\0' || *pos == '#')
			continue;
		if (semi == NULL) {
			ret = cli_usage_error("perft: %s:%lu: no ';Dn count'",
					      path, lineno);
			goto out;
		}
		*semi = '\0';
		pos = trim(line);
		for (tok = strtok_r(semi + 1, ";", &tsave); tok;
		     tok = strtok_r(NULL, ";", &tsave)) {
			unsigned long d, n;
			char *sp;

			tok = trim(tok);
			sp = strchr(tok, ' ');
			if (tok[0] != 'D' || sp == NULL) {
				bad = 1;
				break;
			}
			*sp = '\0';
			if (cli_parse_ulong(tok + 1, MAX_DEPTH, &d) != 0 ||
			    d == 0 ||
			    cli_parse_ulong(trim(sp + 1), ~0ul, &n) != 0) {
				bad = 1;
				break;
			}
			want[d] = n;
			have[d] = 1;
			if ((int)d > maxd)
				maxd = (int)d;
		}
		if (bad || maxd == 0) {
			ret = cli_usage_error("perft: %s:%lu: expected ';D<depth> <count>' fields",
					      path, lineno);
			goto out;
		}
		ret = load_position(ctx, pos, &g, &s);
		if (ret != CLI_EXIT_OK)
			goto out;
		ret = perft_run(s, maxd, checked, got);
		catan_state_free(s);
		catan_game_unref(g);
		if (ret != CLI_EXIT_OK)
			goto out;
		positions++;
		for (int d = 1; d <= maxd; d++) {
			if (!have[d])
				continue;
			if (got[d] == want[d]) {
				printf("ok   %s:%lu D%d %" PRIu64 "\n", path,
				       lineno, d, got[d]);
			} else {
				printf("FAIL %s:%lu D%d %" PRIu64
				       ", expected %" PRIu64 " (%s)\n", path,
				       lineno, d, got[d], want[d], pos);
				failures++;
			}
		}
	}
	printf("%d position%s, %d failure%s\n", positions,
	       positions == 1 ? "" : "s", failures, failures == 1 ? "" : "s");
	ret = failures ? CLI_EXIT_FAILURE : CLI_EXIT_OK;
out:
	free(text);
	return ret;
}

/* ------------------------------------------------------------ command */

static void
usage(FILE *f)
{
	fprintf(f,
		"Usage: %s perft POSITION DEPTH [--divide] [--checked]\n"
		"       %s perft [GAME] DEPTH --from-trace FILE --at STEP\n"
		"       %s perft --check FILE [--checked]\n"
		"Count the nodes 1..DEPTH actions below a position, every legal\n"
		"action and every chance outcome being a child (the game needs\n"
		"chance=explicit); at a simultaneous node, the actions of each\n"
		"acting player in turn order. Prints 'depth d: nodes'.\n"
		"POSITION is a game string, optionally followed by\n"
		"@seed=S,steps=K: the position after K steps of\n"
		"'%s trace GAME --seed S'. --from-trace starts from step STEP\n"
		"of a trace file instead. --divide prints the count below each\n"
		"first action; --checked applies with validation. --check reads\n"
		"lines 'POSITION ;D1 n ;D2 n ...' and compares (doc/golden.md).\n",
		CLI_PROGRAM, CLI_PROGRAM, CLI_PROGRAM, CLI_PROGRAM);
}

static int
divide(const catan_state *root, int depth, int checked)
{
	const catan_game *g = catan_state_game(root);
	size_t maxact = catan_game_max_legal_actions(g);
	size_t maxout = catan_game_max_chance_outcomes(g);
	catan_action *list = calloc(maxact + maxout + 1, sizeof(*list));
	catan_chance_outcome *outs = calloc(maxout + 1, sizeof(*outs));
	catan_state *c = NULL;
	size_t n = 0;
	int ret = CLI_EXIT_OK;

	if (list == NULL || outs == NULL ||
	    catan_state_clone(&c, root) != CATAN_OK) {
		ret = cli_error("perft: out of memory");
		goto out;
	}
	if (catan_state_is_chance_node(root)) {
		if (catan_state_chance_outcomes(root, outs, maxout, &n) !=
		    CATAN_OK)
			n = 0;
		for (size_t i = 0; i < n; i++)
			list[i] = outs[i].action;
	} else if (!catan_state_is_terminal(root)) {
		uint32_t mask = catan_state_acting_players(root);
		int np = catan_game_num_players(g);
		int tp = catan_state_turn_player(root);

		if (tp < 0 || tp >= np)
			tp = 0;
		for (int i = 0; i < np; i++) {
			int pl = (tp + i) % np;
			size_t k = 0;

			if ((mask & (1u << pl)) &&
			    catan_state_legal_actions(root, pl, list + n,
						      maxact + maxout - n,
						      &k) == CATAN_OK)
				n += k;
		}
	}
	for (size_t i = 0; i < n && ret == CLI_EXIT_OK; i++) {
		uint64_t counts[MAX_DEPTH + 1];
		char t[512];
		int rc;

		catan_state_copy(c, root);
		rc = checked ? catan_state_apply(c, &list[i]) :
		     catan_state_apply_unchecked(c, &list[i]);
		if (rc != CATAN_OK) {
			ret = cli_error("perft: %s does not apply: %s",
					cli_action_text(g, &list[i], t,
							sizeof(t)),
					catan_state_errmsg(c));
			break;
		}
		ret = perft_run(c, depth - 1, checked, counts);
		if (ret == CLI_EXIT_OK)
			printf("%s: %" PRIu64 "\n",
			       cli_action_text(g, &list[i], t, sizeof(t)),
			       counts[depth - 1]);
	}
out:
	catan_state_free(c);
	free(list);
	free(outs);
	return ret;
}

int
cmd_perft(int argc, char **argv)
{
	const char *pos_args[2] = { NULL, NULL };
	const char *trace = NULL, *check = NULL;
	unsigned long depth = 0, at = 0;
	int npos = 0, have_at = 0, do_divide = 0, checked = 0;
	catan_ctx *ctx = NULL;
	catan_game *g = NULL;
	catan_state *s = NULL;
	int ret;

	for (int i = 1; i < argc; i++) {
		if (cli_is_help(argv[i])) {
			usage(stdout);
			return CLI_EXIT_OK;
		} else if (strcmp(argv[i], "--from-trace") == 0 && i + 1 < argc) {
			trace = argv[++i];
		} else if (strcmp(argv[i], "--at") == 0 && i + 1 < argc) {
			if (cli_parse_ulong(argv[++i], ~0ul, &at) != 0)
				return cli_usage_error("perft: bad step '%s'",
						       argv[i]);
			have_at = 1;
		} else if (strcmp(argv[i], "--check") == 0 && i + 1 < argc) {
			check = argv[++i];
		} else if (strcmp(argv[i], "--divide") == 0) {
			do_divide = 1;
		} else if (strcmp(argv[i], "--checked") == 0) {
			checked = 1;
		} else if (argv[i][0] == '-' && argv[i][1] != '\0') {
			return cli_usage_error("perft: unknown option '%s' (try --help)",
					       argv[i]);
		} else if (npos < 2) {
			pos_args[npos++] = argv[i];
		} else {
			return cli_usage_error("perft: too many arguments (try --help)");
		}
	}

	if (check) {
		if (npos || trace || have_at || do_divide)
			return cli_usage_error("perft: --check takes a file only");
		ret = cli_new_ctx(&ctx);
		if (ret == CLI_EXIT_OK)
			ret = check_file(ctx, check, checked);
		catan_ctx_free(ctx);
		return ret;
	}
	if (trace && !have_at)
		return cli_usage_error("perft: --from-trace needs --at STEP");
	if (have_at && !trace)
		return cli_usage_error("perft: --at needs --from-trace FILE");
	if (npos == 0 || (npos == 1 && !trace)) {
		usage(stderr);
		return CLI_EXIT_USAGE;
	}
	if (cli_parse_ulong(pos_args[npos - 1], MAX_DEPTH, &depth) != 0 ||
	    depth == 0)
		return cli_usage_error("perft: bad depth '%s' (1..%d)",
				       pos_args[npos - 1], MAX_DEPTH);

	ret = cli_new_ctx(&ctx);
	if (ret != CLI_EXIT_OK)
		return ret;
	if (trace) {
		ret = load_trace(ctx, trace, at, &g, &s);
		if (ret == CLI_EXIT_OK && npos == 2) {
			/* a game named too must be the trace's game */
			catan_game *g2 = NULL;
			char a[2048], b[2048];

			ret = cli_load_game(ctx, pos_args[0], &g2);
			if (ret == CLI_EXIT_OK &&
			    (catan_game_to_string(g, a, sizeof(a), NULL) !=
			     CATAN_OK ||
			     catan_game_to_string(g2, b, sizeof(b), NULL) !=
			     CATAN_OK || strcmp(a, b) != 0))
				ret = cli_usage_error("perft: %s is a trace of %s, not of %s",
						      trace, a, pos_args[0]);
			catan_game_unref(g2);
		}
	} else {
		ret = load_position(ctx, pos_args[0], &g, &s);
	}
	if (ret != CLI_EXIT_OK)
		goto out;

	if (do_divide) {
		ret = divide(s, (int)depth, checked);
	} else {
		uint64_t counts[MAX_DEPTH + 1];

		ret = perft_run(s, (int)depth, checked, counts);
		if (ret == CLI_EXIT_OK)
			for (int d = 1; d <= (int)depth; d++)
				printf("depth %d: %" PRIu64 "\n", d, counts[d]);
	}
	if (fflush(stdout) != 0 && ret == CLI_EXIT_OK)
		ret = cli_error("perft: cannot write the output");
out:
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
	return ret;
}
