# cmdline:
# The static level tells the truth: a load that denies a whole level
# raises /sys/kernel/security/lockdown to it, through the static LSM's
# tighten-only path; a partial policy leaves it alone; nothing lowers it.

SL=/sys/kernel/security/lockdown
expect_eq "no policy: the level is none" "$(cat $SL)" "[none] integrity confidentiality"

# every integrity reason but one
some=$(awk '$3 == "integrity" && $2 != "LOCKDOWN_MODULE_SIGNATURE" { print $2 }' $LP/reasons)
expect_eq "19 integrity reasons: load" "$(load_blob $some)" ok
expect_eq "a partial policy leaves the level at none" "$(cat $SL)" \
	"[none] integrity confidentiality"
expect_eq "and the denier is the policy alone" "$(lp_reason LOCKDOWN_DEV_MEM)" "denied policy"

out=$(ldpolicy load --merge /policies/integrity.ldp 2>&1)
expect_eq "the last integrity reason: ldpolicy load --merge, exit 0" "$?" 0
expect_eq "the level reads integrity" "$(cat $SL)" "none [integrity] confidentiality"
expect_dmesg "raised through the static LSM's own path" \
	"Kernel is locked down from lockdown_policy; see man kernel_lockdown.7"
expect_eq "integrity reasons: denied by both" \
	"$(grep -c ' integrity denied both$' $LP/policy)" 20
expect_eq "confidentiality reasons: still allowed" \
	"$(grep -c ' confidentiality allowed -$' $LP/policy)" 8

# the policy answers first: its counter, its notice
expect_probe "/dev/mem refused" dev_mem EPERM
expect_eq "the refusal is counted once, by the policy" \
	"$(grep '^LOCKDOWN_DEV_MEM ' $LP/counters)" "LOCKDOWN_DEV_MEM 1 1 0 0"
expect_dmesg "the notice is the policy's" \
	"LOCKDOWN_DEV_MEM, lockdown_policy, pid"

expect_eq "the level cannot be lowered: none" "$(ldwrite $SL none)" EPERM
expect_eq "still integrity" "$(cat $SL)" "none [integrity] confidentiality"

out=$(ldpolicy load --merge /policies/confidentiality.ldp 2>&1)
expect_eq "every reason: load, exit 0" "$?" 0
expect_eq "the level reads confidentiality" "$(cat $SL)" "none integrity [confidentiality]"
expect_eq "the level cannot be lowered: integrity" "$(ldwrite $SL integrity)" EPERM
expect_eq "every reason denied by both" "$(grep -c ' denied both$' $LP/policy)" 28
expect_probe "/proc/kcore refused" kcore EPERM
expect_eq "kcore: counted once, by the policy" \
	"$(grep '^LOCKDOWN_KCORE ' $LP/counters)" "LOCKDOWN_KCORE 1 1 0 0"
