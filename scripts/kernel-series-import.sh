#!/bin/bash
# Write the series back into kernel/ from git: the inverse of
# kernel-series.sh, for changes that are easier made to the commits
# (splitting a patch, moving a hunk from one patch to another, rewording
# a message) than to kernel/.
#
# Usage: scripts/kernel-series-import.sh BUILD_DIR
#
#   make kernel-series                 # BUILD_DIR/series.git, one commit per line
#   git -C build/series.git rebase -i base   # edit, split, reorder, reword
#   scripts/kernel-series-import.sh build
#
# For each commit from the tag "base" to HEAD, in order: the files it adds
# become new files of its line, under kernel/ with their content at HEAD
# (the end of the series); its edits of every other file become its patch,
# kernel/patches/SLUG.patch (SLUG from the subject; no number, so that a
# line can be put anywhere without renaming the rest). kernel/series keeps
# its leading comment; its lines, the patches and the new files are
# replaced. A commit may not delete or rename a file. Local lines
# (kernel/patches/local/, never exported) are kept as they are, last, and
# their edits of new files made again on the imported content.
set -euo pipefail

build=$(realpath -m "$1")
top=$(cd "$(dirname "$0")/.." && pwd)
kdir=$top/kernel
repo=$build/series.git
die() { echo "kernel-series-import.sh: $*" >&2; exit 1; }
git_() { git -C "$repo" -c core.autocrlf=false "$@"; }

git_ rev-parse -q --verify base >/dev/null || die "no $repo with a tag 'base': run make kernel-series"
[ -z "$(git_ status --porcelain --untracked-files=no)" ] || die "$repo has uncommitted changes"
mapfile -t commits < <(git_ rev-list --reverse base..HEAD)
[ ${#commits[@]} -gt 0 ] || die "no commits on top of base"

. "$top/scripts/series-lib.sh"
series_parse
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/patches"

# kernel/series: its comment, then a line per commit
sed -n '/^#/p;/^#/!q' "$kdir/series" > "$tmp/series"
declare -A added=()
for c in "${commits[@]}"; do
	git_ diff --name-status --no-renames "$c~1" "$c" | awk '$1 != "A" && $1 != "M" { exit 1 }' ||
		die "$(git_ log -1 --format=%s "$c"): deletes or renames a file"
	mapfile -t new < <(git_ diff --name-only --diff-filter=A "$c~1" "$c")
	mapfile -t edited < <(git_ diff --name-only --diff-filter=M "$c~1" "$c")
	subject=$(git_ log -1 --format=%s "$c")
	slug=$(echo "$subject" | tr 'A-Z' 'a-z' | sed 's/[^a-z0-9]\{1,\}/-/g;s/^-//;s/-$//' | cut -c1-60 | sed 's/-$//')
	name=$slug.patch
	[ ! -e "$tmp/patches/$name" ] || die "two commits make $name: give them other subjects"
	{
		git_ log -1 --format='From: %an <%ae>%nSubject: [PATCH] %s%n%n%b' "$c" | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}'
		echo "---"
		[ ${#edited[@]} -eq 0 ] ||
			git_ diff --no-color --no-renames --no-ext-diff -U3 "$c~1" "$c" -- "${edited[@]}" |
			grep -v '^index '
	} > "$tmp/patches/$name"
	echo "$name${new[*]:+ ${new[*]}}" >> "$tmp/series"
	for f in "${new[@]}"; do added[$f]=1; done
	echo "  IMPORT  $subject"
done

# the local lines, as they are
for ((k = series_upstream; k < ${#series_patches[@]}; k++)); do
	echo "${series_patches[k]}${series_files[k]:+ ${series_files[k]}}" >> "$tmp/series"
done

# replace kernel/: the new files as HEAD has them, the patches, the series
for f in "${!series_owner[@]}"; do
	[ "${series_owner[$f]}" -lt "$series_upstream" ] || continue
	[ -n "${added[$f]+x}" ] || { rm -f "$kdir/$f"; echo "  REMOVE  kernel/$f"; }
done
for f in "${!added[@]}"; do
	mkdir -p "$kdir/$(dirname "$f")"
	git_ show "HEAD:$f" > "$kdir/$f"
done
# the local patches' edits of the new files, made again
for ((k = series_upstream; k < ${#series_patches[@]}; k++)); do
	p=$kdir/patches/${series_patches[k]}
	own=()
	while IFS= read -r f; do
		[ -z "${added[$f]+x}" ] || own+=("$f")
	done < <(series_touched "$p")
	[ ${#own[@]} -eq 0 ] || series_filter only "${own[@]}" < "$p" |
		patch -s -p1 -d "$kdir" --batch --fuzz=0 --no-backup-if-mismatch -r - >/dev/null ||
		die "${series_patches[k]} no longer applies to the imported files; refresh it"
done
rm -f "$kdir"/patches/*.patch
cp "$tmp"/patches/*.patch "$kdir/patches/"
cp "$tmp/series" "$kdir/series"
find "$kdir" -type d -empty -delete
echo "  SERIES  ${#commits[@]} patches, ${#added[@]} new files in kernel/"
