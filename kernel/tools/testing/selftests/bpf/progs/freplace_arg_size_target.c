// SPDX-License-Identifier: GPL-2.0
/*
 * A global function handed 8 bytes of struct arg_buf, the target of
 * freplace_arg_size.c and freplace_arg_tag.c.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct arg_buf {
	__u64 a;
};

struct arg_buf buf;

__noinline int arg_sink(struct arg_buf *p)
{
	return p ? p->a : 0;
}

SEC("tc")
int arg_size_target(struct __sk_buff *skb)
{
	return arg_sink(&buf);
}

char _license[] SEC("license") = "GPL";
