/*
 * libcatanrules: games, the immutable part of a play (variant, options, board).
 * SPDX-License-Identifier: MIT
 */
#ifndef INCLUDE_catanrules_game_h__
#define INCLUDE_catanrules_game_h__

#include "common.h"
#include "ctx.h"

/**
 * @file catanrules/game.h
 * @brief Immutable games: creation from options or a game string, metadata.
 * @defgroup game Games
 *
 * A game fixes the variant, its modules, every option and the board layout.
 * It is immutable and reference-counted: each state holds a reference, so a
 * game may be released in any order relative to its states and shared
 * between threads.
 *
 * Every game has a canonical game string, for example
 * `base(players=3,seed=42,chance=sampled,max_turns=0,board=beginner,...)`.
 * Parsing a game string creates the game; catan_game_to_string() gives back
 * the canonical string with every default filled in, so two games are the
 * same game exactly when their strings are equal.
 * @{
 */

CATAN_BEGIN_DECLS

/** Opaque, immutable, reference-counted game. */
typedef struct catan_game catan_game;

/** How chance events are resolved. */
typedef enum catan_chance_mode {
	CATAN_CHANCE_SAMPLED  = 0, /**< the state's seeded RNG resolves dice, draws and steals inside apply */
	CATAN_CHANCE_EXPLICIT = 1  /**< the state stops at chance nodes; the host applies an outcome */
} catan_chance_mode;

/** Options for catan_game_new(). */
typedef struct catan_game_options {
	unsigned int        version;     /**< must be #CATAN_GAME_OPTIONS_VERSION */
	uint32_t            num_players; /**< 0: the variant's default */
	uint64_t            seed;        /**< board layout and SAMPLED chance */
	uint32_t            chance_mode; /**< a #catan_chance_mode */
	uint32_t            max_turns;   /**< 0: unlimited; else the game ends without a winner after this many turns */
	const char         *params;      /**< variant parameters as "key=value,..." (NULL: defaults) */
	const char *const  *modules;     /**< NULL-terminated module names, or NULL */
} catan_game_options;

/** Current version of #catan_game_options. */
#define CATAN_GAME_OPTIONS_VERSION 1
/** Static initialiser for #catan_game_options. */
#define CATAN_GAME_OPTIONS_INIT { CATAN_GAME_OPTIONS_VERSION, 0, 0, 0, 0, NULL, NULL }

/**
 * Initialise a game-options struct with defaults.
 * @param[out] opts the struct to fill
 * @param version #CATAN_GAME_OPTIONS_VERSION
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL if @p opts is NULL
 * @retval CATAN_EVERSION if @p version is unknown
 */
CATAN_API int catan_game_options_init(catan_game_options *opts, unsigned int version);

/**
 * Create a game from options.
 * @param[out] out the new game (reference count 1); release with catan_game_unref()
 * @param ctx the context, or NULL for a private default one (its messages are then not readable)
 * @param variant a registered variant name, e.g. "base"
 * @param opts options, or NULL for defaults
 * @retval CATAN_OK on success
 * @retval CATAN_ENOTFOUND unknown variant, module or parameter (message names it)
 * @retval CATAN_ENOTSUP a variant or module that is planned but not implemented (message names it)
 * @retval CATAN_EINVAL bad value or forbidden combination (message names it)
 * @retval CATAN_EVERSION unknown options version
 * @retval CATAN_ENOMEM allocation failed
 * On failure the message is on @p ctx (catan_ctx_errmsg()).
 */
CATAN_API int catan_game_new(catan_game **out, catan_ctx *ctx, const char *variant,
                             const catan_game_options *opts);

/**
 * Create a game from a game string such as
 * `base(players=3,board=beginner,seed=42)`. Parameters may come in any order
 * and any may be left out (defaults apply). Modules follow with '+'.
 * @param[out] out the new game; release with catan_game_unref()
 * @param ctx the context, or NULL for a private default one (its messages are then not readable)
 * @param spec the game string
 * @retval CATAN_OK on success
 * @retval CATAN_EPARSE malformed string (message gives the offset)
 * @retval CATAN_ENOTFOUND unknown variant, module or parameter
 * @retval CATAN_ENOTSUP a variant or module that is planned but not implemented
 * @retval CATAN_EINVAL bad value or forbidden combination
 * @retval CATAN_ENOMEM allocation failed
 */
CATAN_API int catan_game_new_from_string(catan_game **out, catan_ctx *ctx, const char *spec);

/**
 * The canonical game string, with every default filled in.
 * @param g the game
 * @param[out] buf destination (may be NULL when @p cap is 0)
 * @param cap size of @p buf in bytes
 * @param[out] len_out string length without the NUL (may be NULL)
 * @retval CATAN_OK on success
 * @retval CATAN_EBUFS if @p cap is too small (*len_out holds the length needed)
 * @retval CATAN_EINVAL if @p g is NULL
 */
CATAN_API int catan_game_to_string(const catan_game *g, char *buf, size_t cap, size_t *len_out);

/**
 * Take a reference.
 * @param g the game
 * @return @p g
 */
CATAN_API catan_game *catan_game_ref(catan_game *g);

/**
 * Drop a reference; the game is freed with its last reference.
 * @param g the game, or NULL (no effect)
 */
CATAN_API void catan_game_unref(catan_game *g);

/**
 * The variant's name.
 * @param g the game
 * @return a borrowed string
 */
CATAN_API const char *catan_game_variant(const catan_game *g);

/**
 * Number of players.
 * @param g the game
 * @return the count, or #CATAN_EINVAL if @p g is NULL
 */
CATAN_API int catan_game_num_players(const catan_game *g);

/**
 * Number of neutral players (Catan for Two): piece owners numbered after
 * the seated players, from catan_game_num_players(). They never act and
 * hold no cards; catan_state_player() and catan_state_victory_points()
 * answer for them, and board queries name them as owners.
 * @param g the game
 * @return the count (0 in most games), or #CATAN_EINVAL if @p g is NULL
 */
CATAN_API int catan_game_neutral_players(const catan_game *g);

/**
 * The chance mode.
 * @param g the game
 * @return a #catan_chance_mode
 */
CATAN_API int catan_game_chance_mode(const catan_game *g);

/**
 * Victory points needed to win.
 * @param g the game
 * @return the target
 */
CATAN_API int catan_game_vp_to_win(const catan_game *g);

/**
 * How many kinds of resource card the game has: the kinds 0 .. n-1 of a
 * hand, the bank and the card lists of actions (5 in the base game; a
 * variant or module may declare more, as Merchants of Europe's salt).
 * @param g the game
 * @return the count, or #CATAN_EINVAL
 */
CATAN_API int catan_game_card_kind_count(const catan_game *g);

/**
 * The name a game gives a resource card kind in notation, JSON and
 * conformance scripts ("lumber", ..., or a kind the game declares).
 * @param g the game
 * @param kind 0 .. catan_game_card_kind_count() - 1
 * @return the name (it lives as long as the game), or NULL for a bad
 *         game or kind
 */
CATAN_API const char *catan_game_card_kind_name(const catan_game *g, int kind);

/**
 * The resource card kind a name stands for in this game: one of its
 * names, or a base-game alias ("wood", "clay", "sheep", "wheat") of a
 * kind that keeps its base name.
 * @param g the game
 * @param name the name
 * @return the kind (>= 0), #CATAN_ENOTFOUND for a name the game does not
 *         know, or #CATAN_EINVAL for a NULL argument
 */
CATAN_API int catan_game_card_kind_index(const catan_game *g, const char *name);

/**
 * What a development-card kind is to the core (catan_game_dev_kind()):
 * the base game's four action cards are played by its actions (a
 * "knight" action plays the game's KNIGHT kind, ...), a VICTORY_POINT
 * kind is a hidden point, never played, and a kind with no role is a
 * module's, played by the module's own action. Each role but
 * #CATAN_DEV_ROLE_NONE belongs to at most one kind of a game.
 */
typedef enum catan_dev_role {
	CATAN_DEV_ROLE_NONE           = 0, /**< played by a module's action */
	CATAN_DEV_ROLE_KNIGHT         = 1, /**< stays face up; counts for Largest Army */
	CATAN_DEV_ROLE_ROAD_BUILDING  = 2, /**< two free roads */
	CATAN_DEV_ROLE_YEAR_OF_PLENTY = 3, /**< two cards from the bank */
	CATAN_DEV_ROLE_MONOPOLY       = 4, /**< every card of a kind from the others */
	CATAN_DEV_ROLE_VICTORY_POINT  = 5, /**< a hidden point, never played */
	CATAN_DEV_NUM_ROLES           = 6  /**< number of roles */
} catan_dev_role;

/**
 * One development-card kind of a game, as catan_game_dev_kind() describes
 * it. The base game has knight (14), road_building (2), year_of_plenty
 * (2), monopoly (2) and victory_point (5) in slots 0 to 4.
 */
typedef struct catan_dev_kind_info {
	const char *name;  /**< the notation's name ([a-z0-9_]+) */
	uint32_t    role;  /**< a #catan_dev_role */
	uint32_t    count; /**< cards of the kind in the deck at the start (0: out of the game) */
} catan_dev_kind_info;

/**
 * How many development-card kinds the game has (slots 0 .. count-1).
 * @param g the game
 * @return the count (5 in the base game), or #CATAN_EINVAL
 */
CATAN_API int catan_game_dev_kind_count(const catan_game *g);

/**
 * Describe a development-card kind of the game.
 * @param g the game
 * @param slot 0 .. catan_game_dev_kind_count() - 1
 * @param[out] out the kind
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL a NULL argument or a bad slot
 */
CATAN_API int catan_game_dev_kind(const catan_game *g, int slot, catan_dev_kind_info *out);

/**
 * The name a game gives a development-card kind in notation, JSON and
 * conformance scripts ("knight", ..., or a kind the game declares).
 * @param g the game
 * @param slot 0 .. catan_game_dev_kind_count() - 1
 * @return the name (it lives as long as the game), or NULL for a bad
 *         game or slot
 */
CATAN_API const char *catan_game_dev_kind_name(const catan_game *g, int slot);

/**
 * The development-card kind a name stands for in this game.
 * @param g the game
 * @param name the name
 * @return the slot (>= 0), #CATAN_ENOTFOUND for a name the game does not
 *         know, or #CATAN_EINVAL for a NULL argument
 */
CATAN_API int catan_game_dev_kind_index(const catan_game *g, const char *name);

/**
 * The role of a development-card kind.
 * @param g the game
 * @param slot 0 .. catan_game_dev_kind_count() - 1
 * @return a #catan_dev_role (>= 0), or #CATAN_EINVAL for a bad game or slot
 */
CATAN_API int catan_game_dev_kind_role(const catan_game *g, int slot);

/**
 * The kind holding a role in this game.
 * @param g the game
 * @param role a #catan_dev_role other than #CATAN_DEV_ROLE_NONE
 * @return the slot (>= 0), #CATAN_ENOTFOUND if no kind has the role, or
 *         #CATAN_EINVAL for a bad game or role
 */
CATAN_API int catan_game_dev_role_kind(const catan_game *g, int role);

/**
 * Whether the game reshuffles its development-card discard pile into a
 * new deck when a card is bought from an empty deck (Traders &
 * Barbarians' Barbarian Attack, Merchants of Europe).
 * @param g the game
 * @return 1 or 0, or #CATAN_EINVAL
 */
CATAN_API int catan_game_dev_reshuffles(const catan_game *g);

/** The most costs one game declares. */
#define CATAN_MAX_COSTS 16

/**
 * What buying one thing takes, as catan_game_cost() describes it: the
 * cards paid to the supply. The base game has "road", "settlement",
 * "city" and "development_card" (its building costs card); a variant or
 * module may replace them and add its own (a bridge, a merchant).
 */
typedef struct catan_cost_info {
	const char *name;                     /**< the thing bought ([a-z0-9_]+) */
	uint8_t     cards[CATAN_MAX_CARD_KINDS]; /**< cards of each kind paid */
} catan_cost_info;

/**
 * How many costs the game declares.
 * @param g the game
 * @return the count (4 in the base game), or #CATAN_EINVAL
 */
CATAN_API int catan_game_cost_count(const catan_game *g);

/**
 * Describe one of the game's costs.
 * @param g the game
 * @param i 0 .. catan_game_cost_count() - 1
 * @param[out] out the cost; its name lives as long as the game
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL a NULL argument or a bad index
 */
CATAN_API int catan_game_cost(const catan_game *g, int i, catan_cost_info *out);

/**
 * The index of the cost of a thing, by name.
 * @param g the game
 * @param name the thing ("road", ...)
 * @return the index (>= 0), #CATAN_ENOTFOUND if the game has no such
 *         cost, or #CATAN_EINVAL for a NULL argument
 */
CATAN_API int catan_game_cost_index(const catan_game *g, const char *name);

/**
 * How many cards of one kind a player gives the bank for one card of
 * another without a harbor (4 in the base game, 3 in Merchants of
 * Europe); harbors may give better rates (catan_state_maritime_rate()).
 * @param g the game
 * @return the rate (2..4), or #CATAN_EINVAL
 */
CATAN_API int catan_game_maritime_rate(const catan_game *g);

/** The awards of the rules' special victory point cards (catan_game_award()). */
typedef enum catan_award {
	CATAN_AWARD_LONGEST_ROAD = 0, /**< the longest continuous road */
	CATAN_AWARD_LARGEST_ARMY = 1  /**< the most knights played */
} catan_award;

/** How many #catan_award there are. */
#define CATAN_AWARDS 2

/**
 * An award's policy in this game: the least road length (or knights
 * played) that can hold it — 5 and 3 in the base game (05.F), 5 and 2 in
 * CATAN Connect — and the points it gives (2); a game without the award
 * (Barbarian Attack has no Largest Army) answers a least value of 0, and
 * its holder is always none.
 * @param g the game
 * @param award a #catan_award
 * @param[out] min the least value that can hold it, or 0 (may be NULL)
 * @param[out] points its victory points (may be NULL)
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL a NULL game or an unknown award
 */
CATAN_API int catan_game_award(const catan_game *g, unsigned award, unsigned *min,
			       unsigned *points);

/**
 * How many groups of players contest the awards separately (CATAN
 * Connect: one per game board, catan_game_set_award_contests()); a game
 * without contests has one contest of everyone.
 * @param g the game
 * @param[out] count the number of contests, at least 1
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL a NULL argument
 */
CATAN_API int catan_game_contest_count(const catan_game *g, unsigned *count);

/**
 * The contest a player takes part in, 0 .. catan_game_contest_count() - 1.
 * In a game without contests every piece owner (neutral players too) is
 * in contest 0.
 * @param g the game
 * @param player a seated player (or a neutral one, without contests)
 * @param[out] contest the player's contest
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL a NULL argument, no such player, or a neutral
 *         player in a game with contests (they are in none)
 */
CATAN_API int catan_game_player_contest(const catan_game *g, int player, unsigned *contest);

/**
 * An upper bound on the number of legal actions of one player in any state,
 * so callers can allocate once.
 * @param g the game
 * @return the bound
 */
CATAN_API size_t catan_game_max_legal_actions(const catan_game *g);

/**
 * An upper bound on the number of outcomes of any chance node.
 * @param g the game
 * @return the bound
 */
CATAN_API size_t catan_game_max_chance_outcomes(const catan_game *g);

/** How much of a position each player sees (catan_game_info.information). */
typedef enum catan_information {
	CATAN_INFORMATION_PERFECT   = 0, /**< every player sees the whole position */
	CATAN_INFORMATION_IMPERFECT = 1  /**< some holdings or cards are hidden from other players */
} catan_information;

/** Bits of catan_game_info.simultaneous: kinds of phases where several players act. */
typedef enum catan_simultaneous {
	/** Several players owe a decision (discards on a 7, replies to an
	 *  offer) and the result does not depend on the order their actions
	 *  arrive in (catan_state_acting_players()). */
	CATAN_SIMULTANEOUS_ORDER_FREE = 1u << 0,
	/** Several players may act and the order of arrival decides, as at a
	 *  real table (real-time rounds). */
	CATAN_SIMULTANEOUS_REAL_TIME  = 1u << 1
} catan_simultaneous;

/** What catan_state_returns() pays (catan_game_info.reward). */
typedef enum catan_reward {
	/** 1 to each winner and 0 to everyone else, at the end only (0 to all
	 *  in a game ended without a winner, by max_turns). */
	CATAN_REWARD_WIN_AT_END = 0
} catan_reward;

/** The declared facts of a game, as a search or learning program asks
 *  them before it plays (after OpenSpiel's GameType and game parameters). */
typedef struct catan_game_info {
	unsigned int version;        /**< set to #CATAN_GAME_INFO_VERSION by the caller */
	uint32_t min_players;        /**< fewest seated players this variant and these modules allow */
	uint32_t max_players;        /**< most seated players they allow */
	uint32_t num_players;        /**< seated players of this game (catan_game_num_players()) */
	uint32_t num_neutral;        /**< neutral piece owners after them (catan_game_neutral_players()) */
	uint32_t chance_mode;        /**< a #catan_chance_mode */
	uint32_t information;        /**< a #catan_information */
	uint32_t simultaneous;       /**< #catan_simultaneous bits: the kinds of multi-actor phases the game has */
	uint32_t max_legal_actions;  /**< catan_game_max_legal_actions() */
	uint32_t max_chance_outcomes;/**< catan_game_max_chance_outcomes() */
	uint32_t max_turns;          /**< turns after which the game ends without a winner; 0: no limit */
	uint32_t max_moves;          /**< a bound on a game's moves, or 0 when none is known (a game without max_turns may go on for ever under players who never build) */
	uint32_t reward;             /**< a #catan_reward */
	int32_t  min_return;         /**< least a player's return can be */
	int32_t  max_return;         /**< most a player's return can be */
	int32_t  vp_to_win;          /**< catan_game_vp_to_win() */
	uint32_t state_size;         /**< bytes of a state's flat block (catan_state_size() less the handle) */
	uint32_t open_hands;         /**< 1 if every player's resource cards are open to all (development cards stay hidden) */
	/* Since version 2. */
	uint32_t referee;            /**< 1 if the game has actions of #CATAN_PLAYER_REFEREE (the host's end of a round) */
} catan_game_info;

/** Current version of #catan_game_info (version 1, without @c referee, is still accepted). */
#define CATAN_GAME_INFO_VERSION 2

/**
 * The declared facts of a game: players, chance, information, simultaneous
 * phases, bounds and rewards.
 * @param g the game
 * @param[in,out] out the caller sets out->version first
 * @retval CATAN_OK on success
 * @retval CATAN_EINVAL if an argument is NULL
 * @retval CATAN_EVERSION unknown out->version
 */
CATAN_API int catan_game_info_get(const catan_game *g, catan_game_info *out);

/**
 * Read an integer-valued or named parameter of the game as its canonical
 * text ("beginner", "42", ...).
 * @param g the game
 * @param name parameter name as in the game string
 * @return a borrowed string owned by the game, or NULL if the game has no such parameter
 */
CATAN_API const char *catan_game_param(const catan_game *g, const char *name);

CATAN_END_DECLS

/** @} */
#endif
