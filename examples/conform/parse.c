/*
 * catanrules conform: reading a script. The lines and their words, and the
 * words a statement is made of: counts, players, locations, actions, card
 * and piece kinds. Each parse_* reports a malformed word as an error of the
 * script (run.c) and returns 0.
 * SPDX-License-Identifier: MIT
 */

#include <stdio.h>
#include <string.h>

#include "conform.h"

/* ---------------------------------------------------------------- lines */

/* Read the next line that holds a statement; 0 at the end of the text. */
int
next_line(struct runner *r, struct line *l)
{
	while (r->text[r->pos] != '\0') {
		const char *start = r->text + r->pos;
		size_t len = strcspn(start, "\n");
		char *p, *hash;

		r->pos += len + (start[len] == '\n');
		r->lineno++;
		l->no = r->lineno;
		l->ntok = 0;
		if (len >= LINE_CAP) {
			script_error(r, l->no, "line longer than %d characters", LINE_CAP - 1);
			continue;
		}
		memcpy(l->buf, start, len);
		l->buf[len] = '\0';
		hash = strchr(l->buf, '#');
		if (hash)
			*hash = '\0';
		for (p = l->buf; *p != '\0';) {
			while (*p == ' ' || *p == '\t' || *p == '\r')
				*p++ = '\0';
			if (*p == '\0')
				break;
			if (l->ntok == MAX_TOKENS) {
				script_error(r, l->no, "more than %d words on a line", MAX_TOKENS);
				l->ntok = 0;
				break;
			}
			l->tok[l->ntok++] = p;
			while (*p != '\0' && *p != ' ' && *p != '\t' && *p != '\r')
				p++;
		}
		if (l->ntok > 0)
			return 1;
	}
	return 0;
}

/* Words first..last-1 joined by single spaces. */
const char *
join(const struct line *l, int first, int last, char *buf, size_t cap)
{
	size_t len = 0;

	buf[0] = '\0';
	for (int i = first; i < last && i < l->ntok; i++) {
		int n = snprintf(buf + len, cap - len, "%s%s", i > first ? " " : "",
				 l->tok[i]);

		if (n < 0 || (size_t)n >= cap - len)
			break;
		len += (size_t)n;
	}
	return buf;
}

/* ------------------------------------------------------------- parsing */

int
parse_count(struct runner *r, const struct line *l, const char *text,
	    unsigned long max, unsigned long *out)
{
	if (cli_parse_ulong(text, max, out) != 0) {
		script_error(r, l->no, "'%s' is not a count 0..%lu", text, max);
		return 0;
	}
	return 1;
}

int
parse_player(struct runner *r, const struct line *l, const char *text, int *out)
{
	unsigned long p;
	int n = catan_game_num_players(r->game);
	/* Neutral players own pieces and have points: statements about them
	 * name them too; the library refuses what they cannot do. */
	int neutral = catan_game_neutral_players(r->game);

	if (text[0] != 'p' || cli_parse_ulong(text + 1, CATAN_MAX_PLAYERS - 1, &p) != 0) {
		script_error(r, l->no, "expected a player like 'p0', got '%s'", text);
		return 0;
	}
	if ((int)p >= n + (neutral > 0 ? neutral : 0)) {
		if (neutral > 0)
			script_error(r, l->no, "no player %s in a %d-player game with %d neutral players",
				     text, n, neutral);
		else
			script_error(r, l->no, "no player %s in a %d-player game", text, n);
		return 0;
	}
	*out = (int)p;
	return 1;
}

/* A player or "none" (-1). */
int
parse_player_or_none(struct runner *r, const struct line *l, const char *text, int *out)
{
	if (strcmp(text, "none") == 0) {
		*out = -1;
		return 1;
	}
	return parse_player(r, l, text, out);
}

int
parse_location(struct runner *r, const struct line *l, const char *text,
	       int want, unsigned *id_out, int *kind_out)
{
	static const char *const kinds[] = { "", "hex", "intersection", "edge" };
	int kind, rc;

	rc = catan_location_parse(r->game, text, &kind, id_out);
	if (rc != CATAN_OK) {
		script_error(r, l->no, "bad location '%s': %s", text,
			     rc == CATAN_ENOTFOUND ? "no such place on this board" :
			     "expected h<i>, h<i>.<corner>, h<i>.<corner>-<corner>, v<i> or e<i>");
		return 0;
	}
	if (want != 0 && kind != want) {
		script_error(r, l->no, "'%s' is not an %s", text, kinds[want]);
		return 0;
	}
	if (kind_out)
		*kind_out = kind;
	return 1;
}

int
parse_action(struct runner *r, const struct line *l, const char *text,
	     catan_action *out)
{
	if (catan_action_parse(r->state, text, out) != CATAN_OK) {
		script_error(r, l->no, "bad action '%s': %s", text,
			     catan_state_errmsg(r->state));
		return 0;
	}
	return 1;
}

/* Index of a card kind (by the game's names and aliases) or
 * development-card kind by name, or -1. */
int
kind_index(const catan_game *game, const char *name, size_t len, int dev)
{
	char word[40];
	int k;

	if (len >= sizeof(word))
		return -1;
	memcpy(word, name, len);
	word[len] = '\0';
	if (!dev) {
		k = catan_game_card_kind_index(game, word);
		return k >= 0 ? k : -1;
	}
	k = catan_game_dev_kind_index(game, word);
	return k >= 0 ? k : -1;
}

/*
 * "lumber=2,brick=0": card kinds (dev=0) or development-card kinds (dev=1),
 * each at most once; "total=N" too when allow_total; "empty" is the empty
 * list when allow_empty.
 */
int
parse_kind_list(struct runner *r, const struct line *l, const char *text,
		int dev, int allow_total, int allow_empty, struct kind_list *out)
{
	const char *p = text;

	memset(out, 0, sizeof(*out));
	if (allow_empty && strcmp(text, "empty") == 0)
		return 1;
	while (*p != '\0') {
		size_t len = strcspn(p, "=,");
		unsigned long n;
		char num[16];
		size_t nlen;
		int k;

		if (allow_total && len == 5 && strncmp(p, "total", 5) == 0)
			k = LIST_TOTAL;
		else
			k = kind_index(r->game, p, len, dev);
		if (k < 0 || p[len] != '=') {
			script_error(r, l->no, "bad %s list '%s' at '%.*s' (expected kind=n,kind=n)",
				     dev ? "development card" : "card", text, (int)len, p);
			return 0;
		}
		if (out->given[k]) {
			script_error(r, l->no, "'%.*s' twice in '%s'", (int)len, p, text);
			return 0;
		}
		p += len + 1;
		nlen = strcspn(p, ",");
		if (nlen == 0 || nlen >= sizeof(num)) {
			script_error(r, l->no, "bad count in '%s'", text);
			return 0;
		}
		memcpy(num, p, nlen);
		num[nlen] = '\0';
		if (cli_parse_ulong(num, 255, &n) != 0 && !(k == LIST_TOTAL &&
		    cli_parse_ulong(num, 100000, &n) == 0)) {
			script_error(r, l->no, "bad count '%s' in '%s'", num, text);
			return 0;
		}
		out->count[k] = (unsigned)n;
		out->given[k] = 1;
		out->any = 1;
		p += nlen;
		if (*p == ',')
			p++;
	}
	if (!out->any) {
		script_error(r, l->no, "empty list");
		return 0;
	}
	return 1;
}

/* A seated player pN, or the word given for the game's own (-1): the
 * supply of a holding, a counter of the whole game. */
int
parse_seat_or(struct runner *r, const struct line *l, const char *text, const char *word,
	      int *out)
{
	int n = catan_game_num_players(r->game);

	if (strcmp(text, word) == 0) {
		*out = -1;
		return 1;
	}
	if (!parse_player(r, l, text, out))
		return 0;
	if (*out >= n) {
		script_error(r, l->no, "%s is a neutral player: only seated players have %ss",
			     text, l->tok[1]);
		return 0;
	}
	return 1;
}

int
piece_kind(const char *word)
{
	if (strcmp(word, "settlement") == 0)
		return CATAN_PIECE_SETTLEMENT;
	if (strcmp(word, "city") == 0)
		return CATAN_PIECE_CITY;
	if (strcmp(word, "road") == 0)
		return CATAN_PIECE_ROAD;
	return -1;
}
