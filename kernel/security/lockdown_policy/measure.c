// SPDX-License-Identifier: GPL-2.0
/*
 * Attestation: IMA measures the policy in force, as it measures SELinux's
 * state, so that a verifier can tell what a machine (a confidential-
 * computing guest, say) denies. The measured buffer is the securityfs
 * state file, byte for byte: "sealed 0|1", the informational flags of the
 * last policy applied, then the policy file's lines.
 * It is measured once IMA is up, and again after every load and seal; IMA
 * keeps each distinct buffer once.
 *
 * It takes an IMA policy rule to be recorded, for instance
 *   measure func=CRITICAL_DATA label=lockdown_policy
 * or ima_policy=critical_data on the command line.
 */
#include <linux/ima.h>
#include <linux/init.h>
#include <linux/lockdep.h>
#include <linux/mutex.h>
#include <linux/seq_buf.h>
#include <linux/slab.h>

#include "lockdown_policy.h"

/**
 * lockdown_policy_measure - measure the state of @s with IMA
 * @s: the policy in force, its lock held: a change and its measurement
 *	are one step, so that every state that was in force is measured, in
 *	the order they were (as SELinux measures under its policy mutex)
 *
 * Process context. A failure is not an error of the change that led here:
 * the change is in force either way, and IMA logs its own failures.
 */
void lockdown_policy_measure(struct lockdown_policy_state *s)
{
	size_t size = lockdown_policy_show_size();
	struct seq_buf sb;
	char *buf;

	lockdep_assert_held(s->lock);
	if (!IS_ENABLED(CONFIG_IMA))
		return;
	buf = kmalloc(size, GFP_KERNEL);
	if (!buf)
		return;
	seq_buf_init(&sb, buf, size);
	if (!lockdown_policy_show(s, &sb, true))
		ima_measure_critical_data("lockdown_policy", "lockdown_policy-state",
					  buf, seq_buf_used(&sb), false, NULL, 0);
	kfree(buf);
}

/*
 * The boot policy was set before IMA could measure anything: measure it
 * once IMA is up (init_ima() is a late initcall).
 */
static int __init lockdown_policy_measure_boot(void)
{
	mutex_lock(lockdown_policy.lock);
	lockdown_policy_measure(&lockdown_policy);
	mutex_unlock(lockdown_policy.lock);
	return 0;
}
late_initcall_sync(lockdown_policy_measure_boot);
