/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The builtin policy, generated at build time by
 *   ldpolicy compile --emit-c CONFIG_SECURITY_LOCKDOWN_POLICY_BOOT
 * into builtin_policy.c: the reasons it denies, as enum lockdown_reason
 * identifiers that the C compiler resolves, and its LOCKDOWN_POLICY_FLAG_*.
 */
#ifndef _SECURITY_LOCKDOWN_POLICY_BUILTIN_H
#define _SECURITY_LOCKDOWN_POLICY_BUILTIN_H

#include <linux/security.h>
#include <linux/types.h>
#include <uapi/linux/lockdown_policy.h>

#ifdef CONFIG_SECURITY_LOCKDOWN_POLICY_HAS_BUILTIN
extern const enum lockdown_reason lockdown_policy_builtin[];
extern const unsigned int lockdown_policy_builtin_count;
extern const u32 lockdown_policy_builtin_flags;
#else
#define lockdown_policy_builtin		((const enum lockdown_reason *)NULL)
#define lockdown_policy_builtin_count	0U
#define lockdown_policy_builtin_flags	0U
#endif

#endif /* _SECURITY_LOCKDOWN_POLICY_BUILTIN_H */
