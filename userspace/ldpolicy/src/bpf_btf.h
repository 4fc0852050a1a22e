/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The running kernel's BTF, as the kernel has it: read through ldpolicy's
 * own sysfs mount (kfs.h), never a path root could have bound a fake
 * over, and parsed once. It names the kernel's functions (the BPF LSM's
 * hooks, security_*()) and its types.
 */
#ifndef LDPOLICY_BPF_BTF_H
#define LDPOLICY_BPF_BTF_H

#include <stdbool.h>

#include <bpf/btf.h>

#include "diag.h"

/* The running kernel's BTF. NULL, diagnosed, if it cannot be read. */
struct btf *bpf_vmlinux_btf(struct diags *d);

/* Does the running kernel have function @name (false if its BTF cannot be read)? */
bool bpf_kernel_has_func(const char *name);

#endif
