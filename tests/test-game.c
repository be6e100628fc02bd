/*
 * libcatanrules tests: contexts, game strings, games and their state layout.
 * SPDX-License-Identifier: MIT
 */

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catan-private.h"
#include "test-common.h"

/* ------------------------------------------------------- counting allocator */

/*
 * Every block carries its size, so frees with the wrong size are caught,
 * and live bytes show leaks. fail_at > 0 fails that allocation (1-based).
 */
struct counting_alloc {
	size_t live_bytes;
	size_t live_blocks;
	size_t allocations;
	size_t fail_at;
	size_t bad_sizes;
};

union block_header {
	size_t size;
	max_align_t align;
};

static void *
counting_alloc_fn(void *userdata, void *ptr, size_t old_size, size_t new_size)
{
	struct counting_alloc *ca = userdata;
	union block_header *h = NULL;

	if (ptr) {
		h = (union block_header *)ptr - 1;
		if (h->size != old_size)
			ca->bad_sizes++;
	}
	if (new_size == 0) {
		if (h) {
			ca->live_bytes -= h->size;
			ca->live_blocks--;
			free(h);
		}
		return NULL;
	}
	ca->allocations++;
	if (ca->fail_at && ca->allocations == ca->fail_at)
		return NULL;
	if (h) {
		size_t was = h->size;
		union block_header *n = realloc(h, sizeof(*h) + new_size);

		if (!n)
			return NULL;
		ca->live_bytes = ca->live_bytes - was + new_size;
		n->size = new_size;
		return n + 1;
	}
	h = malloc(sizeof(*h) + new_size);
	if (!h)
		return NULL;
	h->size = new_size;
	ca->live_bytes += new_size;
	ca->live_blocks++;
	return h + 1;
}

static catan_ctx *
counting_ctx_new(struct counting_alloc *ca)
{
	catan_ctx_options opts = CATAN_CTX_OPTIONS_INIT;
	catan_ctx *ctx = NULL;

	memset(ca, 0, sizeof(*ca));
	opts.alloc = counting_alloc_fn;
	opts.alloc_userdata = ca;
	CATAN_ASSERT_OK(catan_ctx_new(&ctx, &opts));
	return ctx;
}

/* ------------------------------------------------------ a test registry */

static const char *const tiny_modes[] = { "alpha", "beta", NULL };
/* Text parameters (CATAN_PARAM_TEXT): kept as written, default named. */
static const char *const text_none[] = { "none", NULL };
static const char *const text_empty[] = { "", NULL };
static const char *const text_bad_char[] = { "a,b", NULL };


static const catan_param_spec tiny_params[] = {
	{ "size", CATAN_PARAM_INT, 1, 5, 3, NULL, "a number" },
	{ "mode", CATAN_PARAM_ENUM, 0, 0, 0, tiny_modes, "a choice" },
	{ NULL, 0, 0, 0, 0, NULL, NULL },
};

#define TINY_VARIANT_SIZE 13
#define TINY_DATA_SIZE 24

static int
tiny_build(catan_game *g)
{
	static const struct board_hex_spec hex = {
		.q = 0, .r = 0, .terrain = CATAN_TERRAIN_FIELDS, .number = 6
	};
	int rc;

	rc = catan_board__build(&g->board, g->ctx, &hex, 1, NULL, 0);
	if (rc)
		return rc;
	g->vp_to_win = (uint8_t)(5 + catan_game__param(g, "size"));
	g->max_actions = 40;
	g->max_outcomes = 11;
	g->variant_size = TINY_VARIANT_SIZE;
	g->variant_data = catan__calloc(g->ctx, TINY_DATA_SIZE);
	if (!g->variant_data)
		return CATAN_ENOMEM;
	g->variant_data_size = TINY_DATA_SIZE;
	return CATAN_OK;
}

static const struct catan_variant_ops tiny_variant = {
	.version = CATAN_VARIANT_OPS_VERSION,
	.name = "tiny",
	.description = "one hex, for tests",
	.min_players = 2,
	.max_players = 3,
	.default_players = 2,
	.params = tiny_params,
	.build_game = tiny_build,
};

static const char *const broken_how[] = { "quiet", "loud", NULL };

static const catan_param_spec broken_params[] = {
	{ "how", CATAN_PARAM_ENUM, 0, 0, 0, broken_how, "how to fail" },
	{ NULL, 0, 0, 0, 0, NULL, NULL },
};

/* Builds part of a game, then fails: the partial game must be freed. */
static int
broken_build(catan_game *g)
{
	int rc = tiny_build(g);

	if (rc)
		return rc;
	if (catan_game__param(g, "how") == 1) {
		catan__ctx_seterr(g->ctx, "the loud failure");
		return CATAN_ERROR;
	}
	return CATAN_EINVAL;
}

static const struct catan_variant_ops broken_variant = {
	.version = CATAN_VARIANT_OPS_VERSION,
	.name = "broken",
	.description = "fails to build",
	.min_players = 2,
	.max_players = 2,
	.default_players = 2,
	.params = broken_params,
	.build_game = broken_build,
};

/* Asks player 0 to act and lists nothing for it: a broken variant, which
 * a playout reports instead of looping or reading an empty list. */
static int
mute_init_state(catan_state *s)
{
	(void)s;
	return CATAN_OK;
}

static void
mute_legal_actions(const catan_state *s, int player, catan_sink *sink)
{
	(void)s;
	(void)player;
	(void)sink;
}

static uint32_t
mute_acting_players(const catan_state *s)
{
	(void)s;
	return 1;
}

static const struct catan_variant_ops mute_variant = {
	.version = CATAN_VARIANT_OPS_VERSION,
	.name = "mute",
	.description = "player 0 acts with nothing to do",
	.min_players = 2,
	.max_players = 2,
	.default_players = 2,
	.build_game = tiny_build,
	.init_state = mute_init_state,
	.legal_actions = mute_legal_actions,
	.acting_players = mute_acting_players,
};

static const char *const on_tiny[] = { "tiny", "broken", NULL };
static const char *const on_other[] = { "other", NULL };
static const char *const b_conflicts[] = { "mod_a", NULL };

static const catan_param_spec mod_a_params[] = {
	{ "level", CATAN_PARAM_INT, 0, 3, 1, NULL, "a level" },
	{ NULL, 0, 0, 0, 0, NULL, NULL },
};

static int
plus_one(const catan_game *g, int vp)
{
	(void)g;
	return vp + 1;
}

static int
mod_c_build(catan_game *g)
{
	g->max_actions = (uint16_t)(g->max_actions + 2);
	return CATAN_OK;
}

#define MOD_A_SIZE 5
#define MOD_C_SIZE 12

static const struct catan_module_ops mod_a = {
	.version = CATAN_MODULE_OPS_VERSION, .name = "mod_a",
	.variants = on_tiny, .params = mod_a_params, .state_size = MOD_A_SIZE,
};
static const struct catan_module_ops mod_b = {
	.version = CATAN_MODULE_OPS_VERSION, .name = "mod_b",
	.variants = on_tiny, .conflicts = b_conflicts,
};
static const struct catan_module_ops mod_c = {
	.version = CATAN_MODULE_OPS_VERSION, .name = "mod_c",
	.variants = on_tiny, .state_size = MOD_C_SIZE,
	.build_game = mod_c_build, .vp_to_win = plus_one,
};
static const catan_param_spec mod_t_params[] = {
	{ "label", CATAN_PARAM_TEXT, 0, 4, 0, text_none, "a word" },
	{ NULL, 0, 0, 0, 0, NULL, NULL },
};
static const char *const on_texty[] = { "texty", NULL };
static const struct catan_module_ops mod_t = {
	.version = CATAN_MODULE_OPS_VERSION, .name = "mod_t",
	.variants = on_texty, .params = mod_t_params,
};
static const struct catan_module_ops mod_other = {
	.version = CATAN_MODULE_OPS_VERSION, .name = "mod_other",
	.variants = on_other,
};

#define FILLER(n_) \
	static const struct catan_module_ops filler_##n_ = { \
		.version = CATAN_MODULE_OPS_VERSION, .name = "f" #n_, \
		.variants = on_tiny, .state_size = n_, \
	}
FILLER(1); FILLER(2); FILLER(3); FILLER(4); FILLER(5);
FILLER(6); FILLER(7); FILLER(8);


static const catan_param_spec texty_params[] = {
	{ "size", CATAN_PARAM_INT, 1, 5, 3, NULL, "a number" },
	{ "name", CATAN_PARAM_TEXT, 0, 8, 0, text_none, "a word" },
	{ NULL, 0, 0, 0, 0, NULL, NULL },
};

/* Records the text it was built with, as a variant reading its board
 * description would. */
static char texty_seen[16];

static int
texty_build(catan_game *g)
{
	snprintf(texty_seen, sizeof(texty_seen), "%s", catan_game__param_text(g, 1));
	return tiny_build(g);
}

static const struct catan_variant_ops texty_variant = {
	.version = CATAN_VARIANT_OPS_VERSION,
	.name = "texty",
	.description = "one hex and a text parameter, for tests",
	.min_players = 2,
	.max_players = 2,
	.default_players = 2,
	.params = texty_params,
	.build_game = texty_build,
};

#define BAD_TEXT_VARIANT(name_, choices_, max_) \
	static const catan_param_spec name_##_params[] = { \
		{ "word", CATAN_PARAM_TEXT, 0, max_, 0, choices_, "declared wrongly" }, \
		{ NULL, 0, 0, 0, 0, NULL, NULL }, \
	}; \
	static const struct catan_variant_ops name_##_variant = { \
		.version = CATAN_VARIANT_OPS_VERSION, .name = #name_, \
		.min_players = 2, .max_players = 2, .default_players = 2, \
		.params = name_##_params, .build_game = tiny_build, \
	}
BAD_TEXT_VARIANT(text_no_default, NULL, 8);
BAD_TEXT_VARIANT(text_empty_default, text_empty, 8);
BAD_TEXT_VARIANT(text_comma_default, text_bad_char, 8);
BAD_TEXT_VARIANT(text_too_short, text_none, 3);

static const struct catan_variant_ops *const test_variants[] = {
	&tiny_variant, &broken_variant, &mute_variant, &texty_variant,
	&text_no_default_variant, &text_empty_default_variant,
	&text_comma_default_variant, &text_too_short_variant, NULL,
};

static const struct catan_module_ops *const test_modules[] = {
	&mod_a, &mod_b, &mod_c, &mod_other, &mod_t,
	&filler_1, &filler_2, &filler_3, &filler_4,
	&filler_5, &filler_6, &filler_7, &filler_8,
	NULL,
};

/* A context whose registry holds the test variants and modules only. */
static catan_ctx *
test_registry(catan_ctx *ctx)
{
	ctx->variants = test_variants;
	ctx->nvariants = ARRAY_LEN(test_variants) - 1;
	ctx->modules = test_modules;
	ctx->nmodules = ARRAY_LEN(test_modules) - 1;
	return ctx;
}

static catan_ctx *
tiny_ctx_new(struct counting_alloc *ca)
{
	return test_registry(counting_ctx_new(ca));
}

static void
game_string(const catan_game *g, char *buf, size_t cap)
{
	size_t len = 0;

	CATAN_ASSERT_OK(catan_game_to_string(g, buf, cap, &len));
	ck_assert_uint_eq(len, strlen(buf));
}

/* Parse, compare the canonical string, reparse it and compare again. */
static void
assert_canonical(catan_ctx *ctx, const char *spec, const char *want)
{
	catan_game *g = NULL, *g2 = NULL;
	char buf[512], buf2[512];
	int rc;

	rc = catan_game_new_from_string(&g, ctx, spec);
	ck_assert_msg(rc == CATAN_OK, "\"%s\": %s: %s", spec,
		      catan_strerror(rc), catan_ctx_errmsg(ctx));
	game_string(g, buf, sizeof(buf));
	if (want)
		ck_assert_str_eq(buf, want);
	CATAN_ASSERT_OK(catan_game_new_from_string(&g2, ctx, buf));
	game_string(g2, buf2, sizeof(buf2));
	ck_assert_str_eq(buf, buf2);
	catan_game_unref(g2);
	catan_game_unref(g);
}

/* The call fails with @code, leaves *out alone, and names @needle. */
static void
assert_spec_error(catan_ctx *ctx, const char *spec, int code,
		  const char *needle)
{
	catan_game *g = (catan_game *)&g;
	int rc = catan_game_new_from_string(&g, ctx, spec);

	ck_assert_msg(rc == code, "\"%s\" returned %d (%s), expected %d: %s",
		      spec, rc, catan_strerror(rc), code,
		      catan_ctx_errmsg(ctx));
	ck_assert_ptr_eq(g, (catan_game *)&g);
	ck_assert_msg(strstr(catan_ctx_errmsg(ctx), needle) != NULL,
		      "\"%s\": message \"%s\" does not contain \"%s\"",
		      spec, catan_ctx_errmsg(ctx), needle);
}

/* ---------------------------------------------------------------- context */

START_TEST(test_strerror)
{
	static const int codes[] = {
		CATAN_OK, CATAN_ERROR, CATAN_EINVAL, CATAN_ENOMEM,
		CATAN_EBUFS, CATAN_EILLEGAL, CATAN_ENOTFOUND,
		CATAN_EVERSION, CATAN_EPARSE, CATAN_ENOTSUP, CATAN_EUSER,
	};
	const char *unknown = catan_strerror(12345);

	ck_assert_ptr_nonnull(unknown);
	for (size_t i = 0; i < ARRAY_LEN(codes); i++) {
		const char *s = catan_strerror(codes[i]);

		ck_assert_ptr_nonnull(s);
		ck_assert_uint_gt(strlen(s), 0);
		ck_assert_str_ne(s, unknown);
		for (size_t j = 0; j < i; j++)
			ck_assert_str_ne(s, catan_strerror(codes[j]));
	}
	ck_assert_ptr_nonnull(catan_strerror(-50));
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

	for (int i = 0; i < CATAN_NUM_RESOURCES; i++)
		ck_assert_str_eq(catan_resource_name(i), res[i]);
	for (int i = CATAN_NUM_RESOURCES; i < CATAN_MAX_CARD_KINDS; i++)
		ck_assert_ptr_null(catan_resource_name(i));
	ck_assert_ptr_null(catan_resource_name(-1));
	ck_assert_ptr_null(catan_resource_name(CATAN_MAX_CARD_KINDS));

	for (int i = 0; i < CATAN_NUM_DEV_KINDS; i++)
		ck_assert_str_eq(catan_dev_card_name(i), dev[i]);
	for (int i = CATAN_NUM_DEV_KINDS; i < CATAN_MAX_DEV_KINDS; i++)
		ck_assert_ptr_null(catan_dev_card_name(i));
	ck_assert_ptr_null(catan_dev_card_name(-1));
	ck_assert_ptr_null(catan_dev_card_name(CATAN_MAX_DEV_KINDS));
}
END_TEST

START_TEST(test_ctx_options)
{
	catan_ctx_options opts;
	catan_ctx_options init = CATAN_CTX_OPTIONS_INIT;

	CATAN_ASSERT_ERR(catan_ctx_options_init(NULL, CATAN_CTX_OPTIONS_VERSION),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_ctx_options_init(&opts, 0), CATAN_EVERSION);
	CATAN_ASSERT_ERR(catan_ctx_options_init(&opts, 99), CATAN_EVERSION);
	memset(&opts, 0x5a, sizeof(opts));
	CATAN_ASSERT_OK(catan_ctx_options_init(&opts, CATAN_CTX_OPTIONS_VERSION));
	ck_assert_uint_eq(opts.version, init.version);
	ck_assert_ptr_null(opts.alloc);
	ck_assert_ptr_null(opts.alloc_userdata);
	ck_assert_ptr_null(opts.log);
	ck_assert_ptr_null(opts.log_userdata);
	ck_assert_int_eq(opts.log_level, init.log_level);
}
END_TEST

START_TEST(test_ctx_new)
{
	catan_ctx_options opts = CATAN_CTX_OPTIONS_INIT;
	catan_ctx *ctx = (catan_ctx *)&ctx;
	const char *desc = NULL;
	int lo = 0, hi = 0;
	bool found = false;

	CATAN_ASSERT_ERR(catan_ctx_new(NULL, NULL), CATAN_EINVAL);
	opts.version = 0;
	CATAN_ASSERT_ERR(catan_ctx_new(&ctx, &opts), CATAN_EVERSION);
	opts.version = 99;
	CATAN_ASSERT_ERR(catan_ctx_new(&ctx, &opts), CATAN_EVERSION);
	ck_assert_ptr_eq(ctx, (catan_ctx *)&ctx);

	CATAN_ASSERT_OK(catan_ctx_new(&ctx, NULL));
	ck_assert_str_eq(catan_ctx_errmsg(ctx), "");
	ck_assert_uint_ge(catan_ctx_variant_count(ctx), 1);
	for (size_t i = 0; i < catan_ctx_variant_count(ctx); i++) {
		const char *name = catan_ctx_variant_name(ctx, i);

		ck_assert_ptr_nonnull(name);
		if (strcmp(name, "base") == 0)
			found = true;
	}
	ck_assert(found);
	ck_assert_ptr_null(catan_ctx_variant_name(ctx,
				catan_ctx_variant_count(ctx)));
	for (size_t i = 0; i < catan_ctx_module_count(ctx); i++)
		ck_assert_ptr_nonnull(catan_ctx_module_name(ctx, i));
	ck_assert_ptr_null(catan_ctx_module_name(ctx,
				catan_ctx_module_count(ctx)));

	CATAN_ASSERT_OK(catan_ctx_variant_info(ctx, "base", &desc, &lo, &hi));
	ck_assert_ptr_nonnull(desc);
	ck_assert_int_eq(lo, 3);
	ck_assert_int_eq(hi, 4);
	CATAN_ASSERT_OK(catan_ctx_variant_info(ctx, "base", NULL, NULL, NULL));
	CATAN_ASSERT_ERR(catan_ctx_variant_info(ctx, "nosuch", &desc, &lo, &hi),
			 CATAN_ENOTFOUND);
	CATAN_ASSERT_ERR(catan_ctx_variant_info(ctx, NULL, NULL, NULL, NULL),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_ctx_variant_info(NULL, "base", NULL, NULL, NULL),
			 CATAN_EINVAL);
	catan_ctx_free(ctx);

	/* NULL tolerant queries */
	ck_assert_uint_eq(catan_ctx_variant_count(NULL), 0);
	ck_assert_uint_eq(catan_ctx_module_count(NULL), 0);
	ck_assert_ptr_null(catan_ctx_variant_name(NULL, 0));
	ck_assert_ptr_null(catan_ctx_module_name(NULL, 0));
	ck_assert_str_eq(catan_ctx_errmsg(NULL), "");
	catan_ctx_free(NULL);
}
END_TEST

START_TEST(test_ctx_custom_allocator)
{
	struct counting_alloc ca;
	catan_ctx *ctx = counting_ctx_new(&ca);

	/* The handle itself comes from the hook. */
	ck_assert_uint_eq(ca.live_blocks, 1);
	ck_assert_uint_eq(ca.live_bytes, sizeof(struct catan_ctx));
	catan_ctx_free(ctx);
	ck_assert_uint_eq(ca.live_blocks, 0);
	ck_assert_uint_eq(ca.live_bytes, 0);
	ck_assert_uint_eq(ca.bad_sizes, 0);
}
END_TEST

START_TEST(test_version)
{
	int major = -1, minor = -1, micro = -1;

	catan_version(&major, &minor, &micro);
	ck_assert_int_eq(major, CATAN_VERSION_MAJOR);
	ck_assert_int_eq(minor, CATAN_VERSION_MINOR);
	ck_assert_int_eq(micro, CATAN_VERSION_MICRO);
	catan_version(NULL, NULL, NULL);

	CATAN_ASSERT_OK(catan_abi_check(CATAN_ABI_VERSION, sizeof(catan_action)));
	CATAN_ASSERT_ERR(catan_abi_check(CATAN_ABI_VERSION + 1,
					 sizeof(catan_action)), CATAN_EVERSION);
	CATAN_ASSERT_ERR(catan_abi_check(CATAN_ABI_VERSION,
					 sizeof(catan_action) + 1), CATAN_EVERSION);
}
END_TEST

struct log_record {
	int calls;
	int level;
	char message[128];
};

static void
record_log(void *userdata, int level, const char *message)
{
	struct log_record *r = userdata;

	r->calls++;
	r->level = level;
	snprintf(r->message, sizeof(r->message), "%s", message);
}

START_TEST(test_log)
{
	catan_ctx_options opts = CATAN_CTX_OPTIONS_INIT;
	struct log_record r = { 0, 0, "" };
	catan_ctx *ctx = NULL;

	opts.log = record_log;
	opts.log_userdata = &r;
	opts.log_level = CATAN_LOG_INFO;
	CATAN_ASSERT_OK(catan_ctx_new(&ctx, &opts));
	catan__log(ctx, CATAN_LOG_DEBUG, "hidden %d", 1);
	ck_assert_int_eq(r.calls, 0);
	catan__log(ctx, CATAN_LOG_INFO, "shown %d", 2);
	ck_assert_int_eq(r.calls, 1);
	ck_assert_int_eq(r.level, CATAN_LOG_INFO);
	ck_assert_str_eq(r.message, "shown 2");
	catan__log(NULL, CATAN_LOG_ERROR, "nowhere");
	catan_ctx_free(ctx);
}
END_TEST

START_TEST(test_internal_alloc)
{
	struct counting_alloc ca;
	catan_ctx *ctx = counting_ctx_new(&ca);
	char *s;
	unsigned char *p;

	/* No context: the C library's allocator, no crash. */
	s = catan__strdup(NULL, "abc");
	ck_assert_str_eq(s, "abc");
	catan__strfree(NULL, s);
	p = catan__calloc(NULL, 16);
	ck_assert_ptr_nonnull(p);
	for (int i = 0; i < 16; i++)
		ck_assert_int_eq(p[i], 0);
	catan__free(NULL, p, 16);
	catan__free(NULL, NULL, 0);
	catan__free(ctx, NULL, 0);
	ck_assert_ptr_null(catan__strdup(ctx, NULL));
	catan__strfree(ctx, NULL);
	catan__ctx_seterr(NULL, "nothing %d", 1);

	s = catan__strdup(ctx, "hello");
	ck_assert_str_eq(s, "hello");
	ck_assert_uint_eq(ca.live_bytes, sizeof(struct catan_ctx) + 6);
	catan__strfree(ctx, s);
	p = catan__alloc(ctx, 0);
	ck_assert_ptr_nonnull(p);
	catan__free(ctx, p, 0);
	ck_assert_uint_eq(ca.live_bytes, sizeof(struct catan_ctx));

	catan__ctx_seterr(ctx, "value %d of %s", 7, "x");
	ck_assert_str_eq(catan_ctx_errmsg(ctx), "value 7 of x");

	catan_ctx_free(ctx);
	ck_assert_uint_eq(ca.live_bytes, 0);
	ck_assert_uint_eq(ca.bad_sizes, 0);
}
END_TEST

/* ------------------------------------------------------- test-registry games */

START_TEST(test_tiny_defaults)
{
	struct counting_alloc ca;
	catan_ctx *ctx = tiny_ctx_new(&ca);
	catan_game *g = NULL;

	assert_canonical(ctx, "tiny",
			 "tiny(players=2,seed=0,chance=sampled,max_turns=0,size=3,mode=alpha)");
	assert_canonical(ctx, "tiny()",
			 "tiny(players=2,seed=0,chance=sampled,max_turns=0,size=3,mode=alpha)");
	assert_canonical(ctx, "tiny+mod_a+mod_c",
			 "tiny(players=2,seed=0,chance=sampled,max_turns=0,size=3,mode=alpha)+mod_a(level=1)+mod_c");

	CATAN_ASSERT_OK(catan_game_new_from_string(&g, ctx, "tiny"));
	ck_assert_str_eq(catan_game_variant(g), "tiny");
	ck_assert_int_eq(catan_game_num_players(g), 2);
	ck_assert_int_eq(catan_game_chance_mode(g), CATAN_CHANCE_SAMPLED);
	ck_assert_int_eq(catan_game_vp_to_win(g), 8);
	ck_assert_uint_eq(catan_game_max_legal_actions(g), 40);
	ck_assert_uint_eq(catan_game_max_chance_outcomes(g), 11);
	ck_assert_str_eq(catan_game_param(g, "players"), "2");
	ck_assert_str_eq(catan_game_param(g, "seed"), "0");
	ck_assert_str_eq(catan_game_param(g, "chance"), "sampled");
	ck_assert_str_eq(catan_game_param(g, "max_turns"), "0");
	ck_assert_str_eq(catan_game_param(g, "size"), "3");
	ck_assert_str_eq(catan_game_param(g, "mode"), "alpha");
	ck_assert_ptr_null(catan_game_param(g, "level"));
	ck_assert_ptr_null(catan_game_param(g, "nosuch"));
	ck_assert_ptr_null(catan_game_param(g, NULL));
	ck_assert_int_eq(catan_game__param(g, "size"), 3);
	ck_assert_int_eq(catan_game__param(g, "mode"), 0);
	ck_assert_int_eq(catan_game__param(g, "seed"), -1);
	ck_assert_int_eq(catan_game__param(g, "nosuch"), -1);
	ck_assert_int_eq(catan_game__param(NULL, "size"), -1);
	catan_game_unref(g);

	catan_ctx_free(ctx);
	ck_assert_uint_eq(ca.live_bytes, 0);
	ck_assert_uint_eq(ca.bad_sizes, 0);
}
END_TEST

START_TEST(test_tiny_values)
{
	struct counting_alloc ca;
	catan_ctx *ctx = tiny_ctx_new(&ca);
	const char *want =
		"tiny(players=3,seed=18446744073709551615,chance=explicit,max_turns=1000000,size=5,mode=beta)+mod_c+mod_a(level=3)";
	catan_game *g = NULL;

	/* any order, spaces around tokens */
	assert_canonical(ctx,
			 "  tiny ( mode = beta ,size=5, max_turns=1000000,chance=explicit , seed=18446744073709551615,players=3 ) + mod_c +mod_a( level=3 )  ",
			 want);
	assert_canonical(ctx, want, want);
	assert_canonical(ctx, "tiny(size=1,seed=007,max_turns=0)",
			 "tiny(players=2,seed=7,chance=sampled,max_turns=0,size=1,mode=alpha)");
	assert_canonical(ctx, "tiny\t(size=2)\t+\tmod_b",
			 "tiny(players=2,seed=0,chance=sampled,max_turns=0,size=2,mode=alpha)+mod_b");

	CATAN_ASSERT_OK(catan_game_new_from_string(&g, ctx, want));
	ck_assert_int_eq(catan_game_num_players(g), 3);
	ck_assert_int_eq(catan_game_chance_mode(g), CATAN_CHANCE_EXPLICIT);
	ck_assert_str_eq(catan_game_param(g, "seed"), "18446744073709551615");
	ck_assert_str_eq(catan_game_param(g, "chance"), "explicit");
	ck_assert_str_eq(catan_game_param(g, "max_turns"), "1000000");
	ck_assert_str_eq(catan_game_param(g, "mode"), "beta");
	ck_assert_int_eq(catan_game__param(g, "mode"), 1);
	ck_assert_uint_eq(g->seed, UINT64_MAX);
	ck_assert_uint_eq(g->max_turns, 1000000);
	ck_assert_int_eq(g->modules[1].params[0], 3);
	/* size=5 -> 10, then mod_c adds one */
	ck_assert_int_eq(catan_game_vp_to_win(g), 11);
	/* mod_c's build ran after the variant's */
	ck_assert_uint_eq(catan_game_max_legal_actions(g), 42);
	catan_game_unref(g);

	catan_ctx_free(ctx);
	ck_assert_uint_eq(ca.live_bytes, 0);
}
END_TEST

static uint32_t
r8(size_t n)
{
	return (uint32_t)((n + 7) & ~(size_t)7);
}

START_TEST(test_layout)
{
	struct counting_alloc ca;
	catan_ctx *ctx = tiny_ctx_new(&ca);
	catan_game *g = NULL;
	uint32_t off;

	CATAN_ASSERT_OK(catan_game_new_from_string(&g, ctx,
				"tiny(players=3)+mod_c+mod_b"));
	ck_assert_uint_eq(g->board.nhex, 1);
	ck_assert_uint_eq(g->board.nvert, 6);
	ck_assert_uint_eq(g->board.nedge, 6);
	ck_assert_uint_eq(g->off_players, r8(sizeof(struct core_state)));
	ck_assert_uint_eq(g->off_vertices,
			  g->off_players + 3 * sizeof(struct player_state));
	ck_assert_uint_eq(g->off_edges, g->off_vertices + 6);
	/* a board with masks: each owner's piece sets */
	ck_assert(g->board.masks_ok);
	ck_assert_uint_eq(g->off_sets, r8(g->off_edges + 6));
	ck_assert_uint_eq(g->off_variant, g->off_sets + 3 * sizeof(struct owner_sets));
	ck_assert_uint_eq(g->nmodules, 2);
	off = r8(g->off_variant + TINY_VARIANT_SIZE);
	ck_assert_uint_eq(g->modules[0].slice_offset, off);
	off = r8(off + MOD_C_SIZE);
	/* mod_b has an empty slice */
	ck_assert_uint_eq(g->modules[1].slice_offset, off);
	ck_assert_uint_eq(g->state_size, off);
	ck_assert_ptr_nonnull(g->variant_data);
	ck_assert_uint_eq(g->refcount, 1);
	ck_assert_ptr_eq(g->ctx, ctx);
	catan_game_unref(g);

	CATAN_ASSERT_OK(catan_game_new_from_string(&g, ctx,
				"tiny+mod_a+mod_c"));
	off = r8(g->off_variant + TINY_VARIANT_SIZE);
	ck_assert_uint_eq(g->modules[0].slice_offset, off);
	off = r8(off + MOD_A_SIZE);
	ck_assert_uint_eq(g->modules[1].slice_offset, off);
	ck_assert_uint_eq(g->state_size, r8(off + MOD_C_SIZE));
	ck_assert_uint_eq(g->state_size % 8, 0);
	catan_game_unref(g);

	CATAN_ASSERT_OK(catan_game_new_from_string(&g, ctx, "tiny"));
	ck_assert_uint_eq(g->off_vertices,
			  g->off_players + 2 * sizeof(struct player_state));
	ck_assert_uint_eq(g->state_size,
			  r8(g->off_variant + TINY_VARIANT_SIZE));
	catan_game_unref(g);

	catan_ctx_free(ctx);
	ck_assert_uint_eq(ca.live_bytes, 0);
}
END_TEST

struct spec_error {
	const char *spec;
	int code;
	const char *needle;
};

static const struct spec_error spec_errors[] = {
	/* malformed: the offset is named */
	{ "", CATAN_EPARSE, "offset 0" },
	{ "   ", CATAN_EPARSE, "offset 3" },
	{ "Tiny", CATAN_EPARSE, "offset 0" },
	{ "tiny(", CATAN_EPARSE, "offset 5: expected a parameter name" },
	{ "tiny(size)", CATAN_EPARSE, "offset 9: expected '='" },
	{ "tiny(size=)", CATAN_EPARSE, "offset 10: expected a value" },
	{ "tiny(size=3", CATAN_EPARSE, "offset 11: expected ',' or ')'" },
	{ "tiny(size=3,)", CATAN_EPARSE, "offset 12" },
	{ "tiny(,size=3)", CATAN_EPARSE, "offset 5" },
	{ "tiny(si ze=3)", CATAN_EPARSE, "offset 8" },
	{ "tiny(size=3!)", CATAN_EPARSE, "offset 11" },
	{ "tiny(size=3 4)", CATAN_EPARSE, "offset 12" },
	{ "tiny(Size=3)", CATAN_EPARSE, "offset 5" },
	{ "tiny x", CATAN_EPARSE, "offset 5" },
	{ "tiny(size=3) x", CATAN_EPARSE, "offset 13: expected '+' or end" },
	{ "tiny(size=3)(mode=beta)", CATAN_EPARSE, "offset 12" },
	{ "tiny+", CATAN_EPARSE, "offset 5: expected a module name" },
	{ "tiny++mod_a", CATAN_EPARSE, "offset 5" },
	{ "tiny+mod_a(level=1)x", CATAN_EPARSE, "offset 19" },
	{ "tiny+mod_a(", CATAN_EPARSE, "offset 11" },
	{ "tiny,mod_a", CATAN_EPARSE, "offset 4" },
	{ "tiny(size=3)\n", CATAN_EPARSE, "offset 12" },
	/* syntax is checked before names */
	{ "nosuch(", CATAN_EPARSE, "offset 7" },
	{ "tiny(boardd=1)+", CATAN_EPARSE, "offset 15" },
	/* unknown names */
	{ "nosuch", CATAN_ENOTFOUND, "unknown variant 'nosuch'" },
	{ "tiny(boardd=1)", CATAN_ENOTFOUND,
	  "unknown parameter 'boardd' for variant 'tiny'" },
	{ "tiny(level=1)", CATAN_ENOTFOUND,
	  "unknown parameter 'level' for variant 'tiny'" },
	{ "tiny+nosuch", CATAN_ENOTFOUND, "unknown module 'nosuch'" },
	{ "tiny+mod_a(lvl=1)", CATAN_ENOTFOUND,
	  "unknown parameter 'lvl' for module 'mod_a'" },
	{ "tiny+mod_c(size=1)", CATAN_ENOTFOUND,
	  "unknown parameter 'size' for module 'mod_c'" },
	/* bad values */
	{ "tiny(size=9)", CATAN_EINVAL, "bad value '9' for 'size': expected 1..5" },
	{ "tiny(size=0)", CATAN_EINVAL, "bad value '0' for 'size': expected 1..5" },
	{ "tiny(size=-1)", CATAN_EINVAL, "bad value '-1' for 'size'" },
	{ "tiny(size=abc)", CATAN_EINVAL, "bad value 'abc' for 'size'" },
	{ "tiny(size=3.0)", CATAN_EINVAL, "bad value '3.0' for 'size'" },
	{ "tiny(size=99999999999999999999)", CATAN_EINVAL, "for 'size'" },
	{ "tiny(mode=gamma)", CATAN_EINVAL,
	  "bad value 'gamma' for 'mode': expected alpha|beta" },
	{ "tiny(mode=Alpha)", CATAN_EINVAL, "expected alpha|beta" },
	{ "tiny(players=4)", CATAN_EINVAL,
	  "bad value '4' for 'players': expected 2..3" },
	{ "tiny(players=1)", CATAN_EINVAL, "expected 2..3" },
	{ "tiny(seed=-1)", CATAN_EINVAL, "bad value '-1' for 'seed'" },
	{ "tiny(seed=18446744073709551616)", CATAN_EINVAL,
	  "expected 0..18446744073709551615" },
	{ "tiny(chance=maybe)", CATAN_EINVAL,
	  "bad value 'maybe' for 'chance': expected sampled|explicit" },
	{ "tiny(max_turns=1000001)", CATAN_EINVAL,
	  "bad value '1000001' for 'max_turns': expected 0..1000000" },
	{ "tiny+mod_a(level=4)", CATAN_EINVAL,
	  "bad value '4' for 'level': expected 0..3" },
	/* duplicates and combinations */
	{ "tiny(size=3,size=3)", CATAN_EINVAL, "duplicate parameter 'size'" },
	{ "tiny(seed=1,mode=beta,seed=2)", CATAN_EINVAL,
	  "duplicate parameter 'seed'" },
	{ "tiny+mod_a(level=1,level=2)", CATAN_EINVAL,
	  "duplicate parameter 'level' for module 'mod_a'" },
	{ "tiny+mod_a+mod_c+mod_a", CATAN_EINVAL, "duplicate module 'mod_a'" },
	{ "tiny+mod_other", CATAN_EINVAL,
	  "module 'mod_other' cannot be used with variant 'tiny'" },
	{ "tiny+mod_a+mod_b", CATAN_EINVAL,
	  "module 'mod_a' cannot be combined with 'mod_b'" },
	{ "tiny+mod_b+mod_a", CATAN_EINVAL,
	  "module 'mod_b' cannot be combined with 'mod_a'" },
	{ "tiny+f1+f2+f3+f4+f5+f6+f7+f8+mod_c", CATAN_EINVAL,
	  "too many modules" },
	/* the variant's build fails: its message, or one naming it */
	{ "broken", CATAN_EINVAL, "variant 'broken'" },
	{ "broken(how=loud)", CATAN_ERROR, "the loud failure" },
};

START_TEST(test_spec_errors)
{
	struct counting_alloc ca;
	catan_ctx *ctx = tiny_ctx_new(&ca);
	const struct spec_error *e = &spec_errors[_i];

	assert_spec_error(ctx, e->spec, e->code, e->needle);
	ck_assert_uint_eq(ca.live_bytes, sizeof(struct catan_ctx));
	catan_ctx_free(ctx);
	ck_assert_uint_eq(ca.live_bytes, 0);
	ck_assert_uint_eq(ca.bad_sizes, 0);
}
END_TEST

START_TEST(test_eight_modules)
{
	struct counting_alloc ca;
	catan_ctx *ctx = tiny_ctx_new(&ca);
	catan_game *g = NULL;

	CATAN_ASSERT_OK(catan_game_new_from_string(&g, ctx,
				"tiny+f1+f2+f3+f4+f5+f6+f7+f8"));
	ck_assert_uint_eq(g->nmodules, CATAN_MAX_MODULES);
	for (unsigned i = 1; i < CATAN_MAX_MODULES; i++)
		ck_assert_uint_eq(g->modules[i].slice_offset,
				  r8(g->modules[i - 1].slice_offset + i));
	catan_game_unref(g);
	catan_ctx_free(ctx);
	ck_assert_uint_eq(ca.live_bytes, 0);
}
END_TEST

START_TEST(test_null_arguments)
{
	struct counting_alloc ca;
	catan_ctx *ctx = tiny_ctx_new(&ca);
	catan_game *g = NULL;
	char buf[8];
	size_t len = 0;

	CATAN_ASSERT_ERR(catan_game_new_from_string(NULL, ctx, "tiny"),
			 CATAN_EINVAL);
	/* a NULL ctx is the default one, whose registry has no "tiny" */
	CATAN_ASSERT_ERR(catan_game_new_from_string(&g, NULL, "tiny"),
			 CATAN_ENOTFOUND);
	CATAN_ASSERT_ERR(catan_game_new_from_string(&g, ctx, NULL),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_game_new(NULL, ctx, "tiny", NULL), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_game_new(&g, NULL, "tiny", NULL), CATAN_ENOTFOUND);
	CATAN_ASSERT_ERR(catan_game_new(&g, ctx, NULL, NULL), CATAN_EINVAL);
	ck_assert_ptr_null(g);

	CATAN_ASSERT_ERR(catan_game_to_string(NULL, buf, sizeof(buf), &len),
			 CATAN_EINVAL);
	ck_assert_ptr_null(catan_game_ref(NULL));
	catan_game_unref(NULL);
	ck_assert_ptr_null(catan_game_variant(NULL));
	ck_assert_int_eq(catan_game_num_players(NULL), CATAN_EINVAL);
	ck_assert_int_eq(catan_game_chance_mode(NULL), CATAN_EINVAL);
	ck_assert_int_eq(catan_game_vp_to_win(NULL), CATAN_EINVAL);
	ck_assert_uint_eq(catan_game_max_legal_actions(NULL), 0);
	ck_assert_uint_eq(catan_game_max_chance_outcomes(NULL), 0);
	ck_assert_ptr_null(catan_game_param(NULL, "seed"));

	catan_ctx_free(ctx);
	ck_assert_uint_eq(ca.live_bytes, 0);
}
END_TEST

START_TEST(test_to_string)
{
	struct counting_alloc ca;
	catan_ctx *ctx = tiny_ctx_new(&ca);
	const char *want =
		"tiny(players=2,seed=0,chance=sampled,max_turns=0,size=3,mode=alpha)";
	catan_game *g = NULL;
	char buf[128];
	size_t len = 0;

	CATAN_ASSERT_OK(catan_game_new_from_string(&g, ctx, "tiny"));
	CATAN_ASSERT_ERR(catan_game_to_string(g, NULL, 0, &len), CATAN_EBUFS);
	ck_assert_uint_eq(len, strlen(want));
	len = 0;
	CATAN_ASSERT_ERR(catan_game_to_string(g, buf, strlen(want), &len),
			 CATAN_EBUFS);
	ck_assert_uint_eq(len, strlen(want));
	CATAN_ASSERT_ERR(catan_game_to_string(g, NULL, 10, &len), CATAN_EINVAL);
	CATAN_ASSERT_OK(catan_game_to_string(g, buf, strlen(want) + 1, NULL));
	ck_assert_str_eq(buf, want);
	memset(buf, 0, sizeof(buf));
	CATAN_ASSERT_OK(catan_game_to_string(g, buf, sizeof(buf), &len));
	ck_assert_str_eq(buf, want);
	ck_assert_uint_eq(len, strlen(want));
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

START_TEST(test_ref_unref)
{
	struct counting_alloc ca;
	catan_ctx *ctx = tiny_ctx_new(&ca);
	catan_game *g = NULL;
	size_t with_game;

	CATAN_ASSERT_OK(catan_game_new_from_string(&g, ctx, "tiny+mod_a"));
	with_game = ca.live_bytes;
	ck_assert_ptr_eq(catan_game_ref(g), g);
	ck_assert_ptr_eq(catan_game_ref(g), g);
	catan_game_unref(g);
	catan_game_unref(g);
	ck_assert_uint_eq(ca.live_bytes, with_game);
	ck_assert_str_eq(catan_game_variant(g), "tiny");
	catan_game_unref(g);
	ck_assert_uint_eq(ca.live_bytes, sizeof(struct catan_ctx));
	catan_ctx_free(ctx);
	ck_assert_uint_eq(ca.live_bytes, 0);
	ck_assert_uint_eq(ca.bad_sizes, 0);
}
END_TEST

/* --------------------------------------------------------- options struct */

static void
assert_options_equal(catan_ctx *ctx, const char *variant,
		     const catan_game_options *opts, const char *spec)
{
	catan_game *g1 = NULL, *g2 = NULL;
	char b1[512], b2[512];
	int rc;

	rc = catan_game_new(&g1, ctx, variant, opts);
	ck_assert_msg(rc == CATAN_OK, "options for \"%s\": %s: %s", spec,
		      catan_strerror(rc), catan_ctx_errmsg(ctx));
	CATAN_ASSERT_OK(catan_game_new_from_string(&g2, ctx, spec));
	game_string(g1, b1, sizeof(b1));
	game_string(g2, b2, sizeof(b2));
	ck_assert_str_eq(b1, b2);
	ck_assert_int_eq(catan_game_num_players(g1), catan_game_num_players(g2));
	ck_assert_int_eq(catan_game_chance_mode(g1), catan_game_chance_mode(g2));
	ck_assert_int_eq(catan_game_vp_to_win(g1), catan_game_vp_to_win(g2));
	ck_assert_uint_eq(g1->state_size, g2->state_size);
	catan_game_unref(g1);
	catan_game_unref(g2);
}

static void
assert_options_error(catan_ctx *ctx, const char *variant,
		     const catan_game_options *opts, int code,
		     const char *needle)
{
	catan_game *g = (catan_game *)&g;
	int rc = catan_game_new(&g, ctx, variant, opts);

	ck_assert_msg(rc == code, "options returned %d (%s), expected %d: %s",
		      rc, catan_strerror(rc), code, catan_ctx_errmsg(ctx));
	ck_assert_ptr_eq(g, (catan_game *)&g);
	ck_assert_msg(strstr(catan_ctx_errmsg(ctx), needle) != NULL,
		      "message \"%s\" does not contain \"%s\"",
		      catan_ctx_errmsg(ctx), needle);
}

START_TEST(test_options_init)
{
	catan_game_options opts;
	catan_game_options init = CATAN_GAME_OPTIONS_INIT;

	CATAN_ASSERT_ERR(catan_game_options_init(NULL, CATAN_GAME_OPTIONS_VERSION),
			 CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_game_options_init(&opts, 0), CATAN_EVERSION);
	CATAN_ASSERT_ERR(catan_game_options_init(&opts, 99), CATAN_EVERSION);
	memset(&opts, 0x5a, sizeof(opts));
	CATAN_ASSERT_OK(catan_game_options_init(&opts, CATAN_GAME_OPTIONS_VERSION));
	ck_assert_uint_eq(opts.version, init.version);
	ck_assert_uint_eq(opts.num_players, 0);
	ck_assert_uint_eq(opts.seed, 0);
	ck_assert_uint_eq(opts.chance_mode, 0);
	ck_assert_uint_eq(opts.max_turns, 0);
	ck_assert_ptr_null(opts.params);
	ck_assert_ptr_null(opts.modules);
}
END_TEST

START_TEST(test_options_path)
{
	static const char *const mods[] = { "mod_c", "mod_a", NULL };
	static const char *const none[] = { NULL };
	struct counting_alloc ca;
	catan_ctx *ctx = tiny_ctx_new(&ca);
	catan_game_options opts = CATAN_GAME_OPTIONS_INIT;

	assert_options_equal(ctx, "tiny", NULL, "tiny");
	assert_options_equal(ctx, "tiny", &opts, "tiny");
	opts.params = "";
	opts.modules = none;
	assert_options_equal(ctx, "tiny", &opts, "tiny");

	opts.num_players = 3;
	opts.seed = 42;
	opts.chance_mode = CATAN_CHANCE_EXPLICIT;
	opts.max_turns = 100;
	opts.params = " mode = beta , size=2 ";
	opts.modules = mods;
	assert_options_equal(ctx, "tiny", &opts,
			     "tiny(players=3,seed=42,chance=explicit,max_turns=100,size=2,mode=beta)+mod_c+mod_a");

	/* core parameters may come through the text when the field is 0 */
	catan_game_options_init(&opts, CATAN_GAME_OPTIONS_VERSION);
	opts.params = "seed=9,players=3,chance=explicit";
	assert_options_equal(ctx, "tiny", &opts,
			     "tiny(seed=9,players=3,chance=explicit)");

	catan_ctx_free(ctx);
	ck_assert_uint_eq(ca.live_bytes, 0);
	ck_assert_uint_eq(ca.bad_sizes, 0);
}
END_TEST

START_TEST(test_options_errors)
{
	static const char *const unknown[] = { "mod_a", "nosuch", NULL };
	static const char *const conflict[] = { "mod_b", "mod_a", NULL };
	static const char *const twice[] = { "mod_c", "mod_c", NULL };
	static const char *const other[] = { "mod_other", NULL };
	struct counting_alloc ca;
	catan_ctx *ctx = tiny_ctx_new(&ca);
	catan_game_options opts = CATAN_GAME_OPTIONS_INIT;

	opts.version = 0;
	assert_options_error(ctx, "tiny", &opts, CATAN_EVERSION, "version 0");
	opts.version = 99;
	assert_options_error(ctx, "tiny", &opts, CATAN_EVERSION, "version 99");
	opts.version = CATAN_GAME_OPTIONS_VERSION;

	assert_options_error(ctx, "nosuch", &opts, CATAN_ENOTFOUND,
			     "unknown variant 'nosuch'");
	opts.num_players = 9;
	assert_options_error(ctx, "tiny", &opts, CATAN_EINVAL,
			     "bad value '9' for 'players': expected 2..3");
	opts.num_players = 0;
	opts.chance_mode = 2;
	assert_options_error(ctx, "tiny", &opts, CATAN_EINVAL,
			     "bad value '2' for 'chance': expected sampled|explicit");
	opts.chance_mode = 0;
	opts.max_turns = 2000000;
	assert_options_error(ctx, "tiny", &opts, CATAN_EINVAL,
			     "bad value '2000000' for 'max_turns'");
	opts.max_turns = 0;

	opts.params = "size=9";
	assert_options_error(ctx, "tiny", &opts, CATAN_EINVAL,
			     "bad value '9' for 'size'");
	opts.params = "boardd=1";
	assert_options_error(ctx, "tiny", &opts, CATAN_ENOTFOUND,
			     "unknown parameter 'boardd' for variant 'tiny'");
	opts.params = "size=";
	assert_options_error(ctx, "tiny", &opts, CATAN_EPARSE,
			     "params at offset 5: expected a value");
	/* the text cannot smuggle in modules or groups */
	opts.params = "size=2)+mod_a(level=1";
	assert_options_error(ctx, "tiny", &opts, CATAN_EPARSE,
			     "params at offset 6");
	opts.params = "size=2,size=3";
	assert_options_error(ctx, "tiny", &opts, CATAN_EINVAL,
			     "duplicate parameter 'size'");
	opts.params = "seed=5";
	opts.seed = 5;
	assert_options_error(ctx, "tiny", &opts, CATAN_EINVAL,
			     "duplicate parameter 'seed'");
	opts.seed = 0;
	opts.params = NULL;

	opts.modules = unknown;
	assert_options_error(ctx, "tiny", &opts, CATAN_ENOTFOUND,
			     "unknown module 'nosuch'");
	opts.modules = conflict;
	assert_options_error(ctx, "tiny", &opts, CATAN_EINVAL,
			     "module 'mod_b' cannot be combined with 'mod_a'");
	opts.modules = twice;
	assert_options_error(ctx, "tiny", &opts, CATAN_EINVAL,
			     "duplicate module 'mod_c'");
	opts.modules = other;
	assert_options_error(ctx, "tiny", &opts, CATAN_EINVAL,
			     "cannot be used with variant 'tiny'");

	ck_assert_uint_eq(ca.live_bytes, sizeof(struct catan_ctx));
	catan_ctx_free(ctx);
	ck_assert_uint_eq(ca.live_bytes, 0);
}
END_TEST

/* -------------------------------------------------- allocation failures */

START_TEST(test_ctx_alloc_failure)
{
	catan_ctx_options opts = CATAN_CTX_OPTIONS_INIT;
	struct counting_alloc ca;
	size_t k;

	for (k = 1;; k++) {
		catan_ctx *ctx = (catan_ctx *)&ctx;
		int rc;

		memset(&ca, 0, sizeof(ca));
		ca.fail_at = k;
		opts.alloc = counting_alloc_fn;
		opts.alloc_userdata = &ca;
		rc = catan_ctx_new(&ctx, &opts);
		if (rc == CATAN_OK) {
			catan_ctx_free(ctx);
			ck_assert_uint_eq(ca.live_bytes, 0);
			break;
		}
		CATAN_ASSERT_ERR(rc, CATAN_ENOMEM);
		ck_assert_ptr_eq(ctx, (catan_ctx *)&ctx);
		ck_assert_uint_eq(ca.live_bytes, 0);
		ck_assert_uint_lt(k, 100);
	}
	ck_assert_uint_gt(k, 1);
}
END_TEST

/* Fail each allocation of a game creation in turn until one succeeds. */
static void
game_alloc_failures(bool tiny, const char *spec, const char *variant,
		    const catan_game_options *opts)
{
	struct counting_alloc ca;
	catan_ctx *ctx = counting_ctx_new(&ca);
	size_t base_bytes, k;

	if (tiny)
		test_registry(ctx);
	base_bytes = ca.live_bytes;
	for (k = 1;; k++) {
		catan_game *g = (catan_game *)&g;
		int rc;

		ca.fail_at = ca.allocations + k;
		if (spec)
			rc = catan_game_new_from_string(&g, ctx, spec);
		else
			rc = catan_game_new(&g, ctx, variant, opts);
		ca.fail_at = 0;
		if (rc == CATAN_OK) {
			catan_game_unref(g);
			ck_assert_uint_eq(ca.live_bytes, base_bytes);
			break;
		}
		ck_assert_msg(rc == CATAN_ENOMEM,
			      "allocation %zu: %d (%s): %s", k, rc,
			      catan_strerror(rc), catan_ctx_errmsg(ctx));
		ck_assert_ptr_eq(g, (catan_game *)&g);
		ck_assert_msg(ca.live_bytes == base_bytes,
			      "allocation %zu failed: %zu bytes leaked", k,
			      ca.live_bytes - base_bytes);
		ck_assert_uint_lt(k, 10000);
	}
	/* game, canonical string, texts, board, ... */
	ck_assert_uint_gt(k, 4);
	catan_ctx_free(ctx);
	ck_assert_uint_eq(ca.live_bytes, 0);
	ck_assert_uint_eq(ca.bad_sizes, 0);
}

/* A text parameter is printed in the canonical string as written, its
 * default when not given; too long a value and wrongly declared defaults
 * are refused; the variant reads the text when it builds the game. */
START_TEST(test_text_params)
{
	struct counting_alloc ca;
	catan_ctx *ctx = tiny_ctx_new(&ca);
	catan_game_options opts = CATAN_GAME_OPTIONS_INIT;
	static const char *const mods[] = { "mod_t", NULL };
	catan_game *g = NULL;

	assert_canonical(ctx, "texty",
			 "texty(players=2,seed=0,chance=sampled,max_turns=0,size=3,name=none)");
	ck_assert_str_eq(texty_seen, "none");
	assert_canonical(ctx, "texty(name=Ab.c-9_Z,size=2)",
			 "texty(players=2,seed=0,chance=sampled,max_turns=0,size=2,name=Ab.c-9_Z)");
	ck_assert_str_eq(texty_seen, "Ab.c-9_Z");
	assert_canonical(ctx, "texty(name=x)+mod_t(label=Q.1)",
			 "texty(players=2,seed=0,chance=sampled,max_turns=0,size=3,name=x)+mod_t(label=Q.1)");
	assert_canonical(ctx, "texty+mod_t",
			 "texty(players=2,seed=0,chance=sampled,max_turns=0,size=3,name=none)+mod_t(label=none)");

	CATAN_ASSERT_OK(catan_game_new_from_string(&g, ctx, "texty(name=Word)"));
	ck_assert_str_eq(catan_game_param(g, "name"), "Word");
	catan_game_unref(g);

	assert_spec_error(ctx, "texty(name=ninechars)", CATAN_EINVAL,
			  "bad value for 'name': expected at most 8 characters, found 9");
	assert_spec_error(ctx, "texty+mod_t(label=abcde)", CATAN_EINVAL,
			  "bad value for 'label': expected at most 4 characters, found 5");
	assert_spec_error(ctx, "texty(name=a,name=b)", CATAN_EINVAL,
			  "duplicate parameter 'name'");
	assert_spec_error(ctx, "texty(name=a b)", CATAN_EPARSE, "offset 13");
	assert_spec_error(ctx, "texty(name=)", CATAN_EPARSE, "expected a value");
	assert_spec_error(ctx, "text_no_default", CATAN_ERROR, "declared wrongly");
	assert_spec_error(ctx, "text_empty_default", CATAN_ERROR, "declared wrongly");
	assert_spec_error(ctx, "text_comma_default", CATAN_ERROR, "declared wrongly");
	assert_spec_error(ctx, "text_too_short", CATAN_ERROR, "declared wrongly");

	opts.params = "name=Opt.1";
	opts.modules = mods;
	CATAN_ASSERT_OK(catan_game_new(&g, ctx, "texty", &opts));
	ck_assert_str_eq(g->canonical,
			 "texty(players=2,seed=0,chance=sampled,max_turns=0,size=3,name=Opt.1)+mod_t(label=none)");
	catan_game_unref(g);
	opts.params = "name=toolongtext";
	assert_options_error(ctx, "texty", &opts, CATAN_EINVAL, "at most 8 characters");

	catan_ctx_free(ctx);
	ck_assert_uint_eq(ca.live_bytes, 0);
	ck_assert_uint_eq(ca.bad_sizes, 0);
}
END_TEST

START_TEST(test_game_alloc_failure_tiny)
{
	static const char *const mods[] = { "mod_a", "mod_c", NULL };
	catan_game_options opts = CATAN_GAME_OPTIONS_INIT;

	game_alloc_failures(true, "tiny(size=4)+mod_a+mod_c", NULL, NULL);
	game_alloc_failures(true, "texty(name=abc)+mod_t(label=Z)", NULL, NULL);
	opts.params = "size=4";
	opts.modules = mods;
	game_alloc_failures(true, NULL, "tiny", &opts);
}
END_TEST

START_TEST(test_game_alloc_failure_base)
{
	catan_game_options opts = CATAN_GAME_OPTIONS_INIT;

	game_alloc_failures(false, "base", NULL, NULL);
	game_alloc_failures(false, "base(board=beginner,players=3)", NULL,
			    NULL);
	game_alloc_failures(false, "base(board=given,tiles=" BEGINNER_TILES ",harbors="
			    BEGINNER_HARBORS ")", NULL, NULL);
	opts.seed = 99;
	game_alloc_failures(false, NULL, "base", &opts);
}
END_TEST

/* -------------------------------------------------------------- base game */

#define BASE_EXAMPLE \
	"base(players=4,seed=42,chance=sampled,max_turns=0,board=random,numbers=random,setup=snake,phases=strict,vp=10,offer_max=1,tiles=none,harbors=none)"

START_TEST(test_base_canonical)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = NULL;
	char buf[512];

	assert_canonical(ctx, BASE_EXAMPLE, BASE_EXAMPLE);
	assert_canonical(ctx, "base", NULL);
	assert_canonical(ctx,
			 "base(offer_max=0,vp=12,seed=7,players=3,board=random,chance=explicit,max_turns=50,numbers=spiral,setup=beginner,phases=combined)",
			 "base(players=3,seed=7,chance=explicit,max_turns=50,board=random,numbers=spiral,setup=beginner,phases=combined,vp=12,offer_max=0,tiles=none,harbors=none)");

	/* defaults filled in */
	CATAN_ASSERT_OK(catan_game_new_from_string(&g, ctx, "base(seed=42)"));
	game_string(g, buf, sizeof(buf));
	ck_assert_str_eq(buf, BASE_EXAMPLE);
	ck_assert_str_eq(catan_game_variant(g), "base");
	ck_assert_int_eq(catan_game_num_players(g), 4);
	ck_assert_int_eq(catan_game_chance_mode(g), CATAN_CHANCE_SAMPLED);
	ck_assert_int_eq(catan_game_vp_to_win(g), 10);
	ck_assert_uint_gt(catan_game_max_legal_actions(g), 0);
	ck_assert_uint_ge(catan_game_max_chance_outcomes(g), 11);
	ck_assert_str_eq(catan_game_param(g, "board"), "random");
	ck_assert_str_eq(catan_game_param(g, "vp"), "10");
	ck_assert_str_eq(catan_game_param(g, "seed"), "42");
	ck_assert_int_eq(catan_game__param(g, "vp"), 10);
	ck_assert_uint_eq(g->board.nhex, 19);
	ck_assert_uint_eq(g->board.nvert, 54);
	ck_assert_uint_eq(g->board.nedge, 72);
	ck_assert_uint_eq(g->off_edges, g->off_vertices + 54);
	ck_assert_uint_eq(g->off_sets, r8(g->off_edges + 72));
	ck_assert_uint_eq(g->off_variant, g->off_sets + 4 * sizeof(struct owner_sets));
	ck_assert_uint_ge(g->state_size, g->off_variant + g->variant_size);
	ck_assert_uint_eq(g->state_size % 8, 0);
	catan_game_unref(g);

	CATAN_ASSERT_OK(catan_game_new_from_string(&g, ctx, "base(vp=12)"));
	ck_assert_int_eq(catan_game_vp_to_win(g), 12);
	catan_game_unref(g);

	catan_ctx_free(ctx);
}
END_TEST

START_TEST(test_base_any_order)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *a = NULL, *b = NULL;
	char sa[512], sb[512];

	CATAN_ASSERT_OK(catan_game_new_from_string(&a, ctx,
				"base(vp=12,seed=7,players=3,board=beginner)"));
	CATAN_ASSERT_OK(catan_game_new_from_string(&b, ctx,
				" base ( board = beginner , players=3,seed=7 , vp=12 ) "));
	game_string(a, sa, sizeof(sa));
	game_string(b, sb, sizeof(sb));
	ck_assert_str_eq(sa, sb);
	catan_game_unref(a);
	catan_game_unref(b);
	catan_ctx_free(ctx);
}
END_TEST

START_TEST(test_base_errors)
{
	catan_ctx *ctx = catan_test_ctx_new();

	assert_spec_error(ctx, "base(boardd=random)", CATAN_ENOTFOUND,
			  "unknown parameter 'boardd' for variant 'base'");
	assert_spec_error(ctx, "base(board=huge)", CATAN_EINVAL,
			  "bad value 'huge' for 'board': expected ");
	ck_assert_ptr_nonnull(strstr(catan_ctx_errmsg(ctx), "beginner"));
	ck_assert_ptr_nonnull(strstr(catan_ctx_errmsg(ctx), "random"));
	assert_spec_error(ctx, "base(players=5)", CATAN_EINVAL,
			  "bad value '5' for 'players': expected 3..4");
	assert_spec_error(ctx, "base(vp=2)", CATAN_EINVAL,
			  "bad value '2' for 'vp': expected 3..20");
	assert_spec_error(ctx, "base(offer_max=4)", CATAN_EINVAL,
			  "expected 0..3");
	assert_spec_error(ctx, "base(numbers=sorted)", CATAN_EINVAL,
			  "bad value 'sorted' for 'numbers': expected ");
	ck_assert_ptr_nonnull(strstr(catan_ctx_errmsg(ctx), "spiral"));
	assert_spec_error(ctx, "base(vp=10,vp=10)", CATAN_EINVAL,
			  "duplicate parameter 'vp'");
	assert_spec_error(ctx, "base+nosuch", CATAN_ENOTFOUND,
			  "unknown module 'nosuch'");
	assert_spec_error(ctx, "base(", CATAN_EPARSE, "offset 5");
	assert_spec_error(ctx, "bsae", CATAN_ENOTFOUND, "unknown variant 'bsae'");
	catan_ctx_free(ctx);
}
END_TEST

START_TEST(test_base_options)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game_options opts = CATAN_GAME_OPTIONS_INIT;

	assert_options_equal(ctx, "base", NULL, "base");
	opts.num_players = 3;
	opts.seed = 1234;
	opts.chance_mode = CATAN_CHANCE_EXPLICIT;
	opts.max_turns = 200;
	opts.params = "board=beginner,vp=8";
	assert_options_equal(ctx, "base", &opts,
			     "base(vp=8,board=beginner,max_turns=200,chance=explicit,seed=1234,players=3)");
	opts.params = "board=huge";
	assert_options_error(ctx, "base", &opts, CATAN_EINVAL,
			     "bad value 'huge' for 'board': expected ");
	ck_assert_ptr_nonnull(strstr(catan_ctx_errmsg(ctx), "beginner"));
	catan_ctx_free(ctx);
}
END_TEST

/* DESIGN.md "Objects": a NULL context means a default one, owned by the game. */
START_TEST(test_null_ctx_is_default)
{
	catan_game *g = NULL;
	catan_state *st = NULL;
	char buf[256];

	CATAN_ASSERT_OK(catan_game_new_from_string(&g, NULL, "base(players=3,seed=9)"));
	CATAN_ASSERT_OK(catan_game_to_string(g, buf, sizeof(buf), NULL));
	ck_assert_str_eq(catan_game_param(g, "players"), "3");
	CATAN_ASSERT_OK(catan_state_new(&st, g));
	catan_game_unref(g); /* the state keeps the game and its context alive */
	ck_assert_int_ge(catan_state_current_player(st), 0);
	catan_state_free(st);

	g = NULL;
	CATAN_ASSERT_ERR(catan_game_new_from_string(&g, NULL, "base(players="), CATAN_EPARSE);
	ck_assert_ptr_null(g);
	CATAN_ASSERT_OK(catan_game_new(&g, NULL, "base", NULL));
	catan_game_unref(g);
}
END_TEST

/* state.h, catan_state_playout(): "CATAN_ERROR if an acting player has
 * no legal action (a broken variant)", with a message, nothing applied. */
START_TEST(test_playout_reports_an_empty_list)
{
	struct counting_alloc ca;
	catan_ctx *ctx = tiny_ctx_new(&ca);
	catan_game *g = NULL;
	catan_state *st = NULL;
	catan_action buf[64];
	uint64_t rng = 1, steps = 99;

	CATAN_ASSERT_OK(catan_game_new_from_string(&g, ctx, "mute"));
	ck_assert_uint_le(catan_game_max_legal_actions(g), ARRAY_LEN(buf));
	CATAN_ASSERT_OK(catan_state_new(&st, g));
	ck_assert_uint_eq(catan_state_acting_players(st), 1);
	ck_assert_int_eq(catan_state_playout(st, &rng, buf, ARRAY_LEN(buf), 10, &steps),
			 CATAN_ERROR);
	ck_assert_uint_eq(steps, 0);
	ck_assert_uint_eq(catan_state_move_number(st), 0);
	ck_assert_ptr_nonnull(strstr(catan_state_errmsg(st), "no legal action"));
	catan_state_free(st);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

void
catan_test_register(SRunner *sr)
{
	Suite *s = catan_test_suite(sr, "ctx");

	CATAN_TEST_ADD(s, test_strerror);
	CATAN_TEST_ADD(s, test_names);
	CATAN_TEST_ADD(s, test_ctx_options);
	CATAN_TEST_ADD(s, test_ctx_new);
	CATAN_TEST_ADD(s, test_ctx_custom_allocator);
	CATAN_TEST_ADD(s, test_version);
	CATAN_TEST_ADD(s, test_log);
	CATAN_TEST_ADD(s, test_internal_alloc);
	CATAN_TEST_ADD(s, test_ctx_alloc_failure);

	s = catan_test_suite(sr, "game");
	CATAN_TEST_ADD(s, test_tiny_defaults);
	CATAN_TEST_ADD(s, test_tiny_values);
	CATAN_TEST_ADD(s, test_layout);
	CATAN_TEST_ADD_LOOP(s, test_spec_errors, 0, (int)ARRAY_LEN(spec_errors));
	CATAN_TEST_ADD(s, test_eight_modules);
	CATAN_TEST_ADD(s, test_null_arguments);
	CATAN_TEST_ADD(s, test_to_string);
	CATAN_TEST_ADD(s, test_ref_unref);
	CATAN_TEST_ADD(s, test_options_init);
	CATAN_TEST_ADD(s, test_options_path);
	CATAN_TEST_ADD(s, test_options_errors);
	CATAN_TEST_ADD(s, test_text_params);
	CATAN_TEST_ADD(s, test_game_alloc_failure_tiny);

	s = catan_test_suite(sr, "base");
	CATAN_TEST_ADD(s, test_base_canonical);
	CATAN_TEST_ADD(s, test_base_any_order);
	CATAN_TEST_ADD(s, test_base_errors);
	CATAN_TEST_ADD(s, test_base_options);
	CATAN_TEST_ADD(s, test_game_alloc_failure_base);
	CATAN_TEST_ADD(s, test_null_ctx_is_default);
	CATAN_TEST_ADD(s, test_playout_reports_an_empty_list);
}
