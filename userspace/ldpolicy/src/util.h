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

/*
 * An arena: many small strings freed at once (a parsed file's words).
 * arena_strndup never fails (like xmalloc); arena_free frees them all.
 */
struct arena {
	struct arena_chunk *chunks;
	size_t left;
	char *next;
};

char *arena_strndup(struct arena *a, const char *s, size_t n);
/* @n bytes copied from @src, aligned for any object. */
void *arena_memdup(struct arena *a, const void *src, size_t n);
void arena_free(struct arena *a);

/*
 * The length of the valid UTF-8 sequence at @s (1 to 4 bytes), or 0 if
 * the bytes there are not one (a stray continuation byte, an overlong
 * form, a surrogate, beyond U+10FFFF, or cut short by the NUL).
 */
size_t utf8_len(const char *s);

/*
 * Levenshtein distance between @a and @b, ignoring ASCII case: how far a
 * misspelt word is from a known one, for did-you-mean.
 */
unsigned int edit_distance(const char *a, const char *b);

/* Grow *arr (of *cap elements of size elem) to hold at least n. */
void grow(void *arr, size_t *cap, size_t n, size_t elem);

#endif
