/*
 * libcatanrules: the card kinds of a game and their names (catan_game.card_kinds, card_names),
 * and its development-card kinds (dev_kinds, dev_names, dev_roles, dev_start):
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
	catan_game_clear_dev_kinds(g);
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


/* ------------------------------------------------ development-card kinds */

static int
refuse_dev(catan_game *g, const char *what, const char *name)
{
	catan__ctx_seterr(g->ctx, "development-card kind '%.32s': %s", name ? name : "(null)", what);
	return CATAN_EINVAL;
}

/* The caches the rules read (catan_game.dev_role_slot, dev_action_word)
 * from the declared roles. */
static void
dev_refresh(catan_game *g)
{
	memset(g->dev_role_slot, DEV_SLOT_NONE, sizeof(g->dev_role_slot));
	g->dev_action_word = 0;
	for (unsigned k = 0; k < g->dev_kinds; k++) {
		unsigned role = g->dev_roles[k];

		if (role == CATAN_DEV_ROLE_NONE)
			continue;
		g->dev_role_slot[role] = (uint8_t)k;
		if (role != CATAN_DEV_ROLE_VICTORY_POINT)
			g->dev_action_word |= CARDS_AT(k, 0xff);
	}
}

int
catan_game_clear_dev_kinds(catan_game *g)
{
	if (!g)
		return CATAN_EINVAL;
	if (g->state_size)
		return refuse_dev(g, "development-card kinds are declared while the game is built",
				  "(all)");
	g->dev_kinds = 0;
	memset(g->dev_names, 0, sizeof(g->dev_names));
	memset(g->dev_roles, 0, sizeof(g->dev_roles));
	memset(g->dev_start, 0, sizeof(g->dev_start));
	dev_refresh(g);
	return CATAN_OK;
}

int
catan_game_declare_dev_kind(catan_game *g, unsigned slot, const char *name, unsigned count,
			    unsigned role)
{
	int taken;

	if (!g)
		return CATAN_EINVAL;
	if (g->state_size)
		return refuse_dev(g, "development-card kinds are declared while the game is built",
				  name);
	if (!catan__valid_declared_name(name))
		return refuse_dev(g, "the name must be 1-32 of [a-z0-9_]", name);
	if (slot > g->dev_kinds || slot >= CATAN_MAX_DEV_KINDS)
		return refuse_dev(g, "kinds are numbered from 0 without a gap, below 8", name);
	if (count > UINT8_MAX)
		return refuse_dev(g, "the deck holds at most 255 cards of a kind", name);
	if (role >= CATAN_DEV_NUM_ROLES)
		return refuse_dev(g, "no such role", name);
	taken = catan_text__parse_dev(g, name);
	if (taken >= 0 && taken != (int)slot)
		return refuse_dev(g, "the name is another kind's", name);
	if (role != CATAN_DEV_ROLE_NONE && g->dev_role_slot[role] != DEV_SLOT_NONE &&
	    g->dev_role_slot[role] != slot)
		return refuse_dev(g, "the role is another kind's (one kind per role)", name);
	g->dev_names[slot] = name;
	g->dev_start[slot] = (uint8_t)count;
	g->dev_roles[slot] = (uint8_t)role;
	if (slot == g->dev_kinds)
		g->dev_kinds++;
	dev_refresh(g);
	return CATAN_OK;
}

int
catan_game_set_dev_reshuffle(catan_game *g, int on)
{
	if (!g)
		return CATAN_EINVAL;
	if (g->state_size)
		return refuse_dev(g, "the reshuffle is set while the game is built", "(all)");
	if (on != 0 && on != 1)
		return refuse_dev(g, "the reshuffle is 0 or 1", "(all)");
	g->dev_reshuffle = on != 0;
	return CATAN_OK;
}

int
catan_game_set_robber_off_board(catan_game *g)
{
	if (!g)
		return CATAN_EINVAL;
	if (g->state_size) {
		catan__ctx_seterr(g->ctx, "the robber's home is set while the game is built");
		return CATAN_EINVAL;
	}
	g->robber_off_board = true;
	return CATAN_OK;
}

int
catan_game_dev_kind_count(const catan_game *g)
{
	return g ? g->dev_kinds : CATAN_EINVAL;
}

int
catan_game_dev_kind(const catan_game *g, int slot, catan_dev_kind_info *out)
{
	if (!g || !out || slot < 0 || slot >= g->dev_kinds)
		return CATAN_EINVAL;
	out->name = g->dev_names[slot];
	out->role = g->dev_roles[slot];
	out->count = g->dev_start[slot];
	return CATAN_OK;
}

const char *
catan_game_dev_kind_name(const catan_game *g, int slot)
{
	if (!g || slot < 0 || slot >= g->dev_kinds)
		return NULL;
	return g->dev_names[slot];
}

int
catan_game_dev_kind_index(const catan_game *g, const char *name)
{
	int k;

	if (!g || !name)
		return CATAN_EINVAL;
	k = catan_text__parse_dev(g, name);
	return k >= 0 ? k : CATAN_ENOTFOUND;
}

int
catan_game_dev_kind_role(const catan_game *g, int slot)
{
	if (!g || slot < 0 || slot >= g->dev_kinds)
		return CATAN_EINVAL;
	return g->dev_roles[slot];
}

int
catan_game_dev_role_kind(const catan_game *g, int role)
{
	if (!g || role <= CATAN_DEV_ROLE_NONE || role >= CATAN_DEV_NUM_ROLES)
		return CATAN_EINVAL;
	return g->dev_role_slot[role] == DEV_SLOT_NONE ? CATAN_ENOTFOUND : g->dev_role_slot[role];
}

int
catan_game_dev_reshuffles(const catan_game *g)
{
	return g ? g->dev_reshuffle : CATAN_EINVAL;
}
