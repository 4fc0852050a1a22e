// SPDX-License-Identifier: GPL-2.0
/* The .ldp parser: statements, and every error of a file in one run. */
#include "test.h"
#include "ast.h"

static struct policy_file *parse(const char *src, struct diags *d)
{
	return parse_policy("t.ldp", src, strlen(src), d);
}

static void statements(void **state)
{
	struct diags d = { 0 };
	struct policy_file *f = parse(
		"# a policy\n"
		"deny integrity LOCKDOWN_KCORE\n"
		"allow hibernation\n"
		"include \"other.ldp\"\n"
		"intent feature-disable \"why\"\n"
		"acknowledge LOCKDOWN_PERF \"because\"\n"
		"seal\n", &d);

	(void)state;
	assert_int_equal(d.errors, 0);
	assert_int_equal(f->n, 6);
	assert_int_equal(f->stmts[0].kind, ST_DENY);
	assert_int_equal(f->stmts[0].n_names, 2);
	assert_string_equal(f->stmts[0].names[1].text, "LOCKDOWN_KCORE");
	assert_int_equal(f->stmts[0].names[1].loc.line, 2);
	assert_int_equal(f->stmts[0].names[1].loc.col, 16);
	assert_int_equal(f->stmts[1].kind, ST_ALLOW);
	assert_int_equal(f->stmts[2].kind, ST_INCLUDE);
	assert_string_equal(f->stmts[2].str.text, "other.ldp");
	assert_int_equal(f->stmts[3].kind, ST_INTENT);
	assert_string_equal(f->stmts[3].names[0].text, "feature-disable");
	assert_string_equal(f->stmts[3].str.text, "why");
	assert_int_equal(f->stmts[4].kind, ST_ACK);
	assert_string_equal(f->stmts[4].names[0].text, "LOCKDOWN_PERF");
	assert_int_equal(f->stmts[5].kind, ST_SEAL);
	policy_file_free(f);
	diag_free(&d);
}

/* Every bad line is reported, with its place; good lines are kept. */
static void every_error(void **state)
{
	struct diags d = { 0 };
	struct policy_file *f = parse(
		"deny\n"				/* 1: no names */
		"frobnicate x\n"			/* 2: unknown statement */
		"deny LOCKDOWN_KCORE\n"			/* 3: fine */
		"include other.ldp\n"			/* 4: unquoted */
		"intent maybe\n"			/* 5: unknown intent */
		"intent feature-disable\n"		/* 6: no reason */
		"acknowledge LOCKDOWN_PERF\n"		/* 7: no reason */
		"seal now\n"				/* 8: trailing word */
		"deny \"LOCKDOWN_PERF\"\n"		/* 9: quoted name */
		"\"stray\"\n"				/* 10 */
		"allow LOCKDOWN_PERF\n", &d);		/* 11: fine */

	(void)state;
	assert_int_equal(d.errors, 9);	/* one per bad line: the unquoted include no longer two */
	assert_true(has_diag(&d, SEV_ERROR, 1, 5, "needs at least one reason"));
	assert_true(has_diag(&d, SEV_ERROR, 2, 1, "unknown statement 'frobnicate'"));
	assert_true(has_diag(&d, SEV_ERROR, 4, 9, "in quotes"));
	assert_true(has_diag(&d, SEV_ERROR, 5, 8, "unknown intent 'maybe'"));
	assert_true(has_diag(&d, SEV_ERROR, 6, 23, "not a security boundary"));
	assert_true(has_diag(&d, SEV_ERROR, 7, 26, "why the bypass is acceptable"));
	assert_true(has_diag(&d, SEV_ERROR, 8, 6, "unexpected word 'now' after"));
	assert_true(has_diag(&d, SEV_ERROR, 9, 6, "not quoted"));
	assert_true(has_diag(&d, SEV_ERROR, 10, 1, "expected a statement"));
	assert_int_equal(f->n, 2);
	assert_int_equal(f->stmts[0].loc.line, 3);
	assert_int_equal(f->stmts[1].loc.line, 11);
	policy_file_free(f);
	diag_free(&d);
}

static void nul_byte(void **state)
{
	struct diags d = { 0 };
	static const char src[] = "deny kcore\n\0junk";
	struct policy_file *f = parse_policy("t.ldp", src, sizeof(src) - 1, &d);

	(void)state;
	assert_true(has_diag(&d, SEV_ERROR, 2, 1, "NUL byte"));
	policy_file_free(f);
	diag_free(&d);
}

static void empty(void **state)
{
	struct diags d = { 0 };
	struct policy_file *f = parse("", &d);

	(void)state;
	assert_int_equal(d.n, 0);
	assert_int_equal(f->n, 0);
	policy_file_free(f);
}

/* A misspelt or capitalised keyword gets a did-you-mean. */
static void keyword_suggestions(void **state)
{
	struct diags d = { 0 };
	static const char src[] = "denny kcore\nDeny kcore\nalow perf\nfrobnicate x\n";
	struct policy_file *f = parse_policy("k.ldp", src, sizeof(src) - 1, &d);

	(void)state;
	assert_true(has_diag(&d, SEV_ERROR, 1, 1, "unknown statement 'denny'; did you mean 'deny'?"));
	assert_true(has_diag(&d, SEV_ERROR, 2, 1, "keywords are lower case ('deny')"));
	assert_true(has_diag(&d, SEV_ERROR, 3, 1, "did you mean 'allow'?"));
	assert_true(has_diag(&d, SEV_ERROR, 4, 1, "expected deny, allow, include"));
	policy_file_free(f);
	diag_free(&d);
}

/*
 * One mistake, one error: an unquoted include names the fix and nothing
 * else on its line; a Unicode space is one character, not three bytes.
 */
static void one_error_each(void **state)
{
	struct diags d = { 0 };
	static const char src[] = "include integrity.ldp  # the shipped one\n"
				  "deny\xe2\x80\x83kcore perf\n"
				  "deny kcore @ perf ! x\n"
				  "deny caf\xc3\xa9\n";
	struct policy_file *f = parse_policy("o.ldp", src, sizeof(src) - 1, &d);

	(void)state;
	assert_true(has_diag(&d, SEV_ERROR, 1, 9,
			     "expected a file name in quotes: include \"integrity.ldp\""));
	assert_true(has_diag(&d, SEV_ERROR, 2, 5, "unexpected character U+2003, a Unicode space"));
	assert_true(has_diag(&d, SEV_ERROR, 3, 12, "unexpected character '@'"));
	assert_true(has_diag(&d, SEV_ERROR, 4, 9, "unexpected character U+00E9"));
	assert_int_equal(d.errors, 4);
	assert_int_equal(d.n, 4);
	policy_file_free(f);
	diag_free(&d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(keyword_suggestions),
		cmocka_unit_test(statements),
		cmocka_unit_test(every_error),
		cmocka_unit_test(nul_byte),
		cmocka_unit_test(empty),
		cmocka_unit_test(one_error_each),
	};

	return cmocka_run_group_tests_name("parser", tests, NULL, NULL);
}
