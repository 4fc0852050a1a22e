// SPDX-License-Identifier: GPL-2.0
/*
 * LOCKDOWN_KPROBES asked of a kprobe_multi link: under
 * lockdown=confidentiality the attach fails with EPERM, as a kprobe
 * event's creation does; otherwise the program sees bpf_fentry_test1()'s
 * argument.
 */
#include <test_progs.h>
#include "kprobe_multi_lockdown.skel.h"

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

void test_kprobe_multi_lockdown(void)
{
	LIBBPF_OPTS(bpf_test_run_opts, topts);
	struct kprobe_multi_lockdown *skel;
	struct bpf_link *link;

	skel = kprobe_multi_lockdown__open_and_load();
	if (!ASSERT_OK_PTR(skel, "open_and_load"))
		return;
	link = bpf_program__attach(skel->progs.entry_regs);
	if (locked_down_for_confidentiality()) {
		ASSERT_EQ(libbpf_get_error(link), -EPERM, "attach refused");
	} else if (ASSERT_OK_PTR(link, "attach")) {
		ASSERT_OK(bpf_prog_test_run_opts(bpf_program__fd(skel->progs.trigger), &topts),
			  "test_run");
		ASSERT_GE(skel->bss->hits, 1, "hits");
		ASSERT_EQ(skel->bss->arg, 1, "bpf_fentry_test1's argument");
	}
	bpf_link__destroy(link);
	kprobe_multi_lockdown__destroy(skel);
}
