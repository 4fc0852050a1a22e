# What every boot of a Debian image checks once the boot is complete
# (sourced by the systemd-boot, initramfs-tools-boot and debian13-boot
# scenarios, after ldtest.sh): the package's unit, enabled by dpkg -i,
# ran and succeeded, was in force before sysinit.target and before each
# unit that reaches what lockdown guards (systemd's own timestamps), the
# two boot policies are in force through BACKEND; then a broken file and
# a valid one dropped in and the unit restarted: it fails where
# administrators look, with file:line:col, and the valid file is in
# force all the same.
#
#   debian_boot BACKEND   lockdown_policy or bpf: what ldpolicy status names
debian_boot() {
	local unit=lockdown-policy.service backend=$1 failed done_at start_at sysinit at u where
	local in_force="$backend: 2 of 28 reasons denied, not sealed (loads may tighten it)"
	show() { systemctl show -P "$2" "$1"; }

	expect_eq "PID 1 is systemd" "$(cat /proc/1/comm)" systemd
	echo "# $(systemctl --version | head -n1), kernel $(uname -r) $(uname -m)"
	expect_eq "the boot completed (multi-user.target active)" \
		"$(show multi-user.target ActiveState)" active
	expect_eq "$unit is active" "$(systemctl is-active $unit)" active
	expect_eq "$unit succeeded" "$(show $unit Result)" success
	expect_eq "$unit is enabled by the package" "$(systemctl is-enabled $unit)" enabled
	failed=$(systemctl list-units --failed --plain --no-legend | awk '{ print $1 }' | tr '\n' ' ')
	expect_eq "no unit failed" "$failed" ""

	# Its place in the boot, in microseconds since boot: it finished before
	# sysinit.target was reached, and before each unit that reaches what
	# lockdown guards started.
	done_at=$(show $unit ActiveEnterTimestampMonotonic)
	start_at=$(show $unit InactiveExitTimestampMonotonic)
	echo "# $unit: started at $((start_at / 1000)) ms, in force at $((done_at / 1000)) ms after boot"
	sysinit=$(show sysinit.target ActiveEnterTimestampMonotonic)
	echo "# sysinit.target reached at $((sysinit / 1000)) ms"
	if [ "$done_at" -gt 0 ] && [ "$done_at" -le "$sysinit" ]; then
		ok "$unit was in force before sysinit.target"
	else
		not_ok "$unit was in force before sysinit.target" "$unit $done_at, sysinit.target $sysinit"
	fi
	for u in systemd-modules-load.service systemd-udevd.service systemd-udev-trigger.service \
		systemd-sysctl.service sys-kernel-debug.mount sys-kernel-tracing.mount; do
		at=$(show $u InactiveExitTimestampMonotonic)
		if [ "${at:-0}" = 0 ]; then
			skip "$unit in force before $u started" "$u did not run: $(show $u ConditionResult)"
			continue
		fi
		echo "# $u started at $((at / 1000)) ms"
		if [ "$done_at" -le "$at" ]; then
			ok "$unit in force before $u started"
		else
			not_ok "$unit in force before $u started" "$unit $done_at, $u $at"
		fi
	done
	# the same order as systemd logged it
	journalctl -b -o short-monotonic --no-pager -t systemd |
		grep -e 'lockdown-policy' -e 'sysinit.target' -e 'Load Kernel Modules' \
			-e 'Apply Kernel Var' -e 'udev Kernel Device Manager' -e 'Kernel Debug File' \
			-e 'Kernel Trace File' |
		sed 's/^/# journal: /'
	journalctl -b -o short-monotonic --no-pager -u $unit | sed 's/^/# journal: /'

	# in force, as the kernel and the tool see it
	expect_eq "ldpolicy status: the two boot policies, in $backend" \
		"$(ldpolicy status | head -n1)" "$in_force"
	expect_eq "the shipped policy 10-coco.ldp includes is in force" \
		"$(ldpolicy query dev_mem)" "LOCKDOWN_DEV_MEM: denied (by policy)"
	expect_eq "30-kcore.ldp in force" "$(ldpolicy query kcore)" \
		"LOCKDOWN_KCORE: denied (by policy)"
	expect_probe "/dev/mem refused" dev_mem EPERM
	expect_probe "/proc/kcore refused" kcore EPERM
	expect_probe "kprobes still allowed" kprobe_event allowed

	# A broken file and a valid one dropped in, the unit restarted: it
	# fails, in systemctl status and in the journal, with file:line:col;
	# the valid file is in force all the same.
	cp /usr/local/lib/ldtest/later/*.ldp /etc/lockdown-policy.d/
	systemctl restart $unit > /tmp/restart.out 2>&1
	expect_eq "restarting $unit with a broken file fails" "$?" 1
	expect_eq "$unit is failed" "$(systemctl is-failed $unit)" failed
	where="/etc/lockdown-policy.d/20-broken.ldp:3:23: error: unknown reason"
	systemctl status $unit > /tmp/status.out 2>&1
	check "systemctl status shows the error with file:line:col" grep -q "$where" /tmp/status.out
	check "systemctl status says the valid policies are in force" \
		grep -q "the valid policies are in force" /tmp/status.out
	journalctl -b --no-pager -u $unit > /tmp/journal.out
	check "the journal has it" grep -q "$where" /tmp/journal.out
	check "systemctl --failed lists $unit" \
		sh -c "systemctl --failed --plain --no-legend | grep -q '^$unit'"
	expect_eq "the valid 40-kprobes.ldp is in force" "$(ldpolicy query kprobes)" \
		"LOCKDOWN_KPROBES: denied (by policy)"
	expect_probe "kprobes now refused" kprobe_event EPERM
	expect_eq "and nothing else changed" \
		"$(ldpolicy status | head -n1)" \
		"$backend: 3 of 28 reasons denied, not sealed (loads may tighten it)"
}
