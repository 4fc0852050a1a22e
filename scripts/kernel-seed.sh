#!/bin/bash
# Start a kernel object directory as a copy of another's, built: Kbuild
# then rebuilds only what the new configuration changes (every object
# records the options it reads), instead of compiling the tree afresh.
#
# Usage: scripts/kernel-seed.sh SEED OBJDIR
# Does nothing if OBJDIR exists (it is built already, or being built), or
# if SEED has no vmlinux (nothing to start from).
set -euo pipefail

seed=$1
obj=$2
[ ! -e "$obj" ] || exit 0
[ -e "$seed/vmlinux" ] || exit 0
echo "  SEED    $(basename "$obj") from $(basename "$seed")"
rm -rf "$obj.seed"
cp -a "$seed" "$obj.seed"
mv "$obj.seed" "$obj"
