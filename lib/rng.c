/*
 * libcatanrules: PCG32 random numbers, identical on every platform.
 * SPDX-License-Identifier: MIT
 */

#include "catan-private.h"

/*
 * PCG32 (XSH RR 64/32) as published by M.E. O'Neill (pcg-random.org,
 * pcg_basic.c). Games must replay bit for bit from their seed (G1), so only
 * fixed-width unsigned arithmetic is used: no floating point, no platform
 * random source.
 */
#define PCG32_MULT 6364136223846793005ULL

void
catan_rng__seed(struct catan_rng *rng, uint64_t seed, uint64_t stream)
{
	/* pcg32_srandom_r: the same state as the reference for any seed */
	rng->state = 0;
	rng->inc = (stream << 1) | 1u;
	(void)catan_rng__next(rng);
	rng->state += seed;
	(void)catan_rng__next(rng);
}

uint32_t
catan_rng__next(struct catan_rng *rng)
{
	uint64_t old = rng->state;
	uint32_t xorshifted, rot;

	rng->state = old * PCG32_MULT + rng->inc;
	xorshifted = (uint32_t)(((old >> 18) ^ old) >> 27);
	rot = (uint32_t)(old >> 59);
	return (xorshifted >> rot) | (xorshifted << ((0u - rot) & 31u));
}

uint32_t
catan_rng__below(struct catan_rng *rng, uint32_t bound)
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
		uint32_t r = catan_rng__next(rng);

		if (r >= threshold)
			return r % bound;
	}
}
