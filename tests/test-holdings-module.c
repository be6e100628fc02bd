/*
 * The holdings test module (test-holdings-module.h).
 * SPDX-License-Identifier: MIT
 */
#include "catan-private.h"
#include "test-holdings-module.h"
#include "test-module-kit.h"

#define POOR_PENALTY 2

static const catan_holding_spec holdings[] = {
	{ "gold", NULL, CATAN_HOLDING_PUBLIC, 50, 1, 0, 40,
	  CATAN_HOLDING_TRADED | CATAN_HOLDING_MARITIME },
	{ "secret", NULL, CATAN_HOLDING_OWNER, 9, 0, 0, 0, 0 },
	{ "fish_1", "fish", CATAN_HOLDING_GROUP, 10, 1, 0, 11, 0 },
	{ "fish_2", "fish", CATAN_HOLDING_GROUP, 10, 1, 0, 10, 0 },
	{ "fish_3", "fish", CATAN_HOLDING_GROUP, 10, 1, 0, 8, 0 },
	{ "boot", NULL, CATAN_HOLDING_PUBLIC, 1, 0, 1, 0, 0 },
	{ "poor", NULL, CATAN_HOLDING_PUBLIC, 1, 0, 0, 0, 0 },
	{ "tiles", NULL, CATAN_HOLDING_OWNER, 5, 1, 0, 12, 0 },
};
enum { H_POOR = 6 };

static int
ht_build_game(catan_game *g)
{
	for (size_t i = 0; i < ARRAY_LEN(holdings); i++) {
		int rc = catan_game_declare_holding(g, &holdings[i]);

		if (rc != CATAN_OK)
			return rc;
	}
	return CATAN_OK;
}

/* Rivers of Catan's Poor Catanian: two points less, below zero too. */
static int
ht_victory_points(const catan_state *s, int player, int include_hidden, int vp,
		  const void *slice)
{
	(void)include_hidden;
	(void)slice;
	if (player >= s->game->num_players)
		return vp;
	return vp - POOR_PENALTY * (int)catan_state__holding(s, player, H_POOR);
}

static const char *const ht_variants[] = { "base", NULL };

const struct catan_module_ops catan_test_holdings_module = {
	.version = CATAN_MODULE_OPS_VERSION,
	.name = "holdings_test",
	.description = "holdings of every visibility, negative points, a per-player target",
	.variants = ht_variants,
	.build_game = ht_build_game,
	.victory_points = ht_victory_points,
};

void
catan_test_add_holdings_module(catan_ctx *ctx)
{
	catan_test_add_module(ctx, &catan_test_holdings_module);
}
