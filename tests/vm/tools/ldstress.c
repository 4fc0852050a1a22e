// SPDX-License-Identifier: GPL-2.0
/*
 * ldstress - concurrent writers, readers and lockdown-gated operations
 * against lockdown_policy, checking its invariants throughout.
 *
 * Usage: ldstress [-t SECONDS] [-w WRITERS] [-r READERS] [-o HAMMERS]
 *                 [-W WARNERS] [-T TIGHTENERS]
 *
 * Writers load valid tightening blobs, random (possibly loosening) ones
 * and malformed ones, each in one write, as version 2 blobs that keep the
 * warn set in force; readers read every securityfs file; hammers perform
 * gated operations; warners (boot with lockdown_policy_warn=perf) ask
 * about the warned LOCKDOWN_PERF, each under its own comm, which no
 * writer ever denies; tighteners load the policy in force moved up by one
 * reason (allowed to warned or denied, warned to denied), so that every
 * load they win changes the policy, until every reason but one is denied.
 * Checked:
 *   - a malformed blob gets exactly its documented errno;
 *   - any other load gets 0 or EPERM (a racing load may have tightened
 *     past it); no other errno;
 *   - every reader sees each reason only move up (allowed, warned,
 *     denied), and whole files (one well-formed line per reason);
 *   - a reason seen denied before an operation refuses the operation;
 *   - the denial counters of DEV_MEM, KCORE and IOPORT rise by exactly the
 *     refusals the operations met (nothing else in the VM asks them);
 *   - a warned reason lets every question through, its warnings counter
 *     rises by exactly the questions asked, and the warnings file gives
 *     each warner's comm exactly its own count;
 *   - at the end, the denied set is exactly the union of accepted blobs.
 * Prints TAP: one test per invariant, with the operation counts.
 */
#define _GNU_SOURCE
#include <endian.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/perf_event.h>
#include <sys/io.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <linux/lockdown_policy.h>

#include "errname.h"

#define LP "/sys/kernel/security/lockdown_policy/"
#define MAX_REASONS 64
#define MAX_WARNERS 8

struct shared {
	uint64_t accepted;		/* union of accepted blobs */
	unsigned long loads_ok, loads_eperm, malformed, malformed_ok;
	unsigned long reads, ops, ops_denied;
	unsigned long refused[3];	/* per counted reason (counted[]) */
	unsigned long bad_errno, not_monotonic, torn, leaked;
	unsigned long asked[MAX_WARNERS], warn_refused;
	char first_error[256];
};

static struct shared *sh;
static unsigned int nr, nreasons, reasons[MAX_REASONS], dev_mem_bit, kcore_bit, perf_bit;
static uint64_t boot_warned;	/* the warn set at start: kept in every load */
/* the reasons whose counters are checked, in struct shared's refused[] order */
static const char *const counted[3] = { "LOCKDOWN_DEV_MEM", "LOCKDOWN_KCORE", "LOCKDOWN_IOPORT" };
static uint8_t fingerprint[LOCKDOWN_POLICY_FINGERPRINT_SIZE];
static volatile sig_atomic_t stop;

static void note(const char *fmt, ...)
{
	va_list ap;

	if (sh->first_error[0])
		return;
	va_start(ap, fmt);
	vsnprintf(sh->first_error, sizeof(sh->first_error), fmt, ap);
	va_end(ap);
}

static void read_abi(void)
{
	char line[256], id[128];
	unsigned int idx;
	FILE *f = fopen(LP "reasons", "r");

	if (!f) {
		perror(LP "reasons");
		exit(2);
	}
	while (fgets(line, sizeof(line), f) && nreasons < MAX_REASONS)
		if (sscanf(line, "%u %127s", &idx, id) == 2) {
			reasons[nreasons++] = idx;
			if (idx + 1 > nr)
				nr = idx + 1;
			if (!strcmp(id, "LOCKDOWN_DEV_MEM"))
				dev_mem_bit = idx;
			if (!strcmp(id, "LOCKDOWN_KCORE"))
				kcore_bit = idx;
			if (!strcmp(id, "LOCKDOWN_PERF"))
				perf_bit = idx;
		}
	fclose(f);
	f = fopen(LP "fingerprint", "r");
	for (int i = 0; f && i < LOCKDOWN_POLICY_FINGERPRINT_SIZE; i++) {
		unsigned int b;

		if (fscanf(f, "%2x", &b) != 1)
			break;
		fingerprint[i] = b;
	}
	if (f)
		fclose(f);
}

/*
 * Read the policy file: the set of reasons lockdown_policy denies, and
 * (if @warned) the set it warns about.
 */
static int read_policy2(uint64_t *bits, uint64_t *warned)
{
	char buf[8192], *line, *save;
	ssize_t n;
	unsigned int lines = 0;
	int fd = open(LP "policy", O_RDONLY);

	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	*bits = 0;
	if (warned)
		*warned = 0;
	for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char id[128], cls[32], state[16], by[16];

		if (sscanf(line, "%127s %31s %15s %15s", id, cls, state, by) != 4)
			return -1;
		if (!strcmp(state, "warned")) {
			if (warned)
				*warned |= 1ULL << reasons[lines];
		} else if (!strcmp(by, "policy") || !strcmp(by, "both")) {
			*bits |= 1ULL << reasons[lines];
		}
		lines++;
	}
	return lines == nreasons ? 0 : -1;
}

static int read_policy(uint64_t *bits)
{
	return read_policy2(bits, NULL);
}

/* A version 2 blob denying @bits and warning about @warned (but @bits). */
static size_t make_blob2(uint8_t *b, uint64_t bits, uint64_t warned, uint32_t flags)
{
	struct lockdown_policy_header h = {
		.magic = htole32(LOCKDOWN_POLICY_MAGIC),
		.version = htole16(2),
		.hdr_len = htole16(sizeof(h)),
		.nr_reasons = htole16(nr),
		.flags = htole32(flags),
	};
	uint64_t w = htole64(bits), warn = htole64(warned & ~bits);

	memcpy(h.fingerprint, fingerprint, sizeof(h.fingerprint));
	memcpy(b, &h, sizeof(h));
	memcpy(b + sizeof(h), &w, 8);
	memcpy(b + sizeof(h) + 8, &warn, 8);
	return sizeof(h) + 16;
}

/* A version 2 blob denying @bits and warning about the boot's warn set. */
static size_t make_blob(uint8_t *b, uint64_t bits, uint32_t flags)
{
	return make_blob2(b, bits, boot_warned, flags);
}

static int load(const uint8_t *b, size_t len, off_t at)
{
	int fd = open(LP "load", O_WRONLY), err = 0;
	ssize_t w;

	if (fd < 0)
		return errno;
	w = at ? pwrite(fd, b, len, at) : write(fd, b, len);
	if (w < 0)
		err = errno;
	else if ((size_t)w != len)
		err = EIO;
	close(fd);
	return err;
}

static uint64_t random_reason(void)
{
	return 1ULL << reasons[random() % nreasons];
}

static void writer(void)
{
	uint8_t b[LOCKDOWN_POLICY_MAX_SIZE + 1];

	while (!stop) {
		uint64_t cur = 0, want;
		int kind = random() % 10, err, expect = 0;
		size_t len;
		off_t at = 0;

		read_policy(&cur);
		if (kind < 4) {		/* tighten, now and then by a reason */
			want = cur | (random() % 40 ? 0 : random_reason());
		} else if (kind < 6) {	/* any set: loosening, mostly */
			want = 0;
			for (unsigned int i = 0; i < nreasons; i++)
				if (random() % 2)
					want |= 1ULL << reasons[i];
		} else {		/* malformed */
			len = make_blob(b, cur, 0);
			switch (random() % 11) {
			case 0: b[0] ^= 1; expect = EBADMSG; break;
			case 1: b[4] = 3; expect = EPROTONOSUPPORT; break;
			case 9: /* DEV_MEM both denied and warned */
				b[48 + dev_mem_bit / 8] |= 1 << (dev_mem_bit % 8);
				b[56 + dev_mem_bit / 8] |= 1 << (dev_mem_bit % 8);
				expect = EINVAL;
				break;
			case 2: b[8]++; expect = ENOEXEC; break;
			case 3: b[16] ^= 0x55; expect = ENOEXEC; break;
			case 4: b[12] = 0x08; expect = EOPNOTSUPP; break;
			case 5: b[48] |= 1; expect = ERANGE; break;
			case 6: len -= 1 + random() % 8; expect = EINVAL; break;
			case 7: b[len++] = 0; expect = EINVAL; break;
			case 8: at = 1 + random() % 8; expect = ESPIPE; break;
			case 10: len = LOCKDOWN_POLICY_MAX_SIZE + 1; memset(b, 0, len);
				expect = E2BIG; break;
			}
			err = load(b, len, at);
			__atomic_add_fetch(&sh->malformed, 1, __ATOMIC_RELAXED);
			if (err != expect) {
				__atomic_add_fetch(&sh->bad_errno, 1, __ATOMIC_RELAXED);
				note("malformed blob: got %s, want %s", errno_name(err), errno_name(expect));
			}
			if (!err)
				__atomic_add_fetch(&sh->malformed_ok, 1, __ATOMIC_RELAXED);
			continue;
		}
		/* the warners' reason stays warned: their counts must add up */
		want &= ~(boot_warned & 1ULL << perf_bit);
		len = make_blob(b, want, 0);
		err = load(b, len, 0);
		if (!err) {
			__atomic_fetch_or(&sh->accepted, want, __ATOMIC_SEQ_CST);
			__atomic_add_fetch(&sh->loads_ok, 1, __ATOMIC_RELAXED);
		} else if (err == EPERM) {
			__atomic_add_fetch(&sh->loads_eperm, 1, __ATOMIC_RELAXED);
		} else {
			__atomic_add_fetch(&sh->bad_errno, 1, __ATOMIC_RELAXED);
			note("load: unexpected %s", errno_name(err));
		}
	}
}

/*
 * Load the policy in force moved up by one reason: an allowed one warned
 * or denied, a warned one denied; until every reason but the first
 * (LOCKDOWN_MODULE_SIGNATURE) is denied. Never that one: a policy that
 * covers a whole level raises the static level, and a warned reason the
 * static level covers shows in the policy file as denied by it, so the
 * next blob would leave it out of the warn set.
 */
static void tightener(void)
{
	uint8_t b[LOCKDOWN_POLICY_MAX_SIZE];

	while (!stop) {
		uint64_t denied = 0, warned = 0, bit = 0;
		unsigned int n = 0, pick;
		int err;

		if (read_policy2(&denied, &warned)) {
			__atomic_add_fetch(&sh->torn, 1, __ATOMIC_RELAXED);
			note("a policy read was not one whole, well-formed file");
			continue;
		}
		for (unsigned int i = 1; i < nreasons; i++)
			n += !(denied >> reasons[i] & 1);
		if (!n)
			break;
		pick = random() % n;
		for (unsigned int i = 1; i < nreasons && !bit; i++)
			if (!(denied >> reasons[i] & 1) && !pick--)
				bit = 1ULL << reasons[i];
		if (!(warned & bit) && random() % 2)
			warned |= bit;
		else
			denied |= bit;
		err = load(b, make_blob2(b, denied, warned, 0), 0);
		if (!err) {
			__atomic_fetch_or(&sh->accepted, denied, __ATOMIC_SEQ_CST);
			__atomic_add_fetch(&sh->loads_ok, 1, __ATOMIC_RELAXED);
		} else if (err == EPERM) {	/* another tightener won */
			__atomic_add_fetch(&sh->loads_eperm, 1, __ATOMIC_RELAXED);
		} else {
			__atomic_add_fetch(&sh->bad_errno, 1, __ATOMIC_RELAXED);
			note("load: unexpected %s", errno_name(err));
		}
	}
}

static void reader(void)
{
	static const char *const files[] = { "reasons", "counters", "flags", "fingerprint",
					     "version", "seal", "warnings" };
	uint64_t prev = 0, now, prev_warn = 0, warn;
	char buf[8192];

	while (!stop) {
		if (read_policy2(&now, &warn)) {
			__atomic_add_fetch(&sh->torn, 1, __ATOMIC_RELAXED);
			note("a policy read was not one whole, well-formed file");
		} else if ((now & prev) != prev || ((now | warn) & prev_warn) != prev_warn) {
			__atomic_add_fetch(&sh->not_monotonic, 1, __ATOMIC_RELAXED);
			note("a reason moved down: denied %#llx after %#llx, warned %#llx after %#llx",
			     (unsigned long long)now, (unsigned long long)prev,
			     (unsigned long long)warn, (unsigned long long)prev_warn);
		} else {
			prev = now;
			prev_warn = warn;
		}
		for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
			char path[128];
			int fd;

			snprintf(path, sizeof(path), LP "%s", files[i]);
			fd = open(path, O_RDONLY);
			if (fd >= 0) {
				while (read(fd, buf, sizeof(buf)) > 0)
					;
				close(fd);
			}
		}
		__atomic_add_fetch(&sh->reads, 1, __ATOMIC_RELAXED);
	}
}

/* The counters file's figures for counted[]; exits 2 if one is missing. */
static void read_counters(unsigned long out[3])
{
	char line[160], id[128];
	unsigned long v;
	int found = 0;
	FILE *f = fopen(LP "counters", "r");

	if (!f) {
		perror(LP "counters");
		exit(2);
	}
	while (fgets(line, sizeof(line), f))
		for (int i = 0; i < 3; i++)
			if (sscanf(line, "%127s %lu", id, &v) == 2 && !strcmp(id, counted[i])) {
				out[i] = v;
				found |= 1 << i;
			}
	fclose(f);
	if (found != 7) {
		fprintf(stderr, "ldstress: counters lacks a reason\n");
		exit(2);
	}
}

/* A reason seen denied before an operation must refuse it. */
static void hammer(void)
{
	while (!stop) {
		uint64_t before = 0;
		int mem = random() % 2, fd, denied;
		unsigned int bit = mem ? dev_mem_bit : kcore_bit;

		read_policy(&before);
		fd = open(mem ? "/dev/mem" : "/proc/kcore", O_RDONLY);
		denied = fd < 0 && errno == EPERM;
		if (fd >= 0)
			close(fd);
		if (fd >= 0 && (before >> bit & 1)) {
			__atomic_add_fetch(&sh->leaked, 1, __ATOMIC_RELAXED);
			note("an operation went through after its reason was denied");
		}
		__atomic_add_fetch(&sh->refused[mem ? 0 : 1], denied, __ATOMIC_RELAXED);
		if (!ioperm(0x80, 1, 1))
			ioperm(0x80, 1, 0);
		else if (errno == EPERM)
			__atomic_add_fetch(&sh->refused[2], 1, __ATOMIC_RELAXED);
		__atomic_add_fetch(&sh->ops, 2, __ATOMIC_RELAXED);
		__atomic_add_fetch(&sh->ops_denied, denied, __ATOMIC_RELAXED);
	}
}

/*
 * Ask about LOCKDOWN_PERF, warned, as fast as perf_event_open() allows,
 * under the comm "ldwarnN": every question must be let through.
 */
static unsigned int warner_id;

static void warner(void)
{
	struct perf_event_attr attr = {
		.type = PERF_TYPE_SOFTWARE,
		.size = sizeof(attr),
		.config = PERF_COUNT_SW_CPU_CLOCK,
		.sample_period = 1000000,
		.sample_type = PERF_SAMPLE_REGS_INTR,
		.sample_regs_intr = 1,
		.disabled = 1,
	};
	char comm[16];

	snprintf(comm, sizeof(comm), "ldwarn%u", warner_id);
	prctl(PR_SET_NAME, comm);
	while (!stop) {
		int fd = syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);

		if (fd >= 0) {
			close(fd);
		} else if (errno == EPERM) {
			__atomic_add_fetch(&sh->warn_refused, 1, __ATOMIC_RELAXED);
			note("a warned reason was refused (perf_event_open: EPERM)");
		}
		sh->asked[warner_id]++;
	}
}

/* The warned count of LOCKDOWN_PERF (counters' fifth column), or -1. */
static long perf_warnings(void)
{
	char line[256], id[128];
	unsigned long total, mine, theirs, warned;
	long v = -1;
	FILE *f = fopen(LP "counters", "r");

	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "%127s %lu %lu %lu %lu", id, &total, &mine, &theirs, &warned) == 5 &&
		    !strcmp(id, "LOCKDOWN_PERF"))
			v = warned;
	if (f)
		fclose(f);
	return v;
}

/* The warnings file's count for LOCKDOWN_PERF and @comm, or -1. */
static long perf_seen(const char *comm)
{
	char line[256], id[128], kind[8], c[64];
	unsigned long n;
	long v = -1;
	FILE *f = fopen(LP "warnings", "r");

	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "%127s %lu %7s %63s", id, &n, kind, c) == 4 &&
		    !strcmp(id, "LOCKDOWN_PERF") && !strcmp(kind, "task") && !strcmp(c, comm))
			v = n;
	if (f)
		fclose(f);
	return v;
}

static void on_alarm(int sig)
{
	(void)sig;
	stop = 1;
}

static pid_t spawn(void (*fn)(void), unsigned int seed)
{
	pid_t pid = fork();

	if (pid == 0) {
		srandom(seed);
		signal(SIGALRM, on_alarm);
		fn();
		_exit(0);
	}
	return pid;
}

int main(int argc, char **argv)
{
	int secs = 20, writers = 3, readers = 2, hammers = 2, warners = 0, tighteners = 0;
	int opt, n = 0;
	long warned_before = 0, warned_after = 0;
	unsigned long asked = 0;
	uint64_t final = 0;
	unsigned long before[3], after[3];
	int counted_ok = 1;
	pid_t kids[64];
	int nkids = 0;

	while ((opt = getopt(argc, argv, "t:w:r:o:W:T:")) != -1) {
		switch (opt) {
		case 't': secs = atoi(optarg); break;
		case 'w': writers = atoi(optarg); break;
		case 'r': readers = atoi(optarg); break;
		case 'o': hammers = atoi(optarg); break;
		case 'W': warners = atoi(optarg); break;
		case 'T': tighteners = atoi(optarg); break;
		default: return 2;
		}
	}
	read_abi();
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED || !nreasons)
		return 2;
	read_policy2(&sh->accepted, &boot_warned);	/* what boot denied counts as accepted */
	read_counters(before);
	if (warners > MAX_WARNERS)
		warners = MAX_WARNERS;
	if (warners && !(boot_warned >> perf_bit & 1)) {
		fprintf(stderr, "ldstress: -W needs LOCKDOWN_PERF warned (lockdown_policy_warn=perf)\n");
		return 2;
	}
	if (warners)
		warned_before = perf_warnings();
	for (int i = 0; i < writers && nkids < 60; i++)
		kids[nkids++] = spawn(writer, 100 + i);
	for (int i = 0; i < readers && nkids < 60; i++)
		kids[nkids++] = spawn(reader, 200 + i);
	for (int i = 0; i < hammers && nkids < 60; i++)
		kids[nkids++] = spawn(hammer, 300 + i);
	for (int i = 0; i < tighteners && nkids < 60; i++)
		kids[nkids++] = spawn(tightener, 500 + i);
	for (int i = 0; i < warners && nkids < 60; i++) {
		warner_id = i;
		kids[nkids++] = spawn(warner, 400 + i);
	}
	sleep(secs);
	for (int i = 0; i < nkids; i++)
		kill(kids[i], SIGALRM);
	for (int i = 0; i < nkids; i++)
		waitpid(kids[i], NULL, 0);
	read_policy(&final);
	read_counters(after);
	if (warners)
		warned_after = perf_warnings();
	for (int i = 0; i < warners; i++)
		asked += sh->asked[i];

	printf("TAP version 13\n");
	printf("# %ds, %d writers, %d tighteners, %d readers, %d hammers: %lu loads accepted, "
	       "%lu refused (EPERM), %lu malformed; %lu reads of every file; %lu gated "
	       "operations, %lu refused\n", secs, writers, tighteners, readers, hammers,
	       sh->loads_ok, sh->loads_eperm, sh->malformed, sh->reads, sh->ops, sh->ops_denied);
	if (sh->first_error[0])
		printf("# first problem: %s\n", sh->first_error);
	printf("%s %d - every malformed blob got its documented errno (%lu)\n",
	       sh->bad_errno || sh->malformed_ok ? "not ok" : "ok", ++n, sh->malformed);
	printf("%s %d - every other load: 0 or EPERM (%lu + %lu)\n",
	       sh->bad_errno ? "not ok" : "ok", ++n, sh->loads_ok, sh->loads_eperm);
	printf("%s %d - readers saw the denied set only grow (%lu reads)\n",
	       sh->not_monotonic ? "not ok" : "ok", ++n, sh->reads);
	printf("%s %d - readers never saw a torn policy file\n", sh->torn ? "not ok" : "ok", ++n);
	printf("%s %d - a denied reason refused its operation (%lu operations)\n",
	       sh->leaked ? "not ok" : "ok", ++n, sh->ops);
	printf("%s %d - the final set is exactly the union of accepted blobs (%#llx)\n",
	       final == sh->accepted ? "ok" : "not ok", ++n, (unsigned long long)final);
	if (final != sh->accepted)
		printf("# final %#llx, union %#llx\n", (unsigned long long)final,
		       (unsigned long long)sh->accepted);
	for (int i = 0; i < 3; i++)
		if (after[i] - before[i] != sh->refused[i]) {
			counted_ok = 0;
			printf("# %s: the counter rose by %lu, the operations were refused %lu times\n",
			       counted[i], after[i] - before[i], sh->refused[i]);
		}
	printf("%s %d - the counters add up: DEV_MEM +%lu, KCORE +%lu, IOPORT +%lu, as refused\n",
	       counted_ok ? "ok" : "not ok", ++n, after[0] - before[0], after[1] - before[1],
	       after[2] - before[2]);
	if (warners) {
		int comms_ok = 1;

		printf("%s %d - a warned reason let every question through (%lu questions from %d "
		       "warners)\n", sh->warn_refused || !asked ? "not ok" : "ok", ++n, asked,
		       warners);
		printf("%s %d - LOCKDOWN_PERF's warnings counter rose by the questions asked "
		       "(+%ld, %lu asked)\n", warned_after - warned_before == (long)asked ?
		       "ok" : "not ok", ++n, warned_after - warned_before, asked);
		for (int i = 0; i < warners; i++) {
			char comm[16];
			long seen;

			snprintf(comm, sizeof(comm), "ldwarn%d", i);
			seen = perf_seen(comm);
			if (seen != (long)sh->asked[i]) {
				comms_ok = 0;
				printf("# %s: the warnings file says %ld, it asked %lu times\n", comm,
				       seen, sh->asked[i]);
			}
		}
		printf("%s %d - the warnings file names each warner with its own count\n",
		       comms_ok ? "ok" : "not ok", ++n);
	}
	printf("%s %d - there was work to check (loads accepted, refused, reads, operations)\n",
	       sh->loads_ok && (!writers || sh->loads_eperm) && (!readers || sh->reads) &&
	       (!hammers || sh->ops) ? "ok" : "not ok", ++n);
	printf("1..%d\n", n);
	return 0;
}
