/*
 * libcatanrules: names and the text writer of snapshots, observations, JSON.
 * SPDX-License-Identifier: MIT
 */

#include <stdio.h>
#include <stdlib.h>

#include <inttypes.h>

#include "catan-private.h"

/*
 * The spellings of internal values. Snapshots are read back with the same
 * tables, so a name here is part of the snapshot format: change none. The
 * sizes are declared in catan-private.h (ARRAY_LEN works for every user):
 * a new entry goes there too, or the compiler warns of an excess element.
 */
const char *const catan_text__chances[] = {
	[CHANCE_NONE] = "none",
	[CHANCE_FIRST_PLAYER] = "first_player",
	[CHANCE_DICE] = "dice",
	[CHANCE_DRAW_DEV] = "draw_dev",
	[CHANCE_STEAL] = "steal",
};

const char *const catan_text__responses[] = {
	[RESPONSE_PENDING] = "pending",
	[RESPONSE_ACCEPT] = "accept",
	[RESPONSE_DECLINE] = "decline",
	[RESPONSE_COUNTER] = "counter",
	[RESPONSE_NONE] = "offerer",
};

const struct catan_text_flag catan_text__flags[] = {
	{ TURN_ROLLED, "rolled" },
	{ TURN_DEV_PLAYED, "dev_played" },
	{ TURN_BUILT, "built" },
	{ GAME_VP_REVEALED, "vp_revealed" },
};

const char *const catan_text__pieces[] = {
	[CATAN_PIECE_NONE] = "none",
	[CATAN_PIECE_SETTLEMENT] = "settlement",
	[CATAN_PIECE_CITY] = "city",
	[CATAN_PIECE_ROAD] = "road",
};

void
catan_text__put(struct catan_text *w, const char *fmt, ...)
{
	va_list ap;
	int n;

	/* Past the end only the length grows: the caller learns what to
	 * allocate from one call with a small buffer. */
	va_start(ap, fmt);
	n = vsnprintf(w->len < w->cap ? w->buf + w->len : NULL,
		      w->len < w->cap ? w->cap - w->len : 0, fmt, ap);
	va_end(ap);
	if (n < 0) {
		w->rc = CATAN_ERROR;
		return;
	}
	w->len += (size_t)n;
}

int
catan_text__finish_action(const struct catan_text *w, int rc, char *buf, size_t cap,
			  size_t *len_out)
{
	if (rc == CATAN_OK)
		rc = w->rc;
	if (rc != CATAN_OK) {
		if (cap)
			buf[0] = '\0';
		return rc;
	}
	return catan_text__finish(w, len_out);
}

int
catan_text__split_words(const char *args, char words[][CATAN_TEXT_WORD], int max)
{
	int n = 0;

	while (*args) {
		size_t len;

		while (*args == ' ' || *args == '\t')
			args++;
		if (!*args)
			break;
		len = strcspn(args, " \t");
		if (n == max || len >= CATAN_TEXT_WORD)
			return -1;
		memcpy(words[n], args, len);
		words[n][len] = '\0';
		n++;
		args += len;
	}
	return n;
}

int
catan_text__parse_player_word(const char *w, unsigned *out)
{
	char *end = NULL;
	unsigned long v;

	if (w[0] != 'p' || w[1] < '0' || w[1] > '9')
		return CATAN_EINVAL;
	v = strtoul(w + 1, &end, 10);
	if (*end || v > 31)
		return CATAN_EINVAL;
	*out = (unsigned)v;
	return CATAN_OK;
}

int
catan_text__finish(const struct catan_text *w, size_t *len_out)
{
	if (len_out)
		*len_out = w->len;
	if (w->rc != CATAN_OK)
		return w->rc;
	if (w->len >= w->cap)
		return CATAN_EBUFS;
	return CATAN_OK;
}

const char *
catan_text__who(int who)
{
	switch (who) {
	case CATAN_PLAYER_CHANCE:
		return "chance";
	case CATAN_PLAYER_SIMULTANEOUS:
		return "simultaneous";
	case CATAN_PLAYER_TERMINAL:
		return "terminal";
	case CATAN_PLAYER_REFEREE:
		return "referee";
	case CATAN_OBSERVER_PUBLIC:
		return "public";
	case CATAN_OBSERVER_ALL:
		return "all";
	default:
		return NULL;
	}
}

void
catan_text__vec(struct catan_text *w, const uint8_t *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		catan_text__put(w, "%s%u", i ? "," : "", (unsigned)v[i]);
}

void
catan_text__player(struct catan_text *w, int p)
{
	if (p < 0)
		catan_text__put(w, "none");
	else
		catan_text__put(w, "p%d", p);
}

int
catan_text__location(struct catan_text *w, const catan_game *g, int kind,
		     unsigned id)
{
	char loc[32];
	int rc = catan_location_format(g, kind, id, loc, sizeof(loc), NULL);

	if (rc == CATAN_OK)
		catan_text__put(w, "%s", loc);
	return rc;
}

void
catan_text__standings(struct catan_text *w, const catan_state *s)
{
	const struct core_state *c = st_ccore(s);

	catan_text__put(w, "\nlongest_road ");
	catan_text__player(w, c->longest_holder);
	catan_text__put(w, "\nlargest_army ");
	catan_text__player(w, c->army_holder);
	catan_text__contests(w, s);
	catan_text__put(w, "\nwinner ");
	catan_text__player(w, c->winner);
	catan_text__put(w, "\nbank ");
	catan_text__vec(w, c->bank, CATAN_MAX_CARD_KINDS);
}

void
catan_text__offer(struct catan_text *w, const struct core_state *c)
{
	catan_text__put(w, "\noffer_give ");
	catan_text__vec(w, c->offer_give, CATAN_MAX_CARD_KINDS);
	catan_text__put(w, "\noffer_get ");
	catan_text__vec(w, c->offer_get, CATAN_MAX_CARD_KINDS);
	catan_text__put(w, "\n");
}

void
catan_text__slices(struct catan_text *w, const catan_state *s)
{
	const catan_game *g = s->game;

	if (g->variant_size) {
		catan_text__put(w, "slice %s ", g->variant->name);
		for (uint32_t i = 0; i < g->variant_size; i++)
			catan_text__put(w, "%02x", s->data[g->off_variant + i]);
		catan_text__put(w, "\n");
	}
	for (unsigned m = 0; m < g->nmodules; m++) {
		const struct game_module *gm = &g->modules[m];

		if (!gm->ops->state_size)
			continue;
		catan_text__put(w, "slice %s ", gm->ops->name);
		for (size_t i = 0; i < gm->ops->state_size; i++)
			catan_text__put(w, "%02x", s->data[gm->slice_offset + i]);
		catan_text__put(w, "\n");
	}
}

static void
put_counter(void *arg, const char *name, int player, int32_t value)
{
	struct catan_text *w = arg;

	if (player < 0)
		catan_text__put(w, "counter %s %" PRId32 "\n", name, value);
	else
		catan_text__put(w, "counter %s p%d %" PRId32 "\n", name, player, value);
}

void
catan_text__counters(struct catan_text *w, const catan_state *s)
{
	catan_state__each_counter(s, put_counter, w);
}
