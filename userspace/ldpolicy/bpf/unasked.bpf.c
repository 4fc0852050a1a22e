// SPDX-License-Identifier: GPL-2.0
/*
 * Kernel paths that ask no lockdown reason, yet give what a reason the
 * policy denies protects: closed here, on kernels that do not close them
 * themselves, while the policy denies that reason.
 *
 *   PF_KEY         net/key/af_key.c hands out IPsec SA keys (SADB_GET,
 *                  SADB_DUMP) without asking LOCKDOWN_XFRM_SECRET, which
 *                  xfrm_user's dumps ask: no PF_KEY socket while it is
 *                  denied. One opened before is not revoked (ldpolicy
 *                  load warns about it: /proc/net/pfkey).
 *   signed kexec   kexec_file_load(2) of a validly signed kernel asks
 *                  LOCKDOWN_KEXEC only when the signature fails, and the
 *                  new kernel boots without this object: every policy of
 *                  the BPF backend is one a kexec sheds. While the policy
 *                  denies LOCKDOWN_KEXEC, no kexec image is read at all
 *                  (kexec_load(2) asks LOCKDOWN_KEXEC itself).
 *
 * Reading kernel memory through bpf(2) without asking
 * LOCKDOWN_BPF_READ_KERNEL is closed in guard_bpf.bpf.c.
 */
#include "ldp_object.h"

#include <bpf/bpf_tracing.h>

SEC("lsm/socket_create")
int BPF_PROG(ldp_unasked_pfkey, int family, int type, int protocol, int kern, int ret)
{
	if (ret)
		return ret;
	return refuse_if(family == LDP_PF_KEY && !kern &&
			 policy_denies(bpf_core_enum_value(enum lockdown_reason,
							   LOCKDOWN_XFRM_SECRET)));
}

SEC("lsm/kernel_read_file")
int BPF_PROG(ldp_unasked_kexec, struct file *file, enum kernel_read_file_id id, bool contents,
	     int ret)
{
	if (ret)
		return ret;
	return refuse_if((id == bpf_core_enum_value(enum kernel_read_file_id, READING_KEXEC_IMAGE) ||
			  id == bpf_core_enum_value(enum kernel_read_file_id,
						    READING_KEXEC_INITRAMFS)) &&
			 policy_denies(bpf_core_enum_value(enum lockdown_reason, LOCKDOWN_KEXEC)));
}
