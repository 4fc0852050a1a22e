#!/bin/bash
# make test-unit: every fast test (no kernel, no VM).
#
# Usage: tests/unit/run.sh [SUITE...]
# Each suite is a program that prints TAP; it is parsed with the same
# parser as the VM results. Prints a line per test and "N passed, N failed";
# exits 1 on any failure, missing plan, or suite that exits non-zero.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
awkf=$here/../vm/ktap.awk
[ $# -gt 0 ] || set -- "$here"/ktap/run.sh

# The suites run side by side, UNIT_JOBS at a time (default: a CPU each),
# each into a file of its own; they are reported in the order given.
jobs=${UNIT_JOBS:-$(nproc)}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
i=0
for s in "$@"; do
	while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
	# a suite is a command: a program and its arguments
	(CMOCKA_MESSAGE_OUTPUT=TAP $s > "$tmp/$i.out" 2>&1; echo $? > "$tmp/$i.rc") &
	i=$((i + 1))
done
wait

pass=0 fail=0 skip=0
i=0
for s in "$@"; do
	first=${s%% *}
	name=$(basename "$(dirname "$first")")/$(basename "$first")
	# cmocka prints TAP without the version line the parser starts on
	out=$(cat "$tmp/$i.out")
	rc=$(cat "$tmp/$i.rc" 2>/dev/null || echo 127)
	i=$((i + 1))
	case "$out" in "TAP version"*) ;; *) out="TAP version 13
$out" ;; esac
	# a cmocka test_NAME binary reports as "NAME: test"
	prefix=$(basename "$first")
	case $prefix in test_*) prefix=${prefix#test_} ;; *) prefix= ;; esac
	res=$(printf '%s\n' "$out" | awk -v prefix="$prefix" -f "$awkf")
	[ $rc -eq 0 ] || res=$(printf '%s\nERROR\t%s exited %d\n' "$res" "$name" $rc)
	while IFS=$'\t' read -r kind what more; do
		case $kind in
		PASS) pass=$((pass + 1)); printf '  PASS  %s\n' "$what" ;;
		SKIP) skip=$((skip + 1)); printf '  SKIP  %s (%s)\n' "$what" "$more" ;;
		FAIL | ERROR) fail=$((fail + 1)); printf '  %-5s %s\n' "$kind" "$what" ;;
		DIAG) printf '          # %s\n' "$what" ;;
		esac
	done <<< "$res"
done
printf '%d passed, %d failed' $pass $fail
[ $skip -eq 0 ] || printf ', %d skipped' $skip
printf ' (unit)\n'
[ $fail -eq 0 ]
