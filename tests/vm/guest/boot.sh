# Loading at boot, on either backend (sourced by boot-load and
# bpf-boot-load): the initramfs-tools init-top script runs the loader on a
# policy directory with a broken file between two valid ones. The valid
# ones apply, the broken one is reported with its location, the loader
# fails (so the systemd unit would), and the boot goes on.
#
#   boot_load BACKEND   the backend ldpolicy status must name
boot_load() {
	in_force="$1: 2 of 28 reasons denied, not sealed (loads may tighten it)"
	export LOCKDOWN_POLICY_DIR=/boot-test/lockdown-policy.d
	/usr/sbin/lockdown-policy-load > /tmp/out 2>&1
	expect_eq "the loader exits 1" "$?" 1
	expect_eq "the broken file is reported, with line and column" \
		"$(grep -c '20-broken.ldp:2:21: error: unknown reason' /tmp/out)" 1
	expect_eq "the loader says the valid policies are in force" \
		"$(grep -c 'FAILED to load some of /boot-test/lockdown-policy.d' /tmp/out)" 1
	expect_eq "$1 holds the two valid ones, nothing else" "$(ldpolicy status | head -n1)" \
		"$in_force"
	expect_eq "10-coco.ldp in force" "$(ldpolicy query dev_mem)" \
		"LOCKDOWN_DEV_MEM: denied (by policy)"
	expect_eq "30-kcore.ldp in force" "$(ldpolicy query kcore)" \
		"LOCKDOWN_KCORE: denied (by policy)"
	expect_probe "/dev/mem refused" dev_mem EPERM
	expect_probe "/proc/kcore refused" kcore EPERM

	/scripts/init-top/lockdown-policy > /tmp/out2 2>&1
	expect_eq "the init-top script never fails the boot" "$?" 0
	expect_eq "running it again changes nothing" "$(ldpolicy status | head -n1)" "$in_force"

	mkdir -p /tmp/good
	cp /boot-test/lockdown-policy.d/10-coco.ldp /boot-test/lockdown-policy.d/30-kcore.ldp \
		/tmp/good/
	LOCKDOWN_POLICY_DIR=/tmp/good /usr/sbin/lockdown-policy-load > /tmp/out3 2>&1
	expect_eq "with only valid files the loader exits 0" "$?" 0
	LOCKDOWN_POLICY_DIR=/tmp/empty /usr/sbin/lockdown-policy-load > /tmp/out4 2>&1
	expect_eq "an empty directory is not an error" "$?" 0
}
