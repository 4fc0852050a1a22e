# cmdline: lockdown=integrity
# timeout: 120
# lockdown=integrity denies LOCKDOWN_KEXEC, and a kernel the keyring
# trusts loads anyway (signed). A policy loaded at run time, of the
# reasons integrity leaves to confidentiality, is shed by a kexec of it:
# ldpolicy load says the image is left where it cannot unload it
# (kexec_load_disabled), status says so, and the reboot is refused.
. /lib/attack.sh
. /lib/beside-integrity.sh

attack kexec-file-signed --keep
case "$A_GOT" in
shown) ok "a signed kernel loaded under lockdown=integrity, no policy yet" ;;
*) not_ok "a signed kernel loaded under lockdown=integrity, no policy yet" "$A_OUT" ;;
esac
echo 1 > /proc/sys/kernel/kexec_load_disabled
beside_integrity /tmp/conf.ldp
out=$(ldpolicy load /tmp/conf.ldp 2>&1)
case "$?:$out" in
3:*"is still loaded"*) ok "ldpolicy load: a kexec of it would shed the policy, the image is left (exit 3)" ;;
*) not_ok "ldpolicy load: a kexec of it would shed the policy, the image is left (exit 3)" "$out" ;;
esac
out=$(ldpolicy status 2>&1)
expect_eq "status: exit 3 while it is loaded" "$?" 3
attack kexec-unsigned --run
case "$A_OUT" in
*"returned: Operation not permitted"*) ok "the kexec reboot is refused (EPERM): the signed kernel does not boot without the policy" ;;
*) not_ok "the kexec reboot is refused (EPERM): the signed kernel does not boot without the policy" "$A_OUT" ;;
esac
