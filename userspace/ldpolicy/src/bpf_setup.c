// SPDX-License-Identifier: GPL-2.0
/*
 * Setting the BPF backend's object up (bpf_setup.h).
 *
 * The order is the argument:
 *   1. load the object, its read-only data set: the kernel's reason table
 *      fingerprint, and the SEG6 generic netlink family's id
 *      (unasked.bpf.c); bpf_tags.c checks the kernel tagged its programs
 *      as ldpolicy computed, or nothing could find it again;
 *   2. fill ldp_hooks with the running kernel's targets, and freeze it;
 *   3. attach the LSM programs, and the sysctl guard to the root cgroup;
 *      from here no new fd reaches the object's maps (ldp_guard_bpf_map);
 *   4. ldp_guard_on: from here no program can be loaded to run before the
 *      object's own, and kernel.ftrace_enabled cannot be cleared;
 *   5. check what was there before: ftrace_enabled on, no program loaded
 *      or attached that would run first (the guard now refuses an fd to
 *      one, to ldpolicy too), nothing else holding the object's maps
 *      (ldp_arm counts their references);
 *   6. pin, then ldp_arm: the object accepts loads, and guards its pins.
 * A setup that stops before 6 leaves nothing armed: its pins are cleared
 * and its attachments undone, here or by the next setup.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/file.h>
#include <sys/mount.h>
#include <sys/utsname.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <time.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <linux/magic.h>

#include "bpf_btf.h"
#include "bpf_find.h"
#include "bpf_log.h"
#include "bpf_setup.h"
#include "bpf_tags.h"
#include "genl.h"
#include "kfs.h"
#include "ldpolicy.skel.h"
#include "util.h"

/* How long a setup waits for another to finish, in seconds. */
#define SETUP_LOCK_WAIT	10

/* bpffs on LDP_BPF_FS, mounted if it is not (a bare initramfs). */
static int ensure_bpffs(struct diags *d)
{
	struct statfs fs;

	if (!statfs(LDP_BPF_FS, &fs) && fs.f_type == BPF_FS_MAGIC)
		return 0;
	if (mount("bpf", LDP_BPF_FS, "bpf", MS_NOSUID | MS_NODEV | MS_NOEXEC, "mode=0700")) {
		diag_error(d, NULL, "BPF backend: " LDP_BPF_FS " is not a bpffs, and mounting one "
			   "there failed: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/*
 * The object must be set up from PID 1's mount namespace: its guards keep
 * the bpffs mounts there from going away, and a bpffs private to another
 * namespace would take the object with it when that namespace ends.
 */
static int in_init_mnt_ns(struct diags *d)
{
	struct stat self, init;

	if (stat("/proc/self/ns/mnt", &self) || stat("/proc/1/ns/mnt", &init)) {
		diag_error(d, NULL, "BPF backend: cannot compare this mount namespace with "
			   "PID 1's (/proc/*/ns/mnt): %s", strerror(errno));
		return -1;
	}
	if (self.st_dev != init.st_dev || self.st_ino != init.st_ino) {
		diag_error(d, NULL, "BPF backend: refusing to set up from a mount namespace other than "
			   "PID 1's: its pins would live and die with this one; run ldpolicy "
			   "in PID 1's mount namespace (nsenter -t 1 -m)");
		return -1;
	}
	return 0;
}

/*
 * The pin directory, locked against another setup. Whoever holds the lock
 * longer than SETUP_LOCK_WAIT is not a setup: say so rather than wait.
 */
static int lock_dir(struct diags *d)
{
	struct timespec nap = { 0, 100 * 1000 * 1000 };
	struct statfs fs;
	int fd, err = 0;

	if (mkdir(LDP_BPF_DIR, 0700) && errno != EEXIST) {
		diag_error(d, NULL, "BPF backend: cannot create " LDP_BPF_DIR ": %s", strerror(errno));
		return -1;
	}
	fd = open(LDP_BPF_DIR, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0 || fstatfs(fd, &fs) || fs.f_type != BPF_FS_MAGIC) {
		diag_error(d, NULL, "BPF backend: " LDP_BPF_DIR " is not a directory of a bpffs%s%s",
			   fd < 0 ? ": " : "", fd < 0 ? strerror(errno) : "");
		if (fd >= 0)
			close(fd);
		return -1;
	}
	for (int i = 0; i < SETUP_LOCK_WAIT * 10; i++) {
		err = flock(fd, LOCK_EX | LOCK_NB) ? errno : 0;
		if (err != EWOULDBLOCK)
			break;
		nanosleep(&nap, NULL);
	}
	if (err == ENOSYS) {
		diag_warning(d, NULL, "BPF backend: this kernel has no file locking "
			     "(CONFIG_FILE_LOCKING): " LDP_BPF_DIR " is not locked against "
			     "another ldpolicy setting the backend up at the same time");
	} else if (err) {
		diag_error(d, NULL, "BPF backend: cannot lock " LDP_BPF_DIR ": %s",
			   err == EWOULDBLOCK ? "another process has held its lock for "
			   "10 seconds (lslocks names it)" : strerror(err));
		close(fd);
		return -1;
	}
	return fd;
}

/* Remove what a setup that never armed left in the directory. */
static int clear_dir(int dirfd, struct diags *d)
{
	int fd = dup(dirfd);
	DIR *dir = fd >= 0 ? fdopendir(fd) : NULL;
	struct dirent *e;
	int ret = 0;

	if (!dir) {
		diag_error(d, NULL, "BPF backend: cannot list " LDP_BPF_DIR ": %s", strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	rewinddir(dir);
	while ((e = readdir(dir)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") &&
		    unlinkat(dirfd, e->d_name, 0)) {
			diag_error(d, NULL, "BPF backend: cannot clear %s/%s, which no armed object "
				   "holds: %s", LDP_BPF_DIR, e->d_name, strerror(errno));
			ret = -1;
		}
	closedir(dir);
	return ret;
}

/* What the object's read-only data is set to before it loads. */
struct setup_rodata {
	const struct reason_table *table;
	uint16_t seg6_family;
	int32_t slice_kfuncs[2];
};

static void set_rodata(struct ldpolicy_bpf *skel, const void *arg)
{
	const struct setup_rodata *r = arg;

	memcpy((void *)skel->rodata->ldp_fingerprint, table_fingerprint(r->table),
	       LOCKDOWN_POLICY_FINGERPRINT_SIZE);
	skel->rodata->ldp_seg6_family = r->seg6_family;
	skel->rodata->ldp_slice_kfuncs[0] = r->slice_kfuncs[0];
	skel->rodata->ldp_slice_kfuncs[1] = r->slice_kfuncs[1];
}

/*
 * The vmlinux BTF ids of the kfuncs that may return a stack buffer they
 * are handed (guard_bpf.bpf.c refuses programs that call them), into @r;
 * 0 for one the kernel has not (before 6.4).
 */
static int find_slice_kfuncs(struct setup_rodata *r, struct diags *d)
{
	static const char *const names[] = { "bpf_dynptr_slice", "bpf_dynptr_slice_rdwr" };
	struct btf *btf = bpf_vmlinux_btf(d);

	if (!btf)
		return -1;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		int id = btf__find_by_name_kind(btf, names[i], BTF_KIND_FUNC);

		r->slice_kfuncs[i] = id > 0 ? id : 0;
	}
	return 0;
}

/*
 * The SEG6 family's id into @r (0: the kernel says it has none). IPv6
 * registers the family as it starts and is never unloaded (it has no
 * exit), so the id holds until reboot, but where IPv6 is a module not
 * loaded yet: then it is warned of, and bpf_obj_find() finds the id the
 * object holds is not the kernel's once it is loaded.
 */
static int find_seg6(struct setup_rodata *r, struct diags *d)
{
	int err = genl_family_id("SEG6", &r->seg6_family);

	if (err == 1) {
		r->seg6_family = 0;
		if (access("/proc/sys/net/ipv6", F_OK))
			diag_warning(d, NULL, "BPF backend: no IPv6 now: if an IPv6 module is "
				     "loaded later, its SRv6 HMAC secrets (SEG6_CMD_DUMPHMAC) are not "
				     "kept from root while LOCKDOWN_XFRM_SECRET is denied");
		return 0;
	}
	if (err)
		diag_error(d, NULL, "BPF backend: not set up: cannot ask generic netlink for the "
			   "SEG6 family's id: %s", strerror(-err));
	return err ? -1 : 0;
}

/* ldp_hooks: the running kernel's targets, then frozen. */
static int fill_hooks(struct ldpolicy_bpf *skel, const struct bpf_want *w, struct diags *d)
{
	int fd = bpf_map__fd(skel->maps.ldp_hooks), n, err = 0;
	uint32_t *ids, *kinds;

	n = bpf_hook_ids(w, &ids, &kinds, d);
	if (n < 0)
		return -1;
	for (int i = 0; i < n && !err; i++)
		err = bpf_map_update_elem(fd, &ids[i], &kinds[i], BPF_NOEXIST) ? errno : 0;
	free(ids);
	free(kinds);
	if (!err)
		err = bpf_map_freeze(fd) ? errno : 0;
	if (err)
		diag_error(d, NULL, "BPF backend: cannot fill its map of guarded targets: %s",
			   strerror(err));
	return err ? -1 : 0;
}

static int run_prog(struct bpf_program *p, void *ctx, size_t size, int *ret)
{
	LIBBPF_OPTS(bpf_test_run_opts, opts, .ctx_in = ctx, .ctx_size_in = size);

	*ret = 0;
	if (bpf_prog_test_run_opts(bpf_program__fd(p), &opts))
		return errno;
	*ret = (int)opts.retval;
	return 0;
}

/* The link skeleton @skel keeps for program @p, or NULL. */
static struct bpf_link *link_of(struct ldpolicy_bpf *skel, const struct bpf_program *p)
{
	for (int i = 0; i < skel->skeleton->prog_cnt; i++)
		if (*skel->skeleton->progs[i].prog == p)
			return *skel->skeleton->progs[i].link;
	return NULL;
}

static uint32_t id_of(int fd)
{
	struct bpf_prog_info info = { 0 };
	__u32 len = sizeof(info);

	return bpf_obj_get_info_by_fd(fd, &info, &len) ? 0 : info.id;
}

/* The ids of the loaded programs, and of their links. */
static void own_ids(struct ldpolicy_bpf *skel, uint32_t *progs, size_t *n_progs,
		    uint32_t *links, size_t *n_links)
{
	struct bpf_program *p;

	*n_progs = *n_links = 0;
	bpf_object__for_each_program(p, skel->obj) {
		struct bpf_link *l = link_of(skel, p);
		struct bpf_link_info li = { 0 };
		__u32 len = sizeof(li);

		if (bpf_program__fd(p) >= 0 && *n_progs < LDP_MAX_PROGS)
			progs[(*n_progs)++] = id_of(bpf_program__fd(p));
		if (l && !bpf_obj_get_info_by_fd(bpf_link__fd(l), &li, &len) &&
		    *n_links < LDP_MAX_PROGS)
			links[(*n_links)++] = li.id;
	}
}

static int pin_all(struct ldpolicy_bpf *skel, struct diags *d)
{
	struct bpf_program *p;

	bpf_object__for_each_program(p, skel->obj) {
		const char *name = bpf_program__name(p);
		struct bpf_link *l = link_of(skel, p);
		char *path;
		int err = 0;

		if (l && !strncmp(name, LDP_SETUP_PREFIX, strlen(LDP_SETUP_PREFIX))) {
			continue;	/* it goes with the setup */
		} else if (l) {
			path = xasprintf(LDP_BPF_DIR "/" LDP_PIN_LINK_PREFIX "%s", name);
			err = bpf_link__pin(l, path);
		} else if (!strcmp(name, "ldp_load") || !strcmp(name, "ldp_seal") ||
			   !strcmp(name, "ldp_read")) {
			path = xasprintf(LDP_BPF_DIR "/%s", name);
			err = bpf_program__pin(p, path);
		} else {
			continue;
		}
		if (err)
			bpf_log_diag(d, path, -err);
		free(path);
		if (err)
			return -1;
	}
	return 0;
}

/* What the sysctl guard is attached to, for undoing it. */
struct sysctl_attach {
	int cgroup;	/* the root cgroup */
	int prog;	/* a dup of the program's fd */
};

/*
 * Each LSM program of the object on the hook its section names, as the
 * kernel's BTF numbers it: libbpf numbered the hooks from a file root
 * could have bound over the kernel's BTF (bpf_tags.c).
 */
static int hooks_true(struct ldpolicy_bpf *skel, struct diags *d)
{
	struct btf *btf = bpf_vmlinux_btf(d);
	struct bpf_program *p;

	if (!btf)
		return -1;
	bpf_object__for_each_program(p, skel->obj) {
		const char *sec = bpf_program__section_name(p);
		struct bpf_prog_info info = { 0 };
		__u32 len = sizeof(info);
		char hook[80];
		int id;

		if (bpf_program__type(p) != BPF_PROG_TYPE_LSM || !bpf_program__autoload(p) ||
		    strncmp(sec, "lsm/", 4))
			continue;
		snprintf(hook, sizeof(hook), "bpf_lsm_%s", sec + 4);
		id = btf__find_by_name_kind(btf, hook, BTF_KIND_FUNC);
		if (bpf_obj_get_info_by_fd(bpf_program__fd(p), &info, &len)) {
			bpf_log_diag(d, "cannot read one of its programs", errno);
			return -1;
		}
		if (id <= 0 || info.attach_btf_id != (__u32)id) {
			diag_error(d, NULL, "BPF backend: not set up: its program %s was loaded for "
				   "BTF function %u, the kernel's %s is %d: the BTF at "
				   "/sys/kernel/btf/vmlinux is not the kernel's", bpf_program__name(p),
				   info.attach_btf_id, hook, id);
			return -1;
		}
	}
	return 0;
}

static int attach_sysctl(struct ldpolicy_bpf *skel, struct sysctl_attach *s, struct diags *d)
{
	s->cgroup = kfs_open(KFS_CGROUP2, ".", O_RDONLY | O_DIRECTORY);
	if (s->cgroup < 0) {
		diag_error(d, NULL, "BPF backend: cannot open the root cgroup (cgroup2): %s",
			   strerror(errno));
		return -1;
	}
	if (bpf_prog_attach(bpf_program__fd(skel->progs.ldp_guard_sysctl), s->cgroup,
			    BPF_CGROUP_SYSCTL, BPF_F_ALLOW_MULTI)) {
		diag_error(d, NULL, "BPF backend: cannot attach its sysctl guard to the root "
			   "cgroup: %s", strerror(errno));
		return -1;
	}
	s->prog = fcntl(bpf_program__fd(skel->progs.ldp_guard_sysctl), F_DUPFD_CLOEXEC, 0);
	return 0;
}

/*
 * What the setup keeps once it has let go of the skeleton, and with it of
 * every fd to the object's maps: ldp_arm then counts the references to
 * them, and an fd taken from this process (pidfd_getfd(2)) shows as one.
 */
struct held {
	int arm, guard_off;	/* the programs */
	int setup_guard;	/* the link of ldp_setup_ptrace: attached while held */
	struct sysctl_attach sys;
	uint32_t map_ids[LDP_NR_MAPS];
	uint32_t prog_ids[LDP_MAX_PROGS];	/* as loaded: the object's, and no copy's */
	size_t n_prog_ids;
};

static int dup_fd(int fd)
{
	return fd < 0 ? -1 : fcntl(fd, F_DUPFD_CLOEXEC, 0);
}

static uint32_t map_id_of(const struct bpf_map *map)
{
	struct bpf_map_info mi = { 0 };
	__u32 len = sizeof(mi);

	return bpf_obj_get_info_by_fd(bpf_map__fd(map), &mi, &len) ? 0 : mi.id;
}

/* Keep what arming needs, and let go of the skeleton and every map fd. */
static int let_go(struct ldpolicy_bpf *skel, struct held *h, struct diags *d)
{
	struct bpf_link *setup = skel->links.ldp_setup_ptrace;

	h->map_ids[LDP_MAP_STATE] = map_id_of(skel->maps.ldp_state);
	h->map_ids[LDP_MAP_GUARD] = map_id_of(skel->maps.ldp_guard);
	h->map_ids[LDP_MAP_SCRATCH] = map_id_of(skel->maps.ldp_scratch);
	h->map_ids[LDP_MAP_HOOKS] = map_id_of(skel->maps.ldp_hooks);
	h->arm = dup_fd(bpf_program__fd(skel->progs.ldp_arm));
	h->guard_off = dup_fd(bpf_program__fd(skel->progs.ldp_guard_off));
	h->setup_guard = setup ? dup_fd(bpf_link__fd(setup)) : -1;
	if (h->arm < 0 || h->guard_off < 0 || !h->map_ids[LDP_MAP_STATE]) {
		diag_error(d, NULL, "BPF backend: cannot keep its arming program: %s",
			   strerror(errno));
		return -1;
	}
	/* the pins hold the links from now on */
	for (int i = 0; i < skel->skeleton->prog_cnt; i++)
		if (*skel->skeleton->progs[i].link)
			bpf_link__disconnect(*skel->skeleton->progs[i].link);
	ldpolicy_bpf__destroy(skel);
	return 0;
}

static int run_fd(int fd, void *ctx, size_t size, int *ret)
{
	LIBBPF_OPTS(bpf_test_run_opts, opts, .ctx_in = ctx, .ctx_size_in = size);

	*ret = 0;
	if (bpf_prog_test_run_opts(fd, &opts))
		return errno;
	*ret = (int)opts.retval;
	return 0;
}

/* One run of ldp_arm, with the count in ctx (bpf_own_refs()'s check). */
struct arm_try {
	int fd;
	struct ldp_arm_ctx ctx;
	int err, rc;
};

static void arm_once(void *arg)
{
	struct arm_try *t = arg;

	t->err = run_fd(t->fd, &t->ctx, sizeof(t->ctx), &t->rc);
}

/*
 * ldp_arm, from the pin directory (where it finds the directory the
 * guards keep), with the references the object's own programs account
 * for, counted and compared while ldpolicy holds each program it
 * counted. A program of the setup's, just freed, gives its references
 * back a grace period later: a count that does not match is tried again
 * for a while before it counts.
 */
static int arm(int dirfd, struct held *h, struct diags *d)
{
	struct timespec nap = { 0, 50 * 1000 * 1000 };
	struct arm_try t = { .fd = h->arm, .rc = -EBUSY };
	int cwd = open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC), err = 0, rc = -EBUSY;

	if (cwd < 0 || fchdir(dirfd)) {
		diag_error(d, NULL, "BPF backend: cannot enter " LDP_BPF_DIR ": %s",
			   strerror(errno));
		if (cwd >= 0)
			close(cwd);
		return -1;
	}
	for (int i = 0; i < 40 && !err && rc == -EBUSY; i++) {
		if (i)
			nanosleep(&nap, NULL);
		if (bpf_own_refs(h->map_ids, h->prog_ids, h->n_prog_ids, t.ctx.refs, arm_once, &t,
				 d)) {
			err = EIO;
			break;
		}
		err = t.err;
		rc = t.rc;
	}
	if (fchdir(cwd)) {
		diag_error(d, NULL, "BPF backend: cannot return to the working directory: %s",
			   strerror(errno));
		err = err ? err : errno;
	}
	close(cwd);
	if (err == EIO)
		return -1;
	if (err || rc) {
		diag_error(d, NULL, "BPF backend: not armed: %s",
			   !err && rc == -EBUSY ? "something else holds a reference to its maps "
			   "(a process that took one while it was set up): it could write them; "
			   "load again to set it up anew" :
			   !err && rc == -ENOKEY ? "its guard could not learn how this kernel "
			   "calls the helpers that read kernel memory without asking, or the "
			   "dynptr helpers" :
			   !err && rc == -EXDEV ? "this is not PID 1's mount namespace, whatever "
			   "/proc says" :
			   !err && rc == -ENXIO ? "this is not PID 1's cgroup namespace, whatever "
			   "/proc says: its sysctl guard would not be on the root cgroup" :
			   strerror(err ? err : -rc));
		return -1;
	}
	return 0;
}

/*
 * The guards learn how the kernel calls the helpers they look for from
 * the object's own programs that call them, as an fd to each is made
 * (lsm/bpf_prog): made here, first thing once they guard. Until then
 * they refuse what they cannot tell from anything else, ldpolicy's own
 * sentinel among it (bpf_find.c).
 */
static int learn_helpers(const struct ldp_guard_on_ctx *g, struct diags *d)
{
	const uint32_t ids[] = { g->reader_id, g->reader_percpu_id, g->reader_net_id,
				 g->dynptr_id };

	for (size_t i = 0; i < sizeof(ids) / sizeof(ids[0]); i++) {
		int fd;

		if (!ids[i])
			continue;	/* not loaded on this kernel */
		fd = bpf_prog_get_fd_by_id(ids[i]);
		if (fd < 0) {
			diag_error(d, NULL, "BPF backend: not set up: cannot open its own program "
				   "%u: %s", ids[i], strerror(errno));
			return -1;
		}
		close(fd);
	}
	return 0;
}

/* The setup's own process is not traced (TracerPid in its status). */
static int not_traced(struct diags *d)
{
	char *rel = xasprintf("%d/status", (int)getpid());
	char *text = kfs_read(KFS_PROC, rel, 1 << 16, NULL), *at;
	long tracer = -1;

	free(rel);
	at = text ? strstr(text, "\nTracerPid:") : NULL;
	if (at)
		tracer = strtol(at + 11, NULL, 10);
	free(text);
	if (tracer) {
		diag_error(d, NULL, "BPF backend: not set up: %s",
			   tracer > 0 ? "this process is traced" : "cannot tell whether this "
			   "process is traced");
		return -1;
	}
	return 0;
}

/* ldp_hooks, read back after it was frozen: what was written. */
static int hooks_whole(struct ldpolicy_bpf *skel, const struct bpf_want *w, struct diags *d)
{
	int fd = bpf_map__fd(skel->maps.ldp_hooks), n;
	uint32_t *ids, *kinds, kind, key, next;
	size_t seen = 0;
	bool first = true, bad = false;

	n = bpf_hook_ids(w, &ids, &kinds, d);
	if (n < 0)
		return -1;
	for (int i = 0; i < n && !bad; i++)
		bad = bpf_map_lookup_elem(fd, &ids[i], &kind) || kind != kinds[i];
	while (!bad && !bpf_map_get_next_key(fd, first ? NULL : &key, &next)) {
		first = false;
		key = next;
		seen++;
	}
	free(ids);
	free(kinds);
	if (bad || seen != (size_t)n) {
		diag_error(d, NULL, "BPF backend: its map of guarded targets is not what it wrote "
			   "(%zu entries, %d written): someone changed it while it was set up", seen,
			   n);
		return -1;
	}
	return 0;
}

/*
 * Undo a setup that did not arm: the guards stopped, then detached, then
 * the sysctl guard (which lsm/bpf would keep attached).
 */
static void undo(struct ldpolicy_bpf *skel, struct sysctl_attach *s, int dirfd)
{
	struct diags quiet = { 0 };
	int rc;

	run_prog(skel->progs.ldp_guard_off, NULL, 0, &rc);
	ldpolicy_bpf__detach(skel);
	if (s->prog >= 0)
		bpf_prog_detach2(s->prog, s->cgroup, BPF_CGROUP_SYSCTL);
	clear_dir(dirfd, &quiet);
	diag_free(&quiet);
}

/* The same, once the skeleton is gone: the pins go, and the links with them. */
static void undo_held(struct held *h, int dirfd)
{
	struct diags quiet = { 0 };
	int rc;

	run_fd(h->guard_off, NULL, 0, &rc);
	if (h->sys.prog >= 0)
		bpf_prog_detach2(h->sys.prog, h->sys.cgroup, BPF_CGROUP_SYSCTL);
	clear_dir(dirfd, &quiet);
	diag_free(&quiet);
}

static void close_held(struct held *h)
{
	int *fds[] = { &h->arm, &h->guard_off, &h->setup_guard, &h->sys.prog, &h->sys.cgroup };

	for (size_t i = 0; i < sizeof(fds) / sizeof(fds[0]); i++)
		if (*fds[i] >= 0) {
			close(*fds[i]);
			*fds[i] = -1;
		}
}

/* The kernel's own ENOTSUPP, which userspace's errno.h does not name. */
#define LDP_ENOTSUPP 524

/*
 * An LSM program runs from a BPF trampoline on the hook's function, which
 * ftrace manages: the trampoline needs ftrace direct calls
 * (CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS), and without them the kernel
 * refuses every attach with ENOTSUPP (kernel/bpf/trampoline.c,
 * register_fentry()). x86 has them from 5.5, arm64 only from 6.4: Debian
 * 12's arm64 kernel (6.1) has the BPF LSM in its list and cannot run it.
 */
static void no_trampolines(struct diags *d)
{
	struct utsname u;

	if (uname(&u)) {
		strcpy(u.release, "unknown");
		u.machine[0] = '\0';
	}
	bpf_log_clear();	/* libbpf's "failed to attach" says less than this */
	diag_error(d, NULL, "BPF backend: this kernel (%s%s%s) cannot attach BPF LSM programs "
		   "(ENOTSUPP): they run from BPF trampolines, which need ftrace direct "
		   "calls (CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS), and arm64 has them "
		   "from Linux 6.4 on, so Debian 12's arm64 kernel (6.1) has none. Nothing "
		   "was loaded and nothing is enforced: use a kernel that has them "
		   "(Debian 13's 6.12), or one with lockdown_policy",
		   u.release, u.machine[0] ? ", " : "", u.machine);
}

/* Load, attach, guard, check, pin and arm, in the directory @dirfd (locked). */
static int setup_locked(int dirfd, const struct reason_table *t, struct diags *d)
{
	struct held h = { .arm = -1, .guard_off = -1, .setup_guard = -1, .sys = { -1, -1 } };
	struct ldp_guard_on_ctx guard_on = { 0 };
	struct setup_rodata r = { .table = t };
	struct ldpolicy_bpf *skel;
	struct bpf_want w;
	uint32_t progs[LDP_MAX_PROGS], links[LDP_MAX_PROGS];
	size_t n_progs, n_links;
	int err, rc = 0, on;

	if (find_seg6(&r, d) || find_slice_kfuncs(&r, d))
		return -1;
	skel = bpf_object_load(&w, set_rodata, &r, d);
	if (!skel)
		return -1;
	if (fill_hooks(skel, &w, d) || hooks_whole(skel, &w, d)) {
		ldpolicy_bpf__destroy(skel);
		return -1;
	}
	if (hooks_true(skel, d))
		goto undo;
	err = ldpolicy_bpf__attach(skel);
	if (err == -LDP_ENOTSUPP) {
		no_trampolines(d);
		goto undo;
	}
	if (err) {
		bpf_log_diag(d, "cannot attach the BPF LSM programs", -err);
		goto undo;
	}
	if (attach_sysctl(skel, &h.sys, d))
		goto undo;
	own_ids(skel, progs, &n_progs, links, &n_links);
	if (n_progs > LDP_GUARD_PROGS) {
		diag_error(d, NULL, "BPF backend: %zu programs, more than its guard records", n_progs);
		goto undo;
	}
	memcpy(guard_on.prog_ids, progs, n_progs * sizeof(*progs));
	memcpy(h.prog_ids, progs, n_progs * sizeof(*progs));
	h.n_prog_ids = n_progs;
	guard_on.nr_progs = n_progs;
	guard_on.reader_id = id_of(bpf_program__fd(skel->progs.ldp_readers));
	if (bpf_program__autoload(skel->progs.ldp_readers_percpu))
		guard_on.reader_percpu_id = id_of(bpf_program__fd(skel->progs.ldp_readers_percpu));
	if (bpf_program__autoload(skel->progs.ldp_readers_net))
		guard_on.reader_net_id = id_of(bpf_program__fd(skel->progs.ldp_readers_net));
	if (bpf_program__autoload(skel->progs.ldp_dynptrs))
		guard_on.dynptr_id = id_of(bpf_program__fd(skel->progs.ldp_dynptrs));
	err = run_prog(skel->progs.ldp_guard_on, &guard_on, sizeof(guard_on), &rc);
	if (err || rc) {
		diag_error(d, NULL, "BPF backend: cannot start its guards: %s",
			   strerror(err ? err : -rc));
		goto undo;
	}
	/* from here no other process traces this one, nor takes its fds */
	if (not_traced(d) || learn_helpers(&guard_on, d))
		goto undo;
	on = bpf_ftrace_enabled(d);
	if (on <= 0) {
		if (!on)
			diag_error(d, NULL, "BPF backend: kernel.ftrace_enabled is 0: BPF LSM "
				   "programs do not run; set it to 1 and load again");
		goto undo;
	}
	if (bpf_check_foreign(true, progs, n_progs, links, n_links, d)) {
		diag_error(d, NULL, "BPF backend: not set up: a program could run before its own, "
			   "or tamper with its setup (above); unload it and load again");
		goto undo;
	}
	if (pin_all(skel, d) || let_go(skel, &h, d))
		goto undo;
	skel = NULL;
	if (arm(dirfd, &h, d)) {
		undo_held(&h, dirfd);
		close_held(&h);
		return -1;
	}
	close_held(&h);
	return 0;
undo:
	undo(skel, &h.sys, dirfd);
	ldpolicy_bpf__destroy(skel);
	close_held(&h);
	return -1;
}
int bpf_setup(const struct reason_table *t, struct diags *d)
{
	struct bpf_obj o;
	int dirfd, ret = -1, found;

	if (in_init_mnt_ns(d) || ensure_bpffs(d))
		return -1;
	dirfd = lock_dir(d);
	if (dirfd < 0)
		return -1;
	/* another ldpolicy may have set it up while this one waited */
	found = bpf_obj_find(&o, d);
	bpf_obj_close(&o);
	if (found > 0)
		ret = 0;
	else if (!found && !clear_dir(dirfd, d) && !bpf_wait_unattached(d))
		ret = setup_locked(dirfd, t, d);
	close(dirfd);	/* and the lock with it */
	return ret;
}
