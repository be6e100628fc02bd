/*
 * catanrules board: every hex, intersection, edge and harbor of a game's board.
 * SPDX-License-Identifier: MIT
 */

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static void
usage(FILE *f)
{
	fprintf(f, "Usage: %s board [--board FILE] [--text] GAME\n"
		"Print the board of a game: every hex (id, axial q,r, terrain,\n"
		"number), every intersection (canonical name, raw id, touching\n"
		"hexes, harbor), every edge (canonical name, raw id, ends) and every\n"
		"harbor (type, ratio, intersections). GAME is a game string such as\n"
		"'base(board=beginner)'; a random board depends on its seed. The\n"
		"standard island is also printed as the parameters that give it to\n"
		"another game ('layout board=given,tiles=...,harbors=...').\n"
		"Hexes list all their numbers, a yield other than their terrain's,\n"
		"their plaza; trade sites inland list their six intersections; the\n"
		"marks and sites follow (kind, value, colour, name, locations).\n"
		"  --board FILE  play GAME on the board FILE describes in writing\n"
		"                (doc/boards.md, 'A board in writing')\n"
		"  --text        print the board in writing instead\n",
		CLI_PROGRAM);
}

static const char *
terrain_name(uint32_t terrain)
{
	const char *name = catan_terrain_name((int)terrain);

	return name ? name : "unknown";
}

/* "3:1" or "2:1 brick". */
static const char *
harbor_text(const catan_harbor_info *h, char *buf, size_t cap)
{
	const char *kind = NULL;

	if (h->resource != CATAN_HARBOR_GENERIC)
		kind = catan_resource_name((int)h->resource);
	if (kind)
		snprintf(buf, cap, "%u:1 %s", (unsigned)h->ratio, kind);
	else
		snprintf(buf, cap, "%u:1", (unsigned)h->ratio);
	return buf;
}

/* The standard island as the parameters that give it to another game
 * (catan_board_layout()); nothing for other boards. */
static void
print_layout(const catan_game *g)
{
	char text[256];

	if (catan_board_layout(g, text, sizeof(text), NULL) == CATAN_OK)
		printf("layout %s\n", text);
}

static int
print_hexes(const catan_game *g, unsigned n)
{
	printf("hexes %u\n", n);
	for (unsigned i = 0; i < n; i++) {
		catan_hex_info h;
		char number[16] = "-";

		if (catan_board_hex(g, i, &h) != CATAN_OK)
			return cli_error("board: cannot describe hex %u", i);
		if (h.number)
			snprintf(number, sizeof(number), "%u", (unsigned)h.number);
		/* several numbers (a lake) as 2/3/11/12 */
		for (unsigned k = 1; k < h.nnumbers && h.nnumbers > 1; k++) {
			size_t len = strlen(number);

			if (k == 1)
				len = (size_t)snprintf(number, sizeof(number), "%u",
						       (unsigned)h.numbers[0]);
			snprintf(number + len, sizeof(number) - len, "/%u", (unsigned)h.numbers[k]);
		}
		printf("  h%-3u q=%-2d r=%-2d %-10s %s", i, (int)h.q, (int)h.r,
		       terrain_name(h.terrain), number);
		if (h.plaza != CATAN_NONE)
			printf(" plaza v%u", (unsigned)h.plaza);
		if (h.area || h.section)
			printf(" area %u section %u", (unsigned)h.area, (unsigned)h.section);
		printf("\n");
	}
	return CLI_EXIT_OK;
}

static int
print_vertices(const catan_game *g, unsigned n)
{
	printf("intersections %u\n", n);
	for (unsigned i = 0; i < n; i++) {
		catan_vertex_info v;
		char name[32], raw[16], hexes[32] = "", harbor[48] = "";
		size_t len = 0;

		if (catan_board_vertex(g, i, &v) != CATAN_OK)
			return cli_error("board: cannot describe intersection %u", i);
		for (int j = 0; j < 3; j++) {
			if (v.hexes[j] == CATAN_NONE)
				continue;
			len += (size_t)snprintf(hexes + len, sizeof(hexes) - len, "%sh%u",
						len ? "," : "", (unsigned)v.hexes[j]);
			if (len >= sizeof(hexes))
				break;
		}
		if (v.harbor != CATAN_NONE) {
			catan_harbor_info h;
			char kind[24];

			if (catan_board_harbor(g, v.harbor, &h) == CATAN_OK)
				snprintf(harbor, sizeof(harbor), " harbor %u (%s)",
					 (unsigned)v.harbor, harbor_text(&h, kind, sizeof(kind)));
		}
		snprintf(raw, sizeof(raw), "v%u", i);
		printf("  %-8s %-4s hexes %-*s%s\n",
		       cli_location_text(g, CATAN_LOC_VERTEX, i, name, sizeof(name)),
		       raw, harbor[0] ? 12 : 0, hexes, harbor);
	}
	return CLI_EXIT_OK;
}

static int
print_edges(const catan_game *g, unsigned n)
{
	printf("edges %u\n", n);
	for (unsigned i = 0; i < n; i++) {
		catan_edge_info e;
		char name[32], raw[16], a[32], b[32];

		if (catan_board_edge(g, i, &e) != CATAN_OK)
			return cli_error("board: cannot describe edge %u", i);
		snprintf(raw, sizeof(raw), "e%u", i);
		printf("  %-10s %-4s ends %s %s\n",
		       cli_location_text(g, CATAN_LOC_EDGE, i, name, sizeof(name)), raw,
		       cli_location_text(g, CATAN_LOC_VERTEX, e.vertices[0], a, sizeof(a)),
		       cli_location_text(g, CATAN_LOC_VERTEX, e.vertices[1], b, sizeof(b)));
	}
	return CLI_EXIT_OK;
}

static int
print_harbors(const catan_game *g, unsigned n)
{
	printf("harbors %u\n", n);
	for (unsigned i = 0; i < n; i++) {
		catan_harbor_info h;
		char kind[24], a[32], b[32], hex[16], edge[32];

		if (catan_board_harbor(g, i, &h) != CATAN_OK)
			return cli_error("board: cannot describe harbor %u", i);
		if (h.edge == CATAN_NONE) {
			/* a trading post inland serves its hex's corners */
			printf("  %-2u %-10s inland on %s, intersections", i,
			       harbor_text(&h, kind, sizeof(kind)),
			       cli_location_text(g, CATAN_LOC_HEX, h.hex, hex, sizeof(hex)));
			for (unsigned k = 0; k < h.nvertices; k++)
				printf(" %s", cli_location_text(g, CATAN_LOC_VERTEX, h.vertices[k],
								a, sizeof(a)));
			printf("\n");
			continue;
		}
		printf("  %-2u %-10s intersections %s %s facing %s %s\n", i,
		       harbor_text(&h, kind, sizeof(kind)),
		       cli_location_text(g, CATAN_LOC_VERTEX, h.vertices[0], a, sizeof(a)),
		       cli_location_text(g, CATAN_LOC_VERTEX, h.vertices[1], b, sizeof(b)),
		       cli_location_text(g, CATAN_LOC_HEX, h.hex, hex, sizeof(hex)),
		       cli_location_text(g, CATAN_LOC_EDGE, h.edge, edge, sizeof(edge)));
	}
	return CLI_EXIT_OK;
}

static int
print_sites(const catan_game *g, unsigned n)
{
	if (n == 0)
		return CLI_EXIT_OK;
	printf("sites %u\n", n);
	for (unsigned i = 0; i < n; i++) {
		catan_site_info si;
		char loc[32];

		if (catan_board_site(g, i, &si) != CATAN_OK)
			return cli_error("board: cannot describe site %u", i);
		printf("  %-2u %s", i, catan_site_kind_name((int)si.kind) ?
		       catan_site_kind_name((int)si.kind) : "?");
		if (si.value)
			printf(" value %u", (unsigned)si.value);
		if (si.colour)
			printf(" colour %u", (unsigned)si.colour);
		if (si.name)
			printf(" name %s", si.name);
		for (unsigned k = 0; k < si.nlocations; k++)
			printf(" %s", cli_location_text(g, (int)si.location_kind, si.locations[k],
							loc, sizeof(loc)));
		printf("\n");
	}
	return CLI_EXIT_OK;
}

static int
print_text(const catan_game *g)
{
	size_t len = 0;
	char *text;

	if (catan_board_text(g, NULL, 0, &len) != CATAN_EBUFS)
		return cli_error("board: cannot write the board");
	text = malloc(len + 1);
	if (!text)
		return cli_error("board: out of memory");
	if (catan_board_text(g, text, len + 1, NULL) == CATAN_OK)
		fputs(text, stdout);
	free(text);
	return CLI_EXIT_OK;
}

int
cmd_board(int argc, char **argv)
{
	catan_ctx *ctx = NULL;
	catan_game *g = NULL;
	catan_board_counts counts;
	const char *spec = NULL, *board = NULL;
	bool text = false;
	char canon[512];
	int rc;

	for (int i = 1; i < argc; i++) {
		if (cli_is_help(argv[i])) {
			usage(stdout);
			return CLI_EXIT_OK;
		}
		if (strcmp(argv[i], "--board") == 0) {
			if (++i == argc)
				return cli_usage_error("board: --board needs a FILE");
			board = argv[i];
			continue;
		}
		if (strcmp(argv[i], "--text") == 0) {
			text = true;
			continue;
		}
		if (argv[i][0] == '-' && argv[i][1] != '\0')
			return cli_usage_error("board: unknown option '%s' (try --help)", argv[i]);
		if (spec != NULL)
			return cli_usage_error("board: one game only ('%s' and '%s')", spec, argv[i]);
		spec = argv[i];
	}
	if (spec == NULL)
		return cli_usage_error("board: missing GAME (try --help)");

	rc = cli_new_ctx(&ctx);
	if (rc != CLI_EXIT_OK)
		return rc;
	if (board) {
		rc = cli_set_board_file(ctx, board);
		if (rc != CLI_EXIT_OK)
			goto out;
	}
	rc = cli_load_game(ctx, spec, &g);
	if (rc != CLI_EXIT_OK)
		goto out;
	if (catan_board_counts_get(g, &counts) != CATAN_OK) {
		rc = cli_error("board: cannot read the board of '%s'", spec);
		goto out;
	}
	if (text) {
		rc = print_text(g);
		goto out;
	}
	if (catan_game_to_string(g, canon, sizeof(canon), NULL) != CATAN_OK)
		snprintf(canon, sizeof(canon), "%s", spec);
	printf("game %s\n", canon);
	print_layout(g);
	rc = print_hexes(g, counts.hexes);
	if (rc == CLI_EXIT_OK)
		rc = print_vertices(g, counts.vertices);
	if (rc == CLI_EXIT_OK)
		rc = print_edges(g, counts.edges);
	if (rc == CLI_EXIT_OK)
		rc = print_harbors(g, counts.harbors);
	if (rc == CLI_EXIT_OK)
		rc = print_sites(g, counts.sites);
out:
	catan_game_unref(g);
	catan_ctx_free(ctx);
	return rc;
}
