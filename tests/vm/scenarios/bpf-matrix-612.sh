# kernel: bpf
# cmdline: msr.allow_writes=on kgdboc=ttyS3
# instances: forward reverse
# timeout: 300
# The per-reason matrix on our 6.12 kernel without lockdown_policy, against
# the BPF backend (tests/vm/guest/bpf.sh).
. /lib/bpf.sh
bpf_matrix "$ldarg"
