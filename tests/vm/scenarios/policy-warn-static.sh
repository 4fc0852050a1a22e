# cmdline: lockdown=integrity audit=1 lockdown_policy_warn=dev_mem,kcore
# Warn mode never reports a refusal as a grant: a warned reason that the
# static level covers is refused by the static LSM, so lockdown_policy
# neither counts it as a warning nor notices, audits or records it as
# let through (ldpolicy suggest would read that as a use to allow). Here
# LOCKDOWN_DEV_MEM is warned and the integrity level refuses it;
# LOCKDOWN_KCORE is warned and allowed, until the level is raised to
# confidentiality at run time.

ctr() { # REASON COLUMN: a counters figure (2: all, 4: static, 5: warnings)
	awk -v id="$1" -v c="$2" '$1 == id { print $c }' $LP/counters
}

expect_eq "policy file: dev_mem denied, by the static level" \
	"$(lp_reason LOCKDOWN_DEV_MEM)" "denied static"
ldaudit ldprobe dev_mem > /tmp/a 2>&1
expect_eq "dev_mem: refused" "$(sed -n 's/^dev_mem: //p' /tmp/a)" EPERM
expect_eq "counted as the static LSM's refusal" "$(ctr LOCKDOWN_DEV_MEM 4)" 1
expect_eq "not counted as a warning" "$(ctr LOCKDOWN_DEV_MEM 5)" 0
expect_eq "no audit record says it was let through" \
	"$(grep -c 'action=warned reason=LOCKDOWN_DEV_MEM' /tmp/a)" 0
expect_eq "the learning record does not name it" \
	"$(grep -c '^LOCKDOWN_DEV_MEM ' $LP/warnings)" 0
expect_eq "no notice says it was allowed" \
	"$(dmesg | grep -c 'would be restricted; allowed in warn mode (LOCKDOWN_DEV_MEM')" 0
expect_dmesg "the static LSM's notice says it was refused" \
	"Lockdown: ldprobe: /dev/mem,kmem,port is restricted; see man kernel_lockdown.7$"

ldaudit ldprobe kcore > /tmp/b 2>&1
expect_eq "kcore, warned and above the level: let through" \
	"$(sed -n 's/^kcore: //p' /tmp/b)" allowed
expect_eq "counted as a warning" "$(ctr LOCKDOWN_KCORE 5)" 1
expect_eq "audited as let through" \
	"$(grep -c 'action=warned reason=LOCKDOWN_KCORE permissive=1' /tmp/b)" 1
check "recorded" grep -q '^LOCKDOWN_KCORE 1 task ldprobe$' $LP/warnings

expect_eq "raise the level to confidentiality" \
	"$(write_file /sys/kernel/security/lockdown confidentiality)" ok
ldaudit ldprobe kcore > /tmp/c 2>&1
expect_eq "kcore now: refused" "$(sed -n 's/^kcore: //p' /tmp/c)" EPERM
expect_eq "the refusal is the static LSM's, not a warning" \
	"$(ctr LOCKDOWN_KCORE 4) $(ctr LOCKDOWN_KCORE 5)" "1 1"
expect_eq "and not audited as let through" \
	"$(grep -c 'action=warned reason=LOCKDOWN_KCORE' /tmp/c)" 0
expect_eq "the record still has the one question let through" \
	"$(grep '^LOCKDOWN_KCORE ' $LP/warnings)" "LOCKDOWN_KCORE 1 task ldprobe"
