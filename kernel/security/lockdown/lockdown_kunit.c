// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the static lockdown LSM.
 *
 * This file is #included at the end of lockdown.c so that it can reach the
 * LSM's helpers without widening their visibility. The tests work on
 * levels of their own, through the helpers the LSM itself uses on the
 * level in force; they never read or write kernel_locked_down, so running
 * them again from debugfs at any time cannot change lockdown. The helpers
 * print nothing: the notices, and their rate limit, are the hook's and
 * lock_kernel_down()'s, which the tests do not call.
 */

#include <kunit/test.h>
#include <linux/atomic.h>
#include <linux/completion.h>
#include <linux/cpumask.h>
#include <linux/kthread.h>
#include <linux/random.h>

static bool lockdown_kunit_is_level(enum lockdown_reason what)
{
	return what == LOCKDOWN_NONE || what == LOCKDOWN_INTEGRITY_MAX ||
	       what == LOCKDOWN_CONFIDENTIALITY_MAX;
}

/* Every real reason has a name the notice and userspace can print. */
static void lockdown_test_reason_names(struct kunit *test)
{
	enum lockdown_reason what;

	for (what = LOCKDOWN_NONE; what <= LOCKDOWN_CONFIDENTIALITY_MAX; what++)
		KUNIT_EXPECT_NOT_NULL_MSG(test, lockdown_reasons[what],
					  "reason %d has no name", what);
}

static void lockdown_test_none_denies_nothing(struct kunit *test)
{
	enum lockdown_reason what;

	for (what = LOCKDOWN_NONE + 1; what < LOCKDOWN_CONFIDENTIALITY_MAX; what++) {
		if (lockdown_kunit_is_level(what))
			continue;
		KUNIT_EXPECT_FALSE_MSG(test, lockdown_denies(LOCKDOWN_NONE, what),
				       "%s", lockdown_reasons[what]);
	}
}

static void lockdown_test_integrity(struct kunit *test)
{
	enum lockdown_reason what;

	for (what = LOCKDOWN_NONE + 1; what < LOCKDOWN_INTEGRITY_MAX; what++)
		KUNIT_EXPECT_TRUE_MSG(test, lockdown_denies(LOCKDOWN_INTEGRITY_MAX, what),
				      "%s", lockdown_reasons[what]);
	for (what = LOCKDOWN_INTEGRITY_MAX + 1;
	     what < LOCKDOWN_CONFIDENTIALITY_MAX; what++)
		KUNIT_EXPECT_FALSE_MSG(test, lockdown_denies(LOCKDOWN_INTEGRITY_MAX, what),
				       "%s", lockdown_reasons[what]);
}

static void lockdown_test_confidentiality(struct kunit *test)
{
	enum lockdown_reason what;

	for (what = LOCKDOWN_NONE + 1; what < LOCKDOWN_CONFIDENTIALITY_MAX; what++) {
		if (lockdown_kunit_is_level(what))
			continue;
		KUNIT_EXPECT_TRUE_MSG(test,
				      lockdown_denies(LOCKDOWN_CONFIDENTIALITY_MAX, what),
				      "%s", lockdown_reasons[what]);
	}
}

/* The hook is registered: security_add_hooks() claimed it for lockdown. */
static void lockdown_test_hook_registered(struct kunit *test)
{
	KUNIT_EXPECT_PTR_EQ(test, lockdown_hooks[0].lsmid, &lockdown_lsmid);
	KUNIT_EXPECT_PTR_EQ(test, (void *)lockdown_hooks[0].hook.locked_down,
			    (void *)lockdown_is_locked_down);
}

static void lockdown_test_levels_only_rise(struct kunit *test)
{
	enum lockdown_reason level = LOCKDOWN_NONE;

	KUNIT_EXPECT_EQ(test, lockdown_raise(&level, LOCKDOWN_NONE), -EPERM);
	KUNIT_EXPECT_EQ(test, level, LOCKDOWN_NONE);

	KUNIT_EXPECT_EQ(test, lockdown_raise(&level, LOCKDOWN_INTEGRITY_MAX), 0);
	KUNIT_EXPECT_EQ(test, lockdown_raise(&level, LOCKDOWN_INTEGRITY_MAX), -EPERM);
	KUNIT_EXPECT_EQ(test, lockdown_raise(&level, LOCKDOWN_NONE), -EPERM);
	KUNIT_EXPECT_EQ(test, level, LOCKDOWN_INTEGRITY_MAX);

	KUNIT_EXPECT_EQ(test, lockdown_raise(&level, LOCKDOWN_CONFIDENTIALITY_MAX), 0);
	KUNIT_EXPECT_EQ(test, lockdown_raise(&level, LOCKDOWN_INTEGRITY_MAX), -EPERM);
	KUNIT_EXPECT_EQ(test, lockdown_raise(&level, LOCKDOWN_NONE), -EPERM);
	KUNIT_EXPECT_EQ(test, level, LOCKDOWN_CONFIDENTIALITY_MAX);
}

/*
 * The level is raised at run time from more than one place, at once: a
 * write to /sys/kernel/security/lockdown, and an LSM raising it to what
 * its policy covers. Two CPUs raise one level at once, round after round,
 * one to confidentiality and one to integrity: whatever the order, it
 * must end at confidentiality. A raise that checks and then writes loses
 * it when both read none and the integrity write lands last.
 *
 * The confidentiality side starts each round and raises after a short
 * random spin; the integrity side raises as soon as it sees the round
 * start. The spin makes their raises meet at every offset the time the
 * integrity side takes to see the round allows, so the race has every
 * chance it can get.
 */
#define LOCKDOWN_RACE_ROUNDS	10000

struct lockdown_race {
	enum lockdown_reason level;
	atomic_t round;			/* the round both sides may run */
	atomic_t done;			/* the last round the integrity side ran */
	unsigned int lost;		/* rounds that ended below confidentiality */
	struct completion finished[2];	/* each side's end */
};

/* Wait for *@v to reach @n, giving the CPU up now and then. */
static void lockdown_race_wait(atomic_t *v, int n)
{
	unsigned int spins = 0;

	while (atomic_read_acquire(v) < n)
		if (!(++spins % 4096))
			cond_resched();
}

static int lockdown_race_integrity(void *data)
{
	struct lockdown_race *r = data;
	u32 seed = get_random_u32(), spin;
	int n;

	for (n = 1; n <= LOCKDOWN_RACE_ROUNDS; n++) {
		seed = seed * 1103515245 + 12345;
		spin = (seed >> 16) % 64;
		lockdown_race_wait(&r->round, n);
		while (spin--)
			barrier();
		lockdown_raise(&r->level, LOCKDOWN_INTEGRITY_MAX);
		atomic_set_release(&r->done, n);
	}
	complete(&r->finished[1]);
	return 0;
}

static int lockdown_race_confidentiality(void *data)
{
	struct lockdown_race *r = data;
	u32 seed = get_random_u32(), spin;
	int n;

	for (n = 1; n <= LOCKDOWN_RACE_ROUNDS; n++) {
		/*
		 * Up to a few hundred turns, from a generator that touches
		 * no memory; no cpu_relax(), which is coarse under emulation
		 */
		seed = seed * 1103515245 + 12345;
		spin = (seed >> 16) % 256;
		WRITE_ONCE(r->level, LOCKDOWN_NONE);
		atomic_set_release(&r->round, n);
		while (spin--)
			barrier();
		lockdown_raise(&r->level, LOCKDOWN_CONFIDENTIALITY_MAX);
		lockdown_race_wait(&r->done, n);
		if (READ_ONCE(r->level) != LOCKDOWN_CONFIDENTIALITY_MAX)
			r->lost++;
	}
	complete(&r->finished[0]);
	return 0;
}

static void lockdown_test_raise_race(struct kunit *test)
{
	struct task_struct *integrity, *confidentiality;
	struct lockdown_race *r;

	if (!cpu_online(0) || !cpu_online(1))
		kunit_skip(test, "needs CPUs 0 and 1 online");
	r = kunit_kzalloc(test, sizeof(*r), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, r);
	init_completion(&r->finished[0]);
	init_completion(&r->finished[1]);

	/* both created before either runs: neither is left waiting alone */
	integrity = kthread_create_on_cpu(lockdown_race_integrity, r, 1, "lockdown_race/%u");
	KUNIT_ASSERT_FALSE(test, IS_ERR(integrity));
	confidentiality = kthread_create_on_cpu(lockdown_race_confidentiality, r, 0,
						"lockdown_race/%u");
	if (IS_ERR(confidentiality)) {
		kthread_stop(integrity);
		KUNIT_FAIL_AND_ABORT(test, "no thread: %pe", confidentiality);
	}
	wake_up_process(integrity);
	wake_up_process(confidentiality);
	wait_for_completion(&r->finished[0]);
	wait_for_completion(&r->finished[1]);

	KUNIT_EXPECT_EQ_MSG(test, r->lost, 0,
			    "%u of %u rounds ended below confidentiality", r->lost,
			    LOCKDOWN_RACE_ROUNDS);
}

static struct kunit_case lockdown_level_cases[] = {
	KUNIT_CASE(lockdown_test_reason_names),
	KUNIT_CASE(lockdown_test_none_denies_nothing),
	KUNIT_CASE(lockdown_test_integrity),
	KUNIT_CASE(lockdown_test_confidentiality),
	KUNIT_CASE(lockdown_test_hook_registered),
	KUNIT_CASE(lockdown_test_levels_only_rise),
	KUNIT_CASE(lockdown_test_raise_race),
	{}
};

static struct kunit_suite lockdown_level_suite = {
	.name = "lockdown_static",
	.test_cases = lockdown_level_cases,
};

/* What lockdown= accepts: exactly the two level names. */
static void lockdown_test_param_levels(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, lockdown_param_level("integrity"), LOCKDOWN_INTEGRITY_MAX);
	KUNIT_EXPECT_EQ(test, lockdown_param_level("confidentiality"),
			LOCKDOWN_CONFIDENTIALITY_MAX);
}

/* A level below the current one is accepted as syntax but never lowers. */
static void lockdown_test_param_no_lowering(struct kunit *test)
{
	enum lockdown_reason level = LOCKDOWN_NONE;

	KUNIT_EXPECT_EQ(test, lockdown_raise(&level, lockdown_param_level("confidentiality")),
			0);
	KUNIT_EXPECT_EQ(test, lockdown_raise(&level, lockdown_param_level("integrity")),
			-EPERM);
	KUNIT_EXPECT_EQ(test, level, LOCKDOWN_CONFIDENTIALITY_MAX);
}

static void lockdown_test_param_invalid(struct kunit *test)
{
	static const char * const bad[] = {
		"", "none", "Integrity", "integrity ", "confidential", "1",
	};
	int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++)
		KUNIT_EXPECT_EQ_MSG(test, lockdown_param_level(bad[i]), LOCKDOWN_NONE,
				    "\"%s\"", bad[i]);
}

static struct kunit_case lockdown_param_cases[] = {
	KUNIT_CASE(lockdown_test_param_levels),
	KUNIT_CASE(lockdown_test_param_no_lowering),
	KUNIT_CASE(lockdown_test_param_invalid),
	{}
};

static struct kunit_suite lockdown_param_suite = {
	.name = "lockdown_static_param",
	.test_cases = lockdown_param_cases,
};

kunit_test_suites(&lockdown_level_suite, &lockdown_param_suite);
