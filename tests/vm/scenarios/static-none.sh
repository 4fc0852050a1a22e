# cmdline:
# Static lockdown LSM, no lockdown= on the command line: the early LSMs
# first (lockdown_policy, linked before it, then lockdown), level none,
# and neither an integrity nor a confidentiality path refused.

lsm=$(cat /sys/kernel/security/lsm)
expect_eq "lsm lists the early LSMs first" "$(echo "$lsm" | cut -d, -f1-2)" lockdown_policy,lockdown
expect_eq "lockdown level reads none" "$(cat /sys/kernel/security/lockdown)" \
	"[none] integrity confidentiality"
expect_probe "integrity path /dev/mem opens" dev_mem allowed
expect_probe "integrity path ioperm is granted" ioperm allowed
expect_probe "confidentiality path /proc/kcore opens" kcore allowed
if dmesg | grep -q "Lockdown:"; then
	not_ok "no lockdown notice in the kernel log" "$(dmesg | grep Lockdown:)"
else
	ok "no lockdown notice in the kernel log"
fi
