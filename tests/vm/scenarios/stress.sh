# kernel: debug
# smp: 2
# timeout: 240
# cmdline: lockdown_policy_warn=perf
# Concurrency on the debug kernel (KASAN, lockdep, atomic-sleep checks),
# on two CPUs: see tests/vm/guest/stress.sh. The static level's race test
# runs on this kernel in kunit-debug.
. /lib/stress.sh
