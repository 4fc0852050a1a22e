// SPDX-License-Identifier: GPL-2.0
/*
 * A global subprogram takes its dynptr arguments for local ones, whatever
 * they are: a slice of one may be packet data, and a write through one
 * may change the packet.
 */
#include <stdbool.h>
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_misc.h"
#include "bpf_kfuncs.h"

char _license[] SEC("license") = "GPL";

__u64 seen;

/* the slice may be in a frag bpf_xdp_adjust_tail() frees */
__noinline int slice_then_shrink(struct xdp_md *xdp, const struct bpf_dynptr *d)
{
	const __u64 *p = bpf_dynptr_slice(d, 500, NULL, sizeof(*p));

	if (!p)
		return 1;
	seen = *p;
	bpf_xdp_adjust_tail(xdp, -900);
	seen = *p;
	return 0;
}

SEC("?xdp.frags")
__failure __msg("invalid mem access 'scalar'")
int global_arg_slice_after_shrink(struct xdp_md *xdp)
{
	struct bpf_dynptr d;

	if (bpf_dynptr_from_xdp(xdp, 0, &d))
		return XDP_PASS;
	slice_then_shrink(xdp, &d);
	return XDP_PASS;
}

/* a write through a dynptr argument may be an skb's, which it may move */
__noinline int write_through(const struct bpf_dynptr *d)
{
	char c = 1;

	return bpf_dynptr_write(d, 0, &c, sizeof(c), 0);
}

SEC("?tc")
__failure __msg("invalid mem access 'scalar'")
int packet_pointer_after_global_write(struct __sk_buff *skb)
{
	void *data = (void *)(long)skb->data;
	void *data_end = (void *)(long)skb->data_end;
	struct bpf_dynptr d;

	if (data + 1 > data_end)
		return 0;
	if (bpf_dynptr_from_skb(skb, 0, &d))
		return 0;
	write_through(&d);
	return *(__u8 *)data;
}
