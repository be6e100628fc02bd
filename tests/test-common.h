/*
 * libcatanrules: the thin layer over Check shared by every test program.
 * SPDX-License-Identifier: MIT
 *
 * A test program is one test-*.c file linked with test-main.c. The file
 * defines its tests with START_TEST/END_TEST and one function,
 * catan_test_register(), which adds its suites to the runner:
 *
 *	START_TEST(test_hex_count)
 *	{
 *		...
 *		ck_assert_int_eq(counts.hexes, 19);
 *	}
 *	END_TEST
 *
 *	void
 *	catan_test_register(SRunner *sr)
 *	{
 *		Suite *s = catan_test_suite(sr, "board");
 *
 *		CATAN_TEST_ADD(s, test_hex_count);
 *		CATAN_TEST_ADD_LOOP(s, test_each_hex, 0, 19);
 *		CATAN_TEST_ADD_FIXTURE(s, test_x, setup, teardown);
 *	}
 *
 * Plain Check calls (suite_create, srunner_add_suite, tcase_*) work too;
 * the macros only save the boilerplate of one tcase per test, so a test
 * can be run alone: CK_RUN_SUITE=board CK_RUN_CASE=test_hex_count, or
 * `build/tests/test-board board test_hex_count`. CK_FORK=no (set
 * automatically under a debugger and by `meson test --setup valgrind`)
 * runs the tests in one process.
 *
 * Only test-main.c and this header know about Check beyond
 * START_TEST/END_TEST, the ck_assert_* macros and SRunner/Suite/TCase.
 */
#ifndef CATAN_TEST_COMMON_H
#define CATAN_TEST_COMMON_H

#include <stdbool.h>
#include <stdint.h>

#include <check.h>

#include "catanrules/catanrules.h"

/*
 * Every passing assertion of Check's costs a write to its result file
 * (the last place reached, for the report of a crash): the seeded-game
 * suites pass millions and spent more time in the kernel than in the
 * library, most of all under valgrind. Here a passing assertion only
 * remembers its place, and a test that crashes prints it (test-main.c)
 * before the signal takes its course.
 */
void catan_test_mark(const char *file, int line);
#define _mark_point(file, line) catan_test_mark((file), (line))

/*
 * Defined by each test program: add its suites to @sr. Called once,
 * before anything runs. May call catan_test_skip_all().
 */
void catan_test_register(SRunner *sr);

/* Create a suite named @name, add it to @sr and return it. */
Suite *catan_test_suite(SRunner *sr, const char *name);

/* The byte that fills a buffer around what a call may write: any left
 * changed past the written part is a write out of bounds. */
#define CANARY 0xEE

/* The beginner board (FACTS 1.2-1.3) as base's board=given texts,
 * written out from the facts, not from the library. */
#define BEGINNER_TILES \
	"O10.W2.L9.G12.B6.W4.B10.G9.L11.D.L3.O8.L8.O3.G4.W5.B5.G6.W11"
#define BEGINNER_HARBORS "3.G.O.3.W.3.3.B.L"

/* One tcase per test, named after the test function. */
#define CATAN_TEST_ADD(suite_, fn_) \
	do { \
		TCase *tc_ = tcase_create(#fn_); \
		tcase_add_test(tc_, fn_); \
		suite_add_tcase((suite_), tc_); \
	} while (0)

/* The test runs once for each _i in [lo_, hi_). */
#define CATAN_TEST_ADD_LOOP(suite_, fn_, lo_, hi_) \
	do { \
		TCase *tc_ = tcase_create(#fn_); \
		tcase_add_loop_test(tc_, fn_, (lo_), (hi_)); \
		suite_add_tcase((suite_), tc_); \
	} while (0)

/* setup_ and teardown_ (void (*)(void), may be NULL) run around the test,
 * in the test's own process. */
#define CATAN_TEST_ADD_FIXTURE(suite_, fn_, setup_, teardown_) \
	do { \
		TCase *tc_ = tcase_create(#fn_); \
		tcase_add_checked_fixture(tc_, (setup_), (teardown_)); \
		tcase_add_test(tc_, fn_); \
		suite_add_tcase((suite_), tc_); \
	} while (0)

/* Assert that a call returns CATAN_OK; the message names the error. */
#define CATAN_ASSERT_OK(expr_) \
	do { \
		int rc_ = (expr_); \
		ck_assert_msg(rc_ == CATAN_OK, "%s returned %d (%s)", \
			      #expr_, rc_, catan_strerror(rc_)); \
	} while (0)

/* Assert that a call returns the error code err_. */
#define CATAN_ASSERT_ERR(expr_, err_) \
	do { \
		int rc_ = (expr_); \
		int want_ = (err_); \
		ck_assert_msg(rc_ == want_, "%s returned %d (%s), expected %d (%s)", \
			      #expr_, rc_, catan_strerror(rc_), \
			      want_, catan_strerror(want_)); \
	} while (0)

/*
 * Parse an action in notation and apply it to state s_; fail the test with
 * the state's message if either step fails.
 */
#define CATAN_APPLY(s_, text_) \
	do { \
		int rc_ = catan_test_apply((s_), (text_)); \
		ck_assert_msg(rc_ == CATAN_OK, "apply \"%s\": %s: %s", \
			      (text_), catan_strerror(rc_), \
			      catan_state_errmsg(s_)); \
	} while (0)

/*
 * Parse an action and assert that applying it is refused with reason
 * reason_ (a catan_reason) and leaves the state unchanged.
 */
#define CATAN_REFUSE(s_, text_, reason_) \
	do { \
		int got_ = -1; \
		int rc_ = catan_test_refuse((s_), (text_), &got_); \
		ck_assert_msg(rc_ == CATAN_EILLEGAL && got_ == (int)(reason_), \
			      "apply \"%s\": %s, reason %s, expected reason %s", \
			      (text_), catan_strerror(rc_), \
			      catan_reason_name(got_), \
			      catan_reason_name((int)(reason_))); \
	} while (0)

/*
 * A context whose log hook fails the running test on any CATAN_LOG_ERROR
 * message (an internal invariant broke). Free it with catan_ctx_free().
 */
catan_ctx *catan_test_ctx_new(void);

/* A game from a game string; fails the test with the context's message. */
catan_game *catan_test_game_new(catan_ctx *ctx, const char *spec);

/* The initial state of a game; fails the test on error. */
catan_state *catan_test_state_new(catan_game *g);

/*
 * Parse and apply; returns the first failing call's code. Used by
 * CATAN_APPLY.
 */
int catan_test_apply(catan_state *s, const char *text);

/*
 * Parse and apply an action expected to be illegal; checks that the state
 * is unchanged (byte for byte, by catan_state_equal() and the hash) and
 * stores the refusal reason. Returns the apply's code (CATAN_EILLEGAL when
 * refused). Used by CATAN_REFUSE.
 */
int catan_test_refuse(catan_state *s, const char *text, int *reason_out);

/*
 * The seed for randomised tests: CATAN_TEST_SEED from the environment if
 * set (decimal or 0x hex), otherwise a fixed default, so runs repeat.
 */
uint64_t catan_test_seed(void);

/*
 * splitmix64: the tests' own random numbers, independent of the library;
 * catan_test_below() is uniform in [0, n) up to modulo bias (0 for n = 0).
 */
uint64_t catan_test_rand(uint64_t *x);
unsigned catan_test_below(uint64_t *x, unsigned n);

/*
 * One random step: a chance outcome at chance nodes (EXPLICIT), otherwise
 * a random legal action of a random acting player, trade offers less
 * often. Returns false at the end of the game.
 */
bool catan_test_random_action(catan_state *s, uint64_t *rng,
			      catan_action *out);

/* True when the program runs under valgrind (its preload is in the
 * environment): the seeded-game suites then play fewer games. */
bool catan_test_under_valgrind(void);

/*
 * Skip the whole program (a prerequisite is missing): prints the reason
 * and exits, as a TAP "1..0 # SKIP" plan under meson (exit status 0, which
 * meson's TAP protocol requires) or with exit status 77 otherwise. Call it
 * from catan_test_register() only.
 */
void catan_test_skip_all(const char *reason) __attribute__((noreturn));

/* The snapshot (observer CATAN_TEST_SNAPSHOT) or the observation text of
 * @s, in a buffer of @cap bytes to free(); fails the test on error. */
#define CATAN_TEST_SNAPSHOT (-99)
char *catan_test_text(const catan_state *s, int observer, size_t cap);

/* @text with its first @from replaced by @to must fail to load with
 * CATAN_EPARSE and a message that holds @why. */
void catan_test_load_refused(catan_ctx *ctx, const char *text, const char *from,
			     const char *to, const char *why);

/* The snapshot of @s loads (in @ctx) to an equal state with the same
 * hash. */
void catan_test_snapshot_round_trip(catan_ctx *ctx, const catan_state *s);

#endif
