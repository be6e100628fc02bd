/*
 * Unit suite: the public API's contracts (arguments, buffers, errors, who acts).
 * SPDX-License-Identifier: MIT
 */

#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catanrules/catanrules.h"
#include "catanrules/sys/variant.h"
#include "test-common.h"

/* Buffers sized by the game's bounds, for random play. */
struct play {
	catan_game *g;
	catan_state *s;
	uint64_t rng;
	size_t maxact, maxout;
	catan_action *acts;
	catan_chance_outcome *outs;
	catan_action last;
	int have_last;
};

static void
play_open(struct play *p, catan_ctx *ctx, const char *spec, uint64_t seed)
{
	memset(p, 0, sizeof(*p));
	p->g = catan_test_game_new(ctx, spec);
	p->s = catan_test_state_new(p->g);
	p->rng = seed;
	p->maxact = catan_game_max_legal_actions(p->g);
	p->maxout = catan_game_max_chance_outcomes(p->g);
	ck_assert_uint_gt(p->maxact, 0);
	ck_assert_uint_gt(p->maxout, 0);
	p->acts = calloc(p->maxact, sizeof(*p->acts));
	p->outs = calloc(p->maxout, sizeof(*p->outs));
	ck_assert(p->acts && p->outs);
}

static void
play_close(struct play *p)
{
	catan_state_free(p->s);
	catan_game_unref(p->g);
	free(p->acts);
	free(p->outs);
}

/* The legal actions of a player; fails if the game's bound is exceeded. */
static size_t
play_legal(struct play *p, int player)
{
	size_t n = 0;
	int rc = catan_state_legal_actions(p->s, player, p->acts, p->maxact, &n);

	ck_assert_msg(rc == CATAN_OK,
		      "legal_actions(p%d) = %d: %zu actions, bound %zu", player,
		      rc, n, p->maxact);
	return n;
}

static size_t
play_outcomes(struct play *p)
{
	size_t n = 0;
	int rc = catan_state_chance_outcomes(p->s, p->outs, p->maxout, &n);

	ck_assert_msg(rc == CATAN_OK,
		      "chance_outcomes = %d: %zu outcomes, bound %zu", rc, n,
		      p->maxout);
	return n;
}

/*
 * Choose the next action at random (chance outcomes by their probability,
 * domestic offers rarely so games end); returns 0 at the end.
 */
static int
play_choose(struct play *p, catan_action *out)
{
	catan_state *s = p->s;

	if (catan_state_is_terminal(s))
		return 0;
	if (catan_state_is_chance_node(s)) {
		size_t n = play_outcomes(p), i;
		uint32_t v;

		ck_assert_uint_gt(n, 0);
		v = catan_test_below(&p->rng, p->outs[0].den);
		for (i = 0; i + 1 < n && v >= p->outs[i].num; i++)
			v -= p->outs[i].num;
		*out = p->outs[i].action;
	} else {
		uint32_t mask = catan_state_acting_players(s);
		int players = catan_game_num_players(p->g);
		int actor = -1;
		size_t n, pick;

		ck_assert_uint_ne(mask, 0);
		while (actor < 0) {
			int q = (int)catan_test_below(&p->rng, (uint32_t)players);

			if (mask & (1u << q))
				actor = q;
		}
		n = play_legal(p, actor);
		ck_assert_uint_gt(n, 0);
		do {
			pick = catan_test_below(&p->rng, (uint32_t)n);
		} while (p->acts[pick].type == CATAN_ACT_OFFER_TRADE &&
			 catan_test_below(&p->rng, 20) != 0);
		*out = p->acts[pick];
	}
	return 1;
}

static void
play_apply(struct play *p, const catan_action *a)
{
	int rc = catan_state_apply(p->s, a);

	ck_assert_msg(rc == CATAN_OK, "apply: %s (%s)", catan_strerror(rc),
		      catan_state_errmsg(p->s));
	p->last = *a;
	p->have_last = 1;
}

/* ---------------------------------------------------------- names, codes */

START_TEST(test_strerror_every_code)
{
	static const int codes[] = {
		CATAN_OK, CATAN_ERROR, CATAN_EINVAL, CATAN_ENOMEM, CATAN_EBUFS,
		CATAN_EILLEGAL, CATAN_ENOTFOUND, CATAN_EVERSION, CATAN_EPARSE,
		CATAN_ENOTSUP, CATAN_EUSER
	};
	static const int unknown[] = { 1, -10, -99, -101, 12345, -12345 };
	const size_t n = sizeof(codes) / sizeof(codes[0]);

	for (size_t i = 0; i < n; i++) {
		const char *m = catan_strerror(codes[i]);

		ck_assert_ptr_nonnull(m);
		ck_assert_msg(m[0] != '\0', "empty message for %d", codes[i]);
		for (size_t j = 0; j < i; j++)
			ck_assert_msg(strcmp(m, catan_strerror(codes[j])) != 0,
				      "codes %d and %d share \"%s\"", codes[i],
				      codes[j], m);
	}
	for (size_t i = 0; i < sizeof(unknown) / sizeof(unknown[0]); i++) {
		const char *m = catan_strerror(unknown[i]);

		ck_assert_ptr_nonnull(m);
		ck_assert(m[0] != '\0');
	}
}
END_TEST

START_TEST(test_reason_name_every_reason)
{
	static const char *const names[CATAN_REASON_COUNT] = {
		"none", "game_over", "wrong_phase", "not_your_turn",
		"unknown_action", "bad_location", "bad_argument",
		"insufficient_resources", "no_pieces_left", "occupied",
		"distance_rule", "not_connected", "not_own_settlement",
		"setup_order", "bank_empty", "deck_empty", "no_card",
		"card_bought_this_turn", "card_already_played",
		"no_road_possible", "robber_same_hex", "invalid_victim",
		"wrong_discard", "bad_trade", "bad_trade_ratio",
		"trading_over", "no_offer", "already_responded", "bad_outcome",
		"variant_rule"
	};

	for (int r = 0; r < CATAN_REASON_COUNT; r++) {
		const char *m = catan_reason_name(r);

		ck_assert_ptr_nonnull(m);
		ck_assert_msg(names[r] && strcmp(m, names[r]) == 0,
			      "reason %d is \"%s\", expected \"%s\"", r, m,
			      names[r] ? names[r] : "(null)");
	}
	ck_assert_str_eq(catan_reason_name(-1), "unknown");
	ck_assert_str_eq(catan_reason_name(CATAN_REASON_COUNT), "unknown");
	ck_assert_str_eq(catan_reason_name(100000), "unknown");
}
END_TEST

START_TEST(test_names)
{
	static const char *const res[] = {
		"lumber", "brick", "wool", "grain", "ore"
	};
	static const char *const dev[] = {
		"knight", "road_building", "year_of_plenty", "monopoly",
		"victory_point"
	};
	static const struct {
		int type;
		const char *name;
	} types[] = {
		{ CATAN_ACT_FIRST_PLAYER, "first_player" },
		{ CATAN_ACT_DICE, "dice" },
		{ CATAN_ACT_DRAW_DEV, "draw_dev" },
		{ CATAN_ACT_STEAL_CARD, "steal_card" },
		{ CATAN_ACT_ROLL, "roll" },
		{ CATAN_ACT_DISCARD, "discard" },
		{ CATAN_ACT_MOVE_ROBBER, "move_robber" },
		{ CATAN_ACT_STEAL, "steal" },
		{ CATAN_ACT_BUILD_ROAD, "build_road" },
		{ CATAN_ACT_BUILD_SETTLEMENT, "build_settlement" },
		{ CATAN_ACT_BUILD_CITY, "build_city" },
		{ CATAN_ACT_BUY_DEV, "buy_dev" },
		{ CATAN_ACT_PLAY_KNIGHT, "play_knight" },
		{ CATAN_ACT_PLAY_ROAD_BUILDING, "play_road_building" },
		{ CATAN_ACT_PLAY_YEAR_OF_PLENTY, "play_year_of_plenty" },
		{ CATAN_ACT_PLAY_MONOPOLY, "play_monopoly" },
		{ CATAN_ACT_MARITIME_TRADE, "maritime_trade" },
		{ CATAN_ACT_OFFER_TRADE, "offer_trade" },
		{ CATAN_ACT_ACCEPT_TRADE, "accept_trade" },
		{ CATAN_ACT_DECLINE_TRADE, "decline_trade" },
		{ CATAN_ACT_COUNTER_TRADE, "counter_trade" },
		{ CATAN_ACT_CONFIRM_TRADE, "confirm_trade" },
		{ CATAN_ACT_CANCEL_TRADE, "cancel_trade" },
		{ CATAN_ACT_END_TURN, "end_turn" },
	};

	for (int k = 0; k < CATAN_NUM_RESOURCES; k++) {
		ck_assert_ptr_nonnull(catan_resource_name(k));
		ck_assert_str_eq(catan_resource_name(k), res[k]);
	}
	for (int k = 0; k < CATAN_NUM_DEV_KINDS; k++) {
		ck_assert_ptr_nonnull(catan_dev_card_name(k));
		ck_assert_str_eq(catan_dev_card_name(k), dev[k]);
	}
	ck_assert_ptr_null(catan_resource_name(-1));
	ck_assert_ptr_null(catan_resource_name(CATAN_MAX_CARD_KINDS));
	ck_assert_ptr_null(catan_resource_name(100000));
	ck_assert_ptr_null(catan_dev_card_name(-1));
	ck_assert_ptr_null(catan_dev_card_name(CATAN_MAX_DEV_KINDS));
	for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
		const char *m = catan_action_type_name(types[i].type);

		ck_assert_msg(m && strcmp(m, types[i].name) == 0,
			      "type %d named \"%s\", expected \"%s\"",
			      types[i].type, m ? m : "(null)", types[i].name);
	}
	ck_assert_ptr_null(catan_action_type_name(-1));
	ck_assert_ptr_null(catan_action_type_name(5));
	ck_assert_ptr_null(catan_action_type_name(15));
	ck_assert_ptr_null(catan_action_type_name(36));
	ck_assert_ptr_null(catan_action_type_name(CATAN_ACT_VARIANT_BASE));
	ck_assert_ptr_null(catan_action_type_name(100000));
}
END_TEST

START_TEST(test_abi_and_version)
{
	int ma = -1, mi = -1, mc = -1;

	CATAN_ASSERT_OK(catan_abi_check(CATAN_ABI_VERSION, sizeof(catan_action)));
	CATAN_ASSERT_ERR(catan_abi_check(CATAN_ABI_VERSION + 1,
					 sizeof(catan_action)), CATAN_EVERSION);
	CATAN_ASSERT_ERR(catan_abi_check(0, sizeof(catan_action)),
			 CATAN_EVERSION);
	CATAN_ASSERT_ERR(catan_abi_check(CATAN_ABI_VERSION,
					 sizeof(catan_action) + 8),
			 CATAN_EVERSION);
	CATAN_ASSERT_ERR(catan_abi_check(CATAN_ABI_VERSION, 0), CATAN_EVERSION);
	ck_assert_uint_eq(sizeof(catan_action), 24);

	catan_version(NULL, NULL, NULL);
	catan_version(&ma, NULL, NULL);
	ck_assert_int_eq(ma, CATAN_VERSION_MAJOR);
	catan_version(&ma, &mi, &mc);
	ck_assert_int_eq(ma, CATAN_VERSION_MAJOR);
	ck_assert_int_eq(mi, CATAN_VERSION_MINOR);
	ck_assert_int_eq(mc, CATAN_VERSION_MICRO);
}
END_TEST

/* --------------------------------------------------------------- context */

START_TEST(test_ctx_arguments)
{
	catan_ctx_options o;
	catan_ctx *ctx = NULL;
	const char *desc = NULL;
	int lo = 0, hi = 0;
	size_t n;
	int found = 0;

	CATAN_ASSERT_ERR(catan_ctx_options_init(NULL, CATAN_CTX_OPTIONS_VERSION),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_ctx_options_init(&o, CATAN_CTX_OPTIONS_VERSION + 1),
			 CATAN_EVERSION);
	CATAN_ASSERT_OK(catan_ctx_options_init(&o, CATAN_CTX_OPTIONS_VERSION));
	ck_assert_uint_eq(o.version, CATAN_CTX_OPTIONS_VERSION);
	ck_assert_ptr_null(o.alloc);
	ck_assert_ptr_null(o.log);

	CATAN_ASSERT_ERR(catan_ctx_new(NULL, NULL), CATAN_EINVAL);
	o.version = CATAN_CTX_OPTIONS_VERSION + 1;
	CATAN_ASSERT_ERR(catan_ctx_new(&ctx, &o), CATAN_EVERSION);
	ck_assert_ptr_null(ctx);
	o.version = 0;
	CATAN_ASSERT_ERR(catan_ctx_new(&ctx, &o), CATAN_EVERSION);
	ck_assert_ptr_null(ctx);
	catan_ctx_free(NULL);

	ck_assert_ptr_nonnull(catan_ctx_errmsg(NULL));
	ck_assert_uint_eq(catan_ctx_variant_count(NULL), 0);
	ck_assert_ptr_null(catan_ctx_variant_name(NULL, 0));
	ck_assert_uint_eq(catan_ctx_module_count(NULL), 0);
	ck_assert_ptr_null(catan_ctx_module_name(NULL, 0));

	CATAN_ASSERT_OK(catan_ctx_new(&ctx, NULL));
	ck_assert_ptr_nonnull(catan_ctx_errmsg(ctx));
	n = catan_ctx_variant_count(ctx);
	ck_assert_uint_ge(n, 1);
	for (size_t i = 0; i < n; i++) {
		const char *name = catan_ctx_variant_name(ctx, i);

		ck_assert_ptr_nonnull(name);
		found |= strcmp(name, "base") == 0;
		CATAN_ASSERT_OK(catan_ctx_variant_info(ctx, name, NULL, NULL,
						       NULL));
	}
	ck_assert(found);
	ck_assert_ptr_null(catan_ctx_variant_name(ctx, n));
	ck_assert_ptr_null(catan_ctx_variant_name(ctx, (size_t)-1));
	ck_assert_ptr_null(catan_ctx_module_name(ctx,
						 catan_ctx_module_count(ctx)));
	for (size_t i = 0; i < catan_ctx_module_count(ctx); i++)
		ck_assert_ptr_nonnull(catan_ctx_module_name(ctx, i));

	CATAN_ASSERT_ERR(catan_ctx_variant_info(NULL, "base", &desc, &lo, &hi),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_ctx_variant_info(ctx, NULL, &desc, &lo, &hi),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_ctx_variant_info(ctx, "no_such_variant", &desc,
						&lo, &hi), CATAN_ENOTFOUND);
	CATAN_ASSERT_ERR(catan_ctx_variant_info(ctx, "", &desc, &lo, &hi),
			 CATAN_ENOTFOUND);
	CATAN_ASSERT_OK(catan_ctx_variant_info(ctx, "base", &desc, &lo, &hi));
	ck_assert_ptr_nonnull(desc);
	ck_assert(desc[0] != '\0');
	ck_assert_int_eq(lo, 3);
	ck_assert_int_eq(hi, 4);
	catan_ctx_free(ctx);
}
END_TEST

/* ----------------------------------------------------------------- games */

static void
expect_game_error(catan_ctx *ctx, const char *spec, int want)
{
	catan_game *g = NULL;
	int rc = catan_game_new_from_string(&g, ctx, spec);

	ck_assert_msg(rc == want, "\"%s\": %d (%s), expected %d (%s)", spec, rc,
		      catan_strerror(rc), want, catan_strerror(want));
	ck_assert_msg(g == NULL, "\"%s\": game set on failure", spec);
	ck_assert_msg(catan_ctx_errmsg(ctx)[0] != '\0', "\"%s\": no message",
		      spec);
}

static void
expect_game_refused(catan_ctx *ctx, const char *spec)
{
	catan_game *g = NULL;
	int rc = catan_game_new_from_string(&g, ctx, spec);

	ck_assert_msg(rc == CATAN_EPARSE || rc == CATAN_EINVAL ||
		      rc == CATAN_ENOTFOUND, "\"%s\": %d (%s)", spec, rc,
		      catan_strerror(rc));
	ck_assert_ptr_null(g);
}

static void
expect_options_error(catan_ctx *ctx, const catan_game_options *o, int want,
		     const char *what)
{
	catan_game *g = NULL;
	int rc = catan_game_new(&g, ctx, "base", o);

	ck_assert_msg(rc == want, "%s: %d (%s), expected %d (%s)", what, rc,
		      catan_strerror(rc), want, catan_strerror(want));
	ck_assert_ptr_null(g);
	ck_assert_msg(catan_ctx_errmsg(ctx)[0] != '\0', "%s: no message", what);
}

START_TEST(test_game_arguments)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game_options o, init = CATAN_GAME_OPTIONS_INIT;
	const char *const bad_modules[] = { "no_such_module", NULL };
	catan_game *g = NULL;
	char buf[16];
	size_t len = 0;

	CATAN_ASSERT_ERR(catan_game_options_init(NULL, CATAN_GAME_OPTIONS_VERSION),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_game_options_init(&o, CATAN_GAME_OPTIONS_VERSION + 1),
			 CATAN_EVERSION);
	CATAN_ASSERT_OK(catan_game_options_init(&o, CATAN_GAME_OPTIONS_VERSION));
	ck_assert_uint_eq(o.version, init.version);
	ck_assert_uint_eq(o.num_players, init.num_players);
	ck_assert_uint_eq(o.chance_mode, init.chance_mode);
	ck_assert_uint_eq(o.max_turns, init.max_turns);
	ck_assert_ptr_null(o.params);
	ck_assert_ptr_null(o.modules);

	CATAN_ASSERT_ERR(catan_game_new(NULL, ctx, "base", NULL), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_game_new(&g, ctx, NULL, NULL), CATAN_EINVAL);
	ck_assert_ptr_null(g);
	CATAN_ASSERT_ERR(catan_game_new(&g, ctx, "no_such_variant", NULL),
			 CATAN_ENOTFOUND);
	ck_assert_ptr_null(g);

	o.version = CATAN_GAME_OPTIONS_VERSION + 1;
	expect_options_error(ctx, &o, CATAN_EVERSION, "options version");
	o = init;
	o.num_players = 2;
	expect_options_error(ctx, &o, CATAN_EINVAL, "2 players");
	o.num_players = 5;
	expect_options_error(ctx, &o, CATAN_EINVAL, "5 players");
	o = init;
	o.chance_mode = 2;
	expect_options_error(ctx, &o, CATAN_EINVAL, "chance mode 2");
	o = init;
	o.max_turns = 1000001;
	expect_options_error(ctx, &o, CATAN_EINVAL, "max_turns 1000001");
	o = init;
	o.params = "no_such_param=1";
	expect_options_error(ctx, &o, CATAN_ENOTFOUND, "unknown parameter");
	o.params = "vp=2";
	expect_options_error(ctx, &o, CATAN_EINVAL, "vp=2");
	o.params = "vp=21";
	expect_options_error(ctx, &o, CATAN_EINVAL, "vp=21");
	o.params = "board=hexagonal";
	expect_options_error(ctx, &o, CATAN_EINVAL, "board=hexagonal");
	o.params = "offer_max=4";
	expect_options_error(ctx, &o, CATAN_EINVAL, "offer_max=4");
	o = init;
	o.modules = bad_modules;
	expect_options_error(ctx, &o, CATAN_ENOTFOUND, "unknown module");

	CATAN_ASSERT_ERR(catan_game_new_from_string(NULL, ctx, "base"),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_game_new_from_string(&g, ctx, NULL), CATAN_EINVAL);
	ck_assert_ptr_null(g);
	expect_game_error(ctx, "", CATAN_EPARSE);
	expect_game_error(ctx, "base(", CATAN_EPARSE);
	expect_game_error(ctx, "base(players=3", CATAN_EPARSE);
	expect_game_error(ctx, "base)", CATAN_EPARSE);
	expect_game_error(ctx, "base(players=3))", CATAN_EPARSE);
	expect_game_error(ctx, "no_such_variant", CATAN_ENOTFOUND);
	expect_game_error(ctx, "no_such_variant(players=3)", CATAN_ENOTFOUND);
	expect_game_error(ctx, "base(no_such_param=1)", CATAN_ENOTFOUND);
	expect_game_error(ctx, "base(players=2)", CATAN_EINVAL);
	expect_game_error(ctx, "base(players=5)", CATAN_EINVAL);
	expect_game_error(ctx, "base(vp=21)", CATAN_EINVAL);
	expect_game_error(ctx, "base(max_turns=1000001)", CATAN_EINVAL);
	expect_game_error(ctx, "base(board=hexagonal)", CATAN_EINVAL);
	expect_game_error(ctx, "base(chance=sometimes)", CATAN_EINVAL);
	expect_game_error(ctx, "base(players=3)+no_such_module", CATAN_ENOTFOUND);
	expect_game_refused(ctx, "base(players=abc)");
	expect_game_refused(ctx, "base(players=)");
	expect_game_refused(ctx, "base(=3)");
	expect_game_refused(ctx, "base(players=3,players=4)");
	expect_game_refused(ctx, "base(players=3,,seed=1)");
	expect_game_refused(ctx, "base(players=3)+");
	expect_game_refused(ctx, "base(seed=-1)");
	expect_game_refused(ctx, "base(players=99999999999999999999999)");
	expect_game_refused(ctx, "base(players=3\n)");

	g = catan_test_game_new(ctx, "base(players=3,seed=42,board=beginner)");
	CATAN_ASSERT_ERR(catan_game_to_string(NULL, buf, sizeof(buf), &len),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_game_to_string(g, NULL, 5, &len), CATAN_EINVAL);
	ck_assert_ptr_null(catan_game_ref(NULL));
	catan_game_unref(NULL);
	ck_assert_ptr_eq(catan_game_ref(g), g);
	catan_game_unref(g);
	ck_assert_str_eq(catan_game_variant(g), "base");
	ck_assert_ptr_null(catan_game_variant(NULL));
	ck_assert_int_eq(catan_game_num_players(g), 3);
	ck_assert_int_eq(catan_game_num_players(NULL), CATAN_EINVAL);
	ck_assert_int_eq(catan_game_chance_mode(g), CATAN_CHANCE_SAMPLED);
	ck_assert_int_eq(catan_game_chance_mode(NULL), CATAN_EINVAL);
	ck_assert_int_eq(catan_game_vp_to_win(g), 10);
	ck_assert_int_eq(catan_game_vp_to_win(NULL), CATAN_EINVAL);
	ck_assert_uint_eq(catan_game_max_legal_actions(NULL), 0);
	ck_assert_uint_eq(catan_game_max_chance_outcomes(NULL), 0);
	ck_assert_uint_gt(catan_game_max_legal_actions(g), 0);
	ck_assert_uint_ge(catan_game_max_chance_outcomes(g), 11);
	ck_assert_ptr_null(catan_game_param(NULL, "seed"));
	ck_assert_ptr_null(catan_game_param(g, NULL));
	ck_assert_ptr_null(catan_game_param(g, "no_such_param"));
	ck_assert_ptr_null(catan_game_param(g, ""));
	ck_assert_str_eq(catan_game_param(g, "seed"), "42");
	ck_assert_str_eq(catan_game_param(g, "board"), "beginner");
	ck_assert_str_eq(catan_game_param(g, "vp"), "10");
	ck_assert_str_eq(catan_game_param(g, "players"), "3");
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

static void
game_string(const catan_game *g, char *buf, size_t cap)
{
	size_t len = 0;

	CATAN_ASSERT_OK(catan_game_to_string(g, buf, cap, &len));
	ck_assert_uint_eq(len, strlen(buf));
}

START_TEST(test_game_options_equal_string)
{
	static const char *const canonical =
		"base(players=3,seed=42,chance=explicit,max_turns=7,"
		"board=beginner,numbers=random,setup=snake,phases=strict,"
		"vp=12,offer_max=2,tiles=none,harbors=none)";
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game_options o = CATAN_GAME_OPTIONS_INIT;
	catan_game *a = NULL, *b, *c, *d, *e;
	catan_state *sa, *sb;
	char s1[512], s2[512], s3[512];

	o.num_players = 3;
	o.seed = 42;
	o.chance_mode = CATAN_CHANCE_EXPLICIT;
	o.max_turns = 7;
	o.params = "board=beginner,vp=12,offer_max=2";
	CATAN_ASSERT_OK(catan_game_new(&a, ctx, "base", &o));
	b = catan_test_game_new(ctx,
		"base(offer_max=2,vp=12,board=beginner,max_turns=7,"
		"chance=explicit,seed=42,players=3)");
	c = catan_test_game_new(ctx, canonical);
	game_string(a, s1, sizeof(s1));
	game_string(b, s2, sizeof(s2));
	game_string(c, s3, sizeof(s3));
	ck_assert_str_eq(s1, canonical);
	ck_assert_str_eq(s2, canonical);
	ck_assert_str_eq(s3, canonical);
	ck_assert_int_eq(catan_game_num_players(a), catan_game_num_players(b));
	ck_assert_int_eq(catan_game_chance_mode(a), CATAN_CHANCE_EXPLICIT);
	ck_assert_int_eq(catan_game_vp_to_win(a), 12);
	ck_assert_uint_eq(catan_game_max_legal_actions(a),
			  catan_game_max_legal_actions(b));
	ck_assert_str_eq(catan_game_param(a, "offer_max"), "2");
	ck_assert_str_eq(catan_game_param(a, "max_turns"), "7");
	ck_assert_str_eq(catan_game_param(a, "chance"), "explicit");

	/* equal games start from equal positions */
	sa = catan_test_state_new(a);
	sb = catan_test_state_new(b);
	ck_assert_uint_eq(catan_state_size(sa), catan_state_size(sb));
	ck_assert(catan_state_hash(sa) == catan_state_hash(sb));
	catan_state_free(sa);
	catan_state_free(sb);

	/* defaults: no options, an empty list and no list name one game */
	CATAN_ASSERT_OK(catan_game_new(&d, ctx, "base", NULL));
	e = catan_test_game_new(ctx, "base");
	game_string(d, s1, sizeof(s1));
	game_string(e, s2, sizeof(s2));
	ck_assert_str_eq(s1, s2);
	catan_game_unref(e);
	e = catan_test_game_new(ctx, "base()");
	game_string(e, s2, sizeof(s2));
	ck_assert_str_eq(s1, s2);
	ck_assert_str_eq(s1,
		"base(players=4,seed=0,chance=sampled,max_turns=0,"
		"board=random,numbers=random,setup=snake,phases=strict,"
		"vp=10,offer_max=1,tiles=none,harbors=none)");
	catan_game_unref(e);
	/* the canonical string makes the same game again */
	e = catan_test_game_new(ctx, s1);
	game_string(e, s2, sizeof(s2));
	ck_assert_str_eq(s1, s2);

	catan_game_unref(a);
	catan_game_unref(b);
	catan_game_unref(c);
	catan_game_unref(d);
	catan_game_unref(e);
	catan_ctx_free(ctx);
}
END_TEST

/* ----------------------------------------------------------------- board */

START_TEST(test_board_arguments)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, "base(players=4,seed=3)");
	catan_board_counts bc;
	catan_hex_info hi;
	catan_vertex_info vi;
	catan_edge_info ei;
	catan_harbor_info ha;

	CATAN_ASSERT_ERR(catan_board_counts_get(NULL, &bc), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_board_counts_get(g, NULL), CATAN_EINVAL);
	CATAN_ASSERT_OK(catan_board_counts_get(g, &bc));
	ck_assert_uint_eq(bc.hexes, 19);
	ck_assert_uint_eq(bc.vertices, 54);
	ck_assert_uint_eq(bc.edges, 72);
	ck_assert_uint_eq(bc.harbors, 9);

	CATAN_ASSERT_ERR(catan_board_hex(NULL, 0, &hi), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_board_hex(g, 0, NULL), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_board_hex(g, bc.hexes, &hi), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_board_hex(g, (unsigned)-1, &hi), CATAN_EINVAL);
	CATAN_ASSERT_OK(catan_board_hex(g, bc.hexes - 1, &hi));
	CATAN_ASSERT_ERR(catan_board_vertex(NULL, 0, &vi), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_board_vertex(g, 0, NULL), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_board_vertex(g, bc.vertices, &vi), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_board_vertex(g, CATAN_NONE, &vi), CATAN_EINVAL);
	CATAN_ASSERT_OK(catan_board_vertex(g, bc.vertices - 1, &vi));
	CATAN_ASSERT_ERR(catan_board_edge(NULL, 0, &ei), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_board_edge(g, 0, NULL), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_board_edge(g, bc.edges, &ei), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_board_edge(g, CATAN_NONE, &ei), CATAN_EINVAL);
	CATAN_ASSERT_OK(catan_board_edge(g, bc.edges - 1, &ei));
	CATAN_ASSERT_ERR(catan_board_harbor(NULL, 0, &ha), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_board_harbor(g, 0, NULL), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_board_harbor(g, bc.harbors, &ha), CATAN_EINVAL);
	CATAN_ASSERT_OK(catan_board_harbor(g, bc.harbors - 1, &ha));
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

static const char *const corner_names[6] = { "n", "ne", "se", "s", "sw", "nw" };

START_TEST(test_location_notation)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, "base(players=4,seed=5)");
	static const int kinds[3] = {
		CATAN_LOC_HEX, CATAN_LOC_VERTEX, CATAN_LOC_EDGE
	};
	catan_board_counts bc;
	char buf[64], text[64];
	size_t len = 0;
	int kind = 0;
	unsigned id = 0;

	CATAN_ASSERT_OK(catan_board_counts_get(g, &bc));

	/* every id formats and parses back */
	for (int k = 0; k < 3; k++) {
		unsigned n = kinds[k] == CATAN_LOC_HEX ? bc.hexes :
			     kinds[k] == CATAN_LOC_VERTEX ? bc.vertices :
			     bc.edges;

		for (unsigned i = 0; i < n; i++) {
			CATAN_ASSERT_OK(catan_location_format(g, kinds[k], i, buf,
							      sizeof(buf), &len));
			ck_assert_uint_eq(len, strlen(buf));
			CATAN_ASSERT_OK(catan_location_parse(g, buf, &kind, &id));
			ck_assert_msg(kind == kinds[k] && id == i,
				      "\"%s\" (kind %d id %u) parses as %d %u",
				      buf, kinds[k], i, kind, id);
		}
		CATAN_ASSERT_ERR(catan_location_format(g, kinds[k], n, buf,
						       sizeof(buf), &len),
				 CATAN_EINVAL);
	}

	/* every spelling of a corner or side parses to the board's id */
	for (unsigned h = 0; h < bc.hexes; h++) {
		catan_hex_info hi;

		CATAN_ASSERT_OK(catan_board_hex(g, h, &hi));
		for (int c = 0; c < 6; c++) {
			int c2 = (c + 1) % 6;

			snprintf(text, sizeof(text), "h%u.%s", h, corner_names[c]);
			CATAN_ASSERT_OK(catan_location_parse(g, text, &kind, &id));
			ck_assert_int_eq(kind, CATAN_LOC_VERTEX);
			ck_assert_uint_eq(id, hi.vertices[c]);
			snprintf(text, sizeof(text), "h%u.%s-%s", h,
				 corner_names[c], corner_names[c2]);
			CATAN_ASSERT_OK(catan_location_parse(g, text, &kind, &id));
			ck_assert_int_eq(kind, CATAN_LOC_EDGE);
			ck_assert_uint_eq(id, hi.edges[c]);
			snprintf(text, sizeof(text), "h%u.%s-%s", h,
				 corner_names[c2], corner_names[c]);
			CATAN_ASSERT_OK(catan_location_parse(g, text, &kind, &id));
			ck_assert_int_eq(kind, CATAN_LOC_EDGE);
			ck_assert_uint_eq(id, hi.edges[c]);
		}
	}

	/* canonical spellings and raw ids */
	CATAN_ASSERT_OK(catan_location_format(g, CATAN_LOC_HEX, 3, buf,
					      sizeof(buf), NULL));
	ck_assert_str_eq(buf, "h3");
	CATAN_ASSERT_OK(catan_location_format(g, CATAN_LOC_VERTEX, 0, buf,
					      sizeof(buf), NULL));
	ck_assert_str_eq(buf, "h0.n");
	CATAN_ASSERT_OK(catan_location_format(g, CATAN_LOC_EDGE, 0, buf,
					      sizeof(buf), NULL));
	ck_assert_str_eq(buf, "h0.n-ne");
	CATAN_ASSERT_OK(catan_location_parse(g, "h0.n-nw", &kind, &id));
	CATAN_ASSERT_OK(catan_location_format(g, kind, id, buf, sizeof(buf),
					      NULL));
	ck_assert_str_eq(buf, "h0.n-nw");
	CATAN_ASSERT_OK(catan_location_parse(g, "v12", &kind, &id));
	ck_assert_int_eq(kind, CATAN_LOC_VERTEX);
	ck_assert_uint_eq(id, 12);
	CATAN_ASSERT_OK(catan_location_parse(g, "e40", &kind, &id));
	ck_assert_int_eq(kind, CATAN_LOC_EDGE);
	ck_assert_uint_eq(id, 40);

	/* arguments and malformed text */
	CATAN_ASSERT_ERR(catan_location_parse(NULL, "h3", &kind, &id),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_location_parse(g, NULL, &kind, &id),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_location_parse(g, "h3", NULL, &id),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_location_parse(g, "h3", &kind, NULL),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_location_parse(g, "", &kind, &id), CATAN_EPARSE);
	CATAN_ASSERT_ERR(catan_location_parse(g, "h", &kind, &id), CATAN_EPARSE);
	CATAN_ASSERT_ERR(catan_location_parse(g, "x3", &kind, &id),
			 CATAN_EPARSE);
	CATAN_ASSERT_ERR(catan_location_parse(g, "h3.", &kind, &id),
			 CATAN_EPARSE);
	CATAN_ASSERT_ERR(catan_location_parse(g, "h3.up", &kind, &id),
			 CATAN_EPARSE);
	CATAN_ASSERT_ERR(catan_location_parse(g, " h3", &kind, &id),
			 CATAN_EPARSE);
	CATAN_ASSERT_ERR(catan_location_parse(g, "h19", &kind, &id),
			 CATAN_ENOTFOUND);
	CATAN_ASSERT_ERR(catan_location_parse(g, "v54", &kind, &id),
			 CATAN_ENOTFOUND);
	CATAN_ASSERT_ERR(catan_location_parse(g, "e72", &kind, &id),
			 CATAN_ENOTFOUND);
	CATAN_ASSERT_ERR(catan_location_parse(g, "h99999999999999999999",
					      &kind, &id), CATAN_ENOTFOUND);
	ck_assert_int_ne(catan_location_parse(g, "h3.n-se", &kind, &id),
			 CATAN_OK);
	ck_assert_int_ne(catan_location_parse(g, "h3.n-n", &kind, &id),
			 CATAN_OK);

	CATAN_ASSERT_ERR(catan_location_format(NULL, CATAN_LOC_HEX, 0, buf,
					       sizeof(buf), &len), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_location_format(g, 0, 0, buf, sizeof(buf), &len),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_location_format(g, 4, 0, buf, sizeof(buf), &len),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_location_format(g, CATAN_LOC_HEX, 0, NULL, 8,
					       &len), CATAN_EINVAL);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* --------------------------------------------------------------- buffers */

/* A text API: size query, short buffer, exact buffer, no write past cap. */
typedef int (*text_fn)(const void *obj, const void *arg, char *buf, size_t cap,
		       size_t *len_out);

static void
check_text_buffers(text_fn fn, const void *obj, const void *arg,
		   const char *expect)
{
	size_t want = strlen(expect), len = 12345;
	char buf[512];

	ck_assert_uint_lt(want + 8, sizeof(buf));
	CATAN_ASSERT_ERR(fn(obj, arg, NULL, 0, &len), CATAN_EBUFS);
	ck_assert_uint_eq(len, want);
	len = 0;
	CATAN_ASSERT_ERR(fn(obj, arg, NULL, 0, NULL), CATAN_EBUFS);
	for (size_t cap = 1; cap <= want; cap++) {
		memset(buf, CANARY, sizeof(buf));
		len = 0;
		CATAN_ASSERT_ERR(fn(obj, arg, buf, cap, &len), CATAN_EBUFS);
		ck_assert_uint_eq(len, want);
		for (size_t i = cap; i < sizeof(buf); i++)
			ck_assert_msg((unsigned char)buf[i] == CANARY,
				      "cap %zu: byte %zu written", cap, i);
	}
	memset(buf, CANARY, sizeof(buf));
	len = 0;
	CATAN_ASSERT_OK(fn(obj, arg, buf, want + 1, &len));
	ck_assert_uint_eq(len, want);
	ck_assert_str_eq(buf, expect);
	ck_assert((unsigned char)buf[want + 1] == CANARY);
	CATAN_ASSERT_OK(fn(obj, arg, buf, sizeof(buf), NULL));
	ck_assert_str_eq(buf, expect);
}

static int
game_string_fn(const void *obj, const void *arg, char *buf, size_t cap,
	       size_t *len_out)
{
	return catan_game_to_string(obj, buf, cap, len_out);
}

static int
action_format_fn(const void *obj, const void *arg, char *buf, size_t cap,
		 size_t *len_out)
{
	return catan_action_format(obj, arg, buf, cap, len_out);
}

static int
edge_format_fn(const void *obj, const void *arg, char *buf, size_t cap,
	       size_t *len_out)
{
	return catan_location_format(obj, CATAN_LOC_EDGE, *(const unsigned *)arg,
				     buf, cap, len_out);
}

START_TEST(test_buffer_sizes)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx,
		"base(players=3,seed=9,chance=explicit,board=beginner)");
	catan_state *s = catan_test_state_new(g);
	char canon[512];
	catan_action a = CATAN_ACTION_INIT, act[64];
	catan_chance_outcome out[8];
	unsigned edge = 0;
	size_t n = 0, n2;
	uint64_t h;

	game_string(g, canon, sizeof(canon));
	check_text_buffers(game_string_fn, g, NULL, canon);
	CATAN_ASSERT_OK(catan_action_parse(s,
		"p0 maritime_trade give lumber=4 get ore=1", &a));
	check_text_buffers(action_format_fn, g, &a,
			   "p0 maritime_trade give lumber=4 get ore=1");
	CATAN_ASSERT_OK(catan_location_parse(g, "h0.n-ne", &(int){ 0 }, &edge));
	check_text_buffers(edge_format_fn, g, &edge, "h0.n-ne");

	/* chance outcomes at the roll-off: one per player */
	h = catan_state_hash(s);
	CATAN_ASSERT_ERR(catan_state_chance_outcomes(s, NULL, 0, &n),
			 CATAN_EBUFS);
	ck_assert_uint_eq(n, 3);
	memset(out, CANARY, sizeof(out));
	n = 0;
	CATAN_ASSERT_ERR(catan_state_chance_outcomes(s, out, 2, &n), CATAN_EBUFS);
	ck_assert_uint_eq(n, 3);
	for (size_t i = 2 * sizeof(out[0]); i < sizeof(out); i++)
		ck_assert(((unsigned char *)out)[i] == CANARY);
	CATAN_ASSERT_OK(catan_state_chance_outcomes(s, out, 3, &n));
	ck_assert_uint_eq(n, 3);
	CATAN_ASSERT_ERR(catan_state_chance_outcomes(s, NULL, 3, &n),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_chance_outcomes(s, out, 3, NULL),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_chance_outcomes(NULL, out, 3, &n),
			 CATAN_EINVAL);
	ck_assert(catan_state_hash(s) == h);

	/* the first settlement: every intersection is open */
	CATAN_APPLY(s, "chance first_player p1");
	h = catan_state_hash(s);
	n = 0;
	CATAN_ASSERT_ERR(catan_state_legal_actions(s, 1, NULL, 0, &n),
			 CATAN_EBUFS);
	ck_assert_uint_eq(n, 54);
	memset(act, CANARY, sizeof(act));
	n2 = 0;
	CATAN_ASSERT_ERR(catan_state_legal_actions(s, 1, act, 5, &n2),
			 CATAN_EBUFS);
	ck_assert_uint_eq(n2, 54);
	for (size_t i = 5 * sizeof(act[0]); i < sizeof(act); i++)
		ck_assert(((unsigned char *)act)[i] == CANARY);
	n2 = 0;
	CATAN_ASSERT_ERR(catan_state_legal_actions(s, 1, act, 53, &n2),
			 CATAN_EBUFS);
	ck_assert_uint_eq(n2, 54);
	memset(act, CANARY, sizeof(act));
	CATAN_ASSERT_OK(catan_state_legal_actions(s, 1, act, 54, &n2));
	ck_assert_uint_eq(n2, 54);
	for (size_t i = 54 * sizeof(act[0]); i < sizeof(act); i++)
		ck_assert(((unsigned char *)act)[i] == CANARY);
	/* nothing to list is no error, even without a buffer */
	n2 = 99;
	CATAN_ASSERT_OK(catan_state_legal_actions(s, 0, NULL, 0, &n2));
	ck_assert_uint_eq(n2, 0);
	n2 = 99;
	CATAN_ASSERT_OK(catan_state_chance_outcomes(s, NULL, 0, &n2));
	ck_assert_uint_eq(n2, 0);
	ck_assert(catan_state_hash(s) == h);

	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- states */

START_TEST(test_state_arguments)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, "base(players=3,seed=4)");
	catan_state *s = catan_test_state_new(g);
	catan_state *out = NULL, *before;
	catan_action a = CATAN_ACTION_INIT, buf[4];
	catan_chance_outcome ob[4];
	catan_player_info pi;
	uint8_t cards[CATAN_MAX_CARD_KINDS];
	double ret[CATAN_MAX_PLAYERS];
	int owner = 0, reason = 0;
	size_t n = 0;
	uint64_t h = catan_state_hash(s);
	static const int bad_players[] = {
		-100, CATAN_OBSERVER_ALL, CATAN_OBSERVER_PUBLIC,
		CATAN_PLAYER_TERMINAL, CATAN_PLAYER_INVALID,
		CATAN_PLAYER_SIMULTANEOUS, CATAN_PLAYER_CHANCE, 3, 4,
		CATAN_MAX_PLAYERS, 1000
	};

	CATAN_ASSERT_OK(catan_state_clone(&before, s));
	CATAN_ASSERT_ERR(catan_state_new(NULL, g), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_new(&out, NULL), CATAN_EINVAL);
	ck_assert_ptr_null(out);
	catan_state_free(NULL);
	CATAN_ASSERT_ERR(catan_state_clone(NULL, s), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_clone(&out, NULL), CATAN_EINVAL);
	ck_assert_ptr_null(out);
	CATAN_ASSERT_ERR(catan_state_copy(NULL, s), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_copy(s, NULL), CATAN_EINVAL);
	CATAN_ASSERT_OK(catan_state_copy(s, s));
	ck_assert_ptr_null(catan_state_game(NULL));
	ck_assert_ptr_eq(catan_state_game(s), g);
	ck_assert_uint_eq(catan_state_size(NULL), 0);
	ck_assert_uint_gt(catan_state_size(s), 0);
	ck_assert_ptr_nonnull(catan_state_errmsg(NULL));
	ck_assert_ptr_nonnull(catan_state_errmsg(s));
	ck_assert_int_lt(catan_state_current_player(NULL), 0);
	ck_assert_int_eq(catan_state_turn_player(NULL), CATAN_PLAYER_INVALID);
	ck_assert_uint_eq(catan_state_acting_players(NULL), 0);
	(void)catan_state_is_terminal(NULL);
	(void)catan_state_is_chance_node(NULL);
	ck_assert_int_eq(catan_state_phase(NULL), CATAN_EINVAL);
	ck_assert_ptr_nonnull(catan_state_phase_name(NULL, 0));
	ck_assert_str_eq(catan_state_phase_name(s, -1), "unknown");
	ck_assert_str_eq(catan_state_phase_name(s, 11), "unknown");
	ck_assert_str_eq(catan_state_phase_name(s, CATAN_PHASE_VARIANT_BASE),
			 "unknown");
	for (int p = CATAN_PHASE_START; p <= CATAN_PHASE_GAME_OVER; p++) {
		const char *name = catan_state_phase_name(s, p);

		ck_assert_ptr_nonnull(name);
		ck_assert_str_ne(name, "unknown");
		for (int q = CATAN_PHASE_START; q < p; q++)
			ck_assert_str_ne(name, catan_state_phase_name(s, q));
	}
	ck_assert_str_eq(catan_state_phase_name(s, CATAN_PHASE_MAIN), "main");
	ck_assert_str_eq(catan_state_phase_name(s, CATAN_PHASE_DISCARD),
			 "discard");
	ck_assert_uint_eq(catan_state_move_number(NULL), 0);
	ck_assert_uint_eq(catan_state_turn_number(NULL), 0);
	(void)catan_state_hash(NULL);
	ck_assert_int_eq(catan_state_equal(NULL, s), 0);
	ck_assert_int_eq(catan_state_equal(s, NULL), 0);
	ck_assert_int_eq(catan_state_equal(NULL, NULL), 0);

	CATAN_ASSERT_ERR(catan_state_legal_actions(NULL, 0, buf, 4, &n),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_legal_actions(s, 0, NULL, 4, &n),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_legal_actions(s, 0, buf, 4, NULL),
			 CATAN_EINVAL);
	for (size_t i = 0; i < sizeof(bad_players) / sizeof(bad_players[0]); i++)
		CATAN_ASSERT_ERR(catan_state_legal_actions(s, bad_players[i],
							   buf, 4, &n),
				 CATAN_EINVAL);

	CATAN_ASSERT_ERR(catan_state_check_action(NULL, &a, &reason),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_check_action(s, NULL, &reason),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_apply(NULL, &a), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_apply(s, NULL), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_apply_unchecked(NULL, &a), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_apply_unchecked(s, NULL), CATAN_EINVAL);
	(void)catan_state_last_reason(NULL);
	CATAN_ASSERT_ERR(catan_state_chance_outcomes(NULL, ob, 4, &n),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_resolve_chance(NULL), CATAN_EINVAL);
	CATAN_ASSERT_OK(catan_state_resolve_chance(s));

	CATAN_ASSERT_ERR(catan_state_victory_points(NULL, 0, 1), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_returns(NULL, ret, CATAN_MAX_PLAYERS),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_returns(s, NULL, CATAN_MAX_PLAYERS),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_returns(s, ret, 2), CATAN_EINVAL);
	CATAN_ASSERT_OK(catan_state_returns(s, ret, 3));
	CATAN_ASSERT_ERR(catan_state_player(NULL, 0, &pi), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_player(s, 0, NULL), CATAN_EINVAL);
	for (size_t i = 0; i < sizeof(bad_players) / sizeof(bad_players[0]); i++) {
		CATAN_ASSERT_ERR(catan_state_player(s, bad_players[i], &pi),
				 CATAN_EINVAL);
		CATAN_ASSERT_ERR(catan_state_victory_points(s, bad_players[i],
							    1), CATAN_EINVAL);
		CATAN_ASSERT_ERR(catan_state_victory_points(s, bad_players[i],
							    0), CATAN_EINVAL);
	}
	CATAN_ASSERT_ERR(catan_state_bank(NULL, cards), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_bank(s, NULL), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_dev_deck(NULL, cards), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_dev_deck(s, NULL), CATAN_EINVAL);
	ck_assert_int_eq(catan_state_robber(NULL), CATAN_EINVAL);
	ck_assert_int_eq(catan_state_dice(NULL), CATAN_EINVAL);
	ck_assert_int_eq(catan_state_winner(NULL), -1);
	ck_assert_int_eq(catan_state_vertex_piece(NULL, 0, &owner),
			 CATAN_EINVAL);
	ck_assert_int_eq(catan_state_vertex_piece(s, 54, &owner), CATAN_EINVAL);
	ck_assert_int_eq(catan_state_vertex_piece(s, CATAN_NONE, &owner),
			 CATAN_EINVAL);
	ck_assert_int_eq(catan_state_vertex_piece(s, 53, NULL),
			 CATAN_PIECE_NONE);
	ck_assert_int_eq(catan_state_edge_piece(NULL, 0, &owner), CATAN_EINVAL);
	ck_assert_int_eq(catan_state_edge_piece(s, 72, &owner), CATAN_EINVAL);
	ck_assert_int_eq(catan_state_edge_piece(s, (unsigned)-1, &owner),
			 CATAN_EINVAL);
	ck_assert_int_eq(catan_state_edge_piece(s, 71, NULL), CATAN_PIECE_NONE);
	(void)catan_state_longest_road_holder(NULL);
	(void)catan_state_largest_army_holder(NULL);
	ck_assert_int_eq(catan_state_longest_road_holder(s), -1);
	ck_assert_int_eq(catan_state_largest_army_holder(s), -1);

	/* nothing above touched the state */
	ck_assert(catan_state_hash(s) == h);
	ck_assert(catan_state_equal(s, before));
	catan_state_free(before);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

START_TEST(test_action_notation_arguments)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, "base(players=3,seed=4)");
	catan_state *s = catan_test_state_new(g);
	catan_action a = CATAN_ACTION_INIT, b;
	char buf[128], *huge;
	size_t len;
	static const char *const malformed[] = {
		"", " ", "p0", "p0 ", "p", "px roll", "p0 roll extra",
		"p0 discard", "p0 discard ore", "p0 discard ore=",
		"p0 discard ore=x", "p0 discard ore=1,", "p0 discard =1",
		"p0 maritime_trade give lumber=4", "chance", "chance dice",
		"chance dice x", "p0 build_road", "p0 steal", "p0 steal x1",
		"p0 roll\n"
	};
	static const char *const unknown[] = {
		"p0 fly", "p0 build_road h99.n-ne", "p0 build_settlement v99",
		"p0 discard unobtainium=1", "chance flip_coin heads",
		"p0 play_monopoly gold"
	};

	CATAN_ASSERT_ERR(catan_action_parse(NULL, "p0 roll", &a), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_action_parse(s, NULL, &a), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_action_parse(s, "p0 roll", NULL), CATAN_EINVAL);
	CATAN_ASSERT_OK(catan_action_parse(s, "p0 roll", &a));
	ck_assert_int_eq(a.type, CATAN_ACT_ROLL);
	ck_assert_int_eq(a.player, 0);
	for (size_t i = 0; i < sizeof(malformed) / sizeof(malformed[0]); i++) {
		int rc = catan_action_parse(s, malformed[i], &b);

		ck_assert_msg(rc == CATAN_EPARSE || rc == CATAN_ENOTFOUND,
			      "\"%s\": %d", malformed[i], rc);
		ck_assert_msg(catan_state_errmsg(s)[0] != '\0',
			      "\"%s\": no message", malformed[i]);
	}
	for (size_t i = 0; i < sizeof(unknown) / sizeof(unknown[0]); i++)
		ck_assert_msg(catan_action_parse(s, unknown[i], &b) ==
			      CATAN_ENOTFOUND, "\"%s\"", unknown[i]);
	huge = malloc(100001);
	ck_assert_ptr_nonnull(huge);
	memset(huge, '1', 100000);
	huge[0] = 'p';
	huge[100000] = '\0';
	ck_assert_int_ne(catan_action_parse(s, huge, &b), CATAN_OK);
	memcpy(huge, "p0 discard ore=", 15);
	ck_assert_int_ne(catan_action_parse(s, huge, &b), CATAN_OK);
	free(huge);

	CATAN_ASSERT_ERR(catan_action_format(NULL, &a, buf, sizeof(buf), &len),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_action_format(g, NULL, buf, sizeof(buf), &len),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_action_format(g, &a, NULL, 5, &len),
			 CATAN_EINVAL);
	b = a;
	b.type = 999;
	CATAN_ASSERT_ERR(catan_action_format(g, &b, buf, sizeof(buf), &len),
			 CATAN_EINVAL);
	b = a;
	b.type = CATAN_ACT_BUILD_ROAD;
	b.target = 9999;
	CATAN_ASSERT_ERR(catan_action_format(g, &b, buf, sizeof(buf), &len),
			 CATAN_EINVAL);
	b = a;
	b.type = CATAN_ACT_MOVE_ROBBER;
	b.target = 19;
	CATAN_ASSERT_ERR(catan_action_format(g, &b, buf, sizeof(buf), &len),
			 CATAN_EINVAL);
	b = a;
	b.player = 20;
	CATAN_ASSERT_ERR(catan_action_format(g, &b, buf, sizeof(buf), &len),
			 CATAN_EINVAL);
	b = a;
	b.type = CATAN_ACT_PLAY_MONOPOLY;
	b.arg = 200;
	CATAN_ASSERT_ERR(catan_action_format(g, &b, buf, sizeof(buf), &len),
			 CATAN_EINVAL);

	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

START_TEST(test_edit_arguments)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, "base(players=3,seed=4)");
	catan_state *s = catan_test_state_new(g);
	catan_state *before;
	uint8_t bank[CATAN_MAX_CARD_KINDS];
	unsigned placed = 0;

	CATAN_ASSERT_OK(catan_state_clone(&before, s));

	CATAN_ASSERT_ERR(catan_edit_set_cards(NULL, 0, 0, 1), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_set_cards(s, -1, 0, 1), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_set_cards(s, 3, 0, 1), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_set_cards(s, 0, -1, 1), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_set_cards(s, 0, CATAN_MAX_CARD_KINDS, 1),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_set_cards(s, 0, 0, 20), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_set_cards(s, 0, 0, (unsigned)-1),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_give_dev_card(NULL, 0, 0, 1), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_give_dev_card(s, -1, 0, 1), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_give_dev_card(s, 3, 0, 1), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_give_dev_card(s, 0, -1, 1), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_give_dev_card(s, 0, CATAN_MAX_DEV_KINDS, 1),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_set_knights_played(NULL, 0, 1),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_set_knights_played(s, 3, 1), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_set_knights_played(s, 0, 15), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_place(NULL, 0, CATAN_PIECE_ROAD, 0),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_place(s, -1, CATAN_PIECE_ROAD, 0),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_place(s, 3, CATAN_PIECE_ROAD, 0),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_place(s, 0, CATAN_PIECE_NONE, 0),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_place(s, 0, 4, 0), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_place(s, 0, CATAN_PIECE_ROAD, 72),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_place(s, 0, CATAN_PIECE_SETTLEMENT, 54),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_remove(NULL, CATAN_PIECE_ROAD, 0),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_remove(s, CATAN_PIECE_ROAD, 0),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_remove(s, CATAN_PIECE_SETTLEMENT, 0),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_remove(s, CATAN_PIECE_ROAD, 72),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_set_robber(NULL, 0), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_set_robber(s, 19), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_set_robber(s, CATAN_NONE), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_set_turn(NULL, 0, CATAN_PHASE_ROLL, 0),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_set_turn(s, 3, CATAN_PHASE_ROLL, 0),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_set_turn(s, -1, CATAN_PHASE_ROLL, 0),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_set_turn(s, 0, CATAN_PHASE_DISCARD, 0),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_set_turn(s, 0, CATAN_PHASE_MAIN, 7),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_set_turn(s, 0, CATAN_PHASE_MAIN, 1),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_set_turn(s, 0, CATAN_PHASE_MAIN, 13),
			 CATAN_EINVAL);
	ck_assert(catan_state_equal(s, before));

	/* a city replaces the player's own settlement only */
	CATAN_ASSERT_OK(catan_edit_place(s, 2, CATAN_PIECE_SETTLEMENT, 53));
	CATAN_ASSERT_OK(catan_edit_place(s, 2, CATAN_PIECE_ROAD, 71));
	CATAN_ASSERT_OK(catan_state_copy(before, s));
	CATAN_ASSERT_ERR(catan_edit_place(s, 0, CATAN_PIECE_CITY, 53),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_place(s, 0, CATAN_PIECE_SETTLEMENT, 53),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_place(s, 0, CATAN_PIECE_ROAD, 71),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_edit_remove(s, CATAN_PIECE_ROAD, 70),
			 CATAN_EINVAL);
	ck_assert(catan_state_equal(s, before));

	/* running out is refused too, and leaves the state as it was */
	CATAN_ASSERT_OK(catan_edit_set_cards(s, 0, CATAN_ORE, 19));
	CATAN_ASSERT_OK(catan_state_bank(s, bank));
	ck_assert_uint_eq(bank[CATAN_ORE], 0);
	CATAN_ASSERT_OK(catan_state_copy(before, s));
	CATAN_ASSERT_ERR(catan_edit_set_cards(s, 1, CATAN_ORE, 1), CATAN_EINVAL);
	for (int i = 0; i < 2; i++)
		CATAN_ASSERT_OK(catan_edit_give_dev_card(s, 0,
							 CATAN_DEV_MONOPOLY, 1));
	CATAN_ASSERT_OK(catan_state_copy(before, s));
	CATAN_ASSERT_ERR(catan_edit_give_dev_card(s, 1, CATAN_DEV_MONOPOLY, 1),
			 CATAN_EINVAL);
	ck_assert(catan_state_equal(s, before));
	for (unsigned v = 0; v < 54 && placed < 5; v++)
		if (catan_edit_place(s, 1, CATAN_PIECE_SETTLEMENT, v) == CATAN_OK)
			placed++;
	ck_assert_uint_eq(placed, 5);
	CATAN_ASSERT_OK(catan_state_copy(before, s));
	for (unsigned v = 0; v < 54; v++)
		CATAN_ASSERT_ERR(catan_edit_place(s, 1, CATAN_PIECE_SETTLEMENT,
						  v), CATAN_EINVAL);
	ck_assert(catan_state_equal(s, before));

	catan_state_free(before);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

START_TEST(test_action_compare)
{
	catan_action a = CATAN_ACTION_INIT, b;

	ck_assert_int_eq(catan_action_compare(&a, &a), 0);
	b = a;
	b.get[7] = 1;
	ck_assert_int_lt(catan_action_compare(&a, &b), 0);
	ck_assert_int_gt(catan_action_compare(&b, &a), 0);
	b = a;
	b.give[0] = 1;
	b.get[0] = 0;
	a.get[7] = 9;
	ck_assert_int_lt(catan_action_compare(&a, &b), 0);
	a = b;
	a.type = CATAN_ACT_ROLL;
	b.type = CATAN_ACT_END_TURN;
	a.player = 3;
	ck_assert_int_lt(catan_action_compare(&a, &b), 0);
	/* no order is promised for NULL, only that it does not crash */
	(void)catan_action_compare(NULL, NULL);
	(void)catan_action_compare(&a, NULL);
	(void)catan_action_compare(NULL, &a);
}
END_TEST

START_TEST(test_sink_arguments)
{
	catan_action a = CATAN_ACTION_INIT;

	/* the variant interface's entry points check arguments too */
	catan_sink_action(NULL, NULL);
	catan_sink_action(NULL, &a);
	catan_sink_outcome(NULL, NULL, 1, 1);
	catan_sink_outcome(NULL, &a, 1, 1);
}
END_TEST

/* ----------------------------------------------------- refusing actions */

static void
refuse(catan_state *s, const catan_action *a, int want_reason)
{
	catan_state *before;
	uint64_t h = catan_state_hash(s);
	uint32_t moves = catan_state_move_number(s);
	int reason = -1, rc;
	char text[128] = "?";

	catan_action_format(catan_state_game(s), a, text, sizeof(text), NULL);
	CATAN_ASSERT_OK(catan_state_clone(&before, s));
	rc = catan_state_check_action(s, a, &reason);
	ck_assert_msg(rc == CATAN_EILLEGAL, "check \"%s\": %d", text, rc);
	ck_assert_msg(reason > CATAN_REASON_NONE && reason < CATAN_REASON_COUNT,
		      "check \"%s\": reason %d", text, reason);
	if (want_reason >= 0)
		ck_assert_msg(reason == want_reason,
			      "\"%s\": reason %s, expected %s", text,
			      catan_reason_name(reason),
			      catan_reason_name(want_reason));
	rc = catan_state_apply(s, a);
	ck_assert_msg(rc == CATAN_EILLEGAL, "apply \"%s\": %d", text, rc);
	ck_assert_msg(catan_state_hash(s) == h && catan_state_equal(s, before),
		      "refused \"%s\" changed the state", text);
	ck_assert_uint_eq(catan_state_move_number(s), moves);
	ck_assert_msg(catan_state_last_reason(s) == reason,
		      "\"%s\": last_reason %s, check said %s", text,
		      catan_reason_name(catan_state_last_reason(s)),
		      catan_reason_name(reason));
	ck_assert_msg(catan_state_errmsg(s)[0] != '\0',
		      "\"%s\" refused without a message", text);
	catan_state_free(before);
}

static void
refuse_text(catan_state *s, const char *text, int want_reason)
{
	catan_action a = CATAN_ACTION_INIT;
	int rc = catan_action_parse(s, text, &a);

	ck_assert_msg(rc == CATAN_OK, "parse \"%s\": %d (%s)", text, rc,
		      catan_state_errmsg(s));
	refuse(s, &a, want_reason);
}

START_TEST(test_illegal_apply_leaves_state)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx,
		"base(players=3,seed=11,chance=explicit,board=beginner)");
	catan_state *s = catan_test_state_new(g);
	catan_action a = CATAN_ACTION_INIT;
	catan_action legal[64];
	size_t n = 0;

	/* at the roll-off only the chance outcome is legal */
	refuse_text(s, "p0 build_settlement h9.se", -1);
	refuse_text(s, "chance dice 8", -1);
	a.type = CATAN_ACT_FIRST_PLAYER;
	a.player = CATAN_PLAYER_CHANCE;
	a.target = 3;
	refuse(s, &a, -1);
	a.target = 0;
	a.player = 0;
	refuse(s, &a, -1);
	a = (catan_action)CATAN_ACTION_INIT;
	CATAN_APPLY(s, "chance first_player p0");

	refuse_text(s, "p1 build_settlement h9.se", CATAN_REASON_NOT_YOUR_TURN);
	refuse_text(s, "p2 build_settlement h9.se", CATAN_REASON_NOT_YOUR_TURN);
	refuse_text(s, "p0 build_road h9.n-ne", CATAN_REASON_SETUP_ORDER);
	refuse_text(s, "p0 build_city h9.se", -1);
	refuse_text(s, "p0 end_turn", -1);
	refuse_text(s, "p0 roll", -1);
	refuse_text(s, "chance dice 8", -1);

	/* reserved bits */
	CATAN_ASSERT_OK(catan_action_parse(s, "p0 build_settlement h9.se", &a));
	a.flags = 1;
	refuse(s, &a, CATAN_REASON_BAD_ARGUMENT);
	a.flags = 0;
	a.target = 54;
	refuse(s, &a, CATAN_REASON_BAD_LOCATION);
	a.target = CATAN_NONE;
	refuse(s, &a, CATAN_REASON_BAD_LOCATION);
	a.type = 300;
	refuse(s, &a, CATAN_REASON_UNKNOWN_ACTION);
	a.type = CATAN_ACT_NONE;
	refuse(s, &a, -1);
	a.type = 0xffff;
	refuse(s, &a, -1);

	CATAN_APPLY(s, "p0 build_settlement h9.se");
	refuse_text(s, "p0 build_settlement h0.n", CATAN_REASON_SETUP_ORDER);
	refuse_text(s, "p0 build_road h0.n-ne", -1);
	CATAN_ASSERT_OK(catan_state_legal_actions(s, 0, legal, 64, &n));
	ck_assert_uint_ge(n, 2);
	ck_assert_uint_le(n, 3);
	CATAN_APPLY(s, "p0 build_road h9.se-s");
	ck_assert_int_eq(catan_state_current_player(s), 1);
	refuse_text(s, "p1 build_settlement h9.se", CATAN_REASON_OCCUPIED);
	refuse_text(s, "p1 build_settlement h9.s", CATAN_REASON_DISTANCE_RULE);
	refuse_text(s, "p1 build_settlement h9.ne", CATAN_REASON_DISTANCE_RULE);
	refuse_text(s, "p0 build_settlement h0.n", CATAN_REASON_NOT_YOUR_TURN);

	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* ------------------------------------------------------ copies and clones */

START_TEST(test_copy_between_games_refused)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g3 = catan_test_game_new(ctx, "base(players=3,seed=1)");
	catan_game *g4 = catan_test_game_new(ctx, "base(players=4,seed=1)");
	catan_game *g3b = catan_test_game_new(ctx, "base(players=3,seed=2)");
	catan_state *s3 = catan_test_state_new(g3);
	catan_state *s4 = catan_test_state_new(g4);
	catan_state *s3b = catan_test_state_new(g3b);
	catan_state *keep;
	uint64_t h3 = catan_state_hash(s3), h4 = catan_state_hash(s4);

	CATAN_ASSERT_OK(catan_state_clone(&keep, s3));
	CATAN_ASSERT_ERR(catan_state_copy(s3, s4), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_copy(s4, s3), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_copy(s3, s3b), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_copy(s3b, s3), CATAN_EINVAL);
	ck_assert(catan_state_hash(s3) == h3 && catan_state_equal(s3, keep));
	ck_assert(catan_state_hash(s4) == h4);
	ck_assert_int_eq(catan_state_equal(s3, s4), 0);
	ck_assert_int_eq(catan_state_equal(s3, s3b), 0);

	catan_state_free(keep);
	catan_state_free(s3);
	catan_state_free(s4);
	catan_state_free(s3b);
	catan_game_unref(g3);
	catan_game_unref(g4);
	catan_game_unref(g3b);
	catan_ctx_free(ctx);
}
END_TEST

START_TEST(test_state_holds_game_reference)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, "base(players=3,seed=8)");
	catan_state *s = catan_test_state_new(g), *c;
	char buf[256];
	size_t n = 0;

	/* the state keeps its game alive after the caller lets go */
	catan_game_unref(g);
	ck_assert_ptr_nonnull(catan_state_game(s));
	CATAN_ASSERT_OK(catan_game_to_string(catan_state_game(s), buf,
					     sizeof(buf), NULL));
	ck_assert_int_eq(catan_game_num_players(catan_state_game(s)), 3);
	CATAN_ASSERT_ERR(catan_state_legal_actions(s,
		catan_state_current_player(s), NULL, 0, &n), CATAN_EBUFS);
	CATAN_ASSERT_OK(catan_state_clone(&c, s));
	catan_state_free(s);
	ck_assert_int_eq(catan_game_num_players(catan_state_game(c)), 3);
	snprintf(buf, sizeof(buf), "p%d build_settlement h9.se",
		 catan_state_current_player(c));
	CATAN_APPLY(c, buf);
	catan_state_free(c);
	catan_ctx_free(ctx);
}
END_TEST

START_TEST(test_clone_equals)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_state *s, *c, *d;
	catan_action a;
	struct play p;

	play_open(&p, ctx, "base(players=4,seed=21,chance=sampled)", 77);
	s = p.s;
	for (int i = 0; i < 150 && play_choose(&p, &a); i++)
		play_apply(&p, &a);
	CATAN_ASSERT_OK(catan_state_clone(&c, s));
	ck_assert(catan_state_equal(s, c));
	ck_assert(catan_state_hash(s) == catan_state_hash(c));
	ck_assert_ptr_eq(catan_state_game(c), catan_state_game(s));
	ck_assert_uint_eq(catan_state_size(c), catan_state_size(s));
	ck_assert_uint_eq(catan_state_move_number(c), catan_state_move_number(s));
	/* the clone is independent, and has the same future (RNG included) */
	CATAN_ASSERT_OK(catan_state_clone(&d, s));
	if (play_choose(&p, &a)) {
		play_apply(&p, &a);
		ck_assert_int_eq(catan_state_equal(s, c), 0);
		ck_assert(catan_state_equal(c, d));
		CATAN_ASSERT_OK(catan_state_apply(c, &a));
		ck_assert(catan_state_equal(s, c));
	}
	catan_state_free(c);
	catan_state_free(d);
	play_close(&p);
	catan_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------- who acts when */

START_TEST(test_start_player)
{
	catan_ctx *ctx = catan_test_ctx_new();
	char spec[128];
	int players = 3 + (_i & 1);
	int explicit = (_i >> 1) & 1;
	catan_game *g;
	catan_state *s;
	catan_chance_outcome out[16];
	size_t n = 0;

	snprintf(spec, sizeof(spec), "base(players=%d,seed=%d,chance=%s)",
		 players, _i, explicit ? "explicit" : "sampled");
	g = catan_test_game_new(ctx, spec);
	s = catan_test_state_new(g);
	ck_assert_uint_eq(catan_state_turn_number(s), 0);
	if (explicit) {
		ck_assert_int_eq(catan_state_current_player(s),
				 CATAN_PLAYER_CHANCE);
		ck_assert_int_eq(catan_state_is_chance_node(s), 1);
		ck_assert_int_eq(catan_state_phase(s), CATAN_PHASE_START);
		ck_assert_uint_eq(catan_state_acting_players(s), 0);
		ck_assert_int_eq(catan_state_turn_player(s),
				 CATAN_PLAYER_INVALID);
		ck_assert_uint_eq(catan_state_move_number(s), 0);
		CATAN_ASSERT_OK(catan_state_chance_outcomes(s, out, 16, &n));
		ck_assert_uint_eq(n, (size_t)players);
		for (size_t i = 0; i < n; i++) {
			ck_assert_int_eq(out[i].action.type,
					 CATAN_ACT_FIRST_PLAYER);
			ck_assert_int_eq(out[i].action.player,
					 CATAN_PLAYER_CHANCE);
			ck_assert_uint_eq(out[i].action.target, i);
			ck_assert_uint_eq((uint64_t)out[i].num * (uint64_t)players,
					  out[i].den);
		}
		for (int p = 0; p < players; p++) {
			size_t m = 99;

			CATAN_ASSERT_OK(catan_state_legal_actions(s, p, NULL, 0,
								  &m));
			ck_assert_uint_eq(m, 0);
		}
		CATAN_ASSERT_OK(catan_state_apply(s, &out[players - 1].action));
		ck_assert_int_eq(catan_state_current_player(s), players - 1);
		ck_assert_int_eq(catan_state_turn_player(s), players - 1);
		ck_assert_int_eq(catan_state_phase(s), CATAN_PHASE_SETUP);
		ck_assert_uint_eq(catan_state_move_number(s), 1);
	} else {
		int cp = catan_state_current_player(s);

		ck_assert_int_ge(cp, 0);
		ck_assert_int_lt(cp, players);
		ck_assert_int_eq(catan_state_turn_player(s), cp);
		ck_assert_int_eq(catan_state_is_chance_node(s), 0);
		ck_assert_int_eq(catan_state_phase(s), CATAN_PHASE_SETUP);
		ck_assert_uint_eq(catan_state_acting_players(s), 1u << cp);
		CATAN_ASSERT_OK(catan_state_chance_outcomes(s, out, 16, &n));
		ck_assert_uint_eq(n, 0);
	}
	ck_assert_int_eq(catan_state_winner(s), -1);
	ck_assert_int_eq(catan_state_is_terminal(s), 0);
	catan_state_free(s);

	/* resolve_chance does what SAMPLED mode does */
	if (explicit) {
		s = catan_test_state_new(g);
		CATAN_ASSERT_OK(catan_state_resolve_chance(s));
		ck_assert_int_eq(catan_state_is_chance_node(s), 0);
		ck_assert_int_ge(catan_state_current_player(s), 0);
		ck_assert_int_eq(catan_state_phase(s), CATAN_PHASE_SETUP);
		catan_state_free(s);
	}
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

static void
check_terminal(catan_state *s, const catan_action *last)
{
	int players = catan_game_num_players(catan_state_game(s));
	catan_action a = CATAN_ACTION_INIT;
	catan_chance_outcome out[4];
	catan_state *before;
	size_t n = 99;

	ck_assert_int_eq(catan_state_is_terminal(s), 1);
	ck_assert_int_eq(catan_state_current_player(s), CATAN_PLAYER_TERMINAL);
	ck_assert_uint_eq(catan_state_acting_players(s), 0);
	ck_assert_int_eq(catan_state_is_chance_node(s), 0);
	ck_assert_int_eq(catan_state_phase(s), CATAN_PHASE_GAME_OVER);
	for (int p = 0; p < players; p++) {
		n = 99;
		CATAN_ASSERT_OK(catan_state_legal_actions(s, p, NULL, 0, &n));
		ck_assert_uint_eq(n, 0);
	}
	n = 99;
	CATAN_ASSERT_OK(catan_state_chance_outcomes(s, out, 4, &n));
	ck_assert_uint_eq(n, 0);
	CATAN_ASSERT_OK(catan_state_clone(&before, s));
	CATAN_ASSERT_OK(catan_state_resolve_chance(s));
	ck_assert(catan_state_equal(s, before));
	catan_state_free(before);
	refuse(s, last, CATAN_REASON_GAME_OVER);
	for (int p = 0; p < players; p++) {
		a.type = CATAN_ACT_END_TURN;
		a.player = (int8_t)p;
		refuse(s, &a, CATAN_REASON_GAME_OVER);
		a.type = CATAN_ACT_ROLL;
		refuse(s, &a, CATAN_REASON_GAME_OVER);
	}
	a = (catan_action)CATAN_ACTION_INIT;
	a.type = CATAN_ACT_DICE;
	a.player = CATAN_PLAYER_CHANCE;
	a.target = 8;
	refuse(s, &a, CATAN_REASON_GAME_OVER);
}

START_TEST(test_terminal_state)
{
	catan_ctx *ctx = catan_test_ctx_new();
	char spec[128];
	struct play p;
	catan_action a;
	double ret[CATAN_MAX_PLAYERS];
	int w, players = 3 + (_i & 1);
	unsigned steps = 0;

	snprintf(spec, sizeof(spec), "base(players=%d,seed=%d,chance=%s)",
		 players, 100 + _i, (_i >> 1) & 1 ? "explicit" : "sampled");
	play_open(&p, ctx, spec, catan_test_seed() + (uint64_t)_i);
	while (play_choose(&p, &a)) {
		play_apply(&p, &a);
		ck_assert_uint_lt(++steps, 200000);
	}
	check_terminal(p.s, &p.last);
	w = catan_state_winner(p.s);
	ck_assert_int_ge(w, 0);
	ck_assert_int_lt(w, players);
	ck_assert_int_ge(catan_state_victory_points(p.s, w, 1), 10);
	CATAN_ASSERT_OK(catan_state_returns(p.s, ret, (size_t)players));
	for (int q = 0; q < players; q++)
		ck_assert(ret[q] == (q == w ? 1.0 : 0.0));
	play_close(&p);
	catan_ctx_free(ctx);
}
END_TEST

START_TEST(test_max_turns)
{
	static const unsigned limits[] = { 1, 2, 3, 7, 12 };
	catan_ctx *ctx = catan_test_ctx_new();
	unsigned limit = limits[_i % 5];
	int players = 3 + ((_i / 5) & 1);
	int explicit = (_i / 10) & 1;
	char spec[160];
	struct play p;
	catan_action a;
	double ret[CATAN_MAX_PLAYERS];
	uint32_t turn = 0, last_turn = 0;

	snprintf(spec, sizeof(spec),
		 "base(players=%d,seed=%d,chance=%s,max_turns=%u)", players,
		 _i, explicit ? "explicit" : "sampled", limit);
	play_open(&p, ctx, spec, (uint64_t)_i * 7919u + 1);
	snprintf(spec, sizeof(spec), "%u", limit);
	ck_assert_str_eq(catan_game_param(p.g, "max_turns"), spec);
	while (play_choose(&p, &a)) {
		turn = catan_state_turn_number(p.s);
		ck_assert_msg(turn >= last_turn, "turn %u after turn %u", turn,
			      last_turn);
		ck_assert_msg(turn <= limit, "turn %u is played, max_turns=%u",
			      turn, limit);
		last_turn = turn;
		play_apply(&p, &a);
	}
	ck_assert_int_eq(catan_state_winner(p.s), -1);
	ck_assert_uint_eq(turn, limit);
	ck_assert_int_eq(p.last.type, CATAN_ACT_END_TURN);
	check_terminal(p.s, &p.last);
	CATAN_ASSERT_OK(catan_state_returns(p.s, ret, (size_t)players));
	for (int q = 0; q < players; q++)
		ck_assert(ret[q] == 0.0);
	play_close(&p);
	catan_ctx_free(ctx);
}
END_TEST

/* ------------------------------------------------------ bounds and chance */

START_TEST(test_max_legal_actions_bound)
{
	static const char *const specs[] = {
		"base(players=3,chance=explicit,offer_max=3",
		"base(players=4,chance=explicit,offer_max=3,phases=combined",
		"base(players=4,chance=sampled",
		"base(players=3,chance=sampled,offer_max=2,phases=combined",
		"base(players=4,chance=explicit,board=beginner,setup=beginner",
	};
	catan_ctx *ctx = catan_test_ctx_new();
	char spec[160];
	struct play p;
	catan_action a;
	size_t most = 0, most_out = 0;
	int players;

	snprintf(spec, sizeof(spec), "%s,seed=%d)", specs[_i % 5], _i);
	play_open(&p, ctx, spec, (uint64_t)_i + 5);
	players = catan_game_num_players(p.g);
	do {
		for (int q = 0; q < players; q++) {
			size_t n = play_legal(&p, q);

			most = n > most ? n : most;
		}
		if (catan_state_is_chance_node(p.s)) {
			size_t n = play_outcomes(&p);

			most_out = n > most_out ? n : most_out;
		}
		if (!play_choose(&p, &a))
			break;
		play_apply(&p, &a);
	} while (1);
	ck_assert_uint_le(most, p.maxact);
	ck_assert_uint_le(most_out, p.maxout);
	play_close(&p);
	catan_ctx_free(ctx);
}
END_TEST

static void
check_chance_node(struct play *p, size_t n)
{
	catan_state *s = p->s;
	int players = catan_game_num_players(p->g);
	uint32_t den = p->outs[0].den;
	uint64_t sum = 0;
	int type = p->outs[0].action.type;
	uint8_t deck[CATAN_MAX_DEV_KINDS];
	unsigned deck_total = 0, seen = 0;
	catan_player_info victim;

	ck_assert_uint_gt(n, 0);
	ck_assert_uint_gt(den, 0);
	for (size_t i = 0; i < n; i++) {
		const catan_chance_outcome *o = &p->outs[i];

		ck_assert_int_eq(o->action.player, CATAN_PLAYER_CHANCE);
		ck_assert_int_eq(o->action.type, type);
		ck_assert_uint_eq(o->den, den);
		ck_assert_uint_gt(o->num, 0);
		sum += o->num;
	}
	ck_assert_msg(sum == den, "outcomes sum to %" PRIu64 "/%u", sum, den);

	switch (type) {
	case CATAN_ACT_FIRST_PLAYER:
		ck_assert_uint_eq(n, (size_t)players);
		for (size_t i = 0; i < n; i++) {
			ck_assert_uint_eq(p->outs[i].action.target, i);
			ck_assert_uint_eq((uint64_t)p->outs[i].num * (uint64_t)players,
					  den);
		}
		break;
	case CATAN_ACT_DICE:
		ck_assert_uint_eq(n, 11);
		for (size_t i = 0; i < n; i++) {
			unsigned k = p->outs[i].action.target;
			unsigned ways = 6 - (k > 7 ? k - 7 : 7 - k);

			ck_assert_uint_eq(k, i + 2);
			ck_assert_msg((uint64_t)p->outs[i].num * 36 ==
				      (uint64_t)ways * den, "dice %u: %u/%u", k,
				      p->outs[i].num, den);
		}
		break;
	case CATAN_ACT_DRAW_DEV:
		ck_assert(p->have_last && p->last.type == CATAN_ACT_BUY_DEV);
		CATAN_ASSERT_OK(catan_state_dev_deck(s, deck));
		for (int k = 0; k < CATAN_MAX_DEV_KINDS; k++) {
			deck_total += deck[k];
			seen += deck[k] > 0;
		}
		ck_assert_uint_gt(deck_total, 0);
		ck_assert_uint_eq(n, seen);
		for (size_t i = 0; i < n; i++) {
			unsigned k = p->outs[i].action.arg;

			ck_assert_uint_lt(k, CATAN_MAX_DEV_KINDS);
			ck_assert_msg((uint64_t)p->outs[i].num * deck_total ==
				      (uint64_t)deck[k] * den,
				      "draw %u: %u/%u, deck %u of %u", k,
				      p->outs[i].num, den, deck[k], deck_total);
		}
		break;
	case CATAN_ACT_STEAL_CARD:
		ck_assert_msg(p->have_last && p->last.type == CATAN_ACT_STEAL,
			      "steal outcome without a steal (last type %d)",
			      p->last.type);
		CATAN_ASSERT_OK(catan_state_player(s, p->last.arg, &victim));
		ck_assert_uint_gt(victim.card_total, 0);
		for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++)
			seen += victim.cards[k] > 0;
		ck_assert_uint_eq(n, seen);
		for (size_t i = 0; i < n; i++) {
			unsigned k = p->outs[i].action.arg;

			ck_assert_uint_lt(k, CATAN_MAX_CARD_KINDS);
			ck_assert_msg((uint64_t)p->outs[i].num * victim.card_total ==
				      (uint64_t)victim.cards[k] * den,
				      "steal %u: %u/%u, victim holds %u of %u", k,
				      p->outs[i].num, den, victim.cards[k],
				      victim.card_total);
		}
		break;
	default:
		ck_abort_msg("chance outcome of type %d", type);
	}
}

START_TEST(test_chance_probabilities)
{
	catan_ctx *ctx = catan_test_ctx_new();
	char spec[128];
	struct play p;
	catan_action a;
	unsigned seen_types = 0;

	snprintf(spec, sizeof(spec), "base(players=%d,seed=%d,chance=explicit)",
		 3 + (_i & 1), 300 + _i);
	play_open(&p, ctx, spec, (uint64_t)_i * 31u + 3);
	do {
		if (catan_state_is_chance_node(p.s)) {
			size_t n = play_outcomes(&p);

			check_chance_node(&p, n);
			seen_types |= 1u << p.outs[0].action.type;
		}
		if (!play_choose(&p, &a))
			break;
		play_apply(&p, &a);
	} while (1);
	ck_assert(seen_types & (1u << CATAN_ACT_FIRST_PLAYER));
	ck_assert(seen_types & (1u << CATAN_ACT_DICE));
	play_close(&p);
	catan_ctx_free(ctx);
}
END_TEST

START_TEST(test_apply_unchecked_equals_apply)
{
	catan_ctx *ctx = catan_test_ctx_new();
	char spec[128];
	struct play p;
	catan_action a;
	catan_state *x, *y;
	unsigned steps = 0;

	snprintf(spec, sizeof(spec), "base(players=%d,seed=%d,chance=%s)",
		 3 + (_i & 1), 500 + _i, (_i >> 1) & 1 ? "explicit" : "sampled");
	play_open(&p, ctx, spec, (uint64_t)_i + 99);
	x = catan_test_state_new(p.g);
	y = catan_test_state_new(p.g);
	while (!catan_state_is_terminal(p.s)) {
		size_t n = 0;
		catan_action *list = p.acts;
		uint32_t mask = catan_state_acting_players(p.s);

		if (catan_state_is_chance_node(p.s)) {
			n = play_outcomes(&p);
			for (size_t i = 0; i < n; i++)
				p.acts[i] = p.outs[i].action;
		} else {
			for (int q = 0; q < 4; q++)
				if (mask & (1u << q)) {
					n = play_legal(&p, q);
					break;
				}
		}
		for (size_t i = 0; i < n; i++) {
			CATAN_ASSERT_OK(catan_state_copy(x, p.s));
			CATAN_ASSERT_OK(catan_state_copy(y, p.s));
			CATAN_ASSERT_OK(catan_state_apply(x, &list[i]));
			CATAN_ASSERT_OK(catan_state_apply_unchecked(y, &list[i]));
			ck_assert_msg(catan_state_equal(x, y),
				      "step %u action %zu: apply_unchecked differs",
				      steps, i);
		}
		ck_assert(play_choose(&p, &a));
		play_apply(&p, &a);
		ck_assert_uint_lt(++steps, 200000);
	}
	catan_state_free(x);
	catan_state_free(y);
	play_close(&p);
	catan_ctx_free(ctx);
}
END_TEST

/* catan_state_counter() and catan_game_neutral_players() on a game whose
 * modules keep no counters and have no neutral players: every argument
 * error is EINVAL, an unknown name ENOTFOUND with a message. */
START_TEST(test_counters_and_neutral_players)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, "base(players=3,seed=5)+friendly_robber");
	catan_state *s = catan_test_state_new(g);
	int32_t v = 1234;

	ck_assert_int_eq(catan_game_neutral_players(g), 0);
	ck_assert_int_eq(catan_game_neutral_players(NULL), CATAN_EINVAL);
	ck_assert_int_eq(catan_state_counter(NULL, 0, "x", &v), CATAN_EINVAL);
	ck_assert_int_eq(catan_state_counter(s, 0, NULL, &v), CATAN_EINVAL);
	ck_assert_int_eq(catan_state_counter(s, 0, "x", NULL), CATAN_EINVAL);
	ck_assert_int_eq(catan_state_counter(s, -2, "x", &v), CATAN_EINVAL);
	ck_assert_int_eq(catan_state_counter(s, 3, "x", &v), CATAN_EINVAL);
	ck_assert_int_eq(catan_state_counter(s, 0, "no_such_counter", &v), CATAN_ENOTFOUND);
	ck_assert_ptr_nonnull(strstr(catan_state_errmsg(s), "no_such_counter"));
	ck_assert_int_eq(catan_state_counter(s, -1, "no_such_counter", &v), CATAN_ENOTFOUND);
	ck_assert_int_eq(v, 1234);
	/* Points and player queries stop at the seated players here. */
	ck_assert_int_eq(catan_state_victory_points(s, 3, 1), CATAN_EINVAL);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

void
catan_test_register(SRunner *sr)
{
	Suite *s = catan_test_suite(sr, "unit");

	CATAN_TEST_ADD(s, test_strerror_every_code);
	CATAN_TEST_ADD(s, test_reason_name_every_reason);
	CATAN_TEST_ADD(s, test_names);
	CATAN_TEST_ADD(s, test_abi_and_version);
	CATAN_TEST_ADD(s, test_ctx_arguments);
	CATAN_TEST_ADD(s, test_game_arguments);
	CATAN_TEST_ADD(s, test_game_options_equal_string);
	CATAN_TEST_ADD(s, test_board_arguments);
	CATAN_TEST_ADD(s, test_location_notation);
	CATAN_TEST_ADD(s, test_buffer_sizes);
	CATAN_TEST_ADD(s, test_state_arguments);
	CATAN_TEST_ADD(s, test_action_notation_arguments);
	CATAN_TEST_ADD(s, test_edit_arguments);
	CATAN_TEST_ADD(s, test_action_compare);
	CATAN_TEST_ADD(s, test_sink_arguments);
	CATAN_TEST_ADD(s, test_illegal_apply_leaves_state);
	CATAN_TEST_ADD(s, test_copy_between_games_refused);
	CATAN_TEST_ADD(s, test_state_holds_game_reference);
	CATAN_TEST_ADD(s, test_clone_equals);
	CATAN_TEST_ADD(s, test_counters_and_neutral_players);
	CATAN_TEST_ADD_LOOP(s, test_start_player, 0, 4);
	CATAN_TEST_ADD_LOOP(s, test_terminal_state, 0, 4);
	CATAN_TEST_ADD_LOOP(s, test_max_turns, 0, 20);
	CATAN_TEST_ADD_LOOP(s, test_max_legal_actions_bound, 0, 10);
	CATAN_TEST_ADD_LOOP(s, test_chance_probabilities, 0, 6);
	CATAN_TEST_ADD_LOOP(s, test_apply_unchecked_equals_apply, 0, 4);
}
