// SPDX-License-Identifier: GPL-2.0
/*
 * The slow path: a denial, counted per CPU, noticed in the static lockdown
 * LSM's own words, and audited; or a warned reason, let through but
 * counted, noticed, audited and recorded. Cold, and apart from the state
 * the hook reads.
 *
 * No pr_fmt of lockdown_policy's here: a denial notice starts as the
 * static LSM's does.
 */
#include <linux/percpu.h>
#include <linux/printk.h>
#include <linux/ratelimit.h>
#include <linux/sched.h>

#include "lockdown_policy.h"

/*
 * One ratelimit per reason, so that a noisy reason (xfrm_redact() asks once
 * per SA in a dump) cannot hide the notices of the others. Shared by every
 * state: it limits what reaches the log, not what is denied.
 */
static struct ratelimit_state lockdown_policy_notices[LOCKDOWN_POLICY_NR] = {
	[0 ... LOCKDOWN_POLICY_NR - 1] =
		RATELIMIT_STATE_INIT(lockdown_policy_notices,
				     DEFAULT_RATELIMIT_INTERVAL,
				     DEFAULT_RATELIMIT_BURST),
};

/*
 * A question about a warned reason: let through, and counted, noticed
 * (in words that "is restricted" does not match: nothing was), audited,
 * and recorded with the task's comm for ldpolicy suggest.
 */
static void lockdown_policy_warned(enum lockdown_reason what,
				   struct lockdown_policy_state *s)
{
	this_cpu_inc(s->denials->warned[what]);
	if (__ratelimit(&lockdown_policy_notices[what]))
		pr_notice("Lockdown: %s: %s would be restricted; allowed in warn mode (%s, lockdown_policy, pid %d)\n",
			  current->comm, lockdown_reasons[what],
			  lockdown_policy_reason_id(what),
			  task_pid_nr(current));
	if (s == &lockdown_policy)
		lockdown_policy_audit_denial(what, true);
	lockdown_policy_record(s, what, current->comm,
			       !current->mm || (current->flags & PF_KTHREAD));
}

/**
 * lockdown_policy_refuse - the locked_down decision, off the allowed path
 * @what: a reason lockdown_policy_check() did not find allowed outright
 * @s: the policy
 *
 * Out of line and cold, so that the allowed path stays a bit test (@what
 * first: the hook passes it on in the register it came in). A
 * reason out of range is refused, as the static LSM refuses it (which also
 * warns). A denial is counted on this CPU and noticed, ratelimited per
 * reason. The notice is the static LSM's, word for word, so that what
 * users and tools grep for ("Lockdown: <comm>: <what> is restricted")
 * finds it; the reason's identifier, "lockdown_policy" and the task's PID
 * follow it in parentheses. A denial by the policy in force is also
 * audited, every time: audit has its own rate limit and backlog. A warned
 * reason is let through, after lockdown_policy_warned().
 *
 * Denials cannot happen before the per-CPU areas are set up: the LSM is
 * initialised just before them, and nothing in between asks.
 *
 * Return: -EPERM if @s denies @what, 0 if it warns about it.
 */
int __cold lockdown_policy_refuse(enum lockdown_reason what,
				  struct lockdown_policy_state *s)
{
	if ((unsigned int)what >= LOCKDOWN_POLICY_NR)
		return -EPERM;
	/* pairs with lockdown_policy_watch_bit(): @watched was read first */
	smp_rmb();
	if (!test_bit(what, s->denied)) {
		if (test_bit(what, s->warned))
			lockdown_policy_warned(what, s);
		return 0;
	}
	this_cpu_inc(s->denials->n[what]);
	if (__ratelimit(&lockdown_policy_notices[what]))
		pr_notice("Lockdown: %s: %s is restricted; see man kernel_lockdown.7 (%s, lockdown_policy, pid %d)\n",
			  current->comm, lockdown_reasons[what],
			  lockdown_policy_reason_id(what),
			  task_pid_nr(current));
	/* audited for the policy in force only, not for the tests' states */
	if (s == &lockdown_policy)
		lockdown_policy_audit_denial(what, false);
	return -EPERM;
}
