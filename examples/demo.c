/*
 * catanrules-demo: play seeded games of uniformly random legal actions.
 * SPDX-License-Identifier: MIT
 */

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <catanrules/catanrules.h>

#define PROGRAM "catanrules-demo"
#define DEFAULT_GAME "base(players=4,seed=1)"

/*
 * Random play of the base game ends after some thousands of actions; the
 * limit only turns a game that never ends (a library bug) into an error
 * instead of a hang.
 */
#define ACTION_LIMIT 20000000UL

struct options {
	const char *game;
	unsigned long games;
	uint64_t seed;
	int have_seed;
	int quiet;
};

struct result {
	int winner;             /* player, or -1 */
	unsigned long actions;  /* applied by us, chance outcomes included */
	uint32_t turns;
	int vp[CATAN_MAX_PLAYERS];
};

struct action_vec {
	catan_action *items;
	size_t count;
	size_t cap;
};

static const char *const terrain_names[] = {
	"desert", "forest", "hills", "pasture", "fields", "mountains", "sea",
};
#define NUM_TERRAINS (sizeof(terrain_names) / sizeof(terrain_names[0]))

static void
usage(FILE *f)
{
	fprintf(f, "Usage: %s [GAME] [--games N] [--seed S] [--quiet]\n"
		"Play games of uniformly random legal actions to the end.\n"
		"GAME is a game string (default %s); --seed S overrides its seed;\n"
		"--games N plays N games with seeds S, S+1, ...; --quiet prints\n"
		"one line per game instead of the full report.\n",
		PROGRAM, DEFAULT_GAME);
}

/* splitmix64 (Steele, Lea, Flood): tiny, and plenty for picking moves. */
static uint64_t
splitmix64(uint64_t *x)
{
	uint64_t z = (*x += UINT64_C(0x9e3779b97f4a7c15));

	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

/* Uniform in [0, n) for n >= 1; rejection keeps it free of modulo bias. */
static uint64_t
rand_below(uint64_t *x, uint64_t n)
{
	uint64_t limit = UINT64_MAX - UINT64_MAX % n;
	uint64_t r;

	do {
		r = splitmix64(x);
	} while (r >= limit);
	return r % n;
}

static int
parse_u64(const char *text, uint64_t *out)
{
	char *end;
	unsigned long long v;

	if (text == NULL || *text < '0' || *text > '9')
		return -1;
	errno = 0;
	v = strtoull(text, &end, 10);
	if (errno != 0 || *end != '\0')
		return -1;
	*out = (uint64_t)v;
	return 0;
}

static int
parse_args(int argc, char **argv, struct options *opts)
{
	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i];
		const char *value = NULL;
		uint64_t v;

		if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0) {
			usage(stdout);
			exit(0);
		}
		if (strcmp(arg, "--quiet") == 0) {
			opts->quiet = 1;
			continue;
		}
		if (strcmp(arg, "--games") == 0 || strcmp(arg, "--seed") == 0) {
			if (i + 1 >= argc) {
				fprintf(stderr, "%s: %s needs a value\n", PROGRAM, arg);
				return -1;
			}
			value = argv[++i];
		} else if (strncmp(arg, "--games=", 8) == 0 ||
			   strncmp(arg, "--seed=", 7) == 0) {
			value = strchr(arg, '=') + 1;
		} else if (arg[0] == '-') {
			fprintf(stderr, "%s: unknown option '%s' (try --help)\n", PROGRAM, arg);
			return -1;
		} else if (opts->game != NULL) {
			fprintf(stderr, "%s: more than one game string ('%s' and '%s')\n", PROGRAM, opts->game, arg);
			return -1;
		} else {
			opts->game = arg;
			continue;
		}

		if (parse_u64(value, &v) != 0) {
			fprintf(stderr, "%s: '%s' is not a non-negative integer (for %.7s)\n", PROGRAM, value, arg);
			return -1;
		}
		if (strncmp(arg, "--games", 7) == 0) {
			if (v < 1 || v > 100000000) {
				fprintf(stderr, "%s: --games must be 1..100000000, not %s\n", PROGRAM, value);
				return -1;
			}
			opts->games = (unsigned long)v;
		} else {
			opts->seed = v;
			opts->have_seed = 1;
		}
	}
	if (opts->game == NULL)
		opts->game = DEFAULT_GAME;
	return 0;
}

/* The canonical game string in a fresh buffer (caller frees), or NULL. */
static char *
game_string(const catan_game *g)
{
	size_t len = 0;
	char *buf;
	int rc;

	rc = catan_game_to_string(g, NULL, 0, &len);
	if ((rc != CATAN_EBUFS && rc != CATAN_OK) || len == 0)
		return NULL;
	buf = malloc(len + 1);
	if (buf == NULL)
		return NULL;
	if (catan_game_to_string(g, buf, len + 1, NULL) != CATAN_OK) {
		free(buf);
		return NULL;
	}
	return buf;
}

/*
 * The canonical string with another seed. Only the variant's own
 * parameter list (before the first ')') is searched, so a module
 * parameter with the same name is left alone.
 */
static char *
with_seed(const char *canonical, uint64_t seed)
{
	const char *close = strchr(canonical, ')');
	const char *p = canonical;
	const char *digits, *rest;
	char num[24];
	size_t head, nlen;
	char *out;

	for (;;) {
		p = strstr(p, "seed=");
		if (p == NULL || (close != NULL && p > close))
			return NULL;
		if (p > canonical && (p[-1] == '(' || p[-1] == ','))
			break;
		p++;
	}
	digits = p + 5;
	rest = digits;
	while (*rest >= '0' && *rest <= '9')
		rest++;
	snprintf(num, sizeof(num), "%" PRIu64, seed);
	head = (size_t)(digits - canonical);
	nlen = strlen(num);
	out = malloc(head + nlen + strlen(rest) + 1);
	if (out == NULL)
		return NULL;
	memcpy(out, canonical, head);
	memcpy(out + head, num, nlen);
	strcpy(out + head + nlen, rest);
	return out;
}

static int
location(const catan_game *g, int kind, unsigned id, char *buf, size_t cap)
{
	if (catan_location_format(g, kind, id, buf, cap, NULL) != CATAN_OK) {
		snprintf(buf, cap, "%c%u", kind == CATAN_LOC_HEX ? 'h' :
			 kind == CATAN_LOC_VERTEX ? 'v' : 'e', id);
		return -1;
	}
	return 0;
}

static void
print_board(const catan_game *g, const catan_state *s)
{
	catan_board_counts counts;
	char loc[32], v0[32], v1[32];

	if (catan_board_counts_get(g, &counts) != CATAN_OK)
		return;
	printf("board: %u hexes, %u intersections, %u edges, %u harbors\n",
	       counts.hexes, counts.vertices, counts.edges, counts.harbors);
	for (unsigned i = 0; i < counts.hexes; i++) {
		catan_hex_info h;
		const char *terrain = "?";
		const char *res = NULL;

		if (catan_board_hex(g, i, &h) != CATAN_OK)
			continue;
		if (h.terrain < NUM_TERRAINS)
			terrain = terrain_names[h.terrain];
		if (h.resource >= 0)
			res = catan_resource_name(h.resource);
		location(g, CATAN_LOC_HEX, i, loc, sizeof(loc));
		if (h.number != 0)
			printf("  %-4s (%2d,%2d)  %-9s  %2u  %s\n", loc, h.q, h.r,
			       terrain, h.number, res ? res : "");
		else
			printf("  %-4s (%2d,%2d)  %-9s   -\n", loc, h.q, h.r,
			       terrain);
	}
	printf("harbors:\n");
	for (unsigned i = 0; i < counts.harbors; i++) {
		catan_harbor_info hb;
		const char *what = "any";

		if (catan_board_harbor(g, i, &hb) != CATAN_OK)
			continue;
		if (hb.resource != CATAN_HARBOR_GENERIC) {
			what = catan_resource_name((int)hb.resource);
			if (what == NULL)
				what = "?";
		}
		location(g, CATAN_LOC_EDGE, hb.edge, loc, sizeof(loc));
		location(g, CATAN_LOC_VERTEX, hb.vertices[0], v0, sizeof(v0));
		location(g, CATAN_LOC_VERTEX, hb.vertices[1], v1, sizeof(v1));
		printf("  %u:1 %-6s on %-9s (%s, %s)\n", hb.ratio, what, loc,
		       v0, v1);
	}
	if (catan_state_robber(s) >= 0) {
		location(g, CATAN_LOC_HEX, (unsigned)catan_state_robber(s),
			 loc, sizeof(loc));
		printf("robber: %s\n", loc);
	}
}

static void
print_players(const catan_game *g, const catan_state *s)
{
	int nplayers = catan_game_num_players(g);
	catan_board_counts counts;
	int settlements[CATAN_MAX_PLAYERS] = { 0 };
	int cities[CATAN_MAX_PLAYERS] = { 0 };
	int roads[CATAN_MAX_PLAYERS] = { 0 };

	if (catan_board_counts_get(g, &counts) != CATAN_OK)
		return;
	for (unsigned v = 0; v < counts.vertices; v++) {
		int owner = -1;
		int piece = catan_state_vertex_piece(s, v, &owner);

		if (owner < 0 || owner >= CATAN_MAX_PLAYERS)
			continue;
		if (piece == CATAN_PIECE_SETTLEMENT)
			settlements[owner]++;
		else if (piece == CATAN_PIECE_CITY)
			cities[owner]++;
	}
	for (unsigned e = 0; e < counts.edges; e++) {
		int owner = -1;

		if (catan_state_edge_piece(s, e, &owner) == CATAN_PIECE_ROAD &&
		    owner >= 0 && owner < CATAN_MAX_PLAYERS)
			roads[owner]++;
	}

	printf("player  vp  total  settlements  cities  roads  knights  awards\n");
	for (int p = 0; p < nplayers && p < CATAN_MAX_PLAYERS; p++) {
		catan_player_info info;
		int road = catan_state_longest_road_holder(s) == p;
		int army = catan_state_largest_army_holder(s) == p;

		if (catan_state_player(s, p, &info) != CATAN_OK)
			continue;
		printf("p%-5d %3d  %5d  %11d  %6d  %5d  %7u  %s%s%s\n", p,
		       catan_state_victory_points(s, p, 0),
		       catan_state_victory_points(s, p, 1),
		       settlements[p], cities[p], roads[p],
		       info.knights_played,
		       road ? "longest_road" : "",
		       road && army ? " " : "",
		       army ? "largest_army" : (road ? "" : "-"));
	}
}

/* Append the legal actions of one player, growing the vector as needed. */
static int
append_legal(const catan_state *s, int player, struct action_vec *v)
{
	size_t n = 0;
	int rc;

	rc = catan_state_legal_actions(s, player, v->items + v->count,
				       v->cap - v->count, &n);
	if (rc == CATAN_EBUFS) {
		size_t cap = v->count + n;
		catan_action *items = realloc(v->items, cap * sizeof(*items));

		if (items == NULL)
			return CATAN_ENOMEM;
		v->items = items;
		v->cap = cap;
		rc = catan_state_legal_actions(s, player, v->items + v->count,
					       v->cap - v->count, &n);
	}
	if (rc == CATAN_OK)
		v->count += n;
	return rc;
}

/* Pick a chance outcome by its probability num/den. */
static int
pick_outcome(const catan_state *s, catan_chance_outcome **buf, size_t *cap,
	     uint64_t *rng, catan_action *out)
{
	size_t n = 0;
	uint64_t r, acc = 0;
	int rc;

	rc = catan_state_chance_outcomes(s, *buf, *cap, &n);
	if (rc == CATAN_EBUFS) {
		catan_chance_outcome *grown = realloc(*buf, n * sizeof(**buf));

		if (grown == NULL)
			return CATAN_ENOMEM;
		*buf = grown;
		*cap = n;
		rc = catan_state_chance_outcomes(s, *buf, *cap, &n);
	}
	if (rc != CATAN_OK)
		return rc;
	if (n == 0 || (*buf)[0].den == 0)
		return CATAN_ERROR;
	r = rand_below(rng, (*buf)[0].den);
	for (size_t i = 0; i < n; i++) {
		acc += (*buf)[i].num;
		if (r < acc) {
			*out = (*buf)[i].action;
			return CATAN_OK;
		}
	}
	return CATAN_ERROR; /* probabilities sum to less than 1 */
}

static int
play(catan_game *g, uint64_t seed, int report, struct result *res)
{
	int nplayers = catan_game_num_players(g);
	catan_state *s = NULL;
	struct action_vec legal = { NULL, 0, 0 };
	catan_chance_outcome *outcomes = NULL;
	size_t outcome_cap;
	uint64_t rng = seed;
	char text[128];
	int rc;

	memset(res, 0, sizeof(*res));
	res->winner = -1;

	rc = catan_state_new(&s, g);
	if (rc != CATAN_OK) {
		fprintf(stderr, "%s: cannot create a state: %s\n", PROGRAM, catan_strerror(rc));
		return -1;
	}
	legal.cap = catan_game_max_legal_actions(g) * (size_t)nplayers;
	if (legal.cap == 0)
		legal.cap = 64;
	outcome_cap = catan_game_max_chance_outcomes(g);
	if (outcome_cap == 0)
		outcome_cap = 16;
	legal.items = malloc(legal.cap * sizeof(*legal.items));
	outcomes = malloc(outcome_cap * sizeof(*outcomes));
	if (legal.items == NULL || outcomes == NULL) {
		fprintf(stderr, "%s: out of memory\n", PROGRAM);
		rc = CATAN_ENOMEM;
		goto out;
	}

	if (report)
		print_board(g, s);

	while (!catan_state_is_terminal(s)) {
		int cur = catan_state_current_player(s);
		catan_action a;

		if (res->actions >= ACTION_LIMIT) {
			fprintf(stderr, "%s: seed %" PRIu64 ": no end after %lu actions\n",
				PROGRAM, seed, res->actions);
			rc = CATAN_ERROR;
			goto out;
		}

		if (cur == CATAN_PLAYER_CHANCE) {
			rc = pick_outcome(s, &outcomes, &outcome_cap, &rng, &a);
			if (rc != CATAN_OK) {
				fprintf(stderr, "%s: seed %" PRIu64 ": bad chance node at move %" PRIu32 ": %s\n",
					PROGRAM, seed, catan_state_move_number(s),
					catan_strerror(rc));
				goto out;
			}
		} else {
			/* Several players may owe a decision at once
			 * (discards, trade replies): pool their choices. */
			uint32_t mask = cur >= 0 ? UINT32_C(1) << cur :
					catan_state_acting_players(s);

			legal.count = 0;
			for (int p = 0; p < nplayers; p++) {
				if (!(mask & (UINT32_C(1) << p)))
					continue;
				rc = append_legal(s, p, &legal);
				if (rc != CATAN_OK) {
					fprintf(stderr, "%s: seed %" PRIu64 ": legal actions of p%d: %s\n",
						PROGRAM, seed, p,
						catan_strerror(rc));
					goto out;
				}
			}
			if (legal.count == 0) {
				int phase = catan_state_phase(s);

				fprintf(stderr, "%s: seed %" PRIu64 ": nobody can act at move %" PRIu32 " (phase %s)\n",
					PROGRAM, seed, catan_state_move_number(s),
					catan_state_phase_name(s, phase));
				rc = CATAN_ERROR;
				goto out;
			}
			a = legal.items[rand_below(&rng, legal.count)];
		}

		rc = catan_state_apply(s, &a);
		if (rc != CATAN_OK) {
			if (catan_action_format(g, &a, text, sizeof(text),
						NULL) != CATAN_OK)
				snprintf(text, sizeof(text), "(type %u)",
					 a.type);
			fprintf(stderr, "%s: seed %" PRIu64 ": '%s' was listed but refused: %s\n",
				PROGRAM, seed, text, catan_state_errmsg(s));
			goto out;
		}
		res->actions++;
	}

	res->winner = catan_state_winner(s);
	res->turns = catan_state_turn_number(s);
	for (int p = 0; p < nplayers && p < CATAN_MAX_PLAYERS; p++)
		res->vp[p] = catan_state_victory_points(s, p, 1);

	if (report) {
		char loc[32];

		printf("actions: %lu (state move number %" PRIu32 ")\n",
		       res->actions, catan_state_move_number(s));
		printf("turns: %" PRIu32 "\n", res->turns);
		if (catan_state_robber(s) >= 0) {
			location(g, CATAN_LOC_HEX,
				 (unsigned)catan_state_robber(s), loc,
				 sizeof(loc));
			printf("robber at the end: %s\n", loc);
		}
		if (res->winner >= 0)
			printf("winner: p%d\n", res->winner);
		else
			printf("winner: none (stopped by max_turns)\n");
		print_players(g, s);
	}
	rc = CATAN_OK;
out:
	free(legal.items);
	free(outcomes);
	catan_state_free(s);
	return rc == CATAN_OK ? 0 : -1;
}

static void
print_line(uint64_t seed, int nplayers, const struct result *res)
{
	printf("seed %" PRIu64 ": ", seed);
	if (res->winner >= 0)
		printf("p%d wins", res->winner);
	else
		printf("no winner");
	printf(", %lu actions, %" PRIu32 " turns, vp", res->actions, res->turns);
	for (int p = 0; p < nplayers && p < CATAN_MAX_PLAYERS; p++)
		printf(" %d", res->vp[p]);
	printf("\n");
}

int
main(int argc, char **argv)
{
	struct options opts = { NULL, 1, 0, 0, 0 };
	catan_ctx *ctx = NULL;
	catan_game *first = NULL;
	char *canonical = NULL;
	unsigned long wins[CATAN_MAX_PLAYERS + 1] = { 0 };
	double total_actions = 0, total_turns = 0;
	uint64_t seed0;
	int nplayers;
	int status = 1;
	int rc;

	if (parse_args(argc, argv, &opts) != 0)
		return 2;

	rc = catan_ctx_new(&ctx, NULL);
	if (rc != CATAN_OK) {
		fprintf(stderr, "%s: cannot create a context: %s\n", PROGRAM, catan_strerror(rc));
		return 1;
	}
	rc = catan_game_new_from_string(&first, ctx, opts.game);
	if (rc != CATAN_OK) {
		fprintf(stderr, "%s: %s\n", PROGRAM, catan_ctx_errmsg(ctx));
		catan_ctx_free(ctx);
		return 2;
	}
	canonical = game_string(first);
	if (canonical == NULL) {
		fprintf(stderr, "%s: cannot format the game string\n", PROGRAM);
		goto out;
	}
	nplayers = catan_game_num_players(first);
	if (nplayers < 1 || nplayers > CATAN_MAX_PLAYERS) {
		fprintf(stderr, "%s: unexpected player count %d\n", PROGRAM, nplayers);
		goto out;
	}

	seed0 = opts.seed;
	if (!opts.have_seed) {
		const char *text = catan_game_param(first, "seed");

		if (text == NULL || parse_u64(text, &seed0) != 0) {
			fprintf(stderr, "%s: the game has no seed parameter\n", PROGRAM);
			goto out;
		}
	}

	for (unsigned long i = 0; i < opts.games; i++) {
		uint64_t seed = seed0 + i;
		catan_game *g = NULL;
		struct result res;
		int report = opts.games == 1 && !opts.quiet;

		if (i == 0 && !opts.have_seed) {
			g = catan_game_ref(first);
		} else {
			char *spec = with_seed(canonical, seed);

			if (spec == NULL) {
				fprintf(stderr, "%s: cannot set the seed in '%s'\n", PROGRAM, canonical);
				goto out;
			}
			rc = catan_game_new_from_string(&g, ctx, spec);
			free(spec);
			if (rc != CATAN_OK) {
				fprintf(stderr, "%s: %s\n", PROGRAM, catan_ctx_errmsg(ctx));
				status = 2;
				goto out;
			}
		}

		if (report) {
			char *text = game_string(g);

			printf("game: %s\n", text ? text : "?");
			free(text);
		}
		rc = play(g, seed, report, &res);
		catan_game_unref(g);
		if (rc != 0)
			goto out;

		if (res.winner >= 0 && res.winner < nplayers)
			wins[res.winner]++;
		else
			wins[CATAN_MAX_PLAYERS]++;
		total_actions += (double)res.actions;
		total_turns += (double)res.turns;
		if (!report && (opts.games == 1 || !opts.quiet))
			print_line(seed, nplayers, &res);
	}

	if (opts.games > 1) {
		printf("games: %lu (seeds %" PRIu64 "..%" PRIu64 ")\n", opts.games,
		       seed0, seed0 + opts.games - 1);
		printf("wins:");
		for (int p = 0; p < nplayers; p++)
			printf(" p%d %lu", p, wins[p]);
		printf(", no winner %lu\n", wins[CATAN_MAX_PLAYERS]);
		printf("mean actions: %.1f, mean turns: %.1f\n",
		       total_actions / (double)opts.games,
		       total_turns / (double)opts.games);
	}
	status = 0;
out:
	free(canonical);
	catan_game_unref(first);
	catan_ctx_free(ctx);
	return status;
}
