// SPDX-License-Identifier: GPL-2.0
/*
 * The backends, in what runs in userspace: which one a kernel gets (from
 * a securityfs tree laid out as a kernel's would be), the static level
 * both report, and the BPF backend's names, resolved against the BTF of
 * a shipped Debian kernel (tests/unit/fixtures).
 */
#include <errno.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "backend.h"
#include "test.h"
#include "util.h"

#ifndef FIXTURES
#error "FIXTURES: tests/unit/fixtures"
#endif

static void put(const char *dir, const char *name, const char *text)
{
	char *path = malloc(strlen(dir) + strlen(name) + 2);
	FILE *f;

	sprintf(path, "%s/%s", dir, name);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
	free(path);
}

/*
 * A securityfs tree, as a kernel lays it out: the lsm file (unless NULL,
 * as when securityfs is not mounted), the static LSM's lockdown file, and
 * lockdown_policy/load when the kernel has the LSM.
 */
static char *secfs(const char *name, const char *lsm, const char *level, bool lsm_policy)
{
	char *dir = write_tmp(name, "");

	assert_int_equal(unlink(dir), 0);
	assert_int_equal(mkdir(dir, 0755), 0);
	if (lsm)
		put(dir, "lsm", lsm);
	if (level)
		put(dir, "lockdown", level);
	if (lsm_policy) {
		char *sub = malloc(strlen(dir) + 20);

		sprintf(sub, "%s/lockdown_policy", dir);
		assert_int_equal(mkdir(sub, 0755), 0);
		put(sub, "load", "");
		free(sub);
	}
	return dir;
}

static const struct backend *choose(const char *name, const char *dir, struct diags *d)
{
	diag_free(d);
	return backend_choose(name, dir, d);
}

static void auto_choice(void **state)
{
	struct diags d = { 0 };
	char *both = secfs("both", "lockdown,capability,bpf", NULL, true);
	char *bpf = secfs("bpf-only", "lockdown,capability,landlock,yama,apparmor,tomoyo,bpf",
			  NULL, false);
	char *lsm = secfs("lsm-only", "lockdown,capability", NULL, true);

	(void)state;
	/* the LSM when the kernel has it, whatever else */
	assert_ptr_equal(choose("auto", both, &d), &backend_lsm);
	assert_ptr_equal(choose(NULL, lsm, &d), &backend_lsm);
	/* else the BPF LSM: Debian 12's own kernel */
	assert_ptr_equal(choose("auto", bpf, &d), &backend_bpf);
	assert_int_equal(d.errors, 0);
	free(both);
	free(bpf);
	free(lsm);
}

static void forced_choice(void **state)
{
	struct diags d = { 0 };
	char *both = secfs("both2", "lockdown,capability,bpf", NULL, true);
	char *lsm = secfs("lsm-only2", "lockdown,capability", NULL, true);

	(void)state;
	assert_ptr_equal(choose("bpf", both, &d), &backend_bpf);
	assert_ptr_equal(choose("lockdown_policy", both, &d), &backend_lsm);
	assert_ptr_equal(choose("lsm", both, &d), &backend_lsm);
	assert_null(choose("bpf", lsm, &d));
	assert_true(has_diag(&d, SEV_ERROR, 0, 0, "--backend bpf: bpf is not among the active LSMs"));
	assert_null(choose("ebpf", both, &d));
	assert_true(has_diag(&d, SEV_ERROR, 0, 0, "unknown backend 'ebpf'"));
	diag_free(&d);
	free(both);
	free(lsm);
}

static void no_backend(void **state)
{
	struct diags d = { 0 };
	/* "bpfx" and "xbpf" are not bpf */
	char *none = secfs("none", "lockdown,capability,bpfx,xbpf", NULL, false);
	char *nofs = secfs("nofs", NULL, NULL, false);

	(void)state;
	assert_false(backend_any(none));
	assert_null(choose("auto", none, &d));
	assert_true(has_diag(&d, SEV_ERROR, 0, 0, "CONFIG_SECURITY_LOCKDOWN_POLICY"));
	assert_true(has_diag(&d, SEV_ERROR, 0, 0, "CONFIG_BPF_LSM"));
	/* securityfs not mounted: never a guess */
	assert_true(backend_any(nofs));
	assert_null(choose("auto", nofs, &d));
	assert_true(has_diag(&d, SEV_ERROR, 0, 0, "securityfs is not in the kernel, or not mounted"));
	diag_free(&d);
	free(none);
	free(nofs);
}

static void static_level(void **state)
{
	struct reason_table t;
	struct diags d = { 0 };
	uint64_t bits[POLICY_WORDS];
	char level[64];
	char *integ = secfs("integ", "lockdown,capability,bpf",
			    "none [integrity] confidentiality\n", false);
	char *conf = secfs("conf", "lockdown,bpf", "none integrity [confidentiality]\n", false);
	char *off = secfs("off", "capability,bpf", NULL, false);
	char *broken = secfs("broken", "lockdown,capability,bpf", NULL, false);

	(void)state;
	load_612(&t);
	assert_int_equal(static_level_read(integ, &t, level, sizeof(level), bits, &d), 0);
	assert_string_equal(level, "integrity");
	assert_true(bit_test(bits, table_lookup(&t, "dev_mem")));
	assert_false(bit_test(bits, table_lookup(&t, "kcore")));
	assert_false(bit_test(bits, t.integrity_max));
	assert_int_equal(static_level_read(conf, &t, level, sizeof(level), bits, &d), 0);
	assert_true(bit_test(bits, table_lookup(&t, "kcore")));
	assert_false(bit_test(bits, 0));
	/* no static LSM: it denies nothing, and that is known */
	assert_int_equal(static_level_read(off, &t, level, sizeof(level), bits, &d), 0);
	assert_string_equal(level, "");
	assert_false(bit_test(bits, table_lookup(&t, "dev_mem")));
	/* the LSM is there but its level cannot be read: unknown, an error */
	assert_int_equal(static_level_read(broken, &t, level, sizeof(level), bits, &d), -1);
	assert_true(has_diag(&d, SEV_ERROR, 0, 0, "cannot read the static lockdown level"));
	diag_free(&d);
	table_free(&t);
	free(integ);
	free(conf);
	free(off);
	free(broken);
}

static void deny_class(uint64_t *bits, const struct reason_table *t, unsigned int upto,
		       int but)
{
	for (unsigned int r = 0; r < upto; r++)
		if (table_is_reason(t, r) && (int)r != but)
			bits[r / 64] |= 1ULL << (r % 64);
}

/* @dir's lockdown file starts with @want. */
static void assert_level_file(const char *dir, const char *want)
{
	char *path = malloc(strlen(dir) + sizeof("/lockdown")), *text;

	sprintf(path, "%s/lockdown", dir);
	text = read_file(path, NULL);
	assert_non_null(text);
	assert_memory_equal(text, want, strlen(want));
	free(text);
	free(path);
}

/*
 * For the BPF backend, ldpolicy raises the static level itself: only to
 * what the policy covers in full, only upwards, only if the static LSM
 * is there to enforce it.
 */
static void level_raise(void **state)
{
	struct reason_table t;
	struct diags d = { 0 };
	uint64_t bits[POLICY_WORDS] = { 0 };
	char *none = secfs("raise_none", "lockdown,capability,bpf",
			   "[none] integrity confidentiality\n", false);
	char *conf = secfs("raise_conf", "lockdown,bpf", "none integrity [confidentiality]\n", false);
	char *off = secfs("raise_off", "capability,bpf", NULL, false);

	(void)state;
	load_612(&t);
	/* every integrity reason but one: no level, nothing written */
	deny_class(bits, &t, t.integrity_max, table_lookup(&t, "dev_mem"));
	assert_null(static_level_of(&t, bits));
	assert_int_equal(static_level_raise(none, &t, bits, &d), 0);
	assert_level_file(none, "[none] integrity confidentiality\n");
	/* all of them: integrity, written to the static LSM's file */
	deny_class(bits, &t, t.integrity_max, -1);
	assert_string_equal(static_level_of(&t, bits), "integrity");
	assert_int_equal(static_level_raise(none, &t, bits, &d), 1);
	assert_level_file(none, "integrity");
	/* never lowered: a higher level stays as it is */
	assert_int_equal(static_level_raise(conf, &t, bits, &d), 0);
	assert_level_file(conf, "none integrity [confidentiality]\n");
	/* every reason: confidentiality */
	deny_class(bits, &t, t.conf_max, -1);
	assert_string_equal(static_level_of(&t, bits), "confidentiality");
	/* no static LSM: nothing to raise */
	assert_int_equal(static_level_raise(off, &t, bits, &d), 0);
	assert_int_equal(d.errors, 0);
	table_free(&t);
	free(none);
	free(conf);
	free(off);
}

/* The fixture, gunzipped into memory. */
static void *debian_btf(size_t *len)
{
	gzFile z = gzopen(FIXTURES "/debian-6.1.0-57-amd64.btf.gz", "rb");
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

static void stock_kernel_btf(void **state)
{
	struct reason_table btf, t612;
	struct diags d = { 0 };
	size_t len;
	void *data = debian_btf(&len);
	char a[65], b[65];

	(void)state;
	assert_int_equal(table_from_btf_data(&btf, data, len, "debian-6.1.0-57-amd64", &d), 0);
	free(data);
	load_612(&t612);
	/* the same 28 reasons as 6.12, in the same order: one fingerprint */
	assert_int_equal(btf.conf_max, 30);
	assert_int_equal(btf.integrity_max, 21);
	for (unsigned int i = 0; i <= btf.conf_max; i++)
		assert_string_equal(btf.v[i].id, t612.v[i].id);
	table_fingerprint_hex(&btf, a);
	table_fingerprint_hex(&t612, b);
	assert_string_equal(a, b);
	assert_int_equal(table_lookup(&btf, "kcore"), 22);
	assert_int_equal(table_lookup(&btf, "LOCKDOWN_XFRM_SECRET"), 29);
	assert_int_equal(btf.v[2].cls, CLASS_INTEGRITY);
	assert_int_equal(btf.v[29].cls, CLASS_CONFIDENTIALITY);
	table_free(&btf);
	table_free(&t612);
}

static void load_errors(void **state)
{
	(void)state;
	/* the BPF backend's own errno has its own meaning */
	assert_string_equal(backend_load_error(EBUSY), "another load or seal is running; try again");
	assert_string_equal(backend_load_error(ENOEXEC),
			    "the blob was compiled for another kernel's reason table");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(auto_choice),
		cmocka_unit_test(forced_choice),
		cmocka_unit_test(no_backend),
		cmocka_unit_test(static_level),
		cmocka_unit_test(level_raise),
		cmocka_unit_test(stock_kernel_btf),
		cmocka_unit_test(load_errors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
