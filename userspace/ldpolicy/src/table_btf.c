// SPDX-License-Identifier: GPL-2.0
/*
 * The reason table from BTF: enum lockdown_reason in /sys/kernel/btf/vmlinux
 * or in a vmlinux (or raw BTF) file, read with libbpf.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "table.h"
#include "util.h"

static int silent(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	(void)level;
	(void)fmt;
	(void)ap;
	return 0;
}

/*
 * libbpf takes a BTF whose header length or type section offset is not a
 * multiple of 4 (libbpf 1.1 does), and then hands out struct btf_type
 * pointers that are misaligned: reading one is undefined behaviour. The
 * kernel's BTF never is; anything else is refused before it is read.
 */
static int btf_aligned(const struct btf *btf, const struct loc *loc, struct diags *d)
{
	__u32 size = 0;
	const struct btf_header *h = btf__raw_data(btf, &size);

	if (!h || size < sizeof(*h) || h->hdr_len % 4 || h->type_off % 4 ||
	    h->hdr_len < sizeof(*h)) {
		diag_error(d, loc, "malformed BTF: its type section is not 4-byte aligned "
			   "(header length %u, type offset %u)", h ? h->hdr_len : 0,
			   h ? h->type_off : 0);
		return -1;
	}
	return 0;
}

static int from_btf(struct reason_table *t, struct btf *btf, const char *path,
		    struct diags *d)
{
	struct loc loc = { .file = path };
	const struct btf_type *type;
	const struct btf_enum *e;
	char **ids = NULL;
	unsigned int n = 0, max = 0;
	int id, ret = -1;

	if (btf_aligned(btf, &loc, d))
		goto out;
	id = btf__find_by_name_kind(btf, "lockdown_reason", BTF_KIND_ENUM);
	if (id < 0) {
		diag_error(d, &loc, "no enum lockdown_reason in this BTF");
		goto out;
	}
	type = btf__type_by_id(btf, id);
	n = btf_vlen(type);
	e = btf_enum(type);
	if (!n || n > LOCKDOWN_POLICY_MAX_REASONS + 1) {
		diag_error(d, &loc, "enum lockdown_reason has %u values", n);
		goto out;
	}
	ids = xcalloc(n, sizeof(*ids));
	for (unsigned int i = 0; i < n; i++) {
		const char *name = btf__name_by_offset(btf, e[i].name_off);

		if (!name || e[i].val < 0 || (unsigned int)e[i].val >= n) {
			diag_error(d, &loc, "enum lockdown_reason: value %d of '%s' is not in 0..%u",
				   e[i].val, name ? name : "?", n - 1);
			goto out;
		}
		if (ids[e[i].val]) {
			diag_error(d, &loc, "enum lockdown_reason: two names for value %d", e[i].val);
			goto out;
		}
		ids[e[i].val] = xstrdup(name);
		if ((unsigned int)e[i].val > max)
			max = e[i].val;
	}
	{
		char *source = xasprintf("btf:%s", path);

		ret = table_from_ids(t, ids, max + 1, source, d);
		free(source);
	}
out:
	if (ids)
		for (unsigned int i = 0; i < n; i++)
			free(ids[i]);
	free(ids);
	btf__free(btf);
	return ret;
}

int table_from_btf(struct reason_table *t, const char *path, struct diags *d)
{
	struct btf *btf;

	libbpf_set_print(silent);
	btf = btf__parse(path, NULL);
	if (!btf) {
		diag_error(d, &(struct loc){ .file = path }, "cannot read BTF: %s", strerror(errno));
		return -1;
	}
	return from_btf(t, btf, path, d);
}

int table_from_btf_data(struct reason_table *t, const void *data, size_t len,
			const char *name, struct diags *d)
{
	struct btf *btf;

	libbpf_set_print(silent);
	btf = btf__new(data, len);
	if (!btf) {
		diag_error(d, &(struct loc){ .file = name }, "cannot read BTF: %s", strerror(errno));
		return -1;
	}
	return from_btf(t, btf, name, d);
}
