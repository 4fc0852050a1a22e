// SPDX-License-Identifier: GPL-2.0
/*
 * ldpolicy explain REASON: what it gates, what allowing it grants, what it
 * defeats and is defeated by, and which shipped policies deny it.
 */
#include <dirent.h>
#include <errno.h>
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

/* How allowing one reason defeats a denial of another, from the model. */
struct defeat {
	const char *id;		/* the other reason */
	const struct model_grant *how;	/* the grant that does it */
	bool on_arch;		/* both have a kernel path on this architecture */
};

/*
 * Does allowing @a defeat a denial of @d, as the analysis judges it with
 * everything else allowed? The grant that carries @a into all @d grants
 * (one needing no companion if there is), or NULL.
 */
static const struct model_grant *defeats(const struct model *m, const struct model_reason *a,
					 const struct model_reason *d)
{
	capset need = model_needs(m, d);
	const struct model_grant *with = NULL;

	if ((model_effective(m, a, all_allowed, NULL) & need) != need)
		return NULL;
	for (size_t g = 0; g < a->n_grants; g++) {
		if ((m->caps[a->grants[g].cap].implies & need) != need)
			continue;
		if (!a->grants[g].n_with)
			return &a->grants[g];
		if (!with)
			with = &a->grants[g];
	}
	/* covered only by several grants together: the first that adds to it */
	for (size_t g = 0; !with && g < a->n_grants; g++)
		if (m->caps[a->grants[g].cap].implies & need)
			with = &a->grants[g];
	return with;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * Names of the policies in @dir that deny @what, sorted; returns count.
 * *err: 0, or the errno @dir could not be read with (then nothing is
 * known). A policy that does not compile against @t is said so, on
 * stderr, and not counted.
 */
static size_t shipped_denying(const char *dir, const struct reason_table *t,
			      unsigned int what, char ***out, int *err)
{
	DIR *dd = opendir(dir);
	struct dirent *e;
	size_t n = 0;

	*out = NULL;
	*err = dd ? 0 : errno;
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
		if (policy_compile(&p, t, &path, 1, &d)) {
			fprintf(stderr, "ldpolicy: warning: %s does not compile against %s: not "
				"judged\n", path, t->source);
		} else if (policy_denies(&p, what)) {
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

/* "NAME:" and one line per reason, how; those this architecture lacks apart. */
static void print_defeats(const char *label, const struct defeat *v, size_t n)
{
	size_t on = 0, off = 0;

	for (size_t i = 0; i < n; i++)
		on += v[i].on_arch;
	printf("%s:%s\n", label, on ? "" : " none");
	for (size_t i = 0; i < n; i++) {
		if (!v[i].on_arch)
			continue;
		printf("  %s: %s", v[i].id, v[i].how->how);
		for (size_t w = 0; w < v[i].how->n_with; w++)
			printf("%s%s", w ? ", " : " (with ", v[i].how->with[w]);
		puts(v[i].how->n_with ? " allowed too)" : "");
	}
	for (size_t i = 0; i < n; i++) {
		if (v[i].on_arch)
			continue;
		if (!off++)
			printf("  and, where the kernel asks them (never on %s):", model_host_arch());
		printf(" %s", v[i].id);
	}
	if (off)
		putchar('\n');
}

static void json_defeats(struct json *j, const char *key, const struct defeat *v, size_t n)
{
	json_key(j, key);
	json_begin_array(j);
	for (size_t i = 0; i < n; i++) {
		json_begin_object(j);
		json_key(j, "id");
		json_string(j, v[i].id);
		json_key(j, "how");
		json_string(j, v[i].how->how);
		json_key(j, "with");
		json_begin_array(j);
		for (size_t w = 0; w < v[i].how->n_with; w++)
			json_string(j, v[i].how->with[w]);
		json_end_array(j);
		json_key(j, "on_this_arch");
		json_bool(j, v[i].on_arch);
		json_end_object(j);
	}
	json_end_array(j);
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
	struct defeat *beats = NULL, *beaten = NULL;
	char **shipped, buf[256];
	int shipped_err;
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
		const struct model_grant *g;
		bool on_arch;

		if (!table_is_reason(&t, k) || (int)k == what || !(o2 = model_find(&m, t.v[k].id)))
			continue;
		/* as the analysis does: no defeat through a path this machine lacks */
		on_arch = model_reason_on_arch(r, model_host_arch()) &&
			  model_reason_on_arch(o2, model_host_arch());
		if ((g = defeats(&m, r, o2))) {
			beats = xrealloc(beats, (n_beats + 1) * sizeof(*beats));
			beats[n_beats++] = (struct defeat){ o2->id, g, on_arch };
		}
		if ((g = defeats(&m, o2, r))) {
			beaten = xrealloc(beaten, (n_beaten + 1) * sizeof(*beaten));
			beaten[n_beaten++] = (struct defeat){ o2->id, g, on_arch };
		}
	}
	n_shipped = shipped_denying(dir, &t, what, &shipped, &shipped_err);

	if (o.json) {
		struct json j;

		json_begin_document(&j, stdout, "ldpolicy.explain/2");
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
		json_defeats(&j, "defeats", beats, n_beats);
		json_defeats(&j, "defeated_by", beaten, n_beaten);
		json_key(&j, "policies_dir");
		json_string(&j, dir);
		json_key(&j, "denied_by_policies");
		if (shipped_err) {
			json_string(&j, NULL);	/* unknown, never "none" */
		} else {
			json_begin_array(&j);
			for (size_t k = 0; k < n_shipped; k++)
				json_string(&j, shipped[k]);
			json_end_array(&j);
		}
		json_end_document(&j);
	} else {
		if (t.v[what].desc)
			printf("%s (%d, %s): %s\n", t.v[what].id, what, class_name(t.v[what].cls),
			       t.v[what].desc);
		else
			printf("%s (%d, %s)\n", t.v[what].id, what, class_name(t.v[what].cls));
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
		print_defeats("allowed, it defeats a denial of", beats, n_beats);
		print_defeats("denied, it is defeated by allowing", beaten, n_beaten);
		if (shipped_err)
			printf("denied by the shipped policies: unknown (%s: %s)\n", dir,
			       strerror(shipped_err));
		else
			print_list("denied by the shipped policies:", shipped, n_shipped);
	}
	for (size_t k = 0; k < n_shipped; k++)
		free(shipped[k]);
	free(beats);
	free(beaten);
	free(shipped);
	model_free(&m);
	table_free(&t);
	return EXIT_OK;
}
