# kernel: debian13-arm64
# instances: forward reverse
# timeout: 900
# The per-reason matrix on Debian 13's own arm64 kernel, against the BPF backend:
# each reason denied in turn, in table order and in reverse
# (tests/vm/guest/bpf.sh says why two boots show what one per reason would).
. /lib/bpf.sh
bpf_matrix "$ldarg"
