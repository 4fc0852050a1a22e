/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The attacks ldattack runs: each reaches what a grant of the reason model
 * says a reason (or a path that asks no reason) gives a root process, and
 * checks it got there: bytes of linux_banner read out of the kernel, a
 * kernel variable written, code run in ring 0, an IPsec key dumped. The
 * model names them ("shown-by ATTACK"); tests/vm/guest/attack.sh runs them.
 */
#ifndef LDATTACK_ATTACK_H
#define LDATTACK_ATTACK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/*
 * How an attack went:
 *   SHOWN        it reached what the grant says, and checked it
 *   REFUSED      lockdown refused it (EPERM, a withheld BPF helper, a
 *                redacted key, a kdb command taken away...)
 *   UNAVAILABLE  this kernel or VM has no such path (no kdb, no AF_KEY,
 *                no such module): the test says SKIP with why
 *   FAILED       anything else: the test cannot tell, and fails
 */
enum verdict { V_SHOWN, V_REFUSED, V_UNAVAILABLE, V_FAILED };

struct aresult {
	enum verdict v;
	char detail[512];
};

struct attack {
	const char *name;
	const char *what;	/* for --list */
	void (*run)(struct aresult *o, int argc, char **argv);
};

void set_outcome(struct aresult *o, enum verdict v, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
#define shown(o, ...) set_outcome(o, V_SHOWN, __VA_ARGS__)
#define refused(o, ...) set_outcome(o, V_REFUSED, __VA_ARGS__)
#define unavailable(o, ...) set_outcome(o, V_UNAVAILABLE, __VA_ARGS__)
#define failed(o, ...) set_outcome(o, V_FAILED, __VA_ARGS__)

/* An errno from the step @what: EPERM refused, anything else failed. */
void errno_outcome(struct aresult *o, int err, const char *what);

/* The address of kernel symbol @name from /proc/kallsyms: 0, or -1. */
int ksym(const char *name, uint64_t *addr);

/*
 * The physical address of kernel image address @vaddr: the "Kernel code"
 * resource of /proc/iomem is where _text was loaded. 0, or -1.
 */
int kphys(uint64_t vaddr, uint64_t *phys);

/* The physical address of the user memory at @p, from /proc/self/pagemap. */
int uphys(const void *p, uint64_t *phys);

/* A locked, zeroed page of our own, with its physical address. */
void *locked_page(uint64_t *phys);

/*
 * What the write attacks change: the kernel's own name, init_uts_ns's
 * sysname, which uname(2) reads and no system call writes. The current
 * one into @buf (of 65).
 */
#define UTS_SYMBOL "init_uts_ns"
void sysname(char *buf);

/*
 * Trace events through perf, with tracefs (and the ids it lists) refused:
 * the id of one that counts this task's getppid(2) calls (raw_syscalls,
 * syscalls:sys_enter_getppid), found by trying each as a counting event,
 * or 0 (attack_trace.c). tp_counting(): that event, counting this task,
 * disabled: its fd, or -1 with errno. tp_getppid_calls(): enable it, make
 * TP_CALLS such calls, disable it.
 */
#define TP_CALLS 20
unsigned int tp_getppid_event(void);
long tp_counting(unsigned int id);
void tp_getppid_calls(long fd);

/* finit_module(@path, @params): 0 or errno (probes.c). delete_module(@name). */
int load_module(const char *path, const char *params);
void module_unload(const char *name);

/*
 * Another process, for the attacks that write a process's memory: a child
 * that makes the page of *@flag its own (copy-on-write done), then sleeps
 * in short naps until *@flag is 42, 6 s at most. Its pid, or -1.
 * victim_saw(): reaps it; true if it saw 42. victim_kill(): the same, now.
 */
pid_t victim(volatile long *flag);
bool victim_saw(pid_t pid);
void victim_kill(pid_t pid);

/*
 * What libbpf said, the verifier's log included, for telling a refusal:
 * kept from libbpf_log_start() on (attack_libbpf.c).
 */
#define LIBBPF_LOG_SIZE (1 << 16)
extern char libbpf_log[LIBBPF_LOG_SIZE];
void libbpf_log_start(void);
/* The last @n bytes of libbpf_log, where the verifier's last words are. */
const char *libbpf_log_tail(size_t n);

struct bpf_object_skeleton;
struct bpf_program;
/*
 * Load the object of @skel (an opened skeleton's ->skeleton) with @keep
 * and @also (or NULL) its only programs, libbpf's log kept from here:
 * 0, or the load's positive errno.
 */
int load_only(struct bpf_object_skeleton *skel, const struct bpf_program *keep,
	      const struct bpf_program *also);
/*
 * @o for a load that failed with @err: EPERM refused, @why (the verifier's
 * words in libbpf_log, or NULL) refused, anything else failed, with the
 * log's end.
 */
void load_outcome(struct aresult *o, int err, const char *why);

/* Loopback up: the test VM leaves it down (attack_keys.c). */
void lo_up(void);

/* Is function @name in the running kernel's BTF (a kfunc there)? */
bool kernel_has_kfunc(const char *name);

/* The attacks, one table per file. */
extern const struct attack attacks_dma[], attacks_kernel[], attacks_trace[], attacks_bpf[],
	attacks_kexec[], attacks_kexec_inflight[], attacks_pfkey[], attacks_skb[],
	attacks_nlmon[], attacks_keys[], attacks_pkt[];

#endif
