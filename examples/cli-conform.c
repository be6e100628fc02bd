/*
 * catanrules conform: run conformance scripts (doc/conformance.md). This
 * file takes the command line and collects and reads the scripts; the
 * runner itself is in conform/ (conform.h says which part is where).
 * SPDX-License-Identifier: MIT
 */

#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "conform/conform.h"

/* ---------------------------------------------------------------- files */

struct path_list {
	char **items;
	size_t count, cap;
};

static int
add_path(struct path_list *list, const char *path)
{
	char *copy;

	if (list->count == list->cap) {
		size_t ncap = list->cap ? 2 * list->cap : 32;
		char **items = realloc(list->items, ncap * sizeof(*items));

		if (items == NULL)
			return -1;
		list->items = items;
		list->cap = ncap;
	}
	copy = malloc(strlen(path) + 1);
	if (copy == NULL)
		return -1;
	strcpy(copy, path);
	list->items[list->count++] = copy;
	return 0;
}

static int
compare_strings(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int
has_suffix(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n > m && strcmp(s + n - m, suffix) == 0;
}

/* Every *.cts below a directory, in name order per directory. */
static int
collect_dir(struct path_list *list, const char *dir, int depth)
{
	struct path_list here = { NULL, 0, 0 };
	struct dirent *de;
	DIR *d;
	int rc = 0;

	if (depth > 32)
		return cli_usage_error("conform: directories nested too deep at '%s'", dir);
	d = opendir(dir);
	if (d == NULL)
		return cli_usage_error("conform: cannot open directory '%s': %s", dir,
				       strerror(errno));
	while ((de = readdir(d)) != NULL) {
		char path[4096];
		struct stat st;

		if (de->d_name[0] == '.')
			continue;
		if ((size_t)snprintf(path, sizeof(path), "%s%s%s", dir,
				     has_suffix(dir, "/") ? "" : "/",
				     de->d_name) >= sizeof(path))
			continue;
		if (stat(path, &st) != 0)
			continue;
		if (S_ISDIR(st.st_mode) || has_suffix(de->d_name, ".cts"))
			if (add_path(&here, path) != 0)
				rc = cli_error("conform: out of memory");
	}
	closedir(d);
	if (here.count > 0)
		qsort(here.items, here.count, sizeof(*here.items), compare_strings);
	for (size_t i = 0; i < here.count; i++) {
		struct stat st;

		if (rc == 0 && stat(here.items[i], &st) == 0 && S_ISDIR(st.st_mode))
			rc = collect_dir(list, here.items[i], depth + 1);
		else if (rc == 0 && add_path(list, here.items[i]) != 0)
			rc = cli_error("conform: out of memory");
		free(here.items[i]);
	}
	free(here.items);
	return rc;
}

static void
usage(FILE *f)
{
	fprintf(f, "Usage: %s conform [-v|--verbose] [-q|--quiet] FILE|DIR...\n"
		"Run conformance scripts: each FILE, and every *.cts below each DIR.\n"
		"Each failed assertion is reported as 'FILE:LINE: expected X, got Y',\n"
		"each malformed or refused statement as 'FILE:LINE: error: ...'; then\n"
		"'FILE: N assertions, N failed' per file and a total.\n"
		"  -v, --verbose  also report every assertion that holds\n"
		"  -q, --quiet    print the summary only for files that fail\n"
		"Exit status: 0 if every assertion of every file holds, 1 otherwise,\n"
		"2 on bad usage, an unreadable file or output that cannot be written.\n"
		"A script may hold at most %d MiB.\n"
		"The language is described in doc/conformance.md.\n", CLI_PROGRAM,
		CLI_INPUT_MAX_MIB);
}

int
cmd_conform(int argc, char **argv)
{
	struct path_list files = { NULL, 0, 0 };
	char **texts = NULL;
	size_t *lens = NULL;
	struct runner r;
	unsigned total = 0, failed = 0, errors = 0, bad_files = 0;
	int quiet = 0, verbose = 0, rc = CLI_EXIT_OK, options_done = 0;

	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i];
		struct stat st;

		if (!options_done && arg[0] == '-' && arg[1] != '\0') {
			if (cli_is_help(arg)) {
				usage(stdout);
				rc = CLI_EXIT_OK;
				goto out_files;
			} else if (strcmp(arg, "-v") == 0 || strcmp(arg, "--verbose") == 0) {
				verbose = 1;
			} else if (strcmp(arg, "-q") == 0 || strcmp(arg, "--quiet") == 0) {
				quiet = 1;
			} else if (strcmp(arg, "--") == 0) {
				options_done = 1;
			} else {
				rc = cli_usage_error("conform: unknown option '%s' (try --help)", arg);
				goto out_files;
			}
			continue;
		}
		if (strcmp(arg, "-") != 0 && stat(arg, &st) == 0 && S_ISDIR(st.st_mode)) {
			size_t before = files.count;

			rc = collect_dir(&files, arg, 0);
			if (rc != 0)
				goto out_files;
			if (files.count == before) {
				rc = cli_usage_error("conform: no *.cts files in '%s'", arg);
				goto out_files;
			}
		} else if (add_path(&files, arg) != 0) {
			rc = cli_error("conform: out of memory");
			goto out_files;
		}
	}
	if (files.count == 0) {
		rc = cli_usage_error("conform: no script given (try --help)");
		goto out_files;
	}

	/* Every file is read before any runs: an unreadable one is bad usage. */
	texts = calloc(files.count, sizeof(*texts));
	lens = calloc(files.count, sizeof(*lens));
	if (texts == NULL || lens == NULL) {
		rc = cli_error("conform: out of memory");
		goto out_files;
	}
	for (size_t i = 0; i < files.count; i++) {
		rc = cli_read_file(files.items[i], &texts[i], &lens[i]);
		if (rc != CLI_EXIT_OK)
			goto out_files;
	}

	memset(&r, 0, sizeof(r));
	r.verbose = verbose;
	rc = cli_new_ctx(&r.ctx);
	if (rc != CLI_EXIT_OK)
		goto out_files;
	for (size_t i = 0; i < files.count; i++) {
		if (!run_script(&r, files.items[i], texts[i], lens[i], quiet))
			bad_files++;
		total += r.assertions;
		failed += r.failed;
		errors += r.errors;
	}
	printf("total: %u assertions, %u failed", total, failed);
	if (errors)
		printf(", %u errors", errors);
	printf(" (%zu files, %u failing)\n", files.count, bad_files);
	rc = bad_files ? CLI_EXIT_FAILURE : CLI_EXIT_OK;
	free(r.actions);
	free(r.expected);
	free(r.outcomes);
	catan_ctx_free(r.ctx);
out_files:
	for (size_t i = 0; i < files.count; i++) {
		if (texts != NULL)
			free(texts[i]);
		free(files.items[i]);
	}
	free(texts);
	free(lens);
	free(files.items);
	return rc;
}
