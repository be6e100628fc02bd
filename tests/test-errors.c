/*
 * Unit tests: every class of illegal input gets its documented code and message (doc/errors.md).
 * SPDX-License-Identifier: MIT
 */

/*
 * Each table row here is a row of doc/errors.md: the input, the code, and
 * the message the user reads (checked as a substring, so the rows stay
 * readable; the substring is the whole message wherever the message does
 * not depend on the position). A failure prints the message received.
 */

#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test-common.h"
#include "catan-private.h"

/* A position where turn 1 starts: the beginner set-up, p0 to roll. */
#define BEGINNER "base(players=3,seed=1,chance=explicit,board=beginner,setup=beginner)"
/* The same with the snake set-up ahead. */
#define SNAKE "base(players=3,seed=1,chance=explicit,board=beginner)"

static void
assert_contains(const char *got, const char *want, const char *what)
{
	ck_assert_msg(got != NULL && strstr(got, want) != NULL,
		      "%s: message \"%s\", expected \"%s\"", what,
		      got ? got : "(null)", want);
}

/* ------------------------------------------------------- game strings */

struct game_row {
	const char *spec;
	int code;
	const char *message;
};

static const struct game_row game_rows[] = {
	/* unknown variant */
	{ "nosuch(players=3)", CATAN_ENOTFOUND, "unknown variant 'nosuch'" },
	{ "seafarers", CATAN_ENOTFOUND,
	  "'seafarers' (Seafarers) is out of scope for libcatanrules" },
	{ "connect(players=6)", CATAN_ENOTSUP,
	  "'connect' (CATAN Connect) is not implemented in this version of libcatanrules" },
	{ "base+barbarian_attack", CATAN_ENOTSUP,
	  "'barbarian_attack' (Traders & Barbarians: Barbarian Attack) is not implemented in this version of libcatanrules" },
	{ "base(players=3)+catan_for_two", CATAN_EINVAL,
	  "bad value '3' for 'players': expected 2..2 (module catan_for_two)" },
	/* unknown module */
	{ "base+nosuch", CATAN_ENOTFOUND, "unknown module 'nosuch'" },
	/* unknown parameter */
	{ "base(colour=red)", CATAN_ENOTFOUND,
	  "unknown parameter 'colour' for variant 'base'" },
	{ "base+friendly_robber(x=1)", CATAN_ENOTFOUND,
	  "unknown parameter 'x' for module 'friendly_robber'" },
	/* bad option value */
	{ "base(players=7)", CATAN_EINVAL,
	  "bad value '7' for 'players': expected 3..4" },
	{ "base(board=hex)", CATAN_EINVAL,
	  "bad value 'hex' for 'board': expected random|beginner" },
	{ "base(chance=maybe)", CATAN_EINVAL,
	  "bad value 'maybe' for 'chance': expected sampled|explicit" },
	{ "base(seed=-1)", CATAN_EINVAL,
	  "bad value '-1' for 'seed': expected 0..18446744073709551615" },
	{ "base(vp=2)", CATAN_EINVAL, "bad value '2' for 'vp': expected 3..20" },
	{ "base(max_turns=1000001)", CATAN_EINVAL,
	  "bad value '1000001' for 'max_turns': expected 0..1000000" },
	{ "base(players=3,players=4)", CATAN_EINVAL,
	  "duplicate parameter 'players' for variant 'base'" },
	/* forbidden combination (built-in modules; the conflicts are in
	 * test_module_combinations) */
	{ "base+friendly_robber+friendly_robber", CATAN_EINVAL,
	  "duplicate module 'friendly_robber'" },
	/* malformed game string */
	{ "base(players=3", CATAN_EPARSE,
	  "malformed game string at offset 14: expected ',' or ')', found end of string" },
	{ "base players=3", CATAN_EPARSE,
	  "malformed game string at offset 5: expected '(', '+' or end of string, found 'p'" },
	{ "base(players=)", CATAN_EPARSE,
	  "malformed game string at offset 13: expected a value, found ')'" },
	{ "", CATAN_EPARSE,
	  "malformed game string at offset 0: expected a variant name, found end of string" },
	{ "base+", CATAN_EPARSE,
	  "malformed game string at offset 5: expected a module name, found end of string" },
	{ "base(players=3)\x01", CATAN_EPARSE,
	  "malformed game string at offset 15: expected '+' or end of string, found byte 0x01" },
	{ "Base", CATAN_EPARSE,
	  "malformed game string at offset 0: expected a variant name, found 'B'" },
};

/* ------------------------------------------------------ board texts */

/* doc/errors.md, "Boards in writing": the message is the context's */
static const struct game_row board_rows[] = {
	{ "hex 0 0 forest 6", CATAN_EPARSE,
	  "board text: line 1: the text starts with 'board v2', not 'another line'" },
	{ "board v2\n", CATAN_EPARSE,
	  "board text: line 1: a board has hexes: no 'hex' line after 'board v2'" },
	{ "board v2\nhex 0 0 jungle 6", CATAN_EPARSE, "board text: line 2: no terrain 'jungle'" },
	{ "board v2\nhex 0 0 forest 6 8 9 10 11", CATAN_EPARSE,
	  "board text: line 2: more than 4 numbers at '11'" },
	{ "board v2\nhex 0 0 forest 7", CATAN_EINVAL, "board text: hex 0: 7 is no number" },
	{ "board v2\nhex 0 0 forest 6\nhex 0 0 hills 5", CATAN_EINVAL,
	  "board text: hexes 0 and 1 are both at (0, 0)" },
	{ "board v2\nhex 0 0 forest 6\nsite x h0.c-n", CATAN_EINVAL,
	  "board text: site 0: location 0 is not on the board" },
	{ "board v2\nhex 0 0 forest 6\nglue h0 n-ne h0 s-sw", CATAN_EINVAL,
	  "board text: glue 0: a hex glued to itself" },
	{ "board v2\nhex 0 0 forest 6\ntrade h0 n-ne 3 any\ntrade h0 ne-se 2 ore", CATAN_EINVAL,
	  "board text: trade sites 0 and 1 share an intersection" },
};

START_TEST(test_board_text)
{
	catan_ctx *ctx = catan_test_ctx_new();
	const struct game_row *row = &board_rows[_i];

	ck_assert_int_eq(catan_ctx_set_board(ctx, row->spec), row->code);
	ck_assert_str_eq(catan_ctx_errmsg(ctx), row->message);
	catan_ctx_free(ctx);
}
END_TEST

START_TEST(test_game_string)
{
	const struct game_row *row = &game_rows[_i];
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = NULL;
	int rc;

	rc = catan_game_new_from_string(&g, ctx, row->spec);
	ck_assert_msg(rc == row->code, "\"%s\": %d (%s), expected %d: %s",
		      row->spec, rc, catan_strerror(rc), row->code,
		      catan_ctx_errmsg(ctx));
	ck_assert_msg(g == NULL, "\"%s\": a game despite the error", row->spec);
	assert_contains(catan_ctx_errmsg(ctx), row->message, row->spec);
	catan_ctx_free(ctx);
}
END_TEST

/* --------------------------------------------------- options structs */

struct options_row {
	const char *what;
	const char *variant;
	catan_game_options opts;
	const char *const *modules;
	int code;
	const char *message;
};

static const char *const no_such_module[] = { "nosuch", NULL };

static const struct options_row options_rows[] = {
	{ "unknown variant", "nosuch", CATAN_GAME_OPTIONS_INIT, NULL,
	  CATAN_ENOTFOUND, "unknown variant 'nosuch'" },
	{ "no variant", NULL, CATAN_GAME_OPTIONS_INIT, NULL,
	  CATAN_EINVAL, "no variant name given" },
	{ "unknown module", "base", CATAN_GAME_OPTIONS_INIT, no_such_module,
	  CATAN_ENOTFOUND, "unknown module 'nosuch'" },
	{ "num_players", "base", { CATAN_GAME_OPTIONS_VERSION, 9, 0, 0, 0, NULL, NULL },
	  NULL, CATAN_EINVAL, "bad value '9' for 'players': expected 3..4" },
	{ "chance_mode", "base", { CATAN_GAME_OPTIONS_VERSION, 0, 0, 5, 0, NULL, NULL },
	  NULL, CATAN_EINVAL, "bad value '5' for 'chance': expected sampled|explicit" },
	{ "max_turns", "base", { CATAN_GAME_OPTIONS_VERSION, 0, 0, 0, 2000000, NULL, NULL },
	  NULL, CATAN_EINVAL, "bad value '2000000' for 'max_turns': expected 0..1000000" },
	{ "params syntax", "base", { CATAN_GAME_OPTIONS_VERSION, 0, 0, 0, 0, "players=3,(", NULL },
	  NULL, CATAN_EPARSE,
	  "malformed params at offset 10: expected a parameter name, found '('" },
	{ "params unknown", "base", { CATAN_GAME_OPTIONS_VERSION, 0, 0, 0, 0, "colour=red", NULL },
	  NULL, CATAN_ENOTFOUND, "unknown parameter 'colour' for variant 'base'" },
	{ "params twice", "base", { CATAN_GAME_OPTIONS_VERSION, 3, 0, 0, 0, "players=4", NULL },
	  NULL, CATAN_EINVAL, "duplicate parameter 'players' for variant 'base'" },
	{ "version 0", "base", { 0, 0, 0, 0, 0, NULL, NULL }, NULL,
	  CATAN_EVERSION, "unsupported catan_game_options version 0 (expected 1)" },
	{ "version 2", "base", { CATAN_GAME_OPTIONS_VERSION + 1, 0, 0, 0, 0, NULL, NULL },
	  NULL, CATAN_EVERSION,
	  "unsupported catan_game_options version 2 (expected 1)" },
};

START_TEST(test_game_options)
{
	const struct options_row *row = &options_rows[_i];
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game_options opts = row->opts;
	catan_game *g = NULL;
	int rc;

	opts.modules = row->modules;
	rc = catan_game_new(&g, ctx, row->variant, &opts);
	ck_assert_msg(rc == row->code, "%s: %d (%s), expected %d: %s",
		      row->what, rc, catan_strerror(rc), row->code,
		      catan_ctx_errmsg(ctx));
	ck_assert_msg(g == NULL, "%s: a game despite the error", row->what);
	assert_contains(catan_ctx_errmsg(ctx), row->message, row->what);
	catan_ctx_free(ctx);
}
END_TEST

/* Versioned structs without a handle to carry a message. */
START_TEST(test_struct_versions)
{
	catan_ctx_options copts = CATAN_CTX_OPTIONS_INIT;
	catan_game_options gopts;
	catan_observation obs;
	catan_ctx *ctx = NULL;
	catan_game *g;
	catan_state *s;

	CATAN_ASSERT_ERR(catan_ctx_options_init(&copts, 0), CATAN_EVERSION);
	CATAN_ASSERT_ERR(catan_ctx_options_init(&copts, CATAN_CTX_OPTIONS_VERSION + 1),
			 CATAN_EVERSION);
	CATAN_ASSERT_ERR(catan_game_options_init(&gopts, 0), CATAN_EVERSION);
	copts.version = 0;
	CATAN_ASSERT_ERR(catan_ctx_new(&ctx, &copts), CATAN_EVERSION);
	ck_assert_ptr_null(ctx);
	copts.version = CATAN_CTX_OPTIONS_VERSION + 1;
	CATAN_ASSERT_ERR(catan_ctx_new(&ctx, &copts), CATAN_EVERSION);
	ck_assert_ptr_null(ctx);

	ctx = catan_test_ctx_new();
	g = catan_test_game_new(ctx, BEGINNER);
	s = catan_test_state_new(g);
	obs.version = 0;
	CATAN_ASSERT_ERR(catan_state_observe(s, 0, &obs), CATAN_EVERSION);
	obs.version = CATAN_OBSERVATION_VERSION + 1;
	CATAN_ASSERT_ERR(catan_state_observe(s, 0, &obs), CATAN_EVERSION);
	assert_contains(catan_strerror(CATAN_EVERSION), "unsupported version",
			"strerror");
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* ------------------------------------------------- module combinations */

static const char *const on_base[] = { "base", NULL };
static const char *const on_other[] = { "nosuchvariant", NULL };
static const char *const conflicts_b[] = { "mod_b", NULL };

static const struct catan_module_ops mod_a = {
	.version = CATAN_MODULE_OPS_VERSION,
	.name = "mod_a",
	.description = "test module that cannot join mod_b",
	.variants = on_base,
	.conflicts = conflicts_b,
};
static const struct catan_module_ops mod_b = {
	.version = CATAN_MODULE_OPS_VERSION,
	.name = "mod_b",
	.description = "test module",
	.variants = on_base,
};
static const struct catan_module_ops mod_c = {
	.version = CATAN_MODULE_OPS_VERSION,
	.name = "mod_c",
	.description = "test module for another variant",
	.variants = on_other,
};
static const struct catan_module_ops *const test_modules[] = {
	&mod_a, &mod_b, &mod_c, NULL,
};

static const struct game_row module_rows[] = {
	{ "base+mod_a+mod_b", CATAN_EINVAL,
	  "module 'mod_a' cannot be combined with 'mod_b'" },
	/* the conflict holds whichever module names it */
	{ "base+mod_b+mod_a", CATAN_EINVAL,
	  "module 'mod_b' cannot be combined with 'mod_a'" },
	{ "base+mod_c", CATAN_EINVAL,
	  "module 'mod_c' cannot be used with variant 'base'" },
	{ "base+mod_a+mod_a", CATAN_EINVAL, "duplicate module 'mod_a'" },
};

/*
 * The built-in modules have no conflicts today, so the registry of this
 * context is swapped for test modules that have.
 */
START_TEST(test_module_combinations)
{
	const struct game_row *row = &module_rows[_i];
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = NULL;
	int rc;

	ctx->modules = test_modules;
	ctx->nmodules = 3;
	rc = catan_game_new_from_string(&g, ctx, "base+mod_a");
	ck_assert_msg(rc == CATAN_OK, "base+mod_a: %s", catan_ctx_errmsg(ctx));
	catan_game_unref(g);
	g = NULL;

	rc = catan_game_new_from_string(&g, ctx, row->spec);
	ck_assert_msg(rc == row->code, "\"%s\": %d (%s), expected %d: %s",
		      row->spec, rc, catan_strerror(rc), row->code,
		      catan_ctx_errmsg(ctx));
	ck_assert_ptr_null(g);
	assert_contains(catan_ctx_errmsg(ctx), row->message, row->spec);
	catan_ctx_free(ctx);
}
END_TEST

/* --------------------------------------------------------- action text */

struct text_row {
	const char *text;
	int code;
	const char *message;
};

static const struct text_row text_rows[] = {
	/* malformed action text */
	{ "p0", CATAN_EPARSE,
	  "cannot read action 'p0': expected '<who> <action> [args]'" },
	{ "", CATAN_EPARSE,
	  "cannot read action '': expected '<who> <action> [args]'" },
	{ "x roll", CATAN_EPARSE, "expected a player like 'p0', got 'x'" },
	{ "p0 build_road", CATAN_EPARSE, "expected 'p<i> build_road <edge>'" },
	{ "p0 roll now", CATAN_EPARSE, "expected '<who> <action>'" },
	{ "p0 build_road h1.n-se", CATAN_EPARSE, "bad location 'h1.n-se'" },
	{ "p0 build_road h1", CATAN_EPARSE, "'h1' is not an edge" },
	{ "p0 discard ore=x", CATAN_EPARSE,
	  "bad card list 'ore=x' (expected kind=n,kind=n)" },
	{ "p0 maritime_trade take ore=4 get wool=1", CATAN_EPARSE,
	  "expected 'give ... get ...'" },
	{ "chance dice 13", CATAN_EPARSE, "bad dice total '13'" },
	{ "chance roll", CATAN_EPARSE,
	  "'roll' is a player action, not a chance outcome" },
	{ "p0 dice 7", CATAN_EPARSE,
	  "'dice' is a chance outcome: write 'chance dice ...'" },
	/* unknown action name */
	{ "p0 fly", CATAN_ENOTFOUND, "unknown action 'fly'" },
	{ "p0 Roll", CATAN_ENOTFOUND, "unknown action 'Roll'" },
	{ "chance draw_dev dragon", CATAN_ENOTFOUND,
	  "unknown development card 'dragon'" },
	{ "p0 play_monopoly gold", CATAN_ENOTFOUND, "unknown resource 'gold'" },
	{ "p0 discard gold=1", CATAN_ENOTFOUND,
	  "bad card list 'gold=1' (expected kind=n,kind=n)" },
	/* out-of-range player and location ids */
	{ "p7 roll", CATAN_ENOTFOUND, "no player p7 in a 3-player game" },
	{ "p0 steal p9", CATAN_ENOTFOUND, "no player p9 in a 3-player game" },
	{ "p0 build_road h40.n-ne", CATAN_ENOTFOUND, "bad location 'h40.n-ne'" },
	{ "p0 build_road e72", CATAN_ENOTFOUND, "bad location 'e72'" },
	{ "p0 build_settlement v54", CATAN_ENOTFOUND, "bad location 'v54'" },
	{ "p0 move_robber h19", CATAN_ENOTFOUND, "bad location 'h19'" },
};

START_TEST(test_action_text)
{
	const struct text_row *row = &text_rows[_i];
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, BEGINNER);
	catan_state *s = catan_test_state_new(g);
	catan_action a, untouched;
	int rc;

	memset(&a, 0x5a, sizeof(a));
	untouched = a;
	rc = catan_action_parse(s, row->text, &a);
	ck_assert_msg(rc == row->code, "\"%s\": %d (%s), expected %d: %s",
		      row->text, rc, catan_strerror(rc), row->code,
		      catan_state_errmsg(s));
	ck_assert_msg(memcmp(&a, &untouched, sizeof(a)) == 0,
		      "\"%s\": the action was written despite the error",
		      row->text);
	assert_contains(catan_state_errmsg(s), row->message, row->text);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* --------------------------------------------------- illegal actions */

struct pos {
	catan_ctx *ctx;
	catan_game *g;
	catan_state *s;
	char text[128];        /* the action, in notation */
	catan_action raw;      /* or, when raw_text is set, this action */
	const char *raw_text;  /* how the message names a raw action */
};

/* The intersection of p's first settlement (or city). */
static unsigned
building_of(const catan_state *s, int p)
{
	catan_board_counts n;

	CATAN_ASSERT_OK(catan_board_counts_get(catan_state_game(s), &n));
	for (unsigned v = 0; v < n.vertices; v++) {
		int owner = -1;

		if (catan_state_vertex_piece(s, v, &owner) != CATAN_PIECE_NONE &&
		    owner == p)
			return v;
	}
	ck_abort_msg("p%d has no building", p);
	return 0;
}

static unsigned
road_of(const catan_state *s, int p)
{
	catan_board_counts n;

	CATAN_ASSERT_OK(catan_board_counts_get(catan_state_game(s), &n));
	for (unsigned e = 0; e < n.edges; e++) {
		int owner = -1;

		if (catan_state_edge_piece(s, e, &owner) == CATAN_PIECE_ROAD &&
		    owner == p)
			return e;
	}
	ck_abort_msg("p%d has no road", p);
	return 0;
}

/* Does anything of anyone's touch this intersection or its edges? */
static int
vertex_touched(const catan_state *s, unsigned v)
{
	catan_vertex_info vi;

	if (catan_state_vertex_piece(s, v, NULL) != CATAN_PIECE_NONE)
		return 1;
	CATAN_ASSERT_OK(catan_board_vertex(catan_state_game(s), v, &vi));
	for (int i = 0; i < 3; i++) {
		if (vi.edges[i] == CATAN_NONE)
			continue;
		if (catan_state_edge_piece(s, vi.edges[i], NULL) != CATAN_PIECE_NONE)
			return 1;
		if (vi.vertices[i] != CATAN_NONE &&
		    catan_state_vertex_piece(s, vi.vertices[i], NULL) != CATAN_PIECE_NONE)
			return 1;
	}
	return 0;
}

/* An edge far from every piece: no road may be built there. */
static unsigned
lonely_edge(const catan_state *s)
{
	catan_board_counts n;

	CATAN_ASSERT_OK(catan_board_counts_get(catan_state_game(s), &n));
	for (unsigned e = 0; e < n.edges; e++) {
		catan_edge_info ei;

		CATAN_ASSERT_OK(catan_board_edge(catan_state_game(s), e, &ei));
		if (!vertex_touched(s, ei.vertices[0]) &&
		    !vertex_touched(s, ei.vertices[1]))
			return e;
	}
	ck_abort_msg("no free edge");
	return 0;
}

static void
loc(const struct pos *p, int kind, unsigned id, char *buf, size_t cap)
{
	CATAN_ASSERT_OK(catan_location_format(p->g, kind, id, buf, cap, NULL));
}

static void
set_hand(struct pos *p, int player, unsigned lumber, unsigned brick,
	 unsigned wool, unsigned grain, unsigned ore)
{
	const unsigned n[5] = { lumber, brick, wool, grain, ore };

	for (int k = 0; k < 5; k++)
		CATAN_ASSERT_OK(catan_edit_set_cards(p->s, player, k, n[k]));
}

/* p0 in the main phase of turn 1, nothing in hand. */
static void
main_phase(struct pos *p)
{
	for (int pl = 0; pl < 3; pl++)
		set_hand(p, pl, 0, 0, 0, 0, 0);
	CATAN_ASSERT_OK(catan_edit_set_turn(p->s, 0, CATAN_PHASE_MAIN, 8));
}

static void
setup_game_over(struct pos *p)
{
	catan_game_unref(p->g);
	catan_state_free(p->s);
	p->g = catan_test_game_new(p->ctx, "base(players=3,seed=1,chance=explicit,"
				   "board=beginner,setup=beginner,vp=3)");
	p->s = catan_test_state_new(p->g);
	CATAN_APPLY(p->s, "chance first_player p0");
	main_phase(p);
	set_hand(p, 0, 0, 0, 0, 2, 3);
	snprintf(p->text, sizeof(p->text), "p0 build_city ");
	loc(p, CATAN_LOC_VERTEX, building_of(p->s, 0), p->text + 14,
	    sizeof(p->text) - 14);
	CATAN_APPLY(p->s, p->text);
	ck_assert(catan_state_is_terminal(p->s));
	snprintf(p->text, sizeof(p->text), "p0 end_turn");
}

static void
setup_wrong_phase(struct pos *p)
{
	snprintf(p->text, sizeof(p->text), "p0 end_turn");
}

static void
setup_not_your_turn(struct pos *p)
{
	snprintf(p->text, sizeof(p->text), "p1 roll");
}

static void
setup_unknown_action(struct pos *p)
{
	p->raw.type = 200;
	p->raw.player = 0;
	p->raw_text = "action type 200 by player 0";
}

static void
setup_bad_location(struct pos *p)
{
	main_phase(p);
	p->raw.type = CATAN_ACT_BUILD_ROAD;
	p->raw.player = 0;
	p->raw.target = 999;
	p->raw_text = "action type 20 by player 0";
}

static void
setup_bad_argument(struct pos *p)
{
	main_phase(p);
	set_hand(p, 0, 1, 1, 0, 0, 0);
	p->raw.type = CATAN_ACT_END_TURN;
	p->raw.player = 0;
	p->raw.arg = 1;
	p->raw_text = "action type 35 by player 0";
}

static void
setup_insufficient(struct pos *p)
{
	catan_vertex_info vi;
	unsigned v;

	main_phase(p);
	v = building_of(p->s, 0);
	CATAN_ASSERT_OK(catan_board_vertex(p->g, v, &vi));
	for (int i = 0; i < 3; i++) {
		if (vi.edges[i] != CATAN_NONE &&
		    catan_state_edge_piece(p->s, vi.edges[i], NULL) == CATAN_PIECE_NONE) {
			snprintf(p->text, sizeof(p->text), "p0 build_road ");
			loc(p, CATAN_LOC_EDGE, vi.edges[i], p->text + 14,
			    sizeof(p->text) - 14);
			return;
		}
	}
	ck_abort_msg("no free edge beside p0's settlement");
}

static void
setup_no_pieces(struct pos *p)
{
	main_phase(p);
	set_hand(p, 0, 0, 0, 0, 2, 3);
	/* both beginner settlements become cities, then stock runs out */
	for (int i = 0; i < 4; i++) {
		catan_player_info info;
		catan_board_counts n;
		int placed = 0;

		CATAN_ASSERT_OK(catan_state_player(p->s, 0, &info));
		if (info.cities_left == 0)
			break;
		CATAN_ASSERT_OK(catan_board_counts_get(p->g, &n));
		for (unsigned v = 0; v < n.vertices && !placed; v++) {
			int owner = -1;

			if (catan_state_vertex_piece(p->s, v, &owner) ==
			    CATAN_PIECE_SETTLEMENT && owner == 0)
				placed = catan_edit_place(p->s, 0, CATAN_PIECE_CITY,
							  v) == CATAN_OK;
		}
		if (!placed) {
			/* a free spot for a settlement, then its city */
			for (unsigned v = 0; v < n.vertices && !placed; v++)
				if (!vertex_touched(p->s, v) &&
				    catan_edit_place(p->s, 0, CATAN_PIECE_SETTLEMENT, v) == CATAN_OK)
					placed = catan_edit_place(p->s, 0, CATAN_PIECE_CITY,
								  v) == CATAN_OK;
		}
		ck_assert(placed);
	}
	{
		catan_player_info info;
		catan_board_counts n;
		unsigned v;

		CATAN_ASSERT_OK(catan_state_player(p->s, 0, &info));
		ck_assert_uint_eq(info.cities_left, 0);
		/* a settlement of p0's left to upgrade */
		CATAN_ASSERT_OK(catan_board_counts_get(p->g, &n));
		for (v = 0; v < n.vertices; v++)
			if (!vertex_touched(p->s, v))
				break;
		CATAN_ASSERT_OK(catan_edit_place(p->s, 0, CATAN_PIECE_SETTLEMENT, v));
		snprintf(p->text, sizeof(p->text), "p0 build_city ");
		loc(p, CATAN_LOC_VERTEX, v, p->text + 14, sizeof(p->text) - 14);
	}
}

static void
setup_occupied(struct pos *p)
{
	main_phase(p);
	set_hand(p, 0, 1, 1, 0, 0, 0);
	snprintf(p->text, sizeof(p->text), "p0 build_road ");
	loc(p, CATAN_LOC_EDGE, road_of(p->s, 0), p->text + 14,
	    sizeof(p->text) - 14);
}

static void
setup_distance(struct pos *p)
{
	catan_vertex_info vi;

	main_phase(p);
	set_hand(p, 0, 1, 1, 1, 1, 0);
	CATAN_ASSERT_OK(catan_board_vertex(p->g, building_of(p->s, 0), &vi));
	snprintf(p->text, sizeof(p->text), "p0 build_settlement ");
	loc(p, CATAN_LOC_VERTEX, vi.vertices[0], p->text + 20,
	    sizeof(p->text) - 20);
}

static void
setup_not_connected(struct pos *p)
{
	main_phase(p);
	set_hand(p, 0, 1, 1, 0, 0, 0);
	snprintf(p->text, sizeof(p->text), "p0 build_road ");
	loc(p, CATAN_LOC_EDGE, lonely_edge(p->s), p->text + 14,
	    sizeof(p->text) - 14);
}

static void
setup_not_own(struct pos *p)
{
	main_phase(p);
	set_hand(p, 0, 0, 0, 0, 2, 3);
	snprintf(p->text, sizeof(p->text), "p0 build_city ");
	loc(p, CATAN_LOC_VERTEX, building_of(p->s, 1), p->text + 14,
	    sizeof(p->text) - 14);
}

static void
setup_setup_order(struct pos *p)
{
	catan_game_unref(p->g);
	catan_state_free(p->s);
	p->g = catan_test_game_new(p->ctx, SNAKE);
	p->s = catan_test_state_new(p->g);
	CATAN_APPLY(p->s, "chance first_player p0");
	snprintf(p->text, sizeof(p->text), "p0 build_road h0.n-ne");
}

static void
setup_bank_empty(struct pos *p)
{
	main_phase(p);
	CATAN_ASSERT_OK(catan_edit_set_cards(p->s, 1, CATAN_ORE, 19));
	CATAN_ASSERT_OK(catan_edit_give_dev_card(p->s, 0, CATAN_DEV_YEAR_OF_PLENTY, 1));
	snprintf(p->text, sizeof(p->text), "p0 play_year_of_plenty ore=2");
}

static void
setup_deck_empty(struct pos *p)
{
	main_phase(p);
	for (int k = 0; k < CATAN_NUM_DEV_KINDS; k++)
		while (catan_edit_give_dev_card(p->s, 1, k, 1) == CATAN_OK)
			;
	set_hand(p, 0, 0, 0, 1, 1, 1);
	snprintf(p->text, sizeof(p->text), "p0 buy_dev");
}

static void
setup_no_card(struct pos *p)
{
	main_phase(p);
	snprintf(p->text, sizeof(p->text), "p0 play_knight");
}

static void
setup_bought(struct pos *p)
{
	main_phase(p);
	CATAN_ASSERT_OK(catan_edit_give_dev_card(p->s, 0, CATAN_DEV_KNIGHT, 0));
	snprintf(p->text, sizeof(p->text), "p0 play_knight");
}

static void
setup_already_played(struct pos *p)
{
	main_phase(p);
	CATAN_ASSERT_OK(catan_edit_give_dev_card(p->s, 0, CATAN_DEV_MONOPOLY, 1));
	CATAN_ASSERT_OK(catan_edit_give_dev_card(p->s, 0, CATAN_DEV_MONOPOLY, 1));
	CATAN_APPLY(p->s, "p0 play_monopoly ore");
	snprintf(p->text, sizeof(p->text), "p0 play_monopoly wool");
}

static void
setup_no_road_possible(struct pos *p)
{
	catan_board_counts n;

	main_phase(p);
	/* every road of p0's stock on the board, away from p0's network */
	CATAN_ASSERT_OK(catan_board_counts_get(p->g, &n));
	for (unsigned e = 0; e < n.edges; e++) {
		catan_player_info info;

		CATAN_ASSERT_OK(catan_state_player(p->s, 0, &info));
		if (info.roads_left == 0)
			break;
		catan_edit_place(p->s, 0, CATAN_PIECE_ROAD, e);
	}
	CATAN_ASSERT_OK(catan_edit_give_dev_card(p->s, 0, CATAN_DEV_ROAD_BUILDING, 1));
	snprintf(p->text, sizeof(p->text), "p0 play_road_building");
}

static void
setup_robber_same_hex(struct pos *p)
{
	main_phase(p);
	CATAN_ASSERT_OK(catan_edit_give_dev_card(p->s, 0, CATAN_DEV_KNIGHT, 1));
	CATAN_APPLY(p->s, "p0 play_knight");
	snprintf(p->text, sizeof(p->text), "p0 move_robber ");
	loc(p, CATAN_LOC_HEX, (unsigned)catan_state_robber(p->s),
	    p->text + 15, sizeof(p->text) - 15);
}

/* Robber moved next to p1 (with cards) and away from p2; p2 is no victim. */
static void
setup_invalid_victim(struct pos *p)
{
	catan_board_counts n;
	char hex[16];

	main_phase(p);
	set_hand(p, 1, 1, 0, 0, 0, 0);
	set_hand(p, 2, 1, 0, 0, 0, 0);
	CATAN_ASSERT_OK(catan_edit_give_dev_card(p->s, 0, CATAN_DEV_KNIGHT, 1));
	CATAN_APPLY(p->s, "p0 play_knight");
	CATAN_ASSERT_OK(catan_board_counts_get(p->g, &n));
	for (unsigned h = 0; h < n.hexes; h++) {
		catan_hex_info hi;
		int has1 = 0, has2 = 0;

		if ((int)h == catan_state_robber(p->s))
			continue;
		CATAN_ASSERT_OK(catan_board_hex(p->g, h, &hi));
		for (int c = 0; c < 6; c++) {
			int owner = -1;

			if (catan_state_vertex_piece(p->s, hi.vertices[c], &owner) ==
			    CATAN_PIECE_NONE)
				continue;
			has1 |= owner == 1;
			has2 |= owner == 2;
		}
		if (has1 && !has2) {
			char mv[64];

			loc(p, CATAN_LOC_HEX, h, hex, sizeof(hex));
			snprintf(mv, sizeof(mv), "p0 move_robber %s", hex);
			CATAN_APPLY(p->s, mv);
			ck_assert_int_eq(catan_state_phase(p->s), CATAN_PHASE_STEAL);
			snprintf(p->text, sizeof(p->text), "p0 steal p2");
			return;
		}
	}
	ck_abort_msg("no hex next to p1 and away from p2");
}

static void
setup_wrong_discard(struct pos *p)
{
	for (int pl = 0; pl < 3; pl++)
		set_hand(p, pl, 0, 0, 0, 0, 0);
	set_hand(p, 1, 2, 2, 2, 2, 0);
	CATAN_APPLY(p->s, "p0 roll");
	CATAN_APPLY(p->s, "chance dice 7");
	ck_assert_int_eq(catan_state_phase(p->s), CATAN_PHASE_DISCARD);
	snprintf(p->text, sizeof(p->text), "p1 discard lumber=2,brick=2,wool=1");
}

static void
setup_bad_trade(struct pos *p)
{
	main_phase(p);
	set_hand(p, 0, 0, 0, 0, 0, 4);
	snprintf(p->text, sizeof(p->text), "p0 maritime_trade give ore=4 get ore=1");
}

static void
setup_bad_ratio(struct pos *p)
{
	main_phase(p);
	set_hand(p, 0, 0, 0, 0, 0, 4);
	snprintf(p->text, sizeof(p->text), "p0 maritime_trade give ore=1 get wool=1");
}

static void
setup_trading_over(struct pos *p)
{
	main_phase(p);
	set_hand(p, 0, 0, 0, 1, 1, 2);
	CATAN_APPLY(p->s, "p0 buy_dev");
	CATAN_APPLY(p->s, "chance draw_dev knight");
	snprintf(p->text, sizeof(p->text), "p0 offer_trade give ore=1 get brick=1");
}

static void
setup_no_offer(struct pos *p)
{
	main_phase(p);
	set_hand(p, 0, 0, 0, 0, 0, 1);
	set_hand(p, 1, 0, 0, 1, 0, 0);
	CATAN_APPLY(p->s, "p0 offer_trade give ore=1 get wool=1");
	CATAN_APPLY(p->s, "p1 accept_trade");
	CATAN_APPLY(p->s, "p2 decline_trade");
	ck_assert_int_eq(catan_state_phase(p->s), CATAN_PHASE_TRADE_CONFIRM);
	snprintf(p->text, sizeof(p->text), "p0 confirm_trade p2");
}

static void
setup_already_responded(struct pos *p)
{
	main_phase(p);
	set_hand(p, 0, 0, 0, 0, 0, 1);
	CATAN_APPLY(p->s, "p0 offer_trade give ore=1 get wool=1");
	CATAN_APPLY(p->s, "p1 decline_trade");
	snprintf(p->text, sizeof(p->text), "p1 decline_trade");
}

static void
setup_bad_outcome(struct pos *p)
{
	CATAN_APPLY(p->s, "p0 roll");
	snprintf(p->text, sizeof(p->text), "chance draw_dev knight");
}

static void
setup_variant_rule(struct pos *p)
{
	catan_board_counts n;

	catan_game_unref(p->g);
	catan_state_free(p->s);
	p->g = catan_test_game_new(p->ctx, "base(players=3,seed=1,chance=explicit,"
				   "board=beginner,setup=beginner)+friendly_robber");
	p->s = catan_test_state_new(p->g);
	CATAN_APPLY(p->s, "chance first_player p0");
	main_phase(p);
	CATAN_ASSERT_OK(catan_edit_give_dev_card(p->s, 0, CATAN_DEV_KNIGHT, 1));
	CATAN_APPLY(p->s, "p0 play_knight");
	/* every player has 2 points: any hex with a building is spared */
	CATAN_ASSERT_OK(catan_board_counts_get(p->g, &n));
	for (unsigned h = 0; h < n.hexes; h++) {
		catan_hex_info hi;

		CATAN_ASSERT_OK(catan_board_hex(p->g, h, &hi));
		for (int c = 0; c < 6; c++) {
			int owner = -1;

			if (catan_state_vertex_piece(p->s, hi.vertices[c], &owner) !=
			    CATAN_PIECE_NONE && owner == 1) {
				snprintf(p->text, sizeof(p->text), "p0 move_robber ");
				loc(p, CATAN_LOC_HEX, h, p->text + 15,
				    sizeof(p->text) - 15);
				return;
			}
		}
	}
	ck_abort_msg("no hex with a building of p1");
}

struct illegal_row {
	const char *what;
	void (*setup)(struct pos *p);
	int reason;
	const char *text;      /* the message's explanation */
};

static const struct illegal_row illegal_rows[] = {
	{ "game over", setup_game_over, CATAN_REASON_GAME_OVER,
	  "the game has ended" },
	{ "wrong phase", setup_wrong_phase, CATAN_REASON_WRONG_PHASE,
	  "not allowed in this phase of the turn" },
	{ "player who may not act", setup_not_your_turn,
	  CATAN_REASON_NOT_YOUR_TURN, "this player may not act now" },
	{ "unknown action type", setup_unknown_action,
	  CATAN_REASON_UNKNOWN_ACTION, "no such action in this game" },
	{ "location id out of range", setup_bad_location,
	  CATAN_REASON_BAD_LOCATION, "no such hex, intersection or edge" },
	{ "unused field set", setup_bad_argument, CATAN_REASON_BAD_ARGUMENT,
	  "malformed action fields" },
	{ "cards missing", setup_insufficient,
	  CATAN_REASON_INSUFFICIENT_RESOURCES,
	  "the player does not hold the cards" },
	{ "stock empty", setup_no_pieces, CATAN_REASON_NO_PIECES_LEFT,
	  "no piece of that kind left in stock" },
	{ "location taken", setup_occupied, CATAN_REASON_OCCUPIED,
	  "the location is taken" },
	{ "distance rule", setup_distance, CATAN_REASON_DISTANCE_RULE,
	  "a building stands on an adjacent intersection" },
	{ "not connected", setup_not_connected, CATAN_REASON_NOT_CONNECTED,
	  "not connected to the player's roads" },
	{ "city on another's settlement", setup_not_own,
	  CATAN_REASON_NOT_OWN_SETTLEMENT,
	  "a city must replace one of the player's settlements" },
	{ "set-up order", setup_setup_order, CATAN_REASON_SETUP_ORDER,
	  "set-up expects another piece or place" },
	{ "bank empty", setup_bank_empty, CATAN_REASON_BANK_EMPTY,
	  "the bank cannot supply that card" },
	{ "deck empty", setup_deck_empty, CATAN_REASON_DECK_EMPTY,
	  "no development cards left" },
	{ "no such card", setup_no_card, CATAN_REASON_NO_CARD,
	  "the player holds no such development card" },
	{ "card bought this turn", setup_bought,
	  CATAN_REASON_CARD_BOUGHT_THIS_TURN,
	  "a development card waits until a later turn" },
	{ "second card in a turn", setup_already_played,
	  CATAN_REASON_CARD_ALREADY_PLAYED, "one development card per turn" },
	{ "no road possible", setup_no_road_possible,
	  CATAN_REASON_NO_ROAD_POSSIBLE, "no road can be placed" },
	{ "robber stays", setup_robber_same_hex, CATAN_REASON_ROBBER_SAME_HEX,
	  "the robber must move to another hex" },
	{ "victim not adjacent", setup_invalid_victim,
	  CATAN_REASON_INVALID_VICTIM, "not an adjacent opponent holding cards" },
	{ "discard more than owed", setup_wrong_discard,
	  CATAN_REASON_WRONG_DISCARD, "more cards than owed, or cards not held" },
	{ "same kind both sides", setup_bad_trade, CATAN_REASON_BAD_TRADE,
	  "trades need cards on both sides and no type on both" },
	{ "maritime rate", setup_bad_ratio, CATAN_REASON_BAD_TRADE_RATIO,
	  "not the player's maritime rate for one card" },
	{ "trade after building", setup_trading_over,
	  CATAN_REASON_TRADING_OVER,
	  "trading ended with the first build of the turn" },
	{ "partner did not agree", setup_no_offer, CATAN_REASON_NO_OFFER,
	  "no such offer or answer is open" },
	{ "second answer", setup_already_responded,
	  CATAN_REASON_ALREADY_RESPONDED, "this player has answered the offer" },
	{ "not a chance outcome", setup_bad_outcome, CATAN_REASON_BAD_OUTCOME,
	  "not an outcome of the pending chance event" },
	{ "module rule", setup_variant_rule, CATAN_REASON_VARIANT_RULE,
	  "Friendly Robber: h" },
};

START_TEST(test_illegal_action)
{
	const struct illegal_row *row = &illegal_rows[_i];
	struct pos p;
	catan_state *before = NULL;
	char want[256];
	int rc, reason = -1;

	memset(&p, 0, sizeof(p));
	p.ctx = catan_test_ctx_new();
	p.g = catan_test_game_new(p.ctx, BEGINNER);
	p.s = catan_test_state_new(p.g);
	CATAN_APPLY(p.s, "chance first_player p0");
	row->setup(&p);

	if (!p.raw_text) {
		rc = catan_action_parse(p.s, p.text, &p.raw);
		ck_assert_msg(rc == CATAN_OK, "%s: parse \"%s\": %s", row->what,
			      p.text, catan_state_errmsg(p.s));
	}
	CATAN_ASSERT_OK(catan_state_clone(&before, p.s));

	rc = catan_state_check_action(p.s, &p.raw, &reason);
	ck_assert_msg(rc == CATAN_EILLEGAL && reason == row->reason,
		      "%s: check \"%s\": %s, reason %s, expected %s (%s)",
		      row->what, p.raw_text ? p.raw_text : p.text,
		      catan_strerror(rc), catan_reason_name(reason),
		      catan_reason_name(row->reason), catan_state_errmsg(p.s));
	rc = catan_state_apply(p.s, &p.raw);
	ck_assert_int_eq(rc, CATAN_EILLEGAL);
	ck_assert_int_eq(catan_state_last_reason(p.s), row->reason);
	ck_assert_msg(catan_state_equal(before, p.s), "%s: the state changed",
		      row->what);
	snprintf(want, sizeof(want), "illegal action '%s': %s (%s",
		 p.raw_text ? p.raw_text : p.text,
		 catan_reason_name(row->reason), row->text);
	assert_contains(catan_state_errmsg(p.s), want, row->what);

	catan_state_free(before);
	catan_state_free(p.s);
	catan_game_unref(p.g);
	catan_ctx_free(p.ctx);
}
END_TEST

/* A raw action by a player id the game does not have. */
START_TEST(test_player_out_of_range)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, BEGINNER);
	catan_state *s = catan_test_state_new(g);
	catan_action a = CATAN_ACTION_INIT;

	CATAN_APPLY(s, "chance first_player p0");
	a.type = CATAN_ACT_ROLL;
	a.player = 9;
	CATAN_ASSERT_ERR(catan_state_apply(s, &a), CATAN_EILLEGAL);
	ck_assert_int_eq(catan_state_last_reason(s), CATAN_REASON_NOT_YOUR_TURN);
	assert_contains(catan_state_errmsg(s),
			"illegal action 'action type 16 by player 9': not_your_turn (this player may not act now)",
			"player 9");
	a.player = -7;
	CATAN_ASSERT_ERR(catan_state_apply(s, &a), CATAN_EILLEGAL);
	ck_assert_int_eq(catan_state_last_reason(s), CATAN_REASON_NOT_YOUR_TURN);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* ids out of range in queries and edits */
START_TEST(test_ids_out_of_range)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, BEGINNER);
	catan_state *s = catan_test_state_new(g);
	catan_state *r = NULL;
	catan_player_info info;
	catan_hex_info hi;
	catan_vertex_info vi;
	catan_edge_info ei;
	catan_harbor_info hbi;
	catan_observation obs;
	char buf[64];
	size_t n = 0;

	CATAN_ASSERT_ERR(catan_state_legal_actions(s, 3, NULL, 0, &n), CATAN_EINVAL);
	assert_contains(catan_state_errmsg(s), "no player 3 in a 3-player game",
			"legal actions");
	CATAN_ASSERT_ERR(catan_state_legal_actions(s, -1, NULL, 0, &n), CATAN_EINVAL);
	assert_contains(catan_state_errmsg(s), "no player -1 in a 3-player game",
			"legal actions");
	CATAN_ASSERT_ERR(catan_state_player(s, 3, &info), CATAN_EINVAL);
	ck_assert_int_eq(catan_state_victory_points(s, 3, 1), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_board_hex(g, 19, &hi), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_board_vertex(g, 54, &vi), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_board_edge(g, 72, &ei), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_board_harbor(g, 9, &hbi), CATAN_EINVAL);
	ck_assert_int_eq(catan_state_vertex_piece(s, 54, NULL), CATAN_EINVAL);
	ck_assert_int_eq(catan_state_edge_piece(s, 72, NULL), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_location_format(g, CATAN_LOC_EDGE, 72, buf,
					       sizeof(buf), NULL), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_location_format(g, 9, 0, buf, sizeof(buf), NULL),
			 CATAN_EINVAL);
	obs.version = CATAN_OBSERVATION_VERSION;
	CATAN_ASSERT_ERR(catan_state_observe(s, 3, &obs), CATAN_EINVAL);
	assert_contains(catan_state_errmsg(s), "no observer 3 in a 3-player game",
			"observe");
	CATAN_ASSERT_ERR(catan_state_observation_string(s, 7, buf, sizeof(buf), NULL),
			 CATAN_EINVAL);
	assert_contains(catan_state_errmsg(s), "no observer 7 in a 3-player game",
			"observation string");
	CATAN_ASSERT_ERR(catan_state_resample(&r, s, 3, 1), CATAN_EINVAL);
	ck_assert_ptr_null(r);
	assert_contains(catan_state_errmsg(s),
			"cannot resample for observer 3 in a 3-player game",
			"resample");
	CATAN_ASSERT_ERR(catan_edit_set_cards(s, 3, CATAN_ORE, 1), CATAN_EINVAL);
	assert_contains(catan_state_errmsg(s), "edit refused: ", "edit");
	CATAN_ASSERT_ERR(catan_edit_set_cards(s, 0, 9, 1), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_place(s, 0, CATAN_PIECE_ROAD, 72), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_set_robber(s, 19), CATAN_EINVAL);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/*
 * apply_unchecked skips legality but stays memory-safe on any input
 * (state.h): an index outside its table (hex, intersection, edge, player,
 * card kind, dice total) is written nowhere, and the position is left as
 * it was; only the move counter counts the call.
 */
START_TEST(test_apply_unchecked_ids_out_of_range)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, BEGINNER);
	catan_state *s = catan_test_state_new(g), *t = catan_test_state_new(g);
	uint64_t rng = 7;
	catan_action step;
	int p;
	static const struct {
		int type, chance;
		uint16_t target, arg;
	} bad[] = {
		{ CATAN_ACT_MOVE_ROBBER, 0, 19, 0 },
		{ CATAN_ACT_STEAL, 0, 0, 3 },
		{ CATAN_ACT_BUILD_ROAD, 0, 72, 0 },
		{ CATAN_ACT_BUILD_SETTLEMENT, 0, 54, 0 },
		{ CATAN_ACT_BUILD_CITY, 0, 54, 0 },
		{ CATAN_ACT_CONFIRM_TRADE, 0, 0, 3 },
		{ CATAN_ACT_PLAY_MONOPOLY, 0, 0, CATAN_MAX_CARD_KINDS },
		{ CATAN_ACT_FIRST_PLAYER, 1, 3, 0 },
		{ CATAN_ACT_DICE, 1, 1, 0 },
		{ CATAN_ACT_DICE, 1, 13, 0 },
		{ CATAN_ACT_DRAW_DEV, 1, 0, CATAN_MAX_DEV_KINDS },
		{ CATAN_ACT_STEAL_CARD, 1, 0, CATAN_MAX_CARD_KINDS },
	};

	/* a turn under way: the roll-off is over and no chance is pending */
	while (st_ccore(s)->current < 0 || catan_state_is_chance_node(s)) {
		ck_assert(catan_test_random_action(s, &rng, &step));
		CATAN_ASSERT_OK(catan_state_apply(s, &step));
	}
	p = st_ccore(s)->current;
	for (size_t i = 0; i < ARRAY_LEN(bad); i++) {
		catan_action a = CATAN_ACTION_INIT;

		a.type = (uint16_t)bad[i].type;
		a.player = (int8_t)(bad[i].chance ? CATAN_PLAYER_CHANCE : p);
		a.target = bad[i].target;
		a.arg = bad[i].arg;
		CATAN_ASSERT_OK(catan_state_copy(t, s));
		CATAN_ASSERT_OK(catan_state_apply_unchecked(t, &a));
		ck_assert_uint_eq(catan_state_move_number(t), catan_state_move_number(s) + 1);
		st_core(t)->move_number = st_ccore(s)->move_number;
		ck_assert_msg(catan_state_equal(t, s),
			      "action type %d (target %u, arg %u) changed the position",
			      bad[i].type, bad[i].target, bad[i].arg);
	}
	catan_state_free(t);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* ------------------------------------------------ snapshots, histories */

static char *
text_of(catan_state *s)
{
	size_t len = 0;
	char *buf;

	CATAN_ASSERT_ERR(catan_state_snapshot(s, NULL, 0, &len), CATAN_EBUFS);
	buf = malloc(len + 1);
	ck_assert_ptr_nonnull(buf);
	CATAN_ASSERT_OK(catan_state_snapshot(s, buf, len + 1, NULL));
	return buf;
}

/* Replace the first line starting with @p key by @p line (both without
 * the newline); returns a new string. */
static char *
replace_line(const char *text, const char *key, const char *line)
{
	size_t klen = strlen(key);
	const char *at = text;
	char *out;

	while (at && strncmp(at, key, klen) != 0) {
		at = strchr(at, '\n');
		if (at)
			at++;
	}
	ck_assert_msg(at != NULL, "no line '%s'", key);
	out = malloc(strlen(text) + strlen(line) + 2);
	ck_assert_ptr_nonnull(out);
	memcpy(out, text, (size_t)(at - text));
	strcpy(out + (at - text), line);
	strcat(out, strchr(at, '\n'));
	return out;
}

/* "key|n": in the line starting with key, add 1 to the number that
 * starts field n (fields split at spaces, counted from 0). */
static char *
bump_field(const char *text, const char *arg)
{
	const char *bar = strchr(arg, '|');
	size_t klen = (size_t)(bar - arg);
	int field = atoi(bar + 1);
	const char *at = text, *p;
	char *out, *end;
	unsigned long v;

	while (at && strncmp(at, arg, klen) != 0) {
		at = strchr(at, '\n');
		if (at)
			at++;
	}
	ck_assert_msg(at != NULL, "no line '%.*s'", (int)klen, arg);
	p = at;
	for (int f = 0; f < field; f++) {
		p = strchr(p, ' ');
		ck_assert_ptr_nonnull(p);
		p++;
	}
	v = strtoul(p, &end, 10);
	out = malloc(strlen(text) + 16);
	ck_assert_ptr_nonnull(out);
	memcpy(out, text, (size_t)(p - text));
	sprintf(out + (p - text), "%lu%s", v + 1, end);
	return out;
}

struct load_row {
	const char *what;
	int kind;              /* how the text is made */
	const char *arg;
	int code;
	const char *message;
};

enum {
	LOAD_LITERAL,          /* arg is the text */
	LOAD_CUT_LINE,         /* the snapshot cut at the start of line arg */
	LOAD_CUT_MID,          /* the snapshot cut one byte before its end */
	LOAD_REPLACE,          /* arg is "key|new line" */
	LOAD_BUMP,             /* arg is "key|n": add 1 to the first number
				* of the n-th field of the line */
};

static const struct load_row load_rows[] = {
	{ "empty", LOAD_LITERAL, "", CATAN_EPARSE, "line 1: empty text" },
	{ "not a save", LOAD_LITERAL, "hello\n", CATAN_EPARSE,
	  "line 1: not a catanrules snapshot or history" },
	/* unknown format version */
	{ "version 2", LOAD_LITERAL, "catanrules-snapshot 2\n", CATAN_EVERSION,
	  "line 1: format version 2 is not supported (this library reads 1)" },
	{ "history version 0", LOAD_LITERAL, "catanrules-history 0\n",
	  CATAN_EVERSION,
	  "line 1: format version 0 is not supported (this library reads 1)" },
	{ "bad version", LOAD_LITERAL, "catanrules-snapshot one\n", CATAN_EPARSE,
	  "line 1: bad format version 'one'" },
	{ "unknown variant", LOAD_LITERAL,
	  "catanrules-history 1\ngame nosuch\nend\n", CATAN_ENOTFOUND,
	  "line 2: bad game string: unknown variant 'nosuch'" },
	{ "bad game string", LOAD_LITERAL,
	  "catanrules-history 1\ngame base(players=9)\nend\n", CATAN_EPARSE,
	  "line 2: bad game string: bad value '9' for 'players': expected 3..4" },
	{ "illegal history", LOAD_LITERAL,
	  "catanrules-history 1\ngame base(players=3,chance=explicit)\np0 roll\nend\n",
	  CATAN_EPARSE,
	  "line 3: illegal action 'p0 roll': not_your_turn (this player may not act now)" },
	{ "history bad action", LOAD_LITERAL,
	  "catanrules-history 1\ngame base(players=3,chance=explicit)\nchance fly\nend\n",
	  CATAN_EPARSE, "line 3: unknown action 'fly'" },
	{ "history without end", LOAD_LITERAL,
	  "catanrules-history 1\ngame base(players=3,chance=explicit)\nchance first_player p1\n",
	  CATAN_EPARSE, "line 3: the text ends before 'end' (truncated?)" },
	/* truncated snapshot */
	{ "cut after the header", LOAD_CUT_LINE, "2", CATAN_EPARSE,
	  "line 2: the text ends before the game line" },
	{ "cut mid-line", LOAD_CUT_MID, NULL, CATAN_EPARSE,
	  "the text ends without a newline (truncated?)" },
	{ "cut before 'end'", LOAD_CUT_LINE, "-1", CATAN_EPARSE, "line " },
	/* tampered snapshot: broken conservation */
	{ "card made up", LOAD_BUMP, "bank |1", CATAN_EPARSE,
	  "cards of kind 0 in bank and hands; the game has 19" },
	{ "card added to a hand", LOAD_BUMP, "player 1 |3", CATAN_EPARSE,
	  "cards of kind 0 in bank and hands; the game has 19" },
	{ "road made up", LOAD_BUMP, "player 0 |9", CATAN_EPARSE,
	  "p0: 2 roads on the board and 14 in stock; the game has 15" },
	{ "development card made up", LOAD_BUMP, "dev_deck |1", CATAN_EPARSE,
	  "15 development cards of kind 0 in deck, hands and play; the game has 14" },
	/* malformed lines */
	{ "unknown key", LOAD_REPLACE, "dice |colour red", CATAN_EPARSE,
	  "unknown key 'colour'" },
	{ "value out of range", LOAD_REPLACE, "dice |dice 1", CATAN_EPARSE,
	  "bad dice total 1 (expected 0 or 2..12)" },
	{ "key twice", LOAD_REPLACE, "dice |turn 1", CATAN_EPARSE,
	  "'turn' given twice" },
};

static char *
make_load_text(const struct load_row *row, size_t *len)
{
	catan_ctx *ctx;
	catan_game *g;
	catan_state *s;
	char *text, *out;

	if (row->kind == LOAD_LITERAL) {
		out = strdup(row->arg);
		*len = strlen(out);
		return out;
	}
	ctx = catan_test_ctx_new();
	g = catan_test_game_new(ctx, BEGINNER);
	s = catan_test_state_new(g);
	CATAN_APPLY(s, "chance first_player p0");
	text = text_of(s);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);

	switch (row->kind) {
	case LOAD_CUT_LINE: {
		int line = atoi(row->arg);
		size_t lines = 0, at = 0;

		for (size_t i = 0; text[i]; i++)
			lines += text[i] == '\n';
		if (line < 0)
			line = (int)lines + 1 + line;
		for (int l = 1; l < line; l++)
			at = (size_t)(strchr(text + at, '\n') - text) + 1;
		text[at] = '\0';
		*len = at;
		return text;
	}
	case LOAD_CUT_MID:
		*len = strlen(text) - 1;
		return text;
	case LOAD_BUMP:
		out = bump_field(text, row->arg);
		free(text);
		*len = strlen(out);
		return out;
	default: {
		char key[64];
		const char *bar = strchr(row->arg, '|');

		snprintf(key, sizeof(key), "%.*s", (int)(bar - row->arg), row->arg);
		out = replace_line(text, key, bar + 1);
		free(text);
		*len = strlen(out);
		return out;
	}
	}
}

START_TEST(test_load)
{
	const struct load_row *row = &load_rows[_i];
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = NULL;
	catan_state *s = NULL;
	size_t len = 0;
	char *text = make_load_text(row, &len);
	int rc;

	rc = catan_load(&g, &s, ctx, text, len);
	ck_assert_msg(rc == row->code, "%s: %d (%s), expected %d: %s\n%s",
		      row->what, rc, catan_strerror(rc), row->code,
		      catan_ctx_errmsg(ctx), text);
	ck_assert_msg(g == NULL && s == NULL, "%s: a game or state despite the error",
		      row->what);
	assert_contains(catan_ctx_errmsg(ctx), row->message, row->what);
	free(text);
	catan_ctx_free(ctx);
}
END_TEST

/* --------------------------------------------------------- NULL args */

START_TEST(test_null_arguments)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, BEGINNER);
	catan_state *s = catan_test_state_new(g), *t = NULL;
	catan_action a = CATAN_ACTION_INIT;
	catan_game *g2 = NULL;
	catan_player_info info;
	uint8_t bank[CATAN_MAX_CARD_KINDS];
	char buf[64];
	size_t n = 0;

	CATAN_ASSERT_ERR(catan_ctx_new(NULL, NULL), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_ctx_options_init(NULL, CATAN_CTX_OPTIONS_VERSION),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_game_options_init(NULL, CATAN_GAME_OPTIONS_VERSION),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_game_new_from_string(NULL, ctx, "base"), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_game_new_from_string(&g2, ctx, NULL), CATAN_EINVAL);
	assert_contains(catan_ctx_errmsg(ctx), "no game string given", "spec NULL");
	CATAN_ASSERT_ERR(catan_game_new(NULL, ctx, "base", NULL), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_game_new(&g2, ctx, NULL, NULL), CATAN_EINVAL);
	assert_contains(catan_ctx_errmsg(ctx), "no variant name given",
			"variant NULL");
	ck_assert_ptr_null(g2);
	/* a NULL context is not an error: the game gets a default one */
	CATAN_ASSERT_OK(catan_game_new_from_string(&g2, NULL, "base"));
	catan_game_unref(g2);
	g2 = NULL;
	CATAN_ASSERT_ERR(catan_game_to_string(NULL, buf, sizeof(buf), &n), CATAN_EINVAL);
	ck_assert_int_eq(catan_game_num_players(NULL), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_new(NULL, g), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_new(&t, NULL), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_clone(&t, NULL), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_clone(NULL, s), CATAN_EINVAL);
	ck_assert_ptr_null(t);
	CATAN_ASSERT_ERR(catan_state_copy(NULL, s), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_legal_actions(NULL, 0, NULL, 0, &n), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_legal_actions(s, 0, NULL, 0, NULL), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_legal_actions(s, 0, NULL, 5, &n), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_check_action(s, NULL, NULL), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_check_action(NULL, &a, NULL), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_apply(NULL, &a), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_apply(s, NULL), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_apply_unchecked(s, NULL), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_chance_outcomes(NULL, NULL, 0, &n), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_resolve_chance(NULL), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_player(s, 0, NULL), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_player(NULL, 0, &info), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_bank(NULL, bank), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_returns(s, NULL, 3), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_action_parse(s, NULL, &a), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_action_parse(s, "p0 roll", NULL), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_action_parse(NULL, "p0 roll", &a), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_action_format(g, NULL, buf, sizeof(buf), &n), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_action_format(NULL, &a, buf, sizeof(buf), &n), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_location_parse(g, NULL, NULL, NULL), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_snapshot(NULL, buf, sizeof(buf), &n), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_history_write(NULL, NULL, 0, buf, sizeof(buf), &n),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_history_write(g, NULL, 2, buf, sizeof(buf), &n),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_load(NULL, &t, ctx, "x", 1), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_load(&g2, NULL, ctx, "x", 1), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_load(&g2, &t, NULL, "x", 1), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_load(&g2, &t, ctx, NULL, 1), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_observe(s, 0, NULL), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_resample(NULL, s, 0, 1), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_resample(&t, NULL, 0, 1), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_set_turn(NULL, 0, CATAN_PHASE_MAIN, 8), CATAN_EINVAL);
	ck_assert_ptr_null(g2);
	ck_assert_ptr_null(t);
	/* the free functions accept NULL */
	catan_state_free(NULL);
	catan_game_unref(NULL);
	catan_ctx_free(NULL);
	ck_assert_str_eq(catan_ctx_errmsg(NULL), "");
	assert_contains(catan_strerror(CATAN_EINVAL), "invalid argument", "strerror");

	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* ------------------------------------------------------- short buffers */

/* A text writer given 8 bytes: EBUFS, the length needed, and the text cut
 * to fit and NUL-terminated; a size query with NULL and 0 too. */
static void
check_short_text(const char *what, int rc_short, size_t n_short,
		 const char *cut, int rc_query, size_t n_query, const char *full)
{
	size_t len = strlen(full);

	ck_assert_msg(rc_short == CATAN_EBUFS, "%s: %s with 8 bytes", what,
		      catan_strerror(rc_short));
	ck_assert_msg(n_short == len, "%s: length %zu with 8 bytes, %zu needed",
		      what, n_short, len);
	ck_assert_msg(memchr(cut, '\0', 8) != NULL &&
		      strncmp(cut, full, strlen(cut)) == 0 && strlen(cut) == 7,
		      "%s: \"%.8s\" is not the first 7 bytes of \"%.20s\"",
		      what, cut, full);
	ck_assert_msg(rc_query == CATAN_EBUFS && n_query == len,
		      "%s: size query %s, %zu", what, catan_strerror(rc_query),
		      n_query);
}

START_TEST(test_short_buffers)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, BEGINNER);
	catan_state *s = catan_test_state_new(g);
	catan_action acts[2], a;
	catan_chance_outcome outs[2];
	catan_hex_info hex18;
	static char full[1 << 16];
	char buf[8];
	size_t n = 0, q = 0;
	int rc, rq;

#define SHORT_TEXT(what_, call_) \
	do { \
		memset(buf, 'x', sizeof(buf)); \
		rc = call_(buf, sizeof(buf), &n); \
		rq = call_(NULL, 0, &q); \
		CATAN_ASSERT_OK(call_(full, sizeof(full), NULL)); \
		check_short_text(what_, rc, n, buf, rq, q, full); \
	} while (0)
#define GAME_STRING(b_, c_, l_) catan_game_to_string(g, b_, c_, l_)
#define SNAPSHOT(b_, c_, l_) catan_state_snapshot(s, b_, c_, l_)
#define HISTORY(b_, c_, l_) catan_history_write(g, &a, 1, b_, c_, l_)
#define OBSERVATION(b_, c_, l_) catan_state_observation_string(s, 0, b_, c_, l_)
#define JSON(b_, c_, l_) catan_state_to_json(s, 0, b_, c_, l_)
#define ACTION(b_, c_, l_) catan_action_format(g, &a, b_, c_, l_)
#define LOCATION(b_, c_, l_) catan_location_format(g, CATAN_LOC_EDGE, hex18.edges[0], b_, c_, l_)

	/* 'h18.n-ne', longer than the buffer */
	CATAN_ASSERT_OK(catan_board_hex(g, 18, &hex18));
	CATAN_ASSERT_OK(catan_action_parse(s, "chance first_player p2", &a));
	SHORT_TEXT("catan_game_to_string", GAME_STRING);
	SHORT_TEXT("catan_state_snapshot", SNAPSHOT);
	SHORT_TEXT("catan_history_write", HISTORY);
	SHORT_TEXT("catan_state_observation_string", OBSERVATION);
	SHORT_TEXT("catan_state_to_json", JSON);
	SHORT_TEXT("catan_action_format", ACTION);
	SHORT_TEXT("catan_location_format", LOCATION);

	/* lists: EBUFS and the count needed */
	CATAN_ASSERT_ERR(catan_state_chance_outcomes(s, outs, 1, &n), CATAN_EBUFS);
	ck_assert_uint_eq(n, 3);
	CATAN_ASSERT_ERR(catan_state_chance_outcomes(s, NULL, 0, &n), CATAN_EBUFS);
	ck_assert_uint_eq(n, 3);
	CATAN_APPLY(s, "chance first_player p0");
	CATAN_ASSERT_OK(catan_edit_set_turn(s, 0, CATAN_PHASE_MAIN, 8));
	CATAN_ASSERT_ERR(catan_state_legal_actions(s, 0, acts, 1, &n), CATAN_EBUFS);
	ck_assert_uint_gt(n, 1);
	CATAN_ASSERT_ERR(catan_state_legal_actions(s, 0, NULL, 0, &q), CATAN_EBUFS);
	ck_assert_uint_eq(n, q);

	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/*
 * Action lists cut short along random games (sampled chance, every phase,
 * with and without offers): for buffers shorter than the list (none, one
 * action, half of it, all but one), EBUFS, the whole count, the list's
 * first actions in order and nothing written past the buffer. Listings
 * that check their room once write without a bound test per action only
 * when all they may write fits; this takes the other way through them.
 */
START_TEST(test_short_action_lists)
{
	static const char *const specs[] = {
		"base(players=4,seed=7,chance=sampled)",
		"base(players=3,seed=8,chance=sampled,offer_max=0)",
	};
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, specs[_i]);
	catan_state *s = catan_test_state_new(g);
	size_t cap = catan_game_max_legal_actions(g);
	catan_action *full = calloc(cap, sizeof(*full));
	catan_action *cut = calloc(cap + 1, sizeof(*cut));
	unsigned char *canaries = malloc((cap + 1) * sizeof(*cut));
	uint64_t rng = 12345;
	unsigned steps = 0, robber_lists = 0, maritime_lists = 0;

	ck_assert(full && cut && canaries);
	memset(canaries, CANARY, (cap + 1) * sizeof(*cut));
	for (; steps < 4000; steps++) {
		uint32_t acting = catan_state_acting_players(s);
		size_t n = 0, m;
		int p;

		if (acting == 0) {
			/* the game is over: another */
			catan_state_free(s);
			s = catan_test_state_new(g);
			continue;
		}
		p = __builtin_ctz(acting);
		CATAN_ASSERT_OK(catan_state_legal_actions(s, p, full, cap, &n));
		ck_assert_uint_gt(n, 0);
		robber_lists += full[0].type == CATAN_ACT_MOVE_ROBBER;
		for (size_t i = 0; i < n; i++) {
			if (full[i].type == CATAN_ACT_MARITIME_TRADE) {
				maritime_lists++;
				break;
			}
		}
		for (size_t k = 0; k < 4 && n > 1; k++) {
			size_t short_cap = (size_t[]){ 0, 1, n / 2, n - 1 }[k];

			memset(cut, CANARY, (cap + 1) * sizeof(*cut));
			m = 0;
			CATAN_ASSERT_ERR(catan_state_legal_actions(s, p, short_cap ? cut : NULL,
								   short_cap, &m), CATAN_EBUFS);
			ck_assert_uint_eq(m, n);
			ck_assert(memcmp(cut, full, short_cap * sizeof(*cut)) == 0);
			ck_assert(memcmp(cut + short_cap, canaries,
					 (cap + 1 - short_cap) * sizeof(*cut)) == 0);
		}
		rng = rng * 6364136223846793005ull + 1442695040888963407ull;
		CATAN_ASSERT_OK(catan_state_apply(s, &full[(rng >> 33) % n]));
	}
	/* both listings that write without bound tests were cut */
	ck_assert_uint_gt(robber_lists, 10);
	ck_assert_uint_gt(maritime_lists, 10);
	free(full);
	free(cut);
	free(canaries);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

void
catan_test_register(SRunner *sr)
{
	Suite *s = catan_test_suite(sr, "errors");

	CATAN_TEST_ADD_LOOP(s, test_game_string, 0, (int)ARRAY_LEN(game_rows));
	CATAN_TEST_ADD_LOOP(s, test_board_text, 0, (int)ARRAY_LEN(board_rows));
	CATAN_TEST_ADD_LOOP(s, test_game_options, 0, (int)ARRAY_LEN(options_rows));
	CATAN_TEST_ADD(s, test_struct_versions);
	CATAN_TEST_ADD_LOOP(s, test_module_combinations, 0,
			    (int)ARRAY_LEN(module_rows));
	CATAN_TEST_ADD_LOOP(s, test_action_text, 0, (int)ARRAY_LEN(text_rows));
	CATAN_TEST_ADD_LOOP(s, test_illegal_action, 0, (int)ARRAY_LEN(illegal_rows));
	CATAN_TEST_ADD(s, test_player_out_of_range);
	CATAN_TEST_ADD(s, test_ids_out_of_range);
	CATAN_TEST_ADD(s, test_apply_unchecked_ids_out_of_range);
	CATAN_TEST_ADD_LOOP(s, test_load, 0, (int)ARRAY_LEN(load_rows));
	CATAN_TEST_ADD(s, test_null_arguments);
	CATAN_TEST_ADD(s, test_short_buffers);
	CATAN_TEST_ADD_LOOP(s, test_short_action_lists, 0, 2);
}
