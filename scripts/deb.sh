#!/bin/bash
# Build the ldpolicy Debian package into BUILD/deb, and run lintian on it.
#
# Usage: scripts/deb.sh BUILD [ARCH]
#
# ARCH: another Debian architecture to cross-build for (arm64: with
# dpkg-buildpackage -a, the :arm64 build dependencies through multiarch),
# into BUILD/deb-ARCH. Default: the machine's own, into BUILD/deb.
#
# The sources the package needs are staged in BUILD/deb/ldpolicy-VERSION
# (the tree stays clean, and uncommitted changes are in), with a
# debian/changelog written from VERSION, the version's one place. Then
# dpkg-buildpackage -b -us -uc, and lintian, which must be clean: every
# override is in debian/, with its reason (debian/rules installs it).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
out=$(realpath -m "$1")
native=$(dpkg --print-architecture)
arch=${2:-$native}
version=$(cat "$top/VERSION")
deb_dir=$out/deb
cross=()
if [ "$arch" != "$native" ]; then
	deb_dir=$out/deb-$arch
	cross=(-a "$arch")
fi
src=$deb_dir/ldpolicy-$version
die() { echo "deb.sh: $*" >&2; exit 1; }

rm -rf "$deb_dir"
mkdir -p "$src"
(cd "$top" && tar -cf - VERSION debian policies kernel/include/uapi userspace/ldpolicy) |
	tar -xf - -C "$src"

# A reproducible date: the last commit's, or the VERSION file's.
epoch=$(git -C "$top" log -1 --format=%ct 2>/dev/null || stat -c %Y "$top/VERSION")
export SOURCE_DATE_EPOCH=$epoch
cat > "$src/debian/changelog" <<EOT
ldpolicy ($version) unstable; urgency=medium

  * Built from the upstream tree at version $version (scripts/deb.sh).

 -- $(sed -n 's/^Maintainer: //p' "$top/debian/control")  $(LC_ALL=C date -u -R -d "@$epoch")
EOT

(cd "$src" && dpkg-buildpackage -b -us -uc "${cross[@]}") > "$deb_dir/build.log" 2>&1 ||
	{ tail -n 30 "$deb_dir/build.log" >&2; die "dpkg-buildpackage failed: $deb_dir/build.log"; }

deb=$deb_dir/ldpolicy_${version}_$arch.deb
[ -f "$deb" ] || die "no $deb"
# what lintian finds, warnings too, fails the build
lintian --fail-on error,warning --display-info \
	"$deb_dir/ldpolicy_${version}_$arch.changes" > "$deb_dir/lintian.log" 2>&1 ||
	{ cat "$deb_dir/lintian.log" >&2; die "lintian is not clean"; }
ln -sf "$(basename "$deb")" "$deb_dir/ldpolicy.deb"
echo "  DEB     $deb (lintian: $(grep -c . "$deb_dir/lintian.log") lines)"
