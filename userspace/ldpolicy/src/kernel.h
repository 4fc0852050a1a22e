/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The running kernel's lockdown_policy, through securityfs
 * (/sys/kernel/security/lockdown_policy/): reading its state, loading a
 * blob, sealing.
 */
#ifndef LDPOLICY_KERNEL_H
#define LDPOLICY_KERNEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "policy.h"

struct kstate {
	uint64_t by_policy[POLICY_WORDS];	/* denied by lockdown_policy */
	uint64_t by_static[POLICY_WORDS];	/* denied by the static level */
	unsigned long long denials[LOCKDOWN_POLICY_MAX_REASONS];
	bool sealed;
	bool not_a_boundary, bypass_acked;
	char fingerprint[65];
	char lockdown[64];			/* the static LSM's level, or "" */
};

/* Is lockdown_policy in this kernel (its securityfs directory there)? */
bool kernel_has_policy(struct diags *d);

/*
 * Read the state, resolving identifiers against @t: what is denied, the
 * seal and the fingerprint; with @full also the counters, the flags and
 * the static level. Returns 0 or -1.
 */
int kernel_read(struct kstate *k, const struct reason_table *t, bool full, struct diags *d);

/*
 * Write @blob to the load file in one write. Returns 0, or the errno the
 * kernel refused it with.
 */
int kernel_load(const void *blob, size_t len);
int kernel_seal(void);

/* What the kernel's errno for a refused load means (uapi header's list). */
const char *kernel_load_error(int err);

#endif
