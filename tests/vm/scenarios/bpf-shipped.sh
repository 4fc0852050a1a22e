# kernel: debian12
# timeout: 300
# The shipped policies on Debian 12's own kernel, through the BPF backend,
# each tightening the one before: the whole matrix after each.
. /lib/bpf.sh
bpf_shipped
