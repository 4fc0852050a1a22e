// SPDX-License-Identifier: GPL-2.0
/*
 * The policy in force as text: the securityfs policy and state files,
 * and what IMA measures (the state file, byte for byte).
 */
#include <linux/mutex.h>
#include <linux/seq_buf.h>

#include "lockdown_policy.h"

static const char *lockdown_policy_denier(bool by_policy, bool by_static)
{
	if (by_policy && by_static)
		return "both";
	if (by_policy)
		return "policy";
	return by_static ? "static" : "-";
}

/**
 * lockdown_policy_show - print the policy in force
 * @s: the policy
 * @sb: where to print
 * @with_seal: start with a "sealed 0|1" line (the state file's form)
 *
 * One line per reason: identifier, class, its state ("denied", "warned"
 * or "allowed"), and who denies or warns: "policy", "static" (the static
 * lockdown LSM's level covers it), "both" or "-". A warned reason the
 * static level covers is denied, by "static". One consistent view: taken
 * under the policy's lock.
 *
 * Return: 0, or -EOVERFLOW if @sb is too small.
 */
int lockdown_policy_show(struct lockdown_policy_state *s, struct seq_buf *sb,
			 bool with_seal)
{
	enum lockdown_reason level = lockdown_level();
	unsigned int what;

	mutex_lock(s->lock);
	if (with_seal)
		seq_buf_printf(sb, "sealed %d\n", s->sealed);
	for (what = 0; what < LOCKDOWN_POLICY_NR; what++) {
		bool by_policy, by_static, warned;
		const char *state;

		if (!lockdown_policy_is_reason(what))
			continue;
		by_policy = test_bit(what, s->denied);
		by_static = level >= what;
		warned = !by_policy && !by_static && test_bit(what, s->warned);
		if (by_policy || by_static)
			state = "denied";
		else
			state = warned ? "warned" : "allowed";
		seq_buf_printf(sb, "%s %s %s %s\n", lockdown_policy_reason_id(what),
			       lockdown_policy_reason_class(what), state,
			       lockdown_policy_denier(by_policy || warned, by_static));
	}
	mutex_unlock(s->lock);
	return seq_buf_has_overflowed(sb) ? -EOVERFLOW : 0;
}
