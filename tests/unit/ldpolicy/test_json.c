// SPDX-License-Identifier: GPL-2.0
/*
 * Every command's JSON against its published schema
 * (userspace/ldpolicy/schemas/, validated with python3's jsonschema), one
 * shape whatever the number of files, and every fix a diagnostic offers
 * is policy that parses and mends what it is about.
 */
#include <sys/stat.h>
#include <unistd.h>

#include "test.h"
#include "analyze.h"
#include "policy.h"
#include "util.h"

#ifndef SCHEMAS
#error "SCHEMAS, VALIDATE, LDPOLICY_BIN, POLICIES"
#endif

static char docs[4096];
static int n_docs;

/* Run "ldpolicy ARGS" through the shell, its output kept as a document. */
static void json_of(const char *args)
{
	char name[32], *path, cmd[2048];

	snprintf(name, sizeof(name), "doc%d.json", n_docs++);
	path = write_tmp(name, "");
	snprintf(cmd, sizeof(cmd), "%s %s > %s 2>/dev/null", LDPOLICY_BIN, args, path);
	if (system(cmd) == -1)
		fail_msg("cannot run %s", cmd);
	snprintf(docs + strlen(docs), sizeof(docs) - strlen(docs), " %s", path);
	free(path);
}

static void every_command(void **state)
{
	char args[1024];
	char *bad = write_tmp("bad-json.ldp", "deny kexec\ninclude integrity.ldp\nallow hibernaton\n"
			      "deny LOCKDOWN_INTEGRITY_MAX xmon_rw\nacknowledge perf \"x\"\n");
	char *empty = write_tmp("empty-json.ldp", "# nothing\n");
	char *blob = write_tmp("json.blob", "");

	(void)state;
	if (access("/usr/bin/python3", X_OK) || system("/usr/bin/python3 -c 'import jsonschema'"))
		fail_msg("python3-jsonschema is missing: scripts/deps.sh unit installs it");
#define T "--table " TABLE_612 " "
	json_of("check -j " T POLICIES "/integrity.ldp");
	snprintf(args, sizeof(args), "check -j " T "%s", bad);
	json_of(args);
	snprintf(args, sizeof(args), "-p check " T POLICIES "/*.ldp %s %s", bad, empty);
	json_of(args);
	json_of("compile --emit json " T POLICIES "/observability.ldp");
	snprintf(args, sizeof(args), "compile " T "-o %s " POLICIES "/laptop-hibernate.ldp "
		 "&& %s decompile --json " T "%s", blob, LDPOLICY_BIN, blob);
	json_of(args);
	json_of("reasons --json " T);
	json_of("explain --json " T "kexec");
	json_of("explain --json " T "xmon_rw");
	json_of("-j explain " T "--model /dev/null kcore; "
		"LDPOLICY_POLICIES=/nonexistent " LDPOLICY_BIN " explain -j " T "kcore");
	json_of("query --json " T "--policy " POLICIES "/observability.ldp kcore");
	/* the model: a path, one query of it, the whole model in force */
	json_of("explain --json " T "bpf-printf");
	json_of("explain --json " T "bpf-uninit-stack");
	json_of("explain --json " T "tracefs");
	json_of("query --json " T "--policy " POLICIES "/confidentiality.ldp bpf-printf");
	json_of("explain --json " T "--model 6.1");
	json_of("diff --json " T "--policy " POLICIES "/integrity.ldp " POLICIES "/observability.ldp");
#undef T
	if (validate_json(docs))
		fail_msg("a command's JSON does not validate against its schema (above)");
	free(bad);
	free(empty);
	free(blob);
}

/* The first line of "ldpolicy ARGS"'s output, in @buf (empty if none). */
static void first_line_of(const char *args, char *buf, size_t size)
{
	char cmd[1024];
	FILE *f;

	snprintf(cmd, sizeof(cmd), "%s %s 2>/dev/null", LDPOLICY_BIN, args);
	f = popen(cmd, "r");
	if (!f)
		fail_msg("cannot run %s", cmd);
	if (!fgets(buf, (int)size, f))
		buf[0] = '\0';
	pclose(f);
}

/*
 * What a fix in our kernels changes is in the JSON, not only in the text:
 * a path closed by a fixed kernel says which option and which reasons, a
 * grant such a kernel does not give says which option, others say null.
 */
static void fixed_in_is_json(void **state)
{
	static char out[1 << 16];

	(void)state;
	first_line_of("explain --json --table " TABLE_612 " bpf-uninit-stack", out, sizeof(out));
	assert_non_null(strstr(out, "\"fixed_in\":{\"config\":\"CONFIG_LDPOLICY_KERNEL_FIXES\","
				"\"when\":[\"LOCKDOWN_BPF_READ_KERNEL\"],\"how\":\""));
	first_line_of("explain --json --table " TABLE_612 " bpf-printf", out, sizeof(out));
	assert_non_null(strstr(out, "\"fixed_in\":null}"));
	first_line_of("explain --json --table " TABLE_612 " tracefs", out, sizeof(out));
	assert_non_null(strstr(out, "\"fixed_in\":{\"config\":\"CONFIG_LDPOLICY_KERNEL_FIXES\","
				"\"how\":\"an eprobe"));
	assert_non_null(strstr(out, "\"fixed_in\":null"));
}

/* The validator is no rubber stamp: a wrong member type fails it. */
static void validator_fails(void **state)
{
	char *doc = write_tmp("wrong.json", "{\"schema\":\"ldpolicy.diff/1\",\"tighten\":[\"kcore\"],"
			      "\"warn\":[],\"loosen\":[],\"unchanged\":[]}");
	char *none = write_tmp("none.json", "{\"schema\":\"ldpolicy.nothing/9\"}");

	(void)state;
	assert_int_not_equal(validate_json(doc), 0);
	assert_int_not_equal(validate_json(none), 0);
	free(doc);
	free(none);
}

/* Apply a diagnostic's fix to @text: a new string. */
static char *apply_fix(const char *text, const struct diagnostic *x)
{
	const char *p = text;
	char *out;

	for (unsigned int l = 1; l < x->fix.line && *p; l++) {
		p = strchr(p, '\n');
		p = p ? p + 1 : text + strlen(text);
	}
	p += x->fix.col - 1;
	out = malloc(strlen(text) + strlen(x->fix.text) + 1);
	sprintf(out, "%.*s%s%s", (int)(p - text), text, x->fix.text, p + x->fix.len);
	return out;
}

/*
 * Every fix is valid policy, written by the emitter: applied to the file,
 * the line parses, and the mistake it is about is gone. Before, the fix
 * for 'deny kexec' was 'deny A, B, ...', which does not parse.
 */
static void fixes_are_policy(void **state)
{
	static const char *const srcs[] = {
		"deny kexec\n",
		"deny integrity\nallow hibernation\n",
		"deny LOCKDOWN_KPROBE\n",
		"denny kcore\n",
		"deny LOCKDOWN_INTEGRITY_MAX\n",
		"include integrity.ldp\n",
		"acknowledge hibernaton \"x\"\ndeny kcore tracefs\n",
	};
	struct reason_table t;
	struct model m;
	struct diags md = { 0 };

	(void)state;
	load_612(&t);
	assert_int_equal(model_load(&m, "6.12", NULL, &md), 0);
	for (size_t i = 0; i < ARRAY_SIZE(srcs); i++) {
		struct policy p;
		struct diags d = { 0 };
		size_t fixes = 0;

		if (!policy_compile_text(&p, &t, "fix.ldp", srcs[i], strlen(srcs[i]), &d))
			analyze_report(&p, &m, false, &d);
		policy_free(&p);
		for (size_t k = 0; k < d.n; k++) {
			struct diags d2 = { 0 };
			char *fixed;

			if (!d.v[k].fix.text)
				continue;
			fixes++;
			fixed = apply_fix(srcs[i], &d.v[k]);
			policy_compile_text(&p, &t, "fixed.ldp", fixed, strlen(fixed), &d2);
			for (size_t e = 0; e < d2.n; e++)
				if (d2.v[e].code && (!strcmp(d2.v[e].code, "syntax") ||
				     (!strcmp(d2.v[e].code, d.v[k].code) &&
				      d2.v[e].loc.line == d.v[k].loc.line &&
				      strcmp(d.v[k].code, "bypass"))))
					fail_msg("fix '%s' of '%s' gives: %s", d.v[k].fix.text, srcs[i],
						 d2.v[e].msg);
			if (!strcmp(d.v[k].code, "bypass") && !d2.errors) {
				/* the bypass itself is mended */
				struct diags d3 = { 0 };

				analyze_report(&p, &m, false, &d3);
				for (size_t e = 0; e < d3.n; e++)
					if (d3.v[e].sev == SEV_ERROR &&
					    !strcmp(d3.v[e].msg, d.v[k].msg))
						fail_msg("fix '%s' leaves: %s", d.v[k].fix.text,
							 d3.v[e].msg);
				diag_free(&d3);
			}
			policy_free(&p);
			diag_free(&d2);
			free(fixed);
		}
		if (!fixes)
			fail_msg("'%s' has no fix", srcs[i]);
		diag_free(&d);
	}
	model_free(&m);
	table_free(&t);
	diag_free(&md);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_command),
		cmocka_unit_test(fixed_in_is_json),
		cmocka_unit_test(validator_fails),
		cmocka_unit_test(fixes_are_policy),
	};

	return cmocka_run_group_tests_name("json", tests, NULL, NULL);
}
