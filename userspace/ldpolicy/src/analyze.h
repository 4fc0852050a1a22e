/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Bypass analysis: which denied reasons an allowed reason defeats, judged
 * against the reason model (model.h). A policy that claims protection it
 * does not give is an error, unless its file declares a non-boundary
 * intent or acknowledges the bypass.
 */
#ifndef LDPOLICY_ANALYZE_H
#define LDPOLICY_ANALYZE_H

#include "policy.h"

/* Report findings to @d. Returns 0, or -1 if any is an error. */
int analyze_policy(struct policy *p, struct diags *d);

#endif
