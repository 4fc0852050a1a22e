// SPDX-License-Identifier: GPL-2.0
/* What libbpf says as an attack loads its BPF object, and what it finds (attack.h). */
#include <errno.h>
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

const char *libbpf_log_tail(size_t n)
{
	size_t len = strlen(libbpf_log);

	return libbpf_log + (len > n ? len - n : 0);
}

int load_only(struct bpf_object_skeleton *skel, const struct bpf_program *keep,
	      const struct bpf_program *also)
{
	struct bpf_program *p;

	libbpf_log_start();
	bpf_object__for_each_program(p, *skel->obj)
		bpf_program__set_autoload(p, p == keep || (also && p == also));
	return -bpf_object__load_skeleton(skel);
}

void load_outcome(struct aresult *o, int err, const char *why)
{
	size_t line = why ? strcspn(why, "\n") : 0;

	if (err == EPERM)
		refused(o, "BPF_PROG_LOAD: EPERM");
	else if (why)	/* its line */
		refused(o, "the verifier: %.*s", (int)(line < 160 ? line : 160), why);
	else	/* the verifier's last words */
		failed(o, "load: %s; %s", strerror(err), libbpf_log_tail(300));
}

bool kernel_has_kfunc(const char *name)
{
	struct btf *btf = btf__load_vmlinux_btf();
	bool yes = btf && btf__find_by_name_kind(btf, name, BTF_KIND_FUNC) >= 0;

	btf__free(btf);
	return yes;
}
