/*
 * catanrules trace: a seeded playthrough printed step by step (golden traces).
 * SPDX-License-Identifier: MIT
 */

/*
 * The format is described in doc/golden.md. In short:
 *
 *	game: <canonical game string>
 *	chance: sampled|explicit
 *	policy: seed=S steps=N
 *
 *	step K
 *	state: phase=... turn=... turn_player=... current=... acting=... ...
 *	view p0: <what p0 sees of every player>
 *	...
 *	view public: <what a spectator sees>
 *	outcomes [n]:            (chance node, EXPLICIT mode)
 *	  <outcome> = num/den
 *	legal pX [n]: a; b; ...  (one line per acting player)
 *	apply: <action>
 *
 * and a last block without legal lines that ends with `end: ...`.
 *
 * The policy that picks the actions is fixed and documented, so that a
 * trace is reproducible from its header alone:
 * - r is a splitmix64 stream seeded with S (next() is cli_random_next()
 *   of cli.h);
 * - at a chance node (EXPLICIT mode): v = next() % den, and the outcome is
 *   the first whose running sum of numerators exceeds v (in listed order);
 * - at a decision node: the actor is the (next() % k)-th of the k acting
 *   players in seat order; of the actor's legal actions (canonical order),
 *   the type is the (next() % t)-th of the t distinct types present, and
 *   the action the (next() % m)-th of the m actions of that type.
 * Drawing the type first keeps rare but important actions (building,
 * development cards, trades) frequent in a short trace.
 *
 * cli-perft.c and cli-render.c reach positions `GAME@seed=S,steps=K`
 * with the same policy, through cli_trace_start().
 */

#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define DEFAULT_STEPS 150ul
#define MAX_STEPS 10000000ul

/*
 * The policy's choice at @s (not terminal). Returns CATAN_OK, or the
 * library's code if a list could not be read.
 */
int
cli_trace_choose(catan_state *s, uint64_t *rng, catan_action *out)
{
	const catan_game *g = catan_state_game(s);
	int rc = CATAN_OK;

	if (catan_state_is_chance_node(s)) {
		size_t cap = catan_game_max_chance_outcomes(g), n = 0, i;
		catan_chance_outcome *o = calloc(cap ? cap : 1, sizeof(*o));
		uint64_t v;

		if (o == NULL)
			return CATAN_ENOMEM;
		rc = catan_state_chance_outcomes(s, o, cap, &n);
		if (rc == CATAN_OK && n == 0)
			rc = CATAN_ERROR;
		if (rc == CATAN_OK) {
			v = cli_random_next(rng) % o[0].den;
			for (i = 0; i + 1 < n && v >= o[i].num; i++)
				v -= o[i].num;
			*out = o[i].action;
		}
		free(o);
		return rc;
	} else {
		uint32_t mask = catan_state_acting_players(s);
		unsigned k = (unsigned)__builtin_popcount(mask);
		size_t cap = catan_game_max_legal_actions(g), n = 0;
		catan_action *a;
		unsigned pick;
		int actor = -1;

		if (k == 0)
			return CATAN_ERROR;
		pick = (unsigned)(cli_random_next(rng) % k);
		for (int p = 0; p < 32; p++) {
			if ((mask & (1u << p)) && pick-- == 0) {
				actor = p;
				break;
			}
		}
		a = calloc(cap ? cap : 1, sizeof(*a));
		if (a == NULL)
			return CATAN_ENOMEM;
		rc = catan_state_legal_actions(s, actor, a, cap, &n);
		if (rc == CATAN_OK && n == 0)
			rc = CATAN_ERROR;
		if (rc == CATAN_OK) {
			size_t ntypes = 0, first = 0, m = 0, t;

			for (size_t i = 0; i < n; i++)
				if (i == 0 || a[i].type != a[i - 1].type)
					ntypes++;
			t = (size_t)(cli_random_next(rng) % ntypes);
			/* canonical order sorts by type first */
			for (size_t i = 0, idx = 0; i < n; i++) {
				if (i > 0 && a[i].type != a[i - 1].type)
					idx++;
				if (idx == t) {
					first = i;
					break;
				}
			}
			while (first + m < n &&
			       a[first + m].type == a[first].type)
				m++;
			*out = a[first + (size_t)(cli_random_next(rng) % m)];
		}
		free(a);
		return rc;
	}
}

/*
 * Play @steps actions of the policy seeded with @seed from @s, stopping
 * early at the end of the game. *done_out gets the number applied.
 */
int
cli_trace_advance(catan_state *s, uint64_t seed, unsigned long steps,
		  unsigned long *done_out)
{
	uint64_t rng = seed;
	unsigned long done = 0;
	int rc = CATAN_OK;

	while (done < steps && !catan_state_is_terminal(s)) {
		catan_action a;

		rc = cli_trace_choose(s, &rng, &a);
		if (rc == CATAN_OK)
			rc = catan_state_apply(s, &a);
		if (rc != CATAN_OK)
			break;
		done++;
	}
	if (done_out)
		*done_out = done;
	return rc;
}

/* "seed=S,steps=K" in any order; both required. */
int
cli_trace_parse_at(const char *text, uint64_t *seed, unsigned long *steps)
{
	char buf[128], *tok, *save = NULL;
	int have_seed = 0, have_steps = 0;

	if (strlen(text) >= sizeof(buf))
		return -1;
	strcpy(buf, text);
	for (tok = strtok_r(buf, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		if (strncmp(tok, "seed=", 5) == 0 &&
		    cli_parse_u64(tok + 5, seed) == 0)
			have_seed = 1;
		else if (strncmp(tok, "steps=", 6) == 0 &&
			 cli_parse_ulong(tok + 6, ~0ul, steps) == 0)
			have_steps = 1;
		else
			return -1;
	}
	return have_seed && have_steps ? 0 : -1;
}

int
cli_trace_start(catan_game *g, const char *cmd, const char *pos,
		uint64_t seed, unsigned long steps, catan_state **s_out,
		unsigned long *done_out)
{
	int rc = catan_state_new(s_out, g);

	*done_out = 0;
	if (rc != CATAN_OK) {
		*s_out = NULL;
		return cli_error("%s: cannot create the state: %s", cmd,
				 catan_strerror(rc));
	}
	rc = cli_trace_advance(*s_out, seed, steps, done_out);
	if (rc != CATAN_OK) {
		cli_error("%s: %s: step %lu: %s: %s", cmd, pos, *done_out,
			  catan_strerror(rc), catan_state_errmsg(*s_out));
		catan_state_free(*s_out);
		*s_out = NULL;
		return CLI_EXIT_FAILURE;
	}
	return CLI_EXIT_OK;
}

/* ------------------------------------------------------------ output */

static void
print_cards(FILE *f, const catan_game *g, const uint8_t *v, int dev)
{
	int first = 1;

	for (int k = 0; k < (dev ? CATAN_MAX_DEV_KINDS : CATAN_MAX_CARD_KINDS);
	     k++) {
		const char *name = dev ? catan_game_dev_kind_name(g, k) :
				   catan_game_card_kind_name(g, k);

		if (v[k] == 0)
			continue;
		if (name)
			fprintf(f, "%s%s=%u", first ? "" : ",", name, v[k]);
		else
			fprintf(f, "%sk%d=%u", first ? "" : ",", k, v[k]);
		first = 0;
	}
}

static int
any(const uint8_t *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (v[i])
			return 1;
	return 0;
}

static void
print_mask(FILE *f, uint32_t mask)
{
	int first = 1;

	if (mask == 0) {
		fputc('-', f);
		return;
	}
	for (int p = 0; p < 32; p++) {
		if (mask & (1u << p)) {
			fprintf(f, "%sp%d", first ? "" : ",", p);
			first = 0;
		}
	}
}

static void
print_holder(FILE *f, int p)
{
	if (p >= 0)
		fprintf(f, "p%d", p);
	else
		fputc('-', f);
}

static int
observe(const catan_state *s, int observer, catan_observation *o)
{
	memset(o, 0, sizeof(*o));
	o->version = CATAN_OBSERVATION_VERSION;
	return catan_state_observe(s, observer, o);
}

/* The public part of the position, from the spectator's observation. */
static int
print_state(FILE *f, const catan_state *s)
{
	const catan_game *g = catan_state_game(s);
	catan_observation o;
	char pb[32], hb[32];
	int rc = observe(s, CATAN_OBSERVER_PUBLIC, &o);

	if (rc != CATAN_OK)
		return rc;
	fprintf(f, "state: phase=%s turn=%u turn_player=%s current=%s acting=",
		catan_state_phase_name(s, catan_state_phase(s)),
		catan_state_turn_number(s),
		cli_player_name(catan_state_turn_player(s), pb, sizeof(pb)),
		cli_player_name(catan_state_current_player(s), hb,
				sizeof(hb)));
	print_mask(f, catan_state_acting_players(s));
	fprintf(f, " dice=%u robber=%s bank=", o.dice,
		cli_location_text(g, CATAN_LOC_HEX, o.robber_hex, hb,
				  sizeof(hb)));
	for (int k = 0; k < CATAN_NUM_RESOURCES; k++)
		fprintf(f, "%s%u", k ? "/" : "", o.bank[k]);
	for (int k = CATAN_NUM_RESOURCES; k < CATAN_MAX_CARD_KINDS; k++)
		if (o.bank[k])
			fprintf(f, "/k%d=%u", k, o.bank[k]);
	fprintf(f, " deck=%u longest_road=", o.dev_deck_total);
	print_holder(f, o.longest_road_holder);
	fputs(" largest_army=", f);
	print_holder(f, o.largest_army_holder);
	if (any(o.offer_give, sizeof(o.offer_give)) ||
	    any(o.offer_get, sizeof(o.offer_get))) {
		fputs(" offer=give:", f);
		print_cards(f, g, o.offer_give, 0);
		fputs(":get:", f);
		print_cards(f, g, o.offer_get, 0);
	}
	if (o.winner >= 0)
		fprintf(f, " winner=p%d", o.winner);
	fputc('\n', f);
	return CATAN_OK;
}

static void
print_player_view(FILE *f, const catan_game *g, int q, const catan_player_view *v)
{
	static const char *const responses[] = {
		NULL, "accepted", "declined", "countered"
	};

	fprintf(f, "p%d cards=%u", q, v->card_total);
	if (v->flags & CATAN_VIEW_CARDS_KNOWN) {
		fputc('[', f);
		print_cards(f, g, v->cards, 0);
		fputc(']', f);
	}
	fprintf(f, " dev=%u", v->dev_total);
	if (v->flags & CATAN_VIEW_DEV_KNOWN) {
		fputc('[', f);
		print_cards(f, g, v->dev_cards, 1);
		fputc(']', f);
	}
	fprintf(f, " vp=%d", (int)v->public_vp);
	if (v->visible_vp > v->public_vp)
		fprintf(f, "+%d", (int)(v->visible_vp - v->public_vp));
	fprintf(f, " knights=%u road=%u stock=%u/%u/%u", v->knights_played,
		v->longest_road, v->settlements_left, v->cities_left,
		v->roads_left);
	if (v->discard_owed)
		fprintf(f, " owes=%u", v->discard_owed);
	if (v->trade_response >= 1 && v->trade_response <= 3)
		fprintf(f, " %s", responses[v->trade_response]);
	else if (v->trade_response != 0)
		fprintf(f, " response=%d", v->trade_response);
	if (v->trade_response == 3 ||
	    any(v->counter_give, sizeof(v->counter_give)) ||
	    any(v->counter_get, sizeof(v->counter_get))) {
		fputs(":give:", f);
		print_cards(f, g, v->counter_give, 0);
		fputs(":get:", f);
		print_cards(f, g, v->counter_get, 0);
	}
}

static int
print_view(FILE *f, const catan_state *s, int observer)
{
	catan_observation o;
	int rc = observe(s, observer, &o);
	int n = catan_game_num_players(catan_state_game(s));

	if (rc != CATAN_OK)
		return rc;
	if (observer >= 0)
		fprintf(f, "view p%d:", observer);
	else
		fputs("view public:", f);
	for (int q = 0; q < n && q < CATAN_MAX_PLAYERS; q++) {
		fputs(q ? " | " : " ", f);
		print_player_view(f, catan_state_game(s), q, &o.players[q]);
	}
	fputc('\n', f);
	return CATAN_OK;
}

static int
print_choices(FILE *f, const catan_state *s)
{
	const catan_game *g = catan_state_game(s);
	char t[512];
	int rc;

	if (catan_state_is_chance_node(s)) {
		size_t cap = catan_game_max_chance_outcomes(g), n = 0;
		catan_chance_outcome *o = calloc(cap ? cap : 1, sizeof(*o));

		if (o == NULL)
			return CATAN_ENOMEM;
		rc = catan_state_chance_outcomes(s, o, cap, &n);
		if (rc == CATAN_OK) {
			fprintf(f, "outcomes [%zu]:\n", n);
			for (size_t i = 0; i < n; i++)
				fprintf(f, "  %s = %" PRIu32 "/%" PRIu32 "\n",
					cli_action_text(g, &o[i].action, t,
							sizeof(t)),
					o[i].num, o[i].den);
		}
		free(o);
		return rc;
	} else {
		size_t cap = catan_game_max_legal_actions(g);
		catan_action *a = calloc(cap ? cap : 1, sizeof(*a));
		uint32_t mask = catan_state_acting_players(s);

		if (a == NULL)
			return CATAN_ENOMEM;
		rc = CATAN_OK;
		for (int p = 0; p < 32 && rc == CATAN_OK; p++) {
			size_t n = 0;

			if (!(mask & (1u << p)))
				continue;
			rc = catan_state_legal_actions(s, p, a, cap, &n);
			if (rc != CATAN_OK)
				break;
			fprintf(f, "legal p%d [%zu]:", p, n);
			for (size_t i = 0; i < n; i++)
				fprintf(f, "%s%s", i ? "; " : " ",
					cli_action_text(g, &a[i], t,
							sizeof(t)));
			fputc('\n', f);
		}
		free(a);
		return rc;
	}
}

static int
print_block(FILE *f, const catan_state *s, unsigned long step)
{
	int n = catan_game_num_players(catan_state_game(s));
	int rc;

	fprintf(f, "\nstep %lu\n", step);
	rc = print_state(f, s);
	for (int p = 0; p < n && rc == CATAN_OK; p++)
		rc = print_view(f, s, p);
	if (rc == CATAN_OK)
		rc = print_view(f, s, CATAN_OBSERVER_PUBLIC);
	return rc;
}

static void
usage(FILE *f)
{
	fprintf(f,
		"Usage: %s trace GAME [--seed S] [--steps N]\n"
		"Play GAME (a game string) with a fixed policy seeded with S\n"
		"(default 1) for N actions (default %lu; fewer if the game ends)\n"
		"and print every position: the public state, each player's and\n"
		"the spectator's view, the legal actions or chance outcomes, and\n"
		"the action applied. The same arguments give the same trace on\n"
		"every platform; doc/golden.md describes the format and policy.\n",
		CLI_PROGRAM, DEFAULT_STEPS);
}

int
cmd_trace(int argc, char **argv)
{
	const char *spec = NULL;
	unsigned long steps = DEFAULT_STEPS, step;
	uint64_t seed = 1;
	uint64_t rng;
	catan_ctx *ctx = NULL;
	catan_game *g = NULL;
	catan_state *s = NULL;
	char gs[1024], t[512];
	int rc, ret = CLI_EXIT_OK;

	for (int i = 1; i < argc; i++) {
		if (cli_is_help(argv[i])) {
			usage(stdout);
			return CLI_EXIT_OK;
		} else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc) {
			if (cli_parse_u64(argv[++i], &seed) != 0)
				return cli_usage_error("trace: bad seed '%s'",
						       argv[i]);
		} else if (strcmp(argv[i], "--steps") == 0 && i + 1 < argc) {
			if (cli_parse_ulong(argv[++i], MAX_STEPS, &steps) != 0)
				return cli_usage_error("trace: bad step count '%s' (0..%lu)",
						       argv[i], MAX_STEPS);
		} else if (argv[i][0] == '-') {
			return cli_usage_error("trace: unknown option '%s' (try --help)",
					       argv[i]);
		} else if (spec == NULL) {
			spec = argv[i];
		} else {
			return cli_usage_error("trace: one game only ('%s')",
					       argv[i]);
		}
	}
	if (spec == NULL) {
		usage(stderr);
		return CLI_EXIT_USAGE;
	}

	ret = cli_new_ctx(&ctx);
	if (ret != CLI_EXIT_OK)
		return ret;
	ret = cli_load_game(ctx, spec, &g);
	if (ret != CLI_EXIT_OK)
		goto out;
	rc = catan_state_new(&s, g);
	if (rc != CATAN_OK) {
		ret = cli_error("trace: cannot create the state: %s",
				catan_strerror(rc));
		goto out;
	}
	if (catan_game_to_string(g, gs, sizeof(gs), NULL) != CATAN_OK)
		snprintf(gs, sizeof(gs), "%s", spec);

	printf("game: %s\n", gs);
	printf("chance: %s\n",
	       catan_game_chance_mode(g) == CATAN_CHANCE_EXPLICIT ?
	       "explicit" : "sampled");
	printf("policy: seed=%" PRIu64 " steps=%lu\n", seed, steps);

	rng = (uint64_t)seed;
	for (step = 0; step < steps && !catan_state_is_terminal(s); step++) {
		catan_action a;

		rc = print_block(stdout, s, step);
		if (rc == CATAN_OK)
			rc = print_choices(stdout, s);
		if (rc == CATAN_OK)
			rc = cli_trace_choose(s, &rng, &a);
		if (rc == CATAN_OK) {
			printf("apply: %s\n", cli_action_text(g, &a, t,
							      sizeof(t)));
			rc = catan_state_apply(s, &a);
		}
		if (rc != CATAN_OK) {
			fflush(stdout);
			ret = cli_error("trace: step %lu: %s: %s", step,
					catan_strerror(rc),
					catan_state_errmsg(s));
			goto out;
		}
	}
	rc = print_block(stdout, s, step);
	if (rc != CATAN_OK) {
		ret = cli_error("trace: step %lu: %s", step, catan_strerror(rc));
		goto out;
	}
	if (catan_state_is_terminal(s)) {
		int w = catan_state_winner(s);

		if (w >= 0)
			printf("end: winner p%d after %lu steps\n", w, step);
		else
			printf("end: game over without a winner after %lu steps\n",
			       step);
	} else {
		printf("end: stopped after %lu steps\n", step);
	}
	if (fflush(stdout) != 0 || ferror(stdout))
		ret = cli_error("trace: cannot write the output");
out:
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
	return ret;
}
