#!/bin/bash
# Export kernel/ as a git format-patch series against the pristine
# linux-source-6.12 tree: one commit per kernel/series line (its patch,
# and the new files it adds as they are at that point of the series: see
# scripts/series-lib.sh), then git format-patch. Local patches
# (kernel/patches/local/) are ours alone and stay out.
#
# Usage: scripts/kernel-series.sh [--build] [--check] BUILD_DIR
#   --build  also build the test kernel's configuration at every commit,
#            to prove each patch builds on its own, KUnit suites included
#            (slow: a kernel build per patch, from BUILD_DIR/obj-series
#            and the compiler cache)
#   --check  run checkpatch.pl --strict on every patch and kernel-doc on
#            every file of ours each commit touches, and check that every
#            file a patch adds has a maintainer get_maintainer.pl finds
#            (one of its own, in a new directory); fail on any report
# Output: BUILD_DIR/series/*.patch (0000 the cover letter, from
# kernel/cover-letter.txt), and the git repository BUILD_DIR/series.git,
# whose commits can be edited (git rebase -i) and written back into
# kernel/ with scripts/kernel-series-import.sh
set -euo pipefail

check_build=0
check_style=0
while [ $# -gt 1 ]; do
	case "$1" in
	--build) check_build=1 ;;
	--check) check_style=1 ;;
	*) break ;;
	esac
	shift
done
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

. "$top/scripts/series-lib.sh"
series_parse
series_check
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
series_overlay_at "$tmp/at"

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

# The kernel-doc of the files of ours a commit touches: new files, and the
# pristine files our patches edit (their warnings before us are not ours:
# only a file whose report grows fails).
kdoc() {
	"$repo/scripts/kernel-doc" -none -Wall "$@" 2>&1 | grep -c . || true
}

for ((k = 0; k < series_upstream; k++)); do
	patch=${series_patches[k]}
	p=$kdir/patches/$patch
	author=$(sed -n 's/^From: //p;/^$/q' "$p" | head -n1)
	subject=$(sed -n 's/^Subject: \(\[PATCH[^]]*\] \)\{0,1\}//p' "$p" | head -n1)
	[ -n "$author" ] && [ -n "$subject" ] || die "$patch: no From:/Subject: header"
	# the body: after the header's blank line, up to the "---" separator
	body=$(awk 'h && /^---$/ { exit } h { print } /^$/ && !h { h = 1 }' "$p")
	mapfile -t touched < <(series_touched "$p")
	declare -A doc_before=()
	if [ $check_style = 1 ]; then
		for f in "${touched[@]}"; do
			case "$f" in *.c | *.h) [ -f "$repo/$f" ] && doc_before[$f]=$(kdoc "$repo/$f") ;; esac
		done
	fi
	series_pristine_part "$p" > "$tmp/part"
	[ ! -s "$tmp/part" ] || git_ apply --index "$tmp/part" || die "$patch does not apply"
	# every new file as it is after this line
	for f in "${!series_owner[@]}"; do
		[ "${series_owner[$f]}" -le "$k" ] || continue
		mkdir -p "$repo/$(dirname "$f")"
		cp "$tmp/at/$((k + 1))/$f" "$repo/$f"
		git_ add -f "$f"
	done
	printf '%s\n\n%s\n' "$subject" "$body" |
		git_ -c user.name="${author% <*}" -c user.email="$(echo "$author" | sed 's/.*<\(.*\)>.*/\1/')" \
			commit -q -F -
	echo "  COMMIT  $(git_ log -1 --format=%s)"
	if [ $check_style = 1 ]; then
		# every file a patch adds has a maintainer by then, as
		# get_maintainer.pl (what a submitter asks) finds them: someone
		# besides THE REST's catch-all. A file in a directory the series
		# creates needs an entry of its own or of its directory, not
		# only a parent's (all of security/ is the LSM maintainers'); a
		# file in an existing directory (a selftest, a header) may have
		# its subsystem's.
		for f in $(git_ diff --name-only --diff-filter=A HEAD~1 HEAD); do
			(cd "$repo" && perl scripts/get_maintainer.pl --no-git \
				--no-git-fallback --sections -f "$f") |
				awk -v RS= '!/^THE REST\n/ && /\nM:\t/ { ok = 1 } END { exit !ok }' ||
				die "get_maintainer.pl finds no maintainer for $f, added at '$subject'"
			git_ cat-file -e "base:$(dirname "$f")" 2>/dev/null ||
				grep -qxF -e "F:	$f" -e "F:	$(dirname "$f")/" "$repo/MAINTAINERS" ||
				die "$f, added at '$subject', has no MAINTAINERS entry of its own"
		done
		for f in $(git_ diff --name-only HEAD~1 HEAD); do
			case "$f" in *.c | *.h) ;; *) continue ;; esac
			n=$(kdoc "$repo/$f")
			[ "$n" -le "${doc_before[$f]:-0}" ] || {
				"$repo/scripts/kernel-doc" -none -Wall "$repo/$f" >&2 || true
				die "kernel-doc reports $f at '$subject'"
			}
		done
	fi
	if [ $check_build = 1 ]; then
		"$top/scripts/kernel-config.sh" --lenient "$repo" "$build/obj-series" \
			"$kdir/configs/base.config" "$kdir/configs/matrix.config" \
			"$kdir/configs/test.config" 2>/dev/null
		CCACHE_DIR=$build/ccache CCACHE_NOHASHDIR=1 \
			make -s -C "$repo" O="$build/obj-series" ARCH=x86_64 CC="ccache gcc" \
			-j"$(($(nproc) + 1))" bzImage ||
			die "the tree does not build at '$subject'"
		echo "  BUILT   at $patch"
	fi
	unset doc_before
done

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

if [ $check_style = 1 ]; then
	bad=0
	for f in "$out"/0*.patch; do
		[ "$f" != "$out/0000-cover-letter.patch" ] || continue
		# FILE_PATH_CHANGES asks whether MAINTAINERS needs updating for
		# every patch that adds a file: the check above answers it. The
		# tree is a source package, without upstream's history: the
		# commits the fixes' Fixes: tags name cannot be looked up in it
		# (UNKNOWN_COMMIT_ID). The distribution's python3 first: the
		# SPDX check wants python3-ply.
		(cd "$repo" && PATH=/usr/bin:$PATH ./scripts/checkpatch.pl --strict --quiet \
			--no-summary --ignore FILE_PATH_CHANGES,UNKNOWN_COMMIT_ID "$f") >"$tmp/cp" 2>&1 || true
		if grep -q . "$tmp/cp"; then
			echo "  CHECK   $(basename "$f"): checkpatch --strict reports" >&2
			cat "$tmp/cp" >&2
			bad=1
		fi
	done
	[ $bad = 0 ] || die "checkpatch --strict is not clean"
	echo "  CHECK   checkpatch --strict and kernel-doc clean at every patch"
fi
echo "  SERIES  $series_upstream patches and a cover letter in $out"
