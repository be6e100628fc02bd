/*
 * libcatanrules: the base game's own private header — what its rules
 * (base.c) and its SAMPLED fast path and playout picker (base-playout.c)
 * share: the bodies the fast path inlines (the apply switch, the win
 * check, who acts, the main phase's section gates) and the entries of
 * each file the other calls.
 * SPDX-License-Identifier: MIT
 */
#ifndef CATAN_VARIANT_BASE_H
#define CATAN_VARIANT_BASE_H

#include "turn.h"

/* Base's phases, as the turn kit enters them. */
static const struct turn_phases base_phases = {
	.roll = CATAN_PHASE_ROLL,
	.main = CATAN_PHASE_MAIN,
	.discard = CATAN_PHASE_DISCARD,
	.robber = CATAN_PHASE_ROBBER,
	.steal = CATAN_PHASE_STEAL,
	.trade_response = CATAN_PHASE_TRADE_RESPONSE,
	.trade_confirm = CATAN_PHASE_TRADE_CONFIRM,
	.road_building = CATAN_PHASE_ROAD_BUILDING,
};

/* base.c: a chance outcome's apply; a set-up piece's (its last road starts
 * the first turn). */
void catan_base__apply_chance(catan_state *s, const catan_action *a);
void catan_base__setup_build(catan_state *s, const catan_action *a);

/* base-playout.c: catan_game's optional fast paths (lib/catan-private.h),
 * set by base's build_game. */
bool catan_base__sample_chance(catan_state *s, catan_action *out);
bool catan_base__resolve_sampled(catan_state *s, catan_action *out);
void catan_base__apply_sampled(catan_state *s, const catan_action *a);
size_t catan_base__pick_legal(const catan_state *s, int p, uint32_t r, catan_action *out);
bool catan_base__play_sampled(catan_state *s, int p, uint32_t r);

/* Most of the time there is no action card to play: that test is made
 * inline, the listing only for a player holding one. */
static inline __attribute__((always_inline)) bool
may_play_dev(const catan_state *s, int p)
{
	return catan_turn__may_play_dev(s, p, s->game->dev_action_word);
}

/* The sections of a main-phase listing besides the end of the turn, in
 * list order: legal_main() lists them, pick_main() picks from them. @hand:
 * the player's cards_word(), whose counts stay below 128 (cards are
 * conserved, see catan_trade__maritime_pairs()). */
static inline bool
may_build_road(const struct player_state *ps, uint64_t hand)
{
	return ps->roads_left && cards_word_covers(hand, COST_WORD_ROAD);
}

static inline bool
may_build_settlement(const struct player_state *ps, uint64_t hand)
{
	return ps->settlements_left && cards_word_covers(hand, COST_WORD_SETTLEMENT);
}

static inline bool
may_build_city(const struct player_state *ps, uint64_t hand)
{
	return ps->cities_left && cards_word_covers(hand, COST_WORD_CITY);
}

static inline bool
may_buy_dev(const catan_state *s, uint64_t hand)
{
	return cards_word_covers(hand, COST_WORD_DEV) && catan_turn__deck_open(s);
}

/* The player's settlements, which a city may replace, as a set of
 * intersections (boards with the piece sets: only the player's buildings
 * are looked at). */
static inline uint64_t
own_settlement_set(const catan_state *s, int p)
{
	const uint8_t *verts = st_cvert(s);
	uint8_t own = PIECE_BYTE(p, CATAN_PIECE_SETTLEMENT);
	uint64_t set = 0;

	for (uint64_t bits = st_csets(s, p)->buildings; bits; bits &= bits - 1)
		if (verts[__builtin_ctzll(bits)] == own)
			set |= bits & -bits;
	return set;
}

static inline __attribute__((always_inline)) uint32_t
acting_players(const catan_state *s)
{
	const struct core_state *c = st_ccore(s);

	switch (c->phase) {
	case CATAN_PHASE_START:
	case CATAN_PHASE_GAME_OVER:
		return 0;
	case CATAN_PHASE_DISCARD:
		return catan_turn__discarders(s);
	case CATAN_PHASE_TRADE_RESPONSE:
		return catan_turn__responders(s);
	default:
		return c->current >= 0 ? 1u << c->current : 0;
	}
}

/* The variant's apply of @a, whose type is @type: a constant where the
 * caller knows it (pick_core()), and the switch folds away. Each case
 * checks the indexes its action carries against their tables, so
 * apply_unchecked is memory-safe on any input (state.h) with one dispatch
 * per action; legality is not checked here. */
static inline __attribute__((always_inline)) void
apply_action_as(catan_state *s, const catan_action *a, int type)
{
	struct core_state *c = st_core(s);
	const struct board *b = &s->game->board;
	int p = a->player;

	if (p == CATAN_PLAYER_CHANCE) {
		catan_base__apply_chance(s, a);
		return;
	}
	if (c->current < 0)
		return;
	switch (type) {
	case CATAN_ACT_ROLL:
		catan_turn__call_dice(s);
		break;
	case CATAN_ACT_DISCARD:
		catan_turn__discard(s, p, a->give, CATAN_PHASE_ROBBER);
		break;
	case CATAN_ACT_MOVE_ROBBER:
		catan_turn__move_robber(s, p, &c->robber_hex, a->target, CATAN_PHASE_STEAL);
		break;
	case CATAN_ACT_STEAL:
		catan_turn__choose_victim(s, a->arg);
		break;
	case CATAN_ACT_BUILD_ROAD:
		if (a->target >= b->nedge)
			return;
		if (c->phase == CATAN_PHASE_SETUP) {
			catan_base__setup_build(s, a);
		} else if (c->phase == CATAN_PHASE_ROAD_BUILDING) {
			catan_build__place_road(s, p, a->target);
			catan_turn__road_built_free(s, p);
		} else {
			catan_cards__pay(s, p, catan__cost_road);
			catan_build__place_road(s, p, a->target);
			catan_turn__mark_built(s);
		}
		break;
	case CATAN_ACT_BUILD_SETTLEMENT:
		if (a->target >= b->nvert)
			return;
		if (c->phase == CATAN_PHASE_SETUP) {
			catan_base__setup_build(s, a);
		} else {
			catan_cards__pay(s, p, catan__cost_settlement);
			catan_build__place_settlement(s, p, a->target);
			catan_turn__mark_built(s);
		}
		break;
	case CATAN_ACT_BUILD_CITY:
		if (a->target >= b->nvert)
			return;
		catan_cards__pay(s, p, catan__cost_city);
		catan_build__place_city(s, p, a->target);
		catan_turn__mark_built(s);
		break;
	case CATAN_ACT_BUY_DEV:
		catan_turn__buy_dev(s, p, catan__cost_dev);
		break;
	case CATAN_ACT_PLAY_KNIGHT:
		catan_turn__play_knight(s, p, CATAN_PHASE_ROBBER);
		break;
	case CATAN_ACT_PLAY_ROAD_BUILDING:
		catan_turn__play_road_building(s, p, CATAN_PHASE_ROAD_BUILDING);
		break;
	case CATAN_ACT_PLAY_YEAR_OF_PLENTY:
		catan_turn__play_year_of_plenty(s, p, a->get);
		break;
	case CATAN_ACT_PLAY_MONOPOLY:
		catan_turn__play_monopoly(s, p, a->arg);
		break;
	case CATAN_ACT_MARITIME_TRADE:
		if (s->game->maritime_slots)
			catan_trade__maritime(s, p, a->give, a->get);
		else
			catan_cards__trade_with_bank(s, p, a->give, a->get);
		break;
	case CATAN_ACT_OFFER_TRADE:
		catan_turn__open_offer(s, p, a->give, a->get, CATAN_PHASE_TRADE_RESPONSE);
		break;
	case CATAN_ACT_ACCEPT_TRADE:
	case CATAN_ACT_DECLINE_TRADE:
	case CATAN_ACT_COUNTER_TRADE:
		catan_turn__answer(s, a, &base_phases);
		break;
	case CATAN_ACT_CONFIRM_TRADE:
		catan_turn__confirm(s, a->arg, CATAN_PHASE_MAIN);
		break;
	case CATAN_ACT_CANCEL_TRADE:
		catan_turn__cancel_offer(s, CATAN_PHASE_MAIN);
		break;
	case CATAN_ACT_END_TURN:
		if (s->game->max_turns && c->turn >= s->game->max_turns) {
			/* A truncated game: terminal with no winner. */
			c->phase = CATAN_PHASE_GAME_OVER;
			c->winner = CATAN_NO_PLAYER;
			break;
		}
		catan_turn__start(s, catan_turn__next_seat(c), CATAN_PHASE_ROLL);
		break;
	default:
		break;
	}
}

/* G4/B9: the turn player wins as soon as their points, hidden Victory Point
 * cards included, reach the target during their own turn: checked after
 * every action that can change them (a building, an award, a drawn card;
 * the modules' points follow the same events, sys/module.h), after an edit
 * or load, and at the start of a turn whose player's points changed
 * outside it (catan_state__turn_starts()). */
static inline __attribute__((always_inline)) void
finish_action(catan_state *s)
{
	struct core_state *c = st_core(s);

	if (!s->points_touched)
		return;
	if (c->phase == CATAN_PHASE_GAME_OVER || c->turn == 0 || c->current < 0)
		return;
	if (c->chance != CHANCE_NONE)
		return;
	if (!s->game->module_points) {
		/* No module adjusts points or the target: the base count
		 * (catan_state__victory_points() and catan_game_vp_to_win()
		 * fold no hook then). */
		if (catan_score__base_vp(s, c->current, true) < s->game->vp_to_win)
			return;
	} else if (catan_state__victory_points(s, c->current, true) <
		   catan_state__vp_target(s, c->current)) {
		return;
	}
	c->phase = CATAN_PHASE_GAME_OVER;
	c->winner = c->current;
	c->flags |= GAME_VP_REVEALED;
}

#endif /* CATAN_VARIANT_BASE_H */
