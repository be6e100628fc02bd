# catanrules.bots: the baseline bots of examples/ (random, greedy, mcts) from Python.
# SPDX-License-Identifier: MIT
"""The C bots of examples/bots.h (doc/bots.md) as Python opponents.

    >>> from catanrules import bots
    >>> bot = bots.Bot("greedy", game, player=1, seed=7)
    >>> action = bot.choose(state)          # one of state.legal_actions(1)

"random" is pure Python and always there; "greedy", "mcts" and "mcts:N"
need libcatanrules-bots.so, built beside the library (build/examples/) and
installed with it by `meson install`; CATANRULES_BOTS_LIB names it
explicitly. Every bot sees what its player sees (doc/bots.md).
"""

import ctypes
import glob
import os
import random

from . import _lib

__all__ = ["Bot", "RandomBot", "available", "NAMES"]

NAMES = ("random", "greedy", "mcts")

_bots = None
_bots_error = None


def _candidates():
    env = os.environ.get("CATANRULES_BOTS_LIB")
    if env:
        return [env]
    found = []
    here = os.path.dirname(os.path.realpath(_lib.lib._name))
    # A build directory: the library at its top, the bots in examples/.
    found += glob.glob(os.path.join(here, "examples", "libcatanrules-bots.so"))
    found += glob.glob(os.path.join(here, "libcatanrules-bots.so"))
    try:
        from . import _install
    except ImportError:
        pass
    else:
        found.append(os.path.join(_install.LIBDIR, "libcatanrules-bots.so"))
    return found


def _load():
    global _bots, _bots_error
    if _bots is not None or _bots_error is not None:
        return _bots
    errors = []
    for path in _candidates():
        try:
            lib = ctypes.CDLL(path)
        except OSError as e:
            errors.append(f"{path}: {e}")
            continue
        lib.bot_new.restype = ctypes.c_int
        lib.bot_new.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_char_p,
                                ctypes.c_void_p, ctypes.c_int, ctypes.c_uint64,
                                ctypes.c_char_p, ctypes.c_size_t]
        lib.bot_free.restype = None
        lib.bot_free.argtypes = [ctypes.c_void_p]
        lib.bot_choose.restype = ctypes.c_int
        lib.bot_choose.argtypes = [ctypes.c_void_p, ctypes.c_void_p,
                                   ctypes.POINTER(_lib.Action), ctypes.c_size_t,
                                   ctypes.POINTER(ctypes.c_size_t)]
        _bots = lib
        return lib
    _bots_error = ("libcatanrules-bots.so not found (set CATANRULES_BOTS_LIB): " +
                   ("; ".join(errors) if errors else "no candidate"))
    return None


def available():
    """The bot names usable here: "random" always, the C bots when their
    library is found."""
    return NAMES if _load() is not None else ("random",)


class RandomBot:
    """Uniform over the player's legal actions, from its own generator."""

    name = "random"

    def __init__(self, game, player, seed=0):
        self.game = game
        self.player = player
        self._rng = random.Random(seed)
        self._seed = seed & (2 ** 64 - 1)

    def choose(self, state):
        legal = state.legal_actions(self.player)
        return legal[self._rng.randrange(len(legal))]

    def step(self, state):
        """Take one uniform action in C, where the bot's player is the only
        one to act (State.playout of one step: the chance it causes is
        resolved by the state's generator)."""
        if state.acting_players != [self.player]:
            raise ValueError(f"player {self.player} is not the only actor")
        _, self._seed = state.playout(self._seed, max_steps=1)


class _CBot:
    def __init__(self, spec, game, player, seed):
        lib = _load()
        if lib is None:
            raise RuntimeError(f"bot {spec!r}: {_bots_error}")
        self._lib = lib
        self.game = game
        self.player = player
        self.name = spec
        self._handle = ctypes.c_void_p()
        why = ctypes.create_string_buffer(256)
        rc = lib.bot_new(ctypes.byref(self._handle), spec.encode(),
                         game._handle, player, seed & (2 ** 64 - 1), why,
                         len(why))
        if rc == -2:
            raise MemoryError(f"bot {spec!r}: out of memory")
        if rc != 0:
            self._handle = None
            raise ValueError(f"bot {spec!r}: {why.value.decode()}")

    def __del__(self):
        if getattr(self, "_handle", None):
            self._lib.bot_free(self._handle)
            self._handle = None

    def choose(self, state):
        legal = state.legal_actions(self.player)
        buf = (_lib.Action * len(legal))(*[a._raw for a in legal])
        pick = ctypes.c_size_t()
        rc = self._lib.bot_choose(self._handle, state._handle, buf, len(legal),
                                  ctypes.byref(pick))
        if rc != 0:
            raise RuntimeError(f"bot {self.name}: the library refused a step "
                               f"({rc})")
        return legal[pick.value]


def Bot(spec, game, player, seed=0):
    """A bot by name ("random", "greedy", "mcts", "mcts:500") for a player
    of a game; its choose(state) returns one of the player's legal
    actions."""
    if spec == "random":
        return RandomBot(game, player, seed)
    return _CBot(spec, game, player, seed)
