/*
 * embed-minimal: the smallest complete program that referees a game.
 * SPDX-License-Identifier: MIT
 */

#include <stdio.h>
#include <stdlib.h>

#include <catanrules/catanrules.h>

int
main(void)
{
	catan_ctx *ctx = NULL;
	catan_game *game = NULL;
	catan_state *state = NULL;
	catan_action *legal = NULL;
	size_t cap, n;
	int status = 1;

	if (catan_ctx_new(&ctx, NULL) != CATAN_OK)
		return 1;
	if (catan_game_new_from_string(&game, ctx, "base(players=4,seed=42)") != CATAN_OK ||
	    catan_state_new(&state, game) != CATAN_OK) {
		fprintf(stderr, "%s\n", catan_ctx_errmsg(ctx));
		goto out;
	}
	cap = catan_game_max_legal_actions(game);
	legal = malloc(cap * sizeof(*legal));
	if (legal == NULL)
		goto out;

	srand(42);
	while (!catan_state_is_terminal(state)) {
		/* Several players may owe a discard or a trade reply at once. */
		int p = catan_state_current_player(state);

		if (p == CATAN_PLAYER_SIMULTANEOUS)
			for (p = 0; !(catan_state_acting_players(state) >> p & 1); p++)
				;
		if (catan_state_legal_actions(state, p, legal, cap, &n) != CATAN_OK || n == 0 ||
		    catan_state_apply(state, &legal[(size_t)rand() % n]) != CATAN_OK) {
			fprintf(stderr, "%s\n", catan_state_errmsg(state));
			goto out;
		}
	}
	printf("winner: p%d\n", catan_state_winner(state));
	status = 0;
out:
	free(legal);
	catan_state_free(state);
	catan_game_unref(game);
	catan_ctx_free(ctx);
	return status;
}
