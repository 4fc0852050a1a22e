// SPDX-License-Identifier: GPL-2.0
/*
 * What root would load to get around the BPF backend, for
 * bpf-adversarial-root (ldbpfdoor). Each program is loaded on its own.
 *
 *   rogue_allow           another lsm/locked_down program, returning 0:
 *                         it must not undo the backend's -EPERM
 *   ldp_locked_down       freplace of the backend's enforcement program,
 *                         allowing everything
 *   ldp_read              freplace of the backend's read program,
 *                         reporting nothing denied
 *   rogue_ext             an freplace program loaded against rogue_sub, a
 *                         global function of rogue_target, and then
 *                         re-targeted at the enforcement program
 *                         (BPF_LINK_CREATE)
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

#include "../../../userspace/ldpolicy/bpf/kernel_types.h"
#include "../../../userspace/ldpolicy/bpf/ldp_bpf.h"

char LICENSE[] SEC("license") = "GPL";

SEC("lsm/locked_down")
int BPF_PROG(rogue_allow, enum lockdown_reason what, int ret)
{
	return 0;
}

__attribute__((noinline)) int rogue_sub(struct __sk_buff *skb)
{
	return skb->len ? 0 : 1;
}

SEC("tc")
int rogue_target(struct __sk_buff *skb)
{
	return rogue_sub(skb);
}

SEC("freplace/rogue_sub")
int rogue_ext(struct __sk_buff *skb)
{
	return 0;
}

SEC("freplace/ldp_locked_down")
int ldp_locked_down(unsigned long long *ctx)
{
	return 0;
}

SEC("freplace/ldp_read")
int ldp_read(struct ldp_state *ctx)
{
	return 0;
}
