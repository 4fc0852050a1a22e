// SPDX-License-Identifier: GPL-2.0
/*
 * ldpolicy's BPF backend: lockdown_policy's semantics on a stock kernel,
 * as one BPF object.
 *
 * Enforcement: lsm/locked_down denies a reason whose bit is set in the
 * state's deny bitmap, counts the denial and records a ratelimited
 * notice. A reason in the warn bitmap (warn mode) is let through, counted,
 * and the asking task's comm recorded.
 *
 * Tighten-only by construction: the state is an array map created
 * BPF_F_RDONLY, so no syscall writes it. Its only writers are this
 * object's programs: ldp_load and ldp_seal (SEC("syscall"), run with
 * BPF_PROG_TEST_RUN), which only ever set bits, and the enforcement
 * program's counters. ldp_read copies the state out; nothing else hands
 * it out.
 *
 * Self-protection, once ldp_arm has armed the object: the guard programs
 * below refuse what would let root detach it or write its state another
 * way: an fd to its maps (by id or by pin, so no new program can name
 * them), an fd to its links by id, unlinking, renaming or replacing its
 * pins, unmounting its bpffs (or lazily unmounting what holds it) and
 * mounting over it. ldpolicy(8) lists what remains.
 *
 * No reason number is written here: the levels resolve by name against
 * the running kernel's BTF (bpf_core_enum_value), and the policy's
 * reasons were resolved by ldpolicy against the same BTF, checked through
 * the table's fingerprint.
 */
#include <linux/bpf.h>
#include <linux/errno.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>

#include "kernel_types.h"
#include "ldp_bpf.h"

char LICENSE[] SEC("license") = "GPL";

/*
 * The running kernel's reason table fingerprint, as 64-bit words: set by
 * ldpolicy before the object loads, frozen from then on.
 */
#define LDP_FP_WORDS (LOCKDOWN_POLICY_FINGERPRINT_SIZE / 8)
const volatile __u64 ldp_fingerprint[LDP_FP_WORDS];

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__uint(map_flags, BPF_F_RDONLY);
	__type(key, __u32);
	__type(value, struct ldp_state);
} ldp_state SEC(".maps");

/*
 * What the guards protect, recorded by ldp_arm: kernel pointers, so never
 * copied out (ldp_read copies ldp_state only).
 */
struct ldp_guard {
	__u64 dir;		/* struct inode * of the pin directory */
	__u64 sb;		/* struct super_block * of the bpffs holding it */
	__u64 init_mnt_ns;	/* struct mnt_namespace * of PID 1 */
	__u32 link_ids[LDP_MAX_LINKS];
	__u32 nr_links;
};

struct {
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

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__uint(map_flags, BPF_F_RDONLY);
	__type(key, __u32);
	__type(value, struct ldp_scratch);
} ldp_scratch SEC(".maps");

static __always_inline struct ldp_state *state(void)
{
	__u32 zero = 0;

	return bpf_map_lookup_elem(&ldp_state, &zero);
}

static __always_inline struct ldp_guard *guard(void)
{
	__u32 zero = 0;

	return bpf_map_lookup_elem(&ldp_guard, &zero);
}

static __always_inline __u32 nr_reasons(void)
{
	return bpf_core_enum_value(enum lockdown_reason, LOCKDOWN_CONFIDENTIALITY_MAX);
}

static __always_inline __u32 integrity_max(void)
{
	return bpf_core_enum_value(enum lockdown_reason, LOCKDOWN_INTEGRITY_MAX);
}

/* --- enforcement --------------------------------------------------------- */

/*
 * A denial: count it and, within the reason's ratelimit, record a notice
 * naming the reason and the task, as lockdown_policy logs one. Out of line:
 * the allowed path is the lookup and the bit test.
 */
static __noinline void ldp_deny(struct ldp_state *st, __u32 what)
{
	__u64 now = bpf_ktime_get_boot_ns(), win, seq;
	__u32 sec = now / 1000000000ULL;
	struct ldp_notice *n;

	if (what >= LOCKDOWN_POLICY_MAX_REASONS)
		return;
	__sync_fetch_and_add(&st->denials[what], 1);

	/* per reason: LDP_NOTICE_BURST notices per window, then quiet */
	win = st->window[what];
	if ((win >> 32) + LDP_NOTICE_WINDOW_S <= sec)
		win = (__u64)sec << 32;
	if ((win & 0xffffffff) >= LDP_NOTICE_BURST)
		return;
	st->window[what] = win + 1;

	seq = __sync_fetch_and_add(&st->notice_next, 1);
	n = &st->notices[seq % LDP_NOTICES];
	n->seq = 0;
	n->boot_ns = now;
	n->pid = bpf_get_current_pid_tgid() >> 32;
	n->reason = what;
	bpf_get_current_comm(n->comm, sizeof(n->comm));
	n->seq = seq + 1;
}

/*
 * A question about a warned reason: count it, and remember the task's
 * comm among the last LDP_SEEN distinct ones. Lock-free: under contention
 * two tasks may take the same slot, and one of them is not remembered;
 * the count is exact either way.
 */
static __noinline void ldp_warn(struct ldp_state *st, __u32 what)
{
	struct task_struct *task = bpf_get_current_task_btf();
	__u64 comm[2] = {}, seq, oldest = ~0ULL;
	struct ldp_seen *slot;
	__u32 victim = 0, kernel;

	if (what >= LDP_SEEN_REASONS)
		return;
	__sync_fetch_and_add(&st->warnings[what], 1);
	bpf_get_current_comm(comm, sizeof(comm));
	kernel = !task->mm || (task->flags & LDP_PF_KTHREAD);
	seq = __sync_fetch_and_add(&st->seen_next, 1) + 1;
	for (int i = 0; i < LDP_SEEN; i++) {
		slot = &st->seen[what][i];
		if (slot->seq && slot->kernel == kernel && ((__u64 *)slot->comm)[0] == comm[0] &&
		    ((__u64 *)slot->comm)[1] == comm[1]) {
			__sync_fetch_and_add(&slot->count, 1);
			slot->seq = seq;
			return;
		}
		if (slot->seq < oldest) {
			oldest = slot->seq;
			victim = i;
		}
	}
	slot = &st->seen[what][victim & (LDP_SEEN - 1)];
	slot->seq = 0;
	((__u64 *)slot->comm)[0] = comm[0];
	((__u64 *)slot->comm)[1] = comm[1];
	slot->kernel = kernel;
	slot->count = 1;
	slot->seq = seq;
}

/*
 * The allowed path is one bit test of the deny and warn bitmaps together
 * (@watch): warn mode costs nothing to the reasons it does not cover.
 */
SEC("lsm/locked_down")
int BPF_PROG(ldp_locked_down, enum lockdown_reason what, int ret)
{
	struct ldp_state *st;
	__u32 r = what;
	__u64 bit;

	if (ret)
		return ret;
	if (r >= LOCKDOWN_POLICY_MAX_REASONS)
		return 0;	/* the static LSM warns about invalid reasons */
	st = state();
	bit = 1ULL << (r % 64);
	if (!st || !(st->watch[r / 64] & bit))
		return 0;
	if (st->deny[r / 64] & bit) {
		ldp_deny(st, r);
		return -EPERM;
	}
	ldp_warn(st, r);
	return 0;
}

/* --- the syscall programs: arm, load, seal, read ------------------------- */

/* CAP_MAC_ADMIN in the initial user namespace, as lockdown_policy asks. */
static __always_inline bool caller_is_mac_admin(void)
{
	struct task_struct *task = bpf_get_current_task_btf();
	const struct cred *cred = task->cred;
	ldp_cap_t caps = {};

	if (bpf_core_read(&caps, sizeof(caps), &cred->cap_effective))
		return false;
	if (BPF_CORE_READ(cred, user_ns, level) != 0)
		return false;
	return caps.val & (1ULL << LDP_CAP_MAC_ADMIN);
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
 * Arm the object, once: record the pin directory (the caller's working
 * directory), its bpffs, PID 1's mount namespace and the links, then
 * start enforcing and guarding.
 */
SEC("syscall")
int ldp_arm(struct ldp_arm_ctx *ctx)
{
	struct task_struct *task = bpf_get_current_task_btf(), *p = task;
	struct ldp_state *st = state();
	struct ldp_guard *g = guard();
	__u32 n = ctx->nr_links;

	if (!st || !g)
		return -EFAULT;
	if (!caller_is_mac_admin())
		return -EPERM;
	if (st->armed)
		return -EALREADY;
	if (n > LDP_MAX_LINKS)
		return -E2BIG;

	for (int i = 0; i < 64 && p && p->pid != 1; i++)
		p = p->real_parent;
	if (!p || p->pid != 1)
		return -ESRCH;
	g->init_mnt_ns = (__u64)p->nsproxy->mnt_ns;
	g->dir = (__u64)task->fs->pwd.dentry->d_inode;
	g->sb = (__u64)task->fs->pwd.mnt->mnt_sb;
	for (int i = 0; i < LDP_MAX_LINKS; i++)
		g->link_ids[i] = ctx->link_ids[i];
	g->nr_links = n;

	st->version = LDP_STATE_VERSION;
	st->nr_reasons = nr_reasons();
	st->integrity_max = integrity_max();
#pragma unroll
	for (int i = 0; i < LDP_FP_WORDS; i++)
		st->fingerprint[i] = ldp_fingerprint[i];
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
	struct ldp_state *st = state();
	struct ldp_scratch *sc;
	__u32 zero = 0, nw;
	__u32 len = ctx->len, flags, version;
	int ret = 0;

	if (!st)
		return -EFAULT;
	if (!caller_is_mac_admin())
		return -EPERM;
	if (!st->armed)
		return -ENODEV;
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

	if (!st)
		return -EFAULT;
	if (!caller_is_mac_admin())
		return -EPERM;
	if (!st->armed)
		return -ENODEV;
	if (!state_trylock(st))
		return -EBUSY;
	st->sealed = 1;
	state_unlock(st);
	return 0;
}

/*
 * Copy the state out, up to the ratelimit's bookkeeping: the context is a
 * struct ldp_state of at least LDP_READ_SIZE bytes. Word by word at fixed
 * offsets: a syscall program's context is reached no other way.
 */
SEC("syscall")
int ldp_read(struct ldp_state *ctx)
{
	const __u64 *from = (const __u64 *)state();
	__u64 *to = (__u64 *)ctx;

	if (!from)
		return -EFAULT;
#pragma unroll
	for (int i = 0; i < (int)(LDP_READ_SIZE / 8); i++)
		to[i] = from[i];
	return 0;
}

/* --- the guards ---------------------------------------------------------- */

static __always_inline struct ldp_guard *armed_guard(void)
{
	struct ldp_state *st = state();

	return st && st->armed ? guard() : NULL;
}

/* Is @map one of this object's maps? */
static __always_inline bool own_map(const struct bpf_map *map)
{
	return map == (void *)&ldp_state || map == (void *)&ldp_guard ||
	       map == (void *)&ldp_scratch;
}

/*
 * Is @prog one of this object's programs? Every one of them uses
 * ldp_state, and once armed no other program can (no fd to it is given).
 */
static __noinline bool own_prog(const struct bpf_prog *prog)
{
	struct bpf_map **maps = BPF_CORE_READ(prog, aux, used_maps);
	__u32 n = BPF_CORE_READ(prog, aux, used_map_cnt);

	for (__u32 i = 0; i < 64 && i < n; i++) {
		struct bpf_map *m = NULL;

		if (bpf_probe_read_kernel(&m, sizeof(m), maps + i))
			return false;
		if (m == (void *)&ldp_state)
			return true;
	}
	return false;
}

SEC("lsm/bpf")
int BPF_PROG(ldp_guard_bpf, int cmd, union bpf_attr *attr, unsigned int size, int ret)
{
	struct ldp_guard *g;
	__u32 id;

	if (ret)
		return ret;
	if (cmd != BPF_LINK_GET_FD_BY_ID)
		return 0;
	g = armed_guard();
	if (!g)
		return 0;
	id = attr->link_id;
	for (int i = 0; i < LDP_MAX_LINKS; i++)
		if ((__u32)i < g->nr_links && g->link_ids[i] == id)
			return -EPERM;
	return 0;
}

/* No fd to the object's maps, for reading or writing, by id or by pin. */
SEC("lsm/bpf_map")
int BPF_PROG(ldp_guard_bpf_map, struct bpf_map *map, fmode_t fmode, int ret)
{
	if (ret)
		return ret;
	if (own_map(map) && armed_guard())
		return -EPERM;
	return 0;
}

/*
 * No program may extend or replace one of the object's programs
 * (freplace: a BPF_PROG_TYPE_EXT program loaded against it).
 */
SEC("lsm/bpf_prog")
int BPF_PROG(ldp_guard_bpf_prog, struct bpf_prog *prog, int ret)
{
	struct bpf_prog *dst;

	if (ret)
		return ret;
	if (!armed_guard())
		return 0;
	dst = BPF_CORE_READ(prog, aux, dst_prog);
	if (dst && own_prog(dst))
		return -EPERM;
	return 0;
}

static __always_inline bool is_dir(const struct ldp_guard *g, const struct inode *inode)
{
	return (__u64)inode == g->dir;
}

/* Nothing in the pin directory is unlinked, renamed or replaced. */
SEC("lsm/inode_unlink")
int BPF_PROG(ldp_guard_unlink, struct inode *dir, struct dentry *dentry, int ret)
{
	struct ldp_guard *g;

	if (ret)
		return ret;
	g = armed_guard();
	if (g && is_dir(g, dir))
		return -EPERM;
	return 0;
}

SEC("lsm/inode_rmdir")
int BPF_PROG(ldp_guard_rmdir, struct inode *dir, struct dentry *dentry, int ret)
{
	struct ldp_guard *g;

	if (ret)
		return ret;
	g = armed_guard();
	if (g && (is_dir(g, dir) || is_dir(g, dentry->d_inode)))
		return -EPERM;
	return 0;
}

SEC("lsm/inode_rename")
int BPF_PROG(ldp_guard_rename, struct inode *old_dir, struct dentry *old_dentry,
	     struct inode *new_dir, struct dentry *new_dentry, int ret)
{
	struct ldp_guard *g;

	if (ret)
		return ret;
	g = armed_guard();
	if (!g)
		return 0;
	if (is_dir(g, old_dir) || is_dir(g, new_dir) || is_dir(g, old_dentry->d_inode))
		return -EPERM;
	return 0;
}

/* struct mount of a struct vfsmount (fs/mount.h: real_mount()) */
static __always_inline __u64 real_mount(__u64 vfsmount)
{
	return vfsmount - bpf_core_field_offset(struct mount, mnt);
}

/* One walk over the mounts of the object's bpffs (bpf_loop's context). */
struct umount_walk {
	__u64 head;		/* &sb->s_mounts */
	__u64 pos;		/* the list entry being looked at */
	__u64 top;		/* struct mount * being unmounted */
	__u64 init_mnt_ns;
	int flags;
	bool hit;
};

/*
 * Is the mount at @w->pos one the unmount removes (@top itself, or below
 * it with MNT_DETACH) and one that keeps the bpffs alive for everyone (in
 * PID 1's mount namespace, or shared, so its unmount propagates)?
 */
static long umount_walk_one(__u32 index, struct umount_walk *w)
{
	__u64 off = bpf_core_field_offset(struct mount, mnt_instance);
	struct mount *m, *cur;
	bool below = false;

	if (w->pos == w->head)
		return 1;
	m = (struct mount *)(w->pos - off);
	cur = m;
	for (int d = 0; d < 32; d++) {
		struct mount *parent;

		if ((__u64)cur == w->top) {
			below = true;
			break;
		}
		if (!(w->flags & LDP_MNT_DETACH))
			break;
		parent = BPF_CORE_READ(cur, mnt_parent);
		if (!parent || parent == cur)
			break;
		cur = parent;
	}
	if (below && ((__u64)BPF_CORE_READ(m, mnt_ns) == w->init_mnt_ns ||
		      (BPF_CORE_READ(m, mnt.mnt_flags) & LDP_MNT_SHARED))) {
		w->hit = true;
		return 1;
	}
	if (bpf_probe_read_kernel(&w->pos, sizeof(w->pos), (void *)w->pos)) {
		w->hit = true;	/* cannot tell: refuse */
		return 1;
	}
	return 0;
}

/*
 * Would unmounting @top (with @flags) take the object's bpffs away?
 *
 * The bpffs superblock, and the pins in it, live as long as one mount of
 * it does. An unmount removes @top, and with MNT_DETACH every mount below
 * it. It is refused when it would remove a mount of the object's bpffs
 * that is in PID 1's mount namespace, or that is shared (its unmount
 * propagates to its peers). Copies private to other namespaces, as
 * container runtimes make and drop, are theirs to drop.
 */
static __always_inline bool umount_hits(const struct ldp_guard *g, __u64 top, int flags)
{
	struct umount_walk w = {
		.head = g->sb + bpf_core_field_offset(struct super_block, s_mounts),
		.top = top,
		.init_mnt_ns = g->init_mnt_ns,
		.flags = flags,
	};

	if (bpf_probe_read_kernel(&w.pos, sizeof(w.pos), (void *)w.head))
		return true;
	bpf_loop(256, umount_walk_one, &w, 0);
	return w.hit;
}

SEC("lsm/sb_umount")
int BPF_PROG(ldp_guard_umount, struct vfsmount *mnt, int flags, int ret)
{
	struct ldp_guard *g;

	if (ret)
		return ret;
	g = armed_guard();
	if (g && umount_hits(g, real_mount((__u64)mnt), flags))
		return -EPERM;
	return 0;
}

/* Is @path inside the object's bpffs? A mount there would hide the pins. */
static __always_inline bool on_own_sb(const struct ldp_guard *g, const struct path *path)
{
	return (__u64)BPF_CORE_READ(path, mnt, mnt_sb) == g->sb;
}

SEC("lsm/sb_mount")
int BPF_PROG(ldp_guard_mount, const char *dev_name, const struct path *path,
	     const char *type, unsigned long flags, void *data, int ret)
{
	const unsigned long harmless = LDP_MS_REMOUNT | LDP_MS_SHARED | LDP_MS_PRIVATE |
				       LDP_MS_SLAVE | LDP_MS_UNBINDABLE;
	struct ldp_guard *g;

	if (ret)
		return ret;
	g = armed_guard();
	if (g && !(flags & harmless) && on_own_sb(g, path))
		return -EPERM;
	return 0;
}

SEC("lsm/move_mount")
int BPF_PROG(ldp_guard_move_mount, const struct path *from_path, const struct path *to_path,
	     int ret)
{
	struct ldp_guard *g;

	if (ret)
		return ret;
	g = armed_guard();
	if (g && (on_own_sb(g, from_path) || on_own_sb(g, to_path)))
		return -EPERM;
	return 0;
}
