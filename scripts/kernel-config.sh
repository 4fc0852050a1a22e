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

# What the fragments ask for, the last fragment winning for a symbol.
declare -A want=() from=()
for frag in "$@"; do
	while IFS= read -r line; do
		case "$line" in
		CONFIG_*=* | '# CONFIG_'*' is not set')
			sym=${line#\# }
			sym=${sym%%=*}
			sym=${sym%% *}
			case "$line" in
			CONFIG_*=n | '#'*) want[$sym]=n ;;
			*) want[$sym]=${line#*=} ;;
			esac
			from[$sym]=$frag
			;;
		esac
	done < "$frag"
done

bad=0
for sym in "${!want[@]}"; do
	have=$(grep "^$sym=" "$new/.config" | cut -d= -f2- || true)
	if [ "${want[$sym]}" = n ]; then
		[ -z "$have" ] && continue
		echo "kernel-config.sh: ${from[$sym]}: $sym should be off, is $have" >&2
	elif [ "$have" != "${want[$sym]}" ]; then
		echo "kernel-config.sh: ${from[$sym]}: wanted $sym=${want[$sym]}, got ${have:-not set}" >&2
	else
		continue
	fi
	bad=1
done
[ $bad = 0 ] || [ $lenient = 1 ] || die "the configuration is not what the fragments ask for"

if ! cmp -s "$new/.config" "$obj/.config"; then
	cp "$new/.config" "$obj/.config"
	echo "  CONFIG  $(basename "$obj") from $(printf '%s ' "${@##*/}")"
fi
