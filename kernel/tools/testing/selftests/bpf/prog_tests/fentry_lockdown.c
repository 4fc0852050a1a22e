// SPDX-License-Identifier: GPL-2.0
/*
 * LOCKDOWN_KPROBES asked of a tracing program on a kernel function: under
 * lockdown=confidentiality the fentry program's attach fails with EPERM,
 * as a kprobe event's creation does; otherwise the program sees
 * bpf_fentry_test1()'s argument. An fentry program on a BPF program (an
 * XDP one) attaches either way.
 */
#include <test_progs.h>
#include "fentry_lockdown.skel.h"

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

static void test_kernel_function(void)
{
	LIBBPF_OPTS(bpf_test_run_opts, topts);
	struct fentry_lockdown *skel;
	struct bpf_link *link;

	skel = fentry_lockdown__open();
	if (!ASSERT_OK_PTR(skel, "open"))
		return;
	bpf_program__set_autoload(skel->progs.on_prog, false);
	if (!ASSERT_OK(fentry_lockdown__load(skel), "load"))
		goto out;
	link = bpf_program__attach(skel->progs.entry_args);
	if (locked_down_for_confidentiality()) {
		ASSERT_EQ(libbpf_get_error(link), -EPERM, "attach refused");
	} else if (ASSERT_OK_PTR(link, "attach")) {
		/* the test run of a tracing program calls bpf_fentry_test1(1) */
		ASSERT_OK(bpf_prog_test_run_opts(bpf_program__fd(skel->progs.entry_args), &topts),
			  "test_run");
		ASSERT_GE(skel->bss->hits, 1, "hits");
		ASSERT_EQ(skel->bss->arg, 1, "bpf_fentry_test1's argument");
	}
	bpf_link__destroy(link);
out:
	fentry_lockdown__destroy(skel);
}

static void test_bpf_program(void)
{
	struct fentry_lockdown *tgt, *skel;
	struct bpf_link *link;

	tgt = fentry_lockdown__open();
	if (!ASSERT_OK_PTR(tgt, "open target"))
		return;
	bpf_program__set_autoload(tgt->progs.on_prog, false);
	if (!ASSERT_OK(fentry_lockdown__load(tgt), "load target"))
		goto out_tgt;
	skel = fentry_lockdown__open();
	if (!ASSERT_OK_PTR(skel, "open"))
		goto out_tgt;
	bpf_program__set_autoload(skel->progs.entry_args, false);
	bpf_program__set_autoload(skel->progs.target_xdp, false);
	if (!ASSERT_OK(bpf_program__set_attach_target(skel->progs.on_prog,
						      bpf_program__fd(tgt->progs.target_xdp),
						      "target_xdp"), "set_attach_target"))
		goto out;
	if (!ASSERT_OK(fentry_lockdown__load(skel), "load"))
		goto out;
	link = bpf_program__attach(skel->progs.on_prog);
	ASSERT_OK_PTR(link, "attach to a BPF program, whatever the lockdown");
	bpf_link__destroy(link);
out:
	fentry_lockdown__destroy(skel);
out_tgt:
	fentry_lockdown__destroy(tgt);
}

void test_fentry_lockdown(void)
{
	if (test__start_subtest("kernel_function"))
		test_kernel_function();
	if (test__start_subtest("bpf_program"))
		test_bpf_program();
}
