/*
 * libcatanrules: the playout helpers shared by the seeded-game suites.
 * SPDX-License-Identifier: MIT
 */

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test-playout.h"

uint64_t
rng_next(struct rng *r)
{
	return catan_test_rand(&r->s);
}

uint32_t
rng_below(struct rng *r, uint32_t n)
{
	return n ? (uint32_t)(rng_next(r) % n) : 0;
}

unsigned
popcount32(uint32_t x)
{
	return (unsigned)__builtin_popcount(x);
}

void
playout_fail(const struct playout *pl, int line, const char *cond,
	     const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	ck_abort_msg("%s step %u (test line %d): %s: %s [state message: %s]",
		     pl->gamestr, pl->step, line, cond, msg,
		     pl->s ? catan_state_errmsg(pl->s) : "");
}

const char *
act_str(const struct playout *pl, const catan_action *a, char *buf,
	size_t cap)
{
	if (catan_action_format(pl->g, a, buf, cap, NULL) != CATAN_OK)
		snprintf(buf, cap,
			 "<type %u player %d flags %u target %u arg %u "
			 "give %u,%u,%u,%u,%u,%u,%u,%u get %u,%u,%u,%u,%u,%u,%u,%u>",
			 a->type, a->player, a->flags, a->target, a->arg,
			 a->give[0], a->give[1], a->give[2], a->give[3],
			 a->give[4], a->give[5], a->give[6], a->give[7],
			 a->get[0], a->get[1], a->get[2], a->get[3],
			 a->get[4], a->get[5], a->get[6], a->get[7]);
	return buf;
}

void
check_sorted(struct playout *pl, const catan_action *prev,
	     const catan_action *a)
{
	char t1[TEXT_CAP], t2[TEXT_CAP];

	PCHECK(pl, catan_action_compare(prev, a) < 0 &&
		   catan_action_compare(a, prev) > 0,
	       "not strictly increasing: %s then %s",
	       act_str(pl, prev, t1, sizeof(t1)),
	       act_str(pl, a, t2, sizeof(t2)));
}

void
check_listed(struct playout *pl, const catan_action *a)
{
	char text[TEXT_CAP], back[TEXT_CAP];
	catan_action parsed;
	int reason = -1;
	int rc;

	act_str(pl, a, text, sizeof(text));
	PCHECK(pl, a->flags == 0, "listed %s has flags %u", text, a->flags);
	rc = catan_state_check_action(pl->s, a, &reason);
	PCHECK(pl, rc == CATAN_OK && reason == CATAN_REASON_NONE,
	       "listed %s: check %d, reason %s", text, rc,
	       catan_reason_name(reason));
	PCHECK(pl, catan_state_copy(pl->scratch, pl->s) == CATAN_OK, "copy");
	rc = catan_state_apply(pl->scratch, a);
	PCHECK(pl, rc == CATAN_OK, "listed %s: apply %d (%s)", text, rc,
	       catan_state_errmsg(pl->scratch));

	rc = catan_action_format(pl->g, a, text, sizeof(text), NULL);
	PCHECK(pl, rc == CATAN_OK, "format of a listed action: %d", rc);
	memset(&parsed, 0xa5, sizeof(parsed));
	rc = catan_action_parse(pl->s, text, &parsed);
	PCHECK(pl, rc == CATAN_OK, "parse \"%s\": %d", text, rc);
	/* parse(format(a)) == a also makes distinct actions' strings differ */
	PCHECK(pl, catan_action_compare(a, &parsed) == 0 &&
		   memcmp(a, &parsed, sizeof(parsed)) == 0,
	       "\"%s\" parses back as %s", text,
	       act_str(pl, &parsed, back, sizeof(back)));
}

int
check_candidate_core(struct playout *pl, const catan_action *a,
		     int *reason_out)
{
	char t[TEXT_CAP];
	uint64_t h = catan_state_hash(pl->s);
	uint32_t moves = catan_state_move_number(pl->s);
	int reason = -1;
	int rc = catan_state_check_action(pl->s, a, &reason);

	*reason_out = reason;
	act_str(pl, a, t, sizeof(t));
	PCHECK(pl, rc == CATAN_OK || rc == CATAN_EILLEGAL, "check %s = %d", t,
	       rc);
	PCHECK(pl, catan_state_hash(pl->s) == h, "check %s changed the hash",
	       t);
	if (rc == CATAN_OK) {
		PCHECK(pl, catan_state_copy(pl->scratch, pl->s) == CATAN_OK,
		       "copy");
		rc = catan_state_apply(pl->scratch, a);
		PCHECK(pl, rc == CATAN_OK, "%s passes check, apply = %d (%s)",
		       t, rc, catan_state_errmsg(pl->scratch));
		return CATAN_OK;
	}
	PCHECK(pl, reason > CATAN_REASON_NONE && reason < CATAN_REASON_COUNT,
	       "check refused %s with reason %d", t, reason);
	PCHECK(pl, catan_state_copy(pl->snap, pl->s) == CATAN_OK, "copy");
	rc = catan_state_apply(pl->s, a);
	PCHECK(pl, rc == CATAN_EILLEGAL,
	       "check refused %s (%s), apply returned %d", t,
	       catan_reason_name(reason), rc);
	PCHECK(pl, catan_state_hash(pl->s) == h,
	       "refused %s changed the hash", t);
	PCHECK(pl, catan_state_equal(pl->s, pl->snap),
	       "refused %s changed the state", t);
	PCHECK(pl, catan_state_move_number(pl->s) == moves,
	       "refused %s changed the move number", t);
	PCHECK(pl, catan_state_last_reason(pl->s) == reason,
	       "refused %s: check says %s, apply says %s", t,
	       catan_reason_name(reason),
	       catan_reason_name(catan_state_last_reason(pl->s)));
	return CATAN_EILLEGAL;
}

void
check_lockstep_core(struct playout *pl)
{
	uint64_t h = catan_state_hash(pl->s);

	PCHECK(pl, catan_state_equal(pl->s, pl->clone) &&
		   catan_state_hash(pl->clone) == h, "the clone diverged");
	PCHECK(pl, catan_state_equal(pl->s, pl->copy) &&
		   catan_state_hash(pl->copy) == h, "the copy diverged");
}

int
checked_piece(struct playout *pl, int edge, unsigned i, int nowners,
	      int *owner_out)
{
	const char *where = edge ? "edge" : "vertex";
	int owner = -7;
	int piece = edge ? catan_state_edge_piece(pl->s, i, &owner) :
			   catan_state_vertex_piece(pl->s, i, &owner);

	PCHECK(pl, piece == CATAN_PIECE_NONE ||
		   (edge ? piece == CATAN_PIECE_ROAD :
			   piece == CATAN_PIECE_SETTLEMENT ||
			   piece == CATAN_PIECE_CITY),
	       "%s %u holds piece %d", where, i, piece);
	if (piece == CATAN_PIECE_NONE)
		PCHECK(pl, owner == -1, "empty %s %u, owner %d", where, i,
		       owner);
	else
		PCHECK(pl, owner >= 0 && owner < nowners, "%s %u owner %d",
		       where, i, owner);
	*owner_out = owner;
	return piece;
}

void
log_action(struct playout *pl, const catan_action *a)
{
	if (pl->nlog == pl->logcap) {
		size_t cap = pl->logcap ? pl->logcap * 2 : 4096;
		catan_action *n = realloc(pl->log, cap * sizeof(*n));

		ck_assert_ptr_nonnull(n);
		pl->log = n;
		pl->logcap = cap;
	}
	pl->log[pl->nlog++] = *a;
}

void
playout_free_states(struct playout *pl)
{
	catan_state **states[] = {
		&pl->s, &pl->clone, &pl->copy, &pl->scratch, &pl->snap,
		&pl->oa, &pl->ob,
	};

	for (size_t i = 0; i < sizeof(states) / sizeof(states[0]); i++) {
		catan_state_free(*states[i]);
		*states[i] = NULL;
	}
}
