// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kernel.h"
#include "util.h"

bool kernel_has_policy(struct diags *d)
{
	if (!access(SECFS_DIR "/load", F_OK))
		return true;
	if (access("/sys/kernel/security/lsm", F_OK))
		diag_error(d, NULL, "securityfs is not mounted on /sys/kernel/security "
			   "(mount -t securityfs securityfs /sys/kernel/security)");
	else
		diag_error(d, NULL, "this kernel has no lockdown_policy LSM (" SECFS_DIR
			   " is missing; CONFIG_SECURITY_LOCKDOWN_POLICY)");
	return false;
}

static char *read_secfs(const char *name, struct diags *d)
{
	char *path = xasprintf(SECFS_DIR "/%s", name);
	char *text = read_file(path, NULL);

	if (!text)
		diag_error(d, &(struct loc){ .file = path }, "cannot read: %s", strerror(errno));
	free(path);
	return text;
}

int kernel_read(struct kstate *k, const struct reason_table *t, bool full, struct diags *d)
{
	char *text, *line, *save = NULL;
	int ret = -1;

	memset(k, 0, sizeof(*k));
	if (!kernel_has_policy(d))
		return -1;
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
		if (!strcmp(by, "policy") || !strcmp(by, "both"))
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
		unsigned long long n;
		int what;

		if (sscanf(line, "%127s %llu", id, &n) == 2 && (what = table_lookup(t, id)) >= 0)
			k->denials[what] = n;
	}
	free(text);

	text = read_secfs("flags", d);
	if (!text)
		return -1;
	k->not_a_boundary = strstr(text, "not-a-boundary") != NULL;
	k->bypass_acked = strstr(text, "bypass-acknowledged") != NULL;
	free(text);

	text = read_file("/sys/kernel/security/lockdown", NULL);
	if (text) {
		char *open = strchr(text, '['), *close = open ? strchr(open, ']') : NULL;

		if (open && close)
			snprintf(k->lockdown, sizeof(k->lockdown), "%.*s",
				 (int)(close - open - 1), open + 1);
		free(text);
	}
	ret = 0;
	return ret;
out:
	free(text);
	return ret;
}

static int write_once(const char *path, const void *buf, size_t len)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	ssize_t w;
	int err = 0;

	if (fd < 0)
		return errno;
	w = write(fd, buf, len);
	if (w < 0)
		err = errno;
	else if ((size_t)w != len)
		err = EIO;
	close(fd);
	return err;
}

int kernel_load(const void *blob, size_t len)
{
	return write_once(SECFS_DIR "/load", blob, len);
}

int kernel_seal(void)
{
	return write_once(SECFS_DIR "/seal", "1", 1);
}

const char *kernel_load_error(int err)
{
	switch (err) {
	case EPERM:
		return "refused: no CAP_MAC_ADMIN, the policy is sealed, or the blob would loosen it";
	case ESPIPE:
		return "the blob must be written at offset 0";
	case E2BIG:
		return "the blob is too large";
	case EINVAL:
		return "the blob is malformed";
	case EBADMSG:
		return "not a policy blob";
	case EPROTONOSUPPORT:
		return "the kernel does not read this blob format version";
	case ENOEXEC:
		return "the blob was compiled for another kernel's reason table";
	case EOPNOTSUPP:
		return "the blob has a flag this kernel does not know";
	case ERANGE:
		return "the blob sets a bit that is no reason";
	default:
		return strerror(err);
	}
}
