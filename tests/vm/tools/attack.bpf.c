// SPDX-License-Identifier: GPL-2.0
/*
 * The BPF programs of ldattack's bpf-* attacks (attack_bpf.c), each
 * loaded on its own. What each reaches, and what it asks:
 *   read_kernel   bpf_probe_read_kernel() of linux_banner: asks
 *                 LOCKDOWN_BPF_READ_KERNEL
 *   printf_read   bpf_snprintf("%s") of linux_banner's address: asks
 *                 nothing
 *   write_user    bpf_probe_write_user() into another process, from
 *                 sched_switch: asks LOCKDOWN_BPF_WRITE_USER
 *   perf_regs     the registers a perf sample interrupted: asks nothing
 *                 (our kernels: LOCKDOWN_PERF, if the event samples the
 *                 kernel)
 *   kprobe_multi_regs  the registers at a function's entry, through a
 *                 kprobe_multi link: asks nothing (our kernels:
 *                 LOCKDOWN_KPROBES)
 *   kprobe_regs   the same through a kprobe perf event: its making asks
 *                 LOCKDOWN_KPROBES
 *   uninit_stack  a socket filter handing a helper 512 bytes of its stack
 *                 it never wrote: what deeper kernel calls left there,
 *                 asks nothing (our kernels: LOCKDOWN_BPF_READ_KERNEL)
 *   uninit_helper the same through a buffer bpf_dynptr_read() leaves
 *                 unwritten (flags it refuses)
 *   uninit_spill  the same, a byte at a time, beside a 1-byte register spill
 *   uninit_atomic the same, beside 1-byte spills, through an atomic add of 0
 *   uninit_fastcall  the slots of bpf_fastcall spills, handed to a helper
 *   uninit_fastcall_callee  the same slots, read by a subprogram through
 *                 a pointer into its caller's frame
 *   fentry_args   an fentry program on a kernel function (set at load)
 *                 seeing its argument, a kernel pointer: asks nothing
 *                 (our kernels: LOCKDOWN_KPROBES)
 *   raw_tp        a raw tracepoint seeing sched_switch and its kernel
 *                 pointers: asks nothing
 *   sys_bpf_read  bpf_sys_bpf(BPF_MAP_UPDATE_ELEM) with linux_banner's
 *                 address as the value: copies it into a map, asks nothing
 *   tp_record     a tracepoint program on a trace event (perf, by id):
 *                 its context is the event's record, what PERF_SAMPLE_RAW
 *                 gives; counts target_pid's whose first field is
 *                 target_addr, getppid's number (our kernels:
 *                 LOCKDOWN_TRACEFS)
 * No kernel type, no CO-RE: loading these reads no kernel BTF but
 * fentry_args's target's. The BTF pointer loads are attack_btf.bpf.c's.
 */
#include <linux/bpf.h>
#include <linux/bpf_perf_event.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

char LICENSE[] SEC("license") = "GPL";

/* set by ldattack before load (.rodata) */
const volatile __u64 target_addr;	/* linux_banner, or the victim's variable */
const volatile __u32 target_pid;

/* what the programs found (.bss, read by ldattack) */
char out[64];
__u64 hits;
__u64 seen;
__u64 samples;	/* perf_regs: every sample, the kernel's or not */
__u64 seen_any;	/* kprobe_multi_regs: the last rdi, whatever it was */

/* uninit_stack's output: 512 bytes of its own stack it never wrote */
struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 4096);
} uninit_out SEC(".maps");

/*
 * A socket filter, run with BPF_PROG_TEST_RUN: it hands
 * bpf_ringbuf_output() the whole stack frame it may use, none of it
 * written, so whatever the kernel's deeper calls left there. In assembly:
 * C cannot read what it has not written.
 */
SEC("socket")
__attribute__((naked)) int uninit_stack(void)
{
	asm volatile ("r1 = %[out] ll;"
		      "r2 = r10;"
		      "r2 += -512;"
		      "r3 = 512;"
		      "r4 = 0;"
		      "call %[ringbuf_output];"
		      "r0 = 0;"
		      "exit;"
		      :: [out]"i"(&uninit_out), [ringbuf_output]"i"(BPF_FUNC_ringbuf_output)
		      : "r0", "r1", "r2", "r3", "r4", "r5", "memory");
}

/*
 * A socket filter, run with BPF_PROG_TEST_RUN (a red team's): for 16
 * 8-byte slots of its frame, one byte written (bpf_skb_load_bytes(), so
 * that no Spectre v4 sanitizing zeroes the slot), then, before each of
 * the slot's seven other bytes is handed to bpf_ringbuf_output() alone,
 * a 1-byte store of a constant register at the slot's start, which the
 * verifier tracks as a register spilled there in part. A verifier that
 * takes a slot holding a spilled register as readable whole lets out
 * the bytes never written: what the kernel's deeper calls left there,
 * with CAP_BPF alone. The records come in order, a byte each.
 */
#define LDA_SPILL_BYTE(off, at)						\
	"*(u8 *)(r10 - " #off ") = r7;"					\
	"r1 = %[out] ll;" "r2 = r10;" "r2 += -" #at ";" "r3 = 1;"	\
	"r4 = 0;" "call %[ringbuf_output];"
#define LDA_SPILL_SLOT(off, b1, b2, b3, b4, b5, b6, b7)			\
	"r1 = r6;" "r2 = 0;" "r3 = r10;" "r3 += -" #off ";" "r4 = 1;"	\
	"call %[skb_load_bytes];"					\
	LDA_SPILL_BYTE(off, b1) LDA_SPILL_BYTE(off, b2)			\
	LDA_SPILL_BYTE(off, b3) LDA_SPILL_BYTE(off, b4)			\
	LDA_SPILL_BYTE(off, b5) LDA_SPILL_BYTE(off, b6)			\
	LDA_SPILL_BYTE(off, b7)

SEC("socket")
__attribute__((naked)) int uninit_spill(void)
{
	asm volatile ("r6 = r1;"
		      "r7 = 0x41;"
		      LDA_SPILL_SLOT(16, 15, 14, 13, 12, 11, 10, 9)
		      LDA_SPILL_SLOT(24, 23, 22, 21, 20, 19, 18, 17)
		      LDA_SPILL_SLOT(32, 31, 30, 29, 28, 27, 26, 25)
		      LDA_SPILL_SLOT(40, 39, 38, 37, 36, 35, 34, 33)
		      LDA_SPILL_SLOT(48, 47, 46, 45, 44, 43, 42, 41)
		      LDA_SPILL_SLOT(56, 55, 54, 53, 52, 51, 50, 49)
		      LDA_SPILL_SLOT(64, 63, 62, 61, 60, 59, 58, 57)
		      LDA_SPILL_SLOT(72, 71, 70, 69, 68, 67, 66, 65)
		      LDA_SPILL_SLOT(80, 79, 78, 77, 76, 75, 74, 73)
		      LDA_SPILL_SLOT(88, 87, 86, 85, 84, 83, 82, 81)
		      LDA_SPILL_SLOT(96, 95, 94, 93, 92, 91, 90, 89)
		      LDA_SPILL_SLOT(104, 103, 102, 101, 100, 99, 98, 97)
		      LDA_SPILL_SLOT(112, 111, 110, 109, 108, 107, 106, 105)
		      LDA_SPILL_SLOT(120, 119, 118, 117, 116, 115, 114, 113)
		      LDA_SPILL_SLOT(128, 127, 126, 125, 124, 123, 122, 121)
		      LDA_SPILL_SLOT(136, 135, 134, 133, 132, 131, 130, 129)
		      "r0 = 0;"
		      "exit;"
		      :: [out]"i"(&uninit_out), [ringbuf_output]"i"(BPF_FUNC_ringbuf_output),
			 [skb_load_bytes]"i"(BPF_FUNC_skb_load_bytes)
		      : "r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "memory");
}

/*
 * A socket filter, run with BPF_PROG_TEST_RUN (a red team's): for 16
 * 8-byte slots of its frame, a 1-byte store of a constant register at
 * the slot's start (a register spilled there in part), then an atomic
 * add of 0 over the whole slot, whose read fills no register and whose
 * write counts the slot written; then the 16 slots handed to
 * bpf_ringbuf_output(), their seven other bytes never written.
 */
#define LDA_ATOMIC_SLOT(off)						\
	"*(u8 *)(r10 - " #off ") = r7;"					\
	"lock *(u64 *)(r10 - " #off ") += r8;"

SEC("socket")
__attribute__((naked)) int uninit_atomic(void)
{
	asm volatile ("r7 = 0x41;"
		      "r8 = 0;"
		      LDA_ATOMIC_SLOT(16)
		      LDA_ATOMIC_SLOT(24)
		      LDA_ATOMIC_SLOT(32)
		      LDA_ATOMIC_SLOT(40)
		      LDA_ATOMIC_SLOT(48)
		      LDA_ATOMIC_SLOT(56)
		      LDA_ATOMIC_SLOT(64)
		      LDA_ATOMIC_SLOT(72)
		      LDA_ATOMIC_SLOT(80)
		      LDA_ATOMIC_SLOT(88)
		      LDA_ATOMIC_SLOT(96)
		      LDA_ATOMIC_SLOT(104)
		      LDA_ATOMIC_SLOT(112)
		      LDA_ATOMIC_SLOT(120)
		      LDA_ATOMIC_SLOT(128)
		      LDA_ATOMIC_SLOT(136)
		      "r1 = %[out] ll;"
		      "r2 = r10;"
		      "r2 += -136;"
		      "r3 = 128;"
		      "r4 = 0;"
		      "call %[ringbuf_output];"
		      "r0 = 0;"
		      "exit;"
		      :: [out]"i"(&uninit_out), [ringbuf_output]"i"(BPF_FUNC_ringbuf_output)
		      : "r0", "r1", "r2", "r3", "r4", "r5", "r7", "r8", "memory");
}

/*
 * A bpf_fastcall pattern: r1 to r5 set to 0x1111 to 0x5555, spilled to
 * fp-48..fp-16 around bpf_get_smp_processor_id() (%[smp_id]), which the
 * x86-64 JIT inlines, and filled back.
 */
#define FASTCALL_PATTERN \
	"r1 = 0x1111;" \
	"r2 = 0x2222;" \
	"r3 = 0x3333;" \
	"r4 = 0x4444;" \
	"r5 = 0x5555;" \
	"*(u64 *)(r10 - 16) = r5;" \
	"*(u64 *)(r10 - 24) = r4;" \
	"*(u64 *)(r10 - 32) = r3;" \
	"*(u64 *)(r10 - 40) = r2;" \
	"*(u64 *)(r10 - 48) = r1;" \
	"call %[smp_id];" \
	"r1 = *(u64 *)(r10 - 48);" \
	"r2 = *(u64 *)(r10 - 40);" \
	"r3 = *(u64 *)(r10 - 32);" \
	"r4 = *(u64 *)(r10 - 24);" \
	"r5 = *(u64 *)(r10 - 16);"

/*
 * A tc program, run with BPF_PROG_TEST_RUN (a third red team's): a
 * bpf_fastcall pattern, r1 to r5 spilled to fp-48..fp-16 around
 * bpf_get_smp_processor_id(), which the x86-64 JIT inlines, and filled
 * back; then the five slots handed to bpf_ringbuf_output(). A verifier
 * that does not count the helper's read against the pattern takes the
 * spills out, and the helper reads what the kernel left there. A second
 * pattern, around bpf_ktime_get_ns(), which is not inlined, keeps the
 * frame as deep.
 */
SEC("tc")
__attribute__((naked)) int uninit_fastcall(void)
{
	asm volatile (FASTCALL_PATTERN
		      "r1 = %[out] ll;"
		      "r2 = r10;"
		      "r2 += -48;"
		      "r3 = 40;"
		      "r4 = 0;"
		      "call %[ringbuf_output];"
		      "r1 = 0;"
		      "*(u64 *)(r10 - 48) = r1;"
		      "call %[ktime];"
		      "r1 = *(u64 *)(r10 - 48);"
		      "r0 = 0;"
		      "exit;"
		      :: [out]"i"(&uninit_out), [ringbuf_output]"i"(BPF_FUNC_ringbuf_output),
			 [smp_id]"i"(BPF_FUNC_get_smp_processor_id),
			 [ktime]"i"(BPF_FUNC_ktime_get_ns)
		      : "r0", "r1", "r2", "r3", "r4", "r5", "memory");
}

/*
 * uninit_fastcall_callee's subprogram: the five words at r1, loaded one
 * by one into its own frame, which it hands bpf_ringbuf_output().
 */
__attribute__((naked, noinline, used))
static int uninit_fastcall_sub(void)
{
	asm volatile ("r6 = r1;"
		      "r1 = *(u64 *)(r6 + 0);"
		      "*(u64 *)(r10 - 40) = r1;"
		      "r1 = *(u64 *)(r6 + 8);"
		      "*(u64 *)(r10 - 32) = r1;"
		      "r1 = *(u64 *)(r6 + 16);"
		      "*(u64 *)(r10 - 24) = r1;"
		      "r1 = *(u64 *)(r6 + 24);"
		      "*(u64 *)(r10 - 16) = r1;"
		      "r1 = *(u64 *)(r6 + 32);"
		      "*(u64 *)(r10 - 8) = r1;"
		      "r1 = %[out] ll;"
		      "r2 = r10;"
		      "r2 += -40;"
		      "r3 = 40;"
		      "r4 = 0;"
		      "call %[ringbuf_output];"
		      "r0 = 0;"
		      "exit;"
		      :: [out]"i"(&uninit_out), [ringbuf_output]"i"(BPF_FUNC_ringbuf_output)
		      : "r0", "r1", "r2", "r3", "r4", "r5", "r6", "memory");
}

/*
 * uninit_fastcall's pattern, its slots read by a subprogram through a
 * pointer into this frame (a fourth red team's): a verifier that checks
 * the pattern against the frame running, the callee's, not the frame
 * the slots are in, takes the spills out, and the callee reads what the
 * kernel left there, or below the frame cut to the pattern's depth.
 */
SEC("tc")
__attribute__((naked)) int uninit_fastcall_callee(void)
{
	asm volatile (FASTCALL_PATTERN
		      "r1 = r10;"
		      "r1 += -48;"
		      "call uninit_fastcall_sub;"
		      "r0 = 0;"
		      "exit;"
		      :: [smp_id]"i"(BPF_FUNC_get_smp_processor_id)
		      : "r0", "r1", "r2", "r3", "r4", "r5", "memory");
}

/* what uninit_helper's dynptr is over */
char dyn_src[8];

/*
 * A socket filter, run with BPF_PROG_TEST_RUN: it hands bpf_dynptr_read()
 * a buffer it never wrote, which the verifier counts written after the
 * call, with flags the helper refuses before it writes anything, then
 * outputs all of it: what the kernel's deeper calls left there. (Not
 * bpf_probe_read_user_str(), which leaves what is past the NUL: libbpf,
 * finding bpf_probe_read_kernel() refused, turns it into
 * bpf_probe_read_str(), which lockdown refuses too.)
 */
SEC("socket")
int uninit_helper(void *ctx)
{
	struct bpf_dynptr src;
	char buf[448];

	bpf_dynptr_from_mem(dyn_src, sizeof(dyn_src), 0, &src);
	bpf_dynptr_read(buf, sizeof(buf), &src, 0, 1);
	bpf_ringbuf_output(&uninit_out, buf, sizeof(buf), 0);
	return 0;
}

SEC("syscall")
int read_kernel(void *ctx)
{
	bpf_probe_read_kernel(out, 32, (const void *)target_addr);
	return 0;
}

SEC("syscall")
int printf_read(void *ctx)
{
	static const char fmt[] = "%s";
	__u64 args[1] = { target_addr };

	bpf_snprintf(out, sizeof(out), fmt, args, sizeof(args));
	return 0;
}

/* the map sys_bpf_read copies into, and its fd (.bss, set after load) */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, char[64]);
} sys_bpf_copy SEC(".maps");
__u32 sys_bpf_copy_fd;

SEC("syscall")
int sys_bpf_read(void *ctx)
{
	__u32 key = 0;
	union bpf_attr attr = {};

	attr.map_fd = sys_bpf_copy_fd;
	attr.key = (__u64)(long)&key;
	attr.value = target_addr;
	return bpf_sys_bpf(BPF_MAP_UPDATE_ELEM, &attr, sizeof(attr));
}

SEC("raw_tp/sched_switch")
int write_user(struct bpf_raw_tracepoint_args *ctx)
{
	__u64 v = 42;

	if ((bpf_get_current_pid_tgid() >> 32) != target_pid)
		return 0;
	if (!bpf_probe_write_user((void *)target_addr, &v, sizeof(v)))
		hits++;
	return 0;
}

SEC("perf_event")
int perf_regs(struct bpf_perf_event_data *ctx)
{
	__u64 ip = ctx->regs.rip;	/* the interrupted instruction pointer */

	samples++;
	if (ip >= 0xffff800000000000ULL) {
		hits++;
		seen = ip;
	}
	return 0;
}

/* __x64_sys_getppid(const struct pt_regs *regs): a kernel pointer in rdi */
static __always_inline int entry_regs(struct pt_regs *ctx)
{
	__u64 rdi = ctx->rdi;

	samples++;
	seen_any = rdi;
	/* the kernel's half, with 4-level paging or 5 (0xff11... on) */
	if (rdi >> 63) {
		hits++;
		seen = rdi;
	}
	return 0;
}

SEC("kprobe.multi")
int kprobe_multi_regs(struct pt_regs *ctx)
{
	return entry_regs(ctx);
}

SEC("kprobe")
int kprobe_regs(struct pt_regs *ctx)
{
	return entry_regs(ctx);
}

/*
 * Its target, set before load: __x64_sys_getgroups(const struct pt_regs
 * *regs). The argument is kept, not followed: ldattack tells a kernel
 * pointer by its top bit (the verifier lets no pointer be shifted).
 */
SEC("fentry")
int BPF_PROG(fentry_args, __u64 regs)
{
	hits++;
	seen = regs;
	return 0;
}

SEC("raw_tp/sched_switch")
int raw_tp(struct bpf_raw_tracepoint_args *ctx)
{
	/* sched_switch(bool preempt, struct task_struct *prev, *next) */
	__u64 prev = ctx->args[1];

	if (prev >> 63) {	/* the kernel's half, whatever the paging */
		hits++;
		seen = prev;
	}
	return 0;
}

/*
 * The trace event's record, as tracefs would print it, past struct
 * trace_entry (its first 8 bytes, which the verifier keeps from the
 * program): a syscall event's first field is the syscall's number
 * (raw_syscalls' id, syscalls:*'s __syscall_nr), which is kept.
 */
SEC("tracepoint")
int tp_record(void *ctx)
{
	__u64 nr = *(__u64 *)(ctx + 8);

	samples++;
	if ((bpf_get_current_pid_tgid() >> 32) == target_pid && (__u32)nr == target_addr) {
		hits++;
		seen = (__u32)nr;
	}
	return 0;
}
