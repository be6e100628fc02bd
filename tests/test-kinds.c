/*
 * Unit tests: a game's card kinds and their names (catan_game_card_kind_*(),
 * catan_game_declare_card_kind()) through the public API, on two test
 * modules: one adding a sixth kind "salt", one renaming brick to salt
 * (histories-merchants-of-europe.txt: "Salt gardens produce salt", the
 * five resource types of "95 resource cards (19 each of 5 resource
 * types)").
 * SPDX-License-Identifier: MIT
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catan-private.h"
#include "test-common.h"

#define TEXT_CAP (64 * 1024)

static int
sixth_build_game(catan_game *g)
{
	return catan_game_declare_card_kind(g, CATAN_NUM_RESOURCES, "salt", 19);
}

static int
rename_build_game(catan_game *g)
{
	return catan_game_declare_card_kind(g, CATAN_BRICK, "salt", 19);
}

static const char *const kind_variants[] = { "base", NULL };

static const struct catan_module_ops sixth_kind_module = {
	.version = CATAN_MODULE_OPS_VERSION,
	.name = "sixth_kind_test",
	.description = "a sixth card kind, salt",
	.variants = kind_variants,
	.build_game = sixth_build_game,
};

static const struct catan_module_ops renamed_kind_module = {
	.version = CATAN_MODULE_OPS_VERSION,
	.name = "renamed_kind_test",
	.description = "brick renamed salt",
	.variants = kind_variants,
	.build_game = rename_build_game,
};

static catan_ctx *
kinds_ctx(void)
{
	static const struct catan_module_ops *table[64];
	catan_ctx *ctx = catan_test_ctx_new();
	size_t n = 0;

	for (; n < ctx->nmodules && n + 3 < ARRAY_LEN(table); n++)
		table[n] = ctx->modules[n];
	table[n++] = &sixth_kind_module;
	table[n++] = &renamed_kind_module;
	table[n] = NULL;
	ctx->modules = table;
	ctx->nmodules = n;
	return ctx;
}

START_TEST(test_base_game_has_the_five_base_kinds)
{
	/* base-game.txt: the five resources lumber, brick, wool, grain, ore. */
	static const char *const names[] = { "lumber", "brick", "wool", "grain", "ore" };
	catan_ctx *ctx = kinds_ctx();
	catan_game *g = catan_test_game_new(ctx, "base(seed=1)");

	ck_assert_int_eq(catan_game_card_kind_count(g), 5);
	for (int k = 0; k < 5; k++) {
		ck_assert_str_eq(catan_game_card_kind_name(g, k), names[k]);
		ck_assert_int_eq(catan_game_card_kind_index(g, names[k]), k);
	}
	ck_assert_ptr_null(catan_game_card_kind_name(g, 5));
	ck_assert_ptr_null(catan_game_card_kind_name(g, -1));
	ck_assert_ptr_null(catan_game_card_kind_name(NULL, 0));
	ck_assert_int_eq(catan_game_card_kind_count(NULL), CATAN_EINVAL);
	ck_assert_int_eq(catan_game_card_kind_index(g, "clay"), CATAN_BRICK);
	ck_assert_int_eq(catan_game_card_kind_index(g, "salt"), CATAN_ENOTFOUND);
	ck_assert_int_eq(catan_game_card_kind_index(g, NULL), CATAN_EINVAL);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

START_TEST(test_sixth_kind_salt_in_notation_and_json)
{
	catan_ctx *ctx = kinds_ctx();
	catan_game *g = catan_test_game_new(ctx, "base(seed=1)+sixth_kind_test");
	catan_state *s = catan_test_state_new(g);
	catan_action a;
	char text[128];
	uint8_t bank[CATAN_MAX_CARD_KINDS];
	char *json = malloc(TEXT_CAP);

	ck_assert_ptr_nonnull(json);
	ck_assert_int_eq(catan_game_card_kind_count(g), 6);
	ck_assert_str_eq(catan_game_card_kind_name(g, 5), "salt");
	ck_assert_int_eq(catan_game_card_kind_index(g, "salt"), 5);
	CATAN_ASSERT_OK(catan_state_bank(s, bank));
	ck_assert_uint_eq(bank[5], 19);

	CATAN_ASSERT_OK(catan_action_parse(s, "p0 discard salt=1", &a));
	ck_assert_int_eq(a.type, CATAN_ACT_DISCARD);
	ck_assert_uint_eq(a.give[5], 1);
	ck_assert_uint_eq(cards_total(a.give), 1);
	CATAN_ASSERT_OK(catan_action_format(g, &a, text, sizeof(text), NULL));
	ck_assert_str_eq(text, "p0 discard salt=1");

	CATAN_ASSERT_OK(catan_action_parse(s, "p1 offer_trade give salt=2 get wood=1", &a));
	ck_assert_uint_eq(a.give[5], 2);
	ck_assert_uint_eq(a.get[CATAN_LUMBER], 1);
	CATAN_ASSERT_OK(catan_action_format(g, &a, text, sizeof(text), NULL));
	ck_assert_str_eq(text, "p1 offer_trade give salt=2 get lumber=1");

	CATAN_ASSERT_OK(catan_edit_set_cards(s, 0, 5, 3));
	CATAN_ASSERT_OK(catan_state_to_json(s, 0, json, TEXT_CAP, NULL));
	ck_assert_ptr_nonnull(strstr(json, "\"salt\":3"));
	ck_assert_ptr_nonnull(strstr(json, "\"salt\":16"));
	ck_assert_ptr_null(strstr(json, "kind5"));
	free(json);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

START_TEST(test_base_game_has_no_sixth_kind_in_notation)
{
	catan_ctx *ctx = kinds_ctx();
	catan_game *g = catan_test_game_new(ctx, "base(seed=1)");
	catan_state *s = catan_test_state_new(g);
	catan_action a;
	char text[128];

	ck_assert_int_eq(catan_action_parse(s, "p0 discard salt=1", &a), CATAN_ENOTFOUND);
	memset(&a, 0, sizeof(a));
	a.type = CATAN_ACT_DISCARD;
	a.give[5] = 1;
	ck_assert_int_eq(catan_action_format(g, &a, text, sizeof(text), NULL), CATAN_EINVAL);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

START_TEST(test_renamed_kind_loses_its_base_names)
{
	catan_ctx *ctx = kinds_ctx();
	catan_game *g = catan_test_game_new(ctx, "base(seed=1)+renamed_kind_test");
	catan_state *s = catan_test_state_new(g);
	catan_action a;
	char text[128];

	ck_assert_int_eq(catan_game_card_kind_count(g), 5);
	ck_assert_str_eq(catan_game_card_kind_name(g, CATAN_BRICK), "salt");
	ck_assert_int_eq(catan_game_card_kind_index(g, "brick"), CATAN_ENOTFOUND);
	ck_assert_int_eq(catan_game_card_kind_index(g, "clay"), CATAN_ENOTFOUND);
	ck_assert_int_eq(catan_game_card_kind_index(g, "wood"), CATAN_LUMBER);
	ck_assert_int_eq(catan_action_parse(s, "p0 discard brick=1", &a), CATAN_ENOTFOUND);
	CATAN_ASSERT_OK(catan_action_parse(s, "p0 play_monopoly salt", &a));
	ck_assert_uint_eq(a.arg, CATAN_BRICK);
	CATAN_ASSERT_OK(catan_action_format(g, &a, text, sizeof(text), NULL));
	ck_assert_str_eq(text, "p0 play_monopoly salt");
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

START_TEST(test_declare_card_kind_refusals)
{
	catan_ctx *ctx = kinds_ctx();
	catan_game *g = catan_test_game_new(ctx, "base(seed=1)");
	uint32_t size = g->state_size;

	/* A built game's layout is fixed: no kind may join it. */
	ck_assert_int_eq(catan_game_declare_card_kind(g, 5, "salt", 19), CATAN_EINVAL);
	ck_assert_int_eq(catan_game_card_kind_count(g), 5);
	/* The checks before the layout's, on a game as it is while built. */
	g->state_size = 0;
	ck_assert_int_eq(catan_game_declare_card_kind(g, 6, "salt", 19), CATAN_EINVAL);
	ck_assert_int_eq(catan_game_declare_card_kind(g, 5, "Salt", 19), CATAN_EINVAL);
	ck_assert_int_eq(catan_game_declare_card_kind(g, 5, "nothing", 19), CATAN_EINVAL);
	ck_assert_int_eq(catan_game_declare_card_kind(g, 5, "ore", 19), CATAN_EINVAL);
	ck_assert_int_eq(catan_game_declare_card_kind(g, 5, "sheep", 19), CATAN_EINVAL);
	ck_assert_int_eq(catan_game_declare_card_kind(g, 5, "salt", 256), CATAN_EINVAL);
	ck_assert_int_eq(catan_game_declare_card_kind(g, 5, NULL, 19), CATAN_EINVAL);
	ck_assert_int_eq(catan_game_declare_card_kind(NULL, 5, "salt", 19), CATAN_EINVAL);
	ck_assert_int_eq(catan_game_card_kind_count(g), 5);
	g->state_size = size;
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

void
catan_test_register(SRunner *sr)
{
	Suite *s = catan_test_suite(sr, "kinds");

	CATAN_TEST_ADD(s, test_base_game_has_the_five_base_kinds);
	CATAN_TEST_ADD(s, test_sixth_kind_salt_in_notation_and_json);
	CATAN_TEST_ADD(s, test_base_game_has_no_sixth_kind_in_notation);
	CATAN_TEST_ADD(s, test_renamed_kind_loses_its_base_names);
	CATAN_TEST_ADD(s, test_declare_card_kind_refusals);
}
