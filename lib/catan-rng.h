/*
 * libcatanrules: the state's random number generator (rng.c).
 * Internal, as catan-private.h (which includes every part in order).
 * SPDX-License-Identifier: MIT
 */
#include "catan-private.h"

#ifndef CATAN_RNG_H
#define CATAN_RNG_H

/* ------------------------------------------------------------------- rng */

/* PCG32 (XSH RR 64/32), M.E. O'Neill: fixed and portable. */
struct catan_rng {
	uint64_t state;
	uint64_t inc;
};

void catan_rng__seed(struct catan_rng *rng, uint64_t seed, uint64_t stream);
uint32_t catan_rng__next(struct catan_rng *rng);
/* Uniform in [0, bound) by rejection; bound >= 1. */
uint32_t catan_rng__below(struct catan_rng *rng, uint32_t bound);

/* The bodies of catan_rng__next() and catan_rng__below() (rng.c), inline
 * for hot callers: with a constant bound (the dice) the divisions fold. */
static inline uint32_t
catan_rng__next_inline(struct catan_rng *rng)
{
	uint64_t old = rng->state;
	uint32_t xorshifted, rot;

	rng->state = old * 6364136223846793005ULL + rng->inc;
	xorshifted = (uint32_t)(((old >> 18) ^ old) >> 27);
	rot = (uint32_t)(old >> 59);
	return (xorshifted >> rot) | (xorshifted << ((0u - rot) & 31u));
}

static inline uint32_t
catan_rng__below_inline(struct catan_rng *rng, uint32_t bound)
{
	uint32_t threshold;

	/* a caller bug, but never divide by zero inside the library */
	if (bound == 0)
		return 0;
	/*
	 * pcg32_boundedrand_r: reject the lowest (2^32 mod bound) outputs so
	 * every residue is equally likely; fewer than half the outputs are
	 * ever rejected, so the loop ends quickly.
	 */
	threshold = (0u - bound) % bound;
	for (;;) {
		uint32_t r = catan_rng__next_inline(rng);

		if (r >= threshold)
			return r % bound;
	}
}

#endif
