/*
 * libcatanrules: the variant extension interface.
 * SPDX-License-Identifier: MIT
 */
#ifndef INCLUDE_catanrules_sys_variant_h__
#define INCLUDE_catanrules_sys_variant_h__

#include "../common.h"
#include "../game.h"
#include "../action.h"
#include "../state.h"
#include "../holding.h"
#include "../space.h"
#include "../piece.h"

/**
 * @file catanrules/sys/variant.h
 * @brief The vtable every variant implements (built-in variants only).
 * @defgroup sys_variant Variant interface
 *
 * The extension interface serves the variants and modules compiled into
 * the library (the meson options `variants` and `modules`): they also use
 * the library's private header, and there is no call that registers a
 * host's own. So `sys/` is not installed and its functions are not
 * exported; it may change with any release.
 *
 * A variant is one translation unit exporting one const
 * `struct catan_variant_ops`. The library's public functions are template
 * methods around it: they check arguments, call check_action before
 * apply, resolve SAMPLED chance, count moves, and guarantee that a refused
 * action leaves the state unchanged. A variant implements only its rules.
 * @{
 */

CATAN_BEGIN_DECLS

/** Kinds of variant parameter. */
typedef enum catan_param_kind {
	CATAN_PARAM_INT  = 0, /**< an integer in [min, max] */
	CATAN_PARAM_ENUM = 1, /**< one of a NULL-terminated list of names; the value is the index */
	/** A word of the characters a game-string value may hold (letters,
	 *  digits, '_', '.' and '-'), at most @c max of them, kept as written.
	 *  The variant checks its meaning when it builds the game, so it must
	 *  accept a single spelling for the canonical string to be unique.
	 *  The first entry of @c choices is the default; @c min and @c def
	 *  are unused. */
	CATAN_PARAM_TEXT = 2
} catan_param_kind;

/** One parameter a variant accepts in its game string. */
typedef struct catan_param_spec {
	const char        *name;        /**< [a-z_]+ */
	uint32_t           kind;        /**< a #catan_param_kind */
	int32_t            min;         /**< lowest value (INT) */
	int32_t            max;         /**< highest value (INT), longest text (TEXT) */
	int32_t            def;         /**< default value (or index) */
	const char *const *choices;     /**< names (ENUM), the default text (TEXT) */
	const char        *description; /**< one line for help texts */
} catan_param_spec;

/** Collects actions or chance outcomes for the library; variants never handle capacity. */
typedef struct catan_sink catan_sink;

/**
 * Add an action to a sink (counted even past the caller's capacity).
 * @param sink the sink handed to the variant
 * @param a the action
 */
void catan_sink_action(catan_sink *sink, const catan_action *a);

/**
 * Add a chance outcome with probability num/den to a sink.
 * @param sink the sink handed to the variant
 * @param a the outcome
 * @param num numerator
 * @param den denominator
 */
void catan_sink_outcome(catan_sink *sink, const catan_action *a, uint32_t num, uint32_t den);

/**
 * A holding a game declares (catanrules/holding.h): gold, fish tokens by
 * value, prisoners, goods tiles.
 *
 * The variant's or a module's build_game declares its holdings with
 * catan_game_declare_holding(); the state then keeps, for each seated
 * player, a count from 0 to @c max (16 bits), and the supply's count if
 * the holding has one. Games that declare none keep nothing.
 *
 * Rules code reads and writes them with catan_state__holding() and
 * catan_state__holding_set() (lib/catan-private.h, by index in
 * declaration order); moving a unit between a player and the supply is
 * the rules' business, the library checks only the bounds: each count at
 * most @c max, and the players' counts plus the supply at most
 * @c supply_total (a load refuses more; an edit takes from the supply).
 */
typedef struct catan_holding_spec {
	const char *name;         /**< [a-z0-9_]+, unique in the game, static storage */
	const char *group;        /**< #CATAN_HOLDING_GROUP: the group's name (static storage); else NULL */
	uint32_t    visibility;   /**< a #catan_holding_visibility */
	uint16_t    max;          /**< the most one player may hold (1..65535) */
	uint8_t     has_supply;   /**< 1: a finite supply of @c supply_total */
	int8_t      target;       /**< points each unit held adds to the holder's win
				       target (Fishing's old boot: 1); 0 for most */
	uint16_t    supply_total; /**< the supply at the start (and the most in play) */
	uint8_t     trade;        /**< #catan_holding_trade bits (a traded holding is
				       #CATAN_HOLDING_PUBLIC); 0 for most */
} catan_holding_spec;

/** The most holdings one game may declare. */
#define CATAN_MAX_HOLDINGS 16

/**
 * Declare a holding, from the variant's or a module's build_game (only
 * then: the state's layout is fixed once the game is built). The
 * holdings of a game are numbered in the order declared.
 * @param g the game being built
 * @param spec the holding; its strings must outlive the game
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL a bad spec (name, visibility, bounds, a group name
 *         where none belongs or its absence, unknown trade bits or a
 *         traded holding that is not public), a name already declared,
 *         more than #CATAN_MAX_HOLDINGS, or the game is already built
 */
int catan_game_declare_holding(catan_game *g, const catan_holding_spec *spec);

/**
 * A kind of piece a game declares (catanrules/piece.h): wagons, caravans,
 * knights, merchants, trading posts.
 *
 * The variant's or a module's build_game declares its kinds with
 * catan_game_declare_piece(); the state then keeps, for each piece owner
 * (seated and neutral players) and kind, @c stock slots, each the place
 * of one piece or "in stock". Games that declare none keep nothing.
 *
 * Rules code places, moves, removes and counts them with the helpers of
 * lib/catan-pieces.h (catan_pieces__place(), catan_pieces__move(), ...);
 * the rules decide where a piece may go, the library keeps the bounds:
 * an owner's stock and the kind's stack limit (a load refuses more, an
 * edit refuses to pass them). A #CATAN_PIECE_ROAD_LIKE kind's piece joins
 * its owner's road network as it is placed and leaves it as it is removed
 * (Longest Road follows); where one may be built is again the rules'
 * business, catan_build__network_reaches() (lib/catan-rules.h) saying
 * whether the owner's network reaches an edge.
 */
typedef struct catan_piece_spec {
	const char *name;        /**< [a-z0-9_]+, unique among the game's kinds, static storage */
	uint32_t    place;       /**< #CATAN_LOC_HEX, #CATAN_LOC_VERTEX or #CATAN_LOC_EDGE */
	uint16_t    stock;       /**< pieces each owner has (1..#CATAN_MAX_PIECE_STOCK) */
	uint16_t    stack_limit; /**< most pieces of the kind on one place, all owners; 0: no limit */
	uint32_t    flags;       /**< #CATAN_PIECE_MOVES, #CATAN_PIECE_ROAD_LIKE */
} catan_piece_spec;

/** The most kinds of pieces one game may declare. */
#define CATAN_MAX_PIECE_KINDS 8
/** The largest stock of one kind per owner. */
#define CATAN_MAX_PIECE_STOCK 32

/**
 * Declare a kind of piece, from the variant's or a module's build_game
 * (only then: the state's layout is fixed once the game is built).
 * @param g the game being built
 * @param spec the kind; its name must outlive the game
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL a bad spec (name, place, stock, flags; a
 *         #CATAN_PIECE_ROAD_LIKE kind off the edges, that moves or with a
 *         stack limit above 1), a name already declared, more than
 *         #CATAN_MAX_PIECE_KINDS, or the game is already built
 */
int catan_game_declare_piece(catan_game *g, const catan_piece_spec *spec);

/**
 * Declare a resource card kind, or rename one, from the variant's or a
 * module's build_game (only then). A game starts with the base game's
 * five kinds and names; a declaration names kind @p kind and sets its
 * supply (catan_game.bank_start), the next unused kind adding one to
 * catan_game_card_kind_count(). Notation, JSON and conformance scripts
 * use the names (a sixth kind "salt": "p0 discard salt=1"). A renamed
 * kind loses the base aliases ("clay" for brick).
 * @param g the game being built
 * @param kind an existing kind to rename, or the count (a new kind)
 * @param name [a-z0-9_]+ (1-32), not "nothing", not another kind's name
 *        or alias; static storage
 * @param supply the bank's cards of that kind at the start (0..255)
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL a bad name or kind, a taken name, a supply above
 *         255, or the game is already built
 */
int catan_game_declare_card_kind(catan_game *g, unsigned kind, const char *name,
				 unsigned supply);

/**
 * Declare a development-card kind, or redeclare one, from the variant's
 * or a module's build_game (only then). A game starts with none; the
 * base variant declares its five (knight, road_building, year_of_plenty,
 * monopoly, victory_point: 14/2/2/2/5) with their roles, and a module
 * built after it may rename, recount or re-role a slot, or replace the
 * whole deck (catan_game_clear_dev_kinds() first). A declaration names
 * slot @p slot, sets its count in the deck (catan_game.dev_start) and its
 * role; the next unused slot adds one to catan_game_dev_kind_count().
 * Count 0 takes the kind out of the game (its name still reads). Each
 * role but #CATAN_DEV_ROLE_NONE belongs to at most one kind, so the
 * core's question "which is the Victory Point card" has one answer: a
 * role already another slot's is refused (redeclare that slot first).
 * Notation, JSON and conformance scripts use the names
 * ("chance draw_dev alchemist").
 * @param g the game being built
 * @param slot an existing slot to redeclare, or the count (a new kind),
 *        below #CATAN_MAX_DEV_KINDS
 * @param name [a-z0-9_]+ (1-32), not another slot's name; static storage
 * @param count the kind's cards in the deck at the start (0..255)
 * @param role a #catan_dev_role
 * @retval CATAN_OK on success; on refusal the game is unchanged
 * @retval CATAN_EINVAL a bad slot, name, count or role, a taken name or
 *         role, or the game is already built
 */
int catan_game_declare_dev_kind(catan_game *g, unsigned slot, const char *name,
				unsigned count, unsigned role);

/**
 * Remove every development-card kind, from a build_game, before a
 * replacement deck is declared (catan_game_declare_dev_kind() from slot 0).
 * @param g the game being built
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL the game is already built
 */
int catan_game_clear_dev_kinds(catan_game *g);

/**
 * Set whether the game reshuffles its development cards, from a
 * build_game: when the deck is empty and a card is bought, the discard
 * pile (catan_state_dev_discard(): the played cards that neither stay in
 * front of their player nor are points) becomes the new deck, from which
 * the bought card is drawn as any other ("When the stack of development
 * cards is empty, shuffle the discard pile to create a new stack",
 * traders-and-barbarians.txt; histories-merchants-of-europe.txt). Off in
 * the base game, where an empty deck refuses the purchase.
 * @param g the game being built
 * @param on 1 or 0
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL @p on not 0 or 1, or the game is built
 */
int catan_game_set_dev_reshuffle(catan_game *g, int on);

/**
 * Declare what buying a thing costs, from a build_game: a new name adds
 * a cost, a declared one ("road", ...) is replaced. Hosts read the costs
 * (catan_game_cost()); the rules that charge them must take the same.
 * @param g the game being built
 * @param name the thing, 1-32 of [a-z0-9_], static storage
 * @param cards the cards of each kind paid (kinds the game has)
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL a bad name, a card of a kind the game lacks, no
 *         card at all, more than #CATAN_MAX_COSTS, or the game is built
 */
int catan_game_declare_cost(catan_game *g, const char *name,
			    const uint8_t cards[CATAN_MAX_CARD_KINDS]);

/**
 * Set the rate at which players trade with the bank without a harbor
 * (Merchants of Europe: 3), from a build_game. The maritime trades the
 * library lists and checks use it; a harbor's better rate still applies.
 * @param g the game being built
 * @param rate cards given for one, 2..4
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL a rate out of range, or the game is built
 */
int catan_game_set_maritime_rate(catan_game *g, unsigned rate);

/**
 * Set an award's policy, from a build_game: the least road length (or
 * knights played) that can hold it and its points; @p min 0 leaves the
 * award out of the game (no holder ever). The rule of who holds it —
 * the holder keeps it while tied at the top, a break sets it aside
 * (05.F, RULINGS B8) — stays the base game's.
 * @param g the game being built
 * @param award a #catan_award
 * @param min 0 (not in the game) or 1..255
 * @param points 1..10 (ignored when @p min is 0)
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL an unknown award, a value out of range, or the
 *         game is built
 */
int catan_game_set_award(catan_game *g, unsigned award, unsigned min, unsigned points);

/**
 * Number chips placed and moved in play (Merchants of Europe: "you must
 * choose one of the face-down number chips ... and place it on that hex's
 * chip space"), from the variant's or a module's build_game: the state
 * then keeps, for each hex with a chip space (#CATAN_SITE_CHIP_SPACE), the
 * number of the chip on it, none at the start. A hex produces on its
 * printed numbers and on its chip's; snapshots, observations and JSON show
 * the chips (they lie face up: a face-down pool is the rules' own).
 * Rules code places, moves and removes chips with catan_state__set_chip()
 * (lib/catan-chips.h); hosts read them with catan_state_hex_chip() and
 * edit them with catan_edit_set_hex_chip().
 * @param g the game being built
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL the game is built; building it fails later when
 *         its board has no chip space
 */
int catan_game_declare_number_chips(catan_game *g);

/**
 * The robber starts off the board, from a build_game (Fishing on Catan:
 * "Place the robber next to the game board. It will enter the game when
 * you \"Resolve a 7\" or play a Knight card"; Merchant Trains): the state's
 * robber is then #CATAN_NONE (catan_state_robber()) until a 7 or a Knight
 * moves it onto a hex, and every "to the desert" (Robber Flees, the
 * library's catan_turn__send_robber_home()) sends it off the board again.
 * Off the board it blocks no hex and robs nobody; snapshots and
 * observations write its place as `robber none`, JSON as null, and
 * catan_edit_set_robber() takes #CATAN_NONE.
 * @param g the game being built
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL the game is built
 */
int catan_game_set_robber_off_board(catan_game *g);

/** Most award contests a game may declare (catan_game_set_award_contests()). */
#define CATAN_MAX_CONTESTS 16

/**
 * Contest every award separately within groups of the seated players,
 * from a build_game (CATAN Connect: "The contest for the Longest Trade
 * Route is held separately on each game board, between the two people
 * who have their starting area on that board", and Largest Army
 * likewise). Each contest has its own holder of each award, decided by
 * the same rule as a game without contests (the game's least value, the
 * holder keeps ties, set aside when nobody is alone at the top) among
 * its members only; a player scores an award's points for each award
 * they hold in their contest. Neutral players are in no contest and hold
 * no award. The state keeps the contests' holders only in games that
 * declare some; catan_state_longest_road_holder() and
 * catan_state_largest_army_holder() answer -1 there (ask
 * catan_state_award_holder()). A NULL @p contest_of_player with
 * @p nplayers 0 takes the contests out again (one contest of everyone).
 * @param g the game being built
 * @param contest_of_player each seated player's contest, numbered from 0
 *        without gaps (every contest up to the highest has a member)
 * @param nplayers the game's number of seated players
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL a NULL game or list, a count that is not the
 *         game's, a contest number of #CATAN_MAX_CONTESTS or more, a
 *         contest without members, or the game is built; nothing changes
 */
int catan_game_set_award_contests(catan_game *g, const uint8_t *contest_of_player,
				  unsigned nplayers);

/** One action type's shape in the action space (catanrules/space.h). */
typedef struct catan_action_shape {
	int      type;   /**< a type of the variant's or module's own range */
	int      target; /**< #catan_space_field of its target */
	int      arg;    /**< #catan_space_field of its arg */
	int      cards;  /**< #catan_space_cards of give[] and get[] */
	unsigned max;    /**< most cards per side for the SET and TRADE shapes (1..8) */
	unsigned values; /**< the domain 0..values-1 of a #CATAN_SPACE_VALUE field (1..255) */
	/** The first slot of give[] of a payment besides the cards (traded
	 *  tokens: Fishing's fish): counts in @c pay_slots slots from it, 1 to
	 *  @c pay_max in all; the card shape then reads give[] without them. */
	unsigned pay_first;
	unsigned pay_slots; /**< how many slots the payment spans (0: none) */
	unsigned pay_max;   /**< most units paid (1..8) */
} catan_action_shape;

/**
 * Declare the shape of one of the variant's or module's player action
 * types, from its build_game: which ids of the game's action space
 * (catanrules/space.h) the type's actions take. Declare every type the
 * rules list for a player (chance outcomes have no ids); a game with a
 * module, or a variant, of action types and no shapes has no action space.
 * The core's types (roll ... end_turn) have theirs already.
 * @param g the game being built
 * @param shape the shape
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL a core type, a type declared twice, a field, cards
 *         or max out of range, too many shapes, or the game is built
 */
int catan_game_declare_action_shape(catan_game *g, const catan_action_shape *shape);
/**
 * catan_game_declare_action_shape() for each of @p n @p shapes, in order,
 * stopping at the first refused.
 * @param g the game being built
 * @param shapes the shapes
 * @param n how many
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL as catan_game_declare_action_shape(), for the first
 *         shape refused (those before it stay declared)
 */
int catan_game_declare_action_shapes(catan_game *g, const catan_action_shape *shapes, size_t n);

/**
 * Forbid roads on the edges a kind of site covers, from the variant's or a
 * module's build_game, after the board is final ("Roads may not be built
 * on bridge sites", traders-and-barbarians.txt, Rivers of Catan). Every
 * road the core places or lists keeps off them: set-up roads, roads built
 * and Road Building's (B10: the card is playable only when a road fits),
 * and the roads of neutral players; a road-like piece may still go there
 * (catan_pieces__check_place() does not ask). A refused road has the
 * reason #CATAN_REASON_VARIANT_RULE.
 * @param g the game being built
 * @param site_kind a #catan_site_kind whose sites cover edges (others
 *        change nothing)
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL an unknown kind, or the game is built
 */
int catan_game_forbid_roads_on_sites(catan_game *g, unsigned site_kind);

/**
 * Say which hexes the rules mean by "the desert", from a build_game, on a
 * board without one (Rivers of Catan: "Actions that move the robber to
 * the desert move it to a swamp instead", RULINGS T11: "a swamp of the
 * mover's choice"). The robber still starts on its home (the board's
 * robber-home site or first desert, catan_turn__robber_home()); "to the
 * desert" then means any hex of @p terrain, the mover's choice
 * (catan_turn__desert_choice()), and "on the desert" a corner of one.
 * @param g the game being built
 * @param terrain a #catan_terrain
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL an unknown terrain, or the game is built
 */
int catan_game_set_desert_terrain(catan_game *g, unsigned terrain);

/** Current version of struct catan_variant_ops. */
#define CATAN_VARIANT_OPS_VERSION 4

/** The variant vtable. */
struct catan_variant_ops {
	unsigned int            version;         /**< #CATAN_VARIANT_OPS_VERSION */
	const char             *name;            /**< registry key and game-string head */
	const char             *description;     /**< one line */
	uint8_t                 min_players;     /**< fewest players */
	uint8_t                 max_players;     /**< most players */
	uint8_t                 default_players; /**< players when not given */
	const catan_param_spec *params;          /**< parameters, terminated by a NULL name */

	/** Fill the game: board, rules constants, state size. Params are parsed. */
	int (*build_game)(catan_game *g);
	/** Set up the initial position (the block is zeroed; RNG seeded). */
	int (*init_state)(catan_state *s);
	/** Push the legal actions of @p player in canonical order. */
	void (*legal_actions)(const catan_state *s, int player, catan_sink *sink);
	/** Decide legality of a player action; return a #catan_reason (0 = legal). */
	int (*check_action)(const catan_state *s, const catan_action *a);
	/** Apply a legal action or chance outcome. */
	void (*apply)(catan_state *s, const catan_action *a);
	/** Push the pending chance event's outcomes. */
	void (*chance_outcomes)(const catan_state *s, catan_sink *sink);
	/** Bit mask of players who owe a decision. */
	uint32_t (*acting_players)(const catan_state *s);
	/** Victory points of a player. */
	int (*victory_points)(const catan_state *s, int player, int include_hidden);
	/** Name of a variant phase (NULL: none). */
	const char *(*phase_name)(int phase);
	/** End-of-action bookkeeping after modules ran (the win check, G4),
	 *  after every action. The state's points_touched flag
	 *  (lib/catan-private.h) says whether anything the turn player's
	 *  points count may have changed since the last check that found no
	 *  chance event pending; a new turn sets it only for a player whose
	 *  points changed outside their turn (catan_state__turn_starts()). */
	void (*finish_action)(catan_state *s);
	/** Format a variant-defined action type (NULL if the variant has none);
	 *  same contract as catan_action_format(). */
	int (*format_action)(const catan_game *g, const catan_action *a,
			     char *buf, size_t cap, size_t *len_out);
	/** Parse a variant-defined action: @p name is the action word, @p args the
	 *  rest of the text; return CATAN_ENOTFOUND for names it does not know. */
	int (*parse_action)(const catan_game *g, const char *name, const char *args,
			    catan_action *out);

	/* Since version 2: the numbers the variant defines beyond the
	 * core's (sys/module.h explains the checks). */

	uint16_t action_first; /**< first variant-defined action type (0: none), from #CATAN_ACT_VARIANT_BASE */
	uint16_t action_last;  /**< last variant-defined action type */
	uint8_t  phase_first;  /**< first variant-defined phase (0: none), from #CATAN_PHASE_VARIANT_BASE */
	uint8_t  phase_last;   /**< last variant-defined phase */
	uint8_t  chance_first; /**< first variant-defined pending chance event (0: none), from 16 */
	uint8_t  chance_last;  /**< last variant-defined pending chance event */
	/** #CATAN_INFORMATION_IMPERFECT if some of a position is hidden from
	 *  some players (catan_game_info_get()). */
	uint8_t  information;
	/** #catan_simultaneous bits: the kinds of multi-actor phases. */
	uint8_t  simultaneous;

	/* Since version 3: rounds (sys/module.h explains both). */

	/** Phases (0-terminated; NULL: none) where several players may act
	 *  and the order of arrival decides (#CATAN_SIMULTANEOUS_REAL_TIME). */
	const uint8_t *real_time_phases;
	/** Push the referee's legal actions now (player #CATAN_PLAYER_REFEREE;
	 *  NULL: the variant has none). */
	void (*referee_actions)(const catan_state *s, catan_sink *sink);

	/* Since version 4. */

	/** Whether @p hex produces nothing on a roll now besides the robber's
	 *  (several robbers, one per joined board): non-zero blocks it
	 *  (sys/module.h: hex_blocked). NULL: only the robber blocks. */
	int (*hex_blocked)(const catan_state *s, unsigned hex);
};

CATAN_END_DECLS

/** @} */
#endif
