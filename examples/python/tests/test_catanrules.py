# test_catanrules: tests of the Python binding against the library it loads.
# SPDX-License-Identifier: MIT
"""Run with 'python3 -m pytest examples/python/tests' (CATANRULES_LIB
names the library to test; meson test --suite python sets it to the one
just built)."""

import ctypes
import fractions
import os
import random
import shutil
import subprocess
import tempfile

import pytest

import catanrules
from catanrules import _lib

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))


@pytest.fixture(scope="module")
def ctx():
    return catanrules.Context()


def play_random(state, rng, max_actions=100000, stop=None):
    """Random legal actions (chance drawn by its probabilities) until the
    end, max_actions, or stop(state) is true."""
    while not state.is_terminal and state.move_number < max_actions:
        if stop is not None and stop(state):
            return
        if state.is_chance_node:
            outcomes = state.chance_outcomes()
            state.apply(rng.choices([a for a, _ in outcomes],
                                    weights=[float(p) for _, p in outcomes])[0])
        else:
            state.apply(rng.choice(state.legal_actions()))


# ------------------------------------------------------------- loading

def test_abi_and_version():
    assert ctypes.sizeof(_lib.Action) == 24
    assert catanrules.ABI_VERSION == 2
    major, minor, micro = catanrules.library_version()
    assert (major, minor) >= (0, 1)
    assert _lib.lib.catan_abi_check(catanrules.ABI_VERSION, 24) == 0
    assert _lib.lib.catan_abi_check(catanrules.ABI_VERSION, 23) != 0
    assert _lib.lib.catan_abi_check(catanrules.ABI_VERSION + 1, 24) != 0


def test_library_is_the_one_asked_for():
    wanted = os.environ.get("CATANRULES_LIB")
    if not wanted or os.path.isdir(wanted):
        pytest.skip("CATANRULES_LIB does not name a file")
    assert os.path.realpath(_lib.lib._name) == os.path.realpath(wanted)


def test_context(ctx):
    assert "base" in ctx.variants
    info = ctx.variant_info("base")
    assert info["min_players"] == 3 and info["max_players"] == 4
    assert info["description"]
    with pytest.raises(catanrules.NotFoundError):
        ctx.variant_info("no-such-variant")
    assert isinstance(ctx.modules, list)


# ------------------------------------------------------------- games

def test_game_from_string(ctx):
    game = ctx.game("base(seed=42,players=3)")
    assert game.string.startswith("base(players=3,seed=42,")
    assert str(game) == game.string
    assert ctx.game(game.string) == game
    assert ctx.game("base(players=3,seed=43)") != game
    assert game.variant == "base"
    assert game.num_players == 3
    assert game.vp_to_win == 10
    assert game.chance_mode == "sampled"
    assert ctx.game("base(chance=explicit)").chance_mode == "explicit"
    assert game.param("seed") == "42"
    assert game.param("no_such_param") is None
    assert game.neutral_players == 0


def test_counter_unknown_name(ctx):
    state = ctx.game("base(players=3,seed=42)").new_state()
    with pytest.raises(catanrules.NotFoundError, match="no_counter"):
        state.counter("no_counter", player=0)
    with pytest.raises(catanrules.InvalidArgumentError):
        state.counter("no_counter", player=7)


def test_victory_points_error_apart_from_value(ctx):
    state = ctx.game("base(players=3,seed=42)").new_state()
    assert state.victory_points(0) == 0
    assert state.scores == [0, 0, 0]
    with pytest.raises(catanrules.InvalidArgumentError):
        state.victory_points(7)


@pytest.mark.parametrize("spec, error, words", [
    ("base(players=", catanrules.ParseError, "malformed"),
    ("base(players=9)", catanrules.InvalidArgumentError, "players"),
    ("base(player=3)", catanrules.NotFoundError, "player"),
    ("nosuchgame", catanrules.NotFoundError, "nosuchgame"),
    ("base+barbarian_attack", catanrules.NotSupportedError, "not implemented"),
])
def test_bad_game_string(ctx, spec, error, words):
    with pytest.raises(error) as info:
        ctx.game(spec)
    assert isinstance(info.value, catanrules.CatanError)
    assert info.value.code < 0
    assert words in info.value.message


def test_game_info(ctx):
    info = ctx.game("base(players=3,max_turns=50)+harbors").info
    assert (info["min_players"], info["max_players"], info["num_players"]) == (3, 4, 3)
    assert info["num_neutral"] == 0
    assert info["information"] == "imperfect"
    assert info["simultaneous"] == ["order_free"]
    assert info["max_turns"] == 50 and info["max_moves"] == 0
    assert info["returns"] == (0, 1)
    assert info["vp_to_win"] == 11
    two = ctx.game("base(players=2)+catan_for_two").info
    assert (two["min_players"], two["max_players"], two["num_neutral"]) == (2, 2, 2)
    assert two["max_legal_actions"] == ctx.game("base(players=2)+catan_for_two").max_legal_actions


def test_board(ctx):
    game = ctx.game("base(board=beginner)")
    assert game.board_counts == {"hexes": 19, "vertices": 54, "edges": 72,
                                 "harbors": 9, "sites": 0, "plazas": 0}
    hexes = game.hexes
    assert [h["r"] for h in hexes] == [-2] * 3 + [-1] * 4 + [0] * 5 + \
        [1] * 4 + [2] * 3
    assert sum(h["terrain"] == "desert" for h in hexes) == 1
    desert = next(h for h in hexes if h["terrain"] == "desert")
    assert desert["number"] is None and desert["resource"] is None
    assert sorted(h["number"] for h in hexes if h["number"]) == \
        sorted([2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12])
    # Locations round-trip through their notation.
    for v in game.vertices:
        assert game.location(v["name"]) == ("vertex", v["id"])
    for e in game.edges:
        assert game.location(e["name"]) == ("edge", e["id"])
        assert len(e["vertices"]) == 2
    assert game.location("h3") == ("hex", 3)
    assert game.location("v12") == ("vertex", 12)
    with pytest.raises(catanrules.CatanError):
        game.location("h99")
    harbors = game.harbors
    assert sum(h["resource"] == "generic" for h in harbors) == 4
    assert all(h["ratio"] == (3 if h["resource"] == "generic" else 2)
               for h in harbors)


def test_layout(ctx):
    # The beginner board (FACTS 1.2-1.3) as board=given parameters.
    beginner = ("board=given,tiles=O10.W2.L9.G12.B6.W4.B10.G9.L11.D.L3.O8.L8."
                "O3.G4.W5.B5.G6.W11,harbors=3.G.O.3.W.3.3.B.L")
    assert ctx.game("base(board=beginner)").layout == beginner
    # A random board copied by its layout is the same board.
    game = ctx.game("base(seed=5)")
    copy = ctx.game("base(%s)" % game.layout)
    assert copy.param("board") == "given"
    assert copy.hexes == game.hexes and copy.harbors == game.harbors
    assert copy.layout == game.layout


# ------------------------------------------------------------- actions

def test_legal_actions_and_apply(ctx):
    state = ctx.game("base(players=4,seed=42)").new_state()
    assert state.phase == "setup"
    p = state.current_player
    assert state.acting_players == [p]
    actions = state.legal_actions()
    assert actions and all(a.player == p for a in actions)
    assert all(a.type == "build_settlement" for a in actions)
    assert actions == sorted(actions)
    first = actions[0]
    assert first.text.startswith(f"p{p} build_settlement h")
    assert state.parse(first.text) == first
    assert hash(state.parse(first.text)) == hash(first)
    state.apply(first.text)
    assert state.phase == "setup"
    assert all(a.type == "build_road" for a in state.legal_actions())
    assert state.history == [first]


def test_context_finalized_before_its_games():
    """The cycle collector may finalize a Context before the Game and the
    State that refer to it (at interpreter exit, or with tracebacks kept):
    the library keeps a context alive while games built from it exist
    (ctx.h, catan_ctx_free), so they work on and are freed later."""
    ctx = catanrules.Context()
    game = ctx.game("base(players=3,seed=5)")
    state = game.new_state()
    ctx.__del__()
    state.apply(state.legal_actions()[0])
    copy = state.clone()
    del state, game
    assert copy.legal_actions()
    assert copy.move_number > 0
    del copy


def test_illegal_action_raises_with_reason(ctx):
    state = ctx.game("base(players=4,seed=42)").new_state()
    p = state.current_player
    other = (p + 1) % 4
    before = state.hash()
    with pytest.raises(catanrules.IllegalActionError) as info:
        state.apply(f"p{other} build_settlement h9.se")
    err = info.value
    assert err.reason_name == "not_your_turn"
    assert err.code == -5 and "not_your_turn" in str(err)
    assert err.action.text == f"p{other} build_settlement h9.se"
    assert state.hash() == before

    # The distance rule, reported by check() and apply() alike.
    state.apply(f"p{p} build_settlement h9.se")
    state.apply(state.legal_actions()[0])
    q = state.current_player
    neighbour = f"p{q} build_settlement h9.s"
    assert not state.is_legal(neighbour)
    with pytest.raises(catanrules.IllegalActionError) as info:
        state.check(neighbour)
    assert info.value.reason_name == "distance_rule"
    with pytest.raises(catanrules.IllegalActionError) as info:
        state.apply(neighbour)
    assert info.value.reason_name == "distance_rule"


def test_bad_action_text(ctx):
    state = ctx.game("base").new_state()
    with pytest.raises(catanrules.CatanError):
        state.apply("p0 fly_to_the_moon")
    with pytest.raises(catanrules.CatanError):
        state.apply("p0 build_settlement h99.n")
    with pytest.raises(TypeError):
        state.apply(42)


def test_full_random_game_has_a_winner(ctx):
    game = ctx.game("base(players=4,seed=11)")
    state = game.new_state()
    play_random(state, random.Random(11))
    assert state.is_terminal
    assert state.phase == "game_over"
    assert state.current_player == catanrules.TERMINAL
    w = state.winner
    assert w is not None
    assert state.scores[w] >= game.vp_to_win
    assert state.returns == [1.0 if p == w else 0.0 for p in range(4)]
    assert state.legal_actions() == []
    with pytest.raises(catanrules.IllegalActionError) as info:
        state.apply(f"p{w} end_turn")
    assert info.value.reason_name == "game_over"


def test_full_random_game_explicit_chance(ctx):
    state = ctx.game("base(players=3,seed=4,chance=explicit)").new_state()
    assert state.is_chance_node
    assert state.current_player == catanrules.CHANCE
    play_random(state, random.Random(4))
    assert state.winner is not None


def test_simultaneous_players(ctx):
    # Trade replies: every other player answers, in any order.
    state = ctx.game("base(players=4,seed=5)").new_state()
    rng = random.Random(5)
    play_random(state, rng, stop=lambda s:
                s.current_player == catanrules.SIMULTANEOUS)
    assert state.current_player == catanrules.SIMULTANEOUS
    acting = state.acting_players
    assert len(acting) >= 2
    players = {a.player for a in state.legal_actions()}
    assert players == set(acting)


def _documented_playout(state, seed):
    """catan_state_playout()'s policy (state.h), written out in Python."""
    mask = 0xFFFFFFFFFFFFFFFF
    steps = 0
    while True:
        if state.is_chance_node:
            state.resolve_chance()
        acting = state.acting_players
        if not acting:
            return steps, seed
        legal = state.legal_actions(acting[0])
        seed = (seed + 0x9E3779B97F4A7C15) & mask
        z = seed
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        z ^= z >> 31
        state.apply_unchecked(legal[((z >> 32) * len(legal)) >> 32])
        steps += 1


def test_playout_is_the_documented_policy(ctx):
    game = ctx.game("base(players=4,seed=21)")
    fast, slow = game.new_state(), game.new_state()
    steps, seed = fast.playout(77)
    assert (steps, seed) == _documented_playout(slow, 77)
    assert fast.is_terminal and fast.winner is not None
    assert fast == slow
    assert fast.history is None


def test_playout_in_slices(ctx):
    game = ctx.game("base(players=3,seed=22,chance=explicit)")
    whole, sliced = game.new_state(), game.new_state()
    total, _ = whole.playout(5)
    done, seed = sliced.playout(5, max_steps=10)
    assert done == 10 and not sliced.is_terminal
    rest, _ = sliced.playout(seed)
    assert done + rest == total
    assert sliced == whole
    with pytest.raises(ValueError):
        sliced.playout(5, max_steps=-1)


# ------------------------------------------------------------- copies

def test_clone_is_independent(ctx):
    state = ctx.game("base(players=3,seed=8)").new_state()
    play_random(state, random.Random(8), max_actions=60)
    copy = state.clone()
    assert copy == state and copy.hash() == state.hash()
    before = state.hash()
    play_random(copy, random.Random(1), max_actions=120)
    assert state.hash() == before
    assert copy.hash() != before
    # Same game, same RNG: the same actions give the same positions.
    a, b = state.clone(), state.clone()
    for action in state.legal_actions()[:1]:
        a.apply(action)
        b.apply(action)
    assert a.hash() == b.hash()
    # copy_from overwrites in place.
    copy.copy_from(state)
    assert copy == state


def test_snapshot_round_trip(ctx):
    state = ctx.game("base(players=4,seed=21)").new_state()
    play_random(state, random.Random(21), max_actions=300)
    text = state.snapshot()
    assert text.startswith("catanrules-snapshot 1\n")
    loaded = ctx.load(text)
    assert loaded.game == state.game
    assert loaded.hash() == state.hash()
    assert loaded.snapshot() == text
    assert [a.text for a in loaded.legal_actions()] == \
        [a.text for a in state.legal_actions()]
    assert loaded.history is None
    with pytest.raises(catanrules.NotSupportedError):
        loaded.history_text()
    # The same future, RNG included.
    play_random(state, random.Random(2), max_actions=400)
    play_random(loaded, random.Random(2), max_actions=400)
    assert loaded.hash() == state.hash()


def test_history_round_trip(ctx):
    for spec in ("base(players=3,seed=6)", "base(players=4,seed=6,chance=explicit)"):
        state = ctx.game(spec).new_state()
        play_random(state, random.Random(6), max_actions=250)
        text = state.history_text()
        assert text.startswith("catanrules-history 1\n")
        loaded = ctx.load(text)
        assert loaded.hash() == state.hash()
        assert loaded.history == state.history
        assert loaded.history_text() == text


def test_load_errors(ctx):
    with pytest.raises(catanrules.ParseError):
        ctx.load("catanrules-snapshot 1\ngame base\nend\n")
    with pytest.raises(catanrules.CatanError):
        ctx.load("hello\n")


# ------------------------------------------------------------- chance

def test_chance_outcomes_sum_to_one(ctx):
    state = ctx.game("base(players=3,seed=9,chance=explicit)").new_state()
    outcomes = state.chance_outcomes()
    assert [a.text for a, _ in outcomes] == \
        ["chance first_player p0", "chance first_player p1",
         "chance first_player p2"]
    assert all(p == fractions.Fraction(1, 3) for _, p in outcomes)
    assert all(isinstance(p, fractions.Fraction) for _, p in outcomes)

    rng = random.Random(9)
    seen = set()
    while not state.is_terminal and len(seen) < 3:
        if state.is_chance_node:
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == 1
            assert all(a.is_chance for a, _ in outcomes)
            kind = outcomes[0][0].type
            if kind == "dice":
                probs = {a.target: p for a, p in outcomes}
                assert probs[7] == fractions.Fraction(6, 36)
                assert probs[2] == probs[12] == fractions.Fraction(1, 36)
            seen.add(kind)
            state.apply(rng.choices([a for a, _ in outcomes],
                                    weights=[float(p) for _, p in outcomes])[0])
        else:
            assert state.chance_outcomes() == []
            state.apply(rng.choice(state.legal_actions()))
    assert "dice" in seen


def test_resolve_chance(ctx):
    state = ctx.game("base(players=3,seed=9,chance=explicit)").new_state()
    assert state.is_chance_node
    twin = state.clone()
    state.resolve_chance()
    twin.resolve_chance()
    assert not state.is_chance_node
    assert state.hash() == twin.hash()
    assert state.history is None


# ------------------------------------------------------------- observations

def test_observation_hides_other_hands(ctx):
    state = ctx.game("base(players=4,seed=3)").new_state()
    # Set-up is over and every player holds starting cards.
    play_random(state, random.Random(3),
                stop=lambda s: s.turn_number >= 1)
    assert sum(state.player(p)["card_total"] for p in range(4)) > 0
    for me in range(4):
        view = state.observe(me)
        assert view["observer"] == me
        assert view["num_players"] == 4
        for p, pv in enumerate(view["players"]):
            referee = state.player(p)
            assert pv["card_total"] == referee["card_total"]
            if p == me:
                assert pv["cards"] == referee["cards"]
                assert pv["dev_cards"] == referee["dev_cards"]
            else:
                assert pv["cards"] is None
                assert pv["dev_cards"] is None
        js = state.to_json(me)
        assert js["observer"] == me
        for p, pj in enumerate(js["players"]):
            assert pj["cards"] == state.player(p)["card_total"]
            assert ("hand" in pj) == (p == me)
    public = state.observe("public")
    assert all(pv["cards"] is None for pv in public["players"])
    assert all("hand" not in pj for pj in state.to_json("public")["players"])
    referee = state.to_json("all")
    assert all("hand" in pj for pj in referee["players"])
    assert "rng" in referee and "rng" not in state.to_json(0)
    assert isinstance(state.observation_string(0), str)
    with pytest.raises(catanrules.CatanError):
        state.observe(7)


def test_resample_keeps_the_view(ctx):
    state = ctx.game("base(players=3,seed=12)").new_state()
    play_random(state, random.Random(12), max_actions=200)
    other = state.resample(1, 99)
    assert other.observation_string(1) == state.observation_string(1)
    assert other.history is None


def test_position_queries(ctx):
    state = ctx.game("base(players=3,seed=2)").new_state()
    play_random(state, random.Random(2), stop=lambda s: s.turn_number >= 1)
    game = state.game
    settlements = [v for v in range(game.board_counts["vertices"])
                   if state.vertex_piece(v)[0] == "settlement"]
    roads = [e for e in range(game.board_counts["edges"])
             if state.edge_piece(e)[0] == "road"]
    assert len(settlements) == 6 and len(roads) == 6
    assert sum(state.bank.values()) + sum(
        state.player(p)["card_total"] for p in range(3)) == 95
    assert sum(state.dev_deck.values()) == 25
    assert 0 <= state.robber < 19
    assert state.scores == [2, 2, 2]
    assert state.public_scores == [2, 2, 2]


# ------------------------------------------------------------- layout

def _c_layout(include_dir):
    """Sizes and offsets of the mirrored structs as the C compiler sees
    them, or None without a compiler."""
    cc = shutil.which(os.environ.get("CC", "cc")) or shutil.which("gcc")
    if cc is None:
        return None
    lines = ["#include <stddef.h>", "#include <stdio.h>",
             "#include <catanrules/ctx.h>", "#include <catanrules/board.h>",
             "#include <catanrules/state.h>",
             "#include <catanrules/observe.h>",
             "#include <catanrules/holding.h>",
             "#include <catanrules/piece.h>",
             "#include <catanrules/tensor.h>", "int main(void) {"]
    for cname, struct in _lib.STRUCTS.items():
        lines.append(f'printf("{cname} %zu\\n", sizeof({cname}));')
        for field, _ in struct._fields_:
            lines.append(f'printf("{cname}.{field} %zu\\n", '
                         f'offsetof({cname}, {field}));')
    lines += ["return 0;", "}"]
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "layout.c")
        exe = os.path.join(tmp, "layout")
        with open(src, "w") as f:
            f.write("\n".join(lines) + "\n")
        subprocess.run([cc, "-std=c11", "-I", include_dir, src, "-o", exe],
                       check=True)
        out = subprocess.run([exe], check=True, capture_output=True,
                             text=True).stdout
    return dict(line.rsplit(" ", 1) for line in out.splitlines())


def test_struct_layout_matches_the_headers():
    include_dir = os.path.join(SOURCE_ROOT, "include")
    if not os.path.exists(os.path.join(include_dir, "catanrules", "state.h")):
        pytest.skip("the headers are not next to this test")
    layout = _c_layout(include_dir)
    if layout is None:
        pytest.skip("no C compiler")
    for cname, struct in _lib.STRUCTS.items():
        assert int(layout[cname]) == ctypes.sizeof(struct), cname
        for field, _ in struct._fields_:
            assert int(layout[f"{cname}.{field}"]) == \
                getattr(struct, field).offset, f"{cname}.{field}"


# ------------------------------------------------------------- game data

def test_card_kinds(ctx):
    # FACTS.md / base-game.txt: five resources; the notation's names.
    game = ctx.game("base(players=3,seed=1)")
    assert game.card_kinds == catanrules.RESOURCES
    assert game.card_kinds == ("lumber", "brick", "wool", "grain", "ore")
    assert game.card_kind_index("grain") == 3
    assert game.card_kind_index("wood") == 0          # a base alias
    with pytest.raises(catanrules.NotFoundError):
        game.card_kind_index("salt")
    state = game.new_state()
    assert list(state.bank) == list(game.card_kinds)
    assert list(state.player(0)["cards"]) == list(game.card_kinds)
    assert list(state.observe(0)["bank"]) == list(game.card_kinds)


def test_dev_kinds(ctx):
    # FACTS.md 6: "25 cards: 14 Knight, 5 Victory Point, 2 Road
    # Building, 2 Year of Plenty, 2 Monopoly".
    game = ctx.game("base(players=3,seed=1)")
    assert game.dev_kinds == ("knight", "road_building", "year_of_plenty",
                              "monopoly", "victory_point")
    assert game.dev_kinds == catanrules.DEV_CARDS
    counts = {"knight": 14, "road_building": 2, "year_of_plenty": 2,
              "monopoly": 2, "victory_point": 5}
    for slot, name in enumerate(game.dev_kinds):
        kind = game.dev_kind(slot)
        assert kind == game.dev_kind(name)
        assert kind == {"slot": slot, "name": name, "count": counts[name],
                        "role": name}
        assert game.dev_kind_index(name) == slot
        assert game.dev_role_kind(name) == slot
    assert game.dev_reshuffles is False
    with pytest.raises(catanrules.NotFoundError):
        game.dev_kind_index("alchemist")
    with pytest.raises(catanrules.NotFoundError):
        game.dev_kind("alchemist")
    with pytest.raises(catanrules.InvalidArgumentError):
        game.dev_kind(5)
    with pytest.raises(catanrules.InvalidArgumentError):
        game.dev_role_kind("none")
    with pytest.raises(catanrules.InvalidArgumentError):
        game.dev_role_kind("alchemy")
    state = game.new_state()
    assert state.dev_deck == counts
    assert list(state.player(0)["dev_cards"]) == list(game.dev_kinds)


def test_dev_discard(ctx):
    # base-game.txt 05.E: "After their use, the action cards remain off
    # the Stock. The Knights played remain visible": each kind's cards are
    # in the deck, in hands, face up (knights) or on the discard pile.
    game = ctx.game("base(players=3,seed=4)")
    state = game.new_state()
    assert state.dev_discard == {name: 0 for name in game.dev_kinds}
    rng = random.Random(4)
    seen = False
    while not state.is_terminal and not seen:
        play_random(state, rng, max_actions=state.move_number + 50)
        pile = state.dev_discard
        deck = state.dev_deck
        hands = [state.player(p) for p in range(3)]
        for name in game.dev_kinds:
            held = sum(h["dev_cards"][name] for h in hands)
            face_up = (sum(h["knights_played"] for h in hands)
                       if name == "knight" else 0)
            assert deck[name] + held + face_up + pile[name] == \
                game.dev_kind(name)["count"], name
        assert pile["knight"] == 0 and pile["victory_point"] == 0
        seen = any(pile.values())
    assert seen, "no action card was played in the whole game"
    assert state.observe("public") is not None


def test_costs(ctx):
    # base-game.txt: "road = wood + clay; colony = wood + clay + wool +
    # wheat; city = 3 ores + 2 wheats; development = ore + wool + wheat".
    game = ctx.game("base(players=3,seed=1)")
    assert game.costs == {
        "road": {"lumber": 1, "brick": 1},
        "settlement": {"lumber": 1, "brick": 1, "wool": 1, "grain": 1},
        "city": {"grain": 2, "ore": 3},
        "development_card": {"wool": 1, "grain": 1, "ore": 1},
    }
    assert game.cost("city") == {"grain": 2, "ore": 3}
    with pytest.raises(catanrules.NotFoundError):
        game.cost("bridge")


def test_maritime_rates(ctx):
    # base-game.txt 05.C: 4:1 with the bank; a harbor gives its rate to a
    # player with a settlement on it.
    game = ctx.game("base(players=3,seed=2)")
    assert game.maritime_rate == 4
    state = game.new_state()
    for kind in game.card_kinds:
        assert state.maritime_rate(0, kind) == 4
    harbor = next(h for h in game.harbors if h["resource"] != "generic")
    p = state.current_player
    state.apply(f"p{p} build_settlement {game.vertex(harbor['vertices'][0])['name']}")
    assert harbor["ratio"] == 2
    assert state.maritime_rate(p, harbor["resource"]) == 2
    assert state.maritime_rate(p, game.card_kind_index(harbor["resource"])) == 2
    other = next(k for k in game.card_kinds if k != harbor["resource"])
    assert state.maritime_rate(p, other) == 4
    with pytest.raises(catanrules.InvalidArgumentError):
        state.maritime_rate(3, "ore")
    with pytest.raises(catanrules.NotFoundError):
        state.maritime_rate(0, "salt")


def test_blocked_hexes(ctx):
    # base-game.txt 05.B: the robber's hex produces nothing; in the base
    # game no other rule blocks a hex (tests/test-blocked.c holds the
    # desert under the robber to the same answer).
    game = ctx.game("base(players=3,seed=3)")
    state = game.new_state()
    assert game.hex(state.robber)["terrain"] == "desert"
    assert [h["id"] for h in game.hexes if state.hex_blocked(h["id"])] == \
        [state.robber]
    rng = random.Random(3)
    play_random(state, rng,
                stop=lambda s: game.hex(s.robber)["number"] is not None)
    assert game.hex(state.robber)["number"] is not None
    blocked = [h["id"] for h in game.hexes if state.hex_blocked(h["id"])]
    assert blocked == [state.robber]
    with pytest.raises(catanrules.InvalidArgumentError):
        state.hex_blocked(len(game.hexes))


def test_awards(ctx):
    # base-game.txt 05.F: Longest Road from 5 roads, Largest Army from 3
    # knights, 2 points each.
    game = ctx.game("base(players=3,seed=1)")
    assert game.award("longest_road") == {"min": 5, "points": 2}
    assert game.award("largest_army") == {"min": 3, "points": 2}
    assert catanrules.AWARDS == ("longest_road", "largest_army")
    with pytest.raises(catanrules.InvalidArgumentError):
        game.award("harbor_master")


def test_award_contests_of_the_base_game(ctx):
    # base-game.txt 05.F: "The first network that contains a continuous
    # route of at least 5 routes gets it" and "The first person to play 3
    # Knights gets it": one contest of all players, whose holder is the
    # game's (catan_state_award_holder(), contest 0). The contests held
    # "separately on each game board" (connect.txt) are a registered
    # variant's only through catan_game_set_award_contests(), which none
    # calls.
    game = ctx.game("base(players=3,seed=6)")
    assert game.contest_count == 1
    assert [game.player_contest(p) for p in range(3)] == [0, 0, 0]
    with pytest.raises(catanrules.InvalidArgumentError):
        game.player_contest(3)
    with pytest.raises(catanrules.InvalidArgumentError):
        game.player_contest(-1)
    # Neutral piece owners are in contest 0 too when there are no contests.
    two = ctx.game("base(players=2)+catan_for_two")
    assert two.contest_count == 1
    assert [two.player_contest(p) for p in range(4)] == [0, 0, 0, 0]
    with pytest.raises(catanrules.InvalidArgumentError):
        two.player_contest(4)

    state = game.new_state()
    assert state.award_holder("longest_road") is None
    assert state.award_holder("largest_army", 0) is None
    rng = random.Random(6)
    play_random(state, rng, stop=lambda s: s.longest_road_holder is not None
                and s.largest_army_holder is not None)
    for s in (state, state.clone()):
        assert s.award_holder("longest_road") == s.longest_road_holder
        assert s.award_holder("largest_army") == s.largest_army_holder
    assert state.award_holder("longest_road", 0) == state.longest_road_holder
    with pytest.raises(catanrules.InvalidArgumentError):
        state.award_holder("longest_road", 1)
    with pytest.raises(catanrules.InvalidArgumentError):
        state.award_holder("largest_army", -1)
    with pytest.raises(catanrules.InvalidArgumentError):
        state.award_holder("harbor_master")


def test_number_chips_of_a_game_without(ctx):
    # base-game.txt 04.3: "Place at random the 18 numbers, one on each plot
    # except the desert": printed numbers, no chip spaces, so no hex has
    # a number chip (catan_state_hex_chip(): CATAN_ENOTFOUND); the
    # numbers are the hexes' own.
    game = ctx.game("base(players=3,seed=1)")
    state = game.new_state()
    for h in game.hexes:
        with pytest.raises(catanrules.NotFoundError):
            state.hex_chip(h["id"])
    with pytest.raises(catanrules.NotFoundError):
        state.hex_chip(len(game.hexes))
    assert sorted(h["number"] for h in game.hexes
                  if h["number"] is not None) == sorted(
        [2, 12] + [n for n in (3, 4, 5, 6, 8, 9, 10, 11) for _ in (0, 1)])


def test_holding_trade_and_slot(ctx, monkeypatch):
    # catanrules/holding.h: a traded holding "takes a slot of the actions'
    # give[] and get[] after the game's card kinds (catan_holding_info.slot)".
    # No registered variant declares one, so the library's answer is
    # stood in for here, to read the two fields as the binding does.
    game = ctx.game("base(players=3,seed=1)")
    declared = [
        (b"gold", None, 0, 99, -1, 0, 0x3, 5),
        (b"fish_1", b"fish", 2, 10, 20, 0, 0, -1),
    ]

    def holding(handle, i, out):
        info = out._obj
        (info.name, info.group, info.visibility, info.max, info.supply,
         info.target, info.trade, info.slot) = declared[i]
        return _lib.OK

    monkeypatch.setattr(catanrules._c, "catan_game_holding_count",
                        lambda handle: len(declared))
    monkeypatch.setattr(catanrules._c, "catan_game_holding", holding)
    assert game.holdings == [
        {"name": "gold", "group": None, "visibility": "public", "max": 99,
         "supply": None, "target": 0, "trade": ["traded", "maritime"],
         "slot": 5},
        {"name": "fish_1", "group": "fish", "visibility": "group",
         "max": 10, "supply": 20, "target": 0, "trade": [], "slot": None},
    ]


def test_holdings_and_pieces_of_a_game_without(ctx):
    # The registered variants declare no holdings and no pieces of their
    # own (catanrules/holding.h, piece.h): the queries say so.
    game = ctx.game("base(players=3,seed=1)")
    assert game.holdings == []
    assert game.pieces == []
    state = game.new_state()
    with pytest.raises(catanrules.NotFoundError):
        state.holding("gold", 0)
    with pytest.raises(catanrules.NotFoundError):
        state.holding("gold")
    with pytest.raises(catanrules.NotFoundError):
        state.observe_holding("public", "gold", 0)
    with pytest.raises(catanrules.NotFoundError):
        game.piece_kind("caravan")
    with pytest.raises(catanrules.NotFoundError):
        state.piece_stock("caravan", 0)
    with pytest.raises(catanrules.InvalidArgumentError):
        state.piece_stock(0, 0)
    with pytest.raises(catanrules.InvalidArgumentError):
        state.pieces_at(0, 0)
    with pytest.raises(catanrules.InvalidArgumentError):
        state.piece_locations(0, 0)


def test_rivers_gold_bridges_and_wealth(ctx):
    # traders-and-barbarians.txt, Rivers of Catan, read through the generic
    # queries: gold (a public holding traded at home and at the bank), the
    # bridge (a road-like piece, 3 each), the wealth tiles as counters.
    game = ctx.game("base(players=3,board=beginner,chance=explicit)+rivers")
    assert [h["name"] for h in game.holdings] == ["gold"]
    assert game.holdings[0]["trade"] == ["traded", "maritime"]
    assert game.pieces[0]["name"] == "bridge" and game.pieces[0]["stock"] == 3
    assert game.board_counts["sites"] == 4
    state = game.new_state()
    # T11: all tied at the least gold, all Poor: -2 points each
    assert [state.counter("poor", p) for p in range(3)] == [1, 1, 1]
    assert state.counter("wealthiest") == -1
    state.apply("chance first_player p0")
    # "For each settlement you build on an intersection of a river tile,
    # you receive 1 gold." and the Wealthiest Catanian follows at once
    state.apply("p0 build_settlement h12.se")
    assert state.holding("gold", 0) == 1
    assert state.counter("wealthiest") == 0
    assert state.piece_stock("bridge", 0) == 3


def test_fishing_holdings_and_counters(ctx):
    # traders-and-barbarians.txt, Fishing on Catan: "29 fish tokens (11x one
    # fish, 10x two fish, 8x three fish)" and "1 old boot token", face down
    # at the start; "Place the robber next to the game board" (off the
    # board: CATAN_NONE).
    try:
        game = ctx.game("base(players=4,seed=1)+fishing")
    except catanrules.NotSupportedError:
        pytest.skip("the library was built without the fishing module")
    names = [h["name"] for h in game.holdings]
    assert names == ["fish_1", "fish_2", "fish_3", "boot"]
    state = game.new_state()
    assert state.holding("fish") == 29
    assert state.holding("fish_1") == 11
    assert state.holding("boot") == 1
    assert state.holding("fish", 0) == 0
    assert state.observe_holding("public", "fish_1", 0) is None
    assert state.counter("fish_pile_1") == 0
    assert state.robber == 0xFFFF
