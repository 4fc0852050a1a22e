// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "util.h"

const char *severity_name(enum severity sev)
{
	switch (sev) {
	case SEV_ERROR:
		return "error";
	case SEV_WARNING:
		return "warning";
	case SEV_NOTE:
		return "note";
	}
	return "?";
}

void diag_add(struct diags *d, enum severity sev, const struct loc *loc,
	      const char *fmt, ...)
{
	struct diagnostic *x;
	va_list ap;

	grow(&d->v, &d->cap, d->n + 1, sizeof(*d->v));
	x = &d->v[d->n++];
	memset(x, 0, sizeof(*x));
	x->sev = sev;
	x->loc = loc ? *loc : (struct loc){ 0 };
	/* a diagnostic outlives the file it points into */
	if (x->loc.file)
		x->loc.file = xstrdup(x->loc.file);
	va_start(ap, fmt);
	if (vasprintf(&x->msg, fmt, ap) < 0)
		x->msg = xstrdup("(out of memory formatting a message)");
	va_end(ap);
	/* a note belongs to the diagnostic before it, and is of its kind */
	if (sev == SEV_NOTE && d->n > 1)
		x->code = d->v[d->n - 2].code;
	if (sev == SEV_ERROR)
		d->errors++;
	else if (sev == SEV_WARNING)
		d->warnings++;
}

void diag_code(struct diags *d, const char *code)
{
	if (d->n)
		d->v[d->n - 1].code = code;
}

void diag_about(struct diags *d, bool denied, const char *id)
{
	struct diagnostic *x;
	char ***v;
	size_t *n, cap;

	if (!d->n)
		return;
	x = &d->v[d->n - 1];
	v = denied ? &x->denied : &x->allowed;
	n = denied ? &x->n_denied : &x->n_allowed;
	cap = *n;
	grow(v, &cap, *n + 1, sizeof(**v));
	(*v)[(*n)++] = xstrdup(id);
}

void diag_fix(struct diags *d, const struct loc *at, unsigned int len, const char *fmt, ...)
{
	struct diagnostic *x;
	va_list ap;

	if (!d->n || !at || !at->line)
		return;
	x = &d->v[d->n - 1];
	free(x->fix.text);
	va_start(ap, fmt);
	if (vasprintf(&x->fix.text, fmt, ap) < 0)
		x->fix.text = NULL;
	va_end(ap);
	x->fix.line = at->line;
	x->fix.col = at->col;
	x->fix.len = len;
}

void diag_code_rest(struct diags *d, size_t from, const char *code)
{
	for (size_t i = from; i < d->n; i++)
		if (!d->v[i].code)
			d->v[i].code = code;
}

struct sort_key {
	size_t file_rank, idx;
	unsigned int line, col;
};

static int key_cmp(const void *a, const void *b)
{
	const struct sort_key *x = a, *y = b;

	if (x->file_rank != y->file_rank)
		return x->file_rank < y->file_rank ? -1 : 1;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	if (x->col != y->col)
		return x->col < y->col ? -1 : 1;
	return x->idx < y->idx ? -1 : x->idx > y->idx;
}

/*
 * Diagnostics are found phase by phase (parse, then resolve, then
 * analyse); print them in file order: files in the order they first
 * appear, then by line and column. A note keeps the place of the
 * diagnostic it belongs to.
 */
void diag_sort(struct diags *d)
{
	struct sort_key *k = xcalloc(d->n, sizeof(*k));
	struct diagnostic *v = xcalloc(d->n, sizeof(*v));
	size_t owner = 0;

	if (!d->n) {
		free(k);
		free(v);
		return;
	}
	for (size_t i = 0; i < d->n; i++) {
		const struct loc *l;
		size_t rank = i;

		if (d->v[i].sev != SEV_NOTE || d->v[i].own_place || i == 0)
			owner = i;
		l = &d->v[owner].loc;
		for (size_t j = 0; j < owner; j++)
			if (l->file && d->v[j].loc.file && !strcmp(l->file, d->v[j].loc.file)) {
				rank = k[j].file_rank;
				break;
			}
		if (!l->file)
			rank = 0;
		k[i] = (struct sort_key){ rank, i, l->line, l->col };
		if (owner != i) {	/* a note sorts right after its owner */
			k[i] = k[owner];
			k[i].idx = i;
		}
	}
	qsort(k, d->n, sizeof(*k), key_cmp);
	for (size_t i = 0; i < d->n; i++)
		v[i] = d->v[k[i].idx];
	memcpy(d->v, v, d->n * sizeof(*v));
	free(v);
	free(k);
}

/* The source a diagnostic points into, read again to show its line. */
struct source {
	char *path;
	char *text;	/* NULL if unreadable */
};

static const char *source_line(struct source *src, const char *path, unsigned int line,
			       size_t *len)
{
	const char *p;

	if (!src->path || strcmp(src->path, path)) {
		free(src->path);
		free(src->text);
		src->path = xstrdup(path);
		src->text = strcmp(path, "-") ? read_file(path, NULL) : NULL;
	}
	if (!src->text)
		return NULL;
	for (p = src->text; line > 1 && p; line--) {
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	if (!p || !*p)
		return NULL;
	*len = strcspn(p, "\n");
	return p;
}

/* A line longer than this is shown around the column, cut with "...". */
#define SOURCE_WIDTH 100

/* The line under a diagnostic, and a caret under its column, as gcc does. */
static void show_source(FILE *f, struct source *src, const struct loc *loc)
{
	size_t len, from = 0, to, col;
	const char *line = source_line(src, loc->file, loc->line, &len);

	if (!line || loc->col > len + 1)
		return;
	col = loc->col - 1;
	to = len;
	/* a long line (one-line JSON, say): the part around the column */
	if (len > SOURCE_WIDTH) {
		from = col > SOURCE_WIDTH / 2 ? col - SOURCE_WIDTH / 2 : 0;
		while (from < col && ((unsigned char)line[from] & 0xc0) == 0x80)
			from++;
		to = from + SOURCE_WIDTH < len ? from + SOURCE_WIDTH : len;
		while (to < len && ((unsigned char)line[to] & 0xc0) == 0x80)
			to++;
	}
	/* what a terminal cannot show (control bytes, bad UTF-8) as '?' */
	fprintf(f, "%5u | %s", loc->line, from ? "..." : "");
	for (size_t i = from; i < to;) {
		unsigned char c = line[i];
		size_t n = utf8_len(line + i);

		if (!n || (c < 0x20 && c != '\t') || c == 0x7f) {
			fputc('?', f);
			i++;
		} else {
			fwrite(line + i, 1, n, f);
			i += n;
		}
	}
	/* the caret under the column, counting a UTF-8 character as one */
	fprintf(f, "%s\n      | %s", to < len ? "..." : "", from ? "   " : "");
	for (size_t i = from; i < col && i < len;) {
		size_t n = utf8_len(line + i);

		fputc(line[i] == '\t' ? '\t' : ' ', f);
		i += n ? n : 1;
	}
	fputs("^\n", f);
}

/* Errors shown per file, at most: garbage gives one per byte otherwise. */
#define MAX_SHOWN_ERRORS 20

void diag_print(const struct diags *d, FILE *f)
{
	struct source src = { 0 };
	const char *file = NULL;
	unsigned int shown = 0, hidden = 0;

	for (size_t i = 0; i <= d->n; i++) {
		const struct diagnostic *x = i < d->n ? &d->v[i] : NULL;

		if (!x || !file || !x->loc.file || strcmp(file, x->loc.file)) {
			if (hidden)
				fprintf(f, "%s: note: %u more error%s not shown\n", file, hidden,
					hidden == 1 ? "" : "s");
			file = x ? x->loc.file : NULL;
			shown = hidden = 0;
		}
		if (!x)
			break;
		if (x->sev == SEV_ERROR && x->loc.file && shown++ >= MAX_SHOWN_ERRORS) {
			hidden++;
			continue;
		}
		if (x->loc.file && x->loc.line && x->loc.col)
			fprintf(f, "%s:%u:%u: ", x->loc.file, x->loc.line, x->loc.col);
		else if (x->loc.file && x->loc.line)
			fprintf(f, "%s:%u: ", x->loc.file, x->loc.line);
		else if (x->loc.file)
			fprintf(f, "%s: ", x->loc.file);
		else
			fputs("ldpolicy: ", f);
		fprintf(f, "%s: %s\n", severity_name(x->sev), x->msg);
		if (x->loc.file && x->loc.line && x->loc.col && x->sev != SEV_NOTE)
			show_source(f, &src, &x->loc);
	}
	free(src.path);
	free(src.text);
}

void diag_free(struct diags *d)
{
	for (size_t i = 0; i < d->n; i++) {
		free(d->v[i].msg);
		free((char *)d->v[i].loc.file);
		for (size_t k = 0; k < d->v[i].n_denied; k++)
			free(d->v[i].denied[k]);
		for (size_t k = 0; k < d->v[i].n_allowed; k++)
			free(d->v[i].allowed[k]);
		free(d->v[i].denied);
		free(d->v[i].allowed);
		free(d->v[i].fix.text);
	}
	free(d->v);
	*d = (struct diags){ 0 };
}
