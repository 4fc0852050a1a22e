# cmdline: lockdown=integrity
# Stacked with the static LSM: a reason is refused if either denies it,
# and the policy file says who does. The policy answers first; the static
# LSM answers for what the policy leaves to it, and counters shows every
# refusal: in all, by the policy, by the static LSM.

expect_eq "DEV_MEM denied by the static level" "$(lp_reason LOCKDOWN_DEV_MEM)" "denied static"
expect_eq "KCORE allowed" "$(lp_reason LOCKDOWN_KCORE)" "allowed -"
expect_eq "all integrity reasons denied, by the static level" \
	"$(grep -c ' integrity denied static$' $LP/policy)" 20
expect_probe "/dev/mem refused (static)" dev_mem EPERM
expect_probe "/dev/mem refused again (static)" dev_mem EPERM
expect_eq "DEV_MEM: 2 refusals, both the static LSM's" \
	"$(grep '^LOCKDOWN_DEV_MEM ' $LP/counters)" "LOCKDOWN_DEV_MEM 2 0 2 0"
expect_dmesg "the static LSM logs its refusal in its own words" \
	"Lockdown: ldprobe: /dev/mem,kmem,port is restricted; see man kernel_lockdown.7$"
expect_eq "ldpolicy status counts the static LSM's refusals" \
	"$(ldpolicy status | awk '$1 == "LOCKDOWN_DEV_MEM" { print $NF }')" 2
expect_eq "policy adds KCORE" "$(load_blob LOCKDOWN_KCORE)" ok
expect_probe "/proc/kcore refused (policy)" kcore EPERM
expect_eq "KCORE: denied policy" "$(lp_reason LOCKDOWN_KCORE)" "denied policy"
expect_eq "policy adds DEV_MEM too" "$(load_blob LOCKDOWN_KCORE LOCKDOWN_DEV_MEM)" ok
expect_eq "DEV_MEM: denied both" "$(lp_reason LOCKDOWN_DEV_MEM)" "denied both"
expect_probe "/dev/mem refused" dev_mem EPERM
expect_eq "now the policy, asked first, takes the refusal" \
	"$(grep '^LOCKDOWN_DEV_MEM ' $LP/counters)" "LOCKDOWN_DEV_MEM 3 1 2 0"
expect_dmesg "and logs it with the reason" \
	"Lockdown: ldprobe: /dev/mem,kmem,port is restricted; see man kernel_lockdown.7 (LOCKDOWN_DEV_MEM, lockdown_policy, pid"
expect_eq "KCORE counted by lockdown_policy" "$(lp_counter LOCKDOWN_KCORE)" 1
expect_eq "raise the static level to confidentiality" \
	"$(write_file /sys/kernel/security/lockdown confidentiality)" ok
expect_eq "KCORE: denied both" "$(lp_reason LOCKDOWN_KCORE)" "denied both"
expect_eq "PERF: denied static" "$(lp_reason LOCKDOWN_PERF)" "denied static"
