/*
 * libcatanrules: fuzz target: action notation (catan_action_parse, check, apply).
 * SPDX-License-Identifier: MIT
 */

/*
 * The first byte picks one of the reachable positions of every registered
 * variant (fuzz-common.c); the rest is action text, one action per line,
 * applied in order to a copy of that position. Each line either fails to
 * parse with a message, or parses to an action that formats and parses
 * back to itself; applying it either succeeds with cards and pieces
 * conserved, or is refused leaving the state byte for byte unchanged.
 */

#include <stdlib.h>
#include <string.h>

#include "fuzz-common.h"

#define MAX_INPUT 8192
#define MAX_LINE 512

static void
check_roundtrip(catan_state *s, const catan_action *a, const char *line)
{
	const catan_game *g = catan_state_game(s);
	catan_action b;
	char text[MAX_LINE];
	size_t len = 0;
	int rc;

	rc = catan_action_format(g, a, text, sizeof(text), &len);
	FUZZ_ASSERT(rc == CATAN_OK, "'%s' parses but does not format: %s",
		    line, catan_strerror(rc));
	FUZZ_ASSERT(strlen(text) == len, "'%s' formats to %zu bytes, says %zu",
		    line, strlen(text), len);
	memset(&b, 0xa5, sizeof(b));
	rc = catan_action_parse(s, text, &b);
	FUZZ_ASSERT(rc == CATAN_OK, "'%s' formats to '%s', which fails: %s",
		    line, text, catan_state_errmsg(s));
	FUZZ_ASSERT(memcmp(a, &b, sizeof(b)) == 0,
		    "'%s' formats to '%s', which parses to another action",
		    line, text);
}

static void
run_line(catan_state *s, catan_state *scratch, const struct fuzz_totals *ref,
	 const char *line, int *applied)
{
	catan_action a;
	int rc, reason = -1;

	memset(&a, 0x5a, sizeof(a));
	rc = catan_action_parse(s, line, &a);
	if (rc != CATAN_OK) {
		FUZZ_ASSERT(rc == CATAN_EPARSE || rc == CATAN_ENOTFOUND ||
			    rc == CATAN_EINVAL,
			    "parse '%s': unexpected code %d (%s)", line, rc,
			    catan_strerror(rc));
		FUZZ_ASSERT(catan_state_errmsg(s)[0] != '\0',
			    "parse '%s' failed without a message", line);
		return;
	}
	check_roundtrip(s, &a, line);

	rc = catan_state_check_action(s, &a, &reason);
	FUZZ_ASSERT((rc == CATAN_OK && reason == CATAN_REASON_NONE) ||
		    (rc == CATAN_EILLEGAL && reason > CATAN_REASON_NONE &&
		     reason < CATAN_REASON_COUNT),
		    "check '%s': %d, reason %d", line, rc, reason);
	rc = fuzz_apply_checked(s, scratch, &a, line);
	FUZZ_ASSERT((rc == CATAN_OK) == (reason == CATAN_REASON_NONE),
		    "'%s': check said reason %d, apply %d", line, reason, rc);
	if (rc == CATAN_OK) {
		fuzz_check_conservation(s, ref, line);
		(*applied)++;
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct fuzz_position *pos;
	size_t npos = fuzz_positions(&pos);
	const struct fuzz_position *p;
	catan_state *s = NULL, *scratch = NULL;
	struct fuzz_totals ref;
	char line[MAX_LINE];
	size_t i, len = 0;
	int applied = 0;

	if (size < 1 || size > MAX_INPUT)
		return 0;
	p = &pos[data[0] % npos];
	FUZZ_OK(catan_state_clone(&s, p->state));
	FUZZ_OK(catan_state_clone(&scratch, p->state));
	fuzz_totals(s, &ref);

	for (i = 1; i <= size; i++) {
		if (i == size || data[i] == '\n') {
			line[len] = '\0';
			run_line(s, scratch, &ref, line, &applied);
			len = 0;
			continue;
		}
		/* an over-long line is cut; the parser sees a NUL-terminated
		 * string either way */
		if (len < sizeof(line) - 1)
			line[len++] = (char)data[i];
	}
	if (applied)
		fuzz_read_all(s);
	catan_state_free(scratch);
	catan_state_free(s);
	return 0;
}
