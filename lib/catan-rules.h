/*
 * libcatanrules: the shared rule mechanics: building, awards, production, the robber, trade rates, scoring (rules-*.c).
 * Internal, as catan-private.h (which includes every part in order).
 * SPDX-License-Identifier: MIT
 */
#include "catan-private.h"

#ifndef CATAN_RULES_H
#define CATAN_RULES_H

/* building placement (rules-build.c): each returns a catan_reason */
int catan_build__check_road(const catan_state *s, int player, unsigned edge, bool setup);
int catan_build__check_settlement(const catan_state *s, int player,
				  unsigned vertex, bool setup);
int catan_build__check_city(const catan_state *s, int player, unsigned vertex);
bool catan_build__distance_ok(const catan_state *s, unsigned vertex);
bool catan_build__any_road_possible(const catan_state *s, int player);
/* Legal places (cost aside) in id order; return the count, write up to cap. */
size_t catan_build__legal_roads(const catan_state *s, int player, uint16_t *out, size_t cap);
size_t catan_build__legal_settlements(const catan_state *s, int player,
				      uint16_t *out, size_t cap);
size_t catan_build__legal_cities(const catan_state *s, int player, uint16_t *out, size_t cap);
/* The same places as sets, on boards with masks (struct board): false,
 * with nothing written, on other boards. Listings emit actions straight
 * from the bits instead of through an id array. */
bool catan_build__legal_road_set(const catan_state *s, int player, uint64_t out[2]);
bool catan_build__legal_settlement_set(const catan_state *s, int player, uint64_t *out);
/* The same in the set-up phase (no road needed; the road leaves the
 * settlement just placed). */
size_t catan_build__legal_setup_settlements(const catan_state *s, int player,
					    uint16_t *out, size_t cap);
size_t catan_build__legal_setup_roads(const catan_state *s, int player,
				      uint16_t *out, size_t cap);
/* Place pieces (no checks, no payment); update roads and awards. */
/* Recompute every owner's piece sets (boards with masks) or piece lists
 * (the others) from the piece bytes, after edits and loads. */
void catan_build__refresh_sets(catan_state *s);
/* A board with masks: the player's roads and buildings and everybody's
 * (any output may be NULL). */
void catan_build__sets(const catan_state *s, int player, uint64_t own_roads[2],
		       uint64_t any_roads[2], uint64_t *own_buildings,
		       uint64_t *any_buildings);
void catan_build__place_road(catan_state *s, int player, unsigned edge);
/* An edge piece of @kind (EDGE_KIND_ROAD, EDGE_KIND_NETWORK) of @player
 * joins their network on the free @edge: its byte, the owner's road set or
 * list and Longest Road; stocks are the caller's (place_road() keeps
 * roads_left, pieces.c a road-like kind's slots). */
void catan_build__join_network(catan_state *s, int player, unsigned edge, int kind);
/* The edge piece on @edge leaves its owner's network: the byte cleared,
 * the set or list and the owner's road length and Longest Road updated;
 * stocks again are the caller's. */
void catan_build__leave_network(catan_state *s, unsigned edge);
/* Whether @player's network reaches @edge: one of its ends holds their
 * building, or is free of other players' buildings and has one of their
 * roads or road-like pieces (the connection a road needs, and a
 * road-like piece's rules may ask for). */
bool catan_build__network_reaches(const catan_state *s, int player, unsigned edge);
void catan_build__place_settlement(catan_state *s, int player, unsigned vertex);
void catan_build__place_city(catan_state *s, int player, unsigned vertex);

/* Development cards a module plays (turn-devcards.c): a kind the game
 * declares (catan_game_declare_dev_kind()), usually one with no role,
 * played by the module's own action ("p0 play_alchemist") under the base
 * timing of base-game.txt 05.E, "You can play at most one Action
 * Development card per turn, only during your turn ... A card purchased
 * this round waits for a later turn". check_play: CATAN_REASON_NONE, or
 * why @p may not play a card of @kind now (BAD_ARGUMENT for a kind the
 * game lacks or its VICTORY_POINT kind, NOT_YOUR_TURN, NO_CARD,
 * CARD_ALREADY_PLAYED, CARD_BOUGHT_THIS_TURN); the phase is the
 * module's. play: the card leaves @p's hand for the discard pile (the
 * KNIGHT kind's stays face up and counts for Largest Army), the turn's
 * one play is used; the card's effect is the module's. */
int catan_dev__check_play(const catan_state *s, int p, unsigned kind);
void catan_dev__play(catan_state *s, int p, unsigned kind);
/* The discard pile (catan_state_dev_discard()): not kept, since every
 * card of the deck is in the deck, in a hand, face up (the KNIGHT kind's,
 * player_state.knights) or on the pile, it is what the others leave of
 * catan_game.dev_start, per kind; none of the KNIGHT kind (face up, or
 * out of the game as Catan for Two's turned-in knights) or the
 * VICTORY_POINT kind (never played). A module that takes other cards out
 * of the game for good would have to keep them itself. O(players). */
void catan_dev__discard(const catan_state *s, uint8_t out[CATAN_MAX_DEV_KINDS]);

/* longest road and awards (rules-awards.c) */
unsigned catan_road__longest(const catan_state *s, int player);
/* Recompute every player's road length and the Longest Road holder (B8). */
void catan_awards__update_longest_road(catan_state *s);
/* The same, recomputing only the players in the mask (the others' roads did
 * not change). */
void catan_awards__refresh_longest_road(catan_state *s, uint32_t players);
/* The same after the player built a road on an edge: only the network
 * holding it is walked (the others' roads and lengths did not change). */
void catan_awards__road_added(catan_state *s, int player, unsigned edge);
/* Largest Army after a Knight (strictly more to take, >= 3). */
void catan_awards__update_largest_army(catan_state *s);
/* Who holds an award after @value (per player) changed: the holder keeps it
 * while tied at the top with at least @min; otherwise the one player alone
 * at the top with at least @min; otherwise nobody (05.F, B8). Modules with
 * awards of their own use it too (Harbors' Harbormaster). */
int catan_awards__holder(const unsigned *value, int nplayers, int holder, unsigned min);
/* The holder of @award in contest @contest (award-contests.c): the core's
 * in games without contests (contest 0 is everyone's). No checks. */
static inline int
catan_awards__holder_in(const catan_state *s, unsigned award, unsigned contest)
{
	const struct core_state *c = st_ccore(s);

	if (s->game->ncontests)
		return st_ccontest(s, contest)[award];
	return award == CATAN_AWARD_LONGEST_ROAD ? c->longest_holder : c->army_holder;
}
/* A new state's contests: nobody holds anything. */
void catan_state__contests_init(catan_state *s);
/* Read a snapshot's "contest <i> longest_road <holder> largest_army
 * <holder>" line (@seen: a bit per contest read); a holder must be a
 * member of the contest. False with why on a bad line. */
bool catan_contests__read(catan_state *s, char *const *tok, int ntok, uint32_t *seen, char *why,
			  size_t cap);
/* Whether @player holds @award (in their contest, in games with some). */
static inline bool
catan_awards__holds(const catan_state *s, unsigned award, int player)
{
	const catan_game *g = s->game;

	if (!g->ncontests)
		return catan_awards__holder_in(s, award, 0) == player;
	return player >= 0 && player < g->num_players &&
	       st_ccontest(s, g->contest_of[player])[award] == player;
}

/* production (rules-production.c): bank-shortage rule included */
void catan_production__roll(catan_state *s, unsigned total);
/* Fill catan_game.yield_word and packed_production (once the players are
 * known). */
void catan_production__build_table(catan_game *g);
/* Resources paid for a second set-up settlement. */
void catan_production__setup_income(catan_state *s, int player, unsigned vertex);

/* robber (rules-robber.c) */
/* Players (bit mask) the current player may steal from at a hex. */
uint32_t catan_robber__victims(const catan_state *s, unsigned hex, int thief);

/* trade (rules-trade.c) */
/* Maritime rate of a player for a kind: 4, 3 or 2. */
unsigned catan_trade__maritime_rate(const catan_state *s, int player, int kind);
/* All of a player's maritime rates at once (one pass over the harbors). */
void catan_trade__maritime_rates(const catan_state *s, int player,
				 uint8_t rate[CATAN_MAX_CARD_KINDS]);
/* Every ratio a player may use per kind, as bit masks (bit r: r cards for one). */
void catan_trade__maritime_ratios(const catan_state *s, int player,
				  uint8_t ratios[CATAN_MAX_CARD_KINDS]);
/* Trading with the bank without a harbor (05.C). B6: "4:1 always"; a
 * harbor adds its own rate, it takes none away. The base game's; a game
 * may set its own (catan_game.maritime_base_bits). */
#define MARITIME_BASE_RATE 4
#define MARITIME_BASE_BITS (0x0101010101010101ull << MARITIME_BASE_RATE)
/* catan_trade__maritime_ratio_bits() on boards with more harbors than a
 * player's harbor set holds: from the buildings at every harbor. */
uint64_t catan_trade__maritime_ratio_bits_scan(const catan_state *s, int player);
/* The ratio masks as one word, a byte per kind (kind k in byte k): inline,
 * as every main-phase listing asks for them. */
static inline uint64_t
catan_trade__maritime_ratio_bits(const catan_state *s, int player)
{
	const struct board *b = &s->game->board;
	const uint64_t bits = s->game->maritime_base_bits;

	if (b->nharbor > HARBOR_SET_MAX)
		return catan_trade__maritime_ratio_bits_scan(s, player);
	/* The player's harbors are kept in the state. */
	unsigned set = st_cplayer(s, player)->harbors;

	return bits | b->harbor_ratio_bits[0][set & 15u] | b->harbor_ratio_bits[1][(set >> 4) & 15u] |
	       b->harbor_ratio_bits[2][(set >> 8) & 15u] | b->harbor_ratio_bits[3][(set >> 12) & 15u];
}
/*
 * Maritime trades (05.C) as (kind, rate) pairs: in kind k's byte, bit r
 * (2..4) when the player can give r cards of kind k for one card of
 * another kind the bank holds; each pair trades for every kind of the
 * bank's but its own. catan_trade__maritime_pairs() returns them, and in
 * *@bank_out the kinds the bank holds (0 and nothing stored when there is
 * no trade). Listed and picked in canonical order: the kind given from
 * the highest, for one kind the lower rates first, the kind received from
 * the highest. Counts stay below 128 (cards are conserved: a hand holds
 * at most the bank's 19 of a kind; loads and edits keep the totals).
 */
extern const uint64_t catan__kind_bytes[32]; /* byte k: 0xff when bit k of the index is set */
static inline __attribute__((always_inline)) uint64_t
catan_trade__maritime_pairs(const catan_state *s, int p, unsigned *bank_out)
{
	const struct player_state *ps = st_cplayer(s, p);
	const struct core_state *c = st_ccore(s);
	uint64_t hand, enough;
	unsigned givable, bank, takers;

	const unsigned kinds = (1u << CATAN_NUM_RESOURCES) - 1u;
	const uint64_t ones = 0x0101010101010101ull;

	/* No rate is below 2: skip the harbor pass for small hands. A byte
	 * is 2 or more when a bit above the lowest is set. */
	hand = catan_bytes__load(ps->hand, CATAN_MAX_CARD_KINDS);
	givable = (unsigned)~catan_bytes__zero(hand & 0xfefefefefefefefeull) & kinds;
	bank = (unsigned)~catan_bytes__zero(catan_bytes__load(c->bank, CATAN_MAX_CARD_KINDS)) & kinds;
	if (!givable || !bank || (givable == bank && !(givable & (givable - 1))))
		return 0;
	/* Kinds that can be given for some other kind the bank holds. */
	takers = bank & (bank - 1) ? kinds : kinds & ~bank;
	/* Rates 2..4 per kind the player holds enough cards for: a count
	 * below 128 plus 128 - r carries into the byte's high bit exactly
	 * when it is r or more. */
	enough = ((hand + 0x7e * ones) & 0x80 * ones) >> 5 |
		 ((hand + 0x7d * ones) & 0x80 * ones) >> 4 |
		 ((hand + 0x7c * ones) & 0x80 * ones) >> 3;
	*bank_out = bank;
	return catan_trade__maritime_ratio_bits(s, p) & enough & catan__kind_bytes[takers];
}

/* How many trades @pairs and @bank make, by byte sums: no loop exit to
 * predict. */
static inline size_t
catan_trade__maritime_count(uint64_t pairs, unsigned bank)
{
	const uint64_t ones = 0x0101010101010101ull;
	/* the rates of each kind, each trading for every kind the bank holds
	 * but its own */
	uint64_t rates = (pairs >> 2 & ones) + (pairs >> 3 & ones) + (pairs >> 4 & ones);

	return kind_set_count(bank) * (size_t)((rates * ones) >> 56) -
	       (size_t)(((rates & catan__kind_bytes[bank]) * ones) >> 56);
}

/* The @i-th trade (i below the count, which is not 0) in canonical order:
 * the kind given and received in *@give and *@get; returns the rate. */
static inline unsigned
catan_trade__maritime_nth(uint64_t pairs, unsigned bank, size_t i, int *give, int *get)
{
	/* byte-swapped, the highest kind's byte comes first; the walk ends
	 * at the last pair whatever @i is */
	uint64_t w = __builtin_bswap64(pairs);
	unsigned bit, g;
	int a;

	for (;;) {
		bit = (unsigned)__builtin_ctzll(w);
		a = 7 - (int)(bit >> 3);
		g = bank & ~(1u << a);
		if (i < kind_set_count(g) || !(w & (w - 1)))
			break;
		i -= kind_set_count(g);
		w &= w - 1;
	}
	*give = a;
	*get = nth_high_bit(g, i);
	return bit & 7u;
}

/* A maritime trade in a game with holdings the supply sells
 * (catan_game.maritime_slots): for one of them, or for a card. */
void catan_trade__maritime(catan_state *s, int player, const uint8_t give[CATAN_MAX_CARD_KINDS],
			   const uint8_t get[CATAN_MAX_CARD_KINDS]);

/* Push every maritime trade of @p in canonical order. */
struct catan_sink;
void catan_trade__push_maritime(const catan_state *s, struct catan_sink *sink, int p);

/*
 * Domestic trade offers (05.C) of up to @om cards of one kind for up to @om
 * of another, @p giving what it holds: listed with @type (an offer or a
 * counter-offer) in canonical order, the kind given from the highest,
 * then its count, the kind received from the highest, then its count;
 * the one shape of @exclude_give for @exclude_get (when both are single
 * kinds) left out, where they are not NULL.
 */
void catan_trade__push_offers(const catan_state *s, struct catan_sink *sink, int type, int p,
			      unsigned om, const uint8_t exclude_give[CATAN_MAX_CARD_KINDS],
			      const uint8_t exclude_get[CATAN_MAX_CARD_KINDS]);
/* How many offers catan_trade__push_offers() lists for @hand, none left out. */
static inline size_t
catan_trade__offer_count(const uint8_t hand[CATAN_MAX_CARD_KINDS], unsigned om)
{
	size_t n = 0;

	for (int a = 0; om && a < CATAN_NUM_RESOURCES; a++)
		n += (hand[a] < om ? hand[a] : om) * (CATAN_NUM_RESOURCES - 1u) * om;
	return n;
}
/* Its @i-th offer (i below the count, which is not 0, so @om is not 0):
 * the kind and count given, received. */
static inline void
catan_trade__offer_nth(const uint8_t hand[CATAN_MAX_CARD_KINDS], unsigned om, size_t i,
		       int *give, unsigned *give_n, int *get, unsigned *get_n)
{
	const unsigned per_count = (CATAN_NUM_RESOURCES - 1u) * om;
	int a = CATAN_NUM_RESOURCES - 1, b;
	unsigned rest;

	/* the walk ends at the lowest kind whatever @i is */
	for (; a > 0; a--) {
		size_t k = (hand[a] < om ? hand[a] : om) * per_count;

		if (i < k)
			break;
		i -= k;
	}
	rest = (unsigned)(i % per_count);
	/* the kinds received from the highest, without @a */
	b = CATAN_NUM_RESOURCES - 1 - (int)(rest / om);
	*give = a;
	*give_n = 1u + (unsigned)(i / per_count);
	*get = b <= a ? b - 1 : b;
	*get_n = 1u + rest % om;
}
/* Recompute every player's harbor set (player_state.harbors) from the
 * buildings: after edits and loads. */
void catan_trade__refresh_harbors(catan_state *s);
/* Both sides non-empty, no kind on both sides; returns a catan_reason. */
int catan_trade__check_terms(const uint8_t give[CATAN_MAX_CARD_KINDS],
			     const uint8_t get[CATAN_MAX_CARD_KINDS]);

/* scoring: inline, because the win check runs after every action */

/* Points of buildings (07); the awards' are the game's (award_points). */
#define VP_SETTLEMENT 1
#define VP_CITY 2

/* The base game's points. Buildings on the board are what left the stock:
 * counting stock keeps this O(1) (a city returns its settlement to stock). */
static inline int
catan_score__base_vp(const catan_state *s, int player, bool include_hidden)
{
	const catan_game *g = s->game;
	const struct core_state *core = st_ccore(s);
	const struct player_state *ps;
	int vp;

	if (player < 0 || player >= catan_game__owners(g))
		return 0;
	ps = st_cplayer(s, player);
	vp = VP_SETTLEMENT * (g->pieces[CATAN_PIECE_SETTLEMENT] - ps->settlements_left) +
	     VP_CITY * (g->pieces[CATAN_PIECE_CITY] - ps->cities_left) +
	     g->award_points[CATAN_AWARD_LONGEST_ROAD] * (core->longest_holder == player) +
	     g->award_points[CATAN_AWARD_LARGEST_ARMY] * (core->army_holder == player);
	/* Games with award contests leave the core's holders empty: the
	 * player's contest holds theirs. */
	if (g->ncontests && player < g->num_players) {
		const int8_t *held = st_ccontest(s, g->contest_of[player]);

		for (unsigned a = 0; a < CATAN_AWARDS; a++)
			vp += g->award_points[a] * (held[a] == player);
	}
	/* Victory Point cards stay hidden until they win (05.E, B8). */
	if (include_hidden ||
	    (core->winner == player && (core->flags & GAME_VP_REVEALED)))
		vp += catan_game__dev_slot(g, CATAN_DEV_ROLE_VICTORY_POINT) < CATAN_MAX_DEV_KINDS ?
		      ps->dev[catan_game__dev_slot(g, CATAN_DEV_ROLE_VICTORY_POINT)] : 0;
	return vp;
}

#endif
