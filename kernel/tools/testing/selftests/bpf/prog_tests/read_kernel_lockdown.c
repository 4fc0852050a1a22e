// SPDX-License-Identifier: GPL-2.0
/*
 * LOCKDOWN_BPF_READ_KERNEL asked of every way a program reads kernel
 * memory: under lockdown=confidentiality the programs that do are refused
 * at load with EPERM, the others load; without it, all load.
 */
#include <test_progs.h>
#include "read_kernel_lockdown.skel.h"

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

static void load_one(const char *name, bool reads)
{
	struct read_kernel_lockdown *skel;
	struct bpf_program *prog;
	int err;

	skel = read_kernel_lockdown__open();
	if (!ASSERT_OK_PTR(skel, "open"))
		return;
	bpf_object__for_each_program(prog, skel->obj)
		bpf_program__set_autoload(prog, !strcmp(bpf_program__name(prog), name));
	err = read_kernel_lockdown__load(skel);
	if (reads && locked_down_for_confidentiality())
		ASSERT_EQ(err, -EPERM, name);
	else
		ASSERT_OK(err, name);
	read_kernel_lockdown__destroy(skel);
}

void test_read_kernel_lockdown(void)
{
	static const struct {
		const char *name;
		bool reads;
	} progs[] = {
		{ "snprintf_str", true },
		{ "snprintf_ip6", true },
		{ "snprintf_int", false },
		{ "printk_str", true },
		{ "printk_int", false },
		{ "btf_load", true },
		{ "rdonly_cast", true },
		{ "sys_bpf_copy", true },
		{ "percpu_int", true },
		{ "skb_output", true },
		{ "dynptr_skb", true },
		{ "dynptr_lsm", true },
	};

	for (int i = 0; i < ARRAY_SIZE(progs); i++)
		if (test__start_subtest(progs[i].name))
			load_one(progs[i].name, progs[i].reads);
}
