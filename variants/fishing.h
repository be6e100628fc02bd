/*
 * libcatanrules: Fishing on Catan — what the module's files share
 * (variants/fishing.c: the rules; fishing-board.c: the board;
 * fishing-notation.c: the actions written and read).
 * SPDX-License-Identifier: MIT
 */
#ifndef CATAN_VARIANTS_FISHING_H
#define CATAN_VARIANTS_FISHING_H

#include "turn.h"
#include "catanrules/traders.h"

/* The payment's slots in give[]: the tokens of one, two and three fish. */
#define PAY_SLOT(v) (4 + (v))

/* Whether the action's fields are zero but those named (the payment slots
 * of give[] with @pay_slots). */
static inline bool
fields_clean(const catan_action *a, bool target, bool arg, bool pay_slots, bool get)
{
	if (a->flags || (!target && a->target) || (!arg && a->arg))
		return false;
	for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++) {
		bool slot = k >= PAY_SLOT(1) && k <= PAY_SLOT(3);

		if (a->give[k] && !(pay_slots && slot))
			return false;
		if (a->get[k] && !get)
			return false;
	}
	return true;
}

/* fishing-board.c: the lake for the desert and the six fishing grounds
 * (a host's board with a lake and fishing grounds as it is). */
int catan_fishing__make_board(catan_game *g);

/* fishing-notation.c: format_action and parse_action of the module. */
int catan_fishing__format_action(const catan_game *g, const catan_action *a, char *buf,
				 size_t cap, size_t *len_out);
int catan_fishing__parse_action(const catan_game *g, const char *name, const char *args,
				catan_action *out);

#endif
