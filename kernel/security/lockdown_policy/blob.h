/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Validation of lockdown policy blobs.
 *
 * blob.c depends on nothing but this header, the uapi header and a handful
 * of kernel basics (types, errno, memcmp, byte order), so that the very
 * same file can be compiled into a userspace fuzzer.
 */
#ifndef _SECURITY_LOCKDOWN_POLICY_BLOB_H
#define _SECURITY_LOCKDOWN_POLICY_BLOB_H

#include <linux/types.h>
#include <uapi/linux/lockdown_policy.h>

#define LOCKDOWN_POLICY_MAX_WORDS	(LOCKDOWN_POLICY_MAX_REASONS / 64)

/**
 * struct lockdown_policy_abi - what a blob must match to be accepted
 * @nr_reasons: LOCKDOWN_CONFIDENTIALITY_MAX of the running kernel
 * @fingerprint: SHA-256 of the running kernel's reason table
 * @reserved: bits that must be clear (LOCKDOWN_NONE, LOCKDOWN_INTEGRITY_MAX)
 */
struct lockdown_policy_abi {
	u16 nr_reasons;
	u8 fingerprint[LOCKDOWN_POLICY_FINGERPRINT_SIZE];
	u64 reserved[LOCKDOWN_POLICY_MAX_WORDS];
};

/**
 * struct lockdown_policy_blob - a validated blob, in host byte order
 * @flags: LOCKDOWN_POLICY_FLAG_*
 * @words: the deny set, reason r in bit (r % 64) of words[r / 64]
 * @warn: the warn set, laid out as @words; empty for a version 1 blob.
 *	Never overlaps @words.
 */
struct lockdown_policy_blob {
	u32 flags;
	u64 words[LOCKDOWN_POLICY_MAX_WORDS];
	u64 warn[LOCKDOWN_POLICY_MAX_WORDS];
};

int lockdown_policy_blob_parse(const void *data, size_t len,
			       const struct lockdown_policy_abi *abi,
			       struct lockdown_policy_blob *out);

#endif /* _SECURITY_LOCKDOWN_POLICY_BLOB_H */
