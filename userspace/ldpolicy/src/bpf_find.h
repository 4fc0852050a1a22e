/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Finding the BPF backend's object in the kernel, and checking that it is
 * in force, on every command.
 *
 * Never by a path or a name: through the kernel's own lists of programs
 * and links, by the tags of the object's code (bpf_tags.h), by the
 * functions its links are attached to (named by the kernel's BTF, read
 * through a mount of ldpolicy's own, kfs.h), and by the map its programs
 * share. The object is in force when:
 *   - its enforcement program and every guard are attached, each to its
 *     own hook, and its sysctl guard to the root cgroup;
 *   - nothing can run before them: no fmod_ret program on a security_*()
 *     function, no LSM program on one of its hooks attached after its own;
 *   - no one but its own programs holds its maps (the kernel's reference
 *     counts, as ldp_read reports them);
 *   - kernel.ftrace_enabled is 1 (0 switches every BPF trampoline off);
 *   - it is armed, and its state is whole.
 * Anything else is reported, and the command fails: unknown is never
 * reported as allowed.
 */
#ifndef LDPOLICY_BPF_FIND_H
#define LDPOLICY_BPF_FIND_H

#include <stdbool.h>
#include <stdint.h>

#include <bpf/btf.h>

#include "bpf_btf.h"
#include "bpf_tags.h"
#include "diag.h"
#include "ldp_bpf.h"

/* The object in force, as bpf_obj_find() found it. */
struct bpf_obj {
	struct bpf_want want;
	int fd[LDP_MAX_PROGS];		/* per want.prog: its program, or -1 */
	uint32_t id[LDP_MAX_PROGS];
	struct ldp_read_ctx read;	/* its state, read once it was found */
};

/*
 * Find the object in force. 1: found, in force, @o filled; 0: there is
 * none (no program of it attached, nothing armed), @o empty; -1
 * (diagnosed): there is one, but it is not in force, or whether it is
 * cannot be told.
 */
int bpf_obj_find(struct bpf_obj *o, struct diags *d);

/*
 * Run the object's syscall program @name on @ctx. 0 and its return value
 * in *ret, or an errno.
 */
int bpf_obj_run(const struct bpf_obj *o, const char *name, void *ctx, size_t size, int *ret);

void bpf_obj_close(struct bpf_obj *o);

/*
 * What could run before the object's programs, for bpf_setup.c before it
 * arms the object and for bpf_obj_find() after: links attached on the
 * targets the guards keep (ldp_hooks) other than @own_ids' and
 * @own_links, and with @progs, programs loaded there (the object's guard
 * refuses an fd to them once it guards). 0 if there is none, -1
 * (diagnosed) if there is or it cannot be told.
 */
int bpf_check_foreign(bool progs, const uint32_t *own_ids, size_t n_own,
		      const uint32_t *own_links, size_t n_links, struct diags *d);

/*
 * The ldp_hooks map's content for the running kernel: @kind[i] for BTF id
 * @ids[i]. Returns how many, or -1 (diagnosed); *ids and *kinds allocated.
 */
int bpf_hook_ids(const struct bpf_want *w, uint32_t **ids, uint32_t **kinds, struct diags *d);

/*
 * Wait until no program of the object's code is attached any more: an
 * unarmed setup's, killed before it undid itself, whose pins were just
 * cleared (the kernel releases links asynchronously). 0, or -1
 * (diagnosed) if they stay.
 */
int bpf_wait_unattached(struct diags *d);

/*
 * The references to each map (by @map_ids, in enum ldp_map order) that
 * the object's programs account for, into @refs: the programs the kernel
 * lists under the ids the setup loaded them as (@prog_ids), never one
 * that only has their code (a copy of one, loaded with the object's maps
 * by whoever took an fd to them, has the same tag). Then @check(@arg),
 * while ldpolicy still holds an fd to every program it counted: none of
 * them can go, and a grace period later take its references with it,
 * before @check compares the count with the kernel's (a reference
 * someone else holds would otherwise hide behind it). 0 or -1
 * (diagnosed; @check not run).
 */
int bpf_own_refs(const uint32_t *map_ids, const uint32_t *prog_ids, size_t n_prog_ids,
		 __u64 *refs, void (*check)(void *), void *arg, struct diags *d);

/* kernel.ftrace_enabled: 1 or 0, or -1 (diagnosed) if it cannot be read. */
int bpf_ftrace_enabled(struct diags *d);

#endif
