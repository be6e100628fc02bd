/*
 * libcatanrules: the observation tensor (catanrules/tensor.h): a layout
 * fixed per game from what it declares, filled with what the observer
 * knows and nothing more, for every built-in module.
 * SPDX-License-Identifier: MIT
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test-common.h"

static const char *const games[] = {
	"base(players=4,seed=1)",
	"base(players=3,seed=2,chance=explicit)",
	"base(players=4,seed=5)+friendly_robber",
	"base(players=3,seed=6)+harbors",
	"base(players=4,seed=7)+event_cards",
	"base(players=2,seed=8)+catan_for_two",
	"base(players=2,seed=10,chance=explicit)+catan_for_two+event_cards",
	"base(players=4,seed=11)+rivers",
	"base(players=3,seed=12)+rivers+friendly_robber+harbors+event_cards",
	"base(players=4,seed=14)+fishing",
	"base(players=3,seed=15,chance=explicit)+fishing+event_cards+harbors",
};

struct tensor_game {
	catan_ctx *ctx;
	catan_game *g;
	size_t size;
	float *a, *b;
};

static bool
open_game(struct tensor_game *t, const char *spec)
{
	int rc;

	memset(t, 0, sizeof(*t));
	t->ctx = catan_test_ctx_new();
	rc = catan_game_new_from_string(&t->g, t->ctx, spec);
	if (rc == CATAN_ENOTFOUND) {
		catan_ctx_free(t->ctx); /* a module left out of this build */
		return false;
	}
	ck_assert_msg(rc == CATAN_OK, "%s: %s", spec, catan_ctx_errmsg(t->ctx));
	CATAN_ASSERT_OK(catan_game_tensor_size(t->g, &t->size));
	ck_assert_uint_gt(t->size, 0);
	t->a = malloc(t->size * sizeof(float));
	t->b = malloc(t->size * sizeof(float));
	ck_assert_ptr_nonnull(t->a);
	ck_assert_ptr_nonnull(t->b);
	return true;
}

static void
close_game(struct tensor_game *t)
{
	free(t->a);
	free(t->b);
	catan_game_unref(t->g);
	catan_ctx_free(t->ctx);
}

static catan_tensor_field
find(const catan_game *g, const char *name)
{
	catan_tensor_field f;

	ck_assert_msg(catan_game_tensor_find(g, name, &f) == CATAN_OK, "no field %s", name);
	return f;
}

/* The value at row r, column c of a field. */
static float
at(const float *t, const catan_tensor_field *f, unsigned r, unsigned c)
{
	/* one check per failure only: Check records every assertion passed */
	if (r >= f->rows || c >= f->cols)
		ck_abort_msg("%s has no [%u][%u]", f->name, r, c);
	return t[f->offset + (size_t)r * f->cols + c];
}

/* A field's rows read as their encodings say (tensor.h: "each row has at
 * most one 1", "each number is 0 or 1"). */
static void
check_encodings(const catan_game *g, const float *t)
{
	catan_tensor_field f;

	for (size_t i = 0; catan_game_tensor_field(g, i, &f, NULL) == CATAN_OK; i++) {
		for (unsigned r = 0; r < f.rows; r++) {
			unsigned ones = 0;

			for (unsigned c = 0; c < f.cols; c++) {
				float v = at(t, &f, r, c);

				if (f.encoding != CATAN_TENSOR_COUNT && v != 0 && v != 1)
					ck_abort_msg("%s[%u][%u] = %g", f.name, r, c, (double)v);
				ones += v == 1;
			}
			if (f.encoding == CATAN_TENSOR_ONE_HOT && ones > 1)
				ck_abort_msg("%s row %u has %u ones", f.name, r, ones);
		}
	}
}

/*
 * tensor.h: "a list of fields, each a rows × cols block of floats at its
 * offset": the fields tile the tensor in order, without gaps or overlaps,
 * their names are distinct and each is found by its name.
 */
START_TEST(test_fields_tile_the_tensor)
{
	struct tensor_game t;
	catan_tensor_field f, byname;
	size_t count = 0, next = 0, i;

	if (!open_game(&t, games[_i]))
		return;
	for (i = 0; catan_game_tensor_field(t.g, i, &f, &count) == CATAN_OK; i++) {
		ck_assert_msg(f.offset == next, "%s: %s starts at %zu, not %zu", games[_i], f.name,
			      f.offset, next);
		ck_assert_uint_gt((size_t)f.rows * f.cols, 0);
		next += (size_t)f.rows * f.cols;
		CATAN_ASSERT_OK(catan_game_tensor_find(t.g, f.name, &byname));
		ck_assert_msg(byname.offset == f.offset, "%s: the name %s is not unique",
			      games[_i], f.name);
	}
	ck_assert_uint_eq(i, count);
	ck_assert_uint_eq(next, t.size);
	ck_assert_int_eq(catan_game_tensor_field(t.g, count, &f, &count), CATAN_ENOTFOUND);
	ck_assert_uint_eq(count, i);
	ck_assert_int_eq(catan_game_tensor_find(t.g, "no.such.field", &f), CATAN_ENOTFOUND);
	close_game(&t);
}
END_TEST

/*
 * The base game's layout as doc/rl.md documents it, against the board's
 * own counts: 19 land hexes, 54 intersections, 72 edges, 5 card kinds,
 * 5 development-card kinds, the core's 11 phases.
 */
START_TEST(test_base_layout_is_the_documented_one)
{
	static const struct {
		const char *name;
		unsigned rows, cols, row_axis, col_axis, encoding;
	} want[] = {
		{ "phase", 1, 11, CATAN_TENSOR_ONE, CATAN_TENSOR_PHASE, CATAN_TENSOR_ONE_HOT },
		{ "current_player", 1, 5, CATAN_TENSOR_ONE, CATAN_TENSOR_ACTOR, CATAN_TENSOR_ONE_HOT },
		{ "acting", 1, 4, CATAN_TENSOR_ONE, CATAN_TENSOR_PLAYER, CATAN_TENSOR_FLAGS },
		{ "dice", 1, 12, CATAN_TENSOR_ONE, CATAN_TENSOR_DICE, CATAN_TENSOR_ONE_HOT },
		{ "bank", 1, 5, CATAN_TENSOR_ONE, CATAN_TENSOR_CARD_KIND, CATAN_TENSOR_COUNT },
		{ "hex.terrain", 19, CATAN_TERRAIN_COUNT, CATAN_TENSOR_HEX, CATAN_TENSOR_TERRAIN,
		  CATAN_TENSOR_ONE_HOT },
		{ "hex.numbers", 19, 11, CATAN_TENSOR_HEX, CATAN_TENSOR_NUMBER, CATAN_TENSOR_FLAGS },
		{ "hex.robber", 19, 1, CATAN_TENSOR_HEX, CATAN_TENSOR_ONE, CATAN_TENSOR_FLAGS },
		{ "vertex.harbor", 54, 6, CATAN_TENSOR_VERTEX, CATAN_TENSOR_HARBOR, CATAN_TENSOR_FLAGS },
		{ "vertex.settlement", 54, 4, CATAN_TENSOR_VERTEX, CATAN_TENSOR_OWNER,
		  CATAN_TENSOR_ONE_HOT },
		{ "vertex.city", 54, 4, CATAN_TENSOR_VERTEX, CATAN_TENSOR_OWNER, CATAN_TENSOR_ONE_HOT },
		{ "edge.road", 72, 4, CATAN_TENSOR_EDGE, CATAN_TENSOR_OWNER, CATAN_TENSOR_ONE_HOT },
		{ "player.cards", 4, 5, CATAN_TENSOR_PLAYER, CATAN_TENSOR_CARD_KIND, CATAN_TENSOR_COUNT },
		{ "player.dev_cards", 4, 5, CATAN_TENSOR_PLAYER, CATAN_TENSOR_DEV_KIND,
		  CATAN_TENSOR_COUNT },
		{ "player.public_vp", 4, 1, CATAN_TENSOR_PLAYER, CATAN_TENSOR_ONE, CATAN_TENSOR_COUNT },
		{ "player.trade_response", 4, 4, CATAN_TENSOR_PLAYER, CATAN_TENSOR_RESPONSE,
		  CATAN_TENSOR_ONE_HOT },
		{ "player.maritime_rate", 4, 5, CATAN_TENSOR_PLAYER, CATAN_TENSOR_CARD_KIND,
		  CATAN_TENSOR_COUNT },
	};
	struct tensor_game t;
	catan_tensor_field f;

	ck_assert(open_game(&t, "base(players=4,seed=1)"));
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		f = find(t.g, want[i].name);
		ck_assert_msg(f.rows == want[i].rows && f.cols == want[i].cols, "%s is %ux%u",
			      want[i].name, f.rows, f.cols);
		ck_assert_uint_eq(f.row_axis, want[i].row_axis);
		ck_assert_uint_eq(f.col_axis, want[i].col_axis);
		ck_assert_uint_eq(f.encoding, want[i].encoding);
	}
	/* the base game declares no holdings, pieces, sites or counters */
	ck_assert_int_eq(catan_game_tensor_find(t.g, "counter.strongest_ports", &f),
			 CATAN_ENOTFOUND);
	for (unsigned c = 0; c < 11; c++)
		ck_assert_int_eq(catan_game_tensor_phase(t.g, c), (int)c);
	ck_assert_int_eq(catan_game_tensor_phase(t.g, 11), CATAN_ENOTFOUND);
	ck_assert_int_eq(catan_game_tensor_phase(NULL, 0), CATAN_EINVAL);
	close_game(&t);
}
END_TEST

/*
 * tensor.h: "Rows of players start at the observer" and "A value the
 * observer may not know ... is written as -1": in the beginner set-up
 * every player has pieces and cards; each observer finds its own hand in
 * row 0, every other hand as -1 with its true size, and the pieces in
 * the columns of their owners counted from the observer.
 */
START_TEST(test_rows_start_at_the_observer)
{
	struct tensor_game t;
	catan_state *s;
	catan_tensor_field cards, total, settlement, road, robber, phase, current;

	ck_assert(open_game(&t, "base(players=4,board=beginner,setup=beginner,seed=3)"));
	s = catan_test_state_new(t.g);
	cards = find(t.g, "player.cards");
	total = find(t.g, "player.card_total");
	settlement = find(t.g, "vertex.settlement");
	road = find(t.g, "edge.road");
	robber = find(t.g, "hex.robber");
	phase = find(t.g, "phase");
	current = find(t.g, "current_player");
	for (int obs = 0; obs < 4; obs++) {
		CATAN_ASSERT_OK(catan_state_tensor(s, obs, t.a, t.size));
		check_encodings(t.g, t.a);
		for (int p = 0; p < 4; p++) {
			unsigned row = (unsigned)(p - obs + 4) % 4;
			catan_player_info info;
			unsigned sum = 0;

			CATAN_ASSERT_OK(catan_state_player(s, p, &info));
			for (unsigned k = 0; k < 5; k++) {
				float v = at(t.a, &cards, row, k);

				sum += info.cards[k];
				if (p == obs)
					ck_assert_msg(v == info.cards[k], "own card kind %u", k);
				else
					ck_assert_msg(v == -1, "another's hand shows %g", (double)v);
			}
			ck_assert_msg(at(t.a, &total, row, 0) == (float)sum, "card total of p%d", p);
		}
		unsigned seen = 0, roads = 0;

		for (unsigned v = 0; v < settlement.rows; v++) {
			int owner;

			if (catan_state_vertex_piece(s, v, &owner) != CATAN_PIECE_SETTLEMENT)
				continue;
			ck_assert(at(t.a, &settlement, v, (unsigned)(owner - obs + 4) % 4) == 1);
			seen++;
		}
		for (unsigned e = 0; e < road.rows; e++) {
			int owner;

			if (catan_state_edge_piece(s, e, &owner) != CATAN_PIECE_ROAD)
				continue;
			ck_assert(at(t.a, &road, e, (unsigned)(owner - obs + 4) % 4) == 1);
			roads++;
		}
		ck_assert_uint_eq(seen, 8);  /* two each in the beginner set-up */
		ck_assert_uint_eq(roads, 8);
		ck_assert(at(t.a, &robber, (unsigned)catan_state_robber(s), 0) == 1);
		ck_assert(at(t.a, &phase, 0, (unsigned)catan_state_phase(s)) == 1);
		ck_assert(at(t.a, &current, 0,
			     (unsigned)(catan_state_current_player(s) - obs + 4) % 4) == 1);
	}
	/* the public sees no hand; the referee every one, in seat order */
	CATAN_ASSERT_OK(catan_state_tensor(s, CATAN_OBSERVER_PUBLIC, t.a, t.size));
	for (unsigned r = 0; r < 4; r++)
		ck_assert(at(t.a, &cards, r, 0) == -1);
	CATAN_ASSERT_OK(catan_state_tensor(s, CATAN_OBSERVER_ALL, t.b, t.size));
	for (int p = 0; p < 4; p++) {
		catan_player_info info;

		CATAN_ASSERT_OK(catan_state_player(s, p, &info));
		for (unsigned k = 0; k < 5; k++)
			ck_assert(at(t.b, &cards, (unsigned)p, k) == info.cards[k]);
	}
	catan_state_free(s);
	close_game(&t);
}
END_TEST

/* Random play: one step, as catan_test_random_action() picks it. */
static void
step(catan_state *s, uint64_t *rng)
{
	catan_action a;

	if (catan_test_random_action(s, rng, &a))
		CATAN_ASSERT_OK(catan_state_apply(s, &a));
}

/*
 * tensor.h: "two states the observer cannot tell apart (equal
 * catan_state_observation_string()) give equal tensors". A resampled
 * state keeps everything the player knows and redeals the rest
 * (observe.h): its tensor for that player is the same, while the
 * referee's tensor of it differs somewhere in most games, so the
 * comparison has hidden information to catch.
 */
START_TEST(test_hidden_information_stays_hidden)
{
	struct tensor_game t;
	catan_state *s;
	catan_action *buf;
	size_t cap;
	uint64_t rng = 77 + (uint64_t)_i;
	unsigned compared = 0, differed = 0;
	unsigned steps = catan_test_under_valgrind() ? 200 : 1500;
	unsigned every = 23;

	if (!open_game(&t, games[_i]))
		return;
	cap = catan_game_max_legal_actions(t.g);
	buf = malloc(cap * sizeof(*buf));
	s = catan_test_state_new(t.g);
	for (unsigned n = 0; n < steps && !catan_state_is_terminal(s); n++) {
		if (n % every == 0 && !catan_state_is_chance_node(s)) {
			for (int p = 0; p < catan_game_num_players(t.g); p++) {
				catan_state *r = NULL;

				CATAN_ASSERT_OK(catan_state_resample(&r, s, p, 1000 + n));
				CATAN_ASSERT_OK(catan_state_tensor(s, p, t.a, t.size));
				CATAN_ASSERT_OK(catan_state_tensor(r, p, t.b, t.size));
				check_encodings(t.g, t.a);
				ck_assert_msg(!memcmp(t.a, t.b, t.size * sizeof(float)),
					      "%s: p%d's tensor tells a resampled state apart at step %u",
					      games[_i], p, n);
				CATAN_ASSERT_OK(catan_state_tensor(s, CATAN_OBSERVER_ALL, t.a, t.size));
				CATAN_ASSERT_OK(catan_state_tensor(r, CATAN_OBSERVER_ALL, t.b, t.size));
				differed += memcmp(t.a, t.b, t.size * sizeof(float)) != 0;
				compared++;
				catan_state_free(r);
			}
		}
		step(s, &rng);
	}
	ck_assert_uint_gt(compared, 6);
	/* the opening alone (valgrind's games) may hide nothing yet */
	ck_assert_msg(differed > 0 || catan_test_under_valgrind(),
		      "%s: no resample differed for the referee", games[_i]);
	catan_state_free(s);
	free(buf);
	close_game(&t);
}
END_TEST

/*
 * Declared things appear as fields with the state's values: holdings as
 * catan_state_observe_holding() shows them (Rivers' gold is public;
 * Fishing's tokens are their holder's, the group's total public),
 * declared pieces where they stand, the modules' counters as
 * catan_state_counter() reads them.
 */
START_TEST(test_declared_things_are_fields)
{
	static const char *const specs[] = {
		"base(players=4,seed=21)+rivers",
		"base(players=3,seed=22)+fishing",
		"base(players=2,seed=23)+catan_for_two+event_cards",
		"base(players=3,seed=24)+harbors",
	};
	struct tensor_game t;
	catan_state *s;
	catan_action *buf;
	size_t cap;
	uint64_t rng = 5;
	unsigned checked = 0;

	if (!open_game(&t, specs[_i]))
		return;
	cap = catan_game_max_legal_actions(t.g);
	buf = malloc(cap * sizeof(*buf));
	s = catan_test_state_new(t.g);
	for (unsigned n = 0; n < 800 && !catan_state_is_terminal(s); n++) {
		int np = catan_game_num_players(t.g);
		int obs = (int)(n % (unsigned)np);
		catan_tensor_field f;

		if (n % 37 == 0) {
			CATAN_ASSERT_OK(catan_state_tensor(s, obs, t.a, t.size));
			for (int h = 0; h < catan_game_holding_count(t.g); h++) {
				catan_holding_info hi;
				char name[CATAN_TENSOR_NAME_MAX];

				CATAN_ASSERT_OK(catan_game_holding(t.g, (unsigned)h, &hi));
				snprintf(name, sizeof(name), "holding.%s", hi.name);
				f = find(t.g, name);
				for (int p = 0; p < np; p++) {
					int32_t v;

					CATAN_ASSERT_OK(catan_state_observe_holding(s, obs, p, hi.name, &v));
					ck_assert_msg(at(t.a, &f, (unsigned)(p - obs + np) % (unsigned)np, 0) ==
							      (float)v, "%s of p%d", name, p);
					checked++;
				}
			}
			for (int k = 0; k < catan_game_piece_count(t.g); k++) {
				catan_piece_info pi;
				char name[CATAN_TENSOR_NAME_MAX];

				CATAN_ASSERT_OK(catan_game_piece(t.g, (unsigned)k, &pi));
				snprintf(name, sizeof(name), "piece.%s", pi.name);
				f = find(t.g, name);
				for (unsigned loc = 0; loc < f.rows; loc++) {
					uint32_t here;

					CATAN_ASSERT_OK(catan_state_pieces_at(s, (unsigned)k, obs, loc,
									      &here));
					ck_assert(at(t.a, &f, loc, 0) == (float)here);
				}
				checked++;
			}
			for (size_t i = 0; catan_game_tensor_field(t.g, i, &f, NULL) == CATAN_OK; i++) {
				int32_t v;

				if (strncmp(f.name, "counter.", 8) != 0)
					continue;
				for (unsigned r = 0; r < f.rows; r++) {
					int who = f.rows == 1 ? -1 : (int)(r + (unsigned)obs) % np;

					CATAN_ASSERT_OK(catan_state_counter(s, who, f.name + 8, &v));
					ck_assert_msg(at(t.a, &f, r, 0) == (float)v, "%s row %u", f.name, r);
				}
				checked++;
			}
		}
		step(s, &rng);
	}
	ck_assert_uint_gt(checked, 10);
	catan_state_free(s);
	free(buf);
	close_game(&t);
}
END_TEST

/* Fishing's token values are their holder's (T10: "The count of a
 * player's tokens is public, their values private"): along a game, each
 * observer sees its own count of one-fish tokens and -1 for the others',
 * and every player's number of tokens. */
START_TEST(test_fish_values_are_private)
{
	struct tensor_game t;
	catan_state *s;
	catan_tensor_field fish1, group;
	uint64_t rng = 12;
	unsigned held = 0;

	if (!open_game(&t, "base(players=3,seed=25)+fishing"))
		return;
	s = catan_test_state_new(t.g);
	fish1 = find(t.g, "holding.fish_1");
	group = find(t.g, "holding.fish");
	for (unsigned n = 0; n < 600 && !catan_state_is_terminal(s); n++) {
		int obs = (int)(n % 3);

		CATAN_ASSERT_OK(catan_state_tensor(s, obs, t.a, t.size));
		for (int p = 0; p < 3; p++) {
			unsigned row = (unsigned)(p - obs + 3) % 3;
			int32_t ones, all;

			CATAN_ASSERT_OK(catan_state_holding(s, p, "fish_1", &ones));
			CATAN_ASSERT_OK(catan_state_holding(s, p, "fish", &all));
			if (at(t.a, &fish1, row, 0) != (p == obs ? (float)ones : -1.0f) ||
			    at(t.a, &group, row, 0) != (float)all)
				ck_abort_msg("p%d's fish seen by p%d at step %u", p, obs, n);
			held += all > 0;
		}
		step(s, &rng);
	}
	ck_assert_uint_gt(held, 0);
	catan_state_free(s);
	close_game(&t);
}
END_TEST

/* Bad input gets an error and writes nothing. */
START_TEST(test_bad_arguments_write_nothing)
{
	struct tensor_game t;
	catan_state *s;
	catan_tensor_field f;
	size_t n;

	ck_assert(open_game(&t, "base(players=3,seed=4)"));
	s = catan_test_state_new(t.g);
	for (size_t i = 0; i < t.size; i++)
		t.a[i] = 42;
	ck_assert_int_eq(catan_state_tensor(s, 0, t.a, t.size - 1), CATAN_EINVAL);
	ck_assert_int_eq(catan_state_tensor(s, 3, t.a, t.size), CATAN_EINVAL);
	ck_assert_int_eq(catan_state_tensor(s, CATAN_PLAYER_CHANCE, t.a, t.size), CATAN_EINVAL);
	for (size_t i = 0; i < t.size; i++)
		ck_assert(t.a[i] == 42);
	ck_assert_ptr_nonnull(strstr(catan_state_errmsg(s), "observer"));
	ck_assert_int_eq(catan_state_tensor(NULL, 0, t.a, t.size), CATAN_EINVAL);
	ck_assert_int_eq(catan_state_tensor(s, 0, NULL, t.size), CATAN_EINVAL);
	ck_assert_int_eq(catan_game_tensor_size(NULL, &n), CATAN_EINVAL);
	ck_assert_int_eq(catan_game_tensor_size(t.g, NULL), CATAN_EINVAL);
	ck_assert_int_eq(catan_game_tensor_field(NULL, 0, &f, NULL), CATAN_EINVAL);
	ck_assert_int_eq(catan_game_tensor_field(t.g, 0, NULL, NULL), CATAN_EINVAL);
	ck_assert_int_eq(catan_game_tensor_find(t.g, NULL, &f), CATAN_EINVAL);
	catan_state_free(s);
	close_game(&t);
}
END_TEST

void
catan_test_register(SRunner *sr)
{
	Suite *s = catan_test_suite(sr, "tensor");
	int n = (int)(sizeof(games) / sizeof(games[0]));

	CATAN_TEST_ADD_LOOP(s, test_fields_tile_the_tensor, 0, n);
	CATAN_TEST_ADD(s, test_base_layout_is_the_documented_one);
	CATAN_TEST_ADD(s, test_rows_start_at_the_observer);
	CATAN_TEST_ADD_LOOP(s, test_hidden_information_stays_hidden, 0, n);
	CATAN_TEST_ADD_LOOP(s, test_declared_things_are_fields, 0, 4);
	CATAN_TEST_ADD(s, test_fish_values_are_private);
	CATAN_TEST_ADD(s, test_bad_arguments_write_nothing);
}
