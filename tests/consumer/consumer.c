/*
 * consumer: an outside program built against the installed libcatanrules.
 * SPDX-License-Identifier: MIT
 *
 * Usage: consumer [GAME [MOVES [SEED]]]
 *
 * Creates GAME (a game string), plays at most MOVES random legal actions
 * chosen with a small seeded generator of its own (so the output is the
 * same wherever it runs) and prints the position reached. .ci/consume.sh
 * builds it through pkg-config and as a meson subproject and compares the
 * outputs.
 */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <catanrules/catanrules.h>

/* xorshift64*: the C library's rand() differs between platforms. */
static uint64_t
next_random(uint64_t *x)
{
	*x ^= *x >> 12;
	*x ^= *x << 25;
	*x ^= *x >> 27;
	return *x * 0x2545F4914F6CDD1DULL;
}

/* The player who acts now; the lowest one when several owe a decision. */
static int
acting_player(const catan_state *s)
{
	int p = catan_state_current_player(s);
	uint32_t mask;

	if (p != CATAN_PLAYER_SIMULTANEOUS)
		return p;
	mask = catan_state_acting_players(s);
	for (p = 0; p < CATAN_MAX_PLAYERS; p++)
		if (mask >> p & 1)
			return p;
	return CATAN_PLAYER_INVALID;
}

static int
play(catan_state *s, unsigned long moves, uint64_t seed)
{
	const catan_game *g = catan_state_game(s);
	size_t cap = catan_game_max_legal_actions(g);
	catan_action *legal = malloc(cap * sizeof(*legal));
	uint64_t x = seed * 2 + 1;
	char text[256];
	unsigned long i;

	if (legal == NULL) {
		fprintf(stderr, "consumer: out of memory\n");
		return -1;
	}
	for (i = 0; i < moves && !catan_state_is_terminal(s); i++) {
		int p = acting_player(s);
		size_t n = 0;
		catan_action *a;

		if (p < 0 ||
		    catan_state_legal_actions(s, p, legal, cap, &n) != CATAN_OK ||
		    n == 0) {
			fprintf(stderr, "consumer: no legal action for %d: %s\n",
				p, catan_state_errmsg(s));
			free(legal);
			return -1;
		}
		a = &legal[next_random(&x) % n];
		if (catan_action_format(g, a, text, sizeof(text), NULL) != CATAN_OK ||
		    catan_state_apply(s, a) != CATAN_OK) {
			fprintf(stderr, "consumer: %s\n", catan_state_errmsg(s));
			free(legal);
			return -1;
		}
		if (i < 5)
			printf("move %lu: %s\n", i + 1, text);
	}
	free(legal);
	return (int)(i > 0x7fffffff ? 0x7fffffff : i);
}

int
main(int argc, char **argv)
{
	const char *spec = argc > 1 ? argv[1] : "base(players=4,seed=7)";
	unsigned long moves = argc > 2 ? strtoul(argv[2], NULL, 10) : 400;
	uint64_t seed = argc > 3 ? strtoull(argv[3], NULL, 10) : 1;
	catan_ctx *ctx = NULL;
	catan_game *game = NULL;
	catan_state *state = NULL;
	char canonical[512];
	int major, minor, micro, played, rc, status = 1;

	rc = CATAN_ABI_CHECK();
	if (rc != CATAN_OK) {
		fprintf(stderr, "consumer: header and library disagree: %s\n",
			catan_strerror(rc));
		return 1;
	}
	catan_version(&major, &minor, &micro);
	printf("library %d.%d.%d, header %s\n", major, minor, micro,
	       CATAN_VERSION_STRING);

	if (catan_ctx_new(&ctx, NULL) != CATAN_OK)
		return 1;
	if (catan_game_new_from_string(&game, ctx, spec) != CATAN_OK) {
		fprintf(stderr, "consumer: bad game '%s': %s\n", spec,
			catan_ctx_errmsg(ctx));
		goto out;
	}
	if (catan_game_to_string(game, canonical, sizeof(canonical), NULL) != CATAN_OK ||
	    catan_state_new(&state, game) != CATAN_OK)
		goto out;
	printf("game %s\n", canonical);

	played = play(state, moves, seed);
	if (played < 0)
		goto out;
	printf("played %d actions, turn %u, phase %s\n", played,
	       (unsigned)catan_state_turn_number(state),
	       catan_state_phase_name(state, catan_state_phase(state)));
	printf("points");
	for (int p = 0; p < catan_game_num_players(game); p++)
		printf(" p%d=%d", p, catan_state_victory_points(state, p, 1));
	printf("\n");
	if (catan_state_winner(state) >= 0)
		printf("winner p%d\n", catan_state_winner(state));
	else
		printf("winner none\n");
	printf("hash %016llx\n", (unsigned long long)catan_state_hash(state));
	status = 0;
out:
	catan_state_free(state);
	catan_game_unref(game);
	catan_ctx_free(ctx);
	return status;
}
