/*
 * libcatanrules: the kit shared by the rule suites (tests/test-rules-*.c).
 * SPDX-License-Identifier: MIT
 *
 * Each test runs with the fixture pool_setup/pool_teardown: states made by
 * new_state() or clone_state() (or handed to keep()) are freed by the
 * teardown, so tests stay short. Actions are written in notation; ACT()
 * insists the text is canonical (it formats back to itself and parses back
 * to the same action), so a test also pins the notation. APPLY() must be
 * legal (check, then apply), LEGAL() only checks, REFUSE() must be refused
 * with the reason by check and by apply, and the refused apply must leave
 * the state unchanged byte for byte and by hash.
 *
 * The base-game programs also get the helpers at the end (TEST_RULES_BASE).
 */
#ifndef TEST_RULES_KIT_H
#define TEST_RULES_KIT_H

#include "test-common.h"

/* States a test may keep in the pool. */
#define POOL_SIZE 32

struct rules_pool {
	catan_ctx *ctx;
	catan_state *states[POOL_SIZE];
	int n;
};

extern struct rules_pool pool;

void pool_setup(void);
void pool_teardown(void);
/* Hand a state to the pool (freed by the teardown). */
catan_state *keep(catan_state *s);
/* A new state of a game string, in the pool. */
catan_state *new_state(const char *spec);
/* A clone, in the pool. */
catan_state *clone_state(const catan_state *s);

catan_action act_at(int line, const catan_state *s, const char *text);
void apply_action_at(int line, catan_state *s, const catan_action *a, const char *text);
void apply_at(int line, catan_state *s, const char *text);
void applyf_at(int line, catan_state *s, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void legal_at(int line, const catan_state *s, const char *text);
void refuse_action_at(int line, catan_state *s, const catan_action *a,
		      const char *text, int want, const char *words);
void refuse_at(int line, catan_state *s, const char *text, int want, const char *words);

/* The canonical action of a text. */
#define ACT(s_, text_) act_at(__LINE__, (s_), (text_))
/* Apply an action that must be legal (checked, then applied). */
#define APPLY(s_, text_) apply_at(__LINE__, (s_), (text_))
#define APPLYF(s_, ...) applyf_at(__LINE__, (s_), __VA_ARGS__)
/* The action is legal now (checked only, not applied). */
#define LEGAL(s_, text_) legal_at(__LINE__, (s_), (text_))
/* Refused with CATAN_REASON_<reason_> by check and apply, state unchanged. */
#define REFUSE(s_, text_, reason_) \
	refuse_at(__LINE__, (s_), (text_), CATAN_REASON_##reason_, NULL)
/* The same, and the refusal's message contains @words_. */
#define REFUSE_SAYING(s_, text_, reason_, words_) \
	refuse_at(__LINE__, (s_), (text_), CATAN_REASON_##reason_, (words_))
/* The same for an action built in code rather than parsed. */
#define REFUSE_ACTION(s_, a_, reason_) \
	refuse_action_at(__LINE__, (s_), (a_), "(built action)", \
			 CATAN_REASON_##reason_, NULL)

/* "lumber=1,ore=2" -> counts per resource; "" is no card. */
void parse_cards_at(int line, const char *text, unsigned out[CATAN_NUM_RESOURCES]);
void hand_at(int line, catan_state *s, int player, const char *text);
unsigned loc_at(int line, const catan_state *s, const char *text, int want_kind);
void place_at(int line, catan_state *s, int player, int piece, const char *where);
void remove_at(int line, catan_state *s, const char *where);
void turn_at(int line, catan_state *s, int player, int phase);
void roll_at(int line, catan_state *s, int total);

/* Set a player's whole hand (other kinds go back to the bank). */
#define HAND(s_, p_, text_) hand_at(__LINE__, (s_), (p_), (text_))
/* Ids of locations in notation. */
#define VERTEX(s_, t_) loc_at(__LINE__, (s_), (t_), CATAN_LOC_VERTEX)
#define EDGE(s_, t_) loc_at(__LINE__, (s_), (t_), CATAN_LOC_EDGE)
#define HEX(s_, t_) loc_at(__LINE__, (s_), (t_), CATAN_LOC_HEX)
/* Edit pieces onto the board (no placement rules, no payment). */
#define SETTLEMENT(s_, p_, w_) \
	place_at(__LINE__, (s_), (p_), CATAN_PIECE_SETTLEMENT, (w_))
#define CITY(s_, p_, w_) place_at(__LINE__, (s_), (p_), CATAN_PIECE_CITY, (w_))
#define ROAD(s_, p_, w_) place_at(__LINE__, (s_), (p_), CATAN_PIECE_ROAD, (w_))
/* Take the building at an intersection off the board. */
#define REMOVE(s_, w_) remove_at(__LINE__, (s_), (w_))
/* Put @p_'s turn in the main phase (rolled, nothing built yet) or before the roll. */
#define MAIN_PHASE(s_, p_) turn_at(__LINE__, (s_), (p_), CATAN_PHASE_MAIN)
#define ROLL_PHASE(s_, p_) turn_at(__LINE__, (s_), (p_), CATAN_PHASE_ROLL)
/* The turn player rolls and the dice show @total_ (EXPLICIT chance). */
#define ROLL(s_, total_) roll_at(__LINE__, (s_), (total_))

/* ----------------------------------------------------------- queries */

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* @player's legal actions, into @buf; their count. */
size_t legal_actions(const catan_state *s, int player, catan_action *buf, size_t cap);
/* Public victory points; with the hidden Victory Point cards. */
int vp(const catan_state *s, int player);
int total_vp(const catan_state *s, int player);
void expect_phase_at(int line, const catan_state *s, int phase);
void expect_robber_moves_at(int line, const catan_state *s, int player, const char *hexes);

/* The state is in CATAN_PHASE_<phase_>. */
#define EXPECT_PHASE(s_, phase_) \
	expect_phase_at(__LINE__, (s_), CATAN_PHASE_##phase_)
/* The player's legal actions are exactly the robber moves to @hexes_
 * ("h0 h1 h7"), in this order. */
#define EXPECT_ROBBER_MOVES(s_, p_, hexes_) \
	expect_robber_moves_at(__LINE__, (s_), (p_), (hexes_))

/* The beginner board and pieces of @players with @extra game parameters
 * ("phases=combined" or "") and @modules ("+friendly_robber"); the roll-off
 * went to p0, whose first turn begins. */
catan_state *beginner_modules(int players, const char *extra, const char *modules);
#define FR "+friendly_robber"
#define HOC "+harbors"

/* Everything off the board and out of the hands (edits); the robber
 * stays where it is. */
void clear_position(catan_state *s);

/* ============================================ the base game's helpers */

/*
 * The base-game programs (tests/test-rules-base-*.c) define TEST_RULES_BASE
 * before including this header; the other rule programs have static helpers
 * of some of these names (beginner, chance_outcomes, ...) and do not see
 * these declarations.
 *
 * Positions are built on the beginner board (board=beginner, FACTS.md 1.2),
 * hex ids row by row:
 *
 *	h0 mountains 10  h1 pasture 2    h2 forest 9
 *	h3 fields 12     h4 hills 6      h5 pasture 4    h6 hills 10
 *	h7 fields 9      h8 forest 11    h9 desert       h10 forest 3  h11 mountains 8
 *	h12 forest 8     h13 mountains 3 h14 fields 4    h15 pasture 5
 *	h16 hills 5      h17 fields 6    h18 pasture 11
 *
 * setup=beginner (FACTS.md 1.4) places, the second settlement paying:
 *	p0 h14.se (road h14.ne-se), h12.se (road h13.s-sw): lumber, brick, ore
 *	p1 h10.se (road h10.ne-se), h3.se (road h3.se-s):   lumber, brick, grain
 *	p2 h2.s (road h2.s-sw),     h13.se (road h14.s-sw): grain 2, ore
 *	p3 h0.se (road h1.s-sw),    h7.se (road h8.s-sw):   lumber 2, grain
 */
#ifdef TEST_RULES_BASE

/* The player's public and private counts. */
catan_player_info info(const catan_state *s, int player);
void expect_hand_at(int line, const catan_state *s, int player, const char *text);
void expect_bank_at(int line, const catan_state *s, const char *text);
void expect_bank_change_at(int line, const uint8_t before[CATAN_MAX_CARD_KINDS],
			   const catan_state *s, int sign, const char *text);
/* The bank's cards of one kind; the deck's development cards of one kind. */
unsigned bank_of(const catan_state *s, int kind);
unsigned deck_of(const catan_state *s, int kind);
void dev_at(int line, catan_state *s, int player, int kind, int playable);

/* The player's hand is exactly @text_ ("lumber=1,ore=2"). */
#define EXPECT_HAND(s_, p_, text_) expect_hand_at(__LINE__, (s_), (p_), (text_))
/* The bank holds exactly @text_. */
#define EXPECT_BANK(s_, text_) expect_bank_at(__LINE__, (s_), (text_))
/* The bank gained or lost exactly @t_ since @b_ (from catan_state_bank()). */
#define EXPECT_BANK_GAIN(b_, s_, t_) \
	expect_bank_change_at(__LINE__, (b_), (s_), 1, (t_))
#define EXPECT_BANK_LOSS(b_, s_, t_) \
	expect_bank_change_at(__LINE__, (b_), (s_), -1, (t_))
/* Give @p_ a playable development card of @kind_ from the deck. */
#define DEV(s_, p_, kind_) dev_at(__LINE__, (s_), (p_), (kind_), 1)

void roads_at(int line, catan_state *s, int player, const char *path);
/* The piece at an intersection (a catan_piece) and its owner. */
int building_at(const catan_state *s, unsigned vertex, int *owner);

/* Edit roads of @p_ along a path of intersections: "h0.nw h0.n h0.ne h1.n". */
#define ROADS(s_, p_, path_) roads_at(__LINE__, (s_), (p_), (path_))

/* A new game of @spec, in the pool, after the roll-off won by @first. */
catan_state *game_with_first(const char *spec, int first);
/*
 * The beginner board with the beginner pieces; @extra adds game parameters
 * ("phases=combined"). Turn 1 of @first, before the roll.
 */
catan_state *beginner_with(int players, int first, const char *extra);
/* The same with 4 players. */
catan_state *beginner(int first);
/* An empty beginner board (the robber on h9), turn 1 of p0 before the roll. */
catan_state *empty_board_with(int players, const char *extra);
/* The same with 4 players. */
catan_state *empty_board(void);
/* Turn 1 of p0 after the roll on the beginner set-up, hand as given. */
catan_state *build_position(const char *hand);
void end_turn_at(int line, catan_state *s);
/* The pending chance event's outcomes; @player's legal actions. */
size_t chance_outcomes(const catan_state *s, catan_chance_outcome *buf, size_t cap);
void check_supplies_at(int line, const catan_state *s);

/* The turn player ends the turn. */
#define END_TURN(s_) end_turn_at(__LINE__, (s_))
/*
 * G5: resource cards (19 each), development cards (25 at most) and roads
 * (15 per color) are all accounted for: nothing is created or lost.
 */
#define CHECK_SUPPLIES(s_) check_supplies_at(__LINE__, (s_))

#endif /* TEST_RULES_BASE */

#endif
