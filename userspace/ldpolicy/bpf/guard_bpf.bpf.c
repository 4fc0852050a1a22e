// SPDX-License-Identifier: GPL-2.0
/*
 * The guards on bpf(2): what would let root run a program before the
 * object's own, or write its maps.
 *
 * A BPF LSM program is called from a BPF trampoline, which runs the
 * programs attached to a hook newest first, and stops at the first that
 * returns anything but 0 (as a 64-bit value): the hook then returns its
 * low 32 bits. So a program attached after the object's, returning
 * 1ULL << 32, would end the chain before the object's program ran, and
 * the hook would return 0: allowed. And an fmod_ret program on a
 * security_*() function does the same to every LSM at once, the static
 * lockdown LSM included. Once the object guards (ldp_guard_on), neither
 * can be loaded: no BPF_PROG_TYPE_LSM program on a hook the object has a
 * program on, and no fmod_ret program on a security_*() function (the
 * targets are in ldp_hooks, by vmlinux BTF id, from the running kernel's
 * BTF). Programs loaded before that are ldpolicy's to find before it arms
 * the object (src/bpf_setup.c). Everything else stays loadable: fentry and
 * fexit programs anywhere, LSM programs on other hooks (systemd's
 * RestrictFileSystems= is one on file_open), fmod_ret on other functions.
 */
#include "ldp_object.h"

#include <bpf/bpf_tracing.h>

/*
 * Would a BPF_PROG_LOAD of these attributes give a program that could
 * run before the object's own? A module's BTF ids continue vmlinux's, so
 * an id in ldp_hooks names the same function whichever BTF it is given in.
 */
static __always_inline bool runs_first(const union bpf_attr *attr)
{
	__u32 type = attr->prog_type, id = attr->attach_btf_id;
	__u32 *kind;

	if (type != BPF_PROG_TYPE_LSM &&
	    !(type == BPF_PROG_TYPE_TRACING && attr->expected_attach_type == BPF_MODIFY_RETURN))
		return false;
	kind = bpf_map_lookup_elem(&ldp_hooks, &id);
	if (!kind)
		return false;
	return type == BPF_PROG_TYPE_LSM ? *kind == LDP_HOOK_OWN : *kind == LDP_HOOK_SECURITY;
}

SEC("lsm/bpf")
int BPF_PROG(ldp_guard_bpf, int cmd, union bpf_attr *attr, unsigned int size, int ret)
{
	if (ret)
		return ret;
	if (!guarding())
		return 0;
	switch (cmd) {
	case BPF_PROG_LOAD:
		return refuse_if(runs_first(attr));
	case BPF_PROG_DETACH:
		/*
		 * ldp_guard_sysctl is attached to the root cgroup without a
		 * link, so that no fd or pin can detach it; this is the one
		 * other way. Other sysctl programs cannot be detached either
		 * while the object guards.
		 */
		return refuse_if(attr->attach_type == BPF_CGROUP_SYSCTL);
	case BPF_PROG_ATTACH:
		/* nor replaced by another */
		return refuse_if(attr->attach_type == BPF_CGROUP_SYSCTL &&
				 (attr->attach_flags & BPF_F_REPLACE));
	default:
		return 0;
	}
}

/*
 * No fd to the object's maps, for reading or writing, by id or by pin,
 * ever once this guard is attached: ldpolicy never needs one after
 * loading the object (it holds the fds of their creation until it arms
 * the object, and ldp_arm counts them), and with one a new program could
 * write them.
 */
SEC("lsm/bpf_map")
int BPF_PROG(ldp_guard_bpf_map, struct bpf_map *map, fmode_t fmode, int ret)
{
	if (ret)
		return ret;
	return refuse_if(own_map(map));
}

/* The program types of the object's programs. */
static __always_inline bool own_prog_type(__u32 type)
{
	return type == BPF_PROG_TYPE_LSM || type == BPF_PROG_TYPE_SYSCALL ||
	       type == BPF_PROG_TYPE_CGROUP_SYSCTL;
}

/*
 * A program that, attached, would run before the object's own (or in
 * place of one): the
 * BPF_PROG_LOAD check again, on a program that exists. The object's own
 * programs are LSM programs on its hooks; they are let through by id.
 */
static __always_inline bool would_run_first(const struct bpf_prog *prog)
{
	__u32 id = prog->aux->attach_btf_id, *kind;

	/*
	 * An extension program takes the place of a function of the program
	 * it is loaded against, and can be linked to another program of that
	 * type later (BPF_LINK_CREATE): none for the types the object's
	 * programs are, whatever it was loaded against.
	 */
	if (prog->type == BPF_PROG_TYPE_EXT)
		return own_prog_type(prog->aux->saved_dst_prog_type);
	if (prog->type != BPF_PROG_TYPE_LSM &&
	    !(prog->type == BPF_PROG_TYPE_TRACING &&
	      prog->expected_attach_type == BPF_MODIFY_RETURN))
		return false;
	kind = bpf_map_lookup_elem(&ldp_hooks, &id);
	if (!kind)
		return false;
	return prog->type == BPF_PROG_TYPE_LSM ? *kind == LDP_HOOK_OWN : *kind == LDP_HOOK_SECURITY;
}

/*
 * An fd to a program, new or by id or pin, while the object guards:
 *   - none to a program that extends or replaces one of the object's
 *     (freplace: a BPF_PROG_TYPE_EXT program loaded against it), nor to
 *     an extension of a program of the object's types, which could be
 *     linked to one of the object's later;
 *   - none to a program loaded before the guards that would run before
 *     the object's own once attached: attaching needs an fd, and
 *     ldpolicy, which asks for one to every program before it arms the
 *     object, is refused too, and so refuses to arm it.
 */
SEC("lsm/bpf_prog")
int BPF_PROG(ldp_guard_bpf_prog, struct bpf_prog *prog, int ret)
{
	struct ldp_guard *g;
	struct bpf_prog *dst;

	if (ret)
		return ret;
	if (!guarding())
		return 0;
	g = guard();
	if (!g)
		return -EPERM;
	dst = prog->aux->dst_prog;
	if (dst && own_prog_id(g, dst->aux->id))
		return -EPERM;
	if (!own_prog_id(g, prog->aux->id) && would_run_first(prog))
		return -EPERM;
	return 0;
}
