/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-ins for the few kernel headers
 * security/lockdown_policy/blob.c uses, so the fuzzer compiles that file
 * unchanged. Nothing else of the kernel is shimmed.
 */
#ifndef LDFUZZ_SHIM_TYPES_H
#define LDFUZZ_SHIM_TYPES_H
#include_next <linux/types.h>
#include <stdbool.h>
#include <stddef.h>
typedef __u8 u8;
typedef __u16 u16;
typedef __u32 u32;
typedef __u64 u64;
#endif
