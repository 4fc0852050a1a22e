// SPDX-License-Identifier: GPL-2.0
/* Parsing the reason models, choosing one per kernel, and their capability algebra. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "kconfig.h"
#include "model.h"
#include "util.h"

/* The built-in models, generated from model/linux-*.model at build time. */
struct builtin_model {
	const char *name, *text;
};
extern const struct builtin_model ldpolicy_builtin_models[];
extern const unsigned int ldpolicy_n_builtin_models;

const char *const model_backend_names[MODEL_BACKENDS] = { "lockdown_policy", "bpf" };

#define MAX_FIELDS 24

struct field {
	char *s;
	bool quoted;
	unsigned int col;
};

/*
 * Split a line into words and "quoted strings" (\" and \\ escapes),
 * stopping at a '#' outside quotes. Returns the number of fields, or -1
 * (with a diagnostic) on an unterminated string or too many fields.
 */
static int split(char *line, struct field *f, const struct loc *where, struct diags *d)
{
	char *p = line;
	int n = 0;

	for (;;) {
		struct loc at = *where;

		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p || *p == '#')
			return n;
		if (n == MAX_FIELDS) {
			at.col = p - line + 1;
			diag_error(d, &at, "too many fields");
			return -1;
		}
		f[n].col = p - line + 1;
		if (*p == '"') {
			char *out = ++p;

			f[n].s = out;
			f[n].quoted = true;
			while (*p && *p != '"') {
				if (*p == '\\' && (p[1] == '"' || p[1] == '\\'))
					p++;
				*out++ = *p++;
			}
			if (*p != '"') {
				at.col = f[n].col;
				diag_error(d, &at, "unterminated string");
				return -1;
			}
			p++;
			*out = '\0';
		} else {
			f[n].s = p;
			f[n].quoted = false;
			while (*p && *p != ' ' && *p != '\t')
				p++;
			if (*p)
				*p++ = '\0';
		}
		n++;
	}
}

static int find_cap(const struct model *m, const char *name)
{
	for (unsigned int i = 0; i < m->n_caps; i++)
		if (!strcmp(m->caps[i].name, name))
			return i;
	return -1;
}

const struct model_reason *model_find(const struct model *m, const char *id)
{
	for (size_t i = 0; i < m->n; i++)
		if (!strcmp(m->r[i].id, id))
			return &m->r[i];
	return NULL;
}

const struct model_path *model_find_path(const struct model *m, const char *name)
{
	for (size_t i = 0; i < m->n_paths; i++)
		if (!strcasecmp(m->p[i].name, name))
			return &m->p[i];
	return NULL;
}

static void add_str(char ***v, size_t *n, const char *s)
{
	*v = xrealloc(*v, (*n + 1) * sizeof(**v));
	(*v)[(*n)++] = xstrdup(s);
}

/* A lower-case word of letters, digits and dashes: a path or attack name. */
static bool is_name(const char *s)
{
	if (!*s || *s == '-')
		return false;
	return strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789-") == strlen(s);
}

/* What the statement being parsed belongs to. */
struct parse_state {
	enum { IN_NOTHING, IN_REASON, IN_PATH } in;
	struct model_grant *grant;	/* the last grant, for shown-by and argued */
};

static bool grant_statement(struct model *m, struct model_grant **v, size_t *n, bool path,
			    struct field *f, int nf, struct loc *at, struct diags *d,
			    struct parse_state *st)
{
	struct model_grant g = { 0 };
	int k, i = 3;

	if (nf < 3 || !f[2].quoted || f[1].quoted) {
		diag_error(d, at, "expected: grants CAPABILITY \"how\" [with LOCKDOWN_X...] [to-console]");
		return false;
	}
	k = find_cap(m, f[1].s);
	if (k < 0) {
		at->col = f[1].col;
		diag_error(d, at, "unknown capability '%s'", f[1].s);
		return false;
	}
	g.cap = k;
	if (i < nf && !strcmp(f[i].s, "with")) {
		for (i++; i < nf && strncmp(f[i].s, "LOCKDOWN_", 9) == 0; i++)
			add_str(&g.with, &g.n_with, f[i].s);
		if (!g.n_with || path) {
			at->col = f[i < nf ? i : nf - 1].col;
			diag_error(d, at, path ? "a path asks no reason: its grants have no 'with'" :
				   "expected: grants CAPABILITY \"how\" [with LOCKDOWN_X...] [to-console]");
			goto fail;
		}
	}
	if (i < nf && !strcmp(f[i].s, "to-console")) {
		g.console = true;
		i++;
	}
	if (i < nf) {
		at->col = f[i].col;
		diag_error(d, at, "expected: grants CAPABILITY \"how\" [with LOCKDOWN_X...] [to-console]");
		goto fail;
	}
	g.how = xstrdup(f[2].s);
	*v = xrealloc(*v, (*n + 1) * sizeof(**v));
	(*v)[(*n)++] = g;
	st->grant = &(*v)[*n - 1];
	return true;
fail:
	for (size_t w = 0; w < g.n_with; w++)
		free(g.with[w]);
	free(g.with);
	return false;
}

/* shown-by ATTACK, argued "why" FILE:FUNCTION...: the evidence of the last grant */
static bool evidence_statement(struct field *f, int n, struct loc *at, struct diags *d,
			       struct parse_state *st)
{
	struct model_grant *g = st->grant;
	const char *kw = f[0].s;

	if (!g) {
		diag_error(d, at, "'%s' must follow the grant it is evidence for", kw);
		return false;
	}
	if (g->shown_by || g->argued) {
		diag_error(d, at, "this grant already has its evidence ('shown-by' or 'argued')");
		return false;
	}
	if (!strcmp(kw, "shown-by")) {
		if (n != 2 || f[1].quoted || !is_name(f[1].s)) {
			diag_error(d, at, "expected: shown-by ATTACK (a lower-case name)");
			return false;
		}
		g->shown_by = xstrdup(f[1].s);
		return true;
	}
	if (n < 3 || !f[1].quoted) {
		diag_error(d, at, "expected: argued \"why it is not shown here\" FILE:FUNCTION...");
		return false;
	}
	for (int i = 2; i < n; i++) {
		const char *colon = strchr(f[i].s, ':');

		if (f[i].quoted || !colon || colon == f[i].s || !colon[1] || strchr(colon + 1, ':')) {
			at->col = f[i].col;
			diag_error(d, at, "expected FILE:FUNCTION, the source the argument rests on");
			return false;
		}
	}
	g->argued = xstrdup(f[1].s);
	for (int i = 2; i < n; i++)
		add_str(&g->refs, &g->n_refs, f[i].s);
	return true;
}

/* The backend "on" names, or -1. */
static int on_backend(struct field *f, int n)
{
	for (int b = 0; n > 1 && b < MODEL_BACKENDS; b++)
		if (!f[1].quoted && !strcmp(f[1].s, model_backend_names[b]))
			return b;
	return -1;
}

/* Fields @f[@from..@to) as reasons into @v: false if one is not. */
static bool on_reasons(char ***v, size_t *n, struct field *f, int from, int to, struct loc *at,
		       struct diags *d, const char *kw)
{
	for (int i = from; i < to; i++) {
		if (f[i].quoted || strncmp(f[i].s, "LOCKDOWN_", 9)) {
			at->col = f[i].col;
			diag_error(d, at, "%s names the reasons it needs", kw);
			return false;
		}
		add_str(v, n, f[i].s);
	}
	return true;
}

/*
 * on BACKEND open | on BACKEND closed-when LOCKDOWN_X... "how" |
 * on BACKEND closed "how"
 */
static bool on_statement(struct model_path *p, struct field *f, int n, struct loc *at,
			 struct diags *d)
{
	int b = on_backend(f, n);
	struct model_closure *c = b >= 0 ? &p->on[b] : NULL;

	if (!c || n < 3 ||
	    !((n == 3 && !strcmp(f[2].s, "open")) ||
	      (n == 4 && !strcmp(f[2].s, "closed") && f[3].quoted) ||
	      (n >= 5 && !strcmp(f[2].s, "closed-when") && f[n - 1].quoted))) {
		diag_error(d, at, "expected: on lockdown_policy|bpf open, on lockdown_policy|bpf "
			   "closed-when LOCKDOWN_X... \"how\", or on lockdown_policy|bpf closed \"how\"");
		return false;
	}
	if (c->set) {
		diag_error(d, at, "%s's state with %s is given twice", p->name, f[1].s);
		return false;
	}
	c->set = true;
	c->open = n == 3;
	if (!on_reasons(&c->when, &c->n_when, f, 3, n - 1, at, d, "closed-when"))
		return false;
	if (!c->open)
		c->how = xstrdup(f[n - 1].s);
	return true;
}

/* fixed-in CONFIG_X "how": the last grant, not given by kernels with the fix */
static bool fixed_statement(struct field *f, int n, struct loc *at, struct diags *d,
			    struct parse_state *st)
{
	struct model_grant *g = st->grant;

	if (n != 3 || f[1].quoted || strncmp(f[1].s, "CONFIG_", 7) || !f[1].s[7] || !f[2].quoted) {
		diag_error(d, at, "expected: fixed-in CONFIG_X \"how\"");
		return false;
	}
	if (!g) {
		diag_error(d, at, "'fixed-in' must follow the grant it qualifies");
		return false;
	}
	if (g->fixed_in) {
		diag_error(d, at, "this grant's fix is given twice");
		return false;
	}
	g->fixed_in = xstrdup(f[1].s);
	g->fixed_how = xstrdup(f[2].s);
	return true;
}

/*
 * A path's fixed-in CONFIG_X closed-when LOCKDOWN_Y... "how": where the
 * kernel carries the fix, it asks those reasons here, whatever backend
 * answers them.
 */
static bool path_fixed_statement(struct model_path *p, struct field *f, int n, struct loc *at,
				 struct diags *d)
{
	if (n < 5 || f[1].quoted || strncmp(f[1].s, "CONFIG_", 7) || !f[1].s[7] ||
	    strcmp(f[2].s, "closed-when") || !f[n - 1].quoted) {
		diag_error(d, at, "expected: fixed-in CONFIG_X closed-when LOCKDOWN_Y... \"how\"");
		return false;
	}
	if (p->fixed_in) {
		diag_error(d, at, "%s's fix is given twice", p->name);
		return false;
	}
	p->fixed_in = xstrdup(f[1].s);
	p->fixed.set = true;
	p->fixed.how = xstrdup(f[n - 1].s);
	return on_reasons(&p->fixed.when, &p->fixed.n_when, f, 3, n - 1, at, d, "closed-when");
}

/* One statement; false after reporting an error. */
static bool statement(struct model *m, struct field *f, int n, struct loc *at,
		      struct diags *d, struct parse_state *st)
{
	struct model_reason *r = st->in == IN_REASON ? &m->r[m->n - 1] : NULL;
	struct model_path *p = st->in == IN_PATH ? &m->p[m->n_paths - 1] : NULL;
	const char *kw = f[0].s;

	at->col = f[0].col;
	if (f[0].quoted) {
		diag_error(d, at, "expected a statement, found a string");
		return false;
	}
	if (!strcmp(kw, "kernel")) {
		if (m->major || m->minor || m->n || m->n_paths) {
			diag_error(d, at, "'kernel' comes once, before every entry");
			return false;
		}
		if (n != 3 || f[1].quoted || !f[2].quoted || strncmp(f[1].s, "linux-", 6) == 0 ||
		    !kversion_parse(f[1].s, &m->major, &m->minor)) {
			diag_error(d, at, "expected: kernel X.Y \"which kernel tree\"");
			return false;
		}
		m->kernel_desc = xstrdup(f[2].s);
		return true;
	}
	if (!strcmp(kw, "capability")) {
		struct model_cap *c;

		if (n < 3 || !f[2].quoted || f[1].quoted) {
			diag_error(d, at, "expected: capability NAME \"description\" [implies NAME...]");
			return false;
		}
		if (find_cap(m, f[1].s) >= 0 || m->n_caps == MODEL_MAX_CAPS) {
			diag_error(d, at, "capability '%s' defined twice, or too many", f[1].s);
			return false;
		}
		c = &m->caps[m->n_caps];
		c->implies = 1U << m->n_caps;
		if (n > 3 && strcmp(f[3].s, "implies")) {
			at->col = f[3].col;
			diag_error(d, at, "expected 'implies'");
			return false;
		}
		for (int i = 4; i < n; i++) {
			int k = find_cap(m, f[i].s);

			if (k < 0) {
				at->col = f[i].col;
				diag_error(d, at, "unknown capability '%s' (define it before implying it)",
					   f[i].s);
				return false;
			}
			c->implies |= m->caps[k].implies;
		}
		c->name = xstrdup(f[1].s);
		c->desc = xstrdup(f[2].s);
		m->n_caps++;
		return true;
	}
	if (!strcmp(kw, "reason")) {
		if (n != 2 || strncmp(f[1].s, "LOCKDOWN_", 9)) {
			diag_error(d, at, "expected: reason LOCKDOWN_IDENTIFIER");
			return false;
		}
		if (model_find(m, f[1].s)) {
			diag_error(d, at, "reason %s described twice", f[1].s);
			return false;
		}
		grow(&m->r, &m->cap_r, m->n + 1, sizeof(*m->r));
		memset(&m->r[m->n], 0, sizeof(*m->r));
		m->r[m->n++].id = xstrdup(f[1].s);
		st->in = IN_REASON;
		st->grant = NULL;
		return true;
	}
	if (!strcmp(kw, "path")) {
		if (n != 2 || f[1].quoted || !is_name(f[1].s)) {
			diag_error(d, at, "expected: path NAME (lower-case letters, digits, dashes)");
			return false;
		}
		if (model_find_path(m, f[1].s)) {
			diag_error(d, at, "path %s described twice", f[1].s);
			return false;
		}
		grow(&m->p, &m->cap_p, m->n_paths + 1, sizeof(*m->p));
		memset(&m->p[m->n_paths], 0, sizeof(*m->p));
		m->p[m->n_paths++].name = xstrdup(f[1].s);
		st->in = IN_PATH;
		st->grant = NULL;
		return true;
	}
	if (!strcmp(kw, "shown-by") || !strcmp(kw, "argued"))
		return evidence_statement(f, n, at, d, st);
	if (!strcmp(kw, "grants")) {
		if (st->in == IN_NOTHING) {
			diag_error(d, at, "'grants' before the first 'reason' or 'path'");
			return false;
		}
		return r ? grant_statement(m, &r->grants, &r->n_grants, false, f, n, at, d, st) :
			   grant_statement(m, &p->grants, &p->n_grants, true, f, n, at, d, st);
	}
	if (!strcmp(kw, "gates") || !strcmp(kw, "site")) {
		if (!r) {
			diag_error(d, at, "'%s' belongs to a reason: %s", kw,
				   p ? "a path has 'reaches' and 'source'" : "none started yet");
			return false;
		}
		if (!strcmp(kw, "gates")) {
			if (n != 2 || !f[1].quoted) {
				diag_error(d, at, "expected: gates \"what it gates\"");
				return false;
			}
			free(r->gates);
			r->gates = xstrdup(f[1].s);
			return true;
		}
		if ((n != 3 && n != 4) || (n == 4 && strcmp(f[3].s, "once"))) {
			diag_error(d, at, "expected: site FILE FUNCTION [once]");
			return false;
		}
		r->sites = xrealloc(r->sites, (r->n_sites + 1) * sizeof(*r->sites));
		r->sites[r->n_sites].at = xasprintf("%s %s", f[1].s, f[2].s);
		r->sites[r->n_sites++].once = n == 4;
		return true;
	}
	if (!strcmp(kw, "fixed-in")) {
		if (p)
			return path_fixed_statement(p, f, n, at, d);
		if (!r) {
			diag_error(d, at, "'fixed-in' belongs to a reason's grant or a path");
			return false;
		}
		return fixed_statement(f, n, at, d, st);
	}
	if (!strcmp(kw, "reaches") || !strcmp(kw, "source") || !strcmp(kw, "needs") ||
	    !strcmp(kw, "on")) {
		if (!p) {
			diag_error(d, at, "'%s' belongs to a path: %s", kw,
				   r ? "a reason has 'gates' and 'site'" : "none started yet");
			return false;
		}
		if (!strcmp(kw, "reaches")) {
			if (n != 2 || !f[1].quoted) {
				diag_error(d, at, "expected: reaches \"what it is\"");
				return false;
			}
			free(p->reaches);
			p->reaches = xstrdup(f[1].s);
			return true;
		}
		if (!strcmp(kw, "source")) {
			char *s;

			if (n != 3) {
				diag_error(d, at, "expected: source FILE FUNCTION");
				return false;
			}
			s = xasprintf("%s %s", f[1].s, f[2].s);
			add_str(&p->sources, &p->n_sources, s);
			free(s);
			return true;
		}
		if (!strcmp(kw, "needs")) {
			for (int i = 1; i < n; i++) {
				const char *o = f[i].s + (f[i].s[0] == '!');

				if (f[i].quoted || strncmp(o, "CONFIG_", 7) || !o[7]) {
					at->col = f[i].col;
					diag_error(d, at, "expected: needs CONFIG_X [!CONFIG_Y]...");
					return false;
				}
				add_str(&p->needs, &p->n_needs, f[i].s);
			}
			return n > 1;
		}
		return on_statement(p, f, n, at, d);
	}
	diag_error(d, at, "unknown model statement '%s'", kw);
	return false;
}

static void check_with(const struct model *m, const char *entry, const struct model_grant *g,
		       size_t n, struct diags *d)
{
	struct loc at = { m->name, 0, 0 };

	for (size_t i = 0; i < n; i++) {
		for (size_t w = 0; w < g[i].n_with; w++)
			if (!model_find(m, g[i].with[w]))
				diag_error(d, &at, "%s: 'with %s' names no reason of the model",
					   entry, g[i].with[w]);
		if (!g[i].shown_by && !g[i].argued)
			diag_error(d, &at, "%s: its grant '%s' has no evidence: 'shown-by ATTACK', "
				   "or 'argued \"why\" FILE:FUNCTION...'", entry, g[i].how);
	}
}

/* Everything a parsed model must have, once all is read. */
static void check_complete(struct model *m, struct diags *d)
{
	struct loc at = { m->name, 0, 0 };

	if (!m->major && !m->minor)
		diag_error(d, &at, "no 'kernel X.Y' line: which kernel does the model describe?");
	for (size_t i = 0; i < m->n; i++) {
		const struct model_reason *r = &m->r[i];

		if (!r->n_grants)
			diag_error(d, &at, "%s grants nothing: every reason must say what allowing it gives",
				   r->id);
		if (!r->gates)
			diag_error(d, &at, "%s has no 'gates'", r->id);
		check_with(m, r->id, r->grants, r->n_grants, d);
	}
	for (size_t i = 0; i < m->n_paths; i++) {
		const struct model_path *p = &m->p[i];

		if (!p->reaches || !p->n_sources || !p->n_grants)
			diag_error(d, &at, "path %s needs 'reaches', a 'source' and a 'grants'", p->name);
		for (int b = 0; b < MODEL_BACKENDS; b++) {
			if (!p->on[b].set)
				diag_error(d, &at, "path %s: say whether it is open with %s "
					   "('on %s open', or 'on %s closed-when ...')", p->name,
					   model_backend_names[b], model_backend_names[b],
					   model_backend_names[b]);
			for (size_t w = 0; w < p->on[b].n_when; w++)
				if (!model_find(m, p->on[b].when[w]))
					diag_error(d, &at, "path %s: 'closed-when %s' names no reason of the "
						   "model", p->name, p->on[b].when[w]);
		}
		for (size_t k = 0; k < m->n; k++)
			if (!strcasecmp(p->name, m->r[k].id + 9))
				diag_error(d, &at, "path %s has the name of a reason", p->name);
		check_with(m, p->name, p->grants, p->n_grants, d);
	}
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* @opt ("CONFIG_X", or "!CONFIG_X") in @m's options, once. */
static void note_option(struct model *m, const char *opt)
{
	opt += opt[0] == '!';
	for (size_t i = 0; i < m->n_options; i++)
		if (!strcmp(m->options[i], opt))
			return;
	add_str(&m->options, &m->n_options, opt);
}

/* The options the paths need and the fixes are keyed on, sorted. */
static void collect_options(struct model *m)
{
	for (size_t i = 0; i < m->n_paths; i++) {
		for (size_t k = 0; k < m->p[i].n_needs; k++)
			note_option(m, m->p[i].needs[k]);
		if (m->p[i].fixed_in)
			note_option(m, m->p[i].fixed_in);
	}
	for (size_t i = 0; i < m->n; i++)
		for (size_t k = 0; k < m->r[i].n_grants; k++)
			if (m->r[i].grants[k].fixed_in)
				note_option(m, m->r[i].grants[k].fixed_in);
	if (m->n_options)
		qsort(m->options, m->n_options, sizeof(*m->options), cmp_str);
}

int model_parse(struct model *m, const char *text, const char *name, struct diags *d)
{
	unsigned int errors = d->errors, line = 0;
	char *copy = xstrdup(text), *save = NULL;
	struct parse_state st = { IN_NOTHING, NULL };

	memset(m, 0, sizeof(*m));
	m->name = xstrdup(name);
	m->backend = MODEL_EITHER;
	for (char *p = copy; p; p = save) {
		struct field f[MAX_FIELDS];
		struct loc at = { m->name, ++line, 0 };
		int n;

		save = strchr(p, '\n');
		if (save)
			*save++ = '\0';
		n = split(p, f, &at, d);
		if (n > 0)
			statement(m, f, n, &at, d, &st);
	}
	free(copy);
	check_complete(m, d);
	collect_options(m);
	return d->errors == errors ? 0 : -1;
}

/* The "kernel X.Y" of a built-in model's text, without parsing the rest. */
static bool builtin_version(const char *text, unsigned int *major, unsigned int *minor)
{
	for (const char *p = text; p; p = strchr(p, '\n')) {
		if (*p == '\n')
			p++;
		if (!strncmp(p, "kernel ", 7))
			return kversion_parse(p + 7, major, minor);
	}
	return false;
}

static unsigned int vkey(unsigned int major, unsigned int minor)
{
	return major * 1000 + minor;
}

const char *model_builtin_list(char *buf, size_t len)
{
	size_t off = 0;

	buf[0] = '\0';
	for (unsigned int i = 0; i < ldpolicy_n_builtin_models && off < len; i++) {
		unsigned int a, b;

		if (builtin_version(ldpolicy_builtin_models[i].text, &a, &b))
			off += snprintf(buf + off, len - off, "%s%u.%u", off ? ", " : "", a, b);
	}
	return buf;
}

/*
 * The built-in model for @major.@minor: exact if @exact, else the
 * nearest (the newest below it, else the oldest above). -1 if none.
 */
static int builtin_for(unsigned int major, unsigned int minor, bool exact)
{
	int below = -1, above = -1;
	unsigned int want = vkey(major, minor), bk = 0, ak = ~0U;

	for (unsigned int i = 0; i < ldpolicy_n_builtin_models; i++) {
		unsigned int a, b, k;

		if (!builtin_version(ldpolicy_builtin_models[i].text, &a, &b))
			continue;
		k = vkey(a, b);
		if (k == want)
			return i;
		if (k < want && (below < 0 || k > bk)) {
			below = i;
			bk = k;
		}
		if (k > want && (above < 0 || k < ak)) {
			above = i;
			ak = k;
		}
	}
	if (exact)
		return -1;
	return below >= 0 ? below : above;
}

static int parse_builtin(struct model *m, int i, struct diags *d)
{
	if (i < 0) {
		memset(m, 0, sizeof(*m));
		diag_error(d, NULL, "no built-in reason model says which kernel it is for");
		return -1;
	}
	return model_parse(m, ldpolicy_builtin_models[i].text, ldpolicy_builtin_models[i].name, d);
}

int model_load(struct model *m, const char *spec, const struct kversion *kv, struct diags *d)
{
	unsigned int major, minor;
	char list[128];
	int i, ret;

	model_builtin_list(list, sizeof(list));
	if (spec && !strchr(spec, '/') && kversion_parse(spec, &major, &minor)) {
		i = builtin_for(major, minor, true);
		if (i < 0) {
			diag_error(d, NULL, "no built-in reason model for Linux %u.%u (built in: %s); "
				   "give a model file", major, minor, list);
			memset(m, 0, sizeof(*m));
			return -1;
		}
		return parse_builtin(m, i, d);
	}
	if (spec) {
		char *text = read_file_max(spec, LDP_MAX_TEXT_FILE, NULL);

		if (!text) {
			diag_error(d, &(struct loc){ .file = spec }, "%s",
				   read_error(errno, LDP_MAX_TEXT_FILE));
			memset(m, 0, sizeof(*m));
			return -1;
		}
		ret = model_parse(m, text, spec, d);
		free(text);
		return ret;
	}
	if (kv && kv->known) {
		i = builtin_for(kv->major, kv->minor, true);
		if (i >= 0)
			return parse_builtin(m, i, d);
		i = builtin_for(kv->major, kv->minor, false);
		ret = parse_builtin(m, i, d);
		if (!ret) {
			diag_warning(d, NULL, "no reason model for Linux %u.%u (%s): judged with the "
				     "model for Linux %u.%u, whose call sites and paths may differ "
				     "(built in: %s; --model chooses)", kv->major, kv->minor, kv->from,
				     m->major, m->minor, list);
			diag_code(d, "model-version");
		}
		return ret;
	}
	i = builtin_for(~0U / 1000 - 1, 0, false);	/* the newest */
	ret = parse_builtin(m, i, d);
	if (!ret) {
		diag_warning(d, NULL, "cannot tell which kernel %s is for: judged with the model for "
			     "Linux %u.%u, the newest built in (built in: %s; --model chooses)",
			     kv && kv->from[0] ? kv->from : "the reason table", m->major, m->minor,
			     list);
		diag_code(d, "model-version");
	}
	return ret;
}

capset model_grants_needs(const struct model *m, const struct model_grant *g, size_t n)
{
	capset set = 0;

	for (size_t i = 0; i < n; i++)
		set |= m->caps[g[i].cap].implies;
	return set;
}

capset model_grants_effective(const struct model *m, const struct model_grant *g, size_t n,
			      bool (*allowed)(const char *id, void *arg), void *arg)
{
	capset set = 0;

	for (size_t i = 0; i < n; i++) {
		bool all = !g[i].console;

		for (size_t w = 0; all && w < g[i].n_with; w++)
			all = allowed(g[i].with[w], arg);
		if (all)
			set |= m->caps[g[i].cap].implies;
	}
	return set;
}

capset model_needs(const struct model *m, const struct model_reason *r)
{
	return model_grants_needs(m, r->grants, r->n_grants);
}

capset model_effective(const struct model *m, const struct model_reason *r,
		       bool (*allowed)(const char *id, void *arg), void *arg)
{
	return model_grants_effective(m, r->grants, r->n_grants, allowed, arg);
}

int model_path_present(const struct model *m, const struct model_path *p)
{
	for (size_t i = 0; i < p->n_needs; i++) {
		bool neg = p->needs[i][0] == '!';

		if (!m->config && neg)
			return 0;	/* a kernel built without an option is not assumed */
		if (m->config && kconfig_enabled(m->config, p->needs[i] + neg) == neg)
			return 0;
	}
	return m->config ? 1 : -1;
}

const char *model_capset_str(const struct model *m, capset set, char *buf, size_t len)
{
	size_t off = 0;

	buf[0] = '\0';
	for (unsigned int i = 0; i < m->n_caps && off < len; i++)
		if (set & (1U << i))
			off += snprintf(buf + off, len - off, "%s%s", off ? ", " : "", m->caps[i].name);
	return buf;
}

static void free_strs(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/* What @n grants at @g hold, not @g itself. */
static void free_grants_of(struct model_grant *g, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(g[i].how);
		free_strs(g[i].with, g[i].n_with);
		free(g[i].shown_by);
		free(g[i].argued);
		free_strs(g[i].refs, g[i].n_refs);
		free(g[i].fixed_in);
		free(g[i].fixed_how);
	}
}

static void free_grants(struct model_grant *g, size_t n)
{
	free_grants_of(g, n);
	free(g);
}

/* Drop the grants of @r that a kernel of @config does not give. */
static void grants_fixed(struct model_reason *r, const struct kconfig *config)
{
	size_t k = 0;

	for (size_t i = 0; i < r->n_grants; i++) {
		if (r->grants[i].fixed_in && kconfig_enabled(config, r->grants[i].fixed_in) == 1) {
			free_grants_of(&r->grants[i], 1);
			continue;
		}
		r->grants[k++] = r->grants[i];
	}
	r->n_grants = k;
}

/* A kernel of @config with @p's fix closes it where it was open. */
static void path_fixed(struct model_path *p, const struct kconfig *config)
{
	if (!p->fixed_in || kconfig_enabled(config, p->fixed_in) != 1)
		return;
	for (int b = 0; b < MODEL_BACKENDS; b++) {
		struct model_closure *c = &p->on[b];

		if (!c->open)
			continue;
		c->open = false;
		for (size_t w = 0; w < p->fixed.n_when; w++)
			add_str(&c->when, &c->n_when, p->fixed.when[w]);
		c->how = xstrdup(p->fixed.how);
	}
}

void model_set_target(struct model *m, int backend, const struct kconfig *config)
{
	m->backend = backend;
	m->config = config;
	if (!config)
		return;
	for (size_t i = 0; i < m->n; i++)
		grants_fixed(&m->r[i], config);
	for (size_t i = 0; i < m->n_paths; i++)
		path_fixed(&m->p[i], config);
}

void model_free(struct model *m)
{
	for (unsigned int i = 0; i < m->n_caps; i++) {
		free(m->caps[i].name);
		free(m->caps[i].desc);
	}
	for (size_t i = 0; i < m->n; i++) {
		struct model_reason *r = &m->r[i];

		free(r->id);
		free(r->gates);
		for (size_t s = 0; s < r->n_sites; s++)
			free(r->sites[s].at);
		free(r->sites);
		free_grants(r->grants, r->n_grants);
	}
	for (size_t i = 0; i < m->n_paths; i++) {
		struct model_path *p = &m->p[i];

		free(p->name);
		free(p->reaches);
		free_strs(p->sources, p->n_sources);
		free_strs(p->needs, p->n_needs);
		free_grants(p->grants, p->n_grants);
		for (int b = 0; b < MODEL_BACKENDS; b++) {
			free_strs(p->on[b].when, p->on[b].n_when);
			free(p->on[b].how);
		}
		free(p->fixed_in);
		free_strs(p->fixed.when, p->fixed.n_when);
		free(p->fixed.how);
	}
	free(m->r);
	free(m->p);
	free_strs(m->options, m->n_options);
	free(m->name);
	free(m->kernel_desc);
	memset(m, 0, sizeof(*m));
}

bool model_reason_on_arch(const struct model_reason *r, const char *arch)
{
	size_t n = strlen(arch);

	if (!r->n_sites)
		return true;
	for (size_t i = 0; i < r->n_sites; i++)
		if (strncmp(r->sites[i].at, "arch/", 5) ||
		    (!strncmp(r->sites[i].at + 5, arch, n) && r->sites[i].at[5 + n] == '/'))
			return true;
	return false;
}

static char host_arch[65];

/* The kernel's name for the architecture of uname's @machine. */
static void set_arch(const char *machine)
{
	const char *arch = machine;

	if (!strcmp(machine, "x86_64") || (machine[0] == 'i' && strstr(machine, "86")))
		arch = "x86";
	else if (!strcmp(machine, "aarch64"))
		arch = "arm64";
	else if (!strncmp(machine, "ppc", 3))
		arch = "powerpc";
	else if (!strncmp(machine, "s390", 4))
		arch = "s390";
	else if (!strncmp(machine, "riscv", 5))
		arch = "riscv";
	else if (!strncmp(machine, "arm", 3))
		arch = "arm";
	snprintf(host_arch, sizeof(host_arch), "%s", arch);
}

void model_set_machine(const char *machine)
{
	set_arch(machine);
}

const char *model_host_arch(void)
{
	struct utsname u;

	if (!host_arch[0])
		set_arch(uname(&u) ? "x86_64" : u.machine);
	return host_arch;
}
