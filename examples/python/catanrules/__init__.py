# catanrules: Python binding of libcatanrules (ctypes, standard library only).
# SPDX-License-Identifier: MIT
"""Referee games of CATAN from Python through libcatanrules.

    >>> import catanrules
    >>> ctx = catanrules.Context()
    >>> game = ctx.game("base(players=4,seed=42)")
    >>> state = game.new_state()
    >>> state.apply(state.legal_actions()[0])
    >>> state.current_player, state.phase
    (1, 'setup')

The library is found through the environment variable CATANRULES_LIB (the
path of libcatanrules.so), else in a build directory of the source tree
this package sits in, else where the dynamic linker finds it. doc/python.md
describes the whole binding.
"""

import ctypes
import fractions
import json

from . import _lib

_c = _lib.lib

__all__ = [
    "Context", "Game", "State", "Action",
    "CatanError", "IllegalActionError", "ParseError", "NotFoundError",
    "InvalidArgumentError", "VersionError", "NotSupportedError",
    "CHANCE", "SIMULTANEOUS", "INVALID", "TERMINAL", "PUBLIC", "ALL",
    "RESOURCES", "DEV_CARDS", "DEV_ROLES", "AWARDS", "library_version",
    "ABI_VERSION", "StateBatch",
]

ABI_VERSION = _lib.ABI_VERSION

# Special player ids (enum catan_player_id).
CHANCE = -1
SIMULTANEOUS = -2
INVALID = -3
TERMINAL = -4
PUBLIC = -5   # observer: a spectator
ALL = -6      # observer: the referee

RESOURCES = tuple(_lib.text(_c.catan_resource_name(k))
                  for k in range(5))
DEV_CARDS = tuple(_lib.text(_c.catan_dev_card_name(k))
                  for k in range(5))
TERRAINS = ("desert", "forest", "hills", "pasture", "fields", "mountains",
            "sea", "lake", "swamp", "watering_hole", "castle", "quarry",
            "glassworks", "commodity_castle", "salt_garden", "salt_mountain",
            "mountain_forest", "mountain_pasture", "desert_post")
PIECES = (None, "settlement", "city", "road")
LOCATION_KINDS = {1: "hex", 2: "vertex", 3: "edge"}
# enum catan_dev_role: what a development-card kind is to the core.
DEV_ROLES = ("none", "knight", "road_building", "year_of_plenty",
             "monopoly", "victory_point")
# enum catan_award, by name.
AWARDS = ("longest_road", "largest_army")
# enum catan_holding_visibility.
HOLDING_VISIBILITIES = ("public", "owner", "group")
# the trades that carry a holding (enum catan_holding_trade).
HOLDING_TRADES = ((0x1, "traded"), (0x2, "maritime"))
# the flags of catan_piece_info (catanrules/piece.h).
PIECE_FLAGS = ((0x1, "moves"), (0x2, "road_like"), (0x4, "road_weight"))
HOLDING_SUPPLY = -1
TRADE_RESPONSES = (None, "accept", "decline", "counter")
# enum catan_tensor_axis and enum catan_tensor_encoding (tensor.h).
TENSOR_AXES = ("one", "hex", "vertex", "edge", "player", "owner", "actor",
               "terrain", "number", "dice", "card_kind", "dev_kind", "phase",
               "harbor", "response")
TENSOR_ENCODINGS = ("count", "one_hot", "flags")

try:
    import numpy as _np
except ImportError:  # the binding needs only the standard library
    _np = None


_shared_context = None


def _context():
    """The context unpickled games and states belong to (made once)."""
    global _shared_context
    if _shared_context is None:
        _shared_context = Context()
    return _shared_context


def _unpickle_game(string):
    return _context().game(string)


def _unpickle_state(snapshot, history):
    state = _context().load(snapshot)
    if history is not None:
        state._history = [state.parse(text) for text in history]
    return state


def size_t_value():
    return _lib.size_t()


def library_version():
    """The running library's version as (major, minor, micro)."""
    v = [ctypes.c_int() for _ in range(3)]
    _c.catan_version(*[ctypes.byref(x) for x in v])
    return tuple(x.value for x in v)


# ------------------------------------------------------------- errors

class CatanError(Exception):
    """A call into libcatanrules failed.

    code is the catan_error value (negative), code_name its description
    (catan_strerror) and message the library's message."""

    def __init__(self, code, message):
        self.code = code
        self.code_name = _lib.text(_c.catan_strerror(code))
        self.message = message or self.code_name
        super().__init__(self.message)


class ParseError(CatanError, ValueError):
    """Malformed text: a game string, an action, a location, a snapshot."""


class NotFoundError(CatanError, LookupError):
    """Unknown variant, module, parameter or name."""


class InvalidArgumentError(CatanError, ValueError):
    """A bad argument or value."""


class VersionError(CatanError):
    """Unsupported struct or format version."""


class NotSupportedError(CatanError):
    """The operation is not offered here."""


class IllegalActionError(CatanError):
    """The action is not legal now; the state is unchanged.

    reason is the catan_reason number, reason_name its name
    ("distance_rule", "not_your_turn", ...), action the refused action."""

    def __init__(self, message, reason, action=None):
        super().__init__(_lib.EILLEGAL, message)
        self.reason = reason
        self.reason_name = _lib.text(_c.catan_reason_name(reason))
        self.action = action


_ERRORS = {
    _lib.EPARSE: ParseError,
    _lib.ENOTFOUND: NotFoundError,
    _lib.EINVAL: InvalidArgumentError,
    _lib.EVERSION: VersionError,
    _lib.ENOTSUP: NotSupportedError,
}


def _raise(code, message):
    if code == _lib.ENOMEM:
        raise MemoryError(message or "libcatanrules: out of memory")
    raise _ERRORS.get(code, CatanError)(code, message)


def _observer(observer):
    if observer in ("public", None):
        return PUBLIC
    if observer == "all":
        return ALL
    return int(observer)


def _cards(counts, names=RESOURCES, skip_zero=False):
    """A card vector as {name: count} (unnamed variant slots as kindN)."""
    out = {}
    for k, n in enumerate(counts):
        name = names[k] if k < len(names) else None
        if name is None:
            if n == 0:
                continue
            name = f"kind{k}"
        if n or not skip_zero:
            out[name] = n
    return out


def _none_id(x):
    return None if x == _lib.NONE_ID else x


# ------------------------------------------------------------- context

class Context:
    """The library's context: the registry of variants and modules.

    log, if given, is called as log(level, message) for the library's log
    messages up to log_level (1 error, 2 info, 3 debug)."""

    def __init__(self, log=None, log_level=1):
        self._c = _c
        self._handle = _lib.ctx_p()
        self._log_cb = None
        opts = None
        if log is not None:
            opts = _lib.CtxOptions()
            rc = _c.catan_ctx_options_init(ctypes.byref(opts),
                                           _lib.CTX_OPTIONS_VERSION)
            if rc != _lib.OK:
                _raise(rc, "catan_ctx_options_init")

            def _log(_userdata, level, message):
                try:
                    log(level, _lib.text(message))
                except Exception:  # never unwind through C
                    pass

            self._log_cb = _lib.LOG_FN(_log)
            opts.log = self._log_cb
            opts.log_level = int(log_level)
        rc = _c.catan_ctx_new(ctypes.byref(self._handle),
                              ctypes.byref(opts) if opts else None)
        if rc != _lib.OK:
            _raise(rc, "cannot create a libcatanrules context")

    def __del__(self):
        handle = getattr(self, "_handle", None)
        if handle:
            self._c.catan_ctx_free(handle)
            self._handle = None

    def _errmsg(self):
        return _lib.text(_c.catan_ctx_errmsg(self._handle))

    @property
    def variants(self):
        """Names of the registered variants."""
        return [_lib.text(_c.catan_ctx_variant_name(self._handle, i))
                for i in range(_c.catan_ctx_variant_count(self._handle))]

    @property
    def modules(self):
        """Names of the registered rule modules."""
        return [_lib.text(_c.catan_ctx_module_name(self._handle, i))
                for i in range(_c.catan_ctx_module_count(self._handle))]

    def variant_info(self, name):
        """{'name', 'description', 'min_players', 'max_players'}."""
        desc = ctypes.c_char_p()
        lo, hi = ctypes.c_int(), ctypes.c_int()
        rc = _c.catan_ctx_variant_info(self._handle, name.encode(),
                                       ctypes.byref(desc), ctypes.byref(lo),
                                       ctypes.byref(hi))
        if rc != _lib.OK:
            _raise(rc, self._errmsg() or f"unknown variant '{name}'")
        return {"name": name, "description": _lib.text(desc.value),
                "min_players": lo.value, "max_players": hi.value}

    def game(self, spec):
        """A game from a game string such as 'base(players=3,seed=1)'."""
        return Game(self, spec)

    def load(self, text):
        """A state (with its game) from a snapshot or a history."""
        data = text.encode() if isinstance(text, str) else bytes(text)
        g, s = _lib.game_p(), _lib.state_p()
        rc = _c.catan_load(ctypes.byref(g), ctypes.byref(s), self._handle,
                           data, len(data))
        if rc != _lib.OK:
            _raise(rc, self._errmsg())
        game = Game._adopt(self, g)
        state = State._adopt(game, s)
        if data.startswith(b"catanrules-history"):
            # Keep the history so that it can be written again.
            lines = data.decode().split("\n")
            state._history = [state.parse(line) for line in lines[2:]
                              if line and line != "end"]
        else:
            state._history = None
        return state


# ------------------------------------------------------------- games

class Game:
    """An immutable game: variant, options and board.

    Game(ctx, 'base(players=4,seed=42)') or ctx.game(...). str(game) is the
    canonical game string; two games are the same game exactly when their
    strings are equal."""

    def __init__(self, ctx, spec):
        self._c = _c
        self.context = ctx
        self._handle = _lib.game_p()
        rc = _c.catan_game_new_from_string(ctypes.byref(self._handle),
                                           ctx._handle, spec.encode())
        if rc != _lib.OK:
            self._handle = None
            _raise(rc, ctx._errmsg())
        self._setup()

    @classmethod
    def _adopt(cls, ctx, handle):
        self = cls.__new__(cls)
        self._c = _c
        self.context = ctx
        self._handle = handle
        self._setup()
        return self

    def _setup(self):
        self._max_legal = _c.catan_game_max_legal_actions(self._handle)
        self._max_outcomes = _c.catan_game_max_chance_outcomes(self._handle)
        self._actions = (_lib.Action * max(1, self._max_legal))()
        rc, self.string = _lib.read_string(_c.catan_game_to_string,
                                           self._handle)
        if rc != _lib.OK:
            _raise(rc, "catan_game_to_string")
        h = self._handle
        self._card_kinds = tuple(
            _lib.text(_c.catan_game_card_kind_name(h, k))
            for k in range(_c.catan_game_card_kind_count(h)))
        self._dev_kinds = tuple(
            _lib.text(_c.catan_game_dev_kind_name(h, k))
            for k in range(_c.catan_game_dev_kind_count(h)))

    def __del__(self):
        handle = getattr(self, "_handle", None)
        if handle:
            self._c.catan_game_unref(handle)
            self._handle = None

    def __str__(self):
        return self.string

    def __repr__(self):
        return f"Game({self.string!r})"

    def __eq__(self, other):
        return isinstance(other, Game) and other.string == self.string

    def __hash__(self):
        return hash(self.string)

    def __reduce__(self):
        # A game is its canonical string (rebuilt in the shared context).
        return (_unpickle_game, (self.string,))

    @property
    def variant(self):
        return _lib.text(_c.catan_game_variant(self._handle))

    @property
    def num_players(self):
        return _c.catan_game_num_players(self._handle)

    @property
    def neutral_players(self):
        """Neutral piece owners, numbered after the seated players."""
        return _c.catan_game_neutral_players(self._handle)

    @property
    def chance_mode(self):
        """'sampled' or 'explicit'."""
        mode = _c.catan_game_chance_mode(self._handle)
        return "explicit" if mode == 1 else "sampled"

    @property
    def vp_to_win(self):
        return _c.catan_game_vp_to_win(self._handle)

    @property
    def max_legal_actions(self):
        return self._max_legal

    # -- the action space (catanrules/space.h)

    @property
    def action_space_size(self):
        """The number of action ids: 0..size-1, fixed for the game."""
        n = size_t_value()
        rc = _c.catan_game_action_space(self._handle, ctypes.byref(n))
        if rc != _lib.OK:
            _raise(rc, _lib.text(_c.catan_ctx_errmsg(self.context._handle)))
        return n.value

    def action_blocks(self):
        """The blocks of the action space in id order: dicts of type
        (its name), first, size."""
        out, i = [], 0
        while True:
            b, count = _lib.SpaceBlock(), size_t_value()
            rc = _c.catan_game_action_block(self._handle, i, ctypes.byref(b),
                                            ctypes.byref(count))
            if rc == _lib.ENOTFOUND:
                return out
            if rc != _lib.OK:
                _raise(rc, _lib.text(_c.catan_ctx_errmsg(self.context._handle)))
            out.append({"type": _lib.text(_c.catan_action_type_name(b.type))
                        or b.type, "first": b.first, "size": b.size})
            i += 1

    @property
    def tensor_size(self):
        """The length of the observation tensor, in floats (tensor.h)."""
        n = size_t_value()
        rc = _c.catan_game_tensor_size(self._handle, ctypes.byref(n))
        if rc != _lib.OK:
            _raise(rc, _lib.text(_c.catan_ctx_errmsg(self.context._handle)))
        return n.value

    @staticmethod
    def _tensor_field(f):
        return {"name": f.name.decode(), "offset": f.offset,
                "shape": (f.rows, f.cols),
                "rows": TENSOR_AXES[f.row_axis],
                "cols": TENSOR_AXES[f.col_axis],
                "encoding": TENSOR_ENCODINGS[f.encoding]}

    @property
    def tensor_fields(self):
        """The observation tensor's layout, in offset order: dicts of name,
        offset, shape (rows, cols), rows and cols (what they stand for:
        "hex", "player", "card_kind", ...) and encoding ("count",
        "one_hot" or "flags"). doc/rl.md describes them."""
        out, i = [], 0
        while True:
            f = _lib.TensorField()
            rc = _c.catan_game_tensor_field(self._handle, i, ctypes.byref(f),
                                            None)
            if rc == _lib.ENOTFOUND:
                return out
            if rc != _lib.OK:
                _raise(rc, _lib.text(_c.catan_ctx_errmsg(self.context._handle)))
            out.append(self._tensor_field(f))
            i += 1

    def tensor_field(self, name):
        """One field of the observation tensor by name (as tensor_fields);
        NotFoundError if the game's layout has none of that name."""
        f = _lib.TensorField()
        rc = _c.catan_game_tensor_find(self._handle, name.encode(),
                                       ctypes.byref(f))
        if rc != _lib.OK:
            _raise(rc, _lib.text(_c.catan_ctx_errmsg(self.context._handle)))
        return self._tensor_field(f)

    def tensor_phase(self, column):
        """The phase id (State.phase_id) of a column of the tensor's
        "phase" field."""
        phase = _c.catan_game_tensor_phase(self._handle, column)
        if phase < 0:
            raise IndexError(f"no phase column {column}")
        return phase

    def action_id(self, action):
        """The id of an action, or None if it has none (a chance outcome)."""
        n = size_t_value()
        rc = _c.catan_game_action_id(self._handle, ctypes.byref(action._raw),
                                     ctypes.byref(n))
        if rc == _lib.ENOTFOUND:
            return None
        if rc != _lib.OK:
            _raise(rc, _lib.text(_c.catan_ctx_errmsg(self.context._handle)))
        return n.value

    @property
    def info(self):
        """The game's declared facts (catan_game_info_get()) as a dict:
        players, chance, information ('perfect' or 'imperfect'), the kinds
        of simultaneous phases, bounds, the returns' range, and whether a
        referee (the host's end of a round) has actions."""
        i = _lib.GameInfo()
        i.version = _lib.GAME_INFO_VERSION
        rc = _c.catan_game_info_get(self._handle, ctypes.byref(i))
        if rc != _lib.OK:
            _raise(rc, "catan_game_info_get")
        simultaneous = [name for bit, name in ((1, "order_free"), (2, "real_time"))
                        if i.simultaneous & bit]
        return {
            "min_players": i.min_players, "max_players": i.max_players,
            "num_players": i.num_players, "num_neutral": i.num_neutral,
            "chance_mode": "explicit" if i.chance_mode == 1 else "sampled",
            "information": "imperfect" if i.information else "perfect",
            "simultaneous": simultaneous,
            "max_legal_actions": i.max_legal_actions,
            "max_chance_outcomes": i.max_chance_outcomes,
            "max_turns": i.max_turns, "max_moves": i.max_moves,
            "returns": (i.min_return, i.max_return),
            "vp_to_win": i.vp_to_win, "state_size": i.state_size,
            "open_hands": bool(i.open_hands),
            "referee": bool(i.referee),
        }

    # -- the game's data: card and development-card kinds, costs, rates,
    # awards and their contests, holdings, declared pieces

    @property
    def card_kinds(self):
        """The names of the game's resource card kinds, in kind order
        (catan_game_card_kind_name(): ('lumber', ..., 'ore') in the base
        game; a variant or module may declare more)."""
        return self._card_kinds

    def card_kind_index(self, name):
        """The card kind a name (or a base alias such as 'wood') stands
        for; NotFoundError for a name the game does not know."""
        k = _c.catan_game_card_kind_index(self._handle, name.encode())
        if k < 0:
            _raise(k, f"no card kind {name!r} in this game")
        return k

    def _card_kind(self, kind):
        return self.card_kind_index(kind) if isinstance(kind, str) else int(kind)

    @property
    def dev_kinds(self):
        """The names of the game's development-card kinds, in slot order
        (catan_game_dev_kind_name(): knight, road_building, year_of_plenty,
        monopoly, victory_point in the base game; a replacement deck has
        its own)."""
        return self._dev_kinds

    def dev_kind_index(self, name):
        """The slot of a development-card kind by name; NotFoundError for
        a name the game does not know."""
        k = _c.catan_game_dev_kind_index(self._handle, name.encode())
        if k < 0:
            _raise(k, f"no development-card kind {name!r} in this game")
        return k

    def dev_kind(self, kind):
        """One development-card kind (a slot or a name) as a dict: slot,
        name, count (cards of the kind at the start; 0: out of the game)
        and role (one of DEV_ROLES: 'knight', ..., 'victory_point', or
        'none' for a module's card)."""
        slot = self.dev_kind_index(kind) if isinstance(kind, str) else int(kind)
        info = _lib.DevKindInfo()
        rc = _c.catan_game_dev_kind(self._handle, slot, ctypes.byref(info))
        if rc != _lib.OK:
            _raise(rc, f"no development-card kind {kind!r}")
        return {
            "slot": slot,
            "name": _lib.text(info.name),
            "count": info.count,
            "role": DEV_ROLES[info.role] if info.role < len(DEV_ROLES)
            else info.role,
        }

    def dev_role_kind(self, role):
        """The slot of the kind holding a role ('knight', ...; see
        DEV_ROLES), or None when no kind of the game has it."""
        if role not in DEV_ROLES or role == "none":
            _raise(_lib.EINVAL, f"bad development-card role {role!r}")
        k = _c.catan_game_dev_role_kind(self._handle, DEV_ROLES.index(role))
        if k == _lib.ENOTFOUND:
            return None
        if k < 0:
            _raise(k, f"catan_game_dev_role_kind({role!r})")
        return k

    @property
    def dev_reshuffles(self):
        """Whether the discard pile becomes the new deck when a card is
        bought from an empty one (catan_game_dev_reshuffles())."""
        return _c.catan_game_dev_reshuffles(self._handle) == 1

    @property
    def costs(self):
        """What buying each thing takes, {thing: {kind: count}} with the
        kinds paid only ('road', 'settlement', 'city', 'development_card'
        in the base game)."""
        out = {}
        for i in range(_c.catan_game_cost_count(self._handle)):
            info = _lib.CostInfo()
            rc = _c.catan_game_cost(self._handle, i, ctypes.byref(info))
            if rc != _lib.OK:
                _raise(rc, f"catan_game_cost({i})")
            out[_lib.text(info.name)] = _cards(info.cards, self._card_kinds,
                                               skip_zero=True)
        return out

    def cost(self, thing):
        """The cost of one thing as {kind: count}; NotFoundError when the
        game declares no such cost."""
        i = _c.catan_game_cost_index(self._handle, thing.encode())
        if i < 0:
            _raise(i, f"no cost of {thing!r} in this game")
        info = _lib.CostInfo()
        rc = _c.catan_game_cost(self._handle, i, ctypes.byref(info))
        if rc != _lib.OK:
            _raise(rc, f"catan_game_cost({i})")
        return _cards(info.cards, self._card_kinds, skip_zero=True)

    @property
    def maritime_rate(self):
        """Cards given the bank for one without a harbor (4 in the base
        game); State.maritime_rate() is a player's best rate now."""
        return _c.catan_game_maritime_rate(self._handle)

    def award(self, name):
        """An award's policy ('longest_road' or 'largest_army') as
        {'min': least road length or knights, 'points': ...}, or None when
        the game has no such award (catan_game_award())."""
        if name not in AWARDS:
            _raise(_lib.EINVAL, f"no award {name!r}: one of {AWARDS}")
        least, points = ctypes.c_uint(), ctypes.c_uint()
        rc = _c.catan_game_award(self._handle, AWARDS.index(name),
                                 ctypes.byref(least), ctypes.byref(points))
        if rc != _lib.OK:
            _raise(rc, f"catan_game_award({name!r})")
        if least.value == 0:
            return None
        return {"min": least.value, "points": points.value}

    @property
    def contest_count(self):
        """How many groups of players contest the awards separately
        (catan_game_contest_count()): 1 in a game without contests, one
        contest of everyone."""
        n = ctypes.c_uint()
        rc = _c.catan_game_contest_count(self._handle, ctypes.byref(n))
        if rc != _lib.OK:
            _raise(rc, "catan_game_contest_count")
        return n.value

    def player_contest(self, player):
        """The contest a player takes part in, 0 .. contest_count - 1
        (catan_game_player_contest()); InvalidArgumentError for no such
        player (or a neutral one in a game with contests)."""
        n = ctypes.c_uint()
        rc = _c.catan_game_player_contest(self._handle, int(player),
                                          ctypes.byref(n))
        if rc != _lib.OK:
            _raise(rc, self.context._errmsg() or f"p{player} is in no contest")
        return n.value

    @property
    def holdings(self):
        """The holdings the game declares (catanrules/holding.h), a list
        of dicts: name, group (or None), visibility ('public', 'owner',
        'group'), max, supply (None: no finite supply), target, trade
        (the trades that carry it: a list of 'traded', 'maritime') and
        slot (a traded holding's key in actions' give and get, else
        None)."""
        out = []
        for i in range(_c.catan_game_holding_count(self._handle)):
            info = _lib.HoldingInfo()
            rc = _c.catan_game_holding(self._handle, i, ctypes.byref(info))
            if rc != _lib.OK:
                _raise(rc, f"catan_game_holding({i})")
            out.append({
                "name": _lib.text(info.name),
                "group": _lib.text(info.group),
                "visibility": HOLDING_VISIBILITIES[info.visibility]
                if info.visibility < len(HOLDING_VISIBILITIES)
                else info.visibility,
                "max": info.max,
                "supply": None if info.supply < 0 else info.supply,
                "target": info.target,
                "trade": [n for bit, n in HOLDING_TRADES if info.trade & bit],
                "slot": None if info.slot < 0 else info.slot,
            })
        return out

    @property
    def pieces(self):
        """The kinds of pieces the game declares beyond settlements,
        cities and roads (catanrules/piece.h), a list of dicts in kind
        order: name, place ('hex', 'vertex' or 'edge'), stock (per owner),
        stack_limit (None: no limit) and flags ('moves', 'road_like',
        'road_weight')."""
        out = []
        for k in range(_c.catan_game_piece_count(self._handle)):
            info = _lib.PieceInfo()
            rc = _c.catan_game_piece(self._handle, k, ctypes.byref(info))
            if rc != _lib.OK:
                _raise(rc, f"catan_game_piece({k})")
            out.append({
                "name": _lib.text(info.name),
                "place": LOCATION_KINDS.get(info.place, info.place),
                "stock": info.stock,
                "stack_limit": info.stack_limit or None,
                "flags": [n for bit, n in PIECE_FLAGS if info.flags & bit],
            })
        return out

    def piece_kind(self, name):
        """The kind number of a declared piece by name; NotFoundError when
        the game declares none of that name."""
        k = _c.catan_game_piece_find(self._handle, name.encode())
        if k < 0:
            _raise(k, f"no piece {name!r} in this game")
        return k

    def _piece_kind(self, kind):
        return self.piece_kind(kind) if isinstance(kind, str) else int(kind)

    def param(self, name):
        """A parameter as its canonical text, or None."""
        return _lib.text(_c.catan_game_param(self._handle, name.encode()))

    def new_state(self):
        """The initial state."""
        s = _lib.state_p()
        rc = _c.catan_state_new(ctypes.byref(s), self._handle)
        if rc != _lib.OK:
            _raise(rc, "catan_state_new")
        state = State._adopt(self, s)
        state._history = []
        return state

    # -- board

    @property
    def layout(self):
        """The island as the parameters that give it to another base game,
        'board=given,tiles=...,harbors=...'; None for other boards."""
        rc, text = _lib.read_string(_c.catan_board_layout, self._handle)
        if rc == _lib.ENOTSUP:
            return None
        if rc != _lib.OK:
            _raise(rc, "catan_board_layout")
        return text

    @property
    def board_counts(self):
        """{'hexes', 'vertices', 'edges', 'harbors', 'sites', 'plazas'}."""
        c = _lib.BoardCounts()
        rc = _c.catan_board_counts_get(self._handle, ctypes.byref(c))
        if rc != _lib.OK:
            _raise(rc, "catan_board_counts_get")
        return {"hexes": c.hexes, "vertices": c.vertices, "edges": c.edges,
                "harbors": c.harbors, "sites": c.sites, "plazas": c.plazas}

    def location_name(self, kind, ident):
        """Canonical notation of a location: kind is 'hex', 'vertex' or
        'edge' (or 1, 2, 3)."""
        if isinstance(kind, str):
            kinds = {v: k for k, v in LOCATION_KINDS.items()}
            if kind not in kinds:
                raise InvalidArgumentError(_lib.EINVAL,
                                           f"bad location kind '{kind}'")
            kind = kinds[kind]
        rc, name = _lib.read_string(_c.catan_location_format, self._handle,
                                    kind, ident)
        if rc != _lib.OK:
            _raise(rc, f"no {LOCATION_KINDS.get(kind, kind)} {ident}")
        return name

    def location(self, text):
        """Parse a location ('h3', 'h9.se', 'h4.n-ne', 'v12', 'e40') into
        (kind, id), kind being 'hex', 'vertex' or 'edge'."""
        kind, ident = ctypes.c_int(), ctypes.c_uint()
        rc = _c.catan_location_parse(self._handle, text.encode(),
                                     ctypes.byref(kind), ctypes.byref(ident))
        if rc != _lib.OK:
            _raise(rc, f"bad location '{text}'")
        return LOCATION_KINDS[kind.value], ident.value

    def hex(self, i):
        """One hex as a dict: id, name, q, r, terrain, resource, number,
        vertices, edges, neighbors (None across the coast)."""
        h = _lib.HexInfo()
        rc = _c.catan_board_hex(self._handle, i, ctypes.byref(h))
        if rc != _lib.OK:
            _raise(rc, f"no hex {i}")
        return {
            "id": i,
            "name": self.location_name(1, i),
            "q": h.q, "r": h.r,
            "terrain": TERRAINS[h.terrain] if h.terrain < len(TERRAINS)
            else h.terrain,
            "resource": self._card_kinds[h.resource]
            if 0 <= h.resource < len(self._card_kinds) else None,
            "number": h.number or None,
            "numbers": tuple(h.numbers[:h.nnumbers]),
            "vertices": tuple(h.vertices),
            "edges": tuple(h.edges),
            "neighbors": tuple(_none_id(x) for x in h.neighbors),
        }

    def vertex(self, i):
        """One intersection as a dict: id, name, hexes, vertices, edges,
        harbor (index or None)."""
        v = _lib.VertexInfo()
        rc = _c.catan_board_vertex(self._handle, i, ctypes.byref(v))
        if rc != _lib.OK:
            _raise(rc, f"no intersection {i}")
        return {
            "id": i,
            "name": self.location_name(2, i),
            "hexes": tuple(x for x in v.hexes if x != _lib.NONE_ID),
            "vertices": tuple(x for x in v.vertices if x != _lib.NONE_ID),
            "edges": tuple(x for x in v.edges if x != _lib.NONE_ID),
            "harbor": _none_id(v.harbor),
        }

    def edge(self, i):
        """One edge as a dict: id, name, vertices, hexes."""
        e = _lib.EdgeInfo()
        rc = _c.catan_board_edge(self._handle, i, ctypes.byref(e))
        if rc != _lib.OK:
            _raise(rc, f"no edge {i}")
        return {
            "id": i,
            "name": self.location_name(3, i),
            "vertices": tuple(e.vertices),
            "hexes": tuple(x for x in e.hexes if x != _lib.NONE_ID),
        }

    def harbor(self, i):
        """One harbor as a dict: id, resource ('generic' for 3:1), ratio,
        vertices, hex, edge."""
        h = _lib.HarborInfo()
        rc = _c.catan_board_harbor(self._handle, i, ctypes.byref(h))
        if rc != _lib.OK:
            _raise(rc, f"no harbor {i}")
        return {
            "id": i,
            "resource": "generic" if h.resource == _lib.HARBOR_GENERIC
            else self._card_kinds[h.resource],
            "ratio": h.ratio,
            "vertices": tuple(h.vertices[:h.nvertices]),
            "hex": h.hex,
            "edge": h.edge,
        }

    @property
    def hexes(self):
        return [self.hex(i) for i in range(self.board_counts["hexes"])]

    @property
    def vertices(self):
        return [self.vertex(i) for i in range(self.board_counts["vertices"])]

    @property
    def edges(self):
        return [self.edge(i) for i in range(self.board_counts["edges"])]

    @property
    def harbors(self):
        return [self.harbor(i) for i in range(self.board_counts["harbors"])]

    def history_text(self, actions):
        """A history (text) of the given actions applied from the initial
        state."""
        arr = (_lib.Action * max(1, len(actions)))()
        for i, a in enumerate(actions):
            arr[i] = a._raw
        rc, text = _lib.read_string(_c.catan_history_write, self._handle,
                                    arr, len(actions))
        if rc != _lib.OK:
            _raise(rc, "an action cannot be written")
        return text


# ------------------------------------------------------------- actions

class Action:
    """One action (or chance outcome) of a game.

    .text is its notation ('p0 build_settlement h9.se', 'chance dice 8');
    .type is the type name ('build_settlement'); .player the acting player
    (CHANCE for outcomes); .give and .get the card lists as {name: count}.
    Actions compare and hash by value."""

    __slots__ = ("_raw", "_game", "_text")

    def __init__(self, game, raw):
        self._game = game
        self._raw = raw
        self._text = None

    @property
    def text(self):
        if self._text is None:
            rc, t = _lib.read_string(_c.catan_action_format,
                                     self._game._handle,
                                     ctypes.byref(self._raw))
            if rc != _lib.OK:
                _raise(rc, "the action cannot be formatted")
            self._text = t
        return self._text

    @property
    def type(self):
        name = _c.catan_action_type_name(self._raw.type)
        return _lib.text(name) if name else self._raw.type

    @property
    def type_id(self):
        return self._raw.type

    @property
    def player(self):
        return self._raw.player

    @property
    def target(self):
        return self._raw.target

    @property
    def arg(self):
        return self._raw.arg

    @property
    def give(self):
        return _cards(self._raw.give, self._game.card_kinds, skip_zero=True)

    @property
    def get(self):
        return _cards(self._raw.get, self._game.card_kinds, skip_zero=True)

    @property
    def is_chance(self):
        return self._raw.player == CHANCE

    def _key(self):
        return bytes(self._raw)

    def __eq__(self, other):
        return isinstance(other, Action) and self._key() == other._key()

    def __lt__(self, other):
        return _c.catan_action_compare(ctypes.byref(self._raw),
                                       ctypes.byref(other._raw)) < 0

    def __hash__(self):
        return hash(self._key())

    def __str__(self):
        return self.text

    def __repr__(self):
        return f"Action({self.text!r})"


# ------------------------------------------------------------- states

class State:
    """One position of a game. Create with game.new_state(),
    ctx.load(text) or state.clone()."""

    def __init__(self, game):
        raise TypeError("use Game.new_state(), Context.load() or "
                        "State.clone()")

    @classmethod
    def _adopt(cls, game, handle):
        self = cls.__new__(cls)
        self._c = _c
        self.game = game
        self._handle = handle
        self._history = []
        return self

    def __del__(self):
        handle = getattr(self, "_handle", None)
        if handle:
            self._c.catan_state_free(handle)
            self._handle = None

    def _errmsg(self):
        return _lib.text(_c.catan_state_errmsg(self._handle))

    def __repr__(self):
        return (f"<State move {self.move_number} turn {self.turn_number} "
                f"phase {self.phase} of {self.game.string}>")

    # -- who acts

    @property
    def current_player(self):
        """A player 0..n-1, CHANCE, SIMULTANEOUS or TERMINAL."""
        return _c.catan_state_current_player(self._handle)

    @property
    def turn_player(self):
        """The player whose turn it is, or None before the roll-off."""
        p = _c.catan_state_turn_player(self._handle)
        return None if p < 0 else p

    @property
    def acting_players(self):
        """Everyone who owes a decision now, as a list of players."""
        mask = _c.catan_state_acting_players(self._handle)
        return [p for p in range(_lib.MAX_PLAYERS) if mask >> p & 1]

    @property
    def is_terminal(self):
        return bool(_c.catan_state_is_terminal(self._handle))

    @property
    def is_chance_node(self):
        return bool(_c.catan_state_is_chance_node(self._handle))

    @property
    def phase(self):
        """The phase name: 'setup', 'roll', 'main', 'discard', ..."""
        return _lib.text(_c.catan_state_phase_name(self._handle,
                                                   self.phase_id))

    @property
    def phase_id(self):
        return _c.catan_state_phase(self._handle)

    @property
    def move_number(self):
        return _c.catan_state_move_number(self._handle)

    @property
    def turn_number(self):
        return _c.catan_state_turn_number(self._handle)

    # -- results

    @property
    def winner(self):
        """The winning player, or None."""
        w = _c.catan_state_winner(self._handle)
        return None if w < 0 else w

    def victory_points(self, player, hidden=True):
        """A player's points (negative in some scenarios: Rivers of
        Catan's Poor Catanian), read with catan_state_points()."""
        out = _lib.i32()
        rc = _c.catan_state_points(self._handle, int(player), int(hidden),
                                   ctypes.byref(out))
        if rc != 0:
            _raise(rc, f"no player {player}")
        return out.value

    @property
    def scores(self):
        """Every player's points, hidden Victory Point cards included."""
        return [self.victory_points(p, True)
                for p in range(self.game.num_players)]

    @property
    def public_scores(self):
        """Every player's points as everyone sees them."""
        return [self.victory_points(p, False)
                for p in range(self.game.num_players)]

    @property
    def returns(self):
        """1.0 for the winner, 0.0 for everyone else."""
        n = self.game.num_players
        out = (ctypes.c_double * n)()
        rc = _c.catan_state_returns(self._handle, out, n)
        if rc != _lib.OK:
            _raise(rc, self._errmsg())
        return list(out)

    # -- actions

    def _wrap(self, raw):
        return Action(self.game, raw)

    def legal_actions(self, player=None):
        """The legal actions of a player in canonical order. Without a
        player: those of everyone who acts now (all acting players at a
        simultaneous node; nobody at chance and terminal nodes, see
        chance_outcomes())."""
        if player is None:
            players = self.acting_players
            if not players and self.current_player >= 0:
                players = [self.current_player]
            out = []
            for p in players:
                out += self.legal_actions(p)
            return out
        buf = self.game._actions
        n = _lib.size_t(0)
        rc = _c.catan_state_legal_actions(self._handle, int(player), buf,
                                          len(buf), ctypes.byref(n))
        if rc == _lib.EBUFS:
            buf = (_lib.Action * n.value)()
            rc = _c.catan_state_legal_actions(self._handle, int(player),
                                              buf, len(buf), ctypes.byref(n))
        if rc != _lib.OK:
            _raise(rc, self._errmsg() or f"no player {player}")
        # Copy: the buffer is reused by the next call.
        return [self._wrap(_lib.Action.from_buffer_copy(buf[i]))
                for i in range(n.value)]

    def parse(self, text):
        """An action from its notation (spelling only, not legality)."""
        raw = _lib.Action()
        rc = _c.catan_action_parse(self._handle, text.encode(),
                                   ctypes.byref(raw))
        if rc != _lib.OK:
            _raise(rc, self._errmsg())
        return self._wrap(raw)

    def _action(self, action):
        if isinstance(action, str):
            return self.parse(action)
        if isinstance(action, Action):
            return action
        raise TypeError("an Action or its notation is expected")

    def _illegal(self, action, reason):
        raise IllegalActionError(self._errmsg(), reason, action)

    def check(self, action):
        """Raise IllegalActionError if the action is not legal now;
        nothing changes either way."""
        a = self._action(action)
        reason = ctypes.c_int(0)
        rc = _c.catan_state_check_action(self._handle, ctypes.byref(a._raw),
                                         ctypes.byref(reason))
        if rc == _lib.EILLEGAL:
            self._illegal(a, reason.value)
        if rc != _lib.OK:
            _raise(rc, self._errmsg())

    def is_legal(self, action):
        """True if the action is legal now."""
        try:
            self.check(action)
        except IllegalActionError:
            return False
        return True

    def apply(self, action):
        """Validate and apply an action (an Action or its notation).
        Raises IllegalActionError, with the reason, if it is not legal;
        the state is then unchanged."""
        a = self._action(action)
        rc = _c.catan_state_apply(self._handle, ctypes.byref(a._raw))
        if rc == _lib.EILLEGAL:
            self._illegal(a, _c.catan_state_last_reason(self._handle))
        if rc != _lib.OK:
            _raise(rc, self._errmsg())
        if self._history is not None:
            self._history.append(a)

    def apply_unchecked(self, action):
        """Apply an action taken from legal_actions() of this very state,
        without validation (fast; an illegal one gives an unspecified
        position)."""
        rc = _c.catan_state_apply_unchecked(self._handle,
                                            ctypes.byref(action._raw))
        if rc != _lib.OK:
            _raise(rc, self._errmsg())
        if self._history is not None:
            self._history.append(action)

    # -- chance

    def chance_outcomes(self):
        """The outcomes of the pending chance event as a list of
        (Action, fractions.Fraction); empty if none is pending."""
        cap = max(1, self.game._max_outcomes)
        buf = (_lib.ChanceOutcome * cap)()
        n = _lib.size_t(0)
        rc = _c.catan_state_chance_outcomes(self._handle, buf, cap,
                                            ctypes.byref(n))
        if rc == _lib.EBUFS:
            buf = (_lib.ChanceOutcome * n.value)()
            rc = _c.catan_state_chance_outcomes(self._handle, buf, n.value,
                                                ctypes.byref(n))
        if rc != _lib.OK:
            _raise(rc, self._errmsg())
        return [(self._wrap(_lib.Action.from_buffer_copy(buf[i].action)),
                 fractions.Fraction(buf[i].num, buf[i].den))
                for i in range(n.value)]

    def resolve_chance(self):
        """Resolve pending chance events with the state's own RNG."""
        pending = self.is_chance_node
        rc = _c.catan_state_resolve_chance(self._handle)
        if rc != _lib.OK:
            _raise(rc, self._errmsg())
        if pending:
            # The outcome drawn is not reported: no history from here on.
            self._history = None

    def playout(self, seed, max_steps=None):
        """Let the library play random actions to the end of the game (or
        max_steps of them) in one call: the rollout of a search, at C
        speed. The policy is catan_state_playout()'s (state.h): the
        lowest-numbered acting player, a uniform choice by SplitMix64
        from seed, chance by the state's RNG. Returns (steps, seed): the
        actions applied and the generator's next state, to go on with.
        The actions are not reported: no history from here on."""
        rng = _lib.u64(seed & 0xFFFFFFFFFFFFFFFF)
        steps = _lib.u64(0)
        limit = 0xFFFFFFFFFFFFFFFF if max_steps is None else int(max_steps)
        if limit < 0:
            raise ValueError("max_steps must not be negative")
        rc = _c.catan_state_playout(self._handle, ctypes.byref(rng),
                                    self.game._actions, self.game._max_legal,
                                    limit, ctypes.byref(steps))
        if steps.value:
            self._history = None
        if rc != _lib.OK:
            _raise(rc, self._errmsg())
        return steps.value, rng.value

    # -- copies

    def clone(self):
        """An independent copy (same future: the RNG is copied too)."""
        s = _lib.state_p()
        rc = _c.catan_state_clone(ctypes.byref(s), self._handle)
        if rc != _lib.OK:
            _raise(rc, self._errmsg())
        copy = State._adopt(self.game, s)
        copy._history = None if self._history is None else list(self._history)
        return copy

    __copy__ = clone

    def __deepcopy__(self, memo):
        return self.clone()

    def __reduce__(self):
        # Pickled as its snapshot, which gives the same position and the
        # same future (the RNG is in it), and the history when known.
        history = (None if self._history is None
                   else [a.text for a in self._history])
        return (_unpickle_state, (self.snapshot(), history))

    def copy_from(self, other):
        """Overwrite this state with another of the same game, without
        allocating."""
        rc = _c.catan_state_copy(self._handle, other._handle)
        if rc != _lib.OK:
            _raise(rc, self._errmsg() or "states of different games")
        self._history = (None if other._history is None
                         else list(other._history))

    def hash(self):
        """64-bit hash of the whole position (hidden information and RNG
        included)."""
        return _c.catan_state_hash(self._handle)

    def __eq__(self, other):
        return (isinstance(other, State) and
                bool(_c.catan_state_equal(self._handle, other._handle)))

    # A state is mutable: not usable as a dict key (use hash()).
    __hash__ = None

    @property
    def size(self):
        """Bytes of the flat position block."""
        return _c.catan_state_size(self._handle)

    # -- position

    def player(self, p):
        """One player's holdings (referee view) as a dict."""
        info = _lib.PlayerInfo()
        rc = _c.catan_state_player(self._handle, p, ctypes.byref(info))
        if rc != _lib.OK:
            _raise(rc, f"no player {p}")
        return {
            "cards": _cards(info.cards, self.game.card_kinds),
            "dev_cards": _cards(info.dev_cards, self.game.dev_kinds),
            "card_total": info.card_total,
            "dev_total": info.dev_total,
            "knights_played": info.knights_played,
            "roads_left": info.roads_left,
            "settlements_left": info.settlements_left,
            "cities_left": info.cities_left,
            "longest_road": info.longest_road,
            "public_vp": info.public_vp,
            "total_vp": info.total_vp,
            "discard_owed": info.discard_owed,
            "has_longest_road": bool(info.has_longest_road),
            "has_largest_army": bool(info.has_largest_army),
        }

    @property
    def bank(self):
        out = (_lib.u8 * _lib.MAX_CARD_KINDS)()
        rc = _c.catan_state_bank(self._handle, out)
        if rc != _lib.OK:
            _raise(rc, self._errmsg())
        return _cards(out, self.game.card_kinds)

    @property
    def dev_deck(self):
        out = (_lib.u8 * _lib.MAX_DEV_KINDS)()
        rc = _c.catan_state_dev_deck(self._handle, out)
        if rc != _lib.OK:
            _raise(rc, self._errmsg())
        return _cards(out, self.game.dev_kinds)

    @property
    def dev_discard(self):
        """The development-card discard pile per kind (public;
        catan_state_dev_discard()): the played cards other than knights,
        which stay face up. A game that reshuffles makes it the new deck
        when a card is bought from an empty one."""
        out = (_lib.u8 * _lib.MAX_DEV_KINDS)()
        rc = _c.catan_state_dev_discard(self._handle, out)
        if rc != _lib.OK:
            _raise(rc, self._errmsg())
        return _cards(out, self.game.dev_kinds)

    def maritime_rate(self, player, kind):
        """The cards a player gives the bank for one now when trading a
        kind (a name or number): the game's rate or a harbor's where the
        player has a settlement or city (catan_state_maritime_rate())."""
        rate = _c.catan_state_maritime_rate(self._handle, int(player),
                                            self.game._card_kind(kind))
        if rate < 0:
            _raise(rate, f"no maritime rate for p{player}, {kind!r}")
        return rate

    def hex_blocked(self, hex_id):
        """Whether a hex produces nothing on a roll now: the robber's, or
        one a rule of the game blocks (catan_state_hex_blocked())."""
        rc = _c.catan_state_hex_blocked(self._handle, int(hex_id))
        if rc < 0:
            _raise(rc, f"no hex {hex_id}")
        return rc == 1

    def hex_chip(self, hex_id):
        """The number chip on a hex's chip space (catan_state_hex_chip()),
        in a game whose number chips are placed and moved in play: its
        number, or None while the space is empty. NotFoundError when the
        game has no number chips or the hex no chip space."""
        number = ctypes.c_int()
        rc = _c.catan_state_hex_chip(self._handle, int(hex_id),
                                     ctypes.byref(number))
        if rc != _lib.OK:
            _raise(rc, f"no number chip space on hex {hex_id}")
        return number.value or None

    def holding(self, name, player=None):
        """A player's count of a holding (or a group's total), as the
        referee sees it; player None for the supply. NotFoundError when
        the game declares no such holding."""
        out = _lib.i32()
        who = HOLDING_SUPPLY if player is None else int(player)
        rc = _c.catan_state_holding(self._handle, who, name.encode(),
                                    ctypes.byref(out))
        if rc != _lib.OK:
            _raise(rc, self._errmsg() or f"no holding {name!r}")
        return out.value

    def observe_holding(self, observer, name, player=None):
        """A holding's count as an observer (a player, 'public', 'all')
        sees it: None when hidden from the observer."""
        out = _lib.i32()
        who = HOLDING_SUPPLY if player is None else int(player)
        rc = _c.catan_state_observe_holding(self._handle, _observer(observer),
                                            who, name.encode(),
                                            ctypes.byref(out))
        if rc != _lib.OK:
            _raise(rc, self._errmsg() or f"no holding {name!r}")
        return None if out.value < 0 else out.value

    def piece_stock(self, kind, owner):
        """Pieces of a declared kind (a name or number) an owner has left
        in stock."""
        out = _lib.u32()
        rc = _c.catan_state_piece_stock(self._handle, self.game._piece_kind(kind),
                                        int(owner), ctypes.byref(out))
        if rc != _lib.OK:
            _raise(rc, self._errmsg() or f"no piece stock {kind!r} p{owner}")
        return out.value

    def pieces_at(self, kind, location, owner=None):
        """Pieces of a declared kind on a place (an id of the kind's
        class); owner None for all owners together."""
        out = _lib.u32()
        rc = _c.catan_state_pieces_at(self._handle, self.game._piece_kind(kind),
                                      -1 if owner is None else int(owner),
                                      int(location), ctypes.byref(out))
        if rc != _lib.OK:
            _raise(rc, self._errmsg() or f"no pieces {kind!r} at {location}")
        return out.value

    def piece_locations(self, kind, owner):
        """Where an owner's pieces of a declared kind stand: place ids in
        ascending order, a place once per piece on it."""
        k = self.game._piece_kind(kind)
        n = _lib.size_t(0)
        rc = _c.catan_state_piece_locations(self._handle, k, int(owner), None,
                                            0, ctypes.byref(n))
        if rc not in (_lib.OK, _lib.EBUFS):
            _raise(rc, self._errmsg() or f"no pieces {kind!r} of p{owner}")
        buf = (_lib.u16 * max(1, n.value))()
        rc = _c.catan_state_piece_locations(self._handle, k, int(owner), buf,
                                            n.value, ctypes.byref(n))
        if rc != _lib.OK:
            _raise(rc, self._errmsg())
        return list(buf[:n.value])

    @property
    def robber(self):
        """The robber's hex id."""
        return _c.catan_state_robber(self._handle)

    @property
    def dice(self):
        """This turn's roll, or None before it."""
        return _c.catan_state_dice(self._handle) or None

    def vertex_piece(self, vertex):
        """(piece, owner) at an intersection: piece None, 'settlement' or
        'city'; owner None or a player."""
        owner = ctypes.c_int(-1)
        piece = _c.catan_state_vertex_piece(self._handle, vertex,
                                            ctypes.byref(owner))
        if piece < 0:
            _raise(piece, f"no intersection {vertex}")
        return PIECES[piece], (None if owner.value < 0 else owner.value)

    def edge_piece(self, edge):
        """(piece, owner) on an edge: piece None or 'road'."""
        owner = ctypes.c_int(-1)
        piece = _c.catan_state_edge_piece(self._handle, edge,
                                          ctypes.byref(owner))
        if piece < 0:
            _raise(piece, f"no edge {edge}")
        return PIECES[piece], (None if owner.value < 0 else owner.value)

    @property
    def longest_road_holder(self):
        p = _c.catan_state_longest_road_holder(self._handle)
        return None if p < 0 else p

    @property
    def largest_army_holder(self):
        p = _c.catan_state_largest_army_holder(self._handle)
        return None if p < 0 else p

    def award_holder(self, award, contest=0):
        """Who holds an award ('longest_road' or 'largest_army') in a
        contest (Game.contest_count), or None (catan_state_award_holder()).
        In a game with contests the holder properties above say None;
        this says each contest's."""
        if award not in AWARDS:
            _raise(_lib.EINVAL, f"no award {award!r}: one of {AWARDS}")
        holder = ctypes.c_int()
        rc = _c.catan_state_award_holder(self._handle, AWARDS.index(award),
                                         int(contest), ctypes.byref(holder))
        if rc != _lib.OK:
            _raise(rc, self._errmsg() or f"no contest {contest}")
        return None if holder.value < 0 else holder.value

    def counter(self, name, player=None):
        """A rule module's counter (trade tokens, cards left, ...); player
        None for a counter of the whole game."""
        out = _lib.i32()
        rc = _c.catan_state_counter(self._handle, -1 if player is None else int(player),
                                    name.encode(), ctypes.byref(out))
        if rc != 0:
            _raise(rc, self._errmsg())
        return out.value

    # -- observations

    def observe(self, observer):
        """What an observer (a player, 'public' or 'all') knows, as a
        dict (catan_state_observe). A hand or development cards the
        observer cannot see are None."""
        obs = _lib.Observation()
        obs.version = _lib.OBSERVATION_VERSION
        rc = _c.catan_state_observe(self._handle, _observer(observer),
                                    ctypes.byref(obs))
        if rc != _lib.OK:
            _raise(rc, self._errmsg() or f"bad observer {observer}")
        players = []
        for p in range(obs.num_players):
            v = obs.players[p]
            players.append({
                "cards": _cards(v.cards, self.game.card_kinds)
                if v.flags & 1 else None,
                "dev_cards": _cards(v.dev_cards, self.game.dev_kinds)
                if v.flags & 2 else None,
                "card_total": v.card_total,
                "dev_total": v.dev_total,
                "knights_played": v.knights_played,
                "roads_left": v.roads_left,
                "settlements_left": v.settlements_left,
                "cities_left": v.cities_left,
                "longest_road": v.longest_road,
                "public_vp": v.public_vp,
                "visible_vp": None if v.visible_vp < 0 else v.visible_vp,
                "discard_owed": v.discard_owed,
                "has_longest_road": bool(v.has_longest_road),
                "has_largest_army": bool(v.has_largest_army),
                "trade_response": TRADE_RESPONSES[v.trade_response]
                if 0 <= v.trade_response < len(TRADE_RESPONSES)
                else v.trade_response,
                "counter_give": _cards(v.counter_give, self.game.card_kinds,
                                       skip_zero=True),
                "counter_get": _cards(v.counter_get, self.game.card_kinds,
                                      skip_zero=True),
            })

        def opt(x):
            return None if x < 0 else x

        return {
            "observer": obs.observer,
            "current_player": obs.current_player,
            "turn_player": opt(obs.turn_player),
            "phase": _lib.text(_c.catan_state_phase_name(self._handle,
                                                         obs.phase)),
            "turn": obs.turn,
            "num_players": obs.num_players,
            "dice": obs.dice or None,
            "robber": obs.robber_hex,
            "winner": opt(obs.winner),
            "longest_road_holder": opt(obs.longest_road_holder),
            "largest_army_holder": opt(obs.largest_army_holder),
            "acting_players": [p for p in range(_lib.MAX_PLAYERS)
                               if obs.acting_players >> p & 1],
            "bank": _cards(obs.bank, self.game.card_kinds),
            "dev_deck_total": obs.dev_deck_total,
            "offer_give": _cards(obs.offer_give, self.game.card_kinds,
                                 skip_zero=True),
            "offer_get": _cards(obs.offer_get, self.game.card_kinds,
                                skip_zero=True),
            "players": players,
        }

    def observation_string(self, observer):
        """The observer's view as text (equal for positions the observer
        cannot tell apart)."""
        rc, text = _lib.read_string(_c.catan_state_observation_string,
                                    self._handle, _observer(observer))
        if rc != _lib.OK:
            _raise(rc, self._errmsg() or f"bad observer {observer}")
        return text

    def to_json(self, observer):
        """The observer's view as parsed JSON (doc/json.md)."""
        return json.loads(self.to_json_text(observer))

    def to_json_text(self, observer):
        rc, text = _lib.read_string(_c.catan_state_to_json, self._handle,
                                    _observer(observer))
        if rc != _lib.OK:
            _raise(rc, self._errmsg() or f"bad observer {observer}")
        return text

    def action_of_id(self, player, action_id):
        """The action of an id for the player (legal or not)."""
        raw = _lib.Action()
        rc = _c.catan_state_action_of_id(self._handle, player, action_id,
                                         ctypes.byref(raw))
        if rc != _lib.OK:
            _raise(rc, self._errmsg() or f"no action id {action_id}")
        return self._wrap(raw)

    def action_mask(self, player, out=None):
        """The player's legal actions as a mask over the action space: a
        bytearray of 0/1 (or written into out, any writable buffer of the
        space's size, such as a numpy uint8 array)."""
        size = self.game.action_space_size
        mask = bytearray(size) if out is None else out
        view = memoryview(mask).cast("B")
        if view.nbytes != size:
            raise ValueError(f"the mask needs {size} bytes")
        buf = (ctypes.c_uint8 * size).from_buffer(view)
        rc = _c.catan_state_action_mask(self._handle, player, buf, size,
                                        self.game._actions,
                                        len(self.game._actions), None)
        if rc != _lib.OK:
            _raise(rc, self._errmsg() or "catan_state_action_mask")
        return mask

    def tensor(self, observer, out=None):
        """What the observer (a player, PUBLIC or ALL) knows of the state as
        the game's observation tensor (tensor.h, doc/rl.md): a numpy
        float32 array when numpy is installed, else an array('f'); or
        written into out, any writable float32 buffer of the tensor's size.
        Unknown values (another player's hand) are -1."""
        size = self.game.tensor_size
        if out is None:
            if _np is not None:
                out = _np.zeros(size, dtype=_np.float32)
            else:
                import array
                out = array.array("f", bytes(4 * size))
        view = memoryview(out).cast("B")
        if view.nbytes != 4 * size:
            raise ValueError(f"the tensor needs {size} float32 values")
        buf = (ctypes.c_char * view.nbytes).from_buffer(view)
        rc = _c.catan_state_tensor(self._handle, _observer(observer), buf,
                                   size)
        if rc != _lib.OK:
            _raise(rc, self._errmsg() or "catan_state_tensor")
        return out

    def resample(self, player, seed):
        """A full state consistent with what the player knows, the
        hidden cards redealt at random with the seed."""
        s = _lib.state_p()
        rc = _c.catan_state_resample(ctypes.byref(s), self._handle, player,
                                     seed)
        if rc != _lib.OK:
            _raise(rc, self._errmsg() or "catan_state_resample")
        out = State._adopt(self.game, s)
        out._history = None
        return out

    # -- serialization

    def snapshot(self):
        """The position as snapshot text (Context.load reads it back)."""
        rc, text = _lib.read_string(_c.catan_state_snapshot, self._handle)
        if rc != _lib.OK:
            _raise(rc, self._errmsg())
        return text

    @property
    def history(self):
        """The actions applied from the initial state through this object
        (chance outcomes applied by the host included), or None when not
        known (loaded from a snapshot, resampled, or after
        resolve_chance() at a chance node)."""
        return None if self._history is None else list(self._history)

    def history_text(self):
        """The history as text (Context.load replays it)."""
        if self._history is None:
            raise NotSupportedError(_lib.ENOTSUP,
                                    "the history of this state is not known")
        return self.game.history_text(self._history)


# ------------------------------------------------------------- batches

class StateBatch:
    """States of one game stepped by action id in one call
    (catan_states_step(), space.h): the fast path of a vectorised
    environment, a few microseconds per state and step.

        batch = StateBatch([game.new_state() for _ in range(256)])
        masks, players, results = batch.step()          # masks only
        masks, players, results = batch.step(ids)       # one id per state

    masks is n x action_space_size (0/1), players the actor of each state
    next (TERMINAL at the end), results each state's error code (0: done;
    a refused id leaves its state as it was). With numpy they are numpy
    arrays, written in place at every step; without it, ctypes arrays.
    Chance events are resolved by each state's own RNG, and the states
    keep no history from here on."""

    #: an id that applies nothing (a finished state in the batch)
    NO_ACTION = 2 ** (8 * ctypes.sizeof(ctypes.c_size_t)) - 1

    def __init__(self, states):
        self.states = list(states)
        if not self.states:
            raise ValueError("a batch needs at least one state")
        self.game = self.states[0].game
        if any(st.game.string != self.game.string for st in self.states):
            raise ValueError("the states of a batch are of one game")
        for st in self.states:
            st._history = None
        n = len(self.states)
        self.space = self.game.action_space_size
        self._ptrs = (ctypes.c_void_p * n)(*[st._handle for st in self.states])
        if _np is not None:
            self.masks = _np.zeros((n, self.space), dtype=_np.uint8)
            self.players = _np.zeros(n, dtype=_np.intc)
            self.results = _np.zeros(n, dtype=_np.intc)
            self._ids = _np.zeros(n, dtype=_np.uintp)
            addr = lambda a: a.ctypes.data  # noqa: E731
        else:
            self.masks = (ctypes.c_uint8 * (n * self.space))()
            self.players = (ctypes.c_int * n)()
            self.results = (ctypes.c_int * n)()
            self._ids = (ctypes.c_size_t * n)()
            addr = ctypes.addressof
        self._addr = (addr(self.masks), addr(self.players), addr(self.results),
                      addr(self._ids))

    def __len__(self):
        return len(self.states)

    def step(self, ids=None):
        """Apply ids[i] for the actor of state i (None: no action, the
        masks only), resolve the chance that follows, and return (masks,
        players, results)."""
        masks, players, results, ids_addr = self._addr
        if ids is None:
            ids_addr = None
        elif _np is not None:
            self._ids[:] = ids
        else:
            if len(ids) != len(self.states):
                raise ValueError(f"{len(self.states)} ids needed")
            for i, v in enumerate(ids):
                self._ids[i] = v
        rc = _c.catan_states_step(self._ptrs, len(self.states), ids_addr,
                                  masks, self.space, self.game._actions,
                                  len(self.game._actions), players, results)
        if rc != _lib.OK:
            _raise(rc, _lib.text(_c.catan_ctx_errmsg(self.game.context._handle)))
        return self.masks, self.players, self.results

