// SPDX-License-Identifier: GPL-2.0
/*
 * ldbpfdoor - try, as root, one of the doors around the BPF backend that
 * the bpf() syscall opens, and report how it went.
 *
 * Usage: ldbpfdoor DOOR [ARG]
 *   map-fd          an fd to each of the backend's maps, by id, read-write
 *                   and read-only; a map that gives one is written through it
 *   link-fd         an fd to each of the backend's links, by id (the id
 *                   read through its pin)
 *   link-detach     an fd to each link by its pin, then BPF_LINK_DETACH and
 *                   BPF_LINK_UPDATE on it
 *   freplace-enforce  an freplace program replacing the enforcement program
 *   freplace-read   an freplace program replacing the read program
 *   freplace-retarget  an freplace program loaded against a program of
 *                   ours, then linked to the enforcement program
 *   lsm-allow PATH  attach another lsm/locked_down program that returns 0,
 *                   then open PATH while it is attached
 *   replace-pin     rename another pin over the backend's pins
 *   move-mount      move the backend's bpffs away, and mount over it, with
 *                   the new mount API (open_tree, fsmount, move_mount)
 *   run-load FILE   run the backend's load program on the blob in FILE
 *   run-seal        run the backend's seal program
 * Prints one line per attempt, "NAME: ok" or "NAME: ERRNO", and exits 0;
 * 2 if the attempt could not be set up at all (the test cannot tell).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <linux/mount.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "../../../userspace/ldpolicy/bpf/ldp_bpf.h"
#include "errname.h"
#include "rogue.skel.h"

static void say(const char *what, int err)
{
	printf("%s: %s\n", what, err ? errno_name(err) : "ok");
}

static void __attribute__((noreturn, format(printf, 1, 2))) die(const char *fmt, ...)
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

/* The enforcement program, by id: no pin holds it, its link does. */
static int enforcement_fd(void)
{
	__u32 id = 0;

	while (!bpf_prog_get_next_id(id, &id)) {
		int fd = bpf_prog_get_fd_by_id(id);
		struct bpf_prog_info info;

		if (fd < 0)
			continue;
		info = prog_info(fd, NULL, 0);
		if (info.type == BPF_PROG_TYPE_LSM && !strcmp(info.name, "ldp_locked_down"))
			return fd;
		close(fd);
	}
	die("the backend's enforcement program is not loaded");
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
	static const char *const pins[] = { LDP_PIN_LOAD, LDP_PIN_SEAL, LDP_PIN_READ };
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
		if (byid >= 0)
			close(byid);
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
		rfd = pin_fd(LDP_PIN_READ);
		snprintf(what, sizeof(what), "%s: BPF_LINK_UPDATE", pin);
		say(what, bpf_link_update(fd, rfd, NULL) ? errno : 0);
		close(rfd);
		close(fd);
	}
}

static struct rogue *rogue_open(void)
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
	if (rogue__load(own))
		die("cannot load rogue_target");
	target = bpf_program__fd(own->progs.rogue_target);
	r = rogue_open();
	bpf_program__set_autoload(r->progs.rogue_ext, true);
	if (bpf_program__set_attach_target(r->progs.rogue_ext, target, "rogue_sub") ||
	    rogue__load(r))
		die("cannot load an freplace against rogue_sub");
	l = bpf_program__attach_freplace(r->progs.rogue_ext, enforce, "ldp_locked_down");
	err = l ? 0 : errno;
	say("freplace re-targeted at ldp_locked_down", err);
	bpf_link__destroy(l);
	rogue__destroy(r);
	rogue__destroy(own);
	close(enforce);
}

static void door_lsm_allow(const char *path)
{
	struct rogue *r = rogue_open();
	struct bpf_link *l;
	char what[128];
	int fd;

	bpf_program__set_autoload(r->progs.rogue_allow, true);
	if (rogue__load(r))
		die("cannot load rogue_allow");
	l = bpf_program__attach_lsm(r->progs.rogue_allow);
	say("attach another lsm/locked_down program returning 0", l ? 0 : errno);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	snprintf(what, sizeof(what), "open %s while it is attached", path);
	say(what, fd < 0 ? errno : 0);
	if (fd >= 0)
		close(fd);
	bpf_link__destroy(l);
	rogue__destroy(r);
}

/*
 * Replace a pin by renaming another over it, and pin a new program into
 * the directory.
 */
static void door_replace_pin(void)
{
	struct rogue *r = rogue_open();
	int err;

	bpf_program__set_autoload(r->progs.rogue_allow, true);
	if (rogue__load(r))
		die("cannot load rogue_allow");
	unlink(LDP_BPF_FS "/ldbpfdoor");
	err = bpf_program__pin(r->progs.rogue_allow, LDP_BPF_FS "/ldbpfdoor");
	if (err)
		die("cannot pin at " LDP_BPF_FS "/ldbpfdoor: %s", strerror(-err));
	say("rename another pin over " LDP_BPF_DIR "/" LDP_PIN_READ,
	    rename(LDP_BPF_FS "/ldbpfdoor", LDP_BPF_DIR "/" LDP_PIN_READ) ? errno : 0);
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
		int fd = pin_fd(LDP_PIN_READ);

		door_freplace("freplace ldp_read", pick_read, fd, "ldp_read");
		close(fd);
	} else if (!strcmp(door, "freplace-retarget"))
		door_freplace_retarget();
	else if (!strcmp(door, "lsm-allow") && argc > 2)
		door_lsm_allow(argv[2]);
	else if (!strcmp(door, "replace-pin"))
		door_replace_pin();
	else if (!strcmp(door, "move-mount"))
		door_move_mount();
	else if (!strcmp(door, "run-load") && argc > 2)
		door_run(LDP_PIN_LOAD, argv[2]);
	else if (!strcmp(door, "run-seal"))
		door_run(LDP_PIN_SEAL, NULL);
	else
		die("usage: ldbpfdoor DOOR [ARG] (see the source)");
	return 0;
}
