/*
 * libcatanrules: the context, the library's only process-wide object.
 * SPDX-License-Identifier: MIT
 */
#ifndef INCLUDE_catanrules_ctx_h__
#define INCLUDE_catanrules_ctx_h__

#include "common.h"

/**
 * @file catanrules/ctx.h
 * @brief Context: allocator hook, log hook and the registry of variants and modules.
 * @defgroup ctx Context
 *
 * The library has no global state: everything process-wide lives in a
 * catan_ctx. A context may be shared by threads once created; games are
 * immutable and may be shared too; a state is used by one thread at a time.
 * @{
 */

CATAN_BEGIN_DECLS

/** Opaque context handle. */
typedef struct catan_ctx catan_ctx;

/**
 * Allocator hook, realloc-like: new_size 0 frees ptr and returns NULL;
 * ptr NULL allocates. Must return NULL on failure.
 */
typedef void *(*catan_alloc_fn)(void *userdata, void *ptr, size_t old_size, size_t new_size);

/** Log levels for #catan_log_fn. */
typedef enum catan_log_level {
	CATAN_LOG_ERROR = 1, /**< an internal invariant failed */
	CATAN_LOG_INFO  = 2, /**< informational */
	CATAN_LOG_DEBUG = 3  /**< verbose */
} catan_log_level;

/** Log hook: receives a level and a NUL-terminated message. */
typedef void (*catan_log_fn)(void *userdata, int level, const char *message);

/** Options for catan_ctx_new(). */
typedef struct catan_ctx_options {
	unsigned int   version;        /**< must be #CATAN_CTX_OPTIONS_VERSION */
	catan_alloc_fn alloc;          /**< NULL: the C library's malloc/realloc/free */
	void          *alloc_userdata; /**< passed to @c alloc */
	catan_log_fn   log;            /**< NULL: silent */
	void          *log_userdata;   /**< passed to @c log */
	int            log_level;      /**< highest #catan_log_level delivered */
} catan_ctx_options;

/** Current version of #catan_ctx_options. */
#define CATAN_CTX_OPTIONS_VERSION 1
/** Static initialiser for #catan_ctx_options. */
#define CATAN_CTX_OPTIONS_INIT { CATAN_CTX_OPTIONS_VERSION, NULL, NULL, NULL, NULL, CATAN_LOG_ERROR }

/**
 * Initialise an options struct with defaults (for FFI users who cannot use the macro).
 * @param[out] opts the struct to fill
 * @param version #CATAN_CTX_OPTIONS_VERSION
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL if @p opts is NULL
 * @retval CATAN_EVERSION if @p version is unknown
 */
CATAN_API int catan_ctx_options_init(catan_ctx_options *opts, unsigned int version);

/**
 * Create a context holding every built-in variant and module.
 * @param[out] out the new context; free it with catan_ctx_free()
 * @param opts options, or NULL for defaults
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL if @p out is NULL
 * @retval CATAN_EVERSION if @p opts has an unknown version
 * @retval CATAN_ENOMEM if allocation failed
 */
CATAN_API int catan_ctx_new(catan_ctx **out, const catan_ctx_options *opts);

/**
 * Release the caller's hold on a context. Each game created from it holds
 * the context too, and its memory goes with the last holder, so a context
 * and its games may be released in any order (garbage-collected bindings
 * cannot choose the order of their finalizers). @p ctx must not be used
 * by the caller afterwards; its games may.
 * @param ctx the context, or NULL (no effect)
 */
CATAN_API void catan_ctx_free(catan_ctx *ctx);

/**
 * The message of the last failing call that reported on this context.
 * @param ctx the context
 * @return a string owned by @p ctx, valid until the next failing call; "" if none
 */
CATAN_API const char *catan_ctx_errmsg(const catan_ctx *ctx);

/**
 * Number of registered variants.
 * @param ctx the context
 * @return the count (0 if @p ctx is NULL)
 */
CATAN_API size_t catan_ctx_variant_count(const catan_ctx *ctx);

/**
 * Name of a registered variant ("base", ...).
 * @param ctx the context
 * @param index 0 .. catan_ctx_variant_count()-1
 * @return a borrowed string, or NULL if out of range
 */
CATAN_API const char *catan_ctx_variant_name(const catan_ctx *ctx, size_t index);

/**
 * Description and player range of a registered variant.
 * @param ctx the context
 * @param name the variant name
 * @param[out] description_out borrowed one-line description (may be NULL)
 * @param[out] min_players_out fewest players (may be NULL)
 * @param[out] max_players_out most players (may be NULL)
 * @retval CATAN_OK on success
 * @retval CATAN_ENOTFOUND if no variant has that name
 * @retval CATAN_EINVAL if @p ctx or @p name is NULL
 */
CATAN_API int catan_ctx_variant_info(const catan_ctx *ctx, const char *name,
                                     const char **description_out,
                                     int *min_players_out, int *max_players_out);

/**
 * Number of registered rule modules (stackable on a variant with '+').
 * @param ctx the context
 * @return the count (0 if @p ctx is NULL)
 */
CATAN_API size_t catan_ctx_module_count(const catan_ctx *ctx);

/**
 * Name of a registered module.
 * @param ctx the context
 * @param index 0 .. catan_ctx_module_count()-1
 * @return a borrowed string, or NULL if out of range
 */
CATAN_API const char *catan_ctx_module_name(const catan_ctx *ctx, size_t index);

/**
 * The library's version.
 * @param[out] major may be NULL
 * @param[out] minor may be NULL
 * @param[out] micro may be NULL
 */
CATAN_API void catan_version(int *major, int *minor, int *micro);

/**
 * Check that the header a program was compiled with matches the library it
 * runs with. Call it through #CATAN_ABI_CHECK.
 * @param abi the caller's #CATAN_ABI_VERSION
 * @param sizeof_action the caller's sizeof(catan_action)
 * @retval CATAN_OK if compatible
 * @retval CATAN_EVERSION otherwise
 */
CATAN_API int catan_abi_check(unsigned int abi, size_t sizeof_action);

/** Check the running library against this header (see catan_abi_check()). */
#define CATAN_ABI_CHECK() catan_abi_check(CATAN_ABI_VERSION, sizeof(catan_action))

CATAN_END_DECLS

/** @} */
#endif
