// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the static lockdown LSM.
 *
 * This file is #included at the end of lockdown.c so that it can reach the
 * LSM's static state and helpers without widening their visibility. Every
 * test saves the lockdown level on entry and restores it on exit, so the
 * suites leave the running kernel as they found it; they are still meant to
 * run in a boot of their own, because a test failing half-way may not.
 */

#include <kunit/test.h>

static enum lockdown_reason lockdown_kunit_saved;

static int lockdown_kunit_init(struct kunit *test)
{
	lockdown_kunit_saved = kernel_locked_down;
	kernel_locked_down = LOCKDOWN_NONE;
	return 0;
}

static void lockdown_kunit_exit(struct kunit *test)
{
	kernel_locked_down = lockdown_kunit_saved;
}

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
		KUNIT_EXPECT_EQ_MSG(test, lockdown_is_locked_down(what), 0,
				    "%s", lockdown_reasons[what]);
	}
}

static void lockdown_test_integrity(struct kunit *test)
{
	enum lockdown_reason what;

	KUNIT_ASSERT_EQ(test, lock_kernel_down("kunit", LOCKDOWN_INTEGRITY_MAX), 0);

	for (what = LOCKDOWN_NONE + 1; what < LOCKDOWN_INTEGRITY_MAX; what++)
		KUNIT_EXPECT_EQ_MSG(test, lockdown_is_locked_down(what), -EPERM,
				    "%s", lockdown_reasons[what]);
	for (what = LOCKDOWN_INTEGRITY_MAX + 1;
	     what < LOCKDOWN_CONFIDENTIALITY_MAX; what++)
		KUNIT_EXPECT_EQ_MSG(test, lockdown_is_locked_down(what), 0,
				    "%s", lockdown_reasons[what]);
}

static void lockdown_test_confidentiality(struct kunit *test)
{
	enum lockdown_reason what;

	KUNIT_ASSERT_EQ(test,
			lock_kernel_down("kunit", LOCKDOWN_CONFIDENTIALITY_MAX), 0);

	for (what = LOCKDOWN_NONE + 1; what < LOCKDOWN_CONFIDENTIALITY_MAX; what++) {
		if (lockdown_kunit_is_level(what))
			continue;
		KUNIT_EXPECT_EQ_MSG(test, lockdown_is_locked_down(what), -EPERM,
				    "%s", lockdown_reasons[what]);
	}
}

/* The LSM is registered: the generic hook reaches it. */
static void lockdown_test_hook_registered(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, security_locked_down(LOCKDOWN_DEV_MEM), 0);
	KUNIT_ASSERT_EQ(test, lock_kernel_down("kunit", LOCKDOWN_INTEGRITY_MAX), 0);
	KUNIT_EXPECT_EQ(test, security_locked_down(LOCKDOWN_DEV_MEM), -EPERM);
	KUNIT_EXPECT_EQ(test, security_locked_down(LOCKDOWN_KCORE), 0);
}

static void lockdown_test_levels_only_rise(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, lock_kernel_down("kunit", LOCKDOWN_NONE), -EPERM);
	KUNIT_EXPECT_EQ(test, kernel_locked_down, LOCKDOWN_NONE);

	KUNIT_EXPECT_EQ(test, lock_kernel_down("kunit", LOCKDOWN_INTEGRITY_MAX), 0);
	KUNIT_EXPECT_EQ(test, lock_kernel_down("kunit", LOCKDOWN_INTEGRITY_MAX),
			-EPERM);
	KUNIT_EXPECT_EQ(test, lock_kernel_down("kunit", LOCKDOWN_NONE), -EPERM);
	KUNIT_EXPECT_EQ(test, kernel_locked_down, LOCKDOWN_INTEGRITY_MAX);

	KUNIT_EXPECT_EQ(test,
			lock_kernel_down("kunit", LOCKDOWN_CONFIDENTIALITY_MAX), 0);
	KUNIT_EXPECT_EQ(test, lock_kernel_down("kunit", LOCKDOWN_INTEGRITY_MAX),
			-EPERM);
	KUNIT_EXPECT_EQ(test, lock_kernel_down("kunit", LOCKDOWN_NONE), -EPERM);
	KUNIT_EXPECT_EQ(test, kernel_locked_down, LOCKDOWN_CONFIDENTIALITY_MAX);
}

static struct kunit_case lockdown_level_cases[] = {
	KUNIT_CASE(lockdown_test_reason_names),
	KUNIT_CASE(lockdown_test_none_denies_nothing),
	KUNIT_CASE(lockdown_test_integrity),
	KUNIT_CASE(lockdown_test_confidentiality),
	KUNIT_CASE(lockdown_test_hook_registered),
	KUNIT_CASE(lockdown_test_levels_only_rise),
	{}
};

static struct kunit_suite lockdown_level_suite = {
	.name = "lockdown_static",
	.init = lockdown_kunit_init,
	.exit = lockdown_kunit_exit,
	.test_cases = lockdown_level_cases,
};

kunit_test_suites(&lockdown_level_suite);

/*
 * The lockdown= parser is __init: its suite runs from the init section,
 * before the kernel frees it.
 */
static char lockdown_kunit_arg[32];

static char *lockdown_kunit_param(const char *arg)
{
	strscpy(lockdown_kunit_arg, arg, sizeof(lockdown_kunit_arg));
	return lockdown_kunit_arg;
}

static void __init lockdown_test_param_levels(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, lockdown_param(lockdown_kunit_param("integrity")), 0);
	KUNIT_EXPECT_EQ(test, kernel_locked_down, LOCKDOWN_INTEGRITY_MAX);
	KUNIT_EXPECT_EQ(test,
			lockdown_param(lockdown_kunit_param("confidentiality")), 0);
	KUNIT_EXPECT_EQ(test, kernel_locked_down, LOCKDOWN_CONFIDENTIALITY_MAX);
}

/* A level below the current one is accepted as syntax but never lowers. */
static void __init lockdown_test_param_no_lowering(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test,
			lockdown_param(lockdown_kunit_param("confidentiality")), 0);
	KUNIT_EXPECT_EQ(test, lockdown_param(lockdown_kunit_param("integrity")), 0);
	KUNIT_EXPECT_EQ(test, kernel_locked_down, LOCKDOWN_CONFIDENTIALITY_MAX);
}

static void __init lockdown_test_param_invalid(struct kunit *test)
{
	static const char * const bad[] = {
		"", "none", "Integrity", "integrity ", "confidential", "1",
	};
	int i;

	KUNIT_EXPECT_EQ(test, lockdown_param(NULL), -EINVAL);
	for (i = 0; i < ARRAY_SIZE(bad); i++)
		KUNIT_EXPECT_EQ_MSG(test, lockdown_param(lockdown_kunit_param(bad[i])),
				    -EINVAL, "\"%s\"", bad[i]);
	KUNIT_EXPECT_EQ(test, kernel_locked_down, LOCKDOWN_NONE);
}

static struct kunit_case lockdown_param_cases[] __initdata = {
	KUNIT_CASE(lockdown_test_param_levels),
	KUNIT_CASE(lockdown_test_param_no_lowering),
	KUNIT_CASE(lockdown_test_param_invalid),
	{}
};

static struct kunit_suite lockdown_param_suite __initdata = {
	.name = "lockdown_static_param",
	.init = lockdown_kunit_init,
	.exit = lockdown_kunit_exit,
	.test_cases = lockdown_param_cases,
};

kunit_test_init_section_suites(&lockdown_param_suite);
