// SPDX-License-Identifier: GPL-2.0
/*
 * The kdb probes: kernel/debug/kdb/kdb_main.c: kdb_check_for_lockdown(),
 * which asks about LOCKDOWN_DBG_WRITE_KERNEL and LOCKDOWN_DBG_READ_KERNEL
 * each time kdb is entered and takes the memory commands away from a
 * denied one.
 *
 * kdb stops the machine, so the guest cannot type at it: the host does.
 * The matrix boots with kgdboc=ttyS3, and tests/vm/run.sh drives the other
 * end of ttyS3. The protocol, every message from the guest ending in '>'
 * as kdb's prompt does, so the host reads up to each '>':
 *
 *   guest: "LDKDB <command>>"   the kdb command to run next time
 *   guest: sysrq-g              enters kdb; the host sees "kdb> ", types
 *                               the command, keeps what kdb printed up to
 *                               the next prompt, and types "go"
 *   guest: "LDKDB?>"            asks what kdb printed
 *   host:  "LDKDB= <output>\n"  on one line
 *
 * Both probes work on a variable the guest can see without kdb:
 * vm.max_map_count, the kernel's sysctl_max_map_count.
 *
 * kdb_check_for_lockdown() narrows kdb_cmd_enabled for good, and asks only
 * about what is still enabled: once one entry has taken the memory reads
 * away, later entries do not ask again. Each probe therefore enters kdb
 * with the default command set (kdb.cmd_enable=1, as booted), so that its
 * entry asks about both reasons as the first one did, and puts the
 * narrowed value back afterwards.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "probes.h"

#define KDB_TTY "/dev/ttyS3"
#define KDB_VAR "sysctl_max_map_count"
#define SYSCTL "/proc/sys/vm/max_map_count"
#define CMD_ENABLE "/sys/module/kdb/parameters/cmd_enable"
#define REPLY_TIMEOUT_MS 30000

static int read_long(const char *path, long *v)
{
	FILE *f = fopen(path, "r");
	int ok;

	if (!f)
		return -1;
	ok = fscanf(f, "%li", v) == 1;
	fclose(f);
	return ok ? 0 : -1;
}

static int write_long(const char *path, long v)
{
	FILE *f = fopen(path, "w");
	int ok;

	if (!f)
		return -1;
	ok = fprintf(f, "%ld\n", v) > 0;
	return fclose(f) || !ok ? -1 : 0;
}

static int say(int fd, const char *s)
{
	size_t len = strlen(s);

	if (write(fd, s, len) != (ssize_t)len)
		return -1;
	return tcdrain(fd);
}

/* One "LDKDB= ..." line from the host into @buf; -1 on timeout. */
static int reply(int fd, char *buf, size_t size)
{
	size_t n = 0;
	char c;

	for (;;) {
		struct pollfd p = { .fd = fd, .events = POLLIN };

		if (poll(&p, 1, REPLY_TIMEOUT_MS) != 1 || read(fd, &c, 1) != 1)
			return -1;
		if (c == '\n') {
			buf[n] = '\0';
			if (!strncmp(buf, "LDKDB= ", 7))
				return 0;
			n = 0;	/* not ours: line noise before the reply */
			continue;
		}
		if (n + 1 < size)
			buf[n++] = c;
	}
}

/* One kdb entry, with the host typing @cmd: see the protocol above. */
static int kdb_session(const char *cmd, char *out, size_t size, struct result *r)
{
	struct termios t;
	char req[128];
	int fd, sysrq, err;

	fd = open(KDB_TTY, O_RDWR | O_NOCTTY | O_CLOEXEC);
	if (fd < 0) {
		result_set(r, ERROR, errno, "open %s: %s", KDB_TTY, strerror(errno));
		return -1;
	}
	if (tcgetattr(fd, &t) == 0) {
		cfmakeraw(&t);
		tcsetattr(fd, TCSANOW, &t);
	}
	tcflush(fd, TCIOFLUSH);
	snprintf(req, sizeof(req), "LDKDB %s>", cmd);
	sysrq = open("/proc/sysrq-trigger", O_WRONLY | O_CLOEXEC);
	if (sysrq < 0 || say(fd, req)) {
		result_set(r, ERROR, errno, "sysrq or %s: %s", KDB_TTY, strerror(errno));
		goto fail;
	}
	/* back when the host has typed "go" */
	err = write(sysrq, "g", 1) == 1 ? 0 : errno;
	close(sysrq);
	sysrq = -1;
	if (err) {
		result_set(r, ERROR, err, "sysrq-g: %s", strerror(err));
		goto fail;
	}
	if (say(fd, "LDKDB?>") || reply(fd, out, size)) {
		result_set(r, ERROR, 0, "no answer from the host on %s (is kgdboc=ttyS3 set?)",
			   KDB_TTY);
		goto fail;
	}
	close(fd);
	return 0;
fail:
	if (sysrq >= 0)
		close(sysrq);
	close(fd);
	return -1;
}

/*
 * Runs @cmd in kdb through the host and leaves what kdb printed in @out.
 * Returns 0, or -1 with @r set to the error.
 */
long kdb_probe_cmd_enable = 1;

static int kdb_run(const char *cmd, char *out, size_t size, struct result *r)
{
	long enabled;
	int err;

	if (read_long(CMD_ENABLE, &enabled) || write_long(CMD_ENABLE, kdb_probe_cmd_enable)) {
		result_set(r, ERROR, errno, "%s: %s", CMD_ENABLE, strerror(errno));
		return -1;
	}
	err = kdb_session(cmd, out, size, r);
	write_long(CMD_ENABLE, enabled);
	return err;
}

static int kdb_refused(const char *out)
{
	return strstr(out, "Permission denied") != NULL;
}

/* A kernel without kdb (Debian's: no CONFIG_KGDB) has no such path. */
static int kdb_missing(struct result *r)
{
	if (!access(CMD_ENABLE, F_OK))
		return 0;
	result_set(r, UNAVAILABLE, errno, "no kdb in this kernel (%s)", CMD_ENABLE);
	return 1;
}

/* kdb "md4c1": read kernel memory (LOCKDOWN_DBG_READ_KERNEL) */
void probe_kdb_read(struct result *r)
{
	long orig, v;
	char out[512], want[16];

	if (kdb_missing(r))
		return;
	if (read_long(SYSCTL, &orig)) {
		result_set(r, ERROR, errno, "read %s: %s", SYSCTL, strerror(errno));
		return;
	}
	v = orig == 0x1d0cafe ? 0x1d0cafd : 0x1d0cafe;
	if (write_long(SYSCTL, v)) {
		result_set(r, ERROR, errno, "write %s: %s", SYSCTL, strerror(errno));
		return;
	}
	if (kdb_run("md4c1 " KDB_VAR, out, sizeof(out), r) == 0) {
		snprintf(want, sizeof(want), "%08lx", v);
		if (kdb_refused(out))
			result_set(r, DENIED, 0, "kdb: md refused");
		else if (strstr(out, want))
			result_set(r, ALLOWED, 0, "%s", "");
		else
			result_set(r, ERROR, 0, "kdb md printed neither %s nor a refusal: %.100s",
				   want, out + 7);
	}
	write_long(SYSCTL, orig);
}

/* kdb "mm4": write kernel memory (LOCKDOWN_DBG_WRITE_KERNEL) */
void probe_kdb_write(struct result *r)
{
	long orig, now = -1, v;
	char out[512], cmd[64];

	if (kdb_missing(r))
		return;
	if (read_long(SYSCTL, &orig)) {
		result_set(r, ERROR, errno, "read %s: %s", SYSCTL, strerror(errno));
		return;
	}
	v = orig == 0x2d0cafe ? 0x2d0cafd : 0x2d0cafe;
	snprintf(cmd, sizeof(cmd), "mm4 %s 0x%lx", KDB_VAR, v);
	if (kdb_run(cmd, out, sizeof(out), r) == 0) {
		read_long(SYSCTL, &now);
		if (now == v)
			result_set(r, ALLOWED, 0, "%s", "");
		else if (now == orig && kdb_refused(out))
			result_set(r, DENIED, 0, "kdb: mm refused, %s unchanged", SYSCTL);
		else
			result_set(r, ERROR, 0, "%s is %ld, not %ld; kdb printed: %.100s",
				   SYSCTL, now, v, out + 7);
	}
	write_long(SYSCTL, orig);
}
