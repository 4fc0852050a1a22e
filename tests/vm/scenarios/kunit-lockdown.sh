# cmdline:
# kunit: lockdown_static*
# KUnit suites of the static lockdown LSM (kernel/security/lockdown/). They
# raise the lockdown level while they run, so they get a boot of their own.
# The host reads their KTAP from the console; this checks they left the
# level as they found it.

expect_eq "level back to none after the suites" \
	"$(cat /sys/kernel/security/lockdown)" "[none] integrity confidentiality"
