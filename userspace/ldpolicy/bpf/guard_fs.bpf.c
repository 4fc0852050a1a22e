// SPDX-License-Identifier: GPL-2.0
/*
 * The guards of the object's pins and of the bpffs that holds them, once
 * it is armed.
 *
 * The pins keep the object alive: its links (and so its programs'
 * attachments) and its syscall programs. Nothing in the pin directory is
 * unlinked, renamed or replaced, and the bpffs that holds them is not
 * unmounted where that would release them, nor mounted over, bound over
 * or remounted. ldpolicy finds the object by id, never by these paths
 * (src/bpf_find.c): what is left, a move of the bpffs with the old mount
 * API, hides the pins from people, not the object from ldpolicy.
 */
#include "ldp_object.h"

#include <bpf/bpf_tracing.h>

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

/*
 * One walk over the mounts of the object's bpffs (bpf_loop's context):
 * for each, whether the unmount removes it, and whether that removal
 * reaches PID 1's mount namespace; then whether the unmount removes
 * another mount on the same mountpoint from which the kernel would
 * propagate it to this one. A state machine, one step per call, so that
 * neither the number of mounts, nor their depth, nor the mounts sharing
 * a mountpoint, nor a chain of masters is bounded but by bpf_loop's
 * limit; a walk that does not finish refuses the unmount.
 */
enum walk_step {
	NEXT_MOUNT,	/* on to the next mount of the bpffs */
	CLIMB,		/* from it up towards what is unmounted */
	SAME_SPOT,	/* on to the next mount on its mountpoint */
	CLIMB_OTHER,	/* from that one up towards what is unmounted */
	REACHES,	/* that one goes: does its parent propagate to ours? */
};

struct umount_walk {
	__u64 head;		/* &sb->s_mounts */
	__u64 pos;		/* the list entry of the mount being judged */
	__u64 m;		/* that struct mount */
	__u64 cur;		/* climbing: a struct mount up towards top */
	__u64 other;		/* a mount on m's mountpoint */
	__u64 spot;		/* the hlist node after it */
	__u64 top;		/* struct mount * being unmounted */
	__u64 init_mnt_ns;
	int flags;
	int group;		/* the peer group of other's parent */
	__u32 step;		/* enum walk_step */
	__u32 propagates;	/* a mount on the way has a shared parent */
	__u32 hit;		/* refuse */
	__u32 done;		/* every mount judged */
};

static __always_inline __u32 shared(__u64 mount)
{
	struct mount *m = (struct mount *)mount;

	return (BPF_CORE_READ(m, mnt.mnt_flags) & LDP_MNT_SHARED) ? 1 : 0;
}

static __always_inline __u64 parent_of(__u64 mount)
{
	struct mount *m = (struct mount *)mount;

	return (__u64)BPF_CORE_READ(m, mnt_parent);
}

/*
 * The unmount removes @w->m: refuse if that mount is in PID 1's mount
 * namespace, is shared, or if a mount from it up to what is unmounted
 * has a shared parent (peers of that parent, or slaves of it, elsewhere,
 * PID 1's namespace included, lose their copy too: the kernel propagates
 * an unmount without asking any LSM).
 */
static __always_inline void judge(struct umount_walk *w)
{
	struct mount *m = (struct mount *)w->m;

	if ((__u64)BPF_CORE_READ(m, mnt_ns) == w->init_mnt_ns || shared(w->m) || w->propagates)
		w->hit = 1;
}

/*
 * One step up from @w->cur towards @w->top: 1 when @w->cur is @w->top
 * (removed), -1 when it is not removed (no MNT_DETACH, or the top of its
 * tree reached), 0 to go on.
 */
static __always_inline int climb(struct umount_walk *w, __u64 parent)
{
	if (w->cur == w->top)
		return 1;
	if (!(w->flags & LDP_MNT_DETACH) || !parent || parent == w->cur)
		return -1;
	w->cur = parent;
	return 0;
}

static long umount_walk_one(__u32 index, struct umount_walk *w)
{
	__u64 next = 0, parent;
	struct mount *c;
	int up;

	switch (w->step) {
	case NEXT_MOUNT:
		if (bpf_probe_read_kernel(&next, sizeof(next), (void *)w->pos)) {
			w->hit = 1;	/* cannot tell: refuse */
			return 1;
		}
		w->pos = next;
		if (next == w->head) {
			w->done = 1;
			return 1;
		}
		w->m = next - bpf_core_field_offset(struct mount, mnt_instance);
		w->cur = w->m;
		w->propagates = 0;
		w->step = CLIMB;
		return 0;
	case CLIMB:
		parent = parent_of(w->cur);
		w->propagates |= parent && parent != w->cur ? shared(parent) : 0;
		up = climb(w, parent);
		if (up > 0)
			judge(w);	/* removed: @top itself, or below it */
		if (up) {
			c = (struct mount *)w->m;
			w->spot = (__u64)BPF_CORE_READ(c, mnt_mp, m_list.first);
			w->step = SAME_SPOT;
		}
		return w->hit != 0;
	case SAME_SPOT:
		if (!w->spot) {
			w->step = NEXT_MOUNT;
			return 0;
		}
		w->other = w->spot - bpf_core_field_offset(struct mount, mnt_mp_list);
		c = (struct mount *)w->other;
		w->spot = (__u64)BPF_CORE_READ(c, mnt_mp_list.next);
		if (w->other != w->m) {
			w->cur = w->other;
			w->step = CLIMB_OTHER;
		}
		return 0;
	case CLIMB_OTHER:
		up = climb(w, parent_of(w->cur));
		if (up < 0) {
			w->step = SAME_SPOT;
		} else if (up > 0) {
			c = (struct mount *)parent_of(w->other);
			w->group = c ? BPF_CORE_READ(c, mnt_group_id) : 0;
			w->cur = parent_of(w->m);
			w->step = w->cur == parent_of(w->other) ? SAME_SPOT : REACHES;
		}
		return 0;
	case REACHES:
		/* our parent, or a master of it, is in other's parent's group */
		c = (struct mount *)w->cur;
		if (!w->cur) {
			w->step = SAME_SPOT;
			return 0;
		}
		if (w->cur == parent_of(w->other) ||
		    (w->group && BPF_CORE_READ(c, mnt_group_id) == w->group)) {
			w->hit = 1;
			return 1;
		}
		w->cur = (__u64)BPF_CORE_READ(c, mnt_master);
		return 0;
	}
	w->hit = 1;
	return 1;
}

/*
 * Would unmounting @top (with @flags) take the object's bpffs away?
 *
 * The bpffs superblock, and the pins in it, live as long as one mount of
 * it does. An unmount removes @top, and with MNT_DETACH every mount below
 * it, and the kernel propagates it to the peers and slaves of their
 * parents. It is refused when it would remove a mount of the object's
 * bpffs that is in PID 1's mount namespace, or shared, or reached through
 * a shared parent; and when it removes a mount on the same mountpoint as
 * one of the bpffs whose parent propagates to the bpffs mount's parent
 * (the kernel then unmounts the bpffs mount there, if nothing is mounted
 * on it, and asks no LSM). Copies private to other namespaces, as
 * container runtimes make and drop, are theirs to drop.
 */
static __always_inline bool umount_hits(const struct ldp_guard *g, __u64 top, int flags)
{
	__u32 zero = unknown_zero();
	struct umount_walk w = {
		.head = g->sb + bpf_core_field_offset(struct super_block, s_mounts),
		.top = top,
		.init_mnt_ns = g->init_mnt_ns,
		.flags = flags,
		.m = zero,
		.cur = zero,
		.other = zero,
		.spot = zero,
		.group = zero,
		.step = zero,
		.propagates = zero,
		.hit = zero,
		.done = zero,
	};

	/*
	 * Never taken: where the walk may be, as far as Linux 6.1's verifier
	 * is to know when it checks its step once (unknown_zero()), so that
	 * it keeps every step and every test of where the walk is.
	 */
	if (zero) {
		w.m = unknown_u64();
		w.cur = unknown_u64();
		w.other = unknown_u64();
		w.spot = unknown_u64();
		w.group = bpf_get_prandom_u32();
		w.step = bpf_get_prandom_u32();
	}
	w.pos = w.head;
	bpf_loop(1 << 23, umount_walk_one, &w, 0);
	return w.hit || !w.done;
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
	return (__u64)path->mnt->mnt_sb == g->sb;
}

/*
 * A mount on a path inside the object's bpffs: refused, but for a change
 * of propagation (MS_SHARED and the like, which systemd makes at boot).
 * path_mount() tests MS_REMOUNT and MS_BIND before the propagation flags,
 * so a call with either is a remount or a bind mount whatever else it
 * says; a new mount or an MS_MOVE onto the path hides the pins.
 */
SEC("lsm/sb_mount")
int BPF_PROG(ldp_guard_mount, const char *dev_name, const struct path *path,
	     const char *type, unsigned long flags, void *data, int ret)
{
	const unsigned long propagation = LDP_MS_SHARED | LDP_MS_PRIVATE | LDP_MS_SLAVE |
					  LDP_MS_UNBINDABLE;
	struct ldp_guard *g;

	if (ret)
		return ret;
	g = armed_guard();
	if (!g || !on_own_sb(g, path))
		return 0;
	if (!(flags & (LDP_MS_REMOUNT | LDP_MS_BIND)) && (flags & propagation))
		return 0;
	return -EPERM;
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
