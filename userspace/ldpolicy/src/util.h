/* SPDX-License-Identifier: GPL-2.0 */
/* Small helpers: allocation that cannot fail, files read whole. */
#ifndef LDPOLICY_UTIL_H
#define LDPOLICY_UTIL_H

#include <stdbool.h>
#include <stddef.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * Read a whole file (or stdin for "-") into a NUL-terminated buffer.
 * Returns NULL and sets errno on failure; *len excludes the NUL.
 */
char *read_file(const char *path, size_t *len);

/* Grow *arr (of *cap elements of size elem) to hold at least n. */
void grow(void *arr, size_t *cap, size_t n, size_t elem);

#endif
