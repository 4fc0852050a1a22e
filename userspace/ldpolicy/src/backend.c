// SPDX-License-Identifier: GPL-2.0
/* Choosing a backend, and what both backends share. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "backend.h"
#include "kfs.h"
#include "util.h"

/* securityfs files are a page or a few; lockdown_policy's warnings more. */
#define SECFS_MAX_SIZE	(1u << 20)

int secfs_open(const char *secfs, const char *name, int flags)
{
	char *path;
	int fd;

	if (!strcmp(secfs, SECFS_ROOT))
		return kfs_open(KFS_SECURITYFS, name, flags);
	path = xasprintf("%s/%s", secfs, name);
	fd = open(path, flags | O_CLOEXEC);
	free(path);
	return fd;
}

char *secfs_read(const char *secfs, const char *name, size_t *len)
{
	char *path, *text;

	if (!strcmp(secfs, SECFS_ROOT))
		return kfs_read(KFS_SECURITYFS, name, SECFS_MAX_SIZE, len);
	path = xasprintf("%s/%s", secfs, name);
	text = read_file(path, len);
	free(path);
	return text;
}

void kstate_origin_here(struct kstate_origin *o, const struct backend *b)
{
	struct utsname u;

	memset(o, 0, sizeof(*o));
	snprintf(o->backend, sizeof(o->backend), "%s", b->name);
	if (!uname(&u)) {
		snprintf(o->release, sizeof(o->release), "%s", u.release);
		snprintf(o->machine, sizeof(o->machine), "%s", u.machine);
	}
}

bool kstate_denies(const struct kstate *k, unsigned int what)
{
	return bit_test(k->by_policy, what) || bit_test(k->by_static, what);
}

bool kstate_warns(const struct kstate *k, unsigned int what)
{
	return !kstate_denies(k, what) && bit_test(k->warned, what);
}

const char *kstate_state_name(const struct kstate *k, unsigned int what)
{
	return kstate_denies(k, what) ? "denied" : kstate_warns(k, what) ? "warned" : "allowed";
}

const char *kstate_by_name(const struct kstate *k, unsigned int what)
{
	bool pol = bit_test(k->by_policy, what) || kstate_warns(k, what);
	bool sta = bit_test(k->by_static, what);

	return pol && sta ? "both" : pol ? "policy" : sta ? "static" : "none";
}

const char *kstate_policy_name(const struct kstate *k, unsigned int what)
{
	return bit_test(k->by_policy, what) ? "denied" : bit_test(k->warned, what) ? "warned" :
	       "allowed";
}

void kstate_free(struct kstate *k)
{
	free(k->notices);
	k->notices = NULL;
	k->n_notices = 0;
	free(k->seen);
	k->seen = NULL;
	k->n_seen = 0;
}

void kstate_add_seen(struct kstate *k, unsigned int what, unsigned long long count,
		     bool kernel, const char *comm)
{
	struct kseen *s;

	k->seen = xrealloc(k->seen, (k->n_seen + 1) * sizeof(*k->seen));
	s = &k->seen[k->n_seen++];
	s->what = what;
	s->count = count;
	s->kernel = kernel;
	snprintf(s->comm, sizeof(s->comm), "%s", comm);
}

/* Is @word one of the comma-separated words of @list? */
static bool in_list(const char *list, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = list; (p = strstr(p, word)); p += n)
		if ((p == list || p[-1] == ',') && (p[n] == ',' || p[n] == '\n' || !p[n]))
			return true;
	return false;
}

/* securityfs's lsm file: the active LSMs. NULL, diagnosed, if unreadable. */
static char *read_lsm_list(const char *secfs, struct diags *d)
{
	char *text = secfs_read(secfs, "lsm", NULL);

	if (!text)
		diag_error(d, NULL, "cannot read %s/lsm (%s): is securityfs in the kernel, "
			   "and mounted?", secfs, errno == EMEDIUMTYPE ?
			   "what is mounted there is not securityfs" : strerror(errno));
	return text;
}

static const struct backend *const backends[] = { &backend_lsm, &backend_bpf };

const struct backend *backend_choose(const char *name, const char *secfs, struct diags *d)
{
	char why[2][256] = { "", "" };

	if (name && !strcmp(name, "lsm"))
		name = "lockdown_policy";
	if (name && strcmp(name, "auto")) {
		for (size_t i = 0; i < ARRAY_SIZE(backends); i++) {
			if (strcmp(name, backends[i]->name))
				continue;
			if (backends[i]->present(secfs, why[0], sizeof(why[0])))
				return backends[i];
			diag_error(d, NULL, "--backend %s: %s", name, why[0]);
			return NULL;
		}
		diag_error(d, NULL, "unknown backend '%s' (auto, lockdown_policy or bpf)", name);
		return NULL;
	}
	for (size_t i = 0; i < ARRAY_SIZE(backends); i++)
		if (backends[i]->present(secfs, why[i], sizeof(why[i])))
			return backends[i];
	diag_error(d, NULL, "no lockdown policy backend in this kernel: %s; %s. "
		   "Build the kernel with CONFIG_SECURITY_LOCKDOWN_POLICY, or boot one with "
		   "CONFIG_BPF_LSM and bpf in its LSM list (lsm=...,bpf)", why[0], why[1]);
	return NULL;
}

bool backend_any(const char *secfs)
{
	char why[256];
	char *list = secfs_read(secfs, "lsm", NULL);

	if (!list)
		return true;	/* unknown: let backend_choose() say so */
	free(list);
	for (size_t i = 0; i < ARRAY_SIZE(backends); i++)
		if (backends[i]->present(secfs, why, sizeof(why)))
			return true;
	return false;
}

bool lsm_active(const char *secfs, const char *lsm, char *why, size_t len)
{
	struct diags d = { 0 };
	char *list = read_lsm_list(secfs, &d);
	bool yes = list && in_list(list, lsm);

	if (!list)
		snprintf(why, len, "%s", d.n ? d.v[0].msg : "securityfs unreadable");
	else if (!yes)
		snprintf(why, len, "%s is not among the active LSMs (%s/lsm)", lsm, secfs);
	diag_free(&d);
	free(list);
	return yes;
}

int static_level_read(const char *secfs, const struct reason_table *t, char *level,
		      size_t len, uint64_t *bits, struct diags *d)
{
	char *list = read_lsm_list(secfs, d), *text, *open, *close;
	unsigned int upto = 0;

	memset(bits, 0, POLICY_WORDS * sizeof(*bits));
	level[0] = '\0';
	if (!list)
		return -1;
	if (!in_list(list, "lockdown")) {
		free(list);
		return 0;	/* not built: it denies nothing */
	}
	free(list);
	text = secfs_read(secfs, "lockdown", NULL);
	open = text ? strchr(text, '[') : NULL;
	close = open ? strchr(open, ']') : NULL;
	if (!close) {
		diag_error(d, NULL, "cannot read the static lockdown level from %s/lockdown (%s)",
			   secfs, text ? "no bracketed level" : strerror(errno));
		free(text);
		return -1;
	}
	snprintf(level, len, "%.*s", (int)(close - open - 1), open + 1);
	free(text);
	if (!strcmp(level, "integrity"))
		upto = t->integrity_max;
	else if (!strcmp(level, "confidentiality"))
		upto = t->conf_max;
	else if (strcmp(level, "none")) {
		diag_error(d, NULL, "unknown static lockdown level '%s'", level);
		return -1;
	}
	for (unsigned int r = 0; r < upto; r++)
		if (table_is_reason(t, r))
			bits[r / 64] |= 1ULL << (r % 64);
	return 0;
}

const char *backend_load_error(int err)
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
	case EBUSY:
		return "another load or seal is running; try again";
	default:
		return strerror(err);
	}
}

/* Does @denied hold every reason of @t below @upto? */
static bool covers(const struct reason_table *t, const uint64_t *denied, unsigned int upto)
{
	for (unsigned int r = 0; r < upto; r++)
		if (table_is_reason(t, r) && !(denied[r / 64] & (1ULL << (r % 64))))
			return false;
	return true;
}

const char *static_level_of(const struct reason_table *t, const uint64_t *denied)
{
	if (!covers(t, denied, t->integrity_max))
		return NULL;
	return covers(t, denied, t->conf_max) ? "confidentiality" : "integrity";
}

int static_level_raise(const char *secfs, const struct reason_table *t, const uint64_t *denied,
		       struct diags *d)
{
	const char *want = static_level_of(t, denied);
	uint64_t bits[POLICY_WORDS];
	char level[32], *path;
	int fd, err = 0;

	if (!want)
		return 0;
	if (static_level_read(secfs, t, level, sizeof(level), bits, d))
		return -1;
	/* not in the LSM list: its level is enforced by nothing, and reads none */
	if (!level[0] || !strcmp(level, want) || !strcmp(level, "confidentiality"))
		return 0;
	path = xasprintf("%s/lockdown", secfs);
	fd = secfs_open(secfs, "lockdown", O_WRONLY);
	if (fd < 0) {
		err = errno;
	} else {
		ssize_t w = write(fd, want, strlen(want));

		if (w < 0)
			err = errno;
		else if ((size_t)w != strlen(want))
			err = EIO;
		if (close(fd) && !err)
			err = errno;
	}
	if (err)
		diag_error(d, &(struct loc){ .file = path },
			   "cannot raise the static lockdown level to %s, which the policy now "
			   "denies in full: %s", want, strerror(err));
	free(path);
	return err ? -1 : 1;
}
