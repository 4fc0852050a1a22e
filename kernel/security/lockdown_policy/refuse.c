// SPDX-License-Identifier: GPL-2.0
/*
 * The slow path: the decision about a reason the hook did not find allowed
 * outright. A denial is counted and reported; a warned reason is let
 * through, and counted and reported as such unless the static level
 * refuses it anyway. Cold, and apart from the state the hook reads; what a
 * report leaves behind (notice, audit record, learning record) is
 * report.c's.
 */
#include <kunit/static_stub.h>
#include <linux/percpu.h>
#include <linux/security.h>

#include "lockdown_policy.h"

/**
 * lockdown_policy_static_level - the static lockdown LSM's level in force
 *
 * lockdown_level(), through a function of ours that the KUnit tests
 * replace with a level of their own.
 *
 * Return: the level (LOCKDOWN_NONE if the static LSM is not registered).
 */
enum lockdown_reason lockdown_policy_static_level(void)
{
	KUNIT_STATIC_STUB_REDIRECT(lockdown_policy_static_level);
	return lockdown_level();
}

/**
 * lockdown_policy_refuse - the locked_down decision, off the allowed path
 * @what: a reason lockdown_policy_check() did not find allowed outright
 * @s: the policy
 *
 * Out of line and cold, so that the allowed path stays a bit test (@what
 * first: the hook passes it on in the register it came in).
 *
 * A value out of range is refused, as the static LSM refuses it, and
 * reported (a kernel bug: a warning, once); lockdown_policy answers
 * first, so the static LSM never sees it. A denial is counted on this CPU
 * and reported. A warned reason is let through; if the static level
 * covers it, the static LSM refuses it next, counts and notices it, and
 * it is no grant of lockdown_policy's to count or report. Otherwise it is
 * counted as a warning and reported.
 *
 * Denials cannot happen before the per-CPU areas are set up: the LSM is
 * initialised just before them, and nothing in between asks.
 *
 * Return: -EPERM if @s denies @what or @what is out of range, 0 otherwise.
 */
int __cold lockdown_policy_refuse(enum lockdown_reason what,
				  struct lockdown_policy_state *s)
{
	if ((unsigned int)what >= LOCKDOWN_POLICY_NR) {
		lockdown_policy_report(s, what, LOCKDOWN_POLICY_INVALID);
		return -EPERM;
	}
	/* pairs with lockdown_policy_watch_bit(): @watched was read first */
	smp_rmb();
	if (test_bit(what, s->denied)) {
		this_cpu_inc(s->denials->n[what]);
		lockdown_policy_report(s, what, LOCKDOWN_POLICY_DENIED);
		return -EPERM;
	}
	if (!test_bit(what, s->warned) || lockdown_policy_static_level() >= what)
		return 0;
	this_cpu_inc(s->denials->warned[what]);
	lockdown_policy_report(s, what, LOCKDOWN_POLICY_WARNED);
	return 0;
}
