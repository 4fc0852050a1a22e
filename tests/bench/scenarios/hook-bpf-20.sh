# kernel: bpf
# timeout: 600
# icount: 0
# make bench, the hook: static lockdown and the BPF backend denying the
# same 20 reasons as lsm-20, loaded by ldpolicy on the 6.12 kernel built
# without lockdown_policy.
. /lib/hookbench.sh
HB_CONFIG=bpf-20 HB_KCORE=-1
hookbench_policy > /tmp/bench.ldp
check "bpf-20: ldpolicy load (BPF backend)" ldpolicy load --backend bpf /tmp/bench.ldp
expect_eq "bpf-20: the backend denies 20 reasons" \
	"$(ldpolicy status | head -n 1 | cut -d, -f1)" "bpf: 20 of 28 reasons denied"
hookbench_run
