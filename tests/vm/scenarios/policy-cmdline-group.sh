# cmdline: lockdown_policy=integrity
# The integrity group on the command line denies every integrity reason
# and no confidentiality reason, and raises the static level to integrity
# from boot, so that what tools read tells the truth.

expect_eq "20 integrity reasons denied, by the policy and the level it raised" \
	"$(grep -c ' integrity denied both$' $LP/policy)" 20
expect_eq "no confidentiality reason denied" \
	"$(grep -c ' confidentiality denied' $LP/policy)" 0
expect_probe "/dev/mem refused" dev_mem EPERM
expect_probe "iopl refused" iopl EPERM
expect_probe "/proc/kcore opens" kcore allowed
expect_eq "the static level reads integrity" \
	"$(cat /sys/kernel/security/lockdown)" "none [integrity] confidentiality"
expect_dmesg "raised at boot, through the static LSM's own path" \
	"Kernel is locked down from lockdown_policy; see man kernel_lockdown.7"
expect_eq "/dev/mem: refused and counted by the policy, which answers first" \
	"$(grep '^LOCKDOWN_DEV_MEM ' $LP/counters)" "LOCKDOWN_DEV_MEM 1 1 0 0"
