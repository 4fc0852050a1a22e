#!/bin/bash
# Configure a kernel object directory: x86_64 tinyconfig plus fragments.
#
# Usage: scripts/kernel-config.sh [--lenient] TREE OBJDIR FRAGMENT...
#   --lenient  report options that did not survive, but do not fail (for
#              building the series at a patch that predates them)
#
# Fails if any option a fragment asks for did not survive olddefconfig:
# that means a dependency is missing from the fragment, and a test would
# otherwise run against a kernel without the feature it tests.
set -euo pipefail

lenient=0
if [ "$1" = --lenient ]; then
	lenient=1
	shift
fi
tree=$(realpath "$1")
obj=$(realpath -m "$2")
shift 2
die() { echo "kernel-config.sh: $*" >&2; exit 1; }

mkdir -p "$obj"
new=$(mktemp -d)
trap 'rm -rf "$new"' EXIT

kmake() { make -s -C "$tree" O="$new" ARCH=x86_64 "$@"; }
kmake tinyconfig >/dev/null
"$tree/scripts/kconfig/merge_config.sh" -m -O "$new" "$new/.config" "$@" >/dev/null
kmake olddefconfig >/dev/null

bad=0
for frag in "$@"; do
	while IFS= read -r line; do
		case "$line" in
		CONFIG_*=n | '# CONFIG_'*' is not set')
			sym=${line%%=*}
			sym=${sym#\# }
			sym=${sym%% *}
			if grep -q "^$sym=" "$new/.config"; then
				echo "kernel-config.sh: $frag: $sym should be off, is $(grep "^$sym=" "$new/.config")" >&2
				bad=1
			fi
			;;
		CONFIG_*=*)
			if ! grep -qxF -- "$line" "$new/.config"; then
				sym=${line%%=*}
				have=$(grep "^$sym=" "$new/.config" || echo "not set")
				echo "kernel-config.sh: $frag: wanted $line, got $have" >&2
				bad=1
			fi
			;;
		esac
	done < "$frag"
done
[ $bad = 0 ] || [ $lenient = 1 ] || die "the configuration is not what the fragments ask for"

if ! cmp -s "$new/.config" "$obj/.config"; then
	cp "$new/.config" "$obj/.config"
	echo "  CONFIG  $(basename "$obj") from $(printf '%s ' "${@##*/}")"
fi
