/*
 * libcatanrules: the base game's SAMPLED fast path and playout picker —
 * the chance draws without the outcome list, the fused apply sequence of
 * a SAMPLED game, and the playout's pick without the listing. They
 * re-express base.c's listing, chance and apply in another shape, with
 * the same results (tests/test-derived.c holds them against the generic
 * paths at every step).
 * SPDX-License-Identifier: MIT
 */

#include "base.h"

/* SAMPLED chance without the outcome list: the kit's draws, each the
 * outcome that walking base_chance_outcomes() would pick with the same
 * single catan_rng__below(den), so traces do not change. */
bool
catan_base__sample_chance(catan_state *s, catan_action *out)
{
	switch (st_ccore(s)->chance) {
	case CHANCE_FIRST_PLAYER:
		return catan_turn__draw_roll_off(s, out);
	case CHANCE_DICE: {
		catan_action a = CATAN_ACTION_INIT;

		a.player = CATAN_PLAYER_CHANCE;
		a.type = CATAN_ACT_DICE;
		a.target = (uint16_t)catan_turn__draw_dice(s);
		*out = a;
		return true;
	}
	case CHANCE_DRAW_DEV:
		return catan_turn__draw_dev(s, out);
	case CHANCE_STEAL:
		return catan_turn__draw_steal(s, out);
	default:
		return false;
	}
}

/* catan_game.resolve_sampled: base_apply's chance case for a drawn event,
 * with the dice, the commonest event, paid straight from the draw instead
 * of through a second dispatch on the action's type. */
bool
catan_base__resolve_sampled(catan_state *s, catan_action *out)
{
	struct core_state *c = st_core(s);

	if (c->chance == CHANCE_DICE) {
		unsigned total = catan_turn__draw_dice(s);
		catan_action a = CATAN_ACTION_INIT;

		a.type = CATAN_ACT_DICE;
		a.player = CATAN_PLAYER_CHANCE;
		a.target = (uint16_t)total;
		*out = a;
		catan_turn__dice_rolled(s, total, s->game->hand_limit, &base_phases);
		c->chance = CHANCE_NONE;
		return true;
	}
	if (!catan_base__sample_chance(s, out))
		return false;
	catan_base__apply_chance(s, out);
	return true;
}

/* base_apply_sampled()'s sequence after the variant's apply: the win
 * check, the move count, the chance events the action causes drawn and
 * paid, who acts next. */
static inline __attribute__((always_inline)) void
close_sampled(catan_state *s)
{
	struct core_state *c = st_core(s);
	catan_action drawn;

	finish_action(s);
	catan_state__close_action(s);
	while (c->chance != CHANCE_NONE && c->phase != CATAN_PHASE_GAME_OVER) {
		s->built = 0;
		if (!catan_base__resolve_sampled(s, &drawn)) {
			/* Nothing the sampler can draw: the generic walk over
			 * the outcomes decides, as it would have. */
			catan_state_resolve_chance(s);
			return;
		}
		finish_action(s);
		catan_state__close_action(s);
	}
	c->acting = (uint32_t)(c->phase == CATAN_PHASE_GAME_OVER || c->chance != CHANCE_NONE ?
			       0 : acting_players(s) & catan_state__seated(s));
}

/* catan_game.apply_sampled for an action of @type (see apply_action_as()). */
static inline __attribute__((always_inline)) void
apply_sampled_as(catan_state *s, const catan_action *a, int type)
{
	s->built = 0;
	apply_action_as(s, a, type);
	close_sampled(s);
}

/* catan_game.apply_sampled: state.c's apply sequence for the base rules in
 * a SAMPLED game (alone, or with modules that leave actions, chance,
 * after-apply and who acts to it: game.c), with the apply, the win check,
 * the dice and who acts next inlined: rolls and turn ends, the commonest
 * steps, pay no indirect call. */
void
catan_base__apply_sampled(catan_state *s, const catan_action *a)
{
	apply_sampled_as(s, a, a->type);
}

/* ------------------------------------------------------------- picking */

/*
 * The playout's step without the list (catan_game.pick_legal and
 * play_sampled): the sections of base_legal_actions() counted as sets, and
 * the one action at the index r picks among them written. In play mode
 * the action is applied where it is picked, as base_apply_sampled() would:
 * each section applies its own type, with no second dispatch on it.
 */

/* The picked action: written to @out and, in play mode, applied. */
static inline __attribute__((always_inline)) void
picked(catan_state *s, catan_action *out, bool play, int type, int p, unsigned target,
       unsigned arg, int give_kind, unsigned give_n, int get_kind, unsigned get_n)
{
	sink__write(out, type, p, target, arg, give_kind, give_n, get_kind, get_n);
	if (play)
		apply_sampled_as(s, out, type);
}

/* One of the edges of @roads (sink__push_id_set()'s order). */
static inline unsigned
nth_road(const uint64_t roads[2], unsigned nroads0, size_t i)
{
	return i < nroads0 ? nth_low_bit(roads[0], i) : 64 + nth_low_bit(roads[1], i - nroads0);
}

/*
 * The main phase (legal_main()'s sections in order). A player who may
 * play a development card, or a board or state without the bit sets, is
 * left to the listing: 0.
 */
static inline __attribute__((always_inline)) size_t
pick_main_core(catan_state *s, int p, uint32_t r, catan_action *out, bool play)
{
	const struct player_state *ps = st_cplayer(s, p);
	uint64_t hand = cards_word(ps->hand);
	uint64_t roads[2] = { 0, 0 }, settlements = 0, cities = 0, pairs = 0;
	unsigned bank = 0, om = 0, nroads0 = 0;
	size_t nroads = 0, nsettlements = 0, ncities = 0, ndev, nmaritime = 0, noffers = 0, n, i;

	if (!s->game->off_sets || may_play_dev(s, p))
		return 0;
	/* Counted without loops over the sets (their exits would be
	 * mispredicted), only where a section is open. */
	if (may_build_road(ps, hand)) {
		if (!catan_build__legal_road_set(s, p, roads))
			return 0;
		nroads0 = bit_count(roads[0]);
		nroads = nroads0 + bit_count(roads[1]);
	}
	if (may_build_settlement(ps, hand)) {
		if (!catan_build__legal_settlement_set(s, p, &settlements))
			return 0;
		nsettlements = bit_count(settlements);
	}
	if (may_build_city(ps, hand)) {
		cities = own_settlement_set(s, p);
		ncities = bit_count(cities);
	}
	ndev = may_buy_dev(s, hand);
	if (!catan_turn__trading_over(s)) {
		pairs = catan_trade__maritime_pairs(s, p, &bank);
		nmaritime = catan_trade__maritime_count(pairs, bank);
		om = s->game->offer_max;
		noffers = catan_trade__offer_count(ps->hand, om);
	}
	n = nroads + nsettlements + ncities + ndev + nmaritime + noffers + 1;
	i = playout_index(r, n);

	if (i < nroads) {
		picked(s, out, play, CATAN_ACT_BUILD_ROAD, p, nth_road(roads, nroads0, i),
		       0, 0, 0, 0, 0);
		return n;
	}
	i -= nroads;
	if (i < nsettlements) {
		picked(s, out, play, CATAN_ACT_BUILD_SETTLEMENT, p, nth_low_bit(settlements, i),
		       0, 0, 0, 0, 0);
		return n;
	}
	i -= nsettlements;
	if (i < ncities) {
		picked(s, out, play, CATAN_ACT_BUILD_CITY, p, nth_low_bit(cities, i),
		       0, 0, 0, 0, 0);
		return n;
	}
	i -= ncities;
	if (i < ndev) {
		picked(s, out, play, CATAN_ACT_BUY_DEV, p, 0, 0, 0, 0, 0, 0);
		return n;
	}
	i -= ndev;
	if (i < nmaritime) {
		int give, get;
		unsigned rate = catan_trade__maritime_nth(pairs, bank, i, &give, &get);

		picked(s, out, play, CATAN_ACT_MARITIME_TRADE, p, 0, 0, give, rate, get, 1);
		return n;
	}
	i -= nmaritime;
	if (i < noffers) {
		unsigned give_n, get_n;
		int give, get;

		catan_trade__offer_nth(ps->hand, om, i, &give, &give_n, &get, &get_n);
		picked(s, out, play, CATAN_ACT_OFFER_TRADE, p, 0, 0, give, give_n, get, get_n);
		return n;
	}
	picked(s, out, play, CATAN_ACT_END_TURN, p, 0, 0, 0, 0, 0, 0);
	return n;
}

/*
 * The action of base_legal_actions() at the index @r picks, in the phases
 * of most steps; 0 (the listing decides) in set-up, trading and any phase
 * the sets do not cover. Its main-phase part is out of line: the other
 * phases' steps are short.
 */
static inline __attribute__((always_inline)) size_t
pick_core(catan_state *s, int p, uint32_t r, catan_action *out, bool play,
	  size_t (*main_phase)(catan_state *, int, uint32_t, catan_action *))
{
	const struct core_state *c = st_ccore(s);
	size_t n, i;

	switch (c->phase) {
	case CATAN_PHASE_ROLL:
		if (may_play_dev(s, p))
			return 0;
		picked(s, out, play, CATAN_ACT_ROLL, p, 0, 0, 0, 0, 0, 0);
		return 1;
	case CATAN_PHASE_DISCARD: {
		const unsigned kinds = (1u << CATAN_NUM_RESOURCES) - 1u;
		unsigned held = (unsigned)~catan_bytes__zero(
			catan_bytes__load(st_cplayer(s, p)->hand, CATAN_MAX_CARD_KINDS)) & kinds;

		n = kind_set_count(held);
		if (n == 0)
			return 0;
		picked(s, out, play, CATAN_ACT_DISCARD, p, 0, 0,
		       nth_high_bit(held, playout_index(r, n)), 1, 0, 0);
		return n;
	}
	case CATAN_PHASE_ROBBER: {
		unsigned nhex = s->game->board.nhex, robber = c->robber_hex;

		n = nhex - (robber < nhex);
		if (n == 0)
			return 0;
		i = playout_index(r, n);
		picked(s, out, play, CATAN_ACT_MOVE_ROBBER, p,
		       (unsigned)i + (robber < nhex && i >= robber), 0, 0, 0, 0, 0);
		return n;
	}
	case CATAN_PHASE_STEAL: {
		uint32_t victims = catan_state__robber_victims(s, c->robber_hex, p);

		if (c->num_players < 32)
			victims &= (uint32_t)((UINT64_C(1) << c->num_players) - 1u);
		n = bit_count(victims);
		if (n == 0)
			return 0;
		picked(s, out, play, CATAN_ACT_STEAL, p, 0, nth_low_bit(victims, playout_index(r, n)),
		       0, 0, 0, 0);
		return n;
	}
	case CATAN_PHASE_MAIN:
		return main_phase(s, p, r, out);
	case CATAN_PHASE_ROAD_BUILDING: {
		uint64_t roads[2];
		unsigned n0;

		if (!catan_build__legal_road_set(s, p, roads))
			return 0;
		n0 = bit_count(roads[0]);
		n = n0 + bit_count(roads[1]);
		if (n == 0)
			return 0;
		picked(s, out, play, CATAN_ACT_BUILD_ROAD, p, nth_road(roads, n0, playout_index(r, n)),
		       0, 0, 0, 0, 0);
		return n;
	}
	default:
		return 0;
	}
}

/* pick_main_core() in its two modes, out of line for pick_core(). */
static __attribute__((noinline)) size_t
pick_main(catan_state *s, int p, uint32_t r, catan_action *out)
{
	return pick_main_core(s, p, r, out, false);
}

static __attribute__((noinline)) size_t
play_main(catan_state *s, int p, uint32_t r, catan_action *out)
{
	return pick_main_core(s, p, r, out, true);
}

/* catan_game.pick_legal. pick_core() without play writes nothing to the
 * state: the listing's const state is cast for the code it shares with
 * play_sampled only. */
size_t
catan_base__pick_legal(const catan_state *s, int p, uint32_t r, catan_action *out)
{
	return pick_core((catan_state *)s, p, r, out, false, pick_main);
}

/* catan_game.play_sampled: pick_legal's action applied as
 * base_apply_sampled() would, in one call. */
bool
catan_base__play_sampled(catan_state *s, int p, uint32_t r)
{
	catan_action a;

	return pick_core(s, p, r, &a, true, play_main) != 0;
}
