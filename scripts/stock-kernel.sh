#!/bin/bash
# Fetch one of Debian's own kernels, unmodified, for the BPF backend's
# scenarios: the current version of a release's kernel package, whichever
# release this machine runs, cached by package version.
#
# Usage: scripts/stock-kernel.sh BUILD_DIR NAME
#
# NAME           release   architecture  the package linux-image-FLAVOUR
#                                        points at
# debian12       bookworm  amd64         linux-image-6.1.0-*-amd64
# debian13       trixie    amd64         linux-image-6.12.*+deb13-amd64
# debian13-cloud trixie    amd64         linux-image-6.12.*+deb13-cloud-amd64
# debian12-arm64 bookworm  arm64         linux-image-6.1.0-*-arm64
# debian13-arm64 trixie    arm64         linux-image-6.12.*+deb13-arm64
#
# BUILD_DIR/stock/PACKAGE_VERSION_RECIPE/   one fetched version (RECIPE:
#                                    a hash of this script):
#   vmlinuz, config, package         the kernel, its configuration, and
#                                    "PACKAGE VERSION ARCH"
#   package.deb                      the package itself, for a Debian
#                                    system to install (tests/vm/mkdebian.sh)
#   modules/                         what the VM loads, as /modules/ in
#                                    its initramfs (tests/vm/tools/probes.c),
#                                    uncompressed (Debian 13 ships .ko.xz):
#     autoload/NN-NAME.ko            loaded at boot, in this order (msr,
#                                    xfrm_user, ah4, af_key, inet_diag and
#                                    tcp_diag with their dependencies),
#                                    with the arguments in
#                                    NN-NAME.ko.args
#     unsigned.ko                    a Debian module, its signature stripped
#     hwparam.ko, hwparam.param      a signed module with a hardware parameter
#     slram/NN-NAME.ko               slram and what it needs, in load order
#                                    (the attack suite's slram-write)
#     nlmon/NN-NAME.ko               nlmon, the same (nlmon-xfrm)
#     missing                        what this flavour lacks, and so which
#                                    probes will say so (SKIP)
# BUILD_DIR/stock/NAME               a symlink to the version in use
# BUILD_DIR/stock/apt/SUITE-ARCH/    apt's lists for that release: the
#                                    host's mirror, and its security
#                                    mirror (scripts/debian-mirror.sh)
#
# apt is asked which version is current at every run (a few kilobytes when
# nothing changed); nothing is fetched when that version is cached.
# Without network a cached version is used, and said so; with none, this
# fails.
set -euo pipefail

build=$(realpath -m "$1")
name=$2
stock=$build/stock
top=$(cd "$(dirname "$0")/.." && pwd)
die() { echo "stock-kernel.sh: $*" >&2; exit 1; }
for t in apt-get apt-cache dpkg-deb modinfo od xz; do
	command -v "$t" >/dev/null || die "'$t' is not installed (scripts/deps.sh stock)"
done

case $name in
debian12) suite=bookworm arch=amd64 flavour=amd64 ;;
debian13) suite=trixie arch=amd64 flavour=amd64 ;;
debian13-cloud) suite=trixie arch=amd64 flavour=cloud-amd64 ;;
debian12-arm64) suite=bookworm arch=arm64 flavour=arm64 ;;
debian13-arm64) suite=trixie arch=arm64 flavour=arm64 ;;
*) die "unknown kernel '$name' (debian12, debian13, debian13-cloud, debian12-arm64, debian13-arm64)" ;;
esac
mkdir -p "$stock"

# apt of that release and architecture alone (scripts/release-apt.sh)
# shellcheck source=scripts/release-apt.sh
. "$top/scripts/release-apt.sh"
release_apt "$build" "$suite" "$arch"

# The package linux-image-FLAVOUR points at, and its version.
pick() {
	apt-cache "${aptopts[@]}" depends "linux-image-$flavour" 2>/dev/null |
		awk -v f="$flavour" '$1 == "Depends:" && $2 ~ ("^linux-image-[0-9].*-" f "$") { print $2; exit }'
}
pkg=$(pick)
version=
[ -z "$pkg" ] || version=$(apt-cache "${aptopts[@]}" show --no-all-versions "$pkg" 2>/dev/null |
	awk '/^Version:/ { print $2; exit }')
if [ -z "$version" ]; then
	[ -e "$stock/$name/vmlinuz" ] ||
		die "cannot tell which $suite $flavour kernel is current (apt), and none is cached"
	echo "stock-kernel.sh: cannot ask apt which $suite $flavour kernel is current; using the cached $(readlink "$stock/$name")" >&2
	exit 0
fi
# what this script takes from the package is part of the cache's name:
# a change to it (a module more) fetches again
recipe=$(sha256sum "$0" | cut -c1-8)
dir=$stock/${pkg}_${version}_$recipe

# every version no NAME points at any more
prune() {
	rm -f "$stock/current"	# before the names, one kernel was "current"
	local d l keep
	for d in "$stock"/linux-image-*; do
		[ -d "$d" ] || continue
		keep=0
		for l in "$stock"/debian*; do
			[ -L "$l" ] && [ "$(readlink "$l")" = "$(basename "$d")" ] && keep=1
		done
		[ $keep = 1 ] || rm -rf "$d"
	done
}
if [ -f "$dir/.done" ]; then
	[ "$(readlink "$stock/$name" 2>/dev/null)" = "$(basename "$dir")" ] || {
		ln -sfn "$(basename "$dir")" "$stock/$name"
		prune
	}
	exit 0
fi

echo "  FETCH   $pkg $version ($arch)"
tmp=$(mktemp -d "$stock/fetch.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
if ! (cd "$tmp" && apt-get "${aptopts[@]}" download -q "$pkg:$arch=$version" \
		> "$tmp/download.log" 2>&1); then
	if [ -e "$stock/$name/vmlinuz" ]; then
		echo "stock-kernel.sh: cannot download $pkg $version; using the cached $(readlink "$stock/$name")" >&2
		exit 0
	fi
	cat "$tmp/download.log" >&2
	die "cannot download $pkg $version (apt-get download)"
fi
dpkg-deb -x "$tmp"/*.deb "$tmp/x"
kver=${pkg#linux-image-}
# Debian 12 keeps modules in /lib/modules, Debian 13 in /usr/lib/modules
mods=
for m in "$tmp/x/usr/lib/modules/$kver" "$tmp/x/lib/modules/$kver"; do
	[ -d "$m" ] && mods=$m && break
done
[ -f "$tmp/x/boot/vmlinuz-$kver" ] && [ -n "$mods" ] || die "$pkg has no vmlinuz-$kver or modules"

out=$tmp/out
mkdir -p "$out/modules/autoload"
cp "$tmp/x/boot/vmlinuz-$kver" "$out/vmlinuz"
cp "$tmp/x/boot/config-$kver" "$out/config"
mv "$tmp"/*.deb "$out/package.deb"
: > "$out/modules/missing"

ko() { # NAME: the module's file in the package, uncompressed; none: ""
	local f
	f=$(find "$mods/kernel" \( -name "$1.ko" -o -name "$1.ko.xz" \) | head -n1)
	[ -n "$f" ] || return 0
	case $f in
	*.xz) xz -dc "$f" > "$tmp/$1.ko"; echo "$tmp/$1.ko" ;;
	*) echo "$f" ;;
	esac
}
n=0
autoload() { # NAME...: with their dependencies first, each once
	local m d f
	for m in "$@"; do
		ls "$out/modules/autoload" | grep -q -- "-$m.ko$" && continue
		f=$(ko "$m")
		if [ -z "$f" ]; then
			echo "$m" >> "$out/modules/missing"
			continue
		fi
		d=$(modinfo -F depends "$f" | tr ',' ' ')
		# shellcheck disable=SC2086
		[ -z "$d" ] || autoload $d
		n=$((n + 1))
		cp "$f" "$out/modules/autoload/$(printf '%02d' $n)-$m.ko"
	done
}
# /dev/cpu/0/msr for LOCKDOWN_MSR (writes allowed, as msr.allow_writes=on
# does for the built-in driver; x86 only); NETLINK_XFRM and AH for
# LOCKDOWN_XFRM_SECRET; PF_KEY, which hands out the same keys without
# asking it; sock_diag's TCP handler, which hands out TCP-MD5 keys
autoload msr xfrm_user ah4 af_key inet_diag tcp_diag
# arm64, under -M virt: the scenario's TAP goes to a virtio console on PCI
# (tests/vm/run.sh), whose drivers are modules on Debian 12
if [ "$arch" = arm64 ]; then
	for m in VIRTIO_PCI:virtio_pci VIRTIO_CONSOLE:virtio_console; do
		! grep -qx "CONFIG_${m%%:*}=m" "$out/config" || autoload "${m#*:}"
	done
fi
for a in "$out"/modules/autoload/*-msr.ko; do
	[ -f "$a" ] && echo allow_writes=on > "$a.args"
done

# The attack suite's (tests/vm/tools/attack_kernel.c, attack_nlmon.c):
# modules it loads itself, signed, with what they need first.
set_of() { # DIR NAME: NAME and its dependencies into modules/DIR, in load order
	local m d f
	f=$(ko "$2")
	if [ -z "$f" ]; then
		echo "$2" >> "$out/modules/missing"
		return 0
	fi
	d=$(modinfo -F depends "$f" | tr ',' ' ')
	for m in $d; do set_of "$1" "$m"; done
	mkdir -p "$out/modules/$1"
	ls "$out/modules/$1" | grep -q -- "-$2.ko$" && return
	cp "$f" "$out/modules/$1/$(printf '%02d' $(($(ls "$out/modules/$1" | wc -l) + 1)))-$2.ko"
}
set_of slram slram
set_of nlmon nlmon

# LOCKDOWN_MODULE_SIGNATURE: crc-itu-t, no dependencies, its appended
# signature cut off (struct module_signature, 12 bytes, then the magic;
# sig_len big-endian at offset 8 of the struct)
f=$(ko crc-itu-t)
[ -n "$f" ] || die "$pkg has no module crc-itu-t"
size=$(stat -c %s "$f")
magic=$(tail -c 28 "$f")
[ "$magic" = "~Module signature appended~" ] || die "$f is not signed"
siglen=$(od -An -tu1 -j $((size - 28 - 4)) -N4 "$f" | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 }')
head -c $((size - 28 - 12 - siglen)) "$f" > "$out/modules/unsigned.ko"

# LOCKDOWN_MODULE_PARAMETERS: a signed module without dependencies whose
# parameter is a module_param_hw (ioport), that probes nothing QEMU has
# and unloads: i2c-ali15x3's force_addr (an ALi bridge). The cloud
# flavour has no i2c drivers: then none, and the probe says so.
f=$(ko i2c-ali15x3)
if [ -n "$f" ]; then
	cp "$f" "$out/modules/hwparam.ko"
	echo "force_addr=0x300" > "$out/modules/hwparam.param"
else
	echo i2c-ali15x3 >> "$out/modules/missing"
fi
[ ! -s "$out/modules/missing" ] ||
	echo "  NOTE    $pkg lacks: $(tr '\n' ' ' < "$out/modules/missing")(their probes will say so)"

echo "$pkg $version $arch" > "$out/package"
touch "$out/.done"
rm -rf "$dir"
mv "$out" "$dir"
ln -sfn "$(basename "$dir")" "$stock/$name"
prune
