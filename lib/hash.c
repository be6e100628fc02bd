/*
 * libcatanrules: catan_state_hash().
 *
 * The position's words are accumulated in eight 64-bit lanes, in stripes
 * of eight words, one word per lane: each word, xored with its lane's
 * key, multiplies its low half by its high half into the lane (a
 * 32x32->64 product) and is added to it whole, so no bit is lost when a
 * half is zero; the keys move on with every stripe, so words that trade
 * places change the hash. The lanes are then folded in pairs by
 * 64x64->128 multiplies, and a last multiply (XXH3's avalanche) spreads
 * every input bit over the result. This is XXH3's accumulation: its 32x32->64 products
 * are what vector units do several at a time, so on x86-64 the stripes
 * run on SSE2 (which every x86-64 processor has), elsewhere on the scalar
 * loop, which computes the same function: a state hashes the same on
 * every machine.
 * SPDX-License-Identifier: MIT
 */
#include "catan-private.h"

#if defined(__x86_64__) || defined(_M_X64)
#include <emmintrin.h>
#define HASH_SSE2 1
#endif

/* The lanes' starting values and keys: the digits of pi, as in many
 * hashes (any fixed, irregular constants do). */
static const uint64_t hash_key[8] = {
	0x243f6a8885a308d3ull, 0x13198a2e03707344ull, 0xa4093822299f31d0ull,
	0x082efa98ec4e6c89ull, 0x452821e638d01377ull, 0xbe5466cf34e90c6cull,
	0xc0ac29b7c97c50ddull, 0x3f84d5b5b5470917ull,
};
/* What every key gains from one stripe to the next. */
#define HASH_STRIPE_STEP 0x9e3779b97f4a7c15ull

/* The lanes as words (scalar) or as SSE2 registers (vector: inlined into
 * one function, they stay in registers from stripe to stripe). */
struct hash_lanes {
	uint64_t acc[8], key[8];
#ifdef HASH_SSE2
	__m128i vacc[4], vkey[4];
#endif
};

/* @n stripes of 64 bytes from @p, then the first @tail words (0..7) of
 * one more stripe into their lanes; the keys move on after each stripe,
 * the short one included. */
static inline __attribute__((always_inline)) void
run_scalar(struct hash_lanes *l, const unsigned char *p, size_t n, unsigned tail)
{
	for (size_t i = 0; i <= n; i++, p += 64) {
		unsigned words = i < n ? 8 : tail;

		if (words == 0)
			break;
		for (unsigned j = 0; j < 8; j++) {
			if (j < words) {
				uint64_t w, v;

				memcpy(&w, p + 8 * j, 8);
				v = w ^ l->key[j];
				l->acc[j] += w + (v & 0xffffffffu) * (v >> 32);
			}
			l->key[j] += HASH_STRIPE_STEP;
		}
	}
}

#ifdef HASH_SSE2
/* The same on SSE2, two lanes per register. */
static inline __attribute__((always_inline)) __m128i
lane_pair(__m128i w, __m128i key)
{
	__m128i v = _mm_xor_si128(w, key);

	return _mm_add_epi64(w, _mm_mul_epu32(v, _mm_srli_epi64(v, 32)));
}

static inline __attribute__((always_inline)) void
run_sse2(struct hash_lanes *l, const unsigned char *p, size_t n, unsigned tail)
{
	const __m128i step = _mm_set1_epi64x((long long)HASH_STRIPE_STEP);

	for (; n > 0; n--, p += 64)
		for (unsigned j = 0; j < 4; j++) {
			__m128i w = _mm_loadu_si128((const void *)(p + 16 * j));

			l->vacc[j] = _mm_add_epi64(l->vacc[j], lane_pair(w, l->vkey[j]));
			l->vkey[j] = _mm_add_epi64(l->vkey[j], step);
		}
	if (tail == 0)
		return;
	for (unsigned j = 0; j < 4; j++) {
		if (2 * j + 1 < tail) {
			__m128i w = _mm_loadu_si128((const void *)(p + 16 * j));

			l->vacc[j] = _mm_add_epi64(l->vacc[j], lane_pair(w, l->vkey[j]));
		} else if (2 * j < tail) {
			/* one word: the upper lane takes nothing */
			__m128i w = _mm_loadl_epi64((const void *)(p + 16 * j));
			__m128i low = _mm_set_epi64x(0, -1);

			l->vacc[j] = _mm_add_epi64(l->vacc[j],
						   _mm_and_si128(lane_pair(w, l->vkey[j]), low));
		}
		l->vkey[j] = _mm_add_epi64(l->vkey[j], step);
	}
}
#endif

/* @len bytes (a multiple of 8) from @p into the lanes. */
static inline __attribute__((always_inline)) void
run(struct hash_lanes *l, const unsigned char *p, size_t len, bool vector)
{
#ifdef HASH_SSE2
	if (vector) {
		run_sse2(l, p, len / 64, (unsigned)(len % 64) / 8);
		return;
	}
#endif
	(void)vector;
	run_scalar(l, p, len / 64, (unsigned)(len % 64) / 8);
}

/* Two lanes into one word: the halves of their 128-bit product. */
static inline uint64_t
fold(uint64_t a, uint64_t b)
{
#ifdef __SIZEOF_INT128__
	__extension__ typedef unsigned __int128 u128;
	u128 p = (u128)a * b;

	return (uint64_t)p ^ (uint64_t)(p >> 64);
#else
	uint64_t a0 = a & 0xffffffffu, a1 = a >> 32, b0 = b & 0xffffffffu, b1 = b >> 32;
	uint64_t lo = a0 * b0, m1 = a1 * b0, m2 = a0 * b1, hi = a1 * b1;
	uint64_t mid = (lo >> 32) + (m1 & 0xffffffffu) + (m2 & 0xffffffffu);

	hi += (m1 >> 32) + (m2 >> 32) + (mid >> 32);
	return ((mid << 32) | (lo & 0xffffffffu)) ^ hi;
#endif
}

/*
 * The hashed bytes: the whole block, or, when the game keeps piece sets
 * or lists, the block without them (they follow from the piece bytes, so
 * equal positions hash equal on any path), as two runs of stripes.
 */
static inline __attribute__((always_inline)) uint64_t
hash_state(const catan_state *s, bool vector)
{
	const catan_game *g;
	struct hash_lanes l;
	size_t derived;
	uint64_t h;

	if (!s)
		return 0;
	g = s->game;
	memcpy(l.acc, hash_key, sizeof(l.acc));
	memcpy(l.key, hash_key, sizeof(l.key));
#ifdef HASH_SSE2
	for (unsigned j = 0; j < 4; j++)
		l.vacc[j] = l.vkey[j] = _mm_loadu_si128((const void *)(hash_key + 2 * j));
#endif
	derived = g->off_sets ? g->off_sets : g->off_lists;
	if (derived) {
		run(&l, s->data, derived, vector);
		run(&l, s->data + g->off_variant, s->size - g->off_variant, vector);
		h = (derived + s->size - g->off_variant) * HASH_STRIPE_STEP;
	} else {
		run(&l, s->data, s->size, vector);
		h = s->size * HASH_STRIPE_STEP;
	}
#ifdef HASH_SSE2
	if (vector)
		for (unsigned j = 0; j < 4; j++)
			_mm_storeu_si128((void *)(l.acc + 2 * j), l.vacc[j]);
#endif
	for (unsigned j = 0; j < 8; j += 2)
		h += fold(l.acc[j] ^ hash_key[j + 1], l.acc[j + 1] ^ hash_key[j]);
	/* XXH3's avalanche: the folds have mixed the lanes already */
	h ^= h >> 37;
	h *= 0x165667919e3779f9ull;
	h ^= h >> 32;
	return h;
}

uint64_t
catan_state_hash(const catan_state *s)
{
	return hash_state(s, true);
}

uint64_t
catan_hash__scalar(const catan_state *s)
{
	return hash_state(s, false);
}
