#!/bin/sh
# libcatanrules: catanrules play: a position to start from, saving and
# resuming, bots per seat, the modules' state and the discard prompt.
# SPDX-License-Identifier: MIT
#
# usage: check-cli-play.sh CATANRULES
# Exit status 0 when every check holds, 1 otherwise.

set -u

if [ $# -ne 1 ]; then
	echo "usage: $0 CATANRULES" >&2
	exit 2
fi
cli=$1
tmp=$(mktemp -d "${TMPDIR:-/tmp}/check-cli-play.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
failures=0

fail() {
	echo "FAIL: $*" >&2
	failures=$((failures + 1))
}

# A position in the discard of a 7 (trace's seeded policy, step 180 of
# seed 4): the prompt says what the trace says p0 owes.
game='base(players=3,seed=4)'
"$cli" trace "$game" --seed 4 --steps 180 >"$tmp/trace" 2>&1 ||
	fail "trace $game: $(tail -1 "$tmp/trace")"
owed=$(grep '^view public:' "$tmp/trace" | tail -n 1 | sed -n 's/^view public: p0 cards=\([0-9]*\) .*owes=\([0-9]*\) |.*/\2 more of your \1/p')
[ -n "$owed" ] || fail "the trace's position is not p0's discard: $(grep '^view public:' "$tmp/trace" | tail -n 1)"
printf 'quit\n' | "$cli" play "$game@seed=4,steps=180" --humans all >"$tmp/out" 2>&1 ||
	fail "play from a position: $(tail -1 "$tmp/out")"
grep -q "^You owe $owed cards to the 7" "$tmp/out" ||
	fail "the discard prompt does not say 'You owe $owed cards': $(grep 'owe' "$tmp/out")"

# Saved and resumed: the same position, its bots named, the modules' state.
game='base(players=3,seed=2)+harbors'
printf '1\n1\nsave %s\nquit\n' "$tmp/saved" |
	"$cli" play "$game" --humans p0 --bots greedy,random,mcts:10 >"$tmp/out" 2>&1 ||
	fail "play $game: $(tail -1 "$tmp/out")"
grep -q '^p1 .* random$' "$tmp/out" && grep -q '^p2 .* mcts:10$' "$tmp/out" ||
	fail "the scores do not name the seats' bots"
grep -q '^Counters: strongest_ports ' "$tmp/out" ||
	fail "the Strongest Ports counter is not shown"
moves=$("$cli" replay "$tmp/saved" | sed -n 's/^moves: //p')
[ -n "$moves" ] || fail "the saved game does not replay"
printf 'quit\n' | "$cli" play --load "$tmp/saved" --humans all >"$tmp/out" 2>&1 ||
	fail "play --load: $(tail -1 "$tmp/out")"
grep -q "^Resumed from $tmp/saved at move $moves, turn 0\\.$" "$tmp/out" ||
	fail "play --load does not resume at move $moves: $(grep Resumed "$tmp/out")"

# At a terminal (script(1) gives one): the typed lines are read there too,
# through libedit when the tool has it.
if command -v script >/dev/null 2>&1; then
	printf 'build_settlement h0.n\nquit\n' |
		script -qec "'$cli' play 'base(players=3,seed=2)' --humans p0" /dev/null \
		>"$tmp/tty" 2>&1
	tr -d '\r' <"$tmp/tty" >"$tmp/tty.txt"
	grep -q '^  1 build_road h0.n-ne ' "$tmp/tty.txt" && grep -q '^Bye\.$' "$tmp/tty.txt" ||
		fail "play at a terminal: the settlement typed was not played: $(tail -3 "$tmp/tty.txt")"
fi

# Bad options: exit 2 with a reason.
refuse() {
	want=$1
	shift
	if printf 'quit\n' | "$cli" play "$@" >"$tmp/o" 2>"$tmp/e"; then
		fail "play $* was accepted"
	elif [ $? -ne 2 ]; then
		fail "play $*: exit status not 2"
	elif ! grep -q "$want" "$tmp/e"; then
		fail "play $*: no '$want' in: $(cat "$tmp/e")"
	fi
}
refuse "not both" "$game" --load "$tmp/saved"
refuse "missing GAME or --load" --humans p0
refuse "bad position suffix" "$game@seed=1" --humans none
refuse "unknown bot 'deep'" "$game" --bots deep
refuse "2 bots for 3 seats" "$game" --bots greedy,random
refuse "no-such-file" --load "$tmp/no-such-file"

exit $((failures > 0))
