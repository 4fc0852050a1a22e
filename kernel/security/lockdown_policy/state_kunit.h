/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A private policy state for a KUnit test, freed when the test ends: the
 * tests never touch the policy in force.
 */
#ifndef _SECURITY_LOCKDOWN_POLICY_STATE_KUNIT_H
#define _SECURITY_LOCKDOWN_POLICY_STATE_KUNIT_H

#include <kunit/resource.h>
#include <kunit/test.h>

#include "lockdown_policy.h"

struct lockdown_policy_test_state {
	struct lockdown_policy_state s;
	struct mutex lock;	/* serialises updates of @s */
};

static void lockdown_policy_test_state_free(void *s)
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
	return &t->s;
}

#endif /* _SECURITY_LOCKDOWN_POLICY_STATE_KUNIT_H */
