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
	x->sev = sev;
	x->loc = loc ? *loc : (struct loc){ 0 };
	/* a diagnostic outlives the file it points into */
	if (x->loc.file)
		x->loc.file = xstrdup(x->loc.file);
	va_start(ap, fmt);
	if (vasprintf(&x->msg, fmt, ap) < 0)
		x->msg = xstrdup("(out of memory formatting a message)");
	va_end(ap);
	if (sev == SEV_ERROR)
		d->errors++;
	else if (sev == SEV_WARNING)
		d->warnings++;
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

		if (d->v[i].sev != SEV_NOTE || i == 0)
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

void diag_print(const struct diags *d, FILE *f)
{
	for (size_t i = 0; i < d->n; i++) {
		const struct diagnostic *x = &d->v[i];

		if (x->loc.file && x->loc.line && x->loc.col)
			fprintf(f, "%s:%u:%u: ", x->loc.file, x->loc.line, x->loc.col);
		else if (x->loc.file && x->loc.line)
			fprintf(f, "%s:%u: ", x->loc.file, x->loc.line);
		else if (x->loc.file)
			fprintf(f, "%s: ", x->loc.file);
		else
			fputs("ldpolicy: ", f);
		fprintf(f, "%s: %s\n", severity_name(x->sev), x->msg);
	}
}

void diag_free(struct diags *d)
{
	for (size_t i = 0; i < d->n; i++) {
		free(d->v[i].msg);
		free((char *)d->v[i].loc.file);
	}
	free(d->v);
	*d = (struct diags){ 0 };
}
