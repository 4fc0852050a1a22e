// SPDX-License-Identifier: GPL-2.0
/*
 * ldbpfdoor - try, as root, one of the doors around the BPF backend that
 * the bpf() syscall opens, and report how it went.
 *
 * Usage: ldbpfdoor DOOR [ARG...]
 *   map-fd          an fd to each of the backend's maps, by id, read-write
 *                   and read-only; a map that gives one is written through it
 *   link-fd         an fd to each of the backend's links, by id (the id
 *                   read through its pin), then BPF_LINK_DETACH and
 *                   BPF_LINK_UPDATE through it
 *   link-detach     an fd to each link by its pin, then BPF_LINK_DETACH and
 *                   BPF_LINK_UPDATE on it
 *   freplace-enforce  an freplace program replacing the enforcement program
 *   freplace-read   an freplace program replacing the read program
 *   freplace-retarget  an freplace program loaded against a program of
 *                   ours, then linked to the enforcement program
 *   load PROG [PIN] load the rogue program PROG (rogue.bpf.c) and attach it;
 *                   with PIN, pin it there (not attached), to outlive us
 *   attach-pinned PIN SECS  attach the program pinned at PIN, hold it
 *                   attached SECS seconds
 *   probe-while PROG PATH  load and attach PROG, then open PATH
 *   fake-pins       pin fakes of the backend's programs and links where the
 *                   backend keeps its pins, before it is set up
 *   fake-name HOOK PIN  attach an LSM program named as the backend's
 *                   enforcement one to HOOK (bpf_lsm_*), its link pinned at PIN
 *   steal-copy SECS  take an fd to the state map of the object a setup
 *                   makes, load a copy of its ldp_guard_on on it, keep only
 *                   the copy, until SIGTERM (ldbpfdoor_copy.c)
 *   steal-map SECS  for SECS seconds, take an fd to every map named as the
 *                   backend's state map as it appears; hold them all until
 *                   SIGTERM, then say how many it still holds
 *   sysctl-rewrite  attach a sysctl program that rewrites writes to
 *                   kernel.ftrace_enabled to 0, then write 1 there
 *   freplace-sysctl load an freplace program against a sysctl program of
 *                   ours, then link it to the backend's sysctl guard
 *   sysctl-retval   attach a sysctl program that erases the guard's verdict
 *                   (bpf_set_retval(0)), then write 0 to ftrace_enabled
 *   preload-hide, hooks-ptrace, rodata-ptrace, trace-setup, steal-fds,
 *   setup-hijack, fake-btf:
 *                   against the setup of the first load (ldbpfdoor_setup.c)
 *   read-kernel PROG  load rogue program PROG (rogue_snprintf,
 *                   rogue_snprintf_btf, rogue_btf_load, rogue_iter), and
 *                   where it can, read linux_banner with it
 *   pfkey           open a PF_KEY socket
 *   kexec-file IMAGE  kexec_file_load(2) IMAGE (then unload it)
 *   hold-lock SECS  take the lock on the backend's pin directory, hold it
 *   bind-over       bind mounts over /sys/fs/bpf, with each propagation flag
 *   remount-ro      remount /sys/fs/bpf read-only
 *   replace-pin     rename another pin over the backend's pins
 *   move-mount      move the backend's bpffs away, and mount over it, with
 *                   the new mount API (open_tree, fsmount, move_mount)
 *   run-load FILE   run the backend's load program on the blob in FILE
 *   run-seal        run the backend's seal program
 *   cgroup-ns CMD...  run CMD in a new cgroup namespace
 *   genl-blind errno|fake CMD...  run CMD blind to the kernel's SEG6
 *                   generic netlink family (ldbpfdoor_genl.c)
 * Prints one line per attempt, "NAME: ok" or "NAME: ERRNO", and exits 0;
 * 2 if the attempt could not be set up at all (the test cannot tell).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <linux/mount.h>
#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "../../../userspace/ldpolicy/bpf/ldp_bpf.h"
#include "errname.h"
#include "ldbpfdoor.h"
#include "rogue.skel.h"

void say(const char *what, int err)
{
	printf("%s: %s\n", what, err ? errno_name(err) : "ok");
}

void die(const char *fmt, ...)
{
	va_list ap;

	fputs("ldbpfdoor: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

static int quiet(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	if (level == LIBBPF_WARN && getenv("LDBPFDOOR_VERBOSE"))
		return vfprintf(stderr, fmt, ap);
	return 0;
}

static int pin_fd(const char *name)
{
	char path[256];
	int fd;

	snprintf(path, sizeof(path), LDP_BPF_DIR "/%s", name);
	fd = bpf_obj_get(path);
	if (fd < 0)
		die("cannot open %s: %s", path, strerror(errno));
	return fd;
}

static struct bpf_prog_info prog_info(int fd, __u32 *map_ids, __u32 nr_maps)
{
	struct bpf_prog_info info = { 0 };
	__u32 len = sizeof(info);

	info.nr_map_ids = nr_maps;
	info.map_ids = (__u64)(unsigned long)map_ids;
	if (bpf_obj_get_info_by_fd(fd, &info, &len))
		die("prog info: %s", strerror(errno));
	return info;
}

int prog_named(const char *name, __u32 type)
{
	__u32 id = 0;

	while (!bpf_prog_get_next_id(id, &id)) {
		int fd = bpf_prog_get_fd_by_id(id);
		struct bpf_prog_info info;

		if (fd < 0)
			continue;
		info = prog_info(fd, NULL, 0);
		if (info.type == type && !strcmp(info.name, name))
			return fd;
		close(fd);
	}
	return -1;
}

/* The enforcement program, by id: no pin holds it, its link does. */
static int enforcement_fd(void)
{
	int fd = prog_named("ldp_locked_down", BPF_PROG_TYPE_LSM);

	if (fd < 0)
		die("the backend's enforcement program is not loaded");
	return fd;
}

/* Add the maps of program @fd to @ids (of *n), each once. */
static void add_maps(int fd, __u32 *ids, __u32 *n, __u32 max)
{
	__u32 m[16];
	struct bpf_prog_info info = prog_info(fd, m, 16);

	for (__u32 i = 0; i < info.nr_map_ids && i < 16; i++) {
		__u32 j = 0;

		while (j < *n && ids[j] != m[i])
			j++;
		if (j == *n && *n < max)
			ids[(*n)++] = m[i];
	}
}

/*
 * The backend's maps are named by its programs (the maps give no fd to
 * ask): the pinned ones, and each LSM program through its link's pin.
 */
static __u32 backend_maps(__u32 *ids, __u32 max)
{
	static const char *const pins[] = { "ldp_load", "ldp_seal", "ldp_read" };
	DIR *dir = opendir(LDP_BPF_DIR);
	struct dirent *e;
	__u32 n = 0;

	for (size_t i = 0; i < sizeof(pins) / sizeof(pins[0]); i++) {
		int fd = pin_fd(pins[i]);

		add_maps(fd, ids, &n, max);
		close(fd);
	}
	if (!dir)
		die("cannot list %s: %s", LDP_BPF_DIR, strerror(errno));
	while ((e = readdir(dir))) {
		struct bpf_link_info li = { 0 };
		__u32 len = sizeof(li);
		int fd, pfd;

		if (strncmp(e->d_name, LDP_PIN_LINK_PREFIX, strlen(LDP_PIN_LINK_PREFIX)))
			continue;
		fd = pin_fd(e->d_name);
		if (bpf_obj_get_info_by_fd(fd, &li, &len))
			die("link info of %s: %s", e->d_name, strerror(errno));
		pfd = bpf_prog_get_fd_by_id(li.prog_id);
		if (pfd < 0)
			die("program %u of %s: %s", li.prog_id, e->d_name, strerror(errno));
		add_maps(pfd, ids, &n, max);
		close(pfd);
		close(fd);
	}
	closedir(dir);
	return n;
}

/*
 * An fd to each map, read-write and read-only. A map that gives one is
 * named, and written through it: only a frozen, read-only one may give an
 * fd (libbpf's .rodata, the table fingerprint the object was built for).
 */
static void door_map_fd(void)
{
	__u32 ids[32], n = backend_maps(ids, 32);

	if (!n)
		die("the backend's programs use no map");
	for (__u32 i = 0; i < n; i++) {
		LIBBPF_OPTS(bpf_get_fd_by_id_opts, ro, .open_flags = BPF_F_RDONLY);
		struct bpf_map_info mi = { 0 };
		__u32 len = sizeof(mi), key = 0;
		char what[128], value[4096] = "";
		int m;

		snprintf(what, sizeof(what), "map id %u read-write", ids[i]);
		m = bpf_map_get_fd_by_id(ids[i]);
		say(what, m < 0 ? errno : 0);
		if (m >= 0)
			close(m);
		snprintf(what, sizeof(what), "map id %u read-only", ids[i]);
		m = bpf_map_get_fd_by_id_opts(ids[i], &ro);
		say(what, m < 0 ? errno : 0);
		if (m < 0)
			continue;
		if (bpf_obj_get_info_by_fd(m, &mi, &len))
			die("map info: %s", strerror(errno));
		snprintf(what, sizeof(what), "map id %u (%s, frozen %s) update", ids[i], mi.name,
			 mi.map_flags & BPF_F_RDONLY_PROG ? "read-only to programs" : "writable");
		close(m);
		m = bpf_map_get_fd_by_id(ids[i]);
		if (m < 0)
			m = bpf_map_get_fd_by_id_opts(ids[i], &ro);
		say(what, bpf_map_update_elem(m, &key, value, BPF_ANY) ? errno : 0);
		close(m);
	}
}

/* Each link the backend pinned: its id from the pin, then an fd by id. */
static void door_link_fd(void)
{
	DIR *dir = opendir(LDP_BPF_DIR);
	struct dirent *e;
	int n = 0;

	if (!dir)
		die("cannot list %s: %s", LDP_BPF_DIR, strerror(errno));
	while ((e = readdir(dir))) {
		struct bpf_link_info li = { 0 };
		__u32 len = sizeof(li);
		char what[320];
		int fd, byid;

		if (strncmp(e->d_name, LDP_PIN_LINK_PREFIX, strlen(LDP_PIN_LINK_PREFIX)))
			continue;
		fd = pin_fd(e->d_name);
		if (bpf_obj_get_info_by_fd(fd, &li, &len))
			die("link info of %s: %s", e->d_name, strerror(errno));
		byid = bpf_link_get_fd_by_id(li.id);
		snprintf(what, sizeof(what), "%s (link id %u) by id", e->d_name, li.id);
		say(what, byid < 0 ? errno : 0);
		if (byid >= 0) {
			int rfd = pin_fd("ldp_read");

			snprintf(what, sizeof(what), "  %s: BPF_LINK_DETACH through it", e->d_name);
			say(what, bpf_link_detach(byid) ? errno : 0);
			snprintf(what, sizeof(what), "  %s: BPF_LINK_UPDATE through it", e->d_name);
			say(what, bpf_link_update(byid, rfd, NULL) ? errno : 0);
			close(rfd);
			close(byid);
		}
		close(fd);
		n++;
	}
	closedir(dir);
	if (!n)
		die("no link pins in %s", LDP_BPF_DIR);
}

static void door_link_detach(void)
{
	static const char *const names[] = { "ldp_locked_down", "ldp_guard_bpf",
					     "ldp_guard_unlink", "ldp_guard_umount" };

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		char pin[64], what[96];
		int fd, rfd;

		snprintf(pin, sizeof(pin), LDP_PIN_LINK_PREFIX "%s", names[i]);
		fd = pin_fd(pin);
		snprintf(what, sizeof(what), "%s: BPF_LINK_DETACH", pin);
		say(what, bpf_link_detach(fd) ? errno : 0);
		rfd = pin_fd("ldp_read");
		snprintf(what, sizeof(what), "%s: BPF_LINK_UPDATE", pin);
		say(what, bpf_link_update(fd, rfd, NULL) ? errno : 0);
		close(rfd);
		close(fd);
	}
}

struct rogue *rogue_open(void)
{
	struct rogue *r = rogue__open();
	struct bpf_program *p;

	if (!r)
		die("cannot open the rogue object: %s", strerror(errno));
	bpf_object__for_each_program(p, r->obj)
		bpf_program__set_autoload(p, false);
	return r;
}

static void door_freplace(const char *what, struct bpf_program *(*pick)(struct rogue *),
			  int target_fd, const char *target)
{
	struct rogue *r = rogue_open();
	struct bpf_program *p = pick(r);
	int err;

	bpf_program__set_autoload(p, true);
	err = bpf_program__set_attach_target(p, target_fd, target);
	if (err)
		die("set_attach_target %s: %s", target, strerror(-err));
	err = rogue__load(r);
	if (!err) {
		struct bpf_link *l = bpf_program__attach_freplace(p, target_fd, target);

		err = l ? 0 : errno;
		printf("  (loaded; attaching it: %s)\n", err ? errno_name(err) : "ok");
		bpf_link__destroy(l);
		err = 0;
	}
	say(what, err ? -err : 0);
	rogue__destroy(r);
}

static struct bpf_program *pick_enforce(struct rogue *r)
{
	return r->progs.ldp_locked_down;
}

static struct bpf_program *pick_read(struct rogue *r)
{
	return r->progs.ldp_read;
}

static void door_freplace_retarget(void)
{
	struct rogue *own = rogue_open(), *r;
	int target, enforce = enforcement_fd(), err;
	struct bpf_link *l;

	bpf_program__set_autoload(own->progs.rogue_target, true);
	err = rogue__load(own);
	if (err) {
		/* refused too while BPF_READ_KERNEL is denied: a global function */
		say("load rogue_target, a socket filter with a global function", -err);
		rogue__destroy(own);
		close(enforce);
		return;
	}
	target = bpf_program__fd(own->progs.rogue_target);
	r = rogue_open();
	bpf_program__set_autoload(r->progs.rogue_ext, true);
	if (bpf_program__set_attach_target(r->progs.rogue_ext, target, "rogue_sub"))
		die("cannot aim an freplace at rogue_sub");
	err = rogue__load(r);
	say("load an freplace against rogue_sub, of root's own", err ? -err : 0);
	if (err) {
		rogue__destroy(r);
		rogue__destroy(own);
		close(enforce);
		return;
	}
	l = bpf_program__attach_freplace(r->progs.rogue_ext, enforce, "ldp_locked_down");
	err = l ? 0 : errno;
	say("freplace re-targeted at ldp_locked_down", err);
	bpf_link__destroy(l);
	rogue__destroy(r);
	rogue__destroy(own);
	close(enforce);
}

/* The rogue program named @name, in @r (opened, nothing loaded yet). */
struct bpf_program *rogue_prog(struct rogue *r, const char *name)
{
	struct bpf_program *p = bpf_object__find_program_by_name(r->obj, name);

	if (!p)
		die("no rogue program %s", name);
	return p;
}

/*
 * Load rogue program @name alone; with @pin, pin it there instead of
 * attaching it. Returns the object (its link attached) or NULL if the
 * load was refused; reports both steps.
 */
static struct rogue *load_rogue(const char *name, const char *pin, struct bpf_link **link)
{
	struct rogue *r = rogue_open();
	struct bpf_program *p = rogue_prog(r, name);
	char what[160];
	int err;

	*link = NULL;
	bpf_program__set_autoload(p, true);
	err = rogue__load(r);
	snprintf(what, sizeof(what), "load %s", name);
	say(what, err ? -err : 0);
	if (err) {
		rogue__destroy(r);
		return NULL;
	}
	if (pin) {
		unlink(pin);
		err = bpf_program__pin(p, pin);
		snprintf(what, sizeof(what), "pin %s at %s", name, pin);
		say(what, err ? -err : 0);
		return r;
	}
	*link = bpf_program__attach(p);
	snprintf(what, sizeof(what), "attach %s", name);
	say(what, *link ? 0 : errno);
	return r;
}

static void door_load(const char *name, const char *pin)
{
	struct bpf_link *l;
	struct rogue *r = load_rogue(name, pin, &l);

	bpf_link__destroy(l);
	if (r)
		rogue__destroy(r);
}

/* Attach the program pinned at @pin, and hold it attached @secs seconds. */
static void door_attach_pinned(const char *pin, int secs)
{
	int fd = bpf_obj_get(pin), lfd;

	if (fd < 0)
		die("cannot open %s: %s", pin, strerror(errno));
	lfd = bpf_raw_tracepoint_open(NULL, fd);
	say("attach the program pinned before the backend was set up", lfd < 0 ? errno : 0);
	close(fd);
	if (lfd >= 0) {
		sleep(secs);
		close(lfd);
	}
}

static void door_probe_while(const char *name, const char *path)
{
	struct bpf_link *l;
	struct rogue *r = load_rogue(name, NULL, &l);
	char what[160];
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	snprintf(what, sizeof(what), "open %s while it is%s attached", path, l ? "" : " not");
	say(what, fd < 0 ? errno : 0);
	if (fd >= 0)
		close(fd);
	bpf_link__destroy(l);
	if (r)
		rogue__destroy(r);
}

/*
 * Fakes where the backend keeps its pins: programs named as its own
 * (syscall programs that do nothing, a read that says everything is
 * denied), and, where it may be loaded, a link of an LSM program that
 * allows all.
 */
static void door_fake_pins(void)
{
	static const struct { const char *prog, *pin; } fakes[] = {
		{ "rogue_nop", "ldp_load" }, { "rogue_nop", "ldp_seal" },
		{ "rogue_read", "ldp_read" },
	};
	struct rogue *r = rogue_open();
	struct bpf_link *l;
	char path[256];
	int err;

	mkdir(LDP_BPF_DIR, 0700);
	bpf_program__set_autoload(r->progs.rogue_nop, true);
	bpf_program__set_autoload(r->progs.rogue_read, true);
	if (rogue__load(r))
		die("cannot load the fake syscall programs");
	for (size_t i = 0; i < sizeof(fakes) / sizeof(fakes[0]); i++) {
		snprintf(path, sizeof(path), LDP_BPF_DIR "/%s", fakes[i].pin);
		err = bpf_program__pin(rogue_prog(r, fakes[i].prog), path);
		say(path, err ? -err : 0);
	}
	rogue__destroy(r);
	r = load_rogue("rogue_allow", NULL, &l);
	if (l) {
		err = bpf_link__pin(l, LDP_BPF_DIR "/" LDP_PIN_LINK_PREFIX "ldp_locked_down");
		say("pin its link as " LDP_PIN_LINK_PREFIX "ldp_locked_down", err ? -err : 0);
		bpf_link__disconnect(l);
		bpf_link__destroy(l);
	}
	if (r)
		rogue__destroy(r);
}

const struct bpf_insn ret0[2] = {
	{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0, .imm = 0 },
	{ .code = BPF_JMP | BPF_EXIT },
};

/*
 * An LSM program named as the backend's enforcement program, returning 0,
 * attached to @hook (bpf_lsm_HOOK) and pinned at @pin: ldpolicy must
 * neither take it for its own nor report nothing in force beside it.
 */
static void door_fake_name(const char *hook, const char *pin)
{
	struct btf *btf = btf__load_vmlinux_btf();
	int id = btf ? btf__find_by_name_kind(btf, hook, BTF_KIND_FUNC) : -1;
	LIBBPF_OPTS(bpf_prog_load_opts, opts, .expected_attach_type = BPF_LSM_MAC,
		    .attach_btf_id = id);
	char what[128];
	int fd, lfd;

	if (id < 0)
		die("no %s in the kernel's BTF", hook);
	fd = bpf_prog_load(BPF_PROG_TYPE_LSM, "ldp_locked_down", "GPL", ret0, 2, &opts);
	snprintf(what, sizeof(what), "load an LSM program named ldp_locked_down, for %s", hook);
	say(what, fd < 0 ? errno : 0);
	if (fd < 0)
		return;
	lfd = bpf_raw_tracepoint_open(NULL, fd);
	say("attach it", lfd < 0 ? errno : 0);
	unlink(pin);
	if (lfd >= 0)
		say("pin its link", bpf_obj_pin(lfd, pin) ? errno : 0);
	if (lfd >= 0)
		close(lfd);
	close(fd);
	btf__free(btf);
}

/* Has SIGTERM (blocked) come? */
static bool term_pending(void)
{
	sigset_t set;

	return !sigpending(&set) && sigismember(&set, SIGTERM) == 1;
}

/*
 * For @secs seconds, take an fd to every map named ldp_state that
 * appears (ldpolicy's own passes create some, its setup one), and hold
 * them all until SIGTERM, however long the load it races takes: a thief
 * that let go on a clock of its own, before a slow setup (arm64 under
 * TCG) armed, would see the backend armed while it held nothing. Prints
 * each map's id as it is taken, and at SIGTERM how many it still holds.
 */
static void door_steal_map(int secs)
{
	static const struct timespec nap = { 0, 200000 };
	time_t end = time(NULL) + secs;
	__u32 held[64], n = 0, id = 0;
	long tries = 0;
	sigset_t term;
	int sig;

	sigemptyset(&term);
	sigaddset(&term, SIGTERM);
	if (sigprocmask(SIG_BLOCK, &term, NULL))
		die("sigprocmask: %s", strerror(errno));
	while (time(NULL) < end && n < 64 && !term_pending()) {
		LIBBPF_OPTS(bpf_get_fd_by_id_opts, ro, .open_flags = BPF_F_RDONLY);
		struct bpf_map_info mi = { 0 };
		__u32 len = sizeof(mi), i;
		int fd;

		tries++;
		if (bpf_map_get_next_id(id, &id)) {
			id = 0;
			nanosleep(&nap, NULL);	/* each id seen: let ldpolicy on */
			continue;
		}
		for (i = 0; i < n && held[i] != id; i++)
			;
		if (i < n)
			continue;
		fd = bpf_map_get_fd_by_id_opts(id, &ro);
		if (fd < 0)
			continue;
		if (bpf_obj_get_info_by_fd(fd, &mi, &len) || strcmp(mi.name, "ldp_state")) {
			close(fd);
			continue;
		}
		held[n++] = id;	/* and the fd stays open */
		printf("took an fd to map %u (ldp_state) after %ld tries\n", id, tries);
	}
	if (sigwait(&term, &sig))
		die("sigwait: %s", strerror(errno));
	printf("ended: still held %u\n", n);
}

/* The root cgroup, through a cgroup2 mount of our own. */
static int root_cgroup(void)
{
	int ctx = syscall(SYS_fsopen, "cgroup2", 0), mnt;

	if (ctx < 0 || syscall(SYS_fsconfig, ctx, FSCONFIG_CMD_CREATE, NULL, NULL, 0))
		die("fsopen cgroup2: %s", strerror(errno));
	mnt = syscall(SYS_fsmount, ctx, 0, 0);
	if (mnt < 0)
		die("fsmount cgroup2: %s", strerror(errno));
	close(ctx);
	return mnt;
}

/*
 * A sysctl program on the root cgroup, after the backend's guard, that
 * turns any write to kernel.ftrace_enabled into "0"; then a write of 1.
 */
static void door_sysctl_rewrite(void)
{
	struct rogue *r = rogue_open();
	int cg = root_cgroup(), fd, err;
	char now[8] = "";

	bpf_program__set_autoload(r->progs.rogue_sysctl_rewrite, true);
	if (rogue__load(r))
		die("cannot load rogue_sysctl_rewrite");
	err = bpf_prog_attach(bpf_program__fd(r->progs.rogue_sysctl_rewrite), cg,
			      BPF_CGROUP_SYSCTL, BPF_F_ALLOW_MULTI) ? errno : 0;
	say("attach a sysctl program that rewrites ftrace_enabled writes to 0", err);
	fd = open("/proc/sys/kernel/ftrace_enabled", O_WRONLY);
	err = fd < 0 ? errno : write(fd, "1\n", 2) == 2 ? 0 : errno;
	say("write 1 to kernel.ftrace_enabled", err);
	if (fd >= 0)
		close(fd);
	fd = open("/proc/sys/kernel/ftrace_enabled", O_RDONLY);
	if (fd < 0 || read(fd, now, sizeof(now) - 1) < 0)
		die("cannot read ftrace_enabled");
	close(fd);
	printf("  ftrace_enabled now %s", now);
	bpf_prog_detach2(bpf_program__fd(r->progs.rogue_sysctl_rewrite), cg, BPF_CGROUP_SYSCTL);
	close(cg);
	rogue__destroy(r);
}

/*
 * A sysctl program on the root cgroup, after the backend's guard, that
 * erases the guard's verdict (bpf_set_retval(0)), attached as a link and
 * as a program; then a write of 0 to kernel.ftrace_enabled.
 */
static void door_sysctl_retval(void)
{
	struct rogue *r = rogue_open();
	int cg = root_cgroup(), prog, link, err, fd;

	bpf_program__set_autoload(r->progs.rogue_sysctl_allow, true);
	err = rogue__load(r);
	say("load a sysctl program that erases the verdicts before it", err ? -err : 0);
	if (err)
		goto out;
	prog = bpf_program__fd(r->progs.rogue_sysctl_allow);
	link = bpf_link_create(prog, cg, BPF_CGROUP_SYSCTL, NULL);
	say("attach it to the root cgroup (a link)", link < 0 ? errno : 0);
	err = bpf_prog_attach(prog, cg, BPF_CGROUP_SYSCTL, BPF_F_ALLOW_MULTI) ? errno : 0;
	say("attach it to the root cgroup (BPF_PROG_ATTACH)", err);
	fd = open("/proc/sys/kernel/ftrace_enabled", O_WRONLY);
	err = fd < 0 ? errno : write(fd, "0\n", 2) == 2 ? 0 : errno;
	say("then write 0 to kernel.ftrace_enabled", err);
	if (fd >= 0)
		close(fd);
	if (!err) {	/* the door was open: as it was, for what follows */
		fd = open("/proc/sys/kernel/ftrace_enabled", O_WRONLY);
		if (fd < 0 || write(fd, "1\n", 2) != 2)
			die("cannot set ftrace_enabled back to 1");
		close(fd);
	}
	if (link >= 0)
		close(link);
	bpf_prog_detach2(prog, cg, BPF_CGROUP_SYSCTL);
out:
	close(cg);
	rogue__destroy(r);
}

/* The backend's sysctl guard, by name, as root finds it. */
static int sysctl_guard_fd(void)
{
	int fd = prog_named("ldp_guard_sysct", BPF_PROG_TYPE_CGROUP_SYSCTL);

	if (fd < 0)
		die("the backend's sysctl guard is not loaded");
	return fd;
}

/*
 * An freplace program loaded against a sysctl program of ours (which the
 * guard cannot tell from any other), then linked in place of the
 * backend's sysctl guard.
 */
static void door_freplace_sysctl(void)
{
	struct rogue *own = rogue_open(), *r;
	int target, guard = sysctl_guard_fd(), err;
	struct bpf_link *l;

	bpf_program__set_autoload(own->progs.rogue_sysctl_dummy, true);
	if (rogue__load(own))
		die("cannot load rogue_sysctl_dummy");
	target = bpf_program__fd(own->progs.rogue_sysctl_dummy);
	r = rogue_open();
	bpf_program__set_autoload(r->progs.rogue_sysctl_ext, true);
	if (bpf_program__set_attach_target(r->progs.rogue_sysctl_ext, target, "rogue_sysctl_dummy"))
		die("set_attach_target: %s", strerror(errno));
	err = rogue__load(r);
	say("load an freplace of a sysctl program of ours", err ? -err : 0);
	if (!err) {
		l = bpf_program__attach_freplace(r->progs.rogue_sysctl_ext, guard,
						 "ldp_guard_sysctl");
		say("link it in place of the backend's sysctl guard", l ? 0 : errno);
		bpf_link__destroy(l);
	}
	rogue__destroy(r);
	rogue__destroy(own);
	close(guard);
}

/* A kernel symbol's address, from /proc/kallsyms; 0 if it is not there. */
static unsigned long long ksym(const char *name)
{
	FILE *f = fopen("/proc/kallsyms", "r");
	char line[256], sym[128], type;
	unsigned long long addr;

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%llx %c %127s", &addr, &type, sym) == 3 && !strcmp(sym, name)) {
			fclose(f);
			return addr;
		}
	fclose(f);
	return 0;
}

/* What rogue_snprintf and rogue_snprintf_btf run on. */
struct rogue_read_ctx {
	__u64 addr;
	char out[64];
};

/*
 * Load a program that reads kernel memory without asking
 * LOCKDOWN_BPF_READ_KERNEL; run or attach it to read linux_banner.
 */
static void door_read_kernel(const char *name)
{
	struct rogue *r = rogue_open();
	struct bpf_program *p = rogue_prog(r, name);
	struct bpf_link *l = NULL;
	char what[128];
	int err;

	bpf_program__set_autoload(p, true);
	err = rogue__load(r);
	snprintf(what, sizeof(what), "load %s", name);
	say(what, err ? -err : 0);
	if (!err && !strcmp(name, "rogue_btf_load")) {
		l = bpf_program__attach(p);
		say("attach it", l ? 0 : errno);
		close(open("/proc/version", O_RDONLY));
		printf("  read through BTF pointers: s_magic %#llx\n",
		       (unsigned long long)r->bss->rogue_seen_magic);
	} else if (!err && strncmp(name, "rogue_snprintf", 14) == 0) {
		struct rogue_read_ctx ctx = { .addr = ksym("linux_banner") };
		LIBBPF_OPTS(bpf_test_run_opts, opts, .ctx_in = &ctx, .ctx_size_in = sizeof(ctx));

		if (!ctx.addr)
			die("no linux_banner in /proc/kallsyms");
		if (bpf_prog_test_run_opts(bpf_program__fd(p), &opts))
			die("cannot run %s: %s", name, strerror(errno));
		ctx.out[sizeof(ctx.out) - 1] = '\0';
		for (char *c = ctx.out; *c; c++)
			if (*c < ' ' || *c > '~')
				*c = '.';
		printf("  read linux_banner: %.40s\n", ctx.out);
	} else if (!err && (!strcmp(name, "rogue_task_btf") || !strcmp(name, "rogue_pcpu"))) {
		static char packet[64];	/* a socket filter's run needs one */
		LIBBPF_OPTS(bpf_test_run_opts, opts);

		if (!strcmp(name, "rogue_pcpu")) {
			opts.data_in = packet;
			opts.data_size_in = sizeof(packet);
		}
		if (bpf_prog_test_run_opts(bpf_program__fd(p), &opts))
			die("cannot run %s: %s", name, strerror(errno));
		if (!strcmp(name, "rogue_task_btf"))
			printf("  read its task's pid: %d\n", r->bss->rogue_task_pid);
		else if (r->data->rogue_cpu_number < 0)
			printf("  no per-CPU variables in the kernel's BTF\n");
		else
			printf("  read per-CPU cpu_number: %d\n", r->data->rogue_cpu_number);
	}
	bpf_link__destroy(l);
	rogue__destroy(r);
}

/* A PF_KEY socket, which hands out IPsec SA keys without asking anything. */
static void door_pfkey(void)
{
	int fd = socket(PF_KEY, SOCK_RAW, 2 /* PF_KEY_V2 */);

	say("open a PF_KEY socket", fd < 0 ? errno : 0);
	if (fd >= 0)
		close(fd);
}

/* kexec_file_load(2) of @image, then unload it. */
static void door_kexec_file(const char *image)
{
	int fd = open(image, O_RDONLY | O_CLOEXEC);
	long ret;

	if (fd < 0)
		die("cannot open %s: %s", image, strerror(errno));
	ret = syscall(SYS_kexec_file_load, fd, -1, 1UL, "", 2UL /* KEXEC_FILE_NO_INITRAMFS */);
	say("kexec_file_load", ret ? errno : 0);
	if (!ret)
		syscall(SYS_kexec_file_load, -1, -1, 0UL, NULL, 1UL /* KEXEC_FILE_UNLOAD */);
	close(fd);
}

/* The lock a setup takes on the pin directory, held @secs seconds. */
static void door_hold_lock(int secs)
{
	int fd;

	mkdir(LDP_BPF_DIR, 0700);
	fd = open(LDP_BPF_DIR, O_RDONLY | O_DIRECTORY);
	if (fd < 0)
		die("cannot open " LDP_BPF_DIR ": %s", strerror(errno));
	say("lock " LDP_BPF_DIR, flock(fd, LOCK_EX) ? errno : 0);
	sleep(secs);
	close(fd);
}

/* Bind mounts over the bpffs, plain and with each propagation flag. */
static void door_bind_over(void)
{
	static const struct { const char *name; unsigned long flags; } how[] = {
		{ "MS_BIND", 0 }, { "MS_BIND|MS_PRIVATE", MS_PRIVATE },
		{ "MS_BIND|MS_SHARED", MS_SHARED }, { "MS_BIND|MS_SLAVE", MS_SLAVE },
		{ "MS_BIND|MS_REC", MS_REC },
	};
	char what[128];

	mkdir("/tmp/ldbpfdoor-bind", 0700);
	for (size_t i = 0; i < sizeof(how) / sizeof(how[0]); i++) {
		int err = mount("/tmp/ldbpfdoor-bind", LDP_BPF_DIR, NULL, MS_BIND | how[i].flags,
				NULL) ? errno : 0;

		snprintf(what, sizeof(what), "%s over " LDP_BPF_DIR, how[i].name);
		say(what, err);
		if (!err)
			umount2(LDP_BPF_DIR, MNT_DETACH);
		err = mount("/tmp/ldbpfdoor-bind", LDP_BPF_FS, NULL, MS_BIND | how[i].flags,
			    NULL) ? errno : 0;
		snprintf(what, sizeof(what), "%s over " LDP_BPF_FS, how[i].name);
		say(what, err);
		if (!err)
			umount2(LDP_BPF_FS, MNT_DETACH);
	}
}

static void door_remount_ro(void)
{
	say("remount " LDP_BPF_FS " read-only",
	    mount(NULL, LDP_BPF_FS, NULL, MS_REMOUNT | MS_RDONLY, NULL) ? errno : 0);
	say("remount " LDP_BPF_FS " read-only, bind flavour",
	    mount(NULL, LDP_BPF_FS, NULL, MS_REMOUNT | MS_BIND | MS_RDONLY, NULL) ? errno : 0);
}

/*
 * Replace a pin by renaming another over it, and pin a new program into
 * the directory.
 */
static void door_replace_pin(void)
{
	struct rogue *r = rogue_open();
	int err;

	bpf_program__set_autoload(r->progs.rogue_nop, true);
	if (rogue__load(r))
		die("cannot load rogue_nop");
	unlink(LDP_BPF_FS "/ldbpfdoor");
	err = bpf_program__pin(r->progs.rogue_nop, LDP_BPF_FS "/ldbpfdoor");
	if (err)
		die("cannot pin at " LDP_BPF_FS "/ldbpfdoor: %s", strerror(-err));
	say("rename another pin over " LDP_BPF_DIR "/ldp_read",
	    rename(LDP_BPF_FS "/ldbpfdoor", LDP_BPF_DIR "/ldp_read") ? errno : 0);
	say("rename another pin over " LDP_BPF_DIR "/" LDP_PIN_LINK_PREFIX "ldp_locked_down",
	    rename(LDP_BPF_FS "/ldbpfdoor",
		   LDP_BPF_DIR "/" LDP_PIN_LINK_PREFIX "ldp_locked_down") ? errno : 0);
	unlink(LDP_BPF_FS "/ldbpfdoor");
	rogue__destroy(r);
}

/* The new mount API: move the bpffs away, and attach a tmpfs over it. */
static void door_move_mount(void)
{
	int tree = syscall(SYS_open_tree, AT_FDCWD, LDP_BPF_FS, 0), fs, mnt;

	if (tree < 0)
		die("open_tree %s: %s", LDP_BPF_FS, strerror(errno));
	mkdir("/tmp/ldbpfdoor", 0700);
	say("move_mount " LDP_BPF_FS " to /tmp/ldbpfdoor",
	    syscall(SYS_move_mount, tree, "", AT_FDCWD, "/tmp/ldbpfdoor",
		    MOVE_MOUNT_F_EMPTY_PATH) ? errno : 0);
	close(tree);
	fs = syscall(SYS_fsopen, "tmpfs", 0);
	if (fs < 0 || syscall(SYS_fsconfig, fs, FSCONFIG_CMD_CREATE, NULL, NULL, 0))
		die("fsopen tmpfs: %s", strerror(errno));
	mnt = syscall(SYS_fsmount, fs, 0, 0);
	if (mnt < 0)
		die("fsmount: %s", strerror(errno));
	say("move_mount a new tmpfs over " LDP_BPF_FS,
	    syscall(SYS_move_mount, mnt, "", AT_FDCWD, LDP_BPF_FS,
		    MOVE_MOUNT_F_EMPTY_PATH) ? errno : 0);
	close(mnt);
	close(fs);
}

static void door_run(const char *pin, const char *file)
{
	struct ldp_load_ctx ctx = { 0 };
	LIBBPF_OPTS(bpf_test_run_opts, opts);
	int fd = pin_fd(pin);
	char what[64];

	if (file) {
		int in = open(file, O_RDONLY);
		ssize_t n = in < 0 ? -1 : read(in, ctx.blob.bytes, sizeof(ctx.blob.bytes));

		if (n < 0)
			die("cannot read %s: %s", file, strerror(errno));
		close(in);
		ctx.len = n;
		opts.ctx_in = &ctx;
		opts.ctx_size_in = sizeof(ctx);
	}
	snprintf(what, sizeof(what), "run %s", pin);
	if (bpf_prog_test_run_opts(fd, &opts))
		say(what, errno);
	else
		say(what, -(int)opts.retval);
	close(fd);
}

int main(int argc, char **argv)
{
	const char *door = argc > 1 ? argv[1] : "";

	libbpf_set_print(quiet);
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (!strcmp(door, "map-fd"))
		door_map_fd();
	else if (!strcmp(door, "link-fd"))
		door_link_fd();
	else if (!strcmp(door, "link-detach"))
		door_link_detach();
	else if (!strcmp(door, "freplace-enforce")) {
		int fd = enforcement_fd();

		door_freplace("freplace ldp_locked_down", pick_enforce, fd, "ldp_locked_down");
		close(fd);
	} else if (!strcmp(door, "freplace-read")) {
		int fd = pin_fd("ldp_read");

		door_freplace("freplace ldp_read", pick_read, fd, "ldp_read");
		close(fd);
	} else if (!strcmp(door, "freplace-retarget"))
		door_freplace_retarget();
	else if (!strcmp(door, "load") && argc > 2)
		door_load(argv[2], argc > 3 ? argv[3] : NULL);
	else if (!strcmp(door, "attach-pinned") && argc > 3)
		door_attach_pinned(argv[2], atoi(argv[3]));
	else if (!strcmp(door, "probe-while") && argc > 3)
		door_probe_while(argv[2], argv[3]);
	else if (!strcmp(door, "fake-pins"))
		door_fake_pins();
	else if (!strcmp(door, "fake-name") && argc > 3)
		door_fake_name(argv[2], argv[3]);
	else if (!strcmp(door, "steal-map") && argc > 2)
		door_steal_map(atoi(argv[2]));
	else if (!strcmp(door, "steal-copy") && argc > 2)
		door_steal_copy(atoi(argv[2]));
	else if (!strcmp(door, "sysctl-rewrite"))
		door_sysctl_rewrite();
	else if (!strcmp(door, "freplace-sysctl"))
		door_freplace_sysctl();
	else if (!strcmp(door, "sysctl-retval"))
		door_sysctl_retval();
	else if (!strcmp(door, "preload-hide") && argc > 2)
		door_preload_hide(atoi(argv[2]));
	else if (!strcmp(door, "hooks-ptrace") && argc > 2)
		door_hooks_ptrace(atoi(argv[2]));
	else if (!strcmp(door, "rodata-ptrace") && argc > 2)
		door_rodata_ptrace(atoi(argv[2]));
	else if (!strcmp(door, "trace-setup") && argc > 2)
		door_trace_setup(atoi(argv[2]));
	else if (!strcmp(door, "steal-fds") && argc > 2)
		door_steal_fds(atoi(argv[2]));
	else if (!strcmp(door, "setup-hijack") && argc > 3)
		door_setup_hijack(argv[2], atoi(argv[3]));
	else if (!strcmp(door, "cgroup-ns") && argc > 2) {
		if (unshare(CLONE_NEWCGROUP))
			die("unshare(CLONE_NEWCGROUP): %s", strerror(errno));
		execvp(argv[2], argv + 2);
		die("%s: %s", argv[2], strerror(errno));
	} else if (!strcmp(door, "genl-blind") && argc > 3)
		door_genl_blind(argv[2], argv + 3);
	else if (!strcmp(door, "fake-btf") && argc > 5)
		door_fake_btf(argv[2], argv[3], argv[4], atoi(argv[5]));
	else if (!strcmp(door, "read-kernel") && argc > 2)
		door_read_kernel(argv[2]);
	else if (!strcmp(door, "pfkey"))
		door_pfkey();
	else if (!strcmp(door, "kexec-file") && argc > 2)
		door_kexec_file(argv[2]);
	else if (!strcmp(door, "hold-lock") && argc > 2)
		door_hold_lock(atoi(argv[2]));
	else if (!strcmp(door, "bind-over"))
		door_bind_over();
	else if (!strcmp(door, "remount-ro"))
		door_remount_ro();
	else if (!strcmp(door, "replace-pin"))
		door_replace_pin();
	else if (!strcmp(door, "move-mount"))
		door_move_mount();
	else if (!strcmp(door, "run-load") && argc > 2)
		door_run("ldp_load", argv[2]);
	else if (!strcmp(door, "run-seal"))
		door_run("ldp_seal", NULL);
	else
		die("usage: ldbpfdoor DOOR [ARG] (see the source)");
	return 0;
}
