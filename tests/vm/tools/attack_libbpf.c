// SPDX-License-Identifier: GPL-2.0
/* What libbpf says as an attack loads its BPF object, and what it finds (attack.h). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "attack.h"

char libbpf_log[LIBBPF_LOG_SIZE];

static int keep_log(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	size_t n = strlen(libbpf_log);

	(void)level;
	if (n < sizeof(libbpf_log) - 1)
		vsnprintf(libbpf_log + n, sizeof(libbpf_log) - n, fmt, ap);
	return 0;
}

void libbpf_log_start(void)
{
	libbpf_set_print(keep_log);
	libbpf_log[0] = '\0';
}

bool kernel_has_kfunc(const char *name)
{
	struct btf *btf = btf__load_vmlinux_btf();
	bool yes = btf && btf__find_by_name_kind(btf, name, BTF_KIND_FUNC) >= 0;

	btf__free(btf);
	return yes;
}
