// SPDX-License-Identifier: GPL-2.0
/*
 * Boot-time policy: the builtin list compiled into the kernel
 * (CONFIG_SECURITY_LOCKDOWN_POLICY_DENY, and the policy file of
 * CONFIG_SECURITY_LOCKDOWN_POLICY_BOOT), and the lockdown_policy= and
 * lockdown_policy_warn= command line parameters, parsed first (in
 * setup_arch(), before the LSM is initialised). All of them only move
 * reasons up (allow < warn < deny), so the order they apply in does not
 * matter: the result is their union, and a reason both denied and warned
 * is denied. Once it is applied, the static level is raised to what it
 * covers. lockdown_policy_seal seals the policy against later loads.
 */
#define pr_fmt(fmt) "lockdown_policy: " fmt

#include <linux/init.h>
#include <linux/string.h>

#include "lockdown_policy.h"
#include "builtin.h"

static void lockdown_policy_mark(struct lockdown_policy_state *s,
				 enum lockdown_reason what, bool warn)
{
	if (warn)
		lockdown_policy_warn(s, what);
	else
		lockdown_policy_deny(s, what);
}

static void lockdown_policy_mark_group(struct lockdown_policy_state *s,
				       enum lockdown_reason level, bool warn)
{
	unsigned int what;

	for (what = LOCKDOWN_NONE + 1; what < level; what++)
		if (lockdown_policy_is_reason(what))
			lockdown_policy_mark(s, what, warn);
}

/**
 * lockdown_policy_parse_list - deny or warn about a comma-separated list
 * @s: the policy
 * @list: reason identifiers ("LOCKDOWN_KCORE"), their short forms
 *	("kcore"), or the groups "integrity" (every integrity reason) and
 *	"confidentiality" (every reason); modified in place
 * @warn: put them in warn state (a denied reason stays denied), not deny
 * @where: where the list comes from, for the log
 *
 * Unknown names are reported and skipped; the known ones still apply, so
 * a typo never leaves the rest of the list unenforced.
 *
 * Return: the number of unknown names.
 */
int lockdown_policy_parse_list(struct lockdown_policy_state *s, char *list,
			       bool warn, const char *where)
{
	char *name;
	int unknown = 0;

	while ((name = strsep(&list, ",")) != NULL) {
		int what;

		if (!*name)
			continue;
		if (!strcmp(name, "integrity")) {
			lockdown_policy_mark_group(s, LOCKDOWN_INTEGRITY_MAX, warn);
			continue;
		}
		if (!strcmp(name, "confidentiality")) {
			lockdown_policy_mark_group(s, LOCKDOWN_CONFIDENTIALITY_MAX, warn);
			continue;
		}
		what = lockdown_policy_lookup(name);
		if (what < 0) {
			pr_err("%s: unknown reason '%s' ignored\n", where, name);
			unknown++;
			continue;
		}
		lockdown_policy_mark(s, what, warn);
	}
	return unknown;
}

static int __init lockdown_policy_param(char *list)
{
	if (!list)
		return -EINVAL;
	lockdown_policy_parse_list(&lockdown_policy, list, false, "lockdown_policy=");
	lockdown_policy_raise_level(&lockdown_policy);
	pr_notice("%u reasons denied after the command line\n",
		  bitmap_weight(lockdown_policy.denied, LOCKDOWN_POLICY_NR));
	return 0;
}
early_param("lockdown_policy", lockdown_policy_param);

/*
 * lockdown_policy_warn=LIST: learning mode from boot. The reasons listed
 * are allowed, but each question about them is counted, noticed, audited
 * and recorded in the warnings file, for ldpolicy suggest.
 */
static int __init lockdown_policy_warn_param(char *list)
{
	unsigned int what, n = 0;

	if (!list)
		return -EINVAL;
	lockdown_policy_parse_list(&lockdown_policy, list, true,
				   "lockdown_policy_warn=");
	for (what = 0; what < LOCKDOWN_POLICY_NR; what++)
		n += lockdown_policy_warns(&lockdown_policy, what);
	pr_notice("%u reasons in warn mode after the command line\n", n);
	return 0;
}
early_param("lockdown_policy_warn", lockdown_policy_warn_param);

/*
 * lockdown_policy_seal: seal from boot, for generic kernels that build no
 * static policy in. Parsed before the policy state becomes read-only.
 */
static int __init lockdown_policy_seal_param(char *arg)
{
	if (arg && strcmp(arg, "1"))
		return -EINVAL;
	if (!lockdown_policy.sealed) {
		WRITE_ONCE(lockdown_policy.sealed, true);
		pr_notice("sealed from the command line\n");
	}
	return 0;
}
early_param("lockdown_policy_seal", lockdown_policy_seal_param);

/**
 * lockdown_policy_boot - apply the builtin list
 * @s: the policy
 *
 * Called from the LSM's init, by early_security_init(), which
 * start_kernel() calls right after setup_arch(). Every architecture
 * parses the early parameters in setup_arch(), so lockdown_policy= and
 * lockdown_policy_warn= have been applied by then; the list of
 * CONFIG_SECURITY_LOCKDOWN_POLICY_DENY, parsed as lockdown_policy= is,
 * adds to them. So does the policy file of
 * CONFIG_SECURITY_LOCKDOWN_POLICY_BOOT, whose reasons are identifiers
 * resolved by the C compiler (see builtin.h), so they cannot disagree
 * with the kernel's numbering.
 */
void __init lockdown_policy_boot(struct lockdown_policy_state *s)
{
	static char list[] __initdata = CONFIG_SECURITY_LOCKDOWN_POLICY_DENY;
	unsigned int i;

	if (list[0]) {
		lockdown_policy_parse_list(s, list, false,
					   "CONFIG_SECURITY_LOCKDOWN_POLICY_DENY");
		pr_notice("builtin list applied: %u reasons denied in all\n",
			  bitmap_weight(s->denied, LOCKDOWN_POLICY_NR));
	}
	for (i = 0; i < lockdown_policy_builtin_count; i++)
		lockdown_policy_deny(s, lockdown_policy_builtin[i]);
	s->flags |= lockdown_policy_builtin_flags & ~LOCKDOWN_POLICY_FLAG_SEAL;
	if (lockdown_policy_builtin_flags & LOCKDOWN_POLICY_FLAG_SEAL)
		s->sealed = true;
	if (lockdown_policy_builtin_count)
		pr_notice("builtin policy: %u reasons denied%s\n",
			  lockdown_policy_builtin_count,
			  s->sealed ? ", sealed" : "");
}
