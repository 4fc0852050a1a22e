/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A private policy state for a KUnit test, freed when the test ends: the
 * tests never touch the policy in force. While the test runs, what the
 * state's questions would report (notices, audit, the learning record) is
 * counted here instead (lockdown_policy_report() is replaced for the
 * test), so that a test neither prints what looks like a real refusal nor
 * uses up the real rate limits; and the static level the warn branch
 * looks at is the test's (LOCKDOWN_NONE unless the test says otherwise),
 * not the running kernel's.
 */
#ifndef _SECURITY_LOCKDOWN_POLICY_STATE_KUNIT_H
#define _SECURITY_LOCKDOWN_POLICY_STATE_KUNIT_H

#include <kunit/resource.h>
#include <kunit/static_stub.h>
#include <kunit/test.h>

#include "lockdown_policy.h"

struct lockdown_policy_test_state {
	struct lockdown_policy_state s;
	struct mutex lock;	/* serialises updates of @s */
	/* per enum lockdown_policy_event, the reports @s made */
	unsigned int reports[LOCKDOWN_POLICY_INVALID + 1];
	/* the reason of the last one */
	enum lockdown_reason last;
};

static inline struct lockdown_policy_test_state *
lockdown_policy_test_of(struct lockdown_policy_state *s)
{
	return container_of(s, struct lockdown_policy_test_state, s);
}

static inline void lockdown_policy_test_report(struct lockdown_policy_state *s,
					       enum lockdown_reason what,
					       enum lockdown_policy_event event)
{
	struct lockdown_policy_test_state *t = lockdown_policy_test_of(s);

	t->reports[event]++;
	t->last = what;
}

static inline enum lockdown_reason lockdown_policy_test_level_none(void)
{
	return LOCKDOWN_NONE;
}

static inline void lockdown_policy_test_state_free(void *s)
{
	lockdown_policy_state_destroy(s);
}

static inline struct lockdown_policy_state *
lockdown_policy_test_state(struct kunit *test)
{
	struct lockdown_policy_test_state *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, t);
	mutex_init(&t->lock);
	KUNIT_ASSERT_EQ(test, lockdown_policy_state_init(&t->s, &t->lock), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, lockdown_policy_test_state_free,
							&t->s), 0);
	kunit_activate_static_stub(test, lockdown_policy_report,
				   lockdown_policy_test_report);
	kunit_activate_static_stub(test, lockdown_policy_static_level,
				   lockdown_policy_test_level_none);
	return &t->s;
}

/* How many reports of @event @s made in this test. */
static inline unsigned int lockdown_policy_test_reports(struct lockdown_policy_state *s,
							enum lockdown_policy_event event)
{
	return lockdown_policy_test_of(s)->reports[event];
}

/* lockdown_policy_tighten() under the state's lock, as a load calls it. */
static inline int lockdown_policy_test_tighten(struct lockdown_policy_state *s,
					       const struct lockdown_policy_blob *blob,
					       struct lockdown_policy_delta *delta)
{
	int ret;

	mutex_lock(s->lock);
	ret = lockdown_policy_tighten(s, blob, delta);
	mutex_unlock(s->lock);
	return ret;
}

/* lockdown_policy_seal() under the state's lock, as the seal file calls it. */
static inline bool lockdown_policy_test_seal(struct lockdown_policy_state *s)
{
	bool sealed;

	mutex_lock(s->lock);
	sealed = lockdown_policy_seal(s);
	mutex_unlock(s->lock);
	return sealed;
}

#endif /* _SECURITY_LOCKDOWN_POLICY_STATE_KUNIT_H */
