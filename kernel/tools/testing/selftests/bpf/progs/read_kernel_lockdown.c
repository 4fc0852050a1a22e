// SPDX-License-Identifier: GPL-2.0
/*
 * Programs that read kernel memory, and two that do not: under a lockdown
 * that denies LOCKDOWN_BPF_READ_KERNEL the verifier refuses the first.
 */
#include <vmlinux.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>
#include "bpf_kfuncs.h"

char _license[] SEC("license") = "GPL";

__u64 addr;
char out[64];

SEC("syscall")
int snprintf_str(void *ctx)
{
	__u64 args[1] = { addr };

	bpf_snprintf(out, sizeof(out), "%s", args, sizeof(args));
	return 0;
}

SEC("syscall")
int snprintf_ip6(void *ctx)
{
	__u64 args[1] = { addr };

	bpf_snprintf(out, sizeof(out), "%pI6", args, sizeof(args));
	return 0;
}

SEC("syscall")
int snprintf_int(void *ctx)
{
	__u64 args[1] = { addr };

	bpf_snprintf(out, sizeof(out), "%llx", args, sizeof(args));
	return 0;
}

SEC("syscall")
int printk_str(void *ctx)
{
	bpf_printk("%s", (char *)addr);
	return 0;
}

SEC("syscall")
int printk_int(void *ctx)
{
	bpf_printk("%llx", addr);
	return 0;
}

SEC("syscall")
int btf_load(void *ctx)
{
	struct task_struct *t = bpf_get_current_task_btf();

	__builtin_memcpy(out, t->comm, sizeof(t->comm));
	return 0;
}

SEC("syscall")
int rdonly_cast(void *ctx)
{
	struct task_struct *t;

	t = bpf_rdonly_cast((void *)addr, bpf_core_type_id_kernel(struct task_struct));
	out[0] = t->comm[0];
	return 0;
}

/*
 * bpf_sys_bpf(BPF_MAP_UPDATE_ELEM) copies the value from @addr into the
 * map @map_fd names (the test loads it, it does not run it)
 */
__u32 map_fd;

SEC("syscall")
int sys_bpf_copy(void *ctx)
{
	__u32 key = 0;
	union bpf_attr attr = {};

	attr.map_fd = map_fd;
	attr.key = (__u64)(long)&key;
	attr.value = addr;
	return bpf_sys_bpf(BPF_MAP_UPDATE_ELEM, &attr, sizeof(attr));
}

/* a per-CPU kernel variable that is not a struct, read with a plain load */
extern const int bpf_prog_active __ksym;

SEC("syscall")
int percpu_int(void *ctx)
{
	out[0] = *(const int *)bpf_this_cpu_ptr(&bpf_prog_active);
	return 0;
}

struct {
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
	__uint(key_size, sizeof(int));
	__uint(value_size, sizeof(int));
} skb_out SEC(".maps");

/* the first bytes of every netlink message sent to the kernel, copied out */
SEC("fentry/netlink_rcv_skb")
int BPF_PROG(skb_output, struct sk_buff *skb)
{
	__u64 none = 0;

	bpf_skb_output(skb, &skb_out, BPF_F_CURRENT_CPU | (16ULL << 32), &none, sizeof(none));
	return 0;
}

/* the data a process is about to receive, through a dynptr */
SEC("tp_btf/skb_copy_datagram_iovec")
int BPF_PROG(dynptr_skb, const struct sk_buff *skb, int len)
{
	struct bpf_dynptr ptr;

	if (bpf_dynptr_from_skb((struct __sk_buff *)skb, 0, &ptr))
		return 0;
	bpf_dynptr_read(out, 16, &ptr, 0, 0);
	return 0;
}

/* every message sent to a socket, as it is queued */
SEC("lsm/socket_sock_rcv_skb")
int BPF_PROG(dynptr_lsm, struct sock *sk, struct sk_buff *skb)
{
	struct bpf_dynptr ptr;

	if (bpf_dynptr_from_skb((struct __sk_buff *)skb, 0, &ptr))
		return 0;
	bpf_dynptr_read(out, 16, &ptr, 0, 0);
	return 0;
}
