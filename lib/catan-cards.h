/*
 * libcatanrules: card vectors as words, bit helpers, the bank and cards, costs (rules-cards.c).
 * Internal, as catan-private.h (which includes every part in order).
 * SPDX-License-Identifier: MIT
 */
#include "catan-private.h"

#ifndef CATAN_CARDS_H
#define CATAN_CARDS_H

/* ------------------------------------------------------ shared mechanics */

/* cards (rules-cards.c) */

/* Card vectors (8 one-byte counts) are handled as one 64-bit word where
 * that is exact: byte-wise, so independent of the byte order. */
_Static_assert(CATAN_MAX_CARD_KINDS == 8 && CATAN_MAX_DEV_KINDS == 8,
	       "card vectors are one 64-bit word");
#define BYTES_HIGH 0x8080808080808080ull
#define BYTES_LOW 0x00ff00ff00ff00ffull

static inline uint64_t
cards_word(const uint8_t c[8])
{
	uint64_t w;

	memcpy(&w, c, 8);
	return w;
}

static inline unsigned cards_total(const uint8_t c[CATAN_MAX_CARD_KINDS])
{
	uint64_t w = cards_word(c);

	/* pairs of bytes into 16-bit lanes, then the lanes summed */
	w = (w & BYTES_LOW) + ((w >> 8) & BYTES_LOW);
	return (unsigned)((w * 0x0001000100010001ull) >> 48);
}
/* The resource cards the bank holds. */
static inline unsigned bank_total(const struct core_state *c)
{
	unsigned t = 0;

	for (int k = 0; k < CATAN_NUM_RESOURCES; k++)
		t += c->bank[k];
	return t;
}
static inline unsigned dev_total(const uint8_t dev[CATAN_MAX_DEV_KINDS])
{
	return cards_total(dev);
}
/* cards_covers() on cards_word() words whose counts are all below 128:
 * byte i keeps its high bit exactly when have[i] >= need[i], and no byte
 * borrows from the next. */
static inline bool cards_word_covers(uint64_t have, uint64_t need)
{
	return (((have | BYTES_HIGH) - need) & BYTES_HIGH) == BYTES_HIGH;
}
static inline bool cards_covers(const uint8_t have[CATAN_MAX_CARD_KINDS],
				const uint8_t need[CATAN_MAX_CARD_KINDS])
{
	uint64_t h = cards_word(have), n = cards_word(need);

	if ((h | n) & BYTES_HIGH) {
		for (int i = 0; i < CATAN_MAX_CARD_KINDS; i++)
			if (have[i] < need[i])
				return false;
		return true;
	}
	return cards_word_covers(h, n);
}
/* Piece bytes (intersections, edges) as bitsets, eight bytes at a time:
 * bit i of a result stands for byte i. */
static inline uint64_t
catan_bytes__load(const uint8_t *p, size_t n)
{
	uint64_t w = 0;

	if (n >= 8) {
		memcpy(&w, p, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
		w = __builtin_bswap64(w);
#endif
		return w;
	}
	for (size_t i = 0; i < n; i++)
		w |= (uint64_t)p[i] << (8 * i);
	return w;
}

/* Set bits of x, without the library call __builtin_popcountll() becomes
 * on targets without a population-count instruction. */
static inline unsigned
bit_count(uint64_t x)
{
	x = x - ((x >> 1) & 0x5555555555555555ull);
	x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
	x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
	return (unsigned)((x * 0x0101010101010101ull) >> 56);
}

/* Set bits of a kind set (below 1 << CATAN_NUM_RESOURCES): nibble counts
 * packed in a constant. */
_Static_assert(CATAN_NUM_RESOURCES <= 5, "kind sets fit kind_set_count()");
static inline unsigned
kind_set_count(uint32_t x)
{
	return (unsigned)((0x4332322132212110ull >> (4 * (x & 15u))) & 15u) + ((x >> 4) & 1u);
}

/* The position of the @k-th lowest set bit of @w (k below its count). */
static inline unsigned
nth_low_bit(uint64_t w, size_t k)
{
	for (; k; k--)
		w &= w - 1;
	return (unsigned)__builtin_ctzll(w);
}

/* The position of the @k-th highest set bit of @w (k below its count). */
static inline int
nth_high_bit(uint32_t w, size_t k)
{
	for (; k; k--)
		w &= ~(UINT32_C(1) << (31 - __builtin_clz(w)));
	return 31 - __builtin_clz(w);
}

/* The index a uniform 32-bit @r picks among @n: catan_state_playout()'s
 * choice (state.h), which catan_game.pick_legal makes too. */
static inline size_t
playout_index(uint32_t r, size_t n)
{
	return (size_t)(((uint64_t)r * n) >> 32);
}

/* Bit i set when byte i of x is zero. */
static inline uint64_t
catan_bytes__zero(uint64_t x)
{
	const uint64_t lo7 = 0x7f7f7f7f7f7f7f7full;
	uint64_t y = ~(((x & lo7) + lo7) | x | lo7);

	return ((y >> 7) * 0x0102040810204080ull) >> 56;
}

/*
 * For the n bytes b[]: eq gets the bits of bytes with (byte & mask) == want,
 * nz the bits of nonzero bytes (either may be NULL); words of 64 bits.
 */
static inline void
catan_bytes__sets(const uint8_t *b, size_t n, uint8_t mask, uint8_t want,
	  uint64_t *eq, uint64_t *nz)
{
	const uint64_t ones = 0x0101010101010101ull;
	const uint64_t m = mask * ones, x = want * ones;
	uint64_t e = 0, z = 0;

	for (size_t i = 0; i < n; i += 8) {
		uint64_t w = catan_bytes__load(b + i, n - i);
		uint64_t keep = n - i >= 8 ? 0xffu : (1u << (n - i)) - 1u;
		unsigned shift = (unsigned)(i & 63);

		if (eq)
			e |= (catan_bytes__zero((w & m) ^ x) & keep) << shift;
		if (nz)
			z |= (~catan_bytes__zero(w) & keep) << shift;
		if (shift == 56 || i + 8 >= n) {
			if (eq)
				eq[i >> 6] = e;
			if (nz)
				nz[i >> 6] = z;
			e = z = 0;
		}
	}
}

/* Move cards from a player to the bank / from the bank to a player. */
void catan_cards__pay(catan_state *s, int player, const uint8_t cost[CATAN_MAX_CARD_KINDS]);
void catan_cards__receive(catan_state *s, int player, int kind, unsigned n);
/* catan_cards__receive() of every kind of @cards (each clamped to the bank). */
void catan_cards__receive_all(catan_state *s, int player, const uint8_t cards[CATAN_MAX_CARD_KINDS]);
void catan_cards__transfer(catan_state *s, int from, int to, int kind, unsigned n);
/*
 * A trade with the bank: catan_cards__pay() of @give, then
 * catan_cards__receive_all() of @get. Inline, as words, in the usual case
 * (no count reaches 128, the hand covers @give and the bank, once paid,
 * covers @get), where neither would clamp anything.
 */
static inline void
catan_cards__trade_with_bank(catan_state *s, int player, const uint8_t give[CATAN_MAX_CARD_KINDS],
			     const uint8_t get[CATAN_MAX_CARD_KINDS])
{
	struct core_state *c = st_core(s);

	if (player >= 0 && player < c->num_players) {
		struct player_state *ps = st_player(s, player);
		uint64_t g = cards_word(give), r = cards_word(get);
		uint64_t hand = cards_word(ps->hand), bank = cards_word(c->bank);

		if (!((hand | bank | g | r) & BYTES_HIGH) && cards_word_covers(hand, g)) {
			hand -= g;
			bank += g;
			if (!((bank | (hand + r)) & BYTES_HIGH) && cards_word_covers(bank, r)) {
				hand += r;
				bank -= r;
				memcpy(ps->hand, &hand, 8);
				memcpy(c->bank, &bank, 8);
				ps->hand_total = (uint8_t)(ps->hand_total + cards_total(get) -
							   cards_total(give));
				return;
			}
		}
	}
	catan_cards__pay(s, player, give);
	catan_cards__receive_all(s, player, get);
}
/* The one kind @c holds cards of, or -1 (none, or several). */
int catan_cards__single_kind(const uint8_t c[CATAN_MAX_CARD_KINDS]);
/* Push the outcomes of drawing one card at random from @hand: @tmpl with
 * arg = each kind held, probability held/total (steals and other random
 * takes). */
struct catan_sink;
void catan_cards__push_draws(struct catan_sink *sink, const catan_action *tmpl,
			     const uint8_t hand[CATAN_MAX_CARD_KINDS]);

/* building costs */
extern const uint8_t catan__cost_road[CATAN_MAX_CARD_KINDS];
extern const uint8_t catan__cost_settlement[CATAN_MAX_CARD_KINDS];
extern const uint8_t catan__cost_city[CATAN_MAX_CARD_KINDS];
extern const uint8_t catan__cost_dev[CATAN_MAX_CARD_KINDS];
/* The same costs as cards_word() words, for listings that test a hand
 * against every cost. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define CARDS_AT(kind, n) ((uint64_t)(n) << (8 * (7 - (kind))))
#else
#define CARDS_AT(kind, n) ((uint64_t)(n) << (8 * (kind)))
#endif
#define COST_WORD_ROAD (CARDS_AT(CATAN_LUMBER, 1) | CARDS_AT(CATAN_BRICK, 1))
#define COST_WORD_SETTLEMENT (COST_WORD_ROAD | CARDS_AT(CATAN_WOOL, 1) | CARDS_AT(CATAN_GRAIN, 1))
#define COST_WORD_CITY (CARDS_AT(CATAN_GRAIN, 2) | CARDS_AT(CATAN_ORE, 3))
#define COST_WORD_DEV (CARDS_AT(CATAN_WOOL, 1) | CARDS_AT(CATAN_GRAIN, 1) | CARDS_AT(CATAN_ORE, 1))

/* catan_state_hash() on the scalar stripes whatever the processor
 * (hash.c): the tests hold the vector stripes to it. */
uint64_t catan_hash__scalar(const catan_state *s);

#endif
