// SPDX-License-Identifier: GPL-2.0
/*
 * Tracing as an attacker uses it: kprobes that report when a kernel
 * function runs, kprobe events and tracefs's event probes that fetch
 * linux_banner from any address, trace events, through tracefs and
 * through perf, perf samples of the kernel's instruction pointer and
 * registers.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <fcntl.h>
#include <linux/perf_event.h>
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

#define T "/sys/kernel/tracing/"

/* Write @s to tracefs file @name; 0 or errno. */
static int tw(const char *name, const char *s, int flags)
{
	int fd = open(name, O_WRONLY | O_CLOEXEC | flags), err = 0;

	if (fd < 0)
		return errno;
	if (write(fd, s, strlen(s)) != (ssize_t)strlen(s))
		err = errno;
	close(fd);
	return err;
}

/* The trace buffer, NUL-terminated, into @buf; 0 or errno. */
static int trace_read(char *buf, size_t len)
{
	int fd = open(T "trace", O_RDONLY | O_CLOEXEC);
	size_t n = 0;
	ssize_t r;

	if (fd < 0)
		return errno;
	while (n + 1 < len && (r = read(fd, buf + n, len - 1 - n)) > 0)
		n += r;
	buf[n] = '\0';
	close(fd);
	return 0;
}

/* Run /bin/true: a sched_process_exec event. */
static void exec_true(void)
{
	pid_t pid = fork();

	if (!pid) {
		execl("/bin/true", "true", (char *)NULL);
		_exit(127);
	}
	if (pid > 0)
		waitpid(pid, NULL, 0);
}

/* Something for vfs_read() to do. */
static void some_reads(int n)
{
	char buf[256];

	for (int i = 0; i < n; i++) {
		int fd = open("/proc/version", O_RDONLY | O_CLOEXEC);

		if (fd >= 0) {
			if (read(fd, buf, sizeof(buf)) < 0)
				buf[0] = '\0';
			close(fd);
		}
	}
}

static bool tracefs_here(struct aresult *o)
{
	if (!access(T "trace", F_OK) || access("/sys/kernel/tracing", F_OK) == 0)
		return true;
	unavailable(o, "no tracefs in this kernel");
	return false;
}

/*
 * A dynamic event, defined by writing @def to @file, enabled as
 * EVENT_DIR, triggered by @trigger; the trace must show @want. Removed
 * after (@undef).
 */
static void event_attack(struct aresult *o, const char *file, const char *def, const char *undef,
			 const char *event_dir, void (*trigger)(void), const char *want,
			 const char *what)
{
	static char buf[1 << 18];
	char enable[160];
	int err;

	if (!tracefs_here(o))
		return;
	if (def) {
		tw(file, undef, O_APPEND);	/* a leftover of a failed run */
		err = tw(file, def, O_APPEND);
		if (err) {
			errno_outcome(o, err, file);
			return;
		}
	}
	snprintf(enable, sizeof(enable), T "events/%s/enable", event_dir);
	err = tw(T "trace", "", O_TRUNC);
	if (!err)
		err = tw(enable, "1", 0);
	if (err) {
		errno_outcome(o, err, enable);
		goto out;
	}
	trigger();
	tw(enable, "0", 0);
	err = trace_read(buf, sizeof(buf));
	if (err) {
		errno_outcome(o, err, T "trace");
	} else {
		char *at = strstr(buf, want);

		if (at)
			shown(o, "%s: '%.80s'", what, at);
		else
			failed(o, "the event fired nothing with '%s' (trace: %.120s)", want, buf);
	}
out:
	if (def)
		tw(file, undef, O_APPEND);
}

static void true_exec(void)
{
	exec_true();
}

static void reads(void)
{
	some_reads(4);
}

static void run_tracefs_events(struct aresult *o, int argc, char **argv)
{
	(void)argc;
	(void)argv;
	event_attack(o, NULL, NULL, NULL, "sched/sched_process_exec", true_exec,
		     "sched_process_exec: filename=/bin/true",
		     "the sched_process_exec trace event reported the kernel running an exec");
}

static void run_eprobe_read(struct aresult *o, int argc, char **argv)
{
	char def[160];
	uint64_t banner;

	(void)argc;
	(void)argv;
	if (ksym("linux_banner", &banner)) {
		failed(o, "linux_banner is not in /proc/kallsyms");
		return;
	}
	snprintf(def, sizeof(def), "e:ldattack/er sched.sched_process_exec banner=@0x%llx:string\n",
		 (unsigned long long)banner);
	event_attack(o, T "dynamic_events", def, "-:ldattack/er\n", "ldattack/er", true_exec,
		     "banner=\"Linux version ",
		     "an event probe on sched_process_exec fetched linux_banner's address");
}

static void run_kprobe_fetch(struct aresult *o, int argc, char **argv)
{
	(void)argc;
	(void)argv;
	event_attack(o, T "kprobe_events", "p:ldattack/kf vfs_read banner=@linux_banner:string\n",
		     "-:ldattack/kf\n", "ldattack/kf", reads, "banner=\"Linux version ",
		     "a kprobe event on vfs_read fetched linux_banner");
}

static long perf_open(struct perf_event_attr *a)
{
	return syscall(SYS_perf_event_open, a, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
}

/* kprobes through perf's kprobe PMU: no tracefs, only LOCKDOWN_KPROBES. */
static void run_kprobe_trace(struct aresult *o, int argc, char **argv)
{
	struct perf_event_attr a = { .size = sizeof(a) };
	unsigned long long count = 0;
	unsigned int type;
	FILE *f = fopen("/sys/bus/event_source/devices/kprobe/type", "r");
	long fd;

	(void)argc;
	(void)argv;
	if (!f || fscanf(f, "%u", &type) != 1) {
		if (f)
			fclose(f);
		unavailable(o, "no kprobe PMU (/sys/bus/event_source/devices/kprobe)");
		return;
	}
	fclose(f);
	a.type = type;
	a.config1 = (unsigned long)"vfs_read";	/* kprobe_func */
	a.disabled = 1;
	fd = perf_open(&a);
	if (fd < 0) {
		errno_outcome(o, errno, "perf_event_open(kprobe PMU, vfs_read)");
		return;
	}
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	some_reads(10);
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	if (read(fd, &count, sizeof(count)) != sizeof(count) || count < 10)
		failed(o, "the kprobe counted %llu calls of vfs_read, not 10", count);
	else
		shown(o, "a kprobe on vfs_read (perf kprobe PMU) counted %llu calls", count);
	close(fd);
}

#define KERNEL_ADDR(x) ((x) >= 0xffff800000000000ULL)

/*
 * Sample the CPU clock while this task works in the kernel; with @regs,
 * PERF_SAMPLE_REGS_INTR too. A sample taken in the kernel is shown.
 */
static void perf_sample(struct aresult *o, bool regs)
{
	struct perf_event_attr a = {
		.type = PERF_TYPE_SOFTWARE,
		.size = sizeof(a),
		.config = PERF_COUNT_SW_CPU_CLOCK,
		.sample_period = 50000,
		.sample_type = PERF_SAMPLE_IP | (regs ? PERF_SAMPLE_REGS_INTR : 0),
		.sample_regs_intr = regs ? 1ULL << 8 : 0,	/* PERF_REG_X86_IP */
		.exclude_user = 1,
		.disabled = 1,
	};
	size_t len = (1 + 16) * 4096;
	struct perf_event_mmap_page *meta;
	static char zero[1 << 16];
	unsigned long long head, found = 0, rip = 0;
	struct timespec t0, now;
	unsigned char *data;
	long fd = perf_open(&a);

	if (fd < 0) {
		errno_outcome(o, errno, regs ? "perf_event_open(PERF_SAMPLE_REGS_INTR)" :
			      "perf_event_open(kernel samples)");
		return;
	}
	meta = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (meta == MAP_FAILED) {
		failed(o, "mmap the perf buffer: %s", strerror(errno));
		close(fd);
		return;
	}
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		int z = open("/dev/zero", O_RDONLY | O_CLOEXEC);

		if (z >= 0) {
			if (read(z, zero, sizeof(zero)) < 0)
				zero[0] = 0;
			close(z);
		}
		clock_gettime(CLOCK_MONOTONIC, &now);
	} while ((now.tv_sec - t0.tv_sec) * 1000 + (now.tv_nsec - t0.tv_nsec) / 1000000 < 300);
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	head = __atomic_load_n(&meta->data_head, __ATOMIC_ACQUIRE);
	data = (unsigned char *)meta + meta->data_offset;
	for (unsigned long long off = 0; off + sizeof(struct perf_event_header) <= head &&
	     off < meta->data_size;) {
		struct perf_event_header *h = (void *)(data + off);
		unsigned long long *v = (void *)(h + 1);

		if (!h->size)
			break;
		if (h->type == PERF_RECORD_SAMPLE && KERNEL_ADDR(v[0]) &&
		    (!regs || (v[1] && KERNEL_ADDR(v[2])))) {
			found++;
			rip = regs ? v[2] : v[0];
		}
		off += h->size;
	}
	if (found)
		shown(o, "%llu samples taken in the kernel, %s 0x%llx", found,
		      regs ? "interrupted registers: ip" : "instruction pointer", rip);
	else
		failed(o, "no sample in the kernel (%llu bytes of samples)", head);
	munmap(meta, len);
	close(fd);
}

static void run_perf_regs(struct aresult *o, int argc, char **argv)
{
	(void)argc;
	(void)argv;
	perf_sample(o, true);
}

static void run_perf_kernel_ip(struct aresult *o, int argc, char **argv)
{
	(void)argc;
	(void)argv;
	perf_sample(o, false);
}

/*
 * A trace event through perf, by id: counting this task, or with @raw,
 * sampling the records of every task on CPU @cpu (perf lets anyone read
 * the raw syscall records of a task it may trace, and asks its
 * questions of the rest).
 */
static long tp_open(unsigned int id, bool raw, int cpu)
{
	struct perf_event_attr a = {
		.type = PERF_TYPE_TRACEPOINT,
		.size = sizeof(a),
		.config = id,
		.sample_period = 1,
		.sample_type = raw ? PERF_SAMPLE_RAW : 0,
		.exclude_callchain_user = 1,	/* which ftrace:function needs */
		.disabled = 1,
	};

	if (raw)
		return syscall(SYS_perf_event_open, &a, -1, cpu, -1, PERF_FLAG_FD_CLOEXEC);
	return perf_open(&a);
}

/* TP_CALLS getppid(2) calls between enabling event @fd and disabling it. */
static void tp_run(long fd)
{
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	for (int i = 0; i < TP_CALLS; i++)
		syscall(SYS_getppid);
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
}

/* Does trace event @id count this task's TP_CALLS getppid(2) calls? */
static bool tp_counts_getppid(unsigned int id)
{
	unsigned long long count = 0;
	long fd = tp_open(id, false, -1);

	if (fd < 0)
		return false;
	tp_run(fd);
	if (read(fd, &count, sizeof(count)) != sizeof(count))
		count = 0;
	close(fd);
	return count >= TP_CALLS && count <= TP_CALLS + 4;
}

/*
 * The id the last count found, kept for this boot: under TCG the count
 * takes seconds (every event opened patches kernel text), and a scenario
 * asks for it several times. Kept only as a hint: it is counted again.
 */
#define TP_ID_HINT "/tmp/ldattack-tp-id"

unsigned int tp_getppid_event(void)
{
	unsigned int id = 0;
	FILE *f = fopen(TP_ID_HINT, "re");

	if (f) {
		if (fscanf(f, "%u", &id) != 1)
			id = 0;
		fclose(f);
	}
	if (id && tp_counts_getppid(id))
		return id;
	for (id = 1; id < 65536; id++) {
		if (!tp_counts_getppid(id))
			continue;
		/* a hint: without it, the next call counts again */
		f = fopen(TP_ID_HINT, "we");
		if (f) {
			bool bad = fprintf(f, "%u\n", id) < 0;

			if (fclose(f) || bad)
				unlink(TP_ID_HINT);
		}
		return id;
	}
	return 0;
}

long tp_counting(unsigned int id)
{
	return tp_open(id, false, -1);
}

void tp_getppid_calls(long fd)
{
	tp_run(fd);
}

/*
 * The raw records of 8 bytes or more in the perf buffer @meta; with @id,
 * only those whose trace_entry names event @id and this process.
 */
static unsigned long long raw_records(const struct perf_event_mmap_page *meta, unsigned int id)
{
	unsigned long long head = __atomic_load_n(&meta->data_head, __ATOMIC_ACQUIRE), count = 0;
	const unsigned char *data = (const unsigned char *)meta + meta->data_offset;

	for (unsigned long long at = 0; at + sizeof(struct perf_event_header) <= head &&
	     at < meta->data_size;) {
		const struct perf_event_header *h = (const void *)(data + at);
		const char *raw = (const char *)(h + 1) + 4;
		uint32_t raw_size;
		uint16_t type;
		int32_t pid;

		if (!h->size)
			break;
		if (h->type == PERF_RECORD_SAMPLE && h->size >= sizeof(*h) + 4 + 8) {
			memcpy(&raw_size, h + 1, 4);
			memcpy(&type, raw, 2);
			memcpy(&pid, raw + 4, 4);
			count += raw_size >= 8 && (!id || (type == id && pid == getpid()));
		}
		at += h->size;
	}
	return count;
}

/* @fd's perf buffer of @len bytes, or NULL with @o failed and @fd closed. */
static struct perf_event_mmap_page *map_buffer(struct aresult *o, long fd, size_t len)
{
	void *meta = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);

	if (meta != MAP_FAILED)
		return meta;
	failed(o, "mmap the perf buffer: %s", strerror(errno));
	close(fd);
	return NULL;
}

/* What perf-tracepoint uprobe probes: a function of this program's. */
static __attribute__((noinline)) int tp_probed(int x)
{
	asm volatile("" ::: "memory");
	return x * 3 + 1;
}

/* The file behind @addr (into @path) and @addr's offset in it, or -1. */
static long file_offset(const void *addr, char *path, size_t len)
{
	FILE *f = fopen("/proc/self/maps", "r");
	unsigned long a = (unsigned long)addr, lo, hi, off;
	char line[512], p[256];

	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "%lx-%lx %*s %lx %*s %*s %255s", &lo, &hi, &off, p) == 4 &&
		    a >= lo && a < hi) {
			fclose(f);
			snprintf(path, len, "%s", p);
			return a - lo + off;
		}
	if (f)
		fclose(f);
	return -1;
}

/*
 * perf-tracepoint uprobe: a uprobe trace event through perf's uprobe PMU
 * on tp_probed(), this task's, with PERF_SAMPLE_RAW: perf asks nothing of
 * a task's own uprobe events (TRACE_EVENT_FL_CAP_ANY), where tracefs's
 * uprobe_events asks LOCKDOWN_TRACEFS. Shown: its raw records.
 */
static void perf_uprobe_raw(struct aresult *o)
{
	struct perf_event_attr a = { .size = sizeof(a), .sample_period = 1,
				     .sample_type = PERF_SAMPLE_RAW, .disabled = 1 };
	size_t len = (1 + 8) * 4096;
	struct perf_event_mmap_page *meta;
	unsigned long long count;
	FILE *f = fopen("/sys/bus/event_source/devices/uprobe/type", "r");
	char path[256];
	long off = file_offset((const void *)tp_probed, path, sizeof(path)), fd;
	int type, sum = 0;

	if (!f || fscanf(f, "%d", &type) != 1) {
		if (f)
			fclose(f);
		unavailable(o, "no uprobe PMU (/sys/bus/event_source/devices/uprobe)");
		return;
	}
	fclose(f);
	if (off < 0) {
		failed(o, "tp_probed() is in no file of /proc/self/maps");
		return;
	}
	a.type = type;
	a.config1 = (unsigned long)path;	/* uprobe_path */
	a.config2 = off;			/* probe_offset */
	fd = perf_open(&a);
	if (fd < 0) {
		errno_outcome(o, errno, "perf_event_open(a uprobe, PERF_SAMPLE_RAW)");
		return;
	}
	meta = map_buffer(o, fd, len);
	if (!meta)
		return;
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	for (int i = 0; i < 3; i++)
		sum += tp_probed(i);
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	count = raw_records(meta, 0);
	if (count)
		shown(o, "%llu raw records of a uprobe event on tp_probed() through perf (%d)",
		      count, sum);
	else
		failed(o, "no raw record of the uprobe event (%llu bytes of samples)",
		       (unsigned long long)meta->data_head);
	munmap(meta, len);
	close(fd);
}

/*
 * A trace event's raw records through perf, with tracefs (and its event
 * ids) out of reach: an id found by counting (tp_getppid_event()), that
 * event sampled with PERF_SAMPLE_RAW on the CPU this process is pinned
 * to, every task's records there. Shown: a record whose trace_entry names
 * that event and this process. With "uprobe": perf_uprobe_raw().
 */
static void run_perf_tracepoint(struct aresult *o, int argc, char **argv)
{
	size_t len = (1 + 8) * 4096;
	struct perf_event_mmap_page *meta;
	unsigned long long count;
	unsigned int id;
	int cpu = sched_getcpu();
	cpu_set_t one;
	long fd;

	if (argc > 0 && !strcmp(argv[0], "uprobe")) {
		perf_uprobe_raw(o);
		return;
	}
	if (argc > 0) {
		failed(o, "unknown mode '%s' (uprobe)", argv[0]);
		return;
	}
	id = tp_getppid_event();
	if (!id) {
		unavailable(o, "no trace event counted %d getppid() calls", TP_CALLS);
		return;
	}
	CPU_ZERO(&one);
	if (cpu < 0 || (CPU_SET(cpu, &one), sched_setaffinity(0, sizeof(one), &one))) {
		failed(o, "pinning to CPU %d: %s", cpu, strerror(errno));
		return;
	}
	fd = tp_open(id, true, cpu);
	if (fd < 0) {
		errno_outcome(o, errno, "perf_event_open(a trace event, PERF_SAMPLE_RAW)");
		return;
	}
	meta = map_buffer(o, fd, len);
	if (!meta)
		return;
	tp_run(fd);
	count = raw_records(meta, id);
	if (count)
		shown(o, "%llu raw records of trace event %u (this process's getppid() calls) "
		      "through perf", count, id);
	else
		failed(o, "no raw record of trace event %u (%llu bytes of samples)", id,
		       (unsigned long long)meta->data_head);
	munmap(meta, len);
	close(fd);
}

const struct attack attacks_trace[] = {
	{ "kprobe-trace", "a kprobe on vfs_read through perf's kprobe PMU counts its calls",
	  run_kprobe_trace },
	{ "kprobe-fetch", "a kprobe event fetching linux_banner (@linux_banner:string)",
	  run_kprobe_fetch },
	{ "tracefs-events", "the sched_process_exec trace event", run_tracefs_events },
	{ "eprobe-read", "an event probe fetching linux_banner (@ADDR:string)", run_eprobe_read },
	{ "perf-regs", "perf samples of kernel registers (PERF_SAMPLE_REGS_INTR)", run_perf_regs },
	{ "perf-kernel-ip", "perf samples of the kernel's instruction pointer",
	  run_perf_kernel_ip },
	{ "perf-tracepoint", "a trace event's raw records through perf, found by id",
	  run_perf_tracepoint },
	{ 0 }
};
