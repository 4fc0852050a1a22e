# kernel: bpf
# timeout: 240
# Root against the BPF backend on our 6.12 kernel without lockdown_policy
# (tests/vm/guest/bpf-adversarial.sh).
. /lib/bpf.sh
. /lib/bpf-adversarial.sh
