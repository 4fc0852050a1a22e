# cmdline:
# Loading blobs: deny an integrity path only, tighten, refuse loosening.
# Each decision checked on the real kernel path.

expect_probe "before: /dev/mem opens" dev_mem allowed
expect_eq "load a blob denying LOCKDOWN_DEV_MEM" "$(load_blob LOCKDOWN_DEV_MEM)" ok
expect_probe "/dev/mem refused" dev_mem EPERM
expect_probe "/dev/port refused too (same reason)" dev_port EPERM
expect_probe "ioperm still granted" ioperm allowed
expect_probe "confidentiality path /proc/kcore still opens" kcore allowed
# the static LSM's notice, word for word from its start (what users and
# tools grep for), then the reason, lockdown_policy and the PID
expect_dmesg "notice in the upstream format, naming the reason and lockdown_policy" \
	"^\[[ 0-9.]*\] Lockdown: ldprobe: /dev/mem,kmem,port is restricted; see man kernel_lockdown\.7 (LOCKDOWN_DEV_MEM, lockdown_policy, pid [0-9]*)$"
expect_eq "counter counts both denials" "$(lp_counter LOCKDOWN_DEV_MEM)" 2
expect_eq "policy file: denied by policy" "$(lp_reason LOCKDOWN_DEV_MEM)" "denied policy"
expect_eq "policy file: kcore allowed" "$(lp_reason LOCKDOWN_KCORE)" "allowed -"
expect_dmesg "load logged" "lockdown_policy: policy 1 loaded by ldwrite"

expect_eq "tighten: add LOCKDOWN_KCORE" "$(load_blob LOCKDOWN_DEV_MEM LOCKDOWN_KCORE)" ok
expect_probe "/proc/kcore refused" kcore EPERM
expect_probe "/dev/mem still refused" dev_mem EPERM
expect_eq "same set again accepted" "$(load_blob LOCKDOWN_KCORE LOCKDOWN_DEV_MEM)" ok

before=$(lp_state)
expect_eq "loosen: a subset refused with EPERM" "$(load_blob LOCKDOWN_KCORE)" EPERM
expect_eq "loosen: a disjoint set refused with EPERM" "$(load_blob LOCKDOWN_PERF)" EPERM
expect_eq "loosen: an empty policy refused with EPERM" "$(load_blob)" EPERM
expect_eq "state unchanged by refused loads" "$(lp_state)" "$before"
expect_probe "/dev/mem still refused after the attempts" dev_mem EPERM
expect_probe "perf path not denied by the refused blob" ioperm allowed

expect_eq "flags blob: bypass acknowledged" \
	"$(load_blob -F 4 LOCKDOWN_KCORE LOCKDOWN_DEV_MEM)" ok
expect_eq "flags file shows it" "$(cat $LP/flags)" bypass-acknowledged

# audit is not enabled on this boot (no audit=1, no daemon enabling it):
# a denial is not audited (its notice is in the log already); a load is
ldblob $(awk '$3 == "denied" && $4 != "static" { print $1 }' $LP/policy) > /tmp/same
ldaudit -n sh -c "ldprobe dev_mem; ldwrite $LP/load < /tmp/same" > /tmp/audit 2>&1
expect_eq "audit not enabled: the denial made no audit record" \
	"$(grep -c 'lsm=lockdown_policy action=denied' /tmp/audit)" 0
expect_eq "but the load made its record" \
	"$(grep -c '^type=1403 .*lsm=lockdown_policy op=load .* res=1$' /tmp/audit)" 1

# a kexec image loaded before a policy denying LOCKDOWN_KEXEC: unloaded
. /lib/attack.sh
. /lib/kexec-preload.sh
kexec_preload /blobs/integrity.blob
