# kernel: debian13-arm64
# timeout: 900
# Root against the BPF backend on Debian 13's own arm64 kernel, door by door, as
# the attackers of wave 2 walked through them (tests/vm/guest/bpf-doors.sh).
. /lib/bpf.sh
. /lib/bpf-doors-setup.sh
. /lib/bpf-doors.sh
