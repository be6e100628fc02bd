/*
 * libcatanrules: the kit shared by the rule suites (tests/test-rules-*.c):
 * a pool of states freed by the fixture, and actions written in notation
 * that must be canonical, legal or refused.
 * SPDX-License-Identifier: MIT
 */

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test-rules-kit.h"

/* ----------------------------------------------------------------- pool */

struct rules_pool pool;

void
pool_setup(void)
{
	pool.ctx = catan_test_ctx_new();
	pool.n = 0;
}

void
pool_teardown(void)
{
	while (pool.n > 0)
		catan_state_free(pool.states[--pool.n]);
	catan_ctx_free(pool.ctx);
	pool.ctx = NULL;
}

catan_state *
keep(catan_state *s)
{
	ck_assert_int_lt(pool.n, POOL_SIZE);
	pool.states[pool.n++] = s;
	return s;
}

catan_state *
new_state(const char *spec)
{
	catan_game *g = catan_test_game_new(pool.ctx, spec);
	catan_state *s = catan_test_state_new(g);

	catan_game_unref(g);
	return keep(s);
}

catan_state *
clone_state(const catan_state *s)
{
	catan_state *c = NULL;

	CATAN_ASSERT_OK(catan_state_clone(&c, s));
	return keep(c);
}

/* -------------------------------------------------------------- actions */

/*
 * Parse an action; the text must be canonical: it formats back to itself
 * and the formatted text parses to the same action.
 */
catan_action
act_at(int line, const catan_state *s, const char *text)
{
	catan_action a = CATAN_ACTION_INIT, again = CATAN_ACTION_INIT;
	char buf[160];
	int rc;

	rc = catan_action_parse(s, text, &a);
	ck_assert_msg(rc == CATAN_OK, "line %d: parse \"%s\": %s: %s", line,
		      text, catan_strerror(rc), catan_state_errmsg(s));
	rc = catan_action_format(catan_state_game(s), &a, buf, sizeof(buf),
				 NULL);
	ck_assert_msg(rc == CATAN_OK, "line %d: format \"%s\": %s", line, text,
		      catan_strerror(rc));
	ck_assert_msg(strcmp(buf, text) == 0,
		      "line %d: \"%s\" formats back as \"%s\"", line, text, buf);
	rc = catan_action_parse(s, buf, &again);
	ck_assert_msg(rc == CATAN_OK && catan_action_compare(&a, &again) == 0,
		      "line %d: \"%s\" does not parse back to the same action",
		      line, buf);
	return a;
}


void
apply_action_at(int line, catan_state *s, const catan_action *a,
		const char *text)
{
	int reason = -1;
	int rc = catan_state_check_action(s, a, &reason);

	ck_assert_msg(rc == CATAN_OK, "line %d: \"%s\" refused: %s (%s)", line,
		      text, catan_reason_name(reason), catan_state_errmsg(s));
	rc = catan_state_apply(s, a);
	ck_assert_msg(rc == CATAN_OK, "line %d: apply \"%s\": %s (%s)", line,
		      text, catan_strerror(rc), catan_state_errmsg(s));
}

void
apply_at(int line, catan_state *s, const char *text)
{
	catan_action a = act_at(line, s, text);

	apply_action_at(line, s, &a, text);
}

void
applyf_at(int line, catan_state *s, const char *fmt, ...)
{
	char text[160];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	apply_at(line, s, text);
}

/* Apply an action that must be legal (checked, then applied). */

/* The action is legal now (checked only, not applied). */
void
legal_at(int line, const catan_state *s, const char *text)
{
	catan_action a = act_at(line, s, text);
	int reason = -1;
	int rc = catan_state_check_action(s, &a, &reason);

	ck_assert_msg(rc == CATAN_OK, "line %d: \"%s\" refused: %s (%s)", line,
		      text, catan_reason_name(reason), catan_state_errmsg(s));
}


/*
 * The action is refused with @want by check and by apply, and the refused
 * apply leaves the state unchanged, byte for byte and by hash.
 */
void
refuse_action_at(int line, catan_state *s, const catan_action *a,
		 const char *text, int want, const char *words)
{
	catan_state *before = NULL;
	uint64_t hash = catan_state_hash(s);
	int reason = -1;
	int rc;

	CATAN_ASSERT_OK(catan_state_clone(&before, s));
	rc = catan_state_check_action(s, a, &reason);
	ck_assert_msg(rc == CATAN_EILLEGAL && reason == want,
		      "line %d: check \"%s\": %s, reason %s, expected %s (%s)",
		      line, text, catan_strerror(rc), catan_reason_name(reason),
		      catan_reason_name(want), catan_state_errmsg(s));
	ck_assert_msg(!words || strstr(catan_state_errmsg(s), words),
		      "line %d: \"%s\": message \"%s\" does not say \"%s\"",
		      line, text, catan_state_errmsg(s), words);
	rc = catan_state_apply(s, a);
	ck_assert_msg(rc == CATAN_EILLEGAL &&
		      catan_state_last_reason(s) == want,
		      "line %d: apply \"%s\": %s, reason %s, expected %s",
		      line, text, catan_strerror(rc),
		      catan_reason_name(catan_state_last_reason(s)),
		      catan_reason_name(want));
	ck_assert_msg(catan_state_hash(s) == hash &&
		      catan_state_equal(s, before),
		      "line %d: refused \"%s\" changed the state", line, text);
	catan_state_free(before);
}

void
refuse_at(int line, catan_state *s, const char *text, int want,
	  const char *words)
{
	catan_action a = act_at(line, s, text);

	refuse_action_at(line, s, &a, text, want, words);
}

/* ------------------------------------------------------ position edits */

void
parse_cards_at(int line, const char *text, unsigned out[CATAN_NUM_RESOURCES])
{
	const char *p = text;

	memset(out, 0, CATAN_NUM_RESOURCES * sizeof(out[0]));
	while (*p != '\0') {
		size_t len = strcspn(p, "=");
		int kind = -1;
		char *end = NULL;

		for (int k = 0; k < CATAN_NUM_RESOURCES; k++) {
			const char *name = catan_resource_name(k);

			if (name && strlen(name) == len &&
			    strncmp(p, name, len) == 0)
				kind = k;
		}
		ck_assert_msg(kind >= 0 && p[len] == '=',
			      "line %d: bad card list \"%s\"", line, text);
		p += len + 1;
		out[kind] = (unsigned)strtoul(p, &end, 10);
		ck_assert_msg(end != p, "line %d: bad card list \"%s\"", line,
			      text);
		p = end;
		if (*p == ',')
			p++;
	}
}

void
hand_at(int line, catan_state *s, int player, const char *text)
{
	unsigned want[CATAN_NUM_RESOURCES];

	parse_cards_at(line, text, want);
	/* Empty first, so that the bank can always supply the new hand. */
	for (int k = 0; k < CATAN_NUM_RESOURCES; k++)
		ck_assert_msg(catan_edit_set_cards(s, player, k, 0) == CATAN_OK,
			      "line %d: %s", line, catan_state_errmsg(s));
	for (int k = 0; k < CATAN_NUM_RESOURCES; k++)
		ck_assert_msg(catan_edit_set_cards(s, player, k, want[k]) ==
			      CATAN_OK, "line %d: give p%d %s: %s", line,
			      player, text, catan_state_errmsg(s));
}

unsigned
loc_at(int line, const catan_state *s, const char *text, int want_kind)
{
	int kind = 0;
	unsigned id = 0;
	int rc = catan_location_parse(catan_state_game(s), text, &kind, &id);

	ck_assert_msg(rc == CATAN_OK && kind == want_kind,
		      "line %d: location \"%s\": %s, kind %d", line, text,
		      catan_strerror(rc), kind);
	return id;
}

void
place_at(int line, catan_state *s, int player, int piece, const char *where)
{
	int kind = piece == CATAN_PIECE_ROAD ? CATAN_LOC_EDGE : CATAN_LOC_VERTEX;
	unsigned id = loc_at(line, s, where, kind);
	int rc;

	/* A city is edited in over a settlement, as it is built. */
	if (piece == CATAN_PIECE_CITY &&
	    catan_state_vertex_piece(s, id, NULL) == CATAN_PIECE_NONE) {
		rc = catan_edit_place(s, player, CATAN_PIECE_SETTLEMENT, id);
		ck_assert_msg(rc == CATAN_OK, "line %d: place at %s: %s", line,
			      where, catan_state_errmsg(s));
	}
	rc = catan_edit_place(s, player, piece, id);
	ck_assert_msg(rc == CATAN_OK, "line %d: place at %s for p%d: %s", line,
		      where, player, catan_state_errmsg(s));
}

void
remove_at(int line, catan_state *s, const char *where)
{
	unsigned id = loc_at(line, s, where, CATAN_LOC_VERTEX);
	int rc = catan_edit_remove(s, CATAN_PIECE_SETTLEMENT, id);

	ck_assert_msg(rc == CATAN_OK, "line %d: remove at %s: %s", line, where,
		      catan_state_errmsg(s));
}

void
turn_at(int line, catan_state *s, int player, int phase)
{
	ck_assert_msg(catan_edit_set_turn(s, player, phase,
					  phase == CATAN_PHASE_MAIN ? 2 : 0) ==
		      CATAN_OK, "line %d: %s", line, catan_state_errmsg(s));
}

void
roll_at(int line, catan_state *s, int total)
{
	applyf_at(line, s, "p%d roll", catan_state_turn_player(s));
	applyf_at(line, s, "chance dice %d", total);
}
