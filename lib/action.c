/*
 * libcatanrules: action names, order, notation (format and parse), reasons.
 * SPDX-License-Identifier: MIT
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>

#include "catan-private.h"

static const struct {
	const char *name;
	const char *text;
} reasons[CATAN_REASON_COUNT] = {
	[CATAN_REASON_NONE] = { "none", "legal" },
	[CATAN_REASON_GAME_OVER] = { "game_over", "the game has ended" },
	[CATAN_REASON_WRONG_PHASE] = { "wrong_phase", "not allowed in this phase of the turn" },
	[CATAN_REASON_NOT_YOUR_TURN] = { "not_your_turn", "this player may not act now" },
	[CATAN_REASON_UNKNOWN_ACTION] = { "unknown_action", "no such action in this game" },
	[CATAN_REASON_BAD_LOCATION] = { "bad_location", "no such hex, intersection or edge" },
	[CATAN_REASON_BAD_ARGUMENT] = { "bad_argument", "malformed action fields" },
	[CATAN_REASON_INSUFFICIENT_RESOURCES] = { "insufficient_resources", "the player does not hold the cards" },
	[CATAN_REASON_NO_PIECES_LEFT] = { "no_pieces_left", "no piece of that kind left in stock" },
	[CATAN_REASON_OCCUPIED] = { "occupied", "the location is taken" },
	[CATAN_REASON_DISTANCE_RULE] = { "distance_rule", "a building stands on an adjacent intersection" },
	[CATAN_REASON_NOT_CONNECTED] = { "not_connected", "not connected to the player's roads" },
	[CATAN_REASON_NOT_OWN_SETTLEMENT] = { "not_own_settlement", "a city must replace one of the player's settlements" },
	[CATAN_REASON_SETUP_ORDER] = { "setup_order", "set-up expects another piece or place" },
	[CATAN_REASON_BANK_EMPTY] = { "bank_empty", "the bank cannot supply that card" },
	[CATAN_REASON_DECK_EMPTY] = { "deck_empty", "no development cards left" },
	[CATAN_REASON_NO_CARD] = { "no_card", "the player holds no such development card" },
	[CATAN_REASON_CARD_BOUGHT_THIS_TURN] = { "card_bought_this_turn", "a development card waits until a later turn" },
	[CATAN_REASON_CARD_ALREADY_PLAYED] = { "card_already_played", "one development card per turn" },
	[CATAN_REASON_NO_ROAD_POSSIBLE] = { "no_road_possible", "no road can be placed" },
	[CATAN_REASON_ROBBER_SAME_HEX] = { "robber_same_hex", "the robber must move to another hex" },
	[CATAN_REASON_INVALID_VICTIM] = { "invalid_victim", "not an adjacent opponent holding cards" },
	[CATAN_REASON_WRONG_DISCARD] = { "wrong_discard", "more cards than owed, or cards not held" },
	[CATAN_REASON_BAD_TRADE] = { "bad_trade", "trades need cards on both sides and no type on both" },
	[CATAN_REASON_BAD_TRADE_RATIO] = { "bad_trade_ratio", "not the player's maritime rate for one card" },
	[CATAN_REASON_TRADING_OVER] = { "trading_over", "trading ended with the first build of the turn" },
	[CATAN_REASON_NO_OFFER] = { "no_offer", "no such offer or answer is open" },
	[CATAN_REASON_ALREADY_RESPONDED] = { "already_responded", "this player has answered the offer" },
	[CATAN_REASON_BAD_OUTCOME] = { "bad_outcome", "not an outcome of the pending chance event" },
	[CATAN_REASON_VARIANT_RULE] = { "variant_rule", "a rule of this variant forbids it" },
};

const char *
catan_reason_name(int reason)
{
	if (reason < 0 || reason >= CATAN_REASON_COUNT)
		return "unknown";
	return reasons[reason].name;
}

const char *
catan__reason_text(int reason)
{
	if (reason < 0 || reason >= CATAN_REASON_COUNT)
		return "unknown reason";
	return reasons[reason].text;
}

static const char *const type_names[] = {
	[CATAN_ACT_FIRST_PLAYER] = "first_player",
	[CATAN_ACT_DICE] = "dice",
	[CATAN_ACT_DRAW_DEV] = "draw_dev",
	[CATAN_ACT_STEAL_CARD] = "steal_card",
	[CATAN_ACT_ROLL] = "roll",
	[CATAN_ACT_DISCARD] = "discard",
	[CATAN_ACT_MOVE_ROBBER] = "move_robber",
	[CATAN_ACT_STEAL] = "steal",
	[CATAN_ACT_BUILD_ROAD] = "build_road",
	[CATAN_ACT_BUILD_SETTLEMENT] = "build_settlement",
	[CATAN_ACT_BUILD_CITY] = "build_city",
	[CATAN_ACT_BUY_DEV] = "buy_dev",
	[CATAN_ACT_PLAY_KNIGHT] = "play_knight",
	[CATAN_ACT_PLAY_ROAD_BUILDING] = "play_road_building",
	[CATAN_ACT_PLAY_YEAR_OF_PLENTY] = "play_year_of_plenty",
	[CATAN_ACT_PLAY_MONOPOLY] = "play_monopoly",
	[CATAN_ACT_MARITIME_TRADE] = "maritime_trade",
	[CATAN_ACT_OFFER_TRADE] = "offer_trade",
	[CATAN_ACT_ACCEPT_TRADE] = "accept_trade",
	[CATAN_ACT_DECLINE_TRADE] = "decline_trade",
	[CATAN_ACT_COUNTER_TRADE] = "counter_trade",
	[CATAN_ACT_CONFIRM_TRADE] = "confirm_trade",
	[CATAN_ACT_CANCEL_TRADE] = "cancel_trade",
	[CATAN_ACT_END_TURN] = "end_turn",
};

const char *
catan_action_type_name(int type)
{
	if (type < 0 || (size_t)type >= ARRAY_LEN(type_names))
		return NULL;
	return type_names[type];
}

int
catan_action_compare(const catan_action *a, const catan_action *b)
{
	int d;

	if (!a || !b)
		return a == b ? 0 : (a ? 1 : -1);
	if (a->type != b->type)
		return a->type < b->type ? -1 : 1;
	if (a->player != b->player)
		return a->player < b->player ? -1 : 1;
	if (a->target != b->target)
		return a->target < b->target ? -1 : 1;
	if (a->arg != b->arg)
		return a->arg < b->arg ? -1 : 1;
	d = memcmp(a->give, b->give, sizeof(a->give));
	if (d)
		return d < 0 ? -1 : 1;
	d = memcmp(a->get, b->get, sizeof(a->get));
	if (d)
		return d < 0 ? -1 : 1;
	if (a->flags != b->flags)
		return a->flags < b->flags ? -1 : 1;
	return 0;
}

/* --------------------------------------------------------------- format */

static bool
cards_nameable(const catan_game *g, const uint8_t c[CATAN_MAX_CARD_KINDS])
{
	for (int k = g->card_kinds; k < CATAN_MAX_CARD_KINDS; k++)
		if (c[k] && !catan_game__slot_name(g, (unsigned)k))
			return false;
	return cards_total(c) > 0;
}

/* A side of a trade: a card list, or "nothing" for an empty side (a gift,
 * which the rules refuse with bad_trade, but which can be written). */
static bool
trade_side_nameable(const catan_game *g, const uint8_t c[CATAN_MAX_CARD_KINDS])
{
	return cards_total(c) == 0 || cards_nameable(g, c);
}

static void
put_cards(const catan_game *g, struct catan_text *w, const uint8_t c[CATAN_MAX_CARD_KINDS])
{
	bool first = true;

	for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++) {
		if (!c[k])
			continue;
		catan_text__put(w, "%s%s=%u", first ? "" : ",",
				catan_game__slot_name(g, (unsigned)k), (unsigned)c[k]);
		first = false;
	}
}

static bool
all_zero(const uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (p[i])
			return false;
	return true;
}

/* Which fields an action type carries; the rest must be zero so that every
 * action has exactly one spelling. */
enum {
	F_TARGET = 1, F_ARG = 2, F_GIVE = 4, F_GET = 8,
};

static int
type_fields(int type)
{
	switch (type) {
	case CATAN_ACT_FIRST_PLAYER:
	case CATAN_ACT_DICE:
	case CATAN_ACT_MOVE_ROBBER:
	case CATAN_ACT_BUILD_ROAD:
	case CATAN_ACT_BUILD_SETTLEMENT:
	case CATAN_ACT_BUILD_CITY:
		return F_TARGET;
	case CATAN_ACT_DRAW_DEV:
	case CATAN_ACT_STEAL_CARD:
	case CATAN_ACT_STEAL:
	case CATAN_ACT_PLAY_MONOPOLY:
	case CATAN_ACT_CONFIRM_TRADE:
		return F_ARG;
	case CATAN_ACT_DISCARD:
		return F_GIVE;
	case CATAN_ACT_PLAY_YEAR_OF_PLENTY:
		return F_GET;
	case CATAN_ACT_MARITIME_TRADE:
	case CATAN_ACT_OFFER_TRADE:
	case CATAN_ACT_COUNTER_TRADE:
		return F_GIVE | F_GET;
	default:
		return 0;
	}
}

bool
catan_action__fields_clean(const catan_action *a)
{
	int f = type_fields(a->type);

	if (a->flags)
		return false;
	if (!(f & F_TARGET) && a->target)
		return false;
	if (!(f & F_ARG) && a->arg)
		return false;
	if (!(f & F_GIVE) && !all_zero(a->give, sizeof(a->give)))
		return false;
	if (!(f & F_GET) && !all_zero(a->get, sizeof(a->get)))
		return false;
	return true;
}

static int
format_location(const catan_game *g, int kind, unsigned id,
		struct catan_text *w)
{
	char loc[32];
	int rc = catan_location_format(g, kind, id, loc, sizeof(loc), NULL);

	if (rc != CATAN_OK)
		return rc;
	catan_text__put(w, " %s", loc);
	return CATAN_OK;
}

/* Returns an error of the action; the writer records its own. */
static int
format_base(const catan_game *g, const catan_action *a, struct catan_text *w)
{
	const char *name = catan_action_type_name(a->type);
	int np = g->num_players;

	if (!name || !catan_action__fields_clean(a))
		return CATAN_EINVAL;
	if (a->player == CATAN_PLAYER_CHANCE)
		catan_text__put(w, "chance %s", name);
	else if (a->player >= 0 && a->player < np)
		catan_text__put(w, "p%d %s", a->player, name);
	else
		return CATAN_EINVAL;

	switch (a->type) {
	case CATAN_ACT_FIRST_PLAYER:
		if (a->target >= np)
			return CATAN_EINVAL;
		catan_text__put(w, " p%u", (unsigned)a->target);
		break;
	case CATAN_ACT_DICE:
		if (a->target < 2 || a->target > 12)
			return CATAN_EINVAL;
		catan_text__put(w, " %u", (unsigned)a->target);
		break;
	case CATAN_ACT_DRAW_DEV:
		if (a->arg >= g->dev_kinds)
			return CATAN_EINVAL;
		catan_text__put(w, " %s", g->dev_names[a->arg]);
		break;
	case CATAN_ACT_STEAL_CARD:
	case CATAN_ACT_PLAY_MONOPOLY:
		if (a->arg >= g->card_kinds)
			return CATAN_EINVAL;
		catan_text__put(w, " %s", g->card_names[a->arg]);
		break;
	case CATAN_ACT_STEAL:
	case CATAN_ACT_CONFIRM_TRADE:
		if (a->arg >= np)
			return CATAN_EINVAL;
		catan_text__put(w, " p%u", (unsigned)a->arg);
		break;
	case CATAN_ACT_MOVE_ROBBER:
		/* off the board, where a robber beside the board goes "to the
		 * desert" (Fishing on Catan with Friendly Robber) */
		if (a->target == CATAN_NONE) {
			catan_text__put(w, " off");
			break;
		}
		return format_location(g, CATAN_LOC_HEX, a->target, w);
	case CATAN_ACT_BUILD_ROAD:
		return format_location(g, CATAN_LOC_EDGE, a->target, w);
	case CATAN_ACT_BUILD_SETTLEMENT:
	case CATAN_ACT_BUILD_CITY:
		return format_location(g, CATAN_LOC_VERTEX, a->target, w);
	case CATAN_ACT_DISCARD:
		if (!cards_nameable(g, a->give))
			return CATAN_EINVAL;
		catan_text__put(w, " ");
		put_cards(g, w, a->give);
		break;
	case CATAN_ACT_PLAY_YEAR_OF_PLENTY:
		if (!cards_nameable(g, a->get))
			return CATAN_EINVAL;
		catan_text__put(w, " ");
		put_cards(g, w, a->get);
		break;
	case CATAN_ACT_MARITIME_TRADE:
	case CATAN_ACT_OFFER_TRADE:
	case CATAN_ACT_COUNTER_TRADE:
		if (!trade_side_nameable(g, a->give) || !trade_side_nameable(g, a->get))
			return CATAN_EINVAL;
		catan_text__put(w, " give ");
		if (cards_total(a->give))
			put_cards(g, w, a->give);
		else
			catan_text__put(w, "nothing");
		catan_text__put(w, " get ");
		if (cards_total(a->get))
			put_cards(g, w, a->get);
		else
			catan_text__put(w, "nothing");
		break;
	default:
		break;
	}
	return CATAN_OK;
}

int
catan_action_format(const catan_game *g, const catan_action *a, char *buf,
		    size_t cap, size_t *len_out)
{
	struct catan_text w = { buf, cap, 0, CATAN_OK };
	int rc;

	if (!g || !a || (!buf && cap))
		return CATAN_EINVAL;
	if (a->type >= CATAN_ACT_VARIANT_BASE) {
		const struct game_module *m = catan_game__action_owner(g, a->type);

		if (m && m->ops->format_action)
			return m->ops->format_action(g, a, buf, cap, len_out);
		if (m || !g->variant->format_action)
			return CATAN_EINVAL;
		return g->variant->format_action(g, a, buf, cap, len_out);
	}
	rc = format_base(g, a, &w);
	if (rc == CATAN_OK)
		rc = w.rc;
	if (rc != CATAN_OK) {
		if (cap)
			buf[0] = '\0';
		return rc;
	}
	rc = catan_text__finish(&w, len_out);
	if (rc == CATAN_EBUFS && cap)
		buf[cap - 1] = '\0';
	return rc;
}

/* ---------------------------------------------------------------- parse */

/* Parse a decimal in [0, max] that fills the whole string. */
static bool
parse_uint(const char *text, unsigned max, unsigned *out)
{
	unsigned long v;
	char *end;

	if (!isdigit((unsigned char)text[0]))
		return false;
	errno = 0;
	v = strtoul(text, &end, 10);
	if (errno || *end || v > max)
		return false;
	*out = (unsigned)v;
	return true;
}

int
catan_text__parse_cards(const catan_game *g, const char *text, uint8_t out[CATAN_MAX_CARD_KINDS])
{
	char item[32];
	const char *p = text;

	memset(out, 0, CATAN_MAX_CARD_KINDS);
	while (*p) {
		const char *comma = strchr(p, ',');
		size_t n = comma ? (size_t)(comma - p) : strlen(p);
		char *eq;
		unsigned count;
		int kind;

		if (n == 0 || n >= sizeof(item))
			return CATAN_EPARSE;
		memcpy(item, p, n);
		item[n] = '\0';
		eq = strchr(item, '=');
		if (!eq)
			return CATAN_EPARSE;
		*eq = '\0';
		kind = catan_text__parse_resource(g, item);
		/* a traded holding is written like a card kind (gold=2) */
		if (kind < 0)
			kind = catan_game__slot_of_holding(g, item);
		if (kind < 0)
			return CATAN_ENOTFOUND;
		if (!parse_uint(eq + 1, 255, &count) || count == 0 || out[kind])
			return CATAN_EPARSE;
		out[kind] = (uint8_t)count;
		p += n;
		if (comma) {
			p++;
			if (!*p)
				return CATAN_EPARSE;
		}
	}
	return cards_total(out) ? CATAN_OK : CATAN_EPARSE;
}

#define MAX_TOKENS 6
#define TOKEN_SIZE 64

struct tokens {
	char tok[MAX_TOKENS][TOKEN_SIZE];
	int n;
};

static int
tokenize(const char *text, struct tokens *t)
{
	const char *p = text;

	t->n = 0;
	for (;;) {
		size_t n;

		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			return CATAN_OK;
		n = strcspn(p, " \t");
		if (t->n == MAX_TOKENS || n >= TOKEN_SIZE)
			return CATAN_EPARSE;
		memcpy(t->tok[t->n], p, n);
		t->tok[t->n][n] = '\0';
		t->n++;
		p += n;
	}
}

static int
parse_player(const catan_state *s, const char *tok, int *out)
{
	unsigned p;

	if (tok[0] != 'p' || !parse_uint(tok + 1, 255, &p)) {
		catan_state__seterr(s, "expected a player like 'p0', got '%s'", tok);
		return CATAN_EPARSE;
	}
	if ((int)p >= s->game->num_players) {
		catan_state__seterr(s, "no player %s in a %d-player game", tok, s->game->num_players);
		return CATAN_ENOTFOUND;
	}
	*out = (int)p;
	return CATAN_OK;
}

static int
parse_location(const catan_state *s, const char *tok, int want, uint16_t *out)
{
	static const char *const kinds[] = { "", "hex", "intersection", "edge" };
	unsigned id;
	int kind;
	int rc = catan_location_parse(s->game, tok, &kind, &id);

	if (rc != CATAN_OK) {
		catan_state__seterr(s, "bad location '%s'", tok);
		return rc;
	}
	if (kind != want) {
		catan_state__seterr(s, "'%s' is not an %s", tok, kinds[want]);
		return CATAN_EPARSE;
	}
	*out = (uint16_t)id;
	return CATAN_OK;
}

static int
parse_cards_arg(const catan_state *s, const char *tok, uint8_t out[CATAN_MAX_CARD_KINDS])
{
	int rc = catan_text__parse_cards(s->game, tok, out);

	if (rc != CATAN_OK)
		catan_state__seterr(s, "bad card list '%s' (expected kind=n,kind=n)", tok);
	return rc;
}

/* A side of a trade: a card list or "nothing" (trade_side_nameable()). */
static int
parse_trade_side(const catan_state *s, const char *tok, uint8_t out[CATAN_MAX_CARD_KINDS])
{
	if (strcmp(tok, "nothing") == 0) {
		memset(out, 0, CATAN_MAX_CARD_KINDS);
		return CATAN_OK;
	}
	return parse_cards_arg(s, tok, out);
}

static int
expect_args(const catan_state *s, const struct tokens *t, int n, const char *usage)
{
	if (t->n == n)
		return CATAN_OK;
	catan_state__seterr(s, "expected '%s'", usage);
	return CATAN_EPARSE;
}

static int
parse_base_args(const catan_state *s, const struct tokens *t, catan_action *a)
{
	unsigned v;
	int kind, rc;

	switch (a->type) {
	case CATAN_ACT_FIRST_PLAYER:
	case CATAN_ACT_STEAL:
	case CATAN_ACT_CONFIRM_TRADE: {
		int p;

		if ((rc = expect_args(s, t, 3, "<who> <action> p<i>")))
			return rc;
		if ((rc = parse_player(s, t->tok[2], &p)))
			return rc;
		if (a->type == CATAN_ACT_FIRST_PLAYER)
			a->target = (uint16_t)p;
		else
			a->arg = (uint16_t)p;
		return CATAN_OK;
	}
	case CATAN_ACT_DICE:
		if ((rc = expect_args(s, t, 3, "chance dice <2..12>")))
			return rc;
		if (!parse_uint(t->tok[2], 12, &v) || v < 2) {
			catan_state__seterr(s, "bad dice total '%s'", t->tok[2]);
			return CATAN_EPARSE;
		}
		a->target = (uint16_t)v;
		return CATAN_OK;
	case CATAN_ACT_DRAW_DEV:
		if ((rc = expect_args(s, t, 3, "chance draw_dev <card>")))
			return rc;
		kind = catan_text__parse_dev(s->game, t->tok[2]);
		if (kind < 0) {
			catan_state__seterr(s, "unknown development card '%s'", t->tok[2]);
			return CATAN_ENOTFOUND;
		}
		a->arg = (uint16_t)kind;
		return CATAN_OK;
	case CATAN_ACT_STEAL_CARD:
	case CATAN_ACT_PLAY_MONOPOLY:
		if ((rc = expect_args(s, t, 3, "<who> <action> <resource>")))
			return rc;
		kind = catan_text__parse_resource(s->game, t->tok[2]);
		if (kind < 0) {
			catan_state__seterr(s, "unknown resource '%s'", t->tok[2]);
			return CATAN_ENOTFOUND;
		}
		a->arg = (uint16_t)kind;
		return CATAN_OK;
	case CATAN_ACT_MOVE_ROBBER:
		if ((rc = expect_args(s, t, 3, "p<i> move_robber h<i>|off")))
			return rc;
		if (!strcmp(t->tok[2], "off")) {
			a->target = CATAN_NONE;
			return CATAN_OK;
		}
		return parse_location(s, t->tok[2], CATAN_LOC_HEX, &a->target);
	case CATAN_ACT_BUILD_ROAD:
		if ((rc = expect_args(s, t, 3, "p<i> build_road <edge>")))
			return rc;
		return parse_location(s, t->tok[2], CATAN_LOC_EDGE, &a->target);
	case CATAN_ACT_BUILD_SETTLEMENT:
	case CATAN_ACT_BUILD_CITY:
		if ((rc = expect_args(s, t, 3, "p<i> <build> <intersection>")))
			return rc;
		return parse_location(s, t->tok[2], CATAN_LOC_VERTEX, &a->target);
	case CATAN_ACT_DISCARD:
		if ((rc = expect_args(s, t, 3, "p<i> discard kind=n,...")))
			return rc;
		return parse_cards_arg(s, t->tok[2], a->give);
	case CATAN_ACT_PLAY_YEAR_OF_PLENTY:
		if ((rc = expect_args(s, t, 3, "p<i> play_year_of_plenty kind=n,...")))
			return rc;
		return parse_cards_arg(s, t->tok[2], a->get);
	case CATAN_ACT_MARITIME_TRADE:
	case CATAN_ACT_OFFER_TRADE:
	case CATAN_ACT_COUNTER_TRADE:
		if ((rc = expect_args(s, t, 6, "p<i> <trade> give kind=n,... get kind=n,...")))
			return rc;
		if (strcmp(t->tok[2], "give") || strcmp(t->tok[4], "get")) {
			catan_state__seterr(s, "expected 'give ... get ...'");
			return CATAN_EPARSE;
		}
		if ((rc = parse_trade_side(s, t->tok[3], a->give)))
			return rc;
		return parse_trade_side(s, t->tok[5], a->get);
	default:
		return expect_args(s, t, 2, "<who> <action>");
	}
}

static bool
is_chance_type(int type)
{
	return type >= CATAN_ACT_FIRST_PLAYER && type <= CATAN_ACT_STEAL_CARD;
}

/* An action word the base notation does not know: the variant's, then
 * each module's (their parse_action hooks). */
static int
parse_extension(const catan_state *s, const char *text, const struct tokens *t,
		catan_action *out)
{
	const catan_game *g = s->game;
	const char *args = strstr(text, t->tok[1]) + strlen(t->tok[1]);
	int player = CATAN_PLAYER_CHANCE, rc;

	/* "referee <action>": the host's end of a round (RULINGS C13). */
	if (!strcmp(t->tok[0], "referee"))
		player = CATAN_PLAYER_REFEREE;
	for (int i = -1; i < (int)g->nmodules; i++) {
		int (*parse)(const catan_game *, const char *, const char *, catan_action *) =
			i < 0 ? g->variant->parse_action : g->modules[i].ops->parse_action;
		catan_action a = CATAN_ACTION_INIT;

		if (!parse)
			continue;
		if (strcmp(t->tok[0], "chance") && player == CATAN_PLAYER_CHANCE &&
		    (rc = parse_player(s, t->tok[0], &player)))
			return rc;
		rc = parse(g, t->tok[1], args, &a);
		if (rc == CATAN_OK) {
			a.player = (int8_t)player;
			*out = a;
			return CATAN_OK;
		}
		if (rc != CATAN_ENOTFOUND) {
			catan_state__seterr(s, "bad arguments for '%s'", t->tok[1]);
			return rc;
		}
	}
	catan_state__seterr(s, "unknown action '%s'", t->tok[1]);
	return CATAN_ENOTFOUND;
}

int
catan_action_parse(const catan_state *s, const char *text, catan_action *out)
{
	struct tokens t;
	catan_action a = CATAN_ACTION_INIT;
	int rc, type;

	if (!s || !text || !out)
		return CATAN_EINVAL;
	if (tokenize(text, &t) != CATAN_OK || t.n < 2) {
		catan_state__seterr(s, "cannot read action '%.60s': expected '<who> <action> [args]'", text);
		return CATAN_EPARSE;
	}
	for (type = 1; (size_t)type < ARRAY_LEN(type_names); type++)
		if (type_names[type] && !strcmp(type_names[type], t.tok[1]))
			break;
	if ((size_t)type == ARRAY_LEN(type_names))
		return parse_extension(s, text, &t, out);
	a.type = (uint16_t)type;
	if (!strcmp(t.tok[0], "chance")) {
		if (!is_chance_type(type)) {
			catan_state__seterr(s, "'%s' is a player action, not a chance outcome", t.tok[1]);
			return CATAN_EPARSE;
		}
		a.player = CATAN_PLAYER_CHANCE;
	} else {
		int player;

		if (is_chance_type(type)) {
			catan_state__seterr(s, "'%s' is a chance outcome: write 'chance %s ...'",
					    t.tok[1], t.tok[1]);
			return CATAN_EPARSE;
		}
		if ((rc = parse_player(s, t.tok[0], &player)))
			return rc;
		a.player = (int8_t)player;
	}
	rc = parse_base_args(s, &t, &a);
	if (rc != CATAN_OK)
		return rc;
	*out = a;
	return CATAN_OK;
}
