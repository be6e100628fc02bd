/*
 * libcatanrules: the public headers compile as C++ (extern "C", no C-only syntax).
 * SPDX-License-Identifier: MIT
 */

#include <catanrules/catanrules.h>
#include <catanrules/sys/variant.h>
#include <catanrules/sys/module.h>

static_assert(sizeof(catan_action) <= 32, "catan_action grew past 32 bytes");

int
main()
{
	catan_action a = CATAN_ACTION_INIT;
	catan_ctx_options copts = CATAN_CTX_OPTIONS_INIT;
	catan_game_options gopts = CATAN_GAME_OPTIONS_INIT;
	int (*fn)(unsigned int, size_t) = catan_abi_check;

	(void)copts;
	(void)gopts;
	(void)fn;
	return a.type == CATAN_ACT_NONE ? 0 : 1;
}
