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

/* Whether the case string @outer names every module @inner names. */
static bool
names_all(const char *outer, const char *inner)
{
	for (const char *m = inner; *m == '+';) {
		const char *end = strchr(m + 1, '+');
		size_t len = end ? (size_t)(end - m) : strlen(m);
		bool found = false;

		for (const char *o = strstr(outer, "+"); o && !found; o = strchr(o + 1, '+'))
			found = !strncmp(o, m, len) && (o[len] == '+' || o[len] == '\0');
		if (!found)
			return false;
		m += len;
	}
	return true;
}

/*
 * In the reduced run, each module alone and every largest combination the
 * registry accepts (one that no accepted combination extends: all the
 * variants together, and with them each scenario, as the scenarios exclude
 * each other): every module still plays under memory checking, alone and
 * with the most others; the pairs play in the normal run.
 */
bool
valgrind_combination(const char *modules)
{
	unsigned n = module_count(modules);

	if (n <= 1)
		return true;
	for (int i = 0; i < ncases; i++)
		if (module_count(cases[i].modules) > n && names_all(cases[i].modules, modules))
			return false;
	return true;
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
