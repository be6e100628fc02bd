/*
 * libcatanrules: the turn kit — the turn mechanics the base game family
 * shares (set-up orders, the dice and the 7, the robber and its steal,
 * domestic and maritime trade, development cards), for a variant to
 * drive from its own phase machine. The variant keeps its phase machine,
 * its action switch, its win check and its board; the kit's services
 * take the numbers of its phases and its rules constants as arguments,
 * so another variant of the family (Merchants of Europe, CATAN Connect)
 * runs the same mechanics with other phases and rules.
 *
 * Files by concern: turn-setup.c, turn-dice.c, turn-robber.c,
 * turn-trade.c, turn-devcards.c. The services that the playout's hot
 * path runs at nearly every step are inline here, as they were in the
 * base game's file before.
 * SPDX-License-Identifier: MIT
 */
#ifndef CATAN_TURN_H
#define CATAN_TURN_H

#include "catan-private.h"

/*
 * The phases of a variant's turn flow that the kit's services enter: the
 * base game gives its CATAN_PHASE_* numbers (variants/base.c), another
 * variant its own. A service that ends a step resumes the turn in
 * core_state.return_phase where the step was entered from several places
 * (the robber after a 7 or a Knight, Road Building), else in @main.
 */
struct turn_phases {
	uint8_t roll;             /* a turn's start, before the dice */
	uint8_t main;             /* trade and build, after the dice */
	uint8_t discard;          /* discards owed after a 7 */
	uint8_t robber;           /* the robber's move */
	uint8_t steal;            /* choosing whom to rob */
	uint8_t trade_response;   /* the others answer an offer */
	uint8_t trade_confirm;    /* the offerer picks a partner */
	uint8_t road_building;    /* the roads of a Road Building card */
};

/* ------------------------------------------------ turns (inline, hot) */

/*
 * The start of @player's turn in phase @roll: the turn counted, the turn
 * flags and the dice cleared (only the game's VP_REVEALED flag stays), no
 * development card bought yet; a change of the player's points since
 * their last check is checked now (G4).
 */
static inline void
catan_turn__start(catan_state *s, int player, unsigned roll)
{
	struct core_state *c = st_core(s);

	c->current = (int8_t)player;
	c->turn++;
	catan_state__turn_starts(s, player);   /* G4 */
	c->phase = (uint8_t)roll;
	c->flags &= GAME_VP_REVEALED;
	c->dice = 0;
	memset(c->dev_bought, 0, sizeof(c->dev_bought));
}

/* The seat to the left of the current player (clockwise order), with no
 * division on the hot path. */
static inline int
catan_turn__next_seat(const struct core_state *c)
{
	return c->current + 1 < c->num_players ? c->current + 1 : 0;
}

/* Whether the current player has rolled this turn. */
static inline bool
catan_turn__has_rolled(const catan_state *s)
{
	return (st_ccore(s)->flags & TURN_ROLLED) != 0;
}

/* Something was built or bought this turn: with strict phases (B4) the
 * turn's trading is over (catan_turn__trading_over()). */
static inline void
catan_turn__mark_built(catan_state *s)
{
	st_core(s)->flags |= TURN_BUILT;
}

/* Leave the turn's flow for a step of one's own (a module's phase
 * @phase): returns the phase left, which catan_turn__resume() takes
 * back. */
static inline unsigned
catan_turn__suspend(catan_state *s, unsigned phase)
{
	struct core_state *c = st_core(s);
	unsigned left = c->phase;

	c->phase = (uint8_t)phase;
	return left;
}

/* Whether @player may take an action "during your turn" that the texts
 * allow before the roll and in the action phase, and not inside another
 * step (Catan for Two's trade tokens, Fishing's fish): a catan_reason. */
static inline int
catan_turn__check_own_step(const catan_state *s, int player)
{
	const struct core_state *c = st_ccore(s);

	if (player != c->current)
		return CATAN_REASON_NOT_YOUR_TURN;
	if (c->phase != CATAN_PHASE_ROLL && c->phase != CATAN_PHASE_MAIN)
		return CATAN_REASON_WRONG_PHASE;
	return CATAN_REASON_NONE;
}

/* Give the turn back to the flow's phase @phase (one catan_turn__suspend()
 * returned, or core_state.return_phase). */
static inline void
catan_turn__resume(catan_state *s, unsigned phase)
{
	st_core(s)->phase = (uint8_t)phase;
}

/* --------------------------------------------------- dice (turn-dice.c) */

/* The totals of two dice by a draw r < 36, in the order the dice
 * outcomes are listed (catan_turn__dice_outcomes()). */
extern const uint8_t catan_turn__dice_of_draw[36];

/* The dice's chance event: the current player's roll, drawn or listed. */
static inline void
catan_turn__call_dice(catan_state *s)
{
	st_core(s)->chance = CHANCE_DICE;
}

/* SAMPLED: the total of two dice drawn from the state's RNG with one
 * catan_rng__below(36), as walking catan_turn__dice_outcomes() would. */
static inline unsigned
catan_turn__draw_dice(catan_state *s)
{
	return catan_turn__dice_of_draw[catan_rng__below_inline(&st_core(s)->rng, 36)];
}

/* Push the outcomes of two dice, CATAN_ACT_DICE totals 2..12 over 36. */
void catan_turn__dice_outcomes(catan_sink *sink);
/* Push the first-player roll-off's outcomes (B3): CATAN_ACT_FIRST_PLAYER,
 * each seated player's target at 1/n. */
void catan_turn__roll_off_outcomes(const catan_state *s, catan_sink *sink);
/* SAMPLED: the roll-off's winner drawn as walking its outcomes would;
 * false (nothing drawn) without players. */
bool catan_turn__draw_roll_off(catan_state *s, catan_action *out);
/* SAMPLED: one item of a pile of @counts (a hand, a deck; @nkinds kinds)
 * drawn with one catan_rng__below(their sum), as walking the outcomes of
 * each kind by count in kind order would: @out is a chance action of
 * @type with the kind in arg. False (nothing drawn) from an empty pile. */
bool catan_turn__draw_from_pile(catan_state *s, int type, const uint8_t *counts, int nkinds,
				catan_action *out);

/*
 * A 7: each player holding more than @hand_limit cards owes half of them,
 * rounded down (base-game.txt 05.B); the robber step follows, in
 * @ph->discard while anyone owes, and then resumes in @ph->main.
 */
void catan_turn__seven(catan_state *s, unsigned hand_limit, const struct turn_phases *ph);

/*
 * The dice showed @total: recorded with the turn's rolled flag; a 7 goes
 * to catan_turn__seven(), any other total pays production
 * (catan_production__roll(), the modules' production folds included)
 * and opens @ph->main.
 */
static inline void
catan_turn__dice_rolled(catan_state *s, unsigned total, unsigned hand_limit,
			const struct turn_phases *ph)
{
	struct core_state *c = st_core(s);

	c->dice = (uint8_t)total;
	c->flags |= TURN_ROLLED;
	if (total != 7) {
		catan_production__roll(s, total);
		c->phase = ph->main;
		return;
	}
	catan_turn__seven(s, hand_limit, ph);
}

/* The players who owe a discard (acting players of the discard step). */
static inline uint32_t
catan_turn__discarders(const catan_state *s)
{
	const struct core_state *c = st_ccore(s);
	uint32_t mask = 0;

	for (int p = 0; p < c->num_players; p++)
		if (st_cplayer(s, p)->discard_owed)
			mask |= 1u << p;
	return mask;
}

/* Whether @p may discard @give: some cards, held, no more than owed. */
int catan_turn__check_discard(const catan_state *s, int p, const uint8_t give[CATAN_MAX_CARD_KINDS]);
/* Push @p's discards, one card of a kind held at a time (apply also takes
 * several at once). */
void catan_turn__push_discards(const catan_state *s, catan_sink *sink, int p);
/* @p returns @give to the bank; once nobody owes, the robber step
 * (@robber_phase) begins. */
void catan_turn__discard(catan_state *s, int p, const uint8_t give[CATAN_MAX_CARD_KINDS],
			 unsigned robber_phase);

/* ----------------------------------------------- robber (turn-robber.c) */

/*
 * The robber's home: where it starts and where "to the desert" sends it
 * (the board's desert, BOARD_NONE without one). One place to decide it,
 * for the games whose home is elsewhere.
 */
static inline unsigned
catan_turn__robber_home(const catan_game *g)
{
	return g->robber_off_board ? BOARD_NONE : g->board.desert;
}

/* Whether the robber's home is off the board (catan_game_set_robber_off_board():
 * Fishing on Catan, Merchant Trains). */
static inline bool
catan_turn__robber_home_off_board(const catan_game *g)
{
	return g->robber_off_board;
}

/*
 * Whether "to the desert" may send the robber to @hex: the robber's home,
 * or, in a game that names a desert terrain (catan_game_set_desert_terrain():
 * Rivers' swamps), any hex of it, the mover's choice.
 */
static inline bool
catan_turn__desert_choice(const catan_game *g, unsigned hex)
{
	if (hex >= g->board.nhex)
		return false;
	if (g->has_desert_terrain)
		return g->board.hex[hex].terrain == g->desert_terrain;
	return hex == g->board.desert;
}

/* Whether "the desert" is a hex other than @hex (where the robber could
 * be sent from @hex). */
static inline bool
catan_turn__desert_elsewhere(const catan_game *g, unsigned hex)
{
	if (!g->has_desert_terrain)
		return g->board.desert != BOARD_NONE && g->board.desert != hex;
	for (unsigned h = 0; h < g->board.nhex; h++)
		if (h != hex && g->board.hex[h].terrain == g->desert_terrain)
			return true;
	return false;
}

/* Whether vertex @v is "on the desert": a corner of a desert hex, or of a
 * hex of the game's desert terrain. */
static inline bool
catan_turn__on_desert(const catan_game *g, unsigned v)
{
	const struct board_vertex *bv = &g->board.vert[v];

	for (unsigned i = 0; i < bv->nhex && i < 3; i++) {
		unsigned h = bv->hex[i];

		if (h >= g->board.nhex)
			continue;
		if (g->board.hex[h].terrain == CATAN_TERRAIN_DESERT ||
		    (g->has_desert_terrain && g->board.hex[h].terrain == g->desert_terrain))
			return true;
	}
	return false;
}

/* Send the robber home (Robber Flees, Catan for Two's token robber), no
 * steal: false, with nothing changed, when the game has no home for it.
 * A game with a desert terrain lets the mover choose among its hexes
 * afterwards (the module that names it); in a game whose robber's home
 * is off the board it leaves the board (core_state.robber_hex BOARD_NONE). */
bool catan_turn__send_robber_home(catan_state *s);

/* The robber step: @robber_phase, resuming in @resume when it ends. */
static inline void
catan_turn__start_robber(catan_state *s, unsigned robber_phase, unsigned resume)
{
	struct core_state *c = st_core(s);

	c->return_phase = (uint8_t)resume;
	c->phase = (uint8_t)robber_phase;
}

/* Whether a robber standing on @from may move to @hex: another hex of the
 * board (05.B). */
int catan_turn__check_robber_move(const catan_state *s, unsigned hex, unsigned from);
/* Push @p's robber moves from @from: every other hex, in hex order. */
void catan_turn__push_robber_moves(const catan_state *s, catan_sink *sink, int p, unsigned from);
/*
 * @p moves the robber at *@robber (core_state.robber_hex for the one
 * robber of the base game; a piece of a slice for a game of several) to
 * @hex: the steal step @steal_phase follows when someone there may be
 * robbed (catan_state__robber_victims(), the modules' folds included),
 * else the turn resumes in core_state.return_phase.
 */
void catan_turn__move_robber(catan_state *s, int p, uint16_t *robber, unsigned hex,
			     unsigned steal_phase);
/* Whether @p may rob @victim at the robber on @hex. */
int catan_turn__check_steal(const catan_state *s, int p, unsigned victim, unsigned hex);
/* Push @p's choices of whom to rob at the robber on @hex. */
void catan_turn__push_steals(const catan_state *s, catan_sink *sink, int p, unsigned hex);
/* @victim chosen: the card is drawn from their hand (CHANCE_STEAL). */
void catan_turn__choose_victim(catan_state *s, unsigned victim);
/* Push the steal's outcomes: CATAN_ACT_STEAL_CARD of each kind the victim
 * holds, by count. */
void catan_turn__steal_outcomes(const catan_state *s, catan_sink *sink);
/* SAMPLED: the stolen card drawn as walking its outcomes would; false
 * (nothing drawn) without a victim holding cards. */
bool catan_turn__draw_steal(catan_state *s, catan_action *out);
/* A card of @kind goes from the victim to the current player, and the
 * turn resumes in core_state.return_phase. False, with nothing changed,
 * for a kind, victim or turn that does not exist. */
bool catan_turn__card_stolen(catan_state *s, unsigned kind);

/* ------------------------------------------------ trade (turn-trade.c) */

/* The card kinds of the base resources, which base's trades carry: a
 * bit per kind, the @kinds argument of the trade services. */
#define TURN_BASE_RESOURCES ((1u << CATAN_NUM_RESOURCES) - 1u)

/* B4 phases=strict: the first build or buy ends the turn's trading. */
static inline bool
catan_turn__trading_over(const catan_state *s)
{
	return s->game->strict_phases && (st_ccore(s)->flags & TURN_BUILT);
}

/* Whether @p's maritime trade @a is legal: trading open, the terms, only
 * @kinds, one card received at 4:1 or at a rate of @p's harbors (B6),
 * cards held and the bank holding the one received. */
int catan_turn__check_maritime(const catan_state *s, const catan_action *a, unsigned kinds);
/* Whether @p may offer (or counter with) @give for @get: the terms, only
 * @kinds, cards held. */
int catan_turn__check_offer(const catan_state *s, int p, const uint8_t give[CATAN_MAX_CARD_KINDS],
			    const uint8_t get[CATAN_MAX_CARD_KINDS], unsigned kinds);
/* The open offer and every answer cleared. */
void catan_turn__clear_offer(catan_state *s);
/* @p (the current player) offers @give for @get to the others, who answer
 * in @response_phase. */
void catan_turn__open_offer(catan_state *s, int p, const uint8_t give[CATAN_MAX_CARD_KINDS],
			    const uint8_t get[CATAN_MAX_CARD_KINDS], unsigned response_phase);
/* The players who have not answered the open offer yet (acting players of
 * the response step). */
static inline uint32_t
catan_turn__responders(const catan_state *s)
{
	const struct core_state *c = st_ccore(s);
	uint32_t mask = 0;

	for (int p = 0; p < c->num_players; p++)
		if (p != c->current && st_cplayer(s, p)->response == RESPONSE_PENDING)
			mask |= 1u << p;
	return mask;
}
/* Whether @a (CATAN_ACT_ACCEPT_TRADE, _DECLINE_TRADE or _COUNTER_TRADE)
 * may answer the open offer: only the others answer (05.C), once, an
 * acceptance with the cards asked, a counter on terms of @kinds held. */
int catan_turn__check_answer(const catan_state *s, const catan_action *a, unsigned kinds);
/* Push @p's answers: accept (cards held), decline, and the counters of up
 * to @om cards a side except the offer's mirror (an acceptance). */
void catan_turn__push_answers(const catan_state *s, catan_sink *sink, int p, unsigned om);
/* @a answers the open offer; once everyone has, the offerer confirms in
 * @ph->trade_confirm if anyone accepted or countered, else the offer
 * closes and the turn resumes in @ph->main. */
void catan_turn__answer(catan_state *s, const catan_action *a, const struct turn_phases *ph);
/* Whether the offerer may trade with @partner: an acceptance or a counter
 * that the hands cover now (counters are checked when confirmed). */
int catan_turn__check_confirm(const catan_state *s, unsigned partner);
/* Push the offerer @p's confirmations, then the cancel. */
void catan_turn__push_confirms(const catan_state *s, catan_sink *sink, int p);
/* The offerer trades with @partner on their answer's terms; the offer
 * closes and the turn resumes in @resume. */
void catan_turn__confirm(catan_state *s, unsigned partner, unsigned resume);
/* The offer closes with no trade; the turn resumes in @resume. */
void catan_turn__cancel_offer(catan_state *s, unsigned resume);

/* ------------------------------------- development cards (turn-devcards.c) */

/* The slot of the game's kind with role CATAN_DEV_ROLE_@role, as an int
 * (DEV_SLOT_NONE: no kind has it, which catan_turn__dev_playable() finds
 * unplayable). */
#define TURN_DEV_SLOT(s, role) ((int)catan_game__dev_slot((s)->game, CATAN_DEV_ROLE_##role))

/* Whether a card may be bought: the deck holds one, or the game
 * reshuffles and its discard pile does (catan_turn__buy_dev()). */
static inline bool
catan_turn__deck_open(const catan_state *s)
{
	uint8_t pile[CATAN_MAX_DEV_KINDS];

	if (dev_total(st_ccore(s)->dev_deck) > 0)
		return true;
	if (!s->game->dev_reshuffle)
		return false;
	catan_dev__discard(s, pile);
	return dev_total(pile) > 0;
}

/* Whether @p may play some card of @playable (a cards_word() mask, a byte
 * of 0xff per kind: catan_game.dev_action_word for the base actions' kinds)
 * this turn as far as holding and the one-per-turn rule go: the inline
 * test before a listing (most of the time there is nothing to play). */
static inline bool
catan_turn__may_play_dev(const catan_state *s, int p, uint64_t playable)
{
	return !(st_ccore(s)->flags & TURN_DEV_PLAYED) &&
	       (cards_word(st_cplayer(s, p)->dev) & playable) != 0;
}

/* Whether @p may play a card of @kind now (base-game.txt 05.E): held, no
 * card played this turn yet, not only cards bought this turn. */
int catan_turn__dev_playable(const catan_state *s, int p, int kind);
/* Whether @p may buy a development card for @cost: the deck not empty,
 * the cards held. */
int catan_turn__check_buy_dev(const catan_state *s, int p, const uint8_t cost[CATAN_MAX_CARD_KINDS]);
/* @p pays @cost (a build for strict phases) and draws the deck's top card
 * (CHANCE_DRAW_DEV). */
void catan_turn__buy_dev(catan_state *s, int p, const uint8_t cost[CATAN_MAX_CARD_KINDS]);
/* Push the draw's outcomes: CATAN_ACT_DRAW_DEV of each kind in the deck,
 * by count. */
void catan_turn__dev_draw_outcomes(const catan_state *s, catan_sink *sink);
/* SAMPLED: the drawn card as walking its outcomes would; false (nothing
 * drawn) from an empty deck. */
bool catan_turn__draw_dev(catan_state *s, catan_action *out);
/* The current player drew a card of @kind: in their hand, bought this turn
 * (not playable until the next), its points counted at once. False, with
 * nothing changed, for a kind or a turn that does not exist. */
bool catan_turn__dev_drawn(catan_state *s, unsigned kind);
/* @p plays a card of @kind: the card leaves the hand for the discard
 * pile (a KNIGHT-role card stays face up: the caller counts it) and the
 * turn's one play is used (the card's effect is the caller's, or one
 * below). */
void catan_turn__dev_played(catan_state *s, int p, int kind);
/* A Knight: counted for Largest Army, then the robber step
 * (@robber_phase), resuming in the phase it was played in. */
void catan_turn__play_knight(catan_state *s, int p, unsigned robber_phase);
/* Road Building: up to two free roads (as many as @p has left) in
 * @road_building_phase, resuming in the phase it was played in. */
void catan_turn__play_road_building(catan_state *s, int p, unsigned road_building_phase);
/* A road of Road Building placed: the step ends, resuming in
 * core_state.return_phase, when no road is left to place or no place for
 * one (B10). */
void catan_turn__road_built_free(catan_state *s, int p);
/* The same end test alone, after something else took a place. */
void catan_turn__end_road_building_if_done(catan_state *s, int p);
/* Whether Year of Plenty's @get is legal: only @kinds, two cards the bank
 * holds, one if it holds only one (B7). */
int catan_turn__check_year_of_plenty(const catan_state *s, const uint8_t get[CATAN_MAX_CARD_KINDS],
				     unsigned kinds);
/* Year of Plenty: @p takes @get from the bank. */
void catan_turn__play_year_of_plenty(catan_state *s, int p, const uint8_t get[CATAN_MAX_CARD_KINDS]);
/* Monopoly: every other player gives @p all their cards of @kind. */
void catan_turn__play_monopoly(catan_state *s, int p, unsigned kind);
/* Push @p's plays of base's four action cards (those catan_turn__dev_playable()
 * allows; Road Building only with a place for a road, Year of Plenty only
 * from a bank with cards). */
void catan_turn__push_dev_plays(const catan_state *s, catan_sink *sink, int p);

/* --------------------------------------------------- set-up (turn-setup.c) */

/* The order of the set-up's rounds. */
enum turn_setup_order {
	TURN_SETUP_SNAKE,        /* clockwise, then in reverse, and so on */
	TURN_SETUP_CLOCKWISE,    /* every round clockwise from the first player */
};

/* A set-up of @rounds rounds of a settlement and its road each, in
 * @order; the settlements of round @paying_round and later pay their
 * hexes' resources (base: the second, 04.5). */
struct turn_setup {
	uint8_t order;            /* enum turn_setup_order */
	uint8_t rounds;
	uint8_t paying_round;
};

/* The first player won the roll-off: the set-up begins with them. */
void catan_turn__begin_setup(catan_state *s, int first, unsigned setup_phase);
/* Who places at step @step (a settlement and its road) of @rules. */
int catan_turn__setup_player(const struct core_state *c, unsigned step,
			     const struct turn_setup *rules);
/* Whether the set-up expects a piece of @type now (the settlement, then
 * its road): CATAN_REASON_SETUP_ORDER if it expects the other. */
int catan_turn__setup_expects(const struct core_state *c, int type);
/* Push @p's set-up placements: settlements apart from all, or the road
 * beside the settlement just placed. */
void catan_turn__push_setup(const catan_state *s, catan_sink *sink, int p);
/* @p places a set-up piece (@type at @target, checked); true when the
 * set-up is complete and the variant starts the first turn. */
bool catan_turn__setup_place(catan_state *s, int p, int type, unsigned target,
			     const struct turn_setup *rules);

#endif /* CATAN_TURN_H */
