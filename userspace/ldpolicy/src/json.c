// SPDX-License-Identifier: GPL-2.0
#include "json.h"
#include "util.h"

bool json_pretty;

static void indent(struct json *j)
{
	fputc('\n', j->f);
	for (int i = 0; i < j->depth; i++)
		fputs("  ", j->f);
}

static void json_init(struct json *j, FILE *f)
{
	j->f = f;
	j->depth = 0;
	j->first[0] = true;
	j->after_key = false;
}

/* Separator before a value: a comma unless first at this depth. */
static void value_start(struct json *j)
{
	if (j->after_key) {
		j->after_key = false;
		return;
	}
	if (!j->first[j->depth])
		fputc(',', j->f);
	if (json_pretty && j->depth > 0)
		indent(j);
	j->first[j->depth] = false;
}

static void open_(struct json *j, char c)
{
	value_start(j);
	fputc(c, j->f);
	if (j->depth < 31)
		j->depth++;
	j->first[j->depth] = true;
}

static void close_(struct json *j, char c)
{
	bool empty = j->first[j->depth];

	if (j->depth > 0)
		j->depth--;
	if (json_pretty && !empty)
		indent(j);
	fputc(c, j->f);
}

void json_begin_object(struct json *j) { open_(j, '{'); }
void json_end_object(struct json *j) { close_(j, '}'); }
void json_begin_array(struct json *j) { open_(j, '['); }
void json_end_array(struct json *j) { close_(j, ']'); }

/* A JSON string: escaped, and always valid UTF-8 (a bad byte is U+FFFD). */
static void raw_string(struct json *j, const char *s)
{
	fputc('"', j->f);
	for (; *s; s++) {
		unsigned char c = *s;
		size_t n = utf8_len(s);

		if (!n) {
			fputs("\\ufffd", j->f);
		} else if (n > 1) {
			fwrite(s, 1, n, j->f);
			s += n - 1;
		} else if (c == '"' || c == '\\')
			fprintf(j->f, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", j->f);
		else if (c == '\t')
			fputs("\\t", j->f);
		else if (c < 0x20 || c == 0x7f)
			fprintf(j->f, "\\u%04x", c);
		else
			fputc(c, j->f);
	}
	fputc('"', j->f);
}

void json_key(struct json *j, const char *key)
{
	value_start(j);
	raw_string(j, key);
	fputs(json_pretty ? ": " : ":", j->f);
	j->after_key = true;
}

void json_str(struct json *j, const char *s)
{
	value_start(j);
	if (s)
		raw_string(j, s);
	else
		fputs("null", j->f);
}

void json_uint(struct json *j, unsigned long long v)
{
	value_start(j);
	fprintf(j->f, "%llu", v);
}

void json_bool(struct json *j, bool v)
{
	value_start(j);
	fputs(v ? "true" : "false", j->f);
}

void json_begin_document(struct json *j, FILE *f, const char *schema)
{
	json_init(j, f);
	json_begin_object(j);
	if (schema) {
		json_key(j, "schema");
		json_str(j, schema);
	}
}

void json_end_document(struct json *j)
{
	json_end_object(j);
	fputc('\n', j->f);
}
