// SPDX-License-Identifier: GPL-2.0
/*
 * The guards on bpf(2): what would let root run a program before the
 * object's own, or write its maps.
 *
 * A BPF LSM program is called from a BPF trampoline, which runs the
 * programs attached to a hook newest first, and stops at the first that
 * returns anything but 0 (as a 64-bit value): the hook then returns its
 * low 32 bits. So a program attached after the object's, returning
 * 1ULL << 32, would end the chain before the object's program ran, and
 * the hook would return 0: allowed. And an fmod_ret program on a
 * security_*() function does the same to every LSM at once, the static
 * lockdown LSM included. Once the object guards (ldp_guard_on), neither
 * can be loaded: no BPF_PROG_TYPE_LSM program on a hook the object has a
 * program on, and no fmod_ret program on a security_*() function (the
 * targets are in ldp_hooks, by vmlinux BTF id, from the running kernel's
 * BTF). Programs loaded before that are ldpolicy's to find before it arms
 * the object (src/bpf_setup.c). Everything else stays loadable: fentry and
 * fexit programs anywhere, LSM programs on other hooks (systemd's
 * RestrictFileSystems= is one on file_open), fmod_ret on other functions.
 *
 * And while the policy denies LOCKDOWN_BPF_READ_KERNEL, which the kernel
 * asks only of the bpf_probe_read_kernel() family, no program that reads
 * kernel memory another way: by following a BTF pointer (the verifier
 * turns those loads into BPF_PROBE_MEM ones), through bpf_snprintf(),
 * bpf_trace_printk(), bpf_trace_vprintk() or bpf_snprintf_btf() (which
 * dereference the pointers they format), bpf_skb_output() or
 * bpf_xdp_output() in a tracing or LSM program (which copy the data of the
 * sk_buff or xdp_buff it is given), or an iterator (whose
 * bpf_seq_printf() does); nor one the verifier lets load kernel memory
 * with plain loads: from a per-CPU variable (bpf_this_cpu_ptr(),
 * bpf_per_cpu_ptr()), from a pointer it trusts (from Linux 6.2: an LSM
 * hook's, a tp_btf tracepoint's or a struct_ops' arguments,
 * bpf_get_current_task_btf()'s task, bpf_task_pt_regs(), a kptr a map
 * holds), or from what a kfunc returns. A stock kernel asks nothing for
 * these; the object reads each new program's instructions, as the
 * verifier left them, when an fd to it is made.
 *
 * And whatever the policy denies, no new program of a type whose helpers
 * change packet data (XDP, tc, ...) with a global subprogram, or with a
 * subprogram and a tail call: either reads and writes packet data after
 * a change of packet data has freed it, on stock kernels; and on a kernel
 * whose verifier checks a callback once (6.1), no new program with a
 * callback.
 *
 * And while the policy denies LOCKDOWN_PERF, no perf_event program, which
 * reads the registers its samples interrupted, the kernel's too; while it
 * denies LOCKDOWN_KPROBES, no program for a kprobe_multi link, which
 * reads them at every function it probes.
 */
#include "ldp_object.h"

#include <bpf/bpf_tracing.h>
#include <linux/btf.h>

/*
 * Would a BPF_PROG_LOAD of these attributes give a program that could
 * run before the object's own? A module's BTF ids continue vmlinux's, so
 * an id in ldp_hooks names the same function whichever BTF it is given in.
 */
static __always_inline bool runs_first(const union bpf_attr *attr)
{
	__u32 type = attr->prog_type, id = attr->attach_btf_id;
	__u32 *kind;

	if (type != BPF_PROG_TYPE_LSM &&
	    !(type == BPF_PROG_TYPE_TRACING && attr->expected_attach_type == BPF_MODIFY_RETURN))
		return false;
	kind = bpf_map_lookup_elem(&ldp_hooks, &id);
	if (!kind)
		return false;
	return type == BPF_PROG_TYPE_LSM ? *kind == LDP_HOOK_OWN : *kind == LDP_HOOK_SECURITY;
}

/*
 * A syscall program, while the policy denies LOCKDOWN_BPF_READ_KERNEL:
 * bpf_sys_bpf() hands the kernel its bpf_attr as a kernel pointer, so a
 * BPF_MAP_UPDATE_ELEM from it copies the value (or the key) from any
 * kernel address into a map of its own, and asks nothing. (The object's
 * own are loaded before it guards.)
 */
static __always_inline bool syscall_reader(const union bpf_attr *attr)
{
	return attr->prog_type == BPF_PROG_TYPE_SYSCALL &&
	       policy_denies(bpf_core_enum_value(enum lockdown_reason, LOCKDOWN_BPF_READ_KERNEL));
}

/* An iterator, while the policy denies LOCKDOWN_BPF_READ_KERNEL. */
static __always_inline bool reads_through_iter(const union bpf_attr *attr)
{
	return attr->prog_type == BPF_PROG_TYPE_TRACING &&
	       attr->expected_attach_type == BPF_TRACE_ITER &&
	       policy_denies(bpf_core_enum_value(enum lockdown_reason, LOCKDOWN_BPF_READ_KERNEL));
}

SEC("lsm/bpf")
int BPF_PROG(ldp_guard_bpf, int cmd, union bpf_attr *attr, unsigned int size, int ret)
{
	if (ret)
		return ret;
	if (!guarding())
		return 0;
	switch (cmd) {
	case BPF_PROG_LOAD:
		/*
		 * No extension program at all: the kernel matches an
		 * extension's prototype to its target's by the names of the
		 * structs their pointers point to, not by their sizes or
		 * argument tags, and the verifier checks the extension's
		 * loads and stores against its own idea of them. A bigger
		 * struct of the same name reads and writes past what the
		 * target passes (kernel memory, the backend's state and the
		 * static level with it); arg:trusted (6.8) makes it a kernel
		 * object. Plain loads and stores: no walk would see them.
		 */
		return refuse_if(runs_first(attr) || reads_through_iter(attr) ||
				 attr->prog_type == BPF_PROG_TYPE_EXT || syscall_reader(attr));
	case BPF_PROG_DETACH:
		/*
		 * ldp_guard_sysctl is attached to the root cgroup without a
		 * link, so that no fd or pin can detach it; this is the one
		 * other way. Other sysctl programs cannot be detached either
		 * while the object guards.
		 */
		return refuse_if(attr->attach_type == BPF_CGROUP_SYSCTL);
	case BPF_PROG_ATTACH:
		/*
		 * Nor can one be attached, to any cgroup, nor replace it: a
		 * sysctl program the kernel runs after the guard could set
		 * the write's return value back to 0 (bpf_set_retval()), or
		 * rewrite the value written.
		 */
		return refuse_if(attr->attach_type == BPF_CGROUP_SYSCTL);
	case BPF_LINK_CREATE:
		return refuse_if(attr->link_create.attach_type == BPF_CGROUP_SYSCTL);
	default:
		return 0;
	}
}

/*
 * No fd to the object's maps, for reading or writing, by id or by pin,
 * ever once this guard is attached: ldpolicy never needs one after
 * loading the object (it holds the fds of their creation until it arms
 * the object, and ldp_arm counts them), and with one a new program could
 * write them.
 */
SEC("lsm/bpf_map")
int BPF_PROG(ldp_guard_bpf_map, struct bpf_map *map, fmode_t fmode, int ret)
{
	if (ret)
		return ret;
	return refuse_if(own_map(map));
}

/* The program types of the object's programs. */
static __always_inline bool own_prog_type(__u32 type)
{
	return type == BPF_PROG_TYPE_LSM || type == BPF_PROG_TYPE_SYSCALL ||
	       type == BPF_PROG_TYPE_CGROUP_SYSCTL;
}

/*
 * A program that, attached, would run before the object's own (or in
 * place of one): the
 * BPF_PROG_LOAD check again, on a program that exists. The object's own
 * programs are LSM programs on its hooks; they are let through by id.
 */
static __always_inline bool would_run_first(const struct bpf_prog *prog)
{
	__u32 id = prog->aux->attach_btf_id, *kind;

	/*
	 * An extension program takes the place of a function of the program
	 * it is loaded against, and can be linked to another program of that
	 * type later (BPF_LINK_CREATE): none for the types the object's
	 * programs are, whatever it was loaded against.
	 */
	if (prog->type == BPF_PROG_TYPE_EXT)
		return own_prog_type(prog->aux->saved_dst_prog_type);
	if (prog->type != BPF_PROG_TYPE_LSM &&
	    !(prog->type == BPF_PROG_TYPE_TRACING &&
	      prog->expected_attach_type == BPF_MODIFY_RETURN))
		return false;
	kind = bpf_map_lookup_elem(&ldp_hooks, &id);
	if (!kind)
		return false;
	return prog->type == BPF_PROG_TYPE_LSM ? *kind == LDP_HOOK_OWN : *kind == LDP_HOOK_SECURITY;
}

/* One walk over a program's instructions (bpf_loop's context). */
struct insn_walk {
	__u64 at;			/* address of the instruction to read */
	__u32 len;
	__s32 imm[LDP_READERS];		/* the readers' calls, to look for */
	__s32 net_imm[LDP_READERS_NET];	/* and ldp_readers_net's, or 0 */
	__u32 calls;			/* learning: helper calls seen */
	__u32 learn;
	__u32 reads;			/* (not bool: a callback returns 0 or 1, */
	__u32 cannot;			/* which the verifier checks) */
	__u32 find_slices;		/* before the verifier: look for slices, */
	__u32 slices;			/* found, */
	__u32 reads_matter;		/* and stop at reads only if they matter */
	__u32 find_calls;		/* look for calls only: */
	__u32 subprog_calls;		/* of a subprogram, */
	__u32 callbacks;		/* a callback's address (bpf_loop() and the like), */
	__u32 tail_calls;		/* a bpf_tail_call(), */
	__u32 dynptrs;			/* a dynptr helper's (in imm), */
	__u32 dynptrs_matter;		/* and stop at one only if it matters */
};

static __always_inline bool is_helper_call(const struct bpf_insn *insn)
{
	return insn->code == (BPF_JMP | BPF_CALL) && !insn->src_reg;
}

/*
 * Modes the verifier gives loads that follow a BTF pointer
 * (include/linux/filter.h): BPF_PROBE_MEM, and from 6.6
 * BPF_PROBE_MEMSX.
 */
#define LDP_PROBE_MEM	0x20
#define LDP_PROBE_MEMSX	0x40

/* BPF_JMP | BPF_TAIL_CALL: a bpf_tail_call() as the verifier leaves it */
#define LDP_TAIL_CALL 0xf0

static long insn_walk_one(__u32 i, struct insn_walk *w)
{
	struct bpf_insn insn;

	if (i >= w->len)
		return 1;
	if (bpf_probe_read_kernel(&insn, sizeof(insn), (void *)(w->at + 8ULL * i))) {
		w->cannot = 1;
		return 1;
	}
	if (w->find_calls) {
		if (insn.code == (BPF_JMP | BPF_CALL) && insn.src_reg == BPF_PSEUDO_CALL)
			w->subprog_calls = 1;
		if (insn.code == (BPF_LD | BPF_IMM | BPF_DW) && insn.src_reg == BPF_PSEUDO_FUNC)
			w->callbacks = 1;
		if (insn.code == (BPF_JMP | LDP_TAIL_CALL))
			w->tail_calls = 1;
		for (int r = 0; r < LDP_READERS; r++)
			if (is_helper_call(&insn) && w->imm[r] && insn.imm == w->imm[r])
				w->dynptrs = 1;
		return (w->subprog_calls && w->callbacks && w->tail_calls) ||
		       (w->dynptrs && w->dynptrs_matter);
	}
	if (w->learn) {
		if (is_helper_call(&insn) && w->calls < LDP_READERS)
			w->imm[w->calls++ & (LDP_READERS - 1)] = insn.imm;
		return w->calls >= LDP_READERS ? 1 : 0;
	}
	if (BPF_CLASS(insn.code) == BPF_LDX &&
	    (BPF_MODE(insn.code) == LDP_PROBE_MEM || BPF_MODE(insn.code) == LDP_PROBE_MEMSX))
		w->reads = 1;
	/* a kfunc hands out kernel objects the verifier trusts, or reads them */
	if (insn.code == (BPF_JMP | BPF_CALL) && insn.src_reg == BPF_PSEUDO_KFUNC_CALL)
		w->reads = 1;
	/* a typed ksym, a kernel variable (before the verifier: it clears it) */
	if (insn.code == (BPF_LD | BPF_IMM | BPF_DW) && insn.src_reg == BPF_PSEUDO_BTF_ID)
		w->reads = 1;
	for (int r = 0; r < LDP_READERS; r++)
		if (is_helper_call(&insn) && insn.imm == w->imm[r])
			w->reads = 1;
	for (int r = 0; r < LDP_READERS_NET; r++)
		if (is_helper_call(&insn) && w->net_imm[r] && insn.imm == w->net_imm[r])
			w->reads = 1;
	/* bpf_dynptr_slice(_rdwr)(), by its vmlinux BTF id */
	if (w->find_slices && insn.code == (BPF_JMP | BPF_CALL) &&
	    insn.src_reg == BPF_PSEUDO_KFUNC_CALL && !insn.off && insn.imm &&
	    (insn.imm == ldp_slice_kfuncs[0] || insn.imm == ldp_slice_kfuncs[1]))
		w->slices = 1;
	if (w->find_slices)
		return w->slices || (w->reads && w->reads_matter);
	return w->reads != 0;
}

/* Walk @prog's instructions, as the verifier left them. */
static __always_inline void insn_walk(const struct bpf_prog *prog, struct insn_walk *w)
{
	__u32 zero = unknown_zero();
	__u64 addr = 0;

	w->calls = zero;
	w->reads = zero;
	w->cannot = zero;
	w->slices = zero;
	w->subprog_calls = zero;
	w->callbacks = zero;
	w->tail_calls = zero;
	w->dynptrs = zero;
	/*
	 * Never taken: the counts the walk may have reached, as far as Linux
	 * 6.1's verifier is to know when it checks the walk once
	 * (unknown_zero()), so that it keeps every test of them.
	 */
	if (zero) {
		w->calls = bpf_get_prandom_u32();
		w->reads = bpf_get_prandom_u32();
		w->cannot = bpf_get_prandom_u32();
		w->slices = bpf_get_prandom_u32();
		w->subprog_calls = bpf_get_prandom_u32();
		w->callbacks = bpf_get_prandom_u32();
		w->tail_calls = bpf_get_prandom_u32();
		w->dynptrs = bpf_get_prandom_u32();
	}
	bpf_probe_read_kernel(&addr, sizeof(addr), &prog);
	w->at = addr + bpf_core_field_offset(struct bpf_prog, insnsi);
	w->len = prog->len;
	bpf_loop(1 << 23, insn_walk_one, w, 0);
}

/*
 * ldp_readers, the object's own program that calls the helpers that
 * read kernel memory without asking (control.bpf.c), and
 * ldp_readers_percpu and ldp_readers_net, and ldp_dynptrs, which calls
 * the dynptr helpers: the verifier rewrote each call to the helper's
 * address, which the guard looks for in other programs.
 */
static __always_inline void learn_readers(struct ldp_guard *g, const struct bpf_prog *prog)
{
	struct insn_walk w = { .learn = 1 };
	bool percpu = g->reader_percpu_id && prog->aux->id == g->reader_percpu_id;
	bool net = g->reader_net_id && prog->aux->id == g->reader_net_id;
	bool dyn = g->dynptr_id && prog->aux->id == g->dynptr_id;
	int want = percpu ? LDP_READERS_PERCPU : net ? LDP_READERS_NET :
		   dyn ? LDP_DYNPTR_HELPERS : LDP_READERS - LDP_READERS_PERCPU;
	__u32 bit = percpu ? 2 : net ? 4 : dyn ? 8 : 1;
	__s32 imm[LDP_READERS];

	if (!percpu && !net && !dyn && prog->aux->id != g->reader_id)
		return;
	if (g->readers_learnt & bit)
		return;
	insn_walk(prog, &w);
	if (w.cannot || w.calls != (__u32)want)
		return;
	/* copied whole: the verifier refuses a read of part of what it wrote */
	if (bpf_probe_read_kernel(imm, sizeof(imm), w.imm))
		return;
	for (int i = 0; i < LDP_READERS; i++)
		for (int j = 0; j < i; j++)
			if (i < want && imm[i] == imm[j])
				return;
	if (dyn) {
		/* 0 is "none" to the walk: no helper is at __bpf_call_base */
		for (int i = 0; i < LDP_READERS; i++) {
			if (i < want && !imm[i])
				return;
			g->dynptr_imm[i] = i < want ? imm[i] : 0;
		}
	} else if (net) {
		/* 0 is "none" to the walk: no helper is at __bpf_call_base */
		if (!imm[0] || !imm[1])
			return;
		g->reader_net_imm[0] = imm[0];
		g->reader_net_imm[1] = imm[1];
	} else if (percpu) {
		g->reader_imm[LDP_READERS - 2] = imm[0];
		g->reader_imm[LDP_READERS - 1] = imm[1];
	} else {
		for (int i = 0; i < LDP_READERS - LDP_READERS_PERCPU; i++)
			g->reader_imm[i] = imm[i];
		/* no per-CPU calls (yet): their slots repeat the first */
		if (!(g->readers_learnt & 2))
			for (int i = LDP_READERS - LDP_READERS_PERCPU; i < LDP_READERS; i++)
				g->reader_imm[i] = imm[0];
	}
	g->readers_learnt |= bit;
}

/*
 * Does @prog read kernel memory without asking? bpf_skb_output() and
 * bpf_xdp_output() are looked for in the programs that can give them a
 * kernel object: tracing and LSM ones (a networking program's
 * bpf_perf_event_output() calls the same functions, with its own packet).
 */
static __always_inline bool reads_kernel(const struct ldp_guard *g, const struct bpf_prog *prog)
{
	struct insn_walk w = { .imm = { g->reader_imm[0], g->reader_imm[1], g->reader_imm[2],
					g->reader_imm[3], g->reader_imm[4], g->reader_imm[5],
					g->reader_imm[6], g->reader_imm[7] } };

	if (!readers_known(g))
		return true;	/* cannot tell */
	if (prog->type == BPF_PROG_TYPE_TRACING || prog->type == BPF_PROG_TYPE_LSM) {
		w.net_imm[0] = g->reader_net_imm[0];
		w.net_imm[1] = g->reader_net_imm[1];
	}
	insn_walk(prog, &w);
	return w.reads || w.cannot;
}

/*
 * Is @prog one whose context hands it pointers the verifier trusts, and
 * so lets it load from with plain loads (from Linux 6.2, kernel/bpf/btf.c
 * prog_args_trusted()): an LSM program, a tp_btf or iterator program, a
 * struct_ops one, a netfilter one? Its loads cannot be told from its
 * stack's.
 */
static __always_inline bool trusted_args(const struct bpf_prog *prog)
{
	if (!bpf_core_enum_value_exists(enum bpf_type_flag, PTR_TRUSTED))
		return false;
	if (prog->type == BPF_PROG_TYPE_LSM || prog->type == BPF_PROG_TYPE_STRUCT_OPS)
		return true;
	/* from 6.4: its context's skb and hook state */
	if (bpf_core_enum_value_exists(enum bpf_prog_type___ldp, BPF_PROG_TYPE_NETFILTER___ldp) &&
	    prog->type == bpf_core_enum_value(enum bpf_prog_type___ldp,
					      BPF_PROG_TYPE_NETFILTER___ldp))
		return true;
	return prog->type == BPF_PROG_TYPE_TRACING &&
	       (prog->expected_attach_type == BPF_TRACE_RAW_TP ||
		prog->expected_attach_type == BPF_TRACE_ITER);
}

/* The most maps a program uses (include/linux/bpf.h: MAX_USED_MAPS). */
#define LDP_MAX_USED_MAPS 64

/* include/linux/err.h: IS_ERR_OR_NULL(), of an address */
static __always_inline bool err_or_null(__u64 p)
{
	return !p || p >= (__u64)-4095;
}

/*
 * Has the map at @map (an address) values that hold a kptr? What it
 * keeps of its value's fields is NULL, or an error pointer (6.1: a value
 * that is no struct), where it has none, as the kernel's
 * btf_record_has_field() and 6.1's map_value_has_kptrs() read it.
 */
static __always_inline bool map_has_kptr(__u64 map)
{
	__u64 rec = 0, tab = 0;
	__u32 mask = 0, kptrs = 0;

	if (bpf_core_field_exists(struct bpf_map, record)) {
		if (bpf_probe_read_kernel(&rec, sizeof(rec),
					  (void *)(map + bpf_core_field_offset(struct bpf_map, record))))
			return true;
		if (err_or_null(rec))
			return false;
		if (bpf_probe_read_kernel(&mask, sizeof(mask),
					  (void *)(rec + bpf_core_field_offset(struct btf_record,
									       field_mask))))
			return true;
		if (bpf_core_enum_value_exists(enum btf_field_type___ldp, BPF_KPTR_UNREF___ldp))
			kptrs |= bpf_core_enum_value(enum btf_field_type___ldp, BPF_KPTR_UNREF___ldp);
		if (bpf_core_enum_value_exists(enum btf_field_type___ldp, BPF_KPTR_REF___ldp))
			kptrs |= bpf_core_enum_value(enum btf_field_type___ldp, BPF_KPTR_REF___ldp);
		if (bpf_core_enum_value_exists(enum btf_field_type___ldp, BPF_KPTR_PERCPU___ldp))
			kptrs |= bpf_core_enum_value(enum btf_field_type___ldp,
						     BPF_KPTR_PERCPU___ldp);
		/* a kernel with records and no kptr bits known: cannot tell */
		return !kptrs || (mask & kptrs);
	}
	if (bpf_core_field_exists(struct bpf_map___61, kptr_off_tab)) {
		if (bpf_probe_read_kernel(&tab, sizeof(tab),
					  (void *)(map + bpf_core_field_offset(struct bpf_map___61,
									       kptr_off_tab))))
			return true;
		return !err_or_null(tab);
	}
	return false;	/* no kptrs in this kernel */
}

/*
 * Does @prog use a map whose values hold kptrs, or a map of such maps?
 * From Linux 6.2, a load of a referenced kptr to a task, a cgroup or a
 * cpumask (bpf_kptr_xchg() stored it, what a kfunc handed out) gives a
 * pointer the verifier trusts inside the program's RCU section
 * (MEM_RCU), loaded from with plain loads: any program with the map
 * reads the kernel object (a red team's tc program read PID 1's task,
 * its stack canary among it, on Debian 13's kernel under
 * confidentiality, from a map a program had filled while the policy
 * allowed kfuncs). The instructions do not tell such a load from a map
 * value's; the map says it may be one. Cannot read the maps: counted as
 * such a program.
 */
static __always_inline bool uses_kptr_map(const struct bpf_prog *prog)
{
	const struct bpf_prog_aux *aux = prog->aux;
	__u32 n = aux->used_map_cnt;
	__u64 base = 0;

	if (!n)
		return false;
	if (n > LDP_MAX_USED_MAPS ||
	    bpf_probe_read_kernel(&base, sizeof(base), &aux->used_maps) || !base)
		return true;
	for (__u32 i = 0; i < LDP_MAX_USED_MAPS; i++) {
		__u64 map = 0, inner = 0;

		if (i >= n)
			break;
		if (bpf_probe_read_kernel(&map, sizeof(map), (void *)(base + 8ULL * i)) || !map)
			return true;
		if (map_has_kptr(map))
			return true;
		if (bpf_probe_read_kernel(&inner, sizeof(inner),
					  (void *)(map + bpf_core_field_offset(struct bpf_map,
									       inner_map_meta))))
			return true;
		if (inner && map_has_kptr(inner))
			return true;
	}
	return false;
}

/*
 * Is @prog a kprobe program for a kprobe_multi link (or a kprobe session,
 * made the same way)? Its link is a set of kprobes made by bpf(2), which
 * a stock kernel asks nothing for, where a kprobe event or a kprobe perf
 * event asks LOCKDOWN_KPROBES; the program reads the kernel's registers
 * at each probe.
 */
static __always_inline bool kprobe_multi(const struct bpf_prog *prog)
{
	__u32 t = prog->expected_attach_type;

	if (prog->type != BPF_PROG_TYPE_KPROBE)
		return false;
	if (bpf_core_enum_value_exists(enum bpf_attach_type___ldp, BPF_TRACE_KPROBE_MULTI___ldp) &&
	    t == bpf_core_enum_value(enum bpf_attach_type___ldp, BPF_TRACE_KPROBE_MULTI___ldp))
		return true;
	return bpf_core_enum_value_exists(enum bpf_attach_type___ldp,
					  BPF_TRACE_KPROBE_SESSION___ldp) &&
	       t == bpf_core_enum_value(enum bpf_attach_type___ldp, BPF_TRACE_KPROBE_SESSION___ldp);
}

/*
 * Is @prog an fentry, fexit or fmod_ret program on a kernel function
 * (its attach BTF the kernel's or a module's; one on a BPF program has
 * none)? The BPF trampoline hands it the function's arguments as passed,
 * what a kprobe there sees, and a stock kernel asks nothing as it is
 * attached (our kernels ask LOCKDOWN_KPROBES then).
 */
static __always_inline bool kernel_tracing(const struct bpf_prog *prog)
{
	__u32 t = prog->expected_attach_type;

	if (prog->type != BPF_PROG_TYPE_TRACING || !prog->aux->attach_btf)
		return false;
	return t == BPF_TRACE_FENTRY || t == BPF_TRACE_FEXIT || t == BPF_MODIFY_RETURN;
}

/*
 * Is @type one whose helpers change packet data (net/core/filter.c:
 * bpf_helper_changes_pkt_data()), freeing what a packet pointer pointed
 * to: the skb's old head (pskb_expand_head()), an XDP frag's page?
 */
static __always_inline bool changes_packets(__u32 type)
{
	switch (type) {
	case BPF_PROG_TYPE_SCHED_CLS:
	case BPF_PROG_TYPE_SCHED_ACT:
	case BPF_PROG_TYPE_XDP:
	case BPF_PROG_TYPE_LWT_IN:
	case BPF_PROG_TYPE_LWT_OUT:
	case BPF_PROG_TYPE_LWT_XMIT:
	case BPF_PROG_TYPE_LWT_SEG6LOCAL:
	case BPF_PROG_TYPE_SOCK_OPS:
	case BPF_PROG_TYPE_SK_SKB:
	case BPF_PROG_TYPE_SK_MSG:
		return true;
	default:
		return false;
	}
}

/* The most functions a program has (include/linux/bpf_verifier.h). */
#define LDP_MAX_SUBPROGS 256

/* Has @prog a function with global linkage past its main one? */
static __always_inline bool has_global_subprog(const struct bpf_prog *prog)
{
	const struct bpf_prog_aux *aux = prog->aux;
	__u32 n = aux->func_info_cnt, size = bpf_core_type_size(struct bpf_func_info_aux);
	__u32 off = bpf_core_field_offset(struct bpf_func_info_aux, linkage);
	__u64 base = 0;

	if (n < 2)
		return false;
	/* a scalar, to index: the verifier takes no variable offset of a BTF pointer */
	if (bpf_probe_read_kernel(&base, sizeof(base), &aux->func_info_aux) || !base ||
	    n > LDP_MAX_SUBPROGS)
		return true;
	for (__u32 i = 1; i < LDP_MAX_SUBPROGS; i++) {
		__u16 linkage;

		if (i >= n)
			break;
		if (bpf_probe_read_kernel(&linkage, sizeof(linkage), (void *)(base + i * size + off)))
			return true;
		if (linkage == BTF_FUNC_GLOBAL)
			return true;
	}
	return false;
}

/*
 * Has @prog a global subprogram whose arguments the verifier may trust?
 * From Linux 6.8 a global subprogram's pointer argument may be tagged
 * trusted (arg:trusted), and 6.12's verifier hands it any BTF pointer its
 * caller holds, trusted or not (check_reg_type() takes a plain
 * PTR_TO_BTF_ID for it; later kernels refuse one), as trusted: the loads
 * through it are plain ones, and a pointer loaded there handed to the
 * next such subprogram is trusted in turn (a red team read the TCP Fast
 * Open key so, from a cgroup/connect4 program's bpf_skc_to_tcp_sock(), on
 * Debian 13's kernel under confidentiality). Which arguments are tagged
 * the verified program does not keep: any global subprogram, on a kernel
 * that trusts pointers at all (6.2 on).
 */
static __always_inline bool global_args_trusted(const struct bpf_prog *prog)
{
	return bpf_core_enum_value_exists(enum bpf_type_flag, PTR_TRUSTED) &&
	       has_global_subprog(prog);
}

/*
 * Is @prog one a stock kernel's verifier checks too little? First, of a
 * type whose helpers change packet data, one that could use packet data
 * after a change of it freed that data. Two ways to be:
 *   - a global subprogram: the verifier checks one on its own, a pointer
 *     argument as memory of its size, which its caller may fill with
 *     packet data, and which outlives the subprogram's own change of
 *     packet data (no stock kernel refuses that; ours does); and, before
 *     Linux 6.13 and the stable kernels that took its fix, its caller's
 *     packet pointers outlive the subprogram's change too;
 *   - a subprogram and a tail call: a subprogram's bpf_tail_call() runs
 *     a program that may change packet data and whose exit returns to
 *     the subprogram's caller, whose packet pointers the verifier kept
 *     before Linux 6.14 and the stable kernels that took its fix
 *     (Debian 12's 6.1 keeps them).
 * Either reads and writes the freed head or page. Which subprograms take
 * such arguments, or change packet data, the verified program does not
 * say (its helper calls are addresses by then); the linkage the verifier
 * kept per function, and the instructions that call a subprogram or
 * tail-call, do. Cannot read them: counted as such a program.
 *
 * And, on a kernel whose verifier checks a callback once, as its first
 * call finds the state (6.1: callback_depth is not there), any program,
 * of any type, that hands a callback to bpf_loop() or the like: what the
 * callback does from its second call on is never checked (a red team's
 * bpf_loop() callback read and wrote an skb head its own first call had
 * freed, on Debian 12's kernel). That verifier also takes a dynptr
 * argument's stack slot from its constant offset alone (6.2's fix), so
 * any program that calls a dynptr helper: a dynptr of root's making,
 * where the verifier sees the one the program made, reads and writes any
 * kernel address (a red team's, on Debian 12's kernel).
 */
static __always_inline bool verifier_blind_spot(const struct ldp_guard *g,
						const struct bpf_prog *prog)
{
	bool packets = changes_packets(prog->type);
	bool once = !bpf_core_field_exists(struct bpf_func_state___ldp, callback_depth);
	struct insn_walk w = { .find_calls = 1, .dynptrs_matter = once,
			       .imm = { g->dynptr_imm[0], g->dynptr_imm[1], g->dynptr_imm[2],
					g->dynptr_imm[3], g->dynptr_imm[4], g->dynptr_imm[5],
					g->dynptr_imm[6], g->dynptr_imm[7] } };

	if (!packets && !once)
		return false;
	if (packets && has_global_subprog(prog))
		return true;
	/* the dynptr helpers' calls unknown: cannot tell */
	if (once && g->dynptr_id && !(g->readers_learnt & 8))
		return true;
	insn_walk(prog, &w);
	if (w.cannot || (once && (w.callbacks || w.dynptrs)))
		return true;
	return packets && (w.subprog_calls || w.callbacks) && w.tail_calls;
}

/*
 * An fd to a program, new or by id or pin, while the object guards:
 *   - none to a program that extends or replaces one of the object's
 *     (freplace: a BPF_PROG_TYPE_EXT program loaded against it), nor to
 *     an extension of a program of the object's types, which could be
 *     linked to one of the object's later;
 *   - none to a program loaded before the guards that would run before
 *     the object's own once attached: attaching needs an fd, and
 *     ldpolicy, which asks for one to every program before it arms the
 *     object, is refused too, and so refuses to arm it;
 *   - whatever the policy denies, none to a program loaded since the
 *     object began to guard, of a type whose helpers change packet data,
 *     that has a global subprogram, or a subprogram and a tail call:
 *     either uses packet data after a change of packet data freed it;
 *     nor, where the verifier checks a callback once (6.1), to any new
 *     program, of any type, that hands a callback to bpf_loop() or the
 *     like, or calls a dynptr helper (verifier_blind_spot());
 *   - while the policy denies LOCKDOWN_PERF, none to a new perf_event
 *     program: it reads the registers each sample interrupted, the
 *     kernel's too, as PERF_SAMPLE_REGS_INTR does (on a hardware
 *     breakpoint at a kernel instruction, whatever the kernel holds
 *     there, keys among it), and a stock kernel asks nothing when it is
 *     attached (our kernels ask LOCKDOWN_PERF then, of events that do not
 *     exclude the kernel; the backend cannot tell the events apart
 *     without a race, so refuses the program);
 *   - while the policy denies LOCKDOWN_KPROBES, none to a new kprobe
 *     program for a kprobe_multi link or a kprobe session, nor to a new
 *     fentry, fexit or fmod_ret program on a kernel function: each sees
 *     a kernel function's arguments, an AES key's round keys among them
 *     (our kernels ask LOCKDOWN_KPROBES as the link is made);
 *   - while the policy denies LOCKDOWN_TRACEFS, none to a new tracepoint
 *     program: attached to a trace event through perf, its context is
 *     the event's record, what tracefs shows and PERF_SAMPLE_RAW gives
 *     (lsm/perf_event_alloc refuses that), read with plain loads;
 *   - while the policy denies LOCKDOWN_BPF_READ_KERNEL, none to a new
 *     program that reads kernel memory without asking it, or may with
 *     plain loads (trusted arguments, kfuncs; a program whose fd is
 *     refused as it is loaded is freed), nor to one that uses a map
 *     whose values hold kptrs (uses_kptr_map()), nor, from 6.2, to one
 *     with a global subprogram (global_args_trusted()). One loaded before
 *     the policy denied the reason is not revoked, as on the kernel's own
 *     lockdown, and stays to be had by id (ldpolicy asks for an fd to
 *     every program): what tells the two apart is the program's id
 *     against the highest seen when the policy came to deny it (ids
 *     are given as a load ends; a load time is taken as it begins, and
 *     a load that began before the denial and ended after it would pass
 *     under it), and its load time against the denial's (ids wrap, after
 *     some 2^31 loads, to free ones below the mark; and once ids come
 *     near their wrap, no program counts as loaded before:
 *     ldp_prog_after()), not a reference count, which a thread asking
 *     for the new program by id as it is loaded could raise.
 */
SEC("lsm/bpf_prog")
int BPF_PROG(ldp_guard_bpf_prog, struct bpf_prog *prog, int ret)
{
	__u32 id = prog->aux->id;
	__u64 at = prog->aux->load_time;
	struct ldp_guard *g;
	struct bpf_prog *dst;

	if (!guarding())
		return ret;
	g = guard();
	if (!g)
		return ret ?: -EPERM;
	/*
	 * Every id given comes here (bpf_prog_new_fd()), also one whose fd
	 * an LSM before this one refuses: seen before ids could wrap.
	 */
	if (id >= LDP_PROG_ID_NEAR_WRAP)
		g->ids_near_wrap = 1;
	if (ret)
		return ret;
	/* a lost race between two CPUs leaves it lower: stricter, not looser */
	if (id > g->max_prog_id)
		g->max_prog_id = id;
	if (own_prog(g, prog)) {
		learn_readers(g, prog);
		return 0;
	}
	/* on one of the object's programs, or one under its id: refused */
	dst = prog->aux->dst_prog;
	if (dst && own_prog_id(g, dst->aux->id))
		return -EPERM;
	if (would_run_first(prog))
		return -EPERM;
	if (ldp_prog_after(id, at, (__u32)-1, g->setup_ns, g->ids_near_wrap) &&
	    verifier_blind_spot(g, prog))
		return -EPERM;
	if (policy_denies(bpf_core_enum_value(enum lockdown_reason, LOCKDOWN_BPF_READ_KERNEL)) &&
	    ldp_prog_after(id, at, g->read_kernel_max_id, g->read_kernel_ns, g->ids_near_wrap) &&
	    (trusted_args(prog) || reads_kernel(g, prog) || uses_kptr_map(prog) ||
	     global_args_trusted(prog)))
		return -EPERM;
	if (prog->type == BPF_PROG_TYPE_PERF_EVENT &&
	    ldp_prog_after(id, at, g->perf_max_id, g->perf_ns, g->ids_near_wrap) &&
	    policy_denies(bpf_core_enum_value(enum lockdown_reason, LOCKDOWN_PERF)))
		return -EPERM;
	if ((kprobe_multi(prog) || kernel_tracing(prog)) &&
	    ldp_prog_after(id, at, g->kprobes_max_id, g->kprobes_ns, g->ids_near_wrap) &&
	    policy_denies(bpf_core_enum_value(enum lockdown_reason, LOCKDOWN_KPROBES)))
		return -EPERM;
	if (prog->type == BPF_PROG_TYPE_TRACEPOINT &&
	    ldp_prog_after(id, at, g->tracefs_max_id, g->tracefs_ns, g->ids_near_wrap) &&
	    policy_denies(bpf_core_enum_value(enum lockdown_reason, LOCKDOWN_TRACEFS)))
		return -EPERM;
	return 0;
}

/*
 * From Linux 6.9, a program as it is loaded, before the verifier
 * (security_bpf_prog_load() runs once its instructions are copied in,
 * so they are the kernel's own copy): while the policy denies
 * LOCKDOWN_BPF_READ_KERNEL, no kfunc call, which the verifier may inline
 * out of lsm/bpf_prog's sight (bpf_cast_to_kern_ctx() becomes r0 = r1,
 * and hands a socket filter the kernel's sk_buff to load from), and no
 * typed ksym. Optional: on a kernel without the hook, lsm/bpf_prog sees
 * what the verifier leaves (6.1 inlines no kfunc).
 *
 * And whatever the policy denies, no call of bpf_dynptr_slice() or
 * bpf_dynptr_slice_rdwr() (6.4 on), which return the buffer they are
 * handed where the data is not contiguous: a buffer on the stack makes
 * that a pointer into the stack the verifier of a kernel without our fix
 * does not see as one, through which a program rewrites a pointer it
 * spilled there and stores at any kernel address. Which loads hand them
 * a stack buffer the walk cannot tell, and after the verifier a kfunc
 * call no longer names its kfunc: refused as loaded, where there is the
 * hook (Debian 13's kernel has both).
 */
SEC("lsm/bpf_prog_load")
int BPF_PROG(ldp_unasked_bpf_prog_load, struct bpf_prog *prog, union bpf_attr *attr, void *token,
	     int ret)
{
	struct insn_walk w = { .find_slices = 1 };

	if (ret)
		return ret;
	if (!guarding())
		return 0;
	w.reads_matter = policy_denies(bpf_core_enum_value(enum lockdown_reason,
							   LOCKDOWN_BPF_READ_KERNEL));
	insn_walk(prog, &w);
	return refuse_if(w.cannot || w.slices || (w.reads && w.reads_matter));
}
