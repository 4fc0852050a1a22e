// SPDX-License-Identifier: GPL-2.0
/*
 * The reason table from a kernel tree's include/linux/security.h: the
 * body of enum lockdown_reason, enumerators in order (explicit values are
 * honoured), comments and preprocessor lines skipped. When the header sits
 * in a kernel tree, the descriptions come from the lockdown_reasons[]
 * array of that tree's security/security.c.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "table.h"
#include "util.h"

static const char *skip_space_comments(const char *p, unsigned int *line)
{
	for (;;) {
		if (*p == '\n') {
			(*line)++;
			p++;
		} else if (isspace((unsigned char)*p)) {
			p++;
		} else if (p[0] == '/' && p[1] == '*') {
			for (p += 2; *p && !(p[0] == '*' && p[1] == '/'); p++)
				if (*p == '\n')
					(*line)++;
			p += *p ? 2 : 0;
		} else if (p[0] == '/' && p[1] == '/') {
			while (*p && *p != '\n')
				p++;
		} else if (*p == '#') {
			while (*p && *p != '\n')
				p++;
		} else {
			return p;
		}
	}
}

/* "[LOCKDOWN_KCORE] = "/proc/kcore access"," lines of security/security.c. */
static void add_descriptions(struct reason_table *t, const char *header_path)
{
	const char *suffix = "include/linux/security.h";
	size_t hl = strlen(header_path), sl = strlen(suffix);
	char *path, *text, *p;

	if (hl < sl || strcmp(header_path + hl - sl, suffix))
		return;
	path = xasprintf("%.*ssecurity/security.c", (int)(hl - sl), header_path);
	text = read_file(path, NULL);
	free(path);
	if (!text)
		return;
	p = strstr(text, "lockdown_reasons[");
	while (p && (p = strstr(p, "[LOCKDOWN_")) != NULL) {
		char id[128], desc[256];
		int what;

		if (sscanf(p, "[%127[A-Z0-9_]] = \"%255[^\"]\"", id, desc) == 2 &&
		    (what = table_lookup(t, id)) >= 0 && !t->v[what].desc)
			t->v[what].desc = xstrdup(desc);
		p++;
	}
	free(text);
}

/* @text with every comment blanked out, newlines kept: lines stay put. */
static char *strip_comments(const char *text)
{
	char *s = xstrdup(text), *p = s;

	while (*p) {
		if (p[0] == '/' && p[1] == '*') {
			for (; *p && !(p[0] == '*' && p[1] == '/'); p++)
				if (*p != '\n')
					*p = ' ';
			if (*p)
				p[0] = p[1] = ' ';
		} else if (p[0] == '/' && p[1] == '/') {
			for (; *p && *p != '\n'; p++)
				*p = ' ';
		} else if (*p == '"') {
			for (p++; *p && *p != '"' && *p != '\n'; p++)
				if (*p == '\\' && p[1])
					p++;
			if (*p == '"')
				p++;
		} else {
			p++;
		}
	}
	return s;
}

int table_from_header(struct reason_table *t, const char *orig, const char *name,
		      struct diags *d)
{
	char *text = strip_comments(orig);
	const char *p = strstr(text, "enum lockdown_reason {");
	unsigned int line = 1, n = 0;
	size_t cap = 0;
	long next = 0;
	char **ids = NULL;
	int ret = -1;

	if (!p) {
		struct loc loc = { .file = name };

		diag_error(d, &loc, "no 'enum lockdown_reason {' in this file");
		free(text);
		return -1;
	}
	for (const char *q = text; q < p; q++)
		line += *q == '\n';
	p = strchr(p, '{') + 1;
	for (;;) {
		struct loc loc = { .file = name };
		const char *start;
		char *id;

		p = skip_space_comments(p, &line);
		loc.line = line;
		if (*p == '}')
			break;
		if (!isalpha((unsigned char)*p) && *p != '_') {
			diag_error(d, &loc, "unexpected '%c' in enum lockdown_reason", *p ? *p : ' ');
			goto out;
		}
		start = p;
		while (isalnum((unsigned char)*p) || *p == '_')
			p++;
		id = xstrndup(start, p - start);
		p = skip_space_comments(p, &line);
		if (*p == '=') {
			char *end;

			p = skip_space_comments(p + 1, &line);
			next = strtol(p, &end, 0);
			if (end == p || next < 0 || next > LOCKDOWN_POLICY_MAX_REASONS) {
				diag_error(d, &loc, "%s: only plain numbers are understood as values", id);
				free(id);
				goto out;
			}
			p = skip_space_comments(end, &line);
		}
		grow(&ids, &cap, next + 1, sizeof(*ids));
		while (n <= (unsigned int)next)
			ids[n++] = NULL;
		if (ids[next]) {
			diag_error(d, &loc, "%s: value %ld already taken by %s", id, next, ids[next]);
			free(id);
			goto out;
		}
		ids[next++] = id;
		if (*p == ',')
			p++;
		else if (*p != '}') {
			diag_error(d, &loc, "expected ',' or '}' after %s", id);
			goto out;
		}
	}
	{
		char *source = xasprintf("header:%s", name);

		ret = table_from_ids(t, ids, n, source, d);
		free(source);
		if (!ret)
			add_descriptions(t, name);
	}
out:
	for (unsigned int i = 0; i < n; i++)
		free(ids[i]);
	free(ids);
	free(text);
	return ret;
}
