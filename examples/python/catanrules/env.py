# catanrules.env: Gymnasium- and PettingZoo-style environments over libcatanrules.
# SPDX-License-Identifier: MIT
"""Learning environments for any game string (doc/rl.md).

    >>> from catanrules.env import CatanEnv
    >>> env = CatanEnv("base(players=4,offer_max=0)", opponents="random")
    >>> obs, info = env.reset(seed=1)
    >>> mask = info["action_mask"]                  # 1 where an id is legal
    >>> obs, reward, terminated, truncated, info = env.step(int(mask.argmax()))

CatanEnv: one learner in one seat, the other seats played by bots
(catanrules.bots: "random", "greedy", "mcts[:N]", or any callable
(state, player) -> Action or action id). CatanAECEnv: every seat an agent,
in PettingZoo's agent-environment cycle. Observations are the game's
observation tensor for the acting player (float32, doc/rl.md); actions are
the ids of its action space (doc/space.md); the reward is the library's
return at the end (1 for the winner, 0 for the others). Chance events are
resolved by the state's own seeded generator, so a seed replays an episode
exactly.

Both work with the standard library and numpy alone; with gymnasium
(pettingzoo) installed they subclass gymnasium.Env (pettingzoo.AECEnv) and
their spaces are gymnasium's.
"""

import random
import re

import catanrules
from catanrules import bots as _bots

try:
    import numpy as _np
except ImportError:
    _np = None

try:
    import gymnasium as _gym
except ImportError:
    _gym = None

try:
    import pettingzoo as _pz
except ImportError:
    _pz = None

__all__ = ["CatanEnv", "CatanAECEnv", "Discrete", "Box"]


# ------------------------------------------------------------- spaces

class Discrete:
    """The integers 0..n-1 (gymnasium.spaces.Discrete without gymnasium)."""

    def __init__(self, n, seed=None):
        self.n = int(n)
        self.shape = ()
        self.dtype = "int64"
        self._rng = random.Random(seed)

    def seed(self, seed=None):
        self._rng = random.Random(seed)

    def sample(self, mask=None):
        """A uniform id, or a uniform one where mask is 1."""
        if mask is None:
            return self._rng.randrange(self.n)
        ids = [i for i in range(self.n) if mask[i]]
        return self._rng.choice(ids) if ids else 0

    def contains(self, x):
        return isinstance(x, int) and 0 <= x < self.n or \
            (_np is not None and isinstance(x, _np.integer) and 0 <= x < self.n)

    __contains__ = contains

    def __repr__(self):
        return f"Discrete({self.n})"


class Box:
    """A float32 vector with bounds (gymnasium.spaces.Box without gymnasium)."""

    def __init__(self, low, high, shape, dtype="float32"):
        self.low, self.high = low, high
        self.shape = tuple(shape)
        self.dtype = dtype

    def contains(self, x):
        return len(x) == self.shape[0] and \
            all(self.low <= v <= self.high for v in x)

    __contains__ = contains

    def __repr__(self):
        return f"Box({self.low}, {self.high}, {self.shape}, {self.dtype})"


def _spaces(game):
    n, size = game.action_space_size, game.tensor_size
    if _gym is not None:
        return (_gym.spaces.Discrete(n),
                _gym.spaces.Box(-1.0, float("inf"), (size,), _np.float32),
                _gym.spaces.Box(0, 1, (n,), _np.int8))
    return Discrete(n), Box(-1.0, float("inf"), (size,)), Box(0, 1, (n,), "int8")


# -------------------------------------------------------------- games

def with_seed(spec, seed):
    """The game string with the variant's seed parameter set to seed."""
    head, sep, tail = spec.partition("+")
    m = re.match(r"^(\w+)(?:\((.*)\))?$", head.strip())
    if not m:
        raise ValueError(f"not a game string: {spec!r}")
    params = [p for p in (m.group(2) or "").split(",")
              if p.strip() and not p.strip().startswith("seed=")]
    params.append(f"seed={seed}")
    return f"{m.group(1)}({','.join(params)})" + (sep + tail if sep else "")


def _mask(state, player, size):
    if _np is not None:
        out = _np.zeros(size, dtype=_np.int8)
        state.action_mask(player, out=out)
        return out
    return state.action_mask(player)


def _bot(spec, game, player, seed):
    if callable(spec) and not isinstance(spec, str):
        return _CallableBot(spec, game, player)
    return _bots.Bot(spec, game, player, seed)


class _CallableBot:
    def __init__(self, fn, game, player):
        self.fn, self.game, self.player = fn, game, player

    def choose(self, state):
        choice = self.fn(state, self.player)
        if isinstance(choice, catanrules.Action):
            return choice
        return state.action_of_id(self.player, int(choice))


class _Episode:
    """A game and its state, started from a seed, with chance resolved."""

    def __init__(self, ctx, spec, seed, max_steps):
        self.game = ctx.game(with_seed(spec, seed))
        self.state = self.game.new_state()
        self.steps = 0
        self.max_steps = max_steps

    def resolve(self):
        if self.state.is_chance_node:
            self.state.resolve_chance()

    @property
    def over(self):
        return self.state.is_terminal or self.cut

    @property
    def cut(self):
        """Stopped without a winner: the game's max_turns, or the
        environment's max_steps."""
        s = self.state
        return (s.is_terminal and s.winner is None) or \
            (self.max_steps is not None and self.steps >= self.max_steps)

    def act(self, player, action_id):
        """Apply the player's action id (IllegalActionError, nothing
        changed, if it is not legal)."""
        self.state.apply(self.state.action_of_id(player, int(action_id)))
        self.steps += 1
        self.resolve()


_EnvBase = _gym.Env if _gym is not None else object
_AECBase = _pz.AECEnv if _pz is not None else object


# ------------------------------------------------------------ CatanEnv

class CatanEnv(_EnvBase):
    """One learner against bots: reset(seed) -> (observation, info);
    step(id) -> (observation, reward, terminated, truncated, info).

    game: a game string (its seed parameter is replaced by each reset's);
    opponents: a bot name, a callable (state, player) -> Action or id, or a
    list of those, one per other seat in seat order; seat: the learner's
    seat, or None for a random one each episode; max_steps: truncate after
    so many actions of all players. info["action_mask"] marks the legal
    ids; info["player"] is the learner's seat."""

    metadata = {"render_modes": ["ansi"], "name": "catanrules/CatanEnv-v0"}

    def __init__(self, game="base(players=4,offer_max=0)", opponents="random",
                 seat=0, max_steps=None, render_mode=None, context=None):
        self._ctx = context or catanrules.Context()
        self._spec = game
        probe = self._ctx.game(with_seed(game, 0))
        self.num_players = probe.num_players
        self.action_space, self.observation_space, _ = _spaces(probe)
        self._sizes = (probe.action_space_size, probe.tensor_size)
        others = self.num_players - 1
        if isinstance(opponents, (list, tuple)):
            if len(opponents) != others:
                raise ValueError(f"{others} opponents needed, "
                                 f"{len(opponents)} given")
            self._opponents = list(opponents)
        else:
            self._opponents = [opponents] * others
        if seat is not None and not 0 <= seat < self.num_players:
            raise ValueError(f"no seat {seat} in a {self.num_players}-player game")
        self._seat_choice = seat
        self.render_mode = render_mode
        self.max_steps = max_steps
        self._episode = None
        self._rng = random.Random()

    @property
    def state(self):
        """The episode's state (catanrules.State)."""
        return self._episode.state if self._episode else None

    @property
    def seat(self):
        return self._seat

    def reset(self, seed=None, options=None):
        if _gym is not None:
            super().reset(seed=seed)
        if seed is not None:
            self._rng = random.Random(seed)
        game_seed = self._rng.getrandbits(62)
        self._seat = (self._seat_choice if self._seat_choice is not None
                      else self._rng.randrange(self.num_players))
        self._episode = ep = _Episode(self._ctx, self._spec, game_seed,
                                      self.max_steps)
        if (ep.game.action_space_size, ep.game.tensor_size) != self._sizes:
            raise catanrules.CatanError(
                catanrules._lib.ERROR, "the game's spaces change with its seed")
        seats = [p for p in range(self.num_players) if p != self._seat]
        self._bots = {p: _bot(spec, ep.game, p, self._rng.getrandbits(63))
                      for p, spec in zip(seats, self._opponents)}
        ep.resolve()
        self._advance()
        return self._observation(), self._info()

    def _advance(self):
        """Let the bots act until the learner owes a decision or the
        episode is over."""
        ep = self._episode
        while not ep.over:
            acting = ep.state.acting_players
            if self._seat in acting:
                return
            bot = self._bots[acting[0]]
            if len(acting) == 1 and hasattr(bot, "step"):
                bot.step(ep.state)          # a random bot: one step in C
            else:
                ep.state.apply(bot.choose(ep.state))
            ep.steps += 1
            ep.resolve()

    def _observation(self):
        return self._episode.state.tensor(self._seat)

    def _info(self):
        s = self._episode.state
        return {"action_mask": _mask(s, self._seat, self._sizes[0]),
                "player": self._seat, "turn": s.turn_number,
                "winner": s.winner}

    def step(self, action):
        ep = self._episode
        if ep is None:
            raise RuntimeError("step() before reset()")
        if ep.over:
            raise RuntimeError("the episode is over: reset() first")
        ep.act(self._seat, action)
        self._advance()
        terminated = ep.state.is_terminal and ep.state.winner is not None
        truncated = ep.cut and not terminated
        reward = ep.state.returns[self._seat] if terminated else 0.0
        return self._observation(), reward, terminated, truncated, self._info()

    def render(self):
        if self._episode is None:
            return None
        text = self._episode.state.observation_string(self._seat)
        if self.render_mode == "ansi":
            return text
        return None

    def close(self):
        self._episode = None


# --------------------------------------------------------- CatanAECEnv

class CatanAECEnv(_AECBase):
    """Every seat an agent ("player_0" ...), PettingZoo's agent-environment
    cycle: agent_selection owes the next decision; observe(agent) gives
    {"observation": tensor, "action_mask": mask}; step(id) acts for it;
    last() gives (observation, reward accumulated since its last step,
    termination, truncation, info). Where several players owe a decision
    at once (discards after a 7, answers to an offer) they are selected one
    after another in seat order. At the end each agent is stepped once
    with None to leave."""

    metadata = {"render_modes": ["ansi"], "name": "catanrules_aec_v0",
                "is_parallelizable": False}

    def __init__(self, game="base(players=4,offer_max=0)", max_steps=None,
                 render_mode=None, context=None):
        if _pz is not None:
            super().__init__()
        self._ctx = context or catanrules.Context()
        self._spec = game
        probe = self._ctx.game(with_seed(game, 0))
        n = probe.num_players
        self.possible_agents = [f"player_{p}" for p in range(n)]
        action, obs, mask = _spaces(probe)
        self._sizes = (probe.action_space_size, probe.tensor_size)
        if _gym is not None:
            obs_space = _gym.spaces.Dict({"observation": obs,
                                          "action_mask": mask})
        else:
            obs_space = {"observation": obs, "action_mask": mask}
        self.action_spaces = {a: action for a in self.possible_agents}
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.render_mode = render_mode
        self.max_steps = max_steps
        self._rng = random.Random()
        self._episode = None
        self.agents = []

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    @property
    def state(self):
        """The episode's state (catanrules.State)."""
        return self._episode.state if self._episode else None

    @staticmethod
    def _player(agent):
        return int(agent.rsplit("_", 1)[1])

    def reset(self, seed=None, options=None):
        if seed is not None:
            self._rng = random.Random(seed)
        self._episode = ep = _Episode(self._ctx, self._spec,
                                      self._rng.getrandbits(62), self.max_steps)
        ep.resolve()
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._select()

    def _select(self):
        ep = self._episode
        if ep.over:
            terminated = ep.state.is_terminal and ep.state.winner is not None
            for a in self.agents:
                self.terminations[a] = terminated
                self.truncations[a] = not terminated
            self.agent_selection = self.agents[0] if self.agents else None
            return
        self.agent_selection = self.possible_agents[ep.state.acting_players[0]]
        for a in self.agents:
            self.infos[a] = {}
        p = self._player(self.agent_selection)
        self.infos[self.agent_selection] = {
            "action_mask": _mask(ep.state, p, self._sizes[0])}

    def observe(self, agent):
        p = self._player(agent)
        s = self._episode.state
        return {"observation": s.tensor(p),
                "action_mask": _mask(s, p, self._sizes[0])}

    def last(self, observe=True):
        agent = self.agent_selection
        return (self.observe(agent) if observe else None,
                self._cumulative_rewards[agent], self.terminations[agent],
                self.truncations[agent], self.infos[agent])

    def agent_iter(self, max_iter=2 ** 63):
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise ValueError("an agent that is done steps with None")
            self.agents.remove(agent)
            del self.rewards[agent], self._cumulative_rewards[agent]
            del self.terminations[agent], self.truncations[agent]
            del self.infos[agent]
            self.agent_selection = self.agents[0] if self.agents else None
            return
        ep = self._episode
        ep.act(self._player(agent), action)
        self._cumulative_rewards[agent] = 0.0
        if ep.state.is_terminal and ep.state.winner is not None:
            returns = ep.state.returns
            self.rewards = {a: returns[self._player(a)] for a in self.agents}
        else:
            self.rewards = {a: 0.0 for a in self.agents}
        for a in self.agents:
            self._cumulative_rewards[a] += self.rewards[a]
        self._select()

    def render(self):
        if self._episode is None or self.render_mode != "ansi":
            return None
        return self._episode.state.observation_string(catanrules.PUBLIC)

    def close(self):
        self._episode = None
