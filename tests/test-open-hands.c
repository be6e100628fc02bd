/*
 * Open hands (catan_game.open_hands): a game whose resource cards lie
 * open, as CATAN Connect's "Play is with openly laid-out resources"
 * (connect.txt) — every observer sees every hand in the observation
 * struct, its text and the JSON, while development cards stay their
 * holder's; catan_state_resample() redeals nothing of the hands; the
 * game's facts say so. A test module on base sets the flag.
 * SPDX-License-Identifier: MIT
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test-common.h"
#include "catan-private.h"

static int
open_build_game(catan_game *g)
{
	g->open_hands = true;
	return CATAN_OK;
}

static const char *const on_base[] = { "base", NULL };

static const struct catan_module_ops open_hands_module = {
	.version = CATAN_MODULE_OPS_VERSION,
	.name = "open_hands_test",
	.description = "resource cards open to every observer",
	.variants = on_base,
	.build_game = open_build_game,
};

static catan_ctx *
open_ctx_new(void)
{
	static const struct catan_module_ops *table[16];
	catan_ctx *ctx = catan_test_ctx_new();
	size_t n = 0;

	for (; n < ctx->nmodules && n + 2 < sizeof(table) / sizeof(table[0]); n++)
		table[n] = ctx->modules[n];
	table[n++] = &open_hands_module;
	table[n] = NULL;
	ctx->modules = table;
	ctx->nmodules = n;
	return ctx;
}

/* A position where every player holds cards and development cards: the
 * set-up played by random moves, then a hand and a card edited in. */
static catan_state *
position(catan_game *g)
{
	catan_state *s = catan_test_state_new(g);
	uint64_t rng = 3;
	catan_action a;

	while (catan_state_turn_number(s) < 6 && catan_test_random_action(s, &rng, &a))
		CATAN_ASSERT_OK(catan_state_apply(s, &a));
	for (int p = 0; p < catan_game_num_players(g); p++) {
		const unsigned cards[CATAN_NUM_RESOURCES] = { 1, (unsigned)p, 2, 0, 1 };

		for (int k = 0; k < CATAN_NUM_RESOURCES; k++)
			CATAN_ASSERT_OK(catan_edit_set_cards(s, p, k, cards[k]));
		CATAN_ASSERT_OK(catan_edit_give_dev_card(s, p, CATAN_DEV_KNIGHT, 1));
	}
	return s;
}

static char *
text_of(int (*fn)(const catan_state *, int, char *, size_t, size_t *), const catan_state *s,
	int observer)
{
	size_t len = 0;
	char *t;

	ck_assert_int_eq(fn(s, observer, NULL, 0, &len), CATAN_EBUFS);
	t = malloc(len + 1);
	ck_assert_ptr_nonnull(t);
	CATAN_ASSERT_OK(fn(s, observer, t, len + 1, &len));
	return t;
}

/* connect.txt: "Play is with openly laid-out resources" — p0 sees p1's
 * cards, not p1's development cards; without the module p0 sees neither. */
START_TEST(open_hands_are_seen_by_all)
{
	for (int open = 0; open <= 1; open++) {
		catan_ctx *ctx = open_ctx_new();
		catan_game *g = catan_test_game_new(ctx, open ? "base(players=3)+open_hands_test" :
							 "base(players=3)");
		catan_state *s = position(g);
		catan_player_info p1;
		catan_observation obs;
		catan_game_info info;
		char *text, *json;

		CATAN_ASSERT_OK(catan_state_player(s, 1, &p1));
		memset(&obs, 0, sizeof(obs));
		obs.version = CATAN_OBSERVATION_VERSION;
		CATAN_ASSERT_OK(catan_state_observe(s, 0, &obs));
		ck_assert_int_eq((obs.players[1].flags & CATAN_VIEW_CARDS_KNOWN) != 0, open);
		ck_assert_int_eq((obs.players[1].flags & CATAN_VIEW_DEV_KNOWN) != 0, 0);
		if (open)
			ck_assert(memcmp(obs.players[1].cards, p1.cards, sizeof(p1.cards)) == 0);
		ck_assert_uint_eq(obs.players[1].dev_cards[CATAN_DEV_KNIGHT], 0);
		/* the public view too */
		CATAN_ASSERT_OK(catan_state_observe(s, CATAN_OBSERVER_PUBLIC, &obs));
		ck_assert_int_eq((obs.players[2].flags & CATAN_VIEW_CARDS_KNOWN) != 0, open);

		text = text_of(catan_state_observation_string, s, 0);
		{
			/* p1's line: 1 lumber, 1 brick, 2 wool, 0 grain, 1 ore */
			char *line = strstr(text, "\nplayer 1 ");
			char *eol;

			ck_assert_ptr_nonnull(line);
			eol = strchr(line + 1, '\n');
			ck_assert_ptr_nonnull(eol);
			*eol = '\0';
			ck_assert_int_eq(strstr(line, " hand 1,1,2,0,1,0,0,0") != NULL, open);
			ck_assert_ptr_null(strstr(line, "dev_cards"));
		}
		json = text_of(catan_state_to_json, s, 0);
		{
			const char *p1j = strstr(json, "{\"id\":1,");
			const char *p2j = strstr(json, "{\"id\":2,");

			ck_assert_ptr_nonnull(p1j);
			ck_assert_ptr_nonnull(p2j);
			/* p1's object has a hand exactly when hands are open,
			 * and never a dev_hand */
			{
				const char *h = strstr(p1j, "\"hand\":");
				const char *d = strstr(p1j, "\"dev_hand\":");

				ck_assert_int_eq(h != NULL && h < p2j, open);
				ck_assert(d == NULL || d > p2j);
			}
		}
		memset(&info, 0, sizeof(info));
		info.version = CATAN_GAME_INFO_VERSION;
		CATAN_ASSERT_OK(catan_game_info_get(g, &info));
		ck_assert_uint_eq(info.open_hands, (uint32_t)open);
		/* the development cards stay hidden: information is imperfect */
		ck_assert_uint_eq(info.information, CATAN_INFORMATION_IMPERFECT);
		free(json);
		free(text);
		catan_state_free(s);
		catan_game_unref(g);
		catan_ctx_free(ctx);
	}
}
END_TEST

/* What everyone sees is not redealt: every hand stays as it is, for any
 * seed, while another's development cards are dealt from the unseen. */
START_TEST(open_hands_are_not_resampled)
{
	catan_ctx *ctx = open_ctx_new();
	catan_game *g = catan_test_game_new(ctx, "base(players=3)+open_hands_test");
	catan_state *s = position(g);

	for (uint64_t seed = 1; seed <= 20; seed++) {
		catan_state *t = NULL;

		CATAN_ASSERT_OK(catan_state_resample(&t, s, 0, seed));
		for (int p = 0; p < 3; p++) {
			catan_player_info a, b;

			CATAN_ASSERT_OK(catan_state_player(s, p, &a));
			CATAN_ASSERT_OK(catan_state_player(t, p, &b));
			ck_assert(memcmp(a.cards, b.cards, sizeof(a.cards)) == 0);
			ck_assert_uint_eq(a.dev_total, b.dev_total);
		}
		catan_state_free(t);
	}
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

void
catan_test_register(SRunner *sr)
{
	Suite *s = catan_test_suite(sr, "open_hands");

	CATAN_TEST_ADD(s, open_hands_are_seen_by_all);
	CATAN_TEST_ADD(s, open_hands_are_not_resampled);
}
