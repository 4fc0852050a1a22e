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

pass=0 fail=0 skip=0
for s in "$@"; do
	# a suite is a command: a program and its arguments
	first=${s%% *}
	name=$(basename "$(dirname "$first")")/$(basename "$first")
	# cmocka prints TAP without the version line the parser starts on
	out=$(CMOCKA_MESSAGE_OUTPUT=TAP $s 2>&1)
	rc=$?
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
