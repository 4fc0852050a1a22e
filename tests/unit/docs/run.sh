#!/bin/bash
# The man page, --help and the bash completion against the command table
# (ldpolicy --help, generated from it): the same commands, the options
# each command's --help lists in the man page and the completion, the
# version of VERSION in the man pages' footers. Fails when they drift.
#
# Usage: tests/unit/docs/run.sh LDPOLICY
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
ldp=$1
man=$top/userspace/ldpolicy/man/ldpolicy.8
comp=$top/userspace/ldpolicy/completion/ldpolicy.bash
n=0
echo "TAP version 13"
res() { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; [ -z "${3:-}" ] || printf '%s\n' "$3" | head -n 8 | sed 's/^/# /'; fi; }

cmds=$("$ldp" --help | sed -n '/^commands/,/^$/s/^  \([a-z]*\) .*/\1/p')
res "$([ -n "$cmds" ]; echo $?)" "--help lists the commands"
ccmds=$(sed -n 's/^\tlocal commands="\(.*\)"/\1/p' "$comp")
res "$([ "$(echo $cmds help)" = "$ccmds" ]; echo $?)" "the completion's commands are --help's, and help" \
	"--help: $(echo $cmds) help; completion: $ccmds"
missing=
for c in $cmds; do
	grep -q "^\.BR $c\( \|$\)" "$man" || missing="$missing $c"
done
res "$([ -z "$missing" ]; echo $?)" "the man page has an entry for every command" "missing:$missing"
# every long option a command's --help lists: in the man page, in the completion
for c in $cmds; do
	opts=$("$ldp" "$c" --help | grep -o -- '--[A-Za-z][-A-Za-z]*' | sort -u | grep -v -- '^--help$')
	line=$(sed -n "s/^\t$c) opts=\"\(.*\)\" ;;/\1/p" "$comp")
	nocomp= noman=
	for o in $opts; do
		[[ " $line " == *" $o "* ]] || nocomp="$nocomp $o"
		grep -q -- "$(printf '%s' "$o" | sed 's/-/\\\\-/g')" "$man" || noman="$noman $o"
	done
	extra=
	for o in $line; do
		[ "$o" = --help ] || printf '%s\n' $opts | grep -qx -- "$o" || extra="$extra $o"
	done
	res "$([ -z "$nocomp$noman$extra" ]; echo $?)" "$c: --help, the man page and the completion agree" \
		"not in the completion:$nocomp; not in the man page:$noman; completion only:$extra"
done
for o in --version --help --json --pretty --quiet; do
	"$ldp" --help | grep -q -- "$o" && grep -q -- "$(printf '%s' "$o" | sed 's/-/\\\\-/g')" "$man" &&
		grep -q -- " $o" "$comp"
	res $? "global $o: in --help, the man page and the completion"
done
v=$(cat "$top/VERSION")
for m in "$top"/userspace/ldpolicy/man/ldpolicy.8 "$top"/userspace/ldpolicy/man/ldpolicy.ldp.5; do
	res "$(head -n 1 "$m" | grep -q "\"ldpolicy $v\""; echo $?)" "$(basename "$m") says version $v" \
		"$(head -n 1 "$m")"
done
res "$("$ldp" --version | grep -q "^ldpolicy $v "; echo $?)" "ldpolicy --version says $v"
echo "1..$n"
