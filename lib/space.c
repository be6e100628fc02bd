/*
 * libcatanrules: the action space: actions as integers, fixed per game (catanrules/space.h).
 * SPDX-License-Identifier: MIT
 */

#include <string.h>

#include "catan-private.h"

/*
 * The core's player action types and their shapes. The domain of offers
 * is the game's offer_max; everything else is fixed by the board and the
 * declared kinds. Module types come from catan_game_declare_action_shape().
 */
static const struct space_shape core_shapes[] = {
	{ CATAN_ACT_ROLL, CATAN_SPACE_NONE, CATAN_SPACE_NONE, CATAN_SPACE_NO_CARDS, 0, 0, 0, 0, 0 },
	{ CATAN_ACT_DISCARD, CATAN_SPACE_NONE, CATAN_SPACE_NONE, CATAN_SPACE_GIVE_ONE, 1, 0, 0, 0, 0 },
	{ CATAN_ACT_MOVE_ROBBER, CATAN_SPACE_HEX, CATAN_SPACE_NONE, CATAN_SPACE_NO_CARDS, 0, 0, 0, 0, 0 },
	{ CATAN_ACT_STEAL, CATAN_SPACE_NONE, CATAN_SPACE_PLAYER, CATAN_SPACE_NO_CARDS, 0, 0, 0, 0, 0 },
	{ CATAN_ACT_BUILD_ROAD, CATAN_SPACE_EDGE, CATAN_SPACE_NONE, CATAN_SPACE_NO_CARDS, 0, 0, 0, 0, 0 },
	{ CATAN_ACT_BUILD_SETTLEMENT, CATAN_SPACE_VERTEX, CATAN_SPACE_NONE, CATAN_SPACE_NO_CARDS, 0, 0, 0, 0, 0 },
	{ CATAN_ACT_BUILD_CITY, CATAN_SPACE_VERTEX, CATAN_SPACE_NONE, CATAN_SPACE_NO_CARDS, 0, 0, 0, 0, 0 },
	{ CATAN_ACT_BUY_DEV, CATAN_SPACE_NONE, CATAN_SPACE_NONE, CATAN_SPACE_NO_CARDS, 0, 0, 0, 0, 0 },
	{ CATAN_ACT_PLAY_KNIGHT, CATAN_SPACE_NONE, CATAN_SPACE_NONE, CATAN_SPACE_NO_CARDS, 0, 0, 0, 0, 0 },
	{ CATAN_ACT_PLAY_ROAD_BUILDING, CATAN_SPACE_NONE, CATAN_SPACE_NONE, CATAN_SPACE_NO_CARDS, 0, 0, 0, 0, 0 },
	{ CATAN_ACT_PLAY_YEAR_OF_PLENTY, CATAN_SPACE_NONE, CATAN_SPACE_NONE, CATAN_SPACE_GET_SET, 2, 0, 0, 0, 0 },
	{ CATAN_ACT_PLAY_MONOPOLY, CATAN_SPACE_NONE, CATAN_SPACE_CARD_KIND, CATAN_SPACE_NO_CARDS, 0, 0, 0, 0, 0 },
	{ CATAN_ACT_MARITIME_TRADE, CATAN_SPACE_NONE, CATAN_SPACE_NONE, CATAN_SPACE_MARITIME, 0, 0, 0, 0, 0 },
	{ CATAN_ACT_OFFER_TRADE, CATAN_SPACE_NONE, CATAN_SPACE_NONE, CATAN_SPACE_TRADE, 0, 0, 0, 0, 0 },
	{ CATAN_ACT_ACCEPT_TRADE, CATAN_SPACE_NONE, CATAN_SPACE_NONE, CATAN_SPACE_NO_CARDS, 0, 0, 0, 0, 0 },
	{ CATAN_ACT_DECLINE_TRADE, CATAN_SPACE_NONE, CATAN_SPACE_NONE, CATAN_SPACE_NO_CARDS, 0, 0, 0, 0, 0 },
	{ CATAN_ACT_COUNTER_TRADE, CATAN_SPACE_NONE, CATAN_SPACE_NONE, CATAN_SPACE_TRADE, 0, 0, 0, 0, 0 },
	{ CATAN_ACT_CONFIRM_TRADE, CATAN_SPACE_NONE, CATAN_SPACE_PLAYER, CATAN_SPACE_NO_CARDS, 0, 0, 0, 0, 0 },
	{ CATAN_ACT_CANCEL_TRADE, CATAN_SPACE_NONE, CATAN_SPACE_NONE, CATAN_SPACE_NO_CARDS, 0, 0, 0, 0, 0 },
	{ CATAN_ACT_END_TURN, CATAN_SPACE_NONE, CATAN_SPACE_NONE, CATAN_SPACE_NO_CARDS, 0, 0, 0, 0, 0 },
};

/* ------------------------------------------------------------ multisets */

static uint64_t
choose(unsigned n, unsigned k)
{
	uint64_t r = 1;

	if (k > n)
		return 0;
	for (unsigned i = 1; i <= k; i++)
		r = r * (n - k + i) / i;
	return r;
}

/* Multisets of exactly @s cards over @k kinds. */
static uint64_t
multisets(unsigned k, unsigned s)
{
	return k ? choose(s + k - 1, k - 1) : s == 0;
}

/* Multisets of 1..@max cards over @k kinds. */
static uint64_t
sets_upto(unsigned k, unsigned max)
{
	uint64_t n = 0;

	for (unsigned s = 1; s <= max; s++)
		n += multisets(k, s);
	return n;
}

/* The rank of the multiset @v of @s cards over @k kinds among those of
 * its size, kinds in order, fewer of a kind first. */
static uint64_t
rank_within(const uint8_t *v, unsigned k, unsigned s)
{
	uint64_t r = 0;
	unsigned rem = s;

	for (unsigned i = 0; i + 1 < k; i++) {
		for (unsigned c = 0; c < v[i]; c++)
			r += multisets(k - i - 1, rem - c);
		rem -= v[i];
	}
	return r;
}

static void
unrank_within(uint64_t r, unsigned k, unsigned s, uint8_t *v)
{
	unsigned rem = s;

	for (unsigned i = 0; i + 1 < k; i++) {
		unsigned c = 0;

		while (c < rem && r >= multisets(k - i - 1, rem - c)) {
			r -= multisets(k - i - 1, rem - c);
			c++;
		}
		v[i] = (uint8_t)c;
		rem -= c;
	}
	if (k)
		v[k - 1] = (uint8_t)rem;
}

/* The index of @v (1..@max cards over the first @k slots, none beyond)
 * among all such sets, smaller sets first; false if @v is not one. */
static bool
set_index(const uint8_t v[CATAN_MAX_CARD_KINDS], unsigned k, unsigned max, uint64_t *out)
{
	unsigned s = 0;
	uint64_t before = 0;

	for (unsigned i = 0; i < CATAN_MAX_CARD_KINDS; i++) {
		if (v[i] && i >= k)
			return false;
		s += v[i];
	}
	if (s < 1 || s > max)
		return false;
	for (unsigned t = 1; t < s; t++)
		before += multisets(k, t);
	*out = before + rank_within(v, k, s);
	return true;
}

static void
set_of_index(uint64_t idx, unsigned k, unsigned max, uint8_t v[CATAN_MAX_CARD_KINDS])
{
	memset(v, 0, CATAN_MAX_CARD_KINDS);
	for (unsigned s = 1; s <= max; s++) {
		uint64_t n = multisets(k, s);

		if (idx < n) {
			unrank_within(idx, k, s, v);
			return;
		}
		idx -= n;
	}
}

/* The slot of @v's only card, below @k; false unless @v is one card. */
static bool
single_slot(const uint8_t v[CATAN_MAX_CARD_KINDS], unsigned k, uint64_t *out)
{
	unsigned total = 0;

	for (unsigned i = 0; i < CATAN_MAX_CARD_KINDS; i++) {
		total += v[i];
		if (v[i])
			*out = i;
	}
	return total == 1 && *out < k;
}

static bool
all_zero(const uint8_t v[CATAN_MAX_CARD_KINDS])
{
	for (unsigned i = 0; i < CATAN_MAX_CARD_KINDS; i++)
		if (v[i])
			return false;
	return true;
}

/* ----------------------------------------------------------------- layout */

/* The slots of give[]/get[] a trade or a maritime purchase may carry:
 * the card kinds, then the traded holdings' slots right after them. */
static unsigned
slots_with(const catan_game *g, uint8_t holding_slots)
{
	return g->card_kinds + (unsigned)__builtin_popcount(holding_slots);
}

/* How many cards a maritime trade may give of its kind: 2 (the best
 * harbor) to the game's rate (4; 3 in Merchants of Europe). Every rate up
 * to the player's worst is listed (a 4:1 beside a 3:1 harbor's), so the
 * count is part of the id. */
static unsigned
maritime_counts(const catan_game *g)
{
	return g->maritime_rate >= 2 ? g->maritime_rate - 1u : 1u;
}

static uint64_t
field_size(const catan_game *g, const struct space_shape *sh, int field)
{
	switch (field) {
	case CATAN_SPACE_NONE:
		return 1;
	case CATAN_SPACE_HEX:
		return g->board.nhex;
	case CATAN_SPACE_HEX_OR_OFF:
		return g->board.nhex + 1u;
	case CATAN_SPACE_VALUE:
		return sh->values;
	case CATAN_SPACE_VERTEX:
		return g->board.nvert;
	case CATAN_SPACE_EDGE:
		return g->board.nedge;
	case CATAN_SPACE_PLAYER:
		return catan_game__owners(g);
	case CATAN_SPACE_CARD_KIND:
		return g->card_kinds;
	case CATAN_SPACE_DEV_KIND:
		return g->dev_kinds;
	default:
		return 0;
	}
}

static uint64_t
cards_size(const catan_game *g, const struct space_shape *sh)
{
	uint64_t n;

	switch (sh->cards) {
	case CATAN_SPACE_NO_CARDS:
		return 1;
	case CATAN_SPACE_GIVE_ONE:
	case CATAN_SPACE_GET_ONE:
		return g->card_kinds;
	case CATAN_SPACE_GIVE_SET:
	case CATAN_SPACE_GET_SET:
		return sets_upto(g->card_kinds, sh->max);
	case CATAN_SPACE_TRADE:
		n = sets_upto(slots_with(g, g->traded_slots), sh->max);
		return n * n;
	case CATAN_SPACE_MARITIME:
		return (uint64_t)g->card_kinds * maritime_counts(g) *
		       slots_with(g, g->maritime_slots);
	default:
		return 0;
	}
}

static bool
shape_valid(const struct space_shape *sh)
{
	bool sets = sh->cards == CATAN_SPACE_GIVE_SET || sh->cards == CATAN_SPACE_GET_SET ||
		    sh->cards == CATAN_SPACE_TRADE;

	bool values = sh->target == CATAN_SPACE_VALUE || sh->arg == CATAN_SPACE_VALUE;

	return sh->target <= CATAN_SPACE_HEX_OR_OFF && sh->arg <= CATAN_SPACE_HEX_OR_OFF &&
	       sh->cards <= CATAN_SPACE_MARITIME && (!sets || (sh->max >= 1 && sh->max <= 8)) &&
	       (!values || sh->values >= 1) &&
	       (!sh->pay_slots || (sh->pay_max >= 1 && sh->pay_max <= 8 &&
				   sh->pay_first + sh->pay_slots <= CATAN_MAX_CARD_KINDS));
}

int
catan_game_declare_action_shape(catan_game *g, const catan_action_shape *shape)
{
	struct space_shape sh;

	if (!g || !shape || g->state_size)
		return CATAN_EINVAL;
	sh.type = (uint16_t)shape->type;
	sh.target = (uint8_t)shape->target;
	sh.arg = (uint8_t)shape->arg;
	sh.cards = (uint8_t)shape->cards;
	sh.max = (uint8_t)shape->max;
	sh.values = (uint8_t)shape->values;
	sh.pay_first = (uint8_t)shape->pay_first;
	sh.pay_slots = (uint8_t)shape->pay_slots;
	sh.pay_max = (uint8_t)shape->pay_max;
	if (shape->type < CATAN_ACT_VARIANT_BASE || shape->type > UINT16_MAX ||
	    shape->target < 0 || shape->arg < 0 || shape->cards < 0 || shape->max > 8 ||
	    shape->values > 255 || shape->pay_first > CATAN_MAX_CARD_KINDS ||
	    shape->pay_slots > CATAN_MAX_CARD_KINDS || shape->pay_max > 8 || !shape_valid(&sh)) {
		catan__ctx_seterr(g->ctx, "action shape of type %d: not a module's type, or a "
				  "field, cards or max out of range", shape->type);
		return CATAN_EINVAL;
	}
	for (unsigned i = 0; i < g->nshapes; i++)
		if (g->shapes[i].type == sh.type) {
			catan__ctx_seterr(g->ctx, "action shape of type %d declared twice",
					  shape->type);
			return CATAN_EINVAL;
		}
	if (g->nshapes >= CATAN_MAX_SHAPES) {
		catan__ctx_seterr(g->ctx, "more than %d action shapes", CATAN_MAX_SHAPES);
		return CATAN_EINVAL;
	}
	g->shapes[g->nshapes++] = sh;
	return CATAN_OK;
}

int
catan_game_declare_action_shapes(catan_game *g, const catan_action_shape *shapes, size_t n)
{
	if (!shapes && n)
		return CATAN_EINVAL;
	for (size_t i = 0; i < n; i++) {
		int rc = catan_game_declare_action_shape(g, &shapes[i]);

		if (rc != CATAN_OK)
			return rc;
	}
	return CATAN_OK;
}

static void
add_block(catan_game *g, const struct space_shape *sh, uint64_t *next)
{
	struct space_block *b = &g->space_blocks[g->nspace_blocks++];
	uint64_t tn = field_size(g, sh, sh->target), an = field_size(g, sh, sh->arg);
	uint64_t cn = cards_size(g, sh);
	uint64_t pn = sh->pay_slots ? sets_upto(sh->pay_slots, sh->pay_max) : 1;

	b->shape = *sh;
	b->first = *next;
	b->tn = (uint32_t)tn;
	b->an = (uint32_t)an;
	b->cn = (uint32_t)cn;
	b->pn = (uint32_t)pn;
	b->size = tn * an * cn * pn;
	*next += b->size;
}

void
catan_space__build(catan_game *g)
{
	uint64_t next = 0;

	g->nspace_blocks = 0;
	g->space_missing = -1;
	for (size_t i = 0; i < g->nmodules; i++) {
		const struct catan_module_ops *m = g->modules[i].ops;
		bool any = false;

		if (!m->action_first)
			continue;
		for (unsigned j = 0; j < g->nshapes; j++)
			any |= g->shapes[j].type >= m->action_first &&
			       g->shapes[j].type <= m->action_last;
		if (!any && g->space_missing < 0)
			g->space_missing = (int)i;
	}
	if (g->variant->action_first && g->space_missing < 0) {
		bool any = false;

		for (unsigned j = 0; j < g->nshapes; j++)
			any |= g->shapes[j].type >= g->variant->action_first &&
			       g->shapes[j].type <= g->variant->action_last;
		if (!any)
			g->space_missing = (int)CATAN_MAX_MODULES; /* the variant's own types */
	}
	for (size_t i = 0; i < ARRAY_LEN(core_shapes); i++) {
		struct space_shape sh = core_shapes[i];

		if (sh.cards == CATAN_SPACE_TRADE)
			sh.max = g->offer_max;
		/* one more target: the robber taken off the board */
		if (sh.type == CATAN_ACT_MOVE_ROBBER && g->robber_off_board)
			sh.target = CATAN_SPACE_HEX_OR_OFF;
		add_block(g, &sh, &next);
	}
	for (unsigned i = 0; i < g->nshapes; i++)
		add_block(g, &g->shapes[i], &next);
	g->space_size = next;
}

/* CATAN_OK, or CATAN_ENOTSUP with the reason on the game's context. */
static int
space_ready(const catan_game *g)
{
	if (g->space_missing < 0)
		return CATAN_OK;
	if (g->ctx)
		catan__ctx_seterr((catan_ctx *)g->ctx, "%s%s declares no action shapes: the game "
				  "has no action space",
				  g->space_missing < (int)g->nmodules ? "module " : "variant ",
				  g->space_missing < (int)g->nmodules ?
				  g->modules[g->space_missing].ops->name : g->variant->name);
	return CATAN_ENOTSUP;
}

static const struct space_block *
block_of_type(const catan_game *g, int type)
{
	for (unsigned i = 0; i < g->nspace_blocks; i++)
		if (g->space_blocks[i].shape.type == type)
			return &g->space_blocks[i];
	return NULL;
}

/* ---------------------------------------------------------------- ids */

static bool
field_index(const catan_game *g, int field, unsigned value, uint64_t n, uint64_t *out)
{
	if (field == CATAN_SPACE_NONE) {
		*out = 0;
		return value == 0;
	}
	if (field == CATAN_SPACE_HEX_OR_OFF && value == CATAN_NONE) {
		*out = g->board.nhex;
		return true;
	}
	if (field == CATAN_SPACE_HEX_OR_OFF) {
		*out = value;
		return value < g->board.nhex;
	}
	*out = value;
	return value < n;
}

/* The payment's index among its sets, and @a without it (give[]'s
 * payment slots zeroed) for the card shape; false if it is not one. */
static bool
payment_index(const struct space_shape *sh, const catan_action *a, catan_action *rest,
	      uint64_t *out)
{
	uint8_t pay[CATAN_MAX_CARD_KINDS] = { 0 };

	*rest = *a;
	*out = 0;
	if (!sh->pay_slots)
		return true;
	for (unsigned i = 0; i < sh->pay_slots; i++) {
		pay[i] = a->give[sh->pay_first + i];
		rest->give[sh->pay_first + i] = 0;
	}
	return set_index(pay, sh->pay_slots, sh->pay_max, out);
}

static bool
cards_index(const catan_game *g, const struct space_block *b, const catan_action *a,
	    uint64_t *out)
{
	const struct space_shape *sh = &b->shape;
	unsigned kc = g->card_kinds, kt, km, given = 0, kind = 0;
	uint64_t gi, ri;

	switch (sh->cards) {
	case CATAN_SPACE_NO_CARDS:
		*out = 0;
		return all_zero(a->give) && all_zero(a->get);
	case CATAN_SPACE_GIVE_ONE:
		return all_zero(a->get) && single_slot(a->give, kc, out);
	case CATAN_SPACE_GET_ONE:
		return all_zero(a->give) && single_slot(a->get, kc, out);
	case CATAN_SPACE_GIVE_SET:
		return all_zero(a->get) && set_index(a->give, kc, sh->max, out);
	case CATAN_SPACE_GET_SET:
		return all_zero(a->give) && set_index(a->get, kc, sh->max, out);
	case CATAN_SPACE_TRADE:
		kt = slots_with(g, g->traded_slots);
		if (!set_index(a->give, kt, sh->max, &gi) || !set_index(a->get, kt, sh->max, &ri))
			return false;
		*out = gi * sets_upto(kt, sh->max) + ri;
		return true;
	case CATAN_SPACE_MARITIME:
		km = slots_with(g, g->maritime_slots);
		for (unsigned k = 0; k < CATAN_MAX_CARD_KINDS; k++)
			if (a->give[k]) {
				given++;
				kind = k;
			}
		if (given != 1 || kind >= kc || a->give[kind] < 2 ||
		    a->give[kind] - 2u >= maritime_counts(g) || !single_slot(a->get, km, &ri))
			return false;
		*out = ((uint64_t)kind * maritime_counts(g) + (a->give[kind] - 2u)) * km + ri;
		return true;
	default:
		return false;
	}
}

int
catan_game_action_space(const catan_game *g, size_t *size_out)
{
	int rc;

	if (!g || !size_out)
		return CATAN_EINVAL;
	rc = space_ready(g);
	if (rc != CATAN_OK)
		return rc;
	*size_out = (size_t)g->space_size;
	return CATAN_OK;
}

int
catan_game_action_block(const catan_game *g, size_t i, catan_space_block *out, size_t *count_out)
{
	const struct space_block *b;
	int rc;

	if (!g || !out)
		return CATAN_EINVAL;
	rc = space_ready(g);
	if (rc != CATAN_OK)
		return rc;
	if (count_out)
		*count_out = g->nspace_blocks;
	if (i >= g->nspace_blocks)
		return CATAN_ENOTFOUND;
	b = &g->space_blocks[i];
	out->type = b->shape.type;
	out->first = (size_t)b->first;
	out->size = (size_t)b->size;
	out->target = b->shape.target;
	out->arg = b->shape.arg;
	out->cards = b->shape.cards;
	out->max = b->shape.max;
	return CATAN_OK;
}

/* The id of @a, or false; no error message (the mask's hot path). */
static bool
action_id(const catan_game *g, const catan_action *a, uint64_t *id)
{
	const struct space_block *b = block_of_type(g, a->type);
	uint64_t ti, ai, ci, pi;
	catan_action cards;

	if (!b || !b->size || a->flags)
		return false;
	if (!field_index(g, b->shape.target, a->target, b->tn, &ti) ||
	    !field_index(g, b->shape.arg, a->arg, b->an, &ai) ||
	    !payment_index(&b->shape, a, &cards, &pi) || !cards_index(g, b, &cards, &ci))
		return false;
	*id = b->first + ((ti * b->an + ai) * b->cn + ci) * b->pn + pi;
	return true;
}

int
catan_game_action_id(const catan_game *g, const catan_action *a, size_t *id_out)
{
	uint64_t id;
	int rc;

	if (!g || !a || !id_out)
		return CATAN_EINVAL;
	rc = space_ready(g);
	if (rc != CATAN_OK)
		return rc;
	if (!action_id(g, a, &id))
		return CATAN_ENOTFOUND;
	*id_out = (size_t)id;
	return CATAN_OK;
}

int
catan_state_action_of_id(const catan_state *s, int player, size_t id, catan_action *out)
{
	const catan_game *g;
	const struct space_block *b = NULL;
	catan_action a = CATAN_ACTION_INIT;
	uint64_t local, ti, ai, ci, pi;
	int rc;

	if (!s || !out)
		return CATAN_EINVAL;
	g = s->game;
	if (player < 0 || player >= g->num_players)
		return CATAN_EINVAL;
	rc = space_ready(g);
	if (rc != CATAN_OK)
		return rc;
	for (unsigned i = 0; i < g->nspace_blocks && !b; i++)
		if (id >= g->space_blocks[i].first &&
		    id - g->space_blocks[i].first < g->space_blocks[i].size)
			b = &g->space_blocks[i];
	if (!b)
		return CATAN_ENOTFOUND;
	local = id - b->first;
	pi = local % b->pn;
	local /= b->pn;
	ci = local % b->cn;
	local /= b->cn;
	ai = local % b->an;
	ti = local / b->an;
	a.type = b->shape.type;
	a.player = (int8_t)player;
	a.target = b->shape.target == CATAN_SPACE_HEX_OR_OFF && ti == g->board.nhex ?
			   CATAN_NONE : (uint16_t)ti;
	a.arg = b->shape.arg == CATAN_SPACE_HEX_OR_OFF && ai == g->board.nhex ?
			CATAN_NONE : (uint16_t)ai;
	switch (b->shape.cards) {
	case CATAN_SPACE_GIVE_ONE:
		a.give[ci] = 1;
		break;
	case CATAN_SPACE_GET_ONE:
		a.get[ci] = 1;
		break;
	case CATAN_SPACE_GIVE_SET:
		set_of_index(ci, g->card_kinds, b->shape.max, a.give);
		break;
	case CATAN_SPACE_GET_SET:
		set_of_index(ci, g->card_kinds, b->shape.max, a.get);
		break;
	case CATAN_SPACE_TRADE: {
		unsigned kt = slots_with(g, g->traded_slots);
		uint64_t n = sets_upto(kt, b->shape.max);

		set_of_index(ci / n, kt, b->shape.max, a.give);
		set_of_index(ci % n, kt, b->shape.max, a.get);
		break;
	}
	case CATAN_SPACE_MARITIME: {
		unsigned km = slots_with(g, g->maritime_slots), nc = maritime_counts(g);
		uint64_t given = ci / km;

		a.give[given / nc] = (uint8_t)(2u + given % nc);
		a.get[ci % km] = 1;
		break;
	}
	default:
		break;
	}
	if (b->shape.pay_slots) {
		uint8_t pay[CATAN_MAX_CARD_KINDS];

		set_of_index(pi, b->shape.pay_slots, b->shape.pay_max, pay);
		for (unsigned i = 0; i < b->shape.pay_slots; i++)
			a.give[b->shape.pay_first + i] = pay[i];
	}
	*out = a;
	return CATAN_OK;
}

int
catan_state_action_mask(const catan_state *s, int player, uint8_t *mask, size_t size,
			catan_action *scratch, size_t scratch_cap, size_t *n_out)
{
	const catan_game *g;
	size_t n = 0, set = 0;
	int rc;

	if (!s || !mask || (!scratch && scratch_cap))
		return CATAN_EINVAL;
	g = s->game;
	rc = space_ready(g);
	if (rc != CATAN_OK)
		return rc;
	if (size != g->space_size)
		return CATAN_EINVAL;
	rc = catan_state_legal_actions(s, player, scratch, scratch_cap, &n);
	if (rc != CATAN_OK)
		return rc;
	memset(mask, 0, size);
	for (size_t i = 0; i < n; i++) {
		uint64_t id;

		if (!action_id(g, &scratch[i], &id)) {
			/* a listed action outside its declared shape: the
			 * variant's or module's declaration is wrong */
			catan_state__seterr(s, "a listed action has no id in the action space "
					    "(type %d): its shape is not declared right",
					    scratch[i].type);
			return CATAN_ERROR;
		}
		set += !mask[id];
		mask[id] = 1;
	}
	if (n_out)
		*n_out = set;
	return CATAN_OK;
}
