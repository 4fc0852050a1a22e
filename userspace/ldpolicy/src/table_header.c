// SPDX-License-Identifier: GPL-2.0
/*
 * The reason table from a kernel tree's include/linux/security.h: the
 * body of enum lockdown_reason, enumerators in order (explicit values are
 * honoured), comments and preprocessor lines skipped.
 */
#include <ctype.h>
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

int table_from_header(struct reason_table *t, const char *text, const char *name,
		      struct diags *d)
{
	const char *p = strstr(text, "enum lockdown_reason {");
	unsigned int line = 1, n = 0;
	size_t cap = 0;
	long next = 0;
	char **ids = NULL;
	int ret = -1;

	if (!p) {
		struct loc loc = { .file = name };

		diag_error(d, &loc, "no 'enum lockdown_reason {' in this file");
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
	}
out:
	for (unsigned int i = 0; i < n; i++)
		free(ids[i]);
	free(ids);
	return ret;
}
