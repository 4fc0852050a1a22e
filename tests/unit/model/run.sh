#!/bin/bash
# The reason model's call-site checker (userspace/ldpolicy/model/
# check-sites.sh): it passes on the 6.12 tree, and fails when the model
# misses a call site (in security/ too, split across lines, written
# "security_locked_down ("), lists one the tree lost, misses an enum
# member, claims another version, or cites a function the tree lacks.
# Needs the pristine 6.12 tree (build/pristine, unpacked by the kernel
# build; KERNEL_TREE chooses another); without it, SKIP. make check runs
# the checker itself against every tree a model claims (make model-check).
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
tree=${KERNEL_TREE:-$top/build/pristine}
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
tests=("the 6.12 tree matches the model" "a call site missing from the model fails"
	"a site the tree lost fails" "a reason missing from the model fails"
	"a new call site in the tree fails" "security/'s call sites are seen"
	"a call split across lines is seen" "'security_locked_down (' is seen"
	"a variable argument is reported" "comments and the hook's definition are no calls"
	"a model for another version fails" "a cited function the tree lacks fails"
	"a cited file the tree lacks fails")
if [ ! -f "$tree/include/linux/security.h" ]; then
	for d in "${tests[@]}"; do
		n=$((n + 1))
		echo "ok $n - $d # SKIP no kernel tree at $tree (make kernel)"
	done
	echo "1..$n"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# the tree walked once for every check of it (not of $tmp/tree)
(cd "$tree" && grep -rlE --include='*.c' --include='*.h' 'security_locked_down' . |
	grep -v -e '^\./tools/' -e '^\./include/linux/security\.h$' |
	sed 's#^\./##' | sort) > "$tmp/files"

t "the 6.12 tree matches the model" pass "" env CHECK_SITES_FILES="$tmp/files" "$check" "$tree" "$model"

grep -v 'site fs/proc/kcore.c open_kcore' "$model" > "$tmp/no-site.model"
t "a call site missing from the model fails" fail \
	"fs/proc/kcore.c: open_kcore asks LOCKDOWN_KCORE, and the model has no such site" \
	env CHECK_SITES_FILES="$tmp/files" "$check" "$tree" "$tmp/no-site.model"

sed 's#site fs/proc/kcore.c open_kcore#&\n\tsite fs/proc/kcore.c read_kcore_iter#' "$model" > "$tmp/extra.model"
t "a site the tree lost fails" fail "lists site fs/proc/kcore.c read_kcore_iter" \
	env CHECK_SITES_FILES="$tmp/files" "$check" "$tree" "$tmp/extra.model"

awk '/^reason LOCKDOWN_XFRM_SECRET/ { skip = 1 } /^$/ { skip = 0 } !skip' "$model" > "$tmp/no-reason.model"
t "a reason missing from the model fails" fail \
	"enum lockdown_reason has LOCKDOWN_XFRM_SECRET, which the model does not describe" \
	env CHECK_SITES_FILES="$tmp/files" "$check" "$tree" "$tmp/no-reason.model"

# a tiny tree: the real header and Makefile, one file with a new call site
mkdir -p "$tmp/tree/include/linux" "$tmp/tree/drivers/new"
cp "$tree/include/linux/security.h" "$tmp/tree/include/linux/"
cp "$tree/Makefile" "$tmp/tree/"
printf 'static int new_open(void)\n{\n\treturn security_locked_down(LOCKDOWN_KCORE);\n}\n' \
	> "$tmp/tree/drivers/new/new.c"
t "a new call site in the tree fails" fail \
	"drivers/new/new.c: new_open asks LOCKDOWN_KCORE, and the model has no such site" \
	"$check" "$tmp/tree" "$model"

grep -v 'site security/integrity/ima/ima_policy.c ima_appraise_signature' "$model" > "$tmp/no-ima.model"
t "security/'s call sites are seen" fail \
	"security/integrity/ima/ima_policy.c: ima_appraise_signature asks LOCKDOWN_KEXEC" \
	env CHECK_SITES_FILES="$tmp/files" "$check" "$tree" "$tmp/no-ima.model"

# the ways a call is written that a line-by-line grep misses
list() { "$check" --list "$tmp/tree" 2>&1; }
printf 'int\nsplit_open(int a,\n\t   int b)\n{\n\tif (a && security_locked_down(\n\t\t\tLOCKDOWN_PERF))\n\t\treturn 1;\n\treturn 0;\n}\n' \
	> "$tmp/tree/drivers/new/new.c"
out=$(list)
n=$((n + 1))
if printf '%s\n' "$out" | grep -A1 '^# LOCKDOWN_PERF' | grep -q 'site drivers/new/new.c split_open'; then
	echo "ok $n - a call split across lines is seen"
else
	echo "not ok $n - a call split across lines is seen"
	printf '%s\n' "$out" | head -n 5 | sed 's/^/# /'
fi
printf 'static const struct file_operations fops;\nstatic int spaced_open(void)\n{\n\treturn security_locked_down (LOCKDOWN_DEBUGFS) ? : security_locked_down /* why */ ( LOCKDOWN_KCORE );\n}\n' \
	> "$tmp/tree/drivers/new/new.c"
out=$(list)
n=$((n + 1))
if printf '%s\n' "$out" | grep -A1 '^# LOCKDOWN_DEBUGFS' | grep -q 'site drivers/new/new.c spaced_open' &&
	printf '%s\n' "$out" | grep -A1 '^# LOCKDOWN_KCORE' | grep -q 'site drivers/new/new.c spaced_open'; then
	echo "ok $n - 'security_locked_down (' is seen"
else
	echo "not ok $n - 'security_locked_down (' is seen"
	printf '%s\n' "$out" | head -n 5 | sed 's/^/# /'
fi
printf 'static int dyn_open(enum lockdown_reason what)\n{\n\treturn security_locked_down(what);\n}\n' \
	> "$tmp/tree/drivers/new/new.c"
t "a variable argument is reported" fail \
	"drivers/new/new.c: dyn_open calls security_locked_down() with a variable" \
	"$check" "$tmp/tree" "$model"
printf '/* security_locked_down(LOCKDOWN_KCORE) is asked elsewhere */\n// security_locked_down(LOCKDOWN_PERF)\nint security_locked_down(enum lockdown_reason what)\n{\n\treturn 0;\n}\n' \
	> "$tmp/tree/drivers/new/new.c"
out=$(list)
n=$((n + 1))
if ! printf '%s\n' "$out" | grep -q 'drivers/new'; then
	echo "ok $n - comments and the hook's definition are no calls"
else
	echo "not ok $n - comments and the hook's definition are no calls"
	printf '%s\n' "$out" | grep 'drivers/new' | head -n 5 | sed 's/^/# /'
fi

sed 's/^kernel 6\.12 /kernel 6.1 /' "$model" > "$tmp/other.model"
t "a model for another version fails" fail "describes Linux 6.1, but .* is Linux 6.12" \
	env CHECK_SITES_FILES="$tmp/files" "$check" "$tree" "$tmp/other.model"
sed 's#kernel/bpf/helpers.c bpf_bprintf_prepare#kernel/bpf/helpers.c bpf_bprintf_gone#' "$model" > "$tmp/cite.model"
t "a cited function the tree lacks fails" fail \
	"cites kernel/bpf/helpers.c:bpf_bprintf_gone, and kernel/bpf/helpers.c defines no bpf_bprintf_gone" \
	env CHECK_SITES_FILES="$tmp/files" "$check" "$tree" "$tmp/cite.model"
sed 's#arch/x86/kernel/cpu/common.c:syscall_init#arch/x86/kernel/cpu/gone.c:syscall_init#' "$model" > "$tmp/file.model"
t "a cited file the tree lacks fails" fail \
	"cites arch/x86/kernel/cpu/gone.c:syscall_init, and the tree has no arch/x86/kernel/cpu/gone.c" \
	env CHECK_SITES_FILES="$tmp/files" "$check" "$tree" "$tmp/file.model"
echo "1..$n"
