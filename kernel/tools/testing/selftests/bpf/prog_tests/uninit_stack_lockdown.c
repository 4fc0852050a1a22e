// SPDX-License-Identifier: GPL-2.0
/*
 * LOCKDOWN_BPF_READ_KERNEL asked of a read of uninitialized stack, and of
 * unwritten stack handed to a helper that may leave part of it as it was:
 * under lockdown=confidentiality a privileged program that does either is
 * refused, and so is one loaded with CAP_BPF alone that does the second,
 * or reads the unwritten bytes of a slot it spilled a register to in
 * part, with a helper or an atomic; otherwise they load. And a helper
 * handed a slot of a bpf_fastcall pattern reads the value spilled there:
 * the pattern's spills stay.
 */
#include <linux/capability.h>
#include <test_progs.h>
#include "cap_helpers.h"
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

/* the packet fastcall_spill_read is run on */
static char pkt[64];

/* @prog read what the fastcall pattern spilled: the spill stayed. */
static void fastcall_spill(const char *prog)
{
	LIBBPF_OPTS(bpf_test_run_opts, opts, .data_in = pkt, .data_size_in = sizeof(pkt));
	struct uninit_stack_lockdown *skel;
	struct bpf_program *p;
	__u32 key = 0;
	__u64 val = 0;

	skel = uninit_stack_lockdown__open();
	if (!ASSERT_OK_PTR(skel, "open"))
		return;
	bpf_object__for_each_program(p, skel->obj)
		bpf_program__set_autoload(p, !strcmp(bpf_program__name(p), prog));
	if (!ASSERT_OK(uninit_stack_lockdown__load(skel), "load"))
		goto out;
	p = bpf_object__find_program_by_name(skel->obj, prog);
	if (!ASSERT_OK(bpf_prog_test_run_opts(bpf_program__fd(p), &opts), "run"))
		goto out;
	ASSERT_OK(bpf_map_lookup_elem(bpf_map__fd(skel->maps.fastcall_out), &key, &val), "lookup");
	ASSERT_EQ(val, 0x2a, "the value spilled");
out:
	uninit_stack_lockdown__destroy(skel);
}

void test_uninit_stack_lockdown(void)
{
	if (test__start_subtest("read"))
		load_one("read_uninit", "uninitialized stack reads kernel memory");
	if (test__start_subtest("helper_unwritten"))
		load_one("read_unwritten", "may leave part of unwritten stack");
	if (test__start_subtest("beside_spill")) {
		load_one("read_beside_spill", "reads kernel memory, which lockdown refuses");
		load_one("atomic_beside_spill", "reads kernel memory, which lockdown refuses");
	}
	if (test__start_subtest("fastcall_spill")) {
		fastcall_spill("fastcall_spill_read");
		fastcall_spill("fastcall_callee_read");
	}
	if (test__start_subtest("cap_bpf")) {
		__u64 caps = (1ULL << CAP_PERFMON) | (1ULL << CAP_SYS_ADMIN), old;

		/* the verifier as CAP_BPF alone sees it: no uninit stack */
		if (!ASSERT_OK(cap_disable_effective(caps, &old), "drop CAP_PERFMON"))
			return;
		load_one("read_unwritten", "may leave part of unwritten stack");
		load_one("read_beside_spill", "reads kernel memory, which lockdown refuses");
		load_one("atomic_beside_spill", "reads kernel memory, which lockdown refuses");
		cap_enable_effective(old, NULL);
	}
}
