// SPDX-License-Identifier: GPL-2.0
/*
 * The BTF reader (table_btf.c) walks the type section for one enum
 * instead of parsing it whole: held here to libbpf's full parse on real
 * kernels' BTF (a shipped Debian kernel's, the host's own, in the other
 * byte order, wrapped in an ELF), and to refusals of what is cut short
 * or unknown, never a read past the end.
 */
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>

#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "test.h"
#include "util.h"

#ifndef FIXTURES
#error "FIXTURES: tests/unit/fixtures"
#endif

static void *gunzip(const char *path, size_t *len)
{
	gzFile z = gzopen(path, "rb");
	size_t cap = 8 << 20, n = 0;
	char *buf = malloc(cap);
	int r;

	assert_non_null(z);
	while ((r = gzread(z, buf + n, cap - n)) > 0) {
		n += r;
		if (n == cap)
			buf = realloc(buf, cap *= 2);
	}
	assert_int_equal(r, 0);
	gzclose(z);
	*len = n;
	return buf;
}

/* enum lockdown_reason as libbpf reads it, names by value, into @ids. */
static unsigned int libbpf_ids(struct btf *btf, char ids[64][64])
{
	int id = btf__find_by_name_kind(btf, "lockdown_reason", BTF_KIND_ENUM);
	const struct btf_type *type;
	const struct btf_enum *e;
	unsigned int n;

	assert_true(id > 0);
	type = btf__type_by_id(btf, id);
	n = btf_vlen(type);
	e = btf_enum(type);
	assert_true(n <= 64);
	for (unsigned int i = 0; i < n; i++)
		snprintf(ids[e[i].val], 64, "%s", btf__name_by_offset(btf, e[i].name_off));
	return n;
}

/* Our table of @data agrees with libbpf's reading of @btf. */
static void agrees(struct btf *btf, const void *data, size_t len, const char *name)
{
	char ids[64][64];
	unsigned int n = libbpf_ids(btf, ids);
	struct reason_table t;
	struct diags d = { 0 };

	if (table_from_btf_data(&t, data, len, name, &d)) {
		diag_print(&d, stderr);
		fail_msg("%s: not read", name);
	}
	assert_int_equal(t.conf_max + 1, n);
	for (unsigned int i = 0; i < n; i++)
		assert_string_equal(t.v[i].id, ids[i]);
	table_free(&t);
	diag_free(&d);
}

static void debian_kernel(void **state)
{
	size_t len;
	void *data = gunzip(FIXTURES "/debian-6.1.0-57-amd64.btf.gz", &len);
	struct btf *btf = btf__new(data, len), *other;
	const void *raw;
	__u32 raw_len;

	(void)state;
	assert_non_null(btf);
	agrees(btf, data, len, "debian");
	/* the same BTF in the other byte order, as libbpf writes it */
	other = btf__new(data, len);
	assert_int_equal(btf__set_endianness(other, btf__endianness(btf) == BTF_LITTLE_ENDIAN ?
						    BTF_BIG_ENDIAN : BTF_LITTLE_ENDIAN), 0);
	raw = btf__raw_data(other, &raw_len);
	assert_non_null(raw);
	agrees(btf, raw, raw_len, "debian, byte-swapped");
	btf__free(other);
	btf__free(btf);
	free(data);
}

/* The host's own BTF, read as a user's "ldpolicy compile" reads it. */
static void host_kernel(void **state)
{
	struct btf *btf;
	struct reason_table t;
	struct diags d = { 0 };
	char ids[64][64];
	unsigned int n;

	(void)state;
	if (access(BTF_VMLINUX, R_OK))
		skip();
	btf = btf__parse(BTF_VMLINUX, NULL);
	assert_non_null(btf);
	n = libbpf_ids(btf, ids);
	assert_int_equal(table_from_btf(&t, BTF_VMLINUX, &d), 0);
	assert_int_equal(t.conf_max + 1, n);
	for (unsigned int i = 0; i < n; i++)
		assert_string_equal(t.v[i].id, ids[i]);
	assert_string_equal(t.source, "btf:" BTF_VMLINUX);
	table_free(&t);
	btf__free(btf);
	diag_free(&d);
}

/* A vmlinux is ELF: its .BTF section is read (objcopy makes one here). */
static void elf_section(void **state)
{
	size_t len;
	void *data = gunzip(FIXTURES "/debian-6.1.0-57-amd64.btf.gz", &len);
	char *raw = write_tmp("debian.btf", ""), *elf = write_tmp("debian.elf", "");
	char cmd[1024];
	struct reason_table t;
	struct diags d = { 0 };
	FILE *f = fopen(raw, "wb");

	(void)state;
	assert_int_equal(fwrite(data, 1, len, f), len);
	fclose(f);
	snprintf(cmd, sizeof(cmd), "objcopy -I binary -O elf64-x86-64 --rename-section "
		 ".data=.BTF %s %s", raw, elf);
	if (system(cmd))
		skip();
	assert_int_equal(table_load(&t, elf, &d), 0);
	assert_string_equal(t.v[22].id, "LOCKDOWN_KCORE");
	table_free(&t);
	/* an ELF without BTF, and a file that is no BTF at all */
	assert_int_equal(table_from_btf(&t, "/proc/self/exe", &d), -1);
	assert_true(has_diag(&d, SEV_ERROR, 0, 0, "no .BTF section"));
	assert_int_equal(table_from_btf(&t, TABLE_612, &d), -1);
	assert_true(has_diag(&d, SEV_ERROR, 0, 0, "not BTF"));
	diag_free(&d);
	free(data);
	free(raw);
	free(elf);
}

/*
 * Every cut of a real BTF is refused, none read past its end (ASan
 * watches the copy, cut to size); an unknown kind and a bad version are
 * named; more than LDP_MAX_BTF is refused before a byte is read.
 */
static void malformed(void **state)
{
	size_t len;
	unsigned char *data = gunzip(FIXTURES "/debian-6.1.0-57-amd64.btf.gz", &len);
	struct btf_header h;
	struct reason_table t;
	struct diags d = { 0 };

	(void)state;
	memcpy(&h, data, sizeof(h));
	for (size_t cut = 0; cut < len; cut += len / 7 + 1) {
		unsigned char *part = malloc(cut ? cut : 1);

		memcpy(part, data, cut);
		assert_int_equal(table_from_btf_data(&t, part, cut, "cut", &d), -1);
		free(part);
	}
	assert_true(has_diag(&d, SEV_ERROR, 0, 0, "shorter than its header"));
	assert_true(has_diag(&d, SEV_ERROR, 0, 0, "its sections run past"));
	diag_free(&d);
	/* the first type's kind made one no kernel has */
	data[h.hdr_len + h.type_off + 7] = 0x1f;
	assert_int_equal(table_from_btf_data(&t, data, len, "kind", &d), -1);
	assert_true(has_diag(&d, SEV_ERROR, 0, 0, "BTF type kind 31 is unknown"));
	data[2] = 2;
	assert_int_equal(table_from_btf_data(&t, data, len, "version", &d), -1);
	assert_true(has_diag(&d, SEV_ERROR, 0, 0, "BTF version 2"));
	assert_int_equal(table_from_btf_data(&t, data, (size_t)LDP_MAX_BTF + 1, "big", &d), -1);
	assert_true(has_diag(&d, SEV_ERROR, 0, 0, "too large (more than 64 MiB)"));
	diag_free(&d);
	free(data);
}

/*
 * A BTF whose type section is not 4-byte aligned (header length 122):
 * libbpf 1.1 took it and handed out misaligned type pointers (fuzz_btf
 * found it, UBSan caught it). Read unaligned-safe, it is refused for
 * what it holds.
 */
static void misaligned(void **state)
{
	struct reason_table t;
	struct diags d = { 0 };

	(void)state;
	assert_int_equal(table_load(&t, REGRESSIONS "/btf/misaligned-type-section", &d), -1);
	assert_true(has_diag(&d, SEV_ERROR, 0, 0, "enum lockdown_reason: value"));
	diag_free(&d);
}

static int quiet_libbpf(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	(void)level;
	(void)fmt;
	(void)ap;
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(debian_kernel),
		cmocka_unit_test(host_kernel),
		cmocka_unit_test(elf_section),
		cmocka_unit_test(malformed),
		cmocka_unit_test(misaligned),
	};

	libbpf_set_print(quiet_libbpf);
	return cmocka_run_group_tests_name("btf", tests, NULL, NULL);
}
