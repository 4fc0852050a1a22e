// SPDX-License-Identifier: GPL-2.0
/*
 * Netlink requests, and the AH SA the VM tools add over NETLINK_XFRM
 * (nlxfrm.h).
 */
#include <arpa/inet.h>
#include <errno.h>
#include <linux/xfrm.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>

#include "nlxfrm.h"

void nlreq_start(struct nlreq *q, unsigned short type, unsigned short flags)
{
	memset(q, 0, sizeof(*q));
	q->nh.nlmsg_len = NLMSG_HDRLEN;
	q->nh.nlmsg_type = type;
	q->nh.nlmsg_flags = NLM_F_REQUEST | flags;
}

void *nlreq_put(struct nlreq *q, const void *data, size_t len)
{
	void *at = (char *)q + NLMSG_ALIGN(q->nh.nlmsg_len);

	memcpy(at, data, len);
	q->nh.nlmsg_len = NLMSG_ALIGN(q->nh.nlmsg_len) + len;
	return at;
}

void nlreq_attr(struct nlreq *q, unsigned short type, const void *data, size_t len)
{
	struct nlattr a = { .nla_len = NLA_HDRLEN + len, .nla_type = type };

	nlreq_put(q, &a, NLA_HDRLEN);
	nlreq_put(q, data, len);
}

struct nlattr *nlreq_nest(struct nlreq *q, unsigned short type)
{
	struct nlattr a = { .nla_len = NLA_HDRLEN, .nla_type = type };

	return nlreq_put(q, &a, NLA_HDRLEN);
}

void nlreq_nest_end(struct nlreq *q, struct nlattr *nest)
{
	nest->nla_len = (char *)q + q->nh.nlmsg_len - (char *)nest;
}

int nlreq_talk(int fd, struct nlreq *q, char *buf, size_t size, ssize_t *got)
{
	struct sockaddr_nl k = { .nl_family = AF_NETLINK };
	struct nlmsghdr *h;

	q->nh.nlmsg_flags |= NLM_F_REQUEST | NLM_F_ACK;
	if (sendto(fd, q, q->nh.nlmsg_len, 0, (struct sockaddr *)&k, sizeof(k)) < 0)
		return errno;
	*got = recv(fd, buf, size, 0);
	if (*got < (ssize_t)sizeof(*h))
		return *got < 0 ? errno : EIO;
	h = (struct nlmsghdr *)buf;
	if (h->nlmsg_type == NLMSG_ERROR)
		return -((struct nlmsgerr *)NLMSG_DATA(h))->error;
	return 0;
}

int nlreq_dump(int fd, struct nlreq *q, void (*each)(const struct nlmsghdr *h, void *ctx),
	       void *ctx)
{
	return nlreq_dump_after(fd, NULL, q, each, ctx);
}

int nlreq_dump_after(int fd, const struct nlreq *first, struct nlreq *q,
		     void (*each)(const struct nlmsghdr *h, void *ctx), void *ctx)
{
	struct sockaddr_nl k = { .nl_family = AF_NETLINK };
	static char buf[32768];
	struct iovec iov[2];
	struct msghdr m = { .msg_name = &k, .msg_namelen = sizeof(k), .msg_iov = iov };

	q->nh.nlmsg_flags |= NLM_F_REQUEST | NLM_F_DUMP;
	if (first) {
		iov[m.msg_iovlen].iov_base = (void *)first;
		iov[m.msg_iovlen++].iov_len = NLMSG_ALIGN(first->nh.nlmsg_len);
	}
	iov[m.msg_iovlen].iov_base = q;
	iov[m.msg_iovlen++].iov_len = q->nh.nlmsg_len;
	if (sendmsg(fd, &m, 0) < 0)
		return errno;
	for (;;) {
		ssize_t got = recv(fd, buf, sizeof(buf), 0);
		struct nlmsghdr *h;

		if (got < 0)
			return errno;
		for (h = (struct nlmsghdr *)buf; NLMSG_OK(h, (size_t)got); h = NLMSG_NEXT(h, got)) {
			if (h->nlmsg_type == NLMSG_DONE)
				return 0;
			if (h->nlmsg_type == NLMSG_ERROR)
				return -((struct nlmsgerr *)NLMSG_DATA(h))->error;
			each(h, ctx);
		}
	}
}

int nlxfrm_add_sa(int fd, uint32_t spi, const char *src, const char *dst,
		  const unsigned char *key)
{
	struct xfrm_usersa_info sa = { 0 };
	struct {
		struct xfrm_algo_auth a;
		unsigned char key[NLXFRM_KEY_BYTES];
	} auth = { 0 };
	struct nlreq q;
	char buf[1024];
	ssize_t got;

	inet_pton(AF_INET, dst, &sa.id.daddr.a4);
	inet_pton(AF_INET, src, &sa.saddr.a4);
	sa.id.spi = htonl(spi);
	sa.id.proto = IPPROTO_AH;
	sa.family = AF_INET;
	sa.sel.family = AF_INET;
	sa.mode = XFRM_MODE_TRANSPORT;
	sa.lft.soft_byte_limit = sa.lft.hard_byte_limit = XFRM_INF;
	sa.lft.soft_packet_limit = sa.lft.hard_packet_limit = XFRM_INF;
	strcpy(auth.a.alg_name, "hmac(sha256)");
	auth.a.alg_key_len = NLXFRM_KEY_BYTES * 8;
	auth.a.alg_trunc_len = 128;
	memcpy(auth.key, key, NLXFRM_KEY_BYTES);
	nlreq_start(&q, XFRM_MSG_NEWSA, 0);
	nlreq_put(&q, &sa, sizeof(sa));
	nlreq_attr(&q, XFRMA_ALG_AUTH_TRUNC, &auth, sizeof(auth));
	return nlreq_talk(fd, &q, buf, sizeof(buf), &got);
}

void nlxfrm_sa_id(struct nlreq *q, unsigned short type, uint32_t spi, const char *dst)
{
	struct xfrm_usersa_id id = { .spi = htonl(spi), .family = AF_INET, .proto = IPPROTO_AH };

	nlreq_start(q, type, 0);
	inet_pton(AF_INET, dst, &id.daddr.a4);
	nlreq_put(q, &id, sizeof(id));
}
