/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lockdown_policy: per-reason, tighten-only kernel lockdown.
 *
 * Internal interfaces between the files of the LSM:
 *   reasons.c  the reason table: identifiers, classes, fingerprint
 *   blob.c     validation of policy blobs (see blob.h)
 *   policy.c   the policy state: what is denied, tighten, seal, counters
 *   boot.c     the lockdown_policy= parameter and the builtin policy
 *   fs.c       the securityfs interface
 *   lsm.c      the LSM: its hook and its early initialisation
 */
#ifndef _SECURITY_LOCKDOWN_POLICY_H
#define _SECURITY_LOCKDOWN_POLICY_H

#include <linux/atomic.h>
#include <linux/bitmap.h>
#include <linux/mutex.h>
#include <linux/security.h>
#include <linux/types.h>

#include "blob.h"

/* Bits in the policy: one per enum lockdown_reason value below this. */
#define LOCKDOWN_POLICY_NR	LOCKDOWN_CONFIDENTIALITY_MAX

/**
 * struct lockdown_policy_state - what the policy denies
 * @denied: one bit per reason; read locklessly by the hook. Bits are only
 *	ever set, never cleared, so a reader sees each reason either still
 *	allowed or denied for good.
 * @lock: serialises updates, and readers that need a consistent view of
 *	more than one field
 * @flags: LOCKDOWN_POLICY_FLAG_* of the last policy applied (without SEAL)
 * @sealed: no further policy is accepted until reboot
 * @loads: policies applied since boot
 * @denials: per reason, how many times this policy denied it
 */
struct lockdown_policy_state {
	DECLARE_BITMAP(denied, LOCKDOWN_POLICY_NR);
	struct mutex lock;	/* see above */
	u32 flags;
	bool sealed;
	unsigned int loads;
	atomic_long_t denials[LOCKDOWN_POLICY_NR];
};

/* The policy in force. */
extern struct lockdown_policy_state lockdown_policy;

/* reasons.c */
extern struct lockdown_policy_abi lockdown_policy_abi;
int lockdown_policy_abi_init(struct lockdown_policy_abi *abi);
bool lockdown_policy_is_reason(unsigned int what);
const char *lockdown_policy_reason_id(unsigned int what);
const char *lockdown_policy_reason_class(unsigned int what);
int lockdown_policy_lookup(const char *name);

/* policy.c */
void lockdown_policy_state_init(struct lockdown_policy_state *s);
int lockdown_policy_check(struct lockdown_policy_state *s,
			  enum lockdown_reason what);
int lockdown_policy_tighten(struct lockdown_policy_state *s,
			    const struct lockdown_policy_blob *blob);
void lockdown_policy_deny(struct lockdown_policy_state *s,
			  enum lockdown_reason what);
void lockdown_policy_seal(struct lockdown_policy_state *s);

/* boot.c */
int lockdown_policy_parse_list(struct lockdown_policy_state *s, char *list,
			       const char *where);
void lockdown_policy_boot(struct lockdown_policy_state *s);

#endif /* _SECURITY_LOCKDOWN_POLICY_H */
