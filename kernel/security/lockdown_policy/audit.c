// SPDX-License-Identifier: GPL-2.0
/*
 * Audit records, as other LSMs emit them:
 *
 *   AUDIT_AVC              a denial, and a question about a warned reason
 *                          let through (action=warned, permissive=1),
 *                          while audit is enabled: the reason and the task
 *                          that asked, or the context if no task did
 *                          (report.c says when, and rate-limits them)
 *   AUDIT_MAC_POLICY_LOAD  each load, taken or refused: who loaded, the
 *                          set denied after it, what it added, the set
 *                          warned, the seal
 *   AUDIT_MAC_STATUS       the seal: who sealed
 *
 * Every record starts with "lsm=lockdown_policy". Without CONFIG_AUDIT the
 * audit calls are stubs and nothing is recorded.
 */
#include <linux/audit.h>
#include <linux/lsm_audit.h>

#include "lockdown_policy.h"

static void lockdown_policy_audit_pre(struct audit_buffer *ab, void *a)
{
	struct common_audit_data *ad = a;

	audit_log_format(ab, "lsm=lockdown_policy action=denied reason=%s",
			 lockdown_policy_reason_id(ad->u.reason));
}

static void lockdown_policy_audit_warn_pre(struct audit_buffer *ab, void *a)
{
	struct common_audit_data *ad = a;

	audit_log_format(ab, "lsm=lockdown_policy action=warned reason=%s permissive=1",
			 lockdown_policy_reason_id(ad->u.reason));
}

/**
 * lockdown_policy_audit_denial - record a denial, or a warned question
 * @what: the reason, in range
 * @warned: it did not deny, it let a warned reason through
 * @context: NULL when the task that asked is current, else the context
 *	it was asked from ("softirq", "hardirq"), where current is whoever
 *	was interrupted
 *
 * With interrupts on, outside NMI: the record is allocated with
 * GFP_ATOMIC. For a task, common_lsm_audit() adds it (pid, comm) and the
 * reason's description (lockdown_reason="..."), and the record joins the
 * task's syscall event; without one, the record names the context and
 * joins nothing. Only while audit is enabled (an audit daemon, or
 * audit=1): otherwise the record would only repeat the notice in the
 * kernel log.
 */
void lockdown_policy_audit_denial(enum lockdown_reason what, bool warned,
				  const char *context)
{
	struct common_audit_data ad = {
		.type = LSM_AUDIT_DATA_LOCKDOWN,
		.u.reason = what,
	};
	struct audit_buffer *ab;

	if (!audit_enabled)
		return;
	if (!context) {
		common_lsm_audit(&ad, warned ? lockdown_policy_audit_warn_pre :
				 lockdown_policy_audit_pre, NULL);
		return;
	}
	ab = audit_log_start(NULL, GFP_ATOMIC | __GFP_NOWARN, AUDIT_AVC);
	if (!ab)
		return;
	if (warned)
		lockdown_policy_audit_warn_pre(ab, &ad);
	else
		lockdown_policy_audit_pre(ab, &ad);
	/* as dump_common_audit_data() writes it for a task */
	audit_log_format(ab, " context=%s lockdown_reason=\"%s\"", context,
			 lockdown_reasons[what]);
	audit_log_end(ab);
}

/* " key=ID,ID,...", or " key=none" */
static void lockdown_policy_audit_set(struct audit_buffer *ab, const char *key,
				      const unsigned long *set)
{
	const char *sep = "";
	unsigned int what;

	audit_log_format(ab, " %s=", key);
	if (bitmap_empty(set, LOCKDOWN_POLICY_NR)) {
		audit_log_format(ab, "none");
		return;
	}
	for_each_set_bit(what, set, LOCKDOWN_POLICY_NR) {
		audit_log_format(ab, "%s%s", sep, lockdown_policy_reason_id(what));
		sep = ",";
	}
}

/**
 * lockdown_policy_audit_load - record a load through securityfs
 * @delta: what the load changed, or NULL if it was refused
 * @err: 0, or the errno the load was refused with
 */
void lockdown_policy_audit_load(const struct lockdown_policy_delta *delta,
				int err)
{
	struct audit_buffer *ab;

	ab = audit_log_start(audit_context(), GFP_KERNEL, AUDIT_MAC_POLICY_LOAD);
	if (!ab)
		return;
	audit_log_format(ab, "lsm=lockdown_policy op=load");
	if (delta) {
		lockdown_policy_audit_set(ab, "denied", delta->denied);
		lockdown_policy_audit_set(ab, "added", delta->added);
		lockdown_policy_audit_set(ab, "warned", delta->warned);
		audit_log_format(ab, " sealed=%d", delta->sealed);
	} else {
		audit_log_format(ab, " errno=%d", -err);
	}
	audit_log_task_info(ab);
	audit_log_format(ab, " res=%d", !err);
	audit_log_end(ab);
}

/**
 * lockdown_policy_audit_seal - record that the policy was sealed
 *
 * Only for the seal that changed the state, not for sealing it again.
 */
void lockdown_policy_audit_seal(void)
{
	struct audit_buffer *ab;

	ab = audit_log_start(audit_context(), GFP_KERNEL, AUDIT_MAC_STATUS);
	if (!ab)
		return;
	audit_log_format(ab, "lsm=lockdown_policy op=seal sealed=1 old_sealed=0");
	audit_log_task_info(ab);
	audit_log_format(ab, " res=1");
	audit_log_end(ab);
}
