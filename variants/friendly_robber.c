/*
 * libcatanrules: the Friendly Robber (Traders & Barbarians variant) — the
 * robber spares players with 2 or fewer public points.
 * SPDX-License-Identifier: MIT
 */
#include "turn.h"

/*
 * traders-and-barbarians.txt, The Friendly Robber: "You may not move the
 * robber to a hex with the building of a player who only has 2 VPs. If
 * there is no valid hex, move the robber to the desert. In this case,
 * steal 1 random card from a player with an adjacent building as long as
 * they have more than 2 VPs."
 *
 * RULINGS.md T3: every robber move (a 7, a Knight, and whatever later
 * modules add through the robber phase); points are public points (G3);
 * protected is every player with 2 or fewer, the mover included. The
 * robber must still leave its hex; when no other hex is valid it goes to
 * the desert, or stays there if it already stands on it.
 *
 * All of it rides on the robber phase of the variant: the move_robber
 * action is restricted by a veto and by the legal_actions pipeline, the
 * stay on the desert is a permit of the variant's robber_same_hex, and the
 * steal is limited by the robber_victims fold, which the variant consults
 * wherever it decides whom the robber's mover may rob.
 */

/* "a player who only has 2 VPs" (T3: 2 or fewer). */
#define FR_PROTECTED_MAX_VP 2

/* The robber's options in the current position. */
struct fr_rule {
	uint32_t protected;   /* players with FR_PROTECTED_MAX_VP or fewer */
	bool any_open;        /* some hex other than the robber's is valid */
	unsigned fallback;    /* where it goes when none is: the desert */
	bool any_desert;      /* some hex is "the desert" (else it stays) */
	/* Boards of up to 64 hexes: the hexes with a protected player's
	 * building, from one pass over the intersections. */
	bool have_spared;
	uint64_t spared;
};

static uint32_t
protected_players(const catan_state *s)
{
	int n = st_ccore(s)->num_players;
	uint32_t mask = 0;

	for (int p = 0; p < n && p < CATAN_MAX_PLAYERS; p++)
		if (catan_state__victory_points(s, p, false) <= FR_PROTECTED_MAX_VP)
			mask |= UINT32_C(1) << p;
	return mask;
}

/* Players with a building on a corner of the hex. */
static uint32_t
hex_owners(const catan_state *s, unsigned hex)
{
	const struct board *b = &s->game->board;
	const uint8_t *verts = st_cvert(s);
	uint32_t mask = 0;

	if (hex >= b->nhex)
		return 0;
	for (unsigned c = 0; c < 6; c++) {
		unsigned v = b->hex[hex].vert[c];
		int owner;

		if (v >= b->nvert || verts[v] == 0)
			continue;
		owner = PIECE_OWNER(verts[v]);
		if (owner >= 0 && owner < CATAN_MAX_PLAYERS)
			mask |= UINT32_C(1) << owner;
	}
	return mask;
}

static bool
spared_hexes(const catan_state *s, uint32_t protected, uint64_t *out)
{
	const struct board *b = &s->game->board;
	const uint8_t *verts = st_cvert(s);
	uint64_t spared = 0;

	if (b->nhex > 64)
		return false;
	for (unsigned v = 0; v < b->nvert; v++) {
		const struct board_vertex *bv;
		int owner;

		if (verts[v] == 0)
			continue;
		owner = PIECE_OWNER(verts[v]);
		if (owner < 0 || owner >= CATAN_MAX_PLAYERS || !(protected & (UINT32_C(1) << owner)))
			continue;
		bv = &b->vert[v];
		for (unsigned i = 0; i < bv->nhex && i < 3; i++)
			if (bv->hex[i] < 64)
				spared |= UINT64_C(1) << bv->hex[i];
	}
	*out = spared;
	return true;
}

/* Does a protected player build on a corner of the hex? */
static bool
is_spared(const catan_state *s, const struct fr_rule *r, unsigned hex)
{
	if (r->have_spared)
		return hex < 64 && ((r->spared >> hex) & 1u);
	return (hex_owners(s, hex) & r->protected) != 0;
}

static void
fr_rule_get(const catan_state *s, struct fr_rule *r)
{
	const struct board *b = &s->game->board;
	unsigned robber = st_ccore(s)->robber_hex;

	r->protected = protected_players(s);
	r->have_spared = spared_hexes(s, r->protected, &r->spared);
	r->any_open = false;
	for (unsigned h = 0; h < b->nhex && !r->any_open; h++)
		if (h != robber && !is_spared(s, r, h))
			r->any_open = true;
	/* Without a desert on the board the robber has nowhere to be sent,
	 * so it stays where it is (documented in doc/variants). */
	r->fallback = b->desert != BOARD_NONE ? b->desert : robber;
	r->any_desert = catan_turn__desert_choice(s->game, robber) ||
			catan_turn__desert_elsewhere(s->game, robber);
}

/* "move the robber to the desert": the desert, or in a game whose desert
 * is a terrain (Rivers' swamps, T11) any hex of it, the mover's choice;
 * where there is none, the robber's own hex. */
static bool
fr_fallback_ok(const catan_state *s, const struct fr_rule *r, unsigned hex)
{
	/* a robber whose home is beside the board goes off it (T17) */
	if (catan_turn__robber_home_off_board(s->game))
		return hex == BOARD_NONE;
	if (!r->any_desert)
		return hex == st_ccore(s)->robber_hex;
	return catan_turn__desert_choice(s->game, hex);
}

/* May the robber go to @p hex under this module (other rules aside)? */
static bool
fr_allows(const catan_state *s, const struct fr_rule *r, unsigned hex)
{
	if (!r->any_open)
		return fr_fallback_ok(s, r, hex);
	/* Staying put is the variant's business when other hexes are open. */
	if (hex == st_ccore(s)->robber_hex)
		return true;
	return !is_spared(s, r, hex);
}

static int
fr_check_action(const catan_state *s, const catan_action *a, const void *slice)
{
	struct fr_rule r;
	uint32_t spared;

	(void)slice;
	if (a->type != CATAN_ACT_MOVE_ROBBER ||
	    a->target >= s->game->board.nhex)
		return CATAN_REASON_NONE;
	fr_rule_get(s, &r);
	if (fr_allows(s, &r, a->target))
		return CATAN_REASON_NONE;
	if (!r.any_open && catan_turn__robber_home_off_board(s->game)) {
		catan_state__seterr(s, "Friendly Robber: every other hex has a building of a player with %d or fewer points, so the robber goes off the board",
				    FR_PROTECTED_MAX_VP);
		return CATAN_REASON_VARIANT_RULE;
	}
	if (!r.any_open) {
		catan_state__seterr(s, "Friendly Robber: every other hex has a building of a player with %d or fewer points, so the robber goes to the desert h%u",
				    FR_PROTECTED_MAX_VP, r.fallback);
		return CATAN_REASON_VARIANT_RULE;
	}
	spared = hex_owners(s, a->target) & r.protected;
	catan_state__seterr(s, "Friendly Robber: h%u has a building of p%d, who has %d or fewer points",
			    (unsigned)a->target, __builtin_ctz(spared),
			    FR_PROTECTED_MAX_VP);
	return CATAN_REASON_VARIANT_RULE;
}

/* "If there is no valid hex, move the robber to the desert" — and when it
 * already stands there it stays (T3), which the variant refuses as
 * robber_same_hex. */
static int
fr_permit(const catan_state *s, const catan_action *a, int reason,
	  const void *slice)
{
	struct fr_rule r;

	(void)slice;
	/* off the board the core refuses as a variant rule (turn-robber.c) */
	if (a->type != CATAN_ACT_MOVE_ROBBER ||
	    (reason != CATAN_REASON_ROBBER_SAME_HEX &&
	     !(reason == CATAN_REASON_VARIANT_RULE && a->target == BOARD_NONE)))
		return 0;
	fr_rule_get(s, &r);
	return !r.any_open && fr_fallback_ok(s, &r, a->target);
}

static void
fr_legal_actions(const catan_state *s, int player, catan_action_list *list,
		 const void *slice)
{
	struct fr_rule r;
	bool have_rule = false, have_own = false;
	unsigned robber = st_ccore(s)->robber_hex;
	size_t kept = 0;

	(void)slice;
	/* Robber moves are listed in the robber phase only (base lists them
	 * there; no module lists any): the other lists pass untouched. */
	if (st_ccore(s)->phase != CATAN_PHASE_ROBBER)
		return;
	for (size_t i = 0; i < list->count; i++) {
		const catan_action *a = &list->items[i];

		if (a->type == CATAN_ACT_MOVE_ROBBER) {
			if (!have_rule) {
				fr_rule_get(s, &r);
				have_rule = true;
			}
			if (!fr_allows(s, &r, a->target))
				continue;
			if (a->target == robber)
				have_own = true;
		}
		if (kept != i)
			list->items[kept] = *a;
		kept++;
	}
	list->count = kept;
	/* The robber phase always offers a move: the fallback, which the
	 * variant does not list when it is the robber's own hex. */
	if (have_rule && !r.any_open && list->count < list->cap) {
		catan_action m = CATAN_ACTION_INIT;
		/* beside the board its fallback is off it, which nobody lists */
		unsigned to = catan_turn__robber_home_off_board(s->game) ? BOARD_NONE : robber;

		m.type = CATAN_ACT_MOVE_ROBBER;
		m.player = (int8_t)player;
		m.target = (uint16_t)to;
		if (fr_fallback_ok(s, &r, to) && (to == BOARD_NONE || !have_own))
			list->items[list->count++] = m;
	}
}

/* "steal 1 random card from a player with an adjacent building as long as
 * they have more than 2 VPs". Where the robber stands on a valid hex no
 * protected player builds around it, so the same filter serves always. */
static uint32_t
fr_robber_victims(const catan_state *s, unsigned hex, int thief,
		  uint32_t victims, const void *slice)
{
	(void)hex;
	(void)thief;
	(void)slice;
	if (!victims)
		return 0;
	return victims & ~protected_players(s);
}

static const char *const fr_variants[] = { "base", NULL };

const struct catan_module_ops catan_module_friendly_robber = {
	.version = CATAN_MODULE_OPS_VERSION,
	.name = "friendly_robber",
	.description = "Traders & Barbarians: the robber spares players with 2 or fewer points",
	.variants = fr_variants,
	.conflicts = NULL,
	.params = NULL,
	.state_size = 0,
	.check_action = fr_check_action,
	.legal_actions = fr_legal_actions,
	.permit = fr_permit,
	.robber_victims = fr_robber_victims,
};
