#!/bin/bash
# Build the test initramfs: busybox-static, the guest side of the harness,
# every scenario, and the given files.
#
# Usage: tests/vm/mkinitramfs.sh [--only] [--busybox PATH] OUT.cpio GEN_INIT_CPIO [DEST=SRC...]
#   --only         just the given files (and their directories): an archive
#                  to append to another, as a kernel's modules are
#   --busybox PATH busybox-static of another architecture (arm64): its
#                  applets are the host's /bin/busybox's, the same Debian
#                  package built for the host
#   GEN_INIT_CPIO  the kernel's usr/gen_init_cpio, built for the host
#   DEST=SRC       put file SRC at DEST in the image (mode from SRC)
# No root needed: the archive is described, not staged (device nodes too).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
only=0
busybox=/bin/busybox
while :; do
	case ${1:-} in
	--only) only=1; shift ;;
	--busybox) busybox=$2; shift 2 ;;
	*) break ;;
	esac
done
out=$1
gen=$2
shift 2

[ $only = 1 ] || { [ -x /bin/busybox ] && [ -f "$busybox" ]; } ||
	{ echo "mkinitramfs.sh: $busybox or /bin/busybox missing (apt-get install busybox-static)" >&2; exit 1; }

list=$(mktemp)
trap 'rm -f "$list"' EXIT
base() {
	for d in /bin /sbin /usr /usr/bin /usr/sbin /dev /proc /sys /tmp /lib \
		/scenarios /demo /etc /root; do
		echo "dir $d 0755 0 0"
	done
	echo "nod /dev/console 0600 0 0 c 5 1"
	echo "nod /dev/null 0666 0 0 c 1 3"
	echo "file /bin/busybox $busybox 0755 0 0"
	for applet in $(/bin/busybox --list-full); do
		echo "slink /$applet /bin/busybox 0777 0 0"
	done | grep -v '^slink /bin/busybox '
	echo "file /init $here/guest/init 0755 0 0"
	for l in "$here"/guest/*.sh; do
		echo "file /lib/$(basename "$l") $l 0644 0 0"
	done
	echo "file /etc/passwd $here/guest/passwd 0644 0 0"
	echo "file /etc/group $here/guest/group 0644 0 0"
	for s in "$here"/scenarios/*.sh "$here"/scenarios-arm64/*.sh "$here"/demo/*.sh \
		"$here"/../bench/scenarios/*.sh; do
		d=$(basename "$(dirname "$s")")
		[ "$d" = demo ] || d=scenarios
		echo "file /$d/$(basename "$s") $s 0644 0 0"
	done
}
{
	[ $only = 1 ] || base
	for pair in "$@"; do
		dest=${pair%%=*}
		d=$(dirname "$dest")
		parents=
		while [ "$d" != / ]; do
			parents="$d $parents"
			d=$(dirname "$d")
		done
		for d in $parents; do
			echo "dir $d 0755 0 0"
		done
		src=${pair#*=}
		[ -f "$src" ] || { echo "mkinitramfs.sh: $src missing" >&2; exit 1; }
		mode=$(stat -c %a "$src")
		echo "file $dest $src 0$mode 0 0"
	done
} | awk '!seen[$0]++' > "$list"

"$gen" -t 0 "$list" > "$out.tmp"
mv "$out.tmp" "$out"
