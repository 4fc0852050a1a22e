// SPDX-License-Identifier: GPL-2.0
/*
 * PF_KEY reports an SA's keys as xfrm_user does: in the clear, or zeroed
 * when lockdown denies LOCKDOWN_XFRM_SECRET (lockdown=confidentiality).
 * Adds an AH SA with an hmac(sha256) key through PF_KEY (SADB_ADD), dumps
 * it (SADB_DUMP), flushes the AH SAs; a promiscuous socket (SADB_X_PROMISC)
 * watches the SADB_ADD go by.
 */
#include <arpa/inet.h>
#include <assert.h>
#include <errno.h>
#include <linux/pfkeyv2.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "../kselftest.h"

#define KEY_BYTES 32
#define SPI 0x1d0d

/* PF_KEY wants every extension a multiple of 8 bytes: these are, unpadded */

struct sadb_addr_in {
	struct sadb_address a;
	struct sockaddr_in sin;
};

struct add_msg {
	struct sadb_msg m;
	struct sadb_sa sa;
	struct sadb_addr_in src, dst;
	struct sadb_key k;
	unsigned char key[KEY_BYTES];
};

static_assert(sizeof(struct add_msg) == 16 + 16 + 2 * 24 + 8 + KEY_BYTES,
	      "SADB_ADD message padded");

static void hdr(struct sadb_msg *m, unsigned char type, size_t len)
{
	memset(m, 0, sizeof(*m));
	m->sadb_msg_version = PF_KEY_V2;
	m->sadb_msg_type = type;
	m->sadb_msg_satype = SADB_SATYPE_AH;
	m->sadb_msg_len = len / 8;
	m->sadb_msg_pid = getpid();
}

static void addr(struct sadb_addr_in *a, unsigned short type)
{
	a->a.sadb_address_len = sizeof(*a) / 8;
	a->a.sadb_address_exttype = type;
	a->a.sadb_address_prefixlen = 32;
	a->sin.sin_family = AF_INET;
	a->sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
}

/* Read answers of @type to us until @done says stop: 0, or -errno. */
static int answers(int fd, unsigned char type, bool (*done)(const unsigned char *, size_t))
{
	unsigned char buf[4096];
	const struct sadb_msg *r = (const void *)buf;

	for (;;) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		ssize_t n;

		if (poll(&p, 1, 2000) <= 0)
			return -ETIMEDOUT;
		n = recv(fd, buf, sizeof(buf), 0);
		if (n < (ssize_t)sizeof(*r))
			return -EIO;
		if (r->sadb_msg_type != type || r->sadb_msg_pid != (unsigned int)getpid())
			continue;
		if (r->sadb_msg_errno)
			return -r->sadb_msg_errno;
		if (!done || done(buf, n))
			return 0;
	}
}

static int key_bytes = -1;
static unsigned char key[KEY_BYTES];

/* One SADB_DUMP answer: note our SA's key; stop at the last. */
static bool dump_one(const unsigned char *buf, size_t len)
{
	const struct sadb_msg *m = (const void *)buf;
	size_t off = sizeof(*m), end = m->sadb_msg_len * 8;
	bool ours = false;
	int got = 0;

	if (end > len)
		end = len;
	while (off + sizeof(struct sadb_ext) <= end) {
		const struct sadb_ext *e = (const void *)(buf + off);
		size_t elen = e->sadb_ext_len * 8;

		if (!elen || off + elen > end)
			break;
		if (e->sadb_ext_type == SADB_EXT_SA &&
		    ntohl(((const struct sadb_sa *)e)->sadb_sa_spi) == SPI)
			ours = true;
		if (e->sadb_ext_type == SADB_EXT_KEY_AUTH &&
		    elen >= sizeof(struct sadb_key) + KEY_BYTES) {
			memcpy(key, (const struct sadb_key *)e + 1, KEY_BYTES);
			got = KEY_BYTES;
		}
		off += elen;
	}
	if (ours)
		key_bytes = got;
	return !m->sadb_msg_seq;
}

/*
 * The SADB_ADD messages a promiscuous socket got, the copy of ours among
 * them: how many carried our key's bytes, and how many carried them
 * zeroed.
 */
static int promisc_keys, promisc_zeroed;

static void promisc_drain(int pfd)
{
	unsigned char buf[4096];
	struct pollfd p = { .fd = pfd, .events = POLLIN };

	while (poll(&p, 1, 500) > 0) {
		const struct sadb_msg *m = (const void *)buf;
		ssize_t n = recv(pfd, buf, sizeof(buf), 0);
		size_t off = sizeof(*m), end;

		if (n < (ssize_t)sizeof(*m))
			return;
		if (m->sadb_msg_type != SADB_ADD)
			continue;
		end = m->sadb_msg_len * 8 < (size_t)n ? m->sadb_msg_len * 8 : (size_t)n;
		while (off + sizeof(struct sadb_ext) <= end) {
			const struct sadb_ext *e = (const void *)(buf + off);
			size_t elen = e->sadb_ext_len * 8;
			const unsigned char *k = (const void *)((const struct sadb_key *)e + 1);

			if (!elen || off + elen > end)
				break;
			if (e->sadb_ext_type == SADB_EXT_KEY_AUTH &&
			    elen >= sizeof(struct sadb_key) + KEY_BYTES) {
				promisc_keys += k[0] == 0xa5 && k[KEY_BYTES - 1] == 0xa5;
				promisc_zeroed += !k[0] && !k[KEY_BYTES - 1];
			}
			off += elen;
		}
	}
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
	unsigned char zero[KEY_BYTES] = {};
	struct sadb_msg dump, flush, promisc;
	struct add_msg add = {};
	int fd, pfd, err;

	ksft_print_header();
	ksft_set_plan(2);
	fd = socket(PF_KEY, SOCK_RAW, PF_KEY_V2);
	if (fd < 0)
		ksft_exit_skip("no PF_KEY sockets: %s\n", strerror(errno));
	/* a promiscuous socket: a copy of every message another one sends */
	pfd = socket(PF_KEY, SOCK_RAW, PF_KEY_V2);
	hdr(&promisc, SADB_X_PROMISC, sizeof(promisc));
	promisc.sadb_msg_satype = 1;
	if (pfd < 0 || send(pfd, &promisc, sizeof(promisc), 0) != sizeof(promisc))
		ksft_exit_fail_msg("SADB_X_PROMISC: %s\n", strerror(errno));
	hdr(&add.m, SADB_ADD, sizeof(add));
	add.sa.sadb_sa_len = sizeof(add.sa) / 8;
	add.sa.sadb_sa_exttype = SADB_EXT_SA;
	add.sa.sadb_sa_spi = htonl(SPI);
	add.sa.sadb_sa_state = SADB_SASTATE_MATURE;
	add.sa.sadb_sa_auth = SADB_X_AALG_SHA2_256HMAC;
	addr(&add.src, SADB_EXT_ADDRESS_SRC);
	addr(&add.dst, SADB_EXT_ADDRESS_DST);
	add.k.sadb_key_len = (sizeof(add.k) + KEY_BYTES) / 8;
	add.k.sadb_key_exttype = SADB_EXT_KEY_AUTH;
	add.k.sadb_key_bits = KEY_BYTES * 8;
	memset(add.key, 0xa5, KEY_BYTES);
	err = send(fd, &add, sizeof(add), 0) < 0 ? -errno : answers(fd, SADB_ADD, NULL);
	if (err)
		ksft_exit_skip("SADB_ADD of an AH SA with hmac(sha256): %s\n", strerror(-err));
	promisc_drain(pfd);
	close(pfd);
	hdr(&dump, SADB_DUMP, sizeof(dump));
	err = send(fd, &dump, sizeof(dump), 0) < 0 ? -errno : answers(fd, SADB_DUMP, dump_one);
	hdr(&flush, SADB_FLUSH, sizeof(flush));
	if (send(fd, &flush, sizeof(flush), 0) == sizeof(flush))
		answers(fd, SADB_FLUSH, NULL);
	close(fd);
	if (err || key_bytes != KEY_BYTES)
		ksft_test_result_fail("SADB_DUMP of the SA: %s, %d key bytes\n",
				      strerror(-err), key_bytes);
	else if (locked_down_for_confidentiality())
		ksft_test_result(!memcmp(key, zero, KEY_BYTES),
				 "SADB_DUMP gives the key zeroed under lockdown\n");
	else
		ksft_test_result(key[0] == 0xa5 && key[KEY_BYTES - 1] == 0xa5,
				 "SADB_DUMP gives the key\n");
	if (locked_down_for_confidentiality())
		ksft_test_result(!promisc_keys && promisc_zeroed,
				 "a promiscuous socket gets SADB_ADD's key zeroed under lockdown\n");
	else
		ksft_test_result(promisc_keys,
				 "a promiscuous socket gets SADB_ADD's key\n");
	ksft_finished();
}
