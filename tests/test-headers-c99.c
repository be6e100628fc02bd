/*
 * libcatanrules: the public headers compile as strict C99 (-pedantic -Werror).
 * SPDX-License-Identifier: MIT
 */

#include <catanrules/catanrules.h>
#include <catanrules/sys/variant.h>
#include <catanrules/sys/module.h>

/* The action must stay a small pointer-free POD (DESIGN: <= 32 bytes). */
typedef char action_size_ok[sizeof(catan_action) <= 32 ? 1 : -1];

int
main(void)
{
	catan_action a = CATAN_ACTION_INIT;
	catan_ctx_options copts = CATAN_CTX_OPTIONS_INIT;
	catan_game_options gopts = CATAN_GAME_OPTIONS_INIT;
	action_size_ok check;

	(void)check;
	(void)copts;
	(void)gopts;
	return a.type == CATAN_ACT_NONE && CATAN_ABI_VERSION > 0 ? 0 : 1;
}
