// SPDX-License-Identifier: GPL-2.0
/*
 * An fentry program on a kernel function: it sees the function's
 * arguments, as a kprobe there does, which lockdown=confidentiality keeps
 * from it. And one on a BPF program, which sees that program's context.
 */
#include <vmlinux.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

char _license[] SEC("license") = "GPL";

__u64 hits;
__u64 arg;

SEC("fentry/bpf_fentry_test1")
int BPF_PROG(entry_args, int a)
{
	arg = a;
	hits++;
	return 0;
}

SEC("xdp")
int target_xdp(struct xdp_md *ctx)
{
	return XDP_PASS;
}

/* its target is set at run time: another object's target_xdp */
SEC("fentry/target_xdp")
int BPF_PROG(on_prog)
{
	return 0;
}
