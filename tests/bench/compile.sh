#!/bin/bash
# Benchmark: compiling a 10,000-line policy must take less than 5x the time
# of cat-ing the same file to /dev/null (each run as a whole command,
# repeated, best of several rounds), against an offline table and against
# the default one, the running kernel's (on most hosts its BTF). Both
# write to /dev/null, as cat does: what is measured is the compiler, not
# the fsync and rename that replacing a file on disk costs.
#
# Usage: tests/bench/compile.sh LDPOLICY TABLE WORKDIR
set -euo pipefail
ldp=$1
table=$2
work=$3
runs=${BENCH_RUNS:-100}
mkdir -p "$work"
big=$work/big.ldp

# 10,000 lines: comments, denials of every reason by name and short form,
# groups, and blank lines; coherent, so it compiles silently.
awk -v n=10000 'BEGIN { srand(1) }
	FNR == NR && !/^#/ && NF { ids[++k] = $2; next }
	END {
		print "# benchmark policy: 10,000 lines"
		for (i = 2; i <= n; i++) {
			r = ids[(i % k) + 1]
			if (i % 10 == 0) print "# line " i ": a comment"
			else if (i % 10 == 1) print ""
			else if (i % 10 == 2) print "deny integrity confidentiality"
			else if (i % 10 == 3) print "deny " tolower(substr(r, 10)) "   # short form"
			else print "deny " r
		}
	}' "$table" /dev/null > "$big"
[ "$(wc -l < "$big")" -eq 10000 ] || { echo "bench: policy is not 10,000 lines" >&2; exit 2; }
"$ldp" compile --table "$table" -o "$work/big.blob" "$big"

# nanoseconds for RUNS runs of a command, best of 3 rounds
timeit() {
	local best= t0 t1
	for round in 1 2 3; do
		t0=$(date +%s%N)
		for ((i = 0; i < runs; i++)); do "$@" > /dev/null; done
		t1=$(date +%s%N)
		[ -n "$best" ] && [ $((t1 - t0)) -ge "$best" ] || best=$((t1 - t0))
	done
	echo "$best"
}
cat_ns=$(timeit cat "$big")
# "compile 10,000 lines with TABLE": report the ratio against cat; 0 if < 5
report() {
	local what=$1 ns=$2 ratio
	ratio=$(awk -v a="$ns" -v b="$cat_ns" 'BEGIN { printf "%.2f", a / b }')
	printf 'compile 10,000 lines, %s: %.2f ms per run; cat: %.2f ms; ratio %s (target < 5)\n' \
		"$what" "$(awk -v x="$ns" -v r="$runs" 'BEGIN { print x / r / 1e6 }')" \
		"$(awk -v x="$cat_ns" -v r="$runs" 'BEGIN { print x / r / 1e6 }')" "$ratio"
	awk -v r="$ratio" 'BEGIN { exit !(r < 5) }'
}
fail=0
ldp_ns=$(timeit "$ldp" compile --table "$table" -o /dev/null "$big")
report "--table $(basename "$table")" "$ldp_ns" || fail=1

# The default table, as a user's "ldpolicy compile" gets it: the running
# kernel's (its securityfs table, else its BTF, /sys/kernel/btf/vmlinux).
if src=$("$ldp" reasons 2>/dev/null | sed -n '1s/^# lockdown reason table from //p') &&
	[ -n "$src" ] && "$ldp" compile -o "$work/big-auto.blob" "$big" 2>/dev/null; then
	ldp_ns=$(timeit "$ldp" compile -o /dev/null "$big")
	report "default table ($src)" "$ldp_ns" || fail=1
else
	echo "compile 10,000 lines, default table: SKIP (this host's kernel gives no table:" \
		"no securityfs table, no /sys/kernel/btf/vmlinux)"
fi
exit $fail
