/* SPDX-License-Identifier: GPL-2.0 */
/* Writing a command's output: a file replaced atomically, or stdout. */
#ifndef LDPOLICY_OUTPUT_H
#define LDPOLICY_OUTPUT_H

#include <stdio.h>

struct output {
	FILE *f;
	char *path;	/* the final path, or NULL for stdout */
	char *tmp;
};

/* Open @path ("-" or NULL: stdout). Returns 0, or -1 with a message. */
int output_open(struct output *o, const char *path);
/* Close; on success rename into place. Returns 0 or -1 with a message. */
int output_close(struct output *o, int ok);

#endif
