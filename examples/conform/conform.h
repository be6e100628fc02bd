/*
 * catanrules conform: the runner's private types and the functions its
 * parts share. cli-conform.c takes the command line and the files;
 * parse.c reads a script (lines, words, players, locations, actions,
 * cards); run.c runs it (the game, the edits, actions and chance, show);
 * expect.c and expect-position.c check its assertions. The language is
 * described in doc/conformance.md.
 * SPDX-License-Identifier: MIT
 */
#ifndef CATANRULES_CLI_CONFORM_H
#define CATANRULES_CLI_CONFORM_H

#include <stddef.h>

#include "../cli.h"

#define LINE_CAP 1024    /* longest script line */
#define MAX_TOKENS 64    /* words on one line */
#define TEXT_CAP 512     /* a formatted value or list in a report */

struct line {
	unsigned no;                 /* 1-based line number */
	char buf[LINE_CAP];          /* the line, split in place */
	char *tok[MAX_TOKENS];
	int ntok;
};

struct runner {
	catan_ctx *ctx;
	const char *path;
	const char *text;            /* the whole script */
	size_t pos;                  /* reading position in text */
	unsigned lineno;             /* last line read */

	catan_game *game;            /* NULL before the first good game line */
	catan_state *state;
	int have_game_line;          /* a game line was seen (good or bad) */
	int live;                    /* statements take effect */

	catan_action *actions;       /* scratch for legal actions */
	size_t actions_cap;
	catan_action *expected;      /* scratch for an expected action set */
	size_t expected_cap;
	catan_chance_outcome *outcomes;
	size_t outcomes_cap;

	unsigned assertions, failed, errors, skipped;
	int verbose;
};

/* Slot of the pseudo-kind "total" in a parsed list. */
#define LIST_TOTAL CATAN_MAX_CARD_KINDS

struct kind_list {
	unsigned count[CATAN_MAX_CARD_KINDS + 1];
	int given[CATAN_MAX_CARD_KINDS + 1];
	int any;
};

/* ---------------------------------------------- run.c: reports, scripts */

/* A malformed line or a refused statement: reported, and the rest of the
 * game block no longer runs. */
void script_error(struct runner *r, unsigned no, const char *fmt, ...) CLI_PRINTF(3, 4);
/* Record one assertion; "expected X, got Y" when it fails. */
void verdict(struct runner *r, const struct line *l, int ok, const char *expected,
	     const char *got);
/* Whether an assertion or edit runs; counts assertions skipped after an
 * error. */
int runs(struct runner *r, int is_assertion);
/* Whether a game is there for the statement on l; reports when not. */
int need_game(struct runner *r, const struct line *l);
/* Run one script; 1 if every assertion held and nothing went wrong. */
int run_script(struct runner *r, const char *path, const char *text, size_t len,
	       int quiet);

/* ------------------------------------------------ parse.c: lines, words */

/* Read the next line that holds a statement; 0 at the end of the text. */
int next_line(struct runner *r, struct line *l);
/* Words first..last-1 joined by single spaces. */
const char *join(const struct line *l, int first, int last, char *buf, size_t cap);

/* Each parse_* reads one word of l; 0 after reporting it malformed. */
int parse_count(struct runner *r, const struct line *l, const char *text,
		unsigned long max, unsigned long *out);
int parse_player(struct runner *r, const struct line *l, const char *text, int *out);
/* A player or "none" (-1). */
int parse_player_or_none(struct runner *r, const struct line *l, const char *text,
			 int *out);
/* A seated player pN, or word for the game's own (-1). */
int parse_seat_or(struct runner *r, const struct line *l, const char *text,
		  const char *word, int *out);
/* A location of kind want (CATAN_LOC_*, 0 for any). */
int parse_location(struct runner *r, const struct line *l, const char *text,
		   int want, unsigned *id_out, int *kind_out);
int parse_action(struct runner *r, const struct line *l, const char *text,
		 catan_action *out);
/* "lumber=2,brick=0": card kinds, or development-card kinds when dev;
 * "total=N" too when allow_total, "empty" when allow_empty. */
int parse_kind_list(struct runner *r, const struct line *l, const char *text,
		    int dev, int allow_total, int allow_empty, struct kind_list *out);
/* Index of a card or development-card kind by name, or -1. */
int kind_index(const catan_game *game, const char *name, size_t len, int dev);
/* CATAN_PIECE_* of "settlement", "city" or "road", or -1. */
int piece_kind(const char *word);

/* ------------------------------------------------ expect*.c: assertions */

/* expect ...: every assertion, by its second word. */
void do_expect(struct runner *r, const struct line *l);
/* The assertions about the position (expect-position.c); 0 when the
 * second word of l names none of them. */
int expect_position(struct runner *r, const struct line *l);

#endif /* CATANRULES_CLI_CONFORM_H */
