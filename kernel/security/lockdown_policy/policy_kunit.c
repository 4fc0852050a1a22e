// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the policy state: the hook's decision and counters,
 * tighten-only loads, sealing. Each test works on its own state, never on
 * the policy in force.
 */
#include <kunit/test.h>

#include "lockdown_policy.h"
#include "state_kunit.h"

static struct lockdown_policy_state *new_state(struct kunit *test)
{
	return lockdown_policy_test_state(test);
}

static struct lockdown_policy_blob blob_of(u64 words0, u32 flags)
{
	struct lockdown_policy_blob b = { .flags = flags };

	b.words[0] = words0;
	return b;
}

static void policy_test_empty_allows_all(struct kunit *test)
{
	struct lockdown_policy_state *s = new_state(test);
	unsigned int what;

	for (what = 0; what < LOCKDOWN_POLICY_NR; what++)
		KUNIT_EXPECT_EQ(test, lockdown_policy_check(s, what), 0);
}

static void policy_test_deny_and_count(struct kunit *test)
{
	struct lockdown_policy_state *s = new_state(test);
	struct lockdown_policy_blob b = blob_of(BIT_ULL(LOCKDOWN_KCORE), 0);

	KUNIT_ASSERT_EQ(test, lockdown_policy_tighten(s, &b), 0);
	KUNIT_EXPECT_EQ(test, lockdown_policy_check(s, LOCKDOWN_KCORE), -EPERM);
	KUNIT_EXPECT_EQ(test, lockdown_policy_check(s, LOCKDOWN_KCORE), -EPERM);
	KUNIT_EXPECT_EQ(test, lockdown_policy_check(s, LOCKDOWN_DEV_MEM), 0);
	KUNIT_EXPECT_EQ(test, lockdown_policy_denials(s, LOCKDOWN_KCORE), 2UL);
	KUNIT_EXPECT_EQ(test, lockdown_policy_denials(s, LOCKDOWN_DEV_MEM), 0UL);
	KUNIT_EXPECT_EQ(test, s->loads, 1U);
}

/*
 * A reason out of range is refused, as the static LSM refuses it (the
 * static LSM warns), and counted nowhere.
 */
static void policy_test_out_of_range(struct kunit *test)
{
	struct lockdown_policy_state *s = new_state(test);
	unsigned int what;

	KUNIT_EXPECT_EQ(test, lockdown_policy_check(s, LOCKDOWN_POLICY_NR), -EPERM);
	KUNIT_EXPECT_EQ(test, lockdown_policy_check(s, -1), -EPERM);
	for (what = 0; what < LOCKDOWN_POLICY_NR; what++)
		KUNIT_EXPECT_EQ(test, lockdown_policy_denials(s, what), 0UL);
}

static void policy_test_tighten_only(struct kunit *test)
{
	struct lockdown_policy_state *s = new_state(test);
	u64 two = BIT_ULL(LOCKDOWN_DEV_MEM) | BIT_ULL(LOCKDOWN_KCORE);
	struct lockdown_policy_blob first = blob_of(two, LOCKDOWN_POLICY_FLAG_BYPASS_ACKED);
	struct lockdown_policy_blob same = blob_of(two, 0);
	struct lockdown_policy_blob subset = blob_of(BIT_ULL(LOCKDOWN_KCORE), 0);
	struct lockdown_policy_blob disjoint = blob_of(BIT_ULL(LOCKDOWN_PERF), 0);
	struct lockdown_policy_blob empty = blob_of(0, 0);
	struct lockdown_policy_blob more = blob_of(two | BIT_ULL(LOCKDOWN_PERF), 0);

	KUNIT_ASSERT_EQ(test, lockdown_policy_tighten(s, &first), 0);
	KUNIT_EXPECT_EQ(test, s->flags, LOCKDOWN_POLICY_FLAG_BYPASS_ACKED);

	KUNIT_EXPECT_EQ(test, lockdown_policy_tighten(s, &subset), -EPERM);
	KUNIT_EXPECT_EQ(test, lockdown_policy_tighten(s, &disjoint), -EPERM);
	KUNIT_EXPECT_EQ(test, lockdown_policy_tighten(s, &empty), -EPERM);
	/* refused loads change nothing: bits, flags, load count */
	KUNIT_EXPECT_EQ(test, (u64)s->denied[0], two);
	KUNIT_EXPECT_EQ(test, s->flags, LOCKDOWN_POLICY_FLAG_BYPASS_ACKED);
	KUNIT_EXPECT_EQ(test, s->loads, 1U);
	KUNIT_EXPECT_EQ(test, lockdown_policy_check(s, LOCKDOWN_PERF), 0);

	KUNIT_EXPECT_EQ(test, lockdown_policy_tighten(s, &same), 0);
	KUNIT_EXPECT_EQ(test, s->flags, 0U);
	KUNIT_EXPECT_EQ(test, lockdown_policy_tighten(s, &more), 0);
	KUNIT_EXPECT_EQ(test, (u64)s->denied[0], two | BIT_ULL(LOCKDOWN_PERF));
	KUNIT_EXPECT_EQ(test, s->loads, 3U);
}

static void policy_test_seal(struct kunit *test)
{
	struct lockdown_policy_state *s = new_state(test);
	struct lockdown_policy_blob b = blob_of(BIT_ULL(LOCKDOWN_KCORE), 0);
	struct lockdown_policy_blob more = blob_of(BIT_ULL(LOCKDOWN_KCORE) |
						   BIT_ULL(LOCKDOWN_PERF), 0);

	KUNIT_ASSERT_EQ(test, lockdown_policy_tighten(s, &b), 0);
	lockdown_policy_seal(s);
	lockdown_policy_seal(s);
	KUNIT_EXPECT_TRUE(test, s->sealed);
	KUNIT_EXPECT_EQ(test, lockdown_policy_tighten(s, &more), -EPERM);
	KUNIT_EXPECT_EQ(test, lockdown_policy_tighten(s, &b), -EPERM);
	KUNIT_EXPECT_EQ(test, lockdown_policy_check(s, LOCKDOWN_PERF), 0);
	KUNIT_EXPECT_EQ(test, s->loads, 1U);
	/* boot-time sources still add: the seal is about loads */
	lockdown_policy_deny(s, LOCKDOWN_PERF);
	KUNIT_EXPECT_EQ(test, lockdown_policy_check(s, LOCKDOWN_PERF), -EPERM);
}

static void policy_test_seal_flag(struct kunit *test)
{
	struct lockdown_policy_state *s = new_state(test);
	struct lockdown_policy_blob b = blob_of(BIT_ULL(LOCKDOWN_KCORE),
						LOCKDOWN_POLICY_FLAG_SEAL |
						LOCKDOWN_POLICY_FLAG_NOT_A_BOUNDARY);
	struct lockdown_policy_blob more = blob_of(BIT_ULL(LOCKDOWN_KCORE) |
						   BIT_ULL(LOCKDOWN_PERF), 0);

	KUNIT_ASSERT_EQ(test, lockdown_policy_tighten(s, &b), 0);
	KUNIT_EXPECT_TRUE(test, s->sealed);
	KUNIT_EXPECT_EQ(test, lockdown_policy_check(s, LOCKDOWN_KCORE), -EPERM);
	KUNIT_EXPECT_EQ(test, s->flags, LOCKDOWN_POLICY_FLAG_NOT_A_BOUNDARY);
	KUNIT_EXPECT_EQ(test, lockdown_policy_tighten(s, &more), -EPERM);
}

static void policy_test_deny_adds(struct kunit *test)
{
	struct lockdown_policy_state *s = new_state(test);
	struct lockdown_policy_blob b = blob_of(BIT_ULL(LOCKDOWN_KCORE), 0);

	lockdown_policy_deny(s, LOCKDOWN_DEV_MEM);
	KUNIT_EXPECT_EQ(test, lockdown_policy_check(s, LOCKDOWN_DEV_MEM), -EPERM);
	/* a load must keep what boot denied */
	KUNIT_EXPECT_EQ(test, lockdown_policy_tighten(s, &b), -EPERM);
	b.words[0] |= BIT_ULL(LOCKDOWN_DEV_MEM);
	KUNIT_EXPECT_EQ(test, lockdown_policy_tighten(s, &b), 0);
}

static struct kunit_case policy_test_cases[] = {
	KUNIT_CASE(policy_test_empty_allows_all),
	KUNIT_CASE(policy_test_deny_and_count),
	KUNIT_CASE(policy_test_out_of_range),
	KUNIT_CASE(policy_test_tighten_only),
	KUNIT_CASE(policy_test_seal),
	KUNIT_CASE(policy_test_seal_flag),
	KUNIT_CASE(policy_test_deny_adds),
	{}
};

static struct kunit_suite policy_test_suite = {
	.name = "lockdown_policy_state",
	.test_cases = policy_test_cases,
};

kunit_test_suites(&policy_test_suite);
