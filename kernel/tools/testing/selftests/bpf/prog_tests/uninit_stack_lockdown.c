// SPDX-License-Identifier: GPL-2.0
/*
 * LOCKDOWN_BPF_READ_KERNEL asked of a read of uninitialized stack, and of
 * unwritten stack handed to a helper that may leave part of it as it was:
 * under lockdown=confidentiality a privileged program that does either is
 * refused; otherwise it loads.
 */
#include <test_progs.h>
#include "uninit_stack_lockdown.skel.h"

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

/* Load @name alone: refused under confidentiality, saying @why. */
static void load_one(const char *name, const char *why)
{
	struct uninit_stack_lockdown *skel;
	struct bpf_program *p;
	char log[8192] = {};
	int err;

	skel = uninit_stack_lockdown__open();
	if (!ASSERT_OK_PTR(skel, "open"))
		return;
	bpf_object__for_each_program(p, skel->obj)
		bpf_program__set_autoload(p, !strcmp(bpf_program__name(p), name));
	p = bpf_object__find_program_by_name(skel->obj, name);
	bpf_program__set_log_buf(p, log, sizeof(log));
	err = uninit_stack_lockdown__load(skel);
	if (locked_down_for_confidentiality()) {
		ASSERT_ERR(err, "load refused");
		ASSERT_OK_PTR(strstr(log, why), "log says why");
	} else {
		ASSERT_OK(err, "load");
	}
	uninit_stack_lockdown__destroy(skel);
}

void test_uninit_stack_lockdown(void)
{
	if (test__start_subtest("read"))
		load_one("read_uninit", "uninitialized stack reads kernel memory");
	if (test__start_subtest("helper_unwritten"))
		load_one("read_unwritten", "may leave part of unwritten stack");
}
