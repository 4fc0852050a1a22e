#!/bin/bash
# Export kernel/ as a git format-patch series against the pristine
# linux-source-6.12 tree: one commit per kernel/series line (its patch plus
# the new files it claims), then git format-patch.
#
# Usage: scripts/kernel-series.sh [--build] BUILD_DIR
#   --build  also build the test kernel at every commit, to prove each patch
#            builds on its own (slow: a kernel build per patch)
# Output: BUILD_DIR/series/*.patch (0000 the cover letter, from
# kernel/cover-letter.txt), and the git repository BUILD_DIR/series.git
set -euo pipefail

check_build=0
if [ "${1:-}" = --build ]; then
	check_build=1
	shift
fi
build=$(realpath -m "$1")
top=$(cd "$(dirname "$0")/.." && pwd)
kdir=$top/kernel
pristine=$build/pristine
repo=$build/series.git
out=$build/series
die() { echo "kernel-series.sh: $*" >&2; exit 1; }

[ -f "$pristine/.version" ] || die "no pristine tree; run make kernel first"
version=$(cat "$pristine/.version")
git_() { git -C "$repo" -c core.autocrlf=false "$@"; }

if [ "$(cat "$repo/.ldpolicy-base" 2>/dev/null)" != "$version" ]; then
	echo "  GIT     importing linux-source-6.12 $version (once)"
	rm -rf "$repo"
	cp -a "$pristine" "$repo"
	rm -f "$repo/.version"
	git_ init -q
	git_ add -A -f .
	git_ -c user.name=Debian -c user.email=debian-kernel@lists.debian.org \
		commit -q -m "linux-source-6.12 $version"
	git_ tag -f base >/dev/null
	echo "$version" > "$repo/.ldpolicy-base"
	echo ".ldpolicy-base" >> "$repo/.git/info/exclude"
fi
git_ checkout -q --detach base
git_ reset -q --hard base
git_ clean -qfdx -e .ldpolicy-base

n=0
while read -r patch files; do
	case "$patch" in '' | '#'*) continue ;; esac
	p=$kdir/patches/$patch
	author=$(sed -n 's/^From: //p;/^$/q' "$p" | head -n1)
	subject=$(sed -n 's/^Subject: \(\[PATCH[^]]*\] \)\{0,1\}//p' "$p" | head -n1)
	[ -n "$author" ] && [ -n "$subject" ] || die "$patch: no From:/Subject: header"
	# the body: after the header's blank line, up to the "---" separator
	body=$(awk 'h && /^---$/ { exit } h { print } /^$/ && !h { h = 1 }' "$p")
	git_ apply --index "$p" || die "$patch does not apply"
	for f in $files; do
		mkdir -p "$repo/$(dirname "$f")"
		cp "$kdir/$f" "$repo/$f"
		git_ add -f "$f"
	done
	printf '%s\n\n%s\n' "$subject" "$body" |
		git_ -c user.name="${author% <*}" -c user.email="$(echo "$author" | sed 's/.*<\(.*\)>.*/\1/')" \
			commit -q -F -
	n=$((n + 1))
	echo "  COMMIT  $(git_ log -1 --format=%s)"
	if [ $check_build = 1 ]; then
		"$top/scripts/kernel-config.sh" --lenient "$repo" "$build/obj-series" "$kdir/configs/base.config" "$kdir/configs/test.config"
		make -s -C "$repo" O="$build/obj-series" ARCH=x86_64 -j"$(nproc)" bzImage ||
			die "the tree does not build at '$subject'"
		echo "  BUILT   at $patch"
	fi
done < "$kdir/series"

# Patch 0000: the cover letter, kernel/cover-letter.txt (its first line
# the subject, the rest the body), above git's shortlog and diffstat.
rm -rf "$out"
git_ format-patch -q --cover-letter -o "$out" base..HEAD
cover=$(ls "$out"/0000-*.patch)
awk -v letter="$kdir/cover-letter.txt" '
	BEGIN {
		getline subject < letter
		while ((getline l < letter) > 0) body = body l "\n"
		sub(/^\n+/, "", body)
	}
	/\*\*\* SUBJECT HERE \*\*\*/ { sub(/\*\*\* SUBJECT HERE \*\*\*/, subject) }
	/^\*\*\* BLURB HERE \*\*\*$/ { printf "%s", body; next }
	{ print }' "$cover" > "$cover.tmp"
mv "$cover.tmp" "$out/0000-cover-letter.patch"
[ "$cover" = "$out/0000-cover-letter.patch" ] || rm -f "$cover"
echo "  SERIES  $n patches and a cover letter in $out"
