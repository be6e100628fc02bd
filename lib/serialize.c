/*
 * libcatanrules: snapshots and histories as versioned line-oriented text.
 * SPDX-License-Identifier: MIT
 */

#include <inttypes.h>
#include <stdio.h>

#include "catan-private.h"
#include "catan-loader.h"

#define SNAPSHOT_MAGIC "catanrules-snapshot"
#define HISTORY_MAGIC "catanrules-history"
#define FORMAT_VERSION 1

#define ACTION_TEXT_MAX 256

/* ------------------------------------------------------------- writing */

/* A snapshot must load again: a location without a name fails it. */
static void
put_location(struct catan_text *w, const catan_game *g, int kind, unsigned id)
{
	if (catan_text__location(w, g, kind, id) != CATAN_OK)
		w->rc = CATAN_EINVAL;
}

static void
put_phase(struct catan_text *w, const catan_state *s, int phase)
{
	const char *name = catan_state_phase_name(s, phase);

	if (strcmp(name, "unknown") == 0)
		catan_text__put(w, "%d", phase);
	else
		catan_text__put(w, "%s", name);
}

static void
write_snapshot(struct catan_text *w, const catan_state *s)
{
	const catan_game *g = s->game;
	const struct core_state *c = st_ccore(s);
	const struct board *b = &g->board;
	bool any = false;

	catan_text__put(w, "%s %d\n", SNAPSHOT_MAGIC, FORMAT_VERSION);
	catan_text__put(w, "game %s\n", g->canonical);
	catan_text__put(w, "rng %016" PRIx64 " %016" PRIx64 "\n", c->rng.state,
			c->rng.inc);
	catan_text__put(w, "move_number %" PRIu32 "\n", c->move_number);
	catan_text__put(w, "turn %u\n", (unsigned)c->turn);
	catan_text__put(w, "phase ");
	put_phase(w, s, c->phase);
	if (c->chance < ARRAY_LEN(catan_text__chances) &&
	    catan_text__chances[c->chance])
		catan_text__put(w, "\nchance %s\n", catan_text__chances[c->chance]);
	else
		catan_text__put(w, "\nchance %u\n", (unsigned)c->chance);
	catan_text__put(w, "current ");
	catan_text__player(w, c->current);
	catan_text__put(w, "\nfirst_player ");
	catan_text__player(w, c->first_player);
	catan_text__put(w, "\nsetup_step %u\nsetup_vertex ", (unsigned)c->setup_step);
	if (c->setup_vertex == BOARD_NONE)
		catan_text__put(w, "none");
	else
		put_location(w, g, CATAN_LOC_VERTEX, c->setup_vertex);
	catan_text__put(w, "\ndice %u\nflags ", (unsigned)c->dice);
	for (unsigned bit = 0; bit < 8; bit++) {
		const char *name = NULL;

		if (!(c->flags & (1u << bit)))
			continue;
		for (size_t i = 0; i < ARRAY_LEN(catan_text__flags); i++)
			if (catan_text__flags[i].bit == (1u << bit))
				name = catan_text__flags[i].name;
		if (name)
			catan_text__put(w, "%s%s", any ? "," : "", name);
		else
			catan_text__put(w, "%sbit%u", any ? "," : "", bit);
		any = true;
	}
	if (!any)
		catan_text__put(w, "none");
	catan_text__put(w, "\nreturn_phase ");
	put_phase(w, s, c->return_phase);
	catan_text__put(w, "\nroad_building_left %u\nvictim ",
			(unsigned)c->road_building_left);
	catan_text__player(w, c->victim);
	catan_text__put(w, "\nrobber ");
	if (c->robber_hex == BOARD_NONE && g->robber_off_board)
		catan_text__put(w, "none");
	else
		put_location(w, g, CATAN_LOC_HEX, c->robber_hex);
	catan_text__standings(w, s);
	catan_text__put(w, "\ndev_deck ");
	catan_text__vec(w, c->dev_deck, CATAN_MAX_DEV_KINDS);
	catan_text__put(w, "\ndev_bought ");
	catan_text__vec(w, c->dev_bought, CATAN_MAX_DEV_KINDS);
	catan_text__offer(w, c);

	/* Neutral players too: their stock and road length. */
	for (int p = 0; p < catan_game__owners(g); p++) {
		const struct player_state *ps = st_cplayer(s, p);

		catan_text__put(w, "player %d hand ", p);
		catan_text__vec(w, ps->hand, CATAN_MAX_CARD_KINDS);
		catan_text__put(w, " dev ");
		catan_text__vec(w, ps->dev, CATAN_MAX_DEV_KINDS);
		catan_text__put(w, " knights %u roads %u settlements %u cities %u road_length %u discard_owed %u",
				(unsigned)ps->knights, (unsigned)ps->roads_left,
				(unsigned)ps->settlements_left, (unsigned)ps->cities_left,
				(unsigned)ps->road_length, (unsigned)ps->discard_owed);
		if (ps->response < ARRAY_LEN(catan_text__responses))
			catan_text__put(w, " response %s",
					catan_text__responses[ps->response]);
		else
			catan_text__put(w, " response %u", (unsigned)ps->response);
		catan_text__put(w, " counter_give ");
		catan_text__vec(w, ps->counter_give, CATAN_MAX_CARD_KINDS);
		catan_text__put(w, " counter_get ");
		catan_text__vec(w, ps->counter_get, CATAN_MAX_CARD_KINDS);
		catan_text__put(w, "\n");
	}
	for (unsigned v = 0; v < b->nvert; v++) {
		uint8_t byte = st_cvert(s)[v];
		int kind = PIECE_KIND(byte);

		if (!byte)
			continue;
		catan_text__put(w, "vertex ");
		put_location(w, g, CATAN_LOC_VERTEX, v);
		if (kind == CATAN_PIECE_SETTLEMENT || kind == CATAN_PIECE_CITY)
			catan_text__put(w, " %s p%d\n", catan_text__pieces[kind],
					PIECE_OWNER(byte));
		else
			catan_text__put(w, " kind%d p%d\n", kind, PIECE_OWNER(byte));
	}
	for (unsigned e = 0; e < b->nedge; e++) {
		uint8_t byte = st_cedge(s)[e];

		/* a road-like piece: its "piece" line says it */
		if (!byte || PIECE_KIND(byte) == EDGE_KIND_NETWORK)
			continue;
		catan_text__put(w, "road ");
		put_location(w, g, CATAN_LOC_EDGE, e);
		if (PIECE_KIND(byte) == EDGE_KIND_ROAD)
			catan_text__put(w, " p%d\n", PIECE_OWNER(byte));
		else
			catan_text__put(w, " p%d kind%d\n", PIECE_OWNER(byte),
					PIECE_KIND(byte));
	}
	catan_text__slices(w, s);
	catan_text__holdings_snapshot(w, s);
	catan_text__declared_pieces_snapshot(w, s);
	catan_text__chips(w, s);
	catan_text__put(w, "end\n");
}

int
catan_state_snapshot(const catan_state *s, char *buf, size_t cap, size_t *len_out)
{
	struct catan_text w = { buf, cap, 0, CATAN_OK };

	if (!s || (!buf && cap))
		return CATAN_EINVAL;
	write_snapshot(&w, s);
	return catan_text__finish(&w, len_out);
}

int
catan_history_write(const catan_game *g, const catan_action *actions, size_t n,
		    char *buf, size_t cap, size_t *len_out)
{
	struct catan_text w = { buf, cap, 0, CATAN_OK };

	if (!g || (!actions && n) || (!buf && cap))
		return CATAN_EINVAL;
	catan_text__put(&w, "%s %d\ngame %s\n", HISTORY_MAGIC, FORMAT_VERSION,
			g->canonical);
	for (size_t i = 0; i < n; i++) {
		char text[ACTION_TEXT_MAX];
		size_t len = 0;
		int rc = catan_action_format(g, &actions[i], text, sizeof(text), &len);

		if (rc != CATAN_OK) {
			if (cap)
				buf[0] = '\0';
			return CATAN_EINVAL;
		}
		catan_text__put(&w, "%s\n", text);
	}
	catan_text__put(&w, "end\n");
	return catan_text__finish(&w, len_out);
}

/* ------------------------------------------------------------- reading */

static const char *const key_names[K_COUNT] = {
	[K_RNG] = "rng",
	[K_MOVE_NUMBER] = "move_number",
	[K_TURN] = "turn",
	[K_PHASE] = "phase",
	[K_CHANCE] = "chance",
	[K_CURRENT] = "current",
	[K_FIRST_PLAYER] = "first_player",
	[K_SETUP_STEP] = "setup_step",
	[K_SETUP_VERTEX] = "setup_vertex",
	[K_DICE] = "dice",
	[K_FLAGS] = "flags",
	[K_RETURN_PHASE] = "return_phase",
	[K_ROAD_BUILDING_LEFT] = "road_building_left",
	[K_VICTIM] = "victim",
	[K_ROBBER] = "robber",
	[K_LONGEST_ROAD] = "longest_road",
	[K_LARGEST_ARMY] = "largest_army",
	[K_WINNER] = "winner",
	[K_BANK] = "bank",
	[K_DEV_DECK] = "dev_deck",
	[K_DEV_BOUGHT] = "dev_bought",
	[K_OFFER_GIVE] = "offer_give",
	[K_OFFER_GET] = "offer_get",
};

int
catan_load__fail_at(struct loader *ld, unsigned line, int rc, const char *fmt, ...)
{
	char reason[CATAN_ERRMSG_SIZE];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(reason, sizeof(reason), fmt, ap);
	va_end(ap);
	catan__ctx_seterr(ld->ctx, "line %u: %s", line, reason);
	return rc;
}

/*
 * Read the next line into ld->line. Every line, the last one included,
 * ends with '\n', so a text cut anywhere is incomplete. Returns 1 for a
 * line, 0 at the end of the text, or an error.
 */
static int
next_line(struct loader *ld)
{
	const char *start;
	size_t rest;
	const char *nl;
	size_t n;

	/* The pointer is formed only inside the text: an empty text may
	 * have none to add to. */
	if (ld->pos >= ld->len)
		return 0;
	start = ld->text + ld->pos;
	rest = ld->len - ld->pos;
	ld->line_no++;
	nl = memchr(start, '\n', rest);
	if (!nl)
		return fail(ld, "the text ends without a newline (truncated?)");
	n = (size_t)(nl - start);
	if (n >= sizeof(ld->line))
		return fail(ld, "line too long");
	for (size_t i = 0; i < n; i++) {
		unsigned char ch = (unsigned char)start[i];

		if (ch < 0x20 || ch > 0x7e)
			return fail(ld, "unexpected byte 0x%02x at column %zu",
				    ch, i + 1);
	}
	memcpy(ld->line, start, n);
	ld->line[n] = '\0';
	ld->pos += n + 1;
	return 1;
}

/* Split ld->line at single spaces: no empty fields, no extra spaces. */
static int
tokenize(struct loader *ld)
{
	char *p = ld->line;

	ld->ntok = 0;
	if (*p == '\0')
		return fail(ld, "empty line");
	for (;;) {
		char *sp;

		if (ld->ntok == MAX_TOKENS)
			return fail(ld, "too many fields");
		if (*p == '\0' || *p == ' ')
			return fail(ld, "empty field (stray space)");
		ld->tok[ld->ntok++] = p;
		sp = strchr(p, ' ');
		if (!sp)
			return CATAN_OK;
		*sp = '\0';
		p = sp + 1;
	}
}

/* A canonical decimal: digits only, no sign, no leading zeros. */
static bool
parse_dec(const char *t, uint64_t max, uint64_t *out)
{
	uint64_t v = 0;

	if (t[0] < '0' || t[0] > '9' || (t[0] == '0' && t[1] != '\0'))
		return false;
	for (; *t; t++) {
		if (*t < '0' || *t > '9')
			return false;
		uint64_t d = (uint64_t)(*t - '0');

		if (d > max || v > (max - d) / 10)
			return false;
		v = v * 10 + d;
	}
	*out = v;
	return true;
}

static int
get_uint(struct loader *ld, const char *t, unsigned max, const char *what,
	 unsigned *out)
{
	uint64_t v;

	if (!parse_dec(t, max, &v))
		return fail(ld, "bad %s '%.40s' (expected 0..%u)", what, t, max);
	*out = (unsigned)v;
	return CATAN_OK;
}

/* Exactly 16 lower-case hex digits. */
static bool
parse_hex64(const char *t, uint64_t *out)
{
	uint64_t v = 0;
	size_t i;

	for (i = 0; t[i]; i++) {
		int d;

		if (t[i] >= '0' && t[i] <= '9')
			d = t[i] - '0';
		else if (t[i] >= 'a' && t[i] <= 'f')
			d = t[i] - 'a' + 10;
		else
			return false;
		if (i >= 16)
			return false;
		v = (v << 4) | (uint64_t)d;
	}
	if (i != 16)
		return false;
	*out = v;
	return true;
}

/* A list of exactly n decimals 0..255 separated by commas. */
static int
get_vec(struct loader *ld, const char *t, uint8_t *out, size_t n, const char *what)
{
	char item[8];
	const char *p = t;

	for (size_t i = 0; i < n; i++) {
		size_t k = strcspn(p, ",");
		uint64_t v;

		if (k == 0 || k >= sizeof(item))
			return fail(ld, "bad %s list '%.60s' (expected %zu numbers)",
				    what, t, n);
		memcpy(item, p, k);
		item[k] = '\0';
		if (!parse_dec(item, 255, &v))
			return fail(ld, "bad number '%s' in %s (expected 0..255)",
				    item, what);
		out[i] = (uint8_t)v;
		p += k;
		if (i + 1 < n) {
			if (*p != ',')
				return fail(ld, "%s needs %zu numbers", what, n);
			p++;
		}
	}
	if (*p)
		return fail(ld, "%s has more than %zu numbers", what, n);
	return CATAN_OK;
}

/* "none" (-1) or "p<i>" with i < number of players. */
static int
get_player(struct loader *ld, const char *t, bool none_ok, const char *what,
	   int8_t *out)
{
	uint64_t v;

	if (none_ok && strcmp(t, "none") == 0) {
		*out = CATAN_NO_PLAYER;
		return CATAN_OK;
	}
	if (t[0] != 'p' || !parse_dec(t + 1, 255, &v))
		return fail(ld, "bad %s '%.40s' (expected p<i>%s)", what, t,
			    none_ok ? " or none" : "");
	if (v >= (unsigned)catan_game__owners(ld->g))
		return fail(ld, "%s %s is not a player of this %u-player game",
			    what, t, (unsigned)catan_game__owners(ld->g));
	*out = (int8_t)v;
	return CATAN_OK;
}

static int
get_location(struct loader *ld, const char *t, int want, unsigned *out)
{
	static const char *const kinds[] = { "", "hex", "intersection", "edge" };
	int kind = 0;
	unsigned id = 0;
	char canon[32];

	if (catan_location_parse(ld->g, t, &kind, &id) != CATAN_OK || kind != want)
		return fail(ld, "bad %s '%.40s'", kinds[want], t);
	/* One spelling only, so that the text round-trips byte for byte. */
	if (catan_location_format(ld->g, kind, id, canon, sizeof(canon), NULL) != CATAN_OK ||
	    strcmp(canon, t) != 0)
		return fail(ld, "%s '%.40s' is not in canonical form (%s)",
			    kinds[want], t, canon);
	*out = id;
	return CATAN_OK;
}

static int
get_phase(struct loader *ld, const char *t, uint8_t *out)
{
	uint64_t v;

	for (int ph = 0; ph < 256; ph++) {
		const char *name = catan_state_phase_name(ld->s, ph);

		if (strcmp(name, "unknown") != 0 && strcmp(name, t) == 0) {
			*out = (uint8_t)ph;
			return CATAN_OK;
		}
	}
	/* A variant phase without a name is written as its number. */
	if (parse_dec(t, 255, &v) &&
	    v >= CATAN_PHASE_VARIANT_BASE &&
	    strcmp(catan_state_phase_name(ld->s, (int)v), "unknown") == 0) {
		*out = (uint8_t)v;
		return CATAN_OK;
	}
	return fail(ld, "unknown phase '%.40s'", t);
}

static int
get_flags(struct loader *ld, const char *t, uint8_t *out)
{
	char item[32];
	const char *p = t;
	uint8_t flags = 0;

	if (strcmp(t, "none") == 0) {
		*out = 0;
		return CATAN_OK;
	}
	while (*p) {
		size_t k = strcspn(p, ",");
		uint8_t bit = 0;

		if (k == 0 || k >= sizeof(item))
			return fail(ld, "bad flag list '%.60s'", t);
		memcpy(item, p, k);
		item[k] = '\0';
		for (size_t i = 0; i < ARRAY_LEN(catan_text__flags); i++)
			if (strcmp(item, catan_text__flags[i].name) == 0)
				bit = catan_text__flags[i].bit;
		if (!bit)
			return fail(ld, "unknown flag '%s'", item);
		/* in bit order, each once: one spelling per set */
		if (bit <= flags)
			return fail(ld, "flag '%s' repeated or out of order", item);
		flags |= bit;
		p += k;
		if (*p == ',' && !*++p)
			return fail(ld, "bad flag list '%.60s'", t);
	}
	*out = flags;
	return CATAN_OK;
}

static int
expect_fields(struct loader *ld, int n)
{
	if (ld->ntok != n)
		return fail(ld, "'%s' takes %d value%s, found %d", ld->tok[0],
			    n - 1, n == 2 ? "" : "s", ld->ntok - 1);
	return CATAN_OK;
}

static int
read_key(struct loader *ld, enum key k)
{
	const catan_game *g = ld->g;
	struct core_state *c = st_core(ld->s);
	unsigned u = 0, id = 0;
	uint64_t v;
	int rc;

	if (k == K_RNG) {
		if ((rc = expect_fields(ld, 3)))
			return rc;
		if (!parse_hex64(ld->tok[1], &c->rng.state) ||
		    !parse_hex64(ld->tok[2], &c->rng.inc))
			return fail(ld, "rng needs two numbers of 16 lower-case hex digits");
		return CATAN_OK;
	}
	if ((rc = expect_fields(ld, 2)))
		return rc;
	const char *t = ld->tok[1];

	switch (k) {
	case K_MOVE_NUMBER:
		if (!parse_dec(t, UINT32_MAX, &v))
			return fail(ld, "bad move number '%.40s'", t);
		c->move_number = (uint32_t)v;
		return CATAN_OK;
	case K_TURN:
		rc = get_uint(ld, t, UINT16_MAX, "turn", &u);
		c->turn = (uint16_t)u;
		return rc;
	case K_PHASE:
		return get_phase(ld, t, &c->phase);
	case K_RETURN_PHASE:
		return get_phase(ld, t, &c->return_phase);
	case K_CHANCE:
		for (size_t i = 0; i < ARRAY_LEN(catan_text__chances); i++) {
			if (catan_text__chances[i] &&
			    strcmp(catan_text__chances[i], t) == 0) {
				c->chance = (uint8_t)i;
				return CATAN_OK;
			}
		}
		if (parse_dec(t, 255, &v) && v >= CHANCE_VARIANT_BASE) {
			c->chance = (uint8_t)v;
			return CATAN_OK;
		}
		return fail(ld, "unknown chance event '%.40s'", t);
	case K_CURRENT:
		return get_player(ld, t, true, "current player", &c->current);
	case K_FIRST_PLAYER:
		return get_player(ld, t, true, "first player", &c->first_player);
	case K_VICTIM:
		return get_player(ld, t, true, "victim", &c->victim);
	case K_LONGEST_ROAD:
		return get_player(ld, t, true, "Longest Road holder", &c->longest_holder);
	case K_LARGEST_ARMY:
		return get_player(ld, t, true, "Largest Army holder", &c->army_holder);
	case K_WINNER:
		return get_player(ld, t, true, "winner", &c->winner);
	case K_SETUP_STEP:
		rc = get_uint(ld, t, 2u * g->num_players, "set-up step", &u);
		c->setup_step = (uint8_t)u;
		return rc;
	case K_SETUP_VERTEX:
		if (strcmp(t, "none") == 0) {
			c->setup_vertex = BOARD_NONE;
			return CATAN_OK;
		}
		rc = get_location(ld, t, CATAN_LOC_VERTEX, &id);
		c->setup_vertex = (uint16_t)id;
		return rc;
	case K_DICE:
		rc = get_uint(ld, t, 12, "dice total", &u);
		if (rc == CATAN_OK && u == 1)
			return fail(ld, "bad dice total 1 (expected 0 or 2..12)");
		c->dice = (uint8_t)u;
		return rc;
	case K_FLAGS:
		return get_flags(ld, t, &c->flags);
	case K_ROAD_BUILDING_LEFT:
		rc = get_uint(ld, t, 2, "road count", &u);
		c->road_building_left = (uint8_t)u;
		return rc;
	case K_ROBBER:
		/* "none": off the board, in games whose robber may be there */
		if (ld->g->robber_off_board && strcmp(t, "none") == 0) {
			c->robber_hex = (uint16_t)BOARD_NONE;
			return CATAN_OK;
		}
		rc = get_location(ld, t, CATAN_LOC_HEX, &id);
		c->robber_hex = (uint16_t)id;
		return rc;
	case K_BANK:
		return get_vec(ld, t, c->bank, CATAN_MAX_CARD_KINDS, "bank");
	case K_DEV_DECK:
		return get_vec(ld, t, c->dev_deck, CATAN_MAX_DEV_KINDS, "dev_deck");
	case K_DEV_BOUGHT:
		return get_vec(ld, t, c->dev_bought, CATAN_MAX_DEV_KINDS, "dev_bought");
	case K_OFFER_GIVE:
		return get_vec(ld, t, c->offer_give, CATAN_MAX_CARD_KINDS, "offer_give");
	case K_OFFER_GET:
		return get_vec(ld, t, c->offer_get, CATAN_MAX_CARD_KINDS, "offer_get");
	default:
		return fail(ld, "internal: unhandled key");
	}
}

/* player <i> hand V dev V knights N roads N settlements N cities N
 * road_length N discard_owed N response R counter_give V counter_get V */
static int
read_player(struct loader *ld, uint32_t *seen)
{
	static const char *const fields[] = {
		"hand", "dev", "knights", "roads", "settlements", "cities",
		"road_length", "discard_owed", "response", "counter_give",
		"counter_get",
	};
	const catan_game *g = ld->g;
	struct player_state *ps;
	unsigned u = 0;
	int rc;

	if (ld->ntok != 2 + 2 * (int)ARRAY_LEN(fields))
		return fail(ld, "a player line has %zu fields after the index",
			    ARRAY_LEN(fields));
	if ((rc = get_uint(ld, ld->tok[1], 255, "player index", &u)))
		return rc;
	if (u >= (unsigned)catan_game__owners(g))
		return fail(ld, "no player %u in a %u-player game", u,
			    (unsigned)catan_game__owners(g));
	if (*seen & (1u << u))
		return fail(ld, "player %u given twice", u);
	*seen |= 1u << u;
	ld->player_line[u] = ld->line_no;
	ps = st_player(ld->s, (int)u);
	for (size_t i = 0; i < ARRAY_LEN(fields); i++)
		if (strcmp(ld->tok[2 + 2 * i], fields[i]) != 0)
			return fail(ld, "expected '%s' as field %zu of a player line, found '%.40s'",
				    fields[i], i + 1, ld->tok[2 + 2 * i]);

	if ((rc = get_vec(ld, ld->tok[3], ps->hand, CATAN_MAX_CARD_KINDS, "hand")) ||
	    (rc = get_vec(ld, ld->tok[5], ps->dev, CATAN_MAX_DEV_KINDS, "dev")))
		return rc;
	if ((rc = get_uint(ld, ld->tok[7], 255, "knights", &u)))
		return rc;
	ps->knights = (uint8_t)u;
	if ((rc = get_uint(ld, ld->tok[9], g->pieces[CATAN_PIECE_ROAD], "roads left", &u)))
		return rc;
	ps->roads_left = (uint8_t)u;
	if ((rc = get_uint(ld, ld->tok[11], g->pieces[CATAN_PIECE_SETTLEMENT],
			   "settlements left", &u)))
		return rc;
	ps->settlements_left = (uint8_t)u;
	if ((rc = get_uint(ld, ld->tok[13], g->pieces[CATAN_PIECE_CITY], "cities left", &u)))
		return rc;
	ps->cities_left = (uint8_t)u;
	if ((rc = get_uint(ld, ld->tok[15], 255, "road length", &u)))
		return rc;
	ps->road_length = (uint8_t)u;
	if ((rc = get_uint(ld, ld->tok[17], 255, "discard owed", &u)))
		return rc;
	ps->discard_owed = (uint8_t)u;
	for (u = 0; u < ARRAY_LEN(catan_text__responses); u++)
		if (strcmp(ld->tok[19], catan_text__responses[u]) == 0)
			break;
	if (u == ARRAY_LEN(catan_text__responses))
		return fail(ld, "unknown trade response '%.40s'", ld->tok[19]);
	ps->response = (uint8_t)u;
	if ((rc = get_vec(ld, ld->tok[21], ps->counter_give, CATAN_MAX_CARD_KINDS,
			  "counter_give")) ||
	    (rc = get_vec(ld, ld->tok[23], ps->counter_get, CATAN_MAX_CARD_KINDS,
			  "counter_get")))
		return rc;
	ps->hand_total = 0;
	for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++) {
		if (ps->hand_total + ps->hand[k] > 255)
			return fail(ld, "more than 255 cards in hand");
		ps->hand_total = (uint8_t)(ps->hand_total + ps->hand[k]);
	}
	return CATAN_OK;
}

/* vertex <intersection> settlement|city p<i> */
static int
read_vertex(struct loader *ld)
{
	unsigned id = 0;
	int8_t owner = 0;
	int kind, rc;

	if ((rc = expect_fields(ld, 4)))
		return rc;
	if ((rc = get_location(ld, ld->tok[1], CATAN_LOC_VERTEX, &id)))
		return rc;
	if (strcmp(ld->tok[2], "settlement") == 0)
		kind = CATAN_PIECE_SETTLEMENT;
	else if (strcmp(ld->tok[2], "city") == 0)
		kind = CATAN_PIECE_CITY;
	else
		return fail(ld, "unknown building '%.40s'", ld->tok[2]);
	if ((rc = get_player(ld, ld->tok[3], false, "owner", &owner)))
		return rc;
	if (st_vert(ld->s)[id])
		return fail(ld, "intersection %s given twice", ld->tok[1]);
	st_vert(ld->s)[id] = PIECE_BYTE(owner, kind);
	return CATAN_OK;
}

/* road <edge> p<i> */
static int
read_road(struct loader *ld)
{
	unsigned id = 0;
	int8_t owner = 0;
	int rc;

	if ((rc = expect_fields(ld, 3)))
		return rc;
	if ((rc = get_location(ld, ld->tok[1], CATAN_LOC_EDGE, &id)))
		return rc;
	if ((rc = get_player(ld, ld->tok[2], false, "owner", &owner)))
		return rc;
	if (st_edge(ld->s)[id] && PIECE_KIND(st_edge(ld->s)[id]) == EDGE_KIND_NETWORK)
		return fail(ld, "edge %s: a road-like piece lies there", ld->tok[1]);
	if (st_edge(ld->s)[id])
		return fail(ld, "edge %s given twice", ld->tok[1]);
	st_edge(ld->s)[id] = PIECE_BYTE(owner, EDGE_KIND_ROAD);
	return CATAN_OK;
}

static int
hex_digit(char ch)
{
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	if (ch >= 'a' && ch <= 'f')
		return ch - 'a' + 10;
	return -1;
}

/* Module slices up to this size are checked against the position. */
#define SLICE_CHECK_MAX 4096

/* slice <variant or module> <hex bytes>; seen bit 0 = variant, 1+m = module m */
static int
read_slice(struct loader *ld, uint32_t *seen)
{
	const catan_game *g = ld->g;
	unsigned char *dst = NULL;
	size_t size = 0;
	unsigned which = 0;
	const char *hex;
	int rc;

	if ((rc = expect_fields(ld, 3)))
		return rc;
	if (g->variant_size && strcmp(ld->tok[1], g->variant->name) == 0) {
		dst = ld->s->data + g->off_variant;
		size = g->variant_size;
		which = 0;
	}
	for (unsigned m = 0; !dst && m < g->nmodules; m++) {
		const struct game_module *gm = &g->modules[m];

		if (gm->ops->state_size && strcmp(ld->tok[1], gm->ops->name) == 0) {
			dst = ld->s->data + gm->slice_offset;
			size = gm->ops->state_size;
			which = m + 1;
		}
	}
	if (!dst)
		return fail(ld, "this game has no state slice '%.40s'", ld->tok[1]);
	if (*seen & (1u << which))
		return fail(ld, "slice '%s' given twice", ld->tok[1]);
	*seen |= 1u << which;
	hex = ld->tok[2];
	if (strlen(hex) != 2 * size)
		return fail(ld, "slice '%s' needs %zu bytes", ld->tok[1], size);
	for (size_t i = 0; i < size; i++) {
		int hi = hex_digit(hex[2 * i]), lo = hex_digit(hex[2 * i + 1]);

		if (hi < 0 || lo < 0)
			return fail(ld, "bad hex digit in slice '%s'", ld->tok[1]);
		dst[i] = (unsigned char)(hi << 4 | lo);
	}
	return CATAN_OK;
}

static uint32_t
slices_expected(const catan_game *g)
{
	uint32_t mask = g->variant_size ? 1u : 0u;

	for (unsigned m = 0; m < g->nmodules; m++)
		if (g->modules[m].ops->state_size)
			mask |= 1u << (m + 1);
	return mask;
}

/* ------------------------------------------------------------- loading */

/*
 * Modules derive their slices from the position (sys/module.h: refresh
 * leaves a consistent slice as it is), so a slice that refreshing would
 * change was not written by the library. The check runs on a scratch copy
 * of the slices so that a refused load changes nothing.
 */
static bool
slices_consistent(catan_state *s)
{
	const catan_game *g = s->game;
	unsigned char saved[SLICE_CHECK_MAX];
	size_t from, len;
	bool same;

	if (g->nmodules == 0)
		return true;
	from = g->modules[0].slice_offset;
	len = s->size - from;
	if (len > sizeof(saved))
		return true;
	memcpy(saved, s->data + from, len);
	catan_state__refresh(s);
	same = memcmp(saved, s->data + from, len) == 0;
	memcpy(s->data + from, saved, len);
	return same;
}

static int
load_snapshot(struct loader *ld)
{
	uint32_t seen_keys = 0, seen_players = 0, seen_slices = 0, seen_holdings = 0;
	uint32_t seen_contests = 0;
	uint32_t seen_pieces[CATAN_MAX_PIECE_KINDS] = { 0 };
	uint32_t all_players = (uint32_t)((UINT64_C(1) << catan_game__owners(ld->g)) - 1u);
	int rc;

	for (;;) {
		enum key k;

		rc = next_line(ld);
		if (rc < 0)
			return rc;
		if (rc == 0)
			return catan_load__fail_at(ld, ld->line_no, CATAN_EPARSE,
				       "the text ends before 'end' (truncated?)");
		if ((rc = tokenize(ld)))
			return rc;
		if (strcmp(ld->tok[0], "end") == 0) {
			if (ld->ntok != 1)
				return fail(ld, "'end' takes no value");
			ld->end_line = ld->line_no;
			break;
		}
		if (strcmp(ld->tok[0], "player") == 0) {
			if ((rc = read_player(ld, &seen_players)))
				return rc;
			continue;
		}
		if (strcmp(ld->tok[0], "vertex") == 0) {
			if ((rc = read_vertex(ld)))
				return rc;
			continue;
		}
		if (strcmp(ld->tok[0], "road") == 0) {
			if ((rc = read_road(ld)))
				return rc;
			continue;
		}
		if (strcmp(ld->tok[0], "slice") == 0) {
			if ((rc = read_slice(ld, &seen_slices)))
				return rc;
			continue;
		}
		if (strcmp(ld->tok[0], "holding") == 0) {
			char why[160];

			if (!catan_holdings__read(ld->s, ld->tok, ld->ntok, &seen_holdings,
						  why, sizeof(why)))
				return fail(ld, "%s", why);
			continue;
		}
		/* Number chips: a hex without a line has none. */
		if (strcmp(ld->tok[0], "chip") == 0) {
			char why[160];

			if (!catan_chips__read(ld->s, ld->tok, ld->ntok, why, sizeof(why)))
				return fail(ld, "%s", why);
			continue;
		}
		/* Award contests' holders: a line for each contest. */
		if (strcmp(ld->tok[0], "contest") == 0) {
			char why[160];
			uint32_t before = seen_contests;

			if (!catan_contests__read(ld->s, ld->tok, ld->ntok, &seen_contests, why,
						  sizeof(why)))
				return fail(ld, "%s", why);
			ld->contest_line[__builtin_ctz(seen_contests & ~before)] = ld->line_no;
			continue;
		}
		/* Pieces of declared kinds: an owner without a line has all
		 * of the kind in stock. */
		if (strcmp(ld->tok[0], "piece") == 0) {
			char why[160];

			if (!catan_pieces__read(ld->s, ld->tok, ld->ntok, seen_pieces, why,
						sizeof(why)))
				return fail(ld, "%s", why);
			continue;
		}
		for (k = 0; k < K_COUNT; k++)
			if (strcmp(ld->tok[0], key_names[k]) == 0)
				break;
		if (k == K_COUNT)
			return fail(ld, "unknown key '%.40s'", ld->tok[0]);
		if (seen_keys & (1u << k))
			return fail(ld, "'%s' given twice (first on line %u)",
				    key_names[k], ld->key_line[k]);
		seen_keys |= 1u << k;
		ld->key_line[k] = ld->line_no;
		if ((rc = read_key(ld, k)))
			return rc;
	}
	if (ld->pos != ld->len)
		return catan_load__fail_at(ld, ld->line_no + 1, CATAN_EPARSE, "text after 'end'");
	for (int k = 0; k < K_COUNT; k++)
		if (!(seen_keys & (1u << k)))
			return catan_load__fail_at(ld, ld->end_line, CATAN_EPARSE, "missing '%s'",
				       key_names[k]);
	if (seen_players != all_players) {
		for (int p = 0; p < catan_game__owners(ld->g); p++)
			if (!(seen_players & (1u << p)))
				return catan_load__fail_at(ld, ld->end_line, CATAN_EPARSE,
					       "missing 'player %d'", p);
	}
	if (seen_slices != slices_expected(ld->g))
		return catan_load__fail_at(ld, ld->end_line, CATAN_EPARSE, "missing state slice");
	if (seen_holdings != (uint32_t)((UINT64_C(1) << ld->g->nholdings) - 1u))
		return catan_load__fail_at(ld, ld->end_line, CATAN_EPARSE, "missing 'holding' line");
	if (seen_contests != (uint32_t)((UINT64_C(1) << ld->g->ncontests) - 1u))
		return catan_load__fail_at(ld, ld->end_line, CATAN_EPARSE, "missing 'contest' line");
	if (!slices_consistent(ld->s))
		return catan_load__fail_at(ld, ld->end_line, CATAN_EPARSE,
			       "a module's state slice does not match the position");
	catan_state__refresh(ld->s);
	return catan_load__validate(ld);
}

static int
load_history(struct loader *ld)
{
	int rc;

	for (;;) {
		catan_action a = CATAN_ACTION_INIT;

		rc = next_line(ld);
		if (rc < 0)
			return rc;
		if (rc == 0)
			return catan_load__fail_at(ld, ld->line_no, CATAN_EPARSE,
				       "the text ends before 'end' (truncated?)");
		if (strcmp(ld->line, "end") == 0)
			break;
		if ((rc = tokenize(ld)))
			return rc;
		/* tokenize() split the line; put the spaces back */
		for (int i = 1; i < ld->ntok; i++)
			ld->tok[i][-1] = ' ';
		rc = catan_action_parse(ld->s, ld->line, &a);
		if (rc != CATAN_OK)
			return fail(ld, "%s", catan_state_errmsg(ld->s));
		rc = catan_state_apply(ld->s, &a);
		if (rc != CATAN_OK)
			return fail(ld, "%s", catan_state_errmsg(ld->s));
	}
	if (ld->pos != ld->len)
		return catan_load__fail_at(ld, ld->line_no + 1, CATAN_EPARSE, "text after 'end'");
	return CATAN_OK;
}

/* "catanrules-snapshot 1" or "catanrules-history 1" */
static int
read_header(struct loader *ld, bool *history)
{
	uint64_t version;
	int rc = next_line(ld);

	if (rc == 0)
		return catan_load__fail_at(ld, 1, CATAN_EPARSE, "empty text");
	if (rc < 0)
		return rc;
	if ((rc = tokenize(ld)))
		return rc;
	if (ld->ntok != 2 || (strcmp(ld->tok[0], SNAPSHOT_MAGIC) != 0 &&
			      strcmp(ld->tok[0], HISTORY_MAGIC) != 0))
		return fail(ld, "not a catanrules snapshot or history");
	*history = strcmp(ld->tok[0], HISTORY_MAGIC) == 0;
	if (!parse_dec(ld->tok[1], UINT32_MAX, &version))
		return fail(ld, "bad format version '%.40s'", ld->tok[1]);
	if (version != FORMAT_VERSION)
		return catan_load__fail_at(ld, ld->line_no, CATAN_EVERSION,
			       "format version %" PRIu64 " is not supported (this library reads %d)",
			       version, FORMAT_VERSION);
	return CATAN_OK;
}

static int
read_game(struct loader *ld)
{
	char msg[CATAN_ERRMSG_SIZE];
	int rc = next_line(ld);

	if (rc == 0)
		return catan_load__fail_at(ld, ld->line_no + 1, CATAN_EPARSE,
			       "the text ends before the game line");
	if (rc < 0)
		return rc;
	if (strncmp(ld->line, "game ", 5) != 0 || ld->line[5] == '\0')
		return fail(ld, "expected 'game <game string>'");
	rc = catan_game_new_from_string(&ld->g, ld->ctx, ld->line + 5);
	if (rc != CATAN_OK) {
		ld->g = NULL;
		snprintf(msg, sizeof(msg), "%s", catan_ctx_errmsg(ld->ctx));
		if (rc != CATAN_ENOTFOUND && rc != CATAN_ENOMEM)
			rc = CATAN_EPARSE;
		return catan_load__fail_at(ld, ld->line_no, rc, "bad game string: %s", msg);
	}
	rc = catan_state_new(&ld->s, ld->g);
	if (rc != CATAN_OK) {
		ld->s = NULL;
		return catan_load__fail_at(ld, ld->line_no, rc, "cannot create the initial state");
	}
	return CATAN_OK;
}

int
catan_load(catan_game **game_out, catan_state **state_out, catan_ctx *ctx,
	   const char *text, size_t len)
{
	struct loader *ld;
	bool history = false;
	int rc;

	if (!game_out || !state_out || !ctx)
		return CATAN_EINVAL;
	/* No text is a bad argument even with a length of 0: an empty text
	 * is "" and fails as a text that ends before its header. */
	if (!text) {
		catan__ctx_seterr(ctx, "no text (NULL)");
		return CATAN_EINVAL;
	}
	/* The line buffer is too large for the stack of small threads. */
	ld = catan__calloc(ctx, sizeof(*ld));
	if (!ld) {
		catan__ctx_seterr(ctx, "out of memory");
		return CATAN_ENOMEM;
	}
	ld->ctx = ctx;
	ld->text = text;
	ld->len = len;

	rc = read_header(ld, &history);
	if (rc == CATAN_OK)
		rc = read_game(ld);
	if (rc == CATAN_OK) {
		if (history) {
			rc = load_history(ld);
		} else {
			struct core_state *c = st_core(ld->s);

			/* Everything comes from the text; padding stays zero. */
			memset(ld->s->data, 0, ld->s->size);
			c->num_players = ld->g->num_players;
			/* Declared pieces without a line are in stock. */
			catan_state__pieces_init(ld->s);
			rc = load_snapshot(ld);
		}
	}
	if (rc == CATAN_OK) {
		*game_out = ld->g;
		*state_out = ld->s;
	} else {
		catan_state_free(ld->s);
		catan_game_unref(ld->g);
	}
	catan__free(ctx, ld, sizeof(*ld));
	return rc;
}
