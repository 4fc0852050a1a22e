# kernel: debian12
# timeout: 180
# Paths Debian 12's own kernel asks no lockdown reason for, open, then
# closed by the BPF backend (tests/vm/guest/bpf-unasked.sh).
. /lib/bpf.sh
. /lib/bpf-unasked.sh
