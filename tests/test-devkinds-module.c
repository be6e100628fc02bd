/*
 * The replacement-deck test module (test-devkinds-module.h).
 * SPDX-License-Identifier: MIT
 */
#include <string.h>

#include "catan-private.h"
#include "test-devkinds-module.h"
#include "test-module-kit.h"

static int
dk_build(catan_game *g)
{
	int rc;

	if ((rc = catan_game_clear_dev_kinds(g)) ||
	    (rc = catan_game_declare_dev_kind(g, TEST_DEVKINDS_SLOT_KNIGHT, "knight", 6,
					      CATAN_DEV_ROLE_KNIGHT)) ||
	    (rc = catan_game_declare_dev_kind(g, TEST_DEVKINDS_SLOT_ALCHEMIST, "alchemist", 2,
					      CATAN_DEV_ROLE_NONE)) ||
	    (rc = catan_game_declare_dev_kind(g, TEST_DEVKINDS_SLOT_VP, "victory_point", 3,
					      CATAN_DEV_ROLE_VICTORY_POINT)))
		return rc;
	return catan_game_set_dev_reshuffle(g, 1);
}

static int
dk_check(const catan_state *s, const catan_action *a, const void *slice)
{
	(void)slice;
	if (a->type != TEST_DEVKINDS_ACT_ALCHEMIST)
		return CATAN_REASON_NONE;
	if (a->target || a->arg || a->flags)
		return CATAN_REASON_BAD_ARGUMENT;
	for (size_t k = 0; k < CATAN_MAX_CARD_KINDS; k++)
		if (a->give[k] || a->get[k])
			return CATAN_REASON_BAD_ARGUMENT;
	if (a->player == st_ccore(s)->current && st_ccore(s)->phase != CATAN_PHASE_MAIN)
		return CATAN_REASON_WRONG_PHASE;
	return catan_dev__check_play(s, a->player, TEST_DEVKINDS_SLOT_ALCHEMIST);
}

static void
dk_legal(const catan_state *s, int player, catan_action_list *list, const void *slice)
{
	catan_action a = CATAN_ACTION_INIT;

	(void)slice;
	if (st_ccore(s)->phase != CATAN_PHASE_MAIN || list->count >= list->cap ||
	    catan_dev__check_play(s, player, TEST_DEVKINDS_SLOT_ALCHEMIST) != CATAN_REASON_NONE)
		return;
	a.type = TEST_DEVKINDS_ACT_ALCHEMIST;
	a.player = (int8_t)player;
	list->items[list->count++] = a;
}

/* The alchemist's effect: a grain from the bank, if it has one. */
static void
dk_apply(catan_state *s, const catan_action *a, void *slice)
{
	(void)slice;
	if (a->type != TEST_DEVKINDS_ACT_ALCHEMIST)
		return;
	catan_dev__play(s, a->player, TEST_DEVKINDS_SLOT_ALCHEMIST);
	if (st_ccore(s)->bank[CATAN_GRAIN])
		catan_cards__receive(s, a->player, CATAN_GRAIN, 1);
}

static int
dk_format(const catan_game *g, const catan_action *a, char *buf, size_t cap, size_t *len_out)
{
	struct catan_text w = { buf, cap, 0, CATAN_OK };

	if (a->type != TEST_DEVKINDS_ACT_ALCHEMIST || a->player < 0 || a->player >= g->num_players ||
	    a->target || a->arg || a->flags)
		return CATAN_EINVAL;
	for (size_t k = 0; k < CATAN_MAX_CARD_KINDS; k++)
		if (a->give[k] || a->get[k])
			return CATAN_EINVAL;
	catan_text__put(&w, "p%d play_alchemist", a->player);
	if (w.rc != CATAN_OK)
		return w.rc;
	return catan_text__finish(&w, len_out);
}

static int
dk_parse(const catan_game *g, const char *name, const char *args, catan_action *out)
{
	(void)g;
	if (strcmp(name, "play_alchemist") != 0)
		return CATAN_ENOTFOUND;
	while (*args == ' ')
		args++;
	if (*args)
		return CATAN_EPARSE;
	out->type = TEST_DEVKINDS_ACT_ALCHEMIST;
	return CATAN_OK;
}

static const char *const dk_variants[] = { "base", NULL };

const struct catan_module_ops catan_test_devkinds_module = {
	.version = CATAN_MODULE_OPS_VERSION,
	.name = "devkinds_test",
	.description = "6 knights, 2 alchemists, 3 victory points; reshuffled",
	.variants = dk_variants,
	.build_game = dk_build,
	.check_action = dk_check,
	.legal_actions = dk_legal,
	.action_first = TEST_DEVKINDS_ACT_ALCHEMIST,
	.action_last = TEST_DEVKINDS_ACT_ALCHEMIST,
	.apply = dk_apply,
	.format_action = dk_format,
	.parse_action = dk_parse,
};

void
catan_test_add_devkinds_module(catan_ctx *ctx)
{
	catan_test_add_module(ctx, &catan_test_devkinds_module);
}
