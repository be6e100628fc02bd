/*
 * Conformance suite: the valgrind filter, the stride of the costly checks.
 * SPDX-License-Identifier: MIT
 */

#include <stdlib.h>
#include <string.h>

#include "test-harness.h"

/*
 * The reduced run: under valgrind, where a game's memory is what is
 * checked, and in the quick suite (CATAN_HARNESS_QUICK=1, `meson test
 * --suite quick`), where every variant and module should play once in
 * seconds. Both keep the cases below, one game each (valgrind also
 * runs the costly checks at a stride: check_stride()).
 */
bool
harness_reduced(void)
{
	const char *env = getenv("CATAN_HARNESS_QUICK");

	return catan_test_under_valgrind() || (env && *env && strcmp(env, "0") != 0);
}

/*
 * In the reduced run one game per module combination: its player count and
 * chance mode rotate with the combination's number, so that every count
 * and mode is still played by some combination. @i is a case index.
 */
bool
valgrind_keeps(int i)
{
	int first = i, combo = 0;

	while (first > 0 && !strcmp(cases[first - 1].variant, cases[i].variant) &&
	       !strcmp(cases[first - 1].modules, cases[i].modules))
		first--;
	for (int j = 1; j <= first; j++)
		if (strcmp(cases[j - 1].variant, cases[j].variant) ||
		    strcmp(cases[j - 1].modules, cases[j].modules))
			combo++;
	{
		int n = 0;

		while (first + n < ncases &&
		       !strcmp(cases[first + n].variant, cases[i].variant) &&
		       !strcmp(cases[first + n].modules, cases[i].modules))
			n++;
		return i - first == combo % n;
	}
}

/* The modules a case's string names ("+a+b": 2). */
static unsigned
module_count(const char *modules)
{
	unsigned n = 0;

	for (const char *m = modules; *m; m++)
		n += *m == '+';
	return n;
}

/*
 * In the reduced run, each module alone and the largest combinations the
 * texts allow (all the modules together, when none excludes another; with
 * the scenarios, which exclude each other, every one of them with all the
 * variants): every module still plays under memory checking, and with
 * the most others; the pairs play in the normal run.
 */
bool
valgrind_combination(const char *modules)
{
	unsigned n = module_count(modules), most = 0;

	if (n <= 1)
		return true;
	for (int i = 0; i < ncases; i++)
		if (module_count(cases[i].modules) > most)
			most = module_count(cases[i].modules);
	return n == most;
}

/*
 * Every how many steps a game runs the costly checks (observations and
 * resampling, every listed action applied, mutants, order independence):
 * every step, but under valgrind every fourth, where a game's memory is
 * what is checked and the same code runs on every kind of state anyway;
 * CATAN_HARNESS_STRIDE=n sets it. The cheap checks (conservation, actors,
 * clone and copy in lockstep) and the first ten and every power-of-two
 * steps' deep ones run always.
 */
unsigned
check_stride(void)
{
	const char *env = getenv("CATAN_HARNESS_STRIDE");
	long n;

	if (env && *env) {
		n = strtol(env, NULL, 10);
		return n > 0 ? (unsigned)n : 1;
	}
	return catan_test_under_valgrind() ? 4 : 1;
}
