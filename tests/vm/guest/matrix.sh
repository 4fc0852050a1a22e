# The per-reason matrix (sourced by the matrix-* scenarios): run every
# probe of `ldprobe --list` and check each against what the configuration
# denies.
#
#   matrix_run KIND DENIED...
#     KIND    none | policy | shipped | static: who denies what is denied
#             (policy: one reason; shipped: a whole policy, where the
#             ratelimited notices cannot all appear)
#     DENIED  the reasons denied (static: integrity or confidentiality)
#
# A probe is expected denied when its reason, or the reason its path goes
# through, is denied. A probe denied at its own reason's check must raise
# that reason's counter (counters' total: lockdown_policy's refusals and
# the static LSM's) and, for KIND=policy, log the notice naming it; an
# allowed one must leave its counter alone. Test names are
# "REASON via PROBE: denied|allowed (KIND)"; make coverage reads them.

matrix_denied() { # REASON: is it in the denied set?
	case " $MATRIX_DENIED " in *" $1 "*) return 0 ;; esac
	return 1
}

matrix_run() {
	kind=$1
	shift
	MATRIX_DENIED=" $* "
	if [ "$kind" = static ]; then
		level=$1
		MATRIX_DENIED=" "
		for r in $(awk -v lv="$level" '$3 == "integrity" || lv == "confidentiality" { print $2 }' \
			$LP/reasons); do
			MATRIX_DENIED="$MATRIX_DENIED$r "
		done
	fi
	ldprobe --list > /tmp/probes
	while read -r probe reason needs; do
		want=allowed
		if matrix_denied "$reason" || { [ "$needs" != - ] && matrix_denied "$needs"; }; then
			want=denied
		fi
		before=$(lp_counter "$reason")
		got=$(ldprobe "$probe" 2>&1)
		after=$(lp_counter "$reason")
		name="$reason via $probe: $want ($kind)"
		case "$want:$got" in
		allowed:"$probe: allowed"* | denied:"$probe: EPERM" | denied:"$probe: denied"*) ;;
		*": unavailable "*)
			skip "$name" "${got#"$probe: "}"
			continue
			;;
		*)
			not_ok "$name" "ldprobe: $got"
			continue
			;;
		esac
		own=no
		matrix_denied "$reason" && { [ "$needs" = - ] || ! matrix_denied "$needs"; } && own=yes
		# under a static level set at boot, some paths are refused once,
		# at boot ("denied (...)"), and not asked again by the probe
		at_boot=no
		[ "$kind" = static ] && case "$got" in "$probe: denied"*) at_boot=yes ;; esac
		if [ "$kind" != none ] && [ $want = denied ] && [ $own = yes ] && [ $at_boot = no ]; then
			if [ "$after" -le "$before" ]; then
				not_ok "$name" "$got" "counter of $reason stayed at $before"
				continue
			fi
			# the notice names the task; kdb asks from NMI context,
			# where current is whoever was stopped, not the asker:
			# the notice names the context instead
			notice="ldprobe: .* is restricted; see man kernel_lockdown\.7 ($reason, lockdown_policy, pid [0-9]*)"
			case $probe in
			kdb_*) notice="<nmi>: .* is restricted; see man kernel_lockdown\.7 ($reason, lockdown_policy)" ;;
			esac
			if [ "$kind" = policy ] && ! dmesg | grep -q "\] Lockdown: $notice$"; then
				not_ok "$name" "$got" "no notice naming $reason"
				continue
			fi
		elif [ $want = allowed ] && [ "$after" != "$before" ]; then
			not_ok "$name" "$got" "counter of $reason moved from $before to $after"
			continue
		fi
		ok "$name"
	done < /tmp/probes
}
