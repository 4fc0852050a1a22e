/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The reason model of one kernel version: per reason, what it gates, its
 * call sites, and what a process gains when it is allowed (capabilities,
 * with implications); and the paths that ask no reason at all, with what
 * they give and which backend closes them. From it the analysis derives
 * which allowed reasons and open paths defeat which denied reasons. The
 * model texts are userspace/ldpolicy/model/linux-<version>.model, all
 * built into ldpolicy; see those files for the syntax and the rule.
 */
#ifndef LDPOLICY_MODEL_H
#define LDPOLICY_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "kversion.h"

#define MODEL_MAX_CAPS 32

typedef uint32_t capset;	/* a set of capabilities, bit i = caps[i] */

struct model_cap {
	char *name, *desc;
	capset implies;		/* closed: includes itself */
};

/*
 * What a reason or a path gives, and the evidence for it: the VM attack
 * that demonstrates it (tests/vm/tools/ldattack), or why it cannot be
 * demonstrated there and the FILE:FUNCTION it is argued from.
 */
struct model_grant {
	unsigned int cap;
	char *how;
	char **with;		/* reasons that must be allowed too */
	size_t n_with;
	bool console;		/* only for whoever is at the console, not root */
	char *shown_by;		/* the attack demonstrating it, or NULL */
	char *argued;		/* why it is not demonstrated, or NULL */
	char **refs;		/* FILE:FUNCTION the argument rests on */
	size_t n_refs;
	/*
	 * A kernel built with @fixed_in (CONFIG_X: one that carries a fix of
	 * the way it is had) does not give it (@fixed_how says why): the fix
	 * asks another reason, whose own grant it is then.
	 * model_set_target() drops it when the kernel's configuration says so.
	 */
	char *fixed_in;
	char *fixed_how;
};

struct model_site {
	char *at;		/* "FILE FUNCTION" */
	bool once;		/* decided once, at boot or when its driver starts */
};

struct model_reason {
	char *id;
	char *gates;
	struct model_site *sites;
	size_t n_sites;
	struct model_grant *grants;
	size_t n_grants;
};

/*
 * The backends a path's state is given for, as backend.h names them; and
 * for struct model's backend: either one (the policy may run on both), or
 * none (the static lockdown level alone, which closes no path).
 */
enum { MODEL_LSM, MODEL_BPF, MODEL_BACKENDS, MODEL_EITHER = -1, MODEL_NO_BACKEND = -2 };
extern const char *const model_backend_names[MODEL_BACKENDS];

/*
 * A path's state with one backend in force: open (nothing closes it), or
 * closed when the policy denies every reason of @when (none: closed
 * whatever it denies, by a fix of that backend's kernels), @how says by
 * what.
 */
struct model_closure {
	bool set;		/* stated in the model */
	bool open;
	char **when;
	size_t n_when;
	char *how;
};

struct model_path {
	char *name;
	char *reaches;		/* what it is, in a few words */
	char **sources;		/* "FILE FUNCTION" where the kernel asks nothing */
	size_t n_sources;
	char **needs;		/* kernel options it needs: CONFIG_X, or !CONFIG_X */
	size_t n_needs;
	struct model_grant *grants;
	size_t n_grants;
	struct model_closure on[MODEL_BACKENDS];
	/*
	 * fixed-in CONFIG_X closed-when LOCKDOWN_Y... "how": a kernel built
	 * with @fixed_in asks those reasons here itself, whichever backend
	 * answers: on it, the path is closed-when them where it would be
	 * open (model_set_target())
	 */
	char *fixed_in;
	struct model_closure fixed;
};

struct kconfig;

struct model {
	char *name;
	unsigned int major, minor;	/* the kernel version it describes */
	char *kernel_desc;
	struct model_cap caps[MODEL_MAX_CAPS];
	unsigned int n_caps;
	struct model_reason *r;
	size_t n, cap_r;
	struct model_path *p;
	size_t n_paths, cap_p;
	/* the kernel options paths need and fixes are keyed on, sorted */
	char **options;
	size_t n_options;
	/*
	 * How the analysis judges paths: for backend @backend (MODEL_LSM,
	 * MODEL_BPF, MODEL_EITHER, MODEL_NO_BACKEND), on a kernel
	 * whose configuration is @config (NULL: unknown, every path counts).
	 */
	int backend;
	const struct kconfig *config;
};

int model_parse(struct model *m, const char *text, const char *name, struct diags *d);

/*
 * Judge for @backend and the kernel configuration @config (struct
 * model's backend and config): a grant whose "fixed-in" option @config
 * has is dropped.
 */
void model_set_target(struct model *m, int backend, const struct kconfig *config);

/*
 * Load the model for the kernel @kv describes (kversion.h): @spec a model
 * file, or a version ("6.1", "linux-6.12") of a built-in model; NULL for
 * the built-in model of @kv's version. When there is none for it, the
 * nearest is used with a warning (the newest below it, else the oldest).
 * Returns 0 or -1 (errors in @d).
 */
int model_load(struct model *m, const char *spec, const struct kversion *kv, struct diags *d);

/* The built-in models' versions, "6.1, 6.12", into @buf. */
const char *model_builtin_list(char *buf, size_t len);

const struct model_reason *model_find(const struct model *m, const char *id);
const struct model_path *model_find_path(const struct model *m, const char *name);

/* Everything @g (@n grants) give, to root or the console, conditions ignored. */
capset model_grants_needs(const struct model *m, const struct model_grant *g, size_t n);

/*
 * What @g (@n grants) give root: the grants whose "with" reasons all
 * pass @allowed, closed under implication; console-only grants left out.
 */
capset model_grants_effective(const struct model *m, const struct model_grant *g, size_t n,
			      bool (*allowed)(const char *id, void *arg), void *arg);

/* What denying @r keeps out: model_grants_needs() of its grants. */
capset model_needs(const struct model *m, const struct model_reason *r);

/* What allowing @r gives root: model_grants_effective() of its grants. */
capset model_effective(const struct model *m, const struct model_reason *r,
		       bool (*allowed)(const char *id, void *arg), void *arg);

/*
 * Does @r exist on architecture @arch (a kernel arch/ directory name,
 * "x86")? Yes when one of its call sites is outside arch/, or in
 * arch/@arch/: LOCKDOWN_XMON_RW, whose only sites are powerpc's, does
 * not exist on x86.
 */
bool model_reason_on_arch(const struct model_reason *r, const char *arch);

/*
 * The kernel architecture the analysis is for ("x86", "arm64", ...): the
 * one ldpolicy runs on, unless model_set_machine() named another.
 */
const char *model_host_arch(void);

/*
 * Analyse for the architecture of @machine (uname -m) from now on: that
 * of a kernel whose state was recorded elsewhere (suggest --from).
 */
void model_set_machine(const char *machine);

/*
 * Is @p in the kernel of @m->config? 1 yes, 0 no (an option it needs is
 * off), -1 unknown (no configuration: then it counts as there, unless it
 * needs an option off, which no kernel is assumed to be built without).
 */
int model_path_present(const struct model *m, const struct model_path *p);

/* "kernel-write, kernel-read" for @set, into @buf. */
const char *model_capset_str(const struct model *m, capset set, char *buf, size_t len);

void model_free(struct model *m);

#endif
