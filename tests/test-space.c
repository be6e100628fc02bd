/*
 * libcatanrules: the action space (catanrules/space.h): a fixed integer per
 * action, the legal ones as a mask, for every built-in module.
 * SPDX-License-Identifier: MIT
 */

#include <stdlib.h>
#include <string.h>

#include "test-common.h"
#include "test-pieces-module.h"

#include "catan-private.h"

static const char *const games[] = {
	"base(players=4,seed=1)",
	"base(players=3,seed=2,chance=explicit)",
	"base(players=4,seed=3,offer_max=0)",
	"base(players=4,seed=4,offer_max=3)",
	"base(players=4,seed=5)+friendly_robber",
	"base(players=3,seed=6)+harbors",
	"base(players=4,seed=7)+event_cards",
	"base(players=2,seed=8)+catan_for_two",
	"base(players=4,seed=9,chance=explicit)+friendly_robber+harbors+event_cards",
	"base(players=2,seed=10,chance=explicit)+catan_for_two+event_cards",
	"base(players=4,seed=11)+rivers",
	"base(players=3,seed=12,chance=explicit)+rivers+friendly_robber+harbors+event_cards",
	"base(players=2,seed=13)+rivers+catan_for_two+event_cards",
	"base(players=4,seed=14)+fishing",
	"base(players=3,seed=15,chance=explicit)+fishing+friendly_robber+harbors+event_cards",
	"base(players=4,seed=16)+fishing+friendly_robber",
	"base(players=2,seed=17)+catan_for_two+fishing",
};

/* Random play, under SplitMix64. */
static uint64_t
next(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/*
 * Along random games of every module: every action listed for a player
 * has an id below the space's size; no two listed at once share one; the
 * id's action is the action itself; and the mask is exactly the listed
 * ids (space.h: "An action the library lists always has an id, and two
 * actions listed for the same player at the same moment never share one").
 */
START_TEST(test_listed_actions_have_unique_ids_and_round_trip)
{
	const char *spec = games[_i];
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = NULL;
	catan_state *s = NULL;
	catan_action *buf, *scratch;
	catan_chance_outcome *out;
	size_t size = 0, cap, ocap, lists = 0;
	uint8_t *mask, *seen;
	uint64_t rng = 1 + (uint64_t)_i;
	int rc;

	rc = catan_game_new_from_string(&g, ctx, spec);
	if (rc == CATAN_ENOTFOUND) {
		catan_ctx_free(ctx); /* a module left out of this build */
		return;
	}
	ck_assert_msg(rc == CATAN_OK, "%s: %s", spec, catan_ctx_errmsg(ctx));
	ck_assert_int_eq(catan_game_action_space(g, &size), CATAN_OK);
	ck_assert_uint_gt(size, 0);
	cap = catan_game_max_legal_actions(g);
	ocap = catan_game_max_chance_outcomes(g);
	buf = malloc(cap * sizeof(*buf));
	scratch = malloc(cap * sizeof(*scratch));
	out = malloc(ocap * sizeof(*out));
	mask = malloc(size);
	seen = malloc(size);
	ck_assert_int_eq(catan_state_new(&s, g), CATAN_OK);
	/* under valgrind, where memory is what is checked, the set-up and the
	 * first turns (every kind of listing but the late game's) */
	unsigned steps = catan_test_under_valgrind() ? 400 : 3000;

	for (unsigned step = 0; step < steps && !catan_state_is_terminal(s); step++) {
		uint32_t acting = catan_state_acting_players(s);
		size_t n = 0, total = 0;
		catan_action a;

		if (catan_state_is_chance_node(s)) {
			ck_assert_int_eq(catan_state_chance_outcomes(s, out, ocap, &n), CATAN_OK);
			/* chance outcomes are no player's choices: no ids */
			for (size_t i = 0; i < n; i++) {
				size_t id;

				ck_assert_int_eq(catan_game_action_id(g, &out[i].action, &id),
						 CATAN_ENOTFOUND);
			}
			a = out[next(&rng) % n].action;
			ck_assert_int_eq(catan_state_apply(s, &a), CATAN_OK);
			continue;
		}
		for (int p = 0; p < catan_game_num_players(g); p++) {
			size_t set = 0;

			if (!(acting >> p & 1))
				continue;
			ck_assert_int_eq(catan_state_legal_actions(s, p, buf, cap, &n), CATAN_OK);
			memset(seen, 0, size);
			for (size_t i = 0; i < n; i++) {
				size_t id = size;
				catan_action back;

				ck_assert_msg(catan_game_action_id(g, &buf[i], &id) == CATAN_OK,
					      "%s: a listed action of type %d has no id", spec,
					      buf[i].type);
				ck_assert_uint_lt(id, size);
				ck_assert_msg(!seen[id], "%s: two listed actions share id %zu", spec, id);
				seen[id] = 1;
				ck_assert_int_eq(catan_state_action_of_id(s, p, id, &back), CATAN_OK);
				ck_assert_msg(!memcmp(&back, &buf[i], sizeof(back)),
					      "%s: id %zu is not the action it came from (type %d)",
					      spec, id, buf[i].type);
			}
			ck_assert_int_eq(catan_state_action_mask(s, p, mask, size, scratch, cap, &set),
					 CATAN_OK);
			ck_assert_uint_eq(set, n);
			ck_assert_msg(!memcmp(mask, seen, size), "%s: the mask is not the listed ids",
				      spec);
			total += n;
			lists++;
		}
		ck_assert_uint_gt(total, 0);
		a = buf[next(&rng) % n];
		ck_assert_int_eq(catan_state_apply(s, &a), CATAN_OK);
	}
	ck_assert_uint_gt(lists, 100);
	catan_state_free(s);
	free(buf);
	free(scratch);
	free(out);
	free(mask);
	free(seen);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/*
 * The base game's blocks, by the facts of the board and the rules (19
 * hexes, 54 intersections, 72 edges, 5 kinds, 4 players): roll 1,
 * discard 5, move_robber 19, steal 4, roads 72, settlements and cities 54
 * each, buy and two plays 3, Year of Plenty 5 + 15 (one or two cards),
 * Monopoly 5, maritime 5 x 3 x 5 (the kind given, 2, 3 or 4 of it, the
 * kind received: every rate up to 4:1 is listed), offers and counters 5 x 5 each with
 * offer_max=1, accept and decline 2, confirm 4, cancel and end 2.
 */
START_TEST(test_base_space_is_the_boards_and_kinds)
{
	static const struct {
		int type;
		size_t size;
	} want[] = {
		{ CATAN_ACT_ROLL, 1 }, { CATAN_ACT_DISCARD, 5 }, { CATAN_ACT_MOVE_ROBBER, 19 },
		{ CATAN_ACT_STEAL, 4 }, { CATAN_ACT_BUILD_ROAD, 72 },
		{ CATAN_ACT_BUILD_SETTLEMENT, 54 }, { CATAN_ACT_BUILD_CITY, 54 },
		{ CATAN_ACT_BUY_DEV, 1 }, { CATAN_ACT_PLAY_KNIGHT, 1 },
		{ CATAN_ACT_PLAY_ROAD_BUILDING, 1 }, { CATAN_ACT_PLAY_YEAR_OF_PLENTY, 20 },
		{ CATAN_ACT_PLAY_MONOPOLY, 5 }, { CATAN_ACT_MARITIME_TRADE, 75 },
		{ CATAN_ACT_OFFER_TRADE, 25 }, { CATAN_ACT_ACCEPT_TRADE, 1 },
		{ CATAN_ACT_DECLINE_TRADE, 1 }, { CATAN_ACT_COUNTER_TRADE, 25 },
		{ CATAN_ACT_CONFIRM_TRADE, 4 }, { CATAN_ACT_CANCEL_TRADE, 1 },
		{ CATAN_ACT_END_TURN, 1 },
	};
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, "base(players=4,offer_max=1)");
	size_t size = 0, count = 0, first = 0;

	ck_assert_int_eq(catan_game_action_space(g, &size), CATAN_OK);
	ck_assert_uint_eq(size, 370);
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		catan_space_block b;

		ck_assert_int_eq(catan_game_action_block(g, i, &b, &count), CATAN_OK);
		ck_assert_int_eq(b.type, want[i].type);
		ck_assert_uint_eq(b.size, want[i].size);
		ck_assert_uint_eq(b.first, first);
		first += b.size;
	}
	ck_assert_uint_eq(count, sizeof(want) / sizeof(want[0]));
	ck_assert_uint_eq(first, size);
	catan_game_unref(g);
	/* offer_max=0 lists no offers: their blocks are empty */
	g = catan_test_game_new(ctx, "base(players=4,offer_max=0)");
	ck_assert_int_eq(catan_game_action_space(g, &size), CATAN_OK);
	ck_assert_uint_eq(size, 370 - 50);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* What has no id: a chance outcome, a discard of two cards at once (legal
 * when typed, never listed), fields beyond the board, reserved flags; and
 * an id past the end has no action. */
START_TEST(test_what_has_no_id)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, "base(players=4,seed=1)");
	catan_state *s = NULL;
	catan_action a = CATAN_ACTION_INIT, back;
	size_t size = 0, id = 0;
	uint8_t mask[1];

	ck_assert_int_eq(catan_state_new(&s, g), CATAN_OK);
	ck_assert_int_eq(catan_game_action_space(g, &size), CATAN_OK);
	a.type = CATAN_ACT_DICE;
	a.player = CATAN_PLAYER_CHANCE;
	a.target = 7;
	ck_assert_int_eq(catan_game_action_id(g, &a, &id), CATAN_ENOTFOUND);
	memset(&a, 0, sizeof(a));
	a.type = CATAN_ACT_DISCARD;
	a.give[CATAN_ORE] = 2;
	ck_assert_int_eq(catan_game_action_id(g, &a, &id), CATAN_ENOTFOUND);
	a.give[CATAN_ORE] = 1;
	ck_assert_int_eq(catan_game_action_id(g, &a, &id), CATAN_OK);
	memset(&a, 0, sizeof(a));
	a.type = CATAN_ACT_BUILD_ROAD;
	a.target = 72;
	ck_assert_int_eq(catan_game_action_id(g, &a, &id), CATAN_ENOTFOUND);
	a.target = 71;
	a.flags = 1;
	ck_assert_int_eq(catan_game_action_id(g, &a, &id), CATAN_ENOTFOUND);
	a.flags = 0;
	a.arg = 1; /* a road has no arg */
	ck_assert_int_eq(catan_game_action_id(g, &a, &id), CATAN_ENOTFOUND);
	ck_assert_int_eq(catan_state_action_of_id(s, 0, size, &back), CATAN_ENOTFOUND);
	ck_assert_int_eq(catan_state_action_of_id(s, 4, 0, &back), CATAN_EINVAL);
	ck_assert_int_eq(catan_state_action_of_id(s, -1, 0, &back), CATAN_EINVAL);
	ck_assert_int_eq(catan_game_action_id(NULL, &a, &id), CATAN_EINVAL);
	ck_assert_int_eq(catan_game_action_space(g, NULL), CATAN_EINVAL);
	/* the mask's size must be the space's */
	ck_assert_int_eq(catan_state_action_mask(s, 0, mask, 1, NULL, 0, NULL), CATAN_EINVAL);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* A module of its own action types without shapes: no action space, and
 * the message names it; the game itself plays as before. */
START_TEST(test_a_module_without_shapes_has_no_space)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g;
	size_t size = 0;

	catan_test_add_pieces_module(ctx);
	g = catan_test_game_new(ctx, "base(players=3)+pieces_test");
	ck_assert_int_eq(catan_game_action_space(g, &size), CATAN_ENOTSUP);
	ck_assert_ptr_nonnull(strstr(catan_ctx_errmsg(ctx), "pieces_test"));
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* The declaration refuses what it cannot lay out. */
START_TEST(test_declaration_refusals)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game g;
	catan_action_shape sh = { .type = 0x300, .target = CATAN_SPACE_EDGE };

	memset(&g, 0, sizeof(g));
	g.ctx = ctx;
	ck_assert_int_eq(catan_game_declare_action_shape(&g, &sh), CATAN_OK);
	ck_assert_int_eq(catan_game_declare_action_shape(&g, &sh), CATAN_EINVAL); /* twice */
	sh.type = CATAN_ACT_BUILD_ROAD;                                          /* a core type */
	ck_assert_int_eq(catan_game_declare_action_shape(&g, &sh), CATAN_EINVAL);
	sh.type = 0x301;
	sh.cards = CATAN_SPACE_TRADE;                                            /* max 0 */
	ck_assert_int_eq(catan_game_declare_action_shape(&g, &sh), CATAN_EINVAL);
	sh.cards = 99;
	ck_assert_int_eq(catan_game_declare_action_shape(&g, &sh), CATAN_EINVAL);
	sh.cards = CATAN_SPACE_NO_CARDS;
	sh.target = 42;
	ck_assert_int_eq(catan_game_declare_action_shape(&g, &sh), CATAN_EINVAL);
	ck_assert_uint_eq(g.nshapes, 1);
	g.state_size = 1;                                                        /* built */
	sh.target = CATAN_SPACE_NONE;
	ck_assert_int_eq(catan_game_declare_action_shape(&g, &sh), CATAN_EINVAL);
	catan_ctx_free(ctx);
}
END_TEST

void
catan_test_register(SRunner *sr)
{
	Suite *s = catan_test_suite(sr, "space");

	CATAN_TEST_ADD_LOOP(s, test_listed_actions_have_unique_ids_and_round_trip, 0,
			    (int)(sizeof(games) / sizeof(games[0])));
	CATAN_TEST_ADD(s, test_base_space_is_the_boards_and_kinds);
	CATAN_TEST_ADD(s, test_what_has_no_id);
	CATAN_TEST_ADD(s, test_a_module_without_shapes_has_no_space);
	CATAN_TEST_ADD(s, test_declaration_refusals);
}
