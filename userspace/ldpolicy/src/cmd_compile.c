// SPDX-License-Identifier: GPL-2.0
/* ldpolicy compile, check, decompile: policies and blobs, no kernel needed. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyze.h"
#include "blob.h"
#include "cmd.h"
#include "emit.h"
#include "json.h"
#include "output.h"
#include "util.h"

/*
 * Compile and analyse @files against the table of @o. Returns 0 if there
 * is no error, -1 on policy errors, -2 if the table or a file named on the
 * command line could not be read (then nothing needs freeing).
 */
int compile_and_analyze(struct reason_table *t, struct policy *p, char *const *files,
			size_t n, const struct opts *o, struct diags *d)
{
	struct model m;
	int ret;

	memset(p, 0, sizeof(*p));
	if (load_table(t, o, d))
		return -2;
	if (load_model(&m, o, NULL, d)) {
		table_free(t);
		return -2;
	}
	ret = policy_compile(p, t, files, n, d);
	if (!ret)
		ret = analyze_report(p, &m, o->notes, d);
	if (!ret && o->werror && d->warnings)
		ret = -1;	/* --Werror */
	model_free(&m);
	if (ret && d->io_errors) {
		policy_free(p);
		table_free(t);
		return -2;
	}
	return ret ? -1 : 0;
}

int cmd_compile(int argc, char **argv, const struct command *cmd)
{
	struct reason_table t;
	struct policy p;
	struct diags d = { 0 };
	struct output out;
	struct opts o;
	int i = parse_opts(argc, argv, cmd, &o);
	int ret;

	if (i < 0)
		return EXIT_USAGE;
	if (!o.emit)
		o.emit = "blob";
	if (strcmp(o.emit, "blob") && strcmp(o.emit, "c") && strcmp(o.emit, "ldp") &&
	    strcmp(o.emit, "json")) {
		usage_error(cmd, "unknown --emit '%s': blob, c, ldp or json", o.emit);
		return EXIT_USAGE;
	}
	if (!strcmp(o.emit, "blob") && (!o.output || !strcmp(o.output, "-")) && isatty(1)) {
		usage_error(cmd, "a blob is binary: give -o FILE, or redirect the output");
		return EXIT_USAGE;
	}
	ret = compile_and_analyze(&t, &p, argv + i, argc - i, &o, &d);
	flush_diags(&d);
	if (ret == -2)
		return EXIT_ENV;
	if (ret) {
		policy_free(&p);
		table_free(&t);
		return EXIT_POLICY;
	}
	if (!strcmp(o.emit, "c") && policy_count_warned(&p)) {
		/* builtin.h lists denials only; learning mode from boot is a parameter */
		fprintf(stderr, "ldpolicy: a builtin policy cannot warn: it is for a kernel's "
			"settled policy; boot with lockdown_policy_warn=REASONS for warn mode\n");
		ret = EXIT_POLICY;
		goto out;
	}
	if (output_open(&out, o.output)) {
		ret = EXIT_ENV;
		goto out;
	}
	if (!strcmp(o.emit, "blob")) {
		uint8_t buf[LOCKDOWN_POLICY_MAX_SIZE];
		size_t len = blob_encode(&p, buf);

		fwrite(buf, 1, len, out.f);
	} else if (!strcmp(o.emit, "c")) {
		emit_c(&p, argv + i, argc - i, out.f);
	} else if (!strcmp(o.emit, "ldp")) {
		emit_ldp(&p, argv[i], out.f);
	} else {
		emit_json_policy_document(&p, out.f);
	}
	ret = output_close(&out, 1) ? EXIT_ENV : EXIT_OK;
out:
	policy_free(&p);
	table_free(&t);
	return ret;
}

static void json_diags(struct json *j, const struct diags *d)
{
	json_key(j, "diagnostics");
	json_begin_array(j);
	for (size_t k = 0; k < d->n; k++) {
		const struct diagnostic *x = &d->v[k];

		json_begin_object(j);
		json_key(j, "severity");
		json_str(j, severity_name(x->sev));
		json_key(j, "file");
		json_str(j, x->loc.file);
		json_key(j, "line");
		json_uint(j, x->loc.line);
		json_key(j, "column");
		json_uint(j, x->loc.col);
		json_key(j, "code");
		json_str(j, x->code);
		json_key(j, "message");
		json_str(j, x->msg);
		if (x->n_denied) {
			json_key(j, "denied");
			json_begin_array(j);
			for (size_t r = 0; r < x->n_denied; r++)
				json_str(j, x->denied[r]);
			json_end_array(j);
		}
		if (x->n_allowed) {
			json_key(j, "allowed");
			json_begin_array(j);
			for (size_t r = 0; r < x->n_allowed; r++)
				json_str(j, x->allowed[r]);
			json_end_array(j);
		}
		json_key(j, "fix");
		if (x->fix.text) {
			json_begin_object(j);
			json_key(j, "line");
			json_uint(j, x->fix.line);
			json_key(j, "column");
			json_uint(j, x->fix.col);
			json_key(j, "length");
			json_uint(j, x->fix.len);
			json_key(j, "text");
			json_str(j, x->fix.text);
			json_end_object(j);
		} else {
			json_str(j, NULL);
		}
		json_end_object(j);
	}
	json_end_array(j);
}

/* One file's result, as JSON: ok, its diagnostics, and its policy (null if not ok). */
static void json_check(struct json *j, const char *file, int ret, const struct diags *d,
		       const struct policy *p)
{
	json_begin_object(j);
	json_key(j, "file");
	json_str(j, file);
	json_key(j, "ok");
	json_bool(j, ret == 0);
	json_diags(j, d);
	json_key(j, "policy");
	if (ret == 0) {
		json_begin_object(j);
		emit_json_policy(p, j);
		json_end_object(j);
	} else {
		json_str(j, NULL);
	}
	json_end_object(j);
}

/* ", N warned" for a check's "ok" line. */
static const char *warned_note(const struct policy *p)
{
	static char buf[64];

	snprintf(buf, sizeof(buf), ", %u warned (allowed, every use logged)",
		 policy_count_warned(p));
	return buf;
}

/*
 * Check each file on its own: a.ldp and b.ldp are two policies, not one
 * (compile takes several files as one). The exit status is the worst.
 */
int cmd_check(int argc, char **argv, const struct command *cmd)
{
	struct reason_table t;
	struct model m;
	struct diags d = { 0 };
	struct json j;
	struct opts o;
	int i = parse_opts(argc, argv, cmd, &o);
	int worst = EXIT_OK;

	if (i < 0)
		return EXIT_USAGE;
	if (load_table(&t, &o, &d)) {
		flush_diags(&d);
		return EXIT_ENV;
	}
	if (load_model(&m, &o, NULL, &d)) {
		table_free(&t);
		flush_diags(&d);
		return EXIT_ENV;
	}
	if (o.json) {
		/* one shape, however many files: a glob may match one */
		json_begin_document(&j, stdout, "ldpolicy.check/2");
		json_key(&j, "files");
		json_begin_array(&j);
	}
	for (int a = i; a < argc; a++) {
		struct policy p;
		int ret = policy_compile(&p, &t, argv + a, 1, &d);

		if (!ret)
			ret = analyze_report(&p, &m, true, &d);
		if (!ret && o.werror && d.warnings)
			ret = -1;
		if (ret)
			worst = d.io_errors || worst == EXIT_ENV ? EXIT_ENV : EXIT_POLICY;
		if (o.json) {
			json_check(&j, argv[a], ret, &d, &p);
			diag_free(&d);
		} else {
			flush_diags(&d);
			if (ret == 0 && !o.quiet) {
				unsigned int defeated = analyze_defeated(&p, &m);
				unsigned int open = analyze_open_defeated(&p, &m);

				printf("%s: ok, %u reason%s denied%s", argv[a], policy_count(&p),
				       policy_count(&p) == 1 ? "" : "s",
				       policy_count_warned(&p) ? warned_note(&p) : "");
				/* an excused bypass is no protection: the ok line says so */
				if (defeated)
					printf("; %u of them defeated by what it allows, excused: "
					       "not protected", defeated);
				/* and so is one a path that asks no reason defeats */
				if (open)
					printf("; %u of them defeated by paths that ask no reason on "
					       "Linux %u.%u: not protected", open, m.major, m.minor);
				putchar('\n');
			}
		}
		policy_free(&p);
	}
	if (o.json) {
		json_end_array(&j);
		json_key(&j, "ok");
		json_bool(&j, worst == EXIT_OK);
		json_end_document(&j);
	}
	model_free(&m);
	table_free(&t);
	return worst;
}

/* Read a blob file and check it against the table of @o. */
int read_blob(const char *path, struct reason_table *t, struct blob_info *b,
	      const struct opts *o, struct diags *d)
{
	size_t len;
	char *buf = read_file_max(path, LOCKDOWN_POLICY_MAX_SIZE, &len);
	int ret;

	if (!buf) {
		diag_io_error(d, &(struct loc){ .file = path }, "%s",
			      read_error(errno, LOCKDOWN_POLICY_MAX_SIZE));
		return -2;
	}
	ret = blob_decode(buf, len, path, b, d);
	free(buf);
	if (ret)
		return -1;
	if (load_table(t, o, d))
		return -2;
	if (blob_check_table(b, t, path, d)) {
		table_free(t);
		return -1;
	}
	return 0;
}

int cmd_decompile(int argc, char **argv, const struct command *cmd)
{
	struct reason_table t;
	struct blob_info b;
	struct policy p;
	struct diags d = { 0 };
	struct opts o;
	int i = parse_opts(argc, argv, cmd, &o);
	int ret;

	if (i < 0)
		return EXIT_USAGE;
	ret = read_blob(argv[i], &t, &b, &o, &d);
	flush_diags(&d);
	if (ret)
		return ret == -2 ? EXIT_ENV : EXIT_POLICY;
	policy_from_bits(&p, &t, b.words, b.warn, b.flags);
	if (b.flags & LOCKDOWN_POLICY_FLAG_BYPASS_ACKED) {
		/* the flag, not the acknowledgements, is in the blob: rebuild them */
		struct model m;

		if (load_model(&m, &o, NULL, &d)) {
			flush_diags(&d);
			policy_free(&p);
			table_free(&t);
			return EXIT_ENV;
		}
		analyze_acknowledge_all(&p, &m, "acknowledged by the blob's author (a blob keeps "
					"that bypasses were acknowledged, not why)");
		model_free(&m);
	}
	if (o.json)
		emit_json_policy_document(&p, stdout);
	else
		emit_ldp(&p, argv[i], stdout);
	policy_free(&p);
	table_free(&t);
	return EXIT_OK;
}
