#!/bin/bash
# Print the Debian mirror and the security mirror this machine uses: the
# first URIs of its apt sources (deb822 or one-line), or DEBIAN_MIRROR and
# DEBIAN_SECURITY_MIRROR. Without a security source, the mirror's own
# "-security" sibling (as deb.debian.org/debian-security is).
#
# Usage: scripts/debian-mirror.sh     prints "MIRROR SECURITY_MIRROR"
set -euo pipefail

uris() {
	{ cat /etc/apt/sources.list.d/*.sources 2>/dev/null | sed -n 's/^URIs: *//p'
	  cat /etc/apt/sources.list.d/*.list /etc/apt/sources.list 2>/dev/null |
		sed -n 's/^deb \(\[[^]]*\] \)\?\([^ ]*\) .*/\2/p'
	} | tr ' ' '\n' | grep -E '^(https?|file):' | grep '/debian' || true
}
mirror=${DEBIAN_MIRROR:-$(uris | grep -v -e security | head -n1 || true)}
mirror=${mirror:-http://deb.debian.org/debian}
security=${DEBIAN_SECURITY_MIRROR:-$(uris | grep -e security | head -n1 || true)}
security=${security:-${mirror%/}-security}
echo "${mirror%/} ${security%/}"
