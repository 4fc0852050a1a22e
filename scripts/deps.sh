#!/bin/bash
# Install the Debian packages the build and the tests need, if missing.
#
# Usage: scripts/deps.sh [group...]   (default: all groups)
#
# Only Debian packages, only through apt-get. Run as root on a fresh
# Debian 12 machine; as another user it lists what is missing and fails.
set -euo pipefail

declare -A groups=(
	# Unpack and build the kernel from Debian's source package.
	[kernel]="linux-source-6.12 xz-utils bc bison flex libelf-dev libssl-dev perl cpio kmod dwarves openssl"
	# Boot it: QEMU under TCG, an initramfs from busybox-static.
	[vm]="qemu-system-x86 busybox-static cpio"
	# ldpolicy: libbpf for BTF, libcrypto for SHA-256; static archives too,
	# for the initramfs.
	[ldpolicy]="pkg-config libbpf-dev libelf-dev zlib1g-dev libzstd-dev libssl-dev"
	# Unit tests.
	[unit]="libcmocka-dev systemd groff-base"
	# Fuzzing: clang's libFuzzer with ASan and UBSan.
	[fuzz]="clang libclang-rt-14-dev"
)

want=()
sel=("$@")
[ ${#sel[@]} -gt 0 ] || sel=(kernel vm ldpolicy unit fuzz)
for g in "${sel[@]}"; do
	[ -n "${groups[$g]+x}" ] || { echo "deps.sh: unknown group '$g'" >&2; exit 2; }
	# shellcheck disable=SC2206
	want+=(${groups[$g]})
done

missing=()
for p in $(printf '%s\n' "${want[@]}" | sort -u); do
	st=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
	[ "$st" = installed ] || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" != 0 ]; then
	echo "deps.sh: missing Debian packages: ${missing[*]}" >&2
	echo "deps.sh: run as root, or: apt-get install ${missing[*]}" >&2
	exit 1
fi

echo "deps.sh: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
# An out-of-date package list is the common cause of a failed install on a
# fresh machine: refresh it once, then install.
apt-get update -q >/dev/null
apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null
