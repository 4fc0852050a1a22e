// SPDX-License-Identifier: GPL-2.0
/*
 * The static lockdown level, kept true to the policy. Programs that ask
 * whether the kernel is locked down read the bracketed word of
 * /sys/kernel/security/lockdown and nothing else; a policy that denies
 * every integrity reason while that file says "[none]" would be reported
 * as no lockdown at all. So whenever the policy in force covers a whole
 * level, the static LSM's level is raised to it, through the static LSM's
 * own tighten-only path: it is raised, never lowered, and a partial
 * policy leaves it alone.
 */
#include <linux/security.h>

#include "lockdown_policy.h"

/**
 * lockdown_policy_raise_level - raise the static level to what @s covers
 * @s: the policy in force
 *
 * Called after every change of @s: at boot, once the builtin policy and
 * the command line are applied, and after each load, under the policy's
 * lock, in the order loads apply. lock_kernel_down() raises atomically
 * and never lowers, so a write to /sys/kernel/security/lockdown at the
 * same time is not undone either: the level ends at the higher of the two.
 */
void lockdown_policy_raise_level(struct lockdown_policy_state *s)
{
	enum lockdown_reason level = lockdown_policy_level(s->denied);

	/* without the static LSM, no level to raise and none to report */
	if (!IS_ENABLED(CONFIG_SECURITY_LOCKDOWN_LSM) || level == LOCKDOWN_NONE)
		return;
	/* -EPERM: the level is there already, or higher */
	lock_kernel_down("lockdown_policy", level);
}
