// SPDX-License-Identifier: GPL-2.0
/*
 * ldpolicy suggest: read what the running kernel observed in warn mode
 * and write the policy it amounts to (suggest.h).
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze.h"
#include "backend.h"
#include "cmd.h"
#include "output.h"
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

int cmd_suggest(int argc, char **argv, const struct command *cmd)
{
	const struct backend *b = NULL;
	struct reason_table t;
	struct suggestion s;
	struct kstate k;
	struct model m;
	struct output out;
	struct diags d = { 0 };
	struct opts o;
	char *text = NULL, *source;
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
	ret = kernel_open(&b, &t, &k, &o, true, &d);
	if (ret) {
		flush_diags(&d);
		return ret == -2 ? EXIT_ENV : EXIT_POLICY;
	}
	if (load_model(&m, &o, b->name, &d)) {
		flush_diags(&d);
		kernel_close(&t, &k);
		return EXIT_ENV;
	}
	ret = EXIT_ENV;
	if (suggest_build(&s, &t, &m, &k, o.base, &d))
		goto out;
	source = b == &backend_lsm ? "the lockdown_policy LSM" : "the BPF backend";
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
	kernel_close(&t, &k);
	return ret;
}
