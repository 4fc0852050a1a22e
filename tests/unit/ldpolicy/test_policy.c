// SPDX-License-Identifier: GPL-2.0
/* Resolution: deny/allow in order, groups, includes, intent, acknowledgements. */
#include <sys/stat.h>
#include <unistd.h>

#include "test.h"
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

static int compile_src(struct policy *p, const char *name, const char *src, struct diags *d)
{
	char *path = write_tmp(name, src);
	int ret = policy_compile(p, &t, &path, 1, d);

	free(path);
	return ret;
}

static void groups_in_order(void **state)
{
	struct policy p;
	struct diags d = { 0 };

	(void)state;
	assert_int_equal(compile_src(&p, "a.ldp", "deny integrity\nallow hibernation\n"
				     "deny kcore\n", &d), 0);
	assert_int_equal(policy_count(&p), 20);
	assert_true(policy_denies(&p, 2));
	assert_false(policy_denies(&p, 5));	/* HIBERNATION */
	assert_true(policy_denies(&p, 22));
	assert_false(policy_denies(&p, 23));
	assert_false(policy_denies(&p, 21));	/* a level: never */
	assert_int_equal(p.deny_loc[22].line, 3);
	assert_int_equal(policy_flags(&p), 0);
	policy_free(&p);

	assert_int_equal(compile_src(&p, "b.ldp", "deny confidentiality\n", &d), 0);
	assert_int_equal(policy_count(&p), 28);
	policy_free(&p);
	assert_int_equal(compile_src(&p, "c.ldp", "deny all\nallow integrity\n", &d), 0);
	assert_int_equal(policy_count(&p), 8);
	policy_free(&p);
	assert_int_equal(d.n, 0);
}

/*
 * warn: the third state, in the same order as deny and allow: the last
 * statement about a reason wins, through groups and includes.
 */
static void warn_statements(void **state)
{
	struct policy p;
	struct diags d = { 0 };
	char *inc;

	(void)state;
	assert_int_equal(compile_src(&p, "w.ldp", "warn confidentiality\ndeny integrity\n"
				     "allow hibernation\nwarn kexec\n", &d), 0);
	assert_int_equal(d.n, 0);
	assert_int_equal(policy_verdict(&p, 2), VERDICT_DENY);	/* DEV_MEM */
	assert_int_equal(policy_verdict(&p, 5), VERDICT_ALLOW);	/* HIBERNATION */
	assert_int_equal(policy_verdict(&p, 4), VERDICT_WARN);	/* KEXEC */
	assert_int_equal(policy_verdict(&p, 26), VERDICT_WARN);	/* PERF */
	assert_int_equal(policy_verdict(&p, 21), VERDICT_ALLOW);	/* a level: never */
	assert_int_equal(policy_count(&p), 18);
	assert_int_equal(policy_count_warned(&p), 9);
	assert_int_equal(p.warn_loc[4].line, 4);
	assert_int_equal(p.warn_loc[26].line, 1);
	/* never both */
	for (int w = 0; w < POLICY_WORDS; w++)
		assert_int_equal(p.deny[w] & p.warn[w], 0);
	policy_free(&p);

	/* an include warns; the includer denies some, allows one */
	inc = write_tmp("learn.ldp", "warn confidentiality\n");
	free(inc);
	assert_int_equal(compile_src(&p, "host.ldp", "include \"learn.ldp\"\ndeny kcore\n"
				     "allow perf\n", &d), 0);
	assert_int_equal(d.n, 0);	/* allowing a warned reason has an effect */
	assert_int_equal(policy_verdict(&p, 22), VERDICT_DENY);
	assert_int_equal(policy_verdict(&p, 26), VERDICT_ALLOW);
	assert_int_equal(policy_verdict(&p, 24), VERDICT_WARN);
	policy_free(&p);

	/* an allow of what is only allowed still says it does nothing */
	assert_int_equal(compile_src(&p, "x.ldp", "warn kcore\nallow perf\n", &d), 0);
	assert_true(has_diag(&d, SEV_WARNING, 2, 7, "nothing it names is denied or warned"));
	policy_free(&p);
	diag_free(&d);
	/* a typo of the keyword is caught */
	assert_int_equal(compile_src(&p, "y.ldp", "wanr kcore\n", &d), -1);
	assert_true(has_diag(&d, SEV_ERROR, 1, 1, "did you mean 'warn'"));
	policy_free(&p);
	diag_free(&d);
}

static void names_errors(void **state)
{
	struct policy p;
	struct diags d = { 0 };

	(void)state;
	assert_int_equal(compile_src(&p, "e.ldp",
				     "deny LOCKDOWN_KCOR LOCKDOWN_INTEGRITY_MAX\n"
				     "deny LOCKDOWN_CONFIDENTIALITY_MAX LOCKDOWN_NONE zzzzzzzzzzzz\n"
				     "allow LOCKDOWN_PERF\n"
				     "deny LOCKDOWN_DEV_MEM\n", &d), -1);
	assert_true(has_diag(&d, SEV_ERROR, 1, 6, "did you mean 'LOCKDOWN_KCORE'?"));
	assert_true(has_diag(&d, SEV_ERROR, 1, 20, "is a level, not a reason: use the group 'integrity'"));
	assert_true(has_diag(&d, SEV_ERROR, 2, 6, "use the group 'confidentiality'"));
	assert_true(has_diag(&d, SEV_ERROR, 2, 35, "LOCKDOWN_NONE is a level"));
	assert_true(has_diag(&d, SEV_ERROR, 2, 49, "unknown reason 'zzzzzzzzzzzz' (not in the table"));
	assert_true(has_diag(&d, SEV_WARNING, 3, 7, "has no effect"));
	assert_int_equal(d.errors, 5);
	/* the rest still resolved */
	assert_true(policy_denies(&p, 2));
	policy_free(&p);
	diag_free(&d);
}

static void includes(void **state)
{
	struct policy p;
	struct diags d = { 0 };
	char *inc;

	(void)state;
	inc = write_tmp("inc.ldp", "deny LOCKDOWN_PERF\n");
	free(inc);
	assert_int_equal(compile_src(&p, "main.ldp", "include \"inc.ldp\"\nallow perf\ndeny kcore\n",
				     &d), 0);
	assert_false(policy_denies(&p, 26));	/* allowed after the include */
	assert_true(policy_denies(&p, 22));
	policy_free(&p);

	assert_int_equal(compile_src(&p, "loop.ldp", "include \"loop.ldp\"\n", &d), -1);
	assert_true(has_diag(&d, SEV_ERROR, 1, 9, "includes itself"));
	policy_free(&p);
	diag_free(&d);

	assert_int_equal(compile_src(&p, "miss.ldp", "include \"nope.ldp\"\n", &d), -1);
	assert_true(has_diag(&d, SEV_ERROR, 1, 9, "cannot include"));
	policy_free(&p);
	diag_free(&d);

	/* an error in an included file is reported at its own place */
	inc = write_tmp("bad.ldp", "\n\ndeny nothing_here\n");
	free(inc);
	assert_int_equal(compile_src(&p, "uses-bad.ldp", "include \"bad.ldp\"\n", &d), -1);
	assert_true(has_diag(&d, SEV_ERROR, 3, 6, "unknown reason 'nothing_here'"));
	assert_non_null(strstr(d.v[0].loc.file, "bad.ldp"));
	policy_free(&p);
	diag_free(&d);
}

static void intent_ack_seal(void **state)
{
	struct policy p;
	struct diags d = { 0 };

	(void)state;
	assert_int_equal(compile_src(&p, "i.ldp",
				     "intent feature-disable \"just off\"\n"
				     "acknowledge LOCKDOWN_HIBERNATION \"encrypted swap\"\n"
				     "deny dev_mem\nseal\n", &d), 0);
	assert_int_equal(p.intent, INTENT_FEATURE_DISABLE);
	assert_string_equal(p.intent_why, "just off");
	assert_int_equal(p.n_acks, 1);
	assert_int_equal(p.acks[0].reason, 5);
	assert_int_equal(policy_flags(&p), LOCKDOWN_POLICY_FLAG_SEAL |
			 LOCKDOWN_POLICY_FLAG_NOT_A_BOUNDARY | LOCKDOWN_POLICY_FLAG_BYPASS_ACKED);
	policy_free(&p);

	assert_int_equal(compile_src(&p, "j.ldp",
				     "intent feature-disable \"x\"\nintent security-boundary\n"
				     "acknowledge nosuch \"y\"\nacknowledge perf \"\"\n", &d), -1);
	assert_true(has_diag(&d, SEV_ERROR, 2, 1, "conflicting intent: a file declares its intent once"));
	assert_true(has_diag(&d, SEV_NOTE, 1, 1, "declared here"));
	assert_true(has_diag(&d, SEV_ERROR, 3, 13, "unknown reason 'nosuch'"));
	assert_true(has_diag(&d, SEV_ERROR, 4, 18, "empty string"));
	policy_free(&p);
	diag_free(&d);
}

/* One acknowledgement per reason: a repeat is said, and kept out. */
static void repeated_ack(void **state)
{
	struct policy p;
	struct diags d = { 0 };

	(void)state;
	assert_int_equal(compile_src(&p, "ra.ldp", "acknowledge hibernation \"a\"\n"
				     "acknowledge LOCKDOWN_HIBERNATION \"b\"\n", &d), 0);
	assert_int_equal(p.n_acks, 1);
	assert_string_equal(p.acks[0].why, "a");
	assert_true(has_diag(&d, SEV_WARNING, 2, 1, "LOCKDOWN_HIBERNATION is acknowledged already"));
	assert_true(has_diag(&d, SEV_NOTE, 1, 1, "the first acknowledgement"));
	policy_free(&p);
	diag_free(&d);
}

/* A failed include is one error: what it would have denied is unknown, not allowed. */
static void no_cascade_after_failed_include(void **state)
{
	struct policy p;
	struct diags d = { 0 };

	(void)state;
	assert_int_equal(compile_src(&p, "fi.ldp", "include \"no-such-file.ldp\"\nallow kcore\n",
				     &d), -1);
	assert_int_equal(d.errors, 1);
	assert_int_equal(d.warnings, 0);
	policy_free(&p);
	diag_free(&d);
}

/* Group names, like reasons' short forms, in any case. */
static void groups_any_case(void **state)
{
	struct policy p;
	struct diags d = { 0 };

	(void)state;
	assert_int_equal(compile_src(&p, "case.ldp", "deny Integrity\nallow HIBERNATION\n"
				     "acknowledge hibernation \"t\"\n", &d), 0);
	assert_int_equal(policy_count(&p), 19);
	policy_free(&p);
	assert_int_equal(compile_src(&p, "case2.ldp", "deny CONFIDENTIALITY\n", &d), 0);
	assert_int_equal(policy_count(&p), 28);
	policy_free(&p);
	assert_int_equal(compile_src(&p, "case3.ldp", "deny ALL\n", &d), 0);
	assert_int_equal(policy_count(&p), 28);
	policy_free(&p);
	assert_int_equal(d.errors, 0);
	diag_free(&d);
}

/*
 * A policy reached through a symlink (/etc/lockdown-policy.d/10-x.ldp ->
 * a shipped one) includes what is beside the file, not beside the link.
 */
static void include_beside_symlink_target(void **state)
{
	char *target = write_tmp("target-dir", ""), *link = write_tmp("link.ldp", "");
	char *path, *decoy = write_tmp("part.ldp", "deny LOCKDOWN_PERF\n");
	struct policy p;
	struct diags d = { 0 };
	FILE *f;

	(void)state;
	unlink(target);
	assert_int_equal(mkdir(target, 0755), 0);
	path = malloc(strlen(target) + 32);
	sprintf(path, "%s/part.ldp", target);
	f = fopen(path, "w");
	fputs("deny LOCKDOWN_KCORE\n", f);
	fclose(f);
	sprintf(path, "%s/main.ldp", target);
	f = fopen(path, "w");
	fputs("include \"part.ldp\"\n", f);
	fclose(f);
	unlink(link);
	assert_int_equal(symlink(path, link), 0);
	assert_int_equal(policy_compile(&p, &t, &link, 1, &d), 0);
	assert_true(policy_denies(&p, table_lookup(&t, "kcore")));
	assert_false(policy_denies(&p, table_lookup(&t, "perf")));
	policy_free(&p);
	diag_free(&d);
	free(path);
	free(target);
	free(link);
	free(decoy);
}

static void several_files(void **state)
{
	struct policy p;
	struct diags d = { 0 };
	char *files[2] = { write_tmp("f1.ldp", "deny integrity\n"),
			   write_tmp("f2.ldp", "allow LOCKDOWN_DEBUGFS\n") };

	(void)state;
	assert_int_equal(policy_compile(&p, &t, files, 2, &d), 0);
	assert_int_equal(policy_count(&p), 19);
	policy_free(&p);
	free(files[0]);
	free(files[1]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(groups_in_order),
		cmocka_unit_test(warn_statements),
		cmocka_unit_test(names_errors),
		cmocka_unit_test(includes),
		cmocka_unit_test(intent_ack_seal),
		cmocka_unit_test(repeated_ack),
		cmocka_unit_test(no_cascade_after_failed_include),
		cmocka_unit_test(several_files),
		cmocka_unit_test(groups_any_case),
		cmocka_unit_test(include_beside_symlink_target),
	};

	return cmocka_run_group_tests_name("policy", tests, setup, teardown);
}
