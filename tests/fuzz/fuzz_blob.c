// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzz the kernel's blob validation (security/lockdown_policy/blob.c,
 * compiled unchanged), differentially against ldpolicy's blob reader: both
 * must accept exactly the same blobs for a kernel with the 6.12 table, and
 * agree on what an accepted blob says. The kernel's errno must be one the
 * uapi header documents.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blob.h"		/* the kernel's, via -I security/lockdown_policy */
#include "ldp_blob.h"		/* ldpolicy's */

static struct lockdown_policy_abi abi;
static struct reason_table table;

static void init(void)
{
	struct diags d = { 0 };

	if (table_load(&table, FUZZ_TABLE, &d)) {
		diag_print(&d, stderr);
		abort();
	}
	diag_free(&d);
	abi.nr_reasons = table.conf_max;
	memcpy(abi.fingerprint, table_fingerprint(&table), sizeof(abi.fingerprint));
	abi.reserved[0] = 1ULL << 0 | 1ULL << table.integrity_max;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int ready;
	struct lockdown_policy_blob out;
	struct blob_info b;
	struct diags d = { 0 };
	int kret, uacc;

	if (!ready) {
		init();
		ready = 1;
	}
	kret = lockdown_policy_blob_parse(data, size, &abi, &out);
	switch (-kret) {
	case 0: case E2BIG: case EINVAL: case EBADMSG: case EPROTONOSUPPORT:
	case ENOEXEC: case EOPNOTSUPP: case ERANGE:
		break;
	default:
		fprintf(stderr, "undocumented errno %d\n", kret);
		abort();
	}
	uacc = !blob_decode(data, size, "fuzz", &b, &d) && !blob_check_table(&b, &table, "fuzz", &d);
	diag_free(&d);
	if (uacc != !kret) {
		fprintf(stderr, "kernel says %d, ldpolicy says %s\n", kret, uacc ? "ok" : "bad");
		abort();
	}
	if (!kret && (out.flags != b.flags || memcmp(out.words, b.words, 8) ||
		     memcmp(out.warn, b.warn, 8)))
		abort();
	return 0;
}
