// SPDX-License-Identifier: GPL-2.0
/*
 * The policy state: which reasons are denied, and the only ways that set
 * changes. Every change adds denials; nothing here clears one.
 */
#define pr_fmt(fmt) "lockdown_policy: " fmt

#include <linux/printk.h>
#include <linux/ratelimit.h>
#include <linux/sched.h>
#include <linux/string.h>

#include "lockdown_policy.h"

struct lockdown_policy_state lockdown_policy = {
	.lock = __MUTEX_INITIALIZER(lockdown_policy.lock),
	.sealed = IS_ENABLED(CONFIG_SECURITY_LOCKDOWN_POLICY_STATIC),
};

/**
 * lockdown_policy_state_init - an empty policy: nothing denied, not sealed
 * @s: the state to initialise
 *
 * For policy state other than the one in force (KUnit tests).
 */
void lockdown_policy_state_init(struct lockdown_policy_state *s)
{
	memset(s, 0, sizeof(*s));
	mutex_init(&s->lock);
}

/**
 * lockdown_policy_check - the locked_down decision
 * @s: the policy
 * @what: the reason the kernel asks about
 *
 * The hot path is a bounds check and a bit test: no lock, no allocation.
 * A denial is counted and logged (ratelimited), naming the reason and the
 * task.
 *
 * Return: 0 if @s allows @what, -EPERM if it denies it.
 */
int lockdown_policy_check(struct lockdown_policy_state *s,
			  enum lockdown_reason what)
{
	if (unlikely((unsigned int)what >= LOCKDOWN_POLICY_NR))
		return 0;	/* the static LSM warns about invalid reasons */
	if (likely(!test_bit(what, s->denied)))
		return 0;

	atomic_long_inc(&s->denials[what]);
	pr_notice_ratelimited("%s[%d]: %s (%s) denied by lockdown_policy\n",
			      current->comm, task_pid_nr(current),
			      lockdown_policy_reason_id(what),
			      lockdown_reasons[what]);
	return -EPERM;
}

/**
 * lockdown_policy_deny - deny one reason from now on
 * @s: the policy
 * @what: a reason (lockdown_policy_is_reason() must hold)
 *
 * For boot-time sources (command line, builtin policy), which add to the
 * policy whatever it holds. Ignores the seal: sealing stops later loads,
 * not the boot configuration.
 */
void lockdown_policy_deny(struct lockdown_policy_state *s,
			  enum lockdown_reason what)
{
	if (WARN_ON_ONCE(!lockdown_policy_is_reason(what)))
		return;
	set_bit(what, s->denied);
}

/**
 * lockdown_policy_tighten - apply a validated blob
 * @s: the policy
 * @blob: the new policy, from lockdown_policy_blob_parse()
 *
 * The new policy must deny everything @s already denies: a policy only
 * ever tightens. All or nothing: on error @s is unchanged.
 *
 * Return: 0, or -EPERM if @s is sealed or @blob would allow a reason that
 * @s denies.
 */
int lockdown_policy_tighten(struct lockdown_policy_state *s,
			    const struct lockdown_policy_blob *blob)
{
	DECLARE_BITMAP(want, LOCKDOWN_POLICY_NR);
	unsigned int what, added = 0;
	int ret = 0;

	bitmap_from_arr64(want, blob->words, LOCKDOWN_POLICY_NR);

	mutex_lock(&s->lock);
	if (s->sealed) {
		ret = -EPERM;
		goto out;
	}
	if (!bitmap_subset(s->denied, want, LOCKDOWN_POLICY_NR)) {
		ret = -EPERM;
		goto out;
	}
	for_each_set_bit(what, want, LOCKDOWN_POLICY_NR) {
		if (!test_bit(what, s->denied)) {
			set_bit(what, s->denied);
			added++;
		}
	}
	s->flags = blob->flags & ~LOCKDOWN_POLICY_FLAG_SEAL;
	s->loads++;
	if (blob->flags & LOCKDOWN_POLICY_FLAG_SEAL)
		s->sealed = true;
	pr_notice("policy %u loaded by %s[%d]: %u reasons denied, %u new%s\n",
		  s->loads, current->comm, task_pid_nr(current),
		  bitmap_weight(s->denied, LOCKDOWN_POLICY_NR), added,
		  s->sealed ? ", sealed" : "");
out:
	mutex_unlock(&s->lock);
	return ret;
}

/**
 * lockdown_policy_seal - refuse every later load until reboot
 * @s: the policy
 *
 * Sealing a sealed policy is not an error.
 */
void lockdown_policy_seal(struct lockdown_policy_state *s)
{
	mutex_lock(&s->lock);
	if (!s->sealed)
		pr_notice("sealed by %s[%d]\n", current->comm,
			  task_pid_nr(current));
	s->sealed = true;
	mutex_unlock(&s->lock);
}
