/*
 * libcatanrules: the game: modules, parameters, rules constants, the state layout, the gathered hooks (game.c, params.c, registry.c).
 * Internal, as catan-private.h (which includes every part in order).
 * SPDX-License-Identifier: MIT
 */
#include "catan-private.h"

#ifndef CATAN_GAME_H
#define CATAN_GAME_H

/* ------------------------------------------------------------------ game */

/* What a module's chance sampler did (struct game_module). */
enum module_sample {
	MODULE_SAMPLE_NONE,   /* the pending event is not the module's */
	MODULE_SAMPLE_DRAWN,  /* *out holds the drawn outcome */
	MODULE_SAMPLE_LIST,   /* the module's, but the generic walk must draw */
};

struct game_module {
	const struct catan_module_ops *ops;
	int32_t params[CATAN_MAX_PARAMS];
	char *texts[CATAN_MAX_PARAMS];     /* CATAN_PARAM_TEXT values given, else NULL */
	uint32_t slice_offset;
	/* Optional fast path of a built-in module's chance_outcomes in
	 * SAMPLED mode, set by its build_game (catan_game__set_sampler()):
	 * the same single catan_rng__below(den) draw and the same mapping of
	 * r to outcomes as walking its list, so games replay identically.
	 * Returns an enum module_sample. */
	int (*sample_chance)(catan_state *s, catan_action *out, const void *slice);
};

/* A declared holding (catan_holding_spec, the strings the declarer's). */
struct game_holding {
	const char *name;
	const char *group;       /* CATAN_HOLDING_GROUP only */
	uint8_t visibility;      /* catan_holding_visibility */
	uint8_t has_supply;
	int8_t target;
	uint8_t group_first;     /* index of the group's first member */
	uint16_t max;
	uint16_t supply_total;
	uint8_t trade;           /* catan_holding_trade bits */
	uint8_t slot;            /* a traded holding's give/get index, else 0xff */
};

/* A declared kind of piece (catan_piece_spec, the name the declarer's). */
struct game_piece {
	const char *name;
	uint8_t place;           /* catan_location_kind */
	uint8_t flags;           /* CATAN_PIECE_* */
	uint16_t stock;
	uint16_t stack_limit;    /* 0: none */
	uint32_t offset;         /* of its slots in the pieces block */
};

/* One action type's shape in the action space, and its block of ids
 * (space.c; the enums of catanrules/space.h). */
#define CATAN_MAX_SHAPES 48
#define CATAN_SPACE_CORE_TYPES 20
struct space_shape {
	uint16_t type;
	uint8_t target, arg, cards, max;
	uint8_t values;                 /* the CATAN_SPACE_VALUE fields' domain */
	uint8_t pay_first, pay_slots, pay_max; /* a payment in give[] (pay_slots 0: none) */
};
struct space_block {
	struct space_shape shape;
	uint32_t tn, an, cn, pn;  /* the sizes of the target's, arg's, cards' and payment's domains */
	uint64_t first, size;
};

struct catan_game {
	int refcount;
	catan_ctx *ctx;
	const struct catan_variant_ops *variant;
	int32_t params[CATAN_MAX_PARAMS];  /* variant params, by spec index */
	char *texts[CATAN_MAX_PARAMS];     /* CATAN_PARAM_TEXT values given, else NULL */
	struct game_module modules[CATAN_MAX_MODULES];
	uint8_t nmodules;
	uint8_t num_players;               /* seated players, who act */
	uint8_t num_neutral;               /* neutral piece owners after them (sys/module.h) */
	uint8_t players_given;             /* players= was in the game string */
	uint8_t min_players, max_players;  /* the seats the variant and modules allow */
	uint8_t chance_mode;
	uint32_t max_turns;
	uint64_t seed;
	char *canonical;                   /* canonical game string */
	size_t canonical_len;
	char *param_text[CATAN_MAX_PARAMS + 4];   /* catan_game_param() answers */

	struct board board;

	/* rules constants filled by the variant */
	uint8_t vp_to_win;                 /* the variant's target */
	uint8_t hand_limit;                /* discard when holding more (7) */
	uint8_t offer_max;                 /* largest domestic offer listed */
	uint8_t strict_phases;             /* B4 phases=strict */
	uint8_t bank_start[CATAN_MAX_CARD_KINDS];
	uint8_t dev_start[CATAN_MAX_DEV_KINDS];
	uint8_t pieces[4];                 /* stock per catan_piece: [1]=settle, [2]=city, [3]=road */
	uint16_t max_actions;
	uint16_t max_outcomes;
	/* The card kinds in play and the names notation uses for them
	 * (kinds.c): the base game's five and its names unless a build_game
	 * declares others (catan_game_declare_card_kind()); NULL past
	 * card_kinds. The strings are static storage. */
	uint8_t card_kinds;
	const char *card_names[CATAN_MAX_CARD_KINDS];
	/* The development-card kinds (kinds.c, catan_game_declare_dev_kind()):
	 * none until a build_game declares them (the base variant its five);
	 * their names, roles (catan_dev_role) and, cached for the rules, the
	 * slot of each role (DEV_SLOT_NONE if no kind has it), the kinds the
	 * base game's actions play as a cards_word() mask (a byte of 0xff
	 * per kind), and whether the discard pile is reshuffled into an
	 * empty deck. Counts are dev_start. */
	uint8_t dev_kinds;
	const char *dev_names[CATAN_MAX_DEV_KINDS];
	uint8_t dev_roles[CATAN_MAX_DEV_KINDS];
	uint8_t dev_role_slot[CATAN_DEV_NUM_ROLES];
	bool dev_reshuffle;
	/* The robber starts off the board and "to the desert" sends it off
	 * the board (catan_game_set_robber_off_board(); robber_hex BOARD_NONE). */
	bool robber_off_board;
	uint64_t dev_action_word;
	/* What buying each thing takes, as hosts read it (costs.c): the base
	 * game's four unless a build_game declares or replaces them. The
	 * rules charge their own costs; tests hold the two equal. */
	struct game_cost {
		const char *name;
		uint8_t cards[CATAN_MAX_CARD_KINDS];
	} costs[CATAN_MAX_COSTS];
	uint8_t ncosts;
	/* Cards given for one at the bank without a harbor (05.C: 4; 2..4),
	 * and the same as a ratio bit in every kind's byte. */
	uint8_t maritime_rate;
	uint64_t maritime_base_bits;
	/* The awards' policy (award-policy.c): the least road length or
	 * knights that can hold each catan_award (0: not in this game) and
	 * its points; the declared piece kinds of which each one on a
	 * network's edge lengthens it by one for Longest Road (a bit each). */
	uint8_t award_min[CATAN_AWARDS];
	uint8_t award_points[CATAN_AWARDS];
	/* Award contests (award-contests.c, catan_game_set_award_contests()):
	 * 0 in games where everyone contests each award together (the core's
	 * holders); else the number of groups, each seated player's group and
	 * each group's members (a bit per seated player). Their holders,
	 * CATAN_AWARDS int8_t per contest, sit at off_contests. */
	uint8_t ncontests;
	uint8_t contest_of[CATAN_MAX_PLAYERS];
	uint32_t contest_members[CATAN_MAX_CONTESTS];
	uint32_t road_weight_kinds;
	/* The terrain the rules mean by "the desert" besides the robber's
	 * home (catan_game_set_desert_terrain(): Rivers' swamps), and whether
	 * one is set. */
	uint8_t desert_terrain;
	bool has_desert_terrain;

	/* flat state layout */
	uint32_t state_size;
	uint32_t off_players;
	uint32_t off_vertices;
	uint32_t off_edges;
	uint32_t off_sets;                 /* struct owner_sets per owner, or 0 */
	uint32_t off_lists;                /* the owners' piece lists, or 0 */
	uint16_t list_roads;               /* room in an owner's road list */
	uint16_t list_buildings;           /* and in their building list */
	uint32_t list_stride;              /* bytes of an owner's lists */
	uint32_t off_variant;
	uint32_t variant_size;
	/* opaque per-variant immutable data (beginner set-up tables, ...) */
	void *variant_data;
	size_t variant_data_size;

	/* Optional fast path of SAMPLED chance, set by a built-in variant:
	 * draw the pending event's outcome straight from the state's RNG,
	 * with the same single catan_rng__below(den) draw and the same
	 * mapping of r to outcomes as walking the variant's chance_outcomes
	 * list, so games replay identically. Returns false (having drawn
	 * nothing) when the generic path must run. Used when no module
	 * claims the pending event (module samplers first). */
	bool (*sample_chance)(catan_state *s, catan_action *out);
	/* Optional fused SAMPLED chance step, set by a built-in variant: draw
	 * the pending event as sample_chance does and apply the variant's
	 * part of it, as sample_chance followed by the variant's apply would,
	 * without a second dispatch over the action's owner and type; it
	 * stores the action applied in @out for the after_apply hooks, which
	 * state.c runs next with finish_action and the move count. False,
	 * having drawn nothing, when the generic path must run. game.c
	 * clears it in games whose modules list chance outcomes and under
	 * ctx->general_paths, so the tests can hold it against the generic
	 * path. */
	bool (*resolve_sampled)(catan_state *s, catan_action *out);
	/* Optional fused step, set by a built-in variant: the whole of
	 * state.c's apply sequence for a SAMPLED game — the variant's apply
	 * and finish_action, the chance events the action causes drawn with
	 * the variant's sampler, catan_state__close_action() after each, and
	 * who acts next — in one call, so that the commonest steps pay no
	 * indirect call between the parts. game.c clears it in games with
	 * EXPLICIT chance, without resolve_sampled, or with a module that
	 * owns actions or hooks into apply or who acts (so also under
	 * ctx->general_paths, where test-derived holds it against the
	 * generic sequence). */
	void (*apply_sampled)(catan_state *s, const catan_action *a);
	/* Optional listing of one action, set by a built-in variant: the
	 * action at index (r * n) >> 32 of the variant's listing for @player
	 * (n its length), stored in @out without the list being written;
	 * returns n, or 0 (nothing stored) where the variant does not pick
	 * and the caller lists instead. catan_state_playout()'s step. game.c
	 * clears it in games whose modules edit the listings and under
	 * ctx->general_paths (where test-derived holds it against the list). */
	size_t (*pick_legal)(const catan_state *s, int player, uint32_t r, catan_action *out);
	/* Optional: pick_legal's action applied as apply_sampled would, in
	 * one call (the section picked applies its own type); false, having
	 * done nothing, where pick_legal returns 0. game.c clears it where
	 * it clears either. */
	bool (*play_sampled)(catan_state *s, int player, uint32_t r);
	/* Which kinds of module hooks the game has (game.c, once built): the
	 * generic paths skip their folds when none applies. */
	bool module_chance;                /* some module lists chance outcomes */
	bool modules_sample;               /* ... and every such module has a sampler */
	bool module_points;                /* some module adds points or moves the target */
	bool module_production;            /* some module adjusts what a roll pays */
	bool has_hex_blocked;              /* the variant or a module blocks hexes */
	bool module_listing;               /* some module edits the legal actions */
	/* The hooks run at every step, gathered once built (game.c): only
	 * the modules that have one, each with its slice's offset. */
	struct {
		void (*fn)(const catan_state *s, int player, catan_action_list *list,
			   const void *slice);
		uint32_t slice_offset;
	} hook_legal[CATAN_MAX_MODULES];
	struct {
		void (*fn)(catan_state *s, const catan_action *a, void *slice);
		uint32_t slice_offset;
	} hook_after_apply[CATAN_MAX_MODULES];
	struct {
		uint32_t (*fn)(const catan_state *s, uint32_t mask, const void *slice);
		uint32_t slice_offset;
	} hook_acting[CATAN_MAX_MODULES];
	uint8_t nhook_legal, nhook_after_apply, nhook_acting;
	int vp_target;                     /* vp_to_win after the modules' folds */
	/* What a piece byte earns from a producing hex, a byte per seated
	 * player (settlement 1, city 2; nothing for neutral players and
	 * other pieces): games of up to 8 seated players add a hex's corners
	 * in one word each (rules-production.c). */
	uint64_t yield_word[256];
	bool packed_production;            /* roll with yield_word (else per player) */
	/* Resource cards lie open to every observer (a variant's or module's
	 * build_game sets it: CATAN Connect's "Play is with openly laid-out
	 * resources"); development cards stay their holder's. */
	bool open_hands;
	/* Holdings (catanrules/holding.h), declared while the game is built
	 * (catan_game_declare_holding()); none in most games. Their counts
	 * sit after the module slices at off_holdings: a uint16_t per seated
	 * player and holding (player-major), then one per holding for the
	 * supply. */
	struct game_holding holdings[CATAN_MAX_HOLDINGS];
	uint8_t nholdings;
	bool holding_targets;              /* some holding moves its holder's win target */
	uint32_t off_holdings;
	/* Traded holdings (CATAN_HOLDING_TRADED, _MARITIME) in the slots of
	 * give[] and get[] after the card kinds, assigned once every
	 * build_game ran (holdings.c): the slots domestic trades may carry,
	 * those a maritime trade may receive, and each slot's holding. A
	 * game without them has both masks 0 and trades only cards. */
	uint8_t traded_slots;
	uint8_t maritime_slots;
	uint8_t slot_holding[CATAN_MAX_CARD_KINDS];
	/* Rounds: the phases whose several actors' order of arrival decides
	 * (a bit per phase, from the variant's and modules' real_time_phases),
	 * and whether anyone lists referee actions (game.c). */
	uint32_t real_time[8];
	bool has_real_time;
	bool has_referee;
	/* Declared pieces (catanrules/piece.h, catan_game_declare_piece());
	 * none in most games. Their slots sit after the holdings at
	 * off_pieces: for each kind, owner-major, the kind's stock of
	 * uint16_t places (PIECE_IN_STOCK for a piece in stock), each
	 * owner's sorted ascending so that equal positions are equal bytes. */
	struct game_piece piece_kinds[CATAN_MAX_PIECE_KINDS];
	uint8_t npiece_kinds;
	uint32_t off_pieces;
	/* Number chips placed and moved in play (Merchants of Europe,
	 * catan_game_declare_number_chips(); chips.c): a byte per hex at
	 * off_chips, the number of the chip on its chip space (0: none). */
	bool number_chips;
	uint32_t off_chips;
	/* The award contests' holders (ncontests), after the pieces; 0 in
	 * games without contests. */
	uint32_t off_contests;
	/* The action space (space.c, catanrules/space.h): the shapes the
	 * variant's and modules' build_game declared, and the blocks of ids
	 * of the core's types and theirs, laid out once built. space_missing
	 * is the module (CATAN_MAX_MODULES: the variant) whose types have no
	 * shapes, or -1. */
	struct space_shape shapes[CATAN_MAX_SHAPES];
	uint8_t nshapes;
	struct space_block space_blocks[CATAN_SPACE_CORE_TYPES + CATAN_MAX_SHAPES];
	uint8_t nspace_blocks;
	int space_missing;
	uint64_t space_size;
	/* The observation tensor (tensor.c, catanrules/tensor.h): its length,
	 * and which of the modules' counters (a bit each, in the order of
	 * the modules and their counter_names) are the game's rather than a
	 * player's, learnt from a new state once built. */
	size_t tensor_size;
	uint64_t tensor_game_counters;
	float *tensor_template;            /* the fields the board alone fixes; the rest 0 */
	struct catan_tensor_field *tensor_fields; /* the layout, in offset order */
	size_t ntensor_fields;
};

/* The action space's layout, once every build_game ran (space.c). */
void catan_space__build(catan_game *g);
/* The observation tensor's layout, once the game is built (tensor.c):
 * CATAN_OK, or the error of the new state it looks at. */
int catan_tensor__probe(catan_game *g);
void catan_tensor__dispose(catan_game *g);

/* Game strings (params.c): fill params and modules from a string or options. */
int catan_game__parse_string(catan_game *g, const char *spec);
int catan_game__parse_options(catan_game *g, const char *variant,
			      const catan_game_options *opts);
/* Build the canonical string and the parameter texts. */
int catan_game__format(catan_game *g);

/* Look up a variant parameter value by name (the variant's own spec). */
int32_t catan_game__param(const catan_game *g, const char *name);
/* The text of the variant's CATAN_PARAM_TEXT parameter at spec index
 * @index: as given in the game string, or its default. */
const char *catan_game__param_text(const catan_game *g, size_t index);
/* Check the number of seated players against the variant and the modules,
 * and take the modules' neutral players (after parsing). */
int catan_game__settle_players(catan_game *g);

/* The numbers each variant and module owns (registry.c): their declared
 * ranges of action types, phases and chance events well formed, out of the
 * core's numbers and apart; else CATAN_EINVAL with why naming both
 * owners. For a registry (catan_ctx_new()), and for module @m joining
 * game @g (its variant and the modules before it). */
int catan_registry__check(const struct catan_variant_ops *const *variants, size_t nvariants,
			  const struct catan_module_ops *const *modules, size_t nmodules,
			  char *why, size_t cap);
int catan_registry__check_joining(const catan_game *g, const struct catan_module_ops *m,
				  char *why, size_t cap);

/* The module in use by that name, or NULL. */
const struct game_module *catan_game__module(const catan_game *g, const char *name);
/* Give a built-in module's chance sampler (struct game_module); for its
 * build_game. */
void catan_game__set_sampler(catan_game *g, const char *module,
			     int (*sample)(catan_state *s, catan_action *out, const void *slice));
/* The module owning an action type, or NULL (the variant's). */
static inline const struct game_module *
catan_game__action_owner(const catan_game *g, unsigned type)
{
	if (type < CATAN_ACT_VARIANT_BASE)
		return NULL;
	for (unsigned i = 0; i < g->nmodules; i++) {
		const struct catan_module_ops *o = g->modules[i].ops;

		if (o->action_first && type >= o->action_first && type <= o->action_last)
			return &g->modules[i];
	}
	return NULL;
}
/* No kind holds the role (catan_game.dev_role_slot). */
#define DEV_SLOT_NONE 0xffu
/* The slot of the kind with @role, or DEV_SLOT_NONE. */
static inline unsigned
catan_game__dev_slot(const catan_game *g, unsigned role)
{
	return g->dev_role_slot[role];
}
/* Seated and neutral players: everyone who may own pieces. */
static inline int
catan_game__owners(const catan_game *g)
{
	return g->num_players + g->num_neutral;
}

#endif
