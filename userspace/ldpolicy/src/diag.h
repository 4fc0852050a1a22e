/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Compiler-style diagnostics: "file:line:col: error: message", collected so
 * that every error in a run is reported, as text or as JSON.
 */
#ifndef LDPOLICY_DIAG_H
#define LDPOLICY_DIAG_H

#include <stdbool.h>
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
	bool own_place;	/* a note sorted by its own place, not after the last error */
	/* for JSON: what kind it is, the reasons it is about, what to write */
	const char *code;	/* "bypass", "unknown-reason", "syntax", "io"..., or NULL */
	char **denied, **allowed;
	size_t n_denied, n_allowed;
	/*
	 * What to write, as a compiler's fix-it: replace @fix.len bytes at
	 * @fix.line:@fix.col of the diagnostic's file with @fix.text (a
	 * len of 0 inserts; a text ending in a newline at column 1 adds a
	 * line). NULL text: no fix. Always valid policy (tested).
	 */
	struct {
		unsigned int line, col, len;
		char *text;
	} fix;
};

struct diags {
	struct diagnostic *v;
	size_t n, cap;
	unsigned int errors, warnings;
	unsigned int io_errors;	/* errors that are the environment's: exit 3 */
};

void diag_add(struct diags *d, enum severity sev, const struct loc *loc,
	      const char *fmt, ...) __attribute__((format(printf, 4, 5)));
#define diag_error(d, loc, ...) diag_add(d, SEV_ERROR, loc, __VA_ARGS__)
#define diag_warning(d, loc, ...) diag_add(d, SEV_WARNING, loc, __VA_ARGS__)
#define diag_note(d, loc, ...) diag_add(d, SEV_NOTE, loc, __VA_ARGS__)
/* A note of its own, not about the diagnostic before it: sorted by its place. */
#define diag_remark(d, loc, ...) \
	do { diag_add(d, SEV_NOTE, loc, __VA_ARGS__); (d)->v[(d)->n - 1].own_place = true; } while (0)
/* An error reading or writing a file the user named: the environment's. */
#define diag_io_error(d, loc, ...) \
	do { (d)->io_errors++; diag_add(d, SEV_ERROR, loc, __VA_ARGS__); diag_code(d, "io"); } while (0)

/* Structured data of the diagnostic added last, for JSON (see struct diagnostic). */
void diag_code(struct diags *d, const char *code);
void diag_about(struct diags *d, bool denied, const char *id);
/* A fix for the diagnostic added last: replace @len bytes at @at with the text. */
void diag_fix(struct diags *d, const struct loc *at, unsigned int len, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* A fix that adds the line of @fmt after line @line (0: at the top). */
#define diag_fix_add_line(d, line, ...) \
	diag_fix(d, &(struct loc){ NULL, (line) + 1, 1 }, 0, __VA_ARGS__)
/* Give every diagnostic from the @from'th on that has no code @code. */
void diag_code_rest(struct diags *d, size_t from, const char *code);

/* Order diagnostics by file (first appearance), line, column. */
void diag_sort(struct diags *d);

/* Print every diagnostic, in order, "file:line:col: error: msg". */
void diag_print(const struct diags *d, FILE *f);
void diag_free(struct diags *d);

const char *severity_name(enum severity sev);

#endif
