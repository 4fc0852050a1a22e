/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Netlink requests as the VM tools build them, and the IPsec SA they add
 * over NETLINK_XFRM: an AH SA with an hmac(sha256) key (probes_xfrm.c,
 * attack_nlmon.c).
 */
#ifndef LDTOOLS_NLXFRM_H
#define LDTOOLS_NLXFRM_H

#include <linux/netlink.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define NLXFRM_KEY_BYTES 32

struct nlreq {
	struct nlmsghdr nh;
	char body[1024];
};

/* Start @q as a request of @type with @flags (NLM_F_REQUEST added). */
void nlreq_start(struct nlreq *q, unsigned short type, unsigned short flags);

/* Append @len bytes of @data, aligned; where they went. */
void *nlreq_put(struct nlreq *q, const void *data, size_t len);

/* Append attribute @type holding @len bytes of @data. */
void nlreq_attr(struct nlreq *q, unsigned short type, const void *data, size_t len);

/* Open a nested attribute of @type; nlreq_nest_end() closes it. */
struct nlattr *nlreq_nest(struct nlreq *q, unsigned short type);
void nlreq_nest_end(struct nlreq *q, struct nlattr *nest);

/*
 * Send @q (with NLM_F_ACK) and read the first answer into @buf: 0, or the
 * errno it (or the send) gave; its length in *@got.
 */
int nlreq_talk(int fd, struct nlreq *q, char *buf, size_t size, ssize_t *got);

/*
 * Send dump request @q and read its answers to NLMSG_DONE, handing each
 * one to @each with @ctx: 0, or the errno the send, a read or the kernel
 * gave.
 */
int nlreq_dump(int fd, struct nlreq *q, void (*each)(const struct nlmsghdr *h, void *ctx),
	       void *ctx);

/*
 * nlreq_dump() with request @first sent before @q in the same datagram, as
 * the kernel takes a batch: its answer, if any, is handed to @each too.
 */
int nlreq_dump_after(int fd, const struct nlreq *first, struct nlreq *q,
		     void (*each)(const struct nlmsghdr *h, void *ctx), void *ctx);

/*
 * XFRM_MSG_NEWSA of an AH SA, transport mode, SPI @spi from @src to @dst
 * (IPv4), keyed with hmac(sha256) and the NLXFRM_KEY_BYTES of @key: 0 or
 * the errno. nlxfrm_sa_id() starts a request of @type (GETSA, DELSA) for it.
 */
int nlxfrm_add_sa(int fd, uint32_t spi, const char *src, const char *dst,
		  const unsigned char *key);
void nlxfrm_sa_id(struct nlreq *q, unsigned short type, uint32_t spi, const char *dst);

#endif
