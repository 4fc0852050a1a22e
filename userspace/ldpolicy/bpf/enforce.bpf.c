// SPDX-License-Identifier: GPL-2.0
/*
 * ldpolicy's BPF backend: lockdown_policy's semantics on a stock kernel.
 * This unit holds the object's maps and the enforcement program.
 *
 * Enforcement: lsm/locked_down denies a reason whose bit is set in the
 * state's deny bitmap, counts the denial and records a ratelimited
 * notice. A reason in the warn bitmap (warn mode) is let through, counted,
 * and the asking task's comm recorded.
 *
 * Tighten-only by construction: the state is an array map created
 * BPF_F_RDONLY, so no syscall writes it. Its only writers are the
 * object's programs (control.bpf.c): ldp_load and ldp_seal, which only
 * ever set bits, and this program's counters. Once armed, nothing else
 * can hold it (ldp_arm counts its references; guard_bpf.bpf.c gives no
 * fd to it), and nothing can run before this program on its hook or
 * switch its trampoline off (guard_bpf.bpf.c, guard_sysctl.bpf.c).
 *
 * No reason number is written here: the policy's reasons were resolved
 * by ldpolicy against the running kernel's BTF, checked through the
 * table's fingerprint.
 */
#define LDP_DEFINE_MAPS
#include "ldp_object.h"

#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

/*
 * A denial: count it and, within the reason's ratelimit, record a notice
 * naming the reason and the task, as lockdown_policy logs one. Out of line:
 * the allowed path is the lookup and the bit test.
 */
static __noinline void ldp_deny(struct ldp_state *st, __u32 what)
{
	__u64 now = bpf_ktime_get_boot_ns(), win, seq;
	__u32 sec = now / 1000000000ULL;
	struct ldp_notice *n;

	if (what >= LOCKDOWN_POLICY_MAX_REASONS)
		return;
	__sync_fetch_and_add(&st->denials[what], 1);

	/* per reason: LDP_NOTICE_BURST notices per window, then quiet */
	win = st->window[what];
	if ((win >> 32) + LDP_NOTICE_WINDOW_S <= sec)
		win = (__u64)sec << 32;
	if ((win & 0xffffffff) >= LDP_NOTICE_BURST)
		return;
	st->window[what] = win + 1;

	seq = __sync_fetch_and_add(&st->notice_next, 1);
	n = &st->notices[seq % LDP_NOTICES];
	n->seq = 0;
	n->boot_ns = now;
	n->pid = bpf_get_current_pid_tgid() >> 32;
	n->reason = what;
	bpf_get_current_comm(n->comm, sizeof(n->comm));
	n->seq = seq + 1;
}

/*
 * A question about a warned reason: count it, and remember the task's
 * comm among the last LDP_SEEN distinct ones. Lock-free: under contention
 * two tasks may take the same slot, and one of them is not remembered;
 * the count is exact either way.
 */
static __noinline void ldp_warn(struct ldp_state *st, __u32 what)
{
	struct task_struct *task = bpf_get_current_task_btf();
	__u64 comm[2] = {}, seq, oldest = ~0ULL;
	struct ldp_seen *slot;
	__u32 victim = 0, kernel;

	if (what >= LDP_SEEN_REASONS)
		return;
	__sync_fetch_and_add(&st->warnings[what], 1);
	bpf_get_current_comm(comm, sizeof(comm));
	kernel = !task->mm || (task->flags & LDP_PF_KTHREAD);
	seq = __sync_fetch_and_add(&st->seen_next, 1) + 1;
	for (int i = 0; i < LDP_SEEN; i++) {
		slot = &st->seen[what][i];
		if (slot->seq && slot->kernel == kernel && ((__u64 *)slot->comm)[0] == comm[0] &&
		    ((__u64 *)slot->comm)[1] == comm[1]) {
			__sync_fetch_and_add(&slot->count, 1);
			slot->seq = seq;
			return;
		}
		if (slot->seq < oldest) {
			oldest = slot->seq;
			victim = i;
		}
	}
	slot = &st->seen[what][victim & (LDP_SEEN - 1)];
	slot->seq = 0;
	((__u64 *)slot->comm)[0] = comm[0];
	((__u64 *)slot->comm)[1] = comm[1];
	slot->kernel = kernel;
	slot->count = 1;
	slot->seq = seq;
}

/*
 * The allowed path is one bit test of the deny and warn bitmaps together
 * (@watch): warn mode costs nothing to the reasons it does not cover.
 */
SEC("lsm/locked_down")
int BPF_PROG(ldp_locked_down, enum lockdown_reason what, int ret)
{
	struct ldp_state *st;
	__u32 r = what;
	__u64 bit;

	if (ret)
		return ret;
	if (r >= LOCKDOWN_POLICY_MAX_REASONS)
		return 0;	/* the static LSM warns about invalid reasons */
	st = state();
	bit = 1ULL << (r % 64);
	if (!st || !(st->watch[r / 64] & bit))
		return 0;
	if (st->deny[r / 64] & bit) {
		ldp_deny(st, r);
		return -EPERM;
	}
	ldp_warn(st, r);
	return 0;
}
