// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

static void oom(void)
{
	fputs("ldpolicy: out of memory\n", stderr);
	exit(3);
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		oom();
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		oom();
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		oom();
	return p;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0)
		oom();
	va_end(ap);
	return s;
}

int open_regular(const char *path, size_t max)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC), err;

	if (fd < 0)
		return -1;
	if (fstat(fd, &st))
		goto fail;
	if (!S_ISREG(st.st_mode)) {
		errno = S_ISDIR(st.st_mode) ? EISDIR : ENOTREG;
		goto fail;
	}
	/* sysfs and securityfs sizes say nothing: the read below decides */
	if ((unsigned long long)st.st_size > max) {
		errno = EFBIG;
		goto fail;
	}
	if (fcntl(fd, F_SETFL, 0))
		goto fail;
	return fd;
fail:
	err = errno;
	close(fd);
	errno = err;
	return -1;
}

char *read_file_max(const char *path, size_t max, size_t *len)
{
	int fd = strcmp(path, "-") ? open_regular(path, max) : 0;
	size_t cap = 4096, n = 0;
	char *buf;
	ssize_t r;

	if (fd < 0)
		return NULL;
	buf = xmalloc(cap);
	for (;;) {
		if (n + 1 >= cap) {
			if (n > max)
				break;
			buf = xrealloc(buf, cap *= 2);
		}
		/* at most one byte past @max: enough to know it is too large */
		r = read(fd, buf + n, (cap - n - 1 < max + 1 - n ? cap - n - 1 : max + 1 - n));
		if (r < 0) {
			int e = errno;

			if (e == EINTR)
				continue;
			free(buf);
			if (fd)
				close(fd);
			errno = e;
			return NULL;
		}
		if (r == 0 || (n += r) > max)
			break;
	}
	if (fd)
		close(fd);
	if (n > max) {
		free(buf);
		errno = EFBIG;
		return NULL;
	}
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
}

char *read_file(const char *path, size_t *len)
{
	return read_file_max(path, LDP_MAX_TEXT_FILE, len);
}

const char *read_error(int err, size_t max)
{
	static char buf[128];

	if (err == EFBIG && max % (1U << 20) == 0)
		snprintf(buf, sizeof(buf), "too large (more than %zu MiB)", max >> 20);
	else if (err == EFBIG)
		snprintf(buf, sizeof(buf), "too large (more than %zu bytes)", max);
	else if (err == ENOTREG)
		snprintf(buf, sizeof(buf), "not a regular file");
	else
		snprintf(buf, sizeof(buf), "cannot read: %s", strerror(err));
	return buf;
}

void grow(void *arr, size_t *cap, size_t n, size_t elem)
{
	void **a = arr;

	if (n <= *cap)
		return;
	while (*cap < n)
		*cap = *cap ? *cap * 2 : 8;
	*a = xrealloc(*a, *cap * elem);
}

struct arena_chunk {
	struct arena_chunk *prev;
	max_align_t data[];
};

#define ARENA_CHUNK 65536

/* @n bytes aligned to @align (a power of two, at most max_align_t's). */
static void *arena_alloc(struct arena *a, size_t n, size_t align)
{
	size_t pad = a->next ? (size_t)-(uintptr_t)a->next & (align - 1) : 0;
	char *p;

	if (!a->next || pad + n > a->left) {
		size_t size = n > ARENA_CHUNK ? n : ARENA_CHUNK;
		struct arena_chunk *c = xmalloc(sizeof(*c) + size);

		c->prev = a->chunks;
		a->chunks = c;
		a->next = (char *)c->data;
		a->left = size;
		pad = 0;
	}
	p = a->next + pad;
	a->next = p + n;
	a->left -= pad + n;
	return p;
}

char *arena_strndup(struct arena *a, const char *s, size_t n)
{
	char *p = arena_alloc(a, n + 1, 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

void *arena_memdup(struct arena *a, const void *src, size_t n)
{
	return memcpy(arena_alloc(a, n ? n : 1, _Alignof(max_align_t)), src, n);
}

void arena_free(struct arena *a)
{
	while (a->chunks) {
		struct arena_chunk *c = a->chunks;

		a->chunks = c->prev;
		free(c);
	}
	a->left = 0;
	a->next = NULL;
}

size_t utf8_len(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned int cp;
	size_t n;

	if (p[0] < 0x80)
		return 1;
	if (p[0] >= 0xc2 && p[0] <= 0xdf)
		n = 2, cp = p[0] & 0x1f;
	else if (p[0] >= 0xe0 && p[0] <= 0xef)
		n = 3, cp = p[0] & 0x0f;
	else if (p[0] >= 0xf0 && p[0] <= 0xf4)
		n = 4, cp = p[0] & 0x07;
	else
		return 0;
	for (size_t i = 1; i < n; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (p[i] & 0x3f);
	}
	if ((n == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) ||
	    (n == 4 && (cp < 0x10000 || cp > 0x10ffff)))
		return 0;
	return n;
}

unsigned int edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	unsigned int *row = xcalloc(lb + 1, sizeof(*row)), r;

	for (size_t j = 0; j <= lb; j++)
		row[j] = j;
	for (size_t i = 1; i <= la; i++) {
		unsigned int diag = row[0];

		row[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			unsigned int up = row[j];
			unsigned int cost = (a[i - 1] | 0x20) != (b[j - 1] | 0x20);
			unsigned int best = diag + cost;

			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	r = row[lb];
	free(row);
	return r;
}
