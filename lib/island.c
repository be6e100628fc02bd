/*
 * libcatanrules: the standard 19-hex island: beginner layout and random set-up.
 * SPDX-License-Identifier: MIT
 */

#include <stdio.h>
#include <string.h>

#include "catan-private.h"

/* Rows r = -2..2 of 3-4-5-4-3 hexes, q from max(-2, -2-r) to min(2, 2-r). */
const int8_t catan_island__coords[ISLAND_HEXES][2] = {
	{ 0, -2 }, { 1, -2 }, { 2, -2 },
	{ -1, -1 }, { 0, -1 }, { 1, -1 }, { 2, -1 },
	{ -2, 0 }, { -1, 0 }, { 0, 0 }, { 1, 0 }, { 2, 0 },
	{ -2, 1 }, { -1, 1 }, { 0, 1 }, { 1, 1 },
	{ -2, 2 }, { -1, 2 }, { 0, 2 },
};

/*
 * FACTS 1.3, clockwise from the top-left: the coastal side of the land hex
 * each harbor faces (sides 0..5 = n-ne, ne-se, se-s, s-sw, sw-nw, nw-n).
 * These are the nine places of the standard frame whatever the layout.
 */
const uint8_t catan_island__harbor_slots[ISLAND_HARBORS][2] = {
	{ 0, 5 },	/* R1C1 north-west */
	{ 1, 0 },	/* R1C2 north-east */
	{ 6, 0 },	/* R2C4 north-east */
	{ 11, 1 },	/* R3C5 east */
	{ 15, 2 },	/* R4C4 south-east */
	{ 17, 2 },	/* R5C2 south-east */
	{ 16, 3 },	/* R5C1 south-west */
	{ 12, 4 },	/* R4C1 west (B1: not R3C1) */
	{ 3, 4 },	/* R2C1 west */
};

#define D CATAN_TERRAIN_DESERT
#define F CATAN_TERRAIN_FOREST
#define H CATAN_TERRAIN_HILLS
#define P CATAN_TERRAIN_PASTURE
#define A CATAN_TERRAIN_FIELDS
#define M CATAN_TERRAIN_MOUNTAINS

/* FACTS 1.2, row by row. */
static const uint8_t beginner_terrain[ISLAND_HEXES] = {
	M, P, F,
	A, H, P, H,
	A, F, D, F, M,
	F, M, A, P,
	H, A, P,
};
static const uint8_t beginner_number[ISLAND_HEXES] = {
	10, 2, 9,
	12, 6, 4, 10,
	9, 11, 0, 3, 8,
	8, 3, 4, 5,
	5, 6, 11,
};

/* FACTS 1.6: the terrain hexes in the box. */
static const uint8_t box_terrain[ISLAND_HEXES] = {
	F, F, F, F, P, P, P, P, A, A, A, A, H, H, H, M, M, M, D,
};

#undef D
#undef F
#undef H
#undef P
#undef A
#undef M

#define G CATAN_HARBOR_GENERIC

/* FACTS 1.3 in slot order. */
static const uint8_t beginner_harbor[ISLAND_HARBORS] = {
	G, CATAN_GRAIN, CATAN_ORE, G, CATAN_WOOL, G, G, CATAN_BRICK,
	CATAN_LUMBER,
};

/* The harbor tiles in the box: four 3:1 and one 2:1 per resource. */
static const uint8_t box_harbor[ISLAND_HARBORS] = {
	G, G, G, G, CATAN_LUMBER, CATAN_BRICK, CATAN_WOOL, CATAN_GRAIN,
	CATAN_ORE,
};

#undef G

/* FACTS 1.6: the 18 number tokens. */
static const uint8_t box_tokens[ISLAND_HEXES - 1] = {
	2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12,
};

/* FACTS 1.5: the tokens in letter order A..R. */
static const uint8_t spiral_tokens[ISLAND_HEXES - 1] = {
	5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11,
};

/*
 * The rings counterclockwise (as seen on the table: from the top-left corner
 * down the left side). Outer corners sit at even positions 0, 2, .., 10; the
 * middle-ring hex at position k touches outer corner k, so a spiral started
 * at corner k continues inward next to where it began.
 */
static const uint8_t outer_ring[12] = {
	0, 3, 7, 12, 16, 17, 18, 15, 11, 6, 2, 1,
};
static const uint8_t middle_ring[6] = { 4, 8, 13, 14, 10, 5 };
#define ISLAND_CENTRE 9

void
catan_island__shuffle(uint8_t *items, unsigned n, struct catan_rng *rng)
{
	/* Fisher-Yates, from the end: the order of draws is part of the
	 * seed -> board contract */
	for (unsigned i = n; i > 1; i--) {
		unsigned j = catan_rng__below(rng, i);
		uint8_t tmp = items[i - 1];

		items[i - 1] = items[j];
		items[j] = tmp;
	}
}

static bool
island_adjacent(unsigned a, unsigned b)
{
	int dq = catan_island__coords[b][0] - catan_island__coords[a][0];
	int dr = catan_island__coords[b][1] - catan_island__coords[a][1];

	/* the six axial directions: |dq|, |dr|, |dq + dr| all at most 1 */
	return (dq != 0 || dr != 0) &&
	       dq >= -1 && dq <= 1 && dr >= -1 && dr <= 1 &&
	       dq + dr >= -1 && dq + dr <= 1;
}

/* No two red numbers (6, 8) on hexes that share a side; else the first
 * such pair in *pa < *pb (when given). */
bool
catan_island__reds_apart(const struct board_hex_spec hexes[ISLAND_HEXES], unsigned *pa,
			 unsigned *pb)
{
	for (unsigned a = 0; a < ISLAND_HEXES; a++) {
		if (hexes[a].number != 6 && hexes[a].number != 8)
			continue;
		for (unsigned b = a + 1; b < ISLAND_HEXES; b++) {
			if ((hexes[b].number == 6 || hexes[b].number == 8) &&
			    island_adjacent(a, b)) {
				if (pa && pb) {
					*pa = a;
					*pb = b;
				}
				return false;
			}
		}
	}
	return true;
}

/* The island's hexes have the terrain's yield, one number and no area:
 * the spec's other fields are zero. */
static void
place_coords(struct board_hex_spec hexes[ISLAND_HEXES])
{
	memset(hexes, 0, ISLAND_HEXES * sizeof(*hexes));
	for (unsigned i = 0; i < ISLAND_HEXES; i++) {
		hexes[i].q = catan_island__coords[i][0];
		hexes[i].r = catan_island__coords[i][1];
	}
}

static void
place_harbors(struct board_harbor_spec harbors[ISLAND_HARBORS],
	      const uint8_t kinds[ISLAND_HARBORS])
{
	/* Whole specs, padding included: callers compare them as bytes. */
	memset(harbors, 0, ISLAND_HARBORS * sizeof(*harbors));
	for (unsigned i = 0; i < ISLAND_HARBORS; i++) {
		harbors[i].hex = catan_island__harbor_slots[i][0];
		harbors[i].side = catan_island__harbor_slots[i][1];
		harbors[i].resource = kinds[i];
		harbors[i].ratio = kinds[i] == CATAN_HARBOR_GENERIC ? 3 : 2;
	}
}

void
catan_island__beginner(struct board_hex_spec hexes[ISLAND_HEXES],
		       struct board_harbor_spec harbors[ISLAND_HARBORS])
{
	place_coords(hexes);
	for (unsigned i = 0; i < ISLAND_HEXES; i++) {
		hexes[i].terrain = beginner_terrain[i];
		hexes[i].number = beginner_number[i];
	}
	place_harbors(harbors, beginner_harbor);
}

/* Tokens in order on every non-desert hex, hexes in id order. */
static void
deal_tokens(struct board_hex_spec hexes[ISLAND_HEXES],
	    const uint8_t tokens[ISLAND_HEXES - 1])
{
	unsigned t = 0;

	for (unsigned i = 0; i < ISLAND_HEXES; i++) {
		if (hexes[i].terrain == CATAN_TERRAIN_DESERT)
			hexes[i].number = 0;
		else if (t < ISLAND_HEXES - 1)
			hexes[i].number = tokens[t++];
	}
}

/*
 * B1 numbers=spiral: tokens A..R counterclockwise from a corner of the
 * outer ring, then the middle ring, then the centre, skipping the desert.
 * This is the book's variable set-up, which does not check red numbers:
 * it needs no check, as the A..R order keeps the 6s and 8s apart wherever
 * the desert lies (test_04_given_board_is_laid_as_written lays spiral
 * boards again as given boards, which refuse red numbers side by side).
 */
void
catan_island__spiral(unsigned corner, uint8_t path[ISLAND_HEXES], uint8_t tokens[ISLAND_HEXES - 1])
{
	unsigned n = 0;

	for (unsigned i = 0; i < 12; i++)
		path[n++] = outer_ring[(2 * corner + i) % 12];
	for (unsigned i = 0; i < 6; i++)
		path[n++] = middle_ring[(corner + i) % 6];
	path[n++] = ISLAND_CENTRE;
	memcpy(tokens, spiral_tokens, sizeof(spiral_tokens));
}

static void
deal_spiral(struct board_hex_spec hexes[ISLAND_HEXES], struct catan_rng *rng)
{
	uint8_t path[ISLAND_HEXES], tokens[ISLAND_HEXES - 1];
	unsigned n = ISLAND_HEXES, t = 0;

	catan_island__spiral(catan_rng__below(rng, 6), path, tokens);
	for (unsigned i = 0; i < n; i++) {
		struct board_hex_spec *h = &hexes[path[i]];

		if (h->terrain == CATAN_TERRAIN_DESERT)
			h->number = 0;
		else if (t < ARRAY_LEN(spiral_tokens))
			h->number = tokens[t++];
	}
}

/*
 * B1 board=random. Draw order (part of the seed contract): terrain shuffle,
 * harbor shuffle, then the numbers: for numbers=random a token shuffle,
 * repeated until no two red numbers (6, 8) share a side; for spiral one
 * draw of the starting corner.
 */
void
catan_island__random(struct board_hex_spec hexes[ISLAND_HEXES],
		     struct board_harbor_spec harbors[ISLAND_HARBORS],
		     struct catan_rng *rng, bool spiral)
{
	uint8_t terrain[ISLAND_HEXES];
	uint8_t kinds[ISLAND_HARBORS];

	memcpy(terrain, box_terrain, sizeof(terrain));
	catan_island__shuffle(terrain, ISLAND_HEXES, rng);
	place_coords(hexes);
	for (unsigned i = 0; i < ISLAND_HEXES; i++) {
		hexes[i].terrain = terrain[i];
		hexes[i].number = 0;
	}

	memcpy(kinds, box_harbor, sizeof(kinds));
	catan_island__shuffle(kinds, ISLAND_HARBORS, rng);
	place_harbors(harbors, kinds);

	if (spiral) {
		deal_spiral(hexes, rng);
		return;
	}

	/*
	 * Rejection keeps every valid layout equally likely. Valid layouts
	 * exist for every desert position and about one shuffle in seven
	 * is valid, so this ends after a handful of rounds.
	 */
	for (;;) {
		uint8_t tokens[ISLAND_HEXES - 1];

		memcpy(tokens, box_tokens, sizeof(tokens));
		catan_island__shuffle(tokens, ISLAND_HEXES - 1, rng);
		deal_tokens(hexes, tokens);
		if (catan_island__reds_apart(hexes, NULL, NULL))
			break;
	}
}

/*
 * Board texts (base's board=given): a tile is named by what it yields,
 * L B W G O for forest, hills, pasture, fields and mountains, followed by
 * its number; D is the desert. A harbor is 3 (3:1) or the letter of its
 * 2:1 resource. Items are joined by '.', in hex id order and in harbor
 * slot order. One spelling per board, so the game string stays canonical.
 */
static const char terrain_letters[] = "DLBWGO";   /* by catan_terrain */
static const char resource_letters[] = "LBWGO";   /* by catan_resource */

/* The next '.'-separated item of *text; false past the end. */
static bool
next_item(const char **text, const char **item, size_t *len)
{
	const char *s = *text, *dot;

	if (!s)
		return false;
	dot = strchr(s, '.');
	*item = s;
	*len = dot ? (size_t)(dot - s) : strlen(s);
	*text = dot ? dot + 1 : NULL;
	return true;
}

static int
letter_index(const char *letters, char c)
{
	const char *at = c ? strchr(letters, c) : NULL;

	return at ? (int)(at - letters) : -1;
}

/* Item @n (0-based) is empty: two '.' in a row, or one at an end. */
static void
empty_item(char *why, size_t cap, unsigned n)
{
	snprintf(why, cap, "item %u is empty (a '.' too many)", n + 1);
}

/* "2".."12" without a leading zero, not 7; 0 otherwise. */
static unsigned
token_number(const char *s, size_t len)
{
	unsigned n = 0;

	if (len < 1 || len > 2 || s[0] == '0')
		return 0;
	for (size_t i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return 0;
		n = n * 10u + (unsigned)(s[i] - '0');
	}
	return n >= 2 && n <= 12 && n != 7 ? n : 0;
}

/* Sorted copy of the numbers, to compare with the box's tokens. */
static bool
tokens_are_the_box(const struct board_hex_spec hexes[ISLAND_HEXES])
{
	unsigned count[13] = { 0 }, want[13] = { 0 };

	for (unsigned i = 0; i < ISLAND_HEXES; i++)
		count[hexes[i].number]++;
	for (unsigned i = 0; i < ARRAY_LEN(box_tokens); i++)
		want[box_tokens[i]]++;
	return memcmp(count + 2, want + 2, sizeof(count) - 2 * sizeof(count[0])) == 0;
}

static bool
terrain_is_the_box(const struct board_hex_spec hexes[ISLAND_HEXES])
{
	unsigned count[6] = { 0 }, want[6] = { 0 };

	for (unsigned i = 0; i < ISLAND_HEXES; i++) {
		count[hexes[i].terrain]++;
		want[box_terrain[i]]++;
	}
	return memcmp(count, want, sizeof(count)) == 0;
}

bool
catan_island__parse_tiles(const char *text, struct board_hex_spec hexes[ISLAND_HEXES],
			  char *why, size_t cap)
{
	const char *item;
	size_t len;
	unsigned n = 0;

	place_coords(hexes);
	while (next_item(&text, &item, &len)) {
		int terrain = len ? letter_index(terrain_letters, item[0]) : -1;
		unsigned number = len > 1 ? token_number(item + 1, len - 1) : 0;

		if (len == 0) {
			empty_item(why, cap, n);
			return false;
		}
		if (n == ISLAND_HEXES) {
			snprintf(why, cap, "more than %d tiles", ISLAND_HEXES);
			return false;
		}
		if (terrain < 0 || (terrain == CATAN_TERRAIN_DESERT) != (len == 1) ||
		    (terrain != CATAN_TERRAIN_DESERT && number == 0)) {
			snprintf(why, cap, "tile h%u '%.*s%s' is not a tile", n,
				 len > 8 ? 8 : (int)len, item, len > 8 ? "..." : "");
			return false;
		}
		hexes[n].terrain = (uint8_t)terrain;
		hexes[n].number = (uint8_t)number;
		n++;
	}
	if (n != ISLAND_HEXES) {
		snprintf(why, cap, "%u of the %d tiles", n, ISLAND_HEXES);
		return false;
	}
	/* base-game.txt 02 and 04: the box's 19 terrains and 18 numbers,
	 * "Two red numbers, 6 or 8, must never be on tiles nearby by one
	 * side". */
	if (!terrain_is_the_box(hexes)) {
		snprintf(why, cap, "not the box's terrains (4 L, 4 W, 4 G, 3 B, 3 O, 1 D)");
		return false;
	}
	if (!tokens_are_the_box(hexes)) {
		snprintf(why, cap, "not the box's 18 numbers (2, 12 and two of each other)");
		return false;
	}
	{
		unsigned a, b;

		if (!catan_island__reds_apart(hexes, &a, &b)) {
			snprintf(why, cap, "red numbers side by side on h%u and h%u", a, b);
			return false;
		}
	}
	return true;
}

bool
catan_island__parse_harbors(const char *text, struct board_harbor_spec harbors[ISLAND_HARBORS],
			    char *why, size_t cap)
{
	uint8_t kinds[ISLAND_HARBORS];
	unsigned count[CATAN_NUM_RESOURCES + 1] = { 0 };
	const char *item;
	size_t len;
	unsigned n = 0;

	while (next_item(&text, &item, &len)) {
		int kind = len == 1 ? letter_index(resource_letters, item[0]) : -1;

		if (len == 0) {
			empty_item(why, cap, n);
			return false;
		}
		if (n == ISLAND_HARBORS) {
			snprintf(why, cap, "more than %d harbors", ISLAND_HARBORS);
			return false;
		}
		if (len == 1 && item[0] == '3')
			kind = CATAN_HARBOR_GENERIC;
		if (kind < 0) {
			snprintf(why, cap, "harbor %u '%.*s%s' is not a harbor", n,
				 len > 8 ? 8 : (int)len, item, len > 8 ? "..." : "");
			return false;
		}
		kinds[n++] = (uint8_t)kind;
		count[kind == CATAN_HARBOR_GENERIC ? CATAN_NUM_RESOURCES : kind]++;
	}
	if (n != ISLAND_HARBORS) {
		snprintf(why, cap, "%u of the %d harbors", n, ISLAND_HARBORS);
		return false;
	}
	/* base-game.txt 02: the box's nine harbors, four 3:1 and one 2:1 of
	 * each resource. */
	for (unsigned k = 0; k < CATAN_NUM_RESOURCES; k++)
		if (count[k] != 1) {
			snprintf(why, cap, "not the box's harbors (four 3, one of each letter)");
			return false;
		}
	place_harbors(harbors, kinds);
	return true;
}

static size_t format_layout(const struct board *b, char *buf, size_t cap);

/*
 * Only a board that base(board=given,...) accepts is written: the standard
 * frame, and (for a board a context gave, which need not be the box's)
 * contents the texts' parsers take back.
 */
size_t
catan_island__format(const struct board *b, char *buf, size_t cap)
{
	struct board_hex_spec hexes[ISLAND_HEXES];
	struct board_harbor_spec harbors[ISLAND_HARBORS];
	char text[192], why[96], *tiles, *ports;
	size_t len = format_layout(b, text, sizeof(text));

	if (len == 0 || len >= sizeof(text))
		return 0;
	tiles = strstr(text, "tiles=");
	ports = strstr(text, ",harbors=");
	if (!tiles || !ports)
		return 0;
	*ports = '\0';
	if (!catan_island__parse_tiles(tiles + strlen("tiles="), hexes, why, sizeof(why)) ||
	    !catan_island__parse_harbors(ports + strlen(",harbors="), harbors, why, sizeof(why)))
		return 0;
	return format_layout(b, buf, cap);
}

static size_t
format_layout(const struct board *b, char *buf, size_t cap)
{
	size_t len = 0;

	/* tiles= and harbors= say nothing of sites, plazas, glue or sections */
	if (b->nhex != ISLAND_HEXES || b->nharbor != ISLAND_HARBORS || b->nsite || b->nplaza)
		return 0;
	for (unsigned i = 0; i < ISLAND_HEXES; i++) {
		const struct board_hex *h = &b->hex[i];

		/* nor of a second number, a yield of the spec's or an area */
		if (h->q != catan_island__coords[i][0] || h->r != catan_island__coords[i][1] ||
		    h->terrain >= sizeof(terrain_letters) - 1 || h->more[0] || h->area ||
		    h->section || h->resource != catan_board__terrain_yield(h->terrain))
			return 0;
	}
	for (unsigned i = 0; i < ISLAND_HARBORS; i++) {
		const struct board_harbor *hb = &b->harbor[i];

		if (hb->hex != catan_island__harbor_slots[i][0] ||
		    hb->side != catan_island__harbor_slots[i][1] ||
		    (hb->resource != CATAN_HARBOR_GENERIC && hb->resource >= CATAN_NUM_RESOURCES))
			return 0;
	}
	/* snprintf() counts past the end of buf, so the length needed comes
	 * out whatever cap is */
#define PUT(...) \
	len += (size_t)snprintf(len < cap ? buf + len : NULL, len < cap ? cap - len : 0, __VA_ARGS__)
	PUT("board=given,tiles=");
	for (unsigned i = 0; i < ISLAND_HEXES; i++) {
		const struct board_hex *h = &b->hex[i];

		PUT("%s%c", i ? "." : "", terrain_letters[h->terrain]);
		if (h->number)
			PUT("%u", (unsigned)h->number);
	}
	PUT(",harbors=");
	for (unsigned i = 0; i < ISLAND_HARBORS; i++) {
		uint8_t k = b->harbor[i].resource;

		PUT("%s%c", i ? "." : "", k == CATAN_HARBOR_GENERIC ? '3' : resource_letters[k]);
	}
#undef PUT
	return len;
}

/* ----------------------------------------------------- the island's choice */

/*
 * A board the context gives (catan_ctx.board): the options that name the
 * standard island's layout do not apply to it, and the robber starts on
 * its desert ("Place the thief in the desert", base-game.txt set-up 3),
 * so it needs one.
 */
static int
build_given_board(catan_game *g, const struct island_choice *ch, const struct board_spec *given)
{
	char why[128];
	int rc;

	if (ch->board != ISLAND_RANDOM || ch->spiral || ch->fixed_setup) {
		catan__ctx_seterr(g->ctx, "board=beginner, board=given, numbers=spiral and "
				  "setup=beginner name the standard island: the context gives "
				  "another board");
		return CATAN_EINVAL;
	}
	rc = catan_board__build_spec(&g->board, g->ctx, given, why, sizeof(why));
	if (rc == CATAN_EINVAL)
		catan__ctx_seterr(g->ctx, "the context's board is not a valid board: %s", why);
	else if (rc == CATAN_OK && g->board.desert == BOARD_NONE) {
		catan__ctx_seterr(g->ctx, "the context's board has no desert for the robber to start on");
		rc = CATAN_EINVAL;
	}
	return rc;
}

/*
 * board=given: the host lays the box's tiles and harbors on the standard
 * frame itself, as a group does at the table (base-game.txt 04 "Building
 * a variable island"), and names them in tiles= and harbors=. Their texts
 * are read whenever given, so that a bad one is named even without
 * board=given.
 */
static int
read_board_texts(catan_game *g, const struct island_choice *ch,
		 struct board_hex_spec hexes[ISLAND_HEXES],
		 struct board_harbor_spec harbors[ISLAND_HARBORS])
{
	static const char *const names[] = { "tiles", "harbors" };
	static const char *const expected[] = {
		"19 tiles in hex order joined by '.', each L, B, W, G or O "
		"(what it yields) and its number, or D",
		"9 harbors in slot order joined by '.', each 3 (3:1) or L, B, W, G or O (2:1)",
	};
	char why[96];

	for (int i = 0; i < 2; i++) {
		const char *text = i ? ch->harbors : ch->tiles;
		bool ok;

		if (!text)
			continue;
		ok = i ? catan_island__parse_harbors(text, harbors, why, sizeof(why)) :
			 catan_island__parse_tiles(text, hexes, why, sizeof(why));
		if (!ok) {
			/* the value is in the game string: the message names
			 * what is wrong with it instead */
			catan__ctx_seterr(g->ctx, "bad value for '%s': %s; expected %s",
					  names[i], why, expected[i]);
			return CATAN_EINVAL;
		}
	}
	if (ch->board != ISLAND_GIVEN) {
		if (ch->tiles || ch->harbors) {
			catan__ctx_seterr(g->ctx, "tiles= and harbors= describe the board of "
					  "board=given, not of board=%s", ch->board_name);
			return CATAN_EINVAL;
		}
		return CATAN_OK;
	}
	if (!ch->tiles || !ch->harbors) {
		catan__ctx_seterr(g->ctx, "board=given needs both tiles= and harbors=");
		return CATAN_EINVAL;
	}
	if (ch->spiral) {
		catan__ctx_seterr(g->ctx, "numbers=spiral needs board=random: "
				  "tiles= gives the numbers of board=given");
		return CATAN_EINVAL;
	}
	return CATAN_OK;
}

int
catan_island__choose(catan_game *g, const struct island_choice *ch)
{
	struct board_hex_spec hexes[ISLAND_HEXES];
	struct board_harbor_spec harbors[ISLAND_HARBORS];
	const struct board_spec *given = g->ctx ? g->ctx->board : NULL;
	int rc;

	rc = read_board_texts(g, ch, hexes, harbors);
	if (rc != CATAN_OK)
		return rc;
	if (given)
		return build_given_board(g, ch, given);
	if (ch->board == ISLAND_GIVEN) {
		/* read_board_texts() filled hexes and harbors */
	} else if (ch->board == ISLAND_BEGINNER) {
		if (ch->spiral) {
			catan__ctx_seterr(g->ctx, "numbers=spiral needs board=random: "
					  "the beginner board has fixed numbers");
			return CATAN_EINVAL;
		}
		catan_island__beginner(hexes, harbors);
	} else {
		struct catan_rng rng;

		catan_rng__seed(&rng, g->seed, 0x626f617264u);
		catan_island__random(hexes, harbors, &rng, ch->spiral);
	}
	return catan_board__build(&g->board, g->ctx, hexes, ISLAND_HEXES, harbors, ISLAND_HARBORS);
}

/* FACTS.md §1.4: the beginner starting pieces, each intersection named by the
 * three hexes meeting there and each road by the two hexes it lies between.
 * The second settlement of each pair pays the starting resources. */
static const struct beginner_pieces {
	uint8_t settlement[2][3];
	uint8_t road[2][2];
} beginner_setup[4] = {
	{ { { 14, 15, 18 }, { 12, 13, 16 } }, { { 14, 15 }, { 13, 16 } } },
	{ { { 10, 11, 15 }, { 3, 4, 8 } }, { { 10, 11 }, { 3, 8 } } },
	{ { { 2, 5, 6 }, { 13, 14, 17 } }, { { 2, 5 }, { 14, 17 } } },
	{ { { 0, 1, 4 }, { 7, 8, 12 } }, { { 1, 4 }, { 8, 12 } } },
};

int
catan_island__place_beginner(catan_state *s)
{
	const struct board *b = &s->game->board;
	int np = st_ccore(s)->num_players;

	if (np > (int)ARRAY_LEN(beginner_setup))
		return CATAN_ERROR;
	for (int p = 0; p < np; p++) {
		for (int i = 0; i < 2; i++) {
			const struct beginner_pieces *bp = &beginner_setup[p];
			uint16_t hx[3] = { bp->settlement[i][0], bp->settlement[i][1],
					   bp->settlement[i][2] };
			uint16_t v = catan_board__vertex_of_hexes(b, hx, 3);
			uint16_t e = catan_board__edge_between(b, bp->road[i][0], bp->road[i][1]);

			if (v == BOARD_NONE || e == BOARD_NONE)
				return CATAN_ERROR;
			catan_build__place_settlement(s, p, v);
			catan_build__place_road(s, p, e);
			if (i == 1)
				catan_production__setup_income(s, p, v);
		}
	}
	return CATAN_OK;
}
