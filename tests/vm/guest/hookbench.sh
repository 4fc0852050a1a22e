# make bench, the hook (tests/bench/scenarios/hook-*.sh): one configuration
# per boot. Sourced by a scenario after ldtest.sh; the scenario sets
# HB_CONFIG, sets its backend up, then calls hookbench_run.
#
# Each figure is a TAP diagnostic "# hook CONFIG KEY VALUE", which
# tests/bench/hook-report.sh collects from every configuration's log:
#   boot_ms        kernel start to init (the kernel log's "Run /init")
#   k_allowed_ps   security_locked_down(LOCKDOWN_PERF), allowed everywhere
#   k_policy_ps    security_locked_down(LOCKDOWN_KCORE), denied by the
#                  policy where there is one (allowed in the others)
#   k_static_ps    security_locked_down(LOCKDOWN_DEV_MEM), denied by the
#                  static level (raised to integrity for it)
#   sys_allowed_ps ioperm(0x80, 1, 1), allowed
#   sys_denied_ps  the same, refused by the static level
# in picoseconds of guest clock per call (the scenarios boot with -icount
# shift=0: thousandths of an instruction), the fastest of three rounds (ldbench.ko,
# ldsysbench). Notices are ratelimited away and kept off the console.

HB_CALLS=${HB_CALLS:-10000000}
HB_SYSCALLS=${HB_SYSCALLS:-1000000}

# The 20 reasons the policy configurations deny: neither of the two the
# allowed cases ask (PERF, IOPORT), nor what loading the benchmark module
# and the BPF backend needs.
HB_POLICY="efi_test pci_access acpi_tables device_tree pcmcia_cis tiocsserial
mmiotrace debugfs xmon_wr bpf_write_user dbg_write_kernel rtas_error_injection
xen_user_actions kcore kprobes bpf_read_kernel dbg_read_kernel tracefs xmon_rw
xfrm_secret"

hb() { echo "# hook $HB_CONFIG $1 $2"; }

# the same policy as a file, for ldpolicy load
hookbench_policy() {
	echo "# make bench: 20 reasons denied, the benchmark's own allowed"
	echo "deny" $HB_POLICY
	for r in module_signature dev_mem kexec hibernation ioport msr module_parameters; do
		echo "acknowledge $r \"make bench measures with it allowed\""
	done
}

# hookbench_kernel KEY REASON WANT: time security_locked_down(REASON)
hookbench_kernel() {
	if ! echo "$2 $HB_CALLS" > /sys/module/ldbench/parameters/run; then
		not_ok "$HB_CONFIG: $1 ($2) ran"
		return
	fi
	set -- "$1" "$3" $(cat /sys/module/ldbench/parameters/run)
	# $3.. = REASON CALLS RET PS
	expect_eq "$HB_CONFIG: $1 ($3) returns $2" "$5" "$2"
	hb "$1" "$6"
}

# hookbench_sys KEY WANT: time ioperm
hookbench_sys() {
	set -- "$1" "$2" $(ldsysbench "$HB_SYSCALLS")
	expect_eq "$HB_CONFIG: $1 ends $2" "$3" "$2"
	hb "$1" "${4:-?}"
}

hookbench_run() {
	hb boot_ms "$(dmesg | sed -n 's/^\[ *\([0-9]*\)\.\([0-9][0-9][0-9]\).*\] Run \/init as init process.*/\1\2/p' |
		sed 's/^0*\(.\)/\1/' | head -n 1)"
	dmesg -n 1
	check "$HB_CONFIG: the benchmark module loads" insmod /modules/ldbench.ko
	expect_eq "$HB_CONFIG: the static level is none to start with" \
		"$(cat /sys/kernel/security/lockdown)" "[none] integrity confidentiality"
	hookbench_kernel k_allowed_ps perf 0
	hookbench_kernel k_policy_ps kcore "$HB_KCORE"
	hookbench_sys sys_allowed_ps allowed
	echo integrity > /sys/kernel/security/lockdown
	hookbench_kernel k_static_ps dev_mem -1
	hookbench_sys sys_denied_ps EPERM
}
