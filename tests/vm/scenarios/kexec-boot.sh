# timeout: 120
# An image loaded before a policy that refuses kexec, which ldpolicy load
# cannot unload (kernel.kexec_load_disabled refuses KEXEC_FILE_UNLOAD too),
# is refused as it is booted: lockdown_policy asks LOCKDOWN_KEXEC then
# (kexec: Let LSMs refuse to boot a loaded image). Without that, the
# reboot runs the image's code, which writes a "not ok" and ends the boot.
. /lib/attack.sh

attack kexec-unsigned !999 "an image loaded before the policy booted after it"
case "$A_GOT" in
shown) ok "an unsigned image loaded, no policy yet (kexec_load)" ;;
*) not_ok "an unsigned image loaded, no policy yet (kexec_load)" "$A_OUT" ;;
esac
echo 1 > /proc/sys/kernel/kexec_load_disabled
out=$(ldpolicy load /blobs/integrity.blob 2>&1)
case "$?:$out" in
3:*"is still loaded"*) ok "ldpolicy load: the unload refused (kexec_load_disabled), it says the image is left (exit 3)" ;;
*) not_ok "ldpolicy load: the unload refused (kexec_load_disabled), it says the image is left (exit 3)" "$out" ;;
esac
expect_eq "kexec_loaded reads 1" "$(cat /sys/kernel/kexec_loaded)" 1
out=$(ldpolicy status 2>&1)
expect_eq "status: exit 3 while it is loaded" "$?" 3
attack kexec-unsigned --run
case "$A_OUT" in
*"returned: Operation not permitted"*) ok "the kexec reboot is refused (EPERM): the image does not boot" ;;
*) not_ok "the kexec reboot is refused (EPERM): the image does not boot" "$A_OUT" ;;
esac
expect_dmesg "asked as LOCKDOWN_KEXEC: lockdown's notice" \
	"Lockdown: ldattack: kexec of unsigned images is restricted"
