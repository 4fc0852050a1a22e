# kernel: static
# cmdline: lockdown_policy=kcore
# Static mode (CONFIG_SECURITY_LOCKDOWN_POLICY_STATIC) with a builtin
# policy (policies/coco-devmem.ldp, compiled in by ldpolicy --emit-c) and a
# builtin list (CONFIG_SECURITY_LOCKDOWN_POLICY_DENY="perf"): in force
# from boot, sealed, only the command line adds to it.

expect_dmesg "builtin policy applied at boot, sealed" \
	"lockdown_policy: builtin policy: 1 reasons denied, sealed"
expect_eq "LOCKDOWN_DEV_MEM denied (builtin)" "$(lp_reason LOCKDOWN_DEV_MEM)" "denied policy"
expect_eq "LOCKDOWN_KCORE denied (command line)" "$(lp_reason LOCKDOWN_KCORE)" "denied policy"
expect_dmesg "builtin list (CONFIG_SECURITY_LOCKDOWN_POLICY_DENY) applied at boot" \
	"lockdown_policy: builtin list applied: "
expect_eq "LOCKDOWN_PERF denied (builtin list, built without ldpolicy)" \
	"$(lp_reason LOCKDOWN_PERF)" "denied policy"
expect_probe "perf with REGS_INTR refused" perf_regs_intr EPERM
expect_eq "nothing else denied" "$(grep -c ' denied ' $LP/policy)" 3
expect_eq "a partial policy: the static level stays none" \
	"$(cat /sys/kernel/security/lockdown)" "[none] integrity confidentiality"
expect_eq "sealed from boot" "$(cat $LP/seal)" 1
expect_eq "builtin policy's intent recorded" "$(cat $LP/flags)" not-a-boundary
expect_probe "/dev/mem refused" dev_mem EPERM
expect_probe "/proc/kcore refused" kcore EPERM
expect_probe "ioperm granted" ioperm allowed
before=$(lp_state)
expect_eq "a load fails with EPERM" "$(load_blob LOCKDOWN_DEV_MEM LOCKDOWN_KCORE LOCKDOWN_PERF)" EPERM
out=$(ldpolicy load /policies/confidentiality.ldp 2>&1)
expect_eq "ldpolicy load refuses: exit 1" "$?" 1
case "$out" in *sealed*) ok "ldpolicy says the policy is sealed" ;;
*) not_ok "ldpolicy says the policy is sealed" "$out" ;; esac
expect_eq "state unchanged" "$(lp_state)" "$before"
