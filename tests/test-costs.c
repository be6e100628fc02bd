/*
 * Unit tests: what things cost and the bank's maritime rate as facts of
 * the game (catan_game_cost*(), catan_game_maritime_rate(),
 * catan_state_maritime_rate(), catan_game_declare_cost(),
 * catan_game_set_maritime_rate()) through the public API, on a test
 * module with Merchants of Europe's numbers: the bank trades 3:1 and a
 * development card costs 1 wool and 1 salt
 * (histories-merchants-of-europe.txt: "A) A development card costs:
 * 1 wool and 1 salt").
 * SPDX-License-Identifier: MIT
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catan-private.h"
#include "test-common.h"
#include "test-module-kit.h"

static int
moe_facts_build_game(catan_game *g)
{
	static const uint8_t dev[CATAN_MAX_CARD_KINDS] = { [CATAN_WOOL] = 1, [5] = 1 };
	static const uint8_t caravan[CATAN_MAX_CARD_KINDS] = {
		[CATAN_ORE] = 1, [CATAN_LUMBER] = 1, [5] = 1,
	};
	int rc;

	if ((rc = catan_game_declare_card_kind(g, 5, "salt", 19)) != CATAN_OK ||
	    (rc = catan_game_declare_cost(g, "development_card", dev)) != CATAN_OK ||
	    (rc = catan_game_declare_cost(g, "caravan", caravan)) != CATAN_OK)
		return rc;
	return catan_game_set_maritime_rate(g, 3);
}

/* Refused declarations, each tried in one build_game; the game still
 * builds (the module ignores the refusals it provokes). */
static int refusals[8];

static int
bad_facts_build_game(catan_game *g)
{
	static const uint8_t none[CATAN_MAX_CARD_KINDS];
	static const uint8_t salt[CATAN_MAX_CARD_KINDS] = { [5] = 1 };
	static const uint8_t road[CATAN_MAX_CARD_KINDS] = { [CATAN_LUMBER] = 1 };

	refusals[0] = catan_game_set_maritime_rate(g, 1);
	refusals[1] = catan_game_set_maritime_rate(g, 5);
	refusals[2] = catan_game_declare_cost(g, "free_lunch", none);
	refusals[3] = catan_game_declare_cost(g, "salt_road", salt);
	refusals[4] = catan_game_declare_cost(g, "Bad Name", road);
	refusals[5] = catan_game_declare_cost(g, "nothing_given", NULL);
	refusals[6] = catan_game_declare_cost(g, NULL, road);
	/* a declaration that fills the table past CATAN_MAX_COSTS */
	refusals[7] = CATAN_OK;
	for (int i = 0; i < CATAN_MAX_COSTS && refusals[7] == CATAN_OK; i++) {
		static char names[CATAN_MAX_COSTS][8];

		snprintf(names[i], sizeof(names[i]), "thing%d", i);
		refusals[7] = catan_game_declare_cost(g, names[i], road);
	}
	return CATAN_OK;
}

static const char *const base_only[] = { "base", NULL };

static const struct catan_module_ops moe_facts_module = {
	.version = CATAN_MODULE_OPS_VERSION,
	.name = "moe_facts_test",
	.description = "3:1 at the bank, salt in costs",
	.variants = base_only,
	.build_game = moe_facts_build_game,
};

static const struct catan_module_ops bad_facts_module = {
	.version = CATAN_MODULE_OPS_VERSION,
	.name = "bad_facts_test",
	.description = "refused cost and rate declarations",
	.variants = base_only,
	.build_game = bad_facts_build_game,
};

static catan_ctx *
facts_ctx(void)
{
	catan_ctx *ctx = catan_test_ctx_new();

	catan_test_add_module(ctx, &moe_facts_module);
	catan_test_add_module(ctx, &bad_facts_module);
	return ctx;
}

static void
assert_cost(const catan_game *g, const char *name, const uint8_t want[CATAN_MAX_CARD_KINDS])
{
	catan_cost_info c;
	int i = catan_game_cost_index(g, name);

	ck_assert_msg(i >= 0, "no cost of %s", name);
	CATAN_ASSERT_OK(catan_game_cost(g, i, &c));
	ck_assert_str_eq(c.name, name);
	for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++)
		ck_assert_msg(c.cards[k] == want[k], "%s: kind %d costs %u, not %u", name, k,
			      (unsigned)c.cards[k], (unsigned)want[k]);
}

/* base-game.txt: "Costs: road = wood + clay; colony = wood + clay + wool +
 * wheat; city = 3 ores + 2 wheats; development = ore + wool + wheat." */
START_TEST(test_base_costs_are_the_costs_card)
{
	static const uint8_t road[CATAN_MAX_CARD_KINDS] = { [CATAN_LUMBER] = 1, [CATAN_BRICK] = 1 };
	static const uint8_t settlement[CATAN_MAX_CARD_KINDS] = {
		[CATAN_LUMBER] = 1, [CATAN_BRICK] = 1, [CATAN_WOOL] = 1, [CATAN_GRAIN] = 1,
	};
	static const uint8_t city[CATAN_MAX_CARD_KINDS] = { [CATAN_GRAIN] = 2, [CATAN_ORE] = 3 };
	static const uint8_t dev[CATAN_MAX_CARD_KINDS] = {
		[CATAN_WOOL] = 1, [CATAN_GRAIN] = 1, [CATAN_ORE] = 1,
	};
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, "base(seed=3)");
	catan_cost_info c;

	ck_assert_int_eq(catan_game_cost_count(g), 4);
	assert_cost(g, "road", road);
	assert_cost(g, "settlement", settlement);
	assert_cost(g, "city", city);
	assert_cost(g, "development_card", dev);
	ck_assert_int_eq(catan_game_cost_index(g, "bridge"), CATAN_ENOTFOUND);
	ck_assert_int_eq(catan_game_cost_index(g, NULL), CATAN_EINVAL);
	ck_assert_int_eq(catan_game_cost_index(NULL, "road"), CATAN_EINVAL);
	ck_assert_int_eq(catan_game_cost(g, 4, &c), CATAN_EINVAL);
	ck_assert_int_eq(catan_game_cost(g, -1, &c), CATAN_EINVAL);
	ck_assert_int_eq(catan_game_cost(g, 0, NULL), CATAN_EINVAL);
	ck_assert_int_eq(catan_game_cost_count(NULL), CATAN_EINVAL);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* The declared costs are what the rules take: each build and the
 * purchase of a development card pays exactly its declared cost, in
 * every game of the registry's variants and modules where one is played. */
static void
check_paid(catan_state *before, const catan_action *a, const char *name)
{
	const catan_game *g = catan_state_game(before);
	catan_state *after = NULL;
	catan_player_info pb, pa;
	catan_cost_info c;

	CATAN_ASSERT_OK(catan_state_clone(&after, before));
	CATAN_ASSERT_OK(catan_state_apply(after, a));
	CATAN_ASSERT_OK(catan_game_cost(g, catan_game_cost_index(g, name), &c));
	CATAN_ASSERT_OK(catan_state_player(before, a->player, &pb));
	CATAN_ASSERT_OK(catan_state_player(after, a->player, &pa));
	for (int k = 0; k < catan_game_card_kind_count(g); k++)
		ck_assert_msg(pb.cards[k] - pa.cards[k] == c.cards[k],
			      "%s paid %d of kind %d, the game declares %u", name,
			      (int)pb.cards[k] - (int)pa.cards[k], k, (unsigned)c.cards[k]);
	catan_state_free(after);
}

START_TEST(test_declared_costs_are_paid)
{
	static const char *const specs[] = {
		"base(players=4)", "base(players=3)+friendly_robber+harbors",
		"base(players=4)+event_cards",
	};
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, specs[_i]);
	catan_state *s = catan_test_state_new(g);
	uint64_t rng = catan_test_seed() + (uint64_t)_i;
	unsigned seen = 0;
	catan_action a;

	for (int step = 0; step < 4000 && catan_test_random_action(s, &rng, &a); step++) {
		const char *name = NULL;

		/* set-up builds are free; main-phase ones are paid */
		if (catan_state_turn_number(s) > 0) {
			if (a.type == CATAN_ACT_BUILD_ROAD && !st_ccore(s)->road_building_left)
				name = "road";
			else if (a.type == CATAN_ACT_BUILD_SETTLEMENT)
				name = "settlement";
			else if (a.type == CATAN_ACT_BUILD_CITY)
				name = "city";
			else if (a.type == CATAN_ACT_BUY_DEV)
				name = "development_card";
		}
		if (name) {
			check_paid(s, &a, name);
			seen |= 1u << (name[0] == 'r' ? 0 : name[0] == 's' ? 1 : name[0] == 'c' ? 2 : 3);
		}
		CATAN_ASSERT_OK(catan_state_apply(s, &a));
	}
	/* the game bought each at least once (else the test proved little) */
	ck_assert_uint_eq(seen, 15u);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* base-game.txt: "You can also exchange with the bank: 4 identical cards
 * for 1 resource of your choice. If you have a colony or city on a port,
 * its rate applies". */
START_TEST(test_base_maritime_rate_is_four)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, "base(players=3,seed=27,chance=explicit)");
	catan_state *s = catan_test_state_new(g);

	ck_assert_int_eq(catan_game_maritime_rate(g), 4);
	for (int p = 0; p < 3; p++)
		for (int k = 0; k < 5; k++)
			ck_assert_int_eq(catan_state_maritime_rate(s, p, k), 4);
	ck_assert_int_eq(catan_state_maritime_rate(s, 3, 0), CATAN_EINVAL);
	ck_assert_int_eq(catan_state_maritime_rate(s, -1, 0), CATAN_EINVAL);
	ck_assert_int_eq(catan_state_maritime_rate(s, 0, 5), CATAN_EINVAL);
	ck_assert_int_eq(catan_state_maritime_rate(NULL, 0, 0), CATAN_EINVAL);
	ck_assert_int_eq(catan_game_maritime_rate(NULL), CATAN_EINVAL);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* A harbor's rate, where the player has a settlement at it: the first
 * harbor of the board with a 2:1 or 3:1 rate. */
static void
settle_at_harbor(catan_state *s, int player, int *kind_out, int *rate_out)
{
	const catan_game *g = catan_state_game(s);
	const struct board *b = &g->board;

	for (unsigned h = 0; h < b->nharbor; h++) {
		unsigned v = b->harbor[h].vert[0];

		CATAN_ASSERT_OK(catan_edit_place(s, player, CATAN_PIECE_SETTLEMENT, v));
		*kind_out = b->harbor[h].resource == CATAN_HARBOR_GENERIC ? -1 :
							       (int)b->harbor[h].resource;
		*rate_out = b->harbor[h].resource == CATAN_HARBOR_GENERIC ? 3 : 2;
		return;
	}
	ck_abort_msg("a board without harbors");
}

/* The bank trades 3:1 in Merchants of Europe (the game's declared rate,
 * issue: "the maritime base rate (MoE 3:1 ...)"); a 2:1 harbor still
 * gives its own rate, and no 4:1 trade is listed any more. */
START_TEST(test_declared_maritime_rate_lists_and_checks)
{
	catan_ctx *ctx = facts_ctx();
	catan_game *g = catan_test_game_new(ctx, "base(players=3,seed=27,chance=explicit)+moe_facts_test");
	catan_state *s = catan_test_state_new(g);
	catan_action acts[512];
	size_t n = 0;
	int hkind = -1, hrate = 0;
	bool three = false;

	ck_assert_int_eq(catan_game_maritime_rate(g), 3);
	CATAN_APPLY(s, "chance first_player p0");
	CATAN_ASSERT_OK(catan_edit_set_turn(s, 0, CATAN_PHASE_MAIN, 5));
	CATAN_ASSERT_OK(catan_edit_set_cards(s, 0, CATAN_ORE, 4));
	CATAN_ASSERT_OK(catan_edit_set_cards(s, 0, CATAN_WOOL, 2));
	ck_assert_int_eq(catan_state_maritime_rate(s, 0, CATAN_ORE), 3);
	CATAN_ASSERT_OK(catan_state_legal_actions(s, 0, acts, ARRAY_LEN(acts), &n));
	for (size_t i = 0; i < n; i++) {
		if (acts[i].type != CATAN_ACT_MARITIME_TRADE)
			continue;
		/* ore at 3:1 only; two wool are not enough for any trade */
		ck_assert_int_eq(acts[i].give[CATAN_ORE], 3);
		ck_assert_int_eq(acts[i].give[CATAN_WOOL], 0);
		three = true;
	}
	ck_assert(three);
	/* 4:1 is refused now, 3:1 applies */
	CATAN_REFUSE(s, "p0 maritime_trade give ore=4 get grain=1", CATAN_REASON_BAD_TRADE_RATIO);
	CATAN_APPLY(s, "p0 maritime_trade give ore=3 get grain=1");
	/* a 2:1 harbor gives its rate; a 3:1 harbor changes nothing */
	settle_at_harbor(s, 1, &hkind, &hrate);
	for (int k = 0; k < 5; k++)
		ck_assert_int_eq(catan_state_maritime_rate(s, 1, k), k == hkind ? 2 : 3);
	ck_assert_int_eq(catan_state_maritime_rate(s, 1, hkind < 0 ? 0 : hkind), hrate);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* A declared cost replaces the base one by name and adds new things; a
 * cost may take a declared kind ("1 wool and 1 salt"). */
START_TEST(test_declared_costs_replace_and_add)
{
	static const uint8_t dev[CATAN_MAX_CARD_KINDS] = { [CATAN_WOOL] = 1, [5] = 1 };
	static const uint8_t caravan[CATAN_MAX_CARD_KINDS] = {
		[CATAN_ORE] = 1, [CATAN_LUMBER] = 1, [5] = 1,
	};
	static const uint8_t road[CATAN_MAX_CARD_KINDS] = { [CATAN_LUMBER] = 1, [CATAN_BRICK] = 1 };
	catan_ctx *ctx = facts_ctx();
	catan_game *g = catan_test_game_new(ctx, "base(players=4,seed=5)+moe_facts_test");

	ck_assert_int_eq(catan_game_cost_count(g), 5);
	assert_cost(g, "development_card", dev);
	assert_cost(g, "caravan", caravan);
	assert_cost(g, "road", road);
	ck_assert_int_eq(catan_game_cost_index(g, "caravan"), 4);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* Bad declarations are refused with a reason and leave the game as it
 * was: its costs and rate stay the base game's. */
START_TEST(test_bad_declarations_refused)
{
	catan_ctx *ctx = facts_ctx();
	catan_game *g = catan_test_game_new(ctx, "base(players=4,seed=5)+bad_facts_test");

	for (size_t i = 0; i < ARRAY_LEN(refusals); i++)
		ck_assert_msg(refusals[i] == CATAN_EINVAL, "declaration %zu: %s", i,
			      catan_strerror(refusals[i]));
	ck_assert_int_eq(catan_game_maritime_rate(g), 4);
	/* the four base costs and the twelve things that fitted */
	ck_assert_int_eq(catan_game_cost_count(g), CATAN_MAX_COSTS);
	ck_assert_int_eq(catan_game_cost_index(g, "free_lunch"), CATAN_ENOTFOUND);
	ck_assert_int_eq(catan_game_cost_index(g, "salt_road"), CATAN_ENOTFOUND);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* After the game is built, nothing is declared any more. */
START_TEST(test_no_declarations_after_build)
{
	static const uint8_t road[CATAN_MAX_CARD_KINDS] = { [CATAN_LUMBER] = 1 };
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, "base(seed=5)");

	ck_assert_int_eq(catan_game_set_maritime_rate(g, 3), CATAN_EINVAL);
	ck_assert_int_eq(catan_game_declare_cost(g, "road", road), CATAN_EINVAL);
	ck_assert_int_eq(catan_game_maritime_rate(g), 4);
	ck_assert_int_eq(catan_game_cost(g, 0, &(catan_cost_info){ 0 }), CATAN_OK);
	ck_assert_int_eq(catan_game_set_maritime_rate(NULL, 3), CATAN_EINVAL);
	ck_assert_int_eq(catan_game_declare_cost(NULL, "road", road), CATAN_EINVAL);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* Random games with the 3:1 rate: every listed maritime trade applies,
 * and none gives 4 where 3 would do. */
START_TEST(test_declared_rate_random_games)
{
	catan_ctx *ctx = facts_ctx();
	catan_game *g = catan_test_game_new(ctx, "base(players=4)+moe_facts_test");
	catan_state *s = catan_test_state_new(g);
	uint64_t rng = catan_test_seed() * 5u + (uint64_t)_i;
	catan_action acts[1024], a;
	unsigned trades = 0;

	for (int step = 0; step < 3000 && catan_test_random_action(s, &rng, &a); step++) {
		int p = catan_state_current_player(s);
		size_t n = 0;

		if (p >= 0 && catan_state_legal_actions(s, p, acts, ARRAY_LEN(acts), &n) == CATAN_OK) {
			for (size_t i = 0; i < n; i++) {
				if (acts[i].type != CATAN_ACT_MARITIME_TRADE)
					continue;
				for (int k = 0; k < 5; k++)
					ck_assert(acts[i].give[k] == 0 || acts[i].give[k] <= 3);
				trades++;
			}
		}
		CATAN_ASSERT_OK(catan_state_apply(s, &a));
	}
	ck_assert_uint_gt(trades, 0);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

void
catan_test_register(SRunner *sr)
{
	Suite *s = catan_test_suite(sr, "costs");

	CATAN_TEST_ADD(s, test_base_costs_are_the_costs_card);
	CATAN_TEST_ADD_LOOP(s, test_declared_costs_are_paid, 0, 3);
	CATAN_TEST_ADD(s, test_declared_costs_replace_and_add);
	CATAN_TEST_ADD(s, test_bad_declarations_refused);
	CATAN_TEST_ADD(s, test_no_declarations_after_build);
	s = catan_test_suite(sr, "maritime rate");
	CATAN_TEST_ADD(s, test_base_maritime_rate_is_four);
	CATAN_TEST_ADD(s, test_declared_maritime_rate_lists_and_checks);
	CATAN_TEST_ADD_LOOP(s, test_declared_rate_random_games, 0, 2);
}
