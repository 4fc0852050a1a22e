// SPDX-License-Identifier: GPL-2.0
/*
 * Lockdown policy blob validation.
 *
 * Pure: reads the buffer it is given and the ABI it must match, writes
 * only *out, and only when it returns 0. Kept free of kernel state so the
 * same file also builds into a userspace fuzzer (tests/fuzz/).
 */
#include <linux/errno.h>
#include <linux/string.h>
#include <asm/byteorder.h>

#include "blob.h"

/**
 * lockdown_policy_blob_parse - validate a blob against the running ABI
 * @data: the blob, as written to securityfs (any alignment)
 * @len: its length in bytes
 * @abi: the reason table the blob must have been compiled against
 * @out: the flags and bitmap, filled in on success only
 *
 * Checks are made in the order documented in
 * include/uapi/linux/lockdown_policy.h, so each malformed blob gets one
 * precise errno.
 *
 * Return: 0, or -E2BIG, -EINVAL, -EBADMSG, -EPROTONOSUPPORT, -ENOEXEC,
 * -EOPNOTSUPP or -ERANGE.
 */
int lockdown_policy_blob_parse(const void *data, size_t len,
			       const struct lockdown_policy_abi *abi,
			       struct lockdown_policy_blob *out)
{
	struct lockdown_policy_header hdr;
	struct lockdown_policy_blob blob;
	const u8 *bitmap;
	unsigned int nr, nwords, i;

	if (len > LOCKDOWN_POLICY_MAX_SIZE)
		return -E2BIG;
	if (len < sizeof(hdr))
		return -EINVAL;
	memcpy(&hdr, data, sizeof(hdr));

	if (le32_to_cpu(hdr.magic) != LOCKDOWN_POLICY_MAGIC)
		return -EBADMSG;
	if (le16_to_cpu(hdr.version) != LOCKDOWN_POLICY_VERSION)
		return -EPROTONOSUPPORT;
	if (le16_to_cpu(hdr.hdr_len) != sizeof(hdr) || hdr.reserved)
		return -EINVAL;
	nr = le16_to_cpu(hdr.nr_reasons);
	if (!nr || nr > LOCKDOWN_POLICY_MAX_REASONS)
		return -EINVAL;
	if (len != LOCKDOWN_POLICY_BLOB_SIZE(nr))
		return -EINVAL;
	if (nr != abi->nr_reasons ||
	    memcmp(hdr.fingerprint, abi->fingerprint, sizeof(hdr.fingerprint)))
		return -ENOEXEC;

	blob.flags = le32_to_cpu(hdr.flags);
	if (blob.flags & ~LOCKDOWN_POLICY_FLAGS_ALL)
		return -EOPNOTSUPP;

	memset(blob.words, 0, sizeof(blob.words));
	bitmap = (const u8 *)data + sizeof(hdr);
	nwords = LOCKDOWN_POLICY_BITMAP_SIZE(nr) / 8;
	for (i = 0; i < nwords; i++) {
		__le64 w;
		u64 valid = ~0ULL;

		memcpy(&w, bitmap + 8 * i, sizeof(w));
		blob.words[i] = le64_to_cpu(w);
		if (i == nwords - 1 && nr % 64)
			valid = (1ULL << (nr % 64)) - 1;
		if (blob.words[i] & (~valid | abi->reserved[i]))
			return -ERANGE;
	}

	*out = blob;
	return 0;
}
