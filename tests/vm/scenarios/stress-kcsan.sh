# kernel: kcsan
# smp: 2
# timeout: 240
# kunit: lockdown_static*
# cmdline: lockdown_policy_warn=perf
# Concurrency under KCSAN, the kernel's data-race detector, on two CPUs:
# first the static lockdown LSM's KUnit suites, whose race test raises one
# level from both CPUs at once, round after round, then the stress run of
# tests/vm/guest/stress.sh, for 15 seconds (KCSAN slows the kernel; the
# debug kernel's stress runs 25). A data race KCSAN sees is a splat, and
# fails the scenario.
STRESS_SECONDS=15
. /lib/stress.sh
