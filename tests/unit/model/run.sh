#!/bin/bash
# The reason model's call-site checker (userspace/ldpolicy/model/
# check-sites.sh): it passes on our 6.12 tree, and fails when the model
# misses a call site, lists one the tree lost, or misses an enum member.
# Needs the kernel tree (build/linux); without it, SKIP.
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
tree=${KERNEL_TREE:-$top/build/linux}
check=$top/userspace/ldpolicy/model/check-sites.sh
model=$top/userspace/ldpolicy/model/linux-6.12.model
n=0
echo "TAP version 13"
t() { # DESC EXPECT(pass|fail) GREP-FOR CMD...
	d=$1 want=$2 pat=$3
	shift 3
	n=$((n + 1))
	out=$("$@" 2>&1)
	rc=$?
	if { [ "$want" = pass ] && [ $rc = 0 ]; } ||
		{ [ "$want" = fail ] && [ $rc != 0 ] && printf '%s' "$out" | grep -q -- "$pat"; }; then
		echo "ok $n - $d"
	else
		echo "not ok $n - $d"
		printf '%s\n' "$out" | head -n 5 | sed 's/^/# /'
	fi
}
if [ ! -f "$tree/include/linux/security.h" ]; then
	for d in "the 6.12 tree matches the model" "a call site missing from the model fails" \
		"a site the tree lost fails" "a reason missing from the model fails" \
		"a new call site in the tree fails"; do
		n=$((n + 1))
		echo "ok $n - $d # SKIP no kernel tree at $tree (make kernel)"
	done
	echo "1..$n"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

t "the 6.12 tree matches the model" pass "" "$check" "$tree" "$model"

grep -v 'site fs/proc/kcore.c open_kcore' "$model" > "$tmp/no-site.model"
t "a call site missing from the model fails" fail \
	"fs/proc/kcore.c: open_kcore asks LOCKDOWN_KCORE, and the model has no such site" \
	"$check" "$tree" "$tmp/no-site.model"

sed 's#site fs/proc/kcore.c open_kcore#&\n\tsite fs/proc/kcore.c read_kcore_iter#' "$model" > "$tmp/extra.model"
t "a site the tree lost fails" fail "lists site fs/proc/kcore.c read_kcore_iter" \
	"$check" "$tree" "$tmp/extra.model"

awk '/^reason LOCKDOWN_XFRM_SECRET/ { skip = 1 } /^$/ { skip = 0 } !skip' "$model" > "$tmp/no-reason.model"
t "a reason missing from the model fails" fail \
	"enum lockdown_reason has LOCKDOWN_XFRM_SECRET, which the model does not describe" \
	"$check" "$tree" "$tmp/no-reason.model"

# a tiny tree: the real header, one file with a new call site
mkdir -p "$tmp/tree/include/linux" "$tmp/tree/drivers/new"
cp "$tree/include/linux/security.h" "$tmp/tree/include/linux/"
printf 'static int new_open(void)\n{\n\treturn security_locked_down(LOCKDOWN_KCORE);\n}\n' \
	> "$tmp/tree/drivers/new/new.c"
t "a new call site in the tree fails" fail \
	"drivers/new/new.c: new_open asks LOCKDOWN_KCORE, and the model has no such site" \
	"$check" "$tmp/tree" "$model"
echo "1..$n"
