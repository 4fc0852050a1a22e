# kernel: debian13
# timeout: 240
# Root against the BPF backend on Debian 13's own kernel: every door, and
# the denial still in force after each (tests/vm/guest/bpf-adversarial.sh).
. /lib/bpf.sh
. /lib/bpf-adversarial.sh
