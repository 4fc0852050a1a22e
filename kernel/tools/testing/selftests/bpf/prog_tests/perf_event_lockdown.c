// SPDX-License-Identifier: GPL-2.0
/*
 * LOCKDOWN_PERF asked of a perf_event program attached to an event that
 * samples the kernel: under lockdown=confidentiality the attach fails
 * with EPERM, as PERF_SAMPLE_REGS_INTR does; an event that excludes the
 * kernel still takes the program.
 */
#include <test_progs.h>
#include "perf_event_lockdown.skel.h"

static bool locked_down_for_confidentiality(void)
{
	char buf[128] = {};
	FILE *f = fopen("/sys/kernel/security/lockdown", "r");

	if (!f)
		return false;
	if (!fgets(buf, sizeof(buf), f))
		buf[0] = '\0';
	fclose(f);
	return strstr(buf, "[confidentiality]");
}

static void attach_one(struct perf_event_lockdown *skel, bool exclude_kernel)
{
	struct perf_event_attr attr = {
		.type = PERF_TYPE_SOFTWARE,
		.size = sizeof(attr),
		.config = PERF_COUNT_SW_CPU_CLOCK,
		.sample_period = 100000,
		.exclude_kernel = exclude_kernel,
	};
	struct bpf_link *link;
	int pfd;

	pfd = syscall(__NR_perf_event_open, &attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
	if (!ASSERT_GE(pfd, 0, "perf_event_open"))
		return;
	link = bpf_program__attach_perf_event(skel->progs.sample_regs, pfd);
	if (!exclude_kernel && locked_down_for_confidentiality())
		ASSERT_EQ(libbpf_get_error(link), -EPERM, "kernel samples refused");
	else
		ASSERT_OK_PTR(link, "attach");
	bpf_link__destroy(link);
	close(pfd);
}

void test_perf_event_lockdown(void)
{
	struct perf_event_lockdown *skel;

	skel = perf_event_lockdown__open_and_load();
	if (!ASSERT_OK_PTR(skel, "open_and_load"))
		return;
	if (test__start_subtest("kernel_samples"))
		attach_one(skel, false);
	if (test__start_subtest("user_samples"))
		attach_one(skel, true);
	perf_event_lockdown__destroy(skel);
}
