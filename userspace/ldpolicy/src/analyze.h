/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Bypass analysis: which denied reasons the allowed ones defeat, judged
 * against the reason model (model.h). A policy that claims protection it
 * does not give is an error, unless its files declare a non-boundary
 * intent or acknowledge the bypass.
 */
#ifndef LDPOLICY_ANALYZE_H
#define LDPOLICY_ANALYZE_H

#include "model.h"
#include "policy.h"

struct finding {
	unsigned int denied;	/* the defeated reason */
	unsigned int allowed;	/* the reason that defeats it */
	const char *how;	/* the model's path: how allowing it gets there */
	const char *with;	/* a companion reason the path needs, or NULL */
	int ack;		/* index of the acknowledgement excusing it, or -1 */
};

/*
 * Every (denied, allowed) pair of @p where the allowed reason defeats the
 * denied one. Reasons of @p's table without a model entry are listed in
 * @unmodelled (a bitmap, may be NULL). Returns the number of findings;
 * *out is malloc'd.
 */
size_t analyze_findings(const struct policy *p, const struct model *m,
			struct finding **out, uint64_t *unmodelled);

/*
 * Is the defeat of @f real on this machine's architecture: do both
 * reasons have a kernel path there? analyze_report() reports only those.
 */
bool analyze_on_arch(const struct policy *p, const struct model *m, const struct finding *f);

/*
 * Report the findings: errors unless excused by an acknowledgement or a
 * feature-disable intent; excused ones as notes if @notes. Open paths
 * that defeat denied reasons, unmodelled reasons and unused
 * acknowledgements are warnings. Marks used acks. Returns 0, or -1 if
 * any error was reported.
 */
int analyze_report(struct policy *p, const struct model *m, bool notes, struct diags *d);

/*
 * Acknowledge, with @why, every allowed reason of @p that defeats one it
 * denies and that nothing excuses yet: what a blob's
 * LOCKDOWN_POLICY_FLAG_BYPASS_ACKED says its author did, rebuilt from the
 * model, since a blob keeps the flag and not the acknowledgements.
 */
void analyze_acknowledge_all(struct policy *p, const struct model *m, const char *why);

/*
 * How many reasons @p denies that an allowed reason defeats, on this
 * architecture, excused or not: denied, but not protected.
 */
unsigned int analyze_defeated(const struct policy *p, const struct model *m);

/*
 * Paths that ask no reason (model.h): is @p closed with backend @b
 * (MODEL_LSM, MODEL_BPF) for a policy denying what @pol denies?
 */
bool analyze_path_closed(const struct model_path *p, int b, const struct policy *pol);

/*
 * Is @p open for @pol as @m judges paths (m->backend; -1: open with at
 * least one backend), and in the kernel (m->config)?
 */
bool analyze_path_open(const struct model *m, const struct model_path *p,
		       const struct policy *pol);

/*
 * The reasons @pol denies that the open path @p defeats on this
 * architecture, into @out (a bitmap); returns how many.
 */
unsigned int analyze_path_defeats(const struct model *m, const struct model_path *p,
				  const struct policy *pol, uint64_t *out);

/* How many reasons @p denies that open paths defeat: denied, not protected. */
unsigned int analyze_open_defeated(const struct policy *p, const struct model *m);

/*
 * "nothing closes it on Linux 6.12", or which backend does and how, into
 * @buf; for @pol (NULL: any policy), whether it denies what that takes.
 */
const char *analyze_closure_str(const struct model *m, const struct model_path *p,
				const struct policy *pol, char *buf, size_t len);

#endif
