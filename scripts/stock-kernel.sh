#!/bin/bash
# Fetch Debian 12's own kernel, unmodified, for the BPF backend's
# scenarios: the current linux-image-6.1.0-*-amd64 that linux-image-amd64
# depends on, cached by package version.
#
# Usage: scripts/stock-kernel.sh BUILD_DIR
#
# BUILD_DIR/stock/PACKAGE_VERSION_RECIPE/   one fetched version (RECIPE:
#                                    a hash of this script):
#   vmlinuz, config                  the kernel and its configuration
#   modules/                         what the VM loads, as /modules/ in
#                                    its initramfs (tests/vm/tools/probes.c):
#     autoload/NN-NAME.ko            loaded at boot, in this order (msr,
#                                    xfrm_user and ah4 with their dependencies),
#                                    with the arguments in NN-NAME.ko.args
#     unsigned.ko                    a Debian module, its signature stripped
#     hwparam.ko, hwparam.param      a signed module with a hardware parameter
#     slram/NN-NAME.ko               slram and what it needs, in load order
#                                    (the attack suite's slram-write)
# BUILD_DIR/stock/current            a symlink to the version in use
#
# Nothing is fetched when the current version is cached. Without network
# a cached version is used, and said so; with none, this fails.
set -euo pipefail

build=$(realpath -m "$1")
stock=$build/stock
die() { echo "stock-kernel.sh: $*" >&2; exit 1; }
for t in apt-get apt-cache dpkg-deb modinfo od; do
	command -v "$t" >/dev/null || die "'$t' is not installed (scripts/deps.sh stock)"
done
mkdir -p "$stock"

# The package linux-image-amd64 points at, and its version.
pick() {
	apt-cache depends linux-image-amd64 2>/dev/null |
		awk '/Depends: linux-image-[0-9].*-amd64$/ { print $2; exit }'
}
pkg=$(pick)
if [ -z "$pkg" ] && [ "$(id -u)" = 0 ]; then
	apt-get update -q >/dev/null 2>&1 || true
	pkg=$(pick)
fi
version=
[ -z "$pkg" ] || version=$(apt-cache show --no-all-versions "$pkg" 2>/dev/null |
	awk '/^Version:/ { print $2; exit }')
if [ -z "$version" ]; then
	[ -e "$stock/current/vmlinuz" ] ||
		die "cannot tell which Debian kernel is current (apt-cache), and none is cached"
	echo "stock-kernel.sh: cannot ask apt which kernel is current; using the cached $(readlink "$stock/current")" >&2
	exit 0
fi
# what this script takes from the package is part of the cache's name:
# a change to it (a module more) fetches again
recipe=$(sha256sum "$0" | cut -c1-8)
dir=$stock/${pkg}_${version}_$recipe
if [ -f "$dir/.done" ]; then
	[ "$(readlink "$stock/current" 2>/dev/null)" = "$(basename "$dir")" ] ||
		ln -sfn "$(basename "$dir")" "$stock/current"
	exit 0
fi

echo "  FETCH   $pkg $version"
tmp=$(mktemp -d "$stock/fetch.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
if ! (cd "$tmp" && apt-get download -q "$pkg=$version" >/dev/null 2>&1); then
	if [ -e "$stock/current/vmlinuz" ]; then
		echo "stock-kernel.sh: cannot download $pkg $version; using the cached $(readlink "$stock/current")" >&2
		exit 0
	fi
	die "cannot download $pkg $version (apt-get download)"
fi
dpkg-deb -x "$tmp"/*.deb "$tmp/x"
kver=${pkg#linux-image-}
mods=$tmp/x/lib/modules/$kver
[ -f "$tmp/x/boot/vmlinuz-$kver" ] && [ -d "$mods" ] || die "$pkg has no vmlinuz-$kver or modules"

out=$tmp/out
mkdir -p "$out/modules/autoload"
cp "$tmp/x/boot/vmlinuz-$kver" "$out/vmlinuz"
cp "$tmp/x/boot/config-$kver" "$out/config"

ko() { # NAME: the module's file in the package
	local f
	f=$(find "$mods/kernel" -name "$1.ko" | head -n1)
	[ -n "$f" ] || die "$pkg has no module $1"
	echo "$f"
}
n=0
autoload() { # NAME...: with their dependencies first, each once
	local m d f
	for m in "$@"; do
		f=$(ko "$m")
		d=$(modinfo -F depends "$f" | tr ',' ' ')
		# shellcheck disable=SC2086
		[ -z "$d" ] || autoload $d
		ls "$out/modules/autoload" | grep -q -- "-$m.ko$" && continue
		n=$((n + 1))
		cp "$f" "$out/modules/autoload/$(printf '%02d' $n)-$m.ko"
	done
}
# /dev/cpu/0/msr for LOCKDOWN_MSR (writes allowed, as msr.allow_writes=on
# does for the built-in driver); NETLINK_XFRM and AH for LOCKDOWN_XFRM_SECRET;
# PF_KEY, which hands out the same keys without asking it
autoload msr xfrm_user ah4 af_key
echo allow_writes=on > "$out/modules/autoload/01-msr.ko.args"

# The attack suite's (tests/vm/tools/attack_kernel.c, attack_pfkey.c):
# modules it loads itself, signed, with what they need first.
set_of() { # DIR NAME: NAME and its dependencies into modules/DIR, in load order
	local m d f
	f=$(ko "$2")
	d=$(modinfo -F depends "$f" | tr ',' ' ')
	for m in $d; do set_of "$1" "$m"; done
	mkdir -p "$out/modules/$1"
	ls "$out/modules/$1" | grep -q -- "-$2.ko$" && return
	cp "$f" "$out/modules/$1/$(printf '%02d' $(($(ls "$out/modules/$1" | wc -l) + 1)))-$2.ko"
}
set_of slram slram

# LOCKDOWN_MODULE_SIGNATURE: crc-itu-t, no dependencies, its appended
# signature cut off (struct module_signature, 12 bytes, then the magic;
# sig_len big-endian at offset 8 of the struct)
f=$(ko crc-itu-t)
size=$(stat -c %s "$f")
magic=$(tail -c 28 "$f")
[ "$magic" = "~Module signature appended~" ] || die "$f is not signed"
siglen=$(od -An -tu1 -j $((size - 28 - 4)) -N4 "$f" | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 }')
head -c $((size - 28 - 12 - siglen)) "$f" > "$out/modules/unsigned.ko"

# LOCKDOWN_MODULE_PARAMETERS: i2c-ali15x3, signed, no dependencies; its
# force_addr is a module_param_hw (ioport). QEMU has no ALi bridge, so it
# registers its PCI driver, probes nothing, and unloads.
cp "$(ko i2c-ali15x3)" "$out/modules/hwparam.ko"
echo "force_addr=0x300" > "$out/modules/hwparam.param"

echo "$pkg $version" > "$out/package"
touch "$out/.done"
rm -rf "$dir"
mv "$out" "$dir"
ln -sfn "$(basename "$dir")" "$stock/current"
# older versions are not needed any more
for old in "$stock"/linux-image-*; do
	[ "$old" = "$dir" ] || rm -rf "$old"
done
