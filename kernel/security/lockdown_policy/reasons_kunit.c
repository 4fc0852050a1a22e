// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the reason table: complete, consistent with the kernel's
 * enum, and resolvable both ways.
 */
#include <kunit/test.h>
#include <linux/string.h>

#include "lockdown_policy.h"

/*
 * Every enum value has a distinct LOCKDOWN_ identifier: the table has no
 * hole (a value added upstream and not listed here).
 */
static void reasons_test_complete(struct kunit *test)
{
	unsigned int a, b;

	for (a = 0; a <= LOCKDOWN_CONFIDENTIALITY_MAX; a++) {
		const char *id = lockdown_policy_reason_id(a);

		KUNIT_ASSERT_NOT_NULL_MSG(test, id, "value %u has no identifier", a);
		KUNIT_EXPECT_EQ_MSG(test, strncmp(id, "LOCKDOWN_", 9), 0, "%s", id);
		for (b = 0; b < a; b++)
			KUNIT_EXPECT_STRNEQ(test, id, lockdown_policy_reason_id(b));
	}
	KUNIT_EXPECT_NULL(test, lockdown_policy_reason_id(LOCKDOWN_CONFIDENTIALITY_MAX + 1));
	KUNIT_EXPECT_STREQ(test, lockdown_policy_reason_id(LOCKDOWN_INTEGRITY_MAX),
			   "LOCKDOWN_INTEGRITY_MAX");
	KUNIT_EXPECT_STREQ(test, lockdown_policy_reason_id(LOCKDOWN_CONFIDENTIALITY_MAX),
			   "LOCKDOWN_CONFIDENTIALITY_MAX");
}

/* Levels are not reasons; everything else below the top is. */
static void reasons_test_is_reason(struct kunit *test)
{
	unsigned int what, n = 0;

	for (what = 0; what <= LOCKDOWN_CONFIDENTIALITY_MAX + 1; what++)
		n += lockdown_policy_is_reason(what);
	KUNIT_EXPECT_EQ(test, n, LOCKDOWN_CONFIDENTIALITY_MAX - 2);
	KUNIT_EXPECT_FALSE(test, lockdown_policy_is_reason(LOCKDOWN_NONE));
	KUNIT_EXPECT_FALSE(test, lockdown_policy_is_reason(LOCKDOWN_INTEGRITY_MAX));
	KUNIT_EXPECT_FALSE(test, lockdown_policy_is_reason(LOCKDOWN_CONFIDENTIALITY_MAX));
}

static void reasons_test_lookup(struct kunit *test)
{
	unsigned int what;

	for (what = 0; what < LOCKDOWN_POLICY_NR; what++) {
		const char *id = lockdown_policy_reason_id(what);

		if (!lockdown_policy_is_reason(what)) {
			KUNIT_EXPECT_EQ(test, lockdown_policy_lookup(id), -ENOENT);
			continue;
		}
		KUNIT_EXPECT_EQ(test, lockdown_policy_lookup(id), (int)what);
		KUNIT_EXPECT_EQ(test, lockdown_policy_lookup(id + 9), (int)what);
	}
	KUNIT_EXPECT_EQ(test, lockdown_policy_lookup("dev_mem"), LOCKDOWN_DEV_MEM);
	KUNIT_EXPECT_EQ(test, lockdown_policy_lookup(""), -ENOENT);
	KUNIT_EXPECT_EQ(test, lockdown_policy_lookup("LOCKDOWN_"), -ENOENT);
	KUNIT_EXPECT_EQ(test, lockdown_policy_lookup("lockdown_kcore"), -ENOENT);
}

static void reasons_test_class(struct kunit *test)
{
	KUNIT_EXPECT_STREQ(test, lockdown_policy_reason_class(LOCKDOWN_DEV_MEM), "integrity");
	KUNIT_EXPECT_STREQ(test, lockdown_policy_reason_class(LOCKDOWN_XEN_USER_ACTIONS),
			   "integrity");
	KUNIT_EXPECT_STREQ(test, lockdown_policy_reason_class(LOCKDOWN_KCORE),
			   "confidentiality");
}

static void reasons_test_abi(struct kunit *test)
{
	struct lockdown_policy_abi *abi = kunit_kzalloc(test, sizeof(*abi), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, abi);
	KUNIT_ASSERT_EQ(test, lockdown_policy_abi_init(abi), 0);
	KUNIT_EXPECT_EQ(test, abi->nr_reasons, LOCKDOWN_CONFIDENTIALITY_MAX);
	KUNIT_EXPECT_EQ(test, abi->reserved[0],
			BIT_ULL(LOCKDOWN_NONE) | BIT_ULL(LOCKDOWN_INTEGRITY_MAX));
	/* the running kernel's ABI was built the same way */
	KUNIT_EXPECT_MEMEQ(test, abi->fingerprint, lockdown_policy_abi.fingerprint,
			   LOCKDOWN_POLICY_FINGERPRINT_SIZE);
}

static struct kunit_case reasons_test_cases[] = {
	KUNIT_CASE(reasons_test_complete),
	KUNIT_CASE(reasons_test_is_reason),
	KUNIT_CASE(reasons_test_lookup),
	KUNIT_CASE(reasons_test_class),
	KUNIT_CASE(reasons_test_abi),
	{}
};

static struct kunit_suite reasons_test_suite = {
	.name = "lockdown_policy_reasons",
	.test_cases = reasons_test_cases,
};

kunit_test_suites(&reasons_test_suite);
