# kernel: debian12
# timeout: 180
# Learning mode on Debian 12's own kernel, through the BPF backend: a
# loaded policy warns about every reason, an observability agent is let
# through and named, the lattice allow < warn < deny holds, then ldpolicy
# suggest, check and load (tests/vm/guest/warn.sh).
. /lib/bpf.sh
WARN_BACKEND=bpf
. /lib/warn.sh
