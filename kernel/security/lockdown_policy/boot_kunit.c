// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the lockdown_policy= parser, on private state.
 */
#include <kunit/test.h>
#include <linux/string.h>

#include "lockdown_policy.h"
#include "state_kunit.h"

static struct lockdown_policy_state *parse(struct kunit *test, const char *arg,
					   int *unknown)
{
	struct lockdown_policy_state *s = lockdown_policy_test_state(test);
	size_t len = strlen(arg) + 1;
	char *copy = kunit_kzalloc(test, len, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, copy);
	strscpy(copy, arg, len);
	*unknown = lockdown_policy_parse_list(s, copy, false, "kunit");
	return s;
}

static unsigned int denied(struct lockdown_policy_state *s)
{
	return bitmap_weight(s->denied, LOCKDOWN_POLICY_NR);
}

static void boot_test_names(struct kunit *test)
{
	int unknown;
	struct lockdown_policy_state *s = parse(test, "LOCKDOWN_DEV_MEM,kcore,Perf", &unknown);

	KUNIT_EXPECT_EQ(test, unknown, 0);
	KUNIT_EXPECT_TRUE(test, test_bit(LOCKDOWN_DEV_MEM, s->denied));
	KUNIT_EXPECT_TRUE(test, test_bit(LOCKDOWN_KCORE, s->denied));
	KUNIT_EXPECT_TRUE(test, test_bit(LOCKDOWN_PERF, s->denied));
	KUNIT_EXPECT_EQ(test, denied(s), 3U);
}

static void boot_test_groups(struct kunit *test)
{
	unsigned int what;
	int unknown;
	struct lockdown_policy_state *s = parse(test, "integrity", &unknown);

	KUNIT_EXPECT_EQ(test, unknown, 0);
	for (what = 0; what < LOCKDOWN_POLICY_NR; what++)
		KUNIT_EXPECT_EQ_MSG(test, test_bit(what, s->denied),
				    what > LOCKDOWN_NONE && what < LOCKDOWN_INTEGRITY_MAX,
				    "%s", lockdown_policy_reason_id(what));

	s = parse(test, "confidentiality", &unknown);
	KUNIT_EXPECT_EQ(test, unknown, 0);
	for (what = 0; what < LOCKDOWN_POLICY_NR; what++)
		KUNIT_EXPECT_EQ_MSG(test, test_bit(what, s->denied),
				    lockdown_policy_is_reason(what),
				    "%s", lockdown_policy_reason_id(what));
}

/* Unknown names are counted and skipped; the rest still applies. */
static void boot_test_unknown(struct kunit *test)
{
	static const char list[] =
		"bogus,LOCKDOWN_KCORE,,LOCKDOWN_INTEGRITY_MAX,none,lockdown_perf,LOCKDOWN_DEV_MEM ";
	int unknown;
	struct lockdown_policy_state *s = parse(test, list, &unknown);

	KUNIT_EXPECT_EQ(test, unknown, 5);
	KUNIT_EXPECT_TRUE(test, test_bit(LOCKDOWN_KCORE, s->denied));
	KUNIT_EXPECT_EQ(test, denied(s), 1U);
}

/* lockdown_policy_warn=: warn state, which never lowers a denial. */
static void boot_test_warn(struct kunit *test)
{
	struct lockdown_policy_state *s = lockdown_policy_test_state(test);
	char list[] = "confidentiality";
	unsigned int what, warned = 0;

	lockdown_policy_deny(s, LOCKDOWN_KCORE);
	KUNIT_EXPECT_EQ(test, lockdown_policy_parse_list(s, list, true, "kunit"), 0);
	for (what = 0; what < LOCKDOWN_POLICY_NR; what++)
		warned += lockdown_policy_warns(s, what);
	/* every reason but the two levels, and KCORE, which stays denied */
	KUNIT_EXPECT_EQ(test, warned, LOCKDOWN_POLICY_NR - 3);
	KUNIT_EXPECT_EQ(test, denied(s), 1U);
	KUNIT_EXPECT_EQ(test, lockdown_policy_check(s, LOCKDOWN_KCORE), -EPERM);
	KUNIT_EXPECT_EQ(test, lockdown_policy_check(s, LOCKDOWN_PERF), 0);
}

static void boot_test_empty(struct kunit *test)
{
	int unknown;
	struct lockdown_policy_state *s = parse(test, "", &unknown);

	KUNIT_EXPECT_EQ(test, unknown, 0);
	KUNIT_EXPECT_EQ(test, denied(s), 0U);
	s = parse(test, ",,", &unknown);
	KUNIT_EXPECT_EQ(test, unknown, 0);
	KUNIT_EXPECT_EQ(test, denied(s), 0U);
}

static struct kunit_case boot_test_cases[] = {
	KUNIT_CASE(boot_test_names),
	KUNIT_CASE(boot_test_groups),
	KUNIT_CASE(boot_test_unknown),
	KUNIT_CASE(boot_test_warn),
	KUNIT_CASE(boot_test_empty),
	{}
};

static struct kunit_suite boot_test_suite = {
	.name = "lockdown_policy_cmdline",
	.test_cases = boot_test_cases,
};

kunit_test_suites(&boot_test_suite);
