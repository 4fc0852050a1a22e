#!/bin/bash
# Fetch Debian's linux-source-X.Y, for the reason model of that version to
# be checked against the tree it claims (userspace/ldpolicy/model/
# check-sites.sh, in make check), cached by package version. Only what the
# checker reads is kept: the top Makefile (the version), include/linux/
# security.h, every .c and .h that mentions security_locked_down, and the
# files the model cites. Its .c and .h files are unpacked to a temporary
# directory for that, and removed.
#
# Usage: scripts/kernel-source.sh BUILD_DIR X.Y MODEL
#
# BUILD_DIR/src/linux-source-X.Y/PACKAGE_VERSION/   one fetched version
# BUILD_DIR/src/linux-source-X.Y/current            a symlink to it
#
# The package comes from the Debian release whose kernel is X.Y (6.1:
# bookworm, 6.12: trixie), through apt of that release alone
# (scripts/release-apt.sh), whichever release this machine runs. Nothing
# is fetched when the current version is cached with the files the model
# cites. Without network a cached version is used, and said so; with none,
# this fails: a model is never left unchecked.
set -euo pipefail

build=$(realpath -m "$1")
series=$2
model=$3
pkg=linux-source-$series
top=$build/src/$pkg
here=$(cd "$(dirname "$0")" && pwd)
check=$here/../userspace/ldpolicy/model/check-sites.sh
die() { echo "kernel-source.sh: $*" >&2; exit 1; }
for t in apt-get apt-cache dpkg-deb xz tar; do
	command -v "$t" >/dev/null || die "'$t' is not installed (scripts/deps.sh source)"
done
case $series in
6.1) suite=bookworm ;;
6.12) suite=trixie ;;
*) die "no Debian release is known whose kernel is $series (6.1: bookworm, 6.12: trixie)" ;;
esac
mkdir -p "$top"

# what the model cites: a cached tree without one of them is refetched
cited=$("$check" --cited "$model")
key=$(printf '%s\n' "$cited" | sha256sum | cut -c1-16)

# shellcheck source=scripts/release-apt.sh
. "$here/release-apt.sh"
release_apt "$build" "$suite" "$(dpkg --print-architecture)"
version=$(apt-cache "${aptopts[@]}" show --no-all-versions "$pkg" 2>/dev/null |
	awk '/^Version:/ { print $2; exit }')
cached() { [ -f "$top/current/.done" ] && [ "$(cat "$top/current/.cited")" = "$key" ]; }
if [ -z "$version" ]; then
	cached || die "apt knows no $pkg in $suite ($aptdir), and none is cached"
	echo "kernel-source.sh: apt knows no $pkg; using the cached $(readlink "$top/current")" >&2
	exit 0
fi
dir=$top/$version
if [ -f "$dir/.done" ] && [ "$(cat "$dir/.cited")" = "$key" ]; then
	[ "$(readlink "$top/current" 2>/dev/null)" = "$version" ] || ln -sfn "$version" "$top/current"
	exit 0
fi

echo "  FETCH   $pkg $version"
tmp=$(mktemp -d "$top/fetch.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
if ! (cd "$tmp" && apt-get "${aptopts[@]}" download -q "$pkg=$version" >/dev/null 2>&1); then
	if cached; then
		echo "kernel-source.sh: cannot download $pkg $version; using the cached $(readlink "$top/current")" >&2
		exit 0
	fi
	die "cannot download $pkg $version (apt-get download)"
fi
# the package holds usr/src/linux-source-X.Y.tar.xz, whose top directory is linux-source-X.Y
dpkg-deb --fsys-tarfile "$tmp"/*.deb | tar -xO "./usr/src/$pkg.tar.xz" | xz -dc |
	tar -x -C "$tmp" --wildcards "$pkg/Makefile" '*.c' '*.h'
src=$tmp/$pkg
[ -f "$src/Makefile" ] && [ -f "$src/include/linux/security.h" ] ||
	die "$pkg $version has no Makefile or include/linux/security.h"
out=$tmp/out
mkdir -p "$out"
{
	echo Makefile
	echo include/linux/security.h
	(cd "$src" && grep -rl --include='*.c' --include='*.h' 'security_locked_down' . | sed 's#^\./##')
	printf '%s\n' "$cited"
} | sort -u | while read -r f; do
	[ -f "$src/$f" ] || continue	# a cited file it lacks: check-sites.sh says so
	mkdir -p "$out/$(dirname "$f")"
	cp "$src/$f" "$out/$f"
done
echo "$pkg $version" > "$out/.package"
echo "$key" > "$out/.cited"
touch "$out/.done"
rm -rf "$dir"
mv "$out" "$dir"
ln -sfn "$version" "$top/current"
# older versions are not needed any more
for old in "$top"/*; do
	[ "$old" = "$dir" ] || [ "$old" = "$top/current" ] || [ "$old" = "$tmp" ] || rm -rf "$old"
done
