/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Policy blobs, userspace side: the encoder ldpolicy compile writes and
 * the decoder ldpolicy load and decompile read. The format is
 * include/uapi/linux/lockdown_policy.h, the one contract with the kernel.
 */
#ifndef LDPOLICY_BLOB_H
#define LDPOLICY_BLOB_H

#include <stddef.h>
#include <stdint.h>

#include "policy.h"

struct blob_info {
	unsigned int version;
	unsigned int nr_reasons;
	uint32_t flags;
	uint8_t fingerprint[LOCKDOWN_POLICY_FINGERPRINT_SIZE];
	uint64_t words[POLICY_WORDS];	/* denied */
	uint64_t warn[POLICY_WORDS];	/* warned; empty in version 1 */
};

/*
 * Encode @p (for its table) into @buf; returns the length. Version 1 when
 * @p warns about nothing, so that kernels that predate warn state read
 * it; version 2 otherwise.
 */
size_t blob_encode(const struct policy *p, uint8_t buf[LOCKDOWN_POLICY_MAX_SIZE]);

/* Does @buf start like a blob (the magic)? */
int blob_sniff(const void *buf, size_t len);

/*
 * Decode and check the structure of a blob (not its fingerprint: see
 * blob_check_table). Errors name @name. Returns 0 or -1.
 */
int blob_decode(const void *buf, size_t len, const char *name, struct blob_info *b,
		struct diags *d);

/*
 * Check that @b was compiled against @t: the same number of reasons and
 * the same fingerprint, and no bits outside @t's reasons. Returns 0 or -1.
 */
int blob_check_table(const struct blob_info *b, const struct reason_table *t,
		     const char *name, struct diags *d);

#endif
