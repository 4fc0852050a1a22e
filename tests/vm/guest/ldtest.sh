# TAP helpers for VM scenarios (busybox ash). Sourced by init before the
# scenario; output goes to the results port, the host parses it.
#
#   ok DESC | not_ok DESC [DIAG...] | skip DESC WHY
#   check DESC CMD...            ok if CMD exits 0
#   expect_eq DESC GOT WANT
#   expect_probe DESC PROBE OUTCOME   OUTCOME: allowed | EPERM | error
#   expect_dmesg DESC PATTERN    ok if the kernel log has a line matching
#   t_done                       the plan; a scenario that dies never
#                                prints it, and the host fails it
T_N=0

echo "TAP version 13"

ok() {
	T_N=$((T_N + 1))
	echo "ok $T_N - $1"
}

not_ok() {
	T_N=$((T_N + 1))
	echo "not ok $T_N - $1"
	shift
	# every line of each diagnostic a TAP comment, however many it has
	for l in "$@"; do printf '%s\n' "$l" | sed 's/^/# /'; done
}

skip() {
	T_N=$((T_N + 1))
	echo "ok $T_N - $1 # SKIP $2"
}

check() {
	d=$1
	shift
	if out=$("$@" 2>&1); then ok "$d"; else not_ok "$d" "command: $*" "output: $out"; fi
}

expect_eq() {
	if [ "$2" = "$3" ]; then ok "$1"; else not_ok "$1" "got:  '$2'" "want: '$3'"; fi
}

# Outcome of one ldprobe operation: allowed, EPERM, "unavailable (why)"
# when this kernel has no such path, or error (anything else).
probe() {
	r=$(ldprobe "$1" 2>&1)
	r=${r#"$1: "}
	case "$r" in allowed | EPERM | "unavailable "*) echo "$r" ;; *) echo "error: $r" ;; esac
}

expect_probe() {
	got=$(probe "$2")
	case "$got" in
	"$3"*) ok "$1" ;;
	"unavailable "*) skip "$1" "probe $2: $got" ;;
	*) not_ok "$1" "probe $2: got '$got', want '$3'" ;;
	esac
}

expect_dmesg() {
	if dmesg | grep -q -- "$2"; then
		ok "$1"
	else
		not_ok "$1" "no kernel log line matches '$2'"
	fi
}

# The outcome of writing DATA to FILE: "ok", or the errno name (ldwrite).
write_file() {
	ldwrite "$1" "$2"
}

t_done() {
	echo "1..$T_N"
}

# lockdown_policy helpers
LP=/sys/kernel/security/lockdown_policy

# Forge a blob with ldblob ARGS and load it in one write: "ok" or errno.
load_blob() {
	ldblob "$@" > /tmp/blob || { echo "ldblob failed"; return; }
	ldwrite $LP/load < /tmp/blob
}

# Everything a load could change, to compare before and after.
lp_state() {
	cat $LP/policy $LP/flags $LP/seal
}

# "denied policy" for LOCKDOWN_DEV_MEM: state and who denies, from policy.
lp_reason() {
	awk -v id="$1" '$1 == id { print $3, $4 }' $LP/policy
}

lp_counter() {
	awk -v id="$1" '$1 == id { print $2 }' $LP/counters
}

# Run a program that prints TAP (a kselftest) and report each of its
# results as ours, prefixed: "PREFIX: name". Fails if it prints no result
# or exits non-zero with no failing result.
run_tap() {
	p=$1
	shift
	"$@" > /tmp/run_tap.out 2>&1
	rc=$?
	n0=$T_N
	fails=0
	while IFS= read -r line; do
		case $line in
		"ok "*"# SKIP"*)
			d=${line#ok * }
			skip "$p: ${d%% # SKIP*}" "${d#* # SKIP}" ;;
		"ok "*) d=${line#ok * }; ok "$p: ${d#- }" ;;
		"not ok "*)
			d=${line#not ok * }
			not_ok "$p: ${d#- }" "$(grep -v '^ok ' /tmp/run_tap.out | tail -n 5)"
			fails=$((fails + 1)) ;;
		"# "*) echo "$line" ;;
		esac
	done < /tmp/run_tap.out
	if [ $T_N = $n0 ]; then
		not_ok "$p: printed results" "$(tail -n 5 /tmp/run_tap.out)"
	elif [ $rc != 0 ] && [ $fails = 0 ]; then
		not_ok "$p: exit status" "exited $rc"
	fi
}
