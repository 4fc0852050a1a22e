/* SPDX-License-Identifier: GPL-2.0 */
#ifndef LDTEST_LDBPFDOOR_H
#define LDTEST_LDBPFDOOR_H

#include <linux/bpf.h>
#include <linux/types.h>

struct rogue;
struct bpf_program;

/* "WHAT: ok" or "WHAT: ERRNO": the line the scenarios read. */
void say(const char *what, int err);
/* The door could not be set up at all: exit 2, the test cannot tell. */
void __attribute__((noreturn, format(printf, 1, 2))) die(const char *fmt, ...);

/* The rogue object (rogue.bpf.c), opened with no program to load. */
struct rogue *rogue_open(void);
struct bpf_program *rogue_prog(struct rogue *r, const char *name);

/* A program that returns 0: two instructions. */
extern const struct bpf_insn ret0[2];

/* An fd to the program named @name of @type, by id, as root finds it; -1. */
int prog_named(const char *name, __u32 type);

/* Doors against the backend's setup (ldbpfdoor_setup.c). */
void door_preload_hide(int secs);
void door_hooks_ptrace(int secs);
void door_rodata_ptrace(int secs);
void door_trace_setup(int secs);
void door_steal_fds(int secs);
void door_setup_hijack(const char *dir, int secs);
void door_fake_btf(const char *out, const char *sname, const char *mname, int delta);

/* A copy of the backend's code holding its state map (ldbpfdoor_copy.c). */
void door_steal_copy(int secs);

/* Against what the setup learns from generic netlink (ldbpfdoor_genl.c). */
void __attribute__((noreturn)) door_genl_blind(const char *how, char **argv);

#endif
