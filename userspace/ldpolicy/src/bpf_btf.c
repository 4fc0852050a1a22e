// SPDX-License-Identifier: GPL-2.0
/* The running kernel's BTF, as the kernel has it (bpf_btf.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "bpf_btf.h"
#include "kfs.h"

/* The kernel's BTF is tens of megabytes at most. */
#define BTF_MAX_SIZE	(256u << 20)

struct btf *bpf_vmlinux_btf(struct diags *d)
{
	static struct btf *btf;
	size_t len = 0;
	char *data;

	if (btf)
		return btf;
	data = kfs_read(KFS_SYSFS, "kernel/btf/vmlinux", BTF_MAX_SIZE, &len);
	if (!data) {
		diag_error(d, NULL, "BPF backend: cannot read the kernel's BTF (%s/kernel/btf/vmlinux): "
			   "%s", kfs_where(KFS_SYSFS), strerror(errno));
		return NULL;
	}
	btf = btf__new(data, len);
	free(data);
	if (!btf)
		diag_error(d, NULL, "BPF backend: the kernel's BTF does not parse: %s",
			   strerror(errno));
	return btf;
}

bool bpf_kernel_has_func(const char *name)
{
	struct diags quiet = { 0 };
	struct btf *btf = bpf_vmlinux_btf(&quiet);

	diag_free(&quiet);
	return btf && btf__find_by_name_kind(btf, name, BTF_KIND_FUNC) > 0;
}
