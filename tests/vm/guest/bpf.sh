# The BPF backend's scenarios (sourced after ldtest.sh): its state through
# ldpolicy, and the per-reason matrix against it.
#
# The backend cannot be unloaded, so one boot cannot give each reason a
# policy of its own as matrix-policy@REASON does for the LSM. Instead a
# boot denies the reasons one at a time, in an order (bpf_matrix):
#   - nothing loaded, every probe gets through (first boot only);
#   - before a reason is denied, its probes still get through, with every
#     reason before it in the order denied;
#   - once it is denied, its probes are refused, its counter rises and a
#     notice names it and the probe;
#   - at the end every probe is refused.
# A lockdown decision only ever tightens with more denied, so a probe that
# gets through with every reason before it denied gets through with any
# one of them denied alone. Booting twice, in table order (forward) and in
# reverse, covers every pair: for each reason R and each other reason S,
# one of the two boots runs R's probes with S denied and R not. The two
# boots show what the LSM's one-boot-per-reason matrix shows.
#
# Test names, read by scripts/coverage.sh, are
# "REASON via PROBE: allowed|denied (none|open|bpf)".

# The reasons with a probe on this kernel, in table order, each once.
bpf_probed_reasons() {
	awk '{ print $2 }' /tmp/probes | awk '!seen[$0]++' > /tmp/reasons.all
	ldpolicy reasons | awk '$1 ~ /^[0-9]/ { print $2 }' |
		grep -xF -f /tmp/reasons.all
}

bpf_in() { # WORD LIST
	case " $2 " in *" $1 "*) return 0 ;; esac
	return 1
}

# Run the probes of REASON; expect WANT (allowed or denied) given DENIED,
# the reasons denied so far, and report them as KIND. Sets bpf_own to how
# many of its probes were refused at REASON's own check (not at another
# reason's on the same path).
bpf_probes_of() { # REASON WANT KIND DENIED
	local reason=$1 want=$2 kind=$3 denied=$4 p r needs name got w
	bpf_own=0
	while read -r p r needs; do
		[ "$r" = "$reason" ] || continue
		name="$r via $p: $want ($kind)"
		got=$(ldprobe "$p" 2>&1)
		case "$got" in
		*": unavailable "*)
			skip "$name" "${got#"$p: "}"
			continue
			;;
		esac
		w=$want
		# a path that goes through another denied reason is refused there
		if [ "$needs" != - ] && bpf_in "$needs" "$denied"; then
			w=denied
		elif [ "$want" = denied ]; then
			bpf_own=$((bpf_own + 1))
		fi
		case "$w:$got" in
		allowed:"$p: allowed"* | denied:"$p: EPERM" | denied:"$p: denied"*)
			ok "$name" ;;
		*) not_ok "$name" "ldprobe: $got" "denied so far:$denied" ;;
		esac
	done < /tmp/probes
}

# bpf_matrix ORDER: forward (table order, starting with nothing loaded)
# or reverse. A reason's counter is 0 until its own step (no earlier step
# denies it), so after its probes are refused it counts at least as many
# denials as were refused at its own check.
bpf_matrix() {
	ldprobe --list > /tmp/probes
	bpf_probed_reasons > /tmp/order
	if [ "$1" = reverse ]; then
		tac /tmp/order > /tmp/order.r
		mv /tmp/order.r /tmp/order
	else
		expect_eq "nothing loaded: the BPF backend is not set up" \
			"$(ldpolicy status | head -n1)" \
			"bpf: no policy loaded (ldpolicy load sets the backend up in /sys/fs/bpf/ldpolicy)"
		while read -r r; do
			bpf_probes_of "$r" allowed none ""
		done < /tmp/order
	fi
	denied=""
	while read -r r; do
		bpf_probes_of "$r" allowed open "$denied"
		printf 'intent feature-disable "matrix: one reason at a time"\ndeny %s\n' "$r" > /tmp/one.ldp
		check "deny $r too (load --merge)" ldpolicy load --merge -q /tmp/one.ldp
		denied="$denied $r"
		bpf_probes_of "$r" denied bpf "$denied"
		[ $bpf_own -gt 0 ] || continue
		ldpolicy status > /tmp/status
		n=$(awk -v r="$r" '$1 == r && NF == 5 { print $5 }' /tmp/status)
		if [ "${n:-0}" -ge $bpf_own ]; then
			ok "$r: its denials counted ($n)"
		else
			not_ok "$r: its denials counted" "$bpf_own refused at its check, counter ${n:-none}"
		fi
		if grep -q "ldprobe\[[0-9]*\]: $r .*denied by the BPF backend" /tmp/status; then
			ok "$r: a notice names it and the task"
		else
			not_ok "$r: a notice names it and the task" "$(tail -n 5 /tmp/status | tr '\n' ';')"
		fi
	done < /tmp/order
	n=$(wc -l < /tmp/order)
	bad=
	while read -r p r needs; do
		got=$(ldprobe "$p" 2>&1)
		case "$got" in
		"$p: EPERM" | "$p: denied"* | *": unavailable "*) ;;
		*) bad="$bad $got;" ;;
		esac
	done < /tmp/probes
	if [ -z "$bad" ]; then
		ok "all $n reasons denied: every probe refused"
	else
		not_ok "all $n reasons denied: every probe refused" "$bad"
	fi
}

# bpf_shipped: the shipped policies, each a superset of the one before
# (coco-devmem, laptop-hibernate, integrity, observability,
# confidentiality), loaded in that order: after each, what it denies is
# refused and what it allows is not. The LSM boots each on its own
# (matrix-shipped); here each load tightens the one before.
bpf_shipped() {
	ldprobe --list > /tmp/probes
	for pol in coco-devmem laptop-hibernate integrity observability confidentiality; do
		check "load policies/$pol.ldp (compiled in the VM, against BTF)" \
			ldpolicy load -q /policies/$pol.ldp
		denied=$(ldpolicy status | awk '$1 ~ /^LOCKDOWN_/ && $3 == "denied" { printf " %s", $1 }')
		while read -r p r needs; do
			want=allowed
			if bpf_in "$r" "$denied" || { [ "$needs" != - ] && bpf_in "$needs" "$denied"; }; then
				want=denied
			fi
			name="$r via $p: $want ($pol)"
			got=$(ldprobe "$p" 2>&1)
			case "$want:$got" in
			*": unavailable "*) skip "$name" "${got#"$p: "}" ;;
			allowed:"$p: allowed"* | denied:"$p: EPERM" | denied:"$p: denied"*) ok "$name" ;;
			*) not_ok "$name" "ldprobe: $got" ;;
			esac
		done < /tmp/probes
	done
}

# ldbpfdoor's lines: "WHAT: ok" or "WHAT: ERRNO"; every WHAT matching
# PATTERN must end in WANT, and there must be one.
# Does this kernel's verifier trust an LSM hook's arguments (from 6.2), so
# that a load from one is a plain load?
trusted_args() {
	set -- $(uname -r | tr '.-' '  ')
	[ "$1" -gt 6 ] || { [ "$1" -eq 6 ] && [ "$2" -ge 2 ]; }
}

# The backend's pins: its BACKEND_PINS (its programs' links, and the
# object's maps and programs it pins), and the link of the hook 6.9 added
# (lsm/bpf_prog_load) where the kernel has it; "other" if anything else is
# there.
BACKEND_PINS=17
pins() {
	other=$(ls /sys/fs/bpf/ldpolicy | grep -vc '^ldp_\|^link-')
	if [ "$other" != 0 ]; then echo other; return; fi
	n=$(ls /sys/fs/bpf/ldpolicy | grep -c '^ldp_\|^link-')
	if grep -qw bpf_lsm_bpf_prog_load /proc/kallsyms; then n=$((n - 1)); fi
	echo $n
}

door_says() { # DESC PATTERN WANT -- DOOR ARGS...
	desc=$1 pat=$2 want=$3
	shift 4
	out=$(ldbpfdoor "$@" 2>&1)
	n=$(printf '%s\n' "$out" | grep -c -- "$pat")
	bad=$(printf '%s\n' "$out" | grep -- "$pat" | grep -v ": $want\$")
	if [ "$n" -gt 0 ] && [ -z "$bad" ]; then ok "$desc"; else not_ok "$desc" "$out"; fi
}

