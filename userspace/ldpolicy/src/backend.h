/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The running kernel's lockdown policy, behind one interface with two
 * backends:
 *
 *   lockdown_policy  the LSM, through securityfs
 *                    (/sys/kernel/security/lockdown_policy/; backend_lsm.c)
 *   bpf              a BPF LSM program on lsm/locked_down, for kernels
 *                    without the LSM (/sys/fs/bpf/ldpolicy/; backend_bpf.c)
 *
 * Both enforce the same blob with the same semantics and errnos: only
 * ever tighten, seal until reboot. The commands talk to a struct backend
 * and never ask which one it is.
 */
#ifndef LDPOLICY_BACKEND_H
#define LDPOLICY_BACKEND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "policy.h"
#include "table.h"

#define SECFS_ROOT "/sys/kernel/security"

struct backend;

/*
 * A task's comm: the kernel's 16 bytes; read back from a record, up to
 * three times as many, as JSON gives each byte that is not UTF-8 back as
 * U+FFFD.
 */
#define KSTATE_COMM_SIZE (3 * 16 + 1)

/* A denial the backend recorded (the BPF backend's notices). */
struct knotice {
	uint64_t seq;
	uint64_t boot_ns;
	uint32_t pid;
	unsigned int what;
	char comm[KSTATE_COMM_SIZE];
};

/* Who asked about a warned reason (learning mode's record). */
struct kseen {
	unsigned int what;
	unsigned long long count;	/* questions from tasks of this comm */
	bool kernel;			/* the kernel's own tasks, not a program */
	char comm[KSTATE_COMM_SIZE];
};

/* What the running kernel enforces, as one backend reports it. */
struct kstate {
	uint64_t by_policy[POLICY_WORDS];	/* denied by the backend's policy */
	uint64_t by_static[POLICY_WORDS];	/* denied by the static level */
	uint64_t warned[POLICY_WORDS];		/* warned by the policy, not denied */
	unsigned long long denials[LOCKDOWN_POLICY_MAX_REASONS];
	/* questions about a reason the policy let through in warn state */
	unsigned long long warnings[LOCKDOWN_POLICY_MAX_REASONS];
	bool loaded;		/* the backend holds a policy (the LSM always does) */
	bool sealed;
	bool not_a_boundary, bypass_acked;
	unsigned int loads;
	char fingerprint[65];
	char lockdown[64];	/* the static LSM's level, or "" if not built */
	char where[128];	/* where the backend lives, for status */
	struct knotice *notices;	/* oldest first */
	size_t n_notices;
	struct kseen *seen;	/* per warned reason, the most recent first */
	size_t n_seen;
	bool seen_read;		/* @seen was read (it needs root); else unknown */
};

/* The most kernel options a recorded state holds (struct kstate_origin). */
#define LDP_MAX_OPTIONS	64

/*
 * Where a state was observed: the backend, and the kernel's release and
 * machine (uname -r, -m; the machine says which kernel paths exist, for
 * the bypass analysis). Recorded with the state by ldpolicy status --json.
 */
struct kstate_origin {
	char backend[16];	/* struct backend's name */
	char release[65];
	char machine[65];
	/*
	 * The kernel options the reason model names (a path's needs, a
	 * grant's fixed-in), as the kernel was built, sorted by name: known
	 * only when its configuration could be read (kstate_origin_options()).
	 */
	bool options_known;
	size_t n_options;
	struct kstate_option {
		char name[64];	/* CONFIG_X */
		bool set;	/* built in or a module */
	} options[LDP_MAX_OPTIONS];
};

/* @o for the running kernel, observed through @b. */
void kstate_origin_here(struct kstate_origin *o, const struct backend *b);

/*
 * What @k says of @what: denied by the policy or the static level,
 * warned (by the policy, and denied by neither), and in words:
 * kstate_state_name() "denied", "warned" or "allowed"; kstate_by_name()
 * who denies or warns, "policy", "static", "both" or "none";
 * kstate_policy_name() what the policy alone says, whatever the static
 * level does, "denied", "warned" or "allowed".
 */
bool kstate_denies(const struct kstate *k, unsigned int what);
bool kstate_warns(const struct kstate *k, unsigned int what);
const char *kstate_state_name(const struct kstate *k, unsigned int what);
const char *kstate_by_name(const struct kstate *k, unsigned int what);
const char *kstate_policy_name(const struct kstate *k, unsigned int what);

/* Add to @k's record of who asked about warned reasons. */
void kstate_add_seen(struct kstate *k, unsigned int what, unsigned long long count,
		     bool kernel, const char *comm);

void kstate_free(struct kstate *k);

struct backend {
	const char *name;	/* "lockdown_policy" or "bpf" */
	const char *what;	/* for people: "the lockdown_policy LSM" */
	/*
	 * The kernel side raises the static lockdown level itself when the
	 * policy covers a whole level; if not, ldpolicy load does.
	 */
	bool raises_level;
	/*
	 * Is it in the running kernel (@secfs: securityfs's mount point)?
	 * If not, why, in @why.
	 */
	bool (*present)(const char *secfs, char *why, size_t len);
	/* The running kernel's reason table, as this backend resolves names. */
	int (*table)(struct reason_table *t, struct diags *d);
	/*
	 * Read the state: what is denied and warned, the seal and the
	 * fingerprint; with @full also the counters, flags, notices and who
	 * asked about warned reasons. 0 or -1 (diagnosed):
	 * a state that cannot be read is never reported as allowed.
	 */
	int (*read)(struct kstate *k, const struct reason_table *t, bool full, struct diags *d);
	/* Apply @blob. 0, or the errno it was refused with (diagnosed if local). */
	int (*load)(const void *blob, size_t len, struct diags *d);
	int (*seal)(struct diags *d);
};

extern const struct backend backend_lsm, backend_bpf;

/*
 * The backend for @name: "auto" (or NULL), "lockdown_policy" (also "lsm")
 * or "bpf". Auto is lockdown_policy when its securityfs directory exists,
 * else bpf when "bpf" is in securityfs's lsm list. @secfs is where
 * securityfs is mounted (SECFS_ROOT). NULL, diagnosed, if none is there.
 */
const struct backend *backend_choose(const char *name, const char *secfs, struct diags *d);

/*
 * Is either backend in the kernel? False also when securityfs cannot be
 * read; then backend_choose() says why.
 */
bool backend_any(const char *secfs);

/*
 * Open or read @name in securityfs, mounted at @secfs. The real one
 * (SECFS_ROOT) is reached through ldpolicy's own mount of it (kfs.h),
 * never the path root may have mounted something else on; any other
 * @secfs is a directory (the unit tests'). As open(2) and read_file().
 */
int secfs_open(const char *secfs, const char *name, int flags);
char *secfs_read(const char *secfs, const char *name, size_t *len);

/* Is @lsm among the active LSMs (@secfs/lsm)? If not, or unknown, why. */
bool lsm_active(const char *secfs, const char *lsm, char *why, size_t len);

/*
 * The static lockdown LSM's level, the bracketed word of @secfs/lockdown,
 * into @level ("" when the LSM is not in the kernel's lsm list), and the
 * reasons it denies into @bits. -1 (diagnosed) when it cannot be known.
 */
int static_level_read(const char *secfs, const struct reason_table *t, char *level,
		      size_t len, uint64_t *bits, struct diags *d);

/*
 * The static level a set of denials amounts to: "confidentiality" if it
 * holds every reason, "integrity" if every integrity reason, else NULL.
 */
const char *static_level_of(const struct reason_table *t, const uint64_t *denied);

/*
 * Raise the static lockdown level (@secfs/lockdown, which only accepts a
 * raise) to what @denied covers, for a backend whose kernel side cannot
 * (struct backend.raises_level). 1 if raised, 0 if there was nothing to
 * raise (a partial policy, the level there already, or no static LSM),
 * -1 (diagnosed) if it could not be raised.
 */
int static_level_raise(const char *secfs, const struct reason_table *t, const uint64_t *denied,
		       struct diags *d);

/* What a refused load's errno means (the uapi header's list). */
const char *backend_load_error(int err);

#endif
