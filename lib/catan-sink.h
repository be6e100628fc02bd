/*
 * libcatanrules: sinks: how listings and chance outcomes reach the caller's buffer.
 * Internal, as catan-private.h (which includes every part in order).
 * SPDX-License-Identifier: MIT
 */
#include "catan-private.h"

#ifndef CATAN_SINK_H
#define CATAN_SINK_H

/* ---------------------------------------------------------------- sinks */

struct catan_sink {
	catan_action *actions;            /* or NULL */
	catan_chance_outcome *outcomes;   /* or NULL */
	size_t cap;
	size_t count;
};

/* The inlined body of catan_sink_action() for built-in variants. */
static inline void
sink__push(catan_sink *sink, const catan_action *a)
{
	if (sink->actions && sink->count < sink->cap)
		sink->actions[sink->count] = *a;
	sink->count++;
}

/*
 * A run of pushes with the sink's fields in locals: a loop of pushes
 * through the sink itself reloads them after every action written, as the
 * stores could alias them. sink__begin(), sink__put() per action,
 * sink__end().
 */
struct sink_run {
	catan_action *items;
	size_t count;
	size_t cap;              /* 0 when the sink only counts */
};

static inline struct sink_run
sink__begin(const catan_sink *sink)
{
	struct sink_run r = { sink->actions, sink->count, sink->actions ? sink->cap : 0 };

	return r;
}

static inline void
sink__end(catan_sink *sink, const struct sink_run *r)
{
	sink->count = r->count;
}

/*
 * Write an action field by field straight into the caller's buffer: no
 * action is assembled on the stack and copied, which would read back
 * narrow stores with wide loads (a store-forwarding stall per action).
 * At most one kind given and one received (n = 0: none).
 */
static inline void
sink__write(catan_action *d, int type, int player, unsigned target, unsigned arg,
	    int give_kind, unsigned give_n, int get_kind, unsigned get_n)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	/* three word stores (layout checked below) */
	uint64_t head = (uint64_t)(uint16_t)type |
			(uint64_t)(uint8_t)player << 16 |
			(uint64_t)(uint16_t)target << 32 |
			(uint64_t)(uint16_t)arg << 48;
	uint64_t give = (uint64_t)(uint8_t)give_n << (8 * (give_kind & 7));
	uint64_t get = (uint64_t)(uint8_t)get_n << (8 * (get_kind & 7));

	memcpy(d, &head, 8);
	memcpy(d->give, &give, 8);
	memcpy(d->get, &get, 8);
#else
	d->type = (uint16_t)type;
	d->player = (int8_t)player;
	d->flags = 0;
	d->target = (uint16_t)target;
	d->arg = (uint16_t)arg;
	memset(d->give, 0, sizeof(d->give));
	memset(d->get, 0, sizeof(d->get));
	if (give_n)
		d->give[give_kind] = (uint8_t)give_n;
	if (get_n)
		d->get[get_kind] = (uint8_t)get_n;
#endif
}

/* sink__write() at the end of the run while there is room; counted in
 * any case (a short buffer learns the size it needs). */
static inline void
sink__put(struct sink_run *r, int type, int player, unsigned target, unsigned arg,
	  int give_kind, unsigned give_n, int get_kind, unsigned get_n)
{
	if (r->count < r->cap)
		sink__write(&r->items[r->count], type, player, target, arg,
			    give_kind, give_n, get_kind, get_n);
	r->count++;
}

/*
 * Whether @n more actions fit past the run's count. A listing that checks
 * the room for all it may write once writes with sink__write_if(), with no
 * bound test per action; a buffer of catan_game_max_legal_actions() always
 * has the room.
 */
static inline bool
sink__room(const struct sink_run *r, size_t n)
{
	return r->count <= r->cap && r->cap - r->count >= n;
}

/* sink__put_if() after sink__room(): no bound test. */
static inline void
sink__write_if(struct sink_run *r, bool keep, int type, int player, unsigned target,
	       unsigned arg, int give_kind, unsigned give_n, int get_kind, unsigned get_n)
{
	sink__write(&r->items[r->count], type, player, target, arg,
		    give_kind, give_n, get_kind, get_n);
	r->count += keep;
}

/*
 * sink__put() of an action kept only when @keep: it is written in any case
 * and the count advances by @keep, so a listing that skips a few of many
 * candidates (the robber's own hex, kinds not held) pays no branch on the
 * test. The slot past the count is free space of the caller's buffer.
 */
static inline void
sink__put_if(struct sink_run *r, bool keep, int type, int player, unsigned target,
	     unsigned arg, int give_kind, unsigned give_n, int get_kind, unsigned get_n)
{
	size_t count = r->count;

	sink__put(r, type, player, target, arg, give_kind, give_n, get_kind, get_n);
	r->count = count + keep;
}

static inline void
sink__push_cards(catan_sink *sink, int type, int player, unsigned target, unsigned arg,
		 int give_kind, unsigned give_n, int get_kind, unsigned get_n)
{
	struct sink_run r = sink__begin(sink);

	sink__put(&r, type, player, target, arg, give_kind, give_n, get_kind, get_n);
	sink__end(sink, &r);
}
_Static_assert(sizeof(catan_action) == 24 && offsetof(catan_action, player) == 2 &&
	       offsetof(catan_action, flags) == 3 && offsetof(catan_action, target) == 4 &&
	       offsetof(catan_action, arg) == 6 && offsetof(catan_action, give) == 8 &&
	       offsetof(catan_action, get) == 16, "catan_action layout");

static inline void
sink__push_simple(catan_sink *sink, int type, int player, unsigned target, unsigned arg)
{
	sink__push_cards(sink, type, player, target, arg, 0, 0, 0, 0);
}

/* An action of @type by @player at each of the @n places @ids (edges or
 * intersections). */
static inline void
sink__push_ids(catan_sink *sink, int type, int player, const uint16_t *ids, size_t n)
{
	struct sink_run r = sink__begin(sink);

	for (size_t i = 0; i < n; i++)
		sink__put(&r, type, player, ids[i], 0, 0, 0, 0, 0);
	sink__end(sink, &r);
}

/* sink__push_ids() from a set of ids (bit i of word w: id 64 w + i). */
static inline void
sink__push_id_set(catan_sink *sink, int type, int player, const uint64_t *set, size_t words)
{
	struct sink_run r = sink__begin(sink);

	for (size_t w = 0; w < words; w++)
		for (uint64_t bits = set[w]; bits; bits &= bits - 1)
			sink__put(&r, type, player,
				  (unsigned)(64 * w) + (unsigned)__builtin_ctzll(bits),
				  0, 0, 0, 0, 0);
	sink__end(sink, &r);
}

static inline void
sink__outcome(catan_sink *sink, const catan_action *a, uint32_t num, uint32_t den)
{
	if (sink->outcomes && sink->count < sink->cap) {
		sink->outcomes[sink->count].action = *a;
		sink->outcomes[sink->count].num = num;
		sink->outcomes[sink->count].den = den;
	}
	sink->count++;
}

/* Text helpers (action.c) */
/* True when the fields an action type does not use are zero (one spelling per action). */
bool catan_action__fields_clean(const catan_action *a);
/* A human sentence for a catan_reason. */
const char *catan__reason_text(int reason);
/* Parse "kind=n,kind=n" into counts with the game's card names; returns a
 * catan_error. */
int catan_text__parse_cards(const catan_game *g, const char *text,
			    uint8_t out[CATAN_MAX_CARD_KINDS]);
/* Parse one of the game's card kind names or a base alias (kinds.c); -1 if
 * unknown. */
int catan_text__parse_resource(const catan_game *g, const char *text);
/* Parse one of the game's development card names; -1 if unknown. */
int catan_text__parse_dev(const catan_game *g, const char *text);
/* The base kinds and names, before any build_game (kinds.c). */
void catan_game__default_kinds(catan_game *g);
/* The base costs and maritime rate, before any build_game (costs.c). */
void catan_game__default_costs(catan_game *g);
/* The base awards' policy, before any build_game (award-policy.c). */
void catan_game__default_awards(catan_game *g);

#endif
