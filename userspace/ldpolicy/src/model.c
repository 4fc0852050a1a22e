// SPDX-License-Identifier: GPL-2.0
/* Parsing the reason model, and its capability algebra. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "model.h"
#include "util.h"

/* The built-in model, generated from model/linux-6.12.model at build time. */
extern const char ldpolicy_builtin_model[];
extern const char ldpolicy_builtin_model_name[];

#define MAX_FIELDS 16

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

static void add_str(char ***v, size_t *n, const char *s)
{
	*v = xrealloc(*v, (*n + 1) * sizeof(**v));
	(*v)[(*n)++] = xstrdup(s);
}

/* One statement; false after reporting an error. */
static bool statement(struct model *m, struct field *f, int n, struct loc *at,
		      struct diags *d)
{
	struct model_reason *r = m->n ? &m->r[m->n - 1] : NULL;
	const char *kw = f[0].s;

	at->col = f[0].col;
	if (f[0].quoted) {
		diag_error(d, at, "expected a statement, found a string");
		return false;
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
		return true;
	}
	if (strcmp(kw, "gates") && strcmp(kw, "site") && strcmp(kw, "grants")) {
		diag_error(d, at, "unknown model statement '%s'", kw);
		return false;
	}
	if (!r) {
		diag_error(d, at, "'%s' before the first 'reason'", kw);
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
	if (!strcmp(kw, "site")) {
		char *s;

		if (n != 3) {
			diag_error(d, at, "expected: site FILE FUNCTION");
			return false;
		}
		s = xasprintf("%s %s", f[1].s, f[2].s);
		add_str(&r->sites, &r->n_sites, s);
		free(s);
		return true;
	}
	if (!strcmp(kw, "grants")) {
		struct model_grant g = { 0 };
		int k;

		if (n < 3 || !f[2].quoted || (n > 3 && (strcmp(f[3].s, "with") || n == 4))) {
			diag_error(d, at, "expected: grants CAPABILITY \"how\" [with LOCKDOWN_X...]");
			return false;
		}
		k = find_cap(m, f[1].s);
		if (k < 0) {
			at->col = f[1].col;
			diag_error(d, at, "unknown capability '%s'", f[1].s);
			return false;
		}
		g.cap = k;
		g.how = xstrdup(f[2].s);
		for (int i = 4; i < n; i++)
			add_str(&g.with, &g.n_with, f[i].s);
		r->grants = xrealloc(r->grants, (r->n_grants + 1) * sizeof(*r->grants));
		r->grants[r->n_grants++] = g;
		return true;
	}
	return false;
}

int model_parse(struct model *m, const char *text, const char *name, struct diags *d)
{
	unsigned int errors = d->errors, line = 0;
	char *copy = xstrdup(text), *save = NULL;

	memset(m, 0, sizeof(*m));
	m->name = xstrdup(name);
	for (char *p = copy; p; p = save) {
		struct field f[MAX_FIELDS];
		struct loc at = { m->name, ++line, 0 };
		int n;

		save = strchr(p, '\n');
		if (save)
			*save++ = '\0';
		n = split(p, f, &at, d);
		if (n > 0)
			statement(m, f, n, &at, d);
	}
	free(copy);
	for (size_t i = 0; i < m->n; i++) {
		struct loc at = { m->name, 0, 0 };

		if (!m->r[i].n_grants)
			diag_error(d, &at, "%s grants nothing: every reason must say what allowing it gives",
				   m->r[i].id);
		if (!m->r[i].gates)
			diag_error(d, &at, "%s has no 'gates'", m->r[i].id);
		for (size_t g = 0; g < m->r[i].n_grants; g++)
			for (size_t w = 0; w < m->r[i].grants[g].n_with; w++)
				if (!model_find(m, m->r[i].grants[g].with[w]))
					diag_error(d, &at, "%s: 'with %s' names no reason of the model",
						   m->r[i].id, m->r[i].grants[g].with[w]);
	}
	return d->errors == errors ? 0 : -1;
}

int model_load(struct model *m, const char *path, struct diags *d)
{
	char *text;
	int ret;

	if (!path)
		return model_parse(m, ldpolicy_builtin_model, ldpolicy_builtin_model_name, d);
	text = read_file_max(path, LDP_MAX_TEXT_FILE, NULL);
	if (!text) {
		diag_error(d, &(struct loc){ .file = path }, "%s", read_error(errno, LDP_MAX_TEXT_FILE));
		return -1;
	}
	ret = model_parse(m, text, path, d);
	free(text);
	return ret;
}

capset model_needs(const struct model *m, const struct model_reason *r)
{
	capset set = 0;

	for (size_t g = 0; g < r->n_grants; g++)
		set |= m->caps[r->grants[g].cap].implies;
	return set;
}

capset model_effective(const struct model *m, const struct model_reason *r,
		       bool (*allowed)(const char *id, void *arg), void *arg)
{
	capset set = 0;

	for (size_t g = 0; g < r->n_grants; g++) {
		bool all = true;

		for (size_t w = 0; w < r->grants[g].n_with; w++)
			all = all && allowed(r->grants[g].with[w], arg);
		if (all)
			set |= m->caps[r->grants[g].cap].implies;
	}
	return set;
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
			free(r->sites[s]);
		free(r->sites);
		for (size_t g = 0; g < r->n_grants; g++) {
			free(r->grants[g].how);
			for (size_t w = 0; w < r->grants[g].n_with; w++)
				free(r->grants[g].with[w]);
			free(r->grants[g].with);
		}
		free(r->grants);
	}
	free(m->r);
	free(m->name);
	memset(m, 0, sizeof(*m));
}

bool model_reason_on_arch(const struct model_reason *r, const char *arch)
{
	size_t n = strlen(arch);

	if (!r->n_sites)
		return true;
	for (size_t i = 0; i < r->n_sites; i++)
		if (strncmp(r->sites[i], "arch/", 5) ||
		    (!strncmp(r->sites[i] + 5, arch, n) && r->sites[i][5 + n] == '/'))
			return true;
	return false;
}

const char *model_host_arch(void)
{
	static char arch[65];
	struct utsname u;

	if (arch[0])
		return arch;
	if (uname(&u))
		snprintf(arch, sizeof(arch), "x86");
	else if (!strcmp(u.machine, "x86_64") || (u.machine[0] == 'i' && strstr(u.machine, "86")))
		snprintf(arch, sizeof(arch), "x86");
	else if (!strcmp(u.machine, "aarch64"))
		snprintf(arch, sizeof(arch), "arm64");
	else if (!strncmp(u.machine, "ppc", 3))
		snprintf(arch, sizeof(arch), "powerpc");
	else if (!strncmp(u.machine, "s390", 4))
		snprintf(arch, sizeof(arch), "s390");
	else if (!strncmp(u.machine, "riscv", 5))
		snprintf(arch, sizeof(arch), "riscv");
	else if (!strncmp(u.machine, "arm", 3))
		snprintf(arch, sizeof(arch), "arm");
	else
		snprintf(arch, sizeof(arch), "%s", u.machine);
	return arch;
}
