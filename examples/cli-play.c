/*
 * catanrules play: an interactive game in the terminal against random bots.
 * SPDX-License-Identifier: MIT
 */

/*
 * The loop is: while the game is not over, find who owes a decision; a
 * bot (any seat not listed by --humans) plays at once, a human gets the
 * board, their hand, the scores and the numbered legal actions, then a
 * prompt. Every line typed is parsed and checked before it is applied, so
 * a typo costs one line of explanation and nothing else.
 *
 * In simultaneous phases (discards, replies to an offer) the bots answer
 * first, then each human in seat order; the rules make the outcome
 * independent of that order.
 */

#define _POSIX_C_SOURCE 200809L

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if CLI_HAVE_LIBEDIT
#include <editline/readline.h>
#endif

#include "bots.h"
#include "cli.h"

#define WIDTH 78

struct play {
	catan_game *g;
	catan_state *s;
	int nplayers;
	uint32_t humans;		/* seats typed at the prompt */
	uint64_t rng;			/* bots, and sampled outcomes */
	int auto_chance;		/* EXPLICIT mode: stop asking */
	catan_board_counts counts;
	catan_action *legal;
	size_t legal_cap;
	catan_chance_outcome *outcomes;
	size_t outcome_cap;
	/* offers made by each bot this turn: one is enough */
	uint32_t offer_turn;
	unsigned offers[CATAN_MAX_PLAYERS];
	uint32_t shown_turn;		/* last turn announced */
	bot *bots[CATAN_MAX_PLAYERS];	/* --bots (NULL: the built-in bot) */
	char *line;
	size_t line_cap;
};

enum step {
	STEP_DONE = 0,	/* an action was applied */
	STEP_QUIT = 1,	/* the human left (quit or end of input) */
	STEP_ERROR = -1	/* the library failed; message printed */
};

static void
usage(FILE *f)
{
	fprintf(f,
		"Usage: %s play GAME|--load FILE [--humans p0,p2] [--bots LIST] [--seed S]\n"
		"Play GAME (a game string such as 'base(seed=7)') in the terminal,\n"
		"from its start or from GAME@seed=S,steps=K (the position after K\n"
		"actions of the seeded policy of 'trace'), or go on with the game\n"
		"saved in FILE (a snapshot or a history, as 'save FILE' writes).\n"
		"The seats listed by --humans (default p0;\n"
		"'all' or 'none' also work) are played at the prompt, the others by\n"
		"bots seeded with S (default: the game's seed). Without --bots a\n"
		"bot plays at random, but always builds a city or settlement when it\n"
		"can and offers at most one trade per turn; --bots names a bot per\n"
		"seat (comma-separated, or one name for all; human seats ignore\n"
		"theirs): random, greedy, mcts[:N] (doc/bots.md).\n"
		"\n"
		"Before each of your decisions the board, your hand, the scores and\n"
		"the numbered legal actions are shown. Type an action in notation\n"
		"('build_road h4.n-ne'; the 'p0 ' in front may be left out) or its\n"
		"number. Any legal offer or discard may be typed, not only the ones\n"
		"listed. Commands: help, board, actions, save FILE, quit. End of\n"
		"input quits. With chance=explicit you are asked for every dice\n"
		"roll, card drawn and card stolen ('random' draws one, 'auto'\n"
		"draws all from then on).\n",
		CLI_PROGRAM);
}

static void
print_help(void)
{
	printf("Type an action or its number from the list:\n"
	       "  roll | end_turn | build_road h4.n-ne | build_settlement h9.se\n"
	       "  build_city h9.se | buy_dev | play_knight | play_road_building\n"
	       "  play_year_of_plenty grain=1,ore=1 | play_monopoly ore\n"
	       "  maritime_trade give lumber=4 get ore=1\n"
	       "  offer_trade give lumber=1 get ore=1 | accept_trade | decline_trade\n"
	       "  counter_trade give ore=1 get wool=1 | confirm_trade p1 | cancel_trade\n"
	       "  discard ore=2,wool=1 | move_robber h5 | steal p2\n"
	       "Places: hexes h0..; intersections h9.se (corners n ne se s sw nw);\n"
	       "edges h4.n-ne (two adjacent corners). Card names: lumber brick\n"
	       "wool grain ore.\n"
	       "Commands: help, board (show everything again), actions (the list\n"
	       "again), save FILE (write a snapshot), quit.\n");
}

/* ------------------------------------------------------------ helpers */

static const char *
terrain_name(uint32_t terrain)
{
	const char *name = catan_terrain_name((int)terrain);

	return name ? name : "unknown";
}

/* "lumber=1,ore=2" into buf, by the game's names of its card or
 * development-card kinds (an alchemist, salt); "-" for none. */
static const char *
cards_text(const catan_game *g, const uint8_t *v, int dev, char *buf, size_t cap)
{
	int n = dev ? CATAN_MAX_DEV_KINDS : CATAN_MAX_CARD_KINDS;
	size_t len = 0;

	buf[0] = '\0';
	for (int k = 0; k < n && len < cap; k++) {
		const char *name = dev ? catan_game_dev_kind_name(g, k) :
				   catan_game_card_kind_name(g, k);
		int w;

		if (v[k] == 0)
			continue;
		if (name)
			w = snprintf(buf + len, cap - len, "%s%s=%u",
				     len ? "," : "", name, v[k]);
		else
			w = snprintf(buf + len, cap - len, "%sk%d=%u",
				     len ? "," : "", k, v[k]);
		if (w < 0)
			break;
		len += (size_t)w;
	}
	if (len == 0)
		snprintf(buf, cap, "-");
	return buf;
}

static int
observe(const catan_state *s, int observer, catan_observation *o)
{
	memset(o, 0, sizeof(*o));
	o->version = CATAN_OBSERVATION_VERSION;
	return catan_state_observe(s, observer, o);
}

/* The legal actions of @player into p->legal; the count or -1. */
static long
list_legal(struct play *p, int player)
{
	size_t n = 0;
	int rc;

	rc = catan_state_legal_actions(p->s, player, p->legal, p->legal_cap,
				       &n);
	if (rc == CATAN_EBUFS) {
		catan_action *grown = realloc(p->legal, n * sizeof(*grown));

		if (grown == NULL)
			return -1;
		p->legal = grown;
		p->legal_cap = n;
		rc = catan_state_legal_actions(p->s, player, p->legal,
					       p->legal_cap, &n);
	}
	return rc == CATAN_OK ? (long)n : -1;
}

/* The outcomes of the pending chance event into p->outcomes; count or -1. */
static long
list_outcomes(struct play *p)
{
	size_t n = 0;
	int rc;

	rc = catan_state_chance_outcomes(p->s, p->outcomes, p->outcome_cap,
					 &n);
	if (rc == CATAN_EBUFS) {
		catan_chance_outcome *grown = realloc(p->outcomes,
						      n * sizeof(*grown));

		if (grown == NULL)
			return -1;
		p->outcomes = grown;
		p->outcome_cap = n;
		rc = catan_state_chance_outcomes(p->s, p->outcomes,
						 p->outcome_cap, &n);
	}
	return rc == CATAN_OK ? (long)n : -1;
}

/*
 * Words wrapped at WIDTH columns, continuation lines indented by @indent.
 * Keeps the current column in *col.
 */
static void
put_word(const char *word, int indent, int *col)
{
	int len = (int)strlen(word);

	if (*col > indent && *col + 1 + len > WIDTH) {
		printf("\n%*s", indent, "");
		*col = indent;
	} else if (*col > indent) {
		putchar(' ');
		(*col)++;
	}
	fputs(word, stdout);
	*col += len;
}

/* ------------------------------------------------------------ display */

/*
 * The hexes laid out as on the table: each hex is a cell of two lines
 * (id, number and robber; terrain) placed by its axial coordinates, half
 * a cell to the right per row down, so any board of the topology API
 * draws, not just the standard island.
 */
static void
print_map(struct play *p)
{
	enum { CELL = 12 };
	int min_x = 0, max_x = 0, min_r = 0, max_r = 0, first = 1;
	int robber = catan_state_robber(p->s);

	for (unsigned i = 0; i < p->counts.hexes; i++) {
		catan_hex_info h;
		int x;

		if (catan_board_hex(p->g, i, &h) != CATAN_OK)
			continue;
		x = 2 * h.q + h.r;
		if (first || x < min_x)
			min_x = x;
		if (first || x > max_x)
			max_x = x;
		if (first || h.r < min_r)
			min_r = h.r;
		if (first || h.r > max_r)
			max_r = h.r;
		first = 0;
	}
	if (first || max_x - min_x > 200 || max_r - min_r > 200) {
		printf("(no map for this board)\n");
		return;
	}
	for (int r = min_r; r <= max_r; r++) {
		size_t width = (size_t)(max_x - min_x + 2) * (CELL / 2) + 1;
		char *top = malloc(width), *bottom = malloc(width);
		size_t used = 0;

		if (top == NULL || bottom == NULL) {
			free(top);
			free(bottom);
			return;
		}
		memset(top, ' ', width);
		memset(bottom, ' ', width);
		for (unsigned i = 0; i < p->counts.hexes; i++) {
			catan_hex_info h;
			char a[48], b[48], num[16] = "";
			size_t col, la, lb;

			if (catan_board_hex(p->g, i, &h) != CATAN_OK ||
			    h.r != r)
				continue;
			col = (size_t)(2 * h.q + h.r - min_x) * (CELL / 2);
			if (h.number)
				snprintf(num, sizeof(num), "%u",
					 (unsigned)h.number);
			snprintf(a, sizeof(a), "h%-3u%3s%s", i, num,
				 (int)i == robber ? " R" : "");
			snprintf(b, sizeof(b), "%s", terrain_name(h.terrain));
			/* a cell is CELL wide; longer text is cut */
			la = strlen(a) < CELL - 1 ? strlen(a) : CELL - 1;
			lb = strlen(b) < CELL - 1 ? strlen(b) : CELL - 1;
			if (col + la < width)
				memcpy(top + col, a, la);
			if (col + lb < width)
				memcpy(bottom + col, b, lb);
			if (col + CELL > used)
				used = col + CELL;
		}
		if (used > width - 1)
			used = width - 1;
		top[used] = '\0';
		bottom[used] = '\0';
		for (size_t k = used; k > 0 && top[k - 1] == ' '; k--)
			top[k - 1] = '\0';
		for (size_t k = used; k > 0 && bottom[k - 1] == ' '; k--)
			bottom[k - 1] = '\0';
		printf("  %s\n  %s\n", top, bottom);
		free(top);
		free(bottom);
	}
}

static void
print_harbors(struct play *p)
{
	int col;

	if (p->counts.harbors == 0)
		return;
	fputs("Harbors:", stdout);
	col = 8;
	for (unsigned i = 0; i < p->counts.harbors; i++) {
		catan_harbor_info h;
		char word[96], edge[32];
		const char *kind = NULL;

		if (catan_board_harbor(p->g, i, &h) != CATAN_OK)
			continue;
		if (h.resource != CATAN_HARBOR_GENERIC)
			kind = catan_resource_name((int)h.resource);
		snprintf(word, sizeof(word), "%u:1%s%s@%s%s",
			 (unsigned)h.ratio, kind ? "-" : "", kind ? kind : "",
			 cli_location_text(p->g, CATAN_LOC_EDGE, h.edge, edge,
					   sizeof(edge)),
			 i + 1 < p->counts.harbors ? "," : "");
		put_word(word, 2, &col);
	}
	putchar('\n');
}

/* Each player's buildings and roads by name. */
static void
print_pieces(struct play *p)
{
	for (int q = 0; q < p->nplayers; q++) {
		static const char *const labels[] = {
			NULL, "settlements:", "cities:", "roads:"
		};
		int col;

		char who[16];

		snprintf(who, sizeof(who), "p%d", q);
		printf("%-4s", who);
		col = 4;
		for (int kind = CATAN_PIECE_SETTLEMENT;
		     kind <= CATAN_PIECE_ROAD; kind++) {
			unsigned n = kind == CATAN_PIECE_ROAD ?
				     p->counts.edges : p->counts.vertices;
			int any = 0;

			put_word(labels[kind], 4, &col);
			for (unsigned id = 0; id < n; id++) {
				char name[32];
				int owner = -1, piece;

				if (kind == CATAN_PIECE_ROAD) {
					piece = catan_state_edge_piece(p->s, id,
								       &owner);
					cli_location_text(p->g, CATAN_LOC_EDGE,
							  id, name,
							  sizeof(name));
				} else {
					piece = catan_state_vertex_piece(
						p->s, id, &owner);
					cli_location_text(p->g,
							  CATAN_LOC_VERTEX, id,
							  name, sizeof(name));
				}
				if (piece != kind || owner != q)
					continue;
				put_word(name, 4, &col);
				any = 1;
			}
			if (!any)
				put_word("-", 4, &col);
		}
		putchar('\n');
	}
}

static const char *
response_text(int32_t response)
{
	switch (response) {
	case 1:
		return "accepted";
	case 2:
		return "declined";
	case 3:
		return "countered";
	default:
		return "waiting";
	}
}

/* Scores and holdings as @observer may know them. */
static void
print_scores(struct play *p, int observer)
{
	catan_observation o;
	char buf[160];
	int turn_player = catan_state_turn_player(p->s);

	if (observe(p->s, observer, &o) != CATAN_OK)
		return;
	printf("%-5s%5s  %5s  %3s  %7s  %4s  %-11s  %s\n", "", "VP", "cards",
	       "dev", "knights", "road", "stock s/c/r", "notes");
	for (int q = 0; q < p->nplayers && q < CATAN_MAX_PLAYERS; q++) {
		const catan_player_view *v = &o.players[q];
		char vp[24], stock[40];

		if (v->visible_vp > v->public_vp)
			snprintf(vp, sizeof(vp), "%d+%d", (int)v->public_vp,
				 (int)(v->visible_vp - v->public_vp));
		else
			snprintf(vp, sizeof(vp), "%d", (int)v->public_vp);
		snprintf(stock, sizeof(stock), "%u/%u/%u", v->settlements_left,
			 v->cities_left, v->roads_left);
		printf("p%-2d%c %5s  %5u  %3u  %7u  %4u  %-11s  %s%s%s%s\n", q,
		       q == turn_player ? '*' : ' ', vp, v->card_total,
		       v->dev_total, v->knights_played, v->longest_road, stock,
		       (p->humans >> q) & 1 ? "human" : p->bots[q] ? bot_name(p->bots[q]) : "bot",
		       v->has_longest_road ? ", longest road" : "",
		       v->has_largest_army ? ", largest army" : "",
		       v->discard_owed ? ", owes a discard" : "");
	}
	printf("Bank: %s  development cards left: %u\n",
	       cards_text(p->g, o.bank, 0, buf, sizeof(buf)), o.dev_deck_total);
	if (o.phase == CATAN_PHASE_TRADE_RESPONSE ||
	    o.phase == CATAN_PHASE_TRADE_CONFIRM) {
		char give[80], get[80];

		printf("Open offer by p%d: gives %s for %s;", o.turn_player,
		       cards_text(p->g, o.offer_give, 0, give, sizeof(give)),
		       cards_text(p->g, o.offer_get, 0, get, sizeof(get)));
		for (int q = 0; q < p->nplayers; q++) {
			const catan_player_view *v = &o.players[q];

			if (q == o.turn_player)
				continue;
			printf(" p%d %s", q, response_text(v->trade_response));
			if (v->trade_response == 3)
				printf(" (gives %s for %s)",
				       cards_text(p->g, v->counter_give, 0, give,
						  sizeof(give)),
				       cards_text(p->g, v->counter_get, 0, get,
						  sizeof(get)));
		}
		putchar('\n');
	}
}

/* One kind of the modules' lines, wrapped under its title. */
struct module_kind {
	const char *prefix;
	const char *title;
	int col;
};

static void
print_module_kind(const char *line, void *arg)
{
	struct module_kind *k = arg;
	size_t n = strlen(k->prefix);

	if (strncmp(line, k->prefix, n) != 0)
		return;
	if (k->col == 0)
		k->col = printf("%s:", k->title);
	if (k->col > WIDTH - 24) {
		printf("\n ");
		k->col = 1;
	}
	k->col += printf(" %s;", line + n);
}

/*
 * What the rule modules add to the position, as @observer sees it: the
 * counters, holdings, supplies, declared pieces and number chips of the
 * observation text ("counter strongest_ports 2", "holding gold p0 3",
 * "piece bridge ..."), one line each kind.
 */
static void
print_module_state(struct play *p, int observer)
{
	struct module_kind kinds[] = {
		{ "counter ", "Counters", 0 }, { "holding ", "Holdings", 0 },
		{ "supply ", "Supplies", 0 }, { "piece ", "Pieces", 0 },
		{ "chip ", "Number chips", 0 },
	};

	for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
		cli_each_module_line(p->s, observer, print_module_kind, &kinds[k]);
		if (kinds[k].col)
			putchar('\n');
	}
}

static void
print_hand(struct play *p, int player)
{
	catan_observation o;
	char cards[160], dev[160];

	if (observe(p->s, player, &o) != CATAN_OK)
		return;
	printf("Your hand (p%d): %s   development cards: %s\n", player,
	       cards_text(p->g, o.players[player].cards, 0, cards, sizeof(cards)),
	       cards_text(p->g, o.players[player].dev_cards, 1, dev, sizeof(dev)));
}

static void
print_status(struct play *p)
{
	char pb[32], tb[32];
	int dice = catan_state_dice(p->s);

	printf("Turn %u, %s's turn, phase %s, to act: %s", catan_state_turn_number(p->s),
	       cli_player_name(catan_state_turn_player(p->s), tb, sizeof(tb)),
	       catan_state_phase_name(p->s, catan_state_phase(p->s)),
	       cli_player_name(catan_state_current_player(p->s), pb,
			       sizeof(pb)));
	if (dice)
		printf(", dice %d", dice);
	printf(" (%d VP to win)\n", catan_game_vp_to_win(p->g));
}

/* The legal actions in numbered columns, without the player prefix. */
static void
print_actions(struct play *p, long n)
{
	char (*text)[160];
	size_t w = 0, cols, rows;

	if (n <= 0) {
		printf("No legal action.\n");
		return;
	}
	text = calloc((size_t)n, sizeof(*text));
	if (text == NULL)
		return;
	for (long i = 0; i < n; i++) {
		char t[160];
		const char *body = cli_action_text(p->g, &p->legal[i], t,
						   sizeof(t));
		const char *sp = strchr(body, ' ');
		size_t len;

		if (sp != NULL && body[0] == 'p')
			body = sp + 1;
		snprintf(text[i], sizeof(text[i]), "%3ld %s", i + 1, body);
		len = strlen(text[i]);
		if (len > w)
			w = len;
	}
	cols = WIDTH / (w + 2);
	if (cols < 1)
		cols = 1;
	rows = ((size_t)n + cols - 1) / cols;
	printf("Legal actions (%ld):\n", n);
	for (size_t r = 0; r < rows; r++) {
		for (size_t c = 0; c < cols; c++) {
			size_t i = c * rows + r;

			if (i >= (size_t)n)
				break;
			if (c + 1 < cols && i + rows < (size_t)n)
				printf("%-*s  ", (int)w, text[i]);
			else
				printf("%s", text[i]);
		}
		putchar('\n');
	}
	free(text);
}

static void
print_board(struct play *p, int observer)
{
	printf("\n");
	print_map(p);
	print_harbors(p);
	print_pieces(p);
	print_scores(p, observer);
	print_module_state(p, observer);
}

/* ------------------------------------------------------------ actions */

/*
 * Apply @a and tell what happened: the action, the dice of a roll, and
 * what each human's hand gained or lost (production, steals, monopoly,
 * development cards drawn).
 */
static int
apply_and_report(struct play *p, const catan_action *a)
{
	catan_player_info before[CATAN_MAX_PLAYERS];
	char t[160];
	int rc;

	for (int q = 0; q < p->nplayers; q++)
		if (((p->humans >> q) & 1) &&
		    catan_state_player(p->s, q, &before[q]) != CATAN_OK)
			memset(&before[q], 0, sizeof(before[q]));
	rc = catan_state_apply(p->s, a);
	if (rc != CATAN_OK) {
		cli_error("play: '%s' was refused: %s",
			  cli_action_text(p->g, a, t, sizeof(t)),
			  catan_state_errmsg(p->s));
		return STEP_ERROR;
	}
	printf("> %s", cli_action_text(p->g, a, t, sizeof(t)));
	if (a->type == CATAN_ACT_ROLL && catan_state_dice(p->s))
		printf("  (dice %d)", catan_state_dice(p->s));
	putchar('\n');
	for (int q = 0; q < p->nplayers; q++) {
		catan_player_info now;
		uint8_t plus[CATAN_MAX_CARD_KINDS] = { 0 };
		uint8_t minus[CATAN_MAX_CARD_KINDS] = { 0 };
		uint8_t dplus[CATAN_MAX_DEV_KINDS] = { 0 };
		int gained = 0, lost = 0, drew = 0;
		char buf[160];

		if (!((p->humans >> q) & 1) ||
		    catan_state_player(p->s, q, &now) != CATAN_OK)
			continue;
		for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++) {
			if (now.cards[k] > before[q].cards[k]) {
				plus[k] = (uint8_t)(now.cards[k] -
						    before[q].cards[k]);
				gained = 1;
			} else if (now.cards[k] < before[q].cards[k]) {
				minus[k] = (uint8_t)(before[q].cards[k] -
						     now.cards[k]);
				lost = 1;
			}
		}
		for (int k = 0; k < CATAN_MAX_DEV_KINDS; k++) {
			if (now.dev_cards[k] > before[q].dev_cards[k]) {
				dplus[k] = (uint8_t)(now.dev_cards[k] -
						     before[q].dev_cards[k]);
				drew = 1;
			}
		}
		if (gained)
			printf("  p%d receives %s\n", q,
			       cards_text(p->g, plus, 0, buf, sizeof(buf)));
		if (lost)
			printf("  p%d gives up %s\n", q,
			       cards_text(p->g, minus, 0, buf, sizeof(buf)));
		if (drew)
			printf("  p%d draws %s\n", q,
			       cards_text(p->g, dplus, 1, buf, sizeof(buf)));
	}
	return STEP_DONE;
}

static size_t
count_type(const catan_action *a, size_t n, int type)
{
	size_t c = 0;

	for (size_t i = 0; i < n; i++)
		c += a[i].type == type;
	return c;
}

/* The @k-th action of @type in the list. */
static const catan_action *
nth_of_type(const catan_action *a, size_t n, int type, size_t k)
{
	for (size_t i = 0; i < n; i++)
		if (a[i].type == type && k-- == 0)
			return &a[i];
	return NULL;
}

/*
 * A bot's choice: a city or settlement when one can be built; otherwise
 * an action type at random, then an action of that type. Drawing the type
 * first keeps end_turn likely, and the offer limit keeps a human from
 * answering twenty offers a turn.
 */
static int
bot_move(struct play *p, int player)
{
	static const int prefer[] = {
		CATAN_ACT_BUILD_CITY, CATAN_ACT_BUILD_SETTLEMENT
	};
	uint32_t turn = catan_state_turn_number(p->s);
	const catan_action *pick = NULL;
	catan_action chosen;
	long n = list_legal(p, player);
	size_t types = 0, t, m;
	int skip_offers;

	if (n <= 0) {
		cli_error("play: p%d has no legal action in phase %s", player,
			  catan_state_phase_name(p->s,
						 catan_state_phase(p->s)));
		return STEP_ERROR;
	}
	if (p->bots[player]) {
		size_t k = 0;
		int rc = bot_choose(p->bots[player], p->s, p->legal, (size_t)n, &k);

		if (rc != CATAN_OK) {
			cli_error("play: bot %s of p%d failed: %s", bot_name(p->bots[player]),
				  player, catan_strerror(rc));
			return STEP_ERROR;
		}
		chosen = p->legal[k];
		return apply_and_report(p, &chosen);
	}
	if (turn != p->offer_turn) {
		memset(p->offers, 0, sizeof(p->offers));
		p->offer_turn = turn;
	}
	for (size_t i = 0; i < sizeof(prefer) / sizeof(prefer[0]) && !pick;
	     i++) {
		m = count_type(p->legal, (size_t)n, prefer[i]);
		if (m)
			pick = nth_of_type(p->legal, (size_t)n, prefer[i],
					   cli_random_below(&p->rng, m));
	}
	skip_offers = p->offers[player] > 0 &&
		      count_type(p->legal, (size_t)n,
				 CATAN_ACT_OFFER_TRADE) < (size_t)n;
	for (long i = 0; i < n && !pick; i++) {
		if (skip_offers && p->legal[i].type == CATAN_ACT_OFFER_TRADE)
			continue;
		if (i == 0 || p->legal[i].type != p->legal[i - 1].type)
			types++;
	}
	if (!pick) {
		/* canonical order groups actions by type */
		int type = -1;

		t = cli_random_below(&p->rng, types);
		for (long i = 0; i < n; i++) {
			if (skip_offers &&
			    p->legal[i].type == CATAN_ACT_OFFER_TRADE)
				continue;
			if (i > 0 && p->legal[i].type == p->legal[i - 1].type)
				continue;
			if (t-- == 0) {
				type = p->legal[i].type;
				break;
			}
		}
		m = count_type(p->legal, (size_t)n, type);
		pick = nth_of_type(p->legal, (size_t)n, type,
				   cli_random_below(&p->rng, m ? m : 1));
	}
	if (pick == NULL) {
		cli_error("play: p%d could not choose an action", player);
		return STEP_ERROR;
	}
	chosen = *pick;
	if (chosen.type == CATAN_ACT_OFFER_TRADE)
		p->offers[player]++;
	return apply_and_report(p, &chosen);
}

/* Outcome picked by probability from p->outcomes[0..n-1]. */
static const catan_action *
sample_outcome(struct play *p, long n)
{
	uint64_t r, acc = 0;

	if (n <= 0 || p->outcomes[0].den == 0)
		return NULL;
	r = cli_random_below(&p->rng, p->outcomes[0].den);
	for (long i = 0; i < n; i++) {
		acc += p->outcomes[i].num;
		if (r < acc)
			return &p->outcomes[i].action;
	}
	return NULL;
}

/* ------------------------------------------------------------ input */

/* The next line, trimmed, or NULL at the end of input. */
static char *
read_line(struct play *p, const char *prompt)
{
	ssize_t got;
	char *s, *e;

#if CLI_HAVE_LIBEDIT
	/* At a terminal: line editing, and the lines typed before (up, down). */
	if (isatty(STDIN_FILENO) && isatty(STDOUT_FILENO)) {
		char *typed;
		size_t n;

		fflush(stdout);
		typed = readline(prompt);
		if (typed == NULL) {
			putchar('\n');
			return NULL;
		}
		n = strlen(typed);
		if (n + 1 > p->line_cap) {
			char *grown = realloc(p->line, n + 1);

			if (grown == NULL) {
				free(typed);
				return NULL;
			}
			p->line = grown;
			p->line_cap = n + 1;
		}
		memcpy(p->line, typed, n + 1);
		if (*typed)
			add_history(typed);
		free(typed);
		goto trim;
	}
#endif
	printf("%s", prompt);
	fflush(stdout);
	got = getline(&p->line, &p->line_cap, stdin);
	if (got < 0) {
		putchar('\n');
		return NULL;
	}
	if (!isatty(STDIN_FILENO)) {
		/* Echo piped input for the record, its control bytes escaped. */
		size_t n = strcspn(p->line, "\n");

		cli_print_escaped(stdout, "%.*s", (int)n, p->line);
		if (p->line[n] == '\n')
			putchar('\n');
	}
#if CLI_HAVE_LIBEDIT
trim:
#endif
	s = p->line;
	while (*s && isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return s;
}

static int
is_number(const char *s)
{
	if (*s == '\0')
		return 0;
	for (; *s; s++)
		if (!isdigit((unsigned char)*s))
			return 0;
	return 1;
}

/* Write a snapshot of the position to @path. */
static void
save_snapshot(struct play *p, const char *path)
{
	size_t len = 0;
	char *buf;
	FILE *f;
	int rc = catan_state_snapshot(p->s, NULL, 0, &len);

	if (rc != CATAN_OK && rc != CATAN_EBUFS) {
		printf("error: cannot write a snapshot: %s\n",
		       catan_strerror(rc));
		return;
	}
	buf = malloc(len + 1);
	if (buf == NULL) {
		printf("error: out of memory\n");
		return;
	}
	rc = catan_state_snapshot(p->s, buf, len + 1, &len);
	if (rc != CATAN_OK) {
		printf("error: cannot write a snapshot: %s\n",
		       catan_strerror(rc));
		free(buf);
		return;
	}
	f = fopen(path, "wb");
	if (f == NULL) {
		printf("error: cannot open '%s': %s\n", path, strerror(errno));
		free(buf);
		return;
	}
	if (fwrite(buf, 1, len, f) != len || fclose(f) != 0)
		printf("error: cannot write '%s'\n", path);
	else
		printf("Saved to %s (go on with '%s play --load %s'; look with "
		       "'%s replay' or '%s render').\n",
		       path, CLI_PROGRAM, path, CLI_PROGRAM, CLI_PROGRAM);
	free(buf);
}

/*
 * Handle a command word common to both prompts. Returns 1 if @line was
 * one (handled), 0 otherwise; *quit is set by quit.
 */
static int
command(struct play *p, const char *line, int observer, long n, int *quit)
{
	if (strcmp(line, "help") == 0 || strcmp(line, "?") == 0) {
		print_help();
	} else if (strcmp(line, "board") == 0) {
		print_board(p, observer);
		if (observer >= 0)
			print_hand(p, observer);
		print_status(p);
	} else if (strcmp(line, "actions") == 0 || strcmp(line, "list") == 0) {
		if (observer >= 0)
			print_actions(p, n);
		else
			return 0;
	} else if (strcmp(line, "quit") == 0 || strcmp(line, "exit") == 0) {
		*quit = 1;
	} else if (strncmp(line, "save", 4) == 0 &&
		   (line[4] == ' ' || line[4] == '\0')) {
		const char *path = line + 4;

		while (*path == ' ')
			path++;
		if (*path == '\0')
			printf("error: save needs a file name: save FILE\n");
		else
			save_snapshot(p, path);
	} else {
		return 0;
	}
	return 1;
}

/* Parse @line as an action, "pN " optional for @who's own actions. */
static int
parse_action(struct play *p, const char *line, const char *who,
	     catan_action *out)
{
	char buf[512];

	if ((line[0] == 'p' && isdigit((unsigned char)line[1])) ||
	    strncmp(line, "chance ", 7) == 0)
		snprintf(buf, sizeof(buf), "%s", line);
	else
		snprintf(buf, sizeof(buf), "%s %s", who, line);
	if (catan_action_parse(p->s, buf, out) != CATAN_OK) {
		/* The message quotes the line typed: escaped. */
		cli_print_escaped(stdout, "error: %s (type 'help' or a number from the list)",
				  catan_state_errmsg(p->s));
		putchar('\n');
		return -1;
	}
	return 0;
}

/* Say why an action was refused: the reason name and the message. */
static void
explain_refusal(struct play *p, const catan_action *a)
{
	int reason = CATAN_REASON_NONE;
	const char *msg;
	const char *name;

	catan_state_check_action(p->s, a, &reason);
	msg = catan_state_errmsg(p->s);
	name = catan_reason_name(reason);
	if (strstr(msg, name) != NULL)
		printf("error: %s\n", msg);
	else
		printf("error: %s: %s\n", name, msg);
}

/* The name of the first card kind in @me's hand ("lumber" if none). */
static const char *
first_kind_held(const catan_game *g, const catan_player_info *me)
{
	for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++)
		if (me->cards[k] && catan_game_card_kind_name(g, k))
			return catan_game_card_kind_name(g, k);
	return "lumber";
}

static int
human_move(struct play *p, int player)
{
	char who[16], prompt[32];
	long n = list_legal(p, player);

	if (n < 0) {
		cli_error("play: cannot list the legal actions of p%d",
			  player);
		return STEP_ERROR;
	}
	snprintf(who, sizeof(who), "p%d", player);
	snprintf(prompt, sizeof(prompt), "%s> ", who);
	print_board(p, player);
	print_hand(p, player);
	print_status(p);
	{
		catan_player_info me;

		if (catan_state_player(p->s, player, &me) == CATAN_OK && me.discard_owed)
			printf("You owe %u more of your %u cards to the 7: discard them together "
			       "or a few at a time (e.g. 'discard %s=1').\n", me.discard_owed,
			       me.card_total, first_kind_held(p->g, &me));
	}
	print_actions(p, n);
	for (;;) {
		catan_action a;
		char *line = read_line(p, prompt);
		int quit = 0;

		if (line == NULL)
			return STEP_QUIT;
		if (*line == '\0')
			continue;
		if (command(p, line, player, n, &quit)) {
			if (quit)
				return STEP_QUIT;
			continue;
		}
		if (is_number(line)) {
			unsigned long k;

			if (cli_parse_ulong(line, (unsigned long)n, &k) != 0 ||
			    k == 0) {
				printf("error: no action number %s (1..%ld)\n",
				       line, n);
				continue;
			}
			a = p->legal[k - 1];
		} else if (parse_action(p, line, who, &a) != 0) {
			continue;
		}
		if (a.player != player) {
			printf("error: not_your_turn: this prompt is for %s\n",
			       who);
			continue;
		}
		if (catan_state_check_action(p->s, &a, NULL) != CATAN_OK) {
			explain_refusal(p, &a);
			continue;
		}
		return apply_and_report(p, &a);
	}
}

/* EXPLICIT mode: somebody at the table decides what chance does. */
static int
chance_move(struct play *p)
{
	const catan_action *pick;
	catan_action a;
	long n = list_outcomes(p);
	char t[160];

	if (n <= 0) {
		cli_error("play: cannot list the chance outcomes");
		return STEP_ERROR;
	}
	if (p->humans == 0 || p->auto_chance) {
		pick = sample_outcome(p, n);
		if (pick == NULL) {
			cli_error("play: bad chance outcome probabilities");
			return STEP_ERROR;
		}
		a = *pick;
		return apply_and_report(p, &a);
	}
	printf("\nChance event; outcomes:\n");
	for (long i = 0; i < n; i++)
		printf("%3ld %-28s %" PRIu32 "/%" PRIu32 "\n", i + 1,
		       cli_action_text(p->g, &p->outcomes[i].action, t,
				       sizeof(t)),
		       p->outcomes[i].num, p->outcomes[i].den);
	printf("Type a number, an outcome ('dice 8'), 'random' or 'auto'.\n");
	for (;;) {
		char *line = read_line(p, "chance> ");
		int quit = 0;

		if (line == NULL)
			return STEP_QUIT;
		if (*line == '\0')
			continue;
		if (command(p, line, CATAN_OBSERVER_PUBLIC, n, &quit)) {
			if (quit)
				return STEP_QUIT;
			continue;
		}
		if (strcmp(line, "random") == 0 || strcmp(line, "auto") == 0) {
			p->auto_chance = strcmp(line, "auto") == 0;
			pick = sample_outcome(p, n);
			if (pick == NULL) {
				cli_error("play: bad chance outcome probabilities");
				return STEP_ERROR;
			}
			a = *pick;
		} else if (is_number(line)) {
			unsigned long k;

			if (cli_parse_ulong(line, (unsigned long)n, &k) != 0 ||
			    k == 0) {
				printf("error: no outcome number %s (1..%ld)\n",
				       line, n);
				continue;
			}
			a = p->outcomes[k - 1].action;
		} else if (parse_action(p, line, "chance", &a) != 0) {
			continue;
		}
		if (catan_state_check_action(p->s, &a, NULL) != CATAN_OK) {
			explain_refusal(p, &a);
			continue;
		}
		return apply_and_report(p, &a);
	}
}

/* One decision by whoever owes one. */
static int
step(struct play *p)
{
	uint32_t mask, turn = catan_state_turn_number(p->s);
	int human = -1;

	if (turn != p->shown_turn) {
		char tb[32];

		p->shown_turn = turn;
		if (turn == 0)
			printf("\n=== Set-up ===\n");
		else
			printf("\n=== Turn %u: %s ===\n", turn,
			       cli_player_name(catan_state_turn_player(p->s),
					       tb, sizeof(tb)));
	}
	if (catan_state_is_chance_node(p->s))
		return chance_move(p);
	mask = catan_state_acting_players(p->s);
	for (int q = 0; q < p->nplayers; q++) {
		if (!((mask >> q) & 1))
			continue;
		if (!((p->humans >> q) & 1))
			return bot_move(p, q);
		if (human < 0)
			human = q;
	}
	if (human < 0) {
		cli_error("play: nobody may act in phase %s",
			  catan_state_phase_name(p->s,
						 catan_state_phase(p->s)));
		return STEP_ERROR;
	}
	return human_move(p, human);
}

static void
print_result(struct play *p)
{
	int w = catan_state_winner(p->s);

	print_board(p, CATAN_OBSERVER_ALL);
	if (w >= 0)
		printf("Game over after %u turns: p%d wins with %d points.\n",
		       catan_state_turn_number(p->s), w,
		       catan_state_victory_points(p->s, w, 1));
	else
		printf("Game over after %u turns without a winner (turn limit).\n",
		       catan_state_turn_number(p->s));
}

/* ------------------------------------------------------------ options */

/* "p0,p2", "0,2", "all" or "none" into a mask (of up to 32 seats, so a
 * long long keeps -1 apart on every platform); -1 if malformed. */
static long long
parse_humans(const char *text)
{
	uint32_t mask = 0;
	const char *s = text;

	if (strcmp(text, "all") == 0)
		return (long long)(UINT32_MAX >> (32 - CATAN_MAX_PLAYERS));
	if (strcmp(text, "none") == 0 || *text == '\0')
		return 0;
	while (*s) {
		unsigned long seat = 0;
		int digits = 0;

		if (*s == 'p')
			s++;
		while (isdigit((unsigned char)*s) && digits < 3) {
			seat = seat * 10 + (unsigned long)(*s - '0');
			s++;
			digits++;
		}
		if (digits == 0 || seat >= CATAN_MAX_PLAYERS)
			return -1;
		mask |= UINT32_C(1) << seat;
		if (*s == ',')
			s++;
		else if (*s != '\0')
			return -1;
	}
	return (long long)mask;
}

/* --bots LIST: a bot per seat (one name: every seat); human seats keep
 * none. */
static int
make_bots(struct play *p, const char *list, uint64_t seed)
{
	char names[CATAN_MAX_PLAYERS][32];
	const char *c = list;
	int n = 0;

	while (n < CATAN_MAX_PLAYERS) {
		size_t len = strcspn(c, ",");

		if (len >= sizeof(names[0]))
			return cli_usage_error("play: bot name too long in '%s'", list);
		memcpy(names[n], c, len);
		names[n++][len] = '\0';
		if (c[len] != ',')
			break;
		c += len + 1;
	}
	if (n != 1 && n != p->nplayers)
		return cli_usage_error("play: %d bots for %d seats (one per seat, or one for all)",
				       n, p->nplayers);
	for (int q = 0; q < p->nplayers; q++) {
		char why[160];
		int rc;

		if ((p->humans >> q) & 1)
			continue;
		rc = bot_new(&p->bots[q], names[n == 1 ? 0 : q], p->g, q, seed, why, sizeof(why));
		if (rc == -2)
			return cli_error("play: out of memory");
		if (rc != 0)
			return cli_usage_error("play: %s", why);
	}
	return CLI_EXIT_OK;
}

int
cmd_play(int argc, char **argv)
{
	struct play p;
	const char *spec = NULL, *humans_text = "p0", *bots_text = NULL, *load_path = NULL;
	char *loaded = NULL;
	uint64_t seed = 0;
	int have_seed = 0, ret, rc;
	long long humans;
	catan_ctx *ctx = NULL;
	char gs[1024];

	memset(&p, 0, sizeof(p));
	for (int i = 1; i < argc; i++) {
		if (cli_is_help(argv[i])) {
			usage(stdout);
			return CLI_EXIT_OK;
		} else if (strcmp(argv[i], "--humans") == 0) {
			if (i + 1 >= argc)
				return cli_usage_error("play: --humans needs a list such as p0,p2");
			humans_text = argv[++i];
		} else if (strcmp(argv[i], "--bots") == 0) {
			if (i + 1 >= argc)
				return cli_usage_error("play: --bots needs a list such as greedy,mcts");
			bots_text = argv[++i];
		} else if (strcmp(argv[i], "--load") == 0) {
			if (i + 1 >= argc)
				return cli_usage_error("play: --load needs a file");
			load_path = argv[++i];
		} else if (strcmp(argv[i], "--seed") == 0) {
			if (i + 1 >= argc)
				return cli_usage_error("play: --seed needs a number");
			if (cli_parse_u64(argv[++i], &seed) != 0)
				return cli_usage_error("play: bad seed '%s'",
						       argv[i]);
			have_seed = 1;
		} else if (argv[i][0] == '-') {
			return cli_usage_error("play: unknown option '%s' (try --help)",
					       argv[i]);
		} else if (spec == NULL) {
			spec = argv[i];
		} else {
			return cli_usage_error("play: one game only ('%s' and '%s')",
					       spec, argv[i]);
		}
	}
	if ((spec == NULL) == (load_path == NULL))
		return cli_usage_error(spec ? "play: a GAME or --load FILE, not both" :
					      "play: missing GAME or --load FILE (try --help)");
	humans = parse_humans(humans_text);
	if (humans < 0)
		return cli_usage_error("play: bad --humans '%s' (expected seats such as p0,p2, 'all' or 'none')",
				       humans_text);

	ret = cli_new_ctx(&ctx);
	if (ret != CLI_EXIT_OK)
		return ret;
	if (load_path) {
		size_t len = 0;

		ret = cli_read_file(load_path, &loaded, &len);
		if (ret != CLI_EXIT_OK)
			goto out;
		rc = catan_load(&p.g, &p.s, ctx, loaded, len);
		if (rc != CATAN_OK) {
			ret = rc == CATAN_ENOMEM ?
			      cli_error("play: %s: %s", load_path, catan_ctx_errmsg(ctx)) :
			      cli_usage_error("play: %s: %s", load_path, catan_ctx_errmsg(ctx));
			goto out;
		}
	} else {
		const char *at = strrchr(spec, '@');
		char head[1024];
		uint64_t pos_seed = 0;
		unsigned long steps = 0, done = 0;

		if (strlen(spec) >= sizeof(head)) {
			ret = cli_usage_error("play: game string too long");
			goto out;
		}
		strcpy(head, spec);
		if (at) {
			head[at - spec] = '\0';
			if (cli_trace_parse_at(at + 1, &pos_seed, &steps) != 0) {
				ret = cli_usage_error("play: bad position suffix '%s' (expected "
						      "@seed=S,steps=K)", at);
				goto out;
			}
		}
		ret = cli_load_game(ctx, head, &p.g);
		if (ret != CLI_EXIT_OK)
			goto out;
		if (at) {
			ret = cli_trace_start(p.g, "play", spec, pos_seed, steps, &p.s, &done);
			if (ret != CLI_EXIT_OK)
				goto out;
		}
	}
	p.nplayers = catan_game_num_players(p.g);
	if (p.nplayers < 1 || p.nplayers > CATAN_MAX_PLAYERS) {
		ret = cli_error("play: unexpected player count %d", p.nplayers);
		goto out;
	}
	if (strcmp(humans_text, "all") == 0)
		humans &= (long long)((UINT64_C(1) << p.nplayers) - 1);
	/* 64-bit shifts: a game may seat 32 */
	if ((uint64_t)humans >> p.nplayers) {
		ret = cli_usage_error("play: --humans '%s' names a seat beyond p%d",
				      humans_text, p.nplayers - 1);
		goto out;
	}
	p.humans = (uint32_t)humans;
	if (!have_seed) {
		const char *text = catan_game_param(p.g, "seed");

		if (text == NULL || cli_parse_u64(text, &seed) != 0)
			seed = 1;
	}
	p.rng = (uint64_t)seed;
	if (catan_board_counts_get(p.g, &p.counts) != CATAN_OK) {
		ret = cli_error("play: cannot read the board");
		goto out;
	}
	if (p.s == NULL) {
		rc = catan_state_new(&p.s, p.g);
		if (rc != CATAN_OK) {
			ret = cli_error("play: cannot create the state: %s",
					catan_strerror(rc));
			goto out;
		}
	}
	if (bots_text) {
		ret = make_bots(&p, bots_text, seed);
		if (ret != CLI_EXIT_OK)
			goto out;
	}
	p.shown_turn = UINT32_MAX;
	p.offer_turn = UINT32_MAX;

	if (catan_game_to_string(p.g, gs, sizeof(gs), NULL) != CATAN_OK)
		snprintf(gs, sizeof(gs), "%s", spec ? spec : load_path);
	printf("Game: %s\n", gs);
	if (load_path)
		printf("Resumed from %s at move %u, turn %u.\n", load_path,
		       catan_state_move_number(p.s), catan_state_turn_number(p.s));
	printf("Bots seeded with %" PRIu64 ". Type 'help' at the prompt.\n", seed);

	while (!catan_state_is_terminal(p.s)) {
		rc = step(&p);
		if (rc == STEP_QUIT) {
			printf("Bye.\n");
			ret = CLI_EXIT_OK;
			goto out;
		}
		if (rc == STEP_ERROR) {
			ret = CLI_EXIT_FAILURE;
			goto out;
		}
	}
	print_result(&p);
	ret = CLI_EXIT_OK;
out:
	for (int q = 0; q < CATAN_MAX_PLAYERS; q++)
		bot_free(p.bots[q]);
	free(loaded);
	free(p.line);
	free(p.legal);
	free(p.outcomes);
	catan_state_free(p.s);
	catan_game_unref(p.g);
	catan_ctx_free(ctx);
	return ret;
}
