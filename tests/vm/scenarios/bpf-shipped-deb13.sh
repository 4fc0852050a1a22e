# kernel: debian13
# timeout: 300
# The shipped policies on Debian 13's own kernel, through the BPF backend,
# each tightening the one before: the whole matrix after each.
. /lib/bpf.sh
bpf_shipped
