/*
 * libcatanrules: fuzz target: a board's written form (catan_ctx_set_board,
 * catan_board_text).
 * SPDX-License-Identifier: MIT
 */

/*
 * The input is a board text. It is refused with a message, or it gives
 * games of "base" (when the board has room for their set-up) whose board
 * writes a text that gives the same board again, which writes the same
 * text.
 */

#include <stdlib.h>
#include <string.h>

#include "fuzz-common.h"

#define MAX_INPUT 16384

static char *
board_text_of(catan_ctx *ctx)
{
	catan_game *g = NULL;
	size_t len = 0;
	char *out;

	/* a board too small for the set-up, or without a desert, is refused
	 * by base: nothing to write then */
	if (catan_game_new_from_string(&g, ctx, "base(players=2,seed=1)") != CATAN_OK)
		return NULL;
	FUZZ_ASSERT(catan_board_text(g, NULL, 0, &len) == CATAN_EBUFS, "no length");
	out = malloc(len + 1);
	FUZZ_ASSERT(out != NULL, "out of memory");
	FUZZ_OK(catan_board_text(g, out, len + 1, NULL));
	FUZZ_ASSERT(strlen(out) == len, "the text's length differs from the one said");
	catan_game_unref(g);
	return out;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	catan_ctx *ctx = NULL;
	char *text, *first, *again;
	int rc;

	if (size > MAX_INPUT)
		return 0;
	text = malloc(size + 1);
	FUZZ_ASSERT(text != NULL, "out of memory");
	memcpy(text, data, size);
	text[size] = '\0';

	FUZZ_OK(catan_ctx_new(&ctx, NULL));
	rc = catan_ctx_set_board(ctx, text);
	if (rc != CATAN_OK) {
		FUZZ_ASSERT(rc == CATAN_EPARSE || rc == CATAN_EINVAL,
			    "board text: unexpected code %d (%s)", rc, catan_strerror(rc));
		FUZZ_ASSERT(catan_ctx_errmsg(ctx)[0] != '\0', "board text refused without a reason");
	} else if ((first = board_text_of(ctx)) != NULL) {
		FUZZ_OK(catan_ctx_set_board(ctx, first));
		again = board_text_of(ctx);
		FUZZ_ASSERT(again != NULL && strcmp(first, again) == 0,
			    "a board's text gives another board");
		free(again);
		free(first);
	}
	catan_ctx_free(ctx);
	free(text);
	return 0;
}
