#!/bin/bash
# A Debian root filesystem for the boot scenarios (systemd-boot,
# initramfs-tools-boot on the host's release, debian13-boot), built once
# and cached, keyed by its release and package list.
#
# Usage: scripts/debian-rootfs.sh BUILD_DIR SUITE
#
# SUITE: bookworm (Debian 12), trixie (Debian 13), or host: the release
# this machine runs (its /etc/os-release).
#
# BUILD_DIR/debian/SUITE/base-KEY/  debootstrap --variant=minbase SUITE with
#                              real systemd as PID 1, udev, initramfs-tools
#                              and zstd, what the ldpolicy package depends
#                              on, and what a kernel package needs
#                              (linux-base); on Debian 12 busybox too
#                              (initramfs-tools recommends it), on Debian 13
#                              none, as its minbase has it: the initramfs
#                              then has klibc's tools alone
# BUILD_DIR/debian/SUITE/base  a symlink to it
# BUILD_DIR/debian/cache/      the downloaded packages, kept for a rebuild
#
# Prints the root's directory. The mirror is the host's own (its apt
# sources, scripts/debian-mirror.sh), or DEBIAN_MIRROR. Needs root, as
# debootstrap does; nothing is mounted.
set -euo pipefail
build=$(realpath -m "$1")
suite=$2
top=$(cd "$(dirname "$0")/.." && pwd)
die() { echo "debian-rootfs.sh: $*" >&2; exit 1; }

if [ "$suite" = host ]; then
	suite=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
fi
# What the boot scenarios need, and the package's Depends (debian/control:
# libbpf1, libssl3, libjansson4 and theirs; libssl3t64 on Debian 13).
packages=(systemd-sysv udev initramfs-tools zstd kmod e2fsprogs libbpf1 libjansson4 linux-base)
case $suite in
bookworm) packages+=(busybox libssl3) ;;
trixie) packages+=(libssl3t64) ;;
*) die "unknown Debian release '$suite' (bookworm, trixie)" ;;
esac

[ "$(id -u)" = 0 ] || die "debootstrap needs root"
command -v debootstrap >/dev/null || die "'debootstrap' is not installed (scripts/deps.sh debian)"

read -r mirror _ < <("$top/scripts/debian-mirror.sh")

dir=$build/debian/$suite
key=$(printf '%s\n' "$suite" minbase "${packages[@]}" | sha256sum | cut -c1-16)
base=$dir/base-$key
if [ -f "$base/.done" ]; then
	ln -sfn "base-$key" "$dir/base"
	echo "$dir/base"
	exit 0
fi

echo "  ROOTFS  debootstrap $suite minbase from $mirror: ${packages[*]}" >&2
rm -rf "$dir"/base-*
mkdir -p "$build/debian/cache" "$dir"
include=$(IFS=,; echo "${packages[*]}")
debootstrap --variant=minbase --include="$include" --cache-dir="$build/debian/cache" \
	"$suite" "$base" "$mirror" > "$dir/debootstrap.log" 2>&1 ||
	{ tail -n 20 "$dir/debootstrap.log" >&2; die "debootstrap failed: $dir/debootstrap.log"; }
# what a package's own build and tests never need here
rm -rf "$base"/var/cache/apt/archives/*.deb "$base"/var/lib/apt/lists/*
touch "$base/.done"
ln -sfn "base-$key" "$dir/base"
echo "$dir/base"
