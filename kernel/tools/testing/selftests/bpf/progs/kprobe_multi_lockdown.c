// SPDX-License-Identifier: GPL-2.0
/*
 * A kprobe.multi program: it reads the kernel's registers at a function's
 * entry, which lockdown=confidentiality keeps from it as from a kprobe.
 */
#include <vmlinux.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

char _license[] SEC("license") = "GPL";

__u64 hits;
__u64 arg;

SEC("kprobe.multi/bpf_fentry_test1")
int entry_regs(struct pt_regs *ctx)
{
	arg = PT_REGS_PARM1(ctx);
	hits++;
	return 0;
}

/* its test run calls bpf_fentry_test1(1) */
SEC("fentry/bpf_modify_return_test")
int BPF_PROG(trigger)
{
	return 0;
}
