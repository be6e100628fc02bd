/*
 * catanrules bots: Monte Carlo tree search under hidden information.
 * SPDX-License-Identifier: MIT
 */

/*
 * Single-observer information-set MCTS: one tree of actions for the
 * decision at hand; every iteration deals what the bot cannot see anew
 * (catan_state_resample() from its seat: the others' hands, the deck, the
 * RNG of SAMPLED chance), walks the tree on that determinization, adds one
 * node, plays the rest at random (catan_state_playout()) and credits each
 * node's mover with that mover's result. A child is chosen by UCB1 among
 * those legal in the determinization, with its availability (how often it
 * was legal) in place of the parent's visits. Chance nodes (EXPLICIT
 * games) are sampled by their probabilities and take no node of their own;
 * in SAMPLED games the library resolves chance inside apply, from the
 * determinization's RNG. The move made is the root's most visited child.
 *
 * Results (bot_rewards()): 1 for the winner; a playout cut off after
 * ROLLOUT_STEPS actions gives 1 shared by the leaders in public points.
 */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bots.h"

#define ROLLOUT_STEPS 1500u
#define TREE_DEPTH 48u
#define UCB_C 0.7

struct node {
	catan_action action; /* the move into the node */
	int actor;           /* its mover */
	uint32_t child;      /* first child, 0 for none (0 is the root) */
	uint32_t next;       /* next sibling, 0 for none */
	uint32_t visits;
	uint32_t avail;
	double reward;       /* sum of the mover's results */
};

struct tree {
	struct node *nodes;
	size_t count, cap;
};

void
bot_mcts_free(void *search)
{
	struct tree *t = search;

	if (t == NULL)
		return;
	free(t->nodes);
	free(t);
}

static struct tree *
tree_for(bot *b)
{
	struct tree *t = b->search;

	if (t == NULL) {
		t = calloc(1, sizeof(*t));
		if (t == NULL)
			return NULL;
		t->cap = (size_t)b->iterations + 1;
		t->nodes = calloc(t->cap, sizeof(*t->nodes));
		if (t->nodes == NULL) {
			free(t);
			return NULL;
		}
		b->search = t;
	}
	t->count = 1;
	memset(&t->nodes[0], 0, sizeof(t->nodes[0]));
	return t;
}

static uint32_t
find_child(const struct tree *t, uint32_t parent, const catan_action *a)
{
	for (uint32_t c = t->nodes[parent].child; c; c = t->nodes[c].next)
		if (!memcmp(&t->nodes[c].action, a, sizeof(*a)))
			return c;
	return 0;
}

static uint32_t
add_child(struct tree *t, uint32_t parent, const catan_action *a, int actor)
{
	struct node *n;
	uint32_t id;

	if (t->count >= t->cap)
		return 0;
	id = (uint32_t)t->count++;
	n = &t->nodes[id];
	memset(n, 0, sizeof(*n));
	n->action = *a;
	n->actor = actor;
	n->next = t->nodes[parent].child;
	t->nodes[parent].child = id;
	return id;
}

/*
 * One step down from @node in @s for @actor's legal actions @legal[0..n):
 * a new child if some legal action has none (drawn at random; *added set),
 * else the best by UCB1 among the legal ones. 0 if the tree is full.
 */
static uint32_t
descend(bot *b, struct tree *t, uint32_t node, const catan_action *legal, size_t n, int actor,
	int *added)
{
	size_t untried = 0, chosen = 0;
	uint32_t best = 0;
	double best_score = -1.0;

	*added = 0;
	for (size_t i = 0; i < n; i++) {
		uint32_t c = find_child(t, node, &legal[i]);

		if (c) {
			t->nodes[c].avail++;
		} else if (bot_random_below(&b->rng, ++untried) == 0) {
			chosen = i;
		}
	}
	if (untried) {
		*added = 1;
		return add_child(t, node, &legal[chosen], actor);
	}
	for (size_t i = 0; i < n; i++) {
		uint32_t c = find_child(t, node, &legal[i]);
		const struct node *cn = &t->nodes[c];
		double score = cn->reward / cn->visits +
			       UCB_C * sqrt(log((double)cn->avail) / cn->visits);

		if (score > best_score) {
			best_score = score;
			best = c;
		}
	}
	return best;
}

/* One iteration on a determinization @det (played on and left changed). */
static int
iterate(bot *b, struct tree *t, catan_state *det, uint32_t *path)
{
	double rewards[CATAN_MAX_PLAYERS];
	unsigned depth = 0;
	uint32_t node = 0;
	int rc = CATAN_OK;

	while (!catan_state_is_terminal(det) && depth < TREE_DEPTH) {
		catan_action a;
		size_t n = 0;
		int actor, added;
		uint32_t next;

		if (catan_state_is_chance_node(det)) {
			rc = bot_sample_outcome(det, b->outcomes, b->outcome_cap, &b->rng, &a);
			if (rc == CATAN_OK)
				rc = catan_state_apply(det, &a);
			if (rc != CATAN_OK)
				return rc;
			continue;
		}
		/* at the root the bot's own decision, whoever else may act */
		actor = depth == 0 ? b->player : bot_actor(det);
		rc = catan_state_legal_actions(det, actor, b->buf, b->buf_cap, &n);
		if (rc != CATAN_OK)
			return rc;
		if (n == 0)
			return CATAN_ERROR;
		next = descend(b, t, node, b->buf, n, actor, &added);
		if (next == 0)
			break;
		rc = catan_state_apply(det, &t->nodes[next].action);
		if (rc != CATAN_OK)
			return rc;
		path[depth++] = next;
		node = next;
		if (added)
			break;
	}
	if (!catan_state_is_terminal(det)) {
		uint64_t steps = 0;

		rc = catan_state_playout(det, &b->rng, b->buf, b->buf_cap, ROLLOUT_STEPS, &steps);
		if (rc != CATAN_OK)
			return rc;
	}
	bot_rewards(det, b->nplayers, rewards);
	for (unsigned i = 0; i < depth; i++) {
		struct node *nd = &t->nodes[path[i]];

		nd->visits++;
		if (nd->actor >= 0 && nd->actor < b->nplayers)
			nd->reward += rewards[nd->actor];
	}
	return CATAN_OK;
}

int
bot_mcts_choose(bot *b, const catan_state *s, const catan_action *legal, size_t n,
		size_t *pick)
{
	struct tree *t = tree_for(b);
	uint32_t path[TREE_DEPTH];
	uint32_t best = 0, most = 0;
	int rc = CATAN_OK;

	if (t == NULL)
		return CATAN_ENOMEM;
	for (unsigned it = 0; it < b->iterations && rc == CATAN_OK; it++) {
		catan_state *det = NULL;

		rc = catan_state_resample(&det, s, b->player, bot_random_next(&b->rng));
		if (rc == CATAN_OK)
			rc = iterate(b, t, det, path);
		catan_state_free(det);
	}
	if (rc != CATAN_OK)
		return rc;
	for (uint32_t c = t->nodes[0].child; c; c = t->nodes[c].next)
		if (t->nodes[c].visits > most) {
			most = t->nodes[c].visits;
			best = c;
		}
	for (size_t i = 0; best && i < n; i++)
		if (!memcmp(&legal[i], &t->nodes[best].action, sizeof(legal[i]))) {
			*pick = i;
			return CATAN_OK;
		}
	return CATAN_ERROR;
}
