/*
 * libcatanrules: determinization — redeal what an observer cannot see.
 * SPDX-License-Identifier: MIT
 */

#include "catan-private.h"

/* RNG streams of the redeal and of the new state's chance events. */
#define STREAM_DEAL 0x7265646561ull
#define STREAM_STATE 0x6361746eull

/*
 * Deals that contradict public knowledge are redrawn, which keeps the
 * result uniform over the consistent deals. When consistent deals are
 * rare the original holdings (always consistent) are kept after this many
 * tries.
 */
#define MAX_ATTEMPTS 1000

struct deal {
	int np;
	bool hidden[CATAN_MAX_PLAYERS];          /* holdings redealt */
};

/* Draw one card uniformly from a multiset; returns its kind. */
static int
draw(struct catan_rng *rng, uint8_t *pool, size_t nkinds)
{
	unsigned total = 0, r;

	for (size_t k = 0; k < nkinds; k++)
		total += pool[k];
	if (total == 0)
		return -1;
	r = catan_rng__below(rng, total);
	for (size_t k = 0; k < nkinds; k++) {
		if (r < pool[k]) {
			pool[k]--;
			return (int)k;
		}
		r -= pool[k];
	}
	return -1;
}

/* What the public saw of the hands: an open offer and the answers to it
 * were only possible holding the cards. */
static bool
hands_consistent(const catan_state *t, const struct deal *d)
{
	const struct core_state *c = st_ccore(t);

	if (c->phase != CATAN_PHASE_TRADE_RESPONSE &&
	    c->phase != CATAN_PHASE_TRADE_CONFIRM)
		return true;
	for (int p = 0; p < d->np; p++) {
		const struct player_state *ps = st_cplayer(t, p);

		if (!d->hidden[p])
			continue;
		/* traded holdings are public and stay: catan_state__has() */
		if (p == c->current && !catan_state__has(t, p, c->offer_give))
			return false;
		if (ps->response == RESPONSE_ACCEPT && !catan_state__has(t, p, c->offer_get))
			return false;
		if (ps->response == RESPONSE_COUNTER && !catan_state__has(t, p, ps->counter_give))
			return false;
	}
	return true;
}

static void
deal_hands(catan_state *t, const catan_state *s, const struct deal *d,
	   struct catan_rng *rng)
{
	uint8_t pool[CATAN_MAX_CARD_KINDS] = { 0 };

	for (int p = 0; p < d->np; p++)
		if (d->hidden[p])
			for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++)
				pool[k] = (uint8_t)(pool[k] + st_cplayer(s, p)->hand[k]);

	for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
		uint8_t left[CATAN_MAX_CARD_KINDS];

		memcpy(left, pool, sizeof(left));
		for (int p = 0; p < d->np; p++) {
			struct player_state *ps = st_player(t, p);

			if (!d->hidden[p])
				continue;
			memset(ps->hand, 0, sizeof(ps->hand));
			for (unsigned i = 0; i < ps->hand_total; i++) {
				int k = draw(rng, left, CATAN_MAX_CARD_KINDS);

				if (k >= 0)
					ps->hand[k]++;
			}
		}
		if (hands_consistent(t, d))
			return;
	}
	for (int p = 0; p < d->np; p++)
		memcpy(st_player(t, p)->hand, st_cplayer(s, p)->hand, CATAN_MAX_CARD_KINDS);
}

/* Victory Point cards shown by the winner are public. */
static unsigned
revealed(const catan_state *s, int p, int kind)
{
	const struct core_state *c = st_ccore(s);

	if ((unsigned)kind == catan_game__dev_slot(s->game, CATAN_DEV_ROLE_VICTORY_POINT) &&
	    (c->flags & GAME_VP_REVEALED) &&
	    c->winner == p)
		return st_cplayer(s, p)->dev[kind];
	return 0;
}

static bool
devs_consistent(const catan_state *t, const catan_state *s, const struct deal *d)
{
	const struct core_state *c = st_ccore(t);

	/* Shown Victory Point cards are all the winner has: the winner's
	 * other cards are known not to be any. */
	for (int p = 0; p < d->np; p++)
		if (d->hidden[p] && catan_state__victory_points(t, p, false) !=
				    catan_state__victory_points(s, p, false))
			return false;
	/* The turn player would have won already (G4). */
	if (c->current >= 0 && d->hidden[c->current] && c->turn > 0 &&
	    c->phase != CATAN_PHASE_GAME_OVER &&
	    catan_state__victory_points(t, c->current, true) >=
	    catan_state__vp_target(t, c->current))
		return false;
	return true;
}

static void
deal_devs(catan_state *t, const catan_state *s, const struct deal *d,
	  struct catan_rng *rng)
{
	const struct core_state *sc = st_ccore(s);
	struct core_state *tc = st_core(t);
	uint8_t pool[CATAN_MAX_DEV_KINDS];
	unsigned bought = 0;

	memcpy(pool, sc->dev_deck, sizeof(pool));
	for (int p = 0; p < d->np; p++) {
		if (!d->hidden[p])
			continue;
		for (int k = 0; k < CATAN_MAX_DEV_KINDS; k++)
			pool[k] = (uint8_t)(pool[k] + st_cplayer(s, p)->dev[k] - revealed(s, p, k));
	}
	for (int k = 0; k < CATAN_MAX_DEV_KINDS; k++)
		bought += sc->dev_bought[k];

	for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
		uint8_t left[CATAN_MAX_DEV_KINDS];

		memcpy(left, pool, sizeof(left));
		for (int p = 0; p < d->np; p++) {
			const struct player_state *was = st_cplayer(s, p);
			struct player_state *ps = st_player(t, p);
			unsigned n = 0;

			if (!d->hidden[p])
				continue;
			for (int k = 0; k < CATAN_MAX_DEV_KINDS; k++) {
				ps->dev[k] = (uint8_t)revealed(s, p, k);
				n += was->dev[k] - ps->dev[k];
			}
			for (unsigned i = 0; i < n; i++) {
				int k = draw(rng, left, CATAN_MAX_DEV_KINDS);

				if (k >= 0)
					ps->dev[k]++;
			}
		}
		memcpy(tc->dev_deck, left, sizeof(left));
		/* Which of the turn player's cards are this turn's purchases
		 * is hidden too; how many is not. */
		if (sc->current >= 0 && d->hidden[sc->current] && bought) {
			uint8_t hand[CATAN_MAX_DEV_KINDS];

			memcpy(hand, st_cplayer(t, sc->current)->dev, sizeof(hand));
			memset(tc->dev_bought, 0, sizeof(tc->dev_bought));
			for (unsigned i = 0; i < bought; i++) {
				int k = draw(rng, hand, CATAN_MAX_DEV_KINDS);

				if (k >= 0)
					tc->dev_bought[k]++;
			}
		}
		if (devs_consistent(t, s, d))
			return;
	}
	memcpy(tc->dev_deck, sc->dev_deck, sizeof(tc->dev_deck));
	memcpy(tc->dev_bought, sc->dev_bought, sizeof(tc->dev_bought));
	for (int p = 0; p < d->np; p++)
		memcpy(st_player(t, p)->dev, st_cplayer(s, p)->dev, CATAN_MAX_DEV_KINDS);
}

int
catan_state_resample(catan_state **out, const catan_state *s, int player,
		     uint64_t seed)
{
	struct deal d;
	struct catan_rng rng;
	catan_state *t = NULL;
	int rc;

	if (!out || !s)
		return CATAN_EINVAL;
	d.np = st_ccore(s)->num_players;
	if (player != CATAN_OBSERVER_PUBLIC && (player < 0 || player >= d.np)) {
		catan_state__seterr(s, "cannot resample for observer %d in a %d-player game",
				    player, d.np);
		return CATAN_EINVAL;
	}
	rc = catan_state_clone(&t, s);
	if (rc != CATAN_OK)
		return rc;
	for (int p = 0; p < CATAN_MAX_PLAYERS; p++)
		d.hidden[p] = p < d.np && p != player;

	catan_rng__seed(&rng, seed, STREAM_DEAL);
	/* Open hands are seen: nothing of them is redealt. */
	if (!s->game->open_hands)
		deal_hands(t, s, &d, &rng);
	deal_devs(t, s, &d, &rng);
	catan_holdings__redeal(t, s, d.hidden, &rng);
	/* The saved RNG belongs to the true position: the result gets its own. */
	catan_rng__seed(&st_core(t)->rng, seed, STREAM_STATE);
	/* A module may let who acts depend on the cards dealt. */
	catan_state__refresh_acting(t);
	/* points_touched stays the clone's: devs_consistent() never deals
	 * the turn player a win the position has not already declared. The
	 * others' dealt cards may give them one: each is checked at the
	 * start of their turn. */
	t->points_waiting = UINT32_MAX;
	t->errmsg[0] = '\0';
	t->last_reason = CATAN_REASON_NONE;
	*out = t;
	return CATAN_OK;
}
