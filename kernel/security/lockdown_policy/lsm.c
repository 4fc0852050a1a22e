// SPDX-License-Identifier: GPL-2.0
/*
 * lockdown_policy: per-reason, tighten-only kernel lockdown.
 *
 * A second lockdown LSM, stacked beside the static one: it answers the
 * same locked_down hook, reason by reason, from a bitmap that only ever
 * gains denials until reboot. The bitmap comes from the builtin list,
 * the lockdown_policy= parameter, and blobs loaded through securityfs.
 * A reason is refused if either LSM refuses it. Linked before the static
 * LSM, it answers first: a reason both deny is refused, counted, noticed
 * and audited here, with its identifier.
 *
 * It is an early LSM, initialised by early_security_init() right after
 * setup_arch() (which has parsed the early parameters, lockdown_policy=
 * among them), before the rest of the security framework; it cannot be
 * left out with lsm=. The static lockdown LSM is early only with
 * CONFIG_SECURITY_LOCKDOWN_LSM_EARLY.
 *
 * See Documentation/admin-guide/LSM/lockdown_policy.rst.
 */
#define pr_fmt(fmt) "lockdown_policy: " fmt

#include <linux/init.h>
#include <linux/lsm_hooks.h>
#include <uapi/linux/lsm.h>

#include "lockdown_policy.h"

static int lockdown_policy_locked_down(enum lockdown_reason what)
{
	return lockdown_policy_check(&lockdown_policy, what);
}

static struct security_hook_list lockdown_policy_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(locked_down, lockdown_policy_locked_down),
};

static const struct lsm_id lockdown_policy_lsmid = {
	.name = "lockdown_policy",
	.id = LSM_ID_LOCKDOWN_POLICY,
};

static int __init lockdown_policy_init(void)
{
	if (lockdown_policy_abi_init(&lockdown_policy_abi))
		pr_err("reason table incomplete: every policy blob will be refused\n");
	lockdown_policy_boot(&lockdown_policy);
	lockdown_policy_raise_level(&lockdown_policy);
	security_add_hooks(lockdown_policy_hooks,
			   ARRAY_SIZE(lockdown_policy_hooks),
			   &lockdown_policy_lsmid);
	lockdown_policy_kexec_init(&lockdown_policy_lsmid);
	pr_info("initialised: %u of %u reasons denied%s\n",
		bitmap_weight(lockdown_policy.denied, LOCKDOWN_POLICY_NR),
		LOCKDOWN_POLICY_NR - 2,
		lockdown_policy.sealed ? ", sealed" : "");
	return 0;
}

DEFINE_EARLY_LSM(lockdown_policy) = {
	.name = "lockdown_policy",
	.init = lockdown_policy_init,
};
