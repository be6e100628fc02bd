/*
 * catanrules: declarations shared by the command-line tool's subcommands.
 * SPDX-License-Identifier: MIT
 */
#ifndef CATANRULES_CLI_H
#define CATANRULES_CLI_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <catanrules/catanrules.h>

#define CLI_PROGRAM "catanrules"

#if defined(__GNUC__)
#define CLI_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define CLI_PRINTF(fmt, args)
#endif

/* Exit codes of every subcommand. */
enum cli_exit {
	CLI_EXIT_OK = 0,      /* done; every check held */
	CLI_EXIT_FAILURE = 1, /* a check failed or the library refused */
	CLI_EXIT_USAGE = 2    /* bad command line or unreadable input */
};

/*
 * A subcommand: argv[0] is the subcommand's name, argv[1..argc-1] its
 * arguments; returns a cli_exit code. Each one answers --help (and -h) on
 * stdout with exit 0.
 */
typedef int (*cli_command_fn)(int argc, char **argv);

int cmd_conform(int argc, char **argv);
int cmd_board(int argc, char **argv);
int cmd_variants(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_perft(int argc, char **argv);
int cmd_trace(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_sim(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_render(int argc, char **argv);

/*
 * The seeded policy of golden traces (cli-trace.c, doc/golden.md): choose
 * an action (or chance outcome) for a state, and advance a state a number
 * of steps with it; used by perft and render to reach mid-game positions.
 */
int cli_trace_choose(catan_state *s, uint64_t *rng, catan_action *out);
int cli_trace_advance(catan_state *s, uint64_t seed, unsigned long steps,
		      unsigned long *done_out);
/*
 * Positions `GAME@seed=S,steps=K` (perft, render): parse the part after
 * the '@' (0, or -1 if malformed); make the initial state of @g and
 * advance it (no steps without a suffix). cli_trace_start() prints why it
 * fails, naming the subcommand @cmd and the position @pos, and returns
 * CLI_EXIT_FAILURE with *s_out NULL; *done_out is the steps made, fewer
 * than @steps when the game ends first.
 */
int cli_trace_parse_at(const char *text, uint64_t *seed,
		       unsigned long *steps);
int cli_trace_start(catan_game *g, const char *cmd, const char *pos,
		    uint64_t seed, unsigned long steps,
		    catan_state **s_out, unsigned long *done_out);

/*
 * splitmix64 (Steele, Lea, Flood): the seeded stream of the subcommands
 * that play, the same on every platform, so that golden traces and runs
 * repeat. Inline: bench times the loops that call it.
 */
static inline uint64_t
cli_random_next(uint64_t *x)
{
	uint64_t z = (*x += UINT64_C(0x9e3779b97f4a7c15));

	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

/* Uniform in [0, n), n >= 1; rejection keeps it free of modulo bias. */
static inline uint64_t
cli_random_below(uint64_t *x, uint64_t n)
{
	uint64_t limit = UINT64_MAX - UINT64_MAX % n;
	uint64_t r;

	do {
		r = cli_random_next(x);
	} while (r >= limit);
	return r % n;
}

/*
 * Helpers, defined in catanrules.c.
 */

/* Print "catanrules: MESSAGE" on stderr; return CLI_EXIT_USAGE (2). */
int cli_usage_error(const char *fmt, ...) CLI_PRINTF(1, 2);

/* Print "catanrules: MESSAGE" on stderr; return CLI_EXIT_FAILURE (1). */
int cli_error(const char *fmt, ...) CLI_PRINTF(1, 2);

/* Print a formatted message with every control byte (below 0x20, and
 * 0x7f) written as \xNN: messages echo game strings, actions and script
 * lines, and a raw escape sequence would drive the terminal. */
void cli_print_escaped(FILE *f, const char *fmt, ...) CLI_PRINTF(2, 3);
void cli_vprint_escaped(FILE *f, const char *fmt, va_list ap) CLI_PRINTF(2, 0);

/* 1 if @arg is -h or --help. */
int cli_is_help(const char *arg);

/* Create a context with the built-in variants; on failure print why and
 * return CLI_EXIT_FAILURE, else CLI_EXIT_OK. */
int cli_new_ctx(catan_ctx **out);

/* Create a game from a game string; on failure print the library's message
 * ("catanrules: bad game 'SPEC': MESSAGE") and return CLI_EXIT_USAGE. */
int cli_load_game(catan_ctx *ctx, const char *spec, catan_game **out);

/* The most a file the tool reads may hold (doc/catanrules.1): the longest
 * history or script is a few MiB, and /dev/zero or a runaway pipe must not
 * grow the buffer until memory runs out. */
#define CLI_INPUT_MAX_MIB 64
#define CLI_INPUT_MAX ((size_t)CLI_INPUT_MAX_MIB << 20)

/* Read a whole file ("-" is stdin) of at most CLI_INPUT_MAX bytes into a
 * NUL-terminated buffer the caller frees; on failure (a larger file
 * included) print why and return CLI_EXIT_USAGE. */
int cli_read_file(const char *path, char **text_out, size_t *len_out);

/* Give the context's games of base the board a file describes in writing
 * (catan_ctx_set_board()); on failure print why and return CLI_EXIT_USAGE. */
int cli_set_board_file(catan_ctx *ctx, const char *path);

/* Parse a decimal seed of 64 bits (the same on 32-bit builds); 0 on
 * success, -1 otherwise. */
int cli_parse_u64(const char *text, uint64_t *out);

/* Parse a decimal integer in [0, max]; 0 on success, -1 otherwise. */
int cli_parse_ulong(const char *text, unsigned long max, unsigned long *out);

/* Name of a player id: "p3", "chance", "simultaneous", "terminal", "none". */
const char *cli_player_name(int player, char *buf, size_t cap);

/* An action in notation; never fails (falls back to a raw description). */
const char *cli_action_text(const catan_game *g, const catan_action *a,
			    char *buf, size_t cap);

/* A location in notation ("h3", "h9.se", "h4.n-ne"); never fails. */
const char *cli_location_text(const catan_game *g, int kind, unsigned id,
			      char *buf, size_t cap);

/* Call @fn with each line of @observer's observation string that tells
 * what the game's modules keep (counter, holding, supply, piece, chip
 * lines); the number of lines, or -1 when the string is unavailable. */
int cli_each_module_line(const catan_state *s, int observer,
			 void (*fn)(const char *line, void *arg), void *arg);

#endif
