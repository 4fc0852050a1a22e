# cmdline: lockdown=integrity
# Stacked with the static LSM: a reason is refused if either denies it,
# and the policy file says who does.

expect_eq "DEV_MEM denied by the static level" "$(lp_reason LOCKDOWN_DEV_MEM)" "denied static"
expect_eq "KCORE allowed" "$(lp_reason LOCKDOWN_KCORE)" "allowed -"
expect_eq "all integrity reasons denied, by the static level" \
	"$(grep -c ' integrity denied static$' $LP/policy)" 20
expect_eq "policy adds KCORE" "$(load_blob LOCKDOWN_KCORE)" ok
expect_probe "/proc/kcore refused (policy)" kcore EPERM
expect_probe "/dev/mem refused (static)" dev_mem EPERM
expect_eq "KCORE: denied policy" "$(lp_reason LOCKDOWN_KCORE)" "denied policy"
expect_eq "policy adds DEV_MEM too" "$(load_blob LOCKDOWN_KCORE LOCKDOWN_DEV_MEM)" ok
expect_eq "DEV_MEM: denied both" "$(lp_reason LOCKDOWN_DEV_MEM)" "denied both"
expect_probe "/dev/mem refused" dev_mem EPERM
expect_dmesg "the static LSM, asked first, logs the /dev/mem refusal" \
	"Lockdown: ldprobe: /dev/mem,kmem,port is restricted"
expect_eq "KCORE counted by lockdown_policy" "$(lp_counter LOCKDOWN_KCORE)" 1
expect_eq "raise the static level to confidentiality" \
	"$(write_file /sys/kernel/security/lockdown confidentiality)" ok
expect_eq "KCORE: denied both" "$(lp_reason LOCKDOWN_KCORE)" "denied both"
expect_eq "PERF: denied static" "$(lp_reason LOCKDOWN_PERF)" "denied static"
