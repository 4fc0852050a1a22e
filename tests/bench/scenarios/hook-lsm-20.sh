# cmdline: lockdown_policy=efi_test,pci_access,acpi_tables,device_tree,pcmcia_cis,tiocsserial,mmiotrace,debugfs,xmon_wr,bpf_write_user,dbg_write_kernel,rtas_error_injection,xen_user_actions,kcore,kprobes,bpf_read_kernel,dbg_read_kernel,tracefs,xmon_rw,xfrm_secret
# timeout: 600
# icount: 0
# make bench, the hook: static lockdown and lockdown_policy denying 20
# reasons from the command line (the list in tests/vm/guest/hookbench.sh).
. /lib/hookbench.sh
HB_CONFIG=lsm-20 HB_KCORE=-1
expect_eq "lsm-20: the policy denies 20 reasons" \
	"$(grep -c ' denied policy\| denied both' /sys/kernel/security/lockdown_policy/policy)" 20
hookbench_run
