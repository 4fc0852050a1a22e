// SPDX-License-Identifier: GPL-2.0
/*
 * ldbench - time security_locked_down() in a tight loop, in the kernel.
 *
 * Writing "REASON CALLS" to /sys/module/ldbench/parameters/run calls
 * security_locked_down(REASON) CALLS times, three rounds, and keeps the
 * fastest; reading the parameter gives
 *
 *	REASON CALLS RET PS
 *
 * RET is what the first call returned (0 or -EPERM: the case measured is the
 * one asked for), PS the picoseconds per call of the fastest round. REASON
 * is a name from the table below, resolved against this kernel's own enum
 * lockdown_reason when the module is built.
 *
 * For make bench (tests/bench/scenarios/hook-*.sh): the loop costs the
 * same in every kernel, so the ratios between configurations are the
 * hook's.
 */
#include <linux/init.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/sched.h>
#include <linux/security.h>
#include <linux/string.h>

static const struct {
	const char *name;
	enum lockdown_reason what;
} ldbench_reasons[] = {
	{ "perf", LOCKDOWN_PERF },
	{ "kcore", LOCKDOWN_KCORE },
	{ "dev_mem", LOCKDOWN_DEV_MEM },
	{ "ioport", LOCKDOWN_IOPORT },
	{ "bpf_read_kernel", LOCKDOWN_BPF_READ_KERNEL },
};

static char ldbench_result[96] = "none";

/* The fastest of three rounds of @calls calls, in picoseconds per call. */
static u64 ldbench_loop(enum lockdown_reason what, unsigned long calls)
{
	u64 best = U64_MAX;

	for (int round = 0; round < 3; round++) {
		u64 start = ktime_get_ns(), ns;

		for (unsigned long i = 0; i < calls; i++) {
			security_locked_down(what);
			if (!(i & 0xffff))
				cond_resched();
		}
		ns = ktime_get_ns() - start;
		best = min(best, ns);
	}
	return div64_u64(best * 1000, calls);
}

static int ldbench_run(const char *val, const struct kernel_param *kp)
{
	char name[32];
	unsigned long calls;
	u64 ps;
	int ret;

	if (sscanf(val, "%31s %lu", name, &calls) != 2 || !calls)
		return -EINVAL;
	for (int i = 0; i < ARRAY_SIZE(ldbench_reasons); i++) {
		if (strcmp(name, ldbench_reasons[i].name))
			continue;
		ret = security_locked_down(ldbench_reasons[i].what);
		ps = ldbench_loop(ldbench_reasons[i].what, calls);
		scnprintf(ldbench_result, sizeof(ldbench_result), "%s %lu %d %llu",
			  name, calls, ret, ps);
		return 0;
	}
	return -ENOENT;
}

static int ldbench_get(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%s\n", ldbench_result);
}

static const struct kernel_param_ops ldbench_ops = {
	.set = ldbench_run,
	.get = ldbench_get,
};
module_param_cb(run, &ldbench_ops, NULL, 0600);
MODULE_PARM_DESC(run, "write \"REASON CALLS\" to time security_locked_down(); read the result");

static int __init ldbench_init(void)
{
	return 0;
}

static void __exit ldbench_exit(void)
{
}

module_init(ldbench_init);
module_exit(ldbench_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ldpolicy benchmark: security_locked_down() in a tight loop");
