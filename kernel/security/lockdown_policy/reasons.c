// SPDX-License-Identifier: GPL-2.0
/*
 * The reason table: the identifier of every enum lockdown_reason value,
 * and the fingerprint userspace compiles blobs against.
 *
 * Each identifier is stored at its own value (a designated initializer),
 * from the identifier itself (#x), so no entry can be out of order or
 * misspelt, and a value renamed or removed upstream does not compile. A
 * value added upstream leaves a hole: lockdown_policy_abi_init() finds
 * it at boot, says so loudly and refuses every blob (the fingerprint
 * cannot be computed), and the KUnit suite finds it first.
 */
#define pr_fmt(fmt) "lockdown_policy: " fmt

#include <crypto/sha2.h>
#include <linux/build_bug.h>
#include <linux/string.h>

#include "lockdown_policy.h"

#define LOCKDOWN_POLICY_ID(x) \
	[x] = #x

static const char *const lockdown_policy_ids[LOCKDOWN_CONFIDENTIALITY_MAX + 1] = {
	LOCKDOWN_POLICY_ID(LOCKDOWN_NONE),
	LOCKDOWN_POLICY_ID(LOCKDOWN_MODULE_SIGNATURE),
	LOCKDOWN_POLICY_ID(LOCKDOWN_DEV_MEM),
	LOCKDOWN_POLICY_ID(LOCKDOWN_EFI_TEST),
	LOCKDOWN_POLICY_ID(LOCKDOWN_KEXEC),
	LOCKDOWN_POLICY_ID(LOCKDOWN_HIBERNATION),
	LOCKDOWN_POLICY_ID(LOCKDOWN_PCI_ACCESS),
	LOCKDOWN_POLICY_ID(LOCKDOWN_IOPORT),
	LOCKDOWN_POLICY_ID(LOCKDOWN_MSR),
	LOCKDOWN_POLICY_ID(LOCKDOWN_ACPI_TABLES),
	LOCKDOWN_POLICY_ID(LOCKDOWN_DEVICE_TREE),
	LOCKDOWN_POLICY_ID(LOCKDOWN_PCMCIA_CIS),
	LOCKDOWN_POLICY_ID(LOCKDOWN_TIOCSSERIAL),
	LOCKDOWN_POLICY_ID(LOCKDOWN_MODULE_PARAMETERS),
	LOCKDOWN_POLICY_ID(LOCKDOWN_MMIOTRACE),
	LOCKDOWN_POLICY_ID(LOCKDOWN_DEBUGFS),
	LOCKDOWN_POLICY_ID(LOCKDOWN_XMON_WR),
	LOCKDOWN_POLICY_ID(LOCKDOWN_BPF_WRITE_USER),
	LOCKDOWN_POLICY_ID(LOCKDOWN_DBG_WRITE_KERNEL),
	LOCKDOWN_POLICY_ID(LOCKDOWN_RTAS_ERROR_INJECTION),
	LOCKDOWN_POLICY_ID(LOCKDOWN_XEN_USER_ACTIONS),
	LOCKDOWN_POLICY_ID(LOCKDOWN_INTEGRITY_MAX),
	LOCKDOWN_POLICY_ID(LOCKDOWN_KCORE),
	LOCKDOWN_POLICY_ID(LOCKDOWN_KPROBES),
	LOCKDOWN_POLICY_ID(LOCKDOWN_BPF_READ_KERNEL),
	LOCKDOWN_POLICY_ID(LOCKDOWN_DBG_READ_KERNEL),
	LOCKDOWN_POLICY_ID(LOCKDOWN_PERF),
	LOCKDOWN_POLICY_ID(LOCKDOWN_TRACEFS),
	LOCKDOWN_POLICY_ID(LOCKDOWN_XMON_RW),
	LOCKDOWN_POLICY_ID(LOCKDOWN_XFRM_SECRET),
	LOCKDOWN_POLICY_ID(LOCKDOWN_CONFIDENTIALITY_MAX),
};

static_assert(LOCKDOWN_POLICY_NR <= LOCKDOWN_POLICY_MAX_REASONS);
static_assert(sizeof(struct lockdown_policy_header) +
	      LOCKDOWN_POLICY_MAX_BITMAPS *
	      LOCKDOWN_POLICY_BITMAP_SIZE(LOCKDOWN_POLICY_MAX_REASONS) <=
	      LOCKDOWN_POLICY_MAX_SIZE);

struct lockdown_policy_abi lockdown_policy_abi __ro_after_init;

/**
 * lockdown_policy_is_reason - is @what a reason a policy can deny?
 * @what: an enum lockdown_reason value
 *
 * Return: true for every value below LOCKDOWN_CONFIDENTIALITY_MAX but
 * LOCKDOWN_NONE and LOCKDOWN_INTEGRITY_MAX, which are levels.
 */
bool lockdown_policy_is_reason(unsigned int what)
{
	return what > LOCKDOWN_NONE && what < LOCKDOWN_CONFIDENTIALITY_MAX &&
	       what != LOCKDOWN_INTEGRITY_MAX;
}

/**
 * lockdown_policy_reason_id - the identifier of an enum lockdown_reason value
 * @what: a value, levels included
 *
 * Return: "LOCKDOWN_KCORE" for LOCKDOWN_KCORE, or NULL for a value above
 * LOCKDOWN_CONFIDENTIALITY_MAX (or one the table lacks).
 */
const char *lockdown_policy_reason_id(unsigned int what)
{
	if (what > LOCKDOWN_CONFIDENTIALITY_MAX)
		return NULL;
	return lockdown_policy_ids[what];
}

/**
 * lockdown_policy_reason_class - the static level a reason belongs to
 * @what: a reason
 *
 * Return: "integrity" for a reason below LOCKDOWN_INTEGRITY_MAX,
 * "confidentiality" for one above it.
 */
const char *lockdown_policy_reason_class(unsigned int what)
{
	return what < LOCKDOWN_INTEGRITY_MAX ? "integrity" : "confidentiality";
}

/**
 * lockdown_policy_lookup - resolve a reason name
 * @name: an identifier ("LOCKDOWN_KCORE") or its short form ("kcore", in
 *	any case)
 *
 * Return: the reason, or -ENOENT if @name names no reason (levels included:
 * they are not reasons).
 */
int lockdown_policy_lookup(const char *name)
{
	static const char prefix[] = "LOCKDOWN_";
	unsigned int what;

	for (what = LOCKDOWN_NONE + 1; what < LOCKDOWN_CONFIDENTIALITY_MAX; what++) {
		const char *id = lockdown_policy_ids[what];

		if (!id || !lockdown_policy_is_reason(what))
			continue;
		if (!strcmp(name, id) ||
		    !strcasecmp(name, id + sizeof(prefix) - 1))
			return what;
	}
	return -ENOENT;
}

/**
 * lockdown_policy_abi_init - describe the running kernel's reason table
 * @abi: filled with the reason count, the fingerprint (see
 *	include/uapi/linux/lockdown_policy.h) and the reserved bits
 *
 * If the table lacks a value of enum lockdown_reason, says so loudly and
 * leaves @abi with no reasons, which every blob fails to match (ENOEXEC):
 * a blob is never applied against a wrong table.
 *
 * Return: 0, or -EINVAL if the table lacks a value.
 */
int lockdown_policy_abi_init(struct lockdown_policy_abi *abi)
{
	struct sha256_state sctx;
	unsigned int what;

	memset(abi, 0, sizeof(*abi));
	for (what = 0; what <= LOCKDOWN_CONFIDENTIALITY_MAX; what++)
		if (WARN(!lockdown_policy_ids[what],
			 "lockdown_policy: no identifier for lockdown reason %u\n", what))
			return -EINVAL;
	abi->nr_reasons = LOCKDOWN_POLICY_NR;
	sha256_init(&sctx);
	for (what = 0; what <= LOCKDOWN_CONFIDENTIALITY_MAX; what++) {
		const char *id = lockdown_policy_ids[what];

		sha256_update(&sctx, (const u8 *)id, strlen(id));
		sha256_update(&sctx, (const u8 *)"\n", 1);
	}
	sha256_final(&sctx, abi->fingerprint);
	abi->reserved[LOCKDOWN_NONE / 64] |= 1ULL << (LOCKDOWN_NONE % 64);
	abi->reserved[LOCKDOWN_INTEGRITY_MAX / 64] |=
		1ULL << (LOCKDOWN_INTEGRITY_MAX % 64);
	return 0;
}
