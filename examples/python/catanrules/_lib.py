# catanrules._lib: finds and loads libcatanrules, mirrors its structs, declares its functions.
# SPDX-License-Identifier: MIT
"""Low-level ctypes layer. Nothing here is meant to be used directly: the
classes of the catanrules package wrap it.

The structs below mirror include/catanrules/*.h field for field; the
library's ABI check (catan_abi_check) and tests/test_catanrules.py (which
compiles the headers and compares every size and offset) keep them honest.
"""

import ctypes
import ctypes.util
import glob
import os

# The ABI this module was written against: CATAN_ABI_VERSION in version.h
# (2: points are signed, the board model v2) and the N of the soname
# libcatanrules.so.N, the shared library it loads by default.
ABI_VERSION = 2
SONAME = "libcatanrules.so.1"

MAX_PLAYERS = 32
MAX_CARD_KINDS = 8
MAX_DEV_KINDS = 8
NONE_ID = 0xFFFF
HARBOR_GENERIC = 0xFF

# catan_error
OK = 0
ERROR = -1
EINVAL = -2
ENOMEM = -3
EBUFS = -4
EILLEGAL = -5
ENOTFOUND = -6
EVERSION = -7
EPARSE = -8
ENOTSUP = -9

CTX_OPTIONS_VERSION = 1
OBSERVATION_VERSION = 1

u8 = ctypes.c_uint8
i8 = ctypes.c_int8
u16 = ctypes.c_uint16
i32 = ctypes.c_int32
u32 = ctypes.c_uint32
u64 = ctypes.c_uint64
size_t = ctypes.c_size_t
c_int = ctypes.c_int
c_uint = ctypes.c_uint
c_char_p = ctypes.c_char_p
c_void_p = ctypes.c_void_p
c_double = ctypes.c_double
POINTER = ctypes.POINTER


class Action(ctypes.Structure):
    """struct catan_action (24 bytes)."""
    _fields_ = [
        ("type", u16),
        ("player", i8),
        ("flags", u8),
        ("target", u16),
        ("arg", u16),
        ("give", u8 * MAX_CARD_KINDS),
        ("get", u8 * MAX_CARD_KINDS),
    ]


class ChanceOutcome(ctypes.Structure):
    """struct catan_chance_outcome."""
    _fields_ = [
        ("action", Action),
        ("num", u32),
        ("den", u32),
    ]


ALLOC_FN = ctypes.CFUNCTYPE(c_void_p, c_void_p, c_void_p, size_t, size_t)
LOG_FN = ctypes.CFUNCTYPE(None, c_void_p, c_int, c_char_p)


class CtxOptions(ctypes.Structure):
    """struct catan_ctx_options."""
    _fields_ = [
        ("version", c_uint),
        ("alloc", ALLOC_FN),
        ("alloc_userdata", c_void_p),
        ("log", LOG_FN),
        ("log_userdata", c_void_p),
        ("log_level", c_int),
    ]


class PlayerInfo(ctypes.Structure):
    """struct catan_player_info."""
    _fields_ = [
        ("cards", u8 * MAX_CARD_KINDS),
        ("dev_cards", u8 * MAX_DEV_KINDS),
        ("card_total", u32),
        ("dev_total", u32),
        ("knights_played", u32),
        ("roads_left", u32),
        ("settlements_left", u32),
        ("cities_left", u32),
        ("longest_road", u32),
        ("public_vp", i32),
        ("total_vp", i32),
        ("discard_owed", u32),
        ("has_longest_road", i32),
        ("has_largest_army", i32),
    ]


class BoardCounts(ctypes.Structure):
    """struct catan_board_counts."""
    _fields_ = [
        ("hexes", u32),
        ("vertices", u32),
        ("edges", u32),
        ("harbors", u32),
        ("sites", u32),
        ("plazas", u32),
    ]


class GameInfo(ctypes.Structure):
    """struct catan_game_info (version GAME_INFO_VERSION)."""
    _fields_ = [
        ("version", c_uint),
        ("min_players", u32),
        ("max_players", u32),
        ("num_players", u32),
        ("num_neutral", u32),
        ("chance_mode", u32),
        ("information", u32),
        ("simultaneous", u32),
        ("max_legal_actions", u32),
        ("max_chance_outcomes", u32),
        ("max_turns", u32),
        ("max_moves", u32),
        ("reward", u32),
        ("min_return", i32),
        ("max_return", i32),
        ("vp_to_win", i32),
        ("state_size", u32),
        ("open_hands", u32),
        ("referee", u32),
    ]


GAME_INFO_VERSION = 2


class HexInfo(ctypes.Structure):
    """struct catan_hex_info."""
    _fields_ = [
        ("q", i32),
        ("r", i32),
        ("terrain", u32),
        ("resource", i32),
        ("number", u32),
        ("vertices", u16 * 6),
        ("edges", u16 * 6),
        ("neighbors", u16 * 6),
        ("plaza", u16),
        ("nnumbers", u16),
        ("numbers", u8 * 4),
        ("area", u16),
        ("section", u16),
    ]


class VertexInfo(ctypes.Structure):
    """struct catan_vertex_info."""
    _fields_ = [
        ("hexes", u16 * 3),
        ("vertices", u16 * 4),
        ("edges", u16 * 4),
        ("harbor", u16),
        ("flags", u16),
    ]


class EdgeInfo(ctypes.Structure):
    """struct catan_edge_info."""
    _fields_ = [
        ("vertices", u16 * 2),
        ("hexes", u16 * 2),
        ("flags", u16),
    ]


class HarborInfo(ctypes.Structure):
    """struct catan_harbor_info."""
    _fields_ = [
        ("resource", u32),
        ("ratio", u32),
        ("vertices", u16 * 6),
        ("nvertices", u16),
        ("hex", u16),
        ("edge", u16),
    ]


class PlayerView(ctypes.Structure):
    """struct catan_player_view."""
    _fields_ = [
        ("cards", u8 * MAX_CARD_KINDS),
        ("dev_cards", u8 * MAX_DEV_KINDS),
        ("flags", u32),
        ("card_total", u32),
        ("dev_total", u32),
        ("knights_played", u32),
        ("roads_left", u32),
        ("settlements_left", u32),
        ("cities_left", u32),
        ("longest_road", u32),
        ("public_vp", i32),
        ("visible_vp", i32),
        ("discard_owed", u32),
        ("has_longest_road", i32),
        ("has_largest_army", i32),
        ("trade_response", i32),
        ("counter_give", u8 * MAX_CARD_KINDS),
        ("counter_get", u8 * MAX_CARD_KINDS),
    ]


class SpaceBlock(ctypes.Structure):
    """struct catan_space_block (space.h)."""
    _fields_ = [
        ("type", c_int),
        ("first", size_t),
        ("size", size_t),
        ("target", c_int),
        ("arg", c_int),
        ("cards", c_int),
        ("max", ctypes.c_uint),
    ]


class TensorField(ctypes.Structure):
    """struct catan_tensor_field (tensor.h)."""
    _fields_ = [
        ("name", ctypes.c_char * 48),
        ("offset", size_t),
        ("rows", ctypes.c_uint32),
        ("cols", ctypes.c_uint32),
        ("row_axis", ctypes.c_uint32),
        ("col_axis", ctypes.c_uint32),
        ("encoding", ctypes.c_uint32),
    ]


class Observation(ctypes.Structure):
    """struct catan_observation."""
    _fields_ = [
        ("version", c_uint),
        ("observer", i32),
        ("current_player", i32),
        ("turn_player", i32),
        ("phase", u32),
        ("turn", u32),
        ("num_players", u32),
        ("dice", u32),
        ("robber_hex", u32),
        ("winner", i32),
        ("longest_road_holder", i32),
        ("largest_army_holder", i32),
        ("acting_players", u32),
        ("bank", u8 * MAX_CARD_KINDS),
        ("dev_deck_total", u32),
        ("offer_give", u8 * MAX_CARD_KINDS),
        ("offer_get", u8 * MAX_CARD_KINDS),
        ("players", PlayerView * MAX_PLAYERS),
    ]


class DevKindInfo(ctypes.Structure):
    """struct catan_dev_kind_info."""
    _fields_ = [
        ("name", c_char_p),
        ("role", u32),
        ("count", u32),
    ]


class CostInfo(ctypes.Structure):
    """struct catan_cost_info."""
    _fields_ = [
        ("name", c_char_p),
        ("cards", u8 * MAX_CARD_KINDS),
    ]


class HoldingInfo(ctypes.Structure):
    """struct catan_holding_info."""
    _fields_ = [
        ("name", c_char_p),
        ("group", c_char_p),
        ("visibility", u32),
        ("max", u32),
        ("supply", i32),
        ("target", i32),
        ("trade", u32),
        ("slot", i32),
    ]


class PieceInfo(ctypes.Structure):
    """struct catan_piece_info."""
    _fields_ = [
        ("name", c_char_p),
        ("place", u32),
        ("stock", u32),
        ("stack_limit", u32),
        ("flags", u32),
    ]


# Every mirrored struct by its C name, for the layout test.
STRUCTS = {
    "catan_action": Action,
    "catan_chance_outcome": ChanceOutcome,
    "catan_ctx_options": CtxOptions,
    "catan_player_info": PlayerInfo,
    "catan_board_counts": BoardCounts,
    "catan_hex_info": HexInfo,
    "catan_vertex_info": VertexInfo,
    "catan_edge_info": EdgeInfo,
    "catan_harbor_info": HarborInfo,
    "catan_player_view": PlayerView,
    "catan_observation": Observation,
    "catan_dev_kind_info": DevKindInfo,
    "catan_cost_info": CostInfo,
    "catan_holding_info": HoldingInfo,
    "catan_piece_info": PieceInfo,
    "catan_tensor_field": TensorField,
}

# Opaque handles travel as void pointers.
ctx_p = c_void_p
game_p = c_void_p
state_p = c_void_p
action_p = POINTER(Action)
size_p = POINTER(size_t)

# name: (restype, argtypes)
PROTOTYPES = {
    "catan_strerror": (c_char_p, [c_int]),
    "catan_resource_name": (c_char_p, [c_int]),
    "catan_dev_card_name": (c_char_p, [c_int]),
    "catan_version": (None, [POINTER(c_int)] * 3),
    "catan_abi_check": (c_int, [c_uint, size_t]),
    "catan_ctx_options_init": (c_int, [POINTER(CtxOptions), c_uint]),
    "catan_ctx_new": (c_int, [POINTER(ctx_p), POINTER(CtxOptions)]),
    "catan_ctx_free": (None, [ctx_p]),
    "catan_ctx_errmsg": (c_char_p, [ctx_p]),
    "catan_ctx_variant_count": (size_t, [ctx_p]),
    "catan_ctx_variant_name": (c_char_p, [ctx_p, size_t]),
    "catan_ctx_variant_info": (c_int, [ctx_p, c_char_p, POINTER(c_char_p),
                                       POINTER(c_int), POINTER(c_int)]),
    "catan_ctx_module_count": (size_t, [ctx_p]),
    "catan_ctx_module_name": (c_char_p, [ctx_p, size_t]),
    "catan_game_new_from_string": (c_int, [POINTER(game_p), ctx_p, c_char_p]),
    "catan_game_to_string": (c_int, [game_p, c_char_p, size_t, size_p]),
    "catan_game_ref": (game_p, [game_p]),
    "catan_game_unref": (None, [game_p]),
    "catan_game_variant": (c_char_p, [game_p]),
    "catan_game_num_players": (c_int, [game_p]),
    "catan_game_neutral_players": (c_int, [game_p]),
    "catan_game_chance_mode": (c_int, [game_p]),
    "catan_game_vp_to_win": (c_int, [game_p]),
    "catan_game_max_legal_actions": (size_t, [game_p]),
    "catan_game_max_chance_outcomes": (size_t, [game_p]),
    "catan_game_param": (c_char_p, [game_p, c_char_p]),
    "catan_game_info_get": (c_int, [game_p, POINTER(GameInfo)]),
    "catan_game_card_kind_count": (c_int, [game_p]),
    "catan_game_card_kind_name": (c_char_p, [game_p, c_int]),
    "catan_game_card_kind_index": (c_int, [game_p, c_char_p]),
    "catan_game_dev_kind_count": (c_int, [game_p]),
    "catan_game_dev_kind": (c_int, [game_p, c_int, POINTER(DevKindInfo)]),
    "catan_game_dev_kind_name": (c_char_p, [game_p, c_int]),
    "catan_game_dev_kind_index": (c_int, [game_p, c_char_p]),
    "catan_game_dev_kind_role": (c_int, [game_p, c_int]),
    "catan_game_dev_role_kind": (c_int, [game_p, c_int]),
    "catan_game_dev_reshuffles": (c_int, [game_p]),
    "catan_game_cost_count": (c_int, [game_p]),
    "catan_game_cost": (c_int, [game_p, c_int, POINTER(CostInfo)]),
    "catan_game_cost_index": (c_int, [game_p, c_char_p]),
    "catan_game_maritime_rate": (c_int, [game_p]),
    "catan_game_award": (c_int, [game_p, c_uint, POINTER(c_uint),
                                 POINTER(c_uint)]),
    "catan_game_contest_count": (c_int, [game_p, POINTER(c_uint)]),
    "catan_game_player_contest": (c_int, [game_p, c_int, POINTER(c_uint)]),
    "catan_game_holding_count": (c_int, [game_p]),
    "catan_game_holding": (c_int, [game_p, c_uint, POINTER(HoldingInfo)]),
    "catan_game_piece_count": (c_int, [game_p]),
    "catan_game_piece": (c_int, [game_p, c_uint, POINTER(PieceInfo)]),
    "catan_game_piece_find": (c_int, [game_p, c_char_p]),
    "catan_board_counts_get": (c_int, [game_p, POINTER(BoardCounts)]),
    "catan_board_hex": (c_int, [game_p, c_uint, POINTER(HexInfo)]),
    "catan_board_layout": (c_int, [game_p, c_char_p, size_t, size_p]),
    "catan_board_vertex": (c_int, [game_p, c_uint, POINTER(VertexInfo)]),
    "catan_board_edge": (c_int, [game_p, c_uint, POINTER(EdgeInfo)]),
    "catan_board_harbor": (c_int, [game_p, c_uint, POINTER(HarborInfo)]),
    "catan_location_format": (c_int, [game_p, c_int, c_uint, c_char_p,
                                      size_t, size_p]),
    "catan_location_parse": (c_int, [game_p, c_char_p, POINTER(c_int),
                                     POINTER(c_uint)]),
    "catan_reason_name": (c_char_p, [c_int]),
    "catan_action_type_name": (c_char_p, [c_int]),
    "catan_action_compare": (c_int, [action_p, action_p]),
    "catan_action_format": (c_int, [game_p, action_p, c_char_p, size_t,
                                    size_p]),
    "catan_action_parse": (c_int, [state_p, c_char_p, action_p]),
    "catan_state_new": (c_int, [POINTER(state_p), game_p]),
    "catan_state_free": (None, [state_p]),
    "catan_state_clone": (c_int, [POINTER(state_p), state_p]),
    "catan_state_copy": (c_int, [state_p, state_p]),
    "catan_state_game": (game_p, [state_p]),
    "catan_state_size": (size_t, [state_p]),
    "catan_state_errmsg": (c_char_p, [state_p]),
    "catan_state_current_player": (c_int, [state_p]),
    "catan_state_turn_player": (c_int, [state_p]),
    "catan_state_acting_players": (u32, [state_p]),
    "catan_state_is_terminal": (c_int, [state_p]),
    "catan_state_is_chance_node": (c_int, [state_p]),
    "catan_state_phase": (c_int, [state_p]),
    "catan_state_phase_name": (c_char_p, [state_p, c_int]),
    "catan_state_move_number": (u32, [state_p]),
    "catan_state_turn_number": (u32, [state_p]),
    "catan_state_hash": (u64, [state_p]),
    "catan_state_equal": (c_int, [state_p, state_p]),
    "catan_state_legal_actions": (c_int, [state_p, c_int, action_p, size_t,
                                          size_p]),
    "catan_state_check_action": (c_int, [state_p, action_p, POINTER(c_int)]),
    "catan_state_apply": (c_int, [state_p, action_p]),
    "catan_state_apply_unchecked": (c_int, [state_p, action_p]),
    "catan_state_last_reason": (c_int, [state_p]),
    "catan_state_chance_outcomes": (c_int, [state_p, POINTER(ChanceOutcome),
                                            size_t, size_p]),
    "catan_state_resolve_chance": (c_int, [state_p]),
    "catan_state_playout": (c_int, [state_p, POINTER(u64), action_p, size_t,
                                    u64, POINTER(u64)]),
    "catan_state_victory_points": (c_int, [state_p, c_int, c_int]),
    "catan_state_points": (c_int, [state_p, c_int, c_int, POINTER(i32)]),
    "catan_state_winner": (c_int, [state_p]),
    "catan_state_returns": (c_int, [state_p, POINTER(c_double), size_t]),
    "catan_state_player": (c_int, [state_p, c_int, POINTER(PlayerInfo)]),
    "catan_state_bank": (c_int, [state_p, POINTER(u8)]),
    "catan_state_dev_deck": (c_int, [state_p, POINTER(u8)]),
    "catan_state_dev_discard": (c_int, [state_p, POINTER(u8)]),
    "catan_state_hex_blocked": (c_int, [state_p, c_uint]),
    "catan_state_hex_chip": (c_int, [state_p, c_uint, POINTER(c_int)]),
    "catan_state_maritime_rate": (c_int, [state_p, c_int, c_int]),
    "catan_state_holding": (c_int, [state_p, c_int, c_char_p, POINTER(i32)]),
    "catan_state_observe_holding": (c_int, [state_p, c_int, c_int, c_char_p,
                                            POINTER(i32)]),
    "catan_state_piece_stock": (c_int, [state_p, c_uint, c_int, POINTER(u32)]),
    "catan_state_pieces_at": (c_int, [state_p, c_uint, c_int, c_uint,
                                      POINTER(u32)]),
    "catan_state_piece_locations": (c_int, [state_p, c_uint, c_int,
                                            POINTER(u16), size_t, size_p]),
    "catan_state_robber": (c_int, [state_p]),
    "catan_state_dice": (c_int, [state_p]),
    "catan_state_vertex_piece": (c_int, [state_p, c_uint, POINTER(c_int)]),
    "catan_state_edge_piece": (c_int, [state_p, c_uint, POINTER(c_int)]),
    "catan_state_longest_road_holder": (c_int, [state_p]),
    "catan_state_largest_army_holder": (c_int, [state_p]),
    "catan_state_award_holder": (c_int, [state_p, c_uint, c_uint,
                                         POINTER(c_int)]),
    "catan_state_counter": (c_int, [state_p, c_int, c_char_p, POINTER(i32)]),
    "catan_state_observe": (c_int, [state_p, c_int, POINTER(Observation)]),
    "catan_state_observation_string": (c_int, [state_p, c_int, c_char_p,
                                               size_t, size_p]),
    "catan_state_to_json": (c_int, [state_p, c_int, c_char_p, size_t,
                                    size_p]),
    "catan_state_resample": (c_int, [POINTER(state_p), state_p, c_int, u64]),
    "catan_game_action_space": (c_int, [game_p, size_p]),
    "catan_game_action_block": (c_int, [game_p, size_t, POINTER(SpaceBlock),
                                        size_p]),
    "catan_game_action_id": (c_int, [game_p, action_p, size_p]),
    "catan_state_action_of_id": (c_int, [state_p, c_int, size_t, action_p]),
    "catan_state_action_mask": (c_int, [state_p, c_int, ctypes.c_void_p,
                                        size_t, action_p, size_t, size_p]),
    "catan_states_step": (c_int, [ctypes.c_void_p, size_t, ctypes.c_void_p,
                                  ctypes.c_void_p, size_t, action_p, size_t,
                                  ctypes.c_void_p, ctypes.c_void_p]),
    "catan_game_tensor_size": (c_int, [game_p, size_p]),
    "catan_game_tensor_field": (c_int, [game_p, size_t, POINTER(TensorField),
                                        size_p]),
    "catan_game_tensor_find": (c_int, [game_p, c_char_p, POINTER(TensorField)]),
    "catan_game_tensor_phase": (c_int, [game_p, ctypes.c_uint]),
    "catan_state_tensor": (c_int, [state_p, c_int, ctypes.c_void_p, size_t]),
    "catan_state_snapshot": (c_int, [state_p, c_char_p, size_t, size_p]),
    "catan_history_write": (c_int, [game_p, action_p, size_t, c_char_p,
                                    size_t, size_p]),
    "catan_load": (c_int, [POINTER(game_p), POINTER(state_p), ctx_p,
                           c_char_p, size_t]),
}


def _source_root():
    """The libcatanrules source tree holding this package, or None."""
    d = os.path.dirname(os.path.abspath(__file__))
    for _ in range(4):
        d = os.path.dirname(d)
        if (os.path.exists(os.path.join(d, "meson.build")) and
                os.path.isdir(os.path.join(d, "include", "catanrules"))):
            return d
    return None


def candidates():
    """Where the library is looked for, in order."""
    found = []
    env = os.environ.get("CATANRULES_LIB")
    if env:
        if os.path.isdir(env):
            found += sorted(glob.glob(os.path.join(env, "libcatanrules.so*")))
        else:
            found.append(env)
        # An explicit choice is final: no silent fallback to another copy.
        return found
    root = _source_root()
    if root is not None:
        # Build directories of the source tree: build/, build-*/, ...
        for so in sorted(glob.glob(os.path.join(root, "*", SONAME))):
            if os.path.isdir(os.path.join(os.path.dirname(so),
                                          "meson-private")):
                found.append(so)
    # Installed by `meson install`: the library installed with it.
    try:
        from . import _install
    except ImportError:
        pass
    else:
        found.append(os.path.join(_install.LIBDIR, _install.SONAME))
    name = ctypes.util.find_library("catanrules")
    if name:
        found.append(name)
    found.append(SONAME)
    return found


def load():
    """Load the library, declare its functions and check its ABI."""
    errors = []
    lib = None
    for path in candidates():
        try:
            lib = ctypes.CDLL(path)
            break
        except OSError as e:
            errors.append(f"{path}: {e}")
    if lib is None:
        raise ImportError("cannot load libcatanrules (set CATANRULES_LIB "
                          "to the path of libcatanrules.so): " +
                          "; ".join(errors))
    for name, (restype, argtypes) in PROTOTYPES.items():
        fn = getattr(lib, name)
        fn.restype = restype
        fn.argtypes = argtypes
    if ctypes.sizeof(Action) != 24:
        raise ImportError("struct catan_action is not 24 bytes here")
    rc = lib.catan_abi_check(ABI_VERSION, ctypes.sizeof(Action))
    if rc != OK:
        raise ImportError(f"libcatanrules at {lib._name} does not offer "
                          f"ABI {ABI_VERSION}: "
                          f"{lib.catan_strerror(rc).decode()}")
    return lib


lib = load()


def text(b):
    """A borrowed C string as str (None stays None)."""
    return None if b is None else b.decode("utf-8", "replace")


def read_string(fn, *args):
    """Call a function of the buffer convention (..., buf, cap, &len) and
    return the text; returns (rc, text) so callers raise their own errors."""
    cap = 4096
    while True:
        buf = ctypes.create_string_buffer(cap)
        n = size_t(0)
        rc = fn(*args, buf, cap, ctypes.byref(n))
        if rc == EBUFS and n.value + 1 > cap:
            cap = n.value + 1
            continue
        if rc != OK:
            return rc, None
        return rc, buf.raw[:n.value].decode("utf-8", "replace")
