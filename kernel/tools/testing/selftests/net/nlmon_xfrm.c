// SPDX-License-Identifier: GPL-2.0
/*
 * A netlink tap (nlmon) gets NETLINK_XFRM's messages, SA keys and all,
 * unless lockdown denies LOCKDOWN_XFRM_SECRET (lockdown=confidentiality):
 * then none. Makes an nlmon device, up, with a packet socket on it; adds
 * an AH SA with an hmac(sha256) key over NETLINK_XFRM and deletes it;
 * looks for the key in what the device saw.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <linux/if_ether.h>
#include <linux/if_link.h>
#include <linux/if_packet.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <linux/xfrm.h>
#include <net/if.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "../kselftest.h"

#define IFNAME "nlmonxfrm0"
#define KEY_BYTES 32
#define SPI 0x1d0e

struct req {
	struct nlmsghdr nh;
	char body[512];
};

static void *put(struct req *q, const void *data, size_t len)
{
	void *at = (char *)q + NLMSG_ALIGN(q->nh.nlmsg_len);

	memcpy(at, data, len);
	q->nh.nlmsg_len = NLMSG_ALIGN(q->nh.nlmsg_len) + len;
	return at;
}

static struct nlattr *attr(struct req *q, unsigned short type, const void *data, size_t len)
{
	struct nlattr a = { .nla_len = NLA_HDRLEN + len, .nla_type = type };
	struct nlattr *at = put(q, &a, NLA_HDRLEN);

	put(q, data, len);
	return at;
}

static void start(struct req *q, unsigned short type, unsigned short flags)
{
	memset(q, 0, sizeof(*q));
	q->nh.nlmsg_len = NLMSG_HDRLEN;
	q->nh.nlmsg_type = type;
	q->nh.nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK | flags;
}

/* Send @q, read its ack: 0 or -errno. */
static int talk(int fd, struct req *q)
{
	struct sockaddr_nl k = { .nl_family = AF_NETLINK };
	char buf[4096];
	struct nlmsghdr *h = (void *)buf;
	ssize_t n;

	if (sendto(fd, q, q->nh.nlmsg_len, 0, (struct sockaddr *)&k, sizeof(k)) < 0)
		return -errno;
	n = recv(fd, buf, sizeof(buf), 0);
	if (n < (ssize_t)sizeof(*h))
		return n < 0 ? -errno : -EIO;
	return h->nlmsg_type == NLMSG_ERROR ? ((struct nlmsgerr *)NLMSG_DATA(h))->error : 0;
}

static int nlmon(int rt, bool make)
{
	struct ifinfomsg ifi = { .ifi_family = AF_UNSPEC };
	struct req q;

	start(&q, make ? RTM_NEWLINK : RTM_DELLINK, make ? NLM_F_CREATE | NLM_F_EXCL : 0);
	if (make) {
		ifi.ifi_flags = IFF_UP;
		ifi.ifi_change = IFF_UP;
	}
	put(&q, &ifi, sizeof(ifi));
	attr(&q, IFLA_IFNAME, IFNAME, sizeof(IFNAME));
	if (make) {
		struct nlattr *info = attr(&q, IFLA_LINKINFO, NULL, 0);

		attr(&q, IFLA_INFO_KIND, "nlmon", sizeof("nlmon"));
		info->nla_len = (char *)&q + q.nh.nlmsg_len - (char *)info;
	}
	return talk(rt, &q);
}

/* A NETLINK_ROUTE request, which the tap passes whatever lockdown says. */
static void getlink(int rt, int ifindex)
{
	struct ifinfomsg ifi = { .ifi_index = ifindex };
	struct req q;

	start(&q, RTM_GETLINK, 0);
	put(&q, &ifi, sizeof(ifi));
	talk(rt, &q);
}

static int sa(int fd, bool add)
{
	struct xfrm_usersa_info info = {};
	struct xfrm_usersa_id id = {};
	struct {
		struct xfrm_algo_auth a;
		unsigned char key[KEY_BYTES];
	} auth = {};
	struct req q;

	if (!add) {
		start(&q, XFRM_MSG_DELSA, 0);
		id.daddr.a4 = htonl(INADDR_LOOPBACK);
		id.spi = htonl(SPI);
		id.family = AF_INET;
		id.proto = IPPROTO_AH;
		put(&q, &id, sizeof(id));
		return talk(fd, &q);
	}
	start(&q, XFRM_MSG_NEWSA, 0);
	info.id.daddr.a4 = htonl(INADDR_LOOPBACK);
	info.saddr.a4 = htonl(INADDR_LOOPBACK);
	info.id.spi = htonl(SPI);
	info.id.proto = IPPROTO_AH;
	info.family = AF_INET;
	info.sel.family = AF_INET;
	info.mode = XFRM_MODE_TRANSPORT;
	info.lft.soft_byte_limit = XFRM_INF;
	info.lft.hard_byte_limit = XFRM_INF;
	info.lft.soft_packet_limit = XFRM_INF;
	info.lft.hard_packet_limit = XFRM_INF;
	snprintf(auth.a.alg_name, sizeof(auth.a.alg_name), "hmac(sha256)");
	auth.a.alg_key_len = KEY_BYTES * 8;
	auth.a.alg_trunc_len = 128;
	memset(auth.key, 0xa5, KEY_BYTES);
	put(&q, &info, sizeof(info));
	attr(&q, XFRMA_ALG_AUTH_TRUNC, &auth, sizeof(auth));
	return talk(fd, &q);
}

static bool locked_down_for_confidentiality(void)
{
	char buf[128] = {};
	FILE *f = fopen("/sys/kernel/security/lockdown", "r");

	if (!f)
		return false;
	if (!fgets(buf, sizeof(buf), f))
		buf[0] = '\0';
	fclose(f);
	return strstr(buf, "[confidentiality]");
}

int main(void)
{
	struct sockaddr_ll ll = { .sll_family = AF_PACKET, .sll_protocol = htons(ETH_P_ALL) };
	unsigned char key[KEY_BYTES], frame[8192];
	struct pollfd pf = { .events = POLLIN };
	int rt, xfrm, err, route = 0, xfrms = 0, keys = 0;

	ksft_print_header();
	ksft_set_plan(1);
	memset(key, 0xa5, KEY_BYTES);
	rt = socket(AF_NETLINK, SOCK_RAW, NETLINK_ROUTE);
	xfrm = socket(AF_NETLINK, SOCK_RAW, NETLINK_XFRM);
	if (rt < 0 || xfrm < 0)
		ksft_exit_skip("no NETLINK_ROUTE or NETLINK_XFRM socket: %s\n", strerror(errno));
	nlmon(rt, false);
	err = nlmon(rt, true);
	if (err)
		ksft_exit_skip("an nlmon device: %s\n", strerror(-err));
	ll.sll_ifindex = if_nametoindex(IFNAME);
	pf.fd = socket(AF_PACKET, SOCK_RAW, htons(ETH_P_ALL));
	if (pf.fd < 0 || bind(pf.fd, (struct sockaddr *)&ll, sizeof(ll)))
		ksft_exit_fail_msg("a packet socket on %s: %s\n", IFNAME, strerror(errno));
	getlink(rt, ll.sll_ifindex);
	err = sa(xfrm, true);
	if (err)
		ksft_exit_skip("XFRM_MSG_NEWSA of an AH SA with hmac(sha256): %s\n",
			       strerror(-err));
	sa(xfrm, false);
	nlmon(rt, false);
	while (poll(&pf, 1, 500) == 1) {
		struct sockaddr_ll from;
		socklen_t fl = sizeof(from);
		ssize_t n = recvfrom(pf.fd, frame, sizeof(frame), 0, (void *)&from, &fl);

		if (n <= 0)
			break;
		route += ntohs(from.sll_protocol) == NETLINK_ROUTE;
		if (ntohs(from.sll_protocol) != NETLINK_XFRM)
			continue;
		xfrms++;
		keys += !!memmem(frame, n, key, KEY_BYTES);
	}
	if (!route)
		ksft_test_result_fail("the tap saw no NETLINK_ROUTE message\n");
	else if (locked_down_for_confidentiality())
		ksft_test_result(!xfrms, "no NETLINK_XFRM message on the tap under lockdown\n");
	else
		ksft_test_result(keys, "the tap gets XFRM_MSG_NEWSA's key\n");
	ksft_finished();
}
