# cmdline:
# ldpolicy against the VM kernel: its tables agree with the kernel's,
# host-compiled blobs load, status/query/diff match the kernel's own view,
# loosening is refused by the tool, and a blob for another table is
# refused by the tool and, forced past it, by the kernel.

fp=$(cat $LP/fingerprint)
expect_eq "securityfs table: ldpolicy's fingerprint is the kernel's" \
	"$(ldpolicy reasons | sed -n 's/^# fingerprint //p')" "$fp"
expect_eq "BTF table (/sys/kernel/btf/vmlinux): same fingerprint" \
	"$(ldpolicy reasons --table /sys/kernel/btf/vmlinux | sed -n 's/^# fingerprint //p')" "$fp"
expect_eq "BTF table: same reasons as the kernel's table" \
	"$(ldpolicy reasons --table /sys/kernel/btf/vmlinux | grep -v '^#' | cut -d' ' -f1-3)" \
	"$(cut -d' ' -f1-3 $LP/reasons)"

# a load revokes nothing already granted, and says so for what it sees
sleep 60 < /dev/mem &
holder=$!
out=$(ldpolicy load /blobs/integrity.blob 2>&1)
expect_eq "load a host-compiled blob (integrity), /dev/mem held open: exit 0" "$?" 0
case "$out" in
*"warning: LOCKDOWN_DEV_MEM is now denied, but process $holder (sleep) still has /dev/mem open"*)
	ok "and it warns that the open /dev/mem stays open" ;;
*) not_ok "and it warns that the open /dev/mem stays open" "$out" ;;
esac
kill $holder
expect_eq "kernel: 20 reasons denied by policy, and by the static level it raised" \
	"$(grep -c ' denied both$' $LP/policy)" 20
expect_eq "the static level reads integrity" "$(cat /sys/kernel/security/lockdown)" \
	"none [integrity] confidentiality"
expect_probe "/dev/mem refused" dev_mem EPERM
expect_probe "/proc/kcore opens" kcore allowed
ldpolicy query LOCKDOWN_DEV_MEM > /tmp/q; expect_eq "query DEV_MEM: exit 1 (denied)" "$?" 1
expect_eq "query says denied by both" "$(cat /tmp/q)" "LOCKDOWN_DEV_MEM: denied (by both)"
ldpolicy query -q kcore; expect_eq "query kcore: exit 0 (allowed)" "$?" 0
expect_eq "status: summary line" "$(ldpolicy status | head -n1)" \
	"lockdown_policy: 20 of 28 reasons denied, not sealed (loads may tighten it)"
expect_eq "status agrees with the kernel, reason by reason" \
	"$(ldpolicy status | awk 'NR > 4 && /^LOCKDOWN_/ { print $1, $3, $4 }' | sed 's/ none$/ -/')" \
	"$(awk '{ print $1, $3, $4 }' $LP/policy)"
ldpolicy status --json > /tmp/status.json
case "$(cat /tmp/status.json)" in
*'"schema":"ldpolicy.status/2"'*'"id":"LOCKDOWN_DEV_MEM","class":"integrity","state":"denied","by":"both","denials":1'*)
	ok "status --json" ;;
*) not_ok "status --json" "$(cat /tmp/status.json)" ;;
esac

ldpolicy diff /policies/confidentiality.ldp > /tmp/diff; rc=$?
expect_eq "diff confidentiality: exit 0, nothing loosened" "$rc" 0
expect_eq "diff: tightens the 8 confidentiality reasons" \
	"$(sed -n 's/^would tighten (newly denied): *//p' /tmp/diff | wc -w)" 8
ldpolicy diff --json /policies/coco-devmem.ldp > /tmp/diff.json; rc=$?
expect_eq "diff coco-devmem: exit 1, it would loosen" "$rc" 1
case "$(cat /tmp/diff.json)" in *'"loosen":["LOCKDOWN_MODULE_SIGNATURE",'*) ok "diff --json lists what it would loosen" ;;
*) not_ok "diff --json lists what it would loosen" "$(cat /tmp/diff.json)" ;; esac

before=$(lp_state)
out=$(ldpolicy load /policies/coco-devmem.ldp 2>&1); rc=$?
expect_eq "loosening load refused by the tool: exit 1" "$rc" 1
case "$out" in *"would loosen the policy in force: it moves 19 reasons down (LOCKDOWN_MODULE_SIGNATURE (denied to allowed), "*) ok "the tool names what would loosen" ;;
*) not_ok "the tool names what would loosen" "$out" ;; esac
expect_eq "state unchanged" "$(lp_state)" "$before"
check "--merge loads the union" ldpolicy load --merge /policies/coco-devmem.ldp
expect_eq "flags: the merged policy's intent" "$(cat $LP/flags)" not-a-boundary
expect_eq "status shows the declared intent" "$(ldpolicy status | grep -c '^intent: feature-disable')" 1

out=$(ldpolicy load /blobs/wrong-fingerprint.blob 2>&1); rc=$?
expect_eq "blob for another table refused by the tool: exit 1" "$rc" 1
case "$out" in *"compiled for another kernel's reason table"*) ok "the tool says why" ;;
*) not_ok "the tool says why" "$out" ;; esac
before=$(lp_state)
out=$(ldpolicy load --force /blobs/wrong-fingerprint.blob 2>&1); rc=$?
expect_eq "forced past the tool: exit 1" "$rc" 1
case "$out" in *"refused the policy: ENOEXEC"*) ok "the kernel refuses it with ENOEXEC" ;;
*) not_ok "the kernel refuses it with ENOEXEC" "$out" ;; esac
expect_eq "state unchanged" "$(lp_state)" "$before"

check "tighten with a policy compiled in the VM" ldpolicy load /policies/confidentiality.ldp
expect_probe "/proc/kcore refused" kcore EPERM
check "ldpolicy seal" ldpolicy seal
expect_eq "sealed" "$(cat $LP/seal)" 1

for p in /policies/*.ldp; do
	check "ldpolicy check $(basename $p) against the running kernel" ldpolicy check "$p"
done
out=$(LDPOLICY_POLICIES=/policies ldpolicy explain kcore)
case "$out" in *"denied by the shipped policies: confidentiality.ldp, observability.ldp"*)
	ok "explain lists the shipped policies that deny it" ;;
*) not_ok "explain lists the shipped policies that deny it" "$out" ;; esac
expect_eq "status reports the last policy's intent (confidentiality.ldp)" \
	"$(ldpolicy status --json | grep -o '"intent":"[a-z-]*"')" '"intent":"security-boundary"'
