/*
 * libcatanrules: location notation (h4, h9.se, h4.n-ne, v12, e40).
 * SPDX-License-Identifier: MIT
 */

#include <stdio.h>

#include "catan-private.h"

/* Indexed by catan_corner. Names are lower case only: the notation is
 * case-sensitive, like the rest of the action notation. */
static const char *const corner_names[7] = {
	"n", "ne", "se", "s", "sw", "nw", "c",
};


int
catan_location__format_board(const struct board *b, int kind, unsigned id,
			     char text[LOCATION_TEXT_MAX])
{
	int n;

	switch (kind) {
	case CATAN_LOC_HEX:
		if (id >= b->nhex)
			return CATAN_EINVAL;
		n = snprintf(text, LOCATION_TEXT_MAX, "h%u", id);
		break;
	case CATAN_LOC_VERTEX: {
		const struct board_vertex *v;

		if (id >= b->nvert)
			return CATAN_EINVAL;
		/* hex[0] is the lowest hex: they are recorded in hex order */
		v = &b->vert[id];
		if (v->flags & BOARD_VERTEX_PLAZA) {
			n = snprintf(text, LOCATION_TEXT_MAX, "h%u.c", (unsigned)v->hex[0]);
			break;
		}
		n = snprintf(text, LOCATION_TEXT_MAX, "h%u.%s",
			     (unsigned)v->hex[0],
			     corner_names[v->hex_corner[0] % 6]);
		break;
	}
	case CATAN_LOC_EDGE: {
		const struct board_edge *e;
		unsigned c1, c2;

		if (id >= b->nedge)
			return CATAN_EINVAL;
		e = &b->edge[id];
		if (e->flags & BOARD_EDGE_INTERIOR) {
			n = snprintf(text, LOCATION_TEXT_MAX, "h%u.c-%s", (unsigned)e->hex[0],
				     corner_names[(e->hex_side[0] - BOARD_PART_PATH) % 6u]);
			break;
		}
		c1 = e->hex_side[0] % 6u;
		c2 = (c1 + 1) % 6;
		/* corners in n..nw order: side nw-n prints as n-nw */
		if (c2 < c1) {
			unsigned t = c1;

			c1 = c2;
			c2 = t;
		}
		n = snprintf(text, LOCATION_TEXT_MAX, "h%u.%s-%s",
			     (unsigned)e->hex[0], corner_names[c1],
			     corner_names[c2]);
		break;
	}
	default:
		return CATAN_EINVAL;
	}
	if (n < 0 || n >= LOCATION_TEXT_MAX)
		return CATAN_ERROR;
	return CATAN_OK;
}

CATAN_API int
catan_location_format(const catan_game *g, int kind, unsigned id,
		      char *buf, size_t cap, size_t *len_out)
{
	char text[LOCATION_TEXT_MAX];
	size_t len;
	int rc;

	if (!g || (!buf && cap > 0))
		return CATAN_EINVAL;
	rc = catan_location__format_board(&g->board, kind, id, text);
	if (rc != CATAN_OK)
		return rc;

	len = strlen(text);
	if (len_out)
		*len_out = len;
	if (cap > len) {
		memcpy(buf, text, len + 1);
		return CATAN_OK;
	}
	/* like snprintf: as much as fits, always terminated */
	if (cap > 0) {
		memcpy(buf, text, cap - 1);
		buf[cap - 1] = '\0';
	}
	return CATAN_EBUFS;
}

/*
 * Decimal digits without sign. A value too large for 32 bits saturates to
 * UINT32_MAX, beyond any board: it is well-formed text naming nothing
 * (ENOTFOUND), and it must never wrap around to a valid id.
 */
static bool
parse_index(const char **p, uint32_t *out)
{
	const char *s = *p;
	uint64_t v = 0;

	if (*s < '0' || *s > '9')
		return false;
	while (*s >= '0' && *s <= '9') {
		v = v * 10 + (uint64_t)(*s - '0');
		if (v > UINT32_MAX)
			v = (uint64_t)UINT32_MAX + 1;
		s++;
	}
	*p = s;
	*out = v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
	return true;
}

static bool
parse_corner(const char **p, unsigned *out)
{
	const char *s = *p;
	size_t len = 0;

	while (s[len] >= 'a' && s[len] <= 'z')
		len++;
	for (unsigned c = 0; c < ARRAY_LEN(corner_names); c++) {
		if (strlen(corner_names[c]) == len &&
		    strncmp(s, corner_names[c], len) == 0) {
			*p = s + len;
			*out = c;
			return true;
		}
	}
	return false;
}

static int
parse_text(const char *s, int *kind, uint32_t *index, unsigned *corner,
	   unsigned *side)
{
	char lead = *s++;
	unsigned c1, c2;

	if (lead != 'h' && lead != 'v' && lead != 'e')
		return CATAN_EPARSE;
	if (!parse_index(&s, index))
		return CATAN_EPARSE;
	if (lead == 'v' || lead == 'e') {
		*kind = lead == 'v' ? CATAN_LOC_VERTEX : CATAN_LOC_EDGE;
		return *s == '\0' ? CATAN_OK : CATAN_EPARSE;
	}
	if (*s == '\0') {
		*kind = CATAN_LOC_HEX;
		return CATAN_OK;
	}
	if (*s++ != '.' || !parse_corner(&s, &c1))
		return CATAN_EPARSE;
	if (*s == '\0') {
		*kind = CATAN_LOC_VERTEX;
		*corner = c1;
		return CATAN_OK;
	}
	if (*s++ != '-' || !parse_corner(&s, &c2) || *s != '\0')
		return CATAN_EPARSE;
	/* an interior path joins the plaza (c) and a corner, either first */
	if ((c1 == BOARD_PART_CENTER) != (c2 == BOARD_PART_CENTER)) {
		*side = BOARD_PART_PATH + (c1 == BOARD_PART_CENTER ? c2 : c1);
		*kind = CATAN_LOC_EDGE;
		return CATAN_OK;
	}
	if (c1 == BOARD_PART_CENTER)
		return CATAN_EPARSE;
	/* side i joins corners i and i+1; the two may come in either order */
	if ((c1 + 1) % 6 == c2)
		*side = c1;
	else if ((c2 + 1) % 6 == c1)
		*side = c2;
	else
		return CATAN_EPARSE;
	*kind = CATAN_LOC_EDGE;
	return CATAN_OK;
}

CATAN_API int
catan_location_parse(const catan_game *g, const char *text,
		     int *kind_out, unsigned *id_out)
{
	const struct board *b;
	int kind = 0;
	uint32_t index = 0;
	unsigned corner = 6, side = 6, id;
	struct board_ref ref;
	bool raw;
	int rc;

	if (!g || !text || !kind_out || !id_out)
		return CATAN_EINVAL;
	b = &g->board;
	rc = parse_text(text, &kind, &index, &corner, &side);
	if (rc != CATAN_OK)
		return rc;

	raw = text[0] != 'h';
	switch (kind) {
	case CATAN_LOC_HEX:
		if (index >= b->nhex)
			return CATAN_ENOTFOUND;
		id = index;
		break;
	case CATAN_LOC_VERTEX:
		if (raw) {
			if (index >= b->nvert)
				return CATAN_ENOTFOUND;
			id = index;
		} else {
			if (index >= b->nhex)
				return CATAN_ENOTFOUND;
			ref = (struct board_ref){ (uint16_t)index, CATAN_LOC_VERTEX, (uint8_t)corner };
			/* h<i>.c names nothing on a hex without a plaza */
			id = catan_board__ref(b, &ref);
			if (id == BOARD_NONE)
				return CATAN_ENOTFOUND;
		}
		break;
	case CATAN_LOC_EDGE:
		if (raw) {
			if (index >= b->nedge)
				return CATAN_ENOTFOUND;
			id = index;
		} else {
			if (index >= b->nhex)
				return CATAN_ENOTFOUND;
			ref = (struct board_ref){ (uint16_t)index, CATAN_LOC_EDGE, (uint8_t)side };
			id = catan_board__ref(b, &ref);
			if (id == BOARD_NONE)
				return CATAN_ENOTFOUND;
		}
		break;
	default:
		return CATAN_EPARSE;
	}
	*kind_out = kind;
	*id_out = id;
	return CATAN_OK;
}
