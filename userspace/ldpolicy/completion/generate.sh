#!/bin/sh
# Write the bash completion: TEMPLATE with @COMMANDS@ and @OPTIONS@
# filled in from the command table of the ldpolicy just built
# (ldpolicy --completion-table: a line per command, its name and the long
# options it takes).
#
# Usage: generate.sh TEMPLATE LDPOLICY > OUT
set -eu
table=$("$2" --completion-table)
[ -n "$table" ] || { echo "generate.sh: $2 printed no command table" >&2; exit 1; }
printf '%s\n' "$table" | awk -v template="$1" '
	{ cmds = cmds (NR > 1 ? " " : "") $1
	  line = $2; for (i = 3; i <= NF; i++) line = line " " $i
	  opts = opts sprintf("\t%s) opts=\"%s\" ;;\n", $1, line) }
	END {
		while ((getline l < template) > 0) {
			if (l == "@OPTIONS@") { printf "%s", opts; continue }
			sub(/@COMMANDS@/, cmds, l)
			print l
		}
	}'
