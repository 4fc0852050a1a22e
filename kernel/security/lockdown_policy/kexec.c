// SPDX-License-Identifier: GPL-2.0
/*
 * kexec: a signed kernel that would boot without the policy in force.
 *
 * kexec_file_load(2) of a kernel whose signature the keyring accepts asks
 * no lockdown reason: kimage_validate_signature() asks LOCKDOWN_KEXEC only
 * of an image it cannot verify. The initrd and the command line the new
 * kernel boots with are the caller's, not checked. That kernel starts with
 * what it builds in, and without what this one was given on its command
 * line or loaded through securityfs: a kexec sheds them, with no reboot
 * and nobody at the console.
 *
 * So while the policy in force denies more than this kernel's image
 * carries (CONFIG_SECURITY_LOCKDOWN_POLICY_DENY), reading a kexec image
 * asks LOCKDOWN_KEXEC, as one that fails its signature check does. A
 * policy that denies it refuses the kexec that would shed it; one that
 * allows unsigned kexec sheds nothing more by allowing a signed one.
 *
 * An image loaded before the policy would shed it as surely, so the same
 * is asked as an image is booted (security_kexec_boot()): a kexec reboot
 * is refused, and a panic does not enter the crash kernel.
 */
#define pr_fmt(fmt) "lockdown_policy: " fmt

#include <linux/init.h>
#include <linux/kernel_read_file.h>
#include <linux/lsm_hooks.h>
#include <linux/string.h>

#include "lockdown_policy.h"

/* What the kernel image denies by itself: the builtin list. */
static DECLARE_BITMAP(lockdown_policy_image, LOCKDOWN_POLICY_NR) __ro_after_init;

/**
 * lockdown_policy_sheds - would a kexec shed denials of a policy?
 * @s: the policy
 * @image: the reasons the kernel image denies by itself
 *
 * Return: true if @s denies a reason that @image does not.
 */
static bool lockdown_policy_sheds(struct lockdown_policy_state *s,
				  const unsigned long *image)
{
	DECLARE_BITMAP(shed, LOCKDOWN_POLICY_NR);

	return bitmap_andnot(shed, s->denied, image, LOCKDOWN_POLICY_NR);
}

static int lockdown_policy_kernel_read_file(struct file *file,
					    enum kernel_read_file_id id,
					    bool contents)
{
	if (id != READING_KEXEC_IMAGE ||
	    !lockdown_policy_sheds(&lockdown_policy, lockdown_policy_image))
		return 0;
	return security_locked_down(LOCKDOWN_KEXEC);
}

/*
 * Also from the panic path, interrupts off, maybe in NMI context: the
 * bitmaps are read as the locked_down hook reads them, and the
 * locked_down hook already answers in any context.
 */
static int lockdown_policy_kexec_boot(const struct kimage *image)
{
	if (!lockdown_policy_sheds(&lockdown_policy, lockdown_policy_image))
		return 0;
	return security_locked_down(LOCKDOWN_KEXEC);
}

static struct security_hook_list lockdown_policy_kexec_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(kernel_read_file, lockdown_policy_kernel_read_file),
	LSM_HOOK_INIT(kexec_boot, lockdown_policy_kexec_boot),
};

/**
 * lockdown_policy_kexec_init - refuse the kexec images that shed the policy
 * @lsmid: the LSM's id
 *
 * Called from the LSM's init. The builtin list is parsed again, into a
 * state of its own, for what the image carries: only its bits are used.
 */
void __init lockdown_policy_kexec_init(const struct lsm_id *lsmid)
{
	static char list[] __initdata = CONFIG_SECURITY_LOCKDOWN_POLICY_DENY;
	struct lockdown_policy_state image = {};

	if (list[0])
		lockdown_policy_parse_list(&image, list, false,
					   "CONFIG_SECURITY_LOCKDOWN_POLICY_DENY");
	bitmap_copy(lockdown_policy_image, image.denied, LOCKDOWN_POLICY_NR);
	security_add_hooks(lockdown_policy_kexec_hooks,
			   ARRAY_SIZE(lockdown_policy_kexec_hooks), lsmid);
}
