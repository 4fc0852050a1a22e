# kernel: test
# disk: debian
# initrd: none
# cmdline: root=/dev/vda rw rootfstype=ext4
# timeout: 300
# Loading at boot under real systemd: the host's Debian release with the
# ldpolicy package installed by dpkg -i (tests/vm/mkdebian.sh), systemd
# as PID 1, run by ldtest.service once the boot is complete.
# lockdown-policy.service ran before sysinit.target and before the units
# of it that reach what lockdown guards; the policy is in force; a broken
# file fails the unit where administrators look, with file:line:col, and
# the valid files stay in force (tests/vm/debian/boot-checks.sh).
. /usr/local/lib/ldtest/boot-checks.sh
debian_boot lockdown_policy
expect_eq "the LSM's own policy file agrees" "$(grep -c ' denied ' $LP/policy)" 3
