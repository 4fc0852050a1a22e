// SPDX-License-Identifier: GPL-2.0
/*
 * A global subprogram's memory argument may be packet data its caller
 * passed: a change of packet data under it is refused.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_misc.h"

char _license[] SEC("license") = "GPL";

__u64 seen;

/* the frag p is in may be freed by the shrink */
__noinline int read_across_shrink(struct xdp_md *xdp, __u64 *p)
{
	if (!p)
		return 1;
	seen = *p;
	bpf_xdp_adjust_tail(xdp, -900);
	seen = *p;
	return 0;
}

SEC("?xdp")
__failure __msg("bpf_xdp_adjust_tail changes packet data under memory this subprogram was handed")
int packet_change_under_mem_arg(struct xdp_md *xdp)
{
	__u64 *data = (void *)(long)xdp->data;

	if ((void *)(data + 1) > (void *)(long)xdp->data_end)
		return XDP_PASS;
	read_across_shrink(xdp, data);
	return XDP_PASS;
}

/* one handed no memory may change packet data, its caller's pointers end */
__noinline int shrink(struct xdp_md *xdp)
{
	return bpf_xdp_adjust_tail(xdp, -1);
}

SEC("?xdp")
__success
int packet_change_no_mem_arg(struct xdp_md *xdp)
{
	return shrink(xdp) ? XDP_DROP : XDP_PASS;
}
