// SPDX-License-Identifier: GPL-2.0
/*
 * Programs that read stack they did not write: what the kernel's deeper
 * calls left there, which lockdown=confidentiality keeps from them.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_misc.h"

/* what peek_unwritten's dynptr is over */
char src_mem[8];

char _license[] SEC("license") = "GPL";

SEC("socket")
__naked int read_uninit(void)
{
	asm volatile ("r0 = *(u64 *)(r10 - 8);"
		      "exit;"
		      ::: __clobber_all);
}

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 4096);
} spill_out SEC(".maps");

/*
 * A 1-byte spill of a scalar at fp-8, which makes the slot one holding a
 * spilled register; then the slot's next byte, never written, handed out.
 */
SEC("socket")
__naked int read_beside_spill(void)
{
	asm volatile ("r1 = 0x41;"
		      "*(u8 *)(r10 - 8) = r1;"
		      "r1 = %[spill_out] ll;"
		      "r2 = r10;"
		      "r2 += -7;"
		      "r3 = 1;"
		      "r4 = 0;"
		      "call %[bpf_ringbuf_output];"
		      "r0 = 0;"
		      "exit;"
		      :
		      : __imm_addr(spill_out), __imm(bpf_ringbuf_output)
		      : __clobber_all);
}

/*
 * The same spill, then an atomic add of 0 over the whole slot: its read,
 * which fills no register, takes in the slot's unwritten bytes, and its
 * write counts them written.
 */
SEC("socket")
__naked int atomic_beside_spill(void)
{
	asm volatile ("r1 = 0x41;"
		      "*(u8 *)(r10 - 8) = r1;"
		      "r1 = 0;"
		      "lock *(u64 *)(r10 - 8) += r1;"
		      "r0 = *(u64 *)(r10 - 8);"
		      "exit;"
		      ::: __clobber_all);
}

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64);
} fastcall_out SEC(".maps");

/*
 * A bpf_fastcall pattern (r1 spilled to fp-16 around an inlined helper,
 * and filled back), then fp-16 handed to a helper: the spill must stay,
 * and the helper read the value spilled, not what was on the stack.
 */
SEC("tc")
__naked int fastcall_spill_read(void)
{
	asm volatile ("r1 = 0x2a;"
		      "*(u64 *)(r10 - 16) = r1;"
		      "call %[bpf_get_smp_processor_id];"
		      "r1 = *(u64 *)(r10 - 16);"
		      "r1 = 0;"
		      "*(u32 *)(r10 - 8) = r1;"
		      "r1 = %[fastcall_out] ll;"
		      "r2 = r10;"
		      "r2 += -8;"
		      "r3 = r10;"
		      "r3 += -16;"
		      "r4 = 0;"
		      "call %[bpf_map_update_elem];"
		      "r0 = 0;"
		      "exit;"
		      :
		      : __imm(bpf_get_smp_processor_id), __imm(bpf_map_update_elem),
			__imm_addr(fastcall_out)
		      : __clobber_all);
}

__naked __noinline __used
static __u64 fastcall_callee(void)
{
	asm volatile ("r0 = *(u64 *)(r1 + 0);"
		      "exit;"
		      ::: __clobber_all);
}

/*
 * The same pattern, then its slot read by a subprogram through a pointer
 * to the caller's frame: the spill must stay, and the read get 0x2a.
 */
SEC("tc")
__naked int fastcall_callee_read(void)
{
	asm volatile ("r1 = 0x2a;"
		      "*(u64 *)(r10 - 16) = r1;"
		      "call %[bpf_get_smp_processor_id];"
		      "r1 = *(u64 *)(r10 - 16);"
		      "r1 = r10;"
		      "r1 += -16;"
		      "call fastcall_callee;"
		      "r6 = r0;"
		      "r1 = 0;"
		      "*(u32 *)(r10 - 8) = r1;"
		      "r1 = %[fastcall_out] ll;"
		      "r2 = r10;"
		      "r2 += -8;"
		      "call %[bpf_map_lookup_elem];"
		      "if r0 == 0 goto 1f;"
		      "*(u64 *)(r0 + 0) = r6;"
		      "1: r0 = 0;"
		      "exit;"
		      :
		      : __imm(bpf_get_smp_processor_id), __imm(bpf_map_lookup_elem),
			__imm_addr(fastcall_out)
		      : __clobber_all);
}

/* bpf_dynptr_read() refuses flags before it writes anything */
SEC("socket")
int read_unwritten(void *ctx)
{
	struct bpf_dynptr src;
	char buf[64];

	bpf_dynptr_from_mem(src_mem, sizeof(src_mem), 0, &src);
	bpf_dynptr_read(buf, sizeof(buf), &src, 0, 1);
	return buf[sizeof(buf) - 1];
}
