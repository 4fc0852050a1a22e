// SPDX-License-Identifier: GPL-2.0
/* Kexec images loaded before the policy (kexec.h). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/kexec.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "kexec.h"
#include "kfs.h"
#include "policy.h"

/* read through ldpolicy's own mount of sysfs: nothing bound over them counts */
static const char *const loaded_file[] = { "kernel/kexec_loaded", "kernel/kexec_crash_loaded" };
static const char *const what[] = { "a kexec image", "a crash kernel" };

int kexec_image_loaded(bool crash)
{
	char buf[8] = "";
	int fd = kfs_open(KFS_SYSFS, loaded_file[crash], O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return errno == ENOENT ? 0 : -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0 || (buf[0] != '0' && buf[0] != '1'))
		return -1;
	return buf[0] == '1';
}

/*
 * Does a kexec now shed a policy that refuses it? The policy denies
 * LOCKDOWN_KEXEC; or it denies anything (a kexec sheds any policy loaded
 * at run time) while the static level denies LOCKDOWN_KEXEC, which the
 * kernel then asks of every image (lockdown=integrity beside a policy of
 * confidentiality's reasons).
 */
static bool kexec_denied(const struct reason_table *t, const uint64_t *by_policy,
			 const uint64_t *by_static)
{
	int r = table_lookup(t, "LOCKDOWN_KEXEC");
	bool any = false;

	for (int w = 0; w < POLICY_WORDS; w++)
		any |= by_policy[w] != 0;
	return r >= 0 && (bit_test(by_policy, r) || (any && bit_test(by_static, r)));
}

/* Unload, asking no lockdown reason (an unload loads nothing): 0 or an errno. */
static int kexec_unload(bool crash)
{
	return syscall(SYS_kexec_file_load, -1, -1, 0UL, "",
		       KEXEC_FILE_UNLOAD | (crash ? KEXEC_FILE_ON_CRASH : 0)) ? errno : 0;
}

/*
 * Wait for a load in flight: one holds the kexec lock (an unload gets
 * EBUSY) from after the kernel asked it LOCKDOWN_KEXEC, maybe before the
 * policy, until it installs its image. A kernel with our fixes asks
 * kexec_load(2) again then; others install it. So unload once the lock
 * is free, for KEXEC_WAIT_MS at most: 0, or EBUSY if it is still held.
 */
#define KEXEC_WAIT_MS	10000

static int kexec_unload_after_flight(bool crash, bool *waited)
{
	struct timespec nap = { 0, 20 * 1000 * 1000 };
	int err = kexec_unload(crash);

	for (int ms = 0; err == EBUSY && ms < KEXEC_WAIT_MS; ms += 20) {
		*waited = true;
		nanosleep(&nap, NULL);
		err = kexec_unload(crash);
	}
	return err;
}

/*
 * A task inside kexec_load(2) or kexec_file_load(2), or a compat entry of
 * them (/proc/PID/task/TID/syscall), other than unloads of ours: it may have been asked
 * LOCKDOWN_KEXEC before the policy and not yet hold the kexec lock (its
 * segments are copied in first, from memory it can make wait, a
 * userfaultfd's), and a kernel without our fixes installs what it loads
 * without asking again. Its tid, 0 if none, -1 if a task's state cannot
 * be read.
 */
/*
 * Is @nr, as /proc/PID/syscall gives it, a kexec load? The compat entries
 * count too: a 64-bit task may enter ia32's kexec_load with int $0x80
 * (283), and x32's numbers carry __X32_SYSCALL_BIT; /proc does not say
 * which table a number is of, so a task in another table's 283 (or arm64's
 * AArch32 347) counts as one: a wait, and an exit 3, at worst.
 */
static bool is_kexec_nr(long nr)
{
#if defined(__x86_64__)
	long x32 = nr & ~0x40000000L;

	return nr == 283 || x32 == SYS_kexec_load || x32 == SYS_kexec_file_load || x32 == 528;
#elif defined(__aarch64__)
	return nr == SYS_kexec_load || nr == SYS_kexec_file_load || nr == 347;
#else
	return nr == SYS_kexec_load || nr == SYS_kexec_file_load;
#endif
}

static long kexec_task_in_flight(void)
{
	/* through ldpolicy's own procfs: a tmpfs on /proc hides nothing */
	int fd = kfs_open(KFS_PROC, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *proc = fd < 0 ? NULL : fdopendir(fd);
	struct dirent *p;
	long found = 0;

	if (!proc) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	while (!found && (p = readdir(proc))) {
		char dir[300];
		struct dirent *t;
		DIR *tasks;

		if (strspn(p->d_name, "0123456789") != strlen(p->d_name))
			continue;
		snprintf(dir, sizeof(dir), "%s/task", p->d_name);
		fd = kfs_open(KFS_PROC, dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		tasks = fd < 0 ? NULL : fdopendir(fd);
		if (!tasks) {
			if (fd >= 0)
				close(fd);
			continue;	/* gone */
		}
		while (!found && (t = readdir(tasks))) {
			char path[600], line[64] = "";
			long nr;
			ssize_t n;

			if (strspn(t->d_name, "0123456789") != strlen(t->d_name) ||
			    atol(t->d_name) == (long)syscall(SYS_gettid))
				continue;
			snprintf(path, sizeof(path), "%s/%s/syscall", dir, t->d_name);
			fd = kfs_open(KFS_PROC, path, O_RDONLY | O_CLOEXEC);
			if (fd < 0 && (errno == ENOENT || errno == ESRCH))
				continue;	/* gone */
			if (fd < 0) {
				found = -1;
				break;
			}
			n = read(fd, line, sizeof(line) - 1);
			close(fd);
			if (n < 0 && errno == ESRCH)
				continue;
			if (n <= 0) {
				found = -1;
				break;
			}
			line[n] = '\0';
			nr = strtol(line, NULL, 10);
			if (is_kexec_nr(nr))
				found = atol(t->d_name);
		}
		closedir(tasks);
	}
	closedir(proc);
	return found;
}

/* Wait while a task is in flight, KEXEC_WAIT_MS at most: what is left. */
static long kexec_wait_in_flight(void)
{
	struct timespec nap = { 0, 20 * 1000 * 1000 };
	long tid = kexec_task_in_flight();

	for (int ms = 0; tid > 0 && ms < KEXEC_WAIT_MS; ms += 20) {
		nanosleep(&nap, NULL);
		tid = kexec_task_in_flight();
	}
	return tid;
}

/* Diagnose @tid (kexec_task_in_flight()'s) unless 0: -1 if it was diagnosed. */
static int kexec_flight_diag(long tid, struct diags *d)
{
	if (!tid)
		return 0;
	if (tid < 0)
		diag_error(d, NULL, "LOCKDOWN_KEXEC is denied, but whether a task is inside "
			   "kexec_load(2) cannot be read (/proc/PID/task/TID/syscall): one begun "
			   "before the policy may still install an image that boots without it");
	else
		diag_error(d, NULL, "LOCKDOWN_KEXEC is denied, but task %ld is inside a kexec "
			   "load begun before the policy: on a kernel that does not ask again as it "
			   "installs, its image boots without the policy", tid);
	return -1;
}

bool kexec_deny_with_static(const struct reason_table *t, struct policy *p,
			    const uint64_t *by_static)
{
	int r = table_lookup(t, "LOCKDOWN_KEXEC");

	if (r < 0 || bit_test(p->deny, r) || !bit_test(by_static, r) || !policy_count(p))
		return false;
	policy_set(p, r, true);
	return true;
}

int kexec_unload_stale(const struct reason_table *t, const uint64_t *by_policy,
		       const uint64_t *by_static, bool quiet, struct diags *d)
{
	int ret = 0;

	if (!kexec_denied(t, by_policy, by_static))
		return 0;
	/* a load in flight first: what it installs is then unloaded below */
	if (kexec_flight_diag(kexec_wait_in_flight(), d))
		return -1;
	for (int crash = 0; crash < 2; crash++) {
		int loaded = kexec_image_loaded(crash), err = 0;
		bool waited = false;

		if (loaded >= 0)
			err = kexec_unload_after_flight(crash, &waited);
		if (err == EBUSY) {
			diag_error(d, NULL, "LOCKDOWN_KEXEC is denied, but a kexec load begun before "
				   "the policy has held the kexec lock for %d s: it may still install "
				   "%s that boots without the policy", KEXEC_WAIT_MS / 1000,
				   what[crash]);
			ret = -1;
			continue;
		}
		/* nothing was loaded, nor in flight: what the unload said is moot */
		if (!loaded && !waited)
			continue;
		if (loaded < 0 || (loaded && err) || kexec_image_loaded(crash)) {
			diag_error(d, NULL, "LOCKDOWN_KEXEC is denied, but %s loaded before the "
				   "policy is still loaded (/sys/%s: %s): a kexec boots it without the "
				   "policy", what[crash], loaded_file[crash],
				   loaded < 0 ? "cannot be read" : err ? strerror(err) :
				   "still 1 after the unload");
			ret = -1;
			continue;
		}
		if (quiet)
			continue;
		if (loaded)
			printf("unloaded %s loaded before the policy: a kexec would have booted it "
			       "without the policy, which denies LOCKDOWN_KEXEC\n", what[crash]);
		if (waited)
			printf("waited for a kexec load in flight across the policy: no %s is left "
			       "loaded\n", crash ? "crash kernel" : "kexec image");
	}
	return ret;
}

int kexec_check_stale(const struct reason_table *t, const uint64_t *by_policy,
		      const uint64_t *by_static, struct diags *d)
{
	int ret = 0;

	if (!kexec_denied(t, by_policy, by_static))
		return 0;
	/* before what is loaded: a load that ends between the two is seen loaded */
	ret = kexec_flight_diag(kexec_task_in_flight(), d);
	for (int crash = 0; crash < 2; crash++) {
		int loaded = kexec_image_loaded(crash);
		char why[160];

		if (!loaded)
			continue;
		if (loaded < 0)
			snprintf(why, sizeof(why), "whether %s is loaded cannot be read (/sys/%s)",
				 what[crash], loaded_file[crash]);
		else
			snprintf(why, sizeof(why), "%s loaded before the policy is still loaded",
				 what[crash]);
		diag_error(d, NULL, "LOCKDOWN_KEXEC is denied, but %s: a kexec boots it without "
			   "the policy (ldpolicy load unloads what was loaded before it)", why);
		ret = -1;
	}
	return ret;
}
