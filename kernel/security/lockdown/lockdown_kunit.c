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
