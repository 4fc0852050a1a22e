#!/bin/bash
# Check a reason model against the kernel tree it claims: every call of
# security_locked_down() in the tree must be a "site" of its reason in the
# model, every site in the model must still exist, every enum
# lockdown_reason member must have an entry, the tree must be the version
# the model says ("kernel X.Y"), and every function the model cites (a
# path's "source", an "argued" edge's FILE:FUNCTION) must be defined in
# the tree. So when the kernel moves, the model cannot silently go stale.
#
# Usage: check-sites.sh TREE MODEL      check; exit 1 on any difference
#        check-sites.sh --list TREE     print the tree's sites, model syntax
#        check-sites.sh --cited MODEL   print the files MODEL cites, one a line
#
# Every call is found, wherever it is (security/ too, only tools/ and the
# hook's own declaration and definition left out), however it is written:
# "security_locked_down (", the argument on the next line, comments
# between. A site is "FILE FUNCTION": the source file, relative to the
# tree, and the function the call is in (sys_NAME for
# SYSCALL_DEFINEn(NAME, ...)). A call whose argument is not a LOCKDOWN_
# constant is reported: it must be modelled by hand.
set -euo pipefail

mode=check
case ${1:-} in
--list) mode=list; shift ;;
--cited) mode=cited; shift ;;
esac

# FILE FUNCTION of everything MODEL cites: sites, sources, argued edges.
cited() {
	awk '
	/^[ \t]+(site|source)[ \t]/ { print $2, $3 }
	/^[ \t]+argued[ \t]/ {
		s = $0; sub(/^[ \t]+argued[ \t]+"([^"\\]|\\.)*"/, "", s)
		n = split(s, ref, /[ \t]+/)
		for (i = 1; i <= n; i++)
			if (split(ref[i], p, ":") == 2)
				print p[1], p[2]
	}' "$1"
}

if [ $mode = cited ]; then
	cited "$1" | awk '{ print $1 }' | sort -u
	exit 0
fi
tree=$1
model=${2:-}

# The awk that reads C: strips comments and strings, tracks the function
# each line is in, and joins a call that spans lines.
scan_awk='
function strip(s,    out, i, n, tok) {
	# comments (a block comment may span lines) and string literals out;
	# jumps from one "/*", "//" or quote to the next (most lines have none)
	out = ""
	while (s != "") {
		if (in_comment) {
			if (!(i = index(s, "*/")))
				return out
			s = substr(s, i + 2)
			in_comment = 0
			continue
		}
		if (!match(s, /\/\*|\/\/|"/))
			return out s
		out = out substr(s, 1, RSTART - 1)
		tok = substr(s, RSTART, RLENGTH)
		s = substr(s, RSTART + RLENGTH)
		if (tok == "//")
			return out
		if (tok == "/*") {
			in_comment = 1
			continue
		}
		n = length(s)
		for (i = 1; i <= n && substr(s, i, 1) != "\""; i++)
			if (substr(s, i, 1) == "\\") i++
		out = out "\"\""
		s = substr(s, i + 1)
	}
	return out
}
# a function definition starts at column 0 and is not a prototype
function defines(s,    fn) {
	if (s ~ /^(COMPAT_)?SYSCALL_DEFINE[0-9]\(/) {
		fn = s; sub(/^[A-Z_]*DEFINE[0-9]\([ \t]*/, "", fn); sub(/[ \t]*[,)].*/, "", fn)
		return "sys_" fn
	}
	if (s ~ /^[A-Za-z_][A-Za-z0-9_ \t\*]*\(/ && s !~ /;[ \t]*$/) {
		fn = s; sub(/[ \t]*\(.*/, "", fn); sub(/.*[ \t\*]/, "", fn)
		return fn
	}
	return ""
}
'

# The tree's files that name the hook, relative, sorted: a walk of the
# whole tree, or what CHECK_SITES_FILES lists (a caller checking several
# models against one tree walks it once: tests/unit/model/run.sh).
site_files() {
	if [ -n "${CHECK_SITES_FILES:-}" ]; then
		cat "$CHECK_SITES_FILES"
		return
	fi
	(cd "$tree" && grep -rlE --include='*.c' --include='*.h' 'security_locked_down' . |
		grep -v -e '^\./tools/' -e '^\./include/linux/security\.h$' |
		sed 's#^\./##' | sort)
}

# REASON FILE FUNCTION, one line per call, from the tree.
tree_sites() {
	local files
	mapfile -t files < <(site_files)
	[ ${#files[@]} -gt 0 ] || return 0
	# one awk reads them all; a file starts with no function, no call left
	# open and outside any comment
	(cd "$tree" && awk "$scan_awk"'
		FNR == 1 { file = FILENAME; fn = ""; pending = ""; in_comment = 0 }
		{
			s = strip($0)
			d = defines(s)
			if (d != "")
				fn = d
			# buf: what follows the name of a call, up to its closing ")"; a
			# call left open on the line before continues here
			buf = pending != "" ? pending " " s : ""
			rest = pending != "" ? "" : s
			pending = ""
			for (;;) {
				if (buf == "") {
					if (!match(rest, /security_locked_down[ \t]*(\(|$)/))
						break
					buf = substr(rest, RSTART + 20)
				}
				depth = 0; arg = ""; closed = 0
				for (i = 1; i <= length(buf); i++) {
					c = substr(buf, i, 1)
					if (c == "(") { if (depth++ == 0) continue }
					if (c == ")" && --depth == 0) { closed = 1; break }
					if (depth > 0) arg = arg c
				}
				if (!closed) {
					pending = buf	# continued on the next line
					break
				}
				rest = substr(buf, i + 1)
				buf = ""
				gsub(/[ \t]/, "", arg)
				if (arg ~ /^enum[a-z_]*lockdown_reason/)
					continue	# the hook itself, not a call
				if (arg ~ /^LOCKDOWN_[A-Z0-9_]+$/)
					print arg, file, fn
				else
					print "DYNAMIC", file, fn
			}
		}' "${files[@]}") | sort | uniq
}

if [ $mode = list ]; then
	tree_sites | awk '{ if ($1 != last) print "# " $1; last = $1; print "\tsite " $2 " " $3 }'
	exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bad=0
say() { echo "check-sites: $*" >&2; bad=1; }

tree_sites > "$tmp/tree"
awk '/^reason / { r = $2 } /^path / { r = "" } r != "" && /^[ \t]+site / { print r, $2, $3 }' "$model" |
	sort | uniq > "$tmp/model"
awk '/^reason / { print $2 }' "$model" | sort > "$tmp/model-reasons"
sed -n '/^enum lockdown_reason {/,/^};/p' "$tree/include/linux/security.h" |
	grep -o 'LOCKDOWN_[A-Z0-9_]*' |
	grep -v -e '^LOCKDOWN_NONE$' -e '^LOCKDOWN_INTEGRITY_MAX$' -e '^LOCKDOWN_CONFIDENTIALITY_MAX$' |
	sort > "$tmp/enum"

# the version the model claims, and the tree's
want=$(awk '/^kernel / { print $2; exit }' "$model")
have=$(awk '/^VERSION = / { v = $3 } /^PATCHLEVEL = / { p = $3 } END { if (v != "") print v "." p }' \
	"$tree/Makefile" 2>/dev/null || true)
if [ -z "$want" ]; then
	say "$model has no 'kernel X.Y' line: which kernel does it describe?"
elif [ "$want" != "$have" ]; then
	say "$model describes Linux $want, but $tree is Linux ${have:-(no Makefile)}"
fi

while read -r r f fn; do
	if [ "$r" = DYNAMIC ]; then
		say "$f: $fn calls security_locked_down() with a variable: model it by hand"
	else
		say "$f: $fn asks $r, and the model has no such site"
	fi
done < <(comm -23 "$tmp/tree" "$tmp/model")
while read -r r f fn; do
	say "the model lists site $f $fn for $r, which the tree no longer has"
done < <(comm -13 "$tmp/tree" "$tmp/model")
while read -r r; do
	say "enum lockdown_reason has $r, which the model does not describe"
done < <(comm -23 "$tmp/enum" "$tmp/model-reasons")
while read -r r; do
	say "the model describes $r, which enum lockdown_reason no longer has"
done < <(comm -13 "$tmp/enum" "$tmp/model-reasons")

# every function the model cites outside its sites: defined in the tree
cited "$model" | sort -u | { grep -vxF -f <(awk '{ print $2, $3 }' "$tmp/tree") || true; } \
	> "$tmp/cited"
n_cited=$(wc -l < "$tmp/cited")
mapfile -t cfiles < <(awk '{ print $1 }' "$tmp/cited" | sort -u)
have_files=()
for f in "${cfiles[@]}"; do
	if [ -f "$tree/$f" ]; then
		have_files+=("$f")
	else
		awk -v f="$f" '$1 == f { print $2 }' "$tmp/cited" | while read -r fn; do
			echo "the model cites $f:$fn, and the tree has no $f"
		done
	fi
done > "$tmp/no-file"
while read -r line; do say "$line"; done < "$tmp/no-file"
# one awk over every cited file the tree has: the FILE FUNCTION it defines
# that the model cites
if [ ${#have_files[@]} -gt 0 ]; then
	(cd "$tree" && awk "$scan_awk"'
		NR == FNR { want[$0] = 1; next }
		FNR == 1 { in_comment = 0 }
		{ d = defines(strip($0)); if (d != "" && (FILENAME " " d) in want) print FILENAME, d }' \
		"$tmp/cited" "${have_files[@]}") | sort -u > "$tmp/defined"
else
	: > "$tmp/defined"
fi
while read -r f fn; do
	[ -f "$tree/$f" ] || continue
	say "the model cites $f:$fn, and $f defines no $fn"
done < <(comm -23 "$tmp/cited" "$tmp/defined")

if [ $bad = 0 ]; then
	echo "check-sites: $(basename "$model") against $tree (Linux $have): $(wc -l < "$tmp/tree")" \
		"call sites of $(wc -l < "$tmp/enum") reasons, all in the model; $n_cited cited functions found"
fi
exit $bad
