# Tests of catanrules.env (CatanEnv, CatanAECEnv) and catanrules.bots.
# SPDX-License-Identifier: MIT

import os
import random
import subprocess
import sys
import textwrap

import pytest

import catanrules
from catanrules import bots
from catanrules.env import CatanAECEnv, CatanEnv, with_seed

GAME = "base(players=4,offer_max=0)"


def legal_ids(mask):
    return [i for i in range(len(mask)) if mask[i]]


def run_episode(env, seed, pick):
    obs, info = env.reset(seed=seed)
    trace, rewards = [], []
    while True:
        ids = legal_ids(info["action_mask"])
        assert ids, "the learner owes a decision but has no legal id"
        action = pick(ids)
        obs, reward, terminated, truncated, info = env.step(action)
        trace.append((action, bytes(memoryview(obs).cast("B"))))
        rewards.append(reward)
        if terminated or truncated:
            return trace, rewards, terminated, truncated, info


def test_with_seed_sets_the_variants_seed():
    assert with_seed("base(players=4,seed=3)+rivers", 9) == \
        "base(players=4,seed=9)+rivers"
    assert with_seed("base", 2) == "base(seed=2)"
    assert with_seed("base(players=3)+harbors+friendly_robber", 5) == \
        "base(players=3,seed=5)+harbors+friendly_robber"
    with pytest.raises(ValueError):
        with_seed("(players=3)", 1)


def test_env_plays_an_episode_to_the_end():
    """reset -> (observation, info); step -> (observation, reward,
    terminated, truncated, info); the mask is the learner's legal ids; the
    reward is 0 until the end, then the library's return for the seat."""
    env = CatanEnv(GAME, opponents="random", seat=1)
    obs, info = env.reset(seed=3)
    game = env.state.game
    assert len(obs) == game.tensor_size == env.observation_space.shape[0]
    assert env.action_space.n == game.action_space_size
    assert list(info["action_mask"]) == list(env.state.action_mask(1))
    assert 1 in env.state.acting_players and info["player"] == 1
    rng = random.Random(1)
    trace, rewards, terminated, truncated, info = run_episode(
        env, 3, rng.choice)
    assert terminated and not truncated
    assert all(r == 0 for r in rewards[:-1])
    assert rewards[-1] == (1.0 if env.state.winner == 1 else 0.0)
    assert info["winner"] == env.state.winner
    with pytest.raises(RuntimeError):
        env.step(0)


def test_env_seed_replays_the_episode():
    """Chance by the state's seeded generator, bots seeded from the reset:
    the same seed and the same choices give the same episode."""
    a = run_episode(CatanEnv(GAME, seat=0), 11, min)
    b = run_episode(CatanEnv(GAME, seat=0), 11, min)
    c = run_episode(CatanEnv(GAME, seat=0), 12, min)
    assert a[0] == b[0]
    assert a[0] != c[0]


def test_env_refuses_an_illegal_id_and_changes_nothing():
    env = CatanEnv(GAME)
    obs, info = env.reset(seed=4)
    mask = info["action_mask"]
    illegal = next(i for i in range(len(mask)) if not mask[i])
    before = env.state.hash()
    with pytest.raises(catanrules.IllegalActionError):
        env.step(illegal)
    assert env.state.hash() == before
    with pytest.raises(catanrules.NotFoundError):
        env.step(env.action_space.n)
    assert env.state.hash() == before


def test_env_opponents_per_seat_and_callables():
    seen = []

    def first_id(state, player):
        seen.append(player)
        return min(legal_ids(state.action_mask(player)))

    env = CatanEnv("base(players=3,offer_max=0)", opponents=[first_id, "random"],
                   seat=2)
    run_episode(env, 5, min)
    assert seen and set(seen) == {0}
    with pytest.raises(ValueError):
        CatanEnv(GAME, opponents=["random"])
    with pytest.raises(ValueError):
        CatanEnv(GAME, seat=4)


def test_env_random_seat():
    env = CatanEnv(GAME, seat=None)
    seats = set()
    for seed in range(12):
        env.reset(seed=seed)
        seats.add(env.seat)
        assert env.seat in env.state.acting_players
    assert len(seats) > 1


def test_env_truncates_at_max_steps():
    env = CatanEnv(GAME, max_steps=40)
    _, rewards, terminated, truncated, _ = run_episode(env, 6, min)
    assert truncated and not terminated and rewards[-1] == 0.0


@pytest.mark.skipif("greedy" not in bots.available(),
                    reason="libcatanrules-bots.so not built here")
def test_env_against_the_c_bots():
    """doc/bots.md's bots as opponents: greedy and a short MCTS."""
    env = CatanEnv(GAME, opponents=["greedy", "mcts:20", "random"], seat=0)
    _, _, terminated, truncated, info = run_episode(env, 7, min)
    assert terminated or truncated
    with pytest.raises(ValueError):
        CatanEnv(GAME, opponents="nonsense").reset(seed=1)


def test_bots_choose_legal_actions():
    ctx = catanrules.Context()
    game = ctx.game("base(players=3,seed=2,offer_max=0)")
    state = game.new_state()
    rng = random.Random(3)
    names = [n for n in bots.available() if n != "mcts"] + \
        (["mcts:10"] if "mcts" in bots.available() else [])
    players = {p: [bots.Bot(n, game, p, seed=p) for n in names]
               for p in range(3)}
    for _ in range(150):
        if state.is_terminal:
            break
        if state.is_chance_node:
            state.resolve_chance()
            continue
        p = state.acting_players[0]
        legal = state.legal_actions(p)
        for bot in players[p]:
            assert bot.choose(state) in legal
        state.apply(legal[rng.randrange(len(legal))])


def test_aec_cycle_to_the_end():
    """PettingZoo's cycle: agent_selection owes the decision; last() gives
    its observation with the mask; at the end the winner's accumulated
    reward is 1, the others' 0, and every agent leaves with step(None)."""
    env = CatanAECEnv("base(players=3,offer_max=0)")
    env.reset(seed=8)
    rng = random.Random(2)
    totals = {a: 0.0 for a in env.possible_agents}
    several = 0
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        p = int(agent.split("_")[1])
        acting = env.state.acting_players
        assert p == acting[0]
        several += len(acting) > 1
        assert list(obs["action_mask"]) == list(env.state.action_mask(p))
        assert list(info["action_mask"]) == list(obs["action_mask"])
        assert len(obs["observation"]) == env.state.game.tensor_size
        env.step(rng.choice(legal_ids(obs["action_mask"])))
    assert env.agents == []
    winner = f"player_{env.state.winner}"
    assert totals[winner] == 1.0
    assert sum(totals.values()) == 1.0
    assert several > 0, "no simultaneous decision (a discard) in the game"


def test_env_fishing():
    """A scenario with payments (fish tokens) in the action space."""
    env = CatanEnv("base(players=3,offer_max=0)+fishing", seat=0)
    _, _, terminated, truncated, _ = run_episode(env, 9, random.Random(4).choice)
    assert terminated or truncated


def test_aec_modules_and_done_agents():
    env = CatanAECEnv("base(players=2,offer_max=0)+catan_for_two+rivers",
                      max_steps=60)
    env.reset(seed=1)
    steps = 0
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            assert truncated
            with pytest.raises(ValueError):
                env.step(0)
            env.step(None)
            continue
        env.step(min(legal_ids(obs["action_mask"])))
        steps += 1
    assert steps == 60
    assert env.observation_space("player_0")["observation"].shape == \
        (env.state.game.tensor_size,)


STUBS = {
    "gymnasium/__init__.py": """
        from . import spaces
        class Env:
            def reset(self, seed=None, options=None):
                self.seeded = seed
    """,
    "gymnasium/spaces.py": """
        class Discrete:
            def __init__(self, n): self.n = n
        class Box:
            def __init__(self, low, high, shape, dtype): self.shape = shape
        class Dict(dict):
            pass
    """,
    "pettingzoo/__init__.py": """
        class AECEnv:
            def __init__(self): pass
    """,
}


def test_subclasses_gymnasium_and_pettingzoo_when_installed(tmp_path):
    """With gymnasium and pettingzoo importable (stand-ins here: neither
    is a Debian package) the environments subclass gymnasium.Env and
    pettingzoo.AECEnv and use gymnasium's spaces."""
    pytest.importorskip("numpy")
    for name, text in STUBS.items():
        path = tmp_path / name
        path.parent.mkdir(exist_ok=True)
        path.write_text(textwrap.dedent(text))
    script = textwrap.dedent("""
        import gymnasium, pettingzoo
        from catanrules.env import CatanEnv, CatanAECEnv
        env = CatanEnv("base(players=3,offer_max=0)")
        assert isinstance(env, gymnasium.Env)
        assert isinstance(env.action_space, gymnasium.spaces.Discrete)
        obs, info = env.reset(seed=3)
        assert env.seeded == 3
        aec = CatanAECEnv("base(players=3,offer_max=0)")
        assert isinstance(aec, pettingzoo.AECEnv)
        aec.reset(seed=1)
        print("ok")
    """)
    package = os.path.dirname(os.path.dirname(os.path.abspath(catanrules.__file__)))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), package]))
    out = subprocess.run([sys.executable, "-c", script], env=env,
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"
