/*
 * libcatanrules: internal definitions shared by lib/ and variants/.
 * Nothing here is part of the public API. The definitions live in one
 * header per concern (lib/catan-*.h), included here in the order they
 * build on each other; the turn kit (turn.h) and the module stack
 * (modules.h) have headers of their own that their users include.
 * SPDX-License-Identifier: MIT
 */
#ifndef CATAN_PRIVATE_H
#define CATAN_PRIVATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdarg.h>
#include <string.h>

#include "catanrules/catanrules.h"
#include "catanrules/sys/variant.h"
#include "catanrules/sys/module.h"

#define CATAN_ERRMSG_SIZE 256
#define CATAN_MAX_MODULES 8
#define CATAN_MAX_PARAMS 24
#define CATAN_NO_PLAYER (-1)

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

#include "catan-ctx.h"
#include "catan-board.h"
#include "catan-rng.h"
#include "catan-game.h"
#include "catan-state.h"
#include "catan-cards.h"
#include "catan-rules.h"
#include "catan-sink.h"
#include "catan-text.h"
#include "catan-holdings.h"
#include "catan-pieces.h"
#include "catan-chips.h"

#endif
