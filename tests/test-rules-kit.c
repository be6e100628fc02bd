/*
 * libcatanrules: the kit shared by the rule suites (tests/test-rules-*.c):
 * a pool of states freed by the fixture, and actions written in notation
 * that must be canonical, legal or refused; and the helpers of the
 * base-game programs (tests/test-rules-base-*.c).
 * SPDX-License-Identifier: MIT
 */

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* defines the base game's helpers too */
#define TEST_RULES_BASE
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

/* ============================================ the base game's helpers */

/*
 * Used by the base-game programs (tests/test-rules-base-*.c); declared in
 * test-rules-kit.h under TEST_RULES_BASE. The other rule programs have
 * static helpers of some of these names, which these do not disturb.
 */

/* ---------------------------------------------------------------- cards */

/* The player's public and private counts. */
catan_player_info
info(const catan_state *s, int player)
{
	catan_player_info pi;

	CATAN_ASSERT_OK(catan_state_player(s, player, &pi));
	return pi;
}

/* The player's hand is exactly @text. */
void
expect_hand_at(int line, const catan_state *s, int player, const char *text)
{
	unsigned want[CATAN_NUM_RESOURCES], total = 0;
	catan_player_info pi = info(s, player);

	parse_cards_at(line, text, want);
	for (int k = 0; k < CATAN_NUM_RESOURCES; k++) {
		ck_assert_msg(pi.cards[k] == want[k],
			      "line %d: p%d holds %u %s, expected %u (\"%s\")",
			      line, player, (unsigned)pi.cards[k],
			      catan_resource_name(k), want[k], text);
		total += want[k];
	}
	ck_assert_msg(pi.card_total == total,
		      "line %d: p%d card_total %u, expected %u", line, player,
		      (unsigned)pi.card_total, total);
}

/* The bank holds exactly @text. */
void
expect_bank_at(int line, const catan_state *s, const char *text)
{
	unsigned want[CATAN_NUM_RESOURCES];
	uint8_t bank[CATAN_MAX_CARD_KINDS];

	parse_cards_at(line, text, want);
	CATAN_ASSERT_OK(catan_state_bank(s, bank));
	for (int k = 0; k < CATAN_NUM_RESOURCES; k++)
		ck_assert_msg(bank[k] == want[k],
			      "line %d: bank holds %u %s, expected %u", line,
			      (unsigned)bank[k], catan_resource_name(k),
			      want[k]);
}

/* The bank changed by exactly @sign * @text since @before. */
void
expect_bank_change_at(int line, const uint8_t before[CATAN_MAX_CARD_KINDS],
		      const catan_state *s, int sign, const char *text)
{
	unsigned delta[CATAN_NUM_RESOURCES];
	uint8_t bank[CATAN_MAX_CARD_KINDS];

	parse_cards_at(line, text, delta);
	CATAN_ASSERT_OK(catan_state_bank(s, bank));
	for (int k = 0; k < CATAN_NUM_RESOURCES; k++)
		ck_assert_msg((int)bank[k] == (int)before[k] + sign * (int)delta[k],
			      "line %d: bank %s went %u -> %u, expected %+d",
			      line, catan_resource_name(k), (unsigned)before[k],
			      (unsigned)bank[k], sign * (int)delta[k]);
}


/* The bank's cards of one kind. */
unsigned
bank_of(const catan_state *s, int kind)
{
	uint8_t bank[CATAN_MAX_CARD_KINDS];

	CATAN_ASSERT_OK(catan_state_bank(s, bank));
	return bank[kind];
}

/* The development cards of one kind left in the deck. */
unsigned
deck_of(const catan_state *s, int kind)
{
	uint8_t deck[CATAN_MAX_DEV_KINDS];

	CATAN_ASSERT_OK(catan_state_dev_deck(s, deck));
	return deck[kind];
}

/* Give a development card from the deck. */
void
dev_at(int line, catan_state *s, int player, int kind, int playable)
{
	ck_assert_msg(catan_edit_give_dev_card(s, player, kind, playable) ==
		      CATAN_OK, "line %d: give dev card: %s", line,
		      catan_state_errmsg(s));
}

/* ------------------------------------------------------------- the board */

static unsigned
edge_joining(const catan_state *s, unsigned a, unsigned b)
{
	catan_vertex_info vi;

	CATAN_ASSERT_OK(catan_board_vertex(catan_state_game(s), a, &vi));
	for (int i = 0; i < 3; i++)
		if (vi.vertices[i] == b)
			return vi.edges[i];
	return CATAN_NONE;
}

/* Roads along a path of intersections: "h0.nw h0.n h0.ne h1.n". */
void
roads_at(int line, catan_state *s, int player, const char *path)
{
	const char *p = path;
	unsigned prev = CATAN_NONE;

	while (*p != '\0') {
		char tok[16];
		size_t len = strcspn(p, " ");
		unsigned v, e;

		ck_assert_msg(len > 0 && len < sizeof(tok), "line %d: bad path",
			      line);
		memcpy(tok, p, len);
		tok[len] = '\0';
		p += len;
		while (*p == ' ')
			p++;
		v = loc_at(line, s, tok, CATAN_LOC_VERTEX);
		if (prev != CATAN_NONE) {
			e = edge_joining(s, prev, v);
			ck_assert_msg(e != CATAN_NONE,
				      "line %d: no edge to %s in \"%s\"", line,
				      tok, path);
			ck_assert_msg(catan_edit_place(s, player,
						       CATAN_PIECE_ROAD, e) ==
				      CATAN_OK, "line %d: road to %s: %s", line,
				      tok, catan_state_errmsg(s));
		}
		prev = v;
	}
}

/* The piece at an intersection (a catan_piece) and its owner. */
int
building_at(const catan_state *s, unsigned vertex, int *owner)
{
	return catan_state_vertex_piece(s, vertex, owner);
}

/* ---------------------------------------------------------------- games */

/* A new game of @spec, in the pool, after the roll-off won by @first. */
catan_state *
game_with_first(const char *spec, int first)
{
	catan_state *s = new_state(spec);

	ck_assert_int_eq(catan_state_phase(s), CATAN_PHASE_START);
	APPLYF(s, "chance first_player p%d", first);
	return s;
}

/*
 * The beginner board with the beginner pieces; @extra adds game
 * parameters ("phases=combined"). Turn 1 of @first, before the roll.
 */
catan_state *
beginner_with(int players, int first, const char *extra)
{
	char spec[160];

	snprintf(spec, sizeof(spec),
		 "base(players=%d,board=beginner,setup=beginner,chance=explicit%s%s)",
		 players, extra[0] ? "," : "", extra);
	return game_with_first(spec, first);
}

/* The beginner set-up of 4 players, turn 1 of @first before the roll. */
catan_state *
beginner(int first)
{
	return beginner_with(4, first, "");
}

void
clear_position(catan_state *s)
{
	catan_board_counts bc;
	int np = catan_game_num_players(catan_state_game(s));

	CATAN_ASSERT_OK(catan_board_counts_get(catan_state_game(s), &bc));
	for (unsigned v = 0; v < bc.vertices; v++)
		if (catan_state_vertex_piece(s, v, NULL) > 0)
			CATAN_ASSERT_OK(catan_edit_remove(s,
					CATAN_PIECE_SETTLEMENT, v));
	for (unsigned e = 0; e < bc.edges; e++)
		if (catan_state_edge_piece(s, e, NULL) > 0)
			CATAN_ASSERT_OK(catan_edit_remove(s, CATAN_PIECE_ROAD, e));
	for (int p = 0; p < np; p++)
		for (int k = 0; k < CATAN_NUM_RESOURCES; k++)
			CATAN_ASSERT_OK(catan_edit_set_cards(s, p, k, 0));
}

/* An empty beginner board, turn 1 of p0 before the roll. */
catan_state *
empty_board_with(int players, const char *extra)
{
	catan_state *s = beginner_with(players, 0, extra);

	clear_position(s);
	return s;
}

/* The same with 4 players. */
catan_state *
empty_board(void)
{
	return empty_board_with(4, "");
}

/* The turn player ends the turn. */
void
end_turn_at(int line, catan_state *s)
{
	applyf_at(line, s, "p%d end_turn", catan_state_turn_player(s));
}

/* The pending chance event's outcomes, into @buf. */
size_t
chance_outcomes(const catan_state *s, catan_chance_outcome *buf, size_t cap)
{
	size_t n = 0;

	CATAN_ASSERT_OK(catan_state_chance_outcomes(s, buf, cap, &n));
	return n;
}

/* The legal actions of @player, into @buf. */
size_t
legal_actions(const catan_state *s, int player, catan_action *buf, size_t cap)
{
	size_t n = 0;

	CATAN_ASSERT_OK(catan_state_legal_actions(s, player, buf, cap, &n));
	return n;
}

/* Public victory points. */
int
vp(const catan_state *s, int player)
{
	return catan_state_victory_points(s, player, 0);
}

/* Victory points with the hidden Victory Point cards. */
int
total_vp(const catan_state *s, int player)
{
	return catan_state_victory_points(s, player, 1);
}

/* The state is in @phase. */
void
expect_phase_at(int line, const catan_state *s, int phase)
{
	int got = catan_state_phase(s);

	ck_assert_msg(got == phase, "line %d: phase %s, expected %s", line,
		      catan_state_phase_name(s, got),
		      catan_state_phase_name(s, phase));
}

/* The player's legal actions are exactly the robber moves to @hexes
 * ("h0 h1 h7"), in this order. */
void
expect_robber_moves_at(int line, const catan_state *s, int player,
		       const char *hexes)
{
	catan_action buf[64];
	size_t n = legal_actions(s, player, buf, ARRAY_SIZE(buf));
	const char *p = hexes;
	size_t i = 0;

	while (*p) {
		char tok[8];
		size_t len = strcspn(p, " ");
		unsigned h;

		ck_assert_msg(len > 0 && len < sizeof(tok), "line %d", line);
		memcpy(tok, p, len);
		tok[len] = '\0';
		p += len;
		while (*p == ' ')
			p++;
		h = loc_at(line, s, tok, CATAN_LOC_HEX);
		ck_assert_msg(i < n, "line %d: %zu moves listed, expected %s",
			      line, n, hexes);
		ck_assert_msg(buf[i].type == CATAN_ACT_MOVE_ROBBER &&
			      buf[i].player == player && buf[i].target == h,
			      "line %d: move %zu is type %d to h%u, expected %s",
			      line, i, (int)buf[i].type, (unsigned)buf[i].target,
			      tok);
		i++;
	}
	ck_assert_msg(i == n, "line %d: %zu moves listed, expected %zu (%s)",
		      line, n, i, hexes);
}

/* The beginner board and pieces with @modules ("+friendly_robber"); the
 * roll-off went to p0, whose first turn begins. */
catan_state *
beginner_modules(int players, const char *extra, const char *modules)
{
	char spec[200];
	catan_state *s;

	snprintf(spec, sizeof(spec),
		 "base(players=%d,board=beginner,setup=beginner,chance=explicit%s%s)%s",
		 players, extra[0] ? "," : "", extra, modules);
	s = new_state(spec);
	APPLY(s, "chance first_player p0");
	return s;
}

/* ------------------------------------------------------------- supplies */

/*
 * G5: "Supplies are finite where the box is finite (resource cards 19 each,
 * pieces per color, development cards)": nothing is created or lost.
 */
void
check_supplies_at(int line, const catan_state *s)
{
	int np = catan_game_num_players(catan_state_game(s));
	catan_board_counts bc;
	unsigned dev = 0, roads[CATAN_MAX_PLAYERS] = { 0 };

	for (int k = 0; k < CATAN_NUM_RESOURCES; k++) {
		unsigned total = bank_of(s, k);

		for (int p = 0; p < np; p++)
			total += info(s, p).cards[k];
		ck_assert_msg(total == 19, "line %d: %u %s cards in play", line,
			      total, catan_resource_name(k));
	}
	for (int k = 0; k < CATAN_NUM_DEV_KINDS; k++)
		dev += deck_of(s, k);
	for (int p = 0; p < np; p++) {
		catan_player_info pi = info(s, p);

		dev += pi.dev_total + pi.knights_played;
	}
	/* played Road Building, Year of Plenty and Monopoly cards leave the
	 * game (05.E), so at most 25 remain */
	ck_assert_msg(dev <= 25, "line %d: %u development cards", line, dev);
	CATAN_ASSERT_OK(catan_board_counts_get(catan_state_game(s), &bc));
	for (unsigned e = 0; e < bc.edges; e++) {
		int owner = -1;

		if (catan_state_edge_piece(s, e, &owner) == CATAN_PIECE_ROAD)
			roads[owner]++;
	}
	for (int p = 0; p < np; p++)
		ck_assert_msg(roads[p] + info(s, p).roads_left == 15,
			      "line %d: p%d has %u roads out of 15", line, p,
			      roads[p] + info(s, p).roads_left);
}

/* Turn 1 of p0 after the roll on the beginner set-up, hand as given. */
catan_state *
build_position(const char *hand)
{
	catan_state *s = beginner(0);

	ROLL(s, 12);
	HAND(s, 0, hand);
	return s;
}
