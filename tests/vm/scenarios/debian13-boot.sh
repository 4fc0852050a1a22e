# kernel: debian13
# disk: debian13
# initrd: debian13
# cmdline: root=/dev/vda rw
# timeout: 300
# Debian 13 as its users run it: trixie's own kernel package and systemd,
# the ldpolicy package installed by dpkg -i, and the initramfs the kernel
# package's postinst built with update-initramfs, our hook in it and no
# busybox (klibc's tools alone, as a minbase install has them). The boot
# policies are in force through the BPF backend before the root
# filesystem is mounted, as the initramfs' own check saw; then
# lockdown-policy.service loads them again, which adds nothing, before
# sysinit.target and the units that reach what lockdown guards, beside
# systemd's own BPF LSM program (tests/vm/debian/boot-checks.sh).
seen=/run/ldtest-initramfs
in_force="bpf: 2 of 28 reasons denied, not sealed (loads may tighten it)"

expect_eq "Debian 13's kernel" "$(uname -r | sed 's/^6\.12\.[0-9]*+deb13-amd64$/ok/')" ok
check "the initramfs has no busybox" sh -c "! lsinitramfs /boot/initrd.img-$(uname -r) | grep -q 'bin/busybox$'"
check "the initramfs ran its check (it handed over $seen)" test -s $seen
sed 's/^/# initramfs: /' $seen
expect_eq "the root filesystem was not mounted yet" "$(sed -n 's/^root-mounted: //p' $seen)" 0
expect_eq "the initramfs saw the shipped policy 10-coco.ldp includes in force" \
	"$(grep -c '^LOCKDOWN_DEV_MEM: denied (by policy)$' $seen)" 1
expect_eq "the initramfs saw 30-kcore.ldp in force" \
	"$(grep -c '^LOCKDOWN_KCORE: denied (by policy)$' $seen)" 1
expect_eq "the initramfs saw both, through the BPF backend" "$(grep -c "^$in_force\$" $seen)" 1

# the kernel log: the initramfs' check, then the root filesystem's mount
dmesg > /tmp/dmesg
at() { grep -n -- "$1" /tmp/dmesg | head -n1 | cut -d: -f1; }
check_at=$(at 'ldtest: initramfs check, before the root filesystem')
mount_at=$(at 'EXT4-fs (vda): mounted filesystem')
grep -e 'Run /init' -e 'ldtest: initramfs' -e 'EXT4-fs (vda)' /tmp/dmesg | sed 's/^/# dmesg: /'
if [ -n "$check_at" ] && [ -n "$mount_at" ] && [ "$check_at" -lt "$mount_at" ]; then
	ok "the kernel log: policy checked in force, then the root filesystem mounted"
else
	not_ok "the kernel log: policy checked in force, then the root filesystem mounted" \
		"check at line '$check_at', mount at '$mount_at'"
fi

. /usr/local/lib/ldtest/boot-checks.sh
debian_boot bpf

# systemd's bpf-restrict-fs: an LSM link PID 1 holds (BPF_LSM_MAC, 27)
n=0
for f in /proc/1/fdinfo/*; do
	grep -q '^attach_type:[[:space:]]*27$' "$f" 2>/dev/null && n=$((n + 1))
done
if [ $n -gt 0 ]; then
	ok "systemd's own BPF LSM program is attached beside ours ($n LSM link(s) held by PID 1)"
else
	skip "systemd's own BPF LSM program is attached beside ours" "PID 1 holds no BPF LSM link"
fi
