/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Writing a command's output: standard output, a regular file replaced
 * atomically (its mode and owner kept), or what else is at the path (a
 * device, a pipe) written in place. See output.c.
 */
#ifndef LDPOLICY_OUTPUT_H
#define LDPOLICY_OUTPUT_H

#include <stdio.h>

struct output {
	FILE *f;
	char *path;	/* where it goes (symlinks to a regular file resolved) */
	char *tmp;	/* the file renamed over @path; NULL when written in place */
};

/* Open @path ("-" or NULL: stdout). Returns 0, or -1 with a message. */
int output_open(struct output *o, const char *path);
/*
 * Flush and close; if @ok, put a new file into place, else drop it.
 * Returns 0, or -1 with a message when a write or the close failed.
 */
int output_close(struct output *o, int ok);
/* Flush and close standard output, at exit: 0, or -1 with a message. */
int output_stdout_close(void);

#endif
