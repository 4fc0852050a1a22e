# cmdline:
# Loading at boot into lockdown_policy: the initramfs-tools init-top script
# runs the loader on a policy directory with a broken file between two
# valid ones (tests/vm/guest/boot.sh).
. /lib/boot.sh
boot_load lockdown_policy
expect_eq "the kernel's own view: 10-coco.ldp in force" "$(lp_reason LOCKDOWN_DEV_MEM)" "denied policy"
expect_eq "the kernel's own view: 30-kcore.ldp in force" "$(lp_reason LOCKDOWN_KCORE)" "denied policy"
expect_eq "the kernel's own view: nothing else" "$(grep -c ' denied ' $LP/policy)" 2
