# cmdline:
# kunit: lockdown_static*
# KUnit suites of the static lockdown LSM (kernel/security/lockdown/). They
# work on lockdown levels of their own and never touch the one in force;
# the host reads their KTAP from the console, and this checks the level in
# force is what the boot set.

expect_eq "level back to none after the suites" \
	"$(cat /sys/kernel/security/lockdown)" "[none] integrity confidentiality"
