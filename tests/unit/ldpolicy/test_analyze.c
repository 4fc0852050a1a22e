// SPDX-License-Identifier: GPL-2.0
/*
 * The reason model and the bypass analysis: the shipped policies, the
 * cases the analysis exists for, and a property test against an
 * independent closure of the model.
 */
#include "test.h"
#include "model_612.h"
#include "analyze.h"
#include "kconfig.h"
#include "model.h"
#include "policy.h"

static int compile(struct policy *p, const char *src, struct diags *d)
{
	static int n;
	char name[32], *path;
	int ret;

	snprintf(name, sizeof(name), "an%d.ldp", n++);
	path = write_tmp(name, src);
	ret = policy_compile(p, &t, &path, 1, d);
	free(path);
	if (ret)
		return ret;
	return analyze_report(p, &m, false, d);
}

static int compile_shipped(struct policy *p, const char *name, struct diags *d)
{
	char *path = malloc(strlen(POLICIES) + strlen(name) + 2);
	int ret;

	sprintf(path, "%s/%s", POLICIES, name);
	ret = policy_compile(p, &t, &path, 1, d);
	free(path);
	return ret ? ret : analyze_report(p, &m, false, d);
}

static size_t findings(const struct policy *p, struct finding **f)
{
	return analyze_findings(p, &m, f, NULL);
}

/* The model covers the table, and says something for every reason. */
static void model_complete(void **state)
{
	(void)state;
	for (unsigned int i = 0; i < t.conf_max; i++) {
		const struct model_reason *r;

		if (!table_is_reason(&t, i))
			continue;
		r = model_find(&m, t.v[i].id);
		if (!r)
			fail_msg("%s has no model entry", t.v[i].id);
		assert_true(r->n_grants > 0);
		assert_true(r->n_sites > 0);
		assert_non_null(r->gates);
	}
	assert_int_equal(m.n, 28);
}

static unsigned int cap(const char *name)
{
	for (unsigned int i = 0; i < m.n_caps; i++)
		if (!strcmp(m.caps[i].name, name))
			return i;
	fail_msg("no capability %s", name);
	return 0;
}

static void implications(void **state)
{
	capset w = m.caps[cap("kernel-write")].implies, r = m.caps[cap("kernel-read")].implies;

	(void)state;
	assert_true(w & (1U << cap("kernel-read")));
	assert_true(w & (1U << cap("secrets")));	/* through kernel-read */
	assert_true(r & (1U << cap("secrets")));
	assert_false(r & (1U << cap("kernel-write")));
	/* closed: what an implied capability implies is implied too */
	for (unsigned int i = 0; i < m.n_caps; i++)
		for (unsigned int j = 0; j < m.n_caps; j++)
			if (m.caps[i].implies & (1U << j))
				assert_int_equal(m.caps[i].implies & m.caps[j].implies, m.caps[j].implies);
}

/* Does @d have a diagnostic with code @code? */
static bool has_code(const struct diags *d, const char *code)
{
	for (size_t i = 0; i < d->n; i++)
		if (d->v[i].code && !strcmp(d->v[i].code, code))
			return true;
	return false;
}

/*
 * The static levels as policies: no reason defeats another, and what
 * they report is the paths that ask no reason, each a warning.
 */
static void shipped_static_levels_coherent(void **state)
{
	static const char *const names[] = { "integrity.ldp", "confidentiality.ldp" };

	(void)state;
	for (size_t i = 0; i < 2; i++) {
		struct policy p;
		struct finding *f;
		struct diags d = { 0 };

		assert_int_equal(compile_shipped(&p, names[i], &d), 0);
		assert_int_equal(findings(&p, &f), 0);
		assert_int_equal(d.errors, 0);
		for (size_t k = 0; k < d.n; k++)
			if (strcmp(d.v[k].code, "open-path"))
				fail_msg("%s: %s", names[i], d.v[k].msg);
		free(f);
		policy_free(&p);
		diag_free(&d);
	}
}

/*
 * What asks no reason is reported like any other defeat: bpf(2) reads
 * kernel memory on 6.12 whatever the policy denies, so deny confidentiality
 * says so, names the path and what closes it; a policy denying none of
 * what a path defeats hears nothing of it; a feature-disable file neither.
 */
static void open_paths_reported(void **state)
{
	struct policy p;
	struct diags d = { 0 };
	uint64_t def[POLICY_WORDS];

	(void)state;
	assert_int_equal(compile_shipped(&p, "confidentiality.ldp", &d), 0);
	/*
	 * bpf-printf, pfkey, bpf-perf-regs, bpf-kprobe-multi, bpf-fentry:
	 * closed with either backend while the policy denies what they
	 * defeat (the kernel series' fixes on our kernel, the BPF backend's
	 * guards elsewhere), so not reported
	 */
	assert_false(has_diag(&d, SEV_WARNING, 0, 0, "bpf-printf"));
	assert_false(has_diag(&d, SEV_WARNING, 0, 0, "pfkey"));
	assert_false(has_diag(&d, SEV_WARNING, 0, 0, "bpf-perf-regs"));
	assert_false(has_diag(&d, SEV_WARNING, 0, 0, "bpf-kprobe-multi"));
	/* fentry's plain arguments carry key material: closed with KPROBES */
	assert_false(has_diag(&d, SEV_WARNING, 0, 0, "bpf-fentry"));
	/* a raw tracepoint's arguments: what tracepoints hand out */
	assert_false(has_diag(&d, SEV_WARNING, 0, 0, "bpf-tracing"));
	/* a privileged program's unwritten stack: only our kernels close it */
	assert_true(has_diag(&d, SEV_WARNING, 16, 6, "bpf-uninit-stack (with CONFIG_BPF_SYSCALL) "
			     "asks no reason"));
	assert_true(has_diag(&d, SEV_WARNING, 16, 6, "the BPF backend does not close it; "
			     "lockdown_policy does, as this policy denies LOCKDOWN_BPF_READ_KERNEL"));
	assert_true(has_diag(&d, SEV_WARNING, 16, 6, "ptrace asks no reason: root writes any "
			     "process's memory (unless an LSM such as Yama's ptrace_scope=3 stops it); "
			     "so 2 denied reasons protect nothing from root (LOCKDOWN_BPF_WRITE_USER, "
			     "LOCKDOWN_XFRM_SECRET), and nothing closes it on Linux 6.12, with "
			     "lockdown_policy or the BPF backend ('ldpolicy explain ptrace')"));
	assert_true(has_code(&d, "open-path"));
	/* a kernel built without KEXEC_SIG is not assumed */
	assert_false(has_diag(&d, SEV_WARNING, 0, 0, "kexec-file-nosig"));
	assert_true(analyze_path_defeats(&m, model_find_path(&m, "bpf-printf"), &p, def) == 0);
	m.backend = MODEL_NO_BACKEND;	/* the static level alone closes nothing */
	assert_true(analyze_path_defeats(&m, model_find_path(&m, "bpf-printf"), &p, def) == 7);
	m.backend = MODEL_EITHER;
	assert_int_equal(analyze_open_defeated(&p, &m), 24);
	policy_free(&p);
	diag_free(&d);

	/* denying only what no path reaches here: nothing to say of paths */
	assert_int_equal(compile(&p, "deny xmon_rw\n", &d), 0);
	assert_false(has_code(&d, "open-path"));
	policy_free(&p);
	diag_free(&d);
	/* nor of a denial its file says is no boundary, but as a note */
	assert_int_equal(compile(&p, "intent feature-disable \"x\"\ndeny kcore\n", &d), 0);
	assert_false(has_code(&d, "open-path"));
	policy_free(&p);
	diag_free(&d);

	/* judged for a backend that closes it, with the reason denied: closed */
	{
		struct model x;
		struct diags md = { 0 };
		const char *text = "kernel 6.12 \"t\"\ncapability r \"x\"\n"
			"reason LOCKDOWN_KCORE\n\tgates \"g\"\n\tsite fs/proc/kcore.c open_kcore\n"
			"\tgrants r \"h\"\n\tshown-by a\n"
			"reason LOCKDOWN_BPF_READ_KERNEL\n\tgates \"g\"\n\tsite a b\n"
			"\tgrants r \"h\"\n\tshown-by b\n"
			"path p-one\n\treaches \"x\"\n\tsource f g\n\tgrants r \"reads\"\n"
			"\tshown-by c\n\ton lockdown_policy open\n"
			"\ton bpf closed-when LOCKDOWN_BPF_READ_KERNEL \"refused\"\n";

		assert_int_equal(model_parse(&x, text, "two.model", &md), 0);
		memset(&p, 0, sizeof(p));
		p.t = &t;
		policy_set(&p, table_lookup(&t, "kcore"), true);
		x.backend = MODEL_BPF;
		assert_int_equal(analyze_path_defeats(&x, &x.p[0], &p, def), 1);
		policy_set(&p, table_lookup(&t, "bpf_read_kernel"), true);
		assert_int_equal(analyze_path_defeats(&x, &x.p[0], &p, def), 0);
		x.backend = MODEL_LSM;
		assert_int_equal(analyze_path_defeats(&x, &x.p[0], &p, def), 2);
		x.backend = MODEL_EITHER;	/* open with one of them: open */
		assert_int_equal(analyze_path_defeats(&x, &x.p[0], &p, def), 2);
		{
			char buf[512];

			assert_string_equal(analyze_closure_str(&x, &x.p[0], NULL, buf, sizeof(buf)),
					    "on Linux 6.12 lockdown_policy does not close it; the "
					    "BPF backend does, while the policy denies "
					    "LOCKDOWN_BPF_READ_KERNEL: it refused");
			assert_string_equal(analyze_closure_str(&x, &x.p[0], &p, buf, sizeof(buf)),
					    "on Linux 6.12 lockdown_policy does not close it; the "
					    "BPF backend does, as this policy denies "
					    "LOCKDOWN_BPF_READ_KERNEL: it refused");
		}
		model_free(&x);
	}
}

/*
 * allow tracefs under deny confidentiality: an error, naming eprobes, in
 * one sentence a sysadmin reads.
 */
static void tracefs_reads_kernel_memory(void **state)
{
	struct policy p;
	struct diags d = { 0 };

	(void)state;
	assert_int_equal(compile(&p, "deny confidentiality\nallow tracefs\n", &d), -1);
	assert_true(has_diag(&d, SEV_ERROR, 2, 7, "LOCKDOWN_TRACEFS is allowed but defeats 6 denied "
			     "reasons (LOCKDOWN_KCORE, LOCKDOWN_KPROBES, LOCKDOWN_BPF_READ_KERNEL, "
			     "LOCKDOWN_DBG_READ_KERNEL, LOCKDOWN_PERF, LOCKDOWN_XFRM_SECRET): event "
			     "probes (eprobes) read any kernel address with an @ADDR fetch argument, "
			     "and creating one asks only LOCKDOWN_TRACEFS"));
	policy_free(&p);
	diag_free(&d);
}

/*
 * What a kernel fix closes: a path closed on a backend whatever the
 * policy denies ("on BACKEND closed"), a grant a kernel built with the
 * fix does not give ("fixed-in CONFIG_X"), dropped only when the
 * kernel's configuration is known and has the option, and a path such a
 * kernel closes whichever backend answers the reason it asks ("fixed-in
 * CONFIG_X closed-when LOCKDOWN_Y"), on the backends it was open on.
 */
static void kernel_fixes(void **state)
{
	const char *text = "kernel 6.12 \"t\"\ncapability r \"x\"\n"
		"reason LOCKDOWN_KCORE\n\tgates \"g\"\n\tsite fs/proc/kcore.c open_kcore\n"
		"\tgrants r \"h\"\n\tshown-by a\n"
		"reason LOCKDOWN_TRACEFS\n\tgates \"g\"\n\tsite a b\n"
		"\tgrants r \"probes\"\n\tshown-by b\n\tfixed-in CONFIG_FIX \"asks more\"\n"
		"\tgrants r \"events\"\n\tshown-by e\n"
		"path p-one\n\treaches \"x\"\n\tsource f g\n\tgrants r \"reads\"\n"
		"\tshown-by c\n\ton lockdown_policy closed \"fixed\"\n\ton bpf open\n"
		"path p-two\n\treaches \"x\"\n\tsource f g\n\tgrants r \"reads\"\n"
		"\tshown-by d\n\ton lockdown_policy closed-when LOCKDOWN_KCORE \"asks\"\n"
		"\ton bpf open\n\tfixed-in CONFIG_FIX closed-when LOCKDOWN_KCORE \"asks too\"\n";
	struct kconfig with = { .text = (char *)"CONFIG_A=y\nCONFIG_FIX=y\n" };
	struct kconfig without = { .text = (char *)"CONFIG_A=y\n# CONFIG_FIX is not set\n" };
	uint64_t def[POLICY_WORDS];
	struct diags md = { 0 };
	struct policy p;
	struct model x;
	char buf[512];

	(void)state;
	assert_int_equal(model_parse(&x, text, "fix.model", &md), 0);
	memset(&p, 0, sizeof(p));
	p.t = &t;
	policy_set(&p, table_lookup(&t, "kcore"), true);
	model_set_target(&x, MODEL_LSM, NULL);
	assert_true(analyze_path_closed(&x.p[0], MODEL_LSM, &p));
	assert_int_equal(analyze_path_defeats(&x, &x.p[0], &p, def), 0);
	assert_string_equal(analyze_closure_str(&x, &x.p[0], &p, buf, sizeof(buf)),
			    "on Linux 6.12 the BPF backend does not close it; lockdown_policy "
			    "does, whatever the policy denies: it fixed");
	x.backend = MODEL_BPF;
	assert_int_equal(analyze_path_defeats(&x, &x.p[0], &p, def), 1);
	/* an unknown configuration, or one without the fix: the grant holds */
	assert_int_equal(x.r[1].n_grants, 2);
	model_set_target(&x, MODEL_LSM, &without);
	assert_int_equal(x.r[1].n_grants, 2);
	assert_false(analyze_path_closed(&x.p[1], MODEL_BPF, &p));
	model_set_target(&x, MODEL_LSM, &with);
	assert_int_equal(x.r[1].n_grants, 1);
	assert_string_equal(x.r[1].grants[0].how, "events");
	/* with the fix, the BPF backend's kernel asks KCORE: closed while denied */
	assert_true(analyze_path_closed(&x.p[1], MODEL_BPF, &p));
	assert_string_equal(x.p[1].on[MODEL_BPF].how, "asks too");
	assert_string_equal(x.p[1].on[MODEL_LSM].how, "asks");
	policy_set(&p, table_lookup(&t, "kcore"), false);
	assert_false(analyze_path_closed(&x.p[1], MODEL_BPF, &p));
	model_free(&x);
}

/*
 * Grants to whoever is at the console are not root's: allowing kdb's
 * writes defeats no denial, and a denial of kdb's reads is still defeated
 * by what gives root kernel memory.
 */
static void console_grants(void **state)
{
	struct policy p;
	struct diags d = { 0 };
	struct finding *f;

	(void)state;
	assert_int_equal(compile(&p, "deny integrity\nallow dbg_write_kernel\n", &d), 0);
	assert_int_equal(findings(&p, &f), 0);
	free(f);
	policy_free(&p);
	diag_free(&d);
	assert_int_equal(compile(&p, "deny dbg_read_kernel\n", &d), -1);
	assert_true(has_diag(&d, SEV_ERROR, 1, 6, "LOCKDOWN_DBG_READ_KERNEL is denied but"));
	policy_free(&p);
	diag_free(&d);
}

static void integrity_minus_hibernation(void **state)
{
	struct policy p;
	struct finding *f;
	struct diags d = { 0 };
	size_t n;

	(void)state;
	assert_int_equal(compile(&p, "deny integrity\nallow hibernation\n", &d), -1);
	/* one error, where hibernation is allowed, naming every denial it defeats */
	assert_int_equal(d.errors, 1);
	assert_true(has_diag(&d, SEV_ERROR, 2, 7, "LOCKDOWN_HIBERNATION is allowed but defeats 16 "
			     "denied reasons (LOCKDOWN_MODULE_SIGNATURE, LOCKDOWN_DEV_MEM, "));
	assert_true(has_diag(&d, SEV_ERROR, 2, 7, "): /dev/snapshot restores any image written to it"));
	assert_true(has_diag(&d, SEV_NOTE, 2, 7, "acknowledge LOCKDOWN_HIBERNATION \"why\""));
	/* no x86 kernel path asks about the powerpc-only reasons */
	assert_false(has_diag(&d, SEV_ERROR, 0, 0, "LOCKDOWN_XMON_WR"));
	n = findings(&p, &f);
	assert_int_equal(n, 19);
	for (size_t i = 0; i < n; i++)
		assert_int_equal(f[i].allowed, 5);
	free(f);
	policy_free(&p);
	diag_free(&d);

	/* with the acknowledgement, it compiles, and the blob records it */
	assert_int_equal(compile_shipped(&p, "laptop-hibernate.ldp", &d), 0);
	assert_int_equal(d.errors, 0);
	assert_false(has_diag(&d, SEV_WARNING, 0, 0, "LOCKDOWN_HIBERNATION"));
	assert_true(p.acks[0].used);
	assert_true(policy_flags(&p) & LOCKDOWN_POLICY_FLAG_BYPASS_ACKED);
	policy_free(&p);
	diag_free(&d);
}

/* A warned reason is allowed: the analysis says so, at the warn. */
static void warned_is_allowed(void **state)
{
	struct policy p;
	struct diags d = { 0 };

	(void)state;
	assert_int_equal(compile(&p, "deny integrity\nwarn hibernation\n", &d), -1);
	assert_int_equal(d.errors, 1);
	assert_true(has_diag(&d, SEV_ERROR, 2, 6, "LOCKDOWN_HIBERNATION is warned (allowed, only "
			     "logged) but defeats 16 denied reasons"));
	policy_free(&p);
	diag_free(&d);
	assert_int_equal(compile(&p, "deny integrity\nwarn hibernation\n"
				 "acknowledge hibernation \"learning what needs it\"\n", &d), 0);
	policy_free(&p);
	diag_free(&d);
}

static void coco_needs_its_intent(void **state)
{
	struct policy p;
	struct diags d = { 0 };

	(void)state;
	assert_int_equal(compile(&p, "deny LOCKDOWN_DEV_MEM\n", &d), -1);
	assert_int_equal(d.errors, 1);
	assert_true(has_diag(&d, SEV_ERROR, 1, 6, "LOCKDOWN_DEV_MEM is denied but 11 allowed "
			     "reasons defeat it: LOCKDOWN_MODULE_SIGNATURE, LOCKDOWN_KEXEC"));
	policy_free(&p);
	diag_free(&d);
	assert_int_equal(compile_shipped(&p, "coco-devmem.ldp", &d), 0);
	assert_int_equal(d.errors + d.warnings, 0);
	assert_true(policy_flags(&p) & LOCKDOWN_POLICY_FLAG_NOT_A_BOUNDARY);
	policy_free(&p);
	diag_free(&d);
}

/* A file with the diagnostic for @denied as an error, anywhere. */
static bool error_for(const struct diags *d, const char *denied)
{
	char want[96];

	snprintf(want, sizeof(want), "%s is denied but", denied);
	return has_diag(d, SEV_ERROR, 0, 0, want);
}

/*
 * An intent is the declaring file's own: including coco-devmem.ldp
 * (feature-disable) excuses the /dev/mem denial it makes, never the
 * includer's own denials. The includer may declare itself a boundary.
 */
static void intent_is_per_file(void **state)
{
	struct policy p;
	struct diags d = { 0 };
	char *inc = malloc(strlen(POLICIES) + 64), src[512];

	(void)state;
	sprintf(inc, "%s/coco-devmem.ldp", POLICIES);
	snprintf(src, sizeof(src), "include \"%s\"\ndeny kcore kprobes\n", inc);
	assert_int_equal(compile(&p, src, &d), -1);
	assert_true(has_diag(&d, SEV_ERROR, 2, 6, "LOCKDOWN_KCORE is denied but"));
	assert_true(has_diag(&d, SEV_ERROR, 2, 12, "LOCKDOWN_KPROBES is denied but"));
	assert_false(error_for(&d, "LOCKDOWN_DEV_MEM"));
	/* its own denials claim a boundary: the blob must not say it is none */
	assert_false(policy_flags(&p) & LOCKDOWN_POLICY_FLAG_NOT_A_BOUNDARY);
	policy_free(&p);
	diag_free(&d);

	snprintf(src, sizeof(src), "intent security-boundary\ninclude \"%s\"\n", inc);
	assert_int_equal(compile(&p, src, &d), 0);
	assert_int_equal(d.errors, 0);
	policy_free(&p);
	diag_free(&d);

	assert_int_equal(compile(&p, "intent feature-disable \"a\"\n"
				 "intent feature-disable \"b\"\ndeny dev_mem\n", &d), -1);
	assert_true(has_diag(&d, SEV_ERROR, 2, 1, "repeated intent: a file declares its intent "
			     "once"));
	assert_true(has_diag(&d, SEV_NOTE, 1, 1, "the intent was declared here"));
	policy_free(&p);
	diag_free(&d);
	free(inc);
}

/*
 * One rule for intent and acknowledge: a declaration covers the denials
 * of its own file and of the files it includes, never those of a file
 * that includes it. Before, an included file's acknowledgement silenced
 * its includer's bypasses, and an included feature-disable file labelled
 * a whole integrity policy not a boundary.
 */
static void declarations_scope(void **state)
{
	char *inc = write_tmp("ack-kexec.ldp", "acknowledge kexec \"the includer's business?\"\n");
	char *integ = malloc(strlen(POLICIES) + 64), src[512];
	struct policy p;
	struct diags d = { 0 };

	(void)state;
	/* an included acknowledgement does not reach up */
	snprintf(src, sizeof(src), "include \"%s\"\ndeny all\nallow kexec\n", inc);
	assert_int_equal(compile(&p, src, &d), -1);
	assert_true(has_diag(&d, SEV_ERROR, 3, 7, "LOCKDOWN_KEXEC is allowed but defeats"));
	assert_true(has_diag(&d, SEV_WARNING, 1, 1, "this acknowledges nothing"));
	policy_free(&p);
	diag_free(&d);
	/* one made above reaches down: the laptop's own file, the shipped integrity */
	sprintf(integ, "%s/integrity.ldp", POLICIES);
	snprintf(src, sizeof(src), "include \"%s\"\nallow hibernation\n"
		 "acknowledge hibernation \"encrypted swap\"\n", integ);
	assert_int_equal(compile(&p, src, &d), 0);
	assert_int_equal(d.errors, 0);
	assert_false(has_code(&d, "ack-unused"));
	assert_true(policy_flags(&p) & LOCKDOWN_POLICY_FLAG_BYPASS_ACKED);
	policy_free(&p);
	/* so does an intent, over what its file includes */
	snprintf(src, sizeof(src), "intent feature-disable \"a kiosk switch\"\ninclude \"%s\"\n"
		 "allow kexec\n", integ);
	assert_int_equal(compile(&p, src, &d), 0);
	assert_int_equal(d.errors, 0);
	assert_true(policy_flags(&p) & LOCKDOWN_POLICY_FLAG_NOT_A_BOUNDARY);
	policy_free(&p);
	/* and the nearest declaration wins: an included file claiming a boundary keeps it */
	{
		char *b = write_tmp("boundary.ldp", "intent security-boundary\ndeny kcore\n");

		snprintf(src, sizeof(src), "intent feature-disable \"x\"\ninclude \"%s\"\n"
			 "allow dev_mem\n", b);
		assert_int_equal(compile(&p, src, &d), -1);
		assert_true(error_for(&d, "LOCKDOWN_KCORE"));
		assert_false(policy_flags(&p) & LOCKDOWN_POLICY_FLAG_NOT_A_BOUNDARY);
		policy_free(&p);
		free(b);
	}
	diag_free(&d);
	free(inc);
	free(integ);
}

static void observability_acknowledged(void **state)
{
	struct policy p;
	struct diags d = { 0 };

	(void)state;
	assert_int_equal(compile_shipped(&p, "observability.ldp", &d), 0);
	assert_int_equal(d.errors, 0);
	for (size_t k = 0; k < d.n; k++)
		if (d.v[k].sev == SEV_WARNING && strcmp(d.v[k].code, "open-path"))
			fail_msg("observability.ldp: %s", d.v[k].msg);
	policy_free(&p);
	diag_free(&d);
	/* without its acknowledgements, every defeated denial is an error */
	assert_int_equal(compile(&p, "deny confidentiality\nallow kprobes tracefs perf bpf_read_kernel\n",
				 &d), -1);
	assert_true(has_diag(&d, SEV_ERROR, 2, 28, "LOCKDOWN_BPF_READ_KERNEL is allowed but defeats "
			     "3 denied reasons (LOCKDOWN_KCORE, "));
	assert_true(has_diag(&d, SEV_ERROR, 2, 7, "LOCKDOWN_KPROBES is allowed but defeats 3 denied "
			     "reasons (LOCKDOWN_KCORE, LOCKDOWN_DBG_READ_KERNEL, LOCKDOWN_XFRM_SECRET): "
			     "kprobe_events fetch arguments dereference any kernel address (with "
			     "LOCKDOWN_TRACEFS allowed too)"));
	policy_free(&p);
	diag_free(&d);
	/*
	 * kprobes without tracefs cannot fetch memory: KCORE stays effective,
	 * and tracefs's denial keeps its event probes' reads out. But a BPF
	 * kprobe program reads the registers at a function's entry: what
	 * LOCKDOWN_PERF's samples give, and keys as they are set up.
	 */
	assert_int_equal(compile(&p, "deny confidentiality\nallow kprobes\n", &d), -1);
	assert_true(has_diag(&d, SEV_ERROR, 2, 7, "LOCKDOWN_KPROBES is allowed but defeats 2 denied "
			     "reasons (LOCKDOWN_PERF, LOCKDOWN_XFRM_SECRET): a BPF kprobe program on "
			     "a kprobe perf event"));
	policy_free(&p);
	diag_free(&d);
}

static void useless_ack_warns(void **state)
{
	struct policy p;
	struct diags d = { 0 };

	(void)state;
	assert_int_equal(compile(&p, "deny integrity\nacknowledge perf \"no reason\"\n"
				 "acknowledge dev_mem \"denied\"\n", &d), 0);
	assert_true(has_diag(&d, SEV_WARNING, 2, 1, "defeats no reason this policy denies"));
	assert_true(has_diag(&d, SEV_WARNING, 3, 1, "LOCKDOWN_DEV_MEM is denied"));
	policy_free(&p);
	diag_free(&d);
}

/*
 * Full integrity plus any subset of the confidentiality reasons: the
 * integrity denials always stay effective, and the subset is coherent
 * exactly when it denies every reason that reads kernel memory on its own
 * (or it denies nothing that such a reason defeats).
 */
static void confidentiality_subsets(void **state)
{
	unsigned int conf[8], nconf = 0;

	(void)state;
	for (unsigned int i = t.integrity_max + 1; i < t.conf_max; i++)
		conf[nconf++] = i;
	assert_int_equal(nconf, 8);
	for (unsigned int s = 0; s < 256; s++) {
		struct policy p;
		struct finding *f;
		size_t n;

		memset(&p, 0, sizeof(p));
		p.t = &t;
		for (unsigned int i = 1; i < t.integrity_max; i++)
			policy_set(&p, i, true);
		for (unsigned int b = 0; b < 8; b++)
			if (s & (1U << b))
				policy_set(&p, conf[b], true);
		n = findings(&p, &f);
		for (size_t i = 0; i < n; i++) {
			assert_true(t.v[f[i].denied].cls == CLASS_CONFIDENTIALITY);
			assert_true(t.v[f[i].allowed].cls == CLASS_CONFIDENTIALITY);
		}
		if ((s & 0x7f) == 0x7f || s == 0)	/* all but XFRM_SECRET, or none */
			assert_int_equal(n, 0);
		free(f);
	}
}

/* An independent evaluation of the rule, for the property test. */
static bool oracle_allowed(const struct policy *p, const char *id)
{
	int w = table_lookup(&t, id);

	return w >= 0 && !policy_denies(p, w);
}

static bool oracle_defeats(const struct policy *p, unsigned int a, unsigned int d)
{
	const struct model_reason *ar = model_find(&m, t.v[a].id), *dr = model_find(&m, t.v[d].id);
	capset have = 0, need = 0;
	bool grew = true;

	for (size_t g = 0; g < dr->n_grants; g++)
		need |= 1U << dr->grants[g].cap;
	for (size_t g = 0; g < ar->n_grants; g++) {
		bool ok = !ar->grants[g].console;	/* the console's, not root's */

		for (size_t w = 0; w < ar->grants[g].n_with; w++)
			ok = ok && oracle_allowed(p, ar->grants[g].with[w]);
		if (ok)
			have |= 1U << ar->grants[g].cap;
	}
	/* close both under implication by fixed point, not by the parser's tables */
	while (grew) {
		capset before = have | (need << 0);

		for (unsigned int i = 0; i < m.n_caps; i++) {
			if (have & (1U << i))
				have |= m.caps[i].implies;
			if (need & (1U << i))
				need |= m.caps[i].implies;
		}
		grew = (have | need) != before;
	}
	return (have & need) == need;
}

static void property_random_policies(void **state)
{
	unsigned int seed = 12345;

	(void)state;
	for (int round = 0; round < 2000; round++) {
		struct policy p;
		struct finding *f;
		size_t n, expected = 0;

		memset(&p, 0, sizeof(p));
		p.t = &t;
		for (unsigned int i = 0; i < t.conf_max; i++) {
			seed = seed * 1103515245 + 12345;
			if (table_is_reason(&t, i) && (seed >> 16) % 2)
				policy_set(&p, i, true);
		}
		n = findings(&p, &f);
		for (unsigned int d = 0; d < t.conf_max; d++)
			for (unsigned int a = 0; a < t.conf_max; a++) {
				bool want, got = false;

				if (!table_is_reason(&t, d) || !table_is_reason(&t, a) ||
				    !policy_denies(&p, d) || policy_denies(&p, a))
					continue;
				want = oracle_defeats(&p, a, d);
				for (size_t i = 0; i < n; i++)
					got |= f[i].denied == d && f[i].allowed == a;
				if (want != got)
					fail_msg("round %d: %s allowed vs %s denied: oracle %d, analysis %d",
						 round, t.v[a].id, t.v[d].id, want, got);
				expected += want;
			}
		assert_int_equal(n, expected);
		free(f);
	}
}

static void model_errors(void **state)
{
#define K "kernel 6.12 \"t\"\n"
#define R "capability a \"x\"\nreason LOCKDOWN_X\n\tgates \"g\"\n"
	static const struct { const char *text, *msg; } bad[] = {
		{ "capability a \"x\" implies b\n", "unknown capability 'b'" },
		{ "capability a \"x\"\ncapability a \"y\"\n", "defined twice" },
		{ K R, "grants nothing" },
		{ K R "\tgrants b \"h\"\n", "unknown capability 'b'" },
		{ K R "\tgrants a \"h\" with LOCKDOWN_Y\n\tshown-by z\n",
		  "'with LOCKDOWN_Y' names no reason" },
		{ K R "\tgrants a \"h\"\n\tshown-by z\nreason LOCKDOWN_X\n", "described twice" },
		{ "\tsite a b\n", "belongs to a reason" },
		{ "reason LOCKDOWN_X\n\tgates \"unterminated\n", "unterminated string" },
		{ "frob\n", "unknown model statement" },
		/* which kernel, and the evidence of every grant */
		{ R "\tgrants a \"h\"\n\tshown-by z\n", "no 'kernel X.Y' line" },
		{ "kernel linux-6.12 \"t\"\n", "expected: kernel X.Y" },
		{ K K, "'kernel' comes once" },
		{ K R "\tgrants a \"h\"\n", "has no evidence" },
		{ K R "\tgrants a \"h\"\n\tshown-by z\n\tshown-by y\n", "already has its evidence" },
		{ K R "\tgrants a \"h\"\n\targued \"why\"\n", "expected: argued" },
		{ K R "\tgrants a \"h\"\n\targued \"why\" file.c\n", "expected FILE:FUNCTION" },
		{ K R "\tshown-by z\n", "must follow the grant" },
		{ K R "\tgrants a \"h\" to-console with LOCKDOWN_X\n", "expected: grants" },
		{ K R "\tsite a b twice\n", "expected: site FILE FUNCTION [once]" },
		/* paths: what they are, and their state with each backend */
		{ K "capability a \"x\"\npath p\n\tgates \"g\"\n", "belongs to a reason" },
		{ K "capability a \"x\"\npath Bad\n", "expected: path NAME" },
		{ K "capability a \"x\"\npath p\n", "needs 'reaches', a 'source' and a 'grants'" },
		{ K "capability a \"x\"\npath p\n\treaches \"r\"\n\tsource f g\n"
		  "\tgrants a \"h\"\n\tshown-by z\n\ton lockdown_policy open\n",
		  "say whether it is open with bpf" },
		{ K "capability a \"x\"\npath p\n\ton bpf shut\n", "expected: on lockdown_policy|bpf" },
		{ K "capability a \"x\"\npath p\n\ton bpf closed\n", "expected: on lockdown_policy|bpf" },
		{ K "capability a \"x\"\npath p\n\ton bpf closed LOCKDOWN_X \"h\"\n",
		  "expected: on lockdown_policy|bpf" },
		{ K "capability a \"x\"\npath p\n\tgrants a \"h\"\n\tfixed-in CONFIG_X \"h\"\n",
		  "expected: fixed-in CONFIG_X closed-when LOCKDOWN_Y" },
		{ K R "\tgrants a \"h\"\n\tshown-by z\n\tfixed-in X \"h\"\n", "expected: fixed-in CONFIG_X" },
		{ K R "\tgrants a \"h\"\n\tshown-by z\n\tfixed-in CONFIG_X\n", "expected: fixed-in CONFIG_X" },
		{ K R "\tfixed-in CONFIG_X \"h\"\n", "must follow the grant" },
		{ K R "\tgrants a \"h\"\n\tshown-by z\n\tfixed-in CONFIG_X \"h\"\n"
		  "\tfixed-in CONFIG_Y \"h\"\n", "fix is given twice" },
		{ K "capability a \"x\"\npath p\n\ton bpf open\n\ton bpf open\n", "given twice" },
		{ K "capability a \"x\"\npath p\n\ton bpf closed-when LOCKDOWN_Q \"h\"\n",
		  "'closed-when LOCKDOWN_Q' names no reason" },
		{ K "capability a \"x\"\npath p\n\tgrants a \"h\" with LOCKDOWN_X\n",
		  "a path asks no reason" },
		{ K "capability a \"x\"\npath p\n\tneeds KEXEC\n", "expected: needs CONFIG_X" },
		{ K R "\tgrants a \"h\"\n\tshown-by z\npath x\n", "has the name of a reason" },
	};
#undef K
#undef R

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct model x;
		struct diags d = { 0 };

		assert_int_equal(model_parse(&x, bad[i].text, "bad.model", &d), -1);
		if (!has_diag(&d, SEV_ERROR, 0, 0, bad[i].msg))
			fail_msg("case %zu: no '%s'", i, bad[i].msg);
		model_free(&x);
		diag_free(&d);
	}
}

/*
 * One model per kernel version, built in: the table's kernel picks it,
 * --model a version or a file; another version's model is used with a
 * warning, never silently, and an unknown version says so.
 */
static void model_per_version(void **state)
{
	struct kversion kv = { .known = true, .major = 6, .minor = 1 };
	struct diags d = { 0 };
	struct model x;

	(void)state;
	snprintf(kv.from, sizeof(kv.from), "test");
	assert_int_equal(model_load(&x, NULL, &kv, &d), 0);
	assert_string_equal(x.name, "linux-6.1.model");
	assert_int_equal(d.warnings, 0);
	/* 6.1 has no fprobes, and debugfs's custom_method asks ACPI_TABLES */
	assert_int_equal(model_find(&x, "LOCKDOWN_KPROBES")->n_sites, 1);
	assert_non_null(model_find_path(&x, "bpf-printf"));
	model_free(&x);
	kv.minor = 18;
	assert_int_equal(model_load(&x, NULL, &kv, &d), 0);
	assert_string_equal(x.name, "linux-6.12.model");
	assert_true(has_diag(&d, SEV_WARNING, 0, 0, "no reason model for Linux 6.18 (test): judged "
			     "with the model for Linux 6.12"));
	model_free(&x);
	diag_free(&d);
	kv.major = 5;
	kv.minor = 10;	/* older than any: the oldest */
	assert_int_equal(model_load(&x, NULL, &kv, &d), 0);
	assert_string_equal(x.name, "linux-6.1.model");
	assert_int_equal(d.warnings, 1);
	model_free(&x);
	diag_free(&d);
	kv.known = false;
	assert_int_equal(model_load(&x, NULL, &kv, &d), 0);
	assert_string_equal(x.name, "linux-6.12.model");
	assert_true(has_diag(&d, SEV_WARNING, 0, 0, "cannot tell which kernel test is for"));
	model_free(&x);
	diag_free(&d);
	assert_int_equal(model_load(&x, "linux-6.1", NULL, &d), 0);
	assert_string_equal(x.name, "linux-6.1.model");
	model_free(&x);
	assert_int_equal(model_load(&x, "5.4", NULL, &d), -1);
	assert_true(has_diag(&d, SEV_ERROR, 0, 0, "no built-in reason model for Linux 5.4 (built in: "
			     "6.1, 6.12)"));
	diag_free(&d);
	/* the offline table names its kernel */
	kversion_of_table(TABLE_612, &kv);
	assert_true(kv.known && kv.major == 6 && kv.minor == 12 && !kv.running);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(model_complete),
		cmocka_unit_test(implications),
		cmocka_unit_test(shipped_static_levels_coherent),
		cmocka_unit_test(open_paths_reported),
		cmocka_unit_test(tracefs_reads_kernel_memory),
		cmocka_unit_test(kernel_fixes),
		cmocka_unit_test(console_grants),
		cmocka_unit_test(integrity_minus_hibernation),
		cmocka_unit_test(warned_is_allowed),
		cmocka_unit_test(coco_needs_its_intent),
		cmocka_unit_test(intent_is_per_file),
		cmocka_unit_test(observability_acknowledged),
		cmocka_unit_test(declarations_scope),
		cmocka_unit_test(useless_ack_warns),
		cmocka_unit_test(confidentiality_subsets),
		cmocka_unit_test(property_random_policies),
		cmocka_unit_test(model_errors),
		cmocka_unit_test(model_per_version),
	};

	return cmocka_run_group_tests_name("analyze", tests, setup, teardown);
}
