/*
 * Conformance suite: conservation of cards, development cards and pieces.
 * SPDX-License-Identifier: MIT
 */

#include <stdio.h>
#include <string.h>

#include "test-harness.h"

void
take_census(struct run *r, struct census *c)
{
	const catan_state *s = r->pl.s;
	uint8_t bank[CATAN_MAX_CARD_KINDS], deck[CATAN_MAX_DEV_KINDS];
	uint8_t pile[CATAN_MAX_DEV_KINDS];

	memset(c, 0, sizeof(*c));
	RCHECK(r, catan_state_bank(s, bank) == CATAN_OK, "bank");
	RCHECK(r, catan_state_dev_deck(s, deck) == CATAN_OK, "dev_deck");
	RCHECK(r, catan_state_dev_discard(s, pile) == CATAN_OK, "dev_discard");
	for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++)
		c->cards[k] = bank[k];
	for (int k = 0; k < CATAN_MAX_DEV_KINDS; k++) {
		char name[48];
		int32_t removed = 0;

		c->dev[k] = deck[k] + pile[k];
		c->pile[k] = pile[k];
		if (k >= r->dev_kinds) {
			RCHECK(r, deck[k] == 0 && pile[k] == 0,
			       "dev slot %d beyond the game's %d kinds: deck %u, pile %u",
			       k, r->dev_kinds, deck[k], pile[k]);
			continue;
		}
		/* A module may take cards out of the game ("dev_removed_<name>",
		 * a counter of the game, by the game's name of the kind). */
		snprintf(name, sizeof(name), "dev_removed_%s",
			 catan_game_dev_kind_name(r->pl.g, k));
		if (catan_state_counter(s, -1, name, &removed) == CATAN_OK)
			c->dev[k] += (unsigned)removed;
	}

	for (unsigned v = 0; v < r->bc.vertices; v++) {
		int owner;
		int piece = checked_piece(&r->pl, 0, v, r->nowners, &owner);

		if (piece != CATAN_PIECE_NONE)
			c->pieces[owner][piece == CATAN_PIECE_SETTLEMENT ?
					 0 : 1]++;
	}
	for (unsigned e = 0; e < r->bc.edges; e++) {
		int owner;

		if (checked_piece(&r->pl, 1, e, r->nowners, &owner) !=
		    CATAN_PIECE_NONE)
			c->pieces[owner][2]++;
	}
	for (int p = 0; p < r->nowners; p++) {
		catan_player_info pi;
		unsigned ct = 0, dt = 0;

		RCHECK(r, catan_state_player(s, p, &pi) == CATAN_OK,
		       "player %d", p);
		for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++) {
			c->cards[k] += pi.cards[k];
			ct += pi.cards[k];
		}
		for (int k = 0; k < CATAN_MAX_DEV_KINDS; k++) {
			c->dev[k] += pi.dev_cards[k];
			dt += pi.dev_cards[k];
		}
		if (r->knight_kind >= 0)
			c->dev[r->knight_kind] += pi.knights_played;
		else
			RCHECK(r, pi.knights_played == 0,
			       "p%d has %u knights played in a game without a KNIGHT kind",
			       p, pi.knights_played);
		RCHECK(r, pi.card_total == ct, "p%d card_total %u, cards sum %u",
		       p, pi.card_total, ct);
		RCHECK(r, pi.dev_total == dt, "p%d dev_total %u, dev sum %u", p,
		       pi.dev_total, dt);
		c->pieces[p][0] += pi.settlements_left;
		c->pieces[p][1] += pi.cities_left;
		c->pieces[p][2] += pi.roads_left;
		RCHECK(r, catan_state_victory_points(s, p, 1) ==
			  (int)pi.total_vp &&
			  catan_state_victory_points(s, p, 0) ==
			  (int)pi.public_vp && pi.public_vp <= pi.total_vp,
		       "p%d points: public %d total %d, victory_points %d %d",
		       p, (int)pi.public_vp, (int)pi.total_vp,
		       catan_state_victory_points(s, p, 0),
		       catan_state_victory_points(s, p, 1));
	}
}

/*
 * Cards move between the bank and the hands only; a player's pieces are on
 * the board or in stock; a development card is in the deck, in a hand,
 * face up (the KNIGHT kind) or on the discard pile. The pile is derived by
 * the library from the others, so it is also checked against what the
 * harness saw: the base action cards played since the last reshuffle
 * (counted from the applied play_* actions), nothing of the KNIGHT and
 * VICTORY_POINT kinds, and no kind's pile shrinking between reshuffles
 * (a module's kind, played by actions the harness does not know).
 */
void
check_conservation(struct run *r)
{
	struct census c;
	static const char *const piece_names[3] = {
		"settlements", "cities", "roads"
	};

	take_census(r, &c);
	for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++)
		RCHECK(r, c.cards[k] == r->cards0[k],
		       "card kind %d: bank + hands = %u, initially %u", k,
		       c.cards[k], r->cards0[k]);
	for (int k = 0; k < r->dev_kinds; k++) {
		const char *name = catan_game_dev_kind_name(r->pl.g, k);
		int role = catan_game_dev_kind_role(r->pl.g, k);

		RCHECK(r, c.dev[k] == r->dev0[k],
		       "dev kind %d (%s): deck + hands + pile + face up = %u, initially %u",
		       k, name, c.dev[k], r->dev0[k]);
		if (role == CATAN_DEV_ROLE_KNIGHT || role == CATAN_DEV_ROLE_VICTORY_POINT)
			RCHECK(r, c.pile[k] == 0, "dev kind %d (%s, role %d): %u on the pile",
			       k, name, role, c.pile[k]);
		else if (role != CATAN_DEV_ROLE_NONE)
			RCHECK(r, c.pile[k] == r->played[k],
			       "dev kind %d (%s): %u on the pile, %u played since the last reshuffle",
			       k, name, c.pile[k], r->played[k]);
		RCHECK(r, c.pile[k] >= r->pile[k],
		       "dev kind %d (%s): the pile shrank from %u to %u without a reshuffle",
		       k, name, r->pile[k], c.pile[k]);
	}
	memcpy(r->pile, c.pile, sizeof(r->pile));
	for (int p = 0; p < r->nowners; p++)
		for (int i = 0; i < 3; i++)
			RCHECK(r, c.pieces[p][i] == r->pieces0[p][i],
			       "p%d %s: board + stock = %u, initially %u", p,
			       piece_names[i], c.pieces[p][i],
			       r->pieces0[p][i]);
}

/* Declared pieces (catanrules/piece.h): on the board or in stock, never
 * more on one place than the kind's stack limit. */
void
check_declared_pieces(struct run *r)
{
	const catan_state *s = r->pl.s;
	int kinds = catan_game_piece_count(r->pl.g);

	for (int k = 0; k < kinds; k++) {
		catan_piece_info info;

		RCHECK(r, catan_game_piece(r->pl.g, (unsigned)k, &info) == CATAN_OK, "piece %d", k);
		for (int p = 0; p < r->nowners; p++) {
			uint16_t where[64];
			size_t n = 0;
			uint32_t left = 0, here = 0;

			RCHECK(r, catan_state_piece_stock(s, (unsigned)k, p, &left) == CATAN_OK &&
				  catan_state_piece_locations(s, (unsigned)k, p, where,
							      64, &n) == CATAN_OK,
			       "pieces '%s' of p%d", info.name, p);
			RCHECK(r, left + n == info.stock, "p%d '%s': board %zu + stock %u, declared %u",
			       p, info.name, n, left, info.stock);
			for (size_t i = 0; i < n; i++) {
				RCHECK(r, catan_state_pieces_at(s, (unsigned)k, -1, where[i],
								&here) == CATAN_OK,
				       "pieces at %u", where[i]);
				RCHECK(r, !info.stack_limit || here <= info.stack_limit,
				       "%u '%s' on place %u, at most %u", here, info.name,
				       where[i], info.stack_limit);
			}
		}
	}
}

/* --------------------------------------------------- the discard pile */

/* The development-card role a play_* action of the core plays, or 0. */
int
played_role(const catan_action *a)
{
	if (a->player < 0)
		return CATAN_DEV_ROLE_NONE;
	switch (a->type) {
	case CATAN_ACT_PLAY_KNIGHT:
		return CATAN_DEV_ROLE_KNIGHT;
	case CATAN_ACT_PLAY_ROAD_BUILDING:
		return CATAN_DEV_ROLE_ROAD_BUILDING;
	case CATAN_ACT_PLAY_YEAR_OF_PLENTY:
		return CATAN_DEV_ROLE_YEAR_OF_PLENTY;
	case CATAN_ACT_PLAY_MONOPOLY:
		return CATAN_DEV_ROLE_MONOPOLY;
	default:
		return CATAN_DEV_ROLE_NONE;
	}
}

/* Whether @a buys a card from an empty deck in a game that reshuffles its
 * discard pile then (catan_game_dev_reshuffles()). */
bool
buys_from_empty_deck(struct run *r, const catan_action *a)
{
	uint8_t deck[CATAN_MAX_DEV_KINDS];
	unsigned total = 0;

	if (a->player < 0 || a->type != CATAN_ACT_BUY_DEV ||
	    catan_game_dev_reshuffles(r->pl.g) != 1)
		return false;
	RCHECK(r, catan_state_dev_deck(r->pl.s, deck) == CATAN_OK, "dev_deck");
	for (int k = 0; k < CATAN_MAX_DEV_KINDS; k++)
		total += deck[k];
	return total == 0;
}

/*
 * traders-and-barbarians.txt: "When the stack of development cards is
 * empty, shuffle the discard pile to create a new stack": after the buy,
 * the deck is the pile (less the card drawn, where the draw is sampled
 * at once) and the pile is empty.
 */
void
check_reshuffle(struct run *r, const char *what)
{
	uint8_t deck[CATAN_MAX_DEV_KINDS], pile[CATAN_MAX_DEV_KINDS];
	unsigned before = 0, after = 0;

	RCHECK(r, catan_state_dev_deck(r->pl.s, deck) == CATAN_OK &&
		  catan_state_dev_discard(r->pl.s, pile) == CATAN_OK, "dev_deck");
	for (int k = 0; k < CATAN_MAX_DEV_KINDS; k++) {
		RCHECK(r, pile[k] == 0 && deck[k] <= r->pile[k],
		       "%s from an empty deck: kind %d has %u in the deck, %u on the pile, "
		       "%u on the pile before", what, k, deck[k], pile[k], r->pile[k]);
		before += r->pile[k];
		after += deck[k];
	}
	RCHECK(r, before > 0 && before - after <= 1,
	       "%s from an empty deck: a pile of %u became a deck of %u", what, before,
	       after);
	memset(r->pile, 0, sizeof(r->pile));
	memset(r->played, 0, sizeof(r->played));
	r->reshuffles++;
}
