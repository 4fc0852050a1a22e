# cmdline: lockdown_policy=kcore lockdown_policy_seal
# lockdown_policy_seal on a generic (loadable) kernel: the command line's
# policy applies, the policy is sealed from boot, and every load fails,
# as in static mode.

expect_eq "seal reads 1 from boot" "$(cat $LP/seal)" 1
expect_dmesg "the log says it was sealed from the command line" \
	"lockdown_policy: sealed from the command line"
expect_probe "/proc/kcore refused (lockdown_policy=kcore)" kcore EPERM
before=$(lp_state)
expect_eq "a tightening load: EPERM" "$(load_blob LOCKDOWN_KCORE LOCKDOWN_DEV_MEM)" EPERM
expect_eq "the same policy again: EPERM" "$(load_blob LOCKDOWN_KCORE)" EPERM
expect_eq "state unchanged" "$(lp_state)" "$before"
expect_probe "/dev/mem still opens" dev_mem allowed
out=$(ldpolicy load /blobs/integrity.blob 2>&1)
expect_eq "ldpolicy load: exit 1" "$?" 1
case "$out" in *"sealed"*) ok "and it says the policy is sealed" ;;
*) not_ok "and it says the policy is sealed" "$out" ;; esac
