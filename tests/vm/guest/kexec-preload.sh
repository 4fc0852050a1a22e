# A kexec image loaded before a policy that denies LOCKDOWN_KEXEC would
# boot without it: the kernel asks the reason when an image is loaded, not
# when it is booted. ldpolicy load unloads it, status and query say
# whether one is left, and a kexec then boots nothing. Sourced, with
# attack.sh's attack; kexec_preload BLOB loads BLOB (--merge) as the
# policy that denies LOCKDOWN_KEXEC.

kexec_preload() { # BLOB
	# if this image ever runs, it ends the boot with a line no plan counts
	attack kexec-unsigned !999 "a kexec image loaded before the policy ran after it"
	if [ "$A_GOT" != shown ]; then
		not_ok "a kexec image loaded before the policy (unsigned, kexec_load)" "$A_OUT"
		return
	fi
	expect_eq "a kexec image loaded before the policy: kexec_loaded reads 1" \
		"$(cat /sys/kernel/kexec_loaded)" 1
	# what root binds over the file ldpolicy would read is not what it reads
	echo 0 > /tmp/kexec-zero
	mount -o bind /tmp/kexec-zero /sys/kernel/kexec_loaded
	out=$(ldpolicy load --merge "$1" 2>&1)
	rc=$?
	umount /sys/kernel/kexec_loaded
	case "$rc:$out" in
	0:*"unloaded a kexec image loaded before the policy"*)
		ok "ldpolicy load, denying LOCKDOWN_KEXEC, unloads it and says so (a 0 bound over kexec_loaded)" ;;
	*) not_ok "ldpolicy load, denying LOCKDOWN_KEXEC, unloads it and says so (a 0 bound over kexec_loaded)" "$out" ;;
	esac
	expect_eq "kexec_loaded reads 0" "$(cat /sys/kernel/kexec_loaded)" 0
	check "status: the policy's LOCKDOWN_KEXEC holds (exit 0)" ldpolicy status
	attack kexec-unsigned --run
	case "$A_GOT" in
	shown) not_ok "a kexec after the policy boots nothing" "$A_OUT" ;;
	*) ok "a kexec after the policy boots nothing (${A_OUT#*: })" ;;
	esac
}
