#!/bin/bash
# Write the coverage table of the per-reason matrix, from what the VM
# scenarios actually reported.
#
# Usage: scripts/coverage.sh LOGDIR TABLE > coverage.md
#   LOGDIR  tests/vm/run.sh's output directory (the matrix-* scenarios)
#   TABLE   the reason table (ldpolicy reasons format)
#
# A reason is "triggered" when every probe of it passed in all three
# configurations: nothing denied (matrix-none), a policy denying just it
# (matrix-policy@REASON), and the static level that covers it
# (matrix-static-*). Any other reason must be in tests/vm/unreachable.txt
# with why; the script fails otherwise, and when fewer than MIN_TRIGGERED
# reasons are triggered.
set -euo pipefail
logs=$1
table=$2
top=$(cd "$(dirname "$0")/.." && pwd)
unreach=$top/tests/vm/unreachable.txt
MIN_TRIGGERED=${MIN_TRIGGERED:-18}
policies="integrity confidentiality observability laptop-hibernate coco-devmem"

# "RESULT REASON PROBE WANT KIND" for every matrix test of a scenario
rows() {
	[ -f "$logs/$1/results" ] || return 0
	sed -n 's/^\(PASS\|FAIL\)\t[^:]*: \(LOCKDOWN_[A-Z0-9_]*\) via \([a-z_]*\): \([a-z]*\) (\([a-z]*\))$/\1 \2 \3 \4 \5/p' \
		"$logs/$1/results"
}

# all probes of REASON passed, with WANT, in SCENARIO (and there was one)
passed() { # SCENARIO REASON WANT
	local r
	r=$(rows "$1" | awk -v r="$2" -v w="$3" '$2 == r { n++; if ($1 != "PASS" || $4 != w) bad++ }
		END { print (n > 0 && !bad) ? "yes" : "no" }')
	[ "$r" = yes ]
}

probes_of() {
	rows matrix-none | awk -v r="$1" '$2 == r { printf "%s%s", sep, $3; sep = ", " }'
}

triggered=0 missing=()
echo "| Reason | Class | Probes | Nothing denied | Policy denies it | Static level | Status |"
echo "|---|---|---|---|---|---|---|"
while read -r idx id cls _; do
	case "$idx" in '#'* | '') continue ;; esac
	level=matrix-static-integrity
	[ "$cls" = integrity ] || level=matrix-static-confidentiality
	probes=$(probes_of "$id")
	if [ -n "$probes" ] && passed matrix-none "$id" allowed &&
		passed "matrix-policy@$id" "$id" denied && passed "$level" "$id" denied; then
		echo "| \`$id\` | $cls | $probes | allowed | denied | denied | triggered for real |"
		triggered=$((triggered + 1))
	else
		why=$(awk -v r="$id" '$1 == r { $1 = ""; sub(/^ +/, ""); print }' "$unreach")
		if [ -z "$why" ]; then
			missing+=("$id")
			why="NOT TRIGGERED, and no reason given"
		fi
		echo "| \`$id\` | $cls | - | - | - | - | not reached: $why |"
	fi
done < "$table"
echo
echo "$triggered of $(grep -c '^[0-9]' "$table") reasons triggered for real."
echo
echo "### Shipped policies"
echo
printf '| Reason |'
for p in $policies; do printf ' %s |' "$p"; done
printf '\n|---|'
for p in $policies; do printf -- '---|'; done
echo
while read -r idx id cls _; do
	case "$idx" in '#'* | '') continue ;; esac
	[ -n "$(probes_of "$id")" ] || continue
	printf '| `%s` |' "$id"
	for p in $policies; do
		if passed "matrix-shipped@$p" "$id" denied; then printf ' denied |'
		elif passed "matrix-shipped@$p" "$id" allowed; then printf ' allowed |'
		else printf ' FAILED |'; missing+=("$id@$p"); fi
	done
	echo
done < "$table"
if [ ${#missing[@]} -gt 0 ]; then
	echo "coverage.sh: not triggered and not explained, or failed: ${missing[*]}" >&2
	exit 1
fi
if [ $triggered -lt "$MIN_TRIGGERED" ]; then
	echo "coverage.sh: only $triggered reasons triggered, fewer than $MIN_TRIGGERED" >&2
	exit 1
fi
