# kernel: debian12-arm64
# timeout: 600
# Debian 12's own arm64 kernel (6.1): bpf is among its active LSMs, but an
# LSM program runs from a BPF trampoline, which needs ftrace direct calls,
# and arm64 has them from 6.4 on: the kernel refuses every attach
# (ENOTSUPP). ldpolicy says so, by name, exits non-zero, and leaves
# nothing pinned that could pass for a backend in force; the boot loader
# fails with the same words, as lockdown-policy.service would.
echo "# $(uname -r) $(uname -m), LSMs: $(cat /sys/kernel/security/lsm)"
check "bpf is among the active LSMs" grep -q ',bpf' /sys/kernel/security/lsm

ldpolicy load /policies/integrity.ldp > /tmp/load.out 2>&1
rc=$?
sed 's/^/# load: /' /tmp/load.out
expect_eq "ldpolicy load fails (exit 3: cannot)" "$rc" 3
check "it says this kernel cannot attach BPF LSM programs" \
	grep -q 'this kernel (6\.1\.[^)]*arm64, aarch64) cannot attach BPF LSM programs' /tmp/load.out
check "it says why: no ftrace direct calls before 6.4 on arm64" \
	grep -q 'CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS), and arm64 has them from Linux 6.4' /tmp/load.out
check "and that nothing is enforced" grep -q 'Nothing was loaded and nothing is enforced' /tmp/load.out
expect_eq "nothing is pinned" "$(ls -A /sys/fs/bpf/ldpolicy 2>/dev/null)" ""
expect_eq "ldpolicy status: no policy loaded" "$(ldpolicy status | head -n1)" \
	"bpf: no policy loaded (ldpolicy load sets the backend up in /sys/fs/bpf/ldpolicy)"
expect_eq "ldpolicy query says allowed, which is true" "$(ldpolicy query kcore)" \
	"LOCKDOWN_KCORE: allowed"
expect_probe "/proc/kcore is open: nothing claims otherwise" kcore allowed

mkdir -p /tmp/good
cp /boot-test/lockdown-policy.d/10-coco.ldp /tmp/good/
LOCKDOWN_POLICY_DIR=/tmp/good /usr/sbin/lockdown-policy-load > /tmp/boot.out 2>&1
expect_eq "the boot loader fails with ldpolicy's exit status (the unit would)" "$?" 3
check "with the same words" grep -q 'cannot attach BPF LSM programs' /tmp/boot.out
