# cmdline:
# make bench: ldpolicy load of a compiled blob, end to end, against
# writing the same blob with cat: both as shell commands, 200 times each,
# best of three rounds. Target: within 2x.
N=200
best() {
	b=
	for round in 1 2 3; do
		t=$(ldtime $N sh -c "$1") || { echo fail; return; }
		[ -n "$b" ] && [ "$t" -ge "$b" ] || b=$t
	done
	echo "$b"
}
cat_ns=$(best "cat /blobs/integrity.blob > $LP/load")
ldp_ns=$(best "ldpolicy load /blobs/integrity.blob > /dev/null")
ratio=$(awk -v a="$ldp_ns" -v b="$cat_ns" 'BEGIN { printf "%.2f", a / b }')
echo "# load: ldpolicy $((ldp_ns / N / 1000)) us per load, cat $((cat_ns / N / 1000)) us; ratio $ratio (target < 2)"
if awk -v r="$ratio" 'BEGIN { exit !(r < 2) }'; then ok "ldpolicy load within 2x of cat (ratio $ratio)"
else not_ok "ldpolicy load within 2x of cat (ratio $ratio)"; fi
