// SPDX-License-Identifier: GPL-2.0
/*
 * The reason table from BTF: enum lockdown_reason in /sys/kernel/btf/vmlinux,
 * a raw BTF file, or the .BTF section of a vmlinux.
 *
 * Only that one enum is wanted, so the BTF is not parsed whole (libbpf's
 * btf__parse() indexes every type of vmlinux, some 100,000, and took most
 * of a compile): its type section is walked record by record, each
 * record's length from its kind (include/uapi/linux/btf.h), every read
 * bounds-checked and unaligned-safe, in either byte order, until the
 * enum. The unit tests hold the result to libbpf's on real kernels' BTF.
 */
#include <byteswap.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <linux/btf.h>

#include "table.h"
#include "util.h"

struct btf_view {
	const unsigned char *types, *strs;
	size_t types_len, strs_len;
	bool swap;		/* the other byte order than ours */
};

static uint32_t u32_at(const struct btf_view *v, const unsigned char *p)
{
	uint32_t x;

	memcpy(&x, p, sizeof(x));
	return v->swap ? bswap_32(x) : x;
}

/* The string at @off, or NULL if it is not a NUL-terminated one of the section. */
static const char *btf_str(const struct btf_view *v, uint32_t off)
{
	if (off >= v->strs_len || !memchr(v->strs + off, '\0', v->strs_len - off))
		return NULL;
	return (const char *)v->strs + off;
}

/* Bytes that follow a type record of @kind with @vlen members; -1: unknown kind. */
static long btf_extra(unsigned int kind, unsigned int vlen)
{
	switch (kind) {
	case BTF_KIND_PTR: case BTF_KIND_FWD: case BTF_KIND_TYPEDEF:
	case BTF_KIND_VOLATILE: case BTF_KIND_CONST: case BTF_KIND_RESTRICT:
	case BTF_KIND_FUNC: case BTF_KIND_FLOAT: case BTF_KIND_TYPE_TAG:
		return 0;
	case BTF_KIND_INT: case BTF_KIND_VAR: case BTF_KIND_DECL_TAG:
		return 4;
	case BTF_KIND_ARRAY:
		return sizeof(struct btf_array);
	case BTF_KIND_STRUCT: case BTF_KIND_UNION:
		return (long)vlen * sizeof(struct btf_member);
	case BTF_KIND_ENUM:
		return (long)vlen * sizeof(struct btf_enum);
	case BTF_KIND_FUNC_PROTO:
		return (long)vlen * sizeof(struct btf_param);
	case BTF_KIND_DATASEC:
		return (long)vlen * sizeof(struct btf_var_secinfo);
	case BTF_KIND_ENUM64:
		return (long)vlen * sizeof(struct btf_enum64);
	}
	return -1;
}

/* The sections of a raw BTF blob, checked against its length. */
static int btf_view(struct btf_view *v, const unsigned char *data, size_t len,
		    const struct loc *loc, struct diags *d)
{
	struct btf_header h;
	uint64_t t_end, s_end;

	memset(v, 0, sizeof(*v));
	if (len < sizeof(h)) {
		diag_error(d, loc, "malformed BTF: shorter than its header");
		return -1;
	}
	memcpy(&h, data, sizeof(h));
	if (h.magic == bswap_16(BTF_MAGIC)) {
		v->swap = true;
		h.hdr_len = bswap_32(h.hdr_len);
		h.type_off = bswap_32(h.type_off);
		h.type_len = bswap_32(h.type_len);
		h.str_off = bswap_32(h.str_off);
		h.str_len = bswap_32(h.str_len);
	} else if (h.magic != BTF_MAGIC) {
		diag_error(d, loc, "not BTF (no BTF magic)");
		return -1;
	}
	if (h.version != BTF_VERSION) {
		diag_error(d, loc, "BTF version %u; this ldpolicy reads version %u", h.version,
			   BTF_VERSION);
		return -1;
	}
	t_end = (uint64_t)h.hdr_len + h.type_off + h.type_len;
	s_end = (uint64_t)h.hdr_len + h.str_off + h.str_len;
	if (h.hdr_len < sizeof(h) || h.hdr_len > len || t_end > len || s_end > len) {
		diag_error(d, loc, "malformed BTF: its sections run past its %zu bytes", len);
		return -1;
	}
	v->types = data + h.hdr_len + h.type_off;
	v->types_len = h.type_len;
	v->strs = data + h.hdr_len + h.str_off;
	v->strs_len = h.str_len;
	return 0;
}

/*
 * Find enum lockdown_reason: its first value's record and how many there
 * are. 0, or -1 (diagnosed).
 */
static int find_enum(const struct btf_view *v, const unsigned char **vals, unsigned int *n,
		     const struct loc *loc, struct diags *d)
{
	size_t off = 0;

	while (off < v->types_len) {
		const unsigned char *p = v->types + off;
		uint32_t info;
		unsigned int kind, vlen;
		long extra;

		if (v->types_len - off < sizeof(struct btf_type)) {
			diag_error(d, loc, "malformed BTF: a type record is cut short");
			return -1;
		}
		info = u32_at(v, p + offsetof(struct btf_type, info));
		kind = BTF_INFO_KIND(info);
		vlen = BTF_INFO_VLEN(info);
		extra = btf_extra(kind, vlen);
		if (extra < 0) {
			diag_error(d, loc, "BTF type kind %u is unknown to this ldpolicy", kind);
			return -1;
		}
		if ((size_t)extra > v->types_len - off - sizeof(struct btf_type)) {
			diag_error(d, loc, "malformed BTF: a type record is cut short");
			return -1;
		}
		if (kind == BTF_KIND_ENUM) {
			const char *name = btf_str(v, u32_at(v, p));

			if (name && !strcmp(name, "lockdown_reason")) {
				*vals = p + sizeof(struct btf_type);
				*n = vlen;
				return 0;
			}
		}
		off += sizeof(struct btf_type) + extra;
	}
	diag_error(d, loc, "no enum lockdown_reason in this BTF");
	return -1;
}

int table_from_btf_data(struct reason_table *t, const void *data, size_t len,
			const char *name, struct diags *d)
{
	struct loc loc = { .file = name };
	struct btf_view v;
	const unsigned char *e;
	char **ids = NULL;
	unsigned int n, max = 0;
	int ret = -1;

	if (len > LDP_MAX_BTF) {
		diag_error(d, &loc, "%s", read_error(EFBIG, LDP_MAX_BTF));
		return -1;
	}
	if (btf_view(&v, data, len, &loc, d) || find_enum(&v, &e, &n, &loc, d))
		return -1;
	if (!n || n > LOCKDOWN_POLICY_MAX_REASONS + 1) {
		diag_error(d, &loc, "enum lockdown_reason has %u values", n);
		return -1;
	}
	ids = xcalloc(n, sizeof(*ids));
	for (unsigned int i = 0; i < n; i++, e += sizeof(struct btf_enum)) {
		const char *id = btf_str(&v, u32_at(&v, e));
		int32_t val = (int32_t)u32_at(&v, e + offsetof(struct btf_enum, val));

		if (!id || val < 0 || (unsigned int)val >= n) {
			diag_error(d, &loc, "enum lockdown_reason: value %d of '%s' is not in 0..%u",
				   val, id ? id : "?", n - 1);
			goto out;
		}
		if (ids[val]) {
			diag_error(d, &loc, "enum lockdown_reason: two names for value %d", val);
			goto out;
		}
		ids[val] = xstrdup(id);
		if ((unsigned int)val > max)
			max = val;
	}
	{
		char *source = xasprintf("btf:%s", name);

		ret = table_from_ids(t, ids, max + 1, source, d);
		free(source);
	}
out:
	for (unsigned int i = 0; i < n; i++)
		free(ids[i]);
	free(ids);
	return ret;
}

/* The .BTF section of the ELF file open on @fd. */
static int from_elf(struct reason_table *t, int fd, const char *path, struct diags *d)
{
	struct loc loc = { .file = path };
	Elf_Scn *scn = NULL;
	Elf *elf;
	size_t shstrndx;
	int ret = -1;

	if (elf_version(EV_CURRENT) == EV_NONE || !(elf = elf_begin(fd, ELF_C_READ_MMAP, NULL))) {
		diag_error(d, &loc, "cannot read ELF: %s", elf_errmsg(-1));
		return -1;
	}
	if (elf_getshdrstrndx(elf, &shstrndx)) {
		diag_error(d, &loc, "malformed ELF: %s", elf_errmsg(-1));
		goto out;
	}
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		const char *name;
		Elf_Data *data;

		if (!gelf_getshdr(scn, &sh) || !(name = elf_strptr(elf, shstrndx, sh.sh_name)) ||
		    strcmp(name, ".BTF"))
			continue;
		if (sh.sh_type == SHT_NOBITS || sh.sh_size > LDP_MAX_BTF) {
			diag_error(d, &loc, ".BTF: %s", sh.sh_type == SHT_NOBITS ? "empty" :
				   read_error(EFBIG, LDP_MAX_BTF));
			goto out;
		}
		data = elf_getdata(scn, NULL);
		if (!data || !data->d_buf || data->d_size != sh.sh_size) {
			diag_error(d, &loc, "cannot read its .BTF section: %s", elf_errmsg(-1));
			goto out;
		}
		ret = table_from_btf_data(t, data->d_buf, data->d_size, path, d);
		goto out;
	}
	diag_error(d, &loc, "no .BTF section: a vmlinux built without CONFIG_DEBUG_INFO_BTF?");
out:
	elf_end(elf);
	return ret;
}

int table_from_btf(struct reason_table *t, const char *path, struct diags *d)
{
	struct loc loc = { .file = path };
	unsigned char magic[4];
	struct stat st;
	size_t len;
	void *map;
	char *buf;
	int fd, ret;

	/* a vmlinux may be large: only its .BTF section is read, and bounded */
	fd = open_regular(path, SIZE_MAX);
	if (fd < 0) {
		diag_error(d, &loc, "%s", read_error(errno, SIZE_MAX));
		return -1;
	}
	if (pread(fd, magic, sizeof(magic), 0) == sizeof(magic) &&
	    !memcmp(magic, "\177ELF", 4)) {
		ret = from_elf(t, fd, path, d);
		close(fd);
		return ret;
	}
	/*
	 * Mapped, not copied, where the kernel lets /sys/kernel/btf/vmlinux
	 * be (6.16 and later; any regular file): its 5 MB cost a read ten
	 * times what mapping them does.
	 */
	if (!fstat(fd, &st) && st.st_size > 0 && (unsigned long long)st.st_size <= LDP_MAX_BTF &&
	    (map = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0)) != MAP_FAILED) {
		close(fd);
		ret = table_from_btf_data(t, map, st.st_size, path, d);
		munmap(map, st.st_size);
		return ret;
	}
	close(fd);
	buf = read_file_max(path, LDP_MAX_BTF, &len);
	if (!buf) {
		diag_error(d, &loc, "%s", read_error(errno, LDP_MAX_BTF));
		return -1;
	}
	ret = table_from_btf_data(t, buf, len, path, d);
	free(buf);
	return ret;
}
