/*
 * profile-steps: random playouts whose every call goes through a wrapper
 * named after the phase listed or the action type applied, so that a
 * profiler attributes the cost of a step to its kind. Built with the
 * tests, never run as one; doc/performance.md gives the command:
 *
 *   valgrind --tool=callgrind --callgrind-out-file=cg.out \
 *       ./build-release/tests/profile-steps [GAME] [--games N]
 *   callgrind_annotate --inclusive=yes cg.out | grep -E 'list_|apply_'
 *
 * Without callgrind it prints how many calls each wrapper took, to divide
 * the inclusive costs by. The policy is the benchmark's: uniform over the
 * acting player's legal actions, SAMPLED chance. Public API only.
 * SPDX-License-Identifier: MIT
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <catanrules/catanrules.h>

static catan_action *legal;
static size_t legal_cap;
/* Written by every wrapper with its own value: it keeps the wrappers
 * distinct functions (no identical-code folding) and out of line. */
static volatile int wrapper_tag;

#define LIST_WRAPPER(name, n)                                                \
	static __attribute__((noinline)) size_t list_##name(catan_state *s, int p) \
	{                                                                    \
		size_t count = 0;                                            \
                                                                             \
		wrapper_tag = (n);                                           \
		if (catan_state_legal_actions(s, p, legal, legal_cap, &count) != CATAN_OK) \
			count = 0;                                           \
		wrapper_tag = (n);                                           \
		return count;                                                \
	}
#define APPLY_WRAPPER(name, n)                                               \
	static __attribute__((noinline)) int apply_##name(catan_state *s, const catan_action *a) \
	{                                                                    \
		int rc;                                                      \
                                                                             \
		wrapper_tag = (n);                                           \
		rc = catan_state_apply_unchecked(s, a);                      \
		wrapper_tag = (n);                                           \
		return rc;                                                   \
	}

LIST_WRAPPER(setup, 1)
LIST_WRAPPER(roll, 2)
LIST_WRAPPER(discard, 3)
LIST_WRAPPER(robber, 4)
LIST_WRAPPER(steal, 5)
LIST_WRAPPER(main, 6)
LIST_WRAPPER(road_building, 7)
LIST_WRAPPER(other, 8)

APPLY_WRAPPER(roll, 101)
APPLY_WRAPPER(discard, 102)
APPLY_WRAPPER(move_robber, 103)
APPLY_WRAPPER(steal, 104)
APPLY_WRAPPER(build_road, 105)
APPLY_WRAPPER(build_settlement, 106)
APPLY_WRAPPER(build_city, 107)
APPLY_WRAPPER(buy_dev, 108)
APPLY_WRAPPER(play_dev, 109)
APPLY_WRAPPER(maritime_trade, 110)
APPLY_WRAPPER(end_turn, 111)
APPLY_WRAPPER(other, 112)

enum { LISTS = 8, APPLIES = 12 };
static const char *const list_names[LISTS] = {
	"list_setup", "list_roll", "list_discard", "list_robber", "list_steal",
	"list_main", "list_road_building", "list_other",
};
static const char *const apply_names[APPLIES] = {
	"apply_roll", "apply_discard", "apply_move_robber", "apply_steal",
	"apply_build_road", "apply_build_settlement", "apply_build_city",
	"apply_buy_dev", "apply_play_dev", "apply_maritime_trade",
	"apply_end_turn", "apply_other",
};
static unsigned long long list_calls[LISTS], apply_calls[APPLIES];

static size_t
list_by_phase(catan_state *s, int p)
{
	const char *name = catan_state_phase_name(s, catan_state_phase(s));
	static const char *const phases[LISTS - 1] = {
		"setup", "roll", "discard", "robber", "steal", "main", "road_building",
	};
	int i = LISTS - 1;

	for (int k = 0; name && k < LISTS - 1; k++)
		if (strcmp(name, phases[k]) == 0)
			i = k;
	list_calls[i]++;
	switch (i) {
	case 0: return list_setup(s, p);
	case 1: return list_roll(s, p);
	case 2: return list_discard(s, p);
	case 3: return list_robber(s, p);
	case 4: return list_steal(s, p);
	case 5: return list_main(s, p);
	case 6: return list_road_building(s, p);
	default: return list_other(s, p);
	}
}

static int
apply_by_type(catan_state *s, const catan_action *a)
{
	int i;

	switch (a->type) {
	case CATAN_ACT_ROLL: i = 0; break;
	case CATAN_ACT_DISCARD: i = 1; break;
	case CATAN_ACT_MOVE_ROBBER: i = 2; break;
	case CATAN_ACT_STEAL: i = 3; break;
	case CATAN_ACT_BUILD_ROAD: i = 4; break;
	case CATAN_ACT_BUILD_SETTLEMENT: i = 5; break;
	case CATAN_ACT_BUILD_CITY: i = 6; break;
	case CATAN_ACT_BUY_DEV: i = 7; break;
	case CATAN_ACT_PLAY_KNIGHT:
	case CATAN_ACT_PLAY_ROAD_BUILDING:
	case CATAN_ACT_PLAY_YEAR_OF_PLENTY:
	case CATAN_ACT_PLAY_MONOPOLY: i = 8; break;
	case CATAN_ACT_MARITIME_TRADE: i = 9; break;
	case CATAN_ACT_END_TURN: i = 10; break;
	default: i = 11; break;
	}
	apply_calls[i]++;
	switch (i) {
	case 0: return apply_roll(s, a);
	case 1: return apply_discard(s, a);
	case 2: return apply_move_robber(s, a);
	case 3: return apply_steal(s, a);
	case 4: return apply_build_road(s, a);
	case 5: return apply_build_settlement(s, a);
	case 6: return apply_build_city(s, a);
	case 7: return apply_buy_dev(s, a);
	case 8: return apply_play_dev(s, a);
	case 9: return apply_maritime_trade(s, a);
	case 10: return apply_end_turn(s, a);
	default: return apply_other(s, a);
	}
}

/* The benchmark's draw (examples/cli-bench.c): splitmix64, and the high
 * half scaled by the count. */
static uint64_t
next_random(uint64_t *x)
{
	uint64_t z = (*x += UINT64_C(0x9e3779b97f4a7c15));

	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

int
main(int argc, char **argv)
{
	const char *spec = "base(players=4,seed=1,offer_max=0)";
	unsigned games = 200;
	unsigned long long steps = 0;
	uint64_t rng = 1;
	catan_ctx *ctx = NULL;
	catan_game *game = NULL;
	int rc = 1;

	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--games") == 0 && i + 1 < argc)
			games = (unsigned)strtoul(argv[++i], NULL, 10);
		else if (argv[i][0] != '-')
			spec = argv[i];
		else {
			fprintf(stderr, "usage: profile-steps [GAME] [--games N]\n");
			return 2;
		}
	}
	if (catan_ctx_new(&ctx, NULL) != CATAN_OK)
		return 1;
	if (catan_game_new_from_string(&game, ctx, spec) != CATAN_OK) {
		fprintf(stderr, "profile-steps: %s\n", catan_ctx_errmsg(ctx));
		goto out;
	}
	legal_cap = catan_game_max_legal_actions(game);
	legal = malloc(legal_cap * sizeof(*legal));
	if (!legal)
		goto out;
	for (unsigned g = 0; g < games; g++) {
		catan_state *s;

		if (catan_state_new(&s, game) != CATAN_OK)
			goto out;
		for (uint32_t acting; (acting = catan_state_acting_players(s)) != 0; steps++) {
			size_t n = list_by_phase(s, __builtin_ctz(acting));

			if (n == 0 || apply_by_type(s, &legal[((next_random(&rng) >> 32) * n) >> 32]) != CATAN_OK) {
				fprintf(stderr, "profile-steps: game %u stuck at step %llu\n", g, steps);
				catan_state_free(s);
				goto out;
			}
		}
		catan_state_free(s);
	}
	printf("%s: %u games, %llu steps\n", spec, games, steps);
	for (int i = 0; i < LISTS; i++)
		if (list_calls[i])
			printf("  %-24s %10llu calls\n", list_names[i], list_calls[i]);
	for (int i = 0; i < APPLIES; i++)
		if (apply_calls[i])
			printf("  %-24s %10llu calls\n", apply_names[i], apply_calls[i]);
	rc = 0;
out:
	free(legal);
	catan_game_unref(game);
	catan_ctx_free(ctx);
	return rc;
}
