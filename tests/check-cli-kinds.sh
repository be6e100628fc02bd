#!/bin/sh
# libcatanrules: the catanrules tool names development cards as the game
# does, not by the base deck's slots.
# SPDX-License-Identifier: MIT
#
# usage: check-cli-kinds.sh CATANRULES-TEST
# CATANRULES-TEST is the test build of the tool (examples/meson.build),
# which knows the test module devkinds_test (tests/test-devkinds-module.h):
# knight, alchemist and victory_point in slots 0 to 2, where the base deck
# has knight, road_building and year_of_plenty.
# Exit status 0 when every check holds, 1 otherwise.

set -u

if [ $# -ne 1 ]; then
	echo "usage: $0 CATANRULES-TEST" >&2
	exit 2
fi
cli=$1
tmp=$(mktemp -d "${TMPDIR:-/tmp}/check-cli-kinds.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
failures=0

fail() {
	echo "FAIL: $*" >&2
	failures=$((failures + 1))
}

game='base(players=3,seed=3)+devkinds_test'
base_only='road_building|year_of_plenty|monopoly'

# trace: the hands in each player's view (dev=N[kind=n,...]). By step 400
# of this seed p0 holds a knight and an alchemist, p1 victory points.
if ! "$cli" trace "$game" --steps 400 >"$tmp/trace" 2>"$tmp/err"; then
	fail "trace $game: $(cat "$tmp/err")"
fi
grep -o 'dev=[0-9]*\[[^]]*\]' "$tmp/trace" | sort -u >"$tmp/hands"
grep -q 'alchemist=' "$tmp/hands" ||
	fail "trace $game: no alchemist in any hand: $(tr '\n' ' ' <"$tmp/hands")"
grep -q 'victory_point=' "$tmp/hands" ||
	fail "trace $game: no victory_point in any hand"
if grep -Eq "$base_only" "$tmp/hands"; then
	fail "trace $game: a hand named by the base deck: $(grep -E "$base_only" "$tmp/hands" | head -1)"
fi

# render: the panel's "development:" line of each player.
if ! "$cli" render "$game@seed=1,steps=400" --observer all >"$tmp/svg" 2>"$tmp/err"; then
	fail "render $game: $(cat "$tmp/err")"
fi
grep -o 'development: [^<]*' "$tmp/svg" >"$tmp/panel"
grep -q 'development: knight 1, alchemist 1' "$tmp/panel" ||
	fail "render $game: p0's panel lacks 'knight 1, alchemist 1': $(tr '\n' ' ' <"$tmp/panel")"
if grep -Eq "$base_only" "$tmp/panel"; then
	fail "render $game: a panel named by the base deck: $(tr '\n' ' ' <"$tmp/panel")"
fi

if [ "$failures" -ne 0 ]; then
	echo "$failures check(s) failed" >&2
	exit 1
fi
echo "all checks hold"
