#!/usr/bin/env python3
# playout: plays random legal moves to the end of a game with the Python binding.
# SPDX-License-Identifier: MIT
"""Play one game of random legal moves and print how it went.

    python3 examples/python/playout.py --game 'base(players=3)' --seed 7

With chance=explicit in the game string the dice, card draws and steals are
drawn here from the exact probabilities the library reports; otherwise the
library's own seeded RNG resolves them.
"""

import argparse
import collections
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import catanrules  # noqa: E402


def playout(state, rng, max_actions=100000):
    """Play random legal actions until the game ends; return a Counter of
    the action types played."""
    played = collections.Counter()
    while not state.is_terminal and state.move_number < max_actions:
        if state.is_chance_node:
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes],
                                 weights=[float(p) for _, p in outcomes])[0]
        else:
            # At a discard or a trade reply several players may act at
            # once: legal_actions() lists them all, any order is fine.
            action = rng.choice(state.legal_actions())
        state.apply(action)
        played[action.type] += 1
    return played


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="base(players=4)",
                        help="game string (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=1,
                        help="seed of the game and of the move choice")
    parser.add_argument("--quiet", action="store_true",
                        help="print the result line only")
    args = parser.parse_args(argv)

    ctx = catanrules.Context()
    spec = args.game
    if "seed=" not in spec:
        spec = spec.replace("(", f"(seed={args.seed},", 1) \
            if "(" in spec else f"{spec}(seed={args.seed})"
    game = ctx.game(spec.replace(",)", ")"))
    state = game.new_state()
    played = playout(state, random.Random(args.seed))

    if not args.quiet:
        print(f"game    {game}")
        print(f"actions {state.move_number} in {state.turn_number} turns")
        for kind, n in played.most_common():
            print(f"  {kind:22} {n}")
        for p, vp in enumerate(state.scores):
            info = state.player(p)
            awards = [name for name, has in
                      (("longest road", info["has_longest_road"]),
                       ("largest army", info["has_largest_army"])) if has]
            print(f"p{p}: {vp} points" +
                  (f" ({', '.join(awards)})" if awards else ""))
    winner = state.winner
    print("winner: " + (f"p{winner}" if winner is not None else "none"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
