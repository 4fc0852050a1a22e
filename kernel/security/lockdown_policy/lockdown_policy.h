/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lockdown_policy: per-reason, tighten-only kernel lockdown.
 *
 * Internal interfaces between the files of the LSM:
 *   reasons.c  the reason table: identifiers, classes, fingerprint
 *   blob.c     validation of policy blobs (see blob.h)
 *   policy.c   the policy state: what is denied, tighten, seal, counters
 *   refuse.c   the slow path: the decision off the allowed path, counted
 *   report.c   what a denial or a warning leaves: notice, audit, record
 *   watch.c    which tasks asked about each warned reason
 *   boot.c     the lockdown_policy= parameters and the builtin list
 *   level.c    the static LSM's level, raised to what the policy covers
 *   show.c     the policy in force as text: policy file, measurement
 *   audit.c    audit records of denials, loads and seals
 *   measure.c  IMA measurements of the policy in force
 *   fs.c       the securityfs interface
 *   kexec.c    kexec images that would boot without the policy in force
 *   lsm.c      the LSM: its hook and its early initialisation
 */
#ifndef _SECURITY_LOCKDOWN_POLICY_H
#define _SECURITY_LOCKDOWN_POLICY_H

#include <linux/bitmap.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/security.h>
#include <linux/seq_buf.h>
#include <linux/seq_file.h>
#include <linux/spinlock.h>
#include <linux/types.h>

#include "blob.h"

/* Bits in the policy: one per enum lockdown_reason value below this. */
#define LOCKDOWN_POLICY_NR	LOCKDOWN_CONFIDENTIALITY_MAX

/**
 * struct lockdown_policy_counters - denials and warnings per reason, on one CPU
 * @n: per reason, how many times the policy denied it on this CPU
 * @warned: per reason, how many times it was asked about in warn state
 */
struct lockdown_policy_counters {
	unsigned long n[LOCKDOWN_POLICY_NR];
	unsigned long warned[LOCKDOWN_POLICY_NR];
};

/* Distinct tasks remembered per warned reason, the most recent first. */
#define LOCKDOWN_POLICY_SEEN	8

/**
 * struct lockdown_policy_seen - who asked about one warned reason
 * @comm: the comms of the last LOCKDOWN_POLICY_SEEN distinct tasks that
 *	asked, the most recent first; "" for an empty slot
 * @count: for each, how many times a task of that comm asked since it
 *	was last remembered
 * @kernel: for each, the task was the kernel's own (a kernel thread, or
 *	init before it runs a program: no user memory), not a program.
 *	Part of the identity: a program named as a kernel thread is apart.
 */
struct lockdown_policy_seen {
	char comm[LOCKDOWN_POLICY_SEEN][TASK_COMM_LEN];
	unsigned long count[LOCKDOWN_POLICY_SEEN];
	bool kernel[LOCKDOWN_POLICY_SEEN];
};

/**
 * struct lockdown_policy_watch - what learning mode records
 * @lock: serialises @seen. A raw spinlock, taken with interrupts off and
 *	only from a task's own context (never in an interrupt, in NMI or in
 *	the debugger), for a few bounded copies: it never sleeps, on
 *	PREEMPT_RT either, and no CPU a debugger stopped can be holding it
 *	when the debugger asks.
 * @seen: per reason, who asked while it was warned
 */
struct lockdown_policy_watch {
	raw_spinlock_t lock;	/* protects @seen */
	struct lockdown_policy_seen seen[LOCKDOWN_POLICY_NR];
};

/**
 * struct lockdown_policy_state - what the policy denies and warns about
 * @watched: @denied | @warned: the one bitmap the hook reads, locklessly.
 *	A reason outside it is allowed without another look; one in it goes
 *	to the slow path. A bit is set here only after its bit in @denied or
 *	@warned (with a write barrier between).
 * @denied: one bit per reason. Bits are only ever set, never cleared, so
 *	a reader sees each reason either still allowed or denied for good.
 * @warned: reasons in warn state: allowed, but counted, noticed, audited
 *	and recorded in @watch. Only ever set, like @denied; a reason that
 *	moves on to denied keeps its bit here, and @denied wins.
 * @sealed: no further policy is accepted until reboot
 * @flags: LOCKDOWN_POLICY_FLAG_* of the last policy applied (without SEAL)
 * @loads: policies applied since boot
 * @lock: serialises updates, what records them (audit, IMA, the static
 *	level), and readers that need a consistent view of more than one
 *	field
 * @denials: per CPU and reason, how many times this policy denied it, or
 *	was asked about a reason it warns about
 * @watch: who asked about the warned reasons
 *
 * Everything here is written only by a load or at boot, so the state the
 * kernel enforces lives in read-mostly data (read-only after init in static
 * mode): the hook's bit test shares its cache line with nothing that is
 * written on a hot path. What is written often is elsewhere and reached
 * through pointers the hook never follows: the mutex, which any reader of
 * the policy file takes, and the counters, one set per CPU.
 */
struct lockdown_policy_state {
	DECLARE_BITMAP(watched, LOCKDOWN_POLICY_NR);
	DECLARE_BITMAP(denied, LOCKDOWN_POLICY_NR);
	DECLARE_BITMAP(warned, LOCKDOWN_POLICY_NR);
	bool sealed;
	u32 flags;
	unsigned int loads;
	struct mutex *lock;	/* see above */
	struct lockdown_policy_counters __percpu *denials;
	struct lockdown_policy_watch *watch;
};

/**
 * struct lockdown_policy_delta - what a successful load changed
 * @denied: every reason denied after the load
 * @added: the reasons the load added to @denied
 * @warned: every reason warned (and not denied) after the load
 * @sealed: the policy is sealed after the load
 */
struct lockdown_policy_delta {
	DECLARE_BITMAP(denied, LOCKDOWN_POLICY_NR);
	DECLARE_BITMAP(added, LOCKDOWN_POLICY_NR);
	DECLARE_BITMAP(warned, LOCKDOWN_POLICY_NR);
	bool sealed;
};

/* The policy in force. */
extern struct lockdown_policy_state lockdown_policy;

/* reasons.c */
extern struct lockdown_policy_abi lockdown_policy_abi;
int lockdown_policy_abi_init(struct lockdown_policy_abi *abi);
bool lockdown_policy_is_reason(unsigned int what);
const char *lockdown_policy_reason_id(unsigned int what);
const char *lockdown_policy_reason_class(unsigned int what);
int lockdown_policy_lookup(const char *name);

/* policy.c */
int lockdown_policy_state_init(struct lockdown_policy_state *s, struct mutex *lock);
void lockdown_policy_state_destroy(struct lockdown_policy_state *s);
unsigned long lockdown_policy_denials(struct lockdown_policy_state *s,
				      enum lockdown_reason what);
unsigned long lockdown_policy_warnings(struct lockdown_policy_state *s,
				       enum lockdown_reason what);
int lockdown_policy_tighten(struct lockdown_policy_state *s,
			    const struct lockdown_policy_blob *blob,
			    struct lockdown_policy_delta *delta);
void lockdown_policy_deny(struct lockdown_policy_state *s,
			  enum lockdown_reason what);
void lockdown_policy_warn(struct lockdown_policy_state *s,
			  enum lockdown_reason what);
bool lockdown_policy_warns(struct lockdown_policy_state *s,
			   enum lockdown_reason what);
bool lockdown_policy_seal(struct lockdown_policy_state *s);
enum lockdown_reason lockdown_policy_level(const unsigned long *denied);

/* refuse.c */
int lockdown_policy_refuse(enum lockdown_reason what,
			   struct lockdown_policy_state *s);
enum lockdown_reason lockdown_policy_static_level(void);

/**
 * lockdown_policy_check - the locked_down decision
 * @s: the policy
 * @what: the reason the kernel asks about
 *
 * The allowed path, inlined into the hook: a bounds check and a bit test on
 * read-mostly data, no stack frame. Everything else (a denial, a warned
 * reason, a reason out of range) is in lockdown_policy_refuse(), out of
 * line: warn state costs nothing to the reasons it does not cover.
 *
 * Return: 0 if @s allows @what (warned or not), -EPERM if it denies it.
 */
static __always_inline int lockdown_policy_check(struct lockdown_policy_state *s,
						 enum lockdown_reason what)
{
	if (likely((unsigned int)what < LOCKDOWN_POLICY_NR &&
		   !test_bit(what, s->watched)))
		return 0;
	return lockdown_policy_refuse(what, s);
}

/* report.c */

/**
 * enum lockdown_policy_event - what lockdown_policy_refuse() reports
 * @LOCKDOWN_POLICY_DENIED: the policy refused a reason
 * @LOCKDOWN_POLICY_WARNED: it let a warned reason through, and nothing
 *	else refuses it
 * @LOCKDOWN_POLICY_INVALID: it was asked about a value that is no reason
 */
enum lockdown_policy_event {
	LOCKDOWN_POLICY_DENIED,
	LOCKDOWN_POLICY_WARNED,
	LOCKDOWN_POLICY_INVALID,
};

void lockdown_policy_report(struct lockdown_policy_state *s,
			    enum lockdown_reason what,
			    enum lockdown_policy_event event);

/* boot.c */
int lockdown_policy_parse_list(struct lockdown_policy_state *s, char *list,
			       bool warn, const char *where);
void lockdown_policy_boot(struct lockdown_policy_state *s);

/* watch.c */
void lockdown_policy_record(struct lockdown_policy_state *s,
			    enum lockdown_reason what, const char *comm, bool kernel);
void lockdown_policy_show_seen(struct lockdown_policy_state *s,
			       struct seq_file *m);

/* level.c */
void lockdown_policy_raise_level(struct lockdown_policy_state *s);

/* show.c */
size_t lockdown_policy_show_size(void);
int lockdown_policy_show(struct lockdown_policy_state *s, struct seq_buf *sb,
			 bool state);

/* audit.c */
void lockdown_policy_audit_denial(enum lockdown_reason what, bool warned,
				  const char *context);
void lockdown_policy_audit_load(const struct lockdown_policy_delta *delta,
				int err);
void lockdown_policy_audit_seal(void);

/* measure.c */
void lockdown_policy_measure(struct lockdown_policy_state *s);

/* kexec.c */
struct lsm_id;
void lockdown_policy_kexec_init(const struct lsm_id *lsmid);

#endif /* _SECURITY_LOCKDOWN_POLICY_H */
