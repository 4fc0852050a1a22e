// SPDX-License-Identifier: GPL-2.0
/*
 * A dynptr slice that may be the buffer it was handed on the stack:
 * bpf_dynptr_slice() and bpf_dynptr_slice_rdwr() return that buffer
 * where the data is not contiguous. It may not outlive the frame the
 * buffer is in, nor stay valid once the program writes what the
 * verifier tracks over that buffer.
 */
#include <stdbool.h>
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_misc.h"
#include "bpf_kfuncs.h"

char _license[] SEC("license") = "GPL";

static __noinline const __u64 *slice_of_own_stack(struct xdp_md *xdp)
{
	struct bpf_dynptr ptr;
	__u64 buf[4] = {};

	bpf_dynptr_from_xdp(xdp, 0, &ptr);
	return bpf_dynptr_slice(&ptr, 0, buf, sizeof(buf));
}

/* returned, it would point into the callee's frame, gone */
SEC("?xdp")
__failure __msg("cannot return a dynptr slice of the stack to the caller")
int slice_returned(struct xdp_md *xdp)
{
	const __u64 *p = slice_of_own_stack(xdp);

	return p && p[0] ? XDP_DROP : XDP_PASS;
}

static __noinline int slice_into(struct xdp_md *xdp, const __u64 **out)
{
	struct bpf_dynptr ptr;
	__u64 buf[4] = {};

	bpf_dynptr_from_xdp(xdp, 0, &ptr);
	*out = bpf_dynptr_slice(&ptr, 0, buf, sizeof(buf));
	return 0;
}

/* the same, stored in the caller's frame */
SEC("?xdp")
__failure __msg("cannot spill a dynptr slice of the stack into stack frame of the caller")
int slice_spilled_to_caller(struct xdp_md *xdp)
{
	const __u64 *p = NULL;

	slice_into(xdp, &p);
	return p && p[0] ? XDP_DROP : XDP_PASS;
}

static __noinline const __u64 *slice_of(struct xdp_md *xdp, __u64 *buf)
{
	struct bpf_dynptr ptr;

	bpf_dynptr_from_xdp(xdp, 0, &ptr);
	return bpf_dynptr_slice(&ptr, 0, buf, 4 * sizeof(__u64));
}

/* a slice of the caller's buffer lives as long as the caller */
SEC("?xdp")
__success
int slice_of_caller_stack(struct xdp_md *xdp)
{
	__u64 buf[4] = {};
	const __u64 *p = slice_of(xdp, buf);

	return p && p[0] ? XDP_DROP : XDP_PASS;
}

/* and one of a subprogram's own buffer, used there */
static __noinline int first_word_set(struct xdp_md *xdp)
{
	struct bpf_dynptr ptr;
	__u64 buf[4] = {};
	const __u64 *p;

	bpf_dynptr_from_xdp(xdp, 0, &ptr);
	p = bpf_dynptr_slice(&ptr, 0, buf, sizeof(buf));
	return p && p[0];
}

SEC("?xdp")
__success
int slice_used_in_its_frame(struct xdp_md *xdp)
{
	return first_word_set(xdp) ? XDP_DROP : XDP_PASS;
}

/*
 * A register spilled over the buffer: a writable slice would rewrite it
 * behind the verifier's back, so the slice is no longer valid.
 */
SEC("?xdp")
__failure __msg("R7 invalid mem access 'scalar'")
__naked int slice_over_spill(void)
{
	asm volatile ("r6 = r1;"
		      "r1 = 0;"
		      "*(u64 *)(r10 - 8) = r1;"
		      "r1 = r6;"
		      "r2 = 0;"
		      "r3 = r10;"
		      "r3 += -24;"
		      "call %[bpf_dynptr_from_xdp];"
		      "r1 = r10;"
		      "r1 += -24;"
		      "r2 = 0;"
		      "r3 = r10;"
		      "r3 += -8;"
		      "r4 = 8;"
		      "call %[bpf_dynptr_slice_rdwr];"
		      "if r0 == 0 goto 1f;"
		      "r7 = r0;"
		      "r1 = r10;"
		      "*(u64 *)(r10 - 8) = r1;"
		      "r1 = 42;"
		      "*(u64 *)(r7 + 0) = r1;"
		      "1: r0 = 2;"
		      "exit;"
		      :
		      : __imm(bpf_dynptr_from_xdp), __imm(bpf_dynptr_slice_rdwr)
		      : __clobber_all);
}

/*
 * A slice handed a slice of the stack as its buffer may be that stack too:
 * a spill over the first buffer ends both.
 */
SEC("?xdp")
__failure __msg("R8 invalid mem access 'scalar'")
__naked int slice_of_slice_over_spill(void)
{
	asm volatile ("r6 = r1;"
		      "r1 = 0;"
		      "*(u64 *)(r10 - 8) = r1;"
		      "r1 = r6;"
		      "r2 = 0;"
		      "r3 = r10;"
		      "r3 += -24;"
		      "call %[bpf_dynptr_from_xdp];"
		      "r1 = r10;"
		      "r1 += -24;"
		      "r2 = 0;"
		      "r3 = r10;"
		      "r3 += -8;"
		      "r4 = 8;"
		      "call %[bpf_dynptr_slice_rdwr];"
		      "if r0 == 0 goto 1f;"
		      "r1 = r10;"
		      "r1 += -24;"
		      "r2 = 0;"
		      "r3 = r0;"
		      "r4 = 8;"
		      "call %[bpf_dynptr_slice_rdwr];"
		      "if r0 == 0 goto 1f;"
		      "r8 = r0;"
		      "r1 = r10;"
		      "*(u64 *)(r10 - 8) = r1;"
		      "r1 = 42;"
		      "*(u64 *)(r8 + 0) = r1;"
		      "1: r0 = 2;"
		      "exit;"
		      :
		      : __imm(bpf_dynptr_from_xdp), __imm(bpf_dynptr_slice_rdwr)
		      : __clobber_all);
}

/* a write beside the buffer leaves the slice as it was */
SEC("?xdp")
__success
__naked int slice_beside_spill(void)
{
	asm volatile ("r6 = r1;"
		      "r1 = 0;"
		      "*(u64 *)(r10 - 8) = r1;"
		      "r1 = r6;"
		      "r2 = 0;"
		      "r3 = r10;"
		      "r3 += -24;"
		      "call %[bpf_dynptr_from_xdp];"
		      "r1 = r10;"
		      "r1 += -24;"
		      "r2 = 0;"
		      "r3 = r10;"
		      "r3 += -8;"
		      "r4 = 8;"
		      "call %[bpf_dynptr_slice_rdwr];"
		      "if r0 == 0 goto 1f;"
		      "r7 = r0;"
		      "r1 = r10;"
		      "*(u64 *)(r10 - 32) = r1;"
		      "r1 = 42;"
		      "*(u64 *)(r7 + 0) = r1;"
		      "1: r0 = 2;"
		      "exit;"
		      :
		      : __imm(bpf_dynptr_from_xdp), __imm(bpf_dynptr_slice_rdwr)
		      : __clobber_all);
}
