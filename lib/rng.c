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
	return catan_rng__next_inline(rng);
}

uint32_t
catan_rng__below(struct catan_rng *rng, uint32_t bound)
{
	return catan_rng__below_inline(rng, bound);
}
