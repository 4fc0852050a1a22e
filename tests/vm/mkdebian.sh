#!/bin/bash
# A Debian disk image the boot scenarios boot (# disk: NAME), and the
# initramfs update-initramfs builds inside it.
#
# Usage: tests/vm/mkdebian.sh BUILD ROOTFS KERNEL DEB IMAGE INITRD SCENARIO...
#
# From a cached root filesystem (ROOTFS, scripts/debian-rootfs.sh), a
# copy with:
#   - the ldpolicy package (DEB), installed with dpkg -i, as an
#     administrator would: its unit enabled, its initramfs hook in place;
#   - the kernel: KERNEL is KTREE:KOBJ, a kernel built here, whose modules
#     and configuration are installed as its package would; or Debian's
#     own kernel package (a linux-image-*.deb), installed with dpkg -i,
#     whose own hooks run update-initramfs;
#   - two boot policies in /etc/lockdown-policy.d, one including a shipped
#     policy (tests/vm/debian/lockdown-policy.d), and two more for later
#     (tests/vm/debian/later);
#   - the scenario harness: ldtest.service, which runs the scenario the
#     kernel command line names once the boot is complete, the TAP helpers,
#     the probes, and an initramfs-tools script that checks the policy
#     before the root filesystem is mounted.
# Then update-initramfs -c -k VERSION inside that root (chroot) writes
# INITRD (for a kernel package, its own postinst already did), and
# mkfs.ext4 -d writes the root into IMAGE: no loop device, no mount.
# Needs root, for chroot and for the files' owners.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(realpath -m "$1") rootfs=$(realpath "$2") kernel=$3 deb=$(realpath "$4")
image=$(realpath -m "$5") initrd=$(realpath -m "$6")
shift 6
die() { echo "mkdebian.sh: $*" >&2; exit 1; }
[ -f "$rootfs/.done" ] || die "no root filesystem $rootfs (scripts/debian-rootfs.sh)"

name=$(basename "$image" .img)
root=$build/debian/root-$name
log=$build/debian/$name.log
rm -rf "$root"
cp -a "$rootfs/." "$root"
mkdir -p "$(dirname "$log")"
: > "$log"
in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LC_ALL=C "$@" >> "$log" 2>&1; }

cp "$deb" "$root/tmp/ldpolicy.deb"
in_root dpkg -i /tmp/ldpolicy.deb || die "dpkg -i failed: $log"
rm "$root/tmp/ldpolicy.deb"

case $kernel in
*.deb)
	kver=$(dpkg-deb -f "$kernel" Package)
	kver=${kver#linux-image-}
	;;
*:*)
	ktree=$(realpath "${kernel%%:*}") kobj=$(realpath "${kernel#*:}")
	kver=$(cat "$kobj/include/config/kernel.release")
	make -s -C "$ktree" O="$kobj" ARCH=x86_64 INSTALL_MOD_PATH="$root" INSTALL_MOD_STRIP=1 \
		modules_install >> "$log" 2>&1 || die "modules_install failed: $log"
	cp "$kobj/.config" "$root/boot/config-$kver"
	;;
*) die "KERNEL is KTREE:KOBJ or a linux-image .deb, not '$kernel'" ;;
esac

install -m 0644 "$here"/debian/lockdown-policy.d/*.ldp "$root/etc/lockdown-policy.d/"

lib=$root/usr/local/lib/ldtest
install -D -m 0644 -t "$lib" "$here/guest/ldtest.sh" "$here/debian/boot-checks.sh"
install -D -m 0755 -t "$lib" "$here/debian/ldtest-run"
install -D -m 0644 -t "$lib/scenarios" "$@"
install -D -m 0644 -t "$lib/later" "$here"/debian/later/*.ldp
install -D -m 0755 -t "$root/usr/local/bin" "$build/vm/bin/ldprobe" "$build/vm/bin/ldwrite"
install -D -m 0644 -t "$root/etc/systemd/system" "$here/debian/ldtest.service"
mkdir -p "$root/etc/systemd/system/multi-user.target.wants"
ln -sf ../ldtest.service "$root/etc/systemd/system/multi-user.target.wants/ldtest.service"
install -D -m 0755 -t "$root/etc/initramfs-tools/scripts/local-top" \
	"$here/debian/initramfs-tools/scripts/local-top/ldtest"
# the root's type, which update-initramfs cannot see from a chroot: as for
# any image built for another machine (initramfs.conf, FSTYPE)
echo FSTYPE=ext4 > "$root/etc/initramfs-tools/conf.d/ldtest"
echo ldtest > "$root/etc/hostname"
echo '/dev/vda / ext4 rw,errors=remount-ro 0 1' > "$root/etc/fstab"

if [ "${kernel%.deb}" != "$kernel" ]; then
	# the package, as apt would install it: its postinst runs
	# update-initramfs (/etc/kernel/postinst.d), with the hooks above
	cp "$kernel" "$root/tmp/linux-image.deb"
	in_root dpkg -i /tmp/linux-image.deb || die "dpkg -i $(basename "$kernel") failed: $log"
	rm "$root/tmp/linux-image.deb"
else
	in_root update-initramfs -c -k "$kver" || die "update-initramfs failed: $log"
fi
[ -f "$root/boot/initrd.img-$kver" ] || die "no initramfs for $kver: $log"
cp "$root/boot/initrd.img-$kver" "$initrd.tmp"
mv "$initrd.tmp" "$initrd"

rm -f "$image.tmp"
# room for the root and as much again (sparse: only what is used is written)
size=$(( $(du -sm "$root" | cut -f1) * 2 + 256 ))
[ $size -ge 1024 ] || size=1024
mkfs.ext4 -q -F -L ldtest -E root_owner=0:0 -d "$root" "$image.tmp" ${size}M >> "$log" 2>&1 ||
	die "mkfs.ext4 failed: $log"
mv "$image.tmp" "$image"
rm -rf "$root"
echo "  IMAGE   $image ($(du -sh --apparent-size "$image" | cut -f1) sparse,"\
	"$(du -sh "$image" | cut -f1) used), $initrd"
