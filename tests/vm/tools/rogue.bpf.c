// SPDX-License-Identifier: GPL-2.0
/*
 * What root would load to get around the BPF backend, for the
 * bpf-adversarial-root and bpf-doors scenarios (ldbpfdoor). Each program
 * is loaded on its own.
 *
 * Run before the backend's own, and end the hook (a trampoline stops at
 * the first non-zero 64-bit return; an int hook returns its low 32 bits,
 * here 0: allowed):
 *   rogue_first_locked_down  lsm/locked_down returning 1 << 32
 *   rogue_first_bpf          lsm/bpf, the same (the guard of bpf(2))
 *   rogue_first_bpf_map      lsm/bpf_map (the guard of the state map's fds)
 *   rogue_first_unlink       lsm/inode_unlink (the guard of the pins)
 *   rogue_fmod               fmod_ret on security_locked_down(): skips
 *                            every LSM, the static lockdown LSM included
 *   rogue_cgroup             an lsm_cgroup program on locked_down
 * Harmless, but on the guarded targets:
 *   rogue_allow              lsm/locked_down returning 0
 *   rogue_fmod_zero          fmod_ret on security_locked_down() returning 0
 * Must stay loadable while the backend guards (what observability tools
 * and systemd load):
 *   rogue_fentry             fentry on security_locked_down()
 *   rogue_file_open          lsm/file_open returning 0 (as systemd's
 *                            RestrictFileSystems= is one on file_open)
 * Against the backend's sysctl guard (kernel.ftrace_enabled):
 *   rogue_sysctl_rewrite     a sysctl program run after the guard, that
 *                            rewrites a write to ftrace_enabled to "0"
 *   rogue_sysctl_dummy       a sysctl program of root's own, and
 *   rogue_sysctl_ext         an freplace of it, to be linked to the
 *                            backend's guard in its place
 * Reading kernel memory without asking LOCKDOWN_BPF_READ_KERNEL (the
 * backend refuses them while its policy denies it):
 *   rogue_snprintf           bpf_snprintf("%s") of a kernel address
 *   rogue_trace_printk       bpf_trace_printk("%s") of a kernel address
 *   rogue_trace_vprintk      bpf_trace_vprintk("%s") of one
 *   rogue_snprintf_btf       bpf_snprintf_btf() of a kernel address
 *   rogue_btf_load           an lsm/file_open program that follows BTF
 *                            pointers (file->f_inode->i_sb->s_magic)
 *   rogue_iter               a task iterator
 *   rogue_task_btf           a load from bpf_get_current_task_btf()'s
 *                            task (plain, not BPF_PROBE_MEM, from 6.2)
 *   rogue_pcpu               a socket filter's plain load from a per-CPU
 *                            variable, cpu_number (where the kernel's BTF
 *                            has them)
 *   rogue_sk_snprintf        a socket filter calling bpf_snprintf("%s"):
 *                            the helper found, whatever the program type
 *   rogue_kern_ctx           a socket filter that loads from the kernel's
 *                            sk_buff (bpf_cast_to_kern_ctx(), from 6.2,
 *                            which the verifier inlines)
 *   rogue_skb_output         fentry on netlink_rcv_skb(), bpf_skb_output()
 *                            of the sk_buff it is given: other processes'
 *                            netlink messages
 * Must stay loadable under confidentiality (reads only its own packet):
 *   rogue_sk_output          a socket filter's bpf_perf_event_output() of
 *                            its packet (the same kernel function as
 *                            bpf_skb_output())
 * Against the backend's setup, before its first load, and its sysctl guard:
 *   rogue_hide               lsm/bpf: ENOENT for an fd by id to the
 *                            programs and links in rogue_hidden, as if each
 *                            had gone between listing and asking
 *   rogue_sysctl_allow       a sysctl program that erases the verdict of
 *                            those run before it (bpf_set_retval(0))
 * Fakes of the backend's pins:
 *   rogue_nop                a syscall program returning 0 (load, seal)
 *   rogue_read               a syscall program that reports an armed
 *                            state denying everything
 * Against the backend's programs:
 *   ldp_locked_down          freplace of the enforcement program
 *   ldp_read                 freplace of the read program
 *   rogue_ext                freplace loaded against rogue_sub, a global
 *                            function of rogue_target, then re-targeted
 *                            at the enforcement program
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

#include "../../../userspace/ldpolicy/bpf/kernel_types.h"
#include "../../../userspace/ldpolicy/bpf/ldp_bpf.h"

char LICENSE[] SEC("license") = "GPL";

#define ENDS_THE_CHAIN	(1ULL << 32)
#define ROGUE_HIDDEN	4

SEC("lsm/locked_down")
__u64 rogue_first_locked_down(void *ctx)
{
	return ENDS_THE_CHAIN;
}

SEC("lsm/bpf")
__u64 rogue_first_bpf(void *ctx)
{
	return ENDS_THE_CHAIN;
}

SEC("lsm/bpf_map")
__u64 rogue_first_bpf_map(void *ctx)
{
	return ENDS_THE_CHAIN;
}

SEC("lsm/inode_unlink")
__u64 rogue_first_unlink(void *ctx)
{
	return ENDS_THE_CHAIN;
}

SEC("fmod_ret/security_locked_down")
__u64 rogue_fmod(void *ctx)
{
	return ENDS_THE_CHAIN;
}

SEC("lsm_cgroup/locked_down")
int BPF_PROG(rogue_cgroup, enum lockdown_reason what)
{
	return 1;
}

SEC("lsm/locked_down")
int BPF_PROG(rogue_allow, enum lockdown_reason what, int ret)
{
	return 0;
}

SEC("fmod_ret/security_locked_down")
int BPF_PROG(rogue_fmod_zero, enum lockdown_reason what, int ret)
{
	return 0;
}

SEC("fentry/security_locked_down")
int BPF_PROG(rogue_fentry, enum lockdown_reason what)
{
	return 0;
}

/*
 * Loaded before the backend, writes the memory of the process a BPF
 * syscall program is run for (a red team's): ldpolicy's, as it runs
 * ldp_arm and ldp_read. Never attached here: the setup must refuse to go
 * on beside it whether it runs or not.
 */
SEC("fentry/bpf_prog_test_run_syscall")
int BPF_PROG(rogue_write_user, struct bpf_prog *prog, const union bpf_attr *kattr,
	     union bpf_attr *uattr)
{
	__u64 zero = 0;

	bpf_probe_write_user(uattr, &zero, sizeof(zero));
	return 0;
}

SEC("lsm/file_open")
int BPF_PROG(rogue_file_open, void *file, int ret)
{
	return ret;
}

SEC("cgroup/sysctl")
int rogue_sysctl_rewrite(struct bpf_sysctl *ctx)
{
	static const char zero[] = "0";
	char name[32] = {};

	if (!ctx->write)
		return 1;
	bpf_sysctl_get_name(ctx, name, sizeof(name), 0);
	if (name[0] == 'k' && name[7] == 'f' && name[13] == 'e')	/* kernel/ftrace_enabled */
		bpf_sysctl_set_new_value(ctx, zero, 1);
	return 1;
}

__attribute__((noinline)) int rogue_sysctl_dummy_sub(struct bpf_sysctl *ctx)
{
	return ctx->write ? 1 : 1;
}

SEC("cgroup/sysctl")
int rogue_sysctl_dummy(struct bpf_sysctl *ctx)
{
	return rogue_sysctl_dummy_sub(ctx);
}

SEC("freplace/rogue_sysctl_dummy")
int rogue_sysctl_ext(struct bpf_sysctl *ctx)
{
	return 1;
}

SEC("cgroup/sysctl")
int rogue_sysctl_allow(struct bpf_sysctl *ctx)
{
	if (ctx->write)
		bpf_set_retval(0);
	return 1;
}

/* What rogue_hide hides: program and link ids (0: none). */
struct rogue_hidden {
	__u32 progs[ROGUE_HIDDEN];
	__u32 links[ROGUE_HIDDEN];
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct rogue_hidden);
} rogue_hidden SEC(".maps");

static __always_inline int hidden(const __u32 *ids, __u32 id)
{
	for (int i = 0; i < ROGUE_HIDDEN; i++)
		if (ids[i] && ids[i] == id)
			return 1;
	return 0;
}

SEC("lsm/bpf")
int BPF_PROG(rogue_hide, int cmd, union bpf_attr *attr, unsigned int size, int ret)
{
	struct rogue_hidden *h;
	__u32 zero = 0;

	if (ret)
		return ret;
	h = bpf_map_lookup_elem(&rogue_hidden, &zero);
	if (!h)
		return 0;
	if (cmd == BPF_PROG_GET_FD_BY_ID && hidden(h->progs, attr->prog_id))
		return -2;	/* ENOENT */
	if (cmd == BPF_LINK_GET_FD_BY_ID && hidden(h->links, attr->link_id))
		return -2;
	/*
	 * and what comes after the id before it: "nothing" (ENOENT), as if
	 * it had gone (the third red team's lie)
	 */
	if (cmd == BPF_PROG_GET_NEXT_ID && hidden(h->progs, attr->start_id + 1))
		return -2;
	if (cmd == BPF_LINK_GET_NEXT_ID && hidden(h->links, attr->start_id + 1))
		return -2;
	return 0;
}

/* The context of the reading programs: an address in, what it holds out. */
struct rogue_read_ctx {
	__u64 addr;
	char out[64];
};

SEC("syscall")
int rogue_snprintf(struct rogue_read_ctx *ctx)
{
	static const char fmt[] = "%s";
	__u64 args[1] = { ctx->addr };
	char out[64] = {};
	long n = bpf_snprintf(out, sizeof(out), fmt, args, sizeof(args));

	__builtin_memcpy(ctx->out, out, sizeof(out));
	return n;
}

SEC("syscall")
int rogue_trace_printk(struct rogue_read_ctx *ctx)
{
	static const char fmt[] = "%s";

	return bpf_trace_printk(fmt, sizeof(fmt), ctx->addr);
}

SEC("syscall")
int rogue_trace_vprintk(struct rogue_read_ctx *ctx)
{
	static const char fmt[] = "%s";
	__u64 args[1] = { ctx->addr };

	return bpf_trace_vprintk(fmt, sizeof(fmt), args, sizeof(args));
}

SEC("syscall")
int rogue_snprintf_btf(struct rogue_read_ctx *ctx)
{
	struct btf_ptr ptr = { .ptr = (void *)ctx->addr, .type_id = 0 };
	char out[64] = {};
	long n = bpf_snprintf_btf(out, sizeof(out), &ptr, sizeof(ptr), 0);

	__builtin_memcpy(ctx->out, out, sizeof(out));
	return n;
}

struct file;
struct super_block___rogue {
	unsigned long s_magic;
} __attribute__((preserve_access_index));
struct inode___rogue {
	struct super_block___rogue *i_sb;
} __attribute__((preserve_access_index));
struct file___rogue {
	struct inode___rogue *f_inode;
} __attribute__((preserve_access_index));

__u64 rogue_seen_magic;

SEC("lsm/file_open")
int BPF_PROG(rogue_btf_load, struct file___rogue *file, int ret)
{
	rogue_seen_magic = file->f_inode->i_sb->s_magic;
	return ret;
}

struct task_struct___rogue {
	int pid;
} __attribute__((preserve_access_index));

__s32 rogue_task_pid;

SEC("syscall")
int rogue_task_btf(void *ctx)
{
	struct task_struct___rogue *t = (void *)bpf_get_current_task_btf();

	rogue_task_pid = t->pid;
	return 0;
}

extern const int cpu_number __ksym __weak;
__s32 rogue_cpu_number = -1;

/* a socket filter: syscall programs are refused whole under confidentiality */
SEC("socket")
int rogue_pcpu(struct __sk_buff *skb)
{
	if (&cpu_number)
		rogue_cpu_number = *(const int *)bpf_this_cpu_ptr(&cpu_number);
	return 0;
}

SEC("socket")
int rogue_sk_snprintf(struct __sk_buff *skb)
{
	static const char fmt[] = "%s";
	__u64 args[1] = { skb->cb[0] | (__u64)skb->cb[1] << 32 };
	char out[16];

	bpf_snprintf(out, sizeof(out), fmt, args, sizeof(args));
	return 0;
}

struct sk_buff___rogue {
	unsigned int len;
} __attribute__((preserve_access_index));

extern void *bpf_cast_to_kern_ctx(void *obj) __ksym __weak;
__u32 rogue_skb_len;

SEC("socket")
int rogue_kern_ctx(struct __sk_buff *skb)
{
	struct sk_buff___rogue *kskb;

	if (!bpf_cast_to_kern_ctx)
		return 0;
	kskb = bpf_cast_to_kern_ctx(skb);
	rogue_skb_len = kskb->len;
	return 0;
}

struct {
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
	__uint(key_size, sizeof(__u32));
	__uint(value_size, sizeof(__u32));
} rogue_out SEC(".maps");

struct sk_buff;

SEC("fentry/netlink_rcv_skb")
int BPF_PROG(rogue_skb_output, struct sk_buff *skb)
{
	__u64 none = 0;

	bpf_skb_output(skb, &rogue_out, BPF_F_CURRENT_CPU | (16ULL << 32), &none, sizeof(none));
	return 0;
}

SEC("socket")
int rogue_sk_output(struct __sk_buff *skb)
{
	__u64 none = 0;

	bpf_perf_event_output(skb, &rogue_out, BPF_F_CURRENT_CPU | (16ULL << 32), &none,
			      sizeof(none));
	return 0;
}

struct bpf_iter_meta___rogue;
struct bpf_iter__task___rogue {
	struct bpf_iter_meta___rogue *meta;
	struct task_struct *task;
} __attribute__((preserve_access_index));

SEC("iter/task")
int rogue_iter(struct bpf_iter__task___rogue *ctx)
{
	return 0;
}

SEC("syscall")
int rogue_nop(void *ctx)
{
	return 0;
}

SEC("syscall")
int rogue_read(struct ldp_read_ctx *ctx)
{
	ctx->state.version = LDP_STATE_VERSION;
	ctx->state.armed = 1;
	ctx->state.nr_reasons = 28;
#pragma unroll
	for (int i = 0; i < LDP_WORDS; i++) {
		ctx->state.watch[i] = ~0ULL;
		ctx->state.deny[i] = ~0ULL;
	}
	return 0;
}

__attribute__((noinline)) int rogue_sub(struct __sk_buff *skb)
{
	return skb->len ? 0 : 1;
}

SEC("socket")
int rogue_target(struct __sk_buff *skb)
{
	return rogue_sub(skb);
}

SEC("freplace/rogue_sub")
int rogue_ext(struct __sk_buff *skb)
{
	return 0;
}

SEC("freplace/ldp_locked_down")
int ldp_locked_down(unsigned long long *ctx)
{
	return 0;
}

SEC("freplace/ldp_read")
int ldp_read(struct ldp_read_ctx *ctx)
{
	return 0;
}
