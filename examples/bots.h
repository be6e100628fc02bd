/*
 * catanrules bots: baseline players over the public API (random, greedy, mcts).
 * SPDX-License-Identifier: MIT
 */
#ifndef CATANRULES_BOTS_H
#define CATANRULES_BOTS_H

/*
 * A bot chooses one of a player's legal actions. It sees what the player
 * sees: every bot that looks ahead first deals the hidden information anew
 * with catan_state_resample() from the player's point of view, so it never
 * reads another player's hand, the deck's order or the RNG of SAMPLED
 * chance. The library itself holds no AI: these are users of its API, for
 * `catanrules sim --bots` and doc/bots.md.
 *
 *   random           uniform over the legal actions
 *   greedy           the action whose position scores best by a value
 *                    function (bot-greedy.c), one ply ahead
 *   mcts[:N]         Monte Carlo tree search, N iterations per decision
 *                    (default 300), each on a new determinization
 *                    (bot-mcts.c)
 */

#include <stddef.h>
#include <stdint.h>

#include <catanrules/catanrules.h>

typedef struct bot bot;

/* The bots' names and a line each, for --help. */
extern const char bot_help[];

/*
 * A bot named @spec ("random", "greedy", "mcts", "mcts:500") for @player
 * of @g, seeded with @seed. 0 on success; -1 with a message in @why for
 * an unknown name or a bad parameter, -2 if out of memory.
 */
int bot_new(bot **out, const char *spec, const catan_game *g, int player,
	    uint64_t seed, char *why, size_t why_cap);
void bot_free(bot *b);
/* The bot's name as given ("mcts:500"). */
const char *bot_name(const bot *b);

/*
 * Choose among @legal[0..@n) (the player's legal actions in @s, n >= 1):
 * store the index in @pick. 0 on success, a CATAN_E* code if the library
 * refused something the bot asked (then @pick is 0).
 */
int bot_choose(bot *b, const catan_state *s, const catan_action *legal, size_t n,
	       size_t *pick);

/* ------------------------------------------------------- for the bots */

/* SplitMix64 step, and a uniform draw below @n (n >= 1). */
uint64_t bot_random_next(uint64_t *x);
uint64_t bot_random_below(uint64_t *x, uint64_t n);

/* The player who acts in @s as playouts choose it: the lowest acting. */
int bot_actor(const catan_state *s);
/* A chance outcome of @s drawn by its probabilities into @out. */
int bot_sample_outcome(const catan_state *s, catan_chance_outcome *buf, size_t cap,
		       uint64_t *rng, catan_action *out);
/* Per-player result of a finished or cut-off game: 1 for the winner; when
 * nobody has won, 1 shared by those with the most public points. */
void bot_rewards(const catan_state *s, int nplayers, double *out);

int bot_greedy_choose(bot *b, const catan_state *s, const catan_action *legal, size_t n,
		      size_t *pick);
int bot_mcts_choose(bot *b, const catan_state *s, const catan_action *legal, size_t n,
		    size_t *pick);
/* Free what a bot of the kind keeps in bot->search. */
void bot_greedy_free(void *search);
void bot_mcts_free(void *search);

/* What every bot has; bot.c owns it. */
struct bot {
	char name[32];
	int kind;                 /* enum bot_kind (bot.c) */
	int player;
	int nplayers;
	const catan_game *game;
	uint64_t rng;
	unsigned iterations;      /* mcts */
	catan_action *buf;        /* scratch: legal actions */
	size_t buf_cap;
	catan_chance_outcome *outcomes;
	size_t outcome_cap;
	void *search;             /* greedy: its board; mcts: its tree */
};

#endif
