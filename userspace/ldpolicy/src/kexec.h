/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kexec images loaded before the policy: a kexec boots one without the
 * policy, whatever the policy denies since (the kernel asks LOCKDOWN_KEXEC
 * when an image is loaded, not when it is booted).
 */
#ifndef LDPOLICY_KEXEC_H
#define LDPOLICY_KEXEC_H

#include <stdbool.h>
#include <stdint.h>

#include "diag.h"
#include "policy.h"
#include "table.h"

/*
 * Is a kexec image (@crash: a crash kernel) loaded? 1, 0, or -1 when
 * /sys/kernel/kexec_loaded (kexec_crash_loaded) cannot be read (a kernel
 * without kexec has neither: 0 then).
 */
int kexec_image_loaded(bool crash);

/*
 * With LOCKDOWN_KEXEC in @by_policy, or in @by_static (the static level)
 * while @by_policy denies anything (a kexec would shed it), unload every
 * kexec image and crash
 * kernel still loaded: the policy in force refuses new ones, and one
 * loaded before would boot without it. A load in flight (it holds the
 * kexec lock) is waited for, 10 s at most, and what it installed unloaded.
 * 0 if none is left (a note says what was unloaded unless @quiet), -1
 * (diagnosed) if one is, or a load is still in flight.
 */
int kexec_unload_stale(const struct reason_table *t, const uint64_t *by_policy,
		       const uint64_t *by_static, bool quiet, struct diags *d);

/*
 * For a backend that refuses kexec images by the policy's own
 * LOCKDOWN_KEXEC alone (the BPF backend: no hook of it sees the static
 * level): where the static level denies LOCKDOWN_KEXEC and @p denies
 * anything, a kexec of a signed kernel would shed @p, so @p denies it too.
 * True if it was added.
 */
bool kexec_deny_with_static(const struct reason_table *t, struct policy *p,
			    const uint64_t *by_static);

/*
 * The same condition: 0 if no image is loaded, -1 (diagnosed: the denial
 * does not hold while it is) if one is or it cannot be told.
 */
int kexec_check_stale(const struct reason_table *t, const uint64_t *by_policy,
		      const uint64_t *by_static, struct diags *d);

#endif
