/*
 * libcatanrules: maritime rates and trades, and the terms every trade must
 * meet.
 * SPDX-License-Identifier: MIT
 */

#include "catan-private.h"

static bool
is_building_of(uint8_t byte, int player)
{
	return byte != 0 && PIECE_OWNER(byte) == player &&
	       (PIECE_KIND(byte) == CATAN_PIECE_SETTLEMENT ||
		PIECE_KIND(byte) == CATAN_PIECE_CITY);
}

void
catan_trade__refresh_harbors(catan_state *s)
{
	const struct board *b = &s->game->board;
	const uint8_t *verts = st_cvert(s);
	int owners = catan_game__owners(s->game);

	for (int p = 0; p < owners; p++)
		st_player(s, p)->harbors = 0;
	if (b->nharbor > HARBOR_SET_MAX)
		return;
	for (unsigned i = 0; i < b->nharbor; i++) {
		for (unsigned j = 0; j < b->harbor[i].nvert; j++) {
			unsigned v = b->harbor[i].vert[j];
			uint8_t byte = v < b->nvert ? verts[v] : 0;
			int owner = PIECE_OWNER(byte);

			if (owner >= 0 && owner < owners && is_building_of(byte, owner))
				st_player(s, owner)->harbors |= (uint16_t)(1u << i);
		}
	}
}

uint64_t
catan_trade__maritime_ratio_bits_scan(const catan_state *s, int player)
{
	const struct board *b = &s->game->board;
	const uint8_t *verts = st_cvert(s);
	/* in locals: the byte reads below may alias the board */
	const struct board_harbor *h = b->harbor;
	unsigned nharbor = b->nharbor, nvert = b->nvert;
	uint64_t bits = s->game->maritime_base_bits;

	for (unsigned i = 0; i < nharbor; i++) {
		/* A harbor serves its two intersections (a trading post its
		 * hex's corners); only a settlement or city there counts:
		 * "Owning a road near the port is not enough" (05.C, B6). */
		for (unsigned j = 0; j < h[i].nvert && j < BOARD_TRADE_VERTS; j++) {
			unsigned v = h[i].vert[j];

			if (v < nvert && is_building_of(verts[v], player)) {
				bits |= h[i].ratio_bits;
				break;
			}
		}
	}
	return bits;
}

void
catan_trade__maritime_ratios(const catan_state *s, int player,
			     uint8_t ratios[CATAN_MAX_CARD_KINDS])
{
	uint64_t bits = catan_trade__maritime_ratio_bits(s, player);

	for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++)
		ratios[k] = (uint8_t)(bits >> (8 * k));
}

void
catan_trade__maritime_rates(const catan_state *s, int player,
			    uint8_t rate[CATAN_MAX_CARD_KINDS])
{
	uint8_t ratios[CATAN_MAX_CARD_KINDS];

	catan_trade__maritime_ratios(s, player, ratios);
	for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++)
		rate[k] = (uint8_t)__builtin_ctz(ratios[k]);
}

unsigned
catan_trade__maritime_rate(const catan_state *s, int player, int kind)
{
	uint8_t rate[CATAN_MAX_CARD_KINDS];

	if (kind < 0 || kind >= CATAN_MAX_CARD_KINDS)
		return s->game->maritime_rate;
	catan_trade__maritime_rates(s, player, rate);
	return rate[kind];
}

int
catan_trade__check_terms(const uint8_t give[CATAN_MAX_CARD_KINDS],
			 const uint8_t get[CATAN_MAX_CARD_KINDS])
{
	/* No gifts, no type for the same type (05.C, B5, B10). */
	if (cards_total(give) == 0 || cards_total(get) == 0)
		return CATAN_REASON_BAD_TRADE;
	for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++)
		if (give[k] > 0 && get[k] > 0)
			return CATAN_REASON_BAD_TRADE;
	return CATAN_REASON_NONE;
}

#define KB(m, k) ((uint64_t)(((m) >> (k)) & 1u) * (0xffull << (8 * (k))))
#define KIND_BYTES(m) (KB(m, 0) | KB(m, 1) | KB(m, 2) | KB(m, 3) | KB(m, 4))
#define KIND_BYTES4(m) KIND_BYTES(m), KIND_BYTES((m) + 1), KIND_BYTES((m) + 2), KIND_BYTES((m) + 3)
const uint64_t catan__kind_bytes[32] = {
	KIND_BYTES4(0), KIND_BYTES4(4), KIND_BYTES4(8), KIND_BYTES4(12),
	KIND_BYTES4(16), KIND_BYTES4(20), KIND_BYTES4(24), KIND_BYTES4(28),
};
#undef KIND_BYTES4
#undef KIND_BYTES
#undef KB

/* At most one trade per kind given, rate and kind received. */
#define MARITIME_MAX_ACTIONS (CATAN_NUM_RESOURCES * 3 * CATAN_NUM_RESOURCES)

/*
 * One walk over the pairs in canonical order. Each pair writes a fixed
 * five, kept when the bank holds the kind received: no loop exit to
 * predict. @checked: test the bound at each write (no room was checked
 * beforehand).
 */
static inline __attribute__((always_inline)) void
push_maritime_pairs(struct sink_run *r, uint64_t pairs, unsigned bank, int p, bool checked)
{
	for (uint64_t w = __builtin_bswap64(pairs); w; w &= w - 1) {
		unsigned i = (unsigned)__builtin_ctzll(w);
		int a = 7 - (int)(i >> 3);
		unsigned rate = i & 7u;
		unsigned g = bank & ~(1u << a);

		for (int b = CATAN_NUM_RESOURCES - 1; b >= 0; b--) {
			if (checked)
				sink__put_if(r, (g >> b) & 1u, CATAN_ACT_MARITIME_TRADE, p, 0, 0,
					     a, rate, b, 1);
			else
				sink__write_if(r, (g >> b) & 1u, CATAN_ACT_MARITIME_TRADE, p, 0, 0,
					       a, rate, b, 1);
		}
	}
}

void
catan_trade__maritime(catan_state *s, int player, const uint8_t give[CATAN_MAX_CARD_KINDS],
		      const uint8_t get[CATAN_MAX_CARD_KINDS])
{
	int k = catan_cards__single_kind(get);

	if (k >= 0 && (s->game->maritime_slots & (1u << k)))
		catan_holdings__trade_with_supply(s, player, give, (unsigned)k);
	else
		catan_cards__trade_with_bank(s, player, give, get);
}

/*
 * The maritime trades of a game whose supply also sells holdings
 * (catan_game.maritime_slots), in the same canonical order: for each kind
 * given from the highest and its rates from the lowest, the holdings'
 * slots (above the cards') from the highest, then the cards.
 */
static void
push_maritime_with_holdings(const catan_state *s, catan_sink *sink, int p)
{
	const catan_game *g = s->game;
	const struct core_state *c = st_ccore(s);
	const uint8_t *hand = st_cplayer(s, p)->hand;
	uint8_t ratios[CATAN_MAX_CARD_KINDS];
	bool sells[CATAN_MAX_CARD_KINDS] = { false };
	struct sink_run r = sink__begin(sink);

	for (unsigned k = 0; k < CATAN_MAX_CARD_KINDS; k++)
		sells[k] = (g->maritime_slots & (1u << k)) &&
			   catan_holdings__check_from_supply(s, p, k) == CATAN_REASON_NONE;
	catan_trade__maritime_ratios(s, p, ratios);
	for (int a = CATAN_NUM_RESOURCES - 1; a >= 0; a--) {
		for (unsigned rate = 2; rate < 8 && rate <= hand[a]; rate++) {
			if (!(ratios[a] & (1u << rate)))
				continue;
			for (int k = CATAN_MAX_CARD_KINDS - 1; k >= CATAN_NUM_RESOURCES; k--)
				if (sells[k])
					sink__put(&r, CATAN_ACT_MARITIME_TRADE, p, 0, 0, a, rate, k, 1);
			for (int b = CATAN_NUM_RESOURCES - 1; b >= 0; b--)
				if (b != a && c->bank[b])
					sink__put(&r, CATAN_ACT_MARITIME_TRADE, p, 0, 0, a, rate, b, 1);
		}
	}
	sink__end(sink, &r);
}

void
catan_trade__push_maritime(const catan_state *s, catan_sink *sink, int p)
{
	unsigned bank;
	uint64_t pairs;
	struct sink_run r;

	if (s->game->maritime_slots) {
		push_maritime_with_holdings(s, sink, p);
		return;
	}
	pairs = catan_trade__maritime_pairs(s, p, &bank);
	if (!pairs)
		return;
	r = sink__begin(sink);
	if (sink__room(&r, MARITIME_MAX_ACTIONS))
		push_maritime_pairs(&r, pairs, bank, p, false);
	else
		push_maritime_pairs(&r, pairs, bank, p, true);
	sink__end(sink, &r);
}

/*
 * The offers of a game whose domestic trades carry holdings
 * (catan_game.traded_slots): the same shapes and order as below over the
 * resources and the holdings' slots, which lie above the cards' and so
 * come first. The base game keeps the fixed loops below.
 */
static void
push_offers_with_holdings(const catan_state *s, struct sink_run *r, int type, int p,
			  unsigned om, int xa, unsigned xn, int xb, unsigned xm)
{
	const catan_game *g = s->game;
	const struct player_state *ps = st_cplayer(s, p);
	unsigned have[CATAN_MAX_CARD_KINDS], nkinds = 0;
	uint8_t order[CATAN_MAX_CARD_KINDS];

	for (int k = CATAN_MAX_CARD_KINDS - 1; k >= 0; k--) {
		if (k < CATAN_NUM_RESOURCES)
			have[nkinds] = ps->hand[k];
		else if (g->traded_slots & (1u << k))
			have[nkinds] = catan_state__holding(s, p, g->slot_holding[k]);
		else
			continue;
		order[nkinds++] = (uint8_t)k;
	}
	for (unsigned i = 0; i < nkinds; i++) {
		int a = order[i];

		for (unsigned n = 1; n <= om && n <= have[i]; n++) {
			for (unsigned j = 0; j < nkinds; j++) {
				int b = order[j];

				if (b == a)
					continue;
				for (unsigned m = 1; m <= om; m++) {
					if (a == xa && n == xn && b == xb && m == xm)
						continue;
					sink__put(r, type, p, 0, 0, a, n, b, m);
				}
			}
		}
	}
}

/* Single-kind card vectors sort with the higher kind first, and for one kind
 * by count; the loops below follow that order so lists come out sorted. */
void
catan_trade__push_offers(const catan_state *s, catan_sink *sink, int type, int p, unsigned om,
			 const uint8_t exclude_give[CATAN_MAX_CARD_KINDS],
			 const uint8_t exclude_get[CATAN_MAX_CARD_KINDS])
{
	const struct player_state *ps = st_cplayer(s, p);
	/* the one shape to leave out, if the excluded terms have one */
	int xa = -1, xb = -1;
	unsigned xn = 0, xm = 0;

	if (exclude_give) {
		xa = catan_cards__single_kind(exclude_give);
		xb = catan_cards__single_kind(exclude_get);
		if (xa >= 0 && xb >= 0) {
			xn = exclude_give[xa];
			xm = exclude_get[xb];
		}
	}
	struct sink_run r;

	if (om == 0)
		return;
	r = sink__begin(sink);
	if (s->game->traded_slots) {
		push_offers_with_holdings(s, &r, type, p, om, xa, xn, xb, xm);
		sink__end(sink, &r);
		return;
	}
	for (int a = CATAN_NUM_RESOURCES - 1; a >= 0; a--) {
		for (unsigned n = 1; n <= om && n <= ps->hand[a]; n++) {
			for (int b = CATAN_NUM_RESOURCES - 1; b >= 0; b--) {
				if (b == a)
					continue;
				for (unsigned m = 1; m <= om; m++) {
					if (a == xa && n == xn && b == xb && m == xm)
						continue;
					sink__put(&r, type, p, 0, 0, a, n, b, m);
				}
			}
		}
	}
	sink__end(sink, &r);
}
