/*
 * libcatanrules: the playout helpers shared by the seeded-game suites.
 * SPDX-License-Identifier: MIT
 *
 * The conformance harness (test-harness*.c) and the property suite
 * (test-property.c) both play random games to the end and check every
 * step. Each keeps its own struct run with a struct playout as member pl:
 * what a failure names (the game string, the step, the state's message)
 * and the states the common checks below work on. Public API only, since
 * the harness links nothing else.
 */
#ifndef TEST_PLAYOUT_H
#define TEST_PLAYOUT_H

#include <stddef.h>
#include <stdint.h>

#include "test-common.h"

/* Action texts in messages; long enough for any variant's notation. */
#define TEXT_CAP 512

/* catan_test_rand()'s stream, with the state of a run. */
struct rng {
	uint64_t s;
};

uint64_t rng_next(struct rng *r);
/* Uniform in [0, n); 0 when n is 0. */
uint32_t rng_below(struct rng *r, uint32_t n);

unsigned popcount32(uint32_t x);

struct playout {
	catan_game *g;
	char gamestr[768];
	unsigned step;        /* actions applied by the suite */
	catan_state *s;       /* the game */
	catan_state *clone;   /* catan_state_clone() of s, kept in lockstep */
	catan_state *copy;    /* catan_state_copy() of s, kept in lockstep */
	catan_state *scratch; /* listed actions are tried here */
	catan_state *snap;    /* s before a refused action */
	catan_state *oa, *ob; /* multi-actor order independence */
	catan_action *log;    /* every action applied to s */
	size_t nlog, logcap;
};

/*
 * Fail the running test; the message names the game string and the step,
 * so that the failure can be replayed.
 */
void playout_fail(const struct playout *pl, int line, const char *cond,
		  const char *fmt, ...) __attribute__((format(printf, 4, 5)));

#define PLAYOUT_CHECK_AT(pl, cond, text, ...) \
	do { \
		if (!(cond)) \
			playout_fail((pl), __LINE__, (text), __VA_ARGS__); \
	} while (0)
/* Check cond, with a printf-style message, on a struct playout. */
#define PCHECK(pl, cond, ...) PLAYOUT_CHECK_AT((pl), (cond), #cond, __VA_ARGS__)
/* The same on a suite's run, which holds its playout as pl. */
#define RCHECK(r, cond, ...) \
	PLAYOUT_CHECK_AT(&(r)->pl, (cond), #cond, __VA_ARGS__)

/* The notation of @a, or its raw fields when it has none. */
const char *act_str(const struct playout *pl, const catan_action *a,
		    char *buf, size_t cap);

/* Listed actions (and chance outcomes) come in strictly increasing order. */
void check_sorted(struct playout *pl, const catan_action *prev,
		  const catan_action *a);
/*
 * A listed action (or chance outcome): check accepts it, apply accepts it
 * on a copy, and its notation parses back to the very same bytes.
 */
void check_listed(struct playout *pl, const catan_action *a);
/*
 * A candidate is either legal (then apply takes it too) or refused by
 * check, and then by apply without any trace on the state. Returns the
 * check's code (CATAN_OK or CATAN_EILLEGAL) and stores its reason.
 */
int check_candidate_core(struct playout *pl, const catan_action *a,
			 int *reason_out);
/* The clone and the copy are still equal to s, bytes and hash. */
void check_lockstep_core(struct playout *pl);

/*
 * The piece on vertex or edge @i of s and its owner, checked: a piece
 * that belongs there, owner -1 when empty, else one of the @nowners
 * owners (seated and neutral).
 */
int checked_piece(struct playout *pl, int edge, unsigned i, int nowners,
		  int *owner_out);

/* Append @a to the action log. */
void log_action(struct playout *pl, const catan_action *a);
/* Free the states of one game; the log stays for the next. */
void playout_free_states(struct playout *pl);

#endif
