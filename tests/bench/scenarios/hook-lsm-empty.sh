# timeout: 600
# icount: 0
# make bench, the hook: static lockdown and lockdown_policy with nothing
# denied (the test kernel, no policy given).
. /lib/hookbench.sh
HB_CONFIG=lsm-empty HB_KCORE=0
expect_eq "lsm-empty: nothing denied by the policy" \
	"$(grep -c ' denied policy\| denied both' /sys/kernel/security/lockdown_policy/policy)" 0
hookbench_run
