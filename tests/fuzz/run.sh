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
n=0
echo "TAP version 13"
for h in "$@"; do
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
	n=$((n + 1))
	if out=$("$exe" -runs=0 $inputs 2>&1); then
		echo "ok $n - fuzz $h: replays $(echo "$inputs" | wc -w) corpus and regression inputs"
	else
		echo "not ok $n - fuzz $h: replay"
		printf '%s\n' "$out" | grep -E 'ERROR|SUMMARY|Running' | head -n 5 | sed 's/^/# /'
	fi
	[ "$secs" -gt 0 ] || continue
	n=$((n + 1))
	out=$("$exe" -max_total_time="$secs" -timeout=10 -rss_limit_mb=1024 \
		${FUZZ_SEED:+-seed="$FUZZ_SEED"} \
		-artifact_prefix="$crashes/" -print_final_stats=1 "$work" 2>&1)
	rc=$?
	execs=$(printf '%s\n' "$out" | sed -n 's/^stat::number_of_executed_units: *//p')
	cov=$(printf '%s\n' "$out" | grep -o 'cov: [0-9]*' | tail -n1)
	seed=$(printf '%s\n' "$out" | sed -n 's/^INFO: Seed: *//p' | head -n1)
	if [ $rc = 0 ]; then
		echo "ok $n - fuzz $h: ${secs}s, seed ${seed:-?}, ${execs:-?} executions, ${cov:-cov: ?}, no crash"
	else
		echo "not ok $n - fuzz $h: crashed after ${execs:-?} executions, seed ${seed:-?} (inputs in $crashes)"
		printf '%s\n' "$out" | grep -E 'ERROR|SUMMARY|==[0-9]+==' | head -n 5 | sed 's/^/# /'
	fi
done
echo "1..$n"
