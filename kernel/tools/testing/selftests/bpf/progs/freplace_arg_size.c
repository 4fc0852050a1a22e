// SPDX-License-Identifier: GPL-2.0
/*
 * An extension of arg_sink() that takes its struct arg_buf for 520 bytes:
 * it would read and write past the 8 its target is handed.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct arg_buf {
	__u64 a;
	__u64 far[64];
};

SEC("freplace/arg_sink")
int arg_sink_bigger(struct arg_buf *p)
{
	return p ? p->far[63] : 0;
}

char _license[] SEC("license") = "GPL";
