/*
 * libcatanrules: the card kinds of a game and their names (catan_game.card_kinds, card_names):
 * declared by a build_game, asked by hosts, read and written by notation.
 * SPDX-License-Identifier: MIT
 */
#include "catan-private.h"

void
catan_game__default_kinds(catan_game *g)
{
	g->card_kinds = CATAN_NUM_RESOURCES;
	for (int k = 0; k < CATAN_NUM_RESOURCES; k++)
		g->card_names[k] = catan_resource_name(k);
	g->dev_kinds = CATAN_NUM_DEV_KINDS;
	for (int k = 0; k < CATAN_NUM_DEV_KINDS; k++)
		g->dev_names[k] = catan_dev_card_name(k);
}

/* The base game's other spellings, which read as their kind while the game
 * keeps that kind's base name (a renamed kind loses them). */
static const struct {
	const char *name;
	int kind;
} resource_aliases[] = {
	{ "wood", CATAN_LUMBER },
	{ "clay", CATAN_BRICK },
	{ "sheep", CATAN_WOOL },
	{ "wheat", CATAN_GRAIN },
};

int
catan_text__parse_resource(const catan_game *g, const char *text)
{
	for (int k = 0; k < g->card_kinds; k++)
		if (strcmp(text, g->card_names[k]) == 0)
			return k;
	for (size_t i = 0; i < ARRAY_LEN(resource_aliases); i++) {
		int k = resource_aliases[i].kind;

		if (strcmp(text, resource_aliases[i].name) == 0 && k < g->card_kinds &&
		    strcmp(g->card_names[k], catan_resource_name(k)) == 0)
			return k;
	}
	return -1;
}

int
catan_text__parse_dev(const catan_game *g, const char *text)
{
	for (int k = 0; k < g->dev_kinds; k++)
		if (strcmp(text, g->dev_names[k]) == 0)
			return k;
	return -1;
}

static int
refuse_kind(catan_game *g, const char *what, const char *name)
{
	catan__ctx_seterr(g->ctx, "card kind '%.32s': %s", name ? name : "(null)", what);
	return CATAN_EINVAL;
}

int
catan_game_declare_card_kind(catan_game *g, unsigned kind, const char *name, unsigned supply)
{
	int taken;

	if (!g)
		return CATAN_EINVAL;
	if (g->state_size)
		return refuse_kind(g, "card kinds are declared while the game is built", name);
	if (!catan__valid_declared_name(name) || strcmp(name, "nothing") == 0)
		return refuse_kind(g, "the name must be 1-32 of [a-z0-9_], not \"nothing\"", name);
	if (kind > g->card_kinds || kind >= CATAN_MAX_CARD_KINDS)
		return refuse_kind(g, "kinds are numbered from 0 without a gap, below 8", name);
	if (supply > UINT8_MAX)
		return refuse_kind(g, "the supply holds at most 255 cards of a kind", name);
	taken = catan_text__parse_resource(g, name);
	if (taken >= 0 && taken != (int)kind)
		return refuse_kind(g, "the name is another kind's", name);
	g->card_names[kind] = name;
	g->bank_start[kind] = (uint8_t)supply;
	if (kind == g->card_kinds)
		g->card_kinds++;
	return CATAN_OK;
}

int
catan_game_card_kind_count(const catan_game *g)
{
	return g ? g->card_kinds : CATAN_EINVAL;
}

const char *
catan_game_card_kind_name(const catan_game *g, int kind)
{
	if (!g || kind < 0 || kind >= g->card_kinds)
		return NULL;
	return g->card_names[kind];
}

int
catan_game_card_kind_index(const catan_game *g, const char *name)
{
	int k;

	if (!g || !name)
		return CATAN_EINVAL;
	k = catan_text__parse_resource(g, name);
	return k >= 0 ? k : CATAN_ENOTFOUND;
}

