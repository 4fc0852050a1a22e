// SPDX-License-Identifier: GPL-2.0
/*
 * Writing a command's output (-o FILE): standard output; a regular file,
 * created or replaced atomically, keeping the mode and owner of the one it
 * replaces (a symlink to one replaces what it points to, and stays); or
 * whatever else is at the path, a device, a pipe, a terminal, written in
 * place and never replaced by a regular file. Every write and the close
 * are checked.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "output.h"
#include "util.h"

static int fail(struct output *o, const char *path, int err)
{
	fprintf(stderr, "ldpolicy: %s: cannot write: %s\n", path, strerror(err));
	free(o->path);
	free(o->tmp);
	memset(o, 0, sizeof(*o));
	return -1;
}

int output_open(struct output *o, const char *path)
{
	struct stat st;
	mode_t mode;
	char *target;
	int fd, exists;

	memset(o, 0, sizeof(*o));
	if (!path || !strcmp(path, "-")) {
		o->f = stdout;
		return 0;
	}
	exists = !stat(path, &st);
	if (exists && !S_ISREG(st.st_mode)) {
		/* /dev/full, a FIFO, /proc/self/fd/1: write to it, as it is */
		o->path = xstrdup(path);
		fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
		if (fd < 0 || !(o->f = fdopen(fd, "w"))) {
			if (fd >= 0)
				close(fd);
			return fail(o, path, errno);
		}
		return 0;
	}
	if (!exists && errno != ENOENT)
		return fail(o, path, errno);
	/* a symlink to a regular file: replace the file, keep the link */
	target = exists ? realpath(path, NULL) : xstrdup(path);
	if (!target)
		return fail(o, path, errno);
	o->path = target;
	o->tmp = xasprintf("%s.XXXXXX", target);
	if (exists) {
		mode = st.st_mode & 07777;
	} else {
		mode = umask(0);
		umask(mode);
		mode = 0666 & ~mode;
	}
	fd = mkstemp(o->tmp);
	if (fd < 0)
		return fail(o, path, errno);
	if (fchmod(fd, mode) ||
	    (exists && (st.st_uid != geteuid() || st.st_gid != getegid()) &&
	     fchown(fd, st.st_uid, st.st_gid)) ||
	    !(o->f = fdopen(fd, "w"))) {
		int err = errno;

		close(fd);
		unlink(o->tmp);
		return fail(o, path, err);
	}
	return 0;
}

int output_close(struct output *o, int ok)
{
	int err = 0;

	if (fflush(o->f) || ferror(o->f))
		err = errno ? errno : EIO;
	if (o->f == stdout)
		return err ? -1 : 0;	/* said at exit, by output_stdout_close() */
	if (o->tmp && !err && fsync(fileno(o->f)))
		err = errno;
	if (fclose(o->f) && !err)
		err = errno;
	if (o->tmp) {
		if (ok && !err && rename(o->tmp, o->path))
			err = errno;
		if (!ok || err)
			unlink(o->tmp);
	}
	if (err)
		return fail(o, o->path, err);
	free(o->path);
	free(o->tmp);
	return 0;
}

int output_stdout_close(void)
{
	int err = 0;

	if (fflush(stdout) || ferror(stdout))
		err = errno ? errno : EIO;
	if (fclose(stdout) && !err)
		err = errno;
	if (err)
		fprintf(stderr, "ldpolicy: cannot write standard output: %s\n", strerror(err));
	return err ? -1 : 0;
}
