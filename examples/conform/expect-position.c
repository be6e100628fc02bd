/*
 * catanrules conform: the assertions about the position: whose turn, the
 * numbers of the state and its players, cards, pieces, the robber, the
 * holders of the awards, holdings and counters, costs and maritime rates.
 * SPDX-License-Identifier: MIT
 */

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conform.h"

/* Name of a slot of a kind list. */
static const char *
kind_name(const catan_game *game, int k, int dev)
{
	const char *n;

	if (k == LIST_TOTAL)
		return "total";
	n = dev ? catan_game_dev_kind_name(game, k) : catan_game_card_kind_name(game, k);
	return n ? n : "?";
}

/* Compare a list with actual values (slot LIST_TOTAL = sum); every given
 * slot, or every slot when whole is set, must match. */
static int
compare_list(const catan_game *game, const struct kind_list *want, const unsigned actual[CATAN_MAX_CARD_KINDS],
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
				     kind_name(game, k, dev), w);
			if (n > 0 && (size_t)n < cap - el)
				el += (size_t)n;
		}
		n = snprintf(got_buf + gl, cap - gl, "%s%s=%u", gl ? "," : "",
			     kind_name(game, k, dev), act[k]);
		if (n > 0 && (size_t)n < cap - gl)
			gl += (size_t)n;
	}
	if (el == 0)
		snprintf(exp_buf, cap, "empty");
	if (gl == 0)
		snprintf(got_buf, cap, "empty");
	return ok;
}

/* expect simultaneity none|order_free|real_time */
static void
expect_simultaneity(struct runner *r, const struct line *l)
{
	static const char *const names[] = { "none", "order_free", "real_time" };
	static const int kinds[] = { 0, CATAN_SIMULTANEOUS_ORDER_FREE, CATAN_SIMULTANEOUS_REAL_TIME };
	char exp[TEXT_CAP], got[TEXT_CAP];
	int want = -1, actual;
	const char *actual_name = "?";

	for (size_t i = 0; l->ntok == 3 && i < 3; i++)
		if (strcmp(l->tok[2], names[i]) == 0)
			want = kinds[i];
	if (want < 0) {
		script_error(r, l->no, "expected 'expect simultaneity none|order_free|real_time'");
		return;
	}
	if (!runs(r, 1))
		return;
	actual = catan_state_simultaneity(r->state);
	for (size_t i = 0; i < 3; i++)
		if (kinds[i] == actual)
			actual_name = names[i];
	snprintf(exp, sizeof(exp), "simultaneity %s", l->tok[2]);
	snprintf(got, sizeof(got), "%s", actual_name);
	verdict(r, l, want == actual, exp, got);
}

/* expect current pN|chance|simultaneous|terminal|referee */
static void
expect_current(struct runner *r, const struct line *l)
{
	char exp[TEXT_CAP], got[TEXT_CAP], b1[16], b2[16];
	int want, actual;

	if (l->ntok != 3) {
		script_error(r, l->no, "expected 'expect current pN|chance|simultaneous|terminal|referee'");
		return;
	}
	if (strcmp(l->tok[2], "chance") == 0)
		want = CATAN_PLAYER_CHANCE;
	else if (strcmp(l->tok[2], "referee") == 0)
		want = CATAN_PLAYER_REFEREE;
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

/* expect cards|hand|dev pN LIST, expect bank|deck|dev_discard LIST */
enum list_query { L_CARDS, L_HAND, L_DEV, L_BANK, L_DECK, L_DEV_DISCARD };

static void
expect_list(struct runner *r, const struct line *l, enum list_query q)
{
	char exp[TEXT_CAP + 64], got[TEXT_CAP], e[TEXT_CAP], g[TEXT_CAP];
	int with_player = q <= L_DEV, dev = q == L_DEV || q >= L_DECK, p = -1, ok;
	const char *what = q == L_BANK ? "bank" : q == L_DECK ? "deck" : "discard pile";
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
		if ((q == L_DECK ? catan_state_dev_deck(r->state, counts) :
		     q == L_DEV_DISCARD ? catan_state_dev_discard(r->state, counts) :
		     catan_state_bank(r->state, counts)) != CATAN_OK) {
			script_error(r, l->no, "cannot read the %s", what);
			return;
		}
		for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++)
			actual[k] = counts[k];
	}
	ok = compare_list(r->game, &want, actual, dev, q == L_HAND, e, g, sizeof(e));
	if (with_player)
		snprintf(exp, sizeof(exp), "%s %s %s", l->tok[2],
			 q == L_HAND ? "hand" : (dev ? "development cards" : "cards"), e);
	else
		snprintf(exp, sizeof(exp), "%s %s", what, e);
	snprintf(got, sizeof(got), "%s", g);
	verdict(r, l, ok, exp, got);
}

/* expect cost THING kind=n,... : the whole cost, every kind */
static void
expect_cost(struct runner *r, const struct line *l)
{
	char exp[TEXT_CAP + 64], got[TEXT_CAP], e[TEXT_CAP], g[TEXT_CAP];
	unsigned actual[CATAN_MAX_CARD_KINDS] = { 0 };
	struct kind_list want;
	catan_cost_info cost;
	int i;

	if (l->ntok != 4) {
		script_error(r, l->no, "expected 'expect cost THING kind=n,...'");
		return;
	}
	if (!parse_kind_list(r, l, l->tok[3], 0, 0, 0, &want) || !runs(r, 1))
		return;
	i = catan_game_cost_index(r->game, l->tok[2]);
	if (i < 0 || catan_game_cost(r->game, i, &cost) != CATAN_OK) {
		snprintf(exp, sizeof(exp), "cost of %s %s", l->tok[2], l->tok[3]);
		verdict(r, l, 0, exp, "the game has no such cost");
		return;
	}
	for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++)
		actual[k] = cost.cards[k];
	snprintf(exp, sizeof(exp), "cost of %s ", l->tok[2]);
	i = compare_list(r->game, &want, actual, 0, 1, e, g, sizeof(e));
	strncat(exp, e, sizeof(exp) - strlen(exp) - 1);
	snprintf(got, sizeof(got), "%s", g);
	verdict(r, l, i, exp, got);
}

/* expect maritime_rate pN KIND N */
static void
expect_maritime_rate(struct runner *r, const struct line *l)
{
	char exp[TEXT_CAP], got[TEXT_CAP];
	unsigned long want;
	int p, kind, rate;

	if (l->ntok != 5) {
		script_error(r, l->no, "expected 'expect maritime_rate pN KIND N'");
		return;
	}
	if (!parse_player(r, l, l->tok[2], &p) || !parse_count(r, l, l->tok[4], 4, &want))
		return;
	kind = catan_game_card_kind_index(r->game, l->tok[3]);
	if (kind < 0) {
		script_error(r, l->no, "the game has no card kind '%s'", l->tok[3]);
		return;
	}
	if (!runs(r, 1))
		return;
	rate = catan_state_maritime_rate(r->state, p, kind);
	snprintf(exp, sizeof(exp), "%s trades %s at %lu:1", l->tok[2], l->tok[3], want);
	snprintf(got, sizeof(got), "%d:1", rate);
	verdict(r, l, rate >= 0 && (unsigned long)rate == want, exp, got);
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

/* expect chip h<i> N|none: the number chip on the hex's chip space */
static void
expect_chip(struct runner *r, const struct line *l)
{
	char exp[TEXT_CAP], got[TEXT_CAP];
	unsigned hex;
	int actual = -1, rc;

	if (l->ntok != 4) {
		script_error(r, l->no, "expected 'expect chip h<i> N|none'");
		return;
	}
	if (!parse_location(r, l, l->tok[2], CATAN_LOC_HEX, &hex, NULL) || !runs(r, 1))
		return;
	rc = catan_state_hex_chip(r->state, hex, &actual);
	snprintf(exp, sizeof(exp), "chip on %s: %s", l->tok[2], l->tok[3]);
	if (rc != CATAN_OK)
		snprintf(got, sizeof(got), "no chip space there (%s)", catan_strerror(rc));
	else if (actual == 0)
		snprintf(got, sizeof(got), "none");
	else
		snprintf(got, sizeof(got), "%d", actual);
	verdict(r, l, rc == CATAN_OK && strcmp(got, l->tok[3]) == 0, exp, got);
}

/* Whether site @si matches the words tok[from..ntok): value=N, colour=N,
 * name=NAME (each optional, each compared when given); 0 on a bad word. */
static int
site_matches(struct runner *r, const struct line *l, int from, const catan_site_info *si,
	     int *matches)
{
	*matches = 1;
	for (int i = from; i < l->ntok; i++) {
		const char *w = l->tok[i];
		unsigned long n;
		char *end;

		if (strncmp(w, "name=", 5) == 0) {
			*matches &= si->name != NULL && strcmp(si->name, w + 5) == 0;
			continue;
		}
		if (strncmp(w, "value=", 6) != 0 && strncmp(w, "colour=", 7) != 0) {
			script_error(r, l->no, "expected value=N, colour=N or name=NAME, got '%s'", w);
			return 0;
		}
		n = strtoul(strchr(w, '=') + 1, &end, 10);
		if (*end || !isdigit((unsigned char)strchr(w, '=')[1])) {
			script_error(r, l->no, "bad number in '%s'", w);
			return 0;
		}
		*matches &= (w[0] == 'v' ? si->value : si->colour) == n;
	}
	return 1;
}

/* expect site LOC KIND [value=N] [colour=N] [name=NAME] | expect site LOC
 * none: a mark or site of the board covers LOC (catan_board_sites_at()) */
static void
expect_site(struct runner *r, const struct line *l)
{
	char exp[TEXT_CAP], got[TEXT_CAP];
	unsigned id, sites[64];
	size_t n = 0, used = 0;
	int kind, found = 0, none;

	if (l->ntok < 4) {
		script_error(r, l->no, "expected 'expect site LOC KIND [value=N] [colour=N] "
			     "[name=NAME]' or 'expect site LOC none'");
		return;
	}
	none = strcmp(l->tok[3], "none") == 0;
	if (none && l->ntok != 4) {
		script_error(r, l->no, "'expect site LOC none' takes nothing more");
		return;
	}
	if (!parse_location(r, l, l->tok[2], 0, &id, &kind) || !runs(r, 1))
		return;
	if (catan_board_sites_at(r->game, kind, id, sites, 64, &n) != CATAN_OK)
		n = 0;
	got[0] = '\0';
	for (size_t i = 0; i < n && i < 64; i++) {
		catan_site_info si;
		const char *name;
		int match;

		if (catan_board_site(r->game, sites[i], &si) != CATAN_OK)
			continue;
		name = catan_site_kind_name((int)si.kind);
		used += (size_t)snprintf(got + used, used < sizeof(got) ? sizeof(got) - used : 0,
					 "%s%s value=%u colour=%u%s%s", i ? ", " : "",
					 name ? name : "?", (unsigned)si.value, (unsigned)si.colour,
					 si.name ? " name=" : "", si.name ? si.name : "");
		if (used >= sizeof(got))
			used = sizeof(got) - 1;
		if (none || !name || strcmp(name, l->tok[3]) != 0)
			continue;
		if (!site_matches(r, l, 4, &si, &match))
			return;
		found |= match;
	}
	if (n == 0)
		snprintf(got, sizeof(got), "none");
	join(l, 3, l->ntok, exp, sizeof(exp));
	verdict(r, l, none ? n == 0 : found, exp, got);
}

/* expect blocked h<i> yes|no: whether the hex produces nothing now */
static void
expect_blocked(struct runner *r, const struct line *l)
{
	char exp[TEXT_CAP];
	unsigned hex;
	int want, actual;

	if (l->ntok != 4 || (strcmp(l->tok[3], "yes") != 0 && strcmp(l->tok[3], "no") != 0)) {
		script_error(r, l->no, "expected 'expect blocked h<i> yes|no'");
		return;
	}
	want = strcmp(l->tok[3], "yes") == 0;
	if (!parse_location(r, l, l->tok[2], CATAN_LOC_HEX, &hex, NULL) || !runs(r, 1))
		return;
	actual = catan_state_hex_blocked(r->state, hex);
	snprintf(exp, sizeof(exp), "%s %s", l->tok[2], want ? "blocked" : "not blocked");
	verdict(r, l, actual == want, exp, actual < 0 ? "an error" : actual ? "blocked" : "not blocked");
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

/* A road-like declared piece on edge @id (catan_state_edge_piece() says
 * nothing there): its kind and owner into @got; false if there is none. */
static int
road_like_at(const struct runner *r, unsigned id, char *got, size_t cap)
{
	int kinds = catan_game_piece_count(r->game);

	for (int k = 0; k < kinds; k++) {
		catan_piece_info info;

		if (catan_game_piece(r->game, (unsigned)k, &info) != CATAN_OK ||
		    !(info.flags & CATAN_PIECE_ROAD_LIKE))
			continue;
		for (int p = 0; p < catan_game_num_players(r->game) +
				    catan_game_neutral_players(r->game); p++) {
			uint32_t n = 0;

			if (catan_state_pieces_at(r->state, (unsigned)k, p, id, &n) == CATAN_OK && n) {
				snprintf(got, cap, "%s of p%d", info.name, p);
				return 1;
			}
		}
	}
	return 0;
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
	if (piece != CATAN_PIECE_NONE)
		snprintf(got, sizeof(got), "%s of p%d", piece_name(piece), owner);
	else if (kind == CATAN_LOC_EDGE && road_like_at(r, id, got, sizeof(got)))
		/* the edge holds no road, yet is not empty */
		piece = -1;
	else
		snprintf(got, sizeof(got), "nothing");
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

/* expect stock KIND pN N: an owner's pieces of a declared kind in stock;
 * expect piece LOC KIND pN|all N: how many stand on LOC (catanrules/piece.h). */
static void
expect_declared(struct runner *r, const struct line *l, int stock)
{
	const char *name = l->tok[stock ? 2 : 3];
	char exp[TEXT_CAP], got[TEXT_CAP];
	const char *who = l->tok[stock ? 3 : 4];
	catan_piece_info info;
	unsigned long want;
	unsigned id = 0;
	uint32_t v = 0;
	int k, p = -1, rc;

	if (l->ntok != (stock ? 5 : 6)) {
		script_error(r, l->no, stock ? "expected 'expect stock KIND pN N'" :
				       "expected 'expect piece LOCATION KIND pN|all N'");
		return;
	}
	k = catan_game_piece_find(r->game, name);
	if (k < 0 || catan_game_piece(r->game, (unsigned)k, &info) != CATAN_OK) {
		script_error(r, l->no, "the game declares no piece '%s'", name);
		return;
	}
	if ((stock || strcmp(who, "all") != 0) && !parse_player(r, l, who, &p))
		return;
	if ((!stock && !parse_location(r, l, l->tok[2], (int)info.place, &id, NULL)) ||
	    !parse_count(r, l, l->tok[l->ntok - 1], 255, &want) || !runs(r, 1))
		return;
	rc = stock ? catan_state_piece_stock(r->state, (unsigned)k, p, &v) :
		     catan_state_pieces_at(r->state, (unsigned)k, p, id, &v);
	if (stock)
		snprintf(exp, sizeof(exp), "stock %s %s %lu", name, who, want);
	else
		snprintf(exp, sizeof(exp), "piece %s %s %s %lu", l->tok[2], name, who, want);
	if (rc != CATAN_OK)
		snprintf(got, sizeof(got), "none (%s)", catan_state_errmsg(r->state));
	else
		snprintf(got, sizeof(got), "%lu", (unsigned long)v);
	verdict(r, l, rc == CATAN_OK && v == want, exp, got);
}

/* The assertions of this file by their word; 0 when it is none of them. */
int
expect_position(struct runner *r, const struct line *l)
{
	const char *what = l->tok[1];

	if (strcmp(what, "current") == 0)
		expect_current(r, l);
	else if (strcmp(what, "simultaneity") == 0)
		expect_simultaneity(r, l);
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
	else if (strcmp(what, "dev_discard") == 0)
		expect_list(r, l, L_DEV_DISCARD);
	else if (strcmp(what, "pieces") == 0)
		expect_pieces(r, l);
	else if (strcmp(what, "cost") == 0)
		expect_cost(r, l);
	else if (strcmp(what, "maritime_rate") == 0)
		expect_maritime_rate(r, l);
	else if (strcmp(what, "robber") == 0)
		expect_robber(r, l);
	else if (strcmp(what, "blocked") == 0)
		expect_blocked(r, l);
	else if (strcmp(what, "chip") == 0)
		expect_chip(r, l);
	else if (strcmp(what, "site") == 0)
		expect_site(r, l);
	else if (strcmp(what, "piece") == 0 && l->ntok == 6)
		expect_declared(r, l, 0);
	else if (strcmp(what, "piece") == 0)
		expect_piece(r, l);
	else if (strcmp(what, "stock") == 0)
		expect_declared(r, l, 1);
	else if (strcmp(what, "longest_road") == 0)
		expect_holder(r, l, H_LONGEST);
	else if (strcmp(what, "largest_army") == 0)
		expect_holder(r, l, H_ARMY);
	else if (strcmp(what, "winner") == 0)
		expect_holder(r, l, H_WINNER);
	else if (strcmp(what, "holding") == 0 || strcmp(what, "counter") == 0)
		expect_holding(r, l);
	else
		return 0;
	return 1;
}
