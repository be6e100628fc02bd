#!/bin/sh
# libcatanrules: every global symbol the static archive defines is catan_*.
# SPDX-License-Identifier: MIT
#
# usage: check-static-symbols.sh LIBRARY.a
# A program linking the archive sees all its global symbols, internal ones
# included (the version script only hides them in the shared library), so
# internal names take the catan_<area>__<name> form too. Names reserved to
# the implementation (leading "__" or "_" and a capital) are the
# toolchain's (i386 PIC thunks, coverage counters) and are passed over.
# Exit status 0 when all names have the prefix, 1 otherwise, 77 (skip) when
# nm is missing. Meant for ELF archives.

set -eu

if [ $# -ne 1 ]; then
	echo "usage: $0 LIBRARY.a" >&2
	exit 2
fi
lib=$1

NM=${NM:-nm}
if ! command -v "$NM" >/dev/null 2>&1; then
	echo "$NM not found" >&2
	exit 77
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/check-static-symbols.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

# Member headers ("x.c.o:") and blank lines have fewer than three fields.
"$NM" -g --defined-only "$lib" >"$tmp/nm"
awk 'NF >= 3 { print $3 }' "$tmp/nm" | LC_ALL=C sort -u >"$tmp/defined"

# An archive nm cannot read (LTO objects without the plugin) lists nothing:
# that must not pass as clean.
if ! grep -q '^catan_' "$tmp/defined"; then
	echo "no catan_ symbol read from $lib: is it the library archive, can $NM read it?"
	exit 1
fi

grep -v -e '^catan_' -e '^__' -e '^_[A-Z]' "$tmp/defined" >"$tmp/bad" || true

if [ -s "$tmp/bad" ]; then
	echo "global symbols of $lib without the catan_ prefix:"
	sed 's/^/  /' "$tmp/bad"
	echo "make them static, or name them catan_<area>__<name> (lib/catan-private.h)"
	exit 1
fi
echo "$(wc -l <"$tmp/defined") global symbols, all catan_*"
exit 0
