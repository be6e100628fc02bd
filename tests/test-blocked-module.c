/*
 * The conquest test module (test-blocked-module.h).
 * SPDX-License-Identifier: MIT
 */
#include <string.h>

#include "catan-private.h"
#include "test-blocked-module.h"
#include "test-module-kit.h"

/* Boards of up to 256 hexes; a bigger one is refused at build. */
#define CONQUEST_WORDS 4
/* The most hexes conquered at once, so that random games still end. */
#define CONQUEST_MAX 2

struct conquest {
	uint64_t conquered[CONQUEST_WORDS];
	uint8_t acted;      /* the turn player conquered or freed a hex */
	uint8_t spare[7];
};

static const uint8_t one_ore[CATAN_MAX_CARD_KINDS] = { [CATAN_ORE] = 1 };

static bool
conquered(const struct conquest *c, unsigned hex)
{
	return hex < 64 * CONQUEST_WORDS && (c->conquered[hex >> 6] >> (hex & 63) & 1u);
}

static unsigned
conquests(const struct conquest *c)
{
	unsigned n = 0;

	for (int w = 0; w < CONQUEST_WORDS; w++)
		n += (unsigned)__builtin_popcountll(c->conquered[w]);
	return n;
}

static int
cq_build(catan_game *g)
{
	return g->board.nhex <= 64 * CONQUEST_WORDS ? CATAN_OK : CATAN_ENOTSUP;
}

static int
cq_init(catan_state *s, void *slice)
{
	(void)s;
	memset(slice, 0, sizeof(struct conquest));
	return CATAN_OK;
}

static int
cq_blocked(const catan_state *s, unsigned hex, const void *slice)
{
	(void)s;
	return conquered(slice, hex);
}

static bool
ours(const catan_action *a)
{
	return a->type == TEST_BLOCKED_ACT_CONQUER || a->type == TEST_BLOCKED_ACT_LIBERATE;
}

static int
cq_check(const catan_state *s, const catan_action *a, const void *slice)
{
	const struct core_state *c = st_ccore(s);
	const struct board *b = &s->game->board;

	if (!ours(a))
		return CATAN_REASON_NONE;
	if (c->phase != CATAN_PHASE_MAIN)
		return CATAN_REASON_WRONG_PHASE;
	if (a->player != c->current)
		return CATAN_REASON_NOT_YOUR_TURN;
	if (a->arg || a->flags)
		return CATAN_REASON_BAD_ARGUMENT;
	for (size_t k = 0; k < CATAN_MAX_CARD_KINDS; k++)
		if (a->give[k] || a->get[k])
			return CATAN_REASON_BAD_ARGUMENT;
	if (a->target >= b->nhex || b->hex[a->target].number == 0)
		return CATAN_REASON_BAD_LOCATION;
	if (conquered(slice, a->target) != (a->type == TEST_BLOCKED_ACT_LIBERATE))
		return CATAN_REASON_OCCUPIED;
	if (st_cplayer(s, a->player)->hand[CATAN_ORE] == 0)
		return CATAN_REASON_INSUFFICIENT_RESOURCES;
	/* once a turn, two at a time, so that random games still end */
	if (((const struct conquest *)slice)->acted ||
	    (a->type == TEST_BLOCKED_ACT_CONQUER && conquests(slice) >= CONQUEST_MAX))
		return CATAN_REASON_VARIANT_RULE;
	return CATAN_REASON_NONE;
}

static void
cq_legal(const catan_state *s, int player, catan_action_list *list, const void *slice)
{
	const struct core_state *c = st_ccore(s);
	const struct board *b = &s->game->board;

	if (c->phase != CATAN_PHASE_MAIN || player != c->current ||
	    st_cplayer(s, player)->hand[CATAN_ORE] == 0 || ((const struct conquest *)slice)->acted)
		return;
	for (unsigned h = 0; h < b->nhex; h++) {
		catan_action a = CATAN_ACTION_INIT;

		if (b->hex[h].number == 0 || list->count >= list->cap ||
		    (!conquered(slice, h) && conquests(slice) >= CONQUEST_MAX))
			continue;
		a.type = conquered(slice, h) ? TEST_BLOCKED_ACT_LIBERATE : TEST_BLOCKED_ACT_CONQUER;
		a.player = (int8_t)player;
		a.target = (uint16_t)h;
		list->items[list->count++] = a;
	}
}

static void
cq_apply(catan_state *s, const catan_action *a, void *slice)
{
	struct conquest *c = slice;

	if (!ours(a) || a->target >= 64 * CONQUEST_WORDS)
		return;
	catan_cards__pay(s, a->player, one_ore);
	c->conquered[a->target >> 6] ^= UINT64_C(1) << (a->target & 63);
	c->acted = 1;
}

static void
cq_after_apply(catan_state *s, const catan_action *a, void *slice)
{
	(void)s;
	if (a->type == CATAN_ACT_END_TURN)
		((struct conquest *)slice)->acted = 0;
}

static const char *const cq_counter_names[] = { "conquered", NULL };

static int
cq_counter(const catan_state *s, int player, const char *name, int32_t *out,
	   const void *slice)
{
	const struct conquest *c = slice;

	(void)s;
	if (strcmp(name, "conquered") != 0 || player >= 0)
		return CATAN_ENOTFOUND;
	*out = (int32_t)conquests(c);
	return CATAN_OK;
}

static int
cq_format(const catan_game *g, const catan_action *a, char *buf, size_t cap,
	  size_t *len_out)
{
	struct catan_text w = { buf, cap, 0, CATAN_OK };
	char hex[32];

	if (!ours(a) || a->player < 0 || a->player >= g->num_players || a->arg || a->flags ||
	    catan_location_format(g, CATAN_LOC_HEX, a->target, hex, sizeof(hex), NULL) != CATAN_OK)
		return CATAN_EINVAL;
	for (size_t k = 0; k < CATAN_MAX_CARD_KINDS; k++)
		if (a->give[k] || a->get[k])
			return CATAN_EINVAL;
	catan_text__put(&w, "p%d %s %s", a->player,
			a->type == TEST_BLOCKED_ACT_CONQUER ? "conquer" : "liberate", hex);
	if (w.rc != CATAN_OK)
		return w.rc;
	return catan_text__finish(&w, len_out);
}

static int
cq_parse(const catan_game *g, const char *name, const char *args, catan_action *out)
{
	int kind = 0;
	unsigned id = 0;

	if (!strcmp(name, "conquer"))
		out->type = TEST_BLOCKED_ACT_CONQUER;
	else if (!strcmp(name, "liberate"))
		out->type = TEST_BLOCKED_ACT_LIBERATE;
	else
		return CATAN_ENOTFOUND;
	while (*args == ' ')
		args++;
	if (catan_location_parse(g, args, &kind, &id) != CATAN_OK || kind != CATAN_LOC_HEX)
		return CATAN_EPARSE;
	out->target = (uint16_t)id;
	return CATAN_OK;
}

static const char *const cq_variants[] = { "base", NULL };

const struct catan_module_ops catan_test_blocked_module = {
	.version = CATAN_MODULE_OPS_VERSION,
	.name = "conquest_test",
	.description = "conquered hexes produce nothing",
	.variants = cq_variants,
	.state_size = sizeof(struct conquest),
	.build_game = cq_build,
	.init_state = cq_init,
	.check_action = cq_check,
	.legal_actions = cq_legal,
	.action_first = TEST_BLOCKED_ACT_CONQUER,
	.action_last = TEST_BLOCKED_ACT_LIBERATE,
	.apply = cq_apply,
	.after_apply = cq_after_apply,
	.format_action = cq_format,
	.parse_action = cq_parse,
	.counter = cq_counter,
	.counter_names = cq_counter_names,
	.hex_blocked = cq_blocked,
};

void
catan_test_add_blocked_module(catan_ctx *ctx)
{
	catan_test_add_module(ctx, &catan_test_blocked_module);
}
