/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The BPF backend's interface between its BPF object (ldpolicy.bpf.c) and
 * ldpolicy (src/backend_bpf.c): the state the object keeps, and the
 * contexts of its syscall programs. Both sides are built from this
 * header; the object's own build is embedded in ldpolicy (bpftool gen
 * skeleton), so the two never disagree on a layout.
 *
 * The policy blob itself is the kernel's: include/uapi/linux/lockdown_policy.h.
 */
#ifndef LDP_BPF_H
#define LDP_BPF_H

#include <linux/lockdown_policy.h>

/* Where the object lives: bpffs, one directory, documented in ldpolicy(8). */
#define LDP_BPF_FS		"/sys/fs/bpf"
#define LDP_BPF_DIR		LDP_BPF_FS "/ldpolicy"
/* The pins: three programs to talk to, and one link per LSM program. */
#define LDP_PIN_LOAD		"load"
#define LDP_PIN_SEAL		"seal"
#define LDP_PIN_READ		"read"
#define LDP_PIN_LINK_PREFIX	"link-"

#define LDP_WORDS		(LOCKDOWN_POLICY_MAX_REASONS / 64)
/* Denial notices kept, newest last; a ring. */
#define LDP_NOTICES		64
/* Per reason, at most LDP_NOTICE_BURST notices every LDP_NOTICE_WINDOW_S. */
#define LDP_NOTICE_BURST	5
#define LDP_NOTICE_WINDOW_S	5
/* LSM programs whose links are pinned: ldp_arm records their link ids. */
#define LDP_MAX_LINKS		16
/*
 * Warn mode's record: per reason (the first LDP_SEEN_REASONS), the comms
 * of the last LDP_SEEN distinct tasks that asked about it while it was
 * warned.
 */
#define LDP_SEEN_REASONS	64
#define LDP_SEEN		4
/* The version of struct ldp_state, which ldpolicy checks before reading it. */
#define LDP_STATE_VERSION	2

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
 * @armed: set once by ldp_arm, when the object is pinned and its guards
 *	attached; before that nothing is denied and nothing guarded
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
	__u32 sealed;
	__u32 busy;
	__u32 loads;
	__u32 flags;
	__u32 nr_reasons;
	__u32 integrity_max;
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
 * @link_ids: the ids of the links of the object's LSM programs
 * @nr_links: how many there are
 *
 * ldp_arm runs once, in the loader, with its working directory the pin
 * directory: it records that directory, its bpffs and PID 1's mount
 * namespace for the guards, and arms the object.
 */
struct ldp_arm_ctx {
	__u32 link_ids[LDP_MAX_LINKS];
	__u32 nr_links;
};

#endif /* LDP_BPF_H */
