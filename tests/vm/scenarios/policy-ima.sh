# cmdline: ima_policy=critical_data lockdown_policy=kcore
# Attestation: IMA measures the policy in force (critical data, label
# lockdown_policy) once it is up and after each change. The measured
# buffer is the state file, byte for byte, so a verifier holding the
# measurement list knows what this kernel denies.

M=/sys/kernel/security/ima/ascii_runtime_measurements
# the buffers (hex) of the lockdown_policy-state entries, one per line
entries() {
	awk '$5 == "lockdown_policy-state" { print $4, $6 }' $M
}
hex() {
	od -An -v -tx1 | tr -d ' \n'
}

check "IMA's measurement list is there" test -r $M
expect_eq "one entry for the boot policy" "$(entries | wc -l)" 1
expect_eq "its buffer is the state file" "$(entries | tail -n1 | cut -d' ' -f2)" \
	"$(hex < $LP/state)"
expect_eq "its digest is the state file's SHA-256" "$(entries | tail -n1 | cut -d' ' -f1)" \
	"sha256:$(sha256sum < $LP/state | cut -d' ' -f1)"
expect_eq "the state: kcore denied by the policy, not sealed" \
	"$(sed -n '1p;/^LOCKDOWN_KCORE /p' $LP/state | tr '\n' ' ')" \
	"sealed 0 LOCKDOWN_KCORE confidentiality denied policy "

expect_eq "a load" "$(load_blob LOCKDOWN_KCORE LOCKDOWN_DEV_MEM)" ok
expect_eq "a second entry" "$(entries | wc -l)" 2
expect_eq "its buffer is the new state" "$(entries | tail -n1 | cut -d' ' -f2)" \
	"$(hex < $LP/state)"
expect_eq "a seal" "$(ldwrite $LP/seal 1)" ok
expect_eq "a third entry, the state sealed" "$(entries | tail -n1 | cut -d' ' -f2)" \
	"$(hex < $LP/state)"
expect_eq "the state says sealed" "$(head -n1 $LP/state)" "sealed 1"
expect_eq "three entries in all" "$(entries | wc -l)" 3
