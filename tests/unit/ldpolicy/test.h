/* SPDX-License-Identifier: GPL-2.0 */
/* Shared by the ldpolicy unit tests (cmocka). */
#ifndef LDPOLICY_TEST_H
#define LDPOLICY_TEST_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "diag.h"
#include "table.h"

/* Paths given by the Makefile. */
#ifndef TABLE_612
#error "TABLE_612: the offline 6.12 table"
#endif

/* The offline 6.12 table, loaded or the test fails. */
static inline void load_612(struct reason_table *t)
{
	struct diags d = { 0 };

	if (table_load(t, TABLE_612, &d)) {
		diag_print(&d, stderr);
		fail_msg("cannot load %s", TABLE_612);
	}
	diag_free(&d);
}

/* Does some diagnostic contain @needle (and, if @line, sit on @line:@col)? */
static inline int has_diag(const struct diags *d, enum severity sev, unsigned int line,
			   unsigned int col, const char *needle)
{
	for (size_t i = 0; i < d->n; i++)
		if (d->v[i].sev == sev && strstr(d->v[i].msg, needle) &&
		    (!line || (d->v[i].loc.line == line && d->v[i].loc.col == col)))
			return 1;
	return 0;
}

/* Write @text to a fresh file under $TMPDIR named @name; returns its path. */
static inline char *write_tmp(const char *name, const char *text)
{
	static char dir[256];
	char *path;
	FILE *f;

	if (!dir[0]) {
		snprintf(dir, sizeof(dir), "%s/ldpolicy-test-XXXXXX",
			 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
		if (!mkdtemp(dir))
			fail_msg("mkdtemp");
	}
	path = malloc(strlen(dir) + strlen(name) + 2);
	sprintf(path, "%s/%s", dir, name);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	return path;
}

#ifdef VALIDATE
/*
 * Validate the JSON documents @files (space-separated paths) against
 * the published schemas, each against the one its "schema" member
 * names: the exit status of tests/unit/schemas/validate.py, 0 if valid.
 */
static inline int validate_json(const char *files)
{
	char cmd[8192];

	snprintf(cmd, sizeof(cmd), "/usr/bin/python3 -W ignore %s %s %s >&2", VALIDATE, SCHEMAS,
		 files);
	return system(cmd);
}
#endif

#endif
