# cmdline: lockdown_policy=LOCKDOWN_DEV_MEM,kcore,bogus_reason
# lockdown_policy= on the command line: known names apply from boot,
# unknown ones are reported and skipped.

expect_eq "LOCKDOWN_DEV_MEM denied by policy" "$(lp_reason LOCKDOWN_DEV_MEM)" "denied policy"
expect_eq "short form kcore denied" "$(lp_reason LOCKDOWN_KCORE)" "denied policy"
expect_eq "nothing else denied" "$(grep -c ' denied ' $LP/policy)" 2
expect_dmesg "unknown name reported" \
	"lockdown_policy: lockdown_policy=: unknown reason 'bogus_reason' ignored"
expect_dmesg "count logged" "lockdown_policy: 2 reasons denied after the command line"
expect_probe "/dev/mem refused from boot" dev_mem EPERM
expect_probe "/proc/kcore refused from boot" kcore EPERM
expect_probe "ioperm granted" ioperm allowed
expect_eq "a load must keep the boot denials" "$(load_blob LOCKDOWN_DEV_MEM)" EPERM
expect_eq "a superset load is accepted" \
	"$(load_blob LOCKDOWN_DEV_MEM LOCKDOWN_KCORE LOCKDOWN_IOPORT)" ok
expect_probe "ioperm refused after it" ioperm EPERM
