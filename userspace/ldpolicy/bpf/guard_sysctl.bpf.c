// SPDX-License-Identifier: GPL-2.0
/*
 * Two sysctls: kernel.ftrace_enabled stays on, and
 * net.ipv4.tcp_fastopen_key stays unread while the policy denies
 * LOCKDOWN_XFRM_SECRET.
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
 * A read of net.ipv4.tcp_fastopen_key (proc_tcp_fastopen_key(), any
 * network namespace) gives root the key the kernel drew at random for TCP
 * Fast Open cookies, with which cookies for any client address are
 * forged, asking no lockdown reason: a kernel secret of the kind
 * LOCKDOWN_XFRM_SECRET keeps from xfrm_user's dumps. A write from the
 * start sets a key root then knows, and is left alone; a write at an
 * offset is refused: proc_dostring() keeps what the buffer held before
 * it (kernel.sysctl_writes_strict), and the handler fills the buffer
 * with the key it holds, so the cookies of key[0, offset) + a guess tell
 * the key a digit at a time (ldattack tfo-oracle).
 *
 * Its context is declared void *, not struct bpf_sysctl *: the kernel
 * does not let a function whose arguments it cannot check against their
 * BTF be replaced (freplace), and guard_bpf.bpf.c refuses extension
 * programs for the object's program types besides.
 */
#include "ldp_object.h"

/* The names bpf_sysctl_get_name() gives, without flags: from "kernel/". */
#define FTRACE_ENABLED		"kernel/ftrace_enabled"
#define TFO_KEY			"net/ipv4/tcp_fastopen_key"

/*
 * A name compared eight bytes at a time, both zero-padded to 32, with
 * the words as immediates (no constant map: the object's maps are
 * counted, and guarded). A branch per character, as clang 19 (Debian 13)
 * compiles a loop over them, gives the verifier paths to walk one by one,
 * past its million instructions; four words give it at most sixteen.
 */
#define PAD32(s)		s "\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0"
#define NB(s, i)		((__u64)(unsigned char)PAD32(s)[i])
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define NAT(s, w, k)		(NB(s, 8 * (w) + (k)) << (8 * (k)))
#else
#define NAT(s, w, k)		(NB(s, 8 * (w) + (k)) << (56 - 8 * (k)))
#endif
/* word W of the padded name, as a load of its eight bytes reads it */
#define NW(s, w)		(NAT(s, w, 0) | NAT(s, w, 1) | NAT(s, w, 2) | NAT(s, w, 3) | \
				 NAT(s, w, 4) | NAT(s, w, 5) | NAT(s, w, 6) | NAT(s, w, 7))
#define NAME_IS(name, s)	(!(((name)[0] ^ NW(s, 0)) | ((name)[1] ^ NW(s, 1)) | \
				   ((name)[2] ^ NW(s, 2)) | ((name)[3] ^ NW(s, 3))))

_Static_assert(sizeof(FTRACE_ENABLED) <= 32 && sizeof(TFO_KEY) <= 32, "names fit 32 bytes");

/* 1 lets the access through, 0 refuses it with EPERM. */
SEC("cgroup/sysctl")
int ldp_guard_sysctl(void *ctx)
{
	struct bpf_sysctl *sysctl = ctx;
	__u64 name[4] = {};
	long n;

	/* every sysctl read comes here: the name only while the key is kept */
	if (sysctl->write ? !guarding() :
	    !policy_denies(bpf_core_enum_value(enum lockdown_reason, LOCKDOWN_XFRM_SECRET)))
		return 1;
	n = bpf_sysctl_get_name(sysctl, (char *)name, sizeof(name), 0);
	if (sysctl->write && n == sizeof(FTRACE_ENABLED) - 1 && NAME_IS(name, FTRACE_ENABLED))
		return 0;
	if (n != sizeof(TFO_KEY) - 1 || !NAME_IS(name, TFO_KEY) ||
	    (sysctl->write && !sysctl->file_pos))
		return 1;
	return !policy_denies(bpf_core_enum_value(enum lockdown_reason, LOCKDOWN_XFRM_SECRET));
}
