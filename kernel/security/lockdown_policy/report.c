// SPDX-License-Identifier: GPL-2.0
/*
 * What a denial or a warning leaves behind: a notice in the kernel log, an
 * audit record (AVC) and, for a warning, an entry in learning mode's
 * record. The hook is called in every context, so each is left only where
 * it is safe and says something true:
 *
 *   a task's own context  the notice and the AVC name the task (comm and
 *                         pid); a warning is recorded with its comm
 *   softirq, hardirq      current is whoever was interrupted, not the
 *                         asker (xfrm_redact() from a timer, say): the
 *                         notice and the AVC name the context instead,
 *                         and nothing is recorded
 *   NMI, interrupts off   the notice only. kdb asks from exc_int3() after
 *                         irqentry_nmi_enter(), xmon from the system-reset
 *                         NMI, both with interrupts off and every other
 *                         CPU stopped wherever it was: audit allocates,
 *                         takes its queue lock and wakes kauditd, and the
 *                         record takes a lock a stopped CPU may hold
 *
 * Attribution is best effort: the hook is asked by whoever calls it, which
 * is sometimes a query about a feature rather than an access (any user's
 * read of /sys/power/state asks LOCKDOWN_HIBERNATION), and sometimes no
 * task at all.
 *
 * Notices and AVCs are rate-limited per reason, each on its own: a noisy
 * reason cannot hide the others or flood the audit trail (unthrottled,
 * every read of /sys/power/state with hibernation denied would be an AVC,
 * and audit's failure action can be a panic). The counters count every
 * question. No pr_fmt of lockdown_policy's here: a denial notice starts
 * as the static LSM's does, so that what users search the log for finds
 * it.
 */
#include <kunit/static_stub.h>
#include <linux/bug.h>
#include <linux/hardirq.h>
#include <linux/irqflags.h>
#include <linux/printk.h>
#include <linux/ratelimit.h>
#include <linux/sched.h>

#include "lockdown_policy.h"

static struct ratelimit_state lockdown_policy_notices[LOCKDOWN_POLICY_NR] = {
	[0 ... LOCKDOWN_POLICY_NR - 1] =
		RATELIMIT_STATE_INIT(lockdown_policy_notices,
				     DEFAULT_RATELIMIT_INTERVAL,
				     DEFAULT_RATELIMIT_BURST),
};

/* the counters count what is left out: no "callbacks suppressed" notice */
static struct ratelimit_state lockdown_policy_avcs[LOCKDOWN_POLICY_NR] = {
	[0 ... LOCKDOWN_POLICY_NR - 1] =
		RATELIMIT_STATE_INIT_FLAGS(lockdown_policy_avcs,
					   DEFAULT_RATELIMIT_INTERVAL,
					   DEFAULT_RATELIMIT_BURST,
					   RATELIMIT_MSG_ON_RELEASE),
};

/* The context a question came from, if not a task's own: "softirq"... */
static const char *lockdown_policy_context(void)
{
	if (in_nmi())
		return "nmi";
	if (in_hardirq())
		return "hardirq";
	if (in_serving_softirq())
		return "softirq";
	return NULL;
}

static void lockdown_policy_notice(enum lockdown_reason what,
				   enum lockdown_policy_event event,
				   const char *context)
{
	const char *verdict = event == LOCKDOWN_POLICY_DENIED ?
		"is restricted; see man kernel_lockdown.7" :
		"would be restricted; allowed in warn mode";

	if (!__ratelimit(&lockdown_policy_notices[what]))
		return;
	if (context)
		pr_notice("Lockdown: <%s>: %s %s (%s, lockdown_policy)\n", context,
			  lockdown_reasons[what], verdict,
			  lockdown_policy_reason_id(what));
	else
		pr_notice("Lockdown: %s: %s %s (%s, lockdown_policy, pid %d)\n",
			  current->comm, lockdown_reasons[what], verdict,
			  lockdown_policy_reason_id(what), task_pid_nr(current));
}

/**
 * lockdown_policy_report - leave what a denial or a warning leaves
 * @s: the policy that decided
 * @what: the reason (any value, for %LOCKDOWN_POLICY_INVALID)
 * @event: what was decided
 *
 * For the policy in force, in any context; see the top of this file for
 * what each context gets. A value that is no reason is a kernel bug: it
 * warns, once, as nothing else will (the static LSM, which would, is not
 * asked). The KUnit tests replace this function with one that records
 * the calls on their own policies.
 */
void lockdown_policy_report(struct lockdown_policy_state *s,
			    enum lockdown_reason what,
			    enum lockdown_policy_event event)
{
	const char *context;

	KUNIT_STATIC_STUB_REDIRECT(lockdown_policy_report, s, what, event);
	if (event == LOCKDOWN_POLICY_INVALID) {
		WARN_ONCE(1, "Invalid lockdown reason %u\n", (unsigned int)what);
		return;
	}
	context = lockdown_policy_context();
	lockdown_policy_notice(what, event, context);
	if (in_nmi() || irqs_disabled())
		return;
	if (__ratelimit(&lockdown_policy_avcs[what]))
		lockdown_policy_audit_denial(what, event == LOCKDOWN_POLICY_WARNED,
					     context);
	if (event == LOCKDOWN_POLICY_WARNED && !context)
		lockdown_policy_record(s, what, current->comm,
				       !current->mm || (current->flags & PF_KTHREAD));
}
