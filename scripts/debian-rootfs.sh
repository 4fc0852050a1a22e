#!/bin/bash
# A Debian 12 root filesystem for the boot scenarios (systemd-boot,
# initramfs-tools-boot), built once and cached, keyed by its package list.
#
# Usage: scripts/debian-rootfs.sh BUILD_DIR
#
# BUILD_DIR/debian/base-KEY/   debootstrap --variant=minbase bookworm with
#                              real systemd as PID 1, udev, initramfs-tools
#                              (and busybox and zstd, which it recommends
#                              and a Debian install has),
#                              and what the ldpolicy package depends on
# BUILD_DIR/debian/base        a symlink to it
# BUILD_DIR/debian/cache/      the downloaded packages, kept for a rebuild
#
# The mirror is the host's own (its apt sources), or DEBIAN_MIRROR. Needs
# root, as debootstrap does; nothing is mounted.
set -euo pipefail
build=$(realpath -m "$1")
die() { echo "debian-rootfs.sh: $*" >&2; exit 1; }

# What the boot scenarios need, and the package's Depends (debian/control:
# libbpf1, libssl3, libjansson4 and theirs).
packages=(systemd-sysv udev initramfs-tools busybox zstd kmod e2fsprogs libbpf1 libssl3 libjansson4)
suite=bookworm

[ "$(id -u)" = 0 ] || die "debootstrap needs root"
command -v debootstrap >/dev/null || die "'debootstrap' is not installed (scripts/deps.sh debian)"

# the first non-security URI of the host's apt sources (deb822 or one-line)
host_mirror() {
	{ cat /etc/apt/sources.list.d/*.sources 2>/dev/null | sed -n 's/^URIs: *//p'
	  sed -n 's/^deb \(\[[^]]*\] \)\?\([^ ]*\) .*/\2/p' /etc/apt/sources.list 2>/dev/null
	} | tr ' ' '\n' | grep -v -e security -e '^$' | head -n1
}
mirror=${DEBIAN_MIRROR:-$(host_mirror || true)}
mirror=${mirror:-http://deb.debian.org/debian}

key=$(printf '%s\n' "$suite" minbase "${packages[@]}" | sha256sum | cut -c1-16)
base=$build/debian/base-$key
if [ -f "$base/.done" ]; then
	ln -sfn "base-$key" "$build/debian/base"
	exit 0
fi

echo "  ROOTFS  debootstrap $suite minbase from $mirror: ${packages[*]}"
rm -rf "$build/debian"/base-*
mkdir -p "$build/debian/cache"
include=$(IFS=,; echo "${packages[*]}")
debootstrap --variant=minbase --include="$include" --cache-dir="$build/debian/cache" \
	"$suite" "$base" "$mirror" > "$build/debian/debootstrap.log" 2>&1 ||
	{ tail -n 20 "$build/debian/debootstrap.log" >&2; die "debootstrap failed: $build/debian/debootstrap.log"; }
# what a package's own build and tests never need here
rm -rf "$base"/var/cache/apt/archives/*.deb "$base"/var/lib/apt/lists/*
touch "$base/.done"
ln -sfn "base-$key" "$build/debian/base"
