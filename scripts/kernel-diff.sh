#!/bin/bash
# Print edits made in the working tree (build/linux) to files the pristine
# tree has, as the body of a patch for kernel/patches/: paths a/ and b/,
# no timestamps.
#
# Usage: scripts/kernel-diff.sh BUILD_DIR [-n N] FILE...
#   -n N  diff against the pristine tree with the first N patches of
#         kernel/series applied: the body of patch N+1 (default: all of
#         them, for a new patch at the end of the series)
# Typical: edit build/linux/FILE, run this, and put the output under a
# From:/Subject:/message/Signed-off-by:/--- header.
set -euo pipefail
build=$1
shift
n=
if [ "${1:-}" = -n ]; then
	n=$2
	shift 2
fi
top=$(cd "$(dirname "$0")/.." && pwd)
base=$(mktemp -d)
trap 'rm -rf "$base"' EXIT
for f in "$@"; do
	mkdir -p "$base/$(dirname "$f")"
	cp "$build/pristine/$f" "$base/$f"
done
i=0
while read -r patch _; do
	case "$patch" in '' | '#'*) continue ;; esac
	[ -z "$n" ] || [ "$i" -lt "$n" ] || break
	i=$((i + 1))
	# apply only the hunks for our files
	filterdiff_out=$(awk -v files=" $* " '
		/^diff --git / { keep = index(files, " " substr($3, 3) " ") > 0 }
		keep' "$top/kernel/patches/$patch")
	[ -z "$filterdiff_out" ] ||
		printf '%s\n' "$filterdiff_out" | patch -s -p1 -d "$base" --fuzz=0 --no-backup-if-mismatch
done < "$top/kernel/series"
for f in "$@"; do
	diff -u --label "a/$f" --label "b/$f" "$base/$f" "$build/linux/$f" |
		sed "1i diff --git a/$f b/$f" || true
done
