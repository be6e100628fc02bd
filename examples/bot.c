/*
 * catanrules bots: the registry, the random bot and what the bots share.
 * SPDX-License-Identifier: MIT
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bots.h"

enum bot_kind { BOT_RANDOM, BOT_GREEDY, BOT_MCTS };

#define MCTS_DEFAULT_ITERATIONS 300u
#define MCTS_MAX_ITERATIONS 1000000ul

const char bot_help[] =
	"  random      uniform over the legal actions\n"
	"  greedy      the best position one action ahead by a value function\n"
	"              (points, production, cards; doc/bots.md)\n"
	"  mcts[:N]    Monte Carlo tree search, N iterations per decision\n"
	"              (default 300), each on hidden information dealt anew\n";

uint64_t
bot_random_next(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

uint64_t
bot_random_below(uint64_t *x, uint64_t n)
{
	uint64_t limit = UINT64_MAX - UINT64_MAX % n;
	uint64_t r;

	do {
		r = bot_random_next(x);
	} while (r >= limit);
	return r % n;
}

int
bot_actor(const catan_state *s)
{
	uint32_t mask = catan_state_acting_players(s);

	for (int p = 0; p < 32; p++)
		if (mask >> p & 1)
			return p;
	return -1;
}

int
bot_sample_outcome(const catan_state *s, catan_chance_outcome *buf, size_t cap,
		   uint64_t *rng, catan_action *out)
{
	size_t n = 0;
	uint64_t r, acc = 0;
	int rc = catan_state_chance_outcomes(s, buf, cap, &n);

	if (rc != CATAN_OK)
		return rc;
	if (n == 0 || buf[0].den == 0)
		return CATAN_ERROR;
	r = bot_random_below(rng, buf[0].den);
	for (size_t i = 0; i < n; i++) {
		acc += buf[i].num;
		if (r < acc) {
			*out = buf[i].action;
			return CATAN_OK;
		}
	}
	return CATAN_ERROR;
}

void
bot_rewards(const catan_state *s, int nplayers, double *out)
{
	int winner = catan_state_winner(s), best = -1000000, tied = 0;

	for (int p = 0; p < nplayers; p++)
		out[p] = 0.0;
	if (winner >= 0 && winner < nplayers) {
		out[winner] = 1.0;
		return;
	}
	for (int p = 0; p < nplayers; p++) {
		int vp = catan_state_victory_points(s, p, 0);

		if (vp > best) {
			best = vp;
			tied = 1;
		} else if (vp == best) {
			tied++;
		}
	}
	for (int p = 0; p < nplayers; p++)
		if (catan_state_victory_points(s, p, 0) == best)
			out[p] = 1.0 / tied;
}

static int
parse_spec(bot *b, const char *spec, char *why, size_t why_cap)
{
	const char *colon = strchr(spec, ':');
	size_t head = colon ? (size_t)(colon - spec) : strlen(spec);

	if (head == 6 && !strncmp(spec, "random", 6) && !colon) {
		b->kind = BOT_RANDOM;
	} else if (head == 6 && !strncmp(spec, "greedy", 6) && !colon) {
		b->kind = BOT_GREEDY;
	} else if (head == 4 && !strncmp(spec, "mcts", 4)) {
		b->kind = BOT_MCTS;
		b->iterations = MCTS_DEFAULT_ITERATIONS;
		if (colon) {
			char *end = NULL;
			unsigned long v = strtoul(colon + 1, &end, 10);

			if (colon[1] < '0' || colon[1] > '9' || *end || v == 0 ||
			    v > MCTS_MAX_ITERATIONS) {
				snprintf(why, why_cap, "bad iteration count in '%s' (1..%lu)",
					 spec, MCTS_MAX_ITERATIONS);
				return -1;
			}
			b->iterations = (unsigned)v;
		}
	} else {
		snprintf(why, why_cap, "unknown bot '%s' (random, greedy, mcts[:N])", spec);
		return -1;
	}
	return 0;
}

int
bot_new(bot **out, const char *spec, const catan_game *g, int player, uint64_t seed,
	char *why, size_t why_cap)
{
	bot *b;

	*out = NULL;
	if (strlen(spec) >= sizeof(b->name)) {
		snprintf(why, why_cap, "bot name too long: '%.40s...'", spec);
		return -1;
	}
	b = calloc(1, sizeof(*b));
	if (b == NULL)
		return -2;
	if (parse_spec(b, spec, why, why_cap) != 0) {
		free(b);
		return -1;
	}
	snprintf(b->name, sizeof(b->name), "%s", spec);
	b->player = player;
	b->nplayers = catan_game_num_players(g);
	b->game = g;
	/* each seat its own stream, so that two bots of a kind differ */
	b->rng = seed ^ (0x9e3779b97f4a7c15ull * (uint64_t)(player + 1));
	b->buf_cap = catan_game_max_legal_actions(g);
	b->outcome_cap = catan_game_max_chance_outcomes(g);
	b->buf = malloc((b->buf_cap ? b->buf_cap : 1) * sizeof(*b->buf));
	b->outcomes = malloc((b->outcome_cap ? b->outcome_cap : 1) * sizeof(*b->outcomes));
	if (b->buf == NULL || b->outcomes == NULL) {
		bot_free(b);
		return -2;
	}
	*out = b;
	return 0;
}

void
bot_free(bot *b)
{
	if (b == NULL)
		return;
	if (b->kind == BOT_GREEDY)
		bot_greedy_free(b->search);
	else if (b->kind == BOT_MCTS)
		bot_mcts_free(b->search);
	free(b->buf);
	free(b->outcomes);
	free(b);
}

const char *
bot_name(const bot *b)
{
	return b->name;
}

int
bot_choose(bot *b, const catan_state *s, const catan_action *legal, size_t n, size_t *pick)
{
	*pick = 0;
	if (n <= 1)
		return CATAN_OK;
	switch (b->kind) {
	case BOT_GREEDY:
		return bot_greedy_choose(b, s, legal, n, pick);
	case BOT_MCTS:
		return bot_mcts_choose(b, s, legal, n, pick);
	default:
		*pick = (size_t)bot_random_below(&b->rng, n);
		return CATAN_OK;
	}
}
