#!/bin/bash
# Write a cache key for a build product, touching KEYFILE only when the key
# changes, so make can depend on KEYFILE instead of on mtimes.
#
# Usage: scripts/cache-key.sh KEYFILE PATH...
#
# The key covers the content of every file under PATH... (git checkouts and
# touch(1) change mtimes, not content), the linux-source-6.12 package
# version, and the host toolchain's versions.
set -euo pipefail
keyfile=$1
shift

new=$({
	echo "linux-source-6.12 $(dpkg-query -W -f='${Version}' linux-source-6.12 2>/dev/null || echo none)"
	gcc --version | head -n1
	ld --version | head -n1
	find "$@" -type f ! -name '*.orig' ! -name '*.rej' -print0 | sort -z |
		xargs -0 sha256sum
} | sha256sum | cut -d' ' -f1)

mkdir -p "$(dirname "$keyfile")"
if [ "$(cat "$keyfile" 2>/dev/null)" != "$new" ]; then
	echo "$new" > "$keyfile"
fi
