// SPDX-License-Identifier: GPL-2.0
/*
 * ldpolicy suggest on recorded observations: what it denies, what it
 * allows and for whom, the acknowledgements it writes, and that what it
 * writes passes ldpolicy check.
 */
#include "test.h"
#include "model_612.h"
#include "analyze.h"
#include "backend.h"
#include "policy.h"
#include "suggest.h"

/*
 * What a kernel booted with "warn confidentiality" records after perf
 * and a kprobe-based agent ran: two reasons used, by three programs.
 */
static void observe(struct kstate *k, unsigned int from, unsigned int to)
{
	memset(k, 0, sizeof(*k));
	k->loaded = true;
	k->seen_read = true;
	snprintf(k->where, sizeof(k->where), "test");
	for (unsigned int r = from; r < to; r++)
		if (table_is_reason(&t, r))
			set(k->warned, r);
}

static void used(struct kstate *k, const char *name, const char *comm, unsigned long long n)
{
	k->warnings[id(name)] += n;
	kstate_add_seen(k, id(name), n, false, comm);
}

/* The suggestion's text, which must pass ldpolicy check. */
static char *write_and_check(const struct suggestion *s, struct policy *p)
{
	struct diags d = { 0 };
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	assert_non_null(f);
	suggest_write_ldp(s, "the test's kernel", f);
	assert_int_equal(fclose(f), 0);
	if (policy_compile_text(p, &t, "suggested.ldp", text, len, &d) ||
	    analyze_report(p, &m, false, &d)) {
		diag_print(&d, stderr);
		fprintf(stderr, "%s", text);
		fail_msg("the suggestion does not pass ldpolicy check");
	}
	/* what it may warn about is what no policy closes: paths that ask no reason */
	for (size_t i = 0; i < d.n; i++)
		if (d.v[i].sev == SEV_WARNING && strcmp(d.v[i].code, "open-path"))
			fail_msg("the suggestion warns: %s", d.v[i].msg);
	diag_free(&d);
	return text;
}

static void confidentiality_base(void **state)
{
	struct kstate k;
	struct suggestion s;
	struct diags d = { 0 };
	struct policy p;
	char *text;

	(void)state;
	observe(&k, 1, t.conf_max);
	used(&k, "LOCKDOWN_PERF", "perf", 12);
	used(&k, "LOCKDOWN_PERF", "bpftrace", 3);
	used(&k, "LOCKDOWN_KPROBES", "my agent", 4);
	k.warnings[id("LOCKDOWN_KPROBES")] += 2;	/* from tasks no longer remembered */
	/* the kernel at boot, learning whether it can resume: no use */
	k.warnings[id("LOCKDOWN_HIBERNATION")] = 1;
	kstate_add_seen(&k, id("LOCKDOWN_HIBERNATION"), 1, true, "swapper");
	/* a program named like a kernel thread is a program */
	k.warnings[id("LOCKDOWN_MSR")] = 2;
	kstate_add_seen(&k, id("LOCKDOWN_MSR"), 1, true, "kworker/0:1");
	kstate_add_seen(&k, id("LOCKDOWN_MSR"), 1, false, "kworker/0:1");
	assert_int_equal(suggest_build(&s, &t, &m, &k, "confidentiality", &d), 0);
	assert_int_equal(s.why[id("LOCKDOWN_PERF")], SUGGEST_USED);
	assert_int_equal(s.why[id("LOCKDOWN_KCORE")], SUGGEST_UNUSED);
	assert_int_equal(s.why[id("LOCKDOWN_HIBERNATION")], SUGGEST_KERNEL);
	assert_int_equal(s.why[id("LOCKDOWN_MSR")], SUGGEST_USED);
	assert_int_equal(policy_count(&s.p), 25);

	text = write_and_check(&s, &p);
	assert_non_null(strstr(text, "deny confidentiality\n"));
	assert_non_null(strstr(text, "# LOCKDOWN_PERF: used while warned, 15 times, by perf (12), "
			       "bpftrace (3)\nallow LOCKDOWN_PERF\n"));
	assert_non_null(strstr(text, "by my agent (4), and 2 more from tasks no longer "
			       "remembered\nallow LOCKDOWN_KPROBES\n"));
	assert_non_null(strstr(text, "# Denied: only the kernel's own tasks asked, no program."));
	assert_non_null(strstr(text, "#   LOCKDOWN_HIBERNATION: swapper (1, the kernel's)\n"));
	assert_non_null(strstr(text, "by kworker/0:1 (1, the kernel's), kworker/0:1 (1)\n"));
	/* the policy it amounts to: the used reasons allowed, the rest denied */
	assert_int_equal(policy_verdict(&p, id("LOCKDOWN_PERF")), VERDICT_ALLOW);
	assert_int_equal(policy_verdict(&p, id("LOCKDOWN_KPROBES")), VERDICT_ALLOW);
	assert_int_equal(policy_verdict(&p, id("LOCKDOWN_KCORE")), VERDICT_DENY);
	assert_int_equal(policy_verdict(&p, id("LOCKDOWN_DEV_MEM")), VERDICT_DENY);
	assert_int_equal(policy_verdict(&p, id("LOCKDOWN_HIBERNATION")), VERDICT_DENY);
	assert_memory_equal(p.deny, s.p.deny, sizeof(p.deny));
	/*
	 * MSR writes defeat every denial: acknowledged, saying why; so do
	 * kprobes, whose BPF programs read the registers at a function's
	 * entry (keys among them: LOCKDOWN_XFRM_SECRET), though without
	 * tracefs they fetch no memory
	 */
	assert_true(s.n_acks >= 2);
	assert_non_null(strstr(text, "acknowledge LOCKDOWN_MSR \"the workload used "
			       "LOCKDOWN_MSR while it was warned"));
	assert_non_null(strstr(text, "acknowledge LOCKDOWN_KPROBES \"the workload used "
			       "LOCKDOWN_KPROBES while it was warned"));
	assert_true(policy_flags(&p) & LOCKDOWN_POLICY_FLAG_BYPASS_ACKED);
	free(text);
	policy_free(&p);
	suggest_free(&s);
	kstate_free(&k);
	diag_free(&d);
}

/*
 * Base integrity: confidentiality reasons are outside it and stay
 * allowed; a reason the kernel denies already stays denied; a reason of
 * the base that was not warned is denied, and said to be unknown.
 */
static void integrity_base(void **state)
{
	struct kstate k;
	struct suggestion s;
	struct diags d = { 0 };
	struct policy p;
	char *text;

	(void)state;
	observe(&k, 1, t.integrity_max);
	k.warned[0] &= ~(1ULL << id("LOCKDOWN_KEXEC"));
	set(k.by_policy, id("LOCKDOWN_KCORE"));
	used(&k, "LOCKDOWN_DEV_MEM", "flashrom", 1);
	assert_int_equal(suggest_build(&s, &t, &m, &k, "integrity", &d), 0);
	assert_int_equal(s.why[id("LOCKDOWN_PERF")], SUGGEST_OUTSIDE);
	assert_int_equal(s.why[id("LOCKDOWN_KEXEC")], SUGGEST_UNWATCHED);
	assert_int_equal(s.why[id("LOCKDOWN_KCORE")], SUGGEST_DENIED);
	text = write_and_check(&s, &p);
	assert_non_null(strstr(text, "deny integrity\n"));
	assert_non_null(strstr(text, "deny LOCKDOWN_KCORE\n"));
	assert_non_null(strstr(text, "# Denied without evidence"));
	assert_non_null(strstr(text, " LOCKDOWN_KEXEC"));
	assert_int_equal(policy_verdict(&p, id("LOCKDOWN_DEV_MEM")), VERDICT_ALLOW);
	assert_int_equal(policy_verdict(&p, id("LOCKDOWN_KEXEC")), VERDICT_DENY);
	assert_int_equal(policy_verdict(&p, id("LOCKDOWN_PERF")), VERDICT_ALLOW);
	assert_int_equal(policy_verdict(&p, id("LOCKDOWN_KCORE")), VERDICT_DENY);
	free(text);
	policy_free(&p);
	suggest_free(&s);
	kstate_free(&k);
	diag_free(&d);
}

static void json_same_content(void **state)
{
	struct kstate k;
	struct suggestion s;
	struct diags d = { 0 };
	struct json j;
	char *text = NULL;
	size_t len = 0;
	FILE *f;

	(void)state;
	observe(&k, 1, t.conf_max);
	used(&k, "LOCKDOWN_PERF", "perf", 2);
	assert_int_equal(suggest_build(&s, &t, &m, &k, "confidentiality", &d), 0);
	f = open_memstream(&text, &len);
	json_begin_document(&j, f, "ldpolicy.suggest/1");
	suggest_write_json(&s, "test", &j);
	json_end_document(&j);
	assert_int_equal(fclose(f), 0);
	assert_non_null(strstr(text, "\"schema\":\"ldpolicy.suggest/1\""));
	assert_non_null(strstr(text, "\"id\":\"LOCKDOWN_PERF\",\"class\":\"confidentiality\","
			       "\"verdict\":\"allowed\",\"why\":\"used\",\"uses\":2,"
			       "\"asked_by\":[{\"comm\":\"perf\",\"count\":2,\"kernel\":false}]"));
	assert_non_null(strstr(text, "\"id\":\"LOCKDOWN_KCORE\",\"class\":\"confidentiality\","
			       "\"verdict\":\"denied\",\"why\":\"unused\""));
	free(text);
	suggest_free(&s);
	kstate_free(&k);
	diag_free(&d);
}

/* Nothing to suggest from: said, never guessed. */
static void refuses_without_observations(void **state)
{
	struct kstate k;
	struct suggestion s;
	struct diags d = { 0 };

	(void)state;
	observe(&k, 1, 1);
	assert_int_equal(suggest_build(&s, &t, &m, &k, "confidentiality", &d), -1);
	assert_true(has_diag(&d, SEV_ERROR, 0, 0, "no reason is in warn mode"));
	observe(&k, 1, t.conf_max);
	k.seen_read = false;
	assert_int_equal(suggest_build(&s, &t, &m, &k, "confidentiality", &d), -1);
	assert_true(has_diag(&d, SEV_ERROR, 0, 0, "cannot be read"));
	k.loaded = false;
	assert_int_equal(suggest_build(&s, &t, &m, &k, "confidentiality", &d), -1);
	assert_true(has_diag(&d, SEV_ERROR, 0, 0, "no policy is loaded"));
	diag_free(&d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(confidentiality_base),
		cmocka_unit_test(integrity_base),
		cmocka_unit_test(json_same_content),
		cmocka_unit_test(refuses_without_observations),
	};

	return cmocka_run_group_tests_name("suggest", tests, setup, teardown);
}
