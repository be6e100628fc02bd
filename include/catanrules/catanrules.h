/*
 * libcatanrules: a rules engine for CATAN and its variants.
 * SPDX-License-Identifier: MIT
 */
#ifndef INCLUDE_catanrules_h__
#define INCLUDE_catanrules_h__

/**
 * @file catanrules/catanrules.h
 * @brief Umbrella header: includes the whole stable public API.
 */

#include "common.h"
#include "version.h"
#include "ctx.h"
#include "game.h"
#include "board.h"
#include "action.h"
#include "state.h"
#include "edit.h"
#include "observe.h"
#include "holding.h"
#include "piece.h"
#include "serialize.h"
#include "traders.h"
#include "space.h"
#include "tensor.h"

#endif
