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
#include "nlxfrm.h"
#include "probes.h"

#define KEY_BYTES NLXFRM_KEY_BYTES
#define SPI 0x1d0c
#define SA_SRC "10.29.0.2"
#define SA_DST "10.29.0.1"

void probe_xfrm_secret(struct result *r)
{
	unsigned char key[KEY_BYTES];
	struct nlreq q;
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
	memset(key, 0x5a, KEY_BYTES);
	err = nlxfrm_add_sa(fd, SPI, SA_SRC, SA_DST, key);
	if (err && err != EEXIST) {
		result_set(r, ERROR, err, "adding the SA: %s", errno_name(err));
		close(fd);
		return;
	}

	nlxfrm_sa_id(&q, XFRM_MSG_GETSA, SPI, SA_DST);
	q.nh.nlmsg_flags = NLM_F_REQUEST;
	err = nlreq_talk(fd, &q, buf, sizeof(buf), &got);
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

				if (!memcmp(x->alg_key, key, KEY_BYTES))
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
	nlxfrm_sa_id(&q, XFRM_MSG_DELSA, SPI, SA_DST);
	nlreq_talk(fd, &q, buf, sizeof(buf), &got);
	close(fd);
}
