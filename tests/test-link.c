/*
 * libcatanrules: a minimal consumer linked only against the installed API.
 * SPDX-License-Identifier: MIT
 */

#include <stdio.h>

#include <catanrules/catanrules.h>

int
main(void)
{
	catan_ctx *ctx = NULL;
	int major = -1, minor = -1, micro = -1;
	int rc;

	rc = catan_abi_check(CATAN_ABI_VERSION, sizeof(catan_action));
	if (rc != CATAN_OK) {
		fprintf(stderr, "catan_abi_check: %s\n", catan_strerror(rc));
		return 1;
	}

	catan_version(&major, &minor, &micro);
	if (major != CATAN_VERSION_MAJOR || minor != CATAN_VERSION_MINOR ||
	    micro != CATAN_VERSION_MICRO) {
		fprintf(stderr, "library %d.%d.%d, header %s\n",
			major, minor, micro, CATAN_VERSION_STRING);
		return 1;
	}

	rc = catan_ctx_new(&ctx, NULL);
	if (rc != CATAN_OK) {
		fprintf(stderr, "catan_ctx_new: %s\n", catan_strerror(rc));
		return 1;
	}
	if (catan_ctx_variant_count(ctx) == 0) {
		fprintf(stderr, "no variant registered\n");
		catan_ctx_free(ctx);
		return 1;
	}
	catan_ctx_free(ctx);
	return 0;
}
