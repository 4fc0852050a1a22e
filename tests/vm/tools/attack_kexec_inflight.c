// SPDX-License-Identifier: GPL-2.0
/*
 * kexec-inflight CMD [ARG...]: a kexec_load(2) in flight across CMD, a
 * command that makes LOCKDOWN_KEXEC denied (a policy loaded, the static
 * level raised).
 *
 * kexec_load(2) asks LOCKDOWN_KEXEC before it takes the kexec lock, then
 * copies the segments in, and installs the image: a load with a big
 * segment is still copying when CMD runs. A child loads; once an unload
 * (KEXEC_FILE_UNLOAD, which asks nothing) gets EBUSY, the child holds the
 * lock, so its question was asked and answered; CMD runs then, and the
 * child's load ends:
 *   loaded, after CMD ended   shown: an image the policy refuses, in
 *                             place to boot (then unloaded)
 *   EPERM                     refused: asked again as it was installed
 *   loaded before CMD ended   failed: the race was not run (the segment
 *                             is sized first, to take half a second)
 *
 * kexec-parked [--ia32] CMD [ARG...]: the same load, parked for as long as CMD
 * runs and before it takes the lock: its segment list (copied in after
 * the question, before the lock) lies on a page a userfaultfd holds
 * back. Once the fault is seen, CMD runs; the page is given after, and
 * the load ends:
 *   CMD exited 0, loaded      shown: CMD vouched for a policy while an
 *                             image it refuses was on its way in
 *   CMD exited non-zero       refused: CMD would not vouch (its exit and
 *                             the load's end are said)
 *   CMD exited 0, EPERM       refused: asked again as it was installed
 * --ia32: ia32's kexec_load (283), entered with int $0x80 from this
 * 64-bit task, its segment list in the 32-bit layout.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/kexec.h>
#include <linux/userfaultfd.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "attack.h"

#define DEST		0x100000UL
/* the big segment's destination: above the guest's RAM, only held */
#define DEST_BIG	0x100000000UL
#define MAX_MB		128

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

static long kexec_unload(void)
{
	return syscall(SYS_kexec_file_load, -1, -1, 0UL, "", (unsigned long)KEXEC_FILE_UNLOAD);
}

/* A load of a page and @big bytes at @buf: 0 or an errno. */
static int load(unsigned char *buf, size_t big)
{
	static unsigned char page[4096];
	struct kexec_segment seg[2] = {
		{ page, sizeof(page), (void *)DEST, sizeof(page) },
		{ buf, big, (void *)DEST_BIG, big },
	};

	return syscall(SYS_kexec_load, DEST, 2UL, seg, (unsigned long)KEXEC_ARCH_DEFAULT) ?
	       errno : 0;
}

/* The child's report: its load's errno, and when it ended. */
struct report {
	int err;
	double end;
};

static void run_inflight(struct aresult *o, int argc, char **argv)
{
	size_t big = 8 << 20;
	unsigned char *buf;
	struct report r;
	double t, cmd_end;
	int rep[2], status, err;
	pid_t child, cmd;

	if (argc < 1) {
		failed(o, "usage: kexec-inflight CMD [ARG...]");
		return;
	}
	buf = mmap(NULL, (size_t)MAX_MB << 20, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
	if (buf == MAP_FAILED) {
		failed(o, "mmap: %s", strerror(errno));
		return;
	}
	/* a segment whose copy takes half a second, and the lock is free */
	for (;;) {
		t = now();
		err = load(buf, big);
		t = now() - t;
		if (err == ENOSYS) {
			unavailable(o, "no kexec_load(2) in this kernel (CONFIG_KEXEC)");
			goto out;
		}
		if (err) {
			errno_outcome(o, err, "kexec_load(2), before CMD");
			goto out;
		}
		if (kexec_unload()) {
			failed(o, "unload the sizing load: %s", strerror(errno));
			goto out;
		}
		if (t >= 0.5 || big == (size_t)MAX_MB << 20)
			break;
		big *= 2;
	}
	if (pipe2(rep, O_CLOEXEC)) {
		failed(o, "pipe: %s", strerror(errno));
		goto out;
	}
	child = fork();
	if (child < 0) {
		failed(o, "fork: %s", strerror(errno));
		goto out;
	}
	if (!child) {
		r.err = load(buf, big);
		r.end = now();
		_exit(write(rep[1], &r, sizeof(r)) == sizeof(r) ? 0 : 1);
	}
	close(rep[1]);
	/* the child holds the lock: it was asked, and allowed */
	while (!kexec_unload() || errno != EBUSY)
		if (waitpid(child, &status, WNOHANG) == child) {
			failed(o, "the load ended before it was seen in flight (%zu MiB, %.3fs)",
			       big >> 20, t);
			goto out_rep;
		}
	cmd = fork();
	if (!cmd) {
		execvp(argv[0], argv);
		_exit(127);
	}
	if (cmd < 0 || waitpid(cmd, &status, 0) != cmd || !WIFEXITED(status) ||
	    WEXITSTATUS(status)) {
		failed(o, "%s did not run, or failed", argv[0]);
		waitpid(child, &status, 0);
		kexec_unload();
		goto out_rep;
	}
	cmd_end = now();
	if (read(rep[0], &r, sizeof(r)) != sizeof(r)) {
		failed(o, "the loading child reported nothing");
		waitpid(child, &status, 0);
		goto out_rep;
	}
	waitpid(child, &status, 0);
	if (r.err == EPERM)
		refused(o, "kexec_load(2) of %zu MiB, in flight across %s: EPERM as it installed",
			big >> 20, argv[0]);
	else if (r.err)
		failed(o, "kexec_load(2), in flight across %s: %s", argv[0], strerror(r.err));
	else if (r.end < cmd_end)
		failed(o, "the load (%zu MiB) ended before %s did: the race was not run",
		       big >> 20, argv[0]);
	else
		shown(o, "kexec_load(2) of %zu MiB began before %s and installed its image %.3fs "
		      "after (then unloaded)", big >> 20, argv[0], r.end - cmd_end);
	kexec_unload();
out_rep:
	close(rep[0]);
out:
	munmap(buf, (size_t)MAX_MB << 20);
}

/* The parked load: a page at DEST, its segment list at @arg (held back). */
static volatile int parked_done;
static bool parked_ia32;

/*
 * ia32's kexec_load (283), entered from this 64-bit task with int $0x80;
 * a compat load must name the kernel's architecture (EINVAL for
 * KEXEC_ARCH_DEFAULT, after the question)
 */
static int ia32_kexec_load(unsigned long segments)
{
#if defined(__x86_64__)
	long ret;

	asm volatile("int $0x80" : "=a"(ret)
		     : "a"(283L), "b"((unsigned int)DEST), "c"(1U), "d"((unsigned int)segments),
		       "S"((unsigned int)KEXEC_ARCH_X86_64) : "memory");
	return ret < 0 ? (int)-ret : 0;
#else
	(void)segments;
	return ENOSYS;
#endif
}

static void *parked_load(void *arg)
{
	static int err;

	if (parked_ia32)
		err = ia32_kexec_load((unsigned long)arg);
	else
		err = syscall(SYS_kexec_load, DEST, 1UL, arg, (unsigned long)KEXEC_ARCH_DEFAULT) ?
		      errno : 0;
	__atomic_store_n(&parked_done, 1, __ATOMIC_RELEASE);
	return &err;
}

/* Did the load fault on its segment list (within 5 s, while it runs)? */
static bool parked_faulted(int uffd)
{
	for (int i = 0; i < 50; i++) {
		struct pollfd pf = { uffd, POLLIN, 0 };
		struct uffd_msg msg;

		if (poll(&pf, 1, 100) == 1 && (pf.revents & POLLIN) &&
		    read(uffd, &msg, sizeof(msg)) == sizeof(msg))
			return msg.event == UFFD_EVENT_PAGEFAULT;
		if (__atomic_load_n(&parked_done, __ATOMIC_ACQUIRE))
			return false;
	}
	return false;
}

static void run_parked(struct aresult *o, int argc, char **argv)
{
	static unsigned char page[4096];
	struct kexec_segment seg = { page, sizeof(page), (void *)DEST, sizeof(page) };
	struct uffdio_api api = { .api = UFFD_API };
	struct uffdio_register reg = { .mode = UFFDIO_REGISTER_MODE_MISSING };
	struct uffdio_copy give = { .len = 4096 };
	unsigned char *held, *list;
	pthread_t loader;
	int uffd, status, cmd_exit, *err;
	pid_t cmd;

	parked_ia32 = argc > 0 && !strcmp(argv[0], "--ia32");
	if (parked_ia32) {
		argc--;
		argv++;
	}
	if (argc < 1) {
		failed(o, "usage: kexec-parked [--ia32] CMD [ARG...]");
		return;
	}
	uffd = syscall(SYS_userfaultfd, O_CLOEXEC | O_NONBLOCK);
	if (uffd < 0) {
		unavailable(o, "no userfaultfd(2) in this kernel (%s)", strerror(errno));
		return;
	}
	/* below 4 GiB: ia32's segment list holds 32-bit pointers */
	held = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT,
		    -1, 0);
	list = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT,
		    -1, 0);
	reg.range.start = (unsigned long)held;
	reg.range.len = 4096;
	if (held == MAP_FAILED || list == MAP_FAILED || ioctl(uffd, UFFDIO_API, &api) ||
	    ioctl(uffd, UFFDIO_REGISTER, &reg)) {
		failed(o, "a page held by a userfaultfd: %s", strerror(errno));
		close(uffd);
		return;
	}
	if (parked_ia32) {
		/* struct compat_kexec_segment: buf, bufsz, mem, memsz, 32 bits each */
		unsigned int cseg[4] = { (unsigned int)(unsigned long)(list + 2048), 2048,
					 (unsigned int)DEST, 4096 };

		memcpy(list, cseg, sizeof(cseg));
	} else {
		memcpy(list, &seg, sizeof(seg));
	}
	if (pthread_create(&loader, NULL, parked_load, held)) {
		failed(o, "no thread to load");
		close(uffd);
		return;
	}
	/* the load faults on its segment list: asked, allowed, and parked */
	if (!parked_faulted(uffd)) {
		if (!__atomic_load_n(&parked_done, __ATOMIC_ACQUIRE)) {
			/* not faulted, not done: give the page, so that it can end */
			give.dst = (unsigned long)held;
			give.src = (unsigned long)list;
			ioctl(uffd, UFFDIO_COPY, &give);
		}
		pthread_join(loader, (void **)&err);
		if (*err == ENOSYS)
			unavailable(o, "no kexec_load(2) in this kernel (CONFIG_KEXEC)");
		else
			errno_outcome(o, *err, "kexec_load(2), before CMD: it never faulted");
		close(uffd);
		return;
	}
	cmd = fork();
	if (!cmd) {
		execvp(argv[0], argv);
		_exit(127);
	}
	cmd_exit = cmd > 0 && waitpid(cmd, &status, 0) == cmd && WIFEXITED(status) ?
		   WEXITSTATUS(status) : -1;
	give.dst = (unsigned long)held;
	give.src = (unsigned long)list;
	if (ioctl(uffd, UFFDIO_COPY, &give))
		failed(o, "give the page: %s", strerror(errno));
	pthread_join(loader, (void **)&err);
	close(uffd);
	if (cmd_exit < 0 || cmd_exit == 127)
		failed(o, "%s did not run", argv[0]);
	else if (cmd_exit)
		refused(o, "%s exited %d while kexec_load(2) was parked (the load then: %s)",
			argv[0], cmd_exit, *err ? strerror(*err) : "installed");
	else if (*err == EPERM)
		refused(o, "kexec_load(2), parked across %s: EPERM as it installed", argv[0]);
	else if (*err)
		failed(o, "kexec_load(2), parked across %s: %s", argv[0], strerror(*err));
	else
		shown(o, "%s exited 0 while kexec_load(2) was parked; the image installed after "
		      "(then unloaded)", argv[0]);
	kexec_unload();
}

const struct attack attacks_kexec_inflight[] = {
	{ "kexec-parked", "kexec_load(2) parked by a userfaultfd across CMD [ARG...], which "
	  "makes LOCKDOWN_KEXEC denied", run_parked },
	{ "kexec-inflight", "kexec_load(2) in flight across CMD [ARG...], which makes "
	  "LOCKDOWN_KEXEC denied", run_inflight },
	{ 0 }
};
