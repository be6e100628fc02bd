/*
 * libcatanrules: what things cost and the bank's maritime rate
 * (catan_game.costs, maritime_rate): declared by a build_game, asked by
 * hosts.
 * SPDX-License-Identifier: MIT
 */
#include "catan-private.h"

/* The base game's building costs card (base-game.txt, "Building Costs"). */
void
catan_game__default_costs(catan_game *g)
{
	static const struct {
		const char *name;
		const uint8_t *cards;
	} base[] = {
		{ "road", catan__cost_road },
		{ "settlement", catan__cost_settlement },
		{ "city", catan__cost_city },
		{ "development_card", catan__cost_dev },
	};

	for (size_t i = 0; i < ARRAY_LEN(base); i++) {
		g->costs[i].name = base[i].name;
		memcpy(g->costs[i].cards, base[i].cards, CATAN_MAX_CARD_KINDS);
	}
	g->ncosts = ARRAY_LEN(base);
	g->maritime_rate = MARITIME_BASE_RATE;
	g->maritime_base_bits = MARITIME_BASE_BITS;
}

static int
refuse_cost(catan_game *g, const char *what, const char *name)
{
	catan__ctx_seterr(g->ctx, "cost of '%.32s': %s", name ? name : "(null)", what);
	return CATAN_EINVAL;
}

static int
find_cost(const catan_game *g, const char *name)
{
	for (int i = 0; i < g->ncosts; i++)
		if (strcmp(g->costs[i].name, name) == 0)
			return i;
	return -1;
}

int
catan_game_declare_cost(catan_game *g, const char *name,
			const uint8_t cards[CATAN_MAX_CARD_KINDS])
{
	unsigned total = 0;
	int i;

	if (!g)
		return CATAN_EINVAL;
	if (g->state_size)
		return refuse_cost(g, "costs are declared while the game is built", name);
	if (!catan__valid_declared_name(name))
		return refuse_cost(g, "the name must be 1-32 of [a-z0-9_]", name);
	if (!cards)
		return refuse_cost(g, "no cards given", name);
	for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++) {
		if (cards[k] && k >= g->card_kinds)
			return refuse_cost(g, "a card of a kind the game does not have", name);
		total += cards[k];
	}
	/* Free things are no costs: a game lists what it charges. */
	if (total == 0)
		return refuse_cost(g, "a cost takes at least one card", name);
	i = find_cost(g, name);
	if (i < 0) {
		if (g->ncosts >= CATAN_MAX_COSTS)
			return refuse_cost(g, "too many costs in one game", name);
		i = g->ncosts++;
		g->costs[i].name = name;
	}
	memcpy(g->costs[i].cards, cards, CATAN_MAX_CARD_KINDS);
	return CATAN_OK;
}

int
catan_game_set_maritime_rate(catan_game *g, unsigned rate)
{
	if (!g)
		return CATAN_EINVAL;
	if (g->state_size) {
		catan__ctx_seterr(g->ctx, "the maritime rate is set while the game is built");
		return CATAN_EINVAL;
	}
	/* The listings find rates 2..4 in a hand's bytes (catan-rules.h). */
	if (rate < 2 || rate > 4) {
		catan__ctx_seterr(g->ctx, "maritime rate %u: the rate is 2, 3 or 4", rate);
		return CATAN_EINVAL;
	}
	g->maritime_rate = (uint8_t)rate;
	g->maritime_base_bits = 0x0101010101010101ull << rate;
	return CATAN_OK;
}

int
catan_game_cost_count(const catan_game *g)
{
	return g ? g->ncosts : CATAN_EINVAL;
}

int
catan_game_cost(const catan_game *g, int i, catan_cost_info *out)
{
	if (!g || !out || i < 0 || i >= g->ncosts)
		return CATAN_EINVAL;
	out->name = g->costs[i].name;
	memcpy(out->cards, g->costs[i].cards, CATAN_MAX_CARD_KINDS);
	return CATAN_OK;
}

int
catan_game_cost_index(const catan_game *g, const char *name)
{
	int i;

	if (!g || !name)
		return CATAN_EINVAL;
	i = find_cost(g, name);
	return i >= 0 ? i : CATAN_ENOTFOUND;
}

int
catan_game_maritime_rate(const catan_game *g)
{
	return g ? g->maritime_rate : CATAN_EINVAL;
}

int
catan_state_maritime_rate(const catan_state *s, int player, int kind)
{
	if (!s || player < 0 || player >= st_ccore(s)->num_players || kind < 0 ||
	    kind >= s->game->card_kinds)
		return CATAN_EINVAL;
	return (int)catan_trade__maritime_rate(s, player, kind);
}
