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
 * What ldpolicy reads is bounded, so that a wrong path (/dev/zero, a
 * 200 MB file, an include of a FIFO) fails at once instead of hanging a
 * boot: the limits of ldpolicy(8), LIMITS. A blob's is the uapi's
 * LOCKDOWN_POLICY_MAX_SIZE.
 */
#define LDP_MAX_POLICY_FILE	(1U << 20)	/* a policy file, or standard input */
#define LDP_MAX_POLICY_TOTAL	(8U << 20)	/* all that one compilation reads */
#define LDP_MAX_TEXT_FILE	(4U << 20)	/* a table, a model, a kernel source */
#define LDP_MAX_BTF		(64U << 20)	/* BTF: a raw file, or a vmlinux's .BTF */

/* read_file's errno for a path that is not a regular file (a device, a FIFO) */
#define ENOTREG EBADFD

/*
 * Read a whole regular file of at most @max bytes (or standard input for
 * "-", whatever it is) into a NUL-terminated buffer. Returns NULL and
 * sets errno on failure: EFBIG past @max, EISDIR for a directory, ENOTREG
 * for anything else that is not a regular file (opened without blocking:
 * a FIFO with no writer is refused, not waited for). *len excludes the NUL.
 */
char *read_file_max(const char *path, size_t max, size_t *len);

/*
 * Open @path read-only if it is a regular file of at most @max bytes, as
 * read_file_max() does: the fd, or -1 with its errno.
 */
int open_regular(const char *path, size_t max);

/* read_file_max() with LDP_MAX_TEXT_FILE. */
char *read_file(const char *path, size_t *len);

/*
 * What a read_file_max() of at most @max bytes that failed with @err
 * says: "too large (more than 1 MiB)", "not a regular file", or
 * "cannot read: " and strerror. In a static buffer.
 */
const char *read_error(int err, size_t max);

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
