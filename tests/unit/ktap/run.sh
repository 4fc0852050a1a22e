#!/bin/bash
# Unit tests of the VM runner's (K)TAP parser: each NAME.log, parsed with
# prefix "t", must give exactly NAME.expected.
here=$(cd "$(dirname "$0")" && pwd)
awkf=$here/../../vm/ktap.awk
n=0 bad=0
echo "TAP version 13"
for log in "$here"/*.log; do
	name=$(basename "$log" .log)
	n=$((n + 1))
	if out=$(awk -v prefix=t -f "$awkf" "$log" | diff -u "$here/$name.expected" - 2>&1); then
		echo "ok $n - ktap: $name"
	else
		echo "not ok $n - ktap: $name"
		printf '%s\n' "$out" | sed 's/^/# /'
		bad=$((bad + 1))
	fi
done
echo "1..$n"
[ $bad -eq 0 ]
