// SPDX-License-Identifier: GPL-2.0
/* The operations ldprobe performs, one per lockdown call site it drives. */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/io.h>
#include <unistd.h>

#include "probes.h"

static int open_close(const char *path, int flags)
{
	int fd = open(path, flags | O_CLOEXEC);

	if (fd < 0)
		return errno;
	close(fd);
	return 0;
}

/* drivers/char/mem.c: open_port() */
static int probe_dev_mem(void)
{
	return open_close("/dev/mem", O_RDONLY);
}

static int probe_dev_port(void)
{
	return open_close("/dev/port", O_RDONLY);
}

/* arch/x86/kernel/ioport.c: ksys_ioperm(), SYSCALL_DEFINE1(iopl) */
static int probe_ioperm(void)
{
	if (ioperm(0x80, 1, 1))
		return errno;
	ioperm(0x80, 1, 0);
	return 0;
}

static int probe_iopl(void)
{
	if (iopl(3))
		return errno;
	iopl(0);
	return 0;
}

/* fs/proc/kcore.c: open_kcore() */
static int probe_kcore(void)
{
	return open_close("/proc/kcore", O_RDONLY);
}

const struct probe probes[] = {
	{ "dev_mem", "LOCKDOWN_DEV_MEM", "open /dev/mem", probe_dev_mem },
	{ "dev_port", "LOCKDOWN_DEV_MEM", "open /dev/port", probe_dev_port },
	{ "ioperm", "LOCKDOWN_IOPORT", "ioperm(0x80, 1, 1)", probe_ioperm },
	{ "iopl", "LOCKDOWN_IOPORT", "iopl(3)", probe_iopl },
	{ "kcore", "LOCKDOWN_KCORE", "open /proc/kcore", probe_kcore },
	{ 0 }
};

const struct probe *probe_find(const char *name)
{
	const struct probe *p;

	for (p = probes; p->name; p++)
		if (!strcmp(p->name, name))
			return p;
	return NULL;
}
