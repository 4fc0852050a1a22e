// SPDX-License-Identifier: GPL-2.0
/*
 * The reason table: the identifier of every enum lockdown_reason value,
 * and the fingerprint userspace compiles blobs against.
 *
 * The table is checked at build time. Each identifier is stored at its own
 * value (a designated initializer), so no order can be wrong; a value
 * renamed or removed upstream no longer compiles; and a value added
 * upstream changes LOCKDOWN_CONFIDENTIALITY_MAX, which the static_assert()
 * on the length of the list catches, until it is listed here.
 */
#define pr_fmt(fmt) "lockdown_policy: " fmt

#include <crypto/sha2.h>
#include <linux/build_bug.h>
#include <linux/string.h>

#include "lockdown_policy.h"

/* Every value of enum lockdown_reason, levels included. */
#define LOCKDOWN_POLICY_REASONS(X)		\
	X(LOCKDOWN_NONE)			\
	X(LOCKDOWN_MODULE_SIGNATURE)		\
	X(LOCKDOWN_DEV_MEM)			\
	X(LOCKDOWN_EFI_TEST)			\
	X(LOCKDOWN_KEXEC)			\
	X(LOCKDOWN_HIBERNATION)			\
	X(LOCKDOWN_PCI_ACCESS)			\
	X(LOCKDOWN_IOPORT)			\
	X(LOCKDOWN_MSR)				\
	X(LOCKDOWN_ACPI_TABLES)			\
	X(LOCKDOWN_DEVICE_TREE)			\
	X(LOCKDOWN_PCMCIA_CIS)			\
	X(LOCKDOWN_TIOCSSERIAL)			\
	X(LOCKDOWN_MODULE_PARAMETERS)		\
	X(LOCKDOWN_MMIOTRACE)			\
	X(LOCKDOWN_DEBUGFS)			\
	X(LOCKDOWN_XMON_WR)			\
	X(LOCKDOWN_BPF_WRITE_USER)		\
	X(LOCKDOWN_DBG_WRITE_KERNEL)		\
	X(LOCKDOWN_RTAS_ERROR_INJECTION)	\
	X(LOCKDOWN_XEN_USER_ACTIONS)		\
	X(LOCKDOWN_INTEGRITY_MAX)		\
	X(LOCKDOWN_KCORE)			\
	X(LOCKDOWN_KPROBES)			\
	X(LOCKDOWN_BPF_READ_KERNEL)		\
	X(LOCKDOWN_DBG_READ_KERNEL)		\
	X(LOCKDOWN_PERF)			\
	X(LOCKDOWN_TRACEFS)			\
	X(LOCKDOWN_XMON_RW)			\
	X(LOCKDOWN_XFRM_SECRET)			\
	X(LOCKDOWN_CONFIDENTIALITY_MAX)

#define LOCKDOWN_POLICY_ID(x)	[x] = #x,
#define LOCKDOWN_POLICY_ONE(x)	+ 1

static const char *const lockdown_policy_ids[LOCKDOWN_CONFIDENTIALITY_MAX + 1] = {
	LOCKDOWN_POLICY_REASONS(LOCKDOWN_POLICY_ID)
};

static_assert(0 LOCKDOWN_POLICY_REASONS(LOCKDOWN_POLICY_ONE) ==
	      LOCKDOWN_CONFIDENTIALITY_MAX + 1,
	      "enum lockdown_reason changed: list every value in LOCKDOWN_POLICY_REASONS");
static_assert(LOCKDOWN_POLICY_NR <= LOCKDOWN_POLICY_MAX_REASONS);
static_assert(LOCKDOWN_POLICY_BLOB_SIZE_OF(LOCKDOWN_POLICY_VERSION,
					   LOCKDOWN_POLICY_MAX_REASONS) <=
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
 * LOCKDOWN_CONFIDENTIALITY_MAX.
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

		if (!lockdown_policy_is_reason(what))
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
 */
void lockdown_policy_abi_init(struct lockdown_policy_abi *abi)
{
	struct sha256_state sctx;
	unsigned int what;

	memset(abi, 0, sizeof(*abi));
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
}
