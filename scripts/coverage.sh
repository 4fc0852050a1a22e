#!/bin/bash
# Write the coverage table of the per-reason matrix, from what the VM
# scenarios actually reported: one column per backend and kernel.
#
# Usage: scripts/coverage.sh LOGDIR TABLE > coverage.md
#   LOGDIR  tests/vm/run.sh's output directory
#   TABLE   the reason table (ldpolicy reasons format)
#
# A reason is "triggered" by a backend when every probe of it passed in
# every configuration that backend's matrix runs:
#   lockdown_policy (the test kernel): nothing denied (matrix-none), a
#     policy denying just it (matrix-policy@REASON), and the static level
#     that covers it (matrix-static-*);
#   the BPF backend (bpf-matrix-612 on our 6.12 kernel, bpf-matrix on
#     Debian 12's, bpf-matrix-deb13 on Debian 13's): nothing loaded, still
#     allowed just before its own denial and refused with its counter and
#     notice at it, in table order and in reverse (@forward, @reverse),
#     with nothing else failing in the boot.
# The kernels each column was measured on (release, architecture, and
# Debian's package version) are the "Kernels measured:" line, from the
# boots' own logs: make coverage-check compares everything else, since
# Debian's kernels change version under it.
# Any other reason must be in tests/vm/unreachable.txt with why, or, for a
# kernel that lacks its path, have its probes say why (SKIP). The script
# fails otherwise, when the BPF backend on 6.12 misses a reason the LSM
# triggers (same kernel paths), and when fewer than MIN_TRIGGERED reasons
# are triggered.
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
	sed -n 's/^\(PASS\|FAIL\|SKIP\)\t[^:]*: \(LOCKDOWN_[A-Z0-9_]*\) via \([a-z_]*\): \([a-z]*\) (\([a-z-]*\)).*$/\1 \2 \3 \4 \5/p' \
		"$logs/$1/results"
}

# all probes of REASON passed, with WANT and KIND (any if -), in SCENARIO
# (and there was one)
passed() { # SCENARIO REASON WANT [KIND]
	local r
	r=$(rows "$1" | awk -v r="$2" -v w="$3" -v k="${4:--}" '$2 == r && (k == "-" || $5 == k) {
		n++; if ($1 != "PASS" || $4 != w) bad++ } END { print (n > 0 && !bad) ? "yes" : "no" }')
	[ "$r" = yes ]
}

# the scenario reported no failure at all
clean() { ! grep -qE '^(FAIL|ERROR)' "$logs/$1/results" 2>/dev/null && [ -f "$logs/$1/results" ]; }

# why a reason's probes were skipped in SCENARIO, if they were
skipped() { # SCENARIO REASON
	[ -f "$logs/$1/results" ] || return 0
	awk -F'\t' -v r="$2" '$1 == "SKIP" && index($2, ": " r " via ") { print $3; exit }' \
		"$logs/$1/results" | sed 's/^unavailable (\(.*\))$/\1/'
}

probes_of() {
	rows matrix-none | awk -v r="$1" '$2 == r { printf "%s%s", sep, $3; sep = ", " }'
}

lsm_cell() { # REASON CLASS
	local level=matrix-static-integrity
	[ "$2" = integrity ] || level=matrix-static-confidentiality
	passed matrix-none "$1" allowed && passed "matrix-policy@$1" "$1" denied &&
		passed "$level" "$1" denied
}

bpf_cell() { # SCENARIO REASON
	local o
	passed "$1@forward" "$2" allowed none || return 1
	for o in forward reverse; do
		clean "$1@$o" && passed "$1@$o" "$2" allowed open && passed "$1@$o" "$2" denied bpf ||
			return 1
	done
}

# the BPF backend's columns: their matrix scenario, and what the column
# calls that kernel where it says why a reason was not reached
cols=(lsm bpf612 debian12 debian13)
declare -A scen=([bpf612]=bpf-matrix-612 [debian12]=bpf-matrix [debian13]=bpf-matrix-deb13)
declare -A who=([debian12]="Debian 12's kernel" [debian13]="Debian 13's kernel")
triggered=0 missing=()
declare -A count=([lsm]=0 [bpf612]=0 [debian12]=0 [debian13]=0)
echo "| Reason | Class | Probes | lockdown_policy, 6.12 | BPF backend, 6.12 | BPF backend, Debian 12's 6.1 | BPF backend, Debian 13's 6.12 | Not reached: why |"
echo "|---|---|---|---|---|---|---|---|"
while read -r idx id cls _; do
	case "$idx" in '#'* | '') continue ;; esac
	probes=$(probes_of "$id")
	why=$(awk -v r="$id" '$1 == r { $1 = ""; sub(/^ +/, ""); print }' "$unreach")
	cells=() whys=()
	declare -A stockwhy=()
	lsm=no
	for col in "${cols[@]}"; do
		case $col in
		lsm) [ -n "$probes" ] && lsm_cell "$id" "$cls" && ok=yes || ok=no; lsm=$ok ;;
		*) [ -n "$probes" ] && bpf_cell "${scen[$col]}" "$id" && ok=yes || ok=no ;;
		esac
		if [ $ok = yes ]; then
			cells+=("triggered")
			count[$col]=$((count[$col] + 1))
			continue
		fi
		cells+=("-")
		if [ -n "$why" ] && { [ "$col" != bpf612 ] || [ $lsm = no ]; }; then
			continue	# said once, in the last column
		fi
		w=
		[ -z "${who[$col]:-}" ] || w=$(skipped "${scen[$col]}@forward" "$id")
		if [ -z "$w" ]; then
			missing+=("$id($col)")
			w="NOT TRIGGERED, and no reason given"
		fi
		if [ -n "${who[$col]:-}" ]; then
			stockwhy[$col]=$w
		else
			whys+=("$w")
		fi
	done
	# Debian's kernels: one why when both say the same
	if [ -n "${stockwhy[debian12]:-}" ] && [ "${stockwhy[debian12]:-}" = "${stockwhy[debian13]:-}" ]; then
		whys+=("Debian's kernels: ${stockwhy[debian12]}")
	else
		for col in debian12 debian13; do
			[ -z "${stockwhy[$col]:-}" ] || whys+=("${who[$col]}: ${stockwhy[$col]}")
		done
	fi
	unset stockwhy
	[ -z "$why" ] || whys=("$why" "${whys[@]}")
	[ $lsm = yes ] && triggered=$((triggered + 1))
	printf '| `%s` | %s | %s | %s | %s | %s | %s | %s |\n' "$id" "$cls" "${probes:--}" \
		"${cells[0]}" "${cells[1]}" "${cells[2]}" "${cells[3]}" \
		"$(IFS=';'; echo "${whys[*]:--}" | sed 's/;/; /g')"
done < "$table"
total=$(grep -c '^[0-9]' "$table")
echo
echo "Triggered for real, of $total reasons: lockdown_policy ${count[lsm]}," \
	"the BPF backend on 6.12 ${count[bpf612]}, on Debian 12's kernel ${count[debian12]}," \
	"on Debian 13's ${count[debian13]}."
echo
# "RELEASE ARCH (Debian VERSION)", from the first line the kernel printed
kernel_of() { # SCENARIO
	local f=$logs/$1/console.log arch
	arch=$(cat "$logs/$1/arch" 2>/dev/null || echo unknown)
	[ -f "$f" ] || { echo "not run"; return; }
	sed -n 's/^.*Linux version \([^ ]*\) .*$/\1/p;T;q' "$f" | tr -d '\n'
	printf ' %s' "$arch"
	sed -n 's/^.*Linux version .* Debian \([^ ]*\) .*$/ (Debian \1)/p;T;q' "$f"
	echo
}
echo "Kernels measured: lockdown_policy and the BPF backend on 6.12, our" \
	"$(kernel_of matrix-none | sed 's/ (Debian.*//'); Debian 12's" \
	"$(kernel_of bpf-matrix@forward); Debian 13's $(kernel_of bpf-matrix-deb13@forward)."
echo
echo "### Shipped policies"
echo
echo "What each shipped policy does to each reason, the same on every backend"
echo "that reaches the reason (a cell says FAILED otherwise)."
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
		v=FAILED
		for want in denied allowed; do
			passed "matrix-shipped@$p" "$id" "$want" || continue
			passed bpf-shipped-612 "$id" "$want" "$p" || continue
			passed bpf-shipped "$id" "$want" "$p" || [ -n "$(skipped bpf-shipped "$id")" ] ||
				continue
			passed bpf-shipped-deb13 "$id" "$want" "$p" ||
				[ -n "$(skipped bpf-shipped-deb13 "$id")" ] || continue
			v=$want
		done
		printf ' %s |' "$v"
		[ "$v" != FAILED ] || missing+=("$id@$p")
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
