/*
 * libcatanrules: what the files of the conformance harness share.
 * SPDX-License-Identifier: MIT
 *
 * Private to the harness (the programs test-harness and
 * test-harness-modules), whose checks go through the public API only.
 * The files, one concern each:
 * - test-harness.c: the game (a step, the playout policy, the end) and
 *   the Check tests, registered by catan_test_register();
 * - test-harness-cases.c: the case table, the number of games, the
 *   shards (CATAN_HARNESS_GAMES, CATAN_HARNESS_SHARD);
 * - test-harness-valgrind.c: the cases kept under valgrind and the stride
 *   of the costly checks (CATAN_HARNESS_STRIDE);
 * - test-harness-modules.c: the modules of the context (the test modules
 *   of tests/ in test-harness-modules, none in test-harness);
 * - test-harness-conserve.c: conservation of cards, development cards
 *   (the discard pile and reshuffles) and pieces, declared pieces;
 * - test-harness-actions.c: who acts, the action and chance lists,
 *   mutants, order independence and arrivals, clone and copy;
 * - test-harness-observe.c: observations and resampling;
 * - test-harness-serial.c: the texts, snapshot and history round trips.
 */
#ifndef TEST_HARNESS_H
#define TEST_HARNESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <catanrules/catanrules.h>

#include "test-common.h"
#include "test-playout.h"

/* Safety net only: every game is expected to end with a winner before. */
#define SAFETY_MAX_TURNS 3000
/* Random illegal candidates tried at every decision node. */
#define MUTATIONS 6
/* Combinations above which the default number of games shrinks. */
#define DEFAULT_GAMES 20
#define DEFAULT_GAME_BUDGET 200
#define MAX_CASES 1024

/* One combination: a variant with modules, a player count, a chance mode. */
struct hcase {
	char name[320];    /* the Check test case name */
	char variant[64];
	char params[160];  /* "" or ",k=v,..." after the core parameters */
	char modules[256]; /* "" or "+m1+m2" */
	int players;
	int mode;
};

/*
 * The case table (test-harness-cases.c) is filled once by
 * catan_test_register() before any test runs (and before Check forks),
 * then only read.
 */
extern struct hcase cases[MAX_CASES];
extern int ncases;
extern int games_per_case;

struct buf {
	char *p;
	size_t cap;
};

/* Room for the referee's actions (ends of a round: a few). */
#define REFEREE_CAP 16

struct run {
	struct playout pl;
	catan_ctx *ctx;
	int nplayers;
	int nowners;       /* seated and neutral players */
	int mode;
	struct rng rng;
	catan_board_counts bc;
	size_t maxact, maxout;
	catan_action *acts, *other, *outacts;
	catan_chance_outcome *outs;
	/* conservation: totals taken from the initial state */
	unsigned cards0[CATAN_MAX_CARD_KINDS];
	unsigned dev0[CATAN_MAX_DEV_KINDS];
	unsigned pieces0[CATAN_MAX_PLAYERS][3];
	/* the game's development-card kinds, its KNIGHT kind (-1: none) */
	int dev_kinds, knight_kind;
	/* base action cards played since the last reshuffle, per kind, from
	 * the applied play_* actions */
	unsigned played[CATAN_MAX_DEV_KINDS];
	/* the discard pile at the last check_conservation() */
	unsigned pile[CATAN_MAX_DEV_KINDS];
	/* text buffers, grown on demand */
	struct buf t1, t2, t3;
	/* observation strings of s: players, then PUBLIC, then ALL */
	struct buf views[CATAN_MAX_PLAYERS + 2];
	/* how often a resample changed someone else's hidden cards */
	unsigned resamples, resample_changed;
	unsigned order_checks, mutants_refused;
	/* discard piles reshuffled into the deck */
	unsigned reshuffles;
	/* the game has referee actions (catan_game_info.referee): their
	 * list at this step */
	bool referee;
	catan_action referee_acts[REFEREE_CAP];
	unsigned referee_steps;
	/* every how many steps the costly checks run (check_stride()) */
	unsigned stride;
};

/* ---------------------------------------------- test-harness-modules.c */

/* @ctx with the modules the harness plays (NULL stays NULL). */
catan_ctx *harness_modules(catan_ctx *ctx);

/* ------------------------------------------------ test-harness-cases.c */

/* Fill the case table from the registry of a fresh context. */
void build_cases(void);
/* Games per case for @combos combinations (CATAN_HARNESS_GAMES). */
unsigned harness_games(unsigned combos);
/* CATAN_HARNESS_SHARD=i/n: this run's slice, 0/1 without it. */
void read_shard(int *index, int *count);

/* ---------------------------------------------- test-harness-valgrind.c */

/* Whether this is the reduced run: under valgrind, or the quick suite's
 * (CATAN_HARNESS_QUICK=1). */
bool harness_reduced(void);
/* In the reduced run: whether case @i plays (one per module combination). */
bool valgrind_keeps(int i);
/* In the reduced run: whether the combination @modules plays (alone, or
 * one of the largest). */
bool valgrind_combination(const char *modules);
/* Every how many steps the costly checks run (CATAN_HARNESS_STRIDE). */
unsigned check_stride(void);

/* ---------------------------------------------- test-harness-conserve.c */

struct census {
	unsigned cards[CATAN_MAX_CARD_KINDS];       /* bank + hands */
	unsigned dev[CATAN_MAX_DEV_KINDS];          /* deck + hands + pile + face up */
	unsigned pile[CATAN_MAX_DEV_KINDS];         /* catan_state_dev_discard() */
	unsigned pieces[CATAN_MAX_PLAYERS][3];      /* settlements/cities/roads */
};

void take_census(struct run *r, struct census *c);
void check_conservation(struct run *r);
void check_declared_pieces(struct run *r);
/* The development-card role a play_* action of the core plays, or 0. */
int played_role(const catan_action *a);
bool buys_from_empty_deck(struct run *r, const catan_action *a);
void check_reshuffle(struct run *r, const char *what);

/* ----------------------------------------------- test-harness-actions.c */

/* @player's legal actions into @buf, checked against the size query. */
size_t legal(struct run *r, const catan_state *s, int player,
	     catan_action *buf);
size_t referee_count(struct run *r, const catan_state *s);
void check_actors(struct run *r);
void check_player_list(struct run *r, int player, catan_action *buf,
		       size_t n);
size_t chance_list(struct run *r);
size_t check_chance_list(struct run *r);
void check_mutations(struct run *r, const catan_action *base, size_t nbase);
void check_order_independence(struct run *r, uint32_t mask);
void check_arrivals(struct run *r, uint32_t mask);
void check_lockstep(struct run *r);

/* ----------------------------------------------- test-harness-observe.c */

void check_observations(struct run *r, int deep);

/* ------------------------------------------------ test-harness-serial.c */

typedef int (*text_fn)(const catan_state *s, int observer, char *buf,
		       size_t cap, size_t *len_out);

int get_text(struct buf *b, text_fn fn, const catan_state *s, int observer,
	     size_t *len_out);
/* The first line where two texts differ, for failure messages. */
void first_difference(const char *a, const char *b, char *out, size_t cap);
void check_snapshot(struct run *r);
void check_history(struct run *r);

#endif
