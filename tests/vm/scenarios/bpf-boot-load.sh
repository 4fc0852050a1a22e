# kernel: debian12
# timeout: 120
# Loading at boot on Debian 12's own kernel: the same loader sets the BPF
# backend up and loads the valid policies into it (tests/vm/guest/boot.sh).
. /lib/boot.sh
boot_load bpf
