// SPDX-License-Identifier: GPL-2.0
/* Emitters: blob (and its reader), C, .ldp, JSON. */
#include "test.h"
#include "blob.h"
#include "emit.h"
#include "policy.h"

static struct reason_table t;


static int setup(void **state)
{
	(void)state;
	load_612(&t);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	table_free(&t);
	return 0;
}

static void compile_src(struct policy *p, const char *name, const char *src)
{
	struct diags d = { 0 };
	char *path = write_tmp(name, src);

	if (policy_compile(p, &t, &path, 1, &d)) {
		diag_print(&d, stderr);
		fail_msg("%s does not compile", name);
	}
	free(path);
	diag_free(&d);
}

static void blob_layout(void **state)
{
	struct policy p;
	uint8_t buf[LOCKDOWN_POLICY_MAX_SIZE];
	size_t len;

	(void)state;
	compile_src(&p, "b.ldp", "deny LOCKDOWN_DEV_MEM LOCKDOWN_KCORE\nseal\n");
	len = blob_encode(&p, buf);
	assert_int_equal(len, 56);
	/* little-endian header, as the uapi header says */
	assert_memory_equal(buf, "LDPB\x01\x00\x30\x00\x1e\x00\x00\x00\x01\x00\x00\x00", 16);
	assert_memory_equal(buf + 16, table_fingerprint(&t), 32);
	assert_memory_equal(buf + 48, "\x04\x00\x40\x00\x00\x00\x00\x00", 8);
	policy_free(&p);
}

static void blob_roundtrip(void **state)
{
	struct policy p, q;
	struct blob_info b;
	struct diags d = { 0 };
	uint8_t buf[LOCKDOWN_POLICY_MAX_SIZE];
	size_t len;

	(void)state;
	compile_src(&p, "r.ldp", "intent feature-disable \"x\"\ndeny integrity\nallow kexec\n");
	len = blob_encode(&p, buf);
	assert_true(blob_sniff(buf, len));
	assert_int_equal(blob_decode(buf, len, "r", &b, &d), 0);
	assert_int_equal(blob_check_table(&b, &t, "r", &d), 0);
	assert_int_equal(b.flags, LOCKDOWN_POLICY_FLAG_NOT_A_BOUNDARY);
	policy_from_bits(&q, &t, b.words, b.warn, b.flags);
	assert_memory_equal(p.deny, q.deny, sizeof(p.deny));
	assert_int_equal(q.intent, INTENT_FEATURE_DISABLE);
	policy_free(&p);
	policy_free(&q);
	diag_free(&d);
}

static void blob_reader_errors(void **state)
{
	struct policy p;
	struct blob_info b;
	struct diags d = { 0 };
	uint8_t buf[LOCKDOWN_POLICY_MAX_SIZE], bad[LOCKDOWN_POLICY_MAX_SIZE];
	size_t len;
	struct reason_table other;

	(void)state;
	compile_src(&p, "x.ldp", "deny kcore\n");
	len = blob_encode(&p, buf);
	assert_int_equal(blob_decode(buf, len - 1, "x", &b, &d), -1);
	assert_int_equal(blob_decode(buf, 4, "x", &b, &d), -1);
	memcpy(bad, buf, len);
	bad[4] = 3;
	assert_int_equal(blob_decode(bad, len, "x", &b, &d), -1);
	assert_true(has_diag(&d, SEV_ERROR, 0, 0, "format version 3"));
	/* version 2 is longer: a version 1 blob relabelled is malformed */
	bad[4] = 2;
	assert_int_equal(blob_decode(bad, len, "x", &b, &d), -1);
	assert_true(has_diag(&d, SEV_ERROR, 0, 0, "malformed blob"));
	memcpy(bad, buf, len);
	bad[12] = 0x80;
	assert_int_equal(blob_decode(bad, len, "x", &b, &d), -1);
	assert_true(has_diag(&d, SEV_ERROR, 0, 0, "unknown flags"));
	memcpy(bad, buf, len);
	bad[48] |= 1;	/* LOCKDOWN_NONE */
	assert_int_equal(blob_decode(bad, len, "x", &b, &d), 0);
	assert_int_equal(blob_check_table(&b, &t, "x", &d), -1);
	assert_true(has_diag(&d, SEV_ERROR, 0, 0, "bit 0, which is no reason"));
	/* another table: refused by the tool, with the reason */
	assert_int_equal(blob_decode(buf, len, "x", &b, &d), 0);
	assert_int_equal(table_from_text(&other, "1 LOCKDOWN_A integrity\n3 LOCKDOWN_B confidentiality\n",
					 "other", &d), 0);
	assert_int_equal(blob_check_table(&b, &other, "x", &d), -1);
	assert_true(has_diag(&d, SEV_ERROR, 0, 0, "30 reasons, not the 4 of other"));
	table_free(&other);
	policy_free(&p);
	diag_free(&d);
}

static char *emit_to_string(void (*fn)(const struct policy *, FILE *, void *),
			    const struct policy *p, void *arg)
{
	char *s = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&s, &n);

	fn(p, f, arg);
	fclose(f);
	return s;
}

static void do_c(const struct policy *p, FILE *f, void *arg)
{
	char *src = arg;

	emit_c(p, &src, 1, f);
}

static void do_ldp(const struct policy *p, FILE *f, void *arg)
{
	emit_ldp(p, arg, f);
}

static void do_json(const struct policy *p, FILE *f, void *arg)
{
	(void)arg;
	emit_json_policy_document(p, f);
}

static void c_output(void **state)
{
	struct policy p;
	char *s;

	(void)state;
	compile_src(&p, "c.ldp", "intent feature-disable \"x\"\ndeny dev_mem\ndeny kcore\nseal\n");
	s = emit_to_string(do_c, &p, "c.ldp");
	assert_non_null(strstr(s, "const enum lockdown_reason lockdown_policy_builtin[] __initconst = {\n"
			       "\tLOCKDOWN_DEV_MEM,\t/* "));
	assert_non_null(strstr(s, "\tLOCKDOWN_KCORE,\t/* "));
	assert_non_null(strstr(s, "c.ldp:3 */"));
	assert_non_null(strstr(s, "= LOCKDOWN_POLICY_FLAG_SEAL | LOCKDOWN_POLICY_FLAG_NOT_A_BOUNDARY;\n"));
	assert_null(strstr(s, "LOCKDOWN_PERF"));
	free(s);
	policy_free(&p);
	compile_src(&p, "e.ldp", "# nothing\n");
	s = emit_to_string(do_c, &p, "e.ldp");
	assert_non_null(strstr(s, "__initconst = {\n};\n"));
	assert_non_null(strstr(s, "lockdown_policy_builtin_flags __initconst = 0;\n"));
	free(s);
	policy_free(&p);
}

/* .ldp output compiles back to the same policy. */
static void ldp_roundtrip(void **state)
{
	struct policy p, q;
	struct diags d = { 0 };
	char *s, *path;

	(void)state;
	compile_src(&p, "l.ldp", "intent feature-disable \"a \\\"quoted\\\" why\"\n"
		    "deny integrity\nallow debugfs\nseal\n");
	s = emit_to_string(do_ldp, &p, "l.ldp");
	path = write_tmp("l2.ldp", s);
	assert_int_equal(policy_compile(&q, &t, &path, 1, &d), 0);
	assert_memory_equal(p.deny, q.deny, sizeof(p.deny));
	assert_int_equal(policy_flags(&p), policy_flags(&q));
	assert_string_equal(q.intent_why, "a \"quoted\" why");
	free(s);
	free(path);
	policy_free(&p);
	policy_free(&q);
	diag_free(&d);
}

static void json_output(void **state)
{
	struct policy p;
	char *s;
	int depth = 0, in_str = 0;

	(void)state;
	compile_src(&p, "j.ldp", "acknowledge hibernation \"tab\\tand \\\"quote\\\"\"\ndeny dev_mem\n");
	s = emit_to_string(do_json, &p, NULL);
	assert_non_null(strstr(s, "\"schema\":\"ldpolicy.policy/2\""));
	assert_non_null(strstr(s, "\"deny\":[\"LOCKDOWN_DEV_MEM\"]"));
	assert_non_null(strstr(s, "\"why\":\"tab\\tand \\\"quote\\\"\""));
	assert_non_null(strstr(s, "\"count\":28,\"integrity_max\":21,\"confidentiality_max\":30"));
	for (const char *c = s; *c; c++) {
		if (in_str) {
			if (*c == '\\')
				c++;
			else if (*c == '"')
				in_str = 0;
			continue;
		}
		if (*c == '"')
			in_str = 1;
		depth += (*c == '{' || *c == '[') - (*c == '}' || *c == ']');
		assert_true(depth >= 0);
		assert_false(c[0] == ',' && (c[1] == '}' || c[1] == ']'));
	}
	assert_int_equal(depth, 0);
	free(s);
	policy_free(&p);
}

/* A policy that warns: version 2, the warn set after the deny set. */
static void blob_v2_warn(void **state)
{
	struct policy p, q;
	struct blob_info b;
	struct diags d = { 0 };
	uint8_t buf[LOCKDOWN_POLICY_MAX_SIZE];
	size_t len;
	int kcore;
	char *s;

	(void)state;
	compile_src(&p, "w.ldp", "warn confidentiality\ndeny kcore\n");
	assert_int_equal(policy_count(&p), 1);
	assert_int_equal(policy_count_warned(&p), 27);
	len = blob_encode(&p, buf);
	assert_int_equal(len, 64);
	assert_memory_equal(buf, "LDPB\x02\x00\x30\x00\x1e\x00", 10);
	assert_int_equal(blob_decode(buf, len, "w", &b, &d), 0);
	assert_int_equal(b.version, 2);
	assert_int_equal(blob_check_table(&b, &t, "w", &d), 0);
	assert_memory_equal(b.words, p.deny, 8);
	assert_memory_equal(b.warn, p.warn, 8);
	policy_from_bits(&q, &t, b.words, b.warn, b.flags);
	assert_memory_equal(p.warn, q.warn, sizeof(p.warn));
	s = emit_to_string(do_ldp, &q, "w");
	assert_non_null(strstr(s, "deny LOCKDOWN_KCORE\n"));
	assert_non_null(strstr(s, "warn LOCKDOWN_PERF\n"));
	assert_null(strstr(s, "warn LOCKDOWN_KCORE\n"));
	free(s);
	s = emit_to_string(do_json, &q, NULL);
	assert_non_null(strstr(s, "\"warn\":[\"LOCKDOWN_MODULE_SIGNATURE\""));
	free(s);

	/* a reason both denied and warned is no blob */
	kcore = table_lookup(&t, "LOCKDOWN_KCORE");
	buf[56 + kcore / 8] |= 1 << (kcore % 8);
	assert_int_equal(blob_decode(buf, len, "w", &b, &d), 0);
	assert_int_equal(blob_check_table(&b, &t, "w", &d), -1);
	assert_true(has_diag(&d, SEV_ERROR, 0, 0, "both denies and warns about LOCKDOWN_KCORE"));
	/* a version 2 blob without its warn set is malformed */
	buf[4] = 2;
	assert_int_equal(blob_decode(buf, len - 8, "w", &b, &d), -1);
	policy_free(&p);
	policy_free(&q);
	diag_free(&d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(blob_layout),
		cmocka_unit_test(blob_roundtrip),
		cmocka_unit_test(blob_v2_warn),
		cmocka_unit_test(blob_reader_errors),
		cmocka_unit_test(c_output),
		cmocka_unit_test(ldp_roundtrip),
		cmocka_unit_test(json_output),
	};

	return cmocka_run_group_tests_name("emit", tests, setup, teardown);
}
