// SPDX-License-Identifier: GPL-2.0
/*
 * The BPF backend's syscall programs, run by ldpolicy with
 * BPF_PROG_TEST_RUN: the only ways to change the object's state.
 *
 *   ldp_guard_on  the guards of guard_bpf.bpf.c and guard_sysctl.bpf.c act
 *   ldp_guard_off they stop, on an object that was never armed: a setup
 *                 that gives up takes them down before it goes
 *   ldp_arm       the object enforces and guards its pins, if nothing but
 *                 its own programs holds its maps
 *   ldp_load      apply a blob: bits only ever set
 *   ldp_seal      no more loads until reboot
 *   ldp_read      copy the state out, with the references to each map
 *
 * No reason number is written here: the levels resolve by name against
 * the running kernel's BTF (bpf_core_enum_value), and the policy's
 * reasons were resolved by ldpolicy against the same BTF, checked through
 * the table's fingerprint.
 */
#include "ldp_object.h"

#include <bpf/bpf_tracing.h>

struct net_device;
struct sk_buff;
struct xdp_buff;

/*
 * The running kernel's reason table fingerprint, as 64-bit words: set by
 * ldpolicy before the object loads, frozen from then on.
 */
#define LDP_FP_WORDS (LOCKDOWN_POLICY_FINGERPRINT_SIZE / 8)
const volatile __u64 ldp_fingerprint[LDP_FP_WORDS];

static __always_inline __u32 nr_reasons(void)
{
	return bpf_core_enum_value(enum lockdown_reason, LOCKDOWN_CONFIDENTIALITY_MAX);
}

static __always_inline __u32 integrity_max(void)
{
	return bpf_core_enum_value(enum lockdown_reason, LOCKDOWN_INTEGRITY_MAX);
}

/*
 * CAP_MAC_ADMIN in the initial user namespace, as lockdown_policy asks.
 * Followed as BTF pointers from the current task, read directly.
 */
static __always_inline bool caller_is_mac_admin(void)
{
	struct task_struct *task = bpf_get_current_task_btf();
	const struct cred *cred = task->cred;

	if (cred->user_ns->level != 0)
		return false;
	if (bpf_core_field_exists(((struct cred___v61 *)0)->cap_effective.cap)) {
		const struct cred___v61 *old = (const void *)cred;

		return old->cap_effective.cap[LDP_CAP_MAC_ADMIN / 32] &
		       (1U << (LDP_CAP_MAC_ADMIN % 32));
	}
	return cred->cap_effective.val & (1ULL << LDP_CAP_MAC_ADMIN);
}

/* May the caller change the armed state @st? 0, or the errno to refuse with. */
static __always_inline int may_change(const struct ldp_state *st)
{
	if (!st)
		return -EFAULT;
	if (!caller_is_mac_admin())
		return -EPERM;
	if (!st->armed)
		return -ENODEV;
	return 0;
}

/* A try-lock on the state for load and seal: they must not interleave. */
static __always_inline bool state_trylock(struct ldp_state *st)
{
	return __sync_val_compare_and_swap(&st->busy, 0, 1) == 0;
}

static __always_inline void state_unlock(struct ldp_state *st)
{
	__sync_val_compare_and_swap(&st->busy, 1, 0);
}

/*
 * The references the kernel counts to one of the object's maps: every
 * program that uses it, fd, outer map and link that holds it. A map's
 * fields are read through the map itself (the verifier allows reading
 * struct bpf_map from a map pointer).
 */
static __always_inline __u64 map_refs(void *map)
{
	return ((struct bpf_map *)map)->refcnt.counter;
}

/* Its id, by which ldpolicy knows which map each program uses. */
static __always_inline __u32 map_id(void *map)
{
	return ((struct bpf_map *)map)->id;
}

/*
 * The guards against new programs and against clearing
 * kernel.ftrace_enabled act from here on, before ldpolicy checks what is
 * already loaded and arms the object: nothing can slip in between. @ctx
 * names the object's programs, which the guards let through.
 */
SEC("syscall")
int ldp_guard_on(struct ldp_guard_on_ctx *ctx)
{
	struct ldp_state *st = state();
	struct ldp_guard *g = guard();
	__u32 n = ctx->nr_progs;

	if (!st || !g)
		return -EFAULT;
	if (!caller_is_mac_admin())
		return -EPERM;
	/* once: whoever calls it first names the programs the guards let by */
	if (st->armed || st->guards_named)
		return -EALREADY;
	st->guards_named = 1;
	if (n > LDP_GUARD_PROGS)
		return -E2BIG;
#pragma unroll
	for (int i = 0; i < LDP_GUARD_PROGS; i++)
		g->prog_ids[i] = ctx->prog_ids[i];
	g->nr_progs = n;
	g->reader_id = ctx->reader_id;
	g->reader_percpu_id = ctx->reader_percpu_id;
	g->reader_net_id = ctx->reader_net_id;
	g->dynptr_id = ctx->dynptr_id;
	g->setup_tgid = bpf_get_current_pid_tgid() >> 32;
	g->setup_ns = bpf_ktime_get_boot_ns();
	st->guarding = 1;
	return 0;
}

/*
 * Never run: the verifier rewrites these calls to the helpers'
 * addresses, which lsm/bpf_prog learns from here when ldpolicy opens
 * this program during setup, and then looks for in other programs.
 * Each helper reads kernel memory through a pointer it is given
 * (bpf_snprintf()'s, bpf_trace_printk()'s and bpf_trace_vprintk()'s %s,
 * bpf_snprintf_btf()'s object) and asks nothing; or hands out kernel
 * memory that the verifier lets a program load from with plain loads
 * (a task the verifier trusts from Linux 6.2, its registers; per-CPU
 * variables in ldp_readers_percpu). (Loading a program that calls
 * bpf_trace_printk() enables the bpf_trace_printk trace event, as the
 * kernel does for any such program; nothing is written to it.)
 */
SEC("syscall")
int ldp_readers(struct ldp_guard_on_ctx *ctx)
{
	static const char fmt[] = "%s";
	__u64 args[1] = { (__u64)ctx };
	char out[8];
	struct btf_ptr ptr = { .ptr = ctx };

	if (ctx->nr_progs == 1)
		bpf_snprintf(out, sizeof(out), fmt, args, sizeof(args));
	if (ctx->nr_progs == 2)
		bpf_snprintf_btf(out, sizeof(out), &ptr, sizeof(ptr), 0);
	if (ctx->nr_progs == 3)
		bpf_trace_printk(fmt, sizeof(fmt), (__u64)ctx);
	if (ctx->nr_progs == 4)
		bpf_trace_vprintk(fmt, sizeof(fmt), args, sizeof(args));
	if (ctx->nr_progs == 5)
		bpf_task_pt_regs(bpf_get_current_task_btf());
	return 0;
}

/*
 * Never run either: the per-CPU helpers, on a per-CPU variable. Loaded
 * only where the kernel's BTF has per-CPU variables and the kernel can
 * find them (kallsyms: not every configuration lists data symbols);
 * elsewhere no program can name one, and ldpolicy leaves it out
 * (bpf_tags.c).
 */
SEC("syscall")
int ldp_readers_percpu(struct ldp_guard_on_ctx *ctx)
{
	if (ctx->nr_progs == 1)
		bpf_this_cpu_ptr(&runqueues);
	if (ctx->nr_progs == 2)
		bpf_per_cpu_ptr(&runqueues, 0);
	return 0;
}

/*
 * Never run, nor attached (ldpolicy turns its attachment off): the two
 * helpers that copy a networking object's data into a perf buffer, which
 * a tracing or LSM program can call with any sk_buff or xdp_buff it is
 * given (an fentry program on netlink_rcv_skb() reads the messages other
 * processes send the kernel, an IKE daemon's SA keys among them), asking
 * nothing. Loaded against a function given both, in every kernel with
 * networking; where the kernel lacks it, no program can call either, and
 * ldpolicy leaves it out (bpf_tags.c).
 */
/* one entry: libbpf would size it from sysfs, which ldpolicy sees elsewhere */
struct {
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
	__uint(max_entries, 1);
	__uint(key_size, sizeof(__u32));
	__uint(value_size, sizeof(__u32));
} ldp_readers_out SEC(".maps");

SEC("fentry/xdp_do_generic_redirect")
int BPF_PROG(ldp_readers_net, struct net_device *dev, struct sk_buff *skb, struct xdp_buff *xdp)
{
	__u64 none = 0;

	bpf_skb_output(skb, &ldp_readers_out, 0, &none, sizeof(none));
	bpf_xdp_output(xdp, &ldp_readers_out, 0, &none, sizeof(none));
	return 0;
}

/*
 * Never run either: the helpers that make, use and end a dynptr. Linux
 * 6.1's verifier takes a dynptr argument's stack slot from the pointer's
 * constant offset alone (6.2 checks its variable offset too, "bpf: Fix
 * missing var_off check for ARG_PTR_TO_DYNPTR"): root makes the dynptr at
 * one slot while the verifier marks another, which holds a dynptr of
 * root's own making whose data is at any kernel address, and reads and
 * writes there through it (a red team's, on Debian 12's kernel with the
 * backend). Where the verifier is that old, the guard refuses programs
 * that call any of them (verifier_blind_spot()). Each is called once.
 */
struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 4096);
} ldp_dynptr_rb SEC(".maps");

/*
 * What bpf_dynptr_from_mem() is given: a map value (6.1 takes no other),
 * and one reached without a helper call, which the walk would count.
 */
__u64 ldp_dynptr_word;

SEC("syscall")
int ldp_dynptrs(void *ctx)
{
	struct bpf_dynptr local, rec;
	__u64 out;
	void *data;

	bpf_dynptr_from_mem(&ldp_dynptr_word, sizeof(ldp_dynptr_word), 0, &local);
	bpf_dynptr_read(&out, sizeof(out), &local, 0, 0);
	bpf_dynptr_write(&local, 0, &out, sizeof(out), 0);
	data = bpf_dynptr_data(&local, 0, sizeof(out));
	if (bpf_ringbuf_reserve_dynptr(&ldp_dynptr_rb, sizeof(out), 0, &rec)) {
		bpf_ringbuf_discard_dynptr(&rec, 0);
		return 0;
	}
	bpf_ringbuf_submit_dynptr(&rec, 0);
	return data != 0;
}

/*
 * A setup that gives up stops the guards of the object it abandons: their
 * links are released asynchronously, and until then they would refuse the
 * next setup's programs. Never once armed; before, the object enforces
 * nothing, and it is never armed after (ldp_arm wants the guards on, and
 * ldp_guard_on runs once).
 */
SEC("syscall")
int ldp_guard_off(void *ctx)
{
	struct ldp_state *st = state();
	struct ldp_guard *g = guard();

	if (!st || !g)
		return -EFAULT;
	if (!caller_is_mac_admin() || !is_setup_task(g))
		return -EPERM;
	if (st->armed)
		return -EALREADY;
	st->guarding = 0;
	return 0;
}

/*
 * Arm the object, once, after ldp_guard_on and after ldpolicy found
 * nothing loaded that could run before it, from the process that called
 * ldp_guard_on, in PID 1's mount namespace: no map of the object may have
 * a reference its own programs do not account for (@ctx; the loader has
 * closed its fds by then, so that an fd taken from it shows), as whoever
 * holds one could load a program that writes it. Then record
 * the pin directory (the caller's working directory), its bpffs, PID 1's
 * mount namespace for the guards, and accept loads.
 */
SEC("syscall")
int ldp_arm(struct ldp_arm_ctx *ctx)
{
	struct task_struct *task = bpf_get_current_task_btf(), *p = task;
	struct ldp_state *st = state();
	struct ldp_guard *g = guard();

	if (!st || !g)
		return -EFAULT;
	if (!caller_is_mac_admin() || !is_setup_task(g))
		return -EPERM;	/* only the process that set it up, from its directory */
	if (st->armed)
		return -EALREADY;
	if (!st->guarding)
		return -EINVAL;	/* ldp_guard_on first */
	if (!readers_known(g))
		return -ENOKEY;	/* ldpolicy opens ldp_readers before it arms */
	if (map_refs(&ldp_state) != ctx->refs[LDP_MAP_STATE] ||
	    map_refs(&ldp_guard) != ctx->refs[LDP_MAP_GUARD] ||
	    map_refs(&ldp_scratch) != ctx->refs[LDP_MAP_SCRATCH] ||
	    map_refs(&ldp_hooks) != ctx->refs[LDP_MAP_HOOKS])
		return -EBUSY;

	for (int i = 0; i < 64 && p && p->pid != 1; i++)
		p = p->real_parent;
	if (!p || p->pid != 1)
		return -ESRCH;
	/* PID 1's mount namespace, as the kernel has it, not as a /proc says */
	if (task->nsproxy->mnt_ns != p->nsproxy->mnt_ns)
		return -EXDEV;
	/* and its cgroup namespace: the sysctl guard is on the root of ldpolicy's */
	if (task->nsproxy->cgroup_ns != p->nsproxy->cgroup_ns)
		return -ENXIO;
	g->init_mnt_ns = (__u64)p->nsproxy->mnt_ns;
	g->dir = (__u64)task->fs->pwd.dentry->d_inode;
	g->sb = (__u64)task->fs->pwd.mnt->mnt_sb;

	st->version = LDP_STATE_VERSION;
	st->nr_reasons = nr_reasons();
	st->integrity_max = integrity_max();
#pragma unroll
	for (int i = 0; i < LDP_FP_WORDS; i++)
		st->fingerprint[i] = ldp_fingerprint[i];
	st->seg6_family = ldp_seg6_family;
	st->armed_ns = bpf_ktime_get_boot_ns();
	__sync_val_compare_and_swap(&st->armed, 0, 1);
	return 0;
}

/*
 * Apply a blob, as lockdown_policy's securityfs load file does: the same
 * checks in the same order, the same errnos, and nothing changed unless
 * it succeeds. Bits are only ever ORed in.
 */
SEC("syscall")
int ldp_load(struct ldp_load_ctx *ctx)
{
	__u64 want[LDP_WORDS], want_warn[LDP_WORDS], nr = nr_reasons(), imax = integrity_max();
	__u32 rk = bpf_core_enum_value(enum lockdown_reason, LOCKDOWN_BPF_READ_KERNEL);
	__u32 pf = bpf_core_enum_value(enum lockdown_reason, LOCKDOWN_PERF);
	__u32 kp = bpf_core_enum_value(enum lockdown_reason, LOCKDOWN_KPROBES);
	__u32 tf = bpf_core_enum_value(enum lockdown_reason, LOCKDOWN_TRACEFS);
	struct ldp_state *st = state();
	struct ldp_guard *g = guard();
	struct ldp_scratch *sc;
	__u32 zero = 0, nw;
	__u32 len = ctx->len, flags, version;
	__u64 now;
	int ret = may_change(st);

	if (ret)
		return ret;
	if (len > LOCKDOWN_POLICY_MAX_SIZE)
		return -E2BIG;
	if (len < sizeof(struct lockdown_policy_header))
		return -EINVAL;
	if (ctx->blob.hdr.magic != LOCKDOWN_POLICY_MAGIC)
		return -EBADMSG;
	version = ctx->blob.hdr.version;
	if (version < LOCKDOWN_POLICY_VERSION_MIN || version > LOCKDOWN_POLICY_VERSION)
		return -EPROTONOSUPPORT;
	if (ctx->blob.hdr.hdr_len != sizeof(struct lockdown_policy_header) ||
	    ctx->blob.hdr.reserved || !ctx->blob.hdr.nr_reasons ||
	    ctx->blob.hdr.nr_reasons > LOCKDOWN_POLICY_MAX_REASONS ||
	    len != LOCKDOWN_POLICY_BLOB_SIZE_OF(version, ctx->blob.hdr.nr_reasons))
		return -EINVAL;
	if (ctx->blob.hdr.nr_reasons != nr)
		return -ENOEXEC;
#pragma unroll
	for (int i = 0; i < LDP_FP_WORDS; i++)
		if (*(__u64 *)((void *)ctx + 8 + offsetof(struct lockdown_policy_header,
							 fingerprint) + 8 * i) != ldp_fingerprint[i])
			return -ENOEXEC;
	flags = ctx->blob.hdr.flags;
	if (flags & ~LOCKDOWN_POLICY_FLAGS_ALL)
		return -EOPNOTSUPP;

	/*
	 * The bitmaps, word by word at fixed offsets (the verifier wants
	 * them), through ldp_scratch: nw words of deny set, then (version 2)
	 * nw words of warn set. What lies past them in the context is not
	 * the blob's: its length was checked above.
	 */
	sc = bpf_map_lookup_elem(&ldp_scratch, &zero);
	if (!sc)
		return -EFAULT;
#pragma unroll
	for (int i = 0; i < LDP_SCRATCH_WORDS; i++)
		sc->w[i] = *(__u64 *)((void *)ctx + LDP_LOAD_BITMAP_OFF + 8 * i);
	/* the warn set (version 2) follows the deny set's nw words */
	nw = LOCKDOWN_POLICY_BITMAP_SIZE(nr) / 8;
#pragma unroll
	for (int i = 0; i < LDP_WORDS; i++) {
		__u32 at = nw + i;

		want[i] = (__u32)i < nw ? sc->w[i] : 0;
		want_warn[i] = version >= 2 && (__u32)i < nw && at < LDP_SCRATCH_WORDS ?
			       sc->w[at] : 0;
	}
#pragma unroll
	for (int i = 0; i < LDP_WORDS; i++) {
		__u64 valid = ~0ULL;

		if (64ULL * i >= nr)
			valid = 0;
		else if (64ULL * (i + 1) > nr)
			valid = (1ULL << (nr - 64 * i)) - 1;
		if (i == 0)
			valid &= ~1ULL;				/* LOCKDOWN_NONE */
		if (imax / 64 == i)
			valid &= ~(1ULL << (imax % 64));	/* INTEGRITY_MAX */
		if ((want[i] | want_warn[i]) & ~valid)
			return -ERANGE;
	}
#pragma unroll
	for (int i = 0; i < LDP_WORDS; i++)
		if (want[i] & want_warn[i])
			return -EINVAL;

	if (!state_trylock(st))
		return -EBUSY;
	if (st->sealed) {
		ret = -EPERM;
		goto out;
	}
	/* tighten only: denied stays denied, warned stays warned or is denied */
#pragma unroll
	for (int i = 0; i < LDP_WORDS; i++)
		if ((st->deny[i] & ~want[i]) || (st->warn[i] & ~(want[i] | want_warn[i]))) {
			ret = -EPERM;
			goto out;
		}
	/*
	 * BPF_READ_KERNEL (or PERF, KPROBES, TRACEFS) denied from now: the programs numbered
	 * above every one seen so far, or loaded from now on, are those its
	 * guard refuses (ldp_prog_after(), guard_bpf.bpf.c); noted before the
	 * bit is set, so that none given an fd after the bit slips under the
	 * mark (one in between is refused to ldpolicy too, which then cannot
	 * vouch: exit 3)
	 */
	now = bpf_ktime_get_boot_ns();
	if (g && want[rk / 64] & ~st->deny[rk / 64] & (1ULL << (rk % 64))) {
		g->read_kernel_max_id = g->max_prog_id;
		g->read_kernel_ns = now;
	}
	if (g && want[pf / 64] & ~st->deny[pf / 64] & (1ULL << (pf % 64))) {
		g->perf_max_id = g->max_prog_id;
		g->perf_ns = now;
	}
	if (g && want[kp / 64] & ~st->deny[kp / 64] & (1ULL << (kp % 64))) {
		g->kprobes_max_id = g->max_prog_id;
		g->kprobes_ns = now;
	}
	if (g && want[tf / 64] & ~st->deny[tf / 64] & (1ULL << (tf % 64))) {
		g->tracefs_max_id = g->max_prog_id;
		g->tracefs_ns = now;
	}
	/* the hook reads @watch first: set it after what it points to */
#pragma unroll
	for (int i = 0; i < LDP_WORDS; i++) {
		__sync_fetch_and_or(&st->deny[i], want[i]);
		__sync_fetch_and_or(&st->warn[i], want_warn[i]);
	}
#pragma unroll
	for (int i = 0; i < LDP_WORDS; i++)
		__sync_fetch_and_or(&st->watch[i], want[i] | want_warn[i]);
	st->flags = flags & ~LOCKDOWN_POLICY_FLAG_SEAL;
	st->loads++;
	if (flags & LOCKDOWN_POLICY_FLAG_SEAL)
		st->sealed = 1;
out:
	state_unlock(st);
	return ret;
}

/* Refuse every later load until reboot. Sealing twice is not an error. */
SEC("syscall")
int ldp_seal(void *ctx)
{
	struct ldp_state *st = state();
	int ret = may_change(st);

	if (ret)
		return ret;
	if (!state_trylock(st))
		return -EBUSY;
	st->sealed = 1;
	state_unlock(st);
	return 0;
}

/*
 * Copy the state out, up to the ratelimit's bookkeeping, with each map's
 * id and the references the kernel counts to it. Word by word at fixed
 * offsets: a syscall program's context is reached no other way.
 */
SEC("syscall")
int ldp_read(struct ldp_read_ctx *ctx)
{
	const __u64 *from = (const __u64 *)state();
	__u64 *to = (__u64 *)&ctx->state;

	if (!from)
		return -EFAULT;
	ctx->refs[LDP_MAP_STATE] = map_refs(&ldp_state);
	ctx->refs[LDP_MAP_GUARD] = map_refs(&ldp_guard);
	ctx->refs[LDP_MAP_SCRATCH] = map_refs(&ldp_scratch);
	ctx->refs[LDP_MAP_HOOKS] = map_refs(&ldp_hooks);
	ctx->ids[LDP_MAP_STATE] = map_id(&ldp_state);
	ctx->ids[LDP_MAP_GUARD] = map_id(&ldp_guard);
	ctx->ids[LDP_MAP_SCRATCH] = map_id(&ldp_scratch);
	ctx->ids[LDP_MAP_HOOKS] = map_id(&ldp_hooks);
#pragma unroll
	for (int i = 0; i < (int)(LDP_READ_SIZE / 8); i++)
		to[i] = from[i];
	return 0;
}
