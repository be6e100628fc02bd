#!/bin/sh
# libcatanrules: catanrules sim with bots: per-seat bots, --jobs, --out and
# --histories, and the refusals of bad options.
# SPDX-License-Identifier: MIT
#
# usage: check-cli-bots.sh CATANRULES PYTHON
# Exit status 0 when every check holds, 1 otherwise.

set -u

if [ $# -ne 2 ]; then
	echo "usage: $0 CATANRULES PYTHON" >&2
	exit 2
fi
cli=$1
python=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/check-cli-bots.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
failures=0

fail() {
	echo "FAIL: $*" >&2
	failures=$((failures + 1))
}

game='base(players=3,seed=40,offer_max=0)'
bots='greedy,mcts:8,random'

# The same games whatever the number of processes: the summary (but its
# time) and every --out record, in game order.
for jobs in 1 3; do
	if ! "$cli" sim "$game" --games 5 --quiet --bots "$bots" --jobs $jobs \
		--out "$tmp/out$jobs" --histories >"$tmp/sum$jobs" 2>"$tmp/err"; then
		fail "sim --jobs $jobs: $(cat "$tmp/err")"
	fi
	grep -v '^time:' "$tmp/sum$jobs" >"$tmp/cmp$jobs"
done
cmp -s "$tmp/cmp1" "$tmp/cmp3" || fail "--jobs 3 summarises other games than --jobs 1"
cmp -s "$tmp/out1" "$tmp/out3" || fail "--jobs 3 writes other records than --jobs 1"
grep -q '^bots per seat:  p0 greedy  p1 mcts:8  p2 random$' "$tmp/sum1" ||
	fail "the summary does not name the seats' bots: $(cat "$tmp/sum1")"
grep -q '^mean points per seat:' "$tmp/sum1" || fail "no mean points per seat"

# Each record: the game with its seed, the winner among the seats with
# the most points, the bots, and a history that replays to that end.
"$python" - "$tmp/out1" "$tmp/sum1" "$tmp" <<'PY' || fail "the --out records"
import json, re, sys
records = [json.loads(line) for line in open(sys.argv[1])]
summary = open(sys.argv[2]).read()
assert len(records) == 5, len(records)
wins = [0, 0, 0]
for i, r in enumerate(records):
    assert r["seed"] == 40 + i, r["seed"]
    assert f"seed={40 + i}," in r["game"], r["game"]
    assert r["bots"] == ["greedy", "mcts:8", "random"], r["bots"]
    assert len(r["history"]) == r["actions"], (len(r["history"]), r["actions"])
    w = r["winner"]
    assert w in (0, 1, 2) and r["points"][w] == max(r["points"]), r
    wins[w] += 1
    with open(f"{sys.argv[3]}/h{i}", "w") as f:
        f.write("catanrules-history 1\ngame " + r["game"] + "\n")
        f.write("".join(a + "\n" for a in r["history"]) + "end\n")
m = re.search(r"wins per seat:  p0 (\d+) .*  p1 (\d+) .*  p2 (\d+) ", summary)
assert m and [int(x) for x in m.groups()] == wins, (summary, wins)
PY
for i in 0 1 2 3 4; do
	winner=$("$python" -c 'import json,sys; print(json.loads(open(sys.argv[1]).readlines()[int(sys.argv[2])])["winner"])' "$tmp/out1" $i)
	if ! "$cli" replay "$tmp/h$i" >"$tmp/replay" 2>"$tmp/err"; then
		fail "replay of game $i's history: $(cat "$tmp/err")"
	elif ! grep -q "^winner: p$winner$" "$tmp/replay"; then
		fail "game $i's history does not replay to p$winner's win: $(grep -i winner "$tmp/replay")"
	fi
done

# Bad options: exit 2 with a reason, nothing played.
refuse() {
	want=$1
	shift
	if "$cli" sim "$@" >"$tmp/o" 2>"$tmp/e"; then
		fail "sim $* was accepted"
	elif [ $? -ne 2 ]; then
		fail "sim $*: exit status not 2"
	elif ! grep -q "$want" "$tmp/e"; then
		fail "sim $*: no '$want' in: $(cat "$tmp/e")"
	fi
	[ -s "$tmp/o" ] && fail "sim $*: printed a summary"
}
refuse "unknown bot 'alpha'" "$game" --games 1 --bots alpha
refuse "2 bots for 3 seats" "$game" --games 1 --bots greedy,random
refuse "bad iteration count" "$game" --games 1 --bots mcts:0
refuse "bad job count" "$game" --games 1 --jobs 0
refuse "needs --out" "$game" --games 1 --histories
refuse "cannot write" "$game" --games 1 --out "$tmp/no/such/dir/x"

exit $((failures > 0))
