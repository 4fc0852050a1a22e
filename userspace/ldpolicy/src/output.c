// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "output.h"
#include "util.h"

int output_open(struct output *o, const char *path)
{
	int fd;

	memset(o, 0, sizeof(*o));
	if (!path || !strcmp(path, "-")) {
		o->f = stdout;
		return 0;
	}
	o->path = xstrdup(path);
	o->tmp = xasprintf("%s.XXXXXX", path);
	fd = mkstemp(o->tmp);
	if (fd < 0 || !(o->f = fdopen(fd, "w"))) {
		fprintf(stderr, "ldpolicy: %s: cannot write: %s\n", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		free(o->path);
		free(o->tmp);
		return -1;
	}
	return 0;
}

int output_close(struct output *o, int ok)
{
	int err = ferror(o->f) || fflush(o->f);

	if (!o->path)
		return err ? -1 : 0;
	if (fclose(o->f))
		err = 1;
	if (ok && !err && rename(o->tmp, o->path)) {
		fprintf(stderr, "ldpolicy: %s: %s\n", o->path, strerror(errno));
		err = 1;
	} else if (err) {
		fprintf(stderr, "ldpolicy: %s: write failed\n", o->path);
	}
	if (!ok || err)
		unlink(o->tmp);
	free(o->path);
	free(o->tmp);
	return err ? -1 : 0;
}
