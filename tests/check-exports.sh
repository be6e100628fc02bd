#!/bin/sh
# libcatanrules: exported symbols == lib/libcatanrules.map == CATAN_API declarations.
# SPDX-License-Identifier: MIT
#
# usage: check-exports.sh LIBRARY.so MAPFILE HEADER...
# Exit status 0 when the three lists are equal, 1 otherwise, 77 (skip) when
# nm is missing. Meant for ELF shared libraries.

set -eu

if [ $# -lt 3 ]; then
	echo "usage: $0 LIBRARY.so MAPFILE HEADER..." >&2
	exit 2
fi
lib=$1
map=$2
shift 2

NM=${NM:-nm}
if ! command -v "$NM" >/dev/null 2>&1; then
	echo "$NM not found" >&2
	exit 77
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/check-exports.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

# Defined dynamic symbols, without the version-node (absolute) symbols.
"$NM" -D --defined-only "$lib" |
	awk 'NF >= 3 && $2 != "A" { sub(/@.*/, "", $3); print $3 }' |
	LC_ALL=C sort -u >"$tmp/exported"

# Names in the global: part of every node of the version script.
sed -e 's,/\*.*\*/,,g' "$map" |
	LC_ALL=C awk '
		/\/\*/ { incomment = 1 }
		incomment { if ($0 ~ /\*\//) incomment = 0; next }
		/global:/ { global = 1; prev = ""; next }
		/local:/ { global = 0; next }
		/}/ { global = 0; next }
		global {
			gsub(/[ \t;]/, "")
			if ($0 == "")
				next
			if (prev != "" && $0 < prev)
				print $0 >unsorted
			prev = $0
			print
		}' unsorted="$tmp/unsorted" |
	LC_ALL=C sort >"$tmp/map-all"
LC_ALL=C sort -u "$tmp/map-all" >"$tmp/map"

# Functions declared CATAN_API: join each header into statements ending at
# ';', drop preprocessor lines, take the identifier before the first '('.
for h in "$@"; do
	grep -v '^[[:space:]]*#' "$h"
done |
	tr '\n' ' ' | tr ';' '\n' |
	grep 'CATAN_API' |
	sed -n 's/^.*CATAN_API[^(]*[^A-Za-z0-9_]\([A-Za-z_][A-Za-z0-9_]*\)[[:space:]]*(.*$/\1/p' |
	LC_ALL=C sort -u >"$tmp/api"

status=0

if [ -s "$tmp/unsorted" ]; then
	echo "out of alphabetical order in $map (within its node):"
	sed 's/^/  /' "$tmp/unsorted"
	status=1
fi

if ! cmp -s "$tmp/map-all" "$tmp/map"; then
	echo "duplicate entries in $map:"
	LC_ALL=C uniq -d "$tmp/map-all" | sed 's/^/  /'
	status=1
fi

report() {
	# $1 $2: files, $3 $4: their descriptions
	only=$(LC_ALL=C comm -23 "$1" "$2")
	if [ -n "$only" ]; then
		echo "$3 but not $4:"
		echo "$only" | sed 's/^/  /'
		status=1
	fi
}

report "$tmp/api" "$tmp/map" "declared CATAN_API" "in the map file"
report "$tmp/map" "$tmp/api" "in the map file" "declared CATAN_API"
report "$tmp/exported" "$tmp/map" "exported" "in the map file"
report "$tmp/map" "$tmp/exported" "in the map file" "exported (missing definition or CATAN_API on it?)"

if [ ! -s "$tmp/api" ]; then
	echo "no CATAN_API declaration found in: $*"
	status=1
fi

if [ $status -eq 0 ]; then
	echo "$(wc -l <"$tmp/api") symbols: exports, map file and headers agree"
fi
exit $status
