// SPDX-License-Identifier: GPL-2.0
/*
 * ldas - run a command with less privilege, for the permission tests.
 *
 * Usage: ldas [-o FILE] [-u UID] [-d CAP] [-n] [-m] -- COMMAND...
 *   -o FILE  open FILE for writing as fd 3 first, with full privilege
 *   -u UID   become UID (and GID UID): loses every capability
 *   -d CAP   drop capability number CAP (33 is CAP_MAC_ADMIN) from every
 *            set, staying root; given again, drop each
 *   -n       enter a new user namespace as its root (uid 0 inside, every
 *            capability in it, none in the initial namespace)
 *   -m       enter a new mount namespace, its mounts' propagation left as
 *            it was copied (shared mounts stay peers of the originals)
 * Then execs COMMAND. Steps run in the order above.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/capability.h>
#include <sys/prctl.h>
#include <sys/syscall.h>

static void die(const char *what)
{
	fprintf(stderr, "ldas: %s: %s\n", what, strerror(errno));
	exit(126);
}

static void write_file(const char *path, const char *data)
{
	int fd = open(path, O_WRONLY);

	if (fd < 0 || write(fd, data, strlen(data)) != (ssize_t)strlen(data))
		die(path);
	close(fd);
}

static void drop_cap(int cap)
{
	struct __user_cap_header_struct hdr = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct data[2];

	if (prctl(PR_CAPBSET_DROP, cap, 0, 0, 0))
		die("PR_CAPBSET_DROP");
	if (syscall(SYS_capget, &hdr, data))
		die("capget");
	data[cap / 32].effective &= ~(1U << (cap % 32));
	data[cap / 32].permitted &= ~(1U << (cap % 32));
	data[cap / 32].inheritable &= ~(1U << (cap % 32));
	if (syscall(SYS_capset, &hdr, data))
		die("capset");
}

int main(int argc, char **argv)
{
	const char *open_path = NULL;
	long uid = -1;
	unsigned long long drop = 0;
	int userns = 0, mntns = 0, opt;

	while ((opt = getopt(argc, argv, "+o:u:d:nm")) != -1) {
		switch (opt) {
		case 'o': open_path = optarg; break;
		case 'u': uid = strtol(optarg, NULL, 0); break;
		case 'd': drop |= 1ULL << (atoi(optarg) & 63); break;
		case 'n': userns = 1; break;
		case 'm': mntns = 1; break;
		default: return 125;
		}
	}
	if (optind >= argc) {
		fprintf(stderr, "usage: ldas [-o FILE] [-u UID] [-d CAP] [-n] [-m] -- COMMAND...\n");
		return 125;
	}
	if (open_path) {
		int fd = open(open_path, O_WRONLY);

		if (fd < 0)
			die(open_path);
		if (fd != 3 && (dup2(fd, 3) < 0 || close(fd)))
			die("dup2");
	}
	if (uid >= 0) {
		if (setgroups(0, NULL) || setresgid(uid, uid, uid) ||
		    setresuid(uid, uid, uid))
			die("setresuid");
	}
	for (int cap = 0; cap < 64; cap++)
		if (drop & (1ULL << cap))
			drop_cap(cap);
	if (userns) {
		char map[64];
		uid_t outer = getuid();
		gid_t outer_gid = getgid();

		if (unshare(CLONE_NEWUSER))
			die("unshare(CLONE_NEWUSER)");
		write_file("/proc/self/setgroups", "deny");
		snprintf(map, sizeof(map), "0 %u 1", outer);
		write_file("/proc/self/uid_map", map);
		snprintf(map, sizeof(map), "0 %u 1", outer_gid);
		write_file("/proc/self/gid_map", map);
	}
	if (mntns && unshare(CLONE_NEWNS))
		die("unshare(CLONE_NEWNS)");
	execvp(argv[optind], argv + optind);
	die(argv[optind]);
}
