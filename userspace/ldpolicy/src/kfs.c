// SPDX-License-Identifier: GPL-2.0
/* The kernel's own filesystems, as the kernel has them (kfs.h). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/syscall.h>
#include <sys/vfs.h>
#include <unistd.h>

#include <linux/magic.h>
#include <linux/openat2.h>

#include "kfs.h"
#include "util.h"

static const struct {
	const char *type;	/* for fsopen */
	const char *where;	/* where it is usually mounted */
	long magic;
} kfs_fs[KFS_NR] = {
	[KFS_SECURITYFS] = { "securityfs", "/sys/kernel/security", SECURITYFS_MAGIC },
	[KFS_PROC] = { "proc", "/proc", PROC_SUPER_MAGIC },
	[KFS_CGROUP2] = { "cgroup2", "/sys/fs/cgroup", CGROUP2_SUPER_MAGIC },
	[KFS_SYSFS] = { "sysfs", "/sys", SYSFS_MAGIC },
};

/* The root of each, once opened: for the life of the process. */
static int roots[KFS_NR] = { -1, -1, -1, -1 };

const char *kfs_where(enum kfs fs)
{
	return kfs_fs[fs].where;
}

static bool is_fs(int fd, enum kfs fs)
{
	struct statfs st;

	return !fstatfs(fd, &st) && st.f_type == kfs_fs[fs].magic;
}

/* A mount of @fs of our own, attached nowhere: nothing can be mounted on it. */
static int private_mount(enum kfs fs)
{
	int ctx = fsopen(kfs_fs[fs].type, FSOPEN_CLOEXEC), mnt, err;

	if (ctx < 0)
		return -1;
	if (fsconfig(ctx, FSCONFIG_CMD_CREATE, NULL, NULL, 0)) {
		err = errno;
		close(ctx);
		errno = err;
		return -1;
	}
	mnt = fsmount(ctx, FSMOUNT_CLOEXEC, MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV |
		      MOUNT_ATTR_NOEXEC);
	err = errno;
	close(ctx);
	errno = err;
	return mnt;
}

int kfs_root(enum kfs fs)
{
	int fd;

	if (roots[fs] >= 0)
		return roots[fs];
	fd = private_mount(fs);
	if (fd < 0)	/* no CAP_SYS_ADMIN: where it is usually mounted */
		fd = open(kfs_fs[fs].where, O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	if (!is_fs(fd, fs)) {
		close(fd);
		errno = EMEDIUMTYPE;
		return -1;
	}
	roots[fs] = fd;
	return fd;
}

int kfs_open(enum kfs fs, const char *rel, int flags)
{
	struct open_how how = {
		.flags = (unsigned int)flags | O_CLOEXEC,
		.resolve = RESOLVE_NO_XDEV | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS,
	};
	int root = kfs_root(fs), fd, err;

	if (root < 0)
		return -1;
	fd = syscall(SYS_openat2, root, rel, &how, sizeof(how));
	if (fd < 0)
		return -1;
	if (!is_fs(fd, fs)) {	/* cannot be, through a mount of its own */
		err = EMEDIUMTYPE;
		close(fd);
		errno = err;
		return -1;
	}
	return fd;
}

char *kfs_read(enum kfs fs, const char *rel, size_t max, size_t *len)
{
	int fd = kfs_open(fs, rel, O_RDONLY), err = 0;
	size_t n = 0, cap = 4096;
	char *buf;

	if (fd < 0)
		return NULL;
	buf = xmalloc(cap + 1);
	for (;;) {
		ssize_t r;

		if (n == cap) {
			if (cap > max) {
				err = EFBIG;
				break;
			}
			cap *= 2;
			buf = xrealloc(buf, cap + 1);
		}
		r = read(fd, buf + n, cap - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			err = errno;
			break;
		}
		if (!r)
			break;
		n += r;
	}
	close(fd);
	if (!err && n > max)
		err = EFBIG;
	if (err) {
		free(buf);
		errno = err;
		return NULL;
	}
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
}
