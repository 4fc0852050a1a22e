# cmdline: lockdown_policy=LOCKDOWN_DEV_MEM,kcore,bogus_reason
# lockdown_policy= on the command line: known names apply from boot,
# unknown ones are reported and skipped. Every architecture parses early
# parameters inside setup_arch(), and early_security_init() starts the
# early LSMs right after it: the parameter is applied before
# lockdown_policy starts, and both before the memory allocator is up.

expect_eq "LOCKDOWN_DEV_MEM denied by policy" "$(lp_reason LOCKDOWN_DEV_MEM)" "denied policy"
expect_eq "short form kcore denied" "$(lp_reason LOCKDOWN_KCORE)" "denied policy"
expect_eq "nothing else denied" "$(grep -c ' denied ' $LP/policy)" 2
expect_dmesg "unknown name reported" \
	"lockdown_policy: lockdown_policy=: unknown reason 'bogus_reason' ignored"
expect_dmesg "count logged" "lockdown_policy: 2 reasons denied after the command line"
line() { dmesg | grep -n -m1 -- "$1" | cut -d: -f1; }
param=$(line 'reasons denied after the command line')
lsm=$(line 'lockdown_policy: initialised')
mem=$(line '] Memory: ')
check "lockdown_policy= applied (log line $param) before the LSM starts ($lsm)" \
	test "$param" -lt "$lsm"
check "the LSM starts ($lsm) before the memory allocator is up ($mem): an early LSM" \
	test "$lsm" -lt "$mem"
expect_probe "/dev/mem refused from boot" dev_mem EPERM
expect_probe "/proc/kcore refused from boot" kcore EPERM
expect_probe "ioperm granted" ioperm allowed
expect_eq "a load must keep the boot denials" "$(load_blob LOCKDOWN_DEV_MEM)" EPERM
expect_eq "a superset load is accepted" \
	"$(load_blob LOCKDOWN_DEV_MEM LOCKDOWN_KCORE LOCKDOWN_IOPORT)" ok
expect_probe "ioperm refused after it" ioperm EPERM
