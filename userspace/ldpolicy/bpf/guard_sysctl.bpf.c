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
 * refuses a write to kernel.ftrace_enabled that does not leave it on,
 * from ldp_guard_on until reboot. A write of a non-zero number is let
 * through: it changes nothing. ldpolicy reads the value on every command.
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

/* Does the value being written leave ftrace_enabled on? Unknown: no. */
static __always_inline bool stays_on(struct bpf_sysctl *ctx)
{
	char value[24] = {};
	long v = 0;

	if (bpf_sysctl_get_new_value(ctx, value, sizeof(value)) <= 0)
		return false;
	if (bpf_strtol(value, sizeof(value), 0, &v) <= 0)
		return false;
	return v != 0;
}

/* 1 lets the access through, 0 refuses it with EPERM. */
SEC("cgroup/sysctl")
int ldp_guard_sysctl(struct bpf_sysctl *ctx)
{
	if (!ctx->write || !guarding())
		return 1;
	if (!is_ftrace_enabled(ctx))
		return 1;
	return stays_on(ctx);
}
