// SPDX-License-Identifier: GPL-2.0
/*
 * kernel.ftrace_enabled stays on.
 *
 * BPF trampolines, through which every BPF LSM program runs, are ftrace
 * direct calls; they are not registered FTRACE_OPS_FL_PERMANENT, so
 * writing 0 to /proc/sys/kernel/ftrace_enabled switches every one of them
 * off: the object's enforcement and guards with them. This program is
 * attached to the root cgroup (BPF_F_ALLOW_MULTI, so it is in force in
 * every cgroup below it, and no program there can override it), and
 * refuses every write to kernel.ftrace_enabled from ldp_guard_on until
 * reboot: even a write of 1, which another sysctl program, run after this
 * one, could rewrite to 0 (bpf_sysctl_set_new_value()). ldpolicy reads
 * the value on every command.
 *
 * Its context is declared void *, not struct bpf_sysctl *: the kernel
 * does not let a function whose arguments it cannot check against their
 * BTF be replaced (freplace), and guard_bpf.bpf.c refuses extension
 * programs for the object's program types besides.
 */
#include "ldp_object.h"

/* The name bpf_sysctl_get_name() gives, without flags: from "kernel/". */
#define FTRACE_ENABLED		"kernel/ftrace_enabled"
#define FTRACE_ENABLED_LEN	(sizeof(FTRACE_ENABLED) - 1)

static __always_inline bool is_ftrace_enabled(struct bpf_sysctl *ctx)
{
	static const char want[] = FTRACE_ENABLED;
	char name[32] = {};
	long n = bpf_sysctl_get_name(ctx, name, sizeof(name), 0);

	if (n != FTRACE_ENABLED_LEN)
		return false;
#pragma unroll
	for (int i = 0; i < (int)FTRACE_ENABLED_LEN; i++)
		if (name[i] != want[i])
			return false;
	return true;
}

/* 1 lets the access through, 0 refuses it with EPERM. */
SEC("cgroup/sysctl")
int ldp_guard_sysctl(void *ctx)
{
	struct bpf_sysctl *sysctl = ctx;

	if (!sysctl->write || !guarding())
		return 1;
	return !is_ftrace_enabled(sysctl);
}
