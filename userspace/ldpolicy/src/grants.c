// SPDX-License-Identifier: GPL-2.0
/*
 * What a load cannot take back. A lockdown decision is made when a path is
 * used, so denying a reason revokes nothing already granted: a /dev/mem or
 * /proc/kcore file still open, a kprobe already registered. What of that
 * userspace can see is reported, so the administrator knows the load came
 * late for it.
 */
#include <dirent.h>
#include <fcntl.h>
#include <linux/if_arp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "grants.h"
#include "kfs.h"
#include "policy.h"

/* Files whose open asked a reason, by the path /proc/PID/fd shows. */
static const struct {
	const char *reason;
	const char *path;
} open_grants[] = {
	{ "LOCKDOWN_DEV_MEM", "/dev/mem" },
	{ "LOCKDOWN_DEV_MEM", "/dev/kmem" },
	{ "LOCKDOWN_DEV_MEM", "/dev/port" },
	{ "LOCKDOWN_KCORE", "/proc/kcore" },
};

static bool newly(const struct reason_table *t, const uint64_t *added, const char *id)
{
	int r = table_lookup(t, id);

	return r >= 0 && bit_test(added, r);
}

static void comm_of(const char *pid, char *comm, size_t len)
{
	char path[300];
	FILE *f;

	snprintf(comm, len, "?");
	snprintf(path, sizeof(path), "/proc/%s/comm", pid);
	f = fopen(path, "r");
	if (!f)
		return;
	if (fgets(comm, len, f))
		comm[strcspn(comm, "\n")] = 0;
	fclose(f);
}

/* Open files of every process that one of @added's reasons gated. */
static unsigned int warn_open_files(const struct reason_table *t, const uint64_t *added)
{
	unsigned int n = 0;
	bool any = false;
	DIR *proc;
	struct dirent *p;

	for (size_t i = 0; i < sizeof(open_grants) / sizeof(open_grants[0]); i++)
		any |= newly(t, added, open_grants[i].reason);
	if (!any || !(proc = opendir("/proc")))
		return 0;
	while ((p = readdir(proc))) {
		char dir[300];
		DIR *fds;
		struct dirent *fd;

		if (strspn(p->d_name, "0123456789") != strlen(p->d_name))
			continue;
		snprintf(dir, sizeof(dir), "/proc/%s/fd", p->d_name);
		fds = opendir(dir);
		if (!fds)
			continue;	/* gone, or not ours to read */
		while ((fd = readdir(fds))) {
			char link[600], target[256], comm[32];
			ssize_t len;

			snprintf(link, sizeof(link), "%s/%s", dir, fd->d_name);
			len = readlink(link, target, sizeof(target) - 1);
			if (len <= 0)
				continue;
			target[len] = 0;
			for (size_t i = 0; i < sizeof(open_grants) / sizeof(open_grants[0]); i++) {
				if (strcmp(target, open_grants[i].path) ||
				    !newly(t, added, open_grants[i].reason))
					continue;
				comm_of(p->d_name, comm, sizeof(comm));
				fprintf(stderr, "ldpolicy: warning: %s is now denied, but process %s "
					"(%s) still has %s open: a load revokes nothing already "
					"granted\n", open_grants[i].reason, p->d_name, comm, target);
				n++;
			}
		}
		closedir(fds);
	}
	closedir(proc);
	return n;
}

/* The lines of @path (0 if it cannot be read: nothing to warn of). */
static unsigned int count_lines(const char *path)
{
	char line[512];
	unsigned int n = 0;
	FILE *f = fopen(path, "r");

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		n++;
	fclose(f);
	return n;
}

/* Registered kprobes, as debugfs lists them (when it is mounted). */
static unsigned int warn_kprobes(const struct reason_table *t, const uint64_t *added)
{
	unsigned int n;

	if (!newly(t, added, "LOCKDOWN_KPROBES"))
		return 0;
	n = count_lines("/sys/kernel/debug/kprobes/list");
	if (n)
		fprintf(stderr, "ldpolicy: warning: LOCKDOWN_KPROBES is now denied, but %u kprobe%s "
			"registered before the load stay%s (/sys/kernel/debug/kprobes/list): a load "
			"revokes nothing already granted\n", n, n == 1 ? " is" : "s are",
			n == 1 ? "s" : "");
	return n ? 1 : 0;
}

/*
 * PF_KEY sockets open before the load (/proc/net/pfkey, a line each after
 * its header): on a kernel that does not redact SA keys under
 * LOCKDOWN_XFRM_SECRET, the BPF backend refuses new ones only.
 */
static unsigned int warn_pfkey(const struct reason_table *t, const uint64_t *added)
{
	unsigned int n;

	if (!newly(t, added, "LOCKDOWN_XFRM_SECRET"))
		return 0;
	n = count_lines("/proc/net/pfkey");
	n = n ? n - 1 : 0;	/* its header */
	if (n)
		fprintf(stderr, "ldpolicy: warning: LOCKDOWN_XFRM_SECRET is now denied, but %u "
			"PF_KEY socket%s opened before the load stay%s open (/proc/net/pfkey): on a "
			"kernel that does not redact SA keys it hands them out; a load revokes "
			"nothing already granted\n", n, n == 1 ? "" : "s", n == 1 ? "s" : "");
	return n ? 1 : 0;
}

/*
 * nlmon devices made before the load (/sys/devices/virtual/net/NAME/type
 * 824, in
 * this network namespace; where nlmon is a module, loaded, any in
 * another): on a kernel that does not keep NETLINK_XFRM
 * from netlink taps under LOCKDOWN_XFRM_SECRET, the BPF backend refuses
 * new ones only, and one set up copies the SA keys IKE daemons install.
 */
static unsigned int warn_nlmon(const struct reason_table *t, const uint64_t *added)
{
	unsigned int n = 0;
	struct dirent *e;
	DIR *net = NULL;
	int fd;

	if (!newly(t, added, "LOCKDOWN_XFRM_SECRET"))
		return 0;
	/* through ldpolicy's own sysfs: nothing mounted over it hides one */
	fd = kfs_open(KFS_SYSFS, "devices/virtual/net", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd >= 0 && !(net = fdopendir(fd)))
		close(fd);
	while (net && (e = readdir(net))) {
		char path[300], *type;

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;	/* a device may be named ".tap" */
		snprintf(path, sizeof(path), "devices/virtual/net/%s/type", e->d_name);
		type = kfs_read(KFS_SYSFS, path, 32, NULL);
		if (type && atoi(type) == ARPHRD_NETLINK) {
			fprintf(stderr, "ldpolicy: warning: LOCKDOWN_XFRM_SECRET is now denied, but "
				"nlmon device %s, made before the load, stays: on a kernel that does "
				"not keep NETLINK_XFRM from netlink taps it copies the SA keys IKE "
				"daemons install; a load revokes nothing already granted\n",
				e->d_name);
			n++;
		}
		free(type);
	}
	if (net)
		closedir(net);
	/* the module nlmon loaded: devices in other namespaces, which may move here */
	fd = kfs_open(KFS_SYSFS, "module/nlmon", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd >= 0) {
		close(fd);
		fprintf(stderr, "ldpolicy: warning: LOCKDOWN_XFRM_SECRET is now denied, but the "
			"nlmon module is loaded: an nlmon device made before the load in another "
			"network namespace, which this one cannot list, can be moved into any; on a "
			"kernel that does not keep NETLINK_XFRM from netlink taps it copies the SA "
			"keys IKE daemons install\n");
		n++;
	}
	return n ? 1 : 0;
}

unsigned int grants_warn(const struct reason_table *t, const uint64_t *added)
{
	return warn_open_files(t, added) + warn_kprobes(t, added) + warn_pfkey(t, added) +
	       warn_nlmon(t, added);
}
