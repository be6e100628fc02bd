/*
 * libcatanrules: position editing with conserved supplies.
 * SPDX-License-Identifier: MIT
 */
#include "catan-private.h"

static bool
valid_player(const catan_state *s, int player)
{
	return s && player >= 0 && player < st_ccore(s)->num_players;
}

/* Seated and neutral players: whoever may own pieces. */
static bool
valid_owner(const catan_state *s, int player)
{
	return s && player >= 0 && player < catan_game__owners(s->game);
}

static int
refuse(catan_state *s, const char *what)
{
	catan_state__seterr(s, "edit refused: %s", what);
	return CATAN_EINVAL;
}

static int
edit_set_cards(catan_state *s, int player, int kind, unsigned count)
{
	struct core_state *c;
	struct player_state *ps;
	unsigned have;

	if (!valid_player(s, player) || kind < 0 || kind >= CATAN_MAX_CARD_KINDS)
		return s ? refuse(s, "bad player or card kind") : CATAN_EINVAL;
	c = st_core(s);
	ps = st_player(s, player);
	have = ps->hand[kind];
	if (count > have) {
		if (count - have > c->bank[kind])
			return refuse(s, "the bank does not hold enough cards");
		catan_cards__receive(s, player, kind, count - have);
	} else if (count < have) {
		uint8_t back[CATAN_MAX_CARD_KINDS] = { 0 };

		back[kind] = (uint8_t)(have - count);
		catan_cards__pay(s, player, back);
	}
	return CATAN_OK;
}

static int
edit_give_dev_card(catan_state *s, int player, int kind, int playable)
{
	struct core_state *c;

	if (!valid_player(s, player) || kind < 0 || kind >= s->game->dev_kinds)
		return s ? refuse(s, "bad player or card kind") : CATAN_EINVAL;
	c = st_core(s);
	if (c->dev_deck[kind] == 0)
		return refuse(s, "no such development card left in the deck");
	c->dev_deck[kind]--;
	st_player(s, player)->dev[kind]++;
	/* bought this turn: set-up has no turn to buy in (a snapshot of it
	 * holds no bought card), so there the card is simply held */
	if (!playable && player == c->current && c->phase != CATAN_PHASE_SETUP)
		c->dev_bought[kind]++;
	return CATAN_OK;
}

static int
edit_set_knights_played(catan_state *s, int player, unsigned count)
{
	struct core_state *c;
	struct player_state *ps;
	unsigned knight;

	if (!valid_player(s, player))
		return s ? refuse(s, "bad player") : CATAN_EINVAL;
	c = st_core(s);
	ps = st_player(s, player);
	/* the game's KNIGHT kind (catan_game_declare_dev_kind()) */
	knight = catan_game__dev_slot(s->game, CATAN_DEV_ROLE_KNIGHT);
	if (knight == DEV_SLOT_NONE && count != ps->knights)
		return refuse(s, "the game has no Knight kind");
	if (knight == DEV_SLOT_NONE)
		return CATAN_OK;
	if (count > ps->knights && count - ps->knights > c->dev_deck[knight])
		return refuse(s, "not enough Knights left in the deck");
	if (count > 255)
		return refuse(s, "count out of range");
	c->dev_deck[knight] = (uint8_t)(c->dev_deck[knight] + ps->knights - count);
	ps->knights = (uint8_t)count;
	catan_awards__update_largest_army(s);
	return CATAN_OK;
}

static int
edit_place(catan_state *s, int player, int piece, unsigned location)
{
	const struct board *b;
	struct player_state *ps;
	uint8_t at;

	if (!valid_owner(s, player))
		return s ? refuse(s, "bad player") : CATAN_EINVAL;
	b = &s->game->board;
	ps = st_player(s, player);
	switch (piece) {
	case CATAN_PIECE_ROAD:
		if (location >= b->nedge || st_edge(s)[location])
			return refuse(s, "no free edge there");
		if (!ps->roads_left)
			return refuse(s, "no roads left in stock");
		catan_build__place_road(s, player, location);
		return CATAN_OK;
	case CATAN_PIECE_SETTLEMENT:
		if (location >= b->nvert || st_vert(s)[location])
			return refuse(s, "no free intersection there");
		if (!ps->settlements_left)
			return refuse(s, "no settlements left in stock");
		catan_build__place_settlement(s, player, location);
		return CATAN_OK;
	case CATAN_PIECE_CITY:
		if (location >= b->nvert)
			return refuse(s, "no such intersection");
		if (!ps->cities_left)
			return refuse(s, "no cities left in stock");
		at = st_vert(s)[location];
		if (location == st_ccore(s)->setup_vertex)
			return refuse(s, "the set-up settlement waits for its road");
		if (at == PIECE_BYTE(player, CATAN_PIECE_SETTLEMENT)) {
			catan_build__place_city(s, player, location);
			return CATAN_OK;
		}
		if (at)
			return refuse(s, "the intersection holds another piece");
		/* A city straight on an empty intersection: no settlement
		 * comes back to stock because none was there. */
		st_vert(s)[location] = PIECE_BYTE(player, CATAN_PIECE_CITY);
		ps->cities_left--;
		/* Longest Road reads the piece sets. */
		catan_build__refresh_sets(s);
		catan_awards__update_longest_road(s);
		return CATAN_OK;
	default:
		return refuse(s, "unknown piece kind");
	}
}

static int
edit_remove(catan_state *s, int piece, unsigned location)
{
	const struct board *b;
	uint8_t at;

	if (!s)
		return CATAN_EINVAL;
	b = &s->game->board;
	if (piece == CATAN_PIECE_ROAD) {
		if (location >= b->nedge || !st_edge(s)[location])
			return refuse(s, "no road there");
		at = st_edge(s)[location];
		/* A road-like piece keeps its own stock: its edit takes it. */
		if (PIECE_KIND(at) != EDGE_KIND_ROAD) {
			int k = catan_pieces__network_kind_at(s, location);

			catan_state__seterr(s, "edit refused: a '%s' stands there: remove it with catan_edit_remove_piece",
					    k >= 0 ? s->game->piece_kinds[k].name : "piece");
			return CATAN_EINVAL;
		}
		st_player(s, PIECE_OWNER(at))->roads_left++;
		st_edge(s)[location] = 0;
	} else {
		struct player_state *ps;

		if (location >= b->nvert || !st_vert(s)[location])
			return refuse(s, "no building there");
		/* the set-up step's road goes next to this settlement */
		if (location == st_ccore(s)->setup_vertex)
			return refuse(s, "the set-up settlement waits for its road");
		at = st_vert(s)[location];
		ps = st_player(s, PIECE_OWNER(at));
		if (PIECE_KIND(at) == CATAN_PIECE_CITY)
			ps->cities_left++;
		else
			ps->settlements_left++;
		st_vert(s)[location] = 0;
	}
	/* Longest Road reads the piece sets. */
	catan_build__refresh_sets(s);
	catan_awards__update_longest_road(s);
	return CATAN_OK;
}

static int
edit_set_robber(catan_state *s, unsigned hex)
{
	if (!s)
		return CATAN_EINVAL;
	if (hex == CATAN_NONE && s->game->robber_off_board) {
		st_core(s)->robber_hex = (uint16_t)BOARD_NONE;
		return CATAN_OK;
	}
	if (hex >= s->game->board.nhex)
		return refuse(s, "no such hex");
	st_core(s)->robber_hex = (uint16_t)hex;
	return CATAN_OK;
}

static int
edit_set_turn(catan_state *s, int player, int phase, int dice)
{
	struct core_state *c;

	if (!valid_player(s, player))
		return s ? refuse(s, "bad player") : CATAN_EINVAL;
	if (phase != CATAN_PHASE_ROLL && phase != CATAN_PHASE_MAIN)
		return refuse(s, "the phase must be roll or main");
	if (phase == CATAN_PHASE_MAIN && (dice < 2 || dice > 12 || dice == 7))
		return refuse(s, "main phase needs a dice total 2..12 other than 7");
	c = st_core(s);
	for (int p = 0; p < c->num_players; p++) {
		st_player(s, p)->discard_owed = 0;
		st_player(s, p)->response = RESPONSE_PENDING;
		memset(st_player(s, p)->counter_give, 0, CATAN_MAX_CARD_KINDS);
		memset(st_player(s, p)->counter_get, 0, CATAN_MAX_CARD_KINDS);
	}
	memset(c->offer_give, 0, sizeof(c->offer_give));
	memset(c->offer_get, 0, sizeof(c->offer_get));
	memset(c->dev_bought, 0, sizeof(c->dev_bought));
	c->current = (int8_t)player;
	if (c->first_player < 0)
		c->first_player = (int8_t)player;
	if (c->turn == 0)
		c->turn = 1;
	c->setup_vertex = BOARD_NONE;
	c->chance = CHANCE_NONE;
	c->victim = CATAN_NO_PLAYER;
	c->road_building_left = 0;
	c->winner = CATAN_NO_PLAYER;
	c->phase = (uint8_t)phase;
	c->return_phase = CATAN_PHASE_MAIN;
	c->flags = phase == CATAN_PHASE_MAIN ? TURN_ROLLED : 0;
	c->dice = phase == CATAN_PHASE_MAIN ? (uint8_t)dice : 0;
	return CATAN_OK;
}

/* Unless the game is over, somebody can act: a chance event has
 * outcomes, or an acting player has a legal action (what catan_load()
 * asks of a snapshot). */
static bool
can_progress(const catan_state *s)
{
	uint32_t mask;
	size_t n = 0;

	if (catan_state_is_terminal(s))
		return true;
	if (catan_state_is_chance_node(s)) {
		(void)catan_state_chance_outcomes(s, NULL, 0, &n);
		return n > 0;
	}
	mask = catan_state_acting_players(s);
	for (int p = 0; p < st_ccore(s)->num_players; p++) {
		if (!(mask & (UINT32_C(1) << p)))
			continue;
		(void)catan_state_legal_actions(s, p, NULL, 0, &n);
		if (n > 0)
			return true;
	}
	return false;
}

/* What catan_load() asks of a position besides its fields' ranges, that
 * an edit of the pieces, cards or robber may break: NULL when the position
 * is sound, else why not. */
static const char *
unsound(const catan_state *s)
{
	const struct core_state *c = st_ccore(s);

	/* removing a winner's building, Knights or road takes points away */
	if (c->winner >= 0 && catan_state__victory_points(s, c->winner, true) <
			      catan_state__vp_target(s, c->winner))
		return "the winner would have fewer points than the game needs";
	if (c->phase == CATAN_PHASE_DISCARD) {
		for (int p = 0; p < c->num_players; p++)
			if (st_cplayer(s, p)->discard_owed > st_cplayer(s, p)->hand_total)
				return "a player would owe more cards than they hold";
	}
	if (c->chance == CHANCE_STEAL &&
	    (c->victim < 0 || st_cplayer(s, c->victim)->hand_total == 0))
		return "the victim of the pending steal would hold no card";
	if (c->phase == CATAN_PHASE_ROAD_BUILDING && c->current >= 0 &&
	    c->road_building_left > st_cplayer(s, c->current)->roads_left)
		return "Road Building's free roads would pass the roads in stock";
	if (!can_progress(s))
		return "nobody could act in the position it leaves";
	return NULL;
}

catan_state *
catan_edit__begin(catan_state *s)
{
	catan_state *before = NULL;

	if (s && catan_state_clone(&before, s) != CATAN_OK)
		catan_state__seterr(s, "edit refused: out of memory");
	return before;
}

/* Every edit that succeeds ends as an applied action would: what is
 * derived from the position (who acts, the piece sets, the modules' own
 * awards) is recomputed by catan_state__refresh(). An edit that would
 * leave an unsound position (nobody able to act, as in the steal of a
 * robber moved away from every victim; a winner short of points; see
 * unsound()) is undone and refused: a snapshot of it would not load. A
 * refused edit changed nothing. */
int
catan_edit__end(catan_state *s, catan_state *before, int rc)
{
	if (rc == CATAN_OK) {
		const char *why;

		catan_state__refresh(s);
		why = unsound(s);
		if (why) {
			(void)catan_state_copy(s, before);
			rc = refuse(s, why);
		}
	}
	catan_state_free(before);
	return rc;
}

int
catan_edit_set_cards(catan_state *s, int player, int kind, unsigned count)
{
	CATAN_EDIT(s, edit_set_cards(s, player, kind, count));
}

int
catan_edit_give_dev_card(catan_state *s, int player, int kind, int playable)
{
	CATAN_EDIT(s, edit_give_dev_card(s, player, kind, playable));
}

int
catan_edit_set_knights_played(catan_state *s, int player, unsigned count)
{
	CATAN_EDIT(s, edit_set_knights_played(s, player, count));
}

int
catan_edit_place(catan_state *s, int player, int piece, unsigned location)
{
	CATAN_EDIT(s, edit_place(s, player, piece, location));
}

int
catan_edit_remove(catan_state *s, int piece, unsigned location)
{
	CATAN_EDIT(s, edit_remove(s, piece, location));
}

int
catan_edit_set_robber(catan_state *s, unsigned hex)
{
	CATAN_EDIT(s, edit_set_robber(s, hex));
}

int
catan_edit_set_turn(catan_state *s, int player, int phase, int dice)
{
	CATAN_EDIT(s, edit_set_turn(s, player, phase, dice));
}
