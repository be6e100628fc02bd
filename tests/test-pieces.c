/*
 * Unit tests: declared pieces (catanrules/piece.h) on the pieces test
 * module (test-pieces-module.h) through the public API: a moving edge
 * piece with a stack limit (Merchants of Europe's caravans), its stock,
 * snapshots, observations, edits and random play.
 * SPDX-License-Identifier: MIT
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catan-private.h"
#include "test-common.h"
#include "test-pieces-module.h"

#define GAME "base(players=3,seed=7)+pieces_test"
#define TEXT_CAP (64 * 1024)

enum { CARAVAN = 0, MERCHANT = 1 };

struct fixture {
	catan_ctx *ctx;
	catan_game *g;
	catan_state *s;
	/* An inland intersection with p0's settlement, roads of p0 on two of
	 * its edges (e[0], e[1]), none on the third (e[2]); e[3] an edge
	 * leaving e[1]'s far end, with p1's road. */
	unsigned v, e[4];
	char name[4][32];
};

static void
open_game(struct fixture *f)
{
	const struct board *b;
	unsigned far;

	f->ctx = catan_test_ctx_new();
	catan_test_add_pieces_module(f->ctx);
	f->g = catan_test_game_new(f->ctx, GAME);
	f->s = catan_test_state_new(f->g);
	b = &f->g->board;
	for (f->v = 0; f->v < b->nvert && b->vert[f->v].nadj < 3; f->v++)
		;
	ck_assert_uint_lt(f->v, b->nvert);
	for (int i = 0; i < 3; i++)
		f->e[i] = b->vert[f->v].edge[i];
	far = b->edge[f->e[1]].vert[0] == f->v ? b->edge[f->e[1]].vert[1] :
						 b->edge[f->e[1]].vert[0];
	for (int i = 0; i < b->vert[far].nadj; i++)
		if (b->vert[far].edge[i] != f->e[1])
			f->e[3] = b->vert[far].edge[i];
	for (int i = 0; i < 4; i++)
		CATAN_ASSERT_OK(catan_location_format(f->g, CATAN_LOC_EDGE, f->e[i], f->name[i],
						      sizeof(f->name[i]), NULL));
	CATAN_ASSERT_OK(catan_edit_set_turn(f->s, 0, CATAN_PHASE_MAIN, 8));
	CATAN_ASSERT_OK(catan_edit_place(f->s, 0, CATAN_PIECE_SETTLEMENT, f->v));
	CATAN_ASSERT_OK(catan_edit_place(f->s, 0, CATAN_PIECE_ROAD, f->e[0]));
	CATAN_ASSERT_OK(catan_edit_place(f->s, 0, CATAN_PIECE_ROAD, f->e[1]));
	CATAN_ASSERT_OK(catan_edit_place(f->s, 1, CATAN_PIECE_ROAD, f->e[3]));
}

static void
close_game(struct fixture *f)
{
	catan_state_free(f->s);
	catan_game_unref(f->g);
	catan_ctx_free(f->ctx);
}

static uint32_t
stock(const catan_state *s, int owner)
{
	uint32_t n = 99;

	CATAN_ASSERT_OK(catan_state_piece_stock(s, CARAVAN, owner, &n));
	return n;
}

static uint32_t
at(const catan_state *s, int owner, unsigned e)
{
	uint32_t n = 99;

	CATAN_ASSERT_OK(catan_state_pieces_at(s, CARAVAN, owner, e, &n));
	return n;
}

/* "<head> <edge a>[ <edge b>]" (b < 0: none). */
static const char *
spell(struct fixture *f, const char *head, int a, int b)
{
	static char text[128];

	snprintf(text, sizeof(text), "%s %s%s%s", head, f->name[a], b < 0 ? "" : " ",
		 b < 0 ? "" : f->name[b]);
	return text;
}

static void
act(struct fixture *f, const char *head, int a, int b)
{
	CATAN_APPLY(f->s, spell(f, head, a, b));
}

static void
refuse(struct fixture *f, const char *head, int a, int b, int reason)
{
	CATAN_REFUSE(f->s, spell(f, head, a, b), reason);
}

static char *
text_of(const catan_state *s, int observer)
{
	char *buf = malloc(TEXT_CAP);

	ck_assert_ptr_nonnull(buf);
	if (observer == -99)
		CATAN_ASSERT_OK(catan_state_snapshot(s, buf, TEXT_CAP, NULL));
	else
		CATAN_ASSERT_OK(catan_state_observation_string(s, observer, buf, TEXT_CAP,
							       NULL));
	return buf;
}

static bool
listed(const catan_state *s, const char *text)
{
	catan_action want, list[1024];
	size_t n = 0;

	CATAN_ASSERT_OK(catan_action_parse(s, text, &want));
	CATAN_ASSERT_OK(catan_state_legal_actions(s, 0, list, ARRAY_LEN(list), &n));
	for (size_t i = 0; i < n; i++)
		if (catan_action_compare(&list[i], &want) == 0)
			return true;
	return false;
}

/* ------------------------------------------------------- declaration */

START_TEST(test_pieces_declared)
{
	struct fixture f;
	catan_piece_info info;
	catan_game *base;

	open_game(&f);
	/* caravans, merchants and bridges (test-bridges.c) */
	ck_assert_int_eq(catan_game_piece_count(f.g), 3);
	CATAN_ASSERT_OK(catan_game_piece(f.g, CARAVAN, &info));
	ck_assert_str_eq(info.name, "caravan");
	ck_assert_uint_eq(info.place, CATAN_LOC_EDGE);
	ck_assert_uint_eq(info.stock, 2);
	ck_assert_uint_eq(info.stack_limit, 2);
	ck_assert_uint_eq(info.flags, CATAN_PIECE_MOVES);
	CATAN_ASSERT_OK(catan_game_piece(f.g, MERCHANT, &info));
	ck_assert_str_eq(info.name, "merchant");
	ck_assert_uint_eq(info.place, CATAN_LOC_VERTEX);
	ck_assert_uint_eq(info.stack_limit, 0);
	ck_assert_int_eq(catan_game_piece_find(f.g, "merchant"), MERCHANT);
	CATAN_ASSERT_ERR(catan_game_piece_find(f.g, "wagon"), CATAN_ENOTFOUND);
	CATAN_ASSERT_ERR(catan_game_piece(f.g, 3, &info), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_game_piece(NULL, 0, &info), CATAN_EINVAL);
	ck_assert_uint_eq(stock(f.s, 0), 2);
	ck_assert_uint_eq(stock(f.s, 2), 2);
	{
		uint32_t n;

		CATAN_ASSERT_ERR(catan_state_piece_stock(f.s, CARAVAN, 3, &n), CATAN_EINVAL);
		CATAN_ASSERT_ERR(catan_state_piece_stock(f.s, 3, 0, &n), CATAN_EINVAL);
		CATAN_ASSERT_ERR(catan_state_pieces_at(f.s, CARAVAN, 0, 9999, &n), CATAN_EINVAL);
		CATAN_ASSERT_ERR(catan_state_pieces_at(f.s, CARAVAN, -2, 0, &n), CATAN_EINVAL);
	}
	/* A game without the module declares nothing and keeps nothing. */
	base = catan_test_game_new(f.ctx, "base(players=3,seed=7)");
	ck_assert_int_eq(catan_game_piece_count(base), 0);
	ck_assert_uint_eq(base->off_pieces, 0);
	ck_assert_uint_lt(base->state_size, f.g->state_size);
	catan_game_unref(base);
	close_game(&f);
}
END_TEST

static const catan_piece_spec bad_specs[] = {
	{ "Caravan", CATAN_LOC_EDGE, 2, 2, 0 },
	{ "caravan", 0, 2, 2, 0 },
	{ "caravan", 4, 2, 2, 0 },
	{ "caravan", CATAN_LOC_EDGE, 0, 2, 0 },
	{ "caravan", CATAN_LOC_EDGE, CATAN_MAX_PIECE_STOCK + 1, 2, 0 },
	{ "caravan", CATAN_LOC_EDGE, 2, 2, 0x80 },
	{ "pieces_taken", CATAN_LOC_EDGE, 2, 2, 0 },
};
static int bad_spec_index;

static int
bad_build(catan_game *g)
{
	static const catan_piece_spec taken = { "pieces_taken", CATAN_LOC_HEX, 1, 0, 0 };

	if (bad_spec_index == (int)ARRAY_LEN(bad_specs) - 1)
		CATAN_ASSERT_OK(catan_game_declare_piece(g, &taken));
	return catan_game_declare_piece(g, &bad_specs[bad_spec_index]);
}

START_TEST(test_pieces_declarations_refused)
{
	static const char *const variants[] = { "base", NULL };
	static struct catan_module_ops bad = {
		.version = CATAN_MODULE_OPS_VERSION, .name = "bad_pieces",
		.description = "refused piece declarations", .variants = variants,
		.build_game = bad_build,
	};
	static const struct catan_module_ops *table[64];
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = NULL;
	size_t n = 0;

	for (; n < ctx->nmodules; n++)
		table[n] = ctx->modules[n];
	table[n++] = &bad;
	table[n] = NULL;
	ctx->modules = table;
	ctx->nmodules = n;
	bad_spec_index = _i;
	CATAN_ASSERT_ERR(catan_game_new_from_string(&g, ctx, "base+bad_pieces"), CATAN_EINVAL);
	ck_assert_ptr_null(g);
	ck_assert_msg(strstr(catan_ctx_errmsg(ctx), "piece '") != NULL, "message '%s'",
		      catan_ctx_errmsg(ctx));
	catan_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------- a moving edge piece */

/* histories-merchants-of-europe.txt: "You must place your new caravan
 * next to one of your trade routes that borders directly on one of your
 * trading posts ... it must be your own trade route." */
START_TEST(test_caravan_set_up)
{
	struct fixture f;
	uint16_t where[2];
	size_t n = 0;

	open_game(&f);
	ck_assert(listed(f.s, spell(&f, "p0 set_up_caravan", 0, -1)));
	ck_assert(!listed(f.s, spell(&f, "p0 set_up_caravan", 3, -1)));
	refuse(&f, "p0 set_up_caravan", 2, -1, CATAN_REASON_NOT_CONNECTED);
	refuse(&f, "p0 set_up_caravan", 3, -1, CATAN_REASON_NOT_CONNECTED);
	refuse(&f, "p1 set_up_caravan", 0, -1, CATAN_REASON_NOT_YOUR_TURN);
	act(&f, "p0 set_up_caravan", 0, -1);
	ck_assert_uint_eq(stock(f.s, 0), 1);
	ck_assert_uint_eq(at(f.s, 0, f.e[0]), 1);
	ck_assert_uint_eq(at(f.s, -1, f.e[0]), 1);
	ck_assert_uint_eq(at(f.s, 1, f.e[0]), 0);
	act(&f, "p0 set_up_caravan", 0, -1);
	ck_assert_uint_eq(stock(f.s, 0), 0);
	ck_assert_uint_eq(at(f.s, 0, f.e[0]), 2);
	/* Both caravans of p0 are out: the stock is empty. */
	refuse(&f, "p0 set_up_caravan", 1, -1, CATAN_REASON_NO_PIECES_LEFT);
	CATAN_ASSERT_OK(catan_state_piece_locations(f.s, CARAVAN, 0, where, 2, &n));
	ck_assert_uint_eq(n, 2);
	ck_assert_uint_eq(where[0], f.e[0]);
	ck_assert_uint_eq(where[1], f.e[0]);
	CATAN_ASSERT_ERR(catan_state_piece_locations(f.s, CARAVAN, 0, where, 1, &n), CATAN_EBUFS);
	ck_assert_uint_eq(n, 2);
	CATAN_ASSERT_OK(catan_state_piece_locations(f.s, CARAVAN, 1, NULL, 0, &n));
	ck_assert_uint_eq(n, 0);
	close_game(&f);
}
END_TEST

/* histories-merchants-of-europe.txt: "You move your caravans from trade
 * route to trade route. You may never move a caravan onto or across an
 * unopened route." A fellow player's route may be used (the right of use
 * is paid in gold). */
START_TEST(test_caravan_moves)
{
	struct fixture f;
	char text[128];

	open_game(&f);
	act(&f, "p0 set_up_caravan", 0, -1);
	snprintf(text, sizeof(text), "p0 move_caravan %s %s", f.name[0], f.name[1]);
	ck_assert(listed(f.s, text));
	/* onto an edge without a road: an unopened route */
	refuse(&f, "p0 move_caravan", 0, 2, CATAN_REASON_NOT_CONNECTED);
	/* from an edge where p0 has no caravan */
	refuse(&f, "p0 move_caravan", 1, 0, CATAN_REASON_BAD_LOCATION);
	act(&f, "p0 move_caravan", 0, 1);
	ck_assert_uint_eq(at(f.s, 0, f.e[0]), 0);
	ck_assert_uint_eq(at(f.s, 0, f.e[1]), 1);
	ck_assert_uint_eq(stock(f.s, 0), 1);
	/* one move a turn in the test module (the salt it stands for) */
	refuse(&f, "p0 move_caravan", 1, 3, CATAN_REASON_VARIANT_RULE);
	CATAN_APPLY(f.s, "p0 end_turn");
	CATAN_ASSERT_OK(catan_edit_set_turn(f.s, 0, CATAN_PHASE_MAIN, 8));
	/* onto p1's road, which does not touch p0's buildings */
	act(&f, "p0 move_caravan", 1, 3);
	ck_assert_uint_eq(at(f.s, 0, f.e[3]), 1);
	ck_assert_uint_eq(at(f.s, 0, f.e[1]), 0);
	close_game(&f);
}
END_TEST

/* histories-merchants-of-europe.txt: "Next to each trade route, at most 2
 * caravans belonging to any players may stand ... Your caravan's move may
 * therefore not end on a trade route already occupied by 2 caravans." */
START_TEST(test_caravan_stack_limit)
{
	struct fixture f;
	catan_state *before;

	open_game(&f);
	CATAN_ASSERT_OK(catan_edit_place_piece(f.s, CARAVAN, 1, f.e[1]));
	CATAN_ASSERT_OK(catan_edit_place_piece(f.s, CARAVAN, 2, f.e[1]));
	ck_assert_uint_eq(at(f.s, -1, f.e[1]), 2);
	refuse(&f, "p0 set_up_caravan", 1, -1, CATAN_REASON_OCCUPIED);
	act(&f, "p0 set_up_caravan", 0, -1);
	refuse(&f, "p0 move_caravan", 0, 1, CATAN_REASON_OCCUPIED);
	/* An edit keeps the limit too, and changes nothing when it refuses. */
	CATAN_ASSERT_OK(catan_state_clone(&before, f.s));
	CATAN_ASSERT_ERR(catan_edit_place_piece(f.s, CARAVAN, 0, f.e[1]), CATAN_EINVAL);
	ck_assert_msg(strstr(catan_state_errmsg(f.s), "occupied") != NULL, "'%s'",
		      catan_state_errmsg(f.s));
	ck_assert(catan_state_equal(before, f.s));
	/* A move takes nothing from the stock, yet an empty stock does not
	 * let it onto a full edge. */
	act(&f, "p0 set_up_caravan", 0, -1);
	ck_assert_uint_eq(stock(f.s, 0), 0);
	refuse(&f, "p0 move_caravan", 0, 1, CATAN_REASON_OCCUPIED);
	/* p1's two caravans are out after one more: the stock refuses. */
	CATAN_ASSERT_OK(catan_edit_place_piece(f.s, CARAVAN, 1, f.e[3]));
	catan_state_free(before);
	CATAN_ASSERT_OK(catan_state_clone(&before, f.s));
	CATAN_ASSERT_ERR(catan_edit_place_piece(f.s, CARAVAN, 1, f.e[2]), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_remove_piece(f.s, CARAVAN, 1, f.e[2]), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_place_piece(f.s, CARAVAN, 3, f.e[2]), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_place_piece(f.s, CARAVAN, 0, 9999), CATAN_EINVAL);
	ck_assert(catan_state_equal(before, f.s));
	catan_state_free(before);
	/* Taken off, the caravan is back in stock and the edge has room. */
	CATAN_ASSERT_OK(catan_edit_remove_piece(f.s, CARAVAN, 1, f.e[1]));
	ck_assert_uint_eq(stock(f.s, 1), 1);
	act(&f, "p0 move_caravan", 0, 1);
	ck_assert_uint_eq(at(f.s, -1, f.e[1]), 2);
	ck_assert_uint_eq(at(f.s, 0, f.e[0]), 1);
	close_game(&f);
}
END_TEST

/* Pieces of a kind are alike: the same pieces on the same places, placed
 * in any order, are the same position (bytes and hash). */
START_TEST(test_pieces_order_free)
{
	struct fixture f;
	catan_state *t;

	open_game(&f);
	CATAN_ASSERT_OK(catan_state_clone(&t, f.s));
	CATAN_ASSERT_OK(catan_edit_place_piece(f.s, CARAVAN, 0, f.e[0]));
	CATAN_ASSERT_OK(catan_edit_place_piece(f.s, CARAVAN, 0, f.e[3]));
	CATAN_ASSERT_OK(catan_edit_place_piece(t, CARAVAN, 0, f.e[3]));
	CATAN_ASSERT_OK(catan_edit_place_piece(t, CARAVAN, 0, f.e[0]));
	ck_assert(catan_state_equal(f.s, t));
	ck_assert_uint_eq(catan_state_hash(f.s), catan_state_hash(t));
	CATAN_ASSERT_OK(catan_edit_remove_piece(t, CARAVAN, 0, f.e[3]));
	ck_assert(!catan_state_equal(f.s, t));
	ck_assert_uint_ne(catan_state_hash(f.s), catan_state_hash(t));
	catan_state_free(t);
	close_game(&f);
}
END_TEST

/* ------------------------------------------- observation and snapshot */

START_TEST(test_pieces_observed)
{
	struct fixture f;
	char line[160], vname[32];
	char *text;

	open_game(&f);
	act(&f, "p0 set_up_caravan", 0, -1);
	CATAN_ASSERT_OK(catan_edit_place_piece(f.s, MERCHANT, 2, f.v));
	CATAN_ASSERT_OK(catan_location_format(f.g, CATAN_LOC_VERTEX, f.v, vname, sizeof(vname),
					      NULL));
	/* Pieces are public: every observer sees them all. */
	for (int i = 0; i < 5; i++) {
		static const int observers[] = { CATAN_OBSERVER_ALL, CATAN_OBSERVER_PUBLIC, 0, 1, 2 };

		text = text_of(f.s, observers[i]);
		snprintf(line, sizeof(line), "\npiece caravan p0 stock 1 %s\n", f.name[0]);
		ck_assert_msg(strstr(text, line), "no '%s' in\n%s", line, text);
		ck_assert(strstr(text, "\npiece caravan p1 stock 2\n"));
		snprintf(line, sizeof(line), "\npiece merchant p2 stock 1 %s\n", vname);
		ck_assert_msg(strstr(text, line), "no '%s' in\n%s", line, text);
		free(text);
	}
	close_game(&f);
}
END_TEST

/* doc/json.md: "pieces", an entry per owner with its stock and places. */
START_TEST(test_pieces_json)
{
	struct fixture f;
	char *json = malloc(TEXT_CAP), want[512];

	ck_assert_ptr_nonnull(json);
	open_game(&f);
	act(&f, "p0 set_up_caravan", 0, -1);
	CATAN_ASSERT_OK(catan_edit_place_piece(f.s, CARAVAN, 2, f.e[3]));
	CATAN_ASSERT_OK(catan_state_to_json(f.s, CATAN_OBSERVER_PUBLIC, json, TEXT_CAP, NULL));
	snprintf(want, sizeof(want),
		 "\"pieces\":{\"caravan\":[{\"stock\":1,\"at\":[\"%s\"]},"
		 "{\"stock\":2,\"at\":[]},{\"stock\":1,\"at\":[\"%s\"]}],"
		 "\"merchant\":[{\"stock\":2,\"at\":[]},{\"stock\":2,\"at\":[]},"
		 "{\"stock\":2,\"at\":[]}],"
		 "\"bridge\":[{\"stock\":3,\"at\":[]},{\"stock\":3,\"at\":[]},"
		 "{\"stock\":3,\"at\":[]}]}}", f.name[0], f.name[3]);
	ck_assert_msg(strstr(json, want) != NULL, "no '%s' in %s", want, json);
	free(json);
	close_game(&f);
}
END_TEST

START_TEST(test_pieces_snapshot_round_trip)
{
	struct fixture f;
	catan_game *g2;
	catan_state *s2;
	char *text, *again, line[160];

	open_game(&f);
	act(&f, "p0 set_up_caravan", 0, -1);
	act(&f, "p0 set_up_caravan", 0, -1);
	CATAN_ASSERT_OK(catan_edit_place_piece(f.s, CARAVAN, 1, f.e[3]));
	CATAN_ASSERT_OK(catan_edit_place_piece(f.s, MERCHANT, 1, f.v));
	CATAN_ASSERT_OK(catan_edit_place_piece(f.s, MERCHANT, 1, f.v));
	text = text_of(f.s, -99);
	snprintf(line, sizeof(line), "\npiece caravan p0 %s %s\n", f.name[0], f.name[0]);
	ck_assert_msg(strstr(text, line), "no '%s' in\n%s", line, text);
	ck_assert(!strstr(text, "piece caravan p2"));
	ck_assert_msg(catan_load(&g2, &s2, f.ctx, text, strlen(text)) == CATAN_OK, "%s",
		      catan_ctx_errmsg(f.ctx));
	ck_assert(catan_state_equal(f.s, s2));
	ck_assert_uint_eq(catan_state_hash(f.s), catan_state_hash(s2));
	again = text_of(s2, -99);
	ck_assert_str_eq(text, again);
	free(again);
	free(text);
	catan_state_free(s2);
	catan_game_unref(g2);
	close_game(&f);
}
END_TEST

/* Lines a snapshot of p0's caravan on e[0] is refused for, appended
 * before 'end' (E0, E1, E2 for the names of e[0], e[1], e[2]); and the
 * reason. */
static const struct {
	const char *line, *why;
} bad_piece_lines[] = {
	{ "piece wagon p1 E0", "no piece 'wagon'" },
	{ "piece caravan p3 E0", "needs an owner p0..p2" },
	{ "piece caravan p1", "needs an owner p0..p2 and its places" },
	{ "piece caravan p1 h0", "is not a place for it" },
	{ "piece caravan p1 E0 E1 E2", "the stock is 2" },
	{ "piece caravan p0 E1", "given twice" },
	{ "piece caravan p1 E0\npiece caravan p2 E0", "3 'caravan' on" },
	{ "piece merchant p1 E0", "is not a place for it" },
	/* A road-like piece (the bridge, test-bridges.c) lies alone on its
	 * edge: not on a road, not twice, and no road comes over it. */
	{ "piece bridge p1 E0", "already holds a road or piece" },
	{ "piece bridge p1 E2 E2", "already holds a road or piece" },
	{ "piece bridge p1 E2\npiece bridge p2 E2", "already holds a road or piece" },
	{ "piece bridge p1 E2\nroad E2 p1", "a road-like piece lies there" },
};

START_TEST(test_pieces_snapshot_refused)
{
	struct fixture f;
	catan_game *g2 = NULL;
	catan_state *s2 = NULL;
	char *text, *bad, line[256];
	size_t len;

	open_game(&f);
	act(&f, "p0 set_up_caravan", 0, -1);
	text = text_of(f.s, -99);
	len = strlen(text);
	ck_assert_str_eq(text + len - 4, "end\n");
	line[0] = '\0';
	for (const char *c = bad_piece_lines[_i].line; *c; c++) {
		size_t used = strlen(line);

		if (c[0] == 'E' && c[1] >= '0' && c[1] <= '2')
			snprintf(line + used, sizeof(line) - used, "%s", f.name[*++c - '0']);
		else
			snprintf(line + used, sizeof(line) - used, "%c", *c);
	}
	bad = malloc(len + sizeof(line) + 8);
	ck_assert_ptr_nonnull(bad);
	memcpy(bad, text, len - 4);
	sprintf(bad + len - 4, "%s\nend\n", line);
	CATAN_ASSERT_ERR(catan_load(&g2, &s2, f.ctx, bad, strlen(bad)), CATAN_EPARSE);
	ck_assert_ptr_null(s2);
	ck_assert_msg(strstr(catan_ctx_errmsg(f.ctx), bad_piece_lines[_i].why) != NULL,
		      "message '%s' lacks '%s'", catan_ctx_errmsg(f.ctx), bad_piece_lines[_i].why);
	free(bad);
	free(text);
	close_game(&f);
}
END_TEST

/* --------------------------------------------------------- random play */

/* Caravans ride along random games: every so often the snapshot loads
 * back equal, and the pieces stay within their stocks and stack limit. */
START_TEST(test_pieces_random_play)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g;
	catan_state *s;
	uint64_t rng = catan_test_seed() + (uint64_t)_i;
	catan_action played;
	unsigned moves = 0, set_ups = 0;

	catan_test_add_pieces_module(ctx);
	g = catan_test_game_new(ctx, GAME);
	s = catan_test_state_new(g);
	for (int step = 0; step < 3000 && !catan_state_is_terminal(s); step++) {
		if (step % 50 == 0) {
			catan_game *g2;
			catan_state *s2;
			char *text = text_of(s, -99);

			CATAN_ASSERT_OK(catan_load(&g2, &s2, ctx, text, strlen(text)));
			ck_assert(catan_state_equal(s, s2));
			catan_state_free(s2);
			catan_game_unref(g2);
			free(text);
		}
		ck_assert(catan_test_random_action(s, &rng, &played));
		CATAN_ASSERT_OK(catan_state_apply(s, &played));
		moves += played.type == CATAN_TEST_ACT_MOVE_CARAVAN;
		set_ups += played.type == CATAN_TEST_ACT_SET_UP_CARAVAN;
		for (unsigned e = 0; e < g->board.nedge; e++)
			ck_assert_uint_le(at(s, -1, e), 2);
	}
	ck_assert_uint_gt(set_ups, 0);
	ck_assert_uint_gt(moves, 0);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

void
catan_test_register(SRunner *sr)
{
	Suite *s = catan_test_suite(sr, "pieces");

	CATAN_TEST_ADD(s, test_pieces_declared);
	CATAN_TEST_ADD_LOOP(s, test_pieces_declarations_refused, 0, (int)ARRAY_LEN(bad_specs));
	CATAN_TEST_ADD(s, test_caravan_set_up);
	CATAN_TEST_ADD(s, test_caravan_moves);
	CATAN_TEST_ADD(s, test_caravan_stack_limit);
	CATAN_TEST_ADD(s, test_pieces_order_free);
	CATAN_TEST_ADD(s, test_pieces_observed);
	CATAN_TEST_ADD(s, test_pieces_json);
	CATAN_TEST_ADD(s, test_pieces_snapshot_round_trip);
	CATAN_TEST_ADD_LOOP(s, test_pieces_snapshot_refused, 0, (int)ARRAY_LEN(bad_piece_lines));
	CATAN_TEST_ADD_LOOP(s, test_pieces_random_play, 0, 3);
}
