/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's own filesystems, as the kernel has them: never through a
 * path root could have mounted something else on.
 *
 * What ldpolicy reports about the kernel comes from securityfs (the
 * lockdown level, the active LSMs, lockdown_policy's files), procfs
 * (kernel.ftrace_enabled), the root of cgroup2 (the BPF backend's sysctl
 * guard) and sysfs (the kernel's BTF, which names its functions and
 * types). A tmpfs mounted on /sys/kernel/security, or a file bound
 * over /proc/sys/kernel/ftrace_enabled, would make it say what root
 * wants. So ldpolicy makes a mount of its own, detached from every tree
 * (fsopen, fsmount: nothing can be mounted on it), and opens files
 * through it without crossing a mount or following a symlink (openat2).
 * Where it may not make one (no CAP_SYS_ADMIN), it opens the usual path
 * and checks the filesystem's magic number, with the same resolution.
 */
#ifndef LDPOLICY_KFS_H
#define LDPOLICY_KFS_H

#include <stddef.h>

#include "diag.h"

enum kfs {
	KFS_SECURITYFS,		/* /sys/kernel/security */
	KFS_PROC,		/* /proc */
	KFS_CGROUP2,		/* /sys/fs/cgroup: the root cgroup */
	KFS_SYSFS,		/* /sys: the kernel's BTF */
	KFS_NR,
};

/*
 * Open @rel (relative, e.g. "lockdown_policy/policy"; "." for the root)
 * inside filesystem @fs with open(2) @flags. An fd, or -1 with errno set
 * (EXDEV: something is mounted on the way; EMEDIUMTYPE: the fallback path
 * is not that filesystem).
 */
int kfs_open(enum kfs fs, const char *rel, int flags);

/*
 * Read @rel of @fs whole, NUL-terminated, at most @max bytes; *len (if
 * given) excludes the NUL. NULL with errno set on failure (EFBIG: larger
 * than @max).
 */
char *kfs_read(enum kfs fs, const char *rel, size_t max, size_t *len);

/*
 * The root directory of @fs, as kfs_open() resolves from it (an O_PATH fd
 * kfs keeps: do not close it), or -1 with errno set. For a library that
 * only takes paths: fchdir() to it, and give the path relative.
 */
int kfs_root(enum kfs fs);

/* Where @fs is usually mounted, for messages. */
const char *kfs_where(enum kfs fs);

#endif
