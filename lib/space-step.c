/*
 * libcatanrules: many states stepped by action id in one call (catanrules/space.h).
 * SPDX-License-Identifier: MIT
 */

#include <string.h>

#include "catan-private.h"

/* The player who acts next in @s, as catan_state_playout() chooses: the
 * lowest-numbered acting player; CATAN_PLAYER_TERMINAL at the end. */
static int
next_actor(const catan_state *s)
{
	uint32_t acting = catan_state_acting_players(s);

	return acting ? __builtin_ctz(acting) : CATAN_PLAYER_TERMINAL;
}

/* One state's step: the id's action for its actor, the chance it causes,
 * the next actor and their mask. */
static int
step_one(catan_state *s, size_t id, uint8_t *mask, size_t space, catan_action *scratch,
	 size_t scratch_cap, int *player_out)
{
	int player, rc;

	if (catan_state_is_chance_node(s)) {
		rc = catan_state_resolve_chance(s);
		if (rc != CATAN_OK)
			return rc;
	}
	player = next_actor(s);
	if (id != CATAN_STEP_NO_ACTION) {
		catan_action a;

		if (player < 0) {
			catan_state__seterr(s, "the game is over: no action id applies");
			return CATAN_EILLEGAL;
		}
		rc = catan_state_action_of_id(s, player, id, &a);
		if (rc != CATAN_OK)
			return rc;
		rc = catan_state_apply(s, &a);
		if (rc != CATAN_OK)
			return rc;
		rc = catan_state_resolve_chance(s);
		if (rc != CATAN_OK)
			return rc;
		player = next_actor(s);
	}
	if (player_out)
		*player_out = player;
	if (!mask)
		return CATAN_OK;
	if (player < 0) {
		memset(mask, 0, space);
		return CATAN_OK;
	}
	return catan_state_action_mask(s, player, mask, space, scratch, scratch_cap, NULL);
}

int
catan_states_step(catan_state *const *states, size_t n, const size_t *ids, uint8_t *masks,
		  size_t space, catan_action *scratch, size_t scratch_cap, int *players_out,
		  int *rc_out)
{
	size_t size;

	if (n == 0)
		return CATAN_OK;
	if (!states || !rc_out || !states[0] || (masks && !scratch))
		return CATAN_EINVAL;
	if (masks) {
		int rc = catan_game_action_space(states[0]->game, &size);

		if (rc != CATAN_OK)
			return rc;
		if (size != space)
			return CATAN_EINVAL;
	}
	for (size_t i = 0; i < n; i++) {
		if (!states[i] || states[i]->game != states[0]->game)
			return CATAN_EINVAL;
	}
	for (size_t i = 0; i < n; i++) {
		rc_out[i] = step_one(states[i], ids ? ids[i] : CATAN_STEP_NO_ACTION,
				     masks ? masks + i * space : NULL, space, scratch, scratch_cap,
				     players_out ? &players_out[i] : NULL);
		if (rc_out[i] != CATAN_OK && players_out)
			players_out[i] = next_actor(states[i]);
	}
	return CATAN_OK;
}
