/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the BPF object's units share: its maps (defined in enforce.bpf.c,
 * extern in the others; bpftool gen object links them into one object)
 * and the small helpers every unit uses.
 *
 * The object, unit by unit:
 *   tagger.bpf.c        the first program libbpf loads: where ldpolicy
 *                       learns the tags of the object's code (src/bpf_tags.c)
 *   enforce.bpf.c       the maps, and lsm/locked_down
 *   control.bpf.c       the syscall programs: guard_on, guard_off, arm,
 *                       load, seal, read, and readers (never run)
 *   guard_bpf.bpf.c     bpf(2): no program before the object's own on its
 *                       hooks, no fd to its maps, no freplace of its programs
 *   guard_fs.bpf.c      its pins and the mounts that hold them
 *   guard_sysctl.bpf.c  kernel.ftrace_enabled, which switches every BPF
 *                       trampoline (and so every BPF LSM program) off,
 *                       and net.ipv4.tcp_fastopen_key, which hands out a
 *                       kernel secret
 *   unasked.bpf.c       kernel paths that ask no reason for what a denied
 *                       one protects: PF_KEY, nlmon, sock_diag's TCP-MD5
 *                       keys, SRv6's HMAC secrets, raw trace event
 *                       records through perf, signed kexec
 *   guard_setup.bpf.c   the process that sets the object up, while it does
 */
#ifndef LDP_OBJECT_H
#define LDP_OBJECT_H

#include <linux/bpf.h>
#include <linux/errno.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>

#include "kernel_types.h"
#include "ldp_bpf.h"

/*
 * bpf_probe_read_kernel(), under an id libbpf does not know. libbpf
 * probes whether the kernel has that helper by loading a program that
 * calls it, which asks lockdown LOCKDOWN_BPF_READ_KERNEL: on every
 * command, since ldpolicy prepares the object on every command to learn
 * its tags (src/bpf_tags.c). Under a policy that denies or warns about
 * it, ldpolicy itself would be counted, noticed and recorded as using it.
 * ldpolicy puts the helper's id back when it prepares the object, before
 * it computes the tags and before the kernel sees the code. The object
 * reads kernel memory this way only where a pointer cannot be followed
 * directly (a list walked as numbers), and the BPF_CORE_READ macros,
 * which call bpf_probe_read_kernel() by name, call this.
 */
#define LDP_READ_KERNEL_ALIAS	(LDP_HELPER_ALIAS_BASE | BPF_FUNC_probe_read_kernel)
static long (*ldp_read_kernel)(void *dst, __u32 size, const void *unsafe_ptr) =
	(void *)LDP_READ_KERNEL_ALIAS;
#define bpf_probe_read_kernel ldp_read_kernel

#ifdef LDP_DEFINE_MAPS
#define LDP_MAP
#else
#define LDP_MAP extern
#endif

/*
 * The SEG6 generic netlink family's id (unasked.bpf.c), set by ldpolicy
 * before the object loads (src/bpf_setup.c), frozen from then on; 0 if
 * the kernel had none. ldp_arm copies it into the state, where ldpolicy
 * checks it against the kernel's.
 */
LDP_MAP const volatile __u16 ldp_seg6_family;

/*
 * The vmlinux BTF ids of bpf_dynptr_slice() and bpf_dynptr_slice_rdwr()
 * (guard_bpf.bpf.c), set by ldpolicy before the object loads, 0 where
 * the kernel has none: a kfunc call names its kfunc so until the
 * verifier has seen it.
 */
LDP_MAP const volatile __s32 ldp_slice_kfuncs[2];

/*
 * The state: the policy, the counters and the record. Created
 * BPF_F_RDONLY: no syscall writes it; only the object's programs do.
 */
LDP_MAP struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__uint(map_flags, BPF_F_RDONLY);
	__type(key, __u32);
	__type(value, struct ldp_state);
} ldp_state SEC(".maps");

/*
 * The helpers ldp_readers calls, then ldp_readers_percpu (a power of two:
 * the walk masks with it); the last two only where that is loaded. And
 * the two ldp_readers_net calls, which read kernel memory only from the
 * programs that can call them with a kernel object (tracing and LSM ones).
 */
#define LDP_READERS		8
#define LDP_READERS_PERCPU	2
#define LDP_READERS_NET		2

/*
 * The helpers ldp_dynptrs calls: those that make, use and end a dynptr
 * (at most LDP_READERS, the most one walk learns).
 */
#define LDP_DYNPTR_HELPERS	7

/*
 * What the guards protect, recorded by ldp_arm: kernel pointers, so never
 * copied out (ldp_read copies ldp_state only).
 */
struct ldp_guard {
	__u64 dir;		/* struct inode * of the pin directory */
	__u64 sb;		/* struct super_block * of the bpffs holding it */
	__u64 init_mnt_ns;	/* struct mnt_namespace * of PID 1 */
	/* the object's programs, from ldp_guard_on: for ldp_guard_bpf_prog */
	__u32 prog_ids[LDP_GUARD_PROGS];
	__u32 nr_progs;
	/*
	 * The helpers a program reads kernel memory through without asking
	 * lockdown (bpf_snprintf(), bpf_snprintf_btf(), bpf_trace_printk(),
	 * bpf_trace_vprintk()), or that hand it kernel memory to load from
	 * with plain loads (bpf_get_current_task_btf(), bpf_task_pt_regs(),
	 * bpf_this_cpu_ptr(), bpf_per_cpu_ptr()), as the kernel calls them:
	 * learnt from the object's own ldp_readers (guard_bpf.bpf.c). And
	 * bpf_skb_output() and bpf_xdp_output(), which copy the data of the
	 * sk_buff or xdp_buff a tracing or LSM program is given: the same
	 * functions as a networking program's bpf_perf_event_output() of
	 * its own packet, so looked for in those programs only.
	 */
	__u32 reader_id;
	__u32 reader_percpu_id;
	__u32 reader_net_id;
	__s32 reader_imm[LDP_READERS];
	__s32 reader_net_imm[LDP_READERS_NET];
	/*
	 * The dynptr helpers, as the kernel calls them, learnt from the
	 * object's own ldp_dynptrs: a verifier that takes a dynptr argument's
	 * stack slot from its constant offset alone (6.1) lets them read and
	 * write any address (verifier_blind_spot()).
	 */
	__u32 dynptr_id;
	__s32 dynptr_imm[LDP_READERS];
	/*
	 * 1: ldp_readers's; 2: ldp_readers_percpu's; 4: ldp_readers_net's;
	 * 8: ldp_dynptrs's
	 */
	__u32 readers_learnt;
	/* the process that set the object up (ldp_guard_on's caller) */
	__u32 setup_tgid;
	/*
	 * The highest program id lsm/bpf_prog has seen an fd made to (the
	 * sentinel of every ldpolicy command, and every new program, raise
	 * it), and what it was, and the boot time, when the policy came to
	 * deny LOCKDOWN_BPF_READ_KERNEL, LOCKDOWN_PERF, LOCKDOWN_KPROBES and
	 * LOCKDOWN_TRACEFS:
	 * a program numbered up to that and loaded before that time was
	 * loaded before, and is not revoked; any other is new to it, even if
	 * its load began before (ldp_prog_after(), ldp_load,
	 * guard_bpf.bpf.c)
	 */
	__u32 max_prog_id;
	__u32 read_kernel_max_id;
	__u32 perf_max_id;
	__u32 kprobes_max_id;
	__u32 tracefs_max_id;
	__u64 read_kernel_ns;
	__u64 perf_ns;
	__u64 kprobes_ns;
	__u64 tracefs_ns;
	/* when ldp_guard_on ran: the object's programs were loaded before */
	__u64 setup_ns;
	/* an id of LDP_PROG_ID_NEAR_WRAP or more seen: ids may wrap */
	__u32 ids_near_wrap;
};

LDP_MAP struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__uint(map_flags, BPF_F_RDONLY);
	__type(key, __u32);
	__type(value, struct ldp_guard);
} ldp_guard SEC(".maps");

/*
 * ldp_load's copy of a blob's bitmaps: a context pointer moved by a
 * register is never dereferenced, and where the warn set starts depends
 * on nr_reasons, so the bitmaps are copied here, at fixed offsets, and
 * read from here. Per CPU, and BPF_F_RDONLY: no syscall writes it while
 * a load runs.
 */
#define LDP_SCRATCH_WORDS	(2 * LDP_WORDS)

struct ldp_scratch {
	__u64 w[LDP_SCRATCH_WORDS];
};

LDP_MAP struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__uint(map_flags, BPF_F_RDONLY);
	__type(key, __u32);
	__type(value, struct ldp_scratch);
} ldp_scratch SEC(".maps");

/*
 * The attach targets the guards keep (enum ldp_hook_kind), by vmlinux BTF
 * id. BPF_F_RDONLY_PROG: no program writes it; ldpolicy fills it before
 * the object guards, and freezes it.
 */
LDP_MAP struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, LDP_MAX_HOOKS);
	__uint(map_flags, BPF_F_RDONLY_PROG);
	__type(key, __u32);
	__type(value, __u32);
} ldp_hooks SEC(".maps");

static __always_inline struct ldp_state *state(void)
{
	__u32 zero = 0;

	return bpf_map_lookup_elem(&ldp_state, &zero);
}

/*
 * The readers' calls learnt: those of each reader loaded (ldp_readers
 * always is), and of ldp_dynptrs where it is.
 */
static __always_inline bool readers_known(const struct ldp_guard *g)
{
	return (g->readers_learnt & 1) && (!g->reader_percpu_id || (g->readers_learnt & 2)) &&
	       (!g->reader_net_id || (g->readers_learnt & 4)) &&
	       (!g->dynptr_id || (g->readers_learnt & 8));
}

static __always_inline struct ldp_guard *guard(void)
{
	__u32 zero = 0;

	return bpf_map_lookup_elem(&ldp_guard, &zero);
}

/*
 * Does the policy in force deny @reason (an enum lockdown_reason value,
 * from bpf_core_enum_value())? As the enforcement program decides it.
 */
static __always_inline bool policy_denies(__u32 reason)
{
	struct ldp_state *st = state();
	__u32 w = reason / 64;
	__u64 bit = 1ULL << (reason % 64);

	if (!st || !st->armed || w >= LDP_WORDS)
		return false;
	return st->watch[w] & st->deny[w] & bit;
}

/* Is the caller the process that set the object up? */
static __always_inline bool is_setup_task(const struct ldp_guard *g)
{
	return g->setup_tgid && (__u32)(bpf_get_current_pid_tgid() >> 32) == g->setup_tgid;
}

/* Is @id one ldp_guard_on recorded for the object's programs? */
static __always_inline bool own_prog_id(const struct ldp_guard *g, __u32 id)
{
	for (int i = 0; i < LDP_GUARD_PROGS; i++)
		if ((__u32)i < g->nr_progs && g->prog_ids[i] == id)
			return true;
	return false;
}

/*
 * Is @prog one of the object's programs, to be let by: its id one
 * ldp_guard_on recorded, loaded before then, and ids not near their wrap
 * (a program given a freed one's id after a wrap is not:
 * ldp_prog_after())?
 */
static __always_inline bool own_prog(const struct ldp_guard *g, const struct bpf_prog *prog)
{
	return !ldp_prog_after(prog->aux->id, prog->aux->load_time, (__u32)-1, g->setup_ns,
			       g->ids_near_wrap) &&
	       own_prog_id(g, prog->aux->id);
}

/* The guards that keep programs out act from ldp_guard_on. */
static __always_inline bool guarding(void)
{
	struct ldp_state *st = state();

	return st && st->guarding;
}

/* The guards of pins and mounts act once ldp_arm recorded what they keep. */
static __always_inline struct ldp_guard *armed_guard(void)
{
	struct ldp_state *st = state();

	return st && st->armed ? guard() : NULL;
}

/*
 * -EPERM if @refuse, else 0, by a branch: an LSM program's return value
 * must be in [-MAX_ERRNO, 0] (6.12's verifier checks it), and clang would
 * compute "refuse ? -EPERM : 0" as a negation the verifier cannot bound.
 * The empty asm with side effects in one arm keeps it a branch.
 */
static __always_inline int refuse_if(bool refuse)
{
	if (refuse) {
		asm volatile("" ::: "memory");
		return -EPERM;
	}
	return 0;
}

/*
 * 0, as far as Linux 6.1's verifier can tell: it verifies a bpf_loop()
 * callback once, with its context as the caller left it (6.7 on verify it
 * as called any number of times), and drops as dead the code behind a
 * test of state the callback changes from one call to the next, were that
 * state a known constant to begin with. Such state starts from this.
 * (The boot clock is never 0 once the kernel runs.)
 */
static __always_inline __u32 unknown_zero(void)
{
	return bpf_ktime_get_boot_ns() == 0;
}

/* Any u64, to the verifier (for a path that sets unknown_zero() state). */
static __always_inline __u64 unknown_u64(void)
{
	return (__u64)bpf_get_prandom_u32() << 32 | bpf_get_prandom_u32();
}

/* Is @map one of this object's maps? */
static __always_inline bool own_map(const struct bpf_map *map)
{
	return map == (void *)&ldp_state || map == (void *)&ldp_guard ||
	       map == (void *)&ldp_scratch || map == (void *)&ldp_hooks;
}

#endif /* LDP_OBJECT_H */
