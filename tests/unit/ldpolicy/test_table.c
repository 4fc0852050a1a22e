// SPDX-License-Identifier: GPL-2.0
/*
 * Reason tables from all three sources: the text table (securityfs and
 * offline files), a kernel tree's security.h, and BTF from a real vmlinux
 * of our kernel build. They must agree on every identifier and on the
 * fingerprint.
 */
#include <unistd.h>

#include "test.h"

#ifndef KERNEL_TREE
#define KERNEL_TREE ""
#endif
#ifndef VMLINUX
#define VMLINUX ""
#endif

static void offline_612(void **state)
{
	struct reason_table t;

	(void)state;
	load_612(&t);
	assert_int_equal(t.conf_max, 30);
	assert_int_equal(t.integrity_max, 21);
	assert_string_equal(t.v[2].id, "LOCKDOWN_DEV_MEM");
	assert_string_equal(t.v[2].desc, "/dev/mem,kmem,port");
	assert_int_equal(t.v[2].cls, CLASS_INTEGRITY);
	assert_int_equal(t.v[22].cls, CLASS_CONFIDENTIALITY);
	assert_string_equal(t.v[21].id, "LOCKDOWN_INTEGRITY_MAX");
	assert_false(table_is_reason(&t, 0));
	assert_false(table_is_reason(&t, 21));
	assert_false(table_is_reason(&t, 30));
	assert_true(table_is_reason(&t, 29));
	table_free(&t);
}

static void lookup_and_suggest(void **state)
{
	struct reason_table t;

	(void)state;
	load_612(&t);
	assert_int_equal(table_lookup(&t, "LOCKDOWN_KCORE"), 22);
	assert_int_equal(table_lookup(&t, "kcore"), 22);
	assert_int_equal(table_lookup(&t, "KCORE"), 22);
	assert_int_equal(table_lookup(&t, "Dev_Mem"), 2);
	assert_int_equal(table_lookup(&t, "lockdown_kcore"), -1);
	assert_int_equal(table_lookup(&t, "LOCKDOWN_INTEGRITY_MAX"), -1);
	assert_int_equal(table_lookup(&t, "integrity_max"), -1);
	assert_int_equal(table_lookup(&t, ""), -1);
	assert_string_equal(table_suggest(&t, "LOCKDOWN_KCOR"), "LOCKDOWN_KCORE");
	assert_string_equal(table_suggest(&t, "devmem"), "LOCKDOWN_DEV_MEM");
	assert_string_equal(table_suggest(&t, "LOCKDOWN_TRACEF"), "LOCKDOWN_TRACEFS");
	assert_null(table_suggest(&t, "completely_unrelated_words"));
	/* a short word far from every reason gets no suggestion */
	assert_null(table_suggest(&t, "nope"));
	assert_null(table_suggest(&t, "LOCKDOWN_NOPE"));
	assert_string_equal(table_suggest(&t, "kprobe"), "LOCKDOWN_KPROBES");
	assert_string_equal(table_suggest(&t, "hibernaton"), "LOCKDOWN_HIBERNATION");
	table_free(&t);
}

static const char good_text[] =
	"# comment\n"
	"1 LOCKDOWN_A integrity first one\n"
	"2 LOCKDOWN_B integrity\n"
	"\n"
	"4 LOCKDOWN_C confidentiality third\n";

static void text_table(void **state)
{
	struct reason_table t;
	struct diags d = { 0 };

	(void)state;
	assert_int_equal(table_from_text(&t, good_text, "x", &d), 0);
	assert_int_equal(t.integrity_max, 3);
	assert_int_equal(t.conf_max, 5);
	assert_string_equal(t.v[3].id, "LOCKDOWN_INTEGRITY_MAX");
	assert_string_equal(t.v[5].id, "LOCKDOWN_CONFIDENTIALITY_MAX");
	assert_string_equal(t.v[1].desc, "first one");
	assert_null(t.v[2].desc);
	table_free(&t);
	diag_free(&d);
}

static void text_table_errors(void **state)
{
	static const struct { const char *text, *msg; } bad[] = {
		{ "1 LOCKDOWN_A integrity\n3 LOCKDOWN_C integrity\n5 LOCKDOWN_D confidentiality\n",
		  "no value 2" },
		{ "1 LOCKDOWN_A integrity\n3 LOCKDOWN_B confidentiality\n4 LOCKDOWN_C integrity\n",
		  "integrity reasons, then one gap" },
		{ "1 LOCKDOWN_A secret\n", "unknown class" },
		{ "1 LOCKDOWN_A integrity\n1 LOCKDOWN_B integrity\n", "listed twice" },
		{ "1 NOT_LOCKDOWN integrity\n", "not a LOCKDOWN_ identifier" },
		{ "x LOCKDOWN_A integrity\n", "expected 'VALUE" },
		{ "1 LOCKDOWN_A integrity\n", "integrity reasons, then one gap" },
		{ "", "integrity reasons, then one gap" },
		{ "1 LOCKDOWN_A integrity\n3 LOCKDOWN_A confidentiality\n", "appears twice" },
		{ "99999 LOCKDOWN_A integrity\n", "out of range" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct reason_table t;
		struct diags d = { 0 };

		assert_int_equal(table_from_text(&t, bad[i].text, "x", &d), -1);
		if (!has_diag(&d, SEV_ERROR, 0, 0, bad[i].msg))
			fail_msg("case %zu: no error '%s' (got '%s')", i, bad[i].msg,
				 d.n ? d.v[0].msg : "none");
		diag_free(&d);
	}
}

static void header_table(void **state)
{
	static const char src[] =
		"struct x;\n/* enum lockdown_reason { decoy */\n"
		"enum lockdown_reason {\n"
		"\tLOCKDOWN_NONE, /* c */\n"
		"\tLOCKDOWN_A,\n"
		"#ifdef X\n"
		"\tLOCKDOWN_INTEGRITY_MAX = 2,\n"
		"#endif\n"
		"\t// line comment\n"
		"\tLOCKDOWN_B,\n"
		"\tLOCKDOWN_CONFIDENTIALITY_MAX,\n};\n";
	struct reason_table t;
	struct diags d = { 0 };

	(void)state;
	assert_int_equal(table_from_header(&t, src, "h", &d), 0);
	assert_int_equal(t.conf_max, 4);
	assert_int_equal(t.integrity_max, 2);
	assert_string_equal(t.v[3].id, "LOCKDOWN_B");
	table_free(&t);
	assert_int_equal(table_from_header(&t, "enum lockdown_reason { LOCKDOWN_NONE, 3x };",
					   "h", &d), -1);
	assert_int_equal(table_from_header(&t, "nothing here", "h", &d), -1);
	/* found by fuzz_table: identifiers that resolve ambiguously */
	assert_int_equal(table_from_header(&t, "enum lockdown_reason { LOCKDOWN_NONE, LOCKDOWN_A, "
					   "LOCKDOWN_a, LOCKDOWN_INTEGRITY_MAX, LOCKDOWN_B, "
					   "LOCKDOWN_CONFIDENTIALITY_MAX };", "h", &d), -1);
	assert_int_equal(table_from_header(&t, "enum lockdown_reason { LOCKDOWN_NONE, OTHER_A, "
					   "LOCKDOWN_INTEGRITY_MAX, LOCKDOWN_B, "
					   "LOCKDOWN_CONFIDENTIALITY_MAX };", "h", &d), -1);
	/* found by fuzz_table: an enum that leaves value 0 (or its last value) unnamed */
	assert_int_equal(table_from_header(&t, "enum lockdown_reason { LOCKDOWN_NONE = 1, "
					   "LOCKDOWN_INTEGRITY_MAX, LOCKDOWN_B, "
					   "LOCKDOWN_CONFIDENTIALITY_MAX };", "h", &d), -1);
	assert_true(has_diag(&d, SEV_ERROR, 0, 0, "'OTHER_A' is not a LOCKDOWN_ identifier"));
	assert_true(has_diag(&d, SEV_ERROR, 0, 0, "it must run from LOCKDOWN_NONE"));
	assert_true(has_diag(&d, SEV_ERROR, 0, 0, "no 'enum lockdown_reason {'"));
	diag_free(&d);
}

/* Every source of the same kernel gives the same table and fingerprint. */
static void sources_agree(void **state)
{
	struct reason_table offline, header, btf;
	struct diags d = { 0 };
	const char *hdr;

	(void)state;
	if (!KERNEL_TREE[0] || access(KERNEL_TREE "/include/linux/security.h", R_OK))
		skip();
	hdr = KERNEL_TREE "/include/linux/security.h";
	load_612(&offline);
	assert_int_equal(table_load(&header, hdr, &d), 0);
	assert_memory_equal(table_fingerprint(&offline), table_fingerprint(&header), 32);
	for (unsigned int i = 0; i <= offline.conf_max; i++) {
		assert_string_equal(offline.v[i].id, header.v[i].id);
		if (table_is_reason(&offline, i))
			assert_string_equal(offline.v[i].desc, header.v[i].desc);
	}
	if (VMLINUX[0] && !access(VMLINUX, R_OK)) {
		assert_int_equal(table_load(&btf, VMLINUX, &d), 0);
		assert_memory_equal(table_fingerprint(&btf), table_fingerprint(&header), 32);
		assert_int_equal(btf.conf_max, header.conf_max);
		assert_string_equal(btf.source, "btf:" VMLINUX);
		table_free(&btf);
	} else {
		print_message("# no vmlinux at '%s': BTF not compared\n", VMLINUX);
	}
	table_free(&offline);
	table_free(&header);
	diag_free(&d);
}

/* The BTF reader against a real vmlinux of our kernel build (test_btf.c: the rest). */
static void btf_vmlinux(void **state)
{
	struct reason_table t;
	struct diags d = { 0 };

	(void)state;
	if (!VMLINUX[0] || access(VMLINUX, R_OK))
		skip();
	assert_int_equal(table_from_btf(&t, VMLINUX, &d), 0);
	assert_string_equal(t.v[22].id, "LOCKDOWN_KCORE");
	assert_null(t.v[22].desc);
	table_free(&t);
	diag_free(&d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(offline_612),
		cmocka_unit_test(lookup_and_suggest),
		cmocka_unit_test(text_table),
		cmocka_unit_test(text_table_errors),
		cmocka_unit_test(header_table),
		cmocka_unit_test(sources_agree),
		cmocka_unit_test(btf_vmlinux),
	};

	return cmocka_run_group_tests_name("table", tests, NULL, NULL);
}
