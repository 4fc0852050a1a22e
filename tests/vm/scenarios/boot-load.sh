# cmdline:
# Loading at boot: the initramfs-tools init-top script runs the loader on
# a policy directory with a broken file between two valid ones. The valid
# ones apply, the broken one is reported with its location, the loader
# fails (so the systemd unit would).

export LOCKDOWN_POLICY_DIR=/boot-test/lockdown-policy.d
/usr/sbin/lockdown-policy-load > /tmp/out 2>&1
expect_eq "the loader exits 1" "$?" 1
expect_eq "the broken file is reported, with line and column" \
	"$(grep -c '20-broken.ldp:2:21: error: unknown reason' /tmp/out)" 1
expect_eq "the loader says the valid policies are in force" \
	"$(grep -c 'FAILED to load some of /boot-test/lockdown-policy.d' /tmp/out)" 1
expect_eq "10-coco.ldp in force" "$(lp_reason LOCKDOWN_DEV_MEM)" "denied policy"
expect_eq "30-kcore.ldp in force" "$(lp_reason LOCKDOWN_KCORE)" "denied policy"
expect_eq "nothing else" "$(grep -c ' denied ' $LP/policy)" 2
expect_probe "/dev/mem refused" dev_mem EPERM
expect_probe "/proc/kcore refused" kcore EPERM

/scripts/init-top/lockdown-policy > /tmp/out2 2>&1
expect_eq "the init-top script never fails the boot" "$?" 0
expect_eq "running it again changes nothing" "$(grep -c ' denied ' $LP/policy)" 2

mkdir -p /tmp/good
cp /boot-test/lockdown-policy.d/10-coco.ldp /boot-test/lockdown-policy.d/30-kcore.ldp /tmp/good/
LOCKDOWN_POLICY_DIR=/tmp/good /usr/sbin/lockdown-policy-load > /tmp/out3 2>&1
expect_eq "with only valid files the loader exits 0" "$?" 0
LOCKDOWN_POLICY_DIR=/tmp/empty /usr/sbin/lockdown-policy-load > /tmp/out4 2>&1
expect_eq "an empty directory is not an error" "$?" 0
