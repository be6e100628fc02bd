# test_package: the binding as a package: pickling, the wheel, pip without a network.
# SPDX-License-Identifier: MIT

import copy
import hashlib
import base64
import importlib.util
import os
import pickle
import random
import re
import subprocess
import sys
import tempfile
import zipfile

import pytest

import catanrules
from test_catanrules import play_random

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE_DIR = os.path.dirname(HERE)
SOURCE_ROOT = os.path.dirname(os.path.dirname(PACKAGE_DIR))
GAMES = [
    "base(players=4,seed=7)",
    "base(players=3,seed=8,chance=explicit)",
    "base(players=4,seed=9)+friendly_robber+harbors+event_cards",
    "base(players=2,seed=10)+catan_for_two",
    "base(players=3,seed=11)+rivers",
    "base(players=4,seed=12)+fishing+friendly_robber",
]


@pytest.fixture(scope="module")
def ctx():
    return catanrules.Context()


def step_random(state, rng, n):
    """n more random actions (or to the end)."""
    play_random(state, rng, max_actions=state.move_number + n)


def known_games(ctx):
    return [g for g in GAMES
            if all(m in ctx.modules for m in re.findall(r"\+(\w+)", g))]


# ------------------------------------------------------------- pickling

def test_game_pickles_as_its_string(ctx):
    for spec in known_games(ctx):
        game = ctx.game(spec)
        back = pickle.loads(pickle.dumps(game))
        assert back == game and back.string == game.string
        assert back.num_players == game.num_players


def test_state_pickles_with_its_future(ctx):
    """A pickled state is the same position (snapshot, hash, legal
    actions) and has the same future: the same actions give the same
    states, chance in SAMPLED mode included (the RNG travels with it)."""
    for spec in known_games(ctx):
        state = ctx.game(spec).new_state()
        step_random(state, random.Random(1), 150)
        back = pickle.loads(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))
        assert back.snapshot() == state.snapshot()
        assert back.hash() == state.hash()
        if state.current_player >= 0:
            assert [a.text for a in back.legal_actions(back.current_player)] == \
                [a.text for a in state.legal_actions(state.current_player)]
        step_random(state, random.Random(2), 200)
        step_random(back, random.Random(2), 200)
        assert back.snapshot() == state.snapshot()


def test_state_pickle_keeps_the_history(ctx):
    state = ctx.game("base(players=4,seed=3)").new_state()
    step_random(state, random.Random(4), 60)
    back = pickle.loads(pickle.dumps(state))
    assert back.history is not None
    assert [a.text for a in back.history] == [a.text for a in state.history]
    assert back.history_text() == state.history_text()
    # A state whose history is not known pickles without one.
    loaded = ctx.load(state.snapshot())
    assert loaded.history is None
    assert pickle.loads(pickle.dumps(loaded)).history is None


def test_pickled_states_are_independent(ctx):
    state = ctx.game("base(players=4,seed=5)").new_state()
    step_random(state, random.Random(6), 40)
    # One object pickled twice in one call stays one object, as pickle does.
    a, b = pickle.loads(pickle.dumps([state, state]))
    assert a is b
    a = pickle.loads(pickle.dumps(state))
    b = pickle.loads(pickle.dumps(state))
    step_random(a, random.Random(7), 30)
    assert b.snapshot() == state.snapshot() != a.snapshot()
    assert copy.deepcopy(state).snapshot() == state.snapshot()


# ------------------------------------------------------------- the package

def load_backend():
    path = os.path.join(PACKAGE_DIR, "build_backend", "catanrules_backend.py")
    spec = importlib.util.spec_from_file_location("catanrules_backend", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def project_version():
    with open(os.path.join(SOURCE_ROOT, "meson.build"), encoding="utf-8") as f:
        return re.search(r"version: '([0-9.]+)'", f.read()).group(1)


def test_package_version_is_the_projects():
    backend = load_backend()
    assert backend._project()["version"] == project_version()
    assert backend._project()["name"] == "catanrules"


def test_wheel_holds_the_package_and_a_true_record():
    backend = load_backend()
    with tempfile.TemporaryDirectory() as d1, tempfile.TemporaryDirectory() as d2:
        name = backend.build_wheel(d1)
        assert name == f"catanrules-{project_version()}-py3-none-any.whl"
        assert backend.build_wheel(d2) == name
        with open(os.path.join(d1, name), "rb") as f1, \
                open(os.path.join(d2, name), "rb") as f2:
            assert f1.read() == f2.read(), "the same sources give the same wheel"
        with zipfile.ZipFile(os.path.join(d1, name)) as z:
            names = z.namelist()
            assert "catanrules/__init__.py" in names
            assert "catanrules/_lib.py" in names
            assert not any("__pycache__" in n or n.startswith("tests/")
                           for n in names)
            info = f"catanrules-{project_version()}.dist-info"
            meta = z.read(f"{info}/METADATA").decode()
            assert "Name: catanrules" in meta
            record = z.read(f"{info}/RECORD").decode().splitlines()
            assert f"{info}/RECORD,," in record
            for line in record:
                path, digest, size = line.rsplit(",", 2)
                if path == f"{info}/RECORD":
                    continue
                data = z.read(path)
                want = base64.urlsafe_b64encode(
                    hashlib.sha256(data).digest()).rstrip(b"=").decode()
                assert digest == f"sha256={want}" and int(size) == len(data)
            assert sorted(p.rsplit(",", 2)[0] for p in record) == sorted(names)


def test_sdist_builds():
    backend = load_backend()
    with tempfile.TemporaryDirectory() as d:
        name = backend.build_sdist(d)
        import tarfile
        with tarfile.open(os.path.join(d, name)) as t:
            names = t.getnames()
        root = f"catanrules-{project_version()}"
        for member in ("pyproject.toml", "PKG-INFO", "catanrules/__init__.py",
                       "build_backend/catanrules_backend.py"):
            assert f"{root}/{member}" in names


def test_pip_installs_without_a_network():
    """pip install ./examples/python with no index: the backend needs
    nothing from the network; the installed package loads the library."""
    if subprocess.run([sys.executable, "-m", "pip", "--version"],
                      capture_output=True).returncode != 0:
        pytest.skip("no pip for this interpreter")
    lib = os.environ.get("CATANRULES_LIB")
    if not lib:
        pytest.skip("CATANRULES_LIB does not name the library to load")
    with tempfile.TemporaryDirectory() as target:
        env = dict(os.environ, PIP_NO_INDEX="1", PIP_DISABLE_PIP_VERSION_CHECK="1",
                   PIP_NO_CACHE_DIR="1")
        r = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet",
                            "--target", target, PACKAGE_DIR],
                           capture_output=True, text=True, env=env)
        assert r.returncode == 0, r.stdout + r.stderr
        assert os.path.exists(os.path.join(target, "catanrules", "_lib.py"))
        env = dict(os.environ, PYTHONPATH=target)
        r = subprocess.run([sys.executable, "-c",
                            "import catanrules, pickle;"
                            "g = catanrules.Context().game('base(seed=1)');"
                            "s = g.new_state();"
                            "print(catanrules.__file__);"
                            "print(pickle.loads(pickle.dumps(s)).hash() == s.hash())"],
                           capture_output=True, text=True, env=env, cwd=target)
        assert r.returncode == 0, r.stderr
        where, same = r.stdout.split()
        assert where.startswith(target) and same == "True"


# ------------------------------------------------------------- action ids

def test_action_ids_mask_and_round_trip(ctx):
    """Every listed action has an id, the ids of one list differ, the
    action of an id is the action, and the mask is the listed ids (a numpy
    array works as the buffer when numpy is there)."""
    for spec in known_games(ctx):
        game = ctx.game(spec)
        size = game.action_space_size
        blocks = game.action_blocks()
        assert sum(b["size"] for b in blocks) == size
        assert [b["first"] for b in blocks] == \
            [sum(b["size"] for b in blocks[:i]) for i in range(len(blocks))]
        state = game.new_state()
        rng = random.Random(3)
        for _ in range(200):
            if state.is_terminal:
                break
            if state.is_chance_node:
                play_random(state, rng, max_actions=state.move_number + 1)
                continue
            p = state.acting_players[0]
            legal = state.legal_actions(p)
            ids = [game.action_id(a) for a in legal]
            assert None not in ids and len(set(ids)) == len(ids)
            assert [state.action_of_id(p, i) for i in ids] == legal
            mask = state.action_mask(p)
            assert [i for i in range(size) if mask[i]] == sorted(ids)
            state.apply(legal[rng.randrange(len(legal))])
    try:
        import numpy
    except ImportError:
        return
    game = ctx.game("base(players=4,seed=1)")
    state = game.new_state()
    arr = numpy.zeros(game.action_space_size, dtype=numpy.uint8)
    state.action_mask(state.current_player, out=arr)
    assert arr.sum() == len(state.legal_actions(state.current_player))


# ------------------------------------------------------------- tensors

def test_observation_tensor_layout_and_values(ctx):
    """tensor.h: the fields tile the tensor; rows of players start at the
    observer; another player's hand is -1 and the own hand exact; a
    resampled state gives the observer the same tensor."""
    for spec in known_games(ctx):
        game = ctx.game(spec)
        fields = game.tensor_fields
        assert [f["offset"] for f in fields] == \
            [sum(g["shape"][0] * g["shape"][1] for g in fields[:i])
             for i in range(len(fields))]
        last = fields[-1]
        assert game.tensor_size == \
            last["offset"] + last["shape"][0] * last["shape"][1]
        assert game.tensor_field("player.cards")["cols"] == "card_kind"
        with pytest.raises(catanrules.NotFoundError):
            game.tensor_field("no.such.field")
        state = game.new_state()
        play_random(state, random.Random(4), max_actions=120)
        cards = game.tensor_field("player.cards")
        rows, cols = cards["shape"]
        for p in range(game.num_players):
            t = list(state.tensor(p))
            assert len(t) == game.tensor_size
            own = t[cards["offset"]:cards["offset"] + cols]
            hand = state.player(p)["cards"]
            assert own == [float(hand[k]) for k in game.card_kinds]
            for r in range(1, rows):
                at = cards["offset"] + r * cols
                assert t[at:at + cols] == [-1.0] * cols
            if not state.is_chance_node and not state.is_terminal:
                assert list(state.resample(p, 11).tensor(p)) == t
    game = ctx.game("base(players=3,seed=2)")
    assert game.tensor_phase(0) == 0
    with pytest.raises(IndexError):
        game.tensor_phase(10 ** 6)
    state = game.new_state()
    with pytest.raises(ValueError):
        state.tensor(0, out=bytearray(8))
    with pytest.raises(catanrules.InvalidArgumentError):
        state.tensor(5)
    try:
        import numpy
    except ImportError:
        return
    out = numpy.full(game.tensor_size, 7, dtype=numpy.float32)
    assert state.tensor(1, out=out) is out
    assert not (out == 7).any()
    assert isinstance(state.tensor(0), numpy.ndarray)


# ------------------------------------------------------------- batches

def _batch_matches_clones(game, with_numpy):
    saved = catanrules._np
    if not with_numpy:
        catanrules._np = None
    try:
        states = [game.new_state() for _ in range(5)]
        alone = [s.clone() for s in states]
        batch = catanrules.StateBatch(states)
    finally:
        catanrules._np = saved
    masks, players, results = batch.step()
    space = game.action_space_size
    rng = random.Random(2)
    for s in alone:
        s.resolve_chance()
    for _ in range(150):
        ids = []
        for i, s in enumerate(alone):
            assert results[i] == 0
            assert s.hash() == batch.states[i].hash()
            mask = list(masks[i * space:(i + 1) * space]) if not with_numpy \
                else list(masks[i])
            if s.is_terminal:
                assert players[i] == catanrules.TERMINAL
                ids.append(batch.NO_ACTION)
                continue
            p = s.acting_players[0]
            assert players[i] == p
            assert mask == list(s.action_mask(p))
            legal = [k for k in range(space) if mask[k]]
            ids.append(rng.choice(legal))
            s.apply(s.action_of_id(p, ids[-1]))
            s.resolve_chance()
        masks, players, results = batch.step(ids)


def test_state_batch_steps_like_one_at_a_time(ctx):
    """StateBatch.step(ids) (catan_states_step): each state as if its id
    were applied alone and its chance resolved by its own RNG; the masks
    are the next actors'; with numpy and without."""
    game = ctx.game("base(players=3,seed=5,offer_max=0)")
    _batch_matches_clones(game, True)
    _batch_matches_clones(game, False)


def test_state_batch_refuses_per_state(ctx):
    game = ctx.game("base(players=3,seed=6)")
    batch = catanrules.StateBatch([game.new_state() for _ in range(2)])
    masks, players, results = batch.step()
    mask = list(masks[0]) if catanrules._np is not None else \
        list(masks[:game.action_space_size])
    bad = mask.index(0)
    good = mask.index(1)
    before = batch.states[1].hash()
    masks, players, results = batch.step([good, bad])
    assert list(results) == [0, catanrules._lib.EILLEGAL]
    assert batch.states[1].hash() == before
    with pytest.raises(ValueError):
        catanrules.StateBatch([])
    with pytest.raises(ValueError):
        catanrules.StateBatch([game.new_state(),
                               ctx.game("base(players=4,seed=6)").new_state()])
