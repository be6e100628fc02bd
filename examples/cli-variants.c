/*
 * catanrules variants: the registered variants and modules, their parameters
 * and which modules stack on which variant.
 * SPDX-License-Identifier: MIT
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define SPEC_MAX 1024

static void
usage(FILE *f)
{
	fprintf(f, "Usage: %s variants [NAME...]\n"
		"List every registered variant (or the named ones): its player\n"
		"range, description, parameters with their defaults and accepted\n"
		"values, and the modules that combine with it ('VARIANT+MODULE');\n"
		"then every registered module.\n", CLI_PROGRAM);
}

/*
 * The values a parameter accepts, as the library states them when refusing
 * a value that cannot be right ("expected 3..20", "expected random|beginner").
 * The probe is only for display; "" when the message has no such part.
 */
static void
accepted_values(catan_ctx *ctx, const char *variant, const char *param,
		char *buf, size_t cap)
{
	char spec[SPEC_MAX];
	catan_game *g = NULL;
	const char *msg, *at;

	buf[0] = '\0';
	snprintf(spec, sizeof(spec), "%s(%s=zz_not_a_value)", variant, param);
	if (catan_game_new_from_string(&g, ctx, spec) == CATAN_OK) {
		catan_game_unref(g);
		return;
	}
	msg = catan_ctx_errmsg(ctx);
	at = strstr(msg, "expected ");
	if (at != NULL)
		snprintf(buf, cap, "%s", at + strlen("expected "));
}

/* Print "name=default  values" for each parameter of a canonical string
 * "variant(k=v,k=v)". */
static void
print_params(catan_ctx *ctx, const char *variant, const char *canon)
{
	const char *open = strchr(canon, '(');
	const char *close = open ? strchr(open, ')') : NULL;
	const char *p;

	if (open == NULL || close == NULL || close == open + 1) {
		printf("  parameters: none\n");
		return;
	}
	printf("  parameters:\n");
	for (p = open + 1; p < close;) {
		const char *comma = memchr(p, ',', (size_t)(close - p));
		const char *end = comma ? comma : close;
		const char *eq = memchr(p, '=', (size_t)(end - p));
		char name[64], pair[128], values[256];

		if (eq != NULL && (size_t)(eq - p) < sizeof(name)) {
			snprintf(name, sizeof(name), "%.*s", (int)(eq - p), p);
			snprintf(pair, sizeof(pair), "%.*s", (int)(end - p), p);
			accepted_values(ctx, variant, name, values, sizeof(values));
			printf("    %-22s %s\n", pair, values);
		}
		p = end + 1;
	}
}

static int
print_variant(catan_ctx *ctx, const char *name)
{
	const char *description = NULL;
	int min_players = 0, max_players = 0;
	catan_game *g = NULL;
	char canon[SPEC_MAX];
	size_t nmod = catan_ctx_module_count(ctx), ncombo = 0;

	if (catan_ctx_variant_info(ctx, name, &description, &min_players,
				   &max_players) != CATAN_OK)
		return cli_usage_error("variants: unknown variant '%s'", name);
	printf("%s\n", name);
	printf("  description: %s\n", description ? description : "");
	printf("  players: %d..%d\n", min_players, max_players);
	if (catan_game_new_from_string(&g, ctx, name) != CATAN_OK)
		return cli_error("variants: cannot create a default '%s' game: %s",
				 name, catan_ctx_errmsg(ctx));
	if (catan_game_to_string(g, canon, sizeof(canon), NULL) != CATAN_OK)
		snprintf(canon, sizeof(canon), "%s", name);
	catan_game_unref(g);
	printf("  default: %s\n", canon);
	print_params(ctx, name, canon);

	printf("  modules:");
	for (size_t i = 0; i < nmod; i++) {
		const char *mod = catan_ctx_module_name(ctx, i);
		char spec[SPEC_MAX];

		if (mod == NULL)
			continue;
		snprintf(spec, sizeof(spec), "%s+%s", name, mod);
		if (catan_game_new_from_string(&g, ctx, spec) != CATAN_OK)
			continue;
		catan_game_unref(g);
		printf(" %s", mod);
		ncombo++;
	}
	printf("%s\n", ncombo ? "" : " none");
	return CLI_EXIT_OK;
}

static void
print_modules(catan_ctx *ctx)
{
	size_t nmod = catan_ctx_module_count(ctx);
	size_t nvar = catan_ctx_variant_count(ctx);

	printf("modules: %s\n", nmod ? "" : "none registered");
	for (size_t i = 0; i < nmod; i++) {
		const char *mod = catan_ctx_module_name(ctx, i);

		if (mod == NULL)
			continue;
		printf("  %-20s stacks on:", mod);
		for (size_t v = 0; v < nvar; v++) {
			const char *var = catan_ctx_variant_name(ctx, v);
			char spec[SPEC_MAX], canon[SPEC_MAX];
			catan_game *g = NULL;

			if (var == NULL)
				continue;
			snprintf(spec, sizeof(spec), "%s+%s", var, mod);
			if (catan_game_new_from_string(&g, ctx, spec) != CATAN_OK)
				continue;
			/* The module's own parameters follow its '+'. */
			if (catan_game_to_string(g, canon, sizeof(canon), NULL) == CATAN_OK &&
			    strchr(canon, '+') != NULL)
				printf(" %s%s", var, strchr(canon, '+'));
			else
				printf(" %s", var);
			catan_game_unref(g);
		}
		printf("\n");
	}
}

int
cmd_variants(int argc, char **argv)
{
	catan_ctx *ctx = NULL;
	size_t nvar;
	int rc, named = 0;

	for (int i = 1; i < argc; i++) {
		if (cli_is_help(argv[i])) {
			usage(stdout);
			return CLI_EXIT_OK;
		}
		if (argv[i][0] == '-')
			return cli_usage_error("variants: unknown option '%s' (try --help)", argv[i]);
		named++;
	}
	rc = cli_new_ctx(&ctx);
	if (rc != CLI_EXIT_OK)
		return rc;
	if (named) {
		for (int i = 1; i < argc && rc == CLI_EXIT_OK; i++)
			rc = print_variant(ctx, argv[i]);
		catan_ctx_free(ctx);
		return rc;
	}
	nvar = catan_ctx_variant_count(ctx);
	for (size_t v = 0; v < nvar && rc == CLI_EXIT_OK; v++) {
		const char *name = catan_ctx_variant_name(ctx, v);

		if (name != NULL)
			rc = print_variant(ctx, name);
	}
	if (rc == CLI_EXIT_OK)
		print_modules(ctx);
	catan_ctx_free(ctx);
	return rc;
}
