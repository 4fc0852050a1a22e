/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel types the BPF object reads, reduced to the fields it uses.
 *
 * These are CO-RE declarations, not copies of a kernel's layout: every
 * access is recorded as a relocation (preserve_access_index) and libbpf
 * resolves it by name against the running kernel's BTF when the object
 * loads, so one object runs on 6.1 and on 6.12 alike. Nothing here may
 * be read by value from a declared offset.
 */
#ifndef LDP_KERNEL_TYPES_H
#define LDP_KERNEL_TYPES_H

#include <linux/types.h>
#include <stdbool.h>

typedef unsigned int fmode_t;

#define __ldp_core __attribute__((preserve_access_index))

/*
 * Only the names matter: bpf_core_enum_value() resolves each against the
 * running kernel's enums. The values here are never used.
 */
enum lockdown_reason {
	LOCKDOWN_NONE,
	LOCKDOWN_KEXEC,
	LOCKDOWN_KPROBES,
	LOCKDOWN_INTEGRITY_MAX,
	LOCKDOWN_PERF,
	LOCKDOWN_BPF_READ_KERNEL,
	LOCKDOWN_TRACEFS,
	LOCKDOWN_XFRM_SECRET,
	LOCKDOWN_CONFIDENTIALITY_MAX,
};

/* include/linux/kernel_read_file.h */
enum kernel_read_file_id {
	READING_KEXEC_IMAGE,
	READING_KEXEC_INITRAMFS,
};

struct list_head {
	struct list_head *next;
	struct list_head *prev;
} __ldp_core;

struct super_block {
	struct list_head s_mounts;
} __ldp_core;

struct inode {
	struct super_block *i_sb;
} __ldp_core;

struct dentry {
	struct inode *d_inode;
} __ldp_core;

struct vfsmount {
	struct super_block *mnt_sb;
	int mnt_flags;
} __ldp_core;

/* include/linux/mount.h: MNT_SHARED, unchanged since 2.6.15 */
#define LDP_MNT_SHARED 0x1000

struct mnt_namespace;

struct hlist_node {
	struct hlist_node *next;
} __ldp_core;

struct hlist_head {
	struct hlist_node *first;
} __ldp_core;

/* fs/mount.h: a dentry something is mounted on, and every mount there */
struct mountpoint {
	struct hlist_head m_list;
} __ldp_core;

/* fs/mount.h */
struct mount {
	struct mount *mnt_parent;
	struct vfsmount mnt;
	struct list_head mnt_instance;
	struct mnt_namespace *mnt_ns;
	struct mountpoint *mnt_mp;
	struct hlist_node mnt_mp_list;
	struct mount *mnt_master;	/* a slave's master, in its peer group */
	int mnt_group_id;		/* its peer group, 0 if not shared */
} __ldp_core;

struct path {
	struct vfsmount *mnt;
	struct dentry *dentry;
} __ldp_core;

struct fs_struct {
	struct path pwd;
} __ldp_core;

struct cgroup_namespace;

struct nsproxy {
	struct mnt_namespace *mnt_ns;
	struct cgroup_namespace *cgroup_ns;
} __ldp_core;

struct user_namespace {
	int level;
} __ldp_core;

/*
 * kernel_cap_t: 6.3 on, struct { u64 val; }; before, struct
 * kernel_cap_struct { __u32 cap[2]; }. Two flavours of struct cred
 * (libbpf strips the ___ suffix when it matches them), one of which the
 * running kernel has (bpf_core_field_exists).
 */
struct kernel_cap_struct {
	__u32 cap[2];
} __ldp_core;

struct cred___v61 {
	struct kernel_cap_struct cap_effective;
} __ldp_core;

typedef struct {
	__u64 val;
} ldp_cap_t;

struct cred {
	ldp_cap_t cap_effective;
	struct user_namespace *user_ns;
} __ldp_core;

struct mm_struct;

struct task_struct {
	unsigned int flags;
	struct mm_struct *mm;
	int pid;
	int tgid;
	struct task_struct *real_parent;
	const struct cred *cred;
	struct fs_struct *fs;
	struct files_struct *files;
	struct nsproxy *nsproxy;
} __ldp_core;

/* include/linux/types.h: atomic64_t */
typedef struct {
	__s64 counter;
} ldp_atomic64_t;

/*
 * include/linux/bpf.h: what a map value holds besides data, from Linux
 * 6.2 (before, kptr_off_tab: its kptrs alone). Whether a value holds a
 * kptr, a pointer to a kernel object a program stored there, is in
 * field_mask.
 */
struct btf_record {
	__u32 field_mask;
} __ldp_core;

/* include/linux/btf.h: the field_mask bits of the kind of kptr (6.2 on) */
enum btf_field_type___ldp {
	BPF_KPTR_UNREF___ldp = 1,
	BPF_KPTR_REF___ldp = 2,
	BPF_KPTR_PERCPU___ldp = 3,
};

/* include/linux/bpf.h: who holds a map (programs, fds, outer maps, links) */
struct bpf_map {
	__u32 id;
	ldp_atomic64_t refcnt;
	/* a map of maps: what its inner maps are, their fields included */
	struct bpf_map *inner_map_meta;
	struct btf_record *record;
} __ldp_core;

/* include/linux/bpf.h, 6.1: the kptrs of a value, or NULL */
struct bpf_map___61 {
	void *kptr_off_tab;
} __ldp_core;

struct btf;

/*
 * include/linux/bpf.h: what the verifier keeps of each function of a
 * program with BTF, in func_info order (the main function first): its
 * linkage, BTF_FUNC_GLOBAL for a global subprogram, which it verifies on
 * its own rather than as called.
 */
struct bpf_func_info_aux {
	__u16 linkage;
} __ldp_core;

/*
 * include/linux/bpf_verifier.h: a function's frame as the verifier tracks
 * it. callback_depth came with the fix (6.7, and the stable kernels that
 * took it) that checks a callback as called any number of times: 6.1
 * checks it once, as its first call finds the state. Only whether the
 * field exists is asked.
 */
struct bpf_func_state___ldp {
	__u32 callback_depth;
} __ldp_core;

struct bpf_prog_aux {
	__u32 used_map_cnt;
	__u32 id;
	__u32 attach_btf_id;
	/* boot time in ns, as its load began */
	__u64 load_time;
	struct bpf_map **used_maps;
	/* a tracing program's target's BTF: the kernel's or a module's */
	struct btf *attach_btf;
	struct bpf_prog *dst_prog;
	enum bpf_prog_type saved_dst_prog_type;
	__u32 func_info_cnt;
	struct bpf_func_info_aux *func_info_aux;
} __ldp_core;

struct bpf_prog {
	__u32 len;
	enum bpf_prog_type type;
	enum bpf_attach_type expected_attach_type;
	struct bpf_prog_aux *aux;
	struct bpf_insn insnsi[];
} __ldp_core;

/*
 * include/linux/bpf.h: from Linux 6.2, pointers the verifier trusts
 * (PTR_TRUSTED) are loaded from with plain loads, not BPF_PROBE_MEM: a
 * tracepoint's, an LSM hook's or a struct_ops' arguments, and
 * bpf_get_current_task_btf()'s task. Only whether the kernel has the flag
 * is asked (bpf_core_enum_value_exists()).
 */
enum bpf_type_flag {
	PTR_TRUSTED = 1,
};

/*
 * include/uapi/linux/bpf.h from 6.4; the headers this is built with may
 * be older (the value is the kernel's, through CO-RE)
 */
enum bpf_prog_type___ldp {
	BPF_PROG_TYPE_NETFILTER___ldp = 1,
};

/* the same: kprobe_multi links from 5.18 (fprobe), sessions from 6.10 */
enum bpf_attach_type___ldp {
	BPF_TRACE_KPROBE_MULTI___ldp = 1,
	BPF_TRACE_KPROBE_SESSION___ldp = 2,
};

/*
 * kernel/sched/core.c: a per-CPU variable every kernel has, for
 * ldp_readers' per-CPU helper calls. The kernel's BTF describes per-CPU
 * variables only when pahole encoded them; where it does not, no program
 * can name one, and the calls are left out (weak).
 */
struct rq {
	int cpu;
} __ldp_core;

extern const struct rq runqueues __ksym __weak;

/* include/linux/fs.h, include/linux/fdtable.h: a task's open files */
struct file {
	void *private_data;
} __ldp_core;

struct fdtable {
	unsigned int max_fds;
	struct file **fd;
} __ldp_core;

struct files_struct {
	struct fdtable *fdt;
} __ldp_core;

/* include/linux/socket.h: PF_KEY (stable since 2.2) */
#define LDP_PF_KEY	15

/* include/net/sock.h, include/linux/skbuff.h: a message being sent */
struct sock {
	__u16 sk_protocol;
} __ldp_core;

struct sk_buff {
	unsigned int len;
	unsigned char *data;
} __ldp_core;

/*
 * include/uapi/linux/netlink.h, rtnetlink.h, if_link.h: an RTM_NEWLINK
 * and the kind of link it makes (stable since 2.6.23)
 */
#define LDP_NETLINK_ROUTE	0
#define LDP_NLMSG_HDRLEN	16
#define LDP_IFINFOMSG_LEN	16
#define LDP_NLA_HDRLEN		4
#define LDP_NLA_TYPE_MASK	0x3fff
#define LDP_RTM_NEWLINK		16
#define LDP_IFLA_LINKINFO	18
#define LDP_IFLA_INFO_KIND	1

/*
 * include/uapi/linux/sock_diag.h, inet_diag.h, in.h, socket.h: a request
 * to sock_diag that inet_diag answers with TCP's handler (stable since
 * 5.10, INET_DIAG_REQ_PROTOCOL the last added)
 */
#define LDP_NETLINK_SOCK_DIAG		4
#define LDP_TCPDIAG_GETSOCK		18
#define LDP_DCCPDIAG_GETSOCK		19
#define LDP_SOCK_DIAG_BY_FAMILY		20
#define LDP_AF_INET			2
#define LDP_AF_INET6			10
#define LDP_IPPROTO_TCP			6
#define LDP_INET_DIAG_REQ_V2_LEN	56
#define LDP_INET_DIAG_REQ_LEN		60
#define LDP_INET_DIAG_REQ_PROTOCOL	3

/*
 * include/uapi/linux/netlink.h, genetlink.h, seg6_genl.h: a generic
 * netlink request, and SRv6's command that dumps its HMAC secrets (stable
 * since 4.10)
 */
#define LDP_NETLINK_GENERIC		16
#define LDP_GENL_HDRLEN			4
#define LDP_SEG6_CMD_DUMPHMAC		2

/*
 * include/linux/perf_event.h, include/uapi/linux/perf_event.h: an event as
 * security_perf_event_alloc() sees it, its PMU's init done (stable since
 * 5.11): a trace event's (tracepoint, kprobe or uprobe) has its
 * tp_event; an inherited one its parent
 */
struct perf_event_attr {
	__u64 sample_type;
} __ldp_core;

struct trace_event_call;

struct perf_event {
	struct perf_event *parent;
	struct perf_event_attr attr;
	struct trace_event_call *tp_event;
} __ldp_core;

#define LDP_PERF_SAMPLE_RAW	(1ULL << 10)

/* include/uapi/linux/capability.h */
#define LDP_CAP_MAC_ADMIN 33

/* include/linux/sched.h: a kernel thread (stable since 2.6) */
#define LDP_PF_KTHREAD	0x00200000

/* include/uapi/linux/fs.h (MS_*) and include/linux/fs.h (MNT_DETACH) */
#define LDP_MS_REMOUNT		32
#define LDP_MS_BIND		4096
#define LDP_MS_SHARED		(1 << 20)
#define LDP_MS_PRIVATE		(1 << 18)
#define LDP_MS_SLAVE		(1 << 19)
#define LDP_MS_UNBINDABLE	(1 << 17)
#define LDP_MNT_DETACH		0x00000002

#endif /* LDP_KERNEL_TYPES_H */
