/*
 * libcatanrules: fuzz target: game strings (catan_game_new_from_string and options params).
 * SPDX-License-Identifier: MIT
 */

/*
 * The input is a game string. Whatever it is, creation either fails with a
 * message on the context or gives a game whose canonical string parses
 * back to the same canonical string and whose initial state can be made.
 * The same text also goes in as the params of catan_game_new() for every
 * registered variant, the other way into the same parser.
 */

#include <stdlib.h>
#include <string.h>

#include "fuzz-common.h"

#define MAX_INPUT 4096

static void
check_game(catan_ctx *ctx, catan_game *g, const char *what)
{
	char canon[1024], again[1024];
	size_t len = 0, len2 = 0;
	catan_game *g2 = NULL;
	catan_state *s = NULL;
	int rc;

	rc = catan_game_to_string(g, canon, sizeof(canon), &len);
	FUZZ_ASSERT(rc == CATAN_OK, "%s: canonical string: %s (%zu bytes)",
		    what, catan_strerror(rc), len);
	FUZZ_ASSERT(strlen(canon) == len, "%s: length %zu for '%s'", what, len,
		    canon);
	rc = catan_game_new_from_string(&g2, ctx, canon);
	FUZZ_ASSERT(rc == CATAN_OK, "%s: canonical '%s' does not parse: %s",
		    what, canon, catan_ctx_errmsg(ctx));
	FUZZ_OK(catan_game_to_string(g2, again, sizeof(again), &len2));
	FUZZ_ASSERT(len == len2 && strcmp(canon, again) == 0,
		    "%s: canonical '%s' becomes '%s'", what, canon, again);
	catan_game_unref(g2);

	FUZZ_ASSERT(catan_game_num_players(g) >= 1, "%s: %d players", what,
		    catan_game_num_players(g));
	FUZZ_OK(catan_state_new(&s, g));
	fuzz_read_all(s);
	catan_state_free(s);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	catan_ctx *ctx = NULL;
	catan_game *g = NULL;
	char *text;
	int rc;

	if (size > MAX_INPUT)
		return 0;
	text = malloc(size + 1);
	FUZZ_ASSERT(text != NULL, "out of memory");
	memcpy(text, data, size);
	text[size] = '\0';

	FUZZ_OK(catan_ctx_new(&ctx, NULL));
	rc = catan_game_new_from_string(&g, ctx, text);
	if (rc == CATAN_OK) {
		FUZZ_ASSERT(g != NULL, "success without a game");
		check_game(ctx, g, "game string");
		catan_game_unref(g);
	} else {
		FUZZ_ASSERT(rc == CATAN_EPARSE || rc == CATAN_ENOTFOUND ||
			    rc == CATAN_ENOTSUP || rc == CATAN_EINVAL,
			    "game string: unexpected code %d (%s)", rc,
			    catan_strerror(rc));
		FUZZ_ASSERT(g == NULL, "game string: failure left a game");
		FUZZ_ASSERT(catan_ctx_errmsg(ctx)[0] != '\0',
			    "game string refused (%s) without a message",
			    catan_strerror(rc));
	}

	for (size_t v = 0; v < catan_ctx_variant_count(ctx); v++) {
		catan_game_options opts = CATAN_GAME_OPTIONS_INIT;

		g = NULL;
		opts.params = text;
		rc = catan_game_new(&g, ctx, catan_ctx_variant_name(ctx, v),
				    &opts);
		if (rc == CATAN_OK) {
			check_game(ctx, g, "params");
			catan_game_unref(g);
		} else {
			FUZZ_ASSERT(rc == CATAN_EPARSE || rc == CATAN_ENOTFOUND ||
				    rc == CATAN_ENOTSUP || rc == CATAN_EINVAL,
				    "params: unexpected code %d (%s)", rc,
				    catan_strerror(rc));
			FUZZ_ASSERT(g == NULL, "params: failure left a game");
		}
	}
	catan_ctx_free(ctx);
	free(text);
	return 0;
}
