# Reading kernel/series, for the scripts that apply it (kernel-tree.sh),
# export it (kernel-series.sh) and write it back from git
# (kernel-series-import.sh). Sourced, with $kdir set to kernel/.
#
# A series line names a patch in kernel/patches/ and the new files the
# same change adds. New files live under kernel/ at their tree path, with
# the content they have at the END of the series: that is what the kernel
# build compiles and what people edit. A patch holds the change's edits
# to files that exist before it: files of the pristine tree, and new files
# of EARLIER lines (a later patch that extends a file an earlier one
# added). The content a new file has at an earlier point of the series is
# therefore the end content with the later patches' edits of it taken
# back (series_overlay_at).
#
# A patch under kernel/patches/local/ is ours alone: the kernel build
# applies it, the exported series leaves it out. Local lines come after
# every other line.

# series_parse: fill the arrays
#   series_patches[i]   the patch of line i (0-based)
#   series_files[i]     the new files of line i, space-separated
#   series_owner[FILE]  the line that adds FILE
#   series_upstream     how many lines are not local (they come first)
series_parse() {
	local patch files f i=0
	series_patches=()
	series_files=()
	series_upstream=0
	declare -gA series_owner=()
	while read -r patch files; do
		case "$patch" in '' | '#'*) continue ;; esac
		[ -f "$kdir/patches/$patch" ] || die "series names missing patch $patch"
		series_patches[i]=$patch
		series_files[i]=$files
		case "$patch" in
		local/*) ;;
		*)
			[ "$series_upstream" = "$i" ] ||
				die "series: $patch comes after a local patch; local ones go last"
			series_upstream=$((i + 1))
			;;
		esac
		for f in $files; do
			[ -f "$kdir/$f" ] || die "series: $patch claims missing file kernel/$f"
			[ -z "${series_owner[$f]+x}" ] || die "series: kernel/$f claimed twice"
			series_owner[$f]=$i
		done
		i=$((i + 1))
	done < "$kdir/series"
}

# series_touched PATCHFILE: the files a patch edits, one per line
series_touched() {
	sed -n 's#^+++ b/\([^\t ]*\).*#\1#p' "$1"
}

# series_check: every patch edits only files that exist before it
series_check() {
	local i f
	for i in "${!series_patches[@]}"; do
		while IFS= read -r f; do
			if [ -n "${series_owner[$f]+x}" ] && [ "${series_owner[$f]}" -ge "$i" ]; then
				die "${series_patches[i]} edits kernel/$f, which line $((series_owner[$f] + 1)) adds: a patch may only edit files that exist before it"
			fi
		done < <(series_touched "$kdir/patches/${series_patches[i]}")
	done
}

# series_filter MODE FILE... < PATCH: the sections of PATCH for the files
# named (MODE only) or for every other file (MODE except), as patch(1)
# and git apply read them
series_filter() {
	local mode=$1
	shift
	awk -v mode="$mode" -v list="$*" '
		BEGIN { n = split(list, a, " "); for (i = 1; i <= n; i++) named[a[i]] = 1 }
		/^diff --git a\// {
			f = $3
			sub(/^a\//, "", f)
			on = (mode == "only") == (f in named)
			body = 1
		}
		body && on { print }'
}

# series_pristine_part PATCHFILE: its sections for files of the pristine
# tree (not for new files of earlier lines)
series_pristine_part() {
	series_filter except "${!series_owner[@]}" < "$1"
}

# series_overlay_at DIR: make DIR/0 ... DIR/N hold the new files as each
# point of the series has them: DIR/k after line k (1-based), DIR/N the
# end content (kernel/), DIR/0 none. Dies if a later patch no longer
# takes back from the end content (an edit of kernel/ changed the lines it
# adds): refresh that patch (kernel-series-import.sh).
series_overlay_at() {
	local dir=$1 n=${#series_patches[@]} k f p own
	mkdir -p "$dir/$n"
	for f in "${!series_owner[@]}"; do
		mkdir -p "$dir/$n/$(dirname "$f")"
		cp "$kdir/$f" "$dir/$n/$f"
	done
	for ((k = n; k > 0; k--)); do
		rm -rf "$dir/$((k - 1))"
		cp -a "$dir/$k" "$dir/$((k - 1))"
		p=$kdir/patches/${series_patches[k - 1]}
		own=()
		while IFS= read -r f; do
			[ -z "${series_owner[$f]+x}" ] || own+=("$f")
		done < <(series_touched "$p")
		if [ ${#own[@]} -gt 0 ]; then
			series_filter only "${own[@]}" < "$p" |
				patch -s -R -p1 -d "$dir/$((k - 1))" --batch --fuzz=0 \
					--no-backup-if-mismatch -r - >/dev/null ||
				die "${series_patches[k - 1]}: its edits of ${own[*]} no longer match kernel/ (a later edit changed the lines it adds); refresh it"
		fi
		for f in ${series_files[k - 1]}; do
			rm -f "$dir/$((k - 1))/$f"
		done
	done
}
