/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * Lockdown policy blob: the format written to
 * /sys/kernel/security/lockdown_policy/load.
 *
 * A blob is a header followed by bitmaps with one bit per value of
 * enum lockdown_reason. Version 1 has one: the deny set; a set bit asks
 * the lockdown_policy LSM to deny that reason until reboot. Version 2
 * adds a second, the warn set, right after it: a reason in it stays
 * allowed, but every time the kernel asks about it, the LSM counts,
 * notices and audits the question and records which task asked (learning
 * mode). A reason is in one of three states, allow < warn < deny, and a
 * load may only move a reason up. The kernel reads both versions; a
 * policy that warns about nothing may be written in either. All
 * fields are little-endian. The whole blob is one write(2), at offset 0,
 * of exactly hdr_len plus the bitmaps' bytes:
 * LOCKDOWN_POLICY_BLOB_SIZE_OF(version, nr_reasons) with this header.
 *
 * Bit numbers are the kernel's enum lockdown_reason values, which differ
 * between kernels. A blob therefore names the reason table it was compiled
 * against (nr_reasons and fingerprint); a kernel with another table refuses
 * it (ENOEXEC) instead of misapplying it. Userspace resolves reason names
 * to bits against the running kernel's table, read from
 * /sys/kernel/security/lockdown_policy/reasons, from vmlinux BTF, or from a
 * kernel tree's include/linux/security.h.
 *
 * The fingerprint is the SHA-256 digest of the identifiers of every
 * enum lockdown_reason value from LOCKDOWN_NONE to
 * LOCKDOWN_CONFIDENTIALITY_MAX inclusive, in value order, each followed by
 * one '\n': "LOCKDOWN_NONE\nLOCKDOWN_MODULE_SIGNATURE\n...". It changes
 * whenever a reason is added, removed, renamed or renumbered, or the
 * integrity/confidentiality boundary moves.
 *
 * A load changes nothing unless it succeeds. Its errors, checked in this
 * order:
 *   EPERM            no CAP_MAC_ADMIN in the initial user namespace (both
 *                    the opener of the file and the writer need it)
 *   ESPIPE           a write at a non-zero offset
 *   E2BIG            longer than LOCKDOWN_POLICY_MAX_SIZE
 *   EINVAL           shorter than the header
 *   EBADMSG          wrong magic: not a policy blob
 *   EPROTONOSUPPORT  a format version this kernel does not know
 *   EINVAL           hdr_len, reserved or nr_reasons malformed, or the
 *                    length is not exactly hdr_len plus the bitmaps
 *                    (truncated, or trailing bytes)
 *   ENOEXEC          compiled for another reason table (nr_reasons or
 *                    fingerprint differ from the running kernel's)
 *   EOPNOTSUPP       a flag this kernel does not know, or a header byte
 *                    past the header this kernel knows that is not zero
 *   ERANGE           a bit set for LOCKDOWN_NONE, LOCKDOWN_INTEGRITY_MAX or
 *                    beyond nr_reasons
 *   EINVAL           a reason both in the deny set and in the warn set
 *   EPERM            the policy is sealed, or the blob moves a reason down:
 *                    it leaves a denied reason warned or allowed, or a
 *                    warned one allowed. Policies only tighten.
 */
#ifndef _UAPI_LINUX_LOCKDOWN_POLICY_H
#define _UAPI_LINUX_LOCKDOWN_POLICY_H

#include <linux/types.h>

/* "LDPB" in the first four bytes of the file. */
#define LOCKDOWN_POLICY_MAGIC		0x4250444cU
/* The newest blob format version; every version from 1 up is read. */
#define LOCKDOWN_POLICY_VERSION		2
#define LOCKDOWN_POLICY_VERSION_MIN	1
#define LOCKDOWN_POLICY_FINGERPRINT_SIZE	32

/*
 * Bounds. No kernel has more than LOCKDOWN_POLICY_MAX_REASONS reasons. No
 * blob is longer than LOCKDOWN_POLICY_MAX_SIZE bytes: the longest blob of
 * formats 1 and 2 is 304 bytes (a 48-byte header and two bitmaps of 1024
 * bits); the rest is room for header fields a later format may add (see
 * @hdr_len below).
 */
#define LOCKDOWN_POLICY_MAX_REASONS	1024
#define LOCKDOWN_POLICY_MAX_SIZE	512

/*
 * Flags, in the __le32 @flags. Unknown flags are refused (EOPNOTSUPP).
 *
 * LOCKDOWN_POLICY_FLAG_SEAL: seal the policy once this blob is applied, in
 *	the same step: no later blob is accepted until reboot.
 * LOCKDOWN_POLICY_FLAG_NOT_A_BOUNDARY: the policy's author declared it a
 *	feature switch, not a security boundary (some of its denials can be
 *	defeated through reasons it allows).
 * LOCKDOWN_POLICY_FLAG_BYPASS_ACKED: the policy allows a reason that
 *	defeats one it denies, and its author acknowledged that bypass in
 *	writing.
 *
 * NOT_A_BOUNDARY and BYPASS_ACKED never change enforcement. The kernel
 * keeps the last applied policy's, reports them in the flags file and
 * includes them in the state it has IMA measure: the kernel is the one
 * witness of which policy is in force, so what its author declared about
 * it is attested with it, not taken from files that may have changed
 * since it was loaded.
 */
#define LOCKDOWN_POLICY_FLAG_SEAL		0x00000001U
#define LOCKDOWN_POLICY_FLAG_NOT_A_BOUNDARY	0x00000002U
#define LOCKDOWN_POLICY_FLAG_BYPASS_ACKED	0x00000004U
#define LOCKDOWN_POLICY_FLAGS_ALL		(LOCKDOWN_POLICY_FLAG_SEAL | \
						 LOCKDOWN_POLICY_FLAG_NOT_A_BOUNDARY | \
						 LOCKDOWN_POLICY_FLAG_BYPASS_ACKED)

/**
 * struct lockdown_policy_header - the fixed part of a policy blob
 * @magic: LOCKDOWN_POLICY_MAGIC
 * @version: 1 or 2 (LOCKDOWN_POLICY_VERSION_MIN to LOCKDOWN_POLICY_VERSION):
 *	how many bitmaps follow the header; another version is refused
 *	(EPROTONOSUPPORT)
 * @hdr_len: the header's length, where the first bitmap starts: at least
 *	sizeof(struct lockdown_policy_header), a multiple of 8. A later
 *	format may add header fields after @fingerprint, each meaning what
 *	the format without it means when it is zero; a kernel that does not
 *	know them accepts a longer header whose added bytes are all zero and
 *	refuses one that sets them (EOPNOTSUPP), as openat2(2) treats a
 *	longer struct open_how.
 * @nr_reasons: bits in the bitmap: LOCKDOWN_CONFIDENTIALITY_MAX of the
 *	kernel the blob was compiled for (at most LOCKDOWN_POLICY_MAX_REASONS)
 * @reserved: zero
 * @flags: LOCKDOWN_POLICY_FLAG_*
 * @fingerprint: SHA-256 of the reason table the blob was compiled against
 *
 * The bitmaps follow at @hdr_len, each DIV_ROUND_UP(@nr_reasons, 64)
 * __le64 words, reason r in bit (r % 64) of word (r / 64): the deny set,
 * then (version 2) the warn set. Bits for LOCKDOWN_NONE,
 * LOCKDOWN_INTEGRITY_MAX and at or above @nr_reasons must be clear in
 * both, and no reason may be in both.
 */
struct lockdown_policy_header {
	__le32 magic;
	__le16 version;
	__le16 hdr_len;
	__le16 nr_reasons;
	__le16 reserved;
	__le32 flags;
	__u8 fingerprint[LOCKDOWN_POLICY_FINGERPRINT_SIZE];
};

/* Bytes of one bitmap for @nr_reasons reasons. */
#define LOCKDOWN_POLICY_BITMAP_SIZE(nr_reasons) \
	((((nr_reasons) + 63) / 64) * 8)

/* The most bitmaps a blob of a format this header knows may have. */
#define LOCKDOWN_POLICY_MAX_BITMAPS	2

/*
 * Bitmaps in a blob of format @version: deny (1), deny and warn (2); 0 for
 * an unknown one.
 */
static __inline__ unsigned int lockdown_policy_bitmaps(unsigned int version)
{
	switch (version) {
	case 1:
		return 1;
	case 2:
		return 2;
	default:
		return 0;
	}
}

/*
 * Size of a whole blob of format @version for @nr_reasons reasons, with
 * the header of this file (hdr_len sizeof(struct lockdown_policy_header)).
 */
#define LOCKDOWN_POLICY_BLOB_SIZE_OF(version, nr_reasons) \
	(sizeof(struct lockdown_policy_header) + \
	 lockdown_policy_bitmaps(version) * \
	 LOCKDOWN_POLICY_BITMAP_SIZE(nr_reasons))

#endif /* _UAPI_LINUX_LOCKDOWN_POLICY_H */
