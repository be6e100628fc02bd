/*
 * libcatanrules: the context (allocator, log, registry) and common names.
 * SPDX-License-Identifier: MIT
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catan-private.h"

const char *
catan_strerror(int code)
{
	switch (code) {
	case CATAN_OK:
		return "success";
	case CATAN_ERROR:
		return "generic failure";
	case CATAN_EINVAL:
		return "invalid argument";
	case CATAN_ENOMEM:
		return "out of memory";
	case CATAN_EBUFS:
		return "buffer too small";
	case CATAN_EILLEGAL:
		return "illegal action";
	case CATAN_ENOTFOUND:
		return "not found";
	case CATAN_EVERSION:
		return "unsupported version";
	case CATAN_EPARSE:
		return "parse error";
	case CATAN_ENOTSUP:
		return "not supported";
	case CATAN_EUSER:
		return "error returned by a host callback";
	default:
		return "unknown error";
	}
}

static const char *const resource_names[CATAN_MAX_CARD_KINDS] = {
	"lumber", "brick", "wool", "grain", "ore", NULL, NULL, NULL,
};

static const char *const dev_card_names[CATAN_MAX_DEV_KINDS] = {
	"knight", "road_building", "year_of_plenty", "monopoly",
	"victory_point", NULL, NULL, NULL,
};

const char *
catan_resource_name(int kind)
{
	if (kind < 0 || kind >= CATAN_MAX_CARD_KINDS)
		return NULL;
	return resource_names[kind];
}

const char *
catan_dev_card_name(int kind)
{
	if (kind < 0 || kind >= CATAN_MAX_DEV_KINDS)
		return NULL;
	return dev_card_names[kind];
}

/* ------------------------------------------------------------ allocation */

static void *
default_alloc(void *userdata, void *ptr, size_t old_size, size_t new_size)
{
	(void)userdata;
	(void)old_size;

	if (new_size == 0) {
		free(ptr);
		return NULL;
	}
	return realloc(ptr, new_size);
}

/*
 * Internal callers may pass a NULL context (before one exists, or from
 * helpers that have none); they get the C library's allocator so that a
 * missing context never turns into a crash.
 */
void *
catan__alloc(const catan_ctx *ctx, size_t size)
{
	/* The hook frees on a zero size, so never ask it for zero bytes. */
	if (size == 0)
		size = 1;
	if (!ctx)
		return malloc(size);
	return ctx->alloc(ctx->alloc_userdata, NULL, 0, size);
}

void *
catan__calloc(const catan_ctx *ctx, size_t size)
{
	void *p = catan__alloc(ctx, size);

	if (p)
		memset(p, 0, size);
	return p;
}

void
catan__free(const catan_ctx *ctx, void *ptr, size_t size)
{
	if (!ptr)
		return;
	if (!ctx) {
		free(ptr);
		return;
	}
	/* Match the size catan__alloc() asked for. */
	if (size == 0)
		size = 1;
	ctx->alloc(ctx->alloc_userdata, ptr, size, 0);
}

char *
catan__strdup(const catan_ctx *ctx, const char *s)
{
	size_t len;
	char *copy;

	if (!s)
		return NULL;
	len = strlen(s);
	copy = catan__alloc(ctx, len + 1);
	if (copy)
		memcpy(copy, s, len + 1);
	return copy;
}

void
catan__strfree(const catan_ctx *ctx, char *s)
{
	if (s)
		catan__free(ctx, s, strlen(s) + 1);
}

void
catan__ctx_seterr(catan_ctx *ctx, const char *fmt, ...)
{
	va_list ap;

	if (!ctx || !fmt)
		return;
	va_start(ap, fmt);
	vsnprintf(ctx->errmsg, sizeof(ctx->errmsg), fmt, ap);
	va_end(ap);
	ctx->errmsg_count++;
}

void
catan__log(const catan_ctx *ctx, int level, const char *fmt, ...)
{
	char message[512];
	va_list ap;

	if (!ctx || !ctx->log || !fmt || level > ctx->log_level)
		return;
	va_start(ap, fmt);
	vsnprintf(message, sizeof(message), fmt, ap);
	va_end(ap);
	ctx->log(ctx->log_userdata, level, message);
}

/* --------------------------------------------------------------- context */

int
catan_ctx_options_init(catan_ctx_options *opts, unsigned int version)
{
	if (!opts)
		return CATAN_EINVAL;
	if (version != CATAN_CTX_OPTIONS_VERSION)
		return CATAN_EVERSION;
	memset(opts, 0, sizeof(*opts));
	opts->version = version;
	opts->log_level = CATAN_LOG_ERROR;
	return CATAN_OK;
}

int
catan_ctx_new(catan_ctx **out, const catan_ctx_options *opts)
{
	catan_alloc_fn alloc = default_alloc;
	void *alloc_userdata = NULL;
	catan_ctx *ctx;
	size_t n;

	if (!out)
		return CATAN_EINVAL;
	if (opts && opts->version != CATAN_CTX_OPTIONS_VERSION)
		return CATAN_EVERSION;
	if (opts && opts->alloc) {
		alloc = opts->alloc;
		alloc_userdata = opts->alloc_userdata;
	}

	/* The handle lives in host memory like everything else. */
	ctx = alloc(alloc_userdata, NULL, 0, sizeof(*ctx));
	if (!ctx)
		return CATAN_ENOMEM;
	memset(ctx, 0, sizeof(*ctx));
	ctx->refcount = 1;
	ctx->alloc = alloc;
	ctx->alloc_userdata = alloc_userdata;
	ctx->log_level = CATAN_LOG_ERROR;
	if (opts) {
		ctx->log = opts->log;
		ctx->log_userdata = opts->log_userdata;
		ctx->log_level = opts->log_level;
	}

	ctx->variants = catan__builtin_variants;
	for (n = 0; catan__builtin_variants[n]; n++)
		;
	ctx->nvariants = n;
	ctx->modules = catan__builtin_modules;
	for (n = 0; catan__builtin_modules[n]; n++)
		;
	ctx->nmodules = n;
	/* The built-in parts' numbers are fixed at build time: a clash is a
	 * defect of this build, refused before any game could misread it. */
	{
		char why[CATAN_ERRMSG_SIZE];

		if (catan_registry__check(ctx->variants, ctx->nvariants, ctx->modules,
					  ctx->nmodules, why, sizeof(why))) {
			catan__log(ctx, CATAN_LOG_ERROR, "%s", why);
			alloc(alloc_userdata, ctx, sizeof(*ctx), 0);
			return CATAN_ERROR;
		}
	}

	*out = ctx;
	return CATAN_OK;
}

void
catan__ctx_hold(catan_ctx *ctx)
{
	__atomic_fetch_add(&ctx->refcount, 1, __ATOMIC_RELAXED);
}

void
catan__ctx_release(catan_ctx *ctx)
{
	catan_alloc_fn alloc;
	void *userdata;

	/* Release/acquire so the last holder sees every other one's use. */
	if (!ctx || __atomic_sub_fetch(&ctx->refcount, 1, __ATOMIC_ACQ_REL) != 0)
		return;
	if (ctx->board_text)
		catan_board__text_free(ctx, ctx->board_text);
	alloc = ctx->alloc;
	userdata = ctx->alloc_userdata;
	alloc(userdata, ctx, sizeof(*ctx), 0);
}

void
catan_ctx_free(catan_ctx *ctx)
{
	catan__ctx_release(ctx);
}

const char *
catan_ctx_errmsg(const catan_ctx *ctx)
{
	if (!ctx)
		return "";
	return ctx->errmsg;
}

size_t
catan_ctx_variant_count(const catan_ctx *ctx)
{
	return ctx ? ctx->nvariants : 0;
}

const char *
catan_ctx_variant_name(const catan_ctx *ctx, size_t index)
{
	if (!ctx || index >= ctx->nvariants)
		return NULL;
	return ctx->variants[index]->name;
}

int
catan_ctx_variant_info(const catan_ctx *ctx, const char *name,
		       const char **description_out,
		       int *min_players_out, int *max_players_out)
{
	size_t i;

	if (!ctx || !name)
		return CATAN_EINVAL;
	for (i = 0; i < ctx->nvariants; i++) {
		const struct catan_variant_ops *v = ctx->variants[i];

		if (strcmp(v->name, name) != 0)
			continue;
		if (description_out)
			*description_out = v->description ? v->description : "";
		if (min_players_out)
			*min_players_out = v->min_players;
		if (max_players_out)
			*max_players_out = v->max_players;
		return CATAN_OK;
	}
	return CATAN_ENOTFOUND;
}

size_t
catan_ctx_module_count(const catan_ctx *ctx)
{
	return ctx ? ctx->nmodules : 0;
}

const char *
catan_ctx_module_name(const catan_ctx *ctx, size_t index)
{
	if (!ctx || index >= ctx->nmodules)
		return NULL;
	return ctx->modules[index]->name;
}

void
catan_version(int *major, int *minor, int *micro)
{
	if (major)
		*major = CATAN_VERSION_MAJOR;
	if (minor)
		*minor = CATAN_VERSION_MINOR;
	if (micro)
		*micro = CATAN_VERSION_MICRO;
}

int
catan_abi_check(unsigned int abi, size_t sizeof_action)
{
	if (abi != CATAN_ABI_VERSION || sizeof_action != sizeof(catan_action))
		return CATAN_EVERSION;
	return CATAN_OK;
}
