# ldpolicy on a kernel whose only backend is the BPF LSM (sourced by the
# bpf-load scenarios, after ldtest.sh and bpf.sh): the backend is chosen
# by itself, names resolve against BTF, host-compiled blobs load,
# status/query/diff tell the truth, loosening is refused by the tool and,
# forced past it, by the BPF program, a blob for another table is refused
# twice as well, a second load finds the pinned object, and seal holds.

# What a load could change, to compare before and after.
bpf_state() {
	ldpolicy status | awk 'NR == 1 || $1 ~ /^LOCKDOWN_/ { print $1, $2, $3, $4 }'
}

check "no lockdown_policy LSM in this kernel" test ! -e $LP
check "bpf is an active LSM" grep -q '\(^\|,\)bpf\(,\|$\)' /sys/kernel/security/lsm
expect_eq "status before any load: the BPF backend, not set up" "$(ldpolicy status | head -n1)" \
	"bpf: no policy loaded (ldpolicy load sets the backend up in /sys/fs/bpf/ldpolicy)"
ldpolicy query -q kcore
expect_eq "query kcore before any load: exit 0 (allowed)" "$?" 0
case "$(ldpolicy query --json kcore)" in
*'"state":"allowed"'*'"backend":"bpf"'*) ok "query --json names the backend" ;;
*) not_ok "query --json names the backend" "$(ldpolicy query --json kcore)" ;;
esac
out=$(ldpolicy query --json kcor 2>&1)
case "$?:$out" in "2:"*"did you mean 'LOCKDOWN_KCORE'"*) ok "query a misspelt reason: exit 2, did-you-mean" ;;
*) not_ok "query a misspelt reason: exit 2, did-you-mean" "$out" ;; esac
out=$(ldpolicy status --backend lockdown_policy 2>&1)
expect_eq "--backend lockdown_policy on this kernel: exit 3" "$?" 3
case "$out" in *"no lockdown_policy LSM"*CONFIG_SECURITY_LOCKDOWN_POLICY*) ok "and it says what is missing" ;;
*) not_ok "and it says what is missing" "$out" ;; esac

expect_eq "the reason table comes from the kernel's BTF" \
	"$(ldpolicy reasons | head -n1)" "# lockdown reason table from btf:/sys/kernel/btf/vmlinux"
SL=/sys/kernel/security/lockdown
check "a partial policy first (coco-devmem: /dev/mem only)" \
	ldpolicy load -q /policies/coco-devmem.ldp
expect_probe "/dev/mem refused, by the BPF program" dev_mem EPERM
expect_eq "a partial policy leaves the static level alone" "$(cat $SL)" \
	"[none] integrity confidentiality"
out=$(ldpolicy load /blobs/integrity.blob 2>&1)
expect_eq "a blob compiled on the host against linux-6.12's security.h loads (same table)" "$?" 0
case "$out" in *"static lockdown level raised to integrity"*) ok "and it says it raised the static level" ;;
*) not_ok "and it says it raised the static level" "$out" ;; esac
expect_eq "every integrity reason denied: the static level reads integrity" "$(cat $SL)" \
	"none [integrity] confidentiality"
expect_eq "the level cannot be lowered" "$(ldwrite $SL none)" EPERM
expect_eq "status: the backend and its policy" "$(ldpolicy status | head -n1)" \
	"bpf: 20 of 28 reasons denied, not sealed (loads may tighten it)"
expect_eq "the object is pinned: 3 programs and its links ($BACKEND_PINS but the 6.9 hook's), the 3 programs" \
	"$(pins) $(ls /sys/fs/bpf/ldpolicy | grep -cx 'ldp_load\|ldp_seal\|ldp_read')" "$BACKEND_PINS 3"
expect_probe "/dev/mem refused" dev_mem EPERM
expect_probe "/proc/kcore opens" kcore allowed
ldpolicy query LOCKDOWN_DEV_MEM > /tmp/q
expect_eq "query DEV_MEM: exit 1 (denied)" "$?" 1
expect_eq "query says denied by both" "$(cat /tmp/q)" "LOCKDOWN_DEV_MEM: denied (by both)"
ldpolicy status --json > /tmp/status.json
case "$(cat /tmp/status.json)" in
*'"backend":"bpf","where":"/sys/fs/bpf/ldpolicy","loaded":true'*'"id":"LOCKDOWN_DEV_MEM","class":"integrity","state":"denied","by":"both","denials":1'*'"notices":[{'*'"comm":"ldprobe"'*'"id":"LOCKDOWN_DEV_MEM"'*)
	ok "status --json: backend, counter, notice" ;;
*) not_ok "status --json: backend, counter, notice" "$(cat /tmp/status.json)" ;;
esac

ldpolicy diff /policies/confidentiality.ldp > /tmp/diff
expect_eq "diff confidentiality: exit 0, nothing loosened" "$?" 0
expect_eq "diff: tightens the 8 confidentiality reasons" \
	"$(sed -n 's/^would tighten (newly denied): *//p' /tmp/diff | wc -w)" 8
ldpolicy diff --json /policies/coco-devmem.ldp > /tmp/diff.json
expect_eq "diff coco-devmem: exit 1, it would loosen" "$?" 1

before=$(bpf_state)
out=$(ldpolicy load /policies/coco-devmem.ldp 2>&1)
expect_eq "loosening load refused by the tool: exit 1" "$?" 1
case "$out" in *"would loosen the policy in force"*) ok "the tool names what would loosen" ;;
*) not_ok "the tool names what would loosen" "$out" ;; esac
out=$(ldpolicy load --force /policies/coco-devmem.ldp 2>&1)
expect_eq "forced past the tool: exit 1" "$?" 1
case "$out" in *"refused the policy: EPERM"*) ok "the BPF program refuses it: EPERM" ;;
*) not_ok "the BPF program refuses it: EPERM" "$out" ;; esac
out=$(ldpolicy load /blobs/wrong-fingerprint.blob 2>&1)
expect_eq "blob for another table refused by the tool: exit 1" "$?" 1
out=$(ldpolicy load --force /blobs/wrong-fingerprint.blob 2>&1)
case "$out" in *"refused the policy: ENOEXEC"*) ok "forced: the BPF program refuses it: ENOEXEC" ;;
*) not_ok "forced: the BPF program refuses it: ENOEXEC" "$out" ;; esac
expect_eq "state unchanged" "$(bpf_state)" "$before"

ino=$(ls -i /sys/fs/bpf/ldpolicy/ldp_read | awk '{ print $1 }')
check "--merge loads the union" ldpolicy load --merge /policies/coco-devmem.ldp
expect_eq "a second load finds the pinned object" "$(ls -i /sys/fs/bpf/ldpolicy/ldp_read | awk '{ print $1 }')" "$ino"
expect_eq "status shows the declared intent" "$(ldpolicy status | grep -c '^intent: feature-disable')" 1
check "tighten with a policy compiled in the VM" ldpolicy load /policies/confidentiality.ldp
expect_probe "/proc/kcore refused" kcore EPERM
for p in /policies/*.ldp; do
	check "ldpolicy check $(basename $p) against the running kernel (BTF)" ldpolicy check "$p"
done
check "ldpolicy seal" ldpolicy seal
expect_eq "sealed" "$(ldpolicy status | head -n1)" "bpf: 28 of 28 reasons denied, sealed until reboot"
out=$(ldpolicy load --force /policies/confidentiality.ldp 2>&1)
case "$out" in *"refused the policy: EPERM"*) ok "a load after the seal: EPERM" ;;
*) not_ok "a load after the seal: EPERM" "$out" ;; esac
