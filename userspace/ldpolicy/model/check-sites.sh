#!/bin/bash
# Check a reason model against a kernel tree: every call site of
# security_locked_down(LOCKDOWN_*) in the tree must be a "site" of that
# reason in the model, every site in the model must still exist, and every
# enum lockdown_reason member must have an entry. So when the kernel
# moves, the model cannot silently go stale.
#
# Usage: check-sites.sh TREE MODEL      check; exit 1 on any difference
#        check-sites.sh --list TREE     print the tree's sites, model syntax
#
# A site is "FILE FUNCTION": the source file, relative to the tree, and
# the function the call is in (sys_NAME for SYSCALL_DEFINEn(NAME, ...)).
set -euo pipefail

list=0
if [ "${1:-}" = --list ]; then
	list=1
	shift
fi
tree=$1
model=${2:-}

# REASON FILE FUNCTION, one line per call, from the tree.
tree_sites() {
	(cd "$tree" && grep -rl --include='*.c' --include='*.h' 'security_locked_down(' . |
		grep -v -e '^\./security/' -e '^\./tools/' -e '^\./include/linux/security\.h$' |
		sed 's#^\./##' | sort) |
	while read -r f; do
		awk -v file="$f" '
		# a function definition starts at column 0 and is not a prototype
		/^SYSCALL_DEFINE[0-9]\(|^COMPAT_SYSCALL_DEFINE[0-9]\(/ {
			fn = $0; sub(/^[A-Z_]*DEFINE[0-9]\(/, "", fn); sub(/[,)].*/, "", fn)
			fn = "sys_" fn; next
		}
		/^[A-Za-z_][A-Za-z0-9_ \t\*]*[ \t\*]\**[A-Za-z_][A-Za-z0-9_]*\(/ && !/;[ \t]*$/ ||
		/^[A-Za-z_][A-Za-z0-9_]*\(/ && !/;[ \t]*$/ {
			fn = $0; sub(/\(.*/, "", fn); sub(/.*[ \t\*]/, "", fn); next
		}
		/security_locked_down\(LOCKDOWN_[A-Z0-9_]+\)/ {
			s = $0
			while (match(s, /security_locked_down\(LOCKDOWN_[A-Z0-9_]+\)/)) {
				r = substr(s, RSTART + 21, RLENGTH - 22)
				print r, file, fn
				s = substr(s, RSTART + RLENGTH)
			}
			next
		}
		/security_locked_down\([a-z_]/ { print "DYNAMIC", file, fn }
		' "$tree/$f"
	done | sort | uniq
}

if [ $list = 1 ]; then
	tree_sites | awk '{ if ($1 != last) print "# " $1; last = $1; print "\tsite " $2 " " $3 }'
	exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tree_sites > "$tmp/tree"
awk '/^reason / { r = $2 } /^[ \t]+site / { print r, $2, $3 }' "$model" | sort | uniq > "$tmp/model"
awk '/^reason / { print $2 }' "$model" | sort > "$tmp/model-reasons"
sed -n '/^enum lockdown_reason {/,/^};/p' "$tree/include/linux/security.h" |
	grep -o 'LOCKDOWN_[A-Z0-9_]*' |
	grep -v -e '^LOCKDOWN_NONE$' -e '^LOCKDOWN_INTEGRITY_MAX$' -e '^LOCKDOWN_CONFIDENTIALITY_MAX$' |
	sort > "$tmp/enum"

bad=0
while read -r r f fn; do
	if [ "$r" = DYNAMIC ]; then
		echo "check-sites: $f: $fn calls security_locked_down() with a variable: model it by hand" >&2
	else
		echo "check-sites: $f: $fn asks $r, and the model has no such site" >&2
	fi
	bad=1
done < <(comm -23 "$tmp/tree" "$tmp/model")
while read -r r f fn; do
	echo "check-sites: the model lists site $f $fn for $r, which the tree no longer has" >&2
	bad=1
done < <(comm -13 "$tmp/tree" "$tmp/model")
while read -r r; do
	echo "check-sites: enum lockdown_reason has $r, which the model does not describe" >&2
	bad=1
done < <(comm -23 "$tmp/enum" "$tmp/model-reasons")
while read -r r; do
	echo "check-sites: the model describes $r, which enum lockdown_reason no longer has" >&2
	bad=1
done < <(comm -13 "$tmp/enum" "$tmp/model-reasons")
if [ $bad = 0 ]; then
	echo "check-sites: $(wc -l < "$tmp/tree") call sites of $(wc -l < "$tmp/enum") reasons, all in the model"
fi
exit $bad
