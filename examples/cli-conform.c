/*
 * catanrules conform: run conformance scripts (doc/conformance.md).
 * SPDX-License-Identifier: MIT
 */

#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"

#define LINE_CAP 1024    /* longest script line */
#define MAX_TOKENS 64    /* words on one line */
#define TEXT_CAP 512     /* a formatted value or list in a report */
#define LIST_REPORT 12   /* actions named in a set-mismatch report */

struct line {
	unsigned no;                 /* 1-based line number */
	char buf[LINE_CAP];          /* the line, split in place */
	char *tok[MAX_TOKENS];
	int ntok;
};

struct runner {
	catan_ctx *ctx;
	const char *path;
	const char *text;            /* the whole script */
	size_t pos;                  /* reading position in text */
	unsigned lineno;             /* last line read */

	catan_game *game;            /* NULL before the first good game line */
	catan_state *state;
	int have_game_line;          /* a game line was seen (good or bad) */
	int live;                    /* statements take effect */

	catan_action *actions;       /* scratch for legal actions */
	size_t actions_cap;
	catan_action *expected;      /* scratch for an expected action set */
	size_t expected_cap;
	catan_chance_outcome *outcomes;
	size_t outcomes_cap;

	unsigned assertions, failed, errors, skipped;
	int verbose;
};

/* --------------------------------------------------------------- reports */

static void
script_error(struct runner *r, unsigned no, const char *fmt, ...) CLI_PRINTF(3, 4);

/* A malformed line or a statement the library refused: the rest of the
 * game block cannot mean what its author meant, so it no longer runs. */
static void
script_error(struct runner *r, unsigned no, const char *fmt, ...)
{
	va_list ap;

	printf("%s:%u: error: ", r->path, no);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	r->errors++;
	r->live = 0;
}

/* Record one assertion; "expected X, got Y" when it fails. */
static void
verdict(struct runner *r, const struct line *l, int ok, const char *expected,
	const char *got)
{
	r->assertions++;
	if (ok) {
		if (r->verbose)
			printf("%s:%u: ok: %s\n", r->path, l->no, expected);
		return;
	}
	r->failed++;
	printf("%s:%u: expected %s, got %s\n", r->path, l->no, expected, got);
}

/* Whether an assertion or edit runs; counts assertions skipped after an
 * error. */
static int
runs(struct runner *r, int is_assertion)
{
	if (r->live)
		return 1;
	if (is_assertion)
		r->skipped++;
	return 0;
}

/* ---------------------------------------------------------------- lines */

/* Read the next line that holds a statement; 0 at the end of the text. */
static int
next_line(struct runner *r, struct line *l)
{
	while (r->text[r->pos] != '\0') {
		const char *start = r->text + r->pos;
		size_t len = strcspn(start, "\n");
		char *p, *hash;

		r->pos += len + (start[len] == '\n');
		r->lineno++;
		l->no = r->lineno;
		l->ntok = 0;
		if (len >= LINE_CAP) {
			script_error(r, l->no, "line longer than %d characters", LINE_CAP - 1);
			continue;
		}
		memcpy(l->buf, start, len);
		l->buf[len] = '\0';
		hash = strchr(l->buf, '#');
		if (hash)
			*hash = '\0';
		for (p = l->buf; *p != '\0';) {
			while (*p == ' ' || *p == '\t' || *p == '\r')
				*p++ = '\0';
			if (*p == '\0')
				break;
			if (l->ntok == MAX_TOKENS) {
				script_error(r, l->no, "more than %d words on a line", MAX_TOKENS);
				l->ntok = 0;
				break;
			}
			l->tok[l->ntok++] = p;
			while (*p != '\0' && *p != ' ' && *p != '\t' && *p != '\r')
				p++;
		}
		if (l->ntok > 0)
			return 1;
	}
	return 0;
}

/* Words first..last-1 joined by single spaces. */
static const char *
join(const struct line *l, int first, int last, char *buf, size_t cap)
{
	size_t len = 0;

	buf[0] = '\0';
	for (int i = first; i < last && i < l->ntok; i++) {
		int n = snprintf(buf + len, cap - len, "%s%s", i > first ? " " : "",
				 l->tok[i]);

		if (n < 0 || (size_t)n >= cap - len)
			break;
		len += (size_t)n;
	}
	return buf;
}

/* ------------------------------------------------------------- parsing */

static int
need_game(struct runner *r, const struct line *l)
{
	if (r->game != NULL)
		return 1;
	/* After a failed game line its error is all there is to say. */
	if (!r->have_game_line)
		script_error(r, l->no, "no 'game' line before '%s'", l->tok[0]);
	else
		r->live = 0;
	return 0;
}

static int
parse_count(struct runner *r, const struct line *l, const char *text,
	    unsigned long max, unsigned long *out)
{
	if (cli_parse_ulong(text, max, out) != 0) {
		script_error(r, l->no, "'%s' is not a count 0..%lu", text, max);
		return 0;
	}
	return 1;
}

static int
parse_player(struct runner *r, const struct line *l, const char *text, int *out)
{
	unsigned long p;
	int n = catan_game_num_players(r->game);
	/* Neutral players own pieces and have points: statements about them
	 * name them too; the library refuses what they cannot do. */
	int neutral = catan_game_neutral_players(r->game);

	if (text[0] != 'p' || cli_parse_ulong(text + 1, CATAN_MAX_PLAYERS - 1, &p) != 0) {
		script_error(r, l->no, "expected a player like 'p0', got '%s'", text);
		return 0;
	}
	if ((int)p >= n + (neutral > 0 ? neutral : 0)) {
		if (neutral > 0)
			script_error(r, l->no, "no player %s in a %d-player game with %d neutral players",
				     text, n, neutral);
		else
			script_error(r, l->no, "no player %s in a %d-player game", text, n);
		return 0;
	}
	*out = (int)p;
	return 1;
}

/* A player or "none" (-1). */
static int
parse_player_or_none(struct runner *r, const struct line *l, const char *text, int *out)
{
	if (strcmp(text, "none") == 0) {
		*out = -1;
		return 1;
	}
	return parse_player(r, l, text, out);
}

static int
parse_location(struct runner *r, const struct line *l, const char *text,
	       int want, unsigned *id_out, int *kind_out)
{
	static const char *const kinds[] = { "", "hex", "intersection", "edge" };
	int kind, rc;

	rc = catan_location_parse(r->game, text, &kind, id_out);
	if (rc != CATAN_OK) {
		script_error(r, l->no, "bad location '%s': %s", text,
			     rc == CATAN_ENOTFOUND ? "no such place on this board" :
			     "expected h<i>, h<i>.<corner>, h<i>.<corner>-<corner>, v<i> or e<i>");
		return 0;
	}
	if (want != 0 && kind != want) {
		script_error(r, l->no, "'%s' is not an %s", text, kinds[want]);
		return 0;
	}
	if (kind_out)
		*kind_out = kind;
	return 1;
}

static int
parse_action(struct runner *r, const struct line *l, const char *text,
	     catan_action *out)
{
	if (catan_action_parse(r->state, text, out) != CATAN_OK) {
		script_error(r, l->no, "bad action '%s': %s", text,
			     catan_state_errmsg(r->state));
		return 0;
	}
	return 1;
}

static const struct {
	const char *name;
	int kind;
} card_aliases[] = {
	{ "wood", CATAN_LUMBER }, { "clay", CATAN_BRICK },
	{ "sheep", CATAN_WOOL }, { "wheat", CATAN_GRAIN },
};

/* Index of a card or development-card kind by name, or -1. */
static int
kind_index(const char *name, size_t len, int dev)
{
	for (int k = 0; k < (dev ? CATAN_MAX_DEV_KINDS : CATAN_MAX_CARD_KINDS); k++) {
		const char *n = dev ? catan_dev_card_name(k) : catan_resource_name(k);

		if (n && strlen(n) == len && strncmp(n, name, len) == 0)
			return k;
	}
	for (size_t i = 0; !dev && i < sizeof(card_aliases) / sizeof(card_aliases[0]); i++)
		if (strlen(card_aliases[i].name) == len &&
		    strncmp(card_aliases[i].name, name, len) == 0)
			return card_aliases[i].kind;
	return -1;
}

/* Slot of the pseudo-kind "total" in a parsed list. */
#define LIST_TOTAL CATAN_MAX_CARD_KINDS

struct kind_list {
	unsigned count[CATAN_MAX_CARD_KINDS + 1];
	int given[CATAN_MAX_CARD_KINDS + 1];
	int any;
};

/*
 * "lumber=2,brick=0": card kinds (dev=0) or development-card kinds (dev=1),
 * each at most once; "total=N" too when allow_total; "empty" is the empty
 * list when allow_empty.
 */
static int
parse_kind_list(struct runner *r, const struct line *l, const char *text,
		int dev, int allow_total, int allow_empty, struct kind_list *out)
{
	const char *p = text;

	memset(out, 0, sizeof(*out));
	if (allow_empty && strcmp(text, "empty") == 0)
		return 1;
	while (*p != '\0') {
		size_t len = strcspn(p, "=,");
		unsigned long n;
		char num[16];
		size_t nlen;
		int k;

		if (allow_total && len == 5 && strncmp(p, "total", 5) == 0)
			k = LIST_TOTAL;
		else
			k = kind_index(p, len, dev);
		if (k < 0 || p[len] != '=') {
			script_error(r, l->no, "bad %s list '%s' at '%.*s' (expected kind=n,kind=n)",
				     dev ? "development card" : "card", text, (int)len, p);
			return 0;
		}
		if (out->given[k]) {
			script_error(r, l->no, "'%.*s' twice in '%s'", (int)len, p, text);
			return 0;
		}
		p += len + 1;
		nlen = strcspn(p, ",");
		if (nlen == 0 || nlen >= sizeof(num)) {
			script_error(r, l->no, "bad count in '%s'", text);
			return 0;
		}
		memcpy(num, p, nlen);
		num[nlen] = '\0';
		if (cli_parse_ulong(num, 255, &n) != 0 && !(k == LIST_TOTAL &&
		    cli_parse_ulong(num, 100000, &n) == 0)) {
			script_error(r, l->no, "bad count '%s' in '%s'", num, text);
			return 0;
		}
		out->count[k] = (unsigned)n;
		out->given[k] = 1;
		out->any = 1;
		p += nlen;
		if (*p == ',')
			p++;
	}
	if (!out->any) {
		script_error(r, l->no, "empty list");
		return 0;
	}
	return 1;
}

/* Name of a slot of a kind list. */
static const char *
kind_name(int k, int dev)
{
	const char *n;

	if (k == LIST_TOTAL)
		return "total";
	n = dev ? catan_dev_card_name(k) : catan_resource_name(k);
	return n ? n : "?";
}

/* Compare a list with actual values (slot LIST_TOTAL = sum); every given
 * slot, or every slot when whole is set, must match. */
static int
compare_list(const struct kind_list *want, const unsigned actual[CATAN_MAX_CARD_KINDS],
	     int dev, int whole, char *exp_buf, char *got_buf, size_t cap)
{
	unsigned act[CATAN_MAX_CARD_KINDS + 1] = { 0 };
	size_t el = 0, gl = 0;
	int ok = 1;

	exp_buf[0] = got_buf[0] = '\0';
	for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++) {
		act[k] = actual[k];
		act[LIST_TOTAL] += actual[k];
	}
	for (int k = 0; k <= LIST_TOTAL; k++) {
		unsigned w = want->given[k] ? want->count[k] : 0;
		int shown = want->given[k] || (whole && k < LIST_TOTAL && act[k] != 0);
		int n;

		if (!want->given[k] && !(whole && k < LIST_TOTAL))
			continue;
		if (act[k] != w)
			ok = 0;
		if (!shown)
			continue;
		if (want->given[k]) {
			n = snprintf(exp_buf + el, cap - el, "%s%s=%u", el ? "," : "",
				     kind_name(k, dev), w);
			if (n > 0 && (size_t)n < cap - el)
				el += (size_t)n;
		}
		n = snprintf(got_buf + gl, cap - gl, "%s%s=%u", gl ? "," : "",
			     kind_name(k, dev), act[k]);
		if (n > 0 && (size_t)n < cap - gl)
			gl += (size_t)n;
	}
	if (el == 0)
		snprintf(exp_buf, cap, "empty");
	if (gl == 0)
		snprintf(got_buf, cap, "empty");
	return ok;
}

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

/* ----------------------------------------------------------- statements */

static void
do_game(struct runner *r, const struct line *l)
{
	char spec[LINE_CAP];

	catan_state_free(r->state);
	catan_game_unref(r->game);
	r->state = NULL;
	r->game = NULL;
	r->have_game_line = 1;
	r->live = 0;
	if (l->ntok < 2) {
		script_error(r, l->no, "expected 'game GAME-STRING'");
		return;
	}
	join(l, 1, l->ntok, spec, sizeof(spec));
	if (catan_game_new_from_string(&r->game, r->ctx, spec) != CATAN_OK) {
		r->game = NULL;
		script_error(r, l->no, "bad game '%s': %s", spec, catan_ctx_errmsg(r->ctx));
		return;
	}
	if (catan_state_new(&r->state, r->game) != CATAN_OK) {
		catan_game_unref(r->game);
		r->game = NULL;
		script_error(r, l->no, "cannot create a state of '%s': %s", spec,
			     catan_ctx_errmsg(r->ctx));
		return;
	}
	r->live = 1;
}

/* "p0 roll", "chance dice 8": apply; it must be legal. */
static void
do_action(struct runner *r, const struct line *l)
{
	char text[LINE_CAP];
	catan_action a;

	if (!need_game(r, l))
		return;
	join(l, 0, l->ntok, text, sizeof(text));
	if (!parse_action(r, l, text, &a) || !runs(r, 0))
		return;
	if (catan_state_apply(r->state, &a) != CATAN_OK)
		script_error(r, l->no, "cannot apply: %s", catan_state_errmsg(r->state));
}

static void
edit_failed(struct runner *r, const struct line *l)
{
	char text[LINE_CAP];

	script_error(r, l->no, "'%s' refused: %s", join(l, 0, l->ntok, text, sizeof(text)),
		     catan_state_errmsg(r->state));
}

/* set cards pN LIST | set hand pN LIST|empty */
static void
set_cards(struct runner *r, const struct line *l, int whole)
{
	struct kind_list list;
	int p;

	if (l->ntok != 4) {
		script_error(r, l->no, "expected 'set %s pN kind=n,...'", whole ? "hand" : "cards");
		return;
	}
	if (!parse_player(r, l, l->tok[2], &p) ||
	    !parse_kind_list(r, l, l->tok[3], 0, 0, whole, &list) || !runs(r, 0))
		return;
	/* Lower counts first so the bank has the cards raised after. */
	for (int pass = 0; pass < 2; pass++) {
		catan_player_info info;

		if (catan_state_player(r->state, p, &info) != CATAN_OK) {
			edit_failed(r, l);
			return;
		}
		for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++) {
			unsigned want;

			if (!list.given[k] && !(whole && catan_resource_name(k)))
				continue;
			want = list.given[k] ? list.count[k] : 0;
			if ((pass == 0) != (want < info.cards[k]))
				continue;
			if (want != info.cards[k] &&
			    catan_edit_set_cards(r->state, p, k, want) != CATAN_OK) {
				edit_failed(r, l);
				return;
			}
		}
	}
}

/* set robber HEX */
static void
set_robber(struct runner *r, const struct line *l)
{
	unsigned hex;

	if (l->ntok != 3) {
		script_error(r, l->no, "expected 'set robber h<i>'");
		return;
	}
	if (!parse_location(r, l, l->tok[2], CATAN_LOC_HEX, &hex, NULL) || !runs(r, 0))
		return;
	if (catan_edit_set_robber(r->state, hex) != CATAN_OK)
		edit_failed(r, l);
}

/* set turn pN roll | set turn pN main DICE */
static void
set_turn(struct runner *r, const struct line *l)
{
	unsigned long dice = 0;
	int p, phase;

	if (l->ntok < 4 || (strcmp(l->tok[3], "roll") == 0 && l->ntok != 4) ||
	    (strcmp(l->tok[3], "main") == 0 && l->ntok != 5) ||
	    (strcmp(l->tok[3], "roll") != 0 && strcmp(l->tok[3], "main") != 0)) {
		script_error(r, l->no, "expected 'set turn pN roll' or 'set turn pN main DICE'");
		return;
	}
	if (!parse_player(r, l, l->tok[2], &p))
		return;
	phase = strcmp(l->tok[3], "roll") == 0 ? CATAN_PHASE_ROLL : CATAN_PHASE_MAIN;
	if (phase == CATAN_PHASE_MAIN && !parse_count(r, l, l->tok[4], 12, &dice))
		return;
	if (!runs(r, 0))
		return;
	if (catan_edit_set_turn(r->state, p, phase, (int)dice) != CATAN_OK)
		edit_failed(r, l);
}

/* set knights pN COUNT */
static void
set_knights(struct runner *r, const struct line *l)
{
	unsigned long n;
	int p;

	if (l->ntok != 4) {
		script_error(r, l->no, "expected 'set knights pN COUNT'");
		return;
	}
	if (!parse_player(r, l, l->tok[2], &p) || !parse_count(r, l, l->tok[3], 255, &n) ||
	    !runs(r, 0))
		return;
	if (catan_edit_set_knights_played(r->state, p, (unsigned)n) != CATAN_OK)
		edit_failed(r, l);
}

/* A seated player pN, or the word given for the game's own (-1): the
 * supply of a holding, a counter of the whole game. */
static int
parse_seat_or(struct runner *r, const struct line *l, const char *text, const char *word,
	      int *out)
{
	int n = catan_game_num_players(r->game);

	if (strcmp(text, word) == 0) {
		*out = -1;
		return 1;
	}
	if (!parse_player(r, l, text, out))
		return 0;
	if (*out >= n) {
		script_error(r, l->no, "%s is a neutral player: only seated players have %ss",
			     text, l->tok[1]);
		return 0;
	}
	return 1;
}

/* set holding pN|supply NAME COUNT (and set counter ...: the counters a
 * script may set are the game's holdings; a module's own counters follow
 * from the position). */
static void
set_holding(struct runner *r, const struct line *l)
{
	unsigned long n;
	int p;

	if (l->ntok != 5) {
		script_error(r, l->no, "expected 'set %s pN|supply NAME COUNT'", l->tok[1]);
		return;
	}
	if (!parse_seat_or(r, l, l->tok[2], "supply", &p) ||
	    !parse_count(r, l, l->tok[4], 65535, &n) || !runs(r, 0))
		return;
	if (strcmp(l->tok[1], "counter") == 0) {
		int32_t v;

		if (catan_state_holding(r->state, p, l->tok[3], &v) == CATAN_ENOTFOUND &&
		    catan_state_counter(r->state, p, l->tok[3], &v) == CATAN_OK) {
			script_error(r, l->no, "counter '%s' follows from the position and "
				     "cannot be set (only holdings can)", l->tok[3]);
			return;
		}
	}
	if (catan_edit_set_holding(r->state, p, l->tok[3], (unsigned)n) != CATAN_OK)
		edit_failed(r, l);
}

static void
do_set(struct runner *r, const struct line *l)
{
	if (!need_game(r, l))
		return;
	if (l->ntok < 2) {
		script_error(r, l->no, "expected 'set cards|hand|robber|turn|knights|holding|counter ...'");
		return;
	}
	if (strcmp(l->tok[1], "cards") == 0)
		set_cards(r, l, 0);
	else if (strcmp(l->tok[1], "hand") == 0)
		set_cards(r, l, 1);
	else if (strcmp(l->tok[1], "robber") == 0)
		set_robber(r, l);
	else if (strcmp(l->tok[1], "turn") == 0)
		set_turn(r, l);
	else if (strcmp(l->tok[1], "knights") == 0)
		set_knights(r, l);
	else if (strcmp(l->tok[1], "holding") == 0 || strcmp(l->tok[1], "counter") == 0)
		set_holding(r, l);
	else
		script_error(r, l->no, "unknown 'set %s' (cards, hand, robber, turn, knights, "
			     "holding, counter)", l->tok[1]);
}

/* give dev pN KIND [COUNT] [bought] */
static void
do_give(struct runner *r, const struct line *l)
{
	unsigned long count = 1;
	int p, kind, bought = 0, i = 4;

	if (!need_game(r, l))
		return;
	if (l->ntok < 4 || strcmp(l->tok[1], "dev") != 0) {
		script_error(r, l->no, "expected 'give dev pN KIND [COUNT] [bought]'");
		return;
	}
	if (!parse_player(r, l, l->tok[2], &p))
		return;
	kind = kind_index(l->tok[3], strlen(l->tok[3]), 1);
	if (kind < 0) {
		script_error(r, l->no, "unknown development card '%s'", l->tok[3]);
		return;
	}
	if (i < l->ntok && l->tok[i][0] >= '0' && l->tok[i][0] <= '9') {
		if (!parse_count(r, l, l->tok[i], 25, &count))
			return;
		i++;
	}
	if (i < l->ntok && strcmp(l->tok[i], "bought") == 0) {
		bought = 1;
		i++;
	}
	if (i != l->ntok) {
		script_error(r, l->no, "unexpected '%s' (expected 'give dev pN KIND [COUNT] [bought]')",
			     l->tok[i]);
		return;
	}
	if (!runs(r, 0))
		return;
	for (unsigned long n = 0; n < count; n++) {
		if (catan_edit_give_dev_card(r->state, p, kind, !bought) != CATAN_OK) {
			edit_failed(r, l);
			return;
		}
	}
}

static int
piece_kind(const char *word)
{
	if (strcmp(word, "settlement") == 0)
		return CATAN_PIECE_SETTLEMENT;
	if (strcmp(word, "city") == 0)
		return CATAN_PIECE_CITY;
	if (strcmp(word, "road") == 0)
		return CATAN_PIECE_ROAD;
	return -1;
}

/* place settlement|city|road pN LOC */
static void
do_place(struct runner *r, const struct line *l)
{
	unsigned id;
	int piece, p;

	if (!need_game(r, l))
		return;
	if (l->ntok != 4 || (piece = piece_kind(l->tok[1])) < 0) {
		script_error(r, l->no, "expected 'place settlement|city|road pN LOCATION'");
		return;
	}
	if (!parse_player(r, l, l->tok[2], &p) ||
	    !parse_location(r, l, l->tok[3],
			    piece == CATAN_PIECE_ROAD ? CATAN_LOC_EDGE : CATAN_LOC_VERTEX,
			    &id, NULL) || !runs(r, 0))
		return;
	if (catan_edit_place(r->state, p, piece, id) != CATAN_OK)
		edit_failed(r, l);
}

/* remove [settlement|city|road] LOC */
static void
do_remove(struct runner *r, const struct line *l)
{
	int piece = -1, kind;
	unsigned id;

	if (!need_game(r, l))
		return;
	if (l->ntok == 3)
		piece = piece_kind(l->tok[1]);
	if (l->ntok < 2 || l->ntok > 3 || (l->ntok == 3 && piece < 0)) {
		script_error(r, l->no, "expected 'remove [settlement|city|road] LOCATION'");
		return;
	}
	if (!parse_location(r, l, l->tok[l->ntok - 1], 0, &id, &kind))
		return;
	if (kind == CATAN_LOC_HEX || (piece == CATAN_PIECE_ROAD && kind != CATAN_LOC_EDGE) ||
	    (piece > 0 && piece != CATAN_PIECE_ROAD && kind != CATAN_LOC_VERTEX)) {
		script_error(r, l->no, "'%s' is not where a %s stands", l->tok[l->ntok - 1],
			     piece > 0 ? l->tok[1] : "piece");
		return;
	}
	if (!runs(r, 0))
		return;
	if (piece > 0 && kind == CATAN_LOC_VERTEX &&
	    catan_state_vertex_piece(r->state, id, NULL) != piece) {
		script_error(r, l->no, "no %s at %s", l->tok[1], l->tok[2]);
		return;
	}
	if (catan_edit_remove(r->state, kind == CATAN_LOC_EDGE ? CATAN_PIECE_ROAD :
			      CATAN_PIECE_SETTLEMENT, id) != CATAN_OK)
		edit_failed(r, l);
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

/* expect current pN|chance|simultaneous|terminal */
static void
expect_current(struct runner *r, const struct line *l)
{
	char exp[TEXT_CAP], got[TEXT_CAP], b1[16], b2[16];
	int want, actual;

	if (l->ntok != 3) {
		script_error(r, l->no, "expected 'expect current pN|chance|simultaneous|terminal'");
		return;
	}
	if (strcmp(l->tok[2], "chance") == 0)
		want = CATAN_PLAYER_CHANCE;
	else if (strcmp(l->tok[2], "simultaneous") == 0)
		want = CATAN_PLAYER_SIMULTANEOUS;
	else if (strcmp(l->tok[2], "terminal") == 0)
		want = CATAN_PLAYER_TERMINAL;
	else if (!parse_player(r, l, l->tok[2], &want))
		return;
	if (!runs(r, 1))
		return;
	actual = catan_state_current_player(r->state);
	snprintf(exp, sizeof(exp), "current player %s", cli_player_name(want, b1, sizeof(b1)));
	snprintf(got, sizeof(got), "%s", cli_player_name(actual, b2, sizeof(b2)));
	verdict(r, l, want == actual, exp, got);
}

/* expect acting pA pB ... | expect acting none */
static void
expect_acting(struct runner *r, const struct line *l)
{
	char exp[TEXT_CAP], got[TEXT_CAP];
	uint32_t want = 0, actual;
	size_t len = 0;

	if (l->ntok < 3) {
		script_error(r, l->no, "expected 'expect acting pN...' or 'expect acting none'");
		return;
	}
	if (!(l->ntok == 3 && strcmp(l->tok[2], "none") == 0)) {
		for (int i = 2; i < l->ntok; i++) {
			int p;

			if (!parse_player(r, l, l->tok[i], &p))
				return;
			want |= UINT32_C(1) << p;
		}
	}
	if (!runs(r, 1))
		return;
	actual = catan_state_acting_players(r->state);
	{
		char list[LINE_CAP];

		snprintf(exp, sizeof(exp), "acting %s", join(l, 2, l->ntok, list, sizeof(list)));
	}
	got[0] = '\0';
	for (int p = 0; p < CATAN_MAX_PLAYERS; p++) {
		if (actual & (UINT32_C(1) << p)) {
			int n = snprintf(got + len, sizeof(got) - len, "%sp%d", len ? " " : "", p);

			if (n > 0 && (size_t)n < sizeof(got) - len)
				len += (size_t)n;
		}
	}
	if (len == 0)
		snprintf(got, sizeof(got), "none");
	verdict(r, l, want == actual, exp, got);
}

/* A plain number from the state. */
enum number_query {
	Q_TURN, Q_DICE, Q_KNIGHTS, Q_ROAD_LENGTH, Q_DISCARD, Q_VP
};

static void
expect_number(struct runner *r, const struct line *l, enum number_query q)
{
	static const char *const what[] = {
		"turn", "dice", "knights played", "road length", "cards owed",
		"victory points",
	};
	char exp[TEXT_CAP], got[TEXT_CAP];
	int with_player = q >= Q_KNIGHTS, p = -1, hidden = 0, negative = 0;
	int32_t points = 0;
	int nt = with_player ? 4 : 3;
	unsigned long want, actual = 0;
	catan_player_info info;

	memset(&info, 0, sizeof(info));
	if (q == Q_VP && l->ntok == 5) {
		if (strcmp(l->tok[4], "total") == 0)
			hidden = 1;
		else if (strcmp(l->tok[4], "public") != 0) {
			script_error(r, l->no, "expected 'total' or 'public', got '%s'", l->tok[4]);
			return;
		}
		nt = 5;
	}
	if (l->ntok != nt) {
		script_error(r, l->no, "expected 'expect %s%s N%s'", l->tok[1],
			     with_player ? " pN" : "", q == Q_VP ? " [total|public]" : "");
		return;
	}
	if (with_player && !parse_player(r, l, l->tok[2], &p))
		return;
	/* Points may be negative (Rivers of Catan's Poor Catanian). */
	if (q == Q_VP && l->tok[3][0] == '-') {
		if (!parse_count(r, l, l->tok[3] + 1, 10000000, &want) || !runs(r, 1))
			return;
		negative = 1;
	} else if (!parse_count(r, l, l->tok[with_player ? 3 : 2], 10000000, &want) ||
		   !runs(r, 1)) {
		return;
	}
	if (with_player && catan_state_player(r->state, p, &info) != CATAN_OK) {
		script_error(r, l->no, "cannot read player %s", l->tok[2]);
		return;
	}
	switch (q) {
	case Q_TURN:
		actual = catan_state_turn_number(r->state);
		break;
	case Q_DICE:
		actual = (unsigned long)catan_state_dice(r->state);
		break;
	case Q_KNIGHTS:
		actual = info.knights_played;
		break;
	case Q_ROAD_LENGTH:
		actual = info.longest_road;
		break;
	case Q_DISCARD:
		actual = info.discard_owed;
		break;
	case Q_VP:
		if (catan_state_points(r->state, p, hidden, &points) != CATAN_OK) {
			script_error(r, l->no, "cannot read the points of %s", l->tok[2]);
			return;
		}
		break;
	}
	if (q == Q_VP) {
		long want_vp = negative ? -(long)want : (long)want;

		snprintf(exp, sizeof(exp), "%s %s %ld%s", l->tok[2], what[q], want_vp,
			 hidden ? " (total)" : " (public)");
		snprintf(got, sizeof(got), "%ld", (long)points);
		verdict(r, l, want_vp == (long)points, exp, got);
		return;
	}
	if (with_player)
		snprintf(exp, sizeof(exp), "%s %s %lu%s", l->tok[2], what[q], want,
			 q == Q_VP ? (hidden ? " (total)" : " (public)") : "");
	else
		snprintf(exp, sizeof(exp), "%s %lu", what[q], want);
	snprintf(got, sizeof(got), "%lu", actual);
	verdict(r, l, want == actual, exp, got);
}

/* expect phase NAME */
static void
expect_phase(struct runner *r, const struct line *l)
{
	char exp[TEXT_CAP], got[TEXT_CAP];
	const char *actual;

	if (l->ntok != 3) {
		script_error(r, l->no, "expected 'expect phase NAME'");
		return;
	}
	if (!runs(r, 1))
		return;
	actual = catan_state_phase_name(r->state, catan_state_phase(r->state));
	snprintf(exp, sizeof(exp), "phase %s", l->tok[2]);
	snprintf(got, sizeof(got), "%s", actual);
	verdict(r, l, strcmp(actual, l->tok[2]) == 0, exp, got);
}

/* expect cards|hand|dev pN LIST, expect bank|deck LIST */
enum list_query { L_CARDS, L_HAND, L_DEV, L_BANK, L_DECK };

static void
expect_list(struct runner *r, const struct line *l, enum list_query q)
{
	char exp[TEXT_CAP + 64], got[TEXT_CAP], e[TEXT_CAP], g[TEXT_CAP];
	int with_player = q <= L_DEV, dev = q == L_DEV || q == L_DECK, p = -1, ok;
	unsigned actual[CATAN_MAX_CARD_KINDS] = { 0 };
	struct kind_list want;
	catan_player_info info;
	uint8_t counts[CATAN_MAX_CARD_KINDS];

	if (l->ntok != (with_player ? 4 : 3)) {
		script_error(r, l->no, "expected 'expect %s%s kind=n,...'", l->tok[1],
			     with_player ? " pN" : "");
		return;
	}
	if (with_player && !parse_player(r, l, l->tok[2], &p))
		return;
	if (!parse_kind_list(r, l, l->tok[with_player ? 3 : 2], dev, 1, q == L_HAND, &want) ||
	    !runs(r, 1))
		return;
	if (with_player) {
		if (catan_state_player(r->state, p, &info) != CATAN_OK) {
			script_error(r, l->no, "cannot read player %s", l->tok[2]);
			return;
		}
		for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++)
			actual[k] = dev ? info.dev_cards[k] : info.cards[k];
	} else {
		if ((dev ? catan_state_dev_deck(r->state, counts) :
		     catan_state_bank(r->state, counts)) != CATAN_OK) {
			script_error(r, l->no, "cannot read the %s", dev ? "deck" : "bank");
			return;
		}
		for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++)
			actual[k] = counts[k];
	}
	ok = compare_list(&want, actual, dev, q == L_HAND, e, g, sizeof(e));
	if (with_player)
		snprintf(exp, sizeof(exp), "%s %s %s", l->tok[2],
			 q == L_HAND ? "hand" : (dev ? "development cards" : "cards"), e);
	else
		snprintf(exp, sizeof(exp), "%s %s", dev ? "deck" : "bank", e);
	snprintf(got, sizeof(got), "%s", g);
	verdict(r, l, ok, exp, got);
}

/* expect pieces pN roads=N settlements=N cities=N (any of them) */
static void
expect_pieces(struct runner *r, const struct line *l)
{
	static const char *const names[] = { "roads", "settlements", "cities" };
	char exp[TEXT_CAP], got[TEXT_CAP];
	unsigned long want[3] = { 0 };
	int given[3] = { 0 }, p, ok = 1;
	size_t el = 0, gl = 0;
	catan_player_info info;
	unsigned actual[3];

	if (l->ntok < 4) {
		script_error(r, l->no, "expected 'expect pieces pN roads=N settlements=N cities=N'");
		return;
	}
	if (!parse_player(r, l, l->tok[2], &p))
		return;
	for (int i = 3; i < l->ntok; i++) {
		const char *eq = strchr(l->tok[i], '=');
		int k = -1;

		for (int j = 0; j < 3 && eq; j++)
			if ((size_t)(eq - l->tok[i]) == strlen(names[j]) &&
			    strncmp(l->tok[i], names[j], strlen(names[j])) == 0)
				k = j;
		if (k < 0 || given[k]) {
			script_error(r, l->no, "expected roads=N, settlements=N or cities=N, got '%s'",
				     l->tok[i]);
			return;
		}
		if (!parse_count(r, l, eq + 1, 255, &want[k]))
			return;
		given[k] = 1;
	}
	if (!runs(r, 1))
		return;
	if (catan_state_player(r->state, p, &info) != CATAN_OK) {
		script_error(r, l->no, "cannot read player %s", l->tok[2]);
		return;
	}
	actual[0] = info.roads_left;
	actual[1] = info.settlements_left;
	actual[2] = info.cities_left;
	el = (size_t)snprintf(exp, sizeof(exp), "%s pieces in stock", l->tok[2]);
	for (int k = 0; k < 3; k++) {
		int n;

		if (!given[k])
			continue;
		ok &= actual[k] == want[k];
		n = snprintf(exp + el, sizeof(exp) - el, " %s=%lu", names[k], want[k]);
		if (n > 0 && (size_t)n < sizeof(exp) - el)
			el += (size_t)n;
		n = snprintf(got + gl, sizeof(got) - gl, "%s%s=%u", gl ? " " : "", names[k],
			     actual[k]);
		if (n > 0 && (size_t)n < sizeof(got) - gl)
			gl += (size_t)n;
	}
	verdict(r, l, ok, exp, got);
}

/* expect robber HEX */
static void
expect_robber(struct runner *r, const struct line *l)
{
	char exp[TEXT_CAP], got[TEXT_CAP], name[32];
	unsigned hex;
	int actual;

	if (l->ntok != 3) {
		script_error(r, l->no, "expected 'expect robber h<i>'");
		return;
	}
	if (!parse_location(r, l, l->tok[2], CATAN_LOC_HEX, &hex, NULL) || !runs(r, 1))
		return;
	actual = catan_state_robber(r->state);
	snprintf(exp, sizeof(exp), "robber on %s", l->tok[2]);
	snprintf(got, sizeof(got), "%s", actual < 0 ? "no robber" :
		 cli_location_text(r->game, CATAN_LOC_HEX, (unsigned)actual, name, sizeof(name)));
	verdict(r, l, actual >= 0 && (unsigned)actual == hex, exp, got);
}

static const char *
piece_name(int piece)
{
	switch (piece) {
	case CATAN_PIECE_NONE:
		return "none";
	case CATAN_PIECE_SETTLEMENT:
		return "settlement";
	case CATAN_PIECE_CITY:
		return "city";
	case CATAN_PIECE_ROAD:
		return "road";
	default:
		return "?";
	}
}

/* expect piece LOC KIND pN | expect piece LOC none */
static void
expect_piece(struct runner *r, const struct line *l)
{
	char exp[TEXT_CAP], got[TEXT_CAP];
	int kind, want_piece = CATAN_PIECE_NONE, want_owner = -1, piece, owner = -1;
	unsigned id;

	if (!(l->ntok == 4 && strcmp(l->tok[3], "none") == 0) && l->ntok != 5) {
		script_error(r, l->no, "expected 'expect piece LOCATION settlement|city|road pN' "
			     "or 'expect piece LOCATION none'");
		return;
	}
	if (!parse_location(r, l, l->tok[2], 0, &id, &kind))
		return;
	if (kind == CATAN_LOC_HEX) {
		script_error(r, l->no, "'%s' is a hex: pieces stand on intersections and edges",
			     l->tok[2]);
		return;
	}
	if (l->ntok == 5) {
		want_piece = piece_kind(l->tok[3]);
		if (want_piece < 0 || (want_piece == CATAN_PIECE_ROAD) != (kind == CATAN_LOC_EDGE)) {
			script_error(r, l->no, "no '%s' can stand at '%s'", l->tok[3], l->tok[2]);
			return;
		}
		if (!parse_player(r, l, l->tok[4], &want_owner))
			return;
	}
	if (!runs(r, 1))
		return;
	if (kind == CATAN_LOC_EDGE)
		piece = catan_state_edge_piece(r->state, id, &owner);
	else
		piece = catan_state_vertex_piece(r->state, id, &owner);
	if (want_piece == CATAN_PIECE_NONE)
		snprintf(exp, sizeof(exp), "nothing at %s", l->tok[2]);
	else
		snprintf(exp, sizeof(exp), "%s of %s at %s", l->tok[3], l->tok[4], l->tok[2]);
	if (piece == CATAN_PIECE_NONE)
		snprintf(got, sizeof(got), "nothing");
	else
		snprintf(got, sizeof(got), "%s of p%d", piece_name(piece), owner);
	verdict(r, l, piece == want_piece && (piece == CATAN_PIECE_NONE || owner == want_owner),
		exp, got);
}

/* expect longest_road|largest_army|winner pN|none */
enum holder_query { H_LONGEST, H_ARMY, H_WINNER };

static void
expect_holder(struct runner *r, const struct line *l, enum holder_query q)
{
	static const char *const what[] = { "Longest Road", "Largest Army", "winner" };
	char exp[TEXT_CAP], got[TEXT_CAP], b1[16], b2[16];
	int want, actual;

	if (l->ntok != 3) {
		script_error(r, l->no, "expected 'expect %s pN|none'", l->tok[1]);
		return;
	}
	if (!parse_player_or_none(r, l, l->tok[2], &want) || !runs(r, 1))
		return;
	switch (q) {
	case H_LONGEST:
		actual = catan_state_longest_road_holder(r->state);
		break;
	case H_ARMY:
		actual = catan_state_largest_army_holder(r->state);
		break;
	default:
		actual = catan_state_winner(r->state);
		break;
	}
	if (actual < 0)
		actual = -1;
	snprintf(exp, sizeof(exp), "%s %s", what[q], want < 0 ? "none" :
		 cli_player_name(want, b1, sizeof(b1)));
	snprintf(got, sizeof(got), "%s", actual < 0 ? "none" : cli_player_name(actual, b2, sizeof(b2)));
	verdict(r, l, want == actual, exp, got);
}

/* show: print the position (a debugging aid; asserts nothing). */
/* The rest of 'show': the neutral players (pieces, no cards), then the
 * counters and holdings as the referee's observation string spells them. */
static void
show_neutral_and_counters(struct runner *r, int n)
{
	int neutral = catan_game_neutral_players(r->game);
	size_t len = 0;
	char *text;

	for (int p = n; p < n + (neutral > 0 ? neutral : 0); p++) {
		catan_player_info info;

		if (catan_state_player(r->state, p, &info) != CATAN_OK)
			continue;
		printf("  p%d neutral vp %d road %u roads_left %u settlements_left %u cities_left %u\n",
		       p, (int)info.public_vp, (unsigned)info.longest_road,
		       (unsigned)info.roads_left, (unsigned)info.settlements_left,
		       (unsigned)info.cities_left);
	}
	(void)catan_state_observation_string(r->state, CATAN_OBSERVER_ALL, NULL, 0, &len);
	text = malloc(len + 1);
	if (text == NULL ||
	    catan_state_observation_string(r->state, CATAN_OBSERVER_ALL, text, len + 1,
					   NULL) != CATAN_OK) {
		free(text);
		printf("  (counters unavailable)\n");
		return;
	}
	for (char *line = text; *line;) {
		char *eol = strchr(line, '\n');

		if (eol)
			*eol = '\0';
		if (strncmp(line, "counter ", 8) == 0 || strncmp(line, "holding ", 8) == 0 ||
		    strncmp(line, "supply ", 7) == 0)
			printf("  %s\n", line);
		if (!eol)
			break;
		line = eol + 1;
	}
	free(text);
}

static void
do_show(struct runner *r, const struct line *l)
{
	char b[16];
	uint8_t bank[CATAN_MAX_CARD_KINDS];
	int n;

	if (!need_game(r, l))
		return;
	if (l->ntok != 1) {
		script_error(r, l->no, "expected 'show' alone");
		return;
	}
	if (!runs(r, 0))
		return;
	n = catan_game_num_players(r->game);
	catan_state_bank(r->state, bank);
	printf("%s:%u: show: phase %s, turn %u, current %s, dice %d, robber h%d, bank",
	       r->path, l->no,
	       catan_state_phase_name(r->state, catan_state_phase(r->state)),
	       (unsigned)catan_state_turn_number(r->state),
	       cli_player_name(catan_state_current_player(r->state), b, sizeof(b)),
	       catan_state_dice(r->state), catan_state_robber(r->state));
	for (int k = 0; k < CATAN_NUM_RESOURCES; k++)
		printf(" %s=%u", catan_resource_name(k), (unsigned)bank[k]);
	printf("\n");
	for (int p = 0; p < n; p++) {
		catan_player_info info;

		if (catan_state_player(r->state, p, &info) != CATAN_OK)
			continue;
		printf("  p%d vp %d/%d road %u knights %u cards", p, (int)info.public_vp,
		       (int)info.total_vp, (unsigned)info.longest_road,
		       (unsigned)info.knights_played);
		for (int k = 0; k < CATAN_NUM_RESOURCES; k++)
			printf(" %s=%u", catan_resource_name(k), (unsigned)info.cards[k]);
		printf(" dev");
		for (int k = 0; k < CATAN_NUM_DEV_KINDS; k++)
			printf(" %s=%u", catan_dev_card_name(k), (unsigned)info.dev_cards[k]);
		printf("\n");
	}
	show_neutral_and_counters(r, n);
}


/* expect holding pN|supply NAME N, expect counter pN|game NAME N: a
 * holding (catan_state_holding(), a group's name for its total) or any
 * counter (catan_state_counter(): the modules' and the holdings). */
static void
expect_holding(struct runner *r, const struct line *l)
{
	int counter = strcmp(l->tok[1], "counter") == 0;
	char exp[TEXT_CAP], got[TEXT_CAP];
	unsigned long magnitude;
	long want;
	int32_t v = 0;
	int p, rc, negative;

	if (l->ntok != 5) {
		script_error(r, l->no, "expected 'expect %s pN|%s NAME N'", l->tok[1],
			     counter ? "game" : "supply");
		return;
	}
	/* A module's counter may be negative ("strongest_ports -1": no holder). */
	negative = counter && l->tok[4][0] == '-';
	if (!parse_seat_or(r, l, l->tok[2], counter ? "game" : "supply", &p) ||
	    !parse_count(r, l, l->tok[4] + negative, 10000000, &magnitude) || !runs(r, 1))
		return;
	want = negative ? -(long)magnitude : (long)magnitude;
	rc = counter ? catan_state_counter(r->state, p, l->tok[3], &v) :
		       catan_state_holding(r->state, p, l->tok[3], &v);
	snprintf(exp, sizeof(exp), "%s %s %s %ld", l->tok[1], l->tok[2], l->tok[3], want);
	if (rc != CATAN_OK) {
		snprintf(got, sizeof(got), "none (%s)", catan_state_errmsg(r->state));
		verdict(r, l, 0, exp, got);
		return;
	}
	snprintf(got, sizeof(got), "%ld", (long)v);
	verdict(r, l, (long)v == want, exp, got);
}

static void
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
	else if (strcmp(what, "current") == 0)
		expect_current(r, l);
	else if (strcmp(what, "acting") == 0)
		expect_acting(r, l);
	else if (strcmp(what, "phase") == 0)
		expect_phase(r, l);
	else if (strcmp(what, "turn") == 0)
		expect_number(r, l, Q_TURN);
	else if (strcmp(what, "dice") == 0)
		expect_number(r, l, Q_DICE);
	else if (strcmp(what, "knights") == 0)
		expect_number(r, l, Q_KNIGHTS);
	else if (strcmp(what, "road_length") == 0)
		expect_number(r, l, Q_ROAD_LENGTH);
	else if (strcmp(what, "discard") == 0)
		expect_number(r, l, Q_DISCARD);
	else if (strcmp(what, "vp") == 0)
		expect_number(r, l, Q_VP);
	else if (strcmp(what, "cards") == 0)
		expect_list(r, l, L_CARDS);
	else if (strcmp(what, "hand") == 0)
		expect_list(r, l, L_HAND);
	else if (strcmp(what, "dev") == 0)
		expect_list(r, l, L_DEV);
	else if (strcmp(what, "bank") == 0)
		expect_list(r, l, L_BANK);
	else if (strcmp(what, "deck") == 0)
		expect_list(r, l, L_DECK);
	else if (strcmp(what, "pieces") == 0)
		expect_pieces(r, l);
	else if (strcmp(what, "robber") == 0)
		expect_robber(r, l);
	else if (strcmp(what, "piece") == 0)
		expect_piece(r, l);
	else if (strcmp(what, "longest_road") == 0)
		expect_holder(r, l, H_LONGEST);
	else if (strcmp(what, "largest_army") == 0)
		expect_holder(r, l, H_ARMY);
	else if (strcmp(what, "winner") == 0)
		expect_holder(r, l, H_WINNER);
	else if (strcmp(what, "holding") == 0 || strcmp(what, "counter") == 0)
		expect_holding(r, l);
	else
		script_error(r, l->no, "unknown assertion 'expect %s'", what);
}

static const struct {
	const char *name;
	void (*run)(struct runner *r, const struct line *l);
} statements[] = {
	{ "game", do_game },
	{ "set", do_set },
	{ "give", do_give },
	{ "place", do_place },
	{ "remove", do_remove },
	{ "expect", do_expect },
	{ "show", do_show },
};

static int
is_action_line(const struct line *l)
{
	const char *w = l->tok[0];

	if (strcmp(w, "chance") == 0)
		return 1;
	return w[0] == 'p' && w[1] >= '0' && w[1] <= '9';
}

/* Run one script; 1 if every assertion held and nothing went wrong. */
static int
run_script(struct runner *r, const char *path, const char *text, int quiet)
{
	struct line l;

	r->path = path;
	r->text = text;
	r->pos = 0;
	r->lineno = 0;
	r->game = NULL;
	r->state = NULL;
	r->have_game_line = 0;
	r->live = 0;
	r->assertions = r->failed = r->errors = r->skipped = 0;

	while (next_line(r, &l)) {
		size_t i;

		if (is_action_line(&l)) {
			do_action(r, &l);
			continue;
		}
		for (i = 0; i < sizeof(statements) / sizeof(statements[0]); i++) {
			if (strcmp(statements[i].name, l.tok[0]) == 0) {
				statements[i].run(r, &l);
				break;
			}
		}
		if (i == sizeof(statements) / sizeof(statements[0])) {
			if (strcmp(l.tok[0], "end") == 0)
				script_error(r, l.no, "'end' without 'expect actions'");
			else
				script_error(r, l.no, "unknown statement '%s'", l.tok[0]);
		}
	}
	if (!r->have_game_line && r->errors == 0)
		script_error(r, r->lineno ? r->lineno : 1, "no 'game' line");
	else if (r->assertions + r->skipped == 0 && r->errors == 0)
		script_error(r, r->lineno, "no assertions");

	catan_state_free(r->state);
	catan_game_unref(r->game);
	r->state = NULL;
	r->game = NULL;

	if (!quiet || r->failed || r->errors) {
		printf("%s: %u assertions, %u failed", path, r->assertions, r->failed);
		if (r->errors)
			printf(", %u errors", r->errors);
		if (r->skipped)
			printf(", %u skipped", r->skipped);
		printf("\n");
	}
	return r->failed == 0 && r->errors == 0;
}

/* ---------------------------------------------------------------- files */

struct path_list {
	char **items;
	size_t count, cap;
};

static int
add_path(struct path_list *list, const char *path)
{
	char *copy;

	if (list->count == list->cap) {
		size_t ncap = list->cap ? 2 * list->cap : 32;
		char **items = realloc(list->items, ncap * sizeof(*items));

		if (items == NULL)
			return -1;
		list->items = items;
		list->cap = ncap;
	}
	copy = malloc(strlen(path) + 1);
	if (copy == NULL)
		return -1;
	strcpy(copy, path);
	list->items[list->count++] = copy;
	return 0;
}

static int
compare_strings(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int
has_suffix(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n > m && strcmp(s + n - m, suffix) == 0;
}

/* Every *.cts below a directory, in name order per directory. */
static int
collect_dir(struct path_list *list, const char *dir, int depth)
{
	struct path_list here = { NULL, 0, 0 };
	struct dirent *de;
	DIR *d;
	int rc = 0;

	if (depth > 32)
		return cli_usage_error("conform: directories nested too deep at '%s'", dir);
	d = opendir(dir);
	if (d == NULL)
		return cli_usage_error("conform: cannot open directory '%s': %s", dir,
				       strerror(errno));
	while ((de = readdir(d)) != NULL) {
		char path[4096];
		struct stat st;

		if (de->d_name[0] == '.')
			continue;
		if ((size_t)snprintf(path, sizeof(path), "%s%s%s", dir,
				     has_suffix(dir, "/") ? "" : "/",
				     de->d_name) >= sizeof(path))
			continue;
		if (stat(path, &st) != 0)
			continue;
		if (S_ISDIR(st.st_mode) || has_suffix(de->d_name, ".cts"))
			if (add_path(&here, path) != 0)
				rc = cli_error("conform: out of memory");
	}
	closedir(d);
	if (here.count > 0)
		qsort(here.items, here.count, sizeof(*here.items), compare_strings);
	for (size_t i = 0; i < here.count; i++) {
		struct stat st;

		if (rc == 0 && stat(here.items[i], &st) == 0 && S_ISDIR(st.st_mode))
			rc = collect_dir(list, here.items[i], depth + 1);
		else if (rc == 0 && add_path(list, here.items[i]) != 0)
			rc = cli_error("conform: out of memory");
		free(here.items[i]);
	}
	free(here.items);
	return rc;
}

static void
usage(FILE *f)
{
	fprintf(f, "Usage: %s conform [-v|--verbose] [-q|--quiet] FILE|DIR...\n"
		"Run conformance scripts: each FILE, and every *.cts below each DIR.\n"
		"Each failed assertion is reported as 'FILE:LINE: expected X, got Y',\n"
		"each malformed or refused statement as 'FILE:LINE: error: ...'; then\n"
		"'FILE: N assertions, N failed' per file and a total.\n"
		"  -v, --verbose  also report every assertion that holds\n"
		"  -q, --quiet    print the summary only for files that fail\n"
		"Exit status: 0 if every assertion of every file holds, 1 otherwise,\n"
		"2 on bad usage or an unreadable file. The language is described in\n"
		"doc/conformance.md.\n", CLI_PROGRAM);
}

int
cmd_conform(int argc, char **argv)
{
	struct path_list files = { NULL, 0, 0 };
	char **texts = NULL;
	struct runner r;
	unsigned total = 0, failed = 0, errors = 0, bad_files = 0;
	int quiet = 0, verbose = 0, rc = CLI_EXIT_OK, options_done = 0;

	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i];
		struct stat st;

		if (!options_done && arg[0] == '-' && arg[1] != '\0') {
			if (cli_is_help(arg)) {
				usage(stdout);
				rc = CLI_EXIT_OK;
				goto out_files;
			} else if (strcmp(arg, "-v") == 0 || strcmp(arg, "--verbose") == 0) {
				verbose = 1;
			} else if (strcmp(arg, "-q") == 0 || strcmp(arg, "--quiet") == 0) {
				quiet = 1;
			} else if (strcmp(arg, "--") == 0) {
				options_done = 1;
			} else {
				rc = cli_usage_error("conform: unknown option '%s' (try --help)", arg);
				goto out_files;
			}
			continue;
		}
		if (strcmp(arg, "-") != 0 && stat(arg, &st) == 0 && S_ISDIR(st.st_mode)) {
			size_t before = files.count;

			rc = collect_dir(&files, arg, 0);
			if (rc != 0)
				goto out_files;
			if (files.count == before) {
				rc = cli_usage_error("conform: no *.cts files in '%s'", arg);
				goto out_files;
			}
		} else if (add_path(&files, arg) != 0) {
			rc = cli_error("conform: out of memory");
			goto out_files;
		}
	}
	if (files.count == 0) {
		rc = cli_usage_error("conform: no script given (try --help)");
		goto out_files;
	}

	/* Every file is read before any runs: an unreadable one is bad usage. */
	texts = calloc(files.count, sizeof(*texts));
	if (texts == NULL) {
		rc = cli_error("conform: out of memory");
		goto out_files;
	}
	for (size_t i = 0; i < files.count; i++) {
		rc = cli_read_file(files.items[i], &texts[i], NULL);
		if (rc != CLI_EXIT_OK)
			goto out_files;
	}

	memset(&r, 0, sizeof(r));
	r.verbose = verbose;
	rc = cli_new_ctx(&r.ctx);
	if (rc != CLI_EXIT_OK)
		goto out_files;
	for (size_t i = 0; i < files.count; i++) {
		if (!run_script(&r, files.items[i], texts[i], quiet))
			bad_files++;
		total += r.assertions;
		failed += r.failed;
		errors += r.errors;
	}
	printf("total: %u assertions, %u failed", total, failed);
	if (errors)
		printf(", %u errors", errors);
	printf(" (%zu files, %u failing)\n", files.count, bad_files);
	rc = bad_files ? CLI_EXIT_FAILURE : CLI_EXIT_OK;
	free(r.actions);
	free(r.expected);
	free(r.outcomes);
	catan_ctx_free(r.ctx);
out_files:
	for (size_t i = 0; i < files.count; i++) {
		if (texts != NULL)
			free(texts[i]);
		free(files.items[i]);
	}
	free(texts);
	free(files.items);
	return rc;
}
