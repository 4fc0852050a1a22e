# kernel: bpf
# cmdline: msr.allow_writes=on kgdboc=ttyS3
# timeout: 300
# The shipped policies on our 6.12 kernel through the BPF backend, each
# tightening the one before: the whole matrix after each.
. /lib/bpf.sh
bpf_shipped
