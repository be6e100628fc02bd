/*
 * Adding the test modules of tests/ to a context's registry.
 * SPDX-License-Identifier: MIT
 */
#ifndef CATAN_TEST_MODULE_KIT_H
#define CATAN_TEST_MODULE_KIT_H

#include "catanrules/catanrules.h"

struct catan_module_ops;

/* Add @ops after the modules @ctx has (at most 62 in all). The registry
 * is one static table, shared by every context that gets test modules. */
void catan_test_add_module(catan_ctx *ctx, const struct catan_module_ops *ops);

/* A test module @id_##_module of the variants @variants_ (a NULL-ended
 * list of names) that only declares game facts, in @id_##_build_game. */
#define CATAN_TEST_BUILD_MODULE(id_, name_, desc_, variants_)   \
	static const struct catan_module_ops id_##_module = {   \
		.version = CATAN_MODULE_OPS_VERSION,            \
		.name = name_,                                  \
		.description = desc_,                           \
		.variants = variants_,                          \
		.build_game = id_##_build_game,                 \
	}

#endif
