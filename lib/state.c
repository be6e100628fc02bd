/*
 * libcatanrules: states — lifecycle, the apply template method, chance, queries.
 * SPDX-License-Identifier: MIT
 */
#include <stdio.h>

#include "catan-private.h"
#include "modules.h"

/* Chance nodes of supported variants have few outcomes; this bounds the
 * scratch list used to validate an outcome without allocating. */
#define MAX_SCRATCH_OUTCOMES 64
/* Scratch room for the module pipeline on legal actions. */
#define MAX_SCRATCH_ACTIONS 1024

void
catan_state__seterr(const catan_state *s, const char *fmt, ...)
{
	/* The message buffer belongs to the handle, not to the position:
	 * recording it from a const query does not change the state. */
	catan_state *w = (catan_state *)s;
	va_list ap;

	if (w->listing)
		return;
	va_start(ap, fmt);
	vsnprintf(w->errmsg, sizeof(w->errmsg), fmt, ap);
	va_end(ap);
}

static void
clear_error(const catan_state *s)
{
	catan_state *w = (catan_state *)s;

	w->errmsg[0] = '\0';
	w->last_reason = CATAN_REASON_NONE;
}

/* ------------------------------------------------------------ lifecycle */

static size_t
handle_size(const catan_game *g)
{
	return sizeof(struct catan_state) + g->state_size;
}

static inline __attribute__((always_inline)) void
resolve_pending_chance(catan_state *s);

int
catan_state_new(catan_state **out, catan_game *g)
{
	catan_state *s;
	struct core_state *c;
	int rc;

	if (!out || !g)
		return CATAN_EINVAL;
	s = catan__calloc(g->ctx, handle_size(g));
	if (!s)
		return CATAN_ENOMEM;
	s->game = catan_game_ref(g);
	s->size = g->state_size;
	c = st_core(s);
	c->num_players = g->num_players;
	c->current = CATAN_NO_PLAYER;
	c->first_player = CATAN_NO_PLAYER;
	c->longest_holder = CATAN_NO_PLAYER;
	c->army_holder = CATAN_NO_PLAYER;
	c->winner = CATAN_NO_PLAYER;
	c->victim = CATAN_NO_PLAYER;
	c->setup_vertex = BOARD_NONE;
	/* A stream distinct from the board's, so the board layout and the
	 * dice of the same seed are independent. */
	catan_rng__seed(&c->rng, g->seed, 0x6361746eu);
	/* The supplies are full before the rules deal from them. */
	catan_state__holdings_init(s);
	catan_state__pieces_init(s);
	catan_state__contests_init(s);

	rc = g->variant->init_state(s);
	if (rc == CATAN_OK)
		rc = catan_modules__init_state(s);
	if (rc != CATAN_OK) {
		catan_state_free(s);
		return rc;
	}
	catan_build__refresh_sets(s);
	catan_trade__refresh_harbors(s);
	/* A new position is checked as an edited one (refresh). */
	s->points_touched = 1;
	s->points_waiting = UINT32_MAX;
	if (g->chance_mode == CATAN_CHANCE_SAMPLED)
		resolve_pending_chance(s);
	catan_state__refresh_acting(s);
	*out = s;
	return CATAN_OK;
}

void
catan_state_free(catan_state *s)
{
	catan_game *g;

	if (!s)
		return;
	g = s->game;
	catan__free(g->ctx, s, handle_size(g));
	catan_game_unref(g);
}

int
catan_state_clone(catan_state **out, const catan_state *s)
{
	catan_state *c;

	if (!out || !s)
		return CATAN_EINVAL;
	c = catan__alloc(s->game->ctx, handle_size(s->game));
	if (!c)
		return CATAN_ENOMEM;
	memcpy(c, s, handle_size(s->game));
	catan_game_ref(s->game);
	*out = c;
	return CATAN_OK;
}

/* Two game objects are the same game when their canonical strings are
 * equal (game.h); their states then share one layout. */
static bool
same_game(const catan_game *a, const catan_game *b)
{
	return a == b || (a->canonical_len == b->canonical_len &&
			  memcmp(a->canonical, b->canonical, a->canonical_len) == 0);
}

int
catan_state_copy(catan_state *dst, const catan_state *src)
{
	if (!dst || !src || !same_game(dst->game, src->game))
		return CATAN_EINVAL;
	if (dst != src) {
		memcpy(dst->data, src->data, src->size);
		dst->points_touched = src->points_touched;
		dst->points_waiting = src->points_waiting;
	}
	return CATAN_OK;
}

catan_game *
catan_state_game(const catan_state *s)
{
	return s ? s->game : NULL;
}

size_t
catan_state_size(const catan_state *s)
{
	return s ? s->size : 0;
}

const char *
catan_state_errmsg(const catan_state *s)
{
	return s ? s->errmsg : "";
}

int
catan_state_last_reason(const catan_state *s)
{
	return s ? s->last_reason : CATAN_REASON_NONE;
}

/* ------------------------------------------------------------ who acts */

static bool
is_terminal(const catan_state *s)
{
	return st_ccore(s)->phase == CATAN_PHASE_GAME_OVER;
}

/* Who acts in the position: the variant's answer folded through the
 * modules'. Stored in the core (core_state.acting) at the end of every
 * public call that changes the position (apply, chance resolution, edits,
 * loads), because playouts ask it at every step. */
static uint32_t
compute_acting(const catan_state *s)
{
	const catan_game *g = s->game;
	uint32_t mask;

	if (is_terminal(s) || st_ccore(s)->chance != CHANCE_NONE)
		return 0;
	mask = catan_modules__acting(s, g->variant->acting_players(s));
	/* Only seated players act. */
	return mask & catan_state__seated(s);
}

_Static_assert(CATAN_MAX_PLAYERS <= 32, "core_state.acting holds one bit per player");
_Static_assert(CATAN_MAX_PLAYERS + 1 <= PIECE_OWNER_MASK, "a piece byte names every owner");

void
catan_state__refresh_acting(catan_state *s)
{
	st_core(s)->acting = compute_acting(s);
}

/* ----------------------------------------------------------- rounds */

/* The referee's actions: the variant's and every module's, in canonical
 * order (the owners list apart, so their lists are merged here: they are
 * short). Nothing at a chance node or at the end. */
static void
referee_list(const catan_state *s, catan_sink *sink)
{
	const catan_game *g = s->game;
	size_t n;

	if (!g->has_referee || is_terminal(s) || st_ccore(s)->chance != CHANCE_NONE)
		return;
	if (g->variant->referee_actions)
		g->variant->referee_actions(s, sink);
	for (size_t i = 0; i < g->nmodules; i++)
		if (g->modules[i].ops->referee_actions)
			g->modules[i].ops->referee_actions(s, sink, st_cmodule(s, &g->modules[i]));
	n = sink->count < sink->cap ? sink->count : sink->cap;
	for (size_t i = 1; sink->actions && i < n; i++) {
		catan_action a = sink->actions[i];
		size_t j = i;

		for (; j > 0 && catan_action_compare(&sink->actions[j - 1], &a) > 0; j--)
			sink->actions[j] = sink->actions[j - 1];
		sink->actions[j] = a;
	}
}

static bool
referee_may_act(const catan_state *s)
{
	catan_sink sink = { NULL, NULL, 0, 0 };

	if (!s->game->has_referee)
		return false;
	referee_list(s, &sink);
	return sink.count > 0;
}

/* Whether @a is among the referee's actions now. */
static int
check_referee(const catan_state *s, const catan_action *a)
{
	catan_action listed[MAX_SCRATCH_OUTCOMES];
	catan_sink sink = { listed, NULL, ARRAY_LEN(listed), 0 };

	referee_list(s, &sink);
	for (size_t i = 0; i < sink.count && i < ARRAY_LEN(listed); i++)
		if (catan_action_compare(&listed[i], a) == 0)
			return CATAN_REASON_NONE;
	return CATAN_REASON_NOT_YOUR_TURN;
}

static inline bool
phase_real_time(const catan_game *g, unsigned phase)
{
	return (g->real_time[(phase >> 5) & 7] >> (phase & 31)) & 1u;
}

int
catan_state_simultaneity(const catan_state *s)
{
	uint32_t mask;
	unsigned actors;

	if (!s)
		return CATAN_EINVAL;
	if (is_terminal(s) || st_ccore(s)->chance != CHANCE_NONE)
		return 0;
	mask = st_ccore(s)->acting;
	actors = (unsigned)__builtin_popcount(mask) + referee_may_act(s);
	if (actors < 2)
		return 0;
	return phase_real_time(s->game, st_ccore(s)->phase) ?
	       CATAN_SIMULTANEOUS_REAL_TIME : CATAN_SIMULTANEOUS_ORDER_FREE;
}

uint32_t
catan_state_acting_players(const catan_state *s)
{
	return s ? st_ccore(s)->acting : 0;
}

int
catan_state_current_player(const catan_state *s)
{
	uint32_t mask;

	if (!s)
		return CATAN_PLAYER_INVALID;
	if (is_terminal(s))
		return CATAN_PLAYER_TERMINAL;
	if (st_ccore(s)->chance != CHANCE_NONE)
		return CATAN_PLAYER_CHANCE;
	mask = catan_state_acting_players(s);
	if (mask == 0)
		return referee_may_act(s) ? CATAN_PLAYER_REFEREE : CATAN_PLAYER_INVALID;
	if ((mask & (mask - 1)) == 0)
		return __builtin_ctz(mask);
	return CATAN_PLAYER_SIMULTANEOUS;
}

int
catan_state_turn_player(const catan_state *s)
{
	if (!s || st_ccore(s)->current < 0)
		return CATAN_PLAYER_INVALID;
	return st_ccore(s)->current;
}

int
catan_state_is_terminal(const catan_state *s)
{
	return s && is_terminal(s);
}

int
catan_state_is_chance_node(const catan_state *s)
{
	return s && !is_terminal(s) && st_ccore(s)->chance != CHANCE_NONE;
}

int
catan_state_phase(const catan_state *s)
{
	return s ? st_ccore(s)->phase : CATAN_EINVAL;
}

const char *
catan_state_phase_name(const catan_state *s, int phase)
{
	static const char *const names[] = {
		"start", "setup", "roll", "discard", "robber", "steal", "main",
		"trade_response", "trade_confirm", "road_building", "game_over",
	};
	const char *name = NULL;

	if (phase >= 0 && (size_t)phase < ARRAY_LEN(names))
		return names[phase];
	if (!s)
		return "unknown";
	if (s->game->variant->phase_name)
		name = s->game->variant->phase_name(phase);
	if (!name)
		name = catan_modules__phase_name(s->game, phase);
	return name ? name : "unknown";
}

uint32_t
catan_state_move_number(const catan_state *s)
{
	return s ? st_ccore(s)->move_number : 0;
}

uint32_t
catan_state_turn_number(const catan_state *s)
{
	return s ? st_ccore(s)->turn : 0;
}

/* --------------------------------------------------------------- equal */

/* catan_state_hash() is in hash.c. */

int
catan_state_equal(const catan_state *a, const catan_state *b)
{
	if (!a || !b || !same_game(a->game, b->game))
		return 0;
	return memcmp(a->data, b->data, a->size) == 0;
}

/* ---------------------------------------------------------------- sinks */

void
catan_sink_action(catan_sink *sink, const catan_action *a)
{
	if (!sink || !a)
		return;
	sink__push(sink, a);
}

void
catan_sink_outcome(catan_sink *sink, const catan_action *a, uint32_t num, uint32_t den)
{
	if (!sink || !a)
		return;
	if (sink->outcomes && sink->count < sink->cap) {
		sink->outcomes[sink->count].action = *a;
		sink->outcomes[sink->count].num = num;
		sink->outcomes[sink->count].den = den;
	}
	sink->count++;
}

/* ------------------------------------------------------- legal actions */

/* The card vectors in memcmp() order: the first byte most significant. */
static inline uint64_t
cards_key(const uint8_t c[CATAN_MAX_CARD_KINDS])
{
	uint64_t w = catan_bytes__load(c, CATAN_MAX_CARD_KINDS);

#if CATAN_MAX_CARD_KINDS == 8
	return __builtin_bswap64(w);
#else
	uint64_t k = 0;

	for (unsigned i = 0; i < CATAN_MAX_CARD_KINDS; i++)
		k = (k << 8) | c[i];
	(void)w;
	return k;
#endif
}

/* catan_action_compare() (action.c), inlined for the sort: the same order. */
static inline int
compare_actions(const catan_action *a, const catan_action *b)
{
	uint64_t x, y;

	if (a->type != b->type)
		return a->type < b->type ? -1 : 1;
	if (a->player != b->player)
		return a->player < b->player ? -1 : 1;
	if (a->target != b->target)
		return a->target < b->target ? -1 : 1;
	if (a->arg != b->arg)
		return a->arg < b->arg ? -1 : 1;
	x = cards_key(a->give);
	y = cards_key(b->give);
	if (x != y)
		return x < y ? -1 : 1;
	x = cards_key(a->get);
	y = cards_key(b->get);
	if (x != y)
		return x < y ? -1 : 1;
	if (a->flags != b->flags)
		return a->flags < b->flags ? -1 : 1;
	return 0;
}

static void
sort_actions(catan_action *a, size_t n)
{
	/* Variants generate in canonical order where it is natural, so this is
	 * usually one pass of comparisons. */
	for (size_t i = 1; i < n; i++) {
		catan_action key;
		size_t j = i;

		if (compare_actions(&a[i - 1], &a[i]) <= 0)
			continue;
		key = a[i];
		while (j > 0 && compare_actions(&a[j - 1], &key) > 0) {
			a[j] = a[j - 1];
			j--;
		}
		a[j] = key;
	}
}

static bool
may_act(const catan_state *s, int player)
{
	return player >= 0 && player < st_ccore(s)->num_players &&
	       (catan_state_acting_players(s) & (1u << player));
}

/* The variant's list, then each module's edits; false on overflow. */
static inline bool
run_listing(const catan_state *s, int player, catan_action_list *list)
{
	const catan_game *g = s->game;
	catan_sink sink = { list->items, NULL, list->cap, 0 };

	g->variant->legal_actions(s, player, &sink);
	if (sink.count > list->cap) {
		catan__log(g->ctx, CATAN_LOG_ERROR, "legal actions overflow (%zu)", sink.count);
		return false;
	}
	list->count = sink.count;
	/* Removing keeps the order (sys/module.h): only appended actions
	 * need sorting in. */
	if (catan_modules__listing(s, player, list))
		sort_actions(list->items, list->count);
	return true;
}

/* A buffer too small for every list (or none, to count): the pipeline
 * runs in scratch space, kept out of the usual path's stack frame. */
static __attribute__((noinline)) int
legal_through_scratch(const catan_state *s, int player, catan_action *buf,
		      size_t cap, size_t *n_out)
{
	catan_action scratch[MAX_SCRATCH_ACTIONS];
	catan_action_list list = { scratch, 0, ARRAY_LEN(scratch) };

	if (!run_listing(s, player, &list))
		return CATAN_ERROR;
	*n_out = list.count;
	if (list.count > cap)
		return CATAN_EBUFS;
	if (buf)
		memcpy(buf, list.items, list.count * sizeof(*buf));
	return CATAN_OK;
}

static __attribute__((noinline)) int
legal_with_modules(const catan_state *s, int player, catan_action *buf,
		   size_t cap, size_t *n_out)
{
	catan_action_list list = { buf, 0, cap };

	/* A buffer with room for any list (the usual case) is worked in
	 * place. */
	if (!buf || cap < s->game->max_actions)
		return legal_through_scratch(s, player, buf, cap, n_out);
	if (!run_listing(s, player, &list))
		return CATAN_ERROR;
	*n_out = list.count;
	return CATAN_OK;
}

/* The legal actions of a player who may act, as catan_state_legal_actions()
 * returns them (the playout lists through it too). */
static inline __attribute__((always_inline)) int
list_legal(const catan_state *s, int player, catan_action *buf, size_t cap,
	   size_t *n_out)
{
	catan_sink sink = { buf, NULL, cap, 0 };

	if (s->game->module_listing) {
		int rc;

		((catan_state *)s)->listing = 1;
		rc = legal_with_modules(s, player, buf, cap, n_out);
		((catan_state *)s)->listing = 0;
		return rc;
	}
	/* Variants emit in canonical order (sys/variant.h), so the hot path
	 * does not sort; the conformance suites check the order. */
	s->game->variant->legal_actions(s, player, &sink);
	*n_out = sink.count;
	return sink.count > cap ? CATAN_EBUFS : CATAN_OK;
}

int
catan_state_legal_actions(const catan_state *s, int player, catan_action *buf,
			  size_t cap, size_t *n_out)
{
	if (!s || !n_out || (!buf && cap))
		return CATAN_EINVAL;
	if (player == CATAN_PLAYER_REFEREE) {
		catan_sink sink = { buf, NULL, cap, 0 };

		referee_list(s, &sink);
		*n_out = sink.count;
		return sink.count > cap ? CATAN_EBUFS : CATAN_OK;
	}
	if (player < 0 || player >= st_ccore(s)->num_players) {
		catan_state__seterr(s, "no player %d in a %d-player game", player,
				    st_ccore(s)->num_players);
		return CATAN_EINVAL;
	}
	*n_out = 0;
	if (!may_act(s, player))
		return CATAN_OK;
	return list_legal(s, player, buf, cap, n_out);
}

/* -------------------------------------------------------------- chance */

int
catan_state_chance_outcomes(const catan_state *s, catan_chance_outcome *buf,
			    size_t cap, size_t *n_out)
{
	catan_sink sink;

	if (!s || !n_out || (!buf && cap))
		return CATAN_EINVAL;
	*n_out = 0;
	if (!catan_state_is_chance_node(s))
		return CATAN_OK;
	sink.actions = NULL;
	sink.outcomes = buf;
	sink.cap = cap;
	sink.count = 0;
	catan_state__chance_outcomes(s, &sink);
	*n_out = sink.count;
	return sink.count > cap ? CATAN_EBUFS : CATAN_OK;
}

/* What follows the owner's apply of @a: the modules' after_apply hooks,
 * the variant's finish_action, the move count. */
static inline __attribute__((always_inline)) void
finish_apply(catan_state *s, const catan_action *a)
{
	const catan_game *g = s->game;

	catan_modules__after_apply(s, a);
	if (g->variant->finish_action)
		g->variant->finish_action(s);
	catan_state__close_action(s);
}

static inline __attribute__((always_inline)) void
apply_one(catan_state *s, const catan_action *a)
{
	const catan_game *g = s->game;
	const struct game_module *owner = catan_game__action_owner(g, a->type);

	s->built = 0;
	if (owner)
		owner->ops->apply(s, a, st_module(s, owner));
	else
		g->variant->apply(s, a);
	finish_apply(s, a);
}

static inline __attribute__((always_inline)) bool
sample_chance(catan_state *s, catan_action *a)
{
	const catan_game *g = s->game;

	if (g->module_chance) {
		int r;

		if (!g->modules_sample)
			return false;
		r = catan_modules__sample_claim(s, a);
		if (r != MODULE_SAMPLE_NONE)
			return r == MODULE_SAMPLE_DRAWN;
	}
	return g->sample_chance && g->sample_chance(s, a);
}

bool
catan_state__sample_chance(catan_state *s, catan_action *a)
{
	return sample_chance(s, a);
}

/* Draw the pending chance event's outcome by walking its list: r uniformly
 * below the common denominator against the cumulative numerators. Kept
 * apart so the outcome list stays off the usual path's stack frame. */
static __attribute__((noinline)) bool
resolve_by_walk(catan_state *s)
{
	catan_chance_outcome outcomes[MAX_SCRATCH_OUTCOMES];
	catan_sink sink = { NULL, outcomes, ARRAY_LEN(outcomes), 0 };
	uint32_t r, acc = 0;
	size_t i;

	catan_state__chance_outcomes(s, &sink);
	if (sink.count == 0 || sink.count > ARRAY_LEN(outcomes)) {
		catan__log(s->game->ctx, CATAN_LOG_ERROR,
			   "chance node with %zu outcomes", sink.count);
		return false;
	}
	r = catan_rng__below(&st_core(s)->rng, outcomes[0].den);
	for (i = 0; i + 1 < sink.count; i++) {
		acc += outcomes[i].num;
		if (r < acc)
			break;
	}
	apply_one(s, &outcomes[i].action);
	return true;
}

/* Resolve chance events with the state's RNG (G1: the same seed and
 * actions give the same game everywhere). Inline: a third of the steps
 * (every roll) resolve one. */
static inline __attribute__((always_inline)) void
resolve_pending_chance(catan_state *s)
{
	bool (*fused)(catan_state *, catan_action *) = s->game->resolve_sampled;

	while (st_ccore(s)->chance != CHANCE_NONE && !is_terminal(s)) {
		catan_action a;

		if (fused) {
			s->built = 0;
			if (fused(s, &a)) {
				finish_apply(s, &a);
				continue;
			}
		}
		/* Same draw, same outcome, no list. */
		if (sample_chance(s, &a))
			apply_one(s, &a);
		else if (!resolve_by_walk(s))
			return;
	}
}

/* Apply an action and resolve the chance events it causes with the
 * state's RNG, then who acts next (once: the events ask nobody). */
static inline __attribute__((always_inline)) void
apply_resolving(catan_state *s, const catan_action *a)
{
	if (s->game->apply_sampled) {
		s->game->apply_sampled(s, a);
		return;
	}
	apply_one(s, a);
	if (st_ccore(s)->chance != CHANCE_NONE)
		resolve_pending_chance(s);
	catan_state__refresh_acting(s);
}

int
catan_state_resolve_chance(catan_state *s)
{
	if (!s)
		return CATAN_EINVAL;
	resolve_pending_chance(s);
	catan_state__refresh_acting(s);
	return CATAN_OK;
}

/* ------------------------------------------------------- check / apply */

static int
check_chance_outcome(const catan_state *s, const catan_action *a)
{
	catan_chance_outcome outcomes[MAX_SCRATCH_OUTCOMES];
	catan_sink sink = { NULL, outcomes, ARRAY_LEN(outcomes), 0 };

	if (a->player != CATAN_PLAYER_CHANCE)
		return CATAN_REASON_NOT_YOUR_TURN;
	catan_state__chance_outcomes(s, &sink);
	for (size_t i = 0; i < sink.count && i < ARRAY_LEN(outcomes); i++)
		if (catan_action_compare(&outcomes[i].action, a) == 0)
			return CATAN_REASON_NONE;
	return CATAN_REASON_BAD_OUTCOME;
}

static int
check_reason(const catan_state *s, const catan_action *a)
{
	const catan_game *g = s->game;
	int reason;

	if (is_terminal(s))
		return CATAN_REASON_GAME_OVER;
	if (a->flags != 0)
		return CATAN_REASON_BAD_ARGUMENT;
	if (st_ccore(s)->chance != CHANCE_NONE)
		return check_chance_outcome(s, a);
	if (a->player == CATAN_PLAYER_CHANCE)
		return CATAN_REASON_BAD_OUTCOME;
	if (a->player == CATAN_PLAYER_REFEREE)
		return check_referee(s, a);
	if (!may_act(s, a->player)) {
		/* A player who has answered no longer acts; saying so is more
		 * useful than "not your turn". */
		const struct game_module *owner = catan_game__action_owner(g, a->type);

		if (a->player >= 0 && a->player < st_ccore(s)->num_players &&
		    (owner ? owner->ops->check_action &&
			     owner->ops->check_action(s, a, st_cmodule(s, owner)) ==
			     CATAN_REASON_ALREADY_RESPONDED :
			     g->variant->check_action(s, a) == CATAN_REASON_ALREADY_RESPONDED))
			return CATAN_REASON_ALREADY_RESPONDED;
		return CATAN_REASON_NOT_YOUR_TURN;
	}
	if (g->nmodules == 0)
		return g->variant->check_action(s, a);
	/* A module's own action types never reach the variant; the module's
	 * check_action below decides them. */
	reason = catan_game__action_owner(g, a->type) ? CATAN_REASON_NONE :
		 g->variant->check_action(s, a);
	if (reason != CATAN_REASON_NONE && !catan_modules__permits(s, a, reason)) {
		clear_error(s);
		return reason;
	}
	/* A detail is kept only from the hook that refuses. */
	reason = catan_modules__veto(s, a, clear_error);
	if (reason == CATAN_REASON_NONE)
		clear_error(s);
	return reason;
}

/*
 * The message names the action and the reason; a module hook that refused
 * may have recorded why (catan_state__seterr), which then replaces the reason's
 * generic text.
 */
static void
describe_refusal(const catan_state *s, const catan_action *a, int reason)
{
	char text[96], detail[CATAN_ERRMSG_SIZE];

	memcpy(detail, s->errmsg, sizeof(detail));
	if (catan_action_format(s->game, a, text, sizeof(text), NULL) != CATAN_OK)
		snprintf(text, sizeof(text), "action type %u by player %d",
			 (unsigned)a->type, a->player);
	catan_state__seterr(s, "illegal action '%s': %s (%s)", text,
			    catan_reason_name(reason),
			    detail[0] ? detail : catan__reason_text(reason));
	((catan_state *)s)->last_reason = reason;
}

int
catan_state_check_action(const catan_state *s, const catan_action *a, int *reason_out)
{
	int reason;

	if (!s || !a)
		return CATAN_EINVAL;
	clear_error(s);
	reason = check_reason(s, a);
	if (reason_out)
		*reason_out = reason;
	if (reason == CATAN_REASON_NONE)
		return CATAN_OK;
	describe_refusal(s, a, reason);
	return CATAN_EILLEGAL;
}

int
catan_state_apply(catan_state *s, const catan_action *a)
{
	int rc = catan_state_check_action(s, a, NULL);

	if (rc != CATAN_OK)
		return rc;
	return catan_state_apply_unchecked(s, a);
}

int
catan_state_apply_unchecked(catan_state *s, const catan_action *a)
{
	if (!s || !a)
		return CATAN_EINVAL;
	/* No legality check here, but never an index out of range: the
	 * variant's apply guards its own fields, this guards the actor. */
	if (a->player != CATAN_PLAYER_CHANCE && a->player != CATAN_PLAYER_REFEREE &&
	    (a->player < 0 || a->player >= st_ccore(s)->num_players))
		return CATAN_EINVAL;
	/* The owners' applies see only the referee actions they listed. */
	if (a->player == CATAN_PLAYER_REFEREE && check_referee(s, a) != CATAN_REASON_NONE)
		return CATAN_EINVAL;
	if (is_terminal(s))
		return CATAN_OK;
	/* Set only in SAMPLED games (game.c). */
	if (s->game->apply_sampled) {
		s->game->apply_sampled(s, a);
		return CATAN_OK;
	}
	apply_one(s, a);
	if (s->game->chance_mode == CATAN_CHANCE_SAMPLED &&
	    st_ccore(s)->chance != CHANCE_NONE)
		resolve_pending_chance(s);
	/* Once per call: the chance events resolved above ask nobody. */
	catan_state__refresh_acting(s);
	return CATAN_OK;
}

/* ------------------------------------------------------------- playout */

/* The policy's generator: SplitMix64 (state.h documents it, so that a
 * host loop can replay a playout). */
static inline uint64_t
playout_next(uint64_t *x)
{
	uint64_t z = (*x += UINT64_C(0x9e3779b97f4a7c15));

	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

/*
 * The playout of a game with rounds: where the order of arrival decides,
 * the actor is drawn from the acting players and the referee (the low
 * half of the step's draw), as state.h documents; elsewhere it is the
 * lowest acting player, as in every other game.
 */
static int
playout_rounds(catan_state *s, uint64_t *rng, catan_action *buf, size_t cap,
	       uint64_t max_steps, uint64_t *steps_out)
{
	uint64_t steps = 0, x = *rng;
	int rc = CATAN_OK;

	while (steps < max_steps && !is_terminal(s)) {
		uint32_t acting = st_ccore(s)->acting;
		bool referee = referee_may_act(s);
		unsigned k = (unsigned)__builtin_popcount(acting) + referee;
		int actor = acting ? __builtin_ctz(acting) : CATAN_PLAYER_REFEREE;
		uint64_t z;
		size_t n = 0;

		if (k == 0)
			break;
		z = playout_next(&x);
		if (k > 1 && phase_real_time(s->game, st_ccore(s)->phase)) {
			unsigned i = (unsigned)(((z & 0xFFFFFFFFu) * k) >> 32);

			actor = CATAN_PLAYER_REFEREE;
			for (uint32_t m = acting; m; m &= m - 1, i--)
				if (i == 0) {
					actor = __builtin_ctz(m);
					break;
				}
		}
		if (catan_state_legal_actions(s, actor, buf, cap, &n) != CATAN_OK)
			n = 0;
		if (n == 0) {
			catan_state__seterr(s, "player %d acts but has no legal action", actor);
			rc = CATAN_ERROR;
			break;
		}
		apply_resolving(s, &buf[playout_index((uint32_t)(z >> 32), n)]);
		steps++;
	}
	*rng = x;
	if (steps_out)
		*steps_out = steps;
	return rc;
}

int
catan_state_playout(catan_state *s, uint64_t *rng, catan_action *buf, size_t cap,
		    uint64_t max_steps, uint64_t *steps_out)
{
	uint64_t steps = 0, x;
	int rc = CATAN_OK;
	bool (*play)(catan_state *, int, uint32_t);
	size_t (*pick)(const catan_state *, int, uint32_t, catan_action *);

	if (steps_out)
		*steps_out = 0;
	if (!s || !rng || !buf)
		return CATAN_EINVAL;
	if (cap < s->game->max_actions) {
		catan_state__seterr(s, "a playout needs room for %zu actions, not %zu",
				    (size_t)s->game->max_actions, cap);
		return CATAN_EINVAL;
	}
	/* A chance node of an EXPLICIT game is resolved like the rest. */
	if (max_steps > 0 && st_ccore(s)->chance != CHANCE_NONE) {
		resolve_pending_chance(s);
		catan_state__refresh_acting(s);
	}
	/* The generator and the game's picks in locals: the state's stores
	 * could alias them. The variant's pick, where it has one, is the
	 * same choice without the list written. */
	x = *rng;
	play = s->game->play_sampled;
	pick = play ? NULL : s->game->pick_legal;
	if (s->game->has_real_time || s->game->has_referee)
		return playout_rounds(s, rng, buf, cap, max_steps, steps_out);
	while (steps < max_steps) {
		uint32_t acting = st_ccore(s)->acting;
		size_t n;
		uint32_t r;

		if (acting == 0)
			break;
		r = (uint32_t)(playout_next(&x) >> 32);
		if (play) {
			if (play(s, __builtin_ctz(acting), r)) {
				steps++;
				continue;
			}
		} else if (pick) {
			catan_action a;

			if (pick(s, __builtin_ctz(acting), r, &a)) {
				apply_resolving(s, &a);
				steps++;
				continue;
			}
		}
		/* The buffer holds any list (checked above): only a broken
		 * variant lists nothing for an acting player. */
		if (list_legal(s, __builtin_ctz(acting), buf, cap, &n) != CATAN_OK)
			n = 0;
		if (n == 0) {
			catan_state__seterr(s, "player %d acts but has no legal action",
					    __builtin_ctz(acting));
			rc = CATAN_ERROR;
			break;
		}
		apply_resolving(s, &buf[playout_index(r, n)]);
		steps++;
	}
	*rng = x;
	if (steps_out)
		*steps_out = steps;
	return rc;
}

/* ------------------------------------------------------------- refresh */

void
catan_state__refresh(catan_state *s)
{
	/* The core's derived data first: module hooks may read it. */
	catan_build__refresh_sets(s);
	catan_trade__refresh_harbors(s);
	/* An edited or loaded position is checked at its next action, and
	 * each player at the start of their next turn. */
	s->points_touched = 1;
	s->points_waiting = UINT32_MAX;
	catan_modules__refresh(s);
	catan_state__refresh_acting(s);
}

/* ------------------------------------------------------------- scoring */

int
catan_state_victory_points(const catan_state *s, int player, int include_hidden)
{
	if (!s || player < 0 || player >= catan_game__owners(s->game))
		return CATAN_EINVAL;
	return catan_state__victory_points(s, player, include_hidden != 0);
}

int
catan_state_points(const catan_state *s, int player, int include_hidden, int32_t *out)
{
	if (!s || !out || player < 0 || player >= catan_game__owners(s->game))
		return CATAN_EINVAL;
	*out = catan_state__victory_points(s, player, include_hidden != 0);
	return CATAN_OK;
}

int
catan_state_vp_to_win(const catan_state *s, int player, int32_t *out)
{
	if (!s || !out || player < 0 || player >= st_ccore(s)->num_players)
		return CATAN_EINVAL;
	*out = catan_state__vp_target(s, player);
	return CATAN_OK;
}

int
catan_state_winner(const catan_state *s)
{
	return s ? st_ccore(s)->winner : -1;
}

int
catan_state_returns(const catan_state *s, double *out, size_t n)
{
	int np;

	if (!s || !out || n < (size_t)st_ccore(s)->num_players)
		return CATAN_EINVAL;
	np = st_ccore(s)->num_players;
	for (int p = 0; p < np; p++)
		out[p] = (is_terminal(s) && st_ccore(s)->winner == p) ? 1.0 : 0.0;
	return CATAN_OK;
}

/* ------------------------------------------------------------- queries */

int
catan_state_player(const catan_state *s, int player, catan_player_info *out)
{
	const struct player_state *ps;

	/* Neutral players too (game.h). */
	if (!s || player < 0 || player >= catan_game__owners(s->game) || !out)
		return CATAN_EINVAL;
	ps = st_cplayer(s, player);
	memset(out, 0, sizeof(*out));
	memcpy(out->cards, ps->hand, sizeof(out->cards));
	memcpy(out->dev_cards, ps->dev, sizeof(out->dev_cards));
	out->card_total = cards_total(ps->hand);
	for (int k = 0; k < CATAN_MAX_DEV_KINDS; k++)
		out->dev_total += ps->dev[k];
	out->knights_played = ps->knights;
	out->roads_left = ps->roads_left;
	out->settlements_left = ps->settlements_left;
	out->cities_left = ps->cities_left;
	out->longest_road = ps->road_length;
	out->public_vp = catan_state__victory_points(s, player, false);
	out->total_vp = catan_state__victory_points(s, player, true);
	out->discard_owed = ps->discard_owed;
	out->has_longest_road = catan_awards__holds(s, CATAN_AWARD_LONGEST_ROAD, player);
	out->has_largest_army = catan_awards__holds(s, CATAN_AWARD_LARGEST_ARMY, player);
	return CATAN_OK;
}

int
catan_state_bank(const catan_state *s, uint8_t out[CATAN_MAX_CARD_KINDS])
{
	if (!s || !out)
		return CATAN_EINVAL;
	memcpy(out, st_ccore(s)->bank, CATAN_MAX_CARD_KINDS);
	return CATAN_OK;
}

int
catan_state_dev_deck(const catan_state *s, uint8_t out[CATAN_MAX_DEV_KINDS])
{
	if (!s || !out)
		return CATAN_EINVAL;
	memcpy(out, st_ccore(s)->dev_deck, CATAN_MAX_DEV_KINDS);
	return CATAN_OK;
}

int
catan_state_dev_discard(const catan_state *s, uint8_t out[CATAN_MAX_DEV_KINDS])
{
	if (!s || !out)
		return CATAN_EINVAL;
	catan_dev__discard(s, out);
	return CATAN_OK;
}

int
catan_state_robber(const catan_state *s)
{
	return s ? st_ccore(s)->robber_hex : CATAN_EINVAL;
}

int
catan_state_hex_blocked(const catan_state *s, unsigned hex)
{
	if (!s || hex >= s->game->board.nhex)
		return CATAN_EINVAL;
	return catan_state__hex_blocked(s, hex) ? 1 : 0;
}

int
catan_state_dice(const catan_state *s)
{
	return s ? st_ccore(s)->dice : CATAN_EINVAL;
}

int
catan_state_vertex_piece(const catan_state *s, unsigned vertex, int *owner_out)
{
	uint8_t b;

	if (!s || vertex >= s->game->board.nvert)
		return CATAN_EINVAL;
	b = st_cvert(s)[vertex];
	if (owner_out)
		*owner_out = b ? PIECE_OWNER(b) : -1;
	return b ? PIECE_KIND(b) : CATAN_PIECE_NONE;
}

int
catan_state_edge_piece(const catan_state *s, unsigned edge, int *owner_out)
{
	uint8_t b;

	if (!s || edge >= s->game->board.nedge)
		return CATAN_EINVAL;
	/* A road-like piece is not a road: catan_state_pieces_at() finds it. */
	b = st_cedge(s)[edge];
	if (owner_out)
		*owner_out = edge_road_owner(b);
	return edge_road_owner(b) >= 0 ? CATAN_PIECE_ROAD : CATAN_PIECE_NONE;
}

int
catan_state_longest_road_holder(const catan_state *s)
{
	return s ? st_ccore(s)->longest_holder : -1;
}

int
catan_state_largest_army_holder(const catan_state *s)
{
	return s ? st_ccore(s)->army_holder : -1;
}

int
catan_state_counter(const catan_state *s, int player, const char *name, int32_t *out)
{
	if (!s || !name || !out || player < -1 || player >= st_ccore(s)->num_players)
		return CATAN_EINVAL;
	if (catan_modules__counter(s, player, name, out) == CATAN_OK)
		return CATAN_OK;
	/* The game's holdings are counters too (the supply as the game's). */
	if (catan_state_holding(s, player, name, out) == CATAN_OK)
		return CATAN_OK;
	catan_state__seterr(s, "no counter '%.40s' in this game", name);
	return CATAN_ENOTFOUND;
}

