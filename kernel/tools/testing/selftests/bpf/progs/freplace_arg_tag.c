// SPDX-License-Identifier: GPL-2.0
/*
 * An extension of arg_sink() that tags its argument as its target does
 * not: the verifier would take it as the extension says.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct arg_buf {
	__u64 a;
};

SEC("freplace/arg_sink")
int arg_sink_nonnull(struct arg_buf *p __arg_nonnull)
{
	return p->a;
}

char _license[] SEC("license") = "GPL";
