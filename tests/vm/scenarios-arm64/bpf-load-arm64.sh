# kernel: debian13-arm64
# timeout: 900
# ldpolicy on Debian 13's own arm64 kernel, unmodified: the BPF backend chosen by
# itself, and every command on it (tests/vm/guest/bpf-load.sh).
. /lib/bpf.sh
. /lib/bpf-load.sh
