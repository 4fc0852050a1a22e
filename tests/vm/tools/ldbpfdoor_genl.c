// SPDX-License-Identifier: GPL-2.0
/*
 * Doors against what the BPF backend learns from generic netlink as it is
 * set up: the SEG6 family's id, to which it refuses SEG6_CMD_DUMPHMAC (a
 * red team's). Each runs a command (ldpolicy load) under a seccomp filter
 * of ours, which a root process may set on any process it starts:
 *
 *   genl-blind errno CMD...  every socket(AF_NETLINK) fails with ENOENT,
 *                            which a careless reader takes for "no such
 *                            family"
 *   genl-blind fake CMD...   a supervisor answers each CTRL_CMD_GETFAMILY
 *                            of "SEG6" as the kernel does a family it does
 *                            not have (NLMSG_ERROR, ENOENT, from port 0,
 *                            the request's sequence number), never sending
 *                            it: the command cannot tell
 * Exits as CMD does; 2 if the door could not be set up.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/filter.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ldbpfdoor.h"

#define NR_OFF		offsetof(struct seccomp_data, nr)
#define ARG0_OFF	offsetof(struct seccomp_data, args[0])

/* socket(AF_NETLINK, ...) fails with ENOENT; all else runs. */
static const struct sock_filter errno_filter[] = {
	BPF_STMT(BPF_LD | BPF_W | BPF_ABS, NR_OFF),
	BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_socket, 0, 3),
	BPF_STMT(BPF_LD | BPF_W | BPF_ABS, ARG0_OFF),
	BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AF_NETLINK, 0, 1),
	BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOENT),
	BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
};

/* sendto(2) and recvfrom(2) go to the supervisor; all else runs. */
static const struct sock_filter notify_filter[] = {
	BPF_STMT(BPF_LD | BPF_W | BPF_ABS, NR_OFF),
	BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_sendto, 2, 0),
	BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_recvfrom, 1, 0),
	BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_USER_NOTIF),
};

static int install(const struct sock_filter *f, unsigned short len, unsigned int flags)
{
	struct sock_fprog prog = { .len = len, .filter = (struct sock_filter *)f };

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		return -1;
	return syscall(__NR_seccomp, SECCOMP_SET_MODE_FILTER, flags, &prog);
}

/* Hand @fd over @sock (SCM_RIGHTS). */
static int send_fd(int sock, int fd)
{
	char c = 0, buf[CMSG_SPACE(sizeof(int))] = { 0 };
	struct iovec iov = { .iov_base = &c, .iov_len = 1 };
	struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = buf,
			    .msg_controllen = sizeof(buf) };
	struct cmsghdr *cm = CMSG_FIRSTHDR(&m);

	cm->cmsg_level = SOL_SOCKET;
	cm->cmsg_type = SCM_RIGHTS;
	cm->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(cm), &fd, sizeof(int));
	return sendmsg(sock, &m, 0) == 1 ? 0 : -1;
}

static int recv_fd(int sock)
{
	char c, buf[CMSG_SPACE(sizeof(int))];
	struct iovec iov = { .iov_base = &c, .iov_len = 1 };
	struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = buf,
			    .msg_controllen = sizeof(buf) };
	struct cmsghdr *cm;
	int fd;

	if (recvmsg(sock, &m, 0) != 1)
		return -1;
	cm = CMSG_FIRSTHDR(&m);
	if (!cm || cm->cmsg_type != SCM_RIGHTS)
		return -1;
	memcpy(&fd, CMSG_DATA(cm), sizeof(int));
	return fd;
}

static bool peek(pid_t pid, __u64 addr, void *buf, size_t len)
{
	struct iovec l = { buf, len }, r = { (void *)(unsigned long)addr, len };

	return process_vm_readv(pid, &l, 1, &r, 1, 0) == (ssize_t)len;
}

static bool poke(pid_t pid, __u64 addr, const void *buf, size_t len)
{
	struct iovec l = { (void *)buf, len }, r = { (void *)(unsigned long)addr, len };

	return process_vm_writev(pid, &l, 1, &r, 1, 0) == (ssize_t)len;
}

/* Is the request @q (@len bytes) a CTRL_CMD_GETFAMILY of "SEG6"? */
static bool asks_seg6(const char *q, size_t len)
{
	const struct nlmsghdr *h = (const void *)q;
	const struct genlmsghdr *g = (const void *)(q + NLMSG_HDRLEN);
	const struct nlattr *a = (const void *)(q + NLMSG_HDRLEN + GENL_HDRLEN);

	return len >= NLMSG_HDRLEN + GENL_HDRLEN + NLA_HDRLEN + 5 &&
	       h->nlmsg_type == GENL_ID_CTRL && g->cmd == CTRL_CMD_GETFAMILY &&
	       a->nla_type == CTRL_ATTR_FAMILY_NAME && !memcmp((const char *)a + NLA_HDRLEN,
								"SEG6", 5);
}

struct pending {
	bool on;
	__u64 fd;
	__u32 seq;
	struct nlmsghdr req;
};

/* One notification of the supervised process: answered, or let run. */
static void supervise_one(int listener, struct pending *p, int *faked)
{
	struct seccomp_notif req;
	struct seccomp_notif_resp resp;
	char q[512];

	memset(&req, 0, sizeof(req));
	if (ioctl(listener, SECCOMP_IOCTL_NOTIF_RECV, &req))
		return;
	memset(&resp, 0, sizeof(resp));
	resp.id = req.id;
	resp.flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
	if (req.data.nr == __NR_sendto && req.data.args[2] <= sizeof(q) &&
	    peek(req.pid, req.data.args[1], q, req.data.args[2]) &&
	    asks_seg6(q, req.data.args[2])) {
		/* swallowed: the kernel never sees it */
		p->on = true;
		p->fd = req.data.args[0];
		memcpy(&p->req, q, sizeof(p->req));
		resp.flags = 0;
		resp.val = req.data.args[2];
	} else if (req.data.nr == __NR_recvfrom && p->on && req.data.args[0] == p->fd) {
		struct {
			struct nlmsghdr h;
			struct nlmsgerr e;
		} a = {
			.h = { .nlmsg_len = sizeof(a), .nlmsg_type = NLMSG_ERROR,
			       .nlmsg_seq = p->req.nlmsg_seq },
			.e = { .error = -ENOENT, .msg = p->req },
		};
		struct sockaddr_nl from = { .nl_family = AF_NETLINK };
		socklen_t fl = sizeof(from);

		if (req.data.args[2] >= sizeof(a) && poke(req.pid, req.data.args[1], &a, sizeof(a)) &&
		    (!req.data.args[4] || poke(req.pid, req.data.args[4], &from, sizeof(from))) &&
		    (!req.data.args[5] || poke(req.pid, req.data.args[5], &fl, sizeof(fl)))) {
			p->on = false;
			resp.flags = 0;
			resp.val = sizeof(a);
			(*faked)++;
		}
	}
	ioctl(listener, SECCOMP_IOCTL_NOTIF_SEND, &resp);
}

void door_genl_blind(const char *how, char **argv)
{
	bool fake = !strcmp(how, "fake");
	struct pending p = { 0 };
	int sp[2], listener = -1, status, faked = 0;
	pid_t pid;

	if (!fake && strcmp(how, "errno"))
		die("genl-blind: errno or fake, not %s", how);
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sp))
		die("socketpair: %s", strerror(errno));
	pid = fork();
	if (pid < 0)
		die("fork: %s", strerror(errno));
	if (!pid) {
		int fd;

		close(sp[0]);
		if (fake)
			fd = install(notify_filter, sizeof(notify_filter) / sizeof(notify_filter[0]),
				     SECCOMP_FILTER_FLAG_NEW_LISTENER);
		else
			fd = install(errno_filter, sizeof(errno_filter) / sizeof(errno_filter[0]), 0);
		if (fd < 0 || (fake && send_fd(sp[1], fd))) {
			fprintf(stderr, "genl-blind: seccomp: %s\n", strerror(errno));
			_exit(2);
		}
		close(sp[1]);
		if (fake)
			close(fd);
		execvp(argv[0], argv);
		_exit(2);
	}
	close(sp[1]);
	if (fake) {
		listener = recv_fd(sp[0]);
		if (listener < 0) {
			waitpid(pid, &status, 0);
			die("genl-blind: no seccomp listener from the child");
		}
	}
	close(sp[0]);
	for (;;) {
		struct pollfd pf = { .fd = listener, .events = POLLIN };

		if (waitpid(pid, &status, fake ? WNOHANG : 0) == pid)
			break;
		if (poll(&pf, 1, 100) > 0 && (pf.revents & POLLIN))
			supervise_one(listener, &p, &faked);
	}
	if (fake)
		fprintf(stderr, "genl-blind: %d SEG6 lookups answered \"no such family\"\n", faked);
	exit(WIFEXITED(status) ? WEXITSTATUS(status) : 2);
}
