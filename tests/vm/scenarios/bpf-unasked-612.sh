# kernel: bpf
# timeout: 180
# Paths our 6.12 kernel without lockdown_policy asks no lockdown reason
# for, open, then closed by the BPF backend (tests/vm/guest/bpf-unasked.sh).
. /lib/bpf.sh
. /lib/bpf-unasked.sh
