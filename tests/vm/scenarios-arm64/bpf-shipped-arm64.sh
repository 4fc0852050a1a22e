# kernel: debian13-arm64
# timeout: 900
# The shipped policies on Debian 13's own arm64 kernel, through the BPF backend,
# each tightening the one before: the whole matrix after each.
. /lib/bpf.sh
bpf_shipped
