/*
 * libcatanrules: the invariants a loaded snapshot must keep (catan_load()):
 * the engine's own bookkeeping, recomputed or checked, must agree with
 * every line.
 * SPDX-License-Identifier: MIT
 */

#include "catan-private.h"
#include "catan-loader.h"

/* Chance nodes of supported variants have few outcomes (as in state.c). */
#define MAX_CHANCE_OUTCOMES 64

#define KEY_LINE(ld, k) ((ld)->key_line[k])
#define bad(ld, k, ...) catan_load__fail_at((ld), KEY_LINE((ld), (k)), CATAN_EPARSE, __VA_ARGS__)
#define bad_player(ld, p, ...) catan_load__fail_at((ld), (ld)->player_line[p], CATAN_EPARSE, __VA_ARGS__)

static bool
all_zero(const uint8_t *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (v[i])
			return false;
	return true;
}

static bool
is_trade_phase(int phase)
{
	return phase == CATAN_PHASE_TRADE_RESPONSE || phase == CATAN_PHASE_TRADE_CONFIRM;
}

/* Trade terms as the engine accepts them: both sides, no kind on both,
 * only kinds the game deals. */
static bool
terms_ok(const catan_game *g, const uint8_t give[CATAN_MAX_CARD_KINDS],
	 const uint8_t get[CATAN_MAX_CARD_KINDS])
{
	if (catan_trade__check_terms(give, get) != CATAN_REASON_NONE)
		return false;
	for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++)
		if ((give[k] || get[k]) && !g->bank_start[k] && !(g->traded_slots & (1u << k)))
			return false;
	return true;
}

static int
validate_cards(struct loader *ld)
{
	const catan_game *g = ld->g;
	const catan_state *s = ld->s;
	const struct core_state *c = st_ccore(s);
	int np = c->num_players;

	for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++) {
		unsigned total = c->bank[k];

		for (int p = 0; p < np; p++)
			total += st_cplayer(s, p)->hand[k];
		if (total != g->bank_start[k])
			return bad(ld, K_BANK, "%u cards of kind %d in bank and hands; the game has %u",
				   total, k, (unsigned)g->bank_start[k]);
	}
	for (int k = 0; k < CATAN_MAX_DEV_KINDS; k++) {
		unsigned total = c->dev_deck[k];

		/* what is missing is on the discard pile (catan_dev__discard()) */
		for (int p = 0; p < np; p++) {
			total += st_cplayer(s, p)->dev[k];
			if (k == (int)catan_game__dev_slot(g, CATAN_DEV_ROLE_KNIGHT))
				total += st_cplayer(s, p)->knights;
		}
		if (total > g->dev_start[k])
			return bad(ld, K_DEV_DECK, "%u development cards of kind %d in deck, hands and play; the game has %u",
				   total, k, (unsigned)g->dev_start[k]);
	}
	for (int k = 0; k < CATAN_MAX_DEV_KINDS; k++) {
		if (!c->dev_bought[k])
			continue;
		if (c->current < 0 || c->phase == CATAN_PHASE_SETUP)
			return bad(ld, K_DEV_BOUGHT, "cards bought with no turn under way");
		if (c->dev_bought[k] > st_cplayer(s, c->current)->dev[k])
			return bad(ld, K_DEV_BOUGHT, "more cards of kind %d bought this turn than p%d holds",
				   k, c->current);
	}
	return CATAN_OK;
}

static int
validate_board(struct loader *ld)
{
	const catan_game *g = ld->g;
	const struct board *b = &g->board;
	const catan_state *s = ld->s;
	int np = catan_game__owners(g);
	unsigned settlements[CATAN_MAX_PLAYERS] = { 0 };
	unsigned cities[CATAN_MAX_PLAYERS] = { 0 };
	unsigned roads[CATAN_MAX_PLAYERS] = { 0 };

	for (unsigned v = 0; v < b->nvert; v++) {
		uint8_t byte = st_cvert(s)[v];

		if (!byte)
			continue;
		if (PIECE_KIND(byte) == CATAN_PIECE_CITY)
			cities[PIECE_OWNER(byte)]++;
		else
			settlements[PIECE_OWNER(byte)]++;
	}
	/* roads only: road-like pieces have their own stock */
	for (unsigned e = 0; e < b->nedge; e++)
		if (edge_road_owner(st_cedge(s)[e]) >= 0)
			roads[edge_road_owner(st_cedge(s)[e])]++;
	for (int p = 0; p < np; p++) {
		const struct player_state *ps = st_cplayer(s, p);

		if (settlements[p] + ps->settlements_left != g->pieces[CATAN_PIECE_SETTLEMENT])
			return bad_player(ld, p, "p%d: %u settlements on the board and %u in stock; the game has %u",
					  p, settlements[p], (unsigned)ps->settlements_left,
					  (unsigned)g->pieces[CATAN_PIECE_SETTLEMENT]);
		if (cities[p] + ps->cities_left != g->pieces[CATAN_PIECE_CITY])
			return bad_player(ld, p, "p%d: %u cities on the board and %u in stock; the game has %u",
					  p, cities[p], (unsigned)ps->cities_left,
					  (unsigned)g->pieces[CATAN_PIECE_CITY]);
		if (roads[p] + ps->roads_left != g->pieces[CATAN_PIECE_ROAD])
			return bad_player(ld, p, "p%d: %u roads on the board and %u in stock; the game has %u",
					  p, roads[p], (unsigned)ps->roads_left,
					  (unsigned)g->pieces[CATAN_PIECE_ROAD]);
	}
	return CATAN_OK;
}

/* The awards and road lengths must be what the engine's own bookkeeping
 * leaves: recomputing them on a copy changes nothing. */
static int
validate_awards(struct loader *ld)
{
	const catan_state *s = ld->s;
	const struct core_state *c = st_ccore(s);
	catan_state *copy = NULL;
	int rc;

	rc = catan_state_clone(&copy, s);
	if (rc != CATAN_OK)
		return catan_load__fail_at(ld, ld->end_line, rc, "out of memory");
	catan_awards__update_longest_road(copy);
	catan_awards__update_largest_army(copy);
	for (int p = 0; p < catan_game__owners(s->game); p++) {
		unsigned want = st_cplayer(copy, p)->road_length;

		if (st_cplayer(s, p)->road_length != want) {
			catan_state_free(copy);
			return bad_player(ld, p, "p%d: road_length %u, but the longest road is %u",
					  p, (unsigned)st_cplayer(s, p)->road_length, want);
		}
	}
	rc = CATAN_OK;
	if (st_ccore(copy)->longest_holder != c->longest_holder)
		rc = bad(ld, K_LONGEST_ROAD, "Longest Road holder does not match the roads");
	else if (st_ccore(copy)->army_holder != c->army_holder)
		rc = bad(ld, K_LARGEST_ARMY, "Largest Army holder does not match the Knights played");
	/* With award contests the holders are the contests': nobody holds
	 * an award across them. */
	if (rc == CATAN_OK && s->game->ncontests && c->longest_holder != CATAN_NO_PLAYER)
		rc = bad(ld, K_LONGEST_ROAD, "Longest Road holder does not match: the game's contests hold it");
	else if (rc == CATAN_OK && s->game->ncontests && c->army_holder != CATAN_NO_PLAYER)
		rc = bad(ld, K_LARGEST_ARMY, "Largest Army holder does not match: the game's contests hold it");
	/* Each contest's holders likewise, among its members. */
	for (unsigned k = 0; rc == CATAN_OK && k < s->game->ncontests; k++) {
		if (st_ccontest(copy, k)[CATAN_AWARD_LONGEST_ROAD] !=
		    st_ccontest(s, k)[CATAN_AWARD_LONGEST_ROAD])
			rc = catan_load__fail_at(ld, ld->contest_line[k], CATAN_EPARSE,
						 "contest %u: Longest Road holder does not match the roads",
						 k);
		else if (st_ccontest(copy, k)[CATAN_AWARD_LARGEST_ARMY] !=
			 st_ccontest(s, k)[CATAN_AWARD_LARGEST_ARMY])
			rc = catan_load__fail_at(ld, ld->contest_line[k], CATAN_EPARSE,
						 "contest %u: Largest Army holder does not match the Knights played",
						 k);
	}
	catan_state_free(copy);
	return rc;
}

static int
validate_trade(struct loader *ld)
{
	const catan_game *g = ld->g;
	const catan_state *s = ld->s;
	const struct core_state *c = st_ccore(s);
	bool trading = is_trade_phase(c->phase);
	bool pending = false, yes = false;

	if (!trading) {
		if (!all_zero(c->offer_give, CATAN_MAX_CARD_KINDS) ||
		    !all_zero(c->offer_get, CATAN_MAX_CARD_KINDS))
			return bad(ld, K_OFFER_GIVE, "an offer is open outside the trade phases");
	} else if (!terms_ok(g, c->offer_give, c->offer_get)) {
		return bad(ld, K_OFFER_GIVE, "the open offer is not a valid trade");
	}
	for (int p = 0; p < c->num_players; p++) {
		const struct player_state *ps = st_cplayer(s, p);
		bool counter_empty = all_zero(ps->counter_give, CATAN_MAX_CARD_KINDS) &&
				     all_zero(ps->counter_get, CATAN_MAX_CARD_KINDS);

		if (!trading) {
			if (ps->response != RESPONSE_PENDING || !counter_empty)
				return bad_player(ld, p, "p%d: a trade response outside the trade phases", p);
			continue;
		}
		if ((p == c->current) != (ps->response == RESPONSE_NONE))
			return bad_player(ld, p, "p%d: only the turn player is the offerer", p);
		if (ps->response == RESPONSE_COUNTER) {
			if (!terms_ok(g, ps->counter_give, ps->counter_get))
				return bad_player(ld, p, "p%d: the counter offer is not a valid trade", p);
		} else if (!counter_empty) {
			return bad_player(ld, p, "p%d: counter offer without a counter response", p);
		}
		pending |= ps->response == RESPONSE_PENDING;
		yes |= ps->response == RESPONSE_ACCEPT || ps->response == RESPONSE_COUNTER;
	}
	if (c->phase == CATAN_PHASE_TRADE_RESPONSE && !pending)
		return bad(ld, K_PHASE, "trade_response with every answer given");
	if (c->phase == CATAN_PHASE_TRADE_CONFIRM && (pending || !yes))
		return bad(ld, K_PHASE, "trade_confirm needs every answer and one acceptance or counter");
	return CATAN_OK;
}

static int
validate_chance(struct loader *ld)
{
	const catan_game *g = ld->g;
	const catan_state *s = ld->s;
	const struct core_state *c = st_ccore(s);
	catan_chance_outcome outcomes[MAX_CHANCE_OUTCOMES];
	size_t n = 0;
	uint64_t sum = 0;
	int rc;

	if (c->chance == CHANCE_NONE) {
		if (c->victim != CATAN_NO_PLAYER)
			return bad(ld, K_VICTIM, "a victim with no steal pending");
		return CATAN_OK;
	}
	if (g->chance_mode == CATAN_CHANCE_SAMPLED)
		return bad(ld, K_CHANCE, "a SAMPLED game never waits at a chance event");
	if (c->phase == CATAN_PHASE_GAME_OVER)
		return bad(ld, K_CHANCE, "a chance event after the game ended");
	switch (c->chance) {
	case CHANCE_FIRST_PLAYER:
		if (c->phase != CATAN_PHASE_START)
			return bad(ld, K_CHANCE, "the roll-off happens in phase start only");
		break;
	case CHANCE_DICE:
		/* A module may roll in a phase of its own (a second production). */
		if (c->phase != CATAN_PHASE_ROLL && c->phase < CATAN_PHASE_VARIANT_BASE)
			return bad(ld, K_CHANCE, "dice are rolled in phase roll only");
		break;
	case CHANCE_DRAW_DEV:
		if (c->phase != CATAN_PHASE_MAIN || !(c->flags & TURN_BUILT))
			return bad(ld, K_CHANCE, "a card is drawn only after a purchase in phase main");
		break;
	case CHANCE_STEAL:
		if (c->phase != CATAN_PHASE_STEAL || c->victim < 0 ||
		    c->victim == c->current || st_cplayer(s, c->victim)->hand_total == 0)
			return bad(ld, K_VICTIM, "a steal needs phase steal and a victim holding cards");
		break;
	default:
		break;
	}
	if (c->chance != CHANCE_STEAL && c->victim != CATAN_NO_PLAYER)
		return bad(ld, K_VICTIM, "a victim with no steal pending");
	/* Whatever the event, its outcomes must form a distribution. */
	rc = catan_state_chance_outcomes(s, outcomes, ARRAY_LEN(outcomes), &n);
	if (rc != CATAN_OK || n == 0)
		return bad(ld, K_CHANCE, "the pending chance event has no outcomes");
	for (size_t i = 0; i < n; i++) {
		if (outcomes[i].den != outcomes[0].den)
			return bad(ld, K_CHANCE, "inconsistent chance outcomes");
		sum += outcomes[i].num;
	}
	if (outcomes[0].den == 0 || sum != outcomes[0].den)
		return bad(ld, K_CHANCE, "the chance outcomes do not sum to one");
	return CATAN_OK;
}

static int
validate_turn(struct loader *ld)
{
	const catan_game *g = ld->g;
	const catan_state *s = ld->s;
	const struct core_state *c = st_ccore(s);
	int np = c->num_players, ph = c->phase;
	bool rolled = c->flags & TURN_ROLLED;
	bool base_phase = ph <= CATAN_PHASE_GAME_OVER;

	if (!(c->rng.inc & 1u))
		return bad(ld, K_RNG, "the RNG increment must be odd");
	if (ph > CATAN_PHASE_GAME_OVER && ph < CATAN_PHASE_VARIANT_BASE)
		return bad(ld, K_PHASE, "unknown phase %d", ph);
	if (g->max_turns && c->turn > g->max_turns)
		return bad(ld, K_TURN, "turn %u beyond max_turns %u", (unsigned)c->turn,
			   (unsigned)g->max_turns);
	if (base_phase && (c->turn == 0) != (ph == CATAN_PHASE_START || ph == CATAN_PHASE_SETUP))
		return bad(ld, K_TURN, "turn 0 is set-up and only set-up");

	if (ph == CATAN_PHASE_START) {
		if (c->current != CATAN_NO_PLAYER || c->first_player != CATAN_NO_PLAYER ||
		    c->chance != CHANCE_FIRST_PLAYER)
			return bad(ld, K_PHASE, "phase start: no player yet, the roll-off pending");
	} else if (c->current < 0 || c->first_player < 0) {
		return bad(ld, K_CURRENT, "phase %s needs a current and a first player",
			   catan_state_phase_name(s, ph));
	}

	if (ph == CATAN_PHASE_SETUP) {
		unsigned n = (unsigned)np, step = c->setup_step, k;

		if (step >= 2 * n)
			return bad(ld, K_SETUP_STEP, "set-up step beyond the last");
		k = step < n ? step : 2 * n - 1 - step;
		if (c->current != (int)(((unsigned)c->first_player + k) % n))
			return bad(ld, K_CURRENT, "not this player's place in the set-up order");
		if (c->setup_vertex != BOARD_NONE &&
		    st_cvert(s)[c->setup_vertex] != PIECE_BYTE(c->current, CATAN_PIECE_SETTLEMENT))
			return bad(ld, K_SETUP_VERTEX, "the set-up vertex holds no settlement of p%d",
				   c->current);
	} else if (c->setup_vertex != BOARD_NONE) {
		return bad(ld, K_SETUP_VERTEX, "a set-up vertex outside set-up");
	}

	if ((c->dice != 0) != rolled)
		return bad(ld, K_DICE, "dice %u with the rolled flag %s", (unsigned)c->dice,
			   rolled ? "set" : "clear");
	if (ph == CATAN_PHASE_ROLL && rolled)
		return bad(ld, K_FLAGS, "phase roll after the roll");
	if ((ph == CATAN_PHASE_MAIN || ph == CATAN_PHASE_DISCARD || is_trade_phase(ph)) && !rolled)
		return bad(ld, K_FLAGS, "phase %s before the roll", catan_state_phase_name(s, ph));
	if (ph == CATAN_PHASE_DISCARD && c->dice != 7)
		return bad(ld, K_DICE, "discards follow a 7 only");

	if (c->return_phase != CATAN_PHASE_START && c->return_phase != CATAN_PHASE_ROLL &&
	    c->return_phase != CATAN_PHASE_MAIN)
		return bad(ld, K_RETURN_PHASE, "the return phase is start, roll or main");
	if (ph == CATAN_PHASE_ROBBER || ph == CATAN_PHASE_STEAL ||
	    ph == CATAN_PHASE_ROAD_BUILDING) {
		if (c->return_phase == CATAN_PHASE_START)
			return bad(ld, K_RETURN_PHASE, "phase %s needs a phase to return to",
				   catan_state_phase_name(s, ph));
		if ((c->return_phase == CATAN_PHASE_MAIN) != rolled)
			return bad(ld, K_RETURN_PHASE, "returning to %s %s the roll",
				   catan_state_phase_name(s, c->return_phase),
				   rolled ? "after" : "before");
	}

	if (ph == CATAN_PHASE_ROAD_BUILDING) {
		if (c->road_building_left == 0 ||
		    c->road_building_left > st_cplayer(s, c->current)->roads_left ||
		    !catan_build__any_road_possible(s, c->current))
			return bad(ld, K_ROAD_BUILDING_LEFT, "Road Building with no road to place");
	} else if (ph != CATAN_PHASE_GAME_OVER && base_phase && c->road_building_left) {
		return bad(ld, K_ROAD_BUILDING_LEFT, "free roads outside Road Building");
	}

	if ((c->flags & GAME_VP_REVEALED) != (c->winner >= 0 ? GAME_VP_REVEALED : 0))
		return bad(ld, K_FLAGS, "vp_revealed goes with a winner");
	if (c->winner >= 0) {
		if (ph != CATAN_PHASE_GAME_OVER || c->winner != c->current)
			return bad(ld, K_WINNER, "a winner before the game ended, or not the turn player");
		if (catan_state__victory_points(s, c->winner, true) <
		    catan_state__vp_target(s, c->winner))
			return bad(ld, K_WINNER, "the winner has fewer points than needed");
	} else if (ph == CATAN_PHASE_GAME_OVER &&
		   (!g->max_turns || c->turn != g->max_turns)) {
		return bad(ld, K_PHASE, "the game ended with no winner before max_turns");
	}

	for (int p = 0; p < np; p++) {
		const struct player_state *ps = st_cplayer(s, p);

		if (ph == CATAN_PHASE_DISCARD) {
			if (ps->discard_owed > ps->hand_total)
				return bad_player(ld, p, "p%d owes more cards than held", p);
		} else if (ps->discard_owed && base_phase) {
			return bad_player(ld, p, "p%d owes a discard outside phase discard", p);
		}
	}
	return CATAN_OK;
}

/* A position that is not over must let somebody act. */
static int
validate_progress(struct loader *ld)
{
	const catan_state *s = ld->s;
	uint32_t mask;

	if (catan_state_is_terminal(s) || catan_state_is_chance_node(s))
		return CATAN_OK;
	mask = catan_state_acting_players(s);
	for (int p = 0; p < st_ccore(s)->num_players; p++) {
		size_t n = 0;

		if (!(mask & (1u << p)))
			continue;
		(void)catan_state_legal_actions(s, p, NULL, 0, &n);
		if (n > 0)
			return CATAN_OK;
	}
	return bad(ld, K_PHASE, "nobody can act in this position");
}

/* The holdings' bounds (catan_holdings__valid()), reported at 'end'. */
static int
validate_holdings(struct loader *ld)
{
	char why[160];

	if (catan_holdings__valid(ld->s, why, sizeof(why)))
		return CATAN_OK;
	return catan_load__fail_at(ld, ld->end_line, CATAN_EPARSE, "%s", why);
}

/* The declared pieces' stack limits (catan_pieces__valid()), at 'end'. */
static int
validate_pieces(struct loader *ld)
{
	char why[160];

	if (catan_pieces__valid(ld->s, why, sizeof(why)))
		return CATAN_OK;
	return catan_load__fail_at(ld, ld->end_line, CATAN_EPARSE, "%s", why);
}

int
catan_load__validate(struct loader *ld)
{
	int rc;

	if ((rc = validate_holdings(ld)) ||
	    (rc = validate_pieces(ld)) ||
	    (rc = validate_turn(ld)) ||
	    (rc = validate_cards(ld)) ||
	    (rc = validate_board(ld)) ||
	    (rc = validate_trade(ld)) ||
	    (rc = validate_chance(ld)) ||
	    (rc = validate_awards(ld)) ||
	    (rc = validate_progress(ld)))
		return rc;
	return CATAN_OK;
}
