#!/bin/bash
# Install the Debian packages the build and the tests need, if missing.
#
# Usage: scripts/deps.sh [group...]   (default: every group)
#        scripts/deps.sh --list [group...]   print the packages, one a line
#
# Each make target asks only for its own groups: a packager building the
# tool (make ldpolicy, make install, make test-unit) gets no QEMU and no
# kernel source. Only Debian packages, only through apt-get. Run as root
# on a fresh Debian 12 or 13 machine; as another user it lists what is
# missing and fails.
#
# A fresh machine is a minimal Debian 12 or 13 (debootstrap
# --variant=minbase) with gcc, make and git: every other tool any target
# runs is named here, by a name both releases have.
set -euo pipefail

declare -A groups=(
	# Unpack, patch and build the kernel from Debian's source package.
	# The BTF build runs python3 (tools/bpf/resolve_btfids) and pahole
	# (dwarves); depmod and sign-file come with kmod and openssl; the
	# kernels share a compiler cache (ccache). checkpatch.pl's SPDX check,
	# which make kernel-series runs, needs python3-ply and python3-git.
	[kernel]="linux-source-6.12 xz-utils patch python3 bc bison flex libelf-dev libssl-dev perl cpio kmod dwarves openssl ccache python3-ply python3-git"
	# Boot it: QEMU under TCG, an initramfs from busybox-static; the
	# kernels' images signed for kexec_file_load(2) with sbsign.
	[vm]="qemu-system-x86 busybox-static cpio sbsigntool"
	# Debian's kernel sources the reason models are checked against
	# (linux-source-6.1): fetched with apt-get download, unpacked with
	# dpkg-deb, xz and tar (scripts/kernel-source.sh).
	[source]="xz-utils tar"
	# Debian's own kernels for the BPF backend's scenarios: fetched with
	# apt-get download, unpacked with dpkg-deb; their modules' dependencies
	# read with modinfo, Debian 13's .ko.xz uncompressed with xz.
	[stock]="kmod xz-utils"
	# ldpolicy: libbpf for BTF and the BPF backend, libcrypto for SHA-256,
	# jansson to read a recorded state back (suggest --from); static
	# archives too, for the initramfs.
	[ldpolicy]="libc6-dev pkg-config libbpf-dev libelf-dev zlib1g-dev libzstd-dev libssl-dev libjansson-dev"
	# The BPF backend's program: clang -target bpf, bpftool gen skeleton.
	[bpf]="clang bpftool libbpf-dev"
	# Unit tests: cmocka; the JSON schemas' validator (python3's
	# jsonschema), whose python3 also holds apt's locks in the deps.sh test;
	# bash-completion, to run the generated completion.
	[unit]="libcmocka-dev systemd groff-base python3-jsonschema bash-completion"
	# The Debian package: dpkg-buildpackage with debhelper (it checks
	# build-essential, the implicit build dependency), then lintian;
	# systemd.pc names the release's unit directory (debian/rules): in
	# systemd-dev on Debian 13, in systemd itself on Debian 12.
	[deb]="dpkg-dev build-essential debhelper lintian systemd-dev|systemd"
	# The Debian system the boot scenarios boot: debootstrap, and
	# mkfs.ext4 -d to write it into a disk image.
	[debian]="debootstrap e2fsprogs"
	# make check-arm64: ldpolicy and the test tools cross-built for arm64
	# (the :arm64 libraries through multiarch: deps.sh adds the
	# architecture), booted under qemu-system-aarch64.
	[arm64]="gcc-aarch64-linux-gnu libc6-dev:arm64 libbpf-dev:arm64 libelf-dev:arm64 zlib1g-dev:arm64 libzstd-dev:arm64 libssl-dev:arm64 libjansson-dev:arm64 qemu-system-arm"
	# Fuzzing: clang's libFuzzer with ASan and UBSan (libclang-rt-dev: the
	# runtime of the release's default clang, 14 on Debian 12, 19 on 13).
	[fuzz]="clang libclang-rt-dev"
)
all=(kernel vm source stock ldpolicy bpf unit fuzz deb debian)

list=0
if [ "${1:-}" = --list ]; then
	list=1
	shift
fi

want=()
sel=("$@")
[ ${#sel[@]} -gt 0 ] || sel=("${all[@]}")
for g in "${sel[@]}"; do
	[ -n "${groups[$g]+x}" ] || { echo "deps.sh: unknown group '$g'" >&2; exit 2; }
	# shellcheck disable=SC2206
	want+=(${groups[$g]})
done

if [ $list = 1 ]; then
	printf '%s\n' "${want[@]}" | sort -u
	exit 0
fi

# An unqualified name means the machine's own architecture (or "all"):
# dpkg-query answers "libbpf-dev" for libbpf-dev:arm64 too, and the host
# build cannot link against that one.
native=$(dpkg --print-architecture)
installed() {
	dpkg-query -W -f='${db:Status-Status} ${Architecture}\n' "$1" 2>/dev/null |
		awk -v q="$1" -v n="$native" '$1 == "installed" &&
			(q ~ /:/ || $2 == n || $2 == "all") { ok = 1 } END { exit !ok }'
}
# "a|b": a package one release names a and the other b (systemd-dev on
# Debian 13 holds what systemd itself does on 12): the first that apt
# knows, else the first.
pick() {
	local a
	[[ $1 == *"|"* ]] || { echo "$1"; return; }
	for a in ${1//|/ }; do
		if [ -n "$(apt-cache show --no-all-versions "$a" 2>/dev/null)" ]; then
			echo "$a"
			return
		fi
	done
	echo "${1%%|*}"
}
missing=()
for p in $(printf '%s\n' "${want[@]}" | sort -u); do
	installed "$(pick "$p")" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" != 0 ]; then
	echo "deps.sh: missing Debian packages: ${missing[*]}" >&2
	echo "deps.sh: run as root, or: apt-get install ${missing[*]}" >&2
	exit 1
fi

# Another apt (unattended-upgrades, cloud-init, a second make) may hold
# the package system's locks: wait for them, up to DEPS_LOCK_TIMEOUT
# seconds (default 600), instead of failing at once.
lock_timeout=${DEPS_LOCK_TIMEOUT:-600}
apt_get() {
	apt-get -o DPkg::Lock::Timeout="$lock_timeout" "$@"
}

# apt-get install waits for dpkg's lock with DPkg::Lock::Timeout;
# apt-get update does not wait for the lists' lock (apt 2.6): retry it
# while that lock is what fails it.
update() {
	local deadline=$((SECONDS + lock_timeout)) said= err
	while :; do
		if err=$(apt_get update -q 2>&1 >/dev/null); then
			[ -z "$err" ] || printf '%s\n' "$err" >&2
			return 0
		fi
		case $err in
		*"Could not get lock"*) [ $SECONDS -lt $deadline ] || break ;;
		*) break ;;
		esac
		[ -n "$said" ] || echo "deps.sh: another apt holds the package lists' lock: waiting"
		said=1
		sleep 1
	done
	printf '%s\n' "$err" >&2
	return 1
}

export DEBIAN_FRONTEND=noninteractive
# An out-of-date package list is the common cause of a failed install on a
# fresh machine: refresh it once, then install.
# a package of another architecture (libbpf-dev:arm64): dpkg must know it
for p in "${missing[@]}"; do
	a=${p##*:}
	[ "$a" != "$p" ] || continue
	[ "$a" = "$(dpkg --print-architecture)" ] || dpkg --print-foreign-architectures | grep -qx "$a" ||
		dpkg --add-architecture "$a"
done
update
for i in "${!missing[@]}"; do
	missing[$i]=$(pick "${missing[$i]}")	# now that apt knows every package
done
echo "deps.sh: installing ${missing[*]}"
apt_get install -y -q --no-install-recommends "${missing[@]}" >/dev/null
