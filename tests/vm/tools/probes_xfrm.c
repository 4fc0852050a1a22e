// SPDX-License-Identifier: GPL-2.0
/*
 * XFRM probe: add an AH security association with an hmac(sha256) key,
 * read it back over netlink, delete it. net/xfrm/xfrm_user.c:
 * xfrm_redact() zeroes the key in what the kernel reports when locked
 * down: the refusal is a redaction, not an error.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <linux/netlink.h>
#include <linux/xfrm.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "errname.h"
#include "probes.h"

#define KEY_BYTES 32
#define SPI 0x1d0c

struct req {
	struct nlmsghdr nh;
	char body[1024];
};

static void *put(struct req *q, const void *data, size_t len)
{
	void *at = (char *)q + NLMSG_ALIGN(q->nh.nlmsg_len);

	memcpy(at, data, len);
	q->nh.nlmsg_len = NLMSG_ALIGN(q->nh.nlmsg_len) + len;
	return at;
}

static void put_attr(struct req *q, unsigned short type, const void *data, size_t len)
{
	struct nlattr a = { .nla_len = NLA_HDRLEN + len, .nla_type = type };

	put(q, &a, NLA_HDRLEN);
	put(q, data, len);
}

/* Send @q; read the answer into @buf. Returns 0, or the errno. */
static int talk(int fd, struct req *q, char *buf, size_t size, ssize_t *got)
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

static void sa_id(struct req *q, int type)
{
	struct xfrm_usersa_id id = { .spi = htonl(SPI), .family = AF_INET, .proto = IPPROTO_AH };

	memset(q, 0, sizeof(*q));
	q->nh.nlmsg_len = NLMSG_HDRLEN;
	q->nh.nlmsg_type = type;
	inet_pton(AF_INET, "10.29.0.1", &id.daddr.a4);
	put(q, &id, sizeof(id));
}

void probe_xfrm_secret(struct result *r)
{
	struct xfrm_usersa_info sa = { 0 };
	struct {
		struct xfrm_algo_auth a;
		unsigned char key[KEY_BYTES];
	} auth = { 0 };
	struct req q = { 0 };
	char buf[8192];
	ssize_t got;
	int fd, err;

	fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_XFRM);
	if (fd < 0 && errno == EPROTONOSUPPORT) {
		result_set(r, UNAVAILABLE, errno, "no NETLINK_XFRM (xfrm_user not loaded)");
		return;
	}
	if (fd < 0) {
		result_set(r, ERROR, errno, "NETLINK_XFRM socket: %s", strerror(errno));
		return;
	}
	inet_pton(AF_INET, "10.29.0.1", &sa.id.daddr.a4);
	inet_pton(AF_INET, "10.29.0.2", &sa.saddr.a4);
	sa.id.spi = htonl(SPI);
	sa.id.proto = IPPROTO_AH;
	sa.family = AF_INET;
	sa.sel.family = AF_INET;
	sa.mode = XFRM_MODE_TRANSPORT;
	sa.lft.soft_byte_limit = sa.lft.hard_byte_limit = XFRM_INF;
	sa.lft.soft_packet_limit = sa.lft.hard_packet_limit = XFRM_INF;
	strcpy(auth.a.alg_name, "hmac(sha256)");
	auth.a.alg_key_len = KEY_BYTES * 8;
	auth.a.alg_trunc_len = 128;
	memset(auth.key, 0x5a, KEY_BYTES);

	q.nh.nlmsg_len = NLMSG_HDRLEN;
	q.nh.nlmsg_type = XFRM_MSG_NEWSA;
	put(&q, &sa, sizeof(sa));
	put_attr(&q, XFRMA_ALG_AUTH_TRUNC, &auth, sizeof(auth));
	err = talk(fd, &q, buf, sizeof(buf), &got);
	if (err && err != EEXIST) {
		result_set(r, ERROR, err, "adding the SA: %s", errno_name(err));
		close(fd);
		return;
	}

	sa_id(&q, XFRM_MSG_GETSA);
	q.nh.nlmsg_flags = NLM_F_REQUEST;
	err = talk(fd, &q, buf, sizeof(buf), &got);
	if (err) {
		result_set(r, ERROR, err, "reading the SA back: %s", errno_name(err));
	} else {
		struct nlmsghdr *h = (struct nlmsghdr *)buf;
		struct nlattr *a = (struct nlattr *)((char *)NLMSG_DATA(h) +
						     NLMSG_ALIGN(sizeof(struct xfrm_usersa_info)));
		int left = h->nlmsg_len - NLMSG_HDRLEN - NLMSG_ALIGN(sizeof(struct xfrm_usersa_info));

		result_set(r, ERROR, 0, "no XFRMA_ALG_AUTH_TRUNC in the answer");
		while (left >= NLA_HDRLEN && a->nla_len >= NLA_HDRLEN && a->nla_len <= left) {
			if ((a->nla_type & NLA_TYPE_MASK) == XFRMA_ALG_AUTH_TRUNC) {
				struct xfrm_algo_auth *x = (void *)((char *)a + NLA_HDRLEN);
				unsigned char zero[KEY_BYTES] = { 0 };

				if (!memcmp(x->alg_key, auth.key, KEY_BYTES))
					result_set(r, ALLOWED, 0, "%s", "");
				else if (!memcmp(x->alg_key, zero, KEY_BYTES))
					result_set(r, DENIED, 0, "SA key redacted in the dump");
				else
					result_set(r, ERROR, 0, "SA key neither kept nor redacted");
				break;
			}
			left -= NLA_ALIGN(a->nla_len);
			a = (struct nlattr *)((char *)a + NLA_ALIGN(a->nla_len));
		}
	}
	sa_id(&q, XFRM_MSG_DELSA);
	talk(fd, &q, buf, sizeof(buf), &got);
	close(fd);
}
