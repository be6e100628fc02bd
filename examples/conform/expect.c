/*
 * catanrules conform: the assertions about moves (expect legal, illegal,
 * actions, outcomes, outcome), and the dispatch of every 'expect' line;
 * the assertions about the position are in expect-position.c.
 * SPDX-License-Identifier: MIT
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conform.h"

#define LIST_REPORT 12   /* actions named in a set-mismatch report */

/* -------------------------------------------------------------- actions */

static int
ensure_action_room(struct runner *r, size_t n)
{
	if (r->actions_cap < n) {
		catan_action *a = realloc(r->actions, n * sizeof(*a));

		if (a == NULL)
			return 0;
		r->actions = a;
		r->actions_cap = n;
	}
	return 1;
}

/* The legal actions of a player into r->actions; -1 on failure. */
static long
legal_actions(struct runner *r, const struct line *l, int player)
{
	size_t n = 0;

	if (catan_state_legal_actions(r->state, player, NULL, 0, &n) != CATAN_OK &&
	    n == 0) {
		script_error(r, l->no, "cannot list actions: %s", catan_state_errmsg(r->state));
		return -1;
	}
	if (!ensure_action_room(r, n + 1)) {
		script_error(r, l->no, "out of memory");
		return -1;
	}
	if (catan_state_legal_actions(r->state, player, r->actions, r->actions_cap, &n) != CATAN_OK) {
		script_error(r, l->no, "cannot list actions: %s", catan_state_errmsg(r->state));
		return -1;
	}
	return (long)n;
}

static long
chance_outcomes(struct runner *r, const struct line *l)
{
	size_t n = 0;

	catan_state_chance_outcomes(r->state, NULL, 0, &n);
	if (r->outcomes_cap < n + 1) {
		catan_chance_outcome *o = realloc(r->outcomes, (n + 1) * sizeof(*o));

		if (o == NULL) {
			script_error(r, l->no, "out of memory");
			return -1;
		}
		r->outcomes = o;
		r->outcomes_cap = n + 1;
	}
	if (catan_state_chance_outcomes(r->state, r->outcomes, r->outcomes_cap, &n) != CATAN_OK) {
		script_error(r, l->no, "cannot list chance outcomes: %s",
			     catan_state_errmsg(r->state));
		return -1;
	}
	return (long)n;
}

static int
compare_actions(const void *a, const void *b)
{
	return catan_action_compare(a, b);
}

/* ----------------------------------------------------------- assertions */

/* expect legal ACTION */
static void
expect_legal(struct runner *r, const struct line *l)
{
	char text[LINE_CAP], exp[LINE_CAP + 16], got[TEXT_CAP];
	catan_action a;
	int reason = 0;

	if (l->ntok < 3) {
		script_error(r, l->no, "expected 'expect legal ACTION'");
		return;
	}
	join(l, 2, l->ntok, text, sizeof(text));
	if (!parse_action(r, l, text, &a) || !runs(r, 1))
		return;
	catan_state_check_action(r->state, &a, &reason);
	snprintf(exp, sizeof(exp), "'%s' legal", text);
	snprintf(got, sizeof(got), "illegal [%s]: %s", catan_reason_name(reason),
		 catan_state_errmsg(r->state));
	verdict(r, l, reason == CATAN_REASON_NONE, exp, got);
}

static int
reason_by_name(const char *name)
{
	for (int k = 0; k < CATAN_REASON_COUNT; k++)
		if (strcmp(catan_reason_name(k), name) == 0)
			return k;
	return -1;
}

/* expect illegal ACTION [REASON]: refused by check and by apply, with the
 * state unchanged byte for byte. */
static void
expect_illegal(struct runner *r, const struct line *l)
{
	char text[LINE_CAP], exp[LINE_CAP + 64], got[TEXT_CAP];
	catan_state *before = NULL;
	int last = l->ntok, want = -1, reason = 0, rc;
	uint64_t hash;
	catan_action a;

	if (last > 3 && l->tok[last - 1][0] == '[') {
		char *name = l->tok[last - 1] + 1;
		size_t len = strlen(name);

		if (len < 2 || name[len - 1] != ']') {
			script_error(r, l->no, "expected a reason like '[distance_rule]'");
			return;
		}
		name[len - 1] = '\0';
		want = reason_by_name(name);
		if (want <= 0) {
			script_error(r, l->no, "unknown reason '%s'", name);
			return;
		}
		last--;
	}
	if (last < 3) {
		script_error(r, l->no, "expected 'expect illegal ACTION [reason]'");
		return;
	}
	join(l, 2, last, text, sizeof(text));
	if (!parse_action(r, l, text, &a) || !runs(r, 1))
		return;
	if (want > 0)
		snprintf(exp, sizeof(exp), "'%s' illegal [%s]", text, catan_reason_name(want));
	else
		snprintf(exp, sizeof(exp), "'%s' illegal", text);

	rc = catan_state_check_action(r->state, &a, &reason);
	if (rc == CATAN_OK) {
		verdict(r, l, 0, exp, "legal");
		return;
	}
	if (want > 0 && reason != want) {
		snprintf(got, sizeof(got), "illegal [%s]: %s", catan_reason_name(reason),
			 catan_state_errmsg(r->state));
		verdict(r, l, 0, exp, got);
		return;
	}
	/* A refused apply must leave the state exactly as it was. */
	if (catan_state_clone(&before, r->state) != CATAN_OK) {
		script_error(r, l->no, "cannot copy the state");
		return;
	}
	hash = catan_state_hash(r->state);
	rc = catan_state_apply(r->state, &a);
	if (rc == CATAN_OK || catan_state_hash(r->state) != hash ||
	    !catan_state_equal(r->state, before)) {
		snprintf(got, sizeof(got), "%s",
			 rc == CATAN_OK ? "applied by catan_state_apply() after check refused it" :
			 "the state changed by the refused apply");
		catan_state_copy(r->state, before);
		verdict(r, l, 0, exp, got);
	} else if (catan_state_last_reason(r->state) != reason) {
		snprintf(got, sizeof(got), "check said [%s], apply said [%s]",
			 catan_reason_name(reason),
			 catan_reason_name(catan_state_last_reason(r->state)));
		verdict(r, l, 0, exp, got);
	} else {
		verdict(r, l, 1, exp, "");
	}
	catan_state_free(before);
}

/* expect actions pN count N | expect actions pN (block until 'end') */
static void
expect_actions(struct runner *r, const struct line *l)
{
	char exp[TEXT_CAP], got[4 * TEXT_CAP];
	unsigned long want = 0;
	size_t nexp = 0;
	int p, block, ok = 1;
	long n;

	block = l->ntok == 3;
	if (!block && (l->ntok != 5 || strcmp(l->tok[3], "count") != 0)) {
		script_error(r, l->no, "expected 'expect actions pN count N' or 'expect actions pN' "
			     "followed by actions and 'end'");
		return;
	}
	if (!parse_player(r, l, l->tok[2], &p))
		ok = 0;
	if (ok && !block && !parse_count(r, l, l->tok[4], 100000, &want))
		return;
	if (block) {
		/* Read the whole block even when the header was bad. */
		struct line item;
		unsigned start = l->no;
		int closed = 0;

		while (next_line(r, &item)) {
			char text[LINE_CAP];
			catan_action a;

			if (item.ntok == 1 && strcmp(item.tok[0], "end") == 0) {
				closed = 1;
				break;
			}
			if (!ok)
				continue;
			join(&item, 0, item.ntok, text, sizeof(text));
			if (!parse_action(r, &item, text, &a)) {
				ok = 0;
				continue;
			}
			if (nexp == r->expected_cap) {
				size_t ncap = nexp ? 2 * nexp : 64;
				catan_action *e = realloc(r->expected, ncap * sizeof(*e));

				if (e == NULL) {
					script_error(r, item.no, "out of memory");
					ok = 0;
					continue;
				}
				r->expected = e;
				r->expected_cap = ncap;
			}
			r->expected[nexp++] = a;
		}
		if (!closed) {
			script_error(r, start, "'expect actions' block without 'end'");
			return;
		}
	}
	if (!ok || !runs(r, 1))
		return;
	n = legal_actions(r, l, p);
	if (n < 0)
		return;
	if (!block) {
		snprintf(exp, sizeof(exp), "%lu legal actions for %s", want, l->tok[2]);
		snprintf(got, sizeof(got), "%ld", n);
		verdict(r, l, (unsigned long)n == want, exp, got);
		return;
	}

	qsort(r->expected, nexp, sizeof(*r->expected), compare_actions);
	for (size_t i = 1; i < nexp; i++) {
		if (catan_action_compare(&r->expected[i - 1], &r->expected[i]) == 0) {
			char text[TEXT_CAP];

			script_error(r, l->no, "'%s' listed twice in the block",
				     cli_action_text(r->game, &r->expected[i], text, sizeof(text)));
			return;
		}
	}
	qsort(r->actions, (size_t)n, sizeof(*r->actions), compare_actions);
	{
		size_t i = 0, j = 0, gl = 0, missing = 0, extra = 0;

		snprintf(exp, sizeof(exp), "exactly the %zu listed action%s for %s", nexp,
			 nexp == 1 ? "" : "s", l->tok[2]);
		gl = (size_t)snprintf(got, sizeof(got), "%ld legal", n);
		while (i < nexp || j < (size_t)n) {
			char text[TEXT_CAP];
			int c;
			const char *tag;
			const catan_action *a;

			if (i == nexp)
				c = 1;
			else if (j == (size_t)n)
				c = -1;
			else
				c = catan_action_compare(&r->expected[i], &r->actions[j]);
			if (c == 0) {
				i++;
				j++;
				continue;
			}
			if (c < 0) {
				a = &r->expected[i++];
				tag = "missing";
				missing++;
			} else {
				a = &r->actions[j++];
				tag = "unexpected";
				extra++;
			}
			if (missing + extra <= LIST_REPORT && gl < sizeof(got)) {
				int w = snprintf(got + gl, sizeof(got) - gl, "%s %s '%s'",
						 missing + extra == 1 ? ":" : ";", tag,
						 cli_action_text(r->game, a, text, sizeof(text)));

				if (w > 0)
					gl += (size_t)w;
			} else if (missing + extra == LIST_REPORT + 1 && gl < sizeof(got)) {
				int w = snprintf(got + gl, sizeof(got) - gl, "; ...");

				if (w > 0)
					gl += (size_t)w;
			}
		}
		verdict(r, l, missing + extra == 0, exp, got);
	}
}

/* expect outcomes count N */
static void
expect_outcomes(struct runner *r, const struct line *l)
{
	char exp[TEXT_CAP], got[TEXT_CAP];
	unsigned long want;
	long n;

	if (l->ntok != 4 || strcmp(l->tok[2], "count") != 0) {
		script_error(r, l->no, "expected 'expect outcomes count N'");
		return;
	}
	if (!parse_count(r, l, l->tok[3], 100000, &want) || !runs(r, 1))
		return;
	n = chance_outcomes(r, l);
	if (n < 0)
		return;
	snprintf(exp, sizeof(exp), "%lu chance outcomes", want);
	snprintf(got, sizeof(got), "%ld", n);
	verdict(r, l, (unsigned long)n == want, exp, got);
}

/* expect outcome ACTION NUM/DEN */
static void
expect_outcome(struct runner *r, const struct line *l)
{
	char text[LINE_CAP], exp[LINE_CAP + 32], got[TEXT_CAP];
	unsigned long num, den;
	const char *frac;
	char numtext[24];
	catan_action a;
	size_t nlen;
	long n;

	if (l->ntok < 4) {
		script_error(r, l->no, "expected 'expect outcome ACTION NUM/DEN'");
		return;
	}
	frac = l->tok[l->ntok - 1];
	nlen = strcspn(frac, "/");
	if (frac[nlen] != '/' || nlen == 0 || nlen >= sizeof(numtext)) {
		script_error(r, l->no, "expected a probability like 6/36, got '%s'", frac);
		return;
	}
	memcpy(numtext, frac, nlen);
	numtext[nlen] = '\0';
	if (cli_parse_ulong(numtext, 1000000000, &num) != 0 ||
	    cli_parse_ulong(frac + nlen + 1, 1000000000, &den) != 0 || den == 0) {
		script_error(r, l->no, "expected a probability like 6/36, got '%s'", frac);
		return;
	}
	join(l, 2, l->ntok - 1, text, sizeof(text));
	if (!parse_action(r, l, text, &a) || !runs(r, 1))
		return;
	n = chance_outcomes(r, l);
	if (n < 0)
		return;
	snprintf(exp, sizeof(exp), "outcome '%s' with probability %s", text, frac);
	snprintf(got, sizeof(got), "no such outcome");
	for (long i = 0; i < n; i++) {
		const catan_chance_outcome *o = &r->outcomes[i];

		if (catan_action_compare(&o->action, &a) != 0)
			continue;
		snprintf(got, sizeof(got), "%u/%u", (unsigned)o->num, (unsigned)o->den);
		verdict(r, l, (unsigned long long)o->num * den ==
			(unsigned long long)num * o->den, exp, got);
		return;
	}
	/* Probability 0 is the same as not being an outcome. */
	verdict(r, l, num == 0, exp, got);
}

void
do_expect(struct runner *r, const struct line *l)
{
	const char *what;

	if (!need_game(r, l))
		return;
	if (l->ntok < 2) {
		script_error(r, l->no, "expected 'expect WHAT ...'");
		return;
	}
	what = l->tok[1];
	if (strcmp(what, "legal") == 0)
		expect_legal(r, l);
	else if (strcmp(what, "illegal") == 0)
		expect_illegal(r, l);
	else if (strcmp(what, "actions") == 0)
		expect_actions(r, l);
	else if (strcmp(what, "outcomes") == 0)
		expect_outcomes(r, l);
	else if (strcmp(what, "outcome") == 0)
		expect_outcome(r, l);
	else if (!expect_position(r, l))
		script_error(r, l->no, "unknown assertion 'expect %s'", what);
}
