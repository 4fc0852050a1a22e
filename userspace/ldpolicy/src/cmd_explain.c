// SPDX-License-Identifier: GPL-2.0
/*
 * ldpolicy explain [REASON|PATH]: what a reason gates, what allowing it
 * grants and how that is known, what it defeats and is defeated by
 * (paths that ask no reason too), which shipped policies deny it; what a
 * path that asks no reason gives and what closes it; without an argument,
 * every grant of the model in force, one a line.
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
		if (a->grants[g].console || (m->caps[a->grants[g].cap].implies & need) != need)
			continue;
		if (!a->grants[g].n_with)
			return &a->grants[g];
		if (!with)
			with = &a->grants[g];
	}
	/* covered only by several grants together: the first that adds to it */
	for (size_t g = 0; !with && g < a->n_grants; g++)
		if (!a->grants[g].console && (m->caps[a->grants[g].cap].implies & need))
			with = &a->grants[g];
	return with;
}

/* Does @p, open, defeat a denial of @d? */
static bool path_defeats(const struct model *m, const struct model_path *p,
			 const struct model_reason *d)
{
	capset need = model_needs(m, d);

	return (model_grants_effective(m, p->grants, p->n_grants, all_allowed, NULL) & need) == need;
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

/* A grant's line and its evidence, as explain prints them. */
static void print_grant(const struct model *m, const struct model_grant *g)
{
	printf("  %s: %s", m->caps[g->cap].name, g->how);
	for (size_t w = 0; w < g->n_with; w++)
		printf("%s%s", w ? ", " : " (only with ", g->with[w]);
	if (g->n_with)
		fputs(" allowed too)", stdout);
	puts(g->console ? " (to whoever is at the console, not to a root process)" : "");
	if (g->shown_by) {
		printf("    shown in the VM: attack %s (docs/edges.md)\n", g->shown_by);
	} else {
		printf("    argued, not shown in the VM: %s; see", g->argued);
		for (size_t r = 0; r < g->n_refs; r++)
			printf("%s %s", r ? "," : "", g->refs[r]);
		putchar('\n');
	}
}

static void json_grants(struct json *j, const struct model *m, const struct model_grant *g,
			size_t n)
{
	json_key(j, "grants");
	json_begin_array(j);
	for (size_t i = 0; i < n; i++) {
		json_begin_object(j);
		json_key(j, "capability");
		json_str(j, m->caps[g[i].cap].name);
		json_key(j, "how");
		json_str(j, g[i].how);
		json_key(j, "with");
		json_begin_array(j);
		for (size_t w = 0; w < g[i].n_with; w++)
			json_str(j, g[i].with[w]);
		json_end_array(j);
		json_key(j, "console");
		json_bool(j, g[i].console);
		json_key(j, "shown_by");
		json_str(j, g[i].shown_by);
		json_key(j, "argued");
		json_str(j, g[i].argued);
		json_key(j, "fixed_in");
		if (g[i].fixed_in) {
			json_begin_object(j);
			json_key(j, "config");
			json_str(j, g[i].fixed_in);
			json_key(j, "how");
			json_str(j, g[i].fixed_how);
			json_end_object(j);
		} else {
			json_str(j, NULL);
		}
		json_key(j, "refs");
		json_begin_array(j);
		for (size_t r = 0; r < g[i].n_refs; r++)
			json_str(j, g[i].refs[r]);
		json_end_array(j);
		json_end_object(j);
	}
	json_end_array(j);
}

static void json_defeats(struct json *j, const char *key, const struct defeat *v, size_t n)
{
	json_key(j, key);
	json_begin_array(j);
	for (size_t i = 0; i < n; i++) {
		json_begin_object(j);
		json_key(j, "id");
		json_str(j, v[i].id);
		json_key(j, "how");
		json_str(j, v[i].how->how);
		json_key(j, "with");
		json_begin_array(j);
		for (size_t w = 0; w < v[i].how->n_with; w++)
			json_str(j, v[i].how->with[w]);
		json_end_array(j);
		json_key(j, "on_this_arch");
		json_bool(j, v[i].on_arch);
		json_end_object(j);
	}
	json_end_array(j);
}

/* "yes", "no (needs CONFIG_X)", "unknown (...)": is @p in the kernel? */
static const char *presence_str(const struct model *m, const struct model_path *p, char *buf,
				size_t len)
{
	int present = model_path_present(m, p);
	size_t off;

	if (present > 0)
		return "yes";
	if (present < 0)
		off = snprintf(buf, len, "counted as yes: the kernel's configuration is unknown");
	else
		off = snprintf(buf, len, "no: it needs");
	for (size_t i = 0; i < p->n_needs && off < len; i++)
		off += snprintf(buf + off, len - off, "%s %s", present < 0 && !i ? "; it needs" :
				i ? "," : "", p->needs[i]);
	return buf;
}

/* The model's paths that, open, defeat a denial of @r. */
static size_t paths_defeating(const struct model *m, const struct model_reason *r,
			      const struct model_path **out)
{
	size_t n = 0;

	for (size_t i = 0; i < m->n_paths; i++)
		if (path_defeats(m, &m->p[i], r))
			out[n++] = &m->p[i];
	return n;
}

/* A closure's "when" (the reasons that close it) and "how" members. */
static void json_closure_when(struct json *j, const struct model_closure *c)
{
	json_key(j, "when");
	json_begin_array(j);
	for (size_t w = 0; w < c->n_when; w++)
		json_str(j, c->when[w]);
	json_end_array(j);
	json_key(j, "how");
	json_str(j, c->how);
}

static void json_closure(struct json *j, const struct model_closure *c)
{
	json_begin_object(j);
	json_key(j, "state");
	json_str(j, c->open ? "open" : "closed-when");
	json_closure_when(j, c);
	json_end_object(j);
}

/*
 * A path's "on" (its closure per backend) and "fixed_in" (the kernel
 * option whose fix closes it, and the reasons that then close it, or null).
 */
static void json_path_closures(struct json *j, const struct model_path *p)
{
	json_key(j, "on");
	json_begin_object(j);
	for (int b = 0; b < MODEL_BACKENDS; b++) {
		json_key(j, model_backend_names[b]);
		json_closure(j, &p->on[b]);
	}
	json_end_object(j);
	json_key(j, "fixed_in");
	if (!p->fixed_in) {
		json_str(j, NULL);
		return;
	}
	json_begin_object(j);
	json_key(j, "config");
	json_str(j, p->fixed_in);
	json_closure_when(j, &p->fixed);
	json_end_object(j);
}

/* A path's members of ldpolicy.path/1 (without "schema"). */
void explain_json_path(struct json *j, const struct model *m, const struct model_path *p,
		       const struct reason_table *t)
{
	int present = model_path_present(m, p);

	json_key(j, "name");
	json_str(j, p->name);
	json_key(j, "reaches");
	json_str(j, p->reaches);
	json_key(j, "model");
	json_str(j, m->name);
	json_key(j, "sources");
	json_begin_array(j);
	for (size_t s = 0; s < p->n_sources; s++)
		json_str(j, p->sources[s]);
	json_end_array(j);
	json_key(j, "needs");
	json_begin_array(j);
	for (size_t s = 0; s < p->n_needs; s++)
		json_str(j, p->needs[s]);
	json_end_array(j);
	json_key(j, "in_kernel");
	if (present < 0)
		json_str(j, NULL);
	else
		json_bool(j, present);
	json_grants(j, m, p->grants, p->n_grants);
	json_key(j, "defeats");
	json_begin_array(j);
	for (unsigned int k = 0; k < t->conf_max; k++) {
		const struct model_reason *r;

		if (table_is_reason(t, k) && (r = model_find(m, t->v[k].id)) &&
		    model_reason_on_arch(r, model_host_arch()) && path_defeats(m, p, r))
			json_str(j, r->id);
	}
	json_end_array(j);
	json_path_closures(j, p);
}

/* A path's text, as "explain PATH" prints it. */
static void print_path(const struct model *m, const struct model_path *p,
		       const struct reason_table *t)
{
	char buf[1024];
	bool any = false;

	printf("%s: %s, which ask no reason (%s)\n", p->name, p->reaches, m->name);
	printf("in this kernel: %s\n", presence_str(m, p, buf, sizeof(buf)));
	puts("where the kernel does it:");
	for (size_t s = 0; s < p->n_sources; s++)
		printf("  %s\n", p->sources[s]);
	puts("it grants a root process:");
	for (size_t g = 0; g < p->n_grants; g++)
		print_grant(m, &p->grants[g]);
	printf("  which means: %s\n", model_capset_str(m, model_grants_effective(m, p->grants,
			p->n_grants, all_allowed, NULL), buf, sizeof(buf)));
	fputs("so denying any of these protects nothing from it:", stdout);
	for (unsigned int k = 0; k < t->conf_max; k++) {
		const struct model_reason *r;

		if (table_is_reason(t, k) && (r = model_find(m, t->v[k].id)) &&
		    model_reason_on_arch(r, model_host_arch()) && path_defeats(m, p, r)) {
			printf("%s %s", any ? "," : "", r->id);
			any = true;
		}
	}
	puts(any ? "" : " none");
	for (int b = 0; b < MODEL_BACKENDS; b++) {
		const struct model_closure *c = &p->on[b];

		printf("with %s: ", model_backend_names[b]);
		if (c->open && p->fixed_in) {
			printf("open, whatever the policy denies, unless the kernel is built with "
			       "%s: then closed when the policy denies", p->fixed_in);
			for (size_t w = 0; w < p->fixed.n_when; w++)
				printf("%s %s", w ? "," : "", p->fixed.when[w]);
			printf(" (%s)\n", p->fixed.how);
			continue;
		}
		if (c->open) {
			puts("open, whatever the policy denies");
			continue;
		}
		fputs(c->n_when ? "closed when the policy denies" : "closed, whatever the policy denies",
		      stdout);
		for (size_t w = 0; w < c->n_when; w++)
			printf("%s %s", w ? "," : "", c->when[w]);
		printf(" (%s)\n", c->how);
	}
}

static int explain_reason(const struct model *m, const struct reason_table *t, int what,
			  const struct model_reason *r, bool json)
{
	const char *dir = getenv("LDPOLICY_POLICIES") ? getenv("LDPOLICY_POLICIES") :
			  LDPOLICY_POLICY_DIR;
	const struct model_path **paths = xcalloc(m->n_paths + 1, sizeof(*paths));
	struct defeat *beats = NULL, *beaten = NULL;
	char **shipped, buf[256];
	int shipped_err;
	size_t n_shipped, n_beats = 0, n_beaten = 0, n_paths = paths_defeating(m, r, paths);

	for (unsigned int k = 0; k < t->conf_max; k++) {
		const struct model_reason *o2;
		const struct model_grant *g;
		bool on_arch;

		if (!table_is_reason(t, k) || (int)k == what || !(o2 = model_find(m, t->v[k].id)))
			continue;
		/* as the analysis does: no defeat through a path this machine lacks */
		on_arch = model_reason_on_arch(r, model_host_arch()) &&
			  model_reason_on_arch(o2, model_host_arch());
		if ((g = defeats(m, r, o2))) {
			beats = xrealloc(beats, (n_beats + 1) * sizeof(*beats));
			beats[n_beats++] = (struct defeat){ o2->id, g, on_arch };
		}
		if ((g = defeats(m, o2, r))) {
			beaten = xrealloc(beaten, (n_beaten + 1) * sizeof(*beaten));
			beaten[n_beaten++] = (struct defeat){ o2->id, g, on_arch };
		}
	}
	n_shipped = shipped_denying(dir, t, what, &shipped, &shipped_err);

	if (json) {
		struct json j;

		json_begin_document(&j, stdout, "ldpolicy.explain/2");
		emit_json_reason(&j, t, what);
		json_key(&j, "description");
		json_str(&j, t->v[what].desc);
		json_key(&j, "model");
		json_str(&j, m->name);
		json_key(&j, "gates");
		json_str(&j, r->gates);
		json_key(&j, "sites");
		json_begin_array(&j);
		for (size_t s = 0; s < r->n_sites; s++)
			json_str(&j, r->sites[s].at);
		json_end_array(&j);
		json_key(&j, "sites_once");
		json_begin_array(&j);
		for (size_t s = 0; s < r->n_sites; s++)
			if (r->sites[s].once)
				json_str(&j, r->sites[s].at);
		json_end_array(&j);
		json_grants(&j, m, r->grants, r->n_grants);
		json_defeats(&j, "defeats", beats, n_beats);
		json_defeats(&j, "defeated_by", beaten, n_beaten);
		json_key(&j, "defeated_by_paths");
		json_begin_array(&j);
		for (size_t i = 0; i < n_paths; i++)
			json_str(&j, paths[i]->name);
		json_end_array(&j);
		json_key(&j, "policies_dir");
		json_str(&j, dir);
		json_key(&j, "denied_by_policies");
		if (shipped_err) {
			json_str(&j, NULL);	/* unknown, never "none" */
		} else {
			json_begin_array(&j);
			for (size_t k = 0; k < n_shipped; k++)
				json_str(&j, shipped[k]);
			json_end_array(&j);
		}
		json_end_document(&j);
	} else {
		if (t->v[what].desc)
			printf("%s (%d, %s): %s\n", t->v[what].id, what, class_name(t->v[what].cls),
			       t->v[what].desc);
		else
			printf("%s (%d, %s)\n", t->v[what].id, what, class_name(t->v[what].cls));
		printf("gates: %s\n", r->gates);
		printf("call sites (%s):\n", m->name);
		for (size_t s = 0; s < r->n_sites; s++)
			printf("  %s%s\n", r->sites[s].at, r->sites[s].once ?
			       " (decided once, at boot or when its driver starts: a policy loaded "
			       "later does not change it)" : "");
		puts("allowing it grants:");
		for (size_t g = 0; g < r->n_grants; g++)
			print_grant(m, &r->grants[g]);
		printf("  which means: %s\n",
		       model_capset_str(m, model_effective(m, r, all_allowed, NULL), buf, sizeof(buf)));
		print_defeats("allowed, it defeats a denial of", beats, n_beats);
		print_defeats("denied, it is defeated by allowing", beaten, n_beaten);
		printf("denied, it is defeated by paths that ask no reason:%s\n", n_paths ? "" : " none");
		for (size_t i = 0; i < n_paths; i++) {
			char closure[1024];

			printf("  %s (%s): %s\n", paths[i]->name, paths[i]->reaches,
			       analyze_closure_str(m, paths[i], NULL, closure, sizeof(closure)));
		}
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
	free(paths);
	return EXIT_OK;
}

/* One line per grant: what the VM suite reads (tests/vm/guest/attack.sh). */
static void print_overview(const struct model *m, const struct reason_table *t)
{
	char closure[1024];

	printf("model %s: Linux %u.%u, %s\n", m->name, m->major, m->minor, m->kernel_desc);
	for (unsigned int k = 0; k < t->conf_max; k++) {
		const struct model_reason *r;

		if (!table_is_reason(t, k) || !(r = model_find(m, t->v[k].id)))
			continue;
		for (size_t g = 0; g < r->n_grants; g++) {
			const struct model_grant *gr = &r->grants[g];

			printf("reason %s %s", r->id, m->caps[gr->cap].name);
			for (size_t w = 0; w < gr->n_with; w++)
				printf(" with %s", gr->with[w]);
			printf("%s: %s [%s%s]\n", gr->console ? " to-console" : "", gr->how,
			       gr->shown_by ? "shown-by " : "argued", gr->shown_by ? gr->shown_by : "");
		}
	}
	for (size_t i = 0; i < m->n_paths; i++) {
		const struct model_path *p = &m->p[i];

		for (size_t g = 0; g < p->n_grants; g++)
			printf("path %s %s: %s [%s%s] %s\n", p->name, m->caps[p->grants[g].cap].name,
			       p->grants[g].how, p->grants[g].shown_by ? "shown-by " : "argued",
			       p->grants[g].shown_by ? p->grants[g].shown_by : "",
			       analyze_closure_str(m, p, NULL, closure, sizeof(closure)));
	}
}

static void json_overview(const struct model *m)
{
	struct json j;

	json_begin_document(&j, stdout, "ldpolicy.model/1");
	json_key(&j, "model");
	json_str(&j, m->name);
	json_key(&j, "kernel");
	{
		char v[16];

		snprintf(v, sizeof(v), "%u.%u", m->major, m->minor);
		json_str(&j, v);
	}
	json_key(&j, "tree");
	json_str(&j, m->kernel_desc);
	json_key(&j, "reasons");
	json_begin_array(&j);
	for (size_t i = 0; i < m->n; i++) {
		json_begin_object(&j);
		json_key(&j, "id");
		json_str(&j, m->r[i].id);
		json_grants(&j, m, m->r[i].grants, m->r[i].n_grants);
		json_end_object(&j);
	}
	json_end_array(&j);
	json_key(&j, "paths");
	json_begin_array(&j);
	for (size_t i = 0; i < m->n_paths; i++) {
		json_begin_object(&j);
		json_key(&j, "name");
		json_str(&j, m->p[i].name);
		json_key(&j, "reaches");
		json_str(&j, m->p[i].reaches);
		json_grants(&j, m, m->p[i].grants, m->p[i].n_grants);
		json_path_closures(&j, &m->p[i]);
		json_end_object(&j);
	}
	json_end_array(&j);
	json_end_document(&j);
}

int cmd_explain(int argc, char **argv, const struct command *cmd)
{
	struct reason_table t;
	struct model m;
	struct diags d = { 0 };
	struct opts o;
	const struct model_reason *r;
	const struct model_path *p;
	int i = parse_opts(argc, argv, cmd, &o), what, ret = EXIT_OK;

	if (i < 0)
		return EXIT_USAGE;
	if (load_table(&t, &o, &d)) {
		flush_diags(&d);
		return EXIT_ENV;
	}
	if (load_model(&m, &o, NULL, &d)) {
		flush_diags(&d);
		table_free(&t);
		return EXIT_ENV;
	}
	flush_diags(&d);	/* a model for another version is said so */
	if (i == argc) {
		if (o.json)
			json_overview(&m);
		else
			print_overview(&m, &t);
		goto out;
	}
	what = table_lookup(&t, argv[i]);
	r = what >= 0 ? model_find(&m, t.v[what].id) : NULL;
	p = what < 0 ? model_find_path(&m, argv[i]) : NULL;
	if (r) {
		ret = explain_reason(&m, &t, what, r, o.json);
	} else if (p && o.json) {
		struct json j;

		json_begin_document(&j, stdout, "ldpolicy.path/1");
		explain_json_path(&j, &m, p, &t);
		json_end_document(&j);
	} else if (p) {
		print_path(&m, p, &t);
	} else {
		const char *s = table_suggest(&t, argv[i]);

		if (what >= 0)
			fprintf(stderr, "ldpolicy: %s is not in the reason model %s\n",
				t.v[what].id, m.name);
		else
			fprintf(stderr, "ldpolicy: unknown reason or path '%s'%s%s%s\n", argv[i],
				s ? "; did you mean '" : "", s ? s : "", s ? "'?" : "");
		ret = EXIT_USAGE;
	}
out:
	model_free(&m);
	table_free(&t);
	return ret;
}
