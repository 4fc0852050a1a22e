// SPDX-License-Identifier: GPL-2.0
/*
 * net.ipv4.tcp_fastopen_key reads as xfrm_user reports an SA's keys: in
 * the clear, or zeroed when lockdown denies LOCKDOWN_XFRM_SECRET
 * (lockdown=confidentiality). In a network namespace of its own, sets a
 * known key, reads it back, and draws one as a Fast Open listener makes
 * the kernel do in a second namespace.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "../kselftest.h"

#define KEY_SYSCTL "/proc/sys/net/ipv4/tcp_fastopen_key"
#define KNOWN "01234567-89abcdef-01234567-89abcdef"
#define ZERO "00000000-00000000-00000000-00000000"

static bool locked_down_for_confidentiality(void)
{
	char buf[128] = "";
	FILE *f = fopen("/sys/kernel/security/lockdown", "r");
	bool c;

	if (!f)
		return false;
	c = fgets(buf, sizeof(buf), f) && strstr(buf, "[confidentiality]");
	fclose(f);
	return c;
}

/* The sysctl's value, without its newline, into @buf: 0 or errno. */
static int key_read(char *buf, size_t len)
{
	FILE *f = fopen(KEY_SYSCTL, "r");
	int err = 0;

	if (!f)
		return errno;
	if (!fgets(buf, len, f))
		err = ferror(f) ? errno : EIO;
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
	return err;
}

static int key_write(const char *key)
{
	FILE *f = fopen(KEY_SYSCTL, "w");
	int err = 0;

	if (!f)
		return errno;
	if (fputs(key, f) < 0)
		err = errno;
	if (fclose(f) && !err)
		err = errno;
	return err;
}

int main(void)
{
	bool redact = locked_down_for_confidentiality();
	int s, qlen = 5, err;
	char key[128];

	ksft_print_header();
	ksft_set_plan(2);
	if (unshare(CLONE_NEWNET))
		ksft_exit_skip("unshare(CLONE_NEWNET): %s\n", strerror(errno));
	err = key_write(KNOWN);
	if (err)
		ksft_exit_fail_msg("writing %s: %s\n", KEY_SYSCTL, strerror(err));
	err = key_read(key, sizeof(key));
	if (err)
		ksft_exit_fail_msg("reading %s: %s\n", KEY_SYSCTL, strerror(err));
	ksft_test_result(!strcmp(key, redact ? ZERO : KNOWN),
			 "a key set reads back %s: %s\n", redact ? "zeroed" : "as set", key);

	if (unshare(CLONE_NEWNET))
		ksft_exit_fail_msg("unshare(CLONE_NEWNET): %s\n", strerror(errno));
	s = socket(AF_INET, SOCK_STREAM, 0);
	if (s < 0 || setsockopt(s, IPPROTO_TCP, TCP_FASTOPEN, &qlen, sizeof(qlen)))
		ksft_exit_fail_msg("a TCP Fast Open socket: %s\n", strerror(errno));
	err = key_read(key, sizeof(key));
	close(s);
	if (err)
		ksft_exit_fail_msg("reading %s: %s\n", KEY_SYSCTL, strerror(err));
	ksft_test_result(redact ? !strcmp(key, ZERO) : strcmp(key, ZERO) != 0,
			 "the key the kernel drew reads %s: %s\n",
			 redact ? "zeroed" : "in the clear", key);
	ksft_finished();
}
