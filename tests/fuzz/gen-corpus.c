/*
 * libcatanrules: writes the seed corpora of the fuzz targets from real play.
 * SPDX-License-Identifier: MIT
 */

/*
 * gen-corpus OUTDIR writes OUTDIR/<target>/seed-* for every fuzz target:
 * canonical game strings, action text replayed from seeded random play on
 * the positions of fuzz-common.c, snapshots and histories written by the
 * library, and apply records (steps and raw legal actions). The files only
 * change when the library's output does; regenerate with
 *
 *	ninja -C build tests/fuzz/gen-corpus
 *	build/tests/fuzz/gen-corpus tests/fuzz/corpus
 */

#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz-common.h"

#define TEXT_CAP (256 * 1024)
#define MAX_STEPS 400

/* fuzz-common.h wants a target; this program is none */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	(void)data;
	(void)size;
	return 0;
}

static const char *outdir;

static void
write_file(const char *target, const char *name, const void *data, size_t size)
{
	char path[1024];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", outdir, target);
	if (mkdir(path, 0755) != 0 && errno != EEXIST)
		fuzz_fail("mkdir %s: %s", path, strerror(errno));
	snprintf(path, sizeof(path), "%s/%s/%s", outdir, target, name);
	f = fopen(path, "wb");
	if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0)
		fuzz_fail("cannot write %s", path);
}

static void
game_strings(void)
{
	static const char *const extra[] = {
		"base",
		"base(players=3)",
		"base(players=3,board=beginner,seed=42)",
		"base(seed=18446744073709551615,chance=explicit,max_turns=1000000)",
		"base(vp=3,offer_max=0,numbers=spiral,setup=beginner,phases=combined)",
		" base ( players = 4 , vp = 20 ) ",
		"base(players=5)",
		"base(players=3,players=4)",
		"base()+",
		"base+no_such_module",
		"nope(players=3)",
		"base(players=3",
		"base(seed=-1)",
		"base(board=given,tiles=O10.W2.L9.G12.B6.W4.B10.G9.L11.D.L3.O8.L8.O3.G4.W5.B5.G6.W11,"
		"harbors=3.G.O.3.W.3.3.B.L)+harbors",
	};
	catan_ctx *ctx = fuzz_ctx();
	char name[32];
	unsigned n = 0;

	for (size_t i = 0; i < sizeof(extra) / sizeof(extra[0]); i++) {
		snprintf(name, sizeof(name), "seed-%02u", n++);
		write_file("fuzz-game-string", name, extra[i], strlen(extra[i]));
	}
	for (size_t v = 0; v < catan_ctx_variant_count(ctx); v++) {
		const char *vname = catan_ctx_variant_name(ctx, v);
		char spec[256], canon[1024];
		catan_game *g = NULL;
		size_t len = 0;

		for (size_t m = 0; m <= catan_ctx_module_count(ctx); m++) {
			if (m == 0)
				snprintf(spec, sizeof(spec), "%s", vname);
			else
				snprintf(spec, sizeof(spec), "%s+%s", vname,
					 catan_ctx_module_name(ctx, m - 1));
			if (catan_game_new_from_string(&g, ctx, spec) != CATAN_OK)
				continue;
			FUZZ_OK(catan_game_to_string(g, canon, sizeof(canon), &len));
			catan_game_unref(g);
			snprintf(name, sizeof(name), "seed-%02u", n++);
			write_file("fuzz-game-string", name, canon, len);
		}
	}
}

/*
 * From position i, play seeded random steps, and write what was played
 * as action text, as apply records and as a history (from the initial
 * state), and the end position as a snapshot.
 */
static void
from_position(size_t i, const struct fuzz_position *p, unsigned steps)
{
	catan_state *s = NULL;
	catan_action *played = calloc(MAX_STEPS, sizeof(*played));
	char *text = malloc(TEXT_CAP);
	uint8_t *rec = malloc(1 + MAX_STEPS * 25);
	size_t tlen = 0, rlen = 0, n = 0;
	uint64_t x = 0x9e3779b97f4a7c15ull * (i + 1);
	char name[32];

	FUZZ_ASSERT(played && text && rec, "out of memory");
	FUZZ_OK(catan_state_clone(&s, p->state));
	text[tlen++] = (char)i;
	rec[rlen++] = (uint8_t)i;
	while (n < steps && n < MAX_STEPS) {
		catan_action a;
		size_t len = 0;
		uint32_t pick, who;

		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		pick = (uint32_t)x & 0xffff;
		who = (uint32_t)(x >> 40) & 63;
		if (!fuzz_step(s, pick, who, &a))
			break;
		played[n++] = a;
		FUZZ_OK(catan_action_format(catan_state_game(s), &a,
					    text + tlen, TEXT_CAP - tlen - 1,
					    &len));
		tlen += len;
		text[tlen++] = '\n';
		/* alternate between raw copies and steps */
		if (n % 2) {
			rec[rlen++] = 0;
			memcpy(rec + rlen, &a, sizeof(a));
			rlen += sizeof(a);
		} else {
			rec[rlen++] = (uint8_t)(1 | (who << 2));
			rec[rlen++] = (uint8_t)pick;
			rec[rlen++] = (uint8_t)(pick >> 8);
		}
	}
	snprintf(name, sizeof(name), "seed-%03zu", i);
	write_file("fuzz-action-text", name, text, tlen);
	write_file("fuzz-apply", name, rec, rlen);

	FUZZ_OK(catan_state_snapshot(s, text, TEXT_CAP, &tlen));
	snprintf(name, sizeof(name), "snapshot-%03zu", i);
	write_file("fuzz-load", name, text, tlen);
	catan_state_free(s);
	free(played);
	free(text);
	free(rec);
}

/* A history of a whole game from its initial state. */
static void
history(size_t i, const struct fuzz_position *p, unsigned steps)
{
	catan_game *g = catan_state_game(p->state);
	catan_action *played = calloc(MAX_STEPS, sizeof(*played));
	char *text = malloc(TEXT_CAP);
	catan_state *s = NULL;
	uint64_t x = 12345 + i;
	size_t n = 0, len = 0;
	char name[32];

	FUZZ_ASSERT(played && text, "out of memory");
	FUZZ_OK(catan_state_new(&s, g));
	while (n < steps && n < MAX_STEPS) {
		x = x * 6364136223846793005ull + 1442695040888963407ull;
		if (!fuzz_step(s, (uint32_t)(x >> 33), (uint32_t)(x >> 17),
			       &played[n]))
			break;
		n++;
	}
	FUZZ_OK(catan_history_write(g, played, n, text, TEXT_CAP, &len));
	snprintf(name, sizeof(name), "history-%03zu", i);
	write_file("fuzz-load", name, text, len);
	catan_state_free(s);
	free(played);
	free(text);
}

/* fuzz-edit: each of its positions (6 games, 2 chance modes, 9 depths)
 * with records of every operation, their operands drawn from a fixed
 * generator; with steps among them, to reach other phases. */
static void
edit_records(void)
{
	uint64_t x = 0x5eed;

	for (unsigned i = 0; i < 108; i++) {
		uint8_t buf[160];
		size_t n = 0;
		char name[32];

		buf[n++] = (uint8_t)i;
		for (unsigned r = 0; n + 5 <= sizeof(buf); r++) {
			x = x * 6364136223846793005ull + 1442695040888963407ull;
			/* one record in three a step */
			buf[n++] = (uint8_t)(r % 3 == 0 ? 10 : (r + i) % 13);
			for (int k = 0; k < 4; k++)
				buf[n++] = (uint8_t)(x >> (24 + 8 * k));
		}
		snprintf(name, sizeof(name), "seed-%03u", i);
		write_file("fuzz-edit", name, buf, n);
	}
}

int
main(int argc, char **argv)
{
	const struct fuzz_position *pos;
	size_t npos;

	if (argc != 2) {
		fprintf(stderr, "usage: %s OUTDIR\n", argv[0]);
		return 2;
	}
	outdir = argv[1];
	if (mkdir(outdir, 0755) != 0 && errno != EEXIST)
		fuzz_fail("mkdir %s: %s", outdir, strerror(errno));
	npos = fuzz_positions(&pos);
	game_strings();
	/* every other position keeps the corpus small */
	for (size_t i = 0; i < npos; i += 2)
		from_position(i, &pos[i], i % 4 ? 12 : 40);
	for (size_t i = 0; i < npos; i += 7)
		history(i, &pos[i], i % 3 ? 25 : 120);
	edit_records();
	return 0;
}
