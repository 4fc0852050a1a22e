// SPDX-License-Identifier: GPL-2.0
/* libbpf's messages: kept, the last ones, for when something fails. */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/libbpf.h>

#include "bpf_log.h"

static char libbpf_log[16384];
static size_t libbpf_log_len;

static int keep(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	char *line, *from;
	size_t n;
	int w;

	if (level == LIBBPF_DEBUG)
		return 0;
	w = vasprintf(&line, fmt, ap);
	if (w <= 0)
		return 0;
	n = w;
	from = line;
	if (n >= sizeof(libbpf_log) / 2) {
		from = line + n - sizeof(libbpf_log) / 2;
		n = sizeof(libbpf_log) / 2;
	}
	if (libbpf_log_len + n >= sizeof(libbpf_log)) {
		/* keep the tail: it is what explains a failure */
		size_t drop = libbpf_log_len + n - sizeof(libbpf_log) / 2;

		drop = drop < libbpf_log_len ? drop : libbpf_log_len;
		memmove(libbpf_log, libbpf_log + drop, libbpf_log_len - drop);
		libbpf_log_len -= drop;
	}
	memcpy(libbpf_log + libbpf_log_len, from, n);
	libbpf_log_len += n;
	free(line);
	return 0;
}

void bpf_log_keep(void)
{
	libbpf_set_print(keep);
}

void bpf_log_clear(void)
{
	libbpf_log_len = 0;
}

void bpf_log_diag(struct diags *d, const char *what, int err)
{
	diag_error(d, NULL, "BPF backend: %s: %s%s%.*s", what, strerror(err),
		   libbpf_log_len ? "; libbpf said:\n" : "",
		   (int)libbpf_log_len, libbpf_log);
	libbpf_log_len = 0;
}
