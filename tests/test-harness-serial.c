/*
 * Conformance suite: texts, snapshot and history round trips.
 * SPDX-License-Identifier: MIT
 */

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test-harness.h"

/*
 * Fill @b with the text of @fn for @observer, growing it as told by the
 * size query. Returns the call's final code.
 */
int
get_text(struct buf *b, text_fn fn, const catan_state *s, int observer,
	 size_t *len_out)
{
	size_t len = 0;
	int rc = fn(s, observer, b->p, b->cap, &len);

	if (rc == CATAN_EBUFS || (rc == CATAN_OK && b->p == NULL)) {
		char *n = realloc(b->p, len + 1);

		ck_assert_ptr_nonnull(n);
		b->p = n;
		b->cap = len + 1;
		rc = fn(s, observer, b->p, b->cap, &len);
	}
	if (len_out)
		*len_out = len;
	return rc;
}

static int
snapshot_fn(const catan_state *s, int observer, char *buf, size_t cap,
	    size_t *len_out)
{
	(void)observer;
	return catan_state_snapshot(s, buf, cap, len_out);
}

/* The first line where two texts differ, for failure messages. */
void
first_difference(const char *a, const char *b, char *out, size_t cap)
{
	unsigned line = 1;
	const char *la = a, *lb = b;
	int na, nb;

	while (*a && *a == *b) {
		if (*a == '\n') {
			line++;
			la = a + 1;
			lb = b + 1;
		}
		a++;
		b++;
	}
	na = (int)strcspn(la, "\n");
	nb = (int)strcspn(lb, "\n");
	snprintf(out, cap, "line %u: \"%.*s\" became \"%.*s\"", line,
		 na > 300 ? 300 : na, la, nb > 300 ? 300 : nb, lb);
}

/* ------------------------------------------------------ serialization */

/*
 * A loaded state is the same position: equal hash and equal snapshot text
 * (a snapshot holds every field and the RNG). catan_state_equal() between
 * states of two game objects is the business of load_equal below.
 */
static void
check_loaded(struct run *r, const char *what, const char *text, size_t len)
{
	catan_game *g2 = NULL;
	catan_state *s2 = NULL;
	struct buf again = { NULL, 0 };
	char str[512];
	int rc;

	rc = catan_load(&g2, &s2, r->ctx, text, len);
	RCHECK(r, rc == CATAN_OK, "%s does not load: %d: %s\n%s", what, rc,
	       catan_ctx_errmsg(r->ctx), text);
	RCHECK(r, catan_game_to_string(g2, str, sizeof(str), NULL) ==
		  CATAN_OK && strcmp(str, r->pl.gamestr) == 0,
	       "%s loads as game %s", what, str);
	RCHECK(r, catan_state_hash(s2) == catan_state_hash(r->pl.s),
	       "%s round trip: hash %016" PRIx64 ", expected %016" PRIx64,
	       what, catan_state_hash(s2), catan_state_hash(r->pl.s));
	RCHECK(r, get_text(&r->t3, snapshot_fn, r->pl.s, 0, NULL) == CATAN_OK &&
		  get_text(&again, snapshot_fn, s2, 0, NULL) == CATAN_OK,
	       "snapshot");
	if (strcmp(r->t3.p, again.p) != 0) {
		char diff[768];

		first_difference(r->t3.p, again.p, diff, sizeof(diff));
		RCHECK(r, 0, "%s round trip: the snapshots differ: %s", what,
		       diff);
	}
	free(again.p);
	catan_state_free(s2);
	catan_game_unref(g2);
}

void
check_snapshot(struct run *r)
{
	size_t len = 0;
	int rc = get_text(&r->t3, snapshot_fn, r->pl.s, 0, &len);

	RCHECK(r, rc == CATAN_OK && strlen(r->t3.p) == len,
	       "snapshot = %d", rc);
	check_loaded(r, "snapshot", r->t3.p, len);
}

void
check_history(struct run *r)
{
	size_t len = 0;
	int rc = catan_history_write(r->pl.g, r->pl.log, r->pl.nlog, NULL, 0,
				     &len);
	char *text;

	RCHECK(r, rc == CATAN_EBUFS || rc == CATAN_OK,
	       "history_write size query = %d", rc);
	text = malloc(len + 1);
	ck_assert_ptr_nonnull(text);
	rc = catan_history_write(r->pl.g, r->pl.log, r->pl.nlog, text, len + 1,
				 &len);
	RCHECK(r, rc == CATAN_OK, "history_write = %d", rc);
	check_loaded(r, "history", text, len);
	free(text);
}
