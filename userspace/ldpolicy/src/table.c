// SPDX-License-Identifier: GPL-2.0
/* The reason table: building it from identifiers, lookups, fingerprint. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <openssl/crypto.h>
#include <openssl/evp.h>

#include "paths.h"
#include "table.h"
#include "util.h"

const char *class_name(enum reason_class c)
{
	return c == CLASS_INTEGRITY ? "integrity" : "confidentiality";
}

bool table_is_reason(const struct reason_table *t, unsigned int what)
{
	return what > 0 && what < t->conf_max && what != t->integrity_max;
}

static int fingerprint(struct reason_table *t, uint8_t out[LOCKDOWN_POLICY_FINGERPRINT_SIZE])
{
	EVP_MD_CTX *ctx;

	/* a digest needs no configuration file: do not read one at every run */
	OPENSSL_init_crypto(OPENSSL_INIT_NO_LOAD_CONFIG, NULL);
	ctx = EVP_MD_CTX_new();
	unsigned int len = 0;
	int ok = ctx && EVP_DigestInit_ex(ctx, EVP_sha256(), NULL);

	for (unsigned int i = 0; ok && i <= t->conf_max; i++)
		ok = EVP_DigestUpdate(ctx, t->v[i].id, strlen(t->v[i].id)) &&
		     EVP_DigestUpdate(ctx, "\n", 1);
	ok = ok && EVP_DigestFinal_ex(ctx, out, &len) && len == LOCKDOWN_POLICY_FINGERPRINT_SIZE;
	EVP_MD_CTX_free(ctx);
	return ok ? 0 : -1;
}

int table_from_ids(struct reason_table *t, char **ids, unsigned int n,
		   const char *source, struct diags *d)
{
	struct loc loc = { .file = source };
	unsigned int imax = 0;

	memset(t, 0, sizeof(*t));
	t->source = xstrdup(source);
	if (n < 3 || !ids[0] || strcmp(ids[0], "LOCKDOWN_NONE") ||
	    !ids[n - 1] || strcmp(ids[n - 1], "LOCKDOWN_CONFIDENTIALITY_MAX")) {
		diag_error(d, &loc, "not a lockdown reason table: it must run from "
			   "LOCKDOWN_NONE to LOCKDOWN_CONFIDENTIALITY_MAX");
		goto fail;
	}
	for (unsigned int i = 0; i < n; i++) {
		if (!ids[i]) {
			diag_error(d, &loc, "reason table has no identifier for value %u", i);
			goto fail;
		}
		/* names resolve by their short form in any case: it must be unique */
		if (strncmp(ids[i], "LOCKDOWN_", 9) || !ids[i][9] ||
		    strspn(ids[i], "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") != strlen(ids[i])) {
			diag_error(d, &loc, "'%s' is not a LOCKDOWN_ identifier", ids[i]);
			goto fail;
		}
		if (!strcmp(ids[i], "LOCKDOWN_INTEGRITY_MAX"))
			imax = i;
		for (unsigned int j = 0; j < i; j++)
			if (!strcasecmp(ids[i], ids[j])) {
				diag_error(d, &loc, "%s appears twice in the reason table", ids[i]);
				goto fail;
			}
	}
	if (!imax) {
		diag_error(d, &loc, "reason table has no LOCKDOWN_INTEGRITY_MAX");
		goto fail;
	}
	if (n - 1 > LOCKDOWN_POLICY_MAX_REASONS) {
		diag_error(d, &loc, "reason table has %u reasons, more than a blob holds", n - 1);
		goto fail;
	}
	t->v = xcalloc(n, sizeof(*t->v));
	for (unsigned int i = 0; i < n; i++) {
		t->v[i].id = ids[i];
		t->v[i].cls = i < imax ? CLASS_INTEGRITY : CLASS_CONFIDENTIALITY;
		ids[i] = NULL;
	}
	t->integrity_max = imax;
	t->conf_max = n - 1;
	return 0;
fail:
	for (unsigned int i = 0; i < n; i++) {
		free(ids[i]);
		ids[i] = NULL;
	}
	free(t->source);
	t->source = NULL;
	return -1;
}

static const char *short_form(const char *id)
{
	return strncmp(id, "LOCKDOWN_", 9) ? id : id + 9;
}

/* FNV-1a of @s upper-cased, up to @len bytes. */
static uint32_t name_hash(const char *s, size_t len)
{
	uint32_t h = 2166136261u;

	for (size_t i = 0; i < len; i++) {
		unsigned char c = s[i];

		if (c >= 'a' && c <= 'z')
			c -= 'a' - 'A';
		h = (h ^ c) * 16777619u;
	}
	return h;
}

static void build_index(struct reason_table *t)
{
	unsigned int size = 64;

	while (size < 2 * t->conf_max)
		size *= 2;
	t->index = xcalloc(size, sizeof(*t->index));
	t->index_size = size;
	for (unsigned int i = 0; i < t->conf_max; i++) {
		const char *s = short_form(t->v[i].id);
		uint32_t h;
		unsigned int slot;

		if (!table_is_reason(t, i))
			continue;
		h = name_hash(s, strlen(s));
		for (slot = h & (size - 1); t->index[slot].what; slot = (slot + 1) & (size - 1))
			;
		t->index[slot].hash = h;
		t->index[slot].what = i;	/* 0 is no reason: 0 marks a free slot */
	}
}

/*
 * An identifier matches exactly; its short form (without LOCKDOWN_) in
 * any case. Hashed on the short form, so either finds its slot.
 */
int table_lookup(const struct reason_table *t, const char *name)
{
	struct reason_table *mt = (struct reason_table *)t;	/* the index is a cache */
	const char *s = name;
	bool full = !strncmp(name, "LOCKDOWN_", 9);
	uint32_t h;

	if (!t->index)
		build_index(mt);
	if (full)
		s = name + 9;
	h = name_hash(s, strlen(s));
	for (unsigned int slot = h & (t->index_size - 1); t->index[slot].what;
	     slot = (slot + 1) & (t->index_size - 1)) {
		unsigned int i = t->index[slot].what;

		if (t->index[slot].hash != h)
			continue;
		if (!strcmp(name, t->v[i].id) || !strcasecmp(name, short_form(t->v[i].id)))
			return i;
	}
	return -1;
}

/*
 * The closest short form to @name's, if it is a typo away: at most one
 * edit in three characters. "nope" is four edits from anything, and gets
 * no suggestion; "kcor" and "LOCKDOWN_TRACEF" get theirs.
 */
const char *table_suggest(const struct reason_table *t, const char *name)
{
	const char *best = NULL, *s = strncasecmp(name, "LOCKDOWN_", 9) ? name : name + 9;
	unsigned int best_d = ~0U;
	size_t len = strlen(s);

	if (len > 64 || !len)
		return NULL;
	for (unsigned int i = 0; i < t->conf_max; i++) {
		unsigned int dist;

		if (!table_is_reason(t, i))
			continue;
		dist = edit_distance(s, short_form(t->v[i].id));
		if (dist < best_d) {
			best_d = dist;
			best = t->v[i].id;
		}
	}
	return best_d <= (len < 6 ? 1 : len / 3) ? best : NULL;
}

const uint8_t *table_fingerprint(const struct reason_table *t)
{
	struct reason_table *mt = (struct reason_table *)t;	/* a cache */

	if (!t->fp_known) {
		if (fingerprint(mt, mt->fp)) {
			fputs("ldpolicy: cannot compute a SHA-256 digest (libcrypto)\n", stderr);
			exit(3);
		}
		mt->fp_known = true;
	}
	return t->fp;
}

void table_set_fingerprint(struct reason_table *t, const uint8_t *fp)
{
	memcpy(t->fp, fp, sizeof(t->fp));
	t->fp_known = true;
}

void table_fingerprint_hex(const struct reason_table *t, char out[65])
{
	const uint8_t *fp = table_fingerprint(t);

	for (int i = 0; i < LOCKDOWN_POLICY_FINGERPRINT_SIZE; i++)
		sprintf(out + 2 * i, "%02x", fp[i]);
}

void table_free(struct reason_table *t)
{
	if (t->v)
		for (unsigned int i = 0; i <= t->conf_max; i++) {
			free(t->v[i].id);
			free(t->v[i].desc);
		}
	free(t->v);
	free(t->source);
	free(t->index);
	memset(t, 0, sizeof(*t));
}

static bool is_dir(const char *p)
{
	struct stat st;

	return !stat(p, &st) && S_ISDIR(st.st_mode);
}

static int load_text_file(struct reason_table *t, const char *path, bool header,
			  struct diags *d)
{
	struct loc loc = { .file = path };
	char *text = read_file_max(path, LDP_MAX_TEXT_FILE, NULL);
	int ret;

	if (!text) {
		diag_error(d, &loc, "%s", read_error(errno, LDP_MAX_TEXT_FILE));
		return -1;
	}
	ret = header ? table_from_header(t, text, path, d) : table_from_text(t, text, path, d);
	free(text);
	return ret;
}

/* The first @n bytes of @path: 0, or -1 (errno 0 when it is shorter). */
static int sniff(const char *path, unsigned char *buf, size_t n)
{
	int fd = open_regular(path, SIZE_MAX);	/* a vmlinux is large: its .BTF is bounded */
	ssize_t got;

	if (fd < 0)
		return -1;
	got = read(fd, buf, n);
	close(fd);
	errno = got < 0 ? errno : 0;
	return got == (ssize_t)n ? 0 : -1;
}

/*
 * Neither the kernel's table nor its BTF: the shipped table for the running
 * release, if there is one, said out loud. Nothing is checked against the
 * kernel then; a blob compiled with it is, when the kernel loads it.
 */
static int load_release_table(struct reason_table *t, struct diags *d)
{
	struct utsname u;
	unsigned int major, minor;
	char *path;
	int ret = -1;

	if (uname(&u) || sscanf(u.release, "%u.%u", &major, &minor) != 2) {
		diag_error(d, NULL, "no reason table: this kernel has neither " SECFS_DIR
			   " nor " BTF_VMLINUX ", and its release is unknown; give one "
			   "with --table");
		return -1;
	}
	path = xasprintf("%s/linux-%u.%u.table", LDPOLICY_TABLE_DIR, major, minor);
	if (access(path, R_OK)) {
		diag_error(d, NULL, "no reason table: this kernel (%s) has neither " SECFS_DIR
			   " nor " BTF_VMLINUX ", and no table for Linux %u.%u is shipped "
			   "(%s); give one with --table", u.release, major, minor, path);
	} else {
		diag_warning(d, NULL, "this kernel (%s) has neither " SECFS_DIR " nor "
			     BTF_VMLINUX ": using the shipped table for Linux %u.%u, %s, "
			     "unchecked against the kernel (--table chooses another)",
			     u.release, major, minor, path);
		ret = load_text_file(t, path, false, d);
	}
	free(path);
	return ret;
}

int table_load(struct reason_table *t, const char *spec, struct diags *d)
{
	unsigned char magic[4];
	struct loc loc = { .file = spec };

	if (!strcmp(spec, "auto")) {
		if (!access(SECFS_DIR "/reasons", R_OK))
			return load_text_file(t, SECFS_DIR "/reasons", false, d);
		if (!access(BTF_VMLINUX, R_OK))
			return table_from_btf(t, BTF_VMLINUX, d);
		return load_release_table(t, d);
	}
	/* a bare name not here is a shipped table: --table linux-6.12.table */
	if (!strchr(spec, '/') && access(spec, F_OK)) {
		char *shipped = xasprintf("%s/%s", LDPOLICY_TABLE_DIR, spec);
		int ret = -1;

		if (!access(shipped, F_OK))
			ret = table_load(t, shipped, d);
		else
			diag_error(d, &loc, "no such table, here or in %s", LDPOLICY_TABLE_DIR);
		free(shipped);
		return ret;
	}
	if (is_dir(spec)) {
		char *p = xasprintf("%s/reasons", spec);
		int ret = load_text_file(t, p, false, d);

		free(p);
		return ret;
	}
	if (sniff(spec, magic, sizeof(magic))) {
		diag_error(d, &loc, "%s", errno ? read_error(errno, SIZE_MAX) :
			   "not a reason table: too short");
		return -1;
	}
	if (!memcmp(magic, "\177ELF", 4) || (magic[0] == 0x9f && magic[1] == 0xeb) ||
	    (magic[0] == 0xeb && magic[1] == 0x9f))
		return table_from_btf(t, spec, d);
	{
		char *text = read_file(spec, NULL);
		bool header = text && strstr(text, "enum lockdown_reason");

		free(text);
		return load_text_file(t, spec, header, d);
	}
}
