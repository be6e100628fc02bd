#!/bin/sh
# libcatanrules: catanrules render draws the rule modules' state and a
# caption that fits the picture.
# SPDX-License-Identifier: MIT
#
# usage: check-cli-render.sh CATANRULES
# Exit status 0 when every check holds, 1 otherwise.

set -u

if [ $# -ne 1 ]; then
	echo "usage: $0 CATANRULES" >&2
	exit 2
fi
cli=$1
tmp=$(mktemp -d "${TMPDIR:-/tmp}/check-cli-render.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
failures=0

fail() {
	echo "FAIL: $*" >&2
	failures=$((failures + 1))
}

for game in 'base(players=4,seed=3)+harbors+event_cards' \
	    'base(players=2,seed=3)+catan_for_two+event_cards'; do
	if ! "$cli" render "$game@seed=3,steps=300" -o "$tmp/svg" 2>"$tmp/err"; then
		fail "render $game: $(cat "$tmp/err")"
		continue
	fi
	# The panel's section of the modules: each module's counters.
	sed -n '/>Rule modules</,/>Terrain</p' "$tmp/svg" | sed 's/<[^>]*>//g' >"$tmp/panel"
	case $game in
	*harbors*) want='strongest_ports event_cards_left damaged_roads: p0' ;;
	*) want='trade_tokens: p0 trade_token_supply event_cards_left' ;;
	esac
	for w in $want; do
		grep -q "$w" "$tmp/panel" ||
			fail "render $game: the panel lacks '$w': $(tr '\n' ' ' <"$tmp/panel")"
	done
	# The caption: the canonical game string, in lines that fit the width.
	canonical=$("$cli" board "$game" | sed -n 's/^game //p')
	width=$(sed -n 's/.*<svg [^>]*viewBox="0 0 \([0-9]*\) .*/\1/p' "$tmp/svg" | head -n 1)
	grep -o '<tspan[^>]*>[^<]*</tspan>' "$tmp/svg" | sed 's/<[^>]*>//g' >"$tmp/caption"
	[ "$(tr -d '\n' <"$tmp/caption")" = "$canonical" ] ||
		fail "render $game: the caption is not the game string: $(cat "$tmp/caption")"
	longest=$(awk '{ if (length($0) > n) n = length($0) } END { print n + 0 }' "$tmp/caption")
	# 10 px monospace is 6.1 px a character; the margins are 16 px each.
	[ $((longest * 61)) -le $(((width - 32) * 10)) ] ||
		fail "render $game: a caption line of $longest characters overflows $width px"
done

exit $((failures > 0))
