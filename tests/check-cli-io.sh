#!/bin/sh
# libcatanrules: the catanrules tool at the edges of its input and output.
# SPDX-License-Identifier: MIT
#
# usage: check-cli-io.sh CATANRULES SOURCE-ROOT
# Exit status 0 when every check holds, 1 otherwise, 77 (skip) when
# /dev/full is missing.

set -u

if [ $# -ne 2 ]; then
	echo "usage: $0 CATANRULES SOURCE-ROOT" >&2
	exit 2
fi
cli=$1
src=$2
if [ ! -c /dev/full ]; then
	echo "/dev/full not found" >&2
	exit 77
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/check-cli-io.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
failures=0

fail() {
	echo "FAIL: $*" >&2
	failures=$((failures + 1))
}

# expect_status STATUS PATTERN OUT ARGS...: run the tool with ARGS and its
# standard output on OUT; it must exit with STATUS and print PATTERN on
# standard error (nothing at all when PATTERN is empty).
expect_status() {
	want=$1
	pattern=$2
	out=$3
	shift 3
	"$cli" "$@" >"$out" 2>"$tmp/err"
	got=$?
	if [ "$got" -ne "$want" ]; then
		fail "catanrules $* >$out: exit $got, expected $want"
		sed 's/^/  stderr: /' "$tmp/err" >&2
	elif [ -z "$pattern" ] && [ -s "$tmp/err" ]; then
		fail "catanrules $* >$out: unexpected stderr"
		sed 's/^/  stderr: /' "$tmp/err" >&2
	elif [ -n "$pattern" ] && ! grep -q -e "$pattern" "$tmp/err"; then
		fail "catanrules $* >$out: stderr lacks '$pattern'"
		sed 's/^/  stderr: /' "$tmp/err" >&2
	fi
}

# Output that cannot be written fails the command (exit 2, a message),
# where each of these printed into the void and exited 0.
history=$src/tests/fuzz/corpus/fuzz-load/history-000
script=$src/tests/conformance/base
for args in "board base" "variants" "replay $history" "conform $script" \
	    "--help" "--version"; do
	# shellcheck disable=SC2086
	expect_status 2 "cannot write the output" /dev/full $args
done
# The same commands succeed when their output goes somewhere.
for args in "board base" "variants" "replay $history" "conform --quiet $script"; do
	# shellcheck disable=SC2086
	expect_status 0 "" /dev/null $args
done

# Input is capped at 64 MiB (doc/catanrules.1, FILES): an endless file is
# refused at once with exit 2, where the tool grew until memory ran out.
expect_status 2 "larger than 64 MiB" /dev/null replay /dev/zero
expect_status 2 "larger than 64 MiB" /dev/null conform /dev/zero
# One byte over the cap on standard input is refused; the cap itself is
# read (and then refused by the loader as what it is, not for its size).
cap=$((64 * 1024 * 1024))
head -c $((cap + 1)) /dev/zero | "$cli" replay - >/dev/null 2>"$tmp/err"
got=$?
if [ "$got" -ne 2 ] || ! grep -q "larger than 64 MiB" "$tmp/err"; then
	fail "replay of 64 MiB + 1 on stdin: exit $got, $(cat "$tmp/err")"
fi
head -c "$cap" /dev/zero | "$cli" replay - >/dev/null 2>"$tmp/err"
if grep -q "larger than" "$tmp/err"; then
	fail "replay of exactly 64 MiB on stdin refused for its size"
fi

# Control bytes from the input are escaped as \xNN where a message echoes
# it, never sent to the terminal raw.
esc=$(printf '\033')
# raw_free FILE WHAT: FILE holds no ESC byte and holds the escape \x1b.
raw_free() {
	if grep -q "$esc" "$1"; then
		fail "$2: a raw ESC byte in the output"
	elif ! grep -q 'x1b\[31m' "$1"; then
		fail "$2: no escaped \\x1b in the output: $(cat "$1")"
	fi
}
for cmd in sim board; do
	"$cli" "$cmd" "base(players=3${esc}[31m)" >/dev/null 2>"$tmp/err"
	got=$?
	[ "$got" -eq 2 ] || fail "$cmd of a game string with ESC: exit $got, expected 2"
	raw_free "$tmp/err" "$cmd of a game string with ESC"
done
printf 'game base(players=3,board=beginner,setup=beginner,chance=explicit)\nfrob%s[31m p0\n' \
	"$esc" >"$tmp/esc.cts"
"$cli" conform "$tmp/esc.cts" >"$tmp/out" 2>&1
got=$?
[ "$got" -eq 1 ] || fail "conform of a script line with ESC: exit $got, expected 1"
raw_free "$tmp/out" "conform of a script line with ESC"
printf 'p0 bu%s[31mild\nquit\n' "$esc" |
	"$cli" play 'base(players=3,board=beginner,setup=beginner)' >"$tmp/out" 2>&1
raw_free "$tmp/out" "play of an action with ESC"

if [ "$failures" -ne 0 ]; then
	echo "$failures check(s) failed" >&2
	exit 1
fi
echo "all checks hold"
