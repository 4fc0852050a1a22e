/* SPDX-License-Identifier: GPL-2.0 */
/* A small streaming JSON writer: objects, arrays, strings, numbers. */
#ifndef LDPOLICY_JSON_H
#define LDPOLICY_JSON_H

#include <stdbool.h>
#include <stdio.h>

/* Indent the output, one member per line (ldpolicy -p). */
extern bool json_pretty;

struct json {
	FILE *f;
	int depth;
	bool first[32];		/* nothing written yet at this depth */
	bool after_key;
};

/*
 * Opens a top-level object on F; its first member is "schema": SCHEMA
 * unless SCHEMA is NULL. json_end_document() closes it.
 */
void json_begin_document(struct json *j, FILE *f, const char *schema);
/* Closes the top-level object and ends the line. */
void json_end_document(struct json *j);
void json_begin_object(struct json *j);
void json_end_object(struct json *j);
void json_begin_array(struct json *j);
void json_end_array(struct json *j);
void json_key(struct json *j, const char *key);
/*
 * NULL writes null. Not json_string: that is jansson's, which reads a
 * recorded state back (state_read.c); a static link holds both.
 */
void json_str(struct json *j, const char *s);
void json_uint(struct json *j, unsigned long long v);
void json_bool(struct json *j, bool v);

#endif
