#!/bin/bash
# Build the ldpolicy Debian package into BUILD/deb, and run lintian on it.
#
# Usage: scripts/deb.sh BUILD
#
# The sources the package needs are staged in BUILD/deb/ldpolicy-VERSION
# (the tree stays clean, and uncommitted changes are in), with a
# debian/changelog written from VERSION, the version's one place. Then
# dpkg-buildpackage -b -us -uc, and lintian, which must be clean: every
# override is in debian/, with its reason (debian/rules installs it).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
out=$(realpath -m "$1")
version=$(cat "$top/VERSION")
src=$out/deb/ldpolicy-$version
die() { echo "deb.sh: $*" >&2; exit 1; }

rm -rf "$out/deb"
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

(cd "$src" && dpkg-buildpackage -b -us -uc) > "$out/deb/build.log" 2>&1 ||
	{ tail -n 30 "$out/deb/build.log" >&2; die "dpkg-buildpackage failed: $out/deb/build.log"; }

deb=$out/deb/ldpolicy_${version}_$(dpkg --print-architecture).deb
[ -f "$deb" ] || die "no $deb"
# what lintian finds, warnings too, fails the build
lintian --fail-on error,warning --display-info \
	"$out/deb/ldpolicy_${version}_$(dpkg --print-architecture).changes" > "$out/deb/lintian.log" 2>&1 ||
	{ cat "$out/deb/lintian.log" >&2; die "lintian is not clean"; }
ln -sf "$(basename "$deb")" "$out/deb/ldpolicy.deb"
echo "  DEB     $deb (lintian: $(grep -c . "$out/deb/lintian.log") lines)"
