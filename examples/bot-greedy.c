/*
 * catanrules bots: the greedy bot and the value function it uses.
 * SPDX-License-Identifier: MIT
 */

/*
 * Greedy looks one action ahead: on a determinization of what it cannot
 * see (catan_state_resample() from its seat) it applies each legal action
 * to a copy and keeps the one whose position is worth most to it, the
 * value of a position reached at a chance node being the mean over the
 * outcomes by their probabilities. Ties go to a random one of the best.
 *
 * The value (doc/bots.md) is a sum of what wins games:
 *
 *   100 per victory point (its own hidden ones included: it knows them)
 *   2 per pip of production of its buildings (a city counts twice; the
 *     pips of a number n are 6 - |7 - n|, the ways two dice roll it; a
 *     blocked hex gives none), 3 per card kind it produces
 *   3 per free place at the end of its roads where a settlement may go
 *     (the distance rule), 1 per road length of its longest road
 *   1 per card in hand up to 7, -1 per card above (the 7), 0.5 per kind
 *   4 per development card in hand, 3 per Knight played
 *   -0.5 per pip of the others' production (where the robber goes)
 *   and 10^6 for a won game.
 *
 * It looks at its own hand and the public position only: the others'
 * hands in the determinization are dealt, not known.
 */

#include <stdlib.h>
#include <string.h>

#include "bots.h"

/* The board as the value function reads it, built once per bot. */
struct greedy_board {
	unsigned nvert, nedge, nhex;
	uint16_t (*vert_hexes)[3];
	uint16_t (*vert_next)[CATAN_VERTEX_PATHS];
	uint16_t (*edge_ends)[2];
	uint8_t *hex_pips;
	int8_t *hex_kind;
};

static int
number_pips(unsigned n)
{
	return n >= 2 && n <= 12 && n != 7 ? 6 - abs(7 - (int)n) : 0;
}

static void
board_free(struct greedy_board *gb)
{
	if (gb == NULL)
		return;
	free(gb->vert_hexes);
	free(gb->vert_next);
	free(gb->edge_ends);
	free(gb->hex_pips);
	free(gb->hex_kind);
	free(gb);
}

static struct greedy_board *
board_new(const catan_game *g)
{
	struct greedy_board *gb = calloc(1, sizeof(*gb));
	catan_board_counts c;

	if (gb == NULL || catan_board_counts_get(g, &c) != CATAN_OK)
		goto fail;
	gb->nvert = c.vertices;
	gb->nedge = c.edges;
	gb->nhex = c.hexes;
	gb->vert_hexes = calloc(c.vertices ? c.vertices : 1, sizeof(*gb->vert_hexes));
	gb->vert_next = calloc(c.vertices ? c.vertices : 1, sizeof(*gb->vert_next));
	gb->edge_ends = calloc(c.edges ? c.edges : 1, sizeof(*gb->edge_ends));
	gb->hex_pips = calloc(c.hexes ? c.hexes : 1, 1);
	gb->hex_kind = calloc(c.hexes ? c.hexes : 1, 1);
	if (!gb->vert_hexes || !gb->vert_next || !gb->edge_ends || !gb->hex_pips ||
	    !gb->hex_kind)
		goto fail;
	for (unsigned h = 0; h < c.hexes; h++) {
		catan_hex_info hi;
		int pips = 0;

		if (catan_board_hex(g, h, &hi) != CATAN_OK)
			goto fail;
		for (unsigned i = 0; i < hi.nnumbers && i < CATAN_HEX_NUMBERS; i++)
			pips += number_pips(hi.numbers[i]);
		gb->hex_pips[h] = (uint8_t)(hi.resource >= 0 ? pips : 0);
		gb->hex_kind[h] = (int8_t)hi.resource;
	}
	for (unsigned v = 0; v < c.vertices; v++) {
		catan_vertex_info vi;

		if (catan_board_vertex(g, v, &vi) != CATAN_OK)
			goto fail;
		memcpy(gb->vert_hexes[v], vi.hexes, sizeof(vi.hexes));
		memcpy(gb->vert_next[v], vi.vertices, sizeof(vi.vertices));
	}
	for (unsigned e = 0; e < c.edges; e++) {
		catan_edge_info ei;

		if (catan_board_edge(g, e, &ei) != CATAN_OK)
			goto fail;
		memcpy(gb->edge_ends[e], ei.vertices, sizeof(ei.vertices));
	}
	return gb;
fail:
	board_free(gb);
	return NULL;
}

/* An empty intersection whose neighbours are all empty. */
static int
free_place(const struct greedy_board *gb, const catan_state *s, unsigned v)
{
	if (catan_state_vertex_piece(s, v, NULL) != CATAN_PIECE_NONE)
		return 0;
	for (int i = 0; i < CATAN_VERTEX_PATHS; i++) {
		unsigned w = gb->vert_next[v][i];

		if (w != CATAN_NONE && catan_state_vertex_piece(s, w, NULL) != CATAN_PIECE_NONE)
			return 0;
	}
	return 1;
}

static double
value_on(const struct greedy_board *gb, const catan_state *s, const catan_game *g, int player)
{
	int nplayers = catan_game_num_players(g);
	double v = 0.0, others = 0.0;
	unsigned kinds = 0, places = 0;
	catan_player_info pi;
	int winner = catan_state_winner(s);

	if (winner >= 0)
		return winner == player ? 1e6 : -1e6;
	v += 100.0 * catan_state_victory_points(s, player, 1);
	for (unsigned x = 0; x < gb->nvert; x++) {
		int owner = -1, piece = catan_state_vertex_piece(s, x, &owner);
		double mult = piece == CATAN_PIECE_CITY ? 2.0 : piece == CATAN_PIECE_SETTLEMENT ? 1.0 : 0.0;

		if (mult == 0.0 || owner < 0)
			continue;
		for (int i = 0; i < 3; i++) {
			unsigned h = gb->vert_hexes[x][i];

			if (h == CATAN_NONE || h >= gb->nhex || catan_state_hex_blocked(s, h) == 1)
				continue;
			if (owner == player) {
				v += 2.0 * mult * gb->hex_pips[h];
				if (gb->hex_pips[h] && gb->hex_kind[h] >= 0 && gb->hex_kind[h] < 32)
					kinds |= 1u << gb->hex_kind[h];
			} else if (owner < nplayers) {
				others += mult * gb->hex_pips[h];
			}
		}
	}
	v += 3.0 * __builtin_popcount(kinds) - 0.5 * others;
	for (unsigned e = 0; e < gb->nedge; e++) {
		int owner = -1;

		if (catan_state_edge_piece(s, e, &owner) != CATAN_PIECE_ROAD || owner != player)
			continue;
		for (int i = 0; i < 2; i++)
			places += (unsigned)free_place(gb, s, gb->edge_ends[e][i]);
	}
	v += 3.0 * places;
	if (catan_state_player(s, player, &pi) == CATAN_OK) {
		unsigned held = 0;

		for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++)
			held += pi.cards[k] > 0;
		v += pi.card_total <= 7 ? (double)pi.card_total : 7.0 - (pi.card_total - 7.0);
		v += 0.5 * held + 4.0 * pi.dev_total + 3.0 * pi.knights_played +
		     1.0 * pi.longest_road;
	}
	return v;
}

/* The greedy bot's board, made on its first decision (bot->search). */
static const struct greedy_board *
greedy_board(bot *b)
{
	if (b->search == NULL)
		b->search = board_new(b->game);
	return b->search;
}

void
bot_greedy_free(void *search)
{
	board_free(search);
}

/* The value of @s after an action: at a chance node, the outcomes' mean. */
static int
value_after(bot *b, const struct greedy_board *gb, catan_state *s, catan_state *tmp,
	    double *out)
{
	size_t n = 0;
	double sum = 0.0;
	int rc;

	if (!catan_state_is_chance_node(s)) {
		*out = value_on(gb, s, b->game, b->player);
		return CATAN_OK;
	}
	rc = catan_state_chance_outcomes(s, b->outcomes, b->outcome_cap, &n);
	if (rc != CATAN_OK || n == 0)
		return rc != CATAN_OK ? rc : CATAN_ERROR;
	for (size_t i = 0; i < n; i++) {
		rc = catan_state_copy(tmp, s);
		if (rc == CATAN_OK)
			rc = catan_state_apply(tmp, &b->outcomes[i].action);
		if (rc != CATAN_OK)
			return rc;
		sum += (double)b->outcomes[i].num * value_on(gb, tmp, b->game, b->player);
	}
	*out = sum / (double)b->outcomes[0].den;
	return CATAN_OK;
}

int
bot_greedy_choose(bot *b, const catan_state *s, const catan_action *legal, size_t n,
		  size_t *pick)
{
	const struct greedy_board *gb = greedy_board(b);
	catan_state *det = NULL, *next = NULL, *tmp = NULL;
	double best = -1e300;
	size_t nbest = 0;
	int rc;

	if (gb == NULL)
		return CATAN_ENOMEM;
	rc = catan_state_resample(&det, s, b->player, bot_random_next(&b->rng));
	if (rc == CATAN_OK)
		rc = catan_state_clone(&next, det);
	if (rc == CATAN_OK)
		rc = catan_state_clone(&tmp, det);
	for (size_t i = 0; i < n && rc == CATAN_OK; i++) {
		double v;

		rc = catan_state_copy(next, det);
		if (rc == CATAN_OK)
			rc = catan_state_apply(next, &legal[i]);
		if (rc == CATAN_OK)
			rc = value_after(b, gb, next, tmp, &v);
		if (rc != CATAN_OK)
			break;
		/* an offer changes nothing by itself: only when nothing
		 * else is better */
		if (legal[i].type == CATAN_ACT_OFFER_TRADE || legal[i].type == CATAN_ACT_COUNTER_TRADE)
			v -= 0.01;
		if (v > best + 1e-9) {
			best = v;
			nbest = 1;
			*pick = i;
		} else if (v > best - 1e-9 && bot_random_below(&b->rng, ++nbest) == 0) {
			*pick = i;
		}
	}
	catan_state_free(det);
	catan_state_free(next);
	catan_state_free(tmp);
	if (rc != CATAN_OK)
		*pick = 0;
	return rc;
}
