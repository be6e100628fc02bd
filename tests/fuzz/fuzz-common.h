/*
 * libcatanrules: helpers shared by the fuzz targets (reachable states, invariants).
 * SPDX-License-Identifier: MIT
 *
 * Every target is one fuzz-*.c file defining LLVMFuzzerTestOneInput(). It
 * is built twice: with clang and -fsanitize=fuzzer (meson -Dfuzz=true) to
 * search for crashes, and with the normal compiler and replay-main.c to
 * replay the seed corpus and the regression inputs as a plain test.
 *
 * Only the public API is used, so that what is fuzzed is what a host sees.
 * A broken invariant prints what broke and aborts: libFuzzer then keeps
 * the input, and a replay test fails.
 */
#ifndef CATAN_FUZZ_COMMON_H
#define CATAN_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include <catanrules/catanrules.h>

/* The libFuzzer entry point every target defines. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* One position of the shared table: a state reached by seeded random play. */
struct fuzz_position {
	catan_game *game;
	catan_state *state;
	char label[256];        /* game string and number of actions played */
};

/*
 * The table of reachable positions: for every registered variant, its
 * fewest and most players, both chance modes, and a few depths of seeded
 * random play (set-up, early and late turns, the end). Built on first use
 * with the given context, the same every time; freed at exit.
 */
size_t fuzz_positions(const struct fuzz_position **out);

/* The context the table was built with (default allocator). */
catan_ctx *fuzz_ctx(void);

/*
 * Scratch buffers for legal actions and chance outcomes of a game, big
 * enough for its bounds; reused by every call (one thread only).
 */
catan_action *fuzz_action_buffer(const catan_game *g, size_t *cap);
catan_chance_outcome *fuzz_outcome_buffer(const catan_game *g, size_t *cap);

/* Print a message naming the broken invariant and abort. */
void fuzz_fail(const char *fmt, ...)
	__attribute__((format(printf, 1, 2), noreturn));

/* Abort unless the call returned CATAN_OK. */
#define FUZZ_OK(expr_) \
	do { \
		int rc_ = (expr_); \
		if (rc_ != CATAN_OK) \
			fuzz_fail("%s:%d: %s returned %d (%s)", __FILE__, \
				  __LINE__, #expr_, rc_, catan_strerror(rc_)); \
	} while (0)

#define FUZZ_ASSERT(cond_, ...) \
	do { \
		if (!(cond_)) \
			fuzz_fail(__VA_ARGS__); \
	} while (0)

/* The totals that no action may change (or, for development cards, raise). */
struct fuzz_totals {
	unsigned cards[CATAN_MAX_CARD_KINDS]; /* bank + hands, per kind */
	unsigned dev;                         /* deck + hands + Knights played */
	unsigned pieces[CATAN_MAX_PLAYERS][4]; /* stock + board, per catan_piece */
};

/* Count the totals of a state; also checks each player's own sums. */
void fuzz_totals(const catan_state *s, struct fuzz_totals *out);

/*
 * Check that @p s conserves what @p ref counted: cards and pieces exactly,
 * development cards never more. @p what names the step in the message.
 */
void fuzz_check_conservation(const catan_state *s, const struct fuzz_totals *ref,
			     const char *what);

/*
 * Apply an action that must be refused or accepted cleanly: on refusal the
 * state must be unchanged (bytes and hash) and the return CATAN_EILLEGAL
 * with a reason and a message. @p scratch is a state of the same game used
 * to keep the "before" copy. Returns the apply's code.
 */
int fuzz_apply_checked(catan_state *s, catan_state *scratch,
		       const catan_action *a, const char *what);

/*
 * Advance @p s by one action chosen by @p pick among what may happen now:
 * a chance outcome at a chance node, otherwise a legal action of one of the
 * acting players. Returns 0 when nothing can happen (terminal), else 1.
 * The chosen action is stored in @p done when not NULL.
 */
int fuzz_step(catan_state *s, uint32_t pick, uint32_t pick_player,
	      catan_action *done);

/*
 * Exercise the read-only queries of a state (legal actions of everyone,
 * chance outcomes, observations, JSON): they must not fail on a state the
 * library produced.
 */
void fuzz_read_all(const catan_state *s);

/*
 * Snapshot @p s, load it back and check the copy is equal (bytes and
 * hash). The game of the loaded state is a new game from the same string.
 */
void fuzz_check_snapshot_roundtrip(catan_ctx *ctx, const catan_state *s);

#endif
