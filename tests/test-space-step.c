/*
 * libcatanrules: catan_states_step() (catanrules/space.h): many states
 * stepped by action id in one call, exactly as one at a time.
 * SPDX-License-Identifier: MIT
 */

#include <stdlib.h>
#include <string.h>

#include "test-common.h"

static const char *const games[] = {
	"base(players=4,seed=1)",
	"base(players=3,seed=2,chance=explicit,offer_max=0)",
	"base(players=4,seed=5)+friendly_robber+harbors",
	"base(players=4,seed=7,chance=explicit)+event_cards",
	"base(players=2,seed=8)+catan_for_two",
	"base(players=3,seed=11)+rivers",
	"base(players=4,seed=12,chance=explicit)+fishing+friendly_robber",
};

#define BATCH 6

/* The lowest acting player, or -1 at the end. */
static int
actor(const catan_state *s)
{
	uint32_t acting = catan_state_acting_players(s);

	return acting ? __builtin_ctz(acting) : -1;
}

/*
 * space.h, catan_states_step(): "the action of ids[i] for the state's
 * actor is checked and applied, and the chance events it causes are
 * resolved with the state's RNG; then the next actor's legal actions are
 * written as a mask". A batch and copies stepped one at a time with the
 * same ids (catan_state_action_of_id, catan_state_apply,
 * catan_state_resolve_chance, catan_state_action_mask) stay equal states
 * with equal masks, every step, to the end of the games.
 */
START_TEST(test_batch_is_one_at_a_time)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g;
	catan_state *batch[BATCH], *alone[BATCH];
	size_t space, cap, ids[BATCH];
	uint8_t *masks, *mask;
	catan_action *scratch;
	int players[BATCH], rcs[BATCH], rc;
	uint64_t rng = 3 + (uint64_t)_i;
	unsigned steps = catan_test_under_valgrind() ? 150 : 2000;

	rc = catan_game_new_from_string(&g, ctx, games[_i]);
	if (rc == CATAN_ENOTFOUND) {
		catan_ctx_free(ctx); /* a module left out of this build */
		return;
	}
	ck_assert_msg(rc == CATAN_OK, "%s: %s", games[_i], catan_ctx_errmsg(ctx));
	CATAN_ASSERT_OK(catan_game_action_space(g, &space));
	cap = catan_game_max_legal_actions(g);
	masks = malloc(BATCH * space);
	mask = malloc(space);
	scratch = malloc(cap * sizeof(*scratch));
	for (int i = 0; i < BATCH; i++) {
		CATAN_ASSERT_OK(catan_state_new(&batch[i], g));
		CATAN_ASSERT_OK(catan_state_clone(&alone[i], batch[i]));
	}
	CATAN_ASSERT_OK(catan_states_step(batch, BATCH, NULL, masks, space, scratch, cap, players,
					  rcs));
	for (int i = 0; i < BATCH; i++)
		CATAN_ASSERT_OK(catan_state_resolve_chance(alone[i]));
	for (unsigned step = 0; step < steps; step++) {
		for (int i = 0; i < BATCH; i++) {
			int p = actor(alone[i]);

			ck_assert_int_eq(rcs[i], CATAN_OK);
			if (!catan_state_equal(batch[i], alone[i]))
				ck_abort_msg("%s: state %d differs at step %u", games[_i], i, step);
			ck_assert_int_eq(players[i], p < 0 ? CATAN_PLAYER_TERMINAL : p);
			ids[i] = CATAN_STEP_NO_ACTION;
			if (p < 0)
				continue;
			CATAN_ASSERT_OK(catan_state_action_mask(alone[i], p, mask, space, scratch,
								cap, NULL));
			if (memcmp(mask, masks + (size_t)i * space, space) != 0)
				ck_abort_msg("%s: mask %d differs at step %u", games[_i], i, step);
			/* a random id of the mask, applied alone */
			size_t n = 0, pick;

			for (size_t id = 0; id < space; id++)
				n += mask[id];
			ck_assert_uint_gt(n, 0);
			pick = catan_test_below(&rng, (unsigned)n);
			for (size_t id = 0; id < space; id++)
				if (mask[id] && pick-- == 0) {
					ids[i] = id;
					break;
				}
			catan_action a;

			CATAN_ASSERT_OK(catan_state_action_of_id(alone[i], p, ids[i], &a));
			CATAN_ASSERT_OK(catan_state_apply(alone[i], &a));
			CATAN_ASSERT_OK(catan_state_resolve_chance(alone[i]));
		}
		CATAN_ASSERT_OK(catan_states_step(batch, BATCH, ids, masks, space, scratch, cap,
						  players, rcs));
	}
	for (int i = 0; i < BATCH; i++) {
		catan_state_free(batch[i]);
		catan_state_free(alone[i]);
	}
	free(masks);
	free(mask);
	free(scratch);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/*
 * "A state whose action is refused keeps its position (rc_out[i] says
 * why) and its mask is left as it was; the others go on."
 */
START_TEST(test_refused_ids_change_nothing)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, "base(players=3,seed=4)");
	catan_state *s[3], *before[3];
	size_t space, cap, ids[3];
	uint8_t *masks;
	catan_action *scratch;
	int players[3], rcs[3];

	CATAN_ASSERT_OK(catan_game_action_space(g, &space));
	cap = catan_game_max_legal_actions(g);
	masks = malloc(3 * space);
	scratch = malloc(cap * sizeof(*scratch));
	for (int i = 0; i < 3; i++)
		s[i] = catan_test_state_new(g);
	CATAN_ASSERT_OK(catan_states_step(s, 3, NULL, masks, space, scratch, cap, players, rcs));
	for (int i = 0; i < 3; i++)
		CATAN_ASSERT_OK(catan_state_clone(&before[i], s[i]));
	/* state 0: a legal id; state 1: an id its mask has not; state 2: past the space */
	ids[0] = (size_t)((uint8_t *)memchr(masks, 1, space) - masks);
	ids[1] = (size_t)((uint8_t *)memchr(masks + space, 0, space) - (masks + space));
	ids[2] = space;
	memset(masks + space, 0x55, space);
	CATAN_ASSERT_OK(catan_states_step(s, 3, ids, masks, space, scratch, cap, players, rcs));
	ck_assert_int_eq(rcs[0], CATAN_OK);
	ck_assert_int_eq(rcs[1], CATAN_EILLEGAL);
	ck_assert_int_eq(rcs[2], CATAN_ENOTFOUND);
	ck_assert(!catan_state_equal(s[0], before[0]));
	ck_assert(catan_state_equal(s[1], before[1]));
	ck_assert(catan_state_equal(s[2], before[2]));
	ck_assert_uint_eq(masks[space], 0x55); /* left as it was */
	ck_assert_int_eq(players[1], actor(s[1]));
	/* bad arguments step nothing */
	ck_assert_int_eq(catan_states_step(s, 3, ids, masks, space - 1, scratch, cap, players,
					   rcs), CATAN_EINVAL);
	ck_assert_int_eq(catan_states_step(NULL, 3, ids, masks, space, scratch, cap, players, rcs),
			 CATAN_EINVAL);
	ck_assert_int_eq(catan_states_step(s, 3, ids, masks, space, scratch, cap, players, NULL),
			 CATAN_EINVAL);
	ck_assert_int_eq(catan_states_step(s, 3, ids, masks, space, NULL, 0, players, rcs),
			 CATAN_EINVAL);
	ck_assert_int_eq(catan_states_step(s, 0, NULL, NULL, 0, NULL, 0, NULL, NULL), CATAN_OK);
	{
		catan_game *other = catan_test_game_new(ctx, "base(players=3,seed=5)");
		catan_state *mixed[2] = { s[0], catan_test_state_new(other) };

		ck_assert_int_eq(catan_states_step(mixed, 2, NULL, masks, space, scratch, cap,
						   players, rcs), CATAN_EINVAL);
		catan_state_free(mixed[1]);
		catan_game_unref(other);
	}
	for (int i = 0; i < 3; i++) {
		catan_state_free(s[i]);
		catan_state_free(before[i]);
	}
	free(masks);
	free(scratch);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* At the end of a game: no actor, an empty mask, and any id refused. */
START_TEST(test_the_end_has_no_actor)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, "base(players=3,seed=6,offer_max=0)");
	catan_state *s = catan_test_state_new(g);
	size_t space, cap, id = 0;
	uint8_t *mask;
	catan_action *scratch;
	int player, rc;
	uint64_t rng = 1;

	CATAN_ASSERT_OK(catan_game_action_space(g, &space));
	cap = catan_game_max_legal_actions(g);
	mask = malloc(space);
	scratch = malloc(cap * sizeof(*scratch));
	CATAN_ASSERT_OK(catan_state_playout(s, &rng, scratch, cap, UINT64_MAX, NULL));
	ck_assert(catan_state_is_terminal(s));
	memset(mask, 1, space);
	CATAN_ASSERT_OK(catan_states_step(&s, 1, NULL, mask, space, scratch, cap, &player, &rc));
	ck_assert_int_eq(rc, CATAN_OK);
	ck_assert_int_eq(player, CATAN_PLAYER_TERMINAL);
	ck_assert_ptr_null(memchr(mask, 1, space));
	CATAN_ASSERT_OK(catan_states_step(&s, 1, &id, mask, space, scratch, cap, &player, &rc));
	ck_assert_int_eq(rc, CATAN_EILLEGAL);
	catan_state_free(s);
	free(mask);
	free(scratch);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

void
catan_test_register(SRunner *sr)
{
	Suite *s = catan_test_suite(sr, "space-step");

	CATAN_TEST_ADD_LOOP(s, test_batch_is_one_at_a_time, 0,
			    (int)(sizeof(games) / sizeof(games[0])));
	CATAN_TEST_ADD(s, test_refused_ids_change_nothing);
	CATAN_TEST_ADD(s, test_the_end_has_no_actor);
}
