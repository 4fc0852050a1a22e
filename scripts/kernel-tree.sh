#!/bin/bash
# Assemble the kernel source tree: Debian's linux-source-6.12, plus the
# edits in kernel/patches/ and the new files under kernel/, as listed in
# kernel/series. The new files are copied as they are (their content at
# the end of the series); the patches' edits of the pristine tree are
# applied, their edits of new files are in those files already.
#
# Usage: scripts/kernel-tree.sh BUILD_DIR
#
# BUILD_DIR/pristine/  the unpacked package, never modified
# BUILD_DIR/linux/     the tree Kbuild compiles (objects go elsewhere, O=)
#
# Incremental: the wanted content of every file we touch (now or in the
# previous run) is staged from the pristine tree, and copied into the tree
# only where it differs, so Kbuild's mtime checks rebuild only what changed.
# A new package version starts over.
set -euo pipefail

build=$(realpath -m "$1")
top=$(cd "$(dirname "$0")/.." && pwd)
kdir=$top/kernel
tarball=/usr/src/linux-source-6.12.tar.xz
pristine=$build/pristine
tree=$build/linux
manifest=$build/linux.manifest

die() { echo "kernel-tree.sh: $*" >&2; exit 1; }

[ -f "$tarball" ] || die "$tarball missing (apt-get install linux-source-6.12)"
# A missing tool is named as missing, not reported as a patch that fails.
for t in patch xz tar cmp; do
	command -v "$t" >/dev/null || die "'$t' is not installed (scripts/deps.sh kernel installs it)"
done
version=$(dpkg-query -W -f='${Version}' linux-source-6.12)

if [ "$(cat "$pristine/.version" 2>/dev/null)" != "$version" ]; then
	echo "  UNPACK  linux-source-6.12 $version"
	rm -rf "$pristine" "$tree" "$manifest"
	mkdir -p "$pristine.tmp"
	tar -C "$pristine.tmp" --strip-components=1 -xf "$tarball"
	echo "$version" > "$pristine.tmp/.version"
	mv "$pristine.tmp" "$pristine"
fi
if [ ! -d "$tree" ]; then
	cp -a "$pristine" "$tree.tmp"
	mv "$tree.tmp" "$tree"
fi

# Parse the series: patches in order, and which overlay file each claims.
. "$top/scripts/series-lib.sh"
series_parse
series_check
patches=("${series_patches[@]}")

overlay=()
while IFS= read -r f; do
	[ -n "${series_owner[$f]+x}" ] ||
		die "kernel/$f is in no patch of kernel/series; add it to one"
	overlay+=("$f")
done < <(cd "$kdir" && find . -type f ! -path './patches/*' ! -path './configs/*' \
	! -name series ! -name cover-letter.txt ! -name 'README*' ! -name '*.orig' ! -name '*.rej' |
	sed 's#^\./##' | sort)

# Files of the pristine tree named by the patches (their edits of new
# files are in the new files' content already).
patched=()
for p in "${patches[@]}"; do
	while IFS= read -r f; do
		[ -n "${series_owner[$f]+x}" ] || patched+=("$f")
	done < <(series_touched "$kdir/patches/$p")
done

stage=$(mktemp -d "$build/stage.XXXXXX")
trap 'rm -rf "$stage"' EXIT

mapfile -t files < <(printf '%s\n' "${overlay[@]}" "${patched[@]}" \
	$(cat "$manifest" 2>/dev/null) | sed '/^$/d' | sort -u)

for f in "${files[@]}"; do
	if [ -f "$pristine/$f" ]; then
		mkdir -p "$stage/$(dirname "$f")"
		cp "$pristine/$f" "$stage/$f"
	fi
done
for p in "${patches[@]}"; do
	series_pristine_part "$kdir/patches/$p" |
		patch -s -p1 -d "$stage" --batch --fuzz=0 --no-backup-if-mismatch ||
		die "patch $p does not apply to $version"
done
for f in "${overlay[@]}"; do
	mkdir -p "$stage/$(dirname "$f")"
	cp "$kdir/$f" "$stage/$f"
done

changed=0
for f in "${files[@]}"; do
	if [ -f "$stage/$f" ]; then
		if ! cmp -s "$stage/$f" "$tree/$f"; then
			mkdir -p "$tree/$(dirname "$f")"
			cp "$stage/$f" "$tree/$f"
			echo "  SYNC    $f"
			changed=$((changed + 1))
		fi
	elif [ -e "$tree/$f" ]; then
		rm -f "$tree/$f"
		echo "  REMOVE  $f"
		changed=$((changed + 1))
	fi
done
printf '%s\n' "${overlay[@]}" "${patched[@]}" | sort -u > "$manifest"
echo "  TREE    linux-source-6.12 $version, ${#patches[@]} patches, ${#overlay[@]} new files, $changed synced"
