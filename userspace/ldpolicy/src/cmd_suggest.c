// SPDX-License-Identifier: GPL-2.0
/*
 * ldpolicy suggest: read what the running kernel observed in warn mode,
 * or what ldpolicy status --json recorded of it on another machine
 * (--from), and write the policy it amounts to (suggest.h).
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze.h"
#include "backend.h"
#include "cmd.h"
#include "kconfig.h"
#include "kversion.h"
#include "model.h"
#include "output.h"
#include "state_config.h"
#include "state_json.h"
#include "suggest.h"

/*
 * The suggestion must pass ldpolicy check: compile what it wrote and
 * analyse it. A failure is this tool's bug, reported as such.
 */
static int self_check(const struct suggestion *s, const struct model *m, const char *text,
		      size_t len, struct diags *d)
{
	struct policy p;
	int ret = policy_compile_text(&p, s->t, "suggestion", text, len, d);

	if (!ret)
		ret = analyze_report(&p, m, false, d);
	if (ret)
		diag_error(d, NULL, "internal error: the suggested policy does not pass ldpolicy "
			   "check; nothing was written");
	policy_free(&p);
	return ret;
}

static void summary(const struct suggestion *s)
{
	unsigned int used = 0, unwatched = 0;

	for (unsigned int r = 0; r < s->t->conf_max; r++) {
		if (!table_is_reason(s->t, r))
			continue;
		used += s->why[r] == SUGGEST_USED;
		unwatched += s->why[r] == SUGGEST_UNWATCHED;
	}
	fprintf(stderr, "ldpolicy: suggested: %u reasons denied, %u allowed for what used "
		"them, %zu bypass%s acknowledged\n", policy_count(&s->p), used, s->n_acks,
		s->n_acks == 1 ? "" : "es");
	if (unwatched)
		fprintf(stderr, "ldpolicy: %u reasons of the base were not warned while the "
			"workload ran: denied without evidence that nothing needs them\n",
			unwatched);
}

/*
 * The observations and the model to judge them with: the running
 * kernel's, or with --from those a state recorded elsewhere holds,
 * resolved against the table recorded with them and judged with the
 * model of the kernel release and for the machine they were made on. 0,
 * or the exit status.
 */
/* The configuration a --from record holds, for its model (freed at the end). */
static struct kconfig recorded_config;

static int observations(const struct opts *o, struct reason_table *t, struct kstate *k,
			struct kstate_origin *origin, struct model *m, struct diags *d)
{
	const struct backend *b = NULL;
	struct kversion kv;
	int ret;

	if (!o->from) {
		ret = kernel_open(&b, t, k, o, true, d);
		if (ret)
			return ret == -2 ? EXIT_ENV : EXIT_POLICY;
		kstate_origin_here(origin, b);
		if (load_model(m, o, b->name, d)) {
			kernel_close(t, k);
			return EXIT_ENV;
		}
		kstate_origin_options(origin, m);
		return 0;
	}
	ret = state_json_read(o->from, t, k, origin, d);
	if (ret)
		return ret == -2 ? EXIT_ENV : EXIT_POLICY;
	model_set_machine(origin->machine);
	kversion_recorded(&kv, origin->release, o->from);
	/* judged on the options the record holds, as the kernel was built */
	if (!kstate_origin_config(origin, &recorded_config))
		kv.config = &recorded_config;
	if (load_model_for(m, o, &kv, origin->backend, d)) {
		kernel_close(t, k);
		return EXIT_ENV;
	}
	return 0;
}

int cmd_suggest(int argc, char **argv, const struct command *cmd)
{
	struct reason_table t;
	struct kstate_origin origin;
	struct suggestion s;
	struct kstate k;
	struct model m;
	struct output out;
	struct diags d = { 0 };
	struct opts o;
	char *text = NULL;
	const char *source;
	size_t len = 0;
	FILE *mem;
	int i = parse_opts(argc, argv, cmd, &o);
	int ret;

	if (i < 0)
		return EXIT_USAGE;
	if (!o.base)
		o.base = "confidentiality";
	if (strcmp(o.base, "confidentiality") && strcmp(o.base, "integrity")) {
		usage_error(cmd, "unknown --base '%s': integrity or confidentiality", o.base);
		return EXIT_USAGE;
	}
	if (o.from && (strcmp(o.table, "auto") || strcmp(o.backend, "auto"))) {
		usage_error(cmd, "--from replays the recorded kernel's own table and backend: "
			    "not with --%s", strcmp(o.table, "auto") ? "table" : "backend");
		return EXIT_USAGE;
	}
	ret = observations(&o, &t, &k, &origin, &m, &d);
	if (ret) {
		flush_diags(&d);
		return ret;
	}
	ret = EXIT_ENV;
	if (suggest_build(&s, &t, &m, &k, o.base, &d)) {
		if (o.from)
			diag_note(&d, &(struct loc){ .file = o.from }, "that is the state recorded "
				  "there, on Linux %s (%s)", origin.release, origin.machine);
		goto out;
	}
	s.origin = &origin;
	source = !strcmp(origin.backend, backend_lsm.name) ? "the lockdown_policy LSM" :
		 "the BPF backend";
	mem = open_memstream(&text, &len);
	if (!mem) {
		perror("ldpolicy: suggest");
		goto out_suggestion;
	}
	suggest_write_ldp(&s, source, mem);
	if (fclose(mem)) {
		perror("ldpolicy: suggest");
		goto out_suggestion;
	}
	if (self_check(&s, &m, text, len, &d)) {
		ret = EXIT_POLICY;
		goto out_suggestion;
	}
	if (output_open(&out, o.output))
		goto out_suggestion;
	if (o.json) {
		struct json j;

		json_begin_document(&j, out.f, "ldpolicy.suggest/1");
		suggest_write_json(&s, source, &j);
		json_end_document(&j);
	} else {
		fwrite(text, 1, len, out.f);
	}
	ret = output_close(&out, 1) ? EXIT_ENV : EXIT_OK;
	if (ret == EXIT_OK)
		summary(&s);
out_suggestion:
	suggest_free(&s);
out:
	flush_diags(&d);
	free(text);
	model_free(&m);
	kconfig_free(&recorded_config);
	kernel_close(&t, &k);
	return ret;
}
