# shellcheck shell=bash
# Sourced, not run: apt of one Debian release and architecture alone, for
# the scripts that fetch a package of a release the host may not run
# (scripts/stock-kernel.sh, scripts/kernel-source.sh): its own sources,
# lists and cache, nothing installed; the host's mirror and security mirror
# (scripts/debian-mirror.sh) and its trusted keys (both releases' are in
# debian-archive-keyring on either).
#
# Usage: . scripts/release-apt.sh
#        release_apt BUILD_DIR SUITE ARCH
#
# Sets aptdir (BUILD_DIR/stock/apt/SUITE-ARCH/) and aptopts, for
# apt-get "${aptopts[@]}" and apt-cache "${aptopts[@]}", and updates the
# lists (a few kilobytes when nothing changed). A failed update is said on
# stderr, with its log, and leaves the lists as they were: the caller then
# finds no version, and falls back to what it has cached.

# shellcheck disable=SC2034	# aptdir and aptopts are for the caller
release_apt() {
	local build=$1 suite=$2 arch=$3 mirror security
	aptdir=$build/stock/apt/$suite-$arch
	mkdir -p "$aptdir/lists/partial" "$aptdir/cache/archives/partial" "$aptdir/parts"
	read -r mirror security < <("$(dirname "${BASH_SOURCE[0]}")/debian-mirror.sh")
	printf 'deb %s %s main\ndeb %s %s-security main\n' "$mirror" "$suite" "$security" "$suite" \
		> "$aptdir/sources.list"
	: > "$aptdir/status"
	aptopts=(-o Dir::Etc::SourceList="$aptdir/sources.list" -o Dir::Etc::SourceParts="$aptdir/parts"
		-o Dir::State::Lists="$aptdir/lists" -o Dir::Cache="$aptdir/cache"
		-o Dir::Cache::pkgcache=pkgcache.bin -o Dir::Cache::srcpkgcache=srcpkgcache.bin
		-o Dir::State::Status="$aptdir/status" -o APT::Architecture="$arch"
		-o APT::Architectures::="$arch" -o Debug::NoLocking=1)
	apt-get "${aptopts[@]}" update -q > "$aptdir/update.log" 2>&1 ||
		echo "$(basename "$0"): apt-get update for $suite/$arch failed ($aptdir/update.log)" >&2
}
