# cmdline:
# lockdown_policy's securityfs interface on a kernel with nothing denied:
# the files, their modes, the reason table, an empty policy.

expect_eq "lsm order: lockdown_policy (it answers first), lockdown, capability, ima" \
	"$(cat /sys/kernel/security/lsm)" "lockdown_policy,lockdown,capability,ima"
for f in load:--w------- seal:-rw-r--r-- policy:-r--r--r-- state:-r--r--r-- reasons:-r--r--r-- \
	counters:-r--r--r-- warnings:-r-------- flags:-r--r--r-- fingerprint:-r--r--r-- \
	version:-r--r--r--; do
	expect_eq "$LP/${f%%:*} has mode ${f#*:}" \
		"$(stat -c %A $LP/${f%%:*} 2>&1)" "${f#*:}"
done
expect_eq "version is 2 (the newest blob format read; 1 is read too)" "$(cat $LP/version)" 2
expect_eq "nothing warned, nobody recorded" "$(cat $LP/warnings)" ""
fp=$(cat $LP/fingerprint)
if echo "$fp" | grep -qxE '[0-9a-f]{64}'; then ok "fingerprint is 64 hex digits"; else not_ok "fingerprint is 64 hex digits" "got '$fp'"; fi
expect_eq "reasons lists the 28 reasons of 6.12" "$(wc -l < $LP/reasons)" 28
expect_eq "reasons line format" "$(grep '^2 ' $LP/reasons)" \
	"2 LOCKDOWN_DEV_MEM integrity /dev/mem,kmem,port"
expect_eq "last integrity reason" "$(grep '^20 ' $LP/reasons)" \
	"20 LOCKDOWN_XEN_USER_ACTIONS integrity Xen guest user action"
expect_eq "first confidentiality reason" "$(grep '^22 ' $LP/reasons)" \
	"22 LOCKDOWN_KCORE confidentiality /proc/kcore access"
expect_eq "no level in the reason table" \
	"$(grep -cE 'LOCKDOWN_(NONE|INTEGRITY_MAX|CONFIDENTIALITY_MAX) ' $LP/reasons)" 0
expect_eq "policy has a line per reason" "$(wc -l < $LP/policy)" 28
expect_eq "nothing denied" "$(grep -c ' allowed -$' $LP/policy)" 28
expect_eq "policy line format" "$(grep LOCKDOWN_KCORE $LP/policy)" \
	"LOCKDOWN_KCORE confidentiality allowed -"
expect_eq "counters all zero" "$(awk '$2 != 0' $LP/counters | wc -l)" 0
expect_eq "counters line format: refusals in all, by the policy, by the static LSM; warnings" \
	"$(grep '^LOCKDOWN_KCORE ' $LP/counters)" "LOCKDOWN_KCORE 0 0 0 0"
expect_eq "state: the seal, the flags, then the policy file" \
	"$(head -n2 $LP/state | tr '\n' ' ')$(tail -n +3 $LP/state | cmp - $LP/policy && echo same-as-policy)" \
	"sealed 0 flags none same-as-policy"
expect_eq "flags: none" "$(cat $LP/flags)" none
expect_eq "not sealed" "$(cat $LP/seal)" 0
expect_dmesg "boot log: initialised with nothing denied" \
	"lockdown_policy: initialised: 0 of 28 reasons denied"
