// SPDX-License-Identifier: GPL-2.0
/*
 * The return value of fmod_ret programs: the BPF trampoline ends its chain,
 * skipping the function, on any non-zero 64-bit value, while the caller
 * reads the function's type; on a security_*() function, only what the
 * LSM hooks return.
 */
#include <vmlinux.h>
#include <bpf/bpf_helpers.h>
#include "bpf_misc.h"
#include "bpf_experimental.h"

SEC("fmod_ret/security_locked_down")
__description("fmod_ret on security_*(): 0, the function runs")
__success
__naked int security_retval_zero(void *ctx)
{
	asm volatile ("r0 = 0;"
		      "exit;"
		      ::: __clobber_all);
}

SEC("fmod_ret/security_locked_down")
__description("fmod_ret on security_*(): -EPERM")
__success
__naked int security_retval_errno(void *ctx)
{
	asm volatile ("r0 = -1;"
		      "exit;"
		      ::: __clobber_all);
}

SEC("fmod_ret/security_locked_down")
__description("fmod_ret on security_*(): -EPERM, zero-extended")
__success
__naked int security_retval_errno32(void *ctx)
{
	asm volatile ("w0 = -1;"
		      "exit;"
		      ::: __clobber_all);
}

SEC("fmod_ret/security_locked_down")
__description("fmod_ret on security_*(): a positive value")
__failure __msg("should have been in [-4095, 0]")
__naked int security_retval_positive(void *ctx)
{
	asm volatile ("r0 = 1;"
		      "exit;"
		      ::: __clobber_all);
}

SEC("fmod_ret/security_locked_down")
__description("fmod_ret on security_*(): 1 << 32, 0 to the caller")
__failure __msg("not a 4-byte value extended to 64 bits")
__naked int security_retval_high(void *ctx)
{
	asm volatile ("r0 = 1;"
		      "r0 <<= 32;"
		      "exit;"
		      ::: __clobber_all);
}

SEC("fmod_ret/bpf_modify_return_test")
__description("fmod_ret on an int function: any int")
__success
__naked int int_retval_any(void *ctx)
{
	asm volatile ("r0 = 2147483647;"
		      "exit;"
		      ::: __clobber_all);
}

SEC("fmod_ret/bpf_modify_return_test")
__description("fmod_ret on an int function: a negative int, zero-extended")
__success
__naked int int_retval_zext(void *ctx)
{
	asm volatile ("w0 = -22;"
		      "exit;"
		      ::: __clobber_all);
}

SEC("fmod_ret/bpf_modify_return_test")
__description("fmod_ret on an int function: 1 << 32, 0 to the caller")
__failure __msg("not a 4-byte value extended to 64 bits")
__naked int int_retval_high(void *ctx)
{
	asm volatile ("r0 = 1;"
		      "r0 <<= 32;"
		      "exit;"
		      ::: __clobber_all);
}

char _license[] SEC("license") = "GPL";

/*
 * A global function is verified on its own; what it throws is what the
 * program returns (the default exception callback returns it).
 */
__noinline int throw_high(int x)
{
	bpf_throw(1ULL << 32);
	return x;
}

SEC("fmod_ret/security_locked_down")
__description("fmod_ret on security_*(): 1 << 32 thrown from a global function")
__failure __msg("not a 4-byte value extended to 64 bits")
int security_throw_high(void *ctx)
{
	return throw_high(0);
}
