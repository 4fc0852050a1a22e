# kernel: test
# disk: debian
# initrd: debian
# cmdline: root=/dev/vda rw
# timeout: 300
# Loading at boot from the initramfs update-initramfs built inside the
# Debian image (tests/vm/mkdebian.sh), with the package's hook: the
# policy is in force before the root filesystem is mounted, as a check
# the initramfs runs (local-top, after init-top/lockdown-policy) saw, and
# as the kernel log's order shows. Then systemd's unit loads the same
# files again, which adds nothing.
seen=/run/ldtest-initramfs
in_force="lockdown_policy: 2 of 28 reasons denied, not sealed (loads may tighten it)"

check "the initramfs ran its check (it handed over $seen)" test -s $seen
sed 's/^/# initramfs: /' $seen
expect_eq "the root filesystem was not mounted yet" "$(sed -n 's/^root-mounted: //p' $seen)" 0
expect_eq "the initramfs saw the shipped policy 10-coco.ldp includes in force" \
	"$(grep -c '^LOCKDOWN_DEV_MEM: denied (by policy)$' $seen)" 1
expect_eq "the initramfs saw 30-kcore.ldp in force" \
	"$(grep -c '^LOCKDOWN_KCORE: denied (by policy)$' $seen)" 1
expect_eq "the initramfs saw both, nothing else" "$(grep -c "^$in_force\$" $seen)" 1

# The kernel log: the load from the initramfs (its first), the
# initramfs' check, then the root filesystem's mount.
dmesg > /tmp/dmesg
at() { grep -n -- "$1" /tmp/dmesg | head -n1 | cut -d: -f1; }
load_at=$(at 'lockdown_policy: policy 1 loaded by ldpolicy')
check_at=$(at 'ldtest: initramfs check, before the root filesystem')
mount_at=$(at 'EXT4-fs (vda): mounted filesystem')
grep -e 'Run /init' -e 'ldtest: initramfs' -e 'EXT4-fs (vda)' -e 'lockdown_policy: policy' /tmp/dmesg |
	sed 's/^/# dmesg: /'
if [ -n "$load_at" ] && [ -n "$check_at" ] && [ -n "$mount_at" ] &&
	[ "$load_at" -lt "$check_at" ] && [ "$check_at" -lt "$mount_at" ]; then
	ok "the kernel log: policy loaded, checked, then the root filesystem mounted"
else
	not_ok "the kernel log: policy loaded, checked, then the root filesystem mounted" \
		"load at line '$load_at', check at '$check_at', mount at '$mount_at'"
fi

expect_eq "lockdown-policy.service ran again, and succeeded" \
	"$(systemctl show -P Result lockdown-policy.service)" success
expect_eq "which added nothing" "$(ldpolicy status | head -n1)" "$in_force"
expect_probe "/dev/mem refused" dev_mem EPERM
expect_probe "/proc/kcore refused" kcore EPERM
