# kernel: bpf
# timeout: 120
# ldpolicy on our 6.12 kernel built without lockdown_policy, with the BPF
# LSM: the BPF backend and every command on it (tests/vm/guest/bpf-load.sh).
. /lib/bpf.sh
. /lib/bpf-load.sh
