// SPDX-License-Identifier: GPL-2.0
/*
 * A generic netlink family's id, asked of the kernel's controller
 * (CTRL_CMD_GETFAMILY), as genl_ctrl_resolve() of libnl does: one request,
 * one answer, checked to be the kernel's answer to it.
 */
#include "genl.h"

#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <linux/genetlink.h>
#include <linux/netlink.h>

#define GENL_REQ_SEQ 1

struct genl_req {
	struct nlmsghdr n;
	struct genlmsghdr g;
	char attrs[NLA_HDRLEN + NLA_ALIGN(GENL_NAMSIZ)];
};

/* The family id attribute in the answer @h, or -EPROTO. */
static int answer_id(const struct nlmsghdr *h, uint16_t *id)
{
	const char *p = (const char *)NLMSG_DATA(h) + GENL_HDRLEN;
	const char *end = (const char *)h + h->nlmsg_len;

	if (h->nlmsg_len < NLMSG_LENGTH(GENL_HDRLEN))
		return -EPROTO;
	while (end - p >= NLA_HDRLEN) {
		const struct nlattr *a = (const struct nlattr *)p;

		if (a->nla_len < NLA_HDRLEN || a->nla_len > end - p)
			break;
		if ((a->nla_type & NLA_TYPE_MASK) == CTRL_ATTR_FAMILY_ID &&
		    a->nla_len == NLA_HDRLEN + sizeof(*id)) {
			memcpy(id, p + NLA_HDRLEN, sizeof(*id));
			return 0;
		}
		p += NLA_ALIGN(a->nla_len);
	}
	return -EPROTO;
}

/* Send @q on @fd and read the kernel's answer to it: as genl_family_id(). */
static int ask(int fd, const struct genl_req *q, uint16_t *id)
{
	struct sockaddr_nl kernel = { .nl_family = AF_NETLINK };
	union {
		struct nlmsghdr h;
		char b[32768];
	} r;
	struct sockaddr_nl from;
	socklen_t fl = sizeof(from);
	ssize_t got;

	if (sendto(fd, q, q->n.nlmsg_len, 0, (struct sockaddr *)&kernel, sizeof(kernel)) < 0)
		return -errno;
	for (;;) {
		got = recvfrom(fd, &r, sizeof(r), MSG_TRUNC, (struct sockaddr *)&from, &fl);
		if (got < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		if (got > (ssize_t)sizeof(r))
			return -EMSGSIZE;
		/* only the kernel's answer to this request */
		if (fl == sizeof(from) && !from.nl_pid && NLMSG_OK(&r.h, (size_t)got) &&
		    r.h.nlmsg_seq == GENL_REQ_SEQ)
			break;
	}
	if (r.h.nlmsg_type == NLMSG_ERROR) {
		const struct nlmsgerr *e = NLMSG_DATA(&r.h);

		if (r.h.nlmsg_len < NLMSG_LENGTH(sizeof(*e)) || !e->error)
			return -EPROTO;
		return e->error == -ENOENT ? 1 : e->error;
	}
	if (r.h.nlmsg_type != GENL_ID_CTRL)
		return -EPROTO;
	return answer_id(&r.h, id);
}

int genl_family_id(const char *name, uint16_t *id)
{
	struct genl_req q = {
		.n = {
			.nlmsg_type = GENL_ID_CTRL,
			.nlmsg_flags = NLM_F_REQUEST,
			.nlmsg_seq = GENL_REQ_SEQ,
		},
		.g = { .cmd = CTRL_CMD_GETFAMILY, .version = 1 },
	};
	struct nlattr *a = (struct nlattr *)q.attrs;
	size_t len = strlen(name) + 1;
	int fd, err;

	if (len > GENL_NAMSIZ)
		return -ENAMETOOLONG;
	a->nla_type = CTRL_ATTR_FAMILY_NAME;
	a->nla_len = NLA_HDRLEN + len;
	memcpy(q.attrs + NLA_HDRLEN, name, len);
	q.n.nlmsg_len = NLMSG_LENGTH(GENL_HDRLEN + NLA_ALIGN(a->nla_len));
	fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_GENERIC);
	if (fd < 0)
		return -errno;
	err = ask(fd, &q, id);
	if (close(fd) && err >= 0)
		err = -errno;
	return err;
}
