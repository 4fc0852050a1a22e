// SPDX-License-Identifier: GPL-2.0
/*
 * A trace event's raw records through perf_event_open(2) are what tracefs
 * shows of it, so they ask what tracefs asks: under
 * lockdown=confidentiality, opening a trace event with PERF_SAMPLE_RAW
 * fails with EPERM, while counting it (which finds the id below) works;
 * and so does attaching a tracepoint BPF program to it, whose context is
 * the record.
 *
 * tracefs is refused there, event ids with it: the test finds one by
 * counting, an id whose event counts the getppid(2) calls it makes
 * (syscalls:sys_enter_getppid, or raw_syscalls).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/bpf.h>
#include <linux/perf_event.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "../kselftest_harness.h"

#define CALLS 20

static int tp_open(unsigned int id, bool raw)
{
	struct perf_event_attr a = {
		.type = PERF_TYPE_TRACEPOINT,
		.size = sizeof(a),
		.config = id,
		.sample_period = 1,
		.sample_type = raw ? PERF_SAMPLE_RAW : 0,
		.exclude_callchain_user = 1,
		.disabled = 1,
	};

	return syscall(__NR_perf_event_open, &a, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
}

/* An event id that counts this task's getppid(2) calls, or 0. */
static unsigned int getppid_event(void)
{
	unsigned long long count;
	unsigned int id;
	int fd, i;

	for (id = 1; id < 65536; id++) {
		fd = tp_open(id, false);
		if (fd < 0)
			continue;
		ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
		for (i = 0; i < CALLS; i++)
			syscall(__NR_getppid);
		ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
		if (read(fd, &count, sizeof(count)) != sizeof(count))
			count = 0;
		close(fd);
		if (count >= CALLS && count <= CALLS + 4)
			return id;
	}
	return 0;
}

static bool locked_down_for_confidentiality(void)
{
	char buf[128] = "";
	int fd = open("/sys/kernel/security/lockdown", O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return false;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	return n > 0 && strstr(buf, "[confidentiality]");
}

TEST(raw_records)
{
	unsigned int id = getppid_event();
	int fd;

	if (!id)
		SKIP(return, "no trace event counts getppid(2) (CONFIG_FTRACE_SYSCALLS?)");
	fd = tp_open(id, true);
	if (locked_down_for_confidentiality()) {
		ASSERT_EQ(fd, -1);
		ASSERT_EQ(errno, EPERM);
		return;
	}
	if (fd < 0 && (errno == EACCES || errno == EPERM))
		SKIP(return, "raw trace records need CAP_PERFMON or perf_event_paranoid");
	ASSERT_GE(fd, 0);
	close(fd);
}

/* A tracepoint program that reads nothing: r0 = 0; exit. */
static int tp_prog(void)
{
	struct bpf_insn insns[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	union bpf_attr attr = {
		.prog_type = BPF_PROG_TYPE_TRACEPOINT,
		.insns = (unsigned long)insns,
		.insn_cnt = 2,
		.license = (unsigned long)"GPL",
	};

	return syscall(__NR_bpf, BPF_PROG_LOAD, &attr, sizeof(attr));
}

TEST(bpf_program)
{
	unsigned int id = getppid_event();
	int fd, prog, ret;

	if (!id)
		SKIP(return, "no trace event counts getppid(2) (CONFIG_FTRACE_SYSCALLS?)");
	fd = tp_open(id, false);
	ASSERT_GE(fd, 0);
	prog = tp_prog();
	if (prog < 0) {
		close(fd);
		SKIP(return, "no tracepoint BPF program: %s", strerror(errno));
	}
	ret = ioctl(fd, PERF_EVENT_IOC_SET_BPF, prog);
	if (locked_down_for_confidentiality()) {
		ASSERT_EQ(ret, -1);
		ASSERT_EQ(errno, EPERM);
	} else {
		ASSERT_EQ(ret, 0);
	}
	close(prog);
	close(fd);
}

TEST_HARNESS_MAIN
