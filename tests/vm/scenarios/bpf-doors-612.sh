# kernel: bpf
# timeout: 300
# Root against the BPF backend on our 6.12 kernel without lockdown_policy,
# door by door (tests/vm/guest/bpf-doors.sh).
. /lib/bpf.sh
. /lib/bpf-doors-setup.sh
. /lib/bpf-doors.sh
