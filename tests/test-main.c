/*
 * libcatanrules: the runner main shared by every test program, and helpers.
 * SPDX-License-Identifier: MIT
 */

#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "test-common.h"

#define DEFAULT_SEED UINT64_C(20260101)

/* ---------------------------------------------- the last place reached */

static const char *mark_file = "(no assertion yet)";
static int mark_line;

void
catan_test_mark(const char *file, int line)
{
	mark_file = file;
	mark_line = line;
}

static const int crash_signals[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT };
static struct sigaction crash_before[sizeof(crash_signals) / sizeof(crash_signals[0])];

/* Say where the test was, then give the signal back to whoever had it
 * (the default, or a sanitizer's handler): the faulting instruction runs
 * again, abort() raises again. Only async-signal-safe calls. */
static void
report_crash(int sig)
{
	char line[16];
	size_t n = 0;
	int v = mark_line;

	do
		line[sizeof(line) - 1 - n++] = (char)('0' + v % 10);
	while ((v /= 10) && n < sizeof(line) - 1);
	(void)!write(STDERR_FILENO, mark_file, strlen(mark_file));
	(void)!write(STDERR_FILENO, ":", 1);
	(void)!write(STDERR_FILENO, line + sizeof(line) - n, n);
	(void)!write(STDERR_FILENO, ": the last assertion passed before the signal\n", 46);
	for (size_t i = 0; i < sizeof(crash_signals) / sizeof(crash_signals[0]); i++)
		if (crash_signals[i] == sig)
			sigaction(sig, &crash_before[i], NULL);
}

static void
catch_crashes(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = report_crash;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof(crash_signals) / sizeof(crash_signals[0]); i++)
		sigaction(crash_signals[i], &sa, &crash_before[i]);
}

Suite *
catan_test_suite(SRunner *sr, const char *name)
{
	Suite *s = suite_create(name);

	srunner_add_suite(sr, s);
	return s;
}

static void
log_fails_test(void *userdata, int level, const char *message)
{
	if (level <= CATAN_LOG_ERROR)
		ck_abort_msg("library error log: %s", message);
}

catan_ctx *
catan_test_ctx_new(void)
{
	catan_ctx_options opts = CATAN_CTX_OPTIONS_INIT;
	catan_ctx *ctx = NULL;
	int rc;

	opts.log = log_fails_test;
	opts.log_level = CATAN_LOG_ERROR;
	rc = catan_ctx_new(&ctx, &opts);
	ck_assert_msg(rc == CATAN_OK && ctx != NULL, "catan_ctx_new: %s",
		      catan_strerror(rc));
	return ctx;
}

catan_game *
catan_test_game_new(catan_ctx *ctx, const char *spec)
{
	catan_game *g = NULL;
	int rc = catan_game_new_from_string(&g, ctx, spec);

	ck_assert_msg(rc == CATAN_OK && g != NULL, "game \"%s\": %s: %s",
		      spec, catan_strerror(rc), catan_ctx_errmsg(ctx));
	return g;
}

catan_state *
catan_test_state_new(catan_game *g)
{
	catan_state *s = NULL;
	int rc = catan_state_new(&s, g);

	ck_assert_msg(rc == CATAN_OK && s != NULL, "catan_state_new: %s",
		      catan_strerror(rc));
	return s;
}

int
catan_test_apply(catan_state *s, const char *text)
{
	catan_action a = CATAN_ACTION_INIT;
	int rc = catan_action_parse(s, text, &a);

	if (rc != CATAN_OK)
		return rc;
	return catan_state_apply(s, &a);
}

int
catan_test_refuse(catan_state *s, const char *text, int *reason_out)
{
	catan_action a = CATAN_ACTION_INIT;
	catan_state *before = NULL;
	int rc;

	*reason_out = -1;
	rc = catan_action_parse(s, text, &a);
	ck_assert_msg(rc == CATAN_OK, "parse \"%s\": %s: %s", text,
		      catan_strerror(rc), catan_state_errmsg(s));
	rc = catan_state_clone(&before, s);
	ck_assert_msg(rc == CATAN_OK, "catan_state_clone: %s",
		      catan_strerror(rc));

	rc = catan_state_apply(s, &a);
	if (rc == CATAN_EILLEGAL) {
		*reason_out = catan_state_last_reason(s);
		ck_assert_msg(catan_state_equal(before, s),
			      "refused \"%s\" changed the state", text);
	}
	catan_state_free(before);
	return rc;
}

uint64_t
catan_test_seed(void)
{
	const char *env = getenv("CATAN_TEST_SEED");
	unsigned long long v;
	char *end = NULL;

	if (env == NULL || *env == '\0')
		return DEFAULT_SEED;
	errno = 0;
	v = strtoull(env, &end, 0);
	ck_assert_msg(errno == 0 && end != NULL && *end == '\0',
		      "CATAN_TEST_SEED=%s is not a number", env);
	return (uint64_t)v;
}

uint64_t
catan_test_rand(uint64_t *x)
{
	uint64_t z = (*x += UINT64_C(0x9e3779b97f4a7c15));

	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

unsigned
catan_test_below(uint64_t *x, unsigned n)
{
	return n ? (unsigned)(catan_test_rand(x) % n) : 0;
}

bool
catan_test_random_action(catan_state *s, uint64_t *rng, catan_action *out)
{
	static catan_action acts[4096];
	static catan_chance_outcome outs[256];
	uint32_t mask;
	size_t n = 0;
	int who[CATAN_MAX_PLAYERS], nwho = 0;

	if (catan_state_is_terminal(s))
		return false;
	if (catan_state_is_chance_node(s)) {
		CATAN_ASSERT_OK(catan_state_chance_outcomes(s, outs, 256, &n));
		ck_assert_uint_gt(n, 0);
		*out = outs[catan_test_below(rng, (unsigned)n)].action;
		return true;
	}
	mask = catan_state_acting_players(s);
	for (int p = 0; p < CATAN_MAX_PLAYERS; p++)
		if (mask & (1u << p))
			who[nwho++] = p;
	ck_assert_int_gt(nwho, 0);
	CATAN_ASSERT_OK(catan_state_legal_actions(s,
			who[catan_test_below(rng, (unsigned)nwho)],
			acts, 4096, &n));
	ck_assert_uint_gt(n, 0);
	/* Fewer trade offers, so that games move on. */
	for (int tries = 0; tries < 4; tries++) {
		*out = acts[catan_test_below(rng, (unsigned)n)];
		if (out->type != CATAN_ACT_OFFER_TRADE)
			break;
	}
	return true;
}

bool
catan_test_under_valgrind(void)
{
	const char *env = getenv("LD_PRELOAD");

	return env && strstr(env, "vgpreload");
}

static int
tap_to_stdout(void)
{
	const char *env = getenv("CK_TAP_LOG_FILE_NAME");

	return env != NULL && strcmp(env, "-") == 0;
}

void
catan_test_skip_all(const char *reason)
{
	if (tap_to_stdout()) {
		/* meson's TAP protocol counts any non-zero exit as an error */
		printf("1..0 # SKIP %s\n", reason);
		fflush(stdout);
		exit(EXIT_SUCCESS);
	}
	fprintf(stderr, "skipped: %s\n", reason);
	exit(77);
}

/* Forked tests cannot be followed by a debugger: run in-process then. */
static int
debugger_attached(void)
{
	char line[256];
	int traced = 0;
	FILE *f = fopen("/proc/self/status", "r");

	if (f == NULL)
		return 0;
	while (fgets(line, sizeof(line), f) != NULL) {
		if (strncmp(line, "TracerPid:", 10) == 0) {
			traced = atoi(line + 10) != 0;
			break;
		}
	}
	fclose(f);
	return traced;
}

int
main(int argc, char **argv)
{
	const struct rlimit no_core = { 0, 0 };
	const char *suite = argc > 1 ? argv[1] : NULL;
	const char *tcase = argc > 2 ? argv[2] : NULL;
	SRunner *sr;
	int failed;

	if (argc > 3 || (argc > 1 && strcmp(argv[1], "--help") == 0)) {
		fprintf(stderr, "usage: %s [SUITE [TEST]]\n", argv[0]);
		return argc > 3 ? EXIT_FAILURE : EXIT_SUCCESS;
	}

	/* crashing tests are reported by Check; no core files */
	setrlimit(RLIMIT_CORE, &no_core);

	sr = srunner_create(NULL);
	catan_test_register(sr);
	if (debugger_attached())
		srunner_set_fork_status(sr, CK_NOFORK);

	catch_crashes();
	srunner_run(sr, suite, tcase, CK_ENV);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);

	/*
	 * Under meson the TAP lines carry the failures, and any non-zero
	 * exit would turn them into one ERROR for the whole program.
	 */
	if (tap_to_stdout())
		return EXIT_SUCCESS;
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

char *
catan_test_text(const catan_state *s, int observer, size_t cap)
{
	char *buf = malloc(cap);

	ck_assert_ptr_nonnull(buf);
	if (observer == CATAN_TEST_SNAPSHOT)
		CATAN_ASSERT_OK(catan_state_snapshot(s, buf, cap, NULL));
	else
		CATAN_ASSERT_OK(catan_state_observation_string(s, observer, buf, cap, NULL));
	return buf;
}

void
catan_test_load_refused(catan_ctx *ctx, const char *text, const char *from, const char *to,
			const char *why)
{
	catan_game *g = NULL;
	catan_state *s = NULL;
	const char *at = strstr(text, from);
	size_t flen = strlen(from), tlen = strlen(to), head;
	char *bad;

	ck_assert_msg(at != NULL, "no '%s' in\n%s", from, text);
	head = (size_t)(at - text);
	bad = malloc(strlen(text) + tlen + 1);
	ck_assert_ptr_nonnull(bad);
	memcpy(bad, text, head);
	memcpy(bad + head, to, tlen);
	strcpy(bad + head + tlen, at + flen);
	CATAN_ASSERT_ERR(catan_load(&g, &s, ctx, bad, strlen(bad)), CATAN_EPARSE);
	ck_assert_ptr_null(s);
	ck_assert_msg(strstr(catan_ctx_errmsg(ctx), why) != NULL, "message '%s' lacks '%s'",
		      catan_ctx_errmsg(ctx), why);
	free(bad);
}

void
catan_test_snapshot_round_trip(catan_ctx *ctx, const catan_state *s)
{
	char *text = catan_test_text(s, CATAN_TEST_SNAPSHOT, 128 * 1024);
	catan_game *g = NULL;
	catan_state *back = NULL;

	CATAN_ASSERT_OK(catan_load(&g, &back, ctx, text, strlen(text)));
	ck_assert(catan_state_equal(back, s));
	ck_assert_uint_eq(catan_state_hash(back), catan_state_hash(s));
	catan_state_free(back);
	catan_game_unref(g);
	free(text);
}
