#!/bin/sh
# Regenerate or check the golden playthroughs and the perft counts.
# SPDX-License-Identifier: MIT
#
#   tests/regen-golden.sh BUILDDIR
#       rewrite tests/golden/*.trace and tests/perft/*.txt with the
#       catanrules tool built in BUILDDIR (review the diff, then commit)
#   tests/regen-golden.sh --list
#       print the names of the golden traces (meson reads this)
#   tests/regen-golden.sh --check BUILDDIR NAME
#       regenerate trace NAME into BUILDDIR/tests/golden-check/ and diff it
#       with the committed one; also fail on committed traces not listed
#   tests/regen-golden.sh --check-perft BUILDDIR
#       recount every position of tests/perft/*.txt and compare
#
# doc/golden.md describes both formats. The lists below are the only
# place that says which traces and perft positions exist.

set -eu

srcdir=$(cd "$(dirname "$0")/.." && pwd)
golden_dir=$srcdir/tests/golden
perft_dir=$srcdir/tests/perft

# name <TAB> policy seed <TAB> steps <TAB> game string
traces() {
	cat <<'EOF'
base-beginner-p3-explicit	1	150	base(players=3,board=beginner,setup=beginner,chance=explicit,seed=1)
base-random-p4-sampled	1	150	base(players=4,board=random,chance=sampled,seed=42)
base-friendly_robber-beginner-p4-explicit	1	150	base(players=4,board=beginner,setup=beginner,chance=explicit,seed=1)+friendly_robber
base-harbors-random-p3-sampled	1	150	base(players=3,board=random,chance=sampled,seed=7)+harbors
base-friendly_robber-harbors-random-p4-sampled	1	150	base(players=4,board=random,chance=sampled,seed=42)+friendly_robber+harbors
base-event_cards-random-p4-sampled	1	300	base(players=4,board=random,chance=sampled,seed=3)+event_cards
base-event_cards-beginner-p3-explicit	2	300	base(players=3,board=beginner,setup=beginner,chance=explicit,seed=4)+event_cards
base-catan_for_two-random-p2-sampled	1	300	base(players=2,board=random,chance=sampled,seed=5)+catan_for_two
base-catan_for_two-event_cards-beginner-p2-explicit	3	300	base(players=2,board=beginner,chance=explicit,seed=6)+event_cards+catan_for_two
base-given-p4-sampled	1	300	base(players=4,board=given,tiles=G6.O5.W11.W9.O10.G5.G3.L8.B11.L2.W4.B6.G9.O10.D.L3.L4.W12.B8,harbors=W.3.G.L.O.B.3.3.3,chance=sampled,seed=8)
base-rivers-random-p4-sampled	1	300	base(players=4,board=random,chance=sampled,seed=9)+rivers
base-rivers-friendly_robber-event_cards-beginner-p3-explicit	2	300	base(players=3,board=beginner,chance=explicit,seed=10)+friendly_robber+event_cards+rivers
base-rivers-catan_for_two-beginner-p2-explicit	3	300	base(players=2,board=beginner,chance=explicit,seed=11)+catan_for_two+rivers
base-fishing-random-p4-sampled	1	400	base(players=4,board=random,chance=sampled,seed=9)+fishing
base-fishing-event_cards-harbors-beginner-p3-explicit	2	400	base(players=3,board=beginner,chance=explicit,seed=10)+fishing+event_cards+harbors
base-catan_for_two-fishing-beginner-p2-explicit	3	400	base(players=2,board=beginner,chance=explicit,seed=12)+catan_for_two+fishing
EOF
}

# The perft file of the base game. '#' lines are copied as they are. Other
# lines are tab-separated:
#   pos  GAME[@seed=S,steps=K]  DEPTH
#   find GAME  S  PATTERN  DEPTH
# "find" takes the first position of `catanrules trace GAME --seed S` whose
# state: line matches the awk regular expression PATTERN, so that the
# position keeps its kind (a simultaneous discard, ...) when the rules
# change. Positions with @seed=S,steps=K get their state line and D1
# (from the trace's lists) as comments. Each line becomes
# "<canonical game string>[@...] ;D1 n ;D2 n ...".
perft_base() {
	cat <<'EOF'
# Perft counts of the base game (doc/golden.md). Each line: a position, then
# ';D<d> <n>': the number of action sequences of length d from it (every
# legal action and every chance outcome is one child). Regenerate with
# tests/regen-golden.sh BUILDDIR; check with catanrules perft --check FILE.
# The '#   ' lines under a position GAME@seed=S,steps=K show it as
# `catanrules trace GAME --seed S` prints it at step K, and D1 as the sum
# of the acting players' legal-action counts there (or of the outcomes).
#
# Start of set-up, beginner board, 3 players. By hand:
#   D1 = 3: the first-player roll-off has one outcome per player (B3).
#   D2 = 3*54: the first settlement may go on any of the 54 intersections.
#   D3 = 3*144: then a road on one of its edges; summed over intersections,
#        the degrees give 2*72 edges = 144 (18 coast corners of degree 2,
#        36 of degree 3).
#   D4 = 3*7236: the second player's settlement may go anywhere but on the
#        first one and its neighbours: sum of deg(v)*(53-deg(v)) over v =
#        53*144 - (18*4 + 36*9) = 7632 - 396 = 7236.
pos	base(players=3,board=beginner,chance=explicit,seed=1)	6
# Start of set-up, random board, 4 players: D1..D4 = 4, 4*54, 4*144, 4*7236
# (the counts do not depend on the layout).
pos	base(players=4,board=random,chance=explicit,seed=42)	5
# Beginner set-up (the pieces of FACTS 1.4 pre-placed), 4 players:
#   D1 = 4 (roll-off), D2 = 4 (the first player can only roll: nobody holds
#   a development card yet), D3 = 4*11 (dice totals 2..12).
pos	base(players=4,board=beginner,setup=beginner,chance=explicit,seed=1)	6
# After the snake set-up (the roll-off and 12 placements), turn 1:
#   D1 = 1 (roll: no development cards yet), D2 = 11 (dice totals).
#   In D3 the 7 gives 18 children: nobody holds more than 7 cards, so the
#   robber moves straight on, to one of the 18 other land hexes.
pos	base(players=3,board=beginner,chance=explicit,seed=1)@seed=1,steps=13	7
# The same with combined trade/build phases and two-card offers listed.
pos	base(players=3,board=beginner,chance=explicit,seed=1,phases=combined,offer_max=2)@seed=1,steps=13	6
# Mid-game: the turn player's main phase in turn 25.
find	base(players=4,board=random,chance=explicit,seed=42)	3	phase=main turn=25 	5
# A 7 made two players discard: a simultaneous node, where the one-card
# discards of every acting player are children (in turn order).
find	base(players=4,board=random,chance=explicit,seed=42)	3	phase=discard .*current=simultaneous	5
# Replies to a trade offer from two or more players: simultaneous too.
find	base(players=4,board=random,chance=explicit,seed=42)	3	phase=trade_response .*current=simultaneous	4
# Late game: the turn player's main phase in turn 100.
find	base(players=4,board=random,chance=explicit,seed=42)	3	phase=main turn=100 	5
# Rivers of Catan: the set-up on the fixed layout (D2 = 3*54: every
# intersection; D3 = 3*130: the 144 set-up roads, summed over the
# intersections, less the 2 ends of each of the 7 bridge sites).
pos	base(players=3,board=beginner,chance=explicit,seed=1)+rivers	4
# Rivers of Catan: a main phase in turn 30 (bridges, gold for a card).
find	base(players=4,board=random,chance=explicit,seed=42)+rivers	3	phase=main turn=30 	4
# Fishing on Catan: the start (the fish supply does not change the set-up's
# counts until a second settlement touches the lake or a fishing ground).
pos	base(players=3,board=beginner,chance=explicit,seed=1)+fishing	4
# A fish token drawn: a chance node over the supply (boot, 1, 2, 3 fish).
pos	base(players=4,board=random,chance=explicit,seed=9)+fishing@seed=3,steps=10	4
# The turn player's main phase with fish to spend, mid-game.
find	base(players=4,board=random,chance=explicit,seed=9)+fishing	3	phase=main turn=40 	3
# Fishing with Catan for Two: a fish token of the first production drawn
# in the Action phase, before the second roll (D1 = 4: the boot, 1, 2 or
# 3 fish; the second roll's 10 totals follow the draws).
find	base(players=2,board=beginner,chance=explicit,seed=12)+catan_for_two+fishing	3	phase=main turn=1 .*current=chance	5
# ... and a turn player behind on points before the roll: each fish action
# one fish cheaper (fish_robber pay=1 among the payments).
find	base(players=2,board=beginner,chance=explicit,seed=12)+catan_for_two+fishing	3	phase=roll turn=33 	3
EOF
}

die() {
	echo "regen-golden.sh: $*" >&2
	exit 1
}

tool_in() {
	tool=$1/examples/catanrules
	[ -x "$tool" ] || die "no catanrules tool in $1/examples (build first: ninja -C $1)"
	echo "$tool"
}

canonical() {
	"$tool" trace "$1" --steps 0 | sed -n 's/^game: //p'
}

# write_trace NAME OUTFILE
write_trace() {
	line=$(traces | awk -F '\t' -v n="$1" '$1 == n')
	[ -n "$line" ] || die "no golden trace named '$1' (see --list)"
	seed=$(printf '%s\n' "$line" | cut -f2)
	steps=$(printf '%s\n' "$line" | cut -f3)
	game=$(printf '%s\n' "$line" | cut -f4)
	"$tool" trace "$game" --seed "$seed" --steps "$steps" > "$2.tmp" ||
		die "catanrules trace failed for $1"
	mv "$2.tmp" "$2"
}

# describe TRACEFILE STEP: comment lines for the position at STEP
describe() {
	awk -v k="$2" '
		function count(t) { return substr(t, 2, length(t) - 3) + 0 }
		$0 == "step " k { p = 1; next }
		/^step / { p = 0 }
		p && /^state: / { print "#   " substr($0, 8) }
		p && /^outcomes / { print "#   D1 = " count($2) " chance outcomes" }
		p && /^legal / { n[++c] = $2 " " count($3); sum += count($3) }
		END {
			if (c == 0)
				exit
			line = "#   D1 = " sum " ="
			for (i = 1; i <= c; i++)
				line = line (i > 1 ? " +" : "") " " n[i]
			print line
		}' "$1"
}

# perft_line POSITION DEPTH: the line with the counts
perft_line() {
	counts=$("$tool" perft "$1" "$2") ||
		die "catanrules perft failed for $1"
	printf '%s' "$1"
	printf '%s\n' "$counts" |
		awk '{ sub(":", "", $2); printf " ;D%s %s", $2, $3 }'
	printf '\n'
}

# write_perft GENERATOR OUTFILE
write_perft() {
	tmp=$2.trace.tmp
	"$1" | while IFS= read -r line; do
		case $line in
		'#'*|'')
			printf '%s\n' "$line"
			continue
			;;
		esac
		kind=$(printf '%s\n' "$line" | cut -f1)
		game=$(printf '%s\n' "$line" | cut -f2)
		suffix=
		case $kind in
		pos)
			depth=$(printf '%s\n' "$line" | cut -f3)
			pos=$game
			game=${pos%%@*}
			[ "$game" = "$pos" ] || suffix=@${pos#*@}
			;;
		find)
			seed=$(printf '%s\n' "$line" | cut -f3)
			pattern=$(printf '%s\n' "$line" | cut -f4)
			depth=$(printf '%s\n' "$line" | cut -f5)
			"$tool" trace "$game" --seed "$seed" --steps 5000 \
				> "$tmp" || die "catanrules trace failed for $game"
			step=$(awk -v pat="$pattern" '
				/^step / { s = $2 }
				/^state: / && $0 ~ pat { print s; exit }' "$tmp")
			[ -n "$step" ] ||
				die "no position matches '$pattern' in $game --seed $seed"
			suffix=@seed=$seed,steps=$step
			;;
		*)
			die "bad line in the perft list: $line"
			;;
		esac
		canon=$(canonical "$game")
		[ -n "$canon" ] || die "bad game string $game"
		if [ -n "$suffix" ]; then
			at=${suffix#@}
			s=$(printf '%s\n' "$at" | tr ',' '\n' | sed -n 's/^seed=//p')
			k=$(printf '%s\n' "$at" | tr ',' '\n' | sed -n 's/^steps=//p')
			"$tool" trace "$canon" --seed "$s" --steps $((k + 1)) \
				> "$tmp" ||
				die "catanrules trace failed for $canon$suffix"
			describe "$tmp" "$k"
		fi
		perft_line "$canon$suffix" "$depth"
	done > "$2.tmp"
	rm -f "$tmp"
	mv "$2.tmp" "$2"
}

check_unlisted() {
	for f in "$golden_dir"/*.trace; do
		[ -e "$f" ] || continue
		n=$(basename "$f" .trace)
		traces | cut -f1 | grep -qx "$n" ||
			die "tests/golden/$n.trace is not listed in tests/regen-golden.sh"
	done
}

case ${1:-} in
--list)
	traces | cut -f1
	;;
--check)
	[ $# -eq 3 ] || die "usage: $0 --check BUILDDIR NAME"
	tool=$(tool_in "$2")
	out=$2/tests/golden-check
	mkdir -p "$out"
	check_unlisted
	[ -f "$golden_dir/$3.trace" ] ||
		die "tests/golden/$3.trace is missing (run tests/regen-golden.sh $2)"
	write_trace "$3" "$out/$3.trace"
	if ! diff -u "$golden_dir/$3.trace" "$out/$3.trace"; then
		echo "regen-golden.sh: $3.trace differs from a fresh run (above);" \
		     "if the change is intended, run tests/regen-golden.sh $2" >&2
		exit 1
	fi
	echo "tests/golden/$3.trace: identical"
	;;
--check-perft)
	[ $# -eq 2 ] || die "usage: $0 --check-perft BUILDDIR"
	tool=$(tool_in "$2")
	for f in "$perft_dir"/*.txt; do
		[ -e "$f" ] || die "no perft files in $perft_dir"
		"$tool" perft --check "$f"
	done
	;;
''|-*)
	sed -n '5,16p' "$0" | sed 's/^# \{0,1\}//' >&2
	exit 2
	;;
*)
	[ $# -eq 1 ] || die "usage: $0 BUILDDIR"
	tool=$(tool_in "$1")
	mkdir -p "$golden_dir" "$perft_dir"
	for n in $(traces | cut -f1); do
		write_trace "$n" "$golden_dir/$n.trace"
		echo "wrote tests/golden/$n.trace"
	done
	write_perft perft_base "$perft_dir/base.txt"
	echo "wrote tests/perft/base.txt"
	;;
esac
