/*
 * The rounds test module (test-rounds-module.h).
 * SPDX-License-Identifier: MIT
 */
#include <string.h>

#include "catan-private.h"
#include "test-rounds-module.h"
#include "test-module-kit.h"

struct market {
	uint8_t open;        /* a market round is on */
	uint8_t left;        /* wares left */
	uint8_t resume;      /* the phase the turn goes on in when it closes */
	uint8_t spare;
	uint32_t done;       /* players who grabbed or passed this round */
	uint8_t wares[CATAN_MAX_PLAYERS];
};

static int
rt_init(catan_state *s, void *slice)
{
	(void)s;
	memset(slice, 0, sizeof(struct market));
	return CATAN_OK;
}

static void
rt_close(catan_state *s, struct market *m)
{
	st_core(s)->phase = m->resume;
	m->open = 0;
	m->done = 0;
	m->left = 0;
}

static uint32_t
rt_acting(const catan_state *s, uint32_t mask, const void *slice)
{
	const struct market *m = slice;

	if (!m->open)
		return mask;
	return catan_state__seated(s) & ~m->done;
}

static bool
may_trade(const struct market *m, int player)
{
	return m->open && player >= 0 && player < CATAN_MAX_PLAYERS &&
	       !(m->done & (UINT32_C(1) << player));
}

static void
push(catan_action_list *list, unsigned type, int player)
{
	catan_action a = CATAN_ACTION_INIT;

	if (list->count >= list->cap)
		return;
	a.type = (uint16_t)type;
	a.player = (int8_t)player;
	list->items[list->count++] = a;
}

/* In the round the market's actions replace the variant's (it lists none
 * in a phase it does not know). */
static void
rt_legal(const catan_state *s, int player, catan_action_list *list, const void *slice)
{
	const struct market *m = slice;

	(void)s;
	if (!m->open)
		return;
	list->count = 0;
	if (!may_trade(m, player))
		return;
	if (m->left > 0)
		push(list, TEST_ROUNDS_ACT_GRAB, player);
	push(list, TEST_ROUNDS_ACT_PASS, player);
}

static int
rt_check(const catan_state *s, const catan_action *a, const void *slice)
{
	const struct market *m = slice;
	bool ours = a->type >= TEST_ROUNDS_ACT_GRAB && a->type <= TEST_ROUNDS_ACT_CLOSE;

	(void)s;
	if (!m->open)
		return ours ? CATAN_REASON_WRONG_PHASE : CATAN_REASON_NONE;
	if (!ours || a->type == TEST_ROUNDS_ACT_CLOSE)
		return CATAN_REASON_WRONG_PHASE;
	if (a->target || a->arg)
		return CATAN_REASON_BAD_ARGUMENT;
	for (size_t k = 0; k < CATAN_MAX_CARD_KINDS; k++)
		if (a->give[k] || a->get[k])
			return CATAN_REASON_BAD_ARGUMENT;
	if (!may_trade(m, a->player))
		return CATAN_REASON_ALREADY_RESPONDED;
	/* The order of arrival decides: the last ware goes to whoever asks
	 * first, the later ones find the market empty. */
	if (a->type == TEST_ROUNDS_ACT_GRAB && m->left == 0)
		return CATAN_REASON_BANK_EMPTY;
	return CATAN_REASON_NONE;
}

static void
rt_referee(const catan_state *s, catan_sink *sink, const void *slice)
{
	const struct market *m = slice;
	catan_action a = CATAN_ACTION_INIT;

	(void)s;
	if (!m->open)
		return;
	a.type = TEST_ROUNDS_ACT_CLOSE;
	a.player = CATAN_PLAYER_REFEREE;
	catan_sink_action(sink, &a);
}

static void
rt_apply(catan_state *s, const catan_action *a, void *slice)
{
	struct market *m = slice;

	switch (a->type) {
	case TEST_ROUNDS_ACT_GRAB:
		if (!may_trade(m, a->player) || m->left == 0)
			return;
		m->left--;
		m->wares[a->player]++;
		m->done |= UINT32_C(1) << a->player;
		break;
	case TEST_ROUNDS_ACT_PASS:
		if (!may_trade(m, a->player))
			return;
		m->done |= UINT32_C(1) << a->player;
		break;
	case TEST_ROUNDS_ACT_CLOSE:
		if (m->open)
			rt_close(s, m);
		return;
	default:
		return;
	}
	if ((m->done & catan_state__seated(s)) == catan_state__seated(s))
		rt_close(s, m);
}

/* The turn has passed: the market opens before the next roll. */
static void
rt_after_apply(catan_state *s, const catan_action *a, void *slice)
{
	struct market *m = slice;
	struct core_state *c = st_core(s);

	if (a->type != CATAN_ACT_END_TURN || c->phase != CATAN_PHASE_ROLL ||
	    c->chance != CHANCE_NONE)
		return;
	m->open = 1;
	m->left = (uint8_t)(c->num_players - 1);
	m->resume = c->phase;
	m->done = 0;
	c->phase = TEST_ROUNDS_PHASE_MARKET;
}

static const char *const rt_counter_names[] = { "wares", "market_left", NULL };

static int
rt_counter(const catan_state *s, int player, const char *name, int32_t *out,
	   const void *slice)
{
	const struct market *m = slice;

	if (!strcmp(name, "wares") && player >= 0 && player < st_ccore(s)->num_players) {
		*out = m->wares[player];
		return CATAN_OK;
	}
	if (!strcmp(name, "market_left") && player < 0) {
		*out = m->left;
		return CATAN_OK;
	}
	return CATAN_ENOTFOUND;
}

static const char *
rt_phase_name(int phase)
{
	return phase == TEST_ROUNDS_PHASE_MARKET ? "market" : NULL;
}

static int
rt_format(const catan_game *g, const catan_action *a, char *buf, size_t cap,
	  size_t *len_out)
{
	struct catan_text w = { buf, cap, 0, CATAN_OK };

	switch (a->type) {
	case TEST_ROUNDS_ACT_GRAB:
	case TEST_ROUNDS_ACT_PASS:
		if (a->player < 0 || a->player >= g->num_players)
			return CATAN_EINVAL;
		catan_text__put(&w, "p%d %s", a->player,
				a->type == TEST_ROUNDS_ACT_GRAB ? "grab" : "pass");
		break;
	case TEST_ROUNDS_ACT_CLOSE:
		if (a->player != CATAN_PLAYER_REFEREE)
			return CATAN_EINVAL;
		catan_text__put(&w, "referee close_market");
		break;
	default:
		return CATAN_EINVAL;
	}
	if (a->target || a->arg || a->flags)
		return CATAN_EINVAL;
	for (size_t k = 0; k < CATAN_MAX_CARD_KINDS; k++)
		if (a->give[k] || a->get[k])
			return CATAN_EINVAL;
	if (w.rc != CATAN_OK)
		return w.rc;
	return catan_text__finish(&w, len_out);
}

static int
rt_parse(const catan_game *g, const char *name, const char *args, catan_action *out)
{
	(void)g;
	if (!strcmp(name, "grab"))
		out->type = TEST_ROUNDS_ACT_GRAB;
	else if (!strcmp(name, "pass"))
		out->type = TEST_ROUNDS_ACT_PASS;
	else if (!strcmp(name, "close_market"))
		out->type = TEST_ROUNDS_ACT_CLOSE;
	else
		return CATAN_ENOTFOUND;
	while (*args == ' ')
		args++;
	return *args ? CATAN_EPARSE : CATAN_OK;
}

static const char *const rt_variants[] = { "base", NULL };
static const uint8_t rt_real_time[] = { TEST_ROUNDS_PHASE_MARKET, 0 };

const struct catan_module_ops catan_test_rounds_module = {
	.version = CATAN_MODULE_OPS_VERSION,
	.name = "rounds_test",
	.description = "a real-time market round with a referee at every turn's end",
	.variants = rt_variants,
	.state_size = sizeof(struct market),
	.init_state = rt_init,
	.check_action = rt_check,
	.legal_actions = rt_legal,
	.after_apply = rt_after_apply,
	.action_first = TEST_ROUNDS_ACT_GRAB,
	.action_last = TEST_ROUNDS_ACT_CLOSE,
	.apply = rt_apply,
	.acting_players = rt_acting,
	.phase_name = rt_phase_name,
	.format_action = rt_format,
	.parse_action = rt_parse,
	.counter = rt_counter,
	.counter_names = rt_counter_names,
	.phase_first = TEST_ROUNDS_PHASE_MARKET,
	.phase_last = TEST_ROUNDS_PHASE_MARKET,
	.simultaneous = CATAN_SIMULTANEOUS_REAL_TIME,
	.real_time_phases = rt_real_time,
	.referee_actions = rt_referee,
};

void
catan_test_add_rounds_module(catan_ctx *ctx)
{
	catan_test_add_module(ctx, &catan_test_rounds_module);
}
