// SPDX-License-Identifier: GPL-2.0
/*
 * A module that does nothing, with one hardware parameter. Loaded unsigned
 * it drives LOCKDOWN_MODULE_SIGNATURE (kernel/module/signing.c); loaded
 * signed with io= it drives LOCKDOWN_MODULE_PARAMETERS (kernel/params.c).
 */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/moduleparam.h>

static int io;
module_param_hw(io, int, ioport, 0444);
MODULE_PARM_DESC(io, "an I/O port: a hardware parameter, refused under lockdown");

static int __init ldtest_init(void)
{
	return 0;
}

static void __exit ldtest_exit(void)
{
}

module_init(ldtest_init);
module_exit(ldtest_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ldpolicy VM test module");
