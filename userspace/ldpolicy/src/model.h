/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The reason model: per reason, what it gates, its call sites, and what a
 * process gains when it is allowed (capabilities, with implications). From
 * it the analysis derives which allowed reasons defeat which denied ones.
 * The model text is userspace/ldpolicy/model/linux-<series>.model, built
 * into ldpolicy; see that file for the syntax and the rule.
 */
#ifndef LDPOLICY_MODEL_H
#define LDPOLICY_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"

#define MODEL_MAX_CAPS 32

typedef uint32_t capset;	/* a set of capabilities, bit i = caps[i] */

struct model_cap {
	char *name, *desc;
	capset implies;		/* closed: includes itself */
};

struct model_grant {
	unsigned int cap;
	char *how;
	char **with;		/* reasons that must be allowed too */
	size_t n_with;
};

struct model_reason {
	char *id;
	char *gates;
	char **sites;
	size_t n_sites;
	struct model_grant *grants;
	size_t n_grants;
};

struct model {
	char *name;
	struct model_cap caps[MODEL_MAX_CAPS];
	unsigned int n_caps;
	struct model_reason *r;
	size_t n, cap_r;
};

int model_parse(struct model *m, const char *text, const char *name, struct diags *d);

/*
 * Load the model: @path, or the built-in 6.12 model if @path is NULL.
 * Returns 0 or -1 (errors in @d).
 */
int model_load(struct model *m, const char *path, struct diags *d);

const struct model_reason *model_find(const struct model *m, const char *id);

/* Everything @r grants, conditions ignored: what denying it keeps out. */
capset model_needs(const struct model *m, const struct model_reason *r);

/*
 * What @r grants when allowed: its grants whose "with" reasons all pass
 * @allowed, closed under implication.
 */
capset model_effective(const struct model *m, const struct model_reason *r,
		       bool (*allowed)(const char *id, void *arg), void *arg);

/*
 * Does @r exist on architecture @arch (a kernel arch/ directory name,
 * "x86")? Yes when one of its call sites is outside arch/, or in
 * arch/@arch/: LOCKDOWN_XMON_RW, whose only sites are powerpc's, does
 * not exist on x86.
 */
bool model_reason_on_arch(const struct model_reason *r, const char *arch);

/* The kernel architecture ldpolicy runs on ("x86", "arm64", ...). */
const char *model_host_arch(void);

/* "kernel-write, kernel-read" for @set, into @buf. */
const char *model_capset_str(const struct model *m, capset set, char *buf, size_t len);

void model_free(struct model *m);

#endif
