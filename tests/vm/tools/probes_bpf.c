// SPDX-License-Identifier: GPL-2.0
/*
 * BPF probes: load a kprobe program that calls a lockdown-gated helper.
 * kernel/trace/bpf_trace.c: bpf_tracing_func_proto() withholds the helper
 * when locked down, so the verifier rejects the program (EINVAL, "program
 * of this type cannot use helper") instead of the syscall returning EPERM.
 */
#include <errno.h>
#include <linux/bpf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "errname.h"
#include "probes.h"

#define INSN(c, d, s, o, i) ((struct bpf_insn){ .code = (c), .dst_reg = (d), \
					       .src_reg = (s), .off = (o), .imm = (i) })
#define MOV_IMM(d, i)	INSN(BPF_ALU64 | BPF_MOV | BPF_K, d, 0, 0, i)
#define MOV_REG(d, s)	INSN(BPF_ALU64 | BPF_MOV | BPF_X, d, s, 0, 0)
#define ADD_IMM(d, i)	INSN(BPF_ALU64 | BPF_ADD | BPF_K, d, 0, 0, i)
#define ST_DW(d, o, i)	INSN(BPF_ST | BPF_MEM | BPF_DW, d, 0, o, i)
#define CALL(f)		INSN(BPF_JMP | BPF_CALL, 0, 0, 0, f)
#define EXIT()		INSN(BPF_JMP | BPF_EXIT, 0, 0, 0, 0)

static void load(struct result *r, const struct bpf_insn *insns, size_t n, const char *helper)
{
	static char log[16384];
	union bpf_attr a;
	int fd;

	memset(&a, 0, sizeof(a));
	a.prog_type = BPF_PROG_TYPE_KPROBE;
	a.insns = (unsigned long)insns;
	a.insn_cnt = n;
	a.license = (unsigned long)"GPL";
	a.log_buf = (unsigned long)log;
	a.log_size = sizeof(log);
	a.log_level = 1;
	log[0] = '\0';
	fd = syscall(SYS_bpf, BPF_PROG_LOAD, &a, sizeof(a));
	if (fd < 0 && getenv("LDPROBE_VERBOSE"))
		fprintf(stderr, "%s", log);
	if (fd >= 0) {
		close(fd);
		result_set(r, ALLOWED, 0, "%s", "");
	} else if (errno == EINVAL && strstr(log, helper) &&
		   (strstr(log, "cannot use helper") || strstr(log, "unknown func"))) {
		result_set(r, DENIED, errno, "verifier: %s unavailable", helper);
	} else if (errno == EPERM) {
		result_set(r, DENIED, errno, "%s", "");
	} else {
		char *nl = strchr(log, '\n');

		if (nl)
			*nl = '\0';
		result_set(r, ERROR, errno, "%s: %s", errno_name(errno), log);
	}
}

void probe_bpf_write_user(struct result *r)
{
	const struct bpf_insn p[] = {
		ST_DW(BPF_REG_10, -8, 0),
		MOV_IMM(BPF_REG_1, 0),
		MOV_REG(BPF_REG_2, BPF_REG_10),
		ADD_IMM(BPF_REG_2, -8),
		MOV_IMM(BPF_REG_3, 8),
		CALL(BPF_FUNC_probe_write_user),
		MOV_IMM(BPF_REG_0, 0),
		EXIT(),
	};

	load(r, p, sizeof(p) / sizeof(p[0]), "bpf_probe_write_user");
}

void probe_bpf_read_kernel(struct result *r)
{
	const struct bpf_insn p[] = {
		MOV_REG(BPF_REG_1, BPF_REG_10),
		ADD_IMM(BPF_REG_1, -8),
		MOV_IMM(BPF_REG_2, 8),
		MOV_IMM(BPF_REG_3, 0),
		CALL(BPF_FUNC_probe_read_kernel),
		MOV_IMM(BPF_REG_0, 0),
		EXIT(),
	};

	load(r, p, sizeof(p) / sizeof(p[0]), "bpf_probe_read_kernel");
}
