/*
 * libcatanrules: text output and input helpers: notation, reasons, observation lines (text.c, action.c).
 * Internal, as catan-private.h (which includes every part in order).
 * SPDX-License-Identifier: MIT
 */
#include "catan-private.h"

#ifndef CATAN_TEXT_H
#define CATAN_TEXT_H

/* ----------------------------------------------------------------- text */

/* Names of internal values, shared by snapshots (which read them back),
 * observation strings and JSON (text.c). */
extern const char *const catan_text__chances[CHANCE_STEAL + 1];
extern const char *const catan_text__responses[RESPONSE_NONE + 1];
struct catan_text_flag {
	uint8_t bit;         /* a bit of core_state.flags */
	const char *name;
};
extern const struct catan_text_flag catan_text__flags[4];
extern const char *const catan_text__pieces[CATAN_PIECE_ROAD + 1];

/*
 * Text written into a caller's buffer with snprintf semantics: what fits is
 * written (NUL-terminated), the length counts everything, so a public
 * function can answer CATAN_EBUFS with the length it needs. Start with
 * { buf, cap, 0, CATAN_OK }.
 */
struct catan_text {
	char *buf;
	size_t cap;
	size_t len;          /* length of the whole text, also past cap */
	int rc;              /* first failure, or CATAN_OK */
};

void catan_text__put(struct catan_text *w, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* The length to len_out (may be NULL); returns the recorded failure, else
 * CATAN_EBUFS when the text and its NUL did not fit, else CATAN_OK. */
int catan_text__finish(const struct catan_text *w, size_t *len_out);
/* The end of a module's format_action: the first error of @rc and the
 * writer's (the buffer then emptied), else catan_text__finish(). */
int catan_text__finish_action(const struct catan_text *w, int rc, char *buf, size_t cap,
			      size_t *len_out);
/* The words of a module action's arguments: up to @max words, split at
 * spaces and tabs, each shorter than CATAN_TEXT_WORD; their count, or -1
 * when there are more or one is too long. */
#define CATAN_TEXT_WORD 40
int catan_text__split_words(const char *args, char words[][CATAN_TEXT_WORD], int max);
/* "p<i>" with i at most 31 into @out; CATAN_EINVAL for anything else. */
int catan_text__parse_player_word(const char *w, unsigned *out);
/* The name of a current player or observer that is not a player
 * ("chance", "simultaneous", "terminal", "referee", "public",
 * "all"), or NULL. */
const char *catan_text__who(int who);
/* "1,0,2" */
void catan_text__vec(struct catan_text *w, const uint8_t *v, size_t n);
/* "p2", or "none" for a negative player */
void catan_text__player(struct catan_text *w, int p);
/* A location in notation; on failure writes nothing and returns the error
 * of catan_location_format() (what to do is the caller's choice). */
int catan_text__location(struct catan_text *w, const catan_game *g, int kind,
			 unsigned id);
/* "\nlongest_road p1\nlargest_army none\nwinner none\nbank 19,19,19,19,19":
 * awards, winner and bank as snapshots and observation strings spell them. */
void catan_text__standings(struct catan_text *w, const catan_state *s);
/* The award contests' holders, a "contest <i> longest_road <holder>
 * largest_army <holder>" line each (each after a newline); nothing in
 * games without contests (award-contests.c). */
void catan_text__contests(struct catan_text *w, const catan_state *s);
/* "\noffer_give 1,0,0,0,0\noffer_get 0,0,0,0,1\n": the open offer, the
 * same way. */
void catan_text__offer(struct catan_text *w, const struct core_state *c);
/* "slice <name> <hex>" lines of the variant and module state, in order. */
void catan_text__slices(struct catan_text *w, const catan_state *s);
/* The modules' counters (public): "counter <name> <value>" for a counter of
 * the game, "counter <name> p<i> <value>" for each seated player's. */
void catan_text__counters(struct catan_text *w, const catan_state *s);
/* Call @fn for every counter the modules name: @player is -1 for a counter
 * of the game, else each seated player in turn. */
void catan_state__each_counter(const catan_state *s,
			       void (*fn)(void *arg, const char *name, int player, int32_t value),
			       void *arg);

#endif
