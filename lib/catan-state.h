/*
 * libcatanrules: a state's flat block: the core, the players, the piece bytes, owner sets and lists, slices (state.c).
 * Internal, as catan-private.h (which includes every part in order).
 * SPDX-License-Identifier: MIT
 */
#include "catan-private.h"

#ifndef CATAN_STATE_H
#define CATAN_STATE_H

/* ----------------------------------------------------------------- state */

/* Intersection/edge byte: low 6 bits owner+1 (0 = empty; owners up to
 * CATAN_MAX_PLAYERS), high 2 bits the piece kind of that place's class. */
#define PIECE_OWNER_MASK 63u
#define PIECE_BYTE(owner, kind) ((uint8_t)(((owner) + 1) | ((kind) << 6)))
#define PIECE_OWNER(b) ((int)((b) & PIECE_OWNER_MASK) - 1)
#define PIECE_KIND(b) ((int)((b) >> 6))
/* Edge kinds: a road, or a declared road-like piece (CATAN_PIECE_ROAD_LIKE,
 * its slot in pieces.c's tables says which kind). Both belong to their
 * owner's road network (connection, Longest Road, the piece sets and
 * lists); only kind EDGE_KIND_ROAD is a road (stock, "road" lines, the
 * JSON roads, catan_state_edge_piece(), Event Cards' damage). */
#define EDGE_KIND_ROAD 1
#define EDGE_KIND_NETWORK 2

/* Is the edge byte part of @player's road network? */
static inline bool
edge_in_network_of(uint8_t b, int player)
{
	return b != 0 && PIECE_OWNER(b) == player &&
	       (PIECE_KIND(b) == EDGE_KIND_ROAD || PIECE_KIND(b) == EDGE_KIND_NETWORK);
}

/* The owner of the road on an edge byte, or -1 (empty, or a road-like
 * piece). */
static inline int
edge_road_owner(uint8_t b)
{
	return b != 0 && PIECE_KIND(b) == EDGE_KIND_ROAD ? PIECE_OWNER(b) : -1;
}

/* Flags in core_state.flags */
#define TURN_ROLLED      0x01u  /* dice rolled this turn */
#define TURN_DEV_PLAYED  0x02u  /* an action card was played this turn */
#define TURN_BUILT       0x04u  /* built or bought this turn (strict phases end trading) */
#define GAME_VP_REVEALED 0x08u  /* winner's VP cards revealed */

/* Pending chance events */
enum pending_chance {
	CHANCE_NONE = 0,
	CHANCE_FIRST_PLAYER,
	CHANCE_DICE,
	CHANCE_DRAW_DEV,
	CHANCE_STEAL,
	CHANCE_VARIANT_BASE = 16
};

/* Trade responses */
enum trade_response {
	RESPONSE_PENDING = 0,
	RESPONSE_ACCEPT,
	RESPONSE_DECLINE,
	RESPONSE_COUNTER,
	RESPONSE_NONE  /* the offerer */
};

struct core_state {
	struct catan_rng rng;
	uint32_t move_number;
	uint16_t turn;            /* 0 during set-up */
	uint16_t robber_hex;
	uint8_t phase;            /* catan_phase */
	uint8_t chance;           /* pending_chance */
	int8_t current;           /* whose turn, or -1 */
	int8_t first_player;      /* -1 until the roll-off */
	uint8_t num_players;
	uint8_t setup_step;       /* 0 .. 4n-1 in snake set-up */
	uint8_t dice;             /* last roll this turn, 0 if none */
	uint8_t flags;
	uint8_t return_phase;     /* phase to resume after a Knight's robber */
	uint8_t road_building_left;
	int8_t victim;            /* chosen steal victim */
	int8_t longest_holder;
	int8_t army_holder;
	int8_t winner;
	uint16_t setup_vertex;    /* settlement awaiting its set-up road */
	/* Who acts (catan_state_acting_players()), a bit per seated player:
	 * derived from the rest, kept up to date by apply, edits and loads
	 * (catan_state__refresh()) so that the once-per-step question is one
	 * load. */
	uint32_t acting;
	uint8_t bank[CATAN_MAX_CARD_KINDS];
	uint8_t dev_deck[CATAN_MAX_DEV_KINDS];
	uint8_t dev_bought[CATAN_MAX_DEV_KINDS]; /* bought this turn by the current player */
	uint8_t offer_give[CATAN_MAX_CARD_KINDS]; /* open offer: current player gives */
	uint8_t offer_get[CATAN_MAX_CARD_KINDS];  /* open offer: current player gets */
};

struct player_state {
	uint8_t hand[CATAN_MAX_CARD_KINDS];
	uint8_t dev[CATAN_MAX_DEV_KINDS];         /* held, incl. bought this turn */
	uint8_t counter_give[CATAN_MAX_CARD_KINDS]; /* counter offer: this player gives */
	uint8_t counter_get[CATAN_MAX_CARD_KINDS];
	uint8_t knights;
	uint8_t roads_left;
	uint8_t settlements_left;
	uint8_t cities_left;
	uint8_t road_length;      /* longest continuous road */
	uint8_t discard_owed;
	uint8_t response;         /* trade_response */
	uint8_t hand_total;
	/* Derived: the harbors (bit = harbor index, boards of up to
	 * HARBOR_SET_MAX harbors) where the player has a building, kept by
	 * catan_build__place_*() and catan_trade__refresh_harbors(). */
	uint16_t harbors;
};
#define HARBOR_SET_MAX 16

struct catan_state {
	catan_game *game;
	char errmsg[CATAN_ERRMSG_SIZE];
	int last_reason;          /* not position data: outside the hashed block */
	uint32_t size;
	/* Set while actions are listed: rule checks run on candidates there,
	 * and the refusal details they record would be thrown away, so
	 * catan_state__seterr() does not format them. */
	uint32_t listing;
	/* Set when an intersection gets a building (rules-build.c), cleared
	 * at the start of each applied action: after_apply hooks that derive
	 * something from the buildings skip the work when it is clear. Not
	 * position data; valid only inside one apply. */
	uint32_t built;
	/* Set when something the turn player's points count may have changed
	 * since the last win check: a building, an award's holder, a drawn
	 * development card, an edit or load (refresh), a copy; and at the
	 * start of a turn whose player's points changed since their last
	 * check (points_waiting). Cleared after each action that leaves no
	 * chance event pending. The variants' win checks (G4) look only when
	 * it is set: nothing else can make the turn player win. Not position
	 * data; catan_state__points_changed() sets both. */
	uint32_t points_touched;
	/* The players (bit per owner) whose points changed outside their own
	 * turn (an award taken from another, an edit or load: all of them):
	 * their win waits for the start of their turn (base-game.txt 07). */
	uint32_t points_waiting;
	/* the flat block: core_state, players, vertices, edges, piece sets
	 * (boards with masks), variant, modules */
	_Alignas(16) unsigned char data[];
};

static inline struct core_state *st_core(catan_state *s)
{ return (struct core_state *)(void *)s->data; }
static inline const struct core_state *st_ccore(const catan_state *s)
{ return (const struct core_state *)(const void *)s->data; }
/* The players follow the core at a fixed offset (game.c), so reaching
 * them needs no load from the game. */
#define STATE_OFF_PLAYERS ((sizeof(struct core_state) + 7u) & ~(size_t)7u)
static inline struct player_state *st_player(catan_state *s, int p)
{ return (struct player_state *)(void *)(s->data + STATE_OFF_PLAYERS) + p; }
static inline const struct player_state *st_cplayer(const catan_state *s, int p)
{ return (const struct player_state *)(const void *)(s->data + STATE_OFF_PLAYERS) + p; }
/* What closes every action, in state.c's apply sequence and the fused
 * steps (catan_game.apply_sampled): a pending chance event keeps the win
 * check for its outcome (G4), and the move count advances. */
static inline void
catan_state__close_action(catan_state *s)
{
	if (st_ccore(s)->chance == CHANCE_NONE)
		s->points_touched = 0;
	st_core(s)->move_number++;
}

/* Something @player's points count may have changed (G4): the turn
 * player's points are checked after this action, another player's at the
 * start of their next turn ("If you reach 10 during another's turn thanks
 * to a reward, wait for your own turn", base-game.txt 07). */
static inline void
catan_state__points_changed(catan_state *s, int player)
{
	if (player == st_ccore(s)->current)
		s->points_touched = 1;
	else if (player >= 0 && player < 32)
		s->points_waiting |= UINT32_C(1) << player;
}

/* The start of @player's turn: a change of their points since their last
 * check is checked now. */
static inline void
catan_state__turn_starts(catan_state *s, int player)
{
	uint32_t bit = UINT32_C(1) << (player & 31);

	s->points_touched |= (s->points_waiting & bit) != 0;
	s->points_waiting &= ~bit;
}

/* The seated players' bits: only they act (neutral players never do). */
static inline uint32_t
catan_state__seated(const catan_state *s)
{
	return (uint32_t)((UINT64_C(1) << st_ccore(s)->num_players) - 1u);
}

static inline uint8_t *st_vert(catan_state *s)
{ return s->data + s->game->off_vertices; }
static inline const uint8_t *st_cvert(const catan_state *s)
{ return s->data + s->game->off_vertices; }
static inline uint8_t *st_edge(catan_state *s)
{ return s->data + s->game->off_edges; }
static inline const uint8_t *st_cedge(const catan_state *s)
{ return s->data + s->game->off_edges; }
/*
 * On boards with bit masks (struct board, masks_ok) every piece owner's
 * roads and buildings are also kept as bit sets, derived from the piece
 * bytes (the roads' set has the owner's road-like pieces too: it is the
 * network): catan_build__place_*() keep them, catan_build__refresh_sets()
 * recomputes them after edits and loads. Move generation and Longest Road
 * read them instead of converting the bytes at every call.
 */
struct owner_sets {
	uint64_t roads[2];   /* edges */
	uint64_t buildings;  /* intersections with a settlement or city */
};

static inline struct owner_sets *st_sets(catan_state *s, int p)
{ return (struct owner_sets *)(void *)(s->data + s->game->off_sets) + p; }
static inline const struct owner_sets *st_csets(const catan_state *s, int p)
{ return (const struct owner_sets *)(const void *)(s->data + s->game->off_sets) + p; }
/*
 * On boards without masks every piece owner's roads and buildings are kept
 * as lists of ids in ascending order instead (equal positions, equal
 * lists), derived from the piece bytes as the sets are: the listings and
 * Longest Road start from the owner's few pieces instead of scanning the
 * board. catan_build__place_*() keep them, catan_build__refresh_sets()
 * recomputes them. As in the sets, the road list holds the owner's network:
 * roads and road-like pieces. An owner's block: the two lengths, then room
 * for the game's stock of roads and road-like pieces, then for its
 * settlements and cities. A list that
 * would pass that room (only pieces placed past the stock could make it)
 * is marked OWNER_LIST_LOST, and its readers scan the piece bytes.
 */
enum { OWNER_ROADS = 0, OWNER_BUILDINGS = 1 };
#define OWNER_LIST_LOST 0xFFFFu

static inline uint16_t *st_lists(catan_state *s, int p)
{ return (uint16_t *)(void *)(s->data + s->game->off_lists + (size_t)p * s->game->list_stride); }

/* The owner's roads or buildings (OWNER_ROADS, OWNER_BUILDINGS), their
 * count in *n; NULL when the game keeps no lists or this one is lost. */
static inline const uint16_t *
st_cpiece_list(const catan_state *s, int p, unsigned which, unsigned *n)
{
	const catan_game *g = s->game;
	const uint16_t *l;

	if (!g->off_lists)
		return NULL;
	l = (const uint16_t *)(const void *)(s->data + g->off_lists + (size_t)p * g->list_stride);
	if (l[which] == OWNER_LIST_LOST)
		return NULL;
	*n = l[which];
	return l + 2 + (which == OWNER_BUILDINGS ? g->list_roads : 0);
}

/*
 * The owner's roads or buildings one id at a time, ascending: from their
 * list, or, when the game keeps none or it is lost, from every piece byte
 * (edges for OWNER_ROADS, intersections for OWNER_BUILDINGS). Edges hold
 * only the owners' networks (roads, road-like pieces), so an owned edge
 * byte is part of the network, as in the lists.
 */
struct owned_pieces {
	const uint16_t *list;   /* the owner's list, or NULL to scan */
	const uint8_t *bytes;   /* the piece bytes scanned without it */
	unsigned next, end;
	int owner;
};

static inline void
owned_pieces_init(struct owned_pieces *it, const catan_state *s, int p, unsigned which)
{
	unsigned n = 0;

	it->list = st_cpiece_list(s, p, which, &n);
	it->bytes = which == OWNER_ROADS ? st_cedge(s) : st_cvert(s);
	it->next = 0;
	it->end = it->list ? n : which == OWNER_ROADS ? s->game->board.nedge :
						       s->game->board.nvert;
	it->owner = p;
}

static inline bool
owned_pieces_next(struct owned_pieces *it, unsigned *id)
{
	while (it->next < it->end) {
		unsigned i = it->next++;

		if (it->list) {
			*id = it->list[i];
			return true;
		}
		if (it->bytes[i] != 0 && PIECE_OWNER(it->bytes[i]) == it->owner) {
			*id = i;
			return true;
		}
	}
	return false;
}

/* The holders of contest @c's awards (CATAN_AWARDS of them, a player or
 * CATAN_NO_PLAYER), in games with award contests (catan_game.ncontests). */
static inline int8_t *st_contest(catan_state *s, unsigned c)
{ return (int8_t *)(void *)(s->data + s->game->off_contests) + (size_t)c * CATAN_AWARDS; }
static inline const int8_t *st_ccontest(const catan_state *s, unsigned c)
{ return (const int8_t *)(const void *)(s->data + s->game->off_contests) + (size_t)c * CATAN_AWARDS; }

static inline void *st_variant(catan_state *s)
{ return s->data + s->game->off_variant; }
static inline const void *st_cvariant(const catan_state *s)
{ return s->data + s->game->off_variant; }

/* Record a message on a state (const: the message buffer is not position data). */
void catan_state__seterr(const catan_state *s, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Victory points with module adjustments (the target: catan_state__vp_target()). */
int catan_state__victory_points(const catan_state *s, int player, bool include_hidden);
/* Players (bit mask) the thief may steal from at a hex: catan_robber__victims()
 * with the modules' robber_victims fold. Variants call this, never
 * catan_robber__victims() directly, so that modules apply everywhere. */
uint32_t catan_state__robber_victims(const catan_state *s, unsigned hex, int thief);
/* Whether the variant's or a module's hex_blocked hook blocks @hex (the
 * robber aside; modules.c). */
bool catan_state__hex_blocked_by_rules(const catan_state *s, unsigned hex);
/* Whether @hex produces nothing on a roll now: the robber stands on it or
 * a rule blocks it (conquered, a second robber). Every production rule
 * asks this, never the robber alone. */
static inline bool
catan_state__hex_blocked(const catan_state *s, unsigned hex)
{
	return hex == st_ccore(s)->robber_hex ||
	       (s->game->has_hex_blocked && catan_state__hex_blocked_by_rules(s, hex));
}
/* Recompute what is derived from the position after an edit or a load:
 * the modules' refresh hooks, the piece sets and harbors, then who acts. */
void catan_state__refresh(catan_state *s);
/* The public edits (edit.c, holdings.c, pieces.c) run between these:
 * begin clones the position (NULL when @p s is NULL or out of memory);
 * end refreshes an accepted edit, undoes and refuses one that leaves
 * nobody able to act, frees the clone and returns the edit's code. */
catan_state *catan_edit__begin(catan_state *s);
int catan_edit__end(catan_state *s, catan_state *before, int rc);
/* The body of a public edit: @p call_ between begin and end. */
#define CATAN_EDIT(s_, call_) \
	do { \
		catan_state *before_ = catan_edit__begin(s_); \
		if (!before_) \
			return (s_) ? CATAN_ENOMEM : CATAN_EINVAL; \
		return catan_edit__end((s_), before_, (call_)); \
	} while (0)
/* The fast path of SAMPLED chance: draw the pending event's outcome with
 * the claiming module's sampler, else the variant's (struct game_module,
 * catan_game.sample_chance), without applying it. False, having drawn
 * nothing, when the generic walk over the listed outcomes must draw. */
bool catan_state__sample_chance(catan_state *s, catan_action *out);
/* Recompute only who acts (core_state.acting). */
void catan_state__refresh_acting(catan_state *s);
/* Outcomes of the pending chance event: the first module that claims it,
 * else the variant (sys/module.h). */
void catan_state__chance_outcomes(const catan_state *s, catan_sink *sink);
/* For a module whose own action stands for one of the variant's (an event
 * card's number for the dice): apply @a with the variant's apply and run
 * every other module's after_apply on it, as if the variant's action had
 * been applied; @caller's own after_apply is left out (it is inside its
 * apply). The caller's apply is itself inside state.c's sequence, which
 * finishes the action (finish_action, the move count) afterwards. */
struct catan_module_ops;
void catan_state__apply_as_variant(catan_state *s, const catan_action *a,
				   const struct catan_module_ops *caller);
/* The slice of a module in a state. */
static inline void *
st_module(catan_state *s, const struct game_module *m)
{ return s->data + m->slice_offset; }
static inline const void *
st_cmodule(const catan_state *s, const struct game_module *m)
{ return s->data + m->slice_offset; }

#endif
