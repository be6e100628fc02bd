/*
 * catanrules replay: load a snapshot or history and print the final position.
 * SPDX-License-Identifier: MIT
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* First word of a history's header line (doc/serialization.md). */
#define HISTORY_HEADER "catanrules-history"

static void
usage(FILE *f)
{
	fprintf(f, "Usage: %s replay [--steps] FILE\n"
		"Load a snapshot or an action history (FILE, or - for stdin) with\n"
		"catan_load() and print the final position: game, phase, turn,\n"
		"whose move, scores, award holders and winner.\n"
		"  --steps  also print every action of a history as it is replayed\n"
		"Exit status: 0 on success, 2 if the file cannot be read or loaded\n"
		"or the output cannot be written. FILE may hold at most %d MiB.\n",
		CLI_PROGRAM, CLI_INPUT_MAX_MIB);
}

static const char *
next_text_line(const char **p, char *buf, size_t cap)
{
	const char *start = *p;
	size_t len;

	if (*start == '\0')
		return NULL;
	len = strcspn(start, "\n");
	*p = start + len + (start[len] == '\n');
	while (len > 0 && (start[len - 1] == '\r' || start[len - 1] == ' ' ||
			   start[len - 1] == '\t'))
		len--;
	if (len >= cap)
		len = cap - 1;
	memcpy(buf, start, len);
	buf[len] = '\0';
	return buf;
}

/*
 * Replay the actions of a history on a fresh state of its game, printing
 * each; the result must equal what catan_load() built.
 */
static int
print_steps(const char *text, catan_game *g, const catan_state *loaded)
{
	const char *p = text;
	catan_state *s = NULL;
	char line[1024];
	unsigned long step = 0;
	int in_actions = 0, rc = CLI_EXIT_OK;

	if (strncmp(text, HISTORY_HEADER, strlen(HISTORY_HEADER)) != 0) {
		printf("steps: none (a snapshot holds the position, not the actions)\n");
		return CLI_EXIT_OK;
	}
	if (catan_state_new(&s, g) != CATAN_OK)
		return cli_error("replay: cannot create a state");
	printf("steps:\n");
	while (next_text_line(&p, line, sizeof(line)) != NULL) {
		char text_out[256];
		catan_action a;

		if (!in_actions) {
			/* The header and the game line come first. */
			if (strncmp(line, "game ", 5) == 0)
				in_actions = 1;
			continue;
		}
		if (line[0] == '\0' || line[0] == '#')
			continue;
		if (strcmp(line, "end") == 0)
			break;
		if (catan_action_parse(s, line, &a) != CATAN_OK ||
		    catan_state_apply(s, &a) != CATAN_OK) {
			rc = cli_error("replay: step %lu '%s': %s", step + 1, line,
				       catan_state_errmsg(s));
			break;
		}
		step++;
		printf("  %5lu  %s\n", step, cli_action_text(g, &a, text_out, sizeof(text_out)));
	}
	if (rc == CLI_EXIT_OK && !catan_state_equal(s, loaded))
		rc = cli_error("replay: the replayed steps do not give the loaded position");
	catan_state_free(s);
	return rc;
}

static void
print_summary(const catan_game *g, const catan_state *s)
{
	char canon[1024], b[16], hex[16];
	int n = catan_game_num_players(g), winner = catan_state_winner(s);
	int lr = catan_state_longest_road_holder(s), la = catan_state_largest_army_holder(s);

	if (catan_game_to_string(g, canon, sizeof(canon), NULL) != CATAN_OK)
		snprintf(canon, sizeof(canon), "%s", catan_game_variant(g));
	printf("game: %s\n", canon);
	printf("moves: %u\n", (unsigned)catan_state_move_number(s));
	printf("phase: %s\n", catan_state_phase_name(s, catan_state_phase(s)));
	printf("turn: %u (turn player %s)\n", (unsigned)catan_state_turn_number(s),
	       cli_player_name(catan_state_turn_player(s), b, sizeof(b)));
	printf("current: %s\n", cli_player_name(catan_state_current_player(s), b, sizeof(b)));
	printf("dice: %d\n", catan_state_dice(s));
	printf("robber: %s\n", cli_location_text(g, CATAN_LOC_HEX,
						 (unsigned)catan_state_robber(s), hex, sizeof(hex)));
	printf("scores:");
	for (int p = 0; p < n; p++)
		printf(" p%d=%d", p, catan_state_victory_points(s, p, 1));
	printf(" (public:");
	for (int p = 0; p < n; p++)
		printf(" p%d=%d", p, catan_state_victory_points(s, p, 0));
	printf(")\n");
	printf("longest road: %s\n", lr >= 0 ? cli_player_name(lr, b, sizeof(b)) : "none");
	printf("largest army: %s\n", la >= 0 ? cli_player_name(la, b, sizeof(b)) : "none");
	printf("winner: %s\n", winner >= 0 ? cli_player_name(winner, b, sizeof(b)) : "none");
}

int
cmd_replay(int argc, char **argv)
{
	const char *path = NULL;
	catan_ctx *ctx = NULL;
	catan_game *g = NULL;
	catan_state *s = NULL;
	char *text = NULL;
	size_t len = 0;
	int steps = 0, rc, lrc;

	for (int i = 1; i < argc; i++) {
		if (cli_is_help(argv[i])) {
			usage(stdout);
			return CLI_EXIT_OK;
		}
		if (strcmp(argv[i], "--steps") == 0) {
			steps = 1;
			continue;
		}
		if (argv[i][0] == '-' && argv[i][1] != '\0')
			return cli_usage_error("replay: unknown option '%s' (try --help)", argv[i]);
		if (path != NULL)
			return cli_usage_error("replay: one file only ('%s' and '%s')", path, argv[i]);
		path = argv[i];
	}
	if (path == NULL)
		return cli_usage_error("replay: missing FILE (try --help)");

	rc = cli_read_file(path, &text, &len);
	if (rc != CLI_EXIT_OK)
		return rc;
	rc = cli_new_ctx(&ctx);
	if (rc != CLI_EXIT_OK)
		goto out;
	lrc = catan_load(&g, &s, ctx, text, len);
	if (lrc != CATAN_OK) {
		rc = lrc == CATAN_ENOMEM ?
		     cli_error("replay: %s: %s", path, catan_ctx_errmsg(ctx)) :
		     cli_usage_error("replay: %s: %s", path, catan_ctx_errmsg(ctx));
		goto out;
	}
	if (steps) {
		rc = print_steps(text, g, s);
		if (rc != CLI_EXIT_OK)
			goto out;
	}
	print_summary(g, s);
out:
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
	free(text);
	return rc;
}
