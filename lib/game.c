/*
 * libcatanrules: games: creation, state layout, reference counting, metadata.
 * SPDX-License-Identifier: MIT
 */

#include <stddef.h>
#include <string.h>

#include "catan-private.h"
#include "modules.h"

static uint64_t
round8(uint64_t n)
{
	return (n + 7u) & ~(uint64_t)7u;
}

static bool
board_allocated(const struct board *b)
{
	return b->hex || b->vert || b->edge || b->harbor;
}

static void
game_destroy(catan_game *g)
{
	catan_ctx *ctx = g->ctx;

	if (g->canonical)
		catan__free(ctx, g->canonical, g->canonical_len + 1);
	for (size_t i = 0; i < ARRAY_LEN(g->param_text); i++)
		catan__strfree(ctx, g->param_text[i]);
	for (size_t i = 0; i < CATAN_MAX_PARAMS; i++) {
		catan__strfree(ctx, g->texts[i]);
		for (size_t m = 0; m < g->nmodules; m++)
			catan__strfree(ctx, g->modules[m].texts[i]);
	}
	if (board_allocated(&g->board))
		catan_board__dispose(&g->board, ctx);
	if (g->variant_data)
		catan__free(ctx, g->variant_data, g->variant_data_size);
	catan_tensor__dispose(g);
	catan__free(ctx, g, sizeof(*g));
	catan__ctx_release(ctx);
}

/*
 * The state is one flat block: core, players, one byte per intersection
 * and edge, the owners' piece sets on boards with masks or their piece
 * lists on the others, then the variant's and each module's slice, each
 * 8-aligned.
 */
static int
compute_layout(catan_game *g)
{
	uint64_t off;

	off = STATE_OFF_PLAYERS;
	g->off_players = (uint32_t)off;
	off += (uint64_t)catan_game__owners(g) * sizeof(struct player_state);
	g->off_vertices = (uint32_t)off;
	off += g->board.nvert;
	g->off_edges = (uint32_t)off;
	off = round8(off + g->board.nedge);
	g->off_sets = 0;
	g->off_lists = 0;
	if (g->board.masks_ok) {
		g->off_sets = (uint32_t)off;
		off += (uint64_t)catan_game__owners(g) * sizeof(struct owner_sets);
	} else {
		/* The road list is the network: road-like pieces too. */
		g->list_roads = g->pieces[CATAN_PIECE_ROAD];
		for (unsigned k = 0; k < g->npiece_kinds; k++)
			if (g->piece_kinds[k].flags & CATAN_PIECE_ROAD_LIKE)
				g->list_roads = (uint16_t)(g->list_roads + g->piece_kinds[k].stock);
		g->list_buildings = (uint16_t)(g->pieces[CATAN_PIECE_SETTLEMENT] +
					       g->pieces[CATAN_PIECE_CITY]);
		g->list_stride = (uint32_t)round8(2u * (2u + g->list_roads + g->list_buildings));
		g->off_lists = (uint32_t)off;
		off += (uint64_t)catan_game__owners(g) * g->list_stride;
	}
	g->off_variant = (uint32_t)off;
	off += g->variant_size;
	for (size_t i = 0; i < g->nmodules; i++) {
		struct game_module *m = &g->modules[i];

		off = round8(off);
		if (off > UINT32_MAX)
			break;
		m->slice_offset = (uint32_t)off;
		off += m->ops->state_size;
	}
	off = round8(off);
	/* Holdings only in games that declare some: the others' layout is
	 * unchanged. */
	g->off_holdings = 0;
	if (g->nholdings && off <= UINT32_MAX) {
		g->off_holdings = (uint32_t)off;
		off = round8(off + catan_game__holdings_size(g));
	}
	/* Declared pieces likewise. */
	g->off_pieces = 0;
	if (g->npiece_kinds && off <= UINT32_MAX) {
		g->off_pieces = (uint32_t)off;
		off = round8(off + catan_game__pieces_layout(g));
	}
	/* Number chips likewise. */
	g->off_chips = 0;
	if (g->number_chips && off <= UINT32_MAX) {
		g->off_chips = (uint32_t)off;
		off = round8(off + g->board.nhex);
	}
	/* Award contests' holders likewise. */
	g->off_contests = 0;
	if (g->ncontests && off <= UINT32_MAX) {
		g->off_contests = (uint32_t)off;
		off = round8(off + (uint64_t)g->ncontests * CATAN_AWARDS);
	}
	if (off > UINT32_MAX) {
		catan__ctx_seterr(g->ctx, "the state of game '%s' would be too large",
				  g->canonical);
		return CATAN_ERROR;
	}
	g->state_size = (uint32_t)off;
	return CATAN_OK;
}

static int
call_build(catan_game *g, int (*build)(catan_game *), const char *kind,
	   const char *name)
{
	uint32_t before;
	int rc;

	/*
	 * A shared context is only written on failure, so count the
	 * messages instead of clearing the last one to see whether the
	 * hook left its own.
	 */
	before = g->ctx->errmsg_count;
	rc = build(g);
	if (rc == CATAN_OK)
		return CATAN_OK;
	if (rc > 0)
		rc = CATAN_ERROR;
	if (g->ctx->errmsg_count == before)
		catan__ctx_seterr(g->ctx, "%s '%s' could not build the game: %s",
				  kind, name, catan_strerror(rc));
	return rc;
}

static int
call_module_build(catan_game *g, const struct catan_module_ops *m)
{
	return call_build(g, m->build_game, "module", m->name);
}

/* The per-step hooks in arrays (struct catan_game), once the slices are
 * laid out. */
static void
gather_hooks(catan_game *g)
{
	g->nhook_legal = g->nhook_after_apply = g->nhook_acting = 0;
	for (size_t i = 0; i < g->nmodules; i++) {
		const struct game_module *m = &g->modules[i];

		if (m->ops->legal_actions) {
			g->hook_legal[g->nhook_legal].fn = m->ops->legal_actions;
			g->hook_legal[g->nhook_legal++].slice_offset = m->slice_offset;
		}
		if (m->ops->after_apply) {
			g->hook_after_apply[g->nhook_after_apply].fn = m->ops->after_apply;
			g->hook_after_apply[g->nhook_after_apply++].slice_offset = m->slice_offset;
		}
		if (m->ops->acting_players) {
			g->hook_acting[g->nhook_acting].fn = m->ops->acting_players;
			g->hook_acting[g->nhook_acting++].slice_offset = m->slice_offset;
		}
	}
}

static bool
modules_own_actions(const catan_game *g)
{
	for (size_t i = 0; i < g->nmodules; i++)
		if (g->modules[i].ops->action_first)
			return true;
	return false;
}

static void
add_real_time(catan_game *g, const uint8_t *phases)
{
	for (; phases && *phases; phases++) {
		g->real_time[*phases >> 5] |= UINT32_C(1) << (*phases & 31);
		g->has_real_time = true;
	}
}

/* Which phases are real-time rounds and whether a referee acts. */
static void
gather_rounds(catan_game *g)
{
	add_real_time(g, g->variant->real_time_phases);
	g->has_referee = g->variant->referee_actions != NULL;
	for (size_t i = 0; i < g->nmodules; i++) {
		add_real_time(g, g->modules[i].ops->real_time_phases);
		if (g->modules[i].ops->referee_actions)
			g->has_referee = true;
	}
}

/* Traded holdings widen the kit's trade listings (rules-trade.c): offers
 * and counter-offers among K kinds instead of the five resources, and
 * each kind given at each rate for every holding the supply sells. */
static void
widen_for_traded_holdings(catan_game *g)
{
	unsigned kinds = CATAN_NUM_RESOURCES + (unsigned)__builtin_popcount(g->traded_slots);
	unsigned om = g->offer_max;
	uint32_t more;

	if (!g->traded_slots && !g->maritime_slots)
		return;
	more = (kinds * (kinds - 1u) - CATAN_NUM_RESOURCES * (CATAN_NUM_RESOURCES - 1u)) * om * om +
	       CATAN_NUM_RESOURCES * 6u * (unsigned)__builtin_popcount(g->maritime_slots);
	more += g->max_actions;
	g->max_actions = (uint16_t)(more > UINT16_MAX ? UINT16_MAX : more);
}

/* Everything after the parameters are known: strings, board, layout. */
static int
game_finish(catan_game *g)
{
	int rc;

	rc = catan_game__settle_players(g);
	if (rc)
		return rc;
	rc = catan_game__format(g);
	if (rc)
		return rc;
	if (g->variant->build_game) {
		rc = call_build(g, g->variant->build_game, "variant",
				g->variant->name);
		if (rc)
			return rc;
	}
	rc = catan_modules__build_game(g, call_module_build);
	if (rc)
		return rc;
	g->modules_sample = true;
	g->has_hex_blocked = g->variant->hex_blocked != NULL;
	for (size_t i = 0; i < g->nmodules; i++) {
		const struct catan_module_ops *m = g->modules[i].ops;

		if (m->chance_outcomes) {
			g->module_chance = true;
			if (!g->modules[i].sample_chance)
				g->modules_sample = false;
		}
		if (m->victory_points || m->vp_to_win)
			g->module_points = true;
		if (m->production)
			g->module_production = true;
		if (m->hex_blocked)
			g->has_hex_blocked = true;
		if (m->legal_actions)
			g->module_listing = true;
	}
	/* A holding that moves its holder's target takes the win check off
	 * the base count's fast path. */
	if (g->holding_targets)
		g->module_points = true;
	g->vp_target = catan_modules__vp_target(g);
	catan_production__build_table(g);
	rc = catan_game__assign_trade_slots(g);
	if (rc == CATAN_OK)
		rc = catan_game__check_number_chips(g);
	if (rc)
		return rc;
	widen_for_traded_holdings(g);
	catan_space__build(g);
	rc = compute_layout(g);
	if (rc)
		return rc;
	gather_hooks(g);
	gather_rounds(g);
	if (g->module_chance || (g->ctx && g->ctx->general_paths))
		g->resolve_sampled = NULL;
	/* The fast picks know trades of cards only. */
	if (g->module_listing || g->traded_slots || g->maritime_slots ||
	    (g->ctx && g->ctx->general_paths))
		g->pick_legal = NULL;
	/* The fused step runs the variant's part of the sequence only: no
	 * module may own actions or hook into apply, chance or who acts
	 * (a module's listing, check, victims or points are its own calls). */
	if (!g->resolve_sampled || g->chance_mode != CATAN_CHANCE_SAMPLED ||
	    g->nhook_after_apply || g->nhook_acting || modules_own_actions(g) ||
	    g->has_referee)
		g->apply_sampled = NULL;
	if (!g->pick_legal || !g->apply_sampled)
		g->play_sampled = NULL;
	return CATAN_OK;
}

static catan_game *
game_alloc(catan_ctx *ctx)
{
	catan_game *g = catan__calloc(ctx, sizeof(*g));

	if (!g) {
		catan__ctx_seterr(ctx, "out of memory");
		return NULL;
	}
	g->refcount = 1;
	g->ctx = ctx;
	catan__ctx_hold(ctx);
	catan_game__default_kinds(g);
	catan_game__default_costs(g);
	catan_game__default_awards(g);
	return g;
}

int
catan_game_options_init(catan_game_options *opts, unsigned int version)
{
	static const catan_game_options defaults = CATAN_GAME_OPTIONS_INIT;

	if (!opts)
		return CATAN_EINVAL;
	if (version != CATAN_GAME_OPTIONS_VERSION)
		return CATAN_EVERSION;
	*opts = defaults;
	return CATAN_OK;
}

static int
game_new(catan_game **out, catan_ctx *ctx, const char *variant,
	 const catan_game_options *opts)
{
	catan_game *g;
	int rc;

	if (!variant) {
		catan__ctx_seterr(ctx, "no variant name given");
		return CATAN_EINVAL;
	}
	g = game_alloc(ctx);
	if (!g)
		return CATAN_ENOMEM;
	rc = catan_game__parse_options(g, variant, opts);
	if (rc == CATAN_OK)
		rc = game_finish(g);
	if (rc == CATAN_OK)
		rc = catan_tensor__probe(g);
	if (rc) {
		game_destroy(g);
		return rc;
	}
	*out = g;
	return CATAN_OK;
}

static int
game_new_from_string(catan_game **out, catan_ctx *ctx, const char *spec)
{
	catan_game *g;
	int rc;

	if (!spec) {
		catan__ctx_seterr(ctx, "no game string given");
		return CATAN_EINVAL;
	}
	g = game_alloc(ctx);
	if (!g)
		return CATAN_ENOMEM;
	rc = catan_game__parse_string(g, spec);
	if (rc == CATAN_OK)
		rc = game_finish(g);
	if (rc == CATAN_OK)
		rc = catan_tensor__probe(g);
	if (rc) {
		game_destroy(g);
		return rc;
	}
	*out = g;
	return CATAN_OK;
}

/*
 * A NULL context means a default one (DESIGN.md): a private context with
 * the default allocator, which the game's own hold keeps alive and frees
 * with the game. Its messages are not reachable, so callers that want
 * them pass a context.
 */
static int
with_context(catan_ctx **ctx, catan_ctx **own)
{
	*own = NULL;
	if (*ctx)
		return CATAN_OK;
	if (catan_ctx_new(own, NULL) != CATAN_OK)
		return CATAN_ENOMEM;
	*ctx = *own;
	return CATAN_OK;
}

/* The creator's hold on a private context ends with the call: a game
 * built from it keeps its own. */
static int
drop_private_context(catan_ctx *own, int rc)
{
	catan_ctx_free(own);
	return rc;
}

int
catan_game_new(catan_game **out, catan_ctx *ctx, const char *variant,
	       const catan_game_options *opts)
{
	catan_ctx *own;
	int rc;

	if (!out)
		return CATAN_EINVAL;
	rc = with_context(&ctx, &own);
	if (rc != CATAN_OK)
		return rc;
	return drop_private_context(own, game_new(out, ctx, variant, opts));
}

int
catan_game_new_from_string(catan_game **out, catan_ctx *ctx, const char *spec)
{
	catan_ctx *own;
	int rc;

	if (!out)
		return CATAN_EINVAL;
	rc = with_context(&ctx, &own);
	if (rc != CATAN_OK)
		return rc;
	return drop_private_context(own, game_new_from_string(out, ctx, spec));
}

catan_game *
catan_game_ref(catan_game *g)
{
	if (g)
		__atomic_fetch_add(&g->refcount, 1, __ATOMIC_RELAXED);
	return g;
}

void
catan_game_unref(catan_game *g)
{
	if (!g)
		return;
	/* Release/acquire so the last owner sees every other owner's use. */
	if (__atomic_sub_fetch(&g->refcount, 1, __ATOMIC_ACQ_REL) == 0)
		game_destroy(g);
}

const char *
catan_game_variant(const catan_game *g)
{
	return g ? g->variant->name : NULL;
}

int
catan_game_num_players(const catan_game *g)
{
	return g ? g->num_players : CATAN_EINVAL;
}

int
catan_game_neutral_players(const catan_game *g)
{
	return g ? g->num_neutral : CATAN_EINVAL;
}

int
catan_game_chance_mode(const catan_game *g)
{
	return g ? g->chance_mode : CATAN_EINVAL;
}

int
catan_game_vp_to_win(const catan_game *g)
{
	return g ? g->vp_target : CATAN_EINVAL;
}

size_t
catan_game_max_legal_actions(const catan_game *g)
{
	return g ? g->max_actions : 0;
}

size_t
catan_game_max_chance_outcomes(const catan_game *g)
{
	return g ? g->max_outcomes : 0;
}

int
catan_game_info_get(const catan_game *g, catan_game_info *caller)
{
	catan_game_info *out = caller;
	unsigned information, simultaneous;
	catan_game_info info;
	unsigned version;

	if (!g || !out)
		return CATAN_EINVAL;
	/* Version 1 is version 2 without the fields after open_hands: a
	 * caller built against it has room for that much only. */
	version = out->version;
	if (version != 1 && version != CATAN_GAME_INFO_VERSION)
		return CATAN_EVERSION;
	information = g->variant->information;
	simultaneous = g->variant->simultaneous;
	for (size_t i = 0; i < g->nmodules; i++) {
		if (g->modules[i].ops->information)
			information = CATAN_INFORMATION_IMPERFECT;
		simultaneous |= g->modules[i].ops->simultaneous;
	}
	memset(&info, 0, sizeof(info));
	out = &info;
	out->version = version;
	out->min_players = g->min_players;
	out->max_players = g->max_players;
	out->num_players = g->num_players;
	out->num_neutral = g->num_neutral;
	out->chance_mode = g->chance_mode;
	out->information = information;
	out->simultaneous = simultaneous;
	out->max_legal_actions = g->max_actions;
	out->max_chance_outcomes = g->max_outcomes;
	out->max_turns = g->max_turns;
	out->max_moves = 0;
	out->reward = CATAN_REWARD_WIN_AT_END;
	out->min_return = 0;
	out->max_return = 1;
	out->vp_to_win = g->vp_target;
	out->state_size = g->state_size;
	out->open_hands = g->open_hands;
	out->referee = g->has_referee;
	memcpy(caller, &info, version == 1 ? offsetof(catan_game_info, referee) : sizeof(info));
	return CATAN_OK;
}
