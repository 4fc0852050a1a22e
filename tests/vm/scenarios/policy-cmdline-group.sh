# cmdline: lockdown_policy=integrity
# The integrity group on the command line denies every integrity reason
# and no confidentiality reason.

expect_eq "20 integrity reasons denied" \
	"$(grep -c ' integrity denied policy$' $LP/policy)" 20
expect_eq "no confidentiality reason denied" \
	"$(grep -c ' confidentiality denied' $LP/policy)" 0
expect_probe "/dev/mem refused" dev_mem EPERM
expect_probe "iopl refused" iopl EPERM
expect_probe "/proc/kcore opens" kcore allowed
expect_eq "the static level is untouched" \
	"$(cat /sys/kernel/security/lockdown)" "[none] integrity confidentiality"
