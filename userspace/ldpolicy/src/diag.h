/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Compiler-style diagnostics: "file:line:col: error: message", collected so
 * that every error in a run is reported, as text or as JSON.
 */
#ifndef LDPOLICY_DIAG_H
#define LDPOLICY_DIAG_H

#include <stdio.h>

struct loc {
	const char *file;	/* in a diagnostic: its own copy */
	unsigned int line;	/* 1-based; 0 for "the whole file" */
	unsigned int col;	/* 1-based; 0 for "the whole line" */
};

enum severity { SEV_ERROR, SEV_WARNING, SEV_NOTE };

struct diagnostic {
	enum severity sev;
	struct loc loc;
	char *msg;
};

struct diags {
	struct diagnostic *v;
	size_t n, cap;
	unsigned int errors, warnings;
};

void diag_add(struct diags *d, enum severity sev, const struct loc *loc,
	      const char *fmt, ...) __attribute__((format(printf, 4, 5)));
#define diag_error(d, loc, ...) diag_add(d, SEV_ERROR, loc, __VA_ARGS__)
#define diag_warning(d, loc, ...) diag_add(d, SEV_WARNING, loc, __VA_ARGS__)
#define diag_note(d, loc, ...) diag_add(d, SEV_NOTE, loc, __VA_ARGS__)

/* Order diagnostics by file (first appearance), line, column. */
void diag_sort(struct diags *d);

/* Print every diagnostic, in order, "file:line:col: error: msg". */
void diag_print(const struct diags *d, FILE *f);
void diag_free(struct diags *d);

const char *severity_name(enum severity sev);

#endif
