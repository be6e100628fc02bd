/*
 * libcatanrules: fuzz target: loading snapshots and histories (catan_load).
 * SPDX-License-Identifier: MIT
 */

/*
 * The input is handed to catan_load() as it is, without a terminating NUL,
 * so that reading past its end is caught. Loading either fails with a
 * message on the context and creates nothing, or gives a state with the
 * cards and pieces of its game's initial state (the loader refuses
 * tampered totals), whose queries all work, whose snapshot loads back
 * to the same position, and from which random play goes on (every acting
 * player has a legal action) with the cards still conserved.
 */

#include <stdlib.h>
#include <string.h>

#include "fuzz-common.h"

#define MAX_INPUT (64 * 1024)

/* Any position the loader accepts can be played on: random actions by
 * catan_state_playout(), after which the cards are still conserved. */
static void
play_on(catan_state *s, const struct fuzz_totals *t)
{
	size_t cap = catan_game_max_legal_actions(catan_state_game(s));
	catan_action *buf = malloc(cap * sizeof(*buf));
	uint64_t rng = catan_state_hash(s), steps = 0;
	int rc;

	FUZZ_ASSERT(buf != NULL, "out of memory");
	rc = catan_state_playout(s, &rng, buf, cap, 300, &steps);
	FUZZ_ASSERT(rc == CATAN_OK, "playout from a loaded state: %s (%s)",
		    catan_strerror(rc), catan_state_errmsg(s));
	FUZZ_ASSERT(steps <= 300, "playout played %llu steps", (unsigned long long)steps);
	fuzz_check_conservation(s, t, "played state");
	fuzz_read_all(s);
	free(buf);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	catan_game *g = (catan_game *)(uintptr_t)0x1;
	catan_state *s = (catan_state *)(uintptr_t)0x1;
	catan_ctx *ctx = NULL;
	char *copy;
	int rc;

	if (size > MAX_INPUT)
		return 0;
	/* an exact-size heap copy: one byte too far is an ASan report */
	copy = malloc(size ? size : 1);
	FUZZ_ASSERT(copy != NULL, "out of memory");
	if (size)
		memcpy(copy, data, size);

	FUZZ_OK(catan_ctx_new(&ctx, NULL));
	rc = catan_load(&g, &s, ctx, copy, size);
	if (rc != CATAN_OK) {
		FUZZ_ASSERT(rc == CATAN_EPARSE || rc == CATAN_EVERSION ||
			    rc == CATAN_ENOTFOUND || rc == CATAN_ENOTSUP ||
			    rc == CATAN_EINVAL,
			    "load: unexpected code %d (%s)", rc,
			    catan_strerror(rc));
		FUZZ_ASSERT(catan_ctx_errmsg(ctx)[0] != '\0',
			    "load failed (%s) without a message",
			    catan_strerror(rc));
		FUZZ_ASSERT((g == NULL || g == (catan_game *)(uintptr_t)0x1) &&
			    (s == NULL || s == (catan_state *)(uintptr_t)0x1),
			    "failed load left a game or a state behind");
	} else {
		struct fuzz_totals t;
		catan_state *initial = NULL;

		FUZZ_ASSERT(g != NULL && s != NULL, "load gave NULL");
		FUZZ_ASSERT(catan_state_game(s) == g,
			    "loaded state belongs to another game");
		/* the loader must refuse positions that break conservation */
		FUZZ_OK(catan_state_new(&initial, g));
		fuzz_totals(initial, &t);
		catan_state_free(initial);
		fuzz_check_conservation(s, &t, "loaded state");
		fuzz_read_all(s);
		fuzz_check_snapshot_roundtrip(ctx, s);
		play_on(s, &t);
		catan_state_free(s);
		catan_game_unref(g);
	}
	catan_ctx_free(ctx);
	free(copy);
	return 0;
}
