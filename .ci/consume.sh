#!/usr/bin/env bash
# libcatanrules: CI step: install the library and use it as outside projects do.
# SPDX-License-Identifier: MIT
#
# Builds the tree into a temporary prefix with 'meson install', then checks
# what a user of the installed library relies on: the versioned soname, the
# pkg-config file, headers that compile on their own, tests/consumer/ built
# with 'pkg-config --cflags --libs' (shared and static), as a meson project
# finding the library through pkg-config and as a meson project using this
# tree as a subproject, the Python binding (examples/python/) against the
# installed library, and the man page. Prints one line per check and
# 'consume: N passed, N failed' last; exits non-zero if a check failed.
#
#   bash .ci/consume.sh            everything
#   KEEP=1 bash .ci/consume.sh     keep the temporary directory for a look
#   bash .ci/consume.sh --testlog build-ci/meson-logs/testlog.json
#                                  also append each result to meson's test
#                                  log, where .ci/run's summary counts it

set -uo pipefail

testlog=
case "${1:-}" in
--testlog)
	testlog=$(realpath -m "${2:?--testlog needs a file}")
	;;
"")
	;;
*)
	echo "usage: $0 [--testlog FILE]" >&2
	exit 2
	;;
esac

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/catanrules-consume.XXXXXX")
if [ -z "${KEEP:-}" ]; then
	trap 'rm -rf "$tmp"' EXIT
else
	echo "consume: working in $tmp"
fi

prefix=$tmp/prefix
passed=0
failed=0
skipped=0

# record NAME RESULT: one line of meson's testlog.json format (RESULT OK,
# FAIL or SKIP) when --testlog was given.
record()
{
	if [ -n "$testlog" ]; then
		printf '{"name": "consume-%s", "result": "%s", "stdout": ""}\n' \
			"$1" "$2" >>"$testlog"
	fi
}

# check NAME COMMAND...: run a check with its output in $tmp/NAME.log;
# the log's end is shown when it fails.
check()
{
	local name=$1
	shift
	if "$@" >"$tmp/$name.log" 2>&1 </dev/null; then
		echo "ok      $name"
		passed=$((passed + 1))
		record "$name" OK
	else
		echo "FAILED  $name"
		tail -n 30 "$tmp/$name.log" | sed 's/^/        /'
		failed=$((failed + 1))
		record "$name" FAIL
	fi
}

skip()
{
	echo "skipped $1 ($2)"
	skipped=$((skipped + 1))
	record "$1" SKIP
}

say()
{
	printf '%s\n' "$*"
}

fail()
{
	printf 'error: %s\n' "$*"
	return 1
}

# ------------------------------------------------------------- the steps

version=

install_library()
{
	meson setup "$tmp/build" "$repo" --prefix="$prefix" \
		--buildtype=debugoptimized -Dtests=disabled -Ddocs=disabled \
		-Dwerror=true || return 1
	ninja -C "$tmp/build" || return 1
	meson install -C "$tmp/build" || return 1
	version=$(meson introspect --projectinfo "$tmp/build" |
		python3 -c 'import json, sys; print(json.load(sys.stdin)["version"])') ||
		return 1
	echo "version $version" >"$tmp/version"
}

# Where the installed files went: libdir is distribution-specific
# (lib/x86_64-linux-gnu on Debian), so look for the .pc file.
find_layout()
{
	local pc
	pc=$(find "$prefix" -name catanrules.pc -path '*/pkgconfig/*' | head -n 1)
	[ -n "$pc" ] || return 1
	pcdir=$(dirname "$pc")
	libdir=$(dirname "$pcdir")
	export PKG_CONFIG_PATH=$pcdir
	export LD_LIBRARY_PATH=$libdir
}

installed_files()
{
	local f
	for f in include/catanrules-0/catanrules/catanrules.h \
		 include/catanrules-0/catanrules/version.h \
		 include/catanrules-0/catanrules/serialize.h \
		 bin/catanrules; do
		[ -e "$prefix/$f" ] || fail "not installed: $f" || return 1
	done
	# The vtables serve the built-in variants only (sys/variant.h).
	[ ! -e "$prefix/include/catanrules-0/catanrules/sys" ] ||
		fail "include/catanrules-0/catanrules/sys is installed" || return 1
	for f in libcatanrules.so libcatanrules.a "libcatanrules.so.$version"; do
		[ -e "$libdir/$f" ] || fail "not installed: $libdir/$f" || return 1
	done
	"$prefix/bin/catanrules" --version
	"$prefix/bin/catanrules" --version | grep -qx "catanrules $version" ||
		fail "catanrules --version does not say $version"
}

soname()
{
	local so
	so=$(readelf -d "$libdir/libcatanrules.so" |
		sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
	say "SONAME $so"
	[[ "$so" =~ ^libcatanrules\.so\.[0-9]+$ ]] ||
		fail "soname '$so' is not libcatanrules.so.N" || return 1
	[ -e "$libdir/$so" ] || fail "no $so in $libdir" || return 1
	# The exported symbols carry the version node of the linker map.
	readelf --dyn-syms -W "$libdir/libcatanrules.so" >"$tmp/dynsyms"
	grep -q ' catan_state_new@@CATANRULES_' "$tmp/dynsyms" ||
		fail "catan_state_new has no CATANRULES_ symbol version" || return 1
	# Nothing but the API: every defined global symbol is catan_*.
	if awk '$5 == "GLOBAL" && $7 != "UND" && $8 != "" { print $8 }' \
		"$tmp/dynsyms" | sed 's/@.*//' | grep -v '^catan_' |
		grep -v '^CATANRULES_'; then
		fail "symbols outside the catan_ namespace are exported"
	fi
}

pkgconfig_file()
{
	local pc=$pcdir/catanrules.pc cflags libs
	cat "$pc"
	grep -qx "Version: $version" "$pc" ||
		fail "catanrules.pc has no 'Version: $version'" || return 1
	[ "$(pkg-config --modversion catanrules)" = "$version" ] ||
		fail "pkg-config --modversion is not $version" || return 1
	pkg-config --atleast-version=0.1 catanrules ||
		fail "pkg-config --atleast-version=0.1 fails" || return 1
	cflags=$(pkg-config --cflags catanrules)
	libs=$(pkg-config --libs catanrules)
	say "cflags: $cflags"
	say "libs: $libs"
	[[ " $cflags " == *" -I$prefix/include/catanrules-0 "* ]] ||
		fail "--cflags lacks -I$prefix/include/catanrules-0" || return 1
	[[ " $libs " == *" -lcatanrules "* ]] ||
		fail "--libs lacks -lcatanrules" || return 1
}

# Every installed header compiles on its own, as C11 and as C++.
headers_alone()
{
	local h name
	for h in "$prefix"/include/catanrules-0/catanrules/*.h; do
		name=${h#"$prefix"/include/catanrules-0/}
		printf '#include <%s>\nint x_%s;\n' "$name" "$(echo "$name" |
			tr -c 'a-z0-9\n' _)" >"$tmp/one.c"
		# shellcheck disable=SC2046
		cc -std=c11 -Wall -Wextra -Werror -pedantic -c "$tmp/one.c" \
			-o "$tmp/one.o" $(pkg-config --cflags catanrules) ||
			fail "$name does not compile on its own" || return 1
		if command -v c++ >/dev/null; then
			# shellcheck disable=SC2046
			c++ -x c++ -std=c++11 -Wall -Wextra -Werror -c "$tmp/one.c" \
				-o "$tmp/one.o" $(pkg-config --cflags catanrules) ||
				fail "$name does not compile as C++" || return 1
		fi
	done
}

consumer_args=('base(players=4,seed=7)' 400 1)

run_consumer()
{
	local exe=$1 out=$2
	"$exe" "${consumer_args[@]}" >"$out" || return 1
	cat "$out"
	grep -q "^library $version, header $version\$" "$out" ||
		fail "library/header version line missing" || return 1
	grep -q '^played [0-9]* actions' "$out" || fail "no result line"
}

pkgconfig_shared()
{
	local exe=$tmp/consumer-pc
	# shellcheck disable=SC2046
	cc -std=c11 -Wall -Wextra -Werror -o "$exe" \
		"$repo/tests/consumer/consumer.c" \
		$(pkg-config --cflags --libs catanrules) || return 1
	readelf -d "$exe" | grep -q 'NEEDED.*\[libcatanrules\.so\.[0-9]*\]' ||
		fail "the program does not need libcatanrules.so.N" || return 1
	readelf --dyn-syms -W "$exe" | grep -q 'catan_state_new@CATANRULES_' ||
		fail "the program binds unversioned symbols" || return 1
	run_consumer "$exe" "$tmp/out-pc"
}

pkgconfig_static()
{
	local exe=$tmp/consumer-static libs
	# The archive itself, then whatever --static adds (libm).
	libs=$(pkg-config --static --libs-only-l catanrules |
		sed 's/-lcatanrules\b//')
	# shellcheck disable=SC2046,SC2086
	cc -std=c11 -Wall -Wextra -Werror -o "$exe" \
		"$repo/tests/consumer/consumer.c" \
		$(pkg-config --cflags catanrules) "$libdir/libcatanrules.a" \
		$libs || return 1
	if readelf -d "$exe" | grep -q 'NEEDED.*libcatanrules'; then
		fail "the static build needs the shared library"
		return 1
	fi
	run_consumer "$exe" "$tmp/out-static" || return 1
	cmp "$tmp/out-pc" "$tmp/out-static" ||
		fail "static and shared builds play differently"
}

meson_pkgconfig()
{
	local b=$tmp/consumer-meson-pc
	meson setup "$b" "$repo/tests/consumer" --wrap-mode=nofallback ||
		return 1
	grep -q 'Run-time dependency catanrules found: YES' \
		"$b/meson-logs/meson-log.txt" ||
		fail "meson did not find catanrules through pkg-config" ||
		return 1
	ninja -C "$b" || return 1
	meson test -C "$b" --print-errorlogs || return 1
	run_consumer "$b/consumer" "$tmp/out-meson-pc" || return 1
	cmp "$tmp/out-pc" "$tmp/out-meson-pc"
}

meson_subproject()
{
	local src=$tmp/consumer-sub b=$tmp/consumer-meson-sub
	mkdir -p "$src/subprojects" || return 1
	cp "$repo/tests/consumer/meson.build" "$repo/tests/consumer/consumer.c" \
		"$src/" || return 1
	# The whole source tree as the subproject, as a host vendors it.
	ln -s "$repo" "$src/subprojects/libcatanrules" || return 1
	# Nothing installed may leak in: no pkg-config path, no library path.
	env -u PKG_CONFIG_PATH -u LD_LIBRARY_PATH \
		meson setup "$b" "$src" --force-fallback-for=catanrules ||
		return 1
	ninja -C "$b" || return 1
	# The host's `meson test` runs the host's tests: the library's are
	# off in a subproject unless the host asks for them.
	if meson test -C "$b" --list 2>/dev/null | grep -q '^libcatanrules:'; then
		fail "the subproject's tests are registered in the host's build"
		return 1
	fi
	env -u LD_LIBRARY_PATH meson test -C "$b" --print-errorlogs || return 1
	env -u LD_LIBRARY_PATH ldd "$b/consumer" | grep catanrules
	env -u LD_LIBRARY_PATH ldd "$b/consumer" |
		grep -q "=> $b/subprojects/libcatanrules/" ||
		fail "the program does not use the subproject's library" ||
		return 1
	(unset LD_LIBRARY_PATH
	 run_consumer "$b/consumer" "$tmp/out-meson-sub") || return 1
	cmp "$tmp/out-pc" "$tmp/out-meson-sub"
}

# The Python tests need pytest; Debian's python3-pytest is installed when
# missing and possible. Of 'python3' on PATH and /usr/bin/python3 the first
# that has pytest is used.
find_pytest_python()
{
	local py
	for py in python3 /usr/bin/python3; do
		if command -v "$py" >/dev/null &&
			"$py" -c 'import pytest' 2>/dev/null; then
			command -v "$py"
			return 0
		fi
	done
	return 1
}

python_binding()
{
	# Nothing is written into the source tree.
	export PYTHONDONTWRITEBYTECODE=1
	"$pytest_python" -m pytest -q -p no:cacheprovider \
		"$repo/examples/python/tests" &&
	"$pytest_python" "$repo/examples/python/playout.py" --seed 3
}

# The package meson installed beside the library loads that library, with
# no CATANRULES_LIB, no LD_LIBRARY_PATH and no source tree around.
python_installed()
{
	local init
	init=$(find "$prefix" -path '*/catanrules/_install.py' | head -n 1)
	[ -n "$init" ] || fail "meson install put no Python package" || return 1
	(cd "$tmp" && env -u CATANRULES_LIB -u LD_LIBRARY_PATH \
		PYTHONDONTWRITEBYTECODE=1 PYTHONPATH="$(dirname "$(dirname "$init")")" \
		"$pytest_python" -c '
import os, sys, pickle, catanrules
from catanrules import _lib
prefix = sys.argv[1]
assert os.path.realpath(_lib.lib._name).startswith(os.path.realpath(prefix)), _lib.lib._name
s = catanrules.Context().game("base(seed=1)").new_state()
assert pickle.loads(pickle.dumps(s)).hash() == s.hash()
print("loaded", _lib.lib._name)' "$prefix")
}

man_page()
{
	local man=$prefix/share/man/man1/catanrules.1
	[ -f "$man" ] || fail "not installed: share/man/man1/catanrules.1" ||
		return 1
	if command -v groff >/dev/null; then
		# -ww: every warning; groff prints nothing for a clean page.
		groff -man -Tutf8 -ww -z "$man" 2>"$tmp/groff.err"
		cat "$tmp/groff.err"
		[ ! -s "$tmp/groff.err" ] ||
			fail "groff warns about the man page" || return 1
	fi
	# Every command the tool lists is described in the page.
	"$prefix/bin/catanrules" --help |
		awk '/^Commands:/ { on = 1; next } on && /^  [a-z]/ { print $1 }' \
		>"$tmp/commands"
	[ -s "$tmp/commands" ] || fail "no commands in --help" || return 1
	while read -r c; do
		grep -q "^\\.SS $c\\b" "$man" ||
			fail "the man page lacks a section for '$c'" || return 1
	done <"$tmp/commands"
}

# ------------------------------------------------------------------- run

echo "consume: installing into $prefix"
check install install_library
if [ "$failed" -eq 0 ] && find_layout; then
	version=$(sed -n 's/^version //p' "$tmp/version")
	check installed-files installed_files
	check soname soname
	check pkg-config-file pkgconfig_file
	check headers-alone headers_alone
	check pkg-config-shared pkgconfig_shared
	check pkg-config-static pkgconfig_static
	check meson-pkg-config meson_pkgconfig
	check meson-subproject meson_subproject

	if ! find_pytest_python >/dev/null && [ "$(id -u)" -eq 0 ] &&
		command -v apt-get >/dev/null; then
		echo "consume: installing python3-pytest"
		DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
			--no-install-recommends python3-pytest </dev/null \
			>"$tmp/apt.log" 2>&1 ||
			{ apt-get update -q >>"$tmp/apt.log" 2>&1 </dev/null &&
			  DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
				--no-install-recommends python3-pytest \
				</dev/null >>"$tmp/apt.log" 2>&1; }
	fi
	if pytest_python=$(find_pytest_python); then
		export CATANRULES_LIB=$libdir/libcatanrules.so
		check python-binding python_binding
		check python-installed python_installed
	else
		skip python-binding "no python3 with pytest"
		skip python-installed "no python3 with pytest"
	fi
	check man-page man_page
elif [ "$failed" -eq 0 ]; then
	echo "FAILED  layout: no catanrules.pc below $prefix"
	failed=$((failed + 1))
	record layout FAIL
fi

line="consume: $passed passed, $failed failed"
if [ "$skipped" -gt 0 ]; then
	line="$line, $skipped skipped"
fi
echo "$line"
[ "$failed" -eq 0 ]
