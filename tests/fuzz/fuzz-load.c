/*
 * libcatanrules: fuzz target: loading snapshots and histories (catan_load).
 * SPDX-License-Identifier: MIT
 */

/*
 * The input is handed to catan_load() as it is, without a terminating NUL,
 * so that reading past its end is caught. Loading either fails with a
 * message on the context and creates nothing, or gives a state with the
 * cards and pieces of its game's initial state (the loader refuses
 * tampered totals), whose queries all work, and whose snapshot loads back
 * to the same position.
 */

#include <stdlib.h>
#include <string.h>

#include "fuzz-common.h"

#define MAX_INPUT (64 * 1024)

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
		catan_state_free(s);
		catan_game_unref(g);
	}
	catan_ctx_free(ctx);
	free(copy);
	return 0;
}
