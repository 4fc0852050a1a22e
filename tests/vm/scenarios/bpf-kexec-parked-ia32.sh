# kernel: debian12
# timeout: 120
# bpf-kexec-parked through ia32's kexec_load, which a 64-bit task enters
# with int $0x80 where the kernel has IA32_EMULATION (Debian's): 283 in
# /proc/PID/syscall, not 246, and parked the same way before the lock.
. /lib/attack.sh

attack kexec-parked --ia32 sh -c 'ldpolicy load /blobs/integrity.blob; echo "load exit $?"
	ldpolicy status > /dev/null; echo "status exit $?"; exit 3'
case "$A_GOT:$A_OUT" in
unavailable:*) skip "ia32's kexec_load parked: load and status will not vouch" "$A_OUT" ;;
*"is inside a kexec load begun before the policy"*"load exit 3"*"status exit 3"*)
	ok "ia32's kexec_load parked: load and status will not vouch (exit 3)" ;;
*) not_ok "ia32's kexec_load parked: load and status will not vouch (exit 3)" "$A_OUT" ;;
esac
