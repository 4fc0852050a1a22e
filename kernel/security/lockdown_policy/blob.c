// SPDX-License-Identifier: GPL-2.0
/*
 * Lockdown policy blob validation.
 *
 * Pure: reads the buffer it is given and the ABI it must match, writes
 * only *out, and only when it returns 0. Kept free of kernel state so
 * that the same file also builds into a userspace fuzzer.
 */
#include <linux/errno.h>
#include <linux/string.h>
#include <asm/byteorder.h>

#include "blob.h"

/* Read one bitmap of @nr bits; -ERANGE if it sets a bit it must not. */
static int lockdown_policy_bitmap_parse(const u8 *bitmap, unsigned int nr,
					const struct lockdown_policy_abi *abi,
					u64 *words)
{
	unsigned int nwords = LOCKDOWN_POLICY_BITMAP_SIZE(nr) / 8, i;

	for (i = 0; i < nwords; i++) {
		__le64 w;
		u64 valid = ~0ULL;

		memcpy(&w, bitmap + 8 * i, sizeof(w));
		words[i] = le64_to_cpu(w);
		if (i == nwords - 1 && nr % 64)
			valid = (1ULL << (nr % 64)) - 1;
		if (words[i] & (~valid | abi->reserved[i]))
			return -ERANGE;
	}
	return 0;
}

/**
 * lockdown_policy_blob_parse - validate a blob against the running ABI
 * @data: the blob, as written to securityfs (any alignment)
 * @len: its length in bytes
 * @abi: the reason table the blob must have been compiled against
 * @out: the flags and sets, filled in on success only (a version 1 blob
 *	warns about nothing)
 *
 * Checks are made in the order documented in
 * include/uapi/linux/lockdown_policy.h, so each malformed blob gets one
 * precise errno.
 *
 * Return: 0, or -E2BIG, -EINVAL, -EBADMSG, -EPROTONOSUPPORT, -ENOEXEC,
 * -EOPNOTSUPP, -ERANGE, or -EINVAL again for a reason both denied and
 * warned.
 */
int lockdown_policy_blob_parse(const void *data, size_t len,
			       const struct lockdown_policy_abi *abi,
			       struct lockdown_policy_blob *out)
{
	struct lockdown_policy_header hdr;
	struct lockdown_policy_blob blob;
	const u8 *bitmap, *tail;
	unsigned int nr, version, hdr_len, i;
	int ret;

	if (len > LOCKDOWN_POLICY_MAX_SIZE)
		return -E2BIG;
	if (len < sizeof(hdr))
		return -EINVAL;
	memcpy(&hdr, data, sizeof(hdr));

	if (le32_to_cpu(hdr.magic) != LOCKDOWN_POLICY_MAGIC)
		return -EBADMSG;
	version = le16_to_cpu(hdr.version);
	if (version < LOCKDOWN_POLICY_VERSION_MIN ||
	    version > LOCKDOWN_POLICY_VERSION)
		return -EPROTONOSUPPORT;
	hdr_len = le16_to_cpu(hdr.hdr_len);
	if (hdr_len < sizeof(hdr) || hdr_len % 8 || hdr.reserved)
		return -EINVAL;
	nr = le16_to_cpu(hdr.nr_reasons);
	if (!nr || nr > LOCKDOWN_POLICY_MAX_REASONS)
		return -EINVAL;
	if (len != hdr_len + lockdown_policy_bitmaps(version) *
		   LOCKDOWN_POLICY_BITMAP_SIZE(nr))
		return -EINVAL;
	if (nr != abi->nr_reasons ||
	    memcmp(hdr.fingerprint, abi->fingerprint, sizeof(hdr.fingerprint)))
		return -ENOEXEC;

	blob.flags = le32_to_cpu(hdr.flags);
	if (blob.flags & ~LOCKDOWN_POLICY_FLAGS_ALL)
		return -EOPNOTSUPP;
	/* header fields of a later format: this kernel knows none */
	for (tail = (const u8 *)data + sizeof(hdr);
	     tail < (const u8 *)data + hdr_len; tail++)
		if (*tail)
			return -EOPNOTSUPP;

	memset(blob.words, 0, sizeof(blob.words));
	memset(blob.warn, 0, sizeof(blob.warn));
	bitmap = (const u8 *)data + hdr_len;
	ret = lockdown_policy_bitmap_parse(bitmap, nr, abi, blob.words);
	if (!ret && lockdown_policy_bitmaps(version) > 1)
		ret = lockdown_policy_bitmap_parse(bitmap + LOCKDOWN_POLICY_BITMAP_SIZE(nr),
						   nr, abi, blob.warn);
	if (ret)
		return ret;
	for (i = 0; i < LOCKDOWN_POLICY_MAX_WORDS; i++)
		if (blob.words[i] & blob.warn[i])
			return -EINVAL;

	*out = blob;
	return 0;
}
