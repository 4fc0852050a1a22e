#!/bin/bash
# Start a kernel object directory as a copy of another's, built: Kbuild
# then rebuilds only what the new configuration changes (every object
# records the options it reads), instead of compiling the tree afresh.
#
# Usage: scripts/kernel-seed.sh SEED OBJDIR
# Does nothing if OBJDIR exists (it is built already, or being built), or
# if SEED has no vmlinux (nothing to start from).
#
# The host tools under tools/ (objtool, resolve_btfids and their
# libraries) are built by tools/build, which records each command with
# the object directory's absolute path. Copied as they are, every one of
# those commands differs in the copy, the tools are rebuilt, and since
# every kernel object depends on objtool, the whole kernel is compiled
# again. So the copy's records name the copy.
set -euo pipefail

seed=$(realpath "$1")
obj=$(realpath -m "$2")
[ ! -e "$obj" ] || exit 0
[ -e "$seed/vmlinux" ] || exit 0
echo "  SEED    $(basename "$obj") from $(basename "$seed")"
rm -rf "$obj.seed"
cp -a "$seed" "$obj.seed"
grep -rlF --null --include='.*.cmd' "$seed/" "$obj.seed/tools" |
	xargs -0 -r sed -i "s|$seed/|$obj/|g"
mv "$obj.seed" "$obj"
