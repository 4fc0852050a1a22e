// SPDX-License-Identifier: GPL-2.0
/*
 * kernel.ftrace_enabled stays on.
 *
 * BPF trampolines, through which every BPF LSM program runs, are ftrace
 * direct calls; they are not registered FTRACE_OPS_FL_PERMANENT, so
 * writing 0 to /proc/sys/kernel/ftrace_enabled switches every one of them
 * off: the object's enforcement and guards with them. This program is
 * attached to the root cgroup (BPF_F_ALLOW_MULTI, so it is in force in
 * every cgroup below it, and no program there can override it), and
 * refuses every write to kernel.ftrace_enabled from ldp_guard_on until
 * reboot: even a write of 1, which another sysctl program, run after this
 * one, could rewrite to 0 (bpf_sysctl_set_new_value()). ldpolicy reads
 * the value on every command.
 *
 * Its context is declared void *, not struct bpf_sysctl *: the kernel
 * does not let a function whose arguments it cannot check against their
 * BTF be replaced (freplace), and guard_bpf.bpf.c refuses extension
 * programs for the object's program types besides.
 */
#include "ldp_object.h"

/* The name bpf_sysctl_get_name() gives, without flags: from "kernel/". */
#define FTRACE_ENABLED		"kernel/ftrace_enabled"
#define FTRACE_ENABLED_LEN	(sizeof(FTRACE_ENABLED) - 1)

/*
 * The name compared eight bytes at a time, both zero-padded to 32, with
 * the words as immediates (no constant map: the object's maps are
 * counted, and guarded). A branch per character, as clang 19 (Debian 13)
 * compiles a loop over them, gives the verifier paths to walk one by one,
 * past its million instructions; four words give it at most sixteen.
 */
#define FTRACE_ENABLED_32	FTRACE_ENABLED "\0\0\0\0\0\0\0\0\0\0\0"
#define FE_B(i)			((__u64)(unsigned char)FTRACE_ENABLED_32[i])
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define FE_AT(w, k)		(FE_B(8 * (w) + (k)) << (8 * (k)))
#else
#define FE_AT(w, k)		(FE_B(8 * (w) + (k)) << (56 - 8 * (k)))
#endif
/* word W of the padded name, as a load of its eight bytes reads it */
#define FE_W(w)			(FE_AT(w, 0) | FE_AT(w, 1) | FE_AT(w, 2) | FE_AT(w, 3) | \
				 FE_AT(w, 4) | FE_AT(w, 5) | FE_AT(w, 6) | FE_AT(w, 7))

static __always_inline bool is_ftrace_enabled(struct bpf_sysctl *ctx)
{
	__u64 name[4] = {};
	long n = bpf_sysctl_get_name(ctx, (char *)name, sizeof(name), 0);

	_Static_assert(sizeof(FTRACE_ENABLED_32) == 33, "padded to 32, and its NUL");
	if (n != FTRACE_ENABLED_LEN)
		return false;
	return !((name[0] ^ FE_W(0)) | (name[1] ^ FE_W(1)) | (name[2] ^ FE_W(2)) |
		 (name[3] ^ FE_W(3)));
}

/* 1 lets the access through, 0 refuses it with EPERM. */
SEC("cgroup/sysctl")
int ldp_guard_sysctl(void *ctx)
{
	struct bpf_sysctl *sysctl = ctx;

	if (!sysctl->write || !guarding())
		return 1;
	return !is_ftrace_enabled(sysctl);
}
