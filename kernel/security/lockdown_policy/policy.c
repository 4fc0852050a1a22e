// SPDX-License-Identifier: GPL-2.0
/*
 * The policy state: which reasons are denied and which warned, and the
 * only ways those sets change. Every change moves reasons up the lattice
 * allow < warn < deny; nothing here clears a bit.
 */
#include <linux/lockdep.h>
#include <linux/percpu.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "lockdown_policy.h"

/*
 * In static mode the policy is whole once early boot is over: the hook's
 * state can be read-only from then on.
 */
#ifdef CONFIG_SECURITY_LOCKDOWN_POLICY_STATIC
#define __lockdown_policy_state __ro_after_init
#else
#define __lockdown_policy_state __read_mostly
#endif

static DEFINE_MUTEX(lockdown_policy_lock);
static DEFINE_PER_CPU(struct lockdown_policy_counters, lockdown_policy_counters);
static struct lockdown_policy_watch lockdown_policy_watch = {
	.lock = __RAW_SPIN_LOCK_UNLOCKED(lockdown_policy_watch.lock),
};

struct lockdown_policy_state lockdown_policy __lockdown_policy_state = {
	.sealed = IS_ENABLED(CONFIG_SECURITY_LOCKDOWN_POLICY_STATIC),
	.lock = &lockdown_policy_lock,
	.denials = &lockdown_policy_counters,
	.watch = &lockdown_policy_watch,
};

/**
 * lockdown_policy_state_init - an empty policy: nothing denied, not sealed
 * @s: the state to initialise
 * @lock: the mutex that serialises its updates, initialised
 *
 * For policy state other than the one in force (KUnit tests). Undo with
 * lockdown_policy_state_destroy().
 *
 * Return: 0, or -ENOMEM if there is no memory for the counters.
 */
int lockdown_policy_state_init(struct lockdown_policy_state *s,
			       struct mutex *lock)
{
	memset(s, 0, sizeof(*s));
	s->lock = lock;
	s->denials = alloc_percpu(struct lockdown_policy_counters);
	s->watch = kzalloc(sizeof(*s->watch), GFP_KERNEL);
	if (!s->denials || !s->watch) {
		lockdown_policy_state_destroy(s);
		return -ENOMEM;
	}
	raw_spin_lock_init(&s->watch->lock);
	return 0;
}

/**
 * lockdown_policy_state_destroy - free what lockdown_policy_state_init() took
 * @s: the state
 */
void lockdown_policy_state_destroy(struct lockdown_policy_state *s)
{
	free_percpu(s->denials);
	s->denials = NULL;
	kfree(s->watch);
	s->watch = NULL;
}

/* Sum one per-CPU counter: the denials of @what, or its warnings. */
static unsigned long lockdown_policy_sum(struct lockdown_policy_state *s,
					 enum lockdown_reason what, bool warned)
{
	unsigned long sum = 0;
	int cpu;

	for_each_possible_cpu(cpu) {
		const struct lockdown_policy_counters *c = per_cpu_ptr(s->denials, cpu);

		/* other CPUs count on as it adds: not a snapshot */
		sum += data_race(warned ? c->warned[what] : c->n[what]);
	}
	return sum;
}

/**
 * lockdown_policy_denials - how many times a policy denied a reason
 * @s: the policy
 * @what: a reason below LOCKDOWN_POLICY_NR
 *
 * Sums the per-CPU counters. Not a snapshot: denials on other CPUs may
 * land while it adds.
 *
 * Return: the denials of @what since @s was set up.
 */
unsigned long lockdown_policy_denials(struct lockdown_policy_state *s,
				      enum lockdown_reason what)
{
	return lockdown_policy_sum(s, what, false);
}

/**
 * lockdown_policy_warnings - how many times a reason was asked about in warn state
 * @s: the policy
 * @what: a reason below LOCKDOWN_POLICY_NR
 *
 * Summed as lockdown_policy_denials() sums.
 *
 * Return: the questions about @what that @s let through with a warning.
 */
unsigned long lockdown_policy_warnings(struct lockdown_policy_state *s,
				       enum lockdown_reason what)
{
	return lockdown_policy_sum(s, what, true);
}

/*
 * Make the hook look at @what: after its bit in @denied or @warned is
 * visible, so that the slow path, which reads those after @watched (with
 * a read barrier), finds the reason's state.
 */
static void lockdown_policy_watch_bit(struct lockdown_policy_state *s,
				      unsigned int what)
{
	/* pairs with the smp_rmb() in lockdown_policy_refuse() */
	smp_mb__before_atomic();
	set_bit(what, s->watched);
}

/**
 * lockdown_policy_warns - is a reason in warn state?
 * @s: the policy
 * @what: a reason below LOCKDOWN_POLICY_NR
 *
 * Return: true if @s warns about @what and does not deny it.
 */
bool lockdown_policy_warns(struct lockdown_policy_state *s,
			   enum lockdown_reason what)
{
	return test_bit(what, s->warned) && !test_bit(what, s->denied);
}

/**
 * lockdown_policy_deny - deny one reason from now on
 * @s: the policy
 * @what: a reason (lockdown_policy_is_reason() must hold)
 *
 * For boot-time sources (command line, builtin list), which add to the
 * policy whatever it holds. Ignores the seal: sealing stops later loads,
 * not the boot configuration.
 */
void lockdown_policy_deny(struct lockdown_policy_state *s,
			  enum lockdown_reason what)
{
	if (WARN_ON_ONCE(!lockdown_policy_is_reason(what)))
		return;
	set_bit(what, s->denied);
	lockdown_policy_watch_bit(s, what);
}

/**
 * lockdown_policy_warn - warn about one reason from now on
 * @s: the policy
 * @what: a reason (lockdown_policy_is_reason() must hold)
 *
 * For boot-time sources, as lockdown_policy_deny() is. A reason already
 * denied stays denied: deny wins over warn.
 */
void lockdown_policy_warn(struct lockdown_policy_state *s,
			  enum lockdown_reason what)
{
	if (WARN_ON_ONCE(!lockdown_policy_is_reason(what)))
		return;
	set_bit(what, s->warned);
	lockdown_policy_watch_bit(s, what);
}

/**
 * lockdown_policy_tighten - apply a validated blob
 * @s: the policy, its lock held: the caller records the change (audit,
 *	IMA, the static level) under the same lock, in the order changes
 *	apply
 * @blob: the new policy, from lockdown_policy_blob_parse()
 * @delta: if not NULL, filled on success with what the load changed
 *
 * The new policy must move no reason down the lattice allow < warn <
 * deny: it denies everything @s denies, and warns about or denies
 * everything @s warns about. A policy only ever tightens. All or
 * nothing: on error @s is unchanged.
 *
 * Return: 0, or -EPERM if @s is sealed or @blob would move a reason down.
 */
int lockdown_policy_tighten(struct lockdown_policy_state *s,
			    const struct lockdown_policy_blob *blob,
			    struct lockdown_policy_delta *delta)
{
	DECLARE_BITMAP(want, LOCKDOWN_POLICY_NR);
	DECLARE_BITMAP(want_warn, LOCKDOWN_POLICY_NR);
	DECLARE_BITMAP(watch, LOCKDOWN_POLICY_NR);
	DECLARE_BITMAP(added, LOCKDOWN_POLICY_NR);
	DECLARE_BITMAP(warn_added, LOCKDOWN_POLICY_NR);
	unsigned int what;

	lockdep_assert_held(s->lock);
	bitmap_from_arr64(want, blob->words, LOCKDOWN_POLICY_NR);
	bitmap_from_arr64(want_warn, blob->warn, LOCKDOWN_POLICY_NR);
	bitmap_or(watch, want, want_warn, LOCKDOWN_POLICY_NR);
	if (s->sealed)
		return -EPERM;
	if (!bitmap_subset(s->denied, want, LOCKDOWN_POLICY_NR) ||
	    !bitmap_subset(s->warned, watch, LOCKDOWN_POLICY_NR))
		return -EPERM;
	bitmap_andnot(added, want, s->denied, LOCKDOWN_POLICY_NR);
	bitmap_andnot(warn_added, want_warn, s->warned, LOCKDOWN_POLICY_NR);
	for_each_set_bit(what, added, LOCKDOWN_POLICY_NR)
		set_bit(what, s->denied);
	for_each_set_bit(what, warn_added, LOCKDOWN_POLICY_NR)
		set_bit(what, s->warned);
	for_each_set_bit(what, watch, LOCKDOWN_POLICY_NR)
		lockdown_policy_watch_bit(s, what);
	WRITE_ONCE(s->flags, blob->flags & ~LOCKDOWN_POLICY_FLAG_SEAL);
	s->loads++;
	if (blob->flags & LOCKDOWN_POLICY_FLAG_SEAL)
		WRITE_ONCE(s->sealed, true);
	if (delta) {
		bitmap_copy(delta->denied, s->denied, LOCKDOWN_POLICY_NR);
		bitmap_copy(delta->added, added, LOCKDOWN_POLICY_NR);
		bitmap_andnot(delta->warned, s->warned, s->denied,
			      LOCKDOWN_POLICY_NR);
		delta->sealed = s->sealed;
	}
	return 0;
}

/**
 * lockdown_policy_seal - refuse every later load until reboot
 * @s: the policy, its lock held (see lockdown_policy_tighten())
 *
 * Sealing a sealed policy is not an error, and writes nothing: in static
 * mode the state is read-only.
 *
 * Return: true if this call sealed @s, false if it was sealed already.
 */
bool lockdown_policy_seal(struct lockdown_policy_state *s)
{
	lockdep_assert_held(s->lock);
	if (s->sealed)
		return false;
	WRITE_ONCE(s->sealed, true);
	return true;
}

/* Does @denied hold every reason below @level? */
static bool lockdown_policy_covers(const unsigned long *denied,
				   enum lockdown_reason level)
{
	unsigned int what;

	for (what = LOCKDOWN_NONE + 1; what < level; what++)
		if (lockdown_policy_is_reason(what) && !test_bit(what, denied))
			return false;
	return true;
}

/**
 * lockdown_policy_level - the static level a set of denials amounts to
 * @denied: a policy's denied reasons (LOCKDOWN_POLICY_NR bits)
 *
 * The highest static lockdown level whose every reason @denied holds: a
 * policy that denies every integrity reason is at least "integrity",
 * whatever else it allows. Never more than is denied.
 *
 * Return: LOCKDOWN_NONE, LOCKDOWN_INTEGRITY_MAX or
 * LOCKDOWN_CONFIDENTIALITY_MAX.
 */
enum lockdown_reason lockdown_policy_level(const unsigned long *denied)
{
	if (!lockdown_policy_covers(denied, LOCKDOWN_INTEGRITY_MAX))
		return LOCKDOWN_NONE;
	if (!lockdown_policy_covers(denied, LOCKDOWN_CONFIDENTIALITY_MAX))
		return LOCKDOWN_INTEGRITY_MAX;
	return LOCKDOWN_CONFIDENTIALITY_MAX;
}
