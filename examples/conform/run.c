/*
 * catanrules conform: running a script. The reports that count assertions
 * and errors, the game line, the edits that set up a position (set, give,
 * place, remove), the actions and chance outcomes applied, show, and the
 * loop over a script's statements.
 * SPDX-License-Identifier: MIT
 */

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "conform.h"

/* --------------------------------------------------------------- reports */

/* A malformed line or a statement the library refused: the rest of the
 * game block cannot mean what its author meant, so it no longer runs. */
void
script_error(struct runner *r, unsigned no, const char *fmt, ...)
{
	va_list ap;

	/* The message quotes the script: its control bytes are escaped. */
	cli_print_escaped(stdout, "%s:%u: error: ", r->path, no);
	va_start(ap, fmt);
	cli_vprint_escaped(stdout, fmt, ap);
	va_end(ap);
	printf("\n");
	r->errors++;
	r->live = 0;
}

/* Record one assertion; "expected X, got Y" when it fails. */
void
verdict(struct runner *r, const struct line *l, int ok, const char *expected,
	const char *got)
{
	r->assertions++;
	if (ok) {
		if (r->verbose) {
			cli_print_escaped(stdout, "%s:%u: ok: %s", r->path, l->no,
					  expected);
			printf("\n");
		}
		return;
	}
	r->failed++;
	cli_print_escaped(stdout, "%s:%u: expected %s, got %s", r->path, l->no,
			  expected, got);
	printf("\n");
}

/* Whether an assertion or edit runs; counts assertions skipped after an
 * error. */
int
runs(struct runner *r, int is_assertion)
{
	if (r->live)
		return 1;
	if (is_assertion)
		r->skipped++;
	return 0;
}

int
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

/* board FILE|standard: the board of the games that follow (a file in the
 * written form of doc/boards.md, relative to the script's directory), or
 * the standard island again. */
static void
do_board(struct runner *r, const struct line *l)
{
	char path[LINE_CAP * 2];
	const char *slash = strrchr(r->path, '/');
	struct stat st;

	if (l->ntok != 2) {
		script_error(r, l->no, "expected 'board FILE|standard'");
		return;
	}
	if (strcmp(l->tok[1], "standard") == 0) {
		catan_ctx_set_board(r->ctx, NULL);
		return;
	}
	if (l->tok[1][0] == '/' || !slash)
		snprintf(path, sizeof(path), "%s", l->tok[1]);
	else
		snprintf(path, sizeof(path), "%.*s/%s", (int)(slash - r->path), r->path,
			 l->tok[1]);
	/* a file, not a device or a pipe (stdin, /dev/zero) */
	if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) {
		script_error(r, l->no, "no board file '%s'", path);
		return;
	}
	if (cli_set_board_file(r->ctx, path) != 0)
		script_error(r, l->no, "cannot use the board '%s'", path);
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

			if (!list.given[k] && !(whole && catan_game_card_kind_name(r->game, k)))
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

/* set chip HEX N|none: a number chip on the hex's chip space, or none */
static void
set_chip(struct runner *r, const struct line *l)
{
	unsigned hex;
	unsigned long n = 0;
	char *end;

	if (l->ntok != 4) {
		script_error(r, l->no, "expected 'set chip h<i> N|none'");
		return;
	}
	if (!parse_location(r, l, l->tok[2], CATAN_LOC_HEX, &hex, NULL))
		return;
	if (strcmp(l->tok[3], "none") != 0) {
		n = strtoul(l->tok[3], &end, 10);
		if (*end || l->tok[3][0] < '0' || l->tok[3][0] > '9' || n > 255) {
			script_error(r, l->no, "expected a chip's number or 'none', got '%s'",
				     l->tok[3]);
			return;
		}
	}
	if (!runs(r, 0))
		return;
	if (catan_edit_set_hex_chip(r->state, hex, (unsigned)n) != CATAN_OK)
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
		script_error(r, l->no, "expected 'set cards|hand|robber|chip|turn|knights|holding|counter ...'");
		return;
	}
	if (strcmp(l->tok[1], "cards") == 0)
		set_cards(r, l, 0);
	else if (strcmp(l->tok[1], "hand") == 0)
		set_cards(r, l, 1);
	else if (strcmp(l->tok[1], "robber") == 0)
		set_robber(r, l);
	else if (strcmp(l->tok[1], "chip") == 0)
		set_chip(r, l);
	else if (strcmp(l->tok[1], "turn") == 0)
		set_turn(r, l);
	else if (strcmp(l->tok[1], "knights") == 0)
		set_knights(r, l);
	else if (strcmp(l->tok[1], "holding") == 0 || strcmp(l->tok[1], "counter") == 0)
		set_holding(r, l);
	else
		script_error(r, l->no, "unknown 'set %s' (cards, hand, robber, chip, turn, knights, "
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
	kind = kind_index(r->game, l->tok[3], strlen(l->tok[3]), 1);
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

/* place|remove KIND pN LOC: a piece of a kind the game declares
 * (catanrules/piece.h), from or back to the owner's stock. */
static void
place_declared(struct runner *r, const struct line *l, int kind, int remove)
{
	catan_piece_info info;
	unsigned id;
	int p, rc;

	if (l->ntok != 4 || catan_game_piece(r->game, (unsigned)kind, &info) != CATAN_OK) {
		script_error(r, l->no, "expected '%s %s pN LOCATION'", l->tok[0], l->tok[1]);
		return;
	}
	if (!parse_player(r, l, l->tok[2], &p) ||
	    !parse_location(r, l, l->tok[3], (int)info.place, &id, NULL) || !runs(r, 0))
		return;
	rc = remove ? catan_edit_remove_piece(r->state, (unsigned)kind, p, id) :
		      catan_edit_place_piece(r->state, (unsigned)kind, p, id);
	if (rc != CATAN_OK)
		edit_failed(r, l);
}

/* A kind of piece the game declares named by the line's second word, or -1. */
static int
declared_kind(struct runner *r, const struct line *l)
{
	int k = l->ntok > 1 ? catan_game_piece_find(r->game, l->tok[1]) : -1;

	return k >= 0 ? k : -1;
}

/* place settlement|city|road pN LOC, place KIND pN LOC */
static void
do_place(struct runner *r, const struct line *l)
{
	unsigned id;
	int piece, p;

	if (!need_game(r, l))
		return;
	if ((piece = declared_kind(r, l)) >= 0) {
		place_declared(r, l, piece, 0);
		return;
	}
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

/* remove [settlement|city|road] LOC, remove KIND pN LOC */
static void
do_remove(struct runner *r, const struct line *l)
{
	int piece = -1, kind;
	unsigned id;

	if (!need_game(r, l))
		return;
	if ((kind = declared_kind(r, l)) >= 0) {
		place_declared(r, l, kind, 1);
		return;
	}
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

/* ----------------------------------------------------------------- show */

static void
show_line(const char *line, void *arg)
{
	(void)arg;
	printf("  %s\n", line);
}

/* The rest of 'show': the neutral players (pieces, no cards), then the
 * counters, holdings, declared pieces and number chips as the referee's observation
 * string spells them. */
static void
show_neutral_and_counters(struct runner *r, int n)
{
	int neutral = catan_game_neutral_players(r->game);

	for (int p = n; p < n + (neutral > 0 ? neutral : 0); p++) {
		catan_player_info info;

		if (catan_state_player(r->state, p, &info) != CATAN_OK)
			continue;
		printf("  p%d neutral vp %d road %u roads_left %u settlements_left %u cities_left %u\n",
		       p, (int)info.public_vp, (unsigned)info.longest_road,
		       (unsigned)info.roads_left, (unsigned)info.settlements_left,
		       (unsigned)info.cities_left);
	}
	if (cli_each_module_line(r->state, CATAN_OBSERVER_ALL, show_line, NULL) < 0)
		printf("  (counters unavailable)\n");
}

/* show: print the position (a debugging aid; asserts nothing). */
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
	for (int k = 0; k < catan_game_card_kind_count(r->game); k++)
		printf(" %s=%u", catan_game_card_kind_name(r->game, k), (unsigned)bank[k]);
	printf("\n");
	for (int p = 0; p < n; p++) {
		catan_player_info info;

		if (catan_state_player(r->state, p, &info) != CATAN_OK)
			continue;
		printf("  p%d vp %d/%d road %u knights %u cards", p, (int)info.public_vp,
		       (int)info.total_vp, (unsigned)info.longest_road,
		       (unsigned)info.knights_played);
		for (int k = 0; k < catan_game_card_kind_count(r->game); k++)
			printf(" %s=%u", catan_game_card_kind_name(r->game, k),
			       (unsigned)info.cards[k]);
		printf(" dev");
		for (int k = 0; k < catan_game_dev_kind_count(r->game); k++)
			printf(" %s=%u", catan_game_dev_kind_name(r->game, k),
			       (unsigned)info.dev_cards[k]);
		printf("\n");
	}
	show_neutral_and_counters(r, n);
}

/* -------------------------------------------------------------- scripts */

static const struct {
	const char *name;
	void (*run)(struct runner *r, const struct line *l);
} statements[] = {
	{ "game", do_game },
	{ "board", do_board },
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

	if (strcmp(w, "chance") == 0 || strcmp(w, "referee") == 0)
		return 1;
	return w[0] == 'p' && w[1] >= '0' && w[1] <= '9';
}

/* Run one script; 1 if every assertion held and nothing went wrong. */
int
run_script(struct runner *r, const char *path, const char *text, size_t len,
	   int quiet)
{
	const char *nul = memchr(text, '\0', len);
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
	/* each script starts on the standard island */
	catan_ctx_set_board(r->ctx, NULL);

	/* The lines are read as C strings: a NUL byte would end the script
	 * there and skip every statement after it, so none of it runs. */
	if (nul != NULL) {
		unsigned no = 1;
		size_t col = 1;

		for (const char *p = text; p < nul; p++, col++)
			if (*p == '\n')
				no++, col = 0;
		script_error(r, no, "NUL byte at column %zu (a script is text)", col);
		r->pos = len;
	}
	while (nul == NULL && next_line(r, &l)) {
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
