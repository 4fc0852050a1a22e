#!/bin/bash
# The Debian 12 disk image the boot scenarios boot (# disk: debian), and
# the initramfs update-initramfs builds inside it.
#
# Usage: tests/vm/mkdebian.sh BUILD KTREE KOBJ DEB IMAGE INITRD SCENARIO...
#
# From the cached root filesystem (scripts/debian-rootfs.sh), a copy with:
#   - the ldpolicy package (DEB), installed with dpkg -i, as an
#     administrator would: its unit enabled, its initramfs hook in place;
#   - the test kernel's modules and configuration (KOBJ), as its package
#     would install them;
#   - two boot policies in /etc/lockdown-policy.d, one including a shipped
#     policy (tests/vm/debian/lockdown-policy.d), and two more for later
#     (tests/vm/debian/later);
#   - the scenario harness: ldtest.service, which runs the scenario the
#     kernel command line names once the boot is complete, the TAP helpers,
#     the probes, and an initramfs-tools script that checks the policy
#     before the root filesystem is mounted.
# Then update-initramfs -c -k VERSION inside that root (chroot) writes
# INITRD, and mkfs.ext4 -d writes the root into IMAGE: no loop device, no
# mount. Needs root, for chroot and for the files' owners.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(realpath -m "$1") ktree=$(realpath "$2") kobj=$(realpath "$3") deb=$(realpath "$4")
image=$(realpath -m "$5") initrd=$(realpath -m "$6")
shift 6
die() { echo "mkdebian.sh: $*" >&2; exit 1; }
[ -f "$build/debian/base/.done" ] || die "no root filesystem (scripts/debian-rootfs.sh $build)"

root=$build/debian/root
log=$build/debian/image.log
kver=$(cat "$kobj/include/config/kernel.release")
rm -rf "$root"
cp -a "$build/debian/base/." "$root"
: > "$log"
in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LC_ALL=C "$@" >> "$log" 2>&1; }

cp "$deb" "$root/tmp/ldpolicy.deb"
in_root dpkg -i /tmp/ldpolicy.deb || die "dpkg -i failed: $log"
rm "$root/tmp/ldpolicy.deb"

make -s -C "$ktree" O="$kobj" ARCH=x86_64 INSTALL_MOD_PATH="$root" INSTALL_MOD_STRIP=1 \
	modules_install >> "$log" 2>&1 || die "modules_install failed: $log"
cp "$kobj/.config" "$root/boot/config-$kver"

install -m 0644 "$here"/debian/lockdown-policy.d/*.ldp "$root/etc/lockdown-policy.d/"

lib=$root/usr/local/lib/ldtest
install -D -m 0644 -t "$lib" "$here/guest/ldtest.sh"
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

in_root update-initramfs -c -k "$kver" || die "update-initramfs failed: $log"
cp "$root/boot/initrd.img-$kver" "$initrd.tmp"
mv "$initrd.tmp" "$initrd"

rm -f "$image.tmp"
mkfs.ext4 -q -F -L ldtest -E root_owner=0:0 -d "$root" "$image.tmp" 1G >> "$log" 2>&1 ||
	die "mkfs.ext4 failed: $log"
mv "$image.tmp" "$image"
rm -rf "$root"
echo "  IMAGE   $image ($(du -sh --apparent-size "$image" | cut -f1) sparse,"\
	"$(du -sh "$image" | cut -f1) used), $initrd"
