// SPDX-License-Identifier: GPL-2.0
/*
 * ldpolicy explain REASON: what it gates, what allowing it grants, what it
 * defeats and is defeated by, and which shipped policies deny it.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze.h"
#include "cmd.h"
#include "emit.h"
#include "json.h"
#include "model.h"
#include "paths.h"	/* LDPOLICY_POLICY_DIR, from the Makefile's DATADIR */
#include "policy.h"
#include "util.h"

static bool all_allowed(const char *id, void *arg)
{
	(void)id;
	(void)arg;
	return true;
}

static bool none_allowed(const char *id, void *arg)
{
	(void)id;
	(void)arg;
	return false;
}

/*
 * Does allowing @a defeat a denial of @d? NULL if not; "" if on its own;
 * else the companion that must be allowed too (of the grant that does it).
 */
static const char *defeats(const struct model *m, const struct model_reason *a,
			   const struct model_reason *d)
{
	capset need = model_needs(m, d), alone = model_effective(m, a, none_allowed, NULL);

	if ((alone & need) == need)
		return "";
	for (size_t g = 0; g < a->n_grants; g++)
		if (a->grants[g].n_with &&
		    ((alone | m->caps[a->grants[g].cap].implies) & need) == need)
			return a->grants[g].with[0];
	return NULL;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Names of the policies in @dir that deny @what, sorted; returns count. */
static size_t shipped_denying(const char *dir, const struct reason_table *t,
			      unsigned int what, char ***out)
{
	DIR *dd = opendir(dir);
	struct dirent *e;
	size_t n = 0;

	*out = NULL;
	if (!dd)
		return 0;
	while ((e = readdir(dd))) {
		size_t len = strlen(e->d_name);
		struct diags d = { 0 };
		struct policy p;
		char *path;

		if (len < 5 || strcmp(e->d_name + len - 4, ".ldp"))
			continue;
		path = xasprintf("%s/%s", dir, e->d_name);
		if (!policy_compile(&p, t, &path, 1, &d) && policy_denies(&p, what)) {
			*out = xrealloc(*out, (n + 1) * sizeof(**out));
			(*out)[n++] = xstrdup(e->d_name);
		}
		policy_free(&p);
		diag_free(&d);
		free(path);
	}
	closedir(dd);
	if (n)
		qsort(*out, n, sizeof(**out), cmp_str);
	return n;
}

static void print_list(const char *label, char **v, size_t n)
{
	printf("%s", label);
	if (!n)
		fputs(" none", stdout);
	for (size_t i = 0; i < n; i++)
		printf("%s %s", i ? "," : "", v[i]);
	putchar('\n');
}

int cmd_explain(int argc, char **argv, const struct command *cmd)
{
	struct reason_table t;
	struct model m;
	struct diags d = { 0 };
	struct opts o;
	const struct model_reason *r;
	const char *dir = getenv("LDPOLICY_POLICIES") ? getenv("LDPOLICY_POLICIES") :
			  LDPOLICY_POLICY_DIR;
	char **shipped, **beats = NULL, **beaten = NULL, buf[256];
	size_t n_shipped, n_beats = 0, n_beaten = 0;
	int i = parse_opts(argc, argv, cmd, "table json model", &o), what;

	if (i < 0)
		return EXIT_USAGE;
	if (load_table(&t, &o, &d) || model_load(&m, o.model, &d)) {
		flush_diags(&d);
		return EXIT_ENV;
	}
	what = table_lookup(&t, argv[i]);
	r = what >= 0 ? model_find(&m, t.v[what].id) : NULL;
	if (!r) {
		const char *s = table_suggest(&t, argv[i]);

		if (what >= 0)
			fprintf(stderr, "ldpolicy: %s is not in the reason model %s\n",
				t.v[what].id, m.name);
		else
			fprintf(stderr, "ldpolicy: unknown reason '%s'%s%s%s\n", argv[i],
				s ? "; did you mean '" : "", s ? s : "", s ? "'?" : "");
		model_free(&m);
		table_free(&t);
		return EXIT_USAGE;
	}
	for (unsigned int k = 0; k < t.conf_max; k++) {
		const struct model_reason *o2;
		const char *x;

		if (!table_is_reason(&t, k) || (int)k == what || !(o2 = model_find(&m, t.v[k].id)))
			continue;
		if ((x = defeats(&m, r, o2))) {
			beats = xrealloc(beats, (n_beats + 1) * sizeof(*beats));
			beats[n_beats++] = *x ? xasprintf("%s (with %s allowed)", o2->id, x) :
					   xstrdup(o2->id);
		}
		if ((x = defeats(&m, o2, r))) {
			beaten = xrealloc(beaten, (n_beaten + 1) * sizeof(*beaten));
			beaten[n_beaten++] = *x ? xasprintf("%s (with %s allowed)", o2->id, x) :
					     xstrdup(o2->id);
		}
	}
	n_shipped = shipped_denying(dir, &t, what, &shipped);

	if (o.json) {
		struct json j;

		json_begin_document(&j, stdout, "ldpolicy.explain/1");
		emit_json_reason(&j, &t, what);
		json_key(&j, "description");
		json_string(&j, t.v[what].desc);
		json_key(&j, "gates");
		json_string(&j, r->gates);
		json_key(&j, "sites");
		json_begin_array(&j);
		for (size_t s = 0; s < r->n_sites; s++)
			json_string(&j, r->sites[s]);
		json_end_array(&j);
		json_key(&j, "grants");
		json_begin_array(&j);
		for (size_t g = 0; g < r->n_grants; g++) {
			json_begin_object(&j);
			json_key(&j, "capability");
			json_string(&j, m.caps[r->grants[g].cap].name);
			json_key(&j, "how");
			json_string(&j, r->grants[g].how);
			json_key(&j, "with");
			json_begin_array(&j);
			for (size_t w = 0; w < r->grants[g].n_with; w++)
				json_string(&j, r->grants[g].with[w]);
			json_end_array(&j);
			json_end_object(&j);
		}
		json_end_array(&j);
		json_key(&j, "defeats");
		json_begin_array(&j);
		for (size_t k = 0; k < n_beats; k++)
			json_string(&j, beats[k]);
		json_end_array(&j);
		json_key(&j, "defeated_by");
		json_begin_array(&j);
		for (size_t k = 0; k < n_beaten; k++)
			json_string(&j, beaten[k]);
		json_end_array(&j);
		json_key(&j, "denied_by_policies");
		json_begin_array(&j);
		for (size_t k = 0; k < n_shipped; k++)
			json_string(&j, shipped[k]);
		json_end_array(&j);
		json_end_document(&j);
	} else {
		printf("%s (%d, %s): %s\n", t.v[what].id, what, class_name(t.v[what].cls),
		       t.v[what].desc ? t.v[what].desc : "-");
		printf("gates: %s\n", r->gates);
		printf("call sites (%s):\n", m.name);
		for (size_t s = 0; s < r->n_sites; s++)
			printf("  %s\n", r->sites[s]);
		puts("allowing it grants:");
		for (size_t g = 0; g < r->n_grants; g++) {
			printf("  %s: %s", m.caps[r->grants[g].cap].name, r->grants[g].how);
			for (size_t w = 0; w < r->grants[g].n_with; w++)
				printf("%s%s", w ? ", " : " (only with ", r->grants[g].with[w]);
			puts(r->grants[g].n_with ? " allowed too)" : "");
		}
		printf("  which means: %s\n",
		       model_capset_str(&m, model_effective(&m, r, all_allowed, NULL), buf, sizeof(buf)));
		print_list("allowed, it defeats a denial of:", beats, n_beats);
		print_list("denied, it is defeated by allowing:", beaten, n_beaten);
		print_list("denied by the shipped policies:", shipped, n_shipped);
	}
	for (size_t k = 0; k < n_beats; k++)
		free(beats[k]);
	for (size_t k = 0; k < n_beaten; k++)
		free(beaten[k]);
	for (size_t k = 0; k < n_shipped; k++)
		free(shipped[k]);
	free(beats);
	free(beaten);
	free(shipped);
	model_free(&m);
	table_free(&t);
	return EXIT_OK;
}
