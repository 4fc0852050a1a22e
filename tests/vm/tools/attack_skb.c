// SPDX-License-Identifier: GPL-2.0
/*
 * bpf-skb-output: another process's netlink message, read by an fentry
 * program through bpf_skb_output() (attack_skb.bpf.c). The victim, a
 * child, sends an RTM_GETLINK whose interface name is a secret; the
 * program, on netlink_rcv_skb(), copies the message's first bytes into a
 * perf buffer, which is read here. The secret in it: shown. The load
 * refused with EPERM (the verifier asking LOCKDOWN_BPF_READ_KERNEL, or the
 * BPF backend's guard): refused.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <net/if.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "attack.h"
#include "attack_skb.h"
#include "attack_skb.skel.h"

/* The victim's message: an RTM_GETLINK of an interface named the secret. */
struct getlink {
	struct nlmsghdr nh;
	struct ifinfomsg ifi;
	struct rtattr name_attr;
	char name[IFNAMSIZ];
};

_Static_assert(offsetof(struct getlink, name) + sizeof(SKB_ATTACK_SECRET) - 1 <=
	       SKB_ATTACK_BYTES, "the secret is within the bytes copied");
_Static_assert(sizeof(struct getlink) >= SKB_ATTACK_BYTES, "the message has the bytes copied");

/*
 * The child: waits for a byte on @go[0], sends the message, exits; at
 * once if the parent closes @go[1] first (its own copy closed here).
 */
static void __attribute__((noreturn)) victim_send(const int go[2])
{
	struct sockaddr_nl kernel = { .nl_family = AF_NETLINK };
	struct getlink m = {
		.nh = { .nlmsg_len = sizeof(m), .nlmsg_type = RTM_GETLINK,
			.nlmsg_flags = NLM_F_REQUEST, .nlmsg_seq = 1 },
		.ifi = { .ifi_family = AF_UNSPEC },
		.name_attr = { .rta_len = RTA_LENGTH(IFNAMSIZ), .rta_type = IFLA_IFNAME },
		.name = SKB_ATTACK_SECRET,
	};
	char c;
	int s;

	close(go[1]);
	if (read(go[0], &c, 1) != 1)
		_exit(2);
	s = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE);
	if (s < 0 || sendto(s, &m, sizeof(m), 0, (struct sockaddr *)&kernel, sizeof(kernel)) < 0)
		_exit(1);
	_exit(0);
}

static void got_sample(void *ctx, int cpu, void *data, __u32 size)
{
	int *seen = ctx;

	(void)cpu;
	if (memmem(data, size, SKB_ATTACK_SECRET, sizeof(SKB_ATTACK_SECRET) - 1))
		*seen = 1;
}

/* Load and attach; 0, or -1 with @o set. */
static int load_attach(struct attack_skb *s, struct aresult *o)
{
	int err = -attack_skb__load(s);

	if (err) {
		if (err == EPERM)
			refused(o, "BPF_PROG_LOAD: EPERM");
		else
			failed(o, "load: %s; %.200s", strerror(err), libbpf_log);
		return -1;
	}
	err = -attack_skb__attach(s);
	if (err == 524 /* ENOTSUPP */ || err == EOPNOTSUPP)
		unavailable(o, "no BPF trampolines here: %s", strerror(err));
	else if (err)
		errno_outcome(o, err, "attach fentry/netlink_rcv_skb");
	return err ? -1 : 0;
}

static void run_skb_output(struct aresult *o, int argc, char **argv)
{
	struct perf_buffer *pb = NULL;
	struct attack_skb *s = NULL;
	int go[2], seen = 0, status;
	pid_t pid;

	(void)argc;
	(void)argv;
	if (access("/sys/kernel/btf/vmlinux", F_OK)) {
		unavailable(o, "no kernel BTF (/sys/kernel/btf/vmlinux)");
		return;
	}
	if (pipe2(go, O_CLOEXEC)) {
		failed(o, "pipe: %s", strerror(errno));
		return;
	}
	pid = fork();
	if (pid < 0) {
		failed(o, "fork: %s", strerror(errno));
		close(go[0]);
		close(go[1]);
		return;
	}
	if (!pid)
		victim_send(go);
	close(go[0]);
	libbpf_log_start();
	s = attack_skb__open();
	if (!s) {
		failed(o, "open the BPF object: %s", strerror(errno));
		goto out;
	}
	s->rodata->target_pid = pid;
	if (load_attach(s, o))
		goto out;
	pb = perf_buffer__new(bpf_map__fd(s->maps.skb_out), 8, got_sample, NULL, &seen, NULL);
	if (!pb) {
		failed(o, "perf_buffer__new: %s", strerror(errno));
		goto out;
	}
	if (write(go[1], "x", 1) != 1) {
		failed(o, "start the victim: %s", strerror(errno));
		goto out;
	}
	for (int i = 0; i < 20 && !seen; i++)
		perf_buffer__poll(pb, 100);
	if (seen)
		shown(o, "an fentry program on netlink_rcv_skb() read another process's netlink "
		      "message through bpf_skb_output(): '%s' in it", SKB_ATTACK_SECRET);
	else
		failed(o, "the program loaded and attached, and no message with the secret came");
out:
	close(go[1]);
	waitpid(pid, &status, 0);
	perf_buffer__free(pb);
	attack_skb__destroy(s);
}

const struct attack attacks_skb[] = {
	{ "bpf-skb-output", "another process's netlink message, read by an fentry program on "
	  "netlink_rcv_skb() through bpf_skb_output()", run_skb_output },
	{ 0 }
};
