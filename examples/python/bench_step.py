#!/usr/bin/env python3
# bench_step: what a step of a game costs from Python, four ways.
# SPDX-License-Identifier: MIT
"""Microseconds per step of random play from Python (doc/python.md):

    python3 examples/python/bench_step.py --game 'base(players=4,offer_max=0)'

  classic   state.legal_actions() and state.apply(), one action at a time
  by id     state.action_mask() and state.apply(state.action_of_id())
  batched   StateBatch.step(): every state of a batch stepped in one call
  playout   State.playout(): whole games played by the library in one call

Use a release build of the library (CATANRULES_LIB=.../libcatanrules.so).
"""

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import catanrules  # noqa: E402

try:
    import numpy
except ImportError:
    numpy = None


def fresh(game, n):
    states = [game.new_state() for _ in range(n)]
    for i, s in enumerate(states):
        s.playout(i, max_steps=i % 11)  # spread the batch over the opening
    return states


def one_at_a_time(game, steps, act):
    """Seconds per step of random play, one call per step, act choosing
    and applying each decision."""
    rng, state, done = random.Random(1), game.new_state(), 0
    t = time.perf_counter()
    while done < steps:
        if state.is_terminal:
            state = game.new_state()
        if state.is_chance_node:
            state.resolve_chance()
        else:
            act(state, state.acting_players[0], rng)
        done += 1
    return (time.perf_counter() - t) / steps


def classic(state, p, rng):
    legal = state.legal_actions(p)
    state.apply(legal[rng.randrange(len(legal))])


def by_id(state, p, rng):
    ids = [i for i, m in enumerate(state.action_mask(p)) if m]
    state.apply(state.action_of_id(p, ids[rng.randrange(len(ids))]))


def batched(game, steps, n):
    batch = catanrules.StateBatch(fresh(game, n))
    masks, players, _ = batch.step()
    rng = numpy.random.default_rng(1)
    rounds = max(1, steps // n)
    t = time.perf_counter()
    for _ in range(rounds):
        ids = (rng.random(masks.shape) * masks).argmax(axis=1).astype(numpy.uintp)
        ids[players < 0] = batch.NO_ACTION
        masks, players, _ = batch.step(ids)
    return (time.perf_counter() - t) / (rounds * n)


def playout(game, steps):
    done, seed = 0, 1
    t = time.perf_counter()
    while done < steps:
        n, seed = game.new_state().playout(seed)
        done += n
    return (time.perf_counter() - t) / done


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="base(players=4,offer_max=0,seed=1)")
    parser.add_argument("--steps", type=int, default=100000)
    parser.add_argument("--batch", type=int, default=256)
    args = parser.parse_args(argv)
    game = catanrules.Context().game(args.game)
    rows = [("classic", one_at_a_time(game, args.steps // 5, classic)),
            ("by id", one_at_a_time(game, args.steps // 5, by_id))]
    if numpy is not None:
        rows.append((f"batched ({args.batch} states)",
                     batched(game, args.steps, args.batch)))
    rows.append(("playout", playout(game, args.steps)))
    print(f"{game.string}")
    for name, seconds in rows:
        print(f"  {name:24} {seconds * 1e6:8.2f} us/step")


if __name__ == "__main__":
    main()
