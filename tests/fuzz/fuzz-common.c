/*
 * libcatanrules: reachable positions and invariant checks for the fuzz targets.
 * SPDX-License-Identifier: MIT
 */

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz-common.h"

/* Actions of seeded random play before a position is kept. */
static const unsigned depths[] = { 0, 2, 9, 30, 80, 200, 500, 1200, 5000 };

#define MAX_POSITIONS 255
#define SNAPSHOT_CAP (256 * 1024)

struct table {
	catan_ctx *ctx;
	struct fuzz_position pos[MAX_POSITIONS];
	size_t n;
	int built;
	/* scratch buffers, reused: fresh sanitized allocations on every
	 * step would cost more than the library calls they serve */
	catan_action *acts;
	size_t acts_cap;
	catan_chance_outcome *outs;
	size_t outs_cap;
	char *text[2];
};

/* The one piece of static data: built once, read-only afterwards. */
static struct table table;

void
fuzz_fail(const char *fmt, ...)
{
	va_list ap;

	fputs("fuzz invariant broken: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	fflush(stderr);
	abort();
}

/* splitmix64: the positions must not depend on the library's RNG calls */
static uint64_t
mix(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static void
free_table(void)
{
	for (size_t i = 0; i < table.n; i++) {
		catan_state_free(table.pos[i].state);
		catan_game_unref(table.pos[i].game);
	}
	table.n = 0;
	catan_ctx_free(table.ctx);
	table.ctx = NULL;
	free(table.acts);
	free(table.outs);
	free(table.text[0]);
	free(table.text[1]);
	memset(&table, 0, sizeof(table));
	table.built = 1;
}

static void build_table(void);

static void
ensure_table(void)
{
	if (table.built)
		return;
	table.built = 1;
	atexit(free_table);
	build_table();
}

catan_action *
fuzz_action_buffer(const catan_game *g, size_t *cap)
{
	size_t want = catan_game_max_legal_actions(g);

	if (want == 0)
		want = 1;
	if (table.acts_cap < want) {
		free(table.acts);
		table.acts = calloc(want, sizeof(*table.acts));
		FUZZ_ASSERT(table.acts != NULL, "out of memory");
		table.acts_cap = want;
	}
	*cap = table.acts_cap;
	return table.acts;
}

catan_chance_outcome *
fuzz_outcome_buffer(const catan_game *g, size_t *cap)
{
	size_t want = catan_game_max_chance_outcomes(g);

	if (want == 0)
		want = 1;
	if (table.outs_cap < want) {
		free(table.outs);
		table.outs = calloc(want, sizeof(*table.outs));
		FUZZ_ASSERT(table.outs != NULL, "out of memory");
		table.outs_cap = want;
	}
	*cap = table.outs_cap;
	return table.outs;
}

static int
pick_player(const catan_state *s, uint32_t pick)
{
	uint32_t mask = catan_state_acting_players(s);
	int n = 0;

	for (int p = 0; p < CATAN_MAX_PLAYERS; p++)
		if (mask & (1u << p))
			n++;
	if (n == 0)
		return catan_state_current_player(s);
	n = (int)(pick % (uint32_t)n);
	for (int p = 0; p < CATAN_MAX_PLAYERS; p++)
		if ((mask & (1u << p)) && n-- == 0)
			return p;
	return catan_state_current_player(s);
}

static bool
is_offer(const catan_action *a)
{
	return a->type == CATAN_ACT_OFFER_TRADE ||
	       a->type == CATAN_ACT_COUNTER_TRADE;
}

/* With @p no_offers, a picked domestic offer gives way to the next action
 * that is none: random offers take up most of the actions of random play
 * and keep it from reaching the late game. */
static int
step(catan_state *s, uint32_t pick, uint32_t pick_who, catan_action *done,
     bool no_offers)
{
	const catan_game *g = catan_state_game(s);
	size_t cap, n = 0;
	int rc, player;

	if (catan_state_is_terminal(s))
		return 0;
	if (catan_state_is_chance_node(s)) {
		catan_chance_outcome *outs = fuzz_outcome_buffer(g, &cap);

		rc = catan_state_chance_outcomes(s, outs, cap, &n);
		FUZZ_ASSERT(rc == CATAN_OK && n > 0,
			    "chance node with %zu outcomes (%s), bound %zu",
			    n, catan_strerror(rc), cap);
		if (done)
			*done = outs[pick % n].action;
		rc = catan_state_apply(s, &outs[pick % n].action);
		FUZZ_ASSERT(rc == CATAN_OK, "listed chance outcome refused: %s",
			    catan_state_errmsg(s));
		return 1;
	}

	player = pick_player(s, pick_who);
	FUZZ_ASSERT(player >= 0, "no terminal, no chance, but player %d acts",
		    player);
	{
		catan_action *acts = fuzz_action_buffer(g, &cap);

		rc = catan_state_legal_actions(s, player, acts, cap, &n);
		FUZZ_ASSERT(rc == CATAN_OK, "legal actions of p%d: %s (%zu, bound %zu)",
			    player, catan_strerror(rc), n, cap);
		FUZZ_ASSERT(n > 0, "acting player p%d has no legal action",
			    player);
		pick %= (uint32_t)n;
		for (size_t i = 0; no_offers && i < n; i++) {
			if (!is_offer(&acts[(pick + i) % n])) {
				pick = (uint32_t)((pick + i) % n);
				break;
			}
		}
		if (done)
			*done = acts[pick];
		rc = catan_state_apply(s, &acts[pick]);
		FUZZ_ASSERT(rc == CATAN_OK, "listed action refused: %s",
			    catan_state_errmsg(s));
	}
	return 1;
}

int
fuzz_step(catan_state *s, uint32_t pick, uint32_t pick_who, catan_action *done)
{
	return step(s, pick, pick_who, done, false);
}

static void
add_position(catan_game *g, const char *spec, unsigned depth, uint64_t seed)
{
	struct fuzz_position *p;
	catan_state *s = NULL;
	unsigned played = 0;

	if (table.n >= MAX_POSITIONS)
		return;
	FUZZ_OK(catan_state_new(&s, g));
	while (played < depth) {
		uint64_t r = mix(&seed);

		if (!step(s, (uint32_t)r, (uint32_t)(r >> 32), NULL, true))
			break;
		played++;
	}
	p = &table.pos[table.n++];
	p->game = catan_game_ref(g);
	p->state = s;
	snprintf(p->label, sizeof(p->label), "%s after %u actions", spec,
		 played);
}

static void
add_game(const char *spec, uint64_t salt)
{
	catan_game *g = NULL;

	if (catan_game_new_from_string(&g, table.ctx, spec) != CATAN_OK)
		fuzz_fail("game %s: %s", spec, catan_ctx_errmsg(table.ctx));
	for (size_t d = 0; d < sizeof(depths) / sizeof(depths[0]); d++)
		add_position(g, spec, depths[d], salt * 1000 + d);
	catan_game_unref(g);
}

/* The most players the parser accepts for a variant with modules
 * ("m1+m2"; a module may change the range, Catan for Two), or 0. */
static int
most_players(const char *variant, const char *modules)
{
	for (int p = CATAN_MAX_PLAYERS; p > 0; p--) {
		catan_game *g = NULL;
		char spec[640];

		snprintf(spec, sizeof(spec), "%s(players=%d)+%s", variant, p, modules);
		if (catan_game_new_from_string(&g, table.ctx, spec) == CATAN_OK) {
			catan_game_unref(g);
			return p;
		}
	}
	return 0;
}

/*
 * Each variant alone at its fewest and most players, and with each module
 * the game-string parser lets it have and with all of those together, at
 * the most players each combination accepts; both chance modes each time.
 */
static void
build_table(void)
{
	size_t nv, nm;
	uint64_t salt = 0;

	FUZZ_OK(catan_ctx_new(&table.ctx, NULL));
	nv = catan_ctx_variant_count(table.ctx);
	nm = catan_ctx_module_count(table.ctx);
	for (size_t v = 0; v < nv; v++) {
		const char *name = catan_ctx_variant_name(table.ctx, v);
		char all[512] = "";
		int players[2] = { 0, 0 };
		size_t used = 0;
		int nall = 0;

		FUZZ_OK(catan_ctx_variant_info(table.ctx, name, NULL,
					       &players[0], &players[1]));
		for (int mode = 0; mode < 2; mode++) {
			const char *chance = mode ? "explicit" : "sampled";

			for (int pi = 0; pi < 2; pi++) {
				char spec[160];

				if (pi == 1 && players[1] == players[0])
					continue;
				snprintf(spec, sizeof(spec),
					 "%s(players=%d,seed=%d,chance=%s)",
					 name, players[pi], 7 + 3 * pi + mode,
					 chance);
				add_game(spec, salt++);
			}
		}
		for (size_t m = 0; m < nm; m++) {
			const char *mod = catan_ctx_module_name(table.ctx, m);
			char spec[160];
			int np = most_players(name, mod);

			if (np == 0)
				continue;
			for (int mode = 0; mode < 2; mode++) {
				snprintf(spec, sizeof(spec),
					 "%s(players=%d,seed=%u,chance=%s)+%s",
					 name, np, (unsigned)(20 + m),
					 mode ? "explicit" : "sampled", mod);
				add_game(spec, salt++);
			}
			used += (size_t)snprintf(all + used, sizeof(all) - used,
						 "+%s", mod);
			FUZZ_ASSERT(used < sizeof(all), "module names too long");
			nall++;
		}
		if (nall > 1 && most_players(name, all + 1) > 0) {
			for (int mode = 0; mode < 2; mode++) {
				char spec[640];

				snprintf(spec, sizeof(spec),
					 "%s(players=%d,seed=5,chance=%s)%s",
					 name, most_players(name, all + 1),
					 mode ? "explicit" : "sampled", all);
				add_game(spec, salt++);
			}
		}
	}
	FUZZ_ASSERT(table.n > 0, "no variant registered");
}

size_t
fuzz_positions(const struct fuzz_position **out)
{
	ensure_table();
	*out = table.pos;
	return table.n;
}

catan_ctx *
fuzz_ctx(void)
{
	ensure_table();
	return table.ctx;
}

/* ----------------------------------------------------------- invariants */

void
fuzz_totals(const catan_state *s, struct fuzz_totals *out)
{
	const catan_game *g = catan_state_game(s);
	catan_board_counts counts;
	uint8_t bank[CATAN_MAX_CARD_KINDS], deck[CATAN_MAX_DEV_KINDS];
	int np = catan_game_num_players(g);
	/* neutral players own pieces (and hold no cards) */
	int owners = np + catan_game_neutral_players(g);

	memset(out, 0, sizeof(*out));
	FUZZ_OK(catan_state_bank(s, bank));
	FUZZ_OK(catan_state_dev_deck(s, deck));
	FUZZ_OK(catan_board_counts_get(g, &counts));
	for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++)
		out->cards[k] = bank[k];
	for (int k = 0; k < CATAN_MAX_DEV_KINDS; k++)
		out->dev += deck[k];
	FUZZ_ASSERT(np > 0 && owners <= CATAN_MAX_PLAYERS, "%d players", owners);
	for (int p = 0; p < owners; p++) {
		catan_player_info info;
		unsigned cards = 0, devs = 0;

		FUZZ_OK(catan_state_player(s, p, &info));
		for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++) {
			out->cards[k] += info.cards[k];
			cards += info.cards[k];
		}
		for (int k = 0; k < CATAN_MAX_DEV_KINDS; k++)
			devs += info.dev_cards[k];
		FUZZ_ASSERT(cards == info.card_total,
			    "p%d holds %u cards but card_total is %u", p, cards,
			    info.card_total);
		FUZZ_ASSERT(devs == info.dev_total,
			    "p%d holds %u development cards but dev_total is %u",
			    p, devs, info.dev_total);
		FUZZ_ASSERT(info.total_vp >= info.public_vp,
			    "p%d: %u points in all, %u public", p,
			    info.total_vp, info.public_vp);
		out->dev += devs + info.knights_played;
		out->pieces[p][CATAN_PIECE_ROAD] = info.roads_left;
		out->pieces[p][CATAN_PIECE_SETTLEMENT] = info.settlements_left;
		out->pieces[p][CATAN_PIECE_CITY] = info.cities_left;
	}
	for (unsigned v = 0; v < counts.vertices; v++) {
		int owner = -1;
		int piece = catan_state_vertex_piece(s, v, &owner);

		FUZZ_ASSERT(piece >= CATAN_PIECE_NONE && piece <= CATAN_PIECE_CITY,
			    "intersection %u holds piece %d", v, piece);
		if (piece == CATAN_PIECE_NONE)
			continue;
		FUZZ_ASSERT(owner >= 0 && owner < owners,
			    "intersection %u owned by %d", v, owner);
		out->pieces[owner][piece]++;
	}
	for (unsigned e = 0; e < counts.edges; e++) {
		int owner = -1;
		int piece = catan_state_edge_piece(s, e, &owner);

		FUZZ_ASSERT(piece == CATAN_PIECE_NONE || piece == CATAN_PIECE_ROAD,
			    "edge %u holds piece %d", e, piece);
		if (piece == CATAN_PIECE_NONE)
			continue;
		FUZZ_ASSERT(owner >= 0 && owner < owners, "edge %u owned by %d", e,
			    owner);
		out->pieces[owner][piece]++;
	}
}

void
fuzz_check_conservation(const catan_state *s, const struct fuzz_totals *ref,
			const char *what)
{
	struct fuzz_totals now;
	const catan_game *g = catan_state_game(s);
	int np = catan_game_num_players(g) + catan_game_neutral_players(g);

	fuzz_totals(s, &now);
	for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++)
		FUZZ_ASSERT(now.cards[k] == ref->cards[k],
			    "%s: %u cards of kind %d in play, %u before", what,
			    now.cards[k], k, ref->cards[k]);
	FUZZ_ASSERT(now.dev <= ref->dev,
		    "%s: %u development cards in play, %u before", what,
		    now.dev, ref->dev);
	for (int p = 0; p < np; p++)
		for (int k = CATAN_PIECE_SETTLEMENT; k <= CATAN_PIECE_ROAD; k++)
			FUZZ_ASSERT(now.pieces[p][k] == ref->pieces[p][k],
				    "%s: p%d has %u pieces of kind %d, %u before",
				    what, p, now.pieces[p][k], k,
				    ref->pieces[p][k]);
}

int
fuzz_apply_checked(catan_state *s, catan_state *scratch, const catan_action *a,
		   const char *what)
{
	uint64_t hash = catan_state_hash(s);
	int rc, reason;

	FUZZ_OK(catan_state_copy(scratch, s));
	rc = catan_state_apply(s, a);
	if (rc == CATAN_OK)
		return rc;
	FUZZ_ASSERT(rc == CATAN_EILLEGAL, "%s: apply returned %d (%s)", what,
		    rc, catan_strerror(rc));
	FUZZ_ASSERT(catan_state_hash(s) == hash,
		    "%s: refused action changed the hash", what);
	FUZZ_ASSERT(catan_state_equal(s, scratch),
		    "%s: refused action changed the state", what);
	reason = catan_state_last_reason(s);
	FUZZ_ASSERT(reason > CATAN_REASON_NONE && reason < CATAN_REASON_COUNT,
		    "%s: refused with reason %d", what, reason);
	FUZZ_ASSERT(catan_state_errmsg(s)[0] != '\0',
		    "%s: refused without a message", what);
	/* check_action agrees with apply */
	rc = catan_state_check_action(s, a, &reason);
	FUZZ_ASSERT(rc == CATAN_EILLEGAL && reason == catan_state_last_reason(s),
		    "%s: check says %d reason %d after apply refused", what,
		    rc, reason);
	return CATAN_EILLEGAL;
}

void
fuzz_read_all(const catan_state *s)
{
	const catan_game *g = catan_state_game(s);
	int np = catan_game_num_players(g);
	size_t n = 0, cap;
	catan_action *acts = fuzz_action_buffer(g, &cap);
	catan_observation obs;
	char text[64];
	int rc;

	for (int p = 0; p < np; p++) {
		rc = catan_state_legal_actions(s, p, acts, cap, &n);
		FUZZ_ASSERT(rc == CATAN_OK, "legal actions of p%d: %s", p,
			    catan_strerror(rc));
		for (size_t i = 0; i < n; i++) {
			int reason = -1;

			rc = catan_state_check_action(s, &acts[i], &reason);
			FUZZ_ASSERT(rc == CATAN_OK,
				    "listed action %zu of p%d refused: %s", i,
				    p, catan_state_errmsg(s));
			if (i > 0)
				FUZZ_ASSERT(catan_action_compare(&acts[i - 1],
								 &acts[i]) < 0,
					    "legal actions of p%d out of order at %zu",
					    p, i);
		}
	}
	rc = catan_state_chance_outcomes(s, NULL, 0, &n);
	FUZZ_ASSERT(rc == CATAN_OK || rc == CATAN_EBUFS,
		    "chance outcomes: %s", catan_strerror(rc));
	for (int o = CATAN_OBSERVER_ALL; o < np; o++) {
		size_t len = 0;

		if (o == CATAN_PLAYER_TERMINAL || o == CATAN_PLAYER_CHANCE ||
		    o == CATAN_PLAYER_SIMULTANEOUS || o == CATAN_PLAYER_INVALID)
			continue;
		obs.version = CATAN_OBSERVATION_VERSION;
		FUZZ_OK(catan_state_observe(s, o, &obs));
		/* the texts cost more than everything else here: two views */
		if (o != CATAN_OBSERVER_ALL && o != 0)
			continue;
		rc = catan_state_observation_string(s, o, text, sizeof(text), &len);
		FUZZ_ASSERT(rc == CATAN_OK || rc == CATAN_EBUFS,
			    "observation string for %d: %s", o,
			    catan_strerror(rc));
		rc = catan_state_to_json(s, o, text, sizeof(text), &len);
		FUZZ_ASSERT(rc == CATAN_OK || rc == CATAN_EBUFS,
			    "JSON for %d: %s", o, catan_strerror(rc));
	}
}

void
fuzz_check_snapshot_roundtrip(catan_ctx *ctx, const catan_state *s)
{
	catan_game *g = NULL;
	catan_state *t = NULL;
	size_t la = 0, lb = 0;
	char *a, *b;
	int rc;

	ensure_table();
	for (int i = 0; i < 2; i++) {
		if (!table.text[i])
			table.text[i] = malloc(SNAPSHOT_CAP);
		FUZZ_ASSERT(table.text[i] != NULL, "out of memory");
	}
	a = table.text[0];
	b = table.text[1];
	FUZZ_OK(catan_state_snapshot(s, a, SNAPSHOT_CAP, &la));
	rc = catan_load(&g, &t, ctx, a, la);
	FUZZ_ASSERT(rc == CATAN_OK, "snapshot does not load: %s\n%s",
		    catan_ctx_errmsg(ctx), a);
	FUZZ_ASSERT(catan_state_hash(t) == catan_state_hash(s),
		    "loaded snapshot has another hash");
	FUZZ_OK(catan_state_snapshot(t, b, SNAPSHOT_CAP, &lb));
	FUZZ_ASSERT(la == lb && memcmp(a, b, la) == 0,
		    "snapshot of the loaded state differs");
	catan_state_free(t);
	catan_game_unref(g);
}
