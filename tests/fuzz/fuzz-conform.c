/*
 * libcatanrules: fuzz target: the conformance script runner of the
 * catanrules tool (examples/conform/, run_script()).
 * SPDX-License-Identifier: MIT
 */

/*
 * The input is a script (doc/conformance.md), run as 'catanrules conform'
 * runs one file: by run_script() with one runner whose context and scratch
 * buffers serve every input, as they serve every file of one command. The
 * tool's test modules are registered too (the catanrules-test build), so
 * the scripts of tests/conformance/test-modules (*.ctm) run as well as the
 * others (*.cts); both directories are the seed corpus.
 *
 * Whatever the script, the runner must not crash, read or write out of
 * bounds or leak (the sanitizers and libFuzzer's leak check watch), and it
 * must leave no game or state behind. Its report goes to standard output,
 * which is thrown away unless CATAN_FUZZ_TRACE=1.
 */

#include <stdlib.h>
#include <string.h>

#include "fuzz-common.h"
#include "conform/conform.h"

#define MAX_INPUT 65536

static struct runner runner;
static int ready;

static void
free_runner(void)
{
	free(runner.actions);
	free(runner.expected);
	free(runner.outcomes);
	catan_ctx_free(runner.ctx);
	memset(&runner, 0, sizeof(runner));
}

static void
setup(void)
{
	const char *trace = getenv("CATAN_FUZZ_TRACE");

	ready = 1;
	if (!trace || strcmp(trace, "1") != 0)
		FUZZ_ASSERT(freopen("/dev/null", "w", stdout) != NULL, "cannot open /dev/null");
	FUZZ_ASSERT(cli_new_ctx(&runner.ctx) == CLI_EXIT_OK, "no context");
	atexit(free_runner);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text;

	if (size > MAX_INPUT)
		return 0;
	if (!ready)
		setup();
	/* the input's bytes and a NUL, as cli_read_file() holds a file */
	text = malloc(size + 1);
	FUZZ_ASSERT(text != NULL, "out of memory");
	memcpy(text, data, size);
	text[size] = '\0';
	(void)run_script(&runner, "fuzz.cts", text, size, 0);
	FUZZ_ASSERT(runner.game == NULL && runner.state == NULL,
		    "the runner kept its game after the script");
	fflush(stdout);
	free(text);
	return 0;
}
