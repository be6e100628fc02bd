/*
 * libcatanrules: replays fuzz inputs through a target without libFuzzer.
 * SPDX-License-Identifier: MIT
 */

/*
 * Linked with one fuzz-*.c file instead of libFuzzer, this main calls
 * LLVMFuzzerTestOneInput() once for every file named on the command line
 * and every file in every directory named there (sorted by name, dot files
 * skipped), so the seed corpus and the regression inputs run as a normal
 * test, under valgrind too. A broken invariant aborts; a path that does
 * not exist is an error, so a renamed directory is not silently skipped.
 */

#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz-common.h"

static int
replay_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	uint8_t *data = NULL;
	size_t size = 0, cap = 0;

	if (!f) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		return -1;
	}
	for (;;) {
		size_t n;

		if (size == cap) {
			uint8_t *bigger;

			cap = cap ? 2 * cap : 4096;
			bigger = realloc(data, cap);
			if (!bigger) {
				free(data);
				fclose(f);
				fprintf(stderr, "%s: out of memory\n", path);
				return -1;
			}
			data = bigger;
		}
		n = fread(data + size, 1, cap - size, f);
		size += n;
		if (n == 0)
			break;
	}
	if (ferror(f)) {
		fprintf(stderr, "%s: read error\n", path);
		free(data);
		fclose(f);
		return -1;
	}
	fclose(f);

	/* an exact-size copy, as libFuzzer hands inputs over */
	{
		uint8_t *exact = malloc(size ? size : 1);

		if (!exact) {
			free(data);
			return -1;
		}
		if (size)
			memcpy(exact, data, size);
		free(data);
		fprintf(stderr, "replaying %s (%zu bytes)\n", path, size);
		LLVMFuzzerTestOneInput(exact, size);
		free(exact);
	}
	return 0;
}

static int
skip_dot(const struct dirent *e)
{
	return e->d_name[0] != '.';
}

static int
replay_path(const char *path, unsigned *count)
{
	struct stat st;
	struct dirent **names = NULL;
	int n, rc = 0;

	if (stat(path, &st) != 0) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		if (replay_file(path) != 0)
			return -1;
		(*count)++;
		return 0;
	}
	n = scandir(path, &names, skip_dot, alphasort);
	if (n < 0) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		return -1;
	}
	for (int i = 0; i < n; i++) {
		size_t len = strlen(path) + strlen(names[i]->d_name) + 2;
		char *child = malloc(len);

		if (child && rc == 0) {
			snprintf(child, len, "%s/%s", path, names[i]->d_name);
			rc = replay_path(child, count);
		} else if (!child) {
			rc = -1;
		}
		free(child);
		free(names[i]);
	}
	free(names);
	return rc;
}

int
main(int argc, char **argv)
{
	unsigned count = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: %s FILE|DIR...\n", argv[0]);
		return 2;
	}
	for (int i = 1; i < argc; i++)
		if (replay_path(argv[i], &count) != 0)
			return 1;
	printf("replayed %u input%s\n", count, count == 1 ? "" : "s");
	return 0;
}
