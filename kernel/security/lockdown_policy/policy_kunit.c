// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the policy state: the hook's decision, its counters and
 * what it reports, tighten-only loads, sealing. Each test works on its
 * own state, never on the policy in force, and its reports are counted,
 * not made (state_kunit.h).
 */
#include <kunit/test.h>

#include "lockdown_policy.h"
#include "state_kunit.h"

static struct lockdown_policy_state *new_state(struct kunit *test)
{
	return lockdown_policy_test_state(test);
}

/* A blob of the test's, off the stack: with KASAN, blobs on it are too big. */
static struct lockdown_policy_blob *blob_new(struct kunit *test, u64 words0, u64 warn0,
					     u32 flags)
{
	struct lockdown_policy_blob *b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, b);
	b->flags = flags;
	b->words[0] = words0;
	b->warn[0] = warn0;
	return b;
}

static struct lockdown_policy_blob *blob_of(struct kunit *test, u64 words0, u32 flags)
{
	return blob_new(test, words0, 0, flags);
}

static struct lockdown_policy_blob *blob_warn(struct kunit *test, u64 deny0, u64 warn0)
{
	return blob_new(test, deny0, warn0, 0);
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

	lockdown_policy_deny(s, LOCKDOWN_KCORE);
	KUNIT_EXPECT_EQ(test, lockdown_policy_check(s, LOCKDOWN_KCORE), -EPERM);
	KUNIT_EXPECT_EQ(test, lockdown_policy_check(s, LOCKDOWN_KCORE), -EPERM);
	KUNIT_EXPECT_EQ(test, lockdown_policy_check(s, LOCKDOWN_DEV_MEM), 0);
	KUNIT_EXPECT_EQ(test, lockdown_policy_denials(s, LOCKDOWN_KCORE), 2UL);
	KUNIT_EXPECT_EQ(test, lockdown_policy_denials(s, LOCKDOWN_DEV_MEM), 0UL);
	/* each denial reported, an allowed reason not */
	KUNIT_EXPECT_EQ(test, lockdown_policy_test_reports(s, LOCKDOWN_POLICY_DENIED), 2U);
	KUNIT_EXPECT_EQ(test, lockdown_policy_test_of(s)->last, LOCKDOWN_KCORE);
	KUNIT_EXPECT_EQ(test, lockdown_policy_test_reports(s, LOCKDOWN_POLICY_WARNED), 0U);
}

/*
 * A value out of range is refused, as the static LSM refuses it, counted
 * nowhere, and reported as a kernel bug: lockdown_policy answers first, so
 * the static LSM's warning would never fire.
 */
static void policy_test_out_of_range(struct kunit *test)
{
	struct lockdown_policy_state *s = new_state(test);
	unsigned int what;

	KUNIT_EXPECT_EQ(test, lockdown_policy_check(s, LOCKDOWN_POLICY_NR), -EPERM);
	KUNIT_EXPECT_EQ(test, lockdown_policy_check(s, -1), -EPERM);
	KUNIT_EXPECT_EQ(test, lockdown_policy_test_reports(s, LOCKDOWN_POLICY_INVALID), 2U);
	KUNIT_EXPECT_EQ(test, lockdown_policy_test_reports(s, LOCKDOWN_POLICY_DENIED), 0U);
	for (what = 0; what < LOCKDOWN_POLICY_NR; what++)
		KUNIT_EXPECT_EQ(test, lockdown_policy_denials(s, what), 0UL);
}

static void policy_test_tighten_only(struct kunit *test)
{
	struct lockdown_policy_state *s = new_state(test);
	u64 two = BIT_ULL(LOCKDOWN_DEV_MEM) | BIT_ULL(LOCKDOWN_KCORE);
	struct lockdown_policy_blob *first = blob_of(test, two, LOCKDOWN_POLICY_FLAG_BYPASS_ACKED);
	struct lockdown_policy_blob *same = blob_of(test, two, 0);
	struct lockdown_policy_blob *subset = blob_of(test, BIT_ULL(LOCKDOWN_KCORE), 0);
	struct lockdown_policy_blob *disjoint = blob_of(test, BIT_ULL(LOCKDOWN_PERF), 0);
	struct lockdown_policy_blob *empty = blob_of(test, 0, 0);
	struct lockdown_policy_blob *more = blob_of(test, two | BIT_ULL(LOCKDOWN_PERF), 0);

	KUNIT_ASSERT_EQ(test, lockdown_policy_test_tighten(s, first, NULL), 0);
	KUNIT_EXPECT_EQ(test, s->flags, LOCKDOWN_POLICY_FLAG_BYPASS_ACKED);

	KUNIT_EXPECT_EQ(test, lockdown_policy_test_tighten(s, subset, NULL), -EPERM);
	KUNIT_EXPECT_EQ(test, lockdown_policy_test_tighten(s, disjoint, NULL), -EPERM);
	KUNIT_EXPECT_EQ(test, lockdown_policy_test_tighten(s, empty, NULL), -EPERM);
	/* refused loads change nothing: bits, flags, load count */
	KUNIT_EXPECT_EQ(test, (u64)s->denied[0], two);
	KUNIT_EXPECT_EQ(test, s->flags, LOCKDOWN_POLICY_FLAG_BYPASS_ACKED);
	KUNIT_EXPECT_EQ(test, s->loads, 1U);
	KUNIT_EXPECT_EQ(test, lockdown_policy_check(s, LOCKDOWN_PERF), 0);

	KUNIT_EXPECT_EQ(test, lockdown_policy_test_tighten(s, same, NULL), 0);
	KUNIT_EXPECT_EQ(test, s->flags, 0U);
	KUNIT_EXPECT_EQ(test, lockdown_policy_test_tighten(s, more, NULL), 0);
	KUNIT_EXPECT_EQ(test, (u64)s->denied[0], two | BIT_ULL(LOCKDOWN_PERF));
	KUNIT_EXPECT_EQ(test, s->loads, 3U);
}

static void policy_test_seal(struct kunit *test)
{
	struct lockdown_policy_state *s = new_state(test);
	struct lockdown_policy_blob *b = blob_of(test, BIT_ULL(LOCKDOWN_KCORE), 0);
	struct lockdown_policy_blob *more = blob_of(test, BIT_ULL(LOCKDOWN_KCORE) |
						    BIT_ULL(LOCKDOWN_PERF), 0);

	KUNIT_ASSERT_EQ(test, lockdown_policy_test_tighten(s, b, NULL), 0);
	lockdown_policy_test_seal(s);
	lockdown_policy_test_seal(s);
	KUNIT_EXPECT_TRUE(test, s->sealed);
	KUNIT_EXPECT_EQ(test, lockdown_policy_test_tighten(s, more, NULL), -EPERM);
	KUNIT_EXPECT_EQ(test, lockdown_policy_test_tighten(s, b, NULL), -EPERM);
	KUNIT_EXPECT_EQ(test, lockdown_policy_check(s, LOCKDOWN_PERF), 0);
	KUNIT_EXPECT_EQ(test, s->loads, 1U);
	/* boot-time sources still add: the seal is about loads */
	lockdown_policy_deny(s, LOCKDOWN_PERF);
	KUNIT_EXPECT_EQ(test, lockdown_policy_check(s, LOCKDOWN_PERF), -EPERM);
}

static void policy_test_seal_flag(struct kunit *test)
{
	struct lockdown_policy_state *s = new_state(test);
	struct lockdown_policy_blob *b = blob_of(test, BIT_ULL(LOCKDOWN_KCORE),
						 LOCKDOWN_POLICY_FLAG_SEAL |
						 LOCKDOWN_POLICY_FLAG_NOT_A_BOUNDARY);
	struct lockdown_policy_blob *more = blob_of(test, BIT_ULL(LOCKDOWN_KCORE) |
						    BIT_ULL(LOCKDOWN_PERF), 0);

	KUNIT_ASSERT_EQ(test, lockdown_policy_test_tighten(s, b, NULL), 0);
	KUNIT_EXPECT_TRUE(test, s->sealed);
	KUNIT_EXPECT_EQ(test, lockdown_policy_check(s, LOCKDOWN_KCORE), -EPERM);
	KUNIT_EXPECT_EQ(test, s->flags, LOCKDOWN_POLICY_FLAG_NOT_A_BOUNDARY);
	KUNIT_EXPECT_EQ(test, lockdown_policy_test_tighten(s, more, NULL), -EPERM);
}

static void policy_test_deny_adds(struct kunit *test)
{
	struct lockdown_policy_state *s = new_state(test);
	struct lockdown_policy_blob *b = blob_of(test, BIT_ULL(LOCKDOWN_KCORE), 0);

	lockdown_policy_deny(s, LOCKDOWN_DEV_MEM);
	KUNIT_EXPECT_EQ(test, lockdown_policy_check(s, LOCKDOWN_DEV_MEM), -EPERM);
	/* a load must keep what boot denied */
	KUNIT_EXPECT_EQ(test, lockdown_policy_test_tighten(s, b, NULL), -EPERM);
	b->words[0] |= BIT_ULL(LOCKDOWN_DEV_MEM);
	KUNIT_EXPECT_EQ(test, lockdown_policy_test_tighten(s, b, NULL), 0);
}

static void policy_test_delta(struct kunit *test)
{
	struct lockdown_policy_state *s = new_state(test);
	struct lockdown_policy_blob *b = blob_of(test, BIT_ULL(LOCKDOWN_KCORE), 0);
	struct lockdown_policy_blob *more = blob_of(test, BIT_ULL(LOCKDOWN_KCORE) |
						    BIT_ULL(LOCKDOWN_PERF),
						    LOCKDOWN_POLICY_FLAG_SEAL);
	struct lockdown_policy_delta d;

	lockdown_policy_deny(s, LOCKDOWN_DEV_MEM);
	b->words[0] |= BIT_ULL(LOCKDOWN_DEV_MEM);
	more->words[0] |= BIT_ULL(LOCKDOWN_DEV_MEM);
	KUNIT_ASSERT_EQ(test, lockdown_policy_test_tighten(s, b, &d), 0);
	KUNIT_EXPECT_EQ(test, (u64)d.denied[0], b->words[0]);
	KUNIT_EXPECT_EQ(test, (u64)d.added[0], BIT_ULL(LOCKDOWN_KCORE));
	KUNIT_EXPECT_FALSE(test, d.sealed);
	KUNIT_ASSERT_EQ(test, lockdown_policy_test_tighten(s, more, &d), 0);
	KUNIT_EXPECT_EQ(test, (u64)d.denied[0], more->words[0]);
	KUNIT_EXPECT_EQ(test, (u64)d.added[0], BIT_ULL(LOCKDOWN_PERF));
	KUNIT_EXPECT_TRUE(test, d.sealed);
	/* sealed by the load: a seal now changes nothing */
	KUNIT_EXPECT_FALSE(test, lockdown_policy_test_seal(s));
}

static void policy_test_seal_once(struct kunit *test)
{
	struct lockdown_policy_state *s = new_state(test);

	KUNIT_EXPECT_TRUE(test, lockdown_policy_test_seal(s));
	KUNIT_EXPECT_FALSE(test, lockdown_policy_test_seal(s));
}

/*
 * Warn state: allowed, counted apart from denials, remembered with the
 * comm; and the lattice allow < warn < deny only goes up.
 */
static void policy_test_warn_lattice(struct kunit *test)
{
	struct lockdown_policy_state *s = new_state(test);
	u64 kcore = BIT_ULL(LOCKDOWN_KCORE), perf = BIT_ULL(LOCKDOWN_PERF);
	struct lockdown_policy_blob *warn = blob_warn(test, 0, kcore | perf);
	struct lockdown_policy_blob *up = blob_warn(test, kcore, perf);
	struct lockdown_policy_blob *down = blob_warn(test, 0, kcore | perf);
	struct lockdown_policy_blob *drop = blob_warn(test, kcore, 0);
	struct lockdown_policy_delta d;

	KUNIT_ASSERT_EQ(test, lockdown_policy_test_tighten(s, warn, &d), 0);
	KUNIT_EXPECT_EQ(test, (u64)d.warned[0], kcore | perf);
	KUNIT_EXPECT_EQ(test, lockdown_policy_check(s, LOCKDOWN_KCORE), 0);
	KUNIT_EXPECT_EQ(test, lockdown_policy_check(s, LOCKDOWN_KCORE), 0);
	KUNIT_EXPECT_EQ(test, lockdown_policy_check(s, LOCKDOWN_DEV_MEM), 0);
	KUNIT_EXPECT_EQ(test, lockdown_policy_warnings(s, LOCKDOWN_KCORE), 2UL);
	KUNIT_EXPECT_EQ(test, lockdown_policy_warnings(s, LOCKDOWN_DEV_MEM), 0UL);
	KUNIT_EXPECT_EQ(test, lockdown_policy_denials(s, LOCKDOWN_KCORE), 0UL);
	KUNIT_EXPECT_EQ(test, lockdown_policy_test_reports(s, LOCKDOWN_POLICY_WARNED), 2U);
	KUNIT_EXPECT_EQ(test, lockdown_policy_test_reports(s, LOCKDOWN_POLICY_DENIED), 0U);

	/* warn to deny is a tightening */
	KUNIT_ASSERT_EQ(test, lockdown_policy_test_tighten(s, up, &d), 0);
	KUNIT_EXPECT_EQ(test, (u64)d.added[0], kcore);
	KUNIT_EXPECT_EQ(test, (u64)d.warned[0], perf);
	KUNIT_EXPECT_EQ(test, lockdown_policy_check(s, LOCKDOWN_KCORE), -EPERM);
	KUNIT_EXPECT_EQ(test, lockdown_policy_warnings(s, LOCKDOWN_KCORE), 2UL);
	KUNIT_EXPECT_EQ(test, lockdown_policy_denials(s, LOCKDOWN_KCORE), 1UL);
	KUNIT_EXPECT_FALSE(test, lockdown_policy_warns(s, LOCKDOWN_KCORE));
	KUNIT_EXPECT_TRUE(test, lockdown_policy_warns(s, LOCKDOWN_PERF));

	/* deny to warn, and warn to allow, are not */
	KUNIT_EXPECT_EQ(test, lockdown_policy_test_tighten(s, down, NULL), -EPERM);
	KUNIT_EXPECT_EQ(test, lockdown_policy_test_tighten(s, drop, NULL), -EPERM);
	KUNIT_EXPECT_EQ(test, s->loads, 2U);
	KUNIT_EXPECT_EQ(test, lockdown_policy_check(s, LOCKDOWN_KCORE), -EPERM);
	KUNIT_EXPECT_EQ(test, lockdown_policy_check(s, LOCKDOWN_PERF), 0);
}

/* Boot-time warn never lowers a denial: deny wins. */
static void policy_test_warn_boot(struct kunit *test)
{
	struct lockdown_policy_state *s = new_state(test);

	lockdown_policy_deny(s, LOCKDOWN_KCORE);
	lockdown_policy_warn(s, LOCKDOWN_KCORE);
	lockdown_policy_warn(s, LOCKDOWN_PERF);
	KUNIT_EXPECT_EQ(test, lockdown_policy_check(s, LOCKDOWN_KCORE), -EPERM);
	KUNIT_EXPECT_EQ(test, lockdown_policy_check(s, LOCKDOWN_PERF), 0);
	KUNIT_EXPECT_EQ(test, lockdown_policy_warnings(s, LOCKDOWN_PERF), 1UL);
	KUNIT_EXPECT_EQ(test, lockdown_policy_warnings(s, LOCKDOWN_KCORE), 0UL);
}

static enum lockdown_reason level_integrity(void)
{
	return LOCKDOWN_INTEGRITY_MAX;
}

/*
 * A warned reason the static level covers is refused by the static LSM
 * next: no grant of the policy's, so neither counted as a warning nor
 * reported as let through. One the level does not cover is.
 */
static void policy_test_warn_static(struct kunit *test)
{
	struct lockdown_policy_state *s = new_state(test);

	lockdown_policy_warn(s, LOCKDOWN_DEV_MEM);
	lockdown_policy_warn(s, LOCKDOWN_KCORE);
	kunit_activate_static_stub(test, lockdown_policy_static_level, level_integrity);

	KUNIT_EXPECT_EQ(test, lockdown_policy_check(s, LOCKDOWN_DEV_MEM), 0);
	KUNIT_EXPECT_EQ(test, lockdown_policy_warnings(s, LOCKDOWN_DEV_MEM), 0UL);
	KUNIT_EXPECT_EQ(test, lockdown_policy_test_reports(s, LOCKDOWN_POLICY_WARNED), 0U);

	KUNIT_EXPECT_EQ(test, lockdown_policy_check(s, LOCKDOWN_KCORE), 0);
	KUNIT_EXPECT_EQ(test, lockdown_policy_warnings(s, LOCKDOWN_KCORE), 1UL);
	KUNIT_EXPECT_EQ(test, lockdown_policy_test_reports(s, LOCKDOWN_POLICY_WARNED), 1U);
	KUNIT_EXPECT_EQ(test, lockdown_policy_test_of(s)->last, LOCKDOWN_KCORE);

	/* a denial is the policy's own, whatever the level */
	lockdown_policy_deny(s, LOCKDOWN_DEV_MEM);
	KUNIT_EXPECT_EQ(test, lockdown_policy_check(s, LOCKDOWN_DEV_MEM), -EPERM);
	KUNIT_EXPECT_EQ(test, lockdown_policy_denials(s, LOCKDOWN_DEV_MEM), 1UL);
	KUNIT_EXPECT_EQ(test, lockdown_policy_test_reports(s, LOCKDOWN_POLICY_DENIED), 1U);
}

/*
 * The record keeps the last LOCKDOWN_POLICY_SEEN distinct comms, the most
 * recent first, each with its count; the oldest is forgotten.
 */
static void policy_test_record(struct kunit *test)
{
	struct lockdown_policy_state *s = new_state(test);
	struct lockdown_policy_seen *r = &s->watch->seen[LOCKDOWN_PERF];
	char comm[TASK_COMM_LEN];
	unsigned int i;

	lockdown_policy_record(s, LOCKDOWN_PERF, "perf", false);
	lockdown_policy_record(s, LOCKDOWN_PERF, "bpftrace", false);
	lockdown_policy_record(s, LOCKDOWN_PERF, "perf", false);
	KUNIT_EXPECT_STREQ(test, r->comm[0], "perf");
	KUNIT_EXPECT_EQ(test, r->count[0], 2UL);
	KUNIT_EXPECT_STREQ(test, r->comm[1], "bpftrace");
	KUNIT_EXPECT_EQ(test, r->count[1], 1UL);
	KUNIT_EXPECT_STREQ(test, r->comm[2], "");

	for (i = 0; i < LOCKDOWN_POLICY_SEEN - 1; i++) {
		snprintf(comm, sizeof(comm), "task%u", i);
		lockdown_policy_record(s, LOCKDOWN_PERF, comm, false);
	}
	/* "bpftrace" was the oldest: forgotten; "perf" kept its count */
	KUNIT_EXPECT_STREQ(test, r->comm[LOCKDOWN_POLICY_SEEN - 1], "perf");
	KUNIT_EXPECT_EQ(test, r->count[LOCKDOWN_POLICY_SEEN - 1], 2UL);
	lockdown_policy_record(s, LOCKDOWN_PERF, "perf", false);
	KUNIT_EXPECT_STREQ(test, r->comm[0], "perf");
	KUNIT_EXPECT_EQ(test, r->count[0], 3UL);
	/* the kernel's own task of the same name is another entry */
	lockdown_policy_record(s, LOCKDOWN_PERF, "perf", true);
	KUNIT_EXPECT_TRUE(test, r->kernel[0]);
	KUNIT_EXPECT_EQ(test, r->count[0], 1UL);
	KUNIT_EXPECT_FALSE(test, r->kernel[1]);
	KUNIT_EXPECT_EQ(test, r->count[1], 3UL);
	for (i = 0; i < LOCKDOWN_POLICY_SEEN; i++)
		KUNIT_EXPECT_STRNEQ(test, r->comm[i], "bpftrace");
	/* other reasons keep their own record */
	KUNIT_EXPECT_STREQ(test, s->watch->seen[LOCKDOWN_KCORE].comm[0], "");
}

/* Deny every reason below @level, except @but (0: none). */
static void deny_below(unsigned long *denied, enum lockdown_reason level,
		       enum lockdown_reason but)
{
	unsigned int what;

	for (what = LOCKDOWN_NONE + 1; what < level; what++)
		if (lockdown_policy_is_reason(what) && what != but)
			set_bit(what, denied);
}

/*
 * The static level a policy amounts to: a whole level denied raises it,
 * anything less does not, and it never claims more than is denied.
 */
static void policy_test_level(struct kunit *test)
{
	DECLARE_BITMAP(d, LOCKDOWN_POLICY_NR);

	bitmap_zero(d, LOCKDOWN_POLICY_NR);
	KUNIT_EXPECT_EQ(test, lockdown_policy_level(d), LOCKDOWN_NONE);

	deny_below(d, LOCKDOWN_INTEGRITY_MAX, LOCKDOWN_MODULE_SIGNATURE);
	KUNIT_EXPECT_EQ(test, lockdown_policy_level(d), LOCKDOWN_NONE);
	set_bit(LOCKDOWN_MODULE_SIGNATURE, d);
	KUNIT_EXPECT_EQ(test, lockdown_policy_level(d), LOCKDOWN_INTEGRITY_MAX);

	deny_below(d, LOCKDOWN_CONFIDENTIALITY_MAX, LOCKDOWN_XFRM_SECRET);
	KUNIT_EXPECT_EQ(test, lockdown_policy_level(d), LOCKDOWN_INTEGRITY_MAX);
	set_bit(LOCKDOWN_XFRM_SECRET, d);
	KUNIT_EXPECT_EQ(test, lockdown_policy_level(d),
			LOCKDOWN_CONFIDENTIALITY_MAX);

	/* every confidentiality reason but one integrity reason: none */
	bitmap_zero(d, LOCKDOWN_POLICY_NR);
	deny_below(d, LOCKDOWN_CONFIDENTIALITY_MAX, LOCKDOWN_DEV_MEM);
	KUNIT_EXPECT_EQ(test, lockdown_policy_level(d), LOCKDOWN_NONE);
}

static struct kunit_case policy_test_cases[] = {
	KUNIT_CASE(policy_test_empty_allows_all),
	KUNIT_CASE(policy_test_deny_and_count),
	KUNIT_CASE(policy_test_warn_lattice),
	KUNIT_CASE(policy_test_warn_boot),
	KUNIT_CASE(policy_test_warn_static),
	KUNIT_CASE(policy_test_record),
	KUNIT_CASE(policy_test_out_of_range),
	KUNIT_CASE(policy_test_tighten_only),
	KUNIT_CASE(policy_test_seal),
	KUNIT_CASE(policy_test_seal_flag),
	KUNIT_CASE(policy_test_deny_adds),
	KUNIT_CASE(policy_test_delta),
	KUNIT_CASE(policy_test_seal_once),
	KUNIT_CASE(policy_test_level),
	{}
};

static struct kunit_suite policy_test_suite = {
	.name = "lockdown_policy_state",
	.test_cases = policy_test_cases,
};

kunit_test_suites(&policy_test_suite);
