/*
 * libcatanrules: fuzz target: arbitrary actions (catan_state_apply on reachable states).
 * SPDX-License-Identifier: MIT
 */

/*
 * The first byte picks one of the reachable positions of every registered
 * variant (fuzz-common.c). The rest is a sequence of records, each a
 * control byte and its operands:
 *
 *   c % 4 == 0   raw: the next 24 bytes are a catan_action as it lies in
 *                memory (short input is padded with zeros)
 *   c % 4 == 1,2 step: the next 2 bytes pick a legal action (or chance
 *                outcome), c / 4 the acting player; it must be accepted
 *   c % 4 == 3   mutant: the next byte picks a legal action, the two after
 *                it flip the bits of one of its bytes
 *
 * Steps let the fuzzer walk into deep positions; raw and mutant actions
 * probe the checks there. After each apply: a refused action left the
 * state and its hash unchanged, with a reason; an accepted one conserved
 * every card and piece. With CATAN_FUZZ_UNCHECKED=1 a refused action is
 * also given to catan_state_apply_unchecked() on a copy, which must stay
 * memory-safe. At the end the queries run and the snapshot round-trips.
 */

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz-common.h"

#define MAX_INPUT 8192
#define MAX_RECORDS 256

struct cursor {
	const uint8_t *data;
	size_t size;
	size_t pos;
};

static uint8_t
next_byte(struct cursor *c)
{
	return c->pos < c->size ? c->data[c->pos++] : 0;
}

static void
next_bytes(struct cursor *c, void *out, size_t n)
{
	size_t have = c->size - c->pos < n ? c->size - c->pos : n;

	memset(out, 0, n);
	memcpy(out, c->data + c->pos, have);
	c->pos += have;
}

/* A legal action of an acting player, or a chance outcome; 0 if none. */
static int
pick_legal(const catan_state *s, unsigned pick, catan_action *out)
{
	const catan_game *g = catan_state_game(s);
	size_t n = 0, cap;
	int player, rc;

	if (catan_state_is_terminal(s))
		return 0;
	if (catan_state_is_chance_node(s)) {
		catan_chance_outcome *outs = fuzz_outcome_buffer(g, &cap);

		rc = catan_state_chance_outcomes(s, outs, cap, &n);
		FUZZ_ASSERT(rc == CATAN_OK, "chance outcomes: %s",
			    catan_strerror(rc));
		if (n)
			*out = outs[pick % n].action;
		return n > 0;
	}
	player = catan_state_current_player(s);
	if (player == CATAN_PLAYER_SIMULTANEOUS) {
		uint32_t mask = catan_state_acting_players(s);

		for (player = 0; player < CATAN_MAX_PLAYERS; player++)
			if (mask & (1u << player))
				break;
	}
	if (player < 0 || player >= catan_game_num_players(g))
		return 0;
	{
		catan_action *acts = fuzz_action_buffer(g, &cap);

		rc = catan_state_legal_actions(s, player, acts, cap, &n);
		FUZZ_ASSERT(rc == CATAN_OK, "legal actions: %s",
			    catan_strerror(rc));
		if (n)
			*out = acts[pick % n];
	}
	return n > 0;
}

/*
 * state.h promises that apply_unchecked() stays memory-safe on an illegal
 * action. The library does not keep that promise yet (variants index by
 * the action's fields), so the probe runs only with CATAN_FUZZ_UNCHECKED=1.
 */
static bool
unchecked_wanted(void)
{
	static int wanted = -1;

	if (wanted < 0) {
		const char *env = getenv("CATAN_FUZZ_UNCHECKED");

		wanted = env && strcmp(env, "1") == 0;
	}
	return wanted == 1;
}

static void
probe_unchecked(const catan_state *s, catan_state *junk, const catan_action *a)
{
	int rc;

	if (!unchecked_wanted())
		return;
	FUZZ_OK(catan_state_copy(junk, s));
	rc = catan_state_apply_unchecked(junk, a);
	FUZZ_ASSERT(rc == CATAN_OK || rc == CATAN_EINVAL || rc == CATAN_EILLEGAL,
		    "apply_unchecked returned %d", rc);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct fuzz_position *pos;
	size_t npos = fuzz_positions(&pos);
	const struct fuzz_position *p;
	catan_state *s = NULL, *scratch = NULL, *junk = NULL;
	struct fuzz_totals ref;
	struct cursor cur = { data, size, 1 };
	int applied = 0;

	if (size < 1 || size > MAX_INPUT)
		return 0;
	p = &pos[data[0] % npos];
	FUZZ_OK(catan_state_clone(&s, p->state));
	FUZZ_OK(catan_state_clone(&scratch, p->state));
	FUZZ_OK(catan_state_clone(&junk, p->state));
	fuzz_totals(s, &ref);

	for (int r = 0; r < MAX_RECORDS && cur.pos < cur.size; r++) {
		uint8_t c = next_byte(&cur);
		catan_action a;
		unsigned pick;
		int rc;

		switch (c % 4) {
		case 0:
			next_bytes(&cur, &a, sizeof(a));
			rc = fuzz_apply_checked(s, scratch, &a, "raw action");
			if (rc != CATAN_OK)
				probe_unchecked(s, junk, &a);
			break;
		case 1:
		case 2:
			pick = next_byte(&cur);
			pick |= (unsigned)next_byte(&cur) << 8;
			rc = fuzz_step(s, pick, c / 4u, NULL) ? CATAN_OK :
			     CATAN_EILLEGAL;
			break;
		default:
			pick = next_byte(&cur);
			if (!pick_legal(s, pick, &a)) {
				cur.pos += 2;
				rc = CATAN_EILLEGAL;
				break;
			}
			{
				uint8_t *bytes = (uint8_t *)&a;
				uint8_t at = next_byte(&cur);

				bytes[at % sizeof(a)] ^= next_byte(&cur);
			}
			rc = fuzz_apply_checked(s, scratch, &a, "mutant action");
			if (rc != CATAN_OK)
				probe_unchecked(s, junk, &a);
			break;
		}
		if (rc == CATAN_OK) {
			fuzz_check_conservation(s, &ref, "apply");
			applied++;
		}
	}
	if (applied) {
		fuzz_read_all(s);
		fuzz_check_snapshot_roundtrip(fuzz_ctx(), s);
	}
	catan_state_free(junk);
	catan_state_free(scratch);
	catan_state_free(s);
	return 0;
}
