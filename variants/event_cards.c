/*
 * libcatanrules: CATAN Event Cards (Traders & Barbarians variant) — a deck
 * of 36 numbered event cards and the New Year card replaces the dice.
 * SPDX-License-Identifier: MIT
 */
#include <stdio.h>

#include "turn.h"
#include "catanrules/traders.h"

/*
 * traders-and-barbarians.txt, CATAN Event Cards: "Instead of rolling the
 * red and yellow dice, flip over the top card of the event deck. Resolve
 * any event effect shown. Then "Collect Resources" or "Resolve a 7"
 * according to the number disc shown on the card." RULINGS.md T4 gives the
 * composition and the effects the text leaves out; doc/variants/event_cards.md
 * lists every sentence and ruling.
 *
 * The deck. Set-up shuffles 36 cards, deals 5 under the New Year card and
 * puts the other 31 on top. Nobody sees a card before it is revealed, so
 * each of the first 31 reveals is a uniform draw among the cards not yet
 * revealed since the last New Year; then New Year comes up, the deck is made
 * anew and its top card revealed. The slice keeps how many of each of the
 * 22 card identities (number, event) are still undrawn; the draws left
 * before New Year are that count minus the 5 under it. New Year has no
 * choice in it, so it is folded into the roll that meets it: that roll's
 * outcomes are those of a fresh deck.
 *
 * The roll. The variant's roll raises its dice chance event; this module
 * claims it (whatever the phase, so that a second production roll of
 * another module draws a card too) and lists CATAN_ACT_EVENT_CARD
 * outcomes. Revealing a card resolves its event, possibly through player
 * decisions in the module's phases, and then hands the card's number to the
 * variant as a CATAN_ACT_DICE outcome, in the phase the card was revealed
 * in: production or "resolve a 7" follow as with dice, and the other
 * modules see that outcome in their after_apply as they would see dice.
 *
 * Simultaneous decisions (resources taken, cards given) are collected in
 * the slice and carried out together when the last one arrives, so the
 * order they come in cannot matter; an earthquake's damage touches only the
 * chooser's own road and is applied at once.
 */

/* "Deal 5 cards face down to start the event deck. Place the New Year card
 * face down on top of the deck." */
#define EV_UNDER_NEW_YEAR 5
#define EV_DECK_SIZE 36
#define EV_IDENTITIES 22
/* The module's chance events (declared in its vtable). */
#define CHANCE_EV_FIRST (CHANCE_VARIANT_BASE + 8)
#define CHANCE_EV_LAST (CHANCE_VARIANT_BASE + 11)
#define CHANCE_EVENT_STEAL CHANCE_EV_FIRST
/* Damaged roads: one bit per edge of the board. */
#define EV_MAX_EDGES 256
#define NO_CHOICE 0xFFu

/* RULINGS.md T4, in (number, event) order: the order the outcomes are
 * listed in. */
static const struct ev_card {
	uint8_t number;
	uint8_t event;
	uint8_t count;
} ev_deck[EV_IDENTITIES] = {
	{ 2, CATAN_EVENT_PLENTIFUL_YEAR, 1 },
	{ 3, CATAN_EVENT_BEAUTIFUL_DAY, 1 },
	{ 3, CATAN_EVENT_CONFLICT, 1 },
	{ 4, CATAN_EVENT_BEAUTIFUL_DAY, 1 },
	{ 4, CATAN_EVENT_ROBBER_FLEES, 2 },
	{ 5, CATAN_EVENT_BEAUTIFUL_DAY, 2 },
	{ 5, CATAN_EVENT_TRADE_ADVANTAGE, 1 },
	{ 5, CATAN_EVENT_TOURNAMENT, 1 },
	{ 6, CATAN_EVENT_BEAUTIFUL_DAY, 2 },
	{ 6, CATAN_EVENT_GOOD_NEIGHBORS, 1 },
	{ 6, CATAN_EVENT_EARTHQUAKE, 1 },
	{ 6, CATAN_EVENT_EPIDEMIC, 1 },
	{ 7, CATAN_EVENT_ROBBER_ATTACKS, 6 },
	{ 8, CATAN_EVENT_BEAUTIFUL_DAY, 4 },
	{ 8, CATAN_EVENT_EPIDEMIC, 1 },
	{ 9, CATAN_EVENT_BEAUTIFUL_DAY, 3 },
	{ 9, CATAN_EVENT_CALM_SEAS, 1 },
	{ 10, CATAN_EVENT_BEAUTIFUL_DAY, 2 },
	{ 10, CATAN_EVENT_HELPFUL_NEIGHBOR, 1 },
	{ 11, CATAN_EVENT_BEAUTIFUL_DAY, 1 },
	{ 11, CATAN_EVENT_HELPFUL_NEIGHBOR, 1 },
	{ 12, CATAN_EVENT_CALM_SEAS, 1 },
};

static const char *const ev_names[CATAN_EVENT_COUNT] = {
	[CATAN_EVENT_BEAUTIFUL_DAY] = "beautiful_day",
	[CATAN_EVENT_PLENTIFUL_YEAR] = "plentiful_year",
	[CATAN_EVENT_CONFLICT] = "conflict",
	[CATAN_EVENT_ROBBER_FLEES] = "robber_flees",
	[CATAN_EVENT_TRADE_ADVANTAGE] = "trade_advantage",
	[CATAN_EVENT_TOURNAMENT] = "tournament",
	[CATAN_EVENT_GOOD_NEIGHBORS] = "good_neighbors",
	[CATAN_EVENT_EARTHQUAKE] = "earthquake",
	[CATAN_EVENT_EPIDEMIC] = "epidemic",
	[CATAN_EVENT_ROBBER_ATTACKS] = "robber_attacks",
	[CATAN_EVENT_CALM_SEAS] = "calm_seas",
	[CATAN_EVENT_HELPFUL_NEIGHBOR] = "helpful_neighbor",
	[CATAN_EVENT_NEW_YEAR] = "new_year",
};

struct ev_slice {
	uint8_t left[EV_IDENTITIES];  /* undrawn cards of each identity */
	uint8_t number;               /* number of the card being resolved, 0 if none */
	uint8_t event;                /* its event */
	uint8_t reveal_phase;         /* the phase it was revealed in */
	uint8_t epidemic;             /* Epidemic holds for the rest of the turn */
	int8_t thief;                 /* who steals in phase event_steal */
	int8_t victim;                /* whom, while the card is drawn */
	uint8_t steal_optional;       /* the thief may pass */
	uint8_t pad0;
	uint16_t new_years;           /* New Year cards revealed */
	uint32_t owe;                 /* players who still owe their choice */
	uint8_t choice[CATAN_MAX_PLAYERS];   /* resource taken or given */
	int8_t given_to[CATAN_MAX_PLAYERS];  /* recipient of a gift */
	uint8_t damaged[EV_MAX_EDGES / 8];   /* damaged roads, by edge */
};

extern const struct catan_module_ops catan_module_event_cards;

static int
num_seated(const catan_state *s)
{
	int n = st_ccore(s)->num_players;

	return n > CATAN_MAX_PLAYERS ? CATAN_MAX_PLAYERS : n;
}

static uint32_t
seated_mask(const catan_state *s)
{
	return (uint32_t)((UINT64_C(1) << num_seated(s)) - 1u);
}

/* ----------------------------------------------------------------- deck */

static unsigned
undrawn(const struct ev_slice *sl)
{
	unsigned t = 0;

	for (int i = 0; i < EV_IDENTITIES; i++)
		t += sl->left[i];
	return t;
}

/* Reveals left before New Year comes up. */
static unsigned
draws_before_new_year(const struct ev_slice *sl)
{
	unsigned t = undrawn(sl);

	return t > EV_UNDER_NEW_YEAR ? t - EV_UNDER_NEW_YEAR : 0;
}

static void
new_deck(struct ev_slice *sl)
{
	for (int i = 0; i < EV_IDENTITIES; i++)
		sl->left[i] = ev_deck[i].count;
}

/* ev_deck is in number order: the identities of number n are
 * ev_first[n] .. ev_first[n + 1] - 1. */
static const uint8_t ev_first[14] = {
	0, 0, 0, 1, 3, 5, 8, 12, 13, 15, 17, 19, 21, EV_IDENTITIES,
};

static int
identity_of(unsigned number, unsigned event)
{
	if (number < 2 || number > 12)
		return -1;
	for (int i = ev_first[number]; i < ev_first[number + 1]; i++)
		if (ev_deck[i].number == number && ev_deck[i].event == event)
			return i;
	return -1;
}

/* ------------------------------------------------------------- damage */

static bool
is_damaged(const struct ev_slice *sl, unsigned edge)
{
	return edge < EV_MAX_EDGES && (sl->damaged[edge / 8] & (1u << (edge % 8)));
}

/* Bits 64 i .. 64 i + 63 of the damaged set, edge e at bit e % 64. */
static uint64_t
damaged_word(const struct ev_slice *sl, unsigned i)
{
	uint64_t w = 0;

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	memcpy(&w, sl->damaged + i * 8, 8);
#else
	for (unsigned j = 0; j < 8; j++)
		w |= (uint64_t)sl->damaged[i * 8 + j] << (8 * j);
#endif
	return w;
}

/* The owner of the road on @edge. Road-like pieces do not count: "Bridges
 * are not roads for Earthquake and cannot be damaged" (RULINGS T11). */
static int
edge_owner(const catan_state *s, unsigned edge)
{
	int owner;

	if (edge >= s->game->board.nedge)
		return CATAN_NO_PLAYER;
	owner = edge_road_owner(st_cedge(s)[edge]);
	return owner >= 0 ? owner : CATAN_NO_PLAYER;
}

/* Damaged roads of @p player, counting at most @p max of them. */
static unsigned
damaged_roads(const catan_state *s, const struct ev_slice *sl, int player, unsigned max)
{
	const uint8_t *edges = st_cedge(s);
	unsigned n = 0, ne = s->game->board.nedge;

	/* Damaged roads are few: walk the set bits, eight edges a byte. An
	 * edge's road owner is edge_road_owner() of its byte (-1 when empty). */
	for (unsigned i = 0; i < EV_MAX_EDGES / 64 && i * 64 < ne; i++) {
		uint64_t m = damaged_word(sl, i);

		while (m) {
			unsigned e = i * 64 + (unsigned)__builtin_ctzll(m);

			m &= m - 1;
			if (e < ne && edge_road_owner(edges[e]) == player && ++n >= max)
				return n;
		}
	}
	return n;
}

/* Any damage at all (most positions have none). */
static bool
any_damage(const struct ev_slice *sl)
{
	uint64_t w = 0;

	for (unsigned i = 0; i < EV_MAX_EDGES / 64; i++)
		w |= damaged_word(sl, i);
	return w != 0;
}

/* The seated players with a road left intact, in one pass over the edges. */
static uint32_t
with_intact_roads(const catan_state *s, const struct ev_slice *sl)
{
	const uint8_t *edges = st_cedge(s);
	unsigned ne = s->game->board.nedge;
	int n = num_seated(s);
	uint32_t mask = 0;

	for (unsigned e = 0; e < ne; e++) {
		int owner;

		if (is_damaged(sl, e))
			continue;
		owner = edge_road_owner(edges[e]);
		if (owner >= 0 && owner < n)
			mask |= UINT32_C(1) << owner;
	}
	return mask;
}

/* "You may not build a settlement on the intersections next to a damaged
 * road" — one's own (T4). */
static bool
touches_own_damage(const catan_state *s, const struct ev_slice *sl, int player,
		   unsigned vertex)
{
	const struct board *b = &s->game->board;

	if (vertex >= b->nvert)
		return false;
	for (unsigned i = 0; i < b->vert[vertex].nadj && i < BOARD_VERTEX_PATHS; i++) {
		unsigned e = b->vert[vertex].edge[i];

		if (e < b->nedge && is_damaged(sl, e) && edge_owner(s, e) == player)
			return true;
	}
	return false;
}

/* -------------------------------------------------------- who benefits */

/* Players at the top of @p value, if the top is at least @p min. */
static uint32_t
top_players(const unsigned *value, int n, unsigned min)
{
	unsigned top = 0;
	uint32_t mask = 0;

	for (int p = 0; p < n; p++)
		if (value[p] > top)
			top = value[p];
	if (top < min)
		return 0;
	for (int p = 0; p < n; p++)
		if (value[p] == top)
			mask |= UINT32_C(1) << p;
	return mask;
}

static uint32_t
most_knights(const catan_state *s)
{
	unsigned k[CATAN_MAX_PLAYERS];
	int n = num_seated(s);

	for (int p = 0; p < n; p++)
		k[p] = st_cplayer(s, p)->knights;
	return top_players(k, n, 1);
}

/* Buildings on harbor intersections (Calm Seas counts buildings, not the
 * points Harbors of CATAN gives them). */
static uint32_t
most_on_harbors(const catan_state *s)
{
	const struct board *b = &s->game->board;
	const uint8_t *verts = st_cvert(s);
	unsigned count[CATAN_MAX_PLAYERS] = { 0 };
	int n = num_seated(s);

	for (unsigned v = 0; v < b->nvert; v++) {
		int owner;

		if (b->vert[v].harbor == BOARD_NONE || verts[v] == 0)
			continue;
		owner = PIECE_OWNER(verts[v]);
		if (owner >= 0 && owner < n)
			count[owner]++;
	}
	return top_players(count, n, 1);
}

static unsigned
public_vp(const catan_state *s, int p)
{
	int vp = catan_state__victory_points(s, p, false);

	return vp > 0 ? (unsigned)vp : 0;
}

/* Players other than @p thief holding resource cards. */
static uint32_t
others_with_cards(const catan_state *s, int thief)
{
	uint32_t mask = 0;

	for (int p = 0; p < num_seated(s); p++)
		if (p != thief && st_cplayer(s, p)->hand_total > 0)
			mask |= UINT32_C(1) << p;
	return mask;
}

/* ------------------------------------------------------------ resolving */

/* "Then "Collect Resources" or "Resolve a 7" according to the number":
 * the variant does it from a dice outcome, in the phase of the reveal. */
static void
produce(catan_state *s, struct ev_slice *sl)
{
	struct core_state *c = st_core(s);
	catan_action dice = CATAN_ACTION_INIT;

	dice.type = CATAN_ACT_DICE;
	dice.player = CATAN_PLAYER_CHANCE;
	dice.target = sl->number >= 2 && sl->number <= 12 ? sl->number : 7;
	catan_turn__resume(s, sl->reveal_phase);
	c->chance = CHANCE_NONE;
	sl->number = 0;
	sl->event = 0;
	sl->reveal_phase = 0;
	sl->owe = 0;
	sl->thief = CATAN_NO_PLAYER;
	sl->victim = CATAN_NO_PLAYER;
	sl->steal_optional = 0;
	catan_state__apply_as_variant(s, &dice, &catan_module_event_cards);
}

static void
start_choices(catan_state *s, struct ev_slice *sl, int phase, uint32_t owe)
{
	owe &= seated_mask(s);
	if (!owe) {
		produce(s, sl);
		return;
	}
	sl->owe = owe;
	memset(sl->choice, NO_CHOICE, sizeof(sl->choice));
	memset(sl->given_to, CATAN_NO_PLAYER, sizeof(sl->given_to));
	catan_turn__suspend(s, (unsigned)phase);
}

static void
start_steal(catan_state *s, struct ev_slice *sl, int thief, bool optional)
{
	if (thief < 0 || thief >= num_seated(s) || !others_with_cards(s, thief)) {
		produce(s, sl);
		return;
	}
	sl->thief = (int8_t)thief;
	sl->steal_optional = optional;
	catan_turn__suspend(s, CATAN_PHASE_EVENT_STEAL);
}

/* "Conflict: If you have the Largest Army tile, steal 1 random resource
 * card from any player. Otherwise, if one player has more Knight cards
 * than all others, that player may steal". */
static void
start_conflict(catan_state *s, struct ev_slice *sl)
{
	int holder = st_ccore(s)->army_holder;
	uint32_t top;

	if (holder >= 0 && holder < num_seated(s)) {
		start_steal(s, sl, holder, false);
		return;
	}
	top = most_knights(s);
	if (top && !(top & (top - 1))) {
		start_steal(s, sl, __builtin_ctz(top), true);
		return;
	}
	produce(s, sl);
}

/* "Helpful Neighbor: The player(s) with the most VPs gives 1 resource card
 * of their choice to a player with fewer VPs. If you have no resource
 * cards, then you do not have to give one." Public points (G3). */
static uint32_t
helpful_givers(const catan_state *s)
{
	unsigned vp[CATAN_MAX_PLAYERS];
	int n = num_seated(s);
	uint32_t top, givers = 0;

	for (int p = 0; p < n; p++)
		vp[p] = public_vp(s, p);
	top = top_players(vp, n, 0);
	if (top == seated_mask(s))
		return 0;   /* nobody has fewer */
	for (int p = 0; p < n; p++)
		if ((top & (UINT32_C(1) << p)) && st_cplayer(s, p)->hand_total > 0)
			givers |= UINT32_C(1) << p;
	return givers;
}

static void
reveal(catan_state *s, struct ev_slice *sl, unsigned number, unsigned event)
{
	struct core_state *c = st_core(s);
	uint32_t owe = 0;

	sl->number = (uint8_t)number;
	sl->event = (uint8_t)event;
	sl->reveal_phase = c->phase;
	c->chance = CHANCE_NONE;
	switch (event) {
	case CATAN_EVENT_PLENTIFUL_YEAR:
		/* T4: every player takes 1 resource of choice. */
		if (bank_total(c))
			owe = seated_mask(s);
		start_choices(s, sl, CATAN_PHASE_EVENT_TAKE, owe);
		break;
	case CATAN_EVENT_CONFLICT:
		start_conflict(s, sl);
		break;
	case CATAN_EVENT_ROBBER_FLEES:
		/* T4: the robber returns to the desert; no robber move by a
		 * player, so nothing restricts it. */
		catan_turn__send_robber_home(s);
		produce(s, sl);
		break;
	case CATAN_EVENT_TRADE_ADVANTAGE:
		start_steal(s, sl, c->longest_holder, false);
		break;
	case CATAN_EVENT_TOURNAMENT:
		if (bank_total(c))
			owe = most_knights(s);
		start_choices(s, sl, CATAN_PHASE_EVENT_TAKE, owe);
		break;
	case CATAN_EVENT_GOOD_NEIGHBORS:
		for (int p = 0; p < num_seated(s) && num_seated(s) > 1; p++)
			if (st_cplayer(s, p)->hand_total > 0)
				owe |= UINT32_C(1) << p;
		start_choices(s, sl, CATAN_PHASE_EVENT_GIVE, owe);
		break;
	case CATAN_EVENT_EARTHQUAKE:
		/* "Each player damages one of their own roads (if possible)":
		 * impossible with no road left intact. */
		start_choices(s, sl, CATAN_PHASE_EVENT_DAMAGE, with_intact_roads(s, sl));
		break;
	case CATAN_EVENT_EPIDEMIC:
		sl->epidemic = 1;
		produce(s, sl);
		break;
	case CATAN_EVENT_CALM_SEAS:
		if (bank_total(c))
			owe = most_on_harbors(s);
		start_choices(s, sl, CATAN_PHASE_EVENT_TAKE, owe);
		break;
	case CATAN_EVENT_HELPFUL_NEIGHBOR:
		start_choices(s, sl, CATAN_PHASE_EVENT_GIVE, helpful_givers(s));
		break;
	default:
		/* A Beautiful Day; Robber Attacks is the 7 itself. */
		produce(s, sl);
		break;
	}
}

static void
draw_card(catan_state *s, struct ev_slice *sl, const catan_action *a)
{
	int id = identity_of(a->target, a->arg);

	if (id < 0)
		return;
	/* "When you reveal the New Year card, create a new event deck as
	 * described in "Changes to Setup" and then reveal the top card". */
	if (draws_before_new_year(sl) == 0) {
		new_deck(sl);
		sl->new_years++;
	}
	if (sl->left[id] == 0)
		return;
	sl->left[id]--;
	reveal(s, sl, a->target, a->arg);
}

/* Takes of a resource of choice, all at once: the bank-shortage rule of
 * the base game (05.A) per kind, as for production. */
static void
finish_takes(catan_state *s, struct ev_slice *sl)
{
	int n = num_seated(s);

	for (int k = 0; k < CATAN_NUM_RESOURCES; k++) {
		unsigned asked = 0, takers = 0;

		for (int p = 0; p < n; p++) {
			if (sl->choice[p] == k) {
				asked++;
				takers++;
			}
		}
		if (!asked || (asked > st_ccore(s)->bank[k] && takers > 1))
			continue;
		for (int p = 0; p < n; p++)
			if (sl->choice[p] == k)
				catan_cards__receive(s, p, k, 1);
	}
}

/* Gifts, all at once: each was chosen from the hand as it was when the
 * card was revealed, and each giver gives exactly one card, so moving them
 * one after the other never lacks a card. */
static void
finish_gifts(catan_state *s, struct ev_slice *sl)
{
	int n = num_seated(s);

	for (int p = 0; p < n; p++) {
		int k = sl->choice[p], to = sl->given_to[p];

		if (k >= CATAN_NUM_RESOURCES || to < 0 || to >= n || to == p ||
		    st_cplayer(s, p)->hand[k] == 0)
			continue;
		catan_cards__transfer(s, p, to, k, 1);
	}
}

static void
decided(catan_state *s, struct ev_slice *sl, int p)
{
	sl->owe &= ~(UINT32_C(1) << p);
	if (sl->owe)
		return;
	if (st_ccore(s)->phase == CATAN_PHASE_EVENT_TAKE)
		finish_takes(s, sl);
	else if (st_ccore(s)->phase == CATAN_PHASE_EVENT_GIVE)
		finish_gifts(s, sl);
	produce(s, sl);
}

/* --------------------------------------------------------------- checks */

static int
single_card(const uint8_t c[CATAN_MAX_CARD_KINDS])
{
	int kind = -1;

	for (int k = 0; k < CATAN_MAX_CARD_KINDS; k++) {
		if (!c[k])
			continue;
		if (kind >= 0 || c[k] != 1 || k >= CATAN_NUM_RESOURCES)
			return -1;
		kind = k;
	}
	return kind;
}

static bool
zero(const uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (p[i])
			return false;
	return true;
}

/* One spelling per action: the fields a type does not use are zero. */
static bool
fields_clean(const catan_action *a)
{
	bool target = false, arg = false, give = false, get = false;

	switch (a->type) {
	case CATAN_ACT_EVENT_CARD:
		target = arg = true;
		break;
	case CATAN_ACT_EVENT_STEAL_CARD:
	case CATAN_ACT_EVENT_STEAL:
		arg = true;
		break;
	case CATAN_ACT_TAKE_RESOURCE:
		get = true;
		break;
	case CATAN_ACT_GIVE_RESOURCE:
		give = arg = true;
		break;
	case CATAN_ACT_DAMAGE_ROAD:
	case CATAN_ACT_REPAIR_ROAD:
		target = true;
		break;
	default:
		break;
	}
	return a->flags == 0 && (target || !a->target) && (arg || !a->arg) &&
	       (give || zero(a->give, sizeof(a->give))) &&
	       (get || zero(a->get, sizeof(a->get)));
}

/* May @p p give to @p to in the pending event? */
static bool
valid_recipient(const catan_state *s, const struct ev_slice *sl, int p, int to)
{
	int n = num_seated(s);

	if (to < 0 || to >= n || to == p)
		return false;
	if (sl->event == CATAN_EVENT_GOOD_NEIGHBORS)
		/* "the player on their left": the next seat in turn order. */
		return to == (p + 1) % n;
	return public_vp(s, to) < public_vp(s, p);
}

static int
refuse(const catan_state *s, int reason, const char *why)
{
	catan_state__seterr(s, "Event Cards: %s", why);
	return reason;
}

static int
check_own(const catan_state *s, const catan_action *a, const struct ev_slice *sl)
{
	const struct core_state *c = st_ccore(s);
	const struct board *b = &s->game->board;
	int p = a->player, kind;

	if (!fields_clean(a))
		return CATAN_REASON_BAD_ARGUMENT;
	if (a->player == CATAN_PLAYER_CHANCE)
		return CATAN_REASON_NONE;   /* the library matched a listed outcome */
	if (a->type == CATAN_ACT_EVENT_CARD || a->type == CATAN_ACT_EVENT_STEAL_CARD)
		return CATAN_REASON_BAD_OUTCOME;
	switch (a->type) {
	case CATAN_ACT_TAKE_RESOURCE:
		if (c->phase != CATAN_PHASE_EVENT_TAKE)
			return CATAN_REASON_WRONG_PHASE;
		kind = single_card(a->get);
		if (kind < 0)
			return CATAN_REASON_BAD_ARGUMENT;
		if (!c->bank[kind])
			return CATAN_REASON_BANK_EMPTY;
		return CATAN_REASON_NONE;
	case CATAN_ACT_GIVE_RESOURCE:
		if (c->phase != CATAN_PHASE_EVENT_GIVE)
			return CATAN_REASON_WRONG_PHASE;
		kind = single_card(a->give);
		if (kind < 0)
			return CATAN_REASON_BAD_ARGUMENT;
		if (!st_cplayer(s, p)->hand[kind])
			return CATAN_REASON_INSUFFICIENT_RESOURCES;
		if (!valid_recipient(s, sl, p, a->arg))
			return refuse(s, CATAN_REASON_VARIANT_RULE,
				      sl->event == CATAN_EVENT_GOOD_NEIGHBORS ?
				      "Good Neighbors: the card goes to the player on the left" :
				      "Helpful Neighbor: the card goes to a player with fewer points");
		return CATAN_REASON_NONE;
	case CATAN_ACT_EVENT_STEAL:
		if (c->phase != CATAN_PHASE_EVENT_STEAL)
			return CATAN_REASON_WRONG_PHASE;
		if (a->arg >= num_seated(s) || a->arg == p ||
		    !st_cplayer(s, a->arg)->hand_total)
			return CATAN_REASON_INVALID_VICTIM;
		return CATAN_REASON_NONE;
	case CATAN_ACT_EVENT_PASS:
		if (c->phase != CATAN_PHASE_EVENT_STEAL)
			return CATAN_REASON_WRONG_PHASE;
		if (!sl->steal_optional)
			return refuse(s, CATAN_REASON_VARIANT_RULE,
				      "this steal is not optional");
		return CATAN_REASON_NONE;
	case CATAN_ACT_DAMAGE_ROAD:
		if (c->phase != CATAN_PHASE_EVENT_DAMAGE)
			return CATAN_REASON_WRONG_PHASE;
		if (a->target >= b->nedge)
			return CATAN_REASON_BAD_LOCATION;
		if (edge_owner(s, a->target) != p || is_damaged(sl, a->target))
			return refuse(s, CATAN_REASON_VARIANT_RULE,
				      "Earthquake: choose one of your own intact roads");
		return CATAN_REASON_NONE;
	case CATAN_ACT_REPAIR_ROAD: {
		uint8_t cost[CATAN_MAX_CARD_KINDS] = { 0 };

		if (c->phase != CATAN_PHASE_MAIN)
			return CATAN_REASON_WRONG_PHASE;
		if (a->target >= b->nedge)
			return CATAN_REASON_BAD_LOCATION;
		if (edge_owner(s, a->target) != p || !is_damaged(sl, a->target))
			return refuse(s, CATAN_REASON_VARIANT_RULE,
				      "only a damaged road of your own is repaired");
		cost[CATAN_BRICK] = 1;
		cost[CATAN_LUMBER] = 1;
		if (!cards_covers(st_cplayer(s, p)->hand, cost))
			return CATAN_REASON_INSUFFICIENT_RESOURCES;
		return CATAN_REASON_NONE;
	}
	default:
		return CATAN_REASON_UNKNOWN_ACTION;
	}
}

static int
ev_check_action(const catan_state *s, const catan_action *a, const void *slice)
{
	const struct ev_slice *sl = slice;
	const struct core_state *c = st_ccore(s);
	int p = a->player;

	if (a->type >= CATAN_ACT_EVENT_FIRST && a->type <= CATAN_ACT_EVENT_LAST)
		return check_own(s, a, sl);
	if (p < 0 || p >= num_seated(s) || c->phase == CATAN_PHASE_SETUP)
		return CATAN_REASON_NONE;
	switch (a->type) {
	case CATAN_ACT_BUILD_ROAD:
	case CATAN_ACT_PLAY_ROAD_BUILDING:
		if (damaged_roads(s, sl, p, 1))
			return refuse(s, CATAN_REASON_VARIANT_RULE,
				      "Earthquake: no new road until all your damaged roads are repaired");
		break;
	case CATAN_ACT_BUILD_SETTLEMENT:
		if (touches_own_damage(s, sl, p, a->target))
			return refuse(s, CATAN_REASON_VARIANT_RULE,
				      "Earthquake: no settlement next to your damaged road");
		break;
	default:
		break;
	}
	return CATAN_REASON_NONE;
}

/* ------------------------------------------------------ move generation */

static void
add(catan_action_list *list, const catan_action *a)
{
	if (list->count < list->cap)
		list->items[list->count++] = *a;
}

static void
legal_own(const catan_state *s, int p, catan_action_list *list,
	  const struct ev_slice *sl)
{
	const struct core_state *c = st_ccore(s);
	const struct player_state *ps = st_cplayer(s, p);
	catan_action a = CATAN_ACTION_INIT;

	a.player = (int8_t)p;
	switch (c->phase) {
	case CATAN_PHASE_EVENT_TAKE:
		a.type = CATAN_ACT_TAKE_RESOURCE;
		for (int k = CATAN_NUM_RESOURCES - 1; k >= 0; k--) {
			if (!c->bank[k])
				continue;
			memset(a.get, 0, sizeof(a.get));
			a.get[k] = 1;
			add(list, &a);
		}
		break;
	case CATAN_PHASE_EVENT_GIVE:
		a.type = CATAN_ACT_GIVE_RESOURCE;
		for (int to = 0; to < num_seated(s); to++) {
			if (!valid_recipient(s, sl, p, to))
				continue;
			a.arg = (uint16_t)to;
			for (int k = CATAN_NUM_RESOURCES - 1; k >= 0; k--) {
				if (!ps->hand[k])
					continue;
				memset(a.give, 0, sizeof(a.give));
				a.give[k] = 1;
				add(list, &a);
			}
		}
		break;
	case CATAN_PHASE_EVENT_STEAL:
		if (p != sl->thief)
			break;
		a.type = CATAN_ACT_EVENT_STEAL;
		for (int q = 0; q < num_seated(s); q++) {
			if (q == p || !st_cplayer(s, q)->hand_total)
				continue;
			a.arg = (uint16_t)q;
			add(list, &a);
		}
		if (sl->steal_optional) {
			a.type = CATAN_ACT_EVENT_PASS;
			a.arg = 0;
			add(list, &a);
		}
		break;
	case CATAN_PHASE_EVENT_DAMAGE:
		a.type = CATAN_ACT_DAMAGE_ROAD;
		for (unsigned e = 0; e < s->game->board.nedge; e++) {
			if (edge_owner(s, e) != p || is_damaged(sl, e))
				continue;
			a.target = (uint16_t)e;
			add(list, &a);
		}
		break;
	case CATAN_PHASE_MAIN:
		if (!ps->hand[CATAN_BRICK] || !ps->hand[CATAN_LUMBER])
			break;
		a.type = CATAN_ACT_REPAIR_ROAD;
		/* the damaged edges in increasing order: set bits of the mask */
		for (unsigned i = 0; i < EV_MAX_EDGES / 64; i++) {
			uint64_t m = damaged_word(sl, i);

			while (m) {
				unsigned e = i * 64 + (unsigned)__builtin_ctzll(m);

				m &= m - 1;
				if (e >= s->game->board.nedge || edge_owner(s, e) != p)
					continue;
				a.target = (uint16_t)e;
				add(list, &a);
			}
		}
		break;
	default:
		break;
	}
}

/* A player with a damaged road builds no road (nor plays Road Building)
 * and no settlement next to one of their damaged roads. */
static bool
blocked_by_damage(const catan_state *s, int player, const catan_action *a,
		  const struct ev_slice *sl)
{
	return a->type == CATAN_ACT_BUILD_ROAD || a->type == CATAN_ACT_PLAY_ROAD_BUILDING ||
	       (a->type == CATAN_ACT_BUILD_SETTLEMENT &&
		touches_own_damage(s, sl, player, a->target));
}

static void
drop_blocked(const catan_state *s, int player, catan_action_list *list,
	     const struct ev_slice *sl)
{
	size_t i = 0, kept, n = list->count;

	/* the list is kept as it is up to the first action dropped */
	while (i < n && !blocked_by_damage(s, player, &list->items[i], sl))
		i++;
	for (kept = i; i < n; i++)
		if (!blocked_by_damage(s, player, &list->items[i], sl))
			list->items[kept++] = list->items[i];
	list->count = kept;
}

static void
ev_legal_actions(const catan_state *s, int player, catan_action_list *list,
		 const void *slice)
{
	const struct ev_slice *sl = slice;
	unsigned phase = st_ccore(s)->phase;
	bool damage;

	if (player < 0 || player >= num_seated(s))
		return;
	/* Most positions have no damage at all: nothing is filtered then, no
	 * repair is listed, and only this module's phases list anything. */
	damage = any_damage(sl);
	if (damage && phase != CATAN_PHASE_SETUP &&
	    damaged_roads(s, sl, player, 1) > 0)
		drop_blocked(s, player, list, sl);
	if ((phase >= CATAN_PHASE_EVENT_TAKE && phase <= CATAN_PHASE_EVENT_DAMAGE) ||
	    (damage && phase == CATAN_PHASE_MAIN))
		legal_own(s, player, list, sl);
}

static uint32_t
ev_acting_players(const catan_state *s, uint32_t mask, const void *slice)
{
	const struct ev_slice *sl = slice;

	switch (st_ccore(s)->phase) {
	case CATAN_PHASE_EVENT_TAKE:
	case CATAN_PHASE_EVENT_GIVE:
	case CATAN_PHASE_EVENT_DAMAGE:
		return sl->owe & seated_mask(s);
	case CATAN_PHASE_EVENT_STEAL:
		if (sl->thief < 0 || sl->thief >= num_seated(s))
			return 0;
		return UINT32_C(1) << sl->thief;
	default:
		return mask;
	}
}

/* --------------------------------------------------------------- chance */

static int
ev_chance_outcomes(const catan_state *s, catan_sink *sink, const void *slice)
{
	const struct ev_slice *sl = slice;
	const struct core_state *c = st_ccore(s);
	catan_action a = CATAN_ACTION_INIT;

	a.player = CATAN_PLAYER_CHANCE;
	if (c->chance == CHANCE_DICE) {
		bool fresh = draws_before_new_year(sl) == 0;
		uint32_t den = fresh ? EV_DECK_SIZE : undrawn(sl);

		a.type = CATAN_ACT_EVENT_CARD;
		for (int i = 0; i < EV_IDENTITIES; i++) {
			uint32_t num = fresh ? ev_deck[i].count : sl->left[i];

			if (!num)
				continue;
			a.target = ev_deck[i].number;
			a.arg = ev_deck[i].event;
			sink__outcome(sink, &a, num, den);
		}
		return 1;
	}
	if (c->chance == CHANCE_EVENT_STEAL) {
		const struct player_state *v;

		if (sl->victim < 0 || sl->victim >= num_seated(s))
			return 1;
		v = st_cplayer(s, sl->victim);
		a.type = CATAN_ACT_EVENT_STEAL_CARD;
		catan_cards__push_draws(sink, &a, v->hand);
		return 1;
	}
	return 0;
}

/* SAMPLED chance without the list (struct game_module): the card is the
 * one walking ev_chance_outcomes()' cumulative counts would reach with the
 * same single catan_rng__below(den) draw. A steal of an event is rare:
 * the generic walk lists and draws it. */
static int
ev_sample_chance(catan_state *s, catan_action *out, const void *slice)
{
	const struct ev_slice *sl = slice;
	struct core_state *c = st_core(s);
	catan_action a = CATAN_ACTION_INIT;
	unsigned left, acc = 0;
	uint32_t r;
	bool fresh;
	int i;

	if (c->chance == CHANCE_EVENT_STEAL)
		return MODULE_SAMPLE_LIST;
	if (c->chance != CHANCE_DICE)
		return MODULE_SAMPLE_NONE;
	left = undrawn(sl);
	fresh = left <= EV_UNDER_NEW_YEAR;   /* draws_before_new_year() == 0 */
	r = catan_rng__below(&c->rng, fresh ? EV_DECK_SIZE : left);
	/* The counts add up to den > r: the walk stops at a card still in
	 * the deck (an empty identity never moves the sum past r). */
	for (i = 0; i < EV_IDENTITIES - 1; i++) {
		acc += fresh ? ev_deck[i].count : sl->left[i];
		if (r < acc)
			break;
	}
	a.player = CATAN_PLAYER_CHANCE;
	a.type = CATAN_ACT_EVENT_CARD;
	a.target = ev_deck[i].number;
	a.arg = ev_deck[i].event;
	*out = a;
	return MODULE_SAMPLE_DRAWN;
}

/* ----------------------------------------------------------------- apply */

static void
ev_apply(catan_state *s, const catan_action *a, void *slice)
{
	struct ev_slice *sl = slice;
	struct core_state *c = st_core(s);
	const struct board *b = &s->game->board;
	int p = a->player;

	if (p == CATAN_PLAYER_CHANCE) {
		if (a->type == CATAN_ACT_EVENT_CARD && c->chance == CHANCE_DICE) {
			draw_card(s, sl, a);
		} else if (a->type == CATAN_ACT_EVENT_STEAL_CARD &&
			   c->chance == CHANCE_EVENT_STEAL && a->arg < CATAN_MAX_CARD_KINDS &&
			   sl->thief >= 0 && sl->thief < num_seated(s) &&
			   sl->victim >= 0 && sl->victim < num_seated(s)) {
			catan_cards__transfer(s, sl->victim, sl->thief, a->arg, 1);
			produce(s, sl);
		}
		return;
	}
	if (p < 0 || p >= num_seated(s))
		return;
	switch (a->type) {
	case CATAN_ACT_TAKE_RESOURCE:
	case CATAN_ACT_GIVE_RESOURCE: {
		int kind = single_card(a->type == CATAN_ACT_TAKE_RESOURCE ? a->get : a->give);
		int want = a->type == CATAN_ACT_TAKE_RESOURCE ? CATAN_PHASE_EVENT_TAKE :
			   CATAN_PHASE_EVENT_GIVE;

		if (kind < 0 || c->phase != want || !(sl->owe & (UINT32_C(1) << p)))
			return;
		sl->choice[p] = (uint8_t)kind;
		sl->given_to[p] = a->type == CATAN_ACT_GIVE_RESOURCE && a->arg < CATAN_MAX_PLAYERS ?
				  (int8_t)a->arg : CATAN_NO_PLAYER;
		decided(s, sl, p);
		break;
	}
	case CATAN_ACT_EVENT_STEAL:
		if (c->phase != CATAN_PHASE_EVENT_STEAL || a->arg >= num_seated(s) ||
		    !st_cplayer(s, a->arg)->hand_total || sl->thief < 0)
			return;
		sl->victim = (int8_t)a->arg;
		c->chance = CHANCE_EVENT_STEAL;
		break;
	case CATAN_ACT_EVENT_PASS:
		if (c->phase == CATAN_PHASE_EVENT_STEAL)
			produce(s, sl);
		break;
	case CATAN_ACT_DAMAGE_ROAD:
		if (c->phase != CATAN_PHASE_EVENT_DAMAGE || a->target >= b->nedge ||
		    a->target >= EV_MAX_EDGES || !(sl->owe & (UINT32_C(1) << p)))
			return;
		sl->damaged[a->target / 8] |= (uint8_t)(1u << (a->target % 8));
		decided(s, sl, p);
		break;
	case CATAN_ACT_REPAIR_ROAD: {
		uint8_t cost[CATAN_MAX_CARD_KINDS] = { 0 };

		if (a->target >= b->nedge || !is_damaged(sl, a->target))
			return;
		cost[CATAN_BRICK] = 1;
		cost[CATAN_LUMBER] = 1;
		catan_cards__pay(s, p, cost);
		sl->damaged[a->target / 8] &= (uint8_t)~(1u << (a->target % 8));
		/* A repair is built like a road: with strict phases it ends
		 * trading (B4). */
		catan_turn__mark_built(s);
		break;
	}
	default:
		break;
	}
}

/* "Epidemic: Players only receive 1 resource card for each of their cities
 * on a hex that produces this turn." */
static void
ev_production(const catan_state *s, unsigned total,
	      unsigned owed[][CATAN_MAX_CARD_KINDS], const void *slice)
{
	const struct ev_slice *sl = slice;
	const struct board *b = &s->game->board;
	const uint8_t *verts = st_cvert(s);
	unsigned nhex;
	const uint16_t *hexes = board_number_hexes(b, total, &nhex);
	int n = num_seated(s);

	if (!sl->epidemic)
		return;
	for (unsigned i = 0; i < nhex; i++) {
		unsigned hex = hexes[i];
		int kind;

		if (hex >= b->nhex || catan_state__hex_blocked(s, hex))
			continue;
		kind = b->hex[hex].resource;
		if (kind < 0 || kind >= CATAN_MAX_CARD_KINDS)
			continue;
		for (unsigned corner = 0; corner < 6; corner++) {
			unsigned v = b->hex[hex].vert[corner];
			int owner;

			if (v >= b->nvert || !verts[v] ||
			    PIECE_KIND(verts[v]) != CATAN_PIECE_CITY)
				continue;
			owner = PIECE_OWNER(verts[v]);
			if (owner >= 0 && owner < n && owed[owner][kind])
				owed[owner][kind]--;
		}
	}
}

static void
ev_after_apply(catan_state *s, const catan_action *a, void *slice)
{
	struct ev_slice *sl = slice;

	(void)s;
	/* Epidemic lasts for the turn of its reveal. */
	if (a->type == CATAN_ACT_END_TURN)
		sl->epidemic = 0;
}

/* ------------------------------------------------------------ lifecycle */

/* The action space's blocks of the module's player actions (space.h). */
static const catan_action_shape ev_shapes[] = {
	{ .type = CATAN_ACT_TAKE_RESOURCE, .cards = CATAN_SPACE_GET_ONE, .max = 1 },
	{ .type = CATAN_ACT_GIVE_RESOURCE, .arg = CATAN_SPACE_PLAYER, .cards = CATAN_SPACE_GIVE_ONE, .max = 1 },
	{ .type = CATAN_ACT_EVENT_STEAL, .arg = CATAN_SPACE_PLAYER },
	{ .type = CATAN_ACT_EVENT_PASS },
	{ .type = CATAN_ACT_DAMAGE_ROAD, .target = CATAN_SPACE_EDGE },
	{ .type = CATAN_ACT_REPAIR_ROAD, .target = CATAN_SPACE_EDGE },
};

static int
ev_build_game(catan_game *g)
{
	if (g->board.nedge > EV_MAX_EDGES) {
		catan__ctx_seterr(g->ctx, "event_cards: boards of more than %d edges are not supported",
				  EV_MAX_EDGES);
		return CATAN_EINVAL;
	}
	if (g->max_outcomes < EV_IDENTITIES)
		g->max_outcomes = EV_IDENTITIES;
	catan_game__set_sampler(g, "event_cards", ev_sample_chance);
	return catan_game_declare_action_shapes(g, ev_shapes, ARRAY_LEN(ev_shapes));
}

static int
ev_init_state(catan_state *s, void *slice)
{
	struct ev_slice *sl = slice;

	(void)s;
	memset(sl, 0, sizeof(*sl));
	new_deck(sl);
	sl->thief = CATAN_NO_PLAYER;
	sl->victim = CATAN_NO_PLAYER;
	memset(sl->choice, NO_CHOICE, sizeof(sl->choice));
	memset(sl->given_to, CATAN_NO_PLAYER, sizeof(sl->given_to));
	return CATAN_OK;
}

/* A damage mark belongs to a road: none stays on an empty edge. */
static void
ev_refresh(catan_state *s, void *slice)
{
	struct ev_slice *sl = slice;

	for (unsigned e = 0; e < EV_MAX_EDGES; e++)
		if (is_damaged(sl, e) && edge_owner(s, e) < 0)
			sl->damaged[e / 8] &= (uint8_t)~(1u << (e % 8));
}

static const char *
ev_phase_name(int phase)
{
	switch (phase) {
	case CATAN_PHASE_EVENT_TAKE:
		return "event_take";
	case CATAN_PHASE_EVENT_GIVE:
		return "event_give";
	case CATAN_PHASE_EVENT_STEAL:
		return "event_steal";
	case CATAN_PHASE_EVENT_DAMAGE:
		return "event_damage";
	default:
		return NULL;
	}
}

static int
ev_counter(const catan_state *s, int player, const char *name, int32_t *out,
	   const void *slice)
{
	const struct ev_slice *sl = slice;

	if (player < 0) {
		if (!strcmp(name, "event_cards_left"))
			*out = (int32_t)draws_before_new_year(sl);
		else if (!strcmp(name, "event_new_years"))
			*out = sl->new_years;
		else if (!strcmp(name, "event_epidemic"))
			*out = sl->epidemic;
		else
			return CATAN_ENOTFOUND;
		return CATAN_OK;
	}
	if (!strcmp(name, "damaged_roads")) {
		*out = (int32_t)damaged_roads(s, sl, player, UINT32_MAX);
		return CATAN_OK;
	}
	return CATAN_ENOTFOUND;
}

static const char *const ev_counters[] = {
	"event_cards_left", "event_new_years", "event_epidemic", "damaged_roads", NULL,
};

/* ------------------------------------------------------------- notation */

static const char *const ev_words[] = {
	[CATAN_ACT_EVENT_CARD - CATAN_ACT_EVENT_FIRST] = "event_card",
	[CATAN_ACT_EVENT_STEAL_CARD - CATAN_ACT_EVENT_FIRST] = "event_steal_card",
	[CATAN_ACT_TAKE_RESOURCE - CATAN_ACT_EVENT_FIRST] = "take_resource",
	[CATAN_ACT_GIVE_RESOURCE - CATAN_ACT_EVENT_FIRST] = "give_resource",
	[CATAN_ACT_EVENT_STEAL - CATAN_ACT_EVENT_FIRST] = "event_steal",
	[CATAN_ACT_EVENT_PASS - CATAN_ACT_EVENT_FIRST] = "event_pass",
	[CATAN_ACT_DAMAGE_ROAD - CATAN_ACT_EVENT_FIRST] = "damage_road",
	[CATAN_ACT_REPAIR_ROAD - CATAN_ACT_EVENT_FIRST] = "repair_road",
};

static bool
is_chance_type(unsigned type)
{
	return type == CATAN_ACT_EVENT_CARD || type == CATAN_ACT_EVENT_STEAL_CARD;
}

static int
ev_format_action(const catan_game *g, const catan_action *a, char *buf,
		 size_t cap, size_t *len_out)
{
	struct catan_text w = { buf, cap, 0, CATAN_OK };
	unsigned idx = (unsigned)a->type - CATAN_ACT_EVENT_FIRST;
	int np = g->num_players, kind, rc = CATAN_OK;

	if (a->type < CATAN_ACT_EVENT_FIRST || idx >= ARRAY_LEN(ev_words) ||
	    !ev_words[idx] || !fields_clean(a))
		goto bad;
	if (is_chance_type(a->type)) {
		if (a->player != CATAN_PLAYER_CHANCE)
			goto bad;
		catan_text__put(&w, "chance %s", ev_words[idx]);
	} else {
		if (a->player < 0 || a->player >= np)
			goto bad;
		catan_text__put(&w, "p%d %s", a->player, ev_words[idx]);
	}
	switch (a->type) {
	case CATAN_ACT_EVENT_CARD:
		if (identity_of(a->target, a->arg) < 0)
			goto bad;
		catan_text__put(&w, " %u %s", (unsigned)a->target, ev_names[a->arg]);
		break;
	case CATAN_ACT_EVENT_STEAL_CARD:
		if (a->arg >= CATAN_NUM_RESOURCES)
			goto bad;
		catan_text__put(&w, " %s", g->card_names[a->arg]);
		break;
	case CATAN_ACT_TAKE_RESOURCE:
		kind = single_card(a->get);
		if (kind < 0)
			goto bad;
		catan_text__put(&w, " %s", g->card_names[kind]);
		break;
	case CATAN_ACT_GIVE_RESOURCE:
		kind = single_card(a->give);
		if (kind < 0 || a->arg >= np)
			goto bad;
		catan_text__put(&w, " %s p%u", g->card_names[kind], (unsigned)a->arg);
		break;
	case CATAN_ACT_EVENT_STEAL:
		if (a->arg >= np)
			goto bad;
		catan_text__put(&w, " p%u", (unsigned)a->arg);
		break;
	case CATAN_ACT_DAMAGE_ROAD:
	case CATAN_ACT_REPAIR_ROAD:
		catan_text__put(&w, " ");
		rc = catan_text__location(&w, g, CATAN_LOC_EDGE, a->target);
		if (rc != CATAN_OK)
			goto bad;
		break;
	default:
		break;
	}
	return catan_text__finish(&w, len_out);
bad:
	if (cap)
		buf[0] = '\0';
	return rc != CATAN_OK ? rc : CATAN_EINVAL;
}

#define EV_MAX_ARGS 3

/* Split @p args on blanks into @p tok (in @p store); the count, or -1. */
static int
split_args(const char *args, char *store, size_t cap, char *tok[EV_MAX_ARGS])
{
	size_t len = strlen(args);
	int n = 0;
	char *p;

	if (len >= cap)
		return -1;
	memcpy(store, args, len + 1);
	for (p = store; *p;) {
		while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
			*p++ = '\0';
		if (!*p)
			break;
		if (n == EV_MAX_ARGS)
			return -1;
		tok[n++] = p;
		while (*p && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r')
			p++;
	}
	return n;
}

static int
parse_seat(const catan_game *g, const char *t, uint16_t *out)
{
	unsigned v = 0;

	if (t[0] != 'p' || !t[1])
		return CATAN_EPARSE;
	for (const char *q = t + 1; *q; q++) {
		if (*q < '0' || *q > '9' || v > 100)
			return CATAN_EPARSE;
		v = v * 10 + (unsigned)(*q - '0');
	}
	if (v >= g->num_players)
		return CATAN_EPARSE;
	*out = (uint16_t)v;
	return CATAN_OK;
}

static int
parse_kind(const catan_game *g, const char *t)
{
	int k = catan_text__parse_resource(g, t);

	return k >= 0 && k < CATAN_NUM_RESOURCES ? k : -1;
}

static int
parse_edge(const catan_game *g, const char *t, uint16_t *out)
{
	int kind;
	unsigned id;
	int rc = catan_location_parse(g, t, &kind, &id);

	if (rc != CATAN_OK)
		return rc;
	if (kind != CATAN_LOC_EDGE)
		return CATAN_EPARSE;
	*out = (uint16_t)id;
	return CATAN_OK;
}

static int
ev_parse_action(const catan_game *g, const char *name, const char *args,
		catan_action *out)
{
	char store[128];
	char *tok[EV_MAX_ARGS];
	unsigned type = 0;
	int n, k;

	for (unsigned i = 0; i < ARRAY_LEN(ev_words); i++)
		if (ev_words[i] && !strcmp(ev_words[i], name))
			type = CATAN_ACT_EVENT_FIRST + i;
	if (!type)
		return CATAN_ENOTFOUND;
	n = split_args(args ? args : "", store, sizeof(store), tok);
	if (n < 0)
		return CATAN_EPARSE;
	out->type = (uint16_t)type;
	switch (type) {
	case CATAN_ACT_EVENT_CARD: {
		unsigned number = 0;
		int ev = -1;

		if (n != 2)
			return CATAN_EPARSE;
		for (const char *q = tok[0]; *q; q++) {
			if (*q < '0' || *q > '9' || number > 12)
				return CATAN_EPARSE;
			number = number * 10 + (unsigned)(*q - '0');
		}
		for (int e = 0; e < CATAN_EVENT_COUNT; e++)
			if (!strcmp(ev_names[e], tok[1]))
				ev = e;
		if (ev < 0 || identity_of(number, (unsigned)ev) < 0)
			return CATAN_EPARSE;
		out->target = (uint16_t)number;
		out->arg = (uint16_t)ev;
		return CATAN_OK;
	}
	case CATAN_ACT_EVENT_STEAL_CARD:
	case CATAN_ACT_TAKE_RESOURCE:
		if (n != 1 || (k = parse_kind(g, tok[0])) < 0)
			return CATAN_EPARSE;
		if (type == CATAN_ACT_TAKE_RESOURCE)
			out->get[k] = 1;
		else
			out->arg = (uint16_t)k;
		return CATAN_OK;
	case CATAN_ACT_GIVE_RESOURCE:
		if (n != 2 || (k = parse_kind(g, tok[0])) < 0)
			return CATAN_EPARSE;
		out->give[k] = 1;
		return parse_seat(g, tok[1], &out->arg);
	case CATAN_ACT_EVENT_STEAL:
		if (n != 1)
			return CATAN_EPARSE;
		return parse_seat(g, tok[0], &out->arg);
	case CATAN_ACT_EVENT_PASS:
		return n == 0 ? CATAN_OK : CATAN_EPARSE;
	default:
		if (n != 1)
			return CATAN_EPARSE;
		return parse_edge(g, tok[0], &out->target);
	}
}

static const char *const ev_variants[] = { "base", NULL };

const struct catan_module_ops catan_module_event_cards = {
	.version = CATAN_MODULE_OPS_VERSION,
	.name = "event_cards",
	.description = "Traders & Barbarians: CATAN Event Cards, a deck of event cards replaces the dice",
	.variants = ev_variants,
	.conflicts = NULL,
	.params = NULL,
	.state_size = sizeof(struct ev_slice),
	.build_game = ev_build_game,
	.init_state = ev_init_state,
	.check_action = ev_check_action,
	.legal_actions = ev_legal_actions,
	.after_apply = ev_after_apply,
	.refresh = ev_refresh,
	.action_first = CATAN_ACT_EVENT_FIRST,
	.action_last = CATAN_ACT_EVENT_LAST,
	.apply = ev_apply,
	.chance_outcomes = ev_chance_outcomes,
	.acting_players = ev_acting_players,
	.production = ev_production,
	.phase_name = ev_phase_name,
	.format_action = ev_format_action,
	.parse_action = ev_parse_action,
	.counter = ev_counter,
	.counter_names = ev_counters,
	.phase_first = CATAN_PHASE_EVENT_FIRST,
	.phase_last = CATAN_PHASE_EVENT_LAST,
	.chance_first = CHANCE_EV_FIRST,
	.chance_last = CHANCE_EV_LAST,
};
