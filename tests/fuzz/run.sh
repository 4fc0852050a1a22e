#!/bin/bash
# Run the libFuzzer harnesses.
#
# Usage: tests/fuzz/run.sh BINDIR SECONDS [HARNESS...]
#   Each harness first replays its checked-in corpus (tests/fuzz/corpus/NAME)
#   and every regression input (tests/fuzz/regressions/NAME), then fuzzes
#   for SECONDS (0: replay only) from the corpus into a scratch copy.
#   Prints TAP; a crash is saved under BINDIR/crashes/NAME/ and fails.
#   Add a crash input to tests/fuzz/regressions/NAME/ once fixed.
#   FUZZ_SEED=N fuzzes from seed N (default: libFuzzer picks one); the seed
#   is in the report either way, so a run can be repeated.
here=$(cd "$(dirname "$0")" && pwd)
bin=$1
secs=$2
shift 2
[ $# -gt 0 ] || set -- blob ldp table btf state
# One harness: its results as TAP lines without numbers, on stdout.
fuzz_one() { # HARNESS
	h=$1
	exe=$bin/fuzz_$h
	work=$bin/work/$h
	crashes=$bin/crashes/$h
	rm -rf "$work"
	mkdir -p "$work" "$crashes"
	cp "$here/corpus/$h/"* "$work/" 2>/dev/null
	# a harness need not have found anything yet: no regressions directory
	inputs=$(for d in "$here/corpus/$h" "$here/regressions/$h"; do
		[ ! -d "$d" ] || find "$d" -type f
	done | sort)
	if out=$("$exe" -runs=0 $inputs 2>&1); then
		echo "ok - fuzz $h: replays $(echo "$inputs" | wc -w) corpus and regression inputs"
	else
		echo "not ok - fuzz $h: replay"
		printf '%s\n' "$out" | grep -E 'ERROR|SUMMARY|Running' | head -n 5 | sed 's/^/# /'
	fi
	[ "$secs" -gt 0 ] || return 0
	out=$("$exe" -max_total_time="$secs" -timeout=10 -rss_limit_mb=1024 \
		${FUZZ_SEED:+-seed="$FUZZ_SEED"} \
		-artifact_prefix="$crashes/" -print_final_stats=1 "$work" 2>&1)
	rc=$?
	execs=$(printf '%s\n' "$out" | sed -n 's/^stat::number_of_executed_units: *//p')
	cov=$(printf '%s\n' "$out" | grep -o 'cov: [0-9]*' | tail -n1)
	seed=$(printf '%s\n' "$out" | sed -n 's/^INFO: Seed: *//p' | head -n1)
	if [ $rc = 0 ]; then
		echo "ok - fuzz $h: ${secs}s, seed ${seed:-?}, ${execs:-?} executions, ${cov:-cov: ?}, no crash"
	else
		echo "not ok - fuzz $h: crashed after ${execs:-?} executions, seed ${seed:-?} (inputs in $crashes)"
		printf '%s\n' "$out" | grep -E 'ERROR|SUMMARY|==[0-9]+==' | head -n 5 | sed 's/^/# /'
	fi
}

# The harnesses side by side, FUZZ_JOBS at a time (default: a CPU each),
# then numbered in the order given.
jobs=${FUZZ_JOBS:-$(nproc)}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for h in "$@"; do
	while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
	fuzz_one "$h" > "$tmp/$h" 2>&1 &
done
wait
n=0
echo "TAP version 13"
for h in "$@"; do
	while IFS= read -r l; do
		case $l in
		"ok - "*) n=$((n + 1)); echo "ok $n - ${l#ok - }" ;;
		"not ok - "*) n=$((n + 1)); echo "not ok $n - ${l#not ok - }" ;;
		*) echo "$l" ;;
		esac
	done < "$tmp/$h"
done
echo "1..$n"
