# The attack suite (sourced by the attack scenarios after ldtest.sh): the
# reason model of the running kernel, proved by attack, in one boot.
# Driven by the model itself, as "ldpolicy explain" lists it: one line
# per grant of a reason or of a path that asks no reason, with the attack
# that shows it (tests/vm/tools/ldattack), or "argued" when the VM cannot.
#
# attack_suite LAST runs, in order:
#
# Edges. Each reason whose grants have attacks is warned, every other
# reason denied. A warned reason is allowed, and every question about it
# is counted. For each such reason R but LAST, its attacks run and must
# reach what the grant says; the counters must show that no warned reason
# other than R (and the companions its grant names, "with") was asked on
# the way, so the attacks would get through with every reason but those
# denied: a lockdown decision only matters where it is asked. A reason
# whose attacks ask another warned reason waits until that one is denied
# (loading any of ldattack's attack.bpf.c programs asks
# LOCKDOWN_BPF_READ_KERNEL, which one of them needs: libbpf probes for
# it), and its companions wait with it. Then R is denied too, and each
# attack must be refused.
#
# LAST (kexec's, whose attack could end the boot). Its attack loads
# unsigned code with kexec_load(2), asking LAST alone, and keeps it
# loaded; LAST is denied with ldpolicy load, which unloads that code (the
# kernel asks LAST when an image is loaded, not when it is booted), and a
# second load refused.
#
# Paths, every reason denied now. ldpolicy answers, for the running
# kernel and backend, whether each path that asks no reason is open
# (query exits 0), closed or absent; an open path's attack must get
# through, a closed one's be refused, an absent one find no such path. So
# the tests stay true when a kernel fix or the BPF backend closes a path:
# the model says so, and the test then expects the refusal.
#
# The run. What kexec holds runs, in ring 0: where kexec_file_load(2)
# took an unsigned image with every reason denied, that image, which
# writes the suite's last result itself, and the boot ends there; else
# nothing, as LAST's code was unloaded, and the suite says so.
#
# Test names: "REASON CAP via ATTACK: shown|refused ..." and "path NAME
# via ATTACK: open|closed|absent, ..."; scripts/edges.sh reads them.

# Run "ldattack ARGS": its line in A_OUT, its verdict in A_GOT. (Loops
# here read files, never pipes: ok and not_ok count tests in this shell.)
attack() {
	A_OUT=$(ldattack "$@" 2>&1 < /dev/null)
	attack_got $?
}

# A_GOT from ldattack's exit status.
attack_got() {
	case $1 in
	0) A_GOT=shown ;;
	1) A_GOT=refused ;;
	4) A_GOT=unavailable ;;
	*) A_GOT=failed ;;
	esac
}

# attack, by root without CAP_PERFMON and CAP_SYS_ADMIN (CAP_BPF kept):
# the verifier takes the program as an unprivileged one's.
attack_cap_bpf() {
	A_OUT=$(ldas -d 21 -d 38 -- ldattack "$@" 2>&1 < /dev/null)
	attack_got $?
}

# "attack ATTACK" must give WANT (shown, refused), with GREP in what it
# says if given; unavailable is a skip (a VM without the path).
attack_expect() { # DESC WANT ATTACK [GREP]
	attack "$3"
	if [ "$A_GOT" = unavailable ]; then
		skip "$1" "$(attack_why "$A_OUT")"
	elif [ "$A_GOT" != "$2" ]; then
		not_ok "$1" "want $2" "$A_OUT"
	elif [ -n "${4:-}" ] && ! printf '%s\n' "$A_OUT" | grep -q -- "$4"; then
		not_ok "$1" "not for the reason expected, '$4'" "$A_OUT"
	else
		ok "$1 (${A_OUT#*: $2 (}"
	fi
}

# "ID STATE WARNINGS" per reason: lockdown_policy's own files (cheap),
# else ldpolicy status --json.
attack_counts() {
	if [ -r $LP/counters ]; then
		awk 'NR == FNR { st[$1] = $3; next } { print $1, st[$1], $5 }' $LP/policy $LP/counters
		return
	fi
	ldpolicy status --json | tr '{' '\n' |
		sed -n 's/^"value":[0-9]*,"id":"\(LOCKDOWN_[A-Z0-9_]*\)",.*"state":"\([a-z]*\)".*"warnings":\([0-9]*\)[,}].*/\1 \2 \3/p'
}

# The warned reasons asked between two counts ($1, $2 files), minus $3.
attack_asked() {
	awk -v except=" $3 " 'NR == FNR { n[$1] = $3; next }
		$2 == "warned" && $3 > n[$1] && index(except, " " $1 " ") == 0 { printf "%s ", $1 }' "$1" "$2"
}

# The model's grants with attacks: "REASON ATTACK CAP COMPANIONS"
# (comma-separated, or -), from "reason ID CAP [with X]... [to-console]:
# how [shown-by A]".
attack_model_edges() {
	sed -n 's/^reason \(LOCKDOWN_[A-Z0-9_]*\) \([a-z-]*\)\(.*\): .* \[shown-by \([a-z0-9-]*\)\]$/\1 \4 \2 \3/p' /tmp/model |
		awk '{ w = ""; for (i = 4; i <= NF; i++) if ($i ~ /^LOCKDOWN_/) w = w (w ? "," : "") $i
			print $1, $2, $3, (w ? w : "-") }'
}

# Why an attack found no such path: "A: unavailable (why)" -> "why".
attack_why() {
	w=${1#*: unavailable (}
	echo "${w%)}"
}

attack_report_refused() { # NAME REASON
	case $A_GOT in
	refused) ok "$1: refused once $2 is denied" ;;
	unavailable) skip "$1: refused once $2 is denied" "$(attack_why "$A_OUT")" ;;
	*) not_ok "$1: refused once $2 is denied" "$A_OUT" ;;
	esac
}

# The attacks of reason $1, then denied, then refused. Returns 1 if they
# asked another warned reason (the reason stays warned, to retry later).
attack_reason() {
	r=$1
	awk -v r="$r" '$1 == r' /tmp/edges > /tmp/mine
	allowed="$r $(awk '{ gsub(",", " ", $4); if ($4 != "-") print $4 }' /tmp/mine)"
	: > /tmp/results
	attack_counts > /tmp/before
	while read -r reason a cap with; do
		attack "$a"
		echo "$a|$cap|$with|$A_GOT|$A_OUT" >> /tmp/results
	done < /tmp/mine
	attack_counts > /tmp/after
	extra=$(attack_asked /tmp/before /tmp/after "$allowed")
	if [ -n "$extra" ] && grep -q '|shown|' /tmp/results; then
		echo "$r: $extra" > "/tmp/extra.$r"
		return 1
	fi
	while IFS='|' read -r a cap with got out; do
		name="$r $cap via $a"
		alone="asking $r alone"
		[ "$with" = - ] || alone="asking $r and $with alone"
		case $got in
		shown) ok "$name: shown ($alone; ${out#*: shown (}" ;;
		unavailable) skip "$name: shown" "$(attack_why "$out")" ;;
		*) not_ok "$name: shown" "$out" ;;
		esac
	done < /tmp/results
	printf 'intent feature-disable "the attack suite"\ndeny %s\n' "$r" > /tmp/one.ldp
	check "deny $r too" ldpolicy load --merge -q /tmp/one.ldp
	while read -r reason a cap with; do
		attack "$a"
		attack_report_refused "$r $cap via $a" "$r"
	done < /tmp/mine
	return 0
}

# The edges, but LAST's (above).
attack_edges() {
	last=$1
	ldpolicy explain > /tmp/model 2>/tmp/model.err
	if [ ! -s /tmp/model ]; then
		not_ok "ldpolicy explain lists the model" "$(cat /tmp/model.err)"
		return
	fi
	ok "the model in force: $(head -n 1 /tmp/model | sed 's/^model //')"
	attack_model_edges > /tmp/edges
	ldpolicy reasons | awk '$1 ~ /^[0-9]/ { print $2 }' > /tmp/all
	# warned: reasons with attacks, and their companions; the rest denied
	awk '{ print $1; n = split($4, w, ","); for (i = 1; i <= n; i++) if (w[i] != "-") print w[i] }' \
		/tmp/edges | sort -u > /tmp/warned
	{
		echo 'intent feature-disable "the attack suite: every reason with an attack warned, the rest denied"'
		while read -r r; do
			if grep -qx "$r" /tmp/warned; then echo "warn $r"; else echo "deny $r"; fi
		done < /tmp/all
	} > /tmp/attack.ldp
	check "load a policy warning about the $(wc -l < /tmp/warned) reasons with attacks, denying the rest" \
		ldpolicy load -q /tmp/attack.ldp
	# the order: reasons that are others' companions last, LAST not here
	awk '{ n = split($4, w, ","); for (i = 1; i <= n; i++) if (w[i] != "-") print w[i] }' /tmp/edges |
		sort -u > /tmp/companions
	{
		awk '{ print $1 }' /tmp/edges | awk '!s[$0]++' | grep -vxF -f /tmp/companions
		awk '{ print $1 }' /tmp/edges | awk '!s[$0]++' | grep -xF -f /tmp/companions
	} | grep -vx "$last" > /tmp/order
	rounds=0
	while [ -s /tmp/order ] && [ $rounds -lt 4 ]; do
		rounds=$((rounds + 1))
		: > /tmp/order.next
		while read -r r; do
			# a companion waits with the reasons that need it (busybox
			# grep -f of an empty file matches every line)
			if [ -s /tmp/order.next ] && awk -v r="$r" '{ n = split($4, w, ",")
				for (i = 1; i <= n; i++) if (w[i] == r) print $1 }' /tmp/edges |
				grep -qxF -f /tmp/order.next; then
				echo "$r" >> /tmp/order.next
				continue
			fi
			attack_reason "$r" || echo "$r" >> /tmp/order.next
		done < /tmp/order
		mv /tmp/order.next /tmp/order
	done
	while read -r r; do
		not_ok "$r: its attacks get through asking it alone" \
			"they kept asking other warned reasons: $(cat "/tmp/extra.$r")"
	done < /tmp/order
	attack_counts > /tmp/counts
	expect_eq "every reason is denied now but $last" \
		"$(awk '$2 != "denied" { print $1 }' /tmp/counts | tr '\n' ' ')" "$last "
}

# The paths (above), every reason denied. A boot-ending path attack
# (kexec-file-unsigned) that gets through is kept loaded, in place of
# LAST's code, to write the result numbered $1 when run.
attack_paths() {
	final=$1
	while read -r p a cap; do
		state=$(ldpolicy query "$p" 2>&1)
		case $state in
		"$p: open "*) want=shown ;;
		"$p: absent "*) want=unavailable ;;
		"$p: closed "*) want=refused ;;
		*)
			not_ok "path $p via $a: ldpolicy says whether it is open" "$state"
			continue
			;;
		esac
		name="path $p via $a: ${state#"$p: "}"
		name=${name%% (*}
		if [ "$a" = kexec-file-unsigned ]; then
			attack "$a" "$final" "$name, $cap shown with every reason denied, run (the unsigned kernel image kexec_file_load(2) took, asking nothing, ran in ring 0: it wrote this line and ended the boot)"
			[ "$A_GOT" != shown ] || A_OUT="$a: shown (it runs last: ${A_OUT#*: shown (}"
		else
			attack "$a"
		fi
		case "$want:$A_GOT" in
		shown:shown) ok "$name, $cap shown with every reason denied (${A_OUT#*: shown (}" ;;
		refused:refused) ok "$name, the attack refused (${A_OUT#*: refused (}" ;;
		unavailable:unavailable) ok "$name, no such path here ($(attack_why "$A_OUT"))" ;;
		# a kernel without the path may ask its reason of what it has instead
		unavailable:refused) ok "$name, no such path here (the kernel asks: ${A_OUT#*: refused (}" ;;
		shown:unavailable) skip "$name, $cap shown with every reason denied" "$(attack_why "$A_OUT")" ;;
		*) not_ok "$name: want $want" "ldpolicy: $state" "$A_OUT" ;;
		esac
	done < /tmp/paths
}

# LAST (above): its code, or a path's kept after it, writes the result
# numbered as the count of those to come says.
attack_last() {
	r=$1
	awk -v r="$r" '$1 == r' /tmp/edges | head -n 1 > /tmp/last
	read -r reason la lcap with < /tmp/last
	if [ -z "${la:-}" ]; then
		not_ok "$r: the model has an attack for it" "$(grep "^reason $r " /tmp/model)"
		return
	fi
	sed -n 's/^path \([a-z0-9-]*\) \([a-z-]*\): .* \[shown-by \([a-z0-9-]*\)\] .*/\1 \3 \2/p' /tmp/model |
		awk '!s[$1 " " $2]++' > /tmp/paths
	# to come: loaded, denied, refused, one per path, and the run
	n=$((T_N + 3 + $(wc -l < /tmp/paths) + 1))
	attack_counts > /tmp/before
	attack "$la" "!$n" "$r $lcap via $la: nothing runs after the denial: the code kexec_load(2) took while $r was allowed ran after $r was denied: unsigned code of ours in ring 0, which wrote this line and ended the boot"
	attack_counts > /tmp/after
	extra=$(attack_asked /tmp/before /tmp/after "$r")
	case "$A_GOT:$extra" in
	shown:) ok "$r $lcap via $la: shown, loaded (asking $r alone; ${A_OUT#*: shown (}" ;;
	*) not_ok "$r $lcap via $la: shown, loaded (asking $r alone)" "$A_OUT" "also asked: $extra" ;;
	esac
	printf 'intent feature-disable "the attack suite"\ndeny %s\n' "$r" > /tmp/one.ldp
	out=$(ldpolicy load --merge /tmp/one.ldp 2>&1)
	case "$?:$out" in
	0:*"unloaded a kexec image loaded before the policy"*)
		ok "$r $lcap via $la: unloaded once denied (ldpolicy load: a kexec would boot it without the policy)" ;;
	*) not_ok "$r $lcap via $la: unloaded once denied" "$out" ;;
	esac
	attack "$la"
	attack_report_refused "$r $lcap via $la" "$r"
	attack_paths "$n"
	echo "1..$n"	# the plan comes before the code's own result
	attack "$la" --run
	case "$A_OUT" in
	*"returned: Invalid argument"*) ok "$r $lcap via $la: nothing runs after the denial" ;;
	*) not_ok "$r $lcap via $la: nothing runs after the denial" "$A_OUT" ;;
	esac
}

# attack_suite LAST: edges, LAST, paths, the run.
attack_suite() {
	check "bus mastering on the IDE controller, as a disk driver would have it" ldattack ide-setup
	attack_edges "$1"
	attack_last "$1"
}
