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

#endif
