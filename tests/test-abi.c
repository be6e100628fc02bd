/*
 * ABI tests: the action's layout and the versioned structs, fixed at compile and run time.
 * SPDX-License-Identifier: MIT
 */

/*
 * Bindings over FFI copy these layouts by hand, so they are part of the
 * ABI: a change here must come with a new CATAN_ABI_VERSION (and soname).
 * Every versioned struct has its version first, so that a library can
 * read the version of a struct from any release before trusting the rest,
 * and refuses versions it does not know, 0 (a zeroed struct nobody
 * initialised) and the next one alike.
 */

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "test-common.h"
#include "catan-private.h"

/* ------------------------------------------------------- compile time */

_Static_assert(sizeof(catan_action) == 24, "catan_action is 24 bytes");
_Static_assert(offsetof(catan_action, type) == 0, "action.type at 0");
_Static_assert(offsetof(catan_action, player) == 2, "action.player at 2");
_Static_assert(offsetof(catan_action, flags) == 3, "action.flags at 3");
_Static_assert(offsetof(catan_action, target) == 4, "action.target at 4");
_Static_assert(offsetof(catan_action, arg) == 6, "action.arg at 6");
_Static_assert(offsetof(catan_action, give) == 8, "action.give at 8");
_Static_assert(offsetof(catan_action, get) == 16, "action.get at 16");
_Static_assert(_Alignof(catan_action) == 2, "action aligned to 2");

_Static_assert(offsetof(catan_ctx_options, version) == 0,
	       "catan_ctx_options starts with its version");
_Static_assert(offsetof(catan_game_options, version) == 0,
	       "catan_game_options starts with its version");
_Static_assert(offsetof(catan_observation, version) == 0,
	       "catan_observation starts with its version");
_Static_assert(offsetof(catan_game_info, version) == 0,
	       "catan_game_info starts with its version");
_Static_assert(sizeof(catan_game_info) == 19 * 4, "catan_game_info is 19 words");
_Static_assert(offsetof(catan_game_info, open_hands) == 17 * 4,
	       "catan_game_info.open_hands is version 1's last word");
_Static_assert(offsetof(catan_game_info, referee) == 18 * 4,
	       "catan_game_info.referee is version 2's last word");
_Static_assert(offsetof(struct catan_variant_ops, version) == 0,
	       "catan_variant_ops starts with its version");
_Static_assert(offsetof(struct catan_module_ops, version) == 0,
	       "catan_module_ops starts with its version");

_Static_assert(sizeof(((catan_ctx_options *)0)->version) == sizeof(unsigned int),
	       "versions are unsigned int");
_Static_assert(sizeof(((catan_game_options *)0)->version) == sizeof(unsigned int),
	       "versions are unsigned int");
_Static_assert(sizeof(((catan_observation *)0)->version) == sizeof(unsigned int),
	       "versions are unsigned int");

/* ABI 2: points are signed (Rivers of Catan's Poor Catanian goes below 0). */
_Static_assert((__typeof__(((catan_player_info *)0)->public_vp))-1 < 0,
	       "catan_player_info.public_vp is signed");
_Static_assert((__typeof__(((catan_player_info *)0)->total_vp))-1 < 0,
	       "catan_player_info.total_vp is signed");
_Static_assert((__typeof__(((catan_player_view *)0)->public_vp))-1 < 0,
	       "catan_player_view.public_vp is signed");
_Static_assert(sizeof(((catan_player_info *)0)->public_vp) == 4, "points are 32 bits");
/* The board's info structs (ABI 2: four paths at an intersection, trade
 * sites of up to six intersections, a hex's numbers, sites). */
_Static_assert(CATAN_ABI_VERSION == 2, "ABI 2: the board model v2");
_Static_assert(sizeof(catan_vertex_info) == 26, "catan_vertex_info is 26 bytes");
_Static_assert(offsetof(catan_vertex_info, vertices) == 6, "vertex.vertices at 6");
_Static_assert(offsetof(catan_vertex_info, edges) == 14, "vertex.edges at 14");
_Static_assert(offsetof(catan_vertex_info, harbor) == 22, "vertex.harbor at 22");
_Static_assert(sizeof(catan_edge_info) == 10, "catan_edge_info is 10 bytes");
_Static_assert(sizeof(catan_harbor_info) == 28, "catan_harbor_info is 28 bytes");
_Static_assert(offsetof(catan_harbor_info, nvertices) == 20, "harbor.nvertices at 20");
_Static_assert(sizeof(catan_hex_info) == 68, "catan_hex_info is 68 bytes");
_Static_assert(offsetof(catan_hex_info, numbers) == 60, "hex.numbers at 60");
_Static_assert(sizeof(catan_board_counts) == 24, "catan_board_counts is 24 bytes");

/* ----------------------------------------------------------- run time */

START_TEST(test_abi_check)
{
	CATAN_ASSERT_OK(CATAN_ABI_CHECK());
	ck_assert_int_eq(CATAN_ABI_VERSION, 2);
	CATAN_ASSERT_OK(catan_abi_check(CATAN_ABI_VERSION, sizeof(catan_action)));
	CATAN_ASSERT_ERR(catan_abi_check(CATAN_ABI_VERSION + 1, sizeof(catan_action)),
			 CATAN_EVERSION);
	CATAN_ASSERT_ERR(catan_abi_check(0, sizeof(catan_action)), CATAN_EVERSION);
	CATAN_ASSERT_ERR(catan_abi_check(CATAN_ABI_VERSION, sizeof(catan_action) - 1),
			 CATAN_EVERSION);
	CATAN_ASSERT_ERR(catan_abi_check(CATAN_ABI_VERSION, sizeof(catan_action) + 8),
			 CATAN_EVERSION);
}
END_TEST

START_TEST(test_initialisers)
{
	catan_ctx_options c = CATAN_CTX_OPTIONS_INIT, c2;
	catan_game_options g = CATAN_GAME_OPTIONS_INIT, g2;
	catan_action a = CATAN_ACTION_INIT, zero;

	ck_assert_uint_eq(c.version, CATAN_CTX_OPTIONS_VERSION);
	ck_assert_uint_eq(g.version, CATAN_GAME_OPTIONS_VERSION);
	/* the functions give what the macros give (FFI users have no macros) */
	memset(&c2, 0xff, sizeof(c2));
	CATAN_ASSERT_OK(catan_ctx_options_init(&c2, CATAN_CTX_OPTIONS_VERSION));
	ck_assert_uint_eq(c2.version, c.version);
	ck_assert_ptr_eq(c2.alloc, c.alloc);
	ck_assert_ptr_eq(c2.log, c.log);
	ck_assert_int_eq(c2.log_level, c.log_level);
	memset(&g2, 0xff, sizeof(g2));
	CATAN_ASSERT_OK(catan_game_options_init(&g2, CATAN_GAME_OPTIONS_VERSION));
	ck_assert_uint_eq(g2.version, g.version);
	ck_assert_uint_eq(g2.num_players, g.num_players);
	ck_assert_uint_eq(g2.seed, g.seed);
	ck_assert_uint_eq(g2.chance_mode, g.chance_mode);
	ck_assert_uint_eq(g2.max_turns, g.max_turns);
	ck_assert_ptr_eq(g2.params, g.params);
	ck_assert_ptr_eq(g2.modules, g.modules);
	memset(&zero, 0, sizeof(zero));
	ck_assert(memcmp(&a, &zero, sizeof(a)) == 0);
}
END_TEST

/* _i: 0 is version 0, 1 is the next version after the current one */
static unsigned
bad_version(unsigned current, int i)
{
	return i == 0 ? 0u : current + 1u;
}

START_TEST(test_ctx_options_version)
{
	unsigned v = bad_version(CATAN_CTX_OPTIONS_VERSION, _i);
	catan_ctx_options opts = CATAN_CTX_OPTIONS_INIT;
	catan_ctx *ctx = NULL;

	CATAN_ASSERT_ERR(catan_ctx_options_init(&opts, v), CATAN_EVERSION);
	opts.version = v;
	CATAN_ASSERT_ERR(catan_ctx_new(&ctx, &opts), CATAN_EVERSION);
	ck_assert_ptr_null(ctx);
	opts.version = CATAN_CTX_OPTIONS_VERSION;
	CATAN_ASSERT_OK(catan_ctx_new(&ctx, &opts));
	catan_ctx_free(ctx);
}
END_TEST

START_TEST(test_game_options_version)
{
	unsigned v = bad_version(CATAN_GAME_OPTIONS_VERSION, _i);
	catan_game_options opts = CATAN_GAME_OPTIONS_INIT;
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = NULL;
	char want[80];

	CATAN_ASSERT_ERR(catan_game_options_init(&opts, v), CATAN_EVERSION);
	opts.version = v;
	CATAN_ASSERT_ERR(catan_game_new(&g, ctx, "base", &opts), CATAN_EVERSION);
	ck_assert_ptr_null(g);
	snprintf(want, sizeof(want), "unsupported catan_game_options version %u", v);
	ck_assert_msg(strstr(catan_ctx_errmsg(ctx), want) != NULL, "message: %s",
		      catan_ctx_errmsg(ctx));
	opts.version = CATAN_GAME_OPTIONS_VERSION;
	CATAN_ASSERT_OK(catan_game_new(&g, ctx, "base", &opts));
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

START_TEST(test_game_info_version)
{
	unsigned v = bad_version(CATAN_GAME_INFO_VERSION, _i);
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, "base");
	catan_game_info info;

	memset(&info, CANARY, sizeof(info));
	info.version = v;
	CATAN_ASSERT_ERR(catan_game_info_get(g, &info), CATAN_EVERSION);
	/* refused: nothing past the version written */
	ck_assert_uint_eq(info.version, v);
	ck_assert_uint_eq(info.state_size, 0xEEEEEEEEu);
	info.version = CATAN_GAME_INFO_VERSION;
	CATAN_ASSERT_OK(catan_game_info_get(g, &info));
	ck_assert_uint_eq(info.version, CATAN_GAME_INFO_VERSION);
	ck_assert_uint_eq(info.referee, 0);
	/* A caller of version 1 has no room past open_hands: nothing is
	 * written there. */
	memset(&info, CANARY, sizeof(info));
	info.version = 1;
	CATAN_ASSERT_OK(catan_game_info_get(g, &info));
	ck_assert_uint_eq(info.version, 1);
	ck_assert_uint_ne(info.state_size, 0xEEEEEEEEu);
	ck_assert_uint_eq(info.referee, 0xEEEEEEEEu);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

START_TEST(test_observation_version)
{
	unsigned v = bad_version(CATAN_OBSERVATION_VERSION, _i);
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, "base");
	catan_state *s = catan_test_state_new(g);
	catan_observation obs;

	memset(&obs, 0, sizeof(obs));
	obs.version = v;
	CATAN_ASSERT_ERR(catan_state_observe(s, CATAN_OBSERVER_PUBLIC, &obs),
			 CATAN_EVERSION);
	obs.version = CATAN_OBSERVATION_VERSION;
	CATAN_ASSERT_OK(catan_state_observe(s, CATAN_OBSERVER_PUBLIC, &obs));
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/*
 * The extension vtables: a variant or module built against another
 * version of sys/ is refused by name when a game uses it.
 */
static const char *const on_base[] = { "base", NULL };

START_TEST(test_module_ops_version)
{
	struct catan_module_ops m = {
		.version = bad_version(CATAN_MODULE_OPS_VERSION, _i),
		.name = "stale",
		.description = "built against another sys/module.h",
		.variants = on_base,
	};
	const struct catan_module_ops *table[] = { &m, NULL };
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = NULL;
	char want[80];

	ctx->modules = table;
	ctx->nmodules = 1;
	CATAN_ASSERT_ERR(catan_game_new_from_string(&g, ctx, "base+stale"),
			 CATAN_EVERSION);
	ck_assert_ptr_null(g);
	snprintf(want, sizeof(want),
		 "module 'stale' has unsupported interface version %u", m.version);
	ck_assert_msg(strstr(catan_ctx_errmsg(ctx), want) != NULL, "message: %s",
		      catan_ctx_errmsg(ctx));
	m.version = CATAN_MODULE_OPS_VERSION;
	CATAN_ASSERT_OK(catan_game_new_from_string(&g, ctx, "base+stale"));
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

START_TEST(test_variant_ops_version)
{
	catan_ctx *ctx = catan_test_ctx_new();
	const struct catan_variant_ops *base = ctx->variants[0];
	struct catan_variant_ops v = *base;
	const struct catan_variant_ops *table[] = { &v, NULL };
	catan_game *g = NULL;
	char want[96];

	v.version = bad_version(CATAN_VARIANT_OPS_VERSION, _i);
	ctx->variants = table;
	ctx->nvariants = 1;
	CATAN_ASSERT_ERR(catan_game_new_from_string(&g, ctx, base->name),
			 CATAN_EVERSION);
	ck_assert_ptr_null(g);
	snprintf(want, sizeof(want),
		 "variant '%s' has unsupported interface version %u", base->name,
		 v.version);
	ck_assert_msg(strstr(catan_ctx_errmsg(ctx), want) != NULL, "message: %s",
		      catan_ctx_errmsg(ctx));
	catan_ctx_free(ctx);
}
END_TEST

void
catan_test_register(SRunner *sr)
{
	Suite *s = catan_test_suite(sr, "abi");

	CATAN_TEST_ADD(s, test_abi_check);
	CATAN_TEST_ADD(s, test_initialisers);
	CATAN_TEST_ADD_LOOP(s, test_ctx_options_version, 0, 2);
	CATAN_TEST_ADD_LOOP(s, test_game_options_version, 0, 2);
	CATAN_TEST_ADD_LOOP(s, test_observation_version, 0, 2);
	CATAN_TEST_ADD_LOOP(s, test_game_info_version, 0, 2);
	CATAN_TEST_ADD_LOOP(s, test_module_ops_version, 0, 2);
	CATAN_TEST_ADD_LOOP(s, test_variant_ops_version, 0, 2);
}
