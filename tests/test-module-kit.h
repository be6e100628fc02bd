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

#endif
