/*
 * The number-chips test module (test-chips-module.h).
 * SPDX-License-Identifier: MIT
 */
#include "catan-private.h"
#include "test-chips-module.h"
#include "test-module-kit.h"

static int
chips_build_game(catan_game *g)
{
	return catan_game_declare_number_chips(g);
}

static const char *const chips_variants[] = { "base", NULL };

const struct catan_module_ops catan_test_chips_module = {
	.version = CATAN_MODULE_OPS_VERSION,
	.name = "chips_test",
	.description = "number chips placed and moved in play (Merchants of Europe)",
	.variants = chips_variants,
	.build_game = chips_build_game,
};

/* tests/conformance/test-modules/chips-board.txt without its comments */
const char catan_test_chips_board[] =
	"board v2\n"
	"hex 0 -2 mountains 10\n"
	"hex 1 -2 pasture 2\n"
	"hex 2 -2 forest\n"
	"hex -1 -1 fields 12\n"
	"hex 0 -1 hills 6\n"
	"hex 1 -1 pasture 4\n"
	"hex 2 -1 hills 10\n"
	"hex -2 0 fields 9\n"
	"hex -1 0 forest\n"
	"hex 0 0 desert\n"
	"hex 1 0 forest 3\n"
	"hex 2 0 mountains 8\n"
	"hex -2 1 forest 8\n"
	"hex -1 1 mountains 3\n"
	"hex 0 1 fields 4\n"
	"hex 1 1 pasture 5\n"
	"hex -2 2 hills 5\n"
	"hex -1 2 fields 6\n"
	"hex 0 2 pasture 11\n"
	"trade h0 nw-n 3 any\n"
	"trade h1 n-ne 2 grain\n"
	"trade h6 n-ne 2 ore\n"
	"trade h11 ne-se 3 any\n"
	"trade h15 se-s 2 wool\n"
	"trade h17 se-s 3 any\n"
	"trade h16 s-sw 3 any\n"
	"trade h12 sw-nw 2 brick\n"
	"trade h3 sw-nw 2 lumber\n"
	"site chip_space colour=1 h2\n"
	"site chip_space value=1 colour=1 h8\n";

void
catan_test_add_chips_module(catan_ctx *ctx)
{
	catan_test_add_module(ctx, &catan_test_chips_module);
}
