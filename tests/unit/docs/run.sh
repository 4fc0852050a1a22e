#!/bin/bash
# The man page, --help and the bash completion against the command table
# (--help and the completion are generated from it): the same commands,
# the options each command's --help lists in the man page and the
# completion, the version of VERSION in the man pages' footers. Fails
# when they drift. The completion is run, as bash runs it.
#
# Usage: tests/unit/docs/run.sh LDPOLICY COMPLETION (the generated one)
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
ldp=$1
man=$top/userspace/ldpolicy/man/ldpolicy.8
comp=$2
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
# the completion as bash runs it: every option of each command's --help,
# and nothing else, for "ldpolicy CMD --"
complete_words() {
	bash -c '. /usr/share/bash-completion/bash_completion && . "$1" && shift &&
		COMP_WORDS=("$@") && COMP_CWORD=$(($# - 1)) && COMP_LINE="$*" &&
		COMP_POINT=${#COMP_LINE} && _ldpolicy && printf "%s\n" "${COMPREPLY[@]}"' \
		complete "$comp" "$@" | sort -u
}
bad=
for c in $cmds; do
	want=$("$ldp" "$c" --help | sed -n '/^options:/,$p' | grep -o -- '--[A-Za-z][-A-Za-z]*' | sort -u)
	got=$(complete_words ldpolicy "$c" --)
	[ "$want" = "$got" ] || bad="$bad $c: completes [$(echo $got)], --help lists [$(echo $want)];"
done
res "$([ -n "$cmds" ] && [ -z "$bad" ]; echo $?)" "'ldpolicy CMD --<TAB>' completes the options of CMD's --help" "$bad"
got=$(complete_words ldpolicy s)
res "$([ "$(echo $got)" = "seal status suggest" ]; echo $?)" "'ldpolicy s<TAB>' completes the commands" "$(echo $got)"
echo "1..$n"
