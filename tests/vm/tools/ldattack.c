// SPDX-License-Identifier: GPL-2.0
/*
 * ldattack - attack the kernel the way a grant of the reason model says a
 * reason, or a path that asks no reason, lets root, and say how it went.
 *
 * Runs inside the test VM (statically linked). Usage: ldattack ATTACK
 * [ARGS]. Prints one line, "ATTACK: shown (what it reached)", "ATTACK:
 * refused (how)", "ATTACK: unavailable (why)" or "ATTACK: failed (what)",
 * and exits 0, 1, 4 or 2 for them (3: usage). --list prints the attacks.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <signal.h>
#include <unistd.h>

#include "attack.h"
#include "errname.h"

void set_outcome(struct aresult *o, enum verdict v, const char *fmt, ...)
{
	va_list ap;

	o->v = v;
	va_start(ap, fmt);
	vsnprintf(o->detail, sizeof(o->detail), fmt, ap);
	va_end(ap);
	/* one line, without the suite's separator */
	for (char *c = o->detail; *c; c++)
		if (*c == '\n' || *c == '|' || *c == '\t')
			*c = ' ';
}

void errno_outcome(struct aresult *o, int err, const char *what)
{
	if (err == EPERM)
		refused(o, "%s: EPERM", what);
	else
		failed(o, "%s: %s (%s)", what, errno_name(err), strerror(err));
}

int ksym(const char *name, uint64_t *addr)
{
	char line[512], sym[256], type;
	unsigned long long a;
	FILE *f = fopen("/proc/kallsyms", "r");
	int ret = -1;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%llx %c %255s", &a, &type, sym) == 3 && !strcmp(sym, name)) {
			*addr = a;
			ret = a ? 0 : -1;	/* 0: kptr_restrict hides it */
			break;
		}
	fclose(f);
	return ret;
}

int kphys(uint64_t vaddr, uint64_t *phys)
{
	char line[256];
	unsigned long long start, end;
	uint64_t text;
	FILE *f;
	int ret = -1;

	if (ksym("_text", &text))
		return -1;
	f = fopen("/proc/iomem", "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (strstr(line, ": Kernel code") &&
		    sscanf(line, " %llx-%llx", &start, &end) == 2 && start) {
			*phys = start + (vaddr - text);
			ret = 0;
			break;
		}
	fclose(f);
	return ret;
}

int uphys(const void *p, uint64_t *phys)
{
	long page = sysconf(_SC_PAGESIZE);
	uint64_t e;
	int fd = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
	off_t off = (uintptr_t)p / page * sizeof(e);

	if (fd < 0)
		return -1;
	if (pread(fd, &e, sizeof(e), off) != sizeof(e) || !(e & (1ULL << 63)) ||
	    !(e & ((1ULL << 55) - 1))) {
		close(fd);
		return -1;
	}
	close(fd);
	*phys = (e & ((1ULL << 55) - 1)) * page + (uintptr_t)p % page;
	return 0;
}

void *locked_page(uint64_t *phys)
{
	void *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE | MAP_LOCKED, -1, 0);

	if (p == MAP_FAILED)
		return NULL;
	memset(p, 0, 4096);
	if (uphys(p, phys)) {
		munmap(p, 4096);
		return NULL;
	}
	return p;
}

void sysname(char *buf)
{
	struct utsname u;

	if (uname(&u))
		snprintf(buf, 65, "?");
	else
		snprintf(buf, 65, "%s", u.sysname);
}

pid_t victim(volatile long *flag)
{
	pid_t pid;

	*flag = 0;
	pid = fork();
	if (pid)
		return pid;
	/* a write of our own, which does not undo one the attack made first */
	__sync_val_compare_and_swap(flag, 0, 1);
	for (int i = 0; i < 3000 && *flag != 42; i++)
		usleep(2000);
	_exit(*flag == 42 ? 0 : 1);
}

bool victim_saw(pid_t pid)
{
	int status;

	return waitpid(pid, &status, 0) == pid && WIFEXITED(status) && !WEXITSTATUS(status);
}

void victim_kill(pid_t pid)
{
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
}

void module_unload(const char *name)
{
	syscall(SYS_delete_module, name, O_NONBLOCK);
}

static const struct attack *const tables[] = {
	attacks_dma, attacks_kernel, attacks_trace, attacks_bpf, attacks_kexec,
	attacks_kexec_inflight, attacks_pfkey, attacks_skb, attacks_nlmon, attacks_keys, attacks_pkt,
};

static const struct attack *find(const char *name)
{
	for (size_t t = 0; t < sizeof(tables) / sizeof(tables[0]); t++)
		for (const struct attack *a = tables[t]; a->name; a++)
			if (!strcmp(a->name, name))
				return a;
	return NULL;
}

int main(int argc, char **argv)
{
	static const char *const words[] = { "shown", "refused", "unavailable", "failed" };
	static const int codes[] = { 0, 1, 4, 2 };
	struct aresult o = { V_FAILED, "no outcome" };
	const struct attack *a;

	if (argc < 2 || !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
		fprintf(argc < 2 ? stderr : stdout, "usage: ldattack ATTACK [ARGS] | --list\n");
		return argc < 2 ? 3 : 0;
	}
	if (!strcmp(argv[1], "--list")) {
		for (size_t t = 0; t < sizeof(tables) / sizeof(tables[0]); t++)
			for (a = tables[t]; a->name; a++)
				printf("%-18s %s\n", a->name, a->what);
		return 0;
	}
	a = find(argv[1]);
	if (!a) {
		fprintf(stderr, "ldattack: unknown attack '%s' (--list)\n", argv[1]);
		return 3;
	}
	setvbuf(stdout, NULL, _IONBF, 0);
	a->run(&o, argc - 2, argv + 2);
	printf("%s: %s (%s)\n", a->name, words[o.v], o.detail);
	return codes[o.v];
}
