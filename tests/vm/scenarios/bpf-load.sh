# kernel: debian12
# timeout: 180
# ldpolicy on Debian 12's own kernel, unmodified: the BPF backend chosen by
# itself, and every command on it (tests/vm/guest/bpf-load.sh).
. /lib/bpf.sh
. /lib/bpf-load.sh
