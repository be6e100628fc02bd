/*
 * libcatanrules: Fishing on Catan — the module's actions in notation
 * (doc/variants/fishing.md: "p0 fish_road h8.ne-se pay=2,3").
 * SPDX-License-Identifier: MIT
 */
#include <stdlib.h>

#include "fishing.h"

/* ------------------------------------------------------------- notation */

static const char *
type_word(unsigned type)
{
	switch (type) {
	case CATAN_ACT_FISH_DRAW: return "fish_draw";
	case CATAN_ACT_FISH_SWAP: return "fish_swap";
	case CATAN_ACT_FISH_KEEP: return "fish_keep";
	case CATAN_ACT_FISH_ROBBER: return "fish_robber";
	case CATAN_ACT_FISH_STEAL: return "fish_steal";
	case CATAN_ACT_FISH_STEAL_CARD: return "fish_steal_card";
	case CATAN_ACT_FISH_RESOURCE: return "fish_resource";
	case CATAN_ACT_FISH_ROAD: return "fish_road";
	case CATAN_ACT_FISH_DEV: return "fish_dev";
	case CATAN_ACT_GIVE_BOOT: return "give_boot";
	default: return NULL;
	}
}

static bool
pay_type(unsigned type)
{
	return type >= CATAN_ACT_FISH_ROBBER && type <= CATAN_ACT_FISH_DEV &&
	       type != CATAN_ACT_FISH_STEAL_CARD;
}

/* "pay=1,2,2": the tokens' fish, ascending */
static void
put_payment(struct catan_text *w, const catan_action *a)
{
	const char *sep = " pay=";

	for (unsigned v = 1; v <= 3; v++)
		for (unsigned i = 0; i < a->give[PAY_SLOT(v)]; i++) {
			catan_text__put(w, "%s%u", sep, v);
			sep = ",";
		}
}

int
catan_fishing__format_action(const catan_game *g, const catan_action *a, char *buf,
		   size_t cap, size_t *len_out)
{
	struct catan_text w = { buf, cap, 0, CATAN_OK };
	const char *word = type_word(a->type);
	bool chance = a->type == CATAN_ACT_FISH_DRAW || a->type == CATAN_ACT_FISH_STEAL_CARD;
	unsigned paid = 0;
	int rc = CATAN_OK, k;

	if (!word || a->flags)
		return CATAN_EINVAL;
	if (chance ? a->player != CATAN_PLAYER_CHANCE :
	    (a->player < 0 || a->player >= g->num_players))
		return CATAN_EINVAL;
	if (chance)
		catan_text__put(&w, "chance %s", word);
	else
		catan_text__put(&w, "p%d %s", a->player, word);
	for (unsigned v = 1; v <= 3; v++)
		paid += a->give[PAY_SLOT(v)];
	if (pay_type(a->type) ? (!fields_clean(a, true, true, true, true) || !paid || paid > 16) :
	    !fields_clean(a, true, true, false, false))
		return CATAN_EINVAL;
	switch (a->type) {
	case CATAN_ACT_FISH_DRAW:
		if (a->target || a->arg > 3)
			return CATAN_EINVAL;
		if (a->arg == 0)
			catan_text__put(&w, " boot");
		else
			catan_text__put(&w, " %u", (unsigned)a->arg);
		break;
	case CATAN_ACT_FISH_SWAP:
		if (a->target || a->arg < 1 || a->arg > 3)
			return CATAN_EINVAL;
		catan_text__put(&w, " %u", (unsigned)a->arg);
		break;
	case CATAN_ACT_FISH_STEAL_CARD:
		if (a->target || a->arg >= g->card_kinds)
			return CATAN_EINVAL;
		catan_text__put(&w, " %s", g->card_names[a->arg]);
		break;
	case CATAN_ACT_GIVE_BOOT:
		if (a->target || a->arg >= g->num_players)
			return CATAN_EINVAL;
		catan_text__put(&w, " p%u", (unsigned)a->arg);
		break;
	case CATAN_ACT_FISH_STEAL:
		if (a->target || a->arg >= g->num_players || cards_total(a->get))
			return CATAN_EINVAL;
		catan_text__put(&w, " p%u", (unsigned)a->arg);
		put_payment(&w, a);
		break;
	case CATAN_ACT_FISH_RESOURCE:
		k = catan_cards__single_kind(a->get);
		if (a->target || a->arg || k < 0 || k >= g->card_kinds || a->get[k] != 1)
			return CATAN_EINVAL;
		catan_text__put(&w, " %s", g->card_names[k]);
		put_payment(&w, a);
		break;
	case CATAN_ACT_FISH_ROAD:
		if (a->arg || cards_total(a->get))
			return CATAN_EINVAL;
		catan_text__put(&w, " ");
		rc = catan_text__location(&w, g, CATAN_LOC_EDGE, a->target);
		put_payment(&w, a);
		break;
	case CATAN_ACT_FISH_ROBBER:
	case CATAN_ACT_FISH_DEV:
		if (a->target || a->arg || cards_total(a->get))
			return CATAN_EINVAL;
		put_payment(&w, a);
		break;
	default:
		if (a->target || a->arg)
			return CATAN_EINVAL;
		break;
	}
	return catan_text__finish_action(&w, rc, buf, cap, len_out);
}

/* "pay=1,2,2" into the payment slots: ascending values, one spelling. */
static int
parse_payment(const char *w, catan_action *out)
{
	unsigned last = 1, count = 0;

	if (strncmp(w, "pay=", 4) != 0)
		return CATAN_EINVAL;
	w += 4;
	for (;;) {
		unsigned v;

		if (*w < '1' || *w > '3')
			return CATAN_EINVAL;
		v = (unsigned)(*w - '0');
		if (v < last || ++count > 16)
			return CATAN_EINVAL;
		last = v;
		out->give[PAY_SLOT(v)]++;
		w++;
		if (!*w)
			return CATAN_OK;
		if (*w++ != ',')
			return CATAN_EINVAL;
	}
}

int
catan_fishing__parse_action(const catan_game *g, const char *name, const char *args,
		  catan_action *out)
{
	char words[3][CATAN_TEXT_WORD];
	int n, kind = 0;
	unsigned id = 0, who = 0;
	uint16_t type = 0;

	for (uint16_t t = CATAN_ACT_FISH_DRAW; t <= CATAN_ACT_GIVE_BOOT; t++)
		if (strcmp(name, type_word(t)) == 0)
			type = t;
	if (!type)
		return CATAN_ENOTFOUND;
	n = catan_text__split_words(args ? args : "", words, 3);
	memset(out, 0, sizeof(*out));
	out->type = type;
	switch (type) {
	case CATAN_ACT_FISH_DRAW:
		if (n != 1)
			return CATAN_EINVAL;
		if (strcmp(words[0], "boot") == 0)
			return CATAN_OK;
		if (words[0][0] < '1' || words[0][0] > '3' || words[0][1])
			return CATAN_EINVAL;
		out->arg = (uint16_t)(words[0][0] - '0');
		return CATAN_OK;
	case CATAN_ACT_FISH_SWAP:
		if (n != 1 || words[0][0] < '1' || words[0][0] > '3' || words[0][1])
			return CATAN_EINVAL;
		out->arg = (uint16_t)(words[0][0] - '0');
		return CATAN_OK;
	case CATAN_ACT_FISH_STEAL_CARD:
		if (n != 1 || (kind = catan_text__parse_resource(g, words[0])) < 0)
			return CATAN_EINVAL;
		out->arg = (uint16_t)kind;
		return CATAN_OK;
	case CATAN_ACT_GIVE_BOOT:
		if (n != 1 || catan_text__parse_player_word(words[0], &who) != CATAN_OK)
			return CATAN_EINVAL;
		out->arg = (uint16_t)who;
		return CATAN_OK;
	case CATAN_ACT_FISH_STEAL:
		if (n != 2 || catan_text__parse_player_word(words[0], &who) != CATAN_OK)
			return CATAN_EINVAL;
		out->arg = (uint16_t)who;
		return parse_payment(words[1], out);
	case CATAN_ACT_FISH_RESOURCE:
		if (n != 2 || (kind = catan_text__parse_resource(g, words[0])) < 0)
			return CATAN_EINVAL;
		out->get[kind] = 1;
		return parse_payment(words[1], out);
	case CATAN_ACT_FISH_ROAD:
		if (n != 2 || catan_location_parse(g, words[0], &kind, &id) != CATAN_OK ||
		    kind != CATAN_LOC_EDGE)
			return CATAN_EINVAL;
		out->target = (uint16_t)id;
		return parse_payment(words[1], out);
	case CATAN_ACT_FISH_ROBBER:
	case CATAN_ACT_FISH_DEV:
		if (n != 1)
			return CATAN_EINVAL;
		return parse_payment(words[0], out);
	default:
		return n == 0 ? CATAN_OK : CATAN_EINVAL;
	}
}

