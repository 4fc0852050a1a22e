# cmdline:
# kunit: lockdown_policy*
# KUnit suites of the lockdown_policy LSM (kernel/security/lockdown_policy/):
# blob validation, the policy state, the command-line parser, the reason
# table. They use private state; this checks the policy in force is still
# empty after them.

expect_eq "no reason denied after the suites" \
	"$(grep -c ' denied ' /sys/kernel/security/lockdown_policy/policy)" 0
