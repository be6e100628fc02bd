/*
 * libcatanrules: fuzz target: the edit API (catanrules/edit.h) between
 * applied actions, resamples, observations, JSON and histories.
 * SPDX-License-Identifier: MIT
 */

/*
 * The first byte picks a position of a few games (base with 3 and 4
 * players, base with each of friendly_robber, harbors, event_cards and
 * catan_for_two; both chance modes; a few depths of seeded random play).
 * The rest is a sequence of records, an operation byte and its operands:
 *
 *   0 set_cards       player, kind, count
 *   1 give_dev_card   player, kind, playable
 *   2 set_knights     player, count
 *   3 place           player, piece, location (2 bytes)
 *   4 remove          piece, location (2 bytes)
 *   5 set_robber      hex
 *   6 set_turn        player, phase, dice
 *   7 set_holding     player, holding, count
 *   8 place_piece     kind, owner, location (2 bytes)
 *   9 remove_piece    kind, owner, location (2 bytes)
 *  10 step            2 bytes: a legal action (or chance outcome)
 *  11 resample        observer, seed byte; the result replaces the state
 *                     when the observer byte is odd
 *  12 read            the queries, observation strings and JSON of every
 *                     view, the board's layout, the history of the steps
 *
 * Operands are mostly mapped into the valid range plus a little outside
 * it, so that both the edits that work and their refusals are probed.
 *
 * After every edit: a refused edit returned an error code with a message
 * and left the state unchanged (catan_state_equal, catan_state_hash); an
 * accepted one left a position that catan_load(catan_state_snapshot(s))
 * loads into an equal state, and in which, unless it is over, a chance
 * node has outcomes or an acting player has a legal action. Cards,
 * pieces and development cards are conserved by edits and actions.
 */

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz-common.h"

#define MAX_INPUT 4096
#define MAX_RECORDS 96
#define MAX_STEPS 128
#define TEXT_CAP (256 * 1024)

static const char *const games[] = {
	"base(players=3,seed=11)",
	"base(players=4,seed=12)",
	"base(players=4,seed=13)+friendly_robber",
	"base(players=4,seed=14)+harbors",
	"base(players=4,seed=15)+event_cards",
	"base(players=2,seed=16)+catan_for_two",
};
static const unsigned depths[] = { 0, 1, 3, 8, 20, 60, 200, 700, 3000 };

#define NGAMES (sizeof(games) / sizeof(games[0]))
#define NDEPTHS (sizeof(depths) / sizeof(depths[0]))
#define NPOS (NGAMES * 2 * NDEPTHS)

static catan_state *positions[NPOS];
static catan_ctx *ctx;
static char *text;

static void
free_positions(void)
{
	for (size_t i = 0; i < NPOS; i++) {
		catan_game *g = positions[i] ? catan_state_game(positions[i]) : NULL;

		catan_state_free(positions[i]);
		catan_game_unref(g);
		positions[i] = NULL;
	}
	catan_ctx_free(ctx);
	ctx = NULL;
	free(text);
	text = NULL;
}

static uint64_t
mix(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static void
build_positions(void)
{
	size_t n = 0;

	/* a context of its own: fuzz_ctx() would build the other targets'
	 * table of positions first */
	FUZZ_OK(catan_ctx_new(&ctx, NULL));
	text = malloc(TEXT_CAP);
	FUZZ_ASSERT(text != NULL, "out of memory");
	atexit(free_positions);
	for (size_t gi = 0; gi < NGAMES; gi++) {
		for (int mode = 0; mode < 2; mode++) {
			char spec[160];
			catan_game *g = NULL;
			const char *open = strchr(games[gi], ')');

			snprintf(spec, sizeof(spec), "%.*s,chance=%s%s",
				 (int)(open - games[gi]), games[gi],
				 mode ? "explicit" : "sampled", open);
			if (catan_game_new_from_string(&g, ctx, spec) != CATAN_OK)
				fuzz_fail("game %s: %s", spec, catan_ctx_errmsg(ctx));
			for (size_t d = 0; d < NDEPTHS; d++) {
				uint64_t seed = gi * 100 + (size_t)mode * 10 + d;
				catan_state *s = NULL;

				FUZZ_OK(catan_state_new(&s, g));
				for (unsigned i = 0; i < depths[d]; i++) {
					uint64_t r = mix(&seed);

					if (!fuzz_step(s, (uint32_t)r, (uint32_t)(r >> 32), NULL))
						break;
				}
				catan_game_ref(g);
				positions[n++] = s;
			}
			catan_game_unref(g);
		}
	}
}

/* CATAN_FUZZ_TRACE=1 prints each record, to read a crash input by. */
static void note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void
note(const char *fmt, ...)
{
	static int trace = -1;
	va_list ap;

	if (trace < 0) {
		const char *env = getenv("CATAN_FUZZ_TRACE");

		trace = env && strcmp(env, "1") == 0;
	}
	if (!trace)
		return;
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
}

struct cursor {
	const uint8_t *data;
	size_t size;
	size_t pos;
};

static uint8_t
byte(struct cursor *c)
{
	return c->pos < c->size ? c->data[c->pos++] : 0;
}

static unsigned
word(struct cursor *c)
{
	unsigned lo = byte(c);

	return lo | (unsigned)byte(c) << 8;
}

/* A value in -1 .. n (one below and one above the valid 0 .. n-1), or,
 * for bytes of 0xf0 and above, a far one. */
static int
around(uint8_t b, int n)
{
	if (b >= 0xf0)
		return b & 1 ? 1000 + b : -100 - b;
	return (int)(b % (unsigned)(n + 2)) - 1;
}

/* A count: mostly small, sometimes up to 255 or far above. */
static unsigned
count_of(uint8_t b)
{
	if (b >= 0xf8)
		return b == 0xff ? 0x80000000u : 256u + b;
	return b < 0xc0 ? b % 12u : b;
}

/* A location below n + 2, or a far one for words of 0xff00 and above. */
static unsigned
location_of(unsigned w, unsigned n)
{
	if (w >= 0xff00)
		return w == 0xffff ? 0xffffffffu : w;
	return w % (n + 2);
}

static void
check_loads(const catan_state *s, const char *what)
{
	catan_game *g = NULL;
	catan_state *t = NULL;
	size_t len = 0;
	int rc;

	FUZZ_OK(catan_state_snapshot(s, text, TEXT_CAP, &len));
	rc = catan_load(&g, &t, ctx, text, len);
	FUZZ_ASSERT(rc == CATAN_OK, "%s: the snapshot does not load: %s\n%s", what,
		    catan_ctx_errmsg(ctx), text);
	FUZZ_ASSERT(catan_state_equal(s, t), "%s: the loaded snapshot differs\n%s", what,
		    text);
	FUZZ_ASSERT(catan_state_hash(s) == catan_state_hash(t),
		    "%s: the loaded snapshot has another hash", what);
	catan_state_free(t);
	catan_game_unref(g);
}

/* Unless the game is over, something can happen: a chance node has
 * outcomes, else an acting player has a legal action. */
static void
check_playable(const catan_state *s, const char *what)
{
	const catan_game *g = catan_state_game(s);
	size_t n = 0, cap;
	uint32_t mask;
	int rc;

	if (catan_state_is_terminal(s))
		return;
	if (catan_state_is_chance_node(s)) {
		catan_chance_outcome *outs = fuzz_outcome_buffer(g, &cap);

		rc = catan_state_chance_outcomes(s, outs, cap, &n);
		FUZZ_ASSERT(rc == CATAN_OK && n > 0, "%s: a chance node with %zu outcomes (%s)",
			    what, n, catan_strerror(rc));
		return;
	}
	mask = catan_state_acting_players(s);
	FUZZ_ASSERT(mask != 0, "%s: nobody acts in a position that is not over", what);
	for (int p = 0; p < catan_game_num_players(g); p++) {
		catan_action *acts = fuzz_action_buffer(g, &cap);

		if (!(mask & (1u << p)))
			continue;
		rc = catan_state_legal_actions(s, p, acts, cap, &n);
		FUZZ_ASSERT(rc == CATAN_OK, "%s: legal actions of p%d: %s", what, p,
			    catan_strerror(rc));
		if (n > 0)
			return;
	}
	fuzz_fail("%s: no acting player (mask %#x) has a legal action\n%s", what,
		  (unsigned)mask,
		  catan_state_snapshot(s, text, TEXT_CAP, NULL) == CATAN_OK ? text : "");
}

/* The invariant of an edit: refused and unchanged, or accepted and sound. */
static void
check_edit(catan_state *s, const catan_state *before, uint64_t hash, int rc,
	   const struct fuzz_totals *ref, const char *what)
{
	if (rc != CATAN_OK) {
		FUZZ_ASSERT(rc == CATAN_EINVAL, "%s: returned %d (%s)", what, rc,
			    catan_strerror(rc));
		FUZZ_ASSERT(catan_state_errmsg(s)[0] != '\0', "%s: refused without a message",
			    what);
		FUZZ_ASSERT(catan_state_equal(s, before), "%s: refused but changed the state",
			    what);
		FUZZ_ASSERT(catan_state_hash(s) == hash, "%s: refused but changed the hash",
			    what);
		return;
	}
	fuzz_check_conservation(s, ref, what);
	check_loads(s, what);
	check_playable(s, what);
}

static void
read_everything(const catan_state *s, const catan_action *steps, size_t nsteps)
{
	const catan_game *g = catan_state_game(s);
	size_t len = 0;
	int rc;

	fuzz_read_all(s);
	for (int o = CATAN_OBSERVER_ALL; o < catan_game_num_players(g); o++) {
		if (o == CATAN_PLAYER_TERMINAL || o == CATAN_PLAYER_CHANCE ||
		    o == CATAN_PLAYER_SIMULTANEOUS || o == CATAN_PLAYER_INVALID)
			continue;
		FUZZ_OK(catan_state_observation_string(s, o, text, TEXT_CAP, &len));
		FUZZ_ASSERT(strlen(text) == len, "observation of %d: length", o);
		FUZZ_OK(catan_state_to_json(s, o, text, TEXT_CAP, &len));
		FUZZ_ASSERT(strlen(text) == len, "JSON of %d: length", o);
	}
	rc = catan_board_layout(g, text, TEXT_CAP, &len);
	FUZZ_ASSERT(rc == CATAN_OK || rc == CATAN_ENOTSUP, "layout: %s", catan_strerror(rc));
	FUZZ_OK(catan_history_write(g, steps, nsteps, text, TEXT_CAP, &len));
	FUZZ_ASSERT(strlen(text) == len, "history: length");
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static catan_action steps[MAX_STEPS];
	catan_state *s = NULL, *before = NULL;
	const catan_game *g;
	catan_board_counts counts;
	struct fuzz_totals ref;
	struct cursor cur = { data, size, 1 };
	size_t nsteps = 0;
	int np, owners, nhold, npiece, ndev;

	if (size < 1 || size > MAX_INPUT)
		return 0;
	if (!positions[0])
		build_positions();
	FUZZ_OK(catan_state_clone(&s, positions[data[0] % NPOS]));
	note("position %u: game %u, %s, depth %u (move %u)\n", data[0] % (unsigned)NPOS,
	     data[0] % (unsigned)NPOS / (2 * (unsigned)NDEPTHS),
	     data[0] % (unsigned)NPOS / NDEPTHS % 2 ? "explicit" : "sampled",
	     depths[data[0] % NDEPTHS], (unsigned)catan_state_move_number(s));
	FUZZ_OK(catan_state_clone(&before, s));
	g = catan_state_game(s);
	np = catan_game_num_players(g);
	owners = np + catan_game_neutral_players(g);
	nhold = catan_game_holding_count(g);
	npiece = catan_game_piece_count(g);
	ndev = catan_game_dev_kind_count(g);
	FUZZ_OK(catan_board_counts_get(g, &counts));
	fuzz_totals(s, &ref);

	for (int r = 0; r < MAX_RECORDS && cur.pos < cur.size; r++) {
		uint8_t op = byte(&cur) % 13;
		uint64_t hash = catan_state_hash(s);
		const char *what = NULL;
		int rc = CATAN_OK;

		FUZZ_OK(catan_state_copy(before, s));
		switch (op) {
		case 0: {
			int p = around(byte(&cur), np);
			int k = around(byte(&cur), CATAN_MAX_CARD_KINDS);

			what = "set_cards";
			unsigned n = count_of(byte(&cur));

			rc = catan_edit_set_cards(s, p, k, n);
			note("set_cards(p%d, kind %d, %u)", p, k, n);
			break;
		}
		case 1: {
			int p = around(byte(&cur), np);
			int k = around(byte(&cur), ndev);

			what = "give_dev_card";
			int playable = byte(&cur) & 1;

			rc = catan_edit_give_dev_card(s, p, k, playable);
			note("give_dev_card(p%d, kind %d, playable %d)", p, k, playable);
			break;
		}
		case 2: {
			int p = around(byte(&cur), np);

			what = "set_knights_played";
			unsigned n = count_of(byte(&cur));

			rc = catan_edit_set_knights_played(s, p, n);
			note("set_knights_played(p%d, %u)", p, n);
			break;
		}
		case 3: {
			int p = around(byte(&cur), owners);
			int piece = around(byte(&cur), 4);
			unsigned w = word(&cur);

			unsigned loc = location_of(w, piece == CATAN_PIECE_ROAD ?
						   counts.edges : counts.vertices);

			what = "place";
			rc = catan_edit_place(s, p, piece, loc);
			note("place(p%d, piece %d, %u)", p, piece, loc);
			break;
		}
		case 4: {
			int piece = around(byte(&cur), 4);
			unsigned w = word(&cur);

			unsigned loc = location_of(w, piece == CATAN_PIECE_ROAD ?
						   counts.edges : counts.vertices);

			what = "remove";
			rc = catan_edit_remove(s, piece, loc);
			note("remove(piece %d, %u)", piece, loc);
			break;
		}
		case 5: {
			unsigned hex = location_of(byte(&cur), counts.hexes + 19);

			what = "set_robber";
			rc = catan_edit_set_robber(s, hex);
			note("set_robber(%u)", hex);
			break;
		}
		case 6: {
			int p = around(byte(&cur), np);
			int phase = around(byte(&cur), 6);

			what = "set_turn";
			int dice = around(byte(&cur), 13);

			rc = catan_edit_set_turn(s, p, phase, dice);
			note("set_turn(p%d, phase %d, dice %d)", p, phase, dice);
			break;
		}
		case 7: {
			int p = around(byte(&cur), np);
			uint8_t h = byte(&cur);
			catan_holding_info info;
			const char *name = h % 8 == 7 ? NULL : "no_such_holding";

			if (nhold > 0 && h % 8 < 6 &&
			    catan_game_holding(g, h % (unsigned)nhold, &info) == CATAN_OK)
				name = info.name;
			what = "set_holding";
			unsigned n = count_of(byte(&cur));

			rc = catan_edit_set_holding(s, p, name, n);
			note("set_holding(p%d, %s, %u)", p, name ? name : "NULL", n);
			break;
		}
		case 8:
		case 9: {
			int k = around(byte(&cur), npiece);
			int o = around(byte(&cur), owners);
			unsigned loc = location_of(word(&cur), counts.edges > counts.vertices ?
						   counts.edges : counts.vertices);

			what = op == 8 ? "place_piece" : "remove_piece";
			rc = op == 8 ? catan_edit_place_piece(s, (unsigned)k, o, loc) :
			     catan_edit_remove_piece(s, (unsigned)k, o, loc);
			note("%s(kind %d, p%d, %u)", what, k, o, loc);
			break;
		}
		case 10: {
			unsigned pick = word(&cur);
			catan_action done;

			if (fuzz_step(s, pick, pick >> 8, &done)) {
				char a[128] = "?";

				(void)catan_action_format(g, &done, a, sizeof(a), NULL);
				note("step %s\n", a);
				if (nsteps < MAX_STEPS)
					steps[nsteps++] = done;
				fuzz_check_conservation(s, &ref, "step");
				check_playable(s, "step");
			}
			break;
		}
		case 11: {
			uint8_t o = byte(&cur);
			int observer = around(o, np);
			catan_state *t = NULL;

			rc = catan_state_resample(&t, s, observer, byte(&cur));
			note("resample(p%d)%s\n", observer, o & 1 ? " kept" : "");
			if (observer < 0 || observer >= np) {
				FUZZ_ASSERT(rc == CATAN_EINVAL, "resample for %d: %d", observer, rc);
				FUZZ_ASSERT(catan_state_equal(s, before), "resample changed its input");
				break;
			}
			FUZZ_ASSERT(rc == CATAN_OK, "resample for p%d: %s", observer,
				    catan_strerror(rc));
			FUZZ_ASSERT(catan_state_equal(s, before), "resample changed its input");
			fuzz_check_conservation(t, &ref, "resample");
			check_loads(t, "resample");
			check_playable(t, "resample");
			if (o & 1)
				FUZZ_OK(catan_state_copy(s, t));
			catan_state_free(t);
			rc = CATAN_OK;
			break;
		}
		default:
			read_everything(s, steps, nsteps);
			FUZZ_ASSERT(catan_state_equal(s, before), "a query changed the state");
			break;
		}
		if (what)
			note(": %d\n", rc);
		if (what)
			check_edit(s, before, hash, rc, &ref, what);
	}
	catan_state_free(before);
	catan_state_free(s);
	return 0;
}
