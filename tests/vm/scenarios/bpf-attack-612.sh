# kernel: bpf
# cmdline: kgdboc=ttyS3
# ide: attack
# timeout: 300
# The reason model of 6.12 proved by attack on our 6.12 kernel, through the BPF
# backend, in one boot (tests/vm/guest/attack.sh): every grant with an
# attack shown with every other reason denied or unasked, and refused once
# its reason is denied; with every reason denied, every path that asks no
# reason open, closed or absent as ldpolicy says; last, kexec: unsigned
# code loaded while LOCKDOWN_KEXEC is allowed is unloaded when ldpolicy
# load denies it, and nothing runs after.
. /lib/attack.sh
attack_suite LOCKDOWN_KEXEC
