// SPDX-License-Identifier: GPL-2.0
/*
 * Learning mode's record: which tasks asked about each warned reason.
 *
 * Per reason, the comms of the last LOCKDOWN_POLICY_SEEN distinct tasks,
 * the most recent first, each with a count: bounded, a few kilobytes for
 * every reason together, whatever the workload. ldpolicy suggest reads it
 * (the "warnings" file) to write a policy that allows what was used.
 */
#include <linux/seq_file.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/string_helpers.h>

#include "lockdown_policy.h"

/* Put @comm first in @r, with its count plus one; forget the oldest. */
static void lockdown_policy_seen_add(struct lockdown_policy_seen *r,
				     const char *comm, bool kernel)
{
	unsigned int i, at = LOCKDOWN_POLICY_SEEN - 1;
	unsigned long count = 0;

	for (i = 0; i < LOCKDOWN_POLICY_SEEN && r->comm[i][0]; i++)
		if (r->kernel[i] == kernel &&
		    !strncmp(r->comm[i], comm, TASK_COMM_LEN)) {
			at = i;
			count = r->count[i];
			break;
		}
	for (i = at; i > 0; i--) {
		memcpy(r->comm[i], r->comm[i - 1], TASK_COMM_LEN);
		r->count[i] = r->count[i - 1];
		r->kernel[i] = r->kernel[i - 1];
	}
	strscpy(r->comm[0], comm, TASK_COMM_LEN);
	r->count[0] = count + 1;
	r->kernel[0] = kernel;
}

/**
 * lockdown_policy_record - remember that a task asked about a warned reason
 * @s: the policy
 * @what: the reason, below LOCKDOWN_POLICY_NR
 * @comm: the task's comm
 * @kernel: the task is the kernel's own, not a program
 *
 * From a task's own context, with interrupts on (report.c records nothing
 * elsewhere): the lock is a raw spinlock, held for a few bounded copies.
 */
void lockdown_policy_record(struct lockdown_policy_state *s,
			    enum lockdown_reason what, const char *comm, bool kernel)
{
	unsigned long irqflags;

	raw_spin_lock_irqsave(&s->watch->lock, irqflags);
	lockdown_policy_seen_add(&s->watch->seen[what], comm, kernel);
	raw_spin_unlock_irqrestore(&s->watch->lock, irqflags);
}

/**
 * lockdown_policy_show_seen - print who asked about the warned reasons
 * @s: the policy
 * @m: where to print: a seq_file grows its buffer as the text needs
 *
 * One line per reason in warn state and remembered task, the most recent
 * first: the reason's identifier, how many times tasks of that comm asked,
 * "kernel" for the kernel's own tasks (kernel threads, init before it runs
 * a program) or "task" for programs, and the comm, escaped as
 * /proc/PID/status escapes it (a newline as "\n", a backslash as "\\")
 * and running to the end of the line. A reason nobody asked about has no
 * line; its total is in the counters file. Each reason's record is copied
 * under its lock, and printed outside it.
 */
void lockdown_policy_show_seen(struct lockdown_policy_state *s,
			       struct seq_file *m)
{
	struct lockdown_policy_seen copy;
	unsigned long irqflags;
	unsigned int what, i;

	for (what = 0; what < LOCKDOWN_POLICY_NR; what++) {
		if (!lockdown_policy_is_reason(what) ||
		    !lockdown_policy_warns(s, what))
			continue;
		raw_spin_lock_irqsave(&s->watch->lock, irqflags);
		copy = s->watch->seen[what];
		raw_spin_unlock_irqrestore(&s->watch->lock, irqflags);
		for (i = 0; i < LOCKDOWN_POLICY_SEEN && copy.comm[i][0]; i++) {
			seq_printf(m, "%s %lu %s ", lockdown_policy_reason_id(what),
				   copy.count[i], copy.kernel[i] ? "kernel" : "task");
			seq_escape_str(m, copy.comm[i], ESCAPE_SPACE | ESCAPE_SPECIAL,
				       "\n\\");
			seq_putc(m, '\n');
		}
	}
}
