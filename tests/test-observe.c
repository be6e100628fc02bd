/*
 * libcatanrules tests: observations hide what they must; JSON; resampling.
 * SPDX-License-Identifier: MIT
 */

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catan-private.h"
#include "test-common.h"

#define TEXT_MAX 65536

/* ------------------------------------------------------------- helpers */

static const char *const specs[] = {
	"base(players=4,seed=21)",
	"base(players=3,seed=22)",
	"base(players=4,seed=23,chance=explicit)",
	"base(players=3,seed=24,chance=explicit,vp=5)",
	"base(players=4,seed=25,phases=combined,offer_max=2,vp=7)",
	"base(players=3,seed=26,board=beginner,setup=beginner)",
};

/* Observers of a game: the players, the spectator, the referee. */
static int
observer_at(int i, int np)
{
	if (i < np)
		return i;
	return i == np ? CATAN_OBSERVER_PUBLIC : CATAN_OBSERVER_ALL;
}

static char *
obs_string(const catan_state *s, int observer)
{
	char *buf = malloc(TEXT_MAX);
	size_t len = 0;

	ck_assert_ptr_nonnull(buf);
	CATAN_ASSERT_OK(catan_state_observation_string(s, observer, buf, TEXT_MAX, &len));
	ck_assert_uint_eq(strlen(buf), len);
	return buf;
}

static char *
json_string(const catan_state *s, int observer)
{
	char *buf = malloc(TEXT_MAX);
	size_t len = 0;

	ck_assert_ptr_nonnull(buf);
	CATAN_ASSERT_OK(catan_state_to_json(s, observer, buf, TEXT_MAX, &len));
	ck_assert_uint_eq(strlen(buf), len);
	return buf;
}

static void
observe(const catan_state *s, int observer, catan_observation *o)
{
	memset(o, 0xa5, sizeof(*o));
	o->version = CATAN_OBSERVATION_VERSION;
	CATAN_ASSERT_OK(catan_state_observe(s, observer, o));
}

/* Equal texts; on a difference show where, briefly (Check limits messages). */
static void
assert_same_text(const char *a, const char *b)
{
	size_t i = 0, line = 1;

	while (a[i] && a[i] == b[i]) {
		if (a[i] == '\n')
			line++;
		i++;
	}
	ck_assert_msg(a[i] == b[i], "texts differ on line %zu: '%.80s' vs '%.80s'",
		      line, a + i, b + i);
}

/* The state is sound: its snapshot passes the loader's validation. */
static void
assert_sound(catan_ctx *ctx, const catan_state *s)
{
	char *buf = malloc(TEXT_MAX);
	catan_game *g = NULL;
	catan_state *t = NULL;
	size_t len = 0;
	int rc;

	CATAN_ASSERT_OK(catan_state_snapshot(s, buf, TEXT_MAX, &len));
	rc = catan_load(&g, &t, ctx, buf, len);
	ck_assert_msg(rc == CATAN_OK, "unsound state: %s", catan_ctx_errmsg(ctx));
	catan_state_free(t);
	catan_game_unref(g);
	free(buf);
}

/* ------------------------------------------------ hidden information */

/* Swap one card between two players (different kinds): counts stay. */
static bool
swap_cards(catan_state *s, int a, int b)
{
	struct player_state *pa = st_player(s, a), *pb = st_player(s, b);

	for (int ka = 0; ka < CATAN_MAX_CARD_KINDS; ka++) {
		for (int kb = 0; kb < CATAN_MAX_CARD_KINDS; kb++) {
			if (ka == kb || !pa->hand[ka] || !pb->hand[kb])
				continue;
			pa->hand[ka]--;
			pb->hand[ka]++;
			pb->hand[kb]--;
			pa->hand[kb]++;
			return true;
		}
	}
	return false;
}

/* Exchange one of a player's development cards with one of another kind
 * from the deck; not a card bought this turn, nor a revealed one. */
static bool
swap_dev_with_deck(catan_state *s, int p)
{
	struct core_state *c = st_core(s);
	struct player_state *ps = st_player(s, p);

	for (int a = 0; a < CATAN_MAX_DEV_KINDS; a++) {
		unsigned fixed = p == c->current ? c->dev_bought[a] : 0;

		if (ps->dev[a] <= fixed)
			continue;
		if (a == CATAN_DEV_VICTORY_POINT && (c->flags & GAME_VP_REVEALED))
			continue;
		for (int b = 0; b < CATAN_MAX_DEV_KINDS; b++) {
			if (b == a || !c->dev_deck[b])
				continue;
			if (b == CATAN_DEV_VICTORY_POINT && (c->flags & GAME_VP_REVEALED))
				continue;
			ps->dev[a]--;
			c->dev_deck[a]++;
			c->dev_deck[b]--;
			ps->dev[b]++;
			return true;
		}
	}
	return false;
}

/* Which of the turn player's cards were bought this turn is hidden. */
static bool
move_bought_mark(catan_state *s)
{
	struct core_state *c = st_core(s);
	const struct player_state *ps;

	if (c->current < 0)
		return false;
	ps = st_cplayer(s, c->current);
	for (int a = 0; a < CATAN_MAX_DEV_KINDS; a++) {
		if (!c->dev_bought[a])
			continue;
		for (int b = 0; b < CATAN_MAX_DEV_KINDS; b++) {
			if (b == a || ps->dev[b] <= c->dev_bought[b])
				continue;
			c->dev_bought[a]--;
			c->dev_bought[b]++;
			return true;
		}
	}
	return false;
}

/*
 * Two states that differ only in what @observer cannot see: the
 * observer's text, struct and JSON are the same; the referee's differ.
 */
static void
check_indistinguishable(const catan_state *s, const catan_state *v, int observer)
{
	catan_observation a, b;
	char *sa = obs_string(s, observer), *sb = obs_string(v, observer);
	char *ja = json_string(s, observer), *jb = json_string(v, observer);
	char *ra = obs_string(s, CATAN_OBSERVER_ALL), *rb = obs_string(v, CATAN_OBSERVER_ALL);
	char *rja = json_string(s, CATAN_OBSERVER_ALL), *rjb = json_string(v, CATAN_OBSERVER_ALL);

	assert_same_text(sa, sb);
	assert_same_text(ja, jb);
	observe(s, observer, &a);
	observe(v, observer, &b);
	ck_assert(memcmp(&a, &b, sizeof(a)) == 0);
	ck_assert_str_ne(ra, rb);
	ck_assert_str_ne(rja, rjb);
	free(sa);
	free(sb);
	free(ja);
	free(jb);
	free(ra);
	free(rb);
	free(rja);
	free(rjb);
}

static void
check_hiding(catan_ctx *ctx, const catan_state *s)
{
	int np = catan_game_num_players(catan_state_game(s));

	for (int i = 0; i <= np; i++) {
		int o = observer_at(i, np);

		for (int q = 0; q < np; q++) {
			catan_state *v = NULL;

			if (q == o)
				continue;
			/* cards: q and another hidden player swap one */
			for (int r = 0; r < np; r++) {
				if (r == o || r == q)
					continue;
				CATAN_ASSERT_OK(catan_state_clone(&v, s));
				if (swap_cards(v, q, r)) {
					char *own_a = obs_string(s, q), *own_b = obs_string(v, q);

					check_indistinguishable(s, v, o);
					ck_assert_str_ne(own_a, own_b);
					free(own_a);
					free(own_b);
					assert_sound(ctx, v);
				}
				catan_state_free(v);
				break;
			}
			/* development cards of q against the deck */
			CATAN_ASSERT_OK(catan_state_clone(&v, s));
			if (swap_dev_with_deck(v, q)) {
				char *own_a = obs_string(s, q), *own_b = obs_string(v, q);

				check_indistinguishable(s, v, o);
				ck_assert_str_ne(own_a, own_b);
				free(own_a);
				free(own_b);
				assert_sound(ctx, v);
			}
			catan_state_free(v);
		}
		/* the bought marks of the turn player, the RNG */
		if (st_ccore(s)->current >= 0 && st_ccore(s)->current != o) {
			catan_state *v = NULL;

			CATAN_ASSERT_OK(catan_state_clone(&v, s));
			if (move_bought_mark(v)) {
				check_indistinguishable(s, v, o);
				assert_sound(ctx, v);
			}
			catan_state_free(v);
		}
		{
			catan_state *v = NULL;

			CATAN_ASSERT_OK(catan_state_clone(&v, s));
			st_core(v)->rng.state ^= 0x10;
			check_indistinguishable(s, v, o);
			catan_state_free(v);
		}
	}
}

START_TEST(test_observation_hides)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, specs[_i % ARRAY_LEN(specs)]);
	catan_state *s = catan_test_state_new(g);
	uint64_t rng = catan_test_seed() + 31u * (uint64_t)_i;
	catan_action a;
	int step = 0;

	/* under valgrind a third as many positions, still through a whole game */
	int every = catan_test_under_valgrind() ? 291 : 97;

	while (step < 2500 && catan_test_random_action(s, &rng, &a)) {
		CATAN_ASSERT_OK(catan_state_apply(s, &a));
		if (++step % every == 0 || catan_state_is_terminal(s))
			check_hiding(ctx, s);
	}
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* What each view contains, by construction of a known position. */
START_TEST(test_observation_contents)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, "base(players=3,seed=27,chance=explicit)");
	catan_state *s = catan_test_state_new(g);
	catan_observation o;
	char *text;

	CATAN_APPLY(s, "chance first_player p0");
	CATAN_ASSERT_OK(catan_edit_set_turn(s, 0, CATAN_PHASE_MAIN, 6));
	CATAN_ASSERT_OK(catan_edit_set_cards(s, 0, CATAN_ORE, 2));
	CATAN_ASSERT_OK(catan_edit_set_cards(s, 1, CATAN_WOOL, 3));
	CATAN_ASSERT_OK(catan_edit_give_dev_card(s, 1, CATAN_DEV_VICTORY_POINT, 1));
	CATAN_ASSERT_OK(catan_edit_give_dev_card(s, 0, CATAN_DEV_MONOPOLY, 0));

	observe(s, 0, &o);
	ck_assert_int_eq(o.observer, 0);
	ck_assert_int_eq(o.current_player, 0);
	ck_assert_int_eq(o.turn_player, 0);
	ck_assert_uint_eq(o.phase, CATAN_PHASE_MAIN);
	ck_assert_uint_eq(o.dice, 6);
	ck_assert_uint_eq(o.num_players, 3);
	ck_assert_uint_eq(o.dev_deck_total, 23);
	ck_assert_uint_eq(o.players[0].flags, CATAN_VIEW_CARDS_KNOWN | CATAN_VIEW_DEV_KNOWN);
	ck_assert_uint_eq(o.players[0].cards[CATAN_ORE], 2);
	ck_assert_uint_eq(o.players[0].dev_cards[CATAN_DEV_MONOPOLY], 1);
	ck_assert_uint_eq(o.players[1].flags, 0);
	ck_assert_uint_eq(o.players[1].card_total, 3);
	ck_assert_uint_eq(o.players[1].dev_total, 1);
	ck_assert_uint_eq(o.players[1].cards[CATAN_WOOL], 0);
	ck_assert_uint_eq(o.players[1].dev_cards[CATAN_DEV_VICTORY_POINT], 0);
	ck_assert_int_eq(o.players[1].visible_vp, (int)o.players[1].public_vp);
	ck_assert_int_eq(o.players[1].longest_road, 0);
	for (int p = 3; p < CATAN_MAX_PLAYERS; p++)
		ck_assert_uint_eq(o.players[p].card_total, 0);
	observe(s, 1, &o);
	ck_assert_uint_eq(o.players[1].cards[CATAN_WOOL], 3);
	ck_assert_int_eq(o.players[1].visible_vp, (int)o.players[1].public_vp + 1);
	ck_assert_uint_eq(o.players[0].cards[CATAN_ORE], 0);
	observe(s, CATAN_OBSERVER_PUBLIC, &o);
	for (int p = 0; p < 3; p++)
		ck_assert_uint_eq(o.players[p].flags, 0);
	observe(s, CATAN_OBSERVER_ALL, &o);
	for (int p = 0; p < 3; p++)
		ck_assert_uint_eq(o.players[p].flags,
				  CATAN_VIEW_CARDS_KNOWN | CATAN_VIEW_DEV_KNOWN);

	/* texts: own cards only; the referee also sees the deck and RNG */
	text = obs_string(s, 0);
	ck_assert_ptr_nonnull(strstr(text, "observation 1 p0\n"));
	ck_assert_ptr_nonnull(strstr(text, " hand 0,0,0,0,2,0,0,0 dev_cards 0,0,0,1,0,0,0,0 dev_bought 0,0,0,1,0,0,0,0\n"));
	ck_assert_ptr_nonnull(strstr(text, "player 0 cards 2 dev 1 bought 1 "));
	ck_assert_ptr_nonnull(strstr(text, "player 1 cards 3 dev 1 knights"));
	ck_assert_ptr_null(strstr(text, "0,0,3,0,0"));
	ck_assert_ptr_null(strstr(text, "rng"));
	ck_assert_ptr_nonnull(strstr(text, "dev_deck 23\n"));
	free(text);
	text = obs_string(s, CATAN_OBSERVER_PUBLIC);
	ck_assert_ptr_null(strstr(text, " hand "));
	ck_assert_ptr_null(strstr(text, "dev_cards"));
	ck_assert_ptr_null(strstr(text, "total_vp"));
	free(text);
	text = obs_string(s, CATAN_OBSERVER_ALL);
	ck_assert_ptr_nonnull(strstr(text, "rng "));
	ck_assert_ptr_nonnull(strstr(text, "dev_deck 23 14,2,2,1,4,0,0,0\n"));
	ck_assert_ptr_nonnull(strstr(text, " hand 0,0,3,0,0,0,0,0 dev_cards 0,0,0,0,1,0,0,0"));
	free(text);
	text = json_string(s, 1);
	ck_assert_ptr_nonnull(strstr(text, "\"hand\":{\"lumber\":0,\"brick\":0,\"wool\":3,\"grain\":0,\"ore\":0}"));
	ck_assert_ptr_null(strstr(text, "\"ore\":2"));
	free(text);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

START_TEST(test_observation_args)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, "base(players=3,seed=28)");
	catan_state *s = catan_test_state_new(g);
	catan_observation o;
	char buf[64];
	size_t len = 0, full = 0;

	memset(&o, 0, sizeof(o));
	o.version = 2;
	CATAN_ASSERT_ERR(catan_state_observe(s, 0, &o), CATAN_EVERSION);
	o.version = CATAN_OBSERVATION_VERSION;
	CATAN_ASSERT_ERR(catan_state_observe(s, 3, &o), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_observe(s, CATAN_PLAYER_CHANCE, &o), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_observe(NULL, 0, &o), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_observe(s, 0, NULL), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_observation_string(s, 3, buf, sizeof(buf), &len), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_observation_string(NULL, 0, buf, sizeof(buf), &len), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_observation_string(s, 0, NULL, 4, &len), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_to_json(s, -3, buf, sizeof(buf), &len), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_to_json(NULL, 0, buf, sizeof(buf), &len), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_to_json(s, 0, NULL, 4, &len), CATAN_EINVAL);
	/* size queries and truncation */
	CATAN_ASSERT_ERR(catan_state_observation_string(s, 0, NULL, 0, &full), CATAN_EBUFS);
	CATAN_ASSERT_ERR(catan_state_observation_string(s, 0, buf, sizeof(buf), &len), CATAN_EBUFS);
	ck_assert_uint_eq(len, full);
	ck_assert_uint_eq(strlen(buf), sizeof(buf) - 1);
	{
		char *exact = malloc(full + 1);

		CATAN_ASSERT_OK(catan_state_observation_string(s, 0, exact, full + 1, &len));
		CATAN_ASSERT_ERR(catan_state_observation_string(s, 0, exact, full, &len),
				 CATAN_EBUFS);
		free(exact);
	}
	CATAN_ASSERT_ERR(catan_state_to_json(s, 0, NULL, 0, &full), CATAN_EBUFS);
	CATAN_ASSERT_ERR(catan_state_to_json(s, 0, buf, sizeof(buf), &len), CATAN_EBUFS);
	ck_assert_uint_eq(len, full);
	ck_assert_uint_eq(strlen(buf), sizeof(buf) - 1);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* ---------------------------------------------------------------- JSON */

/* A strict JSON (RFC 8259) checker: returns the end of one value or NULL. */
static const char *json_value(const char *p, int depth);

static const char *
json_ws(const char *p)
{
	while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
		p++;
	return p;
}

static const char *
json_str(const char *p)
{
	if (*p++ != '"')
		return NULL;
	while (*p != '"') {
		if ((unsigned char)*p < 0x20)
			return NULL;
		if (*p == '\\') {
			p++;
			if (*p == 'u') {
				for (int i = 1; i <= 4; i++)
					if (!strchr("0123456789abcdefABCDEF", p[i]) || !p[i])
						return NULL;
				p += 4;
			} else if (!*p || !strchr("\"\\/bfnrt", *p)) {
				return NULL;
			}
		}
		p++;
	}
	return p + 1;
}

static const char *
json_digits(const char *p)
{
	if (*p < '0' || *p > '9')
		return NULL;
	while (*p >= '0' && *p <= '9')
		p++;
	return p;
}

static const char *
json_num(const char *p)
{
	if (*p == '-')
		p++;
	if (*p == '0')
		p++;
	else if (!(p = json_digits(p)))
		return NULL;
	if (*p == '.' && !(p = json_digits(p + 1)))
		return NULL;
	if (*p == 'e' || *p == 'E') {
		p++;
		if (*p == '+' || *p == '-')
			p++;
		if (!(p = json_digits(p)))
			return NULL;
	}
	return p;
}

static const char *
json_container(const char *p, int depth, char close, bool keys)
{
	p = json_ws(p + 1);
	if (*p == close)
		return p + 1;
	for (;;) {
		if (keys) {
			if (!(p = json_str(json_ws(p))))
				return NULL;
			p = json_ws(p);
			if (*p++ != ':')
				return NULL;
		}
		if (!(p = json_value(p, depth + 1)))
			return NULL;
		p = json_ws(p);
		if (*p == close)
			return p + 1;
		if (*p++ != ',')
			return NULL;
	}
}

static const char *
json_value(const char *p, int depth)
{
	if (depth > 64)
		return NULL;
	p = json_ws(p);
	switch (*p) {
	case '{':
		return json_container(p, depth, '}', true);
	case '[':
		return json_container(p, depth, ']', false);
	case '"':
		return json_str(p);
	case 't':
		return strncmp(p, "true", 4) ? NULL : p + 4;
	case 'f':
		return strncmp(p, "false", 5) ? NULL : p + 5;
	case 'n':
		return strncmp(p, "null", 4) ? NULL : p + 4;
	default:
		return json_num(p);
	}
}

static bool
json_valid(const char *text)
{
	const char *end = json_value(text, 0);

	return end && *json_ws(end) == '\0';
}

START_TEST(test_json_checker)
{
	ck_assert(json_valid("{\"a\":[1,2.5,-3e+2,true,false,null,\"x\\\"\\u00e9\"],\"b\":{}}"));
	ck_assert(!json_valid("{\"a\":1,}"));
	ck_assert(!json_valid("{\"a\" 1}"));
	ck_assert(!json_valid("[01]"));
	ck_assert(!json_valid("\"\x01\""));
	ck_assert(!json_valid("{\"a\":1}x"));
	ck_assert(!json_valid("[1,2"));
}
END_TEST

/* Every observer's JSON is valid and holds only what they may see. */
static void
check_json(const catan_state *s, int np)
{
	for (int i = 0; i <= np + 1; i++) {
		int o = observer_at(i, np);
		char *text = json_string(s, o);

		ck_assert_msg(json_valid(text), "invalid JSON: %s", text);
		ck_assert_ptr_nonnull(strstr(text, "\"players\":[{\"id\":0,"));
		ck_assert_ptr_nonnull(strstr(text, "\"settlements\":["));
		ck_assert_ptr_nonnull(strstr(text, "\"cities\":["));
		ck_assert_ptr_nonnull(strstr(text, "\"roads\":["));
		ck_assert_ptr_nonnull(strstr(text, "\"phase\":\""));
		ck_assert_ptr_nonnull(strstr(text, "\"game\":\"base("));
		for (int p = 0; p < np; p++) {
			char key[64];
			const char *obj, *end, *hand;

			snprintf(key, sizeof(key), "{\"id\":%d,", p);
			obj = strstr(text, key);
			ck_assert_ptr_nonnull(obj);
			/* a shown hand is the player's first nested object,
			 * so it ends at the first '}' */
			end = strchr(obj, '}');
			hand = strstr(obj, "\"hand\":");
			ck_assert_int_eq(hand && hand < end,
					 o == p || o == CATAN_OBSERVER_ALL);
		}
		if (o != CATAN_OBSERVER_ALL)
			ck_assert_ptr_null(strstr(text, "\"rng\""));
		free(text);
	}
}

START_TEST(test_json_games)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, specs[_i % ARRAY_LEN(specs)]);
	catan_state *s = catan_test_state_new(g);
	int np = catan_game_num_players(g);
	uint64_t rng = catan_test_seed() * 3u + (uint64_t)_i;
	catan_action a;
	int step = 0;

	int every = catan_test_under_valgrind() ? 15 : 5;

	do {
		if (step % every == 0 || catan_state_is_terminal(s))
			check_json(s, np);
		if (!catan_test_random_action(s, &rng, &a))
			break;
		CATAN_ASSERT_OK(catan_state_apply(s, &a));
	} while (++step < 1500);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* ------------------------------------------------------------ resample */

static unsigned
dev_sum(const uint8_t *v)
{
	unsigned t = 0;

	for (int k = 0; k < CATAN_MAX_DEV_KINDS; k++)
		t += v[k];
	return t;
}

static void
check_resample(catan_ctx *ctx, const catan_state *s, int player, uint64_t seed)
{
	catan_state *r = NULL, *r2 = NULL;
	const struct core_state *c = st_ccore(s);
	char *before, *after;
	uint64_t rng = seed;
	catan_action a;

	CATAN_ASSERT_OK(catan_state_resample(&r, s, player, seed));
	before = obs_string(s, player);
	after = obs_string(r, player);
	assert_same_text(before, after);
	free(before);
	free(after);
	/* the spectator sees no difference either */
	before = obs_string(s, CATAN_OBSERVER_PUBLIC);
	after = obs_string(r, CATAN_OBSERVER_PUBLIC);
	assert_same_text(before, after);
	free(before);
	free(after);
	for (int p = 0; p < c->num_players; p++) {
		const struct player_state *a_ps = st_cplayer(s, p), *b_ps = st_cplayer(r, p);

		ck_assert_uint_eq(a_ps->hand_total, b_ps->hand_total);
		ck_assert_uint_eq(cards_total(b_ps->hand), b_ps->hand_total);
		ck_assert_uint_eq(dev_sum(a_ps->dev), dev_sum(b_ps->dev));
		if (p == player) {
			ck_assert(memcmp(a_ps, b_ps, sizeof(*a_ps)) == 0);
		}
	}
	ck_assert_uint_eq(dev_sum(c->dev_deck), dev_sum(st_ccore(r)->dev_deck));
	ck_assert_uint_eq(dev_sum(c->dev_bought), dev_sum(st_ccore(r)->dev_bought));
	/* bank, board and counters as they were */
	ck_assert(memcmp(c->bank, st_ccore(r)->bank, sizeof(c->bank)) == 0);
	ck_assert(memcmp(st_cvert(s), st_cvert(r), s->game->board.nvert) == 0);
	ck_assert(memcmp(st_cedge(s), st_cedge(r), s->game->board.nedge) == 0);
	assert_sound(ctx, r);
	/* the same seed, the same redeal */
	CATAN_ASSERT_OK(catan_state_resample(&r2, s, player, seed));
	ck_assert(catan_state_equal(r, r2));
	catan_state_free(r2);
	/* and it plays on */
	for (int i = 0; i < 40 && catan_test_random_action(r, &rng, &a); i++)
		CATAN_ASSERT_OK(catan_state_apply(r, &a));
	catan_state_free(r);
}

START_TEST(test_resample_games)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, specs[_i % ARRAY_LEN(specs)]);
	catan_state *s = catan_test_state_new(g);
	int np = catan_game_num_players(g);
	uint64_t rng = catan_test_seed() + 977u * (uint64_t)_i;
	catan_action a;
	int step = 0, changed = 0, tries = 0;

	int every = catan_test_under_valgrind() ? 123 : 41;

	while (step < 2500 && catan_test_random_action(s, &rng, &a)) {
		CATAN_ASSERT_OK(catan_state_apply(s, &a));
		if (++step % every && !catan_state_is_terminal(s))
			continue;
		for (int i = 0; i <= np; i++) {
			int p = observer_at(i, np);
			catan_state *r = NULL;

			check_resample(ctx, s, p, rng + (uint64_t)i);
			CATAN_ASSERT_OK(catan_state_resample(&r, s, p, rng ^ 0x55u));
			tries++;
			for (int q = 0; q < np; q++)
				if (memcmp(st_cplayer(s, q)->hand, st_cplayer(r, q)->hand,
					   CATAN_MAX_CARD_KINDS))
					changed++;
			catan_state_free(r);
		}
	}
	/* resampling does redeal */
	ck_assert_int_gt(changed, tries / 4);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* The redeal is uniform: each hidden card lands anywhere equally often. */
START_TEST(test_resample_uniform)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, "base(players=3,seed=29,chance=explicit)");
	catan_state *s = catan_test_state_new(g);
	const int runs = 6000;
	unsigned ore_p1 = 0, knights_p2 = 0, bought_vp = 0;

	CATAN_APPLY(s, "chance first_player p2");
	CATAN_ASSERT_OK(catan_edit_set_turn(s, 2, CATAN_PHASE_MAIN, 5));
	/* p1: 4 ore, p2: 2 wool -> p1 holds 4 of 6 hidden cards */
	CATAN_ASSERT_OK(catan_edit_set_cards(s, 1, CATAN_ORE, 4));
	CATAN_ASSERT_OK(catan_edit_set_cards(s, 2, CATAN_WOOL, 2));
	/* p2 holds a knight bought this turn and a VP card from before */
	CATAN_ASSERT_OK(catan_edit_give_dev_card(s, 2, CATAN_DEV_KNIGHT, 0));
	CATAN_ASSERT_OK(catan_edit_give_dev_card(s, 2, CATAN_DEV_VICTORY_POINT, 1));
	for (int i = 0; i < runs; i++) {
		catan_state *r = NULL;

		CATAN_ASSERT_OK(catan_state_resample(&r, s, 0, (uint64_t)i));
		ore_p1 += st_cplayer(r, 1)->hand[CATAN_ORE];
		knights_p2 += st_cplayer(r, 2)->dev[CATAN_DEV_KNIGHT];
		bought_vp += st_ccore(r)->dev_bought[CATAN_DEV_VICTORY_POINT];
		ck_assert_uint_eq(dev_sum(st_ccore(r)->dev_bought), 1);
		catan_state_free(r);
	}
	/* ore: 4 of 6 cards each 4/6 likely to be p1's: mean 16/6 */
	ck_assert_int_lt(abs((int)ore_p1 - runs * 16 / 6), runs / 20);
	/* knights: 2 of 25 hidden dev cards per draw, 14/25 each: mean 28/25 */
	ck_assert_int_lt(abs((int)knights_p2 - runs * 28 / 25), runs / 20);
	/* the bought card is one of p2's two: VP with probability 5/25 */
	ck_assert_int_lt(abs((int)bought_vp - runs / 5), runs / 25);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* A trade under way: the offer and the answers tell what hands hold. */
START_TEST(test_resample_keeps_public_knowledge)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, "base(players=3,seed=30,chance=explicit)");
	catan_state *s = catan_test_state_new(g);

	CATAN_APPLY(s, "chance first_player p1");
	CATAN_ASSERT_OK(catan_edit_set_turn(s, 1, CATAN_PHASE_MAIN, 5));
	CATAN_ASSERT_OK(catan_edit_set_cards(s, 1, CATAN_ORE, 1));
	CATAN_ASSERT_OK(catan_edit_set_cards(s, 1, CATAN_LUMBER, 5));
	CATAN_ASSERT_OK(catan_edit_set_cards(s, 2, CATAN_GRAIN, 1));
	CATAN_ASSERT_OK(catan_edit_set_cards(s, 2, CATAN_BRICK, 5));
	CATAN_APPLY(s, "p1 offer_trade give ore=1 get grain=1");
	CATAN_APPLY(s, "p2 accept_trade");
	CATAN_APPLY(s, "p0 decline_trade");
	ck_assert_int_eq(catan_state_phase(s), CATAN_PHASE_TRADE_CONFIRM);
	for (uint64_t seed = 0; seed < 300; seed++) {
		catan_state *r = NULL;

		CATAN_ASSERT_OK(catan_state_resample(&r, s, 0, seed));
		ck_assert_uint_ge(st_cplayer(r, 1)->hand[CATAN_ORE], 1);
		ck_assert_uint_ge(st_cplayer(r, 2)->hand[CATAN_GRAIN], 1);
		CATAN_APPLY(r, "p1 confirm_trade p2");
		catan_state_free(r);
	}
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* The winner's shown Victory Point cards are all they have. */
START_TEST(test_resample_winner_cards)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, "base(players=3,seed=32,chance=explicit,vp=3)");
	catan_state *s = catan_test_state_new(g);
	unsigned v;
	int kind;

	CATAN_APPLY(s, "chance first_player p0");
	CATAN_ASSERT_OK(catan_edit_set_turn(s, 0, CATAN_PHASE_MAIN, 5));
	CATAN_ASSERT_OK(catan_location_parse(g, "h9.se", &kind, &v));
	CATAN_ASSERT_OK(catan_edit_place(s, 0, CATAN_PIECE_SETTLEMENT, v));
	CATAN_ASSERT_OK(catan_edit_set_cards(s, 0, CATAN_LUMBER, 1));
	CATAN_ASSERT_OK(catan_edit_set_cards(s, 0, CATAN_BRICK, 1));
	CATAN_ASSERT_OK(catan_edit_give_dev_card(s, 0, CATAN_DEV_VICTORY_POINT, 1));
	CATAN_ASSERT_OK(catan_edit_give_dev_card(s, 0, CATAN_DEV_VICTORY_POINT, 1));
	CATAN_ASSERT_OK(catan_edit_give_dev_card(s, 0, CATAN_DEV_KNIGHT, 1));
	CATAN_ASSERT_OK(catan_edit_give_dev_card(s, 1, CATAN_DEV_KNIGHT, 1));
	CATAN_ASSERT_OK(catan_edit_give_dev_card(s, 2, CATAN_DEV_MONOPOLY, 1));
	CATAN_APPLY(s, "p0 build_road h9.ne-se");
	ck_assert_int_eq(catan_state_winner(s), 0);
	ck_assert_int_eq(catan_state_victory_points(s, 0, 0), 3);
	for (uint64_t seed = 0; seed < 200; seed++) {
		catan_state *r = NULL;

		check_resample(ctx, s, 1, seed);
		CATAN_ASSERT_OK(catan_state_resample(&r, s, CATAN_OBSERVER_PUBLIC, seed));
		ck_assert_uint_eq(st_cplayer(r, 0)->dev[CATAN_DEV_VICTORY_POINT], 2);
		ck_assert_uint_eq(dev_sum(st_cplayer(r, 0)->dev), 3);
		catan_state_free(r);
	}
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

START_TEST(test_resample_args)
{
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, "base(players=3,seed=31)");
	catan_state *s = catan_test_state_new(g);
	catan_state *r = NULL;

	CATAN_ASSERT_ERR(catan_state_resample(NULL, s, 0, 1), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_resample(&r, NULL, 0, 1), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_resample(&r, s, 3, 1), CATAN_EINVAL);
	CATAN_ASSERT_ERR(catan_state_resample(&r, s, CATAN_OBSERVER_ALL, 1), CATAN_EINVAL);
	ck_assert_ptr_null(r);
	/* the RNG is reseeded: a different future from the same seed */
	CATAN_ASSERT_OK(catan_state_resample(&r, s, 0, 1));
	ck_assert_uint_ne(st_ccore(r)->rng.state, st_ccore(s)->rng.state);
	catan_state_free(r);
	catan_state_free(s);
	catan_game_unref(g);
	catan_ctx_free(ctx);
}
END_TEST

/* Module counters are public (sys/module.h): every observer's string has
 * the same "counter" lines and the JSON export lists them; a game without
 * counters has an empty "counters" object. */
START_TEST(test_counters_are_public)
{
	static const int observers[] = { 0, 1, 2, CATAN_OBSERVER_PUBLIC, CATAN_OBSERVER_ALL };
	catan_ctx *ctx = catan_test_ctx_new();
	catan_game *g = catan_test_game_new(ctx, "base(players=3,seed=9)+harbors");
	catan_game *plain = catan_test_game_new(ctx, "base(players=3,seed=9)");
	catan_state *s = catan_test_state_new(g);
	catan_state *p = catan_test_state_new(plain);
	char buf[16384];
	size_t n;

	for (size_t i = 0; i < sizeof(observers) / sizeof(observers[0]); i++) {
		CATAN_ASSERT_OK(catan_state_observation_string(s, observers[i], buf,
							       sizeof(buf), &n));
		ck_assert_ptr_nonnull(strstr(buf, "\ncounter strongest_ports -1\n"));
		CATAN_ASSERT_OK(catan_state_to_json(s, observers[i], buf, sizeof(buf), &n));
		ck_assert_ptr_nonnull(strstr(buf, "\"counters\":{\"strongest_ports\":-1}"));
		ck_assert_ptr_nonnull(strstr(buf, "\"neutral_players\":0"));
	}
	CATAN_ASSERT_OK(catan_state_observation_string(p, 0, buf, sizeof(buf), &n));
	ck_assert_ptr_null(strstr(buf, "counter "));
	CATAN_ASSERT_OK(catan_state_to_json(p, 0, buf, sizeof(buf), &n));
	ck_assert_ptr_nonnull(strstr(buf, "\"counters\":{}"));
	catan_state_free(s);
	catan_state_free(p);
	catan_game_unref(g);
	catan_game_unref(plain);
	catan_ctx_free(ctx);
}
END_TEST

void
catan_test_register(SRunner *sr)
{
	Suite *s = catan_test_suite(sr, "observe");

	CATAN_TEST_ADD_LOOP(s, test_observation_hides, 0, 6);
	CATAN_TEST_ADD(s, test_observation_contents);
	CATAN_TEST_ADD(s, test_observation_args);
	CATAN_TEST_ADD(s, test_counters_are_public);

	s = catan_test_suite(sr, "json");
	CATAN_TEST_ADD(s, test_json_checker);
	CATAN_TEST_ADD_LOOP(s, test_json_games, 0, 6);

	s = catan_test_suite(sr, "resample");
	CATAN_TEST_ADD_LOOP(s, test_resample_games, 0, 12);
	CATAN_TEST_ADD(s, test_resample_uniform);
	CATAN_TEST_ADD(s, test_resample_keeps_public_knowledge);
	CATAN_TEST_ADD(s, test_resample_winner_cards);
	CATAN_TEST_ADD(s, test_resample_args);
}
