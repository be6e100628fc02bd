/*
 * catanrules: the command-line tool — subcommand dispatch and shared helpers.
 * SPDX-License-Identifier: MIT
 */

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* Built with CLI_NO_MAIN, this file gives only the shared helpers below
 * the dispatch: the conform runner's fuzz target (tests/fuzz/fuzz-conform.c)
 * links them without the other subcommands. */
#ifndef CLI_NO_MAIN
static const struct command {
	const char *name;
	cli_command_fn run;
	const char *summary;
} commands[] = {
	{ "conform", cmd_conform, "run conformance scripts (.cts) and report every failed assertion" },
	{ "board", cmd_board, "print every hex, intersection, edge and harbor of a game's board" },
	{ "variants", cmd_variants, "list the variants and modules with their parameters" },
	{ "replay", cmd_replay, "load a snapshot or history and print the final position" },
	{ "perft", cmd_perft, "count the positions reachable in N actions" },
	{ "trace", cmd_trace, "print a seeded game action by action" },
	{ "play", cmd_play, "play a game in the terminal against random bots" },
	{ "sim", cmd_sim, "random playouts with a summary of results and speed" },
	{ "render", cmd_render, "draw a board or a saved position as SVG" },
	{ "bench", cmd_bench, "measure playouts and per-call costs (doc/performance.md)" },
};

static void
usage(FILE *f)
{
	int major, minor, micro;

	catan_version(&major, &minor, &micro);
	fprintf(f, "Usage: %s COMMAND [ARGS...]\n"
		"       %s help COMMAND | --help | --version\n"
		"Referee CATAN from the command line (libcatanrules %d.%d.%d).\n\n"
		"Commands:\n", CLI_PROGRAM, CLI_PROGRAM, major, minor, micro);
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		fprintf(f, "  %-9s %s\n", commands[i].name, commands[i].summary);
	fprintf(f, "\n'%s COMMAND --help' describes a command. Exit status: 0 on\n"
		"success, 1 when a check fails or the library refuses, 2 on bad usage,\n"
		"unreadable input or output that cannot be written.\n",
		CLI_PROGRAM);
}

static const struct command *
find_command(const char *name)
{
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (strcmp(commands[i].name, name) == 0)
			return &commands[i];
	return NULL;
}

static int
run(int argc, char **argv)
{
	const struct command *cmd;

	if (argc < 2)
		return cli_usage_error("missing COMMAND (try --help)");
	if (cli_is_help(argv[1])) {
		usage(stdout);
		return CLI_EXIT_OK;
	}
	if (strcmp(argv[1], "--version") == 0) {
		int major, minor, micro;

		catan_version(&major, &minor, &micro);
		printf("%s %d.%d.%d\n", CLI_PROGRAM, major, minor, micro);
		return CLI_EXIT_OK;
	}
	if (strcmp(argv[1], "help") == 0) {
		char *help_argv[3];

		if (argc == 2) {
			usage(stdout);
			return CLI_EXIT_OK;
		}
		cmd = find_command(argv[2]);
		if (cmd == NULL)
			return cli_usage_error("unknown command '%s' (try --help)", argv[2]);
		help_argv[0] = argv[2];
		help_argv[1] = (char *)"--help";
		help_argv[2] = NULL;
		return cmd->run(2, help_argv);
	}
	if (argv[1][0] == '-')
		return cli_usage_error("unknown option '%s' (try --help)", argv[1]);
	cmd = find_command(argv[1]);
	if (cmd == NULL)
		return cli_usage_error("unknown command '%s' (try --help)", argv[1]);
	return cmd->run(argc - 1, argv + 1);
}

/*
 * Output that could not be written (a full disk, a closed pipe, /dev/full)
 * is a failure of the command, whatever it printed: nothing else notices
 * that printf() failed, and an exit status of 0 would vouch for a truncated
 * board, listing, replay or conformance report.
 */
static int
check_output(int rc)
{
	int err;

	errno = 0;
	if (fflush(stdout) == 0 && !ferror(stdout))
		return rc;
	err = errno;
	if (err != 0)
		return cli_usage_error("cannot write the output: %s", strerror(err));
	return cli_usage_error("cannot write the output");
}

int
main(int argc, char **argv)
{
	return check_output(run(argc, argv));
}
#endif

/* ---------------------------------------------------------------- helpers */

void
cli_vprint_escaped(FILE *f, const char *fmt, va_list ap)
{
	char small[1024], *buf = small;
	va_list again;
	int n;

	va_copy(again, ap);
	n = vsnprintf(small, sizeof(small), fmt, ap);
	if (n >= 0 && (size_t)n >= sizeof(small)) {
		char *big = malloc((size_t)n + 1);

		/* Out of memory, the message is cut but still escaped. */
		if (big != NULL && vsnprintf(big, (size_t)n + 1, fmt, again) >= 0)
			buf = big;
		else
			free(big);
	}
	va_end(again);
	if (n < 0)
		return;
	for (const unsigned char *p = (const unsigned char *)buf; *p != '\0'; p++) {
		if (*p < 0x20 || *p == 0x7f)
			fprintf(f, "\\x%02x", *p);
		else
			fputc(*p, f);
	}
	if (buf != small)
		free(buf);
}

void
cli_print_escaped(FILE *f, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	cli_vprint_escaped(f, fmt, ap);
	va_end(ap);
}

static void __attribute__((format(printf, 1, 0)))
vreport(const char *fmt, va_list ap)
{
	fprintf(stderr, "%s: ", CLI_PROGRAM);
	cli_vprint_escaped(stderr, fmt, ap);
	fputc('\n', stderr);
}

int
cli_usage_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(fmt, ap);
	va_end(ap);
	return CLI_EXIT_USAGE;
}

int
cli_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(fmt, ap);
	va_end(ap);
	return CLI_EXIT_FAILURE;
}

int
cli_is_help(const char *arg)
{
	return arg != NULL && (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0);
}

#ifdef CLI_TEST_MODULES
/* The test build of the tool (examples/meson.build) also knows the test
 * modules of tests/, for the conformance scripts that exercise them. */
#include "test-holdings-module.h"
#include "test-rounds-module.h"
#include "test-pieces-module.h"
#include "test-blocked-module.h"
#include "test-chips-module.h"
#include "test-devkinds-module.h"
#endif

int
cli_new_ctx(catan_ctx **out)
{
	int rc = catan_ctx_new(out, NULL);

	if (rc != CATAN_OK)
		return cli_error("cannot create a context: %s", catan_strerror(rc));
#ifdef CLI_TEST_MODULES
	catan_test_add_holdings_module(*out);
	catan_test_add_rounds_module(*out);
	catan_test_add_pieces_module(*out);
	catan_test_add_blocked_module(*out);
	catan_test_add_chips_module(*out);
	catan_test_add_devkinds_module(*out);
#endif
	return CLI_EXIT_OK;
}

int
cli_load_game(catan_ctx *ctx, const char *spec, catan_game **out)
{
	*out = NULL;
	if (catan_game_new_from_string(out, ctx, spec) != CATAN_OK)
		return cli_usage_error("bad game '%s': %s", spec, catan_ctx_errmsg(ctx));
	return CLI_EXIT_OK;
}

int
cli_set_board_file(catan_ctx *ctx, const char *path)
{
	char *text;
	int rc = cli_read_file(path, &text, NULL);

	if (rc != CLI_EXIT_OK)
		return rc;
	if (catan_ctx_set_board(ctx, text) != CATAN_OK)
		rc = cli_usage_error("bad board '%s': %s", path, catan_ctx_errmsg(ctx));
	free(text);
	return rc;
}

int
cli_read_file(const char *path, char **text_out, size_t *len_out)
{
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	char *text = NULL;
	size_t len = 0, cap = 0;

	*text_out = NULL;
	if (len_out)
		*len_out = 0;
	if (f == NULL)
		return cli_usage_error("cannot open '%s': %s", path, strerror(errno));
	for (;;) {
		size_t got;

		/* The buffer stops one byte past the cap (and its NUL): a
		 * byte read there is a file too large. */
		if (cap - len < 4096 && cap < CLI_INPUT_MAX + 2) {
			size_t ncap = cap ? cap * 2 : 8192;
			char *ntext;

			if (ncap > CLI_INPUT_MAX + 2)
				ncap = CLI_INPUT_MAX + 2;
			ntext = realloc(text, ncap);

			if (ntext == NULL) {
				free(text);
				if (f != stdin)
					fclose(f);
				return cli_error("out of memory reading '%s'", path);
			}
			text = ntext;
			cap = ncap;
		}
		got = fread(text + len, 1, cap - len - 1, f);
		len += got;
		if (len > CLI_INPUT_MAX) {
			free(text);
			if (f != stdin)
				fclose(f);
			return cli_usage_error("'%s' is larger than %d MiB, the most the tool reads",
					       path, CLI_INPUT_MAX_MIB);
		}
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		free(text);
		if (f != stdin)
			fclose(f);
		return cli_usage_error("cannot read '%s'", path);
	}
	if (f != stdin)
		fclose(f);
	text[len] = '\0';
	*text_out = text;
	if (len_out)
		*len_out = len;
	return CLI_EXIT_OK;
}

int
cli_parse_ulong(const char *text, unsigned long max, unsigned long *out)
{
	char *end;
	unsigned long v;

	if (text == NULL || text[0] < '0' || text[0] > '9')
		return -1;
	errno = 0;
	v = strtoul(text, &end, 10);
	if (errno != 0 || *end != '\0' || v > max)
		return -1;
	*out = v;
	return 0;
}

int
cli_parse_u64(const char *text, uint64_t *out)
{
	char *end;
	unsigned long long v;

	if (text == NULL || text[0] < '0' || text[0] > '9')
		return -1;
	errno = 0;
	v = strtoull(text, &end, 10);
	if (errno != 0 || *end != '\0' || v > UINT64_MAX)
		return -1;
	*out = (uint64_t)v;
	return 0;
}

const char *
cli_player_name(int player, char *buf, size_t cap)
{
	switch (player) {
	case CATAN_PLAYER_CHANCE:
		return "chance";
	case CATAN_PLAYER_SIMULTANEOUS:
		return "simultaneous";
	case CATAN_PLAYER_TERMINAL:
		return "terminal";
	case CATAN_PLAYER_REFEREE:
		return "referee";
	default:
		if (player < 0)
			return "none";
		snprintf(buf, cap, "p%d", player);
		return buf;
	}
}

const char *
cli_action_text(const catan_game *g, const catan_action *a, char *buf, size_t cap)
{
	if (catan_action_format(g, a, buf, cap, NULL) != CATAN_OK)
		snprintf(buf, cap, "<action type %u player %d target %u arg %u>",
			 (unsigned)a->type, a->player, (unsigned)a->target,
			 (unsigned)a->arg);
	return buf;
}

const char *
cli_location_text(const catan_game *g, int kind, unsigned id, char *buf, size_t cap)
{
	static const char prefix[] = { '?', 'h', 'v', 'e' };

	if (id == CATAN_NONE)   /* the robber off the board (Fishing on Catan) */
		snprintf(buf, cap, "none");
	else if (catan_location_format(g, kind, id, buf, cap, NULL) != CATAN_OK)
		snprintf(buf, cap, "%c%u",
			 kind >= 1 && kind <= 3 ? prefix[kind] : '?', id);
	return buf;
}

int
cli_each_module_line(const catan_state *s, int observer,
		     void (*fn)(const char *line, void *arg), void *arg)
{
	size_t len = 0;
	char *text;
	int n = 0;

	(void)catan_state_observation_string(s, observer, NULL, 0, &len);
	text = malloc(len + 1);
	if (!text || catan_state_observation_string(s, observer, text, len + 1, NULL) != CATAN_OK) {
		free(text);
		return -1;
	}
	for (char *line = text; *line;) {
		char *eol = strchr(line, '\n');

		if (eol)
			*eol = '\0';
		if (strncmp(line, "counter ", 8) == 0 || strncmp(line, "holding ", 8) == 0 ||
		    strncmp(line, "supply ", 7) == 0 || strncmp(line, "piece ", 6) == 0 ||
		    strncmp(line, "chip ", 5) == 0) {
			fn(line, arg);
			n++;
		}
		if (!eol)
			break;
		line = eol + 1;
	}
	free(text);
	return n;
}
