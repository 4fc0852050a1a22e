// SPDX-License-Identifier: GPL-2.0
/*
 * The process that sets the object up, while it does: from ldp_guard_on
 * until the object is armed (or the setup gives up), no other process may
 * trace it, read or write its memory, or take its fds (ptrace(2),
 * process_vm_writev(2), pidfd_getfd(2) and /proc/PID/mem all ask
 * ptrace_access_check): with one of its map fds a program could write the
 * state unseen, and with its memory, anything it does.
 *
 * A setup-only program: not pinned (it goes with the setup), not among
 * the hooks kept from other LSM programs, and not required of an object
 * already armed.
 */
#include "ldp_object.h"

#include <bpf/bpf_tracing.h>

SEC("lsm/ptrace_access_check")
int BPF_PROG(ldp_setup_ptrace, struct task_struct *child, unsigned int mode, int ret)
{
	struct ldp_state *st = state();
	struct ldp_guard *g = guard();

	if (ret)
		return ret;
	if (!st || !g || st->armed || !st->guarding || !g->setup_tgid)
		return 0;
	return refuse_if((__u32)child->tgid == g->setup_tgid && !is_setup_task(g));
}
