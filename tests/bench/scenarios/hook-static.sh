# kernel: bpf
# cmdline: lsm=lockdown,capability
# timeout: 600
# icount: 0
# make bench, the hook: static lockdown alone. The 6.12 kernel built
# without lockdown_policy (bpf.config), with the BPF LSM left out (lsm=),
# so security_locked_down() has one hook: the baseline of every ratio.
. /lib/hookbench.sh
HB_CONFIG=static HB_KCORE=0
expect_eq "static: lockdown is the only lockdown LSM (ima has no locked_down hook)" \
	"$(cat /sys/kernel/security/lsm)" "lockdown,capability,ima"
hookbench_run
