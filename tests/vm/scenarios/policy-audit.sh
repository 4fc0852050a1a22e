# cmdline: audit=1
# Audit records, read from the audit netlink socket as auditd reads them:
# each load (taken or refused: who, the set after it, what it added, the
# set warned, the seal), each denial, each warned question, and the seal. Every record starts with
# lsm=lockdown_policy.

# $1: description, $2: file of records, $3: a grep -E pattern
expect_record() {
	if grep -Eq -- "$3" "$2"; then ok "$1"; else not_ok "$1" "no record matches '$3'" "$(grep lockdown_policy "$2" | tail -n 5)"; fi
}

ldaudit ldpolicy load /blobs/integrity.blob > /tmp/a1 2>&1
expect_eq "load under ldaudit: exit 0" "$?" 0
expect_record "load: AUDIT_MAC_POLICY_LOAD (1403), who, the set, the delta, res=1" /tmp/a1 \
	'^type=1403 audit\([0-9.:]*\): lsm=lockdown_policy op=load denied=LOCKDOWN_MODULE_SIGNATURE,[A-Z_,]*LOCKDOWN_DEV_MEM,[A-Z_,]* added=LOCKDOWN_MODULE_SIGNATURE,[A-Z_,]* warned=none sealed=0 .*pid=[0-9]+ auid=[0-9]+ uid=0 .*comm="ldpolicy" exe="/bin/ldpolicy".* res=1$'
expect_eq "the record's set is the 20 integrity reasons" \
	"$(sed -n 's/^type=1403 .* op=load denied=\([^ ]*\) .*/\1/p' /tmp/a1 | tr , '\n' | sort | tr '\n' ' ')" \
	"$(awk '$3 == "integrity" { print $2 }' $LP/reasons | sort | tr '\n' ' ')"

ldaudit ldwrite $LP/load < /blobs/integrity.blob > /tmp/a2 2>&1
expect_record "the same again: added=none" /tmp/a2 \
	'^type=1403 .*lsm=lockdown_policy op=load denied=[A-Z_,]+ added=none warned=none sealed=0 .*comm="ldwrite".* res=1$'

ldblob LOCKDOWN_KCORE > /tmp/loosen
ldaudit ldwrite $LP/load < /tmp/loosen > /tmp/a3 2>&1
expect_record "a refused load: res=0 with its errno" /tmp/a3 \
	'^type=1403 .*lsm=lockdown_policy op=load errno=1 .*comm="ldwrite".* res=0$'

ldaudit ldprobe dev_mem > /tmp/a4 2>&1
expect_record "a denial: AUDIT_AVC (1400), the reason, the task" /tmp/a4 \
	'^type=1400 .*lsm=lockdown_policy action=denied reason=LOCKDOWN_DEV_MEM pid=[0-9]+ comm="ldprobe" lockdown_reason="/dev/mem,kmem,port"'

printf 'warn perf\n' > /tmp/warn.ldp
ldaudit ldpolicy load --merge /tmp/warn.ldp > /tmp/a4w 2>&1
expect_record "a load that warns: the set warned" /tmp/a4w \
	'^type=1403 .*lsm=lockdown_policy op=load denied=[A-Z_,]+ added=none warned=LOCKDOWN_PERF sealed=0 .* res=1$'
ldaudit ldprobe perf_regs_intr > /tmp/a4p 2>&1
expect_record "a warned question: AUDIT_AVC (1400), action=warned, permissive=1" /tmp/a4p \
	'^type=1400 .*lsm=lockdown_policy action=warned reason=LOCKDOWN_PERF permissive=1 pid=[0-9]+ comm="ldprobe" lockdown_reason="unsafe use of perf"'

ldaudit ldwrite $LP/seal 1 > /tmp/a5 2>&1
expect_record "the seal: AUDIT_MAC_STATUS (1404), who" /tmp/a5 \
	'^type=1404 .*lsm=lockdown_policy op=seal sealed=1 old_sealed=0 .*comm="ldwrite".* res=1$'
ldaudit ldwrite $LP/seal 1 > /tmp/a6 2>&1
expect_eq "sealing again records nothing" "$(grep -c 'op=seal' /tmp/a6)" 0
