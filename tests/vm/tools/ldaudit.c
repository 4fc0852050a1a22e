// SPDX-License-Identifier: GPL-2.0
/*
 * ldaudit - run a command and print the audit records it caused, read
 * from the kernel's audit netlink socket as an audit daemon reads them.
 *
 * Usage: ldaudit [-n] [-w MS] COMMAND [ARG...]
 *   Registers itself as the audit daemon (AUDIT_SET: enabled, pid; with
 *   -n only the pid, leaving audit as enabled or not as it is), runs
 *   COMMAND with its output on ours, and prints every record as it
 *   arrives, while COMMAND runs (as a daemon drains them: the kernel's
 *   backlog stays short, and loads do not wait on it) and after it,
 *   until none has for MS milliseconds (default 1000), one per line:
 *   "type=N MESSAGE", in the order the kernel sent them. Records queued
 *   before it registered (the kernel holds a backlog for the first
 *   daemon) are printed too, so a test matches records by content, not
 *   by position.
 * Exits with COMMAND's status, or 2 if the audit socket cannot be used.
 */
#include <errno.h>
#include <linux/audit.h>
#include <linux/netlink.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

/*
 * One record. Audit sets nlmsg_len to the payload's length, not the
 * message's (a quirk auditd copes with), so the length is what recv()
 * returned; the text may end in a NUL.
 */
static void print_record(const char *buf, ssize_t n)
{
	const struct nlmsghdr *nh = (const struct nlmsghdr *)buf;
	size_t len = n - NLMSG_HDRLEN;
	const char *text = NLMSG_DATA(nh);

	printf("type=%u %.*s\n", nh->nlmsg_type, (int)strnlen(text, len), text);
}

static int audit_set(int fd, bool enable)
{
	struct {
		struct nlmsghdr nh;
		struct audit_status s;
	} req = {
		.nh = {
			.nlmsg_len = sizeof(req),
			.nlmsg_type = AUDIT_SET,
			.nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK,
		},
		.s = {
			.mask = (enable ? AUDIT_STATUS_ENABLED : 0) | AUDIT_STATUS_PID,
			.enabled = 1,
			.pid = getpid(),
		},
	};
	struct sockaddr_nl kernel = { .nl_family = AF_NETLINK };
	char buf[8192];
	ssize_t n;

	if (sendto(fd, &req, sizeof(req), 0, (struct sockaddr *)&kernel, sizeof(kernel)) < 0)
		return -errno;
	/* the ack; records may come first */
	for (;;) {
		struct nlmsghdr *nh = (struct nlmsghdr *)buf;

		n = recv(fd, buf, sizeof(buf), 0);
		if (n < 0)
			return -errno;
		if (n < (ssize_t)NLMSG_HDRLEN)
			return -EPROTO;
		if (nh->nlmsg_type == NLMSG_ERROR) {
			struct nlmsgerr *e = NLMSG_DATA(nh);

			return e->error;
		}
		print_record(buf, n);
	}
}

int main(int argc, char **argv)
{
	int wait_ms = 1000, fd, err, status;
	bool enable = true;
	char buf[8192];
	pid_t pid;

	if (argc > 1 && !strcmp(argv[1], "-n")) {
		enable = false;
		argv++;
		argc--;
	}
	if (argc > 2 && !strcmp(argv[1], "-w")) {
		wait_ms = atoi(argv[2]);
		argv += 2;
		argc -= 2;
	}
	if (argc < 2) {
		fprintf(stderr, "usage: ldaudit [-n] [-w MS] COMMAND [ARG...]\n");
		return 2;
	}
	fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_AUDIT);
	if (fd < 0) {
		fprintf(stderr, "ldaudit: audit socket: %s\n", strerror(errno));
		return 2;
	}
	err = audit_set(fd, enable);
	if (err) {
		fprintf(stderr, "ldaudit: AUDIT_SET: %s\n", strerror(-err));
		return 2;
	}
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		return 2;
	if (!pid) {
		execvp(argv[1], argv + 1);
		fprintf(stderr, "ldaudit: %s: %s\n", argv[1], strerror(errno));
		_exit(127);
	}
	/* while COMMAND runs, then until the records stop for wait_ms */
	for (bool running = true;;) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		pid_t w;
		ssize_t n;
		int r;

		if (running) {
			w = waitpid(pid, &status, WNOHANG);
			if (w < 0)
				return 2;
			running = !w;
		}
		r = poll(&p, 1, running ? 50 : wait_ms);
		if (r < 0 && errno != EINTR)
			return 2;
		if (r <= 0) {
			if (running)
				continue;
			break;
		}
		n = recv(fd, buf, sizeof(buf), 0);
		if (n < (ssize_t)NLMSG_HDRLEN)
			break;
		print_record(buf, n);
	}
	if (fflush(stdout) || ferror(stdout))
		return 2;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 2;
}
