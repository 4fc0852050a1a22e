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
