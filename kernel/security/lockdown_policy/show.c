// SPDX-License-Identifier: GPL-2.0
/*
 * The policy in force as text: the securityfs policy and state files,
 * and what IMA measures (the state file, byte for byte).
 */
#include <linux/lockdep.h>
#include <linux/mutex.h>
#include <linux/seq_buf.h>
#include <linux/string.h>

#include "lockdown_policy.h"

/* The longest the state's first lines, and a line after its identifier, can be. */
#define LOCKDOWN_POLICY_STATE_HEAD \
	sizeof("sealed 0\nflags not-a-boundary,bypass-acknowledged\n")
#define LOCKDOWN_POLICY_LINE_TAIL	sizeof(" confidentiality allowed policy\n")

static const char *lockdown_policy_denier(bool by_policy, bool by_static)
{
	if (by_policy && by_static)
		return "both";
	if (by_policy)
		return "policy";
	return by_static ? "static" : "-";
}

/**
 * lockdown_policy_show_size - the room lockdown_policy_show() may need
 *
 * Return: the length of the longest text it prints for this kernel's
 * reasons, its terminating NUL included.
 */
size_t lockdown_policy_show_size(void)
{
	size_t size = LOCKDOWN_POLICY_STATE_HEAD;
	unsigned int what;

	for (what = 0; what < LOCKDOWN_POLICY_NR; what++)
		if (lockdown_policy_is_reason(what))
			size += strlen(lockdown_policy_reason_id(what)) +
				LOCKDOWN_POLICY_LINE_TAIL - 1;
	return size;
}

/**
 * lockdown_policy_show - print the policy in force
 * @s: the policy, its lock held: one consistent view
 * @sb: where to print, at least lockdown_policy_show_size() bytes
 * @state: the state file's form: start with a line "sealed 0|1" and a
 *	line "flags " and the last applied policy's informational flags
 *	("not-a-boundary", "bypass-acknowledged", comma-separated, or
 *	"none")
 *
 * One line per reason: identifier, class, its state ("denied", "warned"
 * or "allowed"), and who denies or warns: "policy", "static" (the static
 * lockdown LSM's level covers it), "both" or "-". A warned reason the
 * static level covers is denied, by "static".
 *
 * Return: 0, or -EOVERFLOW if @sb is too small.
 */
int lockdown_policy_show(struct lockdown_policy_state *s, struct seq_buf *sb,
			 bool state)
{
	enum lockdown_reason level = lockdown_level();
	unsigned int what;

	lockdep_assert_held(s->lock);
	if (state) {
		seq_buf_printf(sb, "sealed %d\nflags ", s->sealed);
		if (!s->flags)
			seq_buf_puts(sb, "none");
		if (s->flags & LOCKDOWN_POLICY_FLAG_NOT_A_BOUNDARY)
			seq_buf_puts(sb, "not-a-boundary");
		if ((s->flags & LOCKDOWN_POLICY_FLAG_NOT_A_BOUNDARY) &&
		    (s->flags & LOCKDOWN_POLICY_FLAG_BYPASS_ACKED))
			seq_buf_putc(sb, ',');
		if (s->flags & LOCKDOWN_POLICY_FLAG_BYPASS_ACKED)
			seq_buf_puts(sb, "bypass-acknowledged");
		seq_buf_putc(sb, '\n');
	}
	for (what = 0; what < LOCKDOWN_POLICY_NR; what++) {
		bool by_policy, by_static, warned;
		const char *verdict;

		if (!lockdown_policy_is_reason(what))
			continue;
		by_policy = test_bit(what, s->denied);
		by_static = level >= what;
		warned = !by_policy && !by_static && test_bit(what, s->warned);
		if (by_policy || by_static)
			verdict = "denied";
		else
			verdict = warned ? "warned" : "allowed";
		seq_buf_printf(sb, "%s %s %s %s\n", lockdown_policy_reason_id(what),
			       lockdown_policy_reason_class(what), verdict,
			       lockdown_policy_denier(by_policy || warned, by_static));
	}
	return seq_buf_has_overflowed(sb) ? -EOVERFLOW : 0;
}
