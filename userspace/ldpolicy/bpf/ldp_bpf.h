/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The BPF backend's interface between its BPF object (*.bpf.c, linked into
 * one object) and ldpolicy (src/bpf_*.c, src/backend_bpf.c): the state the
 * object keeps, and the contexts of its syscall programs. Both sides are
 * built from this header; the object's own build is embedded in ldpolicy
 * (bpftool gen skeleton), so the two never disagree on a layout.
 *
 * The policy blob itself is the kernel's: include/uapi/linux/lockdown_policy.h.
 */
#ifndef LDP_BPF_H
#define LDP_BPF_H

#include <linux/lockdown_policy.h>

/*
 * Where the object's pins live: bpffs, one directory, documented in
 * ldpolicy(8). The pins only keep the object alive (a program or link with
 * no pin, fd or attachment is freed); ldpolicy never finds the object
 * through them, but through the kernel's own lists of programs and links
 * (src/bpf_find.c), by the tags of its programs' code.
 */
#define LDP_BPF_FS		"/sys/fs/bpf"
#define LDP_BPF_DIR		LDP_BPF_FS "/ldpolicy"
/* A program's pin is its name; a link's, this prefix and its program's name. */
#define LDP_PIN_LINK_PREFIX	"link-"

#define LDP_WORDS		(LOCKDOWN_POLICY_MAX_REASONS / 64)
/* Denial notices kept, newest last; a ring. */
#define LDP_NOTICES		64
/* Per reason, at most LDP_NOTICE_BURST notices every LDP_NOTICE_WINDOW_S. */
#define LDP_NOTICE_BURST	5
#define LDP_NOTICE_WINDOW_S	5
/*
 * Warn mode's record: per reason (the first LDP_SEEN_REASONS), the comms
 * of the last LDP_SEEN distinct tasks that asked about it while it was
 * warned.
 */
#define LDP_SEEN_REASONS	64
#define LDP_SEEN		4
/* The version of struct ldp_state, which ldpolicy checks before reading it. */
#define LDP_STATE_VERSION	4

/*
 * The object's maps, in the order ldp_read reports how many references
 * each has (struct ldp_read_ctx.refs) and ldp_arm checks them.
 */
enum ldp_map {
	LDP_MAP_STATE,		/* ldp_state: the policy, counters, record */
	LDP_MAP_GUARD,		/* ldp_guard: what the guards protect */
	LDP_MAP_SCRATCH,	/* ldp_scratch: ldp_load's copy of a blob */
	LDP_MAP_HOOKS,		/* ldp_hooks: the attach targets the guards keep */
	LDP_NR_MAPS,
};

/*
 * ldp_hooks: the kernel functions, by their vmlinux BTF id, that no new
 * program may run before the object's own on, once it guards. Filled by
 * ldpolicy from the running kernel's BTF, then frozen; programs only read it.
 */
enum ldp_hook_kind {
	/* bpf_lsm_HOOK of a hook the object has a program on: no new
	 * BPF_PROG_TYPE_LSM program there (it would run first) */
	LDP_HOOK_OWN = 1,
	/* security_*(): no new fmod_ret program there (it skips every LSM) */
	LDP_HOOK_SECURITY = 2,
};

#define LDP_MAX_HOOKS		2048

/*
 * The object calls some helpers under an alias, LDP_HELPER_ALIAS_BASE |
 * the helper's id, which ldpolicy replaces with the id itself when it
 * prepares the object (bpf/ldp_object.h says why).
 */
#define LDP_HELPER_ALIAS_BASE	0x4c440000

/* The object's programs, as ldp_guard_on records them. */
#define LDP_GUARD_PROGS		32

/**
 * struct ldp_notice - one denial, as the LSM's kernel log notice has it
 * @seq: 1 + the notice's number since boot; 0 for a slot never written.
 *	Written last, so a reader that sees it sees the rest.
 * @boot_ns: CLOCK_BOOTTIME of the denial
 * @pid: the task's thread group id
 * @reason: the enum lockdown_reason value
 * @comm: the task's comm
 */
struct ldp_notice {
	__u64 seq;
	__u64 boot_ns;
	__u32 pid;
	__u32 reason;
	char comm[16];
};

/**
 * struct ldp_seen - who asked about a warned reason
 * @seq: when it last asked: ldp_state.seen_next at the time; 0 for a
 *	slot never written. The slot with the lowest is replaced first.
 * @count: questions from tasks of this comm since the slot took it
 * @comm: the comm
 * @kernel: 1 for the kernel's own tasks (no user memory: kernel threads,
 *	init before it runs a program); part of the identity with @comm
 * @reserved: zero
 */
struct ldp_seen {
	__u64 seq;
	__u64 count;
	char comm[16];
	__u32 kernel;
	__u32 reserved;
};

/**
 * struct ldp_state - the object's whole state: one element of ldp_state,
 *	an array map created BPF_F_RDONLY, written only by the object's own
 *	programs; ldp_read copies it out whole
 * @version: LDP_STATE_VERSION
 * @armed: set once by ldp_arm, when the object is attached, has checked
 *	that nothing can run before it or write its maps, and guards its pins
 *	and mounts; before that no load is accepted
 * @guarding: set once by ldp_guard_on, before ldp_arm: from then no
 *	program can be loaded to run before the object's own (nor an fd be
 *	had to one loaded before), and kernel.ftrace_enabled cannot be
 *	cleared; cleared by ldp_guard_off on an object never armed, which
 *	then never is
 * @guards_named: ldp_guard_on ran, and named the object's programs: it
 *	never runs again
 * @seg6_family: the SEG6 generic netlink family's id the object was set
 *	up with (0: none), copied by ldp_arm from its read-only data:
 *	ldpolicy checks it against the kernel's (unasked.bpf.c)
 * @reserved: zero
 * @sealed: no load is accepted until reboot; never cleared
 * @busy: serialises ldp_load and ldp_seal (a try-lock: EBUSY)
 * @loads: policies applied since boot
 * @flags: LOCKDOWN_POLICY_FLAG_* of the last policy applied, without SEAL
 * @nr_reasons: LOCKDOWN_CONFIDENTIALITY_MAX of the running kernel (BTF)
 * @integrity_max: LOCKDOWN_INTEGRITY_MAX of the running kernel (BTF)
 * @armed_ns: CLOCK_BOOTTIME of arming
 * @fingerprint: the reason table's, as blobs carry it (bytes in order)
 * @watch: @deny | @warn, the one bitmap the allowed path reads; set after
 *	them. Bits are only ever set.
 * @deny: the policy: reason r is denied when bit r % 64 of word r / 64 is
 *	set. Bits are only ever set.
 * @warn: warn mode: a reason set here and not in @deny is allowed, but
 *	counted and recorded. Bits are only ever set; @deny wins.
 * @denials: per reason, the denials of the BPF backend since it was armed
 * @warnings: per reason, the questions let through in warn mode
 * @seen_next: 1 + the number of questions recorded in @seen
 * @seen: per reason, who asked while it was warned
 * @notice_next: notices issued; the next one goes to slot notice_next % LDP_NOTICES
 * @notices: the ring of denial notices
 * @window: per reason, the ratelimit's window (seconds since boot) and
 *	notices in it, packed as (seconds << 32 | count); not read out
 */
struct ldp_state {
	__u32 version;
	__u32 armed;
	__u32 guarding;
	__u32 sealed;
	__u32 busy;
	__u32 loads;
	__u32 flags;
	__u32 nr_reasons;
	__u32 integrity_max;
	__u32 guards_named;
	__u32 seg6_family;
	__u32 reserved;
	__u64 armed_ns;
	__u64 fingerprint[LOCKDOWN_POLICY_FINGERPRINT_SIZE / 8];
	__u64 watch[LDP_WORDS];
	__u64 deny[LDP_WORDS];
	__u64 warn[LDP_WORDS];
	__u64 denials[LOCKDOWN_POLICY_MAX_REASONS];
	__u64 warnings[LDP_SEEN_REASONS];
	__u64 notice_next;
	struct ldp_notice notices[LDP_NOTICES];
	__u64 seen_next;
	struct ldp_seen seen[LDP_SEEN_REASONS][LDP_SEEN];
	__u64 window[LOCKDOWN_POLICY_MAX_REASONS];
};

/* What ldp_read copies out: everything before @window. */
#define LDP_READ_SIZE		offsetof(struct ldp_state, window)

/**
 * struct ldp_read_ctx - the context of ldp_read
 * @refs: per map (enum ldp_map), the references the kernel counts to it:
 *	one per program that uses it, fd, outer map or link that holds it.
 *	ldpolicy compares them with the object's own programs: one more is
 *	someone who can write the map.
 * @ids: per map, its id
 * @state: a copy of the state, up to LDP_READ_SIZE
 */
struct ldp_read_ctx {
	__u64 refs[LDP_NR_MAPS];
	__u32 ids[LDP_NR_MAPS];
	struct ldp_state state;
};

/* The size of struct ldp_read_ctx that ldp_read fills. */
#define LDP_READ_CTX_SIZE	(offsetof(struct ldp_read_ctx, state) + LDP_READ_SIZE)

/**
 * struct ldp_load_ctx - the context of ldp_load: a blob, as it would be
 *	written to lockdown_policy's securityfs load file
 * @len: the blob's length in bytes
 * @blob: the blob, zero-padded to LOCKDOWN_POLICY_MAX_SIZE
 *
 * ldp_load returns 0 or the negative errno the LSM's load file would give
 * (include/uapi/linux/lockdown_policy.h), plus EBUSY when another load or
 * seal is running and ENODEV when the object is not armed yet.
 */
struct ldp_load_ctx {
	__u32 len;
	__u32 reserved;
	union {
		struct lockdown_policy_header hdr;
		__u8 bytes[LOCKDOWN_POLICY_MAX_SIZE];
	} blob;
};

/* Where a blob's bitmap starts in struct ldp_load_ctx. */
#define LDP_LOAD_BITMAP_OFF	(8 + sizeof(struct lockdown_policy_header))

/**
 * struct ldp_arm_ctx - the context of ldp_arm
 * @refs: per map (enum ldp_map), the references the object's own programs
 *	and the loader's fds account for: ldp_arm refuses (EBUSY) when the
 *	kernel counts more, as someone then holds a map the object writes
 *
 * ldp_arm runs once, in the loader, with its working directory the pin
 * directory: it records that directory, its bpffs and PID 1's mount
 * namespace for the guards, and arms the object.
 */
struct ldp_arm_ctx {
	__u64 refs[LDP_NR_MAPS];
};

/**
 * struct ldp_guard_on_ctx - the context of ldp_guard_on
 * @prog_ids: the ids of the object's programs, loaded: the guards treat
 *	them as the object's own
 * @nr_progs: how many there are
 * @reader_id: the id of ldp_readers, from which the guards learn how the
 *	kernel calls the helpers that read kernel memory without asking
 * @reader_percpu_id: the id of ldp_readers_percpu, the same for the
 *	per-CPU helpers; 0 where it is not loaded (no program can name a
 *	per-CPU variable there)
 * @reader_net_id: the id of ldp_readers_net, the same for bpf_skb_output()
 *	and bpf_xdp_output(); 0 where it is not loaded (a kernel without
 *	networking, where no program can call them)
 * @dynptr_id: the id of ldp_dynptrs, the same for the helpers that make,
 *	use and end a dynptr; 0 where it is not loaded (a kernel without
 *	them)
 */
struct ldp_guard_on_ctx {
	__u32 prog_ids[LDP_GUARD_PROGS];
	__u32 nr_progs;
	__u32 reader_id;
	__u32 reader_percpu_id;
	__u32 reader_net_id;
	__u32 dynptr_id;
};

/*
 * Program ids are handed out cyclically up to INT_MAX (idr_alloc_cyclic()),
 * then from the lowest free one again. Once the guard has seen an id this
 * close to INT_MAX, ids may wrap before it sees another, and it trusts no
 * id to tell old programs from new (ldp_prog_after()).
 */
#define LDP_PROG_ID_NEAR_WRAP	0x7f000000u

/**
 * ldp_prog_after() - was a program loaded after a mark?
 * @id: the program's id (struct bpf_prog_aux's)
 * @load_time: its load time (struct bpf_prog_aux's, boot time in ns, taken
 *	as its load began)
 * @mark_id: the highest program id seen when the mark was made
 * @mark_ns: the boot time in ns when it was made
 * @near_wrap: whether an id of LDP_PROG_ID_NEAR_WRAP or more has been seen
 *
 * The guards tell a program loaded before the policy came to deny a reason,
 * which they leave alone, from one loaded after (guard_bpf.bpf.c), and the
 * object's own programs from one loaded after the object was set up. An id
 * is given as a load ends, so one above the mark is after it even if its
 * load began before; but ids wrap, after some 2^31 loads, to free ones
 * below every mark, a freed one of the object's own among them. A load
 * time, which never wraps, tells a load begun after the mark; but a load
 * begun before the mark and held in the verifier (a userfaultfd on its log
 * buffer) while the ids wrap would pass both. So once ids come near their
 * wrap, every program is new: one loaded before the policy then gets no new
 * fd (what it holds, and its links, stay), and ldpolicy, whose own programs
 * are then refused too, cannot vouch for the backend.
 *
 * Return: true if the program is new to the mark: numbered above it, loaded
 * at or after it, or ids are near their wrap.
 */
static inline __attribute__((always_inline)) int
ldp_prog_after(__u32 id, __u64 load_time, __u32 mark_id, __u64 mark_ns, __u32 near_wrap)
{
	return near_wrap || id > mark_id || load_time >= mark_ns;
}

#endif /* LDP_BPF_H */
