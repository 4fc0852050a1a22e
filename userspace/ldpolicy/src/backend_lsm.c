// SPDX-License-Identifier: GPL-2.0
/*
 * The lockdown_policy LSM's backend: its securityfs directory,
 * /sys/kernel/security/lockdown_policy/ (kernel/Documentation/admin-guide/
 * LSM/lockdown_policy.rst).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "backend.h"
#include "util.h"

/* Is @name in securityfs at @secfs? */
static bool secfs_has(const char *secfs, const char *name)
{
	int fd = secfs_open(secfs, name, O_PATH);

	if (fd < 0)
		return false;
	close(fd);
	return true;
}

static bool lsm_present(const char *secfs, char *why, size_t len)
{
	if (secfs_has(secfs, "lockdown_policy/load"))
		return true;
	if (!secfs_has(secfs, "lsm"))
		snprintf(why, len, "securityfs is not in the kernel, or not mounted on %s",
			 secfs);
	else
		snprintf(why, len, "no lockdown_policy LSM (%s/lockdown_policy is missing; "
			 "CONFIG_SECURITY_LOCKDOWN_POLICY)", secfs);
	return false;
}

/* A file of lockdown_policy's securityfs directory, whole. */
static char *read_secfs(const char *name, struct diags *d)
{
	char *rel = xasprintf("lockdown_policy/%s", name);
	char *text = secfs_read(SECFS_ROOT, rel, NULL);

	if (!text)
		diag_error(d, &(struct loc){ .file = SECFS_DIR }, "cannot read %s: %s", name,
			   strerror(errno));
	free(rel);
	return text;
}

static int lsm_table(struct reason_table *t, struct diags *d)
{
	char *text = read_secfs("reasons", d);
	int ret;

	if (!text)
		return -1;
	ret = table_from_text(t, text, SECFS_DIR "/reasons", d);
	free(text);
	return ret;
}

/*
 * Learning mode's record, the warnings file: "ID COUNT KIND COMM" per
 * line, KIND "kernel" or "task", the comm escaped as in /proc/PID/status
 * and running to the end of the line. It is root's only: without it, who asked is unknown (seen_read
 * stays false), which only ldpolicy suggest needs.
 */
static int read_seen(struct kstate *k, const struct reason_table *t, struct diags *d)
{
	char *text = secfs_read(SECFS_ROOT, "lockdown_policy/warnings", NULL), *line, *save = NULL;

	if (!text) {
		if (errno == EACCES || errno == EPERM || errno == ENOENT)
			return 0;
		diag_error(d, &(struct loc){ .file = SECFS_DIR "/warnings" }, "cannot read: %s",
			   strerror(errno));
		return -1;
	}
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char id[128], kind[8], comm[64];
		unsigned long long n;
		int what, at = 0;
		size_t o = 0;

		/* exactly one space before the comm, which may start with one */
		if (sscanf(line, "%127s %llu %7s%n", id, &n, kind, &at) != 3 || line[at] != ' ' ||
		    (strcmp(kind, "kernel") && strcmp(kind, "task")) ||
		    (what = table_lookup(t, id)) < 0) {
			diag_error(d, NULL, SECFS_DIR "/warnings: unexpected line '%s'", line);
			free(text);
			return -1;
		}
		for (const char *c = line + at + 1; *c && o < sizeof(comm) - 1; c++) {
			if (c[0] == '\\' && (c[1] == 'n' || c[1] == '\\')) {
				comm[o++] = c[1] == 'n' ? '\n' : '\\';
				c++;
			} else {
				comm[o++] = *c;
			}
		}
		comm[o] = '\0';
		kstate_add_seen(k, what, n, !strcmp(kind, "kernel"), comm);
	}
	free(text);
	k->seen_read = true;
	return 0;
}

static int lsm_read(struct kstate *k, const struct reason_table *t, bool full, struct diags *d)
{
	char *text, *line, *save = NULL;
	uint64_t level_bits[POLICY_WORDS];
	int ret = -1;

	memset(k, 0, sizeof(*k));
	k->loaded = true;
	snprintf(k->where, sizeof(k->where), "%s", SECFS_DIR);
	text = read_secfs("policy", d);
	if (!text)
		return -1;
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char id[128], cls[32], state[16], by[16];
		int what;

		if (sscanf(line, "%127s %31s %15s %15s", id, cls, state, by) != 4 ||
		    (what = table_lookup(t, id)) < 0) {
			diag_error(d, NULL, SECFS_DIR "/policy: unexpected line '%s' "
				   "(is the reason table from another kernel?)", line);
			goto out;
		}
		if (!strcmp(state, "warned"))
			k->warned[what / 64] |= 1ULL << (what % 64);
		else if (!strcmp(by, "policy") || !strcmp(by, "both"))
			k->by_policy[what / 64] |= 1ULL << (what % 64);
		if (!strcmp(by, "static") || !strcmp(by, "both"))
			k->by_static[what / 64] |= 1ULL << (what % 64);
	}
	free(text);

	text = read_secfs("seal", d);
	if (!text)
		return -1;
	k->sealed = text[0] == '1';
	free(text);

	text = read_secfs("fingerprint", d);
	if (!text)
		return -1;
	snprintf(k->fingerprint, sizeof(k->fingerprint), "%.64s", text);
	free(text);

	if (!full)
		return 0;
	text = read_secfs("counters", d);
	if (!text)
		return -1;
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char id[128];
		unsigned long long n, mine, theirs, warned;
		int what, fields = sscanf(line, "%127s %llu %llu %llu %llu", id, &n, &mine, &theirs,
					  &warned);

		if (fields >= 2 && (what = table_lookup(t, id)) >= 0) {
			k->denials[what] = n;
			if (fields == 5)
				k->warnings[what] = warned;
		}
	}
	free(text);

	if (read_seen(k, t, d))
		return -1;

	text = read_secfs("flags", d);
	if (!text)
		return -1;
	k->not_a_boundary = strstr(text, "not-a-boundary") != NULL;
	k->bypass_acked = strstr(text, "bypass-acknowledged") != NULL;
	free(text);

	/* the level's name; who denies what comes from the policy file */
	return static_level_read(SECFS_ROOT, t, k->lockdown, sizeof(k->lockdown), level_bits, d);
out:
	free(text);
	return ret;
}

static int write_once(const char *name, const void *buf, size_t len)
{
	int fd = secfs_open(SECFS_ROOT, name, O_WRONLY);
	ssize_t w;
	int err = 0;

	if (fd < 0)
		return errno;
	w = write(fd, buf, len);
	if (w < 0)
		err = errno;
	else if ((size_t)w != len)
		err = EIO;
	if (close(fd) && !err)
		err = errno;
	return err;
}

static int lsm_load(const void *blob, size_t len, struct diags *d)
{
	(void)d;
	return write_once("lockdown_policy/load", blob, len);
}

static int lsm_seal(struct diags *d)
{
	(void)d;
	return write_once("lockdown_policy/seal", "1", 1);
}

const struct backend backend_lsm = {
	.name = "lockdown_policy",
	.what = "the lockdown_policy LSM",
	.raises_level = true,
	.present = lsm_present,
	.table = lsm_table,
	.read = lsm_read,
	.load = lsm_load,
	.seal = lsm_seal,
};
