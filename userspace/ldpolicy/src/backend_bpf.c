// SPDX-License-Identifier: GPL-2.0
/*
 * The BPF backend: lockdown_policy's semantics on a kernel without the
 * LSM, enforced by the BPF object in ../bpf/ (see ldpolicy.bpf.c), which
 * is embedded here as a libbpf skeleton.
 *
 * The object lives in bpffs, in LDP_BPF_DIR: its three syscall programs
 * (load, seal, read) and one link per LSM program, pinned. It outlives
 * ldpolicy. The first load sets it up; every later one finds the pins and
 * talks to the same object. Setting up is serialised by a lock on the
 * directory, and a setup that died half-way (never armed, so never
 * enforcing or guarding anything) is cleared by the next one.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <linux/magic.h>

#include "backend.h"
#include "ldp_bpf.h"
#include "ldpolicy.skel.h"
#include "util.h"

/* libbpf's messages, the last ones, kept for when something fails */
static char libbpf_log[16384];
static size_t libbpf_log_len;

static int keep_libbpf_log(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	char *line, *from;
	size_t n;
	int w;

	if (level == LIBBPF_DEBUG)
		return 0;
	w = vasprintf(&line, fmt, ap);
	if (w <= 0)
		return 0;
	n = w;
	from = line;
	if (n >= sizeof(libbpf_log) / 2) {
		from = line + n - sizeof(libbpf_log) / 2;
		n = sizeof(libbpf_log) / 2;
	}
	if (libbpf_log_len + n >= sizeof(libbpf_log)) {
		/* keep the tail: it is what explains a failure */
		size_t drop = libbpf_log_len + n - sizeof(libbpf_log) / 2;

		drop = drop < libbpf_log_len ? drop : libbpf_log_len;
		memmove(libbpf_log, libbpf_log + drop, libbpf_log_len - drop);
		libbpf_log_len -= drop;
	}
	memcpy(libbpf_log + libbpf_log_len, from, n);
	libbpf_log_len += n;
	free(line);
	return 0;
}

static void diag_libbpf(struct diags *d, const char *what, int err)
{
	diag_error(d, NULL, "BPF backend: %s: %s%s%.*s", what, strerror(err),
		   libbpf_log_len ? "; libbpf said:\n" : "",
		   (int)libbpf_log_len, libbpf_log);
	libbpf_log_len = 0;
}

static bool bpf_present(const char *secfs, char *why, size_t len)
{
	return lsm_active(secfs, "bpf", why, len);
}

static int bpf_table(struct reason_table *t, struct diags *d)
{
	return table_from_btf(t, BTF_VMLINUX, d);
}

/* Run syscall program @fd on @ctx; its return value in *ret. 0 or errno. */
static int run(int fd, void *ctx, size_t size, int *ret)
{
	LIBBPF_OPTS(bpf_test_run_opts, opts, .ctx_in = ctx, .ctx_size_in = size);

	*ret = 0;
	if (bpf_prog_test_run_opts(fd, &opts))
		return errno;
	*ret = (int)opts.retval;
	return 0;
}

/*
 * Is the object's enforcement program attached, whatever its pins? A
 * positive program id, 0 if not, -errno if the kernel will not say.
 */
static int find_attached(void)
{
	__u32 id = 0;

	while (!bpf_prog_get_next_id(id, &id)) {
		struct bpf_prog_info info = { 0 };
		__u32 len = sizeof(info);
		int fd = bpf_prog_get_fd_by_id(id);

		if (fd < 0)
			continue;	/* gone since, or not ours to see */
		if (!bpf_obj_get_info_by_fd(fd, &info, &len) && info.type == BPF_PROG_TYPE_LSM &&
		    !strcmp(info.name, "ldp_locked_down")) {
			close(fd);
			return (int)id;
		}
		close(fd);
	}
	return errno == ENOENT ? 0 : -errno;
}

/*
 * Run the object's read program into @st. 0; -ENOENT when there is no
 * object; another -errno (diagnosed) when there is one whose state cannot
 * be read.
 */
static int read_state(struct ldp_state *st, struct diags *d)
{
	int fd = bpf_obj_get(LDP_BPF_DIR "/" LDP_PIN_READ), ret = 0, err, id;

	if (fd < 0) {
		err = errno;
		if (err != ENOENT) {
			diag_error(d, NULL, "BPF backend: cannot open %s: %s", LDP_BPF_DIR "/"
				   LDP_PIN_READ, strerror(err));
			return -err;
		}
		id = find_attached();
		if (id > 0) {
			diag_error(d, NULL, "BPF backend: its program is attached (id %d) but its "
				   "pins in " LDP_BPF_DIR " are out of reach (a mount hides them, or "
				   "this is another mount namespace): its state cannot be read", id);
			return -EHOSTUNREACH;
		}
		if (id < 0) {
			diag_error(d, NULL, "BPF backend: no pins in " LDP_BPF_DIR ", and the "
				   "kernel will not list BPF programs (%s): cannot tell whether a "
				   "policy is in force", strerror(-id));
			return id;
		}
		return -ENOENT;
	}
	memset(st, 0, sizeof(*st));
	err = run(fd, st, LDP_READ_SIZE, &ret);
	close(fd);
	if (err || ret) {
		diag_error(d, NULL, "BPF backend: cannot read its state: %s",
			   strerror(err ? err : -ret));
		return -(err ? err : EIO);
	}
	if (st->version != LDP_STATE_VERSION && st->armed) {
		diag_error(d, NULL, "BPF backend: the object in " LDP_BPF_DIR " keeps state "
			   "version %u; this ldpolicy reads version %d", st->version,
			   LDP_STATE_VERSION);
		return -EPROTO;
	}
	return 0;
}

/* Warn mode's record, the most recent first, as the LSM's warnings file. */
static void read_seen(struct kstate *k, const struct reason_table *t, const struct ldp_state *st)
{
	for (unsigned int r = 0; r < t->conf_max && r < LDP_SEEN_REASONS; r++) {
		bool taken[LDP_SEEN] = { false };

		k->warnings[r] = st->warnings[r];
		for (int n = 0; n < LDP_SEEN; n++) {
			int best = -1;

			for (int i = 0; i < LDP_SEEN; i++)
				if (!taken[i] && st->seen[r][i].seq &&
				    (best < 0 || st->seen[r][i].seq > st->seen[r][best].seq))
					best = i;
			if (best < 0)
				break;
			taken[best] = true;
			{
				char comm[17];

				memcpy(comm, st->seen[r][best].comm, 16);
				comm[16] = '\0';
				kstate_add_seen(k, r, st->seen[r][best].count,
						st->seen[r][best].kernel, comm);
			}
		}
	}
	k->seen_read = true;
}

static int bpf_read(struct kstate *k, const struct reason_table *t, bool full, struct diags *d)
{
	struct ldp_state *st = xcalloc(1, sizeof(*st));
	int ret = read_state(st, d);

	memset(k, 0, sizeof(*k));
	if (ret && ret != -ENOENT)
		goto out;
	snprintf(k->where, sizeof(k->where), "%s", LDP_BPF_DIR);
	if (static_level_read(SECFS_ROOT, t, k->lockdown, sizeof(k->lockdown), k->by_static, d)) {
		ret = -1;
		goto out;
	}
	if (ret == -ENOENT || !st->armed) {
		/* nothing loaded yet: nothing denied by the backend */
		table_fingerprint_hex(t, k->fingerprint);
		ret = 0;
		goto out;
	}
	if (st->nr_reasons != t->conf_max) {
		diag_error(d, NULL, "BPF backend: its object counts %u reasons, the reason "
			   "table from %s %u", st->nr_reasons, t->source, t->conf_max);
		ret = -1;
		goto out;
	}
	k->loaded = true;
	k->sealed = st->sealed;
	k->loads = st->loads;
	k->not_a_boundary = st->flags & LOCKDOWN_POLICY_FLAG_NOT_A_BOUNDARY;
	k->bypass_acked = st->flags & LOCKDOWN_POLICY_FLAG_BYPASS_ACKED;
	for (int i = 0; i < LOCKDOWN_POLICY_FINGERPRINT_SIZE; i++)
		sprintf(k->fingerprint + 2 * i, "%02x", ((const uint8_t *)st->fingerprint)[i]);
	for (unsigned int r = 0; r < t->conf_max; r++) {
		if (!table_is_reason(t, r))
			continue;
		if (st->deny[r / 64] >> (r % 64) & 1)
			k->by_policy[r / 64] |= 1ULL << (r % 64);
		else if (st->warn[r / 64] >> (r % 64) & 1)
			k->warned[r / 64] |= 1ULL << (r % 64);
	}
	if (full)
		read_seen(k, t, st);
	if (full) {
		uint64_t first = st->notice_next > LDP_NOTICES ? st->notice_next - LDP_NOTICES : 0;

		for (unsigned int r = 0; r < t->conf_max; r++)
			k->denials[r] = st->denials[r];
		k->notices = xcalloc(LDP_NOTICES, sizeof(*k->notices));
		for (uint64_t s = first; s < st->notice_next; s++) {
			const struct ldp_notice *n = &st->notices[s % LDP_NOTICES];
			struct knotice *out = &k->notices[k->n_notices];

			if (n->seq != s + 1 || n->reason >= t->conf_max)
				continue;	/* being written, or overwritten */
			out->seq = n->seq;
			out->boot_ns = n->boot_ns;
			out->pid = n->pid;
			out->what = n->reason;
			memcpy(out->comm, n->comm, sizeof(n->comm));
			k->n_notices++;
		}
	}
	ret = 0;
out:
	free(st);
	return ret ? -1 : 0;
}

/* --- setting the object up ------------------------------------------------ */

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

/* Remove what a setup that never armed left in the directory. */
static int clear_stale(int dirfd, struct diags *d)
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
			diag_error(d, NULL, "BPF backend: cannot clear the unarmed %s/%s: %s",
				   LDP_BPF_DIR, e->d_name, strerror(errno));
			ret = -1;
		}
	closedir(dir);
	return ret;
}

static int pin_at(const char *name, int (*pin)(void *, const char *), void *obj,
		  struct diags *d)
{
	char *path = xasprintf(LDP_BPF_DIR "/%s", name);
	int err = pin(obj, path);

	if (err)
		diag_libbpf(d, path, -err);
	free(path);
	return err ? -1 : 0;
}

static int pin_prog(void *prog, const char *path)
{
	return bpf_program__pin(prog, path);
}

static int pin_link(void *link, const char *path)
{
	return bpf_link__pin(link, path);
}

/*
 * Load the object, pin it, attach its LSM programs, and arm it. Called
 * with the directory locked and empty.
 */
static int setup(int dirfd, const struct reason_table *t, struct diags *d)
{
	struct ldpolicy_bpf *skel;
	struct ldp_arm_ctx arm = { 0 };
	struct bpf_program *prog;
	int cwd = -1, err, ret = -1, rc;

	libbpf_set_print(keep_libbpf_log);
	skel = ldpolicy_bpf__open();
	if (!skel) {
		diag_libbpf(d, "cannot open the BPF object", errno);
		return -1;
	}
	memcpy((void *)skel->rodata->ldp_fingerprint, table_fingerprint(t),
	       LOCKDOWN_POLICY_FINGERPRINT_SIZE);
	err = ldpolicy_bpf__load(skel);
	if (err) {
		diag_libbpf(d, "cannot load the BPF object", -err);
		goto out;
	}
	if (pin_at(LDP_PIN_LOAD, pin_prog, skel->progs.ldp_load, d) ||
	    pin_at(LDP_PIN_SEAL, pin_prog, skel->progs.ldp_seal, d) ||
	    pin_at(LDP_PIN_READ, pin_prog, skel->progs.ldp_read, d))
		goto out;
	err = ldpolicy_bpf__attach(skel);
	if (err) {
		diag_libbpf(d, "cannot attach the BPF LSM programs", -err);
		goto out;
	}
	bpf_object__for_each_program(prog, skel->obj) {
		struct bpf_link *link = NULL;
		struct bpf_link_info info = { 0 };
		__u32 len = sizeof(info);
		char *name;

		if (bpf_program__type(prog) != BPF_PROG_TYPE_LSM)
			continue;
		for (int i = 0; i < skel->skeleton->prog_cnt; i++)
			if (*skel->skeleton->progs[i].prog == prog)
				link = *skel->skeleton->progs[i].link;
		if (!link || arm.nr_links >= LDP_MAX_LINKS) {
			diag_error(d, NULL, "BPF backend: %s has no link",
				   bpf_program__name(prog));
			goto out;
		}
		name = xasprintf(LDP_PIN_LINK_PREFIX "%s", bpf_program__name(prog));
		rc = pin_at(name, pin_link, link, d);
		free(name);
		if (rc)
			goto out;
		if (bpf_obj_get_info_by_fd(bpf_link__fd(link), &info, &len)) {
			diag_libbpf(d, "cannot read a link's id", errno);
			goto out;
		}
		arm.link_ids[arm.nr_links++] = info.id;
		bpf_link__disconnect(link);	/* the pin holds it now */
	}
	/* ldp_arm finds the pin directory as its caller's working directory */
	cwd = open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (cwd < 0 || fchdir(dirfd)) {
		diag_error(d, NULL, "BPF backend: cannot enter " LDP_BPF_DIR ": %s",
			   strerror(errno));
		goto out;
	}
	err = run(bpf_program__fd(skel->progs.ldp_arm), &arm, sizeof(arm), &rc);
	if (fchdir(cwd)) {
		diag_error(d, NULL, "BPF backend: cannot return to the working directory: %s",
			   strerror(errno));
		goto out;
	}
	if (err || rc) {
		diag_error(d, NULL, "BPF backend: cannot arm the object: %s",
			   strerror(err ? err : -rc));
		goto out;
	}
	ret = 0;
out:
	if (cwd >= 0)
		close(cwd);
	ldpolicy_bpf__destroy(skel);
	return ret;
}

/*
 * Open the pinned program @pin of the object, setting the object up
 * first if there is none: pins, links, armed. Returns an fd or -1.
 */
static int object_prog(const char *pin, struct diags *d)
{
	struct ldp_state *st = NULL;
	struct reason_table t;
	int dirfd = -1, fd = -1, ret, err;
	char *path = xasprintf(LDP_BPF_DIR "/%s", pin);

	if (ensure_bpffs(d))
		goto out;
	if (mkdir(LDP_BPF_DIR, 0700) && errno != EEXIST) {
		diag_error(d, NULL, "BPF backend: cannot create " LDP_BPF_DIR ": %s",
			   strerror(errno));
		goto out;
	}
	dirfd = open(LDP_BPF_DIR, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	err = dirfd < 0 ? errno : flock(dirfd, LOCK_EX) ? errno : 0;
	if (err && err != ENOSYS) {
		diag_error(d, NULL, "BPF backend: cannot lock " LDP_BPF_DIR ": %s",
			   strerror(err));
		goto out;
	}
	if (err == ENOSYS)
		diag_warning(d, NULL, "BPF backend: this kernel has no file locking "
			     "(CONFIG_FILE_LOCKING): " LDP_BPF_DIR " is not locked against "
			     "another ldpolicy setting the backend up at the same time");
	st = xcalloc(1, sizeof(*st));
	ret = read_state(st, d);
	if (ret && ret != -ENOENT)
		goto out;
	if (ret == -ENOENT || !st->armed) {
		if (in_init_mnt_ns(d) || bpf_table(&t, d))
			goto out;
		ret = clear_stale(dirfd, d) ? -1 : setup(dirfd, &t, d);
		table_free(&t);
		if (ret)
			goto out;
	}
	fd = bpf_obj_get(path);
	if (fd < 0)
		diag_error(d, NULL, "BPF backend: cannot open %s: %s", path, strerror(errno));
out:
	free(st);
	free(path);
	if (dirfd >= 0)
		close(dirfd);	/* and the lock with it */
	return fd;
}

static int bpf_load(const void *blob, size_t len, struct diags *d)
{
	struct ldp_load_ctx *ctx;
	int fd, err, ret = 0;

	if (len > LOCKDOWN_POLICY_MAX_SIZE)
		return E2BIG;
	fd = object_prog(LDP_PIN_LOAD, d);
	if (fd < 0)
		return -1;
	ctx = xcalloc(1, sizeof(*ctx));
	ctx->len = len;
	memcpy(ctx->blob.bytes, blob, len);
	err = run(fd, ctx, sizeof(*ctx), &ret);
	free(ctx);
	close(fd);
	return err ? err : -ret;
}

static int bpf_seal(struct diags *d)
{
	int fd = object_prog(LDP_PIN_SEAL, d), err, ret = 0;

	if (fd < 0)
		return -1;
	err = run(fd, NULL, 0, &ret);
	close(fd);
	return err ? err : -ret;
}

const struct backend backend_bpf = {
	.name = "bpf",
	.what = "the BPF backend (BPF LSM)",
	.present = bpf_present,
	.table = bpf_table,
	.read = bpf_read,
	.load = bpf_load,
	.seal = bpf_seal,
};
